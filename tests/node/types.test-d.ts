// Type-level tests of wasm/api/index.d.ts through the package's "exports" (compiled by tsc --noEmit,
// run from types.test.mjs). Lines marked @ts-expect-error must fail to type-check.
import {
  loadCodec,
  toJSON,
  toPlain,
  TOPIC,
  CoordinationError,
  type Codec,
  type CoordinationKey,
  type CoordinationValue,
  type Inspection,
  type AutoInspection,
  type BatchSummary,
  type ErrorCode,
  type CoordinationErrorCode,
  type FieldNode,
  type FieldPath,
  type WireType,
  type WarningCode,
  type KeyInput,
  type Lease,
  type Registration,
} from 'coordination-viewer';

const topic: '__coordination_state' = TOPIC;

declare function someKindOf(): 'registration' | 'lease';

async function main(): Promise<void> {
  const codec: Codec = await loadCodec();
  await loadCodec({ wasmBinary: new Uint8Array(0) });
  await loadCodec({ wasmBinary: new ArrayBuffer(0) });
  await loadCodec({ wasmUrl: new URL('file:///x.wasm') });
  await loadCodec({ wasmUrl: '/assets/coordination_codec.wasm' });
  // @ts-expect-error wasmUrl is a string or URL
  await loadCodec({ wasmUrl: 42 });

  const bytes = new Uint8Array(8);
  const key: CoordinationKey = codec.decodeKey(bytes);
  const kind: 'registration' | 'lease' = key.kind;
  const role: string = key.role;
  // @ts-expect-error bytes only
  codec.decodeKey('00');
  // @ts-expect-error no null key
  codec.decodeKey(null);

  const value: CoordinationValue | null = codec.decodeValue(someKindOf(), bytes);
  codec.decodeValue('registration', null);
  // @ts-expect-error kind is registration | lease
  codec.decodeValue('key', bytes);
  if (value !== null && value.kind === 'lease') {
    const id: bigint = value.producerId;
    const epoch: number = value.producerEpoch;
    const deadline: bigint = value.deadline;
    void [id, epoch, deadline];
  } else if (value !== null) {
    const at: bigint = value.registeredAt;
    void at;
  }

  const k1: Uint8Array = codec.encodeKey({ kind: 'lease', role: 'leader' });
  codec.encodeKey({ version: 0, kind: 'registration', role: 'worker', member: 'm' });
  // @ts-expect-error version is 0
  codec.encodeKey({ version: 1, kind: 'registration', role: 'worker', member: 'm' });
  codec.encodeValue({ kind: 'registration', member: 'm', registeredAt: 1n });
  codec.encodeValue({ kind: 'lease', member: 'm', producerId: 1n, producerEpoch: 0, grantedAt: 0n, deadline: 0n });
  // @ts-expect-error i64 fields are bigint
  codec.encodeValue({ kind: 'registration', member: 'm', registeredAt: 1 });
  // @ts-expect-error lease needs its fields
  codec.encodeValue({ kind: 'lease', member: 'm' });

  const tomb: boolean = codec.isTombstone(null) && codec.isTombstone(k1);
  void tomb;

  const ins: Inspection = codec.inspect(bytes, 'key');
  const auto: AutoInspection = codec.inspect(bytes, 'auto');
  const first: FieldNode | undefined = ins.fields[0];
  const v: number | bigint | string | undefined = first?.value;
  const kids: FieldNode[] = first ? first.children : [];
  const matches: ('key' | 'registration' | 'lease')[] = auto.matches;
  if (ins.error) {
    const c: ErrorCode = ins.error.code;
    void c;
  }
  // @ts-expect-error unknown target
  codec.inspect(bytes, 'value');

  const s: BatchSummary = codec.validateBatch(bytes, 'lease');
  const n: number = s.byCode.TRUNCATED + s.records;
  const idx: number | undefined = s.firstError?.index;
  // @ts-expect-error no auto for batches
  codec.validateBatch(bytes, 'auto');

  try {
    codec.decodeKey(bytes);
  } catch (e) {
    if (e instanceof CoordinationError) {
      const c: CoordinationErrorCode = e.code;
      const o: number = e.offset;
      const f: string = e.field;
      const m: string = e.message;
      void [c, o, f, m];
    }
  }
  // decodeValue is overloaded by kind: a lease's fields need no narrowing.
  const leaseOrNull: Lease | null = codec.decodeValue('lease', bytes);
  const deadline2: bigint | undefined = codec.decodeValue('lease', bytes)?.deadline;
  const registeredAt2: bigint | undefined = codec.decodeValue('registration', bytes)?.registeredAt;
  // @ts-expect-error a registration has no deadline
  codec.decodeValue('registration', bytes)?.deadline;
  // @ts-expect-error a lease is not a registration
  const notReg: Registration | null = codec.decodeValue('lease', bytes);
  const someKind = Math.random() > 0.5 ? ('lease' as const) : ('registration' as const);
  const either: CoordinationValue | null = codec.decodeValue(someKind, bytes);
  // @ts-expect-error the kind is not known: narrow first
  codec.decodeValue(someKind, bytes)?.deadline;

  // Bytes from any realm: Buffer, ArrayBuffer, SharedArrayBuffer.
  codec.decodeKey(new ArrayBuffer(4));
  codec.decodeKey(new SharedArrayBuffer(4));
  // @ts-expect-error a Uint16Array is not bytes
  codec.decodeKey(new Uint16Array(2));
  // @ts-expect-error an array of numbers is not bytes
  codec.validateBatch([0, 0, 0, 1], 'key');

  // Keys: a discriminated union; a lease key's member is ''.
  if (key.kind === 'lease') {
    const empty: '' = key.member;
    void empty;
  } else {
    const member: string = key.member;
    // @ts-expect-error a registration key's member is any string
    const notEmpty: '' = key.member;
    void [member, notEmpty];
  }
  const leaseKeyInput: KeyInput = { kind: 'lease', role: 'leader', member: '' };
  // @ts-expect-error a lease key names no member
  codec.encodeKey({ kind: 'lease', role: 'leader', member: 'm' });
  // @ts-expect-error a registration key needs its member
  codec.encodeKey({ kind: 'registration', role: 'worker' });

  // Error codes, field paths, wire types and warning codes are unions.
  try {
    codec.decodeKey(bytes);
  } catch (e) {
    if (e instanceof CoordinationError) {
      const field: FieldPath = e.field;
      // @ts-expect-error not a field path
      const notField: typeof e.field = 'key.nope';
      // @ts-expect-error not an error code
      const notCode: typeof e.code = 'NOPE';
      void [field, notField, notCode];
    }
  }
  const wire: WireType | undefined = ins.fields[0]?.wireType;
  // @ts-expect-error not a wire type
  const notWire: WireType = 'i128';
  const warning: WarningCode | undefined = ins.warnings[0]?.code;
  // @ts-expect-error not a warning code
  const notWarning: WarningCode = 'NOPE';
  const path: FieldPath | `${FieldPath}.length` | `${FieldPath}.utf8` | undefined = ins.fields[0]?.path;
  void [leaseOrNull, deadline2, registeredAt2, notReg, either, leaseKeyInput, wire, notWire, warning, notWarning, path];

  const json: string = toJSON({ a: 1n }, 2);
  // toPlain: the same conversion as an object; i64 and bytes become strings.
  const plainLease = toPlain(codec.decodeValue('lease', new Uint8Array(0)));
  const plainId: string | undefined = plainLease?.producerId;
  const plainEpoch: number | undefined = plainLease?.producerEpoch;
  // @ts-expect-error an i64 is a decimal string in plain data, not a bigint
  const notBigint: bigint | undefined = plainLease?.producerId;
  const plainBytes: string[] = toPlain([new Uint8Array(1)]);
  void [topic, kind, role, v, kids, matches, n, idx, json, plainId, plainEpoch, notBigint, plainBytes];
}
void main;

