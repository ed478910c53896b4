// node tests/bench/schema.mjs: the schema-generated decoders (wasm/core/schema) natively
// (tests/bench/schema_driver.cpp, g++ -O2, into a Decoded kept across calls), the wasm call alone
// (schemaDecode on bytes already in the heap of a module instance of its own) and the JS API
// (decodeMessage: the call and the objects), on the same bytes, interleaved runs, medians. Not a
// test. Writes the "## Schema-generated decoders" section of BENCHMARKS.md.
// The messages: a GroupMetadataValue v4 (flexible) of a 100-member consumer group, each member
// with a 60-byte subscription and a 90-byte assignment; a TransactionLogValue v0 of a transaction
// over 10 topics of 5 partitions.
// Env: BENCH_RUNS (default 7), BENCH_ITERATIONS (default 20000), BENCH_NO_WRITE=1 (print only).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { writeSection } from './benchmarks-md.mjs';
import { buildDriver } from './native.mjs';
import { w } from '../node/schema-vectors.mjs';
import { instantiate } from '../../wasm/api/boundary.js';
import { MESSAGES } from '../../wasm/generated/schema/messages.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS || 7);
const ITER = Number(process.env.BENCH_ITERATIONS || 20_000);
const outDir = join(root, 'build-bench');
mkdirSync(outDir, { recursive: true });
const { loadLogCodec } = await import('../../wasm/api/index.js');
const log = await loadLogCodec();

// ---- bytes (written by hand in Kafka's encodings, tests/node/schema-vectors.mjs) ------------------
const group = w()
  .i16(4)
  .cstr('consumer')
  .i32(42)
  .cstr('range')
  .cstr('member-0-3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b')
  .i64(1_700_000_000_000);
group.uv(101);
for (let i = 0; i < 100; i++) {
  group
    .cstr(`member-${i}-3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b`)
    .uv(0)
    .cstr(`consumer-app-${i % 7}`)
    .cstr(`/10.0.${i % 4}.${i}`);
  group.i32(300_000).i32(45_000).uv(61).raw('s'.repeat(60)).uv(91).raw('a'.repeat(90)).uv(0);
}
group.uv(0);
const transaction = w().i16(0).i64(123456789).i16(7).i32(60_000).u8(1).i32(10);
for (let t = 0; t < 10; t++) {
  transaction.str(`orders-topic-${t}`).i32(5);
  for (let p = 0; p < 5; p++) transaction.i32(p);
}
transaction.i64(1_700_000_000_000).i64(1_700_000_000_500);
const inputs = {
  GroupMetadataValue: Uint8Array.from(group.bytes),
  TransactionLogValue: Uint8Array.from(transaction.bytes),
};
const g0 = log.decodeMessage('GroupMetadataValue', inputs.GroupMetadataValue);
assert.equal(g0.members.length, 100);
assert.equal(g0.members[99].clientHost, '/10.0.3.99');
assert.equal(g0.members[99].assignment.length, 90);
const t0 = log.decodeMessage('TransactionLogValue', inputs.TransactionLogValue);
assert.deepEqual(t0.transactionPartitions[9], {
  topic: 'orders-topic-9',
  partitionIds: [0, 1, 2, 3, 4],
  unknownTaggedFields: [],
});
const files = Object.fromEntries(
  Object.entries(inputs).map(([name, b]) => {
    const f = join(outDir, `schema-${name}.bin`);
    writeFileSync(f, b);
    return [name, f];
  }),
);

const exe = join(outDir, 'schema_driver');
const core = ['schema/decoding.cpp', 'coordination/errors.cpp', 'wire/utf8.cpp', 'wire/java_text.cpp'];
const generated = ['groups.cpp', 'transactions.cpp'];
buildDriver(
  exe,
  [
    join(root, 'tests/bench/schema_driver.cpp'),
    ...generated.map((f) => join(root, 'wasm/generated/schema', f)),
    ...core.map((f) => join(root, 'wasm/core', f)),
  ],
  [join(root, 'wasm/core'), join(root, 'wasm')],
);

