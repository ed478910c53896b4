// Partitions folded on worker threads (issue 23, items 1 and 4): not a test; prints figures and
// writes the "## Parallel fold (CLI --jobs)" section of BENCHMARKS.md.
//   `coordination-viewer state DIR --jobs J` (wasm/cli/main.mjs in a Node subprocess, its JSON
//   written to a file) on a directory of PARTITIONS partitions of one segment each (written by
//   kafkajs, tests/bench/fold-input.mjs), for J = 1, 2, 4, interleaved with the native fold of the
//   same segments (tests/bench/fold_native.cpp stream-fold: 4 MiB reads into one LogFolder, the
//   state flat; no JSON). Wall time (what --jobs is for) and the CPU time of each process; the
//   outputs of every J compared byte for byte. Medians of RUNS runs; ratios are the medians of the
//   per-run ratios.
// Env: BENCH_RECORDS (records per partition, 200000), BENCH_ROLES (roles per partition, 2000: a
// service's roles, each with many records, as compaction has not yet removed them; the fold, not
// the size of the state's document, is what is divided), BENCH_PARTITIONS (4), BENCH_RUNS (5),
// BENCH_NO_WRITE=1 (print only).
import { spawnSync, execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

import { buildFoldNative, writeFoldSegment } from './fold-input.mjs';
import { writeSection } from './benchmarks-md.mjs';
import { limit } from './goals.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const N = Number(process.env.BENCH_RECORDS || 200_000);
const ROLES = Number(process.env.BENCH_ROLES || 2000);
const PARTITIONS = Number(process.env.BENCH_PARTITIONS || 4);
const RUNS = Number(process.env.BENCH_RUNS || 5);
const JOBS = [1, 2, 4];
const NOW = '1700000500000';
const out = join(root, 'build-bench');
const dir = join(out, `parallel-${PARTITIONS}x${N}x${ROLES}`);

const segments = [];
for (let p = 0; p < PARTITIONS; p++) {
  const d = join(dir, `__coordination_state-${p}`);
  mkdirSync(d, { recursive: true });
  segments.push(join(d, '00000000000000000000.log'));
  await writeFoldSegment(segments[p], N, { partition: p, roles: ROLES });
}
const bytes = segments.reduce((sum, s) => sum + statSync(s).size, 0);
const MB = bytes / 1e6;
const driver = buildFoldNative(out);

const load0 = os.loadavg().map((x) => x.toFixed(1));
// Linux's CPU pressure (PSI): the share of the last 60 s in which some task waited for a core.
const cpuPressure = () => {
  try {
    return `${/avg60=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))[1]}%`;
  } catch {
    return 'unknown';
  }
};
const pressure0 = cpuPressure();
const started = Date.now();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// One CLI run: wall and CPU ms (/usr/bin/time: user + system of the process and its threads).
function cli(jobs) {
  const file = join(out, `parallel-jobs-${jobs}.json`);
  const fd = openSync(file, 'w');
  const t0 = process.hrtime.bigint();
  const r = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      '%U %S %M',
      process.execPath,
      join(root, 'wasm/cli/main.mjs'),
      'state',
      dir,
      '--now',
      NOW,
      '--jobs',
      String(jobs),
    ],
    { stdio: ['ignore', fd, 'pipe'], encoding: 'utf8' },
  );
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  closeSync(fd);
  if (r.status !== 0) throw new Error(`bench: --jobs ${jobs} failed: ${r.stderr}`);
  const [user, system, rssKb] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: (user + system) * 1000, rssMb: rssKb / 1024, output: readFileSync(file) };
}

const runs = [];
let records = 0;
for (let run = 0; run < RUNS; run++) {
  const native = JSON.parse(execFileSync(driver, ['stream-fold', ...segments], { encoding: 'utf8' }));
  const r = { native };
  for (const jobs of JOBS) r[jobs] = cli(jobs);
  // The figures compare the same work: every --jobs printed the one reader's document.
  for (const jobs of JOBS) {
    if (!r[jobs].output.equals(r[1].output)) throw new Error(`bench: --jobs ${jobs} printed another document`);
  }
  records = JSON.parse(r[1].output).records;
  if (records !== native.records || records !== PARTITIONS * N) throw new Error(`bench: ${records} records folded`);
  for (const jobs of JOBS) delete r[jobs].output;
  runs.push(r);
  console.error(
    `run ${run + 1}: native ${native.ms.toFixed(0)} ms; ${JOBS.map((j) => `--jobs ${j} ${r[j].wall.toFixed(0)} ms (CPU ${r[j].cpu.toFixed(0)})`).join(', ')}`,
  );
}
for (const jobs of JOBS) rmSync(join(out, `parallel-jobs-${jobs}.json`));

