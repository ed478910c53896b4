// What the native drivers of tests/bench/*.mjs share: a whole file read into memory, the CPU time
// of the process (the machine is shared: wall time would count the waits for a core; the JS side
// of each benchmark measures CPU time too, with process.cpuUsage()), the time of a decode.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace bench {

inline std::vector<std::uint8_t> readFile(const char* path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline double cpuNs() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}

// CPU ns per call of decode(bytes) (which returns something that is not 0 when it decoded), after
// a tenth as many calls to warm up.
template <typename Decode>
double nsPerDecode(const std::vector<std::uint8_t>& bytes, int iterations, Decode decode) {
  volatile std::size_t sink = 0;
  for (int i = 0; i < iterations / 10; ++i) sink = sink + decode(bytes);  // warm-up
  const double t0 = cpuNs();
  for (int i = 0; i < iterations; ++i) sink = sink + decode(bytes);
  const double t1 = cpuNs();
  if (sink == 0) std::abort();
  return (t1 - t0) / iterations;
}

// The numbers as a JSON array, one decimal each.
inline std::string jsonList(const std::vector<double>& xs) {
  std::string s = "[";
  for (std::size_t i = 0; i < xs.size(); ++i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%.1f", i ? ", " : "", xs[i]);
    s += buf;
  }
  return s + "]";
}

}  // namespace bench
