// Partitions folded apart and merged, for the subcommands with --jobs (`state`, `groups`,
// `transactions`, `share-state`): the option, the run of wasm/cli/parallel.mjs with the merger of
// the tasks' fold, and the run of such a subcommand (runFoldCommand). Not imported by
// fold-partition.mjs, which workers load: parallel.mjs imports that one.
import { placeErrors } from '../api/error-places.js';
import { createMerger } from '../api/log-api.js';
import { withLineErrors } from '../text/record-lines.js';
import { partitionsOf } from './fold-partition.mjs';
import { defaultJobs, foldInParallel, TaskError } from './parallel.mjs';
import { writeJSON, writeLines } from './output.mjs';
import {
  InputError,
  UsageError,
  loadLog,
  logWasmModule,
  parseTopicArgs,
  plan,
  progressLine,
  readCluster,
  readInputs,
  segmentFiles,
  write,
} from './topic-inputs.mjs';

export const JOBS_HELP = `  --jobs N              segment files of several partitions: fold N partitions at a time, on
                        the main thread and N - 1 worker threads (default: the number of
                        cores); the output is the one reader's (--jobs 1) byte for byte.
                        Record inputs, stdin and a cluster are read by one reader.`;

/** --jobs' value, or its default (the cores); UsageError when it is not 1 to 256. */
export function jobsOf(v) {
  if (v === undefined) return defaultJobs();
  const jobs = /^\d+$/.test(v) ? Number(v) : 0;
  if (jobs < 1 || jobs > 256) throw new UsageError(`--jobs must be an integer 1 to 256, got "${v}"`);
  return jobs;
}

/**
 * A progress line's onProgress for foldApart: the inputs' bytes expected, the totals of the
 * workers' reports added; `records(n)` is told the records folded apart so far.
 */
function apartProgress(progress, inputs, records) {
  for (const i of inputs) progress.expect(i.size);
  let bytes = 0;
  return (total) => {
    progress.add(total.bytes - bytes);
    bytes = total.bytes;
    records(total.records);
    progress.report().catch(() => {});
  };
}

/**
 * The partitions (partitionsOf's tasks) folded on worker threads and merged by `log`'s merger of
 * their fold: `result(merger)` reads the merged result. A task that cannot be read, or a worker
 * lost, is an InputError naming it.
 */
export async function foldApart(log, parts, { jobs, onProgress, result }) {
  const merger = log[createMerger](parts[0].fold);
  try {
    const module = new URL('./fold-partition.mjs', import.meta.url).href;
    const shared = { wasmModule: await logWasmModule() };
    await foldInParallel({ tasks: parts, jobs, module, shared, merger, onProgress });
    return result(merger);
  } catch (e) {
    if (e instanceof TaskError && e.kind === 'InputError') throw new InputError(e.message);
    // A worker lost (out of memory, killed): the run fails with what happened, not a stack trace.
    if (e instanceof TaskError && e.kind === 'WorkerError') {
      const which = e.order === undefined ? 'a partition' : `partition ${parts[e.order].partition}`;
      throw new InputError(`${which} could not be folded: ${e.message}`);
    }
    throw e;
  } finally {
    merger.dispose();
  }
}

/**
 * The errors and anomalies that the snapshots of `snapshots` (readInputs') added to `doc`, named
 * in the snapshot's file (`file`; an error also at its batch's `filePosition`, placeErrors): a
 * snapshot's offsets are its own, not the log's.
 */
async function placeSnapshots(doc, snapshots) {
  for (const { input, errors, anomalies } of snapshots) {
    const file = { ...input, snapshotEnd: undefined };
    const placed = await placeErrors(doc.errors.slice(...errors), segmentFiles([file], new Set()));
    doc.errors.splice(errors[0], placed.length, ...placed);
    for (let i = anomalies[0]; i < Math.min(anomalies[1], doc.anomalies.length); i++) {
      const { kind, logPartition, offset, ...rest } = doc.anomalies[i];
      doc.anomalies[i] = { kind, logPartition, offset, file: input.name, ...rest };
    }
  }
}

