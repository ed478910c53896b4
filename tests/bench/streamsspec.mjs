// node tests/bench/streamsspec.mjs (npm run bench:streamsspec): SubscriptionInfo and AssignmentInfo
// decoded natively by the hand-written decoder and by the decoders generated from
// wasm/core/streams/specs, tests/bench/streamsspec_driver.cpp (g++ -O2, as the wasm build compiles
// the core), interleaved runs, CPU time, medians. Not a test. Writes the "## SubscriptionInfo:
// generated vs hand-written" and "## AssignmentInfo: generated vs hand-written" sections of
// BENCHMARKS.md.
// The subscriptions: golden's v4 and v11 (golden/subscription.json: a few tasks, an endpoint, v11's
// named topology and client tags), and a v11 of 500 task offset sums (a member of a large
// application: half running, half standby; the derivation of the task lists weighs most).
// The assignments: golden's v4 and v11 (golden/assignment.json: a few tasks and hosts; v11's topic
// dictionary and named topologies), and a v11 a member of a 100-instance application gets (every
// host's active and standby partitions over 10 topics by the dictionary: the map weighs most).
// Env: BENCH_RUNS (default 9), BENCH_NO_WRITE=1 (print only).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import os from 'node:os';
import { writeSection } from './benchmarks-md.mjs';
import { buildDriver } from './native.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS || 9);
const outDir = join(root, 'build-bench');
mkdirSync(outDir, { recursive: true });

const golden = {
  subscription: JSON.parse(readFileSync(join(root, 'golden/subscription.json'), 'utf8')),
  assignment: JSON.parse(readFileSync(join(root, 'golden/assignment.json'), 'utf8')),
};
const goldenBytes = (id) => Buffer.from(golden[id.split('/')[0]].vectors.find((v) => v.id === id).hex, 'hex');

// Big-endian ints and Java's strings, appended to `parts`.
const writer = (parts) => {
  const int = (v, width = 4) => {
    const b = Buffer.alloc(width);
    if (width === 8) b.writeBigInt64BE(v);
    else if (width === 2) b.writeUInt16BE(v);
    else b.writeInt32BE(v);
    parts.push(b);
  };
  // DataOutput.writeUTF of an ASCII text.
  const utf = (text) => {
    int(text.length, 2);
    parts.push(Buffer.from(text));
  };
  return { int, utf };
};

// A v11 subscription of `n` task offset sums (SubscriptionInfoData's non-flexible layout).
function largeV11(n) {
  const parts = [];
  const i32 = (v) => {
    const b = Buffer.alloc(4);
    b.writeInt32BE(v);
    parts.push(b);
  };
  const bytes = (text) => {
    i32(Buffer.byteLength(text));
    parts.push(Buffer.from(text));
  };
  i32(11);
  i32(11);
  parts.push(Buffer.from('0123456789abcdeffedcba9876543210', 'hex'));
  bytes('streams-42.example.com:8080');
  i32(n);
  for (let k = 0; k < n; k++) {
    i32(k % 25);
    i32(Math.floor(k / 25));
    const sum = Buffer.alloc(8);
    sum.writeBigInt64BE(k % 2 ? BigInt(1_000_000 + k) : -2n);
    parts.push(sum, Buffer.from([0xff, 0xff])); // the sum, a null named topology
  }
  parts.push(Buffer.from([7]));
  i32(0);
  i32(3);
  for (const [key, value] of [
    ['zone', 'eu-west-1a'],
    ['rack', 'r7'],
    ['cluster', 'blue'],
  ]) {
    bytes(key);
    bytes(value);
  }
  return Buffer.concat(parts);
}

// A v11 assignment of one member among `hosts` instances: 6 active and 6 standby tasks of its
// own (named topology "app"), and every host's 6 active and 6 standby partitions over 10 topics of
// the dictionary.
function largeAssignmentV11(hosts) {
  const parts = [];
  const { int, utf } = writer(parts);
  const task = (k) => {
    int(k % 5);
    int(Math.floor(k / 5));
    int(3);
    parts.push(Buffer.from('\0a\0p\0p', 'latin1'));
  };
  const topic = (k) => `streams-app-KSTREAM-AGGREGATE-STATE-STORE-${String(k).padStart(10, '0')}-changelog`;
  int(11);
  int(11);
  int(6);
  for (let k = 0; k < 6; k++) task(k);
  int(6);
  for (let k = 0; k < 6; k++) {
    task(6 + k);
    int(1);
    utf(topic(k % 10));
    int(k);
  }
  int(10);
  for (let k = 0; k < 10; k++) {
    int(k);
    utf(topic(k));
  }
  for (let map = 0; map < 2; map++) {
    int(hosts);
    for (let h = 0; h < hosts; h++) {
      utf(`10.1.${Math.floor(h / 250)}.${h % 250}`);
      int(8080);
      int(6);
      for (let p = 0; p < 6; p++) {
        int((h + p) % 10);
        int(h * 6 + p);
      }
    }
  }
  int(0);
  int(1_700_000_000_000n, 8);
  return Buffer.concat(parts);
}

