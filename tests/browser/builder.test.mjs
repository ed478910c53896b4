// Browser tests of issue 12 in the viewer: every literal format pasted into the viewer gives the
// same bytes, the record builder (field errors, corrupt variants, open in viewer), uploads of text
// files, the kcat hint and "Copy JSON" pasted back. Production build, Debian's headless Chromium.
// Expected bytes come from golden/ or are written by hand here; dumps from the real xxd and
// hexdump, Python's repr from python3.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { LITERALS, LITERAL_FORMATS, formatLiteral, formatJsonLine } from '../../wasm/text/literals.js';
import { axeClean, openPage, shot, golden, useBrowser } from './helpers.mjs';

const env = useBrowser();

const KEY = '#key-text';
const VAL = '#value-text';
const find = (file, id) => golden(file).vectors.find((v) => v.id === id);
const KEY_VECTOR = find('key', 'key/valid/role-mixed'); // a 4-byte character in the role
const LEASE_VECTOR = golden('lease').vectors.find(
  (v) => v.expect.record && Buffer.from(v.hex, 'hex').some((b) => b >= 0x80),
);
const RAFT_KEY = '000000010004726166740000'; // lease key, role "raft", by hand

/** The bytes the viewer decoded for a card, read from its hex dump. */
const shownHex = (page, card) =>
  page.$$eval(`${card} .b[data-i]:not(.end)`, (els) => els.map((e) => e.textContent).join(''));
const state = (page, card) => page.getAttribute(card, 'data-state');
async function clean(page, problems) {
  assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violations');
  assert.deepEqual(problems, [], 'no console errors or failed requests');
}

/** Every way a test or a tool writes these bytes: the package's literals and other tools' prints. */
function textsOf(hex) {
  const bytes = Buffer.from(hex, 'hex');
  const texts = LITERAL_FORMATS.map((f) => [f, formatLiteral(new Uint8Array(bytes), f), LITERALS[f].parseAs]);
  const list = (sep, fmt) => `[${[...bytes].map(fmt).join(sep)}]`;
  texts.push(
    ['Java Arrays.toString', list(', ', (b) => (b << 24) >> 24), 'java'],
    ['Go %v', list(' ', String), 'array'],
    ['Rust {:?}', list(', ', String), 'array'],
    ['Rust {:02x?}', list(', ', (b) => b.toString(16).padStart(2, '0')), 'array'],
    [
      'Python repr',
      execFileSync('python3', ['-c', `print(repr(bytes.fromhex('${hex}')))`], { encoding: 'utf8' }),
      'bstring',
    ],
    ['xxd', execFileSync('xxd', [], { input: bytes, encoding: 'utf8' }), 'dump'],
    ['hexdump -C', execFileSync('hexdump', ['-C'], { input: bytes, encoding: 'utf8' }), 'dump'],
  );
  return texts;
}

test('every literal format and tool print pasted into the viewer gives the same bytes', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  const cases = [
    [KEY_VECTOR, KEY, '#key-out', '#key-status'],
    [LEASE_VECTOR, VAL, '#value-out', '#value-status'],
  ];
  await page.selectOption('#value-target', 'lease');
  for (const [v, input, card, status] of cases) {
    assert.ok(v.hex.length > 20, v.id);
    for (const [name, text, format] of textsOf(v.hex)) {
      await page.fill(input, text);
      assert.equal(
        await page.getAttribute(status, 'data-format'),
        format,
        `${v.id} as ${name}: ${await page.textContent(status)}`,
      );
      assert.equal(await state(page, card), 'ok', `${v.id} as ${name}`);
      assert.equal(await shownHex(page, card), v.hex, `${v.id} as ${name}`);
    }
  }
  // The tool a literal came from is named.
  for (const [text, detail] of [
    [formatLiteral(Buffer.from(KEY_VECTOR.hex, 'hex'), 'go'), 'Go []byte'],
    [`[${[...Buffer.from(KEY_VECTOR.hex, 'hex')].join(' ')}]`, 'Go %v'],
  ]) {
    await page.fill(KEY, text);
    assert.ok((await page.textContent('#key-status')).includes(`(${detail})`), detail);
  }
  // The JSON Lines line of the builder, pasted in the value panel: the value read, the key filled in.
  await page.fill(KEY, '');
  await page.fill(
    VAL,
    formatJsonLine({ key: Buffer.from(KEY_VECTOR.hex, 'hex'), value: Buffer.from(LEASE_VECTOR.hex, 'hex') }),
  );
  assert.match(await page.textContent('#value-status'), /JSON Lines line/);
  assert.equal(await shownHex(page, '#value-out'), LEASE_VECTOR.hex);
  // The other panel is filled by an effect after this one renders (web/src/lib/use-pasted-pair.js).
  await page.waitForFunction((sel) => document.querySelector(sel).value !== '', KEY, { timeout: 5000 });
  assert.equal((await page.inputValue(KEY)).replace(/ /g, ''), KEY_VECTOR.hex);
  assert.equal(await shownHex(page, '#key-out'), KEY_VECTOR.hex);
  // A line with a null value, pasted as the key: the value panel goes to "no value".
  await page.fill(KEY, `{"key":"${RAFT_KEY}","value":null}`);
  assert.equal(await shownHex(page, '#key-out'), RAFT_KEY);
  await page.waitForSelector('#value-out[data-state="null"]', { timeout: 5000 });
  assert.equal(await state(page, '#value-out'), 'null');
  assert.equal(await page.isChecked('input[name="value-mode"] >> nth=1'), true);
  await clean(page, problems);
  await context.close();
});

