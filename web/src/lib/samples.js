// The sample records of the viewer, encoded by the codec itself, with timestamps around now.
import { hex } from './text.js';

export function sampleHex(codec, kind) {
  const now = BigInt(Date.now());
  const role = 'payments-coordinator';
  const member = 'worker-7f3a@host-12';
  if (kind === 'registration') {
    return {
      key: hex(codec.encodeKey({ kind: 'registration', role, member })),
      value: hex(codec.encodeValue({ kind: 'registration', member, registeredAt: now - 300000n })),
    };
  }
  return {
    key: hex(codec.encodeKey({ kind: 'lease', role })),
    value: hex(
      codec.encodeValue({
        kind: 'lease',
        member,
        producerId: 9007199254740993n,
        producerEpoch: 7,
        grantedAt: now - 18000n,
        deadline: now + 12000n,
      }),
    ),
  };
}
