// The Zstandard decoder (wire/zstd.h) against an independent writer: the zstd CLI (Debian's zstd
// package, run by the test: each frame's command is in zstdCli's calls below), frames crafted here
// by RFC 8878 for what the CLI does not write (skippable frames, a dictionary ID, reserved bits,
// malformed sections), every truncation of CLI frames, and seeded mutations of them (an error or
// the same output, never a crash: run under ASan + UBSan by tests/fuzz/run.sh's build).
#include "wire/zstd.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "coordination_random.h"

namespace cv = coordination;
using Bytes = std::vector<std::uint8_t>;

namespace {

using testrandom::Rng;  // the tests' one seeded generator (splitmix64)

// Plaintexts: 0 words (compressible text, Huffman literals and FSE sequences), 1 random bytes (raw
// blocks), 2 runs (long matches), 3 a mix of all three, 4 records-like lines, 5 a run of 300,000
// bytes then words (RLE blocks: a whole 128 KiB block of one byte).
Bytes plaintext(int kind, std::size_t n, std::uint64_t seed = 1) {
  static const char* kWords[] = {"lease",  "role",  "member", "producer", "epoch",    "offset", "batch", "record",
                                 "kafka",  "zstd",  "frame",  "block",    "literal",  "match",  "the",   "of",
                                 "orders", "alpha", "bravo",  "charlie",  "deadline", "\n",     "42",    "granted"};
  Rng r{seed};
  Bytes out;
  out.reserve(n);
  while (out.size() < n) {
    switch (kind) {
      case 0: {
        const char* w = kWords[r.below(std::size(kWords))];
        out.insert(out.end(), w, w + std::char_traits<char>::length(w));
        out.push_back(' ');
        break;
      }
      case 1:
        out.push_back(static_cast<std::uint8_t>(r.next()));
        break;
      case 2:
        out.insert(out.end(), 1 + r.below(70000), static_cast<std::uint8_t>(r.below(3)));
        break;
      case 3: {
        const int part = static_cast<int>(r.below(3));
        const Bytes piece = plaintext(part == 0 ? 0 : part == 1 ? 1 : 2, 500 + r.below(20000), r.next());
        out.insert(out.end(), piece.begin(), piece.end());
        break;
      }
      case 5:
        if (out.empty())
          out.insert(out.end(), 300000, 'z');
        else {
          const Bytes words = plaintext(0, n - out.size(), seed);
          out.insert(out.end(), words.begin(), words.end());
        }
        break;
      default: {
        const std::string line = "{\"role\":\"role-" + std::to_string(r.below(50)) + "\",\"member\":\"m-" +
                                 std::to_string(r.below(1000)) +
                                 "\",\"deadline\":" + std::to_string(1700000000000 + r.below(100000000)) + "}\n";
        out.insert(out.end(), line.begin(), line.end());
      }
    }
  }
  out.resize(n);
  return out;
}

// `zstd -q -c OPTIONS FILE` (or `< FILE` with stdin: no content size in the frame), FILE holding `plain`.
Bytes zstdCli(const Bytes& plain, const std::string& options, bool stdin_input = false) {
  char path[] = "/tmp/zstd_test_XXXXXX";
  const int fd = mkstemp(path);
  EXPECT_GE(fd, 0);
  if (!plain.empty()) {
    EXPECT_EQ(write(fd, plain.data(), plain.size()), static_cast<ssize_t>(plain.size()));
  }
  close(fd);
  const std::string command = "zstd -q -c " + options + (stdin_input ? " < " : " ") + path + " 2>/dev/null";
  Bytes out;
  FILE* pipe = popen(command.c_str(), "r");
  EXPECT_NE(pipe, nullptr) << command;
  if (pipe) {
    std::uint8_t buf[65536];
    std::size_t got = 0;
    while ((got = fread(buf, 1, sizeof buf, pipe)) > 0) out.insert(out.end(), buf, buf + got);
    EXPECT_EQ(pclose(pipe), 0) << command << " (is Debian's zstd package installed? .ci/install-deps.sh)";
  }
  unlink(path);
  return out;
}

std::optional<cv::ZstdError> decompress(const Bytes& in, Bytes& out, std::size_t max = std::size_t{1} << 30) {
  out.clear();
  return cv::zstdDecompress(in, max, out);
}

std::string describe(const std::optional<cv::ZstdError>& e) {
  if (!e) return "ok";
  return std::string(cv::zstdProblemName(e->problem)) + " at " + std::to_string(e->offset);
}

std::uint32_t le24(const Bytes& b, std::size_t at) { return b[at] | b[at + 1] << 8 | b[at + 2] << 16; }

// What a frame's blocks use, read by walking them here (independently of the decoder): the block
// types, and in compressed blocks the literals types, 4 streams, FSE-compressed Huffman weights and
// the sequences' table modes.
struct Features {
  std::set<std::string> seen;
};
void walk(const Bytes& b, Features& f) {
  std::size_t pos = 0;
  while (pos + 4 <= b.size()) {
    const std::uint32_t magic = b[pos] | b[pos + 1] << 8 | b[pos + 2] << 16 | std::uint32_t{b[pos + 3]} << 24;
    if ((magic & 0xFFFFFFF0u) == 0x184D2A50u) {
      f.seen.insert("skippable");
      pos += 8 + (b[pos + 4] | b[pos + 5] << 8 | b[pos + 6] << 16 | std::uint32_t{b[pos + 7]} << 24);
      continue;
    }
    const std::uint8_t fhd = b[pos + 4];
    const bool single = fhd & 0x20;
    static const int kFcs[] = {0, 2, 4, 8}, kDid[] = {0, 1, 2, 4};
    const int fcs = (fhd >> 6) == 0 && single ? 1 : kFcs[fhd >> 6];
    f.seen.insert(single ? "single_segment" : "window_descriptor");
    if (fhd & 4) f.seen.insert("checksum");
    if (fcs) f.seen.insert("content_size_" + std::to_string(fcs));
    pos += 5 + (single ? 0 : 1) + static_cast<std::size_t>(kDid[fhd & 3] + fcs);
    for (;;) {
      const std::uint32_t h = le24(b, pos);
      const std::size_t size = h >> 3;
      const int type = (h >> 1) & 3;
      static const char* kTypes[] = {"raw_block", "rle_block", "compressed_block", "reserved"};
      f.seen.insert(kTypes[type]);
      pos += 3;
      if (type == 2) {
        const std::uint8_t* p = b.data() + pos;
        const int lt = p[0] & 3, sf = (p[0] >> 2) & 3;
        static const char* kLits[] = {"raw_literals", "rle_literals", "huffman_literals", "treeless_literals"};
        f.seen.insert(kLits[lt]);
        std::size_t lit_bytes = 0;
        if (lt <= 1) {
          const std::size_t header = (sf & 1) == 0 ? 1 : sf == 1 ? 2 : 3;
          const std::size_t regen = header == 1   ? p[0] >> 3
                                    : header == 2 ? (p[0] >> 4) + (p[1] << 4)
                                                  : (p[0] >> 4) + (p[1] << 4) + (p[2] << 12);
          lit_bytes = header + (lt == 0 ? regen : 1);
        } else {
          f.seen.insert(sf == 0 ? "1_stream" : "4_streams");
          std::size_t header = sf <= 1 ? 3 : sf == 2 ? 4 : 5, compressed = 0;
          const std::uint64_t v = p[0] | p[1] << 8 | p[2] << 16 | std::uint64_t{p[3]} << 24 | std::uint64_t{p[4]} << 32;
          compressed = header == 3 ? (v >> 14) & 0x3FF : header == 4 ? (v >> 18) & 0x3FFF : (v >> 22) & 0x3FFFF;
          if (lt == 2) f.seen.insert(p[header] < 128 ? "fse_weights" : "direct_weights");
          lit_bytes = header + compressed;
        }
        const std::uint8_t* s = p + lit_bytes;
        if (s[0] == 0) {
          f.seen.insert("no_sequences");
        } else {
          const std::size_t nb = s[0] < 128 ? 1 : s[0] < 255 ? 2 : 3;
          const std::uint8_t modes = s[nb];
          static const char* kModes[] = {"predefined", "rle", "fse", "repeat"};
          f.seen.insert(std::string("ll_") + kModes[modes >> 6]);
          f.seen.insert(std::string("of_") + kModes[(modes >> 4) & 3]);
          f.seen.insert(std::string("ml_") + kModes[(modes >> 2) & 3]);
        }
      }
      pos += type == 1 ? 1 : size;
      if (h & 1) break;
    }
    if (fhd & 4) pos += 4;
  }
}

struct Case {
  int kind;
  std::size_t size;
  std::string options;
  bool stdin_input = false;
};

// The CLI frames of the tests: every level asked for, small and large inputs.
std::vector<Case> cases() {
  std::vector<Case> c;
  for (const std::string level : {"-1", "-3", "-9", "-19", "--ultra -22", "--long -3", "--no-check -3", "-3 --check"}) {
    const bool slow = level == "-9" || level == "-19" || level == "--ultra -22";
    for (int kind = 0; kind <= 4; ++kind) {
      for (std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{100}, std::size_t{5000}})
        c.push_back({kind, size, level});
      // Over 128 KiB: several blocks (the slow levels on two kinds only: the suite's time).
      if (!slow || kind == 0 || kind == 3) c.push_back({kind, 300000, level});
    }
  }
  for (int kind = 0; kind <= 4; ++kind) c.push_back({kind, 1 << 20, "-3", true});  // no content size
  c.push_back({3, 3 << 20, "-9"});
  c.push_back({5, 400000, "-3"});
  c.push_back({5, 400000, "-19 --no-check"});
  c.push_back({0, 200000, "-3 --no-check", true});
  return c;
}

