// Public JavaScript API of coordination-viewer: the C++ codec compiled to WebAssembly.

export type RecordKind = 'registration' | 'lease';
export type Target = 'key' | 'registration' | 'lease';

import type { ErrorCode, FieldPath, WarningCode, WireType } from '../generated/tables.js';
export type { ErrorCode, FieldPath, WarningCode, WireType };
import type { ProduceErrorCode, SchemaErrorCode, SchemaWarningCode, StreamsErrorCode } from '../generated/tables.js';
export type { ProduceErrorCode, SchemaErrorCode, SchemaWarningCode, StreamsErrorCode };

/**
 * Every code a CoordinationError carries: the coordination records throw ErrorCode;
 * decodeProduceRequest throws ProduceErrorCode (some of ErrorCode, and the record batches' codes:
 * CRC_MISMATCH, UNSUPPORTED_COMPRESSION, ...); the Kafka Streams metadata StreamsErrorCode (some of
 * ErrorCode, and UNKNOWN_TOPIC_INDEX); the consumer groups' records and the consumer protocol
 * SchemaErrorCode (and StreamsErrorCode in their nested Streams levels).
 */
export type CoordinationErrorCode = ErrorCode | ProduceErrorCode | StreamsErrorCode | SchemaErrorCode;

/** A node's path in an inspection: a field, or a string field's length prefix or UTF-8 body. */
export type NodePath = FieldPath | `${FieldPath}.length` | `${FieldPath}.utf8`;

/**
 * Bytes the API reads: a Uint8Array (a Node Buffer is one) from any realm, or an ArrayBuffer or
 * SharedArrayBuffer (shared bytes are copied before they are read). A detached ArrayBuffer (one
 * transferred elsewhere) or a view of one is a TypeError naming the argument, not zero bytes.
 */
export type BytesInput = Uint8Array | ArrayBuffer | SharedArrayBuffer;

/** Thrown for bad bytes or out-of-bounds records; the same code, offset and field as golden/. */
export declare class CoordinationError extends Error {
  readonly name: 'CoordinationError';
  readonly code: CoordinationErrorCode;
  /** Byte offset of the failure in the record bytes. */
  readonly offset: number;
  /** Field path, e.g. 'key.role', or the record ('key', 'registration', 'lease') for TRAILING_BYTES. */
  readonly field: FieldPath;
}

export interface RegistrationKey {
  version: 0;
  kind: 'registration';
  role: string;
  member: string;
}

export interface LeaseKey {
  version: 0;
  kind: 'lease';
  role: string;
  /** A lease key names no member. */
  member: '';
}

export type CoordinationKey = RegistrationKey | LeaseKey;

export interface Registration {
  version: 0;
  kind: 'registration';
  member: string;
  registeredAt: bigint;
}

export interface Lease {
  version: 0;
  kind: 'lease';
  member: string;
  producerId: bigint;
  producerEpoch: number;
  grantedAt: bigint;
  deadline: bigint;
}

export type CoordinationValue = Registration | Lease;

/** Input to encodeKey: version may be omitted; a lease key has no member (omitted or ''). */
export type KeyInput =
  | { version?: 0; kind: 'registration'; role: string; member: string }
  | { version?: 0; kind: 'lease'; role: string; member?: '' };

export type ValueInput =
  | { version?: 0; kind: 'registration'; member: string; registeredAt: bigint }
  | {
      version?: 0;
      kind: 'lease';
      member: string;
      producerId: bigint;
      producerEpoch: number;
      grantedAt: bigint;
      deadline: bigint;
    };

export interface FieldNode {
  /** Dotted path, e.g. 'lease.member', 'lease.member.length', 'lease.member.utf8'. */
  path: NodePath;
  name: string;
  /** 'string' is a length prefix and its body, 'utf8' the body alone. */
  wireType: WireType;
  offset: number;
  length: number;
  /** number for i16, bigint for i64, string for strings; undefined when the bytes ran out before
   *  the field's end, or a string's body is not UTF-8 (a value that fails a check is still here). */
  value?: number | bigint | string;
  /** Words for the value where it has a meaning, e.g. 'lease' for kind 1. */
  meaning?: string;
  /** False for the field the decoder failed in (read up to the failure). */
  complete: boolean;
  children: FieldNode[];
}

export interface InspectWarning {
  code: WarningCode;
  field: FieldPath;
  offset: number;
  length: number;
  message: string;
}

/** Code: ErrorCode for the coordination records, StreamsErrorCode for Kafka Streams, ProduceErrorCode for a ProduceRequest. */
export interface InspectError<Code extends CoordinationErrorCode = ErrorCode> {
  code: Code;
  offset: number;
  field: FieldPath;
  message: string;
}

export interface Inspection {
  target: Target;
  /** True for a value target given null or empty bytes. */
  tombstone: boolean;
  ok: boolean;
  /** Top-level fields in wire order, each with its children (a string: its length and utf8). */
  fields: FieldNode[];
  error: InspectError | null;
  warnings: InspectWarning[];
  /** The decoded record when ok and not a tombstone. */
  record: CoordinationKey | CoordinationValue | null;
  /** Byte count of the input (0 for null). */
  size: number;
}

export interface AutoInspection {
  target: 'auto';
  /** Targets whose decode succeeded, in the order key, registration, lease (a value target given
   *  null or empty bytes succeeds, as a tombstone). */
  matches: Target[];
  /** One inspection per target, in the order key, registration, lease. */
  candidates: Inspection[];
}

export interface BatchSummary {
  records: number;
  valid: number;
  tombstones: number;
  /** Invalid records by error code (codes with zero are present with 0). */
  byCode: Record<ErrorCode, number>;
  firstError: (InspectError & { index: number }) | null;
  /** Set when a frame runs past the end of the buffer or has a length < -1; the batch stops there. */
  framingErrorOffset: number | null;
}

export interface Codec {
  readonly TOPIC: '__coordination_state';
  decodeKey(bytes: BytesInput): CoordinationKey;
  /** null for a tombstone (null or zero-length bytes). */
  decodeValue(kind: 'registration', bytes: BytesInput | null): Registration | null;
  decodeValue(kind: 'lease', bytes: BytesInput | null): Lease | null;
  decodeValue(kind: RecordKind, bytes: BytesInput | null): CoordinationValue | null;
  /**
   * Throws CoordinationError for what the decoder would reject (same code and field; the offset
   * where the failing field, or for INVALID_UTF8 the bad character, would start in the output; a
   * string with a lone surrogate is INVALID_UTF8). TypeError for wrong argument types (not an
   * object, unknown kind, non-string role/member, version other than 0).
   */
  encodeKey(key: KeyInput): Uint8Array;
  /**
   * As encodeKey; also TypeError for an i64 field that is not a bigint or a producerEpoch that is
   * not an integer number, RangeError for a bigint outside the signed 64-bit range or a
   * producerEpoch outside -32768..32767 (in range but negative: CoordinationError
   * NEGATIVE_PRODUCER_EPOCH).
   */
  encodeValue(value: ValueInput): Uint8Array;
  isTombstone(bytes: BytesInput | null): boolean;
  inspect(bytes: BytesInput | null, target: Target): Inspection;
  inspect(bytes: BytesInput | null, target: 'auto'): AutoInspection;
  /**
   * Validates many records in one call. Each record is framed by an i32 big-endian length
   * (-1 for a null value), Kafka's framing of a bytes field.
   */
  validateBatch(frames: BytesInput, target: Target): BatchSummary;
}

export interface LoadOptions {
  /** The .wasm bytes, for hosts that read them themselves. */
  wasmBinary?: BytesInput;
  /**
   * Where to fetch the .wasm from (a browser; in Node, a path or file: URL is read from disk). By
   * default the .wasm comes with the package's code (base64 in an ES module, loaded on demand).
   */
  wasmUrl?: string | URL;
  /**
   * The .wasm compiled already (`WebAssembly.compile` of its bytes), e.g. the one a worker thread
   * was sent (postMessage): threads given one module share its compiled code, none compiles it
   * again. Taken before wasmBinary and wasmUrl.
   */
  wasmModule?: WebAssembly.Module;
}

/**
 * Loads the module once; later calls return the same codec (their options are ignored; a failed
 * load is not cached). With no option the .wasm comes with the code, in Node and in any bundler
 * (README, "Bundlers"); to serve it as a file of its own instead, pass its URL, e.g. with Vite:
 * `import wasmUrl from 'coordination-viewer/coordination_codec.wasm?url'; await loadCodec({ wasmUrl })`.
 */
export declare function loadCodec(options?: LoadOptions): Promise<Codec>;

/**
 * JSON text (a string, not an object) of the API's values: JSON.stringify with every bigint (i64)
 * as a decimal string, exact, and every Uint8Array (a record's key, value or header value) as
 * lowercase hex. For the same conversion as an object, toPlain.
 */
export declare function toJSON(value: unknown, space?: number): string;

/**
 * The JSON value of toJSON as plain data (JSON.parse(toJSON(value))): bigint (i64) as decimal
 * strings, Uint8Array as lowercase hex, undefined and functions dropped as JSON drops them.
 */
export declare function toPlain<T>(value: T): Plain<T>;

