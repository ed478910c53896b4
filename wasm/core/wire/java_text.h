// Java's two ways of turning bytes into a String, as Kafka Streams' rebalance metadata uses them.
// Both produce UTF-16 code units (a Java String), because modified UTF-8 can carry what UTF-8
// cannot (a lone surrogate).
//   - DataInputStream.readUTF's body loop (modified UTF-8): accepts 0xxxxxxx, 110xxxxx 10xxxxxx and
//     1110xxxx 10xxxxxx 10xxxxxx with no range check, so C0 80 is U+0000, a supplementary character
//     is two 3-byte surrogates, overlongs pass; refuses 10xxxxxx / 1111xxxx leads, a sequence cut
//     short by the end of the body, and a continuation that is not 10xxxxxx.
//   - new String(bytes, UTF_8): strict UTF-8 where each maximal ill-formed subpart (Unicode 3.9)
//     becomes U+FFFD, except a surrogate written in UTF-8 (ED A0..BF xx), one U+FFFD for the whole
//     sequence as Java's decoder reads it (java.lang.String.decodeUTF8_UTF16); never fails. Both
//     rules are checked against a JDK on every sequence of up to 4 bytes over every byte class
//     (tests/node/java-oracle.test.mjs).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace coordination {

enum class JavaText : std::uint8_t {
  read_utf,    // DataInputStream.readUTF's modified UTF-8: stops at the first sequence it refuses
  new_string,  // new String(bytes, UTF_8): each ill-formed part becomes U+FFFD, as Java cuts them
};

struct JavaTextOutcome {
  std::size_t units = 0;                      // units written
  std::optional<std::size_t> refused;         // read_utf: first byte of the sequence it refuses
  std::optional<std::size_t> first_non_utf8;  // first byte strict UTF-8 would refuse (read_utf:
                                              // of a sequence it accepts; new_string: replaced)
};

// Writes the decoded units at `out`, at most body.size() of them (read_utf: also on failure, the
// units before the refused sequence). One loop for both rules: where strict UTF-8 accepts a
// sequence, so do both (but readUTF refuses every 4-byte one); where it does not, readUTF may
// still accept it (C0 80, a surrogate, an overlong form) and new String puts U+FFFD.
JavaTextOutcome decodeJavaText(std::span<const std::uint8_t> body, char16_t* out, JavaText rule);

// The same, appended to `out`; returns the index of the first ill-formed byte, if any.
std::optional<std::size_t> decodeUtf8Lossy(std::span<const std::uint8_t> bytes, std::u16string& out);

// A Java String (UTF-16) as UTF-8 text for display: pairs combine, a lone surrogate becomes U+FFFD.
std::string javaStringToUtf8(std::u16string_view s);

}  // namespace coordination
