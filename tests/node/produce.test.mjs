// ProduceRequest v3 through the JS API: requests written by kafkajs's own encoder
// (tests/node/produce-writer.mjs), gzip and not, transactional and not, framed (size + header) and
// not, with coordination records (valid, tombstone, corrupt), each decoded result checked field by
// field against the model given to kafkajs; truncations, count errors, batch errors; the field tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { PRODUCE_ERROR_CODES } from '../../wasm/generated/tables.js';
import { api, codec } from './helpers.mjs';
import { Compression, keyBytes, valueBytes, writeProduceRequest } from './produce-writer.mjs';
import { smallRecordsGzip, withGzipPayload } from './log-writer.mjs';

const { CoordinationError } = api;
const T0 = 1_700_000_000_000;

// Before loadLogCodec() has resolved, the single-record codec says where ProduceRequest lives.
test('codec.decodeProduceRequest before loadLogCodec says where it lives', async () => {
  const bytes = await writeProduceRequest({ acks: 1, timeout: 10, topicData: [] });
  assert.throws(() => codec.decodeProduceRequest(bytes), /await loadLogCodec\(\)/);
  assert.throws(() => codec.inspect(bytes, 'produce-request'), /await loadLogCodec\(\)/);
});

const log = await api.loadLogCodec();

const coordinationMessages = [
  {
    key: keyBytes({ kind: 'registration', role: 'orders', member: 'm-1' }),
    value: valueBytes({ member: 'm-1', registeredAt: 1000 }),
    timestamp: T0,
  },
  { key: keyBytes({ kind: 'lease', role: 'orders' }), value: null, timestamp: T0 + 1 },
  {
    key: keyBytes({ kind: 'lease', role: 'orders' }),
    value: valueBytes({ member: 'm-1', producerId: 7, producerEpoch: 3, grantedAt: 2000, deadline: 5000 }),
    timestamp: T0 + 2,
  },
  // corrupt key: a lease key naming a member
  {
    key: Buffer.concat([keyBytes({ kind: 'lease', role: 'r' }).subarray(0, -2), Buffer.from([0, 1, 0x78])]),
    value: null,
    timestamp: T0 + 3,
  },
  // corrupt value: registration member of length 0
  {
    key: keyBytes({ kind: 'registration', role: 'r', member: 'x' }),
    value: Buffer.from('00000000', 'hex'),
    timestamp: T0 + 4,
  },
];
const other = [
  { key: 'k1', value: 'v1', headers: { trace: 'abc', empty: '' }, timestamp: T0 + 10 },
  { key: null, value: null, timestamp: T0 + 11 },
];

function spec({ compression = Compression.None, transactionalId = null, producerId, producerEpoch } = {}) {
  return {
    transactionalId,
    acks: -1,
    timeout: 30_000,
    compression,
    producerId,
    producerEpoch,
    topicData: [
      {
        topic: '__coordination_state',
        partitions: [{ partition: 0, firstSequence: 4, messages: coordinationMessages }],
      },
      {
        topic: 'orders',
        partitions: [
          { partition: 1, messages: other },
          { partition: 5, messages: other.slice(0, 1) },
        ],
      },
    ],
  };
}
const asBytes = (v) => (v === null ? null : new Uint8Array(Buffer.from(v)));

// The model of `s` as the API must return it: the fields given to kafkajs, in order.
function expected(s, header) {
  return {
    header,
    transactionalId: s.transactionalId,
    acks: s.acks,
    timeout: s.timeout,
    topics: s.topicData.map((t) => ({
      topic: t.topic,
      partitions: t.partitions.map((p) => ({
        partition: p.partition,
        batches: [
          {
            baseOffset: 0n,
            producerId: BigInt(s.producerId ?? -1),
            producerEpoch: s.producerEpoch ?? 0,
            baseSequence: p.firstSequence ?? 0,
            compression: ['none', 'gzip', 'snappy', 'lz4'][s.compression ?? 0],
            records: p.messages.map((m, i) => {
              const r = {
                offset: BigInt(i),
                timestamp: BigInt(m.timestamp),
                key: asBytes(m.key),
                value: asBytes(m.value),
                headers: Object.entries(m.headers ?? {}).map(([key, value]) => ({ key, value: asBytes(value) })),
              };
              if (t.topic === '__coordination_state') r.decoded = coordinationExpected[i];
              return r;
            }),
          },
        ],
      })),
    })),
  };
}
// What the coordination codec makes of coordinationMessages (the layouts of seed 000).
const coordinationExpected = [
  {
    key: { version: 0, kind: 'registration', role: 'orders', member: 'm-1' },
    value: { version: 0, kind: 'registration', member: 'm-1', registeredAt: 1000n },
    error: null,
  },
  { key: { version: 0, kind: 'lease', role: 'orders', member: '' }, value: null, error: null },
  {
    key: { version: 0, kind: 'lease', role: 'orders', member: '' },
    value: {
      version: 0,
      kind: 'lease',
      member: 'm-1',
      producerId: 7n,
      producerEpoch: 3,
      grantedAt: 2000n,
      deadline: 5000n,
    },
    error: null,
  },
  { key: null, value: null, error: { code: 'LEASE_KEY_HAS_MEMBER', offset: 7, field: 'key.member', part: 'key' } },
  {
    key: { version: 0, kind: 'registration', role: 'r', member: 'x' },
    value: null,
    error: { code: 'MEMBER_OUT_OF_BOUNDS', offset: 2, field: 'registration.member', part: 'value' },
  },
];
// The coordination error's message is the codec's own: checked for its field, not copied here.
function withoutMessages(request) {
  for (const t of request.topics)
    for (const p of t.partitions)
      for (const b of p.batches)
        for (const r of b.records) {
          if (r.decoded?.error) {
            assert.ok(r.decoded.error.message.startsWith(r.decoded.error.field), r.decoded.error.message);
            delete r.decoded.error.message;
          }
        }
  return request;
}

