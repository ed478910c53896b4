#include "transactions/flat.h"

namespace coordination::transactions {

void flattenTransactionLog(const TransactionLogState& log, FlatState& out) {
  out.words.clear();
  out.longs.clear();
  out.pool.clear();
  out.ends.clear();
  Flattener f(out);
  const auto& entries = log.entries;
  const auto& anomalies = log.anomalies;
  const auto& errors = log.errors;
  for (std::size_t c : {entries.size(), log.topics.size(), log.partition_ids.size(), anomalies.size(), errors.size()})
    f.count(c);
  for (const TransactionEntry& x : entries) f.word(x.partition);
  for (const TransactionEntry& x : entries) f.word(x.producer_epoch);
  for (const TransactionEntry& x : entries) f.word(x.status);
  for (const TransactionEntry& x : entries) f.word(x.timeout_ms);
  for (const TransactionEntry& x : entries) f.word(x.removed ? 1 : 0);
  for (const TransactionEntry& x : entries) f.word(x.partitions_null ? 1 : 0);
  for (const TransactionEntry& x : entries) f.count(x.topics_end);
  for (const TopicPartitions& t : log.topics) f.count(t.ids_end);
  for (const std::int32_t id : log.partition_ids) f.word(id);
  for (const TransactionAnomaly& x : anomalies) f.word(x.partition);
  // As the state's errors: a line for a record without an offset (line input), else the offset.
  auto hasLine = [](const FoldError& e) { return e.line >= 0 && e.offset < 0; };
  for (const FoldError& x : errors) f.word(hasLine(x) ? 1 : 0);
  for (const FoldError& x : errors) f.word(x.partition);

  f.wide(static_cast<std::int64_t>(log.records));
  f.wide(static_cast<std::int64_t>(log.anomalies_omitted));
  f.wide(static_cast<std::int64_t>(log.errors_omitted));
  for (const TransactionEntry& x : entries) f.wide(x.offset);
  for (const TransactionEntry& x : entries) f.wide(x.producer_id);
  for (const TransactionEntry& x : entries) f.wide(x.last_update);
  for (const TransactionEntry& x : entries) f.wide(x.start);
  for (const TransactionAnomaly& x : anomalies) f.wide(x.offset);
  for (const FoldError& x : errors) f.wide(hasLine(x) ? x.line : x.offset);

  for (const TransactionEntry& x : entries) f.text(x.transactional_id);
  for (const TopicPartitions& t : log.topics) f.text(t.topic);
  for (const TransactionAnomaly& x : anomalies) f.text(anomalyKindName(x.kind));
  for (const TransactionAnomaly& x : anomalies) f.text(x.transactional_id);
  for (const TransactionAnomaly& x : anomalies) f.text(x.message);
  for (const FoldError& x : errors) f.text(x.code);
  for (const FoldError& x : errors) f.text(x.field);
  for (const FoldError& x : errors) f.text(x.message);
  for (const FoldError& x : errors) f.text(x.role);
}

}  // namespace coordination::transactions
