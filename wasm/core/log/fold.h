// The coordination state as compaction leaves the __coordination_state topic: per partition, in
// offset order, the last record per key wins and a tombstone (null or empty value) clears its key.
// A record older than the key's newest one (an offset at or below it, e.g. segments read out of
// order) does not change the state. Transactional records wait for their producer's marker
// (log/transactions.h: read_committed); control batches carry markers, no coordination records.
//
// Fed record by record (add) or batch by batch (addBatch, one wasm call per chunk of log): the
// memory is the state (one entry per key ever seen, plus the history when asked for), not the input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "coordination/coordination_codec.h"
#include "log/record_batch.h"
#include "log/record_index.h"
#include "log/table.h"
#include "log/transactions.h"

namespace coordination {

// A closed set (log/table.h): names (anomalyKindName) are stable strings shown by the JS API and
// the CLI.
enum class AnomalyKind : std::uint8_t {
#define LOG_X(name, description) name,
  LOG_ANOMALY_KINDS(LOG_X)
#undef LOG_X
};
std::string_view anomalyKindName(AnomalyKind kind);

// The fold's own record errors (log/table.h LOG_RECORD_ERROR_CODES).
enum class RecordErrorCode : std::uint8_t {
#define LOG_X(name, description) name,
  LOG_RECORD_ERROR_CODES(LOG_X)
#undef LOG_X
};
std::string_view recordErrorCodeName(RecordErrorCode code);

struct Anomaly {
  AnomalyKind kind;
  std::string role;
  std::int32_t partition;
  std::int64_t offset;  // the record that shows it
  std::string message;
};

// A record that could not be folded (a key or value that does not decode, a null key), or a batch
// that could not be read (code from batchErrorCodeName, field e.g. "batch.crc").
struct FoldError {
  std::int32_t partition;
  std::int64_t offset;  // -1 when unknown (a JSON line without one: see line)
  std::int64_t line;    // -1 for log input; else the input line (1-based)
  std::string_view code;
  std::string field;
  std::string message;
  std::uint64_t position = 0;  // batch errors: input position
  bool batch = false;          // a batch error (offset is the batch's base offset)
};

struct LeaseState {
  std::string holder;
  std::int64_t producer_id;
  std::int16_t producer_epoch;
  std::int64_t granted_at;
  std::int64_t deadline;
  std::int64_t offset;
  std::int64_t timestamp;
};

struct MemberState {
  std::string member;
  std::int64_t registered_at;
  std::int64_t offset;
  std::int64_t timestamp;
};

struct RoleState {
  std::string role;
  std::int32_t partition;
  std::optional<LeaseState> lease;
  bool expired = false;              // lease && now >= deadline
  std::vector<MemberState> members;  // by member name
};

struct HistoryEntry {
  std::int64_t offset;
  std::int64_t timestamp;
  DecodedValue value;                         // Tombstone, Registration or Lease
  std::optional<TransactionRef> transaction;  // a transactional record's outcome, set by result()
  std::uint32_t transaction_id = kNoTransaction;
};

struct KeyHistory {
  RecordKind kind;
  std::string role;
  std::string member;  // empty for a lease key
  std::int32_t partition;
  std::vector<HistoryEntry> entries;  // in arrival (offset) order
};

struct FoldState {
  std::vector<RoleState> roles;    // by role name, then partition
  std::vector<Anomaly> anomalies;  // the first kMaxAnomalies; anomalies_omitted counts the rest
  std::uint64_t anomalies_omitted = 0;
  std::vector<FoldError> errors;  // the first kMaxFoldErrors; errors_omitted counts the rest
  std::uint64_t errors_omitted = 0;
  std::uint64_t records = 0;        // records read (control records excluded), folded or not
  std::vector<KeyHistory> history;  // when kept: by role, kind, member, partition
};

// Bounds that keep memory proportional to the state even for a log full of bad records.
inline constexpr std::size_t kMaxFoldErrors = 10000;
inline constexpr std::size_t kMaxAnomalies = 10000;

// The batch a pushed record came in, when its source knows it (a consumer's batch context).
struct Producer {
  std::int64_t id = -1;
  bool transactional = false;  // attributes bit 4: the record waits for the producer's marker
  bool control = false;        // attributes bit 5: the record is a marker (key: log/record_batch.h ControlKey)
};

class StateFolder {
 public:
  // keep_history: every record's decoded value per key (result().history); keep_index: where each
  // record lies (keyRecords), for a role's timeline.
  explicit StateFolder(bool keep_history = false, bool keep_index = false)
      : keep_history_(keep_history), txns_(keep_history || keep_index) {
    if (keep_index) record_index_.emplace();
  }

