// Characters a reader cannot see, or that reorder or hide text: control (C0, DEL, C1), format and
// zero-width characters, bidi controls, fillers, variation selectors, tags. One table: the
// INVISIBLE_CHARACTERS warning uses it, and it is exported to JS (cv_tables() invisible and
// wasm/generated/tables.js INVISIBLE_RANGES) so the viewer highlights exactly the same set.
// With it, the look-alikes (spaces that look like U+0020, and U+FFFD): not warned about, but shown
// as escapes all the same. Both tables say which code points of a decoded string are shown as
// escapes, here in messages (appendShown) and in the viewer (wasm/generated/tables.js
// LOOKALIKE_RANGES, web/src/lib/text.js).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

// X(first, last, kind) -- inclusive code point ranges, ascending, not overlapping.
#define TREE_INVISIBLE_RANGES(X)                        \
  X(0x0000, 0x001F, "control character")                \
  X(0x007F, 0x009F, "control character")                \
  X(0x00AD, 0x00AD, "soft hyphen")                      \
  X(0x034F, 0x034F, "combining grapheme joiner")        \
  X(0x061C, 0x061C, "bidi control")                     \
  X(0x115F, 0x1160, "Hangul filler")                    \
  X(0x17B4, 0x17B5, "invisible character")              \
  X(0x180E, 0x180E, "invisible character")              \
  X(0x200B, 0x200D, "zero-width character")             \
  X(0x200E, 0x200F, "bidi control")                     \
  X(0x2028, 0x2029, "line or paragraph separator")      \
  X(0x202A, 0x202E, "bidi control")                     \
  X(0x2060, 0x2064, "invisible format character")       \
  X(0x2066, 0x2069, "bidi control")                     \
  X(0x206A, 0x206F, "deprecated format character")      \
  X(0x3164, 0x3164, "Hangul filler")                    \
  X(0xFE00, 0xFE0F, "variation selector")               \
  X(0xFEFF, 0xFEFF, "zero-width no-break space (BOM)")  \
  X(0xFFA0, 0xFFA0, "Hangul filler")                    \
  X(0xFFF9, 0xFFFB, "interlinear annotation character") \
  X(0x1D173, 0x1D17A, "musical format character")       \
  X(0xE0000, 0xE007F, "tag character")                  \
  X(0xE0100, 0xE01EF, "variation selector")

// X(first, last, kind) -- shown as escapes but not INVISIBLE_CHARACTERS: ascending, not overlapping,
// none in TREE_INVISIBLE_RANGES.
#define TREE_LOOKALIKE_RANGES(X)             \
  X(0x00A0, 0x00A0, "no-break space")        \
  X(0x1680, 0x1680, "space character")       \
  X(0x2000, 0x200A, "space character")       \
  X(0x202F, 0x202F, "narrow no-break space") \
  X(0x205F, 0x205F, "space character")       \
  X(0x3000, 0x3000, "ideographic space")     \
  X(0xFFFD, 0xFFFD, "replacement character")

namespace tree {

struct InvisibleRange {
  std::uint32_t first, last;
  const char* kind;
};

inline constexpr InvisibleRange kInvisibleRanges[] = {
#define TREE_X(first, last, kind) {first, last, kind},
    TREE_INVISIBLE_RANGES(TREE_X)
#undef TREE_X
};

inline constexpr InvisibleRange kLookalikeRanges[] = {
#define TREE_X(first, last, kind) {first, last, kind},
    TREE_LOOKALIKE_RANGES(TREE_X)
#undef TREE_X
};

// The kind of an invisible character, or nullptr for a visible one.
inline const char* invisibleKind(std::uint32_t cp) {
  for (const InvisibleRange& r : kInvisibleRanges) {
    if (cp < r.first) return nullptr;
    if (cp <= r.last) return r.kind;
  }
  return nullptr;
}

// Whether a code point of a decoded string is shown as an escape: invisible, or a look-alike.
inline bool shownAsEscape(std::uint32_t cp) {
  if (invisibleKind(cp)) return true;
  for (const InvisibleRange& r : kLookalikeRanges) {
    if (cp < r.first) return false;
    if (cp <= r.last) return true;
  }
  return false;
}

// A decoded string as a message quotes it (anomalies, errors): every code point shownAsEscape as
// its JS escape, \u202E (\u{E0041} above the BMP), as the viewer's field tree marks it
// (web/src/lib/text.js escapeOf); a byte that is not well-formed UTF-8 (decoded strings are) as
// \uFFFD. So no message carries a raw bidi control or control character of the data.
inline void appendShown(std::string& s, std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  const auto at = [&text](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
  const auto continuation = [&](std::size_t k) { return k < text.size() && (at(k) & 0xC0) == 0x80; };
  for (std::size_t i = 0; i < text.size();) {
    const std::uint8_t b0 = at(i);
    if (b0 >= 0x20 && b0 < 0x7F) {  // printable ASCII, shown as itself
      s += static_cast<char>(b0);
      ++i;
      continue;
    }
    std::uint32_t cp = 0xFFFD;
    std::size_t n = 1;
    if (b0 < 0x80) {
      cp = b0;
    } else if (b0 >= 0xC2 && b0 < 0xE0 && continuation(i + 1)) {
      cp = (b0 & 0x1Fu) << 6 | (at(i + 1) & 0x3Fu);
      n = 2;
    } else if (b0 >= 0xE0 && b0 < 0xF0 && continuation(i + 1) && continuation(i + 2)) {
      cp = (b0 & 0x0Fu) << 12 | (at(i + 1) & 0x3Fu) << 6 | (at(i + 2) & 0x3Fu);
      n = 3;
    } else if (b0 >= 0xF0 && b0 < 0xF5 && continuation(i + 1) && continuation(i + 2) && continuation(i + 3)) {
      cp = (b0 & 0x07u) << 18 | (at(i + 1) & 0x3Fu) << 12 | (at(i + 2) & 0x3Fu) << 6 | (at(i + 3) & 0x3Fu);
      n = 4;
    }
    // Overlong forms, surrogates and code points past U+10FFFF are not well-formed: U+FFFD too.
    static constexpr std::uint32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
    const bool well_formed = n == 1 ? b0 < 0x80 : cp >= kLeast[n] && cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF);
    if (!well_formed) {
      cp = 0xFFFD;
      n = 1;
    }
    if (well_formed && !shownAsEscape(cp)) {
      s.append(text.substr(i, n));
    } else {
      const bool bmp = cp <= 0xFFFF;
      s += bmp ? "\\u" : "\\u{";
      int digits = 4;
      while (cp >> (4 * digits)) ++digits;
      for (int d = digits - 1; d >= 0; --d) s += kHex[(cp >> (4 * d)) & 15];
      if (!bmp) s += '}';
    }
    i += n;
  }
}

}  // namespace tree
