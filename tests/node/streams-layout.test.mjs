// The Kafka Streams records the JS API builds have the shape of their one description
// (wasm/core/streams/streams.h STREAMS_RECORD, emitted as STREAMS_RECORD in wasm/generated/tables.js;
// the reader, wasm/generated/streams-reader.js, is generated from it): on every valid golden
// subscription and assignment, each object at every level has exactly the keys its version has, in
// the description's order, each of its kind. (The values are golden.test.mjs's and
// streams.test.mjs's; tests/native/streams_layout_test.cpp reads the words by the description.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STREAMS_RECORD } from '../../wasm/generated/tables.js';
import { api, hexToBytes, loadGolden } from './helpers.mjs';

const codec = await api.loadCodec();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The fields of sequence q that a record of `version` has.
const fieldsOf = (q, version) =>
  STREAMS_RECORD[q].filter(
    ([, , , since = 0, until = null]) => since <= version && (until === null || version <= until),
  );

// Checks value x as sequence q of a record of `version`; `seen` collects "sequence.field".
function sequence(x, q, version, where, seen) {
  const fields = fieldsOf(q, version);
  if (STREAMS_RECORD[q].length === 1) return field(x, fields[0], q, version, where, seen);
  assert.deepEqual(
    Object.keys(x),
    fields.map(([, name]) => name),
    `${where}: the keys, in order`,
  );
  for (const f of fields) field(x[f[1]], f, q, version, `${where}.${f[1]}`, seen);
}

function field(x, [kind, name, nested], q, version, where, seen) {
  seen.add(`${q}.${name}`);
  switch (kind) {
    case 'word':
      return assert.equal(typeof x, 'number', where);
    case 'flag':
      return assert.equal(typeof x, 'boolean', where);
    case 'ref':
      return assert.ok(x === null || typeof x === 'string', where);
    case 'wide_at':
      return assert.equal(typeof x, 'bigint', where);
    case 'uuid_at':
      return assert.match(x, UUID, where);
    case 'list':
    case 'list_at':
      assert.ok(Array.isArray(x), where);
      return x.forEach((e, i) => sequence(e, nested, version, `${where}[${i}]`, seen));
    case 'opt':
      return x === null ? undefined : sequence(x, nested, version, where, seen);
    case 'group':
      return sequence(x, nested, version, where, seen);
    default:
      assert.fail(`${where}: kind ${kind}`);
  }
}

test('every golden Streams record has the keys of its version in the description’s order', () => {
  const seen = new Set();
  let records = 0;
  for (const [file, fn] of [
    ['subscription', 'decodeSubscription'],
    ['assignment', 'decodeAssignment'],
  ]) {
    const doc = loadGolden(file);
    for (const v of doc.vectors) {
      if (!v.expect.record) continue;
      const record = codec[fn](hexToBytes(v.hex));
      sequence(record, doc.target, record.version, v.id, seen);
      records++;
    }
  }
  assert.ok(records > 60, `${records} records`);
  const all = Object.entries(STREAMS_RECORD).flatMap(([q, fields]) => fields.map(([, name]) => `${q}.${name}`));
  assert.deepEqual([...seen].sort(), [...new Set(all)].sort(), 'every field of the description seen');
});
