// coordination-viewer cluster-metadata on a partition directory as a KRaft cluster leaves it: a
// snapshot (<end offset>-<epoch>.checkpoint) and the segments kept from about its end on. The
// latest snapshot is read first, then the log's records at offsets >= its end offset, as Kafka
// 4.1.0's loader does (wasm/core/clustermetadata/README.md, "Snapshots"). Batches written by
// kafkajs's record batch encoder (tests/node/log-writer.mjs), values by
// golden/generate_cluster_metadata.py --encode, the image expected written by hand.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { run as clusterMetadata } from '../../wasm/cli/cluster-metadata.mjs';
import { run as transactions } from '../../wasm/cli/transactions.mjs';
import { outputSink } from './helpers.mjs';
import { withAttributes, writeBatch } from './log-writer.mjs';

const GENERATOR = fileURLToPath(new URL('../../golden/generate_cluster_metadata.py', import.meta.url));
const uuid = (first) => Buffer.from(Array.from({ length: 16 }, (_, i) => first + i)).toString('base64url');
const ORDERS = uuid(0x10);
const GONE = uuid(0x20);
const STALE = uuid(0x30);
const INCARNATION = uuid(0x40);

const broker = (id, epoch) => ({
  api_key: 0,
  version: 3,
  record: {
    broker_id: id,
    is_migrating_zk_broker: false,
    incarnation_id: INCARNATION,
    broker_epoch: epoch,
    end_points: [{ name: 'PLAINTEXT', host: `b${id}`, port: 9092, security_protocol: 0 }],
    features: [],
    rack: null,
    fenced: true,
    in_controlled_shutdown: false,
    log_dirs: [],
  },
});
const partition = (id, replicas, leader) => ({
  api_key: 3,
  version: 0,
  record: {
    partition_id: id,
    topic_id: ORDERS,
    replicas,
    isr: replicas,
    removing_replicas: [],
    adding_replicas: [],
    leader,
    leader_epoch: 0,
    partition_epoch: 0,
  },
});
const change = (topic, id, over) => ({
  api_key: 5,
  version: 0,
  record: { partition_id: id, topic_id: topic, ...over },
});
const topic = (name, id) => ({ api_key: 2, version: 0, record: { name, topic_id: id } });

function encode(records) {
  const out = execFileSync('python3', [GENERATOR, '--encode'], {
    input: records.map((r) => JSON.stringify(r)).join('\n'),
    encoding: 'utf8',
  });
  return out
    .trim()
    .split('\n')
    .map((hex) => Buffer.from(hex, 'hex'));
}
const batch = async (baseOffset, records) =>
  writeBatch({ baseOffset, records: encode(records).map((value) => ({ key: null, value })) });

// A control batch of one record (Kafka's ControlRecordType: key version i16 0 | type i16),
// clients/.../record/ControlRecordType.java: SNAPSHOT_HEADER 3, SNAPSHOT_FOOTER 4. Values per
// SnapshotHeaderRecord.json / SnapshotFooterRecord.json (version 0, flexible): version i16 0, the
// header's lastContainedLogTimestamp i64, then no tagged fields.
async function control(offset, type, value) {
  const key = Buffer.from([0, 0, 0, type]);
  return withAttributes(await writeBatch({ baseOffset: offset, records: [{ key, value }] }), 0x20);
}
const header = Buffer.concat([Buffer.alloc(2), Buffer.from('0000018bcfe56800', 'hex'), Buffer.alloc(1)]);
const footer = Buffer.alloc(3);

// The snapshot: its batches' offsets are its own, from 0 (RecordsSnapshotWriter's accumulator).
const SNAPSHOT = '00000000000000000100-0000000003.checkpoint';
const corrupt = await batch(9, [topic('never', GONE)]);
corrupt[corrupt.length - 1] ^= 0xff; // a byte changed after the CRC was written
const before = [
  await control(0, 3, header),
  await batch(1, [
    { api_key: 12, version: 0, record: { name: 'metadata.version', feature_level: 27 } }, // 1
    broker(1, 10), // 2
    broker(2, 20), // 3
    { api_key: 8, version: 0, record: { id: 1, epoch: 10 } }, // 4: unfence broker 1
    topic('orders', ORDERS), // 5
    partition(0, [1, 2], 1), // 6
    partition(1, [2, 1], 2), // 7
    change(GONE, 0, { leader: 1 }), // 8: no such topic, an anomaly in the snapshot
  ]),
];
const CORRUPT_AT = before[0].length + before[1].length; // the corrupt batch's byte position
const snapshot = Buffer.concat([...before, corrupt /* 9: an error in the snapshot */, await control(10, 4, footer)]);

