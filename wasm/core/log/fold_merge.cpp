// The merge of partials of partitions folded apart (the design and the partial's layout:
// log/fold_merge.h; the partial itself: log/fold_partial.cpp).
#include "log/fold_merge.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

#include "log/partial_bytes.h"
#include "wire/words.h"

namespace coordination {

using partial_bytes::In;
using partial_bytes::kPartialMagic;

// ---- the merge -----------------------------------------------------------------------------------

struct FoldMerger::Partial {
  std::vector<std::uint8_t> bytes;  // the texts below are views into it
  std::int32_t partition = 0;
  std::uint64_t records = 0;
  std::uint64_t seed_pending = 0, pending_peak = 0, pending_left = 0;
  bool dropped = false;
  Capped<FoldError, kMaxFoldErrors> errors;
  Capped<Anomaly, kMaxAnomalies> anomalies;
  std::vector<std::uint64_t> anomaly_at;
  struct RoleFirst {
    std::string_view role;
    std::uint64_t applied;
    std::int64_t offset;
  };
  std::vector<RoleFirst> role_firsts;
  struct Producer {
    std::int64_t id;
    bool has_seed;
    std::int16_t seeded, first, max;
  };
  std::vector<Producer> producers;
  struct Role {
    std::string_view role;
    std::uint32_t members_begin, members_end;
    bool has_lease;
    LeaseFacts lease;
  };
  std::vector<Role> roles;
  std::vector<FlatMember> members;
  std::vector<Anomaly> open_transactions;
};

FoldMerger::FoldMerger() = default;
FoldMerger::~FoldMerger() = default;

std::string FoldMerger::add(std::uint32_t order, ByteSpan bytes) {
  auto p = std::make_unique<Partial>();
  p->bytes.assign(bytes.begin(), bytes.end());
  In in(p->bytes);
  if (const std::string why = in.head(
          kPartialMagic, p->records, p->errors.omitted, p->errors.kept, p->anomalies.omitted, p->anomalies.kept,
          &Anomaly::role,
          [](std::int32_t kind) { return kind == static_cast<std::int32_t>(AnomalyKind::producer_epoch_backwards); }, 8,
          [&](const Anomaly&) { p->anomaly_at.push_back(static_cast<std::uint64_t>(in.i64())); });
      !why.empty())
    return "not a partial of a fold (" + why + ")";
  p->partition = in.i32();
  p->seed_pending = static_cast<std::uint64_t>(in.i64());
  p->pending_peak = static_cast<std::uint64_t>(in.i64());
  p->pending_left = static_cast<std::uint64_t>(in.i64());
  p->dropped = in.i8() != 0;
  for (std::size_t i = 0, n = in.count(20); i < n; ++i) {
    const std::string_view role = in.text();
    const auto applied = static_cast<std::uint64_t>(in.i64());
    p->role_firsts.push_back(Partial::RoleFirst{role, applied, in.i64()});
  }
  for (std::size_t i = 0, n = in.count(15); i < n; ++i) {
    Partial::Producer x{};
    x.id = in.i64();
    x.has_seed = in.i8() != 0;
    x.seeded = in.i16();
    x.first = in.i16();
    x.max = in.i16();
    p->producers.push_back(x);
  }
  std::uint32_t members_end = 0;
  for (std::size_t i = 0, n = in.count(9); i < n; ++i) {
    Partial::Role r{};
    r.role = in.text();
    r.members_begin = members_end;
    r.members_end = members_end = static_cast<std::uint32_t>(in.i32());
    if (r.members_end < r.members_begin) return "a partial's members";
    r.has_lease = in.i8() != 0;
    if (r.has_lease) {
      LeaseFacts& l = r.lease;
      l.role = r.role;
      l.partition = p->partition;
      l.holder = in.text();
      l.producer_id = in.i64();
      l.producer_epoch = in.i16();
      l.granted_at = in.i64();
      l.deadline = in.i64();
      l.offset = in.i64();
      l.registered = in.i8() != 0;
    }
    p->roles.push_back(r);
  }
  for (std::size_t i = 0, n = in.count(12); i < n; ++i) {
    const std::string_view member = in.text();
    p->members.push_back(FlatMember{member, in.i64()});
  }
  if (members_end != p->members.size()) return "a partial's members";
  for (std::size_t i = 0, n = in.count(16); i < n; ++i) {
    Anomaly a{};
    a.kind = AnomalyKind::transaction_open;
    a.role = std::string(in.text());
    a.partition = p->partition;
    a.offset = in.i64();
    a.message = std::string(in.text());
    p->open_transactions.push_back(std::move(a));
  }
  if (!in.ok() || !in.atEnd()) return "a partial cut short or with bytes after it";
  for (const auto& [o, other] : partials_)
    if (o != order && other->partition == p->partition) return "a second partial of one partition";
  partials_[order] = std::move(p);
  return {};
}

std::optional<std::pair<std::uint32_t, FoldSeed>> FoldMerger::refold() const {
  std::unordered_map<std::int64_t, std::int16_t> epochs;  // the highest of each producer id so far
  std::uint64_t pending = 0;                              // bytes left awaiting markers so far
  for (const auto& [order, p] : partials_) {
    FoldSeed want{pending, {}};
    // Its fold is the one it would have had from here: the same bytes before it, or a peak that
    // stays below the bound from these; and per producer id the same epoch on arrival, or one
    // that does not reach its first lease here either way (no anomaly, no other message).
    bool same = p->seed_pending == pending || (!p->dropped && p->pending_peak + pending <= kMaxPendingBytes);
    for (const Partial::Producer& x : p->producers) {
      const auto t = epochs.find(x.id);
      if (t != epochs.end()) want.epochs.emplace_back(x.id, t->second);
      const bool equal = x.has_seed ? t != epochs.end() && t->second == x.seeded : t == epochs.end();
      const bool below = (!x.has_seed || x.seeded <= x.first) && (t == epochs.end() || t->second <= x.first);
      same = same && (equal || below);
    }
    if (!same) {
      std::sort(want.epochs.begin(), want.epochs.end());
      return std::make_pair(order, std::move(want));
    }
    for (const Partial::Producer& x : p->producers) {
      const auto [t, added] = epochs.try_emplace(x.id, x.max);
      if (!added) t->second = std::max(t->second, x.max);
    }
    pending += p->pending_left;
  }
  return std::nullopt;
}

namespace {

// The merged roles: every partial's, by name then partition.
class MergedRoles final : public FlatRoles {
 public:
  struct Entry {
    const FoldMerger::Partial* partial;
    std::uint32_t role;  // in partial->roles
  };
  MergedRoles(std::vector<Entry> entries, std::int64_t now) : entries_(std::move(entries)), now_(now) {
    std::uint32_t end = 0;
    for (const Entry& e : entries_) {
      const auto& r = e.partial->roles[e.role];
      for (std::uint32_t m = r.members_begin; m < r.members_end; ++m) members_.push_back(&e.partial->members[m]);
      ends_.push_back(end += r.members_end - r.members_begin);
    }
  }
  std::size_t roleCount() const override { return entries_.size(); }
  FlatRole role(std::size_t i) const override {
    const FoldMerger::Partial& p = *entries_[i].partial;
    const auto& r = p.roles[entries_[i].role];
    FlatRole f{r.role, {}, p.partition, 0, 0, 0, 0, 0, ends_[i]};
    if (r.has_lease) {
      f.holder = r.lease.holder;
      f.lease = now_ >= r.lease.deadline ? 2 : 1;
      f.producer_epoch = r.lease.producer_epoch;
      f.producer_id = r.lease.producer_id;
      f.granted_at = r.lease.granted_at;
      f.deadline = r.lease.deadline;
    }
    return f;
  }
  std::size_t memberCount() const override { return members_.size(); }
  FlatMember member(std::size_t j) const override { return *members_[j]; }

