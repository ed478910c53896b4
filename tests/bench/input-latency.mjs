// Measures how responsive the viewer's text areas stay with inputs up to the 64 KiB cap, in headless
// Chromium, and updates the "## Viewer input responsiveness" section of BENCHMARKS.md.
//
//   npm run build && node tests/bench/input-latency.mjs [--keys 6] [--no-write]   (INPUT_NOTE="..." appends a sentence)
//
// Per input format: one paste (Ctrl+V from the clipboard) of text just under the cap into the value,
// then keystrokes at its end (Backspace, then the character back: each one re-parses, re-decodes
// and re-renders). Then a 10 MB paste, refused, and keystrokes in the text left. Read in the page:
// long tasks (PerformanceObserver 'longtask': every main-thread task over 50 ms) and Event Timing
// ('event' entries: processing time of the handlers, the render they trigger included, and the
// duration to the next paint, 8 ms granularity).
import { chromium } from 'playwright-core';
import { loadavg, cpus } from 'node:os';
import { start } from '../../web/serve.mjs';
import { LAUNCH_ARGS, CHROMIUM } from '../browser/helpers.mjs';
import { writeSection } from './benchmarks-md.mjs';
import { limit } from './goals.mjs';

const args = process.argv.slice(2);
const keys = Number(args[args.indexOf('--keys') + 1]) || 6;
const write = !args.includes('--no-write');
const CAP = 1 << 16;

function bytes(n) {
  return Uint8Array.from({ length: n }, (_, i) => (i * 37 + 11) & 0xff);
}
const signed = (b) => [...b].map((x) => (x > 127 ? x - 256 : x));
// The largest input of each format that stays within the cap.
function fit(make) {
  let lo = 1;
  let hi = CAP;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (make(bytes(mid)).length <= CAP) lo = mid;
    else hi = mid - 1;
  }
  return make(bytes(lo));
}
const FORMATS = {
  hex: (b) => Buffer.from(b).toString('hex'),
  base64: (b) => Buffer.from(b).toString('base64'),
  java: (b) => `new byte[]{${signed(b).join(', ')}}`,
  array: (b) => `[${[...b].join(', ')}]`,
};

const srv = await start({ port: 0 });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
const load0 = loadavg()[0];
const rows = [];
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(srv.url).origin });
  const page = await context.newPage();
  await page.goto(srv.url);
  await page.waitForSelector('html[data-decoded="true"]');
  await page.evaluate(() => {
    window.__long = [];
    window.__events = [];
    new PerformanceObserver((l) => window.__long.push(...l.getEntries().map((e) => e.duration))).observe({
      type: 'longtask',
    });
    new PerformanceObserver((l) =>
      window.__events.push(
        ...l.getEntries().map((e) => ({ processing: e.processingEnd - e.processingStart, duration: e.duration })),
      ),
    ).observe({ type: 'event', durationThreshold: 16 });
  });
  // One user action, then the entries it caused: longest task, longest handler processing, longest duration.
  async function action(fn) {
    await page.evaluate(() => ((window.__long.length = 0), (window.__events.length = 0)));
    await fn();
    await page.waitForTimeout(250);
    return page.evaluate(() => ({
      task: Math.max(0, ...window.__long),
      processing: Math.max(0, ...window.__events.map((e) => e.processing)),
      duration: Math.max(0, ...window.__events.map((e) => e.duration)),
    }));
  }
  const worst = (list) => ({
    task: Math.max(...list.map((m) => m.task)),
    processing: Math.max(...list.map((m) => m.processing)),
    duration: Math.max(...list.map((m) => m.duration)),
  });
  async function paste(text) {
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await page.focus('#value-text');
    await page.keyboard.press('Control+a');
    return action(() => page.keyboard.press('Control+v'));
  }
  async function typing() {
    await page.keyboard.press('End');
    const list = [];
    for (let i = 0; i < keys; i++) {
      const last = await page.evaluate(() => document.querySelector('#value-text').value.slice(-1));
      list.push(await action(() => page.keyboard.press('Backspace')));
      list.push(await action(() => page.keyboard.type(last)));
    }
    return worst(list);
  }
  for (const [name, make] of Object.entries(FORMATS)) {
    const text = fit(make);
    const p = await paste(text);
    const accepted = await page.evaluate(() => document.querySelector('#value-text').value.length);
    if (accepted !== text.length) throw new Error(`${name}: ${text.length} characters pasted, ${accepted} taken`);
    rows.push({ what: `${name}, ${text.length.toLocaleString('en')} characters: paste`, ...p });
    rows.push({
      what: `${name}, ${text.length.toLocaleString('en')} characters: each keystroke (${2 * keys})`,
      ...(await typing()),
    });
  }
  await paste('ab'.repeat(32000));
  const big = await paste('ab'.repeat(5 << 20));
  const note = await page.textContent('#value-note');
  if (!/refused/.test(note)) throw new Error(`10 MB paste not refused: ${note}`);
  rows.push({ what: 'hex, 10,485,760 characters: paste (refused, the previous text kept)', ...big });
  rows.push({ what: `after the refused paste, each keystroke (${2 * keys})`, ...(await typing()) });
  await context.close();
} finally {
  await browser.close();
  await srv.close();
}
const load1 = loadavg()[0];
const ms = (x) => (x ? `${x.toFixed(0)} ms` : 'none');
for (const r of rows)
  console.log(
    `${r.what.padEnd(72)} longest task ${ms(r.task).padStart(7)}, processing ${r.processing.toFixed(0)} ms, to next paint ${r.duration.toFixed(0)} ms`,
  );
