// The schema-generated decoders (wasm/core/schema): the runtime's rules -- varints, compact
// lengths, tagged fields (known, unknown, out of order, repeated, sized wrong), nullables, version
// gates and defaults, checks and bounds, every error code with its offset and path -- on byte
// vectors written here by hand (ByteWriter: Kafka's encodings spelled out, not the generated
// code), through Kafka's specs (wasm/core/*/specs) and the test spec tests/native/schema/SchemaTypes.json.
// Also: the field tree's paths, decode == inspect, options.from, and the generated layout.json
// against the compiler's offsets.
#include <gtest/gtest.h>

#include <deque>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "generated/schema/messages.h"
#include "schema_test/generated/schema/schema_test/SchemaTypes.h"
#include "test_util.h"

using namespace coordination::schema;
using namespace coordination::schema::groups;
using namespace coordination::schema::transactions;
using namespace coordination::schema::schema_test;
using Bytes = std::vector<std::uint8_t>;

namespace {

// Kafka's encodings, written out (big-endian integers, classic and compact strings, LEB128).
struct ByteWriter {
  Bytes b;
  ByteWriter& u8(int v) {
    b.push_back(static_cast<std::uint8_t>(v));
    return *this;
  }
  ByteWriter& i16(int v) { return u8(v >> 8).u8(v); }
  ByteWriter& i32(std::int64_t v) {
    return u8(static_cast<int>(v >> 24))
        .u8(static_cast<int>(v >> 16))
        .u8(static_cast<int>(v >> 8))
        .u8(static_cast<int>(v));
  }
  ByteWriter& i64(std::int64_t v) { return i32(v >> 32).i32(v & 0xFFFFFFFF); }
  ByteWriter& uv(std::uint32_t v) {
    while (v >= 0x80) {
      u8(static_cast<int>((v & 0x7F) | 0x80));
      v >>= 7;
    }
    return u8(static_cast<int>(v));
  }
  ByteWriter& raw(std::string_view s) {
    b.insert(b.end(), s.begin(), s.end());
    return *this;
  }
  ByteWriter& str(std::string_view s) { return i16(static_cast<int>(s.size())).raw(s); }                  // classic
  ByteWriter& cstr(std::string_view s) { return uv(static_cast<std::uint32_t>(s.size() + 1)).raw(s); }    // compact
  ByteWriter& bytes(std::string_view s) { return i32(static_cast<std::int64_t>(s.size())).raw(s); }       // classic
  ByteWriter& cbytes(std::string_view s) { return uv(static_cast<std::uint32_t>(s.size() + 1)).raw(s); }  // compact
  operator Bytes() const { return b; }
  std::size_t size() const { return b.size(); }
};

// The vectors of the decoded messages a test reads after the call (their Slices point into them).
const Bytes& keep(const Bytes& bytes) {
  static std::deque<Bytes> kept;
  return kept.emplace_back(bytes);
}

template <typename Decoded, typename Decode>
Decoded ok(Decode decode, const Bytes& bytes, Options options = {}) {
  Decoded out;
  const auto e = decode(keep(bytes), out, options);
  EXPECT_FALSE(e) << e->message;
  return out;
}

template <typename Decoded, typename Decode>
tree::Error bad(Decode decode, const Bytes& bytes, Options options = {}) {
  Decoded out;
  const auto e = decode(bytes, out, options);
  if (!e) {
    ADD_FAILURE() << "expected an error";
    return {};
  }
  // Every message names the field and the offset.
  EXPECT_NE(e->message.find(e->field), std::string::npos) << e->message;
  EXPECT_NE(e->message.find("(offset " + std::to_string(e->offset) + ")"), std::string::npos) << e->message;
  return *e;
}

void expectError(const tree::Error& e, std::string_view code, std::size_t offset, std::string_view field) {
  EXPECT_EQ(e.code, code) << e.message;
  EXPECT_EQ(e.offset, offset) << e.message;
  EXPECT_EQ(e.field, field) << e.message;
}

const auto kOffsetValue = decodeOffsetCommitValue;
const auto kGroupValue = decodeGroupMetadataValue;
const auto kMemberValue = decodeConsumerGroupMemberMetadataValue;
const auto kSubscription = decodeConsumerProtocolSubscription;
const auto kTransactionValue = decodeTransactionLogValue;
const auto kTypes = decodeSchemaTypes;

}  // namespace

// ---- version gates and defaults (OffsetCommitValue, versions 0-4, flexible 4) -------------------