Bytes skippable(std::uint8_t low_nibble, const Bytes& data) {
  Bytes f = {static_cast<std::uint8_t>(0x50 | low_nibble), 0x2A, 0x4D, 0x18};
  const auto n = static_cast<std::uint32_t>(data.size());
  for (int i = 0; i < 4; ++i) f.push_back(static_cast<std::uint8_t>(n >> (8 * i)));
  f.insert(f.end(), data.begin(), data.end());
  return f;
}

// A frame made here: magic, FHD, the header's other bytes, then blocks (bytes as given).
Bytes frame(std::uint8_t fhd, const Bytes& header_rest, const Bytes& blocks) {
  Bytes f = {0x28, 0xB5, 0x2F, 0xFD, fhd};
  f.insert(f.end(), header_rest.begin(), header_rest.end());
  f.insert(f.end(), blocks.begin(), blocks.end());
  return f;
}
Bytes blockHeader(bool last, int type, std::size_t size) {
  const std::uint32_t h =
      (last ? 1u : 0u) | static_cast<std::uint32_t>(type) << 1 | static_cast<std::uint32_t>(size) << 3;
  return {static_cast<std::uint8_t>(h), static_cast<std::uint8_t>(h >> 8), static_cast<std::uint8_t>(h >> 16)};
}
Bytes cat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

}  // namespace

