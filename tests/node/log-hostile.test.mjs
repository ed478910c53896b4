// The whole-topic module under hostile arguments and inputs (issue 21): getters that dispose a
// folder mid-call, numbers that do not fit, a gzip batch of 38 million records, the record budget,
// folders dropped without dispose(). Segments come from kafkajs (tests/node/log-writer.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';

import { api } from './helpers.mjs';
import {
  Compression,
  keyBytes,
  valueBytes,
  withGzipPayload,
  writeBatch,
  writeLog,
  writeSmallRecordsBatch,
} from './log-writer.mjs';

const NOW = 1_700_000_500_000;
const BUDGET = 131_072; // records and headers a batch, a readLog call, a ProduceRequest (wasm/core/log/README.md)
const logCodec = await api.loadLogCodec();

const registration = (role, member, offset) => ({
  key: new Uint8Array(keyBytes({ kind: 'registration', role, member })),
  value: new Uint8Array(valueBytes({ member, registeredAt: 1_690_000_000_000 + offset })),
  offset,
});

// ---- 1. a getter that disposes the folder -------------------------------------------------------
// A folder created inside the getter may take the disposed one's memory: the call must not write
// into it (before the fix the push went to the freed handle: into the other folder, or a trap).

test('pushRecords: a getter that disposes the folder and makes another is an Error; the other folder is untouched', () => {
  for (const at of [0, 3, 5000]) {
    const folder = logCodec.createFolder();
    let other = null;
    const records = [];
    for (let i = 0; i < 6000; i++) records.push(registration(`role-${i % 7}`, `m${i}`, i));
    const hostile = records[at];
    Object.defineProperty(records, at, {
      get() {
        folder.dispose();
        other = logCodec.createFolder();
        return hostile;
      },
    });
    assert.throws(() => folder.pushRecords(records), { name: 'Error', message: /the folder was disposed/ });
    const state = other.result({ now: NOW });
    assert.equal(state.records, 0, `record ${at}: the other folder holds no record`);
    assert.deepEqual(state.roles, []);
    other.pushRecords([registration('own', 'm', 1)]);
    assert.deepEqual(
      other.result({ now: NOW }).roles.map((r) => r.role),
      ['own'],
    );
    other.dispose();
  }
});

test('pushRecords: a key getter of a record that disposes the folder is an Error, and so is every later call', () => {
  const folder = logCodec.createFolder();
  const r = registration('r', 'm', 1);
  const records = [
    registration('r', 'a', 0),
    {
      get key() {
        folder.dispose();
        return r.key;
      },
      value: r.value,
      offset: 1,
    },
  ];
  assert.throws(() => folder.pushRecords(records), /the folder was disposed/);
  assert.throws(() => folder.pushRecords([]), /the folder was disposed/);
  assert.throws(() => folder.result(), /the folder was disposed/);
  assert.throws(() => folder.pushLog(new Uint8Array(0)), /the folder was disposed/);
  assert.throws(() => folder.endLog(), /the folder was disposed/);
  folder.dispose(); // twice: nothing happens
});

test("pushRecords: a getter that shrinks an earlier record's bytes is refused, nothing is folded", () => {
  const folder = logCodec.createFolder();
  const first = registration('r', 'a', 0);
  const buffer = new ArrayBuffer(first.key.length, { maxByteLength: 1024 });
  const key = new Uint8Array(buffer);
  key.set(first.key);
  const second = registration('r', 'b', 1);
  const records = [
    { key, value: first.value, offset: 0 },
    {
      get key() {
        buffer.resize(2);
        return second.key;
      },
      value: second.value,
      offset: 1,
    },
  ];
  assert.throws(() => folder.pushRecords(records), /record 0: key changed length while the records were read/);
  assert.equal(folder.result({ now: NOW }).records, 0);
  folder.dispose();
});

test("pushRecords of more than 4096 records (pushed 4096 at a time): a later getter that resizes or detaches an earlier record's bytes is refused, nothing is folded", () => {
  for (const change of ['resize', 'detach']) {
    const folder = logCodec.createFolder();
    const records = Array.from({ length: 5000 }, (_, i) => registration('r', `m${i}`, i));
    const first = records[4500];
    const buffer = new ArrayBuffer(first.key.length, { maxByteLength: 1024 });
    const key = new Uint8Array(buffer);
    key.set(first.key);
    records[4500] = { key, value: first.value, offset: 4500 };
    const last = records[4999];
    records[4999] = {
      get key() {
        if (change === 'resize') buffer.resize(2);
        else structuredClone(buffer, { transfer: [buffer] });
        return last.key;
      },
      value: last.value,
      offset: 4999,
    };
    assert.throws(() => folder.pushRecords(records), /record 4500: key changed length while the records were read/);
    assert.equal(folder.records, 0);
    assert.equal(folder.result({ now: NOW }).records, 0, change);
    folder.dispose();
  }
});

