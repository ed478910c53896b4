// The share-group state topic (__share_group_state) folded as Apache Kafka 4.1.0's share
// coordinator replays it (confluentinc/kafka tag v8.1.0, share-coordinator's
// ShareCoordinatorShard.replay): per share-partition (group id, topic id, partition) in each
// partition of the topic, in the order the records are given, a ShareSnapshot value replaces the
// state, a ShareUpdate value is merged into it (its start offset and leader epoch unless -1, its
// state batches combined with the state's by PersisterStateBatchCombiner, combineStateBatches in
// sharestate/state_batches.h), and a ShareSnapshot tombstone deletes it. The rules, with Kafka's
// file:line: wasm/core/sharestate/README.md, "The fold".
//
// A control batch holds markers, not share-state records: skipped. A record at or below the offset
// of its share-partition's last record changes nothing (segments read twice, or out of order); a
// record without an offset (a line) applies in arrival order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "log/fold.h"
#include "log/interner.h"
#include "log/log_input.h"
#include "log/record_batch.h"
#include "sharestate/record.h"
#include "sharestate/state_batches.h"
#include "sharestate/table.h"

namespace coordination::sharestate {

enum class ShareStateAnomalyKind : std::uint8_t {
#define SHS_X(name, description) name,
  SHARE_STATE_ANOMALY_KINDS(SHS_X)
#undef SHS_X
};
std::string_view anomalyKindName(ShareStateAnomalyKind kind);

// Kafka's PersisterStateBatch: a run of offsets in one delivery state.
struct ShareStateAnomaly {
  ShareStateAnomalyKind kind;
  std::string group_id;
  std::string topic_id;  // as Kafka prints a Uuid
  std::int32_t share_partition;
  std::int32_t partition;  // of __share_group_state
  std::int64_t offset;     // the record that shows it
  std::string message;
};

// A share-partition's state: Kafka's ShareGroupOffset for the key, and what the log shows of it.
struct SharePartitionState {
  std::string group_id;
  std::string topic_id;
  std::int32_t share_partition;
  std::int32_t partition;        // of __share_group_state
  std::int64_t offset;           // its last record read (a refused one aside)
  std::int64_t snapshot_offset;  // the last ShareSnapshot's (-1: none, the state began with an update)
  std::int32_t snapshot_epoch;
  std::int32_t state_epoch;
  std::int32_t leader_epoch;
  std::int64_t start_offset;
  std::int64_t create_timestamp;
  std::int64_t write_timestamp;
  std::uint32_t updates;                     // ShareUpdate records applied since the last snapshot
  std::uint32_t batches_begin, batches_end;  // in ShareStateLog::batches
};

struct ShareStateLog {
  std::vector<SharePartitionState> partitions;  // by group id, topic id, share partition, partition
  std::vector<StateBatch> batches;
  std::vector<ShareStateAnomaly> anomalies;  // in the order found
  std::uint64_t anomalies_omitted = 0;
  std::vector<FoldError> errors;  // FoldError::role: "group:topic id:partition", when the key decoded
  std::uint64_t errors_omitted = 0;
  std::uint64_t records = 0;

  std::span<const StateBatch> batchesOf(const SharePartitionState& p) const {
    return std::span<const StateBatch>(batches).subspan(p.batches_begin, p.batches_end - p.batches_begin);
  }
};

class ShareStateFolder {
 public:
  // The Folder of log/log_input.h.
  void add(std::int32_t partition, std::int64_t offset, std::int64_t timestamp, std::optional<ByteSpan> key,
           std::optional<ByteSpan> value, std::int64_t line = -1, Producer producer = {});
  void addBatch(std::int32_t partition, const Batch& batch, std::uint32_t input = 0);
  void addBatchError(std::int32_t partition, const BatchError& error);

  std::uint64_t records() const { return records_; }
  // The live share-partitions, sorted.
  ShareStateLog state() const;

 private:
  struct Slot {
    std::string group_id;
    std::string topic_id;
    std::int32_t share_partition = 0;
    std::int64_t offset = INT64_MIN;  // its last record read, refused ones aside (INT64_MIN: none)
    bool live = false;                // Kafka's shareStateMap holds the key
    std::int64_t snapshot_offset = -1;
    std::int32_t snapshot_epoch = 0;
    std::int32_t state_epoch = 0;
    std::int32_t leader_epoch = 0;
    std::int64_t start_offset = 0;
    std::int64_t create_timestamp = 0;
    std::int64_t write_timestamp = 0;
    std::uint32_t updates = 0;
    std::vector<StateBatch> batches;
  };

  void read(std::int32_t partition, std::int64_t offset, std::optional<ByteSpan> key, std::optional<ByteSpan> value,
            std::int64_t line);
  void snapshot(Slot& s, std::int32_t partition, std::int64_t offset);
  void update(Slot& s, std::int32_t partition, std::int64_t offset);
  void addError(FoldError e);
  void addAnomaly(const Slot& s, ShareStateAnomalyKind kind, std::int32_t partition, std::int64_t offset,
                  std::string message);

  std::uint64_t records_ = 0;
  Interner keys_;  // (partition, topic id, share partition, group id) -> slot id
  std::vector<Slot> slots_;
  RecordReader reader_;
  std::vector<StateBatch> fresh_;       // an update's batches
  std::vector<std::uint8_t> id_bytes_;  // a slot's key
  Capped<ShareStateAnomaly, kMaxAnomalies> anomalies_;
  Capped<FoldError, kMaxFoldErrors> errors_;
};

// Several folders' states as one, in the order of their partitions in the reading (`share-state
// --jobs`: the partitions of __share_group_state folded apart; a share-partition's records are all
// in one partition): the records, errors and anomalies in that order, capped as one reader caps
// them, the share-partitions sorted again: what one folder reading them all gives.
ShareStateLog mergeShareStates(std::span<const ShareStateLog> parts);

// A state as bytes, merged where it was not folded. Layout (log/partial_bytes.h):
//   the head of log/partial_bytes.h: magic "CVS1", records, errors, anomalies (subject: the group
//     id; own: the topic id, the share partition i32)
//   | partitions: n i32, n x (group id, topic id, share partition i32, partition i32, offset i64,
//     snapshot offset i64, snapshot epoch i32, state epoch i32, leader epoch i32, start offset i64,
//     create timestamp i64, write timestamp i64, updates i32, batches end i32)
//   | batches: n i32, n x (first offset i64, last offset i64, delivery state i8, delivery count i16)
void writeShareStatePart(const ShareStateLog& part, std::vector<std::uint8_t>& bytes);
// The part in `bytes` into `out`: "" or why they are not one. The errors' codes are views into
// `bytes`, which must outlive `out`.
std::string readShareStatePart(ByteSpan bytes, ShareStateLog& out);

// Log files into a ShareStateFolder (log/log_input.h).
using ShareStateLogFolder = FolderWithLogInput<ShareStateFolder>;

}  // namespace coordination::sharestate
