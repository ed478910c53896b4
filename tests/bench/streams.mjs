// node tests/bench/streams.mjs: decodeSubscription / decodeAssignment of a 30-task Kafka Streams
// member, through the wasm JS API and natively (tests/bench/streams_driver.cpp, g++ -O2: the C++
// records, and the flat record alone) on the same bytes, interleaved runs, medians. Not a test.
// Writes the "## Kafka Streams metadata" section of BENCHMARKS.md (goal: the JS API within 2x of
// the native decode into the C++ records).
// The member: version 4; subscription with 30 previous active tasks, 10 standby tasks and a user
// endpoint; assignment with 30 active tasks, 10 standby tasks of 3 partitions each, and 6 hosts of
// 30 partitions each (the partitions_by_host map every member receives). And the same assignment
// at version 11, as Kafka 3.2-3.9 write it: task ids with an empty named topology (count 0), the
// hosts' topics by index of a topic dictionary, 6 standby hosts of 30 partitions, the next
// rebalance time.
// Env: BENCH_RUNS (default 7), BENCH_ITERATIONS (default 100000), BENCH_NO_WRITE=1 (print only).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { writeSection } from './benchmarks-md.mjs';
import { limit } from './goals.mjs';
import { buildDriver } from './native.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS || 7);
const ITER = Number(process.env.BENCH_ITERATIONS || 100_000);
const outDir = join(root, 'build-bench');
mkdirSync(outDir, { recursive: true });
if (!existsSync(join(root, 'wasm/dist/coordination_codec.wasm'))) {
  console.error('bench: wasm/dist is missing; run `npm run build:wasm` first');
  process.exit(1);
}
const { loadCodec } = await import('../../wasm/api/index.js');
const codec = await loadCodec();

// ---- bytes (written here with Buffer, as Kafka 2.3.0's encoders lay them out) ---------------------
const i32 = (v) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(v);
  return b;
};
const utf = (s) => {
  const b = Buffer.from(s, 'utf8');
  return Buffer.concat([Buffer.from([b.length >> 8, b.length & 255]), b]);
};
const tasks = (n, group) =>
  Buffer.concat([i32(n), ...Array.from({ length: n }, (_, i) => Buffer.concat([i32(group + (i % 3)), i32(i)]))]);
const parts = (n, topic) =>
  Buffer.concat([i32(n), ...Array.from({ length: n }, (_, i) => Buffer.concat([utf(`${topic}-${i % 3}`), i32(i)]))]);
const endpoint = Buffer.from('streams-app-7.prod.example.com:8080');
const subscription = new Uint8Array(
  Buffer.concat([
    i32(4),
    i32(4),
    Buffer.from('0123456789abcdeffedcba9876543210', 'hex'),
    tasks(30, 0),
    tasks(10, 1),
    i32(endpoint.length),
    endpoint,
  ]),
);
const assignment = new Uint8Array(
  Buffer.concat([
    i32(4),
    i32(4),
    tasks(30, 0),
    i32(10),
    ...Array.from({ length: 10 }, (_, i) => Buffer.concat([i32(1), i32(i), parts(3, 'orders-changelog')])),
    i32(6),
    ...Array.from({ length: 6 }, (_, h) =>
      Buffer.concat([utf(`streams-app-${h}.prod.example.com`), i32(8080), parts(30, 'orders')]),
    ),
    i32(0),
  ]),
);
// Version 11 (3.8.0's AssignmentInfo.encode): a task id is followed by its named topology's char
// count (0: none); the hosts name their topics by index of a dictionary of the six topics.
const TOPICS = ['orders-0', 'orders-1', 'orders-2', 'orders-changelog-0', 'orders-changelog-1', 'orders-changelog-2'];
const tasks11 = (n, group) =>
  Buffer.concat([
    i32(n),
    ...Array.from({ length: n }, (_, i) => Buffer.concat([i32(group + (i % 3)), i32(i), i32(0)])),
  ]);
const indexed = (n, first) =>
  Buffer.concat([i32(n), ...Array.from({ length: n }, (_, i) => Buffer.concat([i32(first + (i % 3)), i32(i)]))]);
const hosts11 = (first) =>
  Buffer.concat([
    i32(6),
    ...Array.from({ length: 6 }, (_, h) =>
      Buffer.concat([utf(`streams-app-${h}.prod.example.com`), i32(8080), indexed(30, first)]),
    ),
  ]);
