// Kafka Streams rebalance metadata (SubscriptionInfo / AssignmentInfo) in the single-record codec
// (wasm/index.js makes it with the codec and hands it each module instance).
// One call decodes into int32 words, a text table and a pool of UTF-16 code units (the core's
// FlatRecord, wasm/core/streams/streams.h, has the layouts), and for inspect the field tree as
// flat nodes; the objects are built here, each text once. Strings are Java Strings (readUTF can
// return a lone surrogate), so they are built from code units, not from UTF-8.
// The coordination-only modules (coordination_record, coordination_inspect: wasm/CMakeLists.txt) are built
// without these entry points: calling one names the build instead of failing inside the glue.
import { CoordinationError, STREAMS_TARGETS, TA_LENGTH, asBytes, streamsAbsent, unitsText } from './boundary.js';

const fromCharCode = String.fromCharCode;
// The character codes of the hex digits 0-9a-f.
const HEX_CODES = [48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102];

// host: what the codec shares: refresh() (its heap views made current), copyIn(bytes, n) (the
// input in the heap: its address), outputJson() (the last call's JSON output), nestFieldsAt(flat,
// p) (the tree nested, texts read from the input at p), decodeRange(heap, start, end) (UTF-8).
export function makeStreamsApi(host) {
  let M, cvStreamsDecode, CODES, tables; // the module instance, set by bind()
  // A module instance (the first, or a fresh one: index.js renew()) and its parsed tables.
  function bind(m, moduleTables) {
    M = m;
    cvStreamsDecode = m._cv_streams_decode;
    tables = moduleTables;
    CODES = tables.streamsCodes;
    streamsHeap = null;
  }
  function requireStreams(fn) {
    if (typeof cvStreamsDecode !== 'function') throw streamsAbsent(fn, tables.build);
  }
  let streamsHeap = null; // the HEAPU8 the views below were made for
  let heap = null;
  let u16 = null;
  let I = null; // Int32Array over the whole heap: no view to allocate per call
  let dv = null; // and a DataView: tasks are read in the input copy, big-endian (streams.h)
  let SB = 0; // the streams block (bindings.cpp StreamsBlock) as an index into I, and its slots
  let S = null;
  let at = 0; // the next word of the record being built
  let inputAt = 0; // the heap address of the input copy
  let texts = null; // an assignment's texts
  function streamsViews() {
    host.refresh();
    if (streamsHeap !== M.HEAPU8) {
      heap = streamsHeap = M.HEAPU8;
      u16 = new Uint16Array(heap.buffer);
      I = new Int32Array(heap.buffer);
      dv = new DataView(heap.buffer);
      SB = M._cv_streams_out() >> 2;
      S = tables.layout.streams;
    }
  }
  // After a call with the given status: throws the CoordinationError, or sets `at` to the
  // record's first word.
  function streamsResult(status) {
    streamsViews();
    if (status !== 0) {
      const fieldLen = I[SB + S.fieldLen];
      const textPtr = I[SB + S.text];
      const text = host.decodeRange(heap, textPtr, textPtr + fieldLen + I[SB + S.messageLen]);
      throw new CoordinationError(
        CODES[I[SB + S.code]],
        I[SB + S.offset],
        text.slice(0, fieldLen),
        text.slice(fieldLen),
      );
    }
    at = I[SB + S.words] >> 2;
  }
  // Text k of the record.
  function text(k) {
    const t = (I[SB + S.texts] >> 2) + 2 * k;
    return unitsText(u16, (I[SB + S.units] >> 1) + I[t], I[t + 1]);
  }
  // Every text of the record, each made once (an assignment names the same topics many times).
  function allTexts() {
    const out = new Array(I[SB + S.textCount]);
    for (let k = 0; k < out.length; k++) out[k] = text(k);
    return out;
  }

  // (Locals for the view and the cursor: a closure variable is a memory access each time.)
  // A list of tasks: its count, then where the tasks are in the input.
  function taskList() {
    const D = dv;
    const n = I[at];
    let b = inputAt + I[at + 1];
    at += 2;
    const out = new Array(n);
    for (let k = 0; k < n; k++, b += 8) out[k] = { topicGroupId: D.getInt32(b), partition: D.getInt32(b + 4) };
    return out;
  }
  // An assignment's v10+ tasks: (group, partition, named topology text or -1) each.
  function namedTaskList() {
    const n = I[at++];
    const out = new Array(n);
    for (let k = 0; k < n; k++) out[k] = namedTask();
    return out;
  }
  function namedTask() {
    const t = I[at + 2];
    const task = { topicGroupId: I[at], partition: I[at + 1], namedTopology: t < 0 ? null : texts[t] };
    at += 3;
    return task;
  }
  function partitionList() {
    const W = I;
    const T = texts;
    let i = at;
    const n = W[i++];
    const out = new Array(n);
    for (let k = 0; k < n; k++, i += 2) out[k] = { topic: T[W[i]], partition: W[i + 1] };
    at = i;
    return out;
  }

  // Java's UUID.toString() of the 16 bytes at heap[i..] (msb then lsb, big-endian): lower-case
  // 8-4-4-4-12, made in one fromCharCode call (cheaper than joining pieces).
  function uuidText(h, i) {
    const x = HEX_CODES;
    // prettier-ignore
    return fromCharCode(
      x[h[i] >> 4], x[h[i] & 15], x[h[i + 1] >> 4], x[h[i + 1] & 15], x[h[i + 2] >> 4], x[h[i + 2] & 15],
      x[h[i + 3] >> 4], x[h[i + 3] & 15], 45, x[h[i + 4] >> 4], x[h[i + 4] & 15], x[h[i + 5] >> 4],
      x[h[i + 5] & 15], 45, x[h[i + 6] >> 4], x[h[i + 6] & 15], x[h[i + 7] >> 4], x[h[i + 7] & 15], 45,
      x[h[i + 8] >> 4], x[h[i + 8] & 15], x[h[i + 9] >> 4], x[h[i + 9] & 15], 45, x[h[i + 10] >> 4],
      x[h[i + 10] & 15], x[h[i + 11] >> 4], x[h[i + 11] & 15], x[h[i + 12] >> 4], x[h[i + 12] & 15],
      x[h[i + 13] >> 4], x[h[i + 13] & 15], x[h[i + 14] >> 4], x[h[i + 14] & 15], x[h[i + 15] >> 4],
      x[h[i + 15] & 15],
    );
  }

  function subscriptionRecord() {
    const version = I[at];
    const latestSupportedVersion = I[at + 1];
    if (I[at + 2] === 1) return { version, latestSupportedVersion, probing: true };
    const processId = uuidText(heap, inputAt + I[at + 3]);
    at += 4;
    if (version >= 7) return offsetSumsRecord(version, latestSupportedVersion, processId);
    const prevTasks = taskList();
    const standbyTasks = taskList();
    const userEndPoint = I[at] < 0 ? null : text(I[at]);
    return { version, latestSupportedVersion, processId, prevTasks, standbyTasks, userEndPoint, probing: false };
  }

  // Versions 7+ (streams.h has the words): the task offset sums flattened, and the previous active
  // and standby tasks derived from them as Kafka's SubscriptionInfo.prevTasks() / standbyTasks()
  // do (3.8.0: offset sum Task.LATEST_OFFSET = -2 is a running active task, any other a standby;
  // the sums are a map keyed by task, so a task given twice counts once, by its last sum).
  function offsetSumsRecord(version, latestSupportedVersion, processId) {
    const D = dv;
    const userEndPoint = I[at] < 0 ? null : text(I[at]);
    const taskOffsetSums = new Array(I[at + 1]);
    at += 2;
    for (let k = 0; k < taskOffsetSums.length; k++, at += 4) {
      const topicGroupId = I[at];
      const partition = I[at + 1];
      const offsetSum = D.getBigInt64(inputAt + I[at + 2]);
      taskOffsetSums[k] = { topicGroupId, partition, offsetSum, namedTopology: I[at + 3] < 0 ? null : text(I[at + 3]) };
    }
    const prevTasks = [];
    const standbyTasks = [];
    const later = new Set(); // the tasks of the sums after this one, walking back from the last
    for (let k = taskOffsetSums.length - 1; k >= 0; k--) {
      const { topicGroupId, partition, offsetSum, namedTopology } = taskOffsetSums[k];
      const task =
        namedTopology === null ? `${topicGroupId}.${partition}` : `${topicGroupId}.${partition}:${namedTopology}`;
      if (later.has(task)) continue;
      later.add(task);
      (offsetSum === -2n ? prevTasks : standbyTasks).push({ topicGroupId, partition });
    }
    prevTasks.reverse();
    standbyTasks.reverse();
    const uniqueField = version >= 8 ? I[at] : null;
    const errorCode = I[at + 1];
    const clientTags = new Array(I[at + 2]);
    at += 3;
    for (let k = 0; k < clientTags.length; k++, at += 2) clientTags[k] = { key: text(I[at]), value: text(I[at + 1]) };
    return {
      version,
      latestSupportedVersion,
      processId,
      prevTasks,
      standbyTasks,
      userEndPoint,
      probing: false,
      taskOffsetSums,
      uniqueField,
      errorCode,
      clientTags,
    };
  }

  function hostList() {
    const out = new Array(I[at++]);
    for (let k = 0; k < out.length; k++) {
      const host = texts[I[at]];
      const port = I[at + 1];
      at += 2;
      out[k] = { host, port, partitions: partitionList() };
    }
    return out;
  }

  // The fields of each version only (a record of an older version keeps its shape): v6+
  // standbyPartitionsByHost, v7+ nextRebalanceMs, v10+ a named topology in every task.
  function assignmentRecord() {
    texts = allTexts();
    const version = I[at];
    const latestSupportedVersion = I[at + 1];
    const errorCode = I[at + 2];
    const nextRebalanceAt = I[at + 3];
    at += 4;
    const named = version >= 10;
    const activeTasks = named ? namedTaskList() : taskList();
    const standbyTasks = new Array(I[at++]);
    for (let k = 0; k < standbyTasks.length; k++) {
      let task;
      if (named) {
        task = namedTask();
      } else {
        task = { topicGroupId: I[at], partition: I[at + 1] };
        at += 2;
      }
      standbyTasks[k] = { task, partitions: partitionList() };
    }
    const partitionsByHost = hostList();
    const record = { version, latestSupportedVersion, activeTasks, standbyTasks, partitionsByHost, errorCode };
    if (version < 6) return record;
    record.standbyPartitionsByHost = hostList();
    if (version >= 7) record.nextRebalanceMs = dv.getBigInt64(inputAt + nextRebalanceAt);
    return record;
  }

  // Decodes the input as target 0 (subscription) or 1 (assignment) for the API function fn (what:
  // its argument, named in a TypeError): throws the error, or leaves the record's first word in at.
  function streamsDecode(target, input, fn, what) {
    requireStreams(fn);
    const bytes = asBytes(input, what);
    const n = TA_LENGTH.call(bytes);
    inputAt = host.copyIn(bytes, n);
    streamsResult(cvStreamsDecode(target, inputAt, n, 0));
  }

  function decodeSubscription(input) {
    streamsDecode(0, input, 'decodeSubscription', 'decodeSubscription: bytes');
    return subscriptionRecord();
  }

  function decodeAssignment(input) {
    streamsDecode(1, input, 'decodeAssignment', 'decodeAssignment: bytes');
    return assignmentRecord();
  }

  // One call: the tree, and the record of the same decode.
  function inspectStreams(bytes, target) {
    requireStreams(`inspect(bytes, '${target}')`);
    if (bytes === null) throw new TypeError(`inspect: bytes must not be null for '${target}'`);
    const t = STREAMS_TARGETS.indexOf(target);
    const n = TA_LENGTH.call(bytes);
    const p = host.copyIn(bytes, n);
    inputAt = p;
    const status = cvStreamsDecode(t, p, n, 1);
    const raw = host.outputJson(); // the error and the warnings
    streamsViews();
    const fields = streamsFields(p);
    let record = null;
    if (status === 0) {
      streamsResult(status);
      record = t === 0 ? subscriptionRecord() : assignmentRecord();
    }
    return {
      target,
      tombstone: false,
      ok: status === 0,
      fields,
      error: raw.error,
      warnings: raw.warnings,
      record,
      size: n,
    };
  }

  // The core's flat nodes (streams.h, kNodeWords each) in the shape of the JSON nodes of the
  // other formats (paths from the parents', names from the module's tables, text values as the
  // tree shows them everywhere: well-formed, a lone surrogate is U+FFFD), nested by the host's nestFieldsAt.
  function streamsFields(p) {
    const base = I[SB + S.nodes] >> 2;
    const flat = new Array(I[SB + S.nodeCount]);
    for (let k = 0; k < flat.length; k++) {
      const w = base + 7 * k;
      const id = I[w];
      const parent = I[w + 5];
      const flags = I[w + 6];
      const name = id >= 0 ? tables.streamsNames[id] : `[${-1 - id}]`;
      const wireType = tables.wireTypes[I[w + 1]];
      const f = { path: name, name, wireType, offset: I[w + 2], length: I[w + 3], parent, complete: (flags & 1) !== 0 };
      if (parent >= 0) f.path = flat[parent].path + (id >= 0 ? `.${name}` : name);
      if (flags & 2) {
        if (wireType === 'i64') f.int = dv.getBigInt64(p + I[w + 4]);
        else if (wireType === 'i32' || wireType === 'i8') f.int = I[w + 4];
        else f.text = text(I[w + 4]).toWellFormed();
      }
      if (flags >> 2) f.meaning = tables.streamsMeanings[flags >> 2];
      flat[k] = f;
    }
    return host.nestFieldsAt(flat, p);
  }
  return { bind, decodeSubscription, decodeAssignment, inspect: inspectStreams, targets: STREAMS_TARGETS };
}
