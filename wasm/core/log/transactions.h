// Transactions in the whole-topic fold: Kafka's read_committed rule (KIP-98), as decided from Kafka
// 3.8.0's sources (tag 3.8.0):
// - clients/src/main/java/org/apache/kafka/clients/consumer/internals/CompletedFetch.java
//   (nextFetchedRecord): a read_committed consumer skips every transactional batch of a producer id
//   whose transaction was aborted, until that producer's ABORT marker; control batches are never
//   returned; every other record is returned at its own offset, and the fetch stops at the last
//   stable offset, so the records of a transaction still open are not returned yet.
// - core/src/main/scala/kafka/log/LogCleaner.scala (buildOffsetMapForSegment,
//   CleanedTransactionMetadata): compaction puts no record of an aborted transaction into its
//   key -> last offset map and removes those records whatever their keys; committed records
//   compete by offset like any other record; nothing past the last stable offset is cleaned.
// Hence the rule here, per (partition, producer id): the transactional data batches since that
// producer's previous marker are one transaction (Kafka's aborted-transaction index is built the
// same way: from the producer's first transactional offset to its marker). Its COMMIT marker folds
// them at their own offsets (a newer record of the same key, already folded, keeps winning); its
// ABORT marker drops them; a marker of another type (KRaft's) ends nothing. A transaction without
// a marker by the end of the input is open: not folded, reported (anomaly transaction_open).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "log/record_batch.h"
#include "log/table.h"

namespace coordination {

enum class TransactionState : std::uint8_t {
#define LOG_X(name, description) name,
  LOG_TRANSACTION_STATES(LOG_X)
#undef LOG_X
};
std::string_view transactionStateName(TransactionState state);

inline constexpr std::uint32_t kNoTransaction = 0xFFFFFFFFu;
// Bytes of records awaiting their markers, over all open transactions: memory stays bounded by
// the state even for a log whose transactions never end. Past it records are dropped, reported.
inline constexpr std::size_t kMaxPendingBytes = std::size_t{64} << 20;

// What a history entry or a record index entry says of its transaction.
struct TransactionRef {
  std::int64_t producer_id;
  TransactionState state;
  std::int64_t marker_offset;  // -1 while open
};

// A record of an open transaction, waiting for the marker; its key and value bytes lie at `at` in
// the transaction's buffer.
struct PendingRecord {
  std::int64_t offset;
  std::int64_t timestamp;
  std::int64_t line;
  std::int32_t key_size;    // -1: null
  std::int32_t value_size;  // -1: null
  std::size_t at = 0;
};

struct Transaction {
  std::int32_t partition = 0;
  std::int64_t producer_id = 0;
  std::int64_t first_offset = 0;
  std::int64_t marker_offset = -1;
  TransactionState state = TransactionState::open;
  bool overflowed = false;  // records were dropped at kMaxPendingBytes (reported once)
  std::vector<PendingRecord> pending;
  std::vector<std::uint8_t> bytes;

  std::optional<ByteSpan> key(const PendingRecord& r) const { return span(r.at, r.key_size); }
  std::optional<ByteSpan> value(const PendingRecord& r) const {
    return span(r.at + static_cast<std::size_t>(r.key_size < 0 ? 0 : r.key_size), r.value_size);
  }
  TransactionRef ref() const { return TransactionRef{producer_id, state, marker_offset}; }

 private:
  std::optional<ByteSpan> span(std::size_t at, std::int32_t size) const {
    if (size < 0) return std::nullopt;
    return ByteSpan(bytes).subspan(at, static_cast<std::size_t>(size));
  }
};

// The transactions of a fold. `keep_ended`: ended transactions keep their ids (history and record
// index entries refer to them); otherwise an ended transaction's id is reused, so memory is the
// open transactions only.
class Transactions {
 public:
  explicit Transactions(bool keep_ended) : keep_ended_(keep_ended) {}

  // The open transaction of the producer in the partition; a record at `offset` begins one when
  // there is none.
  std::uint32_t openFor(std::int32_t partition, std::int64_t producer_id, std::int64_t offset);
  // Buffers a record of open transaction `id`; false (nothing kept) past kMaxPendingBytes.
  bool buffer(std::uint32_t id, PendingRecord r, std::optional<ByteSpan> key, std::optional<ByteSpan> value);
  // The producer's open transaction in the partition, ended by its marker at `marker_offset`; nullopt
  // when it has none open.
  std::optional<std::uint32_t> end(std::int32_t partition, std::int64_t producer_id, std::int64_t marker_offset,
                                   TransactionState outcome);
  // Frees an ended transaction's buffer (after its records were folded or dropped).
  void release(std::uint32_t id);

  const Transaction& at(std::uint32_t id) const { return txns_[id]; }
  Transaction& at(std::uint32_t id) { return txns_[id]; }
  // Ids of the open transactions, by partition, first offset.
  std::vector<std::uint32_t> open() const;
  // Bytes buffered now, and at most so far; startAt counts `bytes` of records held elsewhere (a fold
  // seeded from other partitions: log/fold.h FoldSeed), before any record.
  std::size_t buffered() const { return buffered_; }
  std::size_t peak() const { return peak_; }
  void startAt(std::size_t bytes) { buffered_ = peak_ = bytes; }

 private:
  struct Key {
    std::int32_t partition;
    std::int64_t producer_id;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      return std::hash<std::int64_t>()(k.producer_id) * 31u + static_cast<std::uint32_t>(k.partition);
    }
  };
  bool keep_ended_;
  std::vector<Transaction> txns_;
  std::vector<std::uint32_t> free_;
  std::unordered_map<Key, std::uint32_t, KeyHash> open_;
  std::size_t buffered_ = 0;
  std::size_t peak_ = 0;
};

}  // namespace coordination
