// The topic view's pool of workers (issue 23 item 4, the browser's figures): not a test; prints
// figures and writes the "## Topic view: the pool and a large directory" section of BENCHMARKS.md.
//   1. Directories of 4 partitions chosen in the Topic tab of headless Chromium, folded by 1 worker
//      (navigator.hardwareConcurrency set to 1) and by the pool (the machine's hardwareConcurrency,
//      at most 4), interleaved, RUNS times each: MB/s from the marks topic-fold-start/-end (file
//      chosen -> state in the page), the ratio the median of the per-run ratios. The directories:
//      one segment a partition of RECORDS records written by kafkajs (tests/browser/topic-fixtures.mjs),
//      and one of 4 segments of each size in POOL_SEGMENT_MB, written as the large directory's.
//   2. A large directory (LARGE_PARTITIONS segments of LARGE_SEGMENT_MB, in /tmp, removed after):
//      batches written by kafkajs (tests/node/log-writer.mjs writeBatch) repeated with their base
//      offsets set (the base offset is outside the CRC), so a 1 GB segment is written without 1 GB
//      in memory; folded by the pool: MB/s, the peak RSS of Chromium's renderer process (the page
//      and its workers: threads of that process) and of its whole process tree, sampled every
//      50 ms, and the longest main-thread task: its wall time (PerformanceObserver 'longtask', what
//      the goal judges) and, from a trace of the fold (category toplevel), the longest task's
//      thread time (CPU time of the page's thread: on a shared 2-core machine a task's wall time is
//      its thread time stretched by whatever else runs, the pool's own workers included).
// Env: BENCH_RECORDS (records per partition of the kafkajs directory, 50000), BENCH_RUNS (3),
// BENCH_POOL_SEGMENT_MB (32,128), BENCH_LARGE_PARTITIONS (4), BENCH_LARGE_SEGMENT_MB (1024),
// BENCH_NO_WRITE=1 (print only).
//   npm run build && npm run bench:topic-pool
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { start } from '../../web/serve.mjs';
import { CHROMIUM, LAUNCH_ARGS } from '../browser/helpers.mjs';
import { modelLog, writeSegment } from '../browser/topic-fixtures.mjs';
import { keyBytes, valueBytes, writeBatch } from '../node/log-writer.mjs';
import { writeSection } from './benchmarks-md.mjs';
import { limit } from './goals.mjs';

const N = Number(process.env.BENCH_RECORDS || 50_000);
const RUNS = Number(process.env.BENCH_RUNS || 3);
const POOL_SEGMENTS = (process.env.BENCH_POOL_SEGMENT_MB ?? '32,128')
  .split(',')
  .filter(Boolean)
  .map((mb) => Number(mb) << 20);
const LARGE_PARTITIONS = Number(process.env.BENCH_LARGE_PARTITIONS || 4);
const LARGE_SEGMENT = Number(process.env.BENCH_LARGE_SEGMENT_MB || 1024) << 20;
// The goals (tests/bench/goals.json): topic-pool-speedup, topic-large-memory (MiB), topic-large-task.
const GOAL_RATIO = limit('topic-pool-speedup');
const GOAL_MEMORY = limit('topic-large-memory') * 2 ** 20;
const GOAL_TASK_MS = limit('topic-large-task');

const dir = mkdtempSync(join(tmpdir(), 'topic-pool-bench-'));
const load0 = loadavg();

// ---- the inputs -------------------------------------------------------------------------------
// A partition's roles and producer ids its own, as a service's are (tests/bench/parallel.mjs's
// inputs too): no role in two partitions, no producer id's epoch going back across partitions, so
// no partition is folded again (wasm/core/log/fold_merge.h refold) and the figures are the fold's.
const ownRoles = (p) => (r) => ({
  ...r,
  key: { ...r.key, role: `p${p}-${r.key.role}` },
  value: r.value && 'producerId' in r.value ? { ...r.value, producerId: r.value.producerId + 1_000_000 * p } : r.value,
});
let t = performance.now();
const four = join(dir, 'four');
for (let p = 0; p < 4; p++) {
  const records = modelLog({ count: N, roles: N / 10, seed: 11 + p, partition: p }).map(ownRoles(p));
  await writeSegment(join(four, `__coordination_state-${p}`), '00000000000000000000.log', records, { perBatch: 100 });
}
const fourBytes = [0, 1, 2, 3].reduce(
  (n, p) => n + statSync(join(four, `__coordination_state-${p}`, '00000000000000000000.log')).size,
  0,
);
console.log(
  `4 partitions x ${N} records: ${(fourBytes / 1e6).toFixed(1)} MB, written in ${Math.round(performance.now() - t)} ms`,
);
// The directories of the speed-up: the one above, then 4 segments of each POOL_SEGMENTS size.
const speedDirs = [
  { root: four, bytes: fourBytes, what: `4 partitions x ${N.toLocaleString('en')} records (kafkajs)` },
];

