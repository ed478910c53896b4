// LZ4 (wire/lz4.h) and snappy (wire/snappy.h) against payloads written by independent writers: the
// lz4 command line and python-snappy, wrapped in xerial's framing (tests/native/codec_vectors.h, by
// gen_codec_vectors.py), and every error on bytes changed from them or written here by hand.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "codec_vectors.h"
#include "test_util.h"
#include "wire/lz4.h"
#include "wire/snappy.h"

using namespace coordination;
using testutil::fromHex;

namespace {

using Bytes = std::vector<std::uint8_t>;

// The inputs of gen_codec_vectors.py: TEXT[:n] and TAIL.
Bytes codecText(std::size_t n) {
  static constexpr std::string_view kPhrase = "kafka coordination lease m-1 granted ";
  Bytes b;
  for (std::size_t i = 0; i < n; ++i) b.push_back(static_cast<std::uint8_t>(kPhrase[i % kPhrase.size()]));
  return b;
}
Bytes codecTail() { return fromHex(kCodecTailHex); }
Bytes concat(Bytes a, const Bytes& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}
Bytes bytesOf(std::string_view s) { return Bytes(s.begin(), s.end()); }
void putLe32(Bytes& b, std::size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v >> (8 * i));
}
void putBe32(Bytes& b, std::uint32_t v) {
  for (int i = 3; i >= 0; --i) b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

// An LZ4 frame header by hand: magic, FLG, BD, the header checksum (xxh32, which the CLI's frames
// below hold to the reference).
Bytes lz4Header(std::uint8_t flg, std::uint8_t bd) {
  Bytes b = {0x04, 0x22, 0x4D, 0x18, flg, bd};
  b.push_back(static_cast<std::uint8_t>((xxh32(std::span(b).subspan(4, 2)) >> 8) & 0xFF));
  return b;
}
Bytes lz4Frame(std::initializer_list<Bytes> blocks, std::uint8_t flg = 0x60, std::uint8_t bd = 0x40) {
  Bytes f = lz4Header(flg, bd);
  for (const Bytes& block : blocks) {
    const std::size_t at = f.size();
    f.resize(at + 4);
    putLe32(f, at, static_cast<std::uint32_t>(block.size()));
    f.insert(f.end(), block.begin(), block.end());
  }
  f.insert(f.end(), {0, 0, 0, 0});
  return f;
}

std::optional<Lz4Error> frame(const Bytes& in, Bytes& out, std::size_t max = std::size_t{256} << 20) {
  out.clear();
  return coordination::lz4Frame(in, max, out);
}
std::optional<Lz4Error> block(const Bytes& in, Bytes& out, std::size_t max = 1 << 20) {
  out.clear();
  return lz4Block(in, max, out);
}
std::optional<SnappyError> kafkaSnappy(const Bytes& in, Bytes& out, std::size_t max = std::size_t{256} << 20) {
  out.clear();
  return snappyKafka(in, max, out);
}

}  // namespace

TEST(Xxh32, SpecValues) {
  // xxhash's reference values (xxhsum -H0): the empty input and "abc" with seed 0.
  EXPECT_EQ(xxh32({}), 0x02CC5D05u);
  const Bytes abc = bytesOf("abc");
  EXPECT_EQ(xxh32(abc), 0x32D153FFu);
}