const NEXT_REBALANCE = 1700000000000n;
const nextRebalance = Buffer.alloc(8);
nextRebalance.writeBigInt64BE(NEXT_REBALANCE);
const assignment11 = new Uint8Array(
  Buffer.concat([
    i32(11),
    i32(11),
    tasks11(30, 0),
    i32(10),
    ...Array.from({ length: 10 }, (_, i) => Buffer.concat([i32(1), i32(i), i32(0), parts(3, 'orders-changelog')])),
    i32(TOPICS.length),
    ...TOPICS.map((t, i) => Buffer.concat([i32(i), utf(t)])),
    hosts11(0),
    hosts11(3),
    i32(0),
    nextRebalance,
  ]),
);
// the decoded records are checked once, so the loops time real decodes
const s0 = codec.decodeSubscription(subscription);
const a0 = codec.decodeAssignment(assignment);
const taskList = (n, group) => Array.from({ length: n }, (_, i) => ({ topicGroupId: group + (i % 3), partition: i }));
const partList = (n, topic) => Array.from({ length: n }, (_, i) => ({ topic: `${topic}-${i % 3}`, partition: i }));
assert.deepStrictEqual(s0, {
  version: 4,
  latestSupportedVersion: 4,
  processId: '01234567-89ab-cdef-fedc-ba9876543210',
  prevTasks: taskList(30, 0),
  standbyTasks: taskList(10, 1),
  userEndPoint: endpoint.toString(),
  probing: false,
});
assert.deepStrictEqual(a0, {
  version: 4,
  latestSupportedVersion: 4,
  activeTasks: taskList(30, 0),
  standbyTasks: Array.from({ length: 10 }, (_, i) => ({
    task: { topicGroupId: 1, partition: i },
    partitions: partList(3, 'orders-changelog'),
  })),
  partitionsByHost: Array.from({ length: 6 }, (_, h) => ({
    host: `streams-app-${h}.prod.example.com`,
    port: 8080,
    partitions: partList(30, 'orders'),
  })),
  errorCode: 0,
});
const named = (t) => ({ ...t, namedTopology: null });
const hostList = (topic) =>
  Array.from({ length: 6 }, (_, h) => ({
    host: `streams-app-${h}.prod.example.com`,
    port: 8080,
    partitions: partList(30, topic),
  }));
assert.deepStrictEqual(codec.decodeAssignment(assignment11), {
  version: 11,
  latestSupportedVersion: 11,
  activeTasks: taskList(30, 0).map(named),
  standbyTasks: Array.from({ length: 10 }, (_, i) => ({
    task: named({ topicGroupId: 1, partition: i }),
    partitions: partList(3, 'orders-changelog'),
  })),
  partitionsByHost: hostList('orders'),
  standbyPartitionsByHost: hostList('orders-changelog'),
  errorCode: 0,
  nextRebalanceMs: NEXT_REBALANCE,
});
const subFile = join(outDir, 'streams-subscription.bin');
const asgFile = join(outDir, 'streams-assignment.bin');
const asg11File = join(outDir, 'streams-assignment11.bin');
writeFileSync(subFile, subscription);
writeFileSync(asgFile, assignment);
writeFileSync(asg11File, assignment11);

const exe = join(outDir, 'streams_driver');
const srcs = [
  'wire/java_text.cpp',
  'wire/utf8.cpp',
  'coordination/errors.cpp',
  'streams/streams.cpp',
  'streams/messages.cpp',
  'streams/streams_records.cpp',
].map((f) => join(root, 'wasm/core', f));
buildDriver(exe, [join(root, 'tests/bench/streams_driver.cpp'), ...srcs], [join(root, 'wasm/core')]);

