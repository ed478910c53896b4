// Vite config of the viewer: root web/, production build in web/dist, relative base so the
// static site works from any path (and offline). No CDN, no web fonts: everything is bundled.
import { defineConfig, build } from 'vite';
import { rolldown } from 'rolldown';
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { copyFileSync, readFileSync } from 'node:fs';

const here = fileURLToPath(new URL('.', import.meta.url));
// What the viewer page's wasm/api/index.js imports in place of its own imports: the
// coordination-only module's glue (no Kafka Streams decoders, no batch), and the Streams API and
// batch that say so, so that neither's JavaScript is in the page.
const pageImports = {
  '../dist/coordination_codec.js': fileURLToPath(new URL('../wasm/dist/coordination_record.js', import.meta.url)),
  './streams-api.js': fileURLToPath(new URL('../wasm/api/streams-absent.js', import.meta.url)),
  './codec-batch.js': fileURLToPath(new URL('../wasm/api/batch-absent.js', import.meta.url)),
};
// The element ships the inspect-only module (wasm/build.sh: bindings.cpp without the Kafka Streams
// entry points, the encoders and the batch), the same JS API over it (inspect alone: CV_INSPECT_ONLY
// below): its glue replaces the full module's.
const inspectGlue = fileURLToPath(new URL('../wasm/dist/coordination_inspect.js', import.meta.url));
const inspectWasm = fileURLToPath(new URL('../wasm/dist/coordination_inspect.wasm', import.meta.url));

// The viewer's modules always pass the URL of their .wasm (an asset of the build): the API's default,
// the .wasm as code (`import('../dist/<name>.bytes.js')` in wasm/api/index.js and wasm/api/log-api.js), would
// be a chunk nobody loads, and the element's single file would hold it: a rejection instead.
const wasmByUrl = {
  name: 'wasm-by-url',
  enforce: 'pre',
  transform(code, id) {
    if (!/\/wasm\/api\/(index|log-api)\.js(\?full)?$/.test(id)) return null;
    return code.replace(
      /import\('\.\.\/dist\/coordination_\w+\.bytes\.js'\)/g,
      "Promise.reject(new Error('the viewer and the element load their .wasm by URL (wasmUrl)'))",
    );
  },
};

// The viewer page's wasm/api/index.js runs over the coordination-only module (coordination_record: 15 KB
// gzip less wasm than the full one): its glue import points there. The other formats' chunk imports
// wasm/api/index.js?full and wasm/api/log-api.js?full, a second instance of the API (its own module-level
// state) over the full module (coordination_codec, with the Kafka Streams decoders); what that
// instance imports is its own too (wasm/api/boundary.js?full, wasm/api/streams-upgrade.js?full), so nothing
// only the formats use lands in the page's chunks.
function pageCodec() {
  return {
    name: 'page-codec',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null;
      if (/\/wasm\/api\/index\.js$/.test(importer) && Object.hasOwn(pageImports, source)) return pageImports[source];
      if (!/\/wasm\/(?:api|text)\/[\w-]+\.js\?full$/.test(importer) || source === '../dist/coordination_codec.js')
        return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && `${resolved.id}?full`;
    },
  };
}

// The viewer's samples taken from the golden vectors (written by the independent generators in
// golden/, not by the codec): `import vector from 'golden-vector:<file>/<kind>/<name>'` is that
// vector's { key, value } (hex; value null: a tombstone), read from golden/<file>.json at build time.
const GOLDEN_VECTOR = 'golden-vector:';
const goldenVector = {
  name: 'golden-vector',
  resolveId: (source) => (source.startsWith(GOLDEN_VECTOR) ? `\0${source}` : null),
  load(id) {
    if (!id.startsWith(`\0${GOLDEN_VECTOR}`)) return null;
    const vectorId = id.slice(GOLDEN_VECTOR.length + 1);
    const file = resolve(here, `../golden/${vectorId.split('/')[0]}.json`);
    this.addWatchFile(file);
    const vector = JSON.parse(readFileSync(file, 'utf8')).vectors.find((v) => v.id === vectorId);
    if (!vector) this.error(`no vector ${vectorId} in ${file}`);
    return `export default ${JSON.stringify({ key: vector.key, value: vector.value })};`;
  },
};

