// wasm/core/transactions: the transaction log's fold, the merge of folders and the join with the
// coordination state. The transaction-log bytes are golden/transaction-log.json's (written by the
// independent golden/generate_transaction_log.py), paired as records here: every valid value there
// is transactional id "payments-tx-7"'s, producer id 4000 epoch 3 at version 0 (v0-<status>),
// epoch 4 in v1-empty, 123456789012 epoch 42 in v0-many-topics; started at 1700000000000 with a
// 60 s timeout. The Node tests (tests/node/transactions.test.mjs) fold whole segments of both topics.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "log/fold.h"
#include "test_util.h"
#include "transactions/flat.h"
#include "transactions/fold.h"
#include "transactions/join.h"

namespace cv = coordination;
namespace ct = coordination::transactions;
using Bytes = std::vector<std::uint8_t>;

namespace {

constexpr std::int64_t kStart = 1700000000000;  // the golden values' start; timeout 60000

// The golden vectors' key and value bytes by id.
struct Golden {
  std::map<std::string, Bytes> keys, values;
  Golden() {
    std::ifstream in(std::string(COORDINATION_GOLDEN_DIR) + "/transaction-log.json");
    const nlohmann::json doc = nlohmann::json::parse(in);
    for (const auto& v : doc.at("vectors")) {
      const std::string id = v.at("id").get<std::string>();
      keys[id] = testutil::fromHex(v.at("key").get<std::string>());
      if (!v.at("value").is_null()) values[id] = testutil::fromHex(v.at("value").get<std::string>());
    }
  }
  const Bytes& value(const std::string& name) const { return values.at("transaction-log/valid/" + name); }
  const Bytes& key(const std::string& name) const { return keys.at("transaction-log/valid/" + name); }
};
const Golden& vectors() {
  static const Golden g;
  return g;
}
const Bytes& tid() { return vectors().key("key-ascii"); }  // "payments-tx-7"

struct Log {
  ct::TransactionFolder folder;
  void add(std::int32_t partition, std::int64_t offset, const Bytes& key, const Bytes* value) {
    std::optional<cv::ByteSpan> v;
    if (value) v = cv::ByteSpan(*value);
    folder.add(partition, offset, 0, cv::ByteSpan(key), v);
  }
  ct::TransactionLogState merged(std::int64_t now) const {
    const ct::TransactionLogState part = folder.part();
    return ct::mergeTransactionLogs({&part, 1}, now);
  }
};

std::vector<std::string> kinds(const ct::TransactionLogState& s) {
  std::vector<std::string> out;
  for (const auto& a : s.anomalies) out.emplace_back(ct::anomalyKindName(a.kind));
  return out;
}

}  // namespace

TEST(TransactionFold, NewestRecordPerTransactionalIdAndItsPartitions) {
  Log log;
  log.add(0, 0, tid(), &vectors().value("v0-empty"));
  log.add(0, 1, tid(), &vectors().value("v0-ongoing"));
  log.add(0, 0, tid(), &vectors().value("v0-completecommit"));  // at an offset already passed: ignored
  const ct::TransactionLogState s = log.merged(kStart);
  EXPECT_EQ(s.records, 3u);
  ASSERT_EQ(s.entries.size(), 1u);
  const ct::TransactionEntry& e = s.entries[0];
  EXPECT_EQ(e.transactional_id, "payments-tx-7");
  EXPECT_EQ(e.offset, 1);
  EXPECT_FALSE(e.removed);
  EXPECT_EQ(e.producer_id, 4000);
  EXPECT_EQ(e.producer_epoch, 3);
  EXPECT_EQ(ct::statusName(e.status), "Ongoing");
  EXPECT_EQ(e.timeout_ms, 60000);
  EXPECT_EQ(e.start, kStart);
  EXPECT_EQ(e.last_update, kStart + 500);
  EXPECT_FALSE(e.partitions_null);
  const auto topics = s.topicsOf(e);
  ASSERT_EQ(topics.size(), 2u);
  EXPECT_EQ(topics[0].topic, "orders");
  EXPECT_EQ(std::vector<std::int32_t>(s.idsOf(topics[0]).begin(), s.idsOf(topics[0]).end()),
            (std::vector<std::int32_t>{0, 2}));
  EXPECT_EQ(topics[1].topic, "__consumer_offsets");
  EXPECT_TRUE(s.anomalies.empty());
}