test('keyRecords: a limit past 2^32 - 1 is every record (the core counts in 32 bits), options must be an object', () => {
  const folder = logCodec.createFolder({ index: true });
  folder.pushRecords([registration('r', 'a', 0), registration('r', 'a', 1)]);
  for (const limit of [2 ** 32 - 1, 2 ** 32, Number.MAX_SAFE_INTEGER]) {
    const keys = folder.keyRecords('r', 0, { limit });
    assert.equal(keys.length, 1);
    assert.equal(keys[0].records.length, 2, `limit ${limit}`);
  }
  assert.throws(() => folder.keyRecords('r', 0, null), /keyRecords: options must be an object/);
  folder.dispose();
});

test('pushLog: an own `length` getter of the chunk runs no code; result, keyRecords: a getter that disposes is an Error', async () => {
  const log = new Uint8Array(await writeLog([{ offset: 0, key: { kind: 'lease', role: 'r' }, value: null }]));
  const folder = logCodec.createFolder({ index: true });
  let other = null;
  let called = 0;
  Object.defineProperty(log, 'length', {
    get() {
      called++;
      folder.dispose();
      other = logCodec.createFolder();
      return 1 << 30;
    },
  });
  folder.pushLog(log, 0);
  folder.endLog(0);
  assert.equal(called, 0);
  assert.equal(other, null);
  assert.equal(folder.result({ now: NOW }).records, 1);
  assert.throws(
    () =>
      folder.result({
        get now() {
          folder.dispose();
          return 5n;
        },
      }),
    /the folder was disposed/,
  );
  const again = logCodec.createFolder({ index: true });
  assert.throws(
    () =>
      again.keyRecords('r', 0, {
        get limit() {
          again.dispose();
          return 1;
        },
      }),
    /the folder was disposed/,
  );
});

// ---- 7. numbers are checked, never wrapped -------------------------------------------------------

test('pushRecords and foldState: offsets, timestamps, producer ids, lines and partitions out of range are RangeErrors, other types TypeErrors', () => {
  const r = registration('r', 'm', 0);
  const bad = [
    [{ offset: 2n ** 64n + 5n }, RangeError, /record 0: offset must be 0 to 2\^63-1; got 18446744073709551621/],
    [{ offset: 2n ** 63n }, RangeError, /offset/],
    [{ offset: -5 }, RangeError, /offset must be 0 to 2\^63-1; got -5/],
    [{ offset: -1n }, RangeError, /offset/],
    [{ offset: '7' }, TypeError, /offset must be a bigint or a safe integer; got string "7"/],
    [{ offset: {} }, TypeError, /offset must be a bigint or a safe integer; got an object/],
    [{ offset: 1.9 }, TypeError, /offset/],
    [{ offset: 2 ** 60 }, TypeError, /offset/],
    [{ timestamp: 2n ** 63n }, RangeError, /timestamp must fit in a signed 64-bit integer/],
    [{ timestamp: -(2n ** 63n) - 1n }, RangeError, /timestamp/],
    [{ timestamp: '5' }, TypeError, /timestamp/],
    [{ producerId: 2n ** 64n - 1n }, RangeError, /producerId must fit in a signed 64-bit integer/],
    [{ producerId: 1.5 }, TypeError, /producerId/],
    [{ line: 0 }, RangeError, /line must be 1 to 2\^63-1/],
    [{ partition: 2 ** 32 + 3 }, RangeError, /record 0: partition must be 0 to 2\^31-1; got 4294967299/],
    [{ partition: -5 }, RangeError, /partition/],
    [{ partition: '7' }, TypeError, /partition must be an integer number/],
    [{ partition: {} }, TypeError, /partition/],
    [{ partition: 1.9 }, TypeError, /partition/],
    [{ partition: 3n }, TypeError, /partition/],
  ];
  for (const [fields, type, message] of bad) {
    const record = { ...r, ...fields };
    assert.throws(
      () => logCodec.foldState([record]),
      { name: type.name, message },
      JSON.stringify(fields, (k, v) => (typeof v === 'bigint' ? `${v}n` : v)),
    );
    const folder = logCodec.createFolder();
    assert.throws(() => folder.pushRecords([r, record]), type);
    assert.equal(folder.result({ now: NOW }).records, 0, 'a refused list folds nothing');
    folder.dispose();
  }
  // The edges that fit, as given.
  const edges = logCodec.foldState(
    [
      { ...r, offset: 2n ** 63n - 1n, timestamp: -(2n ** 63n), producerId: -1n, line: 1, partition: 2 ** 31 - 1 },
      { ...registration('r', 'm', 1), offset: 0, timestamp: 2n ** 63n - 1n, partition: 0 },
    ],
    { now: NOW, history: true },
  );
  assert.deepEqual(
    edges.history.map((h) => [h.partition, h.entries.map((e) => [e.offset, e.timestamp])]),
    [
      [0, [[0n, 2n ** 63n - 1n]]],
      [2 ** 31 - 1, [[2n ** 63n - 1n, -(2n ** 63n)]]],
    ],
  );
});

