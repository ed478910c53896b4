// The __consumer_offsets fold (wasm/core/groups/fold.h): the newest record per key, tombstones,
// records read out of order, every anomaly, errors that leave the fold going, and a part's bytes
// (what a worker thread hands back) merging to what one folder gives. The records are written here
// byte by byte in Kafka 3.8.0's layouts (the specs in wasm/core/groups/specs, Streams' legacy
// SubscriptionInfo / AssignmentInfo encoders), not by the code under test.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "group_records.h"
#include "groups/fold.h"

namespace cg = coordination::groups;
using namespace group_records;

namespace {

struct Log {
  cg::GroupFolder folder;
  void add(std::int32_t partition, std::int64_t offset, const Bytes& key, const Bytes* value) {
    std::optional<coordination::ByteSpan> v;
    if (value) v = coordination::ByteSpan(*value);
    folder.add(partition, offset, 0, coordination::ByteSpan(key), v);
  }
  void add(std::int32_t partition, std::int64_t offset, const Bytes& key, const Bytes& value) {
    add(partition, offset, key, &value);
  }
  cg::GroupLogState merged() const {
    const cg::GroupLogPart part = folder.part();
    return cg::mergeGroupLogs({&part, 1});
  }
};

std::vector<std::string> kinds(const cg::GroupLogState& s) {
  std::vector<std::string> out;
  for (const auto& a : s.anomalies) out.emplace_back(cg::anomalyKindName(a.kind));
  return out;
}

}  // namespace

TEST(GroupFold, NewestRecordPerKeyTombstonesAndRecordsOutOfOrder) {
  Log log;
  log.add(0, 5, offsetKey("g", "orders", 1), offsetValue(50));
  log.add(0, 3, offsetKey("g", "orders", 1), offsetValue(30));  // older than what the key holds: nothing
  log.add(0, 6, offsetKey("g", "orders", 0), offsetValue(60));
  log.add(0, 7, offsetKey("g", "audit", 0), offsetValue(70));
  log.add(0, 8, offsetKey("g", "audit", 0), nullptr);  // deleted
  log.add(0, 9, groupKey("g"), groupValue("consumer", 4, "range", {{"m1", subscription({"orders"}), {}}}));
  log.add(0, 10, groupKey("gone"), groupValue("consumer", 1, "range", {}));
  log.add(0, 11, groupKey("gone"), nullptr);
  const cg::GroupLogState s = log.merged();
  ASSERT_EQ(s.groups.size(), 1u);
  const cg::GroupEntry& g = s.groups[0];
  EXPECT_EQ(g.group, "g");
  EXPECT_EQ(g.partition, 0);
  ASSERT_EQ(g.records_end - g.records_begin, 1u);
  EXPECT_EQ(s.records[g.records_begin].offset, 9);
  ASSERT_EQ(g.offsets_end - g.offsets_begin, 2u);
  EXPECT_EQ(s.offsets[0].topic, "orders");
  EXPECT_EQ(s.offsets[0].partition, 0);
  EXPECT_EQ(s.offsets[0].offset, 60);
  EXPECT_EQ(s.offsets[1].partition, 1);
  EXPECT_EQ(s.offsets[1].offset, 50);
  EXPECT_EQ(s.offsets[1].leader_epoch, 7);
  EXPECT_EQ(s.offsets[1].metadata, "m");
  EXPECT_EQ(s.offsets[1].commit_timestamp, 1050);
  EXPECT_EQ(s.offsets[1].record_offset, 5);
  EXPECT_EQ(s.records_read, 8u);
  EXPECT_TRUE(s.errors.empty());
  EXPECT_TRUE(s.anomalies.empty());
}