/**
 * The inputs of a subcommand (`kind`: its fold, as partitionsOf names it) folded and read by
 * `result(folderOrMerger)`: the partitions of segment files on worker threads when jobs > 1
 * (foldApart; `apartRecords(n)` told the records folded there so far), else every input by one
 * reader into `folder`, the lines that were not records at all reported with the records' errors.
 * Either way each error of a segment names its file and the position in it (placeErrors: from the
 * document and the files alone, so --jobs N's are --jobs 1's), but in a partition record lines
 * were read into too (an offset there may be a line's).
 */
export async function foldInputs(log, folder, inputs, { kind, jobs, cluster, io, progress, apartRecords, result }) {
  const parts = cluster ? null : partitionsOf(inputs, kind);
  let doc;
  const linePartitions = new Set();
  if (jobs > 1 && parts?.length > 1) {
    doc = await foldApart(log, parts, { jobs, result, onProgress: apartProgress(progress, inputs, apartRecords) });
  } else {
    const lineErrors = [];
    const snapshots = [];
    await readInputs(folder, inputs, { io, lineErrors, progress, linePartitions, snapshots });
    doc = result(folder);
    await placeSnapshots(doc, snapshots);
    doc = withLineErrors(doc, lineErrors);
  }
  await placeErrors(doc.errors, segmentFiles(inputs, linePartitions));
  return doc;
}

/**
 * The run of a subcommand that folds one topic (`groups`, `transactions`, `share-state`,
 * `cluster-metadata`): --help, its options (parseTopicArgs, --jobs unless `parallel` is false: a
 * topic of one partition, then the command's own `more(a, value)`, and `check(args)`,
 * which throws a UsageError), then `instead(args)` when it answers in place of the fold (an exit
 * code), else its inputs planned (plan's, KRaft snapshots read when `snapshots`), folded into
 * `createFolder(log)` (foldInputs, `kind`) and read by `result(folder, args)`, `shape(doc)`
 * applied, and the document written as JSON or `table(doc)`.
 * Exit codes: 0 read, 1 an input could not be read, 2 usage error.
 */
export async function runFoldCommand(argv, io, command) {
  const { name, topic, help, usage, kind, createFolder, table } = command;
  const { more = () => false, check = () => {}, instead = async () => null, result = (f) => f.result() } = command;
  const { shape = (doc) => doc, parallel = true, snapshots = false } = command;
  if (argv.includes('--help')) {
    await write(io.stdout, help);
    return 0;
  }
  const said = (message) => write(io.stderr, `coordination-viewer ${name}: ${message}\n`);
  let args;
  let jobs = parallel ? jobsOf() : 1;
  try {
    args = parseTopicArgs(argv, io.cwd ?? process.cwd(), {
      topic,
      more(a, value) {
        if (!parallel || a !== '--jobs') return more(a, value);
        jobs = jobsOf(value());
        return true;
      },
    });
    check(args);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    await said(`${e.message}\n${usage}`);
    return 2;
  }
  let folder = null;
  try {
    const code = await instead(args);
    if (code !== null) return code;
    const log = await loadLog();
    folder = createFolder(log);
    let apartRecords = 0; // the records folded on worker threads so far
    const progress = progressLine(name, io, () => folder.records + apartRecords);
    if (args.brokers) await readCluster(folder, args, progress);
    const { inputs, unreadable, notes } = await plan(args.paths, args.topic, { snapshots });
    for (const message of [...notes, ...unreadable]) await said(message);
    if (unreadable.length > 0 && inputs.length === 0 && !args.brokers) return 1; // nothing was read
    const doc = await foldInputs(log, folder, inputs, {
      kind,
      jobs,
      cluster: args.brokers,
      io,
      progress,
      apartRecords: (n) => (apartRecords = n),
      result: (f) => result(f, args),
    });
    await progress.report(true);
    if (args.format === 'json') await writeJSON(io.stdout, shape(doc));
    else await writeLines(io.stdout, table(shape(doc)));
    return unreadable.length > 0 ? 1 : 0;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    await said(e.message);
    return 1;
  } finally {
    folder?.dispose();
  }
}
