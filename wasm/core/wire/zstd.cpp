#include "wire/zstd.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "wire/little_endian.h"

namespace coordination {
namespace {

constexpr std::uint32_t kFrameMagic = 0xFD2FB528u;
constexpr std::uint32_t kSkippableMagic = 0x184D2A50u;  // the low 4 bits are free
constexpr std::uint64_t kMaxWindow = std::uint64_t{1} << 27;
constexpr std::size_t kMaxBlock = std::size_t{128} << 10;

int highBit(std::uint32_t v) { return 31 - std::countl_zero(v); }  // v > 0

// ---- XXH64 (the xxHash specification, 64-bit variant) ----------------------------------------

constexpr std::uint64_t kP1 = 0x9E3779B185EBCA87ull;
constexpr std::uint64_t kP2 = 0xC2B2AE3D27D4EB4Full;
constexpr std::uint64_t kP3 = 0x165667B19E3779F9ull;
constexpr std::uint64_t kP4 = 0x85EBCA77C2B2AE63ull;
constexpr std::uint64_t kP5 = 0x27D4EB2F165667C5ull;

std::uint64_t xxRound(std::uint64_t acc, std::uint64_t lane) { return std::rotl(acc + lane * kP2, 31) * kP1; }
std::uint64_t xxMerge(std::uint64_t acc, std::uint64_t v) { return (acc ^ xxRound(0, v)) * kP1 + kP4; }

// ---- Bit readers -----------------------------------------------------------------------------

// A backward bitstream (RFC 8878 4.1 and 4.2.2): its last byte holds a 1 bit above the first bits
// read; reading takes the highest bits not yet taken. pos_ counts the bits left (bit 0 is bit 0 of
// the first byte); a read past the start gives zeros and leaves pos_ below 0, which the callers
// check (overran(), exact()).
class BackBits {
 public:
  // False when there is no end mark (no byte, or a last byte of 0).
  bool init(const std::uint8_t* p, std::size_t n) {
    p_ = p;
    n_ = n;
    if (n == 0 || p[n - 1] == 0) return false;
    pos_ = static_cast<std::int64_t>(n * 8) - 8 + highBit(p[n - 1]);
    return true;
  }
  // The n <= 56 bits below pos_, as a number; not consumed.
  std::uint64_t peek(int n) const {
    const std::int64_t from = pos_ - n;
    if (from >= 0) {
      const auto byte = static_cast<std::size_t>(from >> 3);
      if (byte + 8 <= n_) return (le64(p_ + byte) >> (from & 7)) & mask(n);
      return gather(from, n);
    }
    if (from + n <= 0) return 0;
    return gather(0, static_cast<int>(from + n)) << (-from);
  }
  void consume(int n) { pos_ -= n; }
  std::uint64_t read(int n) {
    const std::uint64_t v = peek(n);
    pos_ -= n;
    return v;
  }
  bool overran() const { return pos_ < 0; }
  bool exact() const { return pos_ == 0; }
  // The byte where reading stands (for errors): relative to p.
  std::size_t byte() const { return pos_ <= 0 ? 0 : static_cast<std::size_t>((pos_ - 1) >> 3); }

 private:
  static std::uint64_t mask(int n) { return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1; }
  // Bits [from, from + n) with 0 <= from, from + n <= the stream's bits: byte by byte near the end.
  std::uint64_t gather(std::int64_t from, int n) const {
    if (n == 0) return 0;
    const auto first = static_cast<std::size_t>(from >> 3);
    const auto last = static_cast<std::size_t>((from + n - 1) >> 3);
    std::uint64_t w = 0;
    for (std::size_t i = first; i <= last && i < n_; ++i) w |= std::uint64_t{p_[i]} << (8 * (i - first));
    return (w >> (from & 7)) & mask(n);
  }
  const std::uint8_t* p_ = nullptr;
  std::size_t n_ = 0;
  std::int64_t pos_ = 0;
};

// A forward little-endian bitstream (the FSE table description, RFC 8878 4.1.1): a read past the
// end gives zeros and sets overrun.
class ForwardBits {
 public:
  ForwardBits(const std::uint8_t* p, std::size_t n) : p_(p), n_(n) {}
  std::uint32_t peek(int n) const {  // n <= 24
    std::uint32_t w = 0;
    const std::size_t first = bit_ >> 3;
    for (std::size_t i = 0; i < 4 && first + i < n_; ++i) w |= std::uint32_t{p_[first + i]} << (8 * i);
    return (w >> (bit_ & 7)) & ((1u << n) - 1);
  }
  void skip(int n) {
    bit_ += static_cast<std::size_t>(n);
    if (bit_ > n_ * 8) overrun = true;
  }
  std::uint32_t read(int n) {
    const std::uint32_t v = peek(n);
    skip(n);
    return v;
  }
  std::size_t bytes() const { return (bit_ + 7) >> 3; }
  bool overrun = false;

