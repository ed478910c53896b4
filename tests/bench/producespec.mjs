// node tests/bench/producespec.mjs (npm run bench:producespec): ProduceRequest v3 decoded natively
// by the hand-written decoder (ProduceDecoder::decode, protocol/request_decoder.h with the
// NullSink) and by the decoder generated from wasm/core/protocol/specs behind the same
// ProduceRequest (protocol/spec_decoder.h), tests/bench/producespec_driver.cpp (g++ -O2, as the
// wasm build compiles the core), interleaved runs, CPU time, medians. Not a test. Writes the
// "## ProduceRequest v3: generated vs hand-written" section of BENCHMARKS.md.
// The requests (kafkajs's encoder, tests/node/produce-writer.mjs, size + header): bench:produce's
// 1 MB request (4 partitions of __coordination_state, 10,000 records: the record batches' work,
// shared, dominates); 20 topics x 10 partitions of one record each (the request's own structure
// weighs more); one record (the fixed cost of a decode).
// Env: BENCH_RUNS (default 9), BENCH_NO_WRITE=1 (print only).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { Compression, writeProduceRequest } from '../node/produce-writer.mjs';
import { coordinationMessage, coordinationPartitions } from './produce-input.mjs';
import { writeSection } from './benchmarks-md.mjs';
import { buildDriver } from './native.mjs';
import { runVersus, versusRows } from './versus.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS || 9);
const outDir = join(root, 'build-bench');
mkdirSync(outDir, { recursive: true });

const request = (topicData) =>
  writeProduceRequest({ acks: -1, timeout: 30000, compression: Compression.None, topicData }, 'size+header');
const inputs = [
  {
    name: '1 MB: 4 partitions x 2,500 records',
    iterations: 40,
    bytes: await request([
      {
        topic: '__coordination_state',
        partitions: coordinationPartitions(),
      },
    ]),
  },
  {
    name: '20 topics x 10 partitions x 1 record',
    iterations: 4000,
    bytes: await request(
      Array.from({ length: 20 }, (_, t) => ({
        topic: t === 0 ? '__coordination_state' : `orders-${t}`,
        partitions: Array.from({ length: 10 }, (_, p) => ({ partition: p, messages: [coordinationMessage(p, t)] })),
      })),
    ),
  },
  {
    name: '1 record',
    iterations: 400000,
    bytes: await request([
      { topic: '__coordination_state', partitions: [{ partition: 0, messages: [coordinationMessage(0, 1)] }] },
    ]),
  },
];

const exe = join(outDir, 'producespec_driver');
const core = [
  'protocol/produce.cpp',
  'protocol/spec_decoder.cpp',
  'protocol/framing.cpp',
  'protocol/coordination_records.cpp',
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
    join(root, 'tests/bench/producespec_driver.cpp'),
    join(root, 'wasm/generated/schema/protocol.cpp'),
    ...core.map((f) => join(root, 'wasm/core', f)),
  ],
  [join(root, 'wasm/core'), join(root, 'wasm')],
);

const { rows, loadBefore, loadAfter } = runVersus(exe, inputs, RUNS, outDir, 'producespec');

if (!process.env.BENCH_NO_WRITE) {
  const date = new Date().toISOString().slice(0, 10);
  const table = versusRows(rows);
  writeSection(
    'ProduceRequest v3: generated vs hand-written',
    `## ProduceRequest v3: generated vs hand-written

\`node tests/bench/producespec.mjs\` (${date}, ${RUNS} interleaved runs, CPU time, medians; load average ${loadBefore} before, ${loadAfter} after, 2 cores shared). Requests written by kafkajs (size, header v1, body), decoded natively (g++ -O2) by the hand-written decoder (\`ProduceDecoder::decode\`: \`protocol/request_decoder.h\` with the NullSink) and by the decoder generated from \`wasm/core/protocol/specs\` behind the same \`ProduceRequest\` (\`protocol/spec_decoder.h\`: the generated \`RequestHeader\` and \`ProduceRequest\` decodes into kept \`Decoders\`, the framing and the request's arrays by hand), both into one kept \`ProduceRequest\`. The record batches are parsed by the same code in both (\`readRecordSet\`). Ratio: generated / hand-written, per run (the range over the runs). The decision it made: \`wasm/core/protocol/README.md\`.

| request | bytes | hand-written | generated | generated / hand-written |
| --- | --- | --- | --- | --- |
${table}
`,
  );
}
