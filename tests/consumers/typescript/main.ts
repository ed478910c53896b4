// Type-checked use of the package (copied into each TypeScript project by run.mjs): the types the
// issue asked for hold under each resolution mode, and the emitted JavaScript runs.
import { loadCodec, toJSON, CoordinationError, type CoordinationKey, type FieldPath } from 'coordination-viewer';
import { loadLogCodec, type LogCodec } from 'coordination-viewer/log';

const fromHex = (hex: string): Uint8Array => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
const KEY = fromHex('0000000100066c65616465720000');
const LEASE = fromHex('000000086d656d6265722d310000000000000fa000030000018bcfe568000000018bcfe5dd30');

async function main(): Promise<void> {
  const codec = await loadCodec();
  const lease = codec.decodeValue('lease', LEASE);
  const deadline: bigint | undefined = lease?.deadline; // decodeValue('lease') is a Lease | null
  const key: CoordinationKey = codec.decodeKey(KEY);
  const member: string = key.kind === 'lease' ? (key.member satisfies '') : key.member;
  let field: FieldPath | null = null;
  try {
    codec.decodeKey(fromHex('0000000200066c656164657200016d'));
  } catch (e) {
    if (e instanceof CoordinationError) field = e.field;
  }
  // The whole-topic module's entry point (in node16-cjs, its CommonJS face): the fold of the lease,
  // and the codec's ProduceRequest decoding, which works once that module is loaded.
  const log: LogCodec = await loadLogCodec();
  const holder = log.foldState([{ key: KEY, value: LEASE }], { now: 1700000010000 }).roles[0]?.lease?.holder;
  let produceRequest: unknown = null;
  try {
    codec.decodeProduceRequest(new Uint8Array(1));
  } catch (e) {
    produceRequest = e instanceof CoordinationError ? e.code : e;
  }
  // Type-checked, not run:
  // @ts-expect-error a lease key names no member
  const refused = () => codec.encodeKey({ kind: 'lease', role: 'leader', member: 'm' });
  void refused;
  if (
    deadline !== 1700000030000n ||
    member !== '' ||
    field !== 'key.kind' ||
    holder !== 'member-1' ||
    produceRequest !== 'TRUNCATED'
  ) {
    throw new Error(
      `typescript: ${toJSON({ deadline, member, field, holder, produceRequest: String(produceRequest) })}`,
    );
  }
  console.log('typescript ok');
}

main().catch((e) => {
  console.error(e);
  throw e;
});