 private:
  const std::uint8_t* p_;
  std::size_t n_;
  std::size_t bit_ = 0;
};

// ---- FSE (RFC 8878 4.1) ----------------------------------------------------------------------

struct FseEntry {
  std::uint16_t base;   // Baseline of the next state
  std::uint8_t symbol;  // the code
  std::uint8_t bits;    // Number_of_Bits of the next state
};
struct FseTable {
  int log = 0;  // Accuracy_Log (0: RLE, one state)
  std::array<FseEntry, 512> cell{};
};

// The decoding table of a normalized distribution (probabilities, -1 for "less than 1"; they add up
// to 1 << log, which the description reader and the predefined tables ensure). False if the spread
// does not come back to position 0 (it always does for a valid distribution).
bool buildFse(FseTable& t, const std::int16_t* norm, int symbols, int log) {
  const int size = 1 << log;
  int high = size - 1;
  std::array<std::uint16_t, 256> next{};
  t.log = log;
  for (int s = 0; s < symbols; ++s) {
    if (norm[s] == -1) {
      t.cell[static_cast<std::size_t>(high--)].symbol = static_cast<std::uint8_t>(s);
      next[static_cast<std::size_t>(s)] = 1;
    } else {
      next[static_cast<std::size_t>(s)] = static_cast<std::uint16_t>(norm[s]);
    }
  }
  const int step = (size >> 1) + (size >> 3) + 3;
  const int mask = size - 1;
  int pos = 0;
  for (int s = 0; s < symbols; ++s) {
    for (int i = 0; i < norm[s]; ++i) {
      t.cell[static_cast<std::size_t>(pos)].symbol = static_cast<std::uint8_t>(s);
      do pos = (pos + step) & mask;
      while (pos > high);
    }
  }
  if (pos != 0) return false;
  for (int u = 0; u < size; ++u) {
    FseEntry& e = t.cell[static_cast<std::size_t>(u)];
    const std::uint32_t x = next[e.symbol]++;
    const int bits = log - highBit(x);
    e.bits = static_cast<std::uint8_t>(bits);
    e.base = static_cast<std::uint16_t>((x << bits) - static_cast<std::uint32_t>(size));
  }
  return true;
}

// Reads an FSE table description from p[0, n) into `t` (symbols 0..max_symbol, accuracy log at most
// max_log); `used` gets its bytes. False if it is invalid or runs past n.
bool readFse(const std::uint8_t* p, std::size_t n, int max_symbol, int max_log, FseTable& t, std::size_t& used) {
  ForwardBits in(p, n);
  const int log = static_cast<int>(in.read(4)) + 5;
  if (log > max_log) return false;
  std::array<std::int16_t, 256> norm{};
  int remaining = (1 << log) + 1;  // probability points left, + 1
  int threshold = 1 << log;
  int bits = log + 1;
  int symbol = 0;
  while (remaining > 1) {
    if (symbol > max_symbol || in.overrun) return false;
    // Values below `small` take bits - 1 bits; the others bits (RFC 8878 4.1.1).
    const int small = (2 * threshold - 1) - remaining;
    int value = static_cast<int>(in.peek(bits - 1));
    if (value < small) {
      in.skip(bits - 1);
    } else {
      value = static_cast<int>(in.peek(bits));
      if (value >= threshold) value -= small;
      in.skip(bits);
    }
    const int probability = value - 1;
    remaining -= probability < 0 ? -probability : probability;
    if (remaining < 1) return false;
    norm[static_cast<std::size_t>(symbol++)] = static_cast<std::int16_t>(probability);
    if (probability == 0) {  // 2-bit repeat flags: that many more zeros, 3 meaning "and another flag"
      for (;;) {
        const int repeat = static_cast<int>(in.read(2));
        if (in.overrun || symbol + repeat > max_symbol + 1) return false;
        symbol += repeat;  // (norm is zero already)
        if (repeat != 3) break;
      }
    }
    while (remaining < threshold) {
      --bits;
      threshold >>= 1;
    }
  }
  if (remaining != 1 || in.overrun) return false;
  used = in.bytes();
  return buildFse(t, norm.data(), symbol, log);
}

// The predefined distributions (RFC 8878 3.1.1.3.2.2).
constexpr std::array<std::int16_t, 36> kLlDefault = {4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1,  1,  2,  2,
                                                     2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1, -1};
constexpr std::array<std::int16_t, 53> kMlDefault = {1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1,  1,  1,  1,  1,  1,  1, 1,
                                                     1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,  1,  1,  1,  1,  1,  1, 1,
                                                     1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1};
constexpr std::array<std::int16_t, 29> kOfDefault = {1, 1, 1, 1, 1, 1, 2, 2, 2, 1,  1,  1,  1,  1, 1,
                                                     1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1};

// Literals length and match length codes: Baseline and Number_of_Bits (RFC 8878 3.1.1.3.2.1).
constexpr std::array<std::uint32_t, 36> kLlBase = {0,  1,  2,   3,   4,   5,    6,    7,    8,    9,     10,    11,
                                                   12, 13, 14,  15,  16,  18,   20,   22,   24,   28,    32,    40,
                                                   48, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536};
constexpr std::array<std::uint8_t, 36> kLlBits = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0,  0,  0,  0,  1,  1,
                                                  1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
constexpr std::array<std::uint32_t, 53> kMlBase = {
    3,  4,  5,  6,  7,  8,  9,  10,  11,  12,  13,   14,   15,   16,   17,    18,    19,   20,
    21, 22, 23, 24, 25, 26, 27, 28,  29,  30,  31,   32,   33,   34,   35,    37,    39,   41,
    43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051, 4099, 8195, 16387, 32771, 65539};
constexpr std::array<std::uint8_t, 53> kMlBits = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0,  0,  0,  0,  0,  0, 0,
                                                  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0,  0,  0,  1,  1,  1, 1,
                                                  2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

constexpr int kLlMaxSymbol = 35, kMlMaxSymbol = 52, kOfMaxSymbol = 31;
constexpr int kLlMaxLog = 9, kMlMaxLog = 9, kOfMaxLog = 8;

struct Predefined {
  FseTable ll, ml, of;
  Predefined() {
    buildFse(ll, kLlDefault.data(), 36, 6);
    buildFse(ml, kMlDefault.data(), 53, 6);
    buildFse(of, kOfDefault.data(), 29, 5);
  }
};
const Predefined& predefined() {
  static const Predefined tables;
  return tables;
}

// ---- Huffman (RFC 8878 4.2) ------------------------------------------------------------------

constexpr int kHuffMaxBits = 11;

struct HuffEntry {
  std::uint8_t symbol;
  std::uint8_t bits;
};
struct HuffTable {
  int max_bits = 0;
  std::array<HuffEntry, 1 << kHuffMaxBits> cell{};
};

// ---- The decoder -----------------------------------------------------------------------------

class Decoder {
 public:
  Decoder(std::span<const std::uint8_t> in, std::size_t max_output, std::vector<std::uint8_t>& out)
      : in_(in),
        max_(max_output),
        out_(out),
        start_(out.size()),
        limit_(max_output > SIZE_MAX - start_ ? SIZE_MAX : start_ + max_output),
        n_(start_) {}

