// `coordination-viewer groups` (wasm/cli/groups.mjs) through run(argv, io): a log directory of
// three __consumer_offsets partitions written by kafkajs's record-batch encoder with group records
// from an independent writer (tests/node/group-writer.mjs): a Kafka Streams group down to its
// members' tasks and the upgrade's step, every anomaly, errors, --group, the table, and --jobs N
// giving the document of --jobs 1 byte for byte. What the fold should give is written here from
// the records, by the rules (wasm/core/groups/README.md, "The fold").
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { run as groups } from '../../wasm/cli/groups.mjs';
import { outputSink } from './helpers.mjs';
import {
  consumerAssignment,
  consumerGroupKey,
  consumerGroupValue,
  consumerSubscription,
  epochHashValue,
  groupKey,
  groupSegment,
  groupValue,
  offsetKey,
  offsetValue,
  regexKey,
  regexValue,
  shareGroupKey,
  shareMemberKey,
  shareMemberValue,
  shareTargetKey,
  shareTargetValue,
  streamsAssignment,
  streamsAssignmentEpochKey,
  streamsAssignmentEpochValue,
  streamsCurrentKey,
  streamsCurrentValue,
  streamsGroupKey,
  streamsMemberKey,
  streamsMemberValue,
  streamsSubscription,
  streamsTargetKey,
  streamsTargetValue,
  topologyKey,
  topologyValue,
} from './group-writer.mjs';

