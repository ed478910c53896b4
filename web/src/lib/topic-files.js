// The topic worker's reading of files (lib/topic-worker.js): a segment's bytes as a stream of
// pieces, a record input's records, a segment's first batch (is it __consumer_offsets?), the batch
// holding an offset. Files are read in pieces or windows, never whole: a segment may be 1 GB.
import { segmentBatches } from '../../../wasm/api/error-places.js';
import { createRecordReader } from '../../../wasm/text/record-lines.js';

const READ_BYTES = 1 << 20; // each of two reused buffers of a file's bytes (pushLog copies it into the wasm heap)

// The Blob streams being read. Held here because Chromium (156) does not hold a Blob stream while a
// read of it is pending: a garbage collection then took the stream, its pending read and every
// promise waiting on it (the fold's whole chain), and the fold never ended, with no error (the
// pool's lost-worker and after-cancel hangs and bench:topic-pool's 4 x 256 MiB stall; a GC forced
// every 20 ms stalls every fold: tests/browser/topic-pool.test.mjs).
const reading = new Set();

// A file's bytes, one pushLog call per piece: read into one reused buffer (a BYOB reader) where the
// browser's Blob stream offers it; its default reader hands over a new buffer per chunk, which
// left the worker holding tens of MB of read chunks until a garbage collection.
export async function* chunks(file) {
  const stream = file.stream();
  reading.add(stream);
  try {
    yield* streamChunks(stream);
  } finally {
    reading.delete(stream);
  }
}

async function* streamChunks(stream) {
  let byob = null;
  try {
    byob = stream.getReader({ mode: 'byob' });
  } catch {
    // not a byte stream: the default reader below
  }
  if (!byob) {
    const reader = stream.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) yield r.value;
    return;
  }
  // Two buffers: the next read is under way while the caller folds the piece just read.
  let spare = new ArrayBuffer(READ_BYTES);
  let next = byob.read(new Uint8Array(new ArrayBuffer(READ_BYTES)));
  for (;;) {
    const { done, value } = await next;
    if (done) return;
    next = byob.read(new Uint8Array(spare));
    next.catch(() => {}); // a failed read is thrown by the await above; left unread if the caller stops
    yield value;
    spare = value.buffer; // the read transferred it; the view is used up by now
  }
}

// One record input (a file or the pasted text): its records (record-lines.js createRecordReader),
// and INVALID_LINE errors as the CLI has them. A kcat framing error fails the whole fold.
export function parseRecords(bytes, name, errors) {
  try {
    const reader = createRecordReader(name, errors);
    return [...reader.push(bytes), ...reader.end()];
  } catch (e) {
    throw new Error(`${name}: ${e.message}`);
  }
}

// A segment outside the partition directory of a topic folded apart (__transaction_state-N,
// __consumer_offsets-N, __share_group_state-N, __cluster_metadata-N: a file dropped alone, another
// directory name) is __consumer_offsets when its first record's key decodes as one whose
// version is no coordination key's (0): offset commits write 1, group metadata 2, KIP-848 3-8,
// Kafka 4.1.0's share groups 10-15, regular expressions 16, Streams groups 17 and 19-23.
// Read from the segment's first HEAD_BYTES (a first batch larger than that: not detected).
const HEAD_BYTES = 1 << 16;
export async function groupsByKeyVersion(log, file) {
  const { batches } = log.readLog(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()));
  const first = batches.find((b) => !b.control && b.records.length)?.records[0];
  if (!first?.key) return false;
  const r = log.inspectGroupRecord(first.key, null);
  return r.ok && r.record.key.version !== 0;
}

// A segment file as segmentBatches and placeErrors (wasm/api/error-places.js) read it: a slice at a time.
export const fileReader = (file) => async (position, length) =>
  new Uint8Array(await file.slice(position, position + length).arrayBuffer());

// The batch holding `offset` in a segment file, found by its framing only (segmentBatches: a
// segment may be 1 GB, never read whole); readLog parses and checks it.
export async function batchHolding(file, offset) {
  for await (const b of segmentBatches(fileReader(file), file.size)) {
    if (offset >= b.baseOffset && offset <= b.lastOffset)
      return new Uint8Array(await file.slice(b.position, b.end).arrayBuffer());
  }
  return null;
}
