#include "wire/java_text.h"

namespace coordination {

ModifiedUtf8Outcome decodeModifiedUtf8(std::span<const std::uint8_t> body, char16_t* out) {
  ModifiedUtf8Outcome result;
  const std::uint8_t* p = body.data();
  const std::size_t n = body.size();
  std::size_t i = 0, k = 0;
  auto cont = [&](std::size_t at) { return (p[at] & 0xC0) == 0x80; };
  while (i < n) {
    const std::uint8_t c = p[i];
    if (c < 0x80) {
      out[k++] = c;
      i += 1;
    } else if ((c >> 5) == 6) {  // 110xxxxx
      if (n - i < 2 || !cont(i + 1)) {
        result.refused = i;
        break;
      }
      if (c < 0xC2 && !result.first_non_utf8) result.first_non_utf8 = i;  // C0 80 and overlongs
      out[k++] = static_cast<char16_t>(((c & 0x1F) << 6) | (p[i + 1] & 0x3F));
      i += 2;
    } else if ((c >> 4) == 14) {  // 1110xxxx
      if (n - i < 3 || !cont(i + 1) || !cont(i + 2)) {
        result.refused = i;
        break;
      }
      // strict UTF-8 refuses E0 80..9F (overlong) and ED A0..BF (surrogates)
      if (!result.first_non_utf8 && ((c == 0xE0 && p[i + 1] < 0xA0) || (c == 0xED && p[i + 1] >= 0xA0)))
        result.first_non_utf8 = i;
      out[k++] = static_cast<char16_t>(((c & 0x0F) << 12) | ((p[i + 1] & 0x3F) << 6) | (p[i + 2] & 0x3F));
      i += 3;
    } else {  // 10xxxxxx, 1111xxxx
      result.refused = i;
      break;
    }
  }
  result.units = k;
  return result;
}

LossyUtf8Outcome decodeUtf8Lossy(std::span<const std::uint8_t> bytes, char16_t* out) {
  LossyUtf8Outcome result;
  const std::uint8_t* p = bytes.data();
  const std::size_t n = bytes.size();
  std::size_t i = 0, u = 0;
  while (i < n) {
    while (i < n && p[i] < 0x80) out[u++] = p[i++];  // ASCII runs: the usual endpoint is all ASCII
    if (i == n) break;
    const std::uint8_t b0 = p[i];
    std::size_t len = 0;
    std::uint8_t lo = 0x80, hi = 0xBF;
    std::uint32_t cp = 0;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      len = 2;
      cp = b0 & 0x1Fu;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      len = 3;
      cp = b0 & 0x0Fu;
      if (b0 == 0xE0) lo = 0xA0;
      if (b0 == 0xED) hi = 0x9F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      len = 4;
      cp = b0 & 0x07u;
      if (b0 == 0xF0) lo = 0x90;
      if (b0 == 0xF4) hi = 0x8F;
    }
    // Consume the longest valid start of the sequence (its maximal subpart).
    std::size_t k = 1;
    if (len != 0) {
      while (k < len && i + k < n) {
        const std::uint8_t b = p[i + k];
        const std::uint8_t l = k == 1 ? lo : 0x80, h = k == 1 ? hi : 0xBF;
        if (b < l || b > h) break;
        cp = (cp << 6) | (b & 0x3Fu);
        ++k;
      }
    }
    if (len != 0 && k == len) {
      if (cp >= 0x10000) {
        cp -= 0x10000;
        out[u++] = static_cast<char16_t>(0xD800 + (cp >> 10));
        out[u++] = static_cast<char16_t>(0xDC00 + (cp & 0x3FF));
      } else {
        out[u++] = static_cast<char16_t>(cp);
      }
    } else {
      if (!result.first_bad) result.first_bad = i;
      out[u++] = u'\uFFFD';
    }
    i += k;
  }
  result.units = u;
  return result;
}

std::optional<std::size_t> decodeUtf8Lossy(std::span<const std::uint8_t> bytes, std::u16string& out) {
  const std::size_t at = out.size();
  out.resize(at + bytes.size());
  const LossyUtf8Outcome o = decodeUtf8Lossy(bytes, out.data() + at);
  out.resize(at + o.units);
  return o.first_bad;
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
