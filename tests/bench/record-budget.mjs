// The whole-topic module's memory under amplification (issue 21, defects 2, 3 and 10): not a
// test; prints figures and writes the "## Record budget and dropped folders" section of
// BENCHMARKS.md. Each case runs in a fresh Node process (--expose-gc) under /usr/bin/time: the RSS
// once the module is loaded and the input read, right after the call (what it returned still
// held), and the peak.
//   produce-2m      decodeProduceRequest of 16 gzip batches of 131,072 7-byte records (2,097,152)
//   produce-budget  decodeProduceRequest of one gzip batch of 131,072 records (the budget: decoded)
//   inspect-budget  inspect(bytes, 'produce-request') of the same request (its field tree too)
//   fold-bomb       foldState of one gzip batch of 38,347,922 records (256 MiB inflated, 391 KB)
//   fold-16m-one    foldState of one gzip batch of 16,777,216 records
//   fold-16m-many   foldState of 128 gzip batches of 131,072 records (16,777,216, within the budget)
//   readlog-budget  readLog of one gzip batch of 131,072 records (an object per record)
//   dropped         20,000 folders of one record each, dropped without dispose(), 100 a tick (a
//                   timer between), collected when V8 decides
//   dropped-gc      the same with gc() at each tick
// Env: BENCH_BEFORE=<directory> (another checkout with its wasm/dist built: its figures beside
// these), BENCH_BEFORE_LABEL, BENCH_NO_WRITE=1.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

import { writeSection } from './benchmarks-md.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const MB = (n) => (n / 1e6).toFixed(0);
const out = join(root, 'build-bench');
const CHILD = process.argv[2] !== undefined; // a case to run (the parent passes its name)

// ---- a case, in the child ----------------------------------------------------------------------
if (CHILD) {
  const [name, codeRoot] = process.argv.slice(2);
  const { loadLogCodec } = await import(join(codeRoot, 'wasm/api/index.js'));
  const { keyBytes, valueBytes } = await import('../node/log-writer.mjs');
  const log = await loadLogCodec();
  const file = name === 'inspect-budget' ? 'produce-budget' : name;
  const input = name.startsWith('dropped') ? null : new Uint8Array(readFileSync(join(out, `budget-${file}.bin`)));
  const rss = () => process.memoryUsage().rss;
  gc();
  const before = rss();
  let result;
  try {
    if (name.startsWith('produce')) {
      const r = log.decodeProduceRequest(input);
      result = `${r.topics[0].partitions.reduce((n, p) => n + p.batches[0].records.length, 0)} records`;
      globalThis.kept = r;
    } else if (name === 'inspect-budget') {
      const r = log.inspect(input, 'produce-request');
      result = `${r.record.topics[0].partitions[0].batches[0].records.length} records and their nodes`;
      globalThis.kept = r;
    } else if (name.startsWith('fold')) {
      const r = log.foldState(input, { now: 0 });
      result = `${r.records} records${r.errors.length ? `, ${r.errors[0].code}` : ''}`;
    } else if (name === 'readlog-budget') {
      const r = log.readLog(input);
      result = `${r.batches.reduce((n, b) => n + b.records.length, 0)} records`;
      globalThis.kept = r;
    } else {
      const record = {
        key: new Uint8Array(keyBytes({ kind: 'registration', role: 'r', member: 'm' })),
        value: new Uint8Array(valueBytes({ member: 'm', registeredAt: 1 })),
      };
      for (let tick = 0; tick < 200; tick++) {
        for (let i = 0; i < 100; i++) log.createFolder().pushRecords([record]);
        if (name === 'dropped-gc') gc();
        await new Promise((r) => setTimeout(r, 0));
      }
      result = `20,000 folders, external memory (the wasm heap's) ${MB(process.memoryUsage().external)} MB`;
    }
  } catch (e) {
    result = `threw ${e.code ?? `${e.name}: ${e.message.split('.')[0]}`}`;
  }
  console.log(JSON.stringify({ before, after: rss(), result }));
  process.exit(0);
}

// ---- the inputs ----------------------------------------------------------------------------------
const {
  Compression,
  smallRecordsGzip,
  withGzipPayload,
  writeSmallRecordsBatch: gzipBatch,
} = await import('../node/log-writer.mjs');
const { writeProduceRequest } = await import('../node/produce-writer.mjs');
mkdirSync(out, { recursive: true });
const request = async (partitions, count) => {
  const payload = await smallRecordsGzip(count);
  return withGzipPayload(payload, () =>
    writeProduceRequest({
      acks: 1,
      timeout: 10,
      compression: Compression.GZIP,
      topicData: [
        {
          topic: 'other',
          partitions: Array.from({ length: partitions }, (_, partition) => ({
            partition,
            messages: new Array(count),
          })),
        },
      ],
    }),
  );
};
const BUDGET = 131_072;
const inputs = {
  'produce-2m': () => request(16, BUDGET),
  'produce-budget': () => request(1, BUDGET),
  'fold-bomb': () => gzipBatch(38_347_922),
  'fold-16m-one': () => gzipBatch(1 << 24),
  'fold-16m-many': async () => {
    const one = await gzipBatch(BUDGET, 0, true); // numbered: a log reads its records
    return Buffer.concat(
      Array.from({ length: 128 }, (_, k) => {
        const b = Buffer.from(one);
        b.writeBigInt64BE(BigInt(k * BUDGET), 0); // base offset: outside the CRC
        return b;
      }),
    );
  },
  'readlog-budget': () => gzipBatch(BUDGET, 0, true),
};
const sizes = {};
for (const [name, make] of Object.entries(inputs)) {
  const path = join(out, `budget-${name}.bin`);
  if (!existsSync(path)) writeFileSync(path, await make());
  sizes[name] = readFileSync(path).length;
}

