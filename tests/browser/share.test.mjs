// Browser tests of shareable links (issue 10 item 3): the viewer's whole state in the packed URL
// fragment, a copied link reopening the same view in a new browser context (the record view, each
// other format with its input and the explainer's text, the tab), a link of the first version
// opening as it did, the link without the bytes, the message over the cap, and the notes of a link
// that cannot be read and of a link's text over the input cap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { openPage, shot, golden, useBrowser } from './helpers.mjs';
import { Compression, keyBytes, writeProduceRequest } from '../node/produce-writer.mjs';

const env = useBrowser();

const REG_KEY = '0000000000147061796d656e74732d636f6f7264696e61746f720013776f726b65722d3766336140686f73742d3132';
const REG_VALUE = '00000013776f726b65722d3766336140686f73742d31320000019ad20f2800';
const clipboard = ['clipboard-read', 'clipboard-write'];

// Everything a view is made of, read from the page.
const view = (page) =>
  page.evaluate(() => ({
    keyText: document.querySelector('#key-text').value,
    keyFormat: document.querySelector('#key-fmt').value,
    valueText: document.querySelector('#value-text').value,
    valueFormat: document.querySelector('#value-fmt').value,
    valueNull: document.querySelector('input[name="value-mode"]:checked')?.nextSibling?.textContent.trim() ?? null,
    target: document.querySelector('#value-target').value,
    selected: [...document.querySelectorAll('[role="treeitem"][aria-selected="true"]')].map((e) => e.dataset.path),
    keyState: document.querySelector('#key-out')?.dataset.state,
    valueState: document.querySelector('#value-out')?.dataset.state,
    valueHeading: document.querySelector('#value-out h2')?.textContent,
  }));