// Starts the codec's .wasm download from the HTML, in parallel with the JS (the glue fetches the same
// URL with credentials 'same-origin', which a crossorigin="anonymous" preload matches), instead of
// after it. Only the page's codec: the full module (other formats) and the whole-topic module
// (coordination_log) load when they are used.
function preloadWasm() {
  return {
    name: 'preload-wasm',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const wasm = Object.keys(ctx.bundle ?? {}).filter((f) => /coordination_record-[^/]*\.wasm$/.test(f));
        return wasm.map((f) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `./${f}`, as: 'fetch', type: 'application/wasm', crossorigin: 'anonymous' },
          injectTo: 'head-prepend',
        }));
      },
    },
  };
}

// The viewer's stylesheet inline in index.html: the pre-rendered shell's first paint waits for no
// request. A render-blocking stylesheet was the first paint's largest delay after the floor's own
// (BENCHMARKS.md, "Web viewer"): measured, first contentful paint went from floor + 32 to floor +
// 12 ms. web/serve.mjs allows the inline style by its hash (CSP style-src), not 'unsafe-inline'.
// The other pages and the chunks loaded on demand keep their stylesheets as files.
function inlineCss() {
  return {
    name: 'inline-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('index.html')) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)">/, (_link, file) => {
          const css = String(ctx.bundle[file].source);
          delete ctx.bundle[file];
          return `<style>${css.trim()}</style>`;
        });
      },
    },
  };
}

// The viewer's shell (web/prerender.jsx: the App before the codec is loaded) rendered into
// index.html at build time: the first paint needs no script (issue 10 item 6). prerender.jsx is
// bundled for Node by rolldown in memory (its JSX, Preact and the app's static imports; the parts
// loaded on demand stay dynamic imports it never runs, a ?url import is an empty string) and run
// from a data: URL. A Vite dev server's ssrLoadModule did the same in 5-6 s of this build's 7 (a
// module at a time through the dev pipeline), and made Rolldown warn [PLUGIN_TIMINGS].
function prerenderShell() {
  return {
    name: 'prerender-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      async handler(html, ctx) {
        if (!ctx.filename.endsWith('index.html')) return html;
        const bundle = await rolldown({
          input: `${here}prerender.jsx`,
          platform: 'node',
          logLevel: 'warn',
          transform: { jsx: { runtime: 'automatic', importSource: 'preact' } },
          plugins: [
            {
              name: 'shell-only',
              resolveId(source, _importer, extra) {
                if (extra?.kind === 'dynamic-import') return { id: source, external: true };
                return source.endsWith('?url') ? '\0url' : null;
              },
              load: (id) => (id === '\0url' ? 'export default "";' : null),
            },
          ],
        });
        try {
          const { output } = await bundle.generate({ format: 'es', codeSplitting: false });
          const { shellHTML } = await import(
            `data:text/javascript;base64,${Buffer.from(output[0].code).toString('base64')}`
          );
          return html.replace('<div id="app"></div>', `<div id="app">${shellHTML()}</div>`);
        } finally {
          await bundle.close();
        }
      },
    },
  };
}

