#include "wire/inflate.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "wire/crc32.h"
#include "wire/deflate_codes.h"
#include "wire/little_endian.h"

namespace coordination {
namespace {

using namespace deflate;

constexpr std::array<std::int16_t, 29> kLenBase = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                                   31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<std::int16_t, 29> kLenExtra = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                                    2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::array<std::int32_t, 30> kDistBase = {1,    2,    3,    4,    5,    7,    9,    13,    17,    25,
                                                    33,   49,   65,   97,   129,  193,  257,  385,   513,   769,
                                                    1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::array<std::int16_t, 30> kDistExtra = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                                     6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

class Inflater {
 public:
  Inflater(std::span<const std::uint8_t> in, std::size_t max_output, std::vector<std::uint8_t>& out)
      : b_(in),
        max_(max_output),
        out_(out),
        start_(out.size()),
        limit_(max_output > SIZE_MAX - start_ ? SIZE_MAX : start_ + max_output),
        n_(start_) {}

  // out_ is grown ahead of the writes (room()); cut back to what was written at the end.
  std::optional<InflateError> run() {
    auto e = blocks();
    out_.resize(n_);
    return e;
  }
  std::size_t consumed() const { return b_.pos(); }

 private:
  std::optional<InflateError> blocks() {
    int last = 0;
    do {
      const std::size_t at = b_.pos();
      last = b_.bits(1);
      const int type = b_.bits(2);
      if (b_.overrun) return fail(InflateProblem::truncated);
      std::optional<InflateError> e;
      switch (type) {
        case 0:
          e = stored();
          break;
        case 1:
          e = fixed();
          break;
        case 2:
          e = dynamic();
          break;
        default:
          return InflateError{InflateProblem::invalid_block_type, at};
      }
      if (e) return e;
    } while (!last);
    return std::nullopt;
  }
  InflateError fail(InflateProblem p) const { return {p, b_.pos()}; }

  std::optional<InflateError> stored() {
    b_.alignToByte();
    if (b_.remaining() < 4) return fail(InflateProblem::truncated);
    const std::size_t at = b_.pos();
    const std::uint8_t* h = b_.here();
    const unsigned len = h[0] | unsigned{h[1]} << 8;
    const unsigned nlen = h[2] | unsigned{h[3]} << 8;
    if (len != (~nlen & 0xFFFFu)) return InflateError{InflateProblem::stored_length_mismatch, at};
    b_.skip(4);
    if (b_.remaining() < len) return fail(InflateProblem::truncated);
    if (len > max_ - produced()) return fail(InflateProblem::output_too_large);
    room(len);
    std::copy(b_.here(), b_.here() + len, out_.begin() + static_cast<std::ptrdiff_t>(n_));  // (len may be 0)
    n_ += len;
    b_.skip(len);
    return std::nullopt;
  }

  std::optional<InflateError> fixed() {
    if (!fixed_built_) {
      std::array<std::int16_t, kMaxCodes> lengths{};
      int s = 0;
      for (; s < 144; ++s) lengths[static_cast<std::size_t>(s)] = 8;
      for (; s < 256; ++s) lengths[static_cast<std::size_t>(s)] = 9;
      for (; s < 280; ++s) lengths[static_cast<std::size_t>(s)] = 7;
      for (; s < kMaxLitLen; ++s) lengths[static_cast<std::size_t>(s)] = 8;
      build(fixed_lit_, lengths.data(), kMaxLitLen);
      // All 32 five-bit codes, so that the reserved 30 and 31 decode (and are refused) as zlib does.
      for (s = 0; s < 32; ++s) lengths[static_cast<std::size_t>(s)] = 5;
      build(fixed_dist_, lengths.data(), 32);
      fill(fixed_lit_table_, fixed_lit_);
      fill(fixed_dist_table_, fixed_dist_);
      fixed_built_ = true;
    }
    return codes(fixed_lit_, fixed_dist_, fixed_lit_table_, fixed_dist_table_);
  }

  std::optional<InflateError> dynamic() {
    static constexpr std::array<std::uint8_t, 19> kOrder = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                                            11, 4,  12, 3, 13, 2, 14, 1, 15};
    const std::size_t at = b_.pos();
    const int nlen = b_.bits(5) + 257;
    const int ndist = b_.bits(5) + 1;
    const int ncode = b_.bits(4) + 4;
    if (b_.overrun) return fail(InflateProblem::truncated);
    if (nlen > 286 || ndist > kMaxDist) return InflateError{InflateProblem::invalid_code_lengths, at};
    std::array<std::int16_t, kMaxCodes> lengths{};
    for (int i = 0; i < ncode; ++i)
      lengths[kOrder[static_cast<std::size_t>(i)]] = static_cast<std::int16_t>(b_.bits(3));
    if (b_.overrun) return fail(InflateProblem::truncated);
    Huffman lencode;
    if (build(lencode, lengths.data(), 19) != 0) return InflateError{InflateProblem::invalid_code_lengths, at};
    int index = 0;
    while (index < nlen + ndist) {
      int symbol = decode(b_, lencode);
      if (symbol == -2) return fail(InflateProblem::truncated);
      if (symbol < 0) return fail(InflateProblem::invalid_code_lengths);
      if (symbol < 16) {
        lengths[static_cast<std::size_t>(index++)] = static_cast<std::int16_t>(symbol);
        continue;
      }
      std::int16_t len = 0;
      int repeat = 0;
      if (symbol == 16) {
        if (index == 0) return fail(InflateProblem::invalid_code_lengths);
        len = lengths[static_cast<std::size_t>(index - 1)];
        repeat = 3 + b_.bits(2);
      } else if (symbol == 17) {
        repeat = 3 + b_.bits(3);
      } else {
        repeat = 11 + b_.bits(7);
      }
      if (b_.overrun) return fail(InflateProblem::truncated);
      if (index + repeat > nlen + ndist) return fail(InflateProblem::invalid_code_lengths);
      while (repeat-- > 0) lengths[static_cast<std::size_t>(index++)] = len;
    }
    if (lengths[256] == 0) return fail(InflateProblem::invalid_code_lengths);  // no end-of-block code
    // Incomplete codes are allowed only for a single code of length 1 (RFC 1951 3.2.7, as zlib).
    Huffman lit, dist;
    int err = build(lit, lengths.data(), nlen);
    if (err < 0 || (err > 0 && nlen - lit.count[0] != 1)) return fail(InflateProblem::invalid_code_lengths);
    err = build(dist, lengths.data() + nlen, ndist);
    if (err < 0 || (err > 0 && ndist - dist.count[0] != 1)) return fail(InflateProblem::invalid_code_lengths);
    fill(lit_table_, lit);
    fill(dist_table_, dist);
    return codes(lit, dist, lit_table_, dist_table_);
  }

  // The symbols of a block up to its end-of-block code: by table while it can (fast()), the rest --
  // each symbol the tables leave, and every error, at the exact bit -- bit by bit.
  std::optional<InflateError> codes(const Huffman& lit, const Huffman& dist, const Table& lit_table,
                                    const Table& dist_table) {
    for (;;) {
      if (fast(lit_table, dist_table)) return std::nullopt;
      const int symbol = decode(b_, lit);
      if (symbol == -2) return fail(InflateProblem::truncated);
      if (symbol < 0) return fail(InflateProblem::invalid_symbol);
      if (symbol < 256) {
        if (produced() == max_) return fail(InflateProblem::output_too_large);
        room(1);
        out_[n_++] = static_cast<std::uint8_t>(symbol);
        continue;
      }
      if (symbol == 256) return std::nullopt;
      const int li = symbol - 257;
      if (li >= 29) return fail(InflateProblem::invalid_symbol);
      const std::size_t len = static_cast<std::size_t>(kLenBase[static_cast<std::size_t>(li)] +
                                                       b_.bits(kLenExtra[static_cast<std::size_t>(li)]));
      const int ds = decode(b_, dist);
      if (ds == -2) return fail(InflateProblem::truncated);
      if (ds < 0 || ds >= kMaxDist) return fail(InflateProblem::invalid_symbol);
      const std::size_t d = static_cast<std::size_t>(kDistBase[static_cast<std::size_t>(ds)] +
                                                     b_.bits(kDistExtra[static_cast<std::size_t>(ds)]));
      if (b_.overrun) return fail(InflateProblem::truncated);
      if (d > produced()) return fail(InflateProblem::distance_too_far);
      if (len > max_ - produced()) return fail(InflateProblem::output_too_large);
      // Byte by byte: the copy may overlap what it writes (a run when d < len).
      room(len);
      for (std::size_t i = 0; i < len; ++i, ++n_) out_[n_] = out_[n_ - d];
    }
  }

  // Makes out_ hold at least k bytes after n_ (if max_ allows): doubling what this stream has
  // written, at least 4 KiB (a small batch zeroes little), never past max_.
  void room(std::size_t k) {
    if (out_.size() - n_ >= k || out_.size() == limit_) return;
    const std::size_t step = std::max({std::size_t{4096}, k, n_ - start_});
    out_.resize(step < limit_ - n_ ? n_ + step : limit_);
  }

  // Symbols by table lookup while a whole symbol's bits are held or 8 input bytes remain: a symbol is taken only when
  // it is plainly valid (a code in the tables, a distance within the output, room within max_), so anything else is met
  // by the bit-by-bit path from the same bit. True at the end of the block.
  bool fast(const Table& lit_table, const Table& dist_table) {
    constexpr std::size_t kMaxMatch = 258;
    constexpr std::uint64_t kMask = (1u << kTableBits) - 1;
    std::size_t n = n_;  // written (a local: kept in a register)
    bool end = false;
    for (;;) {
      if (b_.held() < Bits::kMaxSymbolBits) {
        if (!b_.canPull()) break;
        b_.pull();
      }
      if (out_.size() - n < kMaxMatch + 8) {
        n_ = n;
        room(kMaxMatch + 8);
      }
      const std::uint64_t buf = b_.peek();
      const unsigned e = lit_table.entry[buf & kMask];
      const int used_lit = static_cast<int>(e >> 9);
      const unsigned symbol = e & 511;
      if (used_lit == 0) break;
      if (symbol < 256) {
        if (n == out_.size()) break;
        out_[n++] = static_cast<std::uint8_t>(symbol);
        b_.drop(used_lit);
        continue;
      }
      if (symbol == 256) {
        b_.drop(used_lit);
        end = true;
        break;
      }
      const unsigned li = symbol - 257;
      if (li >= 29) break;
      int used = used_lit;
      const int len_extra = kLenExtra[li];
      const std::size_t len =
          static_cast<std::size_t>(kLenBase[li]) + static_cast<std::size_t>((buf >> used) & ((1u << len_extra) - 1));
      used += len_extra;
      const unsigned de = dist_table.entry[(buf >> used) & kMask];
      const unsigned ds = de & 511;
      if ((de >> 9) == 0 || ds >= kMaxDist) break;
      used += static_cast<int>(de >> 9);
      const int dist_extra = kDistExtra[ds];
      const std::size_t d = static_cast<std::size_t>(kDistBase[ds]) +
                            static_cast<std::size_t>((buf >> used) & ((std::uint64_t{1} << dist_extra) - 1));
      used += dist_extra;
      if (d > n - start_ || len > out_.size() - n) break;
      std::uint8_t* o = out_.data() + n;
      const std::uint8_t* from = o - d;
      if (d >= 8 && out_.size() - n >= len + 8) {
        // Eight bytes at a time: each read lies wholly before what it writes (d >= 8); the last
        // write may pass the match by up to 7 bytes, into room not yet written.
        for (std::size_t i = 0; i < len; i += 8) std::memcpy(o + i, from + i, 8);
      } else {
        for (std::size_t i = 0; i < len; ++i) o[i] = from[i];
      }
      n += len;
      b_.drop(used);
    }
    n_ = n;
    b_.settle();
    return end;
  }

  std::size_t produced() const { return n_ - start_; }

  Bits b_;
  std::size_t max_;
  std::vector<std::uint8_t>& out_;
  std::size_t start_;
  std::size_t limit_;  // start_ + max_ (saturated)
  std::size_t n_;      // the end of what is written in out_
  bool fixed_built_ = false;
  Huffman fixed_lit_, fixed_dist_;
  Table fixed_lit_table_, fixed_dist_table_, lit_table_, dist_table_;
};

// One gzip member at in[pos...]: header, deflate stream, trailer. Advances pos.
std::optional<InflateError> gunzipMember(std::span<const std::uint8_t> in, std::size_t& pos, std::size_t max_output,
                                         std::vector<std::uint8_t>& out) {
  const std::size_t start = pos;
  auto need = [&](std::size_t n) { return n <= in.size() - pos; };
  if (!need(10)) return InflateError{InflateProblem::truncated, in.size()};
  if (in[pos] != 0x1F || in[pos + 1] != 0x8B) return InflateError{InflateProblem::not_gzip, pos};
  if (in[pos + 2] != 8) return InflateError{InflateProblem::unsupported_method, pos + 2};
  const std::uint8_t flags = in[pos + 3];
  if (flags & 0xE0) return InflateError{InflateProblem::reserved_flags, pos + 3};
  pos += 10;
  if (flags & 0x04) {  // FEXTRA: u16 length + bytes
    if (!need(2)) return InflateError{InflateProblem::truncated, in.size()};
    const std::size_t xlen = in[pos] | std::size_t{in[pos + 1]} << 8;
    pos += 2;
    if (!need(xlen)) return InflateError{InflateProblem::truncated, in.size()};
    pos += xlen;
  }
  for (const std::uint8_t zero_terminated : {std::uint8_t{0x08}, std::uint8_t{0x10}}) {  // FNAME, FCOMMENT
    if (!(flags & zero_terminated)) continue;
    while (pos < in.size() && in[pos] != 0) ++pos;
    if (pos == in.size()) return InflateError{InflateProblem::truncated, in.size()};
    ++pos;
  }
  if (flags & 0x02) {  // FHCRC: low 16 bits of the CRC-32 of the header so far
    if (!need(2)) return InflateError{InflateProblem::truncated, in.size()};
    const std::uint32_t want = in[pos] | std::uint32_t{in[pos + 1]} << 8;
    if ((crc32(in.subspan(start, pos - start)) & 0xFFFFu) != want)
      return InflateError{InflateProblem::header_crc_mismatch, pos};
    pos += 2;
  }
  const std::size_t out_start = out.size();
  Inflater inf(in.subspan(pos), max_output, out);
  if (auto e = inf.run()) {
    e->offset += pos;
    return e;
  }
  pos += inf.consumed();
  if (!need(8)) return InflateError{InflateProblem::truncated, in.size()};
  const std::span<const std::uint8_t> produced(out.data() + out_start, out.size() - out_start);
  if (crc32(produced) != le32(in.data() + pos)) return InflateError{InflateProblem::crc_mismatch, pos};
  if (static_cast<std::uint32_t>(produced.size()) != le32(in.data() + pos + 4))
    return InflateError{InflateProblem::size_mismatch, pos + 4};
  pos += 8;
  return std::nullopt;
}

}  // namespace

std::string_view inflateProblemName(InflateProblem p) {
  static constexpr std::string_view kNames[] = {
      "truncated",           "not_gzip",           "unsupported_method",     "reserved_flags",
      "header_crc_mismatch", "invalid_block_type", "stored_length_mismatch", "invalid_code_lengths",
      "invalid_symbol",      "distance_too_far",   "output_too_large",       "crc_mismatch",
      "size_mismatch",       "trailing_bytes"};
  return kNames[static_cast<std::size_t>(p)];
}

std::optional<InflateError> inflateRaw(std::span<const std::uint8_t> in, std::size_t max_output,
                                       std::vector<std::uint8_t>& out, std::size_t& consumed) {
  Inflater inf(in, max_output, out);
  auto e = inf.run();
  consumed = inf.consumed();
  return e;
}

std::optional<InflateError> gunzip(std::span<const std::uint8_t> in, std::size_t max_output,
                                   std::vector<std::uint8_t>& out) {
  std::size_t pos = 0;
  const std::size_t out_start = out.size();
  do {
    // After a member: what follows must be another member (GZIPInputStream reads them on).
    if (pos > 0 && (in.size() - pos < 2 || in[pos] != 0x1F || in[pos + 1] != 0x8B))
      return InflateError{InflateProblem::trailing_bytes, pos};
    const std::size_t room = max_output - (out.size() - out_start);
    if (auto e = gunzipMember(in, pos, room, out)) return e;
  } while (pos < in.size());
  return std::nullopt;
}

}  // namespace coordination