const dir = mkdtempSync(join(tmpdir(), 'cv-cluster-metadata-snapshot-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const part = join(dir, '__cluster_metadata-0');
mkdirSync(part);
writeFileSync(join(part, SNAPSHOT), snapshot);
// An older snapshot: not read (were it, its TopicRecord would be an anomaly-free topic "stale").
writeFileSync(join(part, '00000000000000000050-0000000002.checkpoint'), await batch(0, [topic('stale', STALE)]));
// A segment wholly below the snapshot's end (its successor begins at 90): not read.
writeFileSync(join(part, '00000000000000000000.log'), await batch(0, [topic('stale', STALE)]));
// The segment that holds offset 100: its batch at 90-91 is below the end, skipped; from 100 on read.
writeFileSync(
  join(part, '00000000000000000090.log'),
  Buffer.concat([
    await batch(90, [topic('stale', STALE), change(GONE, 0, { leader: 2 })]),
    await batch(100, [change(ORDERS, 0, { isr: [2], leader: 2 })]), // 100: a topic of the snapshot
    await batch(101, [change(ORDERS, 1, { isr: [2, 1] })]), // 101
  ]),
);

async function run(command, argv) {
  const stdout = outputSink();
  const stderr = outputSink();
  const code = await command(argv, { stdout: stdout.stream, stderr: stderr.stream, cwd: dir });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

const none = { eligibleLeaderReplicas: [], lastKnownElr: [], removingReplicas: [], addingReplicas: [] };
const orders = (p0, p1) => ({
  name: 'orders',
  id: ORDERS,
  offset: '5',
  partitions: [
    {
      partition: 0,
      leader: 1,
      leaderEpoch: 0,
      partitionEpoch: 0,
      replicas: [1, 2],
      isr: [1, 2],
      ...none,
      leaderRecoveryState: 0,
      offset: '6',
      ...p0,
    },
    {
      partition: 1,
      leader: 2,
      leaderEpoch: 0,
      partitionEpoch: 0,
      replicas: [2, 1],
      isr: [2, 1],
      ...none,
      leaderRecoveryState: 0,
      offset: '7',
      ...p1,
    },
  ],
});
// Both found in the snapshot, named in its file: the error with its batch's byte position.
const inSnapshot = (doc, name) => {
  assert.deepEqual(
    doc.anomalies.map((a) => [a.kind, a.logPartition, a.offset, a.file]),
    [['partition_unknown_topic', 0, '8', name]],
  );
  assert.deepEqual(
    doc.errors.map((e) => [e.partition, e.offset, e.code, e.file, e.filePosition]),
    [[0, '9', 'CRC_MISMATCH', name, CORRUPT_AT]],
  );
};

test('cluster-metadata: the latest snapshot, then the log from its end offset', async () => {
  for (const path of ['__cluster_metadata-0', '.']) {
    const r = await run(clusterMetadata, [path]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      /read the latest snapshot 0+100-0+3\.checkpoint; older snapshots not read: 0+50-0+2\.checkpoint/,
    );
    const doc = JSON.parse(r.stdout);
    assert.deepEqual(
      doc.brokers.map((b) => [b.id, b.epoch, b.fenced, b.offset]),
      [
        [1, '10', false, '4'],
        [2, '20', true, '3'],
      ],
    );
    // PartitionRegistration.merge at 100: leader 2 (leader epoch + 1), ISR [2], partition epoch + 1;
    // at 101 the ISR only: the partition epoch + 1.
    assert.deepEqual(doc.topics, [
      orders(
        { leader: 2, leaderEpoch: 1, partitionEpoch: 1, isr: [2], offset: '100' },
        { partitionEpoch: 1, isr: [2, 1], offset: '101' },
      ),
    ]);
    assert.deepEqual(doc.features, [{ name: 'metadata.version', level: 27 }]);
    assert.equal(doc.lastOffset, '101');
    inSnapshot(doc, path === '.' ? `__cluster_metadata-0/${SNAPSHOT}` : SNAPSHOT);
  }
});

test('cluster-metadata: a .checkpoint PATH is a snapshot; the table names its file', async () => {
  const r = await run(clusterMetadata, [join('__cluster_metadata-0', SNAPSHOT)]);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.deepEqual(doc.topics, [orders({}, {})]);
  inSnapshot(doc, SNAPSHOT);
  const t = await run(clusterMetadata, ['__cluster_metadata-0', '--format', 'table']);
  assert.ok(t.stdout.includes(`  partition_unknown_topic @0/8 (snapshot ${SNAPSHOT}): `), t.stdout);
});

test('the other commands do not read .checkpoint files', async () => {
  const r = await run(transactions, ['__cluster_metadata-0']);
  assert.doesNotMatch(r.stderr, /snapshot/);
  assert.doesNotMatch(JSON.stringify(JSON.parse(r.stdout)), /checkpoint/);
});

test('cluster-metadata: a batch across the snapshot end is folded whole, with a note', async () => {
  const straddle = join(dir, 'straddle', '__cluster_metadata-0');
  mkdirSync(straddle, { recursive: true });
  writeFileSync(join(straddle, SNAPSHOT), snapshot);
  writeFileSync(
    join(straddle, '00000000000000000099.log'),
    await batch(99, [topic('stale', STALE), change(ORDERS, 0, { isr: [2], leader: 2 })]),
  );
  const r = await run(clusterMetadata, [straddle]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stderr,
    /the batch at position 0 \(offsets 99 to 100\) holds the snapshot's end offset 100: folded whole/,
  );
  const doc = JSON.parse(r.stdout);
  assert.deepEqual(
    doc.topics.map((t) => t.name),
    ['orders', 'stale'],
  );
});