namespace {

// A version-0 value by hand (TransactionLogValue.json 3.8.0: version i16, producerId i64, epoch
// i16, timeout i32, status i8, partitions [topic string, ids [i32]], last update i64, start i64).
Bytes valueV0(std::int8_t status, const std::vector<std::pair<std::string, std::vector<std::int32_t>>>& topics) {
  Bytes b;
  const auto put = [&b](std::uint64_t v, int bytes) {
    for (int i = bytes - 1; i >= 0; --i) b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  };
  put(0, 2);
  put(4000, 8);
  put(3, 2);
  put(60000, 4);
  put(static_cast<std::uint8_t>(status), 1);
  put(topics.size(), 4);
  for (const auto& [topic, ids] : topics) {
    put(topic.size(), 2);
    b.insert(b.end(), topic.begin(), topic.end());
    put(ids.size(), 4);
    for (const std::int32_t id : ids) put(static_cast<std::uint32_t>(id), 4);
  }
  put(kStart + 500, 8);
  put(kStart, 8);
  return b;
}

std::vector<std::string> partitionsOf(const ct::TransactionLogState& s, const ct::TransactionEntry& e) {
  std::vector<std::string> out;
  for (const auto& t : s.topicsOf(e))
    for (const std::int32_t id : s.idsOf(t)) out.push_back(t.topic + "-" + std::to_string(id));
  return out;
}

}  // namespace

// As the coordinator loads a value (TransactionLog.readTxnRecordValue, 3.8.0): no partitions for
// Empty, and a set of (topic, partition) for the others, whatever the value repeats.
TEST(TransactionFold, PartitionsAsTheCoordinatorLoadsThemNoneForEmptyEachOnce) {
  Log log;
  const Bytes ongoing = valueV0(1, {{"s", {}}, {"t", {1, 1, 0}}, {"u", {}}, {"s", {4}}, {"t", {1, 2}}, {"s", {4}}});
  const Bytes empty = valueV0(0, {{"t", {1, 2}}});
  log.add(0, 0, tid(), &ongoing);
  const ct::TransactionLogState s = log.merged(kStart);
  ASSERT_EQ(s.entries.size(), 1u);
  EXPECT_FALSE(s.entries[0].partitions_null);
  EXPECT_EQ(partitionsOf(s, s.entries[0]), (std::vector<std::string>{"t-1", "t-0", "t-2", "s-4"}));
  log.add(0, 1, tid(), &empty);
  const ct::TransactionLogState after = log.merged(kStart);
  ASSERT_EQ(after.entries.size(), 1u);
  EXPECT_EQ(ct::statusName(after.entries[0].status), "Empty");
  EXPECT_TRUE(after.entries[0].partitions_null);
  EXPECT_TRUE(partitionsOf(after, after.entries[0]).empty());
}

TEST(TransactionFold, OngoingPastStartPlusTimeoutIsTimedOut) {
  Log log;
  log.add(0, 5, tid(), &vectors().value("v0-ongoing"));
  // Kafka's rule: start + timeout < now.
  EXPECT_TRUE(log.merged(kStart + 60000).anomalies.empty());
  const ct::TransactionLogState s = log.merged(kStart + 60001);
  ASSERT_EQ(kinds(s), std::vector<std::string>{"transaction_timed_out"});
  EXPECT_EQ(s.anomalies[0].transactional_id, "payments-tx-7");
  EXPECT_EQ(s.anomalies[0].offset, 5);
  EXPECT_NE(s.anomalies[0].message.find("Ongoing since 1700000000000 with a timeout of 60000 ms"), std::string::npos)
      << s.anomalies[0].message;
  // PrepareCommit is not Ongoing: the coordinator's timer leaves it to the markers.
  Log prepared;
  prepared.add(0, 5, tid(), &vectors().value("v0-preparecommit"));
  EXPECT_TRUE(prepared.merged(kStart + 600000).anomalies.empty());
}

