// Native side of tests/bench/streamsspec.mjs: SubscriptionInfo decoded by the hand-written decoder
// and by the decoder generated from wasm/core/streams/specs, on the same bytes, `runs` interleaved
// runs. Four ways, two by two: the flat record the wasm boundary takes (decodeFlat into a kept
// FlatRecord) against the generated decode alone (into a kept SubscriptionInfoDecoded); the C++
// records (decodeSubscription) against the generated decoder behind the same SubscriptionInfo
// (streams/spec_decoder.h). Built by streamsspec.mjs with g++ -O2 (the wasm build's level).
//   streamsspec_driver <runs> (<file> <iterations>)...
// Prints JSON: [{"flat": [ns...], "alone": [...], "records": [...], "generated": [...]}, ...] by
// file: CPU ns per decode, per run.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "driver.h"
#include "streams/spec_decoder.h"

using namespace coordination;
using namespace coordination::streams;
using bench::jsonList;
using bench::nsPerDecode;

int main(int argc, char** argv) {
  if (argc < 4 || argc % 2 != 0) return 2;
  const int runs = std::atoi(argv[1]);
  std::vector<std::vector<std::uint8_t>> inputs;
  std::vector<int> iterations;
  for (int a = 2; a + 1 < argc; a += 2) {
    inputs.push_back(bench::readFile(argv[a]));
    iterations.push_back(std::atoi(argv[a + 1]));
  }
  FlatRecord flat;
  spec::Decoders decoders;
  SubscriptionInfo out;
  const std::size_t n = inputs.size();
  std::vector<std::vector<double>> flat_ns(n), alone_ns(n), records_ns(n), generated_ns(n);
  for (int run = 0; run < runs; ++run) {
    for (std::size_t i = 0; i < n; ++i) {
      const int k = iterations[i];
      flat_ns[i].push_back(nsPerDecode(inputs[i], k, [&](const std::vector<std::uint8_t>& b) {
        return decodeFlat(StreamsTarget::subscription, b, flat) ? std::size_t{0} : flat.word_count;
      }));
      alone_ns[i].push_back(nsPerDecode(inputs[i], k, [&](const std::vector<std::uint8_t>& b) {
        return schema::rebalance::decodeSubscriptionInfo(b, decoders.subscription) ? std::size_t{0}
                                                                                   : decoders.subscription.end;
      }));
      records_ns[i].push_back(nsPerDecode(inputs[i], k, [&](const std::vector<std::uint8_t>& b) {
        const auto r = decodeSubscription(b);
        return r.ok() ? r.value().task_offset_sums.size() + 1 : std::size_t{0};
      }));
      generated_ns[i].push_back(nsPerDecode(inputs[i], k, [&](const std::vector<std::uint8_t>& b) {
        return spec::decodeSubscription(b, decoders, out) ? std::size_t{0} : out.task_offset_sums.size() + 1;
      }));
    }
  }
  std::printf("[");
  for (std::size_t i = 0; i < n; ++i)
    std::printf("%s{\"flat\": %s, \"alone\": %s, \"records\": %s, \"generated\": %s}", i ? ", " : "",
                jsonList(flat_ns[i]).c_str(), jsonList(alone_ns[i]).c_str(), jsonList(records_ns[i]).c_str(),
                jsonList(generated_ns[i]).c_str());
  std::printf("]\n");
}
