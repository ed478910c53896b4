// Whole-topic mode benchmark (issue 11, item 7): not a test; prints figures and writes the
// "## Whole-topic mode" section of BENCHMARKS.md.
//   1. fold 1,000,000 records of a segment written by kafkajs (tests/node/log-writer.mjs):
//      wasm (loadLogCodec().foldState from Node, copies into the heap included) vs the same fold
//      native (tests/bench/fold_native.cpp, g++ -O3) vs a straightforward pure-JS fold
//      (tests/bench/purejs-fold.mjs); median of RUNS interleaved runs, ratios per run.
//   2. the streaming CLI (wasm/cli/state.mjs) on STREAM_COPIES copies of the segment with rising
//      offsets (a partition directory): peak RSS (/usr/bin/time) and MB/s, next to native
//      kafka-dump-log-style reading of the same files.
// Env: BENCH_RECORDS (1000000), BENCH_RUNS (9), STREAM_COPIES (16), BENCH_NO_WRITE=1,
// BENCH_ONLY=stream (part 2 alone: its paragraph of the section is replaced, the rest kept),
// BENCH_ONLY=fold (part 1 alone: the section's streaming paragraph is kept as it is).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

import { buildFoldNative, writeFoldSegment } from './fold-input.mjs';
import { foldLog } from './purejs-fold.mjs';
import { writeSection } from './benchmarks-md.mjs';
import { limit } from './goals.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const N = Number(process.env.BENCH_RECORDS || 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS || 9);
const COPIES = Number(process.env.STREAM_COPIES || 16);
const STREAM_ONLY = process.env.BENCH_ONLY === 'stream';
const FOLD_ONLY = process.env.BENCH_ONLY === 'fold';
const NOW = 1_700_000_500_000;
const out = join(root, 'build-bench');
mkdirSync(out, { recursive: true });

const { loadLogCodec } = await import('../../wasm/api/index.js');
const logCodec = await loadLogCodec();

// ---- input: N records, 100 per batch, 50,000 roles with 3 members each ---------------------
const segment = join(out, `fold-${N}.log`);
await writeFoldSegment(segment, N);
const bytes = new Uint8Array(readFileSync(segment));
const MB = bytes.length / 1e6;

// ---- native driver -----------------------------------------------------------------------------
const driver = buildFoldNative(out);

// ---- 1. fold -------------------------------------------------------------------------------------
// CPU time of each side's process, not wall time: the machine is shared with other jobs.
const cpuMs = (u) => (u.user + u.system) / 1000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const native = [],
  wasm = [],
  pure = [],
  wasmOverNative = [],
  pureOverWasm = [];
let check = null;
// One run of each JS side first, not measured: V8 compiles wasm in a baseline tier and optimizes
// the hot functions while they run, and JITs the pure-JS fold likewise.
if (!STREAM_ONLY) {
  logCodec.foldState(bytes, { now: NOW });
  foldLog(bytes, NOW);
}
for (let run = 0; run < (STREAM_ONLY ? 0 : RUNS); run++) {
  const n = JSON.parse(execFileSync(driver, ['fold', segment, '1'], { encoding: 'utf8' })).ms;
  let t = process.cpuUsage();
  const state = logCodec.foldState(bytes, { now: NOW });
  const w = cpuMs(process.cpuUsage(t));
  t = process.cpuUsage();
  const p = foldLog(bytes, NOW);
  const j = cpuMs(process.cpuUsage(t));
  native.push(n);
  wasm.push(w);
  pure.push(j);
  wasmOverNative.push(w / n);
  pureOverWasm.push(j / w);
  if (!check) {
    // The three folds agree (holders, member counts), else the figures compare different work.
    if (state.records !== N || p.records !== N || state.roles.length !== p.roles.length)
      throw new Error('bench: folds disagree on counts');
    for (let i = 0; i < p.roles.length; i++) {
      const a = state.roles[i],
        b = p.roles[i];
      if (a.role !== b.role || a.lease?.holder !== b.lease?.holder || a.members.length !== b.members.length)
        throw new Error(`bench: folds disagree at ${a.role}`);
    }
    check = { roles: state.roles.length };
  }
  console.error(`run ${run + 1}: native ${n.toFixed(0)} ms, wasm ${w.toFixed(0)} ms, pure JS ${j.toFixed(0)} ms`);
}
const fold = {
  native: median(native),
  wasm: median(wasm),
  pure: median(pure),
  wasmOverNative: median(wasmOverNative),
  pureOverWasm: median(pureOverWasm),
};

