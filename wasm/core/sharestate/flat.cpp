#include "sharestate/flat.h"

namespace coordination::sharestate {

void flattenShareState(const ShareStateLog& log, FlatState& out) {
  using L = share_state_flat;
  out.words.clear();
  out.longs.clear();
  out.pool.clear();
  out.ends.clear();
  const auto& partitions = log.partitions;
  const auto& anomalies = log.anomalies;
  L::Writer f(out, {partitions.size(), log.batches.size(), anomalies.size(), log.errors.size()});
  f.put<L::head_records>(0, log.records);
  f.put<L::head_anomaliesOmitted>(0, log.anomalies_omitted);
  f.put<L::head_errorsOmitted>(0, log.errors_omitted);
  for (std::size_t i = 0; i < partitions.size(); ++i) {
    const SharePartitionState& x = partitions[i];
    f.put<L::partitions_partition>(i, x.share_partition);
    f.put<L::partitions_logPartition>(i, x.partition);
    f.put<L::partitions_snapshotEpoch>(i, x.snapshot_epoch);
    f.put<L::partitions_stateEpoch>(i, x.state_epoch);
    f.put<L::partitions_leaderEpoch>(i, x.leader_epoch);
    f.put<L::partitions_updates>(i, x.updates);
    f.put<L::partitions_batchesEnd>(i, x.batches_end);
    f.put<L::partitions_offset>(i, x.offset);
    f.put<L::partitions_snapshotOffset>(i, x.snapshot_offset);
    f.put<L::partitions_startOffset>(i, x.start_offset);
    f.put<L::partitions_createTimestamp>(i, x.create_timestamp);
    f.put<L::partitions_writeTimestamp>(i, x.write_timestamp);
    f.put<L::partitions_groupId>(i, x.group_id);
    f.put<L::partitions_topicId>(i, x.topic_id);
  }
  for (std::size_t i = 0; i < log.batches.size(); ++i) {
    const StateBatch& b = log.batches[i];
    f.put<L::batches_deliveryState>(i, b.delivery_state);
    f.put<L::batches_deliveryCount>(i, b.delivery_count);
    f.put<L::batches_firstOffset>(i, b.first_offset);
    f.put<L::batches_lastOffset>(i, b.last_offset);
  }
  for (std::size_t i = 0; i < anomalies.size(); ++i) {
    const ShareStateAnomaly& x = anomalies[i];
    f.put<L::anomalies_partition>(i, x.share_partition);
    f.put<L::anomalies_logPartition>(i, x.partition);
    f.put<L::anomalies_offset>(i, x.offset);
    f.put<L::anomalies_kind>(i, anomalyKindName(x.kind));
    f.put<L::anomalies_groupId>(i, x.group_id);
    f.put<L::anomalies_topicId>(i, x.topic_id);
    f.put<L::anomalies_message>(i, x.message);
  }
  putErrors<L>(f, log.errors);
  f.finish();
}

}  // namespace coordination::sharestate
