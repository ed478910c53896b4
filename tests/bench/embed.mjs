// Measures the <coordination-record> embed and updates the "## Embed" section of BENCHMARKS.md:
// its size (the module and the .wasm beside it, gzip -9) and, in headless Chromium on the example
// docs page (three elements and an iframe), the time from the module loaded to the first decoded
// render, median of N loads (HTTP cache disabled, one page reloaded: warm).
//
//   npm run build && node tests/bench/embed.mjs [--loads 7] [--no-write]
//
// "Module loaded": the resource timing responseEnd of coordination-record.js. "Defined": the module
// ran (performance mark coordination-record:defined). "First render": the first element rendered
// with the decoded record (mark coordination-record:first-render, set in the same task as the DOM
// commit), and the next frame after it (requestAnimationFrame, the paint).
import { readFileSync } from 'node:fs';
import { gzipSync, constants } from 'node:zlib';
import { loadavg, cpus } from 'node:os';
import { chromium } from 'playwright-core';
import { start } from '../../web/serve.mjs';
import { LAUNCH_ARGS, CHROMIUM } from '../browser/helpers.mjs';
import { writeSection } from './benchmarks-md.mjs';

const args = process.argv.slice(2);
const loads = Number(args[args.indexOf('--loads') + 1]) || 7;
const write = !args.includes('--no-write');
const GOAL_KB = 40;
const GOAL_MS = 50;

const file = (name) => readFileSync(new URL(`../../web/dist/embed/${name}`, import.meta.url));
const sizes = ['coordination-record.js', 'coordination_inspect.wasm'].map((name) => {
  const raw = file(name);
  return { name, raw: raw.length, gzip: gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }).length };
});
const kb = (n) => (n / 1024).toFixed(1);
const total = sizes.reduce((s, f) => s + f.gzip, 0);
for (const f of sizes)
  console.log(`${f.name.padEnd(28)} ${kb(f.raw).padStart(6)} KB raw, ${kb(f.gzip).padStart(5)} KB gzip`);
console.log(`embed total gzip ${kb(total)} KB (goal <= ${GOAL_KB} KB)`);

const srv = await start({ port: 0 });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
const load0 = loadavg()[0];
const runs = [];
try {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.addInitScript(() => {
    window.__painted = new Promise((resolve) => {
      const check = () =>
        performance.getEntriesByName('coordination-record:first-render').length
          ? requestAnimationFrame(() => resolve(performance.now()))
          : setTimeout(check, 1);
      check();
    });
  });
  for (let i = 0; i <= loads; i++) {
    if (i === 0) await page.goto(srv.url + 'docs-example.html', { waitUntil: 'load' });
    else await page.reload({ waitUntil: 'load' });
    await new Promise((r) => setTimeout(r, 1200));
    const t = await page.evaluate(async () => {
      const painted = await window.__painted;
      const module = performance
        .getEntriesByType('resource')
        .find((e) => e.name.endsWith('/embed/coordination-record.js'));
      const wasm = performance
        .getEntriesByType('resource')
        .find((e) => e.name.endsWith('/embed/coordination_inspect.wasm'));
      const mark = (n) => performance.getEntriesByName(n)[0].startTime;
      return {
        module: module.responseEnd,
        defined: mark('coordination-record:defined'),
        wasm: wasm.responseEnd,
        render: mark('coordination-record:first-render'),
        painted,
      };
    });
    if (i > 0) runs.push(t);
  }
  await context.close();
} finally {
  await browser.close();
  await srv.close();
}
const load1 = loadavg()[0];
const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const col = (k) => runs.map((r) => r[k]);
const m = Object.fromEntries(['module', 'defined', 'wasm', 'render', 'painted'].map((k) => [k, median(col(k))]));
const afterModule = median(runs.map((r) => r.render - r.module));
const paintedAfterModule = median(runs.map((r) => r.painted - r.module));
const fmt = (a) => a.map((x) => x.toFixed(0)).join(', ');
console.log(
  `first render after the module loaded: median ${afterModule.toFixed(0)} ms (runs ${fmt(runs.map((r) => r.render - r.module))}); painted ${paintedAfterModule.toFixed(0)} ms; goal <= ${GOAL_MS}`,
);
console.log(
  `phases (medians, ms since navigation start): module ${m.module.toFixed(0)}, defined ${m.defined.toFixed(0)}, wasm ${m.wasm.toFixed(0)}, first render ${m.render.toFixed(0)}, next frame ${m.painted.toFixed(0)}`,
);
console.log(`load average ${load0.toFixed(2)} -> ${load1.toFixed(2)} on ${cpus().length} CPUs`);

if (write) {
  const ok = (v, goal, unit) => (v <= goal ? 'met' : `missed by ${(v - goal).toFixed(1)} ${unit}`);
  writeSection(
    'Embed',
    [
      '## Embed',
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} by \`node tests/bench/embed.mjs\` (after \`npm run build\`): the \`<coordination-record>\` element as published (web/dist/embed/), gzip -9; timings in headless Chromium on web/dist/docs-example.html (three elements and one iframe), served by web/serve.mjs, HTTP cache disabled, one page reloaded (warm), median of ${runs.length} loads. ${cpus().length} CPUs shared with other jobs, load average ${load0.toFixed(2)} -> ${load1.toFixed(2)}.`,
      '',
      '| Measure | Result | Goal |',
      '| --- | --- | --- |',
      ...sizes.map((f) => `| ${f.name} | ${kb(f.gzip)} KB gzip (${kb(f.raw)} KB raw) | |`),
      `| Module + wasm, gzip | ${kb(total)} KB | <= ${GOAL_KB} KB: ${ok(total / 1024, GOAL_KB, 'KB')} |`,
      `| First decoded render after the module loaded (its responseEnd), median | ${afterModule.toFixed(0)} ms (runs ${fmt(runs.map((r) => r.render - r.module))}) | <= ${GOAL_MS} ms: ${ok(afterModule, GOAL_MS, 'ms')} |`,
      `| The same to the next frame (requestAnimationFrame after the render) | ${paintedAfterModule.toFixed(0)} ms | |`,
      `| Phases (medians, ms since navigation start) | module loaded ${m.module.toFixed(0)}, module ran ${m.defined.toFixed(0)}, wasm loaded ${m.wasm.toFixed(0)}, first render ${m.render.toFixed(0)}, next frame ${m.painted.toFixed(0)} | |`,
      '',
      '@@NOTE@@',
      '',
    ]
      .join('\n')
      .replace('@@NOTE@@', process.env.EMBED_NOTE ?? ''),
  );
}
