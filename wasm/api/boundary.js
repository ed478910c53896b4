// The JS side of the wasm boundary shared by every module's API (wasm/api/index.js: the single-record
// codec; wasm/api/log-api.js and wasm/api/produce-api.js: the whole-topic module): the error class, bytes
// from any realm, UTF-8 without a TextDecoder, the field tree's nesting, and the instantiation of
// an Emscripten module in Node or a browser.

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

/** The error the core reported, as the boundary hands it over ({code, offset, field, message}). */
export const coordinationErrorOf = (e) => new CoordinationError(e.code, e.offset, e.field, e.message);

/** The module's heap as 32-bit words: a function, whose view is made again when the memory grew. */
export function heapWords(M) {
  let U32 = null;
  return () => {
    if (U32 === null || U32.buffer !== M.HEAPU8.buffer) U32 = new Uint32Array(M.HEAPU8.buffer);
    return U32;
  };
}

const isNode = typeof process !== 'undefined' && process.versions != null && process.versions.node != null;

async function readLocal(url) {
  // Only for a wasmUrl in Node; hidden from bundlers (the name is not a literal, and webpack is told
  // to leave the import alone: else it warns "Critical dependency: the request of a dependency is an
  // expression").
  const fsName = 'node:fs/promises';
  const fs = await import(/* webpackIgnore: true */ /* @vite-ignore */ fsName);
  return new Uint8Array(await fs.readFile(url));
}

// An instance of the module made by `factory` (Emscripten glue), handed to `make` with a function
// that makes a fresh instance. Its .wasm: the options' wasmModule (compiled already: a thread
// sent it, so that each thread does not compile and optimize the code again), wasmBinary or
// wasmUrl, else `bytes()`, the module's own bytes as code (wasm/dist/<name>.bytes.js, imported on
// demand: an app that passes a wasmUrl never loads them), which every bundler and Node load with
// no asset to locate (wasm/README.md, "Bundlers"). `what` names the loader in errors.
export async function instantiate(options, factory, bytes, make, what) {
  const { wasmModule, wasmBinary, wasmUrl } = options;
  const moduleArg = { print: () => {}, printErr: () => {} };
  if (wasmModule !== undefined) {
    if (!(wasmModule instanceof WebAssembly.Module))
      throw new TypeError(`${what}: wasmModule must be a WebAssembly.Module`);
  } else if (wasmBinary !== undefined) {
    moduleArg.wasmBinary = asBytes(wasmBinary, `${what}: wasmBinary`).slice();
  } else if (wasmUrl !== undefined) {
    if (typeof wasmUrl !== 'string' && !(wasmUrl instanceof URL)) {
      throw new TypeError(`${what}: wasmUrl must be a string or a URL`);
    }
    const href = String(wasmUrl);
    if (isNode && (href.startsWith('file:') || !/^[a-z][a-z0-9+.-]*:/i.test(href))) {
      moduleArg.wasmBinary = await readLocal(href.startsWith('file:') ? new URL(href) : href);
    } else {
      moduleArg.locateFile = (path, prefix) => (path.endsWith('.wasm') ? href : prefix + path);
    }
  } else {
    moduleArg.wasmBinary = (await bytes()).default;
  }
  const create = () =>
    wasmModule === undefined
      ? factory({ ...moduleArg })
      : new Promise((resolve, reject) => {
          // Emscripten's hook: the instance made here is handed to the glue; a module that does not
          // fit the glue (its imports, its exports) rejects the load, where the glue itself would
          // wait for it forever.
          const instantiateWasm = (imports, receive) => {
            WebAssembly.instantiate(wasmModule, imports)
              .then((instance) => receive(instance, wasmModule))
              .catch(reject);
            return {};
          };
          factory({ ...moduleArg, instantiateWasm }).then(resolve, reject);
        });
  return make(await create(), create);
}

