// Big-endian integers at a pointer whose bounds the caller checked (a Reader checks its own).
#pragma once

#include <cstdint>

namespace coordination::detail {

inline std::int32_t be32(const std::uint8_t* p) {
  return static_cast<std::int32_t>((std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) |
                                   (std::uint32_t{p[2]} << 8) | p[3]);
}

}  // namespace coordination::detail
