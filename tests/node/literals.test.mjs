// wasm/text/literals.js: every literal format, the JSON Lines line and the hex dump read back through
// the input parser (wasm/text/input-formats.js) to the same bytes, for every golden vector and for
// random bytes; the forms real tools print read back too; every corrupt variant gives the error
// it promises, through the real codec.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseInput, parseOptionsFor } from '../../wasm/text/input-formats.js';
import {
  LITERALS,
  LITERAL_FORMATS,
  formatLiteral,
  formatJsonLine,
  hexDump,
  corruptVariants,
} from '../../wasm/text/literals.js';
import { codec, loadGolden, hexToBytes, bytesToHex } from './helpers.mjs';

const GOLDEN = ['key', 'registration', 'lease'].flatMap((name) =>
  loadGolden(name)
    .vectors.filter((v) => v.hex !== null)
    .map((v) => ({ ...v, target: name, bytes: hexToBytes(v.hex) })),
);

// Reads `text` back: forced to the literal's format always; auto-detected too, where base64 text
// that is also valid hex (hex digits only, or with 0x / 0X prefixes: "0XAA") is hex by the detection
// rules (the viewer opens a literal with its format).
function readsBack(bytes, format) {
  const text = formatLiteral(bytes, format);
  assert.doesNotMatch(text, /\n/, `${format} is one line`);
  const forced = parseInput(text, LITERALS[format].parseAs);
  assert.equal(forced.ok, true, `${format} ${text}: ${forced.error?.message}`);
  assert.equal(bytesToHex(forced.bytes), bytesToHex(bytes), `${format} forced: ${text}`);
  const auto = parseInput(text);
  assert.equal(auto.ok, true, `${format} auto ${text}: ${auto.error?.message}`);
  if (format === 'base64' && text !== '' && parseInput(text, 'hex').ok) {
    assert.equal(auto.format, 'hex', text);
    return;
  }
  assert.equal(bytesToHex(auto.bytes), bytesToHex(bytes), `${format} auto: ${text}`);
  assert.equal(
    auto.format,
    bytes.length === 0 && ['hex', 'base64'].includes(format) ? 'empty' : LITERALS[format].parseAs,
    text,
  );
}

test('every literal format of every golden vector reads back to the same bytes', () => {
  assert.deepEqual(LITERAL_FORMATS, ['hex', 'base64', 'java', 'go', 'rust', 'rust-bytes', 'python', 'c', 'js']);
  for (const v of GOLDEN) for (const f of LITERAL_FORMATS) readsBack(v.bytes, f);
});

test('every literal format reads back for random bytes (fast-check)', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 600 }), fc.constantFrom(...LITERAL_FORMATS), (bytes, f) =>
      readsBack(bytes, f),
    ),
    { numRuns: 3000 },
  );
});

test('literal shapes', () => {
  const b = Uint8Array.of(0, 0xa0, 0x27, 0x22, 0x5c, 0x61, 0x0a);
  assert.equal(formatLiteral(b, 'hex'), '00a027225c610a');
  assert.equal(formatLiteral(b, 'base64'), 'AKAnIlxhCg==');
  assert.equal(formatLiteral(b, 'java'), 'new byte[]{0, -96, 39, 34, 92, 97, 10}');
  assert.equal(formatLiteral(b, 'go'), '[]byte{0x00, 0xa0, 0x27, 0x22, 0x5c, 0x61, 0x0a}');
  assert.equal(formatLiteral(b, 'rust'), '&[0x00, 0xa0, 0x27, 0x22, 0x5c, 0x61, 0x0a]');
  assert.equal(formatLiteral(b, 'rust-bytes'), 'b"\\x00\\xa0\'\\"\\\\a\\n"');
  assert.equal(formatLiteral(b, 'python'), "b'\\x00\\xa0\\'\"\\\\a\\n'");
  assert.equal(formatLiteral(b, 'c'), 'const uint8_t bytes[7] = {0x00, 0xa0, 0x27, 0x22, 0x5c, 0x61, 0x0a};');
  assert.equal(formatLiteral(b, 'js'), 'Uint8Array.of(0x00, 0xa0, 0x27, 0x22, 0x5c, 0x61, 0x0a)');
  assert.throws(() => formatLiteral(b, 'cobol'), TypeError);
  assert.throws(() => formatLiteral([0], 'hex'), TypeError);
});

test('the JSON Lines line reads back, part by part, for every golden key with every value', () => {
  const keys = GOLDEN.filter((v) => v.target === 'key');
  const values = [null, ...GOLDEN.filter((v) => v.target !== 'key').map((v) => v.bytes)];
  for (const [i, k] of keys.entries()) {
    const value = values[i % values.length];
    const line = formatJsonLine({ key: k.bytes, value, partition: 3, offset: 2n ** 60n, timestamp: 1700000000000n });
    const doc = JSON.parse(line);
    assert.deepEqual(Object.keys(doc), ['key', 'value', 'partition', 'offset', 'timestamp']);
    assert.equal(doc.offset, '1152921504606846976');
    assert.equal(doc.timestamp, 1700000000000);
    const kr = parseInput(line, 'auto', { part: 'key' });
    assert.equal(bytesToHex(kr.bytes), k.hex);
    const vr = parseInput(line, 'auto', { part: 'value' });
    assert.equal(vr.isNull === true, value === null);
    assert.equal(bytesToHex(vr.bytes), value ? bytesToHex(value) : '');
  }
  assert.equal(formatJsonLine({ key: Uint8Array.of(1), value: null }), '{"key":"01","value":null}');
});