TEST(Schema, OffsetCommitValueVersionGatesAndDefaults) {
  // v0: offset, metadata, commitTimestamp.
  auto v0 = ok<OffsetCommitValueDecoded>(kOffsetValue, ByteWriter{}.i16(0).i64(42).str("m").i64(1000));
  EXPECT_EQ(v0.root.version, 0);
  EXPECT_EQ(v0.root.offset, 42);
  EXPECT_EQ(v0.root.leader_epoch, -1);  // versions 3+, default -1
  EXPECT_EQ(v0.text(v0.root.metadata), "m");
  EXPECT_EQ(v0.root.commit_timestamp, 1000);
  EXPECT_EQ(v0.root.expire_timestamp, -1);  // version 1 only
  // v1: + expireTimestamp.
  auto v1 = ok<OffsetCommitValueDecoded>(kOffsetValue, ByteWriter{}.i16(1).i64(42).str("").i64(1000).i64(2000));
  EXPECT_EQ(v1.root.expire_timestamp, 2000);
  EXPECT_EQ(v1.text(v1.root.metadata), "");
  // v3: leaderEpoch, no expireTimestamp.
  auto v3 = ok<OffsetCommitValueDecoded>(kOffsetValue, ByteWriter{}.i16(3).i64(42).i32(7).str("m").i64(1000));
  EXPECT_EQ(v3.root.leader_epoch, 7);
  EXPECT_EQ(v3.root.expire_timestamp, -1);
  // v4: flexible: compact metadata, then the tagged fields (none).
  auto v4 = ok<OffsetCommitValueDecoded>(kOffsetValue, ByteWriter{}.i16(4).i64(42).i32(7).cstr("meta").i64(1000).uv(0));
  EXPECT_EQ(v4.text(v4.root.metadata), "meta");
  EXPECT_EQ(v4.root.unknown_tagged_fields.count, 0);
  // v1's bytes read as v3 are short by 4 (leaderEpoch took metadata's place).
  expectError(bad<OffsetCommitValueDecoded>(kOffsetValue, ByteWriter{}.i16(5).i64(1)), "UNSUPPORTED_VERSION", 0,
              "offset_commit_value.version");
  expectError(bad<OffsetCommitValueDecoded>(kOffsetValue, ByteWriter{}.i16(-1).i64(1)), "UNSUPPORTED_VERSION", 0,
              "offset_commit_value.version");
}

TEST(Schema, VersionFromOptionsInsteadOfThePrefix) {
  auto v = ok<OffsetCommitValueDecoded>(kOffsetValue, ByteWriter{}.i64(42).str("m").i64(1000), {.version = 0});
  EXPECT_EQ(v.root.offset, 42);
  expectError(bad<OffsetCommitValueDecoded>(kOffsetValue, ByteWriter{}.i64(42), {.version = 9}), "UNSUPPORTED_VERSION",
              0, "offset_commit_value");
}

// ---- tagged fields ------------------------------------------------------------------------------

TEST(Schema, UnknownTaggedFieldsAreKeptOnTheirStruct) {
  const Bytes b = ByteWriter{}.i16(4).i64(1).i32(0).cstr("").i64(2).uv(2).uv(3).uv(2).raw("ab").uv(9).uv(0);
  auto v = ok<OffsetCommitValueDecoded>(kOffsetValue, b);
  const auto tags = v.items(v.tagged, v.root.unknown_tagged_fields);
  ASSERT_EQ(tags.size(), 2u);
  EXPECT_EQ(tags[0].tag, 3u);
  EXPECT_EQ(v.text(tags[0].bytes), "ab");
  EXPECT_EQ(tags[0].bytes.at, 26u);  // 2 + 8 + 4 + 1 + 8 + count 1 + tag 1 + size 1
  EXPECT_EQ(tags[1].tag, 9u);
  EXPECT_EQ(tags[1].bytes.length, 0);
}

TEST(Schema, TagsMustAscendEachOnce) {
  const auto base = [] { return ByteWriter{}.i16(4).i64(1).i32(0).cstr("").i64(2); };
  // 23 bytes before the section; the count is at 23, the first header at 24.
  expectError(bad<OffsetCommitValueDecoded>(kOffsetValue, base().uv(2).uv(5).uv(0).uv(3).uv(0)), "TAG_OUT_OF_ORDER", 26,
              "offset_commit_value.tagged_fields");
  const auto repeated = bad<OffsetCommitValueDecoded>(kOffsetValue, base().uv(2).uv(5).uv(0).uv(5).uv(0));
  expectError(repeated, "TAG_OUT_OF_ORDER", 26, "offset_commit_value.tagged_fields");
  EXPECT_NE(repeated.message.find("tag 5 repeated"), std::string::npos) << repeated.message;
}

