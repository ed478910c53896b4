// The records of __consumer_offsets and the consumer protocol in the whole-topic module
// (wasm/core/groups/records.h; the boundary: wasm/groups_bindings.cpp). The core decodes every
// message with its schema-generated decoder and leaves words in the heap: the blocks of the
// messages (read by the generated readers through wasm/schema-api.js) and, for a consumer group's
// members, each nested level's state, block and Streams flat record (wasm/streams-records.js).
import { CoordinationError, TA_LENGTH, asBytes, nestFields } from './boundary.js';
import { streamsRecords } from './streams-records.js';

// groups_bindings.cpp's words: a record's (type, key block, value block, member count), then a
// level's (LEVEL words each: state, error index, block, Streams state, error index, words, texts,
// units, text count, where the userData starts).
const RECORD_WORDS = 4;
const LEVEL_WORDS = 10;
const DECODED = 1;
const FAILED = 2;
const CONSUMER_TARGETS = ['consumer-subscription', 'consumer-assignment'];

// M: the whole-topic module's instance; copy(bytes): the bytes in its heap (their address);
// schema: wasm/schema-api.js's readMessage and its message ids by name.
export function makeGroupsApi(M, copy, schema) {
  const types = M.groupRecordTypes(); // [type, key message id, value message id] by RecordType
  const subscriptionId = schema.idOf('ConsumerProtocolSubscription');
  const assignmentId = schema.idOf('ConsumerProtocolAssignment');
  const streams = streamsRecords();
  let U32 = null;
  const words = () => {
    if (U32 === null || U32.buffer !== M.HEAPU8.buffer) U32 = new Uint32Array(M.HEAPU8.buffer);
    return U32;
  };
  const refused = (e) => new CoordinationError(e.code, e.offset, e.field, e.message);

  // The key in a heap buffer of its own (keys are small), the value in the module's input buffer
  // (copy): their heap addresses. The key's buffer first: an allocation may grow the memory.
  let keyBuffer = 0;
  let keyCapacity = 0;
  function copyRecord(key, value) {
    const n = TA_LENGTH.call(key);
    if (n > keyCapacity) {
      if (keyBuffer) M._free(keyBuffer);
      keyCapacity = Math.max(n, 256);
      keyBuffer = M._malloc(keyCapacity);
      if (!keyBuffer) {
        keyCapacity = 0;
        throw new RangeError(`coordination-viewer: cannot allocate ${n} bytes in the wasm heap`);
      }
    }
    const valueAt = value === null ? 0 : copy(value);
    M.HEAPU8.set(key, keyBuffer);
    return { keyAt: keyBuffer, valueAt };
  }
  function recordArgs(key, value, what) {
    const k = asBytes(key, `${what}: key`);
    const v = value === null ? null : asBytes(value, `${what}: value (bytes, or null for a tombstone)`);
    return { k, v };
  }

  // The Streams level of a nested message at words w: {record} | {error}; undefined when not read.
  function streamsLevel(W, w, inputAt, assignment, nested) {
    if (W[w + 3] === 0) return undefined;
    if (W[w + 3] === FAILED) return { error: nested()[W[w + 4]] };
    const flat = { words: W[w + 5], texts: W[w + 6], units: W[w + 7], textCount: W[w + 8], input: inputAt + W[w + 9] };
    streams.use(M.HEAPU8, flat);
    return { record: assignment ? streams.assignment() : streams.subscription() };
  }
  // A consumer protocol level of a member at words w: {record} | {error}, null for empty bytes.
  function consumerLevel(W, w, bytes, inputAt, inputCopy, assignment, nested) {
    if (W[w] === 0) return null;
    if (W[w] === FAILED) return { error: nested()[W[w + 1]] };
    const record = schema.readMessage(assignment ? assignmentId : subscriptionId, W[w + 2], bytes, inputAt, inputCopy);
    const level = streamsLevel(W, w, inputAt, assignment, nested);
    if (level !== undefined) record.streams = level;
    return { record };
  }

  // The record of the words at `at` (a decode that succeeded, or an inspect's parts that did).
  function readRecord(at, k, v, keyAt, valueAt, nestedLevels) {
    const W = words();
    const w = at >> 2;
    const [type, keyId, valueId] = types[W[w]];
    const key = schema.readMessage(keyId, W[w + 1], k, keyAt);
    key.type = type;
    if (v === null) return { key, value: null };
    // One copy of the value, shared by the members' byte fields and the levels nested in them.
    const valueCopy = new Uint8Array(v);
    const value = schema.readMessage(valueId, W[w + 2], v, valueAt, valueCopy);
    value.type = type;
    // Kafka's OffsetCommitValue has an expire timestamp in version 1 only.
    if (type === 'offset' && value.version !== 1) value.expireTimestamp = null;
    if (!nestedLevels) return { key, value };
    let errors = null;
    const nested = () => (errors ??= M.groupNestedErrors());
    const count = W[w + 3];
    for (let i = 0; i < count; i++) {
      const l = w + RECORD_WORDS + 2 * i * LEVEL_WORDS;
      // A nested message's slices are in the value's space up to its own end (records.cpp
      // readConsumer): read with the value's bytes up to there.
      const member = value.members[i];
      const subscriptionEnd = v.subarray(
        0,
        member.subscription.byteOffset - valueCopy.byteOffset + member.subscription.length,
      );
      const assignmentEnd = v.subarray(
        0,
        member.assignment.byteOffset - valueCopy.byteOffset + member.assignment.length,
      );
      member.consumerSubscription = consumerLevel(W, l, subscriptionEnd, valueAt, valueCopy, false, nested);
      member.consumerAssignment = consumerLevel(W, l + LEVEL_WORDS, assignmentEnd, valueAt, valueCopy, true, nested);
    }
    return { key, value };
  }

  /** A record of __consumer_offsets: its key and value (null: a tombstone); CoordinationError. */
  function decodeGroupRecord(key, value, options = {}) {
    if (options === null || typeof options !== 'object')
      throw new TypeError('decodeGroupRecord: options must be an object');
    const { k, v } = recordArgs(key, value, 'decodeGroupRecord');
    const { keyAt, valueAt } = copyRecord(k, v);
    const at = M.groupDecode(keyAt, TA_LENGTH.call(k), valueAt, v === null ? -1 : TA_LENGTH.call(v), false);
    if (at === 0) throw refused(M.groupError());
    return readRecord(at, k, v, keyAt, valueAt, options.nested === true);
  }

  /** Key and value's field trees (the members' nested levels grafted in), errors and warnings. */
  function inspectGroupRecord(key, value) {
    const { k, v } = recordArgs(key, value, 'inspectGroupRecord');
    const { keyAt, valueAt } = copyRecord(k, v);
    const at = M.groupDecode(keyAt, TA_LENGTH.call(k), valueAt, v === null ? -1 : TA_LENGTH.call(v), true);
    const W = words();
    const ok = at !== 0 && W[(at >> 2) + 1] !== 0 && (v === null || W[(at >> 2) + 2] !== 0);
    // The record first: the tree's objects are JS objects, the heap stays as it is.
    const record = ok ? readRecord(at, k, v, keyAt, valueAt, true) : null;
    const raw = M.groupInspection();
    const part = (p) => ({ fields: nestFields(p.fields), error: p.error, warnings: p.warnings });
    return {
      target: 'group-record',
      ok,
      key: part(raw.key),
      value: raw.value === null ? null : part(raw.value),
      nestedErrors: raw.value === null ? [] : raw.value.nestedErrors,
      record,
      size: TA_LENGTH.call(k) + (v === null ? 0 : TA_LENGTH.call(v)),
    };
  }

  // A consumer protocol message alone (message 0: a subscription, 1: an assignment).
  function consumerRun(message, input, streamsToo, tree, what) {
    const bytes = asBytes(input, `${what}: bytes`);
    const inputAt = copy(bytes);
    const at = M.consumerDecode(message, inputAt, TA_LENGTH.call(bytes), streamsToo, tree);
    return { bytes, inputAt, at };
  }
  function consumerRecord(message, r, streamsToo) {
    const W = words();
    const w = r.at >> 2;
    const record = schema.readMessage(message === 0 ? subscriptionId : assignmentId, W[w + 2], r.bytes, r.inputAt);
    if (streamsToo) {
      const level = streamsLevel(W, w, r.inputAt, message === 1, () => M.groupNestedErrors());
      if (level !== undefined) record.streams = level;
    }
    return record;
  }
  function decodeConsumer(message, input, what) {
    const r = consumerRun(message, input, false, false, what);
    if (r.at === 0) throw refused(M.groupError());
    return consumerRecord(message, r, false);
  }
  /** ConsumerProtocol.deserializeSubscription's fields (newer versions read as 3). */
  const decodeConsumerSubscription = (bytes) => decodeConsumer(0, bytes, 'decodeConsumerSubscription');
  /** ConsumerProtocol.deserializeAssignment's fields (newer versions read as 3). */
  const decodeConsumerAssignment = (bytes) => decodeConsumer(1, bytes, 'decodeConsumerAssignment');

  /** inspect(bytes, 'consumer-subscription' | 'consumer-assignment', { streams }). */
  function inspectConsumer(input, target, options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError('inspect: options must be an object');
    const message = CONSUMER_TARGETS.indexOf(target);
    const streamsToo = options.streams === true;
    const r = consumerRun(message, input, streamsToo, true, 'inspect');
    const record = r.at === 0 ? null : consumerRecord(message, r, streamsToo);
    const raw = M.consumerInspection(message);
    return {
      target,
      tombstone: false,
      ok: raw.error === null,
      fields: nestFields(raw.fields),
      error: raw.error,
      warnings: raw.warnings,
      nestedErrors: raw.nestedErrors,
      record,
      size: TA_LENGTH.call(r.bytes),
    };
  }

  return {
    decodeConsumerSubscription,
    decodeConsumerAssignment,
    decodeGroupRecord,
    inspectGroupRecord,
    inspectConsumer,
    consumerTargets: CONSUMER_TARGETS,
  };
}