/** What toPlain makes of a value of type T: bigint and Uint8Array become string, the rest is mapped. */
export type Plain<T> = T extends bigint | Uint8Array
  ? string
  : T extends string | number | boolean | null | undefined
    ? T
    : T extends readonly (infer U)[]
      ? Plain<U>[]
      : T extends object
        ? { [K in keyof T]: Plain<T[K]> }
        : unknown;

export declare const TOPIC: '__coordination_state';

// ---- Whole-topic mode (issue 11): readLog, foldState, createFolder ------------------------------
// LogErrorCode (its two parts), AnomalyKind and TransactionState: wasm/generated/tables.d.ts (from
// wasm/core/log/table.h).
import type {
  AnomalyKind,
  LogBatchErrorCode,
  LogErrorCode,
  LogRecordErrorCode,
  TransactionState,
} from '../generated/tables.js';
export type { AnomalyKind, LogBatchErrorCode, LogErrorCode, LogRecordErrorCode, TransactionState };

export interface LogRecord {
  offset: bigint;
  timestamp: bigint;
  attributes: number;
  key: Uint8Array | null;
  value: Uint8Array | null;
  headers: { key: string; value: Uint8Array | null }[];
}

export interface LogBatch {
  baseOffset: bigint;
  /** Byte position of the batch in the input. */
  position: number;
  batchLength: number;
  partitionLeaderEpoch: number;
  magic: number;
  crc: number;
  attributes: number;
  compression: 'none' | 'gzip';
  transactional: boolean;
  /** A control batch: a transaction marker (its producer's COMMIT or ABORT), no coordination record. */
  control: boolean;
  /** A control batch's marker: its type ('COMMIT', 'ABORT', 'type N') or why its key is not one. */
  marker?:
    | { type: string; version: number; coordinatorEpoch: number | null }
    | { error: string; coordinatorEpoch: number | null };
  lastOffsetDelta: number;
  firstTimestamp: bigint;
  maxTimestamp: bigint;
  producerId: bigint;
  producerEpoch: number;
  baseSequence: number;
  records: LogRecord[];
}

export interface LogError {
  code: LogBatchErrorCode;
  /** -1n when fewer than 8 bytes of the batch exist. */
  baseOffset: bigint;
  /** Byte position of the problem in the input. */
  position: number;
  field: string;
  /** "batch at offset B (position P): field: what was expected, what was found". */
  message: string;
  /** Framing lost (or the input ended): nothing after it was read. */
  fatal: boolean;
}

export interface FoldedLease {
  holder: string;
  producerId: bigint;
  producerEpoch: number;
  grantedAt: bigint;
  deadline: bigint;
  /** now >= deadline. */
  expired: boolean;
  /**
   * With the transaction log (result({ transactions })): what it says of the lease's producer id
   * (null: no record read names it); absent without it.
   */
  producerTransaction?: ProducerTransaction | null;
}

export interface FoldedRole {
  role: string;
  partition: number;
  lease: FoldedLease | null;
  /** By member name. */
  members: { member: string; registeredAt: bigint }[];
}

export interface FoldAnomaly {
  kind: AnomalyKind;
  role: string;
  /** The record that shows it (for the join's anomalies: the lease's). */
  offset: bigint;
  /** The join's anomalies only: the transaction-log record it holds the lease against (null: none read). */
  transactionLog?: { transactionalId: string; partition: number; offset: bigint } | null;
  message: string;
}

/**
 * Where an error of a segment file lies, in the documents of the command line (`state`, `groups`,
 * `transactions` on files) and in the viewer's Topic tab, which read the files: the file's name
 * (relative to the directory given, e.g. '__coordination_state-3/00000000000000001000.log') and
 * the byte position in it of the error's batch (kafka-dump-log.sh's `position:`). Never set by
 * result() (a folder reads bytes, not files), nor on an error of record lines or pushed records.
 */
export interface SegmentPlace {
  file?: string;
  filePosition?: number;
}

/** A record that could not be folded (offset, or line for line input without offsets) or a batch that could not be read (offset: its base offset). */
export type FoldError = ({ offset: bigint } | { line: number }) &
  SegmentPlace & {
    /** The partition of the record or batch. */
    partition: number;
    /** The key's role when the key decoded and the value did not; else null. */
    role: string | null;
    code: ErrorCode | LogErrorCode;
    field: string;
    message: string;
  };

/** A transactional record's transaction: its producer, outcome and marker (-1n while open). */
export interface RecordTransaction {
  producerId: bigint;
  state: TransactionState;
  markerOffset: bigint;
}

export interface KeyHistory {
  role: string;
  kind: RecordKind;
  member: string;
  partition: number;
  entries: {
    offset: bigint;
    timestamp: bigint;
    value: Omit<Registration, 'version' | 'kind'> | Omit<Lease, 'version' | 'kind'> | null;
    /** Transactional records only; aborted and open ones are here but not in the state. */
    transaction?: RecordTransaction;
  }[];
}

/** One key of a role with where its records lie (createFolder({ index: true }).keyRecords). */
export interface KeyRecords {
  kind: RecordKind;
  member: string;
  partition: number;
  /** Records of the key read; `records` holds the newest `limit` of them. */
  total: number;
  records: {
    offset: bigint;
    /** The log input (0-based, in pushLog/endLog order); null for a pushed record. */
    input: number | null;
    /** Log input: the batch's byte position in it; pushed record: its number among the pushed ones. */
    position: number;
    /** Log input: the batch's size in bytes (its frame: readLog reads it alone); 0 for a pushed record. */
    size: number;
    transaction: RecordTransaction | null;
  }[];
}

/** The document of `coordination-viewer state --format json`, i64 values as bigint. */
export interface FoldState {
  /** By role, then partition. */
  roles: FoldedRole[];
  /** At most 10000; anomaliesOmitted counts the rest. */
  anomalies: FoldAnomaly[];
  anomaliesOmitted?: number;
  /** At most 10000; errorsOmitted counts the rest. */
  errors: FoldError[];
  errorsOmitted?: number;
  /** Records read (control records excluded), folded or not. */
  records: number;
  /** With { history: true }: every key's records in offset order. */
  history?: KeyHistory[];
}

/**
 * A record from a source other than a log (JSON Lines, text lines, a consumer). Numbers are
 * checked, never wrapped: a bigint or a safe integer (partition and line: an integer number),
 * TypeError for anything else, RangeError outside the field's range.
 */
export interface FoldRecordInput {
  key: Uint8Array | null;
  /** null (or empty) is a tombstone. */
  value: Uint8Array | null;
  /** 0 to 2^31-1 (default 0). */
  partition?: number;
  /** 0 to 2^63-1. Absent (or null): the record applies in arrival order. */
  offset?: bigint | number;
  /** Any signed 64-bit value. */
  timestamp?: bigint | number;
  /** 1-based input line (1 to 2^63-1), reported by errors when there is no offset. */
  line?: number;
  /** From a consumer's batch: its producer id (any signed 64-bit value, -1: none), transactional bit (the record waits for the marker) and control bit (the record is a marker). */
  producerId?: bigint | number;
  transactional?: boolean;
  control?: boolean;
}

export interface FoldOptions {
  /** Epoch ms deciding held or expired; default Date.now(). */
  now?: bigint | number;
  /** The transaction log the leases are held against (StateFolder.result). */
  transactions?: TransactionFolder | null;
  /** Keep every key's history (memory grows with the input). */
  history?: boolean;
  /** Partition of log bytes (default 0). */
  partition?: number;
}

/**
 * The streaming fold: memory is the state, not the input. Call dispose() when done: a folder
 * dropped without it keeps its wasm memory until it is garbage-collected (a FinalizationRegistry
 * frees it then). Its methods read all their arguments before they touch the folder: one disposed
 * meanwhile (by a getter) is an Error, nothing is written.
 */
export interface StateFolder {
  /** A chunk (any size) of one log file of `partition` (default 0); chunks of a file in order. */
  pushLog(chunk: Uint8Array, partition?: number): void;
  /** End of one log file: a batch cut off at its end is BATCH_TRUNCATED. */
  endLog(partition?: number): void;
  pushRecords(records: FoldRecordInput[]): void;
  readonly records: number;
  /** transactions: the transaction log the leases are held against (producerTransaction, the join's anomalies). */
  result(options?: { now?: bigint | number; transactions?: TransactionFolder | null }): FoldState;
  /** With { index: true }: the keys of `role` in `partition`, the newest `limit` (default 1000) records each. */
  keyRecords(role: string, partition: number, options?: { limit?: number }): KeyRecords[];
  dispose(): void;
}

/** The whole-topic module (loadLogCodec). */
export interface LogCodec {
  /**
   * Record batches v2 of a log segment (or any concatenation of batches). An object per record:
   * one call takes 131,072 records and headers in all (the record budget); a batch past that is a
   * TOO_MANY_RECORDS error (read it in a call of its own).
   */
  readLog(bytes: Uint8Array): { batches: LogBatch[]; errors: LogError[] };
  /** The coordination state of log bytes (one partition) or of records. */
  foldState(input: Uint8Array | FoldRecordInput[], options?: FoldOptions): FoldState;
  /** history: every value kept (result().history); index: where each record lies (keyRecords). */
  createFolder(options?: { history?: boolean; index?: boolean }): StateFolder;
}

