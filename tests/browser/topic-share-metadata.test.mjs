// The topic view's Share-group state and Cluster metadata views in Chromium: a log directory
// holding __share_group_state-2 and __cluster_metadata-0, their segments written by kafkajs's
// record-batch encoder (tests/node/log-writer.mjs) with record bytes from the independent golden
// generators (golden/generate_share_state.py --encode, golden/generate_cluster_metadata.py
// --encode). The records and what Kafka 4.1.0 makes of them are those of
// tests/node/sharestate-fold.test.mjs and tests/node/cluster-metadata-fold.test.mjs (expected
// states written by hand there from Kafka's rules); a snapshot beside the segment is skipped.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, axeClean, openPage, shot, useBrowser } from './helpers.mjs';
import { writeBatch, writeLog } from '../node/log-writer.mjs';

const env = useBrowser();
const dir = mkdtempSync(join(tmpdir(), 'topic-share-meta-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// A golden generator's --encode: its output's hex strings (share-state: a JSON array; cluster
// metadata: a line each) as bytes.
function encode(script, input) {
  const out = execFileSync('python3', [join(ROOT, 'golden', script), '--encode'], { input, encoding: 'utf8' });
  const hex = out.trimStart().startsWith('[') ? JSON.parse(out) : out.trim().split('\n');
  return hex.map((h) => Buffer.from(h, 'hex'));
}

const TOPIC_HEX = '101112131415161718191a1b1c1d1e1f';
const TOPIC = 'EBESExQVFhcYGRobHB0eHw'; // Uuid.toString of TOPIC_HEX
const shareKey = (type, group, partition) => ({ key: { type, group, topic_id: TOPIC_HEX, partition } });
const snapshot = (epoch, start, batches = []) => ({
  value: {
    type: 0,
    snapshot_epoch: epoch,
    state_epoch: 1,
    leader_epoch: 3,
    start_offset: start,
    create_timestamp: '1700000000000',
    write_timestamp: '1700000005000',
    batches,
  },
});
const update = (epoch, leaderEpoch, start, batches = []) => ({
  value: { type: 1, snapshot_epoch: epoch, leader_epoch: leaderEpoch, start_offset: start, batches },
});
// [key, value | null] per record, offsets 0...
const SHARE = [
  [shareKey(0, 'share-app', 0), snapshot(0, 100, [[100, 119, 0, 1]])],
  [shareKey(1, 'share-app', 0), update(0, -1, -1, [[105, 109, 2, 1]])],
  [shareKey(0, 'share-app', 1), snapshot(0, 0)],
  [shareKey(1, 'share-app', 1), update(7, 4, 10)], // 3: snapshot epoch 7, the snapshot's is 0
  [shareKey(0, 'share-app', 1), null], // a tombstone: share-app:1 deleted
  [shareKey(1, 'other', 0), update(2, 9, 50, [[50, 52, 4, 3]])], // 5: no snapshot before it
  [shareKey(1, 'share-app', 0), update(0, 5, 107, [[110, 111, 0, 2]])],
];

async function shareSegment() {
  const bytes = encode('generate_share_state.py', JSON.stringify(SHARE.flatMap(([k, v]) => (v ? [k, v] : [k]))));
  let b = 0;
  const records = SHARE.map(([, v], offset) => ({ offset, key: bytes[b++], value: v ? bytes[b++] : null }));
  return writeLog(records, { perBatch: 3 });
}

const uuid = (first) => Buffer.from(Array.from({ length: 16 }, (_, i) => first + i)).toString('base64url');
const broker = (id, epoch, rack) => ({
  api_key: 0,
  version: 3,
  record: {
    broker_id: id,
    is_migrating_zk_broker: false,
    incarnation_id: uuid(0x40),
    broker_epoch: epoch,
    end_points: [{ name: 'PLAINTEXT', host: `b${id}`, port: 9092, security_protocol: 0 }],
    features: [],
    rack,
    fenced: true,
    in_controlled_shutdown: false,
    log_dirs: [uuid(0x50)],
  },
});
const partition = (id, replicas, isr, leader, leaderEpoch, partitionEpoch) => ({
  api_key: 3,
  version: 2,
  record: {
    partition_id: id,
    topic_id: TOPIC,
    replicas,
    isr,
    removing_replicas: [],
    adding_replicas: [],
    leader,
    leader_epoch: leaderEpoch,
    partition_epoch: partitionEpoch,
    directories: [],
    eligible_leader_replicas: [],
  },
});
// Offset by offset; offset 7 is a batch whose CRC does not match.
const METADATA = [
  { api_key: 12, version: 0, record: { name: 'metadata.version', feature_level: 27 } }, // 0
  broker(1, 10, 'rack-a'), // 1
  broker(2, 20, null), // 2
  { api_key: 8, version: 0, record: { id: 1, epoch: 10 } }, // 3: unfence broker 1
  { api_key: 8, version: 0, record: { id: 2, epoch: 21 } }, // 4: broker 2's epoch is 20: refused
  { api_key: 2, version: 0, record: { name: 'orders', topic_id: TOPIC } }, // 5
  partition(0, [1, 2], [1, 2], 1, 0, 0), // 6
];
const CHANGE = { api_key: 5, version: 0, record: { partition_id: 0, topic_id: TOPIC, isr: [2], leader: 2 } }; // 8

async function metadataSegment() {
  const values = encode('generate_cluster_metadata.py', [...METADATA, CHANGE].map((r) => JSON.stringify(r)).join('\n'));
  const bad = await writeBatch({ baseOffset: 7, records: [{ key: null, value: values[0] }] });
  bad[bad.length - 1] ^= 0xff; // a byte of the record changed after the CRC was written
  return Buffer.concat([
    await writeBatch({ baseOffset: 0, records: values.slice(0, 7).map((value) => ({ key: null, value })) }),
    bad,
    await writeBatch({ baseOffset: 8, records: [{ key: null, value: values[7] }] }),
  ]);
}

test('share-group state and the metadata log dropped in: each view, its rows, anomalies and errors', async () => {
  const root = join(dir, 'logdir');
  for (const [d, segment] of [
    ['__share_group_state-2', await shareSegment()],
    ['__cluster_metadata-0', await metadataSegment()],
  ]) {
    mkdirSync(join(root, d), { recursive: true });
    writeFileSync(join(root, d, '00000000000000000000.log'), segment);
  }
  // A KRaft snapshot: not read by the viewer (skipped as Kafka's other files are).
  writeFileSync(join(root, '__cluster_metadata-0', '00000000000000000005-0000000001.checkpoint'), 'x');

  const { context, page, problems } = await openPage(env.browser, env.url);
  await page.click('#tab-topic');
  await page.setInputFiles('#topic-dir', root);
  await page.waitForSelector('#topic-status', { timeout: 60_000 });
  assert.match(await page.textContent('#share-count'), /^2 share-partitions from 7 records of __share_group_state$/);
  const cells = (sel) =>
    page.$$eval(`${sel} tbody tr`, (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent)),
    );
  assert.deepEqual(await cells('#topic-share-state'), [
    ['other', TOPIC, '0', '2/0/9', '50', '1', '50-52 Archived x3'],
    // [100,119] available, [105,109] acked over it, pruned below 107, then [110,111] delivered twice
    ['share-app', TOPIC, '0', '0/1/5', '107', '2', '107-109 Acked x1, 110-111 Available x2, 112-119 Available x1'],
  ]);
  const shareAnomalies = await page.$$eval('#topic-share-state .share-anom', (lis) => lis.map((li) => li.textContent));
  assert.equal(shareAnomalies.length, 2);
  assert.match(
    shareAnomalies[0],
    new RegExp(`^partition 2 offset 3 update_snapshot_epoch_mismatch share-app:${TOPIC}:1: \\S`),
  );
  assert.match(shareAnomalies[1], new RegExp(`^partition 2 offset 5 update_without_snapshot other:${TOPIC}:0: \\S`));

  assert.match(
    await page.textContent('#meta-count'),
    /^2 brokers, 1 topic, 1 partition from 8 records of __cluster_metadata, last offset 8$/,
  );
  assert.deepEqual(await cells('#topic-cluster-metadata .meta-brokers'), [
    ['1', '10', 'unfenced', 'rack-a', 'PLAINTEXT://b1:9092'], // registered fenced, unfenced at 3
    ['2', '20', 'fenced', '-', 'PLAINTEXT://b2:9092'],
  ]);
  // PartitionRegistration.merge at 8: leader 2 (leader epoch + 1), ISR [2], partition epoch + 1.
  assert.deepEqual(await cells('#topic-cluster-metadata .meta-partitions'), [
    ['orders', TOPIC, '0', '2', '1/1', '[1,2]', '[2]'],
  ]);
  assert.equal(await page.textContent('#meta-features'), 'Features: metadata.version=27');
  const metaAnomalies = await page.$$eval('#topic-cluster-metadata .meta-anom', (lis) =>
    lis.map((li) => li.textContent),
  );
  assert.equal(metaAnomalies.length, 1);
  assert.match(
    metaAnomalies[0],
    /^partition 0 offset 4 broker_epoch_mismatch: .*broker 2, but the given epoch, 21, did not match the current broker epoch, 20/,
  );
  // The corrupt batch, named with its file and position; the read went on past it.
  const metaErrors = await page.$$eval('#topic-cluster-metadata .perr-item', (lis) => lis.map((li) => li.textContent));
  assert.equal(metaErrors.length, 1);
  assert.match(
    metaErrors[0],
    /^partition 0 offset 7 \(file __cluster_metadata-0\/00000000000000000000\.log, position \d+\) CRC_MISMATCH batch\.crc: /,
  );
  await axeClean(page);
  await shot(page, 'topic-share-metadata');
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(problems, []);
  await context.close();
});
