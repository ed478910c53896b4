// Segment files into a fold, for `coordination-viewer state` (wasm/cli/state.mjs): the reading its
// one-reader path and its worker threads share, the segment inputs grouped by partition, and the
// workers' fold of one partition (wasm/cli/parallel.mjs runs fold() in each).
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

/**
 * Segment inputs ({ kind: 'log', path, partition, size }, in reading order) by partition: the
 * tasks of parallel.mjs ({ partition, paths, size }) to fold apart; null when an input is not a
 * segment file, or when a partition's segments are not next to each other in the reading (one
 * folder reads them all: what it does with one depends on the others').
 */
export function partitionsOf(inputs) {
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
    parts.push({ partition: input.partition, paths: [input.path], size: input.size });
  }
  return parts;
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
