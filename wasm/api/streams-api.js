// Kafka Streams rebalance metadata (SubscriptionInfo / AssignmentInfo) in the single-record codec
// (wasm/api/index.js makes it with the codec and hands it each module instance).
// One call decodes into int32 words, a text table and a pool of UTF-16 code units (the core's
// FlatRecord, wasm/core/streams/streams.h, describes them), and for inspect the field tree as
// flat nodes; the objects are built here, each text once. Strings are Java Strings (readUTF can
// return a lone surrogate), so they are built from code units, not from UTF-8.
// The coordination-only modules (coordination_record, coordination_inspect: wasm/CMakeLists.txt) are built
// without these entry points: calling one names the build instead of failing inside the glue.
import { CoordinationError, STREAMS_TARGETS, TA_LENGTH, inputBytes, absentFromBuild } from './boundary.js';
import { streamsRecords } from './streams-records.js';

// host: what the codec shares: refresh() (its heap views made current), copyIn(bytes, n) (the
// input in the heap: its address), outputJson() (the last call's JSON output), nestFieldsAt(flat,
// p) (the tree nested, texts read from the input at p), decodeRange(heap, start, end) (UTF-8).
export function makeStreamsApi(host) {
  let M, entry, cvStreamsDecode, CODES, tables; // the module instance, set by bind()
  // A module instance (the first, or a fresh one: index.js renew()), its parsed tables and its
  // entry points (codec-result-block.js).
  function bind(m, moduleTables, entryPoints) {
    M = m;
    entry = entryPoints;
    cvStreamsDecode = entry.streamsDecode;
    tables = moduleTables;
    CODES = tables.streamsCodes;
    streamsHeap = null;
  }
  function requireStreams(fn) {
    if (typeof cvStreamsDecode !== 'function') throw absentFromBuild(fn, tables.build);
  }
  let streamsHeap = null; // the HEAPU8 the views below were made for
  let heap = null;
  let I = null; // Int32Array over the whole heap: no view to allocate per call
  let dv = null; // and a DataView: tasks are read in the input copy, big-endian (streams.h)
  let SB = 0; // the streams block (bindings.cpp StreamsBlock) as an index into I, and its slots
  let S = null;
  let inputAt = 0; // the heap address of the input copy
  function streamsViews() {
    host.refresh();
    if (streamsHeap !== M.HEAPU8) {
      heap = streamsHeap = M.HEAPU8;
      I = new Int32Array(heap.buffer);
      dv = new DataView(heap.buffer);
      SB = entry.streamsOut() >> 2;
      S = tables.layout.streams;
    }
  }
  // After a call with the given status: throws the CoordinationError (else the record is at the
  // block's words).
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
  }
  // The record of the last call (streams-records.js builds its objects).
  const records = streamsRecords();
  const flatRecord = () => ({
    words: I[SB + S.words],
    texts: I[SB + S.texts],
    units: I[SB + S.units],
    textCount: I[SB + S.textCount],
    input: inputAt,
  });
  const subscriptionRecord = () => (records.use(heap, flatRecord()), records.subscription());
  const assignmentRecord = () => (records.use(heap, flatRecord()), records.assignment());

  // Decodes the input as target 0 (subscription) or 1 (assignment) for the API function fn (what:
  // its argument, named in a TypeError): throws the error, or leaves the record in the block.
  function streamsDecode(target, input, fn, what) {
    requireStreams(fn);
    const bytes = inputBytes(input, what);
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

  // The core's flat nodes (streams.h NodeWord: the tables' layout.node) in the shape of the JSON nodes of the
  // other formats (paths from the parents', names from the module's tables, text values as the
  // tree shows them everywhere: well-formed, a lone surrogate is U+FFFD), nested by the host's nestFieldsAt.
  function streamsFields(p) {
    records.use(heap, flatRecord());
    const base = I[SB + S.nodes] >> 2;
    const flat = new Array(I[SB + S.nodeCount]);
    const N = tables.layout.node;
    for (let k = 0; k < flat.length; k++) {
      const w = base + N.words * k;
      const id = I[w + N.name];
      const parent = I[w + N.parent];
      const flags = I[w + N.flags];
      const name = id >= 0 ? tables.streamsNames[id] : `[${-1 - id}]`;
      const wireType = tables.wireTypes[I[w + N.wire]];
      const complete = (flags & N.complete) !== 0;
      const f = { path: name, name, wireType, offset: I[w + N.offset], length: I[w + N.length], parent, complete };
      if (parent >= 0) f.path = flat[parent].path + (id >= 0 ? `.${name}` : name);
      if (flags & N.hasValue) {
        const value = I[w + N.value];
        if (wireType === 'i64') f.int = dv.getBigInt64(p + value);
        else if (wireType === 'i32' || wireType === 'i8') f.int = value;
        else f.text = records.text(value).toWellFormed();
      }
      const meaning = flags >> N.meaningShift;
      if (meaning) f.meaning = tables.streamsMeanings[meaning];
      flat[k] = f;
    }
    return host.nestFieldsAt(flat, p);
  }
  return { bind, decodeSubscription, decodeAssignment, inspect: inspectStreams, targets: STREAMS_TARGETS };
}