// ---- 2. streaming CLI ---------------------------------------------------------------------------
const streamGoals = {};
// Its paragraph of the section (BENCH_ONLY=fold: the one BENCHMARKS.md has).
function streaming() {
  const load0 = os.loadavg()[0];
  const t0Stream = Date.now();
  const dir = join(out, 'stream', '__coordination_state-0');
  rmSync(join(out, 'stream'), { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Copy k: every batch's baseOffset + k * N (the CRC does not cover baseOffset: batches stay valid).
  for (let k = 0; k < COPIES; k++) {
    const copy = Buffer.from(bytes);
    for (let pos = 0; pos + 12 <= copy.length; pos += 12 + copy.readInt32BE(pos + 8)) {
      copy.writeBigInt64BE(copy.readBigInt64BE(pos) + BigInt(k * N), pos);
    }
    writeFileSync(join(dir, `${String(k * N).padStart(20, '0')}.log`), copy);
  }
  const streamBytes = COPIES * bytes.length;
  const runner = `import('${join(root, 'wasm/cli/state.mjs')}').then((m) => m.run(process.argv.slice(1), process)).then((c) => { process.exitCode = c; })`;
  const cli = spawnSync(
    '/usr/bin/time',
    ['-f', '%M %e', process.execPath, '--input-type=module', '-e', runner, dir, '--now', String(NOW)],
    { encoding: 'utf8', maxBuffer: 1 << 30 },
  );
  if (cli.status !== 0) throw new Error(`bench: CLI failed: ${cli.stderr}`);
  const [rssKb, seconds] = cli.stderr.trim().split('\n').pop().split(' ').map(Number);
  const cliDoc = JSON.parse(cli.stdout);
  if (cliDoc.records !== COPIES * N) throw new Error(`bench: CLI folded ${cliDoc.records} records`);
  const files = Array.from({ length: COPIES }, (_, k) => join(dir, `${String(k * N).padStart(20, '0')}.log`));
  const read = JSON.parse(execFileSync(driver, ['read', ...files], { encoding: 'utf8' }));
  rmSync(join(out, 'stream'), { recursive: true, force: true });
  check ??= { roles: cliDoc.roles.length };
  const stream = {
    gb: streamBytes / 1e9,
    records: COPIES * N,
    rssMb: rssKb / 1024,
    seconds,
    cliMBs: streamBytes / 1e6 / seconds,
    nativeMBs: streamBytes / 1e6 / (read.ms / 1000),
  };
  // The goal is for 10 GB: a smaller run is reported in its paragraph, not as the goal's figure.
  if (stream.gb >= 10)
    streamGoals['cli-10gb-rss'] = {
      value: stream.rssMb,
      figure: `${stream.rssMb.toFixed(0)} MB on ${f1(stream.gb)} GB, at ${stream.cliMBs.toFixed(0)} MB/s (native reading alone ${stream.nativeMBs.toFixed(0)} MB/s; no MB/s goal)`,
    };

  return `Streaming CLI (${STREAM_ONLY ? `measured ${new Date().toISOString().slice(0, 10)} by \`STREAM_COPIES=${COPIES} BENCH_ONLY=stream node tests/bench/fold.mjs\`, load average ${load0.toFixed(1)} at its start and ${os.loadavg()[0].toFixed(1)} at its end, ${((Date.now() - t0Stream) / 1000).toFixed(0)} s in all with writing the copies and the native read` : 'same run'}): \`coordination-viewer state DIR\` (wasm/cli/state.mjs run() in a Node subprocess under /usr/bin/time) on a partition directory of ${COPIES} segments, copies of the one above with rising offsets: ${f1(stream.gb)} GB, ${stream.records.toLocaleString('en-US')} records. Peak RSS **${stream.rssMb.toFixed(0)} MB** (goal < ${limit('cli-10gb-rss')} MB for 10 GB; memory is the state — the same ${check.roles.toLocaleString('en-US')} roles in every copy — plus one 4 MiB read, so it does not grow with the input), ${stream.seconds.toFixed(1)} s, **${stream.cliMBs.toFixed(0)} MB/s**. Native kafka-dump-log-style reading of the same files (tests/bench/fold_native.cpp read: 4 MiB reads, every batch framed, CRC-checked and its records parsed, no fold): **${stream.nativeMBs.toFixed(0)} MB/s**. ${stream.gb < 10 ? `Scaled to ${f1(stream.gb)} GB to fit this session's time; STREAM_COPIES=${Math.ceil(10e9 / bytes.length)} gives 10 GB.` : `The 10 GB goal of issue 11 item 7 (peak RSS under ${limit('cli-10gb-rss')} MB) is **${stream.rssMb < limit('cli-10gb-rss') ? 'met' : 'missed'}**.`}`;
}
function recordedStreaming() {
  const old = /^Streaming CLI.*$/m.exec(readFileSync(join(root, 'BENCHMARKS.md'), 'utf8'));
  if (!old) throw new Error('bench: no streaming paragraph in BENCHMARKS.md');
  return old[0];
}

