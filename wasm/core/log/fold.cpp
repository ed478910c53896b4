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
  std::uint32_t source = kNoSource;
  if (record_index_) {
    const std::uint32_t txn = h.transactional() && !batch.records.empty()
                                  ? txns_.openFor(partition, h.producer_id, batch.records[0].offset)
                                  : kNoTransaction;
    source = record_index_->addSource(
        RecordSource{batch.position, input,
                     static_cast<std::uint32_t>(kBatchFrameBytes) + static_cast<std::uint32_t>(h.batch_length), txn});
  }
  const Producer producer{h.producer_id, h.transactional(), false};
  for (const RecordView& r : batch.records)
    read(partition, r.offset, r.timestamp, r.key, r.value, -1, producer, source);
}

std::uint32_t StateFolder::roleId(std::string_view role) {
  auto [it, inserted] = roles_.try_emplace(std::string(role));
  if (inserted) {
    it->second.id = static_cast<std::uint32_t>(role_names_.size());
    role_names_.push_back(&it->first);
  }
  return it->second.id;
}

void StateFolder::notePartition(std::uint32_t id, std::int32_t partition, std::int64_t offset) {
  const std::string& role = *role_names_[id];
  std::vector<std::int32_t>& seen = roles_.find(role)->second.partitions;
  if (std::find(seen.begin(), seen.end(), partition) != seen.end()) return;
  if (!seen.empty()) {
    std::string m = roleText(role);
    m += " has records in partition ";
    appendInt(m, seen.front());
    m += " and in partition ";
    appendInt(m, partition);
    m += " (from offset ";
    appendInt(m, offset);
    m += "); every record of a role belongs to one partition";
    addAnomaly(Anomaly{AnomalyKind::role_in_two_partitions, role, partition, offset, std::move(m)});
  }
  seen.push_back(partition);
}

std::optional<StateFolder::Decoded> StateFolder::decode(std::optional<ByteSpan> key, std::optional<ByteSpan> value,
                                                        FoldError& error) {
  auto fail = [&error](const Error& e) {
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
  const Result<KeyView> k = decodeKeyView(*key);
  if (!k.ok()) return fail(k.error());
  Decoded d{k.value(), std::nullopt, std::nullopt};
  if (isTombstone(value)) return d;
  if (d.key.kind == RecordKind::registration) {
    const Result<RegistrationView> v = decodeRegistrationView(*value);
    if (!v.ok()) return fail(v.error());
    d.registration = v.value();
  } else {
    const Result<LeaseView> v = decodeLeaseView(*value);
    if (!v.ok()) return fail(v.error());
    d.lease = v.value();
  }
  return d;
}

void StateFolder::add(std::int32_t partition, std::int64_t offset, std::int64_t timestamp, std::optional<ByteSpan> key,
                      std::optional<ByteSpan> value, std::int64_t line, Producer producer) {
  const std::uint64_t number = pushed_++;
  if (producer.control) {
    addMarker(partition, producer.id, offset, key, line);
    return;
  }
  std::uint32_t source = kNoSource;
  if (record_index_) {
    const std::uint32_t txn = producer.transactional ? txns_.openFor(partition, producer.id, offset) : kNoTransaction;
    source = record_index_->addSource(RecordSource{number, kPushedInput, 0, txn});
  }
  read(partition, offset, timestamp, key, value, line, producer, source);
}

void StateFolder::read(std::int32_t partition, std::int64_t offset, std::int64_t timestamp, std::optional<ByteSpan> key,
                       std::optional<ByteSpan> value, std::int64_t line, Producer producer, std::uint32_t source) {
  ++records_;
  if (producer.transactional) {
    addPending(partition, producer.id, offset, timestamp, key, value, line, source);
  } else {
    apply(partition, offset, timestamp, key, value, line, source, kNoTransaction);
  }
}

void StateFolder::track(KeySlot& s, std::int64_t offset, std::int64_t timestamp,
                        const std::optional<RegistrationView>& registration, const std::optional<LeaseView>& lease,
                        std::uint32_t source, std::uint32_t transaction) {
  if (keep_history_) {
    DecodedValue v = Tombstone{};
    if (registration) v = Registration{std::string(registration->member), registration->registered_at};
    if (lease)
      v = Lease{std::string(lease->member), lease->producer_id, lease->producer_epoch, lease->granted_at,
                lease->deadline};
    s.history.push_back(HistoryEntry{offset, timestamp, std::move(v), std::nullopt, transaction});
  }
  if (record_index_) record_index_->add(static_cast<std::uint32_t>(&s - slots_.data()), offset, source);
}

void StateFolder::apply(std::int32_t partition, std::int64_t offset, std::int64_t timestamp,
                        std::optional<ByteSpan> key, std::optional<ByteSpan> value, std::int64_t line,
                        std::uint32_t source, std::uint32_t transaction) {
  FoldError error{partition, offset, line, {}, {}, {}};
  const std::optional<Decoded> d = decode(key, value, error);
  if (!d) {
    addError(std::move(error));
    return;
  }
  const KeyView& kv = d->key;
  const std::optional<RegistrationView>& registration = d->registration;
  const std::optional<LeaseView>& lease = d->lease;
  if (lease) {
    const LeaseView& l = *lease;
    auto [it, inserted] = max_epoch_.try_emplace(l.producer_id, l.producer_epoch);
    if (!inserted) {
      if (l.producer_epoch < it->second) {
        std::string m = "the lease of " + roleText(kv.role) + " at offset ";
        appendInt(m, offset);
        m += " has producer id ";
        appendInt(m, l.producer_id);
        m += " with epoch ";
        appendInt(m, l.producer_epoch);
        m += ", below epoch ";
        appendInt(m, it->second);
        m += " of an earlier lease; the epochs of a producer id only grow";
        addAnomaly(
            Anomaly{AnomalyKind::producer_epoch_backwards, std::string(kv.role), partition, offset, std::move(m)});
      } else {
        it->second = l.producer_epoch;
      }
    }
  }

  KeySlot& s = slotFor(partition, *key, kv);
  if (!s.noted) {
    notePartition(s.role, partition, offset);
    s.noted = true;
  }
  // A committed transaction's records were kept in history and index when they were read.
  if (transaction == kNoTransaction) track(s, offset, timestamp, registration, lease, source, kNoTransaction);
  // Older than what the key holds (an unknown offset, -1, is taken in arrival order).
  if (offset >= 0 && s.offset != INT64_MIN && offset <= s.offset) return;
  s.offset = offset;
  s.timestamp = timestamp;
  s.live = registration || lease;
  if (registration) {
    s.holder.assign(registration->member);
    s.registered_at = registration->registered_at;
  } else if (lease) {
    s.holder.assign(lease->member);
    s.producer_id = lease->producer_id;
    s.producer_epoch = lease->producer_epoch;
    s.granted_at = lease->granted_at;
    s.deadline = lease->deadline;
  }
}

namespace {

// 8 bytes at a time, multiply-xorshift (splitmix64's finalizer): the keys share long prefixes
// ("\0\0\0\0" + role), so every byte must reach every bit.
std::uint64_t hashKey(std::int32_t partition, ByteSpan key) {
  auto mix = [](std::uint64_t h, std::uint64_t w) {
    h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 31);
  };
  std::uint64_t h = 0x9E3779B97F4A7C15ull ^ static_cast<std::uint32_t>(partition) ^ (std::uint64_t{key.size()} << 32);
  std::size_t i = 0;
  for (; i + 8 <= key.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, key.data() + i, 8);
    h = mix(h, w);
  }
  std::uint64_t tail = 0;
  for (std::size_t k = 0; i < key.size(); ++i, ++k) tail |= std::uint64_t{key[i]} << (8 * k);
  h = mix(h, tail);
  h ^= h >> 29;
  h *= 0x94D049BB133111EBull;
  return h ^ (h >> 32);
}

