// The topic worker's pool workers, as it talks to them (lib/topic-worker.js: the same module,
// nested): requests and their answers by id, progress notes on the way, a lost or stuck worker
// rejecting what waits on it.

// A pool worker silent for SILENT_MS while it has a request is stuck (an endless loop): a partition's
// fold says how far it read every 50 ms (topic-worker.js), and its silent steps (one piece folded, a
// partition's partial) take far less on the directories of bench:topic-pool. Checked every CHECK_MS.
const SILENT_MS = 10_000;
const CHECK_MS = 1000;

// A pool worker `w` (topic-worker.js, nested), handed the compiled module: ask(message, onNote) sends it a request and resolves with
// its answer; a failed answer rejects; the worker lost (its error event: out of memory, a crash;
// an answer that cannot be received, messageerror; or stuck: SILENT_MS) rejects with `lost` set,
// and every later ask too: no request is left waiting on a worker that will not answer.
export function poolWorker(w, wasmModule) {
  wasmModule.then((m) => w.postMessage({ type: 'module', wasmModule: m }));
  let lastId = 0;
  const waiting = new Map();
  let lost = null;
  let heard = performance.now();
  let checked = heard;
  const watch = setInterval(() => {
    const now = performance.now();
    if (now - checked > 2 * CHECK_MS) heard = now; // this worker was busy itself: its messages may be unread
    checked = now;
    if (waiting.size && now - heard > SILENT_MS) lose(`it made no progress for ${SILENT_MS / 1000} s`);
  }, CHECK_MS);
  w.onmessage = ({ data }) => {
    heard = performance.now();
    const p = waiting.get(data.id);
    if (!p) return;
    if (data.type === 'failed') {
      waiting.delete(data.id);
      p.reject(new Error(data.message));
    } else if (data.type === 'progress-part' || data.type === 'unreadable') {
      p.onNote?.(data);
    } else {
      waiting.delete(data.id);
      p.resolve(data);
    }
  };
  const end = () => {
    clearInterval(watch);
    w.terminate();
  };
  const lose = (message) => {
    end(); // what is left of it: its partitions are named, not waited for
    lost = Object.assign(new Error(message), { lost: true });
    for (const p of waiting.values()) p.reject(lost);
    waiting.clear();
  };
  w.onerror = (e) => {
    e.preventDefault?.();
    lose(e.message || 'its worker stopped');
  };
  w.onmessageerror = () => lose('an answer of its worker could not be received');
  return {
    terminate: end,
    ask(message, onNote) {
      if (lost) return Promise.reject(lost);
      if (!waiting.size) heard = performance.now(); // silent while idle: not stuck
      return new Promise((resolve, reject) => {
        waiting.set(++lastId, { resolve, reject, onNote });
        w.postMessage({ ...message, id: lastId });
      });
    },
  };
}
