// The share-group state fold (sharestate/fold.h), described once: its anomaly kinds, each a rule of
// Apache Kafka 4.1.0's share coordinator (the citations: wasm/core/sharestate/README.md, "The
// fold"). The C++ enum and anomalyKindName derive from this list, and so do the generated JS table
// and TypeScript union (wasm/core/gen/tables_gen.cpp -> wasm/generated/tables.*:
// SHARE_STATE_ANOMALY_KINDS, ShareStateAnomalyKind).
#pragma once

// X(name, description): append at the end.
#define SHARE_STATE_ANOMALY_KINDS(X)                                                                      \
  X(update_without_snapshot,                                                                              \
    "a ShareUpdate for a share-partition with no state (none read, or deleted by a tombstone): the "      \
    "coordinator takes the update alone as the state, with state epoch 0 and no timestamps; it writes "   \
    "updates only for initialized share-partitions (expected where the log's start was deleted)")         \
  X(update_snapshot_epoch_mismatch,                                                                       \
    "a ShareUpdate whose snapshot epoch is not its share-partition's snapshot's: the coordinator writes " \
    "an update with the epoch of the snapshot it applies to, and merges it regardless")                   \
  X(update_tombstone,                                                                                     \
    "a ShareUpdate key with a null value: the coordinator writes tombstones with ShareSnapshot keys "     \
    "only, and its replay of this one fails (a NullPointerException); the fold leaves the state as it "   \
    "is")                                                                                                 \
  X(snapshot_epoch_not_next,                                                                              \
    "a ShareSnapshot for a share-partition with state whose snapshot epoch is not the state's + 1: "      \
    "every snapshot the coordinator writes over a state increments its epoch by one")                     \
  X(state_batches_do_not_combine,                                                                         \
    "an update's state batches and the state's on which the combiner's merge loop does not end (a batch " \
    "whose first offset is above its last): the fold stops it after a bound and keeps the batches as "    \
    "they stand")