TEST(TransactionFold, TombstoneRemovesTheIdButKeepsWhatTheJoinNeeds) {
  Log log;
  log.add(0, 0, tid(), &vectors().value("v0-completecommit"));
  log.add(0, 1, tid(), nullptr);
  const ct::TransactionLogState s = log.merged(kStart);
  ASSERT_EQ(s.entries.size(), 1u);
  EXPECT_TRUE(s.entries[0].removed);
  EXPECT_EQ(s.entries[0].offset, 1);
  EXPECT_EQ(s.entries[0].producer_id, 4000);
  ASSERT_EQ(s.uses.size(), 1u);
}

TEST(TransactionFold, EpochGoingBackForOneProducerId) {
  Log log;
  log.add(0, 0, tid(), &vectors().value("v1-empty"));    // epoch 4
  log.add(0, 1, tid(), &vectors().value("v0-ongoing"));  // epoch 3, the same producer id
  const ct::TransactionLogState s = log.merged(kStart);
  ASSERT_EQ(kinds(s), std::vector<std::string>{"transaction_epoch_backwards"});
  EXPECT_EQ(s.anomalies[0].offset, 1);
  // A new producer id starts again at its own epochs: no anomaly.
  Log replaced;
  replaced.add(0, 0, tid(), &vectors().value("v0-many-topics"));  // 123456789012 epoch 42
  replaced.add(0, 1, tid(), &vectors().value("v0-ongoing"));      // 4000 epoch 3
  EXPECT_TRUE(replaced.merged(kStart).anomalies.empty());
}

TEST(TransactionFold, ProducerIdMovingBetweenTransactionalIdsAcrossPartitions) {
  Log log;
  log.add(0, 0, tid(), &vectors().value("v0-ongoing"));                      // 4000 in payments-tx-7
  log.add(3, 7, vectors().key("key-long"), &vectors().value("v1-ongoing"));  // 4000 in "ttt..."
  const ct::TransactionLogState s = log.merged(kStart);
  ASSERT_EQ(kinds(s), std::vector<std::string>{"producer_id_moved"});
  EXPECT_EQ(s.anomalies[0].partition, 3);
  EXPECT_EQ(s.anomalies[0].offset, 7);
  EXPECT_NE(s.anomalies[0].message.find("moves from transactional id \"payments-tx-7\" (partition 0, offset 0)"),
            std::string::npos)
      << s.anomalies[0].message;
  // Folded apart (two folders, as partitions folded in parallel) and merged: the same state.
  Log a, b;
  a.add(0, 0, tid(), &vectors().value("v0-ongoing"));
  b.add(3, 7, vectors().key("key-long"), &vectors().value("v1-ongoing"));
  const std::vector<ct::TransactionLogState> parts{a.folder.part(), b.folder.part()};
  const ct::TransactionLogState m = ct::mergeTransactionLogs(parts, kStart);
  EXPECT_EQ(kinds(m), kinds(s));
  EXPECT_EQ(m.anomalies[0].message, s.anomalies[0].message);
  ASSERT_EQ(m.entries.size(), 2u);
  EXPECT_EQ(m.entries[0].transactional_id, "payments-tx-7");
  EXPECT_EQ(m.entries[1].partition, 3);
}