// ---- timing ----------------------------------------------------------------------------------------
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function jsNs(decode, bytes, version) {
  let acc = 0;
  // CPU time (user + system) of the process, as the native driver measures: on a shared machine
  // wall time would count the waits for a core.
  const t0 = process.cpuUsage();
  for (let i = 0; i < ITER; i++) acc += decode(bytes).version;
  const t = process.cpuUsage(t0);
  const ns = ((t.user + t.system) * 1000) / ITER;
  if (acc !== version * ITER) throw new Error('bench: wrong decode');
  return ns;
}
const decodeSub = (b) => codec.decodeSubscription(b);
const decodeAsg = (b) => codec.decodeAssignment(b);
// The wasm call alone: the core's decoder into its flat record (what decodeFlat does natively),
// on bytes already in the heap of a module instance of its own, no JS objects.
const glue = await import('../../wasm/dist/coordination_codec.js');
const M = await glue.default({ wasmBinary: readFileSync(join(root, 'wasm/dist/coordination_codec.wasm')) });
const inHeap = [subscription, assignment, assignment11].map((b) => {
  const p = M._malloc(b.length);
  M.HEAPU8.set(b, p);
  return [p, b.length];
});
// which: 0 the subscription, 1 the assignment, 2 the version 11 assignment.
function wasmNs(which) {
  const target = Math.min(which, 1);
  const [p, n] = inHeap[which];
  let fails = 0;
  const t0 = process.cpuUsage();
  for (let i = 0; i < ITER; i++) fails += M._cv_streams_decode(target, p, n, 0);
  const t = process.cpuUsage(t0);
  if (fails !== 0) throw new Error('bench: wrong wasm decode');
  return ((t.user + t.system) * 1000) / ITER;
}
const KEYS = ['s', 'a', 'a11'];
const BYTES = { s: subscription, a: assignment, a11: assignment11 };
const DECODE = { s: decodeSub, a: decodeAsg, a11: decodeAsg };
for (const k of KEYS) jsNs(DECODE[k], BYTES[k], k === 'a11' ? 11 : 4);
for (let w = 0; w < 3; w++) wasmNs(w);
const series = () => ({ s: [], a: [], a11: [] });
const nat = series();
const flat = series();
const wasm = series();
const api = series();
const ratio = series();
const wasmRatio = series();
for (let r = 0; r < RUNS; r++) {
  const n = JSON.parse(execFileSync(exe, [subFile, asgFile, asg11File, String(ITER)], { encoding: 'utf8' }));
  nat.s.push(n.subscriptionNs);
  nat.a.push(n.assignmentNs);
  nat.a11.push(n.assignment11Ns);
  flat.s.push(n.subscriptionFlatNs);
  flat.a.push(n.assignmentFlatNs);
  flat.a11.push(n.assignment11FlatNs);
  KEYS.forEach((k, w) => wasm[k].push(wasmNs(w)));
  for (const k of KEYS) {
    api[k].push(jsNs(DECODE[k], BYTES[k], k === 'a11' ? 11 : 4));
    ratio[k].push(api[k][r] / nat[k][r]);
    wasmRatio[k].push(wasm[k][r] / flat[k][r]);
  }
}

// ---- report ----------------------------------------------------------------------------------------
const us = (ns) => `${(ns / 1000).toFixed(2)} µs`;
const GOAL = limit('streams-api-over-native');
const goal = (x) => `${x.toFixed(Math.abs(x - GOAL) < 0.005 ? 3 : 2)}x (${x <= GOAL ? 'met' : 'MISSED'})`;
const date = new Date().toISOString().slice(0, 10);
const NAMES = { s: 'decodeSubscription', a: 'decodeAssignment', a11: 'decodeAssignment, version 11' };
const rows = KEYS.map((k) => [
  NAMES[k],
  BYTES[k].length,
  median(flat[k]),
  median(wasm[k]),
  median(wasmRatio[k]),
  median(nat[k]),
  median(api[k]),
  median(ratio[k]),
]);
const lines = ['## Kafka Streams metadata', ''];
lines.push(
  `Measured ${date} by \`node tests/bench/streams.mjs\` on ${os.cpus()[0].model.trim()} (${os.cpus().length} cores, shared with other jobs; load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(
      ' ',
    )} at the end), Node ${process.versions.node}, Emscripten 3.1.6 build of wasm/dist. One 30-task member, version 4: the subscription has 30 previous active tasks, 10 standby tasks and a 35-byte user endpoint; the assignment has 30 active tasks, 10 standby tasks of 3 partitions and 6 hosts of 30 partitions (topics written with writeUTF). The same assignment at version 11, as Kafka 3.2-3.9 write it: task ids with an empty named topology (char count 0), the hosts' topics by index of a dictionary of 6 topics, 6 standby hosts of 30 partitions more, and the next rebalance time. CPU time of the process (not wall time: the machine is shared), median of ${RUNS} interleaved runs of ${ITER.toLocaleString('en-US')} decodes each (native, the wasm call alone, then the JS API); a ratio is the median of the per-run ratios.`,
  '',
);
lines.push(
  `| decode | bytes | native flat record (decodeFlat) | wasm call alone (the same decodeFlat) | wasm / native | native C++ records | JS API through wasm (objects built) | JS API / native C++ records (goal <= ${GOAL}x) |`,
);
lines.push('|---|---|---|---|---|---|---|---|');
for (const [name, bytes, f, w, wx, n, a, x] of rows)
  lines.push(`| ${name} | ${bytes} | ${us(f)} | ${us(w)} | ${wx.toFixed(2)}x | ${us(n)} | ${us(a)} | ${goal(x)} |`);