// The link a copy button puts on the clipboard (emptied first: a page may copy several links).
async function copyLink(page, button) {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.click(`button:has-text("${button}")`);
  await page.waitForFunction(() => /Copied a link/.test(document.getElementById('live').textContent));
  for (;;) {
    const link = await page.evaluate(() => navigator.clipboard.readText());
    if (link) return link;
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('the state goes to the fragment as the user edits (no history entry), and a copied link reopens the same view elsewhere', async () => {
  const { page, context } = await openPage(env.browser, env.url, { permissions: clipboard });
  assert.equal(new URL(page.url()).hash, '', 'a fresh page keeps a clean address');
  const history = await page.evaluate(() => history.length);
  await page.fill('#key-text', REG_KEY.toUpperCase());
  await page.selectOption('#key-fmt', 'hex');
  await page.fill('#value-text', Buffer.from(REG_VALUE, 'hex').toString('base64'));
  await page.selectOption('#value-target', 'registration');
  await page.click('#value-out [data-path="registration.registered_at"] > .row');
  await page.waitForFunction(() => location.hash.startsWith('#s='));
  assert.equal(await page.evaluate(() => history.length), history, 'replaceState: no history entry per edit');
  const before = await view(page);
  assert.deepEqual(before.selected, ['registration.registered_at']);
  assert.equal(before.valueState, 'ok');
  const link = await copyLink(page, 'Copy link');
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/#s=[A-Za-z0-9_-]+$/);
  assert.ok(link.length < 600, `compressed (${link.length} characters)`);
  // A new browser context: nothing shared with the first but the link.
  const other = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page2 = await other.newPage();
  await page2.goto(link);
  await page2.waitForSelector('html[data-decoded="true"]');
  assert.deepEqual(await view(page2), before);
  await shot(page2, 'share-link-reopened');
  await other.close();
  await context.close();
});

test('"Copy link without the bytes" keeps the formats and the target only', async () => {
  const { page, context } = await openPage(env.browser, env.url, { permissions: clipboard });
  await page.fill('#key-text', REG_KEY);
  await page.selectOption('#key-fmt', 'hex');
  await page.selectOption('#value-fmt', 'base64');
  await page.selectOption('#value-target', 'lease');
  const link = await copyLink(page, 'Copy link without the bytes');
  const page2 = await context.newPage();
  await page2.goto(link);
  await page2.waitForSelector('#key-fmt');
  const v = await view(page2);
  assert.equal(v.keyFormat, 'hex');
  assert.equal(v.valueFormat, 'base64');
  assert.equal(v.target, 'lease');
  assert.equal(v.keyText, '', "the bytes stay behind: the inputs wait for the reader's own");
  assert.equal(v.valueText, '');
  await context.close();
});

test('a state over the cap shows the message; the address keeps the formats and target only', async () => {
  const { page, context } = await openPage(env.browser, env.url);
  // 12 KB of bytes that do not compress: the packed state is well over 8 KB.
  const noise = randomBytes(12000).toString('hex');
  await page.fill('#value-text', noise);
  await page.waitForSelector('#share-note');
  assert.match(
    await page.textContent('#share-note'),
    /too large for a link: [\d,]+ characters packed, the limit is 8,192/,
  );
  assert.equal(await page.isDisabled('button:has-text("Copy link") >> nth=0'), true);
  const hash = await page.evaluate(() => location.hash);
  assert.ok(hash.startsWith('#s=') && hash.length < 200, `the short link without bytes (${hash.length})`);
  await shot(page, 'share-over-cap');
  // Back under the cap: the message goes, the bytes come back to the address.
  await page.fill('#value-text', REG_VALUE);
  await page.waitForFunction(() => !document.querySelector('#share-note'));
  await context.close();
});

test('plain fragments (#key=HEX&value=HEX) and broken fragments', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${env.url}#key=${REG_KEY}&value-null`);
  await page.waitForSelector('html[data-decoded="true"]');
  assert.equal(await page.inputValue('#key-text'), REG_KEY);
  assert.equal(await page.getAttribute('#value-out', 'data-state'), 'null');
  // A fragment that is not a state is ignored: the sample shows.
  const page2 = await context.newPage();
  await page2.goto(`${env.url}#s=AAAA_not-deflate`);
  await page2.waitForSelector('html[data-decoded="true"]');
  assert.equal(await page2.getAttribute('#key-out', 'data-state'), 'ok');
  // A small fragment that inflates to megabytes (a zip bomb) is refused while inflating: the sample shows.
  const bomb = deflateRawSync(JSON.stringify({ v: 1, key: { text: '00'.repeat(4 << 20) } })).toString('base64url');
  assert.ok(bomb.length < 20000);
  const page3 = await context.newPage();
  await page3.goto(`${env.url}#s=${bomb}`);
  await page3.waitForSelector('html[data-decoded="true"]');
  assert.match(await page3.inputValue('#key-text'), /^00 00 00 01 00 14 /, 'the sample key, not the bomb');
  await context.close();
});

// The other formats' view, read from the page.
const formatView = (page) =>
  page.evaluate(() => ({
    tab: document.querySelector('[role="tab"][aria-selected="true"]').id,
    format: document.querySelector('#format').value,
    bytesText: document.querySelector('#bytes-text').value,
    bytesFormat: document.querySelector('#bytes-fmt').value,
    state: document.querySelector('#format-out').dataset.state,
    banner: document.querySelector('#format-out .banner')?.textContent,
    rule: document.querySelector('#string-rule')?.dataset.format ?? null,
    why: document.querySelector('#format-why')?.textContent ?? null,
    explainer: document.querySelector('#explainer-text')?.value ?? null,
    step: document.querySelector('#explainer-out')?.dataset.step ?? null,
  }));
const decodedFormat = () => ['ok', 'error'].includes(document.querySelector('#format-out')?.dataset.state);

test('a link copied in each other format reopens it in a new context: format, bytes, input format, explainer', async () => {
  const sub = (id) => golden('subscription').vectors.find((v) => v.id === id).hex;
  const produce = await writeProduceRequest({
    acks: -1,
    timeout: 30000,
    compression: Compression.None,
    topicData: [
      {
        topic: '__coordination_state',
        partitions: [{ partition: 0, messages: [{ key: keyBytes({ kind: 'lease', role: 'orders' }), value: null }] }],
      },
    ],
  });
  const cases = [
    {
      format: 'subscription',
      text: sub('subscription/valid/v3'),
      explainer: [sub('subscription/valid/v2'), sub('subscription/valid/v3')],
    },
    {
      format: 'assignment',
      text: golden('assignment').vectors.find((v) => v.id === 'assignment/valid/v4').hex,
      as: 'hex',
    },
    { format: 'produce-request', text: Buffer.from(produce).toString('base64') },
    { format: 'auto', text: sub('subscription/valid/v1'), explainer: [sub('subscription/valid/v1')] },
  ];
  const { page, context } = await openPage(env.browser, env.url, { permissions: clipboard });
  for (const c of cases) {
    await page.selectOption('#format', c.format);
    await page.fill('#bytes-text', c.text);
    await page.selectOption('#bytes-fmt', c.as ?? 'auto');
    await page.waitForFunction(decodedFormat);
    if (c.explainer) {
      await page.fill('#explainer-text', c.explainer.join('\n'));
      await page.waitForSelector('#explainer-out[data-step]');
    }
    const before = await formatView(page);
    assert.equal(before.state, 'ok', c.format);
    assert.equal(before.explainer, c.explainer ? c.explainer.join('\n') : null, c.format);
    const link = await copyLink(page, 'Copy link');
    const other = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page2 = await other.newPage();
    await page2.goto(link);
    await page2.waitForFunction(decodedFormat);
    if (c.explainer) await page2.waitForSelector('#explainer-out[data-step]');
    assert.deepEqual(await formatView(page2), before, c.format);
    await other.close();
  }
  await context.close();
});

test('a link keeps the tab: the record builder and the topic view reopen as they were shown', async () => {
  const { page, context } = await openPage(env.browser, env.url, { permissions: clipboard });
  for (const tab of ['builder', 'topic']) {
    await page.click(`#tab-${tab}`);
    await page.waitForSelector(`#panel-${tab} :is(form, section, input, button)`);
    const link = await copyLink(page, 'Copy link');
    const other = await env.browser.newContext();
    const page2 = await other.newPage();
    await page2.goto(link);
    await page2.waitForSelector(`#tab-${tab}[aria-selected="true"]`);
    await page2.waitForSelector(`#panel-${tab} :is(form, section, input, button)`);
    assert.equal(await page2.isHidden('#panel-viewer'), true, tab);
    await other.close();
  }
  await context.close();
});

test('a link of the first version (inputs, target and field only) still opens its view', async () => {
  // As the viewer wrote links before the tab, the format and the other formats' inputs were kept.
  const state = {
    v: 1,
    key: { text: REG_KEY, format: 'hex', isNull: false },
    value: { text: Buffer.from(REG_VALUE, 'hex').toString('base64'), format: 'auto', isNull: false },
    target: 'registration',
    field: 'registration.member',
  };
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${env.url}#s=${deflateRawSync(JSON.stringify(state)).toString('base64url')}`);
  await page.waitForSelector('html[data-decoded="true"]');
  const v = await view(page);
  assert.equal(v.keyText, REG_KEY);
  assert.equal(v.keyFormat, 'hex');
  assert.equal(v.valueText, state.value.text);
  assert.equal(v.target, 'registration');
  assert.deepEqual(v.selected, ['registration.member']);
  assert.equal(v.valueState, 'ok');
  assert.equal(await page.inputValue('#format'), 'coordination');
  assert.equal(await page.getAttribute('#tab-viewer', 'aria-selected'), 'true');
  await context.close();
});

test('a link without the bytes keeps the format shown and the input format, not the bytes or the explainer', async () => {
  const { page, context } = await openPage(env.browser, env.url, { permissions: clipboard });
  await page.selectOption('#format', 'subscription');
  await page.fill('#bytes-text', golden('subscription').vectors.find((v) => v.id === 'subscription/valid/v3').hex);
  await page.selectOption('#bytes-fmt', 'hex');
  await page.fill('#explainer-text', golden('subscription').vectors.find((v) => v.id === 'subscription/valid/v2').hex);
  const link = await copyLink(page, 'Copy link without the bytes');
  const page2 = await context.newPage();
  await page2.goto(link);
  await page2.waitForSelector('#bytes-text');
  assert.equal(await page2.inputValue('#format'), 'subscription');
  assert.equal(await page2.inputValue('#bytes-fmt'), 'hex');
  assert.equal(await page2.inputValue('#bytes-text'), '');
  assert.equal(await page2.inputValue('#explainer-text'), '');
  await context.close();
});

// A packed link of a state, as the viewer writes it.
const packed = (state) => `${env.url}#s=${deflateRawSync(JSON.stringify({ v: 1, ...state })).toString('base64url')}`;
const OVER_CAP = /^The link's text was over the 64 KiB a text may have \(80,000 characters\); it was not opened\.$/;

test("a link's text over the 64 KiB cap is not opened, and the note under its input says so", async () => {
  const big = '00'.repeat(40_000);
  const context = await env.browser.newContext();
  // The record view's key (packed, then plain): its note; the value beside it opens.
  for (const link of [
    packed({ key: { text: big }, value: { text: REG_VALUE }, target: 'registration' }),
    `${env.url}#key=${big}&value=${REG_VALUE}&target=registration`,
  ]) {
    const page = await context.newPage();
    await page.goto(link);
    await page.waitForSelector('html[data-decoded="true"]');
    await page.waitForSelector('#key-note');
    assert.match(await page.textContent('#key-note'), OVER_CAP);
    assert.equal(await page.getAttribute('#key-note', 'role'), 'alert');
    assert.match(await page.getAttribute('#key-text', 'aria-describedby'), /\bkey-note\b/);
    assert.equal(await page.inputValue('#key-text'), '');
    assert.equal(await page.inputValue('#value-text'), REG_VALUE);
    assert.equal(await page.getAttribute('#value-out', 'data-state'), 'ok');
    assert.equal(await page.$('#value-note'), null);
    // The next edit of that input takes the note away.
    await page.fill('#key-text', REG_KEY);
    await page.waitForFunction(() => !document.querySelector('#key-note'));
    await page.close();
  }
  // The other formats' bytes and the upgrade explainer's lines.
  const page = await context.newPage();
  await page.goto(packed({ format: 'subscription', bytes: { text: big }, explainer: big }));
  await page.waitForSelector('#bytes-note');
  assert.match(await page.textContent('#bytes-note'), OVER_CAP);
  await page.waitForSelector('#explainer-note');
  assert.match(await page.textContent('#explainer-note'), OVER_CAP);
  assert.equal(await page.getAttribute('#explainer-text', 'aria-describedby'), 'explainer-note');
  // The diff's two sides (a new page: a link that differs in its fragment only does not reload).
  const diff = await context.newPage();
  await diff.goto(packed({ tab: 'diff', diff: { a: { text: big }, b: { text: big } } }));
  await diff.waitForSelector('#diff-b-note');
  assert.match(await diff.textContent('#diff-a-note'), OVER_CAP);
  assert.match(await diff.textContent('#diff-b-note'), OVER_CAP);
  assert.equal(await diff.inputValue('#diff-a-text'), '');
  await context.close();
});

test('a link that cannot be read shows the sample and a note saying why', async () => {
  const good = deflateRawSync(JSON.stringify({ v: 1, key: { text: REG_KEY }, value: { text: REG_VALUE } }));
  const cases = [
    ['s=A', /its data is not base64url/],
    [
      `s=${good.subarray(0, good.length >> 1).toString('base64url')}`,
      /its data does not inflate \(was the link cut short/,
    ],
    [`s=${deflateRawSync('not json').toString('base64url')}`, /its data is not a view's JSON/],
    [
      `s=${deflateRawSync(JSON.stringify({ v: 2, key: {} })).toString('base64url')}`,
      /a view of version 2; this viewer reads version 1/,
    ],
    [
      `s=${deflateRawSync(JSON.stringify({ v: 1, key: { text: '00'.repeat(4 << 20) } })).toString('base64url')}`,
      /inflates to over [\d,]+ bytes/,
    ],
    ['section-2', /neither a view \(#s=…\) nor a record \(#key=…&value=…\)/],
  ];
  const context = await env.browser.newContext();
  for (const [frag, why] of cases) {
    const page = await context.newPage();
    await page.goto(`${env.url}#${frag}`);
    await page.waitForSelector('html[data-decoded="true"]');
    await page.waitForSelector('#link-note');
    const note = await page.textContent('#link-note');
    assert.match(note, /^This link could not be read: .*\. The sample is shown instead\.$/, frag);
    assert.match(note, why, frag);
    assert.equal(await page.getAttribute('#link-note', 'role'), 'status');
    assert.match(await page.inputValue('#key-text'), /^00 00 00 01 00 14 /, 'the sample key');
    // The first edit writes the address anew: the note about the old link goes.
    await page.fill('#key-text', REG_KEY);
    await page.waitForFunction(() => !document.querySelector('#link-note'));
    await page.close();
  }
  // The link reader failing to load is said too.
  const page = await context.newPage();
  await page.route(/\/assets\/share-[^/]*\.js$/, (r) => r.abort());
  await page.goto(`${env.url}#s=${good.toString('base64url')}`);
  await page.waitForSelector('#link-note');
  assert.match(
    await page.textContent('#link-note'),
    /^This link could not be read: the code that reads links failed \(/,
  );
  await context.close();
});

test('a raw upload over 32 KiB is decoded, and its note and the share bar say a link cannot carry its hex', async () => {
  const { page, context } = await openPage(env.browser, env.url, { permissions: clipboard });
  // Bytes that compress well: packed, the link was short and carried 80,000 characters no reader opens.
  await page.setInputFiles('#value-file', {
    name: 'big.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(40_000, 0xab),
  });
  await page.waitForSelector('#value-note [role="status"]');
  assert.match(
    await page.textContent('#value-note'),
    /Loaded big\.bin \(40000 bytes\) as raw bytes\..*Its hex is 80,000 characters, over the 64 KiB a text may have \(raw files up to 32 KiB fit\): it is decoded, but an edit to the text is refused and a link cannot carry it\./,
  );
  assert.match(await page.getAttribute('#value-text', 'aria-describedby'), /\bvalue-note\b/);
  assert.equal((await page.inputValue('#value-text')).length, 80_000);
  assert.match(await page.textContent('#value-status'), /40000 bytes/, 'decoded whole');
  await page.waitForSelector('#share-note');
  assert.match(
    await page.textContent('#share-note'),
    /^The text of the value is 80,000 characters, over the 64 KiB \(65,536 characters\) a text may have: a link cannot carry it\. The address keeps the formats and the target only/,
  );
  assert.equal(await page.isDisabled('button:has-text("Copy link") >> nth=0'), true);
  const hash = await page.evaluate(() => location.hash);
  assert.ok(hash.startsWith('#s=') && hash.length < 200, `the short link without bytes (${hash.length})`);
  await copyLink(page, 'Copy link without the bytes');
  // A record again: the link carries it, the message goes.
  await page.fill('#value-text', REG_VALUE);
  await page.waitForFunction(() => !document.querySelector('#share-note'));
  await context.close();
});
