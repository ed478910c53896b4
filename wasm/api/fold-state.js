// The coordination state's flat result (wasm/core/log/state_flat.h, described once in
// generated/tables.js and read through flat-layout.js) as the API's objects: the FoldState of
// foldState and folder.result(), and the pieces the viewer's worker reads one column at a time
// (web/src/lib/topic-state-columns.js). Split from log-api.js, which makes the calls.
import { KEY_RECORDS } from '../generated/tables.js';
import { flatReader, flatSections, foldErrors } from './flat-layout.js';
import { anomalyRecord, producerTransaction, readJoinSections } from './transactions-api.js';

/**
 * The flat state at `block` (foldResult), its sections as typed-array views into the wasm heap
 * (not copies: they would double its memory in JS; valid until the next call into the module,
 * which may reuse or grow the heap) and its strings decoded once (in chunks past
 * flat-layout.js's limit): string i is str(i); a section of strings is the index of its first one.
 */
export function readFlatState(M, block, decode) {
  const F = flatSections(M, block, decode);
  const S = readState(F);
  const { head } = S;
  Object.assign(F, {
    roles: S.roles,
    members: S.members,
    anomalies: S.anomalies,
    errors: S.errors,
    history: head.withHistory ? S.history : null,
    entries: S.entries,
    transactions: S.transactions,
    records: Number(head.records),
    anomaliesOmitted: Number(head.anomaliesOmitted),
    errorsOmitted: Number(head.errorsOmitted),
  });
  // With the transaction log: each lease's producer transaction (wasm/api/transactions-api.js).
  F.join = readJoinSections(F, S);
  return F;
}
const readState = flatReader('state');

/** String i of a flat state (sliced here from the one text: stateObjects' hot path; else str). */
function flatString(F, i) {
  const { text } = F;
  return text !== null ? text.slice(i === 0 ? 0 : F.ends[i - 1], F.ends[i]) : F.str(i);
}

/**
 * Role i's lease held against the transaction log (FoldedLease.producerTransaction): undefined
 * without a join or a lease, null when no record read names its producer id.
 */
export function flatLeaseTransaction(F, i) {
  if (!F.join || F.roles.lease[i] === 0) return undefined;
  const k = F.join.role[i];
  return k < 0 ? null : producerTransaction(F.join, (j) => flatString(F, j), k);
}

/** Anomaly i's FoldAnomaly.transactionLog as flatSummary sets it (undefined: not set). */
export function flatAnomalyRecord(F, i) {
  return F.join && anomalyRecord(F.join, (j) => flatString(F, j), i);
}

/** Everything of a flat state but its roles and history, as in the API's FoldState. */
export function flatSummary(F) {
  const str = (i) => flatString(F, i);
  const A = F.anomalies;
  const E = F.errors;
  const anomalies = new Array(A.count);
  for (let i = 0; i < A.count; i++) {
    const a = { kind: str(A.kind + i), role: str(A.role + i), offset: A.offset[i] };
    const record = flatAnomalyRecord(F, i);
    if (record !== undefined) a.transactionLog = record;
    a.message = str(A.message + i);
    anomalies[i] = a;
  }
  const errors = foldErrors(E, str, 'role');
  const out = { anomalies, errors, records: F.records };
  if (F.anomaliesOmitted) out.anomaliesOmitted = F.anomaliesOmitted;
  if (F.errorsOmitted) out.errorsOmitted = F.errorsOmitted;
  return out;
}

// The API's FoldState (wasm/api/index.d.ts) from a flat state, its keys in the order of the CLI's
// JSON document.
export function stateObjects(F) {
  const str = (i) => flatString(F, i);
  const R = F.roles;
  const Ms = F.members;
  const roles = new Array(R.count);
  for (let i = 0, j = 0; i < R.count; i++) {
    const state = R.lease[i];
    const lease =
      state === 0
        ? null
        : {
            holder: str(R.holder + i),
            producerId: R.producerId[i],
            producerEpoch: R.producerEpoch[i],
            grantedAt: R.grantedAt[i],
            deadline: R.deadline[i],
            expired: state === 2,
          };
    const transaction = flatLeaseTransaction(F, i);
    if (transaction !== undefined) lease.producerTransaction = transaction;
    const members = new Array(R.membersEnd[i] - j);
    for (let k = 0; k < members.length; k++, j++)
      members[k] = { member: str(Ms.member + j), registeredAt: Ms.registeredAt[j] };
    roles[i] = { role: str(R.role + i), partition: R.partition[i], lease, members };
  }
  const out = { roles, ...flatSummary(F) };
  if (F.history) {
    const H = F.history;
    const X = F.entries;
    const value = (k) =>
      X.value[k] === 0
        ? { member: str(X.member + k), registeredAt: X.first[k] }
        : X.value[k] === 1
          ? {
              member: str(X.member + k),
              producerId: X.first[k],
              producerEpoch: X.producerEpoch[k],
              grantedAt: X.grantedAt[k],
              deadline: X.deadline[k],
            }
          : null;
    const T = F.transactions;
    const entry = (k) => {
      const e = { offset: X.offset[k], timestamp: X.timestamp[k], value: value(k) };
      const t = X.transaction[k];
      if (t >= 0)
        e.transaction = { producerId: T.producerId[t], state: str(T.state + t), markerOffset: T.markerOffset[t] };
      return e;
    };
    out.history = new Array(H.count);
    for (let i = 0, k = 0; i < H.count; i++) {
      const entries = new Array(H.entriesEnd[i] - k);
      for (let q = 0; q < entries.length; q++, k++) entries[q] = entry(k);
      out.history[i] = {
        role: str(H.role + i),
        kind: H.kind[i] === 1 ? 'lease' : 'registration',
        member: str(H.member + i),
        partition: H.partition[i],
        entries,
      };
    }
  }
  return out;
}

// The record index's answer (wasm/core/log/record_index.h keyRecordsBytes), big-endian, read by
// its description KEY_RECORDS.
export function keyRecordsOf(dv, text) {
  let at = 0;
  const READ = {
    i16: () => ((at += 2), dv.getInt16(at - 2)),
    i32: () => ((at += 4), dv.getInt32(at - 4)),
    i64: () => ((at += 8), dv.getBigInt64(at - 8)),
    string: () => {
      const n = READ.i16();
      at += n;
      return text(new Uint8Array(dv.buffer, dv.byteOffset + at - n, n));
    },
  };
  const fields = (list) => {
    const o = {};
    for (const [name, type] of list) o[name] = READ[type]();
    return o;
  };
  const keys = [];
  for (let k = READ.i32(); k > 0; k--) {
    const { kind, member, partition, total } = fields(KEY_RECORDS.key);
    const key = { kind: kind === 1 ? 'lease' : 'registration', member, partition, total: Number(total), records: [] };
    for (let r = READ.i32(); r > 0; r--) {
      const { offset, input, position, size, state, producerId, markerOffset } = fields(KEY_RECORDS.record);
      key.records.push({
        offset,
        input: input < 0 ? null : input,
        position: Number(position),
        size,
        transaction: state === '' ? null : { producerId, state, markerOffset },
      });
    }
    keys.push(key);
  }
  return keys;
}
