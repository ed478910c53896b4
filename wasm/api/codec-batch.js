// validateBatch(): length-prefixed frames checked by the core (validateBatch), counted by code.
// Large buffers go through in chunks of about BATCH_CHUNK bytes cut at frame boundaries: the copy
// stays in cache and the wasm heap stays small. The core's framing check finds the cut: a frame
// it reports as running past the end of a chunk, but which fits in the whole buffer, starts the
// next chunk.
import { TA_BUFFER, TA_LENGTH, TA_OFFSET, absentFromBuild, asBytes } from './boundary.js';
import { STATUS_BAD_TARGET } from './codec-decode.js';
import { TARGETS } from './codec-inspect.js';

const BATCH_CHUNK = 1 << 18;
const i32At = (b, at) => (b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3];

export function makeBatch(cx) {
  const inst = cx.inst;
  function validateBatch(input, target) {
    if (typeof cx.entry.validateBatch !== 'function') throw absentFromBuild('validateBatch', cx.tables.build);
    const frames = asBytes(input, 'validateBatch: frames');
    const t = TARGETS.indexOf(target);
    if (t < 0) throw new TypeError("validateBatch: target must be 'key', 'registration' or 'lease'");
    const total = TA_LENGTH.call(frames);
    const BL = cx.BL;
    const CODES = cx.CODES;
    const counts = new Float64Array(BL.byCode + CODES.length);
    let firstError = null;
    let framingErrorOffset = null;
    for (let base = 0; ;) {
      let end = Math.min(total, base + BATCH_CHUNK);
      if (end - base >= 4 && end < total) {
        // a single frame larger than the chunk gets a chunk of its own size
        const len = i32At(frames, base);
        if (len > 0 && base + 4 + len > end) end = Math.min(total, base + 4 + len);
      }
      const n = end - base;
      const p = inst.scratchFor(n || 1);
      inst.heap.set(new Uint8Array(TA_BUFFER.call(frames), TA_OFFSET.call(frames) + base, n), p);
      const status = cx.entry.validateBatch(t, p, n);
      if (status === STATUS_BAD_TARGET) throw new TypeError('validateBatch: unknown target');
      inst.refresh();
      const batch = cx.batch;
      const before = counts[BL.records];
      for (let i = 0; i < counts.length; i++) counts[i] += batch[i];
      if (status !== 0 && firstError === null) {
        const index = before + batch[BL.firstErrorIndex];
        const e = cx.lastError();
        firstError = { code: e.code, offset: e.offset, field: e.field, message: e.message, index };
      }
      const cut = cx.batch[BL.framingErrorOffset]; // lastError may have renewed the views
      if (cut < 0) {
        if (end >= total) break;
        base = end; // the chunk ended exactly on a frame boundary
        continue;
      }
      const at = base + cut;
      if (end < total && at + 4 <= total) {
        const len = i32At(frames, at);
        if (len >= -1 && at + 4 + Math.max(len, 0) <= total) {
          base = at; // a frame cut by the chunk boundary, not by the buffer
          continue;
        }
      }
      framingErrorOffset = at;
      break;
    }
    const byCode = {};
    for (let i = 0; i < CODES.length; i++) byCode[CODES[i]] = counts[BL.byCode + i];
    return {
      records: counts[BL.records],
      valid: counts[BL.valid],
      tombstones: counts[BL.tombstones],
      byCode,
      firstError,
      framingErrorOffset,
    };
  }
  return { validateBatch };
}
