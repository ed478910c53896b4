// coordination-viewer cluster-metadata (wasm/cli/cluster-metadata.mjs) on a segment of
// __cluster_metadata written by kafkajs's record batch encoder (tests/node/log-writer.mjs), its
// values by golden/generate_cluster_metadata.py --encode (an independent writer, from Kafka's
// JSON specs), the image expected written by hand from Kafka 4.1.0's replay rules
// (wasm/core/clustermetadata/README.md, "The fold").
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { run as clusterMetadata } from '../../wasm/cli/cluster-metadata.mjs';
import { outputSink } from './helpers.mjs';
import { writeBatch, writeMarker } from './log-writer.mjs';

const GENERATOR = fileURLToPath(new URL('../../golden/generate_cluster_metadata.py', import.meta.url));
const uuid = (first) => Buffer.from(Array.from({ length: 16 }, (_, i) => first + i)).toString('base64url');
const ORDERS = uuid(0x10); // 'EBESExQVFhcYGRobHB0eHw'
const GONE = uuid(0x20);
const PENDING = uuid(0x30);
const INCARNATION = uuid(0x40);
const DIR = uuid(0x50);

const endpoint = (host) => ({ name: 'PLAINTEXT', host, port: 9092, security_protocol: 0 });
const broker = (id, epoch, rack) => ({
  api_key: 0,
  version: 3,
  record: {
    broker_id: id,
    is_migrating_zk_broker: false,
    incarnation_id: INCARNATION,
    broker_epoch: epoch,
    end_points: [endpoint(`b${id}`)],
    features: [],
    rack,
    fenced: true,
    in_controlled_shutdown: false,
    log_dirs: [DIR],
  },
});
const partition = (id, replicas, isr, leader, leaderEpoch, partitionEpoch, elr) => ({
  api_key: 3,
  version: 2,
  record: {
    partition_id: id,
    topic_id: ORDERS,
    replicas,
    isr,
    removing_replicas: [],
    adding_replicas: [],
    leader,
    leader_epoch: leaderEpoch,
    partition_epoch: partitionEpoch,
    directories: [],
    eligible_leader_replicas: elr,
  },
});
// Offset by offset; 11 is a control batch, 12 a batch whose CRC does not match.
const RECORDS = [
  { api_key: 12, version: 0, record: { name: 'metadata.version', feature_level: 27 } }, // 0
  broker(1, 10, 'rack-a'), // 1
  broker(2, 20, null), // 2
  { api_key: 8, version: 0, record: { id: 1, epoch: 10 } }, // 3: unfence broker 1
  { api_key: 8, version: 0, record: { id: 2, epoch: 21 } }, // 4: broker 2's epoch is 20: refused
  { api_key: 2, version: 0, record: { name: 'orders', topic_id: ORDERS } }, // 5
  partition(0, [1, 2], [1, 2], 1, 0, 0, []), // 6
  partition(1, [2, 1], [2], 2, 3, 4, [1]), // 7
  { api_key: 5, version: 0, record: { partition_id: 0, topic_id: ORDERS, isr: [2], leader: 2 } }, // 8
  {
    api_key: 4,
    version: 0,
    record: { resource_type: 2, resource_name: 'orders', name: 'retention.ms', value: '1000' },
  }, // 9
  { api_key: 5, version: 0, record: { partition_id: 0, topic_id: GONE, leader: 1 } }, // 10: no such topic
];
const LATER = [
  { api_key: 15, version: 0, record: { broker_id: 1, broker_epoch: 10, next_producer_id: 5000 } }, // 13
  { api_key: 23, version: 0, record: {} }, // 14: BeginTransactionRecord
  { api_key: 2, version: 0, record: { name: 'pending', topic_id: PENDING } }, // 15
];

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

