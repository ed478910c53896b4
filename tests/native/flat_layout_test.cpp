// The flat answers' layouts (issue 19: no layout mirrored by hand): each writer's arrays, read
// back by nothing but the layout's description (log/flat_layout.h FlatLayoutInfo, what tables_gen
// emits to wasm/generated/tables.js FLAT_LAYOUTS and the JS readers walk; GeneratedTables.UpToDate
// keeps the two equal), hold every input value in the section the description names, and end
// where the arrays end. Each input value is distinct, so a section written in another's place
// shows.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "groups/flat.h"
#include "log/state_flat.h"
#include "transactions/flat.h"

namespace cv = coordination;
namespace ct = coordination::transactions;
namespace cg = coordination::groups;

namespace {

// A layout read back: each section by "group.field" (numbers, or strings: ASCII here, so a
// string's UTF-16 end is its byte end), and where it ended.
struct ReadBack {
  std::map<std::string, std::vector<std::int64_t>> numbers;
  std::map<std::string, std::vector<std::string>> texts;
  std::map<std::string, std::int64_t> counts;
  std::size_t w = 0, l = 0, s = 0;
};

ReadBack readBack(const cv::FlatLayoutInfo& info, const cv::FlatState& f, ReadBack at = {}) {
  ReadBack out;
  out.counts = at.counts;
  std::size_t w = at.w, l = at.l, s = at.s;
  for (std::size_t c = 0; c < info.own_counts; ++c) out.counts[std::string(info.counts[c])] = f.words.at(w++);
  for (const cv::FlatSection& x : info.sections) {
    const std::string name = std::string(x.group) + "." + std::string(x.field);
    const auto n = static_cast<std::size_t>(
        x.count == cv::kFlatOne ? 1 : out.counts.at(std::string(info.counts[static_cast<std::size_t>(x.count)])));
    for (std::size_t i = 0; i < n; ++i) {
      if (x.kind == cv::FlatKind::word) out.numbers[name].push_back(f.words.at(w++));
      if (x.kind == cv::FlatKind::wide) out.numbers[name].push_back(f.longs.at(l++));
      if (x.kind == cv::FlatKind::text) {
        const std::size_t from = s == 0 ? 0 : f.ends.at(s - 1);
        out.texts[name].emplace_back(f.pool.begin() + static_cast<std::ptrdiff_t>(from),
                                     f.pool.begin() + static_cast<std::ptrdiff_t>(f.ends.at(s)));
        ++s;
      }
    }
    if (n == 0) x.kind == cv::FlatKind::text ? (void)out.texts[name] : (void)out.numbers[name];
  }
  out.w = w;
  out.l = l;
  out.s = s;
  return out;
}

// Every section of the description was read, and nothing else.
void expectEveryName(const cv::FlatLayoutInfo& info, const ReadBack& r) {
  EXPECT_EQ(r.numbers.size() + r.texts.size(), info.sections.size()) << info.name;
}

using Numbers = std::vector<std::int64_t>;
using Texts = std::vector<std::string>;

class ListRoles final : public cv::FlatRoles {
 public:
  std::vector<cv::FlatRole> roles;
  std::vector<cv::FlatMember> members;
  std::size_t roleCount() const override { return roles.size(); }
  cv::FlatRole role(std::size_t i) const override { return roles[i]; }
  std::size_t memberCount() const override { return members.size(); }
  cv::FlatMember member(std::size_t j) const override { return members[j]; }
};

cv::FoldError error(std::int32_t partition, std::int64_t offset, std::int64_t line, std::string_view code,
                    const std::string& tag) {
  return cv::FoldError{partition, offset, line, code, "field-" + tag, "message-" + tag, 0, false, "key-" + tag};
}

}  // namespace

