// Kafka Streams records (SubscriptionInfo / AssignmentInfo) as objects, built from the core's flat
// record in a wasm heap (wasm/core/streams/streams.h FlatRecord: int32 words, a text table, UTF-16
// code units; its layouts are there): the single-record codec's (wasm/api/streams-api.js) and the
// whole-topic module's, where they are the userData nested in a consumer group's members
// (wasm/api/groups-api.js). Strings are Java Strings (readUTF can return a lone surrogate), so they
// are built from code units, not from UTF-8; each text once.
import { unitsText } from './utf8.js';

const fromCharCode = String.fromCharCode;
// The character codes of the hex digits 0-9a-f.
const HEX_CODES = [48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102];

// Java's UUID.toString() of the 16 bytes at h[i..] (msb then lsb, big-endian): lower-case
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

/**
 * A reader of flat records: use(heap, record) takes the module's HEAPU8 (its views are renewed
 * when the memory grew) and the record's heap addresses { words, texts, units, textCount, input }
 * (input: where its bytes are; tasks of versions 1-9 and i64 fields are read there, big-endian);
 * then subscription() or assignment() builds it, text(k) gives its text k.
 */
export function streamsRecords() {
  let heap = null; // the HEAPU8 the views below were made for
  let u16 = null;
  let I = null; // Int32Array over the whole heap: no view to allocate per call
  let dv = null; // and a DataView: tasks are read in the input copy, big-endian (streams.h)
  let at = 0; // the next word of the record being built
  let inputAt = 0; // the heap address of the record's input
  let textsAt = 0; // the text table and the units, as indexes into I and u16
  let unitsAt = 0;
  let textCount = 0;
  let texts = null; // an assignment's texts

  function use(HEAPU8, r) {
    if (heap !== HEAPU8) {
      heap = HEAPU8;
      u16 = new Uint16Array(heap.buffer);
      I = new Int32Array(heap.buffer);
      dv = new DataView(heap.buffer);
    }
    at = r.words >> 2;
    textsAt = r.texts >> 2;
    unitsAt = r.units >> 1;
    textCount = r.textCount;
    inputAt = r.input;
  }
  // Text k of the record.
  function text(k) {
    const t = textsAt + 2 * k;
    return unitsText(u16, unitsAt + I[t], I[t + 1]);
  }
  // Every text of the record, each made once (an assignment names the same topics many times).
  function allTexts() {
    const out = new Array(textCount);
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

  function subscription() {
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
  function assignment() {
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

  return { use, subscription, assignment, text };
}
