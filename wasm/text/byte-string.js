// Byte strings: input-formats.js's 'bstring' format (Python b'...' / b"..." (repr), Rust b"..."
// and &b"...") and its 'kafka' format (Kafka's escaped text, also read by wasm/text/record-lines.js in
// kafka-console-consumer lines).
import { ParseError, describeChar, hexVal, isSpace } from './hex-base64.js';
import { literalStart } from './array-literal.js';

export const BYTE_STRING_LABELS = {
  bstring: 'Byte string (Python b\'...\', Rust b"...")',
  kafka: 'Kafka text (\\xHH, console consumer)',
};

const UPPER_HEX = /^[0-9A-F]{2}$/;

/**
 * Bytes as Kafka's org.apache.kafka.common.utils.Bytes.toString writes them (what
 * kafka-console-consumer prints with BytesDeserializer): printable ASCII but the backslash as
 * is, any other byte as \xHH with upper-case hex digits; nothing else (no quotes, no other
 * escape). Line breaks at the ends of the text (a paste's) are not part of it. Throws a
 * ParseError at the first character that Bytes.toString cannot have written.
 */
export function parseKafkaEscaped(text) {
  const lineBreak = (i) => text[i] === '\n' || text[i] === '\r';
  let start = 0;
  let end = text.length;
  while (start < end && lineBreak(start)) start++;
  while (end > start && lineBreak(end - 1)) end--;
  const out = new Uint8Array(end - start);
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) {
      if (text[i + 1] !== 'x' || !UPPER_HEX.test(text.slice(i + 2, Math.min(i + 4, end))))
        throw new ParseError('kafka', i, 'a backslash that does not start an escape \\xHH (two upper-case hex digits)');
      out[n++] = parseInt(text.slice(i + 2, i + 4), 16);
      i += 3;
    } else if (c >= 0x20 && c <= 0x7e) {
      out[n++] = c;
    } else {
      throw new ParseError(
        'kafka',
        i,
        `${describeChar(text, i)} is not printable ASCII: Bytes.toString writes it as \\xHH`,
      );
    }
  }
  return { bytes: out.slice(0, n) };
}

const SIMPLE_ESCAPES = { n: 10, r: 13, t: 9, '\\': 92, "'": 39, '"': 34, a: 7, b: 8, f: 12, v: 11 };

export function parseByteString(text) {
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
