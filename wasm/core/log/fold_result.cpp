// The fold's state as a result (log/fold.h StateFolder::result, and the layout flatResult shares
// with it, log/state_flat.cpp): the live keys grouped by role and partition, and the anomalies of
// the state itself.
#include <algorithm>
#include <string>
#include <tuple>
#include <utility>

#include "log/fold.h"
#include "wire/append.h"
#include "wire/words.h"

namespace coordination {

using detail::appendInt;

StateFolder::Layout StateFolder::layout(std::int64_t now, const LeaseJoin* join) const {
  Layout out;
  out.anomalies = anomalies_;
  out.anomalies_omitted = anomalies_omitted_;
  // Anomalies of the state itself, under the same bound as those found while folding.
  auto anomaly = [&out](Anomaly a) {
    if (out.anomalies.size() < kMaxAnomalies) {
      out.anomalies.push_back(std::move(a));
    } else {
      ++out.anomalies_omitted;
    }
  };

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
  std::vector<bool> registered;  // by role: its lease's holder has a registration
  registered.reserve(groups);
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
    const std::string_view holder = rl.lease == kNoSlot ? std::string_view() : holderOf(rl.lease);
    registered.push_back(rl.lease != kNoSlot && std::any_of(named.begin(), named.end(),
                                                            [&](const auto& m) { return sameText(m.first, holder); }));
    out.roles.push_back(rl);
  }

  // (producer id, role index) of every lease, to find a producer id holding several.
  std::vector<std::pair<std::int64_t, std::uint32_t>> by_producer;
  for (std::uint32_t i = 0; i < out.roles.size(); ++i) {
    const Layout::Role& rl = out.roles[i];
    if (rl.lease == kNoSlot) continue;
    const KeySlot& l = slots_[rl.lease];
    const std::string_view role = roles_.text(l.role);
    const std::int32_t partition = partitionOf(rl.lease);
    by_producer.emplace_back(l.producer_id, i);
    if (!registered[i]) {
      std::string m = "the lease of " + roleText(role) + " is held by \"";
      m += holderOf(rl.lease);
      m += "\", which has no registration in the role";
      anomaly(Anomaly{AnomalyKind::lease_holder_not_registered, std::string(role), partition, l.offset, std::move(m)});
    }
    if (l.deadline < l.at) {
      std::string m = "the lease of " + roleText(role) + " has deadline ";
      appendInt(m, l.deadline);
      m += " before granted_at ";
      appendInt(m, l.at);
      anomaly(Anomaly{AnomalyKind::deadline_before_granted_at, std::string(role), partition, l.offset, std::move(m)});
    }
  }
  std::stable_sort(by_producer.begin(), by_producer.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  auto roleOf = [&](std::size_t k) { return roles_.text(slots_[out.roles[by_producer[k].second].first].role); };
  for (std::size_t i = 0; i < by_producer.size();) {
    std::size_t end = i + 1;
    while (end < by_producer.size() && by_producer[end].first == by_producer[i].first) ++end;
    for (std::size_t k = i; end - i >= 2 && k < end; ++k) {
      const std::uint32_t lease = out.roles[by_producer[k].second].lease;
      std::string m = "producer id ";
      appendInt(m, by_producer[i].first);
      m += " holds the lease of " + roleText(roleOf(k)) + " and of";
      bool first = true;
      for (std::size_t o = i; o < end; ++o) {
        if (o == k) continue;
        m += first ? " " : ", ";
        m += roleText(roleOf(o));
        first = false;
      }
      anomaly(Anomaly{AnomalyKind::producer_holds_two_leases, std::string(roleOf(k)), partitionOf(lease),
                      slots_[lease].offset, std::move(m)});
    }
    i = end;
  }
  for (Anomaly& a : openTransactionAnomalies()) anomaly(std::move(a));
  if (join) {
    // Every lease, in the roles' order, held against the join's topic.
    std::vector<LeaseFacts> leases;
    std::vector<std::uint32_t> holder;  // the role of each lease
    for (std::uint32_t i = 0; i < out.roles.size(); ++i) {
      const std::uint32_t id = out.roles[i].lease;
      if (id == kNoSlot) continue;
      const KeySlot& l = slots_[id];
      leases.push_back(LeaseFacts{roles_.text(l.role), partitionOf(id), l.offset, l.producer_id, l.producer_epoch,
                                  now >= l.deadline});
      holder.push_back(i);
    }
    std::vector<std::uint32_t> match;
    std::vector<Anomaly> found;
    join->join(leases, now, match, out.transactions, found);
    out.joined = true;
    out.role_transaction.assign(out.roles.size(), kNoProducerTransaction);
    for (std::size_t k = 0; k < holder.size(); ++k) out.role_transaction[holder[k]] = match[k];
    for (Anomaly& a : found) anomaly(std::move(a));
  }
  std::stable_sort(out.anomalies.begin(), out.anomalies.end(), [](const Anomaly& a, const Anomaly& b) {
    return std::tie(a.role, a.partition, a.offset) < std::tie(b.role, b.partition, b.offset);
  });
  return out;
}

std::vector<KeyHistory> StateFolder::history() const {
  std::vector<KeyHistory> out;
  if (!keep_history_) return out;
  for (std::uint32_t id = 0; id < slots_.size(); ++id) {
    out.push_back(
        KeyHistory{slots_[id].kind, roles_.text(slots_[id].role), keyMember(id), partitionOf(id), histories_[id]});
    for (HistoryEntry& e : out.back().entries)
      if (e.transaction_id != kNoTransaction) e.transaction = txns_.at(e.transaction_id).ref();
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
  out.errors = errors_;
  out.errors_omitted = errors_omitted_;
  out.anomalies = std::move(layout.anomalies);
  out.anomalies_omitted = layout.anomalies_omitted;
  out.joined = layout.joined;
  out.producer_transactions = std::move(layout.transactions);
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
                            layout.joined ? layout.role_transaction[i] : kNoProducerTransaction};
      rs.expired = now >= s.deadline;
    }
    out.roles.push_back(rs);
  }
  out.history = history();
  return out;
}

}  // namespace coordination
