// The fold's state as flat arrays for the JS API (wasm/api/log-api.js reads them; the layout is here
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
// Then the join (a LeaseJoin: the transaction log), after all the others in each kind: the word
// j (-1 without a join: nothing more; else the count of producer transactions), then
//   words:   roleTransaction[n] (-1 none or no lease) anomalyTransaction[a] (-2 not an anomaly of
//            the join, -1 one without a record) status[j] producerEpoch[j] partition[j]
//   longs:   producerId[j] lastUpdate[j] offset[j]
//   strings: transactionalId[j]
// The strings are UTF-8 one after another in `pool`; ends[i] is where string i ends in UTF-16
// units of the decoded pool, so JS decodes the pool once and slices it. Every string of the state
// is well-formed UTF-8 (the codec validates names; messages are ASCII around them), which makes
// the UTF-16 length a count of the bytes that start a character.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
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
// the next call). joined: the join's sections (nullptr: none).
void writeFlatState(const FlatRoles& roles, std::span<const Anomaly> anomalies, std::uint64_t anomalies_omitted,
                    std::span<const FoldError> errors, std::uint64_t errors_omitted, std::uint64_t records,
                    std::span<const KeyHistory> history, bool with_history, const JoinedLeases* joined, FlatState& out);

// UTF-16 units of well-formed UTF-8: one per byte that starts a character, two for a 4-byte one.
// ASCII runs 8 bytes at a time.
inline std::uint32_t utf16Length(std::string_view s) {
  const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
  const std::size_t n = s.size();
  std::size_t units = 0, i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    if ((w & 0x8080808080808080ull) == 0) {
      units += 8;
      continue;
    }
    for (std::size_t k = i; k < i + 8; ++k) units += (p[k] & 0xC0) != 0x80 ? 1u + (p[k] >= 0xF0) : 0u;
  }
  for (; i < n; ++i) units += (p[i] & 0xC0) != 0x80 ? 1u + (p[i] >= 0xF0) : 0u;
  return static_cast<std::uint32_t>(units);
}

// Appends to a FlatState's sections (a string: its bytes to the pool, its UTF-16 end to ends).
class Flattener {
 public:
  explicit Flattener(FlatState& out) : out_(out) {}
  void word(std::int32_t v) { out_.words.push_back(v); }
  void wide(std::int64_t v) { out_.longs.push_back(v); }
  void text(std::string_view s) {
    // Bytes to bytes: one memcpy, where chars to bytes was a loop of one byte at a time (run once
    // per result, in wasm it is still baseline code: a third of the flat state's time).
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(s.data());
    out_.pool.insert(out_.pool.end(), bytes, bytes + s.size());
    units_ += utf16Length(s);
    out_.ends.push_back(units_);
  }
  void count(std::size_t n) { word(static_cast<std::int32_t>(n)); }

 private:
  FlatState& out_;
  std::uint32_t units_ = 0;
};

}  // namespace coordination
