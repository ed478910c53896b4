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
  consumerGroupKey,
  consumerGroupValue,
  consumerSubscription,
  groupKey,
  groupSegment,
  groupValue,
  offsetKey,
  offsetValue,
  streamsSubscription,
  targetMemberKey,
  targetMemberValue,
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

// The picture's expiry and overlap cards, a KIP-848 group's members and a Streams group's upgrade
// sentences, each naming a decoded string with a bidi control and a control character.
const RIVAL = 'riv\u202Elar\u0000';
const HOLDER_A = 'a\u202E-1\u0000';
const HOLDER_B = 'b\u202E-2\u0007';
const KIP_GROUP = 'kip\u202E848';
const KIP_MEMBERS = ['k\u202E-1\u0000', 'k\u202E-2\u0007'];
const STREAMS_MEMBERS = ['s\u202E-1\u0000', 's\u202E-2\u0007'];
const shownAll = (s) => shown(s).replaceAll('\u0007', '\\u0007');
const MINUTE = 60_000;

async function writeMarksLogDir(root, t) {
  // A holds the lease from t-60 to t-20 minutes, B is granted it at t-40 (an overlap, t-40 to t-20)
  // until t-10, when it expires with nobody after it.
  const lease = (member, from, to) => ({
    key: keyBytes({ kind: 'lease', role: RIVAL }),
    value: valueBytes({ member, producerId: 10, producerEpoch: 1, grantedAt: t + from, deadline: t + to }),
  });
  const coordination = await writeBatch({
    baseOffset: 0,
    baseTimestamp: t - 60 * MINUTE,
    records: [lease(HOLDER_A, -60 * MINUTE, -20 * MINUTE), lease(HOLDER_B, -40 * MINUTE, -10 * MINUTE)],
  });
  const topicId = Buffer.from([...Array(16).keys()].map((i) => i + 1)); // Uuid AQIDBAUGBwgJCgsMDQ4PEA
  // A Streams group in its second rolling bounce: the first member still sends version 2.
  const streamsGroup = {
    protocolType: 'consumer',
    generation: 3,
    protocol: 'stream',
    leader: STREAMS_MEMBERS[0],
    currentStateTimestamp: t,
    members: STREAMS_MEMBERS.map((memberId, i) => ({
      memberId,
      subscription: consumerSubscription(['orders'], streamsSubscription({ version: 2 + i, processId: i + 1 })),
      assignment: consumerAssignment([['orders', [i]]]),
    })),
  };
  const groups = await groupSegment([
    { offset: 0, key: consumerGroupKey(KIP_GROUP), value: consumerGroupValue(12) },
    { offset: 1, key: targetMemberKey(KIP_GROUP, KIP_MEMBERS[1]), value: targetMemberValue([[topicId, [0, 2]]]) },
    { offset: 2, key: targetMemberKey(KIP_GROUP, KIP_MEMBERS[0]), value: targetMemberValue([]) },
    { offset: 3, key: groupKey('streams-app'), value: groupValue(streamsGroup) },
  ]);
  for (const [partitionDir, bytes] of [
    ['__coordination_state-0', coordination],
    ['__consumer_offsets-0', groups],
  ]) {
    mkdirSync(join(root, partitionDir), { recursive: true });
    writeFileSync(join(root, partitionDir, '00000000000000000000.log'), bytes);
  }
  return root;
}

test("the picture's expiry and overlap cards, a KIP-848 group's members and the upgrade sentences show bidi and control characters as marked escapes", async () => {
  const t = Math.floor(Date.now() / MINUTE) * MINUTE; // whole minutes: the cards' times end in ":00Z"
  const time = (ms) => new Date(ms).toISOString().replace('T', ' ').replace('.000Z', 'Z');
  const root = await writeMarksLogDir(join(dir, 'marks'), t);
  const { context, page, problems } = await openPage(env.browser, env.url);
  await page.click('#tab-topic');
  await page.setInputFiles('#topic-dir', root);
  await page.waitForSelector('#topic-status', { timeout: 60_000 });
  assert.match(await page.textContent('#topic-status'), /Folded 2 records into 1 role/);

  // The overlap: A (the lease held) and B (granted while A holds it), from B's grant to A's deadline.
  await page.waitForSelector('#tlp-plot .tlp-overlap');
  await page.hover('#tlp-plot .tlp-overlap', { position: { x: 20, y: 2 } });
  assert.equal(
    await page.textContent('#tlp-card'),
    `Overlap: two holders at once${shownAll(HOLDER_A)} and ${shownAll(HOLDER_B)} both hold the lease from ` +
      `${time(t - 40 * MINUTE)} to ${time(t - 20 * MINUTE)} (20 m 00 s)`,
  );
  assert.deepEqual(await texts(page, '#tlp-card .esc'), ['\\u202E', '\\u0000', '\\u202E', '\\u0007']);
  // The expiry: B's lease, at its deadline.
  await page.hover('#tlp-plot .tlp-expiry');
  assert.equal(
    await page.textContent('#tlp-card'),
    `Expiry${shownAll(HOLDER_B)}'s lease expired at ${time(t - 10 * MINUTE)} and nobody was granted it then.`,
  );
  assert.equal(await page.getAttribute('#tlp-card .esc:last-child', 'title'), 'U+0007 control character');

  // The Groups view: the KIP-848 group's members, sorted by id, each with its target assignment.
  const kip = await page.evaluate(
    (group) =>
      [...document.querySelectorAll('#topic-groups .group-card')]
        .find((c) => c.dataset.group === group)
        .querySelector('[data-kip848]').textContent,
    KIP_GROUP,
  );
  assert.equal(
    kip,
    `KIP-848 group: epoch 12, assignment epoch -1, 2 members: ${shownAll(KIP_MEMBERS[0])} (target -), ` +
      `${shownAll(KIP_MEMBERS[1])} (target AQIDBAUGBwgJCgsMDQ4PEA[0,2])`,
  );
  // The Streams group's upgrade sentences, naming its members.
  const sentences = await texts(page, '#topic-groups .group-card[data-group="streams-app"] .group-upgrade li');
  const [s1, s2] = STREAMS_MEMBERS.map(shownAll);
  assert.deepEqual(sentences, [
    `${s1} sent a version 2 subscription (no latest supported version in this format: an instance on a release before 2.0, or a newer one with upgrade.from set).`,
    `${s2} sent a version 3 subscription; it supports up to version 3.`,
    'The leader answers with version 2: it received a version 2 subscription, and any version 1 or 2 subscription means the lowest such version.',
    `The second rolling bounce (upgrade.from removed) is in progress: 1 of 2 members already send version 3 or later; ${s1} still sends version 2. Bounce them without upgrade.from; when all send version 3, the leader answers with version 3.`,
  ]);
  assert.equal(
    (await texts(page, '#topic-groups .group-card[data-group="streams-app"] .group-upgrade .esc')).length,
    6,
  );

  // The group's anomaly: its message names the members by version.
  const anomaly = await page.$eval(
    '#topic-groups .group-anom[data-kind="subscription_versions_differ"]',
    (li) => li.textContent,
  );
  assert.ok(
    anomaly.endsWith(
      `versions 2 (${s1}), 3 (${s2}): a rolling upgrade is in progress; the leader answers with the lowest version`,
    ),
    anomaly,
  );

  const all = await page.textContent('.topic');
  assert.equal(all.includes('\u202E') || all.includes('\u0007') || all.includes('\u0000'), false);
  assert.deepEqual(problems, []);
  await context.close();
});
