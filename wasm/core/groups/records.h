// The records of __consumer_offsets as Apache Kafka's group coordinator writes and reads them,
// 3.8.0's and those 4.1.0 added (confluentinc/kafka tag v8.1.0; CoordinatorRecordSerde.java: the
// key's version is the record type, then each message reads its own version prefix), and the
// levels nested in a classic group's members: their subscription and assignment as the consumer
// protocol
// (clients/.../consumer/internals/ConsumerProtocol.java) when the group's protocolType is
// "consumer", and those messages' userData as Kafka Streams' SubscriptionInfo / AssignmentInfo
// (streams/streams.h) when the group's protocol (the assignor) is "stream". Every message is the
// schema-generated decoder of its spec (wasm/core/groups/specs); rules and decisions:
// golden/README.md, "Consumer groups".
//
// Paths: a key's start with "key", a value's with its record type ("offset", "group",
// "consumer_group_member_metadata", ...); a nested level's continue its bytes' path
// ("group.members[2].assignment.user_data.active_tasks[0].partition"), and every offset is in the
// outermost bytes (the key's or the value's). An error inside a nested level is that level's:
// the levels above it stay decoded.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "generated/schema/messages.h"
#include "streams/streams.h"
#include "tree/tree.h"

namespace coordination::groups {

// X(type, Key, Value): every record type of Apache Kafka 4.1.0's group coordinator, in key-version
// order (CoordinatorRecordType, confluentinc/kafka tag v8.1.0: the key's int16 prefix is the
// record type, Kafka's coordinator-key apiKey). Which key versions name a type is its Key spec's
// validVersions (OffsetCommitKey 0-1, GroupMetadataKey 2, the KIP-848 keys 3-8, KIP-932's share
// group keys 10-15, the regular expression 16, KIP-1071's Streams group keys 17 and 19-23; 9 and
// 18, ShareGroupPartitionMetadata and StreamsGroupPartitionMetadata of Kafka's pre-release specs,
// are not record types of 4.1.0); `type` is the API's name and the root of the value's paths: the
// specs' names in snake_case without _key (issue 20 names the first two "offset" and "group").
#define GROUP_RECORD_TYPES(X)                                                                                         \
  X(offset, OffsetCommitKey, OffsetCommitValue)                                                                       \
  X(group, GroupMetadataKey, GroupMetadataValue)                                                                      \
  X(consumer_group_metadata, ConsumerGroupMetadataKey, ConsumerGroupMetadataValue)                                    \
  X(consumer_group_partition_metadata, ConsumerGroupPartitionMetadataKey, ConsumerGroupPartitionMetadataValue)        \
  X(consumer_group_member_metadata, ConsumerGroupMemberMetadataKey, ConsumerGroupMemberMetadataValue)                 \
  X(consumer_group_target_assignment_metadata, ConsumerGroupTargetAssignmentMetadataKey,                              \
    ConsumerGroupTargetAssignmentMetadataValue)                                                                       \
  X(consumer_group_target_assignment_member, ConsumerGroupTargetAssignmentMemberKey,                                  \
    ConsumerGroupTargetAssignmentMemberValue)                                                                         \
  X(consumer_group_current_member_assignment, ConsumerGroupCurrentMemberAssignmentKey,                                \
    ConsumerGroupCurrentMemberAssignmentValue)                                                                        \
  X(share_group_member_metadata, ShareGroupMemberMetadataKey, ShareGroupMemberMetadataValue)                          \
  X(share_group_metadata, ShareGroupMetadataKey, ShareGroupMetadataValue)                                             \
  X(share_group_target_assignment_metadata, ShareGroupTargetAssignmentMetadataKey,                                    \
    ShareGroupTargetAssignmentMetadataValue)                                                                          \
  X(share_group_target_assignment_member, ShareGroupTargetAssignmentMemberKey, ShareGroupTargetAssignmentMemberValue) \
  X(share_group_current_member_assignment, ShareGroupCurrentMemberAssignmentKey,                                      \
    ShareGroupCurrentMemberAssignmentValue)                                                                           \
  X(share_group_state_partition_metadata, ShareGroupStatePartitionMetadataKey, ShareGroupStatePartitionMetadataValue) \
  X(consumer_group_regular_expression, ConsumerGroupRegularExpressionKey, ConsumerGroupRegularExpressionValue)        \
  X(streams_group_metadata, StreamsGroupMetadataKey, StreamsGroupMetadataValue)                                       \
  X(streams_group_member_metadata, StreamsGroupMemberMetadataKey, StreamsGroupMemberMetadataValue)                    \
  X(streams_group_target_assignment_metadata, StreamsGroupTargetAssignmentMetadataKey,                                \
    StreamsGroupTargetAssignmentMetadataValue)                                                                        \
  X(streams_group_target_assignment_member, StreamsGroupTargetAssignmentMemberKey,                                    \
    StreamsGroupTargetAssignmentMemberValue)                                                                          \
  X(streams_group_current_member_assignment, StreamsGroupCurrentMemberAssignmentKey,                                  \
    StreamsGroupCurrentMemberAssignmentValue)                                                                         \
  X(streams_group_topology, StreamsGroupTopologyKey, StreamsGroupTopologyValue)

enum class RecordType : std::uint8_t {
#define GROUPS_X(type, key, value) type,
  GROUP_RECORD_TYPES(GROUPS_X)
#undef GROUPS_X
};
inline constexpr int kRecordTypeCount = 0
#define GROUPS_X(type, key, value) +1
    GROUP_RECORD_TYPES(GROUPS_X)
#undef GROUPS_X
    ;
std::string_view typeName(RecordType type);
// The type a key version names; none for any other (Kafka's UnknownRecordTypeException).
std::optional<RecordType> typeOfKeyVersion(std::int16_t version);
// The lowest key version of a type (OffsetCommitKey's 0: its versions 0 and 1 have the same fields).
std::int16_t firstKeyVersion(RecordType type);

// What the protocol fields of a classic group say is nested in its members' bytes.
inline constexpr std::string_view kConsumerProtocolType = "consumer";  // ConsumerProtocol.PROTOCOL_TYPE
inline constexpr std::string_view kStreamsProtocol = "stream";         // StreamsPartitionAssignor.name()

// The Kafka Streams userData of a consumer protocol message.
struct StreamsLevel {
  bool read = false;  // false: not decoded (the group's protocol is not "stream", or userData is null)
  std::optional<tree::Error> error;
  std::size_t at = 0;  // where the userData's body starts in the outermost bytes
  streams::FlatRecord record;
  std::vector<tree::Node> fields;  // inspect only: its tree (outer offsets and paths)
};

// A consumer protocol message nested in other bytes (or alone), and the Streams level inside it.
template <typename Decoded>
struct ConsumerLevel {
  bool read = false;   // false: not decoded (the group's protocolType is not "consumer")
  bool empty = false;  // zero bytes: no message (Kafka writes an empty assignment for a member
                       // the leader's assignment left out or that joined after it)
  std::optional<tree::Error> error;
  Decoded message;
  StreamsLevel streams;
  schema::Inspection inspection;  // inspect only: its tree (the Streams level's grafted in), warnings
};
using SubscriptionLevel = ConsumerLevel<schema::groups::ConsumerProtocolSubscriptionDecoded>;
using AssignmentLevel = ConsumerLevel<schema::groups::ConsumerProtocolAssignmentDecoded>;

struct MemberLevels {
  SubscriptionLevel subscription;
  AssignmentLevel assignment;
};

// The consumer protocol alone (decodeConsumerSubscription / decodeConsumerAssignment): its error
// is the message's; with `streams`, its userData is read as Kafka Streams' (an error there is the
// Streams level's). Paths start with "subscription" / "assignment". `tree`: inspect.
void readSubscription(std::span<const std::uint8_t> bytes, bool streams, bool tree, SubscriptionLevel& out);
void readAssignment(std::span<const std::uint8_t> bytes, bool streams, bool tree, AssignmentLevel& out);

// One record of __consumer_offsets at a time; its decoded messages, arenas and nested levels keep
// their memory from one record to the next.
class RecordReader {
 public:
  // The key, and the value (nullopt: a null value, the tombstone of a group or an offset). The
  // error is the key's or the value's (an empty value is one: Kafka reads only null as a
  // tombstone in this topic); the nested levels' are in members().
  std::optional<tree::Error> decode(std::span<const std::uint8_t> key,
                                    std::optional<std::span<const std::uint8_t>> value);
  // The value alone, under a key of `type` that decoded before (the fold's keys seen again): the
  // decoded key is the last decode's, not refreshed.
  std::optional<tree::Error> decodeValue(RecordType type, std::optional<std::span<const std::uint8_t>> value);

