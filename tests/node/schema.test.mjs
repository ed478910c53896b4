// The schema-generated messages through the whole-topic module's internal API (wasm/api/schema-api.js:
// decodeMessage, inspectMessage): the objects the generated readers build, on vectors written by
// hand in Kafka's encodings (tests/node/schema-vectors.mjs, and the same vectors as the native
// tests, tests/native/schema_test.cpp); errors with their code, offset and path; the field tree;
// and the wasm build's struct layout against wasm/generated/schema/layout.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { instantiate } from '../../wasm/api/boundary.js';
import { MESSAGES } from '../../wasm/generated/schema/messages.js';
import { api } from './helpers.mjs';
import { VECTORS, w } from './schema-vectors.mjs';

const { CoordinationError } = api;
const log = await api.loadLogCodec();
const { decodeMessage, inspectMessage } = log;
const bytes = (writer) => Uint8Array.from(writer.bytes);
const throwsCode = (fn, code, offset, field) =>
  assert.throws(fn, (e) => {
    assert.ok(e instanceof CoordinationError, String(e));
    assert.deepEqual({ code: e.code, offset: e.offset, field: e.field }, { code, offset, field });
    assert.ok(e.message.startsWith(`${field}: `) && e.message.endsWith(`(offset ${offset})`), e.message);
    return true;
  });

test('every message decodes its vectors, and inspect gives the same object', () => {
  for (const { name, prefixed } of MESSAGES) {
    for (const vector of VECTORS[name]) {
      const options = prefixed ? {} : { version: vector.version };
      const record = decodeMessage(name, bytes(vector), options);
      const inspected = inspectMessage(name, bytes(vector), options);
      assert.equal(inspected.ok, true, name);
      assert.deepEqual(inspected.record, record, name);
      assert.equal(inspected.fields.length, 1, name);
      assert.equal(inspected.fields[0].path, name.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase());
    }
  }
});

test('OffsetCommitValue: version gates, defaults, bigint, unknown tagged fields', () => {
  assert.deepEqual(decodeMessage('OffsetCommitValue', bytes(w().i16(0).i64(42).str('m').i64(1000))), {
    version: 0,
    offset: 42n,
    leaderEpoch: -1,
    metadata: 'm',
    commitTimestamp: 1000n,
    expireTimestamp: -1n,
    topicId: 'AAAAAAAAAAAAAAAAAAAAAA', // Kafka 4.1.0's tagged field (version 4): the zero uuid without it
    unknownTaggedFields: [],
  });
  assert.equal(decodeMessage('OffsetCommitValue', bytes(w().i16(1).i64(42).str('').i64(1).i64(2))).expireTimestamp, 2n);
  const v4 = decodeMessage(
    'OffsetCommitValue',
    bytes(w().i16(4).i64(-1).i32(7).cstr('meta').i64(1000).uv(2).uv(3).uv(2).raw('ab').uv(9).uv(0)),
  );
  assert.equal(v4.offset, -1n);
  assert.equal(v4.leaderEpoch, 7);
  assert.equal(v4.metadata, 'meta');
  assert.deepEqual(
    v4.unknownTaggedFields.map((t) => ({ tag: t.tag, bytes: [...t.bytes] })),
    [
      { tag: 3, bytes: [0x61, 0x62] },
      { tag: 9, bytes: [] },
    ],
  );
  assert.ok(v4.unknownTaggedFields[0].bytes instanceof Uint8Array);
});

test('GroupMetadataValue: members with their bytes as Uint8Array views', () => {
  const v = decodeMessage('GroupMetadataValue', bytes(VECTORS.GroupMetadataValue[0]));
  assert.equal(v.version, 3);
  assert.equal(v.protocolType, 'consumer');
  assert.equal(v.generation, 5);
  assert.equal(v.protocol, 'range');
  assert.equal(v.leader, 'm1');
  assert.equal(v.currentStateTimestamp, 99n);
  assert.equal(v.members.length, 1);
  const [m] = v.members;
  assert.deepEqual(
    { ...m, subscription: [...m.subscription], assignment: [...m.assignment] },
    {
      memberId: 'm1',
      groupInstanceId: null,
      clientId: 'c',
      clientHost: '/127.0.0.1',
      rebalanceTimeout: 300000,
      sessionTimeout: 10000,
      subscription: [0x73, 0x75],
      assignment: [0x61],
      unknownTaggedFields: [],
    },
  );
  const flexible = decodeMessage('GroupMetadataValue', bytes(VECTORS.GroupMetadataValue[1]));
  assert.equal(flexible.protocol, null);
  assert.equal(flexible.members[0].groupInstanceId, 'i');
  assert.equal(flexible.members[0].unknownTaggedFields[0].tag, 4);
});

