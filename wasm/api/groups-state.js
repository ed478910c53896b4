// The groups fold's result (wasm/core/groups/fold.h; its flat layout: wasm/core/groups/flat.h,
// described once and read through flat-layout.js) as the API's GroupsState: the groups, their
// metadata down to each member's consumer protocol and Kafka Streams levels, the offsets, the
// anomalies and errors. groups-api.js makes the calls.
import { explainStreamsUpgrade } from './streams-upgrade.js';
import { cursorReader, flatReader, flatSections } from './flat-layout.js';
import { GROUPS_BLOCK as GB } from '../generated/tables.js';

/** The merged groups' flat sections, read at once into plain values (the heap is left as it is). */
export function readGroupFlat(M, block, text, streams) {
  const F = flatSections(M, block + 4 * GB.state, text);
  const b = new Uint32Array(M.HEAPU8.buffer, block, GB.size);
  const bytes = M.HEAPU8.slice(b[GB.bytes], b[GB.bytes] + b[GB.byteCount]);
  // The metadata's Streams arrays (GroupMetadataFlat's).
  const streamsAt = { words: b[GB.streamsWords], units: b[GB.streamsUnits], input: b[GB.streamsInput] };
  const G = readGroups(F);
  const { groups, records, offsets, anomalies, errors, head } = G;
  return {
    counts: G.counts,
    groups,
    records,
    offsets,
    anomalies,
    errors,
    bytes,
    metadata: readGroupMetadata(M, flatSections(M, block + 4 * GB.metadata, text), streamsAt, streams),
    recordsRead: Number(head.records),
    anomaliesOmitted: Number(head.anomaliesOmitted),
    errorsOmitted: Number(head.errorsOmitted),
  };
}
const readGroups = flatReader('groups', { plain: true, last: true });

/**
 * The classic groups' metadata (groups/flat.h GroupMetadataFlat, read by its description
 * CURSOR_LAYOUTS.groupMetadata), as the fold shows it: by group index, { offset, protocolType,
 * protocol, generation, leader, currentStateTimestamp, members (GroupsState's FoldedGroupMember) }.
 * `s`: where the Streams arrays are.
 */
function readGroupMetadata(M, F, s, streams) {
  // A Streams level: its record built from the FlatRecord copied beside its userData's bytes.
  const streamsLevel = (level, assignment) => {
    if (level === null) return null;
    streams.use(M.HEAPU8, {
      words: s.words + 4 * level[S.words],
      texts: s.words + 4 * level[S.texts],
      units: s.units + 2 * level[S.units],
      textCount: level[S.textCount],
      input: s.input + level[S.input],
    });
    return assignment ? streams.assignment() : streams.subscription();
  };
  // [topic, partitions] as { topic, partitions }.
  const partitions = (list) => {
    for (let i = 0; i < list.length; i++) list[i] = { topic: list[i][P.topic], partitions: list[i][P.partitions] };
    return list;
  };
  const out = new Map();
  for (const r of metadataRecords.read(F)) {
    const isStreams = r[R.protocolType] === 'consumer' && r[R.protocol] === 'stream';
    const members = r[R.members];
    for (let i = 0; i < members.length; i++) {
      const m = members[i];
      const member = {
        memberId: m[Mb.memberId],
        groupInstanceId: m[Mb.instanceNull] ? null : m[Mb.groupInstanceId],
        clientId: m[Mb.clientId],
        clientHost: m[Mb.clientHost],
        rebalanceTimeout: m[Mb.rebalanceTimeout],
        sessionTimeout: m[Mb.sessionTimeout],
        subscription: null,
        assignment: null,
        streams: isStreams ? { subscription: null, assignment: null } : null,
      };
      const sub = m[Mb.subscription];
      if (sub !== null) {
        member.subscription = {
          version: sub[Sub.version],
          topics: sub[Sub.topics],
          ownedPartitions: partitions(sub[Sub.ownedPartitions]),
          generationId: sub[Sub.generationId],
          rackId: sub[Sub.rackNull] ? null : sub[Sub.rackId],
        };
        const level = streamsLevel(sub[Sub.streams], false);
        if (isStreams) member.streams.subscription = level;
      }
      const asg = m[Mb.assignment];
      if (asg !== null) {
        member.assignment = { version: asg[A.version], assignedPartitions: partitions(asg[A.assignedPartitions]) };
        const level = streamsLevel(asg[A.streams], true);
        if (isStreams) member.streams.assignment = level;
      }
      members[i] = member;
    }
    out.set(r[R.group], {
      offset: r[R.offset],
      protocolType: r[R.protocolType],
      protocol: r[R.nulls] & 1 ? null : r[R.protocol],
      generation: r[R.generation],
      leader: r[R.nulls] & 2 ? null : r[R.leader],
      currentStateTimestamp: r[R.currentStateTimestamp],
      members,
    });
  }
  return out;
}
const metadataRecords = cursorReader('groupMetadata');
const { record: R, member: Mb, subscription: Sub, assignment: A, partitions: P, streams: S } = metadataRecords.fields;

