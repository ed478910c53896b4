// One Emscripten module instance as the JS API uses it (the codec, wasm/api/index.js; the whole-topic
// module, wasm/api/log-api.js):
// - heap: its HEAPU8, made current by refresh() after any call that may have grown the memory
//   (growth replaces the buffer; a view of the old one reads nothing);
// - a scratch area reused across calls for the input bytes, grown when a larger one comes, never
//   asked of malloc beyond MAX_ALLOCATION;
// - renewal (when given createModule and renewAboveBytes): a wasm memory never shrinks, so after a
//   call that grew it past renewAboveBytes a fresh module instance takes over once it is ready
//   (calls until then use the current one); the old memory goes with the old instance.
// onModule(module) runs for the first module and each fresh one (the caller's exports and tables),
// onViews(heap) after each new heap buffer (the caller's typed-array views into it).

// The module's memory can grow to 2 GiB (emscripten's default maximum); no single allocation may
// ask for more than it can hold (in wasm32, malloc(2^32) would be malloc(0)).
export const MAX_ALLOCATION = 2 ** 31 - 2 ** 24;

/**
 * A WasmInstance over `module`: { module, heap } (the current ones: read them after any call that
 * may have replaced them), refresh(), scratchFor(n), copyIn(bytes, n). Its own state is in locals
 * (the minifier shortens them; a bundle carries no property names for it).
 */
export function makeWasmInstance(
  module,
  { onModule = null, onViews = null, createModule = null, renewAboveBytes = Infinity, minScratch = 256 } = {},
) {
  let M = null;
  let heap = null;
  let scratch = 0;
  let scratchCap = 0;
  let renewing = false;
  const inst = { module: null, heap: null, refresh, scratchFor, copyIn };

  function bind(m) {
    M = inst.module = m;
    onModule?.(m);
    scratch = 0;
    scratchCap = 0;
    views();
  }

  function views() {
    heap = inst.heap = M.HEAPU8;
    onViews?.(heap);
    if (heap.length > renewAboveBytes && !renewing) renew();
  }

  /** The heap views made current: call after anything that may have grown the memory. */
  function refresh() {
    if (heap !== M.HEAPU8) views();
  }

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

  // A scratch area of at least n bytes (n >= 1); the heap views are fresh on return. Records only
  // a capacity that was allocated.
  function scratchFor(n) {
    if (n > scratchCap) {
      if (n > MAX_ALLOCATION) {
        throw new RangeError(`coordination-viewer: ${n} bytes do not fit in the wasm heap (at most ${MAX_ALLOCATION})`);
      }
      if (scratch) M._free(scratch);
      scratch = 0;
      scratchCap = 0;
      let cap = Math.max(minScratch, n);
      if (cap > MAX_ALLOCATION) cap = n;
      let p = M._malloc(cap);
      if (!p && cap > n) p = M._malloc((cap = n));
      if (!p) throw new RangeError(`coordination-viewer: cannot allocate ${n} bytes in the wasm heap`);
      scratch = p;
      scratchCap = cap;
    }
    if (heap !== M.HEAPU8) views();
    return scratch;
  }

  // The n bytes copied into the scratch area; returns its address.
  function copyIn(bytes, n) {
    const p = scratchFor(n || 1);
    if (n <= 16) {
      for (let i = 0; i < n; i++) heap[p + i] = bytes[i];
    } else {
      heap.set(bytes, p);
    }
    return p;
  }

  bind(module);
  return inst;
}
