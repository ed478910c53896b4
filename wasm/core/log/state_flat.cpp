#include "log/state_flat.h"

#include <functional>
#include <string_view>
#include <utility>
#include <variant>

namespace coordination {
namespace {

// A history entry's value in the layout's terms.
struct EntryValue {
  std::int32_t kind = -1;  // -1 tombstone, 0 registration, 1 lease
  std::string_view member;
  std::int64_t first = 0;  // registered_at or producer_id
  std::int16_t producer_epoch = 0;
  std::int64_t granted_at = 0;
  std::int64_t deadline = 0;
};

EntryValue entryValue(const HistoryEntry& x) {
  if (const auto* r = std::get_if<RegistrationView>(&x.value)) return {0, r->member, r->registered_at};
  if (const auto* l = std::get_if<LeaseView>(&x.value))
    return {1, l->member, l->producer_id, l->producer_epoch, l->granted_at, l->deadline};
  return {};
}

// The folder's roles and members, read from its slots in the layout's order.
class SlotRoles final : public FlatRoles {
 public:
  SlotRoles(std::size_t roles, std::size_t members, std::function<FlatRole(std::size_t)> role,
            std::function<FlatMember(std::size_t)> member)
      : roles_(roles), members_(members), role_(std::move(role)), member_(std::move(member)) {}
  std::size_t roleCount() const override { return roles_; }
  FlatRole role(std::size_t i) const override { return role_(i); }
  std::size_t memberCount() const override { return members_; }
  FlatMember member(std::size_t j) const override { return member_(j); }

