// The KRaft metadata log (__cluster_metadata, wasm/core/clustermetadata/README.md) through the
// whole-topic API and the CLI: a record's shape, the API's argument errors, inspect's tree (the
// frame, then the message) and its refusals, decode --target cluster-metadata (JSON, tree, JSON
// Lines). Every golden vector goes through the API in golden.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, hexToBytes, loadGolden } from './helpers.mjs';
import { main } from '../../wasm/cli/main.mjs';
import { LOG_ERROR_CODES } from '../../wasm/generated/tables.js';

const log = await api.loadLogCodec();
const file = loadGolden('cluster-metadata');
const vector = (id) => file.vectors.find((v) => v.id === `cluster-metadata/${id}`);
const PARTITION = vector('valid/partition-record-v2');
const QUOTA = vector('valid/client-quota-record-v0');

test('decodeClusterMetadataRecord: the message with its type and apiKey; i64 as bigint, uuids as Kafka prints them', () => {
  const p = log.decodeClusterMetadataRecord(hexToBytes(PARTITION.value));
  assert.equal(p.type, 'partition_record');
  assert.equal(p.apiKey, 3);
  assert.equal(p.version, 2);
  assert.equal(p.topicId, 'EBESExQVFhcYGRobHB0eHw');
  assert.deepEqual(p.replicas, [1, 2, 3]);
  assert.deepEqual(p.eligibleLeaderReplicas, [2]);
  assert.equal(p.leaderRecoveryState, 0, 'the tagged field absent: its default');
  const q = log.decodeClusterMetadataRecord(hexToBytes(QUOTA.value));
  assert.equal(q.value, 1048576.5, 'a float64');
  assert.equal(q.entity[1].entityName, null);
  const b = log.decodeClusterMetadataRecord(hexToBytes(vector('valid/register-broker-record-v0').value));
  assert.equal(b.brokerEpoch, 42n);
  assert.equal(b.endPoints[1].port, 65535);
  assert.equal(b.isMigratingZkBroker, false, 'absent at version 0: its default');
  assert.deepEqual(log.decodeClusterMetadataRecord(Buffer.from(PARTITION.value, 'hex')), p);
});

