// Record inputs of the whole-topic mode other than segments (wasm/core/log/README.md: JSON Lines,
// text lines, kcat framed records), split into the records a folder takes
// (createFolder().pushRecords). Shared by the CLI (wasm/cli/state.mjs, and `decode --jsonl`'s
// lines) and the viewer's topic worker; plain JS, no Node APIs. Reading is linear in the input:
// bytes cut by a chunk's end are kept in one growing buffer (each byte copied in once), never
// joined to the next chunk and searched again.
import { MAX_PARTITION, toI64 } from '../api/boundary.js';
import { ParseError, parseHex } from './hex-base64.js';
import { parseKafkaEscaped } from './byte-string.js';
import { bytesOfString } from './json-record.js';

/**
 * The longest line and the largest kcat framed record (key and value bytes) read: 8 MiB. Kafka's
 * default max.message.bytes is 1 MiB, and a line writes a record's bytes as hex (2 characters a
 * byte) or \xHH escapes (4 at most); a longer line is no record line, and reading stops there
 * rather than hold the input in memory (/dev/zero has no newline).
 */
export const RECORD_INPUT_LIMIT = 8 << 20;

// A key or value as text in JSON Lines: the paste box's reader (hex when it is valid hex, else
// base64); null is null.
function bytesOf(text, what) {
  try {
    return bytesOfString(text);
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    throw new Error(`${what} is neither hex nor base64`);
  }
}

// A number or a decimal string as a bigint from `min` (default -2^63) to 2^63-1, never wrapped
// (pushRecords refuses what does not fit). Throws the reason.
function intOf(v, what, min) {
  if (typeof v === 'number' && Number.isSafeInteger(v)) v = BigInt(v);
  else if (typeof v === 'string' && /^-?\d+$/.test(v)) v = BigInt(v);
  else throw new Error(`${what} must be an integer (a number or a decimal string)`);
  return toI64(v, what, { min });
}

// kafka-console-consumer's DefaultMessageFormatter with print.timestamp, print.partition,
// print.offset and print.key, the default separators (tab, newline) and BytesDeserializer for key
// and value (wasm/core/log/README.md): TYPE:TIMESTAMP, Partition:N, Offset:N, key, value.
const CONSOLE_LINE =
  /^(?:(?:CreateTime|LogAppendTime):(-?\d+)|NO_TIMESTAMP)\tPartition:(\d+)\tOffset:(\d+)\t([^\t]*)\t([^\t]*)$/;
const CONSOLE_START = /^(?:(?:CreateTime|LogAppendTime):-?\d+|NO_TIMESTAMP)\tPartition:/;

/**
 * The line format of an input, from its first non-empty line: 'json' (starts with `{`),
 * 'console' (kafka-console-consumer's CONSOLE_LINE) or 'text'.
 */
export function lineMode(firstLine) {
  if (firstLine.trimStart().startsWith('{')) return 'json';
  return CONSOLE_START.test(firstLine) ? 'console' : 'text';
}

/** One line of an input in `mode` (lineMode) as a record; throws the reason it is not one. */
export function parseLine(mode, text, line) {
  if (mode === 'json') return jsonLine(text, line);
  if (mode === 'console') return consoleLine(text, line);
  return textLine(text, line);
}

// A key or value of a kafka-console-consumer line: Kafka's escaped text (input/byte-string.js,
// the paste box's 'kafka' format).
function kafkaEscaped(text, what) {
  try {
    return parseKafkaEscaped(text).bytes;
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    throw new Error(`${what}: character ${e.index + 1}: ${e.message}`);
  }
}

/**
 * A kafka-console-consumer line (CONSOLE_LINE). With null.literal set to nothing, a null key or
 * value prints as an empty one: an empty value is a tombstone like a null one; an empty key is
 * read as empty (a record with it does not decode either way). Throws the reason.
 */
