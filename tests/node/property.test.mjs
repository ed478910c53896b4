// Property tests (fast-check): round trips both ways, and random or mutated bytes give a record
// or a CoordinationError, never another exception or a wasm abort.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { api, codec, decode, outcome } from './helpers.mjs';

const { CoordinationError } = api;
const RUNS = Number(process.env.PROPERTY_RUNS || 2000);
const utf8Length = (s) => Buffer.byteLength(s, 'utf8');

// Names of 1..255 UTF-8 bytes with characters of every width (and U+0000).
const name = fc
  .string({
    unit: fc.oneof(
      fc.constantFrom('a', 'Z', '-', '\u0000', 'é', 'ß', '€', '中', '😀', '\u202e'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    ),
    minLength: 1,
    maxLength: 90,
  })
  .filter((s) => utf8Length(s) >= 1 && utf8Length(s) <= 255);
const i64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
const nonNegI64 = fc.bigInt({ min: 0n, max: 2n ** 63n - 1n });

// fc.record makes null-prototype objects; the API returns plain ones.
const plain = (o) => ({ ...o });
const keyArb = fc
  .oneof(
    fc.record({ version: fc.constant(0), kind: fc.constant('registration'), role: name, member: name }),
    fc.record({ version: fc.constant(0), kind: fc.constant('lease'), role: name, member: fc.constant('') }),
  )
  .map(plain);
const registrationArb = fc
  .record({ version: fc.constant(0), kind: fc.constant('registration'), member: name, registeredAt: i64 })
  .map(plain);
const leaseArb = fc
  .record({
    version: fc.constant(0),
    kind: fc.constant('lease'),
    member: name,
    producerId: nonNegI64,
    producerEpoch: fc.integer({ min: 0, max: 32767 }),
    grantedAt: i64,
    deadline: i64,
  })
  .map(plain);

// An independent writer of the layout (test side only), to make valid bytes without the codec.
function str(s) {
  const b = Buffer.from(s, 'utf8');
  const out = Buffer.alloc(2 + b.length);
  out.writeInt16BE(b.length, 0);
  b.copy(out, 2);
  return out;
}
function i16(v) {
  const b = Buffer.alloc(2);
  b.writeInt16BE(v);
  return b;
}
function i64b(v) {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(v);
  return b;
}
function writeKey(k) {
  return new Uint8Array(Buffer.concat([i16(0), i16(k.kind === 'lease' ? 1 : 0), str(k.role), str(k.member)]));
}
function writeValue(v) {
  if (v.kind === 'registration') return new Uint8Array(Buffer.concat([i16(0), str(v.member), i64b(v.registeredAt)]));
  return new Uint8Array(
    Buffer.concat([
      i16(0),
      str(v.member),
      i64b(v.producerId),
      i16(v.producerEpoch),
      i64b(v.grantedAt),
      i64b(v.deadline),
    ]),
  );
}

test('encode then decode gives the record back (key)', () => {
  fc.assert(
    fc.property(keyArb, (k) => {
      assert.deepEqual(codec.decodeKey(codec.encodeKey(k)), k);
    }),
    { numRuns: RUNS },
  );
});
test('encode then decode gives the record back (values)', () => {
  fc.assert(
    fc.property(fc.oneof(registrationArb, leaseArb), (v) => {
      assert.deepEqual(codec.decodeValue(v.kind, codec.encodeValue(v)), v);
    }),
    { numRuns: RUNS },
  );
});
test('decode then encode gives the bytes back; the API agrees with an independent writer', () => {
  fc.assert(
    fc.property(keyArb, registrationArb, leaseArb, (k, r, l) => {
      for (const [bytes, target] of [
        [writeKey(k), 'key'],
        [writeValue(r), 'registration'],
        [writeValue(l), 'lease'],
      ]) {
        const rec = decode(target, bytes);
        const again = target === 'key' ? codec.encodeKey(rec) : codec.encodeValue(rec);
        assert.deepEqual(again, bytes);
      }
    }),
    { numRuns: RUNS },
  );
});

// A record, null, or a CoordinationError with sane fields; inspect reports the same outcome.
function checkBytes(bytes) {
  for (const target of ['key', 'registration', 'lease']) {
    const got = outcome(() => decode(target, bytes));
    const ins = codec.inspect(bytes, target);
    if (got.error) {
      assert.ok(got.error instanceof CoordinationError, `${target}: ${got.error && got.error.stack}`);
      assert.ok(Number.isInteger(got.error.offset) && got.error.offset >= 0 && got.error.offset <= bytes.length);
      assert.ok(got.error.field === target || got.error.field.startsWith(`${target}.`), got.error.field);
      assert.equal(ins.ok, false);
      assert.deepEqual(
        [ins.error.code, ins.error.offset, ins.error.field, ins.error.message],
        [got.error.code, got.error.offset, got.error.field, got.error.message],
      );
    } else {
      assert.equal(ins.ok, true, `${target}: inspect says ${ins.error && ins.error.message}`);
      assert.deepEqual(ins.record, got.value);
      if (got.value !== null) {
        const again = target === 'key' ? codec.encodeKey(got.value) : codec.encodeValue(got.value);
        assert.deepEqual(again, bytes);
      }
    }
  }
}

test('random bytes: a record or a CoordinationError, never anything else', () => {
  fc.assert(fc.property(fc.uint8Array({ maxLength: 80 }), checkBytes), { numRuns: RUNS * 2 });
});

test('mutated valid records: a record or a CoordinationError, never anything else', () => {
  const valid = fc.oneof(keyArb.map(writeKey), registrationArb.map(writeValue), leaseArb.map(writeValue));
  const mutated = fc
    .tuple(
      valid,
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
      fc.nat(),
      fc.boolean(),
    )
    .map(([bytes, edits, cut, doCut]) => {
      const b = Uint8Array.from(bytes);
      for (const [at, v] of edits) if (b.length) b[at % b.length] = v;
      return doCut ? b.subarray(0, cut % (b.length + 1)) : b;
    });
  fc.assert(fc.property(mutated, checkBytes), { numRuns: RUNS * 2 });
});

test('a lone surrogate is INVALID_UTF8 where its bytes would start, in wire order', () => {
  const withLone = fc
    .tuple(name, fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ unit: 'grapheme-ascii', maxLength: 5 }))
    .map(([a, sur, b]) => [a, a + String.fromCharCode(sur) + b])
    .filter(([, s]) => !s.isWellFormed());
  fc.assert(
    fc.property(withLone, name, ([, bad], good) => {
      const at = (s) => {
        // byte offset, in the output, of the first lone surrogate of s
        for (let i = 0, o = 0; i < s.length; i++) {
          const c = s.charCodeAt(i);
          const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
          if (!pair && c >= 0xd800 && c <= 0xdfff) return o;
          const w = utf8Length(s.slice(i, i + (pair ? 2 : 1))); // never a lone surrogate here
          o += w;
          if (pair) i++;
        }
        throw new Error('no lone surrogate');
      };
      const role = outcome(() => codec.encodeKey({ kind: 'registration', role: bad, member: good })).error;
      assert.ok(role instanceof CoordinationError);
      assert.deepEqual([role.code, role.offset, role.field], ['INVALID_UTF8', 6 + at(bad), 'key.role']);
      const member = outcome(() => codec.encodeKey({ kind: 'registration', role: good, member: bad })).error;
      assert.deepEqual(
        [member.code, member.offset, member.field],
        ['INVALID_UTF8', 8 + utf8Length(good) + at(bad), 'key.member'],
      );
      const lease = outcome(() =>
        codec.encodeValue({
          kind: 'lease',
          member: bad,
          producerId: 1n,
          producerEpoch: 0,
          grantedAt: 0n,
          deadline: 0n,
        }),
      ).error;
      assert.deepEqual([lease.code, lease.offset, lease.field], ['INVALID_UTF8', 4 + at(bad), 'lease.member']);
    }),
    { numRuns: RUNS },
  );
});

