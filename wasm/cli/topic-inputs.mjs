// What the whole-topic subcommands share (`state`, `transactions`): their common options, the
// inputs a PATH names (segment files, partition directories, log directories, record files, stdin)
// streamed into a folder of the whole-topic API (createFolder, createTransactionFolder: pushLog,
// endLog, pushRecords, records), or a topic of a live cluster, and the progress line. Memory is
// bounded by the folder's state, not by the input.
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { open, readFile, readdir, readlink, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

import { MAX_PARTITION, toI64 } from '../api/boundary.js';
import { segmentBatches } from '../api/error-places.js';
import { visibleText } from '../api/visible-text.js';
import { loadLogCodec, readLogInto } from '../api/log-api.js';

const RECORDS_PER_PUSH = 4096; // parsed lines handed to the core per call
const PROGRESS_AFTER_MS = 2000;
const PROGRESS_EVERY_MS = 2000;

let logWasm = null;
/**
 * The whole-topic module's .wasm compiled, once in the process: read from wasm/dist (the package
 * ships it), not decoded from coordination_log.bytes.js (~0.8 MB of base64 to parse and decode),
 * and handed to each worker thread (shareLogWasm), which then neither compiles nor optimizes it
 * again (V8 shares a module's code between the threads it is sent to).
 */
export function logWasmModule() {
  logWasm ??= readFile(new URL('../dist/coordination_log.wasm', import.meta.url)).then((b) => WebAssembly.compile(b));
  return logWasm;
}
/** In a worker thread: the main thread's logWasmModule(), before any loadLog(). */
export function shareLogWasm(module) {
  logWasm = Promise.resolve(module);
}
/** The whole-topic API as every subcommand and worker thread of the CLI loads it. */
export const loadLog = async () => loadLogCodec({ wasmModule: await logWasmModule() });

export class UsageError extends Error {}
/** An input that cannot be read: its message names it (exit 1); named so in a worker's report. */
export class InputError extends Error {
  get name() {
    return 'InputError';
  }
}

/** The PATH forms and the exit codes, for a subcommand's --help. */
export const INPUTS_HELP = `PATH: a segment file (*.log), a partition directory
(TOPIC-N, segments in base-offset order), a log directory of partition directories (a broker's
data directory: only the partition directories of --topic's topic are read, the other topics'
are named on stderr and skipped; a directory of one other topic, a renamed copy, is read), or a
file of records (- for stdin), its format detected from its first bytes: kcat framed records (kcat -C ...
-f '%p %o %T %K %S\\n%k%s\\n'), JSON Lines ({"key": HEX|BASE64|null, "value": ...,
"partition"?, "offset"?, "timestamp"?}), kafka-console-consumer lines (BytesDeserializer; see
wasm/core/log/README.md) or text lines ("PARTITION OFFSET KEYHEX VALUEHEX").`;

export const EXIT_HELP = `Exit codes: 0 the input was read (bad records are in "errors"), 1 an input could not be read
(each is named on stderr; the others are read and the result printed; a device such as /dev/zero
is not read, a line over 8 MiB or a kcat record over 8 MiB stops its input), 2 usage error.`;

/**
 * Parses the options every whole-topic subcommand has (--now, --format, --bootstrap-server,
 * --topic, PATHs); `more(a, value)` takes a subcommand's own options (true when it took `a`).
 */
export function parseTopicArgs(argv, cwd, { topic, more = () => false }) {
  const paths = [];
  let now = null;
  let format = 'json';
  let brokers = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new UsageError(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--now') {
      const v = value();
      if (!/^-?\d+$/.test(v)) throw new UsageError(`--now must be epoch milliseconds (an integer), got "${v}"`);
      try {
        now = toI64(BigInt(v), '--now');
      } catch (e) {
        throw new UsageError(e.message);
      }
    } else if (a === '--format') {
      format = value();
      if (format !== 'json' && format !== 'table')
        throw new UsageError(`--format must be json or table, got "${format}"`);
    } else if (a === '--bootstrap-server') {
      brokers = value().split(',').filter(Boolean);
      if (brokers.length === 0 || !brokers.every((b) => /^[^:\s]+:\d+$/.test(b))) {
        throw new UsageError('--bootstrap-server must be HOST:PORT[,HOST:PORT...]');
      }
    } else if (a === '--topic') {
      topic = value();
    } else if (more(a, value)) {
      continue;
    } else if (a.startsWith('--')) {
      throw new UsageError(`unknown option ${a}`);
    } else {
      paths.push(inputPath(a, cwd));
    }
  }
  if (brokers && paths.length) throw new UsageError('give PATHs or --bootstrap-server, not both');
  if (!brokers && paths.length === 0) {
    throw new UsageError(
      'no input: give one or more segment files, partition directories or line files, or --bootstrap-server',
    );
  }
  return { paths, now: now ?? BigInt(Date.now()), format, brokers, topic };
}

