// Issue 12's input-parsing defects, each as a new user met it, and the literal forms other tools
// print (Go %v, Python repr, Rust {:?} and {:02x?}, xxd, hexdump -C), read by wasm/text/input-formats.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseInput, parseOptionsFor, detectUpload, errorHint } from '../../wasm/text/input-formats.js';
import { api, codec, loadGolden, hexToBytes, bytesToHex } from './helpers.mjs';

const RAFT_KEY = '000000010004726166740000'; // lease key, role "raft"
const lease = loadGolden('lease').vectors.find((v) => v.expect.record && v.hex.includes('80'));

const okHex = (text, hex, format, opts = {}) => {
  const r = parseInput(text, opts.format ?? 'auto', opts);
  assert.equal(r.ok, true, `${text}: ${r.error?.message}`);
  if (format) assert.equal(r.format, format, text);
  assert.equal(bytesToHex(r.bytes), hex, text);
  return r;
};
const refused = (text, re, format = 'auto') => {
  const r = parseInput(text, format);
  assert.equal(r.ok, false, `${text} should be refused, read ${r.bytes && bytesToHex(r.bytes)}`);
  assert.match(r.error.message, re);
  return r;
};

test('Java Arrays.toString (signed bytes in [...]) is read, auto and forced', () => {
  const bytes = hexToBytes(lease.hex);
  const text = `[${Array.from(bytes, (b) => (b << 24) >> 24).join(', ')}]`;
  assert.match(text, /-\d/, 'the golden lease has bytes >= 0x80');
  const r = okHex(text, lease.hex, 'java');
  assert.equal(r.detail, 'Java Arrays.toString');
  okHex(text, lease.hex, 'java', { format: 'java' });
  okHex('[0, 0, -96]', '0000a0', 'java');
  refused('[0, -96, 200]', /mixes signed/);
});

test('Rust {:02x?} arrays are read as hex, or refused with a reason, never as decimal', () => {
  const text = '[00, 00, 00, 01, 00, 04, 72, 61, 66, 74, 00, 00]';
  const r = okHex(text, RAFT_KEY, 'array');
  assert.match(r.detail, /hex elements/);
  assert.equal(codec.decodeKey(r.bytes).role, 'raft');
  okHex('[0a, ff, 10]', '0aff10', 'array');
  okHex(text, RAFT_KEY, 'array', { format: 'array' });
  refused('[00, 123]', /1 or 2 hex digits/);
  refused('[0x00, 0a]', /bare hex/);
  refused('[ab, -1]', /bare hex/);
  refused('[07, 1u8]', /bare hex/);
  // Unpadded decimal stays decimal (Rust {:?}).
  okHex('[0, 0, 0, 1, 0, 4, 114, 97, 102, 116, 0, 0]', RAFT_KEY, 'array');
});

test('literal forms of other tools: Go %v, Python repr, Rust b"", declarations, JS, xxd, hexdump -C', () => {
  okHex('[0 0 0 1 0 4 114 97 102 116 0 0]', RAFT_KEY, 'array');
  okHex("b'\\x00\\x00\\x00\\x01\\x00\\x04raft\\x00\\x00'", RAFT_KEY, 'bstring');
  okHex('b"\\x00\\x00\\x00\\x01\\x00\\x04raft\\x00\\x00"', RAFT_KEY, 'bstring');
  okHex('&b"\\0\\0\\0\\x01\\0\\x04raft\\0\\0"', RAFT_KEY, 'bstring');
  okHex("(b'\\x00\\x00\\x00\\x01'\n b'\\x00\\x04raft\\x00\\x00')", RAFT_KEY, 'bstring');
  okHex("b'\\t\\n\\r\\\\\\'\"'", '090a0d5c2722', 'bstring');
  refused("b'\\012'", /octal/);
  refused("b'caf\u00e9'", /printable ASCII/);
  refused("b'abc", /not closed/);
  okHex('key := []byte{0x00, 0x00, 0x00, 0x01, 0x00, 0x04, 0x72, 0x61, 0x66, 0x74, 0x00, 0x00}', RAFT_KEY, 'array');
  okHex('byte[] key = new byte[]{0, 0, 0, 1, 0, 4, 114, 97, 102, 116, 0, 0};', RAFT_KEY, 'java');
  okHex(
    'static const uint8_t key[12] = {0x00, 0x00, 0x00, 0x01, 0x00, 0x04, 0x72, 0x61, 0x66, 0x74, 0x00, 0x00};',
    RAFT_KEY,
    'array',
  );
  okHex(
    'let key: &[u8] = &[0x00, 0x00, 0x00, 0x01, 0x00, 0x04, 0x72, 0x61, 0x66, 0x74, 0x00u8, 0_u8];',
    RAFT_KEY,
    'array',
  );
  okHex('vec![0, 0, 0, 1, 0, 4, 114, 97, 102, 116, 0, 0]', RAFT_KEY, 'array');
  okHex('Uint8Array.of(0, 0, 0, 1, 0, 4, 114, 97, 102, 116, 0, 0)', RAFT_KEY, 'array');
  okHex('new Uint8Array([0, 0, 0, 1, 0, 4, 114, 97, 102, 116, 0, 0])', RAFT_KEY, 'array');
  okHex('bytes([0, 0, 0, 1, 0, 4, 114, 97, 102, 116, 0, 0])', RAFT_KEY, 'array');
  refused('[]byte{0, -1}', /0\.\.255\) in a Go \[\]byte literal/);
  // xxd (8 bytes per line here, as `xxd -c 8`), and hexdump -C with its '*' for repeated lines.
  okHex('00000000: 0000 0001 0004 7261  ........\n00000008: 6674 0000           ft..\n', RAFT_KEY, 'dump');
  const zeros = '00'.repeat(40);
  const hd = [
    '00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|',
    '*',
    '00000020  00 00 00 00 00 00 00 00                           |........|',
    '00000028',
  ].join('\n');
  okHex(hd, zeros, 'dump');
  refused(hd.replace('00000028', '00000030'), /offset 00000030 does not follow the 40 bytes/);
  refused('00000000: 0000 0001  ....\n00000010: 0000  ..', /does not follow the 4 bytes/);
  // '*' repeats within the bytes one input may have: a 90-byte dump made 4 MiB, ffffffffffff never ended.
  const line = '00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|';
  okHex(`${line}\n*\n00010000\n`, '00'.repeat(1 << 16), 'dump');
  for (const end of ['00010010', '00400000', 'ffffffffffff'])
    refused(
      `${line}\n*\n${end}\n`,
      new RegExp(`offset ${end} after '\\*' would repeat the line above to \\d+ bytes, over the 65536 \\(64 KiB\\)`),
    );
});