// ---- timing ----------------------------------------------------------------------------------------
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpu = (fn) => {
  const t = process.cpuUsage();
  fn();
  const d = process.cpuUsage(t);
  return ((d.user + d.system) * 1000) / ITER;
};
function jsNs(name) {
  const b = inputs[name];
  let acc = 0;
  const ns = cpu(() => {
    for (let i = 0; i < ITER; i++) acc += log.decodeMessage(name, b).version;
  });
  if (acc !== { GroupMetadataValue: 4, TransactionLogValue: 0 }[name] * ITER) throw new Error('bench: wrong decode');
  return ns;
}
// The wasm call alone: schemaDecode on bytes already in the heap of an instance of its own.
const glue = await import('../../wasm/dist/coordination_log.js');
const M = await instantiate(
  {},
  glue.default,
  () => import('../../wasm/dist/coordination_log.bytes.js'),
  (m) => m,
  'bench',
);
const ids = Object.fromEntries(MESSAGES.map((m, id) => [m.name, id]));
const inHeap = Object.fromEntries(
  Object.entries(inputs).map(([name, b]) => {
    const p = M._malloc(b.length);
    M.HEAPU8.set(b, p);
    return [name, [p, b.length]];
  }),
);
function wasmNs(name) {
  const [p, n] = inHeap[name];
  const id = ids[name];
  let fails = 0;
  const ns = cpu(() => {
    for (let i = 0; i < ITER; i++) fails += M.schemaDecode(id, p, n, -1, false) === 0 ? 1 : 0;
  });
  if (fails) throw new Error('bench: wrong wasm decode');
  return ns;
}
const names = ['GroupMetadataValue', 'TransactionLogValue'];
for (const name of names) {
  jsNs(name);
  wasmNs(name);
}
const nat = { GroupMetadataValue: [], TransactionLogValue: [] };
const wasm = { GroupMetadataValue: [], TransactionLogValue: [] };
const api = { GroupMetadataValue: [], TransactionLogValue: [] };
for (let r = 0; r < RUNS; r++) {
  const n = JSON.parse(
    execFileSync(exe, [files.GroupMetadataValue, files.TransactionLogValue, String(ITER)], { encoding: 'utf8' }),
  );
  nat.GroupMetadataValue.push(n.groupNs);
  nat.TransactionLogValue.push(n.transactionNs);
  for (const name of names) {
    wasm[name].push(wasmNs(name));
    api[name].push(jsNs(name));
  }
}

// ---- report ----------------------------------------------------------------------------------------
const us = (ns) => `${(ns / 1000).toFixed(2)} µs`;
const ratio = (a, b) => median(a.map((x, i) => x / b[i]));
const date = new Date().toISOString().slice(0, 10);
const lines = ['## Schema-generated decoders', ''];
lines.push(
  `Measured ${date} by \`node tests/bench/schema.mjs\` on ${os.cpus()[0].model.trim()} (${os.cpus().length} cores, shared with other jobs; load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(
      ' ',
    )} at the end), Node ${process.versions.node}, Emscripten 3.1.6 build of wasm/dist. The messages: a GroupMetadataValue v4 (flexible) of a 100-member group, each member with a 60-byte subscription and a 90-byte assignment (${inputs.GroupMetadataValue.length} bytes); a TransactionLogValue v0 over 10 topics of 5 partitions (${inputs.TransactionLogValue.length} bytes). CPU time of the process, median of ${RUNS} interleaved runs of ${ITER.toLocaleString('en-US')} decodes each; a ratio is the median of the per-run ratios.`,
  '',
  '| message | native decode (NullSink, into a kept Decoded) | wasm call alone (schemaDecode) | wasm / native | JS API (decodeMessage: objects built) | JS API / native |',
  '|---|---|---|---|---|---|',
);
for (const name of names)
  lines.push(
    `| ${name} | ${us(median(nat[name]))} | ${us(median(wasm[name]))} | ${ratio(wasm[name], nat[name]).toFixed(2)}x | ${us(median(api[name]))} | ${ratio(api[name], nat[name]).toFixed(2)}x |`,
  );
const gz = (f) => {
  const b = readFileSync(join(root, 'wasm/dist', f));
  return `${b.length.toLocaleString('en-US')} B raw, ${gzipSync(b, { level: 9 }).length.toLocaleString('en-US')} B gzip`;
};
lines.push(
  '',
  "What each side does. Native: `decodeGroupMetadataValue` / `decodeTransactionLogValue` with tree::NullSink into a Decoded kept across calls (its arenas keep their memory: no allocation once grown), the generated code compiled -O2 as in the wasm build. The wasm call alone: the same decode through the Embind entry `schemaDecode` (numbers in and out) on bytes already in the heap, plus the block it fills. JS API: copy the bytes into the heap, that call, then the generated readers build the objects (one per member, strings from the heap, the members' bytes as views into one copy of the input, bigint for int64).",
  '',
  `Module size (wasm/dist): coordination_log.wasm ${gz('coordination_log.wasm')}; coordination_log.js ${gz('coordination_log.js')} (gzip -9). Before the schema entry (the state of main at 80834a8, where this work branched, without schema_bindings.cpp; what main added since, such as the record budget, is in the figures above too): coordination_log.wasm 222,615 B raw, 88,632 B gzip; coordination_log.js 18,266 B raw, 6,980 B gzip.`,
  '',
);
const section = lines.join('\n');
console.log(section);
if (!process.env.BENCH_NO_WRITE) writeSection('Schema-generated decoders', section);
