// Kafka's transaction log in the whole-topic API (wasm/api/transactions-api.js): decodeTransactionRecord's
// arguments, the fold (foldTransactions, createTransactionFolder) and the join with the coordination
// state (a folder's result({ transactions })), on segments of both topics written by kafkajs's
// record-batch encoder, the transaction-log records by the independent golden generator
// (tests/node/transaction-writer.mjs). Every vector of golden/transaction-log.json goes through
// decodeTransactionRecord in tests/node/golden.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { api } from './helpers.mjs';
import { rng, writeLog } from './log-writer.mjs';
import {
  STATUSES,
  expectedTransactions,
  transactionSegment,
  withBytes,
  zombieSegments,
} from './transaction-writer.mjs';

const log = await api.loadLogCodec();
const T0 = 1_700_000_000_000;

const value = (over) => ({
  producerId: 4000,
  producerEpoch: 0,
  timeoutMs: 60_000,
  status: 'Empty',
  partitions: null,
  lastUpdate: T0,
  start: -1,
  ...over,
});

test('decodeTransactionRecord: the record, a tombstone, and its arguments checked', () => {
  const [rec] = withBytes([
    { id: 'tx-1', value: value({ status: 'Ongoing', partitions: [['orders', [0, 3]]], start: T0 }) },
  ]);
  const got = log.decodeTransactionRecord(rec.key, rec.bytes);
  assert.deepEqual(got, {
    key: { version: 0, transactionalId: 'tx-1' },
    value: {
      version: 0,
      producerId: 4000n,
      producerEpoch: 0,
      transactionTimeoutMs: 60_000,
      status: 'Ongoing',
      partitions: [{ topic: 'orders', partitions: [0, 3], unknownTaggedFields: [] }],
      lastUpdateTimestamp: BigInt(T0),
      startTimestamp: BigInt(T0),
      unknownTaggedFields: [],
    },
  });
  assert.deepEqual(log.decodeTransactionRecord(rec.key, null), {
    key: { version: 0, transactionalId: 'tx-1' },
    value: null,
  });
  assert.deepEqual(log.decodeTransactionRecord(new Uint8Array(rec.key).buffer, undefined).value, null);
  assert.throws(() => log.decodeTransactionRecord('tx-1', null), TypeError);
  assert.throws(() => log.decodeTransactionRecord(rec.key, 'x'), TypeError);
  assert.throws(
    () => log.decodeTransactionRecord(rec.key, new Uint8Array(0)),
    (e) =>
      e instanceof api.CoordinationError &&
      e.code === 'TRUNCATED' &&
      e.field === 'transaction_log_value.version' &&
      /an empty value is not a tombstone/.test(e.message),
  );
  assert.throws(
    () => log.decodeTransactionRecord(Uint8Array.of(0, 1, 0, 0), null),
    (e) => e.code === 'UNSUPPORTED_VERSION' && e.offset === 0 && /key version 1 is not 0/.test(e.message),
  );
});

// A model of `count` records over `ids` transactional ids in 2 partitions: statuses cycling as a
// producer's transactions do, a tombstone now and then, an epoch bump, a producer id reused by
// another id, records read again at an older offset.
function randomModel(seed, count, ids) {
  const next = rng(seed);
  const offsets = [0, 0];
  const model = [];
  for (let i = 0; i < count; i++) {
    const n = next(ids);
    const id = `txn-${n}`;
    const partition = n % 2;
    const offset = offsets[partition]++;
    const r = next(100);
    model.push({
      partition,
      offset,
      id,
      value:
        r < 5
          ? null
          : value({
              producerId: 5000 + (r < 8 ? (n + 1) % ids : n),
              producerEpoch: ((i >> 4) % 5) - (r < 12 ? 1 : 0),
              status: STATUSES[(i + n) % 8],
              timeoutMs: 1000 * (1 + (r % 60)),
              partitions: r % 3 === 0 ? null : [[`topic-${r % 4}`, [r % 5, 7]]],
              lastUpdate: T0 + i,
              start: T0 + i - (r % 50) * 1000,
            }),
    });
  }
  return withBytes(model);
}

test('foldTransactions: a segment of each partition, as the rules give it', async () => {
  const model = randomModel(7, 600, 40);
  const now = T0 + 30_000;
  const want = expectedTransactions(model, now);
  const folder = log.createTransactionFolder();
  try {
    for (const p of [0, 1]) {
      const seg = await transactionSegment(model.filter((r) => r.partition === p));
      // In chunks that cut batches, as a stream of a file.
      for (let at = 0; at < seg.length; at += 977) folder.pushLog(seg.subarray(at, at + 977), p);
      folder.endLog(p);
    }
    const doc = folder.result({ now });
    assert.equal(doc.records, 600);
    assert.deepEqual(doc.errors, []);
    assert.deepEqual(doc.transactions, want.transactions);
    assert.deepEqual(
      doc.anomalies.map(({ kind, transactionalId, partition, offset }) => ({
        kind,
        transactionalId,
        partition,
        offset,
      })),
      want.anomalies,
    );
    assert.ok(new Set(want.anomalies.map((a) => a.kind)).size === 3, 'the model shows every kind');
    // The same records as record objects (pushRecords), in one call: the same document.
    const again = log.foldTransactions(
      model.map((r) => ({ partition: r.partition, offset: r.offset, key: r.key, value: r.bytes })),
      { now },
    );
    assert.deepEqual(again, doc);
  } finally {
    folder.dispose();
  }
});

