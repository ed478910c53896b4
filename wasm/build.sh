#!/usr/bin/env bash
# npm run build:wasm -- builds the WebAssembly module with Emscripten (emcmake) from the top-level
# CMakeLists.txt and copies the outputs to wasm/dist/:
#   wasm/dist/coordination_codec.js    ES module glue (MODULARIZE, EXPORT_ES6, closure-minified)
#   wasm/dist/coordination_codec.wasm
#   wasm/dist/coordination_record.js, coordination_record.wasm   the same without the Kafka Streams
#                                      entry points (CV_COORDINATION_ONLY), for the viewer page
#   wasm/dist/coordination_inspect.js, coordination_inspect.wasm   inspect only (CV_INSPECT_ONLY),
#                                      for the embed element
#   wasm/dist/coordination_log.js, coordination_log.wasm   the whole-topic module (loadLogCodec)
# then the CommonJS build (wasm/build-cjs.mjs): wasm/index.cjs and the .d.cts declarations.
# Env: BUILD_DIR (default build-wasm), COORDINATION_WASM_CLOSURE=OFF to skip the Closure Compiler.
# --if-stale (npm start): keep wasm/dist when it is newer than every input of the build.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${BUILD_DIR:-build-wasm}"
inputs=(CMakeLists.txt wasm/CMakeLists.txt wasm/build.sh wasm/bindings.cpp wasm/log_bindings.cpp wasm/schema_bindings.cpp
  wasm/tree_objects.h wasm/core wasm/schema wasm/generated/schema)
if [ "${1:-}" = --if-stale ] && [ -f wasm/dist/coordination_codec.js ] && [ -f wasm/dist/coordination_codec.wasm ] &&
   [ -f wasm/dist/coordination_log.js ] && [ -f wasm/dist/coordination_log.wasm ] &&
   [ -f wasm/dist/coordination_record.js ] && [ -f wasm/dist/coordination_record.wasm ] &&
   [ -f wasm/dist/coordination_inspect.js ] && [ -f wasm/dist/coordination_inspect.wasm ] &&
   [ -z "$(find "${inputs[@]}" -newer wasm/dist/coordination_record.wasm -print -quit)" ] &&
   [ -z "$(find "${inputs[@]}" -newer wasm/dist/coordination_inspect.wasm -print -quit)" ] &&
   [ -z "$(find "${inputs[@]}" -newer wasm/dist/coordination_codec.wasm -print -quit)" ] &&
   [ -z "$(find "${inputs[@]}" -newer wasm/dist/coordination_log.wasm -print -quit)" ]; then
  echo "build.sh: wasm/dist is newer than its sources: not rebuilt"
  node wasm/build-cjs.mjs
  exit 0
fi
# A build directory configured in another place (a copied or moved checkout) is refused by CMake
# ("CMakeCache.txt directory ... is different"): configure it afresh.
if [ -f "$BUILD_DIR/CMakeCache.txt" ] && ! grep -qxF -e "CMAKE_HOME_DIRECTORY:INTERNAL=$PWD" \
     -e "CMAKE_HOME_DIRECTORY:INTERNAL=$(pwd -P)" "$BUILD_DIR/CMakeCache.txt"; then
  echo "build.sh: $BUILD_DIR was configured for another directory; configuring it afresh" >&2
  rm -rf "$BUILD_DIR"
fi
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
cmake --build "$BUILD_DIR" --target coordination_codec_wasm coordination_record_wasm coordination_inspect_wasm \
  coordination_log_wasm -j "$(nproc)"
mkdir -p wasm/dist
cp "$BUILD_DIR/wasm/coordination_codec.js" "$BUILD_DIR/wasm/coordination_codec.wasm" wasm/dist/
cp "$BUILD_DIR/wasm/coordination_log.js" "$BUILD_DIR/wasm/coordination_log.wasm" wasm/dist/
cp "$BUILD_DIR/wasm/coordination_record.js" "$BUILD_DIR/wasm/coordination_record.wasm" wasm/dist/
cp "$BUILD_DIR/wasm/coordination_inspect.js" "$BUILD_DIR/wasm/coordination_inspect.wasm" wasm/dist/
node wasm/build-cjs.mjs
ls -l wasm/dist/coordination_codec.js wasm/dist/coordination_codec.wasm wasm/dist/coordination_record.js \
  wasm/dist/coordination_record.wasm wasm/dist/coordination_inspect.js wasm/dist/coordination_inspect.wasm \
  wasm/dist/coordination_log.js \
  wasm/dist/coordination_log.wasm wasm/index.cjs