  // out_ is grown ahead of the writes (room()); cut back to what was written at the end.
  std::optional<ZstdError> run() {
    auto e = frames();
    out_.resize(n_);
    return e;
  }

 private:
  using Error = std::optional<ZstdError>;
  static ZstdError fail(ZstdProblem p, std::size_t at) { return {p, at}; }

  std::size_t left() const { return in_.size() - pos_; }

  Error frames() {
    do {
      if (left() < 4) return fail(ZstdProblem::truncated, in_.size());
      const std::uint32_t magic = le32(in_.data() + pos_);
      if ((magic & 0xFFFFFFF0u) == kSkippableMagic) {
        if (left() < 8) return fail(ZstdProblem::truncated, in_.size());
        const std::uint32_t size = le32(in_.data() + pos_ + 4);
        if (size > left() - 8) return fail(ZstdProblem::truncated, in_.size());
        pos_ += 8 + std::size_t{size};
        continue;
      }
      if (magic != kFrameMagic) return fail(ZstdProblem::bad_magic, pos_);
      pos_ += 4;
      if (auto e = frame()) return e;
    } while (pos_ < in_.size());
    return std::nullopt;
  }

  Error frame() {
    if (left() < 1) return fail(ZstdProblem::truncated, in_.size());
    const std::size_t fhd_at = pos_;
    const std::uint8_t fhd = in_[pos_];
    const int fcs_flag = fhd >> 6;
    const bool single = (fhd & 0x20) != 0;
    const bool checksum = (fhd & 0x04) != 0;
    const int did_flag = fhd & 3;
    if (fhd & 0x08) return fail(ZstdProblem::reserved_bit, fhd_at);
    static constexpr std::array<std::size_t, 4> kDidBytes = {0, 1, 2, 4};
    static constexpr std::array<std::size_t, 4> kFcsBytes = {0, 2, 4, 8};
    const std::size_t did_bytes = kDidBytes[static_cast<std::size_t>(did_flag)];
    const std::size_t fcs_bytes = fcs_flag == 0 && single ? 1 : kFcsBytes[static_cast<std::size_t>(fcs_flag)];
    const std::size_t header = 1 + (single ? 0 : 1) + did_bytes + fcs_bytes;
    if (left() < header) return fail(ZstdProblem::truncated, in_.size());
    const std::uint8_t* h = in_.data() + pos_ + 1;
    std::uint64_t window = 0;
    if (!single) {
      const int exponent = h[0] >> 3;
      const int mantissa = h[0] & 7;
      const std::uint64_t base = std::uint64_t{1} << (10 + exponent);
      window = base + (base / 8) * static_cast<std::uint64_t>(mantissa);
      ++h;
    }
    const std::size_t did_at = static_cast<std::size_t>(h - in_.data());
    std::uint32_t dictionary = 0;
    if (did_bytes == 1) dictionary = h[0];
    if (did_bytes == 2) dictionary = le16(h);
    if (did_bytes == 4) dictionary = le32(h);
    h += did_bytes;
    const std::size_t fcs_at = static_cast<std::size_t>(h - in_.data());
    std::optional<std::uint64_t> content_size;
    if (fcs_bytes == 1) content_size = h[0];
    if (fcs_bytes == 2) content_size = le16(h) + 256u;
    if (fcs_bytes == 4) content_size = le32(h);
    if (fcs_bytes == 8) content_size = le64(h);
    if (dictionary != 0) return fail(ZstdProblem::dictionary_required, did_at);
    if (single) window = *content_size;
    if (window > kMaxWindow) return fail(ZstdProblem::window_too_large, single ? fcs_at : fhd_at + 1);
    if (content_size && *content_size > max_ - produced()) return fail(ZstdProblem::output_too_large, fcs_at);
    pos_ += header;

    // The frame's state: Block_Maximum_Size, repeat offsets, the tables a later block may repeat.
    block_max_ = static_cast<std::size_t>(std::min<std::uint64_t>(window, kMaxBlock));
    frame_start_ = n_;
    rep_ = {1, 4, 8};
    have_huffman_ = false;
    have_sequences_ = false;
    bool last = false;
    do {
      const std::size_t block_at = pos_;
      if (left() < 3) return fail(ZstdProblem::truncated, in_.size());
      const std::uint32_t bh = le24(in_.data() + pos_);
      last = (bh & 1) != 0;
      const int type = static_cast<int>((bh >> 1) & 3);
      const std::size_t size = bh >> 3;
      if (type == 3) return fail(ZstdProblem::invalid_block_type, block_at);
      if (size > block_max_) return fail(ZstdProblem::block_too_large, block_at);
      pos_ += 3;
      if (type == 0) {
        if (left() < size) return fail(ZstdProblem::truncated, in_.size());
        if (size > max_ - produced()) return fail(ZstdProblem::output_too_large, pos_);
        room(size);
        if (size > 0) std::memcpy(out_.data() + n_, in_.data() + pos_, size);
        n_ += size;
        pos_ += size;
      } else if (type == 1) {
        if (left() < 1) return fail(ZstdProblem::truncated, in_.size());
        if (size > max_ - produced()) return fail(ZstdProblem::output_too_large, pos_);
        room(size);
        if (size > 0) std::memset(out_.data() + n_, in_[pos_], size);
        n_ += size;
        pos_ += 1;
      } else {
        if (left() < size) return fail(ZstdProblem::truncated, in_.size());
        if (auto e = compressedBlock(pos_, size)) return e;
        pos_ += size;
      }
      if (content_size && n_ - frame_start_ > *content_size) return fail(ZstdProblem::content_size_mismatch, block_at);
    } while (!last);
    if (content_size && n_ - frame_start_ != *content_size) return fail(ZstdProblem::content_size_mismatch, pos_);
    if (checksum) {
      if (left() < 4) return fail(ZstdProblem::truncated, in_.size());
      const std::uint64_t hash = xxh64(std::span(out_.data() + frame_start_, n_ - frame_start_), 0);
      if (static_cast<std::uint32_t>(hash) != le32(in_.data() + pos_))
        return fail(ZstdProblem::checksum_mismatch, pos_);
      pos_ += 4;
    }
    return std::nullopt;
  }

