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

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "wire/words.h"

namespace coordination {

enum class JavaText : std::uint8_t {
  read_utf,    // DataInputStream.readUTF's modified UTF-8: stops at the first sequence it refuses
  new_string,  // new String(bytes, UTF_8): each ill-formed part becomes U+FFFD, as Java cuts them
};

// The ASCII bytes that start p[0, n), written at `out` as units (the same in both rules); returns
// how many. Eight bytes a step, each half of a word spread to four units and stored as one: the
// byte loop it replaces was most of a short text's decode in wasm (a host name, a topic).
inline std::size_t widenAscii(const std::uint8_t* p, std::size_t n, char16_t* out) {
  constexpr std::uint64_t kHigh = 0x8080808080808080u;
  const auto spread = [](std::uint64_t x) {  // 4 bytes to 4 units, little-endian
    x = (x | x << 16) & 0x0000FFFF0000FFFFu;
    return (x | x << 8) & 0x00FF00FF00FF00FFu;
  };
  const auto store = [&](std::size_t at, std::uint64_t w) {
    const std::uint64_t lo = spread(w & 0xFFFFFFFFu), hi = spread(w >> 32);
    std::memcpy(out + at, &lo, 8);
    std::memcpy(out + at + 4, &hi, 8);
  };
  std::size_t i = 0;
  if constexpr (std::endian::native == std::endian::little) {
    for (; n - i >= 8; i += 8) {
      const std::uint64_t w = loadWord(p + i);
      if (w & kHigh) break;
      store(i, w);
    }
    // The last 0-7 bytes of a text of 8 or more: its last word again, overlapping.
    if (i < n && n >= 8 && n - i < 8 && !(loadWord(p + n - 8) & kHigh)) {
      store(n - 8, loadWord(p + n - 8));
      return n;
    }
  }
  for (; i < n && p[i] < 0x80; ++i) out[i] = p[i];
  return i;
}

struct JavaTextOutcome {
  std::size_t units = 0;                      // units written
  std::optional<std::size_t> refused;         // read_utf: first byte of the sequence it refuses
  std::optional<std::size_t> first_non_utf8;  // first byte strict UTF-8 would refuse (read_utf:
                                              // of a sequence it accepts; new_string: replaced)
};

// Writes the decoded units at `out`, at most body.size() of them (read_utf: also on failure, the
// units before the refused sequence). One loop for both rules: where strict UTF-8 accepts a
// sequence, so do both (but readUTF refuses every 4-byte one); where it does not, readUTF may
// still accept it (C0 80, a surrogate, an overlong form) and new String puts U+FFFD. The outcome
// is written to `result`, not returned: in wasm a returned struct is a frame on the shadow stack
// of the caller, which the Streams decoder's text reader would set up at every text.
void decodeJavaText(std::span<const std::uint8_t> body, char16_t* out, JavaText rule, JavaTextOutcome& result);

// Why readUTF refuses the sequence at body[at] (JavaTextOutcome::refused): its lead cannot lead
// (10xxxxxx, 1111xxxx), the body ends inside it, or a byte of it is not a 10xxxxxx continuation.
enum class ReadUtfRefusal : std::uint8_t { cannot_lead = 1, cut_short = 2, bad_continuation = 3 };
ReadUtfRefusal readUtfRefusal(std::span<const std::uint8_t> body, std::size_t at);
// "DataInputStream.readUTF refuses byte 0x<lead>: <why>", appended to s: the words of an
// INVALID_UTF8 of the Streams decoder (streams/messages.cpp) and of the generated ones (writeUTF).
void appendReadUtfRefusal(std::string& s, std::uint8_t lead, ReadUtfRefusal why);

// The warnings' words of a text that strict UTF-8 would refuse (JAVA_MODIFIED_UTF8 after readUTF,
// UTF8_REPLACED after new String), the same in the Streams decoder and the generated ones.
inline constexpr char kReadUtfWarning[] =
    "decoded by DataInputStream.readUTF's modified UTF-8 rule (C0 80 is U+0000, a surrogate is a 3-byte sequence, "
    "overlong forms pass); strict UTF-8 would refuse this byte";
inline constexpr char kNewStringWarning[] =
    "not well-formed UTF-8: decoded as Kafka does (new String(bytes, UTF_8)), each ill-formed subpart replaced by "
    "U+FFFD";

// The same, appended to `out`; returns the index of the first ill-formed byte, if any.
std::optional<std::size_t> decodeUtf8Lossy(std::span<const std::uint8_t> bytes, std::u16string& out);

// The Java String readUTF makes of a body it accepts (a generated decoder's writeUTF Slice).
std::u16string readUtfString(std::span<const std::uint8_t> body);

// The Java String of DataOutput.writeChars' bytes: big-endian UTF-16 units, any unit (a generated
// decoder's javaChars Slice).
std::u16string javaCharsString(std::span<const std::uint8_t> body);

// A Java String (UTF-16) as UTF-8 text for display: pairs combine, a lone surrogate becomes U+FFFD.
std::string javaStringToUtf8(std::u16string_view s);

}  // namespace coordination