TEST(Schema, TaggedFieldSizesAndCounts) {
  const auto base = [] { return ByteWriter{}.i16(4).i64(1).i32(0).cstr("").i64(2); };
  // A size past the end.
  expectError(bad<OffsetCommitValueDecoded>(kOffsetValue, base().uv(1).uv(0).uv(5).raw("ab")), "TRUNCATED", 25,
              "offset_commit_value.tagged_fields");
  // A count the bytes cannot hold (2 bytes a field at least).
  expectError(bad<OffsetCommitValueDecoded>(kOffsetValue, base().uv(3).uv(0).uv(0)), "TRUNCATED", 23,
              "offset_commit_value.tagged_fields");
  // A varint longer than 5 bytes, and one with bits past 32.
  expectError(bad<OffsetCommitValueDecoded>(kOffsetValue, base().u8(0x80).u8(0x80).u8(0x80).u8(0x80).u8(0x80).u8(0)),
              "VARINT_TOO_LONG", 23, "offset_commit_value.tagged_fields");
  expectError(bad<OffsetCommitValueDecoded>(kOffsetValue, base().u8(0xFF).u8(0xFF).u8(0xFF).u8(0xFF).u8(0x1F)),
              "VARINT_TOO_LONG", 23, "offset_commit_value.tagged_fields");
  expectError(bad<OffsetCommitValueDecoded>(kOffsetValue, base().u8(0x80)), "TRUNCATED", 23,
              "offset_commit_value.tagged_fields");
}

TEST(Schema, KnownTaggedFieldsAndTheirSize) {
  // SchemaTypes v1: tag 0 (extra, int32, default 7), tag 1 (note, nullable string, default null).
  const auto base = [] {
    ByteWriter w;
    w.u8(1).u8(0xFE).i16(0xFFFE).i32(0xFFFFFFFE);
    for (int i = 0; i < 16; ++i) w.u8(i);
    return w.cstr("abc").str("x").uv(3).cstr("p").cstr("").uv(0).uv(1).uv(1).u8(0xFF);
  };
  const std::size_t section = base().size();
  auto absent = ok<SchemaTypesDecoded>(kTypes, base().uv(0), {.version = 1});
  EXPECT_EQ(absent.root.extra, 7);
  EXPECT_TRUE(absent.root.note.null());
  auto both = ok<SchemaTypesDecoded>(kTypes, base().uv(3).uv(0).uv(4).i32(42).uv(1).uv(3).cstr("hi").uv(5).uv(1).u8(0),
                                     {.version = 1});
  EXPECT_EQ(both.root.extra, 42);
  EXPECT_EQ(both.text(both.root.note), "hi");
  const auto unknown = both.items(both.tagged, both.root.unknown_tagged_fields);
  ASSERT_EQ(unknown.size(), 1u);
  EXPECT_EQ(unknown[0].tag, 5u);
  // A known tag whose value does not fill its size, or needs more than it.
  expectError(bad<SchemaTypesDecoded>(kTypes, base().uv(1).uv(0).uv(5).i32(42).u8(0), {.version = 1}), "TRAILING_BYTES",
              section + 7, "schema_types.extra");
  expectError(bad<SchemaTypesDecoded>(kTypes, base().uv(1).uv(0).uv(3).i32(42), {.version = 1}), "TRUNCATED",
              section + 3, "schema_types.extra.value");
  // A tag the spec knows, at a version where its field is not tagged (Kafka throws "Tag 2 is not
  // valid for version 1").
  expectError(bad<SchemaTypesDecoded>(kTypes, base().uv(1).uv(2).uv(2).i16(5), {.version = 1}), "UNSUPPORTED_VERSION",
              section + 1, "schema_types.tagged_fields");
  // A tagged null string: compact 0.
  auto null = ok<SchemaTypesDecoded>(kTypes, base().uv(1).uv(1).uv(1).uv(0), {.version = 1});
  EXPECT_TRUE(null.root.note.null());
}