  // ---- Compressed blocks (RFC 8878 3.1.1.3) ----

  Error compressedBlock(std::size_t at, std::size_t size) {
    const std::uint8_t* block = in_.data() + at;
    std::size_t used = 0;
    if (auto e = literals(block, size, at, used)) return e;
    return sequences(block + used, size - used, at + used);
  }

  // The literals section: lit_ / lit_size_ get the literals (in the input for raw ones, else in
  // lit_buf_); `used` the section's bytes.
  Error literals(const std::uint8_t* p, std::size_t n, std::size_t at, std::size_t& used) {
    const auto bad = [at] { return fail(ZstdProblem::invalid_literals, at); };
    if (n < 1) return bad();
    const int type = p[0] & 3;
    const int format = (p[0] >> 2) & 3;
    if (type <= 1) {  // raw or RLE: Regenerated_Size only
      std::size_t header = 0, regenerated = 0;
      if ((format & 1) == 0) {
        header = 1;
        regenerated = p[0] >> 3;
      } else if (format == 1) {
        header = 2;
        if (n < header) return bad();
        regenerated = (p[0] >> 4) + (std::size_t{p[1]} << 4);
      } else {
        header = 3;
        if (n < header) return bad();
        regenerated = (p[0] >> 4) + (std::size_t{p[1]} << 4) + (std::size_t{p[2]} << 12);
      }
      if (regenerated > block_max_) return bad();
      if (type == 0) {
        if (n - header < regenerated) return bad();
        lit_ = p + header;
        lit_size_ = regenerated;
        used = header + regenerated;
      } else {
        if (n - header < 1) return bad();
        lit_buf_.resize(std::max(lit_buf_.size(), regenerated));
        if (regenerated > 0) std::memset(lit_buf_.data(), p[header], regenerated);
        lit_ = lit_buf_.data();
        lit_size_ = regenerated;
        used = header + 1;
      }
      return std::nullopt;
    }
    // Huffman-compressed (2, with its tree) or treeless (3): Regenerated_Size and Compressed_Size.
    std::size_t header = 0, regenerated = 0, compressed = 0;
    const bool four = format != 0;
    if (format <= 1) {
      header = 3;
      if (n < header) return bad();
      const std::uint32_t v = le24(p);
      regenerated = (v >> 4) & 0x3FF;
      compressed = (v >> 14) & 0x3FF;
    } else if (format == 2) {
      header = 4;
      if (n < header) return bad();
      const std::uint32_t v = le32(p);
      regenerated = (v >> 4) & 0x3FFF;
      compressed = v >> 18;
    } else {
      header = 5;
      if (n < header) return bad();
      const std::uint64_t v = le32(p) | std::uint64_t{p[4]} << 32;
      regenerated = static_cast<std::size_t>((v >> 4) & 0x3FFFF);
      compressed = static_cast<std::size_t>(v >> 22);
    }
    if (regenerated > block_max_ || n - header < compressed) return bad();
    if (four && regenerated < 6) return bad();  // "a minimum of 6 bytes is required for the 4 streams mode"
    const std::uint8_t* q = p + header;
    std::size_t rest = compressed;
    const std::size_t tree_at = at + header;
    if (type == 2) {
      std::size_t tree = 0;
      if (auto e = huffmanTree(q, rest, tree_at, tree)) return e;
      q += tree;
      rest -= tree;
      have_huffman_ = true;
    } else if (!have_huffman_) {
      return bad();
    }
    lit_buf_.resize(std::max(lit_buf_.size(), regenerated));
    const std::size_t streams_at = static_cast<std::size_t>(q - p) + at;
    if (!four) {
      if (auto e = huffmanStream(q, rest, streams_at, lit_buf_.data(), regenerated)) return e;
    } else {
      if (rest < 6) return fail(ZstdProblem::invalid_literals, streams_at);
      const std::array<std::size_t, 3> sizes = {le16(q), le16(q + 2), le16(q + 4)};
      const std::size_t first3 = sizes[0] + sizes[1] + sizes[2];
      if (first3 + 6 >= rest) return fail(ZstdProblem::invalid_literals, streams_at);
      const std::size_t segment = (regenerated + 3) / 4;
      const std::uint8_t* s = q + 6;
      std::size_t s_at = streams_at + 6;
      std::uint8_t* dst = lit_buf_.data();
      for (int i = 0; i < 4; ++i) {
        const std::size_t stream = i < 3 ? sizes[static_cast<std::size_t>(i)] : rest - 6 - first3;
        const std::size_t count = i < 3 ? segment : regenerated - 3 * segment;
        if (auto e = huffmanStream(s, stream, s_at, dst, count)) return e;
        s += stream;
        s_at += stream;
        dst += count;
      }
    }
    lit_ = lit_buf_.data();
    lit_size_ = regenerated;
    used = header + compressed;
    return std::nullopt;
  }