TEST(Zstd, Xxh64KnownValues) {
  EXPECT_EQ(cv::xxh64({}, 0), 0xEF46DB3751D8E999ull);
  const std::string abc = "abc";
  EXPECT_EQ(cv::xxh64(std::span(reinterpret_cast<const std::uint8_t*>(abc.data()), abc.size()), 0),
            0x44BC2CF5AD770999ull);
}

TEST(Zstd, CliFramesDecodeToTheirInput) {
  Features all;
  for (const Case& c : cases()) {
    const Bytes plain = plaintext(c.kind, c.size);
    const Bytes z = zstdCli(plain, c.options, c.stdin_input);
    ASSERT_FALSE(z.empty());
    Bytes out;
    const auto e = decompress(z, out);
    ASSERT_FALSE(e) << "kind " << c.kind << " size " << c.size << " zstd " << c.options << ": " << describe(e);
    ASSERT_EQ(out, plain) << "kind " << c.kind << " size " << c.size << " zstd " << c.options;
    walk(z, all);
  }
  // What the frames used, as walked above: every block, literals and table kind the decoder has but
  // direct Huffman weights, which zstd 1.5.4 did not write here (MalformedCompressedBlocks decodes a
  // tree of them, crafted).
  for (const char* feature : {"single_segment",
                              "window_descriptor",
                              "checksum",
                              "content_size_1",
                              "content_size_2",
                              "content_size_4",
                              "raw_block",
                              "rle_block",
                              "compressed_block",
                              "raw_literals",
                              "rle_literals",
                              "huffman_literals",
                              "treeless_literals",
                              "1_stream",
                              "4_streams",
                              "fse_weights",
                              "ll_predefined",
                              "ll_rle",
                              "ll_fse",
                              "ll_repeat",
                              "of_predefined",
                              "of_rle",
                              "of_fse",
                              "of_repeat",
                              "ml_predefined",
                              "ml_rle",
                              "ml_fse",
                              "ml_repeat"})
    EXPECT_TRUE(all.seen.count(feature)) << feature << " not in any CLI frame";
  std::string seen;
  for (const std::string& s : all.seen) seen += s + " ";
  std::printf("features of the CLI frames: %s\n", seen.c_str());
}