// A part as bytes (transactions --jobs: folded on a worker thread) reads back as the same part:
// the merge of the parts read back is the merge of the parts.
TEST(TransactionFold, APartWrittenAsBytesReadsBackAsTheSamePart) {
  Log a, b;
  a.add(0, 0, tid(), &vectors().value("v0-ongoing"));
  a.add(0, 1, tid(), nullptr);              // a tombstone
  a.add(0, 2, {0, 1, 0, 1, 'x'}, nullptr);  // an error
  b.add(3, 7, vectors().key("key-long"), &vectors().value("v1-ongoing"));
  std::vector<ct::TransactionLogState> parts{a.folder.part(), b.folder.part()};
  std::vector<std::vector<std::uint8_t>> bytes(2);
  std::vector<ct::TransactionLogState> back(2);
  for (std::size_t k = 0; k < 2; ++k) {
    ct::writeTransactionPart(parts[k], bytes[k]);
    ASSERT_EQ(ct::readTransactionPart(bytes[k], back[k]), "");
  }
  const ct::TransactionLogState want = ct::mergeTransactionLogs(parts, kStart);
  const ct::TransactionLogState got = ct::mergeTransactionLogs(back, kStart);
  cv::FlatState x, y;
  ct::flattenTransactionLog(want, x);
  ct::flattenTransactionLog(got, y);
  EXPECT_EQ(x.words, y.words);
  EXPECT_EQ(x.longs, y.longs);
  EXPECT_EQ(x.pool, y.pool);
  ASSERT_EQ(got.errors.size(), 1u);
  EXPECT_EQ(got.errors[0].code, "UNSUPPORTED_VERSION");
  // Bytes that are not a part, or a part cut short: refused with why, never read past.
  ct::TransactionLogState none;
  EXPECT_EQ(ct::readTransactionPart(cv::ByteSpan(bytes[0]).first(3), none),
            "not a part of a transaction-log fold (no CVT1 magic)");
  EXPECT_EQ(ct::readTransactionPart(cv::ByteSpan(bytes[0]).first(bytes[0].size() - 1), none),
            "a part cut short or with bytes after it");
}

TEST(TransactionFold, RecordsThatDoNotDecodeAreErrorsNamingWhatTheyCould) {
  Log log;
  const Bytes key1 = {0, 1, 0, 1, 'x'};  // key version 1
  log.add(0, 0, key1, &vectors().value("v0-ongoing"));
  const Bytes empty;
  log.add(0, 1, tid(), &empty);  // an empty value is not a tombstone here
  log.folder.add(0, 2, 0, std::nullopt, std::nullopt);
  const ct::TransactionLogState s = log.merged(kStart);
  ASSERT_EQ(s.errors.size(), 3u);
  EXPECT_EQ(s.errors[0].code, "UNSUPPORTED_VERSION");
  EXPECT_EQ(s.errors[0].field, "transaction_log_key.version");
  EXPECT_NE(s.errors[0].message.find("key version 1 is not 0"), std::string::npos) << s.errors[0].message;
  EXPECT_EQ(s.errors[1].code, "TRUNCATED");
  EXPECT_EQ(s.errors[1].role, "payments-tx-7");
  EXPECT_EQ(s.errors[1].offset, 1);
  EXPECT_EQ(s.errors[2].code, "NULL_KEY");
  EXPECT_TRUE(s.entries.empty());
}

// ---- the join with the coordination state

namespace {

Bytes leaseKey(const std::string& role) {
  return cv::encodeKey(cv::CoordinationKey{cv::RecordKind::lease, role, ""}).value();
}
Bytes lease(std::int64_t producer_id, std::int16_t epoch, std::int64_t deadline) {
  return cv::encodeValue(cv::Lease{"m-1", producer_id, epoch, kStart, deadline}).value();
}

struct Joined {
  ct::TransactionLogState log;
  cv::FoldState state;
};

// Folds the leases (role -> lease bytes, at offsets 10, 11, ...) and joins them with `log` at now.
Joined join(const Log& log, const std::vector<std::pair<std::string, Bytes>>& leases, std::int64_t now) {
  Joined out{log.merged(now), {}};
  cv::StateFolder f;
  std::int64_t offset = 10;
  for (const auto& [role, value] : leases) {
    const Bytes key = leaseKey(role);
    f.add(0, offset++, 0, cv::ByteSpan(key), cv::ByteSpan(value));
  }
  const ct::TransactionJoin j(out.log);
  out.state = f.result(now, &j);
  return out;
}

// The join's anomalies (the state's own, e.g. lease_holder_not_registered, are log_test's).
std::vector<cv::Anomaly> joined(const cv::FoldState& s) {
  std::vector<cv::Anomaly> out;
  for (const auto& a : s.anomalies)
    if (a.transaction) out.push_back(a);
  return out;
}
std::vector<std::string> kinds(const cv::FoldState& s) {
  std::vector<std::string> out;
  for (const auto& a : joined(s)) out.emplace_back(cv::anomalyKindName(a.kind));
  return out;
}

}  // namespace