// A decoded value's fields without its envelope.
const fieldsOf = ({ type, version, unknownTaggedFields, ...rest }) => rest;

const byMemberId = (x, y) => (x.memberId < y.memberId ? -1 : x.memberId > y.memberId ? 1 : 0);
// A group's members from its records of `types` ({ record type: the member's property and how the
// value gives it }), by member id.
function membersOf(decoded, types) {
  const members = new Map();
  const empty = Object.fromEntries(Object.values(types).map(([name]) => [name, null]));
  for (const { key, value } of decoded) {
    const as = types[key.type];
    if (as === undefined) continue;
    if (!members.has(key.memberId)) members.set(key.memberId, { memberId: key.memberId, ...empty });
    members.get(key.memberId)[as[0]] = as[1](value);
  }
  return [...members.values()].sort(byMemberId);
}
const one = (decoded, type) => decoded.find((d) => d.key.type === type)?.value ?? null;
const has = (decoded, prefix) => decoded.some((d) => d.key.type.startsWith(prefix));

// A KIP-848 group from its records (decoded): epochs, members with their target and current
// assignments, its regular expressions (Kafka 4.1.0).
function consumerGroupOf(decoded) {
  const metadata = one(decoded, 'consumer_group_metadata');
  const target = one(decoded, 'consumer_group_target_assignment_metadata');
  const subscribed = one(decoded, 'consumer_group_partition_metadata');
  const regularExpressions = [];
  for (const { key, value } of decoded)
    if (key.type === 'consumer_group_regular_expression')
      regularExpressions.push({ regularExpression: key.regularExpression, ...fieldsOf(value) });
  regularExpressions.sort((x, y) =>
    x.regularExpression < y.regularExpression ? -1 : x.regularExpression > y.regularExpression ? 1 : 0,
  );
  return {
    groupEpoch: metadata ? metadata.epoch : -1,
    metadataHash: metadata ? metadata.metadataHash : 0n,
    assignmentEpoch: target ? target.assignmentEpoch : -1,
    subscriptionMetadata: subscribed ? subscribed.topics : [],
    regularExpressions,
    members: membersOf(decoded, {
      consumer_group_member_metadata: ['metadata', fieldsOf],
      consumer_group_target_assignment_member: ['targetAssignment', (v) => v.topicPartitions],
      consumer_group_current_member_assignment: ['currentAssignment', fieldsOf],
    }),
  };
}

// A share group (KIP-932, Kafka 4.1.0) from its records (decoded).
function shareGroupOf(decoded) {
  const metadata = one(decoded, 'share_group_metadata');
  const target = one(decoded, 'share_group_target_assignment_metadata');
  const state = one(decoded, 'share_group_state_partition_metadata');
  return {
    groupEpoch: metadata ? metadata.epoch : -1,
    metadataHash: metadata ? metadata.metadataHash : 0n,
    assignmentEpoch: target ? target.assignmentEpoch : -1,
    statePartitionMetadata: state ? fieldsOf(state) : null,
    members: membersOf(decoded, {
      share_group_member_metadata: ['metadata', fieldsOf],
      share_group_target_assignment_member: ['targetAssignment', (v) => v.topicPartitions],
      share_group_current_member_assignment: ['currentAssignment', fieldsOf],
    }),
  };
}

// A Streams group (KIP-1071, Kafka 4.1.0) from its records (decoded).
function streamsGroupOf(decoded) {
  const metadata = one(decoded, 'streams_group_metadata');
  const target = one(decoded, 'streams_group_target_assignment_metadata');
  const topology = one(decoded, 'streams_group_topology');
  return {
    groupEpoch: metadata ? metadata.epoch : -1,
    metadataHash: metadata ? metadata.metadataHash : 0n,
    assignmentEpoch: target ? target.assignmentEpoch : -1,
    topology: topology ? fieldsOf(topology) : null,
    members: membersOf(decoded, {
      streams_group_member_metadata: ['metadata', fieldsOf],
      streams_group_target_assignment_member: ['targetAssignment', fieldsOf],
      streams_group_current_member_assignment: ['currentAssignment', fieldsOf],
    }),
  };
}

