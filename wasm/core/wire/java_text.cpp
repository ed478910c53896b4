#include "wire/java_text.h"

#include "wire/append.h"

namespace coordination {

void decodeJavaText(std::span<const std::uint8_t> body, char16_t* out, JavaText rule, JavaTextOutcome& result) {
  result = {};
  const std::uint8_t* p = body.data();
  const std::size_t n = body.size();
  std::size_t i = 0, u = 0;
  auto cont = [&](std::size_t at) { return (p[at] & 0xC0) == 0x80; };
  while (i < n) {
    const std::size_t ascii = widenAscii(p + i, n - i, out + u);  // ASCII runs, the usual text
    i += ascii;
    u += ascii;
    if (i == n) break;
    // Strict UTF-8 (Unicode Table 3-7): the sequence's length (0: C0, C1, F5..FF cannot lead) and
    // the range of its second byte; take the longest valid start of it (its maximal subpart).
    const std::uint8_t c = p[i];
    const std::size_t len = c < 0xC2 ? 0 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : c < 0xF5 ? 4 : 0;
    const std::uint8_t lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
    const std::uint8_t hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    std::uint32_t cp = c & (0x7Fu >> len);
    std::size_t k = 1;
    for (; k < len && i + k < n && p[i + k] >= (k == 1 ? lo : 0x80) && p[i + k] <= (k == 1 ? hi : 0xBF); ++k)
      cp = (cp << 6) | (p[i + k] & 0x3Fu);
    if (k == len && (len < 4 || rule == JavaText::new_string)) {
      if (cp >= 0x10000) {
        out[u++] = static_cast<char16_t>(0xD7C0 + (cp >> 10));
        out[u++] = static_cast<char16_t>(0xDC00 + (cp & 0x3FF));
      } else {
        out[u++] = static_cast<char16_t>(cp);
      }
      i += k;
      continue;
    }
    if (!result.first_non_utf8) result.first_non_utf8 = i;
    if (rule == JavaText::new_string) {
      // Java reads a 3-byte form whole before it checks the value: a surrogate written in UTF-8
      // (ED A0..BF, which strict UTF-8 refuses at its second byte) is one U+FFFD with its
      // continuation bytes, to the end if it is cut short (java.lang.String.decodeUTF8_UTF16).
      if (c == 0xED && k == 1 && n - i >= 2 && (p[i + 1] & 0xE0) == 0xA0) k = n - i > 2 && cont(i + 2) ? 3 : 2;
      out[u++] = u'\uFFFD';
      i += k;
      continue;
    }
    // readUTF: 110xxxxx 10xxxxxx and 1110xxxx 10xxxxxx 10xxxxxx, whatever the value.
    const std::size_t m = (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 0;
    if (m == 0 || n - i < m || !cont(i + 1) || (m == 3 && !cont(i + 2))) {
      result.refused = i;
      break;
    }
    out[u++] = static_cast<char16_t>(m == 2 ? ((c & 0x1F) << 6) | (p[i + 1] & 0x3F)
                                            : ((c & 0x0F) << 12) | ((p[i + 1] & 0x3F) << 6) | (p[i + 2] & 0x3F));
    i += m;
  }
  result.units = u;
}

ReadUtfRefusal readUtfRefusal(std::span<const std::uint8_t> body, std::size_t at) {
  const std::uint8_t lead = body[at];
  if ((lead >> 4) < 12 || (lead >> 4) == 15) return ReadUtfRefusal::cannot_lead;
  const std::size_t need = (lead >> 4) == 14 ? 3 : 2;
  return body.size() - at < need ? ReadUtfRefusal::cut_short : ReadUtfRefusal::bad_continuation;
}

void appendReadUtfRefusal(std::string& s, std::uint8_t lead, ReadUtfRefusal why) {
  s += "DataInputStream.readUTF refuses byte 0x";
  detail::appendHex(s, lead, 2);
  s += why == ReadUtfRefusal::cannot_lead ? ": it cannot start a modified UTF-8 sequence (10xxxxxx or 1111xxxx)"
       : why == ReadUtfRefusal::cut_short ? ": its sequence is cut short by the end of the string"
                                          : ": a byte of its sequence is not a 10xxxxxx continuation";
}

std::optional<std::size_t> decodeUtf8Lossy(std::span<const std::uint8_t> bytes, std::u16string& out) {
  const std::size_t at = out.size();
  out.resize(at + bytes.size());
  JavaTextOutcome o;
  decodeJavaText(bytes, out.data() + at, JavaText::new_string, o);
  out.resize(at + o.units);
  return o.first_non_utf8;
}

std::u16string readUtfString(std::span<const std::uint8_t> body) {
  std::u16string out(body.size(), u'\0');
  JavaTextOutcome o;
  decodeJavaText(body, out.data(), JavaText::read_utf, o);
  out.resize(o.units);
  return out;
}

std::u16string javaCharsString(std::span<const std::uint8_t> body) {
  std::u16string out(body.size() / 2, u'\0');
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<char16_t>(body[2 * i] << 8 | body[2 * i + 1]);
  return out;
}

std::string javaStringToUtf8(std::u16string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::uint32_t c = s[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.size() && s[i + 1] >= 0xDC00 && s[i + 1] <= 0xDFFF) {
      c = 0x10000 + ((c - 0xD800) << 10) + (s[++i] - 0xDC00u);
    } else if (c >= 0xD800 && c <= 0xDFFF) {
      c = 0xFFFD;
    }
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

}  // namespace coordination