/**
 * Loads the whole-topic module (wasm/dist/coordination_log.wasm: record batches, gzip, the fold)
 * once; a module of its own so that the single-record codec stays small. Options as for
 * loadCodec, for this module's .wasm (`coordination-viewer/coordination_log.wasm`). Its entry point
 * is 'coordination-viewer/log'; this one loads that at run time, which a bundle leaves out: in a
 * bundled app, `import { loadLogCodec } from 'coordination-viewer/log'`.
 */
export declare function loadLogCodec(options?: LoadOptions): Promise<LogCodec>;

// ---- Kafka Streams rebalance metadata (KIP-268): SubscriptionInfo and AssignmentInfo ----------
// Decoded as apache/kafka 2.3.0 decodes them, subscriptions 5-11 as 2.4.0-3.9's
// SubscriptionInfo(Data), assignments 1-11 as 3.8.0's AssignmentInfo.decode (golden/README.md,
// "Kafka Streams rebalance metadata"). Errors throw CoordinationError with a dynamic field path, e.g.
// 'assignment.standby_tasks[1].partitions[0].topic'; codes (StreamsErrorCode): TRUNCATED,
// TRAILING_BYTES, UNSUPPORTED_VERSION, NEGATIVE_LENGTH, INVALID_UTF8 (a writeUTF string
// DataInputStream.readUTF refuses), UNKNOWN_TOPIC_INDEX (a v5+ partition's topic index that names
// no topic of the assignment's topic dictionary).

export type StreamsTarget = 'subscription' | 'assignment';
export type StreamsWarningCode = 'JAVA_MODIFIED_UTF8' | 'UTF8_REPLACED' | 'VERSION_PROBING';

export interface TaskId {
  topicGroupId: number;
  partition: number;
  /** An assignment's tasks of version 10+ only (absent before, and in subscriptions): the task's
   *  named topology, UTF-16 units as readChar reads them (a lone surrogate too); null when its
   *  char count is 0 or negative (Kafka reads no chars and makes the empty name null). */
  namedTopology?: string | null;
}

export interface StreamsTopicPartition {
  /** A Java String from readUTF: may hold U+0000 and, from modified UTF-8, a lone surrogate. */
  topic: string;
  partition: number;
}

export interface Subscription {
  /** 1..11 (5 and 6, Kafka 2.4 and 2.5, have the layout of 3 and 4; 7..11 are
   *  SubscriptionInfoData.json's: 7 in Kafka 2.6, 8 in 2.7, 9 in 2.8, 10 in 3.0, 11 from 3.2). */
  version: number;
  /** -1 for versions 1 and 2 (the format has none). */
  latestSupportedVersion: number;
  /** Java's UUID.toString(): lower-case 8-4-4-4-12. */
  processId: string;
  /** Previous active tasks, in wire order. From version 7 the wire has no task lists: derived from
   *  taskOffsetSums as Kafka's SubscriptionInfo.prevTasks() does (offset sum -2,
   *  Task.LATEST_OFFSET: a running active task), in wire order, duplicates kept. */
  prevTasks: TaskId[];
  /** From version 7: the tasks of taskOffsetSums whose offset sum is not -2 (standbyTasks()). */
  standbyTasks: TaskId[];
  /** null in version 1 and when the length is 0 (Kafka leaves it null); decoded as
   *  new String(bytes, UTF_8): ill-formed bytes become U+FFFD (warning UTF8_REPLACED in inspect). */
  userEndPoint: string | null;
  probing: false;
  /** Version 7+ only (absent before): every task with its changelog offset sum, in wire order,
   *  flattened (versions 7-9 nest the partitions under their topic group id). */
  taskOffsetSums?: TaskOffsetSum[];
  /** Version 7+ only: the byte Kafka increments per subscription (version 8+); null in version 7. */
  uniqueField?: number | null;
  /** Version 7+ only: version 9+'s error code; 0 in versions 7 and 8 (Kafka's default). */
  errorCode?: number;
  /** Version 7+ only: version 11+'s client tags (rack-aware standby placement); [] before 11. */
  clientTags?: ClientTag[];
}

export interface TaskOffsetSum {
  topicGroupId: number;
  partition: number;
  /** The task's summed changelog offsets; -2n (Task.LATEST_OFFSET): it runs as active. */
  offsetSum: bigint;
  /** Version 10+'s named topology (a negative i16 length is null, as Kafka reads it); null before. */
  namedTopology: string | null;
}

/** The bytes of a tag decoded as Kafka's SubscriptionInfo.clientTags() does: new String(bytes,
 *  UTF_8) (ill-formed bytes become U+FFFD, warning UTF8_REPLACED in inspect). */
export interface ClientTag {
  key: string;
  value: string;
}

/** A subscription newer than version 11 (the newest in apache/kafka up to 3.9), read as Kafka
 *  reads a version newer than its own for version probing: only the version fields. */
export interface ProbingSubscription {
  version: number;
  latestSupportedVersion: number;
  probing: true;
}

export interface StandbyTaskAssignment {
  task: TaskId;
  partitions: StreamsTopicPartition[];
}

export interface HostPartitions {
  host: string;
  port: number;
  partitions: StreamsTopicPartition[];
}

export interface Assignment {
  /** 1..11 (5 in Kafka 2.4, 6 in 2.5, 7 in 2.6, 8 in 2.7, 9 in 2.8, 10 in 3.0, 11 from 3.2); any
   *  other version throws CoordinationError UNSUPPORTED_VERSION, as Kafka's decode throws. */
  version: number;
  /** -1 for versions 1 and 2. */
  latestSupportedVersion: number;
  /** In wire order, duplicates kept; from version 10 each task has its namedTopology. */
  activeTasks: TaskId[];
  standbyTasks: StandbyTaskAssignment[];
  /** [] in version 1. From version 5 each partition's topic is the topic dictionary's topic of its
   *  index (the dictionary itself is in inspect's tree, not in the record). */
  partitionsByHost: HostPartitions[];
  /** Version 6+ only (absent before): every member's standby partitions. */
  standbyPartitionsByHost?: HostPartitions[];
  /** 0 before version 4 (3.8.0's AssignorError: 0 NONE, 1 INCOMPLETE_SOURCE_TOPIC_METADATA,
   *  2 VERSION_PROBING, 3 ASSIGNMENT_ERROR, 4 SHUTDOWN_REQUESTED). */
  errorCode: number;
  /** Version 7+ only (absent before): epoch ms at which the member is to rejoin for a follow-up
   *  rebalance; 9223372036854775807n (Long.MAX_VALUE) when none is scheduled. */
  nextRebalanceMs?: bigint;
}

export interface StreamsFieldNode {
  /** e.g. 'subscription.prev_tasks[3].partition' */
  path: string;
  name: string;
  /** 'record' (the record, a list element, a task) | 'array' | 'i8' | 'i32' | 'i64' | 'uuid' | 'java_utf' | 'string' (a subscription's named topology) | 'java_chars' (an assignment's named topology) | 'bytes' (the user endpoint, a client tag, the unread bytes of a probing read) */
  wireType: string;
  offset: number;
  length: number;
  /** number for i8 and i32, bigint for i64 (an offset sum), string for texts */
  value?: number | bigint | string;
  meaning?: string;
  complete: boolean;
  children: StreamsFieldNode[];
}

export interface StreamsWarning {
  code: StreamsWarningCode;
  field: string;
  offset: number;
  length: number;
  message: string;
}

export interface StreamsInspection {
  target: StreamsTarget;
  tombstone: false;
  ok: boolean;
  fields: StreamsFieldNode[];
  error: InspectError<StreamsErrorCode> | null;
  warnings: StreamsWarning[];
  record: Subscription | ProbingSubscription | Assignment | null;
  size: number;
}

export interface Codec {
  decodeSubscription(bytes: Uint8Array): Subscription | ProbingSubscription;
  decodeAssignment(bytes: Uint8Array): Assignment;
  inspect(bytes: Uint8Array, target: StreamsTarget): StreamsInspection;
}

export interface StreamsUpgradeMember {
  name: string;
  version: number;
  latestSupportedVersion: number;
  sentence: string;
}

export interface StreamsUpgradeExplanation {
  members: StreamsUpgradeMember[];
  /** The version the group leader answers with: the lowest version received. */
  leaderVersion: number;
  /** 'first-bounce': all members send 1 or 2 (not started, or the first bounce with upgrade.from);
   *  'second-bounce': some send 3+, some still 1 or 2; 'done': all send 3 or later. */
  step: 'first-bounce' | 'second-bounce' | 'done';
  /** Plain sentences: one per member, then the leader's answer and the step. */
  sentences: string[];
}

/** KIP-268's rolling bounce explained from the decoded subscriptions of a group's members. Pure JS. */
export declare function explainStreamsUpgrade(
  subscriptions: ReadonlyArray<Subscription | ProbingSubscription>,
  names?: ReadonlyArray<string>,
): StreamsUpgradeExplanation;

