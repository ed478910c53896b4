#include "transactions/join.h"

#include <algorithm>
#include <string>

#include "wire/append.h"

namespace coordination::transactions {

using detail::say;
using detail::sayTo;
using detail::Shown;

TransactionJoin::TransactionJoin(const TransactionLogState& log) : log_(log) {
  // The uses are by producer id, then in the log's order: the last of each producer id wins.
  for (const ProducerUse& u : log.uses) {
    if (!by_producer_.empty() && by_producer_.back().first == u.producer_id) {
      by_producer_.back().second = u.entry;
    } else {
      by_producer_.emplace_back(u.producer_id, u.entry);
    }
  }
}

namespace {

bool inFlight(std::int8_t status) {
  switch (static_cast<TransactionStatus>(status)) {
    case TransactionStatus::Ongoing:
    case TransactionStatus::PrepareCommit:
    case TransactionStatus::PrepareAbort:
    case TransactionStatus::PrepareEpochFence:
      return true;
    default:
      return false;
  }
}

// "the lease of role "R" (offset O), producer id P epoch E"
std::string leaseText(const LeaseFacts& l) {
  return say({"the lease of role \"", Shown{l.role}, "\" (offset ", l.offset, ") has producer id ", l.producer_id,
              ", epoch ", l.producer_epoch});
}

// "transactional id "T" (transaction log partition p, offset o)"
std::string recordText(const TransactionEntry& e) {
  return say({"transactional id \"", Shown{e.transactional_id}, "\" (transaction log partition ", e.partition,
              ", offset ", e.offset, ")"});
}

}  // namespace

void TransactionJoin::join(std::span<const LeaseFacts> leases, std::int64_t now, std::vector<std::uint32_t>& match,
                           std::vector<ProducerTransaction>& transactions, std::vector<Anomaly>& anomalies) const {
  match.assign(leases.size(), kNoProducerTransaction);
  for (std::size_t k = 0; k < leases.size(); ++k) {
    const LeaseFacts& l = leases[k];
    const bool expired = now >= l.deadline;
    auto add = [&](AnomalyKind kind, std::string message, std::uint32_t row) {
      anomalies.push_back(Anomaly{kind, std::string(l.role), l.partition, l.offset, std::move(message), row});
    };
    const auto it = std::lower_bound(by_producer_.begin(), by_producer_.end(), l.producer_id,
                                     [](const auto& p, std::int64_t id) { return p.first < id; });
    if (it == by_producer_.end() || it->first != l.producer_id) {
      add(AnomalyKind::lease_holder_unknown_producer,
          leaseText(l) +
              ", which no transaction-log record read names: a non-transactional (idempotent) holder, or a "
              "transaction log not read whole",
          kNoProducerTransaction);
      continue;
    }
    const TransactionEntry& e = log_.entries[it->second];
    const bool dead = e.removed || e.status == static_cast<std::int8_t>(TransactionStatus::Dead);
    const auto row = static_cast<std::uint32_t>(transactions.size());
    transactions.push_back(
        ProducerTransaction{e.transactional_id, e.partition, e.offset, e.producer_id, e.producer_epoch,
                            dead ? static_cast<std::int8_t>(TransactionStatus::Dead) : e.status, e.last_update});
    match[k] = row;
    const bool replaced = e.producer_id != l.producer_id;
    const bool moved_on = replaced || l.producer_epoch < e.producer_epoch;
    // Transaction version 2 (KIP-890 part 2): the epoch moves at every commit and abort, and the
    // producer id at the epoch's exhaustion, so only a record InitProducerId wrote (Empty) proves
    // that the holder's producer id and epoch were taken over (README, "Transaction version 2").
    const bool tv2 = e.client_transaction_version >= 2;
    const bool reinitialised = e.status == static_cast<std::int8_t>(TransactionStatus::Empty);
    if (!expired && moved_on && (!tv2 || reinitialised)) {
      std::string m = say({leaseText(l), "; ", recordText(e)});
      if (replaced) {
        sayTo(m, {" has moved on to producer id ", e.producer_id, " (epoch ", e.producer_epoch,
                  "): the holder's producer id was replaced"});
      } else {
        sayTo(m, {" is at epoch ", e.producer_epoch, ": the holder was fenced"});
      }
      if (tv2) {
        m += replaced ? " (transaction version 2: an Empty record with another producer id is written only by "
                        "InitProducerId, not by the epoch exhaustion's rotation at a commit or abort)"
                      : " (transaction version 2: the epoch also moves at each commit and abort, but an Empty "
                        "record at a higher epoch is written only by InitProducerId: it was re-initialised after "
                        "the lease)";
      }
      m += ", and its lease is live: a zombie holds the role";
      add(AnomalyKind::lease_holder_fenced, std::move(m), row);
    }
    // Under transaction version 2 the holder's own transaction is at its epoch or above.
    const bool holders_epoch =
        l.producer_epoch == e.producer_epoch || (tv2 && !reinitialised && l.producer_epoch < e.producer_epoch);
    if (!e.removed && !replaced && holders_epoch && inFlight(e.status) && pastTimeout(e, now)) {
      std::string m = leaseText(l);
      if (l.producer_epoch == e.producer_epoch) {
        sayTo(m, {"; the holder's transaction, ", recordText(e)});
      } else {
        sayTo(m, {"; the transaction of ", recordText(e), " at epoch ", e.producer_epoch,
                  " (transaction version 2: the holder's own after its commits and aborts, or a successor's)"});
      }
      sayTo(m, {", is ", statusName(e.status), " since ", e.start, " with a timeout of ", e.timeout_ms,
                " ms: past it at ", now});
      add(AnomalyKind::lease_holder_transaction_stuck, std::move(m), row);
    }
    if (!expired && dead) {
      add(AnomalyKind::lease_outlives_transactional_id,
          say({leaseText(l), "; ", recordText(e),
               e.removed ? " was removed (a tombstone: the transactional id expired)" : " is Dead (expired)",
               " while the lease is live"}),
          row);
    }
  }
}

}  // namespace coordination::transactions
