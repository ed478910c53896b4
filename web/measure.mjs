// Measures the viewer's production build: page total gzip size (HTML, JS, CSS, wasm, icon) and the
// time to first decode on screen in headless Chromium (median of N cold loads), then updates the
// "## Web viewer" section of BENCHMARKS.md (other sections are left as they are).
//
//   npm run build && node web/measure.mjs [--loads 7] [--no-write]
//
// First decode: the app sets performance.mark('first-decode') in the effect after the first render
// that shows a decoded record (the lease sample it loads at start). Reported in ms since navigation
// start (the strictest reading: includes fetching the HTML, the JS and the wasm) and since the
// HTML response ended.
import { readdirSync, readFileSync, writeFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { gzipSync, constants } from 'node:zlib';
import { spawn } from 'node:child_process';
import { loadavg, cpus, tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join, relative } from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIST = join(ROOT, 'web/dist');
const args = process.argv.slice(2);
const loads = Number(args[args.indexOf('--loads') + 1]) || 7;
const write = !args.includes('--no-write');
const GOAL_KB = 60;
const GOAL_MS = 150;

if (!existsSync(join(DIST, 'index.html'))) {
  console.error('web/dist is missing: run `npm run build` first');
  process.exit(1);
}

// 1. Sizes
function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}
const files = walk(DIST)
  .filter((f) => !f.endsWith('.map'))
  .map((f) => {
    const raw = readFileSync(f);
    return { name: relative(DIST, f), raw: raw.length, gzip: gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const totalRaw = files.reduce((s, f) => s + f.raw, 0);
const totalGzip = files.reduce((s, f) => s + f.gzip, 0);
const kb = (n) => (n / 1024).toFixed(1);
for (const f of files) console.log(`${f.name.padEnd(48)} ${kb(f.raw).padStart(7)} KB  gzip ${kb(f.gzip).padStart(6)} KB`);
console.log(`page total (all of web/dist)${' '.repeat(21)}${kb(totalRaw).padStart(7)} KB  gzip ${kb(totalGzip).padStart(6)} KB (goal <= ${GOAL_KB} KB)`);

// 2. First decode: the server in its own process, a fresh browser context (cold cache) per load.
// A floor page (one tiny module script that sets the same mark after one frame, same server) is
// loaded alternately with the viewer: on a busy machine it shows how much of the time is the
// browser's own start of a page rather than the viewer.
const floorDir = mkdtempSync(join(tmpdir(), 'viewer-floor-'));
writeFileSync(join(floorDir, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title><script type="module" src="./a.js"></script></head><body>floor</body></html>');
writeFileSync(join(floorDir, 'a.js'), "requestAnimationFrame(() => setTimeout(() => { performance.mark('first-decode'); document.documentElement.dataset.decoded = 'true'; }));");
function serve(root) {
  const code = `import(${JSON.stringify(pathToFileURL(join(ROOT, 'web/serve.mjs')).href)}).then((m) => m.start({ port: 0${root ? `, root: ${JSON.stringify(root + '/')}` : ''} })).then((s) => console.log(s.url))`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) resolve(m[0]);
    });
    child.on('exit', (c) => reject(new Error(`server exited ${c}`)));
  });
  return { child, url };
}
const main = serve(null);
const floor = serve(floorDir);
const url = await main.url;
const floorUrl = await floor.url;
const server = { kill: () => (main.child.kill(), floor.child.kill(), rmSync(floorDir, { recursive: true, force: true })) };
const load0 = loadavg()[0];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});
const nav = [];
const afterHtml = [];
const floorNav = [];
try {
  for (let i = 0; i < 2 * (loads + 1); i++) {
    const isFloor = i % 2 === 1;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(isFloor ? floorUrl : url);
    await page.waitForSelector('html[data-decoded="true"]');
    const t = await page.evaluate(() => {
      const m = performance.getEntriesByName('first-decode')[0];
      const n = performance.getEntriesByType('navigation')[0];
      return { fd: m.startTime, html: n.responseEnd };
    });
    await context.close();
    if (i < 2) continue; // warm-up: the browser process's own first start
    if (isFloor) {
      floorNav.push(t.fd);
      continue;
    }
    nav.push(t.fd);
    afterHtml.push(t.fd - t.html);
  }
} finally {
  await browser.close();
  server.kill();
}
const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mNav = median(nav);
const mHtml = median(afterHtml);
const mFloor = median(floorNav);
const load1 = loadavg()[0];
console.log(`first decode on screen, ms since navigation start: median ${mNav.toFixed(0)} (runs: ${nav.map((x) => x.toFixed(0)).join(', ')}) goal <= ${GOAL_MS}`);
console.log(`first decode on screen, ms after the HTML arrived: median ${mHtml.toFixed(0)} (runs: ${afterHtml.map((x) => x.toFixed(0)).join(', ')})`);
console.log(`floor page (one module script + one frame), same measure: median ${mFloor.toFixed(0)} (runs: ${floorNav.map((x) => x.toFixed(0)).join(', ')}); viewer minus floor: ${(mNav - mFloor).toFixed(0)} ms`);
console.log(`load average during the run: ${load0.toFixed(2)} -> ${load1.toFixed(2)} on ${cpus().length} CPUs`);

