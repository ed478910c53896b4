// __consumer_offsets folded as apache/kafka 3.8.0's group coordinator loads it
// (GroupMetadataManager / GroupCoordinatorShard replaying the partition): per partition, in offset
// order, the newest record of each key wins and a tombstone (a null value) removes it. A record at
// or below the offset its key already holds changes nothing (segments read out of order); a record
// without an offset (a line) applies in arrival order. A control batch holds markers, not group
// records, and is skipped; a transactional offset commit applies as it is read (the marker that
// would abort it is not followed: wasm/core/groups/README.md, "The fold").
//
// Two steps, so that partitions can be folded apart (--jobs) and merged, as the transaction log's:
//   GroupFolder: the records of any partitions, in the order given, into a GroupLogPart: the
//     newest live record per (partition, key) as bytes, the anomalies seen in offset order (a
//     generation going back), the errors (a record refused; a member's nested level refused,
//     the record applied with the levels above it);
//   mergeGroupLogs(parts): each group's records and committed offsets, sorted, with the anomalies
//     that need a group's whole state: a partition or a Streams task assigned to two members, an
//     assignment of a topic the member did not subscribe to, Streams members at different
//     subscription versions, offsets committed for a group with no metadata; in a KIP-1071 Streams
//     group, an active task owned by two members, a task twice in one process, an epoch past the
//     one it follows (the rules of Kafka 4.1.0's StreamsGroup: groups/README.md, "The fold").
// The merged state crosses to JS flat (wasm/core/groups/flat.h): a classic group's metadata as
// the merge decoded it (GroupMetadataSink), a KIP-848 group's records as bytes that
// decodeGroupRecord decodes there.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "groups/records.h"
#include "groups/table.h"
#include "log/fold.h"
#include "log/interner.h"
#include "log/log_input.h"
#include "log/record_batch.h"

namespace coordination::groups {

// The anomaly kinds: groups/table.h.
enum class GroupAnomalyKind : std::uint8_t {
#define GROUPS_X(name, description) name,
  GROUP_ANOMALY_KINDS(GROUPS_X)
#undef GROUPS_X
};
inline constexpr int kGroupAnomalyKindCount = 0
#define GROUPS_X(name, description) +1
    GROUP_ANOMALY_KINDS(GROUPS_X)
#undef GROUPS_X
    ;
std::string_view anomalyKindName(GroupAnomalyKind kind);

struct GroupAnomaly {
  GroupAnomalyKind kind;
  std::string group;
  std::int32_t generation;  // the group's generation or epoch at the record; -1 none
  std::int32_t partition;
  std::int64_t offset;  // the record that shows it
  std::string message;
};

// A key's newest record, live (a tombstone removes its key): its bytes as written.
struct KeptRecord {
  std::int32_t partition;
  std::int64_t offset;
  std::vector<std::uint8_t> key;
  std::vector<std::uint8_t> value;
};

// What a GroupFolder read, unmerged: kept in first-seen order of the keys.
struct GroupLogPart {
  std::vector<KeptRecord> kept;
  std::vector<GroupAnomaly> anomalies;
  std::uint64_t anomalies_omitted = 0;
  std::vector<FoldError> errors;  // FoldError::role: the group id, when the key decoded
  std::uint64_t errors_omitted = 0;
  std::uint64_t records = 0;
  std::vector<std::uint8_t> storage;  // a parsed part's bytes: its errors' codes view them
};

// The bytes of a part, for a worker thread to hand back (big-endian; text: i32 length, UTF-8):
//   the head of log/partial_bytes.h: magic "CVG1", records, errors, anomalies (subject: the
//     group; their own field: generation i32)
//   | kept: n i32, n x (partition i32, offset i64, key: i32 length + bytes, value: i32 length + bytes)
std::vector<std::uint8_t> groupPartialBytes(const GroupLogPart& part);
// nullopt: not a part's bytes.
std::optional<GroupLogPart> parseGroupPartial(std::span<const std::uint8_t> bytes);

// A committed offset: the newest OffsetCommitValue of a (group, topic, partition).
struct CommittedOffset {
  std::string topic;
  std::int32_t partition;
  std::int64_t offset;
  std::int32_t leader_epoch;  // -1 before value version 3
  std::string metadata;
  std::int64_t commit_timestamp;
  std::int32_t record_partition;  // the record's, in __consumer_offsets
  std::int64_t record_offset;
};

// A group: its records other than offset commits (the classic group's metadata, the KIP-848
// records) are GroupLogState::records[records_begin, records_end), by key version then partition
// and offset; its offsets GroupLogState::offsets[offsets_begin, offsets_end), by topic, partition.
struct GroupEntry {
  std::string group;
  std::int32_t partition;  // its records' partition (the group metadata record's when it has one)
  std::uint32_t records_begin, records_end;
  std::uint32_t offsets_begin, offsets_end;
};

struct GroupLogState {
  std::vector<GroupEntry> groups;  // by group id (bytes)
  std::vector<KeptRecord> records;
  std::vector<CommittedOffset> offsets;
  std::vector<GroupAnomaly> anomalies;  // by group, partition, offset; one record's in the order found
  std::uint64_t anomalies_omitted = 0;
  std::vector<FoldError> errors;  // in reading order
  std::uint64_t errors_omitted = 0;
  std::uint64_t records_read = 0;
};

class GroupFolder {
 public:
  // The Folder of log/log_input.h.
  void add(std::int32_t partition, std::int64_t offset, std::int64_t timestamp, std::optional<ByteSpan> key,
           std::optional<ByteSpan> value, std::int64_t line = -1, Producer producer = {});
  void addBatch(std::int32_t partition, const Batch& batch, std::uint32_t input = 0);
  void addBatchError(std::int32_t partition, const BatchError& error);

