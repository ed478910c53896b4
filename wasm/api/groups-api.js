// The records of __consumer_offsets and the consumer protocol in the whole-topic module
// (wasm/core/groups/records.h; the boundary: wasm/bindings/groups_bindings.cpp). The core decodes every
// message with its schema-generated decoder and leaves words in the heap: the blocks of the
// messages (read by the generated readers through wasm/api/schema-api.js) and, for a consumer group's
// members, each nested level's state, block and Streams flat record (wasm/api/streams-records.js).
import { CoordinationError, TA_LENGTH, asBytes, nestFields } from './boundary.js';
import { streamsRecords } from './streams-records.js';
import { explainStreamsUpgrade } from './streams-upgrade.js';
import { cursorReader, flatReader, flatSections } from './flat-layout.js';
import { GROUPS_BLOCK as GB, GROUP_LEVEL_WORDS, GROUP_RECORD_WORDS } from '../generated/tables.js';

// groups_bindings.cpp's words (wasm/core/groups/flat.h): a record's, then its members' levels'.
const { type: R_TYPE, key: R_KEY, value: R_VALUE, members: R_MEMBERS, size: RECORD_WORDS } = GROUP_RECORD_WORDS;
const LV = GROUP_LEVEL_WORDS;
const LEVEL_WORDS = LV.size;
const DECODED = 1;
const FAILED = 2;
const CONSUMER_TARGETS = ['consumer-subscription', 'consumer-assignment'];

