// The JS API's contract beyond the golden vectors: argument types, loading, JSON, inspect's tree,
// the batch, and the bounds of the argument types (bigint / i16).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { GOLDEN, api, codec, hexToBytes, outcome } from './helpers.mjs';

const { CoordinationError, loadCodec, toJSON, TOPIC } = api;
// The codes the decoder reports, in the core's order: the contract's list (golden/schema.json,
// written by golden/generate.py), not the API's own table.
const ERROR_CODES = JSON.parse(readFileSync(new URL('schema.json', GOLDEN), 'utf8')).$defs.error.properties.code.enum;
const key = codec.encodeKey({ kind: 'registration', role: 'worker', member: 'm-1' });
const lease = { kind: 'lease', member: 'm', producerId: 7n, producerEpoch: 2, grantedAt: 100n, deadline: 50n };

test('loadCodec caches one instance; TOPIC', async () => {
  assert.equal(await loadCodec(), codec);
  assert.equal(await loadCodec({ wasmBinary: new Uint8Array(0) }), codec); // later options ignored
  assert.equal(codec.TOPIC, '__coordination_state');
  assert.equal(TOPIC, '__coordination_state');
  assert.ok(Object.isFrozen(codec));
});

test('a fresh module loads from wasmBinary (ArrayBuffer) and from a file: wasmUrl', async () => {
  const wasmPath = new URL('../../wasm/dist/coordination_codec.wasm', import.meta.url);
  const buf = readFileSync(wasmPath);
  const a = await import(`../../wasm/api/index.js?fresh=1`);
  const c1 = await a.loadCodec({ wasmBinary: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length) });
  assert.equal(c1.decodeKey(key).role, 'worker');
  const b = await import(`../../wasm/api/index.js?fresh=2`);
  const c2 = await b.loadCodec({ wasmUrl: wasmPath });
  assert.equal(c2.decodeKey(key).member, 'm-1');
  const c = await import(`../../wasm/api/index.js?fresh=3`);
  await assert.rejects(c.loadCodec({ wasmBinary: 'nope' }), TypeError);
  await assert.rejects(c.loadCodec(42), TypeError);
  const c3 = await c.loadCodec(); // a failed load is not cached
  assert.equal(c3.TOPIC, TOPIC);
});

test('wrong argument types are TypeErrors', () => {
  const notBytes = [undefined, 'abc', [0, 0], new DataView(new ArrayBuffer(4)), new Uint16Array(2), 42, {}];
  for (const b of notBytes) {
    assert.throws(() => codec.decodeKey(b), TypeError);
    assert.throws(() => codec.decodeValue('lease', b), TypeError);
    assert.throws(() => codec.isTombstone(b), TypeError);
    assert.throws(() => codec.inspect(b, 'key'), TypeError);
    assert.throws(() => codec.validateBatch(b, 'key'), TypeError);
  }
  assert.throws(() => codec.decodeKey(null), TypeError);
  assert.throws(() => codec.validateBatch(null, 'key'), TypeError);
  for (const k of ['key', 'Lease', 0, null, undefined, 'toString']) {
    assert.throws(() => codec.decodeValue(k, new Uint8Array(3)), TypeError);
    assert.throws(() => codec.encodeKey({ kind: k, role: 'r' }), TypeError);
    assert.throws(() => codec.encodeValue({ ...lease, kind: k }), TypeError);
  }
  assert.throws(() => codec.inspect(key, 'value'), TypeError);
  assert.throws(() => codec.inspect(key), TypeError);
  assert.throws(() => codec.validateBatch(new Uint8Array(0), 'auto'), TypeError);
  assert.throws(() => codec.encodeKey(null), TypeError);
  assert.throws(() => codec.encodeKey('k'), TypeError);
  assert.throws(() => codec.encodeKey({ kind: 'registration', role: 5, member: 'm' }), TypeError);
  assert.throws(() => codec.encodeKey({ kind: 'registration', role: 'r', member: null }), TypeError);
  assert.throws(() => codec.encodeKey({ kind: 'registration', role: 'r', member: 'm', version: 1 }), TypeError);
  assert.throws(() => codec.encodeValue(undefined), TypeError);
  assert.throws(() => codec.encodeValue({ kind: 'registration', member: 'm', registeredAt: 5 }), TypeError);
  assert.throws(() => codec.encodeValue({ kind: 'registration', member: 'm', registeredAt: '5' }), TypeError);
  assert.throws(() => codec.encodeValue({ ...lease, producerId: 7 }), TypeError);
  assert.throws(() => codec.encodeValue({ ...lease, grantedAt: undefined }), TypeError);
  assert.throws(() => codec.encodeValue({ ...lease, producerEpoch: 1n }), TypeError);
  assert.throws(() => codec.encodeValue({ ...lease, producerEpoch: 1.5 }), TypeError);
  assert.throws(() => codec.encodeValue({ ...lease, member: 3 }), TypeError);
});

