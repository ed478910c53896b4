// Transactions in the whole-topic fold (read_committed, KIP-98; the rule: wasm/core/log/transactions.h).
// Segment bytes by kafkajs's record batch encoder (transactional batches; markers are its batches
// with the control bit set: tests/node/log-writer.mjs writeMarker); the expected state from
// readCommitted (what a read_committed consumer receives, written from the rule) and expectedFold.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { api } from './helpers.mjs';
import {
  Compression,
  expectedFold,
  keyBytes,
  readCommitted,
  rng,
  sortAnomalies,
  valueBytes,
  writeLog,
  writeMarker,
} from './log-writer.mjs';

const NOW = 1_700_000_500_000;
const logCodec = await api.loadLogCodec();

// One partition's entries: plain records, records of transactional producers 100..103 and their
// markers (COMMIT or ABORT); some transactions are left open at the end. Lease values keep one
// epoch per producer id, so no anomaly depends on when a transaction's records are folded.
function modelTxnLog(count, seed, { partition = 0, prefix = 'role' } = {}) {
  const next = rng(seed);
  const out = [];
  const open = new Set();
  for (let offset = 0; offset < count; offset++) {
    const pick = next(20);
    if (pick < 3 && open.size > 0) {
      const producerId = [...open][next(open.size)];
      open.delete(producerId);
      out.push({ partition, offset, marker: next(5) < 3 ? 'COMMIT' : 'ABORT', producerId });
      continue;
    }
    const record = { partition, offset };
    if (pick >= 10) {
      record.producerId = 100 + next(4);
      record.transactional = true;
      open.add(record.producerId);
    }
    const role = `${prefix}-${next(6)}`;
    const member = `member-${next(4)}`;
    const tombstone = next(7) === 0;
    if (next(3) === 0) {
      const granted = 1_700_000_000_000 + next(1_000_000);
      const producerId = 1000 + next(9);
      record.key = { kind: 'lease', role };
      record.value = tombstone
        ? null
        : { member, producerId, producerEpoch: producerId % 5, grantedAt: granted, deadline: granted + next(900_000) };
    } else {
      record.key = { kind: 'registration', role, member };
      record.value = tombstone ? null : { member, registeredAt: 1_690_000_000_000 + offset };
    }
    out.push(record);
  }
  return out;
}

// The expected document: the fold of what read_committed delivers, and one transaction_open per
// role of each open transaction (at that role's first record in it).
function expected(entries) {
  const { delivered, open } = readCommitted(entries);
  const want = expectedFold(delivered, NOW);
  const anomalies = [...want.anomalies];
  for (const t of open) {
    const seen = new Set();
    for (const r of t.records) {
      if (seen.has(r.key.role)) continue;
      seen.add(r.key.role);
      anomalies.push({ kind: 'transaction_open', role: r.key.role, offset: BigInt(r.offset) });
    }
  }
  return { roles: want.roles, anomalies: sortAnomalies(anomalies), open };
}

// The state of each entry's transaction, as history and the record index report it.
function transactionOf(entries) {
  const out = new Map(); // entry -> { producerId, state, markerOffset }
  const pending = new Map();
  for (const e of entries) {
    const id = `${e.partition}/${e.producerId}`;
    if (e.marker) {
      for (const r of pending.get(id) ?? [])
        out.set(r, {
          producerId: BigInt(e.producerId),
          state: e.marker === 'COMMIT' ? 'committed' : 'aborted',
          markerOffset: BigInt(e.offset),
        });
      pending.delete(id);
    } else if (e.transactional) {
      if (!pending.has(id)) pending.set(id, []);
      pending.get(id).push(e);
    }
  }
  for (const list of pending.values())
    for (const r of list) out.set(r, { producerId: BigInt(r.producerId), state: 'open', markerOffset: -1n });
  return out;
}

