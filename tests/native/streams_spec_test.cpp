// The spec-generated Streams decoders (streams/spec_decoder.h, over the decoders generated from
// wasm/core/streams/specs) against the hand-written one (streams.cpp, decodeSubscription and
// decodeAssignment): on every golden/subscription.json and golden/assignment.json vector, the
// userData of every golden/group-records.json member (its subscription and its assignment), and
// 100,000 seeded mutations of each record, the same error (code, offset, field, message: the
// message carries found and limit) or the same record (every field, every text, every warning);
// and from inspect the same field tree (every member of every node), error and warnings, on every
// golden input and every 8th mutation (a tree under the sanitizers costs four decodes).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "coordination_random.h"
#include "golden.h"
#include "groups/records.h"
#include "streams/spec_decoder.h"
#include "streams_json.h"
#include "test_util.h"

using namespace coordination;
using namespace streamsjson;

namespace {

using Bytes = std::vector<std::uint8_t>;

std::string show(const std::optional<tree::Error>& e) {
  if (!e) return "no error";
  return std::string(e->code) + " at " + std::to_string(e->offset) + " in " + e->field + ": " + e->message;
}

std::string show(const tree::Node& n) {
  std::string value = "none";
  if (const auto* i = std::get_if<std::int64_t>(&n.value)) value = std::to_string(*i);
  if (const auto* t = std::get_if<std::string>(&n.value)) value = '"' + *t + '"';
  return n.path + " name=" + n.name + " wire=" + std::string(n.wire_type) + " " + std::to_string(n.offset) + "+" +
         std::to_string(n.length) + " value=" + value + " meaning=" + n.meaning +
         " parent=" + std::to_string(n.parent) + " complete=" + std::to_string(n.complete);
}

std::string show(const std::vector<tree::Warning>& ws) {
  std::string out;
  for (const auto& w : ws) {
    out += "\nwarning " + std::string(w.code) + " " + w.field + " " + std::to_string(w.offset) + "+" +
           std::to_string(w.length) + ": " + w.message;
  }
  return out;
}
std::string show(const std::vector<tree::Node>& fields) {
  std::string out;
  for (const auto& n : fields) out += show(n) + "\n";
  return out;
}

// Every field (golden's shape: recordJson), and every member of every warning.
std::string show(const SubscriptionInfo& s) { return recordJson(s).dump() + show(s.warnings); }

struct Tally {
  int inputs = 0, records = 0, errors = 0, trees = 0, differing = 0;
  std::map<std::string, int> codes;  // the errors and warnings by code
};

// Member by member (the texts above only for a difference: the test runs under the sanitizers).
bool same(const std::optional<tree::Error>& a, const std::optional<tree::Error>& b) {
  if (!a || !b) return !a == !b;
  return a->code == b->code && a->offset == b->offset && a->field == b->field && a->message == b->message;
}
bool same(const std::vector<tree::Warning>& a, const std::vector<tree::Warning>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const tree::Warning& x, const tree::Warning& y) {
    return x.code == y.code && x.field == y.field && x.offset == y.offset && x.length == y.length &&
           x.message == y.message;
  });
}
bool same(const std::vector<tree::Node>& a, const std::vector<tree::Node>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const tree::Node& x, const tree::Node& y) {
    return x.path == y.path && x.name == y.name && x.wire_type == y.wire_type && x.offset == y.offset &&
           x.length == y.length && x.value == y.value && x.meaning == y.meaning && x.parent == y.parent &&
           x.complete == y.complete;
  });
}
bool same(const SubscriptionInfo& a, const SubscriptionInfo& b) {
  return a.version == b.version && a.latest_supported_version == b.latest_supported_version && a.probing == b.probing &&
         a.process_id_msb == b.process_id_msb && a.process_id_lsb == b.process_id_lsb && a.prev_tasks == b.prev_tasks &&
         a.standby_tasks == b.standby_tasks && a.user_end_point == b.user_end_point &&
         a.task_offset_sums == b.task_offset_sums && a.unique_field == b.unique_field && a.error_code == b.error_code &&
         a.client_tags == b.client_tags && same(a.warnings, b.warnings);
}

