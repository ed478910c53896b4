// Java's two ways of turning bytes into a String, as Kafka Streams' rebalance metadata uses them.
// Both produce UTF-16 code units (a Java String), because modified UTF-8 can carry what UTF-8
// cannot (a lone surrogate).
//   - DataInputStream.readUTF's body loop (modified UTF-8): accepts 0xxxxxxx, 110xxxxx 10xxxxxx and
//     1110xxxx 10xxxxxx 10xxxxxx with no range check, so C0 80 is U+0000, a supplementary character
//     is two 3-byte surrogates, overlongs pass; refuses 10xxxxxx / 1111xxxx leads, a sequence cut
//     short by the end of the body, and a continuation that is not 10xxxxxx.
//   - new String(bytes, UTF_8): strict UTF-8 where each maximal ill-formed subpart (Unicode 3.9)
//     becomes U+FFFD; never fails.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace coordination {

struct ModifiedUtf8Outcome {
  std::size_t units = 0;                      // units written
  std::optional<std::size_t> refused;         // first byte of the sequence readUTF refuses
  std::optional<std::size_t> first_non_utf8;  // accepted, but strict UTF-8 would refuse from here
};

// Writes the decoded units at `out`, at most body.size() of them (also on failure: the units
// before the refused sequence).
ModifiedUtf8Outcome decodeModifiedUtf8(std::span<const std::uint8_t> body, char16_t* out);

struct LossyUtf8Outcome {
  std::size_t units = 0;                 // units written
  std::optional<std::size_t> first_bad;  // index of the first ill-formed byte
};

// Writes the decoded units at `out`, at most bytes.size() of them (a 4-byte sequence gives two).
LossyUtf8Outcome decodeUtf8Lossy(std::span<const std::uint8_t> bytes, char16_t* out);

// The same, appended to `out`; returns the index of the first ill-formed byte, if any.
std::optional<std::size_t> decodeUtf8Lossy(std::span<const std::uint8_t> bytes, std::u16string& out);

// A Java String (UTF-16) as UTF-8 text for display: pairs combine, a lone surrogate becomes U+FFFD.
std::string javaStringToUtf8(std::u16string_view s);

}  // namespace coordination
