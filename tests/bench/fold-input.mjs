// What the whole-topic benchmarks (tests/bench/fold.mjs, tests/bench/parallel.mjs) share: their
// segments, written by kafkajs (tests/node/log-writer.mjs), and the native driver of the same
// fold (tests/bench/fold_native.cpp), compiled as wasm/CMakeLists.txt compiles the whole-topic
// sources (-O3).
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, openSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { keyBytes, valueBytes, writeBatch } from '../node/log-writer.mjs';
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
    writeSync(fd, await writeBatch({ baseOffset: base, records }));
  }
  closeSync(fd);
  execFileSync('mv', [`${path}.tmp`, path]);
  console.error(`bench: wrote ${path} with kafkajs in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
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
