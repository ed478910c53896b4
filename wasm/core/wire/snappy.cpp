#include "wire/snappy.h"

#include <algorithm>
#include <array>
#include <cstring>

#include "wire/big_endian.h"

namespace coordination {
namespace {

constexpr std::array<std::uint8_t, 8> kMagic = {0x82, 'S', 'N', 'A', 'P', 'P', 'Y', 0};
constexpr std::size_t kHeaderBytes = 16;  // the magic, version i32, compatible version i32

std::uint32_t be32(const std::uint8_t* p) { return static_cast<std::uint32_t>(detail::be32(p)); }

bool magicAt(std::span<const std::uint8_t> in, std::size_t p) {
  return in.size() - p >= kMagic.size() &&
         std::equal(kMagic.begin(), kMagic.end(), in.begin() + static_cast<std::ptrdiff_t>(p));
}

// Makes `out` hold `need` bytes (need <= limit): capacity grows by doubling, never past `limit`.
void grow(std::vector<std::uint8_t>& out, std::size_t need, std::size_t limit) {
  if (out.capacity() < need) out.reserve(std::min(limit, std::max({need, out.size() * 2, std::size_t{4096}})));
  out.resize(need);
}

}  // namespace

std::string_view snappyProblemName(SnappyProblem p) {
  static constexpr std::string_view kNames[] = {
      "truncated",        "invalid_length",     "invalid_offset",    "offset_too_far",      "length_mismatch",
      "output_too_large", "invalid_chunk_size", "not_snappy_header", "unsupported_version", "trailing_bytes"};
  return kNames[static_cast<std::size_t>(p)];
}

std::optional<SnappyError> snappyRaw(std::span<const std::uint8_t> in, std::size_t max_output,
                                     std::vector<std::uint8_t>& out) {
  const std::size_t n = in.size();
  std::size_t p = 0;
  // The preamble: the output's length, a little-endian base-128 varint of at most 32 bits.
  std::uint64_t length = 0;
  for (int shift = 0;; shift += 7) {
    if (p >= n) return SnappyError{SnappyProblem::truncated, n};
    if (shift == 35) return SnappyError{SnappyProblem::invalid_length, 0};
    const std::uint8_t b = in[p++];
    length |= std::uint64_t{b & 0x7Fu} << shift;
    if (!(b & 0x80)) break;
  }
  if (length > 0xFFFFFFFFu) return SnappyError{SnappyProblem::invalid_length, 0};
  if (length > max_output) return SnappyError{SnappyProblem::output_too_large, 0};
  const std::size_t start = out.size();
  const std::size_t end = start + static_cast<std::size_t>(length);  // where the output must end
  while (p < n) {
    const std::size_t at = p;
    const std::uint8_t tag = in[p++];
    const unsigned kind = tag & 3;
    if (kind == 0) {  // a literal: length - 1 in the tag's upper 6 bits, or in 1-4 bytes after it
      std::uint64_t wide = tag >> 2;
      if (wide >= 60) {
        const std::size_t extra = static_cast<std::size_t>(wide) - 59;
        if (n - p < extra) return SnappyError{SnappyProblem::truncated, n};
        wide = 0;
        for (std::size_t i = 0; i < extra; ++i) wide |= std::uint64_t{in[p + i]} << (8 * i);
        p += extra;
      }
      wide += 1;  // up to 2^32: 64 bits wide, so that a 32-bit size_t (wasm32) cannot wrap
      if (wide > end - out.size()) return SnappyError{SnappyProblem::length_mismatch, at};
      const auto len = static_cast<std::size_t>(wide);
      if (len > n - p) return SnappyError{SnappyProblem::truncated, n};
      const std::size_t to = out.size();
      grow(out, to + len, end);
      std::memcpy(out.data() + to, in.data() + p, len);
      p += len;
      continue;
    }
    std::size_t len = 0, offset = 0;
    if (kind == 1) {  // length 4..11, an 11-bit offset
      if (n - p < 1) return SnappyError{SnappyProblem::truncated, n};
      len = 4 + ((tag >> 2) & 7);
      offset = static_cast<std::size_t>(tag >> 5) << 8 | in[p];
      p += 1;
    } else if (kind == 2) {  // length 1..64, a 16-bit offset
      if (n - p < 2) return SnappyError{SnappyProblem::truncated, n};
      len = 1 + (tag >> 2);
      offset = in[p] | std::size_t{in[p + 1]} << 8;
      p += 2;
    } else {  // length 1..64, a 32-bit offset
      if (n - p < 4) return SnappyError{SnappyProblem::truncated, n};
      len = 1 + (tag >> 2);
      offset = std::size_t{in[p]} | std::size_t{in[p + 1]} << 8 | std::size_t{in[p + 2]} << 16 |
               std::size_t{in[p + 3]} << 24;
      p += 4;
    }
    if (offset == 0) return SnappyError{SnappyProblem::invalid_offset, at};
    if (offset > out.size() - start) return SnappyError{SnappyProblem::offset_too_far, at};
    if (len > end - out.size()) return SnappyError{SnappyProblem::length_mismatch, at};
    const std::size_t to = out.size();
    grow(out, to + len, end);
    std::uint8_t* o = out.data() + to;
    const std::uint8_t* from = o - offset;
    for (std::size_t i = 0; i < len; ++i) o[i] = from[i];  // may overlap: a repeated run
  }
  if (out.size() != end) return SnappyError{SnappyProblem::length_mismatch, n};
  return std::nullopt;
}

std::optional<SnappyError> snappyKafka(std::span<const std::uint8_t> in, std::size_t max_output,
                                       std::vector<std::uint8_t>& out) {
  if (in.empty()) return SnappyError{SnappyProblem::truncated, 0};
  if (in.size() < kHeaderBytes || !magicAt(in, 0)) return snappyRaw(in, max_output, out);
  const std::size_t start = out.size();
  std::size_t p = kHeaderBytes;
  while (p < in.size()) {
    if (in.size() - p < 4) return SnappyError{SnappyProblem::trailing_bytes, p};
    const std::uint32_t word = be32(in.data() + p);
    if (word == be32(kMagic.data())) {  // a concatenated stream's header
      if (in.size() - p < kHeaderBytes) return SnappyError{SnappyProblem::truncated, in.size()};
      if (!magicAt(in, p)) return SnappyError{SnappyProblem::not_snappy_header, p};
      if (static_cast<std::int32_t>(be32(in.data() + p + 8)) < 1)
        return SnappyError{SnappyProblem::unsupported_version, p + 8};
      p += kHeaderBytes;
      continue;
    }
    if (static_cast<std::int32_t>(word) < 0) return SnappyError{SnappyProblem::invalid_chunk_size, p};
    p += 4;
    if (word > in.size() - p) return SnappyError{SnappyProblem::truncated, in.size()};
    if (auto e = snappyRaw(in.subspan(p, word), max_output - (out.size() - start), out)) {
      e->offset += p;
      return e;
    }
    p += word;
  }
  return std::nullopt;
}

}  // namespace coordination
