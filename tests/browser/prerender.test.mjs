// The viewer's shell is in index.html (pre-rendered at build time by the App itself): the first paint
// needs no script, and the live viewer rendered over it is the same page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useBrowser } from './helpers.mjs';

const env = useBrowser();

test('without JavaScript the page shows the shell: title, inputs, loading note', async () => {
  const context = await env.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(env.url);
  assert.equal(await page.textContent('h1'), 'Coordination record viewer');
  assert.ok(await page.isVisible('#key-text'));
  assert.ok(await page.isVisible('#value-text'));
  assert.match(await page.textContent('main'), /Loading the codec…/);
  await context.close();
});

test('the live viewer replaces the shell: one header, one set of inputs, the sample decoded', async () => {
  const { page, context } = await openPage(env.browser, env.url);
  assert.equal(await page.$$eval('h1', (els) => els.length), 1);
  assert.equal(await page.$$eval('textarea', (els) => els.length), 2);
  assert.equal(await page.$$eval('.inputs', (els) => els.length), 1);
  assert.doesNotMatch(await page.textContent('main'), /Loading the codec/);
  assert.equal(await page.getAttribute('#key-out', 'data-state'), 'ok');
  assert.equal(await page.getAttribute('#key-text', 'spellcheck'), 'false');
  await context.close();
});
