// Parse time of a 1 MB paste per input format (issue 7: linear parsing, goal < 100 ms each in Node).
// Prints a Markdown table for BENCHMARKS.md and, at 1 MB, records the goal's figure (tests/bench/goals.json).
// Usage: node tests/bench/input-formats.mjs [MB]
import { parseInput } from '../../wasm/text/input-formats.js';
import { LITERALS, LITERAL_FORMATS, formatLiteral, formatJsonLine, hexDump } from '../../wasm/text/literals.js';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { limit, recordGoals } from './goals.mjs';

const SIZE = Math.round(Number(process.argv[2] ?? 1) * 1_000_000);
const RUNS = 7;

// Deterministic bytes (a linear congruential generator): the figures do not depend on a seed.
function bytesOf(n) {
  const b = new Uint8Array(n);
  let x = 12345;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    b[i] = x >>> 24;
  }
  return b;
}

// Each case: a name and text of about SIZE characters. Every literal format of wasm/text/literals.js
// (sized to about SIZE characters of text), the hex dump, and the whitespace-heavy pastes of issue 7.
function cases() {
  const sized = (f) => {
    const probe = formatLiteral(bytesOf(1000), f).length / 1000;
    return formatLiteral(bytesOf(Math.floor(SIZE / probe)), f);
  };
  const hexOf = (b) => Buffer.from(b).toString('hex');
  const wrap = (s, w) => s.replace(new RegExp(`(.{${w}})`, 'g'), '$1\n');
  return [
    ...LITERAL_FORMATS.map((f) => [`${LITERALS[f].label} (formatLiteral)`, sized(f)]),
    ['hex, spaced bytes', hexOf(bytesOf(SIZE / 3)).replace(/(..)/g, '$1 ')],
    ['base64, wrapped at 76', wrap(formatLiteral(bytesOf((SIZE * 3) / 4), 'base64'), 76)],
    ['base64, indented lines', wrap(formatLiteral(bytesOf((SIZE * 3) / 4), 'base64'), 60).replace(/^/gm, '        ')],
    ['hexdump -C (hexDump)', hexDump(bytesOf(Math.floor(SIZE / 4.9)))],
    ['JSON Lines line', formatJsonLine({ key: bytesOf(SIZE / 4), value: bytesOf(SIZE / 4) })],
    ['Java Arrays.toString', `[${Array.from(bytesOf(SIZE / 5), (v) => (v << 24) >> 24).join(', ')}]`],
    ['Rust {:02x?}', `[${Array.from(bytesOf(SIZE / 4), (v) => v.toString(16).padStart(2, '0')).join(', ')}]`],
    ['Go %v', `[${Array.from(bytesOf(SIZE / 4), String).join(' ')}]`],
    ['base64 + 1 MB of trailing spaces (issue 7 case)', 'AAAAAQAEcmFmdAAA' + ' '.repeat(SIZE)],
    ['array, 1 MB of whitespace', `[${' '.repeat(SIZE)}0]`],
  ];
}

const rows = [];
for (const [name, text] of cases()) {
  const times = [];
  let result;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    result = parseInput(text);
    times.push(performance.now() - t0);
  }
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  times.sort((a, b) => a - b);
  rows.push([
    name,
    result.format,
    (text.length / 1e6).toFixed(2),
    result.bytes.length,
    times[RUNS >> 1],
    times[RUNS - 1],
  ]);
}

console.log(
  `Measured ${new Date().toISOString().slice(0, 10)} by \`node tests/bench/input-formats.mjs\` on ${os.cpus()[0].model.trim()} (${os.cpus().length} cores), Node ${process.versions.node}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}. parseInput(text, 'auto'), median and max of ${RUNS} runs.\n`,
);
const GOAL_MS = limit('input-parse-1mb');
console.log(`| paste | detected | MB of text | bytes | median ms | max ms | goal < ${GOAL_MS} ms |`);
console.log('|---|---|---|---|---|---|---|');
for (const [name, fmt, mb, n, med, max] of rows) {
  console.log(
    `| ${name} | ${fmt} | ${mb} | ${n} | ${med.toFixed(1)} | ${max.toFixed(1)} | ${med < GOAL_MS ? 'met' : 'missed'} |`,
  );
}
if (SIZE === 1_000_000 && !process.env.BENCH_NO_WRITE) {
  const medians = rows.map((r) => r[4]);
  const slowest = rows[medians.indexOf(Math.max(...medians))];
  recordGoals({
    'input-parse-1mb': {
      value: slowest[4],
      figure: `every format, median ${Math.min(...medians).toFixed(1)}-${slowest[4].toFixed(1)} ms (slowest: ${slowest[0]})`,
    },
  });
}
