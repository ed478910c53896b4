// Native side of tests/bench/produce.mjs: times decodeProduceRequest of the C++ core on the very
// bytes the JS benchmark decodes. Built by produce.mjs with g++ -O2.
//   produce_driver <request-file>... <iterations>
// Prints JSON: {"ns": [CPU ns per decode, one per file], "records": [records decoded, one per file]}
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "driver.h"
#include "protocol/produce.h"

using namespace coordination::protocol;
using bench::cpuNs;
using bench::readFile;

namespace {
// One decode, as the wasm boundary does it (wasm/bindings/log_bindings.cpp): one ProduceDecoder and one
// ProduceRequest, reused from decode to decode.
ProduceDecoder decoder;
ProduceRequest request;
std::size_t records(const std::vector<std::uint8_t>& bytes) {
  if (decoder.decode(bytes, request)) std::abort();
  return request.records.size();
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  const int iterations = std::atoi(argv[argc - 1]);
  std::string ns = "[", counts = "[";
  for (int f = 1; f < argc - 1; ++f) {
    const std::vector<std::uint8_t> bytes = readFile(argv[f]);
    volatile std::size_t sink = records(bytes);  // warm-up
    const double t0 = cpuNs();
    for (int i = 0; i < iterations; ++i) sink = sink + records(bytes);
    const double t1 = cpuNs();
    if (f > 1) {
      ns += ',';
      counts += ',';
    }
    ns += std::to_string((t1 - t0) / iterations);
    counts += std::to_string(records(bytes));
  }
  std::printf("{\"ns\": %s], \"records\": %s]}\n", ns.c_str(), counts.c_str());
  return 0;
}