test('decodeClusterMetadataRecord: errors are CoordinationErrors naming the frame field; arguments are checked', () => {
  const refused = (hex, code, field, offset, words) =>
    assert.throws(
      () => log.decodeClusterMetadataRecord(hexToBytes(hex)),
      (e) =>
        e instanceof api.CoordinationError &&
        e.code === code &&
        e.field === field &&
        e.offset === offset &&
        words.test(e.message),
    );
  refused('', 'TRUNCATED', 'record.frame_version', 0, /runs past the end/);
  refused(
    '000200',
    'UNSUPPORTED_VERSION',
    'record.frame_version',
    0,
    /expected frame version 1, found 0 \(KRaft's 2.8/,
  );
  refused(
    '010600',
    'UNSUPPORTED_VERSION',
    'record.api_key',
    1,
    /api key 6 is none of Kafka 4.1.0's 26 metadata record types/,
  );
  refused('010201', 'UNSUPPORTED_VERSION', 'topic_record.version', 2, /expected version 0, found 1/);
  refused(
    '010303',
    'UNSUPPORTED_VERSION',
    'partition_record.version',
    2,
    /version 3 is not one of the spec's versions \(0-2\)/,
  );
  assert.throws(() => log.decodeClusterMetadataRecord('01'), TypeError);
  assert.throws(() => log.decodeClusterMetadataRecord(null), TypeError);
});

test('inspectClusterMetadataRecord: the frame and the message under one root; a refused frame keeps what it read', () => {
  const ins = log.inspectClusterMetadataRecord(hexToBytes(PARTITION.value));
  assert.ok(ins.ok);
  assert.equal(ins.error, null);
  const [root] = ins.fields;
  assert.equal(root.path, 'partition_record');
  assert.equal(root.length, PARTITION.value.length / 2);
  const [frame, key, version, partition] = root.children;
  assert.deepEqual(
    [frame, key, version].map((n) => [n.path, n.wireType, n.offset, n.length, n.value]),
    [
      ['partition_record.frame_version', 'uvarint', 0, 1, 1],
      ['partition_record.api_key', 'uvarint', 1, 1, 3],
      ['partition_record.version', 'uvarint', 2, 1, 2],
    ],
  );
  assert.equal(key.meaning, 'PartitionRecord');
  assert.deepEqual([partition.path, partition.offset], ['partition_record.partition_id', 3]);
  const quota = log.inspectClusterMetadataRecord(hexToBytes(QUOTA.value));
  const value = quota.fields[0].children.find((n) => n.path === 'client_quota_record.value');
  assert.deepEqual([value.wireType, value.length, value.value], ['f64', 8, '1048576.5']);

  const unknown = log.inspectClusterMetadataRecord(hexToBytes('011d00'));
  assert.equal(unknown.ok, false);
  assert.equal(unknown.record, null);
  assert.deepEqual(
    [unknown.error.code, unknown.error.field, unknown.error.offset],
    ['UNSUPPORTED_VERSION', 'record.api_key', 1],
  );
  assert.equal(unknown.fields[0].path, 'record');
  assert.equal(unknown.fields[0].complete, false);
  assert.deepEqual(
    unknown.fields[0].children.map((n) => [n.path, n.value, n.complete]),
    [
      ['record.frame_version', 1, true],
      ['record.api_key', 29, true],
    ],
  );
  const cut = log.inspectClusterMetadataRecord(hexToBytes(PARTITION.value).subarray(0, 10));
  assert.deepEqual([cut.error.code, cut.error.field, cut.error.offset], ['TRUNCATED', 'partition_record.topic_id', 7]);
  assert.equal(cut.fields[0].complete, false);
});

const dir = mkdtempSync(join(tmpdir(), 'cv-clustermetadata-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
async function cli(args, stdin = '') {
  const out = [];
  const err = [];
  const io = {
    stdout: { write: (s) => out.push(s) },
    stderr: { write: (s) => err.push(s) },
    env: {},
    cwd: dir,
    color: false,
    stdin: Readable.from([Buffer.from(stdin)]),
    readStdin: async () => new Uint8Array(Buffer.from(stdin)),
  };
  const code = await main(args, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

test('decode --target cluster-metadata: the document, the tree, an error with its part, JSON Lines', async () => {
  let r = await cli(['decode', '--target', 'cluster-metadata', '--value', PARTITION.value]);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.equal(doc.error, null);
  assert.equal(doc.key, null);
  assert.equal(doc.value.type, 'partition_record');
  assert.deepEqual(doc.value.isr, [1, 2]);

  r = await cli(['decode', '--target', 'cluster-metadata', '--value', QUOTA.value, '--format', 'tree']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^value \(\d+ bytes, hex\) as cluster-metadata \(client_quota_record\): valid/);
  assert.match(r.stdout, /api_key +uvarint +1 B {2}14 \(ClientQuotaRecord\)/);
  assert.match(r.stdout, /value +f64 +8 B {2}1048576.5$/m);

  r = await cli(['decode', '--target', 'cluster-metadata', '--value', PARTITION.value + '00']);
  assert.equal(r.code, 1);
  const bad = JSON.parse(r.stdout);
  assert.equal(bad.value, null);
  assert.deepEqual(
    { code: bad.error.code, offset: bad.error.offset, field: bad.error.field, part: bad.error.part },
    { code: 'TRAILING_BYTES', offset: PARTITION.value.length / 2, field: 'partition_record', part: 'value' },
  );
  assert.match(r.stderr, /value: TRAILING_BYTES/);

  r = await cli(['decode', '--target', 'cluster-metadata', '--key', '00', '--value', PARTITION.value]);
  assert.equal(r.code, 2, 'a __cluster_metadata key is null');
  r = await cli(['decode', '--target', 'cluster-metadata']);
  assert.equal(r.code, 2, 'no value');

  writeFileSync(
    join(dir, 'records.jsonl'),
    [PARTITION.value, QUOTA.value, '010600', null].map((value) => JSON.stringify({ key: null, value })).join('\n') +
      '\n',
  );
  r = await cli(['decode', '--target', 'cluster-metadata', '--jsonl', 'records.jsonl']);
  assert.equal(r.code, 1);
  const lines = r.stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    lines.map((l) => [l.line, l.value?.type ?? null, l.error?.code ?? null, l.error?.part ?? null]),
    [
      [1, 'partition_record', null, null],
      [2, 'client_quota_record', null, null],
      [3, null, 'UNSUPPORTED_VERSION', 'value'],
      [4, null, 'NULL_VALUE', 'value'],
    ],
  );
  // NULL_VALUE is the code table's (wasm/core/log/table.h), its message the table's description.
  const nullValue = LOG_ERROR_CODES.find((c) => c.name === 'NULL_VALUE');
  assert.equal(lines[3].error.message, nullValue.description);
});
