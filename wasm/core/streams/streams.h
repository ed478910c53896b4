// Kafka Streams rebalance metadata (KIP-268): the SubscriptionInfo and AssignmentInfo userData of
// a Streams consumer group, decoded as apache/kafka 2.3.0 decodes them (versions 1-4), subscriptions
// of versions 5 and 6, which keep the layout of versions 3 and 4 (2.4.0's SubscriptionInfo.java,
// 2.5.0's SubscriptionInfo.json), and 7-11 as SubscriptionInfoData.json (tags 2.6.0, 2.7.0, 2.8.0,
// 3.0.0, 3.2.0; unchanged to 3.9.0-rc3) with Kafka's generated non-flexible reader; a newer
// subscription is read for version probing. Assignments of versions 1-11 as 3.8.0's
// AssignmentInfo.decode reads them (version 5, 2.4.0: a topic dictionary; 6, 2.5.0: standby
// partitions by host; 7, 2.6.0: the next rebalance time; 8-9, 2.7.0-2.8.0: the layout of 7; 10,
// 3.0.0: named topologies in task ids; 11, 3.2.0: the layout of 10). Rules, codes and offsets:
// golden/README.md, "Kafka Streams rebalance metadata"; the vectors are golden/subscription.json and assignment.json.
//
// Errors are values with a StreamsCode (streams/table.h: names of the one ErrorCode list and this
// format's own), the offset
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
#include "log/cursor_layout.h"
#include "streams/table.h"
#include "tree/tree.h"

