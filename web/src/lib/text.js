// Text helpers of the rendering (no UI here): which code points are shown as escapes, i64
// timestamps as ISO-8601 and relative words, bytes as hex.

/** Names shown in the tooltip of an escaped code point. */
export const NAMES = {
  0x00: 'NULL', 0x09: 'TAB', 0x0a: 'LINE FEED', 0x0d: 'CARRIAGE RETURN', 0x1b: 'ESCAPE', 0x7f: 'DELETE',
  0xa0: 'NO-BREAK SPACE', 0xad: 'SOFT HYPHEN', 0x34f: 'COMBINING GRAPHEME JOINER', 0x61c: 'ARABIC LETTER MARK',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR', 0x200b: 'ZERO WIDTH SPACE', 0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER', 0x200e: 'LEFT-TO-RIGHT MARK', 0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR', 0x2029: 'PARAGRAPH SEPARATOR', 0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING', 0x202c: 'POP DIRECTIONAL FORMATTING', 0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE', 0x2060: 'WORD JOINER', 0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE', 0x2068: 'FIRST STRONG ISOLATE', 0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE (BOM)', 0xfffd: 'REPLACEMENT CHARACTER',
};

/**
 * True for code points that would be invisible, control, bidi-affecting or confusable whitespace:
 * every one the core's INVISIBLE_CHARACTERS warning names (wasm/core/coordination/inspect.cpp), and more.
 */
export function isSpecial(cp) {
  return (
    cp < 0x20 || (cp >= 0x7f && cp <= 0xa0) || cp === 0xad || cp === 0x34f || cp === 0x61c ||
    cp === 0x115f || cp === 0x1160 || cp === 0x1680 || cp === 0x17b4 || cp === 0x17b5 || cp === 0x180e ||
    (cp >= 0x2000 && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202f) || (cp >= 0x205f && cp <= 0x206f) ||
    cp === 0x3000 || cp === 0x3164 || (cp >= 0xfe00 && cp <= 0xfe0f) || cp === 0xfeff || cp === 0xffa0 ||
    (cp >= 0xfff9 && cp <= 0xfffb) || cp === 0xfffd || (cp >= 0x1d173 && cp <= 0x1d17a) ||
    (cp >= 0xe0000 && cp <= 0xe007f) || (cp >= 0xe0100 && cp <= 0xe01ef) || (cp >= 0xd800 && cp <= 0xdfff)
  );
}

/** The JS escape of a code point: \uXXXX, or \u{X...} above the BMP. */
export function escapeOf(cp) {
  const h = cp.toString(16).toUpperCase();
  return cp <= 0xffff ? '\\u' + h.padStart(4, '0') : '\\u{' + h + '}';
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

export function hex(bytes, sep = ' ') {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += (i ? sep : '') + (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
  return s;
}