/** A PATH argument: `-` (stdin) or a path resolved against cwd. */
export const inputPath = (a, cwd) => (a === '-' ? a : resolve(cwd, a));

// Kafka names a partition directory TOPIC-PARTITION and a segment by its base offset.
const PARTITION_DIR = /-(\d+)$/;
// Kafka's internal topics and the subcommand that reads each: a log directory holding only one of
// them, when another is asked for, gets the subcommand to use instead of a fold of the wrong records.
const READ_BY = { __coordination_state: 'state', __consumer_offsets: 'groups', __transaction_state: 'transactions' };
const topicOfDir = (name) => name.replace(PARTITION_DIR, '');
const SEGMENT = /^(\d+)\.log$/;
// A KRaft snapshot: <end offset>-<epoch>.checkpoint, the end offset one past the last log offset
// it holds (wasm/core/clustermetadata/README.md, "Snapshots").
const CHECKPOINT = /^(\d+)-(\d+)\.checkpoint$/;
const byBigInt = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
// A directory's partition: its name's -N when N is a partition number (0 to 2^31-1), else 0, as
// for files outside a TOPIC-N directory (a backup named coord-202401051230 is no partition).
const partitionOfDir = (dir) => {
  const m = PARTITION_DIR.exec(basename(dir));
  const n = m ? Number(m[1]) : 0;
  return n <= MAX_PARTITION ? n : 0;
};

// Why a path cannot be read, in words: what the user has to fix.
async function reasonOf(path, e) {
  if (e.code === 'ENOENT') {
    try {
      return `a symbolic link to ${await readlink(path)}, which does not exist`;
    } catch {
      return 'no such file or directory';
    }
  }
  if (e.code === 'ELOOP') return 'a loop of symbolic links (ELOOP)';
  if (e.code === 'EACCES') return 'permission denied (EACCES)';
  return e.message;
}

// What a path is, following symbolic links: { dir: true }, or { size } for a file read as a stream
// (a regular file, or a pipe such as <(kcat ...)). Anything else is unreadable, its reason added
// to `unreadable`: missing, a dangling link, a loop of links, or a device or socket (a segment
// on /dev/zero would never end).
async function kindOf(path, unreadable) {
  let st;
  try {
    st = await stat(path);
  } catch (e) {
    unreadable.push(`cannot read ${path}: ${await reasonOf(path, e)}`);
    return null;
  }
  if (st.isDirectory()) return { dir: true };
  if (st.isFile() || st.isFIFO()) return { size: st.isFile() ? st.size : 0 };
  unreadable.push(
    `cannot read ${path}: not a regular file, a directory or a pipe (a device or a socket is not read: /dev/zero would never end)`,
  );
  return null;
}

async function namesIn(dir, unreadable) {
  try {
    return await readdir(dir);
  } catch (e) {
    unreadable.push(`cannot read ${dir}: ${await reasonOf(dir, e)}`);
    return [];
  }
}

// A partition directory's segments in base-offset order, as log inputs, named `under` the PATH
// given (the file's name relative to it: the partition directory's name, then the segment's, when
// the PATH is a log directory).
async function segmentsOf(dir, names, unreadable, under = '') {
  const sorted = names.filter((n) => SEGMENT.test(n));
  sorted.sort((a, b) => byBigInt(BigInt(SEGMENT.exec(a)[1]), BigInt(SEGMENT.exec(b)[1])));
  const inputs = [];
  for (const n of sorted) {
    const path = join(dir, n);
    const k = await kindOf(path, unreadable);
    if (k?.dir) unreadable.push(`cannot read ${path}: a directory, not a segment file`);
    else if (k) inputs.push({ kind: 'log', path, name: `${under}${n}`, partition: partitionOfDir(dir), size: k.size });
  }
  return inputs;
}

/**
 * A partition directory's inputs when its snapshots are read (cluster-metadata): its latest
 * snapshot (the highest end offset N; the older ones named in `notes`: Kafka's loader reads the
 * latest only), a log input with `snapshotEnd` N, then its `segments` from the first batch that
 * holds an offset >= N: a segment whose successor begins at or below N is left out, the one that
 * holds N read from that batch's byte position (`start`). Without a snapshot: `segments`.
 */
