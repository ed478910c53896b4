#!/usr/bin/env bash
# Every test of the project, from a clean clone: `npm test` runs this.
# Installs what is missing, then: golden vectors, native (GoogleTest via ctest), the same under
# ASan+UBSan, a bounded libFuzzer run, the wasm build and its Node tests, the web build and its
# browser tests. Stops at the first failing stage.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
stage() { printf '\n=== %s\n' "$*"; }

stage "dependencies"
bash .ci/install-deps.sh test

stage "native tests (GoogleTest)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCOORDINATION_BENCH=ON >/dev/null
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"

stage "native tests under AddressSanitizer + UndefinedBehaviorSanitizer"
CXX=clang++ cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=Debug -DCOORDINATION_SANITIZE=ON >/dev/null
cmake --build build-sanitize -j"$jobs"
ctest --test-dir build-sanitize --output-on-failure -j"$jobs"

stage "fuzzing (libFuzzer, ${FUZZ_SECONDS:-60} s)"
bash tests/fuzz/run.sh "${FUZZ_SECONDS:-60}"

stage "WebAssembly build"
npm run build:wasm
# The npm package carries the element (web/dist/embed), packed by the consumer test of the Node stage.
npm run build:web

stage "Node tests (golden lint, wasm API, properties, consumer)"
node --test tests/node/

stage "web build"
npm run build:web

stage "browser tests (Playwright + Chromium)"
node --test --test-concurrency=1 tests/browser/
