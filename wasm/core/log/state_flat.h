// The fold's state as flat arrays for the JS API (wasm/log-api.js reads them; the layout is here
// and there only): typed-array views and one TextDecoder call instead of a JSON document and its
// parse (17 MB of JSON for 50,000 roles), and columns the topic view's worker sends on as they are.
//
// Sections follow each other in the order below, each as long as its count (n roles, m members,
// a anomalies, e errors, h history keys, x history entries, t those of them in a transaction).
//   words (i32): n m a e h x t history-kept(0/1)
//     roles:     partition[n] lease[n] (0 none, 1 held, 2 expired) producerEpoch[n] membersEnd[n]
//                (role i's members are [membersEnd[i-1], membersEnd[i]), by member name)
//     errors:    hasLine[e] (1: the error has a line, not an offset) partition[e]
//     history:   kind[h] (0 registration, 1 lease) partition[h] entriesEnd[h]
//     entries:   value[x] (-1 tombstone, 0 registration, 1 lease) producerEpoch[x]
//                transaction[x] (-1 none, else its index in the transactions' sections)
//   longs (i64): records anomaliesOmitted errorsOmitted
//     roles:     producerId[n] grantedAt[n] deadline[n]       (0 without a lease)
//     members:   registeredAt[m]
//     anomalies: offset[a]
//     errors:    offset or line[e]
//     entries:   offset[x] timestamp[x] registeredAt-or-producerId[x] grantedAt[x] deadline[x]
//     transactions: producerId[t] markerOffset[t] (-1 while open)
//   strings: role[n] holder[n] ("" without a lease) member[m] anomalyKind[a] anomalyRole[a]
//            anomalyMessage[a]
//            errorCode[e] errorField[e] errorMessage[e] errorRole[e] ("" when the key did not
//            decode) historyRole[h] historyMember[h]
//            entryMember[x] ("" for a tombstone) transactionState[t] (log/table.h
//            LOG_TRANSACTION_STATES)
// The strings are UTF-8 one after another in `pool`; ends[i] is where string i ends in UTF-16
// units of the decoded pool, so JS decodes the pool once and slices it. Every string of the state
// is well-formed UTF-8 (the codec validates names; messages are ASCII around them), which makes
// the UTF-16 length a count of the bytes that start a character.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "log/fold.h"

namespace coordination {

struct FlatState {
  std::vector<std::int32_t> words;
  std::vector<std::int64_t> longs;
  std::vector<std::uint8_t> pool;
  std::vector<std::uint32_t> ends;

  bool operator==(const FlatState&) const = default;
};

// One role of the state (of one partition) as the sections hold it.
struct FlatRole {
  std::string_view role;
  std::string_view holder;  // "" without a lease
  std::int32_t partition;
  std::int32_t lease;  // 0 none, 1 held, 2 expired
  std::int16_t producer_epoch;
  std::int64_t producer_id, granted_at, deadline;  // 0 without a lease
  std::uint32_t members_end;
};
struct FlatMember {
  std::string_view member;
  std::int64_t registered_at;
};

// The roles and members of a state, wherever they are kept: a folder's slots
// (StateFolder::flatResult), partitions folded apart (log/fold_merge.h FoldMerger::flatResult).
class FlatRoles {
 public:
  virtual std::size_t roleCount() const = 0;
  virtual FlatRole role(std::size_t i) const = 0;
  virtual std::size_t memberCount() const = 0;
  virtual FlatMember member(std::size_t j) const = 0;

 protected:
  ~FlatRoles() = default;
};

// The one writer of the layout above, into `out` (replaced; its vectors keep their capacity for
// the next call).
void writeFlatState(const FlatRoles& roles, std::span<const Anomaly> anomalies, std::uint64_t anomalies_omitted,
                    std::span<const FoldError> errors, std::uint64_t errors_omitted, std::uint64_t records,
                    std::span<const KeyHistory> history, bool with_history, FlatState& out);

}  // namespace coordination
