// The viewer's layout defects of issue 21, each checked where it was seen: at 1280x900 both decoded
// states (banners, exact errors) show without scrolling; deep field names (Kafka Streams) show
// whole; an input's label says "bytes" once; at 380 px the topic's state table shows every column
// without a sideways scroll; counts take the singular for one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeClean, openPage, shot, golden, useBrowser } from './helpers.mjs';
import { keyBytes, valueBytes } from '../node/log-writer.mjs';

const env = useBrowser();

const byId = (file, id) => golden(file).vectors.find((v) => v.id === id);
const errorOf = (file, code) =>
  golden(file)
    .vectors.filter((v) => v.expect.error?.code === code && v.hex)
    .sort((a, b) => b.hex.length - a.hex.length)[0];

/** The part of an element inside the window, without scrolling: its box's bottom edge at most the window's. */
const inView = (page, selector) =>
  page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && window.scrollY === 0;
  });

test('at 1280x900 both decoded states show without scrolling: a valid key and a truncated value, two errors', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url, { viewport: { width: 1280, height: 900 } });
  const truncated = errorOf('lease', 'TRUNCATED');
  await page.fill('#value-text', truncated.hex);
  await page.waitForSelector('#value-out[data-state="error"]');
  assert.ok(await inView(page, '#key-out .banner.ok'), 'the key is valid, said in view');
  assert.ok(await inView(page, '#value-out .banner.error'), 'the value error, in view');
  assert.equal(await page.textContent('#value-out .banner.error .offset'), String(truncated.expect.error.offset));
  // Both in error (the value's kind unknown: every target tried, with a candidate list): still in view.
  await page.fill('#key-text', errorOf('key', 'UNKNOWN_KIND').hex);
  await page.waitForSelector('#key-out[data-state="error"]');
  assert.ok(await inView(page, '#key-out .banner.error'), 'the key error, in view');
  assert.ok(await inView(page, '#value-out .banner.error'), 'the value error, in view');
  await shot(page, 'layout-1280x900');
  assert.deepEqual(problems, []);
  await context.close();
});

