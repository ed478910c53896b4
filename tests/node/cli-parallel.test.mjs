// `coordination-viewer state --jobs N` and `transactions --jobs N` (wasm/cli/state.mjs,
// transactions.mjs, parallel.mjs): partitions folded on worker threads and merged give the one
// reader's document (--jobs 1) byte for byte, in JSON and as a table, on log directories written by
// kafkajs (tests/node/log-writer.mjs; the transaction log's records by the golden generator,
// tests/node/transaction-writer.mjs) with errors and anomalies in every partition and across
// partitions (state: producer epochs going back from one partition to the next, roles in two
// partitions, a producer holding leases in two partitions; transactions: a producer id moving to a
// transactional id of another partition), both caps hit, gzip, a corrupt batch, transactions
// committed and left open, several segments per partition.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { foldInParallel, TaskError } from '../../wasm/cli/parallel.mjs';
import { run } from '../../wasm/cli/state.mjs';
import { runCommand } from './helpers.mjs';
import { run as runTransactions } from '../../wasm/cli/transactions.mjs';
import { Compression, keyBytes, valueBytes, writeLog } from './log-writer.mjs';
import { withBytes } from './transaction-writer.mjs';

const NOW = 1_700_000_500_000;

const state = (argv, command = run) => runCommand(command, argv);

// Partition p's records (offsets from 0): a fifth each bad keys, leases, registrations, bad values,
// registrations or tombstones; lease epochs falling within a partition and from one partition to
// the next for producer ids 500-506 shared by every partition; a role of every partition ("shared");
// a transaction at the end, committed in even partitions and left open in odd ones.
function model(p, partitions, count) {
  const records = [];
  for (let i = 0; i < count; i++) {
    const role = i % 40 === 4 ? 'shared' : `p${p}-r${i % 50}`;
    const member = `m${i % 3}`;
    const r = { offset: i };
    switch (i % 5) {
      case 0:
        Object.assign(r, { key: Buffer.from([0, 0, 0, 9]), value: null }); // a key that does not decode
        break;
      case 1:
        Object.assign(r, {
          key: { kind: 'lease', role },
          value: {
            member: i % 15 === 1 ? 'stranger' : member,
            producerId: 500 + (i % 7),
            producerEpoch: 1000 * (partitions - p) - Math.floor(i / 35),
            grantedAt: 1_700_000_000_000 + i,
            deadline: i % 11 === 1 ? 1_600_000_000_000 : 1_700_000_000_000 + 1000 * i,
          },
        });
        break;
      case 2:
        Object.assign(r, { key: { kind: 'registration', role, member }, value: { member, registeredAt: i } });
        break;
      case 3:
        Object.assign(r, { key: { kind: 'lease', role }, value: Buffer.from([0, 0, 0, 1, 0xff]) });
        break;
      default:
        Object.assign(r, {
          key: { kind: 'registration', role, member },
          value: i % 3 ? { member, registeredAt: i } : null,
        });
    }
    records.push(r);
  }
  const producerId = 900 + p;
  for (let k = 0; k < 3; k++)
    records.push({
      offset: count + k,
      producerId,
      transactional: true,
      key: { kind: 'lease', role: `txn-${p}` },
      value: { member: 'm0', producerId, producerEpoch: 1, grantedAt: 1n, deadline: 2n },
    });
  if (p % 2 === 0) records.push({ offset: count + 3, producerId, marker: 'COMMIT' });
  return records;
}