TEST(FlatLayout, TheStateAndItsJoinWhereTheDescriptionPutsThem) {
  ListRoles roles;
  roles.roles = {{"alpha", "a-1", 3, 1, 7, 4001, 5001, 6001, 1}, {"bravo", "", 4, 0, 0, 0, 0, 0, 3}};
  roles.members = {{"a-1", 101}, {"b-1", 102}, {"b-2", 103}};
  const std::vector<cv::Anomaly> anomalies = {
      {cv::AnomalyKind::lease_holder_not_registered, "alpha", 3, 201, "overlap", std::nullopt},
      {cv::AnomalyKind::producer_epoch_backwards, "bravo", 4, 202, "joined", 0u}};
  const std::vector<cv::FoldError> errors = {error(5, 301, -1, "NULL_KEY", "x"), error(6, -1, 12, "INVALID_LINE", "y")};
  // A history's entries are a view (of a folder's): these vectors hold them.
  const std::vector<cv::HistoryEntry> alpha = {
      {401, 501, cv::LeaseView{"a-1", 4001, 7, 6001, 7001}, std::nullopt},
      {402, 502, cv::Tombstone{}, cv::TransactionRef{9001, cv::TransactionState::committed, 9101}}};
  const std::vector<cv::HistoryEntry> bravo = {{403, 503, cv::RegistrationView{"b-1", 8001}, std::nullopt}};
  const std::vector<cv::KeyHistory> history = {{cv::RecordKind::lease, "alpha", "", 3, alpha},
                                               {cv::RecordKind::registration, "bravo", "b-1", 4, bravo}};
  cv::JoinedLeases joined;
  joined.role_transaction = {0, cv::kNoProducerTransaction};
  joined.transactions = {{"txn-1", 11, 1101, 1201, 13, 2, 1301}};
  cv::FlatState flat;
  cv::writeFlatState(roles, anomalies, 17, errors, 19, 23, history, true, &joined, flat);

  const ReadBack s = readBack(cv::state_flat::kInfo, flat);
  expectEveryName(cv::state_flat::kInfo, s);
  EXPECT_EQ(s.counts, (std::map<std::string, std::int64_t>{{"roles", 2},
                                                           {"members", 3},
                                                           {"anomalies", 2},
                                                           {"errors", 2},
                                                           {"history", 2},
                                                           {"entries", 3},
                                                           {"transactions", 1}}));
  const std::map<std::string, Numbers> numbers = {
      {"head.withHistory", {1}},
      {"head.records", {23}},
      {"head.anomaliesOmitted", {17}},
      {"head.errorsOmitted", {19}},
      {"roles.partition", {3, 4}},
      {"roles.lease", {1, 0}},
      {"roles.producerEpoch", {7, 0}},
      {"roles.membersEnd", {1, 3}},
      {"roles.producerId", {4001, 0}},
      {"roles.grantedAt", {5001, 0}},
      {"roles.deadline", {6001, 0}},
      {"members.registeredAt", {101, 102, 103}},
      {"anomalies.offset", {201, 202}},
      {"errors.hasLine", {0, 1}},
      {"errors.partition", {5, 6}},
      {"errors.value", {301, 12}},
      {"history.kind", {1, 0}},
      {"history.partition", {3, 4}},
      {"history.entriesEnd", {2, 3}},
      {"entries.value", {1, -1, 0}},
      {"entries.producerEpoch", {7, 0, 0}},
      {"entries.transaction", {-1, 0, -1}},
      {"entries.offset", {401, 402, 403}},
      {"entries.timestamp", {501, 502, 503}},
      {"entries.first", {4001, 0, 8001}},
      {"entries.grantedAt", {6001, 0, 0}},
      {"entries.deadline", {7001, 0, 0}},
      {"transactions.producerId", {9001}},
      {"transactions.markerOffset", {9101}},
  };
  EXPECT_EQ(s.numbers, numbers);
  const std::map<std::string, Texts> texts = {
      {"roles.role", {"alpha", "bravo"}},
      {"roles.holder", {"a-1", ""}},
      {"members.member", {"a-1", "b-1", "b-2"}},
      {"anomalies.kind", {"lease_holder_not_registered", "producer_epoch_backwards"}},
      {"anomalies.role", {"alpha", "bravo"}},
      {"anomalies.message", {"overlap", "joined"}},
      {"errors.code", {"NULL_KEY", "INVALID_LINE"}},
      {"errors.field", {"field-x", "field-y"}},
      {"errors.message", {"message-x", "message-y"}},
      {"errors.key", {"key-x", "key-y"}},
      {"history.role", {"alpha", "bravo"}},
      {"history.member", {"", "b-1"}},
      {"entries.member", {"a-1", "", "b-1"}},
      {"transactions.state", {"committed"}},
  };
  EXPECT_EQ(s.texts, texts);

  // The join, after every other section: its counts from the state's.
  ReadBack at = s;
  at.counts = {{"roles", 2}, {"anomalies", 2}};
  const ReadBack j = readBack(cv::join_flat::kInfo, flat, at);
  expectEveryName(cv::join_flat::kInfo, j);
  EXPECT_EQ(j.numbers, (std::map<std::string, Numbers>{{"roles.transaction", {0, -1}},
                                                       {"anomalies.transaction", {-2, 0}},
                                                       {"rows.status", {2}},
                                                       {"rows.producerEpoch", {13}},
                                                       {"rows.partition", {11}},
                                                       {"rows.producerId", {1201}},
                                                       {"rows.lastUpdate", {1301}},
                                                       {"rows.offset", {1101}}}));
  EXPECT_EQ(j.texts, (std::map<std::string, Texts>{{"rows.transactionalId", {"txn-1"}}}));
  EXPECT_EQ(j.w, flat.words.size());
  EXPECT_EQ(j.l, flat.longs.size());
  EXPECT_EQ(j.s, flat.ends.size());

  // Without a join: its own count -1, and nothing after it.
  cv::writeFlatState(roles, anomalies, 17, errors, 19, 23, history, true, nullptr, flat);
  const ReadBack alone = readBack(cv::state_flat::kInfo, flat);
  EXPECT_EQ(alone.numbers, numbers);
  EXPECT_EQ(alone.texts, texts);
  ASSERT_EQ(alone.w + 1, flat.words.size());
  EXPECT_EQ(flat.words.back(), -1);
  EXPECT_EQ(alone.l, flat.longs.size());
  EXPECT_EQ(alone.s, flat.ends.size());
}

