// log/fold_merge.h: partitions folded apart and merged give exactly the flat state of one fold of
// them all, read partition after partition (FlatState ==, every section), on generated logs with
// errors and anomalies in several partitions and across partitions, the caps hit, producer epochs
// going back across partitions and open transactions past the 64 MiB bound over partitions.
#include "log/fold_merge.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "coordination/coordination_codec.h"
#include "log/fold.h"
#include "log/state_flat.h"

namespace cv = coordination;
using Bytes = std::vector<std::uint8_t>;

namespace {

struct Rec {
  std::int64_t offset;
  std::optional<Bytes> key, value;
  cv::Producer producer;
};

// One partition's records, in reading order.
struct Part {
  std::int32_t partition;
  std::vector<Rec> records;
};

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : s_(seed * 0x9E3779B97F4A7C15ull + 1) {}
  std::uint64_t next() {
    s_ ^= s_ << 13;
    s_ ^= s_ >> 7;
    s_ ^= s_ << 17;
    return s_;
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
  bool chance(int percent) { return below(100) < percent; }

 private:
  std::uint64_t s_;
};

Bytes key(cv::RecordKind kind, const std::string& role, const std::string& member) {
  return cv::encodeKey(cv::CoordinationKey{kind, role, kind == cv::RecordKind::lease ? "" : member}).value();
}
Bytes registration(const std::string& member, std::int64_t at) {
  return cv::encodeValue(cv::Registration{member, at}).value();
}
Bytes lease(const std::string& member, std::int64_t producer, std::int16_t epoch, std::int64_t granted,
            std::int64_t deadline) {
  return cv::encodeValue(cv::Lease{member, producer, epoch, granted, deadline}).value();
}

// A partition of `n` records: registrations, leases (producer ids shared with other partitions,
// epochs that go up and down), tombstones, bad keys and values, null keys, transactions
// committed, aborted and left open. Roles are named by partition, and a few are shared.
Part generate(Rng& rng, std::int32_t partition, int n, int bad_percent) {
  Part p{partition, {}};
  std::int64_t offset = 0;
  auto role = [&] {
    return rng.chance(5) ? "shared-" + std::to_string(rng.below(3))
                         : "role-" + std::to_string(partition) + "-" + std::to_string(rng.below(40));
  };
  auto member = [&] { return "m-" + std::to_string(rng.below(6)); };
  auto record = [&](cv::Producer producer) {
    Rec r{offset++, {}, {}, producer};
    const int what = rng.below(100);
    if (what < bad_percent / 3) {
      r.key = Bytes{0, 0, 0, 9, 1, 2};  // a key that does not decode
      r.value = registration("x", 1);
    } else if (what < 2 * bad_percent / 3) {
      r.key = key(cv::RecordKind::lease, role(), "");
      r.value = Bytes{0, 0, 0, 1, 0xFF};  // a value that does not decode
    } else if (what < bad_percent) {
      r.key = std::nullopt;  // NULL_KEY
    } else if (what < bad_percent + 35) {
      const std::string m = member();
      r.key = key(cv::RecordKind::registration, role(), m);
      r.value = rng.chance(10) ? Bytes{} : registration(rng.chance(10) ? member() : m, 1000 + offset);
    } else {
      const std::int64_t granted = 2000 + offset;
      r.key = key(cv::RecordKind::lease, role(), "");
      if (rng.chance(8)) {
        r.value = Bytes{};
      } else {
        r.value = lease(member(), 100 + rng.below(12), static_cast<std::int16_t>(rng.below(8)), granted,
                        rng.chance(10) ? granted - 5 : granted + 50'000);
      }
    }
    p.records.push_back(std::move(r));
  };
  while (static_cast<int>(p.records.size()) < n) {
    if (rng.chance(4)) {
      // A transaction of producer 7xx: records, then COMMIT, ABORT or nothing (open at the end).
      const std::int64_t producer = 700 + rng.below(3);
      for (int k = 1 + rng.below(4); k > 0; --k) record(cv::Producer{producer, true, false});
      const int end = rng.below(10);
      if (end < 8) {
        const Bytes marker = {0, 0, 0, static_cast<std::uint8_t>(end < 5 ? 1 : 0)};
        p.records.push_back(Rec{offset++, marker, std::nullopt, cv::Producer{producer, true, true}});
      }
    } else {
      record(cv::Producer{});
    }
  }
  return p;
}

void feed(cv::StateFolder& f, const Part& p) {
  for (const Rec& r : p.records) {
    const std::optional<cv::ByteSpan> k = r.key ? std::optional<cv::ByteSpan>(*r.key) : std::nullopt;
    const std::optional<cv::ByteSpan> v = r.value ? std::optional<cv::ByteSpan>(*r.value) : std::nullopt;
    f.add(p.partition, r.offset, 0, k, v, -1, r.producer);
  }
}

cv::FlatState serial(const std::vector<Part>& parts, std::int64_t now, const cv::LeaseJoin* join = nullptr) {
  cv::StateFolder f;
  for (const Part& p : parts) feed(f, p);
  cv::FlatState flat;
  f.flatResult(now, false, flat, join);
  return flat;
}

Bytes partialOf(const Part& p, const std::optional<cv::FoldSeed>& seed) {
  cv::StateFolder f;
  if (seed) f.seed(*seed);
  feed(f, p);
  Bytes out;
  f.writePartial(p.partition, out);
  return out;
}

// Each partition folded apart (the seed through its bytes, as a worker gets it), merged; `refolds`
// counts the folds done again.
cv::FlatState merged(const std::vector<Part>& parts, std::int64_t now, int& refolds,
                     const cv::LeaseJoin* join = nullptr) {
  cv::FoldMerger m;
  for (std::uint32_t i = 0; i < parts.size(); ++i) EXPECT_EQ(m.add(i, partialOf(parts[i], std::nullopt)), "");
  refolds = 0;
  while (const auto again = m.refold()) {
    const std::optional<cv::FoldSeed> seed = cv::parseSeed(cv::seedBytes(again->second));
    EXPECT_TRUE(seed && *seed == again->second);
    EXPECT_EQ(m.add(again->first, partialOf(parts[again->first], seed)), "");
    if (++refolds > 3 * static_cast<int>(parts.size())) break;
  }
  cv::FlatState flat;
  m.flatResult(now, flat, join);
  return flat;
}

// The flat state's counts: roles, members, anomalies, errors; anomaliesOmitted, errorsOmitted.
struct Counts {
  std::int32_t roles, members, anomalies, errors;
  std::int64_t anomalies_omitted, errors_omitted;
};
Counts counts(const cv::FlatState& f) {
  return {f.words[0], f.words[1], f.words[2], f.words[3], f.longs[1], f.longs[2]};
}

// A join that knows the even producer ids (one row each, in the order asked) and finds an anomaly
// of the join at each live lease it knows and at each lease it does not.
class EvenProducers final : public cv::LeaseJoin {
 public:
  void join(std::span<const cv::LeaseFacts> leases, std::int64_t now, std::vector<std::uint32_t>& match,
            std::vector<cv::ProducerTransaction>& transactions, std::vector<cv::Anomaly>& anomalies) const override {
    match.assign(leases.size(), cv::kNoProducerTransaction);
    for (std::size_t k = 0; k < leases.size(); ++k) {
      const cv::LeaseFacts& l = leases[k];
      std::optional<std::uint32_t> row = cv::kNoProducerTransaction;
      if (l.producer_id % 2 == 0) {
        row = match[k] = static_cast<std::uint32_t>(transactions.size());
        transactions.push_back(cv::ProducerTransaction{"t", 1, 10, l.producer_id, l.producer_epoch, 0, 5});
        if (now >= l.deadline) continue;
      }
      anomalies.push_back(
          cv::Anomaly{cv::AnomalyKind::lease_holder_fenced, std::string(l.role), l.partition, l.offset, "joined", row});
    }
  }
};

}  // namespace

TEST(FoldMerge, ALeaseJoinOfTheMergedStateIsTheSerialStatesJoin) {
  const std::int64_t now = 2000 + 1500;
  const EvenProducers join;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Rng rng(seed);
    std::vector<Part> parts;
    for (const std::int32_t partition : {3, 0, 7, 1, 2}) parts.push_back(generate(rng, partition, 400, 15));
    int refolds = 0;
    const cv::FlatState one = serial(parts, now, &join);
    ASSERT_EQ(merged(parts, now, refolds, &join), one) << "seed " << seed;
    // The join's sections are there (its row count, not -1) and differ from the unjoined state's.
    EXPECT_NE(one, serial(parts, now));
    EXPECT_GT(one.words[8 + 4 * one.words[0] + 2 * one.words[3]], 0);
  }
}

