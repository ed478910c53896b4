// A share-partition's state batches and Kafka 4.1.0's PersisterStateBatchCombiner, ported: how the
// share-state fold (sharestate/fold.h) merges a ShareUpdate's batches into the state's
// (wasm/core/sharestate/README.md, "The fold").
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace coordination::sharestate {

struct StateBatch {
  std::int64_t first_offset;
  std::int64_t last_offset;
  std::int8_t delivery_state;
  std::int16_t delivery_count;
  friend bool operator==(const StateBatch&, const StateBatch&) = default;
};

// PersisterStateBatchCombiner(so_far, fresh, start_offset).combineStateBatches() of Kafka 4.1.0:
// both lists pruned below start_offset (-1: not pruned), then overlapping batches resolved, the
// higher delivery count (then state) winning, and contiguous batches of the same delivery merged.
// Its merge loop does not end on some batches whose first offset is above their last: after
// `max_steps` steps (default: a bound no well-formed input reaches) it stops, *ended is set false
// and the batches are returned as they stand.
std::vector<StateBatch> combineStateBatches(std::span<const StateBatch> so_far, std::span<const StateBatch> fresh,
                                            std::int64_t start_offset, bool* ended = nullptr,
                                            std::size_t max_steps = 0);

}  // namespace coordination::sharestate
