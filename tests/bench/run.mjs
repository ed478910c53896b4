// npm run bench: the speed of the WebAssembly boundary, measured against native C++ and a plain
// pure-JS decoder in the same run (absolute figures move 2x between runs on these machines; the
// ratios are what we track). Not a test. Writes the "## WebAssembly and JS API" section of
// BENCHMARKS.md.
//
// For each target (key, registration, lease): 1,000,000 records (keys ~30 bytes, 30% non-ASCII),
// medians of RUNS (default 7) runs of:
//   native       the C++ core, decode*View per record and validateBatch (tests/bench/native_driver.cpp,
//                g++ -O2, on the same frames file)
//   pure JS      tests/bench/purejs.mjs (DataView + TextDecoder fatal: true), comparison only
//   per-record   codec.decodeKey / codec.decodeValue
//   batch        codec.validateBatch over the whole framed buffer (copies into wasm included)
// The batches (native validateBatch, the batch API; 10-50 ms a call) are timed in BATCH_PAIRS pairs
// a run, native then API back to back, the run's ratio the median of its pairs': the machine is
// shared and its speed moves between seconds (one call each per run, seconds apart, moved their
// ratio 0.6-2.3x between runs).
// plus the Google Benchmark figures of tests/bench/native when that binary is built, and the sizes
// of the .wasm and the glue, raw and gzip.
// Env: BENCH_RECORDS (default 1000000), BENCH_RUNS (default 7), BENCH_BATCH_PAIRS (default 5),
// BENCH_NO_WRITE=1 (print only).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import * as pure from './purejs.mjs';
import { writeSection } from './benchmarks-md.mjs';
import { limit } from './goals.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const N = Number(process.env.BENCH_RECORDS || 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS || 7);
const BATCH_PAIRS = Number(process.env.BENCH_BATCH_PAIRS || 5);
const outDir = join(root, 'build-bench');
mkdirSync(outDir, { recursive: true });

const distJs = join(root, 'wasm/dist/coordination_codec.js');
const distWasm = join(root, 'wasm/dist/coordination_codec.wasm');
if (!existsSync(distWasm)) {
  console.error('bench: wasm/dist is missing; run `npm run build:wasm` first');
  process.exit(1);
}
const { loadCodec } = await import('../../wasm/api/index.js');
const codec = await loadCodec();

// ---- data ------------------------------------------------------------------------------------
function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(20240601);
const digits = (n, w) => String(n).padStart(w, '0');
const nonAscii = () => rand() < 0.3;
function strBytes(s) {
  const b = Buffer.from(s, 'utf8');
  const h = Buffer.alloc(2);
  h.writeInt16BE(b.length);
  return [h, b];
}
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
function member(i) {
  return nonAscii() ? `mémber-${digits(i % 1e6, 6)}` : `member-${digits(i % 1e6, 6)}`;
}
const makers = {
  // ~30 bytes: 4 + (2 + 9..10) + (2 + 13..14)
  key: (i) =>
    Buffer.concat([
      i16(0),
      i16(0),
      ...strBytes(nonAscii() ? `wörker-${digits(i % 100, 2)}` : `worker-${digits(i % 100, 2)}`),
      ...strBytes(member(i)),
    ]),
  registration: (i) => Buffer.concat([i16(0), ...strBytes(member(i)), i64(1_700_000_000_000n + BigInt(i))]),
  lease: (i) =>
    Buffer.concat([
      i16(0),
      ...strBytes(member(i)),
      i64(BigInt(1000 + i)),
      i16(i % 32768),
      i64(1_700_000_000_000n + BigInt(i)),
      i64(1_700_000_030_000n + BigInt(i)),
    ]),
};
function makeFrames(target) {
  const parts = [];
  for (let i = 0; i < N; i++) {
    const r = makers[target](i);
    const h = Buffer.alloc(4);
    h.writeInt32BE(r.length);
    parts.push(h, r);
  }
  const frames = new Uint8Array(Buffer.concat(parts));
  const records = new Array(N);
  const dv = new DataView(frames.buffer, frames.byteOffset, frames.byteLength);
  for (let i = 0, pos = 0; i < N; i++) {
    const len = dv.getInt32(pos);
    records[i] = frames.subarray(pos + 4, pos + 4 + len);
    pos += 4 + len;
  }
  return { frames, records };
}