// ---- ProduceRequest v3 (issue 13; README.md, "ProduceRequest v3") -------------------------------
// Decoded in the whole-topic module (it carries the record-batch parser and gzip):
// `(await loadLogCodec()).decodeProduceRequest(bytes)`; the single-record codec's
// decodeProduceRequest and inspect(bytes, 'produce-request') use that module once loadLogCodec()
// has resolved, and throw an Error saying so before. Errors throw CoordinationError with a
// ProduceErrorCode: TRUNCATED, TRAILING_BYTES, UNSUPPORTED_VERSION (a header's api version other
// than 3), NEGATIVE_LENGTH, and the record-batch codes (LogBatchErrorCode: CRC_MISMATCH,
// UNSUPPORTED_COMPRESSION, ...).

export interface ProduceRequestHeader {
  apiKey: number;
  apiVersion: number;
  correlationId: number;
  clientId: string | null;
}

/** The coordination codec's error for a record of __coordination_state (offset within the part). */
export interface ProducedCoordinationError {
  code: ErrorCode | Extract<LogRecordErrorCode, 'NULL_KEY'>;
  offset: number;
  field: string;
  part: 'key' | 'value';
  message: string;
}

export interface ProducedCoordinationRecord {
  key: CoordinationKey | null;
  /** null: a tombstone, or not decoded after a key error */
  value: CoordinationValue | null;
  error: ProducedCoordinationError | null;
}

/** key, value and header values: views into one copy of the request's bytes. */
export interface ProducedRecord {
  offset: bigint;
  timestamp: bigint;
  key: Uint8Array | null;
  value: Uint8Array | null;
  headers: { key: string; value: Uint8Array | null }[];
  /** Records of the topic __coordination_state only. */
  decoded?: ProducedCoordinationRecord;
}

export interface ProducedBatch {
  baseOffset: bigint;
  producerId: bigint;
  producerEpoch: number;
  baseSequence: number;
  compression: 'none' | 'gzip';
  records: ProducedRecord[];
}

export interface ProduceRequest {
  /** null when the bytes start with the body (no size and request header detected) */
  header: ProduceRequestHeader | null;
  transactionalId: string | null;
  acks: number;
  timeout: number;
  topics: { topic: string; partitions: { partition: number; batches: ProducedBatch[] }[] }[];
}

export interface ProduceFieldNode {
  /** e.g. 'produce_request.topics[0].partitions[1].record_set.batches[0].records[2].key' */
  path: string;
  name: string;
  wireType: string;
  offset: number;
  length: number;
  value?: number | bigint | string;
  meaning?: string;
  complete: boolean;
  children: ProduceFieldNode[];
}

export interface ProduceInspection {
  target: 'produce-request';
  tombstone: false;
  ok: boolean;
  fields: ProduceFieldNode[];
  error: InspectError<ProduceErrorCode> | null;
  warnings: StreamsWarning[];
  record: ProduceRequest | null;
  size: number;
}

export interface LogCodec {
  decodeProduceRequest(bytes: Uint8Array): ProduceRequest;
  inspect(bytes: Uint8Array, target: 'produce-request'): ProduceInspection;
}

// ---- Consumer groups: __consumer_offsets records and the consumer protocol ---------------------
// In the whole-topic module (loadLogCodec()). Each message is decoded by its schema-generated
// decoder (wasm/core/groups/specs: Kafka 3.8.0's message JSON files); the field types are
// wasm/generated/schema/messages.d.ts's. Errors throw CoordinationError with a SchemaErrorCode and
// a path from the record type: 'key.version', 'group.members[2].client_id', ...; rules and
// decisions: golden/README.md, "Consumer groups".

import type {
  ConsumerGroupCurrentMemberAssignmentKey,
  ConsumerGroupCurrentMemberAssignmentValue,
  ConsumerGroupMemberMetadataKey,
  ConsumerGroupMemberMetadataValue,
  ConsumerGroupMetadataKey,
  ConsumerGroupMetadataValue,
  ConsumerGroupPartitionMetadataKey,
  ConsumerGroupPartitionMetadataValue,
  ConsumerGroupRegularExpressionKey,
  ConsumerGroupRegularExpressionValue,
  ConsumerGroupTargetAssignmentMemberKey,
  ConsumerGroupTargetAssignmentMemberValue,
  ConsumerGroupTargetAssignmentMetadataKey,
  ConsumerGroupTargetAssignmentMetadataValue,
  ConsumerProtocolAssignment,
  ConsumerProtocolSubscription,
  GroupMetadataKey,
  GroupMetadataValue,
  GroupMetadataValueMemberMetadata,
  OffsetCommitKey,
  OffsetCommitValue,
  ShareGroupCurrentMemberAssignmentKey,
  ShareGroupCurrentMemberAssignmentValue,
  ShareGroupMemberMetadataKey,
  ShareGroupMemberMetadataValue,
  ShareGroupMetadataKey,
  ShareGroupMetadataValue,
  ShareGroupStatePartitionMetadataKey,
  ShareGroupStatePartitionMetadataValue,
  ShareGroupTargetAssignmentMemberKey,
  ShareGroupTargetAssignmentMemberValue,
  ShareGroupTargetAssignmentMetadataKey,
  ShareGroupTargetAssignmentMetadataValue,
  StreamsGroupCurrentMemberAssignmentKey,
  StreamsGroupCurrentMemberAssignmentValue,
  StreamsGroupMemberMetadataKey,
  StreamsGroupMemberMetadataValue,
  StreamsGroupMetadataKey,
  StreamsGroupMetadataValue,
  StreamsGroupTargetAssignmentMemberKey,
  StreamsGroupTargetAssignmentMemberValue,
  StreamsGroupTargetAssignmentMetadataKey,
  StreamsGroupTargetAssignmentMetadataValue,
  StreamsGroupTopologyKey,
  StreamsGroupTopologyValue,
  UnknownTaggedField,
} from '../generated/schema/messages.js';
export type { UnknownTaggedField };

/** ConsumerProtocol's Subscription: `version` as written (a newer one is read as 3, with a
 *  NEWER_VERSION warning); ownedPartitions [] before v1, generationId -1 before v2, rackId null before v3. */
export type ConsumerSubscription = ConsumerProtocolSubscription;
/** ConsumerProtocol's Assignment (versions 1-3 have version 0's fields). */
export type ConsumerAssignment = ConsumerProtocolAssignment;

/** A record's type: its key version's (0-1 offset, 2 group, 3-8 the KIP-848 records; Apache Kafka
 *  4.1.0's 10-15 share groups (KIP-932), 16 a consumer group's regular expression, 17 and 19-23
 *  Streams groups (KIP-1071)). */
export type GroupRecordType =
  | 'offset'
  | 'group'
  | 'consumer_group_metadata'
  | 'consumer_group_partition_metadata'
  | 'consumer_group_member_metadata'
  | 'consumer_group_target_assignment_metadata'
  | 'consumer_group_target_assignment_member'
  | 'consumer_group_current_member_assignment'
  | 'share_group_member_metadata'
  | 'share_group_metadata'
  | 'share_group_target_assignment_metadata'
  | 'share_group_target_assignment_member'
  | 'share_group_current_member_assignment'
  | 'share_group_state_partition_metadata'
  | 'consumer_group_regular_expression'
  | 'streams_group_metadata'
  | 'streams_group_member_metadata'
  | 'streams_group_target_assignment_metadata'
  | 'streams_group_target_assignment_member'
  | 'streams_group_current_member_assignment'
  | 'streams_group_topology';

export type GroupRecordKey =
  | ({ type: 'offset' } & OffsetCommitKey)
  | ({ type: 'group' } & GroupMetadataKey)
  | ({ type: 'consumer_group_metadata' } & ConsumerGroupMetadataKey)
  | ({ type: 'consumer_group_partition_metadata' } & ConsumerGroupPartitionMetadataKey)
  | ({ type: 'consumer_group_member_metadata' } & ConsumerGroupMemberMetadataKey)
  | ({ type: 'consumer_group_target_assignment_metadata' } & ConsumerGroupTargetAssignmentMetadataKey)
  | ({ type: 'consumer_group_target_assignment_member' } & ConsumerGroupTargetAssignmentMemberKey)
  | ({ type: 'consumer_group_current_member_assignment' } & ConsumerGroupCurrentMemberAssignmentKey)
  | ({ type: 'share_group_member_metadata' } & ShareGroupMemberMetadataKey)
  | ({ type: 'share_group_metadata' } & ShareGroupMetadataKey)
  | ({ type: 'share_group_target_assignment_metadata' } & ShareGroupTargetAssignmentMetadataKey)
  | ({ type: 'share_group_target_assignment_member' } & ShareGroupTargetAssignmentMemberKey)
  | ({ type: 'share_group_current_member_assignment' } & ShareGroupCurrentMemberAssignmentKey)
  | ({ type: 'share_group_state_partition_metadata' } & ShareGroupStatePartitionMetadataKey)
  | ({ type: 'consumer_group_regular_expression' } & ConsumerGroupRegularExpressionKey)
  | ({ type: 'streams_group_metadata' } & StreamsGroupMetadataKey)
  | ({ type: 'streams_group_member_metadata' } & StreamsGroupMemberMetadataKey)
  | ({ type: 'streams_group_target_assignment_metadata' } & StreamsGroupTargetAssignmentMetadataKey)
  | ({ type: 'streams_group_target_assignment_member' } & StreamsGroupTargetAssignmentMemberKey)
  | ({ type: 'streams_group_current_member_assignment' } & StreamsGroupCurrentMemberAssignmentKey)
  | ({ type: 'streams_group_topology' } & StreamsGroupTopologyKey);