test('foldTransactions: records that do not decode and batches that do not read are errors; markers are skipped', async () => {
  const [a] = withBytes([{ id: 'tx-a', value: value({ status: 'Empty' }) }]);
  const seg = await writeLog([
    { offset: 0, key: a.key, value: a.bytes },
    { offset: 1, key: Buffer.from([0, 1, 0, 1, 0x78]), value: a.bytes },
    { offset: 2, key: a.key, value: Buffer.alloc(0) },
    { offset: 3, key: null, value: a.bytes },
    { offset: 4, marker: 'COMMIT', producerId: 4000 },
  ]);
  const bad = Buffer.from(seg);
  const doc = log.foldTransactions(bad, { now: T0 });
  assert.equal(doc.records, 4);
  assert.deepEqual(
    doc.errors.map((e) => [e.offset, e.transactionalId, e.code, e.field]),
    [
      [1n, null, 'UNSUPPORTED_VERSION', 'transaction_log_key.version'],
      [2n, 'tx-a', 'TRUNCATED', 'transaction_log_value.version'],
      [3n, null, 'NULL_KEY', 'key'],
    ],
  );
  assert.deepEqual(
    doc.transactions.map((t) => [t.transactionalId, t.status, t.partitions]),
    [['tx-a', 'Empty', null]],
  );
  // A batch whose CRC does not match: an error naming the batch, the others read.
  bad[17] ^= 0xff;
  const crc = log.foldTransactions(bad, { now: T0 });
  assert.equal(crc.errors[0].code, 'CRC_MISMATCH');
});

// ---- the join: the zombie holder (tests/node/transaction-writer.mjs ZOMBIE) --------------------

test('the join: each lease with its producer transaction, and the four anomalies naming both offsets', async () => {
  const txnLog = log.createTransactionFolder();
  const state = log.createFolder();
  try {
    const seg = await zombieSegments();
    txnLog.pushLog(seg.transactions, 3);
    txnLog.endLog(3);
    state.pushLog(seg.coordination, 0);
    state.endLog(0);
    const now = T0 + 120_000;
    const doc = state.result({ now, transactions: txnLog });
    const byRole = Object.fromEntries(doc.roles.map((r) => [r.role, r.lease.producerTransaction]));
    assert.deepEqual(byRole.orders, {
      transactionalId: 'orders-worker',
      producerEpoch: 4,
      status: 'Empty',
      lastUpdateTimestamp: BigInt(T0 + 10),
      producerId: 4000n,
      partition: 3,
      offset: 1n,
    });
    assert.equal(byRole.payments.producerId, 5001n);
    assert.equal(byRole.billing.status, 'Ongoing');
    assert.equal(byRole.audit.status, 'Dead');
    assert.equal(byRole.audit.offset, 6n);
    assert.equal(byRole.healthy.status, 'CompleteCommit');
    assert.equal(byRole.idempotent, null);
    assert.deepEqual(
      doc.anomalies.map((a) => [a.kind, a.role, a.offset, a.transactionLog]),
      [
        [
          'lease_outlives_transactional_id',
          'audit',
          107n,
          { transactionalId: 'audit-worker', partition: 3, offset: 6n },
        ],
        [
          'lease_holder_transaction_stuck',
          'billing',
          105n,
          { transactionalId: 'billing-worker', partition: 3, offset: 4n },
        ],
        ['lease_holder_unknown_producer', 'idempotent', 111n, null],
        ['lease_holder_fenced', 'orders', 101n, { transactionalId: 'orders-worker', partition: 3, offset: 1n }],
        ['lease_holder_fenced', 'payments', 103n, { transactionalId: 'payments-worker', partition: 3, offset: 3n }],
      ],
    );
    assert.match(doc.anomalies.find((a) => a.role === 'orders').message, /is at epoch 4: the holder was fenced/);
    assert.match(
      doc.anomalies.find((a) => a.role === 'payments').message,
      /has moved on to producer id 5001 \(epoch 0\): the holder's producer id was replaced/,
    );
    // Without the transaction log: no producerTransaction, none of the four.
    const alone = state.result({ now });
    assert.ok(alone.roles.every((r) => !('producerTransaction' in r.lease)));
    assert.deepEqual(alone.anomalies, []);
    // Leases expired at now: no zombie, no expired-id anomaly; the stuck transaction and the
    // unknown producer stay.
    const later = T0 + 3_600_000;
    assert.deepEqual(
      state.result({ now: later, transactions: txnLog }).anomalies.map((a) => [a.kind, a.role]),
      [
        ['lease_holder_transaction_stuck', 'billing'],
        ['lease_holder_unknown_producer', 'idempotent'],
      ],
    );
  } finally {
    state.dispose();
    txnLog.dispose();
  }
});

test("result({ now }): a `now` getter that disposes the folder is an Error, not another folder's state from the freed memory", () => {
  const folder = log.createTransactionFolder();
  let other = null;
  assert.throws(
    () =>
      folder.result({
        get now() {
          folder.dispose();
          other = log.createTransactionFolder();
          return 0;
        },
      }),
    /the folder was disposed/,
  );
  other.dispose();
});

test('the join: its argument is a live transaction folder', () => {
  const state = log.createFolder();
  const txn = log.createTransactionFolder();
  try {
    assert.throws(() => state.result({ transactions: {} }), TypeError);
    assert.throws(() => state.result({ transactions: state }), TypeError);
    txn.dispose();
    assert.throws(() => state.result({ transactions: txn }), /the folder was disposed/);
    assert.deepEqual(state.result({ transactions: null }).roles, []);
  } finally {
    state.dispose();
  }
});
