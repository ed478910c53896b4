// `coordination-viewer transactions` and `state --transactions` (wasm/cli/transactions.mjs,
// wasm/cli/state.mjs) through run(argv, io) and the bin: the zombie-holder case on partition
// directories of both topics, written by kafkajs's record-batch encoder with transaction-log
// records from the independent golden generator (tests/node/transaction-writer.mjs).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { run as transactions } from '../../wasm/cli/transactions.mjs';
import { run as state } from '../../wasm/cli/state.mjs';
import { outputSink } from './helpers.mjs';
import {
  TV2_TRANSACTIONS,
  ZOMBIE_T0,
  expectedTransactions,
  tv2Segments,
  withBytes,
  zombieSegments,
} from './transaction-writer.mjs';

const NOW = ZOMBIE_T0 + 120_000;
const dir = mkdtempSync(join(tmpdir(), 'txn-cli-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const seg = await zombieSegments();
const coordinationDir = join(dir, '__coordination_state-0');
const transactionDir = join(dir, '__transaction_state-3');
mkdirSync(coordinationDir);
mkdirSync(transactionDir);
writeFileSync(join(coordinationDir, '00000000000000000000.log'), seg.coordination);
writeFileSync(join(transactionDir, '00000000000000000000.log'), seg.transactions);

async function cli(command, argv) {
  const stdout = outputSink();
  const stderr = outputSink();
  const code = await command(argv, { stdout: stdout.stream, stderr: stderr.stream, cwd: dir });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

test('transactions: a partition directory as JSON, each transactional id with its newest record', async () => {
  const r = await cli(transactions, ['__transaction_state-3', '--now', String(NOW)]);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.equal(doc.records, 8);
  assert.deepEqual(doc.errors, []);
  assert.deepEqual(
    doc.transactions.map((t) => [t.transactionalId, t.partition, t.offset, t.producerId, t.producerEpoch, t.status]),
    [
      ['billing-worker', 3, '4', '6000', 1, 'Ongoing'],
      ['healthy-worker', 3, '7', '8000', 5, 'CompleteCommit'],
      ['orders-worker', 3, '1', '4000', 4, 'Empty'],
      ['payments-worker', 3, '3', '5001', 0, 'Empty'],
    ],
  );
  assert.deepEqual(doc.transactions[0], {
    transactionalId: 'billing-worker',
    partition: 3,
    offset: '4',
    producerId: '6000',
    producerEpoch: 1,
    status: 'Ongoing',
    timeoutMs: 60000,
    partitions: [{ topic: 'billing', partitions: [0] }],
    lastUpdateTimestamp: String(ZOMBIE_T0),
    startTimestamp: String(ZOMBIE_T0),
  });
  assert.deepEqual(
    doc.anomalies.map((a) => [a.kind, a.transactionalId, a.partition, a.offset]),
    [['transaction_timed_out', 'billing-worker', 3, '4']],
  );
});

test('transactions --format table, and its inputs refused as state refuses them', async () => {
  const r = await cli(transactions, ['__transaction_state-3', '--now', String(NOW), '--format', 'table']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  assert.match(lines[0], /^TRANSACTIONAL ID +PARTITION +PRODUCER +STATUS +TIMEOUT +LAST UPDATE +PARTITIONS$/);
  assert.match(lines[1], /^billing-worker +3 +6000\/1 +Ongoing +60000 ms +2023-11-14T22:13:20\.000Z +billing\[0\]$/);
  assert.match(r.stdout, /4 transactional ids, 8 records/);
  assert.match(r.stdout, /anomalies \(1\):\n {2}transaction_timed_out billing-worker @4: /);
  const missing = await cli(transactions, ['nothing-here']);
  assert.equal(missing.code, 1);
  assert.match(
    missing.stderr,
    /^coordination-viewer transactions: cannot read .*nothing-here: no such file or directory\n$/,
  );
  const usage = await cli(transactions, ['--now', 'soon', 'x']);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /--now must be epoch milliseconds/);
  const help = await cli(transactions, ['--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /transaction_timed_out/);
});

test('transactions: lines of records (JSON Lines) read as segments are, with their errors', async () => {
  const [a, b] = withBytes([
    {
      id: 'tx-a',
      value: {
        producerId: 1,
        producerEpoch: 0,
        timeoutMs: 1000,
        status: 'Empty',
        partitions: null,
        lastUpdate: 5,
        start: -1,
      },
    },
    { id: 'tx-b', value: null },
  ]);
  const lines = [
    { partition: 0, offset: 0, key: a.key.toString('hex'), value: a.bytes.toString('hex') },
    { partition: 0, offset: 1, key: b.key.toString('hex'), value: null },
    { partition: 0, offset: 2, key: a.key.toString('hex'), value: '' },
  ];
  const file = join(dir, 'records.jsonl');
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\nnot a record\n`);
  const r = await cli(transactions, ['records.jsonl', '--now', '0']);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.deepEqual(
    doc.transactions.map((t) => t.transactionalId),
    ['tx-a'],
  );
  assert.deepEqual(
    doc.errors.map((e) => [e.offset ?? `line ${e.line}`, e.transactionalId, e.code]),
    [
      ['2', 'tx-a', 'TRUNCATED'],
      ['line 4', undefined, 'INVALID_LINE'],
    ],
  );
});

test('state --transactions: the zombie holder, each lease with its producer transaction', async () => {
  const r = await cli(state, [
    '__coordination_state-0',
    '--transactions',
    '__transaction_state-3',
    '--now',
    String(NOW),
  ]);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  const orders = doc.roles.find((x) => x.role === 'orders');
  assert.deepEqual(orders.lease.producerTransaction, {
    transactionalId: 'orders-worker',
    producerEpoch: 4,
    status: 'Empty',
    lastUpdateTimestamp: String(ZOMBIE_T0 + 10),
    producerId: '4000',
    partition: 3,
    offset: '1',
  });
  assert.equal(doc.roles.find((x) => x.role === 'idempotent').lease.producerTransaction, null);
  assert.deepEqual(
    doc.anomalies.map((a) => [a.kind, a.role, a.offset, a.transactionLog && a.transactionLog.offset]),
    [
      ['lease_outlives_transactional_id', 'audit', '107', '6'],
      ['lease_holder_transaction_stuck', 'billing', '105', '4'],
      ['lease_holder_unknown_producer', 'idempotent', '111', null],
      ['lease_holder_fenced', 'orders', '101', '1'],
      ['lease_holder_fenced', 'payments', '103', '3'],
    ],
  );
  // Without --transactions: no producerTransaction key, none of the four.
  const alone = JSON.parse((await cli(state, ['__coordination_state-0', '--now', String(NOW)])).stdout);
  assert.equal('producerTransaction' in alone.roles[0].lease, false);
  assert.deepEqual(alone.anomalies, []);
});

test('state --transactions --format table: the TRANSACTION column and the anomalies with both offsets', async () => {
  const r = await cli(state, [
    join(coordinationDir, '00000000000000000000.log'),
    '--transactions',
    dir, // a broker's log directory: __transaction_state-3 read, __coordination_state-0 skipped
    '--now',
    String(NOW),
    '--format',
    'table',
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^ROLE +PARTITION +HOLDER +PRODUCER +DEADLINE +LEASE +TRANSACTION +MEMBERS$/m);
  assert.match(r.stdout, /^orders +0 +m-1 +4000\/3 .* orders-worker Empty 4000\/4 +m-1$/m);
  assert.match(r.stdout, /^idempotent +0 .* unknown producer +m-1$/m);
  assert.match(
    r.stdout,
    /^ {2}lease_holder_fenced orders @101 \(transaction log partition 3 @1\): the lease of role "orders" \(offset 101\) has producer id 4000, epoch 3; transactional id "orders-worker" \(transaction log partition 3, offset 1\) is at epoch 4: the holder was fenced, and its lease is live: a zombie holds the role$/m,
  );
  // Only the transaction log's partition directories are read as the transaction log: the
  // coordination partition beside it is named and skipped, not folded into errors.
  assert.equal(
    r.stderr,
    `coordination-viewer state: ${dir}: read the partition directories of __transaction_state; skipped those of __coordination_state (1)\n`,
  );
});

test('state --transactions: an unreadable transaction log exits 1 and prints nothing; stdin is refused', async () => {
  const r = await cli(state, ['__coordination_state-0', '--transactions', 'missing']);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /cannot read .*missing: no such file or directory/);
  const usage = await cli(state, ['__coordination_state-0', '--transactions', '-']);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /--transactions must name files or directories, not stdin/);
});

test('state --transactions --jobs 2: partitions folded apart give the joined document of --jobs 1', async () => {
  // A log directory of two coordination partitions (the zombie segment in each: every role in two
  // partitions), folded on worker threads and merged, then held against the transaction log.
  const logDir = join(dir, 'two-partitions');
  for (const p of [0, 1]) {
    mkdirSync(join(logDir, `__coordination_state-${p}`), { recursive: true });
    writeFileSync(join(logDir, `__coordination_state-${p}`, '00000000000000000000.log'), seg.coordination);
  }
  const argv = (jobs, format) => [
    'two-partitions',
    '--transactions',
    '__transaction_state-3',
    '--now',
    String(NOW),
    '--jobs',
    jobs,
    '--format',
    format,
  ];
  for (const format of ['json', 'table']) {
    const one = await cli(state, argv('1', format));
    const apart = await cli(state, argv('2', format));
    assert.equal(one.code, 0, one.stderr);
    assert.equal(apart.code, 0, apart.stderr);
    assert.equal(apart.stdout, one.stdout);
  }
  const doc = JSON.parse((await cli(state, argv('2', 'json'))).stdout);
  assert.deepEqual(
    doc.roles.filter((x) => x.role === 'orders').map((x) => [x.partition, x.lease.producerTransaction.offset]),
    [
      [0, '1'],
      [1, '1'],
    ],
  );
  // The zombie holders in both partitions, each naming its transaction-log record.
  assert.deepEqual(
    doc.anomalies.filter((a) => a.kind === 'lease_holder_fenced').map((a) => [a.role, a.transactionLog.offset]),
    [
      ['orders', '1'],
      ['orders', '1'],
      ['payments', '3'],
      ['payments', '3'],
    ],
  );
});

// Transaction version 2 (KIP-890 part 2): the epoch moves at every commit and abort, so only an
// Empty record (InitProducerId's) proves a fence; transaction version 0 and 1 as before.
test('state --transactions: transaction version 2, a holder after its commits and a rotation are no zombies; a re-initialised one is', async () => {
  const tv2 = await tv2Segments();
  const tv2Dir = join(dir, 'tv2');
  for (const [partitionDir, bytes] of [
    ['__coordination_state-0', tv2.coordination],
    ['__transaction_state-3', tv2.transactions],
  ]) {
    mkdirSync(join(tv2Dir, partitionDir), { recursive: true });
    writeFileSync(join(tv2Dir, partitionDir, '00000000000000000000.log'), bytes);
  }
  const argv = (format) => [
    join('tv2', '__coordination_state-0'),
    '--transactions',
    join('tv2', '__transaction_state-3'),
    '--now',
    String(NOW),
    '--format',
    format,
  ];
  const r = await cli(state, argv('json'));
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  const transaction = (role) => {
    const t = doc.roles.find((x) => x.role === role).lease.producerTransaction;
    return [t.producerId, t.producerEpoch, t.status, t.offset];
  };
  assert.deepEqual(transaction('tv2-healthy'), ['4100', 5, 'CompleteCommit', '6']);
  assert.deepEqual(transaction('tv2-rotated'), ['4301', 0, 'CompleteCommit', '10']);
  assert.deepEqual(
    doc.anomalies.map((a) => [a.kind, a.role, a.transactionLog && a.transactionLog.offset]),
    [
      ['lease_holder_fenced', 'tv1-fenced', '11'],
      ['lease_holder_fenced', 'tv1-v1-fenced', '12'],
      ['lease_holder_fenced', 'tv2-fenced', '8'],
    ],
  );
  const message = (role) => doc.anomalies.find((a) => a.role === role).message;
  // Transaction version 0 (3.8.0's record): the words of before, to the letter.
  assert.equal(
    message('tv1-fenced'),
    'the lease of role "tv1-fenced" (offset 107) has producer id 4400, epoch 3; transactional id "tv1-fenced" (transaction log partition 3, offset 11) is at epoch 5: the holder was fenced, and its lease is live: a zombie holds the role',
  );
  assert.equal(
    message('tv2-fenced'),
    'the lease of role "tv2-fenced" (offset 103) has producer id 4200, epoch 3; transactional id "tv2-fenced" (transaction log partition 3, offset 8) is at epoch 5: the holder was fenced (transaction version 2: the epoch also moves at each commit and abort, but an Empty record at a higher epoch is written only by InitProducerId: it was re-initialised after the lease), and its lease is live: a zombie holds the role',
  );
  // The transaction log's own fold: the records as the plain-JS model folds them, no anomaly.
  const folded = JSON.parse(
    (await cli(transactions, [join('tv2', '__transaction_state-3'), '--now', String(NOW)])).stdout,
  );
  const want = expectedTransactions(
    TV2_TRANSACTIONS.map((t) => ({ partition: 3, ...t })),
    NOW,
  );
  assert.deepEqual(
    folded.transactions.map((t) => [t.transactionalId, t.producerId, t.producerEpoch, t.status]),
    want.transactions.map((t) => [t.transactionalId, String(t.producerId), t.producerEpoch, t.status]),
  );
  assert.deepEqual(folded.anomalies, []);
  // The table: the TRANSACTION column shows the transactional id's producer id and epoch now.
  const table = await cli(state, argv('table'));
  assert.match(table.stdout, /^tv2-healthy +0 +m-1 +4100\/3 .* tv2-healthy CompleteCommit 4100\/5 +m-1$/m);
  assert.match(table.stdout, /^anomalies \(3\):$/m);
});

test('the bin: coordination-viewer transactions, and --help lists it', () => {
  const bin = fileURLToPath(new URL('../../wasm/cli/main.mjs', import.meta.url));
  const r = spawnSync(process.execPath, [bin, 'transactions', transactionDir, '--now', String(NOW)], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).transactions.length, 4);
  const help = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
  // One column for the summaries, after the longest command's name (cluster-metadata) and two spaces.
  assert.match(help.stdout, /^ {2}cluster-metadata {2}the KRaft metadata log/m);
  assert.match(help.stdout, /^ {2}transactions {6}Kafka's transaction log/m);
  assert.match(help.stdout, /^ {2}state {13}the coordination state/m);
});
