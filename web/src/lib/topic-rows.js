// The topic view's pure parts: which files are read and as what, the table's rows (filter, sort)
// and the lease countdown. No DOM, no worker.
import { MAX_PARTITION } from '../../../wasm/api/boundary.js';
import { countdown, durationText, utcText } from '../../../wasm/api/time-text.js';

// A partition directory is TOPIC-N (Kafka's log directory layout), e.g. __coordination_state-3/.
const PARTITION_DIR = /(?:^|\/)([^/]+)-(\d+)\/[^/]+$/;
const COORDINATION_TOPIC = '__coordination_state';
// The transaction log's partitions (issue 22): folded apart and held against the leases.
const TRANSACTION_TOPIC = '__transaction_state';
// The consumer groups' partitions (issue 20): folded apart into the groups' state.
const GROUPS_TOPIC = '__consumer_offsets';
// The share coordinator's state and the KRaft metadata log: each folded apart into a view of its own.
const SHARE_STATE_TOPIC = '__share_group_state';
const CLUSTER_METADATA_TOPIC = '__cluster_metadata';
const INTERNAL_TOPICS = new Set([
  COORDINATION_TOPIC,
  TRANSACTION_TOPIC,
  GROUPS_TOPIC,
  SHARE_STATE_TOPIC,
  CLUSTER_METADATA_TOPIC,
]);
const SEGMENT = /\.log$/;
// Files of a partition directory or a log directory that are not records: indexes, snapshots,
// checkpoints, the broker's own files (a real log directory read whole made 17 INVALID_LINE
// errors of them, and took the pool away).
const NOT_RECORDS =
  /\.(?:index|timeindex|snapshot|txnindex|deleted|cleaned|swap|checkpoint)$|(?:^|\/)(?:leader-epoch-checkpoint|partition\.metadata|meta\.properties|\.lock|quorum-state|[a-z-]+-offset-checkpoint)$/;

/**
 * The inputs of a set of files: segments (*.log) and record lines (anything else that is not a
 * Kafka index or checkpoint). The partition of a file comes from its directory (TOPIC-N) when the
 * browser gives a path (a chosen or dropped directory), else it is `fallbackPartition`. Segments
 * of a partition are read in base-offset order (their names). `transactions`: the file lies in a
 * partition directory of __transaction_state; `groups`: of __consumer_offsets; `shareState`: of
 * __share_group_state; `clusterMetadata`: of __cluster_metadata. A broker's data
 * directory holds every topic's partition directories: those of a topic none of the five
 * (orders-0) are not read beside one of the five, nor when there are several such topics (their
 * records are no coordination records, their partitions would mix with its); one such topic
 * alone is a renamed copy (coord-0, coord-1), read as the coordination topic. The skipped ones are in
 * `otherTopics`, [topic, partition directories] sorted by topic, as the command line names them.
 * @returns {{ inputs: {file, name, kind: 'log'|'lines', partition, fromPath: boolean, transactions: boolean, groups: boolean, shareState: boolean, clusterMetadata: boolean}[], skipped: string[], otherTopics: [string, number][] }}
 */
