// The merged groups (groups/fold.h) as flat arrays for the JS API (wasm/groups-api.js reads them;
// the layout is here and there only), as transactions/flat.h does for the transaction log.
// Counts: g groups, r records (other than offset commits), o offsets, a anomalies, e errors.
//   words (i32): g r o a e
//     groups:    partition[g] recordsEnd[g] offsetsEnd[g] (group k's: [end[k-1], end[k]))
//     records:   partition[r] bytesEnd[r] (record k's key then value: bytes[bytesEnd[k-1],
//                bytesEnd[k]), its key's length keyLength[r]) keyLength[r]
//     offsets:   partition[o] leaderEpoch[o] recordPartition[o]
//     anomalies: generation[a] partition[a]
//     errors:    hasLine[e] partition[e]
//   longs (i64): records anomaliesOmitted errorsOmitted
//     records:   offset[r]
//     offsets:   offset[o] commitTimestamp[o] recordOffset[o]
//     anomalies: offset[a]
//     errors:    offset or line[e]
//   strings: group[g] topic[o] metadata[o] anomalyKind[a] anomalyGroup[a] anomalyMessage[a]
//            errorCode[e] errorField[e] errorMessage[e] errorGroup[e] ("" when the key did not decode)
//   bytes: the records' keys and values, as written.
// Strings as in log/state_flat.h (one UTF-8 pool, UTF-16 ends).
#pragma once

#include <cstdint>
#include <vector>

#include "groups/fold.h"
#include "log/state_flat.h"

namespace coordination::groups {

// Replaces out's and bytes' contents (their vectors keep their capacity).
void flattenGroupLog(const GroupLogState& log, FlatState& out, std::vector<std::uint8_t>& bytes);

}  // namespace coordination::groups
