// The KRaft metadata log (__cluster_metadata, Apache Kafka 4.1.0) in the whole-topic module,
// composed by wasm/api/log-api.js: decodeClusterMetadataRecord and inspectClusterMetadataRecord.
// The core reads a record's value (wasm/core/clustermetadata/record.h,
// wasm/bindings/clustermetadata_bindings.cpp: the frame's frame version, apiKey and version, then
// the schema-generated message of that type); this reads its answer with the generated readers
// (wasm/api/schema-api.js).
import { asBytes, coordinationErrorOf, heapWords, nestFields, TA_LENGTH } from './boundary.js';

export function makeClusterMetadataApi(M, entry, copy, schema) {
  const types = entry.clusterMetadataRecordTypes(); // [type, apiKey, message id] by RecordType
  const words = heapWords(M);

  function run(value, what, tree) {
    const v = asBytes(value, `${what}: value`);
    const at = copy(v);
    return { v, at, words: entry.clusterMetadataDecode(at, TA_LENGTH.call(v), tree) };
  }
  // The record at the two words (type, block): the message with its type and apiKey.
  function readRecord(r) {
    const W = words();
    const w = r.words >> 2;
    const [type, apiKey, id] = types[W[w]];
    const message = schema.readMessage(id, W[w + 1], r.v, r.at);
    message.type = type;
    message.apiKey = apiKey;
    return message;
  }

  /** A record of __cluster_metadata (its value; the key is null): the message; CoordinationError. */
  function decodeClusterMetadataRecord(value) {
    const r = run(value, 'decodeClusterMetadataRecord', false);
    if (r.words === 0) throw coordinationErrorOf(entry.clusterMetadataError());
    return readRecord(r);
  }

  /** The value's field tree (the frame, then the message), error and warnings; the record when it decodes. */
  function inspectClusterMetadataRecord(value) {
    const r = run(value, 'inspectClusterMetadataRecord', true);
    // The record first: the tree's objects are JS objects, the heap stays as it is.
    const record = r.words === 0 ? null : readRecord(r);
    const raw = entry.clusterMetadataInspection();
    return {
      target: 'cluster-metadata-record',
      ok: record !== null,
      fields: nestFields(raw.fields),
      error: raw.error,
      warnings: raw.warnings,
      record,
      size: TA_LENGTH.call(r.v),
    };
  }

  return { decodeClusterMetadataRecord, inspectClusterMetadataRecord };
}