const dir = mkdtempSync(join(tmpdir(), 'cv-cluster-metadata-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const values = encode([...RECORDS, ...LATER]);
const first = values.slice(0, RECORDS.length).map((value) => ({ key: null, value }));
const bad = await writeBatch({ baseOffset: 12, records: [{ key: null, value: encode([RECORDS[0]])[0] }] });
bad[bad.length - 1] ^= 0xff; // a byte of the record changed after the CRC was written
const segment = Buffer.concat([
  await writeBatch({ baseOffset: 0, records: first.slice(0, 5) }),
  await writeBatch({ baseOffset: 5, records: first.slice(5) }),
  // KRaft's LeaderChangeMessage is a control record of type 2: not a metadata record.
  await writeMarker({ offset: 11, producerId: -1, typeId: 2 }),
  bad,
  await writeBatch({ baseOffset: 13, records: values.slice(RECORDS.length).map((value) => ({ key: null, value })) }),
]);
mkdirSync(join(dir, '__cluster_metadata-0'));
writeFileSync(join(dir, '__cluster_metadata-0', '00000000000000000000.log'), segment);

async function cli(argv) {
  const stdout = outputSink();
  const stderr = outputSink();
  const code = await clusterMetadata(argv, { stdout: stdout.stream, stderr: stderr.stream, cwd: dir });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

const none = { eligibleLeaderReplicas: [], lastKnownElr: [], removingReplicas: [], addingReplicas: [] };

test('cluster-metadata: a partition directory folded into the image at its end, as JSON', async () => {
  const r = await cli(['__cluster_metadata-0']);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  const listeners = (host) => [{ name: 'PLAINTEXT', host, port: 9092, securityProtocol: 0 }];
  assert.deepEqual(doc.brokers, [
    // ClusterDelta: registered fenced, unfenced at 3 by a record of its epoch.
    {
      id: 1,
      epoch: '10',
      incarnationId: INCARNATION,
      listeners: listeners('b1'),
      rack: 'rack-a',
      fenced: false,
      inControlledShutdown: false,
      offset: '3',
    },
    // Offset 4's epoch 21 is not its 20: the record changes nothing.
    {
      id: 2,
      epoch: '20',
      incarnationId: INCARNATION,
      listeners: listeners('b2'),
      rack: null,
      fenced: true,
      inControlledShutdown: false,
      offset: '2',
    },
  ]);
  assert.deepEqual(doc.topics, [
    {
      name: 'orders',
      id: ORDERS,
      offset: '5',
      partitions: [
        // PartitionRegistration.merge at 8: leader 2 (leader epoch + 1), ISR [2], partition epoch + 1.
        {
          partition: 0,
          leader: 2,
          leaderEpoch: 1,
          partitionEpoch: 1,
          replicas: [1, 2],
          isr: [2],
          ...none,
          leaderRecoveryState: 0,
          offset: '8',
        },
        {
          partition: 1,
          leader: 2,
          leaderEpoch: 3,
          partitionEpoch: 4,
          replicas: [2, 1],
          isr: [2],
          ...none,
          eligibleLeaderReplicas: [1],
          leaderRecoveryState: 0,
          offset: '7',
        },
      ],
    },
  ]);
  assert.deepEqual(doc.features, [{ name: 'metadata.version', level: 27 }]);
  assert.deepEqual(doc.configs, [
    { resourceType: 2, resourceName: 'orders', name: 'retention.ms', value: '1000', offset: '9' },
  ]);
  assert.deepEqual(doc.producerIds, { nextProducerId: '5000', brokerId: 1, offset: '13' });
  // The transaction begun at 14 has no end: its TopicRecord is not published.
  assert.deepEqual(doc.openTransaction, { offset: '14', records: 1 });
  assert.equal(doc.lastOffset, '15');
  assert.deepEqual(
    [doc.controllers, doc.acls, doc.scramCredentials, doc.delegationTokens, doc.clientQuotaEntities],
    [0, 0, 0, 0, 0],
  );
  assert.deepEqual(
    doc.anomalies.map((a) => [a.kind, a.logPartition, a.offset]),
    [
      ['broker_epoch_mismatch', 0, '4'],
      ['partition_unknown_topic', 0, '10'],
    ],
  );
  assert.match(
    doc.anomalies[0].message,
    /broker 2, but the given epoch, 21, did not match the current broker epoch, 20/,
  );
  // The corrupt batch: its partition and base offset, in its file; the read went on past it.
  assert.deepEqual(
    doc.errors.map((e) => [e.partition, e.offset, e.code, e.file]),
    [[0, '12', 'CRC_MISMATCH', '00000000000000000000.log']],
  );
  assert.equal(doc.records, 14); // 0-10 and 13-15; the control record and the corrupt batch's not
});

test('cluster-metadata --format table, the help and a missing input', async () => {
  const r = await cli(['__cluster_metadata-0', '--format', 'table']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  assert.ok(
    lines.some((l) => /^1\s+10\s+unfenced\s+rack-a\s+PLAINTEXT:\/\/b1:9092/.test(l)),
    r.stdout,
  );
  assert.ok(
    lines.some((l) => /^orders\s+EBESExQVFhcYGRobHB0eHw\s+0\s+2\s+1\/1\s+\[1,2\]\s+\[2\]/.test(l)),
    r.stdout,
  );
  assert.ok(lines.includes('features: metadata.version=27'), r.stdout);
  assert.ok(lines.includes('  topic "orders": retention.ms=1000'), r.stdout);
  assert.ok(lines.includes('open metadata transaction since offset 14 (1 records, not in the image)'), r.stdout);
  assert.ok(
    lines.some((l) => /^ {2}partition_unknown_topic @0\/10: /.test(l)),
    r.stdout,
  );
  assert.ok(
    lines.some((l) => /^ {2}partition 0 offset 12 \(file .*\): CRC_MISMATCH /.test(l)),
    r.stdout,
  );
  const help = await cli(['--help']);
  assert.match(help.stdout, /^usage: coordination-viewer cluster-metadata PATH/);
  const missing = await cli(['nothing-here']);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /coordination-viewer cluster-metadata: cannot read .*nothing-here/);
});

test('cluster-metadata: JSON Lines records, a null value an error at its offset', async () => {
  const line = (i) => ({ key: null, value: values[i].toString('hex'), offset: i });
  const lines = [line(5), line(6), line(8), { key: null, value: null, offset: 9 }];
  writeFileSync(join(dir, 'records.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  const r = await cli(['records.jsonl']);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.deepEqual(doc.topics, [
    {
      name: 'orders',
      id: ORDERS,
      offset: '5',
      partitions: [
        {
          partition: 0,
          leader: 2,
          leaderEpoch: 1,
          partitionEpoch: 1,
          replicas: [1, 2],
          isr: [2],
          ...none,
          leaderRecoveryState: 0,
          offset: '8',
        },
      ],
    },
  ]);
  assert.deepEqual(
    doc.errors.map((e) => [e.offset, e.code, e.field, e.recordType]),
    [['9', 'NULL_VALUE', 'value', null]],
  );
  assert.equal(doc.records, 4);
});