// ---- Whole-topic mode (issue 11)
import {
  loadLogCodec,
  type AnomalyKind,
  type FoldState,
  type LogCodec,
  type LogErrorCode,
  type TransactionState,
} from 'coordination-viewer';
export async function wholeTopic(): Promise<void> {
  const codec: LogCodec = await loadLogCodec();
  const log = codec.readLog(new Uint8Array(0));
  const offset: bigint = log.batches[0].records[0].offset;
  const code: LogErrorCode = log.errors[0].code;
  const state: FoldState = codec.foldState([{ key: null, value: null, offset: 1n }], { now: 0 });
  const holder: string | undefined = state.roles[0].lease?.holder;
  const kind: AnomalyKind = state.anomalies[0].kind;
  // The CLI's document: an error of a segment file names it and its batch's position.
  const file: string | undefined = state.errors[0].file;
  const filePosition: number | undefined = state.errors[0].filePosition;
  const folder = codec.createFolder({ history: true });
  folder.pushLog(new Uint8Array(0), 3);
  folder.endLog(3);
  const deadline: bigint | undefined = folder.result({ now: 5n }).roles[0].lease?.deadline;
  const outcome: TransactionState | undefined = folder.result().history?.[0].entries[0].transaction?.state;
  folder.dispose();
  const indexed = codec.createFolder({ index: true });
  indexed.pushRecords([{ key: null, value: null, producerId: 7n, transactional: true }]);
  const where: number | null = indexed.keyRecords('r', 0, { limit: 5 })[0].records[0].input;
  const marker: bigint | undefined = indexed.keyRecords('r', 0)[0].records[0].transaction?.markerOffset;
  // @ts-expect-error: the partition is required
  indexed.keyRecords('r');
  indexed.dispose();
  // @ts-expect-error: log bytes or records only
  codec.foldState('text');
  void [offset, code, holder, kind, file, filePosition, deadline, outcome, where, marker];
}

