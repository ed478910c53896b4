// `coordination-viewer groups` against brokers: --bootstrap-server reads a __consumer_offsets-named
// topic of librdkafka's mock cluster (tests/cluster/mock-cluster.mjs; the mock keeps its own groups
// in memory, so the group records are produced into it here, by kafkajs, from the independent
// writer tests/node/group-writer.mjs); --describe asks a broker stub on 127.0.0.1, written here,
// which answers ApiVersions, Metadata, FindCoordinator and DescribeGroups at the versions kafkajs
// requests (ApiVersions 2, Metadata 0, FindCoordinator 2, DescribeGroups 2), laid out from Kafka
// 3.8.0's ApiVersionsResponse.json, MetadataResponse.json, FindCoordinatorResponse.json and
// DescribeGroupsResponse.json.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { ROOT, outputSink } from './helpers.mjs';
import { buildMockCluster, produceRaw, startMockCluster } from '../cluster/mock-cluster.mjs';
import { run as groups } from '../../wasm/cli/groups.mjs';
import {
  array,
  bytes,
  consumerAssignment,
  consumerSubscription,
  groupKey,
  groupValue,
  i16,
  i32,
  offsetKey,
  offsetValue,
  str,
  streamsAssignment,
  streamsSubscription,
} from './group-writer.mjs';
import { withCrc, writeBatch } from './log-writer.mjs';

const require = createRequire(import.meta.url);
const { Kafka, logLevel } = require('kafkajs');

