// Kafka's transaction log (issue 22, item 5): not a test; prints figures and writes the
// "## Transaction log" section of BENCHMARKS.md.
//   1. the fold of a transaction log of BENCH_RECORDS records (one segment written by kafkajs's
//      record-batch encoder, the records' bytes by golden/generate_transaction_log.py --encode)
//      against `state`'s fold of a coordination segment of the same size: MB/s of each
//      (foldTransactions, foldState: copies into the heap and the objects built included);
//   2. the join: a coordination folder's result({ now, transactions }) against result({ now }),
//      the transaction log folded and merged beforehand, as the CLI has it; the overhead relative
//      to `state`'s whole time (fold and result).
// CPU time of this process (the machine is shared), median of BENCH_RUNS interleaved runs after
// one unmeasured run of each; run it with --expose-gc (gc() before each timed part). Env: BENCH_RECORDS (1000000), BENCH_RUNS (7), BENCH_NO_WRITE=1.
// The segments are kept in build-bench/ (the generator takes about a minute).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

import { keyBytes, valueBytes, writeBatch } from '../node/log-writer.mjs';
import { encodeTransactionLog } from '../node/transaction-writer.mjs';
import { writeSection } from './benchmarks-md.mjs';
import { limit } from './goals.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const N = Number(process.env.BENCH_RECORDS || 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS || 7);
const IDS = Math.min(50_000, Math.floor(N / 20)); // transactional ids, and roles: lease r is held by id r's producer
const PER_BATCH = 100;
const T0 = 1_700_000_000_000;
const NOW = T0 + 30_000;
const out = join(root, 'build-bench');
mkdirSync(out, { recursive: true });

const { loadLogCodec } = await import('../../wasm/api/index.js');
const log = await loadLogCodec();

// A transactional id's lifecycle, one status per record of it: Ongoing, PrepareCommit,
// CompleteCommit, Empty, again. Producer id 1000 + r at epoch 1 + r % 5 throughout.
const LIFECYCLE = ['Ongoing', 'PrepareCommit', 'CompleteCommit', 'Empty'];

async function writeSegment(path, batches) {
  const parts = [];
  for await (const b of batches) parts.push(b);
  writeFileSync(`${path}.tmp`, Buffer.concat(parts));
  renameSync(`${path}.tmp`, path);
}