  // A Huffman tree description at p[0, n) (RFC 8878 4.2.1) into huff_; `used` gets its bytes.
  Error huffmanTree(const std::uint8_t* p, std::size_t n, std::size_t at, std::size_t& used) {
    const auto bad = [at] { return fail(ZstdProblem::invalid_huffman, at); };
    if (n < 1) return bad();
    std::array<std::uint8_t, 256> weight{};
    std::size_t count = 0;
    const std::uint8_t head = p[0];
    if (head >= 128) {  // direct: 4 bits a weight, the first in the high nibble
      count = head - 127u;
      const std::size_t bytes = (count + 1) / 2;
      if (n - 1 < bytes) return bad();
      for (std::size_t i = 0; i < count; ++i) weight[i] = i % 2 == 0 ? p[1 + i / 2] >> 4 : p[1 + i / 2] & 15;
      used = 1 + bytes;
    } else {  // FSE-compressed, `head` bytes: a table description, then 2 interleaved states
      const std::size_t size = head;
      if (n - 1 < size) return bad();
      FseTable& t = fse_scratch_;
      std::size_t description = 0;
      if (!readFse(p + 1, size, 255, 6, t, description)) return fail(ZstdProblem::invalid_fse, at + 1);
      BackBits b;
      if (!b.init(p + 1 + description, size - description))
        return fail(ZstdProblem::invalid_bitstream, at + 1 + description);
      std::uint32_t s1 = static_cast<std::uint32_t>(b.read(t.log));
      std::uint32_t s2 = static_cast<std::uint32_t>(b.read(t.log));
      // Each state decodes a symbol, then updates; when an update reads past the start of the
      // stream, the other state's symbol is the last.
      for (;;) {
        if (count + 2 > 255) return bad();
        const FseEntry& e1 = t.cell[s1];
        weight[count++] = e1.symbol;
        s1 = e1.base + static_cast<std::uint32_t>(b.read(e1.bits));
        if (b.overran()) {
          weight[count++] = t.cell[s2].symbol;
          break;
        }
        const FseEntry& e2 = t.cell[s2];
        weight[count++] = e2.symbol;
        s2 = e2.base + static_cast<std::uint32_t>(b.read(e2.bits));
        if (b.overran()) {
          weight[count++] = t.cell[s1].symbol;
          break;
        }
      }
      used = 1 + size;
    }
    // The last weight completes the sum of 2^(weight - 1) to a power of 2 (Max_Number_of_Bits).
    std::uint32_t sum = 0;
    for (std::size_t i = 0; i < count; ++i) {
      if (weight[i] > kHuffMaxBits) return bad();
      if (weight[i] > 0) sum += 1u << (weight[i] - 1);
    }
    if (sum == 0) return bad();
    const int max_bits = highBit(sum) + 1;
    if (max_bits > kHuffMaxBits) return bad();
    const std::uint32_t rest = (1u << max_bits) - sum;
    if (!std::has_single_bit(rest)) return bad();
    weight[count++] = static_cast<std::uint8_t>(highBit(rest) + 1);
    std::array<int, kHuffMaxBits + 2> per_weight{};
    for (std::size_t i = 0; i < count; ++i) ++per_weight[weight[i]];
    if (per_weight[1] < 2) return bad();  // at least 2 symbols, the least frequent of weight 1
    // Codes by weight, then symbol, from the lowest weight up: 2^(weight - 1) table cells each.
    huff_.max_bits = max_bits;
    std::size_t cell = 0;
    for (int w = 1; w <= max_bits; ++w) {
      const std::size_t span = std::size_t{1} << (w - 1);
      const auto bits = static_cast<std::uint8_t>(max_bits + 1 - w);
      for (std::size_t s = 0; s < count; ++s) {
        if (weight[s] != w) continue;
        for (std::size_t k = 0; k < span; ++k) huff_.cell[cell + k] = {static_cast<std::uint8_t>(s), bits};
        cell += span;
      }
    }
    return std::nullopt;  // (cell == 1 << max_bits: the weights add up to it)
  }