// OffsetCommitKey versions 0 and 1 have the same fields: the coordinator replays both into one
// (group, topic, partition) (GroupCoordinatorShard.replay, 3.8.0), though compaction keeps both.
TEST(GroupFold, AnOffsetCommitsKeyVersionsAreOneKey) {
  Log log;
  log.add(0, 0, offsetKey("g", "t", 0, 1), offsetValue(5));
  log.add(0, 1, offsetKey("g", "t", 0, 0), nullptr);  // deletes the commit of key version 1
  log.add(0, 2, offsetKey("g", "t", 1, 0), offsetValue(10));
  log.add(0, 3, offsetKey("g", "t", 1, 1), offsetValue(20));
  log.add(0, 4, offsetKey("g", "t", 1, 0), offsetValue(15));  // the newest commit of t-1
  log.add(0, 1, offsetKey("g", "t", 1, 1), offsetValue(1));   // older than what the key holds: nothing
  const cg::GroupLogState s = log.merged();
  ASSERT_EQ(s.groups.size(), 1u);
  ASSERT_EQ(s.offsets.size(), 1u);
  EXPECT_EQ(s.offsets[0].topic, "t");
  EXPECT_EQ(s.offsets[0].partition, 1);
  EXPECT_EQ(s.offsets[0].offset, 15);
  EXPECT_EQ(s.offsets[0].record_offset, 4);
  EXPECT_TRUE(s.errors.empty());
}

TEST(GroupFold, EveryAnomalyNamesGroupGenerationPartitionAndOffset) {
  Log log;
  log.add(1, 1, groupKey("back"), groupValue("consumer", 5, "range", {}));
  log.add(1, 2, groupKey("back"), groupValue("consumer", 3, "range", {}));
  // m1 and m2 both hold orders-0; m2 is assigned "audit", which it does not subscribe to.
  log.add(1, 3, groupKey("twice"),
          groupValue("consumer", 2, "range",
                     {{"m1", subscription({"orders"}), assignment("orders", {0, 1})},
                      {"m2", subscription({"orders"}), assignment("orders", {0})},
                      {"m3", subscription({"orders"}), assignment("audit", {2})}}));
  log.add(1, 4, offsetKey("lonely", "orders", 0), offsetValue(1));
  const Bytes v2 = streamsSubscription(2), v3 = streamsSubscription(3);
  const Bytes a1 = streamsAssignment({0, 1}), a2 = streamsAssignment({1});
  log.add(1, 5, groupKey("app"),
          groupValue("consumer", 9, "stream",
                     {{"s1", subscription({"in"}, &v2), assignment("in", {0}, &a1)},
                      {"s2", subscription({"in"}, &v3), assignment("in", {1}, &a2)}}));
  const cg::GroupLogState s = log.merged();
  EXPECT_EQ(kinds(s),
            (std::vector<std::string>{"task_assigned_twice", "subscription_versions_differ", "generation_backwards",
                                      "offsets_without_group", "partition_assigned_twice", "topic_not_subscribed"}));
  const auto& task = s.anomalies[0];
  EXPECT_EQ(task.group, "app");
  EXPECT_EQ(task.generation, 9);
  EXPECT_EQ(task.partition, 1);
  EXPECT_EQ(task.offset, 5);
  EXPECT_NE(task.message.find("active task 0_1 is assigned to member \"s1\" and to member \"s2\""), std::string::npos)
      << task.message;
  EXPECT_NE(s.anomalies[1].message.find("versions 2 (s1), 3 (s2)"), std::string::npos) << s.anomalies[1].message;
  EXPECT_EQ(s.anomalies[2].generation, 3);
  EXPECT_EQ(s.anomalies[2].offset, 2);
  EXPECT_EQ(s.anomalies[3].generation, -1);
  EXPECT_EQ(s.anomalies[3].offset, 4);
  EXPECT_NE(s.anomalies[4].message.find("partition orders-0 is assigned to member \"m1\" and to member \"m2\""),
            std::string::npos)
      << s.anomalies[4].message;
  EXPECT_NE(s.anomalies[5].message.find("member \"m3\" is assigned partitions of topic \"audit\""), std::string::npos);
}