async function cli(argv) {
  const stdout = outputSink();
  const stderr = outputSink();
  const code = await groups(argv, { stdout: stdout.stream, stderr: stderr.stream, cwd: ROOT });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

// A Streams member of group "live-app": subscription version `version`, active tasks `active`.
const member = (id, version, active) => ({
  memberId: id,
  clientId: `${id}-client`,
  clientHost: '/127.0.0.1',
  subscription: consumerSubscription(['events'], streamsSubscription({ version })),
  assignment: consumerAssignment(
    [['events', active.map(([, p]) => p)]],
    streamsAssignment({ active, byHost: [[`${id}.example`, 8080, active.map(([, p]) => ['events', p])]] }),
  ),
});

test('groups --bootstrap-server: a __consumer_offsets topic of a live cluster, every partition', async () => {
  const binary = buildMockCluster(join(ROOT, 'build-cluster'));
  const { servers, stop } = await startMockCluster(binary, '__consumer_offsets', 2);
  after(stop);
  const kafka = new Kafka({ brokers: [servers], clientId: 'cli-groups-test', logLevel: logLevel.NOTHING });
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  try {
    const app = {
      protocolType: 'consumer',
      generation: 3,
      protocol: 'stream',
      leader: 'a',
      members: [member('a', 3, [[0, 0]]), member('b', 4, [[0, 1]])],
    };
    await producer.send({
      topic: '__consumer_offsets',
      messages: [
        { partition: 1, key: groupKey('live-app'), value: groupValue(app) },
        { partition: 1, key: offsetKey('live-app', 'events', 0), value: offsetValue({ offset: 5 }) },
        { partition: 1, key: offsetKey('live-app', 'events', 0), value: offsetValue({ offset: 8 }) },
      ],
    });
    await producer.send({
      topic: '__consumer_offsets',
      messages: [{ partition: 0, key: offsetKey('solo', 'events', 1), value: offsetValue({ offset: 2 }) }],
    });
  } finally {
    await producer.disconnect();
  }
  const r = await cli(['--bootstrap-server', servers]);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.equal(doc.records, 4);
  assert.deepEqual(doc.errors, []);
  assert.deepEqual(
    doc.groups.map((g) => [g.group, g.partition, g.generation, g.offsets.map((o) => o.offset)]),
    [
      ['live-app', 1, 3, ['8']],
      ['solo', 0, -1, ['2']],
    ],
  );
  const [app] = doc.groups;
  assert.deepEqual(
    app.members.map((m) => [m.memberId, m.streams.subscription.version, m.streams.assignment.activeTasks]),
    [
      ['a', 3, [{ topicGroupId: 0, partition: 0 }]],
      ['b', 4, [{ topicGroupId: 0, partition: 1 }]],
    ],
  );
  // Versions 3 and 4: past KIP-268, upgraded by version probing; the leader answers 3.
  assert.deepEqual([app.streams.upgrade.step, app.streams.upgrade.leaderVersion], ['done', 3]);
  assert.deepEqual(
    doc.anomalies.map((a) => [a.kind, a.group, a.upgradeStep ?? null]),
    [
      ['subscription_versions_differ', 'live-app', 'done'],
      ['offsets_without_group', 'solo', null],
    ],
  );
});

// A batch whose record does not parse (its header count -1, the CRC written anew), between good
// ones, appended as it is (produceRaw): the live document is the segment's, error for error, but
// for where the error lies (a fetched batch is in no file: position 0).
test('groups --bootstrap-server: a batch whose record does not parse is an error at its offset, as in a segment; the next batches are read', async () => {
  const binary = buildMockCluster(join(ROOT, 'build-cluster'));
  const { servers, stop } = await startMockCluster(binary, '__consumer_offsets', 1);
  after(stop);
  const commit = (offset) => ({ key: offsetKey('solo', 'events', 1), value: offsetValue({ offset }) });
  const bad = await writeBatch({ baseOffset: 1, records: [commit(5)] });
  bad[bad.length - 1] = 0x01; // the record's last byte, its header count: zigzag -1
  const batches = [
    await writeBatch({ baseOffset: 0, records: [commit(2)] }),
    withCrc(bad),
    await writeBatch({ baseOffset: 2, records: [commit(9)] }),
  ];
  for (const b of batches) await produceRaw(servers, '__consumer_offsets', 0, b);
  const dir = mkdtempSync(join(tmpdir(), 'cli-groups-cluster-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, '__consumer_offsets-0'));
  writeFileSync(join(dir, '__consumer_offsets-0', '00000000000000000000.log'), Buffer.concat(batches));
  const live = await cli(['--bootstrap-server', servers]);
  assert.equal(live.code, 0, live.stderr);
  const doc = JSON.parse(live.stdout);
  assert.deepEqual(
    doc.errors.map((e) => [e.partition, e.offset, e.code, e.field]),
    [[0, '1', 'INVALID_RECORD', 'record.headers']],
  );
  assert.deepEqual(
    doc.groups.map((g) => [g.group, g.offsets.map((o) => o.offset)]),
    [['solo', ['9']]],
  );
  const segments = await cli([dir, '--jobs', '1']);
  assert.equal(segments.code, 0, segments.stderr);
  const { file, filePosition, ...error } = JSON.parse(segments.stdout).errors[0];
  assert.deepEqual(doc, {
    ...JSON.parse(segments.stdout),
    errors: [{ ...error, message: error.message.replace(`(position ${filePosition})`, '(position 0)') }],
  });
});

// ---- the broker stub -----------------------------------------------------------------------------
const API_VERSIONS = 18;
const METADATA = 3;
const FIND_COORDINATOR = 10;
const DESCRIBE_GROUPS = 15;
// The versions the stub lays out, advertised as each API's only one (ApiVersions: kafkajs asks
// with its newest, 2, before it knows them).
const SERVED = new Map([
  [API_VERSIONS, 2],
  [METADATA, 0],
  [FIND_COORDINATOR, 2],
  [DESCRIBE_GROUPS, 2],
]);

/** A broker on 127.0.0.1 answering one group's DescribeGroups; resolves { port, requests, close }. */
function brokerStub(described) {
  const requests = [];
  const server = createServer((socket) => {
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && pending.length >= 4 + pending.readInt32BE(0)) {
        const size = pending.readInt32BE(0);
        const request = pending.subarray(4, 4 + size);
        pending = pending.subarray(4 + size);
        // Request header v1: api key, api version, correlation id, client id.
        const apiKey = request.readInt16BE(0);
        const apiVersion = request.readInt16BE(2);
        const correlationId = request.readInt32BE(4);
        requests.push([apiKey, apiVersion]);
        const body = answer(apiKey, apiVersion, server.address().port, described);
        const response = Buffer.concat([i32(correlationId), body]);
        socket.write(Buffer.concat([i32(response.length), response]));
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: server.address().port, requests, close: () => new Promise((r) => server.close(r)) }),
    );
  });
}