TEST(FoldMerge, PartitionsFoldedApartGiveTheSerialStateExactly) {
  const std::int64_t now = 2000 + 1500;  // some leases expired, some held
  int total_refolds = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    Rng rng(seed);
    std::vector<Part> parts;
    // Partitions read in an order that is not theirs (a plan of files names them so).
    for (const std::int32_t partition : {3, 0, 7, 1, 2}) parts.push_back(generate(rng, partition, 400, 15));
    int refolds = 0;
    const cv::FlatState one = serial(parts, now);
    const cv::FlatState apart = merged(parts, now, refolds);
    ASSERT_EQ(apart, one) << "seed " << seed;
    total_refolds += refolds;
    const Counts c = counts(one);
    EXPECT_GT(c.errors, 0);
    EXPECT_GT(c.anomalies, 0);
  }
  // Producer ids are shared across partitions with random epochs: some partitions had to be
  // folded again from the epochs of the partitions before them.
  EXPECT_GT(total_refolds, 0);
}

TEST(FoldMerge, TheCapsCountOverEveryPartitionInReadingOrder) {
  Rng rng(99);
  std::vector<Part> parts;
  // 6 partitions of 12,000 records, 30% bad: errors pass 10,000 in the fourth partition;
  // anomalies (epochs going back, unregistered holders) pass 10,000 over several.
  for (std::int32_t partition = 0; partition < 6; ++partition) parts.push_back(generate(rng, partition, 12000, 30));
  int refolds = 0;
  const cv::FlatState one = serial(parts, 0);
  const cv::FlatState apart = merged(parts, 0, refolds);
  const Counts c = counts(one);
  EXPECT_EQ(c.errors, 10000);
  EXPECT_GT(c.errors_omitted, 0);
  EXPECT_EQ(c.anomalies, 10000);
  EXPECT_GT(c.anomalies_omitted, 0);
  ASSERT_EQ(apart, one);
}