// KIP-848 records (key versions 3-8; values flexible: compact arrays and strings as length + 1,
// an empty tagged-field section after each struct). Topic ids: 16 bytes, all `id`.
W& uvarint(W& w, std::uint32_t v) {
  for (; v >= 0x80; v >>= 7) w.b.push_back(static_cast<std::uint8_t>(v | 0x80));
  w.b.push_back(static_cast<std::uint8_t>(v));
  return w;
}
struct TopicPartitions {
  std::uint8_t id;
  std::vector<std::int32_t> partitions;
};
W& topicPartitions(W& w, const std::vector<TopicPartitions>& list) {
  uvarint(w, static_cast<std::uint32_t>(list.size() + 1));
  for (const auto& t : list) {
    w.b.insert(w.b.end(), 16, t.id);
    uvarint(w, static_cast<std::uint32_t>(t.partitions.size() + 1));
    for (const std::int32_t p : t.partitions) w.i32(p);
    uvarint(w, 0);
  }
  return w;
}
Bytes groupEpochValue(std::int32_t epoch) {
  W w;
  w.i16(0).i32(epoch);
  return uvarint(w, 0).b;
}
// ConsumerGroupPartitionMetadataValue: one topic named `name`, 8 partitions, no racks.
Bytes partitionMetadataValue(std::uint8_t id, std::string_view name) {
  W w;
  uvarint(w.i16(0), 2);
  w.b.insert(w.b.end(), 16, id);
  uvarint(w, static_cast<std::uint32_t>(name.size() + 1));
  w.b.insert(w.b.end(), name.begin(), name.end());
  w.i32(8);
  uvarint(w, 1);  // no partition metadata
  uvarint(w, 0);
  return uvarint(w, 0).b;
}
Bytes targetMemberValue(const std::vector<TopicPartitions>& list) {
  W w;
  topicPartitions(w.i16(0), list);
  return uvarint(w, 0).b;
}
Bytes currentMemberValue(const std::vector<TopicPartitions>& assigned, const std::vector<TopicPartitions>& revoking) {
  W w;
  w.i16(0).i32(4).i32(3);
  w.b.push_back(0);  // state: stable
  topicPartitions(w, assigned);
  topicPartitions(w, revoking);
  return uvarint(w, 0).b;
}

TEST(GroupFold, AKip848PartitionInTheAssignmentsOfTwoMembers) {
  Log log;
  log.add(3, 10, W{}.i16(3).str("k").b, groupEpochValue(4));
  log.add(3, 11, W{}.i16(4).str("k").b, partitionMetadataValue(0x11, "orders"));
  // Target: a and b both get orders-1; a lists orders-0 twice (one member: no anomaly).
  log.add(3, 12, W{}.i16(7).str("k").str("a").b, targetMemberValue({{0x11, {0, 0, 1}}}));
  log.add(3, 13, W{}.i16(7).str("k").str("b").b, targetMemberValue({{0x11, {1, 2}}}));
  // Current: a owns orders-0 and, pending revocation, orders-1; b owns orders-1 (not released by a
  // yet), and a partition of a topic the partition metadata does not name (b and c).
  log.add(3, 14, W{}.i16(8).str("k").str("a").b, currentMemberValue({{0x11, {0}}}, {{0x11, {1}}}));
  log.add(3, 15, W{}.i16(8).str("k").str("b").b, currentMemberValue({{0x11, {1}}, {0x22, {5}}}, {}));
  log.add(3, 16, W{}.i16(8).str("k").str("c").b, currentMemberValue({}, {{0x22, {5}}}));
  // A group whose members share nothing.
  log.add(3, 20, W{}.i16(7).str("fine").str("a").b, targetMemberValue({{0x11, {0}}}));
  log.add(3, 21, W{}.i16(7).str("fine").str("b").b, targetMemberValue({{0x11, {1}}}));
  log.add(3, 22, W{}.i16(8).str("fine").str("a").b, currentMemberValue({{0x11, {0}}}, {}));
  log.add(3, 23, W{}.i16(8).str("fine").str("b").b, currentMemberValue({}, {{0x11, {1}}}));
  const cg::GroupLogState s = log.merged();
  EXPECT_TRUE(s.errors.empty());
  ASSERT_EQ(kinds(s), (std::vector<std::string>{"partition_assigned_twice", "partition_assigned_twice",
                                                "partition_assigned_twice"}));
  for (const auto& a : s.anomalies) {
    EXPECT_EQ(a.group, "k");
    EXPECT_EQ(a.generation, 4);
    EXPECT_EQ(a.partition, 3);
  }
  EXPECT_EQ(s.anomalies[0].offset, 13);
  EXPECT_EQ(s.anomalies[0].message,
            "group \"k\" (group epoch 4, offset 13): partition orders-1 is in the target assignment of member \"a\" "
            "and of member \"b\"");
  EXPECT_EQ(s.anomalies[1].offset, 15);
  EXPECT_EQ(s.anomalies[1].message,
            "group \"k\" (group epoch 4, offset 15): partition orders-1 is owned (assigned or pending revocation) by "
            "member \"a\" and by member \"b\"");
  // No name for the topic id: Kafka's Uuid.toString (base64url, unpadded) of 16 bytes 0x22.
  EXPECT_EQ(s.anomalies[2].offset, 16);
  EXPECT_EQ(s.anomalies[2].message,
            "group \"k\" (group epoch 4, offset 16): partition IiIiIiIiIiIiIiIiIiIiIg-5 is owned (assigned or pending "
            "revocation) by member \"b\" and by member \"c\"");
}

