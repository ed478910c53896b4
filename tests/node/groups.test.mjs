// __consumer_offsets records and the consumer protocol through the whole-topic module's API
// (wasm/api/groups-api.js): every vector of golden/group-records.json and golden/consumer-protocol.json
// (written by golden/generate_groups.py) via decodeGroupRecord (with and without the nested
// levels), inspectGroupRecord, decodeConsumerSubscription / decodeConsumerAssignment and
// inspect(bytes, 'consumer-subscription' | 'consumer-assignment'): the same records, warnings,
// {code, offset, field} at every level, and a tree whose nodes lie in their bytes.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';

import { api, bytesToHex, hexToBytes, loadGolden, outcome } from './helpers.mjs';

const { CoordinationError } = api;
const log = await api.loadLogCodec();

// The API's objects in the files' form: snake_case names, i64 as decimal text, bytes as hex, a
// nested level's error as its {code, offset, field} (its message checked here).
const snake = (k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
function goldenShape(v) {
  if (typeof v === 'bigint') return String(v);
  if (v instanceof Uint8Array) return bytesToHex(v);
  if (Array.isArray(v)) return v.map(goldenShape);
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [snake(k), k === 'error' ? levelError(x) : goldenShape(x)]),
    );
  return v;
}
function levelError(e) {
  assert.ok(e.message.startsWith(`${e.field}: `) && e.message.endsWith(`(offset ${e.offset})`), e.message);
  return errorOf(e);
}
// The expected record without the members' nested levels (what decodeGroupRecord gives alone).
function outerOnly(record) {
  const value = record.value;
  if (value === null || !Array.isArray(value.members)) return record;
  const members = value.members.map(({ consumer_subscription, consumer_assignment, ...m }) => m);
  return { ...record, value: { ...value, members } };
}
const errorOf = (e) => ({ code: e.code, offset: e.offset, field: e.field });
function assertError(got, expected, id) {
  assert.ok(got.error, `${id}: decoded ${JSON.stringify(goldenShape(got.value))}`);
  assert.ok(got.error instanceof CoordinationError, `${id}: ${got.error}`);
  assert.deepEqual(errorOf(got.error), expected, id);
  assert.ok(got.error.message.startsWith(`${expected.field}: `), `${id}: ${got.error.message}`);
  assert.ok(got.error.message.endsWith(`(offset ${expected.offset})`), `${id}: ${got.error.message}`);
}
// Every node of a tree within `size` bytes; its paths.
function paths(fields, size, id) {
  const all = new Set();
  const walk = (nodes) =>
    nodes.forEach((n) => {
      assert.ok(n.offset + n.length <= size, `${id}: ${n.path} outside its bytes`);
      all.add(n.path);
      walk(n.children);
    });
  walk(fields);
  return all;
}
// The nested levels' errors a record's members carry, in wire order (inspect's nestedErrors).
function nestedErrors(record) {
  const out = [];
  for (const m of record.value?.members ?? []) {
    for (const level of [m.consumer_subscription, m.consumer_assignment]) {
      if (level == null) continue;
      if (level.error) out.push(level.error);
      else if (level.record.streams?.error) out.push(level.record.streams.error);
    }
  }
  return out;
}

describe('golden/group-records.json through the wasm', () => {
  const file = loadGolden('group-records');
  test('file shape', () => {
    assert.equal(file.format, 'groups-golden/3');
    assert.equal(file.target, 'group-records');
  });

  test('decodeGroupRecord: every vector, without and with the nested levels', () => {
    for (const v of file.vectors) {
      const key = hexToBytes(v.key);
      const value = hexToBytes(v.value);
      for (const nested of [false, true]) {
        const got = outcome(() => log.decodeGroupRecord(key, value, { nested }));
        if (v.expect.error) {
          assertError(got, v.expect.error, v.id);
          continue;
        }
        assert.equal(got.error, undefined, `${v.id}: ${got.error}`);
        const expected = nested ? v.expect.record : outerOnly(v.expect.record);
        assert.deepEqual(goldenShape(got.value), expected, `${v.id} (nested: ${nested})`);
      }
    }
  });

  test('inspectGroupRecord: the same outcome, warnings, nested errors, and nodes for every failing field', () => {
    for (const v of file.vectors) {
      const key = hexToBytes(v.key);
      const value = hexToBytes(v.value);
      const r = log.inspectGroupRecord(key, value);
      assert.equal(r.target, 'group-record');
      const keyPaths = paths(r.key.fields, key.length, v.id);
      const valuePaths = r.value ? paths(r.value.fields, value.length, v.id) : new Set();
      if (v.expect.error) {
        assert.equal(r.ok, false, v.id);
        assert.equal(r.record, null, v.id);
        const error = r.key.error ?? r.value?.error;
        assert.deepEqual(errorOf(error), v.expect.error, v.id);
        if (v.expect.error.code !== 'TRAILING_BYTES')
          assert.ok((r.key.error ? keyPaths : valuePaths).has(v.expect.error.field), `${v.id}: no node`);
        continue;
      }
      assert.equal(r.ok, true, `${v.id}: ${(r.key.error ?? r.value?.error)?.message}`);
      assert.equal(r.value === null, value === null, v.id);
      assert.deepEqual(goldenShape(r.record), v.expect.record, v.id);
      const warnings = [...r.key.warnings, ...(r.value?.warnings ?? [])].map(errorOf);
      assert.deepEqual(warnings, v.expect.warnings, v.id);
      assert.deepEqual(r.nestedErrors.map(errorOf), nestedErrors(v.expect.record), v.id);
      for (const e of r.nestedErrors) assert.ok(valuePaths.has(e.field), `${v.id}: no node ${e.field}`);
    }
  });
});

