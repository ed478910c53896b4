// Lint of the golden vectors (golden/*.json): well formed, unique ids, full coverage of the
// (code, field) matrix, declared flags, canonical hex, i64 ranges, a third implementation
// (npm kafkajs's protocol Encoder) agreeing on every valid record's bytes, and generate.py --check.
// Needs no wasm: it never touches the code under test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';

const require = createRequire(import.meta.url);
const Encoder = require('kafkajs/src/protocol/encoder.js');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const golden = path.join(root, 'golden');
const load = (name) => JSON.parse(readFileSync(path.join(golden, name), 'utf8'));

const DECODE_FILES = ['key.json', 'registration.json', 'lease.json'];
const ALL_FILES = [...DECODE_FILES, 'encode.json'];
const files = Object.fromEntries(ALL_FILES.map((f) => [f, load(f)]));
const schema = load('schema.json');

const CODES = [
  'TRUNCATED', 'TRAILING_BYTES', 'UNSUPPORTED_VERSION', 'UNKNOWN_KIND', 'NEGATIVE_LENGTH',
  'INVALID_UTF8', 'LEASE_KEY_HAS_MEMBER', 'ROLE_OUT_OF_BOUNDS', 'MEMBER_OUT_OF_BOUNDS',
  'NEGATIVE_PRODUCER_ID', 'NEGATIVE_PRODUCER_EPOCH',
];

// The required coverage: every code at every field where it can occur (decode files).
const DECODE_MATRIX = [
  ['TRUNCATED', 'key.version'], ['TRUNCATED', 'key.kind'], ['TRUNCATED', 'key.role'],
  ['TRUNCATED', 'key.member'],
  ['TRUNCATED', 'registration.version'], ['TRUNCATED', 'registration.member'],
  ['TRUNCATED', 'registration.registered_at'],
  ['TRUNCATED', 'lease.version'], ['TRUNCATED', 'lease.member'], ['TRUNCATED', 'lease.producer_id'],
  ['TRUNCATED', 'lease.producer_epoch'], ['TRUNCATED', 'lease.granted_at'], ['TRUNCATED', 'lease.deadline'],
  ['NEGATIVE_LENGTH', 'key.role'], ['NEGATIVE_LENGTH', 'key.member'],
  ['NEGATIVE_LENGTH', 'registration.member'], ['NEGATIVE_LENGTH', 'lease.member'],
  ['INVALID_UTF8', 'key.role'], ['INVALID_UTF8', 'key.member'],
  ['INVALID_UTF8', 'registration.member'], ['INVALID_UTF8', 'lease.member'],
  ['UNSUPPORTED_VERSION', 'key.version'], ['UNSUPPORTED_VERSION', 'registration.version'],
  ['UNSUPPORTED_VERSION', 'lease.version'],
  ['UNKNOWN_KIND', 'key.kind'],
  ['LEASE_KEY_HAS_MEMBER', 'key.member'],
  ['ROLE_OUT_OF_BOUNDS', 'key.role'],
  ['MEMBER_OUT_OF_BOUNDS', 'key.member'], ['MEMBER_OUT_OF_BOUNDS', 'registration.member'],
  ['MEMBER_OUT_OF_BOUNDS', 'lease.member'],
  ['NEGATIVE_PRODUCER_ID', 'lease.producer_id'],
  ['NEGATIVE_PRODUCER_EPOCH', 'lease.producer_epoch'],
  ['TRAILING_BYTES', 'key'], ['TRAILING_BYTES', 'registration'], ['TRAILING_BYTES', 'lease'],
];
// Every refusal the encoder shares with the decoder (encode.json).
const ENCODE_MATRIX = [
  ['ROLE_OUT_OF_BOUNDS', 'key.role'],
  ['MEMBER_OUT_OF_BOUNDS', 'key.member'], ['MEMBER_OUT_OF_BOUNDS', 'registration.member'],
  ['MEMBER_OUT_OF_BOUNDS', 'lease.member'],
  ['LEASE_KEY_HAS_MEMBER', 'key.member'],
  ['NEGATIVE_PRODUCER_ID', 'lease.producer_id'], ['NEGATIVE_PRODUCER_EPOCH', 'lease.producer_epoch'],
  ['INVALID_UTF8', 'key.role'], ['INVALID_UTF8', 'key.member'],
  ['INVALID_UTF8', 'registration.member'], ['INVALID_UTF8', 'lease.member'],
];
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

