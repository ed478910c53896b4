// Text input formats: turns what a user pastes (or a CLI argument) into bytes. Pure functions, no DOM;
// shared by the viewer (web/) and the command line (wasm/cli/).
//
// Formats (parseInput's `format`):
//   hex     hex digit pairs in any case; whitespace, newlines, ':' and ',' between bytes; a "0x"
//           prefix or a "\x" escape before a byte or a run of bytes ("0x0001", "0x00 0x01",
//           "\x00\x01", "00:01").
//   base64  standard (+/) or URL-safe (-_) alphabet, padded or not; line breaks allowed anywhere
//           (wrapped base64), spaces and tabs only at the start or end of a line; one alphabet per text.
//   java    signed bytes -128..127: `new byte[]{0, 1, -3}`, `{0, 1, -3}`, or Arrays.toString's
//           `[0, 1, -3]`; decimal or 0x hex elements; `(byte)` casts allow 0..255.
//   array   unsigned bytes 0..255: C/JS `[0, 1, 253]`, `{0x00, 0xff}`, Go `[]byte{0x00}` and %v
//           `[0 1 253]`, JS `Uint8Array.of(0)`, `new Uint8Array([0])`, Python `bytes([0])`, Rust
//           `&[0x00, 1u8]`, `vec![0]`, `{:?}` `[0, 1]` and `{:02x?}` `[00, 01, fd]` (bare hex
//           elements: an array with a zero-padded element or an a-f letter is read as hex, or
//           refused, never as decimal). Text with no sign of hex is decimal: Rust's {:x?} without
//           letters (`[0, 4, 72]`) or {:02x?} whose every element is 10..99 (`[10, 42]`) cannot be
//           told from {:?}.
//   bstring a Python `b'\x00ab'` / `b"..."` (repr) or Rust `b"\x00ab"` / `&b"..."` byte string.
//   dump    `xxd` or `hexdump -C` output (offsets checked, hexdump's '*' expanded).
//   json    a JSON Lines line `{"key": HEX|B64|null, "value": HEX|B64|null, ...}` (a string is hex
//           when it is valid hex, else base64), the CLI's decode
//           document, a record as the viewer's "Copy JSON" writes it (re-encoded through the
//           encodeRecord option), or `null` (no value: isNull).
// Literal forms, declarations before them (`byte[] k = ...;`, `const uint8_t k[] = {...};`,
// `k := []byte{...}`) and a final ';' are allowed. wasm/literals.js writes every one of them.
//
// Detection ('auto') is strict: the text must be exactly one format, or an error says where
// parsing stops (index, line and column). Precedence when several formats accept the text:
//   1. `null` or '{' followed by '"' is json; a first line like xxd's or hexdump -C's is a dump.
//   2. a byte string (b'...') is bstring; an array literal (by its opener) is java when it is
//      `new byte[]` or has a negative element (both signed and > 127 is an error), else array.
//   3. hex wins over base64 when the text is valid hex ("abcd", "0x00" are both); base64 is named
//      in alsoValid only when the options' plausible() accepts its bytes (e.g. they decode as a
//      record): otherwise nearly every hex paste would be "also valid as base64".
//   4. text made only of hex digits and separators is hex, even when hex fails (an odd digit
//      count is a typo, not base64: "abc" is an error, force Base64 to read it as base64).
//   5. otherwise base64.
// Empty text (or only whitespace) is zero bytes. Hex, base64 and steps 3 to 5 are in
// wasm/hex-base64.js (the <coordination-record> element's reader, without the other formats).

import {
  HEX_BASE64_LABELS,
  ParseError,
  describeChar,
  errorResult,
  hexVal,
  isSpace,
  parseBase64,
  parseHex,
  parseHexOrBase64,
} from './hex-base64.js';

export { lineCol } from './hex-base64.js';

export const FORMATS = ['hex', 'base64', 'java', 'array', 'bstring', 'dump', 'json'];

