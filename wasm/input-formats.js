// Text input formats: turns what a user pastes (or a CLI argument) into bytes. Pure functions, no DOM;
// shared by the viewer (web/) and the command line (wasm/cli/).
//
// Formats:
//   hex     hex digit pairs in any case; whitespace, newlines, ':' and ',' between bytes; a "0x"
//           prefix or a "\x" escape before a byte or a run of bytes ("0x0001", "0x00 0x01",
//           "\x00\x01", "00:01").
//   base64  standard (+/) or URL-safe (-_) alphabet, padded or not; line breaks allowed anywhere
//           (wrapped base64), spaces and tabs only at the start or end of a line; one alphabet per text.
//   java    a Java byte array literal of signed bytes -128..127: `new byte[]{0, 1, -3}` or
//           `{0, 1, -3}`; decimal or 0x hex elements; `(byte)` casts allow 0..255.
//   array   a C/JS array of unsigned bytes 0..255: `[0, 1, 253]` or `{0x00, 0xff}`.
//
// Detection ('auto') is strict: the text must be exactly one format, or an error says where
// parsing stops (index, line and column). Precedence when several formats accept the text:
//   1. text that starts with '[', '{' or 'new' is an array literal: `new byte[]` is java; '[' is
//      array; '{' is java when an element is negative, otherwise array (both give the same bytes
//      when every element is 0..127).
//   2. hex wins over base64 when the text is valid hex ("abcd", "0x00" are both); the result
//      names the other formats that also accept the text so the user can force one.
//   3. text made only of hex digits and separators is hex, even when hex fails (an odd digit
//      count is a typo, not base64: "abc" is an error, force Base64 to read it as base64).
//   4. otherwise base64.
// Empty text (or only whitespace) is zero bytes.

export const FORMATS = ['hex', 'base64', 'java', 'array'];

export const FORMAT_LABELS = {
  hex: 'Hex',
  base64: 'Base64',
  java: 'Java byte[] (signed)',
  array: 'C/JS array (0..255)',
};

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

class ParseError extends Error {
  constructor(format, index, what) {
    super(what);
    this.format = format;
    this.index = index;
  }
}

function describeChar(text, i) {
  if (i >= text.length) return 'the end of the text';
  const cp = text.codePointAt(i);
  const hex = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  if (cp < 0x21 || (cp >= 0x7f && cp < 0xa1)) return hex;
  return `'${String.fromCodePoint(cp)}' (${hex})`;
}

const isSpace = (c) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';
const hexVal = (c) => {
  const x = c.charCodeAt(0);
  if (x >= 48 && x <= 57) return x - 48;
  if (x >= 97 && x <= 102) return x - 87;
  if (x >= 65 && x <= 70) return x - 55;
  return -1;
};

function parseHex(text) {
  const out = [];
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
        if (c === '\\') throw new ParseError('hex', i + 2, `"\\x" must be followed by hex digits, found ${describeChar(text, i + 2)}`);
      }
    }
    const v = c === undefined ? -1 : hexVal(c);
    if (v < 0) {
      if (pending >= 0) throw new ParseError('hex', pendingAt, `odd number of hex digits: the digit at index ${pendingAt} has no pair (found ${describeChar(text, i)} after it)`);
      throw new ParseError('hex', i, `${describeChar(text, i)} is not a hex digit or separator`);
    }
    if (pending < 0) {
      pending = v;
      pendingAt = i;
    } else {
      out.push((pending << 4) | v);
      pending = -1;
    }
    i++;
  }
  if (pending >= 0) throw new ParseError('hex', pendingAt, `odd number of hex digits: the digit at index ${pendingAt} has no pair`);
  return Uint8Array.from(out);
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// End of the run of spaces and tabs that starts at i, when the run is at the start or the end of its
// line (indented or wrapped base64), else -1. The caller skips the whole run: one pass per run keeps
// parsing linear (rescanning the run for each of its spaces was quadratic, issue 7).
function edgeSpaceRunEnd(text, i) {
  let b = i;
  while (b < text.length && (text[b] === ' ' || text[b] === '\t')) b++;
  const atStart = i === 0 || text[i - 1] === '\n' || text[i - 1] === '\r';
  const atEnd = b === text.length || text[b] === '\n' || text[b] === '\r';
  return atStart || atEnd ? b : -1;
}

