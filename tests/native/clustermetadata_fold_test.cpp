// The KRaft metadata log's fold (wasm/core/clustermetadata/fold.h): each replay rule of Apache
// Kafka 4.1.0 (tag v8.1.0, metadata/.../image/*Delta.java, PartitionRegistration.merge,
// MetadataBatchLoader) on records written here byte by byte from Kafka's JSON specs (frame: three
// unsigned varints; flexible versions: compact lengths, tagged fields), not by the project's code.
#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "clustermetadata/fold.h"

namespace {

namespace cm = coordination::clustermetadata;
using Kind = cm::ClusterMetadataAnomalyKind;
using Bytes = std::vector<std::uint8_t>;

// A value of __cluster_metadata, written field by field.
struct W {
  Bytes b;
  W& uv(std::uint32_t v) {
    while (v >= 0x80) {
      b.push_back(static_cast<std::uint8_t>(v | 0x80));
      v >>= 7;
    }
    b.push_back(static_cast<std::uint8_t>(v));
    return *this;
  }
  W& be(std::uint64_t v, int bytes) {
    for (int i = bytes - 1; i >= 0; --i) b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    return *this;
  }
  W& i8(std::int8_t v) { return be(static_cast<std::uint8_t>(v), 1); }
  W& i16(std::int16_t v) { return be(static_cast<std::uint16_t>(v), 2); }
  W& i32(std::int32_t v) { return be(static_cast<std::uint32_t>(v), 4); }
  W& i64(std::int64_t v) { return be(static_cast<std::uint64_t>(v), 8); }
  W& str(const std::string& s) {
    uv(static_cast<std::uint32_t>(s.size() + 1));
    b.insert(b.end(), s.begin(), s.end());
    return *this;
  }
  W& uuid(std::uint8_t seed) {
    for (int i = 0; i < 16; ++i) b.push_back(static_cast<std::uint8_t>(seed + i));
    return *this;
  }
  W& ints(std::initializer_list<std::int32_t> v) {
    uv(static_cast<std::uint32_t>(v.size() + 1));
    for (const auto x : v) i32(x);
    return *this;
  }
  // A tagged field: its tag, its size, its bytes.
  W& tag(std::uint32_t t, const W& value) {
    uv(t).uv(static_cast<std::uint32_t>(value.b.size()));
    b.insert(b.end(), value.b.begin(), value.b.end());
    return *this;
  }
  static W frame(std::uint32_t api_key, std::uint32_t version) { return W().uv(1).uv(api_key).uv(version); }
};

W ints(std::initializer_list<std::int32_t> v) { return W().ints(v); }

// TopicRecord v0 (apiKey 2): name, topic id.
Bytes topic(const std::string& name, std::uint8_t id) { return W::frame(2, 0).str(name).uuid(id).uv(0).b; }

// PartitionRecord v2 (apiKey 3): partition, topic id, replicas, isr, removing, adding, leader,
// leader epoch, partition epoch, directories; tags 1 ELR, 2 last known ELR.
Bytes partition(std::uint8_t topic_id, std::int32_t id, std::initializer_list<std::int32_t> replicas,
                std::initializer_list<std::int32_t> isr, std::int32_t leader, std::int32_t leader_epoch,
                std::int32_t partition_epoch, std::initializer_list<std::int32_t> elr = {}, int directories = 0,
                std::optional<std::int8_t> recovery = std::nullopt) {
  W w = W::frame(3, 2).i32(id).uuid(topic_id).ints(replicas).ints(isr).ints({}).ints({}).i32(leader);
  w.i32(leader_epoch).i32(partition_epoch).uv(static_cast<std::uint32_t>(directories + 1));
  for (int i = 0; i < directories; ++i) w.uuid(0x70);
  w.uv(recovery ? 2 : 1);
  if (recovery) w.tag(0, W().i8(*recovery));
  w.tag(1, ints(elr));
  return w.b;
}

// PartitionChangeRecord v2 (apiKey 5): partition, topic id, then its tagged fields as given (tag
// 0 isr, 1 leader, 2 replicas, 5 leader recovery state, 6 ELR, 7 last known ELR, 8 directories).
Bytes change(std::uint8_t topic_id, std::int32_t id, std::initializer_list<std::pair<std::uint32_t, W>> tags) {
  W w = W::frame(5, 2).i32(id).uuid(topic_id).uv(static_cast<std::uint32_t>(tags.size()));
  for (const auto& [t, v] : tags) w.tag(t, v);
  return w.b;
}

// RegisterBrokerRecord v1 (apiKey 0): id, incarnation, epoch, one listener, no features, rack,
// fenced, in controlled shutdown.
Bytes registerBroker(std::int32_t id, std::int64_t epoch, bool fenced = true) {
  W w = W::frame(0, 1).i32(id).uuid(0x40).i64(epoch);
  w.uv(2).str("PLAINTEXT").str("b" + std::to_string(id)).be(9092, 2).i16(0).uv(0);
  w.uv(1).str("rack-a").i8(fenced ? 1 : 0).i8(0).uv(0);
  return w.b;
}

Bytes fence(std::uint32_t api_key, std::int32_t id, std::int64_t epoch) {
  return W::frame(api_key, 0).i32(id).i64(epoch).uv(0).b;
}

// BrokerRegistrationChangeRecord v1 (apiKey 17): tag 0 fenced, tag 1 in controlled shutdown.
Bytes brokerChange(std::int32_t id, std::int64_t epoch, std::int8_t fenced, std::int8_t shutdown) {
  return W::frame(17, 1).i32(id).i64(epoch).uv(2).tag(0, W().i8(fenced)).tag(1, W().i8(shutdown)).b;
}

Bytes feature(const std::string& name, std::int16_t level) { return W::frame(12, 0).str(name).i16(level).uv(0).b; }

Bytes config(std::int8_t type, const std::string& resource, const std::string& name, std::optional<std::string> value) {
  W w = W::frame(4, 0).i8(type).str(resource).str(name);
  if (value) {
    w.str(*value);
  } else {
    w.uv(0);
  }
  return w.uv(0).b;
}

Bytes marker(std::uint32_t api_key) { return W::frame(api_key, 0).uv(0).b; }  // Begin/End/AbortTransaction

struct Fold {
  cm::ClusterMetadataFolder f;
  std::int64_t offset = 0;
  Fold& operator<<(const Bytes& v) {
    f.add(0, offset++, 0, std::nullopt, coordination::ByteSpan(v.data(), v.size()));
    return *this;
  }
  cm::ClusterMetadataLog state() const { return f.state(); }
};

std::vector<std::pair<Kind, std::int64_t>> anomalies(const cm::ClusterMetadataLog& s) {
  std::vector<std::pair<Kind, std::int64_t>> out;
  for (const auto& a : s.anomalies) out.emplace_back(a.kind, a.offset);
  return out;
}

const cm::Partition& only(const cm::ClusterMetadataLog& s) {
  return s.image.topics.begin()->second.partitions.begin()->second;
}

TEST(ClusterMetadataFold, PartitionChangeMergesAsPartitionRegistration) {
  Fold x;
  x << topic("orders", 0x10) << partition(0x10, 0, {1, 2, 3}, {1, 2, 3}, 1, 5, 9, {});
  // The leader moves (leader epoch + 1), the ISR shrinks; replicas unchanged (absent: null).
  x << change(0x10, 0, {{0, ints({2, 3})}, {1, W().i32(2)}});
  // No leader change (-2, absent): epochs but the partition epoch stay; ELR set.
  x << change(0x10, 0, {{6, ints({1})}, {7, ints({})}});
  const auto s = x.state();
  ASSERT_TRUE(s.anomalies.empty());
  const cm::Partition& p = only(s);
  EXPECT_EQ(p.replicas, (std::vector<std::int32_t>{1, 2, 3}));
  EXPECT_EQ(p.isr, (std::vector<std::int32_t>{2, 3}));
  EXPECT_EQ(p.elr, (std::vector<std::int32_t>{1}));
  EXPECT_EQ(p.leader, 2);
  EXPECT_EQ(p.leader_epoch, 6);
  EXPECT_EQ(p.partition_epoch, 11);
  EXPECT_EQ(p.offset, 3);
  EXPECT_EQ(p.directories.size(), 3u);  // defaultToMigrating: one MIGRATING per replica
}

TEST(ClusterMetadataFold, UnknownTopicAndPartitionAreAnomaliesThatChangeNothing) {
  Fold x;
  x << partition(0x10, 0, {1}, {1}, 1, 0, 0)                        // 0: no topic 0x10 yet
    << topic("orders", 0x10) << change(0x10, 0, {{1, W().i32(1)}})  // 2: no partition 0
    << change(0x20, 0, {{1, W().i32(1)}})                           // 3: no topic 0x20
    << W::frame(9, 0).uuid(0x20).uv(0).b                            // 4: RemoveTopicRecord, no topic
    << W::frame(28, 0).str("payments").uv(0).b                      // 5: ClearElrRecord, no topic
    << W::frame(19, 0).uuid(0x50).uv(0).b;                          // 6: RemoveAccessControlEntryRecord
  const auto s = x.state();
  EXPECT_EQ(anomalies(s), (std::vector<std::pair<Kind, std::int64_t>>{
                              {Kind::partition_unknown_topic, 0},
                              {Kind::partition_change_unknown_partition, 2},
                              {Kind::partition_unknown_topic, 3},
                              {Kind::remove_unknown_topic, 4},
                              {Kind::clear_elr_unknown_topic, 5},
                              {Kind::remove_unknown_acl, 6},
                          }));
  ASSERT_EQ(s.image.topics.size(), 1u);
  EXPECT_TRUE(s.image.topics.begin()->second.partitions.empty());
  EXPECT_NE(s.anomalies[1].message.find("\"orders\""), std::string::npos) << s.anomalies[1].message;
}

TEST(ClusterMetadataFold, DirectoriesAndLeaderRecoveryStateAsKafkaChecksThem) {
  Fold x;
  x << topic("orders", 0x10) << partition(0x10, 0, {1, 2}, {1, 2}, 1, 0, 0, {}, 3)  // 1: 3 directories, 2 replicas
    << partition(0x10, 0, {1, 2}, {1, 2}, 1, 0, 0, {}, 0, std::int8_t{2})           // 2: state 2 is none
    << partition(0x10, 0, {1, 2}, {1, 2}, 1, 0, 0, {}, 2)                           // 3: set directories
    << change(0x10, 0, {{2, ints({1, 2, 3})}})                                      // 4: 3 replicas, 2 directories kept
    << change(0x10, 0, {{5, W().i8(7)}})                                            // 5: state 7
    << change(0x10, 0, {{5, W().i8(1)}})                                            // 6: recovering
    // 7: both wrong: merge checks the state before the constructor checks the directories
    << change(0x10, 0, {{2, ints({1, 2, 3})}, {5, W().i8(9)}});
  const auto s = x.state();
  EXPECT_EQ(anomalies(s), (std::vector<std::pair<Kind, std::int64_t>>{
                              {Kind::replica_directories_mismatch, 1},
                              {Kind::leader_recovery_state_invalid, 2},
                              {Kind::replica_directories_mismatch, 4},
                              {Kind::leader_recovery_state_invalid, 5},
                              {Kind::leader_recovery_state_invalid, 7},
                          }));
  const cm::Partition& p = only(s);
  EXPECT_EQ(p.replicas, (std::vector<std::int32_t>{1, 2}));
  EXPECT_EQ(p.leader_recovery_state, 1);
  EXPECT_EQ(p.partition_epoch, 1);  // only offset 6's change applied
}

TEST(ClusterMetadataFold, BrokersAsClusterDeltaReplaysThem) {
  Fold x;
  x << registerBroker(1, 10) << registerBroker(2, 20) << fence(8, 1, 10)  // 2: unfence broker 1
    << fence(8, 2, 19)                                                    // 3: epoch 19, not 20
    << fence(7, 3, 1)                                                     // 4: broker 3 not registered
    << brokerChange(2, 20, -1, 1)  // 5: broker 2 unfenced, in controlled shutdown
    << brokerChange(1, 10, 2, 0)   // 6: fenced 2 is none
    << brokerChange(1, 10, 0, 0)   // 7: no change
    << fence(1, 2, 999);           // 8: UnregisterBrokerRecord, whatever the epoch
  const auto s = x.state();
  EXPECT_EQ(anomalies(s), (std::vector<std::pair<Kind, std::int64_t>>{
                              {Kind::broker_epoch_mismatch, 3},
                              {Kind::broker_not_registered, 4},
                              {Kind::broker_change_invalid_value, 6},
                          }));
  ASSERT_EQ(s.image.brokers.size(), 1u);
  const cm::Broker& b = s.image.brokers.at(1);
  EXPECT_FALSE(b.fenced);
  EXPECT_FALSE(b.in_controlled_shutdown);
  EXPECT_EQ(b.epoch, 10);
  EXPECT_EQ(b.offset, 2);
  ASSERT_EQ(b.listeners.size(), 1u);
  EXPECT_EQ(b.listeners[0].host, "b1");
  EXPECT_EQ(b.rack, std::optional<std::string>("rack-a"));
}

TEST(ClusterMetadataFold, TopicRemovalClearElrFeaturesConfigs) {
  Fold x;
  x << topic("orders", 0x10) << partition(0x10, 0, {1, 2}, {1}, 1, 0, 4, {2})
    << config(2, "orders", "retention.ms", "1000") << config(4, "", "log.retention.ms", "5")
    << config(4, "", "log.retention.ms", std::nullopt)  // deleted
    << W::frame(28, 0).str("").uv(0).b                  // 5: ClearElrRecord of every topic
    << feature("metadata.version", 27) << feature("kraft.version", 1) << feature("group.version", 1)
    << feature("group.version", 0)                        // 9: level 0 removes it
    << W::frame(15, 0).i32(1).i64(10).i64(5000).uv(0).b;  // ProducerIdsRecord
  auto s = x.state();
  EXPECT_TRUE(s.anomalies.empty());
  const cm::Partition& p = only(s);
  EXPECT_TRUE(p.elr.empty());
  EXPECT_EQ(p.partition_epoch, 5);  // maybeClearElr merges: partition epoch + 1
  EXPECT_EQ(s.image.features, (std::map<std::string, std::int16_t>{{"metadata.version", 27}}));
  ASSERT_EQ(s.image.configs.size(), 1u);
  EXPECT_EQ(s.image.configs.begin()->first, (std::pair<std::int8_t, std::string>{2, "orders"}));
  EXPECT_EQ(s.image.next_producer_id, 5000);
  x << W::frame(9, 0).uuid(0x10).uv(0).b;  // RemoveTopicRecord: the topic and its configs
  s = x.state();
  EXPECT_TRUE(s.image.topics.empty());
  EXPECT_TRUE(s.image.configs.empty());
}

TEST(ClusterMetadataFold, MetadataTransactions) {
  Fold x;
  x << marker(23) << topic("a", 0x10) << marker(24)  // committed
    << marker(23) << topic("b", 0x20) << marker(25)  // aborted: dropped
    << marker(24)                                    // 6: no transaction open
    << marker(23) << topic("c", 0x30)                // open at the end: not published
    << marker(23);                                   // 9: already open
  const auto s = x.state();
  EXPECT_EQ(anomalies(s), (std::vector<std::pair<Kind, std::int64_t>>{
                              {Kind::transaction_not_open, 6},
                              {Kind::transaction_already_open, 9},
                          }));
  ASSERT_EQ(s.image.topics.size(), 1u);
  EXPECT_EQ(s.image.topics.begin()->second.name, "a");
  EXPECT_EQ(s.open_transaction, 7);
  EXPECT_EQ(s.open_transaction_records, 1u);
}

TEST(ClusterMetadataFold, NullAndUndecodableValuesAreErrors) {
  cm::ClusterMetadataFolder f;
  f.add(0, 0, 0, std::nullopt, std::nullopt);
  const Bytes bad = W::frame(3, 9).b;  // PartitionRecord version 9
  f.add(0, 1, 0, std::nullopt, coordination::ByteSpan(bad.data(), bad.size()));
  const auto s = f.state();
  ASSERT_EQ(s.errors.size(), 2u);
  EXPECT_EQ(s.errors[0].code, "NULL_VALUE");
  EXPECT_EQ(s.errors[1].code, "UNSUPPORTED_VERSION");
  EXPECT_EQ(s.errors[1].role, "partition_record");
  EXPECT_EQ(s.errors[1].offset, 1);
  EXPECT_EQ(s.records, 2u);
}

}  // namespace