const T0 = 1_700_000_000_000;
const dir = mkdtempSync(join(tmpdir(), 'groups-cli-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// Partition 0: the Streams group "orders-app", its second rolling bounce in progress (s1 still
// sends version 2, s2 and s3 version 3); s1 and s2 both hold active task 0_1.
const streamsMember = (id, version, active, standby, partitions) => ({
  memberId: id,
  clientId: `${id}-client`,
  clientHost: `/10.0.0.${id.at(-1)}`,
  subscription: consumerSubscription(['orders'], streamsSubscription({ version, processId: Number(id.at(-1)) })),
  assignment: consumerAssignment(
    [['orders', partitions]],
    streamsAssignment({
      active,
      standby,
      byHost: [
        ['s1.example', 8080, [['orders', 0]]],
        ['s2.example', 8080, [['orders', 1]]],
        ['s3.example', 8080, [['orders', 2]]],
      ],
    }),
  ),
});
const ordersApp = {
  protocolType: 'consumer',
  generation: 7,
  protocol: 'stream',
  leader: 's1',
  currentStateTimestamp: T0,
  members: [
    streamsMember(
      's1',
      2,
      [
        [0, 0],
        [0, 1],
      ],
      [[[0, 2], [['orders-changelog', 2]]]],
      [0],
    ),
    streamsMember('s2', 3, [[0, 1]], [], [1]),
    streamsMember('s3', 3, [[0, 2]], [[[0, 0], [['orders-changelog', 0]]]], [2]),
  ],
};
const partition0 = [
  { offset: 0, key: offsetKey('orders-app', 'orders', 0), value: offsetValue({ offset: 10, commitTimestamp: T0 }) },
  { offset: 1, key: groupKey('orders-app'), value: groupValue({ ...ordersApp, generation: 6 }) },
  { offset: 2, key: groupKey('orders-app'), value: groupValue(ordersApp) },
  {
    offset: 3,
    key: offsetKey('orders-app', 'orders', 0),
    value: offsetValue({ offset: 42, leaderEpoch: 3, metadata: 'm', commitTimestamp: T0 + 5 }),
  },
  { offset: 4, key: groupKey('orders-app'), value: Buffer.alloc(0) }, // empty: an error, not a tombstone
];
// Partition 1: the consumer group "billing": its generation goes back (5, then 4); m1 and m2 both
// hold billing-0, m2 is assigned "audit", which it does not subscribe to.
const billing = (generation) => ({
  protocolType: 'consumer',
  generation,
  protocol: 'range',
  leader: 'm1',
  currentStateTimestamp: T0,
  members: [
    {
      memberId: 'm1',
      subscription: consumerSubscription(['billing']),
      assignment: consumerAssignment([['billing', [0, 1]]]),
    },
    {
      memberId: 'm2',
      groupInstanceId: 'billing-2',
      subscription: consumerSubscription(['billing']),
      assignment: consumerAssignment([
        ['billing', [0]],
        ['audit', [3]],
      ]),
    },
  ],
});
const partition1 = [
  { offset: 0, key: groupKey('billing'), value: groupValue(billing(5)) },
  { offset: 1, key: groupKey('billing'), value: groupValue(billing(4)) },
  { offset: 2, key: offsetKey('billing', 'billing', 1), value: offsetValue({ offset: 7 }) },
  { offset: 3, key: offsetKey('billing', 'billing', 1), value: null }, // deleted
  { offset: 4, key: groupKey('gone'), value: groupValue({ ...billing(1), members: [] }) },
  { offset: 5, key: groupKey('gone'), value: null },
];
// Partition 2: offsets for a group with no metadata, a key of no record type, a KIP-848 group.
const partition2 = [
  { offset: 0, key: offsetKey('lonely', 'events', 2), value: offsetValue({ offset: 99 }) },
  { offset: 1, key: Buffer.from([0, 9, 0, 1, 0x78]), value: null },
  { offset: 2, key: consumerGroupKey('kip848'), value: consumerGroupValue(12) },
];
for (const [partition, records] of [partition0, partition1, partition2].entries()) {
  const d = join(dir, `__consumer_offsets-${partition}`);
  mkdirSync(d);
  writeFileSync(join(d, '00000000000000000000.log'), await groupSegment(records, 2));
}

async function cli(argv) {
  const stdout = outputSink();
  const stderr = outputSink();
  const code = await groups(argv, { stdout: stdout.stream, stderr: stderr.stream, cwd: dir });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

const one = await cli(['.', '--jobs', '1']);
const doc = JSON.parse(one.stdout);

test('groups: a Streams group from __consumer_offsets down to its members tasks and the upgrade step', () => {
  assert.equal(one.code, 0, one.stderr);
  assert.equal(doc.records, partition0.length + partition1.length + partition2.length);
  assert.deepEqual(
    doc.groups.map((g) => g.group),
    ['billing', 'kip848', 'lonely', 'orders-app'],
  );
  const app = doc.groups[3];
  assert.deepEqual(
    [app.partition, app.offset, app.protocolType, app.protocol, app.generation, app.leader, app.currentStateTimestamp],
    [0, '2', 'consumer', 'stream', 7, 's1', String(T0)],
  );
  assert.deepEqual(app.offsets, [
    {
      topic: 'orders',
      partition: 0,
      offset: '42',
      leaderEpoch: 3,
      metadata: 'm',
      commitTimestamp: String(T0 + 5),
      recordPartition: 0,
      recordOffset: '3',
    },
  ]);
  assert.deepEqual(
    app.members.map((m) => [m.memberId, m.clientId, m.clientHost, m.sessionTimeout, m.rebalanceTimeout]),
    [
      ['s1', 's1-client', '/10.0.0.1', 45000, 300000],
      ['s2', 's2-client', '/10.0.0.2', 45000, 300000],
      ['s3', 's3-client', '/10.0.0.3', 45000, 300000],
    ],
  );
  const [s1, s2, s3] = app.members;
  assert.deepEqual(s1.subscription, {
    version: 1,
    topics: ['orders'],
    ownedPartitions: [],
    generationId: -1,
    rackId: null,
  });
  assert.deepEqual(s1.assignment, { version: 0, assignedPartitions: [{ topic: 'orders', partitions: [0] }] });
  assert.deepEqual(
    app.members.map((m) => m.streams.subscription.version),
    [2, 3, 3],
  );
  assert.equal(s2.streams.subscription.userEndPoint, 'host:8080');
  assert.deepEqual(s1.streams.assignment.activeTasks, [
    { topicGroupId: 0, partition: 0 },
    { topicGroupId: 0, partition: 1 },
  ]);
  assert.deepEqual(s1.streams.assignment.standbyTasks, [
    { task: { topicGroupId: 0, partition: 2 }, partitions: [{ topic: 'orders-changelog', partition: 2 }] },
  ]);
  assert.deepEqual(s3.streams.assignment.partitionsByHost[2], {
    host: 's3.example',
    port: 8080,
    partitions: [{ topic: 'orders', partition: 2 }],
  });
  // KIP-268: s1 still sends version 2, so the leader answers 2; the second bounce is in progress.
  assert.equal(app.streams.upgrade.step, 'second-bounce');
  assert.equal(app.streams.upgrade.leaderVersion, 2);
  assert.deepEqual(
    app.streams.upgrade.members.map((m) => [m.name, m.version]),
    [
      ['s1', 2],
      ['s2', 3],
      ['s3', 3],
    ],
  );
  assert.match(app.streams.upgrade.sentences.at(-1), /s1 still sends version 2/);
  assert.equal(app.consumerGroup, null);
});

test('groups: a classic group, a KIP-848 group, offsets alone, tombstones', () => {
  const [billing, kip, lonely] = doc.groups;
  assert.deepEqual([billing.generation, billing.offset, billing.streams], [4, '1', null]);
  assert.deepEqual(billing.offsets, []); // its one offset deleted
  assert.deepEqual(
    billing.members.map((m) => [m.memberId, m.groupInstanceId, m.subscription.topics, m.assignment.assignedPartitions]),
    [
      ['m1', null, ['billing'], [{ topic: 'billing', partitions: [0, 1] }]],
      [
        'm2',
        'billing-2',
        ['billing'],
        [
          { topic: 'billing', partitions: [0] },
          { topic: 'audit', partitions: [3] },
        ],
      ],
    ],
  );
  assert.deepEqual(
    [kip.partition, kip.protocolType, kip.generation, kip.consumerGroup.groupEpoch, kip.consumerGroup.assignmentEpoch],
    [2, null, -1, 12, -1],
  );
  assert.deepEqual(kip.consumerGroup.members, []);
  assert.deepEqual(
    [lonely.partition, lonely.offset, lonely.members, lonely.offsets.map((o) => [o.topic, o.partition, o.offset])],
    [2, null, [], [['events', 2, '99']]],
  );
});

test('groups: every anomaly names its group, generation, partition and record offset', () => {
  assert.deepEqual(
    doc.anomalies.map((a) => [a.kind, a.group, a.generation, a.partition, a.offset]),
    [
      ['generation_backwards', 'billing', 4, 1, '1'],
      ['partition_assigned_twice', 'billing', 4, 1, '1'],
      ['topic_not_subscribed', 'billing', 4, 1, '1'],
      ['offsets_without_group', 'lonely', -1, 2, '0'],
      ['task_assigned_twice', 'orders-app', 7, 0, '2'],
      ['subscription_versions_differ', 'orders-app', 7, 0, '2'],
    ],
  );
  // orders-app's generation 6 then 7 goes forward: no anomaly; billing's 5 then 4 goes back.
  assert.match(doc.anomalies[0].message, /generation 4 at offset 1, below 5/);
  assert.equal(doc.anomalies[5].upgradeStep, 'second-bounce');
  assert.match(doc.anomalies[5].message, /versions 2 \(s1\), 3 \(s2, s3\)/);
  assert.match(doc.anomalies[4].message, /active task 0_1 is assigned to member "s1" and to member "s2"/);
  assert.match(doc.anomalies[1].message, /partition billing-0 is assigned to member "m1" and to member "m2"/);
});

test('groups: bad records are errors naming partition, offset, code and path; the fold goes on', () => {
  assert.deepEqual(
    doc.errors.map((e) => [e.partition, e.offset, e.group, e.code]),
    [
      [0, '4', 'orders-app', doc.errors[0].code],
      [2, '1', null, 'UNSUPPORTED_VERSION'],
    ],
  );
  assert.match(doc.errors[0].field, /^group/);
  assert.equal(doc.errors[1].field, 'key.version');
});

test('groups --format table: each group, its members Streams tasks, the upgrade, anomalies and errors', async () => {
  const r = await cli(['.', '--jobs', '1', '--format', 'table']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^group "billing" \(partition 1 @1\): consumer\/range, generation 4, leader m1, since /);
  assert.match(
    r.stdout,
    /\n {2}s1 +- +s1-client +\/10\.0\.0\.1 +45000\/300000 ms +orders\[0\] +subscription v2, active 0_0,0_1, standby 0_2\n/,
  );
  assert.match(r.stdout, /\n {2}upgrade: second-bounce, leader answers version 2\n/);
  assert.match(r.stdout, /\n {2}offsets: orders-0=42\n/);
  assert.match(r.stdout, /\n4 groups, 14 records\n/);
  assert.match(r.stdout, /\n {2}subscription_versions_differ orders-app @2 \[second-bounce\]: /);
  assert.match(
    r.stdout,
    /\n {2}partition 2 offset 1 \(file __consumer_offsets-2\/0{20}\.log, position 0\): UNSUPPORTED_VERSION key\.version: /,
  );
});

test('groups --group G: that group alone, its anomalies and errors', async () => {
  const r = await cli(['.', '--jobs', '1', '--group', 'orders-app']);
  assert.equal(r.code, 0, r.stderr);
  const only = JSON.parse(r.stdout);
  assert.deepEqual(
    only.groups.map((g) => g.group),
    ['orders-app'],
  );
  assert.deepEqual(
    only.anomalies.map((a) => a.kind),
    ['task_assigned_twice', 'subscription_versions_differ'],
  );
  assert.deepEqual(
    only.errors.map((e) => [e.partition, e.offset]),
    [[0, '4']],
  );
});

// A log directory of many partitions: in each, groups whose generation goes back, members holding
// one partition, bad records, offsets of a group whose metadata is in another partition (an
// anomaly found only across partitions), and more bad records than the error cap over all.
const many = join(dir, 'many');
mkdirSync(many);
const PARTITIONS = 12;
for (let p = 0; p < PARTITIONS; p++) {
  const records = [];
  const add = (key, value) => records.push({ offset: records.length, key, value });
  for (let g = 0; g < 5; g++) {
    const group = `group-${p}-${g}`;
    const value = (generation) =>
      groupValue({
        protocolType: 'consumer',
        generation,
        protocol: 'range',
        leader: 'a',
        members: ['a', 'b'].map((id) => ({
          memberId: id,
          subscription: consumerSubscription(['t']),
          assignment: consumerAssignment([['t', g % 2 === 0 ? [0] : [id === 'a' ? 1 : 2]]]),
        })),
      });
    add(groupKey(group), value(10));
    add(offsetKey(group, 't', g), offsetValue({ offset: p * 100 + g }));
    add(groupKey(group), value(g % 3 === 0 ? 9 : 11));
  }
  // Offsets in partition p for the group of partition p + 1 (and none for the last).
  if (p + 1 < PARTITIONS) add(offsetKey(`group-${p + 1}-0`, 'moved', p), offsetValue({ offset: 1 }));
  for (let k = 0; k < 1000; k++) add(groupKey(`bad-${p}`), Buffer.alloc(0));
  const d = join(many, `__consumer_offsets-${p}`);
  mkdirSync(d);
  writeFileSync(join(d, '00000000000000000000.log'), await groupSegment(records, 50));
}

test('groups --jobs N gives the document of --jobs 1 byte for byte, caps hit across partitions', async () => {
  const first = await cli([many, '--jobs', '1']);
  assert.equal(first.code, 0, first.stderr);
  const doc1 = JSON.parse(first.stdout);
  assert.equal(doc1.groups.length, PARTITIONS * 5);
  assert.equal(doc1.errors.length, 10000);
  assert.equal(doc1.errorsOmitted, PARTITIONS * 1000 - 10000);
  const kinds = new Set(doc1.anomalies.map((a) => a.kind));
  assert.deepEqual([...kinds].sort(), ['generation_backwards', 'partition_assigned_twice']);
  // A group's offsets in another partition than its metadata: no offsets_without_group.
  const moved = doc1.groups.find((g) => g.group === 'group-5-0');
  assert.deepEqual(
    moved.offsets.map((o) => [o.topic, o.recordPartition]),
    [
      ['moved', 4],
      ['t', 5],
    ],
  );
  for (const jobs of ['2', '5']) {
    const apart = await cli([many, '--jobs', jobs]);
    assert.equal(apart.code, 0, apart.stderr);
    assert.equal(apart.stdout, first.stdout, `--jobs ${jobs}`);
  }
  const tableOne = await cli([many, '--jobs', '1', '--format', 'table']);
  const tableApart = await cli([many, '--jobs', '3', '--format', 'table']);
  assert.equal(tableApart.stdout, tableOne.stdout);
});

// Apache Kafka 4.1.0's record types (share groups, regular expressions, Streams groups) in their own
// log directory: no errors, each key's newest record, tombstones, their sections of the group.
test('groups: Kafka 4.1.0 share groups, regular expressions and Streams groups', async () => {
  const dir41 = mkdtempSync(join(tmpdir(), 'groups-cli-41-'));
  try {
    const topicA = Buffer.alloc(16, 0x11);
    const records = [
      { offset: 0, key: shareGroupKey('sh'), value: epochHashValue(1, 5) },
      { offset: 1, key: shareGroupKey('sh'), value: epochHashValue(2, 6) },
      {
        offset: 2,
        key: shareMemberKey('sh', 'm2'),
        value: shareMemberValue({ clientId: 'c2', clientHost: 'h', topics: [] }),
      },
      {
        offset: 3,
        key: shareMemberKey('sh', 'm1'),
        value: shareMemberValue({ clientId: 'c1', clientHost: 'h', topics: ['orders'] }),
      },
      { offset: 4, key: shareMemberKey('sh', 'm2'), value: null }, // m2 left
      { offset: 5, key: shareTargetKey('sh', 'm1'), value: shareTargetValue([[topicA, [0, 1]]]) },
      { offset: 6, key: consumerGroupKey('cg'), value: consumerGroupValue(3) },
      {
        offset: 7,
        key: regexKey('cg', 'orders-.*'),
        value: regexValue({ topics: ['orders-eu'], version: 9, timestamp: T0 }),
      },
      { offset: 8, key: regexKey('cg', 'audit-.*'), value: regexValue({ topics: [], version: 9, timestamp: T0 }) },
      { offset: 9, key: streamsGroupKey('st'), value: epochHashValue(4, -1) },
      { offset: 10, key: topologyKey('st'), value: topologyValue(1, [{ id: '0', sourceTopics: ['input'] }]) },
      { offset: 11, key: streamsTargetKey('st', 't1'), value: streamsTargetValue({ active: [['0', [0, 1]]] }) },
      { offset: 12, key: offsetKey('st', 'input', 0), value: offsetValue({ offset: 5 }) },
    ];
    const d = join(dir41, '__consumer_offsets-3');
    mkdirSync(d);
    writeFileSync(join(d, '00000000000000000000.log'), await groupSegment(records, 3));
    const run = async (argv) => {
      const stdout = outputSink();
      const stderr = outputSink();
      const code = await groups(argv, { stdout: stdout.stream, stderr: stderr.stream, cwd: dir41 });
      return { code, stdout: stdout.text(), stderr: stderr.text() };
    };
    const r = await run(['.', '--jobs', '1']);
    assert.equal(r.code, 0, r.stderr);
    const d41 = JSON.parse(r.stdout);
    assert.deepEqual(d41.errors, []);
    assert.deepEqual(d41.anomalies, []); // st's offset has its group's metadata: no offsets_without_group
    assert.equal(d41.records, records.length);
    const [cg, sh, st] = d41.groups;
    assert.deepEqual(
      d41.groups.map((g) => [g.group, g.consumerGroup !== null, g.shareGroup !== null, g.streamsGroup !== null]),
      [
        ['cg', true, false, false],
        ['sh', false, true, false],
        ['st', false, false, true],
      ],
    );
    assert.equal(cg.consumerGroup.groupEpoch, 3);
    assert.equal(cg.consumerGroup.metadataHash, '0'); // no tag: Kafka's default
    assert.deepEqual(cg.consumerGroup.regularExpressions, [
      { regularExpression: 'audit-.*', topics: [], metadataVersion: '9', timestamp: String(T0) },
      { regularExpression: 'orders-.*', topics: ['orders-eu'], metadataVersion: '9', timestamp: String(T0) },
    ]);
    assert.deepEqual(
      [sh.shareGroup.groupEpoch, sh.shareGroup.metadataHash, sh.shareGroup.assignmentEpoch],
      [2, '6', -1],
    );
    assert.deepEqual(
      sh.shareGroup.members.map((m) => [
        m.memberId,
        m.metadata.clientId,
        m.metadata.subscribedTopicNames,
        m.targetAssignment,
      ]),
      [['m1', 'c1', ['orders'], [{ topicId: 'EREREREREREREREREREREQ', partitions: [0, 1], unknownTaggedFields: [] }]]],
    );
    assert.deepEqual(
      [st.streamsGroup.groupEpoch, st.streamsGroup.metadataHash, st.streamsGroup.topology.epoch],
      [4, '-1', 1],
    );
    assert.deepEqual(
      st.streamsGroup.topology.subtopologies.map((t) => [t.subtopologyId, t.sourceTopics]),
      [['0', ['input']]],
    );
    assert.deepEqual(
      st.streamsGroup.members.map((m) => [
        m.memberId,
        m.metadata,
        m.targetAssignment.activeTasks.map((t) => [t.subtopologyId, t.partitions]),
      ]),
      [['t1', null, [['0', [0, 1]]]]],
    );
    assert.deepEqual(
      st.offsets.map((o) => [o.topic, o.partition, o.offset]),
      [['input', 0, '5']],
    );
    // The table: each section's head and lines.
    const t = await run(['.', '--format', 'table']);
    assert.equal(t.code, 0, t.stderr);
    assert.match(t.stdout, /group "sh" \(partition 3\): share group, epoch 2, assignment epoch -1/);
    assert.match(t.stdout, /  share member m1: target EREREREREREREREREREREQ\[0,1\]; current -/);
    assert.match(t.stdout, /group "st" \(partition 3\): Streams group, epoch 4, assignment epoch -1, topology epoch 1/);
    assert.match(t.stdout, /\n  t1 +- +- +- +- +- +- +- +active 0_0,0_1\n/);
    assert.match(t.stdout, /\n  subtopology 0: source input\n/);
    assert.match(t.stdout, /  regular expression "orders-\.\*": orders-eu/);
  } finally {
    rmSync(dir41, { recursive: true, force: true });
  }
});

// A KIP-1071 Streams group as Kafka 4.1.0's coordinator holds it (wasm/core/groups/README.md, "The
// fold"): its members' process ids, epochs, current and target tasks, its topology, and the states
// Kafka refuses: an active task owned by two members, a task twice in one process, epochs past
// the ones they follow. Records by the independent writer.
test('groups: a Kafka 4.1.0 Streams group: members, tasks, topology and what Kafka refuses', async () => {
  const dirSg = mkdtempSync(join(tmpdir(), 'groups-cli-sg-'));
  try {
    const member = (id, processId) => streamsMemberValue({ clientId: `c-${id}`, clientHost: '/10.0.0.1', processId });
    const records = [
      { offset: 0, key: streamsGroupKey('app'), value: epochHashValue(7, 1) },
      {
        offset: 1,
        key: topologyKey('app'),
        value: topologyValue(2, [
          { id: '0', sourceTopics: ['orders'] },
          { id: '1', sourceTopics: ['payments', 'refunds'] },
        ]),
      },
      { offset: 2, key: streamsMemberKey('app', 'a'), value: member('a', 'p1') },
      { offset: 3, key: streamsMemberKey('app', 'b'), value: member('b', 'p2') },
      { offset: 4, key: streamsMemberKey('app', 'c'), value: member('c', 'p1') },
      { offset: 5, key: streamsAssignmentEpochKey('app'), value: streamsAssignmentEpochValue(8) },
      { offset: 6, key: streamsTargetKey('app', 'a'), value: streamsTargetValue({ active: [['0', [0, 1]]] }) },
      {
        offset: 7,
        key: streamsCurrentKey('app', 'a'),
        value: streamsCurrentValue({ epoch: 7, active: [['0', [0, 1]]], warmup: [['1', [3]]] }),
      },
      {
        offset: 8,
        key: streamsCurrentKey('app', 'b'),
        value: streamsCurrentValue({ epoch: 7, active: [['1', [0]]], activeRevoking: [['0', [1]]] }),
      },
      {
        offset: 9,
        key: streamsCurrentKey('app', 'c'),
        value: streamsCurrentValue({ epoch: 9, standby: [['0', [0]]] }),
      },
    ];
    const d = join(dirSg, '__consumer_offsets-5');
    mkdirSync(d);
    writeFileSync(join(d, '00000000000000000000.log'), await groupSegment(records, 4));
    const run = async (argv) => {
      const stdout = outputSink();
      const stderr = outputSink();
      const code = await groups(argv, { stdout: stdout.stream, stderr: stderr.stream, cwd: dirSg });
      return { code, stdout: stdout.text(), stderr: stderr.text() };
    };
    const r = await run(['.']);
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    assert.deepEqual(doc.errors, []);
    assert.deepEqual(
      doc.anomalies.map((a) => [a.kind, a.group, a.generation, a.partition, a.offset]),
      [
        ['epoch_ahead', 'app', 7, 5, '5'],
        ['task_assigned_twice', 'app', 7, 5, '8'],
        ['epoch_ahead', 'app', 7, 5, '9'],
        ['task_owned_twice_in_process', 'app', 7, 5, '9'],
      ],
    );
    assert.equal(
      doc.anomalies[1].message,
      'group "app" (group epoch 7, offset 8): Streams active task 0_1 is owned by member "a" (process "p1", active) ' +
        'and by member "b" (process "p2", active, pending revocation): Kafka\'s coordinator keeps one owner per active ' +
        'task and refuses a second',
    );
    assert.match(
      doc.anomalies[3].message,
      /task 0_0 is held twice by process "p1": by member "a" .* and by member "c"/,
    );
    const [app] = doc.groups;
    assert.deepEqual(
      app.streamsGroup.members.map((m) => [m.memberId, m.metadata.processId, m.currentAssignment.memberEpoch]),
      [
        ['a', 'p1', 7],
        ['b', 'p2', 7],
        ['c', 'p1', 9],
      ],
    );
    const t = await run(['.', '--format', 'table']);
    assert.equal(t.code, 0, t.stderr);
    const lines = t.stdout.split('\n');
    assert.ok(
      lines.includes('group "app" (partition 5): Streams group, epoch 7, assignment epoch 8, topology epoch 2'),
    );
    assert.ok(lines.includes('  subtopology 0: source orders'));
    assert.ok(lines.includes('  subtopology 1: source payments refunds'));
    const row = (id) =>
      lines
        .find((l) => l.startsWith(`  ${id} `))
        .trim()
        .split(/ {2,}/);
    assert.deepEqual(
      lines
        .find((l) => l.startsWith('  STREAMS MEMBER'))
        .trim()
        .split(/ {2,}/),
      ['STREAMS MEMBER', 'PROCESS', 'CLIENT', 'HOST', 'EPOCH', 'ACTIVE', 'STANDBY', 'WARM-UP', 'TARGET'],
    );
    assert.deepEqual(row('a'), ['a', 'p1', 'c-a', '/10.0.0.1', '7', '0_0,0_1', '-', '1_3', 'active 0_0,0_1']);
    assert.deepEqual(row('b'), ['b', 'p2', 'c-b', '/10.0.0.1', '7', '1_0 (revoking 0_1)', '-', '-', '-']);
    assert.deepEqual(row('c'), ['c', 'p1', 'c-c', '/10.0.0.1', '9', '-', '0_0', '-', '-']);
    assert.match(t.stdout, /task_owned_twice_in_process app @9: /);
  } finally {
    rmSync(dirSg, { recursive: true, force: true });
  }
});
