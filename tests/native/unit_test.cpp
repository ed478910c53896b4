// Reader bounds, the UTF-8 validator, messages, decoder offsets and the encoders' refusals.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "coordination/coordination_codec.h"
#include "test_util.h"
#include "tree/invisible.h"
#include "wire/append.h"
#include "wire/reader.h"
#include "wire/utf8.h"
#include "wire/writer.h"

using namespace coordination;
using testutil::bytes;
using testutil::span;

// ---- Decoded strings in messages (tree::appendShown) --------------------------------------

namespace {
std::string shown(std::string_view text) {
  std::string s;
  tree::appendShown(s, text);
  return s;
}
}  // namespace

TEST(Shown, EscapesWhatTheViewerEscapes) {
  EXPECT_EQ(shown("payments-app"), "payments-app");
  EXPECT_EQ(shown("caf\xC3\xA9 \xE4\xB8\xAD \xF0\x9F\x98\x80"), "caf\xC3\xA9 \xE4\xB8\xAD \xF0\x9F\x98\x80");  // é 中 😀
  EXPECT_EQ(shown(std::string_view("pay\xE2\x80\xAEppa\0", 10)), "pay\\u202Eppa\\u0000");
  EXPECT_EQ(shown("a\tb\nc\x7F"), "a\\u0009b\\u000Ac\\u007F");
  EXPECT_EQ(shown("\xC2\xA0\xEF\xBF\xBD"), "\\u00A0\\uFFFD");  // look-alikes: no-break space, U+FFFD
  EXPECT_EQ(shown("\xF3\xA0\x81\x81"), "\\u{E0041}");          // a tag character, above the BMP
  // Bytes that are not well-formed UTF-8 (decoded strings never are): each one U+FFFD.
  EXPECT_EQ(shown("\xFF"), "\\uFFFD");
  EXPECT_EQ(shown("\xC0\x80"), "\\uFFFD\\uFFFD");               // overlong
  EXPECT_EQ(shown("\xED\xA0\x80x"), "\\uFFFD\\uFFFD\\uFFFDx");  // a surrogate
  EXPECT_EQ(shown("\xE2\x80"), "\\uFFFD\\uFFFD");               // cut short
  // say(): a Shown piece is escaped, words are not.
  EXPECT_EQ(detail::say({"role \"", detail::Shown{"r\xE2\x80\xAE"}, "\" at offset ", 3}),
            "role \"r\\u202E\" at offset 3");
}

// ---- Reader ---------------------------------------------------------------------------------

