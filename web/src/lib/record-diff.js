// The diff of two decoded records (the viewer's Diff tab, components/diff/): the field trees that
// inspect() returns for A and B, matched by path into one tree whose every node says what changed,
// and the bytes of each side that differ. Pure functions over the trees and the bytes: no codec, no
// UI (tests/node/record-diff.test.mjs).
import { allNodes, errorNode } from './fields.js';

/** What a row of the diff says about its field, in the order a row is classified (the first that holds). */
export const CHANGES = {
  'only-a': 'only in A',
  'only-b': 'only in B',
  'error-a': 'error in A',
  'error-b': 'error in B',
  changed: 'value changed',
  bytes: 'same value, other bytes',
  inner: 'changed inside',
  same: 'same',
};

// A node is where a side's decoding failed: the error's node (failed: errorNode's), or a field read up
// to the failure (as the record view marks it, components/RecordView.jsx).
const inError = (node, failed) => !node.complete || node === failed;

// Whether two nodes' bytes are the same: compared when both sides' bytes are given.
function sameBytes(a, b, aBytes, bBytes) {
  if (!aBytes || !bBytes) return true;
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (aBytes[a.offset + k] !== bBytes[b.offset + k]) return false;
  return true;
}

// The two lists of sibling nodes as one, by path: A's order, and each node only in B after the node
// that precedes it in B.
function mergeSiblings(aList, bList) {
  const inA = new Set(aList.map((n) => n.path));
  const bAt = new Map(bList.map((n, i) => [n.path, i]));
  const pairs = [];
  let j = 0;
  const onlyB = (end) => {
    for (; j < end; j++) if (!inA.has(bList[j].path)) pairs.push([null, bList[j]]);
  };
  for (const a of aList) {
    const k = bAt.get(a.path);
    if (k !== undefined) {
      onlyB(k);
      j = Math.max(j, k + 1);
    }
    pairs.push([a, k === undefined ? null : bList[k]]);
  }
  onlyB(bList.length);
  return pairs;
}

function diffNodes(aList, bList, A, B) {
  return mergeSiblings(aList, bList).map(([a, b]) => {
    const children = diffNodes(a?.children ?? [], b?.children ?? [], A, B);
    const leaf = children.length === 0;
    let change;
    if (!b) change = 'only-a';
    else if (!a) change = 'only-b';
    else if (inError(a, A.failed) !== inError(b, B.failed)) change = inError(a, A.failed) ? 'error-a' : 'error-b';
    else if (a.value !== b.value || a.wireType !== b.wireType || (leaf && a.length !== b.length)) change = 'changed';
    else if (leaf && !sameBytes(a, b, A.bytes, B.bytes)) change = 'bytes';
    else change = children.some((c) => c.change !== 'same') ? 'inner' : 'same';
    const node = a ?? b;
    return { path: node.path, name: node.name, a, b, change, children };
  });
}

/**
 * The diff of two inspections of the same or of different formats. a, b: { fields, error, bytes }
 * (inspect()'s fields and error, and the bytes inspected; bytes may be omitted), or null for a side
 * with nothing decoded. Returns { rows, changed: { a, b }, counts }:
 * - rows: one tree, each row { path, name, a, b (that side's node or null), change (a key of
 *   CHANGES), children }, in A's order with B's extra nodes after their predecessor in B;
 * - changed.a / changed.b: per byte of that side, 1 where it differs: in a leaf on both sides, the
 *   bytes that differ from the other side's at the same place in the field (and the bytes past the
 *   shorter one's end); all the bytes of a field on one side only; and a byte in no field of its
 *   side (after the last field: trailing bytes, or the rest of a record whose decoding stopped)
 *   where the other side has another byte at that offset, or none;
 * - counts: leaf rows by change (how many fields differ, and how);
 * - outside: where the bytes in no field differ, { offset (the first such byte's, on either side),
 *   afterFields (whether it is past both sides' fields) }, or null.
 */
export function diffRecords(a, b) {
  const side = (x) => ({ ...x, failed: x.error ? errorNode(allNodes(x.fields), x.error) : null });
  const A = side(a ?? { fields: [], error: null });
  const B = side(b ?? { fields: [], error: null });
  const rows = diffNodes(A.fields, B.fields, A, B);
  const changed = { a: new Uint8Array(A.bytes?.length ?? 0), b: new Uint8Array(B.bytes?.length ?? 0) };
  const mark = (mask, node, from = 0, to = node.length) => {
    for (let i = node.offset + from; i < Math.min(mask.length, node.offset + to); i++) mask[i] = 1;
  };
  const counts = Object.fromEntries(Object.keys(CHANGES).map((c) => [c, 0]));
  const walk = (list) => {
    for (const r of list) {
      if (r.change === 'only-a') mark(changed.a, r.a);
      else if (r.change === 'only-b') mark(changed.b, r.b);
      else if (r.children.length === 0 && A.bytes && B.bytes) {
        for (let k = 0; k < Math.max(r.a.length, r.b.length); k++) {
          const x = k < r.a.length ? A.bytes[r.a.offset + k] : undefined;
          const y = k < r.b.length ? B.bytes[r.b.offset + k] : undefined;
          if (x === y) continue;
          if (x !== undefined) mark(changed.a, r.a, k, k + 1);
          if (y !== undefined) mark(changed.b, r.b, k, k + 1);
        }
      }
      if (r.children.length === 0) counts[r.change]++;
      walk(r.children);
    }
  };
  walk(rows);
  return { rows, changed, counts, outside: outsideFields(A, B, changed) };
}

// Marks the bytes of each side in none of its leaf fields (a record's or an array's bytes are compared
// as its fields') that differ from the other side's byte at that offset, or have none there; returns
// where the first is (diffRecords' outside).
function outsideFields(A, B, changed) {
  if (!A.bytes || !B.bytes) return null;
  let offset = Infinity;
  let end = 0;
  for (const [X, Y, mask] of [
    [A, B, changed.a],
    [B, A, changed.b],
  ]) {
    const inField = new Uint8Array(X.bytes.length);
    for (const n of allNodes(X.fields)) {
      if (!n.children.length) inField.fill(1, n.offset, n.offset + n.length);
      end = Math.max(end, n.offset + n.length);
    }
    for (let i = 0; i < X.bytes.length; i++) {
      if (inField[i] || X.bytes[i] === Y.bytes[i]) continue;
      mask[i] = 1;
      offset = Math.min(offset, i);
    }
  }
  return offset === Infinity ? null : { offset, afterFields: offset >= end };
}
