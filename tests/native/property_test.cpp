// Property tests with a deterministic PRNG (fixed seeds; fast): random valid records round-trip
// exactly both ways; random and mutated bytes always give a record or an error with an offset
// inside the input; the views, inspect() and validateBatch() agree with decodeKey/decodeValue.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "coordination/coordination_codec.h"
#include "coordination/inspect.h"
#include "coordination_random.h"
#include "test_util.h"

using namespace coordination;
using testutil::span;
using namespace testrandom;

namespace {

// Decodes `bytes` as `target` through every entry point; they must agree. Returns the error, if any.
std::optional<Error> checkAllAgree(Target target, std::span<const std::uint8_t> bytes) {
  std::optional<Error> err;
  const Inspection in = inspect(target, bytes);
  for (const FieldNode& n : in.fields) {
    EXPECT_LE(n.offset, bytes.size());
    EXPECT_LE(n.length, bytes.size() - n.offset);
  }
  switch (target) {
    case Target::key: {
      auto r = decodeKey(bytes);
      auto v = decodeKeyView(bytes);
      EXPECT_EQ(r.ok(), v.ok());
      if (r.ok() && v.ok()) {
        EXPECT_EQ(v.value().kind, r.value().kind);
        EXPECT_EQ(v.value().role, r.value().role);
        EXPECT_EQ(v.value().member, r.value().member);
        auto e = encodeKey(r.value());
        EXPECT_TRUE(e.ok());
        if (e.ok()) EXPECT_TRUE(std::equal(bytes.begin(), bytes.end(), e.value().begin(), e.value().end()));
      } else if (!r.ok() && !v.ok()) {
        EXPECT_EQ(r.error(), v.error());
        err = r.error();
      }
      break;
    }
    case Target::registration:
    case Target::lease: {
      const RecordKind kind = target == Target::lease ? RecordKind::lease : RecordKind::registration;
      auto r = decodeValue(kind, bytes);
      if (bytes.empty()) {
        EXPECT_TRUE(r.ok() && std::holds_alternative<Tombstone>(r.value()));
        EXPECT_TRUE(in.tombstone);
        return std::nullopt;
      }
      if (!r.ok()) err = r.error();
      if (target == Target::registration) {
        auto v = decodeRegistrationView(bytes);
        EXPECT_EQ(r.ok(), v.ok());
        if (r.ok() && v.ok()) {
          const auto& reg = std::get<Registration>(r.value());
          EXPECT_EQ(v.value().member, reg.member);
          EXPECT_EQ(v.value().registered_at, reg.registered_at);
          auto e = encodeValue(reg);
          EXPECT_TRUE(e.ok() && std::equal(bytes.begin(), bytes.end(), e.value().begin(), e.value().end()));
        } else if (!v.ok() && err) {
          EXPECT_EQ(v.error(), *err);
        }
      } else {
        auto v = decodeLeaseView(bytes);
        EXPECT_EQ(r.ok(), v.ok());
        if (r.ok() && v.ok()) {
          const auto& l = std::get<Lease>(r.value());
          EXPECT_EQ(v.value().member, l.member);
          EXPECT_EQ(v.value().producer_id, l.producer_id);
          EXPECT_EQ(v.value().producer_epoch, l.producer_epoch);
          EXPECT_EQ(v.value().granted_at, l.granted_at);
          EXPECT_EQ(v.value().deadline, l.deadline);
          auto e = encodeValue(l);
          EXPECT_TRUE(e.ok() && std::equal(bytes.begin(), bytes.end(), e.value().begin(), e.value().end()));
        } else if (!v.ok() && err) {
          EXPECT_EQ(v.error(), *err);
        }
      }
      break;
    }
  }
  EXPECT_FALSE(in.tombstone);
  EXPECT_EQ(in.error, err);
  if (err) {
    EXPECT_LE(err->offset, bytes.size());
    EXPECT_FALSE(err->message().empty());
  }
  return err;
}

constexpr int kIterations = 20000;

}  // namespace

TEST(Property, KeysRoundTrip) {
  Rng r{1};
  for (int i = 0; i < kIterations; ++i) {
    const CoordinationKey k = randomKey(r);
    auto e = encodeKey(k);
    ASSERT_TRUE(e.ok()) << testutil::describe(e.error());
    EXPECT_EQ(e.value().size(), 4 + 2 + k.role.size() + 2 + k.member.size());
    auto d = decodeKey(span(e.value()));
    ASSERT_TRUE(d.ok()) << testutil::describe(d.error());
    ASSERT_EQ(d.value(), k);
    EXPECT_FALSE(checkAllAgree(Target::key, span(e.value())));
  }
}

