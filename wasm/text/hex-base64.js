// Hex and base64 text to bytes (and bytes to hex), and the reading of a text that is one or the other: the part of the
// input parser (wasm/text/input-formats.js, which imports it) that the <coordination-record> element
// needs. A module of its own so that the element's bundle leaves the other formats out. Pure
// functions, no DOM.

export const HEX_BASE64_LABELS = { hex: 'Hex', base64: 'Base64' };

/** The two lowercase hex digits of each byte value. */
export const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Bytes as lowercase hex, no separator. */
export function bytesToHex(bytes) {
  let s = '';
  for (const b of bytes) s += HEX[b];
  return s;
}

/**
 * The most text or bytes taken as one input (a paste, a file, an attribute, a CLI argument):
 * 64 KiB. A key is at most 518 bytes and a value 285; anything larger is refused before it is
 * parsed or decoded, so that no input can make a page or the command line hang or fill memory.
 */
export const INPUT_LIMIT = 1 << 16;

/** 1-based line and column of a 0-based index in text. */
export function lineCol(text, index) {
  let line = 1;
  let col = 1;
  for (let i = 0; i < index && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      col = 1;
    } else {
      col++;
    }
  }
  return { line, col };
}

export class ParseError extends Error {
  // recordError: the codec's error ({ code, field, offset }) when the text is a record given as
  // JSON that does not encode.
  constructor(format, index, what, recordError) {
    super(what);
    this.format = format;
    this.index = index;
    if (recordError) this.recordError = recordError;
  }
}

export function describeChar(text, i) {
  if (i >= text.length) return 'the end of the text';
  const cp = text.codePointAt(i);
  const hex = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  if (cp < 0x21 || (cp >= 0x7f && cp < 0xa1)) return hex;
  return `'${String.fromCodePoint(cp)}' (${hex})`;
}

export const isSpace = (c) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';
export const hexVal = (c) => {
  const x = c.charCodeAt(0);
  if (x >= 48 && x <= 57) return x - 48;
  if (x >= 97 && x <= 102) return x - 87;
  if (x >= 65 && x <= 70) return x - 55;
  return -1;
};

export function parseHex(text) {
  const out = new Uint8Array(text.length >> 1);
  let count = 0;
  let pending = -1; // high nibble waiting for its pair
  let pendingAt = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (pending < 0) {
      if (isSpace(c) || c === ':' || c === ',') {
        i++;
        continue;
      }
      if ((c === '0' && (text[i + 1] === 'x' || text[i + 1] === 'X')) || (c === '\\' && text[i + 1] === 'x')) {
        if (i + 2 < n && hexVal(text[i + 2]) >= 0) {
          i += 2;
          continue;
        }
        if (c === '\\')
          throw new ParseError(
            'hex',
            i + 2,
            `"\\x" must be followed by hex digits, found ${describeChar(text, i + 2)}`,
          );
      }
    }
    const v = c === undefined ? -1 : hexVal(c);
    if (v < 0) {
      if (pending >= 0)
        throw new ParseError(
          'hex',
          pendingAt,
          `odd number of hex digits: the digit at index ${pendingAt} has no pair (found ${describeChar(text, i)} after it)`,
        );
      throw new ParseError('hex', i, `${describeChar(text, i)} is not a hex digit or separator`);
    }
    if (pending < 0) {
      pending = v;
      pendingAt = i;
    } else {
      out[count++] = (pending << 4) | v;
      pending = -1;
    }
    i++;
  }
  if (pending >= 0)
    throw new ParseError('hex', pendingAt, `odd number of hex digits: the digit at index ${pendingAt} has no pair`);
  return out.slice(0, count);
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// End of the run of spaces, tabs, \f and \v that starts at i, when the run is at the start or end of its
// line (indented or wrapped base64), else -1. The caller skips the whole run: one pass per run keeps
// parsing linear (rescanning the run for each of its spaces was quadratic, issue 7).
function edgeSpaceRunEnd(text, i) {
  let b = i;
  // text[i] is such a character, so the run is never empty and the caller always moves on.
  while (b < text.length && isSpace(text[b]) && text[b] !== '\n' && text[b] !== '\r') b++;
  const atStart = i === 0 || text[i - 1] === '\n' || text[i - 1] === '\r';
  const atEnd = b === text.length || text[b] === '\n' || text[b] === '\r';
  return atStart || atEnd ? b : -1;
}

// Value of each base64 character of the common alphabet (A-Z a-z 0-9), -1 for the rest.
const B64_VALUE = new Int8Array(128).fill(-1);
for (let k = 0; k < B64.length; k++) B64_VALUE[B64.charCodeAt(k)] = k;

