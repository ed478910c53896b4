// Kafka's share-group state (__share_group_state, wasm/core/sharestate/README.md) through the
// whole-topic API and the CLI: the API's argument errors, tombstones and empty values, inspect of a
// bad key or value, decode --target share-state (JSON, tree, JSON Lines). Every golden vector goes
// through the API in golden.test.mjs and through the C++ core in golden_test.cpp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, hexToBytes, loadGolden } from './helpers.mjs';
import { main } from '../../wasm/cli/main.mjs';

const log = await api.loadLogCodec();
const file = loadGolden('share-state');
const vector = (id) => file.vectors.find((v) => v.id === `share-state/${id}`);
const SNAPSHOT = vector('valid/snapshot');
const UPDATE = vector('valid/update');

test('decodeShareStateRecord: a snapshot, an update, a tombstone; i64 as bigint, the topic id as Kafka prints it', () => {
  const s = log.decodeShareStateRecord(hexToBytes(SNAPSHOT.key), hexToBytes(SNAPSHOT.value));
  assert.equal(s.key.type, 'share_snapshot');
  assert.equal(s.key.version, 0);
  assert.equal(s.key.groupId, 'share-app');
  assert.equal(s.key.topicId, 'EBESExQVFhcYGRobHB0eHw');
  assert.equal(s.value.type, 'share_snapshot');
  assert.equal(s.value.startOffset, 100n);
  assert.equal(s.value.stateBatches.length, 3);
  assert.deepEqual(
    s.value.stateBatches.map((b) => [b.firstOffset, b.lastOffset, b.deliveryState, b.deliveryCount]),
    [
      [100n, 119n, 2, 1],
      [120n, 120n, 0, 3],
      [121n, 150n, 4, 5],
    ],
  );
  const u = log.decodeShareStateRecord(hexToBytes(UPDATE.key), hexToBytes(UPDATE.value));
  assert.equal(u.key.type, 'share_update');
  assert.equal(u.key.version, 1);
  assert.equal(u.value.startOffset, -1n);
  const t = log.decodeShareStateRecord(hexToBytes(UPDATE.key), null);
  assert.equal(t.value, null);
  assert.deepEqual(log.decodeShareStateRecord(Buffer.from(UPDATE.key, 'hex'), undefined).key, t.key);
});

test('decodeShareStateRecord: errors are CoordinationErrors with code, field, offset; arguments are checked', () => {
  const key = hexToBytes(SNAPSHOT.key);
  assert.throws(
    () => log.decodeShareStateRecord(key, new Uint8Array(0)),
    (e) => e instanceof api.CoordinationError && e.code === 'TRUNCATED' && e.field === 'share_snapshot.version',
  );
  const bad = Uint8Array.from(key);
  bad[1] = 2;
  assert.throws(
    () => log.decodeShareStateRecord(bad, null),
    (e) =>
      e.code === 'UNSUPPORTED_VERSION' &&
      e.field === 'key.version' &&
      e.offset === 0 &&
      /record type 2 is none of Kafka 4.1.0's share coordinator/.test(e.message),
  );
  assert.throws(() => log.decodeShareStateRecord('00', null), TypeError);
  assert.throws(() => log.decodeShareStateRecord(key, 42), TypeError);
});

test('inspectShareStateRecord: the value is inspected under a key whose body fails; an unknown type has only the key', () => {
  const key = hexToBytes(SNAPSHOT.key);
  const cut = key.subarray(0, key.length - 1); // the partition cut short
  const ins = log.inspectShareStateRecord(cut, hexToBytes(SNAPSHOT.value));
  assert.equal(ins.ok, false);
  assert.equal(ins.record, null);
  assert.equal(ins.key.error.code, 'TRUNCATED');
  assert.equal(ins.key.error.field, 'key.partition');
  assert.equal(ins.value.error, null);
  assert.equal(ins.value.fields[0].path, 'share_snapshot');
  const bad = Uint8Array.from(key);
  bad[1] = 9;
  const unknown = log.inspectShareStateRecord(bad, hexToBytes(SNAPSHOT.value));
  assert.equal(unknown.key.error.code, 'UNSUPPORTED_VERSION');
  assert.deepEqual(
    unknown.key.fields.map((n) => n.path),
    ['key'],
  );
  assert.equal(unknown.key.fields[0].children[0].path, 'key.version');
  assert.equal(unknown.value, null);
  // A Kafka 4.2 value: DeliveryCompleteCount (tag 0) read by name; absent (4.1.0), -1.
  const v42 = vector('valid/snapshot-kafka-4-2');
  const r = log.inspectShareStateRecord(hexToBytes(v42.key), hexToBytes(v42.value));
  assert.ok(r.ok);
  assert.equal(r.record.value.deliveryCompleteCount, 42);
  assert.deepEqual(r.record.value.unknownTaggedFields, []);
  const tag = r.value.fields[0].children.find((n) => n.path === 'share_snapshot.delivery_complete_count');
  assert.deepEqual(
    tag.children.map((n) => n.path),
    ['tag', 'size', 'value'].map((k) => `share_snapshot.delivery_complete_count.${k}`),
  );
  assert.equal(log.decodeShareStateRecord(key, hexToBytes(SNAPSHOT.value)).value.deliveryCompleteCount, -1);
});

