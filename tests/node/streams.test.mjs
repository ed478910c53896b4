// Kafka Streams rebalance metadata through the wasm JS API: every vector of golden/subscription.json
// and golden/assignment.json via codec.decodeSubscription / decodeAssignment and inspect, with the
// same record, warnings and {code, offset, field} as the files say; and the KIP-268 upgrade
// explainer (explainStreamsUpgrade) on mixed groups.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { BYTE_FORMS, api, codec, loadGolden, hexToBytes, outcome } from './helpers.mjs';

const { CoordinationError, explainStreamsUpgrade } = api;

// golden records use the wire names in snake_case; the API returns them in camelCase.
const camel = (k) => k.replace(/_([a-z])/g, (_m, c) => c.toUpperCase());
// offset_sum and next_rebalance_ms are decimal strings in the files (i64): bigints in the API.
const I64_FIELDS = new Set(['offset_sum', 'next_rebalance_ms']);
function apiShape(v) {
  if (Array.isArray(v)) return v.map(apiShape);
  if (v !== null && typeof v === 'object') {
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [camel(k), I64_FIELDS.has(k) ? BigInt(x) : apiShape(x)]),
    );
  }
  return v;
}

const decoders = { subscription: (b) => codec.decodeSubscription(b), assignment: (b) => codec.decodeAssignment(b) };

for (const target of ['subscription', 'assignment']) {
  const file = loadGolden(target);
  describe(`golden/${target}.json through the wasm`, () => {
    test('file shape', () => {
      assert.equal(file.format, 'streams-golden/1');
      assert.equal(file.target, target);
    });

    test('decode: every vector', () => {
      for (const v of file.vectors) {
        const got = outcome(() => decoders[target](hexToBytes(v.hex)));
        if (v.expect.error) {
          assert.ok(got.error, `${v.id}: decoded ${JSON.stringify(got.value)}`);
          assert.ok(got.error instanceof CoordinationError, `${v.id}: ${got.error}`);
          assert.deepEqual(
            { code: got.error.code, offset: got.error.offset, field: got.error.field },
            v.expect.error,
            v.id,
          );
          assert.ok(got.error.message.startsWith(`${v.expect.error.field}: `), `${v.id}: ${got.error.message}`);
          assert.ok(got.error.message.endsWith(`(offset ${v.expect.error.offset})`), `${v.id}: ${got.error.message}`);
        } else {
          assert.equal(got.error, undefined, `${v.id}: ${got.error}`);
          assert.deepEqual(got.value, apiShape(v.expect.record), v.id);
        }
      }
    });

    test('inspect: the same outcome, warnings, and a node for the failing field', () => {
      for (const v of file.vectors) {
        const bytes = hexToBytes(v.hex);
        const r = codec.inspect(bytes, target);
        assert.equal(r.target, target);
        assert.equal(r.size, bytes.length);
        const all = [];
        const walk = (ns) =>
          ns.forEach((n) => {
            all.push(n);
            walk(n.children);
          });
        walk(r.fields);
        for (const n of all) assert.ok(n.offset + n.length <= bytes.length, `${v.id}: ${n.path}`);
        if (v.expect.error) {
          assert.equal(r.ok, false, v.id);
          assert.deepEqual({ code: r.error.code, offset: r.error.offset, field: r.error.field }, v.expect.error, v.id);
          if (v.expect.error.code !== 'TRAILING_BYTES') {
            assert.ok(
              all.some((n) => n.path === v.expect.error.field),
              `${v.id}: no node ${v.expect.error.field}`,
            );
          }
        } else {
          assert.equal(r.ok, true, `${v.id}: ${r.error && r.error.message}`);
          assert.deepEqual(r.record, apiShape(v.expect.record), v.id);
          assert.deepEqual(
            r.warnings.map((w) => ({ code: w.code, offset: w.offset, field: w.field })),
            v.expect.warnings,
            v.id,
          );
          for (const w of r.warnings) assert.ok(w.message.length > 0, v.id);
        }
      }
    });
  });
}

