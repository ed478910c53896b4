// wasm/core/sharestate/fold.h: the share-group state fold and PersisterStateBatchCombiner's port.
// The records are written here by a small encoder of Kafka 4.1.0's specs (share-coordinator's
// Share{Snapshot,Update}{Key,Value}.json: an int16 record type or version prefix, a non-flexible
// key, flexible values), not by this project's schema code; the combiner's expectations are cases
// of Kafka's own PersisterStateBatchCombinerTest (tag v8.1.0). The Node test
// (tests/node/sharestate-fold.test.mjs) folds whole segments through the API and the CLI.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "sharestate/fold.h"

namespace cs = coordination::sharestate;
using Bytes = std::vector<std::uint8_t>;
using cs::StateBatch;

namespace {

void be(Bytes& b, std::uint64_t v, int width) {
  for (int i = width - 1; i >= 0; --i) b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

constexpr std::uint8_t kTopic[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
const std::string kTopicText = "AQIDBAUGBwgJCgsMDQ4PEA";  // Uuid.toString of kTopic

// type 0 ShareSnapshotKey, 1 ShareUpdateKey: version prefix, group (int16 length), uuid, partition.
Bytes key(int type, const std::string& group, std::int32_t partition) {
  Bytes b;
  be(b, static_cast<std::uint16_t>(type), 2);
  be(b, group.size(), 2);
  b.insert(b.end(), group.begin(), group.end());
  b.insert(b.end(), kTopic, kTopic + 16);
  be(b, static_cast<std::uint32_t>(partition), 4);
  return b;
}

void batches(Bytes& b, const std::vector<StateBatch>& list) {
  b.push_back(static_cast<std::uint8_t>(list.size() + 1));  // compact count (< 127 here)
  for (const StateBatch& s : list) {
    be(b, static_cast<std::uint64_t>(s.first_offset), 8);
    be(b, static_cast<std::uint64_t>(s.last_offset), 8);
    b.push_back(static_cast<std::uint8_t>(s.delivery_state));
    be(b, static_cast<std::uint16_t>(s.delivery_count), 2);
    b.push_back(0);  // no tagged fields
  }
}

struct Snap {
  std::int32_t snapshot_epoch = 0, state_epoch = 1, leader_epoch = 5;
  std::int64_t start_offset = 100, create = 1700000000000, write = 1700000000000;
  std::vector<StateBatch> list;
};
Bytes snapshotValue(const Snap& s) {
  Bytes b;
  be(b, 0, 2);
  be(b, static_cast<std::uint32_t>(s.snapshot_epoch), 4);
  be(b, static_cast<std::uint32_t>(s.state_epoch), 4);
  be(b, static_cast<std::uint32_t>(s.leader_epoch), 4);
  be(b, static_cast<std::uint64_t>(s.start_offset), 8);
  be(b, static_cast<std::uint64_t>(s.create), 8);
  be(b, static_cast<std::uint64_t>(s.write), 8);
  batches(b, s.list);
  b.push_back(0);
  return b;
}
Bytes updateValue(std::int32_t snapshot_epoch, std::int32_t leader_epoch, std::int64_t start_offset,
                  const std::vector<StateBatch>& list) {
  Bytes b;
  be(b, 0, 2);
  be(b, static_cast<std::uint32_t>(snapshot_epoch), 4);
  be(b, static_cast<std::uint32_t>(leader_epoch), 4);
  be(b, static_cast<std::uint64_t>(start_offset), 8);
  batches(b, list);
  b.push_back(0);
  return b;
}

struct Log {
  cs::ShareStateFolder folder;
  std::int64_t offset = 0;
  void put(const Bytes& k, std::optional<Bytes> v, std::int32_t partition = 0) {
    std::optional<coordination::ByteSpan> value;
    if (v) value = coordination::ByteSpan(*v);
    folder.add(partition, offset++, 0, coordination::ByteSpan(k), value);
  }
};

std::vector<StateBatch> combine(std::vector<StateBatch> so_far, std::vector<StateBatch> fresh, std::int64_t start) {
  bool ended = false;
  auto out = cs::combineStateBatches(so_far, fresh, start, &ended);
  EXPECT_TRUE(ended);
  return out;
}

}  // namespace

// PersisterStateBatchCombinerTest's cases (first, last, state, count), in the order it expects.
TEST(ShareStateCombiner, KafkasCases) {
  using V = std::vector<StateBatch>;
  // "Current batches with start offset midway are pruned."
  EXPECT_EQ(combine(V{{100, 130, 0, 1}}, {}, 120), (V{{120, 130, 0, 1}}));
  // "Same state. newBatch first offset is batchSoFar first offset + 1 (contiguous)."
  EXPECT_EQ(combine(V{{100, 110, 0, 1}}, V{{111, 115, 0, 1}}, -1), (V{{100, 115, 0, 1}}));
  // "Same state. newBatch first offset strictly larger and last offset strictly smaller than batchSoFar."
  EXPECT_EQ(combine(V{{100, 110, 0, 1}}, V{{105, 108, 0, 1}}, -1), (V{{100, 110, 0, 1}}));
  // "newBatch higher state. newBatch first offset same and last offset smaller than batchSoFar."
  EXPECT_EQ(combine(V{{100, 110, 0, 1}}, V{{100, 105, 0, 2}}, -1), (V{{100, 105, 0, 2}, {106, 110, 0, 1}}));
  // "newBatch lower state. newBatch first offset same and last offset strictly larger than batchSoFar."
  EXPECT_EQ(combine(V{{100, 110, 0, 3}}, V{{100, 115, 0, 1}}, -1), (V{{100, 110, 0, 3}, {111, 115, 0, 1}}));
  // "newBatch higher state. newBatch first offset strictly larger and last offset strictly smaller ..."
  EXPECT_EQ(combine(V{{100, 115, 0, 1}}, V{{105, 110, 1, 1}}, -1),
            (V{{100, 104, 0, 1}, {105, 110, 1, 1}, {111, 115, 0, 1}}));
  // "Handle overlapping batches in newBatches, different priority."
  EXPECT_EQ(combine(V{{100, 110, 0, 1}}, V{{101, 105, 1, 2}, {101, 115, 2, 2}, {101, 120, 3, 2}}, -1),
            (V{{100, 100, 0, 1}, {101, 120, 3, 2}}));
  // "Handle overlapping batches in newBatches, with pruning."
  EXPECT_EQ(combine(V{{100, 110, 0, 1}, {121, 130, 0, 1}}, V{{111, 119, 2, 2}, {116, 123, 2, 2}}, 120),
            (V{{120, 123, 2, 2}, {124, 130, 0, 1}}));
  // "Multiple higher state batch updates."
  EXPECT_EQ(combine(V{{111, 120, 0, 1}}, V{{111, 113, 0, 2}, {114, 114, 2, 1}, {115, 119, 0, 2}}, -1),
            (V{{111, 113, 0, 2}, {114, 114, 2, 1}, {115, 119, 0, 2}, {120, 120, 0, 1}}));
}

// A batch whose first offset is above its last: Kafka's loop resolves [0,10] against [5,2] into
// [0,4] [3,10] [5,2], merges [0,4] [3,10] back into [0,10], and so on for ever.
TEST(ShareStateCombiner, StopsWhereKafkasLoopDoesNotEnd) {
  bool ended = true;
  const std::vector<StateBatch> so_far{{0, 10, 0, 1}}, fresh{{5, 2, 2, 2}};
  const auto out = cs::combineStateBatches(so_far, fresh, -1, &ended, 100);
  EXPECT_FALSE(ended);
  EXPECT_FALSE(out.empty());
}

TEST(ShareStateFold, SnapshotThenUpdatesCombined) {
  Log log;
  log.put(key(0, "share-app", 0), snapshotValue({.snapshot_epoch = 3, .list = {{100, 119, 0, 1}}}));
  log.put(key(1, "share-app", 0), updateValue(3, 6, -1, {{105, 109, 2, 1}}));
  log.put(key(1, "share-app", 0), updateValue(3, -1, 105, {{110, 112, 4, 2}}));
  const cs::ShareStateLog s = log.folder.state();
  ASSERT_EQ(s.partitions.size(), 1u);
  const cs::SharePartitionState& p = s.partitions[0];
  EXPECT_EQ(p.group_id, "share-app");
  EXPECT_EQ(p.topic_id, kTopicText);
  EXPECT_EQ(p.share_partition, 0);
  EXPECT_EQ(p.offset, 2);
  EXPECT_EQ(p.snapshot_offset, 0);
  EXPECT_EQ(p.snapshot_epoch, 3);  // the snapshot's, whatever the updates say
  EXPECT_EQ(p.state_epoch, 1);
  EXPECT_EQ(p.leader_epoch, 6);    // the first update's; the second's -1 keeps it
  EXPECT_EQ(p.start_offset, 105);  // the second update's; the first's -1 kept 100
  EXPECT_EQ(p.create_timestamp, 1700000000000);
  EXPECT_EQ(p.updates, 2u);
  const auto batches = s.batchesOf(p);
  EXPECT_EQ(std::vector<StateBatch>(batches.begin(), batches.end()),
            (std::vector<StateBatch>{{105, 109, 2, 1}, {110, 112, 4, 2}, {113, 119, 0, 1}}));
  EXPECT_TRUE(s.anomalies.empty());
  EXPECT_EQ(s.records, 3u);
}

TEST(ShareStateFold, NewSnapshotReplaces) {
  Log log;
  log.put(key(0, "g", 1), snapshotValue({.snapshot_epoch = 0, .list = {{100, 119, 0, 1}}}));
  log.put(key(1, "g", 1), updateValue(0, 5, -1, {{100, 100, 2, 1}}));
  log.put(key(0, "g", 1), snapshotValue({.snapshot_epoch = 1, .state_epoch = 2, .start_offset = 200}));
  const cs::ShareStateLog s = log.folder.state();
  ASSERT_EQ(s.partitions.size(), 1u);
  EXPECT_EQ(s.partitions[0].snapshot_epoch, 1);
  EXPECT_EQ(s.partitions[0].state_epoch, 2);
  EXPECT_EQ(s.partitions[0].start_offset, 200);
  EXPECT_EQ(s.partitions[0].updates, 0u);
  EXPECT_EQ(s.partitions[0].snapshot_offset, 2);
  EXPECT_TRUE(s.batchesOf(s.partitions[0]).empty());
  EXPECT_TRUE(s.anomalies.empty());
}

TEST(ShareStateFold, TombstoneDeletesThenUpdateStandsAlone) {
  Log log;
  log.put(key(0, "g", 0), snapshotValue({.list = {{100, 101, 0, 1}}}));
  log.put(key(0, "g", 1), snapshotValue({}));
  log.put(key(0, "g", 0), std::nullopt);
  {
    const cs::ShareStateLog s = log.folder.state();
    ASSERT_EQ(s.partitions.size(), 1u);
    EXPECT_EQ(s.partitions[0].share_partition, 1);
  }
  log.put(key(1, "g", 0), updateValue(4, 7, 150, {{150, 151, 2, 1}}));
  const cs::ShareStateLog s = log.folder.state();
  ASSERT_EQ(s.partitions.size(), 2u);
  const cs::SharePartitionState& p = s.partitions[0];  // sorted: partition 0 first
  EXPECT_EQ(p.share_partition, 0);
  EXPECT_EQ(p.snapshot_epoch, 4);
  EXPECT_EQ(p.state_epoch, 0);  // ShareGroupOffset.fromRecord(ShareUpdateValue)
  EXPECT_EQ(p.create_timestamp, 0);
  EXPECT_EQ(p.snapshot_offset, -1);
  EXPECT_EQ(p.start_offset, 150);
  EXPECT_EQ(p.updates, 1u);
  ASSERT_EQ(s.anomalies.size(), 1u);
  EXPECT_EQ(cs::anomalyKindName(s.anomalies[0].kind), "update_without_snapshot");
  EXPECT_EQ(s.anomalies[0].offset, 3);
  EXPECT_EQ(s.anomalies[0].share_partition, 0);
  EXPECT_EQ(s.anomalies[0].group_id, "g");
}

TEST(ShareStateFold, Anomalies) {
  Log log;
  log.put(key(0, "g", 0), snapshotValue({.snapshot_epoch = 2}));
  log.put(key(1, "g", 0), updateValue(1, -1, -1, {}));            // 1: snapshot epoch 1 over 2
  log.put(key(1, "g", 0), std::nullopt);                          // 2: an update tombstone
  log.put(key(0, "g", 0), snapshotValue({.snapshot_epoch = 5}));  // 3: 5 over 2
  log.put(key(0, "g", 0), snapshotValue({.snapshot_epoch = 6, .start_offset = 0, .list = {{0, 10, 0, 1}}}));
  log.put(key(1, "g", 0), updateValue(6, -1, -1, {{5, 2, 2, 2}}));  // 5: does not combine
  const cs::ShareStateLog s = log.folder.state();
  ASSERT_EQ(s.anomalies.size(), 4u);
  const char* kinds[] = {"update_snapshot_epoch_mismatch", "update_tombstone", "snapshot_epoch_not_next",
                         "state_batches_do_not_combine"};
  const std::int64_t offsets[] = {1, 2, 3, 5};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(cs::anomalyKindName(s.anomalies[i].kind), kinds[i]);
    EXPECT_EQ(s.anomalies[i].offset, offsets[i]);
    EXPECT_EQ(s.anomalies[i].topic_id, kTopicText);
  }
  EXPECT_NE(s.anomalies[0].message.find("snapshot epoch 1 over a snapshot of epoch 2"), std::string::npos);
  ASSERT_EQ(s.partitions.size(), 1u);  // the update tombstone deleted nothing
  EXPECT_EQ(s.partitions[0].snapshot_epoch, 6);
}

TEST(ShareStateFold, ErrorsAndOldRecords) {
  Log log;
  log.put(key(0, "g", 0), snapshotValue({.snapshot_epoch = 1}));
  Bytes bad = updateValue(1, -1, -1, {});
  bad.pop_back();  // its tagged fields cut off
  log.put(key(1, "g", 0), bad);
  Bytes unknown = key(0, "g", 0);
  unknown[1] = 9;  // record type 9
  log.put(unknown, snapshotValue({}));
  log.folder.add(0, 3, 0, std::nullopt, std::nullopt);
  // An older offset (a segment read again) changes nothing.
  log.folder.add(0, 0, 0, coordination::ByteSpan(key(0, "g", 0)), std::nullopt);
  const cs::ShareStateLog s = log.folder.state();
  ASSERT_EQ(s.errors.size(), 3u);
  EXPECT_EQ(s.errors[0].code, "TRUNCATED");
  EXPECT_EQ(s.errors[0].offset, 1);
  EXPECT_EQ(s.errors[0].role, "g:" + kTopicText + ":0");
  EXPECT_EQ(s.errors[1].code, "UNSUPPORTED_VERSION");
  EXPECT_EQ(s.errors[1].role, "");
  EXPECT_EQ(s.errors[2].code, "NULL_KEY");
  ASSERT_EQ(s.partitions.size(), 1u);
  EXPECT_EQ(s.partitions[0].offset, 0);
  EXPECT_EQ(s.records, 5u);
}

// Well-formed batches (first <= last), seeded: the combination ends within its bound, and what it
// gives does not overlap and starts at the start offset (PersisterStateBatchCombiner's promise, its
// javadoc at :63-88).
TEST(ShareStateCombiner, WellFormedInputsEndWithoutOverlap) {
  std::uint64_t seed = 0x5eed;
  auto next = [&seed](std::uint64_t n) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return (seed >> 33) % n;
  };
  auto list = [&](std::size_t n) {
    std::vector<StateBatch> out;
    for (std::size_t i = 0; i < n; ++i) {
      const auto first = static_cast<std::int64_t>(next(200));
      out.push_back(StateBatch{first, first + static_cast<std::int64_t>(next(20)),
                               static_cast<std::int8_t>(next(3) * 2), static_cast<std::int16_t>(next(4))});
    }
    return out;
  };
  for (int round = 0; round < 2000; ++round) {
    const auto so_far = list(next(12));
    const auto fresh = list(next(12));
    const std::int64_t start = next(4) == 0 ? -1 : static_cast<std::int64_t>(next(100));
    bool ended = false;
    auto out = cs::combineStateBatches(so_far, fresh, start, &ended);
    ASSERT_TRUE(ended) << "round " << round;
    std::sort(out.begin(), out.end(),
              [](const StateBatch& a, const StateBatch& b) { return a.first_offset < b.first_offset; });
    for (std::size_t i = 1; i < out.size(); ++i) ASSERT_GT(out[i].first_offset, out[i - 1].last_offset) << round;
    if (start != -1)
      for (const StateBatch& b : out) ASSERT_GE(b.first_offset, start) << "round " << round;
  }
}