function parseBase64(text) {
  const vals = [];
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
    if (padStart >= 0) throw new ParseError('base64', i, `${describeChar(text, i)} after "=" padding (padding only ends the text)`);
    let v = B64.indexOf(c);
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
        throw new ParseError('base64', i, `${describeChar(text, i)} mixes the URL-safe and standard alphabets (see index ${alphabetAt})`);
      }
      alphabet = kind;
      alphabetAt = i;
    }
    vals.push(v);
  }
  const rem = vals.length % 4;
  if (rem === 1) throw new ParseError('base64', text.length, `${vals.length} base64 characters: a final group of 1 character cannot hold a byte`);
  if (pads > 0 && (vals.length + pads) % 4 !== 0) {
    throw new ParseError('base64', padStart, `wrong number of "=" padding characters (${pads}) for ${vals.length} characters`);
  }
  const out = new Uint8Array(Math.floor((vals.length * 3) / 4));
  let o = 0;
  for (let i = 0; i + 1 < vals.length; i += 4) {
    const a = vals[i];
    const b = vals[i + 1];
    const c = vals[i + 2];
    const d = vals[i + 3];
    out[o++] = (a << 2) | (b >> 4);
    if (c !== undefined) out[o++] = ((b & 15) << 4) | (c >> 2);
    if (d !== undefined) out[o++] = ((c & 3) << 6) | d;
  }
  return out;
}

// Array literals: `new byte[]{...}`, `{...}`, `[...]`; returns { values, negative, big, opener }.
function parseArrayLiteral(text, format) {
  let i = 0;
  const n = text.length;
  const skip = () => {
    while (i < n && isSpace(text[i])) i++;
  };
  const expect = (s, what) => {
    if (text.startsWith(s, i)) {
      i += s.length;
      return;
    }
    throw new ParseError(format, i, `expected ${what}, found ${describeChar(text, i)}`);
  };
  skip();
  let opener;
  let javaNew = false;
  if (text.startsWith('new', i)) {
    i += 3;
    if (i < n && !isSpace(text[i])) throw new ParseError(format, i, `expected "new byte[]", found ${describeChar(text, i)}`);
    skip();
    expect('byte', '"byte" after "new"');
    skip();
    expect('[', '"[" after "new byte"');
    skip();
    expect(']', '"]" in "new byte[]"');
    skip();
    javaNew = true;
  }
  if (text[i] === '{' || (!javaNew && text[i] === '[')) {
    opener = text[i];
    i++;
  } else {
    throw new ParseError(format, i, `expected ${javaNew ? '"{"' : '"{" or "["'}, found ${describeChar(text, i)}`);
  }
  const closer = opener === '{' ? '}' : ']';
  const values = [];
  let negative = false;
  let big = false;
  skip();
  if (text[i] === closer) {
    i++;
  } else {
    for (;;) {
      skip();
      const start = i;
      let cast = false;
      if (text[i] === '(') {
        i++;
        skip();
        expect('byte', '"byte" in a "(byte)" cast');
        skip();
        expect(')', '")" closing the "(byte)" cast');
        skip();
        cast = true;
      }
      let sign = 1;
      if (text[i] === '-' || text[i] === '+') {
        if (text[i] === '-') sign = -1;
        i++;
      }
      const numStart = i;
      let v;
      if (text[i] === '0' && (text[i + 1] === 'x' || text[i + 1] === 'X')) {
        i += 2;
        const ds = i;
        while (i < n && hexVal(text[i]) >= 0) i++;
        if (i === ds) throw new ParseError(format, i, `expected hex digits after "0x", found ${describeChar(text, i)}`);
        v = parseInt(text.slice(ds, i), 16);
      } else {
        while (i < n && text[i] >= '0' && text[i] <= '9') i++;
        if (i === numStart) throw new ParseError(format, i, `expected a number, found ${describeChar(text, i)}`);
        v = parseInt(text.slice(numStart, i), 10);
      }
      v *= sign;
      const lo = cast ? -128 : format === 'array' ? 0 : -128;
      const hi = cast ? 255 : format === 'java' ? 127 : 255;
      if (format === 'auto-brace') {
        if (v < -128 || v > 255) throw new ParseError(format, start, `${text.slice(start, i)} is not a byte (-128..255)`);
      } else if (v < lo || v > hi) {
        throw new ParseError(format, start, `${text.slice(start, i)} is out of range for ${format === 'java' ? 'a signed byte (-128..127)' : 'an unsigned byte (0..255)'}`);
      }
      if (v < 0) negative = true;
      if (v > 127) big = true;
      if (negative && big && format === 'auto-brace') {
        throw new ParseError(format, start, `${text.slice(start, i)} mixes signed (negative) and unsigned (> 127) bytes in one array`);
      }
      values.push(v & 255);
      skip();
      if (text[i] === ',') {
        i++;
        skip();
        if (text[i] === closer) {
          i++;
          break;
        }
        continue;
      }
      if (text[i] === closer) {
        i++;
        break;
      }
      throw new ParseError(format, i, `expected "," or "${closer}", found ${describeChar(text, i)}`);
    }
  }
  skip();
  if (text[i] === ';') i++;
  skip();
  if (i < n) throw new ParseError(format, i, `unexpected ${describeChar(text, i)} after the closing "${closer}"`);
  return { bytes: Uint8Array.from(values), negative, big, opener, javaNew };
}