if (write) {
  const date = new Date().toISOString().slice(0, 10);
  const ok = (v, goal) => (v <= goal ? 'met' : `missed by ${(v - goal).toFixed(0)}`);
  const section = [
    '## Web viewer',
    '',
    `Measured ${date} by \`node web/measure.mjs\` (after \`npm run build\`), headless Chromium (${'/usr/bin/chromium'}), served by web/serve.mjs on 127.0.0.1; ${cpus().length} CPUs, load average ${load0.toFixed(2)} -> ${load1.toFixed(2)} during the run (other jobs on the machine inflate the times).`,
    '',
    '| Measure | Result | Goal |',
    '| --- | --- | --- |',
    `| Page total, gzip -9 (HTML, JS, CSS, wasm, icon) | ${kb(totalGzip)} KB (${kb(totalRaw)} KB raw) | <= ${GOAL_KB} KB: ${ok(totalGzip / 1024, GOAL_KB)} |`,
    `| First decode on screen, since navigation start, median of ${nav.length} cold loads | ${mNav.toFixed(0)} ms (runs ${nav.map((x) => x.toFixed(0)).join(', ')}) | <= ${GOAL_MS} ms: ${ok(mNav, GOAL_MS)} |`,
    `| First decode on screen, after the HTML response ended | ${mHtml.toFixed(0)} ms | |`,
    `| Floor: a blank page with one module script, same mark after one frame, loaded alternately | ${mFloor.toFixed(0)} ms (runs ${floorNav.map((x) => x.toFixed(0)).join(', ')}) | |`,
    `| Viewer minus floor (the viewer's own cost: JS, wasm, decode, render) | ${(mNav - mFloor).toFixed(0)} ms | |`,
    '',
    `How the page loads: one HTML, one JS bundle (Preact app + the API glue), one CSS file, the .wasm (preloaded from the HTML, so it downloads in parallel with the JS and compiles while streaming). The first decode is the lease sample the app encodes and inspects at start; the mark is set in the effect after the frame that shows it. The floor row is the same measure for a blank page, on the same server and browser, loaded alternately with the viewer: on this shared 2-CPU machine the browser alone costs that much per cold load, and every phase (HTML parse, module compile, style and layout) is stretched by the other jobs; a Chromium trace of one load puts most of the viewer's own time in style recalculation and layout of the first decoded view rather than in JS or wasm. ${mNav <= GOAL_MS ? 'The time goal was met in this run.' : 'The time goal was not met in this run.'}`,
    '',
    '| File | Raw | Gzip |',
    '| --- | --- | --- |',
    ...files.map((f) => `| ${f.name} | ${kb(f.raw)} KB | ${kb(f.gzip)} KB |`),
    '',
  ].join('\n');
  const path = join(ROOT, 'BENCHMARKS.md');
  let md = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n\n';
  const start = md.search(/^## Web viewer\s*$/m);
  if (start >= 0) {
    const rest = md.slice(start + 1);
    const next = rest.search(/^## /m);
    const end = next >= 0 ? start + 1 + next : md.length;
    md = md.slice(0, start) + section + (end < md.length ? '\n' : '') + md.slice(end);
  } else {
    md = md.replace(/\s*$/, '\n\n') + section;
  }
  writeFileSync(path, md);
  console.log('BENCHMARKS.md: "## Web viewer" updated');
}

