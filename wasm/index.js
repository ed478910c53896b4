// coordination-viewer: the public JavaScript API over the C++ codec compiled to WebAssembly.
// Types: wasm/index.d.ts. The C++ core is the only decoder and encoder; this file moves bytes in
// and facts out.
//
// Boundary design (the marshalling, not the decoding, is the cost):
// - input bytes are copied with HEAPU8.set into one reused scratch area of the wasm heap;
// - one lean exported call (cv_decode, cv_encode_*, cv_validate_batch) runs the core and writes its
//   facts into a static result block (status, error code/offset/field, string offsets into the
//   input, i64 values), read here through Int32Array / BigInt64Array views;
// - strings are decoded in JS from the validated copy in the heap at the offsets the core reported
//   (never from the caller's bytes, which another thread may change under a SharedArrayBuffer);
// - inspect() is one call too (cv_inspect): the core's tree arrives as JSON text, parsed here, and
//   the record in the result block. Its string values are decoded here too, from the same copy.
// - every argument is read once, into locals, before the heap is touched: a getter or Proxy that
//   calls back into the codec runs before this call uses the scratch area.
// - a call that grew the heap past RENEW_ABOVE_BYTES gets the codec a fresh module instance once it
//   returns (a wasm memory never shrinks): one large input does not pin the heap.
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

// The <coordination-record> element's bundle (web/vite.config.js) defines CV_INSPECT_ONLY as true:
// its codec is inspect() of the coordination records, and the bundler drops the rest (decode,
// encode, batch, Kafka Streams, ProduceRequest). Anywhere else it is not defined: the whole API.
const INSPECT_ONLY = typeof CV_INSPECT_ONLY !== 'undefined' && CV_INSPECT_ONLY === true;

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

// The module's factory, its .wasm beside this file (Node), and what to make of the instance: the
// record codec by default, the whole-topic module for loadLogCodec.
async function instantiate(
  options,
  factory = createCoordinationCodec,
  wasmFile = './dist/coordination_codec.wasm',
  make = makeCodec,
) {
  const { wasmBinary, wasmUrl } = options;
  const moduleArg = { print: () => {}, printErr: () => {} };
  if (wasmBinary !== undefined) {
    moduleArg.wasmBinary = asBytes(wasmBinary, 'loadCodec: wasmBinary').slice();
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
    moduleArg.wasmBinary = await readLocal(new URL(wasmFile, import.meta.url));
  }
  // Browser with no option: the glue fetches its .wasm beside itself.
  const create = () => factory({ ...moduleArg });
  return make(await create(), create);
}

// ---- bytes from any realm ------------------------------------------------------------------
// The intrinsic getters read a typed array's internal slots: they work on arrays from another
// realm (an iframe, jsdom, a vm context) and run no code of the caller's (an overridden `length`,
// a subclass's species), unlike `instanceof`, `.length` or `.subarray`.
const TypedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
const intrinsicGetter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
const TA_TAG = intrinsicGetter(TypedArrayProto, Symbol.toStringTag);
const TA_BUFFER = intrinsicGetter(TypedArrayProto, 'buffer');
const TA_OFFSET = intrinsicGetter(TypedArrayProto, 'byteOffset');
const TA_LENGTH = intrinsicGetter(TypedArrayProto, 'length');
const AB_LENGTH = intrinsicGetter(ArrayBuffer.prototype, 'byteLength');
const SAB_LENGTH =
  typeof SharedArrayBuffer === 'function' ? intrinsicGetter(SharedArrayBuffer.prototype, 'byteLength') : null;

function isBufferOf(getter, v) {
  if (getter === null) return false;
  try {
    getter.call(v);
    return true;
  } catch {
    return false;
  }
}

// What was given, for a TypeError, without running the caller's code (no getters, no traps).
function describe(v) {
  if (v === null) return 'null';
  if (typeof v !== 'object' && typeof v !== 'function')
    return `${typeof v} ${typeof v === 'string' ? JSON.stringify(v.slice(0, 20)) : String(v)}`;
  if (ArrayBuffer.isView(v)) return TA_TAG.call(v) || 'a DataView';
  if (Array.isArray(v)) return 'an Array';
  return typeof v === 'function' ? 'a function' : 'an object';
}

/**
 * A Uint8Array over the bytes of v (a Uint8Array or Buffer from any realm, or an ArrayBuffer or
 * SharedArrayBuffer), owned by this realm and of fixed content: bytes in shared memory are copied
 * first, so another thread cannot change them between the core's validation and the decoding of
 * a string. TypeError naming what was given otherwise.
 */
function asBytes(v, what) {
  if (ArrayBuffer.isView(v)) {
    // (isView is false for a Proxy: no trap runs here.) Callers read the length with TA_LENGTH.
    if (TA_TAG.call(v) === 'Uint8Array') {
      const buffer = TA_BUFFER.call(v);
      if (buffer instanceof ArrayBuffer)
        return Object.getPrototypeOf(v) === Uint8Array.prototype
          ? v
          : new Uint8Array(buffer, TA_OFFSET.call(v), TA_LENGTH.call(v));
      const view = new Uint8Array(buffer, TA_OFFSET.call(v), TA_LENGTH.call(v));
      return isBufferOf(SAB_LENGTH, buffer) ? view.slice() : view;
    }
  } else if (v !== null && typeof v === 'object') {
    if (isBufferOf(AB_LENGTH, v)) return new Uint8Array(v);
    if (isBufferOf(SAB_LENGTH, v)) return new Uint8Array(v).slice();
  }
  throw new TypeError(`${what} must be a Uint8Array, a Buffer or an ArrayBuffer; got ${describe(v)}`);
}