// One partition's segment of `bytes`: 64 kafkajs batches of 1,000 records (2,000 roles of the
// partition, leases and registrations), written again and again with consecutive base offsets.
async function largeSegment(path, partition, bytes) {
  const batches = [];
  for (let b = 0; b < 64; b++) {
    const records = modelLog({ count: 1000, roles: 2000, seed: 1000 * partition + b, partition })
      .map(ownRoles(partition))
      .map((r) => ({
        key: keyBytes(r.key),
        value: r.value === null ? null : valueBytes(r.value),
      }));
    batches.push(await writeBatch({ baseOffset: 0, records }));
  }
  const fd = openSync(path, 'w');
  let written = 0;
  let offset = 0n;
  try {
    for (let i = 0; written < bytes; i++) {
      const batch = batches[i % batches.length];
      batch.writeBigInt64BE(offset, 0);
      writeSync(fd, batch);
      written += batch.length;
      offset += 1000n;
    }
  } finally {
    closeSync(fd);
  }
  return { bytes: written, records: Number(offset) };
}
// A directory of `partitions` such segments of `segment` bytes: { root, bytes, records }.
async function templateDirectory(name, partitions, segment) {
  const t0 = performance.now();
  const root = join(dir, name);
  let bytes = 0;
  let records = 0;
  for (let p = 0; p < partitions; p++) {
    mkdirSync(join(root, `__coordination_state-${p}`), { recursive: true });
    const s = await largeSegment(join(root, `__coordination_state-${p}`, '00000000000000000000.log'), p, segment);
    bytes += s.bytes;
    records += s.records;
  }
  const ms = performance.now() - t0;
  console.log(
    `${name}: ${partitions} segments, ${(bytes / 2 ** 30).toFixed(2)} GiB, ${records.toLocaleString('en')} records, written in ${Math.round(ms)} ms`,
  );
  return { root, bytes, records, ms };
}
for (const segment of POOL_SEGMENTS) {
  const d = await templateDirectory(`four-${segment >> 20}`, 4, segment);
  speedDirs.push({ ...d, what: `4 segments of ${segment >> 20} MiB (${d.records.toLocaleString('en')} records)` });
}
const {
  root: large,
  bytes: largeBytes,
  records: largeRecords,
  ms: largeWriteMs,
} = await templateDirectory('large', LARGE_PARTITIONS, LARGE_SEGMENT);

// ---- the browser ------------------------------------------------------------------------------
function processes() {
  const out = [];
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      out.push({
        pid: Number(p),
        ppid: Number(stat.replace(/^.*\) /, '').split(' ')[1]),
        cmd: readFileSync(`/proc/${p}/cmdline`, 'utf8'),
      });
    } catch {}
  }
  return out;
}
const rss = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  } catch {
    return 0;
  }
};
// The browser's process tree, and its renderers (--type=renderer), by the run's marker.
function tree(marker) {
  const all = processes();
  const root = all.find((p) => p.cmd.includes(marker) && !p.cmd.includes('--type='));
  const pids = new Set([root.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all)
      if (pids.has(p.ppid) && !pids.has(p.pid)) {
        pids.add(p.pid);
        grew = true;
      }
  }
  const members = all.filter((p) => pids.has(p.pid));
  return {
    all: members.map((p) => p.pid),
    renderers: members.filter((p) => p.cmd.includes('--type=renderer')).map((p) => p.pid),
  };
}

const srv = await start({ port: 0 });
// The page's main-thread tasks in a trace (category toplevel): the renderer main thread with the
// most task time (the page's; a spare renderer idles). Returns the task of the longest thread time
// ({ thread, wall } ms), and the longest wall time.
function mainThreadTasks(trace) {
  const events = JSON.parse(trace.toString()).traceEvents;
  const main = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map();
  for (const e of events) {
    const k = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || !main.has(k)) continue;
    if (!byThread.has(k)) byThread.set(k, []);
    byThread.get(k).push({ thread: (e.tdur ?? 0) / 1000, wall: e.dur / 1000 });
  }
  const total = (ts) => ts.reduce((n, x) => n + x.thread, 0);
  const tasks = [...byThread.values()].sort((a, b) => total(b) - total(a))[0] ?? [];
  const longest = tasks.reduce((a, x) => (x.thread > a.thread ? x : a), { thread: 0, wall: 0 });
  return { longest, longestWall: Math.max(0, ...tasks.map((x) => x.wall)) };
}

