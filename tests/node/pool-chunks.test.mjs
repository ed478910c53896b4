// The folds' string pools decoded in chunks (wasm/api/flat-layout.js flatSections; the limit in
// wasm/api/string-chunks.js): V8 makes no string longer than 2^29 - 24 units, and a fold's names may
// total more, so a pool past POOL_CHUNK_UNITS is decoded in chunks cut at string boundaries. A real
// fold cannot reach that limit in a test; the test lowers it (setPoolChunkUnits, for tests only) and
// holds every result made from many chunks deep-equal to the one decode's: the coordination state
// (with history and the join), the transaction log, the consumer groups, and the Topic tab
// worker's columns (web/src/lib/topic-state-columns.js, timeline-columns.js) as the page reads
// them (StringColumn). Names hold 2-, 3- and 4-byte UTF-8 characters (a 4-byte one is two units)
// and one is far longer than the limit: its chunk holds it alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { api } from './helpers.mjs';
import { flatResult } from '../../wasm/api/log-api.js';
import { POOL_CHUNK_UNITS, packStrings, setPoolChunkUnits } from '../../wasm/api/string-chunks.js';
import { writeLog } from './log-writer.mjs';
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
import { roleColumns, summaryColumns } from '../../web/src/lib/topic-state-columns.js';
import { pictureColumns } from '../../web/src/lib/timeline-columns.js';
import { StringColumn } from '../../web/src/lib/topic-rows.js';

const log = await api.loadLogCodec();
const T0 = 1_700_000_000_000;
const NOW = T0 + 120_000;
// Longer than each small limit: a role of 245 bytes (a role is at most 255), 125 units; a group of
// 1,506 bytes, 756 units.
const LONG = `role-${'é€😀x'.repeat(24)}`;
const LONG_GROUP = `group-${'é€😀x'.repeat(150)}`;
const SMALL_LIMITS = [1, 7, 64];

// f() once with the default limit, then with each small limit: the limit restored after each.
function underLimits(f) {
  const whole = f();
  const chunked = SMALL_LIMITS.map((units) => {
    const was = setPoolChunkUnits(units);
    try {
      return f();
    } finally {
      setPoolChunkUnits(was);
    }
  });
  return { whole, chunked };
}

// Leases and registrations whose roles and members are non-ASCII, one role longer than any limit,
// some names empty, some repeated; tombstones; more than a chunk of 64 units many times over.
async function namesLog() {
  const records = [];
  let offset = 0;
  const roles = [LONG, 'ä', 'ß-rôle', '日本語-ロール', '😀😀', 'plain-role', ''];
  for (let i = 0; i < 40; i++) {
    const role = roles[i % roles.length] + (i % 3 === 0 ? '' : `-${i % 5}`);
    if (role === '') continue;
    const member = ['m-é', '𝔪-2', '', 'member-ü-3'][i % 4] || `m-${i}`;
    records.push({
      offset: offset++,
      key: { kind: 'registration', role, member },
      value: i % 11 === 10 ? null : { member, registeredAt: BigInt(T0 + i) },
    });
    records.push({
      offset: offset++,
      key: { kind: 'lease', role },
      value: {
        member,
        producerId: BigInt(4000 + (i % 3)),
        producerEpoch: 1 + (i % 4),
        grantedAt: BigInt(T0 + 1000 * i),
        deadline: BigInt(T0 + 1000 * i + 30_000),
      },
    });
  }
  return writeLog(records, { perBatch: 7 });
}

test('the limit: POOL_CHUNK_UNITS (2^27) far below V8’s 2^29 - 24; the test setter takes a positive integer', () => {
  assert.equal(POOL_CHUNK_UNITS, 2 ** 27);
  assert.equal(setPoolChunkUnits(POOL_CHUNK_UNITS), POOL_CHUNK_UNITS);
  for (const bad of [0, -1, 1.5, NaN, '64']) assert.throws(() => setPoolChunkUnits(bad), RangeError);
});

test('the coordination state from many pool chunks is the one decode’s, with history and the join', async () => {
  const seg = await zombieSegments(T0);
  const names = await namesLog();
  const txn = log.createTransactionFolder();
  const state = log.createFolder({ history: true });
  try {
    txn.pushLog(seg.transactions, 3);
    txn.endLog(3);
    state.pushLog(seg.coordination, 0);
    state.endLog(0);
    state.pushLog(names, 1);
    state.endLog(1);
    const { whole, chunked } = underLimits(() => {
      const F = state[flatResult]({ now: NOW, transactions: txn });
      return {
        doc: state.result({ now: NOW, transactions: txn }),
        strings: Array.from(F.ends, (_, i) => F.str(i)),
        chunks: F.texts.length,
      };
    });
    assert.equal(whole.chunks, 1);
    assert.ok(whole.doc.roles.some((r) => r.role === LONG));
    assert.ok(whole.doc.history.some((k) => k.role === LONG));
    for (const [k, c] of chunked.entries()) {
      assert.ok(c.chunks > 10, `limit ${SMALL_LIMITS[k]}: ${c.chunks} chunks`);
      assert.deepEqual(c.strings, whole.strings, `limit ${SMALL_LIMITS[k]}`);
      assert.deepEqual(c.doc, whole.doc, `limit ${SMALL_LIMITS[k]}`);
    }
    // The same in reverse order of access (str's chunk found again by its search).
    const was = setPoolChunkUnits(7);
    try {
      const F = state[flatResult]({ now: NOW, transactions: txn });
      const backwards = Array.from(F.ends, (_, i) => F.str(F.ends.length - 1 - i)).reverse();
      assert.deepEqual(backwards, whole.strings);
    } finally {
      setPoolChunkUnits(was);
    }
  } finally {
    state.dispose();
    txn.dispose();
  }
});