  std::uint64_t records() const { return records_; }
  GroupLogPart part() const;

 private:
  struct Slot {
    std::int64_t offset = INT64_MIN;  // newest record applied (INT64_MIN: none yet)
    bool live = false;                // the newest record is a value
    RecordType type{};                // its key's
    std::int32_t generation = -1;     // a group's generation, a KIP-848 group's epoch; -1 other keys
    // Where the key's bytes hold its group id (kInPool: repaired, in the decoder's pool: the key
    // is decoded each time).
    std::uint32_t group_at = 0;
    std::uint32_t group_size = 0;
    std::vector<std::uint8_t> value;  // the newest value's bytes
  };
  static constexpr std::uint32_t kInPool = UINT32_MAX;

  void read(std::int32_t partition, std::int64_t offset, std::optional<ByteSpan> key, std::optional<ByteSpan> value,
            std::int64_t line);
  // The bytes a key is kept by: its own, with its type's first key version. The coordinator keeps
  // its state by a key's fields (GroupCoordinatorShard.replay, 3.8.0), so an offset commit's keys
  // of versions 0 and 1 for one (group, topic, partition) are one key, though compaction keeps both.
  ByteSpan keptKey(ByteSpan key);
  // The nested levels of the group value just decoded that failed: errors of the record.
  void nestedErrors(std::int32_t partition, std::int64_t offset, std::int64_t line, std::string_view group);

  std::uint64_t records_ = 0;
  Interner keys_;                       // (partition, kept key bytes) -> slot id
  std::vector<std::uint8_t> kept_key_;  // keptKey's, when it is not the key itself
  std::vector<Slot> slots_;
  RecordReader reader_;
  Capped<GroupAnomaly, kMaxAnomalies> anomalies_;
  Capped<FoldError, kMaxFoldErrors> errors_;
};

// The group id a decoded key names (the reader's last decode).
std::string_view groupOf(const RecordReader& reader);

// Given each group's first classic group metadata record as the merge decodes it (its nested
// levels read), with the index the group will have in GroupLogState::groups.
class GroupMetadataSink {
 public:
  virtual ~GroupMetadataSink() = default;
  virtual void add(std::uint32_t group, const KeptRecord& record, const RecordReader& reader) = 0;
};

// Parts (of distinct partitions, in reading order) as one state.
GroupLogState mergeGroupLogs(std::span<const GroupLogPart> parts, GroupMetadataSink* metadata = nullptr);

// Log files into a GroupFolder (log/log_input.h).
using GroupLogFolder = FolderWithLogInput<GroupFolder>;

}  // namespace coordination::groups