  // The same read with the field trees (each nested level's grafted under its bytes' node),
  // the warnings and the nested levels' errors. The value is read when the key's version names a
  // type, even when the key's body fails.
  struct Inspection {
    schema::Inspection key;
    std::optional<schema::Inspection> value;  // none: a null value, or no type
    std::vector<tree::Error> nested_errors;   // the members' levels that failed, in wire order
  };
  Inspection inspect(std::span<const std::uint8_t> key, std::optional<std::span<const std::uint8_t>> value);

  std::optional<RecordType> type() const { return type_; }
  bool tombstone() const { return tombstone_; }
  // The decoded key and value of type T (valid after a decode or inspect of that type).
#define GROUPS_X(type, key, value)                                               \
  const schema::groups::key##Decoded& type##_key() const { return type##_key_; } \
  const schema::groups::value##Decoded& type##_value() const { return type##_value_; }
  GROUP_RECORD_TYPES(GROUPS_X)
#undef GROUPS_X
  // A group value's members' nested levels (empty unless its protocolType is "consumer").
  std::span<const MemberLevels> members() const { return {members_.data(), member_count_}; }

 private:
  bool readKey(std::span<const std::uint8_t> key, bool tree, schema::Inspection* in, std::optional<tree::Error>& error);
  bool readValue(std::span<const std::uint8_t> value, bool tree, schema::Inspection* in,
                 std::optional<tree::Error>& error);
  void readMembers(std::span<const std::uint8_t> value, bool tree);

  std::optional<RecordType> type_;
  bool tombstone_ = false;
#define GROUPS_X(type, key, value)          \
  schema::groups::key##Decoded type##_key_; \
  schema::groups::value##Decoded type##_value_;
  GROUP_RECORD_TYPES(GROUPS_X)
#undef GROUPS_X
  std::vector<MemberLevels> members_;
  std::size_t member_count_ = 0;
  std::string root_;  // a nested level's path root, reused
};

}  // namespace coordination::groups
