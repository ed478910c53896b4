// The whole-topic module's flat answers read by their one description (issue 19: no layout
// mirrored by hand): every layout of FLAT_LAYOUTS (wasm/generated/tables.js, emitted from the C++
// X-macros) read from a real fold of the wasm build ends exactly where the module's arrays end,
// and a description that disagrees with the module is refused, not misread.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { api } from './helpers.mjs';
import { flatReader } from '../../wasm/api/flat-layout.js';
import { flatResult } from '../../wasm/api/log-api.js';
import { FLAT_LAYOUTS, PACKED_RECORD } from '../../wasm/generated/tables.js';
import { zombieSegments } from './transaction-writer.mjs';
import { groupKey, groupValue, offsetKey, offsetValue } from './group-writer.mjs';

const log = await api.loadLogCodec();
const T0 = 1_700_000_000_000;

test('FLAT_LAYOUTS describes the state, its join, the transaction log and the groups', () => {
  assert.deepEqual(Object.keys(FLAT_LAYOUTS), ['state', 'join', 'transactions', 'groups']);
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