test('a committed transaction folds at its own offsets, an aborted one is dropped, an open one is reported', async () => {
  const reg = (role, member, registeredAt) => ({
    key: { kind: 'registration', role, member },
    value: { member, registeredAt },
  });
  const tomb = (role, member) => ({ key: { kind: 'registration', role, member }, value: null });
  const lease = (role, member, producerId, grantedAt) => ({
    key: { kind: 'lease', role },
    value: { member, producerId, producerEpoch: 1, grantedAt, deadline: grantedAt + 600_000 },
  });
  const inTxn = (producerId, record) => ({ ...record, producerId, transactional: true });
  const entries = [
    reg('orders', 'a', 1),
    reg('orders', 'b', 2),
    lease('orders', 'a', 7, 1_700_000_000_000),
    // Producer 7's transaction: b takes the lease, c registers ...
    inTxn(7, lease('orders', 'b', 7, 1_700_000_100_000)),
    inTxn(7, reg('orders', 'c', 3)),
    // ... while producer 8's transaction (aborted below) would take the lease and clear a.
    inTxn(8, lease('orders', 'c', 8, 1_700_000_200_000)),
    inTxn(8, tomb('orders', 'a')),
    // A plain record newer than c's transactional registration: it wins although it is folded first.
    reg('orders', 'c', 4),
    { marker: 'ABORT', producerId: 8 },
    { marker: 'COMMIT', producerId: 7 },
    // Producer 9 never ends its transaction.
    inTxn(9, reg('billing', 'x', 5)),
    inTxn(9, lease('billing', 'x', 9, 1_700_000_300_000)),
    inTxn(9, reg('audit', 'y', 6)),
    reg('audit', 'z', 7),
  ].map((e, offset) => ({ partition: 0, offset, ...e }));
  for (const compression of [Compression.None, Compression.GZIP]) {
    const log = new Uint8Array(await writeLog(entries, { perBatch: 2, compression }));
    const state = logCodec.foldState(log, { now: NOW });
    assert.equal(state.records, 12, 'markers are not records');
    assert.deepEqual(state.errors, []);
    assert.deepEqual(state.roles, [
      { role: 'audit', partition: 0, lease: null, members: [{ member: 'z', registeredAt: 7n }] },
      {
        role: 'orders',
        partition: 0,
        lease: {
          holder: 'b',
          producerId: 7n,
          producerEpoch: 1,
          grantedAt: 1_700_000_100_000n,
          deadline: 1_700_000_700_000n,
          expired: false,
        },
        members: [
          { member: 'a', registeredAt: 1n },
          { member: 'b', registeredAt: 2n },
          { member: 'c', registeredAt: 4n },
        ],
      },
    ]);
    const want = expected(entries);
    assert.deepEqual(state.roles, want.roles);
    assert.deepEqual(sortAnomalies(state.anomalies), want.anomalies);
    assert.deepEqual(
      state.anomalies.filter((a) => a.kind === 'transaction_open').map((a) => a.message),
      [
        'producer id 9 has an open transaction in partition 0 (from offset 10, no COMMIT or ABORT marker by the end of the input): 1 record of role "audit" from offset 12 await it and are not in the state',
        'producer id 9 has an open transaction in partition 0 (from offset 10, no COMMIT or ABORT marker by the end of the input): 2 records of role "billing" from offset 10 await it and are not in the state',
      ],
    );
  }
});