TEST(TransactionJoin, FencedHolderUnknownProducerAndTheLeasesProducerTransaction) {
  Log log;
  log.add(0, 4, tid(), &vectors().value("v0-completecommit"));  // 4000, epoch 3
  const std::int64_t far = kStart + 3600000;
  const Joined j =
      join(log, {{"a", lease(4000, 2, far)}, {"b", lease(4000, 3, far)}, {"c", lease(77, 0, far)}}, kStart);
  const cv::FoldState& s = j.state;
  ASSERT_TRUE(s.joined);
  ASSERT_EQ(s.roles.size(), 3u);
  // a: epoch 2 below the log's 3, lease live: fenced, naming the lease's and the record's offsets.
  ASSERT_NE(s.roles[0].lease->producer_transaction, cv::kNoProducerTransaction);
  const cv::ProducerTransaction& t = s.producer_transactions[s.roles[0].lease->producer_transaction];
  EXPECT_EQ(t.transactional_id, "payments-tx-7");
  EXPECT_EQ(t.producer_epoch, 3);
  EXPECT_EQ(ct::statusName(t.status), "CompleteCommit");
  EXPECT_EQ(t.offset, 4);
  EXPECT_EQ(t.last_update, kStart + 500);
  // b: the log's producer and epoch: nothing to say. c: a producer id no record names.
  EXPECT_NE(s.roles[1].lease->producer_transaction, cv::kNoProducerTransaction);
  EXPECT_EQ(s.roles[2].lease->producer_transaction, cv::kNoProducerTransaction);
  ASSERT_EQ(kinds(s), (std::vector<std::string>{"lease_holder_fenced", "lease_holder_unknown_producer"}));
  const std::vector<cv::Anomaly> a = joined(s);
  EXPECT_EQ(a[0].role, "a");
  EXPECT_EQ(a[0].offset, 10);
  EXPECT_EQ(s.producer_transactions[*a[0].transaction].offset, 4);
  EXPECT_NE(a[0].message.find("is at epoch 3: the holder was fenced"), std::string::npos) << a[0].message;
  EXPECT_EQ(a[1].role, "c");
  EXPECT_EQ(*a[1].transaction, cv::kNoProducerTransaction);
  // An expired lease is no zombie: not fenced.
  const Joined expired = join(log, {{"a", lease(4000, 2, kStart)}}, kStart + 1);
  EXPECT_TRUE(joined(expired.state).empty());
}

TEST(TransactionJoin, ReplacedProducerIdStuckTransactionAndExpiredTransactionalId) {
  const std::int64_t far = kStart + 3600000;
  // The transactional id moved on to producer id 123456789012: the holder of 4000 is fenced.
  Log replaced;
  replaced.add(0, 0, tid(), &vectors().value("v0-ongoing"));
  replaced.add(0, 1, tid(), &vectors().value("v0-many-topics"));
  const Joined r = join(replaced, {{"a", lease(4000, 3, far)}}, kStart);
  ASSERT_EQ(kinds(r.state), std::vector<std::string>{"lease_holder_fenced"});
  EXPECT_NE(joined(r.state)[0].message.find("has moved on to producer id 123456789012 (epoch 42)"), std::string::npos)
      << joined(r.state)[0].message;
  // The holder's own transaction Ongoing past its timeout: stuck, expired lease or not.
  Log ongoing;
  ongoing.add(0, 0, tid(), &vectors().value("v0-ongoing"));
  EXPECT_TRUE(joined(join(ongoing, {{"a", lease(4000, 3, far)}}, kStart + 60000).state).empty());
  const Joined stuck = join(ongoing, {{"a", lease(4000, 3, kStart)}}, kStart + 60001);
  ASSERT_EQ(kinds(stuck.state), std::vector<std::string>{"lease_holder_transaction_stuck"});
  EXPECT_EQ(stuck.log.anomalies.size(), 1u);  // the log's own transaction_timed_out
  // The transactional id removed (expired) while the lease is live.
  Log removed;
  removed.add(0, 0, tid(), &vectors().value("v0-completecommit"));
  removed.add(0, 1, tid(), nullptr);
  const Joined dead = join(removed, {{"a", lease(4000, 3, far)}}, kStart);
  ASSERT_EQ(kinds(dead.state), std::vector<std::string>{"lease_outlives_transactional_id"});
  EXPECT_EQ(ct::statusName(dead.state.producer_transactions[0].status), "Dead");
  EXPECT_EQ(dead.state.producer_transactions[0].offset, 1);
  // Without a join: no producer transactions at all.
  cv::StateFolder f;
  const Bytes key = leaseKey("a");
  const Bytes value = lease(4000, 3, far);
  f.add(0, 0, 0, cv::ByteSpan(key), cv::ByteSpan(value));
  EXPECT_FALSE(f.result(kStart).joined);
}

