// Where each record of a fold lies, kept in the fold's own pass when asked for (StateFolder's
// `index`): a role's timeline is then its keys' entries, read back batch by batch from the input,
// instead of a second fold of the whole partition with every value kept (the viewer's topic view:
// 8 s for the first role of a partition of 1,000,000 records before). 16 bytes per record and 24
// per source (a batch, or one pushed record): about 17 MB for 1,000,000 records in batches of 100.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "coordination/coordination_codec.h"
#include "log/transactions.h"

namespace coordination {

inline constexpr std::uint32_t kPushedInput = 0xFFFFFFFFu;  // a record pushed as a record, not in a log
inline constexpr std::uint32_t kNoSource = 0xFFFFFFFFu;

// A batch of a log input (input: the log input's number, 0-based in reading order; position and
// size: the batch's frame in that input), or one pushed record (input kPushedInput; position: its
// number among the pushed records, 0-based). transaction: kNoTransaction or the batch's.
struct RecordSource {
  std::uint64_t position;
  std::uint32_t input;
  std::uint32_t size;
  std::uint32_t transaction;
};

class RecordIndex {
 public:
  std::uint32_t addSource(const RecordSource& s) {
    sources_.push_back(s);
    return static_cast<std::uint32_t>(sources_.size() - 1);
  }
  void add(std::uint32_t slot, std::int64_t offset, std::uint32_t source) {
    entries_.push_back(Entry{offset, slot, source});
  }

  struct Entry {
    std::int64_t offset;
    std::uint32_t slot;
    std::uint32_t source;
  };
  const std::vector<Entry>& entries() const { return entries_; }
  const RecordSource& source(std::uint32_t id) const { return sources_[id]; }

 private:
  std::vector<RecordSource> sources_;
  std::vector<Entry> entries_;  // in reading order
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

// The list as bytes for the JS API, big-endian:
//   i32 keys | per key: i16 kind | i16 member length | member | i32 partition | i64 total | i32 n
//   | per record: i64 offset | i32 input (-1 pushed) | i64 position | i32 size
//   | transaction state (i16 length + name, empty: none) | i64 producer id | i64 marker offset
std::vector<std::uint8_t> keyRecordsBytes(const std::vector<KeyRecords>& keys);

}  // namespace coordination