TEST(GroupFold, ABadRecordIsAnErrorAndTheFoldGoesOn) {
  Log log;
  const Bytes empty;
  log.add(2, 1, groupKey("g"), empty);       // Kafka reads only null as a tombstone here
  log.add(2, 2, W{}.i16(9).b, nullptr);      // no record type
  const Bytes bad_user_data{0, 0, 0, 2, 0};  // an AssignmentInfo cut short
  log.add(2, 3, groupKey("g"),
          groupValue("consumer", 1, "stream", {{"m1", subscription({"in"}), assignment("in", {0}, &bad_user_data)}}));
  const cg::GroupLogState s = log.merged();
  ASSERT_EQ(s.errors.size(), 3u);
  EXPECT_EQ(s.errors[0].offset, 1);
  EXPECT_EQ(s.errors[0].role, "g");
  EXPECT_EQ(s.errors[1].offset, 2);
  EXPECT_EQ(s.errors[1].code, "UNSUPPORTED_VERSION");
  EXPECT_EQ(s.errors[1].role, "");
  EXPECT_EQ(s.errors[2].offset, 3);
  EXPECT_EQ(s.errors[2].field.rfind("group.members[0].assignment.user_data", 0), 0u) << s.errors[2].field;
  // The record with the nested error applies: its levels above decoded.
  ASSERT_EQ(s.groups.size(), 1u);
  EXPECT_EQ(s.records[s.groups[0].records_begin].offset, 3);
}

TEST(GroupFold, AKeySeenAgainKeepsItsGroupId) {
  // A key seen before is not decoded again: its type and group id come from the first time, for
  // its value's errors, its nested levels' errors and what it applies; a group id repaired by the
  // decoder (ill-formed UTF-8) is decoded each time.
  Log log;
  const Bytes bad_user_data{0, 0, 0, 2, 0};  // an AssignmentInfo cut short
  const std::string repaired = "g\xFF";      // Kafka reads it as "g\uFFFD"
  log.add(0, 1, offsetKey("g", "t", 0), offsetValue(10));
  log.add(0, 2, offsetKey("g", "t", 0), W{}.i16(3).i64(1).b);  // the value cut short
  log.add(0, 3, groupKey("g"), groupValue("consumer", 1, "range", {}));
  log.add(0, 4, groupKey("g"),
          groupValue("consumer", 2, "stream", {{"m1", subscription({"in"}), assignment("in", {0}, &bad_user_data)}}));
  log.add(0, 5, offsetKey(repaired, "t", 0), offsetValue(20));
  log.add(0, 6, offsetKey(repaired, "t", 0), W{}.i16(3).b);
  log.add(0, 7, offsetKey(repaired, "t", 0), offsetValue(30));
  log.add(0, 8, offsetKey("g", "u", 1), offsetValue(40));
  log.add(0, 9, offsetKey("g", "u", 1), nullptr);
  const cg::GroupLogState s = log.merged();
  ASSERT_EQ(s.errors.size(), 3u);
  EXPECT_EQ(s.errors[0].offset, 2);
  EXPECT_EQ(s.errors[0].role, "g");
  EXPECT_EQ(s.errors[0].field.rfind("offset", 0), 0u) << s.errors[0].field;
  EXPECT_EQ(s.errors[1].offset, 4);
  EXPECT_EQ(s.errors[1].role, "g");
  EXPECT_EQ(s.errors[1].field.rfind("group.members[0].assignment.user_data", 0), 0u) << s.errors[1].field;
  EXPECT_EQ(s.errors[2].offset, 6);
  EXPECT_EQ(s.errors[2].role, "g\xEF\xBF\xBD");
  ASSERT_EQ(s.groups.size(), 2u);
  EXPECT_EQ(s.groups[0].group, "g");
  ASSERT_EQ(s.groups[0].records_end - s.groups[0].records_begin, 1u);
  EXPECT_EQ(s.records[s.groups[0].records_begin].offset, 4);
  ASSERT_EQ(s.groups[0].offsets_end - s.groups[0].offsets_begin, 1u);
  EXPECT_EQ(s.offsets[s.groups[0].offsets_begin].offset, 10);
  EXPECT_EQ(s.groups[1].group, "g\xEF\xBF\xBD");
  ASSERT_EQ(s.groups[1].offsets_end - s.groups[1].offsets_begin, 1u);
  EXPECT_EQ(s.offsets[s.groups[1].offsets_begin].offset, 30);
  EXPECT_EQ(s.offsets[s.groups[1].offsets_begin].record_offset, 7);
}