export function consoleLine(text, line) {
  const m = CONSOLE_LINE.exec(text);
  if (!m)
    throw new Error(
      'expected "CreateTime:TIMESTAMP<tab>Partition:N<tab>Offset:N<tab>KEY<tab>VALUE" (kafka-console-consumer with print.timestamp, print.partition, print.offset and print.key)',
    );
  const partition = Number(m[2]);
  if (partition > MAX_PARTITION) throw new Error(`partition ${m[2]} is above 2^31-1`);
  const value = kafkaEscaped(m[5], 'value');
  return {
    partition,
    offset: intOf(m[3], 'offset', 0n),
    timestamp: m[1] === undefined ? undefined : intOf(m[1], 'timestamp'),
    key: kafkaEscaped(m[4], 'key'),
    value: value.length === 0 ? null : value,
    line,
  };
}

// ---- kcat framed records ---------------------------------------------------------------------
/**
 * The kcat format string whose output is read exactly (kcat prints keys and values as raw bytes,
 * so lengths frame them): a header line "PARTITION OFFSET TIMESTAMP KEYLENGTH VALUELENGTH" (a
 * length -1 is null, and then no bytes follow), the key's bytes, the value's bytes, a newline.
 */
export const KCAT_FORMAT = '%p %o %T %K %S\\n%k%s\\n';
const KCAT_HEADER = /^(\d+) (-?\d+) (-?\d+) (-1|\d+) (-1|\d+)$/;
const KCAT_HEADER_MAX = 120; // five decimal numbers and four spaces fit in far less
const NL = 0x0a;

/**
 * The format of a record input from its first bytes (through its first newline, or its first 120
 * bytes): 'kcat' when they are a kcat framed header line, else 'lines' (JSON Lines or text lines,
 * told apart by lineMode from the first non-empty line). Decidable once `first` holds a newline or
 * 120 bytes, or is the whole input.
 */
export function recordFormat(first) {
  const nl = first.indexOf(NL);
  const head = latin1(first.subarray(0, nl < 0 ? Math.min(first.length, KCAT_HEADER_MAX) : nl));
  return KCAT_HEADER.test(head) ? 'kcat' : 'lines';
}
/** Bytes recordFormat needs at most (fewer once they hold a newline). */
export const RECORD_FORMAT_BYTES = KCAT_HEADER_MAX;

function latin1(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return s;
}

/**
 * An input that can no longer be split into records: a kcat framed input whose lengths do not
 * frame it (code 'KCAT_FRAMING'), a kcat record over RECORD_INPUT_LIMIT ('KCAT_RECORD_TOO_LARGE',
 * `position`: the byte where its header starts) or a line over it ('LINE_TOO_LONG', `line`).
 * Nothing after it can be read.
 */
export class FramingError extends Error {
  constructor(code, message, where) {
    super(message);
    this.code = code;
    Object.assign(this, where); // { position } or { line }
  }
}

const MiB = (n) => `${n / (1 << 20)} MiB (${n.toLocaleString('en-US')} bytes)`;

// Bytes kept between pushes (a record or line cut by a chunk's end): one buffer that doubles as it
// fills, so each byte is copied in once, however many chunks a record spans.
class Carry {
  constructor() {
    this.buf = new Uint8Array(0);
    this.length = 0;
  }

  get bytes() {
    return this.buf.subarray(0, this.length);
  }

  append(bytes) {
    const length = this.length + bytes.length;
    if (length > this.buf.length) {
      const grown = new Uint8Array(Math.max(length, 2 * this.buf.length, 256));
      grown.set(this.bytes);
      this.buf = grown;
    }
    this.buf.set(bytes, this.length);
    this.length = length;
  }

  /** Drops the first n bytes (what was read out of them). */
  drop(n) {
    this.buf.copyWithin(0, n, this.length);
    this.length -= n;
    if (this.length === 0 && this.buf.length > 1 << 20) this.buf = new Uint8Array(0); // a large record's room
  }
}

