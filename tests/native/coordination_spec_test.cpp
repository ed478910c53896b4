// The spec-generated coordination decoder (coordination/spec_decoder.h, over the decoders
// generated from wasm/core/coordination/specs) against the hand-written one (decoder.h,
// inspect.cpp): on every golden/ vector of key.json, registration.json and lease.json and on
// 100,000 seeded mutations per record kind, the same record or the same error (code, offset,
// field, message), and from inspect the same field tree (every member of every node), error,
// warnings and record.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <tuple>

#include "coordination/spec_decoder.h"
#include "coordination_random.h"
#include "golden.h"
#include "test_util.h"

using namespace coordination;

namespace {

std::string show(const tree::Value& v) {
  if (const auto* i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
  if (const auto* s = std::get_if<std::string>(&v)) return '"' + *s + '"';
  return "none";
}
auto members(const FieldNode& n) {
  return std::tie(n.path, n.name, n.wire_type, n.offset, n.length, n.value, n.meaning, n.parent, n.complete);
}
std::string show(const FieldNode& n) {
  std::ostringstream o;
  o << n.path << " name=" << n.name << " wire=" << n.wire_type << " offset=" << n.offset << " length=" << n.length
    << " value=" << show(n.value) << " meaning=" << n.meaning << " parent=" << n.parent << " complete=" << n.complete;
  return o.str();
}
std::string show(const std::optional<tree::Error>& e) {
  if (!e) return "no error";
  return std::string(e->code) + " at " + std::to_string(e->offset) + " in " + e->field + ": " + e->message;
}
std::string show(const Warning& w) {
  return std::string(w.code) + " " + w.field + " " + std::to_string(w.offset) + "+" + std::to_string(w.length) + ": " +
         w.message;
}
std::string show(const RecordView& r) {
  std::ostringstream o;
  if (const auto* k = std::get_if<KeyView>(&r))
    o << "key kind=" << static_cast<int>(k->kind) << " role=" << k->role << " member=" << k->member;
  else if (const auto* g = std::get_if<RegistrationView>(&r))
    o << "registration member=" << g->member << " at=" << g->registered_at;
  else if (const auto* l = std::get_if<LeaseView>(&r))
    o << "lease member=" << l->member << " id=" << l->producer_id << " epoch=" << l->producer_epoch
      << " granted=" << l->granted_at << " deadline=" << l->deadline;
  else
    o << "no record";
  return o.str();
}

std::optional<tree::Error> neutral(const std::optional<Error>& e) {
  return e ? std::optional(neutralError(*e)) : std::nullopt;
}

// The hand-written fast path (the *View functions: the NullSink decoder).
std::optional<tree::Error> handDecode(Target target, std::span<const std::uint8_t> bytes, RecordView& record) {
  auto take = [&](auto result) -> std::optional<tree::Error> {
    if (!result.ok()) return neutralError(result.error());
    record = result.value();
    return std::nullopt;
  };
  switch (target) {
    case Target::key:
      return take(decodeKeyView(bytes));
    case Target::registration:
      return take(decodeRegistrationView(bytes));
    case Target::lease:
      return take(decodeLeaseView(bytes));
  }
  return std::nullopt;
}

// The first difference between the two decoders on `bytes`, or "" when there is none; `hand` is
// the hand-written inspect.
std::string difference(Target target, ValueBytes bytes, spec::Decoders& decoders, Inspection& hand) {
  const std::span<const std::uint8_t> input = bytes ? *bytes : std::span<const std::uint8_t>{};
  if (target == Target::key || !isTombstone(bytes)) {
    RecordView hand_record, spec_record;
    const auto hand = handDecode(target, input, hand_record);
    const auto generated = spec::decode(target, input, decoders, spec_record);
    if (show(hand) != show(generated)) return "decode error: " + show(hand) + " | generated: " + show(generated);
    if (show(hand_record) != show(spec_record))
      return "decode record: " + show(hand_record) + " | generated: " + show(spec_record);
  }
  hand = inspect(target, bytes);
  const spec::Inspection generated = spec::inspect(target, bytes, decoders);
  if (hand.tombstone != generated.tombstone) return "inspect tombstone";
  if (show(neutral(hand.error)) != show(generated.error))
    return "inspect error: " + show(neutral(hand.error)) + " | generated: " + show(generated.error);
  if (show(hand.record) != show(generated.record))
    return "inspect record: " + show(hand.record) + " | generated: " + show(generated.record);
  for (std::size_t i = 0; i < std::max(hand.fields.size(), generated.fields.size()); ++i) {
    // Member by member first: the words below only for a difference (300,000 trees under the
    // sanitizers).
    if (i < hand.fields.size() && i < generated.fields.size() &&
        members(hand.fields[i]) == members(generated.fields[i]))
      continue;
    const std::string a = i < hand.fields.size() ? show(hand.fields[i]) : "(none)";
    const std::string b = i < generated.fields.size() ? show(generated.fields[i]) : "(none)";
    if (a != b) return "inspect node " + std::to_string(i) + ": " + a + " | generated: " + b;
  }
  for (std::size_t i = 0; i < std::max(hand.warnings.size(), generated.warnings.size()); ++i) {
    const std::string a = i < hand.warnings.size() ? show(hand.warnings[i]) : "(none)";
    const std::string b = i < generated.warnings.size() ? show(generated.warnings[i]) : "(none)";
    if (a != b) return "inspect warning " + std::to_string(i) + ": " + a + " | generated: " + b;
  }
  return {};
}

struct Tally {
  int inputs = 0, records = 0, errors = 0, tombstones = 0, differing = 0;
};

void check(Target target, ValueBytes bytes, spec::Decoders& decoders, Tally& tally) {
  ++tally.inputs;
  Inspection in;
  const std::string diff = difference(target, bytes, decoders, in);
  if (!diff.empty() && ++tally.differing <= 5) {
    ADD_FAILURE() << targetName(target) << " " << (bytes ? golden::toHex(*bytes) : "absent") << ": " << diff;
  }
  (in.tombstone ? tally.tombstones : in.error ? tally.errors : tally.records)++;
}

void report(const char* what, const Tally& t) {
  std::printf("[ differential ] %s: %d inputs, %d records, %d errors, %d tombstones, %d differing\n", what, t.inputs,
              t.records, t.errors, t.tombstones, t.differing);
}

}  // namespace

TEST(CoordinationSpec, GoldenVectorsGiveTheSameOutput) {
  spec::Decoders decoders;
  for (const char* file : {"key.json", "registration.json", "lease.json"}) {
    const auto doc = golden::load(file);
    ASSERT_TRUE(doc) << file;
    const auto target = golden::target((*doc)["target"].get<std::string>());
    ASSERT_TRUE(target) << file;
    Tally tally;
    for (const auto& v : (*doc)["vectors"]) {
      if (v["hex"].is_null()) {
        check(*target, std::nullopt, decoders, tally);
        continue;
      }
      const auto bytes = golden::fromHex(v["hex"].get<std::string>());
      ASSERT_TRUE(bytes) << v["id"];
      check(*target, testutil::span(*bytes), decoders, tally);
    }
    report(file, tally);
    EXPECT_EQ(tally.differing, 0) << file;
    EXPECT_GT(tally.records, 0) << file;
    EXPECT_GT(tally.errors, 0) << file;
  }
}

namespace {

// 100,000 mutations of one record kind; a test per kind, so that ctest runs them side by side.
void mutations(Target target, std::uint64_t seed) {
  constexpr int kMutations = 100000;
  spec::Decoders decoders;
  testrandom::Rng r{seed};
  Tally tally;
  std::vector<std::uint8_t> record;
  for (int i = 0; i < kMutations; ++i) {
    if (i % 4 == 0) {
      record = target == Target::key            ? encodeKey(testrandom::randomKey(r)).value()
               : target == Target::registration ? encodeValue(testrandom::randomRegistration(r)).value()
                                                : encodeValue(testrandom::randomLease(r)).value();
    }
    const auto mutated = testrandom::mutate(r, record);
    check(target, testutil::span(mutated), decoders, tally);
  }
  report(std::string(targetName(target)).c_str(), tally);
  EXPECT_EQ(tally.differing, 0) << targetName(target);
  EXPECT_GT(tally.records, 0);
  EXPECT_GT(tally.errors, 0);
}

}  // namespace

TEST(CoordinationSpec, MutatedKeysGiveTheSameOutput) { mutations(Target::key, 19); }
TEST(CoordinationSpec, MutatedRegistrationsGiveTheSameOutput) { mutations(Target::registration, 20); }
TEST(CoordinationSpec, MutatedLeasesGiveTheSameOutput) { mutations(Target::lease, 21); }
