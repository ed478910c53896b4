// Numbers into message text (errors.cpp, inspect.cpp): std::to_chars, no locale, no allocation
// beyond the string's own.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <type_traits>

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

}  // namespace coordination::detail
