// Strings longer in total than a JS string may be (V8: 2^29 - 24 UTF-16 units) held as several:
// the chunk limit of the whole-topic module's string pools (flat-layout.js flatSections) and of the
// string columns the Topic tab's worker sends its page (web/src/lib/topic-state-columns.js,
// timeline-columns.js; lib/topic-rows.js StringColumn reads them). No import: the page loads it.

// The most UTF-16 units decoded into one string of a pool (POOL_CHUNK_UNITS, 2^27): V8 makes no
// string longer than 2^29 - 24 units (a RangeError, "Invalid string length"), and a fold's names may
// total more (the CLI's `state` streams any number of segments). A pool within the limit, every
// fold of a few million records, is decoded once as before; a larger one in chunks cut at string
// boundaries, each string sliced from its chunk's text (wasm/core/log/README.md, "A string pool
// longer than a JS string"). A chunk is longer than the limit only when one string is (a key,
// bounded by its record).
export const POOL_CHUNK_UNITS = 1 << 27;
let limit = POOL_CHUNK_UNITS;

/** The chunk limit in UTF-16 units (POOL_CHUNK_UNITS unless a test set another). */
export const chunkUnits = () => limit;

/**
 * For tests only: the chunk limit in UTF-16 units (>= 1) instead of POOL_CHUNK_UNITS, so that a
 * small fold's pool is decoded in many chunks; returns the previous limit. Not part of the API.
 */
export function setPoolChunkUnits(units) {
  if (!Number.isInteger(units) || units < 1)
    throw new RangeError(`setPoolChunkUnits: ${units} is not a positive integer`);
  const was = limit;
  limit = units;
  return was;
}

/**
 * Strings as { text, lengths } (what flatStrings makes, lib/topic-rows.js StringColumn reads):
 * text the strings joined, or, past the chunk limit, an array of joined runs of whole strings.
 */
export function packStrings(list) {
  const lengths = Int32Array.from(list, (s) => s.length);
  let total = 0;
  for (const n of lengths) total += n;
  return { text: total <= limit ? list.join('') : joinedPieces(list.length, (k) => list[k]), lengths };
}

// Strings 0..count-1 (string(k)) joined in runs of whole strings of at most the chunk limit (a
// longer string alone).
export function joinedPieces(count, string) {
  const pieces = [];
  let run = [];
  let units = 0;
  for (let k = 0; k < count; k++) {
    const s = string(k);
    if (run.length > 0 && units + s.length > limit) {
      pieces.push(run.join(''));
      run = [];
      units = 0;
    }
    run.push(s);
    units += s.length;
  }
  if (run.length > 0 || pieces.length === 0) pieces.push(run.join(''));
  return pieces;
}
