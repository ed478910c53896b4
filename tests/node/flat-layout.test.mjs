// The whole-topic module's flat answers read by their one description (issue 19: no layout
// mirrored by hand): every layout of FLAT_LAYOUTS (wasm/generated/tables.js, emitted from the C++
// X-macros) read from a real fold of the wasm build ends exactly where the module's arrays end,
// and a description that disagrees with the module is refused, not misread.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { api } from './helpers.mjs';
import { cursorReader, flatReader } from '../../wasm/api/flat-layout.js';
import { flatResult } from '../../wasm/api/log-api.js';
import { CURSOR_LAYOUTS, FLAT_LAYOUTS, PACKED_RECORD } from '../../wasm/generated/tables.js';
import { zombieSegments } from './transaction-writer.mjs';
import {
  consumerAssignment,
  consumerSubscription,
  groupKey,
  groupValue,
  offsetKey,
  offsetValue,
  streamsAssignment,
  streamsSubscription,
} from './group-writer.mjs';

const log = await api.loadLogCodec();
const T0 = 1_700_000_000_000;

test('FLAT_LAYOUTS describes the state, its join, the transaction log, the groups, the share-group state and the metadata image', () => {
  // shareState: read by every result of tests/node/sharestate-fold.test.mjs; clusterMetadata: read to
  // its end (last) by every result of tests/node/cluster-metadata-fold.test.mjs.
  assert.deepEqual(Object.keys(FLAT_LAYOUTS), [
    'state',
    'join',
    'transactions',
    'groups',
    'shareState',
    'clusterMetadata',
  ]);
  for (const [name, layout] of Object.entries(FLAT_LAYOUTS)) {
    for (const [kind, group, field, count] of layout.sections) {
      assert.ok(['word', 'wide', 'text'].includes(kind), `${name}.${group}.${field}`);
      assert.ok(count === null || layout.counts.includes(count), `${name}.${group}.${field}: count ${count}`);
    }
  }
});

test('the state with history and its join, and the transaction log, read to the arrays’ ends', async () => {
  const seg = await zombieSegments(T0);
  const txn = log.createTransactionFolder();
  const state = log.createFolder({ history: true });
  try {
    txn.pushLog(seg.transactions, 3);
    txn.endLog(3);
    state.pushLog(seg.coordination, 0);
    state.endLog(0);
    const now = T0 + 120_000;
    const doc = state.result({ now, transactions: txn });
    const F = state[flatResult]({ now, transactions: txn });
    const S = flatReader('state')(F);
    const J = flatReader('join', { last: true })(F, S.end, S.counts);
    assert.equal(S.counts.roles, doc.roles.length);
    assert.equal(S.counts.history, doc.history.length);
    assert.equal(S.counts.anomalies, doc.anomalies.length);
    assert.equal(J.counts.roles, doc.roles.length);
    assert.ok(J.counts.rows > 0);
    assert.deepEqual(
      Array.from({ length: S.counts.roles }, (_, i) => F.str(S.roles.role + i)),
      doc.roles.map((r) => r.role),
    );
    // Without the join: its count -1, the last word.
    const alone = state[flatResult]({ now });
    const A = flatReader('state')(alone);
    assert.equal(flatReader('join', { last: true })(alone, A.end, A.counts), null);
    assert.equal(A.end.w + 1, alone.words.length);

    const T = txn[flatResult]({ now });
    const R = flatReader('transactions', { last: true })(T);
    // Entries removed by a tombstone are in the layout, not in the document.
    const kept = Array.from(R.entries.removed).filter((removed) => removed === 0).length;
    assert.equal(kept, txn.result({ now }).transactions.length);
    assert.ok(kept < R.counts.entries);
    // One word more than the module wrote: refused.
    const longer = { ...T, words: Int32Array.from([...T.words, 0]) };
    assert.throws(() => flatReader('transactions', { last: true })(longer), /transactions layout ends at/);
  } finally {
    state.dispose();
    txn.dispose();
  }
});

test('the groups read to the arrays’ ends (the reader refuses any other end)', () => {
  const member = { memberId: 'm-1', subscription: Buffer.alloc(0), assignment: Buffer.alloc(0) };
  const records = [
    { key: offsetKey('g-1', 'orders', 0), value: offsetValue({ offset: 42n }), offset: 0 },
    { key: offsetKey('g-2', 'orders', 1), value: offsetValue({ offset: 43n }), offset: 1 },
    {
      key: groupKey('g-1'),
      value: groupValue({
        protocolType: 'consumer',
        generation: 3,
        protocol: 'range',
        leader: 'm-1',
        members: [member],
      }),
      offset: 2,
    },
  ];
  const folder = log.createGroupFolder();
  try {
    folder.pushRecords(records);
    const doc = folder.result();
    assert.deepEqual(
      doc.groups.map((g) => [g.group, g.offsets.length]),
      [
        ['g-1', 1],
        ['g-2', 1],
      ],
    );
    assert.equal(doc.groups[0].members[0].memberId, 'm-1');
  } finally {
    folder.dispose();
  }
});