// UTF-8 to a string for hosts without a global TextDecoder (jsdom): the bytes are well-formed
// (the core validated them), so no error handling; a leading U+FEFF is kept, as with ignoreBOM.
function decodeUtf8(bytes, start, end) {
  let s = '';
  const units = [];
  for (let i = start; i < end;) {
    const c = bytes[i];
    let cp;
    if (c < 0x80) {
      cp = c;
      i += 1;
    } else if (c < 0xe0) {
      cp = ((c & 0x1f) << 6) | (bytes[i + 1] & 0x3f);
      i += 2;
    } else if (c < 0xf0) {
      cp = ((c & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f);
      i += 3;
    } else {
      cp = ((c & 0x07) << 18) | ((bytes[i + 1] & 0x3f) << 12) | ((bytes[i + 2] & 0x3f) << 6) | (bytes[i + 3] & 0x3f);
      i += 4;
    }
    if (cp > 0xffff) {
      cp -= 0x10000;
      units.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
    } else units.push(cp);
    if (units.length >= 4096) s += String.fromCharCode(...units.splice(0));
  }
  return s + String.fromCharCode(...units);
}

const TARGETS = ['key', 'registration', 'lease'];
const KIND = { registration: 0, lease: 1 };
const KIND_NAME = ['registration', 'lease'];
const NON_ASCII = /[^\0-\x7f]/;
// Strings up to this many UTF-8 bytes are decoded by hand (str below), into `units` (UTF-16).
const SHORT_STRING = 24;
const units = new Array(SHORT_STRING).fill(0);
const fromCharCode = String.fromCharCode;
// units[from..from+n) as a string, 1 <= n <= 8.
function unitsString(from, n) {
  const u = units;
  switch (n) {
    case 1:
      return fromCharCode(u[from]);
    case 2:
      return fromCharCode(u[from], u[from + 1]);
    case 3:
      return fromCharCode(u[from], u[from + 1], u[from + 2]);
    case 4:
      return fromCharCode(u[from], u[from + 1], u[from + 2], u[from + 3]);
    case 5:
      return fromCharCode(u[from], u[from + 1], u[from + 2], u[from + 3], u[from + 4]);
    case 6:
      return fromCharCode(u[from], u[from + 1], u[from + 2], u[from + 3], u[from + 4], u[from + 5]);
    case 7:
      return fromCharCode(u[from], u[from + 1], u[from + 2], u[from + 3], u[from + 4], u[from + 5], u[from + 6]);
    default:
      return fromCharCode(
        u[from],
        u[from + 1],
        u[from + 2],
        u[from + 3],
        u[from + 4],
        u[from + 5],
        u[from + 6],
        u[from + 7],
      );
  }
}
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

// The module's memory can grow to 2 GiB (emscripten's default maximum); no single allocation may
// ask for more than it can hold (in wasm32, malloc(2^32) would be malloc(0)).
const MAX_ALLOCATION = 2 ** 31 - 2 ** 24;
// Encoders need the strings' UTF-8 (up to 3 bytes a UTF-16 unit) in the scratch area and the core
// copies them again: up to a quarter of the heap each.
const MAX_ENCODE_SCRATCH = 2 ** 29;
// Above this heap size after a call, the codec moves to a fresh module instance (see above).
const RENEW_ABOVE_BYTES = 16 * 2 ** 20;

// BigInt64 slots of the result block: registered_at | producer_id, granted_at, deadline.
const B_I0 = 0,
  B_I1 = 1,
  B_I2 = 2;
// Status of a boundary call given a target the core does not know (wasm/bindings.cpp).
const STATUS_BAD_TARGET = 2;

function makeCodec(firstModule, createModule) {
  // ignoreBOM: a string's leading U+FEFF is one of its characters, not a byte order mark to drop.
  const utf8 = typeof TextDecoder === 'function' ? new TextDecoder('utf-8', { ignoreBOM: true }) : null;
  const encoder = typeof TextEncoder === 'function' ? new TextEncoder() : null;
  const decodeRange = utf8 ? (b, start, end) => utf8.decode(b.subarray(start, end)) : decodeUtf8;

  // The module and what is derived from it; bind() sets them all, for the first module and for
  // each fresh one.
  let M, cvDecode, resultPtr, batchPtr, malloc, free, CODES, FIELDS, MAX_NAME_BYTES, tables;
  // Slot indices of the result and batch blocks, from the module (wasm/bindings.cpp), not mirrored.
  let RL, BL, R_CODE, R_OFFSET, R_FIELD, R_KIND, R_S0_OFF, R_S0_LEN, R_S1_OFF, R_S1_LEN, R_EPOCH, R_OUT_PTR, R_OUT_LEN;
  let heap, r32, r64, batch;
  let scratch = 0;
  let scratchCap = 0;
  let renewing = false;

  function bind(m) {
    // The glue's first call through Module._x swaps in the raw export: make one before keeping
    // cv_decode (the per-record hot path) in a local.
    m._cv_decode(0, 0, 0);
    // The core's tables as JSON text (NUL-terminated), parsed once per instance.
    const at = m._cv_tables();
    tables = JSON.parse(decodeRange(m.HEAPU8, at, m.HEAPU8.indexOf(0, at)));
    if (tables.topic !== TOPIC) throw new Error(`coordination-viewer: module topic ${tables.topic} != ${TOPIC}`);
    RL = tables.layout.result;
    BL = tables.layout.batch;
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
    } = RL);
    M = m;
    cvDecode = m._cv_decode;
    resultPtr = m._cv_result();
    batchPtr = m._cv_batch_out();
    malloc = m._malloc;
    free = m._free;
    CODES = tables.codes;
    FIELDS = tables.fields;
    MAX_NAME_BYTES = tables.maxNameBytes;
    scratch = 0;
    scratchCap = 0;
    views();
  }

  function views() {
    heap = M.HEAPU8;
    r32 = new Int32Array(heap.buffer, resultPtr, RL.i32Slots);
    r64 = new BigInt64Array(heap.buffer, resultPtr + RL.i64Byte, RL.i64Slots);
    batch = new Float64Array(heap.buffer, batchPtr, BL.slots);
    if (heap.length > RENEW_ABOVE_BYTES && !renewing) renew();
  }

  // A wasm memory never shrinks: after a call that grew it past RENEW_ABOVE_BYTES, a fresh module
  // instance takes over once it is ready (calls until then use the current one); the old memory
  // goes with the old instance.
  function renew() {
    renewing = true;
    createModule().then(
      (m) => {
        renewing = false;
        bind(m);
      },
      () => {
        renewing = false; // keep the current instance; the next large call tries again
      },
    );
  }

  bind(firstModule);

  // A scratch area of at least n bytes (n >= 1); the heap views are fresh on return. Grows by
  // doubling, never asks malloc for more than MAX_ALLOCATION, and records only a capacity that
  // was allocated.
  function scratchFor(n) {
    if (n > scratchCap) {
      if (n > MAX_ALLOCATION) {
        throw new RangeError(`coordination-viewer: ${n} bytes do not fit in the wasm heap (at most ${MAX_ALLOCATION})`);
      }
      if (scratch) free(scratch);
      scratch = 0;
      scratchCap = 0;
      let cap = Math.max(256, scratchCap * 2, n);
      if (cap > MAX_ALLOCATION) cap = n;
      let p = malloc(cap);
      if (!p && cap > n) p = malloc((cap = n));
      if (!p) throw new RangeError(`coordination-viewer: cannot allocate ${n} bytes in the wasm heap`);
      scratch = p;
      scratchCap = cap;
    }
    if (heap !== M.HEAPU8) views();
    return scratch;
  }

  function copyIn(bytes, n) {
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
    const message = decodeRange(heap, ptr, ptr + len);
    return new CoordinationError(code, offset, field, message);
  }

  // A string the core validated, at heap[at..at+len): short ones decoded by hand (well-formed
  // UTF-8, so no checks; cheaper than a subarray and a TextDecoder call) into the UTF-16 units of
  // `units`, then made in pieces of up to 8 units (one String.fromCharCode call each: a string
  // built a character at a time costs a new string per character); the rest through TextDecoder
  // (or decodeUtf8).
  function str(at, len) {
    if (len === 0) return '';
    const end = at + len;
    if (len > SHORT_STRING) return decodeRange(heap, at, end);
    const u = units;
    let n = 0;
    for (let i = at; i < end;) {
      const c = heap[i];
      if (c < 0x80) {
        u[n++] = c;
        i += 1;
      } else if (c < 0xe0) {
        u[n++] = ((c & 0x1f) << 6) | (heap[i + 1] & 0x3f);
        i += 2;
      } else if (c < 0xf0) {
        u[n++] = ((c & 0x0f) << 12) | ((heap[i + 1] & 0x3f) << 6) | (heap[i + 2] & 0x3f);
        i += 3;
      } else {
        const cp =
          ((c & 0x07) << 18) | ((heap[i + 1] & 0x3f) << 12) | ((heap[i + 2] & 0x3f) << 6) | (heap[i + 3] & 0x3f);
        u[n++] = 0xd7c0 + (cp >> 10);
        u[n++] = 0xdc00 + (cp & 0x3ff);
        i += 4;
      }
    }
    let s = unitsString(0, n < 8 ? n : 8);
    for (let k = 8; k < n; k += 8) s += unitsString(k, n - k < 8 ? n - k : 8);
    return s;
  }

  const bytesOrNull = (v, what) => (v === null ? null : asBytes(v, what));

  // The record the core left in the result block (cv_decode or cv_inspect), strings from the
  // validated copy at p.
  function keyRecord(p) {
    return {
      version: 0,
      kind: KIND_NAME[r32[R_KIND]],
      role: str(p + r32[R_S0_OFF], r32[R_S0_LEN]),
      member: str(p + r32[R_S1_OFF], r32[R_S1_LEN]),
    };
  }
  function decoded(status) {
    if (status === STATUS_BAD_TARGET) throw new TypeError('coordination-viewer: unknown target');
    throw lastError();
  }

  function decodeKey(input) {
    const bytes = asBytes(input, 'decodeKey: bytes');
    const n = TA_LENGTH.call(bytes);
    const p = copyIn(bytes, n);
    const status = cvDecode(0, p, n);
    if (status !== 0) decoded(status);
    return keyRecord(p);
  }

  function decodeValue(kind, input) {
    const k = kind === 'registration' ? 1 : kind === 'lease' ? 2 : 0;
    if (k === 0) throw new TypeError(`decodeValue: kind must be 'registration' or 'lease'; got ${describe(kind)}`);
    const bytes = bytesOrNull(input, 'decodeValue: bytes');
    const n = bytes === null ? 0 : TA_LENGTH.call(bytes);
    if (n === 0) return null;
    const p = copyIn(bytes, n);
    const status = cvDecode(k, p, n);
    if (status !== 0) decoded(status);
    return valueRecord(k, p);
  }

  function valueRecord(k, p) {
    const member = str(p + r32[R_S0_OFF], r32[R_S0_LEN]);
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

  function isTombstone(input) {
    const bytes = bytesOrNull(input, 'isTombstone: bytes');
    return bytes === null || TA_LENGTH.call(bytes) === 0;
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
    if (v === null || typeof v !== 'object')
      throw new TypeError(`${fn}: argument must be an object; got ${describe(v)}`);
  }

  // Writes s as UTF-8 at heap[at..]; a lone surrogate is written as its 3-byte generalized UTF-8
  // form (ED A0..BF xx), which the core rejects as INVALID_UTF8 at that byte, in wire order with
  // the other checks: exactly where the character would start in the output.
  function putString(s, at, cap) {
    if (s.length === 0) return 0;
    if (encoder !== null && s.isWellFormed()) return encoder.encodeInto(s, heap.subarray(at, at + cap)).written;
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

  // The scratch area for the UTF-8 of an encoder's strings (3 bytes a UTF-16 unit at most).
  // A string of more UTF-16 units than a name's bound has more UTF-8 bytes too: then refuse()
  // asks the core for the encoder's error from the strings' facts (cv_refuse_*), before any of
  // them is copied, so such a call does not grow the heap.
  function encodeScratch(strings, what, refuse) {
    let n = 1;
    let overBound = false;
    for (const s of strings) {
      n += s.length * 3;
      if (s.length > MAX_NAME_BYTES) overBound = true;
    }
    if (n > MAX_ENCODE_SCRATCH) {
      throw new RangeError(
        `${what}: strings of ${n - 1} UTF-8 bytes at most do not fit in the wasm heap (at most ${MAX_ENCODE_SCRATCH})`,
      );
    }
    if (overBound && refuse() !== 0) throw lastError();
    return scratchFor(n);
  }

  // A string's facts for cv_refuse_* (core: StringFacts), read without copying it: [its UTF-8
  // length as putString writes it, the byte index of its first lone surrogate or -1, that
  // surrogate's UTF-16 unit]. The length is only read when there is no lone surrogate.
  function stringFacts(s) {
    let i = s.search(NON_ASCII);
    if (i < 0) return [s.length, -1, 0];
    let bytes = i;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) bytes += 1;
      else if (c < 0x800) bytes += 2;
      else if (c < 0xd800 || c > 0xdfff) bytes += 3;
      else {
        const d = c <= 0xdbff && i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
        if (d < 0xdc00 || d > 0xdfff) return [bytes, bytes, c];
        bytes += 4;
        i++;
      }
    }
    return [bytes, -1, 0];
  }

  function encodedOutput(status) {
    if (status !== 0) throw lastError();
    if (heap !== M.HEAPU8) views();
    const ptr = r32[R_OUT_PTR];
    return heap.slice(ptr, ptr + r32[R_OUT_LEN]);
  }

  // Each encoder reads every property of its argument exactly once, into locals, and checks them
  // before it touches the heap: a getter or Proxy trap (which may call the codec) runs first, and
  // what was checked is what is encoded.
  function encodeKey(key) {
    requireObject(key, 'encodeKey');
    const kindName = key.kind;
    const version = key.version;
    const role = key.role;
    const memberGiven = key.member;
    if (typeof kindName !== 'string' || !Object.hasOwn(KIND, kindName)) {
      throw new TypeError(`encodeKey: kind must be 'registration' or 'lease'; got ${describe(kindName)}`);
    }
    requireVersion(version, 'key');
    requireString(role, 'key.role');
    const member = memberGiven === undefined ? '' : memberGiven;
    requireString(member, 'key.member');
    const kind = KIND[kindName];
    const p = encodeScratch([role, member], 'encodeKey', () =>
      M._cv_refuse_key(kind, ...stringFacts(role), ...stringFacts(member)),
    );
    const roleLen = putString(role, p, role.length * 3);
    const memberLen = putString(member, p + roleLen, member.length * 3);
    return encodedOutput(M._cv_encode_key(kind, p, roleLen, p + roleLen, memberLen));
  }

  function encodeValue(value) {
    requireObject(value, 'encodeValue');
    const kind = value.kind;
    if (kind !== 'registration' && kind !== 'lease') {
      throw new TypeError(`encodeValue: kind must be 'registration' or 'lease'; got ${describe(kind)}`);
    }
    const version = value.version;
    const member = value.member;
    if (kind === 'registration') {
      const registeredAt = value.registeredAt;
      requireVersion(version, kind);
      requireString(member, 'registration.member');
      requireI64(registeredAt, 'registration.registeredAt');
      const p = encodeScratch([member], 'encodeValue', () =>
        M._cv_refuse_value(KIND.registration, ...stringFacts(member)),
      );
      const len = putString(member, p, member.length * 3);
      return encodedOutput(M._cv_encode_registration(p, len, registeredAt));
    }
    const producerId = value.producerId;
    const epoch = value.producerEpoch;
    const grantedAt = value.grantedAt;
    const deadline = value.deadline;
    requireVersion(version, kind);
    requireString(member, 'lease.member');
    requireI64(producerId, 'lease.producerId');
    if (typeof epoch !== 'number' || !Number.isInteger(epoch)) {
      throw new TypeError('lease.producerEpoch must be an integer number');
    }
    if (epoch < -32768 || epoch > 32767)
      throw new RangeError('lease.producerEpoch must fit in a signed 16-bit integer');
    requireI64(grantedAt, 'lease.grantedAt');
    requireI64(deadline, 'lease.deadline');
    const p = encodeScratch([member], 'encodeValue', () => M._cv_refuse_value(KIND.lease, ...stringFacts(member)));
    const len = putString(member, p, member.length * 3);
    return encodedOutput(M._cv_encode_lease(p, len, producerId, epoch, grantedAt, deadline));
  }

  // ---- inspect ------------------------------------------------------------------------------

  // The core's inspection of n bytes at p as parsed JSON, or null for an unknown target.
  function inspectRaw(t, p, n, present) {
    if (M._cv_inspect(t, p, n, present ? 1 : 0) !== 0) return null;
    return outputJson();
  }

  // The JSON text the core left at out_ptr/out_len (an inspection), parsed.
  function outputJson() {
    if (heap !== M.HEAPU8) views();
    const ptr = r32[R_OUT_PTR];
    return JSON.parse(decodeRange(heap, ptr, ptr + r32[R_OUT_LEN]));
  }

  // One crossing: the core decodes once and returns the flat node list (pre-order, parent
  // indices), the error and warnings, and leaves the record in the result block. The nodes are
  // nested here, once: the public tree (index.d.ts FieldNode) is nested.
  function inspectOne(bytes, t) {
    const target = TARGETS[t];
    const present = bytes !== null;
    const n = present ? TA_LENGTH.call(bytes) : 0;
    const p = present ? copyIn(bytes, n) : scratchFor(1);
    const raw = inspectRaw(t, p, n, present);
    if (raw === null) throw new TypeError('coordination-viewer: unknown target');
    const record = raw.record ? (t === 0 ? keyRecord(p) : valueRecord(t, p)) : null;
    const error = raw.error;
    return {
      target,
      tombstone: raw.tombstone,
      ok: error === null,
      fields: nestFields(raw.fields, p),
      error,
      warnings: raw.warnings,
      record,
      size: n,
    };
  }

  // The core's flat nodes (bindings.cpp treeJson, any format) nested into the public tree. A text
  // value is either inline (a string) or `true`: decoded here from the input copied at p.
  function nestFields(flat, p) {
    const fields = [];
    const nodes = [];
    for (const f of flat) {
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
      else if (typeof f.text === 'string') node.value = f.text;
      else if (f.text) {
        const prefix = f.wireType === 'string' ? 2 : 0; // a string node covers its length prefix too
        node.value = str(p + f.offset + prefix, f.length - prefix);
      }
      if (f.meaning !== undefined) node.meaning = f.meaning;
      // pre-order: a parent always comes before its children
      if (f.parent >= 0) nodes[f.parent].children.push(node);
      else fields.push(node);
      nodes.push(node);
    }
    return fields;
  }

  function inspect(input, target) {
    const bytes = bytesOrNull(input, 'inspect: bytes');
    if (target === 'auto') {
      const candidates = [0, 1, 2].map((t) => inspectOne(bytes, t));
      return {
        target: 'auto',
        matches: candidates.filter((c) => c.ok).map((c) => c.target),
        candidates,
      };
    }
    if (!INSPECT_ONLY && STREAMS_TARGETS.includes(target)) return inspectStreams(bytes, target);
    if (!INSPECT_ONLY && target === 'produce-request') return requireLogApi('inspect').inspect(input, target);
    const t = TARGETS.indexOf(target);
    if (t < 0)
      throw new TypeError(
        "inspect: target must be 'key', 'registration', 'lease', 'subscription', 'assignment', 'produce-request' or 'auto'",
      );
    return inspectOne(bytes, t);
  }

  // ---- batch --------------------------------------------------------------------------------

  // Large buffers go through in chunks of about BATCH_CHUNK bytes cut at frame boundaries: the copy
  // stays in cache and the wasm heap stays small. The core's framing check finds the cut: a frame
  // it reports as running past the end of a chunk, but which fits in the whole buffer, starts the
  // next chunk.
  const BATCH_CHUNK = 1 << 18;
  const i32At = (b, at) => (b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3];
  function validateBatch(input, target) {
    const frames = asBytes(input, 'validateBatch: frames');
    const t = TARGETS.indexOf(target);
    if (t < 0) throw new TypeError("validateBatch: target must be 'key', 'registration' or 'lease'");
    const total = TA_LENGTH.call(frames);
    const counts = new Float64Array(BL.byCode + CODES.length);
    let firstError = null;
    let framingErrorOffset = null;
    for (let base = 0; ;) {
      let end = Math.min(total, base + BATCH_CHUNK);
      if (end - base >= 4 && end < total) {
        // a single frame larger than the chunk gets a chunk of its own size
        const len = i32At(frames, base);
        if (len > 0 && base + 4 + len > end) end = Math.min(total, base + 4 + len);
      }
      const n = end - base;
      const p = scratchFor(n || 1);
      heap.set(new Uint8Array(TA_BUFFER.call(frames), TA_OFFSET.call(frames) + base, n), p);
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
  // The coordination-only modules (coordination_record, coordination_inspect: wasm/CMakeLists.txt) are built
  // without these entry points: calling one names the build instead of failing inside the glue.
  const hasStreams = typeof M._cv_streams_decode === 'function';
  function requireStreams(fn) {
    if (!hasStreams) {
      throw new TypeError(
        `coordination-viewer: ${fn} is not in the ${tables.build} build (coordination records only, no Kafka Streams decoders); use the full module, coordination_codec (loadCodec of 'coordination-viewer')`,
      );
    }
  }
  const streamsOut = hasStreams ? M._cv_streams_out() >> 2 : 0;
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
  function streamsDecode(target, input, fn) {
    requireStreams(fn);
    const bytes = asBytes(input, `${fn}: bytes`);
    const n = TA_LENGTH.call(bytes);
    const p = copyIn(bytes, n);
    const status = M._cv_streams_decode(target, p, n);
    streamsViews();
    const wb = I[streamsOut] >> 2;
    if (status !== 0) {
      const fieldLen = I[wb + 2];
      const textPtr = I[streamsOut + 3];
      const text = decodeRange(heap, textPtr, textPtr + fieldLen + I[wb + 3]);
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
    requireStreams(`inspect(bytes, '${target}')`);
    if (bytes === null) throw new TypeError(`inspect: bytes must not be null for '${target}'`);
    const t = STREAMS_TARGETS.indexOf(target);
    const n = TA_LENGTH.call(bytes);
    const p = copyIn(bytes, n);
    M._cv_streams_inspect(t, p, n);
    const raw = outputJson();
    const fields = nestFields(raw.fields, p);
    const ok = raw.error === null;
    const record = ok ? (t === 0 ? decodeSubscription(bytes) : decodeAssignment(bytes)) : null;
    return { target, tombstone: false, ok, fields, error: raw.error, warnings: raw.warnings, record, size: n };
  }
  // ---- end of the Kafka Streams block ---------------------------------------------------------

  const full = {
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
    // ProduceRequest v3: the whole-topic module's, once loadLogCodec() has resolved.
    decodeProduceRequest: (bytes) => requireLogApi('decodeProduceRequest').decodeProduceRequest(bytes),
  };
  // The element's bundle (INSPECT_ONLY) keeps inspect() alone: the bundler drops the rest.
  const codec = INSPECT_ONLY ? { TOPIC, inspect } : full;
  // Internal, for the tests (not part of index.d.ts): wasm heap size.
  Object.defineProperty(codec, '__heapStats', {
    value: () => ({ heapBytes: M.HEAPU8.length }),
    enumerable: false,
  });
  // Internal, for the tests: the module's tables and the raw boundary calls, to check that an
  // unknown target is refused below the JS argument checks too.
  Object.defineProperty(codec, '__boundary', {
    value: {
      get tables() {
        return tables;
      },
      decodeStatus: (t, bytes) => cvDecode(t, copyIn(bytes, bytes.length), bytes.length),
      batchStatus: (t, bytes) => M._cv_validate_batch(t, copyIn(bytes, bytes.length), bytes.length),
      inspectRaw: (t, bytes) => inspectRaw(t, copyIn(bytes, bytes.length), bytes.length, true),
    },
    enumerable: false,
  });
  return Object.freeze(codec);
}

// ---- Whole-topic mode (issue 11): loadLogCodec -> readLog, foldState, createFolder -------------
// The fold runs in the core (wasm/core/log/fold.h): JS copies each chunk of input into the heap
// and makes one call per chunk, never one per record; the state comes back as the core's JSON
// document (wasm/core/log/state_json.cpp), parsed once, its i64 fields (decimal strings in JSON)
// turned into bigint.
const LOG_CHUNK = 1 << 22; // bytes copied into the wasm heap per call: the heap stays small
// The i64 fields of the state document, decimal strings in JSON, to bigint (a walk over the known
// shape: a JSON.parse reviver, called for every value, took longer than the fold).
function stateI64(doc) {
  const lease = (l) => {
    if (l === null) return;
    l.producerId = BigInt(l.producerId);
    l.grantedAt = BigInt(l.grantedAt);
    l.deadline = BigInt(l.deadline);
  };
  for (const r of doc.roles) {
    lease(r.lease);
    for (const m of r.members) m.registeredAt = BigInt(m.registeredAt);
  }
  for (const a of doc.anomalies) a.offset = BigInt(a.offset);
  for (const e of doc.errors) if ('offset' in e) e.offset = BigInt(e.offset);
  for (const h of doc.history ?? []) {
    for (const e of h.entries) {
      e.offset = BigInt(e.offset);
      e.timestamp = BigInt(e.timestamp);
      if (e.value === null) continue;
      if ('registeredAt' in e.value) e.value.registeredAt = BigInt(e.value.registeredAt);
      else lease(e.value);
    }
  }
  return doc;
}

let cachedLog = null;

/**
 * Loads the whole-topic module (coordination_log.wasm: record batches, gzip, the fold) once; a
 * module of its own so that the single-record codec stays small. Options as for loadCodec, for
 * this module's .wasm.
 */
export function loadLogCodec(options) {
  if (cachedLog) return cachedLog;
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    return Promise.reject(new TypeError('loadLogCodec: options must be an object'));
  }
  cachedLog = import('./dist/coordination_log.js')
    .then((glue) => instantiate(options || {}, glue.default, './dist/coordination_log.wasm', makeLogApi))
    .catch((e) => {
      cachedLog = null;
      throw e;
    });
  return cachedLog;
}

function makeLogApi(M) {
  const utf8 = typeof TextDecoder === 'function' ? new TextDecoder('utf-8', { ignoreBOM: true }) : null;
  const text = (b) => (utf8 ? utf8.decode(b) : decodeUtf8(b, 0, b.length));
  let buf = 0;
  let bufCap = 0;
  // Copies bytes into a reused heap area; returns its address (the heap may have grown).
  function copy(bytes) {
    const n = Math.max(1, bytes.length);
    if (n > bufCap) {
      if (buf) M._free(buf);
      bufCap = Math.max(n, 1 << 16);
      buf = M._malloc(bufCap);
      if (!buf) {
        bufCap = 0;
        throw new RangeError(`coordination-viewer: cannot allocate ${n} bytes in the wasm heap`);
      }
    }
    M.HEAPU8.set(bytes, buf);
    return buf;
  }
  const toI64 = (v, what) => {
    if (typeof v === 'bigint') return v;
    if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
    throw new TypeError(`${what} must be a bigint or a safe integer`);
  };

  function readLog(bytes) {
    bytes = asBytes(bytes, 'readLog: bytes');
    const p = copy(bytes);
    const out = M.readLog(p, bytes.length);
    for (const b of out.batches) {
      for (const k of ['baseOffset', 'firstTimestamp', 'maxTimestamp', 'producerId']) b[k] = BigInt(b[k]);
      for (const r of b.records) {
        r.offset = BigInt(r.offset);
        r.timestamp = BigInt(r.timestamp);
        for (const h of r.headers) h.key = text(h.key);
      }
    }
    for (const e of out.errors) e.baseOffset = BigInt(e.baseOffset);
    return out;
  }

  // Packs records for cv_fold_push_records (wasm/core/log/fold.h addPackedRecords), big-endian.
  function packRecords(records, from, to) {
    // Each record's fields are read once, into `rows`: a getter cannot change them between the
    // size count and the copy, and the caller's objects are left as they were.
    const bytesOf = (v, i, f) => (v === null || v === undefined ? null : asBytes(v, `pushRecords: record ${i}: ${f}`));
    const i64Of = (v, what) => (v === undefined || v === null ? -1n : toI64(v, what));
    const rows = [];
    let size = 0;
    for (let i = from; i < to; i++) {
      const r = records[i];
      if (r === null || typeof r !== 'object') throw new TypeError(`pushRecords: record ${i} must be an object`);
      const row = {
        partition: r.partition ?? 0,
        offset: i64Of(r.offset, 'offset'),
        timestamp: i64Of(r.timestamp, 'timestamp'),
        line: i64Of(r.line, 'line'),
        key: bytesOf(r.key, i, 'key'),
        value: bytesOf(r.value, i, 'value'),
      };
      rows.push(row);
      size += 36 + (row.key ? row.key.length : 0) + (row.value ? row.value.length : 0);
    }
    const out = new Uint8Array(size);
    const dv = new DataView(out.buffer);
    let at = 0;
    for (const row of rows) {
      dv.setInt32(at, row.partition);
      dv.setBigInt64(at + 4, row.offset);
      dv.setBigInt64(at + 12, row.timestamp);
      dv.setBigInt64(at + 20, row.line);
      at += 28;
      for (const b of [row.key, row.value]) {
        if (b === null) {
          dv.setInt32(at, -1);
          at += 4;
        } else {
          dv.setInt32(at, b.length);
          out.set(b, at + 4);
          at += 4 + b.length;
        }
      }
    }
    return out;
  }

  function createFolder(options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError('createFolder: options must be an object');
    const history = options.history === true;
    let handle = M._cv_fold_new(history ? 1 : 0);
    let records = 0;
    const live = () => {
      if (!handle) throw new Error('coordination-viewer: the folder was disposed');
      return handle;
    };
    const partitionOf = (partition) => {
      if (!Number.isInteger(partition) || partition < 0 || partition > 0x7fffffff) {
        throw new TypeError('partition must be an integer 0..2^31-1');
      }
      return partition;
    };
    return {
      /** One chunk of a log file (segment) of `partition`; chunks of one file in order. */
      pushLog(chunk, partition = 0) {
        chunk = asBytes(chunk, 'pushLog: chunk');
        const h = live();
        const part = partitionOf(partition);
        for (let at = 0; at < chunk.length; at += LOG_CHUNK) {
          const piece = chunk.subarray(at, Math.min(chunk.length, at + LOG_CHUNK));
          records = M._cv_fold_push_log(h, part, copy(piece), piece.length);
        }
      },
      /** End of one log file: a batch cut off at its end is reported (BATCH_TRUNCATED). */
      endLog(partition = 0) {
        M._cv_fold_end_log(live(), partitionOf(partition));
      },
      /** Records from another source: { key, value, partition?, offset?, timestamp?, line? }. */
      pushRecords(list) {
        if (!Array.isArray(list)) throw new TypeError('pushRecords: records must be an array');
        const h = live();
        const step = 4096;
        for (let from = 0; from < list.length; from += step) {
          const packed = packRecords(list, from, Math.min(list.length, from + step));
          const bad = M._cv_fold_push_records(h, copy(packed), packed.length);
          if (bad >= 0) throw new Error(`pushRecords: packed record at byte ${bad} is malformed`);
        }
        records += list.length;
      },
      get records() {
        return records;
      },
      /** The state now: { roles, anomalies, errors, records, history? }; i64 values as bigint. */
      result(opts = {}) {
        const now = opts.now === undefined ? BigInt(Date.now()) : toI64(opts.now, 'now');
        const len = M._cv_fold_result(live(), now, history ? 1 : 0);
        const ptr = M._cv_fold_json();
        return stateI64(JSON.parse(text(M.HEAPU8.subarray(ptr, ptr + len))));
      },
      /** Frees the folder's wasm memory; the folder cannot be used afterwards. */
      dispose() {
        if (handle) M._cv_fold_delete(handle);
        handle = 0;
      },
    };
  }

  function foldState(input, options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError('foldState: options must be an object');
    const folder = createFolder({ history: options.history === true });
    try {
      if (!Array.isArray(input)) {
        input = asBytes(input, 'foldState: input (log bytes or an array of records)');
        const partition = options.partition ?? 0;
        folder.pushLog(input, partition);
        folder.endLog(partition);
      } else {
        folder.pushRecords(input);
      }
      return folder.result({ now: options.now });
    } finally {
      folder.dispose();
    }
  }

  // ---- ProduceRequest v3 (issue 13) ------------------------------------------------------------
  // The core decodes into flat arrays (wasm/core/protocol/produce.h FlatProduce has the layout);
  // the objects are built here: one Embind object per field took 40x the native decode.
  function decodeProduceRequest(bytes) {
    bytes = asBytes(bytes, 'decodeProduceRequest: bytes');
    const out = M.decodeProduceRequest(copy(bytes), bytes.length);
    if (typeof out !== 'number') throw new CoordinationError(out.code, out.offset, out.field, out.message);
    const heap = M.HEAPU8;
    const block = new Uint32Array(heap.buffer, out, 6);
    const W = new Int32Array(heap.buffer, block[0], block[1]);
    const L = new BigInt64Array(heap.buffer, block[2], block[3]);
    const pool = block[4];
    let w = 0;
    let l = 0;
    const word = () => W[w++];
    const long = () => L[l++];
    const textOf = () => {
      const at = W[w];
      const n = W[w + 1];
      w += 2;
      return n < 0 ? null : n === 0 ? '' : text(heap.subarray(pool + at, pool + at + n));
    };
    // Keys and values are views into one copy of the pool: an ArrayBuffer each (heap.slice) made
    // the garbage collector most of the decode time.
    const bytesPool = heap.slice(pool, pool + block[5]);
    const bytesOf = () => {
      const at = W[w];
      const n = W[w + 1];
      w += 2;
      return n < 0 ? null : bytesPool.subarray(at, at + n);
    };
    const KINDS = ['registration', 'lease'];
    const decoded = () => {
      const kind = word();
      const key = kind === 2 ? null : { version: 0, kind: KINDS[kind], role: textOf(), member: textOf() };
      const vk = word();
      let value = null;
      if (vk === 0) value = { version: 0, kind: 'registration', member: textOf(), registeredAt: long() };
      else if (vk === 1) {
        const member = textOf();
        const producerId = long();
        const grantedAt = long();
        const deadline = long();
        value = { version: 0, kind: 'lease', member, producerId, producerEpoch: word(), grantedAt, deadline };
      }
      const part = word();
      const error =
        part === 0
          ? null
          : { code: textOf(), offset: word(), field: textOf(), part: part === 1 ? 'key' : 'value', message: textOf() };
      return { key, value, error };
    };
    const COMPRESSION = ['none', 'gzip'];
    const list = (fn) => {
      const n = word();
      const out = new Array(n);
      for (let i = 0; i < n; i++) out[i] = fn();
      return out;
    };
    const record = () => {
      const r = {
        offset: long(),
        timestamp: long(),
        key: bytesOf(),
        value: bytesOf(),
        headers: list(() => ({ key: textOf(), value: bytesOf() })),
      };
      if (W[w] === -1) w++;
      else r.decoded = decoded();
      return r;
    };
    const batch = () => ({
      baseOffset: long(),
      producerId: long(),
      producerEpoch: word(),
      baseSequence: word(),
      compression: COMPRESSION[word()],
      records: list(record),
    });
    const header =
      word() === 1 ? { apiKey: word(), apiVersion: word(), correlationId: word(), clientId: textOf() } : null;
    return {
      header,
      transactionalId: textOf(),
      acks: word(),
      timeout: word(),
      topics: list(() => ({ topic: textOf(), partitions: list(() => ({ partition: word(), batches: list(batch) })) })),
    };
  }
  // The field tree of a ProduceRequest in the neutral shape of codec.inspect (FieldNode, nested).
  function inspect(input, target) {
    if (target !== 'produce-request')
      throw new TypeError("inspect: the whole-topic module's target is 'produce-request'");
    const bytes = asBytes(input, 'inspect: bytes');
    const raw = M.inspectProduceRequest(copy(bytes), bytes.length);
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
      if (f.value !== undefined) node.value = f.wireType === 'i64' ? BigInt(f.value) : Number(f.value);
      else if (f.text !== undefined) node.value = f.text;
      if (f.meaning !== undefined) node.meaning = f.meaning;
      return node;
    });
    const fields = [];
    raw.fields.forEach((f, i) => (f.parent >= 0 ? nodes[f.parent].children.push(nodes[i]) : fields.push(nodes[i])));
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
      size: bytes.length,
    };
  }

  const api = Object.freeze({ readLog, foldState, createFolder, decodeProduceRequest, inspect });
  loadedLogApi = api;
  return api;
}

// The whole-topic module once loadLogCodec() has resolved: the single-record codec's
// decodeProduceRequest and inspect(bytes, 'produce-request') use it (they stay synchronous).
let loadedLogApi = null;
function requireLogApi(fn) {
  if (loadedLogApi === null) {
    throw new Error(
      `${fn}: ProduceRequest decoding lives in the whole-topic module: call \`await loadLogCodec()\` once first`,
    );
  }
  return loadedLogApi;
}