TEST(Lz4, FramesOfTheLz4CommandLine) {
  Bytes out;
  EXPECT_EQ(frame(fromHex(kLz4KafkaHex), out), std::nullopt);
  EXPECT_EQ(out, codecText(70000));
  // Block and content checksums, content size, and an uncompressed block (the random tail).
  const Bytes checks = fromHex(kLz4ChecksumsHex);
  EXPECT_EQ(frame(checks, out), std::nullopt);
  EXPECT_EQ(out, concat(codecText(65536), codecTail()));
  const std::size_t first = 15;  // magic, FLG, BD, content size, HC
  const std::uint32_t size1 = checks[first] | checks[first + 1] << 8 | checks[first + 2] << 16;
  EXPECT_EQ(checks[first + 3] & 0x80, 0);
  EXPECT_EQ(checks[first + 4 + size1 + 4 + 3] & 0x80, 0x80) << "the second block is stored uncompressed";
  EXPECT_EQ(frame(fromHex(kLz4B7Hex), out), std::nullopt);
  EXPECT_EQ(out, codecText(1000));
  EXPECT_EQ(frame(fromHex(kLz4EmptyHex), out), std::nullopt);
  EXPECT_TRUE(out.empty());
  // Appends: what `out` held stays.
  out = {1, 2};
  EXPECT_EQ(coordination::lz4Frame(fromHex(kLz4B7Hex), 1000, out), std::nullopt);
  EXPECT_EQ(out, concat({1, 2}, codecText(1000)));
  // Exactly max_output.
  EXPECT_EQ(frame(fromHex(kLz4KafkaHex), out, 70000), std::nullopt);
}

TEST(Lz4, EveryCutIsTruncatedAtTheEnd) {
  for (const auto hex : {kLz4KafkaHex, kLz4ChecksumsHex}) {
    const Bytes whole = fromHex(hex);
    for (std::size_t n = 0; n < whole.size(); ++n) {
      Bytes out;
      const Bytes cut(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(n));
      EXPECT_EQ(frame(cut, out), (Lz4Error{Lz4Problem::truncated, n})) << n;
    }
  }
}

TEST(Lz4, FrameHeaderRefusals) {
  Bytes out;
  const Bytes kafka = fromHex(kLz4KafkaHex);
  Bytes b = kafka;
  b[0] ^= 1;
  EXPECT_EQ(frame(b, out), (Lz4Error{Lz4Problem::not_lz4, 0}));
  // A skippable frame (magic 0x184D2A50) is no LZ4 frame for Kafka either.
  EXPECT_EQ(frame(Bytes{0x50, 0x2A, 0x4D, 0x18, 0, 0, 0, 0}, out), (Lz4Error{Lz4Problem::not_lz4, 0}));
  EXPECT_EQ(frame(lz4Frame({}, 0xA0), out), (Lz4Error{Lz4Problem::unsupported_version, 4}));
  EXPECT_EQ(frame(lz4Frame({}, 0x62), out), (Lz4Error{Lz4Problem::reserved_bits, 4}));
  EXPECT_EQ(frame(lz4Frame({}, 0x61), out), (Lz4Error{Lz4Problem::dictionary_id, 4}));
  EXPECT_EQ(frame(fromHex(kLz4DependentHex), out), (Lz4Error{Lz4Problem::dependent_blocks, 4}));
  EXPECT_EQ(frame(lz4Frame({}, 0x60, 0x41), out), (Lz4Error{Lz4Problem::reserved_bits, 5}));
  EXPECT_EQ(frame(lz4Frame({}, 0x60, 0xC0), out), (Lz4Error{Lz4Problem::reserved_bits, 5}));
  EXPECT_EQ(frame(lz4Frame({}, 0x60, 0x30), out), (Lz4Error{Lz4Problem::invalid_block_maximum, 5}));
  b = kafka;
  b[6] ^= 0x01;
  EXPECT_EQ(frame(b, out), (Lz4Error{Lz4Problem::header_checksum_mismatch, 6}));
  // With a content size, the checksum covers it.
  b = fromHex(kLz4ChecksumsHex);
  b[6] ^= 0x01;
  EXPECT_EQ(frame(b, out), (Lz4Error{Lz4Problem::header_checksum_mismatch, 14}));
  EXPECT_EQ(frame(lz4Frame({}, 0x60, 0x40), out), std::nullopt);  // built right, by hand
}