// Equality 8 bytes at a time (wasm's memcmp is a byte loop, and keys share long prefixes).
bool sameBytes(const std::string& a, ByteSpan b) {
  if (a.size() != b.size()) return false;
  const char* p = a.data();
  const std::uint8_t* q = b.data();
  std::size_t i = 0;
  for (; i + 8 <= b.size(); i += 8) {
    std::uint64_t x, y;
    std::memcpy(&x, p + i, 8);
    std::memcpy(&y, q + i, 8);
    if (x != y) return false;
  }
  for (; i < b.size(); ++i)
    if (static_cast<std::uint8_t>(p[i]) != q[i]) return false;
  return true;
}

}  // namespace

StateFolder::KeySlot& StateFolder::slotFor(std::int32_t partition, ByteSpan key, const KeyView& view) {
  const std::uint64_t h = hashKey(partition, key);
  if ((slots_.size() + 1) * 2 > index_.size()) {
    index_.assign(std::max<std::size_t>(1024, index_.size() * 2), 0);
    const std::size_t mask = index_.size() - 1;
    for (std::size_t n = 0; n < slots_.size(); ++n) {
      std::size_t i = slots_[n].hash & mask;
      while (index_[i] != 0) i = (i + 1) & mask;
      index_[i] = static_cast<std::uint32_t>(n + 1);
    }
  }
  const std::size_t mask = index_.size() - 1;
  for (std::size_t i = h & mask;; i = (i + 1) & mask) {
    const std::uint32_t at = index_[i];
    if (at == 0) {
      KeySlot s;
      s.key.assign(reinterpret_cast<const char*>(key.data()), key.size());
      s.hash = h;
      s.partition = partition;
      s.kind = view.kind;
      s.role = roleId(view.role);
      s.member.assign(view.member);
      slots_.push_back(std::move(s));
      index_[i] = static_cast<std::uint32_t>(slots_.size());
      return slots_.back();
    }
    KeySlot& s = slots_[at - 1];
    if (s.hash == h && s.partition == partition && sameBytes(s.key, key)) return s;
  }
}

