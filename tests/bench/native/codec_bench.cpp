// Native throughput of the C++ core (Google Benchmark). Build with -DCOORDINATION_BENCH=ON:
//   cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DCOORDINATION_BENCH=ON
//   cmake --build build-bench --target codec_bench && build-bench/tests/codec_bench --benchmark_format=json
// Each iteration decodes the whole generated set (COORDINATION_BENCH_RECORDS, default 1,000,000
// records: 30-byte keys, 30% of them with non-ASCII characters); items_per_second is records/s.
// Times are wall clock (UseRealTime), like the JS side of the comparison.
// Benchmark names are stable (the JS bench script parses them):
//   BM_DecodeKeyView BM_DecodeKey BM_DecodeRegistrationView BM_DecodeLeaseView
//   BM_ValidateBatch/{key,registration,lease}
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "coordination/coordination_codec.h"
#include "coordination/inspect.h"

using namespace coordination;

namespace {

std::size_t recordCount() {
  if (const char* env = std::getenv("COORDINATION_BENCH_RECORDS")) {
    const long n = std::atol(env);
    if (n > 0) return static_cast<std::size_t>(n);
  }
  return 1000000;
}

struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  }
};

// A string of exactly n bytes; with non_ascii, it holds a 2-byte and a 3-byte character.
std::string name(Rng& r, std::size_t n, bool non_ascii) {
  std::string s;
  if (non_ascii) s = "\xC3\xA9\xE2\x82\xAC";  // é €
  while (s.size() < n) s += static_cast<char>('a' + r.next() % 26);
  return s;
}

struct Set {
  std::vector<std::uint8_t> data;    // records back to back
  std::vector<std::size_t> offsets;  // record i is data[offsets[i] .. offsets[i+1])
  std::vector<std::uint8_t> frames;  // the same records, i32-framed, for validateBatch
  std::span<const std::uint8_t> at(std::size_t i) const {
    return {data.data() + offsets[i], offsets[i + 1] - offsets[i]};
  }
  std::size_t size() const { return offsets.size() - 1; }
};

template <typename Make>
Set build(Make make) {
  Set set;
  Rng r{0x9E3779B97F4A7C15ULL};
  const std::size_t n = recordCount();
  set.offsets.push_back(0);
  for (std::size_t i = 0; i < n; ++i) {
    const bool non_ascii = r.next() % 10 < 3;
    const std::vector<std::uint8_t> rec = make(r, non_ascii);
    set.data.insert(set.data.end(), rec.begin(), rec.end());
    set.offsets.push_back(set.data.size());
    const auto len = static_cast<std::uint32_t>(rec.size());
    for (int s = 24; s >= 0; s -= 8) set.frames.push_back(static_cast<std::uint8_t>(len >> s));
    set.frames.insert(set.frames.end(), rec.begin(), rec.end());
  }
  return set;
}

const Set& keys() {
  // 4 + (2 + 11) + (2 + 11) = 30 bytes; half registration keys, half lease keys (role 24 bytes).
  static const Set set = build([](Rng& r, bool non_ascii) {
    if (r.next() % 2) return encodeKey({RecordKind::registration, name(r, 11, non_ascii), name(r, 11, false)}).value();
    return encodeKey({RecordKind::lease, name(r, 24, non_ascii), ""}).value();
  });
  return set;
}

const Set& registrations() {
  // 2 + (2 + 18) + 8 = 30 bytes
  static const Set set = build([](Rng& r, bool non_ascii) {
    return encodeValue(Registration{name(r, 18, non_ascii), static_cast<std::int64_t>(r.next() >> 1)}).value();
  });
  return set;
}

const Set& leases() {
  // 2 + (2 + 18) + 8 + 2 + 8 + 8 = 48 bytes
  static const Set set = build([](Rng& r, bool non_ascii) {
    return encodeValue(Lease{name(r, 18, non_ascii), static_cast<std::int64_t>(r.next() >> 1),
                             static_cast<std::int16_t>(r.next() % 32768), 1700000000000, 1700000030000})
        .value();
  });
  return set;
}

void finish(benchmark::State& state, const Set& set) {
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * set.size()));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * set.data.size()));
  state.counters["records"] = static_cast<double>(set.size());
}

void BM_DecodeKeyView(benchmark::State& state) {
  const Set& set = keys();
  for (auto _ : state) {
    std::size_t ok = 0;
    for (std::size_t i = 0; i < set.size(); ++i) {
      auto r = decodeKeyView(set.at(i));
      ok += r.ok() ? r.value().role.size() : 0;
    }
    benchmark::DoNotOptimize(ok);
  }
  finish(state, set);
}

void BM_DecodeKey(benchmark::State& state) {
  const Set& set = keys();
  for (auto _ : state) {
    std::size_t ok = 0;
    for (std::size_t i = 0; i < set.size(); ++i) {
      auto r = decodeKey(set.at(i));
      ok += r.ok() ? r.value().role.size() : 0;
    }
    benchmark::DoNotOptimize(ok);
  }
  finish(state, set);
}

void BM_DecodeRegistrationView(benchmark::State& state) {
  const Set& set = registrations();
  for (auto _ : state) {
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < set.size(); ++i) {
      auto r = decodeRegistrationView(set.at(i));
      sum += r.ok() ? r.value().registered_at : 0;
    }
    benchmark::DoNotOptimize(sum);
  }
  finish(state, set);
}

void BM_DecodeLeaseView(benchmark::State& state) {
  const Set& set = leases();
  for (auto _ : state) {
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < set.size(); ++i) {
      auto r = decodeLeaseView(set.at(i));
      sum += r.ok() ? r.value().producer_id : 0;
    }
    benchmark::DoNotOptimize(sum);
  }
  finish(state, set);
}

void BM_ValidateBatch(benchmark::State& state, Target target, const Set& (*get)()) {
  const Set& set = get();
  for (auto _ : state) {
    auto s = validateBatch(target, set.frames);
    if (s.valid != set.size()) state.SkipWithError("batch did not validate");
    benchmark::DoNotOptimize(s);
  }
  finish(state, set);
}

}  // namespace

BENCHMARK(BM_DecodeKeyView)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_DecodeKey)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_DecodeRegistrationView)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_DecodeLeaseView)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_ValidateBatch, key, Target::key, keys)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_ValidateBatch, registration, Target::registration, registrations)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_ValidateBatch, lease, Target::lease, leases)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
