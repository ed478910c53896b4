// The reader of the whole-topic module's flat answers: it walks a layout's one description
// (wasm/core/log/flat_layout.h and cursor_layout.h, emitted as FLAT_LAYOUTS and CURSOR_LAYOUTS in
// wasm/generated/tables.js), so no section's or field's position is written here or in its callers.
import { CURSOR_LAYOUTS, FLAT_BLOCK as B, FLAT_LAYOUTS } from '../generated/tables.js';
import { chunkUnits, joinedPieces } from './string-chunks.js';

/**
 * A flat answer's arrays from the words at `block` (FLAT_BLOCK, wasm/bindings/flat_block.h): typed-array
 * views into the heap (valid until the next call into the module) and the pool decoded once, or
 * in chunks when it is larger than the chunk limit; string i is str(i). texts: the chunks' strings,
 * firsts: the index of each chunk's first string (one chunk, [0], within the limit); text: the one
 * chunk's string, null when there are several (a hot loop slices it itself, as str does).
 */
export function flatSections(M, block, decode) {
  const { buffer } = M.HEAPU8;
  const b = new Uint32Array(buffer, block, B.size);
  const words = new Int32Array(buffer, b[B.words], b[B.wordCount]);
  const longs = new BigInt64Array(buffer, b[B.longs], b[B.longCount]);
  const ends = new Uint32Array(buffer, b[B.ends], b[B.endCount]);
  const pool = M.HEAPU8.subarray(b[B.pool], b[B.pool] + b[B.poolSize]);
  if (ends.length === 0 || ends[ends.length - 1] <= chunkUnits()) {
    const text = decode(pool);
    const str = (i) => text.slice(i === 0 ? 0 : ends[i - 1], ends[i]);
    return { words, longs, ends, str, text, texts: [text], firsts: [0] };
  }
  const { texts, firsts } = poolChunks(pool, ends, decode, chunkUnits());
  return { words, longs, ends, str: chunkedStr(ends, texts, firsts), text: null, texts, firsts };
}

// The pool in chunks of whole strings: { texts, firsts } (firsts[c]: the index of chunk c's first
// string). Each chunk is a window of at most `limit` bytes (so as many units at most) cut back to a
// character's start and decoded: its strings are those that end inside it; the part of a string it
// cut (its tail) is decoded again with the next window, which starts where that string starts (the
// tail's UTF-8 length counted from its units, not walked). A string longer than the window is
// decoded alone, its bytes found by their lead bytes (a key: bounded by its record).
function poolChunks(pool, ends, decode, limit) {
  const texts = [];
  const firsts = [];
  const n = ends.length;
  for (let i = 0, at = 0, base = 0; i < n;) {
    let end = Math.min(at + limit, pool.length);
    while (end < pool.length && (pool[end] & 0xc0) === 0x80) end--;
    let text = decode(pool.subarray(at, end));
    let j = i - 1; // the chunk's last string
    while (j + 1 < n && ends[j + 1] - base <= text.length) j++;
    if (j < i) {
      j = i;
      end = utf8End(pool, at, ends[i] - base);
      text = decode(pool.subarray(at, end));
    } else if (ends[j] - base < text.length) {
      end -= utf8Length(text, ends[j] - base);
    }
    texts.push(text);
    firsts.push(i);
    i = j + 1;
    at = end;
    base = ends[j];
  }
  return { texts, firsts: Int32Array.from(firsts) };
}

// The UTF-8 length of s from unit `from` on (it starts at a character).
function utf8Length(s, from) {
  let bytes = 0;
  for (let k = from; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      k++;
    } else bytes += 3;
  }
  return bytes;
}

// Where the UTF-8 of `units` UTF-16 units starting at bytes[at] ends (the core validated it: a
// lead byte says its length; a 4-byte character is two units).
function utf8End(bytes, at, units) {
  let p = at;
  while (units > 0) {
    const c = bytes[p];
    if (c < 0x80) p += 1;
    else if (c < 0xe0) p += 2;
    else if (c < 0xf0) p += 3;
    else {
      p += 4;
      units--;
    }
    units--;
  }
  return p;
}

// str(i) over chunks: the chunk holding string i (the last one found, else a binary search), the
// string sliced from its text.
function chunkedStr(ends, texts, firsts) {
  const last = firsts.length - 1;
  let c = 0;
  return (i) => {
    if (i < firsts[c] || (c < last && i >= firsts[c + 1])) {
      let lo = 0;
      let hi = last;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (firsts[mid] <= i) lo = mid;
        else hi = mid - 1;
      }
      c = lo;
    }
    const base = firsts[c] === 0 ? 0 : ends[firsts[c] - 1];
    return texts[c].slice((i === 0 ? 0 : ends[i - 1]) - base, ends[i] - base);
  };
}

/**
 * Strings [first, first + count) of a flat answer F for a transfer, as { text, lengths }: text
 * one string (the strings one after another; what the pool had decoded once), or, when they total
 * more than the chunk limit, an array of such strings cut at string boundaries (packStrings).
 */
export function flatStrings(F, first, count) {
  const { ends } = F;
  const start = first === 0 ? 0 : ends[first - 1];
  const lengths = new Int32Array(count);
  for (let i = 0, at = start; i < count; i++) at += lengths[i] = ends[first + i] - at;
  const end = count ? ends[first + count - 1] : start;
  if (F.texts.length === 1 && end - start <= chunkUnits()) return { text: F.texts[0].slice(start, end), lengths };
  return { text: joinedPieces(count, (k) => F.str(first + k)), lengths };
}