TEST(Reader, NeedNeverOverflows) {
  const auto b = bytes({0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  Reader r(span(b));
  constexpr auto kMax = std::numeric_limits<std::size_t>::max();
  EXPECT_TRUE(r.need(0));
  EXPECT_TRUE(r.need(10));
  EXPECT_FALSE(r.need(11));
  EXPECT_FALSE(r.need(kMax));
  r.readI16();
  // pos + n would wrap to a small number for these; the check is n <= size - pos.
  EXPECT_FALSE(r.need(kMax));
  EXPECT_FALSE(r.need(kMax - 1));
  EXPECT_FALSE(r.need(kMax - 7));
  EXPECT_TRUE(r.need(8));
  EXPECT_FALSE(r.need(9));
  r.readI64();
  EXPECT_TRUE(r.atEnd());
  EXPECT_TRUE(r.need(0));
  EXPECT_FALSE(r.need(1));
  EXPECT_FALSE(r.need(kMax));
}

TEST(Reader, EmptyInput) {
  Reader r(std::span<const std::uint8_t>{});
  EXPECT_TRUE(r.atEnd());
  EXPECT_TRUE(r.need(0));
  EXPECT_FALSE(r.need(1));
  EXPECT_FALSE(r.need(std::numeric_limits<std::size_t>::max()));
}

TEST(Reader, BigEndianSigned) {
  const auto b = bytes({0xFF, 0xFE, 0x80, 0, 0, 0, 0, 0, 0, 0, 0x7F, 0xFF, 0x01, 0x02, 0x03, 0x04});
  Reader r(span(b));
  EXPECT_EQ(r.readI16(), -2);
  EXPECT_EQ(r.readI64(), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(r.readI16(), 32767);
  EXPECT_EQ(r.readI32(), 0x01020304);
  EXPECT_EQ(r.position(), 16u);
}

TEST(Writer, BigEndian) {
  detail::Writer w(0);
  w.writeI16(-2);
  w.writeI64(std::numeric_limits<std::int64_t>::min());
  w.writeString("ab");
  EXPECT_EQ(w.finish(), bytes({0xFF, 0xFE, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 2, 'a', 'b'}));
}

// ---- UTF-8 ----------------------------------------------------------------------------------

struct Utf8Case {
  std::vector<std::uint8_t> in;
  std::optional<std::size_t> index;
  Utf8Problem problem = Utf8Problem::ill_formed;
};

TEST(Utf8, TableThreeSeven) {
  const std::vector<Utf8Case> cases = {
      {{}, std::nullopt},
      {bytes({'a', 'b', 'c'}), std::nullopt},
      {bytes({0x00}), std::nullopt},  // U+0000 is valid
      {bytes({0x7F}), std::nullopt},
      {bytes({0xC2, 0x80}), std::nullopt},
      {bytes({0xDF, 0xBF}), std::nullopt},
      {bytes({0xE0, 0xA0, 0x80}), std::nullopt},
      {bytes({0xED, 0x9F, 0xBF}), std::nullopt},  // U+D7FF
      {bytes({0xEE, 0x80, 0x80}), std::nullopt},  // U+E000
      {bytes({0xEF, 0xBF, 0xBF}), std::nullopt},
      {bytes({0xF0, 0x90, 0x80, 0x80}), std::nullopt},
      {bytes({0xF4, 0x8F, 0xBF, 0xBF}), std::nullopt},  // U+10FFFF
      {bytes({0x80}), 0, Utf8Problem::stray_continuation},
      {bytes({'a', 0xBF}), 1, Utf8Problem::stray_continuation},
      {bytes({0xC0, 0x80}), 0},  // Java's modified UTF-8 NUL: overlong
      {bytes({0xC1, 0xBF}), 0},
      {bytes({0xE0, 0x80, 0x80}), 0},  // overlong
      {bytes({0xE0, 0x9F, 0xBF}), 0},
      {bytes({0xED, 0xA0, 0x80}), 0},        // surrogate D800
      {bytes({0xED, 0xBF, 0xBF}), 0},        // surrogate DFFF
      {bytes({0xF0, 0x8F, 0xBF, 0xBF}), 0},  // overlong
      {bytes({0xF4, 0x90, 0x80, 0x80}), 0},  // > U+10FFFF
      {bytes({0xF5, 0x80, 0x80, 0x80}), 0},
      {bytes({0xFF}), 0},
      {bytes({0xFE}), 0},
      {bytes({'a', 'b', 0xC2}), 2, Utf8Problem::cut_short},
      {bytes({0xE2, 0x82}), 0, Utf8Problem::cut_short},
      {bytes({0xF0, 0x9F, 0x98}), 0, Utf8Problem::cut_short},
      {bytes({0xE2, 0x41, 0x41}), 0},  // second byte not a continuation
      {bytes({0xE2, 0x82, 0x41}), 0},  // third byte not a continuation
      {bytes({0xF0, 0x9F, 0x98, 0x41}), 0},
      {bytes({0xF0, 0x9F, 0x41}), 0},  // bad byte before the end: ill-formed, not cut short
      {bytes({0xC2, 0x41}), 0},
      // past the 8-byte ASCII fast path
      {bytes({'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 0xC0, 0x80}), 10},
      {bytes({'0', '1', '2', '3', '4', '5', '6', '7', 0xE2, 0x82, 0xAC, '8', '9', 'a', 'b', 'c', 'd', 'e', 'f', 0x80}),
       19, Utf8Problem::stray_continuation},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(testing::PrintToString(c.in));
    auto f = findInvalidUtf8(span(c.in));
    ASSERT_EQ(f.has_value(), c.index.has_value());
    EXPECT_EQ(validateUtf8(span(c.in)), c.index);
    if (f) {
      EXPECT_EQ(f->index, *c.index);
      EXPECT_EQ(f->problem, c.problem);
    }
  }
}

// The short-string and last-word shortcuts: in ASCII strings of 0 to 24 bytes, one stray
// continuation byte at every place is found there, and none when there is none.
TEST(Utf8, OneBadByteAtEveryPlace) {
  for (std::size_t n = 0; n <= 24; ++n) {
    std::vector<std::uint8_t> in(n, 'a');
    EXPECT_EQ(validateUtf8(span(in)), std::nullopt) << n;
    for (std::size_t at = 0; at < n; ++at) {
      in[at] = 0x80;
      const auto f = findInvalidUtf8(span(in));
      ASSERT_TRUE(f.has_value()) << n << " " << at;
      EXPECT_EQ(f->index, at) << n;
      EXPECT_EQ(f->problem, Utf8Problem::stray_continuation) << n << " " << at;
      in[at] = 'a';
    }
  }
}

TEST(Utf8, EveryTwoByteSequence) {
  // Cross-check the validator against the Table 3-7 definition for all 1- and 2-byte inputs.
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; ++b) {
      const auto in = bytes({a, b});
      bool want_valid;
      if (a < 0x80)
        want_valid = b < 0x80;
      else if (a >= 0xC2 && a <= 0xDF)
        want_valid = b >= 0x80 && b <= 0xBF;
      else
        want_valid = false;
      EXPECT_EQ(!validateUtf8(span(in)).has_value(), want_valid) << a << " " << b;
    }
  }
}

TEST(Utf8, Utf16FromUtf8) {
  // Each width's first and last code point (and those around the surrogates), alone and between
  // ASCII runs of every length up to 17: the 8-byte ASCII steps, the overlapping last word, the
  // byte loop after a wide character. The expected units are written here by the definition.
  const std::uint32_t points[] = {0x00,   0x41,   0x7F,   0x80,    0x7FF,   0x800,
                                  0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF};
  const auto utf8Of = [](std::uint32_t cp, std::vector<std::uint8_t>& out) {
    if (cp < 0x80) {
      out.push_back(static_cast<std::uint8_t>(cp));
    } else if (cp < 0x800) {
      out.insert(out.end(), {static_cast<std::uint8_t>(0xC0 | cp >> 6), static_cast<std::uint8_t>(0x80 | (cp & 0x3F))});
    } else if (cp < 0x10000) {
      out.insert(out.end(),
                 {static_cast<std::uint8_t>(0xE0 | cp >> 12), static_cast<std::uint8_t>(0x80 | (cp >> 6 & 0x3F)),
                  static_cast<std::uint8_t>(0x80 | (cp & 0x3F))});
    } else {
      out.insert(out.end(),
                 {static_cast<std::uint8_t>(0xF0 | cp >> 18), static_cast<std::uint8_t>(0x80 | (cp >> 12 & 0x3F)),
                  static_cast<std::uint8_t>(0x80 | (cp >> 6 & 0x3F)), static_cast<std::uint8_t>(0x80 | (cp & 0x3F))});
    }
  };
  const auto utf16Of = [](std::uint32_t cp, std::u16string& out) {
    if (cp < 0x10000) {
      out.push_back(static_cast<char16_t>(cp));
    } else {
      out.push_back(static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF)));
    }
  };
  for (const std::uint32_t cp : points) {
    for (std::size_t before = 0; before <= 17; ++before) {
      for (const std::size_t after : {std::size_t{0}, std::size_t{3}, std::size_t{9}}) {
        std::vector<std::uint8_t> in;
        std::u16string want;
        for (std::size_t i = 0; i < before; ++i) utf8Of('a' + i % 26, in), utf16Of('a' + i % 26, want);
        utf8Of(cp, in), utf16Of(cp, want);
        for (std::size_t i = 0; i < after; ++i) utf8Of('0' + i % 10, in), utf16Of('0' + i % 10, want);
        ASSERT_FALSE(validateUtf8(span(in)).has_value());
        std::u16string got(in.size(), u'\0');
        got.resize(utf16FromUtf8(span(in), got.data()));
        EXPECT_EQ(got, want) << "U+" << std::hex << cp << " after " << std::dec << before << " ASCII bytes";
      }
    }
  }
}

// ---- Messages -------------------------------------------------------------------------------

TEST(Errors, NamesAndPaths) {
  EXPECT_EQ(errorCodeName(ErrorCode::TRUNCATED), "TRUNCATED");
  EXPECT_EQ(errorCodeName(ErrorCode::NEGATIVE_PRODUCER_EPOCH), "NEGATIVE_PRODUCER_EPOCH");
  EXPECT_EQ(fieldPath(Field::lease), "lease");
  EXPECT_EQ(fieldPath(Field::registration_registered_at), "registration.registered_at");
}

TEST(Errors, MessagesSayExpectedAndFound) {
  // key.role length prefix 300 with 9 bytes left (the contract's example)
  auto key = bytes({0, 0, 0, 0, 0x01, 0x2C, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'});
  auto r = decodeKey(span(key));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message(), "key.role: length prefix says 300 bytes but only 9 remain (offset 4)");

  auto v3 = bytes({0, 3, 0, 0});
  EXPECT_EQ(decodeKey(span(v3)).error().message(), "key.version: expected version 0, found 3 (offset 0)");
  EXPECT_EQ(decodeKey({}).error().message(), "key.version: needs 2 bytes but only 0 remain (offset 0)");

  auto bad = bytes({0, 0, 0, 2, 0xC0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0});
  auto e = decodeValue(RecordKind::registration, span(bad));
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().message(),
            "registration.member: expected well-formed UTF-8, found byte 0xC0 starting an ill-formed sequence "
            "(offset 4)");
  for (auto& m : {decodeKey(span(key)).error(), decodeKey(span(v3)).error(), e.error()}) testutil::expectGoodMessage(m);
}

// ---- Decoder offsets ------------------------------------------------------------------------

TEST(Decode, KeyErrorsInFieldOrder) {
  struct Case {
    std::vector<std::uint8_t> in;
    ErrorCode code;
    std::size_t offset;
    Field field;
  };
  const std::vector<Case> cases = {
      {bytes({}), ErrorCode::TRUNCATED, 0, Field::key_version},
      {bytes({0}), ErrorCode::TRUNCATED, 0, Field::key_version},
      {bytes({0, 1}), ErrorCode::UNSUPPORTED_VERSION, 0, Field::key_version},
      {bytes({0, 0, 0}), ErrorCode::TRUNCATED, 2, Field::key_kind},
      {bytes({0, 0, 0, 2}), ErrorCode::UNKNOWN_KIND, 2, Field::key_kind},
      {bytes({0, 0, 0xFF, 0xFF}), ErrorCode::UNKNOWN_KIND, 2, Field::key_kind},
      {bytes({0, 0, 0, 0}), ErrorCode::TRUNCATED, 4, Field::key_role},
      {bytes({0, 0, 0, 0, 0}), ErrorCode::TRUNCATED, 4, Field::key_role},
      {bytes({0, 0, 0, 0, 0xFF, 0xFF}), ErrorCode::NEGATIVE_LENGTH, 4, Field::key_role},
      {bytes({0, 0, 0, 0, 0, 2, 'a'}), ErrorCode::TRUNCATED, 4, Field::key_role},
      {bytes({0, 0, 0, 0, 0, 2, 'a', 0x80}), ErrorCode::INVALID_UTF8, 7, Field::key_role},
      {bytes({0, 0, 0, 0, 0, 0}), ErrorCode::ROLE_OUT_OF_BOUNDS, 4, Field::key_role},
      {bytes({0, 0, 0, 0, 0, 1, 'r'}), ErrorCode::TRUNCATED, 7, Field::key_member},
      {bytes({0, 0, 0, 0, 0, 1, 'r', 0, 0}), ErrorCode::MEMBER_OUT_OF_BOUNDS, 7, Field::key_member},
      {bytes({0, 0, 0, 1, 0, 1, 'r', 0, 1, 'm'}), ErrorCode::LEASE_KEY_HAS_MEMBER, 7, Field::key_member},
      {bytes({0, 0, 0, 1, 0, 1, 'r', 0, 1, 0xC0}), ErrorCode::INVALID_UTF8, 9, Field::key_member},
      {bytes({0, 0, 0, 1, 0, 1, 'r', 0, 0, 0}), ErrorCode::TRAILING_BYTES, 9, Field::key},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(testing::PrintToString(c.in));
    auto r = decodeKey(span(c.in));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, c.code) << testutil::describe(r.error());
    EXPECT_EQ(r.error().offset, c.offset) << testutil::describe(r.error());
    EXPECT_EQ(r.error().field, c.field) << testutil::describe(r.error());
    testutil::expectGoodMessage(r.error());
  }
  auto ok = bytes({0, 0, 0, 1, 0, 1, 'r', 0, 0});
  auto r = decodeKey(span(ok));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value(), (CoordinationKey{RecordKind::lease, "r", ""}));
}