describe('golden/consumer-protocol.json through the wasm', () => {
  const file = loadGolden('consumer-protocol');
  const decoders = {
    subscription: (b) => log.decodeConsumerSubscription(b),
    assignment: (b) => log.decodeConsumerAssignment(b),
  };

  test('decodeConsumerSubscription / decodeConsumerAssignment: every vector', () => {
    for (const v of file.vectors) {
      const got = outcome(() => decoders[v.message](hexToBytes(v.hex)));
      if (v.expect.error) {
        assertError(got, v.expect.error, v.id);
        continue;
      }
      assert.equal(got.error, undefined, `${v.id}: ${got.error}`);
      const { streams, ...outer } = v.expect.record;
      assert.deepEqual(goldenShape(got.value), outer, v.id);
    }
  });

  test("inspect(bytes, 'consumer-…', { streams }): the record with its Streams level, warnings, tree", () => {
    for (const v of file.vectors) {
      const bytes = hexToBytes(v.hex);
      const target = `consumer-${v.message}`;
      const r = log.inspect(bytes, target, { streams: v.streams });
      assert.equal(r.target, target);
      assert.equal(r.size, bytes.length);
      const all = paths(r.fields, bytes.length, v.id);
      if (v.expect.error) {
        assert.equal(r.ok, false, v.id);
        assert.deepEqual(errorOf(r.error), v.expect.error, v.id);
        if (v.expect.error.code !== 'TRAILING_BYTES') assert.ok(all.has(v.expect.error.field), `${v.id}: no node`);
        continue;
      }
      assert.equal(r.ok, true, `${v.id}: ${r.error?.message}`);
      assert.deepEqual(goldenShape(r.record), v.expect.record, v.id);
      assert.deepEqual(r.warnings.map(errorOf), v.expect.warnings, v.id);
      const streamsError = v.expect.record.streams?.error;
      assert.deepEqual(r.nestedErrors.map(errorOf), streamsError ? [streamsError] : [], v.id);
    }
  });
});

test('decodeGroupRecord reads its options before the heap: a `nested` getter that decodes another record leaves the result as it was', () => {
  const key = hexToBytes('0002000c7061796d656e74732d617070');
  const offsetKey = hexToBytes('0001000c7061796d656e74732d61707000066f726465727300000003');
  const offsetValue = hexToBytes('0001000000000000006400000000018bcfe568000000018bcfe56800');
  const alone = log.decodeGroupRecord(key, null);
  let calls = 0;
  const reentrant = log.decodeGroupRecord(key, null, {
    get nested() {
      calls++;
      log.decodeGroupRecord(offsetKey, offsetValue);
      return false;
    },
  });
  assert.equal(calls, 1);
  assert.deepEqual(reentrant, alone);
});

test('bad arguments are TypeErrors; an empty value is an error, null a tombstone', () => {
  const key = hexToBytes('0002000c7061796d656e74732d617070');
  assert.throws(() => log.decodeGroupRecord('00', null), TypeError);
  assert.throws(() => log.decodeGroupRecord(key, 'x'), TypeError);
  assert.throws(() => log.decodeGroupRecord(key, null, null), TypeError);
  assert.throws(() => log.inspect(key, 'consumer-subscription', null), TypeError);
  assert.deepEqual(log.decodeGroupRecord(key, null), {
    key: { type: 'group', version: 2, group: 'payments-app' },
    value: null,
  });
  const empty = outcome(() => log.decodeGroupRecord(key, new Uint8Array(0)));
  assert.deepEqual(errorOf(empty.error), { code: 'TRUNCATED', offset: 0, field: 'group.version' });
});