// ---- the whole-topic module, as the single-record codec sees it -----------------------------
// Its API once loadLogCodec() has resolved (set by wasm/api/log-api.js): the single-record codec's
// decodeProduceRequest and inspect(bytes, 'produce-request') use it (they stay synchronous). Kept
// here, not in wasm/api/log-api.js, so that wasm/api/index.js does not import the whole-topic module.
let loadedLogApi = null;
export function setLogApi(api) {
  loadedLogApi = api;
}
export function requireLogApi(fn) {
  if (loadedLogApi === null) {
    throw new Error(
      `${fn}: ProduceRequest decoding lives in the whole-topic module: call \`await loadLogCodec()\` once first`,
    );
  }
  return loadedLogApi;
}

// ---- bytes from any realm ------------------------------------------------------------------
// The intrinsic getters read a typed array's internal slots: they work on arrays from another
// realm (an iframe, jsdom, a vm context) and run no code of the caller's (an overridden `length`,
// a subclass's species), unlike `instanceof`, `.length` or `.subarray`.
const TypedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
const intrinsicGetter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
const TA_TAG = intrinsicGetter(TypedArrayProto, Symbol.toStringTag);
export const TA_BUFFER = intrinsicGetter(TypedArrayProto, 'buffer');
export const TA_OFFSET = intrinsicGetter(TypedArrayProto, 'byteOffset');
export const TA_LENGTH = intrinsicGetter(TypedArrayProto, 'length');
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
export function describe(v) {
  if (v === null) return 'null';
  if (typeof v !== 'object' && typeof v !== 'function')
    return `${typeof v} ${typeof v === 'string' ? JSON.stringify(v.slice(0, 20)) : String(v)}`;
  if (ArrayBuffer.isView(v)) return TA_TAG.call(v) || 'a DataView';
  if (Array.isArray(v)) return 'an Array';
  return typeof v === 'function' ? 'a function' : 'an object';
}

/** Kafka's largest partition number (an int32): the API's, the command line's and the viewer's. */
export const MAX_PARTITION = 0x7fffffff;

/** Whether v is a Uint8Array (a Node Buffer is one) from any realm, without running its code. */
export const isUint8Array = (v) => ArrayBuffer.isView(v) && TA_TAG.call(v) === 'Uint8Array';

/**
 * The bytes of v (a Uint8Array or Buffer from any realm, or an ArrayBuffer or SharedArrayBuffer) as
 * a Uint8Array of fixed content, without running v's code: v itself when it is a Uint8Array (any
 * realm, any subclass) over an ArrayBuffer, a copy of bytes in shared memory (so that another
 * thread cannot change them between the core's validation and the decoding of a string), else a
 * view. For callers that read it only through the intrinsics (TA_LENGTH...), element access and
 * TypedArray.prototype.set, none of which runs a subclass's code: the per-record decoders, whose
 * callers mostly pass a Node Buffer (a view made of it cost a decode ~30 ns). TypeError naming
 * what was given otherwise.
 */
export function inputBytes(v, what) {
  if (isUint8Array(v)) {
    // (isView is false for a Proxy: no trap runs here.) Callers read the length with TA_LENGTH.
    const buffer = TA_BUFFER.call(v);
    if (buffer instanceof ArrayBuffer) {
      if (TA_LENGTH.call(v) === 0 && isDetached(buffer)) throw detachedError(what);
      return v;
    }
    if (isBufferOf(AB_LENGTH, buffer) && isDetached(buffer)) throw detachedError(what);
    const view = new Uint8Array(buffer, TA_OFFSET.call(v), TA_LENGTH.call(v));
    return isBufferOf(SAB_LENGTH, buffer) ? view.slice() : view;
  }
  if (v !== null && typeof v === 'object') {
    if (isBufferOf(AB_LENGTH, v)) {
      if (isDetached(v)) throw detachedError(what);
      return new Uint8Array(v);
    }
    if (isBufferOf(SAB_LENGTH, v)) return new Uint8Array(v).slice();
  }
  throw new TypeError(`${what} must be a Uint8Array, a Buffer or an ArrayBuffer; got ${describe(v)}`);
}

