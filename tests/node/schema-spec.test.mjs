// The spec loader (wasm/schema/spec.mjs) on what ProduceRequest v3 added to the spec language
// (wasm/core/schema/README.md): Kafka's message types `request` and `header`, the type `records`
// (bytes whose batches Options.records reads; never an array's element nor tagged) and the
// message key `wording`; and on what SubscriptionInfo added: an int32 `versionPrefix`, `wording`
// "streams", bytes read as text (`encoding` on bytes) and `negativeNull`. Each refusal names the
// file and the field.
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
  refuses(message([{ name: 'F', type: 'float64', versions: '0+' }]), 'type float64 is not generated');
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