// M: the whole-topic module's instance; copy(bytes): the bytes in its heap (their address);
// schema: wasm/api/schema-api.js's readMessage and its message ids by name.
export function makeGroupsApi(M, entry, copy, schema) {
  const types = entry.groupRecordTypes(); // [type, key message id, value message id] by RecordType
  const subscriptionId = schema.idOf('ConsumerProtocolSubscription');
  const assignmentId = schema.idOf('ConsumerProtocolAssignment');
  const streams = streamsRecords();
  let U32 = null;
  const words = () => {
    if (U32 === null || U32.buffer !== M.HEAPU8.buffer) U32 = new Uint32Array(M.HEAPU8.buffer);
    return U32;
  };
  const refused = (e) => new CoordinationError(e.code, e.offset, e.field, e.message);

  // The key in a heap buffer of its own (keys are small), the value in the module's input buffer
  // (copy): their heap addresses. The key's buffer first: an allocation may grow the memory.
  let keyBuffer = 0;
  let keyCapacity = 0;
  function copyRecord(key, value) {
    const n = TA_LENGTH.call(key);
    if (n > keyCapacity) {
      if (keyBuffer) M._free(keyBuffer);
      keyCapacity = Math.max(n, 256);
      keyBuffer = M._malloc(keyCapacity);
      if (!keyBuffer) {
        keyCapacity = 0;
        throw new RangeError(`coordination-viewer: cannot allocate ${n} bytes in the wasm heap`);
      }
    }
    const valueAt = value === null ? 0 : copy(value);
    M.HEAPU8.set(key, keyBuffer);
    return { keyAt: keyBuffer, valueAt };
  }
  function recordArgs(key, value, what) {
    const k = asBytes(key, `${what}: key`);
    const v = value === null ? null : asBytes(value, `${what}: value (bytes, or null for a tombstone)`);
    return { k, v };
  }

  // The Streams level of a nested message at words w: {record} | {error}; undefined when not read.
  function streamsLevel(W, w, inputAt, assignment, nested) {
    if (W[w + LV.streamsState] === 0) return undefined;
    if (W[w + LV.streamsState] === FAILED) return { error: nested()[W[w + LV.streamsError]] };
    const flat = {
      words: W[w + LV.streamsWords],
      texts: W[w + LV.streamsTexts],
      units: W[w + LV.streamsUnits],
      textCount: W[w + LV.streamsTextCount],
      input: inputAt + W[w + LV.streamsInput],
    };
    streams.use(M.HEAPU8, flat);
    return { record: assignment ? streams.assignment() : streams.subscription() };
  }
  // A consumer protocol level of a member at words w: {record} | {error}, null for empty bytes.
  function consumerLevel(W, w, bytes, inputAt, inputCopy, assignment, nested) {
    if (W[w + LV.state] === 0) return null;
    if (W[w + LV.state] === FAILED) return { error: nested()[W[w + LV.error]] };
    const id = assignment ? assignmentId : subscriptionId;
    const record = schema.readMessage(id, W[w + LV.block], bytes, inputAt, inputCopy);
    const level = streamsLevel(W, w, inputAt, assignment, nested);
    if (level !== undefined) record.streams = level;
    return { record };
  }

  // The record of the words at `at` (a decode that succeeded, or an inspect's parts that did).
  function readRecord(at, k, v, keyAt, valueAt, nestedLevels) {
    const W = words();
    const w = at >> 2;
    const [type, keyId, valueId] = types[W[w + R_TYPE]];
    const key = schema.readMessage(keyId, W[w + R_KEY], k, keyAt);
    key.type = type;
    if (v === null) return { key, value: null };
    // One copy of the value, shared by the members' byte fields and the levels nested in them.
    const valueCopy = new Uint8Array(v);
    const value = schema.readMessage(valueId, W[w + R_VALUE], v, valueAt, valueCopy);
    value.type = type;
    // Kafka's OffsetCommitValue has an expire timestamp in version 1 only.
    if (type === 'offset' && value.version !== 1) value.expireTimestamp = null;
    if (!nestedLevels) return { key, value };
    let errors = null;
    const nested = () => (errors ??= entry.groupNestedErrors());
    const count = W[w + R_MEMBERS];
    for (let i = 0; i < count; i++) {
      const l = w + RECORD_WORDS + 2 * i * LEVEL_WORDS;
      // A nested message's slices are in the value's space up to its own end (records.cpp
      // readConsumer): read with the value's bytes up to there.
      const member = value.members[i];
      const subscriptionEnd = v.subarray(
        0,
        member.subscription.byteOffset - valueCopy.byteOffset + member.subscription.length,
      );
      const assignmentEnd = v.subarray(
        0,
        member.assignment.byteOffset - valueCopy.byteOffset + member.assignment.length,
      );
      member.consumerSubscription = consumerLevel(W, l, subscriptionEnd, valueAt, valueCopy, false, nested);
      member.consumerAssignment = consumerLevel(W, l + LEVEL_WORDS, assignmentEnd, valueAt, valueCopy, true, nested);
    }
    return { key, value };
  }

  /** A record of __consumer_offsets: its key and value (null: a tombstone); CoordinationError. */
  function decodeGroupRecord(key, value, options = {}) {
    if (options === null || typeof options !== 'object')
      throw new TypeError('decodeGroupRecord: options must be an object');
    const { k, v } = recordArgs(key, value, 'decodeGroupRecord');
    const { keyAt, valueAt } = copyRecord(k, v);
    const at = entry.groupDecode(keyAt, TA_LENGTH.call(k), valueAt, v === null ? -1 : TA_LENGTH.call(v), false);
    if (at === 0) throw refused(entry.groupError());
    return readRecord(at, k, v, keyAt, valueAt, options.nested === true);
  }

  /** Key and value's field trees (the members' nested levels grafted in), errors and warnings. */
  function inspectGroupRecord(key, value) {
    const { k, v } = recordArgs(key, value, 'inspectGroupRecord');
    const { keyAt, valueAt } = copyRecord(k, v);
    const at = entry.groupDecode(keyAt, TA_LENGTH.call(k), valueAt, v === null ? -1 : TA_LENGTH.call(v), true);
    const W = words();
    const ok = at !== 0 && W[(at >> 2) + R_KEY] !== 0 && (v === null || W[(at >> 2) + R_VALUE] !== 0);
    // The record first: the tree's objects are JS objects, the heap stays as it is.
    const record = ok ? readRecord(at, k, v, keyAt, valueAt, true) : null;
    const raw = entry.groupInspection();
    const part = (p) => ({ fields: nestFields(p.fields), error: p.error, warnings: p.warnings });
    return {
      target: 'group-record',
      ok,
      key: part(raw.key),
      value: raw.value === null ? null : part(raw.value),
      nestedErrors: raw.value === null ? [] : raw.value.nestedErrors,
      record,
      size: TA_LENGTH.call(k) + (v === null ? 0 : TA_LENGTH.call(v)),
    };
  }

  // A consumer protocol message alone (message 0: a subscription, 1: an assignment).
  function consumerRun(message, input, streamsToo, tree, what) {
    const bytes = asBytes(input, `${what}: bytes`);
    const inputAt = copy(bytes);
    const at = entry.consumerDecode(message, inputAt, TA_LENGTH.call(bytes), streamsToo, tree);
    return { bytes, inputAt, at };
  }
  function consumerRecord(message, r, streamsToo) {
    const W = words();
    const w = r.at >> 2;
    const id = message === 0 ? subscriptionId : assignmentId;
    const record = schema.readMessage(id, W[w + LV.block], r.bytes, r.inputAt);
    if (streamsToo) {
      const level = streamsLevel(W, w, r.inputAt, message === 1, () => entry.groupNestedErrors());
      if (level !== undefined) record.streams = level;
    }
    return record;
  }
  function decodeConsumer(message, input, what) {
    const r = consumerRun(message, input, false, false, what);
    if (r.at === 0) throw refused(entry.groupError());
    return consumerRecord(message, r, false);
  }
  /** ConsumerProtocol.deserializeSubscription's fields (newer versions read as 3). */
  const decodeConsumerSubscription = (bytes) => decodeConsumer(0, bytes, 'decodeConsumerSubscription');
  /** ConsumerProtocol.deserializeAssignment's fields (newer versions read as 3). */
  const decodeConsumerAssignment = (bytes) => decodeConsumer(1, bytes, 'decodeConsumerAssignment');

  /** inspect(bytes, 'consumer-subscription' | 'consumer-assignment', { streams }). */
  function inspectConsumer(input, target, options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError('inspect: options must be an object');
    const message = CONSUMER_TARGETS.indexOf(target);
    const streamsToo = options.streams === true;
    const r = consumerRun(message, input, streamsToo, true, 'inspect');
    const record = r.at === 0 ? null : consumerRecord(message, r, streamsToo);
    const raw = entry.consumerInspection(message);
    return {
      target,
      tombstone: false,
      ok: raw.error === null,
      fields: nestFields(raw.fields),
      error: raw.error,
      warnings: raw.warnings,
      nestedErrors: raw.nestedErrors,
      record,
      size: TA_LENGTH.call(r.bytes),
    };
  }

  return {
    decodeConsumerSubscription,
    decodeConsumerAssignment,
    decodeGroupRecord,
    inspectGroupRecord,
    inspectConsumer,
    consumerTargets: CONSUMER_TARGETS,
  };
}

