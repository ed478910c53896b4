// The fold's state as flat arrays for the JS API (wasm/api/log-api.js reads them through the
// description below, emitted to wasm/generated/tables.js FLAT_LAYOUTS.state): typed-array views and
// one TextDecoder call instead of a JSON document and its parse (17 MB of JSON for 50,000 roles),
// and columns the topic view's worker sends on as they are. The layout's rules: log/flat_layout.h.
//
// Counts: n roles, m members, a anomalies, e errors, h history keys, x history entries, t those of
// them in a transaction. Role i's members are [membersEnd[i-1], membersEnd[i]), by member name;
// key k's entries [entriesEnd[k-1], entriesEnd[k]). lease: 0 none, 1 held, 2 expired (a role
// without a lease: "" holder, 0 producer id, granted at, deadline). errors: hasLine 1 when value is
// a line, not an offset; key (the role) "" when the key did not decode. entries: value -1 tombstone, 0
// registration, 1 lease; first its registeredAt or producerId; member "" for a tombstone;
// transaction -1 none, else its index in the transactions' sections (markerOffset -1 while open;
// state: log/table.h LOG_TRANSACTION_STATES). The history's sections are empty without history
// (withHistory 0).
// Then the join (JOIN_FLAT: the transaction log), after all the others in each kind; its own
// count rows is -1 without a join, and nothing follows. roles.transaction: -1 none or no lease;
// anomalies.transaction: -2 not an anomaly of the join, -1 one without a record.
// The strings are UTF-8 one after another in `pool`; ends[i] is where string i ends in UTF-16
// units of the decoded pool, so JS decodes the pool once and slices it. Every string of the state
// is well-formed UTF-8 (the codec validates names; messages are ASCII around them), which makes
// the UTF-16 length a count of the bytes that start a character.
#define STATE_FLAT_COUNTS(X) \
  X(roles, 1) X(members, 1) X(anomalies, 1) X(errors, 1) X(history, 1) X(entries, 1) X(transactions, 1)
#define STATE_FLAT_SECTIONS(X)                      \
  X(word, head, withHistory, one)                   \
  FLAT_FOLD_HEAD_SECTIONS(X)                        \
  X(word, roles, partition, roles)                  \
  X(word, roles, lease, roles)                      \
  X(word, roles, producerEpoch, roles)              \
  X(word, roles, membersEnd, roles)                 \
  X(wide, roles, producerId, roles)                 \
  X(wide, roles, grantedAt, roles)                  \
  X(wide, roles, deadline, roles)                   \
  X(text, roles, role, roles)                       \
  X(text, roles, holder, roles)                     \
  X(wide, members, registeredAt, members)           \
  X(text, members, member, members)                 \
  X(wide, anomalies, offset, anomalies)             \
  X(text, anomalies, kind, anomalies)               \
  X(text, anomalies, role, anomalies)               \
  X(text, anomalies, message, anomalies)            \
  FLAT_FOLD_ERROR_SECTIONS(X)                       \
  X(word, history, kind, history)                   \
  X(word, history, partition, history)              \
  X(word, history, entriesEnd, history)             \
  X(text, history, role, history)                   \
  X(text, history, member, history)                 \
  X(word, entries, value, entries)                  \
  X(word, entries, producerEpoch, entries)          \
  X(word, entries, transaction, entries)            \
  X(wide, entries, offset, entries)                 \
  X(wide, entries, timestamp, entries)              \
  X(wide, entries, first, entries)                  \
  X(wide, entries, grantedAt, entries)              \
  X(wide, entries, deadline, entries)               \
  X(text, entries, member, entries)                 \
  X(wide, transactions, producerId, transactions)   \
  X(wide, transactions, markerOffset, transactions) \
  X(text, transactions, state, transactions)
#define JOIN_FLAT_COUNTS(X) X(rows, 1) X(roles, 0) X(anomalies, 0)
#define JOIN_FLAT_SECTIONS(X)                \
  X(word, roles, transaction, roles)         \
  X(word, anomalies, transaction, anomalies) \
  X(word, rows, status, rows)                \
  X(word, rows, producerEpoch, rows)         \
  X(word, rows, partition, rows)             \
  X(wide, rows, producerId, rows)            \
  X(wide, rows, lastUpdate, rows)            \
  X(wide, rows, offset, rows)                \
  X(text, rows, transactionalId, rows)
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

#include "log/flat_layout.h"
#include "log/fold.h"

namespace coordination {

FLAT_LAYOUT(state_flat, "state", STATE_FLAT_COUNTS, STATE_FLAT_SECTIONS)
FLAT_LAYOUT(join_flat, "join", JOIN_FLAT_COUNTS, JOIN_FLAT_SECTIONS)

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

// A fold's errors into a layout's errors sections (every layout names them alike; key: the
// record key's name, "" when the key did not decode).
template <typename L>
void putErrors(typename L::Writer& f, std::span<const FoldError> errors) {
  for (std::size_t i = 0; i < errors.size(); ++i) {
    const FoldError& x = errors[i];
    // As the CLI's document has it: a line for a record without an offset (line input), else the offset.
    const bool line = x.line >= 0 && x.offset < 0;
    f.template put<L::errors_hasLine>(i, line ? 1 : 0);
    f.template put<L::errors_partition>(i, x.partition);
    f.template put<L::errors_value>(i, line ? x.line : x.offset);
    f.template put<L::errors_code>(i, x.code);
    f.template put<L::errors_field>(i, x.field);
    f.template put<L::errors_message>(i, x.message);
    f.template put<L::errors_key>(i, x.role);
  }
}

// The one writer of the layouts above, into `out` (replaced; its vectors keep their capacity for
// the next call). joined: the join's sections (nullptr: none).
void writeFlatState(const FlatRoles& roles, std::span<const Anomaly> anomalies, std::uint64_t anomalies_omitted,
                    std::span<const FoldError> errors, std::uint64_t errors_omitted, std::uint64_t records,
                    std::span<const KeyHistory> history, bool with_history, const JoinedLeases* joined, FlatState& out);

}  // namespace coordination