export function planInputs(files, fallbackPartition = 0) {
  const inputs = [];
  const skipped = [];
  const named = [];
  const others = new Map(); // a topic none of the five -> its partition directories
  for (const file of files) {
    const name = file.webkitRelativePath || file.relativePath || file.name;
    if (NOT_RECORDS.test(name)) {
      skipped.push(name);
      continue;
    }
    const found = PARTITION_DIR.exec(name);
    // A TOPIC-N whose N is no partition number (a backup named by its date) is no partition
    // directory, as the command line reads it (wasm/cli/topic-inputs.mjs).
    const m = found && Number(found[2]) <= MAX_PARTITION ? found : null;
    named.push({ file, name, m });
    if (m && !INTERNAL_TOPICS.has(m[1])) {
      if (!others.has(m[1])) others.set(m[1], new Set());
      others.get(m[1]).add(name.slice(0, name.lastIndexOf('/')));
    }
  }
  const readOthers = others.size === 1 && !named.some(({ m }) => m && INTERNAL_TOPICS.has(m[1]));
  for (const { file, name, m } of named) {
    if (m && !readOthers && others.has(m[1])) continue;
    inputs.push({
      file,
      name,
      kind: SEGMENT.test(name) ? 'log' : 'lines',
      partition: m ? Number(m[2]) : fallbackPartition,
      fromPath: !!m,
      transactions: m?.[1] === TRANSACTION_TOPIC,
      groups: m?.[1] === GROUPS_TOPIC,
      shareState: m?.[1] === SHARE_STATE_TOPIC,
      clusterMetadata: m?.[1] === CLUSTER_METADATA_TOPIC,
    });
  }
  const base = (i) => BigInt(/(\d+)\.log$/.exec(i.name)?.[1] ?? 0);
  inputs.sort(
    (a, b) =>
      a.partition - b.partition ||
      (a.kind === b.kind ? (base(a) < base(b) ? -1 : base(a) > base(b) ? 1 : 0) : a.kind === 'log' ? -1 : 1),
  );
  const otherTopics = readOthers
    ? []
    : [...others].map(([t, dirs]) => [t, dirs.size]).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return { inputs, skipped, otherTopics };
}

/** planInputs' otherTopics in words: `orders (2), payments (1)` (each topic's partition directories). */
export const otherTopicsText = (otherTopics) => otherTopics.map(([t, n]) => `${t} (${n})`).join(', ');

