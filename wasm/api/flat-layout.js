// The reader of the whole-topic module's flat answers: it walks a layout's one description
// (wasm/core/log/flat_layout.h and cursor_layout.h, emitted as FLAT_LAYOUTS and CURSOR_LAYOUTS in
// wasm/generated/tables.js), so no section's or field's position is written here or in its callers.
import { CURSOR_LAYOUTS, FLAT_BLOCK as B, FLAT_LAYOUTS } from '../generated/tables.js';

/**
 * A flat answer's arrays from the words at `block` (FLAT_BLOCK, wasm/bindings/flat_block.h): typed-array
 * views into the heap (valid until the next call into the module) and the pool decoded once;
 * string i is str(i).
 */
export function flatSections(M, block, decode) {
  const { buffer } = M.HEAPU8;
  const b = new Uint32Array(buffer, block, B.size);
  const words = new Int32Array(buffer, b[B.words], b[B.wordCount]);
  const longs = new BigInt64Array(buffer, b[B.longs], b[B.longCount]);
  const text = decode(M.HEAPU8.subarray(b[B.pool], b[B.pool] + b[B.poolSize]));
  const ends = new Uint32Array(buffer, b[B.ends], b[B.endCount]);
  const str = (i) => text.slice(i === 0 ? 0 : ends[i - 1], ends[i]);
  return { words, longs, text, ends, str };
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
