// The topic view's pool of workers (issue 23 item 4, the browser's figures): not a test; prints
// figures and writes the "## Topic view: the pool and a large directory" section of BENCHMARKS.md.
//   1. A directory of 4 partitions (one segment each, written by kafkajs: tests/browser/topic-fixtures.mjs)
//      chosen in the Topic tab of headless Chromium, folded by 1 worker (navigator.hardwareConcurrency
//      set to 1) and by the pool (the machine's hardwareConcurrency, at most 4), interleaved, RUNS
//      times: MB/s from the marks topic-fold-start/-end (file chosen -> state in the page), the ratio
//      the median of the per-run ratios.
//   2. A large directory (LARGE_PARTITIONS segments of LARGE_SEGMENT_MB, in /tmp, removed after):
//      batches written by kafkajs (tests/node/log-writer.mjs writeBatch) repeated with their base
//      offsets set (the base offset is outside the CRC), so a 1 GB segment is written without 1 GB
//      in memory; folded by the pool: MB/s, the peak RSS of Chromium's renderer process (the page
//      and its workers: threads of that process) and of its whole process tree, sampled every
//      50 ms, and the longest main-thread task (PerformanceObserver 'longtask').
// Env: BENCH_RECORDS (records per partition of the 4-partition directory, 250000), BENCH_RUNS (3),
// BENCH_LARGE_PARTITIONS (4), BENCH_LARGE_SEGMENT_MB (1024), BENCH_NO_WRITE=1 (print only).
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

const N = Number(process.env.BENCH_RECORDS || 250_000);
const RUNS = Number(process.env.BENCH_RUNS || 3);
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
t = performance.now();
const large = join(dir, 'large');
let largeBytes = 0;
let largeRecords = 0;
for (let p = 0; p < LARGE_PARTITIONS; p++) {
  mkdirSync(join(large, `__coordination_state-${p}`), { recursive: true });
  const s = await largeSegment(join(large, `__coordination_state-${p}`, '00000000000000000000.log'), p, LARGE_SEGMENT);
  largeBytes += s.bytes;
  largeRecords += s.records;
}
console.log(
  `large: ${LARGE_PARTITIONS} segments, ${(largeBytes / 2 ** 30).toFixed(2)} GiB, ${largeRecords.toLocaleString('en')} records, written in ${Math.round(performance.now() - t)} ms`,
);

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
// One fold of `root` in a fresh browser with `cores` as hardwareConcurrency (null: the machine's).
async function fold(root, cores, run) {
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
    await page.setInputFiles('#topic-dir', root);
    await page.waitForSelector('#topic-status, #topic-failure', { timeout: 3_600_000 });
    const failure = await page.$('#topic-failure');
    if (failure) throw new Error(await failure.textContent());
    clearInterval(sampler);
    sample();
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
    return { ...m, peak, base, processes: pids.all.length };
  } finally {
    await browser.close();
  }
}

const runs = [];
let largeRun;
try {
  for (let run = 0; run < RUNS; run++) {
    const one = await fold(four, 1, run);
    const pool = await fold(four, null, run);
    const mbs = (r) => fourBytes / 1e6 / (r.ms / 1000);
    runs.push({ one: mbs(one), pool: mbs(pool), workers: pool.workers, longest: Math.max(one.longest, pool.longest) });
    console.log(
      `run ${run + 1}: 1 worker ${mbs(one).toFixed(1)} MB/s, pool of ${pool.workers} ${mbs(pool).toFixed(1)} MB/s: ${(mbs(pool) / mbs(one)).toFixed(2)}x; ${pool.status}`,
    );
  }
  largeRun = await fold(large, null, 'large');
  console.log(
    `large: pool of ${largeRun.workers}: ${(largeBytes / 1e6 / (largeRun.ms / 1000)).toFixed(1)} MB/s (${Math.round(largeRun.ms / 1000)} s), peak RSS renderer ${(largeRun.peak.renderer / 2 ** 20).toFixed(0)} MiB, process tree ${(largeRun.peak.all / 2 ** 20).toFixed(0)} MiB; longest main-thread task ${Math.round(largeRun.longest)} ms; ${largeRun.status}`,
  );
} finally {
  await srv.close();
  rmSync(dir, { recursive: true, force: true });
}
const load1 = loadavg();

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ratio = median(runs.map((r) => r.pool / r.one));
const mark = (ok) => (ok ? 'met' : 'missed');
const largeMBs = largeBytes / 1e6 / (largeRun.ms / 1000);
const mib = (b) => `${(b / 2 ** 20).toFixed(0)} MiB`;
console.log(
  `median of ${RUNS}: 1 worker ${median(runs.map((r) => r.one)).toFixed(1)} MB/s, pool ${median(runs.map((r) => r.pool)).toFixed(1)} MB/s, ratio ${ratio.toFixed(2)}x (goal ${GOAL_RATIO}x)`,
);