// Whether an ArrayBuffer was detached (transferred away): its length reads 0 and no view of it can
// be made (ArrayBuffer.prototype.detached is newer than Node 20). A view of one reads as no bytes:
// a value would have been a tombstone.
function isDetached(buffer) {
  if (AB_LENGTH.call(buffer) !== 0) return false;
  try {
    new Uint8Array(buffer);
    return false;
  } catch {
    return true;
  }
}
const detachedError = (what) =>
  new TypeError(`${what} is a detached ArrayBuffer or a view of one (transferred elsewhere): it has no bytes to read`);

/**
 * inputBytes(v) as a plain Uint8Array of this realm (a subclass's or another realm's array viewed
 * again), for callers that call its methods (subarray, slice).
 */
export function asBytes(v, what) {
  const bytes = inputBytes(v, what);
  return Object.getPrototypeOf(bytes) === Uint8Array.prototype
    ? bytes
    : new Uint8Array(TA_BUFFER.call(bytes), TA_OFFSET.call(bytes), TA_LENGTH.call(bytes));
}

// ---- integers -------------------------------------------------------------------------------
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

/**
 * v as a signed 64-bit integer, never wrapped: a bigint, or with `numbers` a safe integer number
 * too (the whole-topic API's offsets and timestamps), from `min` (default -2^63) to 2^63-1.
 * TypeError for any other value (a string, a fraction), RangeError outside the range.
 */
export function toI64(v, what, { numbers = false, min = I64_MIN } = {}) {
  if (numbers && typeof v === 'number' && Number.isSafeInteger(v)) v = BigInt(v);
  else if (typeof v !== 'bigint')
    throw new TypeError(`${what} must be a bigint${numbers ? ' or a safe integer' : ''}; got ${describe(v)}`);
  if (v < min || v > I64_MAX) {
    throw new RangeError(
      min === I64_MIN
        ? `${what} must fit in a signed 64-bit integer; got ${v}`
        : `${what} must be ${min} to 2^63-1; got ${v}`,
    );
  }
  return v;
}

/**
 * The core's flat field nodes (pre-order, parent indices: bindings.cpp treeJson, log_bindings.cpp,
 * any format) nested into the public tree (index.d.ts FieldNode). A node's value: `int` (decimal
 * text: bigint for an i64, else a number), `text` inline, or `text: true` for a text the caller
 * reads from its input: textOf(node).
 */
export function nestFields(flat, textOf) {
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
    else if (f.text) node.value = textOf(f);
    if (f.meaning !== undefined) node.meaning = f.meaning;
    // pre-order: a parent always comes before its children
    if (f.parent >= 0) nodes[f.parent].children.push(node);
    else fields.push(node);
    nodes.push(node);
  }
  return fields;
}

// The UTF-8 and UTF-16 texts live in utf8.js; modules that take them from here still can.
export { decodeUtf8, unitsText } from './utf8.js';

// ---- Kafka Streams: what the decoders (streams-api.js) and their absence (streams-absent.js) share
export const STREAMS_TARGETS = ['subscription', 'assignment'];
/**
 * The TypeError of an entry point `fn` that a coordination-only build (`build`: the module's name)
 * leaves out: the batch and the Kafka Streams decoders are the full module's only. The API's own
 * checks (codec-batch.js, streams-api.js) and the viewer page's stand-ins for them
 * (batch-absent.js, streams-absent.js) throw it alike.
 */
export function absentFromBuild(fn, build) {
  return new TypeError(
    `coordination-viewer: ${fn} is not in the ${build} build (the coordination records only: no batch, no Kafka Streams decoders); use the full module, coordination_codec (loadCodec of 'coordination-viewer')`,
  );
}