test('inspect: tree values, modified UTF-8 text and the Java rule named in the warning', () => {
  const v = loadGolden('assignment').vectors.find((x) => x.id === 'assignment/valid/host-supplementary');
  const r = codec.inspect(hexToBytes(v.hex), 'assignment');
  assert.equal(r.fields.length, 1);
  assert.equal(r.fields[0].path, 'assignment');
  const hosts = r.fields[0].children.find((n) => n.path === 'assignment.partitions_by_host');
  const host = hosts.children.find((n) => n.path === 'assignment.partitions_by_host[0]').children[0];
  assert.equal(host.path, 'assignment.partitions_by_host[0].host');
  assert.equal(host.wireType, 'java_utf');
  assert.equal(host.value, '\u{1F600}.example');
  assert.match(r.warnings[0].message, /DataInputStream\.readUTF/);
  const s = codec.inspect(hexToBytes(loadGolden('subscription').vectors[0].hex), 'subscription');
  const pid = s.fields[0].children.find((n) => n.path === 'subscription.process_id');
  assert.equal(pid.value, '01234567-89ab-cdef-fedc-ba9876543210');
  assert.equal(pid.wireType, 'uuid');
});

test('decodeSubscription: processId as Java UUID.toString, probing shape, null endpoint in v1', () => {
  const sub = loadGolden('subscription');
  const v1 = codec.decodeSubscription(hexToBytes(sub.vectors.find((x) => x.id === 'subscription/valid/v1').hex));
  assert.equal(v1.processId, '01234567-89ab-cdef-fedc-ba9876543210');
  assert.equal(v1.userEndPoint, null);
  assert.equal(v1.latestSupportedVersion, -1);
  const probe = codec.decodeSubscription(new Uint8Array([0, 0, 0, 12, 0, 0, 0, 14, 1, 2, 3]));
  assert.deepEqual(probe, { version: 12, latestSupportedVersion: 14, probing: true });
  // Versions 5 and 6 (Kafka 2.4, 2.5) keep the layout of 3 and 4: decoded, not probed.
  for (const v of [5, 6]) {
    const s = codec.decodeSubscription(hexToBytes(sub.vectors.find((x) => x.id === `subscription/valid/v${v}`).hex));
    assert.equal(s.probing, false);
    assert.equal(s.latestSupportedVersion, v);
    assert.equal(s.userEndPoint, 'localhost:8080');
    assert.deepEqual(s.standbyTasks, [{ topicGroupId: 2, partition: 0 }]);
  }
  assert.throws(() => codec.decodeSubscription('00'), TypeError);
  assert.throws(() => codec.decodeAssignment(null), TypeError);
  assert.throws(() => codec.inspect(null, 'assignment'), TypeError);
});