TEST(Schema, TaggedNullableStructKafkaDefaultIsTheEmptyStruct) {
  // ConsumerGroupMemberMetadataValue v0; ClassicMemberMetadata is tag 0 (nullable struct).
  const auto base = [] {
    return ByteWriter{}.i16(0).uv(0).cstr("rack").cstr("client").cstr("host").uv(2).cstr("t").uv(0).i32(30000).uv(0);
  };
  // Absent: Kafka's reader sets the empty struct (its JSON "default": null is read as no default).
  auto absent = ok<ConsumerGroupMemberMetadataValueDecoded>(kMemberValue, base().uv(0));
  EXPECT_TRUE(absent.root.instance_id.null());
  EXPECT_EQ(absent.text(absent.root.rack_id), "rack");
  const auto* empty = absent.one(absent.classic_member_metadata, absent.root.classic_member_metadata);
  ASSERT_NE(empty, nullptr);
  EXPECT_EQ(empty->session_timeout_ms, 0);
  EXPECT_EQ(empty->supported_protocols.count, 0);
  // Present: size, marker 1, the struct (its own tagged section), each protocol's too.
  ByteWriter classic;
  classic.uv(1).i32(45000).uv(2).cstr("range").cbytes("\x01\x02").uv(0).uv(0);
  auto present = ok<ConsumerGroupMemberMetadataValueDecoded>(
      kMemberValue, base()
                        .uv(1)
                        .uv(0)
                        .uv(static_cast<std::uint32_t>(classic.size()))
                        .raw(std::string_view(reinterpret_cast<const char*>(classic.b.data()), classic.size())));
  const auto* c = present.one(present.classic_member_metadata, present.root.classic_member_metadata);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->session_timeout_ms, 45000);
  const auto protocols = present.items(present.classic_protocol, c->supported_protocols);
  ASSERT_EQ(protocols.size(), 1u);
  EXPECT_EQ(present.text(protocols[0].name), "range");
  EXPECT_EQ(present.bytes(protocols[0].metadata).size(), 2u);
  // Null: marker 0 (what Kafka's writer writes for null).
  auto null = ok<ConsumerGroupMemberMetadataValueDecoded>(kMemberValue, base().uv(1).uv(0).uv(1).uv(0));
  EXPECT_EQ(null.one(null.classic_member_metadata, null.root.classic_member_metadata), nullptr);
}

// ---- strings, bytes, arrays, nullables ----------------------------------------------------------

TEST(Schema, EveryPrimitiveTypeAtEveryVersion) {
  ByteWriter w;
  w.u8(5).u8(0xFE).i16(0xFFFE).i32(0xFFFFFFFE);
  for (int i = 0; i < 16; ++i) w.u8(i);
  w.str("abc").str("x").i32(2).str("p").str("").i32(-1).i32(2).u8(0).u8(3).i32(1).i16(-1);
  w.u8(1).str("h").i16(100);
  auto v0 = ok<SchemaTypesDecoded>(kTypes, w, {.version = 0});
  const SchemaTypes& r = v0.root;
  EXPECT_TRUE(r.flag);
  EXPECT_EQ(r.small, -2);
  EXPECT_EQ(r.port, 65534);
  EXPECT_EQ(r.count, 4294967294u);
  EXPECT_EQ(r.id.bytes[15], 15);
  EXPECT_EQ(v0.text(r.name), "abc");
  EXPECT_EQ(v0.text(r.label), "none");  // versions 2+, default "none": kept in the pool
  EXPECT_GE(r.label.at, w.size());
  EXPECT_EQ(v0.text(r.legacy), "x");
  const auto tags = v0.items(v0.slices, r.tags);
  ASSERT_EQ(tags.size(), 2u);
  EXPECT_EQ(v0.text(tags[0]), "p");
  EXPECT_EQ(v0.text(tags[1]), "");
  EXPECT_TRUE(r.offsets.null());
  const auto bits = v0.items(v0.i32, r.bits);
  ASSERT_EQ(bits.size(), 2u);
  EXPECT_EQ(bits[0], 0);
  EXPECT_EQ(bits[1], 1);  // any non-zero byte is true (Kafka's readByte() != 0)
  EXPECT_EQ(v0.items(v0.i32, r.shorts)[0], -1);
  const auto* peer = v0.one(v0.peer, r.peer);
  ASSERT_NE(peer, nullptr);
  EXPECT_EQ(v0.text(peer->host), "h");
  EXPECT_EQ(peer->weight, 100);
  const auto* backup = v0.one(v0.peer, r.backup);  // versions 2+: the empty struct before
  ASSERT_NE(backup, nullptr);
  EXPECT_EQ(v0.text(backup->host), "");
  EXPECT_EQ(r.extra, 7);
  EXPECT_TRUE(r.note.null());

  // v2: compact everywhere (legacy too, its flexibleVersions 2+), label and backup read.
  ByteWriter w2;
  w2.u8(0).u8(0).i16(0).i32(0);
  for (int i = 0; i < 16; ++i) w2.u8(0);
  w2.cstr("n").cstr("lab").cstr("leg").uv(1).uv(2).i64(-5).uv(1).uv(1).u8(0xFF);
  w2.cstr("b").i16(0).uv(0).uv(0);
  auto v2 = ok<SchemaTypesDecoded>(kTypes, w2, {.version = 2});
  EXPECT_EQ(v2.text(v2.root.label), "lab");
  EXPECT_EQ(v2.text(v2.root.legacy), "leg");
  EXPECT_EQ(v2.items(v2.i64, v2.root.offsets)[0], -5);
  EXPECT_EQ(v2.one(v2.peer, v2.root.peer), nullptr);
  EXPECT_EQ(v2.text(v2.one(v2.peer, v2.root.backup)->host), "b");
}