/**
 * Splits kcat framed records (KCAT_FORMAT) out of chunks of any size. push(chunk) returns the
 * records completed by the chunk; end() checks that the input did not stop inside one. A framing
 * error throws: the lengths are lost, nothing after it can be read. Memory: one record, at most
 * RECORD_INPUT_LIMIT.
 */
export class KcatReader {
  constructor() {
    this.carry = new Carry(); // the start of a record cut by the last chunk's end
    this.position = 0; // input position of the carry's first byte (or of the next chunk's)
    this.count = 0; // records read
  }

  push(chunk) {
    // A chunk that follows a cut record joins it; otherwise it is read in place.
    const carried = this.carry.length > 0;
    if (carried) this.carry.append(chunk);
    const buf = carried ? this.carry.bytes : chunk;
    const out = [];
    let at = 0;
    for (;;) {
      const r = this.record(buf, at);
      if (r === null) break;
      out.push(r.record);
      at = r.next;
    }
    this.position += at;
    if (carried) this.carry.drop(at);
    else this.carry.append(chunk.subarray(at));
    return out;
  }

  end() {
    const buf = this.carry.bytes;
    if (buf.length === 0) return;
    const nl = buf.indexOf(NL);
    const what =
      nl < 0
        ? `a header line ended by a newline, found ${buf.length} bytes without one`
        : `the key, value and newline its header announces (${latin1(buf.subarray(0, nl))}), the input ends after ${buf.length} bytes`;
    this.fail(this.position, `expected ${what}; was kcat stopped before its last record?`);
  }

  fail(position, what, code = 'KCAT_FRAMING') {
    throw new FramingError(code, `kcat framed record ${this.count + 1} at byte ${position}: ${what}`, { position });
  }

  // The record starting at buf[at], or null when buf ends before it does.
  record(buf, at) {
    const nl = buf.indexOf(NL, at);
    if (nl < 0) {
      if (buf.length - at > KCAT_HEADER_MAX)
        this.fail(
          this.position + at,
          `expected a header line "PARTITION OFFSET TIMESTAMP KEYLENGTH VALUELENGTH", found ${JSON.stringify(latin1(buf.subarray(at, at + 40)))}...`,
        );
      return null;
    }
    const head = latin1(buf.subarray(at, nl));
    const m = KCAT_HEADER.exec(head);
    if (!m)
      this.fail(
        this.position + at,
        `expected a header line "PARTITION OFFSET TIMESTAMP KEYLENGTH VALUELENGTH" (kcat -f '${KCAT_FORMAT}'), found ${JSON.stringify(head.length > 60 ? `${head.slice(0, 60)}...` : head)}`,
      );
    const partition = Number(m[1]);
    if (partition > MAX_PARTITION) this.fail(this.position + at, `partition ${m[1]} is above 2^31-1`);
    const keyLength = Number(m[4]);
    const valueLength = Number(m[5]);
    const size = Math.max(keyLength, 0) + Math.max(valueLength, 0);
    if (size > RECORD_INPUT_LIMIT)
      this.fail(
        this.position + at,
        `the header (${head}) announces ${size} bytes of key and value, over the ${MiB(RECORD_INPUT_LIMIT)} a record may have here`,
        'KCAT_RECORD_TOO_LARGE',
      );
    const keyAt = nl + 1;
    const valueAt = keyAt + Math.max(keyLength, 0);
    const end = valueAt + Math.max(valueLength, 0);
    if (buf.length < end + 1) return null;
    if (buf[end] !== NL)
      this.fail(
        this.position + end,
        `expected a newline after the ${keyLength < 0 ? 'null' : keyLength + '-byte'} key and the ${valueLength < 0 ? 'null' : valueLength + '-byte'} value of the header, found byte 0x${buf[end].toString(16).padStart(2, '0')}; was kcat run with -Z (NULL printed as text) or another -f?`,
      );
    let offset, timestamp;
    try {
      offset = intOf(m[2], 'offset', 0n);
      timestamp = intOf(m[3], 'timestamp');
    } catch (e) {
      this.fail(this.position + at, e.message);
    }
    this.count++;
    return {
      next: end + 1,
      record: {
        partition,
        offset,
        timestamp,
        key: keyLength < 0 ? null : buf.slice(keyAt, valueAt),
        value: valueLength < 0 ? null : buf.slice(valueAt, end),
      },
    };
  }
}

