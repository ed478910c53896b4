#include "sharestate/state_batches.h"

#include <algorithm>
#include <iterator>
#include <set>
#include <tuple>
#include <utility>

namespace coordination::sharestate {

namespace {

// Java's long arithmetic: two's complement, wrapping.
std::int64_t plusOne(std::int64_t x) { return static_cast<std::int64_t>(static_cast<std::uint64_t>(x) + 1u); }
std::int64_t minusOne(std::int64_t x) { return static_cast<std::int64_t>(static_cast<std::uint64_t>(x) - 1u); }

// PersisterStateBatchCombiner.compareBatchDeliveryInfo: the delivery count, then the state.
int compareDelivery(const StateBatch& a, const StateBatch& b) {
  if (a.delivery_count != b.delivery_count) return a.delivery_count < b.delivery_count ? -1 : 1;
  if (a.delivery_state != b.delivery_state) return a.delivery_state < b.delivery_state ? -1 : 1;
  return 0;
}

// PersisterStateBatch.compareTo: the TreeSet's order, and its equality (a batch added twice is one).
struct BatchOrder {
  bool operator()(const StateBatch& a, const StateBatch& b) const {
    return std::tie(a.first_offset, a.last_offset, a.delivery_count, a.delivery_state) <
           std::tie(b.first_offset, b.last_offset, b.delivery_count, b.delivery_state);
  }
};

StateBatch batchOf(std::int64_t first, std::int64_t last, const StateBatch& like) {
  return StateBatch{first, last, like.delivery_state, like.delivery_count};
}

// One step of mergeBatches' loop on a pair (prev before candidate, overlapping, or contiguous with
// the same delivery): handleSameStateMerge and handleDiffStateOverlap*.
void resolve(const StateBatch& p, const StateBatch& c, std::set<StateBatch, BatchOrder>& sorted) {
  const int order = compareDelivery(c, p);
  if (order == 0) {
    sorted.insert(batchOf(p.first_offset, std::max(c.last_offset, p.last_offset), p));
  } else if (c.first_offset == p.first_offset) {
    if (c.last_offset == p.last_offset) {
      sorted.insert(c);
    } else if (order < 0) {
      sorted.insert(p);
      sorted.insert(batchOf(plusOne(p.last_offset), c.last_offset, c));
    } else {
      sorted.insert(c);
    }
  } else if (c.last_offset < p.last_offset) {
    if (order < 0) {
      sorted.insert(p);
    } else {
      sorted.insert(batchOf(p.first_offset, minusOne(c.first_offset), p));
      sorted.insert(c);
      sorted.insert(batchOf(plusOne(c.last_offset), p.last_offset, p));
    }
  } else if (c.last_offset == p.last_offset) {
    if (order < 0) {
      sorted.insert(p);
    } else {
      sorted.insert(batchOf(p.first_offset, minusOne(c.first_offset), p));
      sorted.insert(c);
    }
  } else if (order < 0) {
    sorted.insert(p);
    sorted.insert(batchOf(plusOne(p.last_offset), c.last_offset, c));
  } else {
    sorted.insert(batchOf(p.first_offset, minusOne(c.first_offset), p));
    sorted.insert(c);
  }
}

}  // namespace

std::vector<StateBatch> combineStateBatches(std::span<const StateBatch> so_far, std::span<const StateBatch> fresh,
                                            std::int64_t start_offset, bool* ended, std::size_t max_steps) {
  if (ended) *ended = true;
  // initializeCombinedList, then pruneBatches.
  std::vector<StateBatch> combined;
  combined.reserve(so_far.size() + fresh.size());
  for (const auto list : {so_far, fresh})
    for (const StateBatch& b : list) {
      if (start_offset == -1 || b.first_offset >= start_offset) {
        combined.push_back(b);
      } else if (b.last_offset >= start_offset) {
        combined.push_back(batchOf(start_offset, b.last_offset, b));
      }
    }
  if (combined.size() < 2) return combined;
  // mergeBatches: the first mergeable pair of the sorted set resolved until there is none; the
  // batches before the pair go to the result as they are found.
  std::set<StateBatch, BatchOrder> sorted(combined.begin(), combined.end());
  std::vector<StateBatch> out;
  out.reserve(combined.size() * 3 / 2);
  // A well-formed input's steps are at most a few per batch.
  if (max_steps == 0) max_steps = 64 * (combined.size() + 16);
  for (std::size_t steps = 0;; ++steps) {
    auto prev = sorted.begin();
    auto candidate = std::next(prev);
    for (; candidate != sorted.end(); prev = candidate++) {
      if (candidate->first_offset <= prev->last_offset ||
          (plusOne(prev->last_offset) == candidate->first_offset && compareDelivery(*prev, *candidate) == 0))
        break;
    }
    out.insert(out.end(), sorted.begin(), prev);
    sorted.erase(sorted.begin(), prev);
    if (candidate == sorted.end()) break;
    if (steps == max_steps) {
      if (ended) *ended = false;
      break;
    }
    const StateBatch p = *prev;
    const StateBatch c = *candidate;
    sorted.erase(candidate);
    sorted.erase(prev);
    resolve(p, c, sorted);
  }
  out.insert(out.end(), sorted.begin(), sorted.end());
  return out;
}

}  // namespace coordination::sharestate