  // One Huffman-coded stream p[0, n) of exactly `count` symbols into dst.
  Error huffmanStream(const std::uint8_t* p, std::size_t n, std::size_t at, std::uint8_t* dst, std::size_t count) {
    BackBits b;
    if (!b.init(p, n)) return fail(ZstdProblem::invalid_bitstream, at + (n == 0 ? 0 : n - 1));
    const int bits = huff_.max_bits;
    const HuffEntry* cells = huff_.cell.data();
    for (std::size_t i = 0; i < count; ++i) {
      const HuffEntry e = cells[b.peek(bits)];
      dst[i] = e.symbol;
      b.consume(e.bits);
    }
    if (!b.exact()) return fail(ZstdProblem::invalid_bitstream, at + b.byte());
    return std::nullopt;
  }

  // The table of one code for the block (RFC 8878 3.1.1.3.2.1): `mode`, its description at p[used..n).
  Error codeTable(int mode, const FseTable& defined, FseTable& store, const FseTable*& table, int max_symbol,
                  int max_log, const std::uint8_t* p, std::size_t n, std::size_t at, std::size_t& used) {
    switch (mode) {
      case 0:
        table = &defined;
        return std::nullopt;
      case 1:
        if (used >= n || p[used] > max_symbol) return fail(ZstdProblem::invalid_sequences, at + used);
        store.log = 0;
        store.cell[0] = {0, p[used], 0};
        table = &store;
        ++used;
        return std::nullopt;
      case 2: {
        std::size_t description = 0;
        if (!readFse(p + used, n - used, max_symbol, max_log, store, description))
          return fail(ZstdProblem::invalid_fse, at + used);
        table = &store;
        used += description;
        return std::nullopt;
      }
      default:
        if (!have_sequences_) return fail(ZstdProblem::invalid_sequences, at + used);
        return std::nullopt;  // the previous block's table (table still points to it)
    }
  }

