// The transaction log (__transaction_state) folded as the transaction coordinator loads it
// (apache/kafka 3.8.0 TransactionStateManager.loadTransactionMetadata): per partition, in offset
// order, the newest record of each transactional id wins and a tombstone (a null value) removes
// it. As the coordinator reads its log (FetchIsolation.LOG_END), every data record is read,
// transactional or not; a control batch holds markers, not transaction-log records, and is
// skipped. A record at or below the offset its key already holds changes nothing (segments read
// out of order); a record without an offset (a line) applies in arrival order.
//
// Two steps, so that partitions can be folded apart (issue 23: in parallel) and merged:
//   TransactionFolder: the records of any partitions, in the order given, into a TransactionLogState
//     (part()): the newest record per (partition, transactional id), the producer ids each named,
//     the anomalies seen in offset order (an epoch going back), the errors;
//   mergeTransactionLogs(parts, now): one state, sorted, with the anomalies that need all of it: a
//     producer id in two transactional ids (across partitions too), a transaction past its timeout
//     at `now`; and the index the join (transactions/join.h) looks producer ids up in.
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
#include "transactions/record.h"

namespace coordination::transactions {

enum class TransactionAnomalyKind : std::uint8_t {
#define TXN_X(name, description) name,
  TRANSACTION_LOG_ANOMALY_KINDS(TXN_X)
#undef TXN_X
};
std::string_view anomalyKindName(TransactionAnomalyKind kind);

struct TransactionAnomaly {
  TransactionAnomalyKind kind;
  std::string transactional_id;
  std::int32_t partition;
  std::int64_t offset;  // the record that shows it
  std::string message;
};

// A topic of a transaction's partitions: its ids are TransactionLogState::partition_ids[ids_begin, ids_end).
struct TopicPartitions {
  std::string topic;
  std::uint32_t ids_begin;
  std::uint32_t ids_end;
};

// A transactional id's newest record in a partition.
struct TransactionEntry {
  std::string transactional_id;
  std::int32_t partition;
  std::int64_t offset;  // the newest record: a value, or the tombstone that removed it
  bool removed;         // the newest record is a tombstone: expired (the coordinator's Dead); the rest
                        // is the last value's
  std::int64_t producer_id;
  std::int16_t producer_epoch;
  std::int8_t status;  // transactions/table.h TRANSACTION_STATUSES
  std::int32_t timeout_ms;
  std::int64_t last_update;
  std::int64_t start;
  bool partitions_null;                            // transaction_partitions was null
  std::uint32_t topics_begin = 0, topics_end = 0;  // in TransactionLogState::topics
  // The value's ClientTransactionVersion (Kafka 4.x, tag 2 of version 1; 0 when absent, as in every
  // 3.8.0 record): 2 and above, the epoch moves at every commit and abort (transactions/join.h).
  std::int16_t client_transaction_version = 0;
};

// Kafka's rule for a transaction past its timeout (TransactionStateManager.timedOutTransactions):
// start + timeout < now, here without overflow.
inline bool pastTimeout(const TransactionEntry& e, std::int64_t now) {
  std::int64_t bound = 0;
  if (__builtin_sub_overflow(now, static_cast<std::int64_t>(e.timeout_ms), &bound)) return e.timeout_ms < 0;
  return e.start < bound;
}

// A producer id in a transactional id's records: where it was first seen there.
struct ProducerUse {
  std::int64_t producer_id;
  std::uint32_t entry;       // in TransactionLogState::entries
  std::int64_t offset;       // the first record of that entry naming it
  std::int64_t last_update;  // that record's: orders the uses of a producer id across partitions
};

struct TransactionLogState {
  std::vector<TransactionEntry> entries;  // merged: by transactional id, then partition
  std::vector<TopicPartitions> topics;
  std::vector<std::int32_t> partition_ids;
  std::vector<ProducerUse> uses;              // merged: by producer id, then in the order the log shows them
  std::vector<TransactionAnomaly> anomalies;  // merged: by transactional id, partition, offset
  std::uint64_t anomalies_omitted = 0;
  std::vector<FoldError> errors;  // FoldError::role: the transactional id, when the key decoded
  std::uint64_t errors_omitted = 0;
  std::uint64_t records = 0;