TEST(Schema, LengthsAndCountsRefusedWithTheirCodes) {
  const auto head = [](ByteWriter w) {
    w.u8(0).u8(0).i16(0).i32(0);
    for (int i = 0; i < 16; ++i) w.u8(0);
    return w;
  };
  const std::size_t name = head({}).size();
  // Classic: a non-nullable string's negative length, a nullable array's count below -1.
  expectError(bad<SchemaTypesDecoded>(kTypes, head({}).i16(-1), {.version = 0}), "NEGATIVE_LENGTH", name,
              "schema_types.name");
  expectError(bad<SchemaTypesDecoded>(kTypes, head({}).str("a").str("x").i32(0).i32(-2), {.version = 0}),
              "NEGATIVE_LENGTH", name + 3 + 3 + 4, "schema_types.offsets");
  // Compact: 0 (null) where the version does not allow null; a string above 32767.
  expectError(bad<SchemaTypesDecoded>(kTypes, head({}).uv(0), {.version = 1}), "NULL_NOT_ALLOWED", name,
              "schema_types.name");
  expectError(bad<SchemaTypesDecoded>(kTypes, head({}).cstr("a").cstr("l").uv(32770), {.version = 2}),
              "STRING_TOO_LONG", name + 2 + 2, "schema_types.legacy");
  // Bounds (1..8 bytes, OUT_OF_RANGE) and strict UTF-8 (INVALID_UTF8 at the bad byte).
  expectError(bad<SchemaTypesDecoded>(kTypes, head({}).str("123456789"), {.version = 0}), "OUT_OF_RANGE", name,
              "schema_types.name");
  expectError(bad<SchemaTypesDecoded>(kTypes, head({}).str("a\xC0z"), {.version = 0}), "INVALID_UTF8", name + 3,
              "schema_types.name");
  // A count whose elements cannot fit; an element of an array of primitives cut short.
  expectError(bad<SchemaTypesDecoded>(kTypes, head({}).str("a").str("x").i32(1000).str("p"), {.version = 0}),
              "TRUNCATED", name + 6, "schema_types.tags");
  expectError(bad<SchemaTypesDecoded>(kTypes, head({}).str("a").str("x").i32(1).i16(5).raw("ab"), {.version = 0}),
              "TRUNCATED", name + 6 + 4, "schema_types.tags[0]");
  // A check (0..100) on a struct's field.
  expectError(
      bad<SchemaTypesDecoded>(kTypes, head({}).str("a").str("x").i32(0).i32(-1).i32(0).i32(0).u8(1).str("h").i16(101),
                              {.version = 0}),
      "OUT_OF_RANGE", name + 6 + 16 + 1 + 3, "schema_types.peer.weight");
  // Bytes after the message.
  ByteWriter full = head({});
  full.str("a").str("x").i32(0).i32(-1).i32(0).i32(0).u8(0xFF).u8(7);
  expectError(bad<SchemaTypesDecoded>(kTypes, full, {.version = 0}), "TRAILING_BYTES", full.size() - 1, "schema_types");
}

TEST(Schema, TransactionStatusCheckAndNullableCompactArray) {
  // v0: status 8 is no TransactionState (Kafka throws in TransactionState.fromId).
  const Bytes v0 = ByteWriter{}.i16(0).i64(7).i16(1).i32(60000).u8(8).i32(-1).i64(1).i64(2);
  expectError(bad<TransactionLogValueDecoded>(kTransactionValue, v0), "OUT_OF_RANGE", 16,
              "transaction_log_value.transaction_status");
  // v1 (flexible): null partitions (compact 0), then tagged fields.
  auto v1 = ok<TransactionLogValueDecoded>(
      kTransactionValue, ByteWriter{}.i16(1).i64(7).i16(1).i32(60000).u8(1).uv(0).i64(1).i64(2).uv(0));
  EXPECT_TRUE(v1.root.transaction_partitions.null());
  EXPECT_EQ(v1.root.transaction_status, 1);
  // v0 with partitions: topic and its partition ids.
  auto withPartitions = ok<TransactionLogValueDecoded>(
      kTransactionValue,
      ByteWriter{}.i16(0).i64(7).i16(1).i32(60000).u8(1).i32(1).str("t").i32(2).i32(0).i32(3).i64(1).i64(2));
  const auto topics =
      withPartitions.items(withPartitions.partitions_schema, withPartitions.root.transaction_partitions);
  ASSERT_EQ(topics.size(), 1u);
  EXPECT_EQ(withPartitions.text(topics[0].topic), "t");
  EXPECT_EQ(withPartitions.items(withPartitions.i32, topics[0].partition_ids)[1], 3);
}

