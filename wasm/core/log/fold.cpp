#include "log/fold.h"

#include <algorithm>
#include <cstring>
#include <tuple>
#include <utility>

#include "wire/append.h"
#include "wire/reader.h"

namespace coordination {
namespace {

using detail::appendInt;

std::string roleText(std::string_view role) {
  std::string s = "role \"";
  s += role;
  s += '"';
  return s;
}

}  // namespace

std::string_view anomalyKindName(AnomalyKind kind) {
  static constexpr std::string_view kNames[] = {
#define LOG_X(name, description) #name,
      LOG_ANOMALY_KINDS(LOG_X)
#undef LOG_X
  };
  return kNames[static_cast<std::size_t>(kind)];
}

std::string_view recordErrorCodeName(RecordErrorCode code) {
  static constexpr std::string_view kNames[] = {
#define LOG_X(name, description) #name,
      LOG_RECORD_ERROR_CODES(LOG_X)
#undef LOG_X
  };
  return kNames[static_cast<std::size_t>(code)];
}

void StateFolder::addError(FoldError e) {
  if (errors_.size() < kMaxFoldErrors) {
    errors_.push_back(std::move(e));
  } else {
    ++errors_omitted_;
  }
}

void StateFolder::addAnomaly(Anomaly a) {
  if (anomalies_.size() < kMaxAnomalies) {
    anomalies_.push_back(std::move(a));
  } else {
    ++anomalies_omitted_;
  }
}

void StateFolder::addBatchError(std::int32_t partition, const BatchError& error) {
  addError(FoldError{partition, error.base_offset, -1, batchErrorCodeName(error.code), std::string(error.field),
                     error.message, error.position, true});
}

void StateFolder::addBatch(std::int32_t partition, const Batch& batch, std::uint32_t input) {
  const BatchHeader& h = batch.header;
  if (h.control()) {
    // A marker: Kafka reads a control batch's first record only (CompletedFetch.containsAbortMarker).
    if (!batch.records.empty()) addMarker(partition, h.producer_id, batch.records[0].offset, batch.records[0].key, -1);
    return;
  }
  if (record_index_) {
    const std::uint32_t txn = h.transactional() && !batch.records.empty()
                                  ? txns_.openFor(partition, h.producer_id, batch.records[0].offset)
                                  : kNoTransaction;
    record_index_->addSource(
        RecordSource{batch.position, h.base_offset, input,
                     static_cast<std::uint32_t>(kBatchFrameBytes) + static_cast<std::uint32_t>(h.batch_length), txn});
  }
  const Producer producer{h.producer_id, h.transactional(), false};
  for (const RecordView& r : batch.records) read(partition, r.offset, r.timestamp, r.key, r.value, -1, producer);
}

std::uint32_t StateFolder::roleId(std::string_view role) {
  bool added = false;
  const std::uint32_t id = roles_.intern(0, {reinterpret_cast<const std::uint8_t*>(role.data()), role.size()}, added);
  if (added) role_info_.emplace_back();
  return id;
}

void StateFolder::notePartition(std::uint32_t id, std::int32_t partition, std::int64_t offset) {
  RoleInfo& info = role_info_[id];
  if (info.partition == kNoPartition) info.partition = partition;
  if (info.partition == partition) return;
  if (info.more) {
    const std::vector<std::int32_t>& more = more_partitions_[info.more - 1];
    if (std::find(more.begin(), more.end(), partition) != more.end()) return;
  } else {
    more_partitions_.emplace_back();
    info.more = static_cast<std::uint32_t>(more_partitions_.size());
  }
  const std::string_view role = roles_.text(id);
  std::string m = roleText(role);
  m += " has records in partition ";
  appendInt(m, info.partition);
  m += " and in partition ";
  appendInt(m, partition);
  m += " (from offset ";
  appendInt(m, offset);
  m += "); every record of a role belongs to one partition";
  addAnomaly(Anomaly{AnomalyKind::role_in_two_partitions, std::string(role), partition, offset, std::move(m)});
  more_partitions_[info.more - 1].push_back(partition);
}

std::optional<StateFolder::Decoded> StateFolder::decode(std::int32_t partition, std::optional<ByteSpan> key,
                                                        std::optional<ByteSpan> value, FoldError& error) const {
  // A key or value the codec refuses: its code, field and message.
  auto refused = [&error](const Error& e) {
    error.code = errorCodeName(e.code);
    error.field = std::string(fieldPath(e.field));
    error.message = e.message();
    return std::nullopt;
  };
  if (!key) {
    error.code = recordErrorCodeName(RecordErrorCode::NULL_KEY);
    error.field = "key";
    error.message = "the record has a null key; every coordination record has one";
    return std::nullopt;
  }
  // A key seen before decoded then: its kind, role and member come from its slot (most records
  // rewrite a key already seen, and its decode was a third of the records' decoding).
  const auto tag = static_cast<std::uint32_t>(partition);
  Decoded d{};
  d.hash = Interner::hash(tag, *key);
  d.id = keys_.find(tag, *key, d.hash);
  if (d.id != Interner::kNone) {
    d.key = KeyView{slots_[d.id].kind, roles_.text(slots_[d.id].role), keyMember(d.id)};
  } else {
    const Result<KeyView> k = decodeKeyView(*key);
    if (!k.ok()) return refused(k.error());
    d.key = k.value();
  }
  if (isTombstone(value)) return d;
  if (d.key.kind == RecordKind::registration) {
    const Result<RegistrationView> v = decodeRegistrationView(*value);
    if (!v.ok()) return refused(v.error());
    d.registration = v.value();
  } else {
    const Result<LeaseView> v = decodeLeaseView(*value);
    if (!v.ok()) return refused(v.error());
    d.lease = v.value();
  }
  return d;
}

std::uint32_t StateFolder::slotOf(std::int32_t partition, ByteSpan key, const Decoded& d) {
  if (d.id != Interner::kNone) return d.id;
  const std::uint32_t id = keys_.add(static_cast<std::uint32_t>(partition), key, d.hash);
  KeySlot s;
  s.kind = d.key.kind;
  s.role = roleId(d.key.role);
  s.member_at = static_cast<std::uint16_t>(reinterpret_cast<const std::uint8_t*>(d.key.member.data()) - key.data());
  s.member_size = static_cast<std::uint16_t>(d.key.member.size());
  slots_.push_back(s);
  if (keep_history_) histories_.emplace_back();
  return id;
}

void StateFolder::add(std::int32_t partition, std::int64_t offset, std::int64_t timestamp, std::optional<ByteSpan> key,
                      std::optional<ByteSpan> value, std::int64_t line, Producer producer) {
  const std::uint64_t number = pushed_++;
  if (producer.control) {
    addMarker(partition, producer.id, offset, key, line);
    return;
  }
  if (record_index_) {
    const std::uint32_t txn = producer.transactional ? txns_.openFor(partition, producer.id, offset) : kNoTransaction;
    record_index_->addSource(RecordSource{number, offset, kPushedInput, 0, txn});
  }
  read(partition, offset, timestamp, key, value, line, producer);
}

void StateFolder::read(std::int32_t partition, std::int64_t offset, std::int64_t timestamp, std::optional<ByteSpan> key,
                       std::optional<ByteSpan> value, std::int64_t line, Producer producer) {
  ++records_;
  if (producer.transactional) {
    addPending(partition, producer.id, offset, timestamp, key, value, line);
  } else {
    apply(partition, offset, timestamp, key, value, line, kNoTransaction);
  }
}

void StateFolder::track(std::uint32_t id, std::int64_t offset, std::int64_t timestamp, const Decoded& d,
                        std::uint32_t transaction) {
  if (keep_history_) {
    DecodedValue v = Tombstone{};
    if (d.registration) v = Registration{std::string(d.registration->member), d.registration->registered_at};
    if (d.lease)
      v = Lease{std::string(d.lease->member), d.lease->producer_id, d.lease->producer_epoch, d.lease->granted_at,
                d.lease->deadline};
    histories_[id].push_back(HistoryEntry{offset, timestamp, std::move(v), std::nullopt, transaction});
  }
  if (record_index_) record_index_->add(id, offset);
}

void StateFolder::apply(std::int32_t partition, std::int64_t offset, std::int64_t timestamp,
                        std::optional<ByteSpan> key, std::optional<ByteSpan> value, std::int64_t line,
                        std::uint32_t transaction) {
  FoldError error{partition, offset, line, {}, {}, {}};
  const std::optional<Decoded> d = decode(partition, key, value, error);
  if (!d) {
    addError(std::move(error));
    return;
  }
  const KeyView& kv = d->key;
  if (d->lease) {
    const LeaseView& l = *d->lease;
    // The producer id's 8 bytes as the interned key (one hash index for keys, names and these).
    std::uint8_t id_bytes[8];
    std::memcpy(id_bytes, &l.producer_id, 8);
    bool added = false;
    const std::uint32_t producer = producers_.intern(0, id_bytes, added);
    if (added) {
      max_epoch_.push_back(l.producer_epoch);
    } else {
      std::int16_t& max = max_epoch_[producer];
      if (l.producer_epoch < max) {
        std::string m = "the lease of " + roleText(kv.role) + " at offset ";
        appendInt(m, offset);
        m += " has producer id ";
        appendInt(m, l.producer_id);
        m += " with epoch ";
        appendInt(m, l.producer_epoch);
        m += ", below epoch ";
        appendInt(m, max);
        m += " of an earlier lease; the epochs of a producer id only grow";
        addAnomaly(
            Anomaly{AnomalyKind::producer_epoch_backwards, std::string(kv.role), partition, offset, std::move(m)});
      } else {
        max = l.producer_epoch;
      }
    }
  }

  const std::uint32_t id = slotOf(partition, *key, *d);
  // The key's first record applied (a slot made for an open transaction's record has none yet).
  if (slots_[id].offset == INT64_MIN) notePartition(slots_[id].role, partition, offset);
  // A committed transaction's records were kept in history and index when they were read.
  if (transaction == kNoTransaction) track(id, offset, timestamp, *d, kNoTransaction);
  KeySlot& s = slots_[id];
  // Older than what the key holds (an unknown offset, -1, is taken in arrival order).
  if (offset >= 0 && s.offset != INT64_MIN && offset <= s.offset) return;
  s.offset = offset;
  s.live = d->registration || d->lease;
  auto name = [this](std::string_view member) {
    bool added = false;
    return names_.intern(0, {reinterpret_cast<const std::uint8_t*>(member.data()), member.size()}, added);
  };
  if (d->registration) {
    s.holder = sameText(d->registration->member, kv.member) ? kKeyMember : name(d->registration->member);
    s.at = d->registration->registered_at;
  } else if (d->lease) {
    const LeaseView& l = *d->lease;
    s.holder = name(l.member);
    s.producer_id = l.producer_id;
    s.producer_epoch = l.producer_epoch;
    s.at = l.granted_at;
    s.deadline = l.deadline;
  }
}

std::string_view StateFolder::keyMember(std::uint32_t id) const {
  const KeySlot& s = slots_[id];
  return keys_.text(id).substr(s.member_at, s.member_size);
}

std::string_view StateFolder::holderOf(std::uint32_t id) const {
  const std::uint32_t h = slots_[id].holder;
  return h == kKeyMember ? keyMember(id) : names_.text(h);
}

StateFolder::Layout StateFolder::layout(std::int64_t now) const {
  Layout out;
  out.now = now;
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

FoldState StateFolder::result(std::int64_t now) const {
  Layout layout = this->layout(now);
  FoldState out;
  out.records = records_;
  out.errors = errors_;
  out.errors_omitted = errors_omitted_;
  out.anomalies = std::move(layout.anomalies);
  out.anomalies_omitted = layout.anomalies_omitted;
  out.roles.reserve(layout.roles.size());
  out.members.reserve(layout.members.size());
  for (const std::uint32_t id : layout.members) {
    const KeySlot& s = slots_[id];
    out.members.push_back(MemberState{holderOf(id), s.at, s.offset});
  }
  for (const Layout::Role& rl : layout.roles) {
    RoleState rs{roles_.text(slots_[rl.first].role),
                 partitionOf(rl.first),
                 std::nullopt,
                 false,
                 rl.members_begin,
                 rl.members_end};
    if (rl.lease != kNoSlot) {
      const KeySlot& s = slots_[rl.lease];
      rs.lease = LeaseState{holderOf(rl.lease), s.producer_id, s.producer_epoch, s.at, s.deadline, s.offset};
      rs.expired = now >= s.deadline;
    }
    out.roles.push_back(rs);
  }
  out.history = history();
  return out;
}

}  // namespace coordination

namespace coordination {
namespace {

class FoldSink final : public BatchSink {
 public:
  FoldSink(StateFolder& folder, std::int32_t partition, std::uint32_t input)
      : folder_(folder), partition_(partition), input_(input) {}
  void onBatch(const Batch& batch) override { folder_.addBatch(partition_, batch, input_); }
  void onError(const BatchError& error) override { folder_.addBatchError(partition_, error); }

