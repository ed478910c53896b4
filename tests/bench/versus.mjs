// What the generated-vs-hand-written benchmarks (bench:producespec, bench:batchspec) share: the
// native driver run over the inputs (its JSON: [{"hand": [ns...], "generated": [ns...]}] by input,
// CPU ns per decode, interleaved runs), the medians and per-run ratios, the printed lines and the
// BENCHMARKS.md table.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const micro = (ns) =>
  ns >= 10_000 ? `${(ns / 1000).toFixed(0)} us` : ns >= 1000 ? `${(ns / 1000).toFixed(2)} us` : `${ns.toFixed(0)} ns`;

/** Runs `exe` on `inputs` ({ name, iterations, bytes }) written to `dir` as `<prefix>-i.bin`. */
export function runVersus(exe, inputs, runs, dir, prefix) {
  const files = inputs.map((input, i) => {
    const f = join(dir, `${prefix}-${i}.bin`);
    writeFileSync(f, new Uint8Array(input.bytes));
    return f;
  });
  const load = () => os.loadavg()[0].toFixed(1);
  const loadBefore = load();
  const out = JSON.parse(
    execFileSync(exe, [String(runs), ...inputs.flatMap((input, i) => [files[i], String(input.iterations)])], {
      encoding: 'utf8',
    }),
  );
  const loadAfter = load();
  const rows = out.map(({ hand, generated }, i) => {
    const ratios = hand.map((h, k) => generated[k] / h);
    return {
      name: inputs[i].name,
      bytes: inputs[i].bytes.byteLength,
      hand: median(hand),
      generated: median(generated),
      ratio: median(ratios),
      low: Math.min(...ratios),
      high: Math.max(...ratios),
    };
  });
  for (const r of rows)
    console.log(
      `${r.name} (${r.bytes} B): hand-written ${micro(r.hand)}, generated ${micro(r.generated)}, ` +
        `generated/hand ${r.ratio.toFixed(2)}x (runs ${r.low.toFixed(2)}-${r.high.toFixed(2)}x)`,
    );
  console.log(`load average ${loadBefore} before, ${loadAfter} after`);
  return { rows, loadBefore, loadAfter };
}

/** The table's rows: name, bytes, hand-written, generated, the ratio (its range). */
export const versusRows = (rows) =>
  rows
    .map(
      (r) =>
        `| ${r.name} | ${r.bytes.toLocaleString('en-US')} | ${micro(r.hand)} | ${micro(r.generated)} | ${r.ratio.toFixed(2)}x (${r.low.toFixed(2)}-${r.high.toFixed(2)}x) |`,
    )
    .join('\n');
