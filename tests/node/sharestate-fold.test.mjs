// The share-group state fold (wasm/core/sharestate/fold.h) through the API (foldShareState,
// createShareStateFolder) and the CLI (`coordination-viewer share-state`, wasm/cli/share-state.mjs,
// --jobs too),
// on segments written by kafkajs's record-batch encoder (tests/node/log-writer.mjs writeLog) with
// record bytes from the independent golden generator (golden/generate_share_state.py --encode). The
// expected states are written here by hand from Kafka 4.1.0's rules (wasm/core/sharestate/README.md).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { run } from '../../wasm/cli/share-state.mjs';
import { main } from '../../wasm/cli/main.mjs';
import { ROOT, api, outputSink } from './helpers.mjs';
import { writeLog } from './log-writer.mjs';

const log = await api.loadLogCodec();
const TOPIC_HEX = '101112131415161718191a1b1c1d1e1f';
const TOPIC = 'EBESExQVFhcYGRobHB0eHw'; // Uuid.toString of TOPIC_HEX
const T0 = 1700000000000n;

// Keys and values by the golden generator, in one call.
function encode(items) {
  const r = spawnSync('python3', [join(ROOT, 'golden', 'generate_share_state.py'), '--encode'], {
    input: JSON.stringify(items, (_, v) => (typeof v === 'bigint' ? String(v) : v)),
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`generate_share_state.py --encode: ${r.stderr}`);
  return JSON.parse(r.stdout).map((hex) => Buffer.from(hex, 'hex'));
}
const key = (type, group, partition) => ({ key: { type, group, topic_id: TOPIC_HEX, partition } });
const snapshot = (o) => ({
  value: {
    type: 0,
    snapshot_epoch: o.epoch,
    state_epoch: o.stateEpoch ?? 1,
    leader_epoch: o.leaderEpoch ?? 3,
    start_offset: o.start,
    create_timestamp: T0,
    write_timestamp: T0 + 5000n,
    batches: o.batches ?? [],
  },
});
const update = (o) => ({
  value: {
    type: 1,
    snapshot_epoch: o.epoch,
    leader_epoch: o.leaderEpoch ?? -1,
    start_offset: o.start ?? -1,
    batches: o.batches ?? [],
  },
});

// The model log of one partition: [key item, value item | null] per record, offsets 0...
const MODEL = [
  [key(0, 'share-app', 0), snapshot({ epoch: 0, start: 100, batches: [[100, 119, 0, 1]] })],
  [key(1, 'share-app', 0), update({ epoch: 0, batches: [[105, 109, 2, 1]] })],
  [key(0, 'share-app', 1), snapshot({ epoch: 0, start: 0 })],
  [key(1, 'share-app', 1), update({ epoch: 7, leaderEpoch: 4, start: 10 })],
  [key(0, 'share-app', 1), null],
  [key(1, 'other', 0), update({ epoch: 2, leaderEpoch: 9, start: 50, batches: [[50, 52, 4, 3]] })],
  [key(1, 'share-app', 0), update({ epoch: 0, leaderEpoch: 5, start: 107, batches: [[110, 111, 0, 2]] })],
];
const bytes = encode(MODEL.flatMap(([k, v]) => (v ? [k, v] : [k])));
const records = [];
for (let i = 0, b = 0; i < MODEL.length; i++) {
  const k = bytes[b++];
  const v = MODEL[i][1] ? bytes[b++] : null;
  records.push({ offset: i, key: k, value: v });
}
const segment = await writeLog(records, { perBatch: 3 });

// What Kafka's share coordinator holds after replaying MODEL (by hand from the rules).
const EXPECTED = [
  {
    groupId: 'other',
    topicId: TOPIC,
    partition: 0,
    logPartition: 2,
    offset: 5n,
    snapshotOffset: null,
    snapshotEpoch: 2,
    stateEpoch: 0, // an update alone: ShareGroupOffset.fromRecord(ShareUpdateValue)
    leaderEpoch: 9,
    startOffset: 50n,
    createTimestamp: 0n,
    writeTimestamp: 0n,
    updatesSinceSnapshot: 1,
    stateBatches: [{ firstOffset: 50n, lastOffset: 52n, deliveryState: 4, deliveryCount: 3 }],
  },
  {
    groupId: 'share-app',
    topicId: TOPIC,
    partition: 0,
    logPartition: 2,
    offset: 6n,
    snapshotOffset: 0n,
    snapshotEpoch: 0,
    stateEpoch: 1,
    leaderEpoch: 5,
    startOffset: 107n,
    createTimestamp: T0,
    writeTimestamp: T0 + 5000n,
    updatesSinceSnapshot: 2,
    // [100,119] avail, then [105,109] acked over it, then pruned below 107, then [110,111] count 2
    stateBatches: [
      { firstOffset: 107n, lastOffset: 109n, deliveryState: 2, deliveryCount: 1 },
      { firstOffset: 110n, lastOffset: 111n, deliveryState: 0, deliveryCount: 2 },
      { firstOffset: 112n, lastOffset: 119n, deliveryState: 0, deliveryCount: 1 },
    ],
  },
];
const EXPECTED_ANOMALIES = [
  ['update_snapshot_epoch_mismatch', 'share-app', 1, 3n],
  ['update_without_snapshot', 'other', 0, 5n],
];

test('foldShareState: a segment, each share-partition as the share coordinator replays it', () => {
  const doc = log.foldShareState(segment, { partition: 2 });
  assert.equal(doc.records, 7);
  assert.deepEqual(doc.errors, []);
  assert.deepEqual(doc.sharePartitions, EXPECTED);
  assert.deepEqual(
    doc.anomalies.map((a) => [a.kind, a.groupId, a.partition, a.offset]),
    EXPECTED_ANOMALIES,
  );
  assert.ok(doc.anomalies.every((a) => a.topicId === TOPIC && a.logPartition === 2));
});

test('createShareStateFolder: records pushed, a bad value named by its share-partition, dispose', () => {
  const folder = log.createShareStateFolder();
  folder.pushRecords(records.map((r) => ({ ...r, partition: 2 })));
  const bad = Buffer.from(records[1].value.subarray(0, 10)); // an update cut inside its start offset
  folder.pushRecords([{ key: records[1].key, value: bad, partition: 2, offset: 7 }]);
  assert.equal(folder.records, 8);
  const doc = folder.result();
  assert.deepEqual(doc.sharePartitions, EXPECTED);
  assert.equal(doc.errors.length, 1);
  const e = doc.errors[0];
  assert.deepEqual([e.partition, e.offset, e.sharePartition, e.code], [2, 7n, `share-app:${TOPIC}:0`, 'TRUNCATED']);
  folder.dispose();
  assert.throws(() => folder.result(), /disposed/);
});

// The CLI on a partition directory: the segment, then one whose batch is corrupt.
const dir = mkdtempSync(join(tmpdir(), 'share-state-cli-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const partitionDir = join(dir, '__share_group_state-2');
mkdirSync(partitionDir);
writeFileSync(join(partitionDir, '00000000000000000000.log'), segment);
const corrupt = await writeLog([{ offset: 7, key: records[0].key, value: records[0].value }]);
corrupt[corrupt.length - 1] ^= 0xff; // in the records: the CRC no longer matches
writeFileSync(join(partitionDir, '00000000000000000007.log'), corrupt);

async function cli(argv) {
  const stdout = outputSink();
  const stderr = outputSink();
  const code = await run(argv, { stdout: stdout.stream, stderr: stderr.stream, cwd: dir });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

test('share-state: a partition directory as JSON; the corrupt batch an error at its partition and offset', async () => {
  const r = await cli(['__share_group_state-2']);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.equal(doc.records, 7);
  const plain = (x) => JSON.parse(JSON.stringify(x, (_, v) => (typeof v === 'bigint' ? String(v) : v)));
  assert.deepEqual(doc.sharePartitions, plain(EXPECTED));
  assert.deepEqual(
    doc.anomalies.map((a) => a.kind),
    EXPECTED_ANOMALIES.map((a) => a[0]),
  );
  assert.equal(doc.errors.length, 1);
  const e = doc.errors[0];
  assert.equal(e.partition, 2);
  assert.equal(e.offset, '7');
  assert.equal(e.code, 'CRC_MISMATCH');
  assert.match(e.file, /00000000000000000007\.log$/);
});

test('share-state --format table: a row per share-partition, the anomalies and the error', async () => {
  const r = await cli(['--format', 'table', '__share_group_state-2']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  assert.match(lines[0], /^GROUP\s+TOPIC ID\s+PARTITION\s+EPOCHS S\/ST\/L/);
  assert.match(
    r.stdout,
    /share-app\s+EBESExQVFhcYGRobHB0eHw\s+0\s+0\/1\/5\s+107\s+2\s+2023-11-14T22:13:25\.000Z\s+107-109 Acked x1, 110-111 Available x2/,
  );
  assert.match(r.stdout, /other\s+EBESExQVFhcYGRobHB0eHw\s+0\s+2\/0\/9\s+50\s+1\s+-\s+50-52 Archived x3\n/);
  assert.match(r.stdout, /2 share-partitions, 7 records/);
  assert.match(r.stdout, /update_without_snapshot other:EBESExQVFhcYGRobHB0eHw:0 @2\/5: /);
  assert.match(r.stdout, /errors \(1\):\n  .*00000000000000000007\.log.*: CRC_MISMATCH /);
});

test('share-state: usage errors exit 2, an unreadable input 1, and main lists the command', async () => {
  assert.equal((await cli([])).code, 2);
  assert.equal((await cli(['--format', 'xml', 'x'])).code, 2);
  const missing = await cli(['no-such-file.log']);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /no-such-file\.log/);
  const stdout = outputSink();
  const code = await main(['--help'], { stdout: stdout.stream, stderr: outputSink().stream });
  assert.equal(code, 0);
  assert.match(stdout.text(), /share-state\s+Kafka's share-group state/);
});

test('an anomaly message shows a group id with a bidi control as its escape; the field keeps it as decoded', () => {
  const group = 'pay\u202Eppa';
  const [k, v] = encode([key(1, group, 0), update({ epoch: 0 })]);
  const doc = log.foldShareState([{ key: k, value: v, offset: 0 }]);
  assert.equal(doc.sharePartitions[0].groupId, group);
  const [a] = doc.anomalies;
  assert.equal(a.kind, 'update_without_snapshot');
  assert.equal(a.groupId, group);
  assert.ok(a.message.includes('pay\\u202Eppa'), a.message);
  assert.ok(!a.message.includes('\u202E'), a.message);
});

test('share-state --jobs 2: two partitions folded on worker threads print what --jobs 1 prints, byte for byte', async () => {
  const logDir = join(dir, 'data');
  for (const p of [0, 1]) {
    mkdirSync(join(logDir, `__share_group_state-${p}`), { recursive: true });
    // Partition 1 holds the model's records with the group ids renamed: its states sort between.
    const renamed = p === 0 ? MODEL : MODEL.map(([k, v]) => [{ key: { ...k.key, group: `${k.key.group}-p1` } }, v]);
    const b = encode(renamed.flatMap(([k, v]) => (v ? [k, v] : [k])));
    const list = [];
    for (let i = 0, j = 0; i < renamed.length; i++)
      list.push({ offset: i, key: b[j++], value: renamed[i][1] ? b[j++] : null });
    writeFileSync(join(logDir, `__share_group_state-${p}`, '00000000000000000000.log'), await writeLog(list));
  }
  writeFileSync(join(logDir, '__share_group_state-1', '00000000000000000007.log'), corrupt);
  for (const format of ['json', 'table']) {
    const one = await cli(['data', '--jobs', '1', '--format', format]);
    const two = await cli(['data', '--jobs', '2', '--format', format]);
    assert.equal(one.code, 0, one.stderr);
    assert.equal(two.code, 0, two.stderr);
    assert.equal(two.stdout, one.stdout);
    if (format === 'json') {
      const doc = JSON.parse(one.stdout);
      assert.equal(doc.records, 14);
      assert.deepEqual(
        doc.sharePartitions.map((p) => `${p.groupId}@${p.logPartition}`),
        ['other@0', 'other-p1@1', 'share-app@0', 'share-app-p1@1'],
      );
      assert.deepEqual(
        doc.anomalies.map((a) => `${a.kind}@${a.logPartition}`),
        [
          'update_snapshot_epoch_mismatch@0',
          'update_without_snapshot@0',
          'update_snapshot_epoch_mismatch@1',
          'update_without_snapshot@1',
        ],
      );
      assert.deepEqual(
        doc.errors.map((e) => [e.partition, e.offset, e.code]),
        [[1, '7', 'CRC_MISMATCH']],
      );
    }
  }
});