function answer(apiKey, apiVersion, port, described) {
  if (SERVED.get(apiKey) !== apiVersion) throw new Error(`broker stub: api ${apiKey} version ${apiVersion} asked`);
  switch (apiKey) {
    case API_VERSIONS: // ErrorCode, ApiKeys [ApiKey, MinVersion, MaxVersion], ThrottleTimeMs (1+)
      return Buffer.concat([
        i16(0),
        array([...SERVED], ([key, version]) => Buffer.concat([i16(key), i16(version), i16(version)])),
        i32(0),
      ]);
    case METADATA: // Brokers [NodeId, Host, Port], Topics [] (version 0)
      return Buffer.concat([array([1], (id) => Buffer.concat([i32(id), str('127.0.0.1'), i32(port)])), i32(0)]);
    case FIND_COORDINATOR: // ThrottleTimeMs, ErrorCode, ErrorMessage, NodeId, Host, Port (versions 1-3)
      return Buffer.concat([i32(0), i16(0), str(null), i32(1), str('127.0.0.1'), i32(port)]);
    case DESCRIBE_GROUPS: // ThrottleTimeMs (1+), Groups [ErrorCode, GroupId, GroupState, ProtocolType, ProtocolData, Members]
      return Buffer.concat([
        i32(0),
        array([described], (g) =>
          Buffer.concat([
            i16(0),
            str(g.group),
            str(g.state),
            str(g.protocolType),
            str(g.protocol),
            // Members [MemberId, ClientId, ClientHost, MemberMetadata, MemberAssignment] (version 2)
            array(g.members, (m) =>
              Buffer.concat([
                str(m.memberId),
                str(m.clientId),
                str(m.clientHost),
                bytes(m.subscription),
                bytes(m.assignment),
              ]),
            ),
          ]),
        ),
      ]);
    default:
      throw new Error(`broker stub: api ${apiKey} not served`);
  }
}

test('groups --describe: a live group through DescribeGroups, its members decoded down to Streams tasks', async () => {
  const stub = await brokerStub({
    group: 'live-app',
    state: 'Stable',
    protocolType: 'consumer',
    protocol: 'stream',
    members: [member('a', 2, [[0, 0]]), member('b', 3, [[0, 1]])],
  });
  after(stub.close);
  const r = await cli(['--bootstrap-server', `127.0.0.1:${stub.port}`, '--describe', 'live-app']);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.deepEqual(
    [doc.group, doc.state, doc.protocolType, doc.protocol, doc.errors],
    ['live-app', 'Stable', 'consumer', 'stream', []],
  );
  assert.deepEqual(
    doc.members.map((m) => [
      m.memberId,
      m.clientId,
      m.subscription.topics,
      m.assignment.assignedPartitions,
      m.streams.subscription.version,
      m.streams.assignment.activeTasks,
    ]),
    [
      ['a', 'a-client', ['events'], [{ topic: 'events', partitions: [0] }], 2, [{ topicGroupId: 0, partition: 0 }]],
      ['b', 'b-client', ['events'], [{ topic: 'events', partitions: [1] }], 3, [{ topicGroupId: 0, partition: 1 }]],
    ],
  );
  // DescribeGroups v2 carries no instance id: null, and no INSTANCE column in the table.
  assert.deepEqual(
    doc.members.map((m) => m.groupInstanceId),
    [null, null],
  );
  // a still sends version 2: the second bounce of KIP-268 is in progress.
  assert.deepEqual([doc.upgrade.step, doc.upgrade.leaderVersion], ['second-bounce', 2]);
  assert.ok(stub.requests.some(([key]) => key === DESCRIBE_GROUPS));
  const table = await cli([
    '--bootstrap-server',
    `127.0.0.1:${stub.port}`,
    '--describe',
    'live-app',
    '--format',
    'table',
  ]);
  assert.equal(table.code, 0, table.stderr);
  assert.match(
    table.stdout,
    /^group "live-app": Stable, consumer\/stream\n  MEMBER +CLIENT +HOST +ASSIGNED +STREAMS\n/,
  );
  assert.match(table.stdout, /upgrade: second-bounce, leader answers version 2/);
});

test('groups --describe needs --bootstrap-server; a broker that cannot be reached is exit 1', async () => {
  const r = await cli(['--describe', 'x', 'some-dir']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--describe needs --bootstrap-server/);
  const closed = await brokerStub({ group: 'x', state: 'Empty', protocolType: '', protocol: '', members: [] });
  await closed.close();
  const down = await cli(['--bootstrap-server', `127.0.0.1:${closed.port}`, '--describe', 'x']);
  assert.equal(down.code, 1);
  assert.match(down.stderr, /cannot describe group x at 127\.0\.0\.1:/);
});
