// Test inputs for __consumer_offsets, written by code we did not write for the fold or the decoders:
// Kafka 3.8.0's layouts written here with Buffer, from its sources (group-coordinator's
// OffsetCommitKey/Value, GroupMetadataKey/Value and ConsumerGroupMetadataKey/Value JSON specs,
// clients' ConsumerProtocolSubscription/Assignment, streams' SubscriptionInfo / AssignmentInfo
// legacy encoders for versions 1-4), and segments as kafkajs's record batches
// (tests/node/log-writer.mjs writeLog).
import { writeLog } from './log-writer.mjs';

/** Big-endian integers, Kafka strings (i16 length; -1 null), bytes (i32 length), arrays (i32 count). */
export const i16 = (v) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(v);
  return b;
};
export const i32 = (v) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(v);
  return b;
};
export const i64 = (v) => {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(BigInt(v));
  return b;
};
export const str = (s) => (s === null ? i16(-1) : Buffer.concat([i16(Buffer.byteLength(s)), Buffer.from(s)]));
export const bytes = (b) => (b === null ? i32(-1) : Buffer.concat([i32(b.length), b]));
export const array = (items, write) => Buffer.concat([i32(items.length), ...items.map(write)]);
// DataOutputStream.writeUTF: u16 length, modified UTF-8 (ASCII here).
const utf = (s) => Buffer.concat([i16(s.length), Buffer.from(s, 'latin1')]);

/** OffsetCommitKey (key version 1). */
export const offsetKey = (group, topic, partition) => Buffer.concat([i16(1), str(group), str(topic), i32(partition)]);
/** OffsetCommitValue version 3: offset, leader epoch, metadata, commit timestamp. */
export const offsetValue = ({ offset, leaderEpoch = -1, metadata = '', commitTimestamp = 0 }) =>
  Buffer.concat([i16(3), i64(offset), i32(leaderEpoch), str(metadata), i64(commitTimestamp)]);

/** GroupMetadataKey (key version 2). */
export const groupKey = (group) => Buffer.concat([i16(2), str(group)]);
/**
 * GroupMetadataValue version 3: { protocolType, generation, protocol, leader, currentStateTimestamp,
 * members: [{ memberId, groupInstanceId, clientId, clientHost, rebalanceTimeout, sessionTimeout,
 * subscription, assignment }] } (subscription, assignment: Buffers).
 */
export const groupValue = (g) =>
  Buffer.concat([
    i16(3),
    str(g.protocolType),
    i32(g.generation),
    str(g.protocol),
    str(g.leader),
    i64(g.currentStateTimestamp ?? 0),
    array(g.members, (m) =>
      Buffer.concat([
        str(m.memberId),
        str(m.groupInstanceId ?? null),
        str(m.clientId ?? 'client'),
        str(m.clientHost ?? '/127.0.0.1'),
        i32(m.rebalanceTimeout ?? 300000),
        i32(m.sessionTimeout ?? 45000),
        bytes(m.subscription),
        bytes(m.assignment),
      ]),
    ),
  ]);

/** ConsumerGroupMetadataKey (key version 3) and its value version 0 (epoch), flexible. */
export const consumerGroupKey = (group) => Buffer.concat([i16(3), str(group)]);
export const consumerGroupValue = (epoch) => Buffer.concat([i16(0), i32(epoch), Buffer.from([0])]);

// A flexible version's unsigned varint (compact lengths are the length + 1; 0 tagged fields: 0).
const uvarint = (n) => {
  const out = [];
  for (; n >= 0x80; n >>>= 7) out.push((n & 0x7f) | 0x80);
  out.push(n);
  return Buffer.from(out);
};
/**
 * ConsumerGroupTargetAssignmentMemberKey (key version 7: group, member) and its value version 0,
 * flexible: topic partitions [[topicId (16 bytes), [partitions]]], no tagged fields.
 */
