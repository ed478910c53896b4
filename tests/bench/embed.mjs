// Measures the <coordination-record> embed and updates the "## Embed" section of BENCHMARKS.md:
// its size (the module and the .wasm beside it, gzip -9) and, in headless Chromium on the example
// docs page (three elements and an iframe), its start against the floor page of the same run
// (tests/bench/pages.mjs): first contentful paint, and the first decoded render (the codec loaded,
// the records on screen); also the time from the module loaded to that render. Median of N warm
// loads (HTTP cache disabled, one page each, reloaded, docs page and floor interleaved).
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
import { LAUNCH_ARGS, CHROMIUM } from '../browser/helpers.mjs';
import { writeSection } from './benchmarks-md.mjs';
import { limit } from './goals.mjs';
import { floorPage, serve, uncachedPage, median } from './pages.mjs';

const args = process.argv.slice(2);
const loads = Number(args[args.indexOf('--loads') + 1]) || 7;
const write = !args.includes('--no-write');
const GOAL_KB = limit('embed-size');
const GOAL_MS = limit('embed-render');
// Issue 10 item 6, for the docs page as for the viewer: against the floor page of the same run.
const GOAL_FCP_OVER_FLOOR = limit('embed-fcp-over-floor');
const GOAL_READY_OVER_FLOOR = limit('embed-ready-over-floor');

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

// Read in the page well after the load (nothing is evaluated in it meanwhile).
function readDocs() {
  return window.__painted.then((painted) => {
    const resource = (end) => performance.getEntriesByType('resource').find((e) => e.name.endsWith(end));
    const mark = (n) => performance.getEntriesByName(n)[0].startTime;
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0].startTime,
      module: resource('/embed/coordination-record.js').responseEnd,
      defined: mark('coordination-record:defined'),
      wasm: resource('/embed/coordination_inspect.wasm').responseEnd,
      render: mark('coordination-record:first-render'),
      painted,
    };
  });
}
function readFloor() {
  return new Promise((resolve) => {
    const check = () => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      if (fcp) resolve({ fcp: fcp.startTime });
      else setTimeout(check, 10);
    };
    check();
  });
}

const floorDir = floorPage();
const docsServer = await serve(null);
const floorServer = await serve(floorDir.dir);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
const load0 = loadavg()[0];
const runs = { docs: [], floor: [] };
try {
  const docs = await uncachedPage(browser, { width: 1000, height: 900 });
  await docs.page.addInitScript(() => {
    window.__painted = new Promise((resolve) => {
      const check = () =>
        performance.getEntriesByName('coordination-record:first-render').length
          ? requestAnimationFrame(() => resolve(performance.now()))
          : setTimeout(check, 1);
      check();
    });
  });
  const floor = await uncachedPage(browser, { width: 1000, height: 900 });
  await docs.page.goto(docsServer.url + 'docs-example.html', { waitUntil: 'load' });
  await floor.page.goto(floorServer.url, { waitUntil: 'load' });
  for (let i = 0; i < loads; i++) {
    for (const [name, { page }, read] of [
      ['docs', docs, readDocs],
      ['floor', floor, readFloor],
    ]) {
      await page.reload({ waitUntil: 'load' });
      await new Promise((r) => setTimeout(r, 1200));
      runs[name].push(await page.evaluate(read));
    }
  }
} finally {
  await browser.close();
  docsServer.stop();
  floorServer.stop();
  floorDir.remove();
}
const load1 = loadavg()[0];
const col = (k) => runs.docs.map((r) => r[k]);
const m = Object.fromEntries(['fcp', 'module', 'defined', 'wasm', 'render', 'painted'].map((k) => [k, median(col(k))]));
const floorFcp = median(runs.floor.map((r) => r.fcp));
const afterModule = median(runs.docs.map((r) => r.render - r.module));
const paintedAfterModule = median(runs.docs.map((r) => r.painted - r.module));
const fmt = (a) => a.map((x) => x.toFixed(0)).join(', ');
console.log(
  `first render after the module loaded: median ${afterModule.toFixed(0)} ms (runs ${fmt(runs.docs.map((r) => r.render - r.module))}); painted ${paintedAfterModule.toFixed(0)} ms; goal <= ${GOAL_MS}`,
);
console.log(
  `docs page: FCP ${m.fcp.toFixed(0)} (runs ${fmt(col('fcp'))}), floor ${floorFcp.toFixed(0)} (runs ${fmt(runs.floor.map((r) => r.fcp))}): floor + ${(m.fcp - floorFcp).toFixed(0)} ms (goal <= ${GOAL_FCP_OVER_FLOOR}); first decoded render ${m.render.toFixed(0)}: floor + ${(m.render - floorFcp).toFixed(0)} ms (goal <= ${GOAL_READY_OVER_FLOOR})`,
);
console.log(
  `phases (medians, ms since navigation start): module ${m.module.toFixed(0)}, defined ${m.defined.toFixed(0)}, wasm ${m.wasm.toFixed(0)}, first render ${m.render.toFixed(0)}, next frame ${m.painted.toFixed(0)}`,
);
console.log(`load average ${load0.toFixed(2)} -> ${load1.toFixed(2)} on ${cpus().length} CPUs`);

