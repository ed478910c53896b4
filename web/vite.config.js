// Vite config of the viewer: root web/, production build in web/dist, relative base so the
// static site works from any path (and offline). No CDN, no web fonts: everything is bundled.
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

// Starts the .wasm download from the HTML, in parallel with the JS (the glue fetches the same URL with
// credentials 'same-origin', which a crossorigin="anonymous" preload matches), instead of after it.
function preloadWasm() {
  return {
    name: 'preload-wasm',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const wasm = Object.keys(ctx.bundle ?? {}).filter((f) => f.endsWith('.wasm'));
        return wasm.map((f) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `./${f}`, as: 'fetch', type: 'application/wasm', crossorigin: 'anonymous' },
          injectTo: 'head-prepend',
        }));
      },
    },
  };
}

export default defineConfig({
  root: here,
  base: './',
  publicDir: 'public',
  plugins: [preact({ prerender: { enabled: false } }), preloadWasm()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: true,
  },
  server: { host: '127.0.0.1' },
});