namespace {

// What a test compares of two states: every field, the errors by code and offset.
void expectSame(const cs::ShareStateLog& a, const cs::ShareStateLog& b) {
  EXPECT_EQ(a.records, b.records);
  ASSERT_EQ(a.partitions.size(), b.partitions.size());
  for (std::size_t i = 0; i < a.partitions.size(); ++i) {
    const auto& x = a.partitions[i];
    const auto& y = b.partitions[i];
    EXPECT_EQ(
        std::tie(x.group_id, x.topic_id, x.share_partition, x.partition, x.offset, x.snapshot_offset, x.snapshot_epoch,
                 x.state_epoch, x.leader_epoch, x.start_offset, x.create_timestamp, x.write_timestamp, x.updates),
        std::tie(y.group_id, y.topic_id, y.share_partition, y.partition, y.offset, y.snapshot_offset, y.snapshot_epoch,
                 y.state_epoch, y.leader_epoch, y.start_offset, y.create_timestamp, y.write_timestamp, y.updates));
    const auto bx = a.batchesOf(x);
    const auto by = b.batchesOf(y);
    EXPECT_EQ(std::vector<StateBatch>(bx.begin(), bx.end()), std::vector<StateBatch>(by.begin(), by.end()));
  }
  ASSERT_EQ(a.anomalies.size(), b.anomalies.size());
  for (std::size_t i = 0; i < a.anomalies.size(); ++i) {
    const auto& x = a.anomalies[i];
    const auto& y = b.anomalies[i];
    EXPECT_EQ(std::tie(x.kind, x.group_id, x.topic_id, x.share_partition, x.partition, x.offset, x.message),
              std::tie(y.kind, y.group_id, y.topic_id, y.share_partition, y.partition, y.offset, y.message));
  }
  ASSERT_EQ(a.errors.size(), b.errors.size());
  for (std::size_t i = 0; i < a.errors.size(); ++i) {
    EXPECT_EQ(a.errors[i].code, b.errors[i].code);
    EXPECT_EQ(a.errors[i].offset, b.errors[i].offset);
    EXPECT_EQ(a.errors[i].role, b.errors[i].role);
  }
}

// Partition `p`'s records: share-partitions of groups "a" and "b", an anomaly and an error.
void partitionRecords(Log& log, std::int32_t p) {
  log.offset = 0;
  log.put(key(0, "b", p), snapshotValue({.snapshot_epoch = 1, .list = {{100, 110, 0, 1}}}), p);
  log.put(key(1, "b", p), updateValue(1, 4, -1, {{105, 106, 2, 1}}), p);
  log.put(key(1, "a", p), updateValue(0, 4, 7, {{7, 9, 4, 1}}), p);  // without snapshot
  Bytes bad = snapshotValue({});
  bad.resize(5);
  log.put(key(0, "a", p + 10), bad, p);
}

}  // namespace