/** An offset commit: leaderEpoch -1 before v3, expireTimestamp written by version 1 only (else null). */
export type OffsetRecordValue = { type: 'offset'; expireTimestamp: bigint | null } & Omit<
  OffsetCommitValue,
  'expireTimestamp'
>;
/** A classic group: currentStateTimestamp -1n before v2; a member's rebalanceTimeout -1 before
 *  v1, groupInstanceId null before v3. */
export type GroupRecordValue =
  | OffsetRecordValue
  | ({ type: 'group' } & GroupMetadataValue)
  | ({ type: 'consumer_group_metadata' } & ConsumerGroupMetadataValue)
  | ({ type: 'consumer_group_partition_metadata' } & ConsumerGroupPartitionMetadataValue)
  | ({ type: 'consumer_group_member_metadata' } & ConsumerGroupMemberMetadataValue)
  | ({ type: 'consumer_group_target_assignment_metadata' } & ConsumerGroupTargetAssignmentMetadataValue)
  | ({ type: 'consumer_group_target_assignment_member' } & ConsumerGroupTargetAssignmentMemberValue)
  | ({ type: 'consumer_group_current_member_assignment' } & ConsumerGroupCurrentMemberAssignmentValue)
  | ({ type: 'share_group_member_metadata' } & ShareGroupMemberMetadataValue)
  | ({ type: 'share_group_metadata' } & ShareGroupMetadataValue)
  | ({ type: 'share_group_target_assignment_metadata' } & ShareGroupTargetAssignmentMetadataValue)
  | ({ type: 'share_group_target_assignment_member' } & ShareGroupTargetAssignmentMemberValue)
  | ({ type: 'share_group_current_member_assignment' } & ShareGroupCurrentMemberAssignmentValue)
  | ({ type: 'share_group_state_partition_metadata' } & ShareGroupStatePartitionMetadataValue)
  | ({ type: 'consumer_group_regular_expression' } & ConsumerGroupRegularExpressionValue)
  | ({ type: 'streams_group_metadata' } & StreamsGroupMetadataValue)
  | ({ type: 'streams_group_member_metadata' } & StreamsGroupMemberMetadataValue)
  | ({ type: 'streams_group_target_assignment_metadata' } & StreamsGroupTargetAssignmentMetadataValue)
  | ({ type: 'streams_group_target_assignment_member' } & StreamsGroupTargetAssignmentMemberValue)
  | ({ type: 'streams_group_current_member_assignment' } & StreamsGroupCurrentMemberAssignmentValue)
  | ({ type: 'streams_group_topology' } & StreamsGroupTopologyValue);

/** value null: a tombstone (the group or the offset deleted). */
export interface GroupRecord {
  key: GroupRecordKey;
  value: GroupRecordValue | null;
}

/** An error of a nested level: its path from the record's root
 *  ('group.members[2].assignment.user_data.active_tasks[0].partition'), its offset in the value. */
export interface GroupError {
  code: SchemaErrorCode | StreamsErrorCode;
  offset: number;
  field: string;
  message: string;
}
export interface GroupWarning {
  /** A schema-generated decoder's (UTF8_REPLACED, NEWER_VERSION) or a nested Streams level's. */
  code: SchemaWarningCode | StreamsWarningCode;
  field: string;
  offset: number;
  length: number;
  message: string;
}
/** One level nested in other bytes: decoded, or its error (the levels above stay decoded). */
export type NestedLevel<T> = { record: T } | { error: GroupError };
/** A consumer protocol message with its userData read as Kafka Streams' (when the group's protocol
 *  is 'stream'): `streams` is absent when it was not read (not Streams, or a null userData). */
export type NestedSubscription = ConsumerSubscription & {
  streams?: NestedLevel<Subscription | ProbingSubscription>;
};
export type NestedAssignment = ConsumerAssignment & { streams?: NestedLevel<Assignment> };
/** A member of a group whose protocolType is 'consumer' (decodeGroupRecord's { nested: true },
 *  inspectGroupRecord's record): its subscription and assignment decoded (null: zero bytes). */
export type NestedGroupMember = GroupMetadataValueMemberMetadata & {
  consumerSubscription?: NestedLevel<NestedSubscription> | null;
  consumerAssignment?: NestedLevel<NestedAssignment> | null;
};
export interface NestedGroupRecord {
  key: GroupRecordKey;
  value:
    | Exclude<GroupRecordValue, { type: 'group' }>
    | ({ type: 'group' } & Omit<GroupMetadataValue, 'members'> & { members: NestedGroupMember[] })
    | null;
}

/** A node of the tree across levels: the same shape as a ProduceRequest's; its path e.g.
 *  'group.members[0].assignment.user_data.active_tasks[1].partition'. */
export type GroupFieldNode = ProduceFieldNode;
/** One part of a record: offsets in its own bytes (the key's, the value's). */
export interface GroupPartInspection {
  fields: GroupFieldNode[];
  error: GroupError | null;
  warnings: GroupWarning[];
}
export interface GroupRecordInspection {
  target: 'group-record';
  /** The key and the value decoded (nested levels may still have failed: nestedErrors). */
  ok: boolean;
  key: GroupPartInspection;
  /** null: a null value, or a key version that names no type. */
  value: GroupPartInspection | null;
  /** The members' levels that failed, in wire order (each also in value.fields' tree). */
  nestedErrors: GroupError[];
  record: NestedGroupRecord | null;
  size: number;
}
export interface ConsumerProtocolInspection {
  target: 'consumer-subscription' | 'consumer-assignment';
  tombstone: false;
  ok: boolean;
  fields: GroupFieldNode[];
  error: GroupError | null;
  warnings: GroupWarning[];
  /** The Streams level's error (options.streams), when it failed. */
  nestedErrors: GroupError[];
  record: NestedSubscription | NestedAssignment | null;
  size: number;
}

export interface LogCodec {
  decodeConsumerSubscription(bytes: Uint8Array): ConsumerSubscription;
  decodeConsumerAssignment(bytes: Uint8Array): ConsumerAssignment;
  /** A record of __consumer_offsets (value null: a tombstone; an empty value is an error). A key
   *  version that names no record type of Kafka 4.1.0 (9, 18, above 23, below 0) is UNSUPPORTED_VERSION. nested: a group's members' levels decoded too. */
  decodeGroupRecord(key: Uint8Array, value: Uint8Array | null): GroupRecord;
  decodeGroupRecord(key: Uint8Array, value: Uint8Array | null, options: { nested: true }): NestedGroupRecord;
  decodeGroupRecord(
    key: Uint8Array,
    value: Uint8Array | null,
    options?: { nested?: boolean },
  ): GroupRecord | NestedGroupRecord;
  /** The field trees across levels, each level's error and the warnings. */
  inspectGroupRecord(key: Uint8Array, value: Uint8Array | null): GroupRecordInspection;
  /** streams: the userData read as Kafka Streams' SubscriptionInfo / AssignmentInfo. */
  inspect(
    bytes: Uint8Array,
    target: 'consumer-subscription' | 'consumer-assignment',
    options?: { streams?: boolean },
  ): ConsumerProtocolInspection;
}

// ---- Consumer groups folded (issue 20 item 5): __consumer_offsets into each group's state -------
// wasm/core/groups/README.md, "The fold": the newest record per key wins, a tombstone removes it.

// GroupAnomalyKind: wasm/generated/tables.d.ts (from wasm/core/groups/table.h).
import type { GroupAnomalyKind } from '../generated/tables.js';
export type { GroupAnomalyKind };

/** A classic group's member (its newest group metadata record). */
export interface FoldedGroupMember {
  memberId: string;
  groupInstanceId: string | null;
  clientId: string;
  clientHost: string;
  rebalanceTimeout: number;
  sessionTimeout: number;
  /** The consumer protocol's Subscription (protocolType 'consumer'); null: another protocol type,
   *  zero bytes, or bytes refused (the fold's errors name them). */
  subscription: Omit<ConsumerSubscription, 'userData'> | null;
  assignment: Omit<ConsumerAssignment, 'userData'> | null;
  /** A Streams group's (protocol 'stream'): the userData decoded (null: null, or refused). */
  streams: {
    subscription: Subscription | ProbingSubscription | null;
    assignment: Assignment | null;
  } | null;
}

/** A committed offset: the newest OffsetCommitValue of (group, topic, partition). */
export interface FoldedOffset {
  topic: string;
  partition: number;
  offset: bigint;
  /** -1 before value version 3. */
  leaderEpoch: number;
  metadata: string;
  commitTimestamp: bigint;
  /** The record's place in __consumer_offsets. */
  recordPartition: number;
  recordOffset: bigint;
}