// After the pages: the embed/ folder, what a docs site copies (and the npm package ships), each file
// final, loading the others by relative URL:
// - coordination-record.js, the <coordination-record> element as one self-contained ES module, with
//   coordination_inspect.wasm beside it (loaded from import.meta.url). wasm/api/index.js's glue import is
//   the inspect-only module's (coordination_inspect.{js,wasm}): the element inspects coordination
//   records and does nothing else; the Kafka Streams decoders would be a third of its size, the
//   encoders and the batch 3 KB gzip. CV_INSPECT_ONLY makes wasm/api/index.js's codec inspect() alone, so
//   the bundler drops the rest of the API too;
// - frame.html with frame.css and frame.js (the fragment read into the element's attributes, the
//   height posted to the host): the iframe page, the same element;
// - frame-height.js: the host page's side of the iframe (sizes each frame to the height it posts).
const EMBED_FILES = ['frame.html', 'frame.css', 'frame-height.js'];
function buildElement() {
  let pagesDir;
  const library = (entry, plugins = []) =>
    build({
      configFile: false,
      root: here,
      logLevel: 'warn',
      publicDir: false,
      plugins,
      resolve: { alias: [{ find: /^\.\.\/dist\/coordination_codec\.js$/, replacement: inspectGlue }] },
      define: { 'process.env.NODE_ENV': '"production"', CV_INSPECT_ONLY: 'true' },
      build: {
        outDir: `${pagesDir}/embed`,
        emptyOutDir: false,
        target: 'es2022',
        // CSS light-dark() left as it is (the browsers with it), not compiled to custom-property
        // toggles set where color-scheme is: the element's default color-scheme is the host page's,
        // inherited (web/src/embed/embed.css), which toggles set in the shadow root cannot follow.
        cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
        minify: true,
        lib: { entry: `${here}src/embed/${entry}`, formats: ['es'], fileName: () => entry },
        // Whitespace and the /* @__PURE__ */ annotations too: build.minify leaves them in library
        // 'es' output (for tree-shaking by a later bundler); these modules are final (the
        // annotations: 123 B of the element's gzip). Legal comments stay.
        rollupOptions: {
          output: { codeSplitting: false, minify: true, comments: { legal: true, annotation: false, jsdoc: false } },
        },
      },
    });
  return {
    name: 'build-element',
    apply: 'build',
    configResolved(config) {
      pagesDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const outDir = `${pagesDir}/embed`;
      await library('coordination-record.js', [preact({ prerender: { enabled: false } }), wasmByUrl]);
      await library('frame.js');
      copyFileSync(inspectWasm, `${outDir}/coordination_inspect.wasm`);
      for (const f of EMBED_FILES) copyFileSync(`${here}src/embed/${f}`, `${outDir}/${f}`);
    },
  };
}

export default defineConfig({
  root: here,
  base: './',
  publicDir: 'public',
  plugins: [
    preact({ prerender: { enabled: false } }),
    pageCodec(),
    wasmByUrl,
    goldenVector,
    prerenderShell(),
    preloadWasm(),
    inlineCss(),
    buildElement(),
  ],
  build: {
    outDir: 'dist',
    // What the page loads at start and shares with another chunk (Preact, the codec's API, the record
    // components, the input parser) is one chunk, named for what it is, not one per set of sharers
    // (each file gzips on its own: four small ones cost about 1 KB more). A module loaded on demand
    // (the record builder, the topic view, the other formats, the share links) keeps its own name.
    // The iframe embed is no page of this build: it is embed/frame.html (buildElement).
    rollupOptions: {
      input: { index: `${here}index.html` },
      // Rolldown's [PLUGIN_TIMINGS] warning fires for any build over 3 s that spends it in JS
      // callbacks. Its cause here was the shell's pre-render (5-6 s, now under 1: prerenderShell);
      // what remains is Vite's own JS work (the worker's bundle, CSS), over 3 s only on a busy machine.
      checks: { bundlerTimings: false },
      output: {
        chunkFileNames: (c) => (c.isDynamicEntry ? 'assets/[name]-[hash].js' : 'assets/shared-[hash].js'),
        codeSplitting: {
          groups: [{ name: 'shared', tags: ['$initial'], minShareCount: 2 }],
        },
      },
    },
    emptyOutDir: true,
    // web/dist/.vite/manifest.json: which chunks, stylesheets and wasm each part loaded on demand
    // brings (tests/bench/measure.mjs lists them apart from the first view).
    manifest: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: true,
  },
  // The topic view's worker (web/src/lib/topic-worker.js) is a module worker: it imports the
  // whole-topic module's glue on demand, which a classic (iife) worker bundle cannot.
  // Its wasm/api/index.js is the page's (pageCodec): the worker loads the whole-topic module only.
  worker: { format: 'es', plugins: () => [pageCodec(), wasmByUrl] },
  server: { host: '127.0.0.1' },
});
