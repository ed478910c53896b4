// The topic view's Groups view (issue 20 item 5) in Chromium: a __consumer_offsets-0 directory
// whose segment is kafkajs's record batches (tests/node/group-writer.mjs groupSegment) holding the
// Kafka Streams group of golden/group-records.json (golden/generate_groups.py's bytes), a second
// Streams group in its rolling upgrade's second bounce and offsets for a group with no metadata
// (both by the independent writer tests/node/group-writer.mjs): each group down to its members'
// tasks, the partitions by host, the upgrade's step, and the anomalies naming group, generation
// and offset. What is expected comes from the golden file and the records written here.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeClean, openPage, shot, golden, useBrowser } from './helpers.mjs';
import {
  consumerAssignment,
  consumerSubscription,
  groupKey,
  groupSegment,
  groupValue,
  offsetKey,
  offsetValue,
  consumerGroupKey,
  consumerGroupValue,
  epochHashValue,
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
} from '../node/group-writer.mjs';

const env = useBrowser();
const dir = mkdtempSync(join(tmpdir(), 'topic-groups-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const T0 = 1_700_000_000_000;
const STREAMS = golden('group-records').vectors.find((v) => v.id === 'group-records/valid/group-v3-stream');
const hexBytes = (h) => Buffer.from(h, 'hex');

// "orders-app": s1 still sends SubscriptionInfo version 2, s2 version 3: the second bounce.
const member = (id, version, active) => ({
  memberId: id,
  clientId: `${id}-client`,
  clientHost: `/10.0.0.${id.at(-1)}`,
  subscription: consumerSubscription(['orders'], streamsSubscription({ version, processId: Number(id.at(-1)) })),
  assignment: consumerAssignment(
    [['orders', [Number(id.at(-1)) - 1]]],
    streamsAssignment({ active, byHost: [['s1.example', 8080, [['orders', 0]]]] }),
  ),
});
const ordersApp = {
  protocolType: 'consumer',
  generation: 7,
  protocol: 'stream',
  leader: 's1',
  currentStateTimestamp: T0,
  members: [member('s1', 2, [[0, 0]]), member('s2', 3, [[0, 1]])],
};
const records = [
  { offset: 0, key: hexBytes(STREAMS.key), value: hexBytes(STREAMS.value) },
  {
    offset: 1,
    key: offsetKey('payments-app', 'orders', 0),
    value: offsetValue({ offset: 42, leaderEpoch: 3, commitTimestamp: T0 }),
  },
  { offset: 2, key: groupKey('orders-app'), value: groupValue(ordersApp) },
  { offset: 3, key: offsetKey('lonely', 'events', 2), value: offsetValue({ offset: 99, commitTimestamp: T0 }) },
];

// The records' segment in a log directory's partitionDir, chosen in the Topic tab: the page once
// the Groups view is shown.
async function dropSegment(partitionDir, segmentRecords = records) {
  const root = join(dir, partitionDir);
  mkdirSync(join(root, partitionDir), { recursive: true });
  writeFileSync(join(root, partitionDir, '00000000000000000000.log'), await groupSegment(segmentRecords));
  const opened = await openPage(env.browser, env.url);
  await opened.page.click('#tab-topic');
  await opened.page.setInputFiles('#topic-dir', root);
  await opened.page.waitForSelector('#topic-groups', { timeout: 60_000 });
  return opened;
}

// Kafka's TaskId.toString: [namedTopology "__"] subtopology "_" partition.
const taskText = (t) => `${t.named_topology ? `${t.named_topology}__` : ''}${t.topic_group_id}_${t.partition}`;

test('a __consumer_offsets-0 directory: each group down to its members’ tasks, the upgrade’s step, the anomalies', async () => {
  const { context, page, problems } = await dropSegment('__consumer_offsets-0');
  assert.equal(await page.textContent('#groups-count'), '3 groups from 4 records of __consumer_offsets');
  assert.deepEqual(await page.$$eval('#topic-groups .group-card', (cards) => cards.map((c) => c.dataset.group)), [
    'lonely',
    'orders-app',
    'payments-app',
  ]);

  // The golden Streams group: its facts, each member's client, host and tasks, the partitions by host.
  const card = '#topic-groups .group-card[data-group="payments-app"]';
  const value = STREAMS.expect.record.value;
  const fact = (name) => page.textContent(`${card} dd[data-fact="${name}"]`);
  assert.equal(await fact('Protocol type'), 'consumer');
  assert.equal(await fact('Protocol'), 'stream');
  assert.equal(await fact('Generation'), String(value.generation));
  assert.equal(await fact('Leader'), value.leader);
  assert.equal(await fact('Metadata record'), 'partition 0 offset 0');
  const cell = (row, col) =>
    page.textContent(`${card} table[aria-label$="members"] tr[data-key="${row}"] td[data-col="${col}"]`);
  for (const m of value.members) {
    const streams = m.consumer_assignment.record.streams.record;
    assert.equal(await cell(m.member_id, 'Client id'), m.client_id);
    assert.equal(await cell(m.member_id, 'Host'), m.client_host);
    assert.equal(await cell(m.member_id, 'Session timeout'), `${m.session_timeout} ms`);
    assert.equal(await cell(m.member_id, 'Instance id'), 'null');
    assert.equal(await cell(m.member_id, 'Active tasks'), streams.active_tasks.map(taskText).join(' '));
    assert.equal(
      await cell(m.member_id, 'Standby tasks'),
      streams.standby_tasks.map((s) => taskText(s.task)).join(' ') || '-',
    );
    assert.equal(
      await cell(m.member_id, 'Subscription version'),
      String(m.consumer_subscription.record.streams.record.version),
    );
  }
  const host = value.members[0].consumer_assignment.record.streams.record.partitions_by_host[0];
  assert.match(
    await page.textContent(`${card} table[aria-label$="partitions by host"] tbody`),
    new RegExp(`Active${host.host}:${host.port}${host.partitions.map((p) => `${p.topic}-${p.partition}`).join(' ')}`),
  );
  assert.equal(await page.getAttribute(`${card} .group-upgrade`, 'data-step'), 'done');
  assert.match(
    await page.textContent(`${card} table[aria-label$="committed offsets"] tr[data-key="orders-0"]`),
    /orders0423/,
  );

  // The upgrade in progress: its step and the leader's answer, and its anomaly.
  const orders = '#topic-groups .group-card[data-group="orders-app"]';
  assert.equal(await page.getAttribute(`${orders} .group-upgrade`, 'data-step'), 'second-bounce');
  assert.equal(await page.getAttribute(`${orders} .group-upgrade`, 'data-leader'), '2');
  assert.equal((await page.$$(`${orders} .group-upgrade li`)).length > 0, true);
  const anomalies = await page.$$eval('#topic-groups .group-anom', (lis) =>
    lis.map((li) => [li.dataset.kind, li.dataset.group, li.textContent]),
  );
  const byKind = Object.fromEntries(anomalies.map(([kind, group, text]) => [kind, { group, text }]));
  assert.deepEqual(Object.keys(byKind).sort(), ['offsets_without_group', 'subscription_versions_differ']);
  assert.equal(byKind.subscription_versions_differ.group, 'orders-app');
  assert.match(
    byKind.subscription_versions_differ.text,
    /^partition 0 offset 2 subscription_versions_differ group orders-app, generation 7, upgrade step second-bounce: /,
  );
  assert.equal(byKind.offsets_without_group.group, 'lonely');
  assert.match(
    byKind.offsets_without_group.text,
    /^partition 0 offset 3 offsets_without_group group lonely, generation -1/,
  );

  await axeClean(page, '#topic-groups');
  await shot(page, 'topic-groups');
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a segment in a directory of another name is read as __consumer_offsets by its key versions', async () => {
  const { context, page, problems } = await dropSegment('offsets-backup-0');
  assert.equal(await page.textContent('#groups-count'), '3 groups from 4 records of __consumer_offsets');
  // Not folded as the coordination topic too: no record of it, no error.
  assert.match(await page.textContent('#topic-status'), /Folded 0 records into 0 roles .*: 0 errors/);
  assert.deepEqual(problems, []);
  await context.close();
});

// Apache Kafka 4.1.0's record types in the Topic tab: a share group, a KIP-848 group with a regular
// expression and a Streams group, each with its card and its section's line (the independent
// writer's records, kafkajs's batches).
test("Kafka 4.1.0's share groups, regular expressions and Streams groups in the Groups view", async () => {
  const topicA = Buffer.alloc(16, 0x11);
  const { context, page, problems } = await dropSegment('__consumer_offsets-5', [
    { offset: 0, key: shareGroupKey('sh'), value: epochHashValue(2, 6) },
    {
      offset: 1,
      key: shareMemberKey('sh', 'm1'),
      value: shareMemberValue({ clientId: 'c1', clientHost: 'h', topics: ['orders'] }),
    },
    { offset: 2, key: shareTargetKey('sh', 'm1'), value: shareTargetValue([[topicA, [0, 1]]]) },
    { offset: 3, key: consumerGroupKey('cg'), value: consumerGroupValue(3) },
    {
      offset: 4,
      key: regexKey('cg', 'orders-.*'),
      value: regexValue({ topics: ['orders-eu'], version: 9, timestamp: T0 }),
    },
    { offset: 5, key: streamsGroupKey('st'), value: epochHashValue(4, -1) },
    { offset: 6, key: topologyKey('st'), value: topologyValue(1, [{ id: '0', sourceTopics: ['input'] }]) },
    { offset: 7, key: streamsTargetKey('st', 't1'), value: streamsTargetValue({ active: [['0', [0, 1]]] }) },
  ]);
  assert.equal(await page.textContent('#groups-count'), '3 groups from 8 records of __consumer_offsets');
  const card = (g) => `#topic-groups .group-card[data-group="${g}"]`;
  assert.match(
    await page.textContent(`${card('sh')} [data-share-group]`),
    /Share group \(KIP-932\): epoch 2, assignment epoch -1, 1 member: m1 \(target EREREREREREREREREREREQ\[0,1\]\)/,
  );
  assert.match(await page.textContent(`${card('cg')} [data-kip848]`), /regular expressions: orders-\.\*/);
  assert.match(
    await page.textContent(`${card('st')} [data-streams-group]`),
    /Streams group \(KIP-1071\): epoch 4, assignment epoch -1, topology epoch 1, 1 member/,
  );
  assert.equal(
    await page.textContent(
      `${card('st')} table[aria-label$="Streams group members"] tr[data-key="t1"] td[data-col="Target assignment"]`,
    ),
    'active 0_0 0_1',
  );
  assert.equal(await page.$('#topic-groups .group-anom'), null);
  await axeClean(page);
  assert.deepEqual(problems, []);
  await context.close();
});

// A KIP-1071 Streams group's card: its members' process ids, epochs, current tasks by role (those
// pending revocation marked) and target, its topology's subtopologies, and the anomalies Kafka's
// coordinator refuses (an active task owned by two members, a task twice in one process), a member
// id with a bidi control shown escaped (the independent writer's records).
test('a Kafka 4.1.0 Streams group: members with their tasks and processes, its topology, its anomalies', async () => {
  const member = (processId) => streamsMemberValue({ clientId: 'app-client', clientHost: '/10.0.0.9', processId });
  const odd = 'b\u202E';
  const { context, page, problems } = await dropSegment('__consumer_offsets-6', [
    { offset: 0, key: streamsGroupKey('app'), value: epochHashValue(7, 1) },
    {
      offset: 1,
      key: topologyKey('app'),
      value: topologyValue(2, [
        { id: '0', sourceTopics: ['orders'] },
        { id: '1', sourceTopics: ['payments', 'refunds'] },
      ]),
    },
    { offset: 2, key: streamsMemberKey('app', 'a'), value: member('p1') },
    { offset: 3, key: streamsMemberKey('app', odd), value: member('p2') },
    { offset: 4, key: streamsMemberKey('app', 'c'), value: member('p1') },
    { offset: 5, key: streamsAssignmentEpochKey('app'), value: streamsAssignmentEpochValue(7) },
    {
      offset: 6,
      key: streamsTargetKey('app', 'a'),
      value: streamsTargetValue({ active: [['0', [0, 1]]], standby: [['1', [2]]] }),
    },
    {
      offset: 7,
      key: streamsCurrentKey('app', 'a'),
      value: streamsCurrentValue({ epoch: 7, active: [['0', [0, 1]]], warmup: [['1', [3]]] }),
    },
    {
      offset: 8,
      key: streamsCurrentKey('app', odd),
      value: streamsCurrentValue({ epoch: 6, active: [['1', [0]]], activeRevoking: [['0', [1]]] }),
    },
    { offset: 9, key: streamsCurrentKey('app', 'c'), value: streamsCurrentValue({ epoch: 7, standby: [['0', [0]]] }) },
  ]);
  const card = '#topic-groups .group-card[data-group="app"]';
  assert.match(
    await page.textContent(`${card} [data-streams-group] p`),
    /^Streams group \(KIP-1071\): epoch 7, assignment epoch 7, topology epoch 2, 3 members$/,
  );
  const rows = await page.$$eval(`${card} table[aria-label$="Streams group members"] tbody tr`, (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
  );
  assert.deepEqual(rows, [
    ['a', 'p1', 'app-client', '/10.0.0.9', '7', '0_0 0_1', '-', '1_3', 'active 0_0 0_1; standby 1_2'],
    ['b\\u202E', 'p2', 'app-client', '/10.0.0.9', '6', '1_0 (revoking 0_1)', '-', '-', 'none'],
    ['c', 'p1', 'app-client', '/10.0.0.9', '7', '-', '0_0', '-', 'none'],
  ]);
  const topology = await page.$$eval(`${card} table[aria-label$="Streams topology"] tbody tr`, (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
  );
  assert.deepEqual(topology, [
    ['0', 'orders', '-', '-', '-'],
    ['1', 'payments refunds', '-', '-', '-'],
  ]);
  const anomalies = await page.$$eval('#topic-groups .group-anom', (lis) => lis.map((li) => li.textContent));
  assert.equal(anomalies.length, 2, anomalies.join('\n'));
  assert.match(anomalies[0], /task_assigned_twice/);
  assert.match(
    anomalies[0],
    /active task 0_1 is owned by member "a" \(process "p1", active\) and by member "b\\u202E"/,
  );
  assert.match(anomalies[1], /task_owned_twice_in_process/);
  await axeClean(page);
  assert.deepEqual(problems, []);
  await context.close();
});
