// npm run bench:inspect -- the per-call cost of codec.inspect (field tree, warnings and record),
// per target and for 'auto', over 20,000 records like tests/bench/run.mjs's (30% non-ASCII).
// Medians of RUNS (default 7) runs, in CPU time; prints one line per case, then the cost of the wasm call alone
// (cv_inspect through the module's exports, no JSON.parse, no tree nesting). Not a test.
// Usage: node tests/bench/inspect.mjs [path to an index.js to measure; default wasm/api/index.js]
// (measuring another checkout's index.js gives a before/after in one run on one machine).
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { readFileSync } from 'node:fs';

const N = Number(process.env.BENCH_RECORDS || 20_000);
const RUNS = Number(process.env.BENCH_RUNS || 7);
const indexJs = process.argv[2] ? pathToFileURL(resolve(process.argv[2])).href : '../../wasm/api/index.js';
const { loadCodec } = await import(indexJs);
const codec = await loadCodec();

const i16 = (v) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(v);
  return b;
};
const i64 = (v) => {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(v);
  return b;
};
const str = (s) => {
  const b = Buffer.from(s, 'utf8');
  return Buffer.concat([i16(b.length), b]);
};
const member = (i) => (i % 10 < 3 ? `mémber-${i}` : `member-${i}`);
const makers = {
  key: (i) => Buffer.concat([i16(0), i16(0), str(`worker-${i % 100}`), str(member(i))]),
  registration: (i) => Buffer.concat([i16(0), str(member(i)), i64(1_700_000_000_000n + BigInt(i))]),
  lease: (i) =>
    Buffer.concat([
      i16(0),
      str(member(i)),
      i64(BigInt(1000 + i)),
      i16(i % 32768),
      i64(1_700_000_000_000n + BigInt(i)),
      i64(1_700_000_030_000n + BigInt(i)),
    ]),
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// CPU time of this process in ns (the machine is shared; see tests/bench/run.mjs).
const cpuNs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
};

for (const target of ['key', 'registration', 'lease', 'auto']) {
  const records = [];
  for (let i = 0; i < N; i++) records.push(new Uint8Array(makers[target === 'auto' ? 'lease' : target](i)));
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    let fields = 0;
    const t0 = cpuNs();
    for (const r of records) {
      const insp = codec.inspect(r, target);
      fields += target === 'auto' ? insp.candidates.length : insp.fields.length + (insp.record ? 1 : 0);
    }
    times.push((cpuNs() - t0) / N);
    if (fields === 0) throw new Error('nothing inspected');
  }
  console.log(`inspect ${target.padEnd(12)} ${(median(times) / 1000).toFixed(2)} us/call`);
}

// The wasm call alone: the same module build as the index.js above (its ./dist), called directly.
const distUrl = new URL('../dist/', indexJs.startsWith('file:') ? indexJs : new URL(indexJs, import.meta.url));
const { default: createModule } = await import(new URL('coordination_codec.js', distUrl).href);
const M = await createModule({
  wasmBinary: readFileSync(new URL('coordination_codec.wasm', distUrl)),
  print() {},
  printErr() {},
});
const TARGET_INDEX = { key: 0, registration: 1, lease: 2 };
for (const target of ['key', 'registration', 'lease']) {
  const records = [];
  for (let i = 0; i < N; i++) records.push(new Uint8Array(makers[target](i)));
  const p = M._malloc(256);
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = cpuNs();
    for (const r of records) {
      M.HEAPU8.set(r, p);
      if (M._cv_inspect(TARGET_INDEX[target], p, r.length, 1) !== 0) throw new Error('cv_inspect failed');
    }
    times.push((cpuNs() - t0) / N);
  }
  M._free(p);
  console.log(`cv_inspect ${target.padEnd(12)} ${(median(times) / 1000).toFixed(2)} us/call (wasm call alone)`);
}
