// Kafka Streams rebalance metadata, described once (the fields with their `[]` array indexes, and
// the warnings only this format gives). wasm/core/gen/tables_gen.cpp adds them to the generated
// FieldPath and WarningCode unions, and makes the codes the StreamsErrorCode union. Its
// JAVA_MODIFIED_UTF8 warning is the coordination list's (coordination/table.h).
// Rules: golden/README.md, "Kafka Streams rebalance metadata".
#pragma once

// X(name): the codes this format raises that are names of the one ErrorCode list
// (coordination/table.h, COORDINATION_ERROR_CODES).
#define STREAMS_SHARED_ERROR_CODES(X) \
  X(TRUNCATED) X(TRAILING_BYTES) X(UNSUPPORTED_VERSION) X(NEGATIVE_LENGTH) X(INVALID_UTF8)
// X(name): the codes only this format raises, after the shared ones (kept out of the one list, so
// the coordination-only module stays as it is):
//   UNKNOWN_TOPIC_INDEX  an AssignmentInfo (v5+) partition's topic index names no topic of the
//                        record's topic dictionary (Kafka would make a TopicPartition with a null topic)
#define STREAMS_OWN_ERROR_CODES(X) X(UNKNOWN_TOPIC_INDEX)

// X(enum name, path, wire type (tree::WireType), bounds rule, meaning of the value)
#define STREAMS_FIELDS(X)                                                                                              \
  X(subscription, "subscription", record, "no bytes after the last field (v1..11)", "SubscriptionInfo userData")       \
  X(subscription_version, "subscription.version", i32, ">= 1; > 11 is read for version probing", "used version")       \
  X(subscription_latest_supported_version, "subscription.latest_supported_version", i32, "v3+",                        \
    "latest version the member supports")                                                                              \
  X(subscription_process_id, "subscription.process_id", uuid, "16 bytes", "the instance's process id")                 \
  X(subscription_prev_tasks, "subscription.prev_tasks", array, "count >= 0, count x 8 <= remaining",                   \
    "tasks it ran before")                                                                                             \
  X(subscription_prev_tasks_group, "subscription.prev_tasks[].topic_group_id", i32, "any", "sub-topology")             \
  X(subscription_prev_tasks_partition, "subscription.prev_tasks[].partition", i32, "any", "partition")                 \
  X(subscription_standby_tasks, "subscription.standby_tasks", array, "count >= 0, count x 8 <= remaining",             \
    "standby tasks it had")                                                                                            \
  X(subscription_standby_tasks_group, "subscription.standby_tasks[].topic_group_id", i32, "any", "sub-topology")       \
  X(subscription_standby_tasks_partition, "subscription.standby_tasks[].partition", i32, "any", "partition")           \
  X(subscription_user_end_point, "subscription.user_end_point", bytes, "v2+; i32 length >= 0",                         \
    "host:port for interactive queries, decoded as new String(bytes, UTF_8)")                                          \
  X(subscription_task_offset_sums, "subscription.task_offset_sums", array,                                             \
    "v7+; count >= 0, count x 8 (v7-9) or 18 "                                                                         \
    "(v10+) <= remaining",                                                                                             \
    "tasks with their changelog offset sums")                                                                          \
  X(subscription_sums_group, "subscription.task_offset_sums[].topic_group_id", i32, "any", "sub-topology")             \
  X(subscription_sums_partitions, "subscription.task_offset_sums[].partition_to_offset_sum", array,                    \
    "v7-9; count >= 0, count x 12 <= remaining", "its partitions")                                                     \
  X(subscription_sums_nested_partition, "subscription.task_offset_sums[].partition_to_offset_sum[].partition", i32,    \
    "any", "partition")                                                                                                \
  X(subscription_sums_nested_sum, "subscription.task_offset_sums[].partition_to_offset_sum[].offset_sum", i64, "any",  \
    "offset sum; -2 (Task.LATEST_OFFSET): a running active task")                                                      \
  X(subscription_sums_partition, "subscription.task_offset_sums[].partition", i32, "v10+", "partition")                \
  X(subscription_sums_sum, "subscription.task_offset_sums[].offset_sum", i64, "v10+",                                  \
    "offset sum; -2 (Task.LATEST_OFFSET): a running active task")                                                      \
  X(subscription_sums_topology, "subscription.task_offset_sums[].named_topology", string,                              \
    "v10+; i16 length, negative: null", "named topology, decoded as new String(bytes, UTF_8)")                         \
  X(subscription_unique_field, "subscription.unique_field", i8, "v8+",                                                 \
    "incremented per subscription: the userData differs, so a rejoin rebalances")                                      \
  X(subscription_error_code, "subscription.error_code", i32, "v9+", "0 none")                                          \
  X(subscription_client_tags, "subscription.client_tags", array, "v11+; count >= 0, count x 8 <= remaining",           \
    "rack-aware standby tags")                                                                                         \
  X(subscription_tag_key, "subscription.client_tags[].key", bytes, "i32 length >= 0",                                  \
    "tag key, decoded as new String(bytes, UTF_8)")                                                                    \
  X(subscription_tag_value, "subscription.client_tags[].value", bytes, "i32 length >= 0",                              \
    "tag value, decoded as new String(bytes, UTF_8)")                                                                  \
  X(assignment, "assignment", record, "no bytes after the last field", "AssignmentInfo userData")                      \
  X(assignment_version, "assignment.version", i32, "1..11", "used version")                                            \
  X(assignment_latest_supported_version, "assignment.latest_supported_version", i32, "v3+", "leader's latest version") \
  X(assignment_active_tasks, "assignment.active_tasks", array, "count >= 0, count x 8 (v10+: 12) <= remaining",        \
    "active tasks")                                                                                                    \
  X(assignment_active_tasks_group, "assignment.active_tasks[].topic_group_id", i32, "any", "sub-topology")             \
  X(assignment_active_tasks_partition, "assignment.active_tasks[].partition", i32, "any", "partition")                 \
  X(assignment_active_tasks_topology, "assignment.active_tasks[].named_topology", java_chars,                          \
    "v10+; count <= 0: null; count x 2 <= remaining", "named topology (null: none)")                                   \
  X(assignment_standby_tasks, "assignment.standby_tasks", array, "count >= 0, count x 12 (v10+: 16) <= remaining",     \
    "standby tasks")                                                                                                   \
  X(assignment_standby_task_group, "assignment.standby_tasks[].task.topic_group_id", i32, "any", "sub-topology")       \
  X(assignment_standby_task_partition, "assignment.standby_tasks[].task.partition", i32, "any", "partition")           \
  X(assignment_standby_task_topology, "assignment.standby_tasks[].task.named_topology", java_chars,                    \
    "v10+; count <= 0: null; count x 2 <= remaining", "named topology (null: none)")                                   \
  X(assignment_standby_partitions, "assignment.standby_tasks[].partitions", array,                                     \
    "count >= 0, count x 6 <= remaining", "its changelog partitions")                                                  \
  X(assignment_standby_topic, "assignment.standby_tasks[].partitions[].topic", java_utf, "readUTF", "topic")           \
  X(assignment_standby_partition, "assignment.standby_tasks[].partitions[].partition", i32, "any", "partition")        \
  X(assignment_dictionary, "assignment.topic_dictionary", array, "v5+; count >= 0, count x 6 <= remaining",            \
    "the topics that partitions by host name by index")                                                                \
  X(assignment_dictionary_index, "assignment.topic_dictionary[].index", i32, "any; repeated: the last topic wins",     \
    "topic index")                                                                                                     \
  X(assignment_dictionary_topic, "assignment.topic_dictionary[].topic", java_utf, "readUTF", "topic")                  \
  X(assignment_hosts, "assignment.partitions_by_host", array, "v2+; count >= 0, count x 10 <= remaining",              \
    "every member's partitions")                                                                                       \
  X(assignment_host, "assignment.partitions_by_host[].host", java_utf, "readUTF", "host of the member")                \
  X(assignment_port, "assignment.partitions_by_host[].port", i32, "any", "port of the member")                         \
  X(assignment_host_partitions, "assignment.partitions_by_host[].partitions", array,                                   \
    "count >= 0, count x 6 (v5+: 8) <= remaining", "its partitions")                                                   \
  X(assignment_host_topic, "assignment.partitions_by_host[].partitions[].topic", java_utf, "v2-4; readUTF", "topic")   \
  X(assignment_host_topic_index, "assignment.partitions_by_host[].partitions[].topic_index", i32,                      \
    "v5+; an index of topic_dictionary", "topic, by index")                                                            \
  X(assignment_host_partition, "assignment.partitions_by_host[].partitions[].partition", i32, "any", "partition")      \
  X(assignment_standby_hosts, "assignment.standby_partitions_by_host", array,                                          \
    "v6+; count >= 0, count x 10 <= remaining", "every member's standby partitions")                                   \
  X(assignment_standby_host, "assignment.standby_partitions_by_host[].host", java_utf, "readUTF",                      \
    "host of the member")                                                                                              \
  X(assignment_standby_port, "assignment.standby_partitions_by_host[].port", i32, "any", "port of the member")         \
  X(assignment_standby_host_partitions, "assignment.standby_partitions_by_host[].partitions", array,                   \
    "count >= 0, count x 8 <= remaining", "its standby partitions")                                                    \
  X(assignment_standby_host_topic_index, "assignment.standby_partitions_by_host[].partitions[].topic_index", i32,      \
    "an index of topic_dictionary", "topic, by index")                                                                 \
  X(assignment_standby_host_partition, "assignment.standby_partitions_by_host[].partitions[].partition", i32, "any",   \
    "partition")                                                                                                       \
  X(assignment_error_code, "assignment.error_code", i32, "v4+",                                                        \
    "AssignorError (3.8.0): 0 NONE, 1 INCOMPLETE_SOURCE_TOPIC_METADATA, 2 VERSION_PROBING, 3 ASSIGNMENT_ERROR, "       \
    "4 SHUTDOWN_REQUESTED")                                                                                            \
  X(assignment_next_rebalance_ms, "assignment.next_rebalance_ms", i64, "v7+",                                          \
    "when the member is to rejoin for a follow-up rebalance (epoch ms; Long.MAX_VALUE: none)")

// X(name, description) -- warnings this format adds to COORDINATION_WARNING_CODES.
#define STREAMS_WARNING_CODES(X)                                                                      \
  X(UTF8_REPLACED,                                                                                    \
    "a Streams user endpoint, named topology or client tag is not well-formed UTF-8: decoded as new " \
    "String(bytes, UTF_8) with U+FFFD")                                                               \
  X(VERSION_PROBING, "a Streams subscription newer than version 11: only its version fields are read")