test('random transactional logs: the fold equals read_committed + the independent fold, in any chunking and partition', async () => {
  for (const seed of [1, 2, 3, 4]) {
    const p0 = modelTxnLog(1500, seed);
    const p1 = modelTxnLog(700, seed + 100, { partition: 1, prefix: 'p1-role' });
    const entries = [...p0, ...p1];
    const want = expected(entries);
    assert.ok(
      want.open.length > 0 && entries.some((e) => e.marker === 'ABORT') && entries.some((e) => e.marker === 'COMMIT'),
    );
    const log0 = new Uint8Array(
      await writeLog(p0, { perBatch: 5, compression: seed % 2 ? Compression.GZIP : Compression.None }),
    );
    const log1 = new Uint8Array(await writeLog(p1, { perBatch: 3 }));
    const next = rng(seed);
    const folder = logCodec.createFolder();
    for (const [log, partition] of [
      [log0, 0],
      [log1, 1],
    ]) {
      for (let at = 0; at < log.length;) {
        const n = 1 + next(3000);
        folder.pushLog(log.subarray(at, at + n), partition);
        at += n;
      }
      folder.endLog(partition);
    }
    const state = folder.result({ now: NOW });
    folder.dispose();
    assert.deepEqual(state.errors, []);
    assert.equal(state.records, entries.filter((e) => !e.marker).length);
    assert.deepEqual(state.roles, want.roles, `seed ${seed}`);
    assert.deepEqual(sortAnomalies(state.anomalies), want.anomalies, `seed ${seed}`);

    // The same entries as records from a consumer (producer id, transactional, control).
    const asRecords = entries.map((e) =>
      e.marker
        ? {
            partition: e.partition,
            offset: e.offset,
            key: new Uint8Array([0, 0, 0, e.marker === 'COMMIT' ? 1 : 0]),
            value: new Uint8Array([0, 0, 0, 0, 0, 0]),
            producerId: e.producerId,
            transactional: true,
            control: true,
          }
        : {
            partition: e.partition,
            offset: e.offset,
            key: new Uint8Array(keyBytes(e.key)),
            value: e.value && new Uint8Array(valueBytes(e.value)),
            producerId: e.producerId,
            transactional: e.transactional === true,
          },
    );
    const pushed = logCodec.foldState(asRecords, { now: NOW });
    assert.deepEqual(pushed.roles, state.roles);
    assert.deepEqual(pushed.anomalies, state.anomalies);
  }
});

test('history: every record of a key in offset order with its transaction state and marker offset', async () => {
  const entries = modelTxnLog(900, 9);
  const state = logCodec.foldState(new Uint8Array(await writeLog(entries, { perBatch: 4 })), {
    now: NOW,
    history: true,
  });
  const txn = transactionOf(entries);
  const records = entries.filter((e) => !e.marker);
  assert.equal(
    state.history.reduce((n, h) => n + h.entries.length, 0),
    records.length,
    'aborted and open records are in the history too',
  );
  for (const h of state.history) {
    const mine = records.filter(
      (r) => r.key.kind === h.kind && r.key.role === h.role && (r.key.member ?? '') === h.member,
    );
    assert.deepEqual(
      h.entries.map((e) => [e.offset, e.transaction ?? null]),
      mine.map((r) => [BigInt(r.offset), txn.get(r) ?? null]),
    );
  }
  assert.ok(state.history.some((h) => h.entries.some((e) => e.transaction?.state === 'aborted')));
  assert.ok(state.history.some((h) => h.entries.some((e) => e.transaction?.state === 'open')));
});