// ---- Kafka Streams rebalance metadata ----
import {
  explainStreamsUpgrade,
  type Subscription,
  type Assignment,
  type StreamsInspection,
  type TaskOffsetSum,
  type ClientTag,
  type HostPartitions,
} from 'coordination-viewer';

async function streams(): Promise<void> {
  const codec: Codec = await loadCodec();
  const bytes = new Uint8Array(8);
  const s = codec.decodeSubscription(bytes);
  if (!s.probing) {
    const sub: Subscription = s;
    const id: string = sub.processId;
    const ep: string | null = sub.userEndPoint;
    void id;
    void ep;
    // Versions 7-11: the fields exist only from version 7 (optional), offset sums are bigint.
    if (sub.taskOffsetSums !== undefined) {
      const t: TaskOffsetSum = sub.taskOffsetSums[0];
      const total: bigint = t.offsetSum;
      const topology: string | null = t.namedTopology;
      // @ts-expect-error an offset sum is a bigint, not a number
      const asNumber: number = t.offsetSum;
      void [total, topology, asNumber];
    }
    // @ts-expect-error taskOffsetSums is absent before version 7
    const sums: TaskOffsetSum[] = sub.taskOffsetSums;
    const unique: number | null | undefined = sub.uniqueField;
    const errorCode: number | undefined = sub.errorCode;
    const tag: ClientTag | undefined = sub.clientTags?.[0];
    const key: string | undefined = tag?.key;
    // @ts-expect-error a tag's value is a string (new String(bytes, UTF_8)), not bytes
    const raw: Uint8Array | undefined = tag?.value;
    void [sums, unique, errorCode, key, raw];
  } else {
    // @ts-expect-error a probing read has no process id
    void s.processId;
  }
  const a: Assignment = codec.decodeAssignment(bytes);
  const topic: string = a.standbyTasks[0].partitions[0].topic;
  // Versions 6, 7 and 10 add fields that older records do not have (optional).
  const standbyHosts: HostPartitions[] | undefined = a.standbyPartitionsByHost;
  const next: bigint | undefined = a.nextRebalanceMs;
  // @ts-expect-error nextRebalanceMs is a bigint (an i64), not a number
  const nextNumber: number | undefined = a.nextRebalanceMs;
  const named: string | null | undefined = a.activeTasks[0].namedTopology;
  void [standbyHosts, next, nextNumber, named];
  const insp: StreamsInspection = codec.inspect(bytes, 'subscription');
  const e = explainStreamsUpgrade([s], ['a']);
  const step: 'first-bounce' | 'second-bounce' | 'done' = e.step;
  // @ts-expect-error subscriptions must be decoded subscriptions
  explainStreamsUpgrade([bytes]);
  void topic;
  void insp;
  void step;
}
void streams;

