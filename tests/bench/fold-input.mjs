// What the whole-topic benchmarks (tests/bench/fold.mjs, tests/bench/parallel.mjs) share: their
// segments, written by kafkajs (tests/node/log-writer.mjs), and the native driver of the same
// fold (tests/bench/fold_native.cpp), compiled as wasm/CMakeLists.txt compiles the whole-topic
// sources (-O3).
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { Compression, keyBytes, valueBytes, withCodec, writeBatch } from '../node/log-writer.mjs';
import { buildDriver } from './native.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
/**
 * The segment file `path` (kept when it exists) of `n` records, 100 per batch, uncompressed:
 * `roles` roles with 3 members each, a quarter of the records leases (producer epochs rising),
 * 1 in 29 registrations a tombstone. Partition p's roles and producer ids are its own (a role is
 * in one partition), numbered from p x `roles`.
 */
export async function writeFoldSegment(path, n, { partition = 0, roles = 50_000 } = {}) {
  if (existsSync(path)) return;
  const t0 = Date.now();
  const fd = openSync(`${path}.tmp`, 'w');
  for (const [base, records] of foldBatches(n, { partition, roles })) {
    writeSync(fd, await writeBatch({ baseOffset: base, records }));
  }
  closeSync(fd);
  execFileSync('mv', [`${path}.tmp`, path]);
  console.error(`bench: wrote ${path} with kafkajs in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

// writeFoldSegment's batches: [baseOffset, records] of 100 records each.
function* foldBatches(n, { partition = 0, roles = 50_000 } = {}) {
  const PER_BATCH = 100;
  for (let base = 0; base < n; base += PER_BATCH) {
    const records = [];
    for (let i = base; i < Math.min(n, base + PER_BATCH); i++) {
      const r = partition * roles + ((i * 7919) % roles);
      const role = `orders-service-role-${String(r).padStart(6, '0')}`;
      const member = `instance-${String((i >> 3) % 3).padStart(3, '0')}.eu-west-1.compute.internal`;
      if (i % 4 === 3) {
        const granted = 1_700_000_000_000 + i;
        records.push({
          key: keyBytes({ kind: 'lease', role }),
          value: valueBytes({
            member,
            producerId: 1000 + r,
            producerEpoch: 1 + Math.floor((7 * i) / n),
            grantedAt: granted,
            deadline: granted + 600_000,
          }),
        });
      } else {
        records.push({
          key: keyBytes({ kind: 'registration', role, member }),
          value: i % 29 === 0 ? null : valueBytes({ member, registeredAt: 1_690_000_000_000 + i }),
        });
      }
    }
    yield [base, records];
  }
}

// Each payload compressed by the writer a producer's own library would be, not by our code, as the
// tests' writers do (tests/node/log-writer.mjs), but many at a time: one process per codec over a
// directory of records sections (a process per batch would take minutes). gzip: Node's zlib, what
// kafkajs's gzip codec calls (Kafka's producer: java.util.zip at level 6, zlib's default); zstd:
// the zstd command line at level 3 without the content size (Kafka's producer: zstd-jni's stream at
// its default level 3); lz4: the lz4 command line in Kafka's frame (FLG 60, BD 40: -B4
// --no-frame-crc); snappy: python-snappy's raw blocks of 32 KiB in xerial's framing
// (snappyXerial's, as Kafka's Java producer writes it).
const SNAPPY_XERIAL = `import os, struct, sys, snappy
for name in sys.argv[1:]:
    data = open(name, 'rb').read()
    out = [bytes([0x82, 0x53, 0x4e, 0x41, 0x50, 0x50, 0x59, 0, 0, 0, 0, 1, 0, 0, 0, 1])]
    for i in range(0, len(data), 32 * 1024):
        block = snappy.compress(data[i:i + 32 * 1024])
        out.append(struct.pack('>i', len(block)) + block)
    open(name + '.snappy', 'wb').write(b''.join(out))
`;
function compressAll(codec, sections, dir) {
  if (codec === Compression.GZIP) return sections.map((b) => gzipSync(b));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const names = sections.map((b, i) => {
    const name = `b${String(i).padStart(7, '0')}`;
    writeFileSync(join(dir, name), b);
    return name;
  });
  const run = (cmd, args, suffix) => {
    execFileSync(cmd, [...args, ...names], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    return names.map((name) => readFileSync(join(dir, name + suffix)));
  };
  let out;
  if (codec === Compression.ZSTD) out = run('zstd', ['-q', '-3', '--no-content-size', '--no-progress'], '.zst');
  else if (codec === Compression.LZ4) out = run('lz4', ['-q', '-m', '-B4', '--no-frame-crc'], '.lz4');
  else if (codec === Compression.Snappy)
    out = run(process.env.COORDINATION_PYTHON ?? '/usr/bin/python3', ['-c', SNAPPY_XERIAL], '.snappy');
  else throw new Error(`bench: no writer for codec ${codec}`);
  rmSync(dir, { recursive: true, force: true });
  return out;
}

/**
 * writeFoldSegment's records and batches in the segment file `path` (kept when it exists), each
 * batch's records compressed with `codec` (Compression.GZIP, Snappy, LZ4 or ZSTD) by its writer
 * above, framed by kafkajs's encoder. Returns { bytes: the decompressed payloads' total } (also
 * kept, in `path`.json).
 */
export async function writeCodecSegment(path, n, codec, options = {}) {
  if (existsSync(path) && existsSync(`${path}.json`)) return JSON.parse(readFileSync(`${path}.json`, 'utf8'));
  const t0 = Date.now();
  const batches = [...foldBatches(n, options)];
  // The records sections kafkajs encodes (its codec hook is handed them), then their payloads.
  const sections = [];
  for (const [base, records] of batches)
    await withCodec(
      codec,
      (b) => (sections.push(Buffer.from(b)), b),
      () => writeBatch({ baseOffset: base, records, compression: codec }),
    );
  const payloads = compressAll(codec, sections, `${path}.parts`);
  const fd = openSync(`${path}.tmp`, 'w');
  for (const [i, [base, records]] of batches.entries())
    writeSync(
      fd,
      await withCodec(
        codec,
        () => payloads[i],
        () => writeBatch({ baseOffset: base, records, compression: codec }),
      ),
    );
  closeSync(fd);
  execFileSync('mv', [`${path}.tmp`, path]);
  const info = { bytes: sections.reduce((sum, b) => sum + b.length, 0) };
  writeFileSync(`${path}.json`, JSON.stringify(info));
  console.error(`bench: wrote ${path} with kafkajs in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return info;
}

/** Compiles tests/bench/fold_native.cpp into `dir` (unless newer than its sources); returns the driver's path. */
export function buildFoldNative(dir) {
  const driver = join(dir, 'fold_native');
  const sources = [
    'log/record_batch.cpp',
    'log/batch_words.cpp',
    'log/anomalies.cpp',
    'log/fold.cpp',
    'log/fold_merge.cpp',
    'log/fold_partial.cpp',
    'log/fold_result.cpp',
    'log/fold_transactions.cpp',
    'log/interner.cpp',
    'log/record_index.cpp',
    'log/state_flat.cpp',
    'log/transactions.cpp',
    'wire/crc32.cpp',
    'wire/inflate.cpp',
    'wire/lz4.cpp',
    'wire/snappy.cpp',
    'wire/zstd.cpp',
    'wire/utf8.cpp',
    'coordination/codec.cpp',
    'coordination/errors.cpp',
    'coordination/inspect.cpp',
  ].map((s) => join(root, 'wasm/core', s));
  const inputs = [join(root, 'tests/bench/fold_native.cpp'), join(root, 'tests/bench/driver.h'), ...sources];
  const headers = execFileSync('find', [join(root, 'wasm/core'), '-name', '*.h'], { encoding: 'utf8' }).split('\n');
  const newest = Math.max(...[...inputs, ...headers.filter(Boolean)].map((f) => statSync(f).mtimeMs));
  if (existsSync(driver) && statSync(driver).mtimeMs > newest) return driver;
  buildDriver(
    driver,
    [join(root, 'tests/bench/fold_native.cpp'), ...sources],
    [join(root, 'wasm/core')],
    ['-O3', '-fno-rtti'],
  );
  return driver;
}
