// The whole-topic module under hostile arguments (issue 21): getters that dispose a folder
// mid-call, numbers that do not fit. Segments come from kafkajs (tests/node/log-writer.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { api } from './helpers.mjs';
import { keyBytes, valueBytes, writeLog } from './log-writer.mjs';

const NOW = 1_700_000_500_000;
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