// ---- the runs ------------------------------------------------------------------------------------
const before = process.env.BENCH_BEFORE || null;
const beforeName = process.env.BENCH_BEFORE_LABEL || before;
const self = fileURLToPath(import.meta.url);
function measure(name, codeRoot) {
  const r = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, '--expose-gc', self, name, codeRoot], {
    encoding: 'utf8',
  });
  const lines = r.stdout.trim().split('\n');
  const peak = Number(r.stderr.trim().split('\n').pop()) * 1024;
  if (r.status !== 0 || !lines[0]?.startsWith('{'))
    return { result: `exit ${r.status}: ${r.stderr.trim().split('\n').slice(-3, -1).join(' ').slice(0, 80)}`, peak };
  return { ...JSON.parse(lines[lines.length - 1]), peak };
}
const cases = [...Object.keys(inputs), 'inspect-budget', 'dropped', 'dropped-gc'];
const rows = [];
const current = [];
for (const name of cases) {
  const now = measure(name, root);
  current.push({ name, ...now });
  const old = before ? measure(name, before) : null;
  const cell = (m) =>
    m.before === undefined
      ? `${m.result} (peak ${MB(m.peak)} MB)`
      : `${MB(m.before)} -> ${MB(m.after)} MB, peak ${MB(m.peak)} MB: ${m.result}`;
  const size = sizes[name === 'inspect-budget' ? 'produce-budget' : name];
  rows.push([name, size ? size.toLocaleString('en-US') : '-', ...(old ? [cell(old)] : []), cell(now)]);
  console.error(`${name}: ${old ? `before ${cell(old)}; ` : ''}now ${cell(now)}`);
}

const header = [
  'case',
  'input bytes',
  ...(before ? [`RSS loaded -> after the call, before (${beforeName})`] : []),
  'RSS loaded -> after the call, this tree',
];
const table = [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
const section = `## Record budget and dropped folders

Measured ${new Date().toISOString().slice(0, 10)} by \`${before ? `BENCH_BEFORE=<a checkout of ${beforeName}> ` : ''}node tests/bench/record-budget.mjs\` on ${os.cpus()[0].model.trim()} (${os.cpus().length} cores shared with other jobs), Node ${process.versions.node}, load average ${os.loadavg()[0].toFixed(1)} at the end. Each case in a fresh process (\`--expose-gc\`, under /usr/bin/time): RSS once the module is loaded and the input read, right after the call with what it returned still held, and the peak. The records are 7 bytes (null key and value), gzip, framed by kafkajs (tests/node/log-writer.mjs).

${table}

Cases: ${[
  'produce-2m: a ProduceRequest of 16 partitions, a batch of 131,072 records each (2,097,152)',
  'produce-budget: one such batch (the most a request may hold)',
  "inspect-budget: inspect(bytes, 'produce-request') of it (the field tree and the decoded request)",
  'fold-bomb: foldState of one batch of 38,347,922 records (256 MiB inflated)',
  'fold-16m-one: foldState of one batch of 16,777,216 records',
  'fold-16m-many: foldState of 128 batches of 131,072 records (16,777,216 within the budget: memory stays one batch)',
  'readlog-budget: readLog of one batch of 131,072 records (an object each)',
  'dropped: 20,000 folders of one record each, dropped without dispose(), 100 a tick, collected when V8 decides (it does not see the wasm heap: few collections)',
  'dropped-gc: the same with gc() at each tick',
].join('; ')}.
`;
console.log(`\n${section}`);
const killed = current.filter((m) => m.result.startsWith('exit '));
const highest = current.reduce((a, m) => (m.peak > a.peak ? m : a));
if (!process.env.BENCH_NO_WRITE)
  writeSection('Record budget and dropped folders', section, {
    'record-budget': {
      met: killed.length === 0,
      figure: `${killed.length ? `${killed.map((m) => m.name).join(', ')} ended abnormally; ` : 'every case ended in its result or a refusal; '}the highest peak RSS ${MB(highest.peak)} MB (${highest.name})`,
    },
  });