/** The fold's document ({ groups, anomalies, errors, records }) from readGroupFlat's values. */
export function groupObjects(P, decodeGroupRecord) {
  const { groups: G, records: R, offsets: O, anomalies: A, errors: X, bytes } = P;
  const groups = [];
  const upgrades = new Map();
  for (let k = 0, r = 0, o = 0; k < P.counts.groups; k++) {
    // The KIP-848, share and Streams groups' records, decoded here; the classic group's metadata
    // came flat (P.metadata).
    const decoded = [];
    for (; r < G.recordsEnd[k]; r++) {
      const from = r === 0 ? 0 : R.bytesEnd[r - 1];
      const key = bytes.subarray(from, from + R.keyLength[r]);
      if (((key[0] << 8) | key[1]) === 2) continue; // GroupMetadataKey: in P.metadata
      const value = bytes.subarray(from + R.keyLength[r], R.bytesEnd[r]);
      decoded.push(decodeGroupRecord(key, value));
    }
    const offsets = [];
    for (; o < G.offsetsEnd[k]; o++)
      offsets.push({
        topic: O.topic[o],
        partition: O.partition[o],
        offset: O.offset[o],
        leaderEpoch: O.leaderEpoch[o],
        metadata: O.metadata[o],
        commitTimestamp: O.commitTimestamp[o],
        recordPartition: O.recordPartition[o],
        recordOffset: O.recordOffset[o],
      });
    const v = P.metadata.get(k) ?? null;
    const streams = v !== null && v.protocolType === 'consumer' && v.protocol === 'stream';
    const members = v === null ? [] : v.members;
    let streamsState = null;
    if (streams) {
      const sending = members.filter((m) => m.streams.subscription !== null);
      const upgrade =
        sending.length === 0
          ? null
          : explainStreamsUpgrade(
              sending.map((m) => m.streams.subscription),
              sending.map((m) => m.memberId),
            );
      streamsState = { upgrade };
      upgrades.set(G.group[k], upgrade);
    }
    groups.push({
      group: G.group[k],
      partition: G.partition[k],
      offset: v === null ? null : v.offset,
      protocolType: v === null ? null : v.protocolType,
      protocol: v === null ? null : v.protocol,
      generation: v === null ? -1 : v.generation,
      leader: v === null ? null : v.leader,
      currentStateTimestamp: v === null ? -1n : v.currentStateTimestamp,
      members,
      offsets,
      streams: streamsState,
      consumerGroup: has(decoded, 'consumer_group_') ? consumerGroupOf(decoded) : null,
      shareGroup: has(decoded, 'share_group_') ? shareGroupOf(decoded) : null,
      streamsGroup: has(decoded, 'streams_group_') ? streamsGroupOf(decoded) : null,
    });
  }
  const anomalies = new Array(P.counts.anomalies);
  for (let i = 0; i < P.counts.anomalies; i++) {
    anomalies[i] = {
      kind: A.kind[i],
      group: A.group[i],
      generation: A.generation[i],
      partition: A.partition[i],
      offset: A.offset[i],
      message: A.message[i],
    };
    // The upgrade's step (wasm/api/streams-upgrade.js): where the rolling bounce stands.
    if (A.kind[i] === 'subscription_versions_differ') anomalies[i].upgradeStep = upgrades.get(A.group[i])?.step ?? null;
  }
  const errors = new Array(P.counts.errors);
  for (let i = 0; i < P.counts.errors; i++) {
    const at = X.hasLine[i] ? { line: Number(X.value[i]) } : { offset: X.value[i] };
    errors[i] = Object.assign({ partition: X.partition[i] }, at, {
      group: X.key[i] === '' ? null : X.key[i],
      code: X.code[i],
      field: X.field[i],
      message: X.message[i],
    });
  }
  const out = { groups, anomalies, errors, records: P.recordsRead };
  if (P.anomaliesOmitted) out.anomaliesOmitted = P.anomaliesOmitted;
  if (P.errorsOmitted) out.errorsOmitted = P.errorsOmitted;
  return out;
}
