// The fold's transactions (the rule: log/transactions.h): records of an open transaction wait for
// their producer's marker; a COMMIT marker folds them, an ABORT marker drops them.
#include <string>
#include <unordered_map>
#include <utility>

#include "log/fold.h"
#include "wire/append.h"

namespace coordination {

using detail::say;
using detail::sayTo;

void StateFolder::addPending(std::int32_t partition, std::int64_t producer_id, std::int64_t offset,
                             std::int64_t timestamp, std::optional<ByteSpan> key, std::optional<ByteSpan> value,
                             std::int64_t line) {
  const std::uint32_t id = txns_.openFor(partition, producer_id, offset);
  if (!txns_.at(id).overflowed && !txns_.buffer(id, PendingRecord{offset, timestamp, line, 0, 0}, key, value)) {
    Transaction& t = txns_.at(id);
    t.overflowed = true;
    pending_dropped_ = true;
    addError(FoldError{partition, offset, line, recordErrorCodeName(RecordErrorCode::TRANSACTION_TOO_LARGE), "record",
                       say({"producer id ", producer_id, "'s open transaction (from offset ", t.first_offset,
                            ") passed the ", kMaxPendingBytes >> 20,
                            " MiB the fold keeps of records awaiting their markers; its records from this one on are "
                            "not folded, whatever its marker says"})});
  }
  if (!keep_history_ && !record_index_) return;
  // History and index take the record now, in reading order, with its transaction (whose outcome
  // result() reads); its key and value errors are reported when a COMMIT folds it.
  FoldError ignored{};
  const std::optional<Decoded> d = decode(partition, key, value, ignored);
  if (!d) return;
  track(slotOf(partition, *key, *d), offset, timestamp, *d, id);
}

void StateFolder::addMarker(std::int32_t partition, std::int64_t producer_id, std::int64_t offset,
                            std::optional<ByteSpan> key, std::int64_t line) {
  std::string why;
  const std::optional<ControlKey> k = parseControlKey(key, why);
  if (!k) {
    why += "; the marker is ignored and its producer's transaction stays open";
    addError(FoldError{partition, offset, line, recordErrorCodeName(RecordErrorCode::INVALID_CONTROL_RECORD),
                       "controlRecord.key", std::move(why)});
    return;
  }
  if (k->type != kControlCommit && k->type != kControlAbort) return;  // KRaft's markers end no transaction
  const bool commit = k->type == kControlCommit;
  const std::optional<std::uint32_t> id =
      txns_.end(partition, producer_id, offset, commit ? TransactionState::committed : TransactionState::aborted);
  // No open transaction of the producer here: its records were cleaned, or lie before the input.
  if (!id) return;
  if (commit) {
    const Transaction& t = txns_.at(*id);
    for (const PendingRecord& r : t.pending) apply(partition, r.offset, r.timestamp, t.key(r), t.value(r), r.line, *id);
  }
  txns_.release(*id);
}

std::vector<Anomaly> StateFolder::openTransactionAnomalies() const {
  std::vector<Anomaly> out;
  for (const std::uint32_t id : txns_.open()) {
    const Transaction& t = txns_.at(id);
    // Per role, in the order the transaction's records name them: its first offset and count
    // (records whose key does not decode count under the role "").
    std::vector<std::pair<std::string, std::pair<std::int64_t, std::uint64_t>>> roles;
    std::unordered_map<std::string, std::size_t> seen;
    for (const PendingRecord& r : t.pending) {
      std::string role;
      if (const std::optional<ByteSpan> key = t.key(r)) {
        const Result<KeyView> k = decodeKeyView(*key);
        if (k.ok()) role = std::string(k.value().role);
      }
      const auto [it, inserted] = seen.try_emplace(role, roles.size());
      if (inserted) {
        roles.push_back({std::move(role), {r.offset, 1}});
      } else {
        ++roles[it->second].second.second;
      }
    }
    if (roles.empty()) roles.push_back({std::string(), {t.first_offset, 0}});
    for (auto& [role, first_count] : roles) {
      std::string m =
          say({"producer id ", t.producer_id, " has an open transaction in partition ", t.partition, " (from offset ",
               t.first_offset, ", no COMMIT or ABORT marker by the end of the input): ", first_count.second,
               first_count.second == 1 ? " record" : " records"});
      if (role.empty()) {
        m += " whose key does not decode";
      } else {
        sayTo(m, {" of role \"", detail::Shown{role}, "\""});
      }
      sayTo(m, {" from offset ", first_count.first, " await it and are not in the state"});
      if (t.overflowed) m += " (more were dropped: TRANSACTION_TOO_LARGE)";
      out.push_back(
          Anomaly{AnomalyKind::transaction_open, std::move(role), t.partition, first_count.first, std::move(m)});
    }
  }
  return out;
}

}  // namespace coordination