async function fromSnapshot(dir, names, segments, notes, unreadable, under = '') {
  const snapshots = names.filter((n) => CHECKPOINT.test(n));
  if (snapshots.length === 0) return segments;
  const endOf = (n) => BigInt(CHECKPOINT.exec(n)[1]);
  snapshots.sort((a, b) => byBigInt(endOf(a), endOf(b)));
  const latest = snapshots.at(-1);
  if (snapshots.length > 1)
    notes.push(
      `${dir}: read the latest snapshot ${latest}; older snapshots not read: ${snapshots.slice(0, -1).join(', ')}`,
    );
  const path = join(dir, latest);
  const k = await kindOf(path, unreadable);
  if (k?.dir) unreadable.push(`cannot read ${path}: a directory, not a snapshot file`);
  if (!k || k.dir) return segments;
  const end = endOf(latest);
  const inputs = [
    { kind: 'log', path, name: `${under}${latest}`, partition: partitionOfDir(dir), size: k.size, snapshotEnd: end },
  ];
  const baseOf = (s) => BigInt(SEGMENT.exec(basename(s.path))[1]);
  let i = 0;
  while (i + 1 < segments.length && baseOf(segments[i + 1]) <= end) i++;
  if (i < segments.length && baseOf(segments[i]) < end) {
    const s = segments[i];
    let start = s.size;
    try {
      for await (const batch of segmentBatches(fileReader(s.path), s.size)) {
        if (batch.framed && batch.lastOffset < end) continue;
        start = batch.position;
        // Kafka writes none: a snapshot's end offset is a batch's base offset (README, "Snapshots").
        if (batch.baseOffset < end)
          notes.push(
            `${s.path}: the batch at position ${start} (offsets ${batch.baseOffset} to ${batch.lastOffset}) holds the snapshot's end offset ${end}: folded whole`,
          );
        break;
      }
    } catch (e) {
      unreadable.push(`cannot read ${s.path}: ${await reasonOf(s.path, e)}`);
    }
    if (start < s.size) inputs.push({ ...s, start });
    i++;
  }
  for (; i < segments.length; i++) inputs.push(segments[i]);
  return inputs;
}

/** Reads `length` bytes of the file at `path` from `position` (fewer at its end), opening it each time. */
const fileReader = (path) => async (position, length) => {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(length), 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
};

/**
 * The partition directories of a log directory `p` to read for `topic`: a broker's data directory
 * holds every topic's, and another topic's records folded as this one's would be errors at best
 * and, where offsets meet, records of one partition mixed with another's. Those of `topic` when
 * there are any (the others named in `notes`); else those of the one topic there is (a renamed
 * copy, e.g. coord-0, coord-1), unless it is another internal topic (`unreadable` names the
 * subcommand that reads it); several topics and none of them `topic`: null, `unreadable` says why.
 */
function partitionDirsOf(p, names, topic, notes, unreadable) {
  if (names.length === 0) return names;
  const byTopic = new Map();
  for (const n of names) {
    const t = topicOfDir(n);
    if (!byTopic.has(t)) byTopic.set(t, []);
    byTopic.get(t).push(n);
  }
  const counted = (topics) => topics.map((t) => `${t} (${byTopic.get(t).length})`).join(', ');
  if (byTopic.has(topic)) {
    const others = [...byTopic.keys()].filter((t) => t !== topic).sort();
    if (others.length > 0)
      notes.push(`${p}: read the partition directories of ${topic}; skipped those of ${counted(others)}`);
    return byTopic.get(topic);
  }
  const topics = [...byTopic.keys()].sort();
  if (topics.length === 1 && !READ_BY[topics[0]]) return names;
  unreadable.push(
    topics.length === 1
      ? `cannot read ${p}: its partition directories are of ${topics[0]}, not ${topic} (coordination-viewer ${READ_BY[topics[0]]} reads them)`
      : `cannot read ${p}: its partition directories are of ${counted(topics)}, none of them ${topic}: give --topic, or the partition directories to read`,
  );
  return null;
}

/**
 * Expands PATHs into inputs: { kind: 'log', path, name, partition, size } (name: the segment's
 * path relative to the directory given, or a file's own name when the PATH is the file; what an
 * error names as its `file`) or { kind: 'lines', path, size }. What cannot be read (a PATH, or a
 * segment or partition directory inside one) is not an input: its reason goes to `unreadable`, and
 * the rest is read. In a log directory only `topic`'s
 * partition directories are read (partitionDirsOf); what was skipped goes to `notes`. With
 * `snapshots` (cluster-metadata), a partition directory's latest KRaft snapshot is read before
 * its segments, which start at the snapshot's end (fromSnapshot), and a *.checkpoint PATH is a
 * snapshot (`snapshotEnd`); else *.checkpoint files are not read.
 */
