// The wasm boundary is derived from the core: block layout and tables come from the module, the
// generated tables (wasm/generated/) agree with it, unknown targets are refused at every layer,
// and inspect returns the record from its own decode.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, codec, hexToBytes } from './helpers.mjs';
import * as generated from '../../wasm/generated/tables.js';

const boundary = codec.__boundary;
const key = codec.encodeKey({ kind: 'registration', role: 'worker', member: 'm-1' });

test('the module exports the tables the generated file lists', () => {
  const t = boundary.tables;
  assert.deepEqual(
    t.codes,
    generated.ERROR_CODES.map((c) => c.name),
  );
  assert.deepEqual(
    t.codeDescriptions,
    generated.ERROR_CODES.map((c) => c.description),
  );
  assert.deepEqual(
    t.fields,
    generated.FIELDS.map((f) => f.path),
  );
  assert.deepEqual(
    t.warnings,
    generated.WARNING_CODES.map((c) => c.name),
  );
  assert.deepEqual(
    t.wireTypes,
    generated.WIRE_TYPES.map((c) => c.name),
  );
  assert.deepEqual(
    t.invisible,
    generated.INVISIBLE_RANGES.map((r) => [...r]),
  );
  assert.ok(!t.fields.includes(undefined));
});

test('the batch block is sized from the code list', () => {
  const { batch } = boundary.tables.layout;
  const codes = generated.ERROR_CODES.length;
  assert.equal(batch.byCode + codes, batch.firstErrorIndex);
  assert.equal(batch.framingErrorOffset, batch.firstErrorIndex + 1);
  assert.equal(batch.slots, batch.framingErrorOffset + 1);
  // every code gets its own count: one bad record per code family, counted under its own name
  const frame = (b) => {
    const out = new Uint8Array(4 + b.length);
    new DataView(out.buffer).setInt32(0, b.length);
    out.set(b, 4);
    return out;
  };
  const records = [hexToBytes('0001'), hexToBytes('00000000000100'), key];
  const frames = new Uint8Array(records.reduce((n, r) => n + 4 + r.length, 0));
  let at = 0;
  for (const r of records) {
    frames.set(frame(r), at);
    at += 4 + r.length;
  }
  const s = codec.validateBatch(frames, 'key');
  assert.equal(s.records, 3);
  assert.equal(s.valid, 1);
  assert.equal(s.byCode.UNSUPPORTED_VERSION, 1);
  assert.equal(s.byCode.TRUNCATED, 1);
  assert.deepEqual(
    Object.keys(s.byCode),
    generated.ERROR_CODES.map((c) => c.name),
  );
  assert.equal(s.firstError.index, 0);
});

test('unknown targets are errors at the boundary, not a lease decode or "ok, no fields"', () => {
  for (const t of [3, 7, -1]) {
    assert.equal(boundary.decodeStatus(t, key), 2, `cv_decode(${t})`);
    assert.equal(boundary.batchStatus(t, new Uint8Array(0)), 2, `cv_validate_batch(${t})`);
    assert.equal(boundary.inspectRaw(t, key), null, `inspect(${t})`);
  }
  assert.equal(boundary.decodeStatus(0, key), 0);
  assert.throws(() => codec.inspect(key, 'nope'), TypeError);
  assert.throws(() => codec.validateBatch(new Uint8Array(0), 'nope'), TypeError);
});

test('inspect returns the record from its own decode (one crossing)', () => {
  const raw = boundary.inspectRaw(0, key);
  assert.equal(raw.record, true);
  assert.equal(raw.error, null);
  const insp = codec.inspect(key, 'key');
  assert.deepEqual(insp.record, codec.decodeKey(key));
  const bad = boundary.inspectRaw(1, key);
  assert.equal(bad.record, false);
});

test('loadCodec checks its options on every call, before and after the first load', async () => {
  await assert.rejects(api.loadCodec(42), TypeError);
  await assert.rejects(api.loadCodec(null), TypeError);
  await assert.rejects(api.loadCodec({ wasmBinary: 'nope' }), TypeError);
  await assert.rejects(api.loadCodec({ wasmUrl: 42 }), TypeError);
  assert.equal(await api.loadCodec({}), codec);
});