export const targetMemberKey = (group, member) => Buffer.concat([i16(7), str(group), str(member)]);
export const targetMemberValue = (topics) =>
  Buffer.concat([
    i16(0),
    uvarint(topics.length + 1),
    ...topics.map(([id, partitions]) =>
      Buffer.concat([id, uvarint(partitions.length + 1), ...partitions.map(i32), uvarint(0)]),
    ),
    uvarint(0),
  ]);

/** ConsumerProtocolSubscription version 1: topics, userData, owned partitions. */
export const consumerSubscription = (topics, userData = null) =>
  Buffer.concat([i16(1), array(topics, str), bytes(userData), i32(0)]);
/** ConsumerProtocolAssignment version 0: [[topic, [partitions]]], userData. */
export const consumerAssignment = (partitions, userData = null) =>
  Buffer.concat([
    i16(0),
    array(partitions, ([topic, ids]) => Buffer.concat([str(topic), array(ids, i32)])),
    bytes(userData),
  ]);

const taskIds = (tasks) => array(tasks, ([group, partition]) => Buffer.concat([i32(group), i32(partition)]));

/**
 * Streams SubscriptionInfo, versions 2-4 (the legacy layout): version, [3+: latest supported
 * version], process id (16 bytes), previous tasks, standby tasks, user endpoint.
 */
export const streamsSubscription = ({ version, latest = version, processId = 1, endpoint = 'host:8080' }) =>
  Buffer.concat([
    i32(version),
    ...(version >= 3 ? [i32(latest)] : []),
    i64(0),
    i64(processId),
    taskIds([]),
    taskIds([]),
    bytes(Buffer.from(endpoint)),
  ]);

/**
 * Streams AssignmentInfo version 2 (version, active tasks, standby tasks, partitions by host) or 3
 * (with the commonly supported version after the version): tasks [[group, partition]], standby
 * [[[group, partition], [[topic, partition]]]], byHost [[host, port, [[topic, partition]]]].
 */
export const streamsAssignment = ({ version = 2, active, standby = [], byHost = [] }) =>
  Buffer.concat([
    i32(version),
    ...(version >= 3 ? [i32(version)] : []),
    taskIds(active),
    array(standby, ([[group, partition], parts]) =>
      Buffer.concat([i32(group), i32(partition), array(parts, ([t, p]) => Buffer.concat([utf(t), i32(p)]))]),
    ),
    array(byHost, ([host, port, parts]) =>
      Buffer.concat([utf(host), i32(port), array(parts, ([t, p]) => Buffer.concat([utf(t), i32(p)]))]),
    ),
  ]);

/** A segment of one partition's records [{ offset, key, value }] (kafkajs batches of `perBatch`). */
export const groupSegment = (records, perBatch = 10) => writeLog(records, { perBatch });

// ---- Apache Kafka 4.1.0's record types (confluentinc/kafka tag v8.1.0): each key's int16 prefix is
// its coordinator-key apiKey; values version 0, flexible (compact strings and arrays, a tagged
// field count of 0 after each struct).
const cstr = (s) => (s === null ? uvarint(0) : Buffer.concat([uvarint(Buffer.byteLength(s) + 1), Buffer.from(s)]));
const carray = (items, write) => Buffer.concat([uvarint(items.length + 1), ...items.map(write)]);
const noTags = Buffer.from([0]);
const groupIdKey = (type) => (group) => Buffer.concat([i16(type), str(group)]);
const memberIdKey = (type) => (group, member) => Buffer.concat([i16(type), str(group), str(member)]);
/** ShareGroupMetadataKey (11) / StreamsGroupMetadataKey (17) and their value: epoch, metadata hash. */
export const shareGroupKey = groupIdKey(11);
export const streamsGroupKey = groupIdKey(17);
export const epochHashValue = (epoch, hash) => Buffer.concat([i16(0), i32(epoch), i64(hash), noTags]);
/** ShareGroupMemberMetadataKey (10) and its value: rack, client id, host, subscribed topics. */
export const shareMemberKey = memberIdKey(10);
export const shareMemberValue = ({ rackId = null, clientId, clientHost, topics }) =>
  Buffer.concat([i16(0), cstr(rackId), cstr(clientId), cstr(clientHost), carray(topics, cstr), noTags]);