TEST(Zstd, ConcatenatedAndSkippableFrames) {
  const Bytes a = plaintext(0, 70000, 5), b = plaintext(2, 200000, 6), c = plaintext(1, 10, 7);
  const Bytes za = zstdCli(a, "-3"), zb = zstdCli(b, "-19 --no-check"), zc = zstdCli(c, "-1");
  const Bytes skip0 = skippable(0, {}), skip1 = skippable(15, plaintext(1, 300, 8));
  Bytes want = a;
  want.insert(want.end(), b.begin(), b.end());
  want.insert(want.end(), c.begin(), c.end());
  Bytes out;
  for (const Bytes& in : {cat({za, zb, zc}), cat({skip1, za, skip0, zb, zc, skip1}), cat({za, skip0, zb, skip1, zc})}) {
    ASSERT_FALSE(decompress(in, out));
    EXPECT_EQ(out, want);
  }
  ASSERT_FALSE(decompress(cat({skip0, skip1}), out));  // only skippable frames: nothing
  EXPECT_TRUE(out.empty());
  // Output appends to what `out` holds; max_output is over all frames.
  out = {9, 9};
  ASSERT_FALSE(cv::zstdDecompress(cat({za, zb}), a.size() + b.size(), out));
  EXPECT_EQ(out.size(), 2 + a.size() + b.size());
  out.clear();
  auto e = cv::zstdDecompress(cat({za, zb}), a.size() + b.size() - 1, out);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->problem, cv::ZstdProblem::output_too_large);
  // (b's frame has a content size: refused at its field, before its blocks)
  EXPECT_EQ(e->offset, za.size() + 5 + ((zb[4] & 0x20) ? 0 : 1));
  // What follows a frame must start another one.
  e = decompress(cat({za, Bytes{1, 2, 3, 4, 5}}), out);
  ASSERT_TRUE(e);
  EXPECT_EQ(*e, (cv::ZstdError{cv::ZstdProblem::bad_magic, za.size()}));
  e = decompress(cat({za, Bytes{0x28, 0xB5}}), out);
  EXPECT_EQ(*e, (cv::ZstdError{cv::ZstdProblem::truncated, za.size() + 2}));
  Bytes cut_skip = skippable(3, Bytes(10, 0));
  cut_skip.pop_back();
  e = decompress(cut_skip, out);
  EXPECT_EQ(*e, (cv::ZstdError{cv::ZstdProblem::truncated, 17}));
  EXPECT_EQ(*decompress({}, out), (cv::ZstdError{cv::ZstdProblem::truncated, 0}));
}

TEST(Zstd, EveryTruncationIsTruncated) {
  // Every cut of small frames (all block kinds), and of a 4-stream multi-block frame.
  for (const Case& c : {Case{0, 3000, "-19"}, Case{2, 200000, "-3"}, Case{4, 20000, "-9 --no-check"},
                        Case{1, 300, "-1"}, Case{0, 0, "-3"}}) {
    const Bytes z = zstdCli(plaintext(c.kind, c.size), c.options);
    for (std::size_t n = 0; n < z.size(); ++n) {
      Bytes out;
      const Bytes cut(z.begin(), z.begin() + static_cast<std::ptrdiff_t>(n));
      const auto e = decompress(cut, out);
      ASSERT_TRUE(e) << "cut at " << n;
      ASSERT_EQ(*e, (cv::ZstdError{cv::ZstdProblem::truncated, n})) << describe(e) << ", zstd " << c.options;
    }
  }
}

TEST(Zstd, OutputIsBounded) {
  const Bytes plain = plaintext(3, 400000, 9);
  for (const char* options : {"-3", "-3 --no-check"}) {
    for (bool stdin_input : {false, true}) {  // with and without a content size
      const Bytes z = zstdCli(plain, options, stdin_input);
      for (std::size_t max :
           {std::size_t{0}, std::size_t{1}, std::size_t{4096}, std::size_t{131072}, plain.size() - 1}) {
        Bytes out;
        const auto e = decompress(z, out, max);
        ASSERT_TRUE(e);
        EXPECT_EQ(e->problem, cv::ZstdProblem::output_too_large) << describe(e);
        EXPECT_LE(out.size(), max);
        EXPECT_LE(out.capacity(), std::max<std::size_t>(max, 1) * 2 + 65536) << "grown past the limit";
      }
      Bytes out;
      ASSERT_FALSE(decompress(z, out, plain.size()));
      EXPECT_EQ(out, plain);
    }
  }
}

