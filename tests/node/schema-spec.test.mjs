// The spec loader (wasm/schema/spec.mjs) on what ProduceRequest v3 added to the spec language
// (wasm/core/schema/README.md): Kafka's message types `request` and `header`, the type `records`
// (bytes whose batches Options.records reads; never an array's element nor tagged) and the
// message key `wording`; and on what SubscriptionInfo added: an int32 `versionPrefix`, `wording`
// "streams", bytes read as text (`encoding` on bytes) and `negativeNull`; and on what the record
// batches added (below). Each refusal names the file and the field.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { SpecError, loadSpec } from '../../wasm/schema/spec.mjs';

const load = (json) =>
  loadSpec(JSON.stringify(json), { file: 'T.json', family: 'protocol', errorCodes: new Set(['TRUNCATED']) });
const message = (fields, extra = {}) => ({
  type: 'request',
  name: 'T',
  validVersions: '0-9',
  flexibleVersions: '9+',
  fields,
  ...extra,
});
const records = { name: 'Records', type: 'records', versions: '0+', nullableVersions: '0+' };

test('records is read as nullable bytes marked as records; request and header are message types', () => {
  const m = load(message([records], { wording: 'protocol' }));
  assert.equal(m.type, 'request');
  assert.equal(m.wording, 'protocol');
  assert.deepEqual(m.root.fields[0].type, { kind: 'bytes', records: true });
  assert.equal(load({ ...message([]), type: 'header' }).type, 'header');
  assert.equal(load({ ...message([]), type: 'data' }).wording, 'list');
});

test('what the loader refuses of them, naming the file and the field', () => {
  const refuses = (json, words) =>
    assert.throws(
      () => load(json),
      (e) => e instanceof SpecError && e.message.startsWith('T.json') && e.message.includes(words),
    );
  refuses(message([{ ...records, type: '[]records' }]), 'records is a field of its own');
  refuses(message([{ ...records, versions: '9+', taggedVersions: '9+', tag: 0 }]), 'records is a field of its own');
  refuses(message([], { wording: 'codec' }), 'wording must be "protocol" or "streams"');
  refuses({ ...message([]), type: 'response' }, 'type must be "data", "request" or "header"');
  refuses(message([{ name: 'F', type: '[]float64', versions: '0+' }]), '[]float64 is not generated');
});

const text = { name: 'Text', type: 'bytes', versions: '0+', encoding: 'kafka' };
const named = { name: 'Named', type: 'string', versions: '0+', nullableVersions: '0+', negativeNull: true };

test('an int32 version prefix, bytes read as text, a negative length as null (SubscriptionInfo)', () => {
  const m = load(message([text, named], { type: 'data', versionPrefix: 'int32', wording: 'streams' }));
  assert.equal(m.prefixBytes, 4);
  assert.equal(m.wording, 'streams');
  assert.equal(m.root.fields[0].textBytes, true);
  assert.equal(m.root.fields[1].negativeNull, true);
  assert.equal(load(message([], { type: 'data', versionPrefix: 'int16' })).prefixBytes, 2);
});

test('what the loader refuses of those', () => {
  const refuses = (json, words) =>
    assert.throws(
      () => load(json),
      (e) => e instanceof SpecError && e.message.startsWith('T.json') && e.message.includes(words),
    );
  refuses(message([], { versionPrefix: 'int64' }), 'versionPrefix must be "int16" or "int32"');
  refuses(
    message([], { versionPrefix: 'int32', newerVersions: 'readAsLatest' }),
    'readAsLatest needs an int16 versionPrefix',
  );
  refuses(message([{ ...text, encoding: 'strictUtf8' }]), 'bytes are read as text with encoding "kafka" only');
  refuses(message([{ ...text, type: 'int32' }]), 'encoding is for strings');
  refuses(message([{ ...named, nullableVersions: undefined }]), 'negativeNull is for a nullable string or bytes');
  refuses(message([{ ...named, negativeNull: false }]), 'negativeNull must be true');
});

// What AssignmentInfo added: `encoding` "writeUTF" (DataOutput.writeUTF: a u16 length) and
// "javaChars" (an i32 count of readChar units), never null, never compact; `lookup` (an int32 that
// names an element of a root array of structs by its int32 key, read before), with the Streams
// wording. Read in C++ only.
const utf = { name: 'Host', type: 'string', versions: '0+', encoding: 'writeUTF' };
const streams = (fields, extra = {}) => ({
  ...message(fields),
  type: 'data',
  flexibleVersions: 'none',
  versionPrefix: 'int32',
  wording: 'streams',
  ...extra,
});
const refuses = (json, words) =>
  assert.throws(
    () => load(json),
    (e) => e instanceof SpecError && e.message.startsWith('T.json') && e.message.includes(words),
  );

