// The schema-decoded __consumer_offsets records and consumer protocol messages as
// golden/group-records.json and consumer-protocol.json write them (test-only): snake_case
// fields, int64 as decimal text, bytes as hex, uuids as Kafka prints them, unknown tags on every
// struct of a message with flexible versions, each nested level as {"record"} or {"error"}.
#pragma once

#include <string>

#include "golden.h"
#include "groups/records.h"
#include "schema/decoding.h"
#include "streams_json.h"

namespace groupsjson {

using golden::json;
namespace cs = coordination::schema;
namespace gs = coordination::schema::groups;
namespace cg = coordination::groups;

inline json text(const cs::Decoded& d, cs::Slice s) { return s.null() ? json(nullptr) : json(std::string(d.text(s))); }
inline json hex(const cs::Decoded& d, cs::Slice s) {
  if (s.null()) return nullptr;
  return golden::toHex(d.bytes(s));
}
inline json i64(std::int64_t v) { return std::to_string(v); }
inline json uuid(const cs::Uuid& u) { return cs::uuidText(u); }
inline json i32s(const cs::Decoded& d, cs::Run r) {
  json a = json::array();
  for (const std::int32_t v : d.items(d.i32, r)) a.push_back(v);
  return a;
}
// A nullable []int32 (Kafka 4.3.0's AssignmentEpochs): null when its count is -1.
inline json nullableI32s(const cs::Decoded& d, cs::Run r) { return r.count < 0 ? json(nullptr) : i32s(d, r); }
inline json texts(const cs::Decoded& d, cs::Run r) {
  json a = json::array();
  for (const cs::Slice s : d.items(d.slices, r)) a.push_back(text(d, s));
  return a;
}
inline json tagged(const cs::Decoded& d, cs::Run r) {
  json a = json::array();
  for (const cs::TaggedField& t : d.items(d.tagged, r)) a.push_back({{"tag", t.tag}, {"bytes", hex(d, t.bytes)}});
  return a;
}
template <typename T, typename F>
json list(const cs::Decoded& d, const std::vector<T>& arena, cs::Run r, F f) {
  json a = json::array();
  for (const T& x : d.items(arena, r)) a.push_back(f(x));
  return a;
}
inline json error(const tree::Error& e) {
  return {{"code", std::string(e.code)}, {"offset", e.offset}, {"field", e.field}};
}

// ---- the messages' roots ---------------------------------------------------------------------

inline json keyJson(const gs::OffsetCommitKeyDecoded& d) {
  return {{"version", d.root.version},
          {"group", text(d, d.root.group)},
          {"topic", text(d, d.root.topic)},
          {"partition", d.root.partition}};
}
inline json keyJson(const gs::GroupMetadataKeyDecoded& d) {
  return {{"version", d.root.version}, {"group", text(d, d.root.group)}};
}
template <typename Decoded>
json groupIdKeyJson(const Decoded& d) {
  return {{"version", d.root.version}, {"group_id", text(d, d.root.group_id)}};
}
template <typename Decoded>
json memberKeyJson(const Decoded& d) {
  return {
      {"version", d.root.version}, {"group_id", text(d, d.root.group_id)}, {"member_id", text(d, d.root.member_id)}};
}
inline json keyJson(const gs::ConsumerGroupMetadataKeyDecoded& d) { return groupIdKeyJson(d); }
inline json keyJson(const gs::ConsumerGroupPartitionMetadataKeyDecoded& d) { return groupIdKeyJson(d); }
inline json keyJson(const gs::ConsumerGroupTargetAssignmentMetadataKeyDecoded& d) { return groupIdKeyJson(d); }
inline json keyJson(const gs::ConsumerGroupMemberMetadataKeyDecoded& d) { return memberKeyJson(d); }
inline json keyJson(const gs::ConsumerGroupTargetAssignmentMemberKeyDecoded& d) { return memberKeyJson(d); }
inline json keyJson(const gs::ConsumerGroupCurrentMemberAssignmentKeyDecoded& d) { return memberKeyJson(d); }
// Apache Kafka 4.1.0's record types.
inline json keyJson(const gs::ShareGroupMetadataKeyDecoded& d) { return groupIdKeyJson(d); }
inline json keyJson(const gs::ShareGroupTargetAssignmentMetadataKeyDecoded& d) { return groupIdKeyJson(d); }
inline json keyJson(const gs::ShareGroupStatePartitionMetadataKeyDecoded& d) { return groupIdKeyJson(d); }
inline json keyJson(const gs::StreamsGroupMetadataKeyDecoded& d) { return groupIdKeyJson(d); }
inline json keyJson(const gs::StreamsGroupTargetAssignmentMetadataKeyDecoded& d) { return groupIdKeyJson(d); }
inline json keyJson(const gs::StreamsGroupTopologyKeyDecoded& d) { return groupIdKeyJson(d); }
inline json keyJson(const gs::ShareGroupMemberMetadataKeyDecoded& d) { return memberKeyJson(d); }
inline json keyJson(const gs::ShareGroupTargetAssignmentMemberKeyDecoded& d) { return memberKeyJson(d); }
inline json keyJson(const gs::ShareGroupCurrentMemberAssignmentKeyDecoded& d) { return memberKeyJson(d); }
inline json keyJson(const gs::StreamsGroupMemberMetadataKeyDecoded& d) { return memberKeyJson(d); }
inline json keyJson(const gs::StreamsGroupTargetAssignmentMemberKeyDecoded& d) { return memberKeyJson(d); }
inline json keyJson(const gs::StreamsGroupCurrentMemberAssignmentKeyDecoded& d) { return memberKeyJson(d); }
inline json keyJson(const gs::ConsumerGroupRegularExpressionKeyDecoded& d) {
  return {{"version", d.root.version},
          {"group_id", text(d, d.root.group_id)},
          {"regular_expression", text(d, d.root.regular_expression)}};
}

inline json valueJson(const gs::OffsetCommitValueDecoded& d) {
  const auto& v = d.root;
  return {{"version", v.version},
          {"offset", i64(v.offset)},
          {"leader_epoch", v.leader_epoch},
          {"metadata", text(d, v.metadata)},
          {"commit_timestamp", i64(v.commit_timestamp)},
          {"expire_timestamp", v.version == 1 ? i64(v.expire_timestamp) : json(nullptr)},  // version 1 only
          {"topic_id", uuid(v.topic_id)},
          {"unknown_tagged_fields", tagged(d, v.unknown_tagged_fields)}};
}
inline json valueJson(const gs::GroupMetadataValueDecoded& d) {
  const auto& v = d.root;
  return {{"version", v.version},
          {"protocol_type", text(d, v.protocol_type)},
          {"generation", v.generation},
          {"protocol", text(d, v.protocol)},
          {"leader", text(d, v.leader)},
          {"current_state_timestamp", i64(v.current_state_timestamp)},
          {"members", list(d, d.member_metadata, v.members,
                           [&](const gs::GroupMetadataValue::MemberMetadata& m) -> json {
                             return {{"member_id", text(d, m.member_id)},
                                     {"group_instance_id", text(d, m.group_instance_id)},
                                     {"client_id", text(d, m.client_id)},
                                     {"client_host", text(d, m.client_host)},
                                     {"rebalance_timeout", m.rebalance_timeout},
                                     {"session_timeout", m.session_timeout},
                                     {"subscription", hex(d, m.subscription)},
                                     {"assignment", hex(d, m.assignment)},
                                     {"unknown_tagged_fields", tagged(d, m.unknown_tagged_fields)}};
                           })},
          {"unknown_tagged_fields", tagged(d, v.unknown_tagged_fields)}};
}
inline json valueJson(const gs::ConsumerGroupMetadataValueDecoded& d) {
  return {{"version", d.root.version},
          {"epoch", d.root.epoch},
          {"metadata_hash", i64(d.root.metadata_hash)},
          {"unknown_tagged_fields", tagged(d, d.root.unknown_tagged_fields)}};
}
inline json valueJson(const gs::ConsumerGroupTargetAssignmentMetadataValueDecoded& d) {
  return {{"version", d.root.version},
          {"assignment_epoch", d.root.assignment_epoch},
          {"assignment_timestamp", i64(d.root.assignment_timestamp)},  // Kafka 4.3.0, tag 0
          {"unknown_tagged_fields", tagged(d, d.root.unknown_tagged_fields)}};
}
inline json valueJson(const gs::ConsumerGroupPartitionMetadataValueDecoded& d) {
  using V = gs::ConsumerGroupPartitionMetadataValue;
  const auto partition = [&](const V::PartitionMetadata& p) -> json {
    return {{"partition", p.partition},
            {"racks", texts(d, p.racks)},
            {"unknown_tagged_fields", tagged(d, p.unknown_tagged_fields)}};
  };
  const auto topic = [&](const V::TopicMetadata& t) -> json {
    return {{"topic_id", uuid(t.topic_id)},
            {"topic_name", text(d, t.topic_name)},
            {"num_partitions", t.num_partitions},
            {"partition_metadata", list(d, d.partition_metadata, t.partition_metadata, partition)},
            {"unknown_tagged_fields", tagged(d, t.unknown_tagged_fields)}};
  };
  return {{"version", d.root.version},
          {"topics", list(d, d.topic_metadata, d.root.topics, topic)},
          {"unknown_tagged_fields", tagged(d, d.root.unknown_tagged_fields)}};
}
inline json valueJson(const gs::ConsumerGroupMemberMetadataValueDecoded& d) {
  using V = gs::ConsumerGroupMemberMetadataValue;
  const auto& v = d.root;
  const auto protocol = [&](const V::ClassicProtocol& p) -> json {
    return {{"name", text(d, p.name)},
            {"metadata", hex(d, p.metadata)},
            {"unknown_tagged_fields", tagged(d, p.unknown_tagged_fields)}};
  };
  const V::ClassicMemberMetadata* c = d.one(d.classic_member_metadata, v.classic_member_metadata);
  const json classic =
      c == nullptr ? json(nullptr)
                   : json{{"session_timeout_ms", c->session_timeout_ms},
                          {"supported_protocols", list(d, d.classic_protocol, c->supported_protocols, protocol)},
                          {"unknown_tagged_fields", tagged(d, c->unknown_tagged_fields)}};
  return {{"version", v.version},
          {"instance_id", text(d, v.instance_id)},
          {"rack_id", text(d, v.rack_id)},
          {"client_id", text(d, v.client_id)},
          {"client_host", text(d, v.client_host)},
          {"subscribed_topic_names", texts(d, v.subscribed_topic_names)},
          {"subscribed_topic_regex", text(d, v.subscribed_topic_regex)},
          {"rebalance_timeout_ms", v.rebalance_timeout_ms},
          {"server_assignor", text(d, v.server_assignor)},
          {"classic_member_metadata", classic},
          {"unknown_tagged_fields", tagged(d, v.unknown_tagged_fields)}};
}
template <typename Decoded, typename Struct>
json topicIdPartitions(const Decoded& d, const std::vector<Struct>& arena, cs::Run r) {
  return list(d, arena, r, [&](const Struct& t) -> json {
    return {{"topic_id", uuid(t.topic_id)},
            {"partitions", i32s(d, t.partitions)},
            {"unknown_tagged_fields", tagged(d, t.unknown_tagged_fields)}};
  });
}
inline json valueJson(const gs::ConsumerGroupTargetAssignmentMemberValueDecoded& d) {
  return {{"version", d.root.version},
          {"topic_partitions", topicIdPartitions(d, d.topic_partition, d.root.topic_partitions)},
          {"unknown_tagged_fields", tagged(d, d.root.unknown_tagged_fields)}};
}
inline json valueJson(const gs::ConsumerGroupCurrentMemberAssignmentValueDecoded& d) {
  const auto& v = d.root;
  // Kafka 4.3.0's TopicPartitions has the tagged AssignmentEpochs.
  const auto topicIdPartitions = [&](cs::Run r) {
    return list(d, d.topic_partitions, r, [&](const auto& t) -> json {
      return {{"topic_id", uuid(t.topic_id)},
              {"partitions", i32s(d, t.partitions)},
              {"assignment_epochs", nullableI32s(d, t.assignment_epochs)},
              {"unknown_tagged_fields", tagged(d, t.unknown_tagged_fields)}};
    });
  };
  return {{"version", v.version},
          {"member_epoch", v.member_epoch},
          {"previous_member_epoch", v.previous_member_epoch},
          {"state", v.state},
          {"assigned_partitions", topicIdPartitions(v.assigned_partitions)},
          {"partitions_pending_revocation", topicIdPartitions(v.partitions_pending_revocation)},
          {"unknown_tagged_fields", tagged(d, v.unknown_tagged_fields)}};
}

// ---- Apache Kafka 4.1.0's record types (share groups, regular expressions, Streams groups) ----

template <typename Decoded>
json epochHashJson(const Decoded& d) {
  return {{"version", d.root.version},
          {"epoch", d.root.epoch},
          {"metadata_hash", i64(d.root.metadata_hash)},
          {"unknown_tagged_fields", tagged(d, d.root.unknown_tagged_fields)}};
}
template <typename Decoded>
json assignmentEpochJson(const Decoded& d) {
  return {{"version", d.root.version},
          {"assignment_epoch", d.root.assignment_epoch},
          {"assignment_timestamp", i64(d.root.assignment_timestamp)},  // Kafka 4.3.0, tag 0
          {"unknown_tagged_fields", tagged(d, d.root.unknown_tagged_fields)}};
}
inline json valueJson(const gs::ShareGroupMetadataValueDecoded& d) { return epochHashJson(d); }
inline json valueJson(const gs::StreamsGroupMetadataValueDecoded& d) {
  using V = gs::StreamsGroupMetadataValue;
  json out = epochHashJson(d);
  // Kafka 4.2.0's tags 0 and 1
  out["validated_topology_epoch"] = d.root.validated_topology_epoch;
  out["last_assignment_configs"] = d.root.last_assignment_configs.count < 0
                                       ? json(nullptr)
                                       : list(d, d.last_assignment_config, d.root.last_assignment_configs,
                                              [&](const V::LastAssignmentConfig& c) -> json {
                                                return {{"key", text(d, c.key)},
                                                        {"value", text(d, c.value)},
                                                        {"unknown_tagged_fields", tagged(d, c.unknown_tagged_fields)}};
                                              });
  return out;
}
inline json valueJson(const gs::ShareGroupTargetAssignmentMetadataValueDecoded& d) { return assignmentEpochJson(d); }
inline json valueJson(const gs::StreamsGroupTargetAssignmentMetadataValueDecoded& d) { return assignmentEpochJson(d); }
inline json valueJson(const gs::ShareGroupMemberMetadataValueDecoded& d) {
  const auto& v = d.root;
  return {{"version", v.version},
          {"rack_id", text(d, v.rack_id)},
          {"client_id", text(d, v.client_id)},
          {"client_host", text(d, v.client_host)},
          {"subscribed_topic_names", texts(d, v.subscribed_topic_names)},
          {"unknown_tagged_fields", tagged(d, v.unknown_tagged_fields)}};
}
inline json valueJson(const gs::ShareGroupTargetAssignmentMemberValueDecoded& d) {
  return {{"version", d.root.version},
          {"topic_partitions", topicIdPartitions(d, d.topic_partition, d.root.topic_partitions)},
          {"unknown_tagged_fields", tagged(d, d.root.unknown_tagged_fields)}};
}
inline json valueJson(const gs::ShareGroupCurrentMemberAssignmentValueDecoded& d) {
  const auto& v = d.root;
  return {{"version", v.version},
          {"member_epoch", v.member_epoch},
          {"previous_member_epoch", v.previous_member_epoch},
          {"state", v.state},
          {"assigned_partitions", topicIdPartitions(d, d.topic_partitions, v.assigned_partitions)},
          {"unknown_tagged_fields", tagged(d, v.unknown_tagged_fields)}};
}
inline json valueJson(const gs::ShareGroupStatePartitionMetadataValueDecoded& d) {
  using V = gs::ShareGroupStatePartitionMetadataValue;
  const auto& v = d.root;
  const auto partitions = [&](const V::TopicPartitionsInfo& t) -> json {
    return {{"topic_id", uuid(t.topic_id)},
            {"topic_name", text(d, t.topic_name)},
            {"partitions", i32s(d, t.partitions)},
            {"unknown_tagged_fields", tagged(d, t.unknown_tagged_fields)}};
  };
  const auto topic = [&](const V::TopicInfo& t) -> json {
    return {{"topic_id", uuid(t.topic_id)},
            {"topic_name", text(d, t.topic_name)},
            {"unknown_tagged_fields", tagged(d, t.unknown_tagged_fields)}};
  };
  return {{"version", v.version},
          {"initializing_topics", list(d, d.topic_partitions_info, v.initializing_topics, partitions)},
          {"initialized_topics", list(d, d.topic_partitions_info, v.initialized_topics, partitions)},
          {"deleting_topics", list(d, d.topic_info, v.deleting_topics, topic)},
          {"unknown_tagged_fields", tagged(d, v.unknown_tagged_fields)}};
}
inline json valueJson(const gs::ConsumerGroupRegularExpressionValueDecoded& d) {
  const auto& v = d.root;
  return {{"version", v.version},
          {"topics", texts(d, v.topics)},
          {"metadata_version", i64(v.metadata_version)},
          {"timestamp", i64(v.timestamp)},
          {"unknown_tagged_fields", tagged(d, v.unknown_tagged_fields)}};
}
inline json valueJson(const gs::StreamsGroupMemberMetadataValueDecoded& d) {
  using V = gs::StreamsGroupMemberMetadataValue;
  const auto& v = d.root;
  const V::Endpoint* e = d.one(d.endpoint, v.user_endpoint);
  const json endpoint = e == nullptr ? json(nullptr)
                                     : json{{"host", text(d, e->host)},
                                            {"port", e->port},
                                            {"unknown_tagged_fields", tagged(d, e->unknown_tagged_fields)}};
  return {{"version", v.version},
          {"instance_id", text(d, v.instance_id)},
          {"rack_id", text(d, v.rack_id)},
          {"client_id", text(d, v.client_id)},
          {"client_host", text(d, v.client_host)},
          {"rebalance_timeout_ms", v.rebalance_timeout_ms},
          {"topology_epoch", v.topology_epoch},
          {"process_id", text(d, v.process_id)},
          {"user_endpoint", endpoint},
          {"client_tags", list(d, d.key_value, v.client_tags,
                               [&](const V::KeyValue& t) -> json {
                                 return {{"key", text(d, t.key)},
                                         {"value", text(d, t.value)},
                                         {"unknown_tagged_fields", tagged(d, t.unknown_tagged_fields)}};
                               })},
          {"unknown_tagged_fields", tagged(d, v.unknown_tagged_fields)}};
}
template <typename Decoded>
json taskIds(const Decoded& d, cs::Run r) {
  return list(d, d.task_ids, r, [&](const auto& t) -> json {
    json out = {{"subtopology_id", text(d, t.subtopology_id)},
                {"partitions", i32s(d, t.partitions)},
                {"unknown_tagged_fields", tagged(d, t.unknown_tagged_fields)}};
    // Kafka 4.3.0's tagged AssignmentEpochs: in the current assignment's TaskIds only
    if constexpr (requires { t.assignment_epochs; }) out["assignment_epochs"] = nullableI32s(d, t.assignment_epochs);
    return out;
  });
}
inline json valueJson(const gs::StreamsGroupTargetAssignmentMemberValueDecoded& d) {
  const auto& v = d.root;
  return {{"version", v.version},
          {"active_tasks", taskIds(d, v.active_tasks)},
          {"standby_tasks", taskIds(d, v.standby_tasks)},
          {"warmup_tasks", taskIds(d, v.warmup_tasks)},
          {"unknown_tagged_fields", tagged(d, v.unknown_tagged_fields)}};
}
inline json valueJson(const gs::StreamsGroupCurrentMemberAssignmentValueDecoded& d) {
  const auto& v = d.root;
  return {{"version", v.version},
          {"member_epoch", v.member_epoch},
          {"previous_member_epoch", v.previous_member_epoch},
          {"state", v.state},
          {"active_tasks", taskIds(d, v.active_tasks)},
          {"standby_tasks", taskIds(d, v.standby_tasks)},
          {"warmup_tasks", taskIds(d, v.warmup_tasks)},
          {"active_tasks_pending_revocation", taskIds(d, v.active_tasks_pending_revocation)},
          {"standby_tasks_pending_revocation", taskIds(d, v.standby_tasks_pending_revocation)},
          {"warmup_tasks_pending_revocation", taskIds(d, v.warmup_tasks_pending_revocation)},
          {"unknown_tagged_fields", tagged(d, v.unknown_tagged_fields)}};
}
inline json valueJson(const gs::StreamsGroupTopologyValueDecoded& d) {
  using V = gs::StreamsGroupTopologyValue;
  const auto& v = d.root;
  const auto topic = [&](const V::TopicInfo& t) -> json {
    return {{"name", text(d, t.name)},
            {"partitions", t.partitions},
            {"replication_factor", t.replication_factor},
            {"topic_configs", list(d, d.topic_config, t.topic_configs,
                                   [&](const V::TopicConfig& c) -> json {
                                     return {{"key", text(d, c.key)},
                                             {"value", text(d, c.value)},
                                             {"unknown_tagged_fields", tagged(d, c.unknown_tagged_fields)}};
                                   })},
            {"unknown_tagged_fields", tagged(d, t.unknown_tagged_fields)}};
  };
  const auto group = [&](const V::CopartitionGroup& g) -> json {
    return {{"source_topics", i32s(d, g.source_topics)},
            {"source_topic_regex", i32s(d, g.source_topic_regex)},
            {"repartition_source_topics", i32s(d, g.repartition_source_topics)},
            {"unknown_tagged_fields", tagged(d, g.unknown_tagged_fields)}};
  };
  const auto subtopology = [&](const V::Subtopology& s) -> json {
    return {{"subtopology_id", text(d, s.subtopology_id)},
            {"source_topics", texts(d, s.source_topics)},
            {"source_topic_regex", texts(d, s.source_topic_regex)},
            {"state_changelog_topics", list(d, d.topic_info, s.state_changelog_topics, topic)},
            {"repartition_sink_topics", texts(d, s.repartition_sink_topics)},
            {"repartition_source_topics", list(d, d.topic_info, s.repartition_source_topics, topic)},
            {"copartition_groups", list(d, d.copartition_group, s.copartition_groups, group)},
            {"unknown_tagged_fields", tagged(d, s.unknown_tagged_fields)}};
  };
  return {{"version", v.version},
          {"epoch", v.epoch},
          {"subtopologies", list(d, d.subtopology, v.subtopologies, subtopology)},
          {"unknown_tagged_fields", tagged(d, v.unknown_tagged_fields)}};
}

// ---- the consumer protocol and its nested levels ---------------------------------------------

template <typename Decoded>
json topicPartitions(const Decoded& d, cs::Run r) {
  return list(d, d.topic_partition, r, [&](const auto& p) -> json {
    return {{"topic", text(d, p.topic)}, {"partitions", i32s(d, p.partitions)}};
  });
}
// The Streams level: its error, or its record (the userData decoded by the Streams API's
// decodeSubscription / decodeAssignment, which the level's flat record must agree with).
template <typename Decoded>
json streamsJson(const cg::ConsumerLevel<Decoded>& level, bool subscription) {
  if (level.streams.error) return {{"error", error(*level.streams.error)}};
  const auto b = level.message.bytes(level.message.root.user_data);
  if (subscription) {
    const auto r = coordination::streams::decodeSubscription(b);
    return {{"record", r.ok() ? streamsjson::recordJson(r.value()) : json("decodeSubscription refused it")}};
  }
  const auto r = coordination::streams::decodeAssignment(b);
  return {{"record", r.ok() ? streamsjson::recordJson(r.value()) : json("decodeAssignment refused it")}};
}
inline json levelJson(const cg::SubscriptionLevel& l) {
  if (l.error) return {{"error", error(*l.error)}};
  const auto& d = l.message;
  json r = {{"version", d.root.version},
            {"topics", texts(d, d.root.topics)},
            {"user_data", hex(d, d.root.user_data)},
            {"owned_partitions", topicPartitions(d, d.root.owned_partitions)},
            {"generation_id", d.root.generation_id},
            {"rack_id", text(d, d.root.rack_id)}};
  if (l.streams.read) r["streams"] = streamsJson(l, true);
  return {{"record", r}};
}
inline json levelJson(const cg::AssignmentLevel& l) {
  if (l.error) return {{"error", error(*l.error)}};
  const auto& d = l.message;
  json r = {{"version", d.root.version},
            {"assigned_partitions", topicPartitions(d, d.root.assigned_partitions)},
            {"user_data", hex(d, d.root.user_data)}};
  if (l.streams.read) r["streams"] = streamsJson(l, false);
  return {{"record", r}};
}

// ---- a whole record ----------------------------------------------------------------------------

// {"key", "value"} of what a RecordReader read (its type known, no error), the nested levels in
// a consumer group's members.
inline json recordJson(const cg::RecordReader& r) {
  json key;
  json value;
  switch (*r.type()) {
#define GROUPS_X(type, k, v)                                 \
  case cg::RecordType::type:                                 \
    key = keyJson(r.type##_key());                           \
    if (!r.tombstone()) value = valueJson(r.type##_value()); \
    break;
    GROUP_RECORD_TYPES(GROUPS_X)
#undef GROUPS_X
  }
  const std::string type(cg::typeName(*r.type()));
  key["type"] = type;
  if (!value.is_null()) {
    value["type"] = type;
    std::size_t i = 0;
    for (const cg::MemberLevels& m : r.members()) {
      json& member = value["members"][i++];
      member["consumer_subscription"] = m.subscription.empty ? json(nullptr) : levelJson(m.subscription);
      member["consumer_assignment"] = m.assignment.empty ? json(nullptr) : levelJson(m.assignment);
    }
  }
  return {{"key", key}, {"value", value}};
}

}  // namespace groupsjson