export async function plan(paths, topic, { snapshots = false } = {}) {
  const inputs = [];
  const unreadable = [];
  const notes = [];
  for (const p of paths) {
    if (p === '-') {
      inputs.push({ kind: 'lines', path: '-', size: 0 });
      continue;
    }
    const k = await kindOf(p, unreadable);
    if (k === null) continue;
    if (!k.dir) {
      const log = { kind: 'log', path: p, name: basename(p), partition: partitionOfDir(dirname(p)), size: k.size };
      const snapshot = snapshots && CHECKPOINT.exec(basename(p));
      if (snapshot) inputs.push({ ...log, snapshotEnd: BigInt(snapshot[1]) });
      else inputs.push(p.endsWith('.log') ? log : { kind: 'lines', path: p, size: k.size });
      continue;
    }
    const names = await namesIn(p, unreadable);
    if (names.some((n) => SEGMENT.test(n) || (snapshots && CHECKPOINT.test(n)))) {
      let segments = await segmentsOf(p, names, unreadable);
      if (snapshots) segments = await fromSnapshot(p, names, segments, notes, unreadable);
      for (const input of segments) inputs.push(input);
      continue;
    }
    // A log directory: its partition directories, by partition.
    const partitions = [];
    const partitionDirs = partitionDirsOf(
      p,
      names.filter((n) => PARTITION_DIR.test(n)),
      topic,
      notes,
      unreadable,
    );
    if (partitionDirs === null) continue;
    partitionDirs.sort((a, b) => partitionOfDir(a) - partitionOfDir(b) || (a < b ? -1 : 1));
    for (const n of partitionDirs) {
      const d = join(p, n);
      if (!(await kindOf(d, unreadable))?.dir) continue;
      const inDir = await namesIn(d, unreadable);
      let segments = await segmentsOf(d, inDir, unreadable, `${n}/`);
      if (snapshots) segments = await fromSnapshot(d, inDir, segments, notes, unreadable, `${n}/`);
      if (segments.length > 0) partitions.push({ d, segments });
    }
    if (partitions.length === 0) {
      unreadable.push(`cannot read ${p}: no segment files (*.log) and no partition directories in it`);
      continue;
    }
    // One by one: as one call's arguments, some 130,000 segments overflowed the stack.
    for (const { segments } of partitions) for (const segment of segments) inputs.push(segment);
  }
  return { inputs, unreadable, notes };
}

export function write(stream, text) {
  return new Promise((resolve, reject) => {
    stream.write(text, (e) => (e ? reject(e) : resolve()));
  });
}

/**
 * A progress line on stderr every 2 s once reading has taken 2 s: `name: R of T MB, N records,
 * S MB/s`. add(bytes) counts bytes read, expect(bytes) bytes to read; records() is read when printed.
 */
export function progressLine(name, io, records) {
  const started = Date.now();
  let last = started;
  let read = 0;
  let total = 0;
  return {
    add(n) {
      read += n;
    },
    expect(n) {
      total += n;
    },
    async report(force = false) {
      const t = Date.now();
      if (t - started < PROGRESS_AFTER_MS || (!force && t - last < PROGRESS_EVERY_MS)) return;
      last = t;
      const mb = (n) => (n / 1e6).toFixed(0);
      const rate = read / 1e6 / ((t - started) / 1000);
      await write(
        io.stderr,
        `${name}: ${mb(read)} of ${mb(total)} MB, ${records()} records, ${rate.toFixed(0)} MB/s\n`,
      );
    },
  };
}

/**
 * Reads a live cluster's topic (wasm/cli/cluster.mjs) into `folder`: each fetched batch folded as a
 * segment's batch, its bytes alone as one log input of its partition (its errors say position 0:
 * it lies in no file). InputError when the topic cannot be read.
 */
export async function readCluster(folder, { brokers, topic }, progress) {
  const { readTopic } = await import('./cluster.mjs');
  try {
    for await (const { partition, batch } of readTopic({ brokers, topic })) {
      folder.pushLog(batch, partition);
      folder.endLog(partition);
      progress.add(batch.length);
      await progress.report();
    }
  } catch (e) {
    throw new InputError(`cannot read ${topic} from ${brokers.join(',')}: ${e.message}`);
  }
}

