// The diff of two decoded records (web/src/lib/record-diff.js, the viewer's Diff tab): field trees
// of the real inspect() over bytes written by tests/node/log-writer.mjs (the frozen layout, not the
// codec) and golden/'s Streams vectors, and hand-made trees for the matching rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codec, hexToBytes, loadGolden } from './helpers.mjs';
import { leaseValue as lease } from './log-writer.mjs';
import { diffRecords, CHANGES } from '../../web/src/lib/record-diff.js';

const side = (bytes, target) => ({ ...codec.inspect(bytes, target), bytes });
/** path -> change, for every row (depth first). */
const changes = (rows, out = {}) => {
  for (const r of rows) {
    out[r.path] = r.change;
    changes(r.children, out);
  }
  return out;
};
const marked = (mask) => [...mask.keys()].filter((i) => mask[i]);

test('two leases differing in producer_epoch: that field changed, its differing byte marked on both sides', () => {
  const a = lease({ producerEpoch: 3 });
  const b = lease({ producerEpoch: 4 });
  const d = diffRecords(side(a, 'lease'), side(b, 'lease'));
  assert.deepEqual(changes(d.rows), {
    'lease.version': 'same',
    'lease.member': 'same',
    'lease.member.length': 'same',
    'lease.member.utf8': 'same',
    'lease.producer_id': 'same',
    'lease.producer_epoch': 'changed',
    'lease.granted_at': 'same',
    'lease.deadline': 'same',
  });
  // version 2 + member 2+3 + producer id 8: the epoch is bytes 15-16; 00 03 vs 00 04 differ in 16.
  assert.deepEqual(marked(d.changed.a), [16]);
  assert.deepEqual(marked(d.changed.b), [16]);
  assert.equal(d.counts.changed, 1);
  assert.equal(d.counts.same, 6, 'leaves: version, length, utf8, producer id, granted at, deadline');
  const epoch = d.rows.find((r) => r.path === 'lease.producer_epoch');
  assert.deepEqual([epoch.a.value, epoch.b.value], [3, 4]);
});

test('bytes after the last field: marked where the other side has another byte or none, and where they start', () => {
  const a = lease({});
  const end = a.length;
  const plus = (x) => Buffer.concat([a, Buffer.from([x])]);
  const trailing = diffRecords(side(a, 'lease'), side(plus(0), 'lease'));
  assert.equal(trailing.counts.same, 7, 'no field differs');
  assert.deepEqual([marked(trailing.changed.a), marked(trailing.changed.b)], [[], [end]]);
  assert.deepEqual(trailing.outside, { offset: end, afterFields: true });
  const both = diffRecords(side(plus(1), 'lease'), side(plus(2), 'lease'));
  assert.deepEqual([marked(both.changed.a), marked(both.changed.b)], [[end], [end]]);
  const same = diffRecords(side(plus(1), 'lease'), side(plus(1), 'lease'));
  assert.deepEqual([marked(same.changed.a), marked(same.changed.b), same.outside], [[], [], null]);
});

test('a valid lease and the same bytes cut inside deadline: error in B at that field, the missing bytes marked in A', () => {
  const a = lease();
  const b = a.subarray(0, a.length - 3);
  const B = side(b, 'lease');
  assert.deepEqual([B.error.code, B.error.offset, B.error.field], ['TRUNCATED', 25, 'lease.deadline']);
  const d = diffRecords(side(a, 'lease'), B);
  const c = changes(d.rows);
  assert.equal(c['lease.deadline'], 'error-b');
  assert.deepEqual(
    Object.keys(c).filter((p) => c[p] !== 'same'),
    ['lease.deadline'],
  );
  assert.deepEqual(marked(d.changed.a), [30, 31, 32], 'the bytes B lacks');
  assert.deepEqual(marked(d.changed.b), [], "B's bytes are A's first 30");
  // Swapped: the error is in A.
  assert.equal(changes(diffRecords(B, side(a, 'lease')).rows)['lease.deadline'], 'error-a');
});