test('writeUTF and javaChars strings, and what the loader refuses of them', () => {
  assert.equal(load(streams([utf])).root.fields[0].encoding, 'writeUTF');
  assert.equal(load(streams([{ ...utf, encoding: 'javaChars' }])).root.fields[0].encoding, 'javaChars');
  const rule = 'is for a string, not nullable, without bounds, in a message with no flexible versions';
  refuses(streams([{ ...utf, type: 'bytes' }]), 'bytes are read as text with encoding "kafka" only');
  refuses(streams([{ ...utf, nullableVersions: '0+' }]), `writeUTF ${rule}`);
  refuses(streams([{ ...utf, bounds: { max: 9, error: 'TRUNCATED' } }]), `writeUTF ${rule}`);
  refuses(message([{ ...utf, encoding: 'javaChars' }]), `javaChars ${rule}`);
});

const entries = {
  name: 'Entries',
  type: '[]Entry',
  versions: '0+',
  fields: [{ name: 'Key', type: 'int32', versions: '0+' }],
};
const lookup = { array: 'Entries', key: 'Key', error: 'TRUNCATED' };
const uses = (over = {}) => ({
  name: 'Uses',
  type: '[]Use',
  versions: '0+',
  fields: [{ name: 'Index', type: 'int32', versions: '0+', lookup: { ...lookup, ...over } }],
});

test('a lookup resolves its array and key, and what the loader refuses of it', () => {
  const m = load(streams([entries, uses()]));
  const f = m.structs.find((s) => s.name === 'Use').fields[0];
  assert.equal(f.lookup.array, m.root.fields[0]);
  assert.equal(f.lookup.key.name, 'Key');
  refuses(streams([uses(), entries]), 'lookup: Entries must be read before the fields that hold Use');
  refuses(streams([entries, uses({ array: 'Uses' })]), 'lookup: Uses must be read before the fields that hold Use');
  refuses(streams([entries, uses({ key: 'Other' })]), 'lookup: Other is not an int32 of every Entry');
  refuses(streams([entries, uses({ error: 'NO_SUCH' })]), 'lookup: error "NO_SUCH" is in no error table');
  refuses(streams([{ ...entries, versions: '3+' }, uses()]), 'lookup: Entries is not in all the versions of Index');
  refuses(streams([entries, uses()], { wording: 'protocol' }), "lookup's words are the Streams decoder's");
});

// What the record batches added (log/specs; wasm/schema/batch.mjs): the types varint and varlong,
// prefix "varint", frame (a size, then records as "rest"), crc32c, bits.
const batch = (fields, type = 'header') => ({ type, name: 'B', validVersions: '2', flexibleVersions: 'none', fields });
const loadBatch = (json) =>
  loadSpec(JSON.stringify(json), { file: 'B.json', family: 'log', errorCodes: new Set(['CRC_MISMATCH']) });
const size = { name: 'Size', type: 'int32', versions: '2', frame: {} };
const rest = { name: 'Records', type: 'records', versions: '2', frame: 'rest' };

test('the record batch keys: frame, crc32c, bits, prefix, varint and varlong', () => {
  const m = loadBatch(
    batch([
      size,
      { name: 'Crc', type: 'uint32', versions: '2', crc32c: { error: 'CRC_MISMATCH' } },
      { name: 'Attributes', type: 'int16', versions: '2', bits: [{ name: 'Codec', bit: 0, width: 3 }] },
      { name: 'Delta', type: 'varlong', versions: '2' },
      { name: 'Key', type: 'bytes', versions: '2', nullableVersions: '2', prefix: 'varint' },
      rest,
    ]),
  );
  const [s, crc, attributes, delta, key, records] = m.root.fields;
  assert.equal(m.frame, s);
  assert.deepEqual(s.frame, { error: '' });
  assert.deepEqual(crc.crc32c, { error: 'CRC_MISMATCH' });
  assert.deepEqual(attributes.bits, [{ name: 'Codec', camel: 'codec', bit: 0, width: 3 }]);
  assert.equal(delta.type.kind, 'varlong');
  assert.equal(key.prefix, 'varint');
  assert.equal(records.frame, 'rest');
});

test('what the loader refuses of the record batch keys, naming the file and the field', () => {
  const refuses = (json, words) =>
    assert.throws(
      () => loadBatch(json),
      (e) => e instanceof SpecError && e.message.startsWith('B.json') && e.message.includes(words),
    );
  refuses(batch([{ name: 'D', type: 'varint', versions: '2' }], 'data'), 'are for C++ messages (not "data")');
  refuses(batch([{ name: 'K', type: 'string', versions: '2', prefix: 'varint' }]), 'prefix is "varint"');
  refuses(batch([size, { ...size, name: 'Other' }]), 'one frame a message');
  refuses(batch([{ ...size, type: 'int64' }]), "a frame's size is an int32 or a varint");
  refuses(batch([rest]), 'frame "rest" is for records after the frame\'s size');
  refuses(
    batch([{ name: 'Crc', type: 'uint32', versions: '2', crc32c: { error: 'CRC_MISMATCH' } }]),
    'crc32c is a uint32',
  );
  refuses(
    batch([size, { name: 'Crc', type: 'uint32', versions: '2', crc32c: { error: 'NOPE' } }]),
    'in no error table',
  );
  refuses(
    batch([{ name: 'A', type: 'int8', versions: '2', bits: [{ name: 'X', bit: 7, width: 2 }] }]),
    'outside the field',
  );
});