TEST(Zstd, ChecksumAndContentSize) {
  const Bytes plain = plaintext(0, 5000, 3);
  const Bytes z = zstdCli(plain, "-3 --check");
  ASSERT_TRUE(z[4] & 4);
  Bytes bad = z;
  bad.back() ^= 0x01;
  Bytes out;
  EXPECT_EQ(*decompress(bad, out), (cv::ZstdError{cv::ZstdProblem::checksum_mismatch, z.size() - 4}));
  // The content size field (single segment, 2 bytes: value - 256) one more or one less.
  ASSERT_EQ(z[4] >> 6, 1);
  ASSERT_TRUE(z[4] & 0x20);
  for (int delta : {-1, 1}) {
    bad = z;
    bad[5] = static_cast<std::uint8_t>(bad[5] + delta);
    const auto e = decompress(bad, out);
    ASSERT_TRUE(e);
    // Less: found at the block that passes it (single segment: Block_Maximum_Size is the size, so that
    // block is too large); more: at the frame's end.
    if (delta < 0) {
      EXPECT_TRUE(e->problem == cv::ZstdProblem::block_too_large ||
                  e->problem == cv::ZstdProblem::content_size_mismatch)
          << describe(e);
    } else {
      EXPECT_EQ(*e, (cv::ZstdError{cv::ZstdProblem::content_size_mismatch, z.size() - 4})) << describe(e);
    }
  }
  // Crafted: content size 5, one raw block of 4 then of 6 bytes (a window descriptor, 1 KiB).
  const Bytes four = frame(0x00 | 0x00, {0x00}, cat({blockHeader(true, 0, 4), Bytes{1, 2, 3, 4}}));
  ASSERT_FALSE(decompress(four, out));
  EXPECT_EQ(out, (Bytes{1, 2, 3, 4}));
  // FCS flag 0 without single segment: no content size; with a 1-byte FCS only when single.
  const Bytes fcs5 = frame(0x20, {5}, cat({blockHeader(true, 0, 4), Bytes{1, 2, 3, 4}}));
  EXPECT_EQ(*decompress(fcs5, out), (cv::ZstdError{cv::ZstdProblem::content_size_mismatch, fcs5.size()}));
  const Bytes fcs5b =
      frame(0x20, {5}, cat({blockHeader(false, 0, 4), Bytes{1, 2, 3, 4}, blockHeader(true, 1, 2), Bytes{7}}));
  EXPECT_EQ(*decompress(fcs5b, out), (cv::ZstdError{cv::ZstdProblem::content_size_mismatch, 13}));
  // An 8-byte content size beside a window descriptor (1 KiB).
  const Bytes fcs5c = frame(0xC0, {0, 5, 0, 0, 0, 0, 0, 0, 0},
                            cat({blockHeader(false, 0, 4), Bytes{1, 2, 3, 4}, blockHeader(true, 1, 2), Bytes{7}}));
  EXPECT_EQ(*decompress(fcs5c, out), (cv::ZstdError{cv::ZstdProblem::content_size_mismatch, 21}));
}