function parseJava(text) {
  const r = parseArrayLiteral(text, 'java');
  if (r.opener !== '{') throw new ParseError('java', text.indexOf('['), 'a Java byte array literal uses "{...}", not "[...]"');
  return r.bytes;
}

function parseArray(text) {
  const t = text.trimStart();
  if (t.startsWith('new')) throw new ParseError('array', text.length - t.length, '"new byte[]" is a Java literal; choose the Java format');
  return parseArrayLiteral(text, 'array').bytes;
}

const PARSERS = { hex: parseHex, base64: parseBase64, java: parseJava, array: parseArray };

function errorResult(text, format, e) {
  if (!(e instanceof ParseError)) throw e;
  const index = Math.min(e.index, text.length);
  const { line, col } = lineCol(text, index);
  return {
    ok: false,
    format,
    error: {
      format: e.format === 'auto-brace' ? format : e.format,
      index,
      line,
      col,
      message: `${FORMAT_LABELS[format] ?? 'Input'}: stops at line ${line}, column ${col}: ${e.message}`,
    },
  };
}

/**
 * Parses text into bytes.
 * @param {string} text
 * @param {'auto'|'hex'|'base64'|'java'|'array'} [format='auto']
 * @returns {{ok: true, format: string, bytes: Uint8Array, alsoValid: string[]}
 *         | {ok: false, format: string, error: {format, index, line, col, message}}}
 */
export function parseInput(text, format = 'auto') {
  if (typeof text !== 'string') throw new TypeError('text must be a string');
  if (format !== 'auto') {
    if (!PARSERS[format]) throw new TypeError(`unknown format ${format}`);
    try {
      return { ok: true, format, bytes: PARSERS[format](text), alsoValid: [] };
    } catch (e) {
      return errorResult(text, format, e);
    }
  }
  const t = text.trim();
  if (t === '') return { ok: true, format: 'empty', bytes: new Uint8Array(0), alsoValid: [] };
  if (t[0] === '[' || t[0] === '{' || /^new\b/.test(t)) {
    let r;
    try {
      r = parseArrayLiteral(text, 'auto-brace');
    } catch (e) {
      return errorResult(text, /^new\b/.test(t) ? 'java' : 'array', e);
    }
    let fmt;
    if (r.javaNew) fmt = 'java';
    else if (r.opener === '[') fmt = 'array';
    else fmt = r.negative ? 'java' : 'array';
    if (fmt === 'java' && r.big) {
      // `new byte[]{200}` without a cast: Java would not compile it.
      return parseInput(text, 'java');
    }
    if (fmt === 'array' && r.negative) return parseInput(text, 'array');
    const alsoValid = [];
    if (r.opener === '{' && !r.negative && !r.big && !r.javaNew) alsoValid.push('java');
    return { ok: true, format: fmt, bytes: r.bytes, alsoValid };
  }
  let hexErr;
  try {
    const bytes = parseHex(text);
    const alsoValid = [];
    try {
      parseBase64(text);
      alsoValid.push('base64');
    } catch {
      /* hex only */
    }
    return { ok: true, format: 'hex', bytes, alsoValid };
  } catch (e) {
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
    r.error.message = `Not hex nor base64. ${r.error.message}. (As ${FORMAT_LABELS[other.format]}: stops at line ${o.line}, column ${o.col}: ${other.message}.)`;
    return r;
  }
}