  // One record of `partition`. key/value: nullopt is null. offset: -1 when unknown (the record
  // then applies in arrival order). line: -1 for log input, else the 1-based input line.
  void add(std::int32_t partition, std::int64_t offset, std::int64_t timestamp, std::optional<ByteSpan> key,
           std::optional<ByteSpan> value, std::int64_t line = -1, Producer producer = {});
  // Every record of a parsed batch of log input number `input` (0-based, for the record index).
  void addBatch(std::int32_t partition, const Batch& batch, std::uint32_t input = 0);
  void addBatchError(std::int32_t partition, const BatchError& error);

  std::uint64_t records() const { return records_; }
  // The state now; `now` (epoch ms) decides held or expired. The folder can go on afterwards.
  FoldState result(std::int64_t now) const;
  // The keys of `role` in `partition` with their newest `limit` records each (log/record_index.h);
  // empty without keep_index.
  std::vector<KeyRecords> keyRecords(std::string_view role, std::int32_t partition, std::size_t limit) const;

 private:
  // One key ever seen in a partition; its newest value is assigned in place (the strings keep
  // their capacity, so a steady stream of updates allocates nothing).
  struct KeySlot {
    std::string key;  // the key bytes
    std::uint64_t hash;
    std::int32_t partition;
    RecordKind kind;
    std::uint32_t role;               // index into role_names_
    std::string member;               // of the key; empty for a lease key
    std::int64_t offset = INT64_MIN;  // newest record applied
    std::int64_t timestamp = 0;
    bool live = false;
    bool noted = false;  // a record was applied: its role has this partition (notePartition)
    std::string holder;  // the value's member
    std::int64_t registered_at = 0;
    std::int64_t producer_id = 0;
    std::int16_t producer_epoch = 0;
    std::int64_t granted_at = 0;
    std::int64_t deadline = 0;
    std::vector<HistoryEntry> history;
  };
  void addError(FoldError e);
  void addAnomaly(Anomaly a);
  // The role's id (first seen: a new one).
  std::uint32_t roleId(std::string_view role);
  // A record of the role applied in `partition`: a second partition for a role is an anomaly.
  void notePartition(std::uint32_t role, std::int32_t partition, std::int64_t offset);
  KeySlot& slotFor(std::int32_t partition, ByteSpan key, const KeyView& view);
  // One record read (control records excluded); source: kNoSource, or its record index source.
  void read(std::int32_t partition, std::int64_t offset, std::int64_t timestamp, std::optional<ByteSpan> key,
            std::optional<ByteSpan> value, std::int64_t line, Producer producer, std::uint32_t source);
  // Folds a record into the state. transaction: kNoTransaction, or the committed transaction whose
  // records (kept in history and index when read) are folded now.
  void apply(std::int32_t partition, std::int64_t offset, std::int64_t timestamp, std::optional<ByteSpan> key,
             std::optional<ByteSpan> value, std::int64_t line, std::uint32_t source, std::uint32_t transaction);
  // A record of an open transaction: buffered until the marker (and into history and index now).
  void addPending(std::int32_t partition, std::int64_t producer_id, std::int64_t offset, std::int64_t timestamp,
                  std::optional<ByteSpan> key, std::optional<ByteSpan> value, std::int64_t line, std::uint32_t source);
  // A control record: a COMMIT marker folds the producer's open transaction, ABORT drops it.
  void addMarker(std::int32_t partition, std::int64_t producer_id, std::int64_t offset, std::optional<ByteSpan> key,
                 std::int64_t line);
  // History entry and record index entry of a record whose key and value decoded.
  void track(KeySlot& slot, std::int64_t offset, std::int64_t timestamp, const std::optional<RegistrationView>& reg,
             const std::optional<LeaseView>& lease, std::uint32_t source, std::uint32_t transaction);
  // transaction_open anomalies: one per role with records in an open transaction.
  std::vector<Anomaly> openTransactionAnomalies() const;
  struct Decoded {
    KeyView key;
    std::optional<RegistrationView> registration;  // neither: a tombstone
    std::optional<LeaseView> lease;
  };
  // The record's key and value, or nullopt with the error's code, field and message set.
  static std::optional<Decoded> decode(std::optional<ByteSpan> key, std::optional<ByteSpan> value, FoldError& error);

