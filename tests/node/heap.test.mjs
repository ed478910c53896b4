// The wasm heap stays flat over 1,000,000 mixed calls (valid and invalid decodes, encodes and
// encode errors, inspect, batch), and the module has no Embind, so no JS handle can be left behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { api, codec, hexToBytes } from './helpers.mjs';

const CALLS = Number(process.env.HEAP_CALLS || 1_000_000);

test(`wasm heap is flat over ${CALLS} mixed calls`, () => {
  const keyRec = { kind: 'registration', role: 'wörker-δ', member: 'member-0001' };
  const leaseRec = { kind: 'lease', member: 'm😀', producerId: 9n, producerEpoch: 1, grantedAt: 5n, deadline: 4n };
  const key = codec.encodeKey(keyRec);
  const lease = codec.encodeValue(leaseRec);
  const badKey = hexToBytes('00000000012c41');
  const badReg = hexToBytes('00000002c080ff');
  const batch = new Uint8Array(4 * 3 + key.length * 3);
  const dv = new DataView(batch.buffer);
  for (let i = 0, at = 0; i < 3; i++, at += 4 + key.length) {
    dv.setInt32(at, key.length);
    batch.set(key, at + 4);
  }

  let errors = 0;
  const round = (i) => {
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
        codec.decodeKey(key);
        break;
      case 3:
        codec.decodeValue('lease', lease);
        break;
      case 4:
        try {
          codec.decodeKey(badKey);
        } catch (e) {
          if (!(e instanceof api.CoordinationError)) throw e;
          errors++;
        }
        break;
      case 5:
        try {
          codec.decodeValue('registration', badReg);
        } catch (e) {
          if (!(e instanceof api.CoordinationError)) throw e;
          errors++;
        }
        break;
      case 6:
        codec.encodeKey(keyRec);
        break;
      case 7:
        codec.encodeValue(leaseRec);
        break;
      case 8:
        try {
          codec.encodeKey({ kind: 'lease', role: 'r', member: 'x' });
        } catch (e) {
          if (!(e instanceof api.CoordinationError)) throw e;
          errors++;
        }
        break;
      default:
        if (i % 100 === 9) codec.inspect(i % 200 === 9 ? lease : badReg, i % 200 === 9 ? 'lease' : 'auto');
        else if (i % 1000 === 19) codec.validateBatch(batch, 'key');
        else codec.decodeValue('lease', lease);
    }
  };
  for (let i = 0; i < 10_000; i++) round(i); // warm-up: scratch and output buffers at their sizes
  const before = codec.__heapStats();
  errors = 0;
  for (let i = 0; i < CALLS; i++) round(i);
  const after = codec.__heapStats();
  assert.equal(errors, (CALLS / 10) * 3);
  assert.equal(after.heapBytes, before.heapBytes, 'wasm memory grew');
});

test('the codec module imports no Embind (no handles to leak; results cross as numbers and text)', () => {
  const wasm = new WebAssembly.Module(
    readFileSync(new URL('../../wasm/dist/coordination_codec.wasm', import.meta.url)),
  );
  const imports = WebAssembly.Module.imports(wasm).map((i) => i.name);
  assert.ok(imports.length > 0, 'the module imports its runtime');
  assert.deepEqual(
    imports.filter((name) => /embind|emval/i.test(name)),
    [],
  );
});
