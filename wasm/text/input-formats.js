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
//   kafka   Kafka's escaped text (`\x00\x04raft`: Bytes.toString, what kafka-console-consumer
//           prints with BytesDeserializer): printable ASCII but the backslash, \xHH (upper case).
//   dump    `xxd` or `hexdump -C` output (offsets checked, hexdump's '*' expanded), or Node's
//           `<Buffer 00 0b ...>` (console.log of a Buffer; refused when Node cut it short).
//   json    a JSON Lines line `{"key": HEX|B64|null, "value": HEX|B64|null, ...}` (a string is hex
//           when it is valid hex, else base64), the CLI's decode
//           document, a record as the viewer's "Copy JSON" writes it (re-encoded through the
//           encodeRecord option), or `null` (no value: isNull).
// Literal forms, declarations before them (`byte[] k = ...;`, `const uint8_t k[] = {...};`,
// `k := []byte{...}`) and a final ';' are allowed. wasm/text/literals.js writes every one of them.
//
// Detection ('auto') is strict: the text must be exactly one format, or an error says where
// parsing stops (index, line and column). Precedence when several formats accept the text:
//   1. `null` or '{' followed by '"' is json; a first line like xxd's or hexdump -C's is a dump.
//   2. a byte string (b'...') is bstring; an array literal (by its opener) is java when it is
//      `new byte[]` or has a negative element (both signed and > 127 is an error), else array.
//   3. hex wins over base64 when the text is valid hex ("abcd", "0x00" are both); base64 is named
//      in alsoValid only when the options' plausible() accepts its bytes (e.g. they decode as a
//      record): otherwise nearly every hex paste would be "also valid as base64". Text holding a
//      `\x` escape is hex when it is valid hex (`\x00\x01`), else Kafka's escaped text
//      (`\x00\x04raft`); kafka is named in alsoValid when it reads other, plausible bytes
//      (`\x00cafe`: hex 00 CA FE, Kafka's 00 63 61 66 65).
//   4. text made only of hex digits and separators is hex, even when hex fails (an odd digit
//      count is a typo, not base64: "abc" is an error, force Base64 to read it as base64).
//   5. otherwise base64.
// Empty text (or only whitespace) is zero bytes. Hex, base64 and steps 3 to 5 are in
// wasm/text/hex-base64.js (the <coordination-record> element's reader, without the other formats); the
// other formats' readers are in wasm/text/ (array-literal, byte-string, hex-dump, json-record).

import { HEX_BASE64_LABELS, errorResult, parseBase64, parseHex, parseHexOrBase64 } from './hex-base64.js';
import { ARRAY_LABELS, literalStart, parseArray, parseArrayLiteral, parseJava } from './array-literal.js';
import { BYTE_STRING_LABELS, parseByteString, parseKafkaEscaped } from './byte-string.js';
import { HEX_DUMP_LABELS, looksLikeDump, parseDump } from './hex-dump.js';
import { JSON_LABELS, parseJson } from './json-record.js';

export { INPUT_LIMIT, lineCol } from './hex-base64.js';

export const FORMATS = ['hex', 'base64', 'java', 'array', 'bstring', 'kafka', 'dump', 'json'];

export const FORMAT_LABELS = {
  ...HEX_BASE64_LABELS,
  ...ARRAY_LABELS,
  ...BYTE_STRING_LABELS,
  ...HEX_DUMP_LABELS,
  ...JSON_LABELS,
};

const PARSERS = {
  hex: (t) => ({ bytes: parseHex(t) }),
  base64: (t) => ({ bytes: parseBase64(t) }),
  java: parseJava,
  array: parseArray,
  bstring: parseByteString,
  kafka: parseKafkaEscaped,
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
  if (text.includes('\\x')) return hexOrKafka(text, options, single);
  return parseHexOrBase64(text, options);
}

const sameBytes = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

// Text with a \x escape (rule 3 above): hex when it is valid hex, else Kafka's escaped text; when
// neither, the error of the reading that got further.
function hexOrKafka(text, options, single) {
  const hex = parseHexOrBase64(text, options);
  const kafka = single('kafka');
  if (hex.ok) {
    if (kafka.ok && !sameBytes(kafka.bytes, hex.bytes) && options.plausible?.(kafka.bytes)) hex.alsoValid.push('kafka');
    return hex;
  }
  return kafka.ok || kafka.error.index >= hex.error.index ? kafka : hex;
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

// How many records of `target` the bytes are, one after another (each decodes and the last ends
// with the bytes), or 0. Each record is at least 12 bytes (a lease key), so the walk is bounded;
// each step reads a window larger than any record (a key is at most 518 bytes, a value 285), not
// the whole rest: 4 MiB of keys took 22 s when each step read the rest.
const RECORD_WINDOW = 4096;
function recordRun(codec, bytes, target) {
  let count = 0;
  for (let at = 0; at < bytes.length; count++) {
    const window = bytes.subarray(at, at + RECORD_WINDOW);
    const ins = codec.inspect(window, target);
    if (ins.ok) return at + window.length === bytes.length ? count + 1 : 0;
    if (ins.error.code !== 'TRAILING_BYTES') return 0;
    at += ins.error.offset;
  }
  return 0;
}

/**
 * A likely cause of a decode error that lies outside the record, or null.
 * @param {Uint8Array} bytes the record bytes that failed
 * @param {{code: string, offset: number, field?: string}} error the codec's error (inspect()'s
 *   error, or a CoordinationError)
 * @param {object} [codec] the codec (loadCodec()): with it, bytes that are several whole records
 *   of the error's target one after another are named (kcat -f '%k' over several partitions)
 * @returns {{cause: string, message: string, fixed: Uint8Array} | null} fixed: the bytes without the
 *   cause (for several records, the first)
 */
export function errorHint(bytes, error, codec) {
  if (!bytes || !error || error.code !== 'TRAILING_BYTES') return null;
  const tail = bytes.subarray(error.offset);
  const fixed = bytes.subarray(0, error.offset);
  const count =
    codec && ['key', 'registration', 'lease'].includes(error.field) ? recordRun(codec, tail, error.field) : 0;
  if (count > 0) {
    const what = error.field === 'key' ? 'keys' : `${error.field} values`;
    return {
      cause: 'several-records',
      message: `The bytes are ${count + 1} whole ${what} one after another (the first ends at offset ${error.offset}). kcat -f '%k' (or '%s') prints records with nothing between them: on a topic of several partitions, -o -1 gives the last record of each partition, run together. Read one partition (kcat -p N), or fold them all with coordination-viewer state (README, "The command line").`,
      fixed,
    };
  }
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
