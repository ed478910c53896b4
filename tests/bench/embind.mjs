// Embind against the lean exports (issue 19 item 3): the full codec module as shipped
// (coordination_codec: lean exports, results in static blocks) and the same module with its entry
// points declared through Embind (coordination_codec_embind: bindings.cpp with
// CV_ENTRY_POINTS_EMBIND, the Embind variant wasm/bindings/generate.mjs writes from the same
// description, plain numbers in and out), side by side: size (wasm + glue, gzip -9) and the cost of one call,
// for a call that does nothing (cv_result) and for the per-record hot path (cv_decode of a key).
// Updates BENCHMARKS.md's "Embind against the lean exports" and the goal embind-measured.
//
//   bash wasm/build.sh && npm run bench:embind [-- --runs 7 --calls 2000000 --no-write]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { gzipSync, constants } from 'node:zlib';
import { loadCodec } from '../../wasm/api/index.js';
import { writeSection } from './benchmarks-md.mjs';
import { limit, recordGoals } from './goals.mjs';

const ROOT = new URL('../../', import.meta.url);
const BUILD = process.env.BUILD_DIR ?? 'build-wasm';
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : dflt);
const RUNS = opt('--runs', 7);
const CALLS = opt('--calls', 2_000_000);
const write = !args.includes('--no-write');

// The Embind variant is not in the default build: build it in wasm/build.sh's build directory.
// Configured again first: a directory configured before the target existed has no rule for it.
try {
  const run = (argv) =>
    execFileSync('cmake', argv, {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      // As wasm/build.sh links: acorn from Debian's node modules, npm's Closure Compiler.
      env: {
        ...process.env,
        NODE_PATH: '/usr/share/nodejs',
        EM_CLOSURE_COMPILER: new URL('node_modules/.bin/google-closure-compiler', ROOT).pathname,
      },
    });
  run([BUILD]);
  run(['--build', BUILD, '--target', 'coordination_codec_embind_wasm', '-j2']);
} catch {
  console.error(`embind: could not build coordination_codec_embind_wasm in ${BUILD} (run bash wasm/build.sh first)`);
  process.exit(1);
}

const gz = (bytes) => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;
async function load(name) {
  const dir = new URL(`${BUILD}/wasm/`, ROOT);
  const glue = readFileSync(new URL(`${name}.js`, dir));
  const wasm = readFileSync(new URL(`${name}.wasm`, dir));
  const factory = (await import(pathToFileURL(new URL(`${name}.js`, dir).pathname).href)).default;
  const M = await factory({ wasmBinary: wasm });
  return { M, wasmGz: gz(wasm), glueGz: gz(glue), wasmRaw: wasm.length, glueRaw: glue.length };
}
const lean = await load('coordination_codec');
const embind = await load('coordination_codec_embind');

// A registration key of the golden vectors, copied once into each module's heap.
const key = Buffer.from(JSON.parse(readFileSync(new URL('golden/key.json', ROOT))).vectors[0].hex, 'hex');
const place = ({ M }) => {
  const p = M._malloc(key.length);
  M.HEAPU8.set(key, p);
  return p;
};
const leanAt = place(lean);
const embindAt = place(embind);

// The same call both ways gives the same answer, and the same result block.
const block = (M, status, at) => [status, ...M.HEAP32.subarray(at >> 2, (at >> 2) + 8)];
const leanSays = block(lean.M, lean.M._cv_decode(0, leanAt, key.length), lean.M._cv_result());
const embindSays = block(embind.M, embind.M.decode(0, embindAt, key.length), embind.M.result());
if (leanSays[0] !== 0 || leanSays.join() !== embindSays.join()) {
  console.error('embind: the two modules disagree', leanSays, embindSays);
  process.exit(1);
}

const cpuNs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
};
function perCall(f) {
  const t0 = cpuNs();
  for (let i = 0; i < CALLS; i++) f();
  return (cpuNs() - t0) / CALLS;
}
const codec = await loadCodec();
const sides = {
  'lean result()': () => lean.M._cv_result(),
  'Embind result()': () => embind.M.result(),
  'lean decode(key)': () => lean.M._cv_decode(0, leanAt, key.length),
  'Embind decode(key)': () => embind.M.decode(0, embindAt, key.length),
  'decodeKey (the JS API over the lean export)': () => codec.decodeKey(key),
};
for (const f of Object.values(sides)) perCall(f); // warm: every side compiled before it is timed
const runs = Object.fromEntries(Object.keys(sides).map((k) => [k, []]));
for (let r = 0; r < RUNS; r++) for (const [k, f] of Object.entries(sides)) runs[k].push(perCall(f));
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const ns = Object.fromEntries(Object.entries(runs).map(([k, a]) => [k, median(a)]));
const ratio = (a, b) => median(runs[a].map((x, i) => x / runs[b][i]));

const f0 = (x) => x.toLocaleString('en-US', { maximumFractionDigits: 0 });
const f1 = (x) => x.toFixed(1);
const kb = (b) => (b / 1024).toFixed(1);
const leanTotal = lean.wasmGz + lean.glueGz;
const embindTotal = embind.wasmGz + embind.glueGz;
const decodeAdded = ns['Embind decode(key)'] - ns['lean decode(key)'];
const load1 = loadavg()
  .map((x) => x.toFixed(1))
  .join(' ');