// ---- The codes a CoordinationError carries: exactly the codes the API throws ----
import {
  type LogBatchErrorCode,
  type LogRecordErrorCode,
  type ProduceErrorCode,
  type ProduceInspection,
  type StreamsErrorCode,
} from 'coordination-viewer';

// A ∪ B = C and nothing more, both ways (true only when the unions are equal).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// A transaction-log value: Kafka 4.1.0's tagged fields, present at version 1 only.
export async function transactionRecord(): Promise<void> {
  const log: LogCodec = await loadLogCodec();
  const value = log.decodeTransactionRecord(new Uint8Array(4), null).value;
  if (value === null) return;
  const version: number | undefined = value.clientTransactionVersion;
  const previous: bigint | undefined = value.previousProducerId;
  // @ts-expect-error -- absent at version 0: not a plain number
  const epoch: number = value.nextProducerEpoch;
  void [version, previous, epoch];
}

export async function errorCodes(): Promise<void> {
  const log: LogCodec = await loadLogCodec();
  const bytes = new Uint8Array(8);
  try {
    log.decodeProduceRequest(bytes);
  } catch (e) {
    if (e instanceof CoordinationError) {
      // decodeProduceRequest throws the record batches' codes: a CoordinationError may carry them.
      if (e.code === 'CRC_MISMATCH' || e.code === 'BATCH_TRUNCATED' || e.code === 'UNSUPPORTED_COMPRESSION') {
        const batch: LogBatchErrorCode = e.code;
        void batch;
      }
      // ... and the coordination records' codes (decodeKey, decodeValue, Kafka Streams).
      if (e.code === 'LEASE_KEY_HAS_MEMBER') void e.code;
      // @ts-expect-error NULL_KEY is never thrown: it is a record's own error (decoded.error, the fold's errors)
      if (e.code === 'NULL_KEY') void e.code;
      // @ts-expect-error INVALID_LINE is never thrown (the CLI's line input)
      if (e.code === 'INVALID_LINE') void e.code;
    }
  }
  // The union is every code of both families that can be thrown, and no other.
  // ... and the schema-generated decoders' own (the consumer groups' records).
  const thrown: Same<
    CoordinationErrorCode,
    | ErrorCode
    | LogBatchErrorCode
    | 'UNKNOWN_TOPIC_INDEX'
    | 'NULL_NOT_ALLOWED'
    | 'VARINT_TOO_LONG'
    | 'TAG_OUT_OF_ORDER'
    | 'STRING_TOO_LONG'
    | 'OUT_OF_RANGE'
  > = true;
  // StreamsErrorCode: five codes of ErrorCode and its own (an assignment's topic index).
  const streams: Same<
    StreamsErrorCode,
    'TRUNCATED' | 'TRAILING_BYTES' | 'UNSUPPORTED_VERSION' | 'NEGATIVE_LENGTH' | 'INVALID_UTF8' | 'UNKNOWN_TOPIC_INDEX'
  > = true;
  const streamsError: StreamsErrorCode | undefined = (await loadCodec()).inspect(bytes, 'assignment').error?.code;
  // ProduceErrorCode: the request's own codes and every record-batch code; nothing a coordination
  // record or the fold alone raises.
  const produce: Same<
    ProduceErrorCode,
    'TRUNCATED' | 'TRAILING_BYTES' | 'UNSUPPORTED_VERSION' | 'NEGATIVE_LENGTH' | LogBatchErrorCode
  > = true;
  // @ts-expect-error a ProduceRequest never fails INVALID_UTF8 (its strings are read as Kafka reads them)
  const notProduce: ProduceErrorCode = 'INVALID_UTF8';
  const ins: ProduceInspection = log.inspect(bytes, 'produce-request');
  if (ins.error !== null) {
    const code: ProduceErrorCode = ins.error.code;
    if (ins.error.code === 'INVALID_GZIP') void code;
  }
  // readLog's errors are batch errors; a coordination record's error inside a ProduceRequest is the
  // codec's own or NULL_KEY.
  const readCode: LogBatchErrorCode = log.readLog(bytes).errors[0].code;
  const decodedCode =
    log.decodeProduceRequest(bytes).topics[0].partitions[0].batches[0].records[0].decoded?.error?.code;
  const recordCode: ErrorCode | LogRecordErrorCode | undefined = decodedCode;
  // @ts-expect-error a record's error is not a batch's
  const notRecordCode: typeof decodedCode = 'CRC_MISMATCH';
  void [thrown, streams, streamsError, produce, notProduce, readCode, recordCode, notRecordCode];
}

