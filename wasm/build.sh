#!/usr/bin/env bash
# npm run build:wasm -- builds the WebAssembly module with Emscripten (emcmake) from the top-level
# CMakeLists.txt and copies the outputs to wasm/dist/:
#   wasm/dist/coordination_codec.js    ES module glue (MODULARIZE, EXPORT_ES6, closure-minified)
#   wasm/dist/coordination_codec.wasm
#   wasm/dist/coordination_log.js, coordination_log.wasm   the whole-topic module (loadLogCodec)
# Env: BUILD_DIR (default build-wasm), COORDINATION_WASM_CLOSURE=OFF to skip the Closure Compiler.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${BUILD_DIR:-build-wasm}"
export NODE_PATH=/usr/share/nodejs
CLOSURE="${COORDINATION_WASM_CLOSURE:-ON}"
if [ "$CLOSURE" = ON ]; then
  if [ ! -x node_modules/.bin/google-closure-compiler ]; then
    echo "build.sh: node_modules/.bin/google-closure-compiler missing (run npm ci); building without closure" >&2
    CLOSURE=OFF
  else
    export EM_CLOSURE_COMPILER="$PWD/node_modules/.bin/google-closure-compiler"
  fi
fi
# No CMAKE_BUILD_TYPE: its -O flags would mix with the per-target ones (wasm/CMakeLists.txt), and
# em++ 3.1.6 does not let the last -O win (-Os -O2 builds like -Os).
emcmake cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE= \
  -DCMAKE_CXX_FLAGS="-fno-exceptions -DNDEBUG" -DCOORDINATION_WASM_CLOSURE="$CLOSURE" >/dev/null
cmake --build "$BUILD_DIR" --target coordination_codec_wasm coordination_log_wasm -j "$(nproc)"
mkdir -p wasm/dist
cp "$BUILD_DIR/wasm/coordination_codec.js" "$BUILD_DIR/wasm/coordination_codec.wasm" wasm/dist/
cp "$BUILD_DIR/wasm/coordination_log.js" "$BUILD_DIR/wasm/coordination_log.wasm" wasm/dist/
ls -l wasm/dist/coordination_codec.js wasm/dist/coordination_codec.wasm wasm/dist/coordination_log.js \
  wasm/dist/coordination_log.wasm
