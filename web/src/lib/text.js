// Text helpers of the rendering (no UI here): which code points are shown as escapes, i64
// timestamps as ISO-8601 and relative words, bytes as hex.
import { INVISIBLE_RANGES, LOOKALIKE_RANGES } from '../../../wasm/generated/tables.js';

// Shown as escapes: the core's invisible set and its look-alikes (characters that look like a
// plain space, and U+FFFD, a decoder's replacement, usually a sign of an earlier misread), which
// the core does not warn about. Both tables are wasm/core/tree/invisible.h's, which writes the same
// escapes into messages (appendShown).
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
 * The plain-text form of a decoded string, for attributes (title, aria-label), screen-reader
 * announcements and SVG text: every special code point as its escape (VisibleString.jsx marks the
 * same escapes in the page).
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

const MAX_DATE_MS = 8640000000000000n;

export function isoOf(ms) {
  if (ms > MAX_DATE_MS || ms < -MAX_DATE_MS) return null;
  return new Date(Number(ms)).toISOString();
}

function span(ms) {
  const a = ms < 0n ? -ms : ms;
  const s = a / 1000n;
  if (s < 60n) return `${s} s`;
  if (s < 3600n) return `${s / 60n} min`;
  if (s < 86400n) return `${s / 3600n} h`;
  if (s < 86400n * 365n) return `${s / 86400n} d`;
  return `${s / (86400n * 365n)} y`;
}

/** Words for a timestamp relative to now, per field: "expires in 12 s", "registered 5 min ago". */
export function relative(name, ms, nowMs) {
  const d = ms - nowMs;
  const future = d > 0n;
  const t = span(d);
  if (name === 'deadline') return future ? `expires in ${t}` : `expired ${t} ago`;
  if (name === 'granted_at') return future ? `granted in ${t} (in the future)` : `granted ${t} ago`;
  if (name === 'registered_at') return future ? `registered in ${t} (in the future)` : `registered ${t} ago`;
  return future ? `in ${t}` : `${t} ago`;
}

export const TIMESTAMPS = new Set(['registered_at', 'granted_at', 'deadline']);

/** A count with its noun, singular for exactly one: '1 error', '2 errors', plural(3, 'anomaly', 'anomalies'). */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${String(n) === '1' ? one : many}`;
}

export function hex(bytes, sep = ' ') {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += (i ? sep : '') + (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
  return s;
}