// ---- the fold (wasm/core/groups/fold.h; the flat layout: wasm/core/groups/flat.h) --------------

/** The merged groups' flat sections, read at once into plain values (the heap is left as it is). */
function readGroupFlat(M, block, text, streams) {
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

// A KIP-848 group from its records (decoded): epochs, members with their target and current assignments.
function consumerGroupOf(decoded) {
  const one = (type) => decoded.find((d) => d.key.type === type)?.value ?? null;
  const metadata = one('consumer_group_metadata');
  const target = one('consumer_group_target_assignment_metadata');
  const subscribed = one('consumer_group_partition_metadata');
  const members = new Map();
  const member = (id) => {
    if (!members.has(id))
      members.set(id, { memberId: id, metadata: null, targetAssignment: null, currentAssignment: null });
    return members.get(id);
  };
  for (const { key, value } of decoded) {
    if (key.type === 'consumer_group_member_metadata') member(key.memberId).metadata = fieldsOf(value);
    if (key.type === 'consumer_group_target_assignment_member')
      member(key.memberId).targetAssignment = value.topicPartitions;
    if (key.type === 'consumer_group_current_member_assignment')
      member(key.memberId).currentAssignment = fieldsOf(value);
  }
  return {
    groupEpoch: metadata ? metadata.epoch : -1,
    assignmentEpoch: target ? target.assignmentEpoch : -1,
    subscriptionMetadata: subscribed ? subscribed.topics : [],
    members: [...members.values()].sort((x, y) => (x.memberId < y.memberId ? -1 : x.memberId > y.memberId ? 1 : 0)),
  };
}

/** The fold's document ({ groups, anomalies, errors, records }) from readGroupFlat's values. */
function groupObjects(P, decodeGroupRecord) {
  const { groups: G, records: R, offsets: O, anomalies: A, errors: X, bytes } = P;
  const groups = [];
  const upgrades = new Map();
  for (let k = 0, r = 0, o = 0; k < P.counts.groups; k++) {
    // The KIP-848 records, decoded here; the classic group's metadata came flat (P.metadata).
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
      consumerGroup: decoded.length ? consumerGroupOf(decoded) : null,
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

/**
 * The groups fold of the whole-topic API: createGroupFolder, foldGroups, and the merger of parts
 * folded apart (`merger()`, for log-api.js's [createMerger]('groups')). `shared`: log-api.js's
 * copy, text, logInput, pushRows, partitionOf, foldPartial (the symbol), and
 * decodeGroupRecord.
 */
export function makeGroupFoldApi(M, entry, shared) {
  const { copy, text, logInput, pushRows, partitionOf, foldPartial, decodeGroupRecord } = shared;
  const dropped =
    typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((handle) => entry.grpDelete(handle)) : null;
  const streams = streamsRecords();
  const resultOf = (h) => groupObjects(readGroupFlat(M, entry.grpResult(h), text, streams), decodeGroupRecord);

  // An object owning a handle (a folder or a merger): methodsOf(live) and result(), dispose().
  function owning(what, merger, methodsOf) {
    let handle = entry.grpNew(merger ? 1 : 0);
    const live = () => {
      if (!handle) throw new Error(`coordination-viewer: the ${what} was disposed`);
      return handle;
    };
    const object = Object.assign(methodsOf(live), {
      /** { groups, anomalies, errors, records }; i64 values as bigint. */
      result() {
        return resultOf(live());
      },
      /** Frees its wasm memory; it cannot be used afterwards. */
      dispose() {
        if (!handle) return;
        dropped?.unregister(object);
        entry.grpDelete(handle);
        handle = 0;
      },
    });
    dropped?.register(object, handle, object);
    return object;
  }

  function createGroupFolder() {
    let records = 0;
    return owning('folder', false, (live) => ({
      // pushLog, endLog: segments of __consumer_offsets.
      ...logInput(live, entry.grpPushLog, entry.grpEndLog, (n) => (records = n)),
      /** Records from another source: { key, value, partition?, offset?, timestamp?, line? }. */
      pushRecords(list) {
        records += pushRows(list, live, (h, at, n) => entry.grpPushRecords(h, at, n));
      },
      get records() {
        return records;
      },
      /** The fold's part as bytes (a copy out of the heap, to transfer); the partition is in its records. */
      [foldPartial]() {
        const n = entry.grpPartial(live());
        const at = entry.grpBytes();
        return M.HEAPU8.slice(at, at + n);
      },
    }));
  }

  function merger() {
    return owning('merger', true, (live) => ({
      add(order, partial) {
        if (!Number.isInteger(order) || order < 0 || order > 0x7fffffff)
          throw new RangeError('add: order must be an integer 0 to 2^31-1');
        const bytes = asBytes(partial, 'add: partial');
        const h = live();
        const at = copy(bytes);
        if (entry.grpAdd(h, order, at, TA_LENGTH.call(bytes)) !== 0)
          throw new Error('add: not a part of a groups fold (no CVG1 magic, or malformed)');
      },
      // Parts of distinct partitions make the result: none is folded again.
      refold() {
        return null;
      },
    }));
  }

  function foldGroups(input, options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError('foldGroups: options must be an object');
    const folder = createGroupFolder();
    try {
      if (!Array.isArray(input)) {
        input = asBytes(input, 'foldGroups: input (log bytes or an array of records)');
        const partition = options.partition ?? 0;
        folder.pushLog(input, partition);
        folder.endLog(partition);
      } else {
        folder.pushRecords(input);
      }
      return folder.result();
    } finally {
      folder.dispose();
    }
  }

  return { createGroupFolder, foldGroups, merger };
}