// One fold of `root` in a fresh browser with `cores` as hardwareConcurrency (null: the machine's);
// traced: the page's main-thread tasks from a trace (mainThreadTasks) too.
async function fold(root, cores, run, traced = false) {
  const marker = `--user-agent=topic-pool-bench-${process.pid}-${run}-${cores}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...LAUNCH_ARGS, marker] });
  try {
    const context = await browser.newContext();
    if (cores !== null)
      await context.addInitScript(
        (n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n }),
        cores,
      );
    const page = await context.newPage();
    await page.goto(srv.url);
    await page.waitForSelector('html[data-decoded="true"]');
    await page.click('#tab-topic');
    await page.waitForSelector('#topic-files');
    await page.evaluate(() => {
      window.__tasks = [];
      new PerformanceObserver((l) => window.__tasks.push(...l.getEntries().map((e) => e.duration))).observe({
        type: 'longtask',
      });
    });
    const pids = tree(marker);
    const peak = { renderer: 0, all: 0 };
    const sample = () => {
      const { all, renderers } = tree(marker);
      peak.renderer = Math.max(peak.renderer, ...renderers.map(rss));
      peak.all = Math.max(
        peak.all,
        all.reduce((n, p) => n + rss(p), 0),
      );
    };
    sample();
    const base = { ...peak };
    const sampler = setInterval(sample, 50);
    if (traced) await browser.startTracing(page, { categories: ['toplevel'] });
    await page.setInputFiles('#topic-dir', root);
    await page.waitForSelector('#topic-status, #topic-failure', { timeout: 3_600_000 });
    const failure = await page.$('#topic-failure');
    if (failure) throw new Error(await failure.textContent());
    clearInterval(sampler);
    sample();
    const tasks = traced ? mainThreadTasks(await browser.stopTracing()) : null;
    const m = await page.evaluate(() => ({
      ms:
        performance.getEntriesByName('topic-fold-end').at(-1).startTime -
        performance.getEntriesByName('topic-fold-start').at(-1).startTime,
      longest: Math.max(0, ...window.__tasks),
      workers: Math.min(4, navigator.hardwareConcurrency),
      status: document.querySelector('#topic-status').textContent,
      unreadable: document.querySelector('#topic-unreadable')?.textContent ?? null,
    }));
    if (m.unreadable) throw new Error(m.unreadable);
    return { ...m, peak, base, processes: pids.all.length, tasks };
  } finally {
    await browser.close();
  }
}

// Per directory of the speed-up, its runs: { one, pool } MB/s.
const speed = speedDirs.map((d) => ({ ...d, runs: [] }));
let largeRun;
try {
  for (const d of speed) {
    const mbs = (r) => d.bytes / 1e6 / (r.ms / 1000);
    for (let run = 0; run < RUNS; run++) {
      const one = await fold(d.root, 1, run);
      const pool = await fold(d.root, null, run);
      d.workers = pool.workers;
      d.runs.push({ one: mbs(one), pool: mbs(pool), longest: Math.max(one.longest, pool.longest) });
      console.log(
        `${d.what}, run ${run + 1}: 1 worker ${mbs(one).toFixed(1)} MB/s, pool of ${pool.workers} ${mbs(pool).toFixed(1)} MB/s: ${(mbs(pool) / mbs(one)).toFixed(2)}x (load ${loadavg()[0].toFixed(1)}); ${pool.status}`,
      );
    }
  }
  largeRun = await fold(large, null, 'large', true);
  console.log(
    `large: pool of ${largeRun.workers}: ${(largeBytes / 1e6 / (largeRun.ms / 1000)).toFixed(1)} MB/s (${Math.round(largeRun.ms / 1000)} s), peak RSS renderer ${(largeRun.peak.renderer / 2 ** 20).toFixed(0)} MiB, process tree ${(largeRun.peak.all / 2 ** 20).toFixed(0)} MiB; longest main-thread task ${Math.round(largeRun.longest)} ms (longtask), by thread time ${largeRun.tasks.longest.thread.toFixed(1)} ms (its wall time ${largeRun.tasks.longest.wall.toFixed(1)} ms); ${largeRun.status}`,
  );
} finally {
  await srv.close();
  rmSync(dir, { recursive: true, force: true });
}
const load1 = loadavg();

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const d of speed) {
  d.one = median(d.runs.map((r) => r.one));
  d.pool = median(d.runs.map((r) => r.pool));
  d.ratio = median(d.runs.map((r) => r.pool / r.one));
  console.log(
    `${d.what}: median of ${RUNS}: 1 worker ${d.one.toFixed(1)} MB/s, pool ${d.pool.toFixed(1)} MB/s, ratio ${d.ratio.toFixed(2)}x (goal ${GOAL_RATIO}x)`,
  );
}
// The goal's figure: the largest directory of the speed-up (at the smallest, fixed costs dominate).
const judged = speed.at(-1);
const mark = (ok) => (ok ? 'met' : 'missed');
const largeMBs = largeBytes / 1e6 / (largeRun.ms / 1000);
const mib = (b) => `${(b / 2 ** 20).toFixed(0)} MiB`;
const mb = (b) => (b < 1e9 ? `${(b / 1e6).toFixed(1)} MB` : `${(b / 2 ** 30).toFixed(2)} GiB`);
const thread = largeRun.tasks.longest;

if (!process.env.BENCH_NO_WRITE) {
  const env = `BENCH_RECORDS=${N} BENCH_RUNS=${RUNS} BENCH_POOL_SEGMENT_MB=${POOL_SEGMENTS.map((b) => b >> 20).join(',')} BENCH_LARGE_PARTITIONS=${LARGE_PARTITIONS} BENCH_LARGE_SEGMENT_MB=${LARGE_SEGMENT >> 20}`;
  const rows = speed.map(
    (d) =>
      `| ${d.what}, ${mb(d.bytes)}: 1 worker (hardwareConcurrency 1) / the pool of ${d.workers} | ${d.one.toFixed(1)} / ${d.pool.toFixed(1)} MB/s = **${d.ratio.toFixed(2)}x** (runs: ${d.runs.map((r) => (r.pool / r.one).toFixed(2)).join(', ')}) | ${d === judged ? `>= ${GOAL_RATIO}x: **${mark(d.ratio >= GOAL_RATIO)}**` : ''} |`,
  );
  writeSection(
    'Topic view: the pool and a large directory',
    `## Topic view: the pool and a large directory

Measured ${new Date().toISOString().slice(0, 10)} by \`${env} npm run bench:topic-pool\` (tests/bench/topic-pool.mjs) on ${cpus()[0].model.trim()}, **${cpus().length} cores shared with other engineers' builds and tests** (load average ${load0.map((x) => x.toFixed(1)).join(' ')} at the start, ${load1.map((x) => x.toFixed(1)).join(' ')} at the end): wall times move with that load, the ratio (the median of per-run ratios, the two sides interleaved) less; a speed-up needs a free core. Headless Chromium (Debian), a fresh browser per fold, the directory chosen in the Topic tab's directory input; a fold is the time from the files chosen to the state in the page (marks topic-fold-start/-end).

| figure | median | goal (issue 23 item 4) |
|---|---|---|
${rows.join('\n')}
| large directory: ${LARGE_PARTITIONS} segments of ${LARGE_SEGMENT >> 20} MiB (${(largeBytes / 2 ** 30).toFixed(2)} GiB, ${largeRecords.toLocaleString('en')} records), the pool of ${largeRun.workers} | ${largeMBs.toFixed(1)} MB/s (${Math.round(largeRun.ms / 1000)} s) | (folds: any size) |
| its peak RSS: the renderer process (the page and its workers) / Chromium's whole process tree | ${mib(largeRun.peak.renderer)} / ${mib(largeRun.peak.all)} (before the fold: ${mib(largeRun.base.renderer)} / ${mib(largeRun.base.all)}) | < ${GOAL_MEMORY >> 20} MiB: **${mark(largeRun.peak.renderer < GOAL_MEMORY)}** (renderer), **${mark(largeRun.peak.all < GOAL_MEMORY)}** (tree) |
| its longest main-thread task, wall time (PerformanceObserver 'longtask') | ${Math.round(largeRun.longest)} ms | <= ${GOAL_TASK_MS} ms: **${mark(largeRun.longest <= GOAL_TASK_MS)}** |
| its longest main-thread task by thread time (a trace of the fold, category toplevel: the page's CPU time in one task) | ${thread.thread.toFixed(1)} ms (that task's wall time ${thread.wall.toFixed(1)} ms; the trace's longest wall time ${largeRun.tasks.longestWall.toFixed(1)} ms) | |

The longest main-thread task of the speed-up's folds (longtask, wall time): ${speed.map((d) => `${Math.round(Math.max(...d.runs.map((r) => r.longest)))} ms`).join(', ')}. The large directory's status: "${largeRun.status}".

The template directories' segments (the large one's and the speed-up's of ${POOL_SEGMENTS.map((b) => `${b >> 20}`).join(', ')} MiB) repeat 64 batches written by kafkajs (1,000 records each, 2,000 roles a partition) with consecutive base offsets: the fold reads every batch (CRC, records, keys), its state stays small, and its record index (8 bytes a record) ${largeRecords / LARGE_PARTITIONS > 8_388_608 ? 'reaches' : `stays under (${Math.round(largeRecords / LARGE_PARTITIONS).toLocaleString('en')} records a segment)`} its bound (wasm/core/log/record_index.h: the newest 8,388,608 records of a folder, 64 MiB) in each worker. The segments are read from each file's stream (File.stream(), two 1 MiB buffers: the next read under way while a piece is folded), never whole; the picture is not drawn above 256 MB (its fold keeps every value: web/README.md). The large directory was written in ${Math.round(largeWriteMs / 1000)} s (the 64 batches made once, then written again and again with their base offsets set): no cheaper generator was needed.

Where the page's thread went, and what was cut (2026-12-02, traces of 4 x 64 MiB folds by the pool of 2 at load average 5-10; thread time, the wall times 2-4x that under such load): the task in which the state arrived took 66 ms: a layout of the whole page forced by the state table measuring itself (35 ms: the 200 anomalies listed made most of its 3,300 layout objects), the structured clone of the fold's 10,000 anomalies as objects (17 ms), the render (18 ms). Now the anomalies come as columns (typed arrays and one string per column, as the roles already did; the page makes the objects: under 1 ms to receive), the table reads its size from a ResizeObserver after the browser's own layout, the lists' items out of view are not laid out (content-visibility), and the errors and anomalies lists render in a task after the table's frame (the status line with them): the longest task of those traces 17-34 ms of thread time. During the fold, the worker's progress (every 50 ms) rendered the whole view, partial state table included; the progress bar now renders alone, and a partial state comes at most every second, the first a second after the fold began (at once and every 250 ms before: on 11.4 MB the page's thread went from 200-240 to 130-160 ms of CPU per fold). The pool's fixed costs: its workers fetched and compiled the whole-topic module themselves after the inputs were read (a pool worker's first task came 477 ms after the files were chosen; 9 ms now): the view's worker compiles it once and hands the compiled module to its pool workers, which start while the inputs are read.
`,
    {
      'topic-pool-speedup': {
        value: judged.ratio,
        figure: `${judged.ratio.toFixed(2)}x on ${mb(judged.bytes)} (pool of ${judged.workers}: ${judged.pool.toFixed(1)} vs ${judged.one.toFixed(1)} MB/s; ${speed
          .slice(0, -1)
          .map((d) => `${d.ratio.toFixed(2)}x on ${mb(d.bytes)}`)
          .join(', ')}), load average ${load0[0].toFixed(1)}-${load1[0].toFixed(1)}`,
      },
      'topic-large-memory': {
        value: largeRun.peak.renderer / 2 ** 20,
        figure: `${mib(largeRun.peak.renderer)} at peak (renderer; process tree ${mib(largeRun.peak.all)}) for ${LARGE_PARTITIONS} x ${LARGE_SEGMENT >> 20} MiB (${(largeBytes / 2 ** 30).toFixed(2)} GiB), ${largeMBs.toFixed(1)} MB/s`,
      },
      'topic-large-task': {
        value: largeRun.longest,
        figure: `${Math.round(largeRun.longest)} ms wall (thread time of the longest task ${thread.thread.toFixed(0)} ms) for ${LARGE_PARTITIONS} x ${LARGE_SEGMENT >> 20} MiB (${(largeBytes / 2 ** 30).toFixed(2)} GiB), load average ${load0[0].toFixed(1)}-${load1[0].toFixed(1)}`,
      },
    },
  );
}
