// Where each record of a fold lies, kept in the fold's own pass when asked for (StateFolder's
// `index`): a role's timeline is then its keys' entries, read back batch by batch from the input,
// instead of a second fold of the whole partition with every value kept (the viewer's topic view:
// 8 s for the first role of a partition of 1,000,000 records before). 8 bytes per record (its key
// slot, its offset as a delta from its source's) in fixed blocks, so growing never copies nor holds
// twice the entries (the wasm heap keeps its peak), and 32 per source (a batch, or one pushed
// record): about 8 MB for 1,000,000 records in batches of 100, where it was 16 bytes a record in one
// vector (about 17 MB, which took the browser's topic view past 3x its input).
//
// Bounded (issue 23: a log directory of any size in the browser): the newest kMaxEntries records
// of the fold (64 MiB of entries), the oldest block of entries (and the sources only it used)
// dropped as a new one is needed. A timeline lists a key's newest records (1,000 in the viewer), so
// the records dropped are the ones it would show last, if at all; spilling them (to disk: OPFS)
// would keep every record for a second page of a timeline nobody reads, at the price of writes as
// large as the index in the fold's one pass. A key whose records are all older than the window
// lists none (its total counts the records indexed).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "coordination/coordination_codec.h"
#include "log/transactions.h"

namespace coordination {

inline constexpr std::uint32_t kPushedInput = 0xFFFFFFFFu;  // a record pushed as a record, not in a log

// A batch of a log input (input: the log input's number, 0-based in reading order; position and
// size: the batch's frame in that input), or one pushed record (input kPushedInput; position: its
// number among the pushed records, 0-based). base_offset: the batch's (a pushed record's own offset).
// transaction: kNoTransaction or the batch's. first: the number of its first entry.
struct RecordSource {
  std::uint64_t position;
  std::int64_t base_offset;
  std::uint32_t input;
  std::uint32_t size;
  std::uint32_t transaction;
  std::uint64_t first = 0;
};

// Entries are added in reading order, each one for a record of the source added last.
class RecordIndex {
 public:
  static constexpr std::size_t kBlock = std::size_t{1} << 16;  // entries per block (512 KiB)
  static constexpr std::size_t kMaxEntries = std::size_t{1} << 23;

  void addSource(RecordSource s) {
    s.first = count_;
    sources_.push_back(s);
  }
  // A record of key slot `slot` at `offset`, of the source added last (a batch's records' offsets
  // are its base offset plus an i32 delta, so the delta fits; a pushed record's is 0).
  void add(std::uint32_t slot, std::int64_t offset) {
    if (count_ % kBlock == 0) {
      if (blocks_.size() * kBlock == kMaxEntries) dropOldestBlock();
      blocks_.push_back(std::make_unique<Entry[]>(kBlock));
    }
    const auto delta = static_cast<std::uint64_t>(offset) - static_cast<std::uint64_t>(sources_.back().base_offset);
    blocks_.back()[count_ % kBlock] = Entry{slot, static_cast<std::int32_t>(static_cast<std::uint32_t>(delta))};
    ++count_;
  }

  // The records read before the newest kMaxEntries: no longer indexed.
  std::uint64_t dropped() const { return dropped_; }

  // f(slot, offset, source) for every entry kept, in reading order.
  template <class F>
  void forEach(F&& f) const {
    std::size_t s = 0;
    for (std::uint64_t i = dropped_; i < count_; ++i) {
      while (s + 1 < sources_.size() && sources_[s + 1].first <= i) ++s;
      const Entry& e = blocks_[static_cast<std::size_t>((i - dropped_) / kBlock)][i % kBlock];
      const RecordSource& src = sources_[s];
      const std::uint64_t offset =
          static_cast<std::uint64_t>(src.base_offset) + static_cast<std::uint64_t>(static_cast<std::int64_t>(e.delta));
      f(e.slot, static_cast<std::int64_t>(offset), src);
    }
  }

 private:
  struct Entry {
    std::uint32_t slot;
    std::int32_t delta;
  };
  void dropOldestBlock() {
    blocks_.pop_front();
    dropped_ += kBlock;
    // A source is kept while an entry kept is its.
    while (sources_.size() > 1 && sources_[1].first <= dropped_) sources_.pop_front();
  }
  std::deque<RecordSource> sources_;
  std::deque<std::unique_ptr<Entry[]>> blocks_;
  std::uint64_t count_ = 0;
  std::uint64_t dropped_ = 0;
};

// One record of a key, as the index has it.
struct IndexedRecord {
  std::int64_t offset;
  RecordSource source;
  std::optional<TransactionRef> transaction;
};

// The records of one key of a role (StateFolder::keyRecords): the newest `limit`, in reading order.
struct KeyRecords {
  RecordKind kind;
  std::string member;  // empty for the lease key
  std::int32_t partition;
  std::uint64_t total;  // records of the key in the index (the list may hold fewer)
  std::vector<IndexedRecord> records;
};

// The list as bytes for the JS API, big-endian, described once (tables_gen emits it as
// KEY_RECORDS; wasm/api/log-api.js keyRecordsOf reads by it): an i32 count of keys, each key's
// fields, its records' count (i32) and each record's fields, in the order of these X(name, type)
// (type: i16, i32, i64, string: an i16 length and UTF-8). kind 0 registration, 1 lease; member ""
// for the lease key; input -1 for pushed records; state "" without a transaction (then producerId
// and markerOffset -1), else log/table.h LOG_TRANSACTION_STATES.
#define KEY_RECORDS_KEY(X) X(kind, i16) X(member, string) X(partition, i32) X(total, i64)
#define KEY_RECORDS_RECORD(X) \
  X(offset, i64) X(input, i32) X(position, i64) X(size, i32) X(state, string) X(producerId, i64) X(markerOffset, i64)
std::vector<std::uint8_t> keyRecordsBytes(const std::vector<KeyRecords>& keys);

}  // namespace coordination
