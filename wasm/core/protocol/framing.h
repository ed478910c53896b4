// How a ProduceRequest's bytes begin: the body alone, the request header then the body, or the
// i32 size, the header and the body as they go on the socket. Detected from the bytes' values
// (README.md beside this file, "Framing, detected and said").
#pragma once

#include <span>
#include <string_view>

#include "protocol/produce.h"

namespace coordination::protocol {

// The size and header are recognised by their values: api key 0 and api version 3 at bytes 4..7
// after an i32 size >= 0, or at bytes 0..3. A body cannot start so: its transactional id (length,
// bytes) would need NUL characters at 2..3, or acks 3 after an empty id.
Framing detectFraming(std::span<const std::uint8_t> bytes);

// The tree's words for the framing found ("detected: ..."), and for the request's fields (both
// decoders' trees say them: request_decoder.h, spec_decoder.cpp).
std::string_view framingMeaning(Framing f);
std::string_view acksMeaning(std::int16_t acks);  // "all in-sync replicas" for -1, ...
inline constexpr std::string_view kSizeMeaning = "bytes after this field";
inline constexpr std::string_view kApiKeyMeaning = "Produce";
inline constexpr std::string_view kTimeoutMeaning = "milliseconds";

}  // namespace coordination::protocol
