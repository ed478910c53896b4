// The fold's anomalies and the reports' caps, as one fold (log/fold.h StateFolder) and the merge
// of partitions folded apart (log/fold_merge.h FoldMerger) both make them: one implementation of
// each message, of the cap and of the output order, so that the two give the same document.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "log/table.h"

namespace coordination {

// A closed set (log/table.h): names (anomalyKindName) are stable strings shown by the JS API and
// the CLI.
enum class AnomalyKind : std::uint8_t {
#define LOG_X(name, description) name,
  LOG_ANOMALY_KINDS(LOG_X)
#undef LOG_X
};
std::string_view anomalyKindName(AnomalyKind kind);

struct Anomaly {
  AnomalyKind kind;
  std::string role;
  std::int32_t partition;
  std::int64_t offset;  // the record that shows it
  std::string message;
  // An anomaly of a lease join (log/fold.h LeaseJoin): the ProducerTransaction it names
  // (kNoProducerTransaction: none read).
  std::optional<std::uint32_t> transaction = std::nullopt;
};

// Bounds that keep memory proportional to the state even for a log full of bad records.
inline constexpr std::size_t kMaxFoldErrors = 10000;
inline constexpr std::size_t kMaxAnomalies = 10000;

// The first `Max` reports in the order they were found; `omitted` counts the rest.
template <typename T, std::size_t Max>
struct Capped {
  std::vector<T> kept;
  std::uint64_t omitted = 0;

  // True when kept.
  bool add(T item) {
    if (kept.size() >= Max) {
      ++omitted;
      return false;
    }
    kept.push_back(std::move(item));
    return true;
  }

  // A part's kept items and the count it omitted (the merge of partitions folded apart).
  void addPart(std::span<const T> items, std::uint64_t part_omitted) {
    omitted += part_omitted;
    for (const T& item : items) add(item);
  }
};

// "role \"NAME\"", as messages name a role (NAME Shown: its bidi and control characters as escapes).
std::string roleText(std::string_view role);

// A role whose records are in a second partition: found at the first record applied there.
Anomaly roleInTwoPartitions(std::string_view role, std::int32_t first_partition, std::int32_t partition,
                            std::int64_t offset);

// A lease of the state, with what its anomalies need.
struct LeaseFacts {
  std::string_view role;
  std::int32_t partition;
  std::string_view holder;
  std::int64_t producer_id;
  std::int64_t granted_at;
  std::int64_t deadline;
  std::int64_t offset;  // the record that set it
  bool registered;      // its holder has a registration in the role (same partition)
  std::int16_t producer_epoch;
};

// The anomalies of the state's leases, in the state's order of roles (by name, then partition):
// lease_holder_not_registered and deadline_before_granted_at lease by lease, then
// producer_holds_two_leases (by producer id, then that order).
void addLeaseAnomalies(std::span<const LeaseFacts> leases, Capped<Anomaly, kMaxAnomalies>& out);

// The output order: by role, partition, offset; anomalies of one record in the order found.
void sortAnomalies(std::vector<Anomaly>& anomalies);

}  // namespace coordination