const mbs = (ms) => (MB / ms) * 1000;
const f0 = (x) => x.toFixed(0);
const f2 = (x) => x.toFixed(2);
// A ratio's change as a signed percentage: +12%, -3%.
const change = (ratio) => `${ratio >= 1 ? '+' : '-'}${f0(Math.abs(ratio - 1) * 100)}%`;
const wall = Object.fromEntries(JOBS.map((j) => [j, median(runs.map((r) => r[j].wall))]));
const cpu = Object.fromEntries(JOBS.map((j) => [j, median(runs.map((r) => r[j].cpu))]));
const rss = Object.fromEntries(JOBS.map((j) => [j, Math.max(...runs.map((r) => r[j].rssMb))]));
const speedup = Object.fromEntries(JOBS.map((j) => [j, median(runs.map((r) => r[1].wall / r[j].wall))]));
const overhead = Object.fromEntries(JOBS.map((j) => [j, median(runs.map((r) => r[j].cpu / r[1].cpu))]));
const nativeWall = median(runs.map((r) => r.native.ms));
const nativeCpu = median(runs.map((r) => r.native.cpuMs));
const overNativeWall = median(runs.map((r) => r.native.ms / r[1].wall));
const overNativeCpu = median(runs.map((r) => r.native.cpuMs / r[1].cpu));
const load = os.loadavg().map((x) => x.toFixed(1));

const lines = [
  '## Parallel fold (CLI --jobs)',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} by \`node tests/bench/parallel.mjs\` (env: BENCH_RECORDS=${N} per partition, BENCH_ROLES=${ROLES}, BENCH_PARTITIONS=${PARTITIONS}, BENCH_RUNS=${RUNS}) on ${os.cpus()[0]?.model ?? 'unknown CPU'}, **${os.cpus().length} cores shared with other engineers' builds and tests** (load average ${load0.join(' ')} at the start, ${load.join(' ')} at the end; CPU pressure, the share of the last minute in which some task waited for a core, ${pressure0} at the start and ${cpuPressure()} at the end; ${f0((Date.now() - started) / 1000)} s in all): the figures move with that load, the ratios (medians of per-run ratios, the sides interleaved in each run) less. A speed-up in wall time needs cores to spare: the "cores had" column says how much of the machine each side got. Node ${process.versions.node}. Input: a directory of ${PARTITIONS} partitions, one segment each written by kafkajs (tests/bench/fold-input.mjs: ${N.toLocaleString('en-US')} records a partition, 100 per batch, uncompressed, ${ROLES.toLocaleString('en-US')} roles of its own with 3 members, a quarter leases), ${MB.toFixed(1)} MB, ${records.toLocaleString('en-US')} records. The CLI: \`coordination-viewer state DIR --jobs J\` in a Node subprocess (Node's start-up, the wasm module's compilation, each worker thread's start, the merge and the JSON document written to a file included), its output the same bytes for every J in every run.`,
  '',
  '| | wall ms | MB/s (wall) | CPU ms | cores had (CPU / wall) | speed-up over --jobs 1 (wall) | peak RSS MB |',
  '|---|---|---|---|---|---|---|',
  ...JOBS.map(
    (j) =>
      `| CLI --jobs ${j} | ${f0(wall[j])} | ${f0(mbs(wall[j]))} | ${f0(cpu[j])} | ${f2(cpu[j] / wall[j])} | ${f2(speedup[j])}x | ${f0(rss[j])} |`,
  ),
  `| native fold (fold_native stream-fold, g++ -O3, one thread, no JSON) | ${f0(nativeWall)} | ${f0(mbs(nativeWall))} | ${f0(nativeCpu)} | ${f2(nativeCpu / nativeWall)} | | |`,
  '',
  `Goals (issue 23, item 4): the ${PARTITIONS}-partition directory at >= ${limit('parallel-speedup')}x the single-worker MB/s: **${f2(Math.max(speedup[2], speedup[4]))}x** (--jobs 2 ${f2(speedup[2])}x, --jobs 4 ${f2(speedup[4])}x: ${Math.max(speedup[2], speedup[4]) >= limit('parallel-speedup') ? 'met' : 'missed'}); the single-worker CLI at >= ${limit('parallel-single-over-native')}x the native fold's MB/s: **${f2(overNativeWall)}x** by wall time (${overNativeWall >= limit('parallel-single-over-native') ? 'met' : 'missed'}), ${f2(overNativeCpu)}x by CPU time.`,
  '',
  `What folding apart costs, in CPU time over --jobs 1 (medians of the per-run ratios): --jobs 2 ${change(overhead[2])}, --jobs 4 ${change(overhead[4])} (each worker thread Node's start and the CLI's modules again, the compiled wasm module shared with it; each partition's partial written and merged where --jobs 1 flattens one folder; two threads sharing the caches). The most of the machine any CLI run had: ${f2(Math.max(...JOBS.map((j) => cpu[j] / wall[j])))} cores of ${os.cpus().length}${Math.max(...JOBS.map((j) => cpu[j] / wall[j])) < 1.2 ? ': the other jobs left no core to spare, so no speed-up in wall time could show on this run, whatever --jobs' : ''}.`,
  '',
];
const section = lines.join('\n');
console.log(section);
const coresHad = Math.max(...JOBS.map((j) => cpu[j] / wall[j]));
if (!process.env.BENCH_NO_WRITE)
  writeSection('Parallel fold (CLI --jobs)', section, {
    'parallel-speedup': {
      value: Math.max(speedup[2], speedup[4]),
      figure: `--jobs 2 ${f2(speedup[2])}x, --jobs 4 ${f2(speedup[4])}x (at most ${f2(coresHad)} of the ${os.cpus().length} cores had; load average ${load.join(' ')}); folding apart costs ${change(overhead[2])} CPU (--jobs 2), ${change(overhead[4])} (--jobs 4)`,
    },
    'parallel-single-over-native': {
      value: overNativeWall,
      figure: `${f2(overNativeWall)}x by wall time, ${f2(overNativeCpu)}x by CPU time`,
    },
  });
