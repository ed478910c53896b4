// node tests/bench/produce.mjs: decodeProduceRequest of a 1 MB ProduceRequest v3 (written by
// kafkajs's own encoder, tests/node/produce-writer.mjs), through the wasm JS API (the whole-topic
// module) and natively (tests/bench/produce_driver.cpp, g++ -O2) on the same bytes, interleaved
// runs, medians. Not a test. Writes the "## ProduceRequest v3" section of BENCHMARKS.md (goal: the
// JS API within 2x of native).
// The request: 4 partitions of __coordination_state, 2,500 records each (leases and
// registrations, decoded inline), about 1 MB; once uncompressed and once gzip.
// Env: BENCH_RUNS (default 5), BENCH_ITERATIONS (default 20), BENCH_NO_WRITE=1 (print only).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { Compression, keyBytes, valueBytes, writeProduceRequest } from '../node/produce-writer.mjs';
import { writeSection } from './benchmarks-md.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS || 5);
const ITER = Number(process.env.BENCH_ITERATIONS || 20);
const outDir = join(root, 'build-bench');
mkdirSync(outDir, { recursive: true });
if (!existsSync(join(root, 'wasm/dist/coordination_log.wasm'))) {
  console.error('bench: wasm/dist is missing; run `npm run build:wasm` first');
  process.exit(1);
}
const { loadLogCodec } = await import('../../wasm/index.js');
const log = await loadLogCodec();

const T0 = 1_700_000_000_000;
const partitions = Array.from({ length: 4 }, (_, p) => ({
  partition: p,
  messages: Array.from({ length: 2500 }, (_, i) => {
    const role = `payments-coordinator-${p}-${i % 50}`;
    const member = `worker-${i % 97}@host-${i % 13}.prod.example.com`;
    return i % 2
      ? {
          key: keyBytes({ kind: 'lease', role }),
          value: valueBytes({
            member,
            producerId: 1000 + i,
            producerEpoch: i % 100,
            grantedAt: T0 + i,
            deadline: T0 + i + 30000,
          }),
          timestamp: T0 + i,
        }
      : {
          key: keyBytes({ kind: 'registration', role, member }),
          value: valueBytes({ member, registeredAt: T0 + i }),
          timestamp: T0 + i,
        };
  }),
}));
const spec = (compression) => ({
  acks: -1,
  timeout: 30000,
  compression,
  topicData: [{ topic: '__coordination_state', partitions }],
});
const inputs = [
  ['none', new Uint8Array(await writeProduceRequest(spec(Compression.None), 'size+header'))],
  ['gzip', new Uint8Array(await writeProduceRequest(spec(Compression.GZIP), 'size+header'))],
];
const count = (req) =>
  req.topics.reduce(
    (n, t) => n + t.partitions.reduce((m, p) => m + p.batches.reduce((k, b) => k + b.records.length, 0), 0),
    0,
  );
const files = inputs.map(([name, bytes]) => {
  if (count(log.decodeProduceRequest(bytes)) !== 10_000) throw new Error('bench: the request did not decode as built');
  const f = join(outDir, `produce-${name}.bin`);
  writeFileSync(f, bytes);
  return f;
});

const exe = join(outDir, 'produce_driver');
const srcs = [
  'wire/utf8.cpp',
  'wire/crc32.cpp',
  'wire/inflate.cpp',
  'wire/java_text.cpp',
  'coordination/codec.cpp',
  'coordination/errors.cpp',
  'coordination/inspect.cpp',
  'log/record_batch.cpp',
  'protocol/produce.cpp',
  'protocol/framing.cpp',
  'protocol/coordination_records.cpp',
].map((f) => join(root, 'wasm/core', f));
execFileSync(
  'g++',
  [
    '-O2',
    '-DNDEBUG',
    '-std=c++20',
    '-fno-exceptions',
    '-I',
    join(root, 'wasm/core'),
    join(root, 'tests/bench/produce_driver.cpp'),
    ...srcs,
    '-o',
    exe,
  ],
  { stdio: 'inherit' },
);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function jsNs(bytes) {
  let acc = 0;
  const t0 = process.cpuUsage();
  for (let i = 0; i < ITER; i++) acc += log.decodeProduceRequest(bytes).topics.length;
  const t = process.cpuUsage(t0);
  if (acc !== ITER) throw new Error('bench: wrong decode');
  return ((t.user + t.system) * 1000) / ITER;
}
inputs.forEach(([, b]) => jsNs(b));
const nat = inputs.map(() => []);
const api = inputs.map(() => []);
const ratio = inputs.map(() => []);
for (let r = 0; r < RUNS; r++) {
  const n = JSON.parse(execFileSync(exe, [...files, String(ITER)], { encoding: 'utf8' }));
  inputs.forEach(([, bytes], i) => {
    nat[i].push(n.ns[i]);
    api[i].push(jsNs(bytes));
    ratio[i].push(api[i][r] / nat[i][r]);
  });
}

const ms = (ns) => `${(ns / 1e6).toFixed(2)} ms`;
const goal = (x) => `${x.toFixed(2)}x (${x <= 2 ? 'met' : 'MISSED'})`;
const date = new Date().toISOString().slice(0, 10);
const lines = ['## ProduceRequest v3', ''];
lines.push(
  `Measured ${date} by \`node tests/bench/produce.mjs\` on ${os.cpus()[0].model.trim()} (${os.cpus().length} cores, shared with other jobs; load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(
      ' ',
    )} at the end), Node ${process.versions.node}, Emscripten 3.1.6 build of wasm/dist (coordination_log.wasm). A ProduceRequest v3 written by kafkajs (size + header): 4 partitions of \`__coordination_state\`, 2,500 records each (registrations and leases, each decoded inline by the coordination codec), 10,000 records. CPU time of the process, median of ${RUNS} interleaved runs of ${ITER} decodes each (native, then the JS API); the ratio is the median of the per-run ratios.`,
  '',
);
lines.push(
  '| request | bytes | native C++ (g++ -O2, request structs) | JS API through wasm (objects built) | JS API / native (goal <= 2x) |',
);
lines.push('|---|---|---|---|---|');
inputs.forEach(([name, bytes], i) =>
  lines.push(
    `| ${name} | ${bytes.length.toLocaleString('en-US')} | ${ms(median(nat[i]))} | ${ms(median(api[i]))} | ${goal(median(ratio[i]))} |`,
  ),
);
lines.push(
  '',
  'The wasm side decodes into the same C++ structs, flattens them into int32 words, int64 words and a byte pool (protocol/produce.h FlatProduce), from which wasm/index.js builds the objects (keys and values as views into one copy of the pool, bigint from a BigInt64Array view); the native side stops at the structs. The first version built every object through Embind (a `val` per field): 40x native on the uncompressed request; an ArrayBuffer per key and value (heap.slice) then left about 11x, most of it garbage collection. What remains (node --cpu-prof): the object building and its garbage collection, the TextDecoder calls, and the wasm decode itself with its copies of every key and value into std::vectors (the C++ structs own their bytes).',
  '',
);
const gz = (f) => {
  const b = readFileSync(join(root, 'wasm/dist', f));
  return `${b.length} bytes raw, ${gzipSync(b, { level: 9 }).length} gzip`;
};
lines.push(
  `Module size with the ProduceRequest decoder in: coordination_log.wasm ${gz('coordination_log.wasm')}; the single-record coordination_codec.wasm ${gz('coordination_codec.wasm')} (it carries only the field list).`,
  '',
);
const section = lines.join('\n');
console.log(section);
if (!process.env.BENCH_NO_WRITE) writeSection('ProduceRequest v3', section);