TEST(Decode, LeaseNegatives) {
  Lease l{"m", 5, 1, 10, 20};
  auto b = encodeValue(l).value();
  auto neg_id = b;
  neg_id[5] = 0x80;  // producer_id at 5
  auto r = decodeValue(RecordKind::lease, span(neg_id));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::NEGATIVE_PRODUCER_ID);
  EXPECT_EQ(r.error().offset, 5u);
  auto neg_epoch = b;
  neg_epoch[13] = 0xFF;  // producer_epoch at 13
  r = decodeValue(RecordKind::lease, span(neg_epoch));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::NEGATIVE_PRODUCER_EPOCH);
  EXPECT_EQ(r.error().offset, 13u);
}

TEST(Decode, Tombstones) {
  EXPECT_TRUE(isTombstone(std::nullopt));
  EXPECT_TRUE(isTombstone(std::span<const std::uint8_t>{}));
  const auto one = bytes({0});
  EXPECT_FALSE(isTombstone(span(one)));
  for (RecordKind k : {RecordKind::registration, RecordKind::lease}) {
    auto a = decodeValue(k, std::nullopt);
    ASSERT_TRUE(a.ok());
    EXPECT_TRUE(std::holds_alternative<Tombstone>(a.value()));
    auto e = decodeValue(k, std::span<const std::uint8_t>{});
    ASSERT_TRUE(e.ok());
    EXPECT_TRUE(std::holds_alternative<Tombstone>(e.value()));
    auto t = decodeValue(k, span(one));
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().code, ErrorCode::TRUNCATED);
    EXPECT_EQ(t.error().offset, 0u);
  }
}

