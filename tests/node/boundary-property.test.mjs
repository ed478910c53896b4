// A property test of the JS boundary (issue 7, "Also"): libFuzzer cannot reach wasm/api/index.js, so
// fast-check drives it instead. Random interleavings of every entry point, with hostile arguments:
// the bytes in every accepted form (another realm, Buffer, ArrayBuffer, shared memory, a subclass
// whose length and species lie), records behind getters and Proxies that call back into the
// codec and change their answer on a second read, junk of every type, and now and then an input
// of tens of MiB (which moves the codec to a fresh module instance). After every step a canary
// (golden vectors, written here by hand) must still decode and encode exactly.
// Bounded: BOUNDARY_RUNS sequences (default 150), and at most BOUNDARY_SECONDS (default 20).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { BYTE_FORMS, api, codec, hexToBytes, outcome } from './helpers.mjs';

const { CoordinationError } = api;
const RUNS = Number(process.env.BOUNDARY_RUNS || 150);
const SECONDS = Number(process.env.BOUNDARY_SECONDS || 20);

// golden/key.json key/valid/registration-ascii, golden/lease.json lease/valid/ascii.
const CANARY_KEY_HEX = '0000000000066c656164657200086d656d6265722d31';
const CANARY_KEY = { version: 0, kind: 'registration', role: 'leader', member: 'member-1' };
const CANARY_LEASE_HEX = '000000086d656d6265722d310000000000000fa000030000018bcfe568000000018bcfe5dd30';
const CANARY_LEASE = {
  version: 0,
  kind: 'lease',
  member: 'member-1',
  producerId: 4000n,
  producerEpoch: 3,
  grantedAt: 1700000000000n,
  deadline: 1700000030000n,
};
function canary() {
  assert.deepEqual(codec.decodeKey(hexToBytes(CANARY_KEY_HEX)), CANARY_KEY);
  assert.deepEqual(codec.decodeValue('lease', hexToBytes(CANARY_LEASE_HEX)), CANARY_LEASE);
  assert.equal(Buffer.from(codec.encodeValue(CANARY_LEASE)).toString('hex'), CANARY_LEASE_HEX);
  assert.equal(Buffer.from(codec.encodeKey(CANARY_KEY)).toString('hex'), CANARY_KEY_HEX);
  assert.throws(
    () => codec.decodeKey(hexToBytes('0000')),
    (e) => e instanceof CoordinationError && e.code === 'TRUNCATED' && e.offset === 2 && e.field === 'key.kind',
  );
}

// ---- arguments ------------------------------------------------------------------------------

const str = fc.string({ unit: fc.constantFrom('a', 'é', '€', '😀', '\ud800', '\u0000', 'z'), maxLength: 12 });
const i64 = fc.oneof(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.constantFrom(2n ** 64n, -(2n ** 70n)));
const keyRec = fc.record({
  kind: fc.constantFrom('registration', 'lease'),
  role: str,
  member: fc.option(str, { nil: undefined }),
});
const valueRec = fc.oneof(
  fc.record({ kind: fc.constant('registration'), member: str, registeredAt: i64 }),
  fc.record({
    kind: fc.constant('lease'),
    member: str,
    producerId: i64,
    producerEpoch: fc.integer({ min: -40000, max: 40000 }),
    grantedAt: i64,
    deadline: i64,
  }),
);
// Bytes: encodings of records (valid or not), random bytes, and mutations of both.
const rawBytes = fc.oneof(
  fc.uint8Array({ maxLength: 64 }),
  keyRec.map((k) => outcome(() => codec.encodeKey(k)).value ?? new Uint8Array(0)),
  valueRec.map((v) => outcome(() => codec.encodeValue(v)).value ?? new Uint8Array(0)),
  fc.tuple(fc.constantFrom(CANARY_KEY_HEX, CANARY_LEASE_HEX), fc.nat(40), fc.nat(255)).map(([hex, at, b]) => {
    const bytes = hexToBytes(hex);
    bytes[at % bytes.length] = b;
    return bytes;
  }),
);