for (const [name, options] of [
  ['plain', {}],
  ['gzip', { compression: Compression.GZIP }],
  ['transactional', { transactionalId: 'txn-1', producerId: 42, producerEpoch: 5 }],
  ['transactional gzip', { transactionalId: 'txn-2', producerId: 43, producerEpoch: 1, compression: Compression.GZIP }],
  // Payloads by the lz4 command line and python-snappy in xerial's framing (log-writer.mjs's codec hooks).
  ['lz4', { compression: Compression.LZ4 }],
  ['snappy', { compression: Compression.Snappy }],
  ['transactional lz4', { transactionalId: 'txn-3', producerId: 44, producerEpoch: 2, compression: Compression.LZ4 }],
]) {
  test(`kafkajs ${name} request, body only, field by field`, async () => {
    const s = spec(options);
    const got = withoutMessages(log.decodeProduceRequest(await writeProduceRequest(s)));
    assert.deepStrictEqual(got, expected(s, null));
  });
  test(`kafkajs ${name} request with size and header, field by field`, async () => {
    const s = spec(options);
    const bytes = await writeProduceRequest(s, 'size+header', { correlationId: 99, clientId: 'my-producer' });
    const got = withoutMessages(codec.decodeProduceRequest(bytes));
    assert.deepStrictEqual(got, expected(s, { apiKey: 0, apiVersion: 3, correlationId: 99, clientId: 'my-producer' }));
  });
}

async function errorOf(bytes) {
  try {
    log.decodeProduceRequest(bytes);
  } catch (e) {
    assert.ok(e instanceof CoordinationError, String(e));
    assert.ok(PRODUCE_ERROR_CODES.includes(e.code), `${e.code} is a ProduceErrorCode`);
    assert.ok(e.message.includes(`(offset ${e.offset})`) || e.message.includes('position'), e.message);
    return { code: e.code, offset: e.offset, field: e.field };
  }
  assert.fail('expected a CoordinationError');
}

test('every truncation of a kafkajs request is an exact error at or before the cut', async () => {
  for (const options of [{}, { compression: Compression.GZIP, transactionalId: 't' }]) {
    const full = await writeProduceRequest(spec(options));
    for (let n = 0; n < full.length; n++) {
      const e = await errorOf(full.subarray(0, n));
      assert.ok(['TRUNCATED', 'BATCH_TRUNCATED'].includes(e.code), `${n}: ${e.code}`);
      assert.ok(e.offset <= n, `${n}: offset ${e.offset}`);
      assert.ok(e.field.startsWith('produce_request'), e.field);
    }
  }
  const framed = await writeProduceRequest(spec(), 'size+header');
  assert.deepStrictEqual(await errorOf(framed.subarray(0, framed.length - 1)), {
    code: 'TRUNCATED',
    offset: 0,
    field: 'produce_request.size',
  });
});

test('count checks: negative and too large for the bytes left', async () => {
  const body = await writeProduceRequest(spec());
  const topicsAt = 2 + 2 + 4; // null transactional id, acks, timeout
  const withCount = (at, n) => {
    const b = Buffer.from(body);
    b.writeInt32BE(n, at);
    return b;
  };
  assert.deepStrictEqual(await errorOf(withCount(topicsAt, -1)), {
    code: 'NEGATIVE_LENGTH',
    offset: topicsAt,
    field: 'produce_request.topics',
  });
  assert.deepStrictEqual(await errorOf(withCount(topicsAt, 0x7fffffff)), {
    code: 'TRUNCATED',
    offset: topicsAt,
    field: 'produce_request.topics',
  });
  const partitionsAt = topicsAt + 4 + 2 + '__coordination_state'.length;
  assert.deepStrictEqual(await errorOf(withCount(partitionsAt, -3)), {
    code: 'NEGATIVE_LENGTH',
    offset: partitionsAt,
    field: 'produce_request.topics[0].partitions',
  });
  assert.deepStrictEqual(await errorOf(withCount(partitionsAt, 1 << 29)), {
    code: 'TRUNCATED',
    offset: partitionsAt,
    field: 'produce_request.topics[0].partitions',
  });
});

