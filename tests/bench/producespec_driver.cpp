// Native side of tests/bench/producespec.mjs: ProduceRequest v3 decoded by the hand-written decoder
// (ProduceDecoder::decode: protocol/request_decoder.h with the NullSink) and by the decoder
// generated from wasm/core/protocol/specs behind the same ProduceRequest (protocol/spec_decoder.h:
// the generated RequestHeader and ProduceRequest decodes into Decoders kept across calls, the
// framing and the record sets by hand), on the same bytes, `runs` interleaved runs. Built by
// producespec.mjs with g++ -O2 (the wasm build's level for the core).
//   producespec_driver <runs> (<file> <iterations>)...
// Prints JSON: [{"hand": [ns...], "generated": [ns...]}, ...] by file: CPU ns per decode, per run.
#include <cstdint>
#include <vector>

#include "driver.h"
#include "protocol/spec_decoder.h"

using namespace coordination::protocol;

int main(int argc, char** argv) {
  ProduceDecoder hand;
  spec::Decoders decoders;
  ProduceRequest out;
  return bench::timeHandAndGenerated(
      argc, argv,
      [&](const std::vector<std::uint8_t>& b) {
        return hand.decode(b, out) ? std::size_t{0} : out.records.size() + out.partitions.size();
      },
      [&](const std::vector<std::uint8_t>& b) {
        return spec::decode(b, decoders, out) ? std::size_t{0} : out.records.size() + out.partitions.size();
      });
}
