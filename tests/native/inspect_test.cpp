// inspect() field trees and warnings; validateBatch().
#include "coordination/inspect.h"

#include <gtest/gtest.h>

#include "coordination/coordination_codec.h"
#include "test_util.h"

using namespace coordination;
using testutil::bytes;
using testutil::span;

namespace {

struct NodeWant {
  const char* path;
  const char* wire;
  std::size_t offset;
  std::size_t length;
  int parent;
  bool complete;
};

void expectTree(const Inspection& in, const std::vector<NodeWant>& want) {
  ASSERT_EQ(in.fields.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    SCOPED_TRACE(want[i].path);
    const FieldNode& n = in.fields[i];
    EXPECT_EQ(n.path, want[i].path);
    EXPECT_EQ(n.wire_type, want[i].wire);
    EXPECT_EQ(n.offset, want[i].offset);
    EXPECT_EQ(n.length, want[i].length);
    EXPECT_EQ(n.parent, want[i].parent);
    EXPECT_EQ(n.complete, want[i].complete);
    const std::string p = n.path;
    EXPECT_EQ(n.name, p.substr(p.rfind('.') + 1));
  }
}

std::vector<std::uint8_t> concat(std::vector<std::uint8_t> a, const std::vector<std::uint8_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

const Warning* findWarning(const Inspection& in, const std::string& code) {
  for (const auto& w : in.warnings)
    if (w.code == code) return &w;
  return nullptr;
}

}  // namespace

TEST(Inspect, ValidLeaseTree) {
  auto b = encodeValue(Lease{"m", 7, 3, 100, 200}).value();
  auto in = inspect(Target::lease, span(b));
  EXPECT_EQ(in.target, Target::lease);
  EXPECT_FALSE(in.tombstone);
  EXPECT_FALSE(in.error);
  EXPECT_TRUE(in.warnings.empty());
  expectTree(in, {
                     {"lease.version", "i16", 0, 2, -1, true},
                     {"lease.member", "string", 2, 3, -1, true},
                     {"lease.member.length", "i16", 2, 2, 1, true},
                     {"lease.member.utf8", "utf8", 4, 1, 1, true},
                     {"lease.producer_id", "i64", 5, 8, -1, true},
                     {"lease.producer_epoch", "i16", 13, 2, -1, true},
                     {"lease.granted_at", "i64", 15, 8, -1, true},
                     {"lease.deadline", "i64", 23, 8, -1, true},
                 });
  EXPECT_EQ(std::get<std::int64_t>(in.fields[0].value), 0);
  EXPECT_EQ(std::get<std::string>(in.fields[1].value), "m");
  EXPECT_EQ(std::get<std::int64_t>(in.fields[2].value), 1);
  EXPECT_EQ(std::get<std::string>(in.fields[3].value), "m");
  EXPECT_EQ(std::get<std::int64_t>(in.fields[4].value), 7);
  EXPECT_EQ(std::get<std::int64_t>(in.fields[5].value), 3);
  EXPECT_EQ(std::get<std::int64_t>(in.fields[7].value), 200);
}

TEST(Inspect, KeyKindMeaning) {
  auto k = encodeKey({RecordKind::lease, "role", ""}).value();
  auto in = inspect(Target::key, span(k));
  ASSERT_FALSE(in.error);
  ASSERT_EQ(in.fields.size(), 8u);
  EXPECT_EQ(in.fields[1].path, "key.kind");
  EXPECT_EQ(in.fields[1].meaning, "lease");
  EXPECT_EQ(in.fields[5].path, "key.member");
  EXPECT_EQ(std::get<std::string>(in.fields[5].value), "");
  auto bad = bytes({0, 0, 0, 9});
  auto in2 = inspect(Target::key, span(bad));
  ASSERT_TRUE(in2.error);
  EXPECT_EQ(in2.error->code, ErrorCode::UNKNOWN_KIND);
  ASSERT_EQ(in2.fields.size(), 2u);
  EXPECT_EQ(in2.fields[1].meaning, "unknown kind");
  EXPECT_FALSE(in2.fields[1].complete);
  EXPECT_EQ(std::get<std::int64_t>(in2.fields[1].value), 9);
}

TEST(Inspect, TruncatedLeaseKeepsFieldsBeforeIt) {
  auto b = encodeValue(Lease{"m", 7, 3, 100, 200}).value();
  b.resize(20);  // granted_at (offset 15) has 5 of its 8 bytes
  auto in = inspect(Target::lease, span(b));
  ASSERT_TRUE(in.error);
  EXPECT_EQ(in.error->code, ErrorCode::TRUNCATED);
  EXPECT_EQ(in.error->offset, 15u);
  EXPECT_EQ(in.error->field, Field::lease_granted_at);
  expectTree(in, {
                     {"lease.version", "i16", 0, 2, -1, true},
                     {"lease.member", "string", 2, 3, -1, true},
                     {"lease.member.length", "i16", 2, 2, 1, true},
                     {"lease.member.utf8", "utf8", 4, 1, 1, true},
                     {"lease.producer_id", "i64", 5, 8, -1, true},
                     {"lease.producer_epoch", "i16", 13, 2, -1, true},
                     {"lease.granted_at", "i64", 15, 5, -1, false},
                 });
  EXPECT_TRUE(std::holds_alternative<std::monostate>(in.fields[6].value));
}

TEST(Inspect, TruncatedStringBody) {
  auto b = bytes({0, 0, 0, 5, 'a', 'b'});
  auto in = inspect(Target::registration, span(b));
  ASSERT_TRUE(in.error);
  EXPECT_EQ(in.error->code, ErrorCode::TRUNCATED);
  EXPECT_EQ(in.error->offset, 2u);
  expectTree(in, {
                     {"registration.version", "i16", 0, 2, -1, true},
                     {"registration.member", "string", 2, 4, -1, false},
                     {"registration.member.length", "i16", 2, 2, 1, true},
                     {"registration.member.utf8", "utf8", 4, 2, 1, false},
                 });
  EXPECT_TRUE(std::holds_alternative<std::monostate>(in.fields[1].value));
  EXPECT_EQ(std::get<std::int64_t>(in.fields[2].value), 5);
}

TEST(Inspect, TruncatedPrefixAndEmpty) {
  auto b = bytes({0, 0, 0});
  auto in = inspect(Target::registration, span(b));
  ASSERT_TRUE(in.error);
  EXPECT_EQ(in.error->offset, 2u);
  expectTree(in, {
                     {"registration.version", "i16", 0, 2, -1, true},
                     {"registration.member", "string", 2, 1, -1, false},
                     {"registration.member.length", "i16", 2, 1, 1, false},
                 });
  auto key = inspect(Target::key, std::nullopt);  // a null key reads as empty
  ASSERT_TRUE(key.error);
  EXPECT_EQ(key.error->code, ErrorCode::TRUNCATED);
  EXPECT_EQ(key.error->field, Field::key_version);
  expectTree(key, {{"key.version", "i16", 0, 0, -1, false}});
}

TEST(Inspect, BoundsFailureKeepsValue) {
  auto b = bytes({0, 0, 0, 1, 0, 1, 'r', 0, 1, 'm'});
  auto in = inspect(Target::key, span(b));
  ASSERT_TRUE(in.error);
  EXPECT_EQ(in.error->code, ErrorCode::LEASE_KEY_HAS_MEMBER);
  ASSERT_EQ(in.fields.size(), 8u);
  EXPECT_FALSE(in.fields[5].complete);
  EXPECT_EQ(std::get<std::string>(in.fields[5].value), "m");
  EXPECT_TRUE(in.fields[7].complete);  // the body itself was well-formed
}

TEST(Inspect, Tombstones) {
  for (Target t : {Target::registration, Target::lease}) {
    EXPECT_TRUE(inspect(t, std::nullopt).tombstone);
    EXPECT_TRUE(inspect(t, std::span<const std::uint8_t>{}).tombstone);
    EXPECT_TRUE(inspect(t, std::nullopt).fields.empty());
  }
  EXPECT_FALSE(inspect(Target::key, std::span<const std::uint8_t>{}).tombstone);
}

TEST(Inspect, TrailingBytes) {
  auto b = concat(encodeValue(Registration{"m", 1}).value(), bytes({9, 9}));
  auto in = inspect(Target::registration, span(b));
  ASSERT_TRUE(in.error);
  EXPECT_EQ(in.error->code, ErrorCode::TRAILING_BYTES);
  EXPECT_EQ(in.error->offset, 13u);
  EXPECT_EQ(in.error->field, Field::registration);
  for (const auto& n : in.fields) EXPECT_TRUE(n.complete) << n.path;
}

TEST(Warnings, DeadlineBeforeGranted) {
  auto b = encodeValue(Lease{"m", 7, 3, 200, 100}).value();
  auto in = inspect(Target::lease, span(b));
  EXPECT_FALSE(in.error);
  const Warning* w = findWarning(in, "DEADLINE_BEFORE_GRANTED");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->field, "lease.deadline");
  EXPECT_EQ(w->offset, 23u);
  EXPECT_EQ(w->length, 8u);
  EXPECT_NE(w->message.find("100"), std::string::npos);
  // Extremes must not overflow the difference.
  auto x = encodeValue(Lease{"m", 0, 0, INT64_MAX, INT64_MIN}).value();
  auto in2 = inspect(Target::lease, span(x));
  const Warning* w2 = findWarning(in2, "DEADLINE_BEFORE_GRANTED");
  ASSERT_TRUE(w2);
  EXPECT_NE(w2->message.find("18446744073709551615"), std::string::npos) << w2->message;
}