/** A KIP-848 group (key versions 3-8, and 16: its regular expressions, Kafka 4.1.0). */
export interface FoldedConsumerGroup {
  /** -1: no ConsumerGroupMetadata record. */
  groupEpoch: number;
  /** Kafka 4.1.0's MetadataHash (KIP-1101); 0n when absent, or no record. */
  metadataHash: bigint;
  /** The target assignment's epoch; -1: no record. */
  assignmentEpoch: number;
  subscriptionMetadata: ConsumerGroupPartitionMetadataValue['topics'];
  /** The regular expressions its members subscribe with, as resolved; by expression. */
  regularExpressions: ({ regularExpression: string } & Omit<
    ConsumerGroupRegularExpressionValue,
    'version' | 'unknownTaggedFields'
  >)[];
  /** By member id. */
  members: {
    memberId: string;
    metadata: Omit<ConsumerGroupMemberMetadataValue, 'version' | 'unknownTaggedFields'> | null;
    targetAssignment: ConsumerGroupTargetAssignmentMemberValue['topicPartitions'] | null;
    currentAssignment: Omit<ConsumerGroupCurrentMemberAssignmentValue, 'version' | 'unknownTaggedFields'> | null;
  }[];
}

/** A share group (KIP-932; key versions 10-15, Kafka 4.1.0). */
export interface FoldedShareGroup {
  /** -1: no ShareGroupMetadata record. */
  groupEpoch: number;
  metadataHash: bigint;
  /** -1: no ShareGroupTargetAssignmentMetadata record. */
  assignmentEpoch: number;
  statePartitionMetadata: Omit<ShareGroupStatePartitionMetadataValue, 'version' | 'unknownTaggedFields'> | null;
  /** By member id. */
  members: {
    memberId: string;
    metadata: Omit<ShareGroupMemberMetadataValue, 'version' | 'unknownTaggedFields'> | null;
    targetAssignment: ShareGroupTargetAssignmentMemberValue['topicPartitions'] | null;
    currentAssignment: Omit<ShareGroupCurrentMemberAssignmentValue, 'version' | 'unknownTaggedFields'> | null;
  }[];
}

/** A Streams group (KIP-1071; key versions 17 and 19-23, Kafka 4.1.0). */
export interface FoldedStreamsGroup {
  /** -1: no StreamsGroupMetadata record. */
  groupEpoch: number;
  metadataHash: bigint;
  /** -1: no StreamsGroupTargetAssignmentMetadata record. */
  assignmentEpoch: number;
  topology: Omit<StreamsGroupTopologyValue, 'version' | 'unknownTaggedFields'> | null;
  /** By member id. */
  members: {
    memberId: string;
    metadata: Omit<StreamsGroupMemberMetadataValue, 'version' | 'unknownTaggedFields'> | null;
    targetAssignment: Omit<StreamsGroupTargetAssignmentMemberValue, 'version' | 'unknownTaggedFields'> | null;
    currentAssignment: Omit<StreamsGroupCurrentMemberAssignmentValue, 'version' | 'unknownTaggedFields'> | null;
  }[];
}

export interface FoldedGroup {
  group: string;
  /** Its records' partition of __consumer_offsets (the group metadata record's when it has one). */
  partition: number;
  /** The group metadata record's offset; null: none (a KIP-848 group, or offsets alone). */
  offset: bigint | null;
  /** The classic group's metadata (null, null, -1, null, -1n without one). */
  protocolType: string | null;
  protocol: string | null;
  generation: number;
  leader: string | null;
  currentStateTimestamp: bigint;
  members: FoldedGroupMember[];
  /** By topic, then partition. */
  offsets: FoldedOffset[];
  /** protocolType 'consumer' and protocol 'stream': the rolling upgrade from the members'
   *  subscriptions (explainStreamsUpgrade; null when no member's subscription decoded). */
  streams: { upgrade: StreamsUpgradeExplanation | null } | null;
  consumerGroup: FoldedConsumerGroup | null;
  shareGroup: FoldedShareGroup | null;
  streamsGroup: FoldedStreamsGroup | null;
}

export interface GroupAnomaly {
  kind: GroupAnomalyKind;
  group: string;
  /** The group's generation (a KIP-848, share or Streams group's epoch) at the record; -1: none. */
  generation: number;
  partition: number;
  offset: bigint;
  message: string;
  /** subscription_versions_differ: the upgrade's step (StreamsUpgradeExplanation's). */
  upgradeStep?: StreamsUpgradeExplanation['step'] | null;
}

/** The document of `coordination-viewer groups --format json`, i64 values as bigint. */
export interface GroupsState {
  /** By group id; groups whose records were all removed by tombstones are not here. */
  groups: FoldedGroup[];
  /** By group, partition, offset. */
  anomalies: GroupAnomaly[];
  anomaliesOmitted?: number;
  /** As FoldError, with the key's group id (when it decoded) in place of the role. A member's
   *  nested level refused is an error too; the record applies with the levels above it. */
  errors: (({ offset: bigint } | { line: number }) &
    SegmentPlace & {
      partition: number;
      group: string | null;
      code: SchemaErrorCode | StreamsErrorCode | LogErrorCode;
      field: string;
      message: string;
    })[];
  errorsOmitted?: number;
  records: number;
}

/** The __consumer_offsets streaming fold, as TransactionFolder (dispose() when done). */
export interface GroupFolder {
  pushLog(chunk: Uint8Array, partition?: number): void;
  endLog(partition?: number): void;
  pushRecords(records: FoldRecordInput[]): void;
  readonly records: number;
  result(): GroupsState;
  dispose(): void;
}

export interface LogCodec {
  createGroupFolder(): GroupFolder;
  foldGroups(input: Uint8Array | FoldRecordInput[], options?: { partition?: number }): GroupsState;
}

export interface Codec {
  /** Needs `await loadLogCodec()` once first (throws an Error otherwise). */
  decodeProduceRequest(bytes: Uint8Array): ProduceRequest;
  inspect(bytes: Uint8Array, target: 'produce-request'): ProduceInspection;
}

// ---- Kafka's transaction log (issue 22): __transaction_state beside the leases ----------------
// Decoded as apache/kafka 3.8.0's TransactionLog reads it (wasm/core/transactions; README, "The
// transaction log beside the leases"): decodeTransactionRecord, its fold, and the join of the
// coordination state with it (StateFolder.result({ transactions })). Errors of
// decodeTransactionRecord: CoordinationError with a SchemaErrorCode and a field path such as
// 'transaction_log_value.transaction_partitions[0].topic'.
// Version 1's tagged fields are Kafka 4.1.0's (KIP-890 part 2: previousProducerId, nextProducerId,
// clientTransactionVersion, nextProducerEpoch); any other tag is an UnknownTaggedField (the
// schema-generated type, exported with the consumer groups').
import type { TransactionLogAnomalyKind, TransactionStatus } from '../generated/tables.js';
export type { TransactionLogAnomalyKind, TransactionStatus };

export interface TransactionRecord {
  key: { version: 0; transactionalId: string };
  /** null: a tombstone (the transactional id removed); only a null value is one here. */
  value: null | {
    version: 0 | 1;
    producerId: bigint;
    producerEpoch: number;
    transactionTimeoutMs: number;
    status: TransactionStatus;
    /** Null as written (Kafka writes null for Empty, and reads no partitions for Empty). */
    partitions: { topic: string; partitions: number[]; unknownTaggedFields: UnknownTaggedField[] }[] | null;
    lastUpdateTimestamp: bigint;
    startTimestamp: bigint;
    /** Version 1 only (tag 0; -1 when absent): the producer id before the transition that wrote it. */
    previousProducerId?: bigint;
    /** Version 1 only (tag 1; -1 when absent): the producer id an exhausted epoch rotates to. */
    nextProducerId?: bigint;
    /** Version 1 only (tag 3; -1 when absent): the epoch of nextProducerId. */
    nextProducerEpoch?: number;
    /**
     * Version 1 only (tag 2; 0 when absent): the client's transaction version. 2 (KIP-890 part 2):
     * the epoch moves at every commit and abort, so an epoch above a lease's is no fence by itself.
     */
    clientTransactionVersion?: number;
    unknownTaggedFields: UnknownTaggedField[];
  };
}

/** A lease's producer id in the transaction log: its transactional id's newest record. */
export interface ProducerTransaction {
  transactionalId: string;
  /**
   * The transactional id's epoch now. Above the lease's: the holder was fenced under transaction
   * versions 0 and 1; under version 2 (Kafka 4.x, KIP-890) the epoch also moves at every commit and
   * abort, and only an Empty record proves a fence (wasm/core/transactions/README.md).
   */
  producerEpoch: number;
  /** 'Dead' when the transactional id expired (its tombstone). */
  status: TransactionStatus;
  lastUpdateTimestamp: bigint;
  /**
   * The transactional id's producer id now (another than the lease's: it was replaced; under
   * transaction version 2 also the holder's own new one when its epoch ran out).
   */
  producerId: bigint;
  /** Where that record is in the transaction log. */
  partition: number;
  offset: bigint;
}

/** One transactional id's newest record (`coordination-viewer transactions`). */
export interface FoldedTransaction {
  transactionalId: string;
  partition: number;
  offset: bigint;
  producerId: bigint;
  producerEpoch: number;
  status: TransactionStatus;
  timeoutMs: number;
  /**
   * As the coordinator loads them: null for Empty (or written null); else each (topic, partition)
   * once, by topic in the order of its first partition.
   */
  partitions: { topic: string; partitions: number[] }[] | null;
  lastUpdateTimestamp: bigint;
  startTimestamp: bigint;
}