TEST(FlatLayout, TheTransactionLogWhereTheDescriptionPutsIt) {
  ct::TransactionLogState log;
  log.entries = {{"txn-a", 1, 101, false, 201, 3, 2, 60000, 301, 401, false, 0, 2},
                 {"txn-b", 2, 102, true, 202, 4, 5, 60001, 302, 402, true, 2, 2}};
  log.topics = {{"orders", 0, 2}, {"billing", 2, 3}};
  log.partition_ids = {7, 8, 9};
  log.anomalies = {{ct::TransactionAnomalyKind::transaction_timed_out, "txn-a", 1, 501, "went back"}};
  log.errors = {error(5, 601, -1, "NULL_KEY", "x")};
  log.anomalies_omitted = 17;
  log.errors_omitted = 19;
  log.records = 23;
  cv::FlatState flat;
  ct::flattenTransactionLog(log, flat);
  const ReadBack r = readBack(cv::transactions_flat::kInfo, flat);
  expectEveryName(cv::transactions_flat::kInfo, r);
  EXPECT_EQ(r.numbers, (std::map<std::string, Numbers>{{"head.records", {23}},
                                                       {"head.anomaliesOmitted", {17}},
                                                       {"head.errorsOmitted", {19}},
                                                       {"entries.partition", {1, 2}},
                                                       {"entries.producerEpoch", {3, 4}},
                                                       {"entries.status", {2, 5}},
                                                       {"entries.timeoutMs", {60000, 60001}},
                                                       {"entries.removed", {0, 1}},
                                                       {"entries.partitionsNull", {0, 1}},
                                                       {"entries.topicsEnd", {2, 2}},
                                                       {"entries.offset", {101, 102}},
                                                       {"entries.producerId", {201, 202}},
                                                       {"entries.lastUpdate", {301, 302}},
                                                       {"entries.start", {401, 402}},
                                                       {"topics.idsEnd", {2, 3}},
                                                       {"ids.partitionId", {7, 8, 9}},
                                                       {"anomalies.partition", {1}},
                                                       {"anomalies.offset", {501}},
                                                       {"errors.hasLine", {0}},
                                                       {"errors.partition", {5}},
                                                       {"errors.value", {601}}}));
  EXPECT_EQ(r.texts, (std::map<std::string, Texts>{{"entries.transactionalId", {"txn-a", "txn-b"}},
                                                   {"topics.topic", {"orders", "billing"}},
                                                   {"anomalies.kind", {"transaction_timed_out"}},
                                                   {"anomalies.transactionalId", {"txn-a"}},
                                                   {"anomalies.message", {"went back"}},
                                                   {"errors.code", {"NULL_KEY"}},
                                                   {"errors.field", {"field-x"}},
                                                   {"errors.message", {"message-x"}},
                                                   {"errors.key", {"key-x"}}}));
  EXPECT_EQ(r.w, flat.words.size());
  EXPECT_EQ(r.l, flat.longs.size());
  EXPECT_EQ(r.s, flat.ends.size());
}

