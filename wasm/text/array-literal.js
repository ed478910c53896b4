// Array literals of bytes (input-formats.js's 'java' and 'array' formats): Java byte[] (signed),
// C/JS/Go/Rust/Python arrays (0..255), with a declaration before them.
import { ParseError, describeChar, hexVal, isSpace } from './hex-base64.js';

export const ARRAY_LABELS = {
  java: 'Java byte[] (signed)',
  array: 'C/JS array (0..255; also Go, Rust, Python)',
};

// A declaration before a literal (`byte[] k =`, `const uint8_t k[12] =`, `k :=`, `let k: &[u8] =`,
// `key = `). Looked for in the first 400 characters only, and only when a literal follows the '=',
// so base64 with '=' padding is never taken for one.
const DECLARATION =
  /^\s*[A-Za-z_][\w \t[\]*&:<>,]{0,200}?\s*:?=\s*(?=[[{&(]|new\s|b['"]|Uint8Array|Buffer|bytes|bytearray|vec!)/;

export function literalStart(text) {
  const m = DECLARATION.exec(text.slice(0, 400));
  return m ? m[0].length : 0;
}

// The openers of array literals, each with the language that writes it (the result's `detail`),
// the closer of its elements and what must follow that closer.
const ARRAY_OPENERS = [
  { re: /new\s+byte\s*\[\s*\]\s*\{/y, lang: 'Java new byte[]', java: true, close: '}' },
  { re: /\[\]\s*byte\s*\{/y, lang: 'Go []byte', close: '}' },
  { re: /Uint8Array\s*\.\s*of\s*\(/y, lang: 'JS Uint8Array.of', close: ')' },
  {
    re: /(?:new\s+Uint8Array|Uint8Array\s*\.\s*from|Buffer\s*\.\s*from)\s*\(\s*\[/y,
    lang: 'JS Uint8Array',
    close: ']',
    after: ')',
  },
  { re: /(?:bytes|bytearray)\s*\(\s*\[/y, lang: 'Python bytes([...])', close: ']', after: ')' },
  { re: /(?:&|vec!)\s*\[/y, lang: 'Rust &[u8]', close: ']' },
  { re: /\[/y, lang: null, close: ']' },
  { re: /\{/y, lang: null, close: '}' },
];

// Flags of an array element (any of them in an array with bare hex elements is an error).
const F_CAST = 1;
const F_NEGATIVE = 2;
const F_0X = 4;
const F_LONG = 8; // more than 2 digits
const F_SUFFIX = 16; // Rust's u8

// Reads an array literal from `start` (after any declaration). `format` is 'java', 'array' or
// 'auto' (the caller decides between java and array from what was read). Elements: decimal, 0x
// hex, `(byte)` casts, Rust `u8` suffixes; separated by commas, or by spaces in a bare `[...]`
// (Go's %v). Bare hex elements (Rust's {:02x?}: `[00, 04, 7f]`) are read as hex, never as decimal.
export function parseArrayLiteral(text, start, format) {
  let i = start;
  const n = text.length;
  const skip = () => {
    while (i < n && isSpace(text[i])) i++;
  };
  skip();
  let opener = null;
  for (const o of ARRAY_OPENERS) {
    o.re.lastIndex = i;
    if (o.re.test(text)) {
      opener = o;
      i = o.re.lastIndex;
      break;
    }
  }
  if (!opener) {
    const m = /new\s+/y;
    m.lastIndex = i;
    if (m.test(text))
      throw new ParseError(format, m.lastIndex, `expected "byte[]" after "new", found ${describeChar(text, i + 4)}`);
    throw new ParseError(
      format,
      i,
      `expected an array literal ("[", "{", "new byte[]{", "[]byte{", "Uint8Array.of(", ...), found ${describeChar(text, i)}`,
    );
  }
  const close = opener.close;
  // The elements, in typed arrays (a 1 MB paste has up to 500,000): where each starts and ends,
  // its value read as written (decimal, or hex after 0x or with a letter) and as bare hex, and flags.
  const cap = (n >> 1) + 2;
  const starts = new Int32Array(cap);
  const ends = new Int32Array(cap);
  const asWritten = new Int16Array(cap);
  const asHex = new Int16Array(cap);
  const flags = new Uint8Array(cap);
  let count = 0;
  let firstBare = -1;
  let separator = null; // ',' or ' '
  skip();
  if (text[i] === close) {
    i++;
  } else {
    for (;;) {
      skip();
      const tokStart = i;
      let cast = false;
      if (text[i] === '(') {
        const castRe = /\(\s*byte\s*\)\s*/y;
        castRe.lastIndex = i;
        if (!castRe.test(text))
          throw new ParseError(format, i, `expected a "(byte)" cast or a number, found ${describeChar(text, i)}`);
        i = castRe.lastIndex;
        cast = true;
      }
      let negative = false;
      if (text[i] === '-' || text[i] === '+') {
        negative = text[i] === '-';
        i++;
      }
      let radix = 10;
      let bare = false;
      if (text[i] === '0' && (text[i + 1] === 'x' || text[i + 1] === 'X')) {
        i += 2;
        radix = 16;
      }
      // One pass over the digits: the value in both radixes (capped: anything over 0xfff is out
      // of range either way) and whether an a-f letter makes the element hex.
      const digitsStart = i;
      let dec = 0;
      let hexv = 0;
      let letter = false;
      for (let d; i < n && (d = hexVal(text[i])) >= 0; i++) {
        if (d > 9) letter = true;
        dec = Math.min(dec * 10 + d, 0xfff);
        hexv = Math.min(hexv * 16 + d, 0xfff);
      }
      const ndigits = i - digitsStart;
      if (ndigits === 0)
        throw new ParseError(
          format,
          i,
          `expected ${radix === 16 ? 'hex digits after "0x"' : 'a number'}, found ${describeChar(text, i)}`,
        );
      if (radix === 10 && (letter || (ndigits > 1 && text[digitsStart] === '0'))) bare = true;
      const digitsEnd = i;
      if (text[i] === '_' && text[i + 1] === 'u' && text[i + 2] === '8') i += 3;
      else if (text[i] === 'u' && text[i + 1] === '8') i += 2;
      starts[count] = tokStart;
      ends[count] = i;
      asWritten[count] = radix === 16 || letter ? hexv : dec;
      asHex[count] = hexv;
      flags[count] =
        (cast ? F_CAST : 0) |
        (negative ? F_NEGATIVE : 0) |
        (radix === 16 ? F_0X : 0) |
        (ndigits > 2 ? F_LONG : 0) |
        (i > digitsEnd ? F_SUFFIX : 0);
      if (bare && firstBare < 0) firstBare = count;
      count++;
      const beforeSpace = i;
      skip();
      const spaced = i > beforeSpace;
      if (text[i] === ',') {
        if (separator === ' ') throw new ParseError(format, i, 'mixes "," and spaces between elements');
        separator = ',';
        i++;
        skip();
        if (text[i] === close) {
          i++;
          break;
        }
        continue;
      }
      if (text[i] === close) {
        i++;
        break;
      }
      // Go's fmt %v prints `[0 0 1]`: spaces between elements, only in a bare [...].
      if (spaced && opener.lang === null && close === ']' && separator !== ',' && i < n) {
        separator = ' ';
        continue;
      }
      throw new ParseError(format, i, `expected "," or "${close}", found ${describeChar(text, i)}`);
    }
  }
  if (opener.after) {
    skip();
    if (text[i] !== opener.after)
      throw new ParseError(format, i, `expected "${opener.after}", found ${describeChar(text, i)}`);
    i++;
  }
  skip();
  if (text[i] === ';') i++;
  skip();
  if (i < n)
    throw new ParseError(format, i, `unexpected ${describeChar(text, i)} after the closing "${opener.after ?? close}"`);

  const values = new Uint8Array(count);
  let negative = false;
  let big = false;
  let detail = opener.lang;
  if (firstBare >= 0) {
    // Hex elements without "0x" (Rust's {:02x?} prints `[00, 04, 7f]`): every element must be
    // one or two bare hex digits; reading any of them as decimal would silently change bytes.
    for (let k = 0; k < count; k++) {
      if (flags[k] !== 0) {
        throw new ParseError(
          format,
          starts[k],
          `${text.slice(starts[k], ends[k])}: this array has bare hex elements (like ${text.slice(starts[firstBare], ends[firstBare])}, Rust's {:02x?}), so every element must be 1 or 2 hex digits`,
        );
      }
      values[k] = asHex[k];
    }
    return {
      bytes: values,
      negative: false,
      big: values.some((v) => v > 127),
      opener,
      detail: 'hex elements (Rust {:02x?})',
    };
  }
  for (let k = 0; k < count; k++) {
    const t = { start: starts[k], cast: (flags[k] & F_CAST) !== 0 };
    const v = flags[k] & F_NEGATIVE ? -asWritten[k] : asWritten[k];
    const src = () => text.slice(starts[k], ends[k]);
    if (format === 'java' || opener.java) {
      if (v < -128 || v > (t.cast ? 255 : 127))
        throw new ParseError(format, t.start, `${src()} is out of range for a signed byte (-128..127)`);
    } else if (format === 'array' || opener.lang) {
      if (v < 0 || v > 255)
        throw new ParseError(
          format,
          t.start,
          `${src()} is out of range for an unsigned byte (0..255)${opener.lang ? ` in a ${opener.lang} literal` : ''}`,
        );
    } else {
      if (v < -128 || v > 255) throw new ParseError(format, t.start, `${src()} is not a byte (-128..255)`);
      if ((v < 0 && big) || (v > 127 && negative)) {
        throw new ParseError(
          format,
          t.start,
          `${src()} mixes signed (negative) and unsigned (> 127) bytes in one array`,
        );
      }
    }
    if (v < 0) negative = true;
    if (v > 127) big = true;
    values[k] = v & 255;
  }
  if (!detail && separator === ' ') detail = 'Go %v';
  if (!detail && close === ']' && negative) detail = 'Java Arrays.toString';
  return { bytes: values, negative, big, opener, detail };
}

export function parseJava(text) {
  const start = literalStart(text);
  const r = parseArrayLiteral(text, start, 'java');
  if (r.opener.lang && !r.opener.java)
    throw new ParseError(
      'java',
      start,
      `a ${r.opener.lang} literal is not a Java byte[]; choose ${ARRAY_LABELS.array}`,
    );
  return r;
}

export function parseArray(text) {
  const start = literalStart(text);
  const r = parseArrayLiteral(text, start, 'array');
  if (r.opener.java) throw new ParseError('array', start, '"new byte[]" is a Java literal; choose the Java format');
  return r;
}
