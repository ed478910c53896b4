#include "protocol/framing.h"

#include <cstddef>
#include <cstdint>

namespace coordination::protocol {

Framing detectFraming(std::span<const std::uint8_t> bytes) {
  auto i16At = [&](std::size_t at) {
    return static_cast<std::int16_t>((std::uint16_t{bytes[at]} << 8) | bytes[at + 1]);
  };
  const bool sized = bytes.size() >= 8 && bytes[0] < 0x80 &&
                     ((std::size_t{bytes[0]} << 24) | (std::size_t{bytes[1]} << 16) | (std::size_t{bytes[2]} << 8) |
                      bytes[3]) == bytes.size() - 4;
  // A size that matches with api key 0 is a framed request of any version (v3 or refused).
  if (bytes.size() >= 8 && bytes[0] < 0x80 && i16At(4) == kProduceApiKey && (i16At(6) == kProduceVersion || sized)) {
    return Framing::size_and_header;
  }
  if (bytes.size() >= 4 && i16At(0) == kProduceApiKey && i16At(2) == kProduceVersion) return Framing::header;
  return Framing::body;
}

std::string_view framingMeaning(Framing f) {
  static constexpr std::string_view kMeanings[] = {
      // by Framing: body, header, size_and_header
      "detected: the request body alone (no size or request header found)",
      "detected: a request header (api key 0, api version 3 at bytes 0..3), then the body",
      "detected: an i32 size, then a request header (api key 0 at bytes 4..5), then the body",
  };
  return kMeanings[static_cast<std::size_t>(f)];
}

std::string_view acksMeaning(std::int16_t acks) {
  return acks == -1  ? "all in-sync replicas"
         : acks == 0 ? "no acknowledgement"
         : acks == 1 ? "the leader"
                     : "not a Kafka acks value";
}

}  // namespace coordination::protocol
