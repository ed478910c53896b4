// Which code points a decoded string shows as escapes, and its plain-text form: the viewer's
// marked escapes (web/src/components/VisibleString.jsx), its attributes and announcements, and
// the command line's text for people (tables, trees: a role holding ESC [2J no longer clears the
// terminal that prints it). The core writes the same escapes into its messages (tree/invisible.h
// appendShown), from the same tables.
import { INVISIBLE_RANGES, LOOKALIKE_RANGES } from '../generated/tables.js';

// Shown as escapes: the core's invisible set and its look-alikes (characters that look like a
// plain space, and U+FFFD, a decoder's replacement, usually a sign of an earlier misread), which
// the core does not warn about.
const SPECIAL_RANGES = [...INVISIBLE_RANGES, ...LOOKALIKE_RANGES];

/**
 * What a code point shown as an escape is ('control character', 'bidi control', ...), or null for
 * one shown as itself: every code point of the core's INVISIBLE_CHARACTERS warning (its generated
 * INVISIBLE_RANGES), and the look-alikes (LOOKALIKE_RANGES).
 */
export function specialKind(cp) {
  for (const [first, last, kind] of SPECIAL_RANGES) if (cp >= first && cp <= last) return kind;
  return null;
}

/** The JS escape of a code point: \uXXXX, or \u{X...} above the BMP. */
export function escapeOf(cp) {
  const h = cp.toString(16).toUpperCase();
  return cp <= 0xffff ? '\\u' + h.padStart(4, '0') : '\\u{' + h + '}';
}

// No special code point in printable ASCII: most strings (a state table's 100,000 roles) skip the
// per-code-point scan.
export const PRINTABLE = /^[\x20-\x7e]*$/;

/**
 * The plain-text form of a decoded string: every special code point as its escape. Text already
 * in this form is left as it is (an escape is printable ASCII).
 */
export function visibleText(value) {
  if (PRINTABLE.test(value)) return value;
  let out = '';
  for (const ch of value) {
    const cp = ch.codePointAt(0);
    out += specialKind(cp) ? escapeOf(cp) : ch;
  }
  return out;
}
