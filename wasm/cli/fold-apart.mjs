// Partitions folded apart and merged, for the subcommands with --jobs (`state`, `groups`,
// `transactions`, `share-state`): the
// option, and the run of wasm/cli/parallel.mjs with the merger of the tasks' fold. Not imported by
// fold-partition.mjs, which workers load: parallel.mjs imports that one.
import { placeErrors } from '../api/error-places.js';
import { createMerger } from '../api/log-api.js';
import { withLineErrors } from '../text/record-lines.js';
import { partitionsOf } from './fold-partition.mjs';
import { defaultJobs, foldInParallel, TaskError } from './parallel.mjs';
import { InputError, UsageError, logWasmModule, readInputs, segmentFiles } from './topic-inputs.mjs';

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
    await readInputs(folder, inputs, { io, lineErrors, progress, linePartitions });
    doc = withLineErrors(result(folder), lineErrors);
  }
  await placeErrors(doc.errors, segmentFiles(inputs, linePartitions));
  return doc;
}
