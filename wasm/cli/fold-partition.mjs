// Segment files folded apart, for `coordination-viewer state --jobs`, `groups --jobs`,
// `transactions --jobs` and `share-state --jobs` (wasm/cli/state.mjs, groups.mjs, transactions.mjs,
// share-state.mjs): the segment inputs grouped by partition, the workers' fold of
// one partition (wasm/cli/parallel.mjs runs fold() in each), read as the one reader reads them
// (wasm/cli/topic-inputs.mjs pushSegment). The run that merges their partials: fold-apart.mjs.
import { foldPartial, seedFolder } from '../api/log-api.js';
import { loadLog, pushSegment, shareLogWasm } from './topic-inputs.mjs';

// The folders of each fold a task names (its `fold`): the coordination state's, the groups', the
// transaction log's, the share-group state's.
const FOLDERS = {
  state: (log) => log.createFolder(),
  groups: (log) => log.createGroupFolder(),
  transactions: (log) => log.createTransactionFolder(),
  'share-state': (log) => log.createShareStateFolder(),
};

/**
 * Segment inputs ({ kind: 'log', path, partition, size }, in reading order) by partition: the
 * tasks of parallel.mjs ({ fold, partition, paths, size }) to fold apart with the folder of `fold`
 * ('state', 'groups', 'transactions' or 'share-state'); null when an input is not a
 * segment file, or when a partition's segments are not next to each other in the reading (one
 * folder reads them all: what it does with one depends on the others').
 */
export function partitionsOf(inputs, fold = 'state') {
  const parts = [];
  const seen = new Set();
  for (const input of inputs) {
    if (input.kind !== 'log') return null;
    const last = parts.at(-1);
    if (last?.partition === input.partition) {
      last.paths.push(input.path);
      last.size += input.size;
      continue;
    }
    if (seen.has(input.partition)) return null;
    seen.add(input.partition);
    parts.push({ fold, partition: input.partition, paths: [input.path], size: input.size });
  }
  return parts;
}

/** parallel.mjs's prepare, in each worker thread: the main thread's compiled module (fold-apart.mjs). */
export function prepare({ wasmModule }) {
  shareLogWasm(wasmModule);
}

/** parallel.mjs's fold: the segments of one partition, in order, into the fold's partial. */
export async function fold({ fold = 'state', partition, paths }, seed, progress) {
  const folder = FOLDERS[fold](await loadLog());
  try {
    if (seed) folder[seedFolder](seed);
    for (const path of paths) await pushSegment(folder, path, partition, (bytes) => progress(bytes, folder.records));
    return folder[foldPartial](partition);
  } finally {
    folder.dispose();
  }
}
