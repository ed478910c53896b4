// Native side of tests/bench/coordspec.mjs: the coordination records' hand-written fast path
// (decodeKeyView/decodeRegistrationView/decodeLeaseView: decoder.h with the NullSink) against the
// spec-generated decoder behind the same views (coordination/spec_decoder.h: the generated decode
// into Decoders kept across calls, the key's member rule, the view), on the same bytes, `runs`
// interleaved runs; and the generated decode alone (decode<Name> into its kept Decoded: what the
// spec-generated part costs without the hand-written lines). Built by coordspec.mjs with g++ -O2
// (the wasm build's level for the core).
//   coordspec_driver <key-file> <registration-file> <lease-file> <iterations> <runs>
// Prints JSON: {"key": {"hand": [ns...], "generated": [ns...], "alone": [ns...]}, ...}: CPU ns per
// decode, per run.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "coordination/spec_decoder.h"
#include "driver.h"

using namespace coordination;
using bench::nsPerDecode;
using bench::readFile;

namespace {

std::size_t handDecode(Target target, std::span<const std::uint8_t> b) {
  switch (target) {
    case Target::key: {
      auto r = decodeKeyView(b);
      return r.ok() ? r.value().role.size() : 0;
    }
    case Target::registration: {
      auto r = decodeRegistrationView(b);
      return r.ok() ? r.value().member.size() : 0;
    }
    case Target::lease: {
      auto r = decodeLeaseView(b);
      return r.ok() ? r.value().member.size() : 0;
    }
  }
  return 0;
}

// The generated decode alone: 1 when it decoded.
std::size_t generatedAlone(Target target, std::span<const std::uint8_t> b, spec::Decoders& d) {
  namespace gen = schema::records;
  switch (target) {
    case Target::key:
      return gen::decodeCoordinationKey(b, d.key) ? 0 : 1;
    case Target::registration:
      return gen::decodeCoordinationRegistration(b, d.registration) ? 0 : 1;
    case Target::lease:
      return gen::decodeCoordinationLease(b, d.lease) ? 0 : 1;
  }
  return 0;
}

std::string list(const std::vector<double>& xs) {
  std::string s = "[";
  for (std::size_t i = 0; i < xs.size(); ++i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%.2f", i ? ", " : "", xs[i]);
    s += buf;
  }
  return s + "]";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 6) return 2;
  const std::vector<std::uint8_t> inputs[] = {readFile(argv[1]), readFile(argv[2]), readFile(argv[3])};
  const int iterations = std::atoi(argv[4]);
  const int runs = std::atoi(argv[5]);
  spec::Decoders decoders;
  std::vector<double> hand[3], generated[3], alone[3];
  for (int run = 0; run < runs; ++run) {
    for (int t = 0; t < 3; ++t) {
      const auto target = static_cast<Target>(t);
      hand[t].push_back(nsPerDecode(inputs[t], iterations,
                                    [&](const std::vector<std::uint8_t>& b) { return handDecode(target, b); }));
      generated[t].push_back(nsPerDecode(inputs[t], iterations, [&](const std::vector<std::uint8_t>& b) {
        RecordView record;
        return spec::decode(target, b, decoders, record) ? 0 : record.index();
      }));
      alone[t].push_back(nsPerDecode(inputs[t], iterations, [&](const std::vector<std::uint8_t>& b) {
        return generatedAlone(target, b, decoders);
      }));
    }
  }
  std::printf("{");
  for (int t = 0; t < 3; ++t)
    std::printf("%s\"%s\": {\"hand\": %s, \"generated\": %s, \"alone\": %s}", t ? ", " : "",
                std::string(targetName(static_cast<Target>(t))).c_str(), list(hand[t]).c_str(),
                list(generated[t]).c_str(), list(alone[t]).c_str());
  std::printf("}\n");
  return 0;
}