test('Kafka Streams field names show whole (no ellipsis) at 1280 px and at 380 px', async () => {
  for (const width of [1280, 380]) {
    const { page, context, problems } = await openPage(env.browser, env.url, { viewport: { width, height: 900 } });
    await page.selectOption('#format', 'subscription');
    await page.fill('#bytes-text', byId('subscription', 'subscription/valid/v11').hex);
    await page.waitForSelector('#format-out[data-state="ok"]');
    const names = await page.$$eval('#format-out .tree .name', (els) =>
      els.map((el) => ({ text: el.textContent, cut: el.scrollWidth > el.clientWidth + 1 })),
    );
    for (const name of ['latest_supported_version', 'topic_group_id', 'named_topology', 'task_offset_sums'])
      assert.ok(
        names.some((n) => n.text.endsWith(name)),
        name,
      );
    assert.deepEqual(
      names.filter((n) => n.cut).map((n) => n.text),
      [],
      `${width} px: names cut`,
    );
    // The columns line up: every value of the tree starts at the same x (one name column for all rows).
    const starts = await page.$$eval('#format-out .tree .row .wt', (els) =>
      els.map((el) => Math.round(el.getBoundingClientRect().left)),
    );
    if (width === 1280) assert.equal(new Set(starts).size, 1, 'the wire type column is one column');
    await shot(page, `layout-streams-${width}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('the labels of the inputs say what they hold once ("Key bytes", not "Bytes bytes")', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  const labels = async () => page.$$eval('label.lbl', (els) => els.map((el) => el.firstChild.textContent.trim()));
  assert.deepEqual(await labels(), ['Key bytes', 'Value bytes']);
  await page.selectOption('#format', 'assignment');
  await page.waitForSelector('#bytes-text');
  const shown = await labels();
  assert.deepEqual(shown, ['Bytes to decode']);
  assert.equal(await page.getAttribute('#bytes-file', 'aria-label'), 'Bytes to decode: file');
  assert.deepEqual(problems, []);
  await context.close();
});

test('counts of one are singular: "1 byte", "1 error, 1 anomaly", "1 role", "1 standby task"', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  await page.fill('#value-text', '00');
  assert.match(await page.textContent('#value-status'), /Hex, 1 byte$/);
  // Streams: three previous tasks and one standby task (golden subscription v1 has 3 and 1).
  await page.selectOption('#format', 'subscription');
  await page.fill('#bytes-text', byId('subscription', 'subscription/valid/v1').hex);
  await page.waitForSelector('#format-out[data-state="ok"]');
  assert.match(await page.textContent('#format-out .banner.ok'), /3 previous tasks, 1 standby task$/);
  // The topic: one line that is no record (1 error), one lease whose holder is not registered (1 anomaly).
  await page.click('#tab-topic');
  await page.waitForSelector('#topic-text');
  const base = Date.now();
  const lease = valueBytes({
    member: 'b9',
    producerId: 1n,
    producerEpoch: 1,
    grantedAt: BigInt(base),
    deadline: BigInt(base + 60_000),
  });
  await page.fill(
    '#topic-text',
    [`0 0 ${keyBytes({ kind: 'lease', role: 'bravo' }).toString('hex')} ${lease.toString('hex')}`, 'zz'].join('\n'),
  );
  await page.click('text=Fold the pasted lines');
  await page.waitForSelector('#topic-status');
  assert.match(
    await page.textContent('#topic-status'),
    /^Folded 1 record into 1 role in \d+ ms: 1 error, 1 anomaly\.$/,
  );
  assert.equal(await page.textContent('#problems-h'), '1 error, 1 anomaly');
  assert.equal(await page.textContent('#topic-count'), '1 role');
  assert.match(
    await page.textContent('tr[data-role="bravo"] .c-anomalies .vh'),
    /^1 anomaly: lease_holder_not_registered$/,
  );
  assert.deepEqual(problems, []);
  await context.close();
});

test('at 380 px the topic state table shows every column of a row (cards), no sideways scroll; axe-clean', async () => {
  const base = Date.now();
  const line = (offset, key, value) =>
    `0 ${offset} ${keyBytes(key).toString('hex')} ${valueBytes(value).toString('hex')}`;
  const text = [
    line(
      0,
      { kind: 'registration', role: 'a-rather-long-role-name-for-a-phone', member: 'member-a1' },
      { member: 'member-a1', registeredAt: BigInt(base) },
    ),
    line(
      1,
      { kind: 'lease', role: 'a-rather-long-role-name-for-a-phone' },
      {
        member: 'member-a1',
        producerId: 1n,
        producerEpoch: 1,
        grantedAt: BigInt(base),
        deadline: BigInt(base + 3_600_000),
      },
    ),
    line(
      2,
      { kind: 'lease', role: 'bravo' },
      {
        member: 'b9',
        producerId: 2n,
        producerEpoch: 1,
        grantedAt: BigInt(base - 10_000),
        deadline: BigInt(base - 5_000),
      },
    ),
  ].join('\n');
  const { page, context, problems } = await openPage(env.browser, env.url, { viewport: { width: 380, height: 800 } });
  await page.click('#tab-topic');
  await page.fill('#topic-text', text);
  await page.click('text=Fold the pasted lines');
  await page.waitForSelector('#topic-status');
  const scroller = await page.$eval('.tt-scroll', (el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  assert.ok(scroller.scroll <= scroller.client, `no sideways scroll: ${scroller.scroll} > ${scroller.client}`);
  // Every cell of each row inside the table's visible box, its text not cut.
  for (const role of ['a-rather-long-role-name-for-a-phone', 'bravo']) {
    const cells = await page.$eval(`tr[data-role="${role}"]`, (tr) => {
      const box = tr.closest('.tt-scroll').getBoundingClientRect();
      return [...tr.children].map((c) => {
        const r = c.getBoundingClientRect();
        return {
          cls: c.className.split(' ')[0],
          inside: r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1,
          text: c.textContent,
        };
      });
    });
    assert.deepEqual(
      cells.filter((c) => !c.inside).map((c) => c.cls),
      [],
      `${role}: cells outside the table's box`,
    );
    assert.ok(cells.find((c) => c.cls === 'c-deadline').text.length > 0, `${role}: expiry shown`);
  }
  assert.match(await page.textContent('tr[data-role="bravo"] .c-deadline'), /^expired \d+ s ago$/);
  assert.match(await page.textContent('tr[data-role="bravo"] .c-anomalies'), /1/);
  assert.match(
    await page.textContent('tr[data-role="a-rather-long-role-name-for-a-phone"] .c-members'),
    /1.*member-a1/,
  );
  // Still a virtualized table: the keyboard moves between rows; sorting works.
  await page.focus('tr[data-row="0"] button');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.closest('tr').dataset.row), '1');
  await page.click('th.c-deadline button');
  assert.deepEqual(await page.$$eval('tbody tr[data-role]', (trs) => trs.map((tr) => tr.dataset.role)), [
    'bravo',
    'a-rather-long-role-name-for-a-phone',
  ]);
  await shot(page, 'layout-topic-380');
  await axeClean(page);
  assert.deepEqual(problems, []);
  await context.close();
});