/**
 * Streams the segment file at `path`, from byte `start`, into `folder` as log input of
 * `partition`, then ends it; `progress(bytes)` after each chunk (awaited). Each chunk is read
 * straight into the wasm heap (readLogInto): no buffer per chunk, no copy. The reads are
 * synchronous (a chunk from the page cache takes a few ms): nothing else may use the module's
 * scratch area during a read, which an asynchronous read would allow (the merges of parallel.mjs
 * on the main thread).
 */
export async function pushSegment(folder, path, partition, progress, start = 0) {
  let fd = -1;
  try {
    fd = openSync(path, 'r');
    for (let position = start; ;) {
      const n = folder[readLogInto]((view) => readSync(fd, view, 0, view.length, position), partition);
      position += n;
      if (n === 0) break;
      await progress(n);
    }
  } catch (e) {
    if (!('syscall' in e)) throw e;
    throw new InputError(`cannot read ${path}: ${e.message}`);
  } finally {
    if (fd >= 0) closeSync(fd);
  }
  folder.endLog(partition);
}

/**
 * Reads `inputs` (plan's) into `folder`: segments pushed in 4 MiB chunks, record files parsed into
 * records (lines that are not records go to lineErrors; their partitions to `linePartitions`, when
 * given). A snapshot's errors and anomalies are told apart from the log's by the order the folder
 * keeps them in: `snapshots` gets { input, errors: [from, to), anomalies: [from, to) }, the indexes
 * of those it added. InputError when one cannot be read.
 */
export async function readInputs(folder, inputs, { io, lineErrors, progress, linePartitions, snapshots }) {
  for (const i of inputs) progress.expect(i.size - (i.start ?? 0));
  const found = () => {
    const { errors, anomalies } = folder.result();
    return [errors.length, anomalies.length];
  };
  for (const input of inputs) {
    if (input.kind === 'log') {
      const before = input.snapshotEnd === undefined ? null : found();
      const pushed = (n) => {
        progress.add(n);
        return progress.report();
      };
      await pushSegment(folder, input.path, input.partition, pushed, input.start);
      if (before === null) continue;
      const after = found();
      snapshots.push({ input, errors: [before[0], after[0]], anomalies: [before[1], after[1]] });
      continue;
    }
    // Loaded for record inputs only: a run over segments does without its parsers.
    const { createRecordReader, FramingError } = await import('../text/record-lines.js');
    const source = input.path === '-' ? io.stdin : createReadStream(input.path);
    let pending = [];
    const take = async (records) => {
      for (const r of records) {
        pending.push(r);
        linePartitions?.add(r.partition ?? 0);
      }
      if (pending.length >= RECORDS_PER_PUSH) {
        folder.pushRecords(pending);
        pending = [];
        await progress.report();
      }
    };
    const reader = createRecordReader(input.path, lineErrors);
    try {
      for await (const c of source) {
        const chunk = typeof c === 'string' ? Buffer.from(c) : c;
        progress.add(chunk.length);
        await take(reader.push(chunk));
      }
      await take(reader.end());
    } catch (e) {
      throw new InputError(
        e instanceof FramingError ? `${input.path}: ${e.message}` : `cannot read ${input.path}: ${e.message}`,
      );
    }
    folder.pushRecords(pending);
  }
}

/**
 * The segment inputs (plan's) as placeErrors (wasm/api/error-places.js) reads them again: each read
 * opens the file (a few reads of headers, once a fold ends with errors). Not those of the
 * partitions in `linePartitions`: there an error's offset may be a record line's; nor snapshots,
 * whose offsets are their own (their errors are placed apart: fold-apart.mjs, placeSnapshots).
 */
export const segmentFiles = (inputs, linePartitions) =>
  inputs
    .filter((i) => i.kind === 'log' && !linePartitions.has(i.partition) && i.snapshotEnd === undefined)
    .map(({ path, name, partition, size, start = 0 }) => ({ partition, name, size, start, read: fileReader(path) }));

/**
 * Rows as lines of columns padded to their widest cell (the last column unpadded), each cell's
 * decoded strings in their plain-text form (visibleText: escapes, never a raw control or bidi
 * character on a terminal). The widths are found in a loop: Math.max(...cells) overflowed the
 * stack from about 200,000 rows.
 */
export function columnLines(cells) {
  const rows = cells.map((row) => row.map(visibleText));
  const widths = new Array(rows[0].length).fill(0);
  for (const row of rows) for (let c = 0; c < row.length; c++) widths[c] = Math.max(widths[c], row[c].length);
  return rows.map((row) => row.map((cell, c) => (c === row.length - 1 ? cell : cell.padEnd(widths[c]))).join('  '));
}