console.log(
  `sizes gzip: lean ${lean.wasmGz} + ${lean.glueGz} = ${leanTotal} B; Embind ${embind.wasmGz} + ${embind.glueGz} = ${embindTotal} B (+${embindTotal - leanTotal})`,
);
for (const [k, v] of Object.entries(ns)) console.log(`${k}: ${f1(v)} ns/call`);

const section = `## Embind against the lean exports

Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:embind\` (tests/bench/embind.mjs) on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores, shared; load average ${load1} at the end), Node ${process.versions.node}, Emscripten 3.1.6. Two links of the same full codec module (wasm/bindings/bindings.cpp and the same core, -Oz, closure): \`coordination_codec\` as shipped, its entry points lean exports (\`EXPORTED_FUNCTIONS\`, results in static blocks read through the heap), and \`coordination_codec_embind\` (built only by this script), the same entry points declared with \`EMSCRIPTEN_BINDINGS\` (bindings.cpp compiled with \`CV_ENTRY_POINTS_EMBIND\`: the Embind variant wasm/bindings/generate.mjs writes from wasm/bindings/entry-points.mjs, plain numbers in and out, addresses as numbers, no \`value_object\` or \`val\`: the cheap way issue 19 item 3 asks for; no lean export left but malloc and free), linked with \`--bind\`. Per call: CPU time of ${CALLS.toLocaleString('en-US')} calls in a loop, median of ${RUNS} interleaved runs, the same key bytes in each heap; ratios are medians of the per-run ratios.

| | wasm gzip | glue gzip | total gzip (raw wasm + glue) |
| --- | ---: | ---: | ---: |
| lean exports (\`coordination_codec\`, as shipped) | ${f0(lean.wasmGz)} B | ${f0(lean.glueGz)} B | ${f0(leanTotal)} B = ${kb(leanTotal)} KB (${f0(lean.wasmRaw + lean.glueRaw)} B) |
| Embind (\`coordination_codec_embind\`) | ${f0(embind.wasmGz)} B | ${f0(embind.glueGz)} B | ${f0(embindTotal)} B = ${kb(embindTotal)} KB (${f0(embind.wasmRaw + embind.glueRaw)} B) |
| Embind's runtime | ${embind.wasmGz - lean.wasmGz >= 0 ? '+' : ''}${f0(embind.wasmGz - lean.wasmGz)} B | +${f0(embind.glueGz - lean.glueGz)} B | **+${f0(embindTotal - leanTotal)} B** (+${kb(embindTotal - leanTotal)} KB) |

| call | ns per call | Embind / lean |
| --- | ---: | ---: |
| \`result()\`: no argument, returns an address (the crossing alone) | lean ${f1(ns['lean result()'])}, Embind ${f1(ns['Embind result()'])} | ${ratio('Embind result()', 'lean result()').toFixed(2)}x |
| \`decode(0, address, length)\` of a ${key.length}-byte key (the per-record hot path's call, without reading the result) | lean ${f1(ns['lean decode(key)'])}, Embind ${f1(ns['Embind decode(key)'])} | ${ratio('Embind decode(key)', 'lean decode(key)').toFixed(2)}x |
| for scale: \`decodeKey(bytes)\` of the JS API (copy in, the lean call, the record's object) | ${f1(ns['decodeKey (the JS API over the lean export)'])} | |

What it means. Each Embind call adds about ${f1(decodeAdded)} ns to a decode, ${f1((100 * decodeAdded) / ns['decodeKey (the JS API over the lean export)'])}% of what \`decodeKey\` costs today (its goal: 0.5x pure JS, missed at 0.59-0.72x); with DYNAMIC_EXECUTION=0 (the strict-CSP build) Embind cannot generate its invokers with \`new Function\` and calls through a generic one that loops over the argument types. Size: the full codec module with Embind would be ${kb(embindTotal)} KB, ${embindTotal / 1024 <= limit('codec-module-size') ? 'within' : '**over**'} its budget with Embind (<= ${limit('codec-module-size')} KB); the coordination-only module (23.3 KB of 25) and the embed element (39.7 KB of 40) have no room for +${kb(embindTotal - leanTotal)} KB. So the size-budgeted modules keep their lean exports; the whole-topic module declares all its calls with Embind (wasm/bindings/entry-points.mjs), where neither budget applies.
`;
if (write) {
  writeSection('Embind against the lean exports', section);
  recordGoals({
    'embind-measured': {
      met: true,
      figure: `Embind's runtime +${f0(embindTotal - leanTotal)} B gzip on the full codec module (${kb(leanTotal)} -> ${kb(embindTotal)} KB); a call ${ratio('Embind decode(key)', 'lean decode(key)').toFixed(2)}x the lean export's (+${f1(decodeAdded)} ns on a key's decode, ${f1(ns['lean decode(key)'])} -> ${f1(ns['Embind decode(key)'])} ns; load average ${load1})`,
    },
  });
  console.log('BENCHMARKS.md: "Embind against the lean exports" and the goal embind-measured updated');
}
