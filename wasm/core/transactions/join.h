// The coordination state held against the transaction log (`state --transactions`): each lease's
// producer id looked up in the merged transaction log (transactions/fold.h), which names the
// transactional id it belongs to and that id's newest record: its producer id and epoch now, its
// transaction's status, whether it expired. The anomalies (transactions/table.h
// TRANSACTION_JOIN_ANOMALY_KINDS), each naming the role, the lease's offset and the
// transaction-log record's:
// - lease_holder_fenced: a live lease (not expired at now) whose producer epoch is below the
//   transactional id's, or whose producer id the transactional id no longer has (replaced). Under
//   transaction version 2 (the newest record's ClientTransactionVersion >= 2, KIP-890 part 2) the
//   epoch moves at every commit and abort and the producer id at the epoch's exhaustion, so only an
//   Empty newest record (written by InitProducerId alone) proves it; another is not reported;
// - lease_holder_unknown_producer: no transaction-log record read names the producer id (every
//   lease);
// - lease_holder_transaction_stuck: the transactional id's producer id and epoch are the lease's
//   (under transaction version 2, its epoch at or above the lease's) and its transaction is
//   Ongoing or Prepare* past start + timeout (every lease: a transaction left open blocks
//   read_committed readers of the partitions it wrote to, expired holder or not);
// - lease_outlives_transactional_id: a live lease whose transactional id is Dead or was removed
//   by a tombstone (expired).
// A producer id in several transactional ids (producer_id_moved) leads to the last that named it.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "log/fold.h"
#include "transactions/fold.h"

namespace coordination::transactions {

class TransactionJoin final : public LeaseJoin {
 public:
  // `log`: a merged state (mergeTransactionLogs), which must outlive the join and its results
  // (their transactional ids are views into it).
  explicit TransactionJoin(const TransactionLogState& log);
  void join(std::span<const LeaseFacts> leases, std::int64_t now, std::vector<std::uint32_t>& match,
            std::vector<ProducerTransaction>& transactions, std::vector<Anomaly>& anomalies) const override;

 private:
  const TransactionLogState& log_;
  std::vector<std::pair<std::int64_t, std::uint32_t>> by_producer_;  // producer id -> its newest entry
};

}  // namespace coordination::transactions
