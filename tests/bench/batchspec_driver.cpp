// Native side of tests/bench/batchspec.mjs: one record batch v2 (a file holding one frame) parsed
// by the hand-written parser (parseBatch, log/record_batch.h) and by the decoder generated from
// wasm/core/log/specs (batch_spec::parseBatch, log/spec_batch.h: its Decoders kept across calls),
// both into one kept Batch, `runs` interleaved runs. Built by batchspec.mjs with g++ -O3 (as
// wasm/CMakeLists.txt compiles the whole-topic sources; the generated code and the schema runtime
// with them).
//   batchspec_driver <runs> (<file> <iterations>)...
// Prints JSON: [{"hand": [ns...], "generated": [ns...]}, ...] by file: CPU ns per batch, per run.
#include <cstdint>
#include <vector>

#include "driver.h"
#include "log/spec_batch.h"

using namespace coordination;

int main(int argc, char** argv) {
  const Limits limits;
  batch_spec::Decoders decoders;
  Batch out;
  return bench::timeHandAndGenerated(
      argc, argv,
      [&](const std::vector<std::uint8_t>& b) {
        return parseBatch(b, 0, out, limits) ? std::size_t{0} : out.records.size() + 1;
      },
      [&](const std::vector<std::uint8_t>& b) {
        return batch_spec::parseBatch(b, 0, out, limits, decoders) ? std::size_t{0} : out.records.size() + 1;
      });
}