export function parseBase64(text) {
  const vals = new Uint8Array(text.length);
  let count = 0;
  let alphabet = null; // 'standard' | 'url'
  let alphabetAt = 0;
  let padStart = -1;
  let pads = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n' || c === '\r') continue;
    if (isSpace(c)) {
      const end = edgeSpaceRunEnd(text, i);
      if (end >= 0) {
        i = end - 1;
        continue;
      }
      throw new ParseError('base64', i, `${describeChar(text, i)} inside base64 text (only line breaks may split it)`);
    }
    if (c === '=') {
      if (padStart < 0) padStart = i;
      pads++;
      if (pads > 2) throw new ParseError('base64', i, 'too many "=" padding characters');
      continue;
    }
    if (padStart >= 0)
      throw new ParseError('base64', i, `${describeChar(text, i)} after "=" padding (padding only ends the text)`);
    const code = text.charCodeAt(i);
    let v = code < 128 ? B64_VALUE[code] : -1;
    if (v < 0) {
      let kind = null;
      if (c === '+' || c === '/') {
        kind = 'standard';
        v = c === '+' ? 62 : 63;
      } else if (c === '-' || c === '_') {
        kind = 'url';
        v = c === '-' ? 62 : 63;
      } else {
        throw new ParseError('base64', i, `${describeChar(text, i)} is not a base64 character`);
      }
      if (alphabet && alphabet !== kind) {
        throw new ParseError(
          'base64',
          i,
          `${describeChar(text, i)} mixes the URL-safe and standard alphabets (see index ${alphabetAt})`,
        );
      }
      alphabet = kind;
      alphabetAt = i;
    }
    vals[count++] = v;
  }
  const rem = count % 4;
  if (rem === 1)
    throw new ParseError(
      'base64',
      text.length,
      `${count} base64 characters: a final group of 1 character cannot hold a byte`,
    );
  if (pads > 0 && (count + pads) % 4 !== 0) {
    throw new ParseError(
      'base64',
      padStart,
      `wrong number of "=" padding characters (${pads}) for ${count} characters`,
    );
  }
  const out = new Uint8Array(Math.floor((count * 3) / 4));
  let o = 0;
  for (let i = 0; i + 1 < count; i += 4) {
    const a = vals[i];
    const b = vals[i + 1];
    out[o++] = (a << 2) | (b >> 4);
    if (i + 2 < count) out[o++] = ((b & 15) << 4) | (vals[i + 2] >> 2);
    if (i + 3 < count) out[o++] = ((vals[i + 2] & 3) << 6) | vals[i + 3];
  }
  return out;
}

/** parseInput's failed result for a ParseError (anything else is rethrown); label: the format's name. */
export function errorResult(text, format, e, label = HEX_BASE64_LABELS[format]) {
  if (!(e instanceof ParseError)) throw e;
  const index = Math.min(e.index, text.length);
  const { line, col } = lineCol(text, index);
  return {
    ok: false,
    format,
    error: {
      format: e.format === 'auto' ? format : e.format,
      index,
      line,
      col,
      message: `${label ?? 'Input'}: stops at line ${line}, column ${col}: ${e.message}`,
      ...(e.recordError && { recordError: e.recordError }),
    },
  };
}

// A base64 reading longer than this cannot be a record (a key is at most 518 bytes): it is not
// tried as an alternative to hex.
const MAX_PLAUSIBLE_BASE64 = 1024;

/**
 * parseInput's 'auto' (wasm/text/input-formats.js) for hex and base64 only: hex when the text is valid
 * hex; text of hex digits and separators only is hex, even when it fails (a typo); otherwise
 * base64. The same results and messages; options.plausible as parseInput's.
 */
export function parseHexOrBase64(text, options = {}) {
  if (typeof text !== 'string') throw new TypeError('text must be a string');
  if (text.trim() === '') return { ok: true, format: 'empty', bytes: new Uint8Array(0), alsoValid: [] };
  let hexErr;
  try {
    const bytes = parseHex(text);
    const alsoValid = [];
    if (options.plausible && text.length <= MAX_PLAUSIBLE_BASE64) {
      try {
        if (options.plausible(parseBase64(text))) alsoValid.push('base64');
      } catch (e) {
        if (!(e instanceof ParseError)) throw e;
      }
    }
    return { ok: true, format: 'hex', bytes, alsoValid };
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    hexErr = e;
  }
  // Only hex digits and hex separators (e.g. an odd digit count): a hex typo, not base64.
  if (/^[\s0-9a-fA-F:,]*$/.test(text)) return errorResult(text, 'hex', hexErr);
  try {
    return { ok: true, format: 'base64', bytes: parseBase64(text), alsoValid: [] };
  } catch (b64Err) {
    if (!(b64Err instanceof ParseError)) throw b64Err;
    // Report the format that got further; name the other.
    const [main, other] = hexErr.index >= b64Err.index ? [hexErr, b64Err] : [b64Err, hexErr];
    const r = errorResult(text, main.format, main);
    const o = lineCol(text, Math.min(other.index, text.length));
    r.error.message = `Not hex nor base64. ${r.error.message}. (As ${HEX_BASE64_LABELS[other.format]}: stops at line ${o.line}, column ${o.col}: ${other.message}.)`;
    return r;
  }
}