test('decodeSubscription v7-11: offset sums as bigint, tasks derived from offset sum -2, the tree', () => {
  const sub = loadGolden('subscription');
  const bytes = (id) => hexToBytes(sub.vectors.find((x) => x.id === `subscription/valid/${id}`).hex);
  const v7 = codec.decodeSubscription(bytes('v7'));
  assert.equal(v7.uniqueField, null);
  assert.equal(v7.errorCode, 0);
  assert.deepEqual(v7.clientTags, []);
  assert.deepEqual(
    v7.taskOffsetSums.map((t) => [t.topicGroupId, t.partition, t.offsetSum]),
    [
      [0, 0, -2n],
      [0, 1, 1234567890123n],
      [1, 2, -2n],
    ],
  );
  assert.deepEqual(v7.prevTasks, [
    { topicGroupId: 0, partition: 0 },
    { topicGroupId: 1, partition: 2 },
  ]);
  assert.deepEqual(v7.standbyTasks, [{ topicGroupId: 0, partition: 1 }]);
  const v11 = codec.decodeSubscription(bytes('v11'));
  assert.equal(v11.uniqueField, 3);
  assert.equal(v11.errorCode, 2);
  assert.equal(v11.taskOffsetSums[2].namedTopology, 'orders');
  assert.deepEqual(v11.clientTags[1], { key: 'rack', value: 'r7' });
  const ext = codec.decodeSubscription(bytes('v11-extremes'));
  assert.equal(ext.taskOffsetSums[0].offsetSum, -(2n ** 63n));
  assert.equal(ext.taskOffsetSums[1].offsetSum, 2n ** 63n - 1n);
  assert.equal(ext.uniqueField, -128);
  // v1-6 records keep their shape: no v7 fields.
  assert.equal('taskOffsetSums' in codec.decodeSubscription(bytes('v6')), false);
  // The tree: an i64 node's value is a bigint, an i8 a number, a null string has no value.
  const r = codec.inspect(bytes('v10'), 'subscription');
  const all = [];
  const walk = (ns) => ns.forEach((n) => (all.push(n), walk(n.children)));
  walk(r.fields);
  const node = (path) => all.find((n) => n.path === path);
  assert.equal(node('subscription.task_offset_sums[1].offset_sum').value, 1234567890123n);
  assert.equal(node('subscription.task_offset_sums[1].offset_sum').wireType, 'i64');
  assert.equal(node('subscription.unique_field').value, 3);
  assert.equal(node('subscription.task_offset_sums[2].named_topology').value, 'orders');
  const nul = node('subscription.task_offset_sums[0].named_topology');
  assert.equal(nul.value, undefined);
  assert.equal(nul.wireType, 'string');
  assert.match(nul.meaning, /null/);
  const nested = codec.inspect(bytes('v9'), 'subscription');
  all.length = 0;
  walk(nested.fields);
  assert.equal(node('subscription.task_offset_sums[0].partition_to_offset_sum[1].offset_sum').value, 1234567890123n);
});

test('decodeAssignment v5-11: each version its fields only, the dictionary resolved, named topologies, the tree', () => {
  const file = loadGolden('assignment');
  const bytes = (id) => hexToBytes(file.vectors.find((x) => x.id === `assignment/valid/${id}`).hex);
  const v5 = codec.decodeAssignment(bytes('v5'));
  assert.equal('standbyPartitionsByHost' in v5, false);
  assert.equal('nextRebalanceMs' in v5, false);
  assert.deepEqual(v5.partitionsByHost[0].partitions, [
    { topic: 'orders', partition: 0 },
    { topic: 'orders-changelog', partition: 1 },
  ]);
  assert.equal('namedTopology' in v5.activeTasks[0], false);
  const v6 = codec.decodeAssignment(bytes('v6'));
  assert.deepEqual(v6.standbyPartitionsByHost[0], {
    host: 'host2',
    port: 9090,
    partitions: [
      { topic: 'orders-changelog', partition: 0 },
      { topic: 'orders', partition: 1 },
    ],
  });
  assert.equal('nextRebalanceMs' in v6, false);
  const v9 = codec.decodeAssignment(bytes('v9'));
  assert.equal(v9.nextRebalanceMs, 1700000123456n);
  assert.equal('namedTopology' in v9.standbyTasks[0].task, false);
  const v11 = codec.decodeAssignment(bytes('v11'));
  assert.deepEqual(v11.activeTasks, [
    { topicGroupId: 0, partition: 0, namedTopology: 'billing' },
    { topicGroupId: 0, partition: 1, namedTopology: null },
  ]);
  assert.equal(v11.standbyTasks[0].task.namedTopology, 'billing');
  assert.equal(codec.decodeAssignment(bytes('v7-next-rebalance-none')).nextRebalanceMs, 2n ** 63n - 1n);
  // readChar's units: a lone surrogate survives into the JS string.
  const units = codec.decodeAssignment(bytes('v10-topology-units')).activeTasks;
  assert.equal(units[0].namedTopology, 't\u{1F600}');
  assert.equal(units[1].namedTopology, 'x\ud800y');
  assert.equal(units[1].namedTopology.isWellFormed(), false);
  // A repeated index names its last topic; indexes outside 0..n-1 are keys too.
  const repeated = codec.decodeAssignment(bytes('v5-dictionary-repeated-index'));
  assert.deepEqual(
    repeated.partitionsByHost[0].partitions.map((p) => p.topic),
    ['b', 'neg', 'max'],
  );
  // The tree: the dictionary, a partition's topic index, a named topology's units.
  const r = codec.inspect(bytes('v11'), 'assignment');
  const all = [];
  const walk = (ns) => ns.forEach((n) => (all.push(n), walk(n.children)));
  walk(r.fields);
  const node = (path) => all.find((n) => n.path === path);
  const named = node('assignment.active_tasks[0].named_topology');
  assert.equal(named.wireType, 'java_chars');
  assert.equal(named.value, 'billing');
  assert.equal(named.length, 4 + 2 * 7);
  assert.match(node('assignment.active_tasks[1].named_topology').meaning, /count 0/);
  assert.equal(node('assignment.topic_dictionary[0].topic').value, 'orders');
  assert.equal(node('assignment.partitions_by_host[0].partitions[1].topic_index').value, 1);
  assert.equal(node('assignment.next_rebalance_ms').value, 1700000123456n);
});