lines.push(
  '',
  "What each side does. Native C++ records: `decodeSubscription` / `decodeAssignment` of the C++ API, which run the core's one decoder into its flat record (int32 words, a text table, UTF-16 units; buffers made for the call) and then build the C++ records from it (`std::vector<TaskId>`, `std::u16string` topics and hosts), destroyed each time: a decode into owned objects, as the JS API's is. Native flat record: the same decoder into a flat record kept across calls, which is exactly what the wasm call does; the wasm call alone times that call (`_cv_streams_decode`, wasm/bindings/bindings.cpp) on bytes already in the heap of a module instance of its own, the same code compiled by Emscripten, so wasm / native compares the one decoder on both targets. JS API: copy the bytes into the wasm heap, that decoder (-O2 in the wasm build) in one call, then wasm/api/index.js builds the objects (one object per task and topic partition, each text of the flat record made into a string once: a writeUTF string that repeats a recent one is the same text).",
  '',
  "Where the subscription's time goes (2026-12-01, measured apart from this script at a load average near 3: variants of index.js loaded side by side in one process, 15 interleaved rounds of 50,000 decodes, CPU time; the wasm call alone timed on bytes already in the heap): of about 0.54 µs, copying the bytes in and the argument checks about 0.06 µs, the wasm call about 0.10 µs (0.03 µs of it fixed: a subscription above version 11, read for probing, costs that), the two strings (36 and 35 units, one fromCharCode call for the UUID, pieces of 16 for the endpoint) about 0.15 µs, and the 40 task objects, their two arrays, the record and the garbage collection of it all about 0.23 µs. What was taken out (commits of branch subscription): the 80 big-endian task words the wasm wrote and JavaScript read back (a task list is now its count and its offset in the input, read through a DataView made once per heap buffer: wasm call 0.13 -> 0.10 µs with the next item), and the UUID's text in the wasm (made in one fromCharCode call from the 16 input bytes: a 256-entry table of two-digit strings joined was 2.5x slower, TextDecoder slower still for strings this short). The objects and strings alone cost more than the whole native decode into C++ records (which builds two std::vector and one std::u16string), so the ratio moves with the load: the JavaScript side suffers more from a shared core than the native loop.",
  '',
  "The assignment's wasm call (2026-12-01, the wasm call alone column, added then): its decoder finds a topic it decoded a moment ago by comparing the bytes, and that comparison was a memcmp call, a byte loop in the wasm build's libc (natively glibc's vector code): the wasm decode was 2.3-2.4x native (4.7-5.3 µs). With the comparison 8 bytes at a time (wire/words.h, shared with the interner and the ProduceRequest's text numbering) it is 1.7-1.9x (3.5-4.1 µs), and the JS API's assignment 7.5-8.9 -> 6.4-7.6 µs.",
  '',
  "AssignmentInfo versions 5-11 (2026-12-01, branch asg, issue 20), measured by this script before and after at load averages of 11 and 25 (other jobs' builds): the version 4 assignment's native flat record 4.59 -> 4.76 µs, wasm call 7.55 -> 7.68 µs, native C++ records 24.03 -> 24.19 µs, JS API 15.73 -> 16.92 µs, the same within the noise of such a load (versions 1-9 keep their path: a task list is still its count and its offset in the input). The version 11 row is new: each of its 360 partitions by host is resolved through the topic dictionary (a slot per index, as Kafka writes them 0 to n - 1) and each task is written as words (a v10+ task id has a named topology of its own length), so its wasm call is 1.9x native where version 4's is 1.6x. The run before these (load average near 1, in git history) measured the version 4 rows at about half these times: the assignment 2.01, 3.79, 11.19 and 7.13 µs, the subscription 0.05, 0.13, 0.40 and 0.54 µs (1.91x: met); the subscription's MISSED above is that load, its decoder is unchanged.",
  '',
);
const gz = (f) => {
  const b = readFileSync(join(root, 'wasm/dist', f));
  return `${b.length} bytes raw, ${gzipSync(b, { level: 9 }).length} gzip`;
};
lines.push(
  `Module size with the Streams decoders in (wasm/dist): coordination_codec.wasm ${gz('coordination_codec.wasm')}; coordination_codec.js ${gz('coordination_codec.js')} (gzip -9).`,
  '',
);
const section = lines.join('\n');
console.log(section);
if (!process.env.BENCH_NO_WRITE)
  writeSection('Kafka Streams metadata', section, {
    'streams-api-over-native': {
      value: Math.max(...rows.map((r) => r[7])),
      figure: rows.map((r) => `${r[0]} ${r[7].toFixed(2)}x`).join(', '),
    },
  });