const form = fc.constantFrom(...Object.keys(BYTE_FORMS));
const junk = fc.oneof(
  fc.anything(),
  fc.constantFrom(
    new Uint16Array(3),
    new DataView(new ArrayBuffer(2)),
    [1, 2],
    'abcd',
    new Proxy(new Uint8Array(2), {}),
  ),
);

// A call back into the codec, made from inside a getter or trap.
const reentry = fc.constantFrom('decodeKey', 'decodeValue', 'encodeKey', 'encodeValue', 'inspect', 'batch', 'none');
function reenter(kind) {
  switch (kind) {
    case 'decodeKey':
      return codec.decodeKey(
        Uint8Array.of(
          0,
          0,
          0,
          0,
          0,
          8,
          122,
          122,
          122,
          122,
          122,
          122,
          122,
          122,
          0,
          8,
          121,
          121,
          121,
          121,
          121,
          121,
          121,
          121,
        ),
      );
    case 'decodeValue':
      return outcome(() => codec.decodeValue('registration', new Uint8Array(40).fill(0x61)));
    case 'encodeKey':
      return codec.encodeKey({ kind: 'registration', role: 'q'.repeat(200), member: 'w'.repeat(200) });
    case 'encodeValue':
      return outcome(() =>
        codec.encodeValue({
          kind: 'lease',
          member: '\ud800',
          producerId: 1n,
          producerEpoch: 1,
          grantedAt: 1n,
          deadline: 1n,
        }),
      );
    case 'inspect':
      return codec.inspect(hexToBytes(CANARY_LEASE_HEX), 'auto');
    case 'batch':
      return codec.validateBatch(Uint8Array.of(0, 0, 0, 2, 0, 0, 255, 255, 255, 255), 'lease');
    default:
      return undefined;
  }
}
// The record behind getters (or a Proxy) that re-enter the codec on the first read of each
// property and answer something else on any later read: a second read shows in the result.
function hostile(rec, how, kind) {
  const reads = new Set();
  const answer = (k) => {
    if (reads.has(k))
      return typeof rec[k] === 'bigint' ? rec[k] + 1n : typeof rec[k] === 'string' ? `${rec[k]}!` : 'registration';
    reads.add(k);
    reenter(kind);
    return rec[k];
  };
  if (how === 'proxy') return new Proxy({ ...rec }, { get: (_t, k) => answer(k) });
  const o = {};
  for (const k of Object.keys(rec)) Object.defineProperty(o, k, { get: () => answer(k), enumerable: true });
  return o;
}

// Same outcome: equal results, or errors of the same class with the same code/offset/field/message.
function sameOutcome(got, want, what) {
  if (want.error) {
    assert.ok(got.error, `${what}: expected ${want.error}, got a result`);
    assert.equal(got.error.constructor, want.error.constructor, `${what}: ${got.error.stack}`);
    assert.deepEqual(
      [got.error.code, got.error.offset, got.error.field, got.error.message],
      [want.error.code, want.error.offset, want.error.field, want.error.message],
    );
  } else {
    assert.ok(!got.error, `${what}: ${got.error && got.error.stack}`);
    assert.deepEqual(got.value, want.value, what);
  }
}
const allowedError = (e) => e instanceof CoordinationError || e instanceof TypeError || e instanceof RangeError;

const frames = (list) =>
  Buffer.concat(
    list.map((b) => Buffer.concat([Buffer.from([0, 0, 0, 0].map((_, i) => (b.length >>> (24 - 8 * i)) & 255)), b])),
  );

const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('decode'),
      target: fc.constantFrom('key', 'registration', 'lease'),
      bytes: rawBytes,
      form,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('inspect'),
      target: fc.constantFrom('key', 'registration', 'lease', 'auto'),
      bytes: fc.option(rawBytes),
      form,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('batch'),
      target: fc.constantFrom('key', 'registration', 'lease'),
      list: fc.array(rawBytes, { maxLength: 5 }),
      form,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('encodeKey'),
      rec: keyRec,
      how: fc.constantFrom('getters', 'proxy'),
      reentry,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('encodeValue'),
      rec: valueRec,
      how: fc.constantFrom('getters', 'proxy'),
      reentry,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('junk'),
      fn: fc.constantFrom(
        'decodeKey',
        'decodeValue',
        'isTombstone',
        'inspect',
        'validateBatch',
        'encodeKey',
        'encodeValue',
      ),
      arg: junk,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('huge'),
      what: fc.constantFrom('decodeKey', 'inspect', 'encodeKey', 'batch'),
      mib: fc.integer({ min: 17, max: 48 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ op: 'yield' }) },
);