/**
 * The reader of layout `name`, planned once: read(F, at, given) reads the layout from positions
 * at = { w, l, s } of F's words, longs and strings (default: their starts), with the counts it
 * does not write itself in `given`. It returns null when its first own count is -1 (a join that
 * is not there); else { counts, end: { w, l, s } (where it ends), and per group { count, field...
 * } }: a word or long section as a subarray view (a single value as itself), a string section as
 * the index of its first string. plain: each section of a count as an array instead (its strings
 * decoded), read at once (the heap is left as it is). last: the layout is the answer's last, so
 * it must end where the arrays end (else an Error: the module and the tables disagree).
 */
export function flatReader(name, { plain = false, last = false } = {}) {
  const layout = FLAT_LAYOUTS[name];
  const own = layout.counts.slice(0, layout.ownCounts);
  const sections = layout.sections;
  return (F, at = { w: 0, l: 0, s: 0 }, given = {}) => {
    let { w, l, s } = at;
    const counts = { ...given };
    for (const c of own) counts[c] = F.words[w++];
    if (own.length > 0 && counts[own[0]] < 0) {
      if (last) ended(name, F, { w, l, s });
      return null;
    }
    const out = { counts };
    for (const [kind, group, field, count] of sections) {
      const g = out[group] || (out[group] = {});
      const n = count === null ? 1 : counts[count];
      if (count !== null) g.count = n;
      if (kind === 'text') {
        g[field] = plain ? strings(F, s, n) : s;
        s += n;
      } else {
        const array = kind === 'word' ? F.words : F.longs;
        const from = kind === 'word' ? w : l;
        g[field] =
          count === null
            ? array[from]
            : plain
              ? Array.from(array.subarray(from, from + n))
              : array.subarray(from, from + n);
        if (kind === 'word') w += n;
        else l += n;
      }
    }
    out.end = { w, l, s };
    if (last) ended(name, F, out.end);
    return out;
  };
}

const CURSOR_KINDS = ['word', 'wide', 'text', 'list', 'opt'];

/**
 * The reader of records layout `name` (CURSOR_LAYOUTS: records of varying length read in order),
 * planned once: read(F) walks F's words, longs and strings (flatSections) from their starts and
 * returns its records. A sequence reads as an array of its fields' values in the description's
 * order (indexed stores: objects keyed by name cost a quarter of a groups fold's result()), whose
 * indexes the caller takes by name from `fields` (fields[sequence][name]): a word or long as its
 * value, a text as its string, a list as an array (of its nested field's values when that
 * sequence has one field), an opt as its nested sequence or null. The records must end where the
 * arrays end (else an Error: the module and the tables disagree).
 */
export function cursorReader(name) {
  const layout = CURSOR_LAYOUTS[name];
  const names = Object.keys(layout);
  const plans = Object.fromEntries(names.map((q) => [q, []]));
  for (const q of names)
    for (const [kind, , nested] of layout[q]) {
      const one = nested !== null && layout[nested].length === 1;
      plans[q].push({
        kind: CURSOR_KINDS.indexOf(kind),
        nested: nested === null ? null : plans[nested],
        single: one,
        words: one && layout[nested][0][0] === 'word', // a list of words
      });
    }
  const fields = Object.fromEntries(names.map((q) => [q, Object.fromEntries(layout[q].map(([, f], i) => [f, i]))]));
  const records = plans[names[0]];
  const read = (F) => {
    const { words, longs, str } = F;
    let w = 0;
    let l = 0;
    let s = 0;
    const sequence = (plan) => {
      const out = new Array(plan.length);
      for (let i = 0; i < plan.length; i++) out[i] = value(plan[i]);
      return out;
    };
    const value = (f) => {
      switch (f.kind) {
        case 0:
          return words[w++];
        case 1:
          return longs[l++];
        case 2:
          return str(s++);
        case 3: {
          const list = new Array(words[w++]);
          if (f.words) {
            for (let i = 0; i < list.length; i++) list[i] = words[w++];
          } else {
            for (let i = 0; i < list.length; i++) list[i] = f.single ? value(f.nested[0]) : sequence(f.nested);
          }
          return list;
        }
        default:
          return words[w++] === 0 ? null : sequence(f.nested);
      }
    };
    const out = [];
    while (w < words.length) out.push(sequence(records));
    ended(name, F, { w, l, s });
    return out;
  };
  return { read, fields };
}

function ended(name, F, { w, l, s }) {
  if (w !== F.words.length || l !== F.longs.length || s !== F.ends.length)
    throw new Error(
      `coordination-viewer: the ${name} layout ends at ${w} words, ${l} longs, ${s} strings; the module wrote ` +
        `${F.words.length}, ${F.longs.length}, ${F.ends.length} (wasm/generated/tables.js is not this module's)`,
    );
}

function strings(F, first, n) {
  const out = new Array(n);
  for (let i = 0; i < n; i++) out[i] = F.str(first + i);
  return out;
}

/**
 * The errors section of a fold's flat answer (its FoldError rows) as the API's objects, in the
 * order of the CLI's JSON: { partition, offset or line, [keyName]: the key's string (null when
 * empty), code, field, message }. The coordination state's key is its role, the transaction log's
 * its transactional id.
 */
export function foldErrors(E, str, keyName) {
  const errors = new Array(E.count);
  for (let i = 0; i < E.count; i++) {
    const at = E.hasLine[i] ? { line: Number(E.value[i]) } : { offset: E.value[i] };
    const key = str(E.key + i);
    errors[i] = Object.assign({ partition: E.partition[i] }, at, {
      [keyName]: key === '' ? null : key,
      code: str(E.code + i),
      field: str(E.field + i),
      message: str(E.message + i),
    });
  }
  return errors;
}
