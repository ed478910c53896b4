// Byte strings read, compared and ordered 8 bytes at a time. The wasm build's libc has memcmp as a
// byte loop and a memcpy of a variable length as a call, while a memcpy of 8 bytes is one load:
// the interner, the ProduceRequest's text numbering and the Streams decoder's repeated topics
// compare short strings in their hot loops.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

namespace coordination {

// The 8 bytes at p as a word (no alignment assumption).
inline std::uint64_t loadWord(const std::uint8_t* p) {
  std::uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}

// The n < 8 bytes at p, little-endian in a word (a byte loop: no variable-length memcpy).
inline std::uint64_t shortWord(const std::uint8_t* p, std::size_t n) {
  std::uint64_t w = 0;
  for (std::size_t i = 0; i < n; ++i) w |= std::uint64_t{p[i]} << (8 * i);
  return w;
}

// The bytes p[i, n) (fewer than 8), little-endian in a word as shortWord gives them: when n >= 8
// one load of the last 8 bytes, shifted (wasm has no byte loop unrolled for it: a hashed name's
// tail was up to 7 iterations of one byte each). A little-endian host is assumed (wasm, x86-64,
// AArch64 as built); any other only hashes differently, consistently.
inline std::uint64_t tailWord(const std::uint8_t* p, std::size_t i, std::size_t n) {
  if (i == n) return 0;
  if (n < 8) return shortWord(p + i, n - i);
  return loadWord(p + n - 8) >> (8 * (8 - (n - i)));
}

// Whether a[0, n) == b[0, n). The tail of 8 bytes or more is compared as the last word
// (overlapping the one before), not byte by byte.
inline bool sameBytes(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) {
  if (n < 8) {
    for (std::size_t i = 0; i < n; ++i)
      if (a[i] != b[i]) return false;
    return true;
  }
  for (std::size_t i = 0; i + 8 <= n; i += 8)
    if (loadWord(a + i) != loadWord(b + i)) return false;
  return loadWord(a + n - 8) == loadWord(b + n - 8);
}
inline bool sameBytes(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) {
  return a.size() == b.size() && sameBytes(a.data(), b.data(), a.size());
}
inline bool sameText(std::string_view a, std::string_view b) {
  return a.size() == b.size() && sameBytes(reinterpret_cast<const std::uint8_t*>(a.data()),
                                           reinterpret_cast<const std::uint8_t*>(b.data()), a.size());
}

// The index of the first byte where a and b differ within their first n bytes, or n.
inline std::size_t firstDifference(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) {
  std::size_t i = 0;
  while (i + 8 <= n && loadWord(a + i) == loadWord(b + i)) i += 8;
  while (i < n && a[i] == b[i]) ++i;
  return i;
}

// Byte-wise order, as std::string_view's.
inline int compareBytes(std::string_view a, std::string_view b) {
  const std::size_t n = std::min(a.size(), b.size());
  const auto* p = reinterpret_cast<const std::uint8_t*>(a.data());
  const auto* q = reinterpret_cast<const std::uint8_t*>(b.data());
  const std::size_t i = firstDifference(p, q, n);
  if (i < n) return p[i] < q[i] ? -1 : 1;
  return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

}  // namespace coordination