test('values outside the wire types are RangeErrors; in range but refused: CoordinationError', () => {
  assert.throws(() => codec.encodeValue({ ...lease, deadline: 2n ** 63n }), RangeError);
  assert.throws(() => codec.encodeValue({ ...lease, grantedAt: -(2n ** 63n) - 1n }), RangeError);
  assert.throws(() => codec.encodeValue({ ...lease, producerEpoch: 32768 }), RangeError);
  assert.throws(() => codec.encodeValue({ ...lease, producerEpoch: -32769 }), RangeError);
  const e1 = outcome(() => codec.encodeValue({ ...lease, producerEpoch: -1 })).error;
  assert.ok(e1 instanceof CoordinationError);
  assert.deepEqual([e1.code, e1.field, e1.offset], ['NEGATIVE_PRODUCER_EPOCH', 'lease.producer_epoch', 13]);
  const e2 = outcome(() => codec.encodeValue({ ...lease, producerId: -1n })).error;
  assert.deepEqual([e2.code, e2.field, e2.offset], ['NEGATIVE_PRODUCER_ID', 'lease.producer_id', 5]);
  const e3 = outcome(() => codec.encodeKey({ kind: 'lease', role: 'r', member: 'm' })).error;
  assert.deepEqual([e3.code, e3.field], ['LEASE_KEY_HAS_MEMBER', 'key.member']);
  const e4 = outcome(() => codec.encodeKey({ kind: 'registration', role: 'x'.repeat(256), member: 'm' })).error;
  assert.deepEqual([e4.code, e4.field, e4.offset], ['ROLE_OUT_OF_BOUNDS', 'key.role', 4]);
  // extremes encode exactly
  const ext = {
    ...lease,
    producerId: 2n ** 63n - 1n,
    producerEpoch: 32767,
    grantedAt: -(2n ** 63n),
    deadline: 2n ** 63n - 1n,
  };
  assert.deepEqual(codec.decodeValue('lease', codec.encodeValue(ext)), { version: 0, ...ext });
});

test('CoordinationError shape', () => {
  const e = outcome(() => codec.decodeKey(hexToBytes('00000000012c41'))).error;
  assert.ok(e instanceof CoordinationError && e instanceof Error);
  assert.equal(e.name, 'CoordinationError');
  assert.deepEqual([e.code, e.offset, e.field], ['TRUNCATED', 4, 'key.role']);
  assert.equal(e.message, 'key.role: length prefix says 300 bytes but only 1 remain (offset 4)');
  assert.match(String(e.stack), /CoordinationError/);
});

test('tombstones: null and empty', () => {
  assert.equal(codec.decodeValue('registration', null), null);
  assert.equal(codec.decodeValue('lease', new Uint8Array(0)), null);
  assert.equal(codec.isTombstone(null), true);
  assert.equal(codec.isTombstone(new Uint8Array(0)), true);
  assert.equal(codec.isTombstone(new Uint8Array(1)), false);
  const ins = codec.inspect(null, 'lease');
  assert.deepEqual([ins.ok, ins.tombstone, ins.record, ins.size], [true, true, null, 0]);
});

test('decoding reads the caller bytes at any offset (subarray, Buffer)', () => {
  const big = new Uint8Array(key.length + 10);
  big.set(key, 5);
  assert.deepEqual(codec.decodeKey(big.subarray(5, 5 + key.length)), codec.decodeKey(key));
  assert.deepEqual(codec.decodeKey(Buffer.from(key)), codec.decodeKey(key));
  const long = codec.encodeKey({ kind: 'registration', role: 'ρ'.repeat(100), member: 'x'.repeat(255) });
  assert.deepEqual(codec.decodeKey(long), {
    version: 0,
    kind: 'registration',
    role: 'ρ'.repeat(100),
    member: 'x'.repeat(255),
  });
  const nul = codec.encodeKey({ kind: 'registration', role: 'a\u0000b', member: '😀' });
  assert.deepEqual(codec.decodeKey(nul), { version: 0, kind: 'registration', role: 'a\u0000b', member: '😀' });
  // encode output is a fresh array, not a view of the wasm heap
  const out = codec.encodeKey({ kind: 'lease', role: 'r' });
  assert.equal(out.byteOffset, 0);
  assert.equal(out.buffer.byteLength, out.length);
});

