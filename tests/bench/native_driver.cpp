// Native side of `npm run bench` (tests/bench/run.mjs): times the C++ core on the very frames file
// the JS benchmark uses, so the ratios compare like with like. Built by run.mjs with g++ -O2.
//   native_driver <frames-file> <key|registration|lease>
// Then answers commands on stdin, one a line, each with one line on stdout:
//   per    ns/record of decode*View over every frame (CPU time of this process)
//   batch  ns/record of validateBatch over the whole buffer
// run.mjs alternates them with its own calls: the two sides of a ratio a few ms apart, on a
// shared machine whose speed moves between seconds.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "coordination/coordination_codec.h"
#include "coordination/inspect.h"
#include "driver.h"

using namespace coordination;
using bench::cpuNs;

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  const std::vector<std::uint8_t> buf = bench::readFile(argv[1]);
  const std::string target = argv[2];
  const Target t = target == "key" ? Target::key : target == "registration" ? Target::registration : Target::lease;

  // Frame offsets, outside the timed loop (the JS per-record API gets ready-made Uint8Arrays too).
  std::vector<std::pair<std::size_t, std::size_t>> recs;
  for (std::size_t pos = 0; pos + 4 <= buf.size();) {
    std::int32_t len = static_cast<std::int32_t>((std::uint32_t(buf[pos]) << 24) | (buf[pos + 1] << 16) |
                                                 (buf[pos + 2] << 8) | buf[pos + 3]);
    pos += 4;
    recs.emplace_back(pos, static_cast<std::size_t>(len));
    pos += static_cast<std::size_t>(len);
  }
  const double n = static_cast<double>(recs.size());
  volatile std::size_t sink = 0;
  const auto perRecord = [&] {
    const double t0 = cpuNs();
    std::size_t acc = 0;
    for (auto [off, len] : recs) {
      std::span<const std::uint8_t> b(buf.data() + off, len);
      if (t == Target::key) {
        auto k = decodeKeyView(b);
        if (k.ok()) acc += k.value().role.size() + k.value().member.size();
      } else if (t == Target::registration) {
        auto v = decodeRegistrationView(b);
        if (v.ok()) acc += v.value().member.size();
      } else {
        auto v = decodeLeaseView(b);
        if (v.ok()) acc += v.value().member.size();
      }
    }
    const double t1 = cpuNs();
    sink = sink + acc;
    return (t1 - t0) / n;
  };
  const auto batch = [&] {
    const double t0 = cpuNs();
    BatchSummary s = validateBatch(t, buf);
    const double t1 = cpuNs();
    sink = sink + s.valid;
    return (t1 - t0) / n;
  };
  char line[64];
  while (std::fgets(line, sizeof line, stdin)) {
    const std::string command(line, std::strcspn(line, "\n"));
    if (command == "per") {
      std::printf("%.3f\n", perRecord());
    } else if (command == "batch") {
      std::printf("%.3f\n", batch());
    } else {
      return 2;
    }
    std::fflush(stdout);
  }
  return 0;
}
