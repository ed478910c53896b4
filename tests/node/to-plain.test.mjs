// toPlain (issue 21): toJSON's conversion as plain data, not text: i64 as decimal strings, bytes as
// lowercase hex. Checked against golden/'s expectations (i64 written there as decimal strings) and
// a ProduceRequest written by kafkajs, through the ES module and the CommonJS build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { api, codec, hexToBytes, loadGolden } from './helpers.mjs';
import { keyBytes, valueBytes, writeProduceRequest } from './produce-writer.mjs';

const { toJSON, toPlain, loadLogCodec } = api;

test('toPlain of a decoded lease: the i64 fields as golden/ writes them (decimal strings)', () => {
  const v = loadGolden('lease').vectors.find((x) => x.id === 'lease/valid/ascii');
  const plain = toPlain(codec.decodeValue('lease', hexToBytes(v.hex)));
  const r = v.expect.record;
  assert.deepStrictEqual(plain, {
    version: r.version,
    kind: 'lease',
    member: r.member,
    producerId: r.producer_id,
    producerEpoch: r.producer_epoch,
    grantedAt: r.granted_at,
    deadline: r.deadline,
  });
  assert.equal(typeof toJSON(plain), 'string', 'toJSON returns text');
});

test('toPlain of a ProduceRequest by kafkajs: the records key and value bytes as hex', async () => {
  const log = await loadLogCodec();
  const key = keyBytes({ kind: 'lease', role: 'r1' });
  const value = valueBytes({
    member: 'm-1',
    producerId: 7n,
    producerEpoch: 1,
    grantedAt: 1700000000000n,
    deadline: 1700000030000n,
  });
  const bytes = await writeProduceRequest({
    acks: 1,
    timeout: 100,
    topicData: [
      {
        topic: '__coordination_state',
        partitions: [{ partition: 0, messages: [{ key: Buffer.from(key), value: Buffer.from(value), timestamp: 5 }] }],
      },
    ],
  });
  const request = log.decodeProduceRequest(bytes);
  const plain = toPlain(request);
  const record = plain.topics[0].partitions[0].batches[0].records[0];
  assert.equal(record.key, Buffer.from(key).toString('hex'));
  assert.equal(record.value, Buffer.from(value).toString('hex'));
  assert.equal(record.timestamp, '5');
  assert.equal(toJSON(request), JSON.stringify(plain), 'the same conversion as toJSON');
});

test('toPlain: bigint at any depth, bytes from any realm and Node Buffers as hex, JSON semantics otherwise', () => {
  assert.equal(toPlain(2n ** 63n - 1n), '9223372036854775807');
  assert.deepStrictEqual(toPlain({ a: [1, -5n, { b: 0n }] }), { a: [1, '-5', { b: '0' }] });
  assert.equal(toPlain(Uint8Array.of(0, 15, 255)), '000fff');
  assert.deepStrictEqual(toPlain({ k: Buffer.from([1, 2]) }), { k: '0102' }, 'not { type: "Buffer", data }');
  assert.equal(toPlain(runInNewContext('new Uint8Array([171, 205])')), 'abcd');
  assert.equal(toPlain(new Uint8Array(0)), '');
  // Other typed arrays are not bytes: JSON's rendering (an object of indices).
  assert.deepStrictEqual(toPlain(Uint16Array.of(1)), { 0: 1 });
  assert.deepStrictEqual(toPlain({ u: undefined, f() {}, n: null, d: new Date(0) }), {
    n: null,
    d: '1970-01-01T00:00:00.000Z',
  });
  assert.equal(toPlain(undefined), undefined);
  assert.equal(toJSON({ k: Uint8Array.of(1) }, 2), '{\n  "k": "01"\n}');
  const cyclic = {};
  cyclic.self = cyclic;
  assert.throws(() => toPlain(cyclic), TypeError);
});

test('the CommonJS build has toPlain, the same function', () => {
  const cjs = createRequire(import.meta.url)('../../wasm/api/index.cjs');
  const value = { id: 12n, bytes: Uint8Array.of(9, 10) };
  assert.deepStrictEqual(cjs.toPlain(value), toPlain(value));
  assert.equal(cjs.toJSON(value), toJSON(value));
});
