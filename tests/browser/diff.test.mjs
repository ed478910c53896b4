// The Diff tab (issue 21): two records decoded as one tree of their fields, changed fields and bytes
// marked, one selection on both sides. Bytes written by tests/node/log-writer.mjs (the frozen
// layout, not the codec), golden/'s Streams vectors and kafkajs's ProduceRequest encoder; loaded on
// demand; its state in the shared link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeClean, openPage, shot, golden, useBrowser } from './helpers.mjs';
import { keyBytes, leaseValue, valueBytes } from '../node/log-writer.mjs';
import { writeProduceRequest } from '../node/produce-writer.mjs';

const env = useBrowser();

const lease = (over) => leaseValue(over).toString('hex');
const subscription = (v) => golden('subscription').vectors.find((x) => x.id === `subscription/valid/v${v}`).hex;

async function openDiff(options) {
  const opened = await openPage(env.browser, env.url, options);
  await opened.page.click('#tab-diff');
  await opened.page.waitForSelector('#diff-a-text');
  return opened;
}

/** Fills A and B and waits for the diff of exactly those bytes. */
async function diff(page, a, b) {
  await page.fill('#diff-a-text', a);
  await page.fill('#diff-b-text', b);
  await page.waitForFunction(
    ([x, y]) => {
      const dump = (side) =>
        [...document.querySelectorAll(`#diff-${side}-dump .b:not(.end)`)].map((el) => el.textContent).join('');
      return dump('a') === x && dump('b') === y;
    },
    [a, b],
  );
}

/** Every row of the diff tree: path -> [change, A's value text, B's value text]. */
const rows = (page) =>
  page.$$eval('#panel-diff .tree .ti', (lis) =>
    Object.fromEntries(
      lis.map((li) => {
        const cell = (c) => li.querySelector(`:scope > .row .${c}`).textContent.replace(/^[AB]: /, '');
        return [li.dataset.path, [li.className.match(/ch-([\w-]+)/)[1], cell('va'), cell('vb')]];
      }),
    ),
  );
const changedBytes = (page, side) =>
  page.$$eval(`#diff-${side}-dump .b.chg`, (els) => els.map((el) => Number(el.dataset.i)));
const selectedBytes = (page, side) =>
  page.$$eval(`#diff-${side}-dump .b.sel`, (els) => els.map((el) => Number(el.dataset.i)));

test('loaded on demand: the first view requests no part of the diff; the tab loads it', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  const requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.goto(env.url);
  await page.waitForSelector('html[data-decoded="true"]');
  await page.waitForTimeout(300);
  assert.deepEqual(
    requests.filter((p) => /DiffView|coordination_codec/.test(p)),
    [],
  );
  await page.click('#tab-diff');
  await page.waitForSelector('#diff-a-text');
  assert.ok(requests.some((p) => /DiffView-.*\.js$/.test(p)));
  await context.close();
});