test('inspect never throws on random bytes, any target including auto and null', () => {
  fc.assert(
    fc.property(fc.option(fc.uint8Array({ maxLength: 60 }), { nil: null }), (bytes) => {
      const auto = codec.inspect(bytes, 'auto');
      assert.equal(auto.candidates.length, 3);
      for (const c of auto.candidates) {
        assert.equal(typeof c.ok, 'boolean');
        assert.ok(Array.isArray(c.fields) && Array.isArray(c.warnings));
      }
    }),
    { numRuns: RUNS },
  );
});

test('random encoder input: bytes that decode back, or a CoordinationError (never an abort)', () => {
  const anyString = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 20 }), // lone surrogates too
    fc.constantFrom('', 'x'.repeat(255), 'x'.repeat(256), 'é'.repeat(128), '😀'.repeat(64)),
  );
  const anyI64 = fc.oneof(i64, fc.constantFrom(-1n, 0n, -(2n ** 63n), 2n ** 63n - 1n));
  const input = fc.oneof(
    fc
      .record({ kind: fc.constantFrom('registration', 'lease'), role: anyString, member: anyString })
      .map((k) => ['key', { ...k }]),
    fc
      .record({ kind: fc.constant('registration'), member: anyString, registeredAt: anyI64 })
      .map((v) => ['value', { ...v }]),
    fc
      .record({
        kind: fc.constant('lease'),
        member: anyString,
        producerId: anyI64,
        producerEpoch: fc.integer({ min: -32768, max: 32767 }),
        grantedAt: anyI64,
        deadline: anyI64,
      })
      .map((v) => ['value', { ...v }]),
  );
  fc.assert(
    fc.property(input, ([what, rec]) => {
      const got = outcome(() => (what === 'key' ? codec.encodeKey(rec) : codec.encodeValue(rec)));
      if (got.error) {
        assert.ok(got.error instanceof CoordinationError, String(got.error && got.error.stack));
        return;
      }
      const back = what === 'key' ? codec.decodeKey(got.value) : codec.decodeValue(rec.kind, got.value);
      assert.deepEqual(back, { version: 0, ...rec, ...(what === 'key' && rec.kind === 'lease' ? { member: '' } : {}) });
    }),
    { numRuns: RUNS },
  );
});