test('KIP-848 records: uuids as Kafka prints them, a tagged struct, nested arrays', () => {
  const p = decodeMessage('ConsumerGroupPartitionMetadataValue', bytes(VECTORS.ConsumerGroupPartitionMetadataValue[0]));
  // Bytes 01..10: Uuid.toString is URL-safe base64 without padding.
  const id = Buffer.from([...Array(16).keys()].map((i) => i + 1)).toString('base64url');
  assert.deepEqual(p.topics, [
    {
      topicId: id,
      topicName: 't',
      numPartitions: 3,
      partitionMetadata: [{ partition: 0, racks: ['r1', 'r2'], unknownTaggedFields: [] }],
      unknownTaggedFields: [],
    },
  ]);
  const m = decodeMessage('ConsumerGroupMemberMetadataValue', bytes(VECTORS.ConsumerGroupMemberMetadataValue[0]));
  assert.equal(m.instanceId, null);
  assert.equal(m.rackId, 'rack');
  assert.deepEqual(m.subscribedTopicNames, ['t']);
  assert.equal(m.classicMemberMetadata.sessionTimeoutMs, 45000);
  assert.equal(m.classicMemberMetadata.supportedProtocols[0].name, 'range');
  assert.deepEqual([...m.classicMemberMetadata.supportedProtocols[0].metadata], [1, 2]);
  // The tag absent: Kafka's reader gives the empty struct.
  const absent = decodeMessage(
    'ConsumerGroupMemberMetadataValue',
    bytes(w().i16(0).uv(0).uv(0).cstr('c').cstr('h').uv(1).uv(0).i32(1).uv(0).uv(0)),
  );
  assert.deepEqual(absent.classicMemberMetadata, {
    sessionTimeoutMs: 0,
    supportedProtocols: [],
    unknownTaggedFields: [],
  });
  assert.equal(absent.rebalanceTimeoutMs, 1);
});

test('TransactionLogValue: bigint producer id, null partitions, the status check', () => {
  const v0 = decodeMessage('TransactionLogValue', bytes(VECTORS.TransactionLogValue[0]));
  assert.deepEqual(v0, {
    version: 0,
    producerId: 7n,
    producerEpoch: 1,
    transactionTimeoutMs: 60000,
    transactionStatus: 1,
    transactionPartitions: [{ topic: 't', partitionIds: [0, 3], unknownTaggedFields: [] }],
    transactionLastUpdateTimestampMs: 1n,
    transactionStartTimestampMs: 2n,
    // Kafka 4.1.0's tagged fields (version 1+): at their defaults here, as its generated class holds them
    previousProducerId: -1n,
    nextProducerId: -1n,
    nextProducerEpoch: -1,
    clientTransactionVersion: 0,
    unknownTaggedFields: [],
  });
  assert.equal(decodeMessage('TransactionLogValue', bytes(VECTORS.TransactionLogValue[1])).transactionPartitions, null);
  // Version 1 with ClientTransactionVersion 2 (tag 2, an int16) and an unknown tag 9: one named, one kept.
  const v1 = decodeMessage(
    'TransactionLogValue',
    bytes(w().i16(1).i64(7).i16(1).i32(60000).u8(4).uv(0).i64(1).i64(2).uv(2).uv(2).uv(2).i16(2).uv(9).uv(1).u8(5)),
  );
  assert.equal(v1.clientTransactionVersion, 2);
  assert.equal(v1.previousProducerId, -1n);
  assert.deepEqual(
    v1.unknownTaggedFields.map((t) => t.tag),
    [9],
  );
  throwsCode(
    () => decodeMessage('TransactionLogValue', bytes(w().i16(0).i64(7).i16(1).i32(60000).u8(8).i32(-1).i64(1).i64(2))),
    'OUT_OF_RANGE',
    16,
    'transaction_log_value.transaction_status',
  );
  assert.deepEqual(decodeMessage('TransactionLogKey', bytes(w().i16(0).str('tx-1'))), {
    version: 0,
    transactionalId: 'tx-1',
  });
  throwsCode(
    () => decodeMessage('TransactionLogKey', bytes(w().i16(1).str('x'))),
    'UNSUPPORTED_VERSION',
    0,
    'transaction_log_key.version',
  );
});

