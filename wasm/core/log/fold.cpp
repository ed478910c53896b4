#include "log/fold.h"

#include <algorithm>
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
  static constexpr std::string_view kNames[kAnomalyKindCount] = {
      "lease_holder_not_registered", "producer_epoch_backwards", "producer_holds_two_leases",
      "deadline_before_granted_at", "role_in_two_partitions"};
  return kNames[static_cast<std::size_t>(kind)];
}

void StateFolder::addError(FoldError e) {
  if (errors_.size() < kMaxFoldErrors) {
    errors_.push_back(std::move(e));
  } else {
    ++errors_omitted_;
  }
}

void StateFolder::addBatchError(std::int32_t partition, const BatchError& error) {
  addError(FoldError{partition, error.base_offset, -1, batchErrorCodeName(error.code), std::string(error.field),
                     error.message, error.position, true});
}

void StateFolder::addBatch(std::int32_t partition, const Batch& batch) {
  if (batch.header.control()) return;  // transaction markers: no coordination records
  for (const RecordView& r : batch.records) add(partition, r.offset, r.timestamp, r.key, r.value);
}

void StateFolder::notePartition(const std::string& role, std::int32_t partition, std::int64_t offset) {
  std::vector<std::int32_t>& seen = role_partitions_[role];
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
    anomalies_.push_back(Anomaly{AnomalyKind::role_in_two_partitions, role, partition, offset, std::move(m)});
  }
  seen.push_back(partition);
}

void StateFolder::add(std::int32_t partition, std::int64_t offset, std::int64_t timestamp,
                      std::optional<ByteSpan> key, std::optional<ByteSpan> value, std::int64_t line) {
  ++records_;
  if (!key) {
    addError(FoldError{partition, offset, line, "NULL_KEY", "key",
                       "the record has a null key; every coordination record has one"});
    return;
  }
  const Result<KeyView> k = decodeKeyView(*key);
  if (!k.ok()) {
    addError(FoldError{partition, offset, line, errorCodeName(k.error().code), std::string(fieldPath(k.error().field)),
                       k.error().message()});
    return;
  }
  const KeyView& kv = k.value();
  DecodedValue decoded = Tombstone{};
  if (!isTombstone(value)) {
    if (kv.kind == RecordKind::registration) {
      const Result<RegistrationView> v = decodeRegistrationView(*value);
      if (!v.ok()) {
        addError(FoldError{partition, offset, line, errorCodeName(v.error().code),
                           std::string(fieldPath(v.error().field)), v.error().message()});
        return;
      }
      decoded = Registration{std::string(v.value().member), v.value().registered_at};
    } else {
      const Result<LeaseView> v = decodeLeaseView(*value);
      if (!v.ok()) {
        addError(FoldError{partition, offset, line, errorCodeName(v.error().code),
                           std::string(fieldPath(v.error().field)), v.error().message()});
        return;
      }
      const LeaseView& l = v.value();
      decoded = Lease{std::string(l.member), l.producer_id, l.producer_epoch, l.granted_at, l.deadline};
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
          anomalies_.push_back(Anomaly{AnomalyKind::producer_epoch_backwards, std::string(kv.role), partition, offset,
                                       std::move(m)});
        } else {
          it->second = l.producer_epoch;
        }
      }
    }
  }

  lookup_.resize(4);
  for (int i = 0; i < 4; ++i) lookup_[static_cast<std::size_t>(i)] = static_cast<char>(static_cast<std::uint32_t>(partition) >> (8 * i));
  lookup_.append(reinterpret_cast<const char*>(key->data()), key->size());
  auto it = keys_.find(lookup_);
  if (it == keys_.end()) {
    it = keys_.emplace(lookup_, KeySlot{kv.kind, std::string(kv.role), std::string(kv.member), partition, INT64_MIN, 0, false, Tombstone{}, {}}).first;
    notePartition(it->second.role, partition, offset);
  }
  KeySlot& s = it->second;
  if (keep_history_) s.history.push_back(HistoryEntry{offset, timestamp, decoded});
  // Older than what the key holds (an unknown offset, -1, is taken in arrival order).
  if (offset >= 0 && s.offset != INT64_MIN && offset <= s.offset) return;
  s.offset = offset;
  s.timestamp = timestamp;
  s.live = !std::holds_alternative<Tombstone>(decoded);
  s.value = std::move(decoded);
}

