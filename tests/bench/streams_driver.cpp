// Native side of tests/bench/streams.mjs: times the C++ core on the very bytes the JS benchmark
// decodes. Built by streams.mjs with g++ -O2.
//   - decodeSubscription / decodeAssignment: the C++ records (std::vector, std::u16string) as the
//     C++ API returns them, made and destroyed each time (the goal's baseline);
//   - decodeFlat into a FlatRecord kept across calls: exactly what the wasm call does.
//   streams_driver <subscription-file> <assignment-file> <assignment-v11-file> <iterations>
// Prints JSON: {"subscriptionNs", "assignmentNs", "assignment11Ns", "subscriptionFlatNs",
// "assignmentFlatNs", "assignment11FlatNs"}: CPU ns per decode.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "driver.h"
#include "streams/streams.h"

using namespace coordination::streams;
using bench::nsPerDecode;
using bench::readFile;

int main(int argc, char** argv) {
  if (argc < 5) return 2;
  const auto sub = readFile(argv[1]);
  const auto asg = readFile(argv[2]);
  const auto asg11 = readFile(argv[3]);
  const int iterations = std::atoi(argv[4]);
  const double s = nsPerDecode(sub, iterations, [](const std::vector<std::uint8_t>& b) {
    const auto r = decodeSubscription(b);
    return r.ok() ? r.value().prev_tasks.size() : 0;
  });
  const auto records = [](const std::vector<std::uint8_t>& b) {
    const auto r = decodeAssignment(b);
    return r.ok() ? r.value().active_tasks.size() + r.value().partitions_by_host.size() : 0;
  };
  const double a = nsPerDecode(asg, iterations, records);
  const double a11 = nsPerDecode(asg11, iterations, records);
  FlatRecord flat;
  const double sf = nsPerDecode(sub, iterations, [&](const std::vector<std::uint8_t>& b) {
    return decodeFlat(StreamsTarget::subscription, b, flat) ? 0 : flat.word_count;
  });
  const auto flatAssignment = [&](const std::vector<std::uint8_t>& b) {
    return decodeFlat(StreamsTarget::assignment, b, flat) ? 0 : flat.word_count;
  };
  const double af = nsPerDecode(asg, iterations, flatAssignment);
  const double af11 = nsPerDecode(asg11, iterations, flatAssignment);
  std::printf(
      "{\"subscriptionNs\": %.1f, \"assignmentNs\": %.1f, \"assignment11Ns\": %.1f, \"subscriptionFlatNs\": %.1f, "
      "\"assignmentFlatNs\": %.1f, \"assignment11FlatNs\": %.1f}\n",
      s, a, a11, sf, af, af11);
  return 0;
}
