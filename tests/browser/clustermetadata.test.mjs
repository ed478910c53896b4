// The viewer's Format choice "KRaft metadata log record" (__cluster_metadata)
// (wasm/core/clustermetadata/README.md): a record's value pasted alone, its frame and its message in
// the generic field tree, tree <-> hex linking, the exact error and the one-line summary. The bytes
// are golden/cluster-metadata.json's (its independent generator, golden/generate_cluster_metadata.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, golden, useBrowser } from './helpers.mjs';

const env = useBrowser();

const OUT = '#format-out';
const IN = '#bytes-text';
const byId = (id) => golden('cluster-metadata').vectors.find((v) => v.id === `cluster-metadata/${id}`);

async function show(page, hex) {
  await page.selectOption('#format', 'cluster-metadata');
  await page.fill(IN, hex);
  await page.waitForFunction(
    ([sel, h]) => {
      const s = document.querySelector(sel)?.dataset.state;
      return (s === 'ok' || s === 'error') && document.querySelector('#bytes-text')?.value === h;
    },
    [OUT, hex],
  );
}

test('a metadata log record: the frame and the message, tree <-> hex, the exact error, the summary', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  await show(page, byId('valid/partition-record-v2').value);
  assert.equal(await page.getAttribute(OUT, 'data-state'), 'ok');
  assert.match(
    await page.textContent(`${OUT} .banner.ok`),
    /metadata log PartitionRecord v2 \(apiKey 3\) · topic EBESExQVFhcYGRobHB0eHw partition 0 · leader 1, epoch 5 · replicas \[1, 2, 3\], ISR \[1, 2\]/,
  );
  assert.equal(await page.getAttribute('#string-rule', 'data-format'), 'cluster-metadata');
  // field -> bytes: the leader epoch is bytes 55..58 (after the frame, the ids and the replica lists)
  await page.click(`${OUT} [data-path="partition_record.leader_epoch"] > .row`);
  assert.deepEqual(
    await page.$$eval(`${OUT} .b.sel`, (els) => els.map((el) => Number(el.dataset.i))),
    [55, 56, 57, 58],
  );
  // The frame's apiKey is in the tree.
  assert.ok(await page.$(`${OUT} [data-path="partition_record.api_key"]`));

  await show(page, byId('valid/topic-record-v0').value);
  assert.match(
    await page.textContent(`${OUT} .banner.ok`),
    /metadata log TopicRecord v0 \(apiKey 2\) · topic orders · id EBESExQVFhcYGRobHB0eHw/,
  );
  await show(page, byId('valid/feature-level-record-v0').value);
  assert.match(
    await page.textContent(`${OUT} .banner.ok`),
    /FeatureLevelRecord v0 \(apiKey 12\) · metadata.version = 27/,
  );

  // Tags 5 then 4 after a TopicRecord: TAG_OUT_OF_ORDER at byte 24.
  await show(page, byId('tags/topic-record-tags-descending').value);
  assert.equal(await page.getAttribute(OUT, 'data-state'), 'error');
  assert.equal(await page.textContent(`${OUT} .banner.error .code`), 'TAG_OUT_OF_ORDER');
  assert.equal(await page.textContent(`${OUT} .banner.error .field`), 'topic_record.tagged_fields');
  assert.equal(await page.textContent(`${OUT} .banner.error .offset`), '24');
  // An apiKey no record type has: the error names the frame's field.
  await show(page, byId('frame/api-key-6').value);
  assert.equal(await page.textContent(`${OUT} .banner.error .field`), 'record.api_key');
  assert.deepEqual(problems, [], 'no console errors or failed requests');
  assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violations');
  await context.close();
});