test('CURSOR_LAYOUTS describes the groups’ metadata: each nested sequence one of the layout’s', () => {
  assert.deepEqual(Object.keys(CURSOR_LAYOUTS), ['groupMetadata']);
  for (const [name, layout] of Object.entries(CURSOR_LAYOUTS)) {
    for (const [sequence, fields] of Object.entries(layout)) {
      for (const [kind, field, nested] of fields) {
        const where = `${name}.${sequence}.${field}`;
        assert.ok(['word', 'wide', 'text', 'list', 'opt'].includes(kind), where);
        assert.equal(nested !== null, kind === 'list' || kind === 'opt', where);
        assert.ok(nested === null || nested in layout, where);
      }
    }
  }
});

test('the groups’ metadata read by its description to the arrays’ ends: every field where C++ wrote it', () => {
  const classic = [
    {
      memberId: 'm-1',
      groupInstanceId: 'inst-1',
      clientId: 'c-1',
      clientHost: '/10.0.0.1',
      rebalanceTimeout: 31,
      sessionTimeout: 32,
      subscription: consumerSubscription(['t-1', 't-2']),
      assignment: consumerAssignment([['t-1', [33, 34]]]),
    },
    { memberId: 'm-2', subscription: consumerSubscription(['t-3']), assignment: Buffer.alloc(0) },
  ];
  const streams = [
    {
      memberId: 's-1',
      subscription: consumerSubscription(['t-4'], streamsSubscription({ version: 3, processId: 35 })),
      assignment: consumerAssignment([['t-4', [36]]], streamsAssignment({ active: [[0, 36]] })),
    },
  ];
  const value = (protocol, generation, members) =>
    groupValue({ protocolType: 'consumer', generation, protocol, leader: members[0].memberId, members });
  const records = [
    { key: groupKey('g-classic'), value: value('range', 37, classic), offset: 38 },
    { key: groupKey('g-streams'), value: value('stream', 39, streams), offset: 40 },
  ];
  const folder = log.createGroupFolder();
  try {
    folder.pushRecords(records);
    const [g1, g2] = folder.result().groups;
    const [m1, m2] = g1.members;
    assert.deepEqual(
      [m1.memberId, m1.groupInstanceId, m1.clientId, m1.clientHost, m1.rebalanceTimeout, m1.sessionTimeout],
      ['m-1', 'inst-1', 'c-1', '/10.0.0.1', 31, 32],
    );
    assert.deepEqual(m1.subscription, {
      version: 1,
      topics: ['t-1', 't-2'],
      ownedPartitions: [],
      generationId: -1,
      rackId: null,
    });
    assert.deepEqual(m1.assignment, { version: 0, assignedPartitions: [{ topic: 't-1', partitions: [33, 34] }] });
    assert.deepEqual(
      [m2.memberId, m2.groupInstanceId, m2.subscription.topics, m2.assignment],
      ['m-2', null, ['t-3'], null],
    );
    const [s1] = g2.members;
    assert.equal(s1.streams.subscription.version, 3);
    assert.equal(s1.streams.subscription.userEndPoint, 'host:8080');
    assert.deepEqual(s1.streams.assignment.activeTasks, [{ topicGroupId: 0, partition: 36 }]);
  } finally {
    folder.dispose();
  }
  // A string more than the records hold: the reader refuses the arrays.
  const { read } = cursorReader('groupMetadata');
  const F = { words: Int32Array.of(0, 1, 0, 0), longs: BigInt64Array.of(0n, 0n), str: () => '', ends: [0, 0, 0, 0] };
  assert.throws(() => read(F), /groupMetadata layout ends at/);
});

test('a packed record is PACKED_RECORD’s fields: the fold reads what pushRecords packs', () => {
  assert.deepEqual(
    PACKED_RECORD.map(([name]) => name),
    ['partition', 'offset', 'timestamp', 'line', 'producerId', 'flags', 'key', 'value'],
  );
  const folder = log.createFolder();
  try {
    const key = Buffer.from('000000000004726f6c6500036d2d31', 'hex'); // registration role / m-1
    folder.pushRecords([
      { key, value: null, partition: 7, offset: 9n },
      { key: null, value: null, line: 4 },
    ]);
    const doc = folder.result({ now: T0 });
    assert.equal(doc.records, 2);
    assert.deepEqual(
      doc.errors.map((e) => [e.partition, e.offset ?? null, e.line ?? null, e.code]),
      [[0, null, 4, 'NULL_KEY']],
    );
  } finally {
    folder.dispose();
  }
});
