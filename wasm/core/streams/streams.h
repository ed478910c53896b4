// Kafka Streams rebalance metadata (KIP-268): the SubscriptionInfo and AssignmentInfo userData of
// a Streams consumer group, decoded as apache/kafka 2.3.0 decodes them (versions 1-4; a newer
// subscription is read for version probing). Rules, codes and offsets: golden/README.md, "Kafka
// Streams rebalance metadata"; the vectors are golden/subscription.json and assignment.json.
//
// Errors are values with a code of the one ErrorCode table (coordination_codec.h), the offset
// and a dynamic field path ("assignment.standby_tasks[1].partitions[0].topic"). Strings are
// UTF-16 (a Java String): readUTF can return a lone surrogate, which UTF-8 cannot hold.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "coordination/coordination_codec.h"
#include "tree/tree.h"

namespace coordination::streams {

// SubscriptionInfo / AssignmentInfo LATEST_SUPPORTED_VERSION in apache/kafka 2.1.0 .. 2.3.0.
inline constexpr std::int32_t kLatestKnownVersion = 4;
inline constexpr std::int32_t kUnknownVersion = -1;  // Kafka's UNKNOWN: no latest version in v1/v2

struct TaskId {
  std::int32_t topic_group_id;
  std::int32_t partition;
  friend bool operator==(const TaskId&, const TaskId&) = default;
};

struct TopicPartition {
  std::u16string topic;
  std::int32_t partition;
  friend bool operator==(const TopicPartition&, const TopicPartition&) = default;
};

struct StandbyTask {
  TaskId task;
  std::vector<TopicPartition> partitions;
  friend bool operator==(const StandbyTask&, const StandbyTask&) = default;
};

struct HostPartitions {
  std::u16string host;
  std::int32_t port;
  std::vector<TopicPartition> partitions;
  friend bool operator==(const HostPartitions&, const HostPartitions&) = default;
};

// Warnings are tree::Warning (code from COORDINATION_WARNING_CODES / STREAMS_WARNING_CODES:
// JAVA_MODIFIED_UTF8, UTF8_REPLACED, VERSION_PROBING).

struct SubscriptionInfo {
  std::int32_t version = 0;
  std::int32_t latest_supported_version = kUnknownVersion;
  bool probing = false;  // version > 4: only version and latest_supported_version were read
  std::uint64_t process_id_msb = 0;
  std::uint64_t process_id_lsb = 0;
  std::vector<TaskId> prev_tasks;
  std::vector<TaskId> standby_tasks;
  std::optional<std::u16string> user_end_point;  // null in v1 and when the length is 0
  std::vector<tree::Warning> warnings;
};

struct AssignmentInfo {
  std::int32_t version = 0;
  std::int32_t latest_supported_version = kUnknownVersion;
  std::vector<TaskId> active_tasks;
  std::vector<StandbyTask> standby_tasks;
  std::vector<HostPartitions> partitions_by_host;
  std::int32_t error_code = 0;  // 0 before v4
  std::vector<tree::Warning> warnings;
};

// Which TRUNCATED it is, for the message.
enum class Shortfall : std::uint8_t {
  none,
  cut_short,        // found = bytes that remained, limit = the field's width
  count_too_large,  // found = the count, limit = bytes that remained
  length_past_end,  // found = the length, limit = bytes that remained
};

struct StreamsError {
  ErrorCode code;
  std::size_t offset;
  std::string field;  // dynamic path; the record name for TRAILING_BYTES
  // Facts for the message (e.g. a count and the bytes that remained).
  std::int64_t found = 0;
  std::int64_t limit = 0;
  Shortfall shortfall = Shortfall::none;
  std::string message() const;
  friend bool operator==(const StreamsError&, const StreamsError&) = default;
};

template <typename T>
class StreamsResult {
 public:
  StreamsResult(T value) : outcome_(std::move(value)) {}             // NOLINT: implicit by design
  StreamsResult(StreamsError error) : outcome_(std::move(error)) {}  // NOLINT
  bool ok() const { return outcome_.index() == 0; }
  const T& value() const { return *std::get_if<0>(&outcome_); }
  const StreamsError& error() const { return *std::get_if<1>(&outcome_); }

 private:
  std::variant<T, StreamsError> outcome_;
};

StreamsResult<SubscriptionInfo> decodeSubscription(std::span<const std::uint8_t> bytes);
StreamsResult<AssignmentInfo> decodeAssignment(std::span<const std::uint8_t> bytes);

// A record as int32 words plus one pool of UTF-16 code units, for a host that cannot take C++
// objects (the wasm boundary: wasm/bindings.cpp hands both to wasm/index.js, which rebuilds the
// objects). A string is two words: its offset in `units` and its length. Layouts:
//   subscription: version, latest, probing (0/1), process_id text, n, (group, partition) x n [prev],
//                 n, (group, partition) x n [standby], user_end_point text (offset -1: null)
//   assignment:   version, latest, error_code, n, (group, partition) x n [active],
//                 n, (group, partition, parts) x n [standby], n, (host text, port, parts) x n
//   parts:        n, (topic text, partition) x n
struct FlatRecord {
  std::vector<std::int32_t> words;
  std::u16string units;
};
// Replace out's contents (the buffers keep their capacity across calls).
void flatten(const SubscriptionInfo& s, FlatRecord& out);
void flatten(const AssignmentInfo& a, FlatRecord& out);

enum class StreamsTarget : std::uint8_t { subscription, assignment };

// Decode and flatten in one call (the wasm fast path): every template over the records is
// instantiated here, in the core's optimised translation unit, and none in the -Oz bindings
// (where the linker could otherwise pick a size-optimised copy of, say, ~vector<TaskId>).
std::optional<StreamsError> decodeFlat(StreamsTarget target, std::span<const std::uint8_t> bytes, FlatRecord& out);

// Java's UUID.toString() of (msb, lsb): lower-case 8-4-4-4-12.
std::string uuidString(std::uint64_t msb, std::uint64_t lsb);

// The error in the neutral shape (tree::Error): code name, offset, field path, message.
tree::Error neutralError(const StreamsError& error);

// The field tree in the neutral shape (tree/tree.h), built by the same decoder through
// tree::TreeSink. Text values are UTF-8 (a lone surrogate from readUTF shows as U+FFFD there;
// the record keeps it). The root node is the record ("subscription" or "assignment").
std::string_view streamsTargetName(StreamsTarget target);  // "subscription", "assignment"

struct StreamsInspection {
  StreamsTarget target;
  std::vector<tree::Node> fields;
  std::optional<StreamsError> error;
  std::vector<tree::Warning> warnings;
};

StreamsInspection inspectStreams(StreamsTarget target, std::span<const std::uint8_t> bytes);

}  // namespace coordination::streams