test('the record index: each key record names its batch (readLog finds it there) and its transaction', async () => {
  const entries = modelTxnLog(1200, 21);
  const log = new Uint8Array(await writeLog(entries, { perBatch: 6, compression: Compression.GZIP }));
  const folder = logCodec.createFolder({ index: true });
  folder.pushLog(log.subarray(0, 5000));
  folder.pushLog(log.subarray(5000));
  folder.endLog();
  const txn = transactionOf(entries);
  const records = entries.filter((e) => !e.marker);
  let checked = 0;
  for (const role of [...new Set(records.map((r) => r.key.role))]) {
    const keys = folder.keyRecords(role, 0);
    assert.deepEqual(
      keys.map((k) => `${k.kind}:${k.member}`),
      // Registration keys (kind 0) by member, then the lease key (kind 1).
      [...new Set(records.filter((r) => r.key.role === role).map((r) => `${r.key.kind}:${r.key.member ?? ''}`))].sort(
        (a, b) => a.startsWith('lease') - b.startsWith('lease') || (a < b ? -1 : 1),
      ),
    );
    for (const k of keys) {
      const mine = records.filter(
        (r) => r.key.role === role && r.key.kind === k.kind && (r.key.member ?? '') === k.member,
      );
      assert.equal(k.total, mine.length);
      assert.deepEqual(
        k.records.map((r) => [r.offset, r.transaction]),
        mine.map((r) => [BigInt(r.offset), txn.get(r) ?? null]),
      );
      for (const r of k.records) {
        assert.equal(r.input, 0);
        const batch = logCodec.readLog(log.subarray(r.position, r.position + r.size));
        assert.deepEqual(batch.errors, []);
        const found = batch.batches[0].records.find((x) => x.offset === r.offset);
        const model = mine.find((m) => BigInt(m.offset) === r.offset);
        assert.deepEqual(found.key, new Uint8Array(keyBytes(model.key)));
        checked++;
      }
    }
  }
  assert.equal(checked, records.length);
  // The newest `limit` per key; an unknown role or partition has no keys.
  const [k] = folder.keyRecords('role-0', 0, { limit: 2 });
  assert.equal(k.records.length, 2);
  const all = folder.keyRecords('role-0', 0).find((x) => x.kind === k.kind && x.member === k.member);
  assert.deepEqual(k.records, all.records.slice(-2));
  assert.deepEqual(folder.keyRecords('nobody', 0), []);
  assert.deepEqual(folder.keyRecords('role-0', 5), []);
  folder.dispose();
  // Pushed records: no input, their number among the pushed records.
  const pushed = logCodec.createFolder({ index: true });
  const reg = { kind: 'registration', role: 'r', member: 'm' };
  pushed.pushRecords([
    {
      key: new Uint8Array(keyBytes(reg)),
      value: new Uint8Array(valueBytes({ member: 'm', registeredAt: 1 })),
      offset: 4,
    },
    { key: new Uint8Array([0]), value: null, offset: 5 },
    { key: new Uint8Array(keyBytes(reg)), value: null, offset: 6, producerId: 3, transactional: true },
  ]);
  assert.deepEqual(pushed.keyRecords('r', 0), [
    {
      kind: 'registration',
      member: 'm',
      partition: 0,
      total: 2,
      records: [
        { offset: 4n, input: null, position: 0, size: 0, transaction: null },
        {
          offset: 6n,
          input: null,
          position: 2,
          size: 0,
          transaction: { producerId: 3n, state: 'open', markerOffset: -1n },
        },
      ],
    },
  ]);
  pushed.dispose();
  // Without the index there is nothing to answer from.
  const plain = logCodec.createFolder();
  plain.pushLog(log);
  assert.deepEqual(plain.keyRecords('role-0', 0), []);
  plain.dispose();
});

test('markers: readLog names them; a bad control key is an error; a marker without an open transaction or of another type ends nothing', async () => {
  const reg = (role, member, registeredAt) => ({
    key: { kind: 'registration', role, member },
    value: { member, registeredAt },
  });
  const log = Buffer.concat([
    await writeMarker({ offset: 0, producerId: 5, marker: 'COMMIT', coordinatorEpoch: 42 }),
    await writeLog([{ offset: 1, ...reg('r', 'a', 1), producerId: 5, transactional: true }]),
    // KRaft's LEADER_CHANGE type (2): ends no transaction.
    await writeMarker({ offset: 2, producerId: 5, typeId: 2 }),
    // A control key of 2 bytes: Kafka's parseTypeId refuses it; the transaction stays open.
    await writeMarker({ offset: 3, producerId: 5, marker: 'COMMIT', key: Buffer.from([0, 0]) }),
    await writeLog([{ offset: 4, ...reg('r', 'b', 2) }]),
  ]);
  const read = logCodec.readLog(new Uint8Array(log));
  assert.deepEqual(
    read.batches.map((b) => b.marker ?? null),
    [
      { type: 'COMMIT', version: 0, coordinatorEpoch: 42 },
      null,
      { type: 'type 2', version: 0, coordinatorEpoch: 0 },
      { error: 'a control record key needs at least 4 bytes (version i16, type i16), found 2', coordinatorEpoch: 0 },
      null,
    ],
  );
  const state = logCodec.foldState(new Uint8Array(log), { now: NOW });
  assert.equal(state.records, 2);
  assert.deepEqual(state.errors, [
    {
      partition: 0,
      offset: 3n,
      role: null,
      code: 'INVALID_CONTROL_RECORD',
      field: 'controlRecord.key',
      message:
        "a control record key needs at least 4 bytes (version i16, type i16), found 2; the marker is ignored and its producer's transaction stays open",
    },
  ]);
  assert.deepEqual(state.roles, [
    { role: 'r', partition: 0, lease: null, members: [{ member: 'b', registeredAt: 2n }] },
  ]);
  assert.deepEqual(
    state.anomalies.map((a) => [a.kind, a.role, a.offset]),
    [['transaction_open', 'r', 1n]],
  );
});
