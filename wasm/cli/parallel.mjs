// Partitions folded on worker threads and merged: the CLI's runner for every subcommand that folds
// a topic partition by partition (`state`; later `groups`, `transactions`). Generic: it knows
// neither the fold nor the merge.
//
//   await foldInParallel({ tasks, jobs, module, shared, merger, onProgress })
//
// - tasks: one per partition, in reading order, plain data a worker receives (structured clone),
//   each with its `size` in bytes: tasks are dealt largest first.
// - jobs: tasks folded at a time, by the main thread and jobs - 1 worker threads.
// - module: the URL of a module exporting `fold(task, seed, progress)`, run in each worker and in
//   the main thread: it folds one task (a thread folds one at a time, so it holds one partition's
//   state) and returns its partial, a Uint8Array over an ArrayBuffer of its own (a worker's moved
//   back, not copied: no JSON of a state); `seed` is null or the bytes a refold asked for;
//   `progress(bytes, records)` reports the bytes read since its last call and the task's records
//   so far, and returns a promise the fold awaits before it reads on. A thread loads the module once (and with it the wasm module it loads) and folds task
//   after task; the folds again (refold) are the main thread's.
// - shared: what each worker receives once, before its first task (structured clone: e.g. a
//   compiled WebAssembly.Module, whose code the threads then share), for the module's
//   `prepare(shared)` when it exports one (the main thread has its own already).
// - merger (main thread): `add(order, partial)` with the task's index in `tasks`, as partials
//   arrive in any order; then `refold()`, null when the partials make the result, else
//   `{ order, seed }`: that task is folded again from the seed and added again, until null
//   (wasm/core/log/fold_merge.h: the fold's merge, and why a fold is done again).
// - onProgress({ bytes, records }): totals so far, at each report of a fold.
// Resolves when the merger has every partial; the caller reads its result. A task that throws
// rejects the run with a TaskError (its message, its name as `kind`), the workers ended.
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

/** `--jobs`' default: the cores Node may use. */
export const defaultJobs = () =>
  typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;

/** An error of a task in a worker, in the main thread. */
export class TaskError extends Error {
  constructor(message, kind, order) {
    super(message);
    this.kind = kind;
    this.order = order;
  }
}

export async function foldInParallel({ tasks, jobs, module, shared = null, merger, onProgress = () => {} }) {
  const workers = [];
  const records = new Array(tasks.length).fill(0);
  let bytes = 0;
  let recordsTotal = 0;
  const progress = (order, seed, read, total) => {
    if (!seed) bytes += read; // a fold again reads its bytes again
    recordsTotal += total - records[order];
    records[order] = total;
    onProgress({ bytes, records: recordsTotal });
  };
  try {
    // The main thread folds too, between the merges: one worker fewer to start (a thread, Node and
    // the wasm module loaded, then optimized as it runs: 0.1-0.25 s of CPU each).
    const { fold } = await import(module);
    const here = async (order, seed) => {
      try {
        return await fold(tasks[order], seed, (read, total) => {
          progress(order, seed, read, total);
          // The main thread's fold gives way to its event loop after each chunk: a worker's answer
          // is taken as it comes and the worker given its next task at once. Without it the main
          // thread folded task after task while a worker that had finished waited (3 of 4
          // partitions folded on the main thread with --jobs 2).
          return new Promise(setImmediate);
        });
      } catch (e) {
        throw new TaskError(e.message, e.name, order);
      }
    };
    for (let i = 1; i < Math.min(jobs, tasks.length); i++) {
      workers.push(new Worker(new URL(import.meta.url), { workerData: { module, shared } }));
    }
    // One task on one worker: resolves with its partial.
    const inWorker = (worker) => (order, seed) =>
      new Promise((resolve, reject) => {
        // A worker that ends without its answer (out of memory, killed) rejects the run: no wait forever.
        const onExit = (code) =>
          reject(new TaskError(`the worker folding task ${order} stopped (exit code ${code})`, 'WorkerError', order));
        // An error thrown outside the task (the worker out of memory, its module failing to load).
        const onError = (e) => reject(new TaskError(e?.message ?? String(e), 'WorkerError', order));
        const onMessage = (m) => {
          if (m.order !== order) return;
          if (m.progress) {
            progress(order, seed, m.progress.bytes, m.progress.records);
            return;
          }
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
          if (m.error) reject(new TaskError(m.error.message, m.error.name, order));
          else resolve(m.partial);
        };
        worker.on('message', onMessage);
        worker.once('error', onError);
        worker.once('exit', onExit);
        worker.postMessage({ order, task: tasks[order], seed });
      });
    const queue = tasks.map((_, i) => i).sort((a, b) => tasks[b].size - tasks[a].size || a - b);
    await Promise.all(
      [here, ...workers.map(inWorker)].map(async (run) => {
        for (let order = queue.shift(); order !== undefined; order = queue.shift()) {
          merger.add(order, await run(order, null));
        }
      }),
    );
    for (let again = merger.refold(); again; again = merger.refold()) {
      merger.add(again.order, await here(again.order, again.seed));
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

// ---- the worker ---------------------------------------------------------------------------------
if (!isMainThread && workerData?.module) {
  const { fold, prepare } = await import(workerData.module);
  await prepare?.(workerData.shared);
  parentPort.on('message', async ({ order, task, seed }) => {
    // Progress at most every 200 ms, and once at the end (the totals complete).
    let bytes = 0;
    let records = 0;
    let last = Date.now();
    const report = () => {
      parentPort.postMessage({ order, progress: { bytes, records } });
      bytes = 0;
      last = Date.now();
    };
    try {
      const partial = await fold(task, seed, (read, total) => {
        bytes += read;
        records = total;
        if (Date.now() - last >= 200) report();
      });
      report();
      parentPort.postMessage({ order, partial }, [partial.buffer]);
    } catch (e) {
      parentPort.postMessage({ order, error: { message: e.message, name: e.name } });
    }
  });
}