  // The sequences section p[0, n) at input byte `at`, executed against lit_ into the output.
  Error sequences(const std::uint8_t* p, std::size_t n, std::size_t at) {
    const auto bad = [at](std::size_t k) { return fail(ZstdProblem::invalid_sequences, at + k); };
    if (n < 1) return bad(0);
    std::size_t count = 0, used = 0;
    if (p[0] < 128) {
      count = p[0];
      used = 1;
    } else if (p[0] < 255) {
      if (n < 2) return bad(0);
      count = (std::size_t{p[0]} - 128) << 8 | p[1];
      used = 2;
    } else {
      if (n < 3) return bad(0);
      count = p[1] + (std::size_t{p[2]} << 8) + 0x7F00;
      used = 3;
    }
    const std::size_t block_start = n_;
    if (count == 0) {
      if (used != n) return bad(used);
      return copyLiterals(lit_size_, block_start, at);
    }
    if (n - used < 1) return bad(used);
    const std::uint8_t modes = p[used];
    if (modes & 3) return fail(ZstdProblem::reserved_bit, at + used);
    ++used;
    const Predefined& d = predefined();
    if (auto e = codeTable(modes >> 6, d.ll, ll_store_, ll_, kLlMaxSymbol, kLlMaxLog, p, n, at, used)) return e;
    if (auto e = codeTable((modes >> 4) & 3, d.of, of_store_, of_, kOfMaxSymbol, kOfMaxLog, p, n, at, used)) return e;
    if (auto e = codeTable((modes >> 2) & 3, d.ml, ml_store_, ml_, kMlMaxSymbol, kMlMaxLog, p, n, at, used)) return e;
    have_sequences_ = true;

    BackBits b;
    const std::size_t stream_at = at + used;
    if (!b.init(p + used, n - used)) return fail(ZstdProblem::invalid_bitstream, stream_at);
    const FseEntry* llc = ll_->cell.data();
    const FseEntry* ofc = of_->cell.data();
    const FseEntry* mlc = ml_->cell.data();
    std::uint32_t ll_state = static_cast<std::uint32_t>(b.read(ll_->log));
    std::uint32_t of_state = static_cast<std::uint32_t>(b.read(of_->log));
    std::uint32_t ml_state = static_cast<std::uint32_t>(b.read(ml_->log));
    lit_pos_ = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const FseEntry lle = llc[ll_state], ofe = ofc[of_state], mle = mlc[ml_state];
      // Offset, then match length, then literals length (RFC 8878 3.1.1.3.2.2).
      const int of_code = ofe.symbol;
      const std::uint64_t of_value = (std::uint64_t{1} << of_code) + b.read(of_code);
      const std::size_t match = kMlBase[mle.symbol] + static_cast<std::size_t>(b.read(kMlBits[mle.symbol]));
      const std::size_t literal = kLlBase[lle.symbol] + static_cast<std::size_t>(b.read(kLlBits[lle.symbol]));
      // Repeat offsets (RFC 8878 3.1.1.5).
      std::uint64_t offset = 0;
      if (of_value > 3) {
        offset = of_value - 3;
        rep_ = {offset, rep_[0], rep_[1]};
      } else {
        const auto index = static_cast<std::size_t>(of_value - 1 + (literal == 0 ? 1 : 0));  // 0..3
        if (index == 0) {
          offset = rep_[0];
        } else if (index == 3) {
          offset = rep_[0] - 1;
          rep_ = {offset, rep_[0], rep_[1]};
        } else {
          offset = rep_[index];
          if (index == 2) rep_[2] = rep_[1];
          rep_[1] = rep_[0];
          rep_[0] = offset;
        }
      }
      if (i + 1 < count) {  // literals length, match length, offset
        ll_state = lle.base + static_cast<std::uint32_t>(b.read(lle.bits));
        ml_state = mle.base + static_cast<std::uint32_t>(b.read(mle.bits));
        of_state = ofe.base + static_cast<std::uint32_t>(b.read(ofe.bits));
      }
      if (b.overran()) return fail(ZstdProblem::invalid_bitstream, stream_at);
      if (auto e = copyLiterals(literal, block_start, stream_at + b.byte())) return e;
      if (auto e = copyMatch(offset, match, block_start, stream_at + b.byte())) return e;
    }
    if (!b.exact()) return fail(ZstdProblem::invalid_bitstream, stream_at + b.byte());
    return copyLiterals(lit_size_ - lit_pos_, block_start, at + n);
  }

  // `k` literals from lit_ at lit_pos_ to the output.
  Error copyLiterals(std::size_t k, std::size_t block_start, std::size_t at) {
    if (k > lit_size_ - lit_pos_) return fail(ZstdProblem::invalid_sequences, at);
    if (k > block_max_ - (n_ - block_start)) return fail(ZstdProblem::block_too_large, at);
    if (k > max_ - produced()) return fail(ZstdProblem::output_too_large, at);
    room(k);
    if (k > 0) std::memcpy(out_.data() + n_, lit_ + lit_pos_, k);
    n_ += k;
    lit_pos_ += k;
    return std::nullopt;
  }

