#!/usr/bin/env bash
# Every test of the project, from a clean clone: `npm test` runs this.
# Installs the Debian packages that are missing, then two lanes side by side (their stages in turn):
#   native: the native tests (GoogleTest via ctest) under ASan+UBSan, format, a bounded libFuzzer run
#   web:    the npm packages, the wasm and web builds, the Node tests, the consumer projects, the
#           browser tests
# The native build needs no npm package: it starts while `npm ci` runs, and the native lane waits
# for the npm packages only before its format and fuzzing stages (Prettier; the fuzz seeds' kafkajs).
# On two cores neither lane keeps both busy (the browser tests about 1.5 of them, the builds' links
# one), so side by side they take about their summed CPU time over the cores: 16.5 minutes one
# after the other became 11.9 on the same machine (BENCHMARKS.md, "Test suite"). The native lane runs at a lower priority
# (it fills the cores the web lane leaves), its output goes to build-fuzz/native-lane.log and is
# printed when the lane ends; the first lane to fail stops the other, and the run fails.
# One group only: tests/run-all.sh format|native|fuzz|node|browser (npm run test:format,
# test:native, test:fuzz, test:node, test:browser), in the foreground; node builds the wasm first,
# browser builds the wasm and the web first.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
group="${1:-all}"
case "$group" in all | format | native | fuzz | node | browser) ;; *)
  echo "usage: tests/run-all.sh [all|format|native|fuzz|node|browser]" >&2
  exit 2
  ;;
esac
runs() { [ "$group" = all ] || [ "$group" = "$1" ]; }
# "=== NAME" as a stage starts, "=== NAME: N s" as it ends (tests/bench/suite.mjs reads the latter).
stage_name=""
stage_start=0
stage_end() {
  [ -z "$stage_name" ] || printf '=== %s: %d s\n' "$stage_name" $((SECONDS - stage_start))
  stage_name=""
}
stage() {
  stage_end
  stage_name="$*"
  stage_start=$SECONDS
  printf '\n=== %s\n' "$*"
}

# With both lanes: the web lane installs the npm packages and then creates this file.
npm_installed=build-fuzz/npm-installed
npm_packages() {
  [ "$group" != all ] || until [ -e "$npm_installed" ]; do sleep 1; done
}

native_lane() {
  if runs native; then
    # One build for the native tests and the fuzz stage (tests/fuzz/run.sh: clang, -O1 with line
    # tables, ASan + UBSan, the fuzz targets and the benchmark drivers beside the tests): every test
    # runs once, under the sanitizers. The optimised native build is the benchmarks' (build/).
    stage "native tests (GoogleTest) under AddressSanitizer + UndefinedBehaviorSanitizer"
    bash tests/fuzz/run.sh --build-only
    ctest --test-dir build-fuzz --output-on-failure -j"$jobs"
  fi
  if runs format; then
    npm_packages
    stage "format (clang-format, Prettier)"
    bash tests/format-check.sh
  fi
  if runs fuzz; then
    npm_packages
    stage "fuzzing (libFuzzer, ${FUZZ_SECONDS:-30} s, one target per core)"
    bash tests/fuzz/run.sh "${FUZZ_SECONDS:-30}"
  fi
  stage_end
}

web_lane() {
  if [ "$group" = all ]; then
    stage "npm packages"
    bash .ci/install-deps.sh test npm
    touch "$npm_installed"
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
    # One file per core at once: each file's Chromium keeps about one and a half cores busy at most.
    node --test --test-concurrency="$jobs" tests/browser/
  fi
  stage_end
}

if [ "$group" != all ]; then
  stage "dependencies"
  bash .ci/install-deps.sh test
  native_lane
  web_lane
  exit 0
fi
stage "dependencies (Debian packages)"
bash .ci/install-deps.sh test debian
stage_end

# Each lane in a process group of its own (job control), so that a failing lane stops the other whole.
set -m
mkdir -p build-fuzz
rm -f "$npm_installed"
lane_log=build-fuzz/native-lane.log
native_lane >"$lane_log" 2>&1 &
native=$!
renice -n 10 -g "$native" >/dev/null
web_lane &
web=$!
trap 'kill -TERM -- -$native -$web 2>/dev/null || true' EXIT
show_native() {
  printf '\n=== the native lane (format, native tests, fuzzing), from %s\n' "$lane_log"
  cat "$lane_log"
}
status=0
wait -n -p first "$native" "$web" || status=$?
if [ "$status" -ne 0 ]; then
  kill -TERM -- -"$native" -"$web" 2>/dev/null || true
  wait || true
  [ "$first" = "$native" ] && show_native
  echo "run-all: the $([ "$first" = "$native" ] && echo native || echo web) lane failed (exit $status); the other was stopped" >&2
  exit "$status"
fi
wait "$([ "$first" = "$native" ] && echo "$web" || echo "$native")" || status=$?
show_native
trap - EXIT
[ "$status" -eq 0 ] || echo "run-all: a lane failed (exit $status)" >&2
exit "$status"
