#include "log/transactions.h"

#include <algorithm>
#include <tuple>

namespace coordination {

std::string_view transactionStateName(TransactionState state) {
  static constexpr std::string_view kNames[] = {
#define LOG_X(name, description) #name,
      LOG_TRANSACTION_STATES(LOG_X)
#undef LOG_X
  };
  return kNames[static_cast<std::size_t>(state)];
}

std::uint32_t Transactions::openFor(std::int32_t partition, std::int64_t producer_id, std::int64_t offset) {
  auto [it, inserted] = open_.try_emplace(Key{partition, producer_id}, 0);
  if (!inserted) return it->second;
  std::uint32_t id;
  if (!free_.empty()) {
    id = free_.back();
    free_.pop_back();
  } else {
    id = static_cast<std::uint32_t>(txns_.size());
    txns_.emplace_back();
  }
  Transaction& t = txns_[id];
  t = Transaction{};
  t.partition = partition;
  t.producer_id = producer_id;
  t.first_offset = offset;
  it->second = id;
  return id;
}

bool Transactions::buffer(std::uint32_t id, PendingRecord r, std::optional<ByteSpan> key,
                          std::optional<ByteSpan> value) {
  const std::size_t size = (key ? key->size() : 0) + (value ? value->size() : 0) + sizeof(PendingRecord);
  if (buffered_ + size > kMaxPendingBytes) return false;
  buffered_ += size;
  peak_ = std::max(peak_, buffered_);
  Transaction& t = txns_[id];
  r.at = t.bytes.size();
  r.key_size = key ? static_cast<std::int32_t>(key->size()) : -1;
  r.value_size = value ? static_cast<std::int32_t>(value->size()) : -1;
  if (key) t.bytes.insert(t.bytes.end(), key->begin(), key->end());
  if (value) t.bytes.insert(t.bytes.end(), value->begin(), value->end());
  t.pending.push_back(r);
  return true;
}

std::optional<std::uint32_t> Transactions::end(std::int32_t partition, std::int64_t producer_id,
                                               std::int64_t marker_offset, TransactionState outcome) {
  const auto it = open_.find(Key{partition, producer_id});
  if (it == open_.end()) return std::nullopt;
  const std::uint32_t id = it->second;
  open_.erase(it);
  txns_[id].marker_offset = marker_offset;
  txns_[id].state = outcome;
  return id;
}

void Transactions::release(std::uint32_t id) {
  Transaction& t = txns_[id];
  for (const PendingRecord& r : t.pending)
    buffered_ -= static_cast<std::size_t>(std::max(r.key_size, 0) + std::max(r.value_size, 0)) + sizeof(PendingRecord);
  // Swapped out, not cleared: the capacity goes too.
  std::vector<PendingRecord>().swap(t.pending);
  std::vector<std::uint8_t>().swap(t.bytes);
  if (!keep_ended_) free_.push_back(id);
}

std::vector<std::uint32_t> Transactions::open() const {
  std::vector<std::uint32_t> ids;
  for (const auto& [key, id] : open_) ids.push_back(id);
  std::sort(ids.begin(), ids.end(), [this](std::uint32_t a, std::uint32_t b) {
    return std::tie(txns_[a].partition, txns_[a].first_offset, txns_[a].producer_id) <
           std::tie(txns_[b].partition, txns_[b].first_offset, txns_[b].producer_id);
  });
  return ids;
}

}  // namespace coordination
