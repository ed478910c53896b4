// Regression tests for the JS boundary (issue 7 defects 1, 2, 5, 6, 7; issue 9 bytes from any
// realm and no global TextDecoder). Each failed against wasm/api/index.js before its fix.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import vm from 'node:vm';
import { LyingBytes, api, codec, hexToBytes, bytesToHex, loadGolden, apiRecord, ROOT } from './helpers.mjs';

const { CoordinationError } = api;
const KEY = { version: 0, kind: 'registration', role: 'wörker', member: 'member-1' };
const LEASE = {
  version: 0,
  kind: 'lease',
  member: 'm😀',
  producerId: 9n,
  producerEpoch: 1,
  grantedAt: 5n,
  deadline: 40n,
};
const keyBytes = codec.encodeKey(KEY);
const leaseBytes = codec.encodeValue(LEASE);

// Every entry point still answers correctly (the canary of the tests below).
function assertCodecWorks() {
  assert.deepEqual(codec.decodeKey(keyBytes), KEY);
  assert.deepEqual(codec.decodeValue('lease', leaseBytes), LEASE);
  assert.deepEqual(codec.encodeValue(LEASE), leaseBytes);
  assert.deepEqual(codec.encodeKey(KEY), keyBytes);
  assert.throws(
    () => codec.decodeKey(hexToBytes('00000005')),
    (e) => e instanceof CoordinationError && e.code === 'UNKNOWN_KIND',
  );
  assert.equal(codec.inspect(leaseBytes, 'lease').ok, true);
  assert.equal(codec.validateBatch(Uint8Array.of(0, 0, 0, keyBytes.length, ...keyBytes), 'key').valid, 1);
}

async function heapSettles(limit) {
  for (let i = 0; i < 200 && codec.__heapStats().heapBytes > limit; i++) await new Promise((r) => setTimeout(r, 10));
  return codec.__heapStats().heapBytes;
}

test('defect 1: an input over 2^31 bytes is a RangeError and leaves the codec working', () => {
  assert.throws(() => codec.decodeKey(new Uint8Array(2 ** 31 + 16)), RangeError);
  assertCodecWorks();
  assert.throws(() => codec.inspect(new Uint8Array(2 ** 31 + 16), 'key'), RangeError);
  assertCodecWorks();
});

test('defect 1: encodeKey with role + member over 715M UTF-16 units is a RangeError and leaves the codec working', () => {
  const half = 'a'.repeat(360_000_000);
  assert.throws(() => codec.encodeKey({ kind: 'registration', role: half, member: half }), RangeError);
  assertCodecWorks();
});

test('defect 2: encodeValue reads each property once; a re-entrant getter cannot change the result', () => {
  let reads = 0;
  const reentrant = {
    kind: 'registration',
    member: 'member-1',
    get registeredAt() {
      reads++;
      codec.decodeKey(codec.encodeKey({ kind: 'registration', role: 'zzzzzzzz', member: 'yyyyyyyyyyyyyyyy' }));
      codec.inspect(leaseBytes, 'auto');
      return 5n;
    },
  };
  assert.deepEqual(
    codec.encodeValue(reentrant),
    codec.encodeValue({ kind: 'registration', member: 'member-1', registeredAt: 5n }),
  );
  assert.equal(reads, 1);

  const flipping = (first, then) => {
    let n = 0;
    return {
      kind: 'registration',
      member: 'm',
      get registeredAt() {
        return n++ === 0 ? first : then;
      },
    };
  };
  assert.deepEqual(
    codec.encodeValue(flipping(1n, 2n ** 64n + 5n)),
    codec.encodeValue({ kind: 'registration', member: 'm', registeredAt: 1n }),
  );
  assert.deepEqual(
    codec.encodeValue(flipping(7n, '123')),
    codec.encodeValue({ kind: 'registration', member: 'm', registeredAt: 7n }),
  );

  // A Proxy counts the reads of every property, for each encoder.
  const counted = (target) => {
    const gets = {};
    const proxy = new Proxy(target, {
      get(t, k) {
        gets[k] = (gets[k] || 0) + 1;
        codec.decodeValue('lease', leaseBytes);
        return t[k];
      },
    });
    return { proxy, gets };
  };
  for (const [fn, rec] of [
    ['encodeKey', KEY],
    ['encodeValue', LEASE],
    ['encodeValue', { version: 0, kind: 'registration', member: 'r', registeredAt: 3n }],
  ]) {
    const { proxy, gets } = counted(rec);
    assert.deepEqual(codec[fn](proxy), codec[fn]({ ...rec }));
    for (const [k, n] of Object.entries(gets)) assert.equal(n, 1, `${fn} read ${k} ${n} times`);
    assert.deepEqual(Object.keys(gets).sort(), Object.keys(rec).sort());
  }
  // A lease key's member, read through a getter that re-enters encodeKey.
  let memberReads = 0;
  const leaseKey = {
    kind: 'lease',
    role: 'leader',
    get member() {
      memberReads++;
      codec.encodeKey(KEY);
      return undefined;
    },
  };
  assert.deepEqual(codec.encodeKey(leaseKey), codec.encodeKey({ kind: 'lease', role: 'leader' }));
  assert.equal(memberReads, 1);
});

