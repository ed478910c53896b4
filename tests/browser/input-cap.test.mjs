// Browser tests of the input cap (issue 7 item 4): text over 64 KiB, pasted or put in any other way,
// is refused with its size and never reaches the parser or the decoder; text up to the cap is taken.
// Timings are measured by tests/bench/input-latency.mjs (BENCHMARKS.md), not here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, shot, useBrowser } from './helpers.mjs';

const env = useBrowser();

const CAP = 1 << 16;
const keyOut = '#key-out';

// What the key card shows: its state, its byte count and its summary.
const shown = (page) =>
  page.evaluate(() => ({
    state: document.querySelector('#key-out').dataset.state,
    bytes: document.querySelector('#key-out .hex-wrap h3')?.textContent,
    banner: document.querySelector('#key-out .banner')?.textContent,
    status: document.querySelector('#key-status').textContent,
  }));

test('a paste over 64 KiB is refused with its size; the text, the state and the decode stay as they were', async () => {
  const { page, context } = await openPage(env.browser, env.url, {
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const before = await shown(page);
  const text = await page.inputValue('#key-text');
  await page.evaluate(() => navigator.clipboard.writeText('ab'.repeat(1 << 19)));
  await page.focus('#key-text');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Control+v');
  await page.waitForSelector('#key-note');
  assert.match(await page.textContent('#key-note'), /1,048,576 characters \(1,024 KiB\).*refused/);
  assert.equal(await page.getAttribute('#key-note', 'role'), 'alert');
  assert.equal(await page.inputValue('#key-text'), text, 'the text area keeps its text');
  assert.deepEqual(await shown(page), before, 'nothing was parsed or decoded');
  await shot(page, 'paste-over-cap');
  // The next edit goes through (half a byte left: a parse error) and clears the message.
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.waitForSelector('#key-status[data-format="error"]');
  assert.equal(await page.$('#key-note'), null);
  await context.close();
});

test('text over 64 KiB put in without a paste (drop, autofill, script) is undone and refused', async () => {
  const { page, context } = await openPage(env.browser, env.url);
  const before = await shown(page);
  const text = await page.inputValue('#key-text');
  await page.fill('#key-text', '00'.repeat(CAP / 2) + '0');
  assert.match(await page.textContent('#key-note'), /65,537 characters.*refused/);
  assert.equal(await page.inputValue('#key-text'), text);
  assert.deepEqual(await shown(page), before);
  await context.close();
});

test('text of exactly 64 KiB is taken, parsed and decoded; the dump shows its first bytes', async () => {
  const { page, context } = await openPage(env.browser, env.url);
  await page.fill('#key-text', '0000000100047261667400' + '00'.repeat(CAP / 2 - 11));
  await page.waitForFunction(() => /32,?768 bytes/.test(document.querySelector('#key-status').textContent));
  assert.equal(await page.$('#key-note'), null, 'no refusal');
  await page.waitForFunction(() => document.querySelector('#key-out').dataset.state === 'error');
  assert.equal(await page.textContent(`${keyOut} .code`), 'TRAILING_BYTES');
  assert.match(await page.textContent(keyOut), /Showing the first 1024 of 32768 bytes/);
  await context.close();
});

test('a file over 64 KiB is refused with its size', async () => {
  const { page, context } = await openPage(env.browser, env.url);
  const text = await page.inputValue('#key-text');
  await page.setInputFiles('#key-file', {
    name: 'big.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(CAP + 1),
  });
  await page.waitForSelector('#key-note');
  assert.match(await page.textContent('#key-note'), /big\.bin is 65537 bytes.*64 KiB/);
  assert.equal(await page.inputValue('#key-text'), text);
  await context.close();
});
