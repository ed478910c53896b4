// Property tests with a deterministic PRNG (fixed seeds; fast): random valid records round-trip
// exactly both ways; random and mutated bytes always give a record or an error with an offset
// inside the input; the views, inspect() and validateBatch() agree with decodeKey/decodeValue.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "coordination/coordination_codec.h"
#include "coordination/inspect.h"
#include "test_util.h"

using namespace coordination;
using testutil::span;

namespace {

struct Rng {  // splitmix64
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  std::uint64_t below(std::uint64_t n) { return next() % n; }
  bool chance(int percent) { return below(100) < static_cast<std::uint64_t>(percent); }
};

void appendUtf8(std::string& s, std::uint32_t cp) {
  if (cp < 0x80) {
    s += static_cast<char>(cp);
  } else if (cp < 0x800) {
    s += static_cast<char>(0xC0 | (cp >> 6));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    s += static_cast<char>(0xE0 | (cp >> 12));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    s += static_cast<char>(0xF0 | (cp >> 18));
    s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::uint32_t randomCodePoint(Rng& r) {
  switch (r.below(8)) {
    case 0:
      return static_cast<std::uint32_t>(r.below(0x80));  // any ASCII incl. U+0000
    case 1:
      return static_cast<std::uint32_t>(0x80 + r.below(0x800 - 0x80));  // 2 bytes
    case 2: {
      std::uint32_t cp;
      do cp = static_cast<std::uint32_t>(0x800 + r.below(0x10000 - 0x800));
      while (cp >= 0xD800 && cp <= 0xDFFF);
      return cp;  // 3 bytes
    }
    case 3:
      return static_cast<std::uint32_t>(0x10000 + r.below(0x110000 - 0x10000));  // 4 bytes
    case 4: {
      static constexpr std::uint32_t kEdges[] = {0x7F,    0x80,     0x7FF,  0x800,  0xD7FF, 0xE000, 0xFFFF,
                                                 0x10000, 0x10FFFF, 0x200B, 0x202E, 0xFEFF, 0};
      return kEdges[r.below(sizeof kEdges / sizeof kEdges[0])];
    }
    default:
      return static_cast<std::uint32_t>('a' + r.below(26));
  }
}

// A well-formed string of min..max bytes.
std::string randomString(Rng& r, std::size_t min, std::size_t max) {
  std::size_t target = min + static_cast<std::size_t>(r.below(max - min + 1));
  if (r.chance(10)) target = r.chance(50) ? min : max;
  std::string s;
  while (s.size() < target) {
    std::string c;
    appendUtf8(c, randomCodePoint(r));
    if (s.size() + c.size() > target) c = "x";
    s += c;
  }
  return s;
}

std::int64_t randomI64(Rng& r) {
  switch (r.below(5)) {
    case 0:
      return std::numeric_limits<std::int64_t>::min();
    case 1:
      return std::numeric_limits<std::int64_t>::max();
    case 2:
      return static_cast<std::int64_t>(r.below(1000)) - 500;
    default:
      return static_cast<std::int64_t>(r.next());
  }
}
std::int64_t randomNonNegI64(Rng& r) {
  if (r.chance(10)) return std::numeric_limits<std::int64_t>::max();
  if (r.chance(10)) return 0;
  return static_cast<std::int64_t>(r.next() >> 1);
}
std::int16_t randomNonNegI16(Rng& r) {
  if (r.chance(10)) return 32767;
  if (r.chance(10)) return 0;
  return static_cast<std::int16_t>(r.below(32768));
}

CoordinationKey randomKey(Rng& r) {
  CoordinationKey k;
  k.kind = r.chance(50) ? RecordKind::lease : RecordKind::registration;
  k.role = randomString(r, 1, 255);
  k.member = k.kind == RecordKind::lease ? "" : randomString(r, 1, 255);
  return k;
}
Registration randomRegistration(Rng& r) { return {randomString(r, 1, 255), randomI64(r)}; }
Lease randomLease(Rng& r) {
  return {randomString(r, 1, 255), randomNonNegI64(r), randomNonNegI16(r), randomI64(r), randomI64(r)};
}

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

std::vector<std::uint8_t> mutate(Rng& r, std::vector<std::uint8_t> b) {
  const int edits = 1 + static_cast<int>(r.below(3));
  for (int i = 0; i < edits; ++i) {
    switch (r.below(5)) {
      case 0:
        if (!b.empty()) b[r.below(b.size())] = static_cast<std::uint8_t>(r.next());
        break;
      case 1:
        if (!b.empty()) b[r.below(b.size())] ^= static_cast<std::uint8_t>(1u << r.below(8));
        break;
      case 2:
        b.resize(static_cast<std::size_t>(r.below(b.size() + 1)));
        break;
      case 3:
        b.insert(b.begin() + static_cast<std::ptrdiff_t>(r.below(b.size() + 1)), static_cast<std::uint8_t>(r.next()));
        break;
      default: {
        static constexpr std::uint8_t kBytes[] = {0x00, 0x80, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xFF, 0x7F};
        if (!b.empty()) b[r.below(b.size())] = kBytes[r.below(sizeof kBytes)];
      }
    }
  }
  return b;
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