TEST(Lz4, BlockRefusals) {
  Bytes out;
  const Bytes kafka = fromHex(kLz4KafkaHex);
  // A stored size above the 64 KB maximum.
  Bytes b = kafka;
  putLe32(b, 7, 65537);
  EXPECT_EQ(frame(b, out), (Lz4Error{Lz4Problem::block_too_large, 7}));
  // A block whose output passes 64 KB: 'a', then a match of 1 + 4 + 15 + 255 * 300 bytes at offset 1.
  Bytes big = {0x1F, 'a', 0x01, 0x00};
  for (int i = 0; i < 300; ++i) big.push_back(255);
  big.push_back(0);
  big.insert(big.end(), {0x10, 'z'});
  EXPECT_EQ(frame(lz4Frame({big}), out), (Lz4Error{Lz4Problem::block_too_large, 7 + 4 + 2}));
  EXPECT_EQ(block(big, out), std::nullopt);  // alone, within its 1 MiB
  EXPECT_EQ(out.size(), 1 + 4 + 15 + 255 * 300 + 1u);
  // ... and under a 1 MB block maximum the same block is read.
  EXPECT_EQ(frame(lz4Frame({big}, 0x60, 0x60), out), std::nullopt);
  // Past max_output: the budget, not the block maximum, is the bound.
  EXPECT_EQ(frame(kafka, out, 1000).value().problem, Lz4Problem::output_too_large);
  EXPECT_EQ(frame(lz4Frame({Bytes{0x30, 'a', 'b', 'c'}}, 0x60, 0x40), out, 2).value().problem,
            Lz4Problem::output_too_large);
  // An uncompressed block past max_output.
  Bytes raw = lz4Header(0x60, 0x40);
  raw.insert(raw.end(), {3, 0, 0, 0x80, 'a', 'b', 'c', 0, 0, 0, 0});
  EXPECT_EQ(frame(raw, out), std::nullopt);
  EXPECT_EQ(out, bytesOf("abc"));
  EXPECT_EQ(frame(raw, out, 2), (Lz4Error{Lz4Problem::output_too_large, 11}));
  // The end mark with the uncompressed bit (Kafka and lz4 mask it first).
  Bytes end80 = lz4Frame({Bytes{0x30, 'a', 'b', 'c'}});
  end80.back() = 0x80;
  EXPECT_EQ(frame(end80, out), std::nullopt);
  // Independent blocks: the second block's match cannot reach the first block's output.
  const Bytes second = {0x00, 0x04, 0x00, 0x10, 'x'};
  EXPECT_EQ(frame(lz4Frame({Bytes{0x40, 'a', 'b', 'c', 'd'}, second}), out),
            (Lz4Error{Lz4Problem::offset_too_far, 7 + 4 + 5 + 4 + 1}));
  // A block checksum that does not match (a byte of the first block changed).
  b = fromHex(kLz4ChecksumsHex);
  b[15 + 4 + 10] ^= 0x20;
  const std::uint32_t size1 = b[15] | b[16] << 8 | b[17] << 16;
  EXPECT_EQ(frame(b, out), (Lz4Error{Lz4Problem::block_checksum_mismatch, 15 + 4 + size1}));
  // The content checksum, and the content size.
  b = fromHex(kLz4ChecksumsHex);
  b[b.size() - 1] ^= 1;
  EXPECT_EQ(frame(b, out), (Lz4Error{Lz4Problem::content_checksum_mismatch, b.size() - 4}));
  b = fromHex(kLz4ChecksumsHex);
  b[6] ^= 1;  // the content size's low byte
  b[14] = static_cast<std::uint8_t>((xxh32(std::span(b).subspan(4, 10)) >> 8) & 0xFF);
  EXPECT_EQ(frame(b, out), (Lz4Error{Lz4Problem::content_size_mismatch, 6}));
  // Bytes after the end mark.
  b = kafka;
  b.push_back(0);
  EXPECT_EQ(frame(b, out), (Lz4Error{Lz4Problem::trailing_bytes, kafka.size()}));
}