  std::span<const TopicPartitions> topicsOf(const TransactionEntry& e) const {
    return std::span<const TopicPartitions>(topics).subspan(e.topics_begin, e.topics_end - e.topics_begin);
  }
  std::span<const std::int32_t> idsOf(const TopicPartitions& t) const {
    return std::span<const std::int32_t>(partition_ids).subspan(t.ids_begin, t.ids_end - t.ids_begin);
  }
};

class TransactionFolder {
 public:
  // The Folder of log/log_input.h.
  void add(std::int32_t partition, std::int64_t offset, std::int64_t timestamp, std::optional<ByteSpan> key,
           std::optional<ByteSpan> value, std::int64_t line = -1, Producer producer = {});
  void addBatch(std::int32_t partition, const Batch& batch, std::uint32_t input = 0);
  void addBatchError(std::int32_t partition, const BatchError& error);

  std::uint64_t records() const { return records_; }
  // What this folder read, unmerged (entries in first-seen order).
  TransactionLogState part() const;

 private:
  // One transactional id in one partition (its key is keys_' entry of the same id): its newest
  // record, assigned in place; the newest value's bytes are kept for its partitions.
  struct Slot {
    std::int64_t offset = INT64_MIN;  // newest record applied (INT64_MIN: none yet)
    std::int64_t producer_id = 0;
    std::int64_t last_update = 0;
    std::int64_t start = 0;
    std::int32_t timeout_ms = 0;
    std::int16_t producer_epoch = 0;
    std::int16_t client_transaction_version = 0;
    std::int8_t status = 0;
    bool live = false;        // the newest record is a value
    bool had_value = false;   // a value was applied (a tombstone alone names no producer)
    bool repaired = false;    // the transactional id is not UTF-8: its text (U+FFFD) is repaired_'s id_at
    std::uint32_t id_at = 0;  // else its bytes in the key: [id_at, id_at + id_size)
    std::uint32_t id_size = 0;
    std::vector<std::uint8_t> value;  // the newest value's bytes
  };
  static constexpr std::uint32_t kNoUse = UINT32_MAX;
  struct Use {
    ProducerUse use;     // entry: the slot id
    std::uint32_t next;  // the producer's previous use (kNoUse)
  };

  void read(std::int32_t partition, std::int64_t offset, std::optional<ByteSpan> key, std::optional<ByteSpan> value,
            std::int64_t line);
  void addError(FoldError e);
  void addAnomaly(TransactionAnomaly a);
  std::string_view idOf(std::uint32_t slot) const;
  // The slot's producer id, in the producer index: a use of (producer, slot) when new.
  void noteProducer(std::uint32_t slot, std::int64_t offset);

  std::uint64_t records_ = 0;
  Interner keys_;      // (partition, key bytes) -> slot id
  Interner repaired_;  // the texts of transactional ids that are not UTF-8
  std::vector<Slot> slots_;
  Interner producers_;                 // producer ids (8 bytes) -> their newest use
  std::vector<std::uint32_t> newest_;  // by producer: its newest use in uses_
  std::vector<Use> uses_;
  TransactionLogKeyDecoded key_;  // kept: their arenas keep their memory
  TransactionLogValueDecoded value_;
  Capped<TransactionAnomaly, kMaxAnomalies> anomalies_;
  Capped<FoldError, kMaxFoldErrors> errors_;
};

// Several folders' parts as one state (their partitions are distinct, or read again: each part's
// entries are kept as they are), with the anomalies of the whole at `now`.
TransactionLogState mergeTransactionLogs(std::span<const TransactionLogState> parts, std::int64_t now);

// A part as bytes, merged where it was not folded (issue 23: the partitions of `transactions --jobs`
// folded on worker threads). Layout (log/partial_bytes.h):
//   the head of log/partial_bytes.h: magic "CVT1", records, errors, anomalies (subject: the
//     transactional id; no field of their own)
//   | entries: n i32, n x (transactional id, partition i32, offset i64, removed i8, producer id i64,
//     epoch i16, status i8, client transaction version i16, timeout i32, last update i64, start i64, partitions null
//     i8, topics end i32)
//   | topics: n i32, n x (topic, ids end i32) | partition ids: n i32, n x i32
//   | producer uses: n i32, n x (producer id i64, entry i32, offset i64, last update i64)
void writeTransactionPart(const TransactionLogState& part, std::vector<std::uint8_t>& bytes);
// The part in `bytes` into `out`: "" or why they are not one. The errors' codes are views into
// `bytes`, which must outlive `out`.
std::string readTransactionPart(ByteSpan bytes, TransactionLogState& out);

// Log files into a TransactionFolder (log/log_input.h).
using TransactionLogFolder = FolderWithLogInput<TransactionFolder>;

}  // namespace coordination::transactions