test('upload: a text file holding hex or base64 is read as text, a record file as raw bytes', () => {
  const opts = parseOptionsFor(codec, 'key');
  const cases = [
    [Buffer.from(`${RAFT_KEY}\n`), 'text', RAFT_KEY],
    [Buffer.from('AAAAAQAEcmFmdAAA\r\n'), 'text', RAFT_KEY],
    [Buffer.from('\ufeff00 00 00 01 00 04 72 61 66 74 00 00'), 'text', RAFT_KEY],
    [hexToBytes(RAFT_KEY), 'raw', RAFT_KEY],
    [Buffer.from('hello, world\n'), 'raw', bytesToHex(Buffer.from('hello, world\n'))],
    [Uint8Array.of(0xff, 0xfe, 0x41), 'raw', 'fffe41'],
  ];
  for (const [bytes, reading, hex] of cases) {
    for (const o of [opts, {}]) {
      const u = detectUpload(new Uint8Array(bytes), o);
      assert.equal(u.reading, reading, `${bytesToHex(bytes)}: ${u.reason}`);
      assert.equal(bytesToHex(u.bytes), hex);
      assert.equal(bytesToHex(u.raw), bytesToHex(bytes), 'the raw reading is always there for the switch');
      assert.equal(typeof u.reason, 'string');
    }
  }
  // A text that parses as hex but whose raw bytes are a record stays raw when plausible() says so.
  const asciiRecord = codec.encodeKey({ kind: 'lease', role: 'abcd' });
  assert.equal(detectUpload(asciiRecord, opts).reading, 'raw');
  const t = detectUpload(new Uint8Array(Buffer.from(RAFT_KEY)), opts);
  assert.equal(t.parsed.format, 'hex');
  assert.equal(t.text, RAFT_KEY);
});

test("kcat's trailing 0a (and a CRLF) is named as the cause of TRAILING_BYTES", () => {
  for (const [tail, cause] of [
    ['0a', 'newline'],
    ['0d0a', 'crlf'],
  ]) {
    const bytes = hexToBytes(RAFT_KEY + tail);
    const ins = codec.inspect(bytes, 'key');
    assert.equal(ins.error.code, 'TRAILING_BYTES');
    const hint = errorHint(bytes, ins.error);
    assert.equal(hint.cause, cause);
    assert.match(hint.message, cause === 'newline' ? /kcat/ : /Windows/);
    assert.equal(codec.decodeKey(hint.fixed).role, 'raft');
  }
  const other = hexToBytes(RAFT_KEY + '00');
  assert.equal(errorHint(other, codec.inspect(other, 'key').error), null);
  // Keys run together: named, each step reading a window, not the whole rest (that was quadratic:
  // 4 MiB of keys took 22 s). Counted by the bytes the hint's codec is given.
  const run = hexToBytes(RAFT_KEY.repeat(20_000));
  let given = 0;
  const counting = { inspect: (b, t) => ((given += b.length), codec.inspect(b, t)) };
  const several = errorHint(run, codec.inspect(run, 'key').error, counting);
  assert.equal(several.cause, 'several-records');
  assert.match(several.message, /^The bytes are 20000 whole keys one after another \(the first ends at offset 12\)/);
  assert.ok(given <= 20_000 * 4096, `${given} bytes inspected`);
  assert.equal(errorHint(hexToBytes(RAFT_KEY), null), null);
  assert.equal(errorHint(hexToBytes('0000000100'), codec.inspect(hexToBytes('0000000100'), 'key').error), null);
});