const errorsOf = (file) => files[file].vectors.filter((v) => v.expect.error).map((v) => v.expect.error);

test('every golden file validates against golden/schema.json', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const validate = ajv.compile(schema);
  for (const f of ALL_FILES) {
    const ok = validate(files[f]);
    assert.ok(ok, `${f}: ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
    assert.equal(files[f].target, f.replace('.json', ''), `${f}: target`);
  }
});

test('the schema rejects malformed vectors', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const validate = ajv.compile(schema);
  const base = structuredClone(files['lease.json']);
  const bad = (mutate) => {
    const copy = structuredClone(base);
    mutate(copy.vectors.find((v) => v.expect.record));
    return validate(copy);
  };
  assert.equal(bad((v) => { v.hex = v.hex.toUpperCase(); }), false, 'uppercase hex');
  assert.equal(bad((v) => { v.hex += '0'; }), false, 'odd hex');
  assert.equal(bad((v) => { v.expect.record.producer_id = 1; }), false, 'i64 as number');
  assert.equal(bad((v) => { v.expect.error = { code: 'NOPE', offset: 0, field: 'lease' }; }), false);
  assert.equal(bad((v) => { v.extra = 1; }), false, 'unknown property');
});

test('ids are unique across all files and prefixed by their file target', () => {
  const seen = new Map();
  for (const f of ALL_FILES) {
    for (const v of files[f].vectors) {
      assert.ok(!seen.has(v.id), `duplicate id ${v.id} in ${f} and ${seen.get(v.id)}`);
      seen.set(v.id, f);
      assert.ok(v.id.startsWith(`${files[f].target}/`), `${v.id} in ${f}`);
    }
  }
});

test('every (code, field) pair of the coverage matrix appears', () => {
  const have = new Set(DECODE_FILES.flatMap((f) => errorsOf(f).map((e) => `${e.code} ${e.field}`)));
  for (const [code, field] of DECODE_MATRIX) assert.ok(have.has(`${code} ${field}`), `decode: ${code} at ${field}`);
  const enc = new Set(errorsOf('encode.json').map((e) => `${e.code} ${e.field}`));
  for (const [code, field] of ENCODE_MATRIX) assert.ok(enc.has(`${code} ${field}`), `encode: ${code} at ${field}`);
  // and nothing outside it
  const allowed = new Set(DECODE_MATRIX.map(([c, f]) => `${c} ${f}`));
  for (const pair of [...have, ...enc]) assert.ok(allowed.has(pair), `unexpected pair ${pair}`);
  const codes = new Set([...have].map((p) => p.split(' ')[0]));
  for (const c of CODES) assert.ok(codes.has(c), `code ${c} never appears`);
});

test('truncation at every offset of each record shape', () => {
  // For each representative record: all prefixes (key 0..n-1, values 1..n-1) are present.
  const shapes = [
    ['key.json', 0, 'key/truncated/registration-key-len-'],
    ['key.json', 0, 'key/truncated/lease-key-len-'],
    ['registration.json', 1, 'registration/truncated/registration-len-'],
    ['lease.json', 1, 'lease/truncated/lease-len-'],
  ];
  for (const [file, first, prefix] of shapes) {
    const sweep = files[file].vectors.filter((v) => v.id.startsWith(prefix));
    assert.ok(sweep.length >= 10, `${prefix}: ${sweep.length}`);
    const lens = sweep.map((v) => v.hex.length / 2).sort((a, b) => a - b);
    const n = lens.length + first; // the full record's length
    assert.deepEqual(lens, Array.from({ length: n - first }, (_, i) => first + i), prefix);
    for (const v of sweep) assert.equal(v.expect.error.code, 'TRUNCATED', v.id);
  }
});

test('flags are declared in their file, hex is canonical, offsets lie within the bytes', () => {
  for (const f of ALL_FILES) {
    const declared = files[f].flags;
    for (const v of files[f].vectors) {
      for (const flag of v.flags) assert.ok(Object.hasOwn(declared, flag), `${v.id}: flag ${flag} undeclared in ${f}`);
      const hexes = [];
      if (typeof v.hex === 'string') hexes.push(v.hex);
      if (v.expect.hex !== undefined) hexes.push(v.expect.hex);
      for (const s of Object.values(v.record ?? {})) if (s && typeof s === 'object') hexes.push(s.utf8_hex);
      for (const h of hexes) {
        assert.match(h, /^[0-9a-f]*$/, `${v.id}: hex not lowercase`);
        assert.equal(h.length % 2, 0, `${v.id}: odd hex`);
      }
      const raw = Object.values(v.record ?? {}).some((s) => s && typeof s === 'object');
      assert.equal(raw, v.flags.includes('RawBytesString'), `${v.id}: RawBytesString flag`);
      if (v.hex === null) assert.ok(f !== 'key.json' && v.expect.tombstone, `${v.id}: null hex`);
      if (v.expect.tombstone) assert.ok(v.hex === null || v.hex === '', v.id);
      const e = v.expect.error;
      if (e && typeof v.hex === 'string') {
        const n = v.hex.length / 2;
        if (e.code === 'TRAILING_BYTES') assert.ok(e.offset < n, v.id);
        else assert.ok(e.offset <= n, v.id);
      }
    }
  }
});

test('i64 strings are in range; i16 numbers are in range', () => {
  const check = (id, rec) => {
    for (const k of ['registered_at', 'producer_id', 'granted_at', 'deadline']) {
      if (rec[k] === undefined) continue;
      assert.equal(typeof rec[k], 'string', `${id}.${k}`);
      const n = BigInt(rec[k]);
      assert.equal(n.toString(), rec[k], `${id}.${k} not canonical`);
      assert.ok(n >= I64_MIN && n <= I64_MAX, `${id}.${k} out of i64`);
    }
    if (rec.producer_epoch !== undefined) {
      assert.ok(Number.isInteger(rec.producer_epoch) && rec.producer_epoch >= -32768 && rec.producer_epoch <= 32767, id);
    }
    assert.equal(rec.version, 0, id);
  };
  for (const f of ALL_FILES) {
    for (const v of files[f].vectors) {
      if (v.expect.record) check(v.id, v.expect.record);
      if (v.record) check(v.id, v.record);
    }
  }
  // The extremes are present.
  const lease = files['lease.json'].vectors.filter((v) => v.expect.record).map((v) => v.expect.record);
  const reg = files['registration.json'].vectors.filter((v) => v.expect.record).map((v) => v.expect.record);
  assert.ok(lease.some((r) => r.producer_id === String(I64_MAX)));
  assert.ok(lease.some((r) => r.producer_epoch === 32767));
  assert.ok(lease.some((r) => r.granted_at === String(I64_MIN) && r.deadline === String(I64_MAX)));
  assert.ok(reg.some((r) => r.registered_at === String(I64_MIN)));
  assert.ok(reg.some((r) => r.registered_at === String(I64_MAX)));
});

// kafkajs's protocol Encoder: Kafka's own i16/i64 and i16-length UTF-8 strings.
function kafkajsEncode(target, r) {
  const e = new Encoder();
  if (target === 'key') {
    e.writeInt16(0).writeInt16(r.kind === 'registration' ? 0 : 1).writeString(r.role).writeString(r.member);
  } else if (target === 'registration') {
    e.writeInt16(0).writeString(r.member).writeInt64(r.registered_at);
  } else {
    e.writeInt16(0).writeString(r.member).writeInt64(r.producer_id).writeInt16(r.producer_epoch)
      .writeInt64(r.granted_at).writeInt64(r.deadline);
  }
  return e.buffer.toString('hex');
}

test('kafkajs Encoder writes exactly the bytes of every valid vector (a third implementation)', () => {
  let n = 0;
  for (const f of DECODE_FILES) {
    for (const v of files[f].vectors) {
      if (!v.expect.record) continue;
      assert.equal(kafkajsEncode(files[f].target, v.expect.record), v.hex, v.id);
      n++;
    }
  }
  for (const v of files['encode.json'].vectors) {
    if (v.expect.hex === undefined || v.flags.includes('RawBytesString')) continue;
    assert.equal(kafkajsEncode(v.record_target, v.record), v.expect.hex, v.id);
    n++;
  }
  assert.ok(n > 100, `only ${n} valid vectors`);
});

test('golden/generate.py --check: the committed files are what the generator writes', () => {
  const r = spawnSync('python3', [path.join(golden, 'generate.py'), '--check'], { encoding: 'utf8' });
  assert.equal(r.error, undefined, `python3 not runnable: ${r.error}`);
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
});
