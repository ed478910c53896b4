#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) into build-fuzz/, seeds them from golden/, and
# fuzzes for a bounded time: tests/fuzz/run.sh [seconds, default 60], split between the targets
# (fuzz_codec: the coordination records, two thirds; fuzz_streams: Kafka Streams metadata, one
# third). Exits non-zero on a crash, a sanitizer report or a failed CHECK; prints
# "fuzz: <target>: N executions in S s" per target.
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="$root/build-fuzz"
cxx="${FUZZ_CXX:-clang++}"

cmake -S "$root" -B "$build" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCOORDINATION_FUZZ=ON -DCOORDINATION_SANITIZE=ON >/dev/null
cmake --build "$build" --target fuzz_codec fuzz_streams -j2 >/dev/null

# run_target <name> <seconds> <seed_corpus.py extra args...>
run_target() {
  local name="$1" secs="$2"
  shift 2
  local corpus="$build/corpus-$name"   # grows across runs
  local seeds="$build/seeds-$name"     # rewritten from golden/ each run
  rm -rf "$seeds"
  mkdir -p "$corpus" "$seeds" "$build/artifacts"
  python3 "$root/tests/fuzz/seed_corpus.py" "$root/golden" "$seeds" "$@"
  local log="$build/$name.log"
  local status=0
  "$build/tests/$name" -max_total_time="$secs" -print_final_stats=1 -timeout=10 -max_len=1024 \
    -artifact_prefix="$build/artifacts/$name-" "$corpus" "$seeds" >"$log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    tail -n 60 "$log"
    echo "fuzz: $name FAILED (exit $status); crash inputs in $build/artifacts/" >&2
    exit "$status"
  fi
  local execs rate
  execs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)"
  rate="$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)"
  grep -E '^#[0-9]+[[:space:]]+DONE' "$log" || true
  echo "fuzz: $name: ${execs:-?} executions in ${secs} s (${rate:-?}/s), no crash (corpus: $(ls "$corpus" | wc -l) inputs)"
}

streams_seconds=$(( seconds / 3 > 0 ? seconds / 3 : 1 ))
run_target fuzz_codec $(( seconds - streams_seconds > 0 ? seconds - streams_seconds : 1 ))
run_target fuzz_streams "$streams_seconds" --streams