TEST(Warnings, InvisibleCharacters) {
  for (const char* s : {"a\xE2\x80\x8B"
                        "b",
                        "\x00x", "\xC2\xAD",
                        "\xE2\x80\xAE"
                        "evil",
                        "x\xEF\xBB\xBF", "\x1B[0m", "\xE2\x81\xA6", "\xC2\x85", "\xE2\x80\xA8"}) {
    std::string role = s[0] == 0 ? std::string("\0x", 2) : std::string(s);
    auto b = encodeKey({RecordKind::registration, role, "m"}).value();
    auto in = inspect(Target::key, span(b));
    EXPECT_FALSE(in.error);
    const Warning* w = findWarning(in, "INVISIBLE_CHARACTERS");
    ASSERT_TRUE(w) << role;
    EXPECT_EQ(w->field, "key.role");
    EXPECT_GE(w->offset, 6u);
    EXPECT_NE(w->message.find("U+"), std::string::npos);
  }
  auto b = encodeKey({RecordKind::registration, "plain-role \xC3\xA9\xE2\x82\xAC", "m"}).value();
  EXPECT_TRUE(inspect(Target::key, span(b)).warnings.empty());
  // The zero-width space sits at offset 7 (prefix 4..5, 'a' at 6).
  auto z = encodeKey({RecordKind::registration, "a\xE2\x80\x8B", "m"}).value();
  auto in = inspect(Target::key, span(z));
  ASSERT_EQ(in.warnings.size(), 1u);
  EXPECT_EQ(in.warnings[0].offset, 7u);
  EXPECT_EQ(in.warnings[0].length, 3u);
  EXPECT_NE(in.warnings[0].message.find("U+200B"), std::string::npos);
}