export interface TransactionLogAnomaly {
  kind: TransactionLogAnomalyKind;
  transactionalId: string;
  partition: number;
  offset: bigint;
  message: string;
}

/** The document of `coordination-viewer transactions --format json`, i64 values as bigint. */
export interface TransactionLogState {
  /** By transactional id, then partition; ids removed by a tombstone are not here. */
  transactions: FoldedTransaction[];
  anomalies: TransactionLogAnomaly[];
  anomaliesOmitted?: number;
  /** As FoldError, with the key's transactional id (when it decoded) in place of the role. */
  errors: (({ offset: bigint } | { line: number }) &
    SegmentPlace & {
      partition: number;
      transactionalId: string | null;
      code: SchemaErrorCode | LogErrorCode;
      field: string;
      message: string;
    })[];
  errorsOmitted?: number;
  records: number;
}

/** The transaction log's streaming fold, as StateFolder (dispose() when done). */
export interface TransactionFolder {
  pushLog(chunk: Uint8Array, partition?: number): void;
  endLog(partition?: number): void;
  pushRecords(records: FoldRecordInput[]): void;
  readonly records: number;
  /** now: the moment timeouts are checked at (default Date.now()). */
  result(options?: { now?: bigint | number }): TransactionLogState;
  dispose(): void;
}

export interface LogCodec {
  /** One __transaction_state record; a key version other than 0 and an empty value are errors. */
  decodeTransactionRecord(key: Uint8Array, value: Uint8Array | null): TransactionRecord;
  createTransactionFolder(): TransactionFolder;
  foldTransactions(
    input: Uint8Array | FoldRecordInput[],
    options?: { now?: bigint | number; partition?: number },
  ): TransactionLogState;
}

// ---- Kafka's share-group state: __share_group_state (KIP-932's share coordinator) --------------
// Read as Apache Kafka 4.1.0 reads it (wasm/core/sharestate/README.md): the key's int16 prefix is
// the record type (0 ShareSnapshot, 1 ShareUpdate; another is UNSUPPORTED_VERSION at key.version),
// the value's its version (0). The types are the schema-generated ones
// (wasm/core/sharestate/specs). Errors: CoordinationError with a SchemaErrorCode and a field path
// such as 'share_snapshot.state_batches[0].last_offset' (a key's start with 'key').
import type {
  ShareSnapshotKey,
  ShareSnapshotValue,
  ShareSnapshotValueStateBatch,
  ShareUpdateKey,
  ShareUpdateValue,
  ShareUpdateValueStateBatch,
} from '../generated/schema/messages.js';
export type {
  ShareSnapshotKey,
  ShareSnapshotValue,
  ShareSnapshotValueStateBatch,
  ShareUpdateKey,
  ShareUpdateValue,
  ShareUpdateValueStateBatch,
};

/** A record's type: its key's prefix (0 'share_snapshot', 1 'share_update'). */
export type ShareStateRecordType = 'share_snapshot' | 'share_update';
/** One record of __share_group_state; value null: a tombstone (only a null value is one here). */
export type ShareStateRecord =
  | {
      key: ShareSnapshotKey & { type: 'share_snapshot' };
      value: (ShareSnapshotValue & { type: 'share_snapshot' }) | null;
    }
  | {
      key: ShareUpdateKey & { type: 'share_update' };
      value: (ShareUpdateValue & { type: 'share_update' }) | null;
    };
export interface ShareStateRecordInspection {
  target: 'share-state-record';
  /** The key and the value (or a null value) decoded. */
  ok: boolean;
  key: GroupPartInspection;
  /** null: a null value, or a key prefix that names no record type. */
  value: GroupPartInspection | null;
  record: ShareStateRecord | null;
  size: number;
}

export interface LogCodec {
  /** One __share_group_state record; an unknown record type, a value version other than 0 and an
   *  empty value are errors. */
  decodeShareStateRecord(key: Uint8Array, value: Uint8Array | null): ShareStateRecord;
  /** The key's and the value's field trees, errors and warnings (the value is read whenever the
   *  key's prefix names a type), and the record when both decode. */
  inspectShareStateRecord(key: Uint8Array, value: Uint8Array | null): ShareStateRecordInspection;
}

// The fold of __share_group_state (wasm/core/sharestate/README.md, "The fold"): each share-partition's
// state as Kafka 4.1.0's share coordinator replays the topic.
// ShareStateAnomalyKind: wasm/generated/tables.d.ts (from wasm/core/sharestate/table.h).
import type { ShareStateAnomalyKind } from '../generated/tables.js';
export type { ShareStateAnomalyKind };

/** A state batch (Kafka's PersisterStateBatch): offsets firstOffset..lastOffset in one delivery state. */
export interface FoldedStateBatch {
  firstOffset: bigint;
  lastOffset: bigint;
  /** 0 Available, 1 Acquired, 2 Acknowledged, 4 Archived (SharePartition.RecordState). */
  deliveryState: number;
  deliveryCount: number;
}

/** One share-partition's state (Kafka's ShareGroupOffset), `coordination-viewer share-state`. */
export interface FoldedSharePartition {
  groupId: string;
  /** As Kafka prints a Uuid (URL-safe base64, 22 characters). */
  topicId: string;
  /** The share-partition's partition (of topic topicId). */
  partition: number;
  /** The partition of __share_group_state it was read from. */
  logPartition: number;
  /** Its last record read (a record refused as an error aside). */
  offset: bigint;
  /** The last ShareSnapshot's offset; null when the state began with an update (no snapshot read). */
  snapshotOffset: bigint | null;
  snapshotEpoch: number;
  /** 0 when the state began with an update (ShareGroupOffset.fromRecord(ShareUpdateValue)). */
  stateEpoch: number;
  leaderEpoch: number;
  startOffset: bigint;
  createTimestamp: bigint;
  writeTimestamp: bigint;
  /** ShareUpdate records applied since the last snapshot. */
  updatesSinceSnapshot: number;
  /** The snapshot's batches, each update's combined in (PersisterStateBatchCombiner). */
  stateBatches: FoldedStateBatch[];
}

export interface ShareStateAnomaly {
  kind: ShareStateAnomalyKind;
  groupId: string;
  topicId: string;
  partition: number;
  logPartition: number;
  /** The record that shows it. */
  offset: bigint;
  message: string;
}

/** The document of `coordination-viewer share-state --format json`, i64 values as bigint. */
export interface ShareStateFoldResult {
  /** By group id, topic id, partition, log partition; share-partitions deleted by a tombstone are not here. */
  sharePartitions: FoldedSharePartition[];
  /** In the order found. */
  anomalies: ShareStateAnomaly[];
  anomaliesOmitted?: number;
  /** As FoldError (partition: of __share_group_state), with the share-partition
   *  ("group:topic id:partition", when the key decoded) in place of the role. */
  errors: (({ offset: bigint } | { line: number }) &
    SegmentPlace & {
      partition: number;
      sharePartition: string | null;
      code: SchemaErrorCode | LogErrorCode;
      field: string;
      message: string;
    })[];
  errorsOmitted?: number;
  records: number;
}

/** The share-group state's streaming fold, as TransactionFolder (dispose() when done). */
export interface ShareStateFolder {
  pushLog(chunk: Uint8Array, partition?: number): void;
  endLog(partition?: number): void;
  pushRecords(records: FoldRecordInput[]): void;
  readonly records: number;
  result(): ShareStateFoldResult;
  dispose(): void;
}

export interface LogCodec {
  createShareStateFolder(): ShareStateFolder;
  /** Log bytes (one partition's segment, `partition` default 0) or records, folded at once. */
  foldShareState(input: Uint8Array | FoldRecordInput[], options?: { partition?: number }): ShareStateFoldResult;
}

// ---- The KRaft metadata log: __cluster_metadata (every KRaft controller's records) -------------
// Read as Apache Kafka 4.1.0 reads a record's value (wasm/core/clustermetadata/README.md; the key is
// null): unsigned varints, the frame version (1), the record type (Kafka's apiKey) and its version
// (one of the type's spec's versions), then the message. The types are the schema-generated ones
// (wasm/core/clustermetadata/specs). Errors: CoordinationError with a SchemaErrorCode and a field
// path such as 'partition_record.replicas[1]' ('record.frame_version', 'record.api_key' when the
// frame names no type).
import type {
  AbortTransactionRecord,
  AccessControlEntryRecord,
  BeginTransactionRecord,
  BrokerRegistrationChangeRecord,
  ClearElrRecord,
  ClientQuotaRecord,
  ClientQuotaRecordEntityData,
  ConfigRecord,
  DelegationTokenRecord,
  EndTransactionRecord,
  FeatureLevelRecord,
  FenceBrokerRecord,
  NoOpRecord,
  PartitionChangeRecord,
  PartitionRecord,
  ProducerIdsRecord,
  RegisterBrokerRecord,
  RegisterBrokerRecordBrokerEndpoint,
  RegisterBrokerRecordBrokerFeature,
  RegisterControllerRecord,
  RegisterControllerRecordControllerEndpoint,
  RegisterControllerRecordControllerFeature,
  RemoveAccessControlEntryRecord,
  RemoveDelegationTokenRecord,
  RemoveTopicRecord,
  RemoveUserScramCredentialRecord,
  TopicRecord,
  UnfenceBrokerRecord,
  UnregisterBrokerRecord,
  UserScramCredentialRecord,
  ZkMigrationStateRecord,
} from '../generated/schema/messages.js';
export type {
  AbortTransactionRecord,
  AccessControlEntryRecord,
  BeginTransactionRecord,
  BrokerRegistrationChangeRecord,
  ClearElrRecord,
  ClientQuotaRecord,
  ClientQuotaRecordEntityData,
  ConfigRecord,
  DelegationTokenRecord,
  EndTransactionRecord,
  FeatureLevelRecord,
  FenceBrokerRecord,
  NoOpRecord,
  PartitionChangeRecord,
  PartitionRecord,
  ProducerIdsRecord,
  RegisterBrokerRecord,
  RegisterBrokerRecordBrokerEndpoint,
  RegisterBrokerRecordBrokerFeature,
  RegisterControllerRecord,
  RegisterControllerRecordControllerEndpoint,
  RegisterControllerRecordControllerFeature,
  RemoveAccessControlEntryRecord,
  RemoveDelegationTokenRecord,
  RemoveTopicRecord,
  RemoveUserScramCredentialRecord,
  TopicRecord,
  UnfenceBrokerRecord,
  UnregisterBrokerRecord,
  UserScramCredentialRecord,
  ZkMigrationStateRecord,
};