TEST(Zstd, HeaderRefusals) {
  Bytes out;
  const Bytes raw = cat({blockHeader(true, 0, 3), Bytes{'a', 'b', 'c'}});
  // Every FHD combination that needs no dictionary, with the fields it asks for.
  for (int fcs_flag = 0; fcs_flag < 4; ++fcs_flag) {
    for (int single = 0; single < 2; ++single) {
      for (int unused = 0; unused < 2; ++unused) {
        for (int did_flag = 0; did_flag < 4; ++did_flag) {
          const auto fhd = static_cast<std::uint8_t>(fcs_flag << 6 | single << 5 | unused << 4 | did_flag);
          Bytes rest;
          if (!single) rest.push_back(0x00);                         // 1 KiB window
          rest.insert(rest.end(), did_flag == 3 ? 4 : did_flag, 0);  // Dictionary_ID 0: no dictionary
          const int fcs_bytes = fcs_flag == 0 ? single : 1 << fcs_flag;
          if (fcs_bytes == 2)
            rest.insert(rest.end(), {0, 0});  // 256: 3 would not fit in 2 bytes
          else if (fcs_bytes > 0) {
            rest.push_back(3);
            rest.insert(rest.end(), static_cast<std::size_t>(fcs_bytes - 1), 0);
          }
          const Bytes f = frame(fhd, rest, raw);
          const auto e = decompress(f, out);
          if (fcs_bytes == 2) {
            EXPECT_EQ(e->problem, cv::ZstdProblem::content_size_mismatch) << int(fhd);
          } else {
            ASSERT_FALSE(e) << int(fhd) << ": " << describe(e);
            EXPECT_EQ(out, (Bytes{'a', 'b', 'c'}));
          }
          // The checksum flag with a right and a wrong checksum.
          const std::uint32_t h = static_cast<std::uint32_t>(cv::xxh64(Bytes{'a', 'b', 'c'}, 0));
          Bytes with = frame(static_cast<std::uint8_t>(fhd | 4), rest, raw);
          for (int i = 0; i < 4; ++i) with.push_back(static_cast<std::uint8_t>(h >> (8 * i)));
          if (fcs_bytes != 2) {
            EXPECT_FALSE(decompress(with, out)) << int(fhd);
            with.back() ^= 0x80;
            EXPECT_EQ(*decompress(with, out), (cv::ZstdError{cv::ZstdProblem::checksum_mismatch, with.size() - 4}));
          }
          // A nonzero Dictionary_ID.
          if (did_flag != 0) {
            Bytes d = rest;
            d[single ? 0 : 1] = 7;
            EXPECT_EQ(*decompress(frame(fhd, d, raw), out),
                      (cv::ZstdError{cv::ZstdProblem::dictionary_required, single ? 5u : 6u}));
          }
        }
      }
    }
  }
  // The reserved bit.
  EXPECT_EQ(*decompress(frame(0x08, {0}, raw), out), (cv::ZstdError{cv::ZstdProblem::reserved_bit, 4}));
  // Window_Size: 2^27 (exponent 17) taken, 2^27 + 2^24 (mantissa 1) and 2^28 refused.
  EXPECT_FALSE(decompress(frame(0x00, {17 << 3}, raw), out));
  EXPECT_EQ(*decompress(frame(0x00, {17 << 3 | 1}, raw), out), (cv::ZstdError{cv::ZstdProblem::window_too_large, 5}));
  EXPECT_EQ(*decompress(frame(0x00, {31 << 3 | 7}, raw), out), (cv::ZstdError{cv::ZstdProblem::window_too_large, 5}));
  // A single segment's window is its content size.
  EXPECT_EQ(*decompress(frame(0xE0, {0, 0, 0, 0x10, 0, 0, 0, 0}, raw), out),
            (cv::ZstdError{cv::ZstdProblem::window_too_large, 5}));
  // ... and a content size above max_output is refused at its field.
  EXPECT_EQ(*cv::zstdDecompress(frame(0xA0, {0, 0, 0, 0x01}, raw), 1 << 20, out),
            (cv::ZstdError{cv::ZstdProblem::output_too_large, 5}));
  // The CLI's own window above 2^27: zstd --long=28 of stdin (no content size to shrink it).
  const Bytes big = zstdCli(plaintext(0, 1000), "--long=28 -3", true);
  ASSERT_EQ(big[5] >> 3, 18);
  EXPECT_EQ(*decompress(big, out), (cv::ZstdError{cv::ZstdProblem::window_too_large, 5}));
  // Block_Type 3; a block over Block_Maximum_Size (1 KiB window; 128 KiB at most).
  EXPECT_EQ(*decompress(frame(0x00, {0}, blockHeader(true, 3, 0)), out),
            (cv::ZstdError{cv::ZstdProblem::invalid_block_type, 6}));
  EXPECT_EQ(*decompress(frame(0x00, {0}, cat({blockHeader(true, 0, 1025), Bytes(1025, 1)})), out),
            (cv::ZstdError{cv::ZstdProblem::block_too_large, 6}));
  EXPECT_FALSE(decompress(frame(0x00, {0}, cat({blockHeader(true, 0, 1024), Bytes(1024, 1)})), out));
  EXPECT_EQ(*decompress(frame(0x00, {10 << 3}, cat({blockHeader(true, 1, 131073), Bytes{1}})), out),
            (cv::ZstdError{cv::ZstdProblem::block_too_large, 6}));
  ASSERT_FALSE(decompress(frame(0x00, {10 << 3}, cat({blockHeader(true, 1, 131072), Bytes{1}})), out));
  EXPECT_EQ(out, Bytes(131072, 1));
}

