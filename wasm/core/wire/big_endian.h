// Big-endian integers at a pointer whose bounds the caller checked (a Reader checks its own).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace coordination::detail {

inline std::int32_t be32(const std::uint8_t* p) {
#if defined(__wasm__)
  // wasm has no byte swap: clang expands one (and the shifts of four bytes, which it recognises as
  // one) into nine operations. Two rotates of the masked halves are five; the mask is hidden from
  // the optimiser, which would recognise the swap again.
  std::uint32_t x;
  std::memcpy(&x, p, 4);
  std::uint32_t mask = 0xFF00FF00u;
  __asm__("" : "+r"(mask));
  return static_cast<std::int32_t>(std::rotl(x & mask, 8) | std::rotr(x & ~mask, 8));
#else
  return static_cast<std::int32_t>((std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) |
                                   (std::uint32_t{p[2]} << 8) | p[3]);
#endif
}

}  // namespace coordination::detail