/**
 * Splits UTF-8 bytes, in chunks of any size, into lines (without their newline; a final \r is
 * left to the caller). push(chunk) returns the lines the chunk completes, end() the last one
 * (null when the input ended with a newline or was empty). A line over RECORD_INPUT_LIMIT bytes
 * throws a FramingError 'LINE_TOO_LONG' as soon as its bytes pass the limit: nothing is held
 * beyond it. Each line is decoded once (a newline byte never falls inside a UTF-8 character;
 * invalid bytes become U+FFFD).
 */
export class LineSplitter {
  constructor() {
    this.carry = new Carry(); // the start of a line cut by the last chunk's end
    this.lines = 0; // lines completed
    this.decoder = new TextDecoder();
  }

  push(chunk) {
    const out = [];
    let at = 0;
    let nl = chunk.indexOf(NL);
    if (this.carry.length > 0) {
      this.keep(nl < 0 ? chunk : chunk.subarray(0, nl));
      if (nl < 0) return out;
      out.push(this.line(this.carry.bytes));
      this.carry.drop(this.carry.length);
      at = nl + 1;
      nl = chunk.indexOf(NL, at);
    }
    for (; nl >= 0; at = nl + 1, nl = chunk.indexOf(NL, at)) {
      if (nl - at > RECORD_INPUT_LIMIT) this.tooLong();
      out.push(this.line(chunk.subarray(at, nl)));
    }
    this.keep(chunk.subarray(at));
    return out;
  }

  end() {
    if (this.carry.length === 0) return null;
    const last = this.line(this.carry.bytes);
    this.carry.drop(this.carry.length);
    return last;
  }

  line(bytes) {
    this.lines++;
    return this.decoder.decode(bytes);
  }

  keep(bytes) {
    if (this.carry.length + bytes.length > RECORD_INPUT_LIMIT) this.tooLong();
    this.carry.append(bytes);
  }

  tooLong() {
    const line = this.lines + 1;
    throw new FramingError(
      'LINE_TOO_LONG',
      `line ${line}: over ${MiB(RECORD_INPUT_LIMIT)} without a newline; a record line is far shorter (is this a record input?)`,
      { line },
    );
  }
}

// head's bytes (at most 120 of them, then the chunk that completes them).
function concat(a, b) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** {"key": HEX|BASE64|null, "value": HEX|BASE64|null, "partition"?, "offset"?, "timestamp"?}; throws the reason. */
export function jsonLine(text, line) {
  let o;
  try {
    o = JSON.parse(text);
  } catch (e) {
    throw new Error(`not JSON: ${e.message}`);
  }
  if (o === null || typeof o !== 'object' || Array.isArray(o))
    throw new Error('expected an object {"key", "value", ...}');
  if (!('key' in o) || !('value' in o)) throw new Error('expected the fields "key" and "value"');
  for (const f of ['key', 'value']) {
    if (o[f] !== null && typeof o[f] !== 'string') throw new Error(`"${f}" must be a hex or base64 string or null`);
  }
  const partition = o.partition === undefined ? 0 : Number(intOf(o.partition, '"partition"'));
  if (partition < 0 || partition > MAX_PARTITION) throw new Error('"partition" must be 0..2^31-1');
  return {
    key: o.key === null ? null : bytesOf(o.key, '"key"'),
    value: o.value === null ? null : bytesOf(o.value, '"value"'),
    partition,
    offset: o.offset === undefined ? undefined : intOf(o.offset, '"offset"', 0n),
    timestamp: o.timestamp === undefined ? undefined : intOf(o.timestamp, '"timestamp"'),
    line,
  };
}