test('defect 5: encodeKey refuses a kind that is not a string', () => {
  for (const kind of [['lease'], new String('lease'), { toString: () => 'lease' }, ['registration']]) {
    assert.throws(() => codec.encodeKey({ kind, role: 'r' }), TypeError);
    assert.throws(() => codec.encodeValue({ ...LEASE, kind }), TypeError);
  }
});

test('defect 6: strings come from the validated copy, not from shared bytes another thread changes', async () => {
  // role 'aaaa' <-> 'éé' (both 4 bytes, both valid); a worker flips them while we decode.
  const a = codec.encodeKey({ kind: 'lease', role: 'aaaa' });
  const b = codec.encodeKey({ kind: 'lease', role: 'éé' });
  const shared = new Uint8Array(new SharedArrayBuffer(a.length));
  shared.set(a);
  const flipper = new Worker(
    `const { workerData: { shared, a, b } } = require('node:worker_threads');
     for (let i = 0; i < 4e9; i++) shared.set(i & 1 ? a : b);`,
    { eval: true, workerData: { shared, a, b } },
  );
  await new Promise((r) => flipper.once('online', r));
  const seen = new Map();
  try {
    // 400,000 calls, and on until the worker's changes were seen (a loaded machine may start it late).
    for (let i = 0; i < 400_000 || (seen.size < 2 && i < 4_000_000); i++) {
      let role;
      try {
        role = codec.decodeKey(shared).role;
      } catch (e) {
        if (!(e instanceof CoordinationError)) throw e;
        role = `error ${e.code}`;
      }
      seen.set(role, (seen.get(role) || 0) + 1);
    }
  } finally {
    await flipper.terminate();
  }
  // A torn copy ('aaé') is valid UTF-8 and decodes as such; U+FFFD comes only from bytes that
  // changed after validation.
  for (const role of seen.keys()) {
    assert.ok(
      !role.includes('\ufffd') && (role.startsWith('error ') || Buffer.byteLength(role) === 4),
      `decoded role ${JSON.stringify(role)}`,
    );
  }
  assert.ok(seen.size > 1, 'the worker changed the bytes during the loop');
});

test('defect 7: a large call does not pin the heap (fresh module instance), and later calls are correct', async () => {
  const before = codec.__heapStats().heapBytes;
  assert.throws(() => codec.decodeKey(new Uint8Array(100 * 2 ** 20)), CoordinationError);
  assert.ok(codec.__heapStats().heapBytes >= 100 * 2 ** 20, 'the large input went through the heap');
  const settled = await heapSettles(16 * 2 ** 20);
  assert.ok(settled <= 16 * 2 ** 20, `heap after a 100 MB decodeKey: ${settled} bytes (before: ${before})`);
  assertCodecWorks();

  const role = 'r'.repeat(50_000_000);
  assert.throws(
    () => codec.encodeKey({ kind: 'lease', role }),
    (e) => e instanceof CoordinationError && e.code === 'ROLE_OUT_OF_BOUNDS' && e.offset === 4,
  );
  const after = await heapSettles(16 * 2 ** 20);
  assert.ok(after <= 16 * 2 ** 20, `heap after a 5e7-character role: ${after} bytes`);
  assertCodecWorks();
});

test('bytes from any realm: Uint8Array of another realm, Buffer, ArrayBuffer, SharedArrayBuffer, a subclass', () => {
  const golden = loadGolden('key').vectors.filter((v) => v.expect.record);
  for (const v of golden.slice(0, 20)) {
    const want = apiRecord('key', v.expect.record);
    const u8 = hexToBytes(v.hex);
    const foreign = vm.runInNewContext(`Uint8Array.from(${JSON.stringify([...u8])})`);
    assert.equal(foreign instanceof Uint8Array, false);
    const sab = new Uint8Array(new SharedArrayBuffer(u8.length));
    sab.set(u8);
    const offset = new Uint8Array(u8.length + 3);
    offset.set(u8, 3);
    for (const input of [foreign, Buffer.from(u8), u8.slice().buffer, sab, sab.buffer, offset.subarray(3)]) {
      assert.deepEqual(codec.decodeKey(input), want);
      assert.deepEqual(codec.inspect(input, 'key').record, want);
      assert.equal(codec.isTombstone(input), false);
    }
  }
  // A subclass whose length, subarray and constructor lie is read through its internal slots.
  const lying = new LyingBytes(keyBytes.length);
  lying.set(keyBytes);
  assert.deepEqual(codec.decodeKey(lying), KEY);
  assert.equal(codec.validateBatch(Buffer.concat([Buffer.from([0, 0, 0, keyBytes.length]), keyBytes]), 'key').valid, 1);
  const plain = keyBytes.slice();
  Object.defineProperty(plain, 'length', {
    get() {
      throw new Error('length read');
    },
  });
  assert.deepEqual(codec.decodeKey(plain), KEY);
});

