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

inline std::int64_t be64(const std::uint8_t* p) {
#if defined(__wasm__)
  // The same for eight bytes: the bytes of each 16-bit lane swapped, then the lanes of each 32-bit
  // half, then the halves (a rotate): eleven operations where clang's expansion of the byte swap
  // takes about twenty. The masks are hidden as above.
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  std::uint64_t bytes = 0x00FF00FF00FF00FFull, lanes = 0x0000FFFF0000FFFFull;
  __asm__("" : "+r"(bytes), "+r"(lanes));
  x = ((x & bytes) << 8) | ((x >> 8) & bytes);
  x = ((x & lanes) << 16) | ((x >> 16) & lanes);
  return static_cast<std::int64_t>(std::rotl(x, 32));
#else
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return static_cast<std::int64_t>(v);
#endif
}

}  // namespace coordination::detail
