// Kafka's share-group state (__share_group_state, KIP-932's share coordinator, Apache Kafka 4.1.0)
// in the whole-topic module, composed by wasm/api/log-api.js: decodeShareStateRecord and
// inspectShareStateRecord. The core reads the records (wasm/core/sharestate/record.h,
// wasm/bindings/sharestate_bindings.cpp: the record type from the key's prefix, then the
// schema-generated ShareSnapshot/ShareUpdate key and value); this reads its answers with the
// generated readers (wasm/api/schema-api.js).
import { asBytes, coordinationErrorOf, heapWords, nestFields, TA_LENGTH } from './boundary.js';

export function makeShareStateApi(M, entry, copy, schema) {
  const types = entry.shareStateRecordTypes(); // [type, key message id, value message id] by RecordType
  const words = heapWords(M);

  // Key and value in one copy (the value right after the key); every argument read first.
  function run(key, value, what, tree) {
    const k = asBytes(key, `${what}: key`);
    const v =
      value === null || value === undefined ? null : asBytes(value, `${what}: value (bytes, or null for a tombstone)`);
    const kl = TA_LENGTH.call(k);
    const both = new Uint8Array(kl + (v === null ? 0 : TA_LENGTH.call(v)));
    both.set(k);
    if (v !== null) both.set(v, kl);
    const keyAt = copy(both);
    const valueAt = keyAt + kl;
    const at = entry.shareStateDecode(keyAt, kl, valueAt, v === null ? -1 : TA_LENGTH.call(v), tree);
    return { k, v, keyAt, valueAt, at };
  }
  function part(id, block, bytes, inputAt, type) {
    const message = schema.readMessage(id, block, bytes, inputAt);
    message.type = type;
    return message;
  }
  // The record at the three words (type, key block, value block); null where a part is missing.
  function readRecord(r) {
    const W = words();
    const w = r.at >> 2;
    const [type, keyId, valueId] = types[W[w]];
    const keyBlock = W[w + 1];
    const valueBlock = W[w + 2];
    const key = keyBlock === 0 ? null : part(keyId, keyBlock, r.k, r.keyAt, type);
    const value = r.v === null || valueBlock === 0 ? null : part(valueId, valueBlock, r.v, r.valueAt, type);
    return { key, value };
  }

  /** A record of __share_group_state: its key and value (null: a tombstone); CoordinationError. */
  function decodeShareStateRecord(key, value) {
    const r = run(key, value, 'decodeShareStateRecord', false);
    if (r.at === 0) throw coordinationErrorOf(entry.shareStateError());
    return readRecord(r);
  }

  /** Key and value's field trees, errors and warnings, and the record when both decode. */
  function inspectShareStateRecord(key, value) {
    const r = run(key, value, 'inspectShareStateRecord', true);
    const W = words();
    const ok = r.at !== 0 && W[(r.at >> 2) + 1] !== 0 && (r.v === null || W[(r.at >> 2) + 2] !== 0);
    // The record first: the tree's objects are JS objects, the heap stays as it is.
    const record = ok ? readRecord(r) : null;
    const raw = entry.shareStateInspection();
    const tree = (p) => ({ fields: nestFields(p.fields), error: p.error, warnings: p.warnings });
    return {
      target: 'share-state-record',
      ok,
      key: tree(raw.key),
      value: raw.value === null ? null : tree(raw.value),
      record,
      size: TA_LENGTH.call(r.k) + (r.v === null ? 0 : TA_LENGTH.call(r.v)),
    };
  }

  return { decodeShareStateRecord, inspectShareStateRecord };
}