const dir = mkdtempSync(join(tmpdir(), 'cv-sharestate-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
async function cli(args, stdin = '') {
  const out = [];
  const err = [];
  const io = {
    stdout: { write: (s) => out.push(s) },
    stderr: { write: (s) => err.push(s) },
    env: {},
    cwd: dir,
    color: false,
    stdin: Readable.from([Buffer.from(stdin)]),
    readStdin: async () => new Uint8Array(Buffer.from(stdin)),
  };
  const code = await main(args, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

test('decode --target share-state: the document, the tree, an error with its part, JSON Lines', async () => {
  let r = await cli(['decode', '--target', 'share-state', '--key', SNAPSHOT.key, '--value', SNAPSHOT.value]);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.equal(doc.error, null);
  assert.equal(doc.key.groupId, 'share-app');
  assert.equal(doc.value.writeTimestamp, '1700000005000', 'i64 as a decimal string');
  assert.equal(doc.value.stateBatches[2].lastOffset, '150');

  r = await cli([
    'decode',
    '--target',
    'share-state',
    '--key',
    UPDATE.key,
    '--value',
    UPDATE.value,
    '--format',
    'tree',
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /key \(\d+ bytes, hex\) as share-state key: valid/);
  assert.match(r.stdout, /value \(\d+ bytes, hex\) as share-state value \(share_update\): valid/);
  assert.match(r.stdout, /start_offset +i64 +8 B {2}-1/);

  r = await cli(['decode', '--target', 'share-state', '--key', UPDATE.key, '--value', UPDATE.value + '00']);
  assert.equal(r.code, 1);
  const bad = JSON.parse(r.stdout);
  assert.equal(bad.value, null);
  assert.equal(bad.key.type, 'share_update', 'the key decoded');
  assert.deepEqual(
    { code: bad.error.code, offset: bad.error.offset, field: bad.error.field, part: bad.error.part },
    { code: 'TRAILING_BYTES', offset: UPDATE.value.length / 2, field: 'share_update', part: 'value' },
  );
  assert.match(r.stderr, /value: TRAILING_BYTES/);

  r = await cli(['decode', '--target', 'share-state', '--value', UPDATE.value]);
  assert.equal(r.code, 2, 'a value alone has no record type');

  writeFileSync(
    join(dir, 'records.jsonl'),
    [SNAPSHOT, UPDATE, vector('tombstone/share-snapshot'), vector('version/key-type-2')]
      .map((v) => JSON.stringify({ key: v.key, value: v.value }))
      .join('\n') + '\n',
  );
  r = await cli(['decode', '--target', 'share-state', '--jsonl', 'records.jsonl']);
  assert.equal(r.code, 1);
  const lines = r.stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    lines.map((l) => [l.line, l.key?.type ?? null, l.value === null, l.error?.code ?? null]),
    [
      [1, 'share_snapshot', false, null],
      [2, 'share_update', false, null],
      [3, 'share_snapshot', true, null],
      [4, null, true, 'UNSUPPORTED_VERSION'],
    ],
  );
});

test("the viewer's guess (web/src/components/formats/guess.js): every valid key and value is read as its own message", async () => {
  const { inspectShareState } = await import('../../web/src/components/formats/guess.js');
  let n = 0;
  for (const v of file.vectors) {
    if (!v.expect.record) continue;
    const { key, value } = v.expect.record;
    const name = key.type === 'share_snapshot' ? 'ShareSnapshot' : 'ShareUpdate';
    const k = inspectShareState(log, hexToBytes(v.key));
    assert.ok(k.ok, v.id);
    assert.equal(k.message, `${name}Key`, v.id);
    if (value === null) continue;
    const got = inspectShareState(log, hexToBytes(v.value));
    assert.ok(got.ok, v.id);
    assert.equal(got.message, `${name}Value`, v.id);
    assert.equal(got.target, 'share-state');
    n++;
  }
  assert.ok(n >= 11, `${n} values`);
});
