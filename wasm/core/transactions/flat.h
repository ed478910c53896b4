// The merged transaction log (transactions/fold.h) as flat arrays for the JS API
// (wasm/api/transactions-api.js reads them through the description below, emitted to
// wasm/generated/tables.js FLAT_LAYOUTS.transactions), as log/state_flat.h does for the
// coordination state; the layout's rules: log/flat_layout.h. Counts: entries (removed ones
// included), topics, ids (partition ids), anomalies, errors. Entry k's topics are
// [topicsEnd[k-1], topicsEnd[k]), topic j's ids [idsEnd[j-1], idsEnd[j]); removed and
// partitionsNull are 0/1; errors as the state's (key: the transactional id, "" when the key did not
// decode).
#define TRANSACTIONS_FLAT_COUNTS(X) X(entries, 1) X(topics, 1) X(ids, 1) X(anomalies, 1) X(errors, 1)
#define TRANSACTIONS_FLAT_SECTIONS(X)            \
  FLAT_FOLD_HEAD_SECTIONS(X)                     \
  X(word, entries, partition, entries)           \
  X(word, entries, producerEpoch, entries)       \
  X(word, entries, status, entries)              \
  X(word, entries, timeoutMs, entries)           \
  X(word, entries, removed, entries)             \
  X(word, entries, partitionsNull, entries)      \
  X(word, entries, topicsEnd, entries)           \
  X(wide, entries, offset, entries)              \
  X(wide, entries, producerId, entries)          \
  X(wide, entries, lastUpdate, entries)          \
  X(wide, entries, start, entries)               \
  X(text, entries, transactionalId, entries)     \
  X(word, topics, idsEnd, topics)                \
  X(text, topics, topic, topics)                 \
  X(word, ids, partitionId, ids)                 \
  X(word, anomalies, partition, anomalies)       \
  X(wide, anomalies, offset, anomalies)          \
  X(text, anomalies, kind, anomalies)            \
  X(text, anomalies, transactionalId, anomalies) \
  X(text, anomalies, message, anomalies)         \
  FLAT_FOLD_ERROR_SECTIONS(X)
#pragma once

#include "log/state_flat.h"
#include "transactions/fold.h"

namespace coordination {
FLAT_LAYOUT(transactions_flat, "transactions", TRANSACTIONS_FLAT_COUNTS, TRANSACTIONS_FLAT_SECTIONS)
}  // namespace coordination

namespace coordination::transactions {

// Replaces out's contents (its vectors keep their capacity).
void flattenTransactionLog(const TransactionLogState& log, FlatState& out);

}  // namespace coordination::transactions
