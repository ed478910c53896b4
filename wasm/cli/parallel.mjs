// Partitions folded on worker threads and merged: the CLI's runner for every subcommand that folds
// a topic partition by partition (`state`; later `groups`, `transactions`). Generic: it knows
// neither the fold nor the merge.
//
//   await foldInParallel({ tasks, jobs, module, shared, merger, onProgress })
//
// - tasks: one per partition, in reading order, plain data a worker receives (structured clone),
//   each with its `size` in bytes: taken largest first, each thread taking its next one itself.
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
// rejects the run with a TaskError (its message, its name as `kind`, its `order`; a worker lost
// between tasks has none), the workers ended.
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
  const records = new Array(tasks.length).fill(0);
  let bytes = 0;
  let recordsTotal = 0;
  const progress = (order, seed, read, total) => {
    if (!seed) bytes += read; // a fold again reads its bytes again
    recordsTotal += total - records[order];
    records[order] = total;
    onProgress({ bytes, records: recordsTotal });
  };
  // The tasks' queue, largest first, from which every thread takes its next task itself
  // (nextTask): a worker that has finished does not wait for the main thread, which answers only
  // between the chunks it folds (a worker waited 5-43 ms for each task when the main thread dealt
  // them; 131 ms in all on 50 partitions).
  const queue = tasks.map((_, i) => i).sort((a, b) => tasks[b].size - tasks[a].size || a - b);
  const taken = new Int32Array(new SharedArrayBuffer(4));
  const threads = Math.max(0, Math.min(jobs, tasks.length) - 1);
  // The task each worker folds (its order, -1 between tasks): named when the worker is lost.
  const folding = new Int32Array(new SharedArrayBuffer(4 * Math.max(threads, 1))).fill(-1);
  const workers = [];
  try {
    // Started first: a worker takes 0.1 s to start (a thread, Node, the modules).
    for (let slot = 0; slot < threads; slot++) {
      const worker = new Worker(new URL(import.meta.url), { workerData: { module, shared } });
      worker.postMessage({ tasks, queue, taken: taken.buffer, folding: folding.buffer, slot });
      workers.push(worker);
    }
    // The main thread folds too, between the merges: one worker fewer to start (a thread, Node and
    // the wasm module loaded, then optimized as it runs: 0.1-0.25 s of CPU each).
    const { fold } = await import(module);
    const here = async (order, seed) => {
      try {
        return await fold(tasks[order], seed, (read, total) => {
          progress(order, seed, read, total);
          // The main thread's fold gives way to its event loop after each chunk: the workers'
          // partials are merged and their progress shown as they come.
          return new Promise(setImmediate);
        });
      } catch (e) {
        throw new TaskError(e.message, e.name, order);
      }
    };
    const mainThread = async () => {
      for (let order = nextTask(taken, queue); order !== undefined; order = nextTask(taken, queue)) {
        merger.add(order, await here(order, null));
      }
    };
    // One worker's tasks, merged as they come: resolves when the queue is empty.
    const inWorker = (worker, slot) =>
      new Promise((resolve, reject) => {
        const lost = () => {
          const order = Atomics.load(folding, slot);
          return order < 0
            ? { what: 'a worker', order: undefined }
            : { what: `the worker folding task ${order}`, order };
        };
        // A worker that ends without its answer (out of memory, killed) rejects the run: no wait forever.
        worker.once('exit', (code) => {
          const { what, order } = lost();
          reject(new TaskError(`${what} stopped (exit code ${code})`, 'WorkerError', order));
        });
        // An error thrown outside the task (the worker out of memory, its module failing to load).
        worker.once('error', (e) => reject(new TaskError(e?.message ?? String(e), 'WorkerError', lost().order)));
        worker.on('message', (m) => {
          try {
            if (m.progress) progress(m.order, null, m.progress.bytes, m.progress.records);
            else if (m.error) reject(new TaskError(m.error.message, m.error.name, m.order));
            else if (m.partial) merger.add(m.order, m.partial);
            else if (m.done) resolve();
          } catch (e) {
            reject(e);
          }
        });
      });
    try {
      await Promise.all([mainThread(), ...workers.map(inWorker)]);
    } catch (e) {
      Atomics.store(taken, 0, queue.length); // no thread takes another task
      throw e;
    }
    for (let again = merger.refold(); again; again = merger.refold()) {
      merger.add(again.order, await here(again.order, again.seed));
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/** The next task's order in `queue` for the thread that calls it, undefined when none is left. */
function nextTask(taken, queue) {
  const i = Atomics.add(taken, 0, 1);
  return i < queue.length ? queue[i] : undefined;
}

// ---- the worker ---------------------------------------------------------------------------------
if (!isMainThread && workerData?.module) {
  const { fold, prepare } = await import(workerData.module);
  await prepare?.(workerData.shared);
  // One message, the queue: tasks taken and folded until none is left, each partial sent as it is
  // made; then `done`. The worker stays (its port listened to) until the main thread ends it.
  parentPort.on('message', async ({ tasks, queue, slot, ...views }) => {
    const taken = new Int32Array(views.taken);
    const folding = new Int32Array(views.folding);
    for (let order = nextTask(taken, queue); order !== undefined; order = nextTask(taken, queue)) {
      Atomics.store(folding, slot, order);
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
        const partial = await fold(tasks[order], null, (read, total) => {
          bytes += read;
          records = total;
          if (Date.now() - last >= 200) report();
        });
        report();
        parentPort.postMessage({ order, partial }, [partial.buffer]);
      } catch (e) {
        parentPort.postMessage({ order, error: { message: e.message, name: e.name } });
        return;
      }
      Atomics.store(folding, slot, -1);
    }
    parentPort.postMessage({ done: true });
  });
}
