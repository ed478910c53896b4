// The fold's state as a result (log/fold.h StateFolder::result, and the layout flatResult shares
// with it, log/state_flat.cpp): the live keys grouped by role and partition, and the anomalies of
// the state itself.
#include <algorithm>
#include <string>
#include <tuple>
#include <utility>

#include "log/fold.h"
#include "wire/words.h"

namespace coordination {

JoinedLeases joinLeases(const LeaseJoin& join, std::span<const LeaseFacts> leases,
                        std::span<const std::uint32_t> lease_roles, std::size_t roles, std::int64_t now,
                        Capped<Anomaly, kMaxAnomalies>& anomalies) {
  JoinedLeases out;
  std::vector<std::uint32_t> match;
  std::vector<Anomaly> found;
  join.join(leases, now, match, out.transactions, found);
  out.role_transaction.assign(roles, kNoProducerTransaction);
  for (std::size_t k = 0; k < lease_roles.size(); ++k) out.role_transaction[lease_roles[k]] = match[k];
  for (Anomaly& a : found) anomalies.add(std::move(a));
  return out;
}

StateFolder::Layout StateFolder::layout(std::int64_t now, const LeaseJoin* join) const {
  Layout out;
  // Anomalies of the state itself, after those found while folding, under the same bound.
  out.anomalies = anomalies_;

  // Live keys grouped by (role name, partition): role names ranked once, then the keys placed by
  // rank (a counting sort, in first-seen order within a role), where a comparison sort of the keys
  // compared role names some 16 times per key.
  const std::size_t role_count = roles_.size();
  std::vector<std::uint32_t> rank(role_count);
  {
    std::vector<std::uint32_t> by_name(role_count);
    for (std::uint32_t id = 0; id < by_name.size(); ++id) by_name[id] = id;
    std::sort(by_name.begin(), by_name.end(),
              [this](std::uint32_t a, std::uint32_t b) { return compareBytes(roles_.text(a), roles_.text(b)) < 0; });
    for (std::uint32_t r = 0; r < by_name.size(); ++r) rank[by_name[r]] = r;
  }
  std::vector<std::uint32_t> start(role_count + 1, 0);
  std::size_t registrations = 0;
  for (const KeySlot& s : slots_) {
    if (!s.live) continue;
    ++start[rank[s.role] + 1];
    registrations += s.kind == RecordKind::registration;
  }
  for (std::size_t r = 0; r < role_count; ++r) start[r + 1] += start[r];
  std::vector<std::uint32_t> live(start[role_count]);
  {
    std::vector<std::uint32_t> next(start.begin(), start.end() - 1);
    for (std::uint32_t id = 0; id < slots_.size(); ++id)
      if (slots_[id].live) live[next[rank[slots_[id].role]]++] = id;
  }
  // A role seen in several partitions (an anomaly): one entry per partition, in partition order.
  for (std::size_t r = 0; r < role_count; ++r) {
    std::uint32_t* from = live.data() + start[r];
    std::uint32_t* to = live.data() + start[r + 1];
    if (from != to && role_info_[slots_[*from].role].more)
      std::stable_sort(from, to, [this](std::uint32_t a, std::uint32_t b) { return partitionOf(a) < partitionOf(b); });
  }

  // Reserved exactly: in wasm the heap never shrinks, so a doubling vector's spare half stays.
  std::size_t groups = 0;
  for (std::size_t i = 0; i < live.size(); ++i)
    groups +=
        i == 0 || slots_[live[i]].role != slots_[live[i - 1]].role || partitionOf(live[i]) != partitionOf(live[i - 1]);
  out.roles.reserve(groups);
  out.members.reserve(registrations);
  // A role's registrations with their names, sorted by name: names looked up once per member
  // (each lookup reads the slot and a table: reads all over the state).
  std::vector<std::pair<std::string_view, std::uint32_t>> named;
  for (std::size_t i = 0; i < live.size();) {
    const std::uint32_t first = live[i];
    Layout::Role rl{first, kNoSlot, static_cast<std::uint32_t>(out.members.size()), 0};
    named.clear();
    for (; i < live.size() && slots_[live[i]].role == slots_[first].role && partitionOf(live[i]) == partitionOf(first);
         ++i) {
      const std::uint32_t id = live[i];
      if (slots_[id].kind == RecordKind::registration) {
        named.emplace_back(holderOf(id), id);
      } else {
        rl.lease = id;
      }
    }
    std::stable_sort(named.begin(), named.end(),
                     [](const auto& a, const auto& b) { return compareBytes(a.first, b.first) < 0; });
    for (const auto& m : named) out.members.push_back(m.second);
    rl.members_end = static_cast<std::uint32_t>(out.members.size());
    if (rl.lease != kNoSlot) {
      const KeySlot& l = slots_[rl.lease];
      const std::string_view holder = holderOf(rl.lease);
      const bool registered =
          std::any_of(named.begin(), named.end(), [&](const auto& m) { return sameText(m.first, holder); });
      out.leases.push_back(LeaseFacts{roles_.text(l.role), partitionOf(rl.lease), holder, l.producer_id, l.at,
                                      l.deadline, l.offset, registered, l.producer_epoch});
    }
    out.roles.push_back(rl);
  }
  addLeaseAnomalies(out.leases, out.anomalies);
  for (Anomaly& a : openTransactionAnomalies()) out.anomalies.add(std::move(a));
  if (join) {
    std::vector<std::uint32_t> lease_roles;  // the role of each lease
    for (std::uint32_t i = 0; i < out.roles.size(); ++i)
      if (out.roles[i].lease != kNoSlot) lease_roles.push_back(i);
    out.joined = joinLeases(*join, out.leases, lease_roles, out.roles.size(), now, out.anomalies);
  }
  sortAnomalies(out.anomalies.kept);
  return out;
}

std::vector<KeyHistory> StateFolder::history() const {
  std::vector<KeyHistory> out;
  if (!keep_history_) return out;
  for (std::uint32_t id = 0; id < slots_.size(); ++id) {
    for (HistoryEntry& e : histories_[id])
      if (e.transaction_id != kNoTransaction) e.transaction = txns_.at(e.transaction_id).ref();
    out.push_back(
        KeyHistory{slots_[id].kind, roles_.text(slots_[id].role), keyMember(id), partitionOf(id), histories_[id]});
  }
  std::sort(out.begin(), out.end(), [](const KeyHistory& a, const KeyHistory& b) {
    return std::tie(a.role, a.kind, a.member, a.partition) < std::tie(b.role, b.kind, b.member, b.partition);
  });
  return out;
}

FoldState StateFolder::result(std::int64_t now, const LeaseJoin* join) const {
  Layout layout = this->layout(now, join);
  FoldState out;
  out.records = records_;
  out.errors = errors_.kept;
  out.errors_omitted = errors_.omitted;
  out.anomalies = std::move(layout.anomalies.kept);
  out.anomalies_omitted = layout.anomalies.omitted;
  out.joined = layout.joined.has_value();
  if (layout.joined) out.producer_transactions = std::move(layout.joined->transactions);
  out.roles.reserve(layout.roles.size());
  out.members.reserve(layout.members.size());
  for (const std::uint32_t id : layout.members) {
    const KeySlot& s = slots_[id];
    out.members.push_back(MemberState{holderOf(id), s.at, s.offset});
  }
  for (std::size_t i = 0; i < layout.roles.size(); ++i) {
    const Layout::Role& rl = layout.roles[i];
    RoleState rs{roles_.text(slots_[rl.first].role),
                 partitionOf(rl.first),
                 std::nullopt,
                 false,
                 rl.members_begin,
                 rl.members_end};
    if (rl.lease != kNoSlot) {
      const KeySlot& s = slots_[rl.lease];
      rs.lease = LeaseState{holderOf(rl.lease),
                            s.producer_id,
                            s.producer_epoch,
                            s.at,
                            s.deadline,
                            s.offset,
                            layout.joined ? layout.joined->role_transaction[i] : kNoProducerTransaction};
      rs.expired = now >= s.deadline;
    }
    out.roles.push_back(rs);
  }
  out.history = history();
  return out;
}

}  // namespace coordination
