// wasm/text/record-lines.js, the reader of record inputs (`state` and the topic worker): linear reading of
// long lines and kcat records in small chunks, the limit of a line and of a kcat record with its
// exact error, and the readers it shares with the paste box (hex or base64 strings, Kafka's
// escaped text).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createRecordReader,
  consoleLine,
  FramingError,
  jsonLine,
  LineSplitter,
  RECORD_INPUT_LIMIT,
} from '../../wasm/text/record-lines.js';
import { parseInput } from '../../wasm/text/input-formats.js';
import { bytesToHex } from './helpers.mjs';

const RAFT = '000000010004726166740000';

// Feeds `bytes` to a record reader in `size`-byte chunks; returns { records, errors } or throws.
function readAll(bytes, size) {
  const errors = [];
  const reader = createRecordReader('input', errors);
  const records = [];
  for (let at = 0; at < bytes.length; at += size) records.push(...reader.push(bytes.subarray(at, at + size)));
  records.push(...reader.end());
  return { records, errors };
}

// readAll in many small chunks, yielding now and then: a test's timeout can then end it (a
// synchronous loop would hold the thread past any timeout), and its signal stops the reading.
async function readAllYielding(bytes, size, signal) {
  const errors = [];
  const reader = createRecordReader('input', errors);
  const records = [];
  for (let at = 0, n = 0; at < bytes.length; at += size, n++) {
    if (n % 1024 === 0) {
      await new Promise(setImmediate);
      signal.throwIfAborted();
    }
    records.push(...reader.push(bytes.subarray(at, at + size)));
  }
  records.push(...reader.end());
  return { records, errors };
}

const kcat = (key, value, offset = 0) =>
  Buffer.concat([
    Buffer.from(`0 ${offset} 1700000000000 ${key.length} ${value === null ? -1 : value.length}\n`),
    key,
    value ?? Buffer.alloc(0),
    Buffer.from('\n'),
  ]);

// Defect 5 of issue 21: each chunk was joined to the line (or kcat record) it continues and that
// whole text searched again, so a line of n bytes in chunks of c cost n^2 / c: for these 8 MiB in
// 64-byte chunks about 5e11 steps, far past the timeout; a linear reader takes well under a second.
// The timeout only keeps a regression from hanging the suite (the speed: tests/bench/record-lines.mjs).
test(
  'an 8 MiB JSON line and an 8 MiB kcat record, in 64-byte chunks, are read in linear time',
  { timeout: 60_000 },
  async (t) => {
    const limit = RECORD_INPUT_LIMIT;
    const prefix = `{"key":"${RAFT}","value":"`;
    const suffix = '"}';
    const body = `${prefix}${'ab'.repeat((limit - prefix.length - suffix.length) >> 1)}${suffix}`;
    const line = Buffer.from(`${body.padEnd(limit)}\n`); // JSON allows the space
    assert.equal(line.length, limit + 1, 'the longest line read, and its newline');
    const json = await readAllYielding(line, 64, t.signal);
    assert.equal(json.records.length, 1);
    assert.equal(json.records[0].value.length, (limit - prefix.length - suffix.length) >> 1);
    const value = Buffer.alloc(limit - 12, 0x41);
    const framed = await readAllYielding(kcat(Buffer.from(RAFT, 'hex'), value), 64, t.signal);
    assert.equal(framed.records.length, 1);
    assert.equal(framed.records[0].value.length, value.length);
  },
);

// The error a call throws (assert.throws checks a shape; these tests read its fields).
function thrownBy(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  assert.fail('nothing thrown');
}

test('a line over the limit stops the input with LINE_TOO_LONG and its line, before more is held', () => {
  const good = Buffer.from(`{"key":"${RAFT}","value":null}\n`);
  const reader = createRecordReader('input', []);
  assert.equal(reader.push(Buffer.concat([good, good])).length, 2);
  // The third line's bytes up to the limit are held; the byte past it throws, whatever follows.
  const mib = Buffer.alloc(1 << 20, 0x20);
  for (let i = 0; i < RECORD_INPUT_LIMIT >> 20; i++) reader.push(mib);
  const e = thrownBy(() => reader.push(Buffer.from(' \n')));
  assert.ok(e instanceof FramingError);
  assert.deepEqual([e.code, e.line], ['LINE_TOO_LONG', 3]);
  assert.equal(
    e.message,
    'line 3: over 8 MiB (8,388,608 bytes) without a newline; a record line is far shorter (is this a record input?)',
  );
  // Within one chunk too (the topic worker pushes a whole file at once).
  const whole = Buffer.concat([good, Buffer.alloc(RECORD_INPUT_LIMIT + 1, 0x20), Buffer.from('\n'), good]);
  assert.throws(() => readAll(whole, whole.length), { code: 'LINE_TOO_LONG', line: 2 });
  // A line of exactly the limit is read (here blank, so skipped), and the next one too.
  const exact = Buffer.concat([good, Buffer.alloc(RECORD_INPUT_LIMIT, 0x20), Buffer.from('\n'), good]);
  assert.equal(readAll(exact, 1 << 16).records.length, 2);
  assert.equal(readAll(exact, exact.length).records.length, 2);
});