TEST(Warnings, JavaModifiedUtf8Nul) {
  auto b = bytes({0, 0, 0, 3, 'a', 0xC0, 0x80, 0, 0, 0, 0, 0, 0, 0, 1});
  auto in = inspect(Target::registration, span(b));
  ASSERT_TRUE(in.error);
  EXPECT_EQ(in.error->code, ErrorCode::INVALID_UTF8);
  EXPECT_EQ(in.error->offset, 5u);
  const Warning* w = findWarning(in, "JAVA_MODIFIED_UTF8");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->offset, 5u);
  EXPECT_EQ(w->length, 2u);
  EXPECT_NE(w->message.find("writeUTF"), std::string::npos);
  EXPECT_NE(w->message.find("U+0000"), std::string::npos);
}

TEST(Warnings, JavaModifiedUtf8SurrogatePair) {
  // U+1F600 as CESU-8: ED A0 BD ED B8 80
  auto b = bytes({0, 0, 0, 6, 0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80, 0, 0, 0, 0, 0, 0, 0, 1});
  auto in = inspect(Target::registration, span(b));
  ASSERT_TRUE(in.error);
  EXPECT_EQ(in.error->code, ErrorCode::INVALID_UTF8);
  EXPECT_EQ(in.error->offset, 4u);
  const Warning* w = findWarning(in, "JAVA_MODIFIED_UTF8");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->offset, 4u);
  EXPECT_EQ(w->length, 6u);
  EXPECT_NE(w->message.find("U+1F600"), std::string::npos) << w->message;
  EXPECT_NE(w->message.find("F0 9F 98 80"), std::string::npos) << w->message;
  // A lone surrogate is not a writeUTF pair: no warning.
  auto lone = bytes({0, 0, 0, 3, 0xED, 0xA0, 0xBD, 0, 0, 0, 0, 0, 0, 0, 1});
  EXPECT_FALSE(findWarning(inspect(Target::registration, span(lone)), "JAVA_MODIFIED_UTF8"));
}