if (!process.env.BENCH_NO_WRITE) {
  const env = `BENCH_RECORDS=${N} BENCH_RUNS=${RUNS} BENCH_LARGE_PARTITIONS=${LARGE_PARTITIONS} BENCH_LARGE_SEGMENT_MB=${LARGE_SEGMENT >> 20}`;
  writeSection(
    'Topic view: the pool and a large directory',
    `## Topic view: the pool and a large directory

Measured ${new Date().toISOString().slice(0, 10)} by \`${env} npm run bench:topic-pool\` (tests/bench/topic-pool.mjs) on ${cpus()[0].model.trim()}, **${cpus().length} cores shared with other engineers' builds and tests** (load average ${load0.map((x) => x.toFixed(1)).join(' ')} at the start, ${load1.map((x) => x.toFixed(1)).join(' ')} at the end): wall times move with that load, the ratio (the median of per-run ratios, the two sides interleaved) less. Headless Chromium (Debian), a fresh browser per fold, the directory chosen in the Topic tab's directory input; a fold is the time from the files chosen to the state in the page (marks topic-fold-start/-end).

| figure | median | goal (issue 23 item 4) |
|---|---|---|
| 4 partitions (${(fourBytes / 1e6).toFixed(1)} MB, ${N.toLocaleString('en')} records each, kafkajs): 1 worker (hardwareConcurrency 1) | ${median(runs.map((r) => r.one)).toFixed(1)} MB/s | |
| the same, the pool (${runs[0].workers} workers: this machine's hardwareConcurrency) | ${median(runs.map((r) => r.pool)).toFixed(1)} MB/s = **${ratio.toFixed(2)}x** | >= ${GOAL_RATIO}x: **${mark(ratio >= GOAL_RATIO)}** |
| large directory: ${LARGE_PARTITIONS} segments of ${LARGE_SEGMENT >> 20} MiB (${(largeBytes / 2 ** 30).toFixed(2)} GiB, ${largeRecords.toLocaleString('en')} records), the pool of ${largeRun.workers} | ${largeMBs.toFixed(1)} MB/s (${Math.round(largeRun.ms / 1000)} s) | (folds: any size) |
| its peak RSS: the renderer process (the page and its workers) / Chromium's whole process tree | ${mib(largeRun.peak.renderer)} / ${mib(largeRun.peak.all)} (before the fold: ${mib(largeRun.base.renderer)} / ${mib(largeRun.base.all)}) | < ${GOAL_MEMORY >> 20} MiB: **${mark(largeRun.peak.renderer < GOAL_MEMORY)}** (renderer), **${mark(largeRun.peak.all < GOAL_MEMORY)}** (tree) |
| its longest main-thread task (PerformanceObserver 'longtask') | ${Math.round(largeRun.longest)} ms | <= ${GOAL_TASK_MS} ms: **${mark(largeRun.longest <= GOAL_TASK_MS)}** |

Per run (1 worker / pool MB/s): ${runs.map((r) => `${r.one.toFixed(1)} / ${r.pool.toFixed(1)}`).join('; ')}. The longest main-thread task of the 4-partition folds: ${Math.round(Math.max(...runs.map((r) => r.longest)))} ms. The large directory's status: "${largeRun.status}".

The large directory's segments repeat 64 batches written by kafkajs (1,000 records each, 2,000 roles a partition) with consecutive base offsets: the fold reads every batch (CRC, records, keys), its state stays small, and its record index (8 bytes a record) ${largeRecords / LARGE_PARTITIONS > 8_388_608 ? 'reaches' : `stays under (${Math.round(largeRecords / LARGE_PARTITIONS).toLocaleString('en')} records a segment)`} its bound (wasm/core/log/record_index.h: the newest 8,388,608 records of a folder, 64 MiB) in each worker. The segments are read from each file's stream (File.stream(), one reused 1 MiB buffer), never whole; the picture is not drawn above 256 MB (its fold keeps every value: web/README.md).
`,
    {
      'topic-pool-speedup': {
        value: ratio,
        figure: `${ratio.toFixed(2)}x (pool of ${runs[0].workers}: ${median(runs.map((r) => r.pool)).toFixed(1)} vs ${median(runs.map((r) => r.one)).toFixed(1)} MB/s on ${(fourBytes / 1e6).toFixed(1)} MB), load average ${load0[0].toFixed(0)}-${load1[0].toFixed(0)}`,
      },
      'topic-large-memory': {
        value: largeRun.peak.renderer / 2 ** 20,
        figure: `${mib(largeRun.peak.renderer)} at peak (renderer; process tree ${mib(largeRun.peak.all)}) for ${LARGE_PARTITIONS} x ${LARGE_SEGMENT >> 20} MiB (${(largeBytes / 2 ** 30).toFixed(2)} GiB), ${largeMBs.toFixed(1)} MB/s`,
      },
      'topic-large-task': {
        value: largeRun.longest,
        figure: `${Math.round(largeRun.longest)} ms for ${LARGE_PARTITIONS} x ${LARGE_SEGMENT >> 20} MiB (${(largeBytes / 2 ** 30).toFixed(2)} GiB)`,
      },
    },
  );
}
