// Numbers into message text (errors.cpp, inspect.cpp): std::to_chars, no locale, no allocation
// beyond the string's own. Messages made of words, numbers and decoded strings (Shown): say().
#pragma once

#include <charconv>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>

#include "tree/invisible.h"

namespace coordination::detail {

// Decimal, for any integer type (signed or not).
template <typename Int>
void appendInt(std::string& s, Int v) {
  static_assert(std::is_integral_v<Int>);
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  s.append(buf, r.ptr);
}

// Upper-case hex, exactly `digits` digits.
inline void appendHex(std::string& s, std::uint32_t v, int digits) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (int i = digits - 1; i >= 0; --i) s += kHex[(v >> (4 * i)) & 15];
}

// A decoded string (a role, member, group, topic, transactional id) in a message: appended with
// tree::appendShown, its bidi controls, control and invisible characters as escapes (\u202E), as
// the viewer's field tree shows them. Every piece of data a message quotes is one.
struct Shown {
  std::string_view text;
};

// "NAME" (the quotes around it) with NAME Shown.
inline void appendQuoted(std::string& s, std::string_view text) {
  s += '"';
  tree::appendShown(s, text);
  s += '"';
}

// A piece of a message's text: words, a decoded string (Shown) or an integer (decimal, signed or
// not; a char or a bool is neither, so it does not compile as one).
struct Piece {
  Piece(const char* words) : text(words) {}
  Piece(Shown shown) : text(shown.text), kind(Kind::shown) {}
  Piece(std::string_view words) : text(words) {}
  Piece(const std::string& words) : text(words) {}
  template <typename Int, typename = std::enable_if_t<std::is_integral_v<Int> && !std::is_same_v<Int, char> &&
                                                      !std::is_same_v<Int, bool>>>
  Piece(Int n)
      : number(static_cast<std::uint64_t>(n)),
        kind(std::is_signed_v<Int> ? Kind::signed_number : Kind::unsigned_number) {}
  enum class Kind : std::uint8_t { words, shown, signed_number, unsigned_number };
  std::string_view text;
  std::uint64_t number = 0;
  Kind kind = Kind::words;
};

// The pieces appended to `s` ("count ", 3, " cannot fit" -> "count 3 cannot fit").
inline void sayTo(std::string& s, std::initializer_list<Piece> pieces) {
  for (const Piece& p : pieces) {
    switch (p.kind) {
      case Piece::Kind::words:
        s += p.text;
        break;
      case Piece::Kind::shown:
        tree::appendShown(s, p.text);
        break;
      case Piece::Kind::signed_number:
        appendInt(s, static_cast<std::int64_t>(p.number));
        break;
      case Piece::Kind::unsigned_number:
        appendInt(s, p.number);
        break;
    }
  }
}

// The pieces joined.
inline std::string say(std::initializer_list<Piece> pieces) {
  std::string s;
  sayTo(s, pieces);
  return s;
}

}  // namespace coordination::detail