// Transaction version 2 (KIP-890 part 2; golden's v1-tv2-*, ClientTransactionVersion 2 written by the
// independent generator): Kafka 4.1.0 bumps the epoch at every commit and abort
// (TransactionMetadata.prepareAbortOrCommit) and takes a new producer id at a commit when the epoch
// is exhausted (prepareComplete: nextProducerId, epoch 0); only InitProducerId writes Empty.
TEST(TransactionJoin, TransactionVersion2HolderAfterItsCommitsIsNotFenced) {
  const std::int64_t far = kStart + 3600000;
  Log log;
  log.add(0, 0, tid(), &vectors().value("v1-tv2-ongoing"));         // 4000, epoch 5
  log.add(0, 1, tid(), &vectors().value("v1-tv2-completecommit"));  // 4000, epoch 5
  const Joined j = join(log, {{"a", lease(4000, 3, far)}, {"b", lease(4000, 5, far)}}, kStart);
  EXPECT_TRUE(joined(j.state).empty()) << joined(j.state)[0].message;
  // Its producer transaction is still shown: the transactional id's producer id and epoch now.
  ASSERT_NE(j.state.roles[0].lease->producer_transaction, cv::kNoProducerTransaction);
  EXPECT_EQ(j.state.producer_transactions[j.state.roles[0].lease->producer_transaction].producer_epoch, 5);
  // The same epochs under transaction version 1 (v0: 3.8.0's record, epoch 3 above the lease's 2):
  // fenced, as before.
  Log tv1;
  tv1.add(0, 0, tid(), &vectors().value("v0-completecommit"));
  const Joined f = join(tv1, {{"a", lease(4000, 2, far)}}, kStart);
  ASSERT_EQ(kinds(f.state), std::vector<std::string>{"lease_holder_fenced"});
  EXPECT_EQ(joined(f.state)[0].message,
            "the lease of role \"a\" (offset 10) has producer id 4000, epoch 2; transactional id \"payments-tx-7\" "
            "(transaction log partition 0, offset 0) is at epoch 3: the holder was fenced, and its lease is live: "
            "a zombie holds the role");
  // Version 1 without ClientTransactionVersion (a 4.x broker at transaction version 1): version 1 rules.
  Log v1;
  v1.add(0, 0, tid(), &vectors().value("v1-ongoing"));  // 4000, epoch 3
  EXPECT_EQ(kinds(join(v1, {{"a", lease(4000, 2, far)}}, kStart).state),
            std::vector<std::string>{"lease_holder_fenced"});
}

TEST(TransactionJoin, TransactionVersion2ReinitialisedAfterTheLeaseIsFenced) {
  const std::int64_t far = kStart + 3600000;
  Log log;
  log.add(0, 0, tid(), &vectors().value("v1-tv2-completecommit"));  // 4000, epoch 5
  log.add(0, 1, tid(), &vectors().value("v1-tv2-empty"));           // InitProducerId: 4000, epoch 6, Empty
  const Joined j = join(log, {{"a", lease(4000, 3, far)}, {"b", lease(4000, 6, far)}}, kStart);
  ASSERT_EQ(kinds(j.state), std::vector<std::string>{"lease_holder_fenced"});
  const std::vector<cv::Anomaly> anomalies = joined(j.state);
  const cv::Anomaly& a = anomalies[0];
  EXPECT_EQ(a.role, "a");
  EXPECT_NE(a.message.find("is at epoch 6: the holder was fenced (transaction version 2: the epoch also moves at "
                           "each commit and abort, but an Empty record at a higher epoch is written only by "
                           "InitProducerId: it was re-initialised after the lease), and its lease is live"),
            std::string::npos)
      << a.message;
  // Expired: no zombie.
  EXPECT_TRUE(joined(join(log, {{"a", lease(4000, 3, kStart)}}, kStart + 1).state).empty());
}

