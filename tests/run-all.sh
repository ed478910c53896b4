#!/usr/bin/env bash
# Every test of the project, from a clean clone: `npm test` runs this.
# Installs what is missing, then: golden vectors, native (GoogleTest via ctest) under ASan+UBSan, a
# bounded libFuzzer run, the wasm build and its Node tests, the web build and its
# browser tests. Stops at the first failing stage.
# One group only: tests/run-all.sh format|native|fuzz|node|browser (npm run test:format,
# test:native, test:fuzz, test:node, test:browser); node builds the wasm first, browser builds the
# wasm and the web first.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
group="${1:-all}"
case "$group" in all | format | native | fuzz | node | browser) ;; *)
  echo "usage: tests/run-all.sh [all|format|native|fuzz|node|browser]" >&2
  exit 2
  ;;
esac
stage() { printf '\n=== %s\n' "$*"; }
runs() { [ "$group" = all ] || [ "$group" = "$1" ]; }

stage "dependencies"
bash .ci/install-deps.sh test

if runs format; then
  stage "format (clang-format, Prettier)"
  bash tests/format-check.sh
fi

if runs native; then
  # One build for the native tests and the fuzz stage (tests/fuzz/run.sh: clang, -O1 with line
  # tables, ASan + UBSan, the fuzz targets and the benchmark drivers beside the tests): every test
  # runs once, under the sanitizers. The optimised native build is the benchmarks' (build/).
  stage "native tests (GoogleTest) under AddressSanitizer + UndefinedBehaviorSanitizer"
  bash tests/fuzz/run.sh --build-only
  ctest --test-dir build-fuzz --output-on-failure -j"$jobs"
fi

if runs fuzz; then
  stage "fuzzing (libFuzzer, ${FUZZ_SECONDS:-30} s, one target per core)"
  bash tests/fuzz/run.sh "${FUZZ_SECONDS:-30}"
fi

if runs node || runs browser; then
  stage "WebAssembly build, web build"
  npm run build:wasm
  # The npm package carries the element (web/dist/embed), packed by the consumers stage.
  npm run build:web
fi

if runs node; then
  stage "Node tests (golden lint, wasm API, properties, boundary)"
  # One test file per core at once (node's default, one fewer than the cores, runs them one by one
  # on 2 cores): many of them wait on a subprocess (the CLI, a JDK oracle, a mock broker).
  node --test --test-concurrency="$jobs" tests/node/

  stage "consumer projects from the packed tarball (Node, Jest, Vitest, TypeScript, Vite, Chromium)"
  node tests/consumers/run.mjs
fi

if runs browser; then
  stage "browser tests (Playwright + Chromium)"
  node --test --test-concurrency=1 tests/browser/
fi