test('the consumer protocol: a newer version is read as the latest and keeps its number', () => {
  const s = decodeMessage(
    'ConsumerProtocolSubscription',
    bytes(w().i16(7).i32(1).str('t').i32(-1).i32(0).i32(4).i16(-1).raw('xx')),
  );
  assert.deepEqual(s, {
    version: 7,
    topics: ['t'],
    userData: null,
    ownedPartitions: [],
    generationId: 4,
    rackId: null,
  });
  const inspected = inspectMessage(
    'ConsumerProtocolSubscription',
    bytes(w().i16(7).i32(0).i32(-1).i32(0).i32(4).i16(0)),
  );
  assert.equal(inspected.warnings[0].code, 'NEWER_VERSION');
  assert.equal(inspected.record.rackId, '');
  const v0 = decodeMessage('ConsumerProtocolSubscription', bytes(VECTORS.ConsumerProtocolSubscription[0]));
  assert.deepEqual(v0, {
    version: 0,
    topics: ['t'],
    userData: null,
    ownedPartitions: [],
    generationId: -1,
    rackId: null,
  });
  const a = decodeMessage('ConsumerProtocolAssignment', bytes(VECTORS.ConsumerProtocolAssignment[0]));
  assert.deepEqual(a, { version: 1, assignedPartitions: [{ topic: 't', partitions: [0, 1] }], userData: null });
});

test('errors: code, offset and the full path of the field', () => {
  // GroupMetadataValue v3, two members, the second cut in its client id.
  const member = (m, id) =>
    m.str(id).i16(-1).str('c').str('/127.0.0.1').i32(300000).i32(10000).i32(1).raw('s').i32(1).raw('a');
  const b = w().i16(3).str('consumer').i32(5).str('range').str('m1').i64(99).i32(2);
  member(b, 'm1');
  const second = b.bytes.length;
  b.str('m2').i16(-1).i16(5).raw('ab');
  throwsCode(
    () => decodeMessage('GroupMetadataValue', bytes(b)),
    'TRUNCATED',
    second + 6,
    'group_metadata_value.members[1].client_id',
  );
  const base = () => w().i16(4).i64(1).i32(0).cstr('').i64(2);
  throwsCode(
    () => decodeMessage('OffsetCommitValue', bytes(base().uv(2).uv(5).uv(0).uv(3).uv(0))),
    'TAG_OUT_OF_ORDER',
    26,
    'offset_commit_value.tagged_fields',
  );
  throwsCode(
    () => decodeMessage('OffsetCommitValue', bytes(base().u8(0x80).u8(0x80).u8(0x80).u8(0x80).u8(0x80).u8(0))),
    'VARINT_TOO_LONG',
    23,
    'offset_commit_value.tagged_fields',
  );
  throwsCode(
    () => decodeMessage('OffsetCommitValue', bytes(w().i16(4).i64(1).i32(0).uv(0))),
    'NULL_NOT_ALLOWED',
    14,
    'offset_commit_value.metadata',
  );
  throwsCode(
    () => decodeMessage('OffsetCommitValue', bytes(w().i16(2).i64(1).i16(-1))),
    'NEGATIVE_LENGTH',
    10,
    'offset_commit_value.metadata',
  );
  throwsCode(
    () => decodeMessage('OffsetCommitValue', bytes(w().i16(0).i64(1).str('m').i64(2).u8(0))),
    'TRAILING_BYTES',
    21,
    'offset_commit_value',
  );
  throwsCode(
    () => decodeMessage('OffsetCommitValue', bytes(w().i16(5))),
    'UNSUPPORTED_VERSION',
    0,
    'offset_commit_value.version',
  );
});

test('options: a version instead of the prefix; wrong arguments are TypeErrors', () => {
  const v = decodeMessage('OffsetCommitValue', bytes(w().i64(42).str('m').i64(1000)), { version: 0 });
  assert.equal(v.offset, 42n);
  throwsCode(
    () => decodeMessage('OffsetCommitValue', bytes(w().i64(42)), { version: 9 }),
    'UNSUPPORTED_VERSION',
    0,
    'offset_commit_value',
  );
  assert.throws(() => decodeMessage('NoSuchMessage', new Uint8Array(2)), TypeError);
  assert.throws(() => decodeMessage('OffsetCommitValue', new Uint8Array(2), { version: -1 }), TypeError);
  assert.throws(() => decodeMessage('OffsetCommitValue', 'not bytes'), TypeError);
});