TEST(Property, RegistrationsRoundTrip) {
  Rng r{2};
  for (int i = 0; i < kIterations; ++i) {
    const Registration reg = randomRegistration(r);
    auto e = encodeValue(reg);
    ASSERT_TRUE(e.ok()) << testutil::describe(e.error());
    auto d = decodeValue(RecordKind::registration, span(e.value()));
    ASSERT_TRUE(d.ok()) << testutil::describe(d.error());
    ASSERT_EQ(std::get<Registration>(d.value()), reg);
    EXPECT_FALSE(checkAllAgree(Target::registration, span(e.value())));
  }
}

TEST(Property, LeasesRoundTrip) {
  Rng r{3};
  for (int i = 0; i < kIterations; ++i) {
    const Lease l = randomLease(r);
    auto e = encodeValue(l);
    ASSERT_TRUE(e.ok()) << testutil::describe(e.error());
    auto d = decodeValue(RecordKind::lease, span(e.value()));
    ASSERT_TRUE(d.ok()) << testutil::describe(d.error());
    ASSERT_EQ(std::get<Lease>(d.value()), l);
    EXPECT_FALSE(checkAllAgree(Target::lease, span(e.value())));
  }
}

TEST(Property, RandomBytesGiveRecordOrError) {
  Rng r{4};
  for (int i = 0; i < kIterations * 3; ++i) {
    std::vector<std::uint8_t> b(static_cast<std::size_t>(r.below(48)));
    for (auto& x : b) x = static_cast<std::uint8_t>(r.next());
    // Give the random bytes a plausible start half the time, so they get past the version.
    if (b.size() >= 2 && r.chance(50)) b[0] = b[1] = 0;
    if (b.size() >= 4 && r.chance(50)) {
      b[2] = 0;
      b[3] = static_cast<std::uint8_t>(r.below(2));
    }
    for (Target t : {Target::key, Target::registration, Target::lease}) checkAllAgree(t, span(b));
  }
}

TEST(Property, MutatedRecordsGiveRecordOrError) {
  Rng r{5};
  int errors = 0, records = 0;
  for (int i = 0; i < kIterations; ++i) {
    const auto key = encodeKey(randomKey(r)).value();
    const auto reg = encodeValue(randomRegistration(r)).value();
    const auto lease = encodeValue(randomLease(r)).value();
    for (int m = 0; m < 3; ++m) {
      (checkAllAgree(Target::key, span(mutate(r, key))) ? errors : records)++;
      (checkAllAgree(Target::registration, span(mutate(r, reg))) ? errors : records)++;
      (checkAllAgree(Target::lease, span(mutate(r, lease))) ? errors : records)++;
    }
  }
  EXPECT_GT(errors, 0);
  EXPECT_GT(records, 0);
}

TEST(Property, BatchAgreesWithSingleDecodes) {
  Rng r{6};
  for (Target t : {Target::key, Target::registration, Target::lease}) {
    std::vector<std::uint8_t> batch;
    std::uint64_t valid = 0, tombstones = 0, invalid = 0;
    std::uint64_t by_code[kErrorCodeCount] = {};
    std::optional<Error> first;
    for (int i = 0; i < 500; ++i) {
      std::vector<std::uint8_t> rec;
      switch (t) {
        case Target::key:
          rec = encodeKey(randomKey(r)).value();
          break;
        case Target::registration:
          rec = encodeValue(randomRegistration(r)).value();
          break;
        case Target::lease:
          rec = encodeValue(randomLease(r)).value();
          break;
      }
      if (r.chance(30)) rec = mutate(r, rec);
      const auto n = static_cast<std::uint32_t>(rec.size());
      for (int s = 24; s >= 0; s -= 8) batch.push_back(static_cast<std::uint8_t>(n >> s));
      batch.insert(batch.end(), rec.begin(), rec.end());
      if (t != Target::key && rec.empty()) {
        ++tombstones;
        continue;
      }
      if (auto e = checkAllAgree(t, span(rec))) {
        ++invalid;
        ++by_code[static_cast<int>(e->code)];
        if (!first) first = e;
      } else {
        ++valid;
      }
    }
    auto s = validateBatch(t, span(batch));
    EXPECT_EQ(s.records, 500u);
    EXPECT_EQ(s.valid, valid);
    EXPECT_EQ(s.tombstones, tombstones);
    for (int c = 0; c < kErrorCodeCount; ++c) EXPECT_EQ(s.by_code[c], by_code[c]);
    EXPECT_EQ(s.first_error, first);
    EXPECT_FALSE(s.framing_error_offset);
    EXPECT_GT(invalid, 0u);
  }
}
