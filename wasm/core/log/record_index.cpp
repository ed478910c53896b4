// The record index's question (log/record_index.h): the records of one role's keys.
#include "log/record_index.h"

#include <algorithm>
#include <tuple>

#include "log/fold.h"
#include "wire/writer.h"

namespace coordination {

std::vector<KeyRecords> StateFolder::keyRecords(std::string_view role, std::int32_t partition,
                                                std::size_t limit) const {
  std::vector<KeyRecords> out;
  if (!record_index_) return out;
  const Interner::Bytes name(reinterpret_cast<const std::uint8_t*>(role.data()), role.size());
  const std::uint32_t r = roles_.find(0, name, Interner::hash(0, name));
  if (r == Interner::kNone) return out;
  // The role's slots in the partition, and where each one's list is in `out`.
  constexpr std::uint32_t kNotOfRole = 0xFFFFFFFFu;
  std::vector<std::uint32_t> at(slots_.size(), kNotOfRole);
  for (std::uint32_t n = 0; n < slots_.size(); ++n) {
    const KeySlot& s = slots_[n];
    if (s.role != r || partitionOf(n) != partition) continue;
    at[n] = static_cast<std::uint32_t>(out.size());
    out.push_back(KeyRecords{s.kind, std::string(keyMember(n)), partition, 0, {}});
  }
  if (out.empty()) return out;
  record_index_->forEach([&](std::uint32_t slot, std::int64_t, const RecordSource&) {
    if (at[slot] != kNotOfRole) ++out[at[slot]].total;
  });
  // The newest `limit` of each key: skip the older ones while walking in reading order.
  std::vector<std::uint64_t> skip(out.size());
  for (std::size_t k = 0; k < out.size(); ++k) skip[k] = out[k].total > limit ? out[k].total - limit : 0;
  record_index_->forEach([&](std::uint32_t slot, std::int64_t offset, const RecordSource& src) {
    if (at[slot] == kNotOfRole) return;
    const std::uint32_t k = at[slot];
    if (skip[k] > 0) {
      --skip[k];
      return;
    }
    std::optional<TransactionRef> txn;
    if (src.transaction != kNoTransaction) txn = txns_.at(src.transaction).ref();
    out[k].records.push_back(IndexedRecord{offset, src, txn});
  });
  std::sort(out.begin(), out.end(), [](const KeyRecords& a, const KeyRecords& b) {
    return std::tie(a.kind, a.member) < std::tie(b.kind, b.member);
  });
  return out;
}

namespace {
// The key-record stream's field types (KEY_RECORDS_KEY, KEY_RECORDS_RECORD), written.
using i16 = std::int16_t;
using i32 = std::int32_t;
using i64 = std::int64_t;
using string = std::string_view;
void put(detail::Writer& w, i16 v) { w.writeI16(v); }
void put(detail::Writer& w, i32 v) { w.writeI32(v); }
void put(detail::Writer& w, i64 v) { w.writeI64(v); }
void put(detail::Writer& w, string v) { w.writeString(v); }
#define KEY_RECORDS_FIELD(name, type) type name;
#define KEY_RECORDS_PUT(name, type) put(w, x.name);
struct KeyFields {
  KEY_RECORDS_KEY(KEY_RECORDS_FIELD)
  void write(detail::Writer& w) const {
    const KeyFields& x = *this;
    KEY_RECORDS_KEY(KEY_RECORDS_PUT)
  }
};
struct RecordFields {
  KEY_RECORDS_RECORD(KEY_RECORDS_FIELD)
  void write(detail::Writer& w) const {
    const RecordFields& x = *this;
    KEY_RECORDS_RECORD(KEY_RECORDS_PUT)
  }
};
#undef KEY_RECORDS_FIELD
#undef KEY_RECORDS_PUT
}  // namespace

std::vector<std::uint8_t> keyRecordsBytes(const std::vector<KeyRecords>& keys) {
  std::size_t size = 4;
  for (const KeyRecords& k : keys)
    size += sizeof(KeyFields) + k.member.size() + 4 + k.records.size() * sizeof(RecordFields);
  detail::Writer w(size);
  w.writeI32(static_cast<std::int32_t>(keys.size()));
  for (const KeyRecords& k : keys) {
    KeyFields key{};
    key.kind = static_cast<i16>(k.kind);
    key.member = k.member;
    key.partition = k.partition;
    key.total = static_cast<i64>(k.total);
    key.write(w);
    w.writeI32(static_cast<std::int32_t>(k.records.size()));
    for (const IndexedRecord& r : k.records) {
      RecordFields x{};
      x.offset = r.offset;
      x.input = r.source.input == kPushedInput ? -1 : static_cast<i32>(r.source.input);
      x.position = static_cast<i64>(r.source.position);
      x.size = static_cast<i32>(r.source.size);
      x.state = r.transaction ? transactionStateName(r.transaction->state) : string();
      x.producerId = r.transaction ? r.transaction->producer_id : -1;
      x.markerOffset = r.transaction ? r.transaction->marker_offset : -1;
      x.write(w);
    }
  }
  return w.finish();
}

}  // namespace coordination
