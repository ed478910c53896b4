// ProduceRequest v3 in the whole-topic module (issue 13): decodeProduceRequest and its field tree.
// The core decodes into flat arrays of structs (wasm/core/protocol/produce.h), read here in place
// at the byte offsets the C++ structs have (produceLayout, once per instance). Keys, values and
// texts are slices of one copy of the request's bytes followed by the request's pool (the
// inflated records of gzip batches, repaired texts, error texts).
import { CoordinationError, TA_LENGTH, asBytes, nestFields } from './boundary.js';

// M: the whole-topic module's instance; copy(bytes): the bytes in its heap (their address); text:
// UTF-8 bytes -> string.
export function makeProduceApi(M, entry, copy, text) {
  const layout = entry.produceLayout();
  const { block: K, run: RUN, slice: S, topic: T, partition: P, batch: B, record: R, header: H } = layout;
  const { decoded: D, error: E } = layout;
  const KINDS = ['registration', 'lease'];
  const COMPRESSION = layout.compressions; // by the attributes' codec bits (the core's compressionName)
  function decodeProduceRequest(bytes) {
    bytes = asBytes(bytes, 'decodeProduceRequest: bytes');
    const length = TA_LENGTH.call(bytes); // (an own `length` of the caller's array runs no code)
    const out = entry.decodeProduceRequest(copy(bytes), length);
    if (typeof out !== 'number') throw new CoordinationError(out.code, out.offset, out.field, out.message);
    const { buffer } = M.HEAPU8;
    const I16 = new Int16Array(buffer);
    const I32 = new Int32Array(buffer);
    const I64 = new BigInt64Array(buffer);
    // The request's scalars and the runs of its arrays (log_bindings.cpp ProduceBlock).
    const runAt = (name) => I32[(out + K[name] + RUN.at) >> 2] >>> 0;
    const runCount = (name) => I32[(out + K[name] + RUN.count) >> 2];
    const poolAt = runAt('pool');
    const poolSize = runCount('pool');
    // Keys and values are views into one copy: an ArrayBuffer each made the garbage collector
    // most of the decode time.
    const space = new Uint8Array(length + poolSize);
    space.set(bytes);
    space.set(M.HEAPU8.subarray(poolAt, poolAt + poolSize), length);
    const spaceBuffer = space.buffer;
    // A slice's bytes as a view (null for null), or as text.
    const view = (at) => {
      const n = I32[(at + S.length) >> 2];
      if (n < 0) return null;
      return new Uint8Array(spaceBuffer, I32[(at + S.at) >> 2], n); // (subarray took twice as long)
    };
    const str = (at) => {
      const b = view(at);
      return b === null ? null : b.length === 0 ? '' : text(b);
    };
    // The repeated texts (roles, members, header keys) as one string each (protocol/text_ids.h).
    const texts = new Array(runCount('texts'));
    for (let i = 0, at = runAt('texts'); i < texts.length; i++, at += S.size) texts[i] = str(at);
    const idsAt = runAt('decodedTexts') >>> 2;
    const headerIdsAt = runAt('headerTexts') >>> 2;
    const textOf = (id) => (id < 0 ? null : texts[id]);
    const i64 = (at) => I64[at >> 3];
    const partitionsAt = runAt('partitions');
    const batchesAt = runAt('batches');
    const recordsAt = runAt('records');
    const headersAt = runAt('headers');
    const decodedAt = runAt('decoded');
    const errorsAt = runAt('errors');
    const run = (at, s, fn) => {
      const begin = I32[(at + s.begin) >> 2];
      const n = I32[(at + s.count) >> 2];
      const list = new Array(n);
      for (let i = 0; i < n; i++) list[i] = fn(begin + i);
      return list;
    };
    const errorOf = (i) => {
      const at = errorsAt + i * E.size;
      return {
        code: str(at + E.code),
        offset: I32[(at + E.offset) >> 2],
        field: str(at + E.field),
        part: I32[(at + E.inValue) >> 2] === 0 ? 'key' : 'value',
        message: str(at + E.message),
      };
    };
    const decodedOf = (i) => {
      const at = decodedAt + i * D.size;
      const ids = idsAt + 3 * i;
      const keyKind = I32[(at + D.keyKind) >> 2];
      const key =
        keyKind < 0 ? null : { version: 0, kind: KINDS[keyKind], role: textOf(I32[ids]), member: textOf(I32[ids + 1]) };
      const valueKind = I32[(at + D.valueKind) >> 2];
      let value = null;
      if (valueKind === 0) {
        value = {
          version: 0,
          kind: 'registration',
          member: textOf(I32[ids + 2]),
          registeredAt: i64(at + D.registeredAt),
        };
      } else if (valueKind === 1) {
        value = {
          version: 0,
          kind: 'lease',
          member: textOf(I32[ids + 2]),
          producerId: i64(at + D.producerId),
          producerEpoch: I32[(at + D.producerEpoch) >> 2],
          grantedAt: i64(at + D.grantedAt),
          deadline: i64(at + D.deadline),
        };
      }
      const error = I32[(at + D.error) >> 2];
      return { key, value, error: error < 0 ? null : errorOf(error) };
    };
    const headerOf = (i) => {
      const at = headersAt + i * H.size;
      return { key: textOf(I32[headerIdsAt + i]), value: view(at + H.value) };
    };
    // The records of a batch: one loop, the hot path of a large request.
    const recordsOf = (at) => {
      const begin = I32[(at + B.begin) >> 2];
      const n = I32[(at + B.count) >> 2];
      const list = new Array(n);
      for (let k = 0; k < n; k++) {
        const r = recordsAt + (begin + k) * R.size;
        const count = I32[(r + R.count) >> 2];
        const headers = count === 0 ? [] : new Array(count);
        for (let h = 0, first = I32[(r + R.begin) >> 2]; h < count; h++) headers[h] = headerOf(first + h);
        const decoded = I32[(r + R.decoded) >> 2];
        // Two literals, not a property added later: its shape is final at once.
        list[k] =
          decoded < 0
            ? {
                offset: i64(r + R.offset),
                timestamp: i64(r + R.timestamp),
                key: view(r + R.key),
                value: view(r + R.value),
                headers,
              }
            : {
                offset: i64(r + R.offset),
                timestamp: i64(r + R.timestamp),
                key: view(r + R.key),
                value: view(r + R.value),
                headers,
                decoded: decodedOf(decoded),
              };
      }
      return list;
    };
    const batchOf = (i) => {
      const at = batchesAt + i * B.size;
      return {
        baseOffset: i64(at + B.baseOffset),
        producerId: i64(at + B.producerId),
        producerEpoch: I16[(at + B.producerEpoch) >> 1],
        baseSequence: I32[(at + B.baseSequence) >> 2],
        compression: COMPRESSION[I16[(at + B.attributes) >> 1] & 7],
        records: recordsOf(at),
      };
    };
    const partitionOf = (i) => {
      const at = partitionsAt + i * P.size;
      return { partition: I32[(at + P.partition) >> 2], batches: run(at, P, batchOf) };
    };
    const topics = new Array(runCount('topics'));
    for (let i = 0, at = runAt('topics'); i < topics.length; i++, at += T.size) {
      topics[i] = { topic: str(at + T.topic), partitions: run(at, T, partitionOf) };
    }
    return {
      header:
        I32[(out + K.hasHeader) >> 2] === 1
          ? {
              apiKey: I16[(out + K.apiKey) >> 1],
              apiVersion: I16[(out + K.apiVersion) >> 1],
              correlationId: I32[(out + K.correlationId) >> 2],
              clientId: str(out + K.clientId),
            }
          : null,
      transactionalId: str(out + K.transactionalId),
      acks: I32[(out + K.acks) >> 2],
      timeout: I32[(out + K.timeout) >> 2],
      topics,
    };
  }
  // The field tree of a ProduceRequest in the neutral shape of codec.inspect (FieldNode, nested).
  function inspect(input, target) {
    if (target !== 'produce-request')
      throw new TypeError("inspect: the whole-topic module's target is 'produce-request'");
    const bytes = asBytes(input, 'inspect: bytes');
    const length = TA_LENGTH.call(bytes);
    const raw = entry.inspectProduceRequest(copy(bytes), length);
    const fields = nestFields(raw.fields);
    const ok = raw.error === null;
    const record = ok ? decodeProduceRequest(bytes) : null;
    return {
      target,
      tombstone: false,
      ok,
      fields,
      error: raw.error,
      warnings: raw.warnings,
      record,
      size: length,
    };
  }
  return { decodeProduceRequest, inspect };
}
