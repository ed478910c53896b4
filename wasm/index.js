// coordination-viewer: the public JavaScript API over the C++ codec compiled to WebAssembly.
// Types: wasm/index.d.ts. The C++ core is the only decoder and encoder; this file moves bytes in
// and facts out.
//
// Boundary design (the marshalling, not the decoding, is the cost):
// - input bytes are copied with HEAPU8.set into one reused scratch area of the wasm heap;
// - one lean exported call (cv_decode, cv_encode_*, cv_validate_batch) runs the core and writes its
//   facts into a static result block (status, error code/offset/field, string offsets into the
//   input, i64 values), read here through Int32Array / BigInt64Array views;
// - strings are decoded in JS from the caller's bytes at the offsets the core reported (the core
//   already validated the UTF-8);
// - inspect() is one call too (cv_inspect): the core's tree arrives as JSON text, parsed here, and
//   the record in the result block. Its string values are decoded here, from the caller's bytes
//   where the core found them.
import createCoordinationCodec from './dist/coordination_codec.js';

export const TOPIC = '__coordination_state';
export { explainStreamsUpgrade } from './streams-upgrade.js';

/** Thrown for bad bytes or out-of-bounds records; code, offset and field as in golden/. */
export class CoordinationError extends Error {
  constructor(code, offset, field, message) {
    super(message);
    this.name = 'CoordinationError';
    this.code = code;
    this.offset = offset;
    this.field = field;
  }
}

/** JSON.stringify with bigint rendered as decimal strings (i64 exact). */
export function toJSON(value, space) {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v), space);
}

const isNode = typeof process !== 'undefined' && process.versions != null && process.versions.node != null;

let cached = null;

/**
 * Loads the module once. Options are checked on every call: a bad one rejects with a TypeError,
 * whether or not the module is already loaded. Once a load has started, later calls resolve to
 * the same codec whatever (valid) options they pass: one page holds one module, and the options
 * only say where to find it. A failed load is not cached.
 */
export function loadCodec(options) {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    return Promise.reject(new TypeError('loadCodec: options must be an object'));
  }
  const { wasmBinary, wasmUrl } = options || {};
  if (wasmBinary !== undefined && !(wasmBinary instanceof ArrayBuffer || wasmBinary instanceof Uint8Array)) {
    return Promise.reject(new TypeError('loadCodec: wasmBinary must be an ArrayBuffer or a Uint8Array'));
  }
  if (wasmUrl !== undefined && typeof wasmUrl !== 'string' && !(wasmUrl instanceof URL)) {
    return Promise.reject(new TypeError('loadCodec: wasmUrl must be a string or a URL'));
  }
  if (cached) return cached;
  cached = instantiate(options || {}).catch((e) => {
    cached = null;
    throw e;
  });
  return cached;
}

async function readLocal(url) {
  // Hidden from bundlers: this branch runs only in Node.
  const fsName = 'node:fs/promises';
  const fs = await import(/* @vite-ignore */ fsName);
  return new Uint8Array(await fs.readFile(url));
}

async function instantiate(options) {
  const { wasmBinary, wasmUrl } = options;
  const moduleArg = { print: () => {}, printErr: () => {} };
  if (wasmBinary !== undefined) {
    if (wasmBinary instanceof ArrayBuffer) moduleArg.wasmBinary = new Uint8Array(wasmBinary);
    else if (wasmBinary instanceof Uint8Array) moduleArg.wasmBinary = wasmBinary;
    else throw new TypeError('loadCodec: wasmBinary must be an ArrayBuffer or a Uint8Array');
  } else if (wasmUrl !== undefined) {
    if (typeof wasmUrl !== 'string' && !(wasmUrl instanceof URL)) {
      throw new TypeError('loadCodec: wasmUrl must be a string or a URL');
    }
    const href = String(wasmUrl);
    if (isNode && (href.startsWith('file:') || !/^[a-z][a-z0-9+.-]*:/i.test(href))) {
      moduleArg.wasmBinary = await readLocal(href.startsWith('file:') ? new URL(href) : href);
    } else {
      moduleArg.locateFile = (path, prefix) => (path.endsWith('.wasm') ? href : prefix + path);
    }
  } else if (isNode) {
    moduleArg.wasmBinary = await readLocal(new URL('./dist/coordination_codec.wasm', import.meta.url));
  }
  // Browser with no option: the glue fetches coordination_codec.wasm beside itself.
  const M = await createCoordinationCodec(moduleArg);
  return makeCodec(M);
}

