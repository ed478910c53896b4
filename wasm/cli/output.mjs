// What `state`, `groups` and `transactions` print, written to a stream in pieces: their JSON
// document (writeJSON: the text of toJSON(value, 2) and a newline, byte for byte) and their tables
// (writeLines), never held as one string. V8's longest string is 2^29 - 24 characters (about 512
// MiB): a whole-topic state of some million roles or offsets had no text at all ("internal error:
// RangeError: Invalid string length"), and the whole text was held beside the objects it came from.
//
// The document's top level (an object, or an array) is written here; each property whose value is
// a non-empty array is written in batches of its elements, the rest of it whole. Every piece is
// toJSON's own text of a small value, cut out of its wrapper: the same replacer, the same
// indentation (an element of a property's array is one level deeper: wrapped in an array).
import { isUint8Array } from '../api/boundary.js';
import { toJSON } from '../api/to-json.js';
import { visibleText } from '../api/visible-text.js';
import { write } from './topic-inputs.mjs';

const GAP = '  ';
// A batch's text aimed at about this many characters: the next batch's size follows the last one's
// text (1 to MAX_BATCH elements). One toJSON call per element cost 3-4x the whole document's time.
const PIECE_CHARS = 1 << 20;
const MAX_BATCH = 4096;

/**
 * Writes lines.join('\n') + '\n' to `stream`, about PIECE_CHARS characters a write: text for people
 * (the tables), each line in its plain-text form (visibleText): a decoded string's control or bidi
 * character is written as its escape, never raw to a terminal.
 */
export async function writeLines(stream, lines) {
  let piece = '';
  for (const line of lines) {
    piece += `${visibleText(line)}\n`;
    if (piece.length >= PIECE_CHARS) {
      await write(stream, piece);
      piece = '';
    }
  }
  if (piece) await write(stream, piece);
}

/** Writes toJSON(value, 2) + '\n' to `stream` (resolves once written). */
export async function writeJSON(stream, value) {
  const put = (text) => write(stream, text);
  if (Array.isArray(value)) {
    await elements(value, 0, put);
  } else if (
    value !== null &&
    typeof value === 'object' &&
    !isUint8Array(value) &&
    typeof value.toJSON !== 'function'
  ) {
    let written = 0;
    for (const key of Object.keys(value)) {
      const x = value[key];
      const head = (written ? ',\n' : '{\n') + GAP;
      if (Array.isArray(x) && x.length > 0) {
        await put(`${head}${JSON.stringify(key)}: `);
        await elements(x, 1, put);
      } else {
        const text = toJSON({ [key]: x }, 2); // '{}' when the property is left out (undefined)
        if (text === '{}') continue;
        await put(head + text.slice(2 + GAP.length, -2));
      }
      written++;
    }
    await put(written ? '\n}' : '{}');
  } else {
    await put(toJSON(value, 2) ?? 'undefined');
  }
  await put('\n');
}

// `list` at `depth` (0: the document, 1: a property's value): '[', its elements, ']'.
async function elements(list, depth, put) {
  if (list.length === 0) return put('[]');
  const indent = GAP.repeat(depth);
  // toJSON([batch]) indents the batch's elements one level deeper than toJSON(batch): the wrapper's
  // '[\n  [' and '\n  ]\n]' are cut off, toJSON(batch)'s '[' and '\n]'.
  const cut = depth === 0 ? [1, 2] : [3 + GAP.length, 3 + GAP.length + 1];
  let size = 1;
  for (let i = 0; i < list.length;) {
    const n = Math.min(size, list.length - i);
    const batch = list.slice(i, i + n);
    let text;
    try {
      text = toJSON(depth === 0 ? batch : [batch], 2);
    } catch (e) {
      // Longer than a string can be: the batch again in halves (one element alone: no way).
      if (!(e instanceof RangeError) || n === 1) throw e;
      size = Math.max(1, n >> 1);
      continue;
    }
    await put((i ? ',' : '[') + text.slice(cut[0], text.length - cut[1]));
    i += n;
    size = Math.max(1, Math.min(MAX_BATCH, Math.floor((n * PIECE_CHARS) / Math.max(text.length, 1))));
  }
  return put(`\n${indent}]`);
}
