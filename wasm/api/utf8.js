// UTF-8 between the wasm heap and JS strings, for every module of the API: text the core validated
// decoded (TextDecoder where the host has one, a hand decoder where it has not: jsdom), and
// strings written into the heap for the encoders, a lone surrogate kept so that the core refuses
// it at its byte.

// ignoreBOM: a string's leading U+FEFF is one of its characters, not a byte order mark to drop.
const decoder = typeof TextDecoder === 'function' ? new TextDecoder('utf-8', { ignoreBOM: true }) : null;
const encoder = typeof TextEncoder === 'function' ? new TextEncoder() : null;

/**
 * UTF-8 to a string for hosts without a global TextDecoder (jsdom): the bytes are well-formed
 * (the core validated them), so no error handling; a leading U+FEFF is kept, as with ignoreBOM.
 */
export function decodeUtf8(bytes, start, end) {
  let s = '';
  const units = [];
  for (let i = start; i < end;) {
    const c = bytes[i];
    let cp;
    if (c < 0x80) {
      cp = c;
      i += 1;
    } else if (c < 0xe0) {
      cp = ((c & 0x1f) << 6) | (bytes[i + 1] & 0x3f);
      i += 2;
    } else if (c < 0xf0) {
      cp = ((c & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f);
      i += 3;
    } else {
      cp = ((c & 0x07) << 18) | ((bytes[i + 1] & 0x3f) << 12) | ((bytes[i + 2] & 0x3f) << 6) | (bytes[i + 3] & 0x3f);
      i += 4;
    }
    if (cp > 0xffff) {
      cp -= 0x10000;
      units.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
    } else units.push(cp);
    if (units.length >= 4096) s += String.fromCharCode(...units.splice(0));
  }
  return s + String.fromCharCode(...units);
}

/** The validated UTF-8 of bytes[start..end) as a string. */
export const decodeRange = decoder ? (bytes, start, end) => decoder.decode(bytes.subarray(start, end)) : decodeUtf8;

const fromCharCode = String.fromCharCode;
// Up to this many UTF-16 units, a string is made by one String.fromCharCode call with exactly that
// many arguments: one flat string. (Pieces joined with + make a rope past 12 characters, which V8
// flattens again when the string is first read: 66 -> 47 ns for a 13-character member. Longer
// ones are rarer, and each case costs the viewer's first view its bytes.)
const EXACT_UNITS = 16;
// u[i..i+n) as a string, 0 <= n <= EXACT_UNITS (the default case is n = EXACT_UNITS).
// prettier-ignore
function exactText(u, i, n) {
  switch (n) {
    case 0: return '';
    case 1: return fromCharCode(u[i]);
    case 2: return fromCharCode(u[i], u[i + 1]);
    case 3: return fromCharCode(u[i], u[i + 1], u[i + 2]);
    case 4: return fromCharCode(u[i], u[i + 1], u[i + 2], u[i + 3]);
    case 5: return fromCharCode(u[i], u[i + 1], u[i + 2], u[i + 3], u[i + 4]);
    case 6: return fromCharCode(u[i], u[i + 1], u[i + 2], u[i + 3], u[i + 4], u[i + 5]);
    case 7: return fromCharCode(u[i], u[i + 1], u[i + 2], u[i + 3], u[i + 4], u[i + 5], u[i + 6]);
    case 8: return fromCharCode(u[i], u[i + 1], u[i + 2], u[i + 3], u[i + 4], u[i + 5], u[i + 6], u[i + 7]);
    case 9: return fromCharCode(u[i], u[i + 1], u[i + 2], u[i + 3], u[i + 4], u[i + 5], u[i + 6], u[i + 7], u[i + 8]);
    case 10: return fromCharCode(u[i], u[i + 1], u[i + 2], u[i + 3], u[i + 4], u[i + 5], u[i + 6], u[i + 7], u[i + 8], u[i + 9]);
    case 11: return fromCharCode(u[i], u[i + 1], u[i + 2], u[i + 3], u[i + 4], u[i + 5], u[i + 6], u[i + 7], u[i + 8], u[i + 9], u[i + 10]);
    case 12: return fromCharCode(u[i], u[i + 1], u[i + 2], u[i + 3], u[i + 4], u[i + 5], u[i + 6], u[i + 7], u[i + 8], u[i + 9], u[i + 10], u[i + 11]);
    case 13: return fromCharCode(u[i], u[i + 1], u[i + 2], u[i + 3], u[i + 4], u[i + 5], u[i + 6], u[i + 7], u[i + 8], u[i + 9], u[i + 10], u[i + 11], u[i + 12]);
    case 14: return fromCharCode(u[i], u[i + 1], u[i + 2], u[i + 3], u[i + 4], u[i + 5], u[i + 6], u[i + 7], u[i + 8], u[i + 9], u[i + 10], u[i + 11], u[i + 12], u[i + 13]);
    case 15: return fromCharCode(u[i], u[i + 1], u[i + 2], u[i + 3], u[i + 4], u[i + 5], u[i + 6], u[i + 7], u[i + 8], u[i + 9], u[i + 10], u[i + 11], u[i + 12], u[i + 13], u[i + 14]);
    default: return fromCharCode(u[i], u[i + 1], u[i + 2], u[i + 3], u[i + 4], u[i + 5], u[i + 6], u[i + 7], u[i + 8], u[i + 9], u[i + 10], u[i + 11], u[i + 12], u[i + 13], u[i + 14], u[i + 15]);
  }
}

// u[from..from+len) as a string: one exactText, or runs of EXACT_UNITS joined (a string built a
// character at a time costs a new string per character; apply() on a subarray costs the subarray
// and the spread).
export function unitsText(u, from, len) {
  let s = '';
  let i = from;
  const end = from + len;
  for (; end - i > EXACT_UNITS; i += EXACT_UNITS) s += exactText(u, i, EXACT_UNITS);
  return s + exactText(u, i, end - i);
}

/**
 * A string the core validated, its UTF-8 at heap[at..at+len): made from the UTF-16 units the core
 * widened it to, u16[unitsAt..unitsAt+units) (a short string of the full module), else decoded here
 * (unitsAt 0: a long string, or a coordination-only module's).
 */
export function widenedText(u16, unitsAt, units, heap, at, len) {
  return unitsAt === 0 ? utf8Text(heap, at, len) : unitsText(u16, unitsAt, units);
}

// Strings up to this many UTF-8 bytes are decoded by hand (utf8Text), into `units` (UTF-16).
const SHORT_STRING = 24;
const units = new Uint16Array(SHORT_STRING);

/**
 * A string the core validated, at heap[at..at+len): short ones decoded by hand (well-formed UTF-8,
 * so no checks; cheaper than a subarray and a TextDecoder call) into UTF-16 units, then made a
 * string by unitsText; the rest by decodeRange.
 */
export function utf8Text(heap, at, len) {
  if (len === 0) return '';
  const end = at + len;
  if (len > SHORT_STRING) return decodeRange(heap, at, end);
  const u = units;
  let n = 0;
  for (let i = at; i < end;) {
    const c = heap[i];
    if (c < 0x80) {
      u[n++] = c;
      i += 1;
    } else if (c < 0xe0) {
      u[n++] = ((c & 0x1f) << 6) | (heap[i + 1] & 0x3f);
      i += 2;
    } else if (c < 0xf0) {
      u[n++] = ((c & 0x0f) << 12) | ((heap[i + 1] & 0x3f) << 6) | (heap[i + 2] & 0x3f);
      i += 3;
    } else {
      const cp = ((c & 0x07) << 18) | ((heap[i + 1] & 0x3f) << 12) | ((heap[i + 2] & 0x3f) << 6) | (heap[i + 3] & 0x3f);
      u[n++] = 0xd7c0 + (cp >> 10);
      u[n++] = 0xdc00 + (cp & 0x3ff);
      i += 4;
    }
  }
  return unitsText(u, 0, n);
}

/**
 * Writes s as UTF-8 at heap[at..] (room for `cap` bytes); returns the byte count. A lone surrogate
 * is written as its 3-byte generalized UTF-8 form (ED A0..BF xx), which the core rejects as
 * INVALID_UTF8 at that byte, in wire order with the other checks: exactly where the character
 * would start in the output.
 */
export function encodeUtf8Into(s, heap, at, cap) {
  if (s.length === 0) return 0;
  if (encoder !== null && s.isWellFormed()) return encoder.encodeInto(s, heap.subarray(at, at + cap)).written;
  let o = at;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      }
    }
    if (c < 0x80) heap[o++] = c;
    else if (c < 0x800) {
      heap[o++] = 0xc0 | (c >> 6);
      heap[o++] = 0x80 | (c & 0x3f);
    } else if (c < 0x10000) {
      heap[o++] = 0xe0 | (c >> 12);
      heap[o++] = 0x80 | ((c >> 6) & 0x3f);
      heap[o++] = 0x80 | (c & 0x3f);
    } else {
      heap[o++] = 0xf0 | (c >> 18);
      heap[o++] = 0x80 | ((c >> 12) & 0x3f);
      heap[o++] = 0x80 | ((c >> 6) & 0x3f);
      heap[o++] = 0x80 | (c & 0x3f);
    }
  }
  return o - at;
}

const NON_ASCII = /[^\0-\x7f]/;

/**
 * A string's facts for the core's cv_refuse_* (StringFacts), read without copying it: [its UTF-8
 * length as encodeUtf8Into writes it, the byte index of its first lone surrogate or -1, that
 * surrogate's UTF-16 unit]. The length is only read when there is no lone surrogate.
 */
export function utf8Facts(s) {
  let i = s.search(NON_ASCII);
  if (i < 0) return [s.length, -1, 0];
  let bytes = i;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c < 0xd800 || c > 0xdfff) bytes += 3;
    else {
      const d = c <= 0xdbff && i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (d < 0xdc00 || d > 0xdfff) return [bytes, bytes, c];
      bytes += 4;
      i++;
    }
  }
  return [bytes, -1, 0];
}
