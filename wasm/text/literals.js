// Bytes out: the literal formats of the viewer and the CLI (hex, base64, and a literal for each
// language a test may be written in), the JSON Lines line of the whole-topic mode, a hex dump for
// people, and the "corrupt it" variants of a valid record for negative tests. Pure functions; the
// corrupt variants take the codec as an argument. wasm/text/input-formats.js reads every literal back.

import { HEX, bytesToHex } from './hex-base64.js';

function base64(bytes) {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

const hexList = (bytes) => Array.from(bytes, (b) => '0x' + HEX[b]).join(', ');

// A byte string of printable ASCII and escapes. `quote` is escaped; so is the backslash.
function byteString(bytes, quote) {
  let s = '';
  for (const b of bytes) {
    if (b === 0x5c) s += '\\\\';
    else if (b === quote.charCodeAt(0)) s += '\\' + quote;
    else if (b === 0x0a) s += '\\n';
    else if (b === 0x0d) s += '\\r';
    else if (b === 0x09) s += '\\t';
    else if (b >= 0x20 && b < 0x7f) s += String.fromCharCode(b);
    else s += '\\x' + HEX[b];
  }
  return s;
}

/**
 * The literal formats, one table: id -> { label, format(bytes) }. Each output is one line that
 * parseInput() reads back to the same bytes (its format in parseAs).
 */
export const LITERALS = {
  hex: { label: 'Hex', parseAs: 'hex', format: bytesToHex },
  base64: { label: 'Base64', parseAs: 'base64', format: base64 },
  java: {
    label: 'Java byte[] (signed)',
    parseAs: 'java',
    format: (b) => `new byte[]{${Array.from(b, (x) => (x << 24) >> 24).join(', ')}}`,
  },
  go: { label: 'Go []byte', parseAs: 'array', format: (b) => `[]byte{${hexList(b)}}` },
  rust: { label: 'Rust &[u8]', parseAs: 'array', format: (b) => `&[${hexList(b)}]` },
  'rust-bytes': { label: 'Rust b"..."', parseAs: 'bstring', format: (b) => `b"${byteString(b, '"')}"` },
  python: { label: "Python b'...'", parseAs: 'bstring', format: (b) => `b'${byteString(b, "'")}'` },
  c: { label: 'C array', parseAs: 'array', format: (b) => `const uint8_t bytes[${b.length}] = {${hexList(b)}};` },
  js: { label: 'JS Uint8Array', parseAs: 'array', format: (b) => `Uint8Array.of(${hexList(b)})` },
};

/** The ids of LITERALS, in menu order; the CLI's `encode --as` takes one of them. */
export const LITERAL_FORMATS = Object.keys(LITERALS);

/** bytes as the literal `format` (an id of LITERALS). */
export function formatLiteral(bytes, format) {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('formatLiteral: bytes must be a Uint8Array');
  if (!Object.hasOwn(LITERALS, format))
    throw new TypeError(`formatLiteral: unknown format ${format} (one of ${LITERAL_FORMATS.join(', ')})`);
  return LITERALS[format].format(bytes);
}

const jsonInteger = (v) => (typeof v === 'bigint' ? (v >= -(2n ** 53n) && v <= 2n ** 53n ? Number(v) : String(v)) : v);

/**
 * The JSON Lines line of the whole-topic mode: {"key":HEX|null,"value":HEX|null} and, when given,
 * "partition", "offset", "timestamp" (numbers; a bigint beyond 2^53 as a decimal string).
 * A null value is a tombstone.
 */
export function formatJsonLine({ key, value, partition, offset, timestamp }) {
  const line = { key: key == null ? null : bytesToHex(key), value: value == null ? null : bytesToHex(value) };
  if (partition !== undefined) line.partition = jsonInteger(partition);
  if (offset !== undefined) line.offset = jsonInteger(offset);
  if (timestamp !== undefined) line.timestamp = jsonInteger(timestamp);
  return JSON.stringify(line);
}

/**
 * A hex dump in the layout of `hexdump -C` (offset, 16 bytes in two groups of 8, |text|, the end
 * offset on the last line; no '*' folding, every line is shown). parseInput reads it back.
 */
export function hexDump(bytes) {
  const lines = [];
  for (let o = 0; o < bytes.length; o += 16) {
    const row = bytes.subarray(o, o + 16);
    let cols = '';
    for (let i = 0; i < 16; i++) cols += (i < row.length ? HEX[row[i]] + ' ' : '   ') + (i === 7 ? ' ' : '');
    let text = '';
    for (const b of row) text += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.';
    lines.push(`${o.toString(16).padStart(8, '0')}  ${cols} |${text}|`);
  }
  lines.push(bytes.length.toString(16).padStart(8, '0'));
  return lines.join('\n');
}

// ---- corrupt variants ----------------------------------------------------------------------------

// A string as Java's DataOutput.writeUTF writes its body: modified UTF-8 (NUL as C0 80, each UTF-16
// unit on its own, so a supplementary character becomes a CESU-8 surrogate pair).
function writeUtfBody(s) {
  const out = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 1 && c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

function splice(bytes, at, remove, insert) {
  const out = new Uint8Array(bytes.length - remove + insert.length);
  out.set(bytes.subarray(0, at));
  out.set(insert, at);
  out.set(bytes.subarray(at + remove), at + insert.length);
  return out;
}

/**
 * The common broken variants of a valid record, for negative tests, computed from its inspect()
 * field tree: cut before each field and one byte short, a string's first byte made invalid UTF-8
 * (FF), a string's length prefix made negative (FF FF), a string in Java's writeUTF form (its first
 * character replaced by U+0000 when the string has no NUL and no supplementary character, whose
 * writeUTF form would be plain UTF-8), a trailing 00 byte, and kcat's trailing newline.
 * @param {object} codec from loadCodec()
 * @param {Uint8Array} bytes a record that decodes as target
 * @param {'key'|'registration'|'lease'} target
 * @returns {{id: string, label: string, bytes: Uint8Array, expect: {code: string, offset: number, field: string}}[]}
 *   expect: the error the decoder gives for the variant (worked out here from the layout rules of
 *   golden/README.md, and checked against the codec by tests/node/literals.test.mjs).
 */
export function corruptVariants(codec, bytes, target) {
  const ins = codec.inspect(bytes, target);
  if (!ins.ok || ins.tombstone) throw new TypeError(`corruptVariants: the bytes must be a valid ${target} record`);
  const fields = ins.fields;
  const variants = [];
  const add = (id, label, b, code, offset, field) =>
    variants.push({ id, label, bytes: b, expect: { code, offset, field } });
  for (const f of fields) {
    // An empty value is a tombstone, not a cut record.
    if (f.offset === 0 && target !== 'key') continue;
    add(
      `cut-before-${f.name}`,
      `Cut before ${f.name} (${f.offset} bytes)`,
      bytes.slice(0, f.offset),
      'TRUNCATED',
      f.offset,
      f.path,
    );
  }
  const last = fields[fields.length - 1];
  add(
    'cut-one-short',
    `Cut one byte short (in ${last.name})`,
    bytes.slice(0, bytes.length - 1),
    'TRUNCATED',
    last.offset,
    last.path,
  );
  for (const f of fields.filter((x) => x.wireType === 'string')) {
    const body = f.offset + 2;
    const bodyLength = f.length - 2;
    add(
      `negative-length-${f.name}`,
      `Negative length of ${f.name} (FF FF)`,
      splice(bytes, f.offset, 2, [0xff, 0xff]),
      'NEGATIVE_LENGTH',
      f.offset,
      f.path,
    );
    if (bodyLength > 0) {
      const flipped = bytes.slice();
      flipped[body] = 0xff;
      add(
        `invalid-utf8-${f.name}`,
        `Invalid UTF-8 in ${f.name} (first byte FF)`,
        flipped,
        'INVALID_UTF8',
        body,
        f.path,
      );
    }
    let s = f.value;
    let label = `${f.name} in Java writeUTF form`;
    if (!/[\0\uD800-\uDFFF]/.test(s)) {
      s = '\0' + s.slice(s.codePointAt(0) > 0xffff ? 2 : 1);
      label += ' (first character replaced by U+0000, written C0 80)';
    }
    const modified = writeUtfBody(s);
    const utf8 = new TextEncoder().encode(s);
    let diff = 0;
    while (modified[diff] === utf8[diff]) diff++;
    const prefix = [modified.length >> 8, modified.length & 255];
    add(
      `writeutf-${f.name}`,
      label,
      splice(bytes, f.offset, f.length, [...prefix, ...modified]),
      'INVALID_UTF8',
      body + diff,
      f.path,
    );
  }
  const end = bytes.length;
  add('trailing-byte', 'A trailing 00 byte', splice(bytes, end, 0, [0]), 'TRAILING_BYTES', end, target);
  add(
    'trailing-newline',
    "A trailing newline (kcat -f '%s\\n')",
    splice(bytes, end, 0, [0x0a]),
    'TRAILING_BYTES',
    end,
    target,
  );
  return variants;
}
