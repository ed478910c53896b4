// The page's side of the topic worker (lib/topic-worker.js): one request at a time, answered by a
// promise (a new request supersedes the one pending: its answer is dropped); cancel() ends the worker at once (whatever it is doing) and starts a fresh one.
// A fold's partitions are folded on a pool (the worker's own workers, ended with it):
// POOL_WORKERS at most, the cores the browser reports.
const POOL_WORKERS = 4;
export const poolSize = () => Math.max(1, Math.min(POOL_WORKERS, navigator.hardwareConcurrency || 1));
export class TopicClient {
  constructor() {
    this.lastId = 0;
    this.start();
  }
  start() {
    this.worker = new Worker(new URL('./topic-worker.js', import.meta.url), { type: 'module', name: 'topic-fold' });
    this.pending = null;
    this.worker.onmessage = ({ data }) => {
      const p = this.pending;
      if (!p || data.id !== p.id) return;
      if (data.type === 'progress') return p.onProgress?.(data.done, data.total);
      if (data.type === 'partial') return p.onPartial?.(data);
      this.pending = null;
      if (data.type === 'failed') p.reject(new Error(data.message));
      else p.resolve(data);
    };
    const fail = (message) => {
      const p = this.pending;
      this.pending = null;
      p?.reject(new Error(message));
    };
    this.worker.onerror = (e) => fail(e.message || 'the topic worker failed to start');
    this.worker.onmessageerror = () => fail('an answer of the topic worker could not be received');
  }
  // onPartial: a fold's state so far, as its partitions are folded apart.
  request(message, onProgress, onPartial) {
    this.pending?.reject(new Error('superseded'));
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, onProgress, onPartial, id: ++this.lastId };
      this.worker.postMessage({ ...message, id: this.lastId });
    });
  }
  cancel() {
    const p = this.pending;
    this.worker.terminate();
    this.start();
    p?.reject(Object.assign(new Error('Cancelled.'), { cancelled: true }));
  }
  dispose() {
    this.worker.terminate();
    this.pending = null;
  }
}