TEST(Schema, ErrorPathsNameTheElement) {
  // GroupMetadataValue v3, two members, the second cut in its client id.
  ByteWriter w;
  w.i16(3).str("consumer").i32(5).str("range").str("m1").i64(99).i32(2);
  const auto member = [](ByteWriter& m, std::string_view id) {
    m.str(id).i16(-1).str("c").str("/127.0.0.1").i32(300000).i32(10000).bytes("s").bytes("a");
  };
  member(w, "m1");
  const std::size_t second = w.size();
  w.str("m2").i16(-1).i16(5).raw("ab");
  expectError(bad<GroupMetadataValueDecoded>(kGroupValue, w), "TRUNCATED", second + 4 + 2,
              "group_metadata_value.members[1].client_id");
  // The whole value: the members and their bytes.
  ByteWriter full;
  full.i16(3).str("consumer").i32(5).str("range").str("m1").i64(99).i32(2);
  member(full, "m1");
  member(full, "m2");
  auto v = ok<GroupMetadataValueDecoded>(kGroupValue, full);
  const auto members = v.items(v.member_metadata, v.root.members);
  ASSERT_EQ(members.size(), 2u);
  EXPECT_EQ(v.text(members[1].member_id), "m2");
  EXPECT_TRUE(members[1].group_instance_id.null());
  EXPECT_EQ(members[1].rebalance_timeout, 300000);
  EXPECT_EQ(v.bytes(members[1].subscription)[0], 's');
  // Version 0 has no rebalance timeout: -1; members[0] of a v0 value read whole.
  ByteWriter v0;
  v0.i16(0).str("consumer").i32(1).i16(-1).i16(-1).i32(1).str("m").str("c").str("h").i32(10).bytes("").bytes("");
  auto old = ok<GroupMetadataValueDecoded>(kGroupValue, v0);
  EXPECT_TRUE(old.root.protocol.null());
  EXPECT_EQ(old.root.current_state_timestamp, -1);
  EXPECT_EQ(old.items(old.member_metadata, old.root.members)[0].rebalance_timeout, -1);
}

TEST(Schema, EveryTruncationIsAnErrorAtOrBeforeTheCut) {
  ByteWriter w;
  w.i16(4).cstr("consumer").i32(5).cstr("range").cstr("m1").i64(99).uv(2);
  w.cstr("m1").uv(0).cstr("c").cstr("h").i32(1).i32(2).cbytes("s").cbytes("a").uv(1).uv(4).uv(1).u8(9);
  w.uv(1).uv(0).uv(0);
  const Bytes full = w;
  ok<GroupMetadataValueDecoded>(kGroupValue, full);
  for (std::size_t cut = 0; cut < full.size(); ++cut) {
    const Bytes part(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(cut));
    GroupMetadataValueDecoded out;
    const auto e = decodeGroupMetadataValue(part, out);
    ASSERT_TRUE(e) << "cut " << cut;
    EXPECT_EQ(e->code, "TRUNCATED") << cut << ": " << e->message;
    EXPECT_LE(e->offset, cut) << e->message;
    EXPECT_TRUE(e->field.starts_with("group_metadata_value")) << e->field;
    // The same error from inspect, and its field tree ends incomplete.
    GroupMetadataValueDecoded again;
    const Inspection in = inspectGroupMetadataValue(part, again);
    ASSERT_TRUE(in.error);
    EXPECT_EQ(in.error->message, e->message);
    EXPECT_FALSE(in.fields.front().complete);
  }
}

