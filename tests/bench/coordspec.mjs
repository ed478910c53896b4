// node tests/bench/coordspec.mjs (npm run bench:coordspec): the coordination records' decode, the hand-written fast path
// (decoder.h with the NullSink, behind decodeKeyView/decodeRegistrationView/decodeLeaseView)
// against the decoder generated from wasm/core/coordination/specs behind the same views
// (coordination/spec_decoder.h), natively (tests/bench/coordspec_driver.cpp, g++ -O2, as the wasm
// build compiles the core), interleaved runs, CPU time, medians. Not a test. Writes the
// "## Coordination records: generated vs hand-written" section of BENCHMARKS.md.
// The records: a registration key (a 24-byte role, a 36-byte member), a registration, a lease.
// Env: BENCH_RUNS (default 9), BENCH_ITERATIONS (default 2000000), BENCH_NO_WRITE=1 (print only).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import os from 'node:os';
import { writeSection } from './benchmarks-md.mjs';
import { buildDriver } from './native.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS || 9);
const ITER = Number(process.env.BENCH_ITERATIONS || 2_000_000);
const outDir = join(root, 'build-bench');
mkdirSync(outDir, { recursive: true });

// ---- bytes (the frozen layouts, golden/README.md) -----------------------------------------------
const i16 = (v) => [(v >> 8) & 0xff, v & 0xff];
const i64 = (v) => {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(BigInt(v));
  return [...b];
};
const str = (s) => {
  const b = Buffer.from(s, 'utf8');
  return [...i16(b.length), ...b];
};
const role = 'orders-shard-coordinator';
const member = 'member-3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e';
const records = {
  key: [...i16(0), ...i16(0), ...str(role), ...str(member)],
  registration: [...i16(0), ...str(member), ...i64(1_700_000_000_000)],
  lease: [
    ...i16(0),
    ...str(member),
    ...i64(123456789),
    ...i16(7),
    ...i64(1_700_000_000_000),
    ...i64(1_700_000_030_000),
  ],
};
const files = Object.fromEntries(
  Object.entries(records).map(([name, bytes]) => {
    const file = join(outDir, `coordspec-${name}.bin`);
    writeFileSync(file, Uint8Array.from(bytes));
    return [name, file];
  }),
);

const exe = join(outDir, 'coordspec_driver');
const core = [
  'coordination/codec.cpp',
  'coordination/errors.cpp',
  'coordination/inspect.cpp',
  'coordination/spec_decoder.cpp',
  'schema/decoding.cpp',
  'wire/utf8.cpp',
  'wire/java_text.cpp',
];
buildDriver(
  exe,
  [
    join(root, 'tests/bench/coordspec_driver.cpp'),
    join(root, 'wasm/generated/schema/coordination.cpp'),
    ...core.map((f) => join(root, 'wasm/core', f)),
  ],
  [join(root, 'wasm/core'), join(root, 'wasm')],
);

const load = () => os.loadavg()[0].toFixed(1);
const loadBefore = load();
const out = JSON.parse(
  execFileSync(exe, [files.key, files.registration, files.lease, String(ITER), String(RUNS)], { encoding: 'utf8' }),
);
const loadAfter = load();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = Object.entries(out).map(([name, { hand, generated, alone }]) => {
  const ratios = hand.map((h, i) => generated[i] / h);
  return {
    name,
    bytes: records[name].length,
    hand: median(hand),
    generated: median(generated),
    alone: median(alone),
    aloneRatio: median(hand.map((h, i) => alone[i] / h)),
    ratio: median(ratios),
    low: Math.min(...ratios),
    high: Math.max(...ratios),
  };
});
for (const r of rows)
  console.log(
    `${r.name} (${r.bytes} B): hand-written ${r.hand.toFixed(1)} ns, generated ${r.generated.toFixed(1)} ns, ` +
      `generated/hand ${r.ratio.toFixed(2)}x (runs ${r.low.toFixed(2)}-${r.high.toFixed(2)}x); ` +
      `the generated decode alone ${r.alone.toFixed(1)} ns (${r.aloneRatio.toFixed(2)}x)`,
  );
console.log(`load average ${loadBefore} before, ${loadAfter} after`);

if (!process.env.BENCH_NO_WRITE) {
  const date = new Date().toISOString().slice(0, 10);
  const table = rows
    .map(
      (r) =>
        `| ${r.name} | ${r.bytes} | ${r.hand.toFixed(1)} | ${r.generated.toFixed(1)} | ${r.ratio.toFixed(2)}x (${r.low.toFixed(2)}-${r.high.toFixed(2)}x) | ${r.alone.toFixed(1)} (${r.aloneRatio.toFixed(2)}x) |`,
    )
    .join('\n');
  writeSection(
    'Coordination records: generated vs hand-written',
    `## Coordination records: generated vs hand-written

\`node tests/bench/coordspec.mjs\` (${date}, ${RUNS} interleaved runs of ${ITER.toLocaleString('en-US')} decodes, CPU time, medians; load average ${loadBefore} before, ${loadAfter} after, 2 cores shared). One valid record of each kind decoded natively (g++ -O2) by the hand-written fast path (\`decoder.h\` with the NullSink, behind \`decodeKeyView\`/\`decodeRegistrationView\`/\`decodeLeaseView\`) and by the decoder generated from \`wasm/core/coordination/specs\` behind the same views (\`coordination/spec_decoder.h\`: the generated decode into kept \`Decoders\`, the key's member rule, the view). Ratio: generated / hand-written, per run (the range over the runs). Last column: the generated \`decode<Name>\` alone, without the hand-written lines around it. The decision it made: \`wasm/core/coordination/README.md\`.

| record | bytes | hand-written ns | generated ns | generated / hand-written | generated decode alone ns |
| --- | --- | --- | --- | --- | --- |
${table}
`,
  );
}