bool same(const AssignmentInfo& a, const AssignmentInfo& b) {
  return a.version == b.version && a.latest_supported_version == b.latest_supported_version &&
         a.active_tasks == b.active_tasks && a.standby_tasks == b.standby_tasks &&
         a.partitions_by_host == b.partitions_by_host && a.standby_partitions_by_host == b.standby_partitions_by_host &&
         a.error_code == b.error_code && a.next_rebalance_ms == b.next_rebalance_ms && same(a.warnings, b.warnings);
}
std::string show(const AssignmentInfo& a) { return recordJson(a).dump() + show(a.warnings); }

// The two records' decoders, hand-written and generated, side by side.
struct Subscription {
  using Record = SubscriptionInfo;
  static constexpr auto kTarget = streams::StreamsTarget::subscription;
  static constexpr auto hand = &streams::decodeSubscription;
  static constexpr auto spec = &streams::spec::decodeSubscription;
  static constexpr auto inspect = &streams::spec::inspectSubscription;
  static bool seed(const SubscriptionInfo& s) { return !s.probing; }  // a probing one is the hand-written read
};
struct Assignment {
  using Record = AssignmentInfo;
  static constexpr auto kTarget = streams::StreamsTarget::assignment;
  static constexpr auto hand = &streams::decodeAssignment;
  static constexpr auto spec = &streams::spec::decodeAssignment;
  static constexpr auto inspect = &streams::spec::inspectAssignment;
  static bool seed(const AssignmentInfo&) { return true; }
};

// Both decoders on `bytes`: the first differences are failures (5 at most are shown).
template <typename Target>
void check(const Bytes& bytes, streams::spec::Decoders& decoders, Tally& tally, bool trees = true) {
  const auto hand = Target::hand(testutil::span(bytes));
  typename Target::Record generated;
  const auto spec_error = Target::spec(testutil::span(bytes), decoders, generated);
  const std::optional<tree::Error> hand_error =
      hand.ok() ? std::nullopt : std::optional(streams::neutralError(hand.error()));
  ++tally.inputs;
  std::string diff;
  if (!same(hand_error, spec_error))
    diff = "error: " + show(hand_error) + " | generated: " + show(spec_error);
  else if (hand.ok() && !same(hand.value(), generated))
    diff = "record:\n" + show(hand.value()) + "\n| generated:\n" + show(generated);
  if (diff.empty() && trees) {
    ++tally.trees;
    const auto hand_tree = streams::inspectStreams(Target::kTarget, testutil::span(bytes));
    const auto spec_tree = Target::inspect(testutil::span(bytes), decoders);
    const auto inspect_error = hand_tree.error ? std::optional(streams::neutralError(*hand_tree.error)) : std::nullopt;
    if (!same(inspect_error, spec_tree.error))
      diff = "inspect error: " + show(inspect_error) + " | generated: " + show(spec_tree.error);
    else if (!same(hand_tree.warnings, spec_tree.warnings))
      diff = "inspect warnings:" + show(hand_tree.warnings) + "\n| generated:" + show(spec_tree.warnings);
    else if (!same(hand_tree.fields, spec_tree.fields))
      diff = "tree:\n" + show(hand_tree.fields) + "| generated:\n" + show(spec_tree.fields);
  }
  if (!diff.empty() && ++tally.differing <= 5) ADD_FAILURE() << golden::toHex(bytes) << ": " << diff;
  (hand_error ? tally.errors : tally.records)++;
  if (hand_error) ++tally.codes[std::string(hand_error->code)];
  if (hand.ok())
    for (const auto& w : hand.value().warnings) ++tally.codes["warning " + std::string(w.code)];
}

void report(const char* what, const Tally& t) {
  std::string codes;
  for (const auto& [code, n] : t.codes) codes += " " + code + " " + std::to_string(n);
  std::printf(
      "[ differential ] %s: %d inputs, %d records, %d errors; errors and warnings by code: %s; %d trees; %d "
      "differing\n",
      what, t.inputs, t.records, t.errors, codes.empty() ? "none" : codes.c_str() + 1, t.trees, t.differing);
}