const tmp = mkdtempSync(join(tmpdir(), 'cv-parallel-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
// The partition of a report: its role's (roles are named after their partition, "p3-r7").
const partitionOfRole = (report) => report.role.split('-')[0];

// A log directory of `partitions` partitions of `count` records each, two segments a partition
// (partition 3's first gzip, partition 2's first with a corrupt last batch); returns the directory
// and each partition's segment files.
async function logDirectory(name, partitions, count) {
  const dir = join(tmp, name);
  const segments = [];
  for (let p = 0; p < partitions; p++) {
    const d = join(dir, `__coordination_state-${p}`);
    mkdirSync(d, { recursive: true });
    const records = model(p, partitions, count);
    const half = Math.floor(records.length / 2);
    const first = await writeLog(records.slice(0, half), {
      perBatch: 50,
      compression: p === 3 ? Compression.GZIP : Compression.None,
    });
    if (p === 2) first[first.length - 5] ^= 0xff; // the last batch's CRC no longer matches: CRC_MISMATCH
    const files = [join(d, '00000000000000000000.log'), join(d, `${String(half).padStart(20, '0')}.log`)];
    writeFileSync(files[0], first);
    writeFileSync(files[1], await writeLog(records.slice(half), { perBatch: 50 }));
    segments.push(files);
  }
  return { dir, segments };
}
// 8 x 7,000 records: over 10,000 errors and anomalies; 6 x 600: every kind of anomaly under the cap.
const large = await logDirectory('large', 8, 7000);
const small = await logDirectory('small', 6, 600);
const segmentsOf = small.segments;

// The documents of --jobs 1 and of other --jobs on `dir`, JSON and table, equal; the JSON returned.
async function sameApart(dir) {
  const one = await state([dir, '--now', String(NOW), '--jobs', '1']);
  assert.equal(one.code, 0, one.stderr);
  for (const jobs of ['4', '3']) {
    const apart = await state([dir, '--now', String(NOW), '--jobs', jobs]);
    assert.equal(apart.code, 0, apart.stderr);
    assert.equal(apart.stdout, one.stdout, `--jobs ${jobs}`);
  }
  const tableOne = await state([dir, '--now', String(NOW), '--jobs', '1', '--format', 'table']);
  const tableApart = await state([dir, '--now', String(NOW), '--jobs', '2', '--format', 'table']);
  assert.equal(tableOne.code, 0);
  assert.equal(tableApart.stdout, tableOne.stdout);
  return JSON.parse(one.stdout);
}

test('--jobs N gives the document of --jobs 1 byte for byte with the caps hit across partitions', async () => {
  const doc = await sameApart(large.dir);
  assert.ok(doc.records > 8 * 7000 - 100); // the corrupt batch's are not read
  assert.equal(doc.errors.length, 10_000);
  assert.ok(doc.errorsOmitted > 0);
  assert.equal(doc.anomalies.length, 10_000);
  assert.ok(doc.anomaliesOmitted > 0);
  // The caps are hit in a later partition than the first (errors in partition 3, anomalies in 7).
  assert.ok(new Set(doc.errors.map((e) => e.partition)).size >= 3);
  assert.ok(new Set(doc.anomalies.map(partitionOfRole)).size >= 3);
  assert.equal(new Set(doc.roles.map((r) => r.partition)).size, 8);
});

test('--jobs N gives the document of --jobs 1 with every anomaly across partitions', async () => {
  const doc = await sameApart(small.dir);
  const kinds = new Set(doc.anomalies.map((a) => a.kind));
  for (const k of [
    'producer_epoch_backwards',
    'role_in_two_partitions',
    'producer_holds_two_leases',
    'lease_holder_not_registered',
    'deadline_before_granted_at',
    'transaction_open',
  ])
    assert.ok(kinds.has(k), k);
  // Named with its segment file, as --jobs 1 names it (sameApart).
  assert.ok(
    doc.errors.some((e) => e.code === 'CRC_MISMATCH' && e.file === '__coordination_state-2/00000000000000000000.log'),
  );
  // A lease's epoch below the epoch of an earlier partition's lease of its producer id (partition
  // 0's are 6000 and below, partition 1's 5000 and below).
  assert.ok(
    doc.anomalies.some(
      (a) =>
        a.kind === 'producer_epoch_backwards' &&
        partitionOfRole(a) === 'p1' &&
        /epoch 5\d\d\d, below epoch 6000/.test(a.message),
    ),
  );
  assert.ok(
    doc.anomalies.some((a) => a.kind === 'producer_holds_two_leases' && /role "p0-.*role "p[1-5]-/.test(a.message)),
  );
});

test('segment files of several partitions given one by one, in any partition order, fold apart as one reader reads them', async () => {
  const files = [...segmentsOf[5], ...segmentsOf[1], ...segmentsOf[4], segmentsOf[2][0]];
  const one = await state([...files, '--now', String(NOW), '--jobs', '1']);
  const apart = await state([...files, '--now', String(NOW), '--jobs', '4']);
  assert.equal(one.code, 0, one.stderr);
  assert.equal(apart.stdout, one.stdout);
  assert.deepEqual([...new Set(JSON.parse(one.stdout).roles.map((r) => r.partition))].sort(), [1, 2, 4, 5]);
});

test('a partition read in two places, or a record input among segments, is read by one reader', async () => {
  // Partition 1's second segment after partition 2: what one reader does with it depends on
  // partition 2 (epochs), so the partitions are not folded apart; nor with a file of JSON Lines.
  const lines = join(tmp, 'records.jsonl');
  writeFileSync(
    lines,
    `${JSON.stringify({ partition: 1, offset: 9999, key: keyBytes({ kind: 'lease', role: 'p1-r1' }).toString('hex'), value: valueBytes({ member: 'x', producerId: 500, producerEpoch: 1, grantedAt: 1, deadline: 2 }).toString('hex') })}\n`,
  );
  for (const files of [
    [segmentsOf[1][0], segmentsOf[2][0], segmentsOf[1][1]],
    [segmentsOf[1][0], lines, segmentsOf[2][0]],
  ]) {
    const one = await state([...files, '--now', String(NOW), '--jobs', '1']);
    const four = await state([...files, '--now', String(NOW), '--jobs', '4']);
    assert.equal(one.code, 0, one.stderr);
    assert.equal(four.stdout, one.stdout);
  }
});

test('--jobs takes an integer 1 to 256', async () => {
  for (const bad of ['0', 'x', '1.5', '257']) {
    const r = await state([small.dir, '--jobs', bad]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, new RegExp(`--jobs must be an integer 1 to 256, got "${bad.replace('.', '\\.')}"`));
  }
});

test('a task that throws (in the main thread or a worker), or a worker that stops, rejects the run with what happened (no wait forever)', async () => {
  // wasm/cli/parallel.mjs with task modules of its contract, a merger that only keeps what it is given.
  const module = join(tmp, 'task.mjs');
  writeFileSync(
    module,
    `import { isMainThread } from 'node:worker_threads';
    export async function fold(task) {
      // took[0]: 1 + the order of the first task a worker took. The main thread folds once a
      // worker has taken one: with 2 jobs each thread folds a task, whichever takes which.
      const took = new Int32Array(task.took);
      if (!isMainThread) Atomics.compareExchange(took, 0, 0, 1 + task.order);
      while (isMainThread && task.wait && Atomics.load(took, 0) === 0) await new Promise((r) => setTimeout(r, 1));
      if (task.does === 'throw') throw new RangeError('task ' + task.name + ' cannot be folded');
      if (task.does === 'exit' && !isMainThread) process.exit(3);
      if (task.does === 'crash' && !isMainThread)
        return new Promise(() => setTimeout(() => { throw new TypeError('lost'); }));
      return new TextEncoder().encode(task.name);
    }\n`,
  );
  // `does` for task b (order 1), or with `everyTask` for each: what a worker does with its first
  // task (exit, crash) is then met whichever task it takes; the run's error names that task.
  let took;
  const run = (does, jobs = 2, everyTask = false) => {
    const added = [];
    took = new Int32Array(new SharedArrayBuffer(4));
    const tasks = ['a', 'b', 'c'].map((name, i) => ({
      name,
      order: i,
      size: i,
      does: everyTask || i === 1 ? does : 'fold',
      took: took.buffer,
      wait: jobs > 1,
    }));
    const merger = {
      add: (order, partial) => added.push([order, Buffer.from(partial).toString()]),
      refold: () => null,
    };
    return foldInParallel({ tasks, jobs, module: pathToFileURL(module).href, merger }).then(() => added);
  };
  const workersTask = () => Atomics.load(took, 0) - 1;
  for (const jobs of [1, 2, 3])
    assert.deepEqual((await run('fold', jobs)).sort(), [
      [0, 'a'],
      [1, 'b'],
      [2, 'c'],
    ]);
  for (const jobs of [1, 2])
    await assert.rejects(
      run('throw', jobs),
      (e) =>
        e instanceof TaskError && e.kind === 'RangeError' && e.order === 1 && e.message === 'task b cannot be folded',
    );
  await assert.rejects(
    run('exit', 2, true),
    (e) =>
      e instanceof TaskError &&
      e.kind === 'WorkerError' &&
      e.order === workersTask() &&
      e.message === `the worker folding task ${workersTask()} stopped (exit code 3)`,
  );
  // An exception outside the task (the worker's 'error' event): the same kind, its message.
  await assert.rejects(
    run('crash', 2, true),
    (e) => e instanceof TaskError && e.kind === 'WorkerError' && e.order === workersTask() && e.message === 'lost',
  );
});

// ---- transactions --jobs ---------------------------------------------------------------------------
// Partition p of __transaction_state, `count` records: a quarter each keys that do not decode,
// values of t<p>-<k> (k of 5; producer id 7000 + k in every partition: it moves from one partition's
// id to the next's; epochs falling: transaction_epoch_backwards; Ongoing since long ago:
// transaction_timed_out), tombstones or values, and values that do not decode.
function transactionModel(p, count) {
  const model = [];
  const raw = [];
  for (let i = 0; i < count; i++) {
    const k = (i >> 2) % 5;
    const id = `t${p}-${k}`;
    const value = {
      producerId: 7000 + k,
      producerEpoch: 20000 - Math.floor(i / 4),
      timeoutMs: 60000,
      status: i % 8 === 1 ? 'Ongoing' : 'CompleteCommit',
      partitions: i % 8 === 1 ? [[`topic-${p}`, [k, k + 1]]] : [],
      lastUpdate: 1_700_000_000_000 + 1000 * p + i,
      start: 1_700_000_000_000 + i,
    };
    switch (i % 4) {
      case 0:
        raw.push({ offset: i, key: Buffer.from([0, 7]), value: Buffer.from([1]) }); // a key cut short
        break;
      case 1:
        model.push({ partition: p, offset: i, id, value });
        break;
      case 2:
        model.push({ partition: p, offset: i, id, value: i % 16 === 2 ? null : { ...value, status: 'Ongoing' } });
        break;
      default:
        model.push({ partition: p, offset: i, id, value, bad: true });
    }
  }
  const records = withBytes(model).map((r) => ({
    offset: r.offset,
    key: r.key,
    value: r.bad ? Buffer.from([0, 1, 0xff]) : r.bytes, // a value cut short
  }));
  return [...records, ...raw].sort((a, b) => a.offset - b.offset);
}

async function transactionDirectory(name, partitions, count) {
  const dir = join(tmp, name);
  for (let p = 0; p < partitions; p++) {
    const d = join(dir, `__transaction_state-${p}`);
    mkdirSync(d, { recursive: true });
    const records = transactionModel(p, count);
    const half = Math.floor(records.length / 2);
    const first = await writeLog(records.slice(0, half), {
      perBatch: 40,
      compression: p === 3 ? Compression.GZIP : Compression.None,
    });
    if (p === 2) first[first.length - 5] ^= 0xff; // the last batch's CRC no longer matches
    writeFileSync(join(d, '00000000000000000000.log'), first);
    writeFileSync(
      join(d, `${String(half).padStart(20, '0')}.log`),
      await writeLog(records.slice(half), { perBatch: 40 }),
    );
  }
  return dir;
}

test('a worker that has finished takes its next task itself, while the main thread folds without giving way', async () => {
  // The main thread's task runs until the worker has folded every other task, at most 5 s, and
  // never gives way to its event loop; the worker's tasks take no time. When the main thread dealt
  // the tasks, a worker waited for it between tasks (here: the main thread folded the rest itself).
  const module = join(tmp, 'chunks.mjs');
  writeFileSync(
    module,
    `import { isMainThread } from 'node:worker_threads';
    export async function fold(task) {
      const done = new Int32Array(task.done);
      if (!isMainThread) {
        Atomics.add(done, 0, 1);
        return new TextEncoder().encode('worker');
      }
      for (const until = Date.now() + 5000; task.long && Date.now() < until && Atomics.load(done, 0) < 5; );
      return new TextEncoder().encode('main');
    }\n`,
  );
  const done = new SharedArrayBuffer(4);
  // Dealt largest first: the main thread takes task 0.
  const tasks = [0, 1, 2, 3, 4, 5].map((i) => ({ size: 6 - i, long: i === 0, done }));
  const added = [];
  const merger = { add: (order, partial) => added.push([order, Buffer.from(partial).toString()]), refold: () => null };
  await foldInParallel({ tasks, jobs: 2, module: pathToFileURL(module).href, merger });
  assert.deepEqual(
    added.sort((a, b) => a[0] - b[0]),
    [0, 1, 2, 3, 4, 5].map((i) => [i, i === 0 ? 'main' : 'worker']),
  );
});

test('transactions --jobs N gives the document of --jobs 1 byte for byte, caps hit and anomalies across partitions', async () => {
  for (const [dir, capped] of [
    [await transactionDirectory('txn-large', 8, 6000), true],
    [await transactionDirectory('txn-small', 5, 400), false],
  ]) {
    const args = [dir, '--now', String(NOW)];
    const one = await state([...args, '--jobs', '1'], runTransactions);
    assert.equal(one.code, 0, one.stderr);
    for (const jobs of ['4', '3']) {
      const apart = await state([...args, '--jobs', jobs], runTransactions);
      assert.equal(apart.code, 0, apart.stderr);
      assert.equal(apart.stdout, one.stdout, `--jobs ${jobs}`);
    }
    const tableOne = await state([...args, '--jobs', '1', '--format', 'table'], runTransactions);
    const tableApart = await state([...args, '--jobs', '2', '--format', 'table'], runTransactions);
    assert.equal(tableApart.stdout, tableOne.stdout);
    const doc = JSON.parse(one.stdout);
    assert.ok(new Set(doc.errors.map((e) => e.partition)).size >= 3);
    if (!capped) {
      // Every kind (the large directory's epochs going back fill the cap before the merge's).
      const kinds = new Set(doc.anomalies.map((a) => a.kind));
      for (const k of ['transaction_epoch_backwards', 'producer_id_moved', 'transaction_timed_out'])
        assert.ok(kinds.has(k), k);
      assert.ok(doc.errors.some((e) => e.code === 'CRC_MISMATCH'));
      // A producer id moving from one partition's transactional id to another partition's.
      assert.ok(
        doc.anomalies.some((a) => a.kind === 'producer_id_moved' && /\(partition 0, .*\(partition 1, /.test(a.message)),
      );
    } else {
      assert.equal(doc.errors.length, 10_000);
      assert.ok(doc.errorsOmitted > 0);
      assert.equal(doc.anomalies.length, 10_000);
      assert.ok(doc.anomaliesOmitted > 0);
    }
  }
  const bad = await state([join(tmp, 'txn-small'), '--jobs', '0'], runTransactions);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--jobs must be an integer 1 to 256, got "0"/);
});
