#include "wire/crc32.h"

#include <array>
#include <cstddef>

namespace coordination {
namespace {

using Tables = std::array<std::array<std::uint32_t, 256>, 8>;

// tables[0] is the bytewise table; tables[k][b] is the CRC of byte b followed by k zero bytes, so
// eight input bytes are folded with eight lookups (slicing-by-8, Intel's 2008 paper).
constexpr Tables makeTables(std::uint32_t poly) {
  Tables t{};
  for (std::uint32_t b = 0; b < 256; ++b) {
    std::uint32_t c = b;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ poly : c >> 1;
    t[0][b] = c;
  }
  for (std::size_t b = 0; b < 256; ++b)
    for (std::size_t k = 1; k < 8; ++k) t[k][b] = (t[k - 1][b] >> 8) ^ t[0][t[k - 1][b] & 0xFF];
  return t;
}

constexpr Tables kCastagnoli = makeTables(0x82F63B78u);
constexpr Tables kIeee = makeTables(0xEDB88320u);

std::uint32_t update(const Tables& t, std::span<const std::uint8_t> bytes, std::uint32_t crc) {
  std::uint32_t c = ~crc;
  const std::uint8_t* p = bytes.data();
  std::size_t n = bytes.size();
  while (n >= 8) {
    const std::uint32_t lo =
        c ^ (std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 | std::uint32_t{p[3]} << 24);
    c = t[7][lo & 0xFF] ^ t[6][(lo >> 8) & 0xFF] ^ t[5][(lo >> 16) & 0xFF] ^ t[4][lo >> 24] ^ t[3][p[4]] ^ t[2][p[5]] ^
        t[1][p[6]] ^ t[0][p[7]];
    p += 8;
    n -= 8;
  }
  while (n-- > 0) c = (c >> 8) ^ t[0][(c ^ *p++) & 0xFF];
  return ~c;
}

}  // namespace

std::uint32_t crc32c(std::span<const std::uint8_t> bytes, std::uint32_t crc) { return update(kCastagnoli, bytes, crc); }
std::uint32_t crc32(std::span<const std::uint8_t> bytes, std::uint32_t crc) { return update(kIeee, bytes, crc); }

}  // namespace coordination
