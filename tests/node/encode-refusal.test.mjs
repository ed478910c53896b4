// Issue 7, defect 7 (the part left): an encoder refuses a string that cannot fit its 255-byte
// bound before copying it into the wasm heap (the core decides from the string's facts, see
// cv_refuse_* in wasm/bindings/bindings.cpp), with exactly the error the bytes would get: INVALID_UTF8
// first for a lone surrogate, then the bound with the UTF-8 byte count it found.
//
// The expected error is the DECODER's, for the bytes the encoder would have written (the string
// as UTF-8, a lone surrogate as its 3-byte generalized form, built here by Buffer-free code): the
// contract gives the encoder's refusal and the decoder's rejection the same code, offset, field
// and message, and the decoder never goes through the facts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, codec } from './helpers.mjs';

// UTF-16 text to the bytes the encoder writes (well-formed pairs as 4 bytes, a lone surrogate as
// ED A0..BF xx).
function writtenBytes(s) {
  const out = [];
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
    if (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
      c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
      i++;
    }
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return out;
}
const i16 = (v) => [(v >> 8) & 0xff, v & 0xff];
const str = (s) => {
  const b = writtenBytes(s);
  return [...i16(b.length), ...b];
};

function errorOf(fn) {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof api.CoordinationError)) throw e;
    return { code: e.code, offset: e.offset, field: e.field, message: e.message };
  }
  assert.fail('no CoordinationError');
}

// Strings over the bound (more than 255 UTF-16 units), with and without lone surrogates at the
// start, the middle, the end, after non-ASCII text, and a well-formed pair next to them.
const HI = '\ud83d';
const LO = '\ude00';
const long = [
  'a'.repeat(256),
  'a'.repeat(4000),
  'é'.repeat(256),
  '€'.repeat(300),
  '😀'.repeat(200),
  HI + 'a'.repeat(300),
  LO + 'a'.repeat(300),
  'a'.repeat(300) + HI,
  'a'.repeat(300) + LO,
  'é€😀'.repeat(50) + HI + 'x'.repeat(100),
  'é€😀'.repeat(50) + LO + HI + 'x'.repeat(100),
  '😀'.repeat(100) + HI + LO + 'y'.repeat(100) + LO, // the pair is well-formed: the lone one is at the end
  'ab' + '\ud800'.repeat(300),
  'x'.repeat(255) + '\udfff',
];
const short = ['', 'r', 'wörker', 'a' + HI, LO, 'x'.repeat(255), '€'.repeat(85), '€'.repeat(86)];

test('encodeKey refuses a long role or member with the error the bytes get (lone surrogates anywhere)', () => {
  let cases = 0;
  for (const [kindName, kind] of [
    ['registration', 0],
    ['lease', 1],
  ]) {
    const pairs = [
      ...long.map((role) => [role, 'm']),
      ...long.flatMap((member) => short.map((role) => [role, member])),
      ...long.map((s) => [s, s]),
    ];
    for (const [role, member] of pairs) {
      const got = errorOf(() => codec.encodeKey({ kind: kindName, role, member }));
      const bytes = new Uint8Array([...i16(0), ...i16(kind), ...str(role), ...str(member)]);
      const want = errorOf(() => codec.decodeKey(bytes));
      assert.deepEqual(got, want, `kind ${kindName}, role of ${role.length} units, member of ${member.length}`);
      cases++;
    }
  }
  assert.ok(cases > 200);
});

test('encodeValue refuses a long member with the error the bytes get', () => {
  for (const member of long) {
    const reg = errorOf(() => codec.encodeValue({ kind: 'registration', member, registeredAt: 1n }));
    assert.deepEqual(
      reg,
      errorOf(() =>
        codec.decodeValue('registration', new Uint8Array([...i16(0), ...str(member), 0, 0, 0, 0, 0, 0, 0, 1])),
      ),
    );
    const lease = errorOf(() =>
      codec.encodeValue({ kind: 'lease', member, producerId: 1n, producerEpoch: 1, grantedAt: 1n, deadline: 1n }),
    );
    const leaseBytes = [...i16(0), ...str(member), ...new Array(8).fill(0), 0, 1, ...new Array(16).fill(0)];
    assert.deepEqual(
      lease,
      errorOf(() => codec.decodeValue('lease', new Uint8Array(leaseBytes))),
    );
  }
});

test('a 1.5e8-character role or member is refused without growing the heap', () => {
  const heap = () => codec.__heapStats().heapBytes;
  const before = heap();
  const role = 'r'.repeat(150_000_000);
  assert.deepEqual(
    errorOf(() => codec.encodeKey({ kind: 'registration', role, member: 'm' })),
    {
      code: 'ROLE_OUT_OF_BOUNDS',
      offset: 4,
      field: 'key.role',
      message: 'key.role: expected 1..255 bytes, found 150000000 (offset 4)',
    },
  );
  assert.equal(heap(), before);
  // The bytes before a lone surrogate are counted as UTF-8 ('é' is 2 bytes): INVALID_UTF8 at its form.
  const lone = `${'é'.repeat(1000)}${'r'.repeat(150_000_000)}${HI}`;
  const e = errorOf(() => codec.encodeValue({ kind: 'registration', member: lone, registeredAt: 0n }));
  assert.equal(e.code, 'INVALID_UTF8');
  assert.equal(e.offset, 2 + 2 + 2000 + 150_000_000);
  assert.equal(e.field, 'registration.member');
  assert.match(e.message, /found byte 0xED .*\(offset 150002004\)$/);
  assert.equal(heap(), before);
  // The codec is unchanged: a normal encode and decode still round-trip.
  const key = { version: 0, kind: 'registration', role: 'wörker', member: 'm😀' };
  assert.deepEqual(codec.decodeKey(codec.encodeKey(key)), key);
});
