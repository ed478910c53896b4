// What the page benchmarks (measure.mjs: the viewer; embed.mjs: the docs page with the element) share:
// the floor page, the static server in a process of its own, headless Chromium with the HTTP cache
// disabled, and the median.
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SERVE = pathToFileURL(fileURLToPath(new URL('../../web/serve.mjs', import.meta.url))).href;

/**
 * The least a script-driven page can do on the same server and browser: one tiny module script that
 * inserts one line of text (with elementtiming="first-decode", as the viewer's decoded banner).
 * Returns its folder and a function that removes it.
 */
export function floorPage() {
  const dir = mkdtempSync(join(tmpdir(), 'viewer-floor-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title><script type="module" src="./a.js"></script></head><body></body></html>',
  );
  writeFileSync(
    join(dir, 'a.js'),
    "const p = document.createElement('p'); p.setAttribute('elementtiming', 'first-decode'); p.textContent = 'floor: one line of text'; document.body.append(p); document.documentElement.dataset.decoded = 'true';",
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * web/serve.mjs on a free port, serving root (default web/dist), in a process of its own: in this
 * one the browser's protocol traffic would delay its responses. Resolves to { url, stop }.
 */
export function serve(root) {
  const code = `import(${JSON.stringify(SERVE)}).then((m) => m.start({ port: 0${root ? `, root: ${JSON.stringify(root + '/')}` : ''} })).then((s) => console.log(s.url))`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) resolve({ url: m[0], stop: () => child.kill() });
    });
    child.on('exit', (c) => reject(new Error(`server exited ${c}`)));
  });
}

/** A new context and page with the HTTP cache disabled (CDP Network.setCacheDisabled). */
export async function uncachedPage(browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return { context, page };
}

export const median = (a) => {
  const s = a.filter((x) => x != null).sort((x, y) => x - y);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
