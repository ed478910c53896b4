// The fold's flat state as the page receives it (lib/topic-worker.js): columns, not objects; the
// typed arrays transferred.
import { flatAnomalyRecord, flatLeaseTransaction, flatSummary } from '../../../wasm/api/log-api.js';
import { flatStrings } from '../../../wasm/api/flat-layout.js';
import { packStrings } from '../../../wasm/api/string-chunks.js';

// The roles as columns, straight from the fold's flat state (wasm/core/log/state_flat.h): typed
// arrays (transferred) and each string column as one string and the lengths (several strings past
// the chunk limit of wasm/api/string-chunks.js), sliced out of the state's decoded strings: no object per role, and the page's thread receives 100,000 roles
// without cloning 100,000 nested objects with bigints (over a second) or 300,000 strings (about
// 180 ms). deadline: epoch ms as a double (exact up to 2^53 ms, year 287,396), NaN without a
// lease; members: every role's member names one after another, memberCount of them a role.
export function roleColumns(flat) {
  const { roles: R, members: M } = flat;
  const n = R.count;
  const strings = (first, count) => flatStrings(flat, first, count);
  const deadline = new Float64Array(n);
  const memberCount = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    deadline[i] = R.lease[i] ? Number(R.deadline[i]) : NaN;
    memberCount[i] = R.membersEnd[i] - (i ? R.membersEnd[i - 1] : 0);
  }
  const table = {
    n,
    role: strings(R.role, n),
    partition: R.partition.slice(),
    holder: strings(R.holder, n),
    deadline,
    memberCount,
    members: strings(M.member, M.count),
  };
  if (flat.join) {
    // Held against the transaction log: the holder's producer there, a line per role ('' without a lease).
    const lines = Array.from({ length: n }, (_, i) => {
      const t = flatLeaseTransaction(flat, i);
      if (t === undefined) return '';
      if (t === null) return 'unknown producer: no transaction-log record read names it';
      return `${t.transactionalId} · ${t.status} · producer ${t.producerId}/${t.producerEpoch} · transaction log partition ${t.partition} offset ${t.offset}`;
    });
    table.transaction = packStrings(lines);
  }
  const transfer = [
    table.partition,
    deadline,
    memberCount,
    table.role.lengths,
    table.holder.lengths,
    table.members.lengths,
    ...(table.transaction ? [table.transaction.lengths] : []),
  ];
  return { table, transfer: transfer.map((a) => a.buffer) };
}

// Everything of the state but its roles (flatSummary), the anomalies as columns as the roles are
// (lib/topic-rows.js anomalyObjects makes the objects on the page): the fold keeps up to 10,000,
// and receiving them as objects by structured clone was 17 ms of the page's thread, most of the
// task in which a fold's state arrived (issue 23). transactionLog: each [anomaly, its record]
// held against the transaction log, null without one (flatSummary's null on every anomaly).
export function summaryColumns(flat) {
  const A = flat.anomalies;
  const state = flatSummary({ ...flat, anomalies: { ...A, count: 0 } }); // the rest of it
  const transactionLog = flat.join ? [] : null;
  for (let i = 0; transactionLog && i < A.count; i++) {
    const record = flatAnomalyRecord(flat, i);
    if (record !== undefined) transactionLog.push([i, record]);
  }
  const offset = A.offset.slice();
  state.anomalies = {
    kind: flatStrings(flat, A.kind, A.count),
    role: flatStrings(flat, A.role, A.count),
    message: flatStrings(flat, A.message, A.count),
    offset,
    transactionLog,
  };
  const { kind, role, message } = state.anomalies;
  return { state, transfer: [offset.buffer, kind.lengths.buffer, role.lengths.buffer, message.lengths.buffer] };
}
