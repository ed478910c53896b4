// The state table as CSV (RFC 4180: a header line, CRLF line ends, a field with a comma, a quote or
// a line break quoted and its quotes doubled): the rows the table shows after its search, filter and
// sort, every one of them, for a spreadsheet or a diff of two folds. The columns are the table's,
// the deadline as the CLI's `state --format table` writes it, the lease as its status at `now`, and
// with a transaction log folded beside, the holder's producer there (as the CLI adds TRANSACTION).
import { leaseStatus } from './topic-rows.js';
import { utcText } from '../../../wasm/api/time-text.js';

const HEADER = ['role', 'partition', 'holder', 'deadline', 'lease', 'members', 'anomalies', 'anomaly_kinds'];

const field = (s) => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

/** CSV text of `rows` (indexes into the table's columns, lib/topic-rows.js) at `now` (epoch ms); `anomalies`: a Map of role -> its anomalies. */
export function stateCsv(t, rows, anomalies, now) {
  const lines = [(t.transaction ? [...HEADER, 'transaction'] : HEADER).join(',')];
  for (const r of rows) {
    const role = t.role.at(r);
    const status = leaseStatus(t, r, now);
    const d = t.deadline[r];
    const found = anomalies.get(role) ?? [];
    lines.push(
      [
        role,
        String(t.partition[r]),
        t.holder.at(r),
        status === 'none' ? '' : (utcText(d) ?? `${d} ms`),
        status,
        t.members.at(r),
        String(found.length),
        [...new Set(found.map((a) => a.kind))].join(', '),
        ...(t.transaction ? [t.transaction.at(r)] : []),
      ]
        .map(field)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