TEST(FoldMerge, NoFoldIsDoneAgainWhenNothingCrossesPartitions) {
  // Producer ids of one partition each: each partition is folded once.
  std::vector<Part> parts;
  for (std::int32_t partition = 0; partition < 4; ++partition) {
    Part p{partition, {}};
    for (std::int64_t i = 0; i < 50; ++i) {
      const std::string role = "r" + std::to_string(i % 5);
      p.records.push_back(Rec{2 * i, key(cv::RecordKind::registration, role, "m"), registration("m", i), {}});
      p.records.push_back(Rec{2 * i + 1,
                              key(cv::RecordKind::lease, role, ""),
                              lease("m", 10 * partition + i % 5, static_cast<std::int16_t>(5 - i % 3), i, i + 10),
                              {}});
    }
    parts.push_back(std::move(p));
  }
  int refolds = -1;
  const cv::FlatState apart = merged(parts, 0, refolds);
  EXPECT_EQ(refolds, 0);
  ASSERT_EQ(apart, serial(parts, 0));
  EXPECT_GT(counts(apart).anomalies, 0);  // epochs going back within partitions
}

TEST(FoldMerge, OpenTransactionsPastTheBoundOverPartitions) {
  // Partition 0 leaves 40 MiB awaiting a marker that never comes; partition 1's committed
  // transaction of 30 MiB passes the 64 MiB bound only when read after it (TRANSACTION_TOO_LARGE).
  const Bytes big(std::size_t{1} << 20, 0xAB);
  auto transaction = [&](std::int32_t partition, int mib, bool commit) {
    Part p{partition, {}};
    for (std::int64_t i = 0; i < mib; ++i)
      p.records.push_back(Rec{i, key(cv::RecordKind::registration, "r" + std::to_string(partition), "m"), big,
                              cv::Producer{5, true, false}});
    if (commit) p.records.push_back(Rec{mib, Bytes{0, 0, 0, 1}, std::nullopt, cv::Producer{5, true, true}});
    return p;
  };
  const std::vector<Part> parts = {transaction(0, 40, false), transaction(1, 30, true), transaction(2, 10, true)};
  int refolds = 0;
  const cv::FlatState one = serial(parts, 0);
  const cv::FlatState apart = merged(parts, 0, refolds);
  EXPECT_EQ(refolds, 1);  // partition 1, from partition 0's 40 MiB; partition 2 fits either way
  ASSERT_EQ(apart, one);
  const std::string pool(one.pool.begin(), one.pool.end());
  EXPECT_NE(pool.find("TRANSACTION_TOO_LARGE"), std::string::npos);
}

TEST(FoldMerge, ABadPartialOrSeedIsRefusedWithAReason) {
  cv::FoldMerger m;
  EXPECT_EQ(m.add(0, Bytes{1, 2, 3}), "not a partial of a fold (no CVP1 magic)");
  Bytes good = partialOf(Part{4, {}}, std::nullopt);
  EXPECT_EQ(m.add(0, good), "");
  EXPECT_EQ(m.add(1, good), "a second partial of one partition");
  good.pop_back();
  EXPECT_EQ(m.add(0, good), "a partial cut short or with bytes after it");
  EXPECT_FALSE(cv::parseSeed(Bytes{0, 0, 0}));
  EXPECT_FALSE(cv::parseSeed(Bytes{0, 0, 0, 0, 0, 0, 0, 0, 0x7F, 0xFF, 0xFF, 0xFF}));  // a count past the bytes
}