TEST(Zstd, MalformedCompressedBlocks) {
  Bytes out;
  // A compressed block of 3 raw literals and no sequences is "abc".
  const auto block = [](const Bytes& content) { return cat({blockHeader(true, 2, content.size()), content}); };
  const auto run = [&](const Bytes& content) { return decompress(frame(0x00, {0}, block(content)), out); };
  const Bytes lits = {3 << 3, 'a', 'b', 'c'};
  ASSERT_FALSE(run(cat({lits, Bytes{0}})));
  EXPECT_EQ(out, (Bytes{'a', 'b', 'c'}));
  // Literals: RLE; the 2- and 3-byte raw headers.
  ASSERT_FALSE(run(Bytes{1 | 5 << 3, 'z', 0}));
  EXPECT_EQ(out, Bytes(5, 'z'));
  ASSERT_FALSE(run(Bytes{0 | 1 << 2 | 2 << 4, 0, 'x', 'y', 0}));
  EXPECT_EQ(out, (Bytes{'x', 'y'}));
  ASSERT_FALSE(run(Bytes{0 | 3 << 2 | 1 << 4, 0, 0, 'q', 0}));
  EXPECT_EQ(out, (Bytes{'q'}));
  const std::size_t s = 9;  // the block's first byte
  // Raw literals past the block; a treeless block with no tree before it.
  EXPECT_EQ(*run(Bytes{9 << 3, 'a'}), (cv::ZstdError{cv::ZstdProblem::invalid_literals, s}));
  EXPECT_EQ(*run(Bytes{3 | 0 << 2, 0x10, 0, 0, 0}), (cv::ZstdError{cv::ZstdProblem::invalid_literals, s}));
  // 4 streams with fewer than 6 literals.
  EXPECT_EQ(*run(Bytes{2 | 1 << 2 | 5 << 4, 0x40, 0, 0, 0}), (cv::ZstdError{cv::ZstdProblem::invalid_literals, s}));
  // A Huffman tree of one direct weight (sum of one symbol: fewer than 2 symbols of weight 1).
  // Header: type 2, 1 stream, regenerated 1, compressed 3 (tree 2 bytes + stream 1).
  const auto huffman = [](std::uint32_t regen, std::uint32_t comp) {
    const std::uint32_t v = 2 | regen << 4 | comp << 14;
    return Bytes{static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v >> 16)};
  };
  EXPECT_EQ(*run(cat({huffman(1, 3), Bytes{128, 0x00, 0x01}, Bytes{0}})),
            (cv::ZstdError{cv::ZstdProblem::invalid_huffman, s + 3}));
  // Weights 1 (symbol 0) + implied 1 (symbol 1): codes 0 -> 'symbol 0', 1 -> symbol 1; one bit
  // each. Stream "01" read backward: byte 0b0000_0110: end mark at bit 2, then bits 1, 0 -> 1, 0.
  ASSERT_FALSE(run(cat({huffman(2, 3), Bytes{128, 0x10, 0x06}, Bytes{0}})));
  EXPECT_EQ(out, (Bytes{1, 0}));
  // The same stream with a bit left over, and with a last byte of 0.
  EXPECT_EQ(*run(cat({huffman(1, 3), Bytes{128, 0x10, 0x06}, Bytes{0}})),
            (cv::ZstdError{cv::ZstdProblem::invalid_bitstream, s + 5}));
  EXPECT_EQ(*run(cat({huffman(2, 3), Bytes{128, 0x10, 0x00}, Bytes{0}})),
            (cv::ZstdError{cv::ZstdProblem::invalid_bitstream, s + 5}));
  // A weight above 11; weights that complete to no power of 2 (weights 3, 3, 1: 4 + 4 + 1 = 9,
  // 16 - 9 = 7 is not a power of 2).
  EXPECT_EQ(*run(cat({huffman(2, 3), Bytes{128, 0xC0, 0x06}, Bytes{0}})),
            (cv::ZstdError{cv::ZstdProblem::invalid_huffman, s + 3}));
  EXPECT_EQ(*run(cat({huffman(2, 4), Bytes{130, 0x33, 0x10, 0x06}, Bytes{0}})),
            (cv::ZstdError{cv::ZstdProblem::invalid_huffman, s + 3}));
  // Sequences: bytes after "no sequences"; reserved mode bits; repeat with no table before;
  // an RLE code past the last; an FSE description with an accuracy log above 9; no end mark.
  EXPECT_EQ(*run(cat({lits, Bytes{0, 0}})), (cv::ZstdError{cv::ZstdProblem::invalid_sequences, s + 5}));
  EXPECT_EQ(*run(cat({lits, Bytes{1, 0x01, 0x80}})), (cv::ZstdError{cv::ZstdProblem::reserved_bit, s + 5}));
  EXPECT_EQ(*run(cat({lits, Bytes{1, 0xC0, 0x80}})), (cv::ZstdError{cv::ZstdProblem::invalid_sequences, s + 6}));
  EXPECT_EQ(*run(cat({lits, Bytes{1, 0x40, 36, 0x80}})), (cv::ZstdError{cv::ZstdProblem::invalid_sequences, s + 6}));
  EXPECT_EQ(*run(cat({lits, Bytes{1, 0x80, 0x05, 0x80}})), (cv::ZstdError{cv::ZstdProblem::invalid_fse, s + 6}));
  EXPECT_EQ(*run(cat({lits, Bytes{1, 0x00, 0x00}})), (cv::ZstdError{cv::ZstdProblem::invalid_bitstream, s + 6}));
  // One sequence, all three codes RLE: literals length code 1 (1 literal), offset code 2 (Offset_Value
  // 4 + 2 bits), match length code 0 (3). The bitstream holds the offset's 2 extra bits: value 0 ->
  // Offset_Value 4 -> offset 1: "a" then "aaa".
  ASSERT_FALSE(run(cat({lits, Bytes{1, 0x54, 1, 2, 0, 0x04}})));
  EXPECT_EQ(out, (Bytes{'a', 'a', 'a', 'a', 'b', 'c'}));
  // Offset_Value 7 -> offset 4: before the frame's first byte (1 written).
  EXPECT_EQ(*run(cat({lits, Bytes{1, 0x54, 1, 2, 0, 0x07}})), (cv::ZstdError{cv::ZstdProblem::offset_too_far, s + 9}));
  // Literals length code 4: 4 literals of 3.
  EXPECT_EQ(*run(cat({lits, Bytes{1, 0x54, 4, 2, 0, 0x04}})),
            (cv::ZstdError{cv::ZstdProblem::invalid_sequences, s + 9}));
  // Repeat offset 3 with literals length 0 is Repeated_Offset1 - 1 = 0: refused.
  EXPECT_EQ(*run(cat({lits, Bytes{1, 0x54, 0, 1, 0, 0x03}})), (cv::ZstdError{cv::ZstdProblem::offset_too_far, s + 9}));
  // A match past max_output.
  EXPECT_EQ(cv::zstdDecompress(frame(0x00, {0}, block(cat({lits, Bytes{1, 0x54, 1, 2, 0, 0x04}}))), 5, out)->problem,
            cv::ZstdProblem::output_too_large);
  // zstd --patch-from: matches into the "dictionary" (the old file) with no Dictionary_ID: before
  // the frame's first byte here.
  const Bytes old_text = plaintext(0, 20000, 11);
  Bytes changed = old_text;
  changed[10000] ^= 1;
  char path[] = "/tmp/zstd_test_old_XXXXXX";
  const int fd = mkstemp(path);
  ASSERT_EQ(write(fd, old_text.data(), old_text.size()), static_cast<ssize_t>(old_text.size()));
  close(fd);
  const Bytes patch = zstdCli(changed, std::string("-3 --patch-from=") + path);
  unlink(path);
  ASSERT_FALSE(patch.empty());
  const auto e = decompress(patch, out);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->problem, cv::ZstdProblem::offset_too_far) << describe(e);
}

