#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) into build-fuzz/, seeds them, and fuzzes each
# for a share of a bounded time: tests/fuzz/run.sh [seconds of wall time, default 30], the targets
# side by side, one per core, each for seconds x cores / targets.
# tests/fuzz/run.sh --build-only builds build-fuzz/ whole (the native tests and the benchmark
# drivers too: `npm test` runs the native tests from this build) and fuzzes nothing.
#   fuzz_codec  the coordination records (seeds from golden/)
#   fuzz_log    record batches, inflate and the fold (seeds: segments written by kafkajs)
#   fuzz_streams Kafka Streams SubscriptionInfo / AssignmentInfo (seeds from golden/)
#   fuzz_produce ProduceRequest v3 (seeds: requests written by kafkajs)
#   fuzz_schema every schema-generated message (seeds: tests/fuzz/schema_seeds.mjs)
#   fuzz_groups __consumer_offsets records and their nested levels, __share_group_state records
#               and __cluster_metadata values, alone and folded as a log
#               (seeds: tests/fuzz/groups_seeds.mjs)
# Exits non-zero on a crash, a sanitizer report or a failed CHECK; prints "fuzz: N executions in S s"
# per target.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="$root/build-fuzz"
cxx="${FUZZ_CXX:-clang++}"
targets=(fuzz_codec fuzz_log fuzz_streams fuzz_produce fuzz_schema fuzz_groups)
lanes=$(nproc)

# -O1 with line tables, as OSS-Fuzz builds: sanitizer reports keep their file:line, and the build
# takes a third less time than RelWithDebInfo's -O2 -g (the largest part of `npm test`'s time).
# Linked by lld: a quarter of ld.bfd's CPU time for each of the 13 executables (codec_tests 1.8 ->
# 0.45 core-seconds). The unity builds: wasm/core/CMakeLists.txt, tests/CMakeLists.txt.
cmake -S "$root" -B "$build" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld \
  -DCOORDINATION_FUZZ=ON -DCOORDINATION_SANITIZE=ON -DCOORDINATION_BENCH=ON >/dev/null
if [ "${1:-}" = --build-only ]; then
  cmake --build "$build" -j"$lanes"
  exit 0
fi
seconds="${1:-30}"
# Each target gets its share of the core-seconds; the targets run side by side, one per core.
share=$(( seconds * lanes / ${#targets[@]} ))
[ "$share" -ge 1 ] || share=1
cmake --build "$build" --target "${targets[@]}" -j"$lanes" >/dev/null

mkdir -p "$build/artifacts"
declare -A max_len
for target in "${targets[@]}"; do
  corpus="$build/corpus-$target"   # grows across runs
  seeds="$build/seeds-$target"     # rewritten each run
  [ "$target" = fuzz_codec ] && [ -d "$build/corpus" ] && [ ! -d "$corpus" ] && mv "$build/corpus" "$corpus"
  rm -rf "$seeds"
  mkdir -p "$corpus" "$seeds"
  case "$target" in
    fuzz_codec) python3 "$root/tests/fuzz/seed_corpus.py" "$root/golden" "$seeds"; max_len[$target]=1024 ;;
    fuzz_log) node "$root/tests/fuzz/log_seeds.mjs" "$seeds"; max_len[$target]=4096 ;;
    fuzz_streams) python3 "$root/tests/fuzz/seed_corpus.py" "$root/golden" "$seeds" --streams; max_len[$target]=1024 ;;
    fuzz_produce) node "$root/tests/fuzz/produce_seeds.mjs" "$seeds"; max_len[$target]=4096 ;;
    fuzz_schema) node "$root/tests/fuzz/schema_seeds.mjs" "$seeds"; max_len[$target]=1024 ;;
    fuzz_groups) node "$root/tests/fuzz/groups_seeds.mjs" "$seeds"; max_len[$target]=2048 ;;
  esac
done

fuzz() {
  local target="$1" status=0
  "$build/tests/$target" -max_total_time="$share" -print_final_stats=1 -timeout=10 -max_len="${max_len[$target]}" \
    -artifact_prefix="$build/artifacts/$target-" "$build/corpus-$target" "$build/seeds-$target" \
    >"$build/$target.log" 2>&1 || status=$?
  echo "$status" >"$build/$target.status"
}
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$lanes" ]; do wait -n || true; done
  fuzz "$target" &
done
wait

failed=0
for target in "${targets[@]}"; do
  log="$build/$target.log"
  status="$(cat "$build/$target.status")"
  if [ "$status" -ne 0 ]; then
    tail -n 60 "$log"
    echo "fuzz: $target FAILED (exit $status); crash inputs in $build/artifacts/" >&2
    failed="$status"
    continue
  fi
  execs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)"
  rate="$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)"
  grep -E '^#[0-9]+[[:space:]]+DONE' "$log" || true
  echo "fuzz: $target ${execs:-?} executions in ${share} s (${rate:-?}/s), no crash (corpus: $(ls "$build/corpus-$target" | wc -l) inputs)"
done
exit "$failed"