test('two leases differing in producer_epoch: that row changed, its byte marked in both dumps, one selection; light and dark, axe-clean', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const { page, context, problems } = await openDiff({ colorScheme });
    await diff(page, lease({ producerEpoch: 3 }), lease({ producerEpoch: 4 }));
    assert.equal(await page.textContent('#diff-summary'), '1 field differs (value changed: 1).');
    assert.match(await page.textContent('#diff-why'), /^Auto: A decodes as a lease \(coordination value\); B is read/);
    assert.equal(await page.getAttribute('.diff-result', 'data-target'), 'lease');
    const r = await rows(page);
    assert.deepEqual(r['lease.producer_epoch'], ['changed', '3', '4']);
    assert.deepEqual(
      Object.keys(r).filter((p) => r[p][0] !== 'same'),
      ['lease.producer_epoch'],
    );
    assert.equal(
      await page.textContent('#panel-diff [data-path="lease.producer_epoch"] > .row .chg-badge'),
      'value changed',
    );
    // version 2 + member 2+3 + producer id 8: the epoch is bytes 15-16, 00 03 vs 00 04.
    assert.deepEqual(await changedBytes(page, 'a'), [16]);
    assert.deepEqual(await changedBytes(page, 'b'), [16]);
    assert.match(await page.getAttribute('#diff-b-dump .b[data-i="16"]', 'aria-label'), /producer_epoch, differs$/);
    // A row selects the field in both dumps; a byte of B selects its field in the tree and in A.
    await page.click('#panel-diff [data-path="lease.producer_epoch"] > .row');
    assert.deepEqual(await selectedBytes(page, 'a'), [15, 16]);
    assert.deepEqual(await selectedBytes(page, 'b'), [15, 16]);
    await page.click('#diff-b-dump .b[data-i="3"]');
    assert.equal(
      await page.getAttribute('#panel-diff [aria-selected="true"][role="treeitem"]', 'data-path'),
      'lease.member.length',
    );
    assert.deepEqual(await selectedBytes(page, 'a'), [2, 3]);
    // Keyboard: Enter in the dump goes to the tree, arrows move there, the dumps follow.
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.path), 'lease.member.utf8');
    assert.deepEqual(await selectedBytes(page, 'b'), [4, 5, 6]);
    await shot(page, `diff-leases-${colorScheme}`);
    await axeClean(page, '#panel-diff');
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a valid lease and the same bytes truncated: the error shown on B with its offset, the missing bytes marked in A', async () => {
  const { page, context, problems } = await openDiff();
  const a = lease({});
  const b = a.slice(0, -6); // 3 bytes short: deadline cut at 5 of its 8 bytes
  await diff(page, a, b);
  assert.equal(await page.getAttribute('#diff-a-state', 'data-state'), 'ok');
  assert.equal(await page.getAttribute('#diff-b-state', 'data-state'), 'error');
  assert.equal(await page.textContent('#diff-b-state .banner.error .code'), 'TRUNCATED');
  assert.equal(await page.textContent('#diff-b-state .banner.error .field'), 'lease.deadline');
  assert.equal(await page.textContent('#diff-b-state .banner.error .offset'), '25');
  assert.equal(await page.textContent('#diff-summary'), '1 field differs (error in B: 1).');
  const r = await rows(page);
  assert.equal(r['lease.deadline'][0], 'error-b');
  assert.match(r['lease.deadline'][2], /not read/);
  assert.deepEqual(await changedBytes(page, 'a'), [30, 31, 32]);
  assert.deepEqual(await changedBytes(page, 'b'), []);
  const errCells = await page.$$eval('#diff-b-dump .b.err', (els) => els.map((el) => Number(el.dataset.i)));
  assert.equal(Math.min(...errCells), 25, "B's failing bytes from the error's offset");
  await shot(page, 'diff-truncated');
  assert.deepEqual(problems, []);
  await context.close();
});

// Bytes after the last field are in no row of the tree: the dumps and the summary still say they
// differ (a trailing byte in B only; a trailing byte in both, not the same).
test('bytes after the last field: marked in the dumps, the summary says the bytes differ and why', async () => {
  const { page, context, problems } = await openDiff();
  const a = lease({});
  const end = a.length / 2;
  await diff(page, a, `${a}00`);
  assert.equal(await page.getAttribute('#diff-a-state', 'data-state'), 'ok');
  assert.equal(await page.textContent('#diff-b-state .banner.error .code'), 'TRAILING_BYTES');
  assert.equal(
    await page.textContent('#diff-summary'),
    `No field differs; the bytes differ after the last field, from offset ${end} (B: TRAILING_BYTES at offset ${end}).`,
  );
  assert.deepEqual(await changedBytes(page, 'a'), []);
  assert.deepEqual(await changedBytes(page, 'b'), [end]);
  assert.match(await page.getAttribute(`#diff-b-dump .b[data-i="${end}"]`, 'aria-label'), /differs/);

  await diff(page, `${a}01`, `${a}02`);
  assert.equal(
    await page.textContent('#diff-summary'),
    `No field differs; the bytes differ after the last field, from offset ${end} (A: TRAILING_BYTES at offset ${end}; B: TRAILING_BYTES at offset ${end}).`,
  );
  assert.deepEqual(await changedBytes(page, 'a'), [end]);
  assert.deepEqual(await changedBytes(page, 'b'), [end]);

  // With a field differing too, the summary says both.
  await diff(page, a, `${lease({ producerEpoch: 4 })}00`);
  assert.equal(
    await page.textContent('#diff-summary'),
    `1 field differs (value changed: 1); the bytes also differ after the last field, from offset ${end}.`,
  );
  await diff(page, `${a}01`, `${a}01`);
  assert.equal(await page.textContent('#diff-summary'), 'No field differs: the bytes are the same.');
  assert.deepEqual(problems, []);
  await context.close();
});