test('batch errors: CRC, magic, trailing bytes, another api version', async () => {
  const body = Buffer.from(await writeProduceRequest(spec()));
  const batchAt = 8 + 4 + 22 + 4 + 4 + 4; // topics count, topic, partitions count, partition, record set size
  const crc = Buffer.from(body);
  crc[batchAt + 17] ^= 0x55;
  assert.deepStrictEqual(await errorOf(crc), {
    code: 'CRC_MISMATCH',
    offset: batchAt + 17,
    field: 'produce_request.topics[0].partitions[0].record_set.batches[0].crc',
  });
  assert.deepStrictEqual(await errorOf(Buffer.concat([body, Buffer.from([0])])), {
    code: 'TRAILING_BYTES',
    offset: body.length,
    field: 'produce_request',
  });
  const framed = Buffer.from(await writeProduceRequest(spec(), 'size+header'));
  framed.writeInt16BE(7, 6);
  assert.deepStrictEqual(await errorOf(framed), {
    code: 'UNSUPPORTED_VERSION',
    offset: 6,
    field: 'produce_request.header.api_version',
  });
});

// A request of one topic whose partitions hold one gzip batch each of `counts[i]` 7-byte records
// (kafkajs frames them around the payload: tests/node/log-writer.mjs withGzipPayload).
async function smallRecordsRequest(counts) {
  const partitions = [];
  for (const [partition, count] of counts.entries()) {
    const payload = await smallRecordsGzip(count);
    const one = await withGzipPayload(payload, () =>
      writeProduceRequest({
        acks: 1,
        timeout: 10,
        compression: Compression.GZIP,
        topicData: [{ topic: 'other', partitions: [{ partition, messages: new Array(count) }] }],
      }),
    );
    partitions.push(one.subarray(2 + 2 + 4 + 4 + 2 + 5 + 4)); // its partition: after the topic's header
  }
  const head = Buffer.from(
    await writeProduceRequest({ acks: 1, timeout: 10, topicData: [{ topic: 'other', partitions: [] }] }),
  );
  head.writeInt32BE(counts.length, head.length - 4);
  return Buffer.concat([head, ...partitions]);
}

test('the record budget of a request: a gzip batch of 38 million records, and batches over 131,072 records in all, are TOO_MANY_RECORDS', async () => {
  const bomb = await smallRecordsRequest([38_347_922]);
  assert.ok(bomb.length < 400_000, `${bomb.length} bytes`);
  const batchAt = 2 + 2 + 4 + 4 + 2 + 5 + 4 + 4 + 4;
  assert.deepStrictEqual(await errorOf(bomb), {
    code: 'TOO_MANY_RECORDS',
    offset: batchAt + 57,
    field: 'produce_request.topics[0].partitions[0].record_set.batches[0].records_count',
  });
  const fits = log.decodeProduceRequest(await smallRecordsRequest([100_000, 31_072]));
  assert.deepStrictEqual(
    fits.topics[0].partitions.map((p) => p.batches[0].records.length),
    [100_000, 31_072],
  );
  const over = await smallRecordsRequest([100_000, 31_073]);
  const e = await errorOf(over);
  assert.deepStrictEqual(e.field, 'produce_request.topics[0].partitions[1].record_set.batches[0].records_count');
  assert.equal(e.code, 'TOO_MANY_RECORDS');
  assert.throws(
    () => log.decodeProduceRequest(over),
    /a count of 31073 records is above the 31072 the reader may still take/,
  );
  assert.equal(log.inspect(bomb, 'produce-request').error.code, 'TOO_MANY_RECORDS');
});

test('inspect: the neutral field tree, topics -> partitions -> batches -> records, linked to the bytes', async () => {
  const bytes = await writeProduceRequest(spec(), 'size+header');
  const ins = codec.inspect(bytes, 'produce-request');
  assert.equal(ins.ok, true);
  assert.equal(ins.error, null);
  assert.equal(ins.fields.length, 1);
  const root = ins.fields[0];
  assert.equal(root.path, 'produce_request');
  assert.match(root.meaning, /size, then a request header/);
  const find = (path, nodes = ins.fields) => {
    for (const n of nodes) {
      if (n.path === path) return n;
      const c = find(path, n.children);
      if (c) return c;
    }
    return null;
  };
  const key = find('produce_request.topics[0].partitions[0].record_set.batches[0].records[0].key');
  assert.deepStrictEqual(
    new Uint8Array(bytes.subarray(key.offset, key.offset + key.length)),
    asBytes(coordinationMessages[0].key),
  );
  assert.match(key.meaning, /registration key, role orders, member m-1/);
  assert.equal(find('produce_request.header.correlation_id').value, 7);
  assert.equal(find('produce_request.topics[0].partitions[0].record_set.batches[0].producer_id').value, -1n);
  assert.deepStrictEqual(
    ins.record.topics.map((t) => t.topic),
    ['__coordination_state', 'orders'],
  );
  const bad = Buffer.from(bytes);
  bad[4 + 2 + 2 + 4 + 2 + 'viewer-test'.length + 46 + 17] ^= 1; // the first batch's crc
  const failed = log.inspect(bad, 'produce-request');
  assert.equal(failed.ok, false);
  assert.equal(failed.error.code, 'CRC_MISMATCH');
  assert.equal(failed.fields[0].complete, false);
});
