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
  if (const auto* r = std::get_if<Registration>(&x.value)) return {0, r->member, r->registered_at};
  if (const auto* l = std::get_if<Lease>(&x.value))
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
  out.words.clear();
  out.longs.clear();
  out.pool.clear();
  out.ends.clear();
  Flattener f(out);
  std::size_t entries = 0, transactions = 0;
  for (const KeyHistory& h : history) {
    entries += h.entries.size();
    for (const HistoryEntry& x : h.entries) transactions += x.transaction.has_value();
  }
  const std::size_t n = roles.roleCount(), members = roles.memberCount(), a = anomalies.size(), e = errors.size(),
                    keys = history.size();
  out.words.reserve(8 + 4 * n + 2 * e + 3 * keys + 3 * entries);
  out.longs.reserve(3 + 3 * n + members + a + e + 5 * entries + 2 * transactions);
  out.ends.reserve(2 * n + members + 3 * a + 4 * e + 2 * keys + entries + transactions);
  for (std::size_t c : {n, members, a, e, keys, entries, transactions}) f.count(c);
  f.word(with_history ? 1 : 0);
  f.wide(static_cast<std::int64_t>(records));
  f.wide(static_cast<std::int64_t>(anomalies_omitted));
  f.wide(static_cast<std::int64_t>(errors_omitted));
  // The roles' and members' words and longs in one pass over them (a folder's are read all over
  // its state: one pass, not one per section), written in place; their names kept for the strings.
  const std::size_t w = out.words.size(), l = out.longs.size();
  out.words.resize(w + 4 * n);
  out.longs.resize(l + 3 * n + members);
  std::vector<std::string_view> names(2 * n + members);  // role[n] holder[n] member[m]
  for (std::size_t i = 0; i < n; ++i) {
    const FlatRole r = roles.role(i);
    out.words[w + i] = r.partition;
    out.words[w + n + i] = r.lease;
    out.words[w + 2 * n + i] = r.producer_epoch;
    out.words[w + 3 * n + i] = static_cast<std::int32_t>(r.members_end);
    out.longs[l + i] = r.producer_id;
    out.longs[l + n + i] = r.granted_at;
    out.longs[l + 2 * n + i] = r.deadline;
    names[i] = r.role;
    names[n + i] = r.holder;
  }
  for (std::size_t j = 0; j < members; ++j) {
    const FlatMember m = roles.member(j);
    out.longs[l + 3 * n + j] = m.registered_at;
    names[2 * n + j] = m.member;
  }
  std::size_t bytes = 0;  // the pool without the history's strings
  for (const std::string_view name : names) bytes += name.size();
  for (const Anomaly& x : anomalies) bytes += anomalyKindName(x.kind).size() + x.role.size() + x.message.size();
  for (const FoldError& x : errors) bytes += x.code.size() + x.field.size() + x.message.size() + x.role.size();
  out.pool.reserve(bytes);

  // the other words
  // As the CLI's document has it: a line for a record without an offset (line input), else the offset.
  auto hasLine = [](const FoldError& x) { return x.line >= 0 && x.offset < 0; };
  for (const FoldError& x : errors) f.word(hasLine(x) ? 1 : 0);
  for (const FoldError& x : errors) f.word(x.partition);
  for (const KeyHistory& h : history) f.word(h.kind == RecordKind::lease ? 1 : 0);
  for (const KeyHistory& h : history) f.word(h.partition);
  std::size_t end = 0;
  for (const KeyHistory& h : history) f.count(end += h.entries.size());
  // Every history entry, key after key, in the order of the sections.
  auto eachEntry = [&history](auto fn) {
    for (const KeyHistory& h : history)
      for (const HistoryEntry& x : h.entries) fn(x, entryValue(x));
  };
  eachEntry([&f](const HistoryEntry&, const EntryValue& v) { f.word(v.kind); });
  eachEntry([&f](const HistoryEntry&, const EntryValue& v) { f.word(v.producer_epoch); });
  std::int32_t transaction = 0;
  eachEntry([&](const HistoryEntry& x, const EntryValue&) { f.word(x.transaction ? transaction++ : -1); });

  // the other longs
  for (const Anomaly& x : anomalies) f.wide(x.offset);
  for (const FoldError& x : errors) f.wide(hasLine(x) ? x.line : x.offset);
  eachEntry([&f](const HistoryEntry& x, const EntryValue&) { f.wide(x.offset); });
  eachEntry([&f](const HistoryEntry& x, const EntryValue&) { f.wide(x.timestamp); });
  eachEntry([&f](const HistoryEntry&, const EntryValue& v) { f.wide(v.first); });
  eachEntry([&f](const HistoryEntry&, const EntryValue& v) { f.wide(v.granted_at); });
  eachEntry([&f](const HistoryEntry&, const EntryValue& v) { f.wide(v.deadline); });
  eachEntry([&f](const HistoryEntry& x, const EntryValue&) {
    if (x.transaction) f.wide(x.transaction->producer_id);
  });
  eachEntry([&f](const HistoryEntry& x, const EntryValue&) {
    if (x.transaction) f.wide(x.transaction->marker_offset);
  });

  // strings
  for (const std::string_view name : names) f.text(name);
  for (const Anomaly& x : anomalies) f.text(anomalyKindName(x.kind));
  for (const Anomaly& x : anomalies) f.text(x.role);
  for (const Anomaly& x : anomalies) f.text(x.message);
  for (const FoldError& x : errors) f.text(x.code);
  for (const FoldError& x : errors) f.text(x.field);
  for (const FoldError& x : errors) f.text(x.message);
  for (const FoldError& x : errors) f.text(x.role);
  for (const KeyHistory& h : history) f.text(h.role);
  for (const KeyHistory& h : history) f.text(h.member);
  eachEntry([&f](const HistoryEntry&, const EntryValue& v) { f.text(v.member); });
  eachEntry([&f](const HistoryEntry& x, const EntryValue&) {
    if (x.transaction) f.text(transactionStateName(x.transaction->state));
  });

  // The join's sections, after all the others.
  if (!joined) {
    f.word(-1);
    return;
  }
  const std::vector<ProducerTransaction>& rows = joined->transactions;
  auto rowOf = [](std::uint32_t i) { return i == kNoProducerTransaction ? -1 : static_cast<std::int32_t>(i); };
  f.count(rows.size());
  for (const std::uint32_t i : joined->role_transaction) f.word(rowOf(i));
  for (const Anomaly& x : anomalies) f.word(!x.transaction ? -2 : rowOf(*x.transaction));
  for (const ProducerTransaction& t : rows) f.word(t.status);
  for (const ProducerTransaction& t : rows) f.word(t.producer_epoch);
  for (const ProducerTransaction& t : rows) f.word(t.partition);
  for (const ProducerTransaction& t : rows) f.wide(t.producer_id);
  for (const ProducerTransaction& t : rows) f.wide(t.last_update);
  for (const ProducerTransaction& t : rows) f.wide(t.offset);
  for (const ProducerTransaction& t : rows) f.text(t.transactional_id);
}

}  // namespace coordination