/**
 * kcat -f '%p %o %k %s\n' with key and value hex-encoded: PARTITION OFFSET KEY [VALUE]; a missing,
 * empty or NULL value is a tombstone, a NULL key is null. Throws the reason.
 */
export function textLine(text, line) {
  const f = text.trim().split(/\s+/);
  if (f.length < 3 || f.length > 4)
    throw new Error(`expected "PARTITION OFFSET KEY VALUE" (3 or 4 fields), found ${f.length}`);
  if (!/^\d+$/.test(f[0])) throw new Error(`partition "${f[0]}" is not a number`);
  const nul = (s) => s === undefined || s === '' || s === 'NULL';
  const hex = (s, what) => {
    try {
      return parseHex(s);
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
      throw new Error(`${what} "${s.length > 20 ? `${s.slice(0, 20)}...` : s}" is not hex`);
    }
  };
  return {
    partition: Number(f[0]),
    offset: intOf(f[1], 'offset', 0n),
    key: nul(f[2]) ? null : hex(f[2], 'key'),
    value: nul(f[3]) ? null : hex(f[3], 'value'),
    line,
  };
}

// ---- one record input, any of the formats ---------------------------------------------------
/** Lines that are not records kept per input (as the core keeps at most 10,000 record errors). */
export const MAX_LINE_ERRORS = 10000;

/**
 * A fold's document or state (errors, errorsOmitted?) with the lines of its record inputs that
 * were not records: listed after its errors, the lines past MAX_LINE_ERRORS counted in
 * errorsOmitted (they were dropped uncounted: 25,000 bad lines said "errors (10000)").
 */
export function withLineErrors(doc, lineErrors) {
  for (const e of lineErrors) doc.errors.push(e);
  if (lineErrors.omitted) doc.errorsOmitted = (doc.errorsOmitted ?? 0) + lineErrors.omitted;
  return doc;
}

/**
 * Reads one record input (a file or stdin) from byte chunks of any size, its format told by its
 * first bytes (recordFormat): push(bytes) returns the records completed, end() the rest. A line
 * that is not a record goes to `errors` as { line, code: 'INVALID_LINE', field: 'line', message }
 * (up to MAX_LINE_ERRORS, the lines past it counted in errors.omitted); a kcat framing error
 * throws (nothing after it can be read).
 */
export function createRecordReader(name, errors) {
  let head = null; // the first bytes, until they decide the format
  let format = null;
  const kcat = new KcatReader();
  const lines = new LineSplitter();
  let lineNo = 0;
  let mode = null; // lineMode's, from the first non-empty line
  const parse = (texts) => {
    const out = [];
    for (const raw of texts) {
      lineNo++;
      const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (text.trim() === '') continue;
      mode ??= lineMode(text);
      try {
        out.push(parseLine(mode, text, lineNo));
      } catch (e) {
        if (errors.length < MAX_LINE_ERRORS)
          errors.push({
            line: lineNo,
            code: 'INVALID_LINE',
            field: 'line',
            message: `${name} line ${lineNo}: ${e.message}`,
          });
        else errors.omitted = (errors.omitted ?? 0) + 1;
      }
    }
    return out;
  };
  const feed = (bytes) => (format === 'kcat' ? kcat.push(bytes) : parse(lines.push(bytes)));
  return {
    push(bytes) {
      if (format !== null) return feed(bytes);
      head = head ? concat(head, bytes) : bytes;
      if (head.indexOf(NL) < 0 && head.length < KCAT_HEADER_MAX) return [];
      format = recordFormat(head);
      return feed(head);
    },
    end() {
      const out = format === null && head ? ((format = recordFormat(head)), feed(head)) : [];
      if (format === 'kcat') {
        kcat.end();
        return out;
      }
      const last = lines.end();
      return last === null ? out : [...out, ...parse([last])];
    },
  };
}
