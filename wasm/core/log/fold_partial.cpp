// The partial of one fold and the seed it may be folded again from (the design and the layouts:
// log/fold_merge.h; the bytes: log/partial_bytes.h).
#include <algorithm>
#include <string_view>

#include "log/fold_merge.h"
#include "log/partial_bytes.h"

namespace coordination {

using partial_bytes::In;
using partial_bytes::kPartialMagic;
using partial_bytes::Out;

void StateFolder::seed(const FoldSeed& seed) {
  pending_seed_ = seed.pending_bytes;
  txns_.startAt(static_cast<std::size_t>(seed.pending_bytes));
  for (const auto& [id, epoch] : seed.epochs) {
    std::uint8_t id_bytes[8];
    std::memcpy(id_bytes, &id, 8);
    bool added = false;
    const std::uint32_t producer = producers_.intern(0, id_bytes, added);
    if (added) epochs_.emplace_back();
    ProducerEpochs& p = epochs_[producer];
    p.max = p.seeded = epoch;
    p.has_seed = true;
  }
}

void StateFolder::writePartial(std::int32_t partition, std::vector<std::uint8_t>& bytes) const {
  const Layout layout = this->layout();
  bytes.clear();
  Out out(bytes);
  out.head(kPartialMagic, records_, errors_.omitted, std::span(errors_.kept), anomalies_.omitted,
           std::span(anomalies_.kept), &Anomaly::role,
           [&](const Anomaly&, std::size_t i) { out.i64(static_cast<std::int64_t>(anomaly_at_[i])); });
  out.i32(partition);
  out.i64(static_cast<std::int64_t>(pending_seed_));
  out.i64(static_cast<std::int64_t>(txns_.peak() - pending_seed_));
  out.i64(static_cast<std::int64_t>(txns_.buffered() - pending_seed_));
  out.i8(pending_dropped_ ? 1 : 0);
  std::vector<std::uint32_t> applied;  // roles with a record applied, by their first
  for (std::uint32_t id = 0; id < role_info_.size(); ++id)
    if (role_info_[id].partition != kNoPartition) applied.push_back(id);
  std::sort(applied.begin(), applied.end(), [this](std::uint32_t a, std::uint32_t b) {
    return role_info_[a].first_applied < role_info_[b].first_applied;
  });
  out.count(applied.size());
  for (const std::uint32_t id : applied) {
    out.text(roles_.text(id));
    out.i64(static_cast<std::int64_t>(role_info_[id].first_applied));
    out.i64(role_info_[id].first_offset);
  }
  std::size_t seen = 0;
  for (const ProducerEpochs& p : epochs_) seen += p.seen;
  out.count(seen);
  for (std::uint32_t id = 0; id < epochs_.size(); ++id) {
    const ProducerEpochs& p = epochs_[id];
    if (!p.seen) continue;
    std::int64_t producer;
    std::memcpy(&producer, producers_.bytes(id).data(), 8);
    out.i64(producer);
    out.i8(p.has_seed ? 1 : 0);
    out.i16(p.seeded);
    out.i16(p.first);
    out.i16(p.max);
  }
  out.count(layout.roles.size());
  std::size_t lease = 0;
  for (const Layout::Role& r : layout.roles) {
    out.text(roles_.text(slots_[r.first].role));
    out.i32(static_cast<std::int32_t>(r.members_end));
    out.i8(r.lease == kNoSlot ? 0 : 1);
    if (r.lease == kNoSlot) continue;
    const LeaseFacts& l = layout.leases[lease++];
    out.text(l.holder);
    out.i64(l.producer_id);
    out.i16(l.producer_epoch);
    out.i64(l.granted_at);
    out.i64(l.deadline);
    out.i64(l.offset);
    out.i8(l.registered ? 1 : 0);
  }
  out.count(layout.members.size());
  for (const std::uint32_t id : layout.members) {
    out.text(holderOf(id));
    out.i64(slots_[id].at);
  }
  const std::vector<Anomaly> open = openTransactionAnomalies();
  out.count(open.size());
  for (const Anomaly& a : open) {
    out.text(a.role);
    out.i64(a.offset);
    out.text(a.message);
  }
}

std::vector<std::uint8_t> seedBytes(const FoldSeed& seed) {
  std::vector<std::uint8_t> bytes;
  Out out(bytes);
  out.i64(static_cast<std::int64_t>(seed.pending_bytes));
  out.count(seed.epochs.size());
  for (const auto& [id, epoch] : seed.epochs) {
    out.i64(id);
    out.i16(epoch);
  }
  return bytes;
}

std::optional<FoldSeed> parseSeed(ByteSpan bytes) {
  In in(bytes);
  FoldSeed seed;
  const std::int64_t pending = in.i64();
  seed.pending_bytes = static_cast<std::uint64_t>(pending);
  const std::size_t n = in.count(10);
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t id = in.i64();
    seed.epochs.emplace_back(id, in.i16());
  }
  if (!in.ok() || !in.atEnd() || pending < 0) return std::nullopt;
  return seed;
}

}  // namespace coordination
