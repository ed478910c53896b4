// Where a fold's errors lie, for the command line (wasm/cli/fold-apart.mjs) and the Topic tab
// (web/src/lib/topic-worker.js): the segment file and the byte position in it (placeErrors), and
// the words for it (errorPlace). The core names an error's partition and offset, not the file: a
// folder reads bytes, the files are the reader's. So the files are found here, after the fold,
// by their batches' framing alone (a second read of the headers of a partition's segments, only
// of the partitions with errors).

import { BATCH_FRAMING } from '../generated/tables.js';

// A batch framed as the core frames it (BATCH_FRAMING, from wasm/core/log/record_batch.h): a
// batchLength below minFrameLength or a frame over maxBatchBytes loses the framing and the core
// reads nothing more of the file. The v2 header (Kafka's): the magic at byte 16, lastOffsetDelta
// i32 at 23.
const { frameBytes: FRAME_BYTES, minFrameLength: MIN_FRAME_LENGTH, maxBatchBytes: MAX_BATCH_BYTES } = BATCH_FRAMING;
const HEADER_BYTES = 27;
const WINDOW = 1 << 20; // bytes read at a time: the headers of many small batches in one read

/**
 * The batches of a segment of `size` bytes, by their framing only, up to where the core stops
 * reading the file (a batch cut off by the end, a batch length that loses the framing: yielded,
 * then the end): { position, baseOffset, lastOffset, end, framed } (framed false for that last
 * one, which runs to the end). baseOffset is -1n when fewer than 8 bytes are left (as the core's
 * BATCH_TRUNCATED says it); lastOffset is baseOffset when the header is not a whole v2 one.
 * `read(position, length)` resolves to the bytes there (fewer at the end). From byte `from`: where
 * the fold began reading the file (a segment read from a snapshot's end, fromSnapshot).
 */
export async function* segmentBatches(read, size, from = 0) {
  let start = 0;
  let window = new Uint8Array(0);
  for (let position = from; position < size;) {
    const want = Math.min(HEADER_BYTES, size - position);
    if (position < start || position + want > start + window.length) {
      start = position;
      window = await read(position, Math.max(WINDOW, HEADER_BYTES));
    }
    const have = Math.min(want, window.length - (position - start));
    const dv = new DataView(window.buffer, window.byteOffset + position - start, have);
    const baseOffset = have >= 8 ? dv.getBigInt64(0) : -1n;
    const length = have >= FRAME_BYTES ? dv.getInt32(8) : -1;
    const v2 = have >= HEADER_BYTES && dv.getInt8(16) === 2 && dv.getInt32(23) >= 0;
    const lastOffset = v2 ? baseOffset + BigInt(dv.getInt32(23)) : baseOffset;
    const end = position + FRAME_BYTES + length;
    const framed = length >= MIN_FRAME_LENGTH && FRAME_BYTES + length <= MAX_BATCH_BYTES && end <= size;
    yield { position, baseOffset, lastOffset, end: framed ? end : size, framed };
    if (!framed) return;
    position = end;
  }
}

/**
 * Names the segment file and the position in it of each error of `errors` (a fold's: the CLI's
 * document or the viewer's state) that comes from one of `segments` ([{ partition, name, size,
 * read, start? }], in the order they were folded; read as segmentBatches', from `start`): `file` (its name) and
 * `filePosition` (the byte position of its batch in the file: the `position:` kafka-dump-log.sh
 * prints for the batch, where a batch error's message says "(position P)"), set right after the
 * error's offset. An error goes to the batch whose offsets hold its offset, first in reading order;
 * one error per offset and batch (a copy of a batch in an overlapping segment takes the next).
 * Errors of record lines (a `line`, or an offset no segment holds) are left as they are, and so is
 * an error that names its file already (a snapshot's: fold-apart.mjs, placeSnapshots).
 */
export async function placeErrors(errors, segments) {
  // Per partition: its errors' distinct offsets, ascending, each with its errors' indexes in order.
  const pending = new Map();
  for (let i = 0; i < errors.length; i++) {
    const e = errors[i];
    if (!('offset' in e) || e.partition === undefined || 'file' in e) continue;
    if (!pending.has(e.partition)) pending.set(e.partition, new Map());
    const byOffset = pending.get(e.partition);
    if (!byOffset.has(e.offset)) byOffset.set(e.offset, []);
    byOffset.get(e.offset).push(i);
  }
  for (const [partition, byOffset] of pending) {
    const offsets = [...byOffset.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    pending.set(partition, { offsets, byOffset });
  }
  for (const { partition, name, size, read, start = 0 } of segments) {
    const p = pending.get(partition);
    if (!p || p.offsets.length === 0) continue;
    try {
      await placeIn(errors, p, name, segmentBatches(read, size, start));
    } catch {
      // No longer readable (removed since it was folded): its errors stay as the fold gave them.
    }
  }
  return errors;
}

// The pending errors of one partition (`p`) that the batches of file `name` hold.
async function placeIn(errors, p, name, batches) {
  for await (const batch of batches) {
    let k = lowerBound(p.offsets, batch.baseOffset);
    while (k < p.offsets.length && p.offsets[k] <= batch.lastOffset) {
      const queue = p.byOffset.get(p.offsets[k]);
      const i = queue.shift();
      const { partition: part, offset, ...rest } = errors[i];
      errors[i] = { partition: part, offset, file: name, filePosition: batch.position, ...rest };
      if (queue.length === 0) p.offsets.splice(k, 1);
      else k++;
    }
    if (p.offsets.length === 0) return;
  }
}

// The first index of the ascending `list` whose value is at least `v`.
function lowerBound(list, v) {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where an error is, in words, for the CLI's table and the Topic tab: its partition (a line that is
 * no record has none), offset or line, the segment file and the position in it (placeErrors), and
 * the key's name (`keyName`: "role", "transactional id") when its key decoded.
 */
export const errorPlace = (e, keyName, key) =>
  [
    e.partition === undefined ? null : `partition ${e.partition}`,
    'line' in e ? `line ${e.line}` : `offset ${e.offset}`,
    e.file === undefined ? null : `(file ${e.file}, position ${e.filePosition})`,
    key ? `${keyName} ${JSON.stringify(key)}` : null,
  ]
    .filter(Boolean)
    .join(' ');