test('a kcat header announcing more than the limit is KCAT_RECORD_TOO_LARGE at its byte, at once', () => {
  const key = Buffer.from(RAFT, 'hex');
  const first = kcat(key, null, 7);
  const header = '0 8 1700000000000 12 2147483647\n';
  const reader = createRecordReader('input', []);
  assert.equal(reader.push(first).length, 1);
  const thrown = thrownBy(() => reader.push(Buffer.from(header))); // none of the announced bytes came
  assert.ok(thrown instanceof FramingError);
  assert.deepEqual([thrown.code, thrown.position], ['KCAT_RECORD_TOO_LARGE', first.length]);
  assert.equal(
    thrown.message,
    `kcat framed record 2 at byte ${first.length}: the header (0 8 1700000000000 12 2147483647) announces 2147483659 bytes of key and value, over the 8 MiB (8,388,608 bytes) a record may have here`,
  );
  // Exactly the limit of key and value is read.
  const exact = kcat(key, Buffer.alloc(RECORD_INPUT_LIMIT - key.length, 1));
  assert.equal(readAll(exact, 1 << 16).records[0].value.length, RECORD_INPUT_LIMIT - key.length);
  const over = kcat(key, Buffer.alloc(RECORD_INPUT_LIMIT - key.length + 1, 1));
  assert.throws(() => readAll(over, 1 << 16), { code: 'KCAT_RECORD_TOO_LARGE', position: 0 });
});

test('lines: a character cut by a chunk, CRLF, no final newline; the same records in any chunking', () => {
  const text = `{"key":"${RAFT}","value":null,"offset":1}\r\n\n0 2 ${RAFT}\n`;
  const lines = new LineSplitter();
  const split = [
    ...lines.push(Buffer.from('é1\nx')),
    ...lines.push(Buffer.from([0xc3])),
    ...lines.push(Buffer.from([0xa9, 0x0a, 0x41])),
  ];
  assert.deepEqual([...split, lines.end(), lines.end()], ['é1', 'xé', 'A', null]);
  const bytes = Buffer.from(text);
  const whole = readAll(bytes, bytes.length);
  assert.equal(whole.records.length, 1, 'a JSON input: the text line is INVALID_LINE');
  assert.deepEqual(
    whole.errors.map((e) => [e.line, e.code]),
    [[3, 'INVALID_LINE']],
  );
  for (const size of [1, 2, 3, 7, 64]) assert.deepEqual(readAll(bytes, size), whole, `chunks of ${size}`);
});

// One reader of a key or value written as a JSON string: the paste box's (hex when it is valid hex,
// else base64, padded or not, standard or URL-safe), in `state` and the topic view too.
test('JSON Lines strings: state reads what the paste box reads, and refuses what it refuses', () => {
  const strings = [
    RAFT,
    '00 00 00 01 00 04 72 61 66 74 00 00',
    'AAAAAQAEcmFmdAAA',
    'AAAAAQAEcmFmdAA',
    'AAAAAQAEcmFmdA==',
    'AAAAAQAEcmFmdA',
    '-_-_',
    'abc',
    'zz!',
    '',
  ];
  for (const s of strings) {
    const paste = parseInput(JSON.stringify({ key: s, value: null }), 'json', { part: 'key' });
    let line;
    try {
      line = jsonLine(JSON.stringify({ key: s, value: null }), 1);
    } catch (e) {
      line = { error: e.message };
    }
    if (paste.ok) assert.equal(line.key && bytesToHex(line.key), bytesToHex(paste.bytes), s);
    else assert.equal(line.error, '"key" is neither hex nor base64', s);
  }
  // The example: unpadded base64, read by the paste box, was INVALID_LINE in state.
  assert.equal(bytesToHex(jsonLine('{"key":"AAAAAQAEcmFmdAA","value":null}', 1).key), '0000000100047261667400');
});

// One reader of Kafka's escaped text: kafka-console-consumer lines and the paste box's 'kafka'.
test("console lines read keys and values with the paste box's Kafka reader: the same bytes and refusals", () => {
  const texts = [
    '\\x00\\x00\\x00\\x01\\x00\\x04raft\\x00\\x00',
    'a b~',
    '\\x5C',
    '\\x0a',
    '\\x0',
    'caf\u00e9',
    '\\n',
    '',
  ];
  for (const t of texts) {
    const paste = parseInput(t, 'kafka');
    let line;
    try {
      line = consoleLine(`CreateTime:1\tPartition:0\tOffset:5\t${t}\t`, 1);
    } catch (e) {
      line = { error: e.message };
    }
    if (paste.ok) assert.equal(bytesToHex(line.key), bytesToHex(paste.bytes), t);
    else
      assert.equal(
        line.error,
        `key: character ${paste.error.index + 1}: ${paste.error.message.replace(/^.*?: stops at line \d+, column \d+: /, '')}`,
        t,
      );
  }
});