test('inspect: nested field tree, i64 as bigint, warnings', () => {
  const bytes = codec.encodeValue(lease);
  const ins = codec.inspect(bytes, 'lease');
  assert.equal(ins.ok, true);
  assert.deepEqual(
    ins.fields.map((f) => f.path),
    [
      'lease.version',
      'lease.member',
      'lease.producer_id',
      'lease.producer_epoch',
      'lease.granted_at',
      'lease.deadline',
    ],
  );
  const member = ins.fields[1];
  assert.equal(member.wireType, 'string');
  assert.deepEqual(
    member.children.map((c) => c.path),
    ['lease.member.length', 'lease.member.utf8'],
  );
  assert.equal(ins.fields[2].value, 7n);
  assert.equal(ins.fields[3].value, 2);
  assert.deepEqual(
    ins.warnings.map((w) => w.code),
    ['DEADLINE_BEFORE_GRANTED'],
  );
  assert.deepEqual(ins.record, { version: 0, ...lease });
  const bad = codec.inspect(hexToBytes('000000'), 'registration');
  assert.equal(bad.ok, false);
  assert.equal(bad.error.code, 'TRUNCATED');
  assert.equal(bad.fields.at(-1).complete, false);
  // Java modified UTF-8 (C0 80 for U+0000) is flagged
  const java = codec.inspect(hexToBytes('00000003 61c080 0000000000000000'.replace(/ /g, '')), 'registration');
  assert.equal(java.error.code, 'INVALID_UTF8');
  assert.ok(java.warnings.some((w) => w.code === 'JAVA_MODIFIED_UTF8'));
  const kind = codec.inspect(key, 'key').fields[1];
  assert.equal(kind.meaning, 'registration');
  const auto = codec.inspect(key, 'auto');
  assert.deepEqual(auto.matches, ['key']);
  assert.equal(auto.target, 'auto');
  // plain data: survives structuredClone and toJSON
  structuredClone(auto);
  assert.ok(toJSON(auto).length > 0);
});

test('toJSON renders bigint as decimal strings', () => {
  assert.equal(toJSON({ a: 2n ** 63n - 1n, b: [1, -5n] }), '{"a":"9223372036854775807","b":[1,"-5"]}');
  assert.equal(toJSON({ a: 1n }, 2), '{\n  "a": "1"\n}');
});

function frames(records) {
  const parts = [];
  for (const r of records) {
    const h = Buffer.alloc(4);
    h.writeInt32BE(r === null ? -1 : r.length);
    parts.push(h);
    if (r) parts.push(Buffer.from(r));
  }
  return new Uint8Array(Buffer.concat(parts));
}

test('validateBatch: counts, first error, framing error', () => {
  const good = codec.encodeValue(lease);
  const badBytes = good.slice(0, 10);
  const s = codec.validateBatch(frames([good, null, new Uint8Array(0), badBytes, good, badBytes]), 'lease');
  assert.equal(s.records, 6);
  assert.equal(s.valid, 2);
  assert.equal(s.tombstones, 2);
  assert.equal(s.byCode.TRUNCATED, 2);
  assert.deepEqual(Object.keys(s.byCode), ERROR_CODES);
  assert.equal(s.byCode.TRAILING_BYTES, 0);
  assert.equal(s.framingErrorOffset, null);
  const e = outcome(() => codec.decodeValue('lease', badBytes)).error;
  assert.deepEqual(s.firstError, { code: e.code, offset: e.offset, field: e.field, message: e.message, index: 3 });
  const framed = frames([good, good]);
  const cut = codec.validateBatch(framed.subarray(0, framed.length - 3), 'lease');
  assert.equal(cut.records, 1);
  assert.equal(cut.framingErrorOffset, 4 + good.length);
  const empty = codec.validateBatch(new Uint8Array(0), 'key');
  assert.deepEqual([empty.records, empty.valid, empty.firstError, empty.framingErrorOffset], [0, 0, null, null]);
  const keys = codec.validateBatch(frames([key, key, new Uint8Array([0, 0, 0, 2])]), 'key');
  assert.deepEqual([keys.records, keys.valid, keys.byCode.UNKNOWN_KIND, keys.firstError.index], [3, 2, 1, 2]);
});

test('large inputs grow the scratch area and the heap views stay valid', () => {
  const rec = { kind: 'registration', role: 'r', member: 'm' };
  const k = codec.encodeKey(rec);
  const many = frames(Array.from({ length: 200000 }, () => k));
  assert.equal(codec.validateBatch(many, 'key').valid, 200000);
  assert.equal(codec.decodeKey(k).role, 'r');
  const e = outcome(() => codec.decodeKey(new Uint8Array(5_000_000))).error;
  assert.deepEqual([e.code, e.field], ['ROLE_OUT_OF_BOUNDS', 'key.role']); // role length 0
  assert.ok(e instanceof CoordinationError);
});