test('a TypeError names what was given instead of bytes', () => {
  const cases = [
    [[1, 2], /got an Array/],
    [new Uint16Array(2), /got Uint16Array/],
    [new DataView(new ArrayBuffer(2)), /got a DataView/],
    ['00ff', /got string "00ff"/],
    [undefined, /got undefined/],
    [{ length: 2 }, /got an object/],
    [new Proxy(new Uint8Array(2), {}), /got an object/],
  ];
  for (const [input, re] of cases) {
    assert.throws(
      () => codec.decodeKey(input),
      (e) =>
        e instanceof TypeError &&
        /decodeKey: bytes must be a Uint8Array, a Buffer or an ArrayBuffer/.test(e.message) &&
        re.test(e.message),
    );
  }
  assert.throws(() => codec.decodeValue('lease', 5), /decodeValue: bytes .*got number 5/);
  assert.throws(() => codec.validateBatch(null, 'key'), /validateBatch: frames .*got null/);
});

test('a detached ArrayBuffer, or a view of one, is a TypeError naming the argument, not zero bytes (a tombstone)', async () => {
  const detach = (bytes) => {
    structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
    return bytes;
  };
  const detachedError = (name) => (e) =>
    e instanceof TypeError &&
    e.message === `${name} is a detached ArrayBuffer or a view of one (transferred elsewhere): it has no bytes to read`;
  const view = detach(leaseBytes.slice());
  assert.equal(view.length, 0);
  assert.throws(() => codec.decodeValue('lease', view), detachedError('decodeValue: bytes'));
  assert.throws(() => codec.inspect(view, 'lease'), detachedError('inspect: bytes'));
  assert.throws(() => codec.decodeKey(detach(keyBytes.slice()).buffer), detachedError('decodeKey: bytes'));
  assert.throws(() => codec.validateBatch(detach(new Uint8Array(8)), 'key'), detachedError('validateBatch: frames'));
  const log = await api.loadLogCodec();
  assert.throws(() => log.readLog(detach(new Uint8Array(61)).buffer), detachedError('readLog: bytes'));
  const folder = log.createFolder();
  assert.throws(
    () => folder.pushRecords([{ key: keyBytes, value: detach(leaseBytes.slice()) }]),
    detachedError('pushRecords: record 0: value'),
  );
  folder.dispose();
  // Zero bytes that are not detached are what they were: a tombstone's value, a key cut short.
  assert.equal(codec.decodeValue('lease', new Uint8Array(0)), null);
  assert.equal(codec.decodeValue('lease', new Uint8Array(4).subarray(4)), null);
  assert.throws(
    () => codec.decodeKey(new ArrayBuffer(0)),
    (e) => e instanceof CoordinationError && e.code === 'TRUNCATED',
  );
});

test('no global TextDecoder or TextEncoder (jsdom): the same results from the fallback', () => {
  const inputs = [];
  for (const name of ['key', 'registration', 'lease']) {
    for (const v of loadGolden(name).vectors) if (v.hex !== null) inputs.push([name, v.hex]);
  }
  const script = `
    delete globalThis.TextDecoder; delete globalThis.TextEncoder;
    const { loadCodec, toJSON } = await import(${JSON.stringify(new URL('wasm/api/index.js', `file://${ROOT}`).href)});
    const codec = await loadCodec();
    const inputs = ${JSON.stringify(inputs)};
    const out = inputs.map(([t, hex]) => {
      const b = Uint8Array.from(Buffer.from(hex, 'hex'));
      let r; try { r = t === 'key' ? codec.decodeKey(b) : codec.decodeValue(t, b); } catch (e) { r = [e.code, e.offset, e.field, e.message]; }
      return [r, codec.inspect(b, 'auto')];
    });
    out.push(Buffer.from(codec.encodeKey({ kind: 'registration', role: '\\ufeffwörker😀', member: 'm' })).toString('hex'));
    out.push(typeof TextDecoder);
    process.stdout.write(toJSON(out));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  assert.equal(r.status, 0, r.stderr);
  const got = JSON.parse(r.stdout);
  assert.equal(got.pop(), 'undefined');
  assert.equal(got.pop(), bytesToHex(codec.encodeKey({ kind: 'registration', role: '\ufeffwörker😀', member: 'm' })));
  const want = inputs.map(([t, hex]) => {
    const b = hexToBytes(hex);
    let rec;
    try {
      rec = t === 'key' ? codec.decodeKey(b) : codec.decodeValue(t, b);
    } catch (e) {
      rec = [e.code, e.offset, e.field, e.message];
    }
    return [rec, codec.inspect(b, 'auto')];
  });
  assert.equal(got.length, inputs.length);
  assert.deepEqual(got, JSON.parse(api.toJSON(want)));
});
