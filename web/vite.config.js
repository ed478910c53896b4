// Vite config of the viewer: root web/, production build in web/dist, relative base so the
// static site works from any path (and offline). No CDN, no web fonts: everything is bundled.
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
// VIEWER_MOCK_API=/path/to/mock-dir swaps the codec for a stand-in (UI work before the wasm lands).
const mock = process.env.VIEWER_MOCK_API;

export default defineConfig({
  root: here,
  base: './',
  publicDir: 'public',
  plugins: [preact({ prerender: { enabled: false } })],
  resolve: mock
    ? {
        alias: [
          { find: /^.*\/wasm\/index\.js$/, replacement: `${mock}/index.js` },
          { find: /^.*\/wasm\/dist\/([^/?]+)\.wasm\?url$/, replacement: `${mock}/codec.wasm?url` },
        ],
      }
    : {},
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
