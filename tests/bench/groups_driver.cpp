// Native side of tests/bench/groups.mjs: times the C++ core on the very record the JS benchmark
// decodes. Built by groups.mjs with g++ -O2 against the native build's libcoordination_codec.a.
//   - flat: RecordReader::decode, the key, the value and every member's nested levels (the
//     consumer protocol, Kafka Streams' userData) into the decoded structs and flat records the
//     reader keeps across calls: exactly what the wasm call does;
//   - records: the same, plus each member's Streams levels as the C++ API's owned records
//     (streams::decodeSubscription / decodeAssignment: std::vector, std::u16string), made and
//     destroyed each time, as the JS API builds its objects (the JS goal's baseline).
//   groups_driver <key-file> <value-file> <members>
// Then serves rounds, one a line on stdin ("flat N" or "records N": N decodes of that kind), and
// prints each one's CPU ns per decode on a line: groups.mjs alternates them with the wasm side's
// rounds, so that both sides run warm and under the same load (this machine's cores are shared,
// and the native time alone moved 1.5x between processes run minutes apart).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "driver.h"
#include "groups/records.h"

using bench::nsPerDecode;
using bench::readFile;
namespace cg = coordination::groups;
namespace st = coordination::streams;

int main(int argc, char** argv) {
  if (argc < 4) return 2;
  const auto key = readFile(argv[1]);
  const auto value = readFile(argv[2]);
  const std::size_t members = static_cast<std::size_t>(std::atoi(argv[3]));
  cg::RecordReader reader;
  // Every member's levels must decode: the loops time whole decodes.
  const auto flat = [&](const std::vector<std::uint8_t>& v) {
    const auto e = reader.decode(key, std::span<const std::uint8_t>(v));
    if (e || reader.members().size() != members) std::abort();
    std::size_t words = 0;
    for (const auto& m : reader.members()) {
      if (m.subscription.error || m.assignment.error || m.subscription.streams.error || m.assignment.streams.error)
        std::abort();
      words += m.assignment.streams.record.word_count;
    }
    return words;
  };
  const auto records = [&](const std::vector<std::uint8_t>& v) {
    flat(v);
    std::size_t n = 0;
    for (const auto& m : reader.members()) {
      const auto& s = m.subscription.message;
      const auto& a = m.assignment.message;
      const auto sub = st::decodeSubscription(s.bytes(s.root.user_data));
      const auto asg = st::decodeAssignment(a.bytes(a.root.user_data));
      if (!sub.ok() || !asg.ok()) std::abort();
      n += asg.value().partitions_by_host.size() + sub.value().version;
    }
    return n;
  };
  char kind[16];
  int iterations = 0;
  while (std::scanf("%15s %d", kind, &iterations) == 2 && iterations > 0) {
    const double ns =
        std::strcmp(kind, "flat") == 0 ? nsPerDecode(value, iterations, flat) : nsPerDecode(value, iterations, records);
    std::printf("%.1f\n", ns);
    std::fflush(stdout);
  }
  return 0;
}