test('decodeAssignment: a topic index that names no topic is UNKNOWN_TOPIC_INDEX at the index', () => {
  const v = loadGolden('assignment').vectors.find((x) => x.id === 'assignment/unknown-topic-index/v5-index-1-of-1');
  const got = outcome(() => codec.decodeAssignment(hexToBytes(v.hex)));
  assert.ok(got.error instanceof CoordinationError);
  assert.equal(got.error.code, 'UNKNOWN_TOPIC_INDEX');
  assert.equal(got.error.field, 'assignment.partitions_by_host[0].partitions[1].topic_index');
  assert.equal(got.error.offset, 50);
  assert.match(got.error.message, /topic index 1 names no topic of the dictionary \(1 entry\)/);
  const r = codec.inspect(hexToBytes(v.hex), 'assignment');
  assert.equal(r.error.code, 'UNKNOWN_TOPIC_INDEX');
});

test('a lone surrogate from readUTF survives into the JS string', () => {
  const v = loadGolden('assignment').vectors.find((x) => x.id === 'assignment/valid/host-lone-surrogate');
  const a = codec.decodeAssignment(hexToBytes(v.hex));
  assert.equal(a.partitionsByHost[0].host, 'x\ud800y');
  assert.equal(a.partitionsByHost[0].host.isWellFormed(), false);
});

// ---- the KIP-268 explainer -----------------------------------------------------------------------
const sub = (version) =>
  version >= 3
    ? { version, latestSupportedVersion: 4, probing: false }
    : { version, latestSupportedVersion: -1, probing: false };

test('explainer: a group of 200,000 members (Math.min(...versions) overflowed the stack from about 130,000)', () => {
  const versions = Array.from({ length: 200_000 }, (_, i) => (i === 7 ? 3 : 4));
  const r = explainStreamsUpgrade(versions.map(sub));
  assert.equal(r.leaderVersion, 3);
  assert.equal(r.step, 'done');
  assert.match(r.sentences.at(-1), /members on different versions from 3 up/);
});

test('explainer: all version 2 -> leader 2, first bounce (or not started)', () => {
  const r = explainStreamsUpgrade([sub(2), sub(2), sub(2)]);
  assert.equal(r.leaderVersion, 2);
  assert.equal(r.step, 'first-bounce');
  assert.equal(r.members.length, 3);
  assert.match(r.sentences.join(' '), /upgrade\.from/);
});

test('explainer: v1 and v2 mixed with v3 -> the lowest old version, second bounce', () => {
  const r = explainStreamsUpgrade([sub(3), sub(2), sub(1), sub(3)], ['a', 'b', 'c', 'd']);
  assert.equal(r.leaderVersion, 1);
  assert.equal(r.step, 'second-bounce');
  const text = r.sentences.join(' ');
  assert.match(text, /2 of 4 members already send version 3/);
  assert.match(text, /b, c still send version 1 or 2/);
  const r2 = explainStreamsUpgrade([sub(3), sub(2)]);
  assert.equal(r2.leaderVersion, 2);
  assert.equal(r2.step, 'second-bounce');
  assert.match(r2.sentences.join(' '), /member 2 still sends version 2/);
});

