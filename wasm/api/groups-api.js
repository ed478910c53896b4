// The records of __consumer_offsets and the consumer protocol in the whole-topic module
// (wasm/core/groups/records.h; the boundary: wasm/bindings/groups_bindings.cpp). The core decodes every
// message with its schema-generated decoder and leaves words in the heap: the blocks of the
// messages (read by the generated readers through wasm/api/schema-api.js) and, for a consumer group's
// members, each nested level's state, block and Streams flat record (wasm/api/streams-records.js).
import { asBytes, coordinationErrorOf, heapWords, nestFields, TA_LENGTH } from './boundary.js';
import { streamsRecords } from './streams-records.js';
import { groupObjects, readGroupFlat } from './groups-state.js';
import { GROUP_LEVEL_WORDS, GROUP_RECORD_WORDS } from '../generated/tables.js';

// groups_bindings.cpp's words (wasm/core/groups/flat.h): a record's, then its members' levels'.
const { type: R_TYPE, key: R_KEY, value: R_VALUE, members: R_MEMBERS, size: RECORD_WORDS } = GROUP_RECORD_WORDS;
const LV = GROUP_LEVEL_WORDS;
const LEVEL_WORDS = LV.size;
const DECODED = 1;
const FAILED = 2;
const CONSUMER_TARGETS = ['consumer-subscription', 'consumer-assignment'];