console.log(`load average ${load0.toFixed(2)} -> ${load1.toFixed(2)} on ${cpus().length} CPUs`);
const TASK_MS = limit('viewer-keystroke-task');
const judged = rows.filter((r) => !/refused/.test(r.what));
const over = judged.filter((r) => r.task > TASK_MS);
const longest = Math.max(0, ...judged.map((r) => r.task || 0));
if (write) {
  writeSection(
    'Viewer input responsiveness',
    [
      '## Viewer input responsiveness',
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} by \`node tests/bench/input-latency.mjs\` (after \`npm run build\`): headless Chromium driven by playwright-core, the production build served by web/serve.mjs, viewport 1280x800; the value text area, inputs of each format as large as the 64 KiB cap allows (text over it is refused). Each paste is Ctrl+V from the clipboard; each keystroke re-parses, re-decodes and re-renders. "Longest task": PerformanceObserver \`longtask\` entries (Chromium reports every main-thread task over 50 ms; "none" means no task over 50 ms). "Processing": Event Timing, the longest handler time of the action, the render it triggers included. "To next paint": Event Timing duration (8 ms granularity). ${cpus().length} CPUs shared with other jobs, load average ${load0.toFixed(2)} -> ${load1.toFixed(2)}.`,
      '',
      '| Action | Longest task | Processing | To next paint |',
      '| --- | --- | --- | --- |',
      ...rows.map((r) => `| ${r.what} | ${ms(r.task)} | ${r.processing.toFixed(0)} ms | ${r.duration.toFixed(0)} ms |`),
      '',
      over.length
        ? `Goal (no task over ${TASK_MS} ms per keystroke up to the cap) missed in this run by: ${over.map((r) => `${r.what} (${r.task.toFixed(0)} ms)`).join('; ')}.`
        : `Goal (no task over ${TASK_MS} ms per keystroke up to the cap): met in this run.`,
      '',
      // INPUT_NOTE="..." adds a hand-written sentence (e.g. how the load of the machine bears on the figures).
      ...(process.env.INPUT_NOTE ? [process.env.INPUT_NOTE, ''] : []),
    ].join('\n'),
    {
      'viewer-keystroke-task': {
        value: longest,
        figure: over.length
          ? over.map((r) => `${r.task.toFixed(0)} ms: ${r.what}`).join('; ')
          : `no task over ${TASK_MS} ms (Chromium reports none shorter)`,
      },
    },
  );
}
