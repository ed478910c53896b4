// The merged transaction log (transactions/fold.h) as flat arrays for the JS API
// (wasm/api/transactions-api.js reads them; the layout is here and there only), as log/state_flat.h
// does for the coordination state. Counts: t entries (removed ones included), q topics, i
// partition ids, a anomalies, e errors.
//   words (i32): t q i a e
//     entries:   partition[t] producerEpoch[t] status[t] timeoutMs[t] removed[t] (0/1)
//                partitionsNull[t] (0/1) topicsEnd[t] (entry k's topics: [topicsEnd[k-1], topicsEnd[k]))
//     topics:    idsEnd[q]
//     ids:       partitionId[i]
//     anomalies: partition[a]
//     errors:    hasLine[e] partition[e]
//   longs (i64): records anomaliesOmitted errorsOmitted
//     entries:   offset[t] producerId[t] lastUpdate[t] start[t]
//     anomalies: offset[a]
//     errors:    offset or line[e]
//   strings: transactionalId[t] topic[q] anomalyKind[a] anomalyTransactionalId[a] anomalyMessage[a]
//            errorCode[e] errorField[e] errorMessage[e] errorTransactionalId[e] ("" when the key did
//            not decode)
// Strings as in log/state_flat.h (one UTF-8 pool, UTF-16 ends).
#pragma once

#include "log/state_flat.h"
#include "transactions/fold.h"

namespace coordination::transactions {

// Replaces out's contents (its vectors keep their capacity).
void flattenTransactionLog(const TransactionLogState& log, FlatState& out);

}  // namespace coordination::transactions