test('an offset above 2^64 does not fold as its remainder (it would lose to a lower offset)', () => {
  const a = registration('r', 'a', 0);
  const b = registration('r', 'a', 1);
  assert.throws(
    () =>
      logCodec.foldState([
        { ...a, offset: 10 },
        { ...b, offset: 2n ** 64n + 5n },
      ]),
    RangeError,
  );
});

test('result({ now }), foldState({ now }), pushLog and endLog partitions: checked as the records are', () => {
  const folder = logCodec.createFolder();
  folder.pushRecords([registration('r', 'm', 0)]);
  assert.throws(() => folder.result({ now: 2n ** 64n + 1500n }), {
    name: 'RangeError',
    message: /now must fit in a signed 64-bit integer/,
  });
  assert.throws(() => folder.result({ now: '1500' }), TypeError);
  assert.throws(() => folder.result({ now: 1.5 }), TypeError);
  assert.equal(folder.result({ now: -(2n ** 63n) }).roles.length, 1);
  assert.throws(() => folder.pushLog(new Uint8Array(0), 2 ** 32 + 3), RangeError);
  assert.throws(() => folder.pushLog(new Uint8Array(0), -1), RangeError);
  assert.throws(() => folder.pushLog(new Uint8Array(0), '1'), TypeError);
  assert.throws(() => folder.endLog(2 ** 31), RangeError);
  assert.throws(() => folder.keyRecords('r', 2 ** 31), RangeError);
  folder.dispose();
  assert.throws(() => logCodec.foldState(new Uint8Array(0), { now: 2n ** 63n }), RangeError);
  assert.throws(() => logCodec.foldState(new Uint8Array(0), { partition: 2 ** 32 }), RangeError);
});

// ---- 2 and 3. the record budget --------------------------------------------------------------------

test('a 391 KB gzip batch of 38 million 7-byte records is TOO_MANY_RECORDS, not an abort; the next batch and the next file are read', async () => {
  const bomb = await writeSmallRecordsBatch(38_347_922, 100);
  assert.ok(bomb.length < 400_000, `${bomb.length} bytes`);
  const good = await writeLog([
    { offset: 200, key: { kind: 'registration', role: 'r', member: 'm' }, value: { member: 'm', registeredAt: 5 } },
  ]);
  const both = new Uint8Array(Buffer.concat([bomb, good]));
  const expectError = (e) => {
    assert.equal(e.code, 'TOO_MANY_RECORDS');
    assert.equal(e.field, 'batch.recordsCount');
    assert.match(
      e.message,
      /^batch at offset 100 \(position 0\): batch\.recordsCount: a count of 38347922 records is above the 131072 the reader may still take \(the budget: 131072 records and headers a batch, a readLog call or a ProduceRequest\); the batch is skipped$/,
    );
  };

  const folded = logCodec.foldState(both, { now: NOW });
  assert.equal(folded.errors.length, 1);
  expectError(folded.errors[0]);
  assert.equal(folded.errors[0].offset, 100n);
  assert.equal(folded.records, 1);
  assert.deepEqual(
    folded.roles.map((r) => [r.role, r.members.map((m) => m.member)]),
    [['r', ['m']]],
  );

  const read = logCodec.readLog(both);
  assert.equal(read.errors.length, 1);
  expectError(read.errors[0]);
  assert.equal(read.errors[0].position, 57);
  assert.equal(read.errors[0].fatal, false);
  assert.deepEqual(
    read.batches.map((b) => [b.baseOffset, b.records.length]),
    [[200n, 1]],
  );

  const folder = logCodec.createFolder({ index: true });
  folder.pushLog(bomb, 0);
  folder.endLog(0);
  folder.pushLog(good, 0);
  folder.endLog(0);
  const state = folder.result({ now: NOW });
  folder.dispose();
  assert.deepEqual(state.roles, folded.roles);
  expectError(state.errors[0]);
});