TEST(Schema, NewerConsumerProtocolVersionsReadAsTheLatest) {
  // Version 7: read as 3; the bytes after version 3's fields are not read (Kafka's rule).
  const Bytes b = ByteWriter{}.i16(7).i32(1).str("t").i32(-1).i32(0).i32(4).i16(-1).raw("future");
  auto s = ok<ConsumerProtocolSubscriptionDecoded>(kSubscription, b);
  EXPECT_EQ(s.root.version, 7);
  EXPECT_EQ(s.root.generation_id, 4);
  EXPECT_TRUE(s.root.rack_id.null());
  EXPECT_TRUE(s.root.user_data.null());
  ConsumerProtocolSubscriptionDecoded out;
  const Inspection in = inspectConsumerProtocolSubscription(b, out);
  ASSERT_FALSE(in.error);
  ASSERT_EQ(in.warnings.size(), 1u);
  EXPECT_EQ(in.warnings[0].code, "NEWER_VERSION");
  EXPECT_EQ(in.warnings[0].field, "consumer_protocol_subscription.version");
  // Version 3 itself: no trailing bytes allowed; version -1 refused.
  const Bytes v3 = ByteWriter{}.i16(3).i32(0).i32(-1).i32(0).i32(4).i16(-1).u8(0);
  expectError(bad<ConsumerProtocolSubscriptionDecoded>(kSubscription, v3), "TRAILING_BYTES", v3.size() - 1,
              "consumer_protocol_subscription");
  expectError(bad<ConsumerProtocolSubscriptionDecoded>(kSubscription, ByteWriter{}.i16(-1).i32(0)),
              "UNSUPPORTED_VERSION", 0, "consumer_protocol_subscription.version");
  // Version 0: ownedPartitions [], generationId -1, rackId null (the defaults).
  auto v0 = ok<ConsumerProtocolSubscriptionDecoded>(kSubscription, ByteWriter{}.i16(0).i32(0).bytes("u"));
  EXPECT_EQ(v0.root.owned_partitions.count, 0);
  EXPECT_EQ(v0.root.generation_id, -1);
  EXPECT_EQ(v0.text(v0.root.user_data), "u");
}

TEST(Schema, IllFormedUtf8IsReplacedAsKafkaReadsIt) {
  // new String(bytes, UTF_8): each ill-formed subpart is one U+FFFD.
  const Bytes b = ByteWriter{}.i16(2).i16(3).raw(
      "a\xFF"
      "b");
  GroupMetadataKeyDecoded out;
  const Inspection in = inspectGroupMetadataKey(b, out);
  ASSERT_FALSE(in.error);
  EXPECT_EQ(out.text(out.root.group),
            "a\xEF\xBF\xBD"
            "b");
  EXPECT_GE(out.root.group.at, b.size());  // in the pool
  ASSERT_EQ(in.warnings.size(), 1u);
  EXPECT_EQ(in.warnings[0].code, "UTF8_REPLACED");
  EXPECT_EQ(in.warnings[0].field, "group_metadata_key.group");
  EXPECT_EQ(in.warnings[0].offset, 5u);  // the first ill-formed byte (the body starts at 4)
}

// ---- the field tree -----------------------------------------------------------------------------

TEST(Schema, FieldTreePathsOffsetsAndValues) {
  const Bytes b = ByteWriter{}.i16(4).i64(1).i32(0).cstr("m").i64(2).uv(1).uv(3).uv(2).raw("ab");
  OffsetCommitValueDecoded out;
  const Inspection in = inspectOffsetCommitValue(b, out);
  ASSERT_FALSE(in.error);
  std::vector<std::string> paths;
  for (const tree::Node& n : in.fields) paths.push_back(n.path);
  const std::vector<std::string> expected = {
      "offset_commit_value",
      "offset_commit_value.version",
      "offset_commit_value.offset",
      "offset_commit_value.leader_epoch",
      "offset_commit_value.metadata",
      "offset_commit_value.commit_timestamp",
      "offset_commit_value.tagged_fields",
      "offset_commit_value.unknown_tagged_fields[0]",
      "offset_commit_value.unknown_tagged_fields[0].tag",
      "offset_commit_value.unknown_tagged_fields[0].size",
      "offset_commit_value.unknown_tagged_fields[0].bytes",
  };
  EXPECT_EQ(paths, expected);
  EXPECT_EQ(in.fields[4].wire_type, "compact_string");
  EXPECT_EQ(std::get<std::string>(in.fields[4].value), "m");
  EXPECT_EQ(in.fields[4].offset, 14u);
  EXPECT_EQ(in.fields[4].length, 2u);
  EXPECT_EQ(in.fields[7].name, "[0]");
  EXPECT_EQ(in.fields[7].length, 4u);
  EXPECT_EQ(in.fields[0].length, b.size());
  // An array of primitives: each element a leaf "[i]"; the count a leaf of the array.
  ByteWriter t;
  t.i16(0).i64(7).i16(1).i32(1).u8(1).i32(1).str("t").i32(2).i32(0).i32(3).i64(1).i64(2);
  TransactionLogValueDecoded tv;
  const Inspection ti = inspectTransactionLogValue(t.b, tv);
  std::set<std::string> all;
  for (const tree::Node& n : ti.fields) all.insert(n.path);
  EXPECT_TRUE(all.count("transaction_log_value.transaction_partitions.count"));
  EXPECT_TRUE(all.count("transaction_log_value.transaction_partitions[0].partition_ids[1]"));
}