// M: the whole-topic module's instance; copy(bytes): the bytes in its heap (their address);
// schema: wasm/api/schema-api.js's readMessage and its message ids by name.
export function makeGroupsApi(M, entry, copy, schema) {
  const types = entry.groupRecordTypes(); // [type, key message id, value message id] by RecordType
  const subscriptionId = schema.idOf('ConsumerProtocolSubscription');
  const assignmentId = schema.idOf('ConsumerProtocolAssignment');
  const streams = streamsRecords();
  const words = heapWords(M);

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
    if (W[w + LV.streamsState] === 0) return undefined;
    if (W[w + LV.streamsState] === FAILED) return { error: nested()[W[w + LV.streamsError]] };
    const flat = {
      words: W[w + LV.streamsWords],
      texts: W[w + LV.streamsTexts],
      units: W[w + LV.streamsUnits],
      textCount: W[w + LV.streamsTextCount],
      input: inputAt + W[w + LV.streamsInput],
    };
    streams.use(M.HEAPU8, flat);
    return { record: assignment ? streams.assignment() : streams.subscription() };
  }
  // A consumer protocol level of a member at words w: {record} | {error}, null for empty bytes.
  function consumerLevel(W, w, bytes, inputAt, inputCopy, assignment, nested) {
    if (W[w + LV.state] === 0) return null;
    if (W[w + LV.state] === FAILED) return { error: nested()[W[w + LV.error]] };
    const id = assignment ? assignmentId : subscriptionId;
    const record = schema.readMessage(id, W[w + LV.block], bytes, inputAt, inputCopy);
    const level = streamsLevel(W, w, inputAt, assignment, nested);
    if (level !== undefined) record.streams = level;
    return { record };
  }

  // The record of the words at `at` (a decode that succeeded, or an inspect's parts that did).
  function readRecord(at, k, v, keyAt, valueAt, nestedLevels) {
    const W = words();
    const w = at >> 2;
    const [type, keyId, valueId] = types[W[w + R_TYPE]];
    const key = schema.readMessage(keyId, W[w + R_KEY], k, keyAt);
    key.type = type;
    if (v === null) return { key, value: null };
    // One copy of the value, shared by the members' byte fields and the levels nested in them.
    const valueCopy = new Uint8Array(v);
    const value = schema.readMessage(valueId, W[w + R_VALUE], v, valueAt, valueCopy);
    value.type = type;
    // Kafka's OffsetCommitValue has an expire timestamp in version 1 only.
    if (type === 'offset' && value.version !== 1) value.expireTimestamp = null;
    if (!nestedLevels) return { key, value };
    let errors = null;
    const nested = () => (errors ??= entry.groupNestedErrors());
    const count = W[w + R_MEMBERS];
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
    // Every argument read before the heap is touched: a getter that calls the API would overwrite it.
    const nested = options.nested === true;
    const { k, v } = recordArgs(key, value, 'decodeGroupRecord');
    const { keyAt, valueAt } = copyRecord(k, v);
    const at = entry.groupDecode(keyAt, TA_LENGTH.call(k), valueAt, v === null ? -1 : TA_LENGTH.call(v), false);
    if (at === 0) throw coordinationErrorOf(entry.groupError());
    return readRecord(at, k, v, keyAt, valueAt, nested);
  }

  /** Key and value's field trees (the members' nested levels grafted in), errors and warnings. */
  function inspectGroupRecord(key, value) {
    const { k, v } = recordArgs(key, value, 'inspectGroupRecord');
    const { keyAt, valueAt } = copyRecord(k, v);
    const at = entry.groupDecode(keyAt, TA_LENGTH.call(k), valueAt, v === null ? -1 : TA_LENGTH.call(v), true);
    const W = words();
    const ok = at !== 0 && W[(at >> 2) + R_KEY] !== 0 && (v === null || W[(at >> 2) + R_VALUE] !== 0);
    // The record first: the tree's objects are JS objects, the heap stays as it is.
    const record = ok ? readRecord(at, k, v, keyAt, valueAt, true) : null;
    const raw = entry.groupInspection();
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
    const at = entry.consumerDecode(message, inputAt, TA_LENGTH.call(bytes), streamsToo, tree);
    return { bytes, inputAt, at };
  }
  function consumerRecord(message, r, streamsToo) {
    const W = words();
    const w = r.at >> 2;
    const id = message === 0 ? subscriptionId : assignmentId;
    const record = schema.readMessage(id, W[w + LV.block], r.bytes, r.inputAt);
    if (streamsToo) {
      const level = streamsLevel(W, w, r.inputAt, message === 1, () => entry.groupNestedErrors());
      if (level !== undefined) record.streams = level;
    }
    return record;
  }
  function decodeConsumer(message, input, what) {
    const r = consumerRun(message, input, false, false, what);
    if (r.at === 0) throw coordinationErrorOf(entry.groupError());
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
    const raw = entry.consumerInspection(message);
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

/**
 * The groups fold of the whole-topic API: createGroupFolder, foldGroups, and the merger of parts
 * folded apart (`merger()`, for log-api.js's [createMerger]('groups')). `shared`: log-api.js's
 * copy, text, logInput, pushRows, partitionOf, foldPartial (the symbol), and
 * decodeGroupRecord.
 */
export function makeGroupFoldApi(M, entry, shared) {
  const { copy, text, logInput, pushRows, partitionOf, foldPartial, decodeGroupRecord } = shared;
  const dropped =
    typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((handle) => entry.grpDelete(handle)) : null;
  const streams = streamsRecords();
  const resultOf = (h) => groupObjects(readGroupFlat(M, entry.grpResult(h), text, streams), decodeGroupRecord);

  // An object owning a handle (a folder or a merger): methodsOf(live) and result(), dispose().
  function owning(what, merger, methodsOf) {
    let handle = entry.grpNew(merger ? 1 : 0);
    const live = () => {
      if (!handle) throw new Error(`coordination-viewer: the ${what} was disposed`);
      return handle;
    };
    const object = Object.assign(methodsOf(live), {
      /** { groups, anomalies, errors, records }; i64 values as bigint. */
      result() {
        return resultOf(live());
      },
      /** Frees its wasm memory; it cannot be used afterwards. */
      dispose() {
        if (!handle) return;
        dropped?.unregister(object);
        entry.grpDelete(handle);
        handle = 0;
      },
    });
    dropped?.register(object, handle, object);
    return object;
  }

  function createGroupFolder() {
    let records = 0;
    return owning('folder', false, (live) => ({
      // pushLog, endLog: segments of __consumer_offsets.
      ...logInput(live, entry.grpPushLog, entry.grpEndLog, (n) => (records = n)),
      /** Records from another source: { key, value, partition?, offset?, timestamp?, line? }. */
      pushRecords(list) {
        records += pushRows(list, live, (h, at, n) => entry.grpPushRecords(h, at, n));
      },
      get records() {
        return records;
      },
      /** The fold's part as bytes (a copy out of the heap, to transfer); the partition is in its records. */
      [foldPartial]() {
        const n = entry.grpPartial(live());
        const at = entry.grpBytes();
        return M.HEAPU8.slice(at, at + n);
      },
    }));
  }

  function merger() {
    return owning('merger', true, (live) => ({
      add(order, partial) {
        if (!Number.isInteger(order) || order < 0 || order > 0x7fffffff)
          throw new RangeError('add: order must be an integer 0 to 2^31-1');
        const bytes = asBytes(partial, 'add: partial');
        const h = live();
        const at = copy(bytes);
        if (entry.grpAdd(h, order, at, TA_LENGTH.call(bytes)) !== 0)
          throw new Error('add: not a part of a groups fold (no CVG1 magic, or malformed)');
      },
      // Parts of distinct partitions make the result: none is folded again.
      refold() {
        return null;
      },
    }));
  }

  function foldGroups(input, options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError('foldGroups: options must be an object');
    const folder = createGroupFolder();
    try {
      if (!Array.isArray(input)) {
        input = asBytes(input, 'foldGroups: input (log bytes or an array of records)');
        const partition = options.partition ?? 0;
        folder.pushLog(input, partition);
        folder.endLog(partition);
      } else {
        folder.pushRecords(input);
      }
      return folder.result();
    } finally {
      folder.dispose();
    }
  }

  return { createGroupFolder, foldGroups, merger };
}