test('explainer: all version 3 -> leader 3, done; 3 and 4 mixed -> 3, probing', () => {
  const r = explainStreamsUpgrade([sub(3), sub(3)]);
  assert.equal(r.leaderVersion, 3);
  assert.equal(r.step, 'done');
  assert.match(r.sentences.at(-1), /complete: all members use version 3/);
  const mixed = explainStreamsUpgrade([sub(4), sub(3), { version: 12, latestSupportedVersion: 12, probing: true }]);
  assert.equal(mixed.leaderVersion, 3);
  assert.equal(mixed.step, 'done');
  assert.match(mixed.sentences.join(' '), /version probing/);
});

test('explainer: decoded version 5 and 6 subscriptions (Kafka 2.4, 2.5) with a version 4 one -> 4, done', () => {
  const file = loadGolden('subscription');
  const decoded = ['v6', 'v4', 'v5'].map((n) =>
    codec.decodeSubscription(hexToBytes(file.vectors.find((x) => x.id === `subscription/valid/${n}`).hex)),
  );
  const r = explainStreamsUpgrade(decoded);
  assert.equal(r.leaderVersion, 4);
  assert.equal(r.step, 'done');
  assert.match(r.members[0].sentence, /sent a version 6 subscription; it supports up to version 6\./);
  assert.match(r.sentences.join(' '), /version probing/);
});

test('explainer: decoded version 7-11 subscriptions mixed with older ones -> the lowest version', () => {
  const file = loadGolden('subscription');
  const decode = (n) =>
    codec.decodeSubscription(hexToBytes(file.vectors.find((x) => x.id === `subscription/valid/${n}`).hex));
  const r = explainStreamsUpgrade(['v11', 'v7', 'v4'].map(decode));
  assert.equal(r.leaderVersion, 4);
  assert.equal(r.step, 'done');
  assert.match(r.members[0].sentence, /sent a version 11 subscription; it supports up to version 11\./);
  assert.match(r.sentences.join(' '), /version probing/);
  const old = explainStreamsUpgrade(['v10', 'v2'].map(decode));
  assert.equal(old.leaderVersion, 2);
  assert.equal(old.step, 'second-bounce');
  const all = explainStreamsUpgrade(['v9', 'v9'].map(decode));
  assert.equal(all.leaderVersion, 9);
  assert.match(all.sentences.at(-1), /complete: all members use version 9/);
  const probe = explainStreamsUpgrade([decode('v11'), { version: 12, latestSupportedVersion: 12, probing: true }]);
  assert.equal(probe.leaderVersion, 11);
  assert.match(probe.members[1].sentence, /newer than version 11/);
});

test('explainer: from decoded golden bytes, and bad input', () => {
  const file = loadGolden('subscription');
  const bytes = ['v1', 'v2', 'v3'].map((n) =>
    hexToBytes(file.vectors.find((x) => x.id === `subscription/valid/${n}`).hex),
  );
  const r = explainStreamsUpgrade(bytes.map((b) => codec.decodeSubscription(b)));
  assert.deepEqual(
    r.members.map((m) => m.version),
    [1, 2, 3],
  );
  assert.equal(r.leaderVersion, 1);
  assert.equal(r.step, 'second-bounce');
  assert.throws(() => explainStreamsUpgrade([]), TypeError);
  assert.throws(() => explainStreamsUpgrade([{}]), TypeError);
});

// The Streams decoders read the caller's bytes in any form (the per-record decoders' inputBytes):
// each of helpers.mjs BYTE_FORMS decodes as the plain array does.
test('decodeSubscription / decodeAssignment: bytes in every form decode alike', () => {
  for (const target of ['subscription', 'assignment']) {
    const ok = loadGolden(target).vectors.filter((v) => !v.expect.error);
    assert.ok(ok.length > 0);
    for (const v of ok.slice(0, 5)) {
      const plain = hexToBytes(v.hex);
      const want = decoders[target](plain);
      for (const [name, form] of Object.entries(BYTE_FORMS)) {
        assert.deepEqual(decoders[target](form(plain)), want, `${v.id} as ${name}`);
      }
    }
  }
});
