// SubscriptionInfo and AssignmentInfo read by the decoders generated from specs/
// (wasm/core/schema/README.md). SubscriptionInfo with the few hand-written lines that are Kafka's
// own hand-written SubscriptionInfo (not SubscriptionInfoData): the version's dispatch (below 1
// refused, above 11 read for version probing: the hand-written decoder's read of those two words),
// an empty user endpoint as null, the process id as a java.util.UUID, and versions 7+'s task lists
// derived from the offset sums (deriveTasks, the one derivation). AssignmentInfo as its spec reads
// it, the texts made Java Strings. The output is decodeSubscription's, decodeAssignment's and
// inspectStreams': tests/native/streams_spec_test.cpp holds them equal.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "generated/schema/streams/AssignmentInfo.h"
#include "generated/schema/streams/SubscriptionInfo.h"
#include "streams/streams.h"

namespace coordination::streams::spec {

// The generated decoder's memory and the derivation's, kept from one decode to the next.
struct Decoders {
  schema::rebalance::SubscriptionInfoDecoded subscription;
  schema::rebalance::AssignmentInfoDecoded assignment;
  FlatRecord derived;              // the offset sums as deriveTasks reads them
  std::vector<std::uint8_t> sums;  // their i64 sums, big-endian, where those words point
};

// What decodeSubscription gives: `out` (reset) and nullopt, or its error as neutralError words it.
std::optional<tree::Error> decodeSubscription(std::span<const std::uint8_t> bytes, Decoders& decoders,
                                              SubscriptionInfo& out);

// What inspectStreams gives of a subscription: its field tree, error and warnings.
schema::Inspection inspectSubscription(std::span<const std::uint8_t> bytes, Decoders& decoders);

// What decodeAssignment gives of the versions the spec reads (validVersions: a version outside
// them is the spec's UNSUPPORTED_VERSION): `out` (reset) and nullopt, or its error.
std::optional<tree::Error> decodeAssignment(std::span<const std::uint8_t> bytes, Decoders& decoders,
                                            AssignmentInfo& out);

// What inspectStreams gives of an assignment: its field tree, error and warnings.
schema::Inspection inspectAssignment(std::span<const std::uint8_t> bytes, Decoders& decoders);

}  // namespace coordination::streams::spec