TEST(GroupFold, PartsOfPartitionsFoldedApartMergeAsOneFolder) {
  const auto feed = [](Log& log, std::int32_t partition) {
    log.add(partition, 0, groupKey("g" + std::to_string(partition)), groupValue("consumer", 2, "range", {}));
    log.add(partition, 1, groupKey("g" + std::to_string(partition)), groupValue("consumer", 1, "range", {}));
    log.add(partition, 2, offsetKey("o", "t", partition), offsetValue(partition));
    log.add(partition, 3, W{}.i16(0).b, nullptr);
  };
  Log one;
  feed(one, 0);
  feed(one, 1);
  Log a, b;
  feed(a, 0);
  feed(b, 1);
  std::vector<cg::GroupLogPart> parts;
  for (const Log* l : {&a, &b}) {
    const Bytes bytes = cg::groupPartialBytes(l->folder.part());
    auto parsed = cg::parseGroupPartial(bytes);
    ASSERT_TRUE(parsed);
    parts.push_back(std::move(*parsed));
    // Cut short anywhere, the bytes are no part.
    for (std::size_t n = 0; n < bytes.size(); ++n) EXPECT_FALSE(cg::parseGroupPartial({bytes.data(), n})) << n;
  }
  const cg::GroupLogState x = one.merged();
  const cg::GroupLogState y = cg::mergeGroupLogs(parts);
  ASSERT_EQ(x.groups.size(), y.groups.size());
  for (std::size_t i = 0; i < x.groups.size(); ++i) EXPECT_EQ(x.groups[i].group, y.groups[i].group);
  EXPECT_EQ(kinds(x), kinds(y));
  ASSERT_EQ(x.anomalies.size(), 3u);  // two generations back, one group of offsets alone
  for (std::size_t i = 0; i < x.anomalies.size(); ++i) EXPECT_EQ(x.anomalies[i].message, y.anomalies[i].message);
  ASSERT_EQ(x.errors.size(), y.errors.size());
  for (std::size_t i = 0; i < x.errors.size(); ++i) {
    EXPECT_EQ(x.errors[i].partition, y.errors[i].partition);
    EXPECT_EQ(x.errors[i].code, y.errors[i].code);
    EXPECT_EQ(x.errors[i].message, y.errors[i].message);
  }
  EXPECT_EQ(x.records_read, y.records_read);
  EXPECT_EQ(x.offsets.size(), y.offsets.size());
}

namespace {

// Apache Kafka 4.1.0's records (confluentinc/kafka tag v8.1.0), written byte by byte: flexible
// values (compact strings and arrays: an unsigned varint of length + 1, a tagged-field count).
Bytes compact(std::string_view s) {
  Bytes b{static_cast<std::uint8_t>(s.size() + 1)};
  b.insert(b.end(), s.begin(), s.end());
  return b;
}
Bytes operator+(Bytes a, const Bytes& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}
// ShareGroupMetadataValue / StreamsGroupMetadataValue v0: epoch, metadata hash, no tags.
Bytes epochHashValue(std::int32_t epoch) { return W{}.i16(0).i32(epoch).i64(99).b + Bytes{0}; }
// ConsumerGroupRegularExpressionValue v0: topics, metadata version, timestamp.
Bytes regexValue(std::string_view topic) {
  return W{}.i16(0).b + Bytes{2} + compact(topic) + W{}.i64(5).i64(1700000000000).b + Bytes{0};
}
// ShareGroupMemberMetadataValue v0: rack null, client id, host, subscribed topics.
Bytes shareMemberValue() { return W{}.i16(0).b + Bytes{0} + compact("c") + compact("h") + Bytes{1, 0}; }
// StreamsGroupTopologyValue v0: epoch, no subtopologies.
Bytes topologyValue(std::int32_t epoch) { return W{}.i16(0).i32(epoch).b + Bytes{1, 0}; }

}  // namespace