/** A record's type: Kafka's MetadataRecordType in snake case, by its apiKey. */
export type ClusterMetadataRecordType =
  | 'register_broker_record'
  | 'unregister_broker_record'
  | 'topic_record'
  | 'partition_record'
  | 'config_record'
  | 'partition_change_record'
  | 'fence_broker_record'
  | 'unfence_broker_record'
  | 'remove_topic_record'
  | 'delegation_token_record'
  | 'user_scram_credential_record'
  | 'feature_level_record'
  | 'client_quota_record'
  | 'producer_ids_record'
  | 'broker_registration_change_record'
  | 'access_control_entry_record'
  | 'remove_access_control_entry_record'
  | 'no_op_record'
  | 'zk_migration_state_record'
  | 'remove_user_scram_credential_record'
  | 'begin_transaction_record'
  | 'end_transaction_record'
  | 'abort_transaction_record'
  | 'remove_delegation_token_record'
  | 'register_controller_record'
  | 'clear_elr_record';
/** One record of __cluster_metadata: the message of its type, with its type and apiKey. */
export type ClusterMetadataRecord =
  | (RegisterBrokerRecord & { type: 'register_broker_record'; apiKey: 0 })
  | (UnregisterBrokerRecord & { type: 'unregister_broker_record'; apiKey: 1 })
  | (TopicRecord & { type: 'topic_record'; apiKey: 2 })
  | (PartitionRecord & { type: 'partition_record'; apiKey: 3 })
  | (ConfigRecord & { type: 'config_record'; apiKey: 4 })
  | (PartitionChangeRecord & { type: 'partition_change_record'; apiKey: 5 })
  | (FenceBrokerRecord & { type: 'fence_broker_record'; apiKey: 7 })
  | (UnfenceBrokerRecord & { type: 'unfence_broker_record'; apiKey: 8 })
  | (RemoveTopicRecord & { type: 'remove_topic_record'; apiKey: 9 })
  | (DelegationTokenRecord & { type: 'delegation_token_record'; apiKey: 10 })
  | (UserScramCredentialRecord & { type: 'user_scram_credential_record'; apiKey: 11 })
  | (FeatureLevelRecord & { type: 'feature_level_record'; apiKey: 12 })
  | (ClientQuotaRecord & { type: 'client_quota_record'; apiKey: 14 })
  | (ProducerIdsRecord & { type: 'producer_ids_record'; apiKey: 15 })
  | (BrokerRegistrationChangeRecord & { type: 'broker_registration_change_record'; apiKey: 17 })
  | (AccessControlEntryRecord & { type: 'access_control_entry_record'; apiKey: 18 })
  | (RemoveAccessControlEntryRecord & { type: 'remove_access_control_entry_record'; apiKey: 19 })
  | (NoOpRecord & { type: 'no_op_record'; apiKey: 20 })
  | (ZkMigrationStateRecord & { type: 'zk_migration_state_record'; apiKey: 21 })
  | (RemoveUserScramCredentialRecord & { type: 'remove_user_scram_credential_record'; apiKey: 22 })
  | (BeginTransactionRecord & { type: 'begin_transaction_record'; apiKey: 23 })
  | (EndTransactionRecord & { type: 'end_transaction_record'; apiKey: 24 })
  | (AbortTransactionRecord & { type: 'abort_transaction_record'; apiKey: 25 })
  | (RemoveDelegationTokenRecord & { type: 'remove_delegation_token_record'; apiKey: 26 })
  | (RegisterControllerRecord & { type: 'register_controller_record'; apiKey: 27 })
  | (ClearElrRecord & { type: 'clear_elr_record'; apiKey: 28 });
/** fields: the frame's frame_version, api_key and version, then the message's, under one root. */
export interface ClusterMetadataRecordInspection extends GroupPartInspection {
  target: 'cluster-metadata-record';
  ok: boolean;
  record: ClusterMetadataRecord | null;
  size: number;
}

// ClusterMetadataAnomalyKind: wasm/generated/tables.d.ts (from wasm/core/clustermetadata/table.h).
import type { ClusterMetadataAnomalyKind } from '../generated/tables.js';
export type { ClusterMetadataAnomalyKind };

/** A broker of the metadata image (Kafka's BrokerRegistration, in part). */
export interface FoldedBroker {
  id: number;
  epoch: bigint;
  incarnationId: string;
  listeners: { name: string; host: string; port: number; securityProtocol: number }[];
  rack: string | null;
  fenced: boolean;
  inControlledShutdown: boolean;
  /** The last record that changed it. */
  offset: bigint;
}

/** A partition of the metadata image (Kafka's PartitionRegistration). */
export interface FoldedTopicPartition {
  partition: number;
  leader: number;
  leaderEpoch: number;
  partitionEpoch: number;
  replicas: number[];
  isr: number[];
  eligibleLeaderReplicas: number[];
  lastKnownElr: number[];
  removingReplicas: number[];
  addingReplicas: number[];
  /** 0 recovered, 1 recovering (an unclean election). */
  leaderRecoveryState: number;
  /** The last record that changed it. */
  offset: bigint;
}

/** The metadata image at the end of __cluster_metadata (wasm/core/clustermetadata/README.md, "The fold"); i64 values as bigint. */
export interface ClusterMetadataFoldResult {
  /** By id. */
  brokers: FoldedBroker[];
  /** By name, each partition by its id. */
  topics: { name: string; id: string; offset: bigint; partitions: FoldedTopicPartition[] }[];
  /** Finalized features (metadata.version among them; kraft.version is not the log's). */
  features: { name: string; level: number }[];
  /** One a key: resourceType is ConfigResource.Type's id (2 topic, 4 broker, 8 broker logger, 16 client metrics, 32 group). */
  configs: { resourceType: number; resourceName: string; name: string; value: string; offset: bigint }[];
  /** The last ProducerIdsRecord: the next producer id block's start. */
  producerIds: { nextProducerId: bigint; brokerId: number; offset: bigint } | null;
  controllers: number;
  acls: number;
  scramCredentials: number;
  delegationTokens: number;
  clientQuotaEntities: number;
  /** A metadata transaction with no end: its records are not in the image. */
  openTransaction: { offset: bigint; records: number } | null;
  lastOffset: bigint | null;
  anomalies: { kind: ClusterMetadataAnomalyKind; logPartition: number; offset: bigint; message: string }[];
  anomaliesOmitted?: number;
  /** As FoldError, with the record's type (when its frame named one) in place of the role. */
  errors: (({ offset: bigint } | { line: number }) &
    SegmentPlace & {
      partition: number;
      recordType: ClusterMetadataRecordType | null;
      code: SchemaErrorCode | LogErrorCode;
      field: string;
      message: string;
    })[];
  errorsOmitted?: number;
  records: number;
}

/** The metadata log's streaming fold, as StateFolder (dispose() when done). */
export interface ClusterMetadataFolder {
  pushLog(chunk: Uint8Array, partition?: number): void;
  endLog(partition?: number): void;
  pushRecords(records: FoldRecordInput[]): void;
  readonly records: number;
  result(): ClusterMetadataFoldResult;
  dispose(): void;
}

export interface LogCodec {
  /** One __cluster_metadata record's value; a frame version other than 1, an unknown apiKey, a
   *  version outside its type's and bytes after the message are errors. */
  decodeClusterMetadataRecord(value: Uint8Array): ClusterMetadataRecord;
  /** The value's field tree, error and warnings, and the record when it decodes. */
  inspectClusterMetadataRecord(value: Uint8Array): ClusterMetadataRecordInspection;
  createClusterMetadataFolder(): ClusterMetadataFolder;
  /** The metadata image at the end of the log's bytes (or of records); partition: the log's (default 0). */
  foldClusterMetadata(
    input: Uint8Array | FoldRecordInput[],
    options?: { partition?: number },
  ): ClusterMetadataFoldResult;
}
