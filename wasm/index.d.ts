// Public JavaScript API of coordination-viewer: the C++ codec compiled to WebAssembly.

export type RecordKind = 'registration' | 'lease';
export type Target = 'key' | 'registration' | 'lease';

export type ErrorCode =
  | 'TRUNCATED'
  | 'TRAILING_BYTES'
  | 'UNSUPPORTED_VERSION'
  | 'UNKNOWN_KIND'
  | 'NEGATIVE_LENGTH'
  | 'INVALID_UTF8'
  | 'LEASE_KEY_HAS_MEMBER'
  | 'ROLE_OUT_OF_BOUNDS'
  | 'MEMBER_OUT_OF_BOUNDS'
  | 'NEGATIVE_PRODUCER_ID'
  | 'NEGATIVE_PRODUCER_EPOCH';

export type WarningCode = 'DEADLINE_BEFORE_GRANTED' | 'INVISIBLE_CHARACTERS' | 'JAVA_MODIFIED_UTF8';

/** Thrown for bad bytes or out-of-bounds records; the same code, offset and field as golden/. */
export declare class CoordinationError extends Error {
  readonly name: 'CoordinationError';
  readonly code: ErrorCode;
  /** Byte offset of the failure in the record bytes. */
  readonly offset: number;
  /** Field path, e.g. 'key.role', or the record ('key', 'registration', 'lease') for TRAILING_BYTES. */
  readonly field: string;
}

export interface CoordinationKey {
  version: 0;
  kind: RecordKind;
  role: string;
  /** The empty string for a lease key. */
  member: string;
}

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

/** Input to encodeKey: version may be omitted; member may be omitted for a lease key. */
export interface KeyInput {
  version?: 0;
  kind: RecordKind;
  role: string;
  member?: string;
}

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
  path: string;
  name: string;
  /** 'i16' | 'i64' | 'string' (length prefix + body) | 'utf8' (string body). */
  wireType: string;
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
  field: string;
  offset: number;
  length: number;
  message: string;
}

export interface InspectError {
  code: ErrorCode;
  offset: number;
  field: string;
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
  decodeKey(bytes: Uint8Array): CoordinationKey;
  /** null for a tombstone (null or zero-length bytes). */
  decodeValue(kind: RecordKind, bytes: Uint8Array | null): CoordinationValue | null;
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
  isTombstone(bytes: Uint8Array | null): boolean;
  inspect(bytes: Uint8Array | null, target: Target): Inspection;
  inspect(bytes: Uint8Array | null, target: 'auto'): AutoInspection;
  /**
   * Validates many records in one call. Each record is framed by an i32 big-endian length
   * (-1 for a null value), Kafka's framing of a bytes field.
   */
  validateBatch(frames: Uint8Array, target: Target): BatchSummary;
}

export interface LoadOptions {
  /** The .wasm bytes, for hosts that read them themselves (Node tests, bundlers). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where to fetch the .wasm from (browser); defaults to the file beside the glue. */
  wasmUrl?: string | URL;
}

/**
 * Loads the module once; later calls return the same codec (their options are ignored; a failed
 * load is not cached). With no option, Node reads wasm/dist/coordination_codec.wasm from disk and a
 * browser fetches it beside the glue; bundlers (Vite) pass the URL of the asset:
 * `import wasmUrl from 'coordination-viewer/coordination_codec.wasm?url'; await loadCodec({ wasmUrl })`.
 */
export declare function loadCodec(options?: LoadOptions): Promise<Codec>;

/** JSON.stringify with bigint rendered as decimal strings (i64 exact). */
export declare function toJSON(value: unknown, space?: number): string;

export declare const TOPIC: '__coordination_state';

// ---- Kafka Streams rebalance metadata (KIP-268): SubscriptionInfo and AssignmentInfo ----------
// Decoded as apache/kafka 2.3.0 decodes them (golden/README.md, "Kafka Streams rebalance
// metadata"). Errors throw CoordinationError with a dynamic field path, e.g.
// 'assignment.standby_tasks[1].partitions[0].topic'; codes: TRUNCATED, TRAILING_BYTES,
// UNSUPPORTED_VERSION, NEGATIVE_LENGTH, INVALID_UTF8 (a writeUTF string DataInputStream.readUTF refuses).

export type StreamsTarget = 'subscription' | 'assignment';
export type StreamsWarningCode = 'JAVA_MODIFIED_UTF8' | 'UTF8_REPLACED' | 'VERSION_PROBING';

export interface TaskId {
  topicGroupId: number;
  partition: number;
}

export interface StreamsTopicPartition {
  /** A Java String from readUTF: may hold U+0000 and, from modified UTF-8, a lone surrogate. */
  topic: string;
  partition: number;
}

export interface Subscription {
  /** 1..4 */
  version: number;
  /** -1 for versions 1 and 2 (the format has none). */
  latestSupportedVersion: number;
  /** Java's UUID.toString(): lower-case 8-4-4-4-12. */
  processId: string;
  /** Previous active tasks, in wire order. */
  prevTasks: TaskId[];
  standbyTasks: TaskId[];
  /** null in version 1 and when the length is 0 (Kafka leaves it null); decoded as
   *  new String(bytes, UTF_8): ill-formed bytes become U+FFFD (warning UTF8_REPLACED in inspect). */
  userEndPoint: string | null;
  probing: false;
}

/** A subscription newer than version 4, read as Kafka reads it for version probing. */
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
  /** 1..4; any other version throws CoordinationError UNSUPPORTED_VERSION. */
  version: number;
  /** -1 for versions 1 and 2. */
  latestSupportedVersion: number;
  activeTasks: TaskId[];
  standbyTasks: StandbyTaskAssignment[];
  /** [] in version 1. */
  partitionsByHost: HostPartitions[];
  /** 0 before version 4. */
  errorCode: number;
}

export interface StreamsFieldNode {
  /** e.g. 'subscription.prev_tasks[3].partition' */
  path: string;
  name: string;
  /** 'record' (the record, a list element, a task) | 'array' | 'i32' | 'uuid' | 'java_utf' | 'bytes' (the user endpoint, the unread bytes of a probing read) */
  wireType: string;
  offset: number;
  length: number;
  value?: number | string;
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
  error: InspectError | null;
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
