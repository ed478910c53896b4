// Test inputs for the transaction log (__transaction_state), written by code we did not write for
// the fold: each record's key and value bytes come from the independent golden generator
// (golden/generate_transaction_log.py --encode: Kafka 3.8.0's layouts and 4.1.0's tagged fields,
// written from their sources),
// and segments are kafkajs's record batches (tests/node/log-writer.mjs writeLog). What the fold
// should give is computed here from the model records, in plain JS, from the rules.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from './helpers.mjs';
import { writeLog } from './log-writer.mjs';

export const STATUSES = [
  'Empty',
  'Ongoing',
  'PrepareCommit',
  'PrepareAbort',
  'CompleteCommit',
  'CompleteAbort',
  'Dead',
  'PrepareEpochFence',
];

/**
 * The bytes of transaction-log keys and values, by the golden generator. items: { key: id } or
 * { value: { version?, producerId, producerEpoch, timeoutMs, status, partitions: [[topic, [ids]]] |
 * null, lastUpdate, start, and at version 1 Kafka 4.1.0's tagged fields when given: previousProducerId?,
 * nextProducerId?, clientTransactionVersion?, nextProducerEpoch? } }; returns a Buffer for each.
 */
export function encodeTransactionLog(items) {
  const input = items.map((i) =>
    'key' in i
      ? { key: i.key }
      : {
          value: {
            version: i.value.version ?? 0,
            producer_id: String(i.value.producerId),
            producer_epoch: i.value.producerEpoch,
            timeout_ms: i.value.timeoutMs,
            status: i.value.status,
            partitions: i.value.partitions,
            last_update: String(i.value.lastUpdate),
            start: String(i.value.start),
            ...Object.fromEntries(
              [
                ['previous_producer_id', i.value.previousProducerId],
                ['next_producer_id', i.value.nextProducerId],
                ['client_transaction_version', i.value.clientTransactionVersion],
                ['next_producer_epoch', i.value.nextProducerEpoch],
              ]
                .filter(([, x]) => x !== undefined)
                .map(([name, x]) => [name, String(x)]),
            ),
          },
        },
  );
  const r = spawnSync('python3', [join(ROOT, 'golden', 'generate_transaction_log.py'), '--encode'], {
    input: JSON.stringify(input),
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (r.status !== 0) throw new Error(`generate_transaction_log.py --encode: ${r.stderr}`);
  return JSON.parse(r.stdout).map((hex) => Buffer.from(hex, 'hex'));
}

/**
 * Model records [{ partition, offset, id, value: {...} | null }] with their bytes set (key, value
 * as Buffers), in one call of the generator.
 */
export function withBytes(model) {
  const items = [];
  for (const r of model) {
    items.push({ key: r.id });
    if (r.value) items.push({ value: r.value });
  }
  const bytes = encodeTransactionLog(items);
  let k = 0;
  return model.map((r) => ({ ...r, key: bytes[k++], bytes: r.value ? bytes[k++] : null }));
}

/** A segment of one partition's records (kafkajs batches of `perBatch`). */
export function transactionSegment(records, perBatch = 10) {
  return writeLog(
    records.map((r) => ({ offset: r.offset, key: r.key, value: r.bytes })),
    { perBatch },
  );
}

// A value's partitions as the coordinator loads them (TransactionLog.readTxnRecordValue, 3.8.0):
// a set of (topic, partition), here by topic in the order of each topic's first partition.
function partitionSet(given) {
  const topics = new Map();
  for (const [topic, ids] of given)
    for (const id of ids) {
      if (!topics.has(topic)) topics.set(topic, new Set());
      topics.get(topic).add(id);
    }
  return [...topics].map(([topic, ids]) => ({ topic, partitions: [...ids] }));
}

/**
 * The fold's document, from the rules (wasm/core/transactions/README.md): per
 * (partition, transactional id) the newest record by offset wins, a tombstone removes the id;
 * anomalies: transaction_timed_out (Ongoing, start + timeout < now), transaction_epoch_backwards (a
 * record's epoch below the one before it for the same producer id), producer_id_moved (a producer
 * id named by a second transactional id, in the order of last update, partition, offset).
 */
export function expectedTransactions(model, now) {
  const slots = new Map();
  const anomalies = [];
  const uses = [];
  for (const r of [...model].sort((a, b) => a.partition - b.partition || a.offset - b.offset)) {
    const k = `${r.partition}/${r.id}`;
    const s = slots.get(k) ?? { last: null, live: false };
    slots.set(k, s);
    if (r.value === null) {
      s.live = false;
      s.offset = r.offset;
      continue;
    }
    const v = r.value;
    if (s.last && BigInt(s.last.producerId) === BigInt(v.producerId) && v.producerEpoch < s.last.producerEpoch)
      anomalies.push({
        kind: 'transaction_epoch_backwards',
        transactionalId: r.id,
        partition: r.partition,
        offset: r.offset,
      });
    if (!uses.some((u) => u.producerId === BigInt(v.producerId) && u.key === k))
      uses.push({
        producerId: BigInt(v.producerId),
        key: k,
        id: r.id,
        partition: r.partition,
        offset: r.offset,
        lastUpdate: BigInt(v.lastUpdate),
      });
    Object.assign(s, { last: v, live: true, offset: r.offset, partition: r.partition, id: r.id });
  }
  const transactions = [];
  for (const s of slots.values()) {
    if (!s.live) continue;
    const v = s.last;
    transactions.push({
      transactionalId: s.id,
      partition: s.partition,
      offset: BigInt(s.offset),
      producerId: BigInt(v.producerId),
      producerEpoch: v.producerEpoch,
      status: v.status,
      timeoutMs: v.timeoutMs,
      partitions: v.status === 'Empty' || v.partitions === null ? null : partitionSet(v.partitions),
      lastUpdateTimestamp: BigInt(v.lastUpdate),
      startTimestamp: BigInt(v.start),
    });
    if (v.status === 'Ongoing' && BigInt(v.start) + BigInt(v.timeoutMs) < BigInt(now))
      anomalies.push({
        kind: 'transaction_timed_out',
        transactionalId: s.id,
        partition: s.partition,
        offset: s.offset,
      });
  }
  const byName = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  transactions.sort((a, b) => byName(a.transactionalId, b.transactionalId) || a.partition - b.partition);
  uses.sort((a, b) =>
    a.producerId !== b.producerId
      ? a.producerId < b.producerId
        ? -1
        : 1
      : a.lastUpdate !== b.lastUpdate
        ? a.lastUpdate < b.lastUpdate
          ? -1
          : 1
        : a.partition - b.partition || a.offset - b.offset,
  );
  for (let i = 1; i < uses.length; i++)
    if (uses[i].producerId === uses[i - 1].producerId)
      anomalies.push({
        kind: 'producer_id_moved',
        transactionalId: uses[i].id,
        partition: uses[i].partition,
        offset: uses[i].offset,
      });
  anomalies.sort(
    (a, b) => byName(a.transactionalId, b.transactionalId) || a.partition - b.partition || a.offset - b.offset,
  );
  return { transactions, anomalies: anomalies.map((a) => ({ ...a, offset: BigInt(a.offset) })) };
}

// ---- the zombie holder: the README's walkthrough, and the tests of the join --------------------
// Both topics' segments: __coordination_state partition 0 (a registration and a lease per role,
// offsets from 100) and __transaction_state partition 3 (each holder's transactional id, its
// producer id and epoch as the coordinator last wrote them).
export const ZOMBIE_T0 = 1_700_000_000_000;
const holder = (over) => ({
  producerId: 4000,
  producerEpoch: 0,
  timeoutMs: 60_000,
  status: 'Empty',
  partitions: null,
  lastUpdate: ZOMBIE_T0,
  start: -1,
  ...over,
});
export const ZOMBIE_TRANSACTIONS = [
  // orders: held at epoch 3; the coordinator bumped the epoch to 4 (another instance started).
  { offset: 0, id: 'orders-worker', value: holder({ producerId: 4000, producerEpoch: 3, status: 'CompleteCommit' }) },
  {
    offset: 1,
    id: 'orders-worker',
    value: holder({ producerId: 4000, producerEpoch: 4, status: 'Empty', lastUpdate: ZOMBIE_T0 + 10 }),
  },
  // payments: held by producer id 5000; its transactional id has producer id 5001 now (replaced).
  { offset: 2, id: 'payments-worker', value: holder({ producerId: 5000 }) },
  { offset: 3, id: 'payments-worker', value: holder({ producerId: 5001, lastUpdate: ZOMBIE_T0 + 20 }) },
  // billing: its transaction Ongoing since T0 with a 60 s timeout.
  {
    offset: 4,
    id: 'billing-worker',
    value: holder({
      producerId: 6000,
      producerEpoch: 1,
      status: 'Ongoing',
      partitions: [['billing', [0]]],
      start: ZOMBIE_T0,
    }),
  },
  // audit: its transactional id expired (the coordinator's tombstone).
  { offset: 5, id: 'audit-worker', value: holder({ producerId: 7000, producerEpoch: 2, status: 'CompleteCommit' }) },
  { offset: 6, id: 'audit-worker', value: null },
  // healthy: held at the log's own producer id and epoch.
  {
    offset: 7,
    id: 'healthy-worker',
    value: holder({ producerId: 8000, producerEpoch: 5, status: 'CompleteCommit', lastUpdate: ZOMBIE_T0 + 30 }),
  },
];
// [role, producer id, epoch] of each lease; idempotent's producer id is in no transaction-log record.
export const ZOMBIE_LEASES = [
  ['orders', 4000, 3],
  ['payments', 5000, 0],
  ['billing', 6000, 1],
  ['audit', 7000, 2],
  ['healthy', 8000, 5],
  ['idempotent', 9000, 0],
];
export const ZOMBIE_DEADLINE = ZOMBIE_T0 + 3_600_000;

/**
 * { coordination, transactions }: the two segments (Buffers) of the zombie-holder case; `t0`
 * moves every time of it (the viewer folds at the current time: t0 = Date.now() - 120_000).
 */
export async function zombieSegments(t0 = ZOMBIE_T0) {
  return holderSegments(ZOMBIE_LEASES, ZOMBIE_TRANSACTIONS, t0);
}

// ---- transaction version 2 (KIP-890 part 2, Kafka 4.x clients on 4.x brokers) ----------------
// Kafka 4.1.0 (confluentinc/kafka v8.1.0, core/.../transaction/TransactionMetadata.scala):
// every commit and abort bumps the epoch (prepareAbortOrCommit: producerEpoch + 1 when
// clientTransactionVersion.supportsEpochBump()); at an exhausted epoch (32766 and above) the commit
// takes a new producer id at epoch 0 (prepareComplete: nextProducerId); InitProducerId alone writes
// Empty (prepareIncrementProducerEpoch, prepareProducerIdRotation). TransactionLog.valueToBytes
// writes version 1 with ClientTransactionVersion, the client's (2), and none of the other three.
const tv2 = (over) => holder({ version: 1, clientTransactionVersion: 2, ...over });
const orders = [['orders', [0]]];
export const TV2_TRANSACTIONS = [
  // healthy: initialised at epoch 3 (the lease's), then two commits: epoch 5, its own.
  { offset: 0, id: 'tv2-healthy', value: holder({ version: 1, producerId: 4100, producerEpoch: 3 }) },
  {
    offset: 1,
    id: 'tv2-healthy',
    value: tv2({ producerId: 4100, producerEpoch: 3, status: 'Ongoing', partitions: orders, start: ZOMBIE_T0 }),
  },
  {
    offset: 2,
    id: 'tv2-healthy',
    value: tv2({ producerId: 4100, producerEpoch: 4, status: 'PrepareCommit', partitions: orders, start: ZOMBIE_T0 }),
  },
  {
    offset: 3,
    id: 'tv2-healthy',
    value: tv2({ producerId: 4100, producerEpoch: 4, status: 'CompleteCommit', start: ZOMBIE_T0 }),
  },
  {
    offset: 4,
    id: 'tv2-healthy',
    value: tv2({ producerId: 4100, producerEpoch: 4, status: 'Ongoing', partitions: orders, start: ZOMBIE_T0 + 5 }),
  },
  {
    offset: 5,
    id: 'tv2-healthy',
    value: tv2({
      producerId: 4100,
      producerEpoch: 5,
      status: 'PrepareCommit',
      partitions: orders,
      start: ZOMBIE_T0 + 5,
    }),
  },
  {
    offset: 6,
    id: 'tv2-healthy',
    value: tv2({
      producerId: 4100,
      producerEpoch: 5,
      status: 'CompleteCommit',
      start: ZOMBIE_T0 + 5,
      lastUpdate: ZOMBIE_T0 + 6,
    }),
  },
  // fenced: a commit (epoch 4), then another instance's InitProducerId: Empty at epoch 5.
  {
    offset: 7,
    id: 'tv2-fenced',
    value: tv2({ producerId: 4200, producerEpoch: 4, status: 'CompleteCommit', start: ZOMBIE_T0 }),
  },
  { offset: 8, id: 'tv2-fenced', value: tv2({ producerId: 4200, producerEpoch: 5, lastUpdate: ZOMBIE_T0 + 10 }) },
  // rotated: a commit at the exhausted epoch 32766 (PrepareCommit at 32767), completed with
  // producer id 4301 at epoch 0.
  {
    offset: 9,
    id: 'tv2-rotated',
    value: tv2({
      producerId: 4300,
      producerEpoch: 32767,
      status: 'PrepareCommit',
      partitions: orders,
      start: ZOMBIE_T0,
    }),
  },
  {
    offset: 10,
    id: 'tv2-rotated',
    value: tv2({
      producerId: 4301,
      producerEpoch: 0,
      status: 'CompleteCommit',
      start: ZOMBIE_T0,
      lastUpdate: ZOMBIE_T0 + 20,
    }),
  },
  // tv1: the same epochs as healthy's under transaction version 0 (3.8.0's version 0 record):
  // fenced, as before.
  {
    offset: 11,
    id: 'tv1-fenced',
    value: holder({ producerId: 4400, producerEpoch: 5, status: 'CompleteCommit', start: ZOMBIE_T0 }),
  },
  // tv1 at version 1 (a 4.x broker, ClientTransactionVersion 1 written): fenced too.
  {
    offset: 12,
    id: 'tv1-v1-fenced',
    value: holder({
      version: 1,
      clientTransactionVersion: 1,
      producerId: 4500,
      producerEpoch: 5,
      status: 'CompleteCommit',
      start: ZOMBIE_T0,
    }),
  },
];
export const TV2_LEASES = [
  ['tv2-healthy', 4100, 3],
  ['tv2-fenced', 4200, 3],
  ['tv2-rotated', 4300, 32000],
  ['tv1-fenced', 4400, 3],
  ['tv1-v1-fenced', 4500, 3],
];

/** { coordination, transactions }: the transaction version 2 case's two segments. */
export async function tv2Segments(t0 = ZOMBIE_T0) {
  return holderSegments(TV2_LEASES, TV2_TRANSACTIONS, t0);
}

// A registration and a lease per [role, producer id, epoch] (offsets from 100) and the holders'
// transaction-log records in partition 3.
async function holderSegments(leases, holders, t0) {
  const { keyBytes, valueBytes } = await import('./log-writer.mjs');
  const shift = (ms) => (ms === -1 ? ms : ms - ZOMBIE_T0 + t0);
  let offset = 100;
  const records = [];
  for (const [role, producerId, producerEpoch] of leases) {
    records.push({
      offset: offset++,
      key: keyBytes({ kind: 'registration', role, member: 'm-1' }),
      value: valueBytes({ member: 'm-1', registeredAt: t0 }),
    });
    records.push({
      offset: offset++,
      key: keyBytes({ kind: 'lease', role }),
      value: valueBytes({ member: 'm-1', producerId, producerEpoch, grantedAt: t0, deadline: shift(ZOMBIE_DEADLINE) }),
    });
  }
  const transactions = holders.map((h) => ({
    partition: 3,
    ...h,
    value: h.value && { ...h.value, lastUpdate: shift(h.value.lastUpdate), start: shift(h.value.start) },
  }));
  return {
    coordination: await writeLog(records),
    transactions: await transactionSegment(withBytes(transactions), 3),
  };
}

/**
 * A log directory `root` holding the zombie-holder case as a broker keeps it:
 * `__coordination_state-0` and `__transaction_state-3`, one segment each (zombieSegments(t0)).
 */
export async function writeZombieLogDir(root, t0 = ZOMBIE_T0) {
  const seg = await zombieSegments(t0);
  for (const [partitionDir, bytes] of [
    ['__coordination_state-0', seg.coordination],
    ['__transaction_state-3', seg.transactions],
  ]) {
    mkdirSync(join(root, partitionDir), { recursive: true });
    writeFileSync(join(root, partitionDir, '00000000000000000000.log'), bytes);
  }
  return root;
}
