// Type-checked use of the package (copied into each TypeScript project by run.mjs): the types the
// issue asked for hold under each resolution mode, and the emitted JavaScript runs.
import { loadCodec, toJSON, CoordinationError, type CoordinationKey, type FieldPath } from 'coordination-viewer';

const fromHex = (hex: string): Uint8Array => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

async function main(): Promise<void> {
  const codec = await loadCodec();
  const lease = codec.decodeValue(
    'lease',
    fromHex('000000086d656d6265722d310000000000000fa000030000018bcfe568000000018bcfe5dd30'),
  );
  const deadline: bigint | undefined = lease?.deadline; // decodeValue('lease') is a Lease | null
  const key: CoordinationKey = codec.decodeKey(fromHex('0000000100066c65616465720000'));
  const member: string = key.kind === 'lease' ? (key.member satisfies '') : key.member;
  let field: FieldPath | null = null;
  try {
    codec.decodeKey(fromHex('0000000200066c656164657200016d'));
  } catch (e) {
    if (e instanceof CoordinationError) field = e.field;
  }
  // Type-checked, not run:
  // @ts-expect-error a lease key names no member
  const refused = () => codec.encodeKey({ kind: 'lease', role: 'leader', member: 'm' });
  void refused;
  if (deadline !== 1700000030000n || member !== '' || field !== 'key.kind') {
    throw new Error(`typescript: ${toJSON({ deadline, member, field })}`);
  }
  console.log('typescript ok');
}

main().catch((e) => {
  console.error(e);
  throw e;
});