// ---- report -------------------------------------------------------------------------------------
const f1 = (x) => x.toFixed(1);
const streamParagraph = FOLD_ONLY ? recordedStreaming() : streaming();
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const load = os
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' ');
if (STREAM_ONLY) {
  console.log(streamParagraph);
  if (!process.env.BENCH_NO_WRITE) {
    const md = readFileSync(join(root, 'BENCHMARKS.md'), 'utf8');
    const start = md.indexOf('\n## Whole-topic mode\n') + 1;
    const next = md.indexOf('\n## ', start + 1);
    const old = md.slice(start, next < 0 ? md.length : next + 1).trimEnd();
    if (!/^Streaming CLI.*$/m.test(old)) throw new Error('bench: no streaming paragraph in the section');
    writeSection('Whole-topic mode', `${old.replace(/^Streaming CLI.*$/m, () => streamParagraph)}\n`, streamGoals);
  }
  process.exit(0);
}
const lines = [
  '## Whole-topic mode',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} by \`${FOLD_ONLY ? 'BENCH_ONLY=fold ' : ''}node tests/bench/fold.mjs\` on ${cpu} (${os.cpus().length} cores shared with other jobs), Node ${process.versions.node}, load average ${load} at the end. Input: one segment of ${N.toLocaleString('en-US')} records written by kafkajs (100 per batch, uncompressed, ${f1(MB)} MB, ${check.roles.toLocaleString('en-US')} roles with 3 members, a quarter of the records leases (producer epochs rising), 1 in 29 registrations a tombstone). Median of ${RUNS} interleaved runs (after one unmeasured run of each JS side) of CPU time (each side's process: the machine is shared, and wall time moved 2x with the other jobs); ratios are the medians of the per-run ratios.`,
  '',
  '| fold of the whole segment (framing, CRC-32C, records, key/value decode, last-wins, the state flat) | CPU ms | MB/s | records/s |',
  '|---|---|---|---|',
  `| native C++ (tests/bench/fold_native.cpp, g++ -O3 as the wasm build's -O3, file already in memory) | ${fold.native.toFixed(0)} | ${((MB / fold.native) * 1000).toFixed(0)} | ${(N / fold.native / 1000).toFixed(2)} M |`,
  `| wasm from Node (loadLogCodec().foldState: 4 MiB copies into the heap and the objects built included) | ${fold.wasm.toFixed(0)} | ${((MB / fold.wasm) * 1000).toFixed(0)} | ${(N / fold.wasm / 1000).toFixed(2)} M |`,
  `| pure JS (tests/bench/purejs-fold.mjs, for the comparison only) | ${fold.pure.toFixed(0)} | ${((MB / fold.pure) * 1000).toFixed(0)} | ${(N / fold.pure / 1000).toFixed(2)} M |`,
  '',
  `Goals (issue 11, item 7): wasm within ${limit('fold-wasm-over-native')}x of native: **${fold.wasmOverNative.toFixed(2)}x** (${fold.wasmOverNative <= limit('fold-wasm-over-native') ? 'met' : 'missed'}); at least ${limit('fold-pure-over-wasm')}x faster than the pure-JS fold: **${fold.pureOverWasm.toFixed(2)}x** (${fold.pureOverWasm >= limit('fold-pure-over-wasm') ? 'met' : 'missed'}).`,
  '',
  'Where the time goes (CPU ms on this input, native / wasm, minimum of 5 runs of a build exporting each stage, and `node --cpu-prof` of a `--profiling-funcs` build, during this work): CRC-32C 38 / 54; framing and record parsing +22 / +52 (the widest gap); key and value decode +37 / +62; the fold itself (key index, slots, producer epochs: mostly waiting on memory) +124 / +116-144; the result and its flat form 47 / 52-60. Then, in JS only, the copies into the heap (7 ms), TextDecoder and the objects of foldState (about 35 ms: 50,000 roles, 150,000 members, 300,000 bigints). The state crosses the boundary as flat arrays (wasm/core/log/state_flat.h: i32 and i64 sections, one UTF-8 pool sliced by UTF-16 ends) where it was a 17 MB JSON document, TextDecoder and JSON.parse (the C++ JSON writer is gone; the CLI prints JSON.stringify of the same objects, byte for byte as before). Also changed in that work: keys, role names, member names and producer ids interned (wasm/core/log/interner.h) with a 48-byte slot per key, where each key held three heap strings and a vector, and producer epochs a std::unordered_map; a key seen before is not decoded again; CRC-32C slicing-by-16 instead of 8 (1.3x in wasm, 1.35x natively); the whole-topic sources compiled -O3 and the module linked -O3 instead of -O2/-Oz (the native side here is -O3 too). Before that work, the same method on the same machine minutes apart (load average 2.7-3.8): native 639 / wasm 1079 CPU ms, **1.64x**; by wall time, as this section was measured before, it read 1.97x. Tried, not kept: the key index as (hash, record) pairs without an entry table (no faster, more memory), a role name of a known key looked up only for messages, a one-byte varint fast path, -msimd128, -msign-ext/-mbulk-memory (no measurable change).',
  '',
  streamParagraph,
  '',
];
const section = lines.join('\n');
console.log(section);
if (!process.env.BENCH_NO_WRITE)
  writeSection('Whole-topic mode', section, {
    'fold-wasm-over-native': { value: fold.wasmOverNative, figure: `${fold.wasmOverNative.toFixed(2)}x` },
    'fold-pure-over-wasm': { value: fold.pureOverWasm, figure: `${fold.pureOverWasm.toFixed(2)}x` },
    ...streamGoals,
  });
