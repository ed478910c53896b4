// Native side of tests/bench/fold.mjs and parallel.mjs: the C++ core on the very segment files the
// JS side folds.
//   fold_native fold <segment> <runs>     median CPU ms to fold the file (read into memory first) and
//                                         flatten the state (log/state_flat.h), the C++ part of the
//                                         wasm foldState
//   fold_native stream-fold <segment>...  the CLI's fold natively: segment k the partition k, streamed
//                                         in 4 MiB reads into one LogFolder, then the state flat;
//                                         wall and CPU ms
//   fold_native read <segment>...         kafka-dump-log-style reading: every batch framed, CRC-checked
//                                         and its records parsed, no fold; streamed in 4 MiB reads
//   fold_native decompress <segment> <runs>  median CPU ms to decompress every compressed batch's
//                                         payload (decompressRecords, the readers' one dispatch),
//                                         the file in memory and framed beforehand: the decoders alone
// Prints one JSON object. Built by tests/bench/fold-input.mjs (buildFoldNative: g++ -O3).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "driver.h"
#include "log/fold.h"
#include "log/record_batch.h"
#include "log/state_flat.h"

using namespace coordination;
using Clock = std::chrono::steady_clock;

namespace {

class CountingSink final : public BatchSink {
 public:
  std::uint64_t records = 0, batches = 0, errors = 0;
  void onBatch(const Batch& b) override {
    ++batches;
    records += b.records.size();
  }
  void onError(const BatchError&) override { ++errors; }
};

double ms(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); }

double cpuMs() { return bench::cpuNs() / 1e6; }

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  const std::string mode = argv[1];
  if (mode == "fold") {
    const std::vector<std::uint8_t> log = bench::readFile(argv[2]);
    const int runs = argc > 3 ? std::atoi(argv[3]) : 5;
    std::vector<double> times;
    std::size_t roles = 0, flat_bytes = 0;
    std::uint64_t records = 0;
    for (int i = 0; i < runs; ++i) {
      const double t0 = cpuMs();
      LogFolder f;
      f.pushLog(0, log);
      f.endLog(0);
      FlatState flat;
      f.folder().flatResult(1'700'000'000'000, false, flat);
      times.push_back(cpuMs() - t0);
      roles = static_cast<std::size_t>(flat.words[0]);
      records = static_cast<std::uint64_t>(flat.longs[0]);
      flat_bytes = flat.words.size() * 4 + flat.longs.size() * 8 + flat.pool.size() + flat.ends.size() * 4;
    }
    std::sort(times.begin(), times.end());
    std::printf("{\"ms\":%.3f,\"records\":%llu,\"roles\":%zu,\"flatBytes\":%zu}\n", times[times.size() / 2],
                static_cast<unsigned long long>(records), roles, flat_bytes);
    return 0;
  }
  if (mode == "decompress") {
    const std::vector<std::uint8_t> log = bench::readFile(argv[2]);
    const int runs = argc > 3 ? std::atoi(argv[3]) : 5;
    // Each batch's codec and payload (the bytes after its records count: 61 bytes of header).
    std::vector<std::pair<int, ByteSpan>> payloads;
    for (std::size_t at = 0; at + 12 <= log.size();) {
      const std::size_t length = (std::size_t{log[at + 8]} << 24) | (std::size_t{log[at + 9]} << 16) |
                                 (std::size_t{log[at + 10]} << 8) | log[at + 11];
      const std::size_t end = at + 12 + length;
      if (length < 49 || end > log.size()) return 3;
      const int codec = log[at + 22] & 7;
      if (codec != 0) payloads.emplace_back(codec, ByteSpan(log.data() + at + 61, end - at - 61));
      at = end;
    }
    std::vector<double> times;
    std::uint64_t in = 0, out = 0;
    std::vector<std::uint8_t> buf;
    for (int i = 0; i < runs; ++i) {
      in = out = 0;
      const double t0 = cpuMs();
      for (const auto& [codec, payload] : payloads) {
        if (decompressRecords(codec, payload, std::size_t{256} << 20, buf)) return 4;
        in += payload.size();
        out += buf.size();
      }
      times.push_back(cpuMs() - t0);
    }
    std::sort(times.begin(), times.end());
    std::printf("{\"ms\":%.3f,\"payloads\":%zu,\"in\":%llu,\"out\":%llu}\n", times[times.size() / 2], payloads.size(),
                static_cast<unsigned long long>(in), static_cast<unsigned long long>(out));
    return 0;
  }
  if (mode == "stream-fold") {
    std::vector<std::uint8_t> buf(std::size_t{4} << 20);
    const auto t0 = Clock::now();
    const double cpu0 = cpuMs();
    std::uint64_t bytes = 0;
    LogFolder folder;
    for (int a = 2; a < argc; ++a) {
      std::FILE* f = std::fopen(argv[a], "rb");
      if (!f) return 2;
      std::size_t n;
      while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0) {
        folder.pushLog(a - 2, ByteSpan(buf.data(), n));
        bytes += n;
      }
      folder.endLog(a - 2);
      std::fclose(f);
    }
    FlatState flat;
    folder.folder().flatResult(1'700'000'000'000, false, flat);
    std::printf("{\"ms\":%.3f,\"cpuMs\":%.3f,\"bytes\":%llu,\"records\":%llu}\n", ms(t0, Clock::now()), cpuMs() - cpu0,
                static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(flat.longs[0]));
    return 0;
  }
  // read: streamed, as the CLI reads
  CountingSink sink;
  std::uint64_t bytes = 0;
  std::vector<std::uint8_t> buf(std::size_t{4} << 20);
  const auto t0 = Clock::now();
  for (int a = 2; a < argc; ++a) {
    std::FILE* f = std::fopen(argv[a], "rb");
    if (!f) return 2;
    LogStream stream;
    std::size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0) {
      stream.push(ByteSpan(buf.data(), n), sink);
      bytes += n;
    }
    stream.finish(sink);
    std::fclose(f);
  }
  const double t = ms(t0, Clock::now());
  std::printf("{\"ms\":%.3f,\"bytes\":%llu,\"records\":%llu,\"batches\":%llu,\"errors\":%llu}\n", t,
              static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(sink.records),
              static_cast<unsigned long long>(sink.batches), static_cast<unsigned long long>(sink.errors));
  return 0;
}