// ---- Encoders -------------------------------------------------------------------------------

TEST(Encode, Exact) {
  auto k = encodeKey({RecordKind::registration, "r", "m"});
  ASSERT_TRUE(k.ok());
  EXPECT_EQ(k.value(), bytes({0, 0, 0, 0, 0, 1, 'r', 0, 1, 'm'}));
  auto lk = encodeKey({RecordKind::lease, "r", ""});
  EXPECT_EQ(lk.value(), bytes({0, 0, 0, 1, 0, 1, 'r', 0, 0}));
  auto reg = encodeValue(Registration{"m", -1});
  EXPECT_EQ(reg.value(), bytes({0, 0, 0, 1, 'm', 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}));
  auto lease = encodeValue(Lease{"m", 0x0102030405060708, 0x7FFF, std::numeric_limits<std::int64_t>::min(), 1});
  EXPECT_EQ(lease.value(), bytes({0, 0, 0, 1, 'm', 1, 2, 3, 4, 5, 6, 7, 8, 0x7F, 0xFF, 0x80,
                                  0, 0, 0, 0, 0,   0, 0, 0, 0, 0, 0, 0, 0, 0,    1}));
}

TEST(Encode, RefusesWhatDecoderRejects) {
  struct Case {
    Result<std::vector<std::uint8_t>> got;
    ErrorCode code;
    std::size_t offset;
    Field field;
  };
  const std::string s255(255, 'x'), s256(256, 'x');
  const std::vector<Case> cases = {
      {encodeKey({RecordKind::lease, "r", "m"}), ErrorCode::LEASE_KEY_HAS_MEMBER, 7, Field::key_member},
      {encodeKey({RecordKind::lease, "r", "\xC0\x80"}), ErrorCode::INVALID_UTF8, 9, Field::key_member},
      {encodeKey({RecordKind::registration, "", "m"}), ErrorCode::ROLE_OUT_OF_BOUNDS, 4, Field::key_role},
      {encodeKey({RecordKind::registration, s256, "m"}), ErrorCode::ROLE_OUT_OF_BOUNDS, 4, Field::key_role},
      {encodeKey({RecordKind::registration, "ab\xED\xA0\x80", "m"}), ErrorCode::INVALID_UTF8, 8, Field::key_role},
      {encodeKey({RecordKind::registration, "r", ""}), ErrorCode::MEMBER_OUT_OF_BOUNDS, 7, Field::key_member},
      {encodeKey({RecordKind::registration, s255, s256}), ErrorCode::MEMBER_OUT_OF_BOUNDS, 261, Field::key_member},
      {encodeKey({static_cast<RecordKind>(2), "r", "m"}), ErrorCode::UNKNOWN_KIND, 2, Field::key_kind},
      {encodeValue(Registration{"", 0}), ErrorCode::MEMBER_OUT_OF_BOUNDS, 2, Field::registration_member},
      {encodeValue(Registration{"a\xFF", 0}), ErrorCode::INVALID_UTF8, 5, Field::registration_member},
      {encodeValue(Lease{s256, 0, 0, 0, 0}), ErrorCode::MEMBER_OUT_OF_BOUNDS, 2, Field::lease_member},
      {encodeValue(Lease{"mm", -1, 0, 0, 0}), ErrorCode::NEGATIVE_PRODUCER_ID, 6, Field::lease_producer_id},
      {encodeValue(Lease{"mm", 0, -1, 0, 0}), ErrorCode::NEGATIVE_PRODUCER_EPOCH, 14, Field::lease_producer_epoch},
  };
  for (const auto& c : cases) {
    ASSERT_FALSE(c.got.ok());
    EXPECT_EQ(c.got.error().code, c.code) << testutil::describe(c.got.error());
    EXPECT_EQ(c.got.error().offset, c.offset) << testutil::describe(c.got.error());
    EXPECT_EQ(c.got.error().field, c.field) << testutil::describe(c.got.error());
    testutil::expectGoodMessage(c.got.error());
  }
  EXPECT_TRUE(encodeKey({RecordKind::registration, s255, s255}).ok());
  EXPECT_TRUE(encodeKey({RecordKind::registration, std::string("\0", 1), "m"}).ok());  // U+0000 allowed
}

