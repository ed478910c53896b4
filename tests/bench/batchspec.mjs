// node tests/bench/batchspec.mjs (npm run bench:batchspec): record batches v2 parsed natively by
// the hand-written parser (parseBatch, log/record_batch.h) and by the decoder generated from
// wasm/core/log/specs (batch_spec::parseBatch, log/spec_batch.h), tests/bench/batchspec_driver.cpp
// (g++ -O3, as the wasm build compiles the whole-topic sources), interleaved runs, CPU time,
// medians. Not a test. Writes the "## Record batches v2: generated vs hand-written" section of
// BENCHMARKS.md. The batches (kafkajs's encoder, tests/node/log-writer.mjs): 2,500 coordination
// records (bench:produce's records, tests/bench/produce-input.mjs) uncompressed and gzip (the
// inflating, shared, weighs), and one record (the fixed cost of a batch).
// Env: BENCH_RUNS (default 9), BENCH_NO_WRITE=1 (print only).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { Compression, writeBatch } from '../node/log-writer.mjs';
import { coordinationMessage } from './produce-input.mjs';
import { writeSection } from './benchmarks-md.mjs';
import { buildDriver } from './native.mjs';
import { runVersus, versusRows } from './versus.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS || 9);
const outDir = join(root, 'build-bench');
mkdirSync(outDir, { recursive: true });

const records = (n) => Array.from({ length: n }, (_, i) => coordinationMessage(0, i));
const inputs = [
  { name: '2,500 records', iterations: 400, bytes: await writeBatch({ baseOffset: 0, records: records(2500) }) },
  {
    name: '2,500 records, gzip',
    iterations: 100,
    bytes: await writeBatch({ baseOffset: 0, records: records(2500), compression: Compression.GZIP }),
  },
  { name: '1 record', iterations: 400000, bytes: await writeBatch({ baseOffset: 0, records: records(1) }) },
];

const exe = join(outDir, 'batchspec_driver');
const core = [
  'log/spec_batch.cpp',
  'log/record_batch.cpp',
  'log/batch_words.cpp',
  'schema/decoding.cpp',
  'coordination/codec.cpp',
  'coordination/errors.cpp',
  'wire/utf8.cpp',
  'wire/java_text.cpp',
  'wire/crc32.cpp',
  'wire/inflate.cpp',
];
buildDriver(
  exe,
  [
    join(root, 'tests/bench/batchspec_driver.cpp'),
    join(root, 'wasm/generated/schema/log.cpp'),
    ...core.map((f) => join(root, 'wasm/core', f)),
  ],
  [join(root, 'wasm/core'), join(root, 'wasm')],
  ['-O3'],
);

const { rows, loadBefore, loadAfter } = runVersus(exe, inputs, RUNS, outDir, 'batchspec');

if (!process.env.BENCH_NO_WRITE) {
  const date = new Date().toISOString().slice(0, 10);
  writeSection(
    'Record batches v2: generated vs hand-written',
    `## Record batches v2: generated vs hand-written

\`node tests/bench/batchspec.mjs\` (${date}, ${RUNS} interleaved runs, CPU time, medians; load average ${loadBefore} before, ${loadAfter} after, 2 cores shared). One batch v2 written by kafkajs, parsed natively (g++ -O3, the whole-topic sources' level) by the hand-written parser (\`parseBatch\`, \`log/record_batch.h\`) and by the decoder generated from \`wasm/core/log/specs\` (\`batch_spec::parseBatch\`, \`log/spec_batch.h\`: the generated \`RecordBatch\` decode, then a generated \`Record\` decode per record, into kept \`Decoders\`), both into one kept \`Batch\`. The CRC-32C and the inflating are the same code in both. Ratio: generated / hand-written, per run (the range over the runs). The decision it made: \`wasm/core/log/README.md\`.

| batch | bytes | hand-written | generated | generated / hand-written |
| --- | --- | --- | --- | --- |
${versusRows(rows)}
`,
  );
}
