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

// The arguments `<runs> (<file> <iterations>)...` of the drivers that time several inputs; false
// when they are not that.
struct Inputs {
  int runs = 0;
  std::vector<std::vector<std::uint8_t>> bytes;
  std::vector<int> iterations;
};
inline bool readInputs(int argc, char** argv, Inputs& out) {
  if (argc < 4 || argc % 2 != 0) return false;
  out.runs = std::atoi(argv[1]);
  for (int a = 2; a + 1 < argc; a += 2) {
    out.bytes.push_back(readFile(argv[a]));
    out.iterations.push_back(std::atoi(argv[a + 1]));
  }
  return true;
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

// The drivers that time a hand-written decoder against a generated one (`<runs> (<file>
// <iterations>)...`, the two taking turns in each run): prints per input
// {"hand": [ns per run...], "generated": [...]}; exit status 2 on bad arguments.
template <typename Hand, typename Generated>
int timeHandAndGenerated(int argc, char** argv, Hand hand, Generated generated) {
  Inputs in;
  if (!readInputs(argc, argv, in)) return 2;
  const std::size_t n = in.bytes.size();
  std::vector<std::vector<double>> hand_ns(n), generated_ns(n);
  for (int run = 0; run < in.runs; ++run) {
    for (std::size_t i = 0; i < n; ++i) {
      hand_ns[i].push_back(nsPerDecode(in.bytes[i], in.iterations[i], hand));
      generated_ns[i].push_back(nsPerDecode(in.bytes[i], in.iterations[i], generated));
    }
  }
  std::printf("[");
  for (std::size_t i = 0; i < n; ++i)
    std::printf("%s{\"hand\": %s, \"generated\": %s}", i ? ", " : "", jsonList(hand_ns[i]).c_str(),
                jsonList(generated_ns[i]).c_str());
  std::printf("]\n");
  return 0;
}

}  // namespace bench
