// The state table as CSV (RFC 4180: a header line, CRLF line ends, a field with a comma, a quote or
// a line break quoted and its quotes doubled): the rows the table shows after its search, filter and
// sort, every one of them, for a spreadsheet or a diff of two folds. The columns are the table's,
// the deadline as the CLI's `state --format table` writes it, the lease as its status at `now`, and
// with a transaction log folded beside, the holder's producer there (as the CLI adds TRANSACTION).
import { leaseStatus } from './topic-rows.js';
import { utcText } from '../../../wasm/api/time-text.js';
import { chunkUnits } from '../../../wasm/api/string-chunks.js';

const HEADER = ['role', 'partition', 'holder', 'deadline', 'lease', 'members', 'anomalies', 'anomaly_kinds'];

const field = (s) => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

/** CSV text of `rows` (indexes into the table's columns, lib/topic-rows.js) at `now` (epoch ms); `anomalies`: a Map of role -> its anomalies. */
export function stateCsv(t, rows, anomalies, now) {
  return stateCsvParts(t, rows, anomalies, now).join('');
}

/**
 * The same CSV text as parts (for a Blob): runs of whole lines of at most the chunk limit of
 * wasm/api/string-chunks.js each (a longer line alone), as the text of a large table may be longer
 * than a string can be.
 */
export function stateCsvParts(t, rows, anomalies, now) {
  const parts = [];
  let lines = [(t.transaction ? [...HEADER, 'transaction'] : HEADER).join(',')];
  let units = lines[0].length + 2;
  const line = (text) => {
    if (lines.length > 0 && units + text.length + 2 > chunkUnits()) {
      parts.push(`${lines.join('\r\n')}\r\n`);
      lines = [];
      units = 0;
    }
    lines.push(text);
    units += text.length + 2;
  };
  for (const r of rows) {
    const role = t.role.at(r);
    const status = leaseStatus(t, r, now);
    const d = t.deadline[r];
    const found = anomalies.get(role) ?? [];
    line(
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
  parts.push(`${lines.join('\r\n')}\r\n`);
  return parts;
}