TEST(Zstd, MutationsAreAnErrorOrTheSameOutput) {
  // Checksummed frames: a mutation either is refused or leaves the output as it was (the checksum
  // holds it); frames without one: refused or any output within the bound. Never a crash (ASan,
  // UBSan in the sanitizer build).
  struct Frame {
    Bytes plain, z;
    bool checked;
  };
  std::vector<Frame> frames;
  for (const Case& c : {Case{0, 3000, "-19"}, Case{3, 150000, "-3"}, Case{4, 20000, "-9"}, Case{0, 600, "-1"},
                        Case{2, 140000, "--ultra -22"}, Case{4, 5000, "-3 --no-check"}}) {
    Frame f{plaintext(c.kind, c.size, 21), {}, c.options.find("--no-check") == std::string::npos};
    f.z = zstdCli(f.plain, c.options);
    frames.push_back(std::move(f));
  }
  Rng r{2026};
  std::map<std::string, int> outcomes;
  for (int i = 0; i < 20000; ++i) {
    const Frame& f = frames[r.below(frames.size())];
    Bytes m = f.z;
    const int edits = 1 + static_cast<int>(r.below(3));
    for (int k = 0; k < edits; ++k) {
      const std::size_t at = r.below(m.size());
      switch (r.below(3)) {
        case 0:
          m[at] ^= static_cast<std::uint8_t>(1u << r.below(8));
          break;
        case 1:
          m[at] = static_cast<std::uint8_t>(r.next());
          break;
        default:
          m[at] = static_cast<std::uint8_t>(m[at] + (r.below(2) ? 1 : -1));
      }
    }
    const std::size_t max = r.below(4) == 0 ? r.below(f.plain.size() + 1) : f.plain.size() * 2 + 100;
    Bytes out;
    const auto e = decompress(m, out, max);
    ASSERT_LE(out.size(), max);
    if (e) {
      ++outcomes[std::string(cv::zstdProblemName(e->problem))];
      ASSERT_LE(e->offset, m.size());
    } else {
      ++outcomes["ok"];
      if (f.checked) {
        ASSERT_EQ(out, f.plain) << "mutation " << i << " decoded to other bytes";
      }
    }
  }
  std::string seen;
  for (const auto& [name, count] : outcomes) seen += name + " " + std::to_string(count) + ", ";
  std::printf("20000 mutations: %s\n", seen.c_str());
}