/** The anomalies of the worker's columns (lib/topic-worker.js summaryColumns) as the API's objects (FoldAnomaly, flatSummary's). */
export function anomalyObjects({ kind, role, message, offset, transactionLog }) {
  const [k, r, m] = [kind, role, message].map((c) => new StringColumn(c));
  const out = new Array(offset.length);
  for (let i = 0; i < out.length; i++) {
    out[i] = { kind: k.string(i), role: r.string(i), offset: offset[i] };
    if (!transactionLog) out[i].transactionLog = null;
    out[i].message = m.string(i);
  }
  for (const [i, record] of transactionLog ?? []) out[i].transactionLog = record;
  return out;
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

// The roles arrive as columns (lib/topic-worker.js roleColumns): { n, role, partition, holder
// ('' without a lease), deadline (epoch ms, NaN without a lease), memberCount, members }, the
// strings as StringColumns (below). Rows are indexes into them.

/** 'held' | 'expired' | 'none' of role i's lease at `now` (epoch ms). */
export function leaseStatus(t, i, now) {
  const d = t.deadline[i];
  return Number.isNaN(d) ? 'none' : now >= d ? 'expired' : 'held';
}

export const FILTERS = {
  all: 'All roles',
  held: 'Lease held',
  expired: 'Lease expired',
  none: 'No lease',
  anomalies: 'With anomalies',
};

const lowered = new WeakMap(); // columns -> their lower-case role, holder and members text, made on the first search
function searchText(t) {
  if (!lowered.has(t))
    lowered.set(
      t,
      Array.from({ length: t.n }, (_, i) =>
        `${t.role.at(i)}\u0000${t.holder.at(i)}\u0000${t.members.at(i)}`.toLowerCase(),
      ),
    );
  return lowered.get(t);
}

/** The rows shown (an Int32Array of indexes, in the fold's order): roles matching `query` (role, holder or a member, case-insensitive) and `filter`. */
export function filterRoles(t, { query, filter, now, anomalies }) {
  const q = query.trim().toLowerCase();
  const text = q ? searchText(t) : null;
  const out = new Int32Array(t.n);
  let k = 0;
  for (let i = 0; i < t.n; i++) {
    if (filter === 'anomalies' ? !anomalies.has(t.role.at(i)) : filter !== 'all' && leaseStatus(t, i, now) !== filter)
      continue;
    if (q && !text[i].includes(q)) continue;
    out[k++] = i;
  }
  return out.subarray(0, k);
}

// The sort keys of the columns; roles without a lease sort last by holder and expiry.
export const SORT_KEYS = {
  role: (t) => t.role.all(),
  partition: (t) => t.partition,
  holder: (t) => t.holder.all().map((h) => (h === '' ? '\uffff' : h)),
  deadline: (t) => Float64Array.from(t.deadline, (d) => (Number.isNaN(d) ? Infinity : d)),
  members: (t) => t.memberCount,
  anomalies: (t, anomalies) => Int32Array.from(t.role.all(), (r) => anomalies.get(r)?.length ?? 0),
};

/** The rows sorted by a column (`dir` 1 ascending, -1 descending); ties keep the fold's order (role, partition). */
export function sortRoles(t, rows, column, dir, anomalies) {
  if (column === 'role' && dir === 1) return rows; // the fold's own order
  const key = SORT_KEYS[column](t, anomalies);
  return Int32Array.from(rows).sort((a, b) => {
    const x = key[a];
    const y = key[b];
    return (x < y ? -dir : x > y ? dir : 0) || a - b;
  });
}

// The lease countdown and durations, shared with the CLI's state table.
export { countdown, durationText };

/** Epoch ms (bigint) as UTC text, as the record view shows timestamps. */
export function utc(ms) {
  const text = utcText(ms);
  return text ? text.replace('T', ' ').replace('.000Z', 'Z') : `${ms} ms`;
}

// Many strings across the worker boundary as one string and their lengths (lib/topic-worker.js
// roleColumns): structured clone copies one string and one typed array (transferred) instead of
// 100,000 strings, which took about 100 ms of the page's thread for the roles, holders and members
// of 100,000 roles; the page makes a string when a row shows it (or a search or a sort needs them all).
/**
 * The strings of { text, lengths }, a row each, or with `counts` (an Int32Array) counts[i] of them
 * joined by ", " for row i; read one row at a time (at) or all at once (all, made on first use).
 * text: the strings one after another, or an array of such runs of whole strings when they total
 * more than one string may hold (wasm/api/string-chunks.js).
 */
export class StringColumn {
  constructor({ text, lengths }, counts = null) {
    const runs = typeof text === 'string' ? null : text;
    this.text = text;
    // Past 2^31 units, only as runs (int32 ends would wrap).
    this.ends = runs ? new Float64Array(lengths.length) : new Int32Array(lengths.length);
    for (let i = 0, at = 0; i < lengths.length; i++) this.ends[i] = at += lengths[i];
    if (runs) {
      // Each run's first string and where it starts among all the strings' units.
      this.runFirst = new Int32Array(runs.length);
      this.runStart = new Float64Array(runs.length);
      for (let r = 0, k = 0, at = 0; r < runs.length; r++) {
        this.runFirst[r] = k;
        this.runStart[r] = at;
        at += runs[r].length;
        while (k < lengths.length && this.ends[k] <= at) k++;
      }
    }
    this.rowEnds = null;
    if (counts) {
      this.rowEnds = new Int32Array(counts.length);
      for (let i = 0, at = 0; i < counts.length; i++) this.rowEnds[i] = at += counts[i];
    }
    this.list = null;
  }
  string(k) {
    const from = k ? this.ends[k - 1] : 0;
    if (typeof this.text === 'string') return this.text.substring(from, this.ends[k]);
    let lo = 0;
    let hi = this.runFirst.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.runFirst[mid] <= k) lo = mid;
      else hi = mid - 1;
    }
    return this.text[lo].substring(from - this.runStart[lo], this.ends[k] - this.runStart[lo]);
  }
  at(i) {
    if (!this.rowEnds) return this.string(i);
    const parts = [];
    for (let k = i ? this.rowEnds[i - 1] : 0; k < this.rowEnds[i]; k++) parts.push(this.string(k));
    return parts.join(', ');
  }
  all() {
    this.list ??= Array.from(this.rowEnds ?? this.ends, (_, i) => this.at(i));
    return this.list;
  }
}