namespace coordination::streams {

// The newest versions decoded: SubscriptionInfo 11 (LATEST_SUPPORTED_VERSION of apache/kafka 3.2
// to 3.9; SubscriptionInfoData.json: 7 in 2.6.0, 8 in 2.7.0, 9 in 2.8.0, 10 in 3.0.0, 11 in 3.2.0),
// AssignmentInfo 11 (the same LATEST_SUPPORTED_VERSION: AssignmentInfo.decode's cases 1-11).
inline constexpr std::int32_t kLatestSubscriptionVersion = 11;
inline constexpr std::int32_t kLatestAssignmentVersion = 11;
// StreamsAssignmentProtocolVersions.MIN_NAMED_TOPOLOGY_VERSION (3.0.0-3.9): an assignment's task
// ids carry a named topology from this version.
inline constexpr std::int32_t kMinNamedTopologyVersion = 10;
inline constexpr std::int32_t kUnknownVersion = -1;  // Kafka's UNKNOWN: no latest version in v1/v2

struct TaskId {
  std::int32_t topic_group_id;
  std::int32_t partition;
  // An assignment of version 10+ only (ConsumerProtocolUtils.readTaskIdFrom): null when its char
  // count is 0 or negative (Kafka reads no chars, and makes an empty name null); always null before.
  std::optional<std::u16string> named_topology;
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

// One entry of taskOffsetSums, flattened (v7-9 nest the partitions under the topic group id).
struct TaskOffsetSum {
  std::int32_t topic_group_id;
  std::int32_t partition;
  std::int64_t offset_sum;
  std::optional<std::u16string> named_topology;  // v10+; null before
  friend bool operator==(const TaskOffsetSum&, const TaskOffsetSum&) = default;
};

struct ClientTag {
  std::u16string key;  // bytes decoded as SubscriptionInfo.clientTags() does: new String(bytes, UTF_8)
  std::u16string value;
  friend bool operator==(const ClientTag&, const ClientTag&) = default;
};

// Task.LATEST_OFFSET: the offset sum of a task the member runs as active (SubscriptionInfo.prevTasks()).
inline constexpr std::int64_t kLatestOffset = -2;

struct SubscriptionInfo {
  std::int32_t version = 0;
  std::int32_t latest_supported_version = kUnknownVersion;
  bool probing = false;  // version > 11: only version and latest_supported_version were read
  std::uint64_t process_id_msb = 0;
  std::uint64_t process_id_lsb = 0;
  // v1-6: the lists on the wire; v7+: derived from task_offset_sums as SubscriptionInfo.prevTasks()
  // and standbyTasks() do (offset sum kLatestOffset: active; any other: standby; a task given more
  // than once counts once, by its last sum), in wire order.
  std::vector<TaskId> prev_tasks;
  std::vector<TaskId> standby_tasks;
  std::optional<std::u16string> user_end_point;  // null in v1 and when the length is 0
  // v7+ (empty, null, 0, empty before):
  std::vector<TaskOffsetSum> task_offset_sums;
  std::optional<std::int8_t> unique_field;  // v8+
  std::int32_t error_code = 0;              // v9+
  std::vector<ClientTag> client_tags;       // v11+
  std::vector<tree::Warning> warnings;
};

struct AssignmentInfo {
  std::int32_t version = 0;
  std::int32_t latest_supported_version = kUnknownVersion;
  std::vector<TaskId> active_tasks;
  std::vector<StandbyTask> standby_tasks;
  // v5+: each partition's topic is the dictionary's topic of its index, as Kafka resolves it.
  std::vector<HostPartitions> partitions_by_host;
  std::vector<HostPartitions> standby_partitions_by_host;  // v6+; empty before
  std::int32_t error_code = 0;                             // 0 before v4
  std::optional<std::int64_t> next_rebalance_ms;           // v7+; null before
  std::vector<tree::Warning> warnings;
};

// The codes the decoders raise (streams/table.h): names of the one ErrorCode list, then its own.
enum class StreamsCode : std::uint8_t {
#define STREAMS_X(name) name,
  STREAMS_SHARED_ERROR_CODES(STREAMS_X) STREAMS_OWN_ERROR_CODES(STREAMS_X)
#undef STREAMS_X
};
inline constexpr int kStreamsCodeCount = 0
#define STREAMS_X(name) +1
    STREAMS_SHARED_ERROR_CODES(STREAMS_X) STREAMS_OWN_ERROR_CODES(STREAMS_X)
#undef STREAMS_X
    ;
std::string_view codeName(StreamsCode code);

// Which TRUNCATED it is, for the message.
enum class Shortfall : std::uint8_t {
  none,
  cut_short,        // found = bytes that remained, limit = the field's width
  count_too_large,  // found = the count, limit = bytes that remained
  length_past_end,  // found = the length, limit = bytes that remained
};

struct StreamsError {
  StreamsCode code;
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

// The record as the decoder writes it: int32 words, a table of texts and one pool of UTF-16 code
// units (a Java String: readUTF can return a lone surrogate, which UTF-8 cannot hold). The wasm
// boundary hands them to JS, whose reader is generated from STREAMS_RECORD below
// (wasm/generated/streams-reader.js); decodeSubscription / decodeAssignment build the C++ structs
// above from them. The buffers only grow (the record is their first word_count / text_count /
// unit_count entries), so once they are large enough a decode allocates nothing. A text in the
// words is its index in `texts`, which holds (offset in `units`, length) pairs; a writeUTF string
// equal to one of the last few distinct ones is that text again (a partitions_by_host map names
// the same few topics many times), so a host builds each such string once.
//
// The words' layout, described once (log/cursor_layout.h: one cursor; a gate names the versions,
// the record's first word, that have a field): a field's name is the JS record's key, and the
// fields' order is both the words' order and the keys'. A version above 11 is a probing
// subscription: its version, latest supported version and probing only. Versions 1-6 give their
// task lists as offsets into the input (8 bytes a task, which the count check bounded: a host
// reads them there); 7+ derive them from the task offset sums as Kafka's SubscriptionInfo
// prevTasks() / standbyTasks() do (offset sum kLatestOffset: active; any other: standby; a task
// given more than once counts once, by its last sum), written by the decoder alone. An
// assignment's v1-9 tasks are offsets into the input as well; v10+ ones carry a named topology.
// The topic dictionary of v5+ is not in the words: each partition has its topic's text.
#define STREAMS_RECORD_SEQUENCES(S)     \
  S(subscription, STREAMS_SUBSCRIPTION) \
  S(assignment, STREAMS_ASSIGNMENT)     \
  S(taskId, STREAMS_TASK_ID)            \
  S(task, STREAMS_TASK)                 \
  S(offsetSum, STREAMS_OFFSET_SUM)      \
  S(byte, STREAMS_BYTE)                 \
  S(clientTag, STREAMS_CLIENT_TAG)      \
  S(standbyTask, STREAMS_STANDBY_TASK)  \
  S(host, STREAMS_HOST)                 \
  S(topicPartition, STREAMS_TOPIC_PARTITION)
#define STREAMS_SUBSCRIPTION(X)                                     \
  X(word, version, none)                                            \
  X(word, latestSupportedVersion, none)                             \
  X(uuid_at, processId, none, 1, kLatestSubscriptionVersion)        \
  X(list_at, prevTasks, taskId, 1, 6)                               \
  X(list_at, standbyTasks, taskId, 1, 6)                            \
  X(list, prevTasks, taskId, 7, kLatestSubscriptionVersion)         \
  X(list, standbyTasks, taskId, 7, kLatestSubscriptionVersion)      \
  X(ref, userEndPoint, none, 1, kLatestSubscriptionVersion)         \
  X(flag, probing, none)                                            \
  X(list, taskOffsetSums, offsetSum, 7, kLatestSubscriptionVersion) \
  X(opt, uniqueField, byte, 7, kLatestSubscriptionVersion)          \
  X(word, errorCode, none, 7, kLatestSubscriptionVersion)           \
  X(list, clientTags, clientTag, 7, kLatestSubscriptionVersion)
#define STREAMS_ASSIGNMENT(X)                                      \
  X(word, version, none)                                           \
  X(word, latestSupportedVersion, none)                            \
  X(list_at, activeTasks, taskId, 1, kMinNamedTopologyVersion - 1) \
  X(list, activeTasks, task, kMinNamedTopologyVersion)             \
  X(list, standbyTasks, standbyTask)                               \
  X(list, partitionsByHost, host)                                  \
  X(word, errorCode, none)                                         \
  X(list, standbyPartitionsByHost, host, 6)                        \
  X(wide_at, nextRebalanceMs, none, 7)
#define STREAMS_TASK_ID(X) X(word, topicGroupId, none) X(word, partition, none)
#define STREAMS_TASK(X)       \
  X(word, topicGroupId, none) \
  X(word, partition, none)    \
  X(ref, namedTopology, none, kMinNamedTopologyVersion)
#define STREAMS_OFFSET_SUM(X) \
  X(word, topicGroupId, none) \
  X(word, partition, none)    \
  X(wide_at, offsetSum, none) \
  X(ref, namedTopology, none)
#define STREAMS_BYTE(X) X(word, value, none)
#define STREAMS_CLIENT_TAG(X) X(ref, key, none) X(ref, value, none)
#define STREAMS_STANDBY_TASK(X) X(group, task, task) X(list, partitions, topicPartition)
#define STREAMS_HOST(X) X(ref, host, none) X(word, port, none) X(list, partitions, topicPartition)
#define STREAMS_TOPIC_PARTITION(X) X(ref, topic, none) X(word, partition, none)
CURSOR_LAYOUT(record_layout, "streams", STREAMS_RECORD_SEQUENCES)

struct FlatRecord {
  std::vector<std::int32_t> words;
  std::vector<std::int32_t> texts;
  std::vector<char16_t> units;
  std::vector<std::int32_t> nodes;    // the field tree, when asked for (decodeFlat): kNodeWords a node
  std::vector<std::int32_t> scratch;  // the decoder's: an assignment's topic dictionary, a subscription's tasks
  std::size_t word_count = 0;
  std::size_t text_count = 0;
  std::size_t unit_count = 0;
  std::size_t node_count = 0;
  std::vector<tree::Warning> warnings;
};

// The names of the fields and groups the decoder reads (tree nodes, error paths), by id.
#define STREAMS_NODE_NAMES(X)   \
  X(subscription)               \
  X(assignment)                 \
  X(version)                    \
  X(latest_supported_version)   \
  X(process_id)                 \
  X(prev_tasks)                 \
  X(standby_tasks)              \
  X(user_end_point)             \
  X(unread)                     \
  X(count)                      \
  X(topic_group_id)             \
  X(partition)                  \
  X(active_tasks)               \
  X(task)                       \
  X(partitions)                 \
  X(topic)                      \
  X(partitions_by_host)         \
  X(host)                       \
  X(port)                       \
  X(error_code)                 \
  X(task_offset_sums)           \
  X(partition_to_offset_sum)    \
  X(offset_sum)                 \
  X(named_topology)             \
  X(unique_field)               \
  X(client_tags)                \
  X(key)                        \
  X(value)                      \
  X(topic_dictionary)           \
  X(index)                      \
  X(topic_index)                \
  X(standby_partitions_by_host) \
  X(next_rebalance_ms)
enum class Name : std::uint8_t {
#define STREAMS_X(name) name,
  STREAMS_NODE_NAMES(STREAMS_X)
#undef STREAMS_X
};
inline constexpr std::string_view kNodeNames[] = {
#define STREAMS_X(name) #name,
    STREAMS_NODE_NAMES(STREAMS_X)
#undef STREAMS_X
};
// Words for a node's value (its meaning), by id; 0 is none.
inline constexpr std::string_view kNodeMeanings[] = {
    "",
    "not read: version probing",
    "null (length 0: Kafka leaves the endpoint null)",
    "null (a negative length: Kafka reads null)",
    "null (count 0: Kafka makes an empty name null)",
    "null (a negative count: Kafka reads no chars, and makes the empty name null)"};

// The field tree as FlatRecord::nodes holds it: pre-order (wire order), kNodeWords words a node:
//   name      a Name, or -1 - i for element i of a list (named "[i]")
//   wire      a tree::WireType
//   offset, length   its bytes (a group's end is set when it is left)
//   value     an i8 or i32 field's value, an i64's offset in the input, or the text (its index) of a
//             java_utf, java_chars, string, bytes or uuid field
//   parent    the parent node's index, -1 for the record
//   flags     kComplete | kHasValue | meaning id << kMeaningShift
// A field cut short or refused, and every group open when the decode failed, is not complete; an
// incomplete group ends where its last child ends.
// The words of a node, in that order (kNodeWords a node; bindings.cpp hands these indices to the JS
// side in its tables, layout.node).
enum NodeWord : std::size_t {
  kNodeName,
  kNodeWire,
  kNodeOffset,
  kNodeLength,
  kNodeValue,
  kNodeParent,
  kNodeFlags,
  kNodeWords
};
inline constexpr std::int32_t kComplete = 1;
inline constexpr std::int32_t kHasValue = 2;
inline constexpr int kMeaningShift = 2;  // flags >> kMeaningShift: the meaning's id

enum class StreamsTarget : std::uint8_t { subscription, assignment };
std::string_view streamsTargetName(StreamsTarget target);  // "subscription", "assignment"

// The one decoder. With `tree` it also writes the field tree into out.nodes; without, it builds
// no node and no path (a field path is built only for an error or a warning).
std::optional<StreamsError> decodeFlat(StreamsTarget target, std::span<const std::uint8_t> bytes, FlatRecord& out,
                                       bool tree = false);

// Java's UUID.toString() of (msb, lsb): lower-case 8-4-4-4-12.
std::string uuidString(std::uint64_t msb, std::uint64_t lsb);

// The error in the neutral shape (tree::Error): code name, offset, field path, message.
tree::Error neutralError(const StreamsError& error);

// The field tree (in the neutral shape: dynamic paths such as subscription.prev_tasks[3].partition,
// text values as UTF-8 with a lone surrogate from readUTF shown as U+FFFD), error, warnings and
// (when there is no error) the record of one decode. The root node is the record ("subscription"
// or "assignment").
struct StreamsInspection {
  StreamsTarget target;
  std::vector<tree::Node> fields;
  std::optional<StreamsError> error;
  std::vector<tree::Warning> warnings;
  FlatRecord record;
};

StreamsInspection inspectStreams(StreamsTarget target, std::span<const std::uint8_t> bytes);

}  // namespace coordination::streams