/** ShareGroupTargetAssignmentMemberKey (13) and its value: [[topicId, [partitions]]]. */
export const shareTargetKey = memberIdKey(13);
export const shareTargetValue = targetMemberValue;
/** ConsumerGroupRegularExpressionKey (16: group, expression) and its value: topics, version, timestamp. */
export const regexKey = (group, regex) => Buffer.concat([i16(16), str(group), str(regex)]);
export const regexValue = ({ topics, version, timestamp }) =>
  Buffer.concat([i16(0), carray(topics, cstr), i64(version), i64(timestamp), noTags]);
/** StreamsGroupTopologyKey (23) and its value: epoch, subtopologies [{ id, sourceTopics }] (the other lists empty). */
export const topologyKey = groupIdKey(23);
export const topologyValue = (epoch, subtopologies) =>
  Buffer.concat([
    i16(0),
    i32(epoch),
    carray(subtopologies, ({ id, sourceTopics }) =>
      Buffer.concat([cstr(id), carray(sourceTopics, cstr), ...Array(5).fill(uvarint(1)), noTags]),
    ),
    noTags,
  ]);
/** StreamsGroupTargetAssignmentMemberKey (21) and its value: active, standby, warmup [[subtopology, [partitions]]]. */
export const streamsTargetKey = memberIdKey(21);
export const streamsTargetValue = ({ active, standby = [], warmup = [] }) => {
  const tasks = (list) =>
    carray(list, ([id, partitions]) => Buffer.concat([cstr(id), carray(partitions, i32), noTags]));
  return Buffer.concat([i16(0), tasks(active), tasks(standby), tasks(warmup), noTags]);
};
/**
 * StreamsGroupMemberMetadataKey (19) and its value: instance id, rack id, client id, host,
 * rebalance timeout, topology epoch, process id, no user endpoint (-1), no client tags.
 */
export const streamsMemberKey = memberIdKey(19);
export const streamsMemberValue = ({ instanceId = null, rackId = null, clientId, clientHost, processId }) =>
  Buffer.concat([
    i16(0),
    cstr(instanceId),
    cstr(rackId),
    cstr(clientId),
    cstr(clientHost),
    i32(30000),
    i32(1),
    cstr(processId),
    Buffer.from([0xff]), // UserEndpoint: a null struct
    carray([], cstr),
    noTags,
  ]);
/** StreamsGroupTargetAssignmentMetadataKey (20) and its value: the assignment epoch. */
export const streamsAssignmentEpochKey = groupIdKey(20);
export const streamsAssignmentEpochValue = (epoch) => Buffer.concat([i16(0), i32(epoch), noTags]);
/**
 * StreamsGroupCurrentMemberAssignmentKey (22) and its value: member epoch, previous epoch, state
 * (0 stable), active, standby, warm-up tasks and each pending revocation [[subtopology, [partitions]]].
 */
export const streamsCurrentKey = memberIdKey(22);
export const streamsCurrentValue = ({
  epoch,
  previousEpoch = epoch - 1,
  state = 0,
  active = [],
  standby = [],
  warmup = [],
  activeRevoking = [],
  standbyRevoking = [],
  warmupRevoking = [],
}) => {
  const tasks = (list) =>
    carray(list, ([id, partitions]) => Buffer.concat([cstr(id), carray(partitions, i32), noTags]));
  return Buffer.concat([
    i16(0),
    i32(epoch),
    i32(previousEpoch),
    Buffer.from([state]),
    ...[active, standby, warmup, activeRevoking, standbyRevoking, warmupRevoking].map(tasks),
    noTags,
  ]);
};
