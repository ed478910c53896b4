// The errors of segment files name the file and the byte position of the batch in it
// (wasm/api/error-places.js placeErrors, called by wasm/cli/fold-apart.mjs foldInputs): in the
// JSON document (`file`, `filePosition`) and in the table, the same with --jobs 1 and --jobs N, for
// `state` and for `transactions`.
// The segments are written batch by batch by kafkajs (tests/node/log-writer.mjs), so where each
// batch lies is known here from the bytes written, not from the reader.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { run } from '../../wasm/cli/state.mjs';
import { run as runTransactions } from '../../wasm/cli/transactions.mjs';
import { runCommand } from './helpers.mjs';
import { Compression, keyBytes, valueBytes, writeBatch } from './log-writer.mjs';
import { withBytes } from './transaction-writer.mjs';

const NOW = 1_700_000_500_000;
const tmp = mkdtempSync(join(tmpdir(), 'cv-error-files-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const state = (argv) => runCommand(run, argv);

const lease = { member: 'm-1', producerId: 7, producerEpoch: 1, grantedAt: 1, deadline: 2 };
// A batch of `count` leases from `baseOffset`, the record at `badKey` (if any) with a key that does
// not decode (UNKNOWN_KIND).
const batch = (baseOffset, count, { badKey = -1, compression = Compression.None } = {}) =>
  writeBatch({
    baseOffset,
    compression,
    records: Array.from({ length: count }, (_, i) => ({
      key: baseOffset + i === badKey ? Buffer.from([0, 0, 0, 9]) : keyBytes({ kind: 'lease', role: `r${baseOffset}` }),
      value: valueBytes(lease),
    })),
  });
const crcBroken = (b) => {
  const c = Buffer.from(b);
  c[c.length - 1] ^= 0xff; // the CRC covers it: CRC_MISMATCH
  return c;
};

// A log directory of two partitions, two segments each; `expected`: each error's partition,
// offset, code, file and the position of its batch, from the bytes as they are written.
const dir = join(tmp, 'logs');
const expected = [];
async function segment(partition, base, pieces) {
  const name = `__coordination_state-${partition}/${String(base).padStart(20, '0')}.log`;
  let position = 0;
  for (const { bytes, error } of pieces) {
    if (error) expected.push({ partition, offset: error.offset, code: error.code, file: name, filePosition: position });
    position += bytes.length;
  }
  mkdirSync(join(dir, `__coordination_state-${partition}`), { recursive: true });
  writeFileSync(join(dir, name), Buffer.concat(pieces.map((p) => p.bytes)));
}
await segment(0, 0, [
  { bytes: await batch(0, 5) },
  { bytes: await batch(5, 5, { badKey: 7 }), error: { offset: '7', code: 'UNKNOWN_KIND' } },
]);
await segment(0, 10, [
  { bytes: await batch(10, 5) },
  { bytes: crcBroken(await batch(15, 5)), error: { offset: '15', code: 'CRC_MISMATCH' } },
  {
    bytes: await batch(20, 5, { badKey: 22, compression: Compression.GZIP }),
    error: { offset: '22', code: 'UNKNOWN_KIND' },
  },
]);
const cut = await batch(5, 5);
await segment(1, 0, [
  { bytes: await batch(0, 5) },
  { bytes: cut.subarray(0, cut.length - 10), error: { offset: '5', code: 'BATCH_TRUNCATED' } },
]);
await segment(1, 10, [
  { bytes: await batch(10, 5) },
  // Fewer than 8 bytes: a batch cut before its base offset (-1).
  { bytes: Buffer.from([0, 0, 0, 0, 0]), error: { offset: '-1', code: 'BATCH_TRUNCATED' } },
]);

test('each error of a segment names its file under the directory given and its batch position, in JSON and the table, with --jobs 1 and --jobs 2 alike', async () => {
  const one = await state([dir, '--now', String(NOW), '--jobs', '1']);
  assert.equal(one.code, 0, one.stderr);
  const two = await state([dir, '--now', String(NOW), '--jobs', '2']);
  assert.equal(two.stdout, one.stdout);
  const { errors } = JSON.parse(one.stdout);
  assert.deepEqual(
    errors.map(({ partition, offset, code, file, filePosition }) => ({ partition, offset, code, file, filePosition })),
    expected,
  );
  for (const e of errors) {
    assert.deepEqual(Object.keys(e).slice(0, 4), ['partition', 'offset', 'file', 'filePosition']);
    // What a hexdump at filePosition shows: the batch's base offset (a cut-off one: its first bytes).
    const bytes = readFileSync(join(dir, e.file)).subarray(e.filePosition);
    if (e.offset === '-1') assert.ok(bytes.length < 8);
    else assert.ok(bytes.readBigInt64BE(0) <= BigInt(e.offset));
    // A batch error's message says the same position.
    if (e.field.startsWith('batch')) assert.match(e.message, new RegExp(`\\(position ${e.filePosition}\\)`));
  }
  assert.ok(expected.some((e) => e.filePosition > 0 && e.file.endsWith('10.log')));

  const table = await state([dir, '--now', String(NOW), '--jobs', '1', '--format', 'table']);
  const tableTwo = await state([dir, '--now', String(NOW), '--jobs', '2', '--format', 'table']);
  assert.equal(tableTwo.stdout, table.stdout);
  const crc = errors.find((e) => e.code === 'CRC_MISMATCH');
  assert.ok(
    table.stdout.includes(
      `\n  partition 0 offset 15 (file __coordination_state-0/00000000000000000010.log, position ${crc.filePosition}): CRC_MISMATCH batch.crc: ${crc.message}\n`,
    ),
    table.stdout,
  );
});

test('a partition directory or a segment file given names its files by their own names', async () => {
  const part = await state([join(dir, '__coordination_state-0'), '--now', String(NOW)]);
  assert.deepEqual(
    JSON.parse(part.stdout).errors.map((e) => e.file),
    ['00000000000000000000.log', '00000000000000000010.log', '00000000000000000010.log'],
  );
  const file = await state([join(dir, '__coordination_state-1', '00000000000000000010.log'), '--now', String(NOW)]);
  assert.deepEqual(
    JSON.parse(file.stdout).errors.map(({ file: f, filePosition }) => [f, filePosition]),
    [['00000000000000000010.log', expected.at(-1).filePosition]],
  );
});

test("in a partition record lines are read into too, an error keeps its offset alone (it may be a line record's)", async () => {
  const lines = join(tmp, 'partition-0.jsonl');
  writeFileSync(lines, `${JSON.stringify({ key: null, value: null, partition: 0, offset: 3 })}\n`);
  const { errors } = JSON.parse((await state([dir, lines, '--now', String(NOW)])).stdout);
  // Partition 0's (the line's NULL_KEY at offset 3 among them, inside a segment's first batch) name
  // no file; partition 1's still do.
  assert.ok(errors.some((e) => e.code === 'NULL_KEY' && e.offset === '3'));
  assert.deepEqual(
    errors.filter((e) => 'file' in e).map((e) => e.partition),
    [1, 1],
  );
});

// ---- transactions -------------------------------------------------------------------------------
// The same for `coordination-viewer transactions` (wasm/cli/transactions.mjs, through foldInputs):
// a log directory of two __transaction_state partitions, two segments each, whose records' bytes
// come from the golden generator (tests/node/transaction-writer.mjs) and batches from kafkajs.
const txnDir = join(tmp, 'txn-logs');
const txnExpected = [];
const txnValue = (k) => ({
  producerId: 9000 + k,
  producerEpoch: 1,
  timeoutMs: 60_000,
  status: 'CompleteCommit',
  partitions: [],
  lastUpdate: NOW - 1000,
  start: -1,
});
// A batch of `count` transaction-log records from `baseOffset`, ids `tx-<partition>-<offset>`; the
// record at `badKey` has a key cut short, the one at `badValue` a value cut short.
async function txnBatch(partition, baseOffset, count, { badKey = -1, badValue = -1, compression } = {}) {
  const model = Array.from({ length: count }, (_, i) => ({
    offset: baseOffset + i,
    id: `tx-${partition}-${baseOffset + i}`,
    value: txnValue(i),
  }));
  return writeBatch({
    baseOffset,
    compression,
    records: withBytes(model).map((r) => ({
      key: r.offset === badKey ? Buffer.from([0, 0]) : r.key,
      value: r.offset === badValue ? Buffer.from([0, 1, 0xff]) : r.bytes,
    })),
  });
}
async function txnSegment(partition, base, pieces) {
  const name = `__transaction_state-${partition}/${String(base).padStart(20, '0')}.log`;
  let position = 0;
  for (const { bytes, error } of pieces) {
    if (error)
      txnExpected.push({ partition, offset: error.offset, code: error.code, file: name, filePosition: position });
    position += bytes.length;
  }
  mkdirSync(join(txnDir, `__transaction_state-${partition}`), { recursive: true });
  writeFileSync(join(txnDir, name), Buffer.concat(pieces.map((p) => p.bytes)));
}
// Written when the test runs: the tests above start as they are registered, and the file's after
// hook may remove `tmp` while this module's top level still awaits.
async function writeTxnLogs() {
  await txnSegment(0, 0, [
    { bytes: await txnBatch(0, 0, 3) },
    { bytes: await txnBatch(0, 3, 3, { badValue: 4 }), error: { offset: '4', code: 'TRUNCATED' } },
  ]);
  await txnSegment(0, 10, [
    { bytes: await txnBatch(0, 10, 3) },
    { bytes: crcBroken(await txnBatch(0, 13, 3)), error: { offset: '13', code: 'CRC_MISMATCH' } },
    {
      bytes: await txnBatch(0, 16, 3, { badKey: 17, compression: Compression.GZIP }),
      error: { offset: '17', code: 'TRUNCATED' },
    },
  ]);
  const txnCut = await txnBatch(1, 3, 3);
  await txnSegment(1, 0, [
    { bytes: await txnBatch(1, 0, 3) },
    { bytes: txnCut.subarray(0, txnCut.length - 10), error: { offset: '3', code: 'BATCH_TRUNCATED' } },
  ]);
  await txnSegment(1, 10, [
    { bytes: await txnBatch(1, 10, 2) },
    { bytes: await txnBatch(1, 12, 4, { badValue: 14 }), error: { offset: '14', code: 'TRUNCATED' } },
  ]);
}

test('transactions: each error of a segment names its file and its batch position, in JSON and the table, with --jobs 1 and --jobs 2 alike', async () => {
  await writeTxnLogs();
  const transactions = (argv) => runCommand(runTransactions, argv);
  const one = await transactions([txnDir, '--now', String(NOW), '--jobs', '1']);
  assert.equal(one.code, 0, one.stderr);
  const two = await transactions([txnDir, '--now', String(NOW), '--jobs', '2']);
  assert.equal(two.code, 0, two.stderr);
  assert.equal(two.stdout, one.stdout);
  const doc = JSON.parse(one.stdout);
  assert.deepEqual(
    doc.errors.map(({ partition, offset, code, file, filePosition }) => ({
      partition,
      offset,
      code,
      file,
      filePosition,
    })),
    txnExpected,
  );
  // The records of the batches read, less those that did not decode (the CRC batch's, the cut one's).
  assert.equal(
    doc.transactions.map((t) => `${t.transactionalId}@${t.offset}`).join(' '),
    'tx-0-0@0 tx-0-1@1 tx-0-10@10 tx-0-11@11 tx-0-12@12 tx-0-16@16 tx-0-18@18 tx-0-2@2 tx-0-3@3 tx-0-5@5 ' +
      'tx-1-0@0 tx-1-1@1 tx-1-10@10 tx-1-11@11 tx-1-12@12 tx-1-13@13 tx-1-15@15 tx-1-2@2',
  );
  for (const e of doc.errors) {
    assert.deepEqual(Object.keys(e).slice(0, 4), ['partition', 'offset', 'file', 'filePosition']);
    const bytes = readFileSync(join(txnDir, e.file)).subarray(e.filePosition);
    assert.ok(bytes.readBigInt64BE(0) <= BigInt(e.offset));
    if (e.field.startsWith('batch')) assert.match(e.message, new RegExp(`\\(position ${e.filePosition}\\)`));
  }
  // A value that does not decode names its transactional id; a key that does not, none.
  assert.deepEqual(
    doc.errors.map((e) => e.transactionalId ?? null),
    ['tx-0-4', null, null, null, 'tx-1-14'],
  );
  assert.ok(txnExpected.some((e) => e.filePosition > 0 && e.file.endsWith('10.log')));

  const table = await transactions([txnDir, '--now', String(NOW), '--jobs', '1', '--format', 'table']);
  const tableTwo = await transactions([txnDir, '--now', String(NOW), '--jobs', '2', '--format', 'table']);
  assert.equal(table.code, 0, table.stderr);
  assert.equal(tableTwo.stdout, table.stdout);
  const [value, crc, key, cut, last] = doc.errors;
  const lines = table.stdout.slice(table.stdout.indexOf('\nerrors (5):\n') + 1).split('\n');
  assert.deepEqual(lines, [
    'errors (5):',
    `  partition 0 offset 4 (file __transaction_state-0/00000000000000000000.log, position ${value.filePosition}) transactional id "tx-0-4": TRUNCATED ${value.field}: ${value.message}`,
    `  partition 0 offset 13 (file __transaction_state-0/00000000000000000010.log, position ${crc.filePosition}): CRC_MISMATCH batch.crc: ${crc.message}`,
    `  partition 0 offset 17 (file __transaction_state-0/00000000000000000010.log, position ${key.filePosition}): TRUNCATED ${key.field}: ${key.message}`,
    `  partition 1 offset 3 (file __transaction_state-1/00000000000000000000.log, position ${cut.filePosition}): BATCH_TRUNCATED ${cut.field}: ${cut.message}`,
    `  partition 1 offset 14 (file __transaction_state-1/00000000000000000010.log, position ${last.filePosition}) transactional id "tx-1-14": TRUNCATED ${last.field}: ${last.message}`,
    '',
  ]);

  // A partition directory or a segment file given: the files by their own names.
  const part = JSON.parse((await transactions([join(txnDir, '__transaction_state-0'), '--now', String(NOW)])).stdout);
  assert.deepEqual(
    part.errors.map(({ file, filePosition }) => [file, filePosition]),
    txnExpected.filter((e) => e.partition === 0).map((e) => [e.file.split('/')[1], e.filePosition]),
  );
  const file = JSON.parse(
    (await transactions([join(txnDir, '__transaction_state-1', '00000000000000000010.log'), '--now', String(NOW)]))
      .stdout,
  );
  assert.deepEqual(
    file.errors.map(({ file: f, filePosition }) => [f, filePosition]),
    [['00000000000000000010.log', txnExpected.at(-1).filePosition]],
  );
});
