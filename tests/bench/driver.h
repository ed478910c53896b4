// What the native drivers of tests/bench/*.mjs share: a whole file read into memory, and the CPU
// time of the process (the machine is shared: wall time would count the waits for a core; the JS
// side of each benchmark measures CPU time too, with process.cpuUsage()).
#pragma once

#include <cstdint>
#include <ctime>
#include <fstream>
#include <iterator>
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

}  // namespace bench