// ---- Consumer groups (issue 20): __consumer_offsets records and the consumer protocol
import type { GroupRecord, GroupRecordValue, NestedGroupRecord } from 'coordination-viewer';
export async function consumerGroups(): Promise<void> {
  const log: LogCodec = await loadLogCodec();
  const bytes = new Uint8Array(8);
  const sub = log.decodeConsumerSubscription(bytes);
  const owned: { topic: string; partitions: number[] }[] = sub.ownedPartitions;
  const rack: string | null = sub.rackId;
  const assigned: number[] = log.decodeConsumerAssignment(bytes).assignedPartitions[0].partitions;
  const record: GroupRecord = log.decodeGroupRecord(bytes, null);
  if (record.key.type === 'offset') {
    const partition: number = record.key.partition;
    void partition;
  }
  const value: GroupRecordValue | null = record.value;
  if (value?.type === 'offset') {
    const expire: bigint | null = value.expireTimestamp;
    void expire;
  }
  if (value?.type === 'group') {
    const subscription: Uint8Array = value.members[0].subscription;
    // @ts-expect-error decodeGroupRecord without { nested: true } has no nested levels
    void value.members[0].consumerSubscription;
    void subscription;
  }
  const nested: NestedGroupRecord = log.decodeGroupRecord(bytes, bytes, { nested: true });
  if (nested.value?.type === 'group') {
    const level = nested.value.members[0].consumerAssignment;
    if (level && 'record' in level && level.record.streams && 'record' in level.record.streams) {
      const tasks: number = level.record.streams.record.activeTasks.length;
      void tasks;
    }
  }
  const inspection = log.inspectGroupRecord(bytes, bytes);
  const at: number | undefined = inspection.nestedErrors[0]?.offset;
  const warning: 'UTF8_REPLACED' | 'NEWER_VERSION' | 'JAVA_MODIFIED_UTF8' | 'VERSION_PROBING' | undefined =
    inspection.value?.warnings[0]?.code;
  const protocol = log.inspect(bytes, 'consumer-assignment', { streams: true });
  const field: string | undefined = protocol.error?.field;
  // Kafka 4.1.0's record types: the key's type narrows its fields and its value's.
  if (record.key.type === 'consumer_group_regular_expression') {
    const regex: string = record.key.regularExpression;
    void regex;
  }
  if (value?.type === 'streams_group_member_metadata') {
    const port: number | undefined = value.userEndpoint?.port;
    void port;
  }
  if (value?.type === 'consumer_group_metadata') {
    const hash: bigint = value.metadataHash;
    void hash;
  }
  if (value?.type === 'offset') {
    const topicId: string = value.topicId;
    void topicId;
  }
  const folded = log.foldGroups(bytes).groups[0];
  const regexTopics: string[] | undefined = folded.consumerGroup?.regularExpressions[0].topics;
  const shareEpoch: number | undefined = folded.shareGroup?.groupEpoch;
  const subtopologies = folded.streamsGroup?.topology?.subtopologies.length;
  const activeTasks = folded.streamsGroup?.members[0].targetAssignment?.activeTasks[0].subtopologyId;
  // @ts-expect-error a share group's member has no topology
  void folded.shareGroup?.members[0].topology;
  void [owned, rack, assigned, at, warning, field, regexTopics, shareEpoch, subtopologies, activeTasks];
}