test('inspectMessage: the nested field tree, the error, the warnings', () => {
  const r = inspectMessage('GroupMetadataKey', bytes(w().i16(2).i16(3).raw('a').u8(0xff).raw('b')));
  assert.equal(r.ok, true);
  assert.equal(r.record.group, 'a\ufffdb');
  assert.deepEqual(
    r.warnings.map((x) => [x.code, x.field, x.offset]),
    [['UTF8_REPLACED', 'group_metadata_key.group', 5]],
  );
  assert.deepEqual(
    r.fields[0].children.map((n) => [n.path, n.wireType]),
    [
      ['group_metadata_key.version', 'i16'],
      ['group_metadata_key.group', 'string'],
    ],
  );
  const bad = inspectMessage('OffsetCommitValue', bytes(w().i16(4).i64(1).i32(0).cstr('m').i64(2).uv(1).uv(0).uv(5)));
  assert.equal(bad.ok, false);
  assert.equal(bad.record, null);
  assert.equal(bad.error.code, 'TRUNCATED');
  assert.equal(bad.error.field, 'offset_commit_value.tagged_fields');
});

test("the wasm build's struct layout is layout.json's", async () => {
  const layout = JSON.parse(readFileSync(new URL('../../wasm/generated/schema/layout.json', import.meta.url), 'utf8'));
  const glue = await import('../../wasm/dist/coordination_log.js');
  const M = await instantiate(
    {},
    glue.default,
    () => import('../../wasm/dist/coordination_log.bytes.js'),
    (m) => m,
    'test',
  );
  const rows = M.schemaLayout();
  const compiled = new Map(
    rows.map(([message, struct, member, offset, size]) => [`${message}/${struct}/${member}`, { offset, size }]),
  );
  let expected = 0;
  for (const m of layout.messages) {
    for (const s of m.structs) {
      assert.equal(compiled.get(`${m.id}/${s.name}/`)?.size, s.size, `${m.name}.${s.name} size`);
      expected++;
      for (const member of s.members) {
        assert.equal(
          compiled.get(`${m.id}/${s.name}/${member.name}`)?.offset,
          member.offset,
          `${m.name}.${s.name}.${member.name}`,
        );
        expected++;
      }
    }
  }
  assert.equal(rows.length, expected);
});

test("Kafka 4.1.0's Streams member metadata: a nullable struct (an i8 marker), a uint16 port, client tags", () => {
  const [withEndpoint, without] = VECTORS.StreamsGroupMemberMetadataValue.map((v) =>
    decodeMessage('StreamsGroupMemberMetadataValue', bytes(v)),
  );
  assert.deepEqual(withEndpoint.userEndpoint, { host: 'host', port: 8080, unknownTaggedFields: [] });
  assert.deepEqual(withEndpoint.clientTags, [{ key: 'k', value: 'v', unknownTaggedFields: [] }]);
  assert.equal(withEndpoint.instanceId, null);
  assert.equal(withEndpoint.rebalanceTimeoutMs, 30000);
  assert.equal(without.userEndpoint, null); // marker -1
  assert.deepEqual(without.clientTags, []);
  // A port of 65535: the uint16 as written, not -1.
  const high = w()
    .i16(0)
    .uv(0)
    .uv(0)
    .cstr('c')
    .cstr('h')
    .i32(0)
    .i32(0)
    .cstr('p')
    .u8(0)
    .cstr('h')
    .i16(-1)
    .uv(0)
    .uv(1)
    .uv(0);
  assert.equal(decodeMessage('StreamsGroupMemberMetadataValue', bytes(high)).userEndpoint.port, 65535);
  // ConsumerGroupRegularExpressionValue: Kafka's Version is metadataVersion (the message has a version).
  const regex = decodeMessage(
    'ConsumerGroupRegularExpressionValue',
    bytes(VECTORS.ConsumerGroupRegularExpressionValue[0]),
  );
  assert.deepEqual([regex.version, regex.topics, regex.metadataVersion, regex.timestamp], [0, ['t-1'], 5n, 1000n]);
});
