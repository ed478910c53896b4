// The records of the ProduceRequest benchmarks (bench:produce, bench:producespec): record i of
// partition p of __coordination_state, a registration or (odd i) a lease, as kafkajs's encoder
// takes it (tests/node/produce-writer.mjs); 2,500 a partition make bench:produce's 1 MB request.
import { keyBytes, valueBytes } from '../node/produce-writer.mjs';

export const T0 = 1_700_000_000_000;

export function coordinationMessage(p, i) {
  const role = `payments-coordinator-${p}-${i % 50}`;
  const member = `worker-${i % 97}@host-${i % 13}.prod.example.com`;
  return i % 2
    ? {
        key: keyBytes({ kind: 'lease', role }),
        value: valueBytes({
          member,
          producerId: 1000 + i,
          producerEpoch: i % 100,
          grantedAt: T0 + i,
          deadline: T0 + i + 30000,
        }),
        timestamp: T0 + i,
      }
    : {
        key: keyBytes({ kind: 'registration', role, member }),
        value: valueBytes({ member, registeredAt: T0 + i }),
        timestamp: T0 + i,
      };
}

// The 1 MB request's partitions: 4 x 2,500 records.
export const coordinationPartitions = () =>
  Array.from({ length: 4 }, (_, p) => ({
    partition: p,
    messages: Array.from({ length: 2500 }, (_, i) => coordinationMessage(p, i)),
  }));