export const FORMAT_LABELS = {
  ...HEX_BASE64_LABELS,
  java: 'Java byte[] (signed)',
  array: 'C/JS array (0..255; also Go, Rust, Python)',
  bstring: 'Byte string (Python b\'...\', Rust b"...")',
  dump: 'Hex dump (xxd, hexdump -C)',
  json: 'JSON (JSON Lines line, record)',
};

// ---- array literals ---------------------------------------------------------------------------

// A declaration before a literal (`byte[] k =`, `const uint8_t k[12] =`, `k :=`, `let k: &[u8] =`,
// `key = `). Looked for in the first 400 characters only, and only when a literal follows the '=',
// so base64 with '=' padding is never taken for one.
const DECLARATION =
  /^\s*[A-Za-z_][\w \t[\]*&:<>,]{0,200}?\s*:?=\s*(?=[[{&(]|new\s|b['"]|Uint8Array|Buffer|bytes|bytearray|vec!)/;

function literalStart(text) {
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
function parseArrayLiteral(text, start, format) {
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

function parseJava(text) {
  const start = literalStart(text);
  const r = parseArrayLiteral(text, start, 'java');
  if (r.opener.lang && !r.opener.java)
    throw new ParseError(
      'java',
      start,
      `a ${r.opener.lang} literal is not a Java byte[]; choose ${FORMAT_LABELS.array}`,
    );
  return r;
}

function parseArray(text) {
  const start = literalStart(text);
  const r = parseArrayLiteral(text, start, 'array');
  if (r.opener.java) throw new ParseError('array', start, '"new byte[]" is a Java literal; choose the Java format');
  return r;
}

// ---- byte strings: Python b'...' / b"..." (repr), Rust b"..." and &b"..." ------------------------

const SIMPLE_ESCAPES = { n: 10, r: 13, t: 9, '\\': 92, "'": 39, '"': 34, a: 7, b: 8, f: 12, v: 11 };

function parseByteString(text) {
  let i = literalStart(text);
  const n = text.length;
  const out = [];
  const skip = () => {
    while (i < n && isSpace(text[i])) i++;
  };
  skip();
  // Python splits a long literal into adjacent ones, often inside parentheses.
  const paren = text[i] === '(';
  if (paren) i++;
  let parts = 0;
  for (;;) {
    skip();
    const partStart = i;
    if (text[i] === '&') i++;
    if ((text[i] !== 'b' && text[i] !== 'B') || (text[i + 1] !== "'" && text[i + 1] !== '"')) {
      if (parts > 0) {
        i = partStart;
        break;
      }
      throw new ParseError('bstring', i, `expected a byte string (b'...' or b"..."), found ${describeChar(text, i)}`);
    }
    const quote = text[i + 1];
    const open = i + 1;
    i += 2;
    for (;;) {
      if (i >= n) throw new ParseError('bstring', open, `the byte string opened here is not closed (no ${quote})`);
      const c = text.charCodeAt(i);
      if (text[i] === quote) {
        i++;
        break;
      }
      if (c !== 92) {
        if (c < 0x20 || c > 0x7e)
          throw new ParseError(
            'bstring',
            i,
            `${describeChar(text, i)} cannot stand in a byte string (only printable ASCII; write it as \\xHH)`,
          );
        out.push(c);
        i++;
        continue;
      }
      const e = text[i + 1];
      if (e === 'x') {
        const h = hexVal(text[i + 2] ?? '');
        const l = hexVal(text[i + 3] ?? '');
        if (h < 0 || l < 0) throw new ParseError('bstring', i, '"\\x" must be followed by two hex digits');
        out.push((h << 4) | l);
        i += 4;
      } else if (e === '0' && !(text[i + 2] >= '0' && text[i + 2] <= '9')) {
        out.push(0); // Rust's \0 (and what bytes::Bytes prints); Python reads it the same
        i += 2;
      } else if (e >= '0' && e <= '7') {
        throw new ParseError(
          'bstring',
          i,
          `octal escapes are not read (Python's \\NNN differs from Rust's \\0 followed by a digit); write \\xHH`,
        );
      } else if (e === '\n') {
        i += 2; // Python's line continuation
      } else if (e !== undefined && Object.hasOwn(SIMPLE_ESCAPES, e)) {
        out.push(SIMPLE_ESCAPES[e]);
        i += 2;
      } else {
        throw new ParseError('bstring', i, `unknown escape "\\${e ?? ''}" in a byte string`);
      }
    }
    parts++;
  }
  skip();
  if (paren) {
    if (text[i] !== ')') throw new ParseError('bstring', i, `expected ")", found ${describeChar(text, i)}`);
    i++;
    skip();
  }
  if (text[i] === ';') i++;
  skip();
  if (i < n) throw new ParseError('bstring', i, `unexpected ${describeChar(text, i)} after the byte string`);
  return { bytes: Uint8Array.from(out) };
}

// ---- hex dumps: xxd and hexdump -C --------------------------------------------------------------

// xxd:         00000000: 0000 0001 0004 7261 6674 0000            ............
// hexdump -C:  00000000  00 00 00 01 00 04 72 61  66 74 00 00              |......raft..|
//              0000000c                      (the end offset; '*' stands for repeated lines)
const XXD_FIRST = /^\s*[0-9a-fA-F]{8}: [0-9a-fA-F]{2}/;
const HEXDUMP_FIRST = /^\s*[0-9a-fA-F]{8} {2}[0-9a-fA-F]{2} [^\n]*\|/;

function looksLikeDump(text) {
  return XXD_FIRST.test(text.slice(0, 200)) || HEXDUMP_FIRST.test(text.slice(0, 200));
}

function parseDump(text) {
  const out = [];
  let last = null; // the previous line's bytes, for '*'
  let repeat = false;
  let pos = 0;
  let ended = false;
  while (pos <= text.length) {
    let eol = text.indexOf('\n', pos);
    if (eol < 0) eol = text.length;
    const line = text.slice(pos, eol).replace(/\r$/, '');
    const lineAt = pos;
    pos = eol + 1;
    if (line.trim() === '') continue;
    if (ended) throw new ParseError('dump', lineAt, 'text after the end offset line of the dump');
    if (line.trim() === '*') {
      repeat = true;
      continue;
    }
    const m = /^(\s*)([0-9a-fA-F]+)(:?)/.exec(line);
    if (!m)
      throw new ParseError(
        'dump',
        lineAt,
        `expected an offset at the start of the line, found ${describeChar(text, lineAt)}`,
      );
    const offset = parseInt(m[2], 16);
    if (repeat) {
      // hexdump's '*': the previous line repeats up to this offset.
      while (last && last.length > 0 && out.length + last.length <= offset) out.push(...last);
      repeat = false;
    }
    if (offset !== out.length)
      throw new ParseError(
        'dump',
        lineAt + m[1].length,
        `offset ${m[2]} does not follow the ${out.length} bytes read so far (0x${out.length.toString(16)})`,
      );
    let rest = line.slice(m[0].length);
    const restAt = lineAt + m[0].length;
    if (m[3] === ':') {
      // xxd: groups of hex digits separated by one space; two spaces start the text column.
      const cut = rest.search(/ {2}| ?$/);
      rest = rest.slice(0, cut);
    } else {
      const bar = rest.indexOf('|');
      if (bar < 0) {
        if (rest.trim() !== '') throw new ParseError('dump', restAt, 'a hexdump -C line without its |text| column');
        ended = true; // the end offset line
        continue;
      }
      rest = rest.slice(0, bar);
    }
    // Pairs of hex digits; xxd groups several pairs without a space between them.
    const bytes = [];
    for (let k = 0; k < rest.length;) {
      const c = rest[k];
      if (c === ' ' || c === '\t') {
        k++;
        continue;
      }
      const h = hexVal(c);
      if (h < 0)
        throw new ParseError('dump', restAt + k, `${describeChar(text, restAt + k)} in the hex columns of a dump line`);
      const l = k + 1 < rest.length ? hexVal(rest[k + 1]) : -1;
      if (l < 0) throw new ParseError('dump', restAt + k, 'odd number of hex digits in a group of the dump line');
      bytes.push((h << 4) | l);
      k += 2;
    }
    if (bytes.length === 0) throw new ParseError('dump', restAt, 'a dump line without bytes');
    for (const b of bytes) out.push(b);
    last = bytes;
  }
  return { bytes: Uint8Array.from(out) };
}

// ---- JSON: a JSON Lines line, the CLI's document, the viewer's "Copy JSON" ------------------------

const I64_FIELDS = new Set(['registeredAt', 'producerId', 'grantedAt', 'deadline']);

// A record as the API's toJSON writes it (i64 as decimal strings) -> the encoder's input.
function recordFromJson(obj, index) {
  const record = {};
  for (const [k, v] of Object.entries(obj)) {
    if (I64_FIELDS.has(k)) {
      if (typeof v === 'string' && /^-?\d{1,20}$/.test(v)) record[k] = BigInt(v);
      else if (Number.isSafeInteger(v)) record[k] = BigInt(v);
      else
        throw new ParseError(
          'json',
          index,
          `"${k}" must be an integer (a decimal string for an exact i64), found ${JSON.stringify(v)}`,
        );
    } else {
      record[k] = v;
    }
  }
  return record;
}

function isRecordJson(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && typeof v.kind === 'string';
}

function parseJson(text, options) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const m = /position (\d+)/.exec(e.message);
    throw new ParseError('json', m ? Number(m[1]) : 0, `not JSON: ${e.message}`);
  }
  const at = (name) => Math.max(0, text.indexOf(`"${name}"`));
  const encode = (v, part, index) => {
    if (v === null) return null;
    if (typeof v === 'string') {
      // Hex, or base64 when it is not hex (issue 11's JSON Lines allow both).
      try {
        return parseHex(v);
      } catch {
        try {
          return parseBase64(v);
        } catch (e) {
          throw new ParseError('json', index, `"${part}" is neither hex nor base64: ${e.message}`);
        }
      }
    }
    if (!isRecordJson(v)) throw new ParseError('json', index, `"${part}" must be hex, null or a record`);
    const record = recordFromJson(v, index);
    const recordPart = 'role' in record ? 'key' : 'value';
    if (recordPart !== part)
      throw new ParseError('json', index, `a ${recordPart} record where the ${part} is expected`);
    if (!options.encodeRecord)
      throw new ParseError(
        'json',
        index,
        'a decoded record: reading it back needs the codec (parseInput option encodeRecord)',
      );
    try {
      return options.encodeRecord(record, part);
    } catch (e) {
      throw new ParseError('json', index, `the ${part} record does not encode: ${e.message}`);
    }
  };
  if (doc === null) return { bytes: null, detail: 'null (no value: a tombstone)' };
  if (Array.isArray(doc) || typeof doc !== 'object')
    throw new ParseError('json', 0, 'expected a JSON object (a JSON Lines line or a record) or null');
  if ('key' in doc || 'value' in doc) {
    // A line of the whole-topic mode ({"key": HEX|null, "value": HEX|null, ...}) or the CLI's
    // document ({"key": {...}|null, "value": {...}|null, "error": ...}): both parts, one selected.
    const pair = {
      key: encode(doc.key ?? null, 'key', at('key')),
      value: encode(doc.value ?? null, 'value', at('value')),
    };
    if (doc.error && pair[options.part ?? 'key'] === null) {
      throw new ParseError(
        'json',
        at('error'),
        `this document reports an error (${doc.error.code ?? 'unknown'}) and holds no bytes for the ${options.part ?? 'key'}`,
      );
    }
    return {
      bytes: pair[options.part ?? 'key'],
      pair,
      detail:
        typeof doc.key === 'string' || typeof doc.value === 'string' ? 'JSON Lines line' : 'decoded key and value',
    };
  }
  if (isRecordJson(doc)) {
    const part = 'role' in doc ? 'key' : 'value';
    if (options.part && options.part !== part)
      throw new ParseError('json', 0, `a ${part} record where the ${options.part} is expected`);
    return { bytes: encode(doc, part, 0), detail: `decoded ${part} record` };
  }
  if ('error' in doc) {
    throw new ParseError(
      'json',
      at('error'),
      'the JSON of a record that did not decode holds its error, not its bytes: copy the hex instead',
    );
  }
  throw new ParseError('json', 0, 'a JSON object with neither "key"/"value" nor "kind"');
}

const PARSERS = {
  hex: (t) => ({ bytes: parseHex(t) }),
  base64: (t) => ({ bytes: parseBase64(t) }),
  java: parseJava,
  array: parseArray,
  bstring: parseByteString,
  dump: parseDump,
  json: parseJson,
};

function okResult(format, r, alsoValid = []) {
  const out = { ok: true, format, bytes: r.bytes ?? new Uint8Array(0), alsoValid };
  if (r.bytes === null) out.isNull = true;
  if (r.detail) out.detail = r.detail;
  if (r.pair) out.pair = r.pair;
  return out;
}

/**
 * Parses text into bytes.
 * @param {string} text
 * @param {'auto'|'hex'|'base64'|'java'|'array'|'bstring'|'dump'|'json'} [format='auto']
 * @param {{part?: 'key'|'value', encodeRecord?: (record: object, part: 'key'|'value') => Uint8Array,
 *          plausible?: (bytes: Uint8Array) => boolean}} [options] part: which part of a JSON Lines
 *   line or a CLI document to take (default key); encodeRecord: re-encodes a pasted record (the
 *   viewer's "Copy JSON"); plausible: whether bytes are likely what the user meant (e.g. decode as
 *   a record), to name another reading ("also valid as Base64") only when it is plausible.
 *   parseOptionsFor(codec, part) builds them from a codec.
 * @returns {{ok: true, format: string, bytes: Uint8Array, alsoValid: string[], detail?: string,
 *            isNull?: true, pair?: {key: Uint8Array|null, value: Uint8Array|null}}
 *         | {ok: false, format: string, error: {format, index, line, col, message}}}
 *   isNull: the text is a JSON null (bytes is then empty); pair: both parts of a JSON pair.
 */
export function parseInput(text, format = 'auto', options = {}) {
  if (typeof text !== 'string') throw new TypeError('text must be a string');
  if (format !== 'auto') {
    if (!Object.hasOwn(PARSERS, format)) throw new TypeError(`unknown format ${format}`);
    try {
      return okResult(format, PARSERS[format](text, options));
    } catch (e) {
      return errorResult(text, format, e, FORMAT_LABELS[format]);
    }
  }
  // Empty text is none of the formats below: parseHexOrBase64 reads it as zero bytes.
  const t = text.trim();
  const single = (fmt) => {
    try {
      return okResult(fmt, PARSERS[fmt](text, options));
    } catch (e) {
      return errorResult(text, fmt, e, FORMAT_LABELS[fmt]);
    }
  };
  if (t === 'null' || /^\{\s*"/.test(t)) return single('json');
  if (looksLikeDump(text)) return single('dump');
  const start = literalStart(text);
  const lit = text.slice(start, start + 40).trimStart();
  if (/^(?:\(\s*)?&?[bB]['"]/.test(lit)) return single('bstring');
  if (/^(?:[[{&]|new\b|Uint8Array\b|Buffer\b|bytes\b|bytearray\b|vec!)/.test(lit)) {
    let r;
    try {
      r = parseArrayLiteral(text, start, 'auto');
    } catch (e) {
      const fmt = /^new\b/.test(lit) ? 'java' : 'array';
      return errorResult(text, fmt, e, FORMAT_LABELS[fmt]);
    }
    return okResult(r.opener.java || r.negative ? 'java' : 'array', r);
  }
  return parseHexOrBase64(text, options);
}

/**
 * parseInput options from a codec (the object loadCodec() resolves to): `part` selects the key or
 * the value of a pasted pair; pasted records are re-encoded by the codec; a reading is plausible
 * when it decodes as a record of that part (any part when part is omitted).
 */
export function parseOptionsFor(codec, part) {
  const decodes = (fn) => {
    try {
      fn();
      return true;
    } catch {
      return false;
    }
  };
  return {
    part,
    encodeRecord: (record, p) => (p === 'key' ? codec.encodeKey(record) : codec.encodeValue(record)),
    plausible: (bytes) =>
      bytes.length > 0 &&
      ((part !== 'value' && decodes(() => codec.decodeKey(bytes))) ||
        (part !== 'key' &&
          (decodes(() => codec.decodeValue('registration', bytes)) ||
            decodes(() => codec.decodeValue('lease', bytes))))),
  };
}

// ---- uploaded files ------------------------------------------------------------------------------

/**
 * Decides how to read an uploaded file (or the CLI's stdin): as the record's raw bytes, or as text
 * in one of the input formats (a .txt holding hex or base64). Text when the bytes are UTF-8 with no
 * control characters but whitespace and parse as an input format, unless options.plausible says
 * the raw bytes are a record (records start with a 00 00 version, so they are rarely text).
 * @param {Uint8Array} bytes
 * @param {object} [options] parseInput's options
 * @returns {{reading: 'raw'|'text', bytes: Uint8Array, raw: Uint8Array, text: string|null,
 *            parsed: object|null, reason: string}} bytes: those of the reading used; raw: the
 *   file's bytes; text and parsed: the text reading (parsed is parseInput's result, null when the
 *   file is not text), for a switch between the two readings.
 */
export function detectUpload(bytes, options = {}) {
  const raw = (reason, text = null, parsed = null) => ({ reading: 'raw', bytes, raw: bytes, text, parsed, reason });
  if (bytes.length === 0) return raw('the file is empty');
  if (options.plausible?.(bytes)) return raw('the bytes decode as a record');
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return raw('the file is not UTF-8 text');
  }
  if (/[\x00-\x08\x0e-\x1f\x7f]/.test(text)) return raw('the file holds control characters, so it is not text');
  const parsed = parseInput(text, 'auto', options);
  if (!parsed.ok) return raw(`the text is no input format (${parsed.error.message})`, text, parsed);
  if (parsed.format === 'empty') return raw('the text is only whitespace', text, parsed);
  return {
    reading: 'text',
    bytes: parsed.bytes,
    raw: bytes,
    text,
    parsed,
    reason: `the file is text in the ${FORMAT_LABELS[parsed.format]} format`,
  };
}

// ---- hints for errors whose cause is in how the bytes were obtained ---------------------------------

/**
 * A likely cause of a decode error that lies outside the record, or null.
 * @param {Uint8Array} bytes the record bytes that failed
 * @param {{code: string, offset: number}} error the codec's error (inspect()'s error, or a CoordinationError)
 * @returns {{cause: string, message: string, fixed: Uint8Array} | null} fixed: the bytes without the cause
 */
export function errorHint(bytes, error) {
  if (!bytes || !error || error.code !== 'TRAILING_BYTES') return null;
  const tail = bytes.subarray(error.offset);
  const fixed = bytes.subarray(0, error.offset);
  if (tail.length === 1 && tail[0] === 0x0a) {
    return {
      cause: 'newline',
      message:
        "The one extra byte is 0a, a newline: kcat's -f '%s\\n' (or echo, or an editor saving a file) adds it after the record. Without it the record decodes.",
      fixed,
    };
  }
  if (tail.length === 2 && tail[0] === 0x0d && tail[1] === 0x0a) {
    return {
      cause: 'crlf',
      message:
        'The two extra bytes are 0d 0a, a Windows line ending added after the record. Without them the record decodes.',
      fixed,
    };
  }
  return null;
}