// __share_group_state: the record's type narrows its key and value (wasm/core/sharestate).
import type { ShareStateRecord, ShareStateRecordInspection } from 'coordination-viewer';
export async function shareStateRecord(): Promise<void> {
  const log: LogCodec = await loadLogCodec();
  const record: ShareStateRecord = log.decodeShareStateRecord(new Uint8Array(4), null);
  const groupId: string = record.key.groupId;
  const value = record.value;
  if (value?.type === 'share_snapshot') {
    const created: bigint = value.createTimestamp;
    const first: bigint = value.stateBatches[0].firstOffset;
    void [created, first];
  }
  if (value?.type === 'share_update') {
    // @ts-expect-error an update has no state epoch
    void value.stateEpoch;
  }
  const ins: ShareStateRecordInspection = log.inspectShareStateRecord(new Uint8Array(4), new Uint8Array(0));
  const path: string | undefined = ins.value?.fields[0]?.path;
  // @ts-expect-error the value is bytes or null
  log.decodeShareStateRecord(new Uint8Array(4), 'value');
  void [groupId, path];
}

// The fold of __share_group_state: each share-partition's state, its anomalies by kind.
import type { ShareStateAnomalyKind, ShareStateFolder, ShareStateFoldResult } from 'coordination-viewer';
export async function shareStateFold(): Promise<void> {
  const log: LogCodec = await loadLogCodec();
  const folder: ShareStateFolder = log.createShareStateFolder();
  folder.pushLog(new Uint8Array(0), 2);
  const doc: ShareStateFoldResult = folder.result();
  const p = doc.sharePartitions[0];
  const start: bigint = p.startOffset;
  const snapshotAt: bigint | null = p.snapshotOffset;
  const state: number = p.stateBatches[0].deliveryState;
  const kind: ShareStateAnomalyKind = doc.anomalies[0].kind;
  const named: string | null = doc.errors[0].sharePartition;
  // @ts-expect-error not an anomaly kind of this fold
  const other: ShareStateAnomalyKind = 'producer_id_moved';
  log.foldShareState([{ key: new Uint8Array(4), value: null }], { partition: 1 });
  void [start, snapshotAt, state, kind, named, other];
}

// __cluster_metadata: the record's type narrows its fields (wasm/core/clustermetadata).
import type { ClusterMetadataRecord, ClusterMetadataRecordInspection } from 'coordination-viewer';
export async function clusterMetadataRecord(): Promise<void> {
  const log: LogCodec = await loadLogCodec();
  const record: ClusterMetadataRecord = log.decodeClusterMetadataRecord(new Uint8Array(3));
  const version: number = record.version;
  if (record.type === 'partition_record') {
    const replicas: number[] = record.replicas;
    const key: 3 = record.apiKey;
    void [replicas, key];
  }
  if (record.type === 'client_quota_record') {
    const quota: number = record.value;
    const name: string | null = record.entity[0].entityName;
    void [quota, name];
  }
  if (record.type === 'register_broker_record') {
    const epoch: bigint = record.brokerEpoch;
    const port: number = record.endPoints[0].port;
    void [epoch, port];
  }
  if (record.type === 'topic_record') {
    // @ts-expect-error a topic record has no replicas
    void record.replicas;
  }
  const ins: ClusterMetadataRecordInspection = log.inspectClusterMetadataRecord(new Uint8Array(0));
  const path: string | undefined = ins.fields[0]?.path;
  // @ts-expect-error the value is bytes
  log.decodeClusterMetadataRecord('01');
  void [version, path];
}

// The metadata image (wasm/core/clustermetadata/fold.h).
import type { ClusterMetadataAnomalyKind, ClusterMetadataFoldResult } from 'coordination-viewer';
export async function clusterMetadataFold(): Promise<void> {
  const log: LogCodec = await loadLogCodec();
  const image: ClusterMetadataFoldResult = log.foldClusterMetadata(new Uint8Array(0));
  const isr: number[] = image.topics[0].partitions[0].isr;
  const epoch: bigint = image.brokers[0].epoch;
  const kind: ClusterMetadataAnomalyKind = image.anomalies[0].kind;
  const next: bigint | undefined = image.producerIds?.nextProducerId;
  const folder = log.createClusterMetadataFolder();
  folder.pushRecords([{ key: null, value: new Uint8Array(3) }]);
  // @ts-expect-error no such anomaly
  const wrong: ClusterMetadataAnomalyKind = 'leader_not_in_replicas';
  void [isr, epoch, kind, next, wrong, folder.result().records];
}
