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
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "coordination/coordination_codec.h"
#include "log/anomalies.h"
#include "log/interner.h"
#include "log/log_input.h"
#include "log/record_batch.h"
#include "log/record_index.h"
#include "log/table.h"
#include "log/transactions.h"

namespace coordination {

// The fold's own record errors (log/table.h LOG_RECORD_ERROR_CODES).
enum class RecordErrorCode : std::uint8_t {
#define LOG_X(name, description) name,
  LOG_RECORD_ERROR_CODES(LOG_X)
#undef LOG_X
};
std::string_view recordErrorCodeName(RecordErrorCode code);
// Its description in that table (a message that says no more than the code).
std::string_view recordErrorCodeDescription(RecordErrorCode code);

// A lease's producer as another topic knows it: the transaction log's record of the transactional
// id its producer id leads to (transactions/join.h), for `state --transactions`.
struct ProducerTransaction {
  std::string_view transactional_id;
  std::int32_t partition;  // of the transaction log
  std::int64_t offset;     // the transactional id's newest record (a tombstone when it expired)
  std::int64_t producer_id;
  std::int16_t producer_epoch;
  std::int8_t status;  // transactions/table.h TRANSACTION_STATUSES (Dead when it expired)
  std::int64_t last_update;
};
inline constexpr std::uint32_t kNoProducerTransaction = UINT32_MAX;

// What the leases are held against beyond their topic (transactions/join.h: the transaction log).
class LeaseJoin {
 public:
  virtual ~LeaseJoin() = default;
  // For each lease, the index of its producer's record in `transactions`, or
  // kNoProducerTransaction; the anomalies it shows are appended to `anomalies`.
  virtual void join(std::span<const LeaseFacts> leases, std::int64_t now, std::vector<std::uint32_t>& match,
                    std::vector<ProducerTransaction>& transactions, std::vector<Anomaly>& anomalies) const = 0;
};

// A state's leases held against a LeaseJoin, as a result shows them.
struct JoinedLeases {
  std::vector<std::uint32_t> role_transaction;  // by role: its lease's producer transaction
  std::vector<ProducerTransaction> transactions;
};
// The join of a state's leases (`leases`: in the order of its roles; `lease_roles`: the role of
// each), its anomalies added to `anomalies`: one implementation for one fold (StateFolder) and a
// merge of several (log/fold_merge.h FoldMerger).
JoinedLeases joinLeases(const LeaseJoin& join, std::span<const LeaseFacts> leases,
                        std::span<const std::uint32_t> lease_roles, std::size_t roles, std::int64_t now,
                        Capped<Anomaly, kMaxAnomalies>& anomalies);

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
  std::string role = {};       // the key's role when the key decoded and the value did not, else empty
};

// The state's strings are views into the folder (its role and name tables, its keys): valid while
// the folder lives; its tables never move what they hold, so further adds leave them valid.
struct LeaseState {
  std::string_view holder;
  std::int64_t producer_id;
  std::int16_t producer_epoch;
  std::int64_t granted_at;
  std::int64_t deadline;
  std::int64_t offset;                                          // the record that set it
  std::uint32_t producer_transaction = kNoProducerTransaction;  // FoldState::producer_transactions
};

struct MemberState {
  std::string_view member;
  std::int64_t registered_at;
  std::int64_t offset;  // the record that set it
};

struct RoleState {
  std::string_view role;
  std::int32_t partition;
  std::optional<LeaseState> lease;
  bool expired = false;  // lease && now >= deadline
  // Its members, by member name: FoldState::members[members_begin, members_end).
  std::uint32_t members_begin = 0;
  std::uint32_t members_end = 0;
};

// A value as a key's history keeps it: its member a view of the folder's names (or of its key), not
// a string of its own per record (a million records folded with their history, in Node: 214-217 MB
// of RSS after the fold, 225-228 MB with a string each).
using HistoryValue = std::variant<Tombstone, RegistrationView, LeaseView>;

