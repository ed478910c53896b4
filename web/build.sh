#!/usr/bin/env bash
# npm run build:web -- the viewer's production build (Vite, web/vite.config.js) into web/dist: the
# pages, their chunks and wasm, and the <coordination-record> element in web/dist/embed/.
# --if-stale (npm start): keep web/dist when it is newer than every input of the build (as
# wasm/build.sh --if-stale does for wasm/dist). The inputs: the web sources, the API and input
# parser it bundles (wasm/api/*.js, wasm/text/*.js, wasm/generated/*.js; not the CommonJS build,
# the .cjs and .d.cts files, which wasm/build.sh rewrites on every run), the wasm modules, the locked
# dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
outputs=(web/dist/index.html web/dist/embed/frame.html web/dist/embed/coordination-record.js
  web/dist/embed/coordination_inspect.wasm)
inputs=(web/index.html web/prerender.jsx web/vite.config.js web/build.sh web/src web/public
  wasm/api/*.js wasm/text/*.js wasm/generated/*.js wasm/dist package.json package-lock.json)
stale() {
  local out
  for out in "${outputs[@]}"; do
    [ -f "$out" ] || return 0
    [ -z "$(find "${inputs[@]}" -newer "$out" -print -quit)" ] || return 0
  done
  return 1
}
if [ "${1:-}" = --if-stale ] && ! stale; then
  echo "web/build.sh: web/dist is newer than its inputs: not rebuilt"
  exit 0
fi
exec node node_modules/vite/bin/vite.js build --config web/vite.config.js