TEST(TransactionJoin, TransactionVersion2EpochExhaustionRotationIsNotAReplacement) {
  const std::int64_t far = kStart + 3600000;
  // PrepareCommit at epoch 32767 of 4000, then CompleteCommit with producer id 4001 at epoch 0.
  Log rotated;
  rotated.add(0, 0, tid(), &vectors().value("v1-tv2-preparecommit-exhausted"));
  rotated.add(0, 1, tid(), &vectors().value("v1-tv2-rotated"));
  const Joined r = join(rotated, {{"a", lease(4000, 3, far)}}, kStart);
  EXPECT_TRUE(joined(r.state).empty()) << joined(r.state)[0].message;
  EXPECT_EQ(r.state.producer_transactions[r.state.roles[0].lease->producer_transaction].producer_id, 4001);
  // The new producer id by InitProducerId (Empty, prepareProducerIdRotation): replaced.
  Log reinit;
  reinit.add(0, 0, tid(), &vectors().value("v1-tv2-preparecommit-exhausted"));
  reinit.add(0, 1, tid(), &vectors().value("v1-tv2-rotated-empty"));
  const Joined e = join(reinit, {{"a", lease(4000, 3, far)}}, kStart);
  ASSERT_EQ(kinds(e.state), std::vector<std::string>{"lease_holder_fenced"});
  EXPECT_NE(joined(e.state)[0].message.find("has moved on to producer id 4001 (epoch 0): the holder's producer id "
                                            "was replaced (transaction version 2: an Empty record with another "
                                            "producer id is written only by InitProducerId"),
            std::string::npos)
      << joined(e.state)[0].message;
}

TEST(TransactionJoin, TransactionVersion2TransactionAboveTheLeasesEpochCanBeStuck) {
  Log log;
  log.add(0, 0, tid(), &vectors().value("v1-tv2-ongoing"));  // 4000, epoch 5, since kStart, 60 s
  const Joined j = join(log, {{"a", lease(4000, 3, kStart)}}, kStart + 60001);
  ASSERT_EQ(kinds(j.state), std::vector<std::string>{"lease_holder_transaction_stuck"});
  EXPECT_NE(joined(j.state)[0].message.find("; the transaction of transactional id \"payments-tx-7\" (transaction "
                                            "log partition 0, offset 0) at epoch 5 (transaction version 2: the "
                                            "holder's own after its commits and aborts, or a successor's), is "
                                            "Ongoing since 1700000000000"),
            std::string::npos)
      << joined(j.state)[0].message;
  // Under transaction version 1 a transaction at another epoch is not the holder's: not stuck.
  Log tv1;
  tv1.add(0, 0, tid(), &vectors().value("v0-ongoing"));  // 4000, epoch 3
  EXPECT_TRUE(joined(join(tv1, {{"a", lease(4000, 2, kStart)}}, kStart + 60001).state).empty());
}

TEST(TransactionFold, ClientTransactionVersionCrossesAPartWrittenAsBytes) {
  Log a;
  a.add(0, 0, tid(), &vectors().value("v1-tv2-ongoing"));
  a.add(0, 1, vectors().key("key-long"), &vectors().value("v0-ongoing"));
  std::vector<std::uint8_t> bytes;
  ct::writeTransactionPart(a.folder.part(), bytes);
  ct::TransactionLogState back;
  ASSERT_EQ(ct::readTransactionPart(bytes, back), "");
  ASSERT_EQ(back.entries.size(), 2u);
  EXPECT_EQ(back.entries[0].client_transaction_version, 2);
  EXPECT_EQ(back.entries[1].client_transaction_version, 0);
}