test('"Copy JSON" pastes back to the same bytes; a pasted JSON null is no value', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url, {
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await page.fill(KEY, KEY_VECTOR.hex);
  await page.fill(VAL, LEASE_VECTOR.hex);
  for (const [input, card, hex] of [
    [KEY, '#key-out', KEY_VECTOR.hex],
    [VAL, '#value-out', LEASE_VECTOR.hex],
  ]) {
    await page.click(`${card} button:has-text("Copy JSON")`);
    await page.waitForFunction(
      (c) => document.getElementById('live').textContent.includes(c),
      card === '#key-out' ? 'decoded key as JSON' : 'decoded value as JSON',
    );
    const json = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(json, /"kind"/);
    await page.fill(input, json);
    assert.equal(await page.getAttribute(`${input.replace('-text', '-status')}`, 'data-format'), 'json');
    assert.equal(await state(page, card), 'ok');
    assert.equal(await shownHex(page, card), hex);
  }
  await page.fill(VAL, 'null');
  // the null is seen when the pasted text is parsed, then the panel switches: wait for that render
  await page
    .waitForFunction(() => document.querySelector('#value-out')?.dataset.state !== 'empty', null, { timeout: 5000 })
    .catch(() => {});
  assert.equal(await state(page, '#value-out'), 'null');
  await clean(page, problems);
  await context.close();
});

test("upload: a text file of hex is read as text, said so, with a switch to its raw bytes; kcat's newline hint", async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  await page.setInputFiles('#key-file', {
    name: 'key.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`${RAFT_KEY}\n`),
  });
  await page.waitForSelector('#key-note[data-reading="text"]');
  assert.match(await page.textContent('#key-note'), /key\.txt \(25 bytes\) as text: 12 record bytes.*Hex format/);
  assert.equal(await shownHex(page, '#key-out'), RAFT_KEY);
  await page.check('input[name="key-note-reading"] >> nth=0');
  assert.equal(await page.getAttribute('#key-note', 'data-reading'), 'raw');
  assert.equal(await shownHex(page, '#key-out'), Buffer.from(`${RAFT_KEY}\n`).toString('hex'));
  assert.equal(await state(page, '#key-out'), 'error');
  await page.check('input[name="key-note-reading"] >> nth=1');
  assert.equal(await shownHex(page, '#key-out'), RAFT_KEY);
  // A record file stays raw bytes.
  await page.setInputFiles('#key-file', {
    name: 'key.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(RAFT_KEY, 'hex'),
  });
  await page.waitForSelector('#key-note[data-reading="raw"]');
  assert.match(await page.textContent('#key-note'), /decode as a record/);
  // kcat -f '%s\n': one trailing 0a, named, and dropped by the hint's action.
  await page.fill(KEY, `${RAFT_KEY}0a`);
  assert.equal(await page.textContent('#key-out .banner.error .code'), 'TRAILING_BYTES');
  assert.match(await page.textContent('#key-out .banner.hint'), /kcat/);
  await shot(page, 'kcat-newline-hint');
  await page.click('#key-out .banner.hint button:has-text("Drop it")');
  assert.equal(await state(page, '#key-out'), 'ok');
  assert.equal(await shownHex(page, '#key-out'), RAFT_KEY);
  await clean(page, problems);
  await context.close();
});

const i16 = (n) => Buffer.from([(n >> 8) & 255, n & 255]);
const i64 = (n) => {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(n);
  return b;
};
const str = (s) => Buffer.concat([i16(Buffer.byteLength(s)), Buffer.from(s)]);

async function openBuilder(page) {
  await page.click('#tab-builder');
  await page.waitForSelector('#b-key-role');
}
async function fillLease(page) {
  await page.fill('#b-key-role', 'raft');
  await page.fill('#b-lease-member', 'w-1');
  await page.fill('#b-lease-producer_id', '9223372036854775807');
  await page.fill('#b-lease-producer_epoch', '7');
  await page.fill('#b-lease-granted_at', '-1');
  await page.fill('#b-lease-deadline', '1700000000000');
}
const LEASE_HEX = Buffer.concat([
  i16(0),
  str('w-1'),
  i64(2n ** 63n - 1n),
  i16(7),
  i64(-1n),
  i64(1700000000000n),
]).toString('hex');