 private:
  StateFolder& folder_;
  std::int32_t partition_;
  std::uint32_t input_;
};

}  // namespace

void LogFolder::pushLog(std::int32_t partition, ByteSpan chunk) {
  FoldSink sink(folder_, partition, input_);
  stream_.push(chunk, sink);
}

void LogFolder::endLog(std::int32_t partition) {
  FoldSink sink(folder_, partition, input_);
  stream_.finish(sink);
  stream_ = LogStream(limits_);
  ++input_;
}

std::optional<std::size_t> addPackedRecords(StateFolder& folder, ByteSpan packed) {
  Reader r(packed);
  auto bytes = [&r](std::optional<ByteSpan>& out) {
    if (!r.need(4)) return false;
    const std::int32_t n = r.readI32();
    if (n == -1) {
      out = std::nullopt;
      return true;
    }
    if (n < 0 || !r.need(static_cast<std::size_t>(n))) return false;
    out = r.take(static_cast<std::size_t>(n));
    return true;
  };
  while (!r.atEnd()) {
    const std::size_t at = r.position();
    if (!r.need(4 + 8 + 8 + 8 + 8 + 1)) return at;
    const std::int32_t partition = r.readI32();
    const std::int64_t offset = r.readI64();
    const std::int64_t timestamp = r.readI64();
    const std::int64_t line = r.readI64();
    Producer producer;
    producer.id = r.readI64();
    const std::uint8_t flags = r.take(1)[0];
    if (flags > 3) return at;
    producer.transactional = (flags & 1) != 0;
    producer.control = (flags & 2) != 0;
    std::optional<ByteSpan> key, value;
    if (!bytes(key) || !bytes(value)) return at;
    folder.add(partition, offset, timestamp, key, value, line, producer);
  }
  return std::nullopt;
}

}  // namespace coordination