async function runStep(s) {
  switch (s.op) {
    case 'decode': {
      const call = (b) => outcome(() => (s.target === 'key' ? codec.decodeKey(b) : codec.decodeValue(s.target, b)));
      sameOutcome(call(BYTE_FORMS[s.form](s.bytes)), call(s.bytes.slice()), `decode ${s.target} (${s.form})`);
      break;
    }
    case 'inspect': {
      const input = s.bytes === null ? null : BYTE_FORMS[s.form](s.bytes);
      sameOutcome(
        outcome(() => codec.inspect(input, s.target)),
        outcome(() => codec.inspect(s.bytes && s.bytes.slice(), s.target)),
        `inspect ${s.target}`,
      );
      break;
    }
    case 'batch': {
      const all = new Uint8Array(frames(s.list.map((b) => Buffer.from(b))));
      sameOutcome(
        outcome(() => codec.validateBatch(BYTE_FORMS[s.form](all), s.target)),
        outcome(() => codec.validateBatch(all.slice(), s.target)),
        `batch ${s.target}`,
      );
      break;
    }
    case 'encodeKey':
    case 'encodeValue': {
      const want = outcome(() => codec[s.op]({ ...s.rec }));
      sameOutcome(
        outcome(() => codec[s.op](hostile(s.rec, s.how, s.reentry))),
        want,
        `${s.op} through ${s.how}, re-entering ${s.reentry}`,
      );
      break;
    }
    case 'junk': {
      const args =
        s.fn === 'decodeValue'
          ? ['lease', s.arg]
          : s.fn === 'inspect' || s.fn === 'validateBatch'
            ? [s.arg, 'key']
            : [s.arg];
      const got = outcome(() => codec[s.fn](...args));
      if (got.error) assert.ok(allowedError(got.error), `${s.fn}(junk): ${got.error.stack}`);
      break;
    }
    case 'huge': {
      const n = s.mib * 2 ** 20;
      const got =
        s.what === 'decodeKey'
          ? outcome(() => codec.decodeKey(new Uint8Array(n)))
          : s.what === 'inspect'
            ? outcome(() => codec.inspect(new Uint8Array(n), 'lease'))
            : s.what === 'batch'
              ? outcome(() => codec.validateBatch(frames([Buffer.alloc(n)]), 'key'))
              : outcome(() => codec.encodeKey({ kind: 'registration', role: 'r'.repeat(n / 4), member: 'm' }));
      if (s.what === 'inspect') assert.equal(got.value.ok, false);
      else if (s.what === 'batch') assert.equal(got.value.records, 1);
      else assert.ok(got.error instanceof CoordinationError, String(got.error && got.error.stack));
      break;
    }
    default:
      await new Promise((r) => setTimeout(r, 0)); // lets a fresh module instance take over
  }
}

test(`random interleavings of every entry point with hostile arguments keep the codec exact (${RUNS} runs, <= ${SECONDS} s)`, async () => {
  const t0 = Date.now();
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
      for (const s of steps) {
        await runStep(s);
        canary();
      }
    }),
    { numRuns: RUNS, interruptAfterTimeLimit: SECONDS * 1000, markInterruptAsFailure: false },
  );
  canary();
  // The heap does not stay at the size of the largest input.
  for (let i = 0; i < 200 && codec.__heapStats().heapBytes > 16 * 2 ** 20; i++)
    await new Promise((r) => setTimeout(r, 10));
  assert.ok(
    codec.__heapStats().heapBytes <= 16 * 2 ** 20,
    `heap ${codec.__heapStats().heapBytes} bytes after ${Date.now() - t0} ms`,
  );
});