// Partitions folded apart, written as parts, read back and merged: what one folder gives.
TEST(ShareStateFold, PartsMergedAsOneReader) {
  Log one;
  partitionRecords(one, 0);
  partitionRecords(one, 1);
  Log p0, p1;
  partitionRecords(p0, 0);
  partitionRecords(p1, 1);
  std::vector<std::uint8_t> bytes0, bytes1;
  cs::writeShareStatePart(p0.folder.state(), bytes0);
  cs::writeShareStatePart(p1.folder.state(), bytes1);
  std::vector<cs::ShareStateLog> parts(2);
  ASSERT_EQ(cs::readShareStatePart(bytes0, parts[0]), "");
  ASSERT_EQ(cs::readShareStatePart(bytes1, parts[1]), "");
  expectSame(parts[0], p0.folder.state());
  const cs::ShareStateLog merged = cs::mergeShareStates(parts);
  const cs::ShareStateLog whole = one.folder.state();
  EXPECT_EQ(whole.partitions.size(), 4u);
  EXPECT_EQ(whole.anomalies.size(), 2u);
  EXPECT_EQ(whole.errors.size(), 2u);
  expectSame(merged, whole);
  // Bytes that are not a part are refused, never misread.
  cs::ShareStateLog out;
  EXPECT_NE(cs::readShareStatePart(std::span(bytes0).first(bytes0.size() - 1), out), "");
  bytes0[0] = 'X';
  EXPECT_NE(cs::readShareStatePart(bytes0, out).find("no CVS1 magic"), std::string::npos);
}
