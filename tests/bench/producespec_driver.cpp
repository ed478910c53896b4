// Native side of tests/bench/producespec.mjs: ProduceRequest v3 decoded by the hand-written decoder
// (ProduceDecoder::decode: protocol/request_decoder.h with the NullSink) and by the decoder
// generated from wasm/core/protocol/specs behind the same ProduceRequest (protocol/spec_decoder.h:
// the generated RequestHeader and ProduceRequest decodes into Decoders kept across calls, the
// framing and the record sets by hand), on the same bytes, `runs` interleaved runs. Built by
// producespec.mjs with g++ -O2 (the wasm build's level for the core).
//   producespec_driver <runs> (<file> <iterations>)...
// Prints JSON: [{"hand": [ns...], "generated": [ns...]}, ...] by file: CPU ns per decode, per run.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "driver.h"
#include "protocol/spec_decoder.h"

using namespace coordination::protocol;
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
  ProduceDecoder hand;
  spec::Decoders decoders;
  ProduceRequest out;
  std::vector<std::vector<double>> hand_ns(inputs.size()), spec_ns(inputs.size());
  for (int run = 0; run < runs; ++run) {
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      hand_ns[i].push_back(nsPerDecode(inputs[i], iterations[i], [&](const std::vector<std::uint8_t>& b) {
        return hand.decode(b, out) ? std::size_t{0} : out.records.size() + out.partitions.size();
      }));
      spec_ns[i].push_back(nsPerDecode(inputs[i], iterations[i], [&](const std::vector<std::uint8_t>& b) {
        return spec::decode(b, decoders, out) ? std::size_t{0} : out.records.size() + out.partitions.size();
      }));
    }
  }
  std::printf("[");
  for (std::size_t i = 0; i < inputs.size(); ++i)
    std::printf("%s{\"hand\": %s, \"generated\": %s}", i ? ", " : "", jsonList(hand_ns[i]).c_str(),
                jsonList(spec_ns[i]).c_str());
  std::printf("]\n");
}
