// __consumer_offsets records and their nested levels (wasm/core/groups/records.h), beyond what the
// golden vectors check (tests/native/golden_test.cpp): the key version -> type table against the
// specs, the field tree across levels (grafted nodes, unique paths, outer offsets), a reader reused
// from record to record, the value read when the key's body fails.
#include <gtest/gtest.h>

#include <set>

#include "golden.h"
#include "groups/records.h"
#include "test_util.h"

using namespace coordination::groups;
using golden::json;
using testutil::span;

namespace {

std::string snakeOf(std::string_view camel) {
  std::string s;
  for (const char c : camel) {
    if (c >= 'A' && c <= 'Z') {
      if (!s.empty()) s += '_';
      s += static_cast<char>(c - 'A' + 'a');
    } else {
      s += c;
    }
  }
  return s;
}

// A vector of golden/group-records.json: its key and value bytes.
struct Record {
  golden::Bytes key;
  std::optional<golden::Bytes> value;
  std::optional<std::span<const std::uint8_t>> valueSpan() const {
    return value ? std::optional<std::span<const std::uint8_t>>(span(*value)) : std::nullopt;
  }
};
Record vector(const std::string& id) {
  static const auto doc = golden::load("group-records.json");
  for (const json& v : doc->at("vectors")) {
    if (v.at("id") != id) continue;
    Record r{*golden::fromHex(v.at("key").get<std::string>()), std::nullopt};
    if (!v.at("value").is_null()) r.value = *golden::fromHex(v.at("value").get<std::string>());
    return r;
  }
  ADD_FAILURE() << "no vector " << id;
  return {};
}

const tree::Node& node(const std::vector<tree::Node>& nodes, std::string_view path) {
  for (const tree::Node& n : nodes)
    if (n.path == path) return n;
  ADD_FAILURE() << "no node " << path;
  return nodes.front();
}

}  // namespace

TEST(GroupRecords, KeyVersionsNameTheTypesOfTheSpecs) {
  EXPECT_EQ(typeOfKeyVersion(0), RecordType::offset);
  EXPECT_EQ(typeOfKeyVersion(1), RecordType::offset);
  EXPECT_EQ(typeOfKeyVersion(2), RecordType::group);
  // 9 and 18: ShareGroupPartitionMetadata and StreamsGroupPartitionMetadata of Kafka's pre-release
  // specs, no record type of Apache Kafka 4.1.0 (CoordinatorRecordType, confluentinc/kafka v8.1.0).
  EXPECT_FALSE(typeOfKeyVersion(9));
  EXPECT_FALSE(typeOfKeyVersion(18));
  EXPECT_FALSE(typeOfKeyVersion(24));
  EXPECT_FALSE(typeOfKeyVersion(-1));
  // 3-23 (but 9 and 18): the KIP-848, KIP-932 and KIP-1071 keys, each Kafka's apiKey of its
  // coordinator-key, each type its spec's name in snake_case without _key.
  const std::pair<std::int16_t, std::string_view> keys[] = {
#define GROUPS_X(type, key, value) {coordination::schema::key##Message::low, #key},
      GROUP_RECORD_TYPES(GROUPS_X)
#undef GROUPS_X
  };
  const std::int16_t apiKeys[] = {3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 21, 22, 23};
  ASSERT_EQ(std::size(keys), 2 + std::size(apiKeys));
  std::size_t i = 0;
  for (const auto& [low, key] : std::span(keys).subspan(2)) {
    const std::int16_t version = apiKeys[i++];
    EXPECT_EQ(low, version) << key;
    const auto type = typeOfKeyVersion(version);
    ASSERT_TRUE(type);
    std::string name = snakeOf(key);
    EXPECT_EQ(typeName(*type), name.substr(0, name.size() - 4)) << key;
    EXPECT_EQ(firstKeyVersion(*type), version);
  }
  EXPECT_EQ(typeName(*typeOfKeyVersion(16)), "consumer_group_regular_expression");
  EXPECT_EQ(typeName(*typeOfKeyVersion(23)), "streams_group_topology");
}