TEST(Lz4, RawBlocks) {
  Bytes out;
  EXPECT_EQ(block(Bytes{0x30, 'a', 'b', 'c'}, out), std::nullopt);
  EXPECT_EQ(out, bytesOf("abc"));
  // A run: 'a' then a match of 8 at offset 1 (overlapping), then the last literals.
  EXPECT_EQ(block(Bytes{0x14, 'a', 0x01, 0x00, 0x10, 'b'}, out), std::nullopt);
  EXPECT_EQ(out, bytesOf("aaaaaaaaab"));
  // A literal length with extra bytes: 15 + 255 + 3 = 273.
  Bytes lit = {0xF0, 255, 3};
  for (int i = 0; i < 273; ++i) lit.push_back('q');
  EXPECT_EQ(block(lit, out), std::nullopt);
  EXPECT_EQ(out.size(), 273u);
  EXPECT_EQ(block(Bytes{}, out), (Lz4Error{Lz4Problem::truncated, 0}));
  EXPECT_EQ(block(Bytes{0x50, 'a', 'b'}, out), (Lz4Error{Lz4Problem::truncated, 3}));
  EXPECT_EQ(block(Bytes{0xF0, 255}, out), (Lz4Error{Lz4Problem::truncated, 2}));
  EXPECT_EQ(block(Bytes{0x10, 'a', 0x01}, out), (Lz4Error{Lz4Problem::truncated, 3}));
  EXPECT_EQ(block(Bytes{0x1F, 'a', 0x01, 0x00, 255}, out), (Lz4Error{Lz4Problem::truncated, 5}));
  // The last sequence must be literals only: a block that ends after a match is cut.
  EXPECT_EQ(block(Bytes{0x10, 'a', 0x01, 0x00}, out), (Lz4Error{Lz4Problem::truncated, 4}));
  EXPECT_EQ(block(Bytes{0x10, 'a', 0x00, 0x00, 0x10, 'b'}, out), (Lz4Error{Lz4Problem::invalid_offset, 2}));
  EXPECT_EQ(block(Bytes{0x10, 'a', 0x02, 0x00, 0x10, 'b'}, out), (Lz4Error{Lz4Problem::offset_too_far, 2}));
  // What `out` held before the block is out of reach.
  out = {1, 2, 3};
  EXPECT_EQ(lz4Block(Bytes{0x00, 0x01, 0x00, 0x10, 'b'}, 100, out), (Lz4Error{Lz4Problem::offset_too_far, 1}));
  // Past max_output: a literal run, then a match.
  EXPECT_EQ(block(Bytes{0x30, 'a', 'b', 'c'}, out, 2), (Lz4Error{Lz4Problem::output_too_large, 1}));
  EXPECT_EQ(block(Bytes{0x14, 'a', 0x01, 0x00, 0x10, 'b'}, out, 5), (Lz4Error{Lz4Problem::output_too_large, 2}));
}

TEST(Snappy, PayloadsOfPythonSnappyRawAndXerialFramed) {
  Bytes out;
  EXPECT_EQ(kafkaSnappy(fromHex(kSnappyBlockHex), out), std::nullopt);
  EXPECT_EQ(out, codecText(70000));
  EXPECT_EQ(kafkaSnappy(fromHex(kSnappyXerialHex), out), std::nullopt);
  EXPECT_EQ(out, concat(codecText(70000), codecTail()));
  // Exactly max_output; and one byte less.
  EXPECT_EQ(kafkaSnappy(fromHex(kSnappyBlockHex), out, 70000), std::nullopt);
  EXPECT_EQ(kafkaSnappy(fromHex(kSnappyBlockHex), out, 69999), (SnappyError{SnappyProblem::output_too_large, 0}));
  // The second chunk's length is past what is left of max_output (its preamble names it).
  const Bytes x = fromHex(kSnappyXerialHex);
  const std::size_t chunk1 = std::size_t{x[16]} << 24 | x[17] << 16 | x[18] << 8 | x[19];
  EXPECT_EQ(kafkaSnappy(x, out, 40000), (SnappyError{SnappyProblem::output_too_large, 16 + 4 + chunk1 + 4}));
  // Concatenated streams: a second header between chunks.
  Bytes twice = concat(x, Bytes(x.begin(), x.end()));
  EXPECT_EQ(kafkaSnappy(twice, out), std::nullopt);
  const Bytes once = concat(codecText(70000), codecTail());
  EXPECT_EQ(out, concat(once, once));
}

