// `coordination-viewer state PATH... [--now EPOCH_MS] [--format json|table]`: the coordination
// state folded from log segments, partition directories, JSON Lines or text lines
// (wasm/core/log/README.md). The dispatcher (wasm/cli/main.mjs) calls run() with the arguments after
// `state`. Inputs are streamed: memory is bounded by the state, not the input.
import { createReadStream } from 'node:fs';
import { readdir, readlink, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

import { toI64 } from '../boundary.js';
import { loadLogCodec, toJSON } from '../index.js';
import { createMerger } from '../log-api.js';
import { countdown, utcText } from '../time-text.js';
import { createRecordReader, FramingError } from '../record-lines.js';
import { InputError, partitionsOf, pushSegment } from './fold-partition.mjs';
import { defaultJobs, foldInParallel, TaskError } from './parallel.mjs';

const USAGE =
  'usage: coordination-viewer state PATH... | --bootstrap-server HOST:PORT [--topic T] [--now EPOCH_MS] [--format json|table] [--jobs N]';
const HELP = `${USAGE}

Folds a __coordination_state topic into its state, as compaction leaves it: for each role its
partition, lease (holder, producer id/epoch, granted_at, deadline, expired at --now) and members;
anomalies; records that could not be read. PATH: a segment file (*.log), a partition directory
(TOPIC-N, segments in base-offset order), a log directory of partition directories, or a file of
records (- for stdin), its format detected from its first bytes: kcat framed records (kcat -C ...
-f '%p %o %T %K %S\\n%k%s\\n'), JSON Lines ({"key": HEX|BASE64|null, "value": ...,
"partition"?, "offset"?, "timestamp"?}), kafka-console-consumer lines (BytesDeserializer; see
wasm/core/log/README.md) or text lines ("PARTITION OFFSET KEYHEX VALUEHEX").

  --bootstrap-server HOST:PORT[,...]  read a live cluster instead: every partition of the topic
                        from its earliest offset to the high watermark at start, without joining
                        or committing to a consumer group
  --topic T             the topic to read (default __coordination_state)

  --now EPOCH_MS        the moment leases are held or expired at (default: now)
  --format json|table   one JSON document (default; i64 values as decimal strings) or a table
  --jobs N              segment files of several partitions: fold N partitions at a time, on
                        the main thread and N - 1 worker threads (default: the number of
                        cores); the output is the one reader's (--jobs 1) byte for byte.
                        Record inputs, stdin and a cluster are read by one reader.

Exit codes: 0 the input was read (bad records are in "errors"), 1 an input could not be read
(each is named on stderr; the others are read and the state printed; a device such as /dev/zero
is not read, a line over 8 MiB or a kcat record over 8 MiB stops its input), 2 usage error.
`;

/** One line for `coordination-viewer --help`. */
export const summary = 'the coordination state of segment files, partition directories or record lines';
const RECORDS_PER_PUSH = 4096; // parsed lines handed to the core per call
const PROGRESS_AFTER_MS = 2000;
const PROGRESS_EVERY_MS = 2000;

class UsageError extends Error {}

function parseArgs(argv, cwd) {
  const paths = [];
  let now = null;
  let format = 'json';
  let brokers = null;
  let topic = '__coordination_state';
  let jobs = defaultJobs();
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
    } else if (a === '--jobs') {
      const v = value();
      jobs = /^\d+$/.test(v) ? Number(v) : 0;
      if (jobs < 1 || jobs > 256) throw new UsageError(`--jobs must be an integer 1 to 256, got "${v}"`);
    } else if (a.startsWith('--')) {
      throw new UsageError(`unknown option ${a}`);
    } else {
      paths.push(a === '-' ? a : resolve(cwd, a));
    }
  }
  if (brokers && paths.length) throw new UsageError('give PATHs or --bootstrap-server, not both');
  if (!brokers && paths.length === 0) {
    throw new UsageError(
      'no input: give one or more segment files, partition directories or line files, or --bootstrap-server',
    );
  }
  return { paths, now: now ?? BigInt(Date.now()), format, brokers, topic, jobs };
}