struct HistoryEntry {
  std::int64_t offset;
  std::int64_t timestamp;
  HistoryValue value;                         // Tombstone, RegistrationView or LeaseView
  std::optional<TransactionRef> transaction;  // a transactional record's outcome, set by history()
  std::uint32_t transaction_id = kNoTransaction;
};

struct KeyHistory {
  RecordKind kind;
  std::string_view role;
  std::string_view member;  // empty for a lease key
  std::int32_t partition;
  // The folder's own entries, in arrival (offset) order: valid while the folder lives and until it
  // folds again, as role and member are. Not a copy: a history holds every record's value (the
  // flat result of a million records' history in Node: 511-515 MB of RSS at the peak with a
  // copy, 416-418 MB without).
  std::span<const HistoryEntry> entries;
};

struct FoldState {
  std::vector<RoleState> roles;      // by role name, then partition
  std::vector<MemberState> members;  // every role's members, role after role (one vector, not one per role)
  std::vector<Anomaly> anomalies;    // the first kMaxAnomalies; anomalies_omitted counts the rest
  std::uint64_t anomalies_omitted = 0;
  std::vector<FoldError> errors;  // the first kMaxFoldErrors; errors_omitted counts the rest
  std::uint64_t errors_omitted = 0;
  std::uint64_t records = 0;        // records read (control records excluded), folded or not
  std::vector<KeyHistory> history;  // when kept: by role, kind, member, partition
  bool joined = false;              // result() with a LeaseJoin: the leases' producer transactions
  std::vector<ProducerTransaction> producer_transactions;

  std::span<const MemberState> membersOf(const RoleState& r) const {
    return std::span<const MemberState>(members).subspan(r.members_begin, r.members_end - r.members_begin);
  }
};

struct FlatState;  // log/state_flat.h

// What a fold of some partitions takes over from the partitions read before them, when it stands
// for a part of a longer reading (log/fold_merge.h): the bytes those partitions left awaiting
// markers (the 64 MiB bound is over all of them) and the highest lease epoch of producer ids
// (producer_epoch_backwards compares across partitions).
struct FoldSeed {
  std::uint64_t pending_bytes = 0;
  std::vector<std::pair<std::int64_t, std::int16_t>> epochs;  // (producer id, highest epoch) by producer id

  bool operator==(const FoldSeed&) const = default;
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
  // Before any record: the fold goes on from a reading of other partitions (log/fold_merge.h).
  void seed(const FoldSeed& seed);
  // What a merge of this fold with others needs (log/fold_merge.h: the partial's layout), into
  // `out` (replaced). Every record must have been of `partition`.
  void writePartial(std::int32_t partition, std::vector<std::uint8_t>& out) const;
  // The state now; `now` (epoch ms) decides held or expired. The folder can go on afterwards.
  // join: the leases held against it too (their producer transactions, its anomalies).
  FoldState result(std::int64_t now, const LeaseJoin* join = nullptr) const;
  // The same state as flat arrays for the JS API (log/state_flat.h), written from the folder's
  // slots: no RoleState or MemberState per role in between (in wasm the heap keeps its peak).
  // with_history: the history sections too (a folder that keeps history). Replaces out's contents.
  void flatResult(std::int64_t now, bool with_history, FlatState& out, const LeaseJoin* join = nullptr) const;
  // The keys of `role` in `partition` with their newest `limit` records each (log/record_index.h);
  // empty without keep_index.
  std::vector<KeyRecords> keyRecords(std::string_view role, std::int32_t partition, std::size_t limit) const;

 private:
  // The state of one key ever seen in a partition (the key is keys_' entry of the same id, its
  // tag the partition): its newest value, assigned in place, so a steady stream of updates
  // allocates nothing. Names are ids into names_; 48 bytes (the state's memory is mostly these).
  struct KeySlot {
    std::int64_t offset = INT64_MIN;  // newest record applied (INT64_MIN: none yet)
    std::int64_t at = 0;              // registered_at, or the lease's granted_at
    std::int64_t producer_id = 0;
    std::int64_t deadline = 0;
    std::uint32_t role = 0;         // id in roles_
    std::uint32_t holder = 0;       // the value's member: an id in names_, or kKeyMember
    std::uint16_t member_at = 0;    // the key's member: its bytes [member_at, member_at + member_size)
    std::uint16_t member_size = 0;  // (a key string is at most 32767 bytes, so both fit)
    std::int16_t producer_epoch = 0;
    RecordKind kind = RecordKind::registration;
    bool live = false;
  };
  // A registration's value names its own key's member (the usual case): nothing to look up.
  static constexpr std::uint32_t kKeyMember = UINT32_MAX;