TEST(Snappy, EveryCutOfARawBlockIsRefused) {
  const Bytes whole = fromHex(kSnappyBlockHex);
  for (std::size_t n = 0; n < whole.size(); ++n) {
    Bytes out;
    const Bytes cut(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(n));
    const auto e = snappyRaw(cut, 1 << 20, out);
    ASSERT_TRUE(e) << n;
    EXPECT_TRUE(e->problem == SnappyProblem::truncated || e->problem == SnappyProblem::length_mismatch) << n;
  }
}

TEST(Snappy, RawRefusals) {
  Bytes out;
  EXPECT_EQ(kafkaSnappy(Bytes{}, out), (SnappyError{SnappyProblem::truncated, 0}));
  EXPECT_EQ(kafkaSnappy(Bytes{0x80}, out), (SnappyError{SnappyProblem::truncated, 1}));
  EXPECT_EQ(kafkaSnappy(Bytes{0x80, 0x80, 0x80, 0x80, 0x80, 0x01}, out),
            (SnappyError{SnappyProblem::invalid_length, 0}));
  EXPECT_EQ(kafkaSnappy(Bytes{0xFF, 0xFF, 0xFF, 0xFF, 0x1F}, out), (SnappyError{SnappyProblem::invalid_length, 0}));
  EXPECT_EQ(kafkaSnappy(Bytes{0x00}, out), std::nullopt);  // an empty output
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(kafkaSnappy(Bytes{0x03, 0x08, 'a', 'b', 'c'}, out), std::nullopt);
  EXPECT_EQ(out, bytesOf("abc"));
  // Copies: 1-, 2- and 4-byte offsets, overlapping runs.
  EXPECT_EQ(kafkaSnappy(Bytes{0x0A, 0x00, 'a', 0x01, 0x01, 0x12, 0x01, 0x00}, out), std::nullopt);
  EXPECT_EQ(out, bytesOf("aaaaaaaaaa"));
  EXPECT_EQ(kafkaSnappy(Bytes{0x03, 0x00, 'a', 0x07, 0x01, 0x00, 0x00, 0x00}, out), std::nullopt);
  EXPECT_EQ(out, bytesOf("aaa"));
  // Literal lengths in 1..4 bytes after the tag (60..63).
  Bytes lit = {0x80, 0x01, 60 << 2, 127};
  for (int i = 0; i < 128; ++i) lit.push_back('x');
  EXPECT_EQ(kafkaSnappy(lit, out), std::nullopt);
  EXPECT_EQ(out.size(), 256u / 2);
  lit = {0x02, 63 << 2, 1, 0, 0, 0, 'x', 'y'};
  EXPECT_EQ(kafkaSnappy(lit, out), std::nullopt);
  EXPECT_EQ(out, bytesOf("xy"));
  lit = {0x02, 63 << 2, 1, 0, 0};
  EXPECT_EQ(kafkaSnappy(lit, out), (SnappyError{SnappyProblem::truncated, 5}));
  // A 4-byte literal length of 2^32 - 1 + 1 against a small stated length.
  lit = {0x02, 63 << 2, 0xFF, 0xFF, 0xFF, 0xFF};
  EXPECT_EQ(kafkaSnappy(lit, out), (SnappyError{SnappyProblem::length_mismatch, 1}));
  EXPECT_EQ(kafkaSnappy(Bytes{0x05, 0x04, 'a'}, out), (SnappyError{SnappyProblem::truncated, 3}));
  EXPECT_EQ(kafkaSnappy(Bytes{0x05, 0x00, 'a', 0x01, 0x00}, out), (SnappyError{SnappyProblem::invalid_offset, 3}));
  EXPECT_EQ(kafkaSnappy(Bytes{0x05, 0x00, 'a', 0x01, 0x02}, out), (SnappyError{SnappyProblem::offset_too_far, 3}));
  EXPECT_EQ(kafkaSnappy(Bytes{0x05, 0x00, 'a', 0x01}, out), (SnappyError{SnappyProblem::truncated, 4}));
  EXPECT_EQ(kafkaSnappy(Bytes{0x05, 0x00, 'a', 0x02, 0x01}, out), (SnappyError{SnappyProblem::truncated, 5}));
  EXPECT_EQ(kafkaSnappy(Bytes{0x05, 0x00, 'a', 0x03, 0x01, 0, 0}, out), (SnappyError{SnappyProblem::truncated, 7}));
  EXPECT_EQ(kafkaSnappy(Bytes{0x01, 0x04, 'a', 'b'}, out), (SnappyError{SnappyProblem::length_mismatch, 1}));
  EXPECT_EQ(kafkaSnappy(Bytes{0x03, 0x00, 'a'}, out), (SnappyError{SnappyProblem::length_mismatch, 3}));
  EXPECT_EQ(kafkaSnappy(Bytes{0x02, 0x00, 'a', 0x05, 0x01}, out), (SnappyError{SnappyProblem::length_mismatch, 3}));
  // What `out` held before is out of reach of a copy.
  out = {1, 2, 3};
  EXPECT_EQ(snappyRaw(Bytes{0x04, 0x01, 0x01}, 100, out), (SnappyError{SnappyProblem::offset_too_far, 1}));
  // A stated length past max_output is refused before anything is written.
  out = Bytes{};
  EXPECT_EQ(snappyRaw(Bytes{0xFF, 0xFF, 0xFF, 0xFF, 0x0F}, std::size_t{256} << 20, out),
            (SnappyError{SnappyProblem::output_too_large, 0}));
  EXPECT_EQ(out.capacity(), 0u);
}