FoldState StateFolder::result(std::int64_t now) const {
  FoldState out;
  out.records = records_;
  out.errors = errors_;
  out.errors_omitted = errors_omitted_;
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

  // Live keys grouped by (role name, partition): role names ranked once, then integer sorts
  // (a std::map keyed by name compared role strings some 16 times per key).
  std::vector<std::uint32_t> rank(role_names_.size());
  {
    std::vector<std::uint32_t> by_name(role_names_.size());
    for (std::uint32_t id = 0; id < by_name.size(); ++id) by_name[id] = id;
    std::sort(by_name.begin(), by_name.end(),
              [this](std::uint32_t a, std::uint32_t b) { return *role_names_[a] < *role_names_[b]; });
    for (std::uint32_t r = 0; r < by_name.size(); ++r) rank[by_name[r]] = r;
  }
  std::vector<const KeySlot*> live;
  for (const KeySlot& s : slots_)
    if (s.live) live.push_back(&s);
  std::sort(live.begin(), live.end(), [&rank](const KeySlot* a, const KeySlot* b) {
    return std::pair(rank[a->role], a->partition) < std::pair(rank[b->role], b->partition);
  });
  std::vector<RoleState> roles;
  for (std::size_t i = 0; i < live.size();) {
    const KeySlot& first = *live[i];
    RoleState rs;
    rs.role = *role_names_[first.role];
    rs.partition = first.partition;
    for (; i < live.size() && live[i]->role == first.role && live[i]->partition == first.partition; ++i) {
      const KeySlot& s = *live[i];
      if (s.kind == RecordKind::registration) {
        rs.members.push_back(MemberState{s.holder, s.registered_at, s.offset, s.timestamp});
      } else {
        rs.lease =
            LeaseState{s.holder, s.producer_id, s.producer_epoch, s.granted_at, s.deadline, s.offset, s.timestamp};
      }
    }
    roles.push_back(std::move(rs));
  }

  std::map<std::int64_t, std::vector<const RoleState*>> by_producer;
  for (RoleState& rs : roles) {
    std::sort(rs.members.begin(), rs.members.end(),
              [](const MemberState& a, const MemberState& b) { return a.member < b.member; });
    if (!rs.lease) continue;
    const LeaseState& l = *rs.lease;
    rs.expired = now >= l.deadline;
    by_producer[l.producer_id].push_back(&rs);
    const bool registered =
        std::any_of(rs.members.begin(), rs.members.end(), [&](const MemberState& m) { return m.member == l.holder; });
    if (!registered) {
      std::string m = "the lease of " + roleText(rs.role) + " is held by \"" + l.holder +
                      "\", which has no registration in the role";
      anomaly(Anomaly{AnomalyKind::lease_holder_not_registered, rs.role, rs.partition, l.offset, std::move(m)});
    }
    if (l.deadline < l.granted_at) {
      std::string m = "the lease of " + roleText(rs.role) + " has deadline ";
      appendInt(m, l.deadline);
      m += " before granted_at ";
      appendInt(m, l.granted_at);
      anomaly(Anomaly{AnomalyKind::deadline_before_granted_at, rs.role, rs.partition, l.offset, std::move(m)});
    }
  }
  for (const auto& [pid, held] : by_producer) {
    if (held.size() < 2) continue;
    for (const RoleState* rs : held) {
      std::string m = "producer id ";
      appendInt(m, pid);
      m += " holds the lease of " + roleText(rs->role) + " and of";
      bool first = true;
      for (const RoleState* other : held) {
        if (other == rs) continue;
        m += first ? " " : ", ";
        m += roleText(other->role);
        first = false;
      }
      anomaly(
          Anomaly{AnomalyKind::producer_holds_two_leases, rs->role, rs->partition, rs->lease->offset, std::move(m)});
    }
  }
  for (Anomaly& a : openTransactionAnomalies()) anomaly(std::move(a));
  std::stable_sort(out.anomalies.begin(), out.anomalies.end(), [](const Anomaly& a, const Anomaly& b) {
    return std::tie(a.role, a.partition, a.offset) < std::tie(b.role, b.partition, b.offset);
  });

  out.roles = std::move(roles);

  if (keep_history_) {
    for (const KeySlot& s : slots_) {
      out.history.push_back(KeyHistory{s.kind, *role_names_[s.role], s.member, s.partition, s.history});
      for (HistoryEntry& e : out.history.back().entries)
        if (e.transaction_id != kNoTransaction) e.transaction = txns_.at(e.transaction_id).ref();
    }
    std::sort(out.history.begin(), out.history.end(), [](const KeyHistory& a, const KeyHistory& b) {
      return std::tie(a.role, a.kind, a.member, a.partition) < std::tie(b.role, b.kind, b.member, b.partition);
    });
  }
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
