// Little-endian integers at a pointer whose bounds the caller checked: the compressed formats'
// fields (gzip's trailer, LZ4 and Zstandard headers, xxHash lanes, Zstandard's bitstreams).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace coordination {

inline std::uint32_t le16(const std::uint8_t* p) { return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8; }
inline std::uint32_t le24(const std::uint8_t* p) { return le16(p) | std::uint32_t{p[2]} << 16; }
inline std::uint32_t le32(const std::uint8_t* p) { return le24(p) | std::uint32_t{p[3]} << 24; }
// One load on a little-endian host (wasm, x86: the bitstreams' hot path).
inline std::uint64_t le64(const std::uint8_t* p) {
  std::uint64_t w = 0;
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(&w, p, 8);
  } else {
    for (int i = 0; i < 8; ++i) w |= std::uint64_t{p[i]} << (8 * i);
  }
  return w;
}

}  // namespace coordination
