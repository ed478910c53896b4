// Strict UTF-8 validation per RFC 3629 / Unicode Table 3-7 (the shape of simdutf's scalar
// validator: a closed set of outcomes and the position of the failure).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>

namespace coordination {

enum class Utf8Problem : std::uint8_t {
  ill_formed,          // a lead byte that can never start a sequence (80..BF excluded, C0 C1 F5..FF)
                       // or a lead byte whose next byte is out of range (overlong, surrogate, > U+10FFFF)
  stray_continuation,  // a continuation byte (80..BF) with no lead byte
  cut_short,           // a valid lead byte whose sequence runs past the end of the string
};

struct Utf8Failure {
  std::size_t index;  // first byte of the first ill-formed sequence (lead, or the stray continuation)
  Utf8Problem problem;
};

// Whether a string of up to 16 bytes is all ASCII, without a loop: its bytes ORed as two
// overlapping words (8-16 bytes: 8-byte words; 4-7: 4-byte words) or its first, middle and last
// bytes (1-3). A longer string: false (findInvalidUtf8 scans it).
inline bool shortAscii(const std::uint8_t* p, std::size_t n) {
  if (n >= 8) {
    if (n > 16) return false;
    std::uint64_t a, b;
    std::memcpy(&a, p, 8);  // no alignment or aliasing assumptions
    std::memcpy(&b, p + n - 8, 8);
    return ((a | b) & 0x8080808080808080ULL) == 0;
  }
  if (n >= 4) {
    std::uint32_t a, b;
    std::memcpy(&a, p, 4);
    std::memcpy(&b, p + n - 4, 4);
    return ((a | b) & 0x80808080u) == 0;
  }
  return n == 0 || ((p[0] | p[n / 2] | p[n - 1]) & 0x80) == 0;
}

// nullopt if `bytes` is well-formed UTF-8; otherwise where and why the first ill-formed sequence is.
std::optional<Utf8Failure> findInvalidUtf8(std::span<const std::uint8_t> bytes);

// nullopt if well-formed, otherwise the index of the first ill-formed sequence's first byte.
inline std::optional<std::size_t> validateUtf8(std::span<const std::uint8_t> bytes) {
  if (auto f = findInvalidUtf8(bytes)) return f->index;
  return std::nullopt;
}

// The UTF-16 units of well-formed UTF-8 (validated before: nothing is checked), written at `out`,
// which has room for bytes.size() units (never more are written); returns how many.
std::size_t utf16FromUtf8(std::span<const std::uint8_t> bytes, char16_t* out);

}  // namespace coordination
