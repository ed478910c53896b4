// The lz4 and snappy decoders of the core (wasm/core/wire/lz4.h, snappy.h) against their reference
// writers, through the whole-topic module (log[decompressPayload], the record-batch reader's own
// dispatch): the lz4 command line at every level, block maximum and checksum option, and
// python-snappy (Google's libsnappy) raw and in xerial's framing, on inputs from incompressible to
// runs, sizes around the block boundaries.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { decompressPayload, loadLogCodec } from '../../wasm/api/log-api.js';
import { lz4Frame, rng, snappyRaw, snappyXerial } from './log-writer.mjs';

const log = await loadLogCodec();
const LZ4 = 3;
const SNAPPY = 2;

// `n` bytes of a kind: random (incompressible), text-like (a small alphabet, short repeats), runs
// (long matches, overlapping copies), and a mix of the three.
function input(kind, n, seed) {
  const random = rng(seed);
  const b = Buffer.alloc(n);
  for (let i = 0; i < n;) {
    const k = kind === 'mix' ? ['random', 'text', 'runs'][random(3)] : kind;
    const len = Math.min(n - i, kind === 'mix' ? 1 + random(3000) : n);
    for (let j = 0; j < len; j++, i++) {
      if (k === 'random') b[i] = random(256);
      else if (k === 'text') b[i] = 97 + random(6);
      else b[i] = i >= 7 && random(1000) < 995 ? b[i - 7] : random(256);
    }
  }
  return b;
}

const SIZES = [0, 1, 15, 4096, 65535, 65536, 65537, 200_000];
const KINDS = ['random', 'text', 'runs', 'mix'];

test('LZ4 frames of the lz4 command line (levels, block maximums, checksums) decompress to their input', () => {
  const options = [
    ['-B4', '--no-frame-crc'], // Kafka's own frame
    ['-B4', '-1'],
    ['-B4', '-BX', '-9'],
    ['-B5', '-12'],
    ['-B6', '--fast=5'],
    ['-B7', '-BX', '--no-frame-crc'],
  ];
  let cases = 0;
  for (const [s, n] of SIZES.entries())
    for (const [k, kind] of KINDS.entries()) {
      const data = input(kind, n, 100 * s + k);
      for (const args of options) {
        // lz4 1.9.4's command line cannot write 65535 bytes in 64 KB blocks with its content
        // checksum ("ERROR_dstMaxSize_tooSmall", from stdin or a file): the writer's limit.
        if (n === 65535 && args[0] === '-B4' && !args.includes('--no-frame-crc')) continue;
        const out = log[decompressPayload](LZ4, lz4Frame(data, args));
        assert.ok(Buffer.from(out).equals(data), `${kind} ${n} ${args.join(' ')}`);
        cases++;
      }
    }
  assert.equal(cases, SIZES.length * KINDS.length * options.length - 2 * KINDS.length);
});

test('snappy payloads of python-snappy, raw and in xerial framing (chunks of 32 KiB and of 1000 bytes), decompress to their input', () => {
  for (const [s, n] of SIZES.entries())
    for (const [k, kind] of KINDS.entries()) {
      const data = input(kind, n, 100 * s + k);
      for (const [name, payload] of [
        ['raw', snappyRaw(data)],
        ['xerial', snappyXerial(data)],
        ['xerial 1000', snappyXerial(data, 1000)],
      ]) {
        const out = log[decompressPayload](SNAPPY, payload);
        assert.ok(Buffer.from(out).equals(data), `${kind} ${n} ${name}`);
      }
    }
});

test('a payload that does not decompress throws the batch error: code, payload offset, words', () => {
  const frame = lz4Frame(Buffer.from('hello hello hello hello'));
  assert.throws(
    () => log[decompressPayload](LZ4, frame.subarray(0, frame.length - 1)),
    (e) =>
      e.code === 'INVALID_LZ4' &&
      e.offset === frame.length - 1 &&
      e.message ===
        `the lz4 payload does not decompress: truncated at byte ${frame.length - 1} of the payload; the batch is skipped`,
  );
  assert.throws(
    () => log[decompressPayload](SNAPPY, Buffer.alloc(0)),
    (e) => e.code === 'INVALID_SNAPPY' && e.offset === 0 && /truncated at byte 0/.test(e.message),
  );
  // zstd (codec 4) through the same entry: four zero bytes are no frame's magic.
  assert.throws(
    () => log[decompressPayload](4, Buffer.alloc(4)),
    (e) =>
      e.code === 'INVALID_ZSTD' &&
      e.offset === 0 &&
      /zstd payload does not decompress: bad_magic at byte 0/.test(e.message),
  );
  assert.throws(
    () => log[decompressPayload](7, Buffer.alloc(4)),
    (e) =>
      e.code === 'UNSUPPORTED_COMPRESSION' &&
      e.message ===
        'compression unknown (codec 7) is not supported (supported: none, gzip, snappy, lz4, zstd); the batch is skipped',
  );
});
