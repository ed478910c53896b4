#include "transactions/flat.h"

namespace coordination::transactions {

void flattenTransactionLog(const TransactionLogState& log, FlatState& out) {
  using L = transactions_flat;
  out.words.clear();
  out.longs.clear();
  out.pool.clear();
  out.ends.clear();
  const auto& entries = log.entries;
  const auto& anomalies = log.anomalies;
  L::Writer f(out, {entries.size(), log.topics.size(), log.partition_ids.size(), anomalies.size(), log.errors.size()});
  f.put<L::head_records>(0, log.records);
  f.put<L::head_anomaliesOmitted>(0, log.anomalies_omitted);
  f.put<L::head_errorsOmitted>(0, log.errors_omitted);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const TransactionEntry& x = entries[i];
    f.put<L::entries_partition>(i, x.partition);
    f.put<L::entries_producerEpoch>(i, x.producer_epoch);
    f.put<L::entries_status>(i, x.status);
    f.put<L::entries_timeoutMs>(i, x.timeout_ms);
    f.put<L::entries_removed>(i, x.removed ? 1 : 0);
    f.put<L::entries_partitionsNull>(i, x.partitions_null ? 1 : 0);
    f.put<L::entries_topicsEnd>(i, x.topics_end);
    f.put<L::entries_offset>(i, x.offset);
    f.put<L::entries_producerId>(i, x.producer_id);
    f.put<L::entries_lastUpdate>(i, x.last_update);
    f.put<L::entries_start>(i, x.start);
    f.put<L::entries_transactionalId>(i, x.transactional_id);
  }
  for (std::size_t i = 0; i < log.topics.size(); ++i) {
    f.put<L::topics_idsEnd>(i, log.topics[i].ids_end);
    f.put<L::topics_topic>(i, log.topics[i].topic);
  }
  f.each<L::ids_partitionId>(log.partition_ids, [](std::int32_t id) { return id; });
  for (std::size_t i = 0; i < anomalies.size(); ++i) {
    const TransactionAnomaly& x = anomalies[i];
    f.put<L::anomalies_partition>(i, x.partition);
    f.put<L::anomalies_offset>(i, x.offset);
    f.put<L::anomalies_kind>(i, anomalyKindName(x.kind));
    f.put<L::anomalies_transactionalId>(i, x.transactional_id);
    f.put<L::anomalies_message>(i, x.message);
  }
  putErrors<L>(f, log.errors);
  f.finish();
}

}  // namespace coordination::transactions
