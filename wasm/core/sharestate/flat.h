// The folded share-group state (sharestate/fold.h) as flat arrays for the JS API
// (wasm/api/sharestate-api.js reads them through the description below, emitted to
// wasm/generated/tables.js FLAT_LAYOUTS.shareState); the layout's rules: log/flat_layout.h.
// Counts: partitions (the live share-partitions), batches, anomalies, errors. Partition k's state
// batches are [batchesEnd[k-1], batchesEnd[k]); `partition` is the share-partition's, `logPartition`
// the partition of __share_group_state it was read from; errors as the other folds' (key: the
// share-partition as "group:topic id:partition", "" when the key did not decode).
#define SHARE_STATE_FLAT_COUNTS(X) X(partitions, 1) X(batches, 1) X(anomalies, 1) X(errors, 1)
#define SHARE_STATE_FLAT_SECTIONS(X)               \
  FLAT_FOLD_HEAD_SECTIONS(X)                       \
  X(word, partitions, partition, partitions)       \
  X(word, partitions, logPartition, partitions)    \
  X(word, partitions, snapshotEpoch, partitions)   \
  X(word, partitions, stateEpoch, partitions)      \
  X(word, partitions, leaderEpoch, partitions)     \
  X(word, partitions, updates, partitions)         \
  X(word, partitions, batchesEnd, partitions)      \
  X(wide, partitions, offset, partitions)          \
  X(wide, partitions, snapshotOffset, partitions)  \
  X(wide, partitions, startOffset, partitions)     \
  X(wide, partitions, createTimestamp, partitions) \
  X(wide, partitions, writeTimestamp, partitions)  \
  X(text, partitions, groupId, partitions)         \
  X(text, partitions, topicId, partitions)         \
  X(word, batches, deliveryState, batches)         \
  X(word, batches, deliveryCount, batches)         \
  X(wide, batches, firstOffset, batches)           \
  X(wide, batches, lastOffset, batches)            \
  X(word, anomalies, partition, anomalies)         \
  X(word, anomalies, logPartition, anomalies)      \
  X(wide, anomalies, offset, anomalies)            \
  X(text, anomalies, kind, anomalies)              \
  X(text, anomalies, groupId, anomalies)           \
  X(text, anomalies, topicId, anomalies)           \
  X(text, anomalies, message, anomalies)           \
  FLAT_FOLD_ERROR_SECTIONS(X)
#pragma once

#include "log/state_flat.h"
#include "sharestate/fold.h"

namespace coordination {
FLAT_LAYOUT(share_state_flat, "shareState", SHARE_STATE_FLAT_COUNTS, SHARE_STATE_FLAT_SECTIONS)
}  // namespace coordination

namespace coordination::sharestate {

// Replaces out's contents (its vectors keep their capacity).
void flattenShareState(const ShareStateLog& log, FlatState& out);

}  // namespace coordination::sharestate
