// The spec loader (wasm/schema/spec.mjs) on what ProduceRequest v3 added to the spec language
// (wasm/core/schema/README.md): Kafka's message types `request` and `header`, the type `records`
// (bytes whose batches Options.records reads; never an array's element nor tagged) and the
// message key `wording` ("protocol" only). Each refusal names the file and the field.
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
  assert.equal(m.protocolWording, true);
  assert.deepEqual(m.root.fields[0].type, { kind: 'bytes', records: true });
  assert.equal(load({ ...message([]), type: 'header' }).type, 'header');
  assert.equal(load({ ...message([]), type: 'data' }).protocolWording, false);
});

test('what the loader refuses of them, naming the file and the field', () => {
  const refuses = (json, words) =>
    assert.throws(
      () => load(json),
      (e) => e instanceof SpecError && e.message.startsWith('T.json') && e.message.includes(words),
    );
  refuses(message([{ ...records, type: '[]records' }]), 'records is a field of its own');
  refuses(message([{ ...records, versions: '9+', taggedVersions: '9+', tag: 0 }]), 'records is a field of its own');
  refuses(message([], { wording: 'codec' }), 'wording must be "protocol"');
  refuses({ ...message([]), type: 'response' }, 'type must be "data", "request" or "header"');
  refuses(message([{ name: 'F', type: 'float64', versions: '0+' }]), 'type float64 is not generated');
});