  bool keep_history_;
  std::uint64_t records_ = 0;
  std::uint64_t pushed_ = 0;  // records pushed by add(): the record index's positions for them
  Transactions txns_;
  std::optional<RecordIndex> record_index_;
  // Keys: slots in first-seen order and an open-addressing index over them (linear probing,
  // slot + 1, 0 empty, a power of two at most half full): one probe and one comparison per record
  // where std::unordered_map<std::string> took a third of the fold's time.
  std::vector<KeySlot> slots_;
  std::vector<std::uint32_t> index_;
  struct RoleInfo {
    std::uint32_t id;
    std::vector<std::int32_t> partitions;  // in first-seen order
  };
  std::unordered_map<std::string, RoleInfo> roles_;
  std::vector<const std::string*> role_names_;                // by id: the keys of roles_ (stable addresses)
  std::unordered_map<std::int64_t, std::int16_t> max_epoch_;  // producer id -> highest epoch seen
  std::vector<Anomaly> anomalies_;                            // found while folding (epochs, partitions)
  std::uint64_t anomalies_omitted_ = 0;
  std::vector<FoldError> errors_;
  std::uint64_t errors_omitted_ = 0;
};

}  // namespace coordination

namespace coordination {

// Log files into a fold: each file (or stream) is pushed in chunks of any size, then ended; the
// next file starts at position 0. Batch errors become fold errors of the file's partition.
class LogFolder {
 public:
  explicit LogFolder(bool keep_history = false, Limits limits = {}, bool keep_index = false)
      : limits_(limits), folder_(keep_history, keep_index), stream_(limits) {}
  void pushLog(std::int32_t partition, ByteSpan chunk);
  void endLog(std::int32_t partition);  // a batch cut off at the end is BATCH_TRUNCATED
  StateFolder& folder() { return folder_; }
  std::uint64_t position() const { return stream_.position(); }  // bytes read of the current file

 private:
  Limits limits_;
  StateFolder folder_;
  LogStream stream_;
  std::uint32_t input_ = 0;  // log inputs ended so far: the number of the one being read
};

// Records already split out of their source (JSON Lines, text lines, a consumer), packed for one
// call per chunk: each record is, big-endian,
//   partition i32 | offset i64 | timestamp i64 | line i64 | producer id i64 | flags i8 (bit 0
//   transactional, bit 1 control: Producer) | key length i32 (-1 null) | key
//   | value length i32 (-1 null) | value
// Returns the byte position of a malformed record (the records before it are folded), or nullopt.
std::optional<std::size_t> addPackedRecords(StateFolder& folder, ByteSpan packed);

// The state as one JSON document: {"roles", "anomalies", "errors", "records"} (see README,
// "Whole-topic mode"), i64 values as decimal strings; "errorsOmitted" when errors were dropped;
// "history" when the fold kept it.
std::string stateToJson(const FoldState& state, bool with_history);

}  // namespace coordination