// Kafka 4.1.0's share groups (KIP-932), regular expressions and Streams groups (KIP-1071): no
// errors; each key's newest record kept, a tombstone removes it; their group's metadata counts as
// one (no offsets_without_group), their epoch as its generation.
TEST(GroupFold, Kafka41RecordTypesFoldAsTheirKeysSay) {
  Log log;
  log.add(2, 1, W{}.i16(11).str("sh").b, epochHashValue(1));
  log.add(2, 2, W{}.i16(11).str("sh").b, epochHashValue(2));  // the newest of its key
  log.add(2, 3, W{}.i16(10).str("sh").str("m1").b, shareMemberValue());
  log.add(2, 4, W{}.i16(10).str("sh").str("m2").b, shareMemberValue());
  log.add(2, 5, W{}.i16(10).str("sh").str("m2").b, nullptr);  // m2 left
  log.add(2, 6, W{}.i16(16).str("cg").str("orders-.*").b, regexValue("orders-eu"));
  log.add(2, 7, W{}.i16(17).str("st").b, epochHashValue(5));
  log.add(2, 8, W{}.i16(23).str("st").b, topologyValue(1));
  log.add(2, 9, offsetKey("st", "input", 0), offsetValue(10));
  log.add(2, 10, W{}.i16(17).str("st").b, epochHashValue(4));  // an epoch going back
  const cg::GroupLogState s = log.merged();
  EXPECT_TRUE(s.errors.empty()) << (s.errors.empty() ? "" : s.errors[0].message);
  ASSERT_EQ(kinds(s), (std::vector<std::string>{"generation_backwards"}));
  EXPECT_EQ(s.anomalies[0].group, "st");
  EXPECT_EQ(s.anomalies[0].generation, 4);
  EXPECT_EQ(s.anomalies[0].offset, 10);
  ASSERT_EQ(s.groups.size(), 3u);
  EXPECT_EQ(s.groups[0].group, "cg");
  EXPECT_EQ(s.groups[1].group, "sh");
  EXPECT_EQ(s.groups[2].group, "st");
  const auto offsetsOf = [&](const cg::GroupEntry& g) {
    std::vector<std::int64_t> out;
    for (std::uint32_t r = g.records_begin; r < g.records_end; ++r) out.push_back(s.records[r].offset);
    return out;
  };
  EXPECT_EQ(offsetsOf(s.groups[0]), (std::vector<std::int64_t>{6}));
  // By key version: the member (10) before the metadata (11); m2 removed, the epoch's newest kept.
  EXPECT_EQ(offsetsOf(s.groups[1]), (std::vector<std::int64_t>{3, 2}));
  EXPECT_EQ(offsetsOf(s.groups[2]), (std::vector<std::int64_t>{10, 8}));
  EXPECT_EQ(s.groups[2].offsets_end - s.groups[2].offsets_begin, 1u);
  EXPECT_EQ(s.records_read, 10u);
}