 private:
  std::size_t roles_, members_;
  std::function<FlatRole(std::size_t)> role_;
  std::function<FlatMember(std::size_t)> member_;
};

}  // namespace

void StateFolder::flatResult(std::int64_t now, bool with_history, FlatState& out, const LeaseJoin* join) const {
  const Layout layout = this->layout(now, join);
  const SlotRoles roles(
      layout.roles.size(), layout.members.size(),
      [&](std::size_t i) {
        const Layout::Role& r = layout.roles[i];
        FlatRole f{roles_.text(slots_[r.first].role), {}, partitionOf(r.first), 0, 0, 0, 0, 0, r.members_end};
        if (r.lease != kNoSlot) {
          const KeySlot& held = slots_[r.lease];
          f.holder = holderOf(r.lease);
          f.lease = now >= held.deadline ? 2 : 1;
          f.producer_epoch = held.producer_epoch;
          f.producer_id = held.producer_id;
          f.granted_at = held.at;
          f.deadline = held.deadline;
        }
        return f;
      },
      [&](std::size_t j) {
        const std::uint32_t id = layout.members[j];
        return FlatMember{holderOf(id), slots_[id].at};
      });
  writeFlatState(roles, layout.anomalies.kept, layout.anomalies.omitted, errors_.kept, errors_.omitted, records_,
                 history(), with_history, layout.joined ? &*layout.joined : nullptr, out);
}

void writeFlatState(const FlatRoles& roles, std::span<const Anomaly> anomalies, std::uint64_t anomalies_omitted,
                    std::span<const FoldError> errors, std::uint64_t errors_omitted, std::uint64_t records,
                    std::span<const KeyHistory> history, bool with_history, const JoinedLeases* joined,
                    FlatState& out) {
  using L = state_flat;
  out.words.clear();
  out.longs.clear();
  out.pool.clear();
  out.ends.clear();
  std::size_t entries = 0, transactions = 0;
  for (const KeyHistory& h : history) {
    entries += h.entries.size();
    for (const HistoryEntry& x : h.entries) transactions += x.transaction.has_value();
  }
  const std::size_t n = roles.roleCount(), members = roles.memberCount();
  L::Writer f(out, {n, members, anomalies.size(), errors.size(), history.size(), entries, transactions});
  f.put<L::head_withHistory>(0, with_history ? 1 : 0);
  f.put<L::head_records>(0, records);
  f.put<L::head_anomaliesOmitted>(0, anomalies_omitted);
  f.put<L::head_errorsOmitted>(0, errors_omitted);
  // The roles' and members' sections in one pass over them (a folder's are read all over its
  // state: one pass, not one per section).
  for (std::size_t i = 0; i < n; ++i) {
    const FlatRole r = roles.role(i);
    f.put<L::roles_partition>(i, r.partition);
    f.put<L::roles_lease>(i, r.lease);
    f.put<L::roles_producerEpoch>(i, r.producer_epoch);
    f.put<L::roles_membersEnd>(i, r.members_end);
    f.put<L::roles_producerId>(i, r.producer_id);
    f.put<L::roles_grantedAt>(i, r.granted_at);
    f.put<L::roles_deadline>(i, r.deadline);
    f.put<L::roles_role>(i, r.role);
    f.put<L::roles_holder>(i, r.holder);
  }
  for (std::size_t j = 0; j < members; ++j) {
    const FlatMember m = roles.member(j);
    f.put<L::members_registeredAt>(j, m.registered_at);
    f.put<L::members_member>(j, m.member);
  }
  for (std::size_t i = 0; i < anomalies.size(); ++i) {
    const Anomaly& x = anomalies[i];
    f.put<L::anomalies_offset>(i, x.offset);
    f.put<L::anomalies_kind>(i, anomalyKindName(x.kind));
    f.put<L::anomalies_role>(i, x.role);
    f.put<L::anomalies_message>(i, x.message);
  }
  putErrors<L>(f, errors);
  std::size_t k = 0, t = 0;  // the entry, its transaction
  for (std::size_t i = 0; i < history.size(); ++i) {
    const KeyHistory& h = history[i];
    f.put<L::history_kind>(i, h.kind == RecordKind::lease ? 1 : 0);
    f.put<L::history_partition>(i, h.partition);
    f.put<L::history_entriesEnd>(i, k + h.entries.size());
    f.put<L::history_role>(i, h.role);
    f.put<L::history_member>(i, h.member);
    for (const HistoryEntry& x : h.entries) {
      const EntryValue v = entryValue(x);
      f.put<L::entries_value>(k, v.kind);
      f.put<L::entries_producerEpoch>(k, v.producer_epoch);
      f.put<L::entries_transaction>(k, x.transaction ? static_cast<std::int32_t>(t) : -1);
      f.put<L::entries_offset>(k, x.offset);
      f.put<L::entries_timestamp>(k, x.timestamp);
      f.put<L::entries_first>(k, v.first);
      f.put<L::entries_grantedAt>(k, v.granted_at);
      f.put<L::entries_deadline>(k, v.deadline);
      f.put<L::entries_member>(k, v.member);
      if (x.transaction) {
        f.put<L::transactions_producerId>(t, x.transaction->producer_id);
        f.put<L::transactions_markerOffset>(t, x.transaction->marker_offset);
        f.put<L::transactions_state>(t, transactionStateName(x.transaction->state));
        ++t;
      }
      ++k;
    }
  }
  f.finish();

  // The join's sections, after all the others.
  if (!joined) {
    out.words.push_back(-1);  // rows: none
    return;
  }
  const std::vector<ProducerTransaction>& rows = joined->transactions;
  auto rowOf = [](std::uint32_t i) { return i == kNoProducerTransaction ? -1 : static_cast<std::int32_t>(i); };
  join_flat::Writer j(out, {rows.size(), n, anomalies.size()});
  j.each<join_flat::roles_transaction>(joined->role_transaction, rowOf);
  j.each<join_flat::anomalies_transaction>(
      anomalies, [&](const Anomaly& x) { return !x.transaction ? -2 : rowOf(*x.transaction); });
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const ProducerTransaction& x = rows[r];
    j.put<join_flat::rows_status>(r, x.status);
    j.put<join_flat::rows_producerEpoch>(r, x.producer_epoch);
    j.put<join_flat::rows_partition>(r, x.partition);
    j.put<join_flat::rows_producerId>(r, x.producer_id);
    j.put<join_flat::rows_lastUpdate>(r, x.last_update);
    j.put<join_flat::rows_offset>(r, x.offset);
    j.put<join_flat::rows_transactionalId>(r, x.transactional_id);
  }
  j.finish();
}

}  // namespace coordination
