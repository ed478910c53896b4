// Partitions folded apart (on threads, in workers), merged into exactly the state one fold of them
// all gives, read partition after partition in the same order (StateFolder::flatResult: the same
// flat sections, byte for byte).
//
// Every record of a role goes to one partition, so a fold divides by partition: each partition is
// folded by a StateFolder of its own, which writes a *partial* (StateFolder::writePartial). What
// one fold computes across partitions is computed here from the partials:
// - the order of the reports: errors in reading order, anomalies found while folding in reading
//   order (a partial numbers them by the record applied), then the anomalies of the state;
// - the caps (log/anomalies.h): the first 10,000 errors and anomalies of the whole reading, the
//   rest counted (errorsOmitted, anomaliesOmitted);
// - role_in_two_partitions (a partial names each role's first record applied), and
//   producer_holds_two_leases, lease by lease over every partition's leases;
// - the roles, by name then partition, and records.
// Two things a fold carries from one partition into the next change what it does with the next:
// the highest lease epoch of each producer id (producer_epoch_backwards) and the bytes of the
// open transactions the partitions before left (the 64 MiB bound is over all of them). A partial
// says what of them it depended on (the epochs its producer ids had on arrival, its bytes'
// peak); when the partitions read before it give another value that would change its fold,
// refold() names it with the seed (log/fold.h FoldSeed) to fold it again from: a producer id whose
// epoch goes back across partitions, or open transactions past 64 MiB over several partitions.
// Otherwise (the usual case) each partition is folded once.
//
// A partial (big-endian; text: i32 length, UTF-8):
//   the head of log/partial_bytes.h: magic "CVP1", records, errors, the anomalies found while
//     folding (subject: the role; their own field: applied i64)
//   | partition i32 | seed pending bytes i64 | pending peak i64 | pending left i64 | dropped i8
//     (bytes over the seed's)
//   | roles' first records applied: n i32, n x (role, applied i64, offset i64), by applied
//   | producer ids with a lease applied: n i32, n x (id i64, seeded i8, seed epoch i16, first epoch
//     i16, highest epoch i16)
//   | roles (by name): n i32, n x (role, members end i32, lease i8: 0 none, 1 one; with one: holder,
//     producer id i64, epoch i16, granted at i64, deadline i64, offset i64, registered i8)
//   | members (role after role, by name): n i32, n x (member, registered at i64)
//   | transaction_open anomalies: n i32, n x (role, offset i64, message)
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "log/fold.h"
#include "log/state_flat.h"

namespace coordination {

// A seed as bytes (for a worker): pending bytes i64 | n i32 | n x (producer id i64, epoch i16).
std::vector<std::uint8_t> seedBytes(const FoldSeed& seed);
// nullopt: not a seed.
std::optional<FoldSeed> parseSeed(ByteSpan bytes);

class FoldMerger {
 public:
  FoldMerger();
  ~FoldMerger();
  FoldMerger(const FoldMerger&) = delete;
  FoldMerger& operator=(const FoldMerger&) = delete;

  // The partial of the partition read `order`-th (from 0), replacing an earlier one of the same
  // order (a fold again). Returns "" or why the bytes are not a partial, or a partial of a
  // partition that another order already has (a partition is read in one piece).
  std::string add(std::uint32_t order, ByteSpan partial);
  // The first partial (in reading order) that must be folded again, and the seed to fold it from;
  // nullopt when the partials give exactly the state one fold gives.
  std::optional<std::pair<std::uint32_t, FoldSeed>> refold() const;
  // The merged state, as StateFolder::flatResult writes one fold's (no history); join: the leases
  // held against it too.
  void flatResult(std::int64_t now, FlatState& out, const LeaseJoin* join = nullptr) const;

  struct Partial;

 private:
  std::map<std::uint32_t, std::unique_ptr<Partial>> partials_;  // by order
};

}  // namespace coordination
