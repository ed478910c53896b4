// Native side of tests/bench/batchspec.mjs: one record batch v2 (a file holding one frame) parsed
// by the hand-written parser (parseBatch, log/record_batch.h) and by the decoder generated from
// wasm/core/log/specs (batch_spec::parseBatch, log/spec_batch.h: its Decoders kept across calls),
// both into one kept Batch, `runs` interleaved runs. Built by batchspec.mjs with g++ -O3 (as
// wasm/CMakeLists.txt compiles the whole-topic sources; the generated code and the schema runtime
// with them).
//   batchspec_driver <runs> (<file> <iterations>)...
// Prints JSON: [{"hand": [ns...], "generated": [ns...]}, ...] by file: CPU ns per batch, per run.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "driver.h"
#include "log/spec_batch.h"

using namespace coordination;
using bench::nsPerDecode;

namespace {

std::string list(const std::vector<double>& xs) {
  std::string s = "[";
  for (std::size_t i = 0; i < xs.size(); ++i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%.1f", i ? ", " : "", xs[i]);
    s += buf;
  }
  return s + "]";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4 || argc % 2 != 0) return 2;
  const int runs = std::atoi(argv[1]);
  std::vector<std::vector<std::uint8_t>> inputs;
  std::vector<int> iterations;
  for (int a = 2; a + 1 < argc; a += 2) {
    inputs.push_back(bench::readFile(argv[a]));
    iterations.push_back(std::atoi(argv[a + 1]));
  }
  const Limits limits;
  batch_spec::Decoders decoders;
  Batch out;
  std::vector<std::vector<double>> hand_ns(inputs.size()), spec_ns(inputs.size());
  for (int run = 0; run < runs; ++run) {
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      hand_ns[i].push_back(nsPerDecode(inputs[i], iterations[i], [&](const std::vector<std::uint8_t>& b) {
        return parseBatch(b, 0, out, limits) ? std::size_t{0} : out.records.size() + 1;
      }));
      spec_ns[i].push_back(nsPerDecode(inputs[i], iterations[i], [&](const std::vector<std::uint8_t>& b) {
        return batch_spec::parseBatch(b, 0, out, limits, decoders) ? std::size_t{0} : out.records.size() + 1;
      }));
    }
  }
  std::printf("[");
  for (std::size_t i = 0; i < inputs.size(); ++i)
    std::printf("%s{\"hand\": %s, \"generated\": %s}", i ? ", " : "", list(hand_ns[i]).c_str(),
                list(spec_ns[i]).c_str());
  std::printf("]\n");
}