test('the budget is exact: 131,072 records a batch fold, 131,073 do not; headers count with the records', async () => {
  const full = logCodec.foldState(new Uint8Array(await writeSmallRecordsBatch(BUDGET, 0, true)), { now: NOW });
  assert.equal(full.records, BUDGET);
  assert.equal(full.errors[0].code, 'NULL_KEY');
  const over = logCodec.foldState(new Uint8Array(await writeSmallRecordsBatch(BUDGET + 1, 0, true)), { now: NOW });
  assert.equal(over.records, 0);
  assert.deepEqual(
    over.errors.map((e) => [e.code, e.field]),
    [['TOO_MANY_RECORDS', 'batch.recordsCount']],
  );

  // One record with `n` headers (key length 0, null value: 2 bytes each), gzip.
  const withHeaders = async (n) => {
    const body = Buffer.concat([
      Buffer.from([0x00, 0x00, 0x00, 0x01, 0x01]), // attributes, deltas, null key, null value
      Buffer.from(varint(n)),
      Buffer.alloc(2 * n, Buffer.from([0x00, 0x01])),
    ]);
    const payload = gzipSync(Buffer.concat([Buffer.from(varint(body.length)), body]));
    return new Uint8Array(
      await withGzipPayload(payload, () =>
        writeBatch({ baseOffset: 0, records: new Array(1), compression: Compression.GZIP }),
      ),
    );
  };
  const fits = logCodec.readLog(await withHeaders(BUDGET - 1));
  assert.deepEqual(fits.errors, []);
  assert.equal(fits.batches[0].records[0].headers.length, BUDGET - 1);
  const refused = logCodec.readLog(await withHeaders(BUDGET));
  assert.equal(refused.batches.length, 0);
  assert.deepEqual(
    refused.errors.map((e) => [e.code, e.field]),
    [['TOO_MANY_RECORDS', 'record.headers']],
  );
  assert.match(refused.errors[0].message, /a count of 131072 headers is above the 131071 the batch may still hold/);
});

// ZigZag varint (Kafka's record fields).
function varint(v) {
  let z = (v << 1) ^ (v >> 31);
  const out = [];
  while (z >>> 7) {
    out.push((z & 0x7f) | 0x80);
    z >>>= 7;
  }
  out.push(z);
  return out;
}

test('readLog: one budget for the call (an object per record); the fold: per batch, any number of batches', async () => {
  const batches = [];
  for (let b = 0; b < 3; b++) batches.push(await writeSmallRecordsBatch(60_000, b * 60_000, true));
  const log = new Uint8Array(Buffer.concat(batches));
  const read = logCodec.readLog(log);
  assert.deepEqual(
    read.batches.map((b) => b.records.length),
    [60_000, 60_000],
  );
  assert.deepEqual(
    read.errors.map((e) => [e.code, e.baseOffset]),
    [['TOO_MANY_RECORDS', 120_000n]],
  );
  assert.match(read.errors[0].message, /a count of 60000 records is above the 11072 the reader may still take/);
  // Each batch alone is read whole.
  assert.equal(logCodec.readLog(batches[2]).batches[0].records.length, 60_000);
  assert.equal(logCodec.foldState(log, { now: NOW }).records, 180_000);
});

// ---- 10. folders dropped without dispose() -----------------------------------------------------------

test('folders dropped without dispose() give their wasm memory back once collected', () => {
  // In a child with --expose-gc: 500 folders of 2,000 keys each (about 330 KB of wasm heap each),
  // dropped, collected every 50. The module's memory is in process.memoryUsage().external.
  const script = `
    const { loadLogCodec } = await import(${JSON.stringify(new URL('../../wasm/api/index.js', import.meta.url).href)});
    const { keyBytes, valueBytes } = await import(${JSON.stringify(new URL('./log-writer.mjs', import.meta.url).href)});
    const log = await loadLogCodec();
    const records = [];
    for (let i = 0; i < 2000; i++)
      records.push({ key: new Uint8Array(keyBytes({ kind: 'registration', role: 'r' + i, member: 'm' })),
                     value: new Uint8Array(valueBytes({ member: 'm', registeredAt: 1 })), offset: i });
    const settle = async () => { for (let i = 0; i < 3; i++) { gc(); await new Promise((r) => setTimeout(r, 10)); } };
    const round = async () => { for (let i = 0; i < 50; i++) log.createFolder().pushRecords(records); await settle(); };
    await round();
    const first = process.memoryUsage().external;
    for (let r = 1; r < 10; r++) await round();
    console.log(JSON.stringify({ first, last: process.memoryUsage().external }));
  `;
  const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  const { first, last } = JSON.parse(child.stdout);
  // Without freeing, 450 more folders hold about 150 MB; freed, the heap reuses the first round's.
  assert.ok(last - first < 32e6, `external memory grew by ${((last - first) / 1e6).toFixed(0)} MB`);
});
