// Wire pieces: zig-zag varints, CRC-32C / CRC-32, DEFLATE / gzip. Inflate is checked against
// streams made by Python's zlib (inflate_vectors.h, from gen_inflate_vectors.py).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "inflate_vectors.h"
#include "wire/crc32.h"
#include "wire/inflate.h"
#include "wire/varint.h"

namespace cv = coordination;
using Bytes = std::vector<std::uint8_t>;

namespace {

Bytes fromHex(std::string_view h) {
  Bytes out;
  for (std::size_t i = 0; i + 1 < h.size(); i += 2)
    out.push_back(static_cast<std::uint8_t>(std::stoi(std::string(h.substr(i, 2)), nullptr, 16)));
  return out;
}

Bytes ascii(std::string_view s) { return Bytes(s.begin(), s.end()); }

// The same plaintexts as gen_inflate_vectors.py's plaintext(kind, n).
Bytes plaintextFor(int kind, std::size_t n) {
  static constexpr std::string_view kText = "the lease of role  is held by member\n";
  Bytes out;
  std::uint64_t x = 12345;
  for (std::size_t i = 0; i < n; ++i) {
    x = (x * 1103515245 + 12345) & 0x7FFFFFFF;
    if (kind == 0)
      out.push_back((x >> 8) % 5 ? static_cast<std::uint8_t>(kText[(x >> 16) % 37])
                                 : static_cast<std::uint8_t>(97 + i % 7));
    else if (kind == 1)
      out.push_back(static_cast<std::uint8_t>((x >> 16) & 0xFF));
    else
      out.push_back(0x61);
  }
  return out;
}

template <typename Int>
cv::VarintStatus zigzag(const Bytes& b, Int& out, std::size_t* pos = nullptr) {
  cv::Reader r(b);
  const auto s = cv::readZigZag(r, out);
  if (pos) *pos = r.position();
  return s;
}

}  // namespace

TEST(Varint, KnownEncodings) {
  struct Case {
    const char* hex;
    std::int32_t value;
  };
  for (const Case& c : {Case{"00", 0}, Case{"01", -1}, Case{"02", 1}, Case{"03", -2}, Case{"7f", -64}, Case{"8001", 64},
                        Case{"feffffff0f", 2147483647}, Case{"ffffffff0f", -2147483647 - 1}}) {
    std::int32_t v = 99;
    std::size_t pos = 0;
    const Bytes b = fromHex(c.hex);
    ASSERT_EQ(zigzag(b, v, &pos), cv::VarintStatus::ok) << c.hex;
    EXPECT_EQ(v, c.value) << c.hex;
    EXPECT_EQ(pos, b.size());
  }
  std::int64_t l = 0;
  ASSERT_EQ(zigzag(fromHex("ffffffffffffffffff01"), l), cv::VarintStatus::ok);
  EXPECT_EQ(l, INT64_MIN);
  ASSERT_EQ(zigzag(fromHex("feffffffffffffffff01"), l), cv::VarintStatus::ok);
  EXPECT_EQ(l, INT64_MAX);
  ASSERT_EQ(zigzag(fromHex("80808080808001"), l), cv::VarintStatus::ok);
  EXPECT_EQ(l, std::int64_t{1} << 41);
}

TEST(Varint, TruncatedAndOverflow) {
  std::int32_t v = 7;
  EXPECT_EQ(zigzag(Bytes{}, v), cv::VarintStatus::truncated);
  EXPECT_EQ(zigzag(fromHex("80"), v), cv::VarintStatus::truncated);
  EXPECT_EQ(zigzag(fromHex("ffffffff"), v), cv::VarintStatus::truncated);
  EXPECT_EQ(zigzag(fromHex("ffffffff1f"), v), cv::VarintStatus::overflow);    // a 33rd bit
  EXPECT_EQ(zigzag(fromHex("ffffffff8f01"), v), cv::VarintStatus::overflow);  // a 6th byte
  EXPECT_EQ(v, 7);
  std::int64_t l = 7;
  EXPECT_EQ(zigzag(fromHex("ffffffffffffffffff03"), l), cv::VarintStatus::overflow);
  EXPECT_EQ(zigzag(fromHex("ffffffffffffffffff8101"), l), cv::VarintStatus::overflow);
  EXPECT_EQ(zigzag(fromHex("ffffffffffffffffff"), l), cv::VarintStatus::truncated);
  EXPECT_EQ(l, 7);
}