test('builder: exact bytes as typed, errors at the field with the decoder codes, time shortcuts', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  await openBuilder(page);
  await fillLease(page);
  assert.equal(await page.getAttribute('#b-out-key', 'data-bytes'), RAFT_KEY);
  assert.equal(await page.getAttribute('#b-out-value', 'data-bytes'), LEASE_HEX);
  const errOf = async (path) => (await page.$(`#b-${path}-err`)) && page.textContent(`#b-${path}-err`);
  const cases = [
    ['key-role', '', 'ROLE_OUT_OF_BOUNDS'],
    ['key-member', 'x', 'LEASE_KEY_HAS_MEMBER'],
    ['lease-member', 'm'.repeat(256), 'MEMBER_OUT_OF_BOUNDS'],
    ['lease-producer_id', '-1', 'NEGATIVE_PRODUCER_ID'],
    ['lease-producer_id', '9223372036854775808', /signed 64-bit range/],
    ['lease-producer_epoch', '-1', 'NEGATIVE_PRODUCER_EPOCH'],
    ['lease-producer_epoch', '32768', /signed 16-bit range/],
    ['lease-granted_at', '12.5', /Not an integer/],
  ];
  for (const [path, text, want] of cases) {
    const before = await page.inputValue(`#b-${path}`);
    await page.fill(`#b-${path}`, text);
    const err = await errOf(path);
    assert.ok(err, `${path} = ${text}: an error at the field`);
    if (typeof want === 'string') assert.equal(await page.getAttribute(`#b-${path}-err`, 'data-code'), want, err);
    else assert.match(err, want);
    assert.equal(await page.getAttribute(`#b-${path}`, 'aria-invalid'), 'true');
    assert.match(await page.getAttribute(`#b-${path}`, 'aria-describedby'), new RegExp(`b-${path}-err`));
    assert.match(await page.textContent('#panel-builder'), /Fix the fields marked above/);
    if (path === 'key-member') {
      assert.match(await page.textContent('#b-key-member-info'), /A role has one lease/);
      await shot(page, 'builder-field-error');
    }
    await page.fill(`#b-${path}`, before);
    assert.equal(await errOf(path), null, `${path}: the error goes with the fix`);
  }
  // Time: the UTC picker and "N s ago" / "now + N s" write epoch milliseconds.
  await page.fill('#b-lease-deadline-utc', '2026-01-02T03:04:05.678');
  assert.equal(await page.inputValue('#b-lease-deadline'), String(Date.UTC(2026, 0, 2, 3, 4, 5, 678)));
  await page.fill('#b-lease-deadline-n', '90');
  const t0 = Date.now();
  await page.click('#panel-builder button:has-text("N s ago") >> nth=1');
  const ago = Number(await page.inputValue('#b-lease-deadline'));
  assert.ok(ago >= t0 - 90000 && ago <= Date.now() - 90000, `deadline ${ago} is 90 s ago`);
  await page.click('#panel-builder button:has-text("Now + N s") >> nth=1');
  assert.ok(Number(await page.inputValue('#b-lease-deadline')) >= t0 + 90000);
  // A registration: key and value in the other layout.
  await page.check('input[name="b-kind"][value="registration"]');
  await page.fill('#b-key-member', 'w-1');
  await page.fill('#b-registration-registered_at', '42');
  assert.equal(
    await page.getAttribute('#b-out-key', 'data-bytes'),
    Buffer.concat([i16(0), i16(0), str('raft'), str('w-1')]).toString('hex'),
  );
  assert.equal(
    await page.getAttribute('#b-out-value', 'data-bytes'),
    Buffer.concat([i16(0), str('w-1'), i64(42n)]).toString('hex'),
  );
  await clean(page, problems);
  await context.close();
});

test('builder: open in viewer round-trips exactly in every literal format, and a tombstone', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  await openBuilder(page);
  await fillLease(page);
  for (const f of LITERAL_FORMATS) {
    if (!(await page.isVisible('#panel-builder'))) await page.click('#tab-builder');
    await page.selectOption('#b-open-as', f);
    await page.click('#panel-builder button:has-text("Open in viewer") >> nth=0');
    assert.equal(await page.isVisible('#panel-viewer'), true);
    assert.equal(await page.inputValue('#key-fmt'), LITERALS[f].parseAs, f);
    assert.equal(await page.inputValue(KEY), formatLiteral(Buffer.from(RAFT_KEY, 'hex'), f), f);
    assert.equal(await shownHex(page, '#key-out'), RAFT_KEY, f);
    assert.equal(await shownHex(page, '#value-out'), LEASE_HEX, f);
    assert.match(await page.textContent('#value-out'), /9223372036854775807/);
  }
  await page.click('#tab-builder');
  await page.check('#panel-builder input[type="checkbox"]');
  await page.click('#panel-builder button:has-text("Open in viewer") >> nth=0');
  assert.equal(await state(page, '#value-out'), 'null');
  assert.equal(await shownHex(page, '#key-out'), RAFT_KEY);
  await clean(page, problems);
  await context.close();
});

