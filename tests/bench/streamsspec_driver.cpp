// Native side of tests/bench/streamsspec.mjs: SubscriptionInfo and AssignmentInfo decoded by the
// hand-written decoder and by the decoders generated from wasm/core/streams/specs, on the same
// bytes, `runs` interleaved runs. Four ways, two by two: the flat record the wasm boundary takes
// (decodeFlat into a kept FlatRecord) against the generated decode alone (into a kept
// <Name>Decoded); the C++ records (decodeSubscription / decodeAssignment) against the generated
// decoder behind the same record (streams/spec_decoder.h). Built by streamsspec.mjs with g++ -O2
// (the wasm build's level).
//   streamsspec_driver <runs> (<s|a> <file> <iterations>)...
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

namespace {

struct Times {
  std::vector<double> flat, alone, records, generated;
};

// One run of the four ways on `bytes`; `size` a record's size, so that no decode is optimized away.
template <typename Record, typename Hand, typename Alone, typename Generated, typename Size>
void measure(const std::vector<std::uint8_t>& bytes, int k, StreamsTarget target, Hand hand, Alone alone,
             Generated generated, Size size, FlatRecord& flat, Times& t) {
  t.flat.push_back(nsPerDecode(bytes, k, [&](const std::vector<std::uint8_t>& b) {
    return decodeFlat(target, b, flat) ? std::size_t{0} : flat.word_count;
  }));
  t.alone.push_back(nsPerDecode(bytes, k, alone));
  t.records.push_back(nsPerDecode(bytes, k, [&](const std::vector<std::uint8_t>& b) {
    const auto r = hand(b);
    return r.ok() ? size(r.value()) : std::size_t{0};
  }));
  Record out;
  t.generated.push_back(nsPerDecode(
      bytes, k, [&](const std::vector<std::uint8_t>& b) { return generated(b, out) ? std::size_t{0} : size(out); }));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5 || argc % 3 != 2) return 2;
  const int runs = std::atoi(argv[1]);
  std::vector<bool> subscription;
  std::vector<std::vector<std::uint8_t>> inputs;
  std::vector<int> iterations;
  for (int a = 2; a + 2 < argc; a += 3) {
    subscription.push_back(argv[a][0] == 's');
    inputs.push_back(bench::readFile(argv[a + 1]));
    iterations.push_back(std::atoi(argv[a + 2]));
  }
  FlatRecord flat;
  spec::Decoders d;
  const std::size_t n = inputs.size();
  std::vector<Times> times(n);
  for (int run = 0; run < runs; ++run) {
    for (std::size_t i = 0; i < n; ++i) {
      using Bytes = std::vector<std::uint8_t>;
      if (subscription[i]) {
        measure<SubscriptionInfo>(
            inputs[i], iterations[i], StreamsTarget::subscription, &decodeSubscription,
            [&](const Bytes& b) {
              return schema::rebalance::decodeSubscriptionInfo(b, d.subscription) ? std::size_t{0} : d.subscription.end;
            },
            [&](const Bytes& b, SubscriptionInfo& out) { return spec::decodeSubscription(b, d, out); },
            [](const SubscriptionInfo& s) { return s.task_offset_sums.size() + 1; }, flat, times[i]);
      } else {
        measure<AssignmentInfo>(
            inputs[i], iterations[i], StreamsTarget::assignment, &decodeAssignment,
            [&](const Bytes& b) {
              return schema::rebalance::decodeAssignmentInfo(b, d.assignment) ? std::size_t{0} : d.assignment.end;
            },
            [&](const Bytes& b, AssignmentInfo& out) { return spec::decodeAssignment(b, d, out); },
            [](const AssignmentInfo& a) { return a.partitions_by_host.size() + 1; }, flat, times[i]);
      }
    }
  }
  std::printf("[");
  for (std::size_t i = 0; i < n; ++i)
    std::printf("%s{\"flat\": %s, \"alone\": %s, \"records\": %s, \"generated\": %s}", i ? ", " : "",
                jsonList(times[i].flat).c_str(), jsonList(times[i].alone).c_str(), jsonList(times[i].records).c_str(),
                jsonList(times[i].generated).c_str());
  std::printf("]\n");
}
