// The codec's module instance and what every part of the API reads from it (wasm/bindings/bindings.cpp):
// the core's tables, the static result block (status, error code/offset/field, string offsets
// into the input, i64 values) and the batch block, as typed-array views kept current by the
// WasmInstance; the record the last call left there, its error, its JSON output.
import { codecEntryPoints, coordinationInspectEntryPoints } from '../generated/entry-points.js';
import { INSPECT_ONLY } from './codec-inspect-only.js';
import { CoordinationError, nestFields } from './boundary.js';
import { decodeRange, utf8Text, widenedText } from './utf8.js';
import { makeWasmInstance } from './wasm-instance.js';

// Above this heap size after a call, the codec moves to a fresh module instance (WasmInstance).
const RENEW_ABOVE_BYTES = 16 * 2 ** 20;
const KIND_NAME = ['registration', 'lease'];

/**
 * The codec's shared state. bindMore(module, tables, entry) runs for each module instance after
 * the codec's own bindings (Kafka Streams binds there). cx.entry: the instance's entry points
 * (wasm/bindings/entry-points.mjs), bound once per instance.
 */
export function makeResultBlock(firstModule, createModule, topic, bindMore) {
  const cx = {
    inst: null,
    M: null,
    entry: null,
    tables: null,
    cvDecode: null,
    CODES: null,
    MAX_NAME_BYTES: 0,
    BL: null, // the batch block's slots
    batch: null,
    keyRecord,
    valueRecord,
    lastError,
    outputJson,
    nestFieldsAt,
    encodedOutput,
  };
  // Slot indices of the result block, from the module (not mirrored); those of the per-record path
  // as locals.
  let RL = null;
  let FIELDS = null;
  let resultPtr = 0;
  let batchPtr = 0;
  let R_CODE, R_OFFSET, R_FIELD, R_KIND, R_S0_OFF, R_S0_LEN, R_S1_OFF, R_S1_LEN, R_EPOCH, R_OUT_PTR, R_OUT_LEN;
  let R_U0_AT, R_U0_LEN, R_U1_AT, R_U1_LEN;
  // BigInt64 slots: a registration's registeredAt or a lease's producerId, its grantedAt, deadline.
  let B_FIRST, B_GRANTED_AT, B_DEADLINE;
  let heap = null;
  let r32 = null;
  let r64 = null;
  let u16 = null; // the whole heap as UTF-16 units (the record's strings, widened by the core)

  function onModule(m) {
    const entry = (INSPECT_ONLY ? coordinationInspectEntryPoints : codecEntryPoints)(m);
    // The core's tables as JSON text (NUL-terminated), parsed once per instance.
    const at = entry.tables();
    const tables = JSON.parse(decodeRange(m.HEAPU8, at, m.HEAPU8.indexOf(0, at)));
    if (tables.topic !== topic) throw new Error(`coordination-viewer: module topic ${tables.topic} != ${topic}`);
    RL = tables.layout.result;
    cx.BL = tables.layout.batch;
    ({
      code: R_CODE,
      offset: R_OFFSET,
      field: R_FIELD,
      kind: R_KIND,
      s0Off: R_S0_OFF,
      s0Len: R_S0_LEN,
      s1Off: R_S1_OFF,
      s1Len: R_S1_LEN,
      epoch: R_EPOCH,
      outPtr: R_OUT_PTR,
      outLen: R_OUT_LEN,
      u0At: R_U0_AT,
      u0Len: R_U0_LEN,
      u1At: R_U1_AT,
      u1Len: R_U1_LEN,
      i64First: B_FIRST,
      grantedAt: B_GRANTED_AT,
      deadline: B_DEADLINE,
    } = RL);
    cx.M = m;
    cx.entry = entry;
    cx.tables = tables;
    cx.cvDecode = entry.decode;
    resultPtr = entry.result();
    // The element's module (coordination_inspect) has no fast path and no batch.
    batchPtr = entry.batchOut ? entry.batchOut() : 0;
    cx.CODES = tables.codes;
    FIELDS = tables.fields;
    cx.MAX_NAME_BYTES = tables.maxNameBytes;
  }

  function onViews(h) {
    heap = h;
    r32 = new Int32Array(h.buffer, resultPtr, RL.i32Slots);
    u16 = new Uint16Array(h.buffer);
    r64 = new BigInt64Array(h.buffer, resultPtr + RL.i64Byte, RL.i64Slots);
    if (batchPtr) cx.batch = new Float64Array(h.buffer, batchPtr, cx.BL.slots);
  }

  // bindMore runs with each module instance (the first and each fresh one), after onModule.
  cx.inst = makeWasmInstance(firstModule, {
    onModule: (m) => {
      onModule(m);
      bindMore(m, cx.tables, cx.entry);
    },
    onViews,
    createModule,
    renewAboveBytes: RENEW_ABOVE_BYTES,
  });

  // The record the core left in the result block (cv_decode or cv_inspect), its strings from their
  // UTF-16 units (widened by the core from the validated copy at p) or that copy.
  const s0 = (p) => widenedText(u16, r32[R_U0_AT] >> 1, r32[R_U0_LEN], heap, p + r32[R_S0_OFF], r32[R_S0_LEN]);
  const s1 = (p) => widenedText(u16, r32[R_U1_AT] >> 1, r32[R_U1_LEN], heap, p + r32[R_S1_OFF], r32[R_S1_LEN]);
  function keyRecord(p) {
    return { version: 0, kind: KIND_NAME[r32[R_KIND]], role: s0(p), member: s1(p) };
  }

  function valueRecord(k, p) {
    const member = s0(p);
    if (k === 1) return { version: 0, kind: 'registration', member, registeredAt: r64[B_FIRST] };
    return {
      version: 0,
      kind: 'lease',
      member,
      producerId: r64[B_FIRST],
      producerEpoch: r32[R_EPOCH],
      grantedAt: r64[B_GRANTED_AT],
      deadline: r64[B_DEADLINE],
    };
  }

  // After a failed call: an encoder allocates in the core, so the heap may have grown since the
  // views were made; refresh them before the first read, and again after the message is built.
  function lastError() {
    cx.inst.refresh();
    const code = cx.CODES[r32[R_CODE]];
    const offset = r32[R_OFFSET];
    const field = FIELDS[r32[R_FIELD]];
    const len = cx.entry.errorMessage();
    cx.inst.refresh();
    const ptr = r32[R_OUT_PTR];
    const message = decodeRange(heap, ptr, ptr + len);
    return new CoordinationError(code, offset, field, message);
  }

  // The JSON text the core left at out_ptr/out_len (an inspection), parsed.
  function outputJson() {
    cx.inst.refresh();
    const ptr = r32[R_OUT_PTR];
    return JSON.parse(decodeRange(heap, ptr, ptr + r32[R_OUT_LEN]));
  }

  // The core's flat nodes nested (boundary.js nestFields); a text value not inline is read from
  // the input copied at p (a string node covers its length prefix too).
  function nestFieldsAt(flat, p) {
    return nestFields(flat, (f) => {
      const prefix = f.wireType === 'string' ? 2 : 0;
      return utf8Text(heap, p + f.offset + prefix, f.length - prefix);
    });
  }

  // An encoder's output bytes after its call returned `status` (else its error).
  function encodedOutput(status) {
    if (status !== 0) throw lastError();
    cx.inst.refresh();
    const ptr = r32[R_OUT_PTR];
    return heap.slice(ptr, ptr + r32[R_OUT_LEN]);
  }
  return cx;
}