  void addError(FoldError e) { errors_.add(std::move(e)); }
  // An anomaly found while folding (at the record being applied).
  void addAnomaly(Anomaly a) {
    if (anomalies_.add(std::move(a))) anomaly_at_.push_back(applied_);
  }
  // The role's id (first seen: a new one).
  std::uint32_t roleId(std::string_view role);
  // The first record of a key applied in `partition`: a second partition for its role is an anomaly.
  void notePartition(std::uint32_t role, std::int32_t partition, std::int64_t offset);
  // A key and value that decoded. A key seen before is not decoded again: its kind, role and
  // member come from its slot (id; kNone for a key not seen before, hash its Interner hash).
  struct Decoded {
    KeyView key;
    std::optional<RegistrationView> registration;  // neither: a tombstone
    std::optional<LeaseView> lease;
    std::uint32_t id;
    std::uint32_t hash;
  };
  // The record's key and value, or nullopt with the error's code, field and message set.
  std::optional<Decoded> decode(std::int32_t partition, std::optional<ByteSpan> key, std::optional<ByteSpan> value,
                                FoldError& error) const;
  // The key's slot id, a new slot for a key not seen before.
  std::uint32_t slotOf(std::int32_t partition, ByteSpan key, const Decoded& d);
  // One record read (control records excluded), of the record index's last source when indexed.
  void read(std::int32_t partition, std::int64_t offset, std::int64_t timestamp, std::optional<ByteSpan> key,
            std::optional<ByteSpan> value, std::int64_t line, Producer producer);
  // Folds a record into the state. transaction: kNoTransaction, or the committed transaction whose
  // records (kept in history and index when read) are folded now.
  void apply(std::int32_t partition, std::int64_t offset, std::int64_t timestamp, std::optional<ByteSpan> key,
             std::optional<ByteSpan> value, std::int64_t line, std::uint32_t transaction);
  // A record of an open transaction: buffered until the marker (and into history and index now).
  void addPending(std::int32_t partition, std::int64_t producer_id, std::int64_t offset, std::int64_t timestamp,
                  std::optional<ByteSpan> key, std::optional<ByteSpan> value, std::int64_t line);
  // A control record: a COMMIT marker folds the producer's open transaction, ABORT drops it.
  void addMarker(std::int32_t partition, std::int64_t producer_id, std::int64_t offset, std::optional<ByteSpan> key,
                 std::int64_t line);
  // History entry and record index entry of key `id`'s record whose key and value decoded. Inline:
  // a folder that keeps neither makes no call per record (in wasm it was one).
  void track(std::uint32_t id, std::int64_t offset, std::int64_t timestamp, const Decoded& d,
             std::uint32_t transaction) {
    if (keep_history_ || record_index_) trackKept(id, offset, timestamp, d, transaction);
  }
  void trackKept(std::uint32_t id, std::int64_t offset, std::int64_t timestamp, const Decoded& d,
                 std::uint32_t transaction);
  // transaction_open anomalies: one per role with records in an open transaction.
  std::vector<Anomaly> openTransactionAnomalies() const;
  // The live state grouped by role and partition, as slot ids (result()'s and flatResult()'s
  // common part), with every anomaly of the state.
  static constexpr std::uint32_t kNoSlot = UINT32_MAX;
  struct Layout {
    struct Role {
      std::uint32_t first;                       // a slot of the role in its partition (role name and partition)
      std::uint32_t lease;                       // the lease's slot, or kNoSlot
      std::uint32_t members_begin, members_end;  // its registrations' slots in `members`
    };
    std::vector<Role> roles;             // by role name, then partition
    std::vector<std::uint32_t> members;  // registration slots, role after role, by member name
    std::vector<LeaseFacts> leases;      // the leases' facts, in the order of roles
    Capped<Anomaly, kMaxAnomalies> anomalies;
    std::optional<JoinedLeases> joined;  // with a LeaseJoin
  };
  // join: the leases held against it too, at `now`.
  Layout layout(std::int64_t now = 0, const LeaseJoin* join = nullptr) const;
  std::vector<KeyHistory> history() const;  // by role, kind, member, partition; empty when not kept
  std::int32_t partitionOf(std::uint32_t id) const { return static_cast<std::int32_t>(keys_.tag(id)); }
  std::string_view keyMember(std::uint32_t id) const;
  std::string_view holderOf(std::uint32_t id) const;
  // A value's member: kKeyMember when it is its key's own (key_member), else its id in names_.
  std::uint32_t nameOf(std::string_view key_member, std::string_view member);
  // That member's text, of key `id`.
  std::string_view nameText(std::uint32_t id, std::uint32_t name) const;