TEST(Crc, KnownVectors) {
  // RFC 3720 B.4 (iSCSI) and the common "123456789" check values.
  EXPECT_EQ(cv::crc32c(ascii("123456789")), 0xE3069283u);
  EXPECT_EQ(cv::crc32c(Bytes(32, 0x00)), 0x8A9136AAu);
  EXPECT_EQ(cv::crc32c(Bytes(32, 0xFF)), 0x62A8AB43u);
  Bytes inc(32), dec(32);
  for (int i = 0; i < 32; ++i) inc[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
  for (int i = 0; i < 32; ++i) dec[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(31 - i);
  EXPECT_EQ(cv::crc32c(inc), 0x46DD794Eu);
  EXPECT_EQ(cv::crc32c(dec), 0x113FDB5Cu);
  EXPECT_EQ(cv::crc32c(Bytes{}), 0u);
  EXPECT_EQ(cv::crc32(ascii("123456789")), 0xCBF43926u);
  EXPECT_EQ(cv::crc32(ascii("The quick brown fox jumps over the lazy dog")), 0x414FA339u);
}

TEST(Crc, IncrementalEqualsWhole) {
  const Bytes data = plaintextFor(1, 1000);
  const std::span<const std::uint8_t> all(data);
  for (std::size_t cut : {0u, 1u, 7u, 8u, 9u, 500u, 999u, 1000u}) {
    EXPECT_EQ(cv::crc32c(all.subspan(cut), cv::crc32c(all.first(cut))), cv::crc32c(all)) << cut;
    EXPECT_EQ(cv::crc32(all.subspan(cut), cv::crc32(all.first(cut))), cv::crc32(all)) << cut;
  }
}

TEST(Inflate, ZlibVectors) {
  for (const InflateVector& v : kInflateVectors) {
    const Bytes in = fromHex(v.hex);
    const Bytes want = plaintextFor(v.kind, v.size);
    Bytes out;
    if (v.gzip) {
      ASSERT_FALSE(cv::gunzip(in, want.size(), out)) << v.name;
    } else {
      std::size_t consumed = 0;
      ASSERT_FALSE(cv::inflateRaw(in, want.size(), out, consumed)) << v.name;
      EXPECT_EQ(consumed, in.size()) << v.name;
    }
    EXPECT_EQ(out, want) << v.name;
  }
}

TEST(Inflate, EveryTruncationIsAnErrorNeverACrash) {
  for (const InflateVector& v : kInflateVectors) {
    const Bytes in = fromHex(v.hex);
    if (in.size() > 4000) continue;  // quadratic; the small streams cover every block type
    // Every cut of the short streams; of the longer ones every 13th and the last 64 (the trailer).
    const std::size_t stride = in.size() <= 600 ? 1 : 13;
    for (std::size_t n = 0; n < in.size(); n += (n + 64 >= in.size() ? 1 : stride)) {
      Bytes out;
      const std::span<const std::uint8_t> cut(in.data(), n);
      std::optional<cv::InflateError> e;
      if (v.gzip) {
        e = cv::gunzip(cut, 1 << 20, out);
      } else {
        std::size_t consumed = 0;
        e = cv::inflateRaw(cut, 1 << 20, out, consumed);
      }
      if (!e) {  // only a cut exactly after the first of two gzip members is a whole stream
        ASSERT_EQ(std::string_view(v.name), "gzip_two_members_k0_n600") << " cut at " << n;
        EXPECT_EQ(out, plaintextFor(0, 300));
        continue;
      }
      EXPECT_LE(e->offset, n) << v.name;
    }
  }
}

TEST(Inflate, OutputIsBounded) {
  const InflateVector& v = kInflateVectors[0];
  for (const InflateVector& c : kInflateVectors) {
    if (std::string_view(c.name) != "raw_k2_n100000_l9") continue;
    const Bytes in = fromHex(c.hex);
    Bytes out;
    std::size_t consumed = 0;
    const auto e = cv::inflateRaw(in, 1000, out, consumed);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->problem, cv::InflateProblem::output_too_large);
    EXPECT_LE(out.size(), 1000u);
  }
  (void)v;
}

namespace {
// LSB-first bit writer for hand-made malformed streams; Huffman codes go MSB-first (RFC 1951 3.1.1).
struct BitWriter {
  Bytes out;
  int used = 8;
  void put(std::uint32_t value, int n) {
    for (int i = 0; i < n; ++i) {
      if (used == 8) {
        out.push_back(0);
        used = 0;
      }
      out.back() = static_cast<std::uint8_t>(out.back() | (((value >> i) & 1) << used++));
    }
  }
  void code(std::uint32_t value, int n) {
    for (int i = n - 1; i >= 0; --i) put((value >> i) & 1, 1);
  }
};

cv::InflateProblem rawProblem(const Bytes& in) {
  Bytes out;
  std::size_t consumed = 0;
  auto e = cv::inflateRaw(in, 1 << 20, out, consumed);
  return e ? e->problem : static_cast<cv::InflateProblem>(255);
}
}  // namespace

TEST(Inflate, MalformedStreams) {
  EXPECT_EQ(rawProblem({0x07}), cv::InflateProblem::invalid_block_type);  // BFINAL, BTYPE 11
  EXPECT_EQ(rawProblem({0x01, 0x05, 0x00, 0x00, 0x00}), cv::InflateProblem::stored_length_mismatch);
  {
    BitWriter w;  // fixed block: length 3 (code 257 = 0000001) at distance 1 with nothing written yet
    w.put(1, 1);
    w.put(1, 2);
    w.code(0b0000001, 7);
    w.code(0, 5);
    EXPECT_EQ(rawProblem(w.out), cv::InflateProblem::distance_too_far);
  }
  {
    BitWriter w;  // fixed block: literal/length 286 (11000110), reserved
    w.put(1, 1);
    w.put(1, 2);
    w.code(0b11000110, 8);
    EXPECT_EQ(rawProblem(w.out), cv::InflateProblem::invalid_symbol);
  }
  {
    BitWriter w;  // fixed block: literal 'a' then distance code 30 after length 3
    w.put(1, 1);
    w.put(1, 2);
    w.code(0x30 + 'a', 8);
    w.code(0b0000001, 7);
    w.code(30, 5);
    EXPECT_EQ(rawProblem(w.out), cv::InflateProblem::invalid_symbol);
  }
  {
    BitWriter w;  // dynamic block whose code-length code is over-subscribed (four codes of length 1)
    w.put(1, 1);
    w.put(2, 2);
    w.put(0, 5);
    w.put(0, 5);
    w.put(0, 4);  // 4 code-length codes
    for (int i = 0; i < 4; ++i) w.put(1, 3);
    EXPECT_EQ(rawProblem(w.out), cv::InflateProblem::invalid_code_lengths);
  }
  {
    BitWriter w;  // dynamic block: HLIT 287 (> 286)
    w.put(1, 1);
    w.put(2, 2);
    w.put(30, 5);
    w.put(0, 5);
    w.put(0, 4);
    EXPECT_EQ(rawProblem(w.out), cv::InflateProblem::invalid_code_lengths);
  }
}

// The inflater decodes by table lookup while 8 input bytes remain and leaves every error to its
// bit-by-bit path at the same bit: errors deep inside a long stream, with 16 bytes after them,
// keep the exact offset (the byte holding the last bit read, counted by hand below).
TEST(Inflate, ErrorsDeepInAStreamKeepTheirOffsets) {
  // A fixed block: 100 literals 'a' (8 bits each, 3 header bits first), then `tail`, then padding.
  auto stream = [](auto tail) {
    BitWriter w;
    w.put(1, 1);
    w.put(1, 2);
    for (int i = 0; i < 100; ++i) w.code(0x30 + 'a', 8);
    tail(w);
    for (int i = 0; i < 16; ++i) w.put(0, 8);
    return w.out;
  };
  auto error = [](const Bytes& in, std::size_t max_output) {
    Bytes out;
    std::size_t consumed = 0;
    return cv::inflateRaw(in, max_output, out, consumed);
  };
  // Length 3 (code 257) at distance 200 (code 15: base 193, 6 extra bits = 7) with 100 bytes
  // written: 3 + 800 + 7 + 5 + 6 = 821 bits, byte 103.
  const Bytes far = stream([](BitWriter& w) {
    w.code(0b0000001, 7);
    w.code(15, 5);
    w.put(7, 6);
  });
  EXPECT_EQ(error(far, 1 << 20), (cv::InflateError{cv::InflateProblem::distance_too_far, 103}));
  // The same match at distance 100 is valid: 103 bytes, then the end-of-block code.
  const Bytes near = stream([](BitWriter& w) {
    w.code(0b0000001, 7);
    w.code(13, 5);  // base 97, 5 extra bits = 3
    w.put(3, 5);
    w.code(0, 7);  // 256
  });
  Bytes out;
  std::size_t consumed = 0;
  EXPECT_FALSE(cv::inflateRaw(near, 1 << 20, out, consumed));
  EXPECT_EQ(out, Bytes(103, 'a'));
  // The 51st literal with max_output 50: found when it is read, 3 + 51 * 8 = 411 bits, byte 52.
  EXPECT_EQ(error(far, 50), (cv::InflateError{cv::InflateProblem::output_too_large, 52}));
  // The match of 3 with 101 allowed: found after its distance, 3 + 800 + 7 + 5 + 5 = 820 bits, byte 103.
  EXPECT_EQ(error(near, 101), (cv::InflateError{cv::InflateProblem::output_too_large, 103}));
  // Literal/length 286 (11000110): 3 + 800 + 8 = 811 bits, byte 102.
  EXPECT_EQ(error(stream([](BitWriter& w) { w.code(0b11000110, 8); }), 1 << 20),
            (cv::InflateError{cv::InflateProblem::invalid_symbol, 102}));
  // Distance code 30 after length 3: 3 + 800 + 7 + 5 = 815 bits, byte 102.
  EXPECT_EQ(error(stream([](BitWriter& w) {
                    w.code(0b0000001, 7);
                    w.code(30, 5);
                  }),
                  1 << 20),
            (cv::InflateError{cv::InflateProblem::invalid_symbol, 102}));
}

TEST(Inflate, GzipFraming) {
  Bytes good;
  for (const InflateVector& v : kInflateVectors)
    if (std::string_view(v.name) == "gzip_k0_n5000") good = fromHex(v.hex);
  ASSERT_FALSE(good.empty());
  auto problem = [](const Bytes& in) {
    Bytes out;
    auto e = cv::gunzip(in, 1 << 20, out);
    return e ? e->problem : static_cast<cv::InflateProblem>(255);
  };
  Bytes b = good;
  b[0] = 0x1E;
  EXPECT_EQ(problem(b), cv::InflateProblem::not_gzip);
  b = good;
  b[2] = 7;
  EXPECT_EQ(problem(b), cv::InflateProblem::unsupported_method);
  b = good;
  b[3] = 0x20;
  EXPECT_EQ(problem(b), cv::InflateProblem::reserved_flags);
  b = good;
  b[b.size() - 8] ^= 1;
  EXPECT_EQ(problem(b), cv::InflateProblem::crc_mismatch);
  b = good;
  b[b.size() - 4] ^= 1;
  EXPECT_EQ(problem(b), cv::InflateProblem::size_mismatch);
  b = good;
  b.push_back(0);
  EXPECT_EQ(problem(b), cv::InflateProblem::trailing_bytes);
  Bytes out;
  EXPECT_EQ(cv::gunzip(good, 4999, out)->problem, cv::InflateProblem::output_too_large);
}