test('Streams subscriptions v1 and v2 (golden): version changed, the user endpoint only in B after its predecessor in B', () => {
  const g = loadGolden('subscription');
  const v = (id) => hexToBytes(g.vectors.find((x) => x.id === id).hex);
  const A = side(v('subscription/valid/v1'), 'subscription');
  const B = side(v('subscription/valid/v2'), 'subscription');
  const d = diffRecords(A, B);
  const root = d.rows[0];
  assert.equal(root.path, 'subscription');
  assert.equal(root.change, 'inner');
  const bOrder = B.fields[0].children.map((n) => n.path);
  const onlyB = root.children.filter((r) => r.change === 'only-b').map((r) => r.path);
  assert.ok(onlyB.includes('subscription.user_end_point'), onlyB.join());
  // Each row only in B sits right after the row of its predecessor in B.
  const merged = root.children.map((r) => r.path);
  for (const p of onlyB) {
    const before = bOrder[bOrder.indexOf(p) - 1];
    assert.equal(merged[merged.indexOf(p) - 1], before, p);
  }
  assert.equal(root.children.find((r) => r.path === 'subscription.version').change, 'changed');
  // The endpoint's bytes are marked in B; B's version bytes (00 00 00 02 vs 01) at byte 3 on both.
  const end = B.fields[0].children.find((n) => n.path === 'subscription.user_end_point');
  for (let i = end.offset; i < end.offset + end.length; i++) assert.equal(d.changed.b[i], 1, `byte ${i}`);
  assert.equal(d.changed.a[3], 1);
  assert.equal(d.changed.b[3], 1);
  assert.equal(d.changed.a[0], 0);
});

// Hand-made trees: the matching rules alone.
const node = (path, value, offset, length, children = [], complete = true) => ({
  path,
  name: path.split('.').pop(),
  wireType: children.length ? 'record' : 'i8',
  value,
  offset,
  length,
  complete,
  children,
});

test('matching by path: A order, B-only nodes after their predecessor in B, A-only where A has them', () => {
  const A = { fields: [node('x', 1, 0, 1), node('y', 2, 1, 1), node('q', 9, 2, 1)], error: null };
  const B = {
    fields: [node('w', 0, 0, 1), node('x', 1, 1, 1), node('z', 3, 2, 1), node('y', 2, 3, 1), node('v', 4, 4, 1)],
    error: null,
  };
  const d = diffRecords(A, B);
  assert.deepEqual(
    d.rows.map((r) => [r.path, r.change]),
    [
      ['w', 'only-b'],
      ['x', 'same'],
      ['z', 'only-b'],
      ['y', 'same'],
      ['q', 'only-a'],
      ['v', 'only-b'],
    ],
  );
  assert.deepEqual(d.counts['only-b'], 3);
  assert.deepEqual(d.counts['only-a'], 1);
});

test('same value from other bytes (a lossy string), a change inside a record, one side absent', () => {
  const leaf = (bytes) => ({ fields: [node('s', '\uFFFD', 0, 1)], error: null, bytes: Uint8Array.of(bytes) });
  const d = diffRecords(leaf(0xff), leaf(0xfe));
  assert.equal(d.rows[0].change, 'bytes');
  assert.deepEqual([marked(d.changed.a), marked(d.changed.b)], [[0], [0]]);
  assert.equal(diffRecords(leaf(0xff), leaf(0xff)).rows[0].change, 'same');

  const rec = (v) => ({
    fields: [node('r', undefined, 0, 2, [node('r.a', 1, 0, 1), node('r.b', v, 1, 1)])],
    error: null,
  });
  assert.deepEqual(changes(diffRecords(rec(2), rec(5)).rows), { r: 'inner', 'r.a': 'same', 'r.b': 'changed' });

  const d2 = diffRecords(rec(2), null);
  assert.deepEqual(changes(d2.rows), { r: 'only-a', 'r.a': 'only-a', 'r.b': 'only-a' });
  assert.deepEqual(d2.changed.b.length, 0);
  // An error field on both sides is no "error in one": compared as values.
  const err = (v) => ({ fields: [node('e', v, 0, 1, [], false)], error: { field: 'e', offset: 0 } });
  assert.equal(diffRecords(err(undefined), err(undefined)).rows[0].change, 'same');
  assert.deepEqual(Object.keys(CHANGES), [
    'only-a',
    'only-b',
    'error-a',
    'error-b',
    'changed',
    'bytes',
    'inner',
    'same',
  ]);
});
