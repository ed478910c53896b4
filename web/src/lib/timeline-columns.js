// The timeline picture's data (components/topic/TimelinePicture.jsx), built in the topic worker
// (lib/topic-worker.js, its `picture` request) from the flat state of a history fold
// (createFolder({ history: true }), wasm/api/log-api.js readFlatState): for each role of the state
// table, in the table's order, its keys (the lease key first, then one registration key per
// member, by name) with their records as columns, and what the picture marks besides the records:
// when the lease had no holder (gap), when it expired, when two holders held it at once (overlap),
// and the fold's anomalies at their records. Times are epoch ms as doubles (exact up to 2^53 ms);
// offsets and producer ids stay i64; names (holders, members) are indexes into one list of the
// distinct names (lib/topic-rows.js StringColumn on the page). A key's records are in time order
// (start, then offset).

import { packStrings } from '../../../wasm/api/string-chunks.js';

/** Values of `value`: what a record is. */
export const REGISTRATION = 0;
export const LEASE = 1;
export const TOMBSTONE = 2;
/** Kinds of marks (`markKind`). */
export const MARKS = ['gap', 'expiry', 'overlap'];
const [GAP, EXPIRY, OVERLAP] = MARKS.keys();

// Transaction t of a picture (-1: none) took effect: not aborted, not open.
const committed = (txnNames, txnState, t) => t < 0 || txnNames[txnState[t]] === 'committed';
/** Record e of picture P took effect (it is in no aborted or open transaction). */
export const tookEffect = (P, e) => committed(P.txnNames, P.txnState, P.transaction[e]);
/** The holder (lease) or member (registration) of record e; '' for a tombstone. */
export const whoOf = (P, e) => P.names.string(P.who[e]);
/** The member of registration key k; '' for the lease key. */
export const memberOf = (P, k) => P.names.string(P.keyMember[k]);

/**
 * The picture's columns from a flat state with history, for `now` (epoch ms: a lease whose
 * deadline is before it and that nobody followed has expired). Returns { picture, transfer }
 * (the typed arrays' buffers, to transfer). Roles whose every key was cleared are not in the
 * state table and not in the picture.
 */