TEST(Schema, DecodeAndInspectGiveTheSameMessage) {
  ByteWriter w;
  w.i16(4).cstr("consumer").i32(5).uv(0).cstr("m1").i64(99).uv(2);
  w.cstr("m1").cstr("i").cstr("c").cstr("h").i32(1).i32(2).cbytes("s").cbytes("a").uv(1).uv(4).uv(1).u8(9);
  w.uv(0);
  GroupMetadataValueDecoded a, b;
  ASSERT_FALSE(decodeGroupMetadataValue(w.b, a));
  ASSERT_FALSE(inspectGroupMetadataValue(w.b, b).error);
  EXPECT_TRUE(a == b);
  b.member_metadata[0].session_timeout = 3;
  EXPECT_FALSE(a == b);
  EXPECT_TRUE(a.root.protocol.null());
  EXPECT_EQ(a.text(a.items(a.member_metadata, a.root.members)[0].group_instance_id), "i");
  EXPECT_EQ(a.items(a.tagged, a.items(a.member_metadata, a.root.members)[0].unknown_tagged_fields)[0].tag, 4u);
}

TEST(Schema, FromReadsAMessageInsideOtherBytesWithTheirOffsets) {
  ByteWriter w;
  w.raw("xyz").i16(0).i32(1).str("t").i32(-1);
  ConsumerProtocolSubscriptionDecoded out;
  ASSERT_FALSE(decodeConsumerProtocolSubscription(w.b, out, {.from = 3}));
  EXPECT_EQ(out.text(out.items(out.slices, out.root.topics)[0]), "t");
  EXPECT_EQ(out.items(out.slices, out.root.topics)[0].at, 3u + 2 + 4 + 2);
  const Bytes cut(w.b.begin(), w.b.end() - 1);
  const auto e = decodeConsumerProtocolSubscription(cut, out, {.from = 3, .root = "group.members[0].subscription"});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->offset, 12u);
  EXPECT_EQ(e->field, "group.members[0].subscription.user_data");
}

// ---- layout.json is the compiler's layout -------------------------------------------------------

TEST(Schema, LayoutJsonMatchesTheCompiledStructs) {
  std::ifstream f(COORDINATION_LAYOUT_JSON);
  ASSERT_TRUE(f) << COORDINATION_LAYOUT_JSON;
  const auto layout = nlohmann::json::parse(f);
  std::size_t rows = 0;
  for (const auto& m : layout["messages"]) {
    for (const auto& s : m["structs"]) {
      const auto id = m["id"].get<int>();
      const auto name = s["name"].get<std::string>();
      bool sized = false;
      for (const LayoutRow& r : layoutRows()) {
        if (r.message == id && r.structure == name && r.member.empty()) {
          EXPECT_EQ(r.size, s["size"].get<std::size_t>()) << name;
          sized = true;
        }
      }
      EXPECT_TRUE(sized) << name;
      ++rows;
      for (const auto& member : s["members"]) {
        const auto mname = member["name"].get<std::string>();
        bool found = false;
        for (const LayoutRow& r : layoutRows()) {
          if (r.message == id && r.structure == name && r.member == mname) {
            EXPECT_EQ(r.offset, member["offset"].get<std::size_t>()) << name << "." << mname;
            found = true;
          }
        }
        EXPECT_TRUE(found) << name << "." << mname;
        ++rows;
      }
    }
  }
  EXPECT_EQ(rows, layoutRows().size());
  // The shared structs.
  EXPECT_EQ(sizeof(Slice), layout["shared"]["Slice"]["size"].get<std::size_t>());
  EXPECT_EQ(offsetof(Slice, length), layout["shared"]["Slice"]["members"]["length"].get<std::size_t>());
  EXPECT_EQ(sizeof(coordination::schema::Run), layout["shared"]["Run"]["size"].get<std::size_t>());
  EXPECT_EQ(offsetof(coordination::schema::Run, count), layout["shared"]["Run"]["members"]["count"].get<std::size_t>());
  EXPECT_EQ(sizeof(TaggedField), layout["shared"]["TaggedField"]["size"].get<std::size_t>());
  EXPECT_EQ(offsetof(TaggedField, bytes), layout["shared"]["TaggedField"]["members"]["bytes"].get<std::size_t>());
  EXPECT_EQ(sizeof(Uuid), layout["shared"]["Uuid"]["size"].get<std::size_t>());
}
