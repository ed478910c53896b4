#!/usr/bin/env bash
# Builds the libFuzzer target (clang, ASan + UBSan) into build-fuzz/, seeds it from golden/, and
# fuzzes for a bounded time: tests/fuzz/run.sh [seconds, default 60]. Exits non-zero on a crash,
# a sanitizer report or a failed CHECK; prints "fuzz: N executions in S s".
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="$root/build-fuzz"
cxx="${FUZZ_CXX:-clang++}"

cmake -S "$root" -B "$build" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCOORDINATION_FUZZ=ON -DCOORDINATION_SANITIZE=ON >/dev/null
cmake --build "$build" --target fuzz_codec -j2 >/dev/null

corpus="$build/corpus"   # grows across runs
seeds="$build/seeds"     # rewritten from golden/ each run
rm -rf "$seeds"
mkdir -p "$corpus" "$seeds" "$build/artifacts"
python3 "$root/tests/fuzz/seed_corpus.py" "$root/golden" "$seeds"

log="$build/fuzz.log"
status=0
"$build/tests/fuzz_codec" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -max_len=1024 \
  -artifact_prefix="$build/artifacts/" "$corpus" "$seeds" >"$log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  tail -n 60 "$log"
  echo "fuzz: FAILED (exit $status); crash inputs in $build/artifacts/" >&2
  exit "$status"
fi
execs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)"
rate="$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)"
grep -E '^#[0-9]+[[:space:]]+DONE' "$log" || true
echo "fuzz: ${execs:-?} executions in ${seconds} s (${rate:-?}/s), no crash (corpus: $(ls "$corpus" | wc -l) inputs)"