export function pictureColumns(flat, now) {
  const { roles: R, history: H, entries: X, transactions: T, anomalies: A } = flat;
  const { str } = flat;
  const n = R.count;

  // The history's keys of each role of the table: the lease key first, then the registrations.
  const byRole = new Map();
  for (let k = 0; k < H.count; k++) {
    const role = str(H.role + k);
    if (!byRole.has(role)) byRole.set(role, []);
    byRole.get(role).push(k);
  }
  const keyEnd = new Int32Array(n);
  const keys = [];
  for (let i = 0; i < n; i++) {
    const all = (byRole.get(str(R.role + i)) ?? []).filter((k) => H.partition[k] === R.partition[i]);
    // A loop, not push(...all): a role may have more keys than a call takes arguments.
    for (const lease of [true, false]) for (const k of all) if ((H.kind[k] === LEASE) === lease) keys.push(k);
    keyEnd[i] = keys.length;
  }
  const firstOf = (k) => (k === 0 ? 0 : H.entriesEnd[k - 1]);
  const K = keys.length;
  let E = 0;
  for (const k of keys) E += H.entriesEnd[k] - firstOf(k);

  // The transactions (one per transactional record) as the flat state has them.
  const txnNames = [];
  const txnState = Uint8Array.from({ length: T.count }, (_, t) => {
    const name = str(T.state + t);
    if (!txnNames.includes(name)) txnNames.push(name);
    return txnNames.indexOf(name);
  });
  const applied = (x) => committed(txnNames, txnState, X.transaction[x]);

  const keyLease = new Uint8Array(K);
  const entryEnd = new Int32Array(K);
  const value = new Uint8Array(E);
  const transaction = new Int32Array(E);
  const offset = new BigInt64Array(E);
  const timestamp = new Float64Array(E);
  const start = new Float64Array(E);
  const end = new Float64Array(E);
  const reach = new Float64Array(E); // the latest end of the key's records up to this one
  const producerId = new BigInt64Array(E);
  const producerEpoch = new Int16Array(E);
  // Names, each once: a record or a key holds its index.
  const nameIndex = new Map();
  const name = (i) => {
    const s = str(i);
    if (!nameIndex.has(s)) nameIndex.set(s, nameIndex.size);
    return nameIndex.get(s);
  };
  const who = new Int32Array(E);
  const keyMember = new Int32Array(K);
  const time = (v) => (v < 0n ? NaN : Number(v));
  let e = 0;
  for (let q = 0; q < K; q++) {
    const k = keys[q];
    const a = firstOf(k);
    const b = H.entriesEnd[k];
    keyLease[q] = H.kind[k] === LEASE ? 1 : 0;
    keyMember[q] = name(H.member + k);
    // Start and end of each record, in offset order: a lease from granted_at to its deadline; a
    // registration until the key's next record that took effect (a new registration or a
    // tombstone), or open; a tombstone at its record's timestamp; a record of an aborted or open
    // transaction only where it starts (it never took effect).
    const s = new Float64Array(b - a);
    const t = new Float64Array(b - a);
    let next = Infinity;
    for (let x = b - 1; x >= a; x--) {
      const v = X.value[x];
      const ts = time(X.timestamp[x]);
      if (v === LEASE) {
        s[x - a] = Number(X.grantedAt[x]);
        t[x - a] = Math.max(s[x - a], Number(X.deadline[x]));
      } else if (v === REGISTRATION) {
        s[x - a] = Number(X.first[x]);
        t[x - a] = !applied(x) || Number.isNaN(next) ? s[x - a] : Math.max(s[x - a], next);
      } else {
        s[x - a] = t[x - a] = ts;
      }
      if (applied(x)) next = v === TOMBSTONE ? ts : s[x - a];
    }
    // Time order: by start (unknown last), then offset.
    const order = Array.from({ length: b - a }, (_, i) => i).sort(
      (i, j) => Number.isNaN(s[i]) - Number.isNaN(s[j]) || s[i] - s[j] || 0 || i - j,
    );
    let latest = -Infinity;
    for (const i of order) {
      const x = a + i;
      const v = X.value[x];
      value[e] = v === LEASE ? LEASE : v === REGISTRATION ? REGISTRATION : TOMBSTONE;
      transaction[e] = X.transaction[x];
      offset[e] = X.offset[x];
      timestamp[e] = time(X.timestamp[x]);
      start[e] = s[i];
      end[e] = t[i];
      if (!Number.isNaN(t[i])) latest = Math.max(latest, t[i]);
      reach[e] = latest;
      producerId[e] = v === LEASE ? X.first[x] : 0n;
      producerEpoch[e] = v === LEASE ? X.producerEpoch[x] : 0;
      who[e] = name(X.member + x);
      e++;
    }
    entryEnd[q] = e;
  }

  // Marks of each role's lease key, from its leases that took effect in start order: a gap where
  // the latest deadline so far passes before the next grant (an expiry at that deadline), an
  // overlap where a lease of another holder starts before it; after the last, an expiry if that
  // deadline is before `now`, and a gap until then.
  const marks = { kind: [], from: [], to: [], entry: [], other: [] };
  const mark = (kind, from, to, entry, other = -1) => {
    marks.kind.push(kind);
    marks.from.push(from);
    marks.to.push(to);
    marks.entry.push(entry);
    marks.other.push(other);
  };
  const markEnd = new Int32Array(n);
  for (let i = 0, q = 0; i < n; i++) {
    if (q < keyEnd[i] && keyLease[q]) {
      let cur = -1; // the lease whose deadline is the latest so far
      for (let x = q ? entryEnd[q - 1] : 0; x < entryEnd[q]; x++) {
        if (value[x] !== LEASE || !committed(txnNames, txnState, transaction[x])) continue;
        if (cur >= 0 && start[x] > end[cur]) {
          mark(EXPIRY, end[cur], end[cur], cur);
          mark(GAP, end[cur], start[x], cur, x);
        } else if (cur >= 0 && start[x] < end[cur] && who[x] !== who[cur]) {
          mark(OVERLAP, start[x], Math.min(end[x], end[cur]), x, cur);
        }
        if (cur < 0 || end[x] >= end[cur]) cur = x;
      }
      if (cur >= 0 && end[cur] <= now) {
        mark(EXPIRY, end[cur], end[cur], cur);
        mark(GAP, end[cur], now, cur);
      }
    }
    q = keyEnd[i];
    markEnd[i] = marks.kind.length;
  }

  // The fold's anomalies (in the order of the state's list) at their record: the role's record
  // at the anomaly's offset, in whichever partition of the role has it (-1: none has).
  const rowsOf = new Map();
  for (let i = 0; i < n; i++) {
    const role = str(R.role + i);
    if (!rowsOf.has(role)) rowsOf.set(role, []);
    rowsOf.get(role).push(i);
  }
  // A row's records by offset, made once for a row with anomalies (a role may have thousands of both).
  const byOffset = new Map();
  const recordAt = (i, o) => {
    if (!byOffset.has(i)) {
      const at = new Map();
      const to = keyEnd[i] ? entryEnd[keyEnd[i] - 1] : 0;
      for (let x = i && keyEnd[i - 1] ? entryEnd[keyEnd[i - 1] - 1] : 0; x < to; x++)
        if (!at.has(offset[x])) at.set(offset[x], x);
      byOffset.set(i, at);
    }
    return byOffset.get(i).get(o) ?? -1;
  };
  const anomaliesOf = new Map(); // row -> [[anomaly, entry]]
  for (let j = 0; j < A.count; j++) {
    const rows = rowsOf.get(str(A.role + j));
    if (!rows) continue;
    const row = rows.find((i) => recordAt(i, A.offset[j]) >= 0) ?? rows[0];
    if (!anomaliesOf.has(row)) anomaliesOf.set(row, []);
    anomaliesOf.get(row).push([j, recordAt(row, A.offset[j])]);
  }
  const anomalyEnd = new Int32Array(n);
  const anomaly = [];
  const anomalyEntry = [];
  for (let i = 0; i < n; i++) {
    for (const [j, at] of anomaliesOf.get(i) ?? []) {
      anomaly.push(j);
      anomalyEntry.push(at);
    }
    anomalyEnd[i] = anomaly.length;
  }

  // The times of the records (the axis' extent when fitted).
  let lo = Infinity;
  let hi = -Infinity;
  for (let x = 0; x < E; x++) {
    if (Number.isFinite(start[x])) lo = Math.min(lo, start[x]);
    if (Number.isFinite(end[x])) hi = Math.max(hi, end[x]);
  }
  const picture = {
    n,
    extent: lo <= hi ? [lo, hi] : [now - 3_600_000, now],
    now,
    keyEnd,
    keyLease,
    keyMember,
    entryEnd,
    value,
    transaction,
    offset,
    timestamp,
    start,
    end,
    reach,
    producerId,
    producerEpoch,
    who,
    names: packStrings([...nameIndex.keys()]),
    txnNames,
    txnState,
    txnProducerId: T.producerId.slice(),
    txnMarkerOffset: T.markerOffset.slice(),
    markEnd,
    markKind: Uint8Array.from(marks.kind),
    markFrom: Float64Array.from(marks.from),
    markTo: Float64Array.from(marks.to),
    markEntry: Int32Array.from(marks.entry),
    markOther: Int32Array.from(marks.other),
    anomalyEnd,
    anomaly: Int32Array.from(anomaly),
    anomalyEntry: Int32Array.from(anomalyEntry),
  };
  const transfer = Object.values(picture)
    .flatMap((v) => (ArrayBuffer.isView(v) ? [v] : v?.lengths ? [v.lengths] : []))
    .map((v) => v.buffer);
  return { picture, transfer };
}
