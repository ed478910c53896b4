// The topic view's pure parts: which files are read and as what, the table's rows (filter, sort)
// and the lease countdown. No DOM, no worker.

// A partition directory is TOPIC-N (Kafka's log directory layout), e.g. __coordination_state-3/.
const PARTITION_DIR = /(?:^|\/)[^/]+-(\d+)\/[^/]+$/;
const SEGMENT = /\.log$/;
// Files of a partition directory that are not records: indexes, snapshots, checkpoints.
const NOT_RECORDS = /\.(?:index|timeindex|snapshot|txnindex|deleted|cleaned|swap)$|(?:^|\/)(?:leader-epoch-checkpoint|partition\.metadata)$/;

/**
 * The inputs of a set of files: segments (*.log) and record lines (anything else that is not a
 * Kafka index or checkpoint). The partition of a file comes from its directory (TOPIC-N) when the
 * browser gives a path (a chosen or dropped directory), else it is `fallbackPartition`. Segments
 * of a partition are read in base-offset order (their names).
 * @returns {{ inputs: {file, name, kind: 'log'|'lines', partition, fromPath: boolean}[], skipped: string[] }}
 */
export function planInputs(files, fallbackPartition = 0) {
  const inputs = [];
  const skipped = [];
  for (const file of files) {
    const name = file.webkitRelativePath || file.relativePath || file.name;
    if (NOT_RECORDS.test(name)) {
      skipped.push(name);
      continue;
    }
    const m = PARTITION_DIR.exec(name);
    inputs.push({ file, name, kind: SEGMENT.test(name) ? 'log' : 'lines', partition: m ? Number(m[1]) : fallbackPartition, fromPath: !!m });
  }
  const base = (i) => BigInt(/(\d+)\.log$/.exec(i.name)?.[1] ?? 0);
  inputs.sort((a, b) => a.partition - b.partition || (a.kind === b.kind ? (base(a) < base(b) ? -1 : base(a) > base(b) ? 1 : 0) : a.kind === 'log' ? -1 : 1));
  return { inputs, skipped };
}

/** Anomalies by role. */
export function anomaliesByRole(anomalies) {
  const m = new Map();
  for (const a of anomalies) {
    if (!m.has(a.role)) m.set(a.role, []);
    m.get(a.role).push(a);
  }
  return m;
}

/** 'held' | 'expired' | 'none' of a role's lease at `now` (epoch ms, a number). */
export function leaseStatus(role, now) {
  if (!role.lease) return 'none';
  return BigInt(now) >= role.lease.deadline ? 'expired' : 'held';
}

export const FILTERS = { all: 'All roles', held: 'Lease held', expired: 'Lease expired', none: 'No lease', anomalies: 'With anomalies' };

/** The rows shown: roles matching `query` (role, holder or a member, case-insensitive) and `filter`. */
export function filterRoles(roles, { query, filter, now, anomalies }) {
  const q = query.trim().toLowerCase();
  return roles.filter((r) => {
    if (filter === 'anomalies' ? !anomalies.has(r.role) : filter !== 'all' && leaseStatus(r, now) !== filter) return false;
    if (!q) return true;
    return r.role.toLowerCase().includes(q) || r.lease?.holder.toLowerCase().includes(q) || r.members.some((m) => m.member.toLowerCase().includes(q));
  });
}

const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
// The sort keys of the columns; roles without a lease sort last by holder and deadline.
export const SORT_KEYS = {
  role: (r) => r.role,
  partition: (r) => r.partition,
  holder: (r) => r.lease?.holder ?? '\uffff',
  deadline: (r) => r.lease?.deadline ?? 2n ** 63n,
  members: (r) => r.members.length,
  anomalies: (r, anomalies) => anomalies.get(r.role)?.length ?? 0,
};

/** The rows sorted by a column (`dir` 1 ascending, -1 descending); ties keep the fold's order (role, partition). */
export function sortRoles(rows, column, dir, anomalies) {
  const key = SORT_KEYS[column];
  return rows
    .map((r, i) => [key(r, anomalies), i, r])
    .sort((a, b) => dir * cmp(a[0], b[0]) || a[1] - b[1])
    .map((x) => x[2]);
}

/** "in 1 m 05 s" / "expired 3 h 02 m ago" for a deadline (bigint epoch ms) at `now` (number). */
export function countdown(deadline, now) {
  const ms = Number(deadline - BigInt(now));
  const s = Math.floor(Math.abs(ms) / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n) => String(n).padStart(2, '0');
  const text = d ? `${d} d ${pad(h)} h` : h ? `${h} h ${pad(m)} m` : m ? `${m} m ${pad(s % 60)} s` : `${s % 60} s`;
  return ms > 0 ? `in ${text}` : `expired ${text} ago`;
}

/** Epoch ms (bigint) as UTC text, as the record view shows timestamps. */
export function utc(ms) {
  const n = Number(ms);
  return Number.isFinite(n) && Math.abs(n) <= 8.64e15 ? new Date(n).toISOString().replace('T', ' ').replace('.000Z', 'Z') : `${ms} ms`;
}
