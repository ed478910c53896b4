// The topic view (issue 11 item 5) in Chromium: segment files written by kafkajs uploaded as files
// and as a partition directory, folded in the worker; the table checked row by row against the
// independent fold (tests/node/log-writer.mjs expectedFold); progress and cancel; role -> timeline
// -> record; the timeline picture; errors with their exact codes; filter and sort; 1,000,000 records.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeClean, setup, openPage, shot } from './helpers.mjs';
import {
  Compression,
  UNKNOWN_CODEC,
  expectedFold,
  readCommitted,
  writeLog,
  keyBytes,
  valueBytes,
} from '../node/log-writer.mjs';
import { modelLog, writeSegment, readTable, expectedRows, timelineLog, TIMELINE_BASE } from './topic-fixtures.mjs';

const LARGE = 1_000_000; // records of the large segment (issue 11, "Done when")
const LARGE_ROLES = 100_000;

let env;
let dir;
let large; // { path, records }
before(async () => {
  env = await setup();
  dir = mkdtempSync(join(tmpdir(), 'topic-view-'));
  // Written once per run: about 10 s with kafkajs on this machine.
  const records = modelLog({ count: LARGE, roles: LARGE_ROLES, seed: 99 });
  large = {
    path: await writeSegment(join(dir, 'large'), '00000000000000000000.log', records, { perBatch: 200 }),
    records,
  };
});
after(async () => {
  await env?.browser.close();
  await env?.srv.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function openTopic(options) {
  const opened = await openPage(env.browser, env.url, options);
  await opened.page.click('#tab-topic');
  await opened.page.waitForSelector('#topic-files');
  return opened;
}

async function folded(page) {
  await page.waitForSelector('#topic-status', { timeout: 120_000 });
  return page.textContent('#topic-status');
}

test('a partition directory by kafkajs (two partitions, several segments, gzip): every holder as the independent fold; light and dark, axe-clean', async () => {
  const base = Date.now();
  const p0a = modelLog({ count: 300, roles: 40, seed: 1, partition: 0, base });
  const p0b = modelLog({ count: 200, roles: 40, seed: 2, partition: 0, first: 300, base });
  const p1 = modelLog({ count: 250, roles: 30, seed: 3, partition: 1, base }).map((r) => ({
    ...r,
    key: { ...r.key, role: `other-${r.key.role}` },
  }));
  const root = join(dir, 'logdir');
  // The later segment written first: the view reads a partition's segments in base-offset order.
  await writeSegment(join(root, '__coordination_state-0'), '00000000000000000300.log', p0b, {
    compression: Compression.GZIP,
  });
  await writeSegment(join(root, '__coordination_state-0'), '00000000000000000000.log', p0a);
  await writeSegment(join(root, '__coordination_state-1'), '00000000000000000000.log', p1, { perBatch: 7 });
  writeFileSync(join(root, '__coordination_state-0', '00000000000000000000.index'), Buffer.alloc(16));
  // Another topic's partition directory, as a broker's data directory holds them: named, not read
  // (before, its record was folded as partition 0's, an error).
  mkdirSync(join(root, 'orders-0'));
  writeFileSync(
    join(root, 'orders-0', '00000000000000000000.log'),
    await writeLog([{ offset: 0, key: Buffer.from('order-1'), value: Buffer.from('{}') }]),
  );
  const want = expectedFold([...p0a, ...p0b, ...p1], base);

  for (const colorScheme of ['light', 'dark']) {
    const { context, page, problems } = await openTopic({ colorScheme });
    await page.setInputFiles('#topic-dir', root);
    const status = await folded(page);
    assert.match(status, /Folded 750 records into \d+ roles/);
    assert.match(
      await page.textContent('#topic-plan'),
      /^3 files read \(3 with the partition from its directory\); 1 skipped \(indexes, checkpoints\); other topics not read: orders \(1\)\.$/,
    );
    const { total, rows } = await readTable(page);
    assert.equal(total, want.roles.length);
    assert.deepEqual(rows, expectedRows(want));
    await axeClean(page);
    await shot(page, `topic-dir-${colorScheme}`);
    assert.deepEqual(await page.evaluate(() => window.__csp), []);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a dropped file without a directory takes the chosen partition; role -> timeline -> record (tree and hex), keyboard only', async () => {
  const base = Date.now();
  const records = modelLog({ count: 120, roles: 5, seed: 7, partition: 4, base });
  const file = await writeSegment(join(dir, 'plain'), '00000000000000000000.log', records, { perBatch: 9 });
  const { context, page, problems } = await openTopic({ permissions: ['clipboard-read', 'clipboard-write'] });
  await page.fill('#topic-partition', '4');
  // Dropped on the input panel (a file without a path: the chosen partition).
  await page.evaluate((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], '00000000000000000000.log'));
    const panel = document.querySelector('.topic-input');
    panel.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    panel.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, readFileSync(file).toString('base64'));
  await folded(page);
  assert.match(
    await page.textContent('#topic-plan'),
    /1 file read \(0 with the partition from its directory, 1 as partition 4\)/,
  );
  const want = expectedFold(records, base);
  assert.deepEqual((await readTable(page)).rows, expectedRows(want));

  // Keyboard: the timeline as a list, then Tab into the table, arrows to the third row, Enter opens its records.
  await page.focus('#tl-view-list');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('#tl-view-list', 'aria-pressed'), 'true');
  await page.focus('.tt tbody tr[data-row="0"] button');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const role = await page.evaluate(() => document.activeElement.closest('tr').dataset.role);
  await page.keyboard.press('Enter');
  await page.waitForSelector('#timeline .tl li');
  // The timeline: every record of the role, key by key, in offset order.
  const ofRole = records.filter((r) => r.key.role === role);
  const shown = await page.$$eval('#timeline .tl li', (lis) => lis.map((li) => Number(li.dataset.offset)));
  assert.deepEqual(
    shown.sort((a, b) => a - b),
    ofRole.map((r) => r.offset),
  );
  const tombs = await page.$$eval('#timeline .tl li.tomb', (lis) => lis.map((li) => Number(li.dataset.offset)));
  assert.deepEqual(
    tombs.sort((a, b) => a - b),
    ofRole.filter((r) => r.value === null).map((r) => r.offset),
  );

  // A lease record opens in the record view: key and value decoded, tree and hex dump, exact bytes.
  const lease = ofRole.find((r) => r.key.kind === 'lease' && r.value);
  await page.focus(`#timeline li[data-offset="${lease.offset}"] button`);
  await page.keyboard.press('Enter');
  await page.waitForSelector('#topic-record #trec-value .banner.ok');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'topic-record');
  assert.match(
    await page.textContent('#trec-h'),
    new RegExp(`Record at offset ${lease.offset} \\(partition 4, 00000000000000000000.log`),
  );
  assert.match(await page.textContent('#trec-key .banner.ok'), new RegExp(`lease key · role ${role}`));
  assert.match(
    await page.textContent('#trec-value .banner.ok'),
    new RegExp(`lease value · member ${lease.value.member}`),
  );
  const hexOf = async (id) =>
    (await page.$$eval(`#${id} .hex [data-i]`, (cells) => cells.map((c) => c.textContent).join(''))).replace(/\s/g, '');
  assert.equal(await hexOf('trec-key'), keyBytes(lease.key).toString('hex'));
  assert.equal(await hexOf('trec-value'), valueBytes(lease.value).toString('hex'));
  assert.ok(await page.$('#trec-value .ti'), 'the field tree is shown');
  // Copy as JSON line: the shape the whole-topic mode reads back.
  await page.click('#trec-copy-line');
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  assert.deepEqual(copied, {
    key: keyBytes(lease.key).toString('hex'),
    value: valueBytes(lease.value).toString('hex'),
    partition: 4,
    offset: String(lease.offset),
    timestamp: String(1_700_000_000_000 + (lease.offset % 9)),
  });

  // A tombstone opens as the null tombstone state (the role chosen has one: the test fails if not).
  const tomb = ofRole.find((r) => r.value === null);
  assert.ok(tomb, `role ${role} has a tombstone among offsets ${ofRole.map((r) => r.offset)}`);
  await page.click(`#timeline li[data-offset="${tomb.offset}"] button`);
  await page.waitForSelector(`#trec-h:has-text("offset ${tomb.offset}")`);
  await page.waitForSelector('#trec-value[data-state="null"]');
  await axeClean(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a corrupt batch, a cut-off final batch, an unsupported codec and bad lines: listed with their offsets or lines and exact codes', async () => {
  const records = modelLog({ count: 30, roles: 3, seed: 5 });
  const good = await writeLog(records, { perBatch: 10 });
  const bytes = Buffer.from(good);
  // The second batch (base offset 10): one byte of its records flipped, so its CRC-32C fails.
  const second = 12 + bytes.readInt32BE(8);
  bytes[second + 70] ^= 0xff;
  const unknown = await writeLog(modelLog({ count: 5, roles: 3, seed: 6, first: 30 }), {
    compression: UNKNOWN_CODEC,
  });
  const cut = await writeLog(modelLog({ count: 5, roles: 3, seed: 8, first: 35 }));
  const seg = Buffer.concat([bytes, unknown, cut.subarray(0, cut.length - 9)]);
  const f = join(dir, 'corrupt');
  await writeSegment(f, 'ignored.log', []);
  writeFileSync(join(f, '00000000000000000000.log'), seg);
  const lines = join(f, 'records.jsonl');
  writeFileSync(lines, `{"key": null, "value": null, "offset": 7}\n{"key": "zz"}\n`);

  const { context, page, problems } = await openTopic();
  await page.setInputFiles('#topic-files', [join(f, '00000000000000000000.log'), lines]);
  await folded(page);
  const errors = await page.$$eval('.perr-item', (lis) => lis.map((li) => li.textContent));
  const want = (re) =>
    assert.ok(
      errors.some((e) => re.test(e)),
      `${re} in ${JSON.stringify(errors, null, 1)}`,
    );
  want(/^partition 0 offset 10 CRC_MISMATCH batch\.crc: /);
  want(/^partition 0 offset 30 UNSUPPORTED_COMPRESSION .*unknown \(codec 7\)/);
  want(/^partition 0 offset 35 BATCH_TRUNCATED /);
  want(/^partition 0 offset 7 NULL_KEY /);
  want(/^line 2 INVALID_LINE line: records\.jsonl line 2: expected the fields "key" and "value"/);
  assert.equal(errors.length, 5);
  // The records of the good batches are folded: as the independent fold of offsets 0-9 and 20-29.
  const kept = records.filter((r) => r.offset < 10 || r.offset >= 20);
  assert.deepEqual((await readTable(page)).rows, expectedRows(expectedFold(kept, Date.now())));
  await axeClean(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a record file of 300,000 lines folds as the independent fold (its records were once one call's arguments: over the stack from about 200,000); a drop while it folds is not taken", async () => {
  const base = Date.now();
  const records = modelLog({ count: 300_000, roles: 500, seed: 12, base });
  const file = join(dir, 'many.txt');
  writeFileSync(
    file,
    records
      .map(
        (r) =>
          `${r.partition} ${r.offset} ${keyBytes(r.key).toString('hex')} ${r.value ? valueBytes(r.value).toString('hex') : 'NULL'}`,
      )
      .join('\n'),
  );
  const { context, page, problems } = await openTopic();
  await page.setInputFiles('#topic-files', [file]);
  // A file dropped while it folds waits as the file inputs do: it neither cancels the fold nor
  // leaves an error behind (it did: 'The input could not be read: superseded', beside the state).
  await page.waitForSelector('#topic-cancel');
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['0 0 00 00\n'], 'second.txt'));
    document
      .querySelector('.topic-input')
      .dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await folded(page);
  assert.deepEqual((await readTable(page)).rows, expectedRows(expectedFold(records, Date.now())));
  const text = await page.textContent('main');
  assert.doesNotMatch(text, /superseded|could not be read|Nothing to read/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('pasted lines, search, status filter and sorting; anomalies listed and marked in the table', async () => {
  const base = Date.now();
  const line = (partition, offset, key, value) =>
    `${partition} ${offset} ${keyBytes(key).toString('hex')} ${value ? valueBytes(value).toString('hex') : 'NULL'}`;
  const lease = (member, producerId, grantedAt, deadline) => ({
    member,
    producerId,
    producerEpoch: 1,
    grantedAt,
    deadline,
  });
  const text = [
    line(0, 0, { kind: 'registration', role: 'alpha', member: 'a1' }, { member: 'a1', registeredAt: base }),
    line(0, 1, { kind: 'lease', role: 'alpha' }, lease('a1', 1, base, base + 3_600_000)),
    line(0, 2, { kind: 'lease', role: 'bravo' }, lease('b9', 2, base - 10_000, base - 5_000)), // expired, holder not registered
    line(1, 0, { kind: 'registration', role: 'charlie', member: 'c1' }, { member: 'c1', registeredAt: base }),
    line(0, 3, { kind: 'registration', role: 'delta', member: 'd1' }, { member: 'd1', registeredAt: base }),
    line(0, 4, { kind: 'lease', role: 'delta' }, lease('d1', 4, base, base + 60_000)),
  ].join('\n');
  const { context, page, problems } = await openTopic({ viewport: { width: 380, height: 800 } });
  await page.fill('#topic-text', text);
  await page.click('text=Fold the pasted lines');
  await folded(page);
  const roles = async () => (await readTable(page)).rows.map((r) => r.role);
  assert.deepEqual(await roles(), ['alpha', 'bravo', 'charlie', 'delta']);
  const anomalies = await page.$$eval('.anom-item', (lis) => lis.map((li) => li.dataset.kind + ' ' + li.textContent));
  assert.deepEqual(
    anomalies.map((a) => a.split(' ')[0]),
    ['lease_holder_not_registered'],
  );
  assert.match(anomalies[0], /offset 2 lease_holder_not_registered role bravo/);
  assert.match(await page.textContent('tr[data-role="bravo"] .c-anomalies'), /1/);
  assert.match(await page.textContent('tr[data-role="bravo"] .c-deadline'), /^expired \d+ s ago$/);
  assert.match(await page.textContent('tr[data-role="alpha"] .c-deadline'), /^in (59 m|1 h)/);

  await page.fill('#topic-search', 'd1');
  assert.deepEqual(await roles(), ['delta']);
  assert.equal(await page.textContent('#topic-count'), '1 of 4 roles');
  await page.fill('#topic-search', '');
  await page.selectOption('#topic-filter', 'expired');
  assert.deepEqual(await roles(), ['bravo']);
  await page.selectOption('#topic-filter', 'none');
  assert.deepEqual(await roles(), ['charlie']);
  await page.selectOption('#topic-filter', 'anomalies');
  assert.deepEqual(await roles(), ['bravo']);
  await page.selectOption('#topic-filter', 'all');
  // Sorting: by expiry (the soonest deadline first, no lease last), then reversed; by partition.
  await page.click('th.c-deadline button');
  assert.equal(await page.getAttribute('th.c-deadline', 'aria-sort'), 'ascending');
  assert.deepEqual(await roles(), ['bravo', 'delta', 'alpha', 'charlie']);
  await page.click('th.c-deadline button');
  assert.equal(await page.getAttribute('th.c-deadline', 'aria-sort'), 'descending');
  assert.deepEqual(await roles(), ['charlie', 'alpha', 'delta', 'bravo']);
  await page.click('th.c-partition button');
  assert.deepEqual(await roles(), ['alpha', 'bravo', 'delta', 'charlie']);
  // An anomaly's role link opens its timeline (as a list).
  await page.click('#tl-view-list');
  await page.click('.anom-item button');
  await page.waitForSelector('#timeline li[data-offset="2"]');
  // 380 px: nothing wider than the window but the table's own scroller.
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => !el.closest('.tt-scroll') && el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName}.${el.className}`),
  );
  assert.deepEqual(wide, []);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 380);
  await shot(page, 'topic-narrow');
  await axeClean(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test('transactions: the state as read_committed sees it; the timeline marks committed, aborted and open records, a marker opens as what it says; kcat framed records upload', async () => {
  const base = Date.now();
  const reg = (role, member, at) => ({
    key: { kind: 'registration', role, member },
    value: { member, registeredAt: base - at },
  });
  const lease = (role, member, producerId) => ({
    key: { kind: 'lease', role },
    value: { member, producerId, producerEpoch: 1, grantedAt: base, deadline: base + 600_000 },
  });
  const inTxn = (producerId, r) => ({ ...r, producerId, transactional: true });
  const entries = [
    reg('tx-role', 'a', 5),
    inTxn(7, lease('tx-role', 'a', 7)),
    inTxn(8, lease('tx-role', 'b', 8)),
    inTxn(8, reg('tx-role', 'b', 4)),
    { marker: 'ABORT', producerId: 8 },
    { marker: 'COMMIT', producerId: 7 },
    inTxn(9, reg('tx-role', 'c', 3)),
  ].map((e, offset) => ({ partition: 0, offset, ...e }));
  const file = join(dir, 'txn', '00000000000000000000.log');
  await writeSegment(join(dir, 'txn'), '00000000000000000000.log', entries, { perBatch: 3 });
  const { context, page, problems } = await openTopic();
  await page.setInputFiles('#topic-files', file);
  assert.match(await folded(page), /Folded 5 records into 1 role in/);
  const want = expectedFold(readCommitted(entries).delivered, base);
  assert.deepEqual((await readTable(page)).rows, expectedRows(want));
  assert.deepEqual(want.roles[0].lease.holder, 'a');
  assert.match(await page.textContent('.anom-item'), /transaction_open/);

  await page.click('#tl-view-list');
  await page.click('.tt tbody tr[data-row="0"] button');
  await page.waitForSelector('#timeline .tl li');
  const shown = await page.$$eval('#timeline .tl li', (lis) =>
    lis.map((li) => [Number(li.dataset.offset), li.dataset.transaction ?? null]),
  );
  assert.deepEqual(
    shown.sort((x, y) => x[0] - y[0]),
    [
      [0, null],
      [1, 'committed'],
      [2, 'aborted'],
      [3, 'aborted'],
      [6, 'open'],
    ],
  );
  assert.match(
    await page.textContent('#timeline li[data-offset="2"]'),
    /aborted by producer 8 \(marker at offset 4\): not in the state/,
  );
  assert.match(await page.textContent('#timeline li[data-offset="6"]'), /open transaction .*not in the state/);
  // The commit marker, opened from the committed lease's line.
  await page.click('#timeline li[data-offset="1"] .txn button');
  await page.waitForSelector('#trec-marker');
  assert.match(await page.textContent('#trec-h'), /Record at offset 5 \(partition 0/);
  assert.match(
    await page.textContent('#trec-marker'),
    /Transaction marker COMMIT of producer id 7 \(epoch 0\), coordinator epoch 0\. A control record, not a coordination record/,
  );
  assert.equal(await page.$('#trec-key'), null);
  await axeClean(page);

  // The same records as kcat prints them (-f '%p %o %T %K %S\n%k%s\n', read_committed: the
  // delivered records only), uploaded as a file.
  const delivered = readCommitted(entries).delivered;
  const framed = Buffer.concat(
    delivered.map((r) => {
      const key = keyBytes(r.key);
      const value = valueBytes(r.value);
      return Buffer.concat([
        Buffer.from(`0 ${r.offset} ${base} ${key.length} ${value ? value.length : -1}\n`),
        key,
        value ?? Buffer.alloc(0),
        Buffer.from('\n'),
      ]);
    }),
  );
  const kcatFile = join(dir, 'txn', 'topic.kcat');
  writeFileSync(kcatFile, framed);
  await page.setInputFiles('#topic-files', kcatFile);
  await page.waitForSelector('#topic-status:has-text("Folded 2 records")');
  assert.deepEqual((await readTable(page)).rows, expectedRows(want));
  assert.deepEqual(problems, []);
  await context.close();
});

// The picture's lanes as drawn: per lane its role, its rows (lease, then registrations) with their
// spans [kind, offset, label, dropped], its marks and its anomalies.
function readPicture(page) {
  return page.$$eval('#tlp-plot .tlp-lane', (lanes) =>
    lanes.map((g) => ({
      role: g.dataset.role,
      rows: Object.fromEntries(
        [...g.querySelectorAll('.tlp-row')].map((row) => [
          row.dataset.key,
          [...row.querySelectorAll('.tlp-span')].map((r) => [
            ['lease', 'reg', 'tomb'].find((c) => r.classList.contains(c)),
            Number(r.dataset.offset),
            r.nextElementSibling?.textContent ?? '',
            r.classList.contains('dropped') ? r.getAttribute('class').match(/txn-(\w+)/)[1] : '',
          ]),
        ]),
      ),
      marks: ['gap', 'expiry', 'overlap'].map((m) => g.querySelectorAll(`.tlp-${m}`).length),
      anomalies: [...g.querySelectorAll('.tlp-anomaly')].map((a) => `${a.dataset.kind}@${a.dataset.offset}`),
    })),
  );
}

const TIME = (minutes) =>
  new Date(TIMELINE_BASE + minutes * 60_000).toISOString().replace('T', ' ').replace('.000Z', 'Z');

test('the timeline picture: lanes, spans, gaps, expiries, an overlap, a tombstone, an aborted lease and the anomalies as the fixture says; hover, click, zoom, pan, keyboard; SVG and PNG saved; axe-clean', async () => {
  const entries = timelineLog();
  const file = await writeSegment(join(dir, 'timeline'), '00000000000000000000.log', entries, { perBatch: 4 });
  const { context, page, problems } = await openTopic({ viewport: { width: 1280, height: 900 } });
  await page.setInputFiles('#topic-files', file);
  assert.match(await folded(page), /Folded 14 records into 4 roles/);
  await page.waitForSelector('#tlp-plot .tlp-span');
  assert.equal(await page.getAttribute('#tl-view-picture', 'aria-pressed'), 'true');

  // Lanes in the table's order; each row's spans in time order (the fixture's comments say why).
  const lanes = await readPicture(page);
  assert.deepEqual(
    lanes.map((l) => [l.role, l.rows, l.marks]),
    [
      [
        'alpha',
        {
          lease: [
            ['lease', 2, 'a1', ''],
            ['lease', 3, 'a1', ''],
            ['lease', 4, 'a2', ''],
          ],
          'registration:a1': [
            ['reg', 0, '', ''],
            ['tomb', 8, '', ''],
          ],
          'registration:a2': [['reg', 1, '', '']],
        },
        [1, 1, 0],
      ],
      [
        'bravo',
        {
          lease: [
            ['lease', 6, 'b1', ''],
            ['lease', 7, 'b2', ''],
          ],
          'registration:b1': [['reg', 5, '', '']],
        },
        [1, 1, 1],
      ],
      [
        'charlie',
        {
          lease: [
            ['lease', 10, 'c1', ''],
            ['lease', 11, '', 'aborted'],
          ],
          'registration:c1': [['reg', 9, '', '']],
        },
        [1, 1, 0],
      ],
      [
        'delta',
        {
          lease: [
            ['lease', 13, 'd1', ''],
            ['lease', 14, 'd1', ''],
          ],
        },
        [1, 1, 0],
      ],
    ],
  );
  // Every anomaly of the independent fold, on its role's lane at its offset.
  const want = expectedFold(readCommitted(entries).delivered, Date.now());
  assert.deepEqual(
    lanes.flatMap((l) => l.anomalies.map((a) => `${l.role} ${a}`)).sort(),
    want.anomalies.map((a) => `${a.role} ${a.kind}@${a.offset}`).sort(),
  );
  assert.equal(want.anomalies.length, 3);

  // Hover: a lease's record; the overlap; the gap after alpha's last lease.
  await page.hover('#tlp-plot .tlp-lane[data-role="bravo"] .tlp-span[data-offset="7"]');
  const card = await page.textContent('#tlp-card');
  for (const part of [
    'Lease · offset 7 · partition 0',
    'holder b2 · producer 202 epoch 1',
    `granted ${TIME(15)} · deadline ${TIME(35)} (20 m 00 s)`,
    'record timestamp 2023-11-14 22:13:20.003Z',
  ])
    assert.ok(card.includes(part), `${part} in ${card}`);
  await page.hover('#tlp-plot .tlp-lane[data-role="bravo"] .tlp-overlap', { position: { x: 20, y: 2 } });
  assert.match(
    await page.textContent('#tlp-card'),
    new RegExp(`b1 and b2 both hold the lease from ${TIME(15)} to ${TIME(25)} \\(10 m 00 s\\)`),
  );
  await page.hover('#tlp-plot .tlp-lane[data-role="charlie"] .tlp-span[data-offset="11"]');
  assert.match(
    await page.textContent('#tlp-card'),
    /aborted transaction of producer 302 \(marker at offset 12\): not in the state/,
  );

  // Click: the record opens below, in the record view.
  await page.click('#tlp-plot .tlp-lane[data-role="bravo"] .tlp-span[data-offset="7"]');
  await page.waitForSelector('#trec-h:has-text("offset 7")');
  assert.match(await page.textContent('#trec-h'), /Record at offset 7 \(partition 0, 00000000000000000000\.log/);
  assert.match(await page.textContent('#trec-value .banner.ok'), /lease value · member b2/);

  // Zoom and pan: buttons, keys, the wheel, a drag: the axis follows.
  const axis = () =>
    page.evaluate(() => ({
      step: Number(document.querySelector('#tlp-plot svg').dataset.step),
      ticks: [...document.querySelectorAll('#tlp-plot .tlp-tick')].map((t) => Number(t.dataset.t)),
      labels: [...document.querySelectorAll('#tlp-plot .tlp-tick text')].map((t) => t.textContent),
    }));
  const fitted = await axis();
  assert.equal(fitted.step, 600_000);
  assert.deepEqual(fitted.labels, ['21:20', '21:30', '21:40', '21:50', '22:00', '22:10']);
  for (let i = 0; i < 4; i++) await page.click('#tlp-zoom-in');
  const zoomed = await axis();
  assert.ok(zoomed.step < fitted.step, `step ${zoomed.step} after zooming in`);
  assert.notDeepEqual(zoomed.labels, fitted.labels);
  await page.click('#tlp-later');
  const later = await axis();
  assert.equal(later.step, zoomed.step);
  assert.ok(later.ticks[0] > zoomed.ticks[0], 'later moves the axis');
  await page.focus('#tlp-plot');
  await page.keyboard.press('0');
  assert.deepEqual(await axis(), fitted);
  await page.keyboard.press('-');
  assert.ok((await axis()).step > fitted.step, 'the - key zooms out');
  await page.keyboard.press('+');
  assert.deepEqual((await axis()).step, fitted.step);
  await page.keyboard.press('0');
  const box = await page.locator('#tlp-plot').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + 12);
  await page.mouse.wheel(0, -400); // over the axis: zoom in around the pointer
  const wheeled = await axis();
  assert.ok(wheeled.step < fitted.step, `step ${wheeled.step} after the wheel`);
  await page.keyboard.press('0');
  await page.mouse.move(box.x + box.width / 2, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 300, box.y + 100, { steps: 5 });
  await page.mouse.up();
  const dragged = await axis();
  assert.equal(dragged.step, fitted.step);
  assert.ok(dragged.ticks[0] > fitted.ticks[0], 'dragging left shows later times');
  await page.keyboard.press('0');

  // Keyboard: the second lane, its first record (in time order), Enter opens it.
  await page.focus('#tlp-plot');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowRight');
  assert.match(await page.textContent('#tlp-card'), /Registration · offset 5 · partition 0/);
  await page.keyboard.press('Shift+ArrowRight');
  assert.match(await page.textContent('#tlp-card'), /Lease · offset 6 · partition 0/);
  await page.keyboard.press('Enter');
  await page.waitForSelector('#trec-h:has-text("offset 6")');

  // Saved as SVG (the spans drawn, styles inline) and as PNG.
  const drawn = await page.$$eval('#tlp-plot .tlp-span', (rs) => rs.map((r) => r.dataset.offset));
  const [svgFile] = await Promise.all([page.waitForEvent('download'), page.click('#tlp-svg')]);
  assert.equal(svgFile.suggestedFilename(), 'coordination-timeline.svg');
  const svg = readFileSync(await svgFile.path(), 'utf8');
  assert.match(svg, /^<\?xml[^>]*>\n<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.deepEqual(
    [...svg.matchAll(/<rect class="tlp-span[^"]*"[^>]*data-offset="(\d+)"/g)].map((m) => m[1]),
    drawn,
  );
  assert.doesNotMatch(svg, /var\(--/);
  assert.match(svg, /class="tlp-span lease [^"]*"[^>]*style="[^"]*fill: rgb\(/);
  const [pngFile] = await Promise.all([page.waitForEvent('download'), page.click('#tlp-png')]);
  assert.equal(pngFile.suggestedFilename(), 'coordination-timeline.png');
  const png = readFileSync(await pngFile.path());
  assert.equal(png.subarray(0, 8).toString('hex'), '89504e470d0a1a0a');
  assert.equal(png.subarray(12, 16).toString(), 'IHDR');
  const svgSize = await page.$eval('#tlp-plot svg', (el) => [el.width.baseVal.value, el.height.baseVal.value]);
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [svgSize[0] * 2, svgSize[1] * 2]);

  // The list is a click away, and back.
  await page.click('#tl-view-list');
  assert.match(await page.textContent('#timeline-choose'), /Choose a role/);
  await page.click('#tl-view-picture');
  assert.ok(await page.isVisible('#tlp-plot'));
  await shot(page, 'topic-timeline');
  await axeClean(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test(`${LARGE.toLocaleString('en')} records by kafkajs: the progress bar moves, cancel stops the fold, then every holder of about ${LARGE_ROLES.toLocaleString('en')} roles as the independent fold, and a role's timeline`, async () => {
  const { context, page, problems } = await openTopic({ viewport: { width: 1280, height: 4000 } });
  // Cancel: the progress bar shows a fraction, then Cancel ends the worker; nothing is folded.
  await page.setInputFiles('#topic-files', large.path);
  await page.waitForFunction(() => {
    const p = document.querySelector('#topic-progress');
    return p && p.value > 0 && p.value < p.max;
  });
  await page.click('#topic-cancel');
  assert.equal(await page.textContent('#topic-failure'), 'Cancelled: nothing was folded.');
  assert.equal(await page.$('#topic-progress'), null);
  assert.equal(await page.$('.tt'), null);

  // Again, to the end: the progress values seen rise, and the table is the independent fold's.
  await page.evaluate(() => {
    window.__progress = [];
    new MutationObserver(() => {
      const p = document.querySelector('#topic-progress');
      if (p) window.__progress.push(p.value / p.max);
    }).observe(document.body, { subtree: true, attributes: true, childList: true });
  });
  await page.setInputFiles('#topic-files', []);
  await page.setInputFiles('#topic-files', large.path);
  const status = await folded(page);
  const want = expectedFold(large.records, Date.now());
  assert.ok(want.roles.length > 0.99 * LARGE_ROLES, `${want.roles.length} live roles`);
  assert.match(status, new RegExp(`^Folded ${LARGE} records into ${want.roles.length} roles`));
  const seen = await page.evaluate(() => window.__progress);
  assert.ok(new Set(seen.filter((v) => v > 0 && v < 1)).size >= 2, `progress values: ${seen.join(', ')}`);
  const { total, rows } = await readTable(page);
  assert.equal(total, want.roles.length);
  assert.deepEqual(rows, expectedRows(want));
  // Only the rows in view are in the DOM.
  const rendered = await page.$$eval('.tt tbody tr[data-row]', (trs) => trs.length);
  assert.ok(rendered < 200, `${rendered} rows rendered`);
  // A role's timeline out of the million records: every record of the role, in offset order.
  const role = await page.getAttribute('.tt tbody tr[data-row="0"]', 'data-role');
  await page.click('#tl-view-list');
  await page.click('.tt tbody tr[data-row="0"] button');
  await page.waitForSelector('#timeline .tl li', { timeout: 120_000 });
  const shown = await page.$$eval('#timeline .tl li', (lis) => lis.map((li) => Number(li.dataset.offset)));
  assert.deepEqual(
    shown.sort((a, b) => a - b),
    large.records.filter((r) => r.key.role === role).map((r) => r.offset),
  );
  assert.deepEqual(problems, []);
  await context.close();
});