test('the transaction log and the consumer groups from many pool chunks are the one decode’s', async () => {
  const seg = await zombieSegments(T0);
  const txn = log.createTransactionFolder();
  const groups = log.createGroupFolder();
  try {
    txn.pushLog(seg.transactions, 3);
    txn.endLog(3);
    const member = (id) => ({
      memberId: id,
      groupInstanceId: `inst-${id}`,
      clientId: `client-${id}-é`,
      clientHost: '/10.0.0.1',
      rebalanceTimeout: 31,
      sessionTimeout: 32,
      subscription: consumerSubscription([`tópic-${id}`, 't-2']),
      assignment: consumerAssignment([[`tópic-${id}`, [33, 34]]]),
    });
    const streams = {
      memberId: 's-😀',
      subscription: consumerSubscription(['t-4'], streamsSubscription({ version: 3, processId: 35 })),
      assignment: consumerAssignment([['t-4', [36]]], streamsAssignment({ active: [[0, 36]] })),
    };
    const value = (protocol, members) =>
      groupValue({ protocolType: 'consumer', generation: 3, protocol, leader: members[0].memberId, members });
    groups.pushRecords([
      { key: offsetKey('g-ü', 'orders', 0), value: offsetValue({ offset: 42n, metadata: 'mé' }), offset: 0 },
      { key: offsetKey(LONG_GROUP, 'orders-😀', 1), value: offsetValue({ offset: 43n }), offset: 1 },
      { key: groupKey('g-ü'), value: value('range', [member('m-1'), member('𝔪-2')]), offset: 2 },
      { key: groupKey(LONG_GROUP), value: value('stream', [streams]), offset: 3 },
    ]);
    const { whole, chunked } = underLimits(() => ({
      transactions: txn.result({ now: NOW }),
      groups: groups.result(),
    }));
    assert.ok(whole.groups.groups.some((g) => g.group === LONG_GROUP));
    for (const [k, c] of chunked.entries()) {
      assert.deepEqual(c.transactions, whole.transactions, `limit ${SMALL_LIMITS[k]}`);
      assert.deepEqual(c.groups, whole.groups, `limit ${SMALL_LIMITS[k]}`);
    }
  } finally {
    txn.dispose();
    groups.dispose();
  }
});

// The worker's columns as the page reads them: every string of every column.
const strings = (column, counts) => new StringColumn(column, counts).all();
function pageView(table, state, picture) {
  return {
    role: strings(table.role),
    holder: strings(table.holder),
    members: strings(table.members, table.memberCount),
    transaction: table.transaction ? strings(table.transaction) : null,
    anomalies: ['kind', 'role', 'message'].map((c) => strings(state.anomalies[c])),
    names: strings(picture.names),
    rest: { ...table, role: 0, holder: 0, members: 0, transaction: 0 },
  };
}

test('the Topic tab worker’s columns from many chunks read as the one decode’s on the page', async () => {
  const seg = await zombieSegments(T0);
  const names = await namesLog();
  const txn = log.createTransactionFolder();
  const state = log.createFolder({ history: true });
  try {
    txn.pushLog(seg.transactions, 3);
    txn.endLog(3);
    state.pushLog(seg.coordination, 0);
    state.endLog(0);
    state.pushLog(names, 1);
    state.endLog(1);
    const { whole, chunked } = underLimits(() => {
      const F = state[flatResult]({ now: NOW, transactions: txn });
      const { table } = roleColumns(F);
      const { state: summary } = summaryColumns(F);
      const { picture } = pictureColumns(state[flatResult]({ now: NOW }), NOW);
      return { view: pageView(table, summary, picture), runs: Array.isArray(table.members.text) };
    });
    assert.equal(whole.runs, false); // one string a column, as before
    assert.ok(whole.view.role.includes(LONG));
    assert.ok(whole.view.transaction.some((line) => line !== ''));
    for (const [k, c] of chunked.entries()) {
      assert.equal(c.runs, true, `limit ${SMALL_LIMITS[k]}`);
      assert.deepEqual(c.view, whole.view, `limit ${SMALL_LIMITS[k]}`);
    }
  } finally {
    state.dispose();
    txn.dispose();
  }
});

test('packStrings: runs of whole strings within the limit (a longer string alone), empty strings kept', () => {
  const list = ['', 'ab', '', '', 'cdefgh', 'i', '', '😀😀😀', 'jk', ''];
  assert.deepEqual(packStrings(list), { text: list.join(''), lengths: Int32Array.from(list, (s) => s.length) });
  const was = setPoolChunkUnits(3);
  try {
    const packed = packStrings(list);
    assert.deepEqual(packed.text, ['ab', 'cdefgh', 'i', '😀😀😀', 'jk']);
    assert.deepEqual(new StringColumn(packed).all(), list);
    assert.deepEqual(new StringColumn(packStrings(['', '', ''])).all(), ['', '', '']);
  } finally {
    setPoolChunkUnits(was);
  }
});