  bool keep_history_;
  std::uint64_t records_ = 0;
  std::uint64_t applied_ = 0;  // records applied (apply() calls): their order, for a merge
  std::uint64_t pushed_ = 0;   // records pushed by add(): the record index's positions for them
  Transactions txns_;
  std::optional<RecordIndex> record_index_;
  Interner keys_;               // (partition, key bytes) -> the id of its slot
  std::vector<KeySlot> slots_;  // by key id
  // By key id, when kept. Mutable: history() sets the transactional entries' outcomes in place.
  mutable std::vector<std::vector<HistoryEntry>> histories_;
  Interner roles_;  // role names
  static constexpr std::int32_t kNoPartition = INT32_MIN;
  struct RoleInfo {
    std::int32_t partition = kNoPartition;  // the first seen with a record applied
    std::uint32_t more = 0;                 // other partitions seen: more_partitions_[more - 1]; 0 none
    std::uint64_t first_applied = 0;        // the first record applied: its number (applied_) and offset
    std::int64_t first_offset = 0;
  };
  std::vector<RoleInfo> role_info_;  // by role id
  std::vector<std::vector<std::int32_t>> more_partitions_;
  Interner names_;      // the values' member names (lease holders)
  Interner producers_;  // producer ids (their 8 bytes)
  struct ProducerEpochs {
    std::int16_t max = 0;     // the highest epoch seen (or seeded)
    std::int16_t first = 0;   // the epoch of its first lease applied here (when seen)
    std::int16_t seeded = 0;  // the seed's epoch (when has_seed)
    bool seen = false;
    bool has_seed = false;
  };
  std::vector<ProducerEpochs> epochs_;        // by producer
  Capped<Anomaly, kMaxAnomalies> anomalies_;  // found while folding (epochs, partitions)
  std::vector<std::uint64_t> anomaly_at_;     // the kept ones': the number of the record applied
  Capped<FoldError, kMaxFoldErrors> errors_;
  std::uint64_t pending_seed_ = 0;  // FoldSeed::pending_bytes
  bool pending_dropped_ = false;    // a record was dropped at kMaxPendingBytes
};

}  // namespace coordination

namespace coordination {

// Log files into a fold (log/log_input.h LogInput).
class LogFolder {
 public:
  explicit LogFolder(bool keep_history = false, Limits limits = {}, bool keep_index = false)
      : folder_(keep_history, keep_index), input_(folder_, limits) {}
  void pushLog(std::int32_t partition, ByteSpan chunk) { input_.push(partition, chunk); }
  void endLog(std::int32_t partition) { input_.end(partition); }  // a batch cut off at the end is BATCH_TRUNCATED
  StateFolder& folder() { return folder_; }
  std::uint64_t position() const { return input_.position(); }  // bytes read of the current file

 private:
  StateFolder folder_;
  LogInput<StateFolder> input_;
};

}  // namespace coordination