test('hexDump (hexdump -C layout) reads back', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
      const r = parseInput(hexDump(bytes), bytes.length ? 'auto' : 'dump');
      assert.equal(r.ok, true, r.error?.message);
      assert.equal(bytesToHex(r.bytes), bytesToHex(bytes));
    }),
    { numRuns: 500 },
  );
});

// Output of the real tools, captured once (xxd 2022-01-14 and hexdump of Debian 12, Python 3,
// rustc 1.x `println!("{:?}" / "{:02x?}" / "{:x?}")`, Java 17 Arrays.toString) for the golden
// lease value 000000086d656d...dd30 and the lease key of role "raft".
const LEASE = '000000086d656d6265722d310000000000000fa000030000018bcfe568000000018bcfe5dd30';
const RAFT = '000000010004726166740000';
const TOOL_OUTPUT = [
  [RAFT, 'dump', '00000000: 0000 0001 0004 7261 6674 0000            ......raft..'],
  [RAFT, 'dump', '00000000  00 00 00 01 00 04 72 61  66 74 00 00              |......raft..|\n0000000c'],
  [RAFT, 'bstring', "b'\\x00\\x00\\x00\\x01\\x00\\x04raft\\x00\\x00'"],
  [
    LEASE,
    'dump',
    `00000000: 0000 0008 6d65 6d62 6572 2d31 0000 0000  ....member-1....
00000010: 0000 0fa0 0003 0000 018b cfe5 6800 0000  ............h...
00000020: 018b cfe5 dd30                           .....0`,
  ],
  [
    LEASE,
    'dump',
    `00000000  00 00 00 08 6d 65 6d 62  65 72 2d 31 00 00 00 00  |....member-1....|
00000010  00 00 0f a0 00 03 00 00  01 8b cf e5 68 00 00 00  |............h...|
00000020  01 8b cf e5 dd 30                                 |.....0|
00000026`,
  ],
  [
    LEASE,
    'bstring',
    "b'\\x00\\x00\\x00\\x08member-1\\x00\\x00\\x00\\x00\\x00\\x00\\x0f\\xa0\\x00\\x03\\x00\\x00\\x01\\x8b\\xcf\\xe5h\\x00\\x00\\x00\\x01\\x8b\\xcf\\xe5\\xdd0'",
  ],
  [
    LEASE,
    'array',
    '[0, 0, 0, 8, 109, 101, 109, 98, 101, 114, 45, 49, 0, 0, 0, 0, 0, 0, 15, 160, 0, 3, 0, 0, 1, 139, 207, 229, 104, 0, 0, 0, 1, 139, 207, 229, 221, 48]',
  ],
  [
    LEASE,
    'array',
    '[00, 00, 00, 08, 6d, 65, 6d, 62, 65, 72, 2d, 31, 00, 00, 00, 00, 00, 00, 0f, a0, 00, 03, 00, 00, 01, 8b, cf, e5, 68, 00, 00, 00, 01, 8b, cf, e5, dd, 30]',
  ],
  [
    LEASE,
    'array',
    '[0, 0, 0, 8, 6d, 65, 6d, 62, 65, 72, 2d, 31, 0, 0, 0, 0, 0, 0, f, a0, 0, 3, 0, 0, 1, 8b, cf, e5, 68, 0, 0, 0, 1, 8b, cf, e5, dd, 30]',
  ],
  [
    LEASE,
    'java',
    '[0, 0, 0, 8, 109, 101, 109, 98, 101, 114, 45, 49, 0, 0, 0, 0, 0, 0, 15, -96, 0, 3, 0, 0, 1, -117, -49, -27, 104, 0, 0, 0, 1, -117, -49, -27, -35, 48]',
  ],
  [
    '0'.repeat(128),
    'dump',
    '00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n*\n00000040',
  ],
  ['0027225c0ac8', 'bstring', `b'\\x00\\'"\\\\\\n\\xc8'`],
];

test('what real tools print reads back (xxd, hexdump -C, Python repr, Rust {:?} {:02x?} {:x?}, Java Arrays.toString)', () => {
  for (const [hex, format, text] of TOOL_OUTPUT) {
    const r = parseInput(text);
    assert.equal(r.ok, true, `${text}: ${r.error?.message}`);
    assert.equal(r.format, format, text);
    assert.equal(bytesToHex(r.bytes), hex, text);
  }
});