TEST(Snappy, XerialFramingRefusals) {
  Bytes out;
  const Bytes x = fromHex(kSnappyXerialHex);
  const Bytes header(x.begin(), x.begin() + 16);
  // A header and no chunk: nothing.
  EXPECT_EQ(kafkaSnappy(header, out), std::nullopt);
  EXPECT_TRUE(out.empty());
  // Shorter than the header: read as one raw block (SnappyInputStream.readFully).
  const Bytes short_magic(x.begin(), x.begin() + 15);
  EXPECT_EQ(kafkaSnappy(short_magic, out), (SnappyError{SnappyProblem::offset_too_far, 2}));
  Bytes b = header;
  putBe32(b, 0x80000000u);
  EXPECT_EQ(kafkaSnappy(b, out), (SnappyError{SnappyProblem::invalid_chunk_size, 16}));
  b = header;
  putBe32(b, 5);
  b.insert(b.end(), {0x03, 0x08, 'a'});
  EXPECT_EQ(kafkaSnappy(b, out), (SnappyError{SnappyProblem::truncated, 23}));
  b = concat(x, Bytes{0, 0, 0});
  EXPECT_EQ(kafkaSnappy(b, out), (SnappyError{SnappyProblem::trailing_bytes, x.size()}));
  // An empty chunk: a raw block with no length.
  b = header;
  putBe32(b, 0);
  EXPECT_EQ(kafkaSnappy(b, out), (SnappyError{SnappyProblem::truncated, 20}));
  // An error inside a chunk names the payload's byte.
  b = header;
  putBe32(b, 5);
  b.insert(b.end(), {0x05, 0x00, 'a', 0x01, 0x00});
  EXPECT_EQ(kafkaSnappy(b, out), (SnappyError{SnappyProblem::invalid_offset, 23}));
  // Nested headers: cut, not the magic, version 0.
  b = concat(header, Bytes(header.begin(), header.begin() + 10));
  EXPECT_EQ(kafkaSnappy(b, out), (SnappyError{SnappyProblem::truncated, 26}));
  b = concat(header, header);
  b[16 + 5] = 'X';
  EXPECT_EQ(kafkaSnappy(b, out), (SnappyError{SnappyProblem::not_snappy_header, 16}));
  b = concat(header, header);
  b[16 + 11] = 0;
  EXPECT_EQ(kafkaSnappy(b, out), (SnappyError{SnappyProblem::unsupported_version, 24}));
}