TEST(Warnings, JavaModifiedUtf8UnsignedLength) {
  std::vector<std::uint8_t> b = {0, 0, 0x80, 0x01};
  b.resize(4 + 0x8001, 'a');
  auto in = inspect(Target::lease, span(b));
  ASSERT_TRUE(in.error);
  EXPECT_EQ(in.error->code, ErrorCode::NEGATIVE_LENGTH);
  const Warning* w = findWarning(in, "JAVA_MODIFIED_UTF8");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->offset, 2u);
  EXPECT_NE(w->message.find("32769"), std::string::npos) << w->message;
  EXPECT_NE(w->message.find("writeUTF"), std::string::npos);
}

// ---- validateBatch --------------------------------------------------------------------------

namespace {
std::vector<std::uint8_t> frame(const std::vector<std::uint8_t>& record) {
  const auto n = static_cast<std::uint32_t>(record.size());
  auto out = bytes({int(n >> 24), int((n >> 16) & 255), int((n >> 8) & 255), int(n & 255)});
  return concat(out, record);
}
const std::vector<std::uint8_t> kNullFrame = {0xFF, 0xFF, 0xFF, 0xFF};
}  // namespace

TEST(Batch, CountsAndFirstError) {
  const auto good = encodeValue(Registration{"m", 1}).value();
  auto bad = good;
  bad[1] = 1;  // UNSUPPORTED_VERSION
  auto batch = concat(frame(good), kNullFrame);
  batch = concat(batch, frame({}));
  batch = concat(batch, frame(bad));
  batch = concat(batch, frame(bytes({0, 0})));  // TRUNCATED at member
  batch = concat(batch, frame(good));
  auto s = validateBatch(Target::registration, span(batch));
  EXPECT_EQ(s.records, 6u);
  EXPECT_EQ(s.valid, 2u);
  EXPECT_EQ(s.tombstones, 2u);
  EXPECT_EQ(s.by_code[int(ErrorCode::UNSUPPORTED_VERSION)], 1u);
  EXPECT_EQ(s.by_code[int(ErrorCode::TRUNCATED)], 1u);
  ASSERT_TRUE(s.first_error);
  EXPECT_EQ(*s.first_error_index, 3u);
  EXPECT_EQ(s.first_error->code, ErrorCode::UNSUPPORTED_VERSION);
  EXPECT_EQ(s.first_error->offset, 0u);  // within the record
  EXPECT_FALSE(s.framing_error_offset);
  // Same records as a lease batch: all invalid but the tombstones.
  auto l = validateBatch(Target::lease, span(batch));
  EXPECT_EQ(l.valid, 0u);
  EXPECT_EQ(l.tombstones, 2u);
}

TEST(Batch, NullKeyIsTruncated) {
  const auto key = encodeKey({RecordKind::lease, "r", ""}).value();
  auto batch = concat(frame(key), kNullFrame);
  batch = concat(batch, frame({}));
  auto s = validateBatch(Target::key, span(batch));
  EXPECT_EQ(s.records, 3u);
  EXPECT_EQ(s.valid, 1u);
  EXPECT_EQ(s.tombstones, 0u);
  EXPECT_EQ(s.by_code[int(ErrorCode::TRUNCATED)], 2u);
  ASSERT_TRUE(s.first_error);
  EXPECT_EQ(*s.first_error_index, 1u);
  EXPECT_EQ(s.first_error->field, Field::key_version);
  EXPECT_EQ(s.first_error->offset, 0u);
}

TEST(Batch, FramingErrors) {
  const auto key = encodeKey({RecordKind::lease, "r", ""}).value();
  const auto one = frame(key);
  {
    auto b = concat(one, bytes({0, 0, 1}));  // length prefix cut short
    auto s = validateBatch(Target::key, span(b));
    EXPECT_EQ(s.records, 1u);
    EXPECT_EQ(s.framing_error_offset, one.size());
  }
  {
    auto b = concat(one, bytes({0, 0, 0, 10, 1, 2}));  // frame past the end
    auto s = validateBatch(Target::key, span(b));
    EXPECT_EQ(s.records, 1u);
    EXPECT_EQ(s.framing_error_offset, one.size());
  }
  {
    auto b = concat(one, bytes({0xFF, 0xFF, 0xFF, 0xFE}));  // length -2
    auto s = validateBatch(Target::key, span(b));
    EXPECT_EQ(s.framing_error_offset, one.size());
  }
  {
    auto b = concat(one, bytes({0x7F, 0xFF, 0xFF, 0xFF}));  // length INT32_MAX
    auto s = validateBatch(Target::key, span(b));
    EXPECT_EQ(s.framing_error_offset, one.size());
  }
  auto empty = validateBatch(Target::key, {});
  EXPECT_EQ(empty.records, 0u);
  EXPECT_FALSE(empty.framing_error_offset);
}
