// Type-level tests of wasm/index.d.ts through the package's "exports" (compiled by tsc --noEmit,
// run from types.test.mjs). Lines marked @ts-expect-error must fail to type-check.
import {
  loadCodec,
  toJSON,
  TOPIC,
  CoordinationError,
  type Codec,
  type CoordinationKey,
  type CoordinationValue,
  type Inspection,
  type AutoInspection,
  type BatchSummary,
  type ErrorCode,
  type FieldNode,
} from 'coordination-viewer';

const topic: '__coordination_state' = TOPIC;

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

  const value: CoordinationValue | null = codec.decodeValue('lease', bytes);
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
      const c: ErrorCode = e.code;
      const o: number = e.offset;
      const f: string = e.field;
      const m: string = e.message;
      void [c, o, f, m];
    }
  }
  const json: string = toJSON({ a: 1n }, 2);
  void [topic, kind, role, v, kids, matches, n, idx, json];
}
void main;

// ---- Kafka Streams rebalance metadata ----
import { explainStreamsUpgrade, type Subscription, type Assignment, type StreamsInspection } from 'coordination-viewer';

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
  } else {
    // @ts-expect-error a probing read has no process id
    void s.processId;
  }
  const a: Assignment = codec.decodeAssignment(bytes);
  const topic: string = a.standbyTasks[0].partitions[0].topic;
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