if (write) {
  const ok = (v, goal, unit) => (v <= goal ? 'met' : `missed by ${(v - goal).toFixed(unit === 'KB' ? 1 : 0)} ${unit}`);
  writeSection(
    'Embed',
    [
      '## Embed',
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} by \`node tests/bench/embed.mjs\` (after \`npm run build\`): the \`<coordination-record>\` element as published (web/dist/embed/), gzip -9; timings in headless Chromium on web/dist/docs-example.html (three elements and one iframe) and on the floor page (one module script inserting one line of text: tests/bench/pages.mjs), each served by web/serve.mjs in a process of its own, HTTP cache disabled, one page each reloaded (warm), interleaved, median of ${runs.docs.length} loads. ${cpus().length} CPUs shared with other jobs, load average ${load0.toFixed(2)} -> ${load1.toFixed(2)}.`,
      '',
      '| Measure | Result | Goal |',
      '| --- | --- | --- |',
      ...sizes.map((f) => `| ${f.name} | ${kb(f.gzip)} KB gzip (${kb(f.raw)} KB raw) | |`),
      `| Module + wasm, gzip | ${kb(total)} KB | <= ${GOAL_KB} KB: ${ok(total / 1024, GOAL_KB, 'KB')} |`,
      `| First decoded render after the module loaded (its responseEnd), median | ${afterModule.toFixed(0)} ms (runs ${fmt(runs.docs.map((r) => r.render - r.module))}) | <= ${GOAL_MS} ms: ${ok(afterModule, GOAL_MS, 'ms')} |`,
      `| The same to the next frame (requestAnimationFrame after the render) | ${paintedAfterModule.toFixed(0)} ms | |`,
      `| Docs page: first contentful paint minus the floor page's | FCP ${m.fcp.toFixed(0)} ms (runs ${fmt(col('fcp'))}), floor ${floorFcp.toFixed(0)} ms (runs ${fmt(runs.floor.map((r) => r.fcp))}): floor + ${(m.fcp - floorFcp).toFixed(0)} ms | <= floor + ${GOAL_FCP_OVER_FLOOR} ms: ${ok(m.fcp - floorFcp, GOAL_FCP_OVER_FLOOR, 'ms')} |`,
      `| Docs page: first decoded render (codec loaded, the records on screen) minus the floor page's FCP | ${m.render.toFixed(0)} ms: floor + ${(m.render - floorFcp).toFixed(0)} ms | <= floor + ${GOAL_READY_OVER_FLOOR} ms: ${ok(m.render - floorFcp, GOAL_READY_OVER_FLOOR, 'ms')} |`,
      `| Phases (medians, ms since navigation start) | module loaded ${m.module.toFixed(0)}, module ran ${m.defined.toFixed(0)}, wasm loaded ${m.wasm.toFixed(0)}, first render ${m.render.toFixed(0)}, next frame ${m.painted.toFixed(0)} | |`,
      '',
      '@@NOTE@@',
      '',
    ]
      .join('\n')
      .replace('@@NOTE@@', process.env.EMBED_NOTE ?? ''),
    {
      'embed-size': { value: total / 1024, figure: `${kb(total)} KB` },
      'embed-render': { value: afterModule, figure: `${afterModule.toFixed(0)} ms` },
      'embed-fcp-over-floor': { value: m.fcp - floorFcp, figure: `floor + ${(m.fcp - floorFcp).toFixed(0)} ms` },
      'embed-ready-over-floor': {
        value: m.render - floorFcp,
        figure: `floor + ${(m.render - floorFcp).toFixed(0)} ms`,
      },
    },
  );
}