// Kafka names a partition directory TOPIC-PARTITION and a segment by its base offset.
const PARTITION_DIR = /-(\d+)$/;
const SEGMENT = /^(\d+)\.log$/;
const partitionOfDir = (dir) => {
  const m = PARTITION_DIR.exec(basename(dir));
  return m ? Number(m[1]) : 0;
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

// A partition directory's segments in base-offset order, as log inputs.
async function segmentsOf(dir, names, unreadable) {
  const sorted = names.filter((n) => SEGMENT.test(n));
  sorted.sort((a, b) => {
    const x = BigInt(SEGMENT.exec(a)[1]);
    const y = BigInt(SEGMENT.exec(b)[1]);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const inputs = [];
  for (const n of sorted) {
    const path = join(dir, n);
    const k = await kindOf(path, unreadable);
    if (k?.dir) unreadable.push(`cannot read ${path}: a directory, not a segment file`);
    else if (k) inputs.push({ kind: 'log', path, partition: partitionOfDir(dir), size: k.size });
  }
  return inputs;
}

/**
 * Expands PATHs into inputs: { kind: 'log', path, partition, size } or { kind: 'lines', path,
 * size }. What cannot be read (a PATH, or a segment or partition directory inside one) is not an
 * input: its reason goes to `unreadable`, and the rest is read.
 */
async function plan(paths) {
  const inputs = [];
  const unreadable = [];
  for (const p of paths) {
    if (p === '-') {
      inputs.push({ kind: 'lines', path: '-', size: 0 });
      continue;
    }
    const k = await kindOf(p, unreadable);
    if (k === null) continue;
    if (!k.dir) {
      inputs.push(
        p.endsWith('.log')
          ? { kind: 'log', path: p, partition: partitionOfDir(dirname(p)), size: k.size }
          : { kind: 'lines', path: p, size: k.size },
      );
      continue;
    }
    const names = await namesIn(p, unreadable);
    if (names.some((n) => SEGMENT.test(n))) {
      inputs.push(...(await segmentsOf(p, names, unreadable)));
      continue;
    }
    // A log directory: its partition directories, by partition.
    const partitions = [];
    const partitionDirs = names.filter((n) => PARTITION_DIR.test(n));
    partitionDirs.sort((a, b) => partitionOfDir(a) - partitionOfDir(b) || (a < b ? -1 : 1));
    for (const n of partitionDirs) {
      const d = join(p, n);
      if (!(await kindOf(d, unreadable))?.dir) continue;
      const segments = await segmentsOf(d, await namesIn(d, unreadable), unreadable);
      if (segments.length > 0) partitions.push({ d, segments });
    }
    if (partitions.length === 0) {
      unreadable.push(`cannot read ${p}: no segment files (*.log) and no partition directories in it`);
      continue;
    }
    for (const { segments } of partitions) inputs.push(...segments);
  }
  return { inputs, unreadable };
}

/** The partitions folded on worker threads (wasm/cli/parallel.mjs) and merged: the state. */
async function foldApart(log, parts, args, onProgress) {
  const merger = log[createMerger]();
  try {
    const module = new URL('./fold-partition.mjs', import.meta.url).href;
    await foldInParallel({ tasks: parts, jobs: args.jobs, module, merger, onProgress });
    return merger.result({ now: args.now });
  } catch (e) {
    if (e instanceof TaskError && e.kind === 'InputError') throw new InputError(e.message);
    // A worker lost (out of memory, killed): the run fails with what happened, not a stack trace.
    if (e instanceof TaskError && e.kind === 'WorkerError') {
      throw new InputError(`partition ${parts[e.order].partition} could not be folded: ${e.message}`);
    }
    throw e;
  } finally {
    merger.dispose();
  }
}

// ---- output ---------------------------------------------------------------------------------
// Where an error is: its partition (a line that is no record has none), offset or line, and the
// role when its key decoded.
const errorPlace = (e) =>
  [
    e.partition === undefined ? null : `partition ${e.partition}`,
    'line' in e ? `line ${e.line}` : `offset ${e.offset}`,
    e.role ? `role ${JSON.stringify(e.role)}` : null,
  ]
    .filter(Boolean)
    .join(' ');

function table(state, now) {
  const rows = [['ROLE', 'PARTITION', 'HOLDER', 'PRODUCER', 'DEADLINE', 'LEASE', 'MEMBERS']];
  for (const r of state.roles) {
    const l = r.lease;
    rows.push([
      r.role,
      String(r.partition),
      l ? l.holder : '-',
      l ? `${l.producerId}/${l.producerEpoch}` : '-',
      l ? (utcText(l.deadline) ?? `${l.deadline} ms`) : '-',
      l ? (l.expired ? countdown(l.deadline, now) : `held, expires ${countdown(l.deadline, now)}`) : 'none',
      r.members.map((m) => m.member).join(', ') || '-',
    ]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  let out = rows
    .map((row) => row.map((cell, c) => (c === row.length - 1 ? cell : cell.padEnd(widths[c]))).join('  '))
    .join('\n');
  out += `\n\n${state.roles.length} roles, ${state.records} records`;
  if (state.anomalies.length)
    out += `\n\nanomalies (${state.anomalies.length}):\n${state.anomalies.map((a) => `  ${a.kind} ${a.role} @${a.offset}: ${a.message}`).join('\n')}`;
  if (state.errors.length) {
    out += `\n\nerrors (${state.errors.length + (state.errorsOmitted ?? 0)}):\n`;
    out += state.errors.map((e) => `  ${errorPlace(e)}: ${e.code} ${e.field}: ${e.message}`).join('\n');
  }
  return `${out}\n`;
}

function write(stream, text) {
  return new Promise((resolve, reject) => {
    stream.write(text, (e) => (e ? reject(e) : resolve()));
  });
}

/**
 * @param {string[]} argv the arguments after `state`
 * @param {{ stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream, stdin: NodeJS.ReadableStream, cwd?: string }} io
 *   (the dispatcher's io, wasm/cli/main.mjs; relative paths are resolved against cwd)
 * @returns {Promise<number>} 0 when the input was read (bad records are reported in the document),
 *   1 when it could not be read, 2 for a usage error
 */
export async function run(argv, io) {
  if (argv.includes('--help')) {
    await write(io.stdout, HELP);
    return 0;
  }
  let args;
  try {
    args = parseArgs(argv, io.cwd ?? process.cwd());
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    await write(io.stderr, `coordination-viewer state: ${e.message}\n${USAGE}\n`);
    return 2;
  }
  const log = await loadLogCodec();
  const folder = log.createFolder();
  const lineErrors = [];
  const started = Date.now();
  let lastProgress = started;
  let bytesRead = 0;
  let totalBytes = 0;
  let records = 0;
  const progress = async (force = false) => {
    const t = Date.now();
    if (t - started < PROGRESS_AFTER_MS || (!force && t - lastProgress < PROGRESS_EVERY_MS)) return;
    lastProgress = t;
    const mb = (n) => (n / 1e6).toFixed(0);
    const rate = bytesRead / 1e6 / ((t - started) / 1000);
    await write(
      io.stderr,
      `state: ${mb(bytesRead)} of ${mb(totalBytes)} MB, ${records} records, ${rate.toFixed(0)} MB/s\n`,
    );
  };
  try {
    if (args.brokers) {
      const { readTopic } = await import('./cluster.mjs');
      let pending = [];
      try {
        for await (const record of readTopic({ brokers: args.brokers, topic: args.topic })) {
          pending.push(record);
          if (pending.length >= RECORDS_PER_PUSH) {
            folder.pushRecords(pending);
            pending = [];
            records = folder.records;
            await progress();
          }
        }
      } catch (e) {
        throw new InputError(`cannot read ${args.topic} from ${args.brokers.join(',')}: ${e.message}`);
      }
      folder.pushRecords(pending);
    }
    const { inputs, unreadable } = await plan(args.paths);
    for (const message of unreadable) await write(io.stderr, `coordination-viewer state: ${message}\n`);
    if (unreadable.length > 0 && inputs.length === 0 && !args.brokers) return 1; // nothing was read
    for (const i of inputs) totalBytes += i.size;
    const parts = args.brokers ? null : partitionsOf(inputs);
    const state =
      args.jobs > 1 && parts?.length > 1
        ? await foldApart(log, parts, args, (total) => {
            bytesRead = total.bytes;
            records = total.records;
            progress().catch(() => {});
          })
        : await foldHere(inputs);
    await progress(true);
    await write(io.stdout, args.format === 'json' ? `${toJSON(state, 2)}\n` : table(state, args.now));
    return unreadable.length > 0 ? 1 : 0;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    await write(io.stderr, `coordination-viewer state: ${e.message}\n`);
    return 1;
  } finally {
    folder.dispose();
  }

  // Every input read by one folder, in order.
  async function foldHere(inputs) {
    for (const input of inputs) {
      if (input.kind === 'log') {
        await pushSegment(folder, input.path, input.partition, (n) => {
          bytesRead += n;
          records = folder.records;
          return progress();
        });
        continue;
      }
      const source = input.path === '-' ? io.stdin : createReadStream(input.path);
      let pending = [];
      const take = async (parsed) => {
        for (const r of parsed) pending.push(r);
        if (pending.length >= RECORDS_PER_PUSH) {
          folder.pushRecords(pending);
          pending = [];
          records = folder.records;
          await progress();
        }
      };
      const reader = createRecordReader(input.path, lineErrors);
      try {
        for await (const c of source) {
          const chunk = typeof c === 'string' ? Buffer.from(c) : c;
          bytesRead += chunk.length;
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
    records = folder.records;
    const state = folder.result({ now: args.now });
    // Lines that were not records at all: reported with the records' own errors.
    state.errors.push(...lineErrors);
    return state;
  }
}