namespace {

// Kafka 4.1.0's Streams group records (KIP-1071), version 0, written byte by byte.
struct Tasks {
  std::string subtopology;
  std::vector<std::int32_t> partitions;
};
Bytes taskIds(const std::vector<Tasks>& tasks) {
  Bytes b{static_cast<std::uint8_t>(tasks.size() + 1)};
  for (const Tasks& t : tasks) {
    b = b + compact(t.subtopology) + Bytes{static_cast<std::uint8_t>(t.partitions.size() + 1)};
    for (const std::int32_t p : t.partitions) b = b + W{}.i32(p).b;
    b.push_back(0);  // the TaskIds' tagged fields
  }
  return b;
}
// StreamsGroupMemberMetadataValue: no instance or rack id, client id, host, rebalance timeout,
// topology epoch, process id, no endpoint (-1), no client tags.
Bytes streamsMemberValue(std::string_view process) {
  return W{}.i16(0).b + Bytes{0, 0} + compact("c") + compact("h") + W{}.i32(30000).i32(1).b + compact(process) +
         Bytes{0xFF, 1, 0};
}
// StreamsGroupCurrentMemberAssignmentValue: epochs, state 0 (stable), the six task lists.
Bytes streamsCurrentValue(std::int32_t epoch, const std::vector<Tasks>& active, const std::vector<Tasks>& standby = {},
                          const std::vector<Tasks>& active_revoking = {}) {
  return W{}.i16(0).i32(epoch).i32(epoch - 1).b + Bytes{0} + taskIds(active) + taskIds(standby) + taskIds({}) +
         taskIds(active_revoking) + taskIds({}) + taskIds({}) + Bytes{0};
}
Bytes streamsAssignmentEpochValue(std::int32_t epoch) { return W{}.i16(0).i32(epoch).b + Bytes{0}; }
Bytes streamsKey(std::int16_t type, std::string_view member = {}) {
  W w;
  w.i16(type).str("st");
  if (type == 19 || type == 21 || type == 22) w.str(member);
  return w.b;
}

}  // namespace

// A Streams group's state against what Kafka 4.1.0's coordinator holds (wasm/core/groups/README.md,
// "The fold"): an active task owned in two members' current assignments (StreamsGroup throws when
// it replays the second), a task twice in one process, epochs past the ones they follow.
TEST(GroupFold, StreamsGroupTasksAndEpochsAsKafkaHoldsThem) {
  Log log;
  log.add(3, 1, streamsKey(17), epochHashValue(7));
  log.add(3, 2, streamsKey(19, "a"), streamsMemberValue("p1"));
  log.add(3, 3, streamsKey(19, "b"), streamsMemberValue("p2"));
  log.add(3, 4, streamsKey(19, "c"), streamsMemberValue("p1"));
  log.add(3, 5, streamsKey(20), streamsAssignmentEpochValue(8));  // above the group epoch 7
  log.add(3, 6, streamsKey(22, "a"), streamsCurrentValue(7, {{"0", {0, 1}}}));
  // b owns 0_1 pending revocation while a owns it: a second owner.
  log.add(3, 7, streamsKey(22, "b"), streamsCurrentValue(7, {{"1", {0}}}, {}, {{"0", {1}}}));
  // c, a's process, holds a's active 0_0 as standby; its epoch 9 is past the assignment's 8.
  log.add(3, 8, streamsKey(22, "c"), streamsCurrentValue(9, {}, {{"0", {0}}}));
  // d has no member metadata: no process id, its tasks not counted (as Kafka).
  log.add(3, 9, streamsKey(22, "d"), streamsCurrentValue(8, {{"0", {0}}}));
  const cg::GroupLogState s = log.merged();
  EXPECT_TRUE(s.errors.empty()) << (s.errors.empty() ? "" : s.errors[0].message);
  ASSERT_EQ(kinds(s), (std::vector<std::string>{"epoch_ahead", "task_assigned_twice", "epoch_ahead",
                                                "task_owned_twice_in_process"}));
  const auto& a = s.anomalies;
  EXPECT_EQ(a[0].offset, 5);
  EXPECT_EQ(a[0].partition, 3);
  EXPECT_EQ(a[0].generation, 7);
  EXPECT_EQ(a[0].message,
            "group \"st\" (group epoch 7, offset 5): Streams group's assignment epoch 8 is above its group epoch: "
            "Kafka computes a target assignment for the group epoch and writes it with it");
  EXPECT_EQ(a[1].offset, 7);
  EXPECT_EQ(a[1].message,
            "group \"st\" (group epoch 7, offset 7): Streams active task 0_1 is owned by member \"a\" (process \"p1\", "
            "active) and by member \"b\" (process \"p2\", active, pending revocation): Kafka's coordinator keeps one "
            "owner per active task and refuses a second");
  EXPECT_EQ(a[2].offset, 8);
  EXPECT_EQ(a[2].message,
            "group \"st\" (group epoch 7, offset 8): Streams member \"c\"'s epoch 9 is above the group's assignment "
            "epoch 8: a member reconciles to the target assignment's epoch, never past it");
  EXPECT_EQ(a[3].offset, 8);
  EXPECT_EQ(a[3].message,
            "group \"st\" (group epoch 7, offset 8): Streams task 0_0 is held twice by process \"p1\": by member \"a\" "
            "(process \"p1\", active) and by member \"c\" (process \"p1\", standby); Kafka gives a process a task "
            "once (active, standby or warm-up)");

  // Escaped as every message: a member id with a control character.
  Log esc;
  esc.add(0, 1, streamsKey(19, "x\n"), streamsMemberValue("p"));
  esc.add(0, 2, streamsKey(19, "y"), streamsMemberValue("q"));
  esc.add(0, 3, streamsKey(22, "x\n"), streamsCurrentValue(1, {{"s\x1b", {2}}}));
  esc.add(0, 4, streamsKey(22, "y"), streamsCurrentValue(1, {{"s\x1b", {2}}}));
  const cg::GroupLogState e = esc.merged();
  ASSERT_EQ(kinds(e), (std::vector<std::string>{"task_assigned_twice"}));
  EXPECT_EQ(e.anomalies[0].generation, -1);
  EXPECT_EQ(e.anomalies[0].message.find('\n'), std::string::npos) << e.anomalies[0].message;
  EXPECT_EQ(e.anomalies[0].message.find('\x1b'), std::string::npos) << e.anomalies[0].message;

  // Kafka's own steady state: one owner per task, standbys on other processes, epochs in order.
  Log ok;
  ok.add(0, 1, streamsKey(17), epochHashValue(4));
  ok.add(0, 2, streamsKey(19, "a"), streamsMemberValue("p1"));
  ok.add(0, 3, streamsKey(19, "b"), streamsMemberValue("p2"));
  ok.add(0, 4, streamsKey(20), streamsAssignmentEpochValue(4));
  ok.add(0, 5, streamsKey(22, "a"), streamsCurrentValue(4, {{"0", {0}}}, {{"0", {1}}}));
  ok.add(0, 6, streamsKey(22, "b"), streamsCurrentValue(3, {{"0", {1}}}, {{"0", {0}}}));
  EXPECT_TRUE(kinds(ok.merged()).empty());
}