test('two Streams subscriptions of different versions (golden v1, v2): version changed, the user endpoint only in B', async () => {
  const { page, context, problems } = await openDiff();
  await diff(page, subscription(1), subscription(2));
  await page.waitForSelector('.diff-result[data-target="subscription"]');
  const r = await rows(page);
  assert.deepEqual(
    Object.keys(r).filter((p) => r[p][0] !== 'same'),
    ['subscription', 'subscription.version', 'subscription.user_end_point'],
  );
  assert.deepEqual(r['subscription.version'], ['changed', '1', '2']);
  assert.deepEqual(r['subscription.user_end_point'], ['only-b', 'absent', 'localhost:8080']);
  assert.equal(r.subscription[0], 'inner');
  assert.equal(await page.textContent('#diff-summary'), '2 fields differ (only in B: 1, value changed: 1).');
  assert.match(await page.textContent('#diff-a-state .banner.ok'), /subscription version 1/);
  assert.match(await page.textContent('#diff-b-state .banner.ok'), /subscription version 2/);
  // The endpoint only in B: all its bytes marked there; selecting it marks nothing in A.
  await page.click('#panel-diff [data-path="subscription.user_end_point"] > .row');
  const sel = await selectedBytes(page, 'b');
  assert.ok(sel.length > 0);
  assert.deepEqual(
    (await changedBytes(page, 'b')).filter((i) => i >= sel[0]),
    sel,
  );
  assert.deepEqual(await selectedBytes(page, 'a'), []);
  // Decoded as something else on purpose: both sides say why they fail, nothing is guessed.
  await page.selectOption('#diff-target', 'assignment');
  await page.waitForSelector('.diff-result[data-target="assignment"]');
  assert.equal(await page.$('#diff-why'), null);
  assert.equal(await page.getAttribute('#diff-a-state', 'data-state'), 'error');
  await shot(page, 'diff-streams');
  await axeClean(page, '#panel-diff');
  assert.deepEqual(problems, []);
  await context.close();
});

test('two ProduceRequests by kafkajs (acks 1 and -1): auto reads both as ProduceRequest, acks changed', async () => {
  const spec = (acks) => ({
    acks,
    timeout: 100,
    topicData: [
      {
        topic: '__coordination_state',
        partitions: [
          {
            partition: 0,
            messages: [
              {
                key: keyBytes({ kind: 'lease', role: 'r' }),
                value: valueBytes({ member: 'm', producerId: 1n, producerEpoch: 1, grantedAt: 5n, deadline: 6n }),
                timestamp: 5,
              },
            ],
          },
        ],
      },
    ],
  });
  const { page, context, problems } = await openDiff();
  const hex = async (acks) => Buffer.from(await writeProduceRequest(spec(acks))).toString('hex');
  await diff(page, await hex(1), await hex(-1));
  await page.waitForSelector('.diff-result[data-target="produce-request"]');
  const r = await rows(page);
  assert.deepEqual(
    Object.keys(r).filter((p) => r[p][0] !== 'same'),
    ['produce_request', 'produce_request.acks'],
  );
  assert.deepEqual(r['produce_request.acks'].slice(1), ['1 (the leader)', '-1 (all in-sync replicas)']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the diff in a shared link: the other browser opens the same tab, inputs, target and selected field', async () => {
  const { page, context } = await openDiff();
  await diff(page, lease({ producerEpoch: 3 }), lease({ producerEpoch: 9 }));
  await page.selectOption('#diff-target', 'lease');
  await page.click('#panel-diff [data-path="lease.producer_epoch"] > .row');
  await page.waitForFunction(() => location.hash.startsWith('#s='));
  await page.waitForTimeout(400); // the fragment follows the last edit a quarter second later
  const link = page.url();
  const other = await env.browser.newContext();
  const reader = await other.newPage();
  await reader.goto(link);
  await reader.waitForSelector('#panel-diff:not([hidden]) #diff-summary');
  assert.equal(await reader.getAttribute('#tab-diff', 'aria-selected'), 'true');
  assert.equal(await reader.inputValue('#diff-a-text'), await page.inputValue('#diff-a-text'));
  assert.equal(await reader.inputValue('#diff-b-text'), await page.inputValue('#diff-b-text'));
  assert.equal(await reader.inputValue('#diff-target'), 'lease');
  assert.equal(await reader.textContent('#diff-summary'), '1 field differs (value changed: 1).');
  assert.equal(
    await reader.getAttribute('#panel-diff [aria-selected="true"][role="treeitem"]', 'data-path'),
    'lease.producer_epoch',
  );
  await other.close();
  await context.close();
});

test('at 380 px the diff reads without a sideways scroll; the example fills two leases', async () => {
  const { page, context, problems } = await openDiff({ viewport: { width: 380, height: 800 } });
  await page.click('text=Example: two leases');
  await page.waitForSelector('#diff-summary');
  assert.equal(await page.textContent('#diff-summary'), '1 field differs (value changed: 1).');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 380);
  assert.match(await page.textContent('#panel-diff [data-path="lease.producer_epoch"] .va'), /^A: 3$/);
  await shot(page, 'diff-narrow');
  await axeClean(page, '#panel-diff');
  assert.deepEqual(problems, []);
  await context.close();
});
