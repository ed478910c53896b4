#include "wire/inflate.h"

#include <array>

#include "wire/crc32.h"

namespace coordination {
namespace {

constexpr int kMaxBits = 15;     // longest code (RFC 1951 3.2.7)
constexpr int kMaxLitLen = 288;  // literal/length codes (286, 287 reserved but in the fixed code)
constexpr int kMaxDist = 30;     // distance codes (30, 31 never valid)
constexpr int kMaxCodes = kMaxLitLen + kMaxDist;

// Bit reader over the input (LSB first). A read past the end sets `overrun` and returns zeros;
// callers check it before trusting a value.
class Bits {
 public:
  explicit Bits(std::span<const std::uint8_t> in) : in_(in) {}
  int bits(int need) {
    std::uint32_t val = bitbuf_;
    while (bitcnt_ < need) {
      if (pos_ == in_.size()) {
        overrun = true;
        return 0;
      }
      val |= std::uint32_t{in_[pos_++]} << bitcnt_;
      bitcnt_ += 8;
    }
    bitbuf_ = val >> need;
    bitcnt_ -= need;
    return static_cast<int>(val & ((1u << need) - 1));
  }
  void alignToByte() {
    bitbuf_ = 0;
    bitcnt_ = 0;
  }
  std::size_t pos() const { return pos_; }
  void skip(std::size_t n) { pos_ += n; }
  std::size_t remaining() const { return in_.size() - pos_; }
  const std::uint8_t* here() const { return in_.data() + pos_; }
  bool overrun = false;

 private:
  std::span<const std::uint8_t> in_;
  std::size_t pos_ = 0;
  std::uint32_t bitbuf_ = 0;
  int bitcnt_ = 0;
};

// Canonical Huffman code: count[len] codes of each length, symbols in canonical order.
struct Huffman {
  std::array<std::int16_t, kMaxBits + 1> count{};
  std::array<std::int16_t, kMaxLitLen> symbol{};
};

// Builds the code from code lengths. Returns 0 for a complete code, > 0 for an incomplete one
// (bits left over), < 0 for an over-subscribed one.
int build(Huffman& h, const std::int16_t* length, int n) {
  h.count.fill(0);
  for (int s = 0; s < n; ++s) h.count[static_cast<std::size_t>(length[s])]++;
  if (h.count[0] == n) return 0;  // no codes: complete, but decoding will fail
  int left = 1;
  for (int len = 1; len <= kMaxBits; ++len) {
    left <<= 1;
    left -= h.count[static_cast<std::size_t>(len)];
    if (left < 0) return left;
  }
  std::array<std::int16_t, kMaxBits + 1> offs{};
  for (int len = 1; len < kMaxBits; ++len)
    offs[static_cast<std::size_t>(len + 1)] =
        static_cast<std::int16_t>(offs[static_cast<std::size_t>(len)] + h.count[static_cast<std::size_t>(len)]);
  for (int s = 0; s < n; ++s)
    if (length[s] != 0)
      h.symbol[static_cast<std::size_t>(offs[static_cast<std::size_t>(length[s])]++)] = static_cast<std::int16_t>(s);
  return left;
}

// Decodes one symbol, bit by bit (codes are stored bit-reversed, so one bit at a time compares
// the canonical code directly). -1: no code matches; -2: the input ran out.
int decode(Bits& b, const Huffman& h) {
  int code = 0, first = 0, index = 0;
  for (int len = 1; len <= kMaxBits; ++len) {
    code |= b.bits(1);
    if (b.overrun) return -2;
    const int count = h.count[static_cast<std::size_t>(len)];
    if (code - count < first) return h.symbol[static_cast<std::size_t>(index + (code - first))];
    index += count;
    first += count;
    first <<= 1;
    code <<= 1;
  }
  return -1;
}

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
      : b_(in), max_(max_output), out_(out), start_(out.size()) {}

  std::optional<InflateError> run() {
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
  std::size_t consumed() const { return b_.pos(); }

 private:
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
    out_.insert(out_.end(), b_.here(), b_.here() + len);
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
      fixed_built_ = true;
    }
    return codes(fixed_lit_, fixed_dist_);
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
    return codes(lit, dist);
  }

  std::optional<InflateError> codes(const Huffman& lit, const Huffman& dist) {
    for (;;) {
      const int symbol = decode(b_, lit);
      if (symbol == -2) return fail(InflateProblem::truncated);
      if (symbol < 0) return fail(InflateProblem::invalid_symbol);
      if (symbol < 256) {
        if (produced() == max_) return fail(InflateProblem::output_too_large);
        out_.push_back(static_cast<std::uint8_t>(symbol));
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
      std::size_t from = out_.size() - d;
      for (std::size_t i = 0; i < len; ++i) out_.push_back(out_[from++]);
    }
  }

  std::size_t produced() const { return out_.size() - start_; }

  Bits b_;
  std::size_t max_;
  std::vector<std::uint8_t>& out_;
  std::size_t start_;
  bool fixed_built_ = false;
  Huffman fixed_lit_, fixed_dist_;
};

std::uint32_t le32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 | std::uint32_t{p[3]} << 24;
}

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
