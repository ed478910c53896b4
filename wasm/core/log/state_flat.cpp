#include "log/state_flat.h"

#include <cstring>
#include <string_view>
#include <variant>

namespace coordination {
namespace {

// UTF-16 units of well-formed UTF-8: one per byte that starts a character, two for a 4-byte one.
// ASCII runs 8 bytes at a time.
std::uint32_t utf16Length(std::string_view s) {
  const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
  const std::size_t n = s.size();
  std::size_t units = 0, i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    if ((w & 0x8080808080808080ull) == 0) {
      units += 8;
      continue;
    }
    for (std::size_t k = i; k < i + 8; ++k) units += (p[k] & 0xC0) != 0x80 ? 1u + (p[k] >= 0xF0) : 0u;
  }
  for (; i < n; ++i) units += (p[i] & 0xC0) != 0x80 ? 1u + (p[i] >= 0xF0) : 0u;
  return static_cast<std::uint32_t>(units);
}

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

class Flattener {
 public:
  explicit Flattener(FlatState& out) : out_(out) {}
  void word(std::int32_t v) { out_.words.push_back(v); }
  void wide(std::int64_t v) { out_.longs.push_back(v); }
  void text(std::string_view s) {
    out_.pool.insert(out_.pool.end(), s.begin(), s.end());
    units_ += utf16Length(s);
    out_.ends.push_back(units_);
  }
  void count(std::size_t n) { word(static_cast<std::int32_t>(n)); }

 private:
  FlatState& out_;
  std::uint32_t units_ = 0;
};

}  // namespace

void StateFolder::flatResult(std::int64_t now, bool with_history, FlatState& out) const {
  const Layout layout = this->layout(now);
  const std::vector<KeyHistory> history = this->history();
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
  const std::vector<Layout::Role>& roles = layout.roles;
  const std::vector<Anomaly>& anomalies = layout.anomalies;
  const std::size_t n = roles.size(), members = layout.members.size(), a = anomalies.size(), errors = errors_.size(),
                    keys = history.size();
  out.words.reserve(8 + 4 * n + errors + 3 * keys + 3 * entries);
  out.longs.reserve(3 + 3 * n + members + a + errors + 5 * entries + 2 * transactions);
  out.ends.reserve(2 * n + members + 3 * a + 3 * errors + 2 * keys + entries + transactions);
  const auto lease = [this](const Layout::Role& r) { return r.lease == kNoSlot ? nullptr : &slots_[r.lease]; };
  const auto roleName = [this](const Layout::Role& r) { return roles_.text(slots_[r.first].role); };
  std::size_t bytes = 0;  // the pool without the history's strings
  for (const Layout::Role& r : roles) bytes += roleName(r).size() + (lease(r) ? holderOf(r.lease).size() : 0);
  for (const std::uint32_t m : layout.members) bytes += holderOf(m).size();
  for (const Anomaly& x : anomalies) bytes += anomalyKindName(x.kind).size() + x.role.size() + x.message.size();
  for (const FoldError& x : errors_) bytes += x.code.size() + x.field.size() + x.message.size();
  out.pool.reserve(bytes);
  for (std::size_t c : {n, members, a, errors, keys, entries, transactions}) f.count(c);
  f.word(with_history ? 1 : 0);

  // words
  for (const Layout::Role& r : roles) f.word(partitionOf(r.first));
  for (const Layout::Role& r : roles) f.word(!lease(r) ? 0 : now >= lease(r)->deadline ? 2 : 1);
  for (const Layout::Role& r : roles) f.word(lease(r) ? lease(r)->producer_epoch : 0);
  for (const Layout::Role& r : roles) f.word(static_cast<std::int32_t>(r.members_end));
  // As the CLI's document has it: a line for a record without an offset (line input), else the offset.
  auto hasLine = [](const FoldError& e) { return e.line >= 0 && e.offset < 0; };
  for (const FoldError& e : errors_) f.word(hasLine(e) ? 1 : 0);
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

  // longs
  f.wide(static_cast<std::int64_t>(records_));
  f.wide(static_cast<std::int64_t>(layout.anomalies_omitted));
  f.wide(static_cast<std::int64_t>(errors_omitted_));
  for (const Layout::Role& r : roles) f.wide(lease(r) ? lease(r)->producer_id : 0);
  for (const Layout::Role& r : roles) f.wide(lease(r) ? lease(r)->at : 0);
  for (const Layout::Role& r : roles) f.wide(lease(r) ? lease(r)->deadline : 0);
  for (const std::uint32_t m : layout.members) f.wide(slots_[m].at);
  for (const Anomaly& x : anomalies) f.wide(x.offset);
  for (const FoldError& e : errors_) f.wide(hasLine(e) ? e.line : e.offset);
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
  for (const Layout::Role& r : roles) f.text(roleName(r));
  for (const Layout::Role& r : roles) f.text(lease(r) ? holderOf(r.lease) : std::string_view());
  for (const std::uint32_t m : layout.members) f.text(holderOf(m));
  for (const Anomaly& x : anomalies) f.text(anomalyKindName(x.kind));
  for (const Anomaly& x : anomalies) f.text(x.role);
  for (const Anomaly& x : anomalies) f.text(x.message);
  for (const FoldError& e : errors_) f.text(e.code);
  for (const FoldError& e : errors_) f.text(e.field);
  for (const FoldError& e : errors_) f.text(e.message);
  for (const KeyHistory& h : history) f.text(h.role);
  for (const KeyHistory& h : history) f.text(h.member);
  eachEntry([&f](const HistoryEntry&, const EntryValue& v) { f.text(v.member); });
  eachEntry([&f](const HistoryEntry& x, const EntryValue&) {
    if (x.transaction) f.text(transactionStateName(x.transaction->state));
  });
}

}  // namespace coordination
