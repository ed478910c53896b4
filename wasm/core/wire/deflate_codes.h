// The pieces of a DEFLATE decoder (RFC 1951) below the inflater (inflate.cpp, their one user): the
// bit reader, canonical Huffman codes and their first-level lookup tables.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

namespace coordination::deflate {

constexpr int kMaxBits = 15;     // longest code (RFC 1951 3.2.7)
constexpr int kMaxLitLen = 288;  // literal/length codes (286, 287 reserved but in the fixed code)
constexpr int kMaxDist = 30;     // distance codes (30, 31 never valid)
constexpr int kMaxCodes = kMaxLitLen + kMaxDist;

// Bit reader over the input (LSB first). A read past the end sets `overrun` and returns zeros;
// callers check it before trusting a value. Between calls at most 7 bits are held, so pos() is the
// input byte where an error is found, exactly (the table path gives back the bytes it pulled
// ahead: settle()).
class Bits {
 public:
  explicit Bits(std::span<const std::uint8_t> in) : in_(in) {}
  int bits(int need) {
    std::uint64_t val = bitbuf_;
    while (bitcnt_ < need) {
      if (pos_ == in_.size()) {
        overrun = true;
        return 0;
      }
      val |= std::uint64_t{in_[pos_++]} << bitcnt_;
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

  // The table path: while 8 input bytes remain, pull() holds 56 to 63 bits (whole bytes, read as
  // one little-endian word); any one symbol with its extra bits takes at most kMaxSymbolBits.
  static constexpr int kMaxSymbolBits = 15 + 5 + 15 + 13;
  bool canPull() const { return in_.size() - pos_ >= 8; }
  int held() const { return bitcnt_; }
  void pull() {
    std::uint64_t w = 0;
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(&w, in_.data() + pos_, 8);  // one load (the byte loop below was not merged into one)
    } else {
      for (int i = 0; i < 8; ++i) w |= std::uint64_t{in_[pos_ + static_cast<std::size_t>(i)]} << (8 * i);
    }
    bitbuf_ |= w << bitcnt_;
    pos_ += static_cast<std::size_t>((63 - bitcnt_) >> 3);
    bitcnt_ |= 56;
  }
  std::uint64_t peek() const { return bitbuf_; }
  void drop(int n) {
    bitbuf_ >>= n;
    bitcnt_ -= n;
  }
  // Gives back the whole bytes pulled ahead and not used: the state bits() expects.
  void settle() {
    pos_ -= static_cast<std::size_t>(bitcnt_ >> 3);
    bitcnt_ &= 7;
    bitbuf_ &= (std::uint64_t{1} << bitcnt_) - 1;
  }

 private:
  std::span<const std::uint8_t> in_;
  std::size_t pos_ = 0;
  std::uint64_t bitbuf_ = 0;
  int bitcnt_ = 0;
};

// Canonical Huffman code: count[len] codes of each length, symbols in canonical order.
struct Huffman {
  std::array<std::int16_t, kMaxBits + 1> count{};
  std::array<std::int16_t, kMaxLitLen> symbol{};
};

// Builds the code from code lengths. Returns 0 for a complete code, > 0 for an incomplete one
// (bits left over), < 0 for an over-subscribed one.
inline int build(Huffman& h, const std::int16_t* length, int n) {
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
inline int decode(Bits& b, const Huffman& h) {
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

// First-level lookup table of a code (zlib's inffast idea, without its second level): the entry
// at the next kTableBits input bits is (length << 9) | symbol for a code of at most kTableBits bits;
// 0 for a longer code or none (an incomplete code's gap), which the bit-by-bit decode() handles.
constexpr int kTableBits = 10;
struct Table {
  std::array<std::uint16_t, 1u << kTableBits> entry{};
};

inline void fill(Table& t, const Huffman& h) {
  t.entry.fill(0);
  unsigned code = 0;  // canonical code (RFC 1951 3.2.2), most significant bit first
  int index = 0;
  for (int len = 1; len <= kTableBits; ++len) {
    for (int k = 0; k < h.count[static_cast<std::size_t>(len)]; ++k, ++code, ++index) {
      unsigned reversed = 0;  // the stream sends the code's first bit first: LSB of the input
      for (int b = 0; b < len; ++b) reversed |= ((code >> b) & 1u) << (len - 1 - b);
      const auto e = static_cast<std::uint16_t>(len << 9 | h.symbol[static_cast<std::size_t>(index)]);
      for (unsigned at = reversed; at < (1u << kTableBits); at += 1u << len) t.entry[at] = e;
    }
    code <<= 1;
  }
}

}  // namespace coordination::deflate