// checkKeyStrings / checkValueMember (the wasm boundary's refusal of strings too long to copy)
// give exactly encodeKey's / encodeValue's error for the bytes the facts describe: strings built
// the way the JS boundary writes UTF-16 text (a lone surrogate as its generalized 3-byte form),
// short and long, with and without lone surrogates at several places.
TEST(Encode, FactsRefuseAsTheBytesDo) {
  struct Text {
    std::string bytes;
    StringFacts facts;
  };
  // pieces: 'a' (1 byte), 'e' (U+00E9, 2), 'E' (U+20AC, 3), 'S' (U+1F600, 4), 'H' a lone high
  // surrogate (D83D), 'L' a lone low surrogate (DE00).
  const auto make = [](const std::string& pieces, std::size_t repeat) {
    Text t;
    for (std::size_t r = 0; r < repeat; ++r) {
      for (const char c : pieces) {
        std::uint16_t lone = 0;
        switch (c) {
          case 'a':
            t.bytes += 'a';
            break;
          case 'e':
            t.bytes += "\xC3\xA9";
            break;
          case 'E':
            t.bytes += "\xE2\x82\xAC";
            break;
          case 'S':
            t.bytes += "\xF0\x9F\x98\x80";
            break;
          case 'H':
            lone = 0xD83D;
            break;
          case 'L':
            lone = 0xDE00;
            break;
        }
        if (lone) {
          if (!t.facts.lone_surrogate_at) {
            t.facts.lone_surrogate_at = t.bytes.size();
            t.facts.lone_surrogate = lone;
          }
          t.bytes += static_cast<char>(0xE0 | (lone >> 12));
          t.bytes += static_cast<char>(0x80 | ((lone >> 6) & 0x3F));
          t.bytes += static_cast<char>(0x80 | (lone & 0x3F));
        }
      }
    }
    t.facts.utf8_bytes = t.bytes.size();
    return t;
  };
  const std::vector<Text> texts = {
      make("", 1),
      make("a", 1),
      make("a", 255),
      make("a", 256),
      make("e", 128),
      make("E", 85),
      make("E", 86),
      make("S", 64),
      make("aeES", 40),
      make("H", 1),
      make("L", 1),
      make("aH", 1),
      make("a", 300),
      make("eEHa", 100),
      make("aaaaaaaaL", 50),
      make("aS", 200),
      make("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaH", 5),
  };
  int errors = 0;
  for (const RecordKind kind : {RecordKind::registration, RecordKind::lease}) {
    for (const Text& role : texts) {
      for (const Text& member : texts) {
        const auto bytesResult = encodeKey({kind, role.bytes, member.bytes});
        const auto facts = checkKeyStrings(kind, role.facts, member.facts);
        ASSERT_EQ(bytesResult.ok(), !facts.has_value());
        if (facts) {
          EXPECT_EQ(*facts, bytesResult.error())
              << testutil::describe(*facts) << " vs " << testutil::describe(bytesResult.error());
          EXPECT_EQ(facts->message(), bytesResult.error().message());
          ++errors;
        }
      }
    }
    for (const Text& member : texts) {
      const auto bytesResult = kind == RecordKind::registration ? encodeValue(Registration{member.bytes, 1})
                                                                : encodeValue(Lease{member.bytes, 1, 1, 1, 1});
      const auto facts = checkValueMember(kind, member.facts);
      ASSERT_EQ(bytesResult.ok(), !facts.has_value());
      if (facts) {
        EXPECT_EQ(*facts, bytesResult.error()) << testutil::describe(*facts);
        ++errors;
      }
    }
  }
  EXPECT_GT(errors, 500);  // the cases reach INVALID_UTF8 and every bound, for role and member
}