const TARGETS = ['key', 'registration', 'lease'];
const KIND = { registration: 0, lease: 1 };
const KIND_NAME = ['registration', 'lease'];
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

// BigInt64 slots of the result block: registered_at | producer_id, granted_at, deadline.
const B_I0 = 0, B_I1 = 1, B_I2 = 2;

function makeCodec(M) {
  // The glue's first call through Module._x swaps in the raw export: make one before keeping
  // cv_decode (the per-record hot path) in a local.
  M._cv_decode(0, 0, 0);
  const cvDecode = M._cv_decode;
  const resultPtr = M._cv_result();
  const batchPtr = M._cv_batch_out();
  const malloc = M._malloc;
  const free = M._free;

  const tables = M.tables();
  const CODES = tables.codes;
  const FIELDS = tables.fields;
  if (tables.topic !== TOPIC) throw new Error(`coordination-viewer: module topic ${tables.topic} != ${TOPIC}`);
  // Slot indices of the result and batch blocks, from the module (wasm/bindings.cpp), not mirrored.
  const RL = tables.layout.result;
  const BL = tables.layout.batch;
  const R_CODE = RL.code, R_OFFSET = RL.offset, R_FIELD = RL.field, R_KIND = RL.kind, R_S0_OFF = RL.s0Off,
    R_S0_LEN = RL.s0Len, R_S1_OFF = RL.s1Off, R_S1_LEN = RL.s1Len, R_EPOCH = RL.epoch, R_OUT_PTR = RL.outPtr,
    R_OUT_LEN = RL.outLen;
  const STATUS_BAD_TARGET = 2;

  // ignoreBOM: a string's leading U+FEFF is one of its characters, not a byte order mark to drop.
  const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
  const encoder = new TextEncoder();

  let heap = M.HEAPU8;
  let r32, r64, batch;
  function views() {
    heap = M.HEAPU8;
    r32 = new Int32Array(heap.buffer, resultPtr, RL.i32Slots);
    r64 = new BigInt64Array(heap.buffer, resultPtr + RL.i64Byte, RL.i64Slots);
    batch = new Float64Array(heap.buffer, batchPtr, BL.slots);
  }
  views();

  let scratch = 0;
  let scratchCap = 0;
  // A scratch area of at least n bytes (n >= 1); the heap views are fresh on return.
  function scratchFor(n) {
    if (n > scratchCap) {
      if (scratch) free(scratch);
      let cap = Math.max(256, scratchCap * 2);
      while (cap < n) cap *= 2;
      scratch = malloc(cap);
      if (!scratch) {
        scratchCap = 0;
        throw new RangeError(`coordination-viewer: cannot allocate ${cap} bytes in the wasm heap`);
      }
      scratchCap = cap;
    }
    if (heap !== M.HEAPU8) views();
    return scratch;
  }

  function copyIn(bytes) {
    const n = bytes.length;
    const p = scratchFor(n || 1);
    if (n <= 16) {
      for (let i = 0; i < n; i++) heap[p + i] = bytes[i];
    } else {
      heap.set(bytes, p);
    }
    return p;
  }

  // After a failed call: an encoder allocates in the core, so the heap may have grown since the
  // views were made; refresh them before the first read, and again after the message is built.
  function lastError() {
    if (heap !== M.HEAPU8) views();
    const code = CODES[r32[R_CODE]];
    const offset = r32[R_OFFSET];
    const field = FIELDS[r32[R_FIELD]];
    const len = M._cv_error_message();
    if (heap !== M.HEAPU8) views();
    const ptr = r32[R_OUT_PTR];
    const message = utf8.decode(heap.subarray(ptr, ptr + len));
    return new CoordinationError(code, offset, field, message);
  }

  // Strings the core validated: short ASCII by hand, the rest through TextDecoder.
  function str(bytes, off, len) {
    if (len === 0) return '';
    if (len <= 24) {
      let s = '';
      const end = off + len;
      for (let i = off; i < end; i++) {
        const c = bytes[i];
        if (c > 0x7f) return utf8.decode(bytes.subarray(off, end));
        s += String.fromCharCode(c);
      }
      return s;
    }
    return utf8.decode(bytes.subarray(off, off + len));
  }

  function requireBytes(bytes, fn) {
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`${fn}: bytes must be a Uint8Array`);
  }
  function requireBytesOrNull(bytes, fn) {
    if (bytes !== null && !(bytes instanceof Uint8Array)) {
      throw new TypeError(`${fn}: bytes must be a Uint8Array or null`);
    }
  }

  // The record the core left in the result block (cv_decode or inspect), strings from `bytes`.
  function keyRecord(bytes) {
    return {
      version: 0,
      kind: KIND_NAME[r32[R_KIND]],
      role: str(bytes, r32[R_S0_OFF], r32[R_S0_LEN]),
      member: str(bytes, r32[R_S1_OFF], r32[R_S1_LEN]),
    };
  }
  function valueRecord(k, bytes) {
    const member = str(bytes, r32[R_S0_OFF], r32[R_S0_LEN]);
    if (k === 1) return { version: 0, kind: 'registration', member, registeredAt: r64[B_I0] };
    return {
      version: 0,
      kind: 'lease',
      member,
      producerId: r64[B_I0],
      producerEpoch: r32[R_EPOCH],
      grantedAt: r64[B_I1],
      deadline: r64[B_I2],
    };
  }
  function decoded(status) {
    if (status === STATUS_BAD_TARGET) throw new TypeError('coordination-viewer: unknown target');
    if (status !== 0) throw lastError();
  }

  function decodeKey(bytes) {
    requireBytes(bytes, 'decodeKey');
    const p = copyIn(bytes);
    const status = cvDecode(0, p, bytes.length);
    if (status !== 0) decoded(status);
    return keyRecord(bytes);
  }

  function decodeValue(kind, bytes) {
    const k = kind === 'registration' ? 1 : kind === 'lease' ? 2 : 0;
    if (k === 0) throw new TypeError("decodeValue: kind must be 'registration' or 'lease'");
    requireBytesOrNull(bytes, 'decodeValue');
    if (bytes === null || bytes.length === 0) return null;
    const p = copyIn(bytes);
    const status = cvDecode(k, p, bytes.length);
    if (status !== 0) decoded(status);
    return valueRecord(k, bytes);
  }

  function isTombstone(bytes) {
    requireBytesOrNull(bytes, 'isTombstone');
    return bytes === null || bytes.length === 0;
  }

  // ---- encode -------------------------------------------------------------------------------

  function requireString(v, what) {
    if (typeof v !== 'string') throw new TypeError(`${what} must be a string`);
  }
  function requireI64(v, what) {
    if (typeof v !== 'bigint') throw new TypeError(`${what} must be a bigint`);
    if (v < I64_MIN || v > I64_MAX) throw new RangeError(`${what} must fit in a signed 64-bit integer`);
  }
  function requireVersion(v, what) {
    if (v !== undefined && v !== 0) throw new TypeError(`${what}.version must be 0 or omitted`);
  }
  function requireObject(v, fn) {
    if (v === null || typeof v !== 'object') throw new TypeError(`${fn}: argument must be an object`);
  }

  // Writes s as UTF-8 at heap[at..]; a lone surrogate is written as its 3-byte generalized UTF-8
  // form (ED A0..BF xx), which the core rejects as INVALID_UTF8 at that byte, in wire order with
  // the other checks: exactly where the character would start in the output.
  function putString(s, at, cap) {
    if (s.length === 0) return 0;
    if (s.isWellFormed()) return encoder.encodeInto(s, heap.subarray(at, at + cap)).written;
    let o = at;
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        }
      }
      if (c < 0x80) heap[o++] = c;
      else if (c < 0x800) {
        heap[o++] = 0xc0 | (c >> 6);
        heap[o++] = 0x80 | (c & 0x3f);
      } else if (c < 0x10000) {
        heap[o++] = 0xe0 | (c >> 12);
        heap[o++] = 0x80 | ((c >> 6) & 0x3f);
        heap[o++] = 0x80 | (c & 0x3f);
      } else {
        heap[o++] = 0xf0 | (c >> 18);
        heap[o++] = 0x80 | ((c >> 12) & 0x3f);
        heap[o++] = 0x80 | ((c >> 6) & 0x3f);
        heap[o++] = 0x80 | (c & 0x3f);
      }
    }
    return o - at;
  }

  function encodedOutput(status) {
    if (status !== 0) throw lastError();
    if (heap !== M.HEAPU8) views();
    const ptr = r32[R_OUT_PTR];
    return heap.slice(ptr, ptr + r32[R_OUT_LEN]);
  }

  function encodeKey(key) {
    requireObject(key, 'encodeKey');
    if (!Object.hasOwn(KIND, key.kind)) throw new TypeError("encodeKey: kind must be 'registration' or 'lease'");
    const kind = KIND[key.kind];
    requireVersion(key.version, 'key');
    const role = key.role;
    requireString(role, 'key.role');
    const member = key.member === undefined ? '' : key.member;
    requireString(member, 'key.member');
    const roleCap = role.length * 3;
    const p = scratchFor(roleCap + member.length * 3 + 1);
    const roleLen = putString(role, p, roleCap);
    const memberLen = putString(member, p + roleLen, member.length * 3);
    return encodedOutput(M._cv_encode_key(kind, p, roleLen, p + roleLen, memberLen));
  }

  function encodeValue(value) {
    requireObject(value, 'encodeValue');
    const kind = value.kind;
    if (kind !== 'registration' && kind !== 'lease') {
      throw new TypeError("encodeValue: kind must be 'registration' or 'lease'");
    }
    requireVersion(value.version, kind);
    const member = value.member;
    requireString(member, `${kind}.member`);
    if (kind === 'registration') {
      requireI64(value.registeredAt, 'registration.registeredAt');
      const p = scratchFor(member.length * 3 + 1);
      const len = putString(member, p, member.length * 3);
      return encodedOutput(M._cv_encode_registration(p, len, value.registeredAt));
    }
    requireI64(value.producerId, 'lease.producerId');
    const epoch = value.producerEpoch;
    if (typeof epoch !== 'number' || !Number.isInteger(epoch)) {
      throw new TypeError('lease.producerEpoch must be an integer number');
    }
    if (epoch < -32768 || epoch > 32767) throw new RangeError('lease.producerEpoch must fit in a signed 16-bit integer');
    requireI64(value.grantedAt, 'lease.grantedAt');
    requireI64(value.deadline, 'lease.deadline');
    const p = scratchFor(member.length * 3 + 1);
    const len = putString(member, p, member.length * 3);
    return encodedOutput(
      M._cv_encode_lease(p, len, value.producerId, epoch, value.grantedAt, value.deadline),
    );
  }

  // ---- inspect ------------------------------------------------------------------------------

  // The core's inspection of n bytes at p as parsed JSON, or null for an unknown target.
  function inspectRaw(t, p, n, present) {
    if (M._cv_inspect(t, p, n, present ? 1 : 0) !== 0) return null;
    if (heap !== M.HEAPU8) views();
    const ptr = r32[R_OUT_PTR];
    return JSON.parse(utf8.decode(heap.subarray(ptr, ptr + r32[R_OUT_LEN])));
  }

  // One crossing: the core decodes once and returns the flat node list (pre-order, parent
  // indices), the error and warnings, and leaves the record in the result block. The nodes are
  // nested here, once: the public tree (index.d.ts FieldNode) is nested.
  function inspectOne(bytes, t) {
    const target = TARGETS[t];
    const present = bytes !== null;
    const n = present ? bytes.length : 0;
    const p = present ? copyIn(bytes) : scratchFor(1);
    const raw = inspectRaw(t, p, n, present);
    if (raw === null) throw new TypeError('coordination-viewer: unknown target');
    const record = raw.record ? (t === 0 ? keyRecord(bytes) : valueRecord(t, bytes)) : null;
    const fields = [];
    const nodes = [];
    for (const f of raw.fields) {
      const node = {
        path: f.path,
        name: f.name,
        wireType: f.wireType,
        offset: f.offset,
        length: f.length,
        complete: f.complete,
        children: [],
      };
      if (f.int !== undefined) node.value = f.wireType === 'i64' ? BigInt(f.int) : Number(f.int);
      else if (f.text) {
        const prefix = f.wireType === 'string' ? 2 : 0; // a string node covers its length prefix too
        node.value = str(bytes, f.offset + prefix, f.length - prefix);
      }
      if (f.meaning !== undefined) node.meaning = f.meaning;
      // pre-order: a parent always comes before its children
      if (f.parent >= 0) nodes[f.parent].children.push(node);
      else fields.push(node);
      nodes.push(node);
    }
    const error = raw.error;
    return {
      target,
      tombstone: raw.tombstone,
      ok: error === null,
      fields,
      error,
      warnings: raw.warnings,
      record,
      size: n,
    };
  }

  function inspect(bytes, target) {
    requireBytesOrNull(bytes, 'inspect');
    if (target === 'auto') {
      const candidates = [0, 1, 2].map((t) => inspectOne(bytes, t));
      return {
        target: 'auto',
        matches: candidates.filter((c) => c.ok).map((c) => c.target),
        candidates,
      };
    }
    if (STREAMS_TARGETS.includes(target)) return inspectStreams(bytes, target);
    const t = TARGETS.indexOf(target);
    if (t < 0) throw new TypeError("inspect: target must be 'key', 'registration', 'lease', 'subscription', 'assignment' or 'auto'");
    return inspectOne(bytes, t);
  }

  // ---- batch --------------------------------------------------------------------------------

  // Large buffers go through in chunks of about BATCH_CHUNK bytes cut at frame boundaries: the copy
  // stays in cache and the wasm heap stays small. The core's framing check finds the cut: a frame
  // it reports as running past the end of a chunk, but which fits in the whole buffer, starts the
  // next chunk.
  const BATCH_CHUNK = 1 << 18;
  const i32At = (b, at) => (b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3];
  function validateBatch(frames, target) {
    requireBytes(frames, 'validateBatch');
    const t = TARGETS.indexOf(target);
    if (t < 0) throw new TypeError("validateBatch: target must be 'key', 'registration' or 'lease'");
    const total = frames.length;
    const counts = new Float64Array(BL.byCode + CODES.length);
    let firstError = null;
    let framingErrorOffset = null;
    for (let base = 0; ; ) {
      let end = Math.min(total, base + BATCH_CHUNK);
      if (end - base >= 4 && end < total) {
        // a single frame larger than the chunk gets a chunk of its own size
        const len = i32At(frames, base);
        if (len > 0 && base + 4 + len > end) end = Math.min(total, base + 4 + len);
      }
      const n = end - base;
      const p = scratchFor(n || 1);
      heap.set(frames.subarray(base, end), p);
      const status = M._cv_validate_batch(t, p, n);
      if (status === STATUS_BAD_TARGET) throw new TypeError('validateBatch: unknown target');
      if (heap !== M.HEAPU8) views();
      const before = counts[BL.records];
      for (let i = 0; i < counts.length; i++) counts[i] += batch[i];
      if (status !== 0 && firstError === null) {
        const index = before + batch[BL.firstErrorIndex];
        const e = lastError();
        firstError = { code: e.code, offset: e.offset, field: e.field, message: e.message, index };
      }
      const cut = batch[BL.framingErrorOffset];
      if (cut < 0) {
        if (end >= total) break;
        base = end; // the chunk ended exactly on a frame boundary
        continue;
      }
      const at = base + cut;
      if (end < total && at + 4 <= total) {
        const len = i32At(frames, at);
        if (len >= -1 && at + 4 + Math.max(len, 0) <= total) {
          base = at; // a frame cut by the chunk boundary, not by the buffer
          continue;
        }
      }
      framingErrorOffset = at;
      break;
    }
    const byCode = {};
    for (let i = 0; i < CODES.length; i++) byCode[CODES[i]] = counts[BL.byCode + i];
    return {
      records: counts[BL.records],
      valid: counts[BL.valid],
      tombstones: counts[BL.tombstones],
      byCode,
      firstError,
      framingErrorOffset,
    };
  }


  // ---- Kafka Streams rebalance metadata (SubscriptionInfo / AssignmentInfo) -------------------
  // One call decodes into int32 words and a pool of UTF-16 code units (the core's FlatRecord,
  // wasm/core/streams/streams.h, has the layouts); the objects are rebuilt here. Strings are Java Strings (readUTF can
  // return a lone surrogate), so they are built from code units, not from UTF-8.
  const streamsOut = M._cv_streams_out() >> 2;
  let streamsBuffer = null;
  let u16 = null;
  let I = null; // Int32Array over the whole heap: no view to allocate per call
  function streamsViews() {
    if (heap !== M.HEAPU8) views();
    if (streamsBuffer !== heap.buffer) {
      streamsBuffer = heap.buffer;
      u16 = new Uint16Array(streamsBuffer);
      I = new Int32Array(streamsBuffer);
    }
  }
  function unitsText(base, len) {
    if (len <= 40) {
      let s = '';
      for (let i = base; i < base + len; i++) s += String.fromCharCode(u16[i]);
      return s;
    }
    let s = '';
    for (let i = base; i < base + len; i += 4096) {
      s += String.fromCharCode.apply(null, u16.subarray(i, Math.min(base + len, i + 4096)));
    }
    return s;
  }

  // Runs the core; returns [first word index in I, first unit index in u16] or throws the
  // CoordinationError.
  function streamsDecode(target, bytes, fn) {
    requireBytes(bytes, fn);
    const p = copyIn(bytes);
    const status = M._cv_streams_decode(target, p, bytes.length);
    streamsViews();
    const wb = I[streamsOut] >> 2;
    if (status !== 0) {
      const fieldLen = I[wb + 2];
      const textPtr = I[streamsOut + 3];
      const text = utf8.decode(heap.subarray(textPtr, textPtr + fieldLen + I[wb + 3]));
      throw new CoordinationError(CODES[I[wb]], I[wb + 1], text.slice(0, fieldLen), text.slice(fieldLen));
    }
    return [wb, I[streamsOut + 2] >>> 1];
  }

  function decodeSubscription(bytes) {
    const [wb, ub] = streamsDecode(0, bytes, 'decodeSubscription');
    const version = I[wb];
    const latestSupportedVersion = I[wb + 1];
    if (I[wb + 2] === 1) return { version, latestSupportedVersion, probing: true };
    const processId = unitsText(ub + I[wb + 3], I[wb + 4]);
    let i = wb + 5;
    const tasks = () => {
      const n = I[i++];
      const out = new Array(n);
      for (let k = 0; k < n; k++, i += 2) out[k] = { topicGroupId: I[i], partition: I[i + 1] };
      return out;
    };
    const prevTasks = tasks();
    const standbyTasks = tasks();
    const userEndPoint = I[i] < 0 ? null : unitsText(ub + I[i], I[i + 1]);
    return { version, latestSupportedVersion, processId, prevTasks, standbyTasks, userEndPoint, probing: false };
  }

  function decodeAssignment(bytes) {
    const [wb, ub] = streamsDecode(1, bytes, 'decodeAssignment');
    let i = wb + 3;
    const tasks = () => {
      const n = I[i++];
      const out = new Array(n);
      for (let k = 0; k < n; k++, i += 2) out[k] = { topicGroupId: I[i], partition: I[i + 1] };
      return out;
    };
    const parts = () => {
      const n = I[i++];
      const out = new Array(n);
      for (let k = 0; k < n; k++, i += 3) out[k] = { topic: unitsText(ub + I[i], I[i + 1]), partition: I[i + 2] };
      return out;
    };
    const activeTasks = tasks();
    const standbyTasks = new Array(I[i++]);
    for (let k = 0; k < standbyTasks.length; k++) {
      const task = { topicGroupId: I[i], partition: I[i + 1] };
      i += 2;
      standbyTasks[k] = { task, partitions: parts() };
    }
    const partitionsByHost = new Array(I[i++]);
    for (let k = 0; k < partitionsByHost.length; k++) {
      const host = unitsText(ub + I[i], I[i + 1]);
      const port = I[i + 2];
      i += 3;
      partitionsByHost[k] = { host, port, partitions: parts() };
    }
    return {
      version: I[wb],
      latestSupportedVersion: I[wb + 1],
      activeTasks,
      standbyTasks,
      partitionsByHost,
      errorCode: I[wb + 2],
    };
  }

  const STREAMS_TARGETS = ['subscription', 'assignment'];
  function inspectStreams(bytes, target) {
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`inspect: bytes must be a Uint8Array for '${target}'`);
    const t = STREAMS_TARGETS.indexOf(target);
    const p = copyIn(bytes);
    const raw = M.inspectStreams(t, p, bytes.length);
    const nodes = raw.fields.map((f) => {
      const node = {
        path: f.path,
        name: f.name,
        wireType: f.wireType,
        offset: f.offset,
        length: f.length,
        complete: f.complete,
        children: [],
      };
      if (f.value !== undefined) node.value = f.value;
      if (f.meaning !== undefined) node.meaning = f.meaning;
      return node;
    });
    const fields = [];
    raw.fields.forEach((f, i) => {
      if (f.parent >= 0 && f.parent < nodes.length) nodes[f.parent].children.push(nodes[i]);
      else fields.push(nodes[i]);
    });
    const ok = raw.error === null;
    const record = ok ? (t === 0 ? decodeSubscription(bytes) : decodeAssignment(bytes)) : null;
    return { target, tombstone: false, ok, fields, error: raw.error, warnings: raw.warnings, record, size: bytes.length };
  }
  // ---- end of the Kafka Streams block ---------------------------------------------------------

  const codec = {
    TOPIC,
    decodeKey,
    decodeValue,
    encodeKey,
    encodeValue,
    isTombstone,
    inspect,
    validateBatch,
    decodeSubscription,
    decodeAssignment,
  };
  // Internal, for the tests (not part of index.d.ts): wasm heap size and live Embind handles.
  Object.defineProperty(codec, '__heapStats', {
    value: () => ({ heapBytes: M.HEAPU8.length, emvalHandles: M.count_emval_handles() }),
    enumerable: false,
  });
  // Internal, for the tests: the module's tables and the raw boundary calls, to check that an
  // unknown target is refused below the JS argument checks too.
  Object.defineProperty(codec, '__boundary', {
    value: {
      tables,
      decodeStatus: (t, bytes) => cvDecode(t, copyIn(bytes), bytes.length),
      batchStatus: (t, bytes) => M._cv_validate_batch(t, copyIn(bytes), bytes.length),
      inspectRaw: (t, bytes) => inspectRaw(t, copyIn(bytes), bytes.length, true),
    },
    enumerable: false,
  });
  return Object.freeze(codec);
}