// ---- inputs ---------------------------------------------------------------------------------------
const txnPath = join(out, `transactions-${N}.log`);
if (!existsSync(txnPath)) {
  const t0 = Date.now();
  const items = [];
  for (let r = 0; r < IDS; r++) items.push({ key: `payments-service-txn-${String(r).padStart(6, '0')}` });
  for (let r = 0; r < IDS; r++)
    for (const status of LIFECYCLE)
      items.push({
        value: {
          producerId: 1000 + r,
          producerEpoch: 1 + (r % 5),
          timeoutMs: 60_000,
          status,
          partitions:
            status === 'Empty'
              ? null
              : [
                  ['payments', [r % 12]],
                  ['payments-audit', [r % 3]],
                ],
          lastUpdate: T0 + r,
          start: status === 'Empty' ? -1 : T0,
        },
      });
  const bytes = encodeTransactionLog(items);
  const keys = bytes.slice(0, IDS);
  const values = bytes.slice(IDS);
  const seen = new Uint32Array(IDS);
  await writeSegment(
    txnPath,
    (async function* () {
      for (let base = 0; base < N; base += PER_BATCH) {
        const records = [];
        for (let i = base; i < Math.min(N, base + PER_BATCH); i++) {
          const r = (i * 7919) % IDS;
          records.push({ key: keys[r], value: values[r * LIFECYCLE.length + (seen[r]++ % LIFECYCLE.length)] });
        }
        yield await writeBatch({ baseOffset: base, records });
      }
    })(),
  );
  console.error(`bench: wrote ${txnPath} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
const txnBytes = new Uint8Array(readFileSync(txnPath));

// The coordination segment: registrations and leases (a quarter) of IDS roles, role r's lease
// held by producer id 1000 + r at epoch 1 + r % 5 (1 in 100 a fenced one, epoch one below), batches
// until it is as large as the transaction log's.
const coordPath = join(out, `coordination-as-transactions-${N}.log`);
if (!existsSync(coordPath)) {
  let size = 0;
  await writeSegment(
    coordPath,
    (async function* () {
      for (let base = 0; size < txnBytes.length; base += PER_BATCH) {
        const records = [];
        for (let i = base; i < base + PER_BATCH; i++) {
          // Leases (every 4th record) and registrations each go round all the roles, one of 3
          // members a round: every holder is registered once the registrations went round 3 times.
          const k = i % 4 === 3 ? i >> 2 : i - (i >> 2);
          const r = (k * 7919) % IDS;
          const role = `payments-service-role-${String(r).padStart(6, '0')}`;
          const member = `instance-${String(Math.floor(k / IDS) % 3).padStart(3, '0')}.eu-west-1.compute.internal`;
          records.push(
            i % 4 === 3
              ? {
                  key: keyBytes({ kind: 'lease', role }),
                  value: valueBytes({
                    member,
                    producerId: 1000 + r,
                    producerEpoch: 1 + (r % 5) - (r % 100 === 0 ? 1 : 0),
                    grantedAt: T0 + i,
                    deadline: T0 + 600_000 + i,
                  }),
                }
              : {
                  key: keyBytes({ kind: 'registration', role, member }),
                  value: valueBytes({ member, registeredAt: T0 }),
                },
          );
        }
        const batch = await writeBatch({ baseOffset: base, records });
        size += batch.length;
        yield batch;
      }
    })(),
  );
}
const coordBytes = new Uint8Array(readFileSync(coordPath));

// ---- runs -----------------------------------------------------------------------------------------
const cpuMs = (u) => (u.user + u.system) / 1000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function timed(fn) {
  const t = process.cpuUsage();
  const value = fn();
  return { ms: cpuMs(process.cpuUsage(t)), value };
}
const txnFolder = log.createTransactionFolder();
txnFolder.pushLog(txnBytes, 0);
txnFolder.endLog(0);
txnFolder.result({ now: NOW }); // merged at NOW: what the join reads
// gc() between the timed parts when run with --expose-gc: each part's garbage is its own.
const collect = globalThis.gc ?? (() => {});
const fold = { txn: [], state: [], joined: [], overhead: [], ratio: [] };
let checked = null;
for (let run = -1; run < RUNS; run++) {
  collect();
  const t = timed(() => log.foldTransactions(txnBytes, { now: NOW }));
  // state: the coordination segment folded once, then its result without and with the join, in
  // turns first (the join's cost is the difference of the two results).
  const folder = log.createFolder();
  let p, plain, joined;
  try {
    collect();
    p = timed(() => {
      folder.pushLog(coordBytes, 0);
      folder.endLog(0);
    });
    const results = [
      () => (plain = (collect(), timed(() => folder.result({ now: NOW })))),
      () => (joined = (collect(), timed(() => folder.result({ now: NOW, transactions: txnFolder })))),
    ];
    if (run % 2) results.reverse();
    for (const r of results) r();
  } finally {
    folder.dispose();
  }
  if (!checked) {
    const fenced = joined.value.anomalies.filter((a) => a.kind === 'lease_holder_fenced').length;
    if (t.value.records !== N || t.value.transactions.length !== IDS || t.value.errors.length)
      throw new Error('bench: the transaction log did not fold as written');
    if (joined.value.roles.some((r) => r.lease && !r.lease.producerTransaction) || fenced === 0)
      throw new Error('bench: the join did not find the leases');
    checked = { records: plain.value.records, roles: plain.value.roles.length, fenced };
  }
  if (run < 0) continue; // the unmeasured run: V8's tiers
  const state = p.ms + plain.ms;
  fold.txn.push(t.ms);
  fold.state.push(state);
  fold.joined.push(p.ms + joined.ms);
  fold.ratio.push(t.ms / txnBytes.length / (state / coordBytes.length));
  fold.overhead.push((joined.ms - plain.ms) / state);
  console.error(
    `run ${run + 1}: transactions ${t.ms.toFixed(0)} ms; state: fold ${p.ms.toFixed(0)} ms, result ${plain.ms.toFixed(0)} ms, result joined ${joined.ms.toFixed(0)} ms`,
  );
}
txnFolder.dispose();

// ---- report ---------------------------------------------------------------------------------------
const mbs = (bytes, ms) => ((bytes / 1e6 / ms) * 1000).toFixed(0);
const MB = (bytes) => (bytes / 1e6).toFixed(1);
const m = Object.fromEntries(Object.entries(fold).map(([k, v]) => [k, median(v)]));
const load = os
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' ');
const section = [
  '## Transaction log',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} by \`node --expose-gc tests/bench/transactions.mjs\` on ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} cores shared with other jobs), Node ${process.versions.node}, load average ${load} at the end. CPU time of the process (gc() before each timed part), median of ${RUNS} interleaved runs after one unmeasured run; the ratios are medians of the per-run ratios. The join's cost is the difference between the coordination folder's result({ now, transactions }) and result({ now }) on the same fold (taken in turns first), over \`state\`'s time (the fold and result({ now })). Inputs, each one segment written by kafkajs's record-batch encoder (${PER_BATCH} records a batch, uncompressed): a transaction log of ${N.toLocaleString('en-US')} records (${MB(txnBytes.length)} MB; ${IDS.toLocaleString('en-US')} transactional ids, each record the next status of its id's lifecycle ${LIFECYCLE.join(' → ')}, two topics' partitions in the non-Empty ones; bytes by golden/generate_transaction_log.py --encode) and a coordination topic of the same size (${MB(coordBytes.length)} MB, ${checked.records.toLocaleString('en-US')} records, ${checked.roles.toLocaleString('en-US')} roles, a quarter of the records leases, role r's held by transactional id r's producer id, 1 in 100 at an older epoch).`,
  '',
  '| what | CPU ms | MB/s |',
  '|---|---|---|',
  `| \`foldTransactions\` of the transaction log (framing, CRC, decode, newest per id, merge, objects) | ${m.txn.toFixed(0)} | ${mbs(txnBytes.length, m.txn)} |`,
  `| \`foldState\`-equivalent of the coordination segment (createFolder, pushLog, result({ now })) | ${m.state.toFixed(0)} | ${mbs(coordBytes.length, m.state)} |`,
  `| the same with the join, result({ now, transactions }) (the transaction log folded and merged before, as the CLI has it) | ${m.joined.toFixed(0)} | ${mbs(coordBytes.length, m.joined)} |`,
  '',
  `Goals (issue 22, item 5): the transaction log folds at the MB/s of \`state\` on segments of the same size: transaction log time per byte / state's, **${m.ratio.toFixed(2)}x** (${m.ratio <= limit('transactions-fold-vs-state') ? 'met' : 'missed'}, taking within 10% as the same); the join adds at most ${limit('transactions-join')}% to \`state\`'s time: **${(m.overhead * 100).toFixed(1)}%** (${m.overhead * 100 <= limit('transactions-join') ? 'met' : 'missed'}; ${checked.fenced.toLocaleString('en-US')} leases fenced, every lease found).`,
  '',
].join('\n');
console.log(section);
if (!process.env.BENCH_NO_WRITE)
  writeSection('Transaction log', section, {
    'transactions-fold-vs-state': {
      value: m.ratio,
      figure: `${m.ratio.toFixed(2)}x (${mbs(txnBytes.length, m.txn)} vs ${mbs(coordBytes.length, m.state)} MB/s)`,
    },
    'transactions-join': { value: m.overhead * 100, figure: `+${(m.overhead * 100).toFixed(1)}%` },
  });