// ---- timing ----------------------------------------------------------------------------------
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// CPU time of this process in ns, not wall time: the machine is shared, and wall time counts the
// slices other jobs get (runs under load moved 2-8x); native_driver measures CPU time too.
const cpuNs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
};
function perRecordLoop(decode, records) {
  const t0 = cpuNs();
  let acc = 0;
  for (let i = 0; i < records.length; i++) acc += decode(records[i]).member.length;
  const ns = (cpuNs() - t0) / records.length;
  if (acc === 0) throw new Error('nothing decoded');
  return ns;
}
// The batch in the main thread's CPU time (Linux's schedstat, in ns): it allocates next to nothing,
// and the process's time also had V8's GC threads at the per-record loops' garbage, which went on
// into the batch's run (after a gc() before each run, a collection's sweeping and the next marking
// made it 3-4x slower in process time, its wasm unchanged). Both are kept; the ratio uses the first.
const mainThreadStat = `/proc/self/task/${process.pid}/schedstat`;
const mainThreadNs = existsSync(mainThreadStat)
  ? () => Number(readFileSync(mainThreadStat, 'utf8').split(' ')[0])
  : cpuNs;
function batchOnce(frames, target) {
  const t0 = cpuNs();
  const m0 = mainThreadNs();
  const s = codec.validateBatch(frames, target);
  const mainNs = (mainThreadNs() - m0) / N;
  const processNs = (cpuNs() - t0) / N;
  if (s.valid !== N) throw new Error(`batch: ${s.valid} valid of ${N}`);
  return { mainNs, processNs };
}

const apiDecode = {
  key: (b) => codec.decodeKey(b),
  registration: (b) => codec.decodeValue('registration', b),
  lease: (b) => codec.decodeValue('lease', b),
};
const pureDecode = { key: pure.decodeKey, registration: pure.decodeRegistration, lease: pure.decodeLease };

// ---- native ----------------------------------------------------------------------------------
function buildNativeDriver() {
  const exe = join(outDir, 'native_driver');
  const srcs = ['wire/utf8.cpp', 'coordination/codec.cpp', 'coordination/errors.cpp', 'coordination/inspect.cpp'].map(
    (f) => join(root, 'wasm/core', f),
  );
  execFileSync(
    'g++',
    [
      '-O2',
      '-DNDEBUG',
      '-std=c++20',
      '-fno-exceptions',
      '-I',
      join(root, 'wasm/core'),
      join(root, 'tests/bench/native_driver.cpp'),
      ...srcs,
      '-o',
      exe,
    ],
    { stdio: 'inherit' },
  );
  return exe;
}

// The native driver over one frames file, kept running: ask('per' | 'batch') resolves with the
// ns/record of one decode*View pass or one validateBatch call (tests/bench/native_driver.cpp).
function nativeDriver(exe, framesFile, target) {
  const child = spawn(exe, [framesFile, target], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift().resolve(Number(line)));
  child.on('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`native_driver exited (${code})`));
  });
  return {
    ask: (command) =>
      new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.stdin.write(`${command}\n`);
      }),
    close: () => child.stdin.end(),
  };
}