// The edges of those rules: one member owning an active task both assigned and pending revocation
// (Kafka adds it twice and throws on the second); a member's epoch against the group epoch when no
// assignment epoch record is live; a standby on the active's own member; no epochs, no comparison.
TEST(GroupFold, StreamsGroupRulesAtTheirEdges) {
  Log log;
  log.add(1, 1, streamsKey(17), epochHashValue(3));
  log.add(1, 2, streamsKey(19, "a"), streamsMemberValue("p"));
  log.add(1, 3, streamsKey(22, "a"), streamsCurrentValue(4, {{"7", {5}}}, {{"7", {5}}}, {{"7", {5}}}));
  const cg::GroupLogState s = log.merged();
  ASSERT_EQ(kinds(s), (std::vector<std::string>{"epoch_ahead", "task_assigned_twice", "task_owned_twice_in_process"}));
  EXPECT_EQ(s.anomalies[0].message,
            "group \"st\" (group epoch 3, offset 3): Streams member \"a\"'s epoch 4 is above the group epoch 3: a "
            "member reconciles to the target assignment's epoch, never past it");
  EXPECT_NE(s.anomalies[1].message.find("active task 7_5 is owned by member \"a\" (process \"p\", active) and by "
                                        "member \"a\" (process \"p\", active, pending revocation)"),
            std::string::npos)
      << s.anomalies[1].message;
  EXPECT_NE(s.anomalies[2].message.find("(process \"p\", standby)"), std::string::npos) << s.anomalies[2].message;

  // Without the group's metadata nor its assignment epoch, no epoch is compared.
  Log bare;
  bare.add(1, 1, streamsKey(19, "a"), streamsMemberValue("p"));
  bare.add(1, 2, streamsKey(22, "a"), streamsCurrentValue(40, {{"0", {0}}}));
  EXPECT_TRUE(kinds(bare.merged()).empty());
}
