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
import {
  CoordinationError,
  TA_BUFFER,
  TA_LENGTH,
  TA_OFFSET,
  asBytes,
  decodeUtf8,
  describe,
  instantiate,
  isUint8Array,
  nestFields,
  requireLogApi,
  toI64,
  unitsText,
} from './boundary.js';
import { bytesToHex } from './hex-base64.js';
import { makeStreamsApi } from './streams-api.js';

export const TOPIC = '__coordination_state';
export { explainStreamsUpgrade } from './streams-upgrade.js';
export { CoordinationError } from './boundary.js';

// The whole-topic module has its own entry point, 'coordination-viewer/log' (wasm/log-api.js). This
// loadLogCodec reaches it at run time through a name bundlers do not follow (webpack, Vite, Rollup
// and esbuild leave an import() of a variable alone), so that an app that only decodes records does
// not get the whole-topic module (222 KB of wasm) in its build. Unbundled (Node, a static page) this
// is the entry point's module itself; a bundle has it only if the app imports the entry point.
const LOG_API = './log-api.js';
/** Loads the whole-topic module: loadLogCodec of 'coordination-viewer/log' (wasm/log-api.js). */
export function loadLogCodec(options) {
  return import(/* webpackIgnore: true */ /* @vite-ignore */ LOG_API).then(
    (log) => log.loadLogCodec(options),
    (e) => {
      throw new Error(
        `loadLogCodec: the whole-topic module is not beside the codec (${e.message}); in a bundled app, import { loadLogCodec } from 'coordination-viewer/log'`,
        { cause: e },
      );
    },
  );
}

/**
 * JSON text (a string) of the API's values: JSON.stringify with every bigint (i64) as a decimal
 * string, exact, and every Uint8Array (a record's key, value or header value) as lowercase hex.
 */
export function toJSON(value, space) {
  return JSON.stringify(value, plainValue, space);
}

/** The same conversion as toJSON, as plain data instead of text: JSON.parse(toJSON(value)). */
export function toPlain(value) {
  const text = toJSON(value);
  return text === undefined ? undefined : JSON.parse(text);
}

function plainValue(key, v) {
  // The holder's own value: a Node Buffer's toJSON has already turned `v` into { type, data }.
  const raw = this[key];
  if (isUint8Array(raw)) return bytesToHex(raw);
  return typeof v === 'bigint' ? v.toString() : v;
}

// The <coordination-record> element's bundle (web/vite.config.js) defines CV_INSPECT_ONLY as true:
// its codec is inspect() of the coordination records, and the bundler drops the rest (decode,
// encode, batch, Kafka Streams, ProduceRequest). Anywhere else it is not defined: the whole API.
const INSPECT_ONLY = typeof CV_INSPECT_ONLY !== 'undefined' && CV_INSPECT_ONLY === true;

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
  cached = instantiate(
    options || {},
    createCoordinationCodec,
    () => import('./dist/coordination_codec.bytes.js'),
    makeCodec,
    'loadCodec',
  ).catch((e) => {
    cached = null;
    throw e;
  });
  return cached;
}

const TARGETS = ['key', 'registration', 'lease'];
const KIND = { registration: 0, lease: 1 };
const KIND_NAME = ['registration', 'lease'];
const NON_ASCII = /[^\0-\x7f]/;
// Strings up to this many UTF-8 bytes are decoded by hand (str below), into `units` (UTF-16).
const SHORT_STRING = 24;
const units = new Uint16Array(SHORT_STRING);

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
    if (m._cv_streams_decode) m._cv_streams_decode(0, 0, 0, 0);
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
    streams?.bind(m, tables);
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

  // Kafka Streams metadata (wasm/streams-api.js); not in the element's bundle (INSPECT_ONLY).
  const streams = INSPECT_ONLY
    ? null
    : makeStreamsApi({
        refresh: () => {
          if (heap !== M.HEAPU8) views();
        },
        copyIn,
        outputJson,
        nestFieldsAt,
        decodeRange,
      });
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
  // `units`, then made a string by unitsText; the rest through TextDecoder (or decodeUtf8).
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
    return unitsText(u, 0, n);
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
      toI64(registeredAt, 'registration.registeredAt');
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
    toI64(producerId, 'lease.producerId');
    if (typeof epoch !== 'number' || !Number.isInteger(epoch)) {
      throw new TypeError('lease.producerEpoch must be an integer number');
    }
    if (epoch < -32768 || epoch > 32767)
      throw new RangeError('lease.producerEpoch must fit in a signed 16-bit integer');
    toI64(grantedAt, 'lease.grantedAt');
    toI64(deadline, 'lease.deadline');
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
      fields: nestFieldsAt(raw.fields, p),
      error,
      warnings: raw.warnings,
      record,
      size: n,
    };
  }

  // The core's flat nodes nested (boundary.js nestFields); a text value not inline is read from
  // the input copied at p (a string node covers its length prefix too).
  function nestFieldsAt(flat, p) {
    return nestFields(flat, (f) => {
      const prefix = f.wireType === 'string' ? 2 : 0;
      return str(p + f.offset + prefix, f.length - prefix);
    });
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
    if (!INSPECT_ONLY && streams.targets.includes(target)) return streams.inspect(bytes, target);
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

  const full = {
    TOPIC,
    decodeKey,
    decodeValue,
    encodeKey,
    encodeValue,
    isTombstone,
    inspect,
    validateBatch,
    decodeSubscription: streams?.decodeSubscription,
    decodeAssignment: streams?.decodeAssignment,
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