test('builder: "corrupt it" variants give the expected codes, here and in the viewer', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  await openBuilder(page);
  await fillLease(page);
  await page.click('#b-corrupt summary');
  // By hand from the layout of RAFT_KEY: version @0, kind @2, role @4 (body @6), member @10, end 12.
  const keyWant = {
    'cut-before-version': ['TRUNCATED', 0],
    'cut-before-kind': ['TRUNCATED', 2],
    'cut-before-role': ['TRUNCATED', 4],
    'cut-before-member': ['TRUNCATED', 10],
    'cut-one-short': ['TRUNCATED', 10],
    'negative-length-role': ['NEGATIVE_LENGTH', 4],
    'invalid-utf8-role': ['INVALID_UTF8', 6],
    'writeutf-role': ['INVALID_UTF8', 6],
    'negative-length-member': ['NEGATIVE_LENGTH', 10],
    'writeutf-member': ['INVALID_UTF8', 12],
    'trailing-byte': ['TRAILING_BYTES', 12],
    'trailing-newline': ['TRAILING_BYTES', 12],
  };
  const shown = () =>
    page.$$eval('#b-corrupt li', (els) =>
      Object.fromEntries(
        els.map((e) => [
          e.dataset.variant,
          [e.dataset.code, Number(e.querySelector('p').textContent.match(/offset (\d+)/)?.[1])],
        ]),
      ),
    );
  assert.deepEqual(await shown(), keyWant);
  await shot(page, 'builder-corrupt');
  // The lease value: member @2 (body @4), producer_id @7, epoch @15, granted_at @17, deadline @25, end 33.
  await page.check('input[name="b-corrupt-part"] >> nth=1');
  const valueShown = await shown();
  assert.deepEqual(valueShown['cut-before-producer_id'], ['TRUNCATED', 7]);
  assert.deepEqual(valueShown['cut-before-deadline'], ['TRUNCATED', 25]);
  assert.deepEqual(valueShown['cut-one-short'], ['TRUNCATED', 25]);
  assert.deepEqual(valueShown['negative-length-member'], ['NEGATIVE_LENGTH', 2]);
  assert.deepEqual(valueShown['invalid-utf8-member'], ['INVALID_UTF8', 4]);
  assert.deepEqual(valueShown['writeutf-member'], ['INVALID_UTF8', 4]);
  assert.deepEqual(valueShown['trailing-newline'], ['TRAILING_BYTES', 33]);
  // A variant opened in the viewer shows that error there.
  await page.click('#b-corrupt li[data-variant="invalid-utf8-member"] button:has-text("Open in viewer")');
  assert.equal(await page.textContent('#value-out .banner.error .code'), 'INVALID_UTF8');
  assert.equal(await page.textContent('#value-out .banner.error .offset'), '4');
  await clean(page, problems);
  await context.close();
});

// Two runs of axe (each a few seconds): light and wide, dark and narrow; each with a field error
// and the corrupt variants open, so every part of the builder is checked in both colour schemes.
test('builder: keyboard only, axe-clean light and dark, and at 380 px', async () => {
  for (const [colorScheme, width] of [
    ['light', 1280],
    ['dark', 380],
  ]) {
    const { page, context, problems } = await openPage(env.browser, env.url, {
      colorScheme,
      viewport: { width, height: 800 },
    });
    await page.focus('#tab-viewer');
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('#b-key-role');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-builder');
    assert.equal(await page.getAttribute('#tab-builder', 'aria-selected'), 'true');
    // Tab into the form: the kind radios, then the role.
    for (let i = 0; i < 10 && (await page.evaluate(() => document.activeElement.id)) !== 'b-key-role'; i++)
      await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'b-key-role');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('raft');
    assert.match(await page.getAttribute('#b-out-key', 'data-bytes'), /^000000010004726166740000$/);
    await page.focus('#b-corrupt summary');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.getElementById('b-corrupt').open), true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `no horizontal scroll at ${width}px (overflow ${overflow})`);
    await page.fill('#b-lease-producer_id', '-5');
    assert.equal(await page.getAttribute('#b-lease-producer_id-err', 'data-code'), 'NEGATIVE_PRODUCER_ID');
    await axeClean(page);
    await shot(page, `builder-${width}-${colorScheme}`);
    await clean(page, problems);
    await context.close();
  }
});