test("the viewer's Copy JSON pastes back (records, tombstone), errors say why they cannot", () => {
  for (const name of ['key', 'registration', 'lease']) {
    const part = name === 'key' ? 'key' : 'value';
    for (const v of loadGolden(name).vectors.filter((x) => x.expect.record && x.hex)) {
      const bytes = hexToBytes(v.hex);
      const copied = api.toJSON(name === 'key' ? codec.decodeKey(bytes) : codec.decodeValue(name, bytes), 2);
      let r;
      try {
        r = parseInput(copied, 'auto', parseOptionsFor(codec, part));
      } catch (e) {
        assert.fail(`${v.id}: ${e}`);
      }
      assert.equal(r.ok, true, `${v.id}: ${r.error?.message}`);
      assert.equal(r.format, 'json', v.id);
      assert.equal(bytesToHex(r.bytes), v.hex, v.id);
    }
  }
  const tomb = parseInput('null', 'auto', parseOptionsFor(codec, 'value'));
  assert.equal(tomb.ok && tomb.isNull, true);
  assert.equal(tomb.bytes.length, 0);
  assert.match(parseInput('{"version":0,"kind":"lease","role":"r","member":""}').error.message, /needs the codec/);
  assert.match(parseInput('{"error":{"code":"TRUNCATED","offset":0}}').error.message, /copy the hex/);
  assert.match(
    parseInput('{"version":0,"kind":"lease","role":"r","member":""}', 'auto', parseOptionsFor(codec, 'value')).error
      .message,
    /key record where the value/,
  );
  assert.match(
    parseInput('{"kind":"registration","member":"m","registeredAt":1.5}', 'auto', parseOptionsFor(codec)).error.message,
    /registeredAt/,
  );
  assert.match(parseInput('{"key": "00zz!"}').error.message, /neither hex nor base64/);
  okHex('{"key": "AAAAAQAEcmFmdAAA", "value": null}', RAFT_KEY, 'json');
  assert.equal(parseInput('{"key": 1').error.format, 'json');
});

test('a JSON Lines line gives the selected part and both parts', () => {
  const line = `{"key":"${RAFT_KEY}","value":null,"partition":0,"offset":"12"}`;
  const k = okHex(line, RAFT_KEY, 'json', parseOptionsFor(codec, 'key'));
  assert.equal(k.pair.value, null);
  const v = parseInput(line, 'auto', { part: 'value' });
  assert.equal(v.ok && v.isNull, true);
});

test('parseOptionsFor: plausible means decodes as a record of the part', () => {
  const key = hexToBytes(RAFT_KEY);
  const value = hexToBytes(lease.hex);
  assert.equal(parseOptionsFor(codec, 'key').plausible(key), true);
  assert.equal(parseOptionsFor(codec, 'key').plausible(value), false);
  assert.equal(parseOptionsFor(codec, 'value').plausible(value), true);
  assert.equal(parseOptionsFor(codec).plausible(value), true);
  assert.equal(parseOptionsFor(codec).plausible(new Uint8Array(0)), false);
  assert.equal(parseOptionsFor(codec).plausible(hexToBytes('69b71d')), false);
});

// The parser grew many formats: any text, and any small edit of a valid literal of any format,
// gets a result or an error with a position inside the text; it never throws and never hangs.
test('any text or edited literal gives bytes or a positioned error, never a throw (fast-check)', async () => {
  const fc = (await import('fast-check')).default;
  const { formatLiteral, LITERAL_FORMATS, formatJsonLine, hexDump } = await import('../../wasm/text/literals.js');
  const sources = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc
      .tuple(fc.uint8Array({ maxLength: 40 }), fc.constantFrom(...LITERAL_FORMATS, 'jsonl', 'dump'))
      .map(([b, f]) =>
        f === 'jsonl' ? formatJsonLine({ key: b, value: null }) : f === 'dump' ? hexDump(b) : formatLiteral(b, f),
      ),
  );
  const edited = fc
    .tuple(sources, fc.nat(), fc.nat({ max: 3 }), fc.string({ maxLength: 3 }))
    .map(([s, at, del, ins]) => {
      const i = at % (s.length + 1);
      return s.slice(0, i) + ins + s.slice(i + del);
    });
  fc.assert(
    fc.property(
      edited,
      fc.constantFrom('auto', 'hex', 'base64', 'java', 'array', 'bstring', 'dump', 'json'),
      (text, format) => {
        const r = parseInput(text, format, {
          part: 'value',
          plausible: () => true,
          encodeRecord: () => new Uint8Array(1),
        });
        if (r.ok) {
          assert.ok(r.bytes instanceof Uint8Array);
        } else {
          assert.ok(r.error.index >= 0 && r.error.index <= text.length, `${JSON.stringify(text)}: ${r.error.index}`);
          assert.match(r.error.message, /line \d+, column \d+/);
        }
      },
    ),
    { numRuns: 5000 },
  );
});
