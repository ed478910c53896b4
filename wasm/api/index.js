// coordination-viewer: the public JavaScript API over the C++ codec compiled to WebAssembly.
// Types: wasm/api/index.d.ts. The C++ core is the only decoder and encoder; this file moves bytes in
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
// - a call that grew the heap past RENEW_ABOVE_BYTES (codec-result-block.js) gets the codec a fresh module instance once it
//   returns (a wasm memory never shrinks): one large input does not pin the heap.
import createCoordinationCodec from '../dist/coordination_codec.js';
import { instantiate, requireLogApi } from './boundary.js';
import { makeBatch } from './codec-batch.js';
import { makeDecoders } from './codec-decode.js';
import { makeEncoders } from './codec-encode.js';
import { makeInspect } from './codec-inspect.js';
import { INSPECT_ONLY } from './codec-inspect-only.js';
import { makeResultBlock } from './codec-result-block.js';
import { makeStreamsApi } from './streams-api.js';
import { decodeRange } from './utf8.js';

export const TOPIC = '__coordination_state';
export { explainStreamsUpgrade } from './streams-upgrade.js';
export { CoordinationError } from './boundary.js';
export { toJSON, toPlain } from './to-json.js';

// The whole-topic module has its own entry point, 'coordination-viewer/log' (wasm/api/log-api.js). This
// loadLogCodec reaches it at run time through a name bundlers do not follow (webpack, Vite, Rollup
// and esbuild leave an import() of a variable alone), so that an app that only decodes records does
// not get the whole-topic module (222 KB of wasm) in its build. Unbundled (Node, a static page) this
// is the entry point's module itself; a bundle has it only if the app imports the entry point.
const LOG_API = './log-api.js';
/** Loads the whole-topic module: loadLogCodec of 'coordination-viewer/log' (wasm/api/log-api.js). */
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
    () => import('../dist/coordination_codec.bytes.js'),
    makeCodec,
    'loadCodec',
  ).catch((e) => {
    cached = null;
    throw e;
  });
  return cached;
}

// The codec: its parts (wasm/codec-*.js) over one module instance (codec-result-block.js, with the
// WasmInstance of wasm-instance.js).
function makeCodec(firstModule, createModule) {
  // Kafka Streams metadata (wasm/api/streams-api.js); not in the element's bundle (INSPECT_ONLY). Made
  // first: each module instance binds it (result-block.js bindMore).
  let cx = null;
  const streams = INSPECT_ONLY
    ? null
    : makeStreamsApi({
        refresh: () => cx.inst.refresh(),
        copyIn: (bytes, n) => cx.inst.copyIn(bytes, n),
        outputJson: () => cx.outputJson(),
        nestFieldsAt: (flat, p) => cx.nestFieldsAt(flat, p),
        decodeRange,
      });
  cx = makeResultBlock(firstModule, createModule, TOPIC, (m, tables, entry) => streams?.bind(m, tables, entry));
  const { inspect, inspectRaw } = makeInspect(cx, streams);
  // The element's bundle (INSPECT_ONLY) keeps inspect() alone: the bundler drops the rest.
  const codec = INSPECT_ONLY ? { TOPIC, inspect } : fullCodec(cx, streams, inspect);
  // Internal, for the tests (not part of index.d.ts): wasm heap size.
  Object.defineProperty(codec, '__heapStats', {
    value: () => ({ heapBytes: cx.M.HEAPU8.length }),
    enumerable: false,
  });
  // Internal, for the tests: the module's tables and the raw boundary calls, to check that an
  // unknown target is refused below the JS argument checks too.
  const copyIn = (bytes) => cx.inst.copyIn(bytes, bytes.length);
  Object.defineProperty(codec, '__boundary', {
    value: {
      get tables() {
        return cx.tables;
      },
      decodeStatus: (t, bytes) => cx.cvDecode(t, copyIn(bytes), bytes.length),
      batchStatus: (t, bytes) => cx.entry.validateBatch(t, copyIn(bytes), bytes.length),
      inspectRaw: (t, bytes) => inspectRaw(t, copyIn(bytes), bytes.length, true),
    },
    enumerable: false,
  });
  return Object.freeze(codec);
}

function fullCodec(cx, streams, inspect) {
  const { decodeKey, decodeValue, isTombstone } = makeDecoders(cx);
  const { encodeKey, encodeValue } = makeEncoders(cx);
  const { validateBatch } = makeBatch(cx);
  return {
    TOPIC,
    decodeKey,
    decodeValue,
    encodeKey,
    encodeValue,
    isTombstone,
    inspect,
    validateBatch,
    decodeSubscription: streams.decodeSubscription,
    decodeAssignment: streams.decodeAssignment,
    // ProduceRequest v3: the whole-topic module's, once loadLogCodec() has resolved.
    decodeProduceRequest: (bytes) => requireLogApi('decodeProduceRequest').decodeProduceRequest(bytes),
  };
}