 private:
  std::vector<Entry> entries_;
  std::int64_t now_;
  std::vector<std::uint32_t> ends_;
  std::vector<const FlatMember*> members_;
};

}  // namespace

void FoldMerger::flatResult(std::int64_t now, FlatState& out, const LeaseJoin* join) const {
  std::uint64_t records = 0;
  Capped<FoldError, kMaxFoldErrors> errors;
  Capped<Anomaly, kMaxAnomalies> anomalies;
  // Per role: the partition of its first record applied, and the other partitions it was seen in.
  struct Seen {
    std::int32_t first;
    std::vector<std::int32_t> more;
  };
  std::unordered_map<std::string_view, Seen> roles;
  for (const auto& [order, p] : partials_) {
    records += p->records;
    for (const FoldError& e : p->errors.kept) errors.add(e);
    errors.omitted += p->errors.omitted;
    // The anomalies found while folding, in the order of the records applied (a record's epoch
    // anomaly before its role's second partition, as StateFolder::apply finds them).
    std::size_t a = 0;
    for (const Partial::RoleFirst& r : p->role_firsts) {
      for (; a < p->anomalies.kept.size() && p->anomaly_at[a] <= r.applied; ++a) anomalies.add(p->anomalies.kept[a]);
      const auto [seen, added] = roles.try_emplace(r.role, Seen{p->partition, {}});
      if (added || seen->second.first == p->partition ||
          std::find(seen->second.more.begin(), seen->second.more.end(), p->partition) != seen->second.more.end())
        continue;
      seen->second.more.push_back(p->partition);
      anomalies.add(roleInTwoPartitions(r.role, seen->second.first, p->partition, r.offset));
    }
    for (; a < p->anomalies.kept.size(); ++a) anomalies.add(p->anomalies.kept[a]);
    anomalies.omitted += p->anomalies.omitted;
  }

  std::vector<MergedRoles::Entry> entries;
  for (const auto& [order, p] : partials_)
    for (std::uint32_t i = 0; i < p->roles.size(); ++i) entries.push_back({p.get(), i});
  std::sort(entries.begin(), entries.end(), [](const MergedRoles::Entry& a, const MergedRoles::Entry& b) {
    const int c = compareBytes(a.partial->roles[a.role].role, b.partial->roles[b.role].role);
    return c != 0 ? c < 0 : a.partial->partition < b.partial->partition;
  });
  std::vector<LeaseFacts> leases;
  std::vector<std::uint32_t> lease_roles;  // the role of each lease
  for (std::uint32_t i = 0; i < entries.size(); ++i) {
    if (!entries[i].partial->roles[entries[i].role].has_lease) continue;
    leases.push_back(entries[i].partial->roles[entries[i].role].lease);
    lease_roles.push_back(i);
  }
  addLeaseAnomalies(leases, anomalies);
  // Open transactions by partition (then first offset: each partial's order).
  std::vector<const Partial*> by_partition;
  for (const auto& [order, p] : partials_) by_partition.push_back(p.get());
  std::sort(by_partition.begin(), by_partition.end(),
            [](const Partial* a, const Partial* b) { return a->partition < b->partition; });
  for (const Partial* p : by_partition)
    for (const Anomaly& x : p->open_transactions) anomalies.add(x);
  std::optional<JoinedLeases> joined;
  if (join) joined = joinLeases(*join, leases, lease_roles, entries.size(), now, anomalies);
  sortAnomalies(anomalies.kept);

  const MergedRoles merged(std::move(entries), now);
  writeFlatState(merged, anomalies.kept, anomalies.omitted, errors.kept, errors.omitted, records, {}, false,
                 joined ? &*joined : nullptr, out);
}

}  // namespace coordination
