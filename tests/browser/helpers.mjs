// Shared setup of the browser tests: the production build served by web/serve.mjs on 127.0.0.1
// (a free port) and Debian's Chromium driven headless by playwright-core.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from 'playwright-core';
import { mkdirSync, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { start } from '../../web/serve.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const LAUNCH_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function golden(name) {
  return JSON.parse(readFileSync(new URL(`../../golden/${name}.json`, import.meta.url), 'utf8'));
}

// args: Chromium's flags beyond LAUNCH_ARGS (topic-pool.test.mjs: --js-flags=--expose-gc).
export async function setup({ args = [] } = {}) {
  if (!existsSync(new URL('../../web/dist/index.html', import.meta.url))) {
    throw new Error('web/dist is missing: run `npm run build` (wasm, then web) before the browser tests');
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  const srv = await start({ port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...LAUNCH_ARGS, ...args] });
  return { srv, browser, url: srv.url };
}

/**
 * One browser and one server for the test file: registers node:test's before/after and returns
 * the object they fill ({ srv, browser, url }), read by the tests once they run.
 */
export function useBrowser() {
  const env = {};
  before(async () => Object.assign(env, await setup()));
  after(async () => {
    await env.browser?.close();
    await env.srv?.close();
  });
  return env;
}

/** A fresh context + page that records console errors, page errors, CSP violations and failed requests. */
export async function openPage(
  browser,
  url,
  { colorScheme = 'light', viewport = { width: 1280, height: 800 }, permissions } = {},
) {
  const context = await browser.newContext({ colorScheme, viewport });
  if (permissions) await context.grantPermissions(permissions, { origin: new URL(url).origin });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`requestfailed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`http ${r.status()}: ${r.url()}`);
    if (!r.url().startsWith(new URL(url).origin)) problems.push(`foreign origin: ${r.url()}`);
  });
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await page.goto(url);
  await page.waitForSelector('html[data-decoded="true"]');
  return { context, page, problems };
}

export async function shot(page, name) {
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
}

/** Fill a textarea and let the app re-render. */
export async function fill(page, selector, text) {
  await page.fill(selector, text);
}

export function hexOf(bytes) {
  return Buffer.from(bytes).toString('hex');
}

/** axe-core's violations on the page (or only inside the selectors given), one line each. */
export async function axeViolations(page, ...include) {
  const axe = await include.reduce((b, sel) => b.include(sel), new AxeBuilder({ page })).analyze();
  return axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

/** Asserts axe-core finds no violation on the page (or inside the selectors given). */
export async function axeClean(page, ...include) {
  assert.deepEqual(await axeViolations(page, ...include), []);
}
