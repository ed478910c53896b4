// The Topic tab shows decoded strings as the field tree does (VisibleString): a role, member, group,
// protocol, transactional id, topic or header key with a bidi control (U+202E) and a NUL in it is
// shown with both as marked escapes in the state table, the problems, the timeline (list and
// picture, and the picture's screen-reader announcements as plain escapes), the record's headers,
// the Transactions view and the Groups view; never raw, so they
// cannot reorder or hide what is read around them. The segments: kafkajs's record batches
// (tests/node/log-writer.mjs), transaction-log records by the golden generator
// (tests/node/transaction-writer.mjs), __consumer_offsets records by tests/node/group-writer.mjs.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPage, useBrowser } from './helpers.mjs';
import { keyBytes, valueBytes, writeBatch } from '../node/log-writer.mjs';
import { transactionSegment, withBytes } from '../node/transaction-writer.mjs';
import {
  consumerAssignment,
  consumerSubscription,
  groupKey,
  groupSegment,
  groupValue,
  offsetKey,
  offsetValue,
} from '../node/group-writer.mjs';

const env = useBrowser();
const dir = mkdtempSync(join(tmpdir(), 'topic-strings-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const ROLE = 'pay\u202Eppa\u0000';
const MEMBER = 'm\u202E-1\u0000';
const HEADER = 'tr\u202Eace\u0000';
const TXN_ID = 'orders\u202Erekrow\u0000';
const TOPIC = 'bil\u202Eling\u0000';
const GROUP = 'pay\u202Eppa-stnemyap\u0000';
const PROTOCOL = 'ran\u202Ege\u0000';
const GROUP_MEMBER = 'c\u202E-1\u0000';
const LONELY = 'lone\u202Ely\u0000';
/** What the page shows of s: U+202E and U+0000 as their escapes. */
const shown = (s) => s.replaceAll('\u202E', '\\u202E').replaceAll('\u0000', '\\u0000');
const T0 = Date.now() - 120_000;

async function writeLogDir(root) {
  const coordination = await writeBatch({
    baseOffset: 0,
    baseTimestamp: T0,
    records: [
      {
        key: keyBytes({ kind: 'registration', role: ROLE, member: MEMBER }),
        value: valueBytes({ member: MEMBER, registeredAt: T0 }),
      },
      {
        key: keyBytes({ kind: 'lease', role: ROLE }),
        value: valueBytes({
          member: MEMBER,
          producerId: 4000,
          producerEpoch: 3,
          grantedAt: T0,
          deadline: T0 + 3_600_000,
        }),
        headers: { [HEADER]: 'x' },
      },
    ],
  });
  // The holder's producer at epoch 4 in the transaction log: lease_holder_fenced, naming TXN_ID.
  const holder = (epoch) => ({
    producerId: 4000,
    producerEpoch: epoch,
    timeoutMs: 60_000,
    status: 'CompleteCommit',
    partitions: [[TOPIC, [0]]],
    lastUpdate: T0 + epoch,
    start: -1,
  });
  const transactions = await transactionSegment(
    withBytes([
      { partition: 3, offset: 0, id: TXN_ID, value: holder(3) },
      { partition: 3, offset: 1, id: TXN_ID, value: holder(4) },
    ]),
  );
  const group = {
    protocolType: 'consumer',
    generation: 1,
    protocol: PROTOCOL,
    leader: GROUP_MEMBER,
    currentStateTimestamp: T0,
    members: [
      {
        memberId: GROUP_MEMBER,
        subscription: consumerSubscription([TOPIC]),
        assignment: consumerAssignment([[TOPIC, [0]]]),
      },
    ],
  };
  const groups = await groupSegment([
    { offset: 0, key: groupKey(GROUP), value: groupValue(group) },
    { offset: 1, key: offsetKey(GROUP, TOPIC, 0), value: offsetValue({ offset: 42, commitTimestamp: T0 }) },
    // Offsets of a group with no metadata: offsets_without_group, naming LONELY.
    { offset: 2, key: offsetKey(LONELY, TOPIC, 0), value: offsetValue({ offset: 7, commitTimestamp: T0 }) },
  ]);
  for (const [partitionDir, bytes] of [
    ['__coordination_state-0', coordination],
    ['__transaction_state-3', transactions],
    ['__consumer_offsets-0', groups],
  ]) {
    mkdirSync(join(root, partitionDir), { recursive: true });
    writeFileSync(join(root, partitionDir, '00000000000000000000.log'), bytes);
  }
  return root;
}

/** The text of every element matching `selector`. */
const texts = (page, selector) => page.$$eval(selector, (els) => els.map((e) => e.textContent));

test('the Topic tab shows bidi and control characters of roles, members, groups, ids and topics as marked escapes', async () => {
  const root = await writeLogDir(join(dir, 'logdir'));
  const { context, page, problems } = await openPage(env.browser, env.url);
  await page.click('#tab-topic');
  await page.setInputFiles('#topic-dir', root);
  await page.waitForSelector('#topic-status', { timeout: 60_000 });
  assert.match(await page.textContent('#topic-status'), /Folded 2 records into 1 role/);
  // Nowhere a raw U+202E.
  assert.equal((await page.textContent('.topic')).includes('\u202E'), false);

  // The state table: role (and its title), holder, members.
  const row = '#topic-state tbody tr[data-row="0"]';
  assert.equal(await page.textContent(`${row} .c-role button`), shown(ROLE));
  assert.equal(await page.getAttribute(`${row} .c-role button`, 'title'), shown(ROLE));
  assert.equal(await page.textContent(`${row} .c-holder`), shown(MEMBER));
  assert.equal(await page.textContent(`${row} .c-members`), `1 (${shown(MEMBER)})`);
  assert.equal(await page.getAttribute(`${row} .c-members`, 'title'), shown(MEMBER));
  assert.equal(await page.getAttribute(`${row} .c-role .esc`, 'title'), 'U+202E bidi control');

  // The problems: the anomaly's role and its message's transactional id.
  const [anomaly] = await texts(page, '#problems .anom-item');
  assert.match(anomaly, /^offset 1 lease_holder_fenced role /);
  assert.ok(anomaly.includes(`role ${shown(ROLE)}`), anomaly);
  assert.ok(anomaly.includes(`transactional id "${shown(TXN_ID)}"`), anomaly);

  // The picture: the lane's role and member labels (SVG text), the cards of the lane and the lease.
  await page.waitForSelector('#tlp-plot .tlp-span.lease');
  assert.equal(await page.textContent('#tlp-plot .tlp-label'), shown(ROLE));
  assert.equal(await page.textContent('#tlp-plot .tlp-member'), shown(MEMBER));
  await page.hover('#tlp-plot .tlp-label');
  assert.equal(await page.textContent('#tlp-card strong'), shown(ROLE));
  await page.hover('#tlp-plot .tlp-span.lease');
  assert.ok((await page.textContent('#tlp-card')).includes(`holder ${shown(MEMBER)} · producer 4000`));
  // The keyboard's announcements (the live region a screen reader reads): the lane's role, then a
  // record's role and member, as escapes.
  const live = async (pattern) => {
    await page.waitForFunction((p) => new RegExp(p).test(document.getElementById('live').textContent), pattern.source);
    return page.textContent('#live');
  };
  await page.focus('#tlp-plot');
  await page.keyboard.press('Home');
  assert.equal(await live(/, lane 1 of 1$/), `${shown(ROLE)}, lane 1 of 1`);
  await page.keyboard.press('Shift+ArrowRight');
  const said = await live(/ at offset \d+, /);
  assert.ok(said.startsWith(`${shown(ROLE)}: lease of ${shown(MEMBER)} at offset 1, `), said);

  // The list of records: the role, each key's member, the values' holder and member, the holder in
  // the transaction log; the lease record's header key.
  await page.click('#tl-view-list');
  await page.click(`${row} .c-role button`);
  await page.waitForSelector('#timeline-list .tl-key');
  assert.equal(await page.textContent('#timeline-list h3'), `Records of ${shown(ROLE)} (partition 0)`);
  assert.deepEqual(
    (await texts(page, '#timeline-list .tl-key h4')).map((h) => h.replace(/ \(\d+ records?\)$/, '')),
    [`Registration key · member ${shown(MEMBER)}`, 'Lease key'],
  );
  const values = await texts(page, '#timeline-list .tl .val');
  assert.ok(values[0].startsWith(`registration · member ${shown(MEMBER)} · registered`), values[0]);
  assert.ok(values[1].startsWith(`lease · holder ${shown(MEMBER)} · producer 4000/3`), values[1]);
  assert.ok((await page.textContent('#timeline-transaction')).includes(`${shown(TXN_ID)} · CompleteCommit`));
  await page.click('#timeline-list .tl-key[data-key^="lease"] li button');
  await page.waitForSelector('#topic-record');
  assert.ok((await page.textContent('#topic-record')).includes(`Headers: ${shown(HEADER)}`));

  // The Transactions view: the transactional id and its partitions.
  assert.deepEqual(
    await page.$$eval('#topic-transactions tbody tr', (trs) =>
      trs.map((tr) => [tr.querySelector('th').textContent, tr.lastElementChild.textContent]),
    ),
    [[shown(TXN_ID), `${shown(TOPIC)}[0]`]],
  );

  // The Groups view: the card's summary, facts and tables (their labels too), and the anomaly's group.
  const card = await page.evaluate((group) => {
    const el = [...document.querySelectorAll('#topic-groups .group-card')].find((c) => c.dataset.group === group);
    const cell = (table, col) => el.querySelector(`table[aria-label$="${table}"] td[data-col="${col}"]`).textContent;
    return {
      summary: el.querySelector('summary').textContent,
      leader: el.querySelector('dd[data-fact="Leader"]').textContent,
      labels: [...el.querySelectorAll('table')].map((t) => t.getAttribute('aria-label')),
      member: cell('members', 'Member id'),
      subscribed: cell('members', 'Subscribed topics'),
      assigned: cell('members', 'Assigned partitions'),
      topic: cell('committed offsets', 'Topic'),
    };
  }, GROUP);
  assert.ok(card.summary.startsWith(`${shown(GROUP)} · consumer / ${shown(PROTOCOL)} · generation 1`), card.summary);
  assert.deepEqual(card, {
    summary: card.summary,
    leader: shown(GROUP_MEMBER),
    labels: [`${shown(GROUP)}: members`, `${shown(GROUP)}: committed offsets`],
    member: shown(GROUP_MEMBER),
    subscribed: shown(TOPIC),
    assigned: `${shown(TOPIC)}[0]`,
    topic: shown(TOPIC),
  });
  const [groupAnomaly] = await texts(page, '#topic-groups .group-anom');
  assert.ok(groupAnomaly.includes(`offsets_without_group group ${shown(LONELY)}, generation -1`), groupAnomaly);

  assert.equal((await page.textContent('.topic')).includes('\u202E'), false);
  assert.deepEqual(problems, []);
  await context.close();
});