TEST(FlatLayout, TheGroupsWhereTheDescriptionPutsThem) {
  cg::GroupLogState log;
  log.groups = {{"group-a", 1, 0, 1, 0, 1}, {"group-b", 2, 1, 2, 1, 1}};
  log.records = {{1, 101, {0, 3, 9}, {1, 2}}, {2, 102, {0, 4}, {}}};
  log.offsets = {{"orders", 5, 201, 6, "meta", 301, 7, 401}};
  log.anomalies = {{cg::GroupAnomalyKind::generation_backwards, "group-a", 8, 9, 501, "went back"}};
  log.errors = {error(5, -1, 12, "INVALID_LINE", "y")};
  log.anomalies_omitted = 17;
  log.errors_omitted = 19;
  log.records_read = 23;
  cv::FlatState flat;
  std::vector<std::uint8_t> bytes;
  cg::flattenGroupLog(log, flat, bytes);
  EXPECT_EQ(bytes, (std::vector<std::uint8_t>{0, 3, 9, 1, 2, 0, 4}));
  const ReadBack r = readBack(cv::groups_flat::kInfo, flat);
  expectEveryName(cv::groups_flat::kInfo, r);
  EXPECT_EQ(r.numbers, (std::map<std::string, Numbers>{{"head.records", {23}},
                                                       {"head.anomaliesOmitted", {17}},
                                                       {"head.errorsOmitted", {19}},
                                                       {"groups.partition", {1, 2}},
                                                       {"groups.recordsEnd", {1, 2}},
                                                       {"groups.offsetsEnd", {1, 1}},
                                                       {"records.partition", {1, 2}},
                                                       {"records.bytesEnd", {5, 7}},
                                                       {"records.keyLength", {3, 2}},
                                                       {"records.offset", {101, 102}},
                                                       {"offsets.partition", {5}},
                                                       {"offsets.leaderEpoch", {6}},
                                                       {"offsets.recordPartition", {7}},
                                                       {"offsets.offset", {201}},
                                                       {"offsets.commitTimestamp", {301}},
                                                       {"offsets.recordOffset", {401}},
                                                       {"anomalies.generation", {8}},
                                                       {"anomalies.partition", {9}},
                                                       {"anomalies.offset", {501}},
                                                       {"errors.hasLine", {1}},
                                                       {"errors.partition", {5}},
                                                       {"errors.value", {12}}}));
  EXPECT_EQ(r.texts, (std::map<std::string, Texts>{{"groups.group", {"group-a", "group-b"}},
                                                   {"offsets.topic", {"orders"}},
                                                   {"offsets.metadata", {"meta"}},
                                                   {"anomalies.kind", {"generation_backwards"}},
                                                   {"anomalies.group", {"group-a"}},
                                                   {"anomalies.message", {"went back"}},
                                                   {"errors.code", {"INVALID_LINE"}},
                                                   {"errors.field", {"field-y"}},
                                                   {"errors.message", {"message-y"}},
                                                   {"errors.key", {"key-y"}}}));
  EXPECT_EQ(r.w, flat.words.size());
  EXPECT_EQ(r.l, flat.longs.size());
  EXPECT_EQ(r.s, flat.ends.size());
}
