// The viewer's Format choice "Kafka share-group state record" (__share_group_state,
// wasm/core/sharestate/README.md): a key or a value pasted alone, read as whichever of the four
// messages decodes (keys first), with the generic field tree, tree <-> hex linking, the exact
// error and the one-line summary. The bytes are golden/share-state.json's (its independent
// generator, golden/generate_share_state.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, golden, useBrowser } from './helpers.mjs';

const env = useBrowser();

const OUT = '#format-out';
const IN = '#bytes-text';
const byId = (id) => golden('share-state').vectors.find((v) => v.id === `share-state/${id}`);

async function show(page, hex) {
  await page.selectOption('#format', 'share-state');
  await page.fill(IN, hex);
  await page.waitForFunction(
    ([sel, h]) => {
      const s = document.querySelector(sel)?.dataset.state;
      return (s === 'ok' || s === 'error') && document.querySelector('#bytes-text')?.value === h;
    },
    [OUT, hex],
  );
}

test('a share-group state record: key and value decode, tree <-> hex, the exact error, the summary', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  const snapshot = byId('valid/snapshot');
  await show(page, snapshot.value);
  assert.equal(await page.getAttribute(OUT, 'data-state'), 'ok');
  assert.match(
    await page.textContent(`${OUT} .banner.ok`),
    /share-group state snapshot v0 · snapshot epoch 3, state epoch 1, leader epoch 7 · start offset 100 · 3 state batches/,
  );
  assert.equal(await page.getAttribute('#string-rule', 'data-format'), 'share-state');
  // field -> bytes: the start offset is bytes 14..21 (version 2, three int32 epochs)
  await page.click(`${OUT} [data-path="share_snapshot_value.start_offset"] > .row`);
  assert.deepEqual(
    await page.$$eval(`${OUT} .b.sel`, (els) => els.map((el) => Number(el.dataset.i))),
    [14, 15, 16, 17, 18, 19, 20, 21],
  );
  // The third state batch's delivery state (Archived, 4) is in the tree.
  assert.ok(await page.$(`${OUT} [data-path="share_snapshot_value.state_batches[2].delivery_state"]`));

  await show(page, snapshot.key);
  assert.match(
    await page.textContent(`${OUT} .banner.ok`),
    /share-group state snapshot key · group share-app · topic EBESExQVFhcYGRobHB0eHw partition 0/,
  );
  const update = byId('valid/update');
  await show(page, update.key);
  assert.match(await page.textContent(`${OUT} .banner.ok`), /share-group state update key · group share-app/);
  await show(page, update.value);
  assert.match(
    await page.textContent(`${OUT} .banner.ok`),
    /share-group state update v0 · snapshot epoch 3, leader epoch 7 · start offset not updated \(-1\) · 1 state batch\b/,
  );

  // Tags 5 then 4 in a snapshot: TAG_OUT_OF_ORDER at byte 42, the snapshot value read furthest of the four.
  await show(page, byId('tags/snapshot-tags-descending').value);
  assert.equal(await page.getAttribute(OUT, 'data-state'), 'error');
  assert.equal(await page.textContent(`${OUT} .banner.error .code`), 'TAG_OUT_OF_ORDER');
  assert.equal(await page.textContent(`${OUT} .banner.error .field`), 'share_snapshot_value.tagged_fields');
  assert.equal(await page.textContent(`${OUT} .banner.error .offset`), '42');
  assert.deepEqual(problems, [], 'no console errors or failed requests');
  assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violations');
  await context.close();
});
