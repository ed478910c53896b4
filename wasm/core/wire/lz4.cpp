#include "wire/lz4.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "wire/little_endian.h"

namespace coordination {
namespace {

constexpr std::uint32_t kPrime1 = 2654435761u;
constexpr std::uint32_t kPrime2 = 2246822519u;
constexpr std::uint32_t kPrime3 = 3266489917u;
constexpr std::uint32_t kPrime4 = 668265263u;
constexpr std::uint32_t kPrime5 = 374761393u;

constexpr std::uint32_t kMagic = 0x184D2204u;
constexpr std::uint32_t kUncompressedBit = 0x80000000u;

std::uint32_t round32(std::uint32_t acc, std::uint32_t lane) { return std::rotl(acc + lane * kPrime2, 13) * kPrime1; }

// Makes `out` hold `need` bytes (need <= limit): capacity grows by doubling, never past `limit`,
// so that a block's output is never allocated beyond what max_output allows.
void grow(std::vector<std::uint8_t>& out, std::size_t need, std::size_t limit) {
  if (out.capacity() < need) out.reserve(std::min(limit, std::max({need, out.size() * 2, std::size_t{4096}})));
  out.resize(need);
}

// A length's extra bytes (a literal run's or a match's, when its token nibble is 15): each byte
// added, until one below 255. False when the input ends first.
bool extraLength(std::span<const std::uint8_t> in, std::size_t& p, std::size_t& length) {
  for (;;) {
    if (p >= in.size()) return false;
    const std::uint8_t b = in[p++];
    length += b;
    if (b != 255) return true;
  }
}

}  // namespace

std::string_view lz4ProblemName(Lz4Problem p) {
  static constexpr std::string_view kNames[] = {"truncated",
                                                "not_lz4",
                                                "unsupported_version",
                                                "reserved_bits",
                                                "dictionary_id",
                                                "dependent_blocks",
                                                "invalid_block_maximum",
                                                "header_checksum_mismatch",
                                                "block_too_large",
                                                "invalid_offset",
                                                "offset_too_far",
                                                "block_checksum_mismatch",
                                                "content_checksum_mismatch",
                                                "content_size_mismatch",
                                                "output_too_large",
                                                "trailing_bytes"};
  return kNames[static_cast<std::size_t>(p)];
}

std::uint32_t xxh32(std::span<const std::uint8_t> bytes, std::uint32_t seed) {
  const std::uint8_t* p = bytes.data();
  std::size_t n = bytes.size();
  std::uint32_t acc;
  if (n >= 16) {
    std::uint32_t v1 = seed + kPrime1 + kPrime2, v2 = seed + kPrime2, v3 = seed, v4 = seed - kPrime1;
    for (; n >= 16; p += 16, n -= 16) {
      v1 = round32(v1, le32(p));
      v2 = round32(v2, le32(p + 4));
      v3 = round32(v3, le32(p + 8));
      v4 = round32(v4, le32(p + 12));
    }
    acc = std::rotl(v1, 1) + std::rotl(v2, 7) + std::rotl(v3, 12) + std::rotl(v4, 18);
  } else {
    acc = seed + kPrime5;
  }
  acc += static_cast<std::uint32_t>(bytes.size());
  for (; n >= 4; p += 4, n -= 4) acc = std::rotl(acc + le32(p) * kPrime3, 17) * kPrime4;
  for (; n > 0; ++p, --n) acc = std::rotl(acc + std::uint32_t{*p} * kPrime5, 11) * kPrime1;
  acc ^= acc >> 15;
  acc *= kPrime2;
  acc ^= acc >> 13;
  acc *= kPrime3;
  acc ^= acc >> 16;
  return acc;
}

std::optional<Lz4Error> lz4Block(std::span<const std::uint8_t> in, std::size_t max_output,
                                 std::vector<std::uint8_t>& out, Lz4Problem too_large) {
  const std::size_t start = out.size();
  const std::size_t limit = max_output > SIZE_MAX - start ? SIZE_MAX : start + max_output;
  const std::size_t n = in.size();
  std::size_t p = 0;
  for (;;) {
    // A sequence: token, literal run, then (unless the block ends after the literals) a match.
    if (p >= n) return Lz4Error{Lz4Problem::truncated, n};
    const std::uint8_t token = in[p++];
    std::size_t literals = token >> 4;
    if (literals == 15 && !extraLength(in, p, literals)) return Lz4Error{Lz4Problem::truncated, n};
    if (literals > n - p) return Lz4Error{Lz4Problem::truncated, n};
    if (literals > limit - out.size()) return Lz4Error{too_large, p};
    const std::size_t at = out.size();
    grow(out, at + literals, limit);
    if (literals > 0) std::memcpy(out.data() + at, in.data() + p, literals);
    p += literals;
    if (p == n) return std::nullopt;  // the last sequence: literals only
    if (n - p < 2) return Lz4Error{Lz4Problem::truncated, n};
    const std::size_t offset_at = p;
    const std::size_t offset = in[p] | std::size_t{in[p + 1]} << 8;
    p += 2;
    if (offset == 0) return Lz4Error{Lz4Problem::invalid_offset, offset_at};
    if (offset > out.size() - start) return Lz4Error{Lz4Problem::offset_too_far, offset_at};
    std::size_t length = token & 15;
    if (length == 15 && !extraLength(in, p, length)) return Lz4Error{Lz4Problem::truncated, n};
    length += 4;
    if (length > limit - out.size()) return Lz4Error{too_large, offset_at};
    const std::size_t to = out.size();
    grow(out, to + length, limit);
    std::uint8_t* o = out.data() + to;
    const std::uint8_t* from = o - offset;
    if (offset >= length) {
      std::memcpy(o, from, length);
    } else {
      for (std::size_t i = 0; i < length; ++i) o[i] = from[i];  // overlapping: a repeated run
    }
  }
}

std::optional<Lz4Error> lz4Frame(std::span<const std::uint8_t> in, std::size_t max_output,
                                 std::vector<std::uint8_t>& out) {
  const std::size_t n = in.size();
  if (n < 4) return Lz4Error{Lz4Problem::truncated, n};
  if (le32(in.data()) != kMagic) return Lz4Error{Lz4Problem::not_lz4, 0};
  if (n < 6) return Lz4Error{Lz4Problem::truncated, n};
  const std::uint8_t flg = in[4];
  const std::uint8_t bd = in[5];
  if ((flg >> 6) != 1) return Lz4Error{Lz4Problem::unsupported_version, 4};
  if (flg & 0x02) return Lz4Error{Lz4Problem::reserved_bits, 4};
  if (flg & 0x01) return Lz4Error{Lz4Problem::dictionary_id, 4};
  if (!(flg & 0x20)) return Lz4Error{Lz4Problem::dependent_blocks, 4};
  if (bd & 0x8F) return Lz4Error{Lz4Problem::reserved_bits, 5};
  const int block_id = (bd >> 4) & 7;
  if (block_id < 4) return Lz4Error{Lz4Problem::invalid_block_maximum, 5};
  const std::size_t block_max = std::size_t{1} << (2 * block_id + 8);  // 64 KB, 256 KB, 1 MB, 4 MB
  const bool block_checksums = flg & 0x10;
  const bool content_size = flg & 0x08;
  const bool content_checksum = flg & 0x04;
  std::size_t p = 6;
  std::uint64_t size = 0;
  if (content_size) {
    if (n - p < 8) return Lz4Error{Lz4Problem::truncated, n};
    for (int i = 7; i >= 0; --i) size = size << 8 | in[p + static_cast<std::size_t>(i)];
    p += 8;
  }
  if (p >= n) return Lz4Error{Lz4Problem::truncated, n};
  if (in[p] != ((xxh32(in.subspan(4, p - 4)) >> 8) & 0xFF)) return Lz4Error{Lz4Problem::header_checksum_mismatch, p};
  ++p;
  const std::size_t start = out.size();
  for (;;) {
    if (n - p < 4) return Lz4Error{Lz4Problem::truncated, n};
    const std::size_t size_at = p;
    const std::uint32_t word = le32(in.data() + p);
    p += 4;
    const std::size_t stored = word & ~kUncompressedBit;
    if (stored == 0) break;  // the end mark
    if (stored > block_max) return Lz4Error{Lz4Problem::block_too_large, size_at};
    if (stored > n - p) return Lz4Error{Lz4Problem::truncated, n};
    const std::span<const std::uint8_t> block = in.subspan(p, stored);
    if (block_checksums) {
      if (n - p - stored < 4) return Lz4Error{Lz4Problem::truncated, n};
      if (xxh32(block) != le32(in.data() + p + stored))
        return Lz4Error{Lz4Problem::block_checksum_mismatch, p + stored};
    }
    const std::size_t room = max_output - (out.size() - start);
    if (word & kUncompressedBit) {
      if (stored > room) return Lz4Error{Lz4Problem::output_too_large, p};
      const std::size_t at = out.size();
      grow(out, at + stored, at + room);
      std::memcpy(out.data() + at, block.data(), stored);
    } else {
      const bool block_bound = block_max <= room;
      if (auto e = lz4Block(block, block_bound ? block_max : room, out,
                            block_bound ? Lz4Problem::block_too_large : Lz4Problem::output_too_large)) {
        e->offset += p;
        return e;
      }
    }
    p += stored + (block_checksums ? 4 : 0);
  }
  const std::span<const std::uint8_t> produced(out.data() + start, out.size() - start);
  if (content_checksum) {
    if (n - p < 4) return Lz4Error{Lz4Problem::truncated, n};
    if (xxh32(produced) != le32(in.data() + p)) return Lz4Error{Lz4Problem::content_checksum_mismatch, p};
    p += 4;
  }
  if (content_size && size != produced.size()) return Lz4Error{Lz4Problem::content_size_mismatch, 6};
  if (p != n) return Lz4Error{Lz4Problem::trailing_bytes, p};
  return std::nullopt;
}

}  // namespace coordination