  // `k` bytes from `offset` back (they may overlap what is written: a run when offset < k).
  Error copyMatch(std::uint64_t offset, std::size_t k, std::size_t block_start, std::size_t at) {
    if (offset == 0 || offset > n_ - frame_start_) return fail(ZstdProblem::offset_too_far, at);
    if (k > block_max_ - (n_ - block_start)) return fail(ZstdProblem::block_too_large, at);
    if (k > max_ - produced()) return fail(ZstdProblem::output_too_large, at);
    room(k + 8);
    const auto d = static_cast<std::size_t>(offset);
    std::uint8_t* o = out_.data() + n_;
    const std::uint8_t* from = o - d;
    if (d >= 8 && out_.size() - n_ >= k + 8) {
      // Eight bytes at a time: each read lies wholly before what it writes (d >= 8); the last write
      // may pass the match by up to 7 bytes, into room not yet written.
      for (std::size_t i = 0; i < k; i += 8) std::memcpy(o + i, from + i, 8);
    } else {
      for (std::size_t i = 0; i < k; ++i) o[i] = from[i];
    }
    n_ += k;
    return std::nullopt;
  }

  // Makes out_ hold at least k bytes after n_ (if max_ allows): doubling what this call has
  // written, at least 4 KiB, never past max_. The check inline, the growing (rare) not.
  void room(std::size_t k) {
    if (out_.size() - n_ >= k || out_.size() == limit_) return;
    grow(k);
  }
  [[gnu::noinline]] void grow(std::size_t k) {
    const std::size_t step = std::max({std::size_t{4096}, k, n_ - start_});
    out_.resize(step < limit_ - n_ ? n_ + step : limit_);
  }

  std::size_t produced() const { return n_ - start_; }

  std::span<const std::uint8_t> in_;
  std::size_t pos_ = 0;
  std::size_t max_;
  std::vector<std::uint8_t>& out_;
  std::size_t start_;
  std::size_t limit_;  // start_ + max_ (saturated)
  std::size_t n_;      // the end of what is written in out_

  // The frame's state.
  std::size_t frame_start_ = 0;
  std::size_t block_max_ = 0;
  std::array<std::uint64_t, 3> rep_ = {1, 4, 8};
  bool have_huffman_ = false;
  bool have_sequences_ = false;
  HuffTable huff_;
  FseTable ll_store_, of_store_, ml_store_, fse_scratch_;
  const FseTable* ll_ = nullptr;
  const FseTable* of_ = nullptr;
  const FseTable* ml_ = nullptr;

  // The block's literals.
  std::vector<std::uint8_t> lit_buf_;
  const std::uint8_t* lit_ = nullptr;
  std::size_t lit_size_ = 0;
  std::size_t lit_pos_ = 0;
};

}  // namespace

std::string_view zstdProblemName(ZstdProblem p) {
  static constexpr std::string_view kNames[] = {
      "truncated",        "bad_magic",          "reserved_bit",          "dictionary_required",
      "window_too_large", "invalid_block_type", "block_too_large",       "invalid_literals",
      "invalid_huffman",  "invalid_fse",        "invalid_sequences",     "invalid_bitstream",
      "offset_too_far",   "output_too_large",   "content_size_mismatch", "checksum_mismatch"};
  return kNames[static_cast<std::size_t>(p)];
}

std::uint64_t xxh64(std::span<const std::uint8_t> data, std::uint64_t seed) {
  const std::uint8_t* p = data.data();
  std::size_t n = data.size();
  std::uint64_t acc = 0;
  if (n >= 32) {
    std::uint64_t v1 = seed + kP1 + kP2, v2 = seed + kP2, v3 = seed, v4 = seed - kP1;
    for (; n >= 32; n -= 32, p += 32) {
      v1 = xxRound(v1, le64(p));
      v2 = xxRound(v2, le64(p + 8));
      v3 = xxRound(v3, le64(p + 16));
      v4 = xxRound(v4, le64(p + 24));
    }
    acc = std::rotl(v1, 1) + std::rotl(v2, 7) + std::rotl(v3, 12) + std::rotl(v4, 18);
    acc = xxMerge(acc, v1);
    acc = xxMerge(acc, v2);
    acc = xxMerge(acc, v3);
    acc = xxMerge(acc, v4);
  } else {
    acc = seed + kP5;
  }
  acc += data.size();
  for (; n >= 8; n -= 8, p += 8) acc = std::rotl(acc ^ xxRound(0, le64(p)), 27) * kP1 + kP4;
  if (n >= 4) {
    acc = std::rotl(acc ^ (std::uint64_t{le32(p)} * kP1), 23) * kP2 + kP3;
    n -= 4;
    p += 4;
  }
  for (; n > 0; --n, ++p) acc = std::rotl(acc ^ (std::uint64_t{*p} * kP5), 11) * kP1;
  acc ^= acc >> 33;
  acc *= kP2;
  acc ^= acc >> 29;
  acc *= kP3;
  acc ^= acc >> 32;
  return acc;
}

std::optional<ZstdError> zstdDecompress(std::span<const std::uint8_t> in, std::size_t max_output,
                                        std::vector<std::uint8_t>& out) {
  return Decoder(in, max_output, out).run();
}

}  // namespace coordination