// Every golden record of a target: its golden file's vectors and the userData of group-records.json's
// members (a Streams group's subscriptions and assignments).
std::vector<Bytes> corpus(streams::StreamsTarget target) {
  const bool subscription = target == streams::StreamsTarget::subscription;
  std::vector<Bytes> all;
  const auto doc = loadStreams(subscription ? "subscription.json" : "assignment.json");
  EXPECT_TRUE(doc);
  if (doc)
    for (const json& v : doc->at("vectors")) all.push_back(*golden::fromHex(v.at("hex").get<std::string>()));
  const auto groups = golden::load("group-records.json");
  EXPECT_TRUE(groups);
  if (!groups) return all;
  groups::RecordReader reader;
  for (const json& v : groups->at("vectors")) {
    if (v.at("value").is_null()) continue;
    const auto key = *golden::fromHex(v.at("key").get<std::string>());
    const auto value = *golden::fromHex(v.at("value").get<std::string>());
    reader.decode(testutil::span(key), testutil::span(value));
    for (const auto& member : reader.members()) {
      const auto& s = subscription ? member.subscription.streams : member.assignment.streams;
      if (!s.read) continue;
      const auto length = static_cast<std::size_t>(subscription ? member.subscription.message.root.user_data.length
                                                                : member.assignment.message.root.user_data.length);
      all.emplace_back(value.begin() + static_cast<std::ptrdiff_t>(s.at),
                       value.begin() + static_cast<std::ptrdiff_t>(s.at + length));
    }
  }
  return all;
}

template <typename Target>
Tally goldenInputs() {
  streams::spec::Decoders decoders;
  Tally tally;
  for (const Bytes& b : corpus(Target::kTarget)) check<Target>(b, decoders, tally);
  report(Target::kTarget == streams::StreamsTarget::subscription ? "golden subscriptions" : "golden assignments",
         tally);
  EXPECT_EQ(tally.differing, 0);
  EXPECT_GT(tally.errors, 0);
  return tally;
}

// kMutations seeded mutations of the golden records both decoders read (most golden vectors are
// cut short), and the tree of every 8th: the sanitizers make a tree 4x a decode.
template <typename Target>
Tally mutations(std::uint64_t seed) {
  constexpr int kMutations = 100000;
  constexpr int kTreeEvery = 8;
  streams::spec::Decoders decoders;
  testrandom::Rng r{seed};
  std::vector<Bytes> seeds;
  for (const Bytes& b : corpus(Target::kTarget)) {
    typename Target::Record record;
    const auto hand = Target::hand(testutil::span(b));
    if (hand.ok() && Target::seed(hand.value()) && !Target::spec(testutil::span(b), decoders, record))
      seeds.push_back(b);
  }
  EXPECT_GT(seeds.size(), 30u);  // 41 subscriptions, 31 + group-records.json's assignments
  Tally tally;
  for (int i = 0; i < kMutations && !seeds.empty(); ++i) {
    const Bytes mutated = testrandom::mutate(r, seeds[r.below(seeds.size())]);
    check<Target>(mutated, decoders, tally, i % kTreeEvery == 0);
  }
  report(Target::kTarget == streams::StreamsTarget::subscription ? "mutated subscriptions" : "mutated assignments",
         tally);
  EXPECT_EQ(tally.differing, 0);
  EXPECT_GT(tally.records, 0);
  EXPECT_GT(tally.errors, 0);
  return tally;
}

}  // namespace

TEST(StreamsSpec, GoldenSubscriptionsGiveTheSameOutput) {
  EXPECT_GT(goldenInputs<Subscription>().records, 40);  // 45: 38 of subscription.json, 7 of group-records.json
}

TEST(StreamsSpec, MutatedSubscriptionsGiveTheSameOutput) { mutations<Subscription>(19); }

TEST(StreamsSpec, GoldenAssignmentsGiveTheSameOutput) { EXPECT_GT(goldenInputs<Assignment>().records, 30); }

TEST(StreamsSpec, MutatedAssignmentsGiveTheSameOutput) { mutations<Assignment>(20); }