TEST(GroupRecords, TheTreeCrossesLevelsWithOuterOffsets) {
  const Record r = vector("group-records/valid/group-v3-stream-deep-error");
  RecordReader reader;
  const auto in = reader.inspect(span(r.key), r.valueSpan());
  ASSERT_FALSE(in.key.error);
  ASSERT_TRUE(in.value && !in.value->error);
  const auto& nodes = in.value->fields;
  std::set<std::string> paths;
  for (const tree::Node& n : nodes) EXPECT_TRUE(paths.insert(n.path).second) << "two nodes " << n.path;
  // A member's bytes are the parent of its consumer level's fields; the userData of its Streams level's.
  const tree::Node& assignment = node(nodes, "group.members[2].assignment");
  const tree::Node& version = node(nodes, "group.members[2].assignment.version");
  EXPECT_EQ(nodes[static_cast<std::size_t>(version.parent)].path, "group.members[2].assignment");
  EXPECT_EQ(version.length, 2u);
  EXPECT_EQ(version.offset, assignment.offset + 4);  // after the bytes' i32 length
  const tree::Node& user_data = node(nodes, "group.members[2].assignment.user_data");
  const tree::Node& streams_version = node(nodes, "group.members[2].assignment.user_data.version");
  EXPECT_EQ(nodes[static_cast<std::size_t>(streams_version.parent)].path, user_data.path);
  EXPECT_EQ(streams_version.offset, user_data.offset + 4);
  EXPECT_EQ(std::get<std::int64_t>(streams_version.value), 11);
  // The failing Streams field: incomplete, inside the value, its error among the nested ones.
  const tree::Node& topology = node(nodes, "group.members[2].assignment.user_data.active_tasks[0].named_topology");
  EXPECT_FALSE(topology.complete);
  ASSERT_EQ(in.nested_errors.size(), 1u);
  EXPECT_EQ(in.nested_errors[0].field, topology.path);
  EXPECT_EQ(in.nested_errors[0].offset, topology.offset);
  EXPECT_EQ(std::string(in.nested_errors[0].code), "TRUNCATED");
  // Decode agrees: the level's error, the levels above decoded.
  ASSERT_FALSE(reader.decode(span(r.key), r.valueSpan()));
  ASSERT_EQ(reader.members().size(), 3u);
  EXPECT_FALSE(reader.members()[2].assignment.error);
  ASSERT_TRUE(reader.members()[2].assignment.streams.error);
  EXPECT_EQ(reader.members()[2].assignment.streams.error->message, in.nested_errors[0].message);
  EXPECT_FALSE(reader.members()[1].assignment.streams.error);
}

TEST(GroupRecords, AReaderReusedForRecordsOfOtherTypes) {
  RecordReader reader;
  const Record stream = vector("group-records/valid/group-v3-stream");
  const Record connect = vector("group-records/valid/group-v2-connect");
  const Record offset = vector("group-records/valid/offset-v3");
  ASSERT_FALSE(reader.decode(span(stream.key), stream.valueSpan()));
  EXPECT_EQ(reader.members().size(), 2u);
  ASSERT_FALSE(reader.decode(span(connect.key), connect.valueSpan()));
  EXPECT_EQ(reader.members().size(), 0u) << "a connect group's members are not the consumer protocol";
  ASSERT_FALSE(reader.decode(span(offset.key), offset.valueSpan()));
  EXPECT_EQ(reader.type(), RecordType::offset);
  EXPECT_EQ(reader.members().size(), 0u);
  ASSERT_FALSE(reader.decode(span(stream.key), stream.valueSpan()));
  EXPECT_EQ(reader.members().size(), 2u);
  EXPECT_TRUE(reader.members()[1].assignment.streams.read);
  ASSERT_FALSE(reader.decode(span(offset.key), std::nullopt));
  EXPECT_TRUE(reader.tombstone());
}

TEST(GroupRecords, AnUnknownKeyVersionHasATreeAndNoValue) {
  const auto key = testutil::bytes({0, 9, 0, 1, 'g'});
  const auto value = testutil::bytes({0, 0});
  RecordReader reader;
  const auto in = reader.inspect(span(key), span(value));
  ASSERT_TRUE(in.key.error);
  EXPECT_EQ(in.key.error->message,
            "key.version: version 9 names no record type of Kafka 4.1.0's group "
            "coordinator (0..8, 10..17, 19..23) (offset 0)");
  EXPECT_FALSE(in.value);
  ASSERT_EQ(in.key.fields.size(), 2u);
  EXPECT_EQ(in.key.fields[1].path, "key.version");
  EXPECT_EQ(std::get<std::int64_t>(in.key.fields[1].value), 9);
  EXPECT_FALSE(reader.type());
}

TEST(GroupRecords, TheValueIsReadWhenTheKeyBodyFails) {
  // An offset key cut in its topic, and a valid offset value version 0.
  const auto key = testutil::bytes({0, 1, 0, 1, 'g', 0, 5, 't'});
  const auto value = testutil::bytes({0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9});
  RecordReader reader;
  const auto in = reader.inspect(span(key), span(value));
  ASSERT_TRUE(in.key.error);
  EXPECT_EQ(in.key.error->field, "key.topic");
  ASSERT_TRUE(in.value);
  EXPECT_FALSE(in.value->error);
  EXPECT_EQ(reader.offset_value().root.offset, 7);
  EXPECT_EQ(reader.offset_value().root.commit_timestamp, 9);
  // decode stops at the key.
  const auto e = reader.decode(span(key), span(value));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->field, "key.topic");
}