test('an encoder error after the core grew the heap keeps its code, offset and field', () => {
  // The role is copied into the scratch area (which grows the heap first) and then into a
  // std::string by the core: twice the current heap guarantees the second copy grows it again.
  const n = 2 * codec.__heapStats().heapBytes;
  const e = outcome(() => codec.encodeKey({ kind: 'registration', role: 'r'.repeat(n), member: 'm' })).error;
  assert.ok(e instanceof CoordinationError);
  assert.deepEqual([e.code, e.offset, e.field], ['ROLE_OUT_OF_BOUNDS', 4, 'key.role']);
  assert.equal(e.message, `key.role: expected 1..255 bytes, found ${n} (offset 4)`);
});

test('a leading U+FEFF is a character of the string, not a byte order mark to drop', () => {
  // Short strings, and strings long enough that a glue's TextDecoder would have decoded them.
  for (const text of ['\uFEFF', '\uFEFFm', '\uFEFF' + 'm'.repeat(40)]) {
    const k = codec.encodeKey({ kind: 'registration', role: text, member: text });
    assert.deepEqual(codec.decodeKey(k), { version: 0, kind: 'registration', role: text, member: text });
    const ins = codec.inspect(k, 'key');
    const values = Object.fromEntries(ins.fields.flatMap((f) => [f, ...f.children]).map((f) => [f.path, f.value]));
    for (const path of ['key.role', 'key.role.utf8', 'key.member', 'key.member.utf8'])
      assert.equal(values[path], text, path);
    const v = codec.encodeValue({ ...lease, member: text });
    assert.equal(codec.decodeValue('lease', v).member, text);
    assert.equal(codec.inspect(v, 'lease').fields[1].value, text);
  }
});

// Reference summary from the per-record API (the same core), frame by frame.
function referenceSummary(buf, target) {
  const s = { records: 0, valid: 0, tombstones: 0, byCode: {}, firstError: null, framingErrorOffset: null };
  for (const c of ERROR_CODES) s.byCode[c] = 0;
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  for (let pos = 0; pos < buf.length;) {
    if (pos + 4 > buf.length) {
      s.framingErrorOffset = pos;
      break;
    }
    const len = dv.getInt32(pos);
    if (len < -1 || pos + 4 + Math.max(len, 0) > buf.length) {
      s.framingErrorOffset = pos;
      break;
    }
    const rec = len === -1 ? null : buf.subarray(pos + 4, pos + 4 + len);
    s.records++;
    const got = outcome(() =>
      target === 'key' ? codec.decodeKey(rec ?? new Uint8Array(0)) : codec.decodeValue(target, rec),
    );
    if (got.error) {
      s.byCode[got.error.code]++;
      if (!s.firstError)
        s.firstError = {
          code: got.error.code,
          offset: got.error.offset,
          field: got.error.field,
          message: got.error.message,
          index: s.records - 1,
        };
    } else if (got.value === null) s.tombstones++;
    else s.valid++;
    pos += 4 + Math.max(len, 0);
  }
  return s;
}

test('validateBatch over large buffers (chunked) agrees with the per-record API', () => {
  let seed = 7;
  const rnd = (n) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const good = {
    key: codec.encodeKey({ kind: 'registration', role: 'worker', member: 'mémber' }),
    registration: codec.encodeValue({ kind: 'registration', member: 'm', registeredAt: 1n }),
    lease: codec.encodeValue(lease),
  };
  for (const target of ['key', 'registration', 'lease']) {
    for (let round = 0; round < 6; round++) {
      const recs = [];
      let size = 0;
      while (size < 700_000 + rnd(400_000)) {
        const kind = rnd(20);
        let r;
        if (kind === 0) r = null;
        else if (kind === 1) r = good[target].subarray(0, rnd(good[target].length));
        else if (kind === 2) r = new Uint8Array(1 + rnd(5000)).map(() => rnd(256));
        else if (kind === 3 && rnd(10) === 0)
          r = new Uint8Array(262_144 + rnd(200_000)); // a frame over the chunk size
        else r = good[target];
        recs.push(r);
        size += 4 + (r ? r.length : 0);
      }
      let buf = frames(recs);
      if (round % 3 === 1) buf = buf.subarray(0, buf.length - 1 - rnd(10)); // cut the last frame
      if (round % 3 === 2) {
        // a bad length in the middle
        const ref = referenceSummary(buf, target);
        let pos = 0;
        const dv = new DataView(buf.buffer, buf.byteOffset);
        for (let i = 0; i < Math.floor(ref.records / 2); i++) pos += 4 + Math.max(dv.getInt32(pos), 0);
        buf = Uint8Array.from(buf);
        new DataView(buf.buffer).setInt32(pos, -5);
      }
      assert.deepEqual(codec.validateBatch(buf, target), referenceSummary(buf, target), `${target} round ${round}`);
    }
  }
});
