// Segment files into a fold, for `coordination-viewer state` (wasm/cli/state.mjs): the reading its
// one-reader path and its worker threads share, and the workers' fold of one partition
// (wasm/cli/parallel.mjs runs fold() in each).
import { createReadStream } from 'node:fs';

import { loadLogCodec } from '../index.js';
import { foldPartial, seedFolder } from '../log-api.js';

const READ_CHUNK = 1 << 22; // bytes per read of a segment file

/** An input that cannot be read: its message names it (exit 1). */
export class InputError extends Error {
  get name() {
    return 'InputError';
  }
}

/**
 * Streams the segment file at `path` into `folder` as log input of `partition`, then ends it;
 * `progress(bytes)` after each chunk (awaited).
 */
export async function pushSegment(folder, path, partition, progress) {
  const stream = createReadStream(path, { highWaterMark: READ_CHUNK });
  try {
    for await (const chunk of stream) {
      folder.pushLog(chunk, partition);
      await progress(chunk.length);
    }
  } catch (e) {
    throw new InputError(`cannot read ${path}: ${e.message}`);
  }
  folder.endLog(partition);
}

/** parallel.mjs's fold: the segments of one partition, in order, into the fold's partial. */
export async function fold({ partition, paths }, seed, progress) {
  const folder = (await loadLogCodec()).createFolder();
  try {
    if (seed) folder[seedFolder](seed);
    for (const path of paths) await pushSegment(folder, path, partition, (bytes) => progress(bytes, folder.records));
    return folder[foldPartial](partition);
  } finally {
    folder.dispose();
  }
}