const subscriptions = [
  { name: 'v4, golden (2 + 1 tasks)', iterations: 400000, bytes: goldenBytes('subscription/valid/v4') },
  {
    name: 'v11, golden (3 offset sums, 2 client tags)',
    iterations: 200000,
    bytes: goldenBytes('subscription/valid/v11'),
  },
  { name: 'v11, 500 offset sums', iterations: 4000, bytes: largeV11(500) },
];
const assignments = [
  { name: 'v4, golden (2 + 1 tasks, 2 hosts)', iterations: 200000, bytes: goldenBytes('assignment/valid/v4') },
  {
    name: 'v11, golden (a dictionary, named topologies)',
    iterations: 100000,
    bytes: goldenBytes('assignment/valid/v11'),
  },
  { name: 'v11, 100 hosts x (6 + 6) partitions', iterations: 4000, bytes: largeAssignmentV11(100) },
];
const inputs = [
  ...subscriptions.map((input) => ({ ...input, target: 's' })),
  ...assignments.map((input) => ({ ...input, target: 'a' })),
];
const files = inputs.map((input, i) => {
  const f = join(outDir, `streamsspec-${i}.bin`);
  writeFileSync(f, input.bytes);
  return f;
});

const exe = join(outDir, 'streamsspec_driver');
const core = [
  'streams/streams.cpp',
  'streams/messages.cpp',
  'streams/streams_records.cpp',
  'streams/spec_decoder.cpp',
  'schema/decoding.cpp',
  'coordination/codec.cpp',
  'coordination/errors.cpp',
  'wire/utf8.cpp',
  'wire/java_text.cpp',
];
buildDriver(
  exe,
  [
    join(root, 'tests/bench/streamsspec_driver.cpp'),
    join(root, 'wasm/generated/schema/streams.cpp'),
    ...core.map((f) => join(root, 'wasm/core', f)),
  ],
  [join(root, 'wasm/core'), join(root, 'wasm')],
);

const load = () => os.loadavg()[0].toFixed(1);
const loadBefore = load();
const out = JSON.parse(
  execFileSync(
    exe,
    [String(RUNS), ...inputs.flatMap((input, i) => [input.target, files[i], String(input.iterations)])],
    {
      encoding: 'utf8',
    },
  ),
);
const loadAfter = load();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const micro = (ns) =>
  ns >= 10_000 ? `${(ns / 1000).toFixed(0)} us` : ns >= 1000 ? `${(ns / 1000).toFixed(2)} us` : `${ns.toFixed(0)} ns`;
// Generated / hand-written per run: its median and range.
const ratio = (generated, hand) => {
  const rs = hand.map((h, k) => generated[k] / h);
  return `${median(rs).toFixed(2)}x (${Math.min(...rs).toFixed(2)}-${Math.max(...rs).toFixed(2)}x)`;
};
const rows = out.map((r, i) => ({
  name: inputs[i].name,
  bytes: inputs[i].bytes.byteLength,
  cells: [
    micro(median(r.flat)),
    micro(median(r.alone)),
    ratio(r.alone, r.flat),
    micro(median(r.records)),
    micro(median(r.generated)),
    ratio(r.generated, r.records),
  ],
}));
for (const r of rows) console.log(`${r.name} (${r.bytes} B): ${r.cells.join(' | ')}`);
console.log(`load average ${loadBefore} before, ${loadAfter} after`);

if (!process.env.BENCH_NO_WRITE) {
  const date = new Date().toISOString().slice(0, 10);
  const how = `\`node tests/bench/streamsspec.mjs\` (${date}, ${RUNS} interleaved runs, CPU time, medians; load average ${loadBefore} before, ${loadAfter} after, 2 cores shared)`;
  const table = (target) =>
    rows
      .filter((r, i) => inputs[i].target === target)
      .map((r) => `| ${r.name} | ${r.bytes.toLocaleString('en-US')} | ${r.cells.join(' | ')} |`)
      .join('\n');
  writeSection(
    'SubscriptionInfo: generated vs hand-written',
    `## SubscriptionInfo: generated vs hand-written

${how}. Kafka Streams subscriptions decoded natively (g++ -O2) by the hand-written decoder and by the decoder generated from \`wasm/core/streams/specs\`, two by two: the flat record the wasm boundary takes (\`decodeFlat\` into a kept \`FlatRecord\`, words and UTF-16 texts, v7+ task lists derived) against the generated decode alone (into a kept \`SubscriptionInfoDecoded\`: no derivation, texts as slices); the C++ records (\`decodeSubscription\`) against the generated decoder behind the same \`SubscriptionInfo\` (\`streams/spec_decoder.h\`). Ratio: generated / hand-written, per run (the range over the runs). The decision it made: \`wasm/core/streams/README.md\`.

| subscription | bytes | flat (hand) | generated alone | alone / flat | records (hand) | generated records | generated / hand |
| --- | --- | --- | --- | --- | --- | --- | --- |
${table('s')}
`,
  );
  writeSection(
    'AssignmentInfo: generated vs hand-written',
    `## AssignmentInfo: generated vs hand-written

${how}, in the same runs as the subscriptions above. Kafka Streams assignments, the same four ways: the flat record (\`decodeFlat\`: words and UTF-16 texts, a topic seen again the same text, each partition's topic resolved in the dictionary) against the generated decode alone (into a kept \`AssignmentInfoDecoded\`: texts as slices of the input, readUTF's check of each, each index resolved to its dictionary entry); the C++ records (\`decodeAssignment\`) against the generated decoder behind the same \`AssignmentInfo\` (\`streams/spec_decoder.h\`: every text a Java String). Ratio: generated / hand-written, per run (the range over the runs). The decision it made: \`wasm/core/streams/README.md\`.

| assignment | bytes | flat (hand) | generated alone | alone / flat | records (hand) | generated records | generated / hand |
| --- | --- | --- | --- | --- | --- | --- | --- |
${table('a')}
`,
  );
}