function googleBenchmark() {
  const exe = join(root, 'build/tests/codec_bench');
  if (!existsSync(exe)) {
    if (!existsSync(join(root, 'tests/bench/native'))) return null;
    const c = spawnSync(
      'cmake',
      ['-S', root, '-B', join(root, 'build'), '-DCMAKE_BUILD_TYPE=Release', '-DCOORDINATION_BENCH=ON'],
      { stdio: 'ignore' },
    );
    if (c.status !== 0) return null;
    const b = spawnSync(
      'cmake',
      ['--build', join(root, 'build'), '--target', 'codec_bench', '-j', String(os.cpus().length)],
      { stdio: 'ignore' },
    );
    if (b.status !== 0 || !existsSync(exe)) return null;
  }
  const r = spawnSync(exe, ['--benchmark_format=json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) return null;
  try {
    return JSON.parse(r.stdout).benchmarks.map((b) => ({
      name: b.name,
      ns: b.items_per_second ? 1e9 / b.items_per_second : b.real_time,
      perItem: Boolean(b.items_per_second),
      unit: b.time_unit,
    }));
  } catch {
    return null;
  }
}

// ---- run -------------------------------------------------------------------------------------
const driver = buildNativeDriver();
const rows = [];
for (const target of ['key', 'registration', 'lease']) {
  const { frames, records } = makeFrames(target);
  const framesFile = join(outDir, `frames-${target}.bin`);
  writeFileSync(framesFile, frames);
  // warm-up (JIT), then interleaved runs: native, pure JS, per-record API, batch API, so that each
  // run's ratios compare figures taken under the same machine load. The batch three times: its first
  // call runs in V8's baseline tier (~300 ns a record) until TurboFan's code is ready, which took
  // until the second call in 3 of 6 processes (40-77 ns a record there, 14-16 ns after).
  perRecordLoop(apiDecode[target], records.slice(0, 100_000));
  perRecordLoop(pureDecode[target], records.slice(0, 100_000));
  for (let w = 0; w < 3; w++) batchOnce(frames, target);
  const native = nativeDriver(driver, framesFile, target);
  await native.ask('per');
  await native.ask('batch');
  const nat = [],
    natBatch = [],
    api = [],
    js = [],
    batch = [],
    batchProcess = [];
  const apiVsPure = [],
    batchVsNativeBatch = [],
    batchVsNative = [];
  for (let r = 0; r < RUNS; r++) {
    nat.push(await native.ask('per'));
    js.push(perRecordLoop(pureDecode[target], records));
    api.push(perRecordLoop(apiDecode[target], records));
    const pairs = [];
    for (let k = 0; k < BATCH_PAIRS; k++)
      pairs.push({ native: await native.ask('batch'), api: batchOnce(frames, target) });
    natBatch.push(median(pairs.map((p) => p.native)));
    batch.push(median(pairs.map((p) => p.api.mainNs)));
    batchProcess.push(median(pairs.map((p) => p.api.processNs)));
    apiVsPure.push(api[r] / js[r]);
    batchVsNativeBatch.push(median(pairs.map((p) => p.api.mainNs / p.native)));
    batchVsNative.push(batch[r] / nat[r]);
  }
  native.close();
  const row = {
    target,
    bytes: (frames.length - 4 * N) / N,
    nativeNs: median(nat),
    nativeBatchNs: median(natBatch),
    pureJsNs: median(js),
    apiNs: median(api),
    batchNs: median(batch),
    batchProcessNs: median(batchProcess),
    // median of the per-run ratios (each run's figures were taken back to back)
    apiVsPure: median(apiVsPure),
    batchVsNativeBatch: median(batchVsNativeBatch),
    batchVsNative: median(batchVsNative),
    // spread of the per-run ratios (the machine is shared: min..max says how far one run moves)
    apiVsPureRange: [Math.min(...apiVsPure), Math.max(...apiVsPure)],
    batchVsNativeBatchRange: [Math.min(...batchVsNativeBatch), Math.max(...batchVsNativeBatch)],
  };
  console.log(
    `${target}: native ${row.nativeNs.toFixed(1)} ns, native batch ${row.nativeBatchNs.toFixed(1)} ns, pure JS ${row.pureJsNs.toFixed(1)} ns, per-record API ${row.apiNs.toFixed(1)} ns, batch API ${row.batchNs.toFixed(1)} ns per record`,
  );
  rows.push(row);
}
const gbench = googleBenchmark();

const size = (f) => {
  const raw = readFileSync(f);
  return { raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
};
const wasmSize = size(distWasm);
const glueSize = size(distJs);
const totalGzip = wasmSize.gzip + glueSize.gzip;
// The coordination-only module (no Kafka Streams entry points), which the viewer page loads.
const recordGzip = ['coordination_record.wasm', 'coordination_record.js'].reduce(
  (n, f) => n + size(join(root, 'wasm/dist', f)).gzip,
  0,
);

// ---- report ----------------------------------------------------------------------------------
const fmtRate = (ns) => `${(1e9 / ns / 1e6).toFixed(2)} M/s`;
const fmtNs = (ns) => `${ns.toFixed(1)} ns`;
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const goal = (ok) => (ok ? 'met' : 'MISSED');
const date = new Date().toISOString().slice(0, 10);
const lines = [];
lines.push('## WebAssembly and JS API', '');
lines.push(
  `Measured ${date} by \`npm run bench\` (tests/bench/run.mjs) on ${os.cpus()[0].model.trim()} (${os.cpus().length} cores), Node ${process.versions.node}, load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(
      ' ',
    )} at the end of the run (other jobs share the machine), Emscripten 3.1.6 build of wasm/dist. ${N.toLocaleString('en-US')} records per target (keys ~30 bytes, 30% of all records with non-ASCII strings), median of ${RUNS} interleaved runs (native, pure JS, per-record API, then ${BATCH_PAIRS} pairs of batches, native and API back to back, the run's batch figures the medians of its pairs), each timed in CPU time of its process (process.cpuUsage, CLOCK_PROCESS_CPUTIME_ID; the JS figures include V8's GC and compiler threads). Absolute figures still move between runs on these machines; the ratios are measured in the same run.`,
  '',
);
lines.push('Per record, records/s and ns/record (CPU time):', '');
lines.push(
  '| target | avg bytes | native C++ (decode*View) | native validateBatch | pure JS (DataView + TextDecoder) | per-record API | batch API (validateBatch) |',
);
lines.push('|---|---|---|---|---|---|---|');
for (const r of rows) {
  lines.push(
    `| ${r.target} | ${r.bytes.toFixed(1)} | ${fmtRate(r.nativeNs)}, ${fmtNs(r.nativeNs)} | ${fmtRate(r.nativeBatchNs)}, ${fmtNs(r.nativeBatchNs)} | ${fmtRate(r.pureJsNs)}, ${fmtNs(r.pureJsNs)} | ${fmtRate(r.apiNs)}, ${fmtNs(r.apiNs)} | ${fmtRate(r.batchNs)}, ${fmtNs(r.batchNs)} |`,
  );
}
lines.push(
  '',
  `The batch API's column is the main thread's CPU time (Linux's schedstat): the process's time of the same runs, which also has V8's GC threads at the per-record loops' garbage, was ${rows.map((r) => `${r.target} ${fmtNs(r.batchProcessNs)}`).join(', ')}.`,
  '',
  `Ratios against issue 19's goals (median of the ${RUNS} per-run ratios, min..max in brackets; in each run the four figures are taken back to back, and a run's batch ratio is the median of its ${BATCH_PAIRS} pairs' ratios, each pair's two calls a few ms apart):`,
  '',
);
lines.push(
  `| target | per-record API / pure JS (<= ${limit('api-per-record')}x) | batch API / native validateBatch (<= ${limit('api-batch')}x) | batch API / native decode*View per record |`,
);
lines.push('|---|---|---|---|');
const range = ([lo, hi]) => `${lo.toFixed(2)}..${hi.toFixed(2)}`;
for (const r of rows) {
  lines.push(
    `| ${r.target} | ${r.apiVsPure.toFixed(2)}x [${range(r.apiVsPureRange)}] (${goal(r.apiVsPure <= limit('api-per-record'))}) | ${r.batchVsNativeBatch.toFixed(2)}x [${range(r.batchVsNativeBatchRange)}] (${goal(r.batchVsNativeBatch <= limit('api-batch'))}) | ${r.batchVsNative.toFixed(2)}x |`,
  );
}
lines.push(
  '',
  `Sizes (wasm/dist): coordination_codec.wasm ${wasmSize.raw} bytes raw, ${wasmSize.gzip} gzip; coordination_codec.js (glue) ${glueSize.raw} raw, ${glueSize.gzip} gzip; total gzip ${kb(totalGzip)} (issue 19's budget <= ${limit('codec-module-size')} KB: ${goal(totalGzip <= limit('codec-module-size') * 1024)}); the coordination-only coordination_record.{wasm,js} (the viewer page's) ${kb(recordGzip)} (<= ${limit('record-module-size')} KB: ${goal(recordGzip <= limit('record-module-size') * 1024)}). gzip = zlib level 9.`,
);
if (gbench && gbench.length) {
  lines.push('', 'Google Benchmark of the core (tests/bench/native, build/tests/codec_bench), same run:', '');
  lines.push('| benchmark | ns per item (or per iteration) |', '|---|---|');
  for (const b of gbench) lines.push(`| ${b.name} | ${b.ns.toFixed(1)}${b.perItem ? '' : ` ${b.unit}/iter`} |`);
}
lines.push(
  '',
  "How the boundary is built (wasm/bindings/bindings.cpp, wasm/api/index.js): the per-record API copies the bytes into a reused scratch area of the wasm heap (HEAPU8.set, a short loop under 17 bytes), makes one call to a lean exported function that runs the core's decode*View and writes status, error facts, string offsets and i64 values into a static result block, and reads that back through Int32Array/BigInt64Array views; the core also widens the record's strings to UTF-16 units in a static area of the heap (wire/utf8.cpp utf16FromUtf8; not in the size-budgeted coordination-only modules, whose strings JS decodes from the UTF-8), and JS makes a string of up to 24 units from them (one String.fromCharCode call with exactly that many arguments up to 16, two joined up to 24; wasm/api/utf8.js widenedText), a longer one with TextDecoder from the validated copy of the bytes. The batch API copies the buffer in chunks of 256 KiB cut at frame boundaries (the copy stays in cache, the heap stays small) and makes one call per chunk (about 130 calls for the 1,000,000 keys). The C++ core is the only decoder; the pure-JS decoder lives in tests/bench/purejs.mjs for this comparison only.",
  '',
);
const section = lines.join('\n');
console.log(`\n${section}`);

const worst = (k) => Math.max(...rows.map((r) => r[k]));
const each = (k) => rows.map((r) => `${r.target} ${r[k].toFixed(2)}x`).join(', ');
const bytes = (b) => `${b.toLocaleString('en-US')} B (${kb(b)}, zlib level 9)`;
if (!process.env.BENCH_NO_WRITE)
  writeSection('WebAssembly and JS API', section, {
    'api-per-record': { value: worst('apiVsPure'), figure: each('apiVsPure') },
    'api-batch': { value: worst('batchVsNativeBatch'), figure: each('batchVsNativeBatch') },
    'codec-module-size': { value: totalGzip / 1024, figure: bytes(totalGzip) },
    'record-module-size': { value: recordGzip / 1024, figure: bytes(recordGzip) },
  });