FoldState StateFolder::result(std::int64_t now) const {
  FoldState out;
  out.records = records_;
  out.errors = errors_;
  out.errors_omitted = errors_omitted_;
  out.anomalies = anomalies_;

  std::map<std::pair<std::string_view, std::int32_t>, RoleState> roles;
  for (const auto& [bytes, s] : keys_) {
    if (!s.live) continue;
    RoleState& rs = roles[{s.role, s.partition}];
    rs.role = s.role;
    rs.partition = s.partition;
    if (const auto* reg = std::get_if<Registration>(&s.value)) {
      rs.members.push_back(MemberState{reg->member, reg->registered_at, s.offset, s.timestamp});
    } else if (const auto* l = std::get_if<Lease>(&s.value)) {
      rs.lease = LeaseState{l->member, l->producer_id, l->producer_epoch, l->granted_at, l->deadline, s.offset,
                            s.timestamp};
    }
  }

  std::map<std::int64_t, std::vector<const RoleState*>> by_producer;
  for (auto& [k, rs] : roles) {
    std::sort(rs.members.begin(), rs.members.end(),
              [](const MemberState& a, const MemberState& b) { return a.member < b.member; });
    if (!rs.lease) continue;
    const LeaseState& l = *rs.lease;
    rs.expired = now >= l.deadline;
    by_producer[l.producer_id].push_back(&rs);
    const bool registered = std::any_of(rs.members.begin(), rs.members.end(),
                                        [&](const MemberState& m) { return m.member == l.holder; });
    if (!registered) {
      std::string m = "the lease of " + roleText(rs.role) + " is held by \"" + l.holder +
                      "\", which has no registration in the role";
      out.anomalies.push_back(
          Anomaly{AnomalyKind::lease_holder_not_registered, rs.role, rs.partition, l.offset, std::move(m)});
    }
    if (l.deadline < l.granted_at) {
      std::string m = "the lease of " + roleText(rs.role) + " has deadline ";
      appendInt(m, l.deadline);
      m += " before granted_at ";
      appendInt(m, l.granted_at);
      out.anomalies.push_back(
          Anomaly{AnomalyKind::deadline_before_granted_at, rs.role, rs.partition, l.offset, std::move(m)});
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
      out.anomalies.push_back(
          Anomaly{AnomalyKind::producer_holds_two_leases, rs->role, rs->partition, rs->lease->offset, std::move(m)});
    }
  }
  std::stable_sort(out.anomalies.begin(), out.anomalies.end(), [](const Anomaly& a, const Anomaly& b) {
    return std::tie(a.role, a.partition, a.offset) < std::tie(b.role, b.partition, b.offset);
  });

  out.roles.reserve(roles.size());
  for (auto& [k, rs] : roles) out.roles.push_back(std::move(rs));

  if (keep_history_) {
    for (const auto& [bytes, s] : keys_)
      out.history.push_back(KeyHistory{s.kind, s.role, s.member, s.partition, s.history});
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
  FoldSink(StateFolder& folder, std::int32_t partition) : folder_(folder), partition_(partition) {}
  void onBatch(const Batch& batch) override { folder_.addBatch(partition_, batch); }
  void onError(const BatchError& error) override { folder_.addBatchError(partition_, error); }

 private:
  StateFolder& folder_;
  std::int32_t partition_;
};

}  // namespace

void LogFolder::pushLog(std::int32_t partition, ByteSpan chunk) {
  FoldSink sink(folder_, partition);
  stream_.push(chunk, sink);
}

void LogFolder::endLog(std::int32_t partition) {
  FoldSink sink(folder_, partition);
  stream_.finish(sink);
  stream_ = LogStream(limits_);
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
    if (!r.need(4 + 8 + 8 + 8)) return at;
    const std::int32_t partition = r.readI32();
    const std::int64_t offset = r.readI64();
    const std::int64_t timestamp = r.readI64();
    const std::int64_t line = r.readI64();
    std::optional<ByteSpan> key, value;
    if (!bytes(key) || !bytes(value)) return at;
    folder.add(partition, offset, timestamp, key, value, line);
  }
  return std::nullopt;
}

}  // namespace coordination