// Independent writers of the other tools' forms, for random bytes.
const FOREIGN = {
  'Go %v': (b) => `[${Array.from(b).join(' ')}]`,
  'Rust {:?}': (b) => `[${Array.from(b).join(', ')}]`,
  'Rust {:02x?}': (b) => `[${Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(', ')}]`,
  'Java Arrays.toString': (b) => `[${Array.from(b, (x) => (x << 24) >> 24).join(', ')}]`,
  'Python repr': (b) => {
    const q = b.includes(0x27) && !b.includes(0x22) ? '"' : "'";
    let s = '';
    for (const x of b) {
      if (x === 0x5c || x === q.charCodeAt(0)) s += '\\' + String.fromCharCode(x);
      else if (x === 9) s += '\\t';
      else if (x === 10) s += '\\n';
      else if (x === 13) s += '\\r';
      else if (x < 0x20 || x >= 0x7f) s += '\\x' + x.toString(16).padStart(2, '0');
      else s += String.fromCharCode(x);
    }
    return `b${q}${s}${q}`;
  },
  xxd: (b) => {
    const lines = [];
    for (let o = 0; o < b.length; o += 16) {
      const row = Array.from(b.subarray(o, o + 16), (x) => x.toString(16).padStart(2, '0'));
      const groups = [];
      for (let i = 0; i < row.length; i += 2) groups.push(row.slice(i, i + 2).join(''));
      const text = Array.from(b.subarray(o, o + 16), (x) =>
        x >= 0x20 && x < 0x7f ? String.fromCharCode(x) : '.',
      ).join('');
      lines.push(`${o.toString(16).padStart(8, '0')}: ${groups.join(' ').padEnd(39)}  ${text}`);
    }
    return lines.join('\n');
  },
};

test('the forms other tools print read back for random bytes', () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ minLength: 1, maxLength: 300 }),
      fc.constantFrom(...Object.keys(FOREIGN)),
      (bytes, tool) => {
        const text = FOREIGN[tool](bytes);
        const r = parseInput(text);
        // Java's signed form of bytes all < 0x80 is the same text as Rust {:?}: both read the same.
        assert.equal(r.ok, true, `${tool} ${text}: ${r.error?.message}`);
        // {:02x?} text with no a-f letter and no leading zero (e.g. [10, 42]) is also decimal text;
        // with no sign of hex it is read as decimal (documented in input-formats.js).
        const looksDecimal = tool === 'Rust {:02x?}' && /^\[([1-9]\d(, )?)*\]$/.test(text);
        assert.equal(
          bytesToHex(r.bytes),
          looksDecimal ? bytesToHex(Uint8Array.from(text.slice(1, -1).split(', '), Number)) : bytesToHex(bytes),
          `${tool}: ${text}`,
        );
      },
    ),
    { numRuns: 3000 },
  );
});

test('corrupt variants of every valid golden record give the promised error through the codec', () => {
  const seen = new Set();
  let count = 0;
  for (const v of GOLDEN.filter((x) => x.expect.record && x.bytes.length > 0)) {
    const variants = corruptVariants(codec, v.bytes, v.target);
    for (const c of variants) {
      const ins = codec.inspect(c.bytes, v.target);
      assert.equal(ins.ok, false, `${v.id} ${c.id}: decodes`);
      assert.deepEqual(
        { code: ins.error.code, offset: ins.error.offset, field: ins.error.field },
        c.expect,
        `${v.id} ${c.id}`,
      );
      seen.add(
        c.id.replace(/-(role|member|version|kind|producer_id|producer_epoch|granted_at|deadline|registered_at)$/, ''),
      );
      count++;
    }
  }
  for (const kind of [
    'cut-before',
    'cut-one-short',
    'invalid-utf8',
    'negative-length',
    'writeutf',
    'trailing-byte',
    'trailing-newline',
  ]) {
    assert.ok(seen.has(kind), `${kind} among ${[...seen]}`);
  }
  assert.ok(count > 500, `${count} variants`);
  assert.throws(() => corruptVariants(codec, hexToBytes('0000'), 'key'), TypeError);
});

test('the writeUTF variant of a string with a NUL or an emoji is its real modified UTF-8', () => {
  const key = codec.encodeKey({ kind: 'registration', role: 'a\u0000b', member: 'x\u{1F600}' });
  const vs = corruptVariants(codec, key, 'key');
  const role = vs.find((c) => c.id === 'writeutf-role');
  assert.equal(bytesToHex(role.bytes.subarray(4, 10)), '000461c08062');
  assert.deepEqual(role.expect, { code: 'INVALID_UTF8', offset: 7, field: 'key.role' });
  const member = vs.find((c) => c.id === 'writeutf-member');
  assert.match(bytesToHex(member.bytes), /000778eda0bdedb880$/);
  assert.equal(member.expect.offset, 12, 'the ED after the x of the member body at 11');
});

test('parseOptionsFor + a literal: the viewer path of "open in viewer"', () => {
  const v = GOLDEN.find((x) => x.target === 'lease' && x.expect.record);
  for (const f of LITERAL_FORMATS) {
    const r = parseInput(formatLiteral(v.bytes, f), LITERALS[f].parseAs, parseOptionsFor(codec, 'value'));
    assert.equal(bytesToHex(r.bytes), v.hex, f);
  }
});
