// The inflater (wasm/core/wire/inflate.cpp: table lookups with a bit-by-bit path for the rest)
// against Node's zlib, which writes the gzip payloads: every level, strategy, window and memory
// level, over random, repetitive, text-like and real bytes (this repository's files). Each batch is
// written uncompressed by kafkajs (log-writer.mjs), its records section gzipped by zlib with the
// options under test; readLog must give back exactly the records of the uncompressed batch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { constants, gzipSync } from 'node:zlib';

import { api } from './helpers.mjs';
import { rng, withAttributes, writeBatch } from './log-writer.mjs';

const logCodec = await api.loadLogCodec();
const HEADER = 61; // record batch v2 header: the records section follows

// The batch with its records section replaced by zlib's gzip of it (attributes: gzip; new
// batchLength and CRC-32C).
function gzipped(batch, options) {
  const payload = gzipSync(batch.subarray(HEADER), options);
  const out = Buffer.concat([batch.subarray(0, HEADER), payload]);
  out.writeInt32BE(out.length - 12, 8);
  return withAttributes(out, 1);
}

const records = (bytes) => {
  const read = logCodec.readLog(bytes);
  assert.deepEqual(read.errors, []);
  return read.batches.flatMap((b) => b.records);
};

// Values of each kind: random bytes (stored and Huffman-only blocks), runs (distance 1 matches),
// short repeats (overlapping copies), text-like words, and slices of real files.
function values(kind, next, count) {
  const files = ['README.md', 'BENCHMARKS.md', 'wasm/dist/coordination_log.wasm', 'golden/lease.json'].map((f) =>
    readFileSync(new URL(`../../${f}`, import.meta.url)),
  );
  const words = ['coordinator', 'payments-', 'lease', 'worker@', 'host.', 'prod', '\u00e9t\u00e9', '\u{1f600}'];
  return Array.from({ length: count }, () => {
    const n = next(kind === 'file' ? 20000 : 3000);
    if (kind === 'random') return Buffer.from(Array.from({ length: n }, () => next(256)));
    if (kind === 'runs') return Buffer.from(Array.from({ length: n }, (_, i) => ((i >> (2 + next(4))) & 1 ? 0x61 : 0)));
    if (kind === 'repeats') {
      const period = 1 + next(12);
      const unit = Array.from({ length: period }, () => next(256));
      return Buffer.from(Array.from({ length: n }, (_, i) => unit[i % period]));
    }
    if (kind === 'words') return Buffer.from(Array.from({ length: n >> 3 }, () => words[next(words.length)]).join(''));
    const f = files[next(files.length)];
    const at = next(Math.max(1, f.length - n));
    return f.subarray(at, at + n);
  });
}

const STRATEGIES = [
  constants.Z_DEFAULT_STRATEGY,
  constants.Z_FILTERED,
  constants.Z_HUFFMAN_ONLY,
  constants.Z_RLE,
  constants.Z_FIXED,
];

test('gzip payloads written by Node zlib (every level, strategy, window, memLevel) read back exactly', async () => {
  const next = rng(1951);
  let checked = 0;
  for (const kind of ['random', 'runs', 'repeats', 'words', 'file']) {
    for (let round = 0; round < 8; round++) {
      const batch = await writeBatch({
        baseOffset: 100 * round,
        records: values(kind, next, 1 + next(12)).map((value, i) => ({
          key: i % 3 === 0 ? null : Buffer.from(`key-${kind}-${i}`),
          value: i % 5 === 4 ? null : value,
          headers: i % 2 ? { h: Buffer.from(`header-${i}`) } : {},
        })),
      });
      const want = records(batch);
      for (let level = 0; level <= 9; level++) {
        const options = {
          level,
          strategy: STRATEGIES[next(STRATEGIES.length)],
          windowBits: 9 + next(7),
          memLevel: 1 + next(9),
        };
        const got = records(gzipped(batch, options));
        assert.deepEqual(got, want, `${kind} round ${round} ${JSON.stringify(options)}`);
        checked++;
      }
    }
  }
  assert.equal(checked, 5 * 8 * 10);
});

test('a gzip payload of megabytes (many dynamic blocks, long matches) reads back exactly', async () => {
  const next = rng(1952);
  const batch = await writeBatch({
    baseOffset: 0,
    records: ['words', 'file', 'repeats', 'random'].flatMap((kind) =>
      values(kind, next, 150).map((value) => ({ key: Buffer.from(kind), value })),
    ),
  });
  assert.ok(batch.length > 1_000_000, `${batch.length} bytes`);
  const want = records(batch);
  for (const level of [1, 6, 9]) assert.deepEqual(records(gzipped(batch, { level })), want, `level ${level}`);
});
