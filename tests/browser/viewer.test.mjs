// Browser tests of the viewer: the production build (web/dist, `npm run build` first) served by
// web/serve.mjs on 127.0.0.1, driven in Debian's headless Chromium by playwright-core.
// Screenshots of the main states go to tests/artifacts/ (not committed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeClean, openPage, shot, golden, hexOf, useBrowser } from './helpers.mjs';

const env = useBrowser();

const KEY = '#key-text';
const VAL = '#value-text';
const keyOut = '#key-out';
const valOut = '#value-out';

// Golden vectors, built into bytes here (the viewer gets them as text or files).
const VECTORS = ['key', 'registration', 'lease'].flatMap((f) => golden(f).vectors.map((v) => ({ ...v, file: f })));
const validKey = VECTORS.find((v) => v.file === 'key' && v.expect.record?.kind === 'registration');
const leaseKey = VECTORS.find((v) => v.file === 'key' && v.expect.record?.kind === 'lease');
const validLease =
  VECTORS.find((v) => v.id === 'lease/valid/ascii') ?? VECTORS.find((v) => v.file === 'lease' && v.expect.record);
const bytesOf = (v) => Buffer.from(v.hex, 'hex');

function str(s) {
  const b = Buffer.from(s, 'utf8');
  const p = Buffer.alloc(2);
  p.writeInt16BE(b.length);
  return Buffer.concat([p, b]);
}
const i16 = (n) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};

async function state(page, sel) {
  return page.getAttribute(sel, 'data-state');
}

async function checkClean(page, problems) {
  const csp = await page.evaluate(() => window.__csp);
  assert.deepEqual(csp, [], 'no CSP violations');
  assert.deepEqual(problems, [], 'no console errors, failed requests or foreign origins');
}

test('serves the build with a strict CSP and application/wasm', async () => {
  const res = await fetch(env.url);
  const csp = res.headers.get('content-security-policy');
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
  assert.doesNotMatch(csp, /(?<!wasm-)unsafe-eval|unsafe-inline/);
  const wasmName = readdirSync(new URL('../../web/dist/assets/', import.meta.url)).find((f) => f.endsWith('.wasm'));
  const w = await fetch(`${env.url}assets/${wasmName}`);
  assert.equal(w.status, 200);
  assert.equal(w.headers.get('content-type'), 'application/wasm');
  assert.equal((await fetch(env.url + 'favicon.svg')).status, 200);
  assert.equal((await fetch(env.url + '..%2fpackage.json')).status, 403);
});

test('first load: a valid lease key + lease value, light and dark, axe-clean', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const { page, context, problems } = await openPage(env.browser, env.url, { colorScheme });
    assert.equal(await state(page, keyOut), 'ok');
    assert.equal(await state(page, valOut), 'ok');
    assert.match(await page.textContent(`${keyOut} .banner.ok`), /lease key/);
    assert.match(await page.textContent(`${valOut} h2`), /as lease/);
    // i64 exact past 2^53, timestamps as ISO-8601 UTC and relative to now.
    const val = await page.textContent(valOut);
    assert.match(val, /9007199254740993/);
    assert.match(val, /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/);
    assert.match(val, /expires in \d+ s/);
    assert.match(val, /granted \d+ s ago/);
    await axeClean(page);
    await shot(page, `lease-valid-${colorScheme}`);
    await checkClean(page, problems);
    await context.close();
  }
});

test('each input format, the detected format shown, and forcing a format', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  const b = bytesOf(validKey);
  const signed = [...b].map((x) => (x > 127 ? x - 256 : x));
  const cases = [
    ['hex', b.toString('hex').toUpperCase(), /Hex/],
    ['hex 0x', [...b].map((x) => '0x' + x.toString(16).padStart(2, '0')).join(' '), /Hex/],
    ['hex colons', [...b].map((x) => x.toString(16).padStart(2, '0')).join(':'), /Hex/],
    ['hex \\x', [...b].map((x) => '\\x' + x.toString(16).padStart(2, '0')).join(''), /Hex/],
    ['hex lines', b.toString('hex').replace(/(.{8})/g, '$1\n'), /Hex/],
    ['base64', b.toString('base64'), /Base64/],
    ['base64url', b.toString('base64url'), /Base64/],
    ['java', `new byte[]{${signed.join(', ')}}`, /Java/],
    ['java braces', `{${signed.join(', ')}}`, /Java|C\/JS/],
    ['array', `[${[...b].join(', ')}]`, /C\/JS array/],
    ['c array hex', `{${[...b].map((x) => '0x' + x.toString(16)).join(', ')}}`, /C\/JS array/],
  ];
  for (const [name, text, fmt] of cases) {
    await page.fill(KEY, text);
    assert.match(await page.textContent('#key-status'), fmt, name);
    assert.equal(await state(page, keyOut), 'ok', name);
    assert.match(
      await page.textContent(`${keyOut} .banner.ok`),
      /registration key · role leader · member member-1/,
      name,
    );
  }
  // Ambiguous text: hex wins; base64 is named only when its bytes are plausible (issue 12: 'abcd'
  // as base64 is 69 b7 1d, no record); forcing base64 reads it as base64.
  await page.fill(KEY, 'abcd');
  assert.match(await page.textContent('#key-status'), /Hex, 2 bytes/);
  assert.doesNotMatch(await page.textContent('#key-status'), /also valid/);
  assert.doesNotMatch(await page.textContent('#value-status'), /also valid/, 'spaced hex is hex only');
  await page.selectOption('#key-fmt', 'base64');
  assert.match(await page.textContent('#key-status'), /Base64, 3 bytes/);
  await page.selectOption('#key-fmt', 'auto');
  // Strict: text of no format gets an error with its position, never a guess.
  await page.fill(KEY, '00 00 00 01\n00 zz');
  const status = await page.textContent('#key-status');
  assert.match(status, /line 2, column 4/);
  assert.equal(await page.getAttribute(KEY, 'aria-invalid'), 'true');
  await shot(page, 'input-parse-error');
  await page.click('#key-status button');
  assert.equal(await page.evaluate(() => document.activeElement.selectionStart), 15);
  await checkClean(page, problems);
  await context.close();
});

test('upload and drag-and-drop of raw bytes for key and value', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  await page.fill(KEY, '');
  await page.fill(VAL, '');
  await page.setInputFiles('#key-file', {
    name: 'key.bin',
    mimeType: 'application/octet-stream',
    buffer: bytesOf(leaseKey),
  });
  await page.waitForFunction(() => document.querySelector('#key-out')?.dataset.state === 'ok');
  assert.match(await page.textContent('#key-status'), /bytes/);
  await page.setInputFiles('#value-file', {
    name: 'value.bin',
    mimeType: 'application/octet-stream',
    buffer: bytesOf(validLease),
  });
  await page.waitForFunction(() => document.querySelector('#value-out')?.dataset.state === 'ok');
  assert.match(await page.textContent('#value-note'), /Loaded value\.bin/);
  assert.match(await page.textContent(`${valOut} h2`), /as lease/);
  assert.match(await page.textContent(valOut), /4000/);
  // Drop a file on the key panel.
  await page.evaluate((hex) => {
    const bytes = new Uint8Array(hex.match(/../g).map((h) => parseInt(h, 16)));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'dropped.bin'));
    const panel = document.querySelector('#key-text').closest('section');
    panel.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    panel.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, validKey.hex);
  await page.waitForFunction(() =>
    /registration key/.test(document.querySelector('#key-out .banner')?.textContent ?? ''),
  );
  assert.match(await page.textContent('#key-note'), /dropped\.bin/);
  // A 25,000-byte file: its hex unspaced within the 64 KiB a text may have (spaced it was 74,999
  // characters, refused at the next edit and dropped by the share link), and editable.
  const big = Buffer.concat([bytesOf(validLease), Buffer.alloc(25_000 - bytesOf(validLease).length, 0xab)]);
  await page.setInputFiles('#value-file', { name: 'big.bin', mimeType: 'application/octet-stream', buffer: big });
  await page.waitForFunction(() => /big\.bin/.test(document.querySelector('#value-note')?.textContent ?? ''));
  assert.equal(await page.inputValue(VAL), big.toString('hex'));
  await page.focus(VAL);
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  assert.equal((await page.inputValue(VAL)).length, 49_999);
  assert.equal(await page.locator('#value-note.refused, .refused').count(), 0);
  await checkClean(page, problems);
  await context.close();
});

test('each error code on screen with its field, offset and highlighted bytes', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  const seen = new Map();
  for (const v of VECTORS) {
    const e = v.expect.error;
    if (!e || !v.hex) continue;
    const prev = seen.get(e.code);
    if (!prev || v.hex.length < prev.hex.length) seen.set(e.code, v);
  }
  assert.equal(seen.size, 11, 'one vector for each of the 11 codes');
  for (const [code, v] of seen) {
    const e = v.expect.error;
    let out;
    if (v.file === 'key') {
      await page.fill(KEY, v.hex);
      out = keyOut;
    } else {
      await page.fill(KEY, '');
      await page.selectOption('#value-target', v.file);
      await page.fill(VAL, v.hex);
      out = valOut;
    }
    assert.equal(await state(page, out), 'error', v.id);
    assert.equal(await page.textContent(`${out} .banner.error .code`), code, v.id);
    assert.equal(await page.textContent(`${out} .banner.error .field`), e.field, v.id);
    assert.equal(await page.textContent(`${out} .banner.error .offset`), String(e.offset), v.id);
    assert.match(await page.textContent(`${out} .banner.error .msg`), new RegExp(`offset ${e.offset}`), v.id);
    // The failing bytes are highlighted from the error offset on.
    const errCells = await page.$$eval(`${out} .b.err`, (els) => els.map((el) => Number(el.dataset.i)));
    assert.ok(errCells.length > 0, `${v.id}: highlighted bytes`);
    assert.equal(Math.min(...errCells), e.offset, `${v.id}: highlight starts at the offset`);
    // Fields read before the failure are shown; the failing one is incomplete or flagged.
    if (e.offset > 0) assert.ok((await page.$$(`${out} [role=treeitem]`)).length > 0, v.id);
    if (code === 'INVALID_UTF8' || code === 'TRUNCATED' || code === 'NEGATIVE_PRODUCER_ID')
      await shot(page, `error-${code}`);
  }
  await page.selectOption('#value-target', 'from-key');
  await checkClean(page, problems);
  await context.close();
});

test('tree and hex dump are linked both ways (mouse)', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  await page.fill(KEY, validKey.hex);
  // Field -> bytes: selecting key.role marks its bytes (prefix + body).
  await page.click(`${keyOut} [data-path="key.role"] > .row`);
  const sel = await page.$$eval(`${keyOut} .b.sel`, (els) => els.map((el) => Number(el.dataset.i)));
  assert.deepEqual(sel, [4, 5, 6, 7, 8, 9, 10, 11]);
  assert.equal(await page.getAttribute(`${keyOut} [data-path="key.role"]`, 'aria-selected'), 'true');
  // Hovering a field highlights its bytes.
  await page.hover(`${keyOut} [data-path="key.kind"] > .row`);
  const hov = await page.$$eval(`${keyOut} .b.hov`, (els) => els.map((el) => Number(el.dataset.i)));
  assert.deepEqual(hov, [2, 3]);
  // Bytes -> field: clicking a byte selects the deepest field holding it.
  await page.click(`${keyOut} .b[data-i="14"]`);
  assert.equal(await page.getAttribute(`${keyOut} [data-path="key.member.utf8"]`, 'aria-selected'), 'true');
  await page.click(`${keyOut} .b[data-i="12"]`);
  assert.equal(await page.getAttribute(`${keyOut} [data-path="key.member.length"]`, 'aria-selected'), 'true');
  await shot(page, 'tree-hex-linked');
  await checkClean(page, problems);
  await context.close();
});

test('keyboard-only use: samples, text entry, tree arrows, hex arrows', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  const active = () =>
    page.evaluate(() => {
      const a = document.activeElement;
      return a.id || a.dataset.path || (a.dataset.i !== undefined ? 'byte' + a.dataset.i : a.textContent.trim());
    });
  async function tabTo(pred, max = 60) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      if (pred(await active())) return;
    }
    assert.fail('could not reach the element with Tab');
  }
  await tabTo((a) => a === 'Registration sample');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() =>
    /registration key/.test(document.querySelector('#key-out .banner')?.textContent ?? ''),
  );
  await tabTo((a) => a === 'key-text');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(validKey.hex);
  assert.equal(await state(page, keyOut), 'ok');
  // Into the key's field tree: one tab stop, arrows move the selection.
  await tabTo((a) => a === 'key.version');
  await page.keyboard.press('ArrowDown');
  assert.equal(await active(), 'key.kind');
  assert.equal(await page.getAttribute(`${keyOut} [data-path="key.kind"]`, 'aria-selected'), 'true');
  assert.deepEqual(await page.$$eval(`${keyOut} .b.sel`, (els) => els.map((el) => Number(el.dataset.i))), [2, 3]);
  await page.keyboard.press('ArrowDown');
  assert.equal(await active(), 'key.role');
  await page.keyboard.press('ArrowLeft'); // collapse
  assert.equal(await page.getAttribute(`${keyOut} [data-path="key.role"]`, 'aria-expanded'), 'false');
  await page.keyboard.press('ArrowRight'); // expand
  await page.keyboard.press('ArrowRight'); // first child
  assert.equal(await active(), 'key.role.length');
  await page.keyboard.press('ArrowLeft'); // to parent
  assert.equal(await active(), 'key.role');
  // Enter jumps to the field's first byte; arrows in the hex dump select the byte's field.
  await page.keyboard.press('Enter');
  assert.equal(await active(), 'byte4');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await active(), 'byte6');
  assert.equal(await page.getAttribute(`${keyOut} [data-path="key.role.utf8"]`, 'aria-selected'), 'true');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute(`${keyOut} [data-path="key.role.length"]`, 'aria-selected'), 'true');
  await page.keyboard.press('Enter');
  assert.equal(await active(), 'key.role.length');
  // A visible focus indicator on the focused tree item.
  const outline = await page.evaluate(
    () => getComputedStyle(document.activeElement.querySelector('.row')).outlineStyle,
  );
  assert.equal(outline, 'solid');
  await shot(page, 'keyboard-focus');
  await checkClean(page, problems);
  await context.close();
});

test('null, empty and malformed values are three distinct states', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  await page.check('input[name="value-mode"] >> nth=1');
  assert.equal(await state(page, valOut), 'null');
  assert.match(await page.textContent(valOut), /null tombstone/);
  assert.equal(await page.isDisabled(VAL), true);
  await shot(page, 'value-null');
  await page.check('input[name="value-mode"] >> nth=0');
  await page.fill(VAL, '');
  assert.equal(await state(page, valOut), 'empty');
  assert.match(await page.textContent(valOut), /Empty value — 0 bytes/);
  await shot(page, 'value-empty');
  await page.fill(VAL, '0000');
  assert.equal(await state(page, valOut), 'error');
  assert.equal(await page.textContent(`${valOut} .code`), 'TRUNCATED');
  await checkClean(page, problems);
  await context.close();
});

test('a hostile role string is shown inert with visible escapes', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  const role = '<img src=x onerror="window.__pwned=1">\u202Egnp.exe\u0000';
  const key = Buffer.concat([i16(0), i16(0), str(role), str('m')]);
  await page.fill(KEY, hexOf(key));
  assert.equal(await state(page, keyOut), 'ok');
  assert.equal(await page.$$eval('img', (els) => els.length), 0, 'no img element');
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  const escs = await page.$$eval(`${keyOut} [data-path="key.role"] > .row .esc`, (els) =>
    els.map((e) => e.textContent),
  );
  assert.deepEqual(escs, ['\\u202E', '\\u0000']);
  const text = await page.textContent(`${keyOut} [data-path="key.role"] > .row .val`);
  assert.ok(text.includes('<img src=x onerror="window.__pwned=1">'));
  assert.ok(!text.includes('\u202E') && !text.includes('\u0000'), 'raw control characters not rendered');
  assert.match(await page.textContent(keyOut), /INVISIBLE_CHARACTERS/);
  // The summary line shows the escapes too (a raw U+202E would reorder the text after it).
  assert.deepEqual(await page.$$eval(`${keyOut} .banner.ok .esc`, (els) => els.map((e) => e.textContent)), [
    '\\u202E',
    '\\u0000',
  ]);
  assert.ok(!(await page.textContent(keyOut)).includes('\u202E'), 'no raw U+202E anywhere in the output');
  await shot(page, 'hostile-role');
  await checkClean(page, problems);
  await context.close();
});

test('lease warnings and expired deadlines; auto target names what parses', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  const now = BigInt(Date.now());
  const i64 = (n) => {
    const b = Buffer.alloc(8);
    b.writeBigInt64BE(n);
    return b;
  };
  const lease = Buffer.concat([i16(0), str('w-1'), i64(7n), i16(1), i64(now - 60000n), i64(now - 180000n)]);
  await page.fill(VAL, hexOf(lease));
  assert.equal(await state(page, valOut), 'ok');
  assert.match(await page.textContent(valOut), /DEADLINE_BEFORE_GRANTED/);
  assert.match(await page.textContent(valOut), /expired 3 min ago/);
  await shot(page, 'lease-warning');
  // The inspector's hint for Java modified UTF-8 (C0 80 for U+0000) next to the error.
  await page.selectOption('#value-target', 'registration');
  await page.fill(VAL, '0000000361c0800000000000000001');
  assert.equal(await page.textContent(`${valOut} .code`), 'INVALID_UTF8');
  assert.match(await page.textContent(`${valOut} .warning[data-code="JAVA_MODIFIED_UTF8"]`), /DataOutput\.writeUTF/);
  await shot(page, 'java-modified-utf8');
  await page.fill(VAL, hexOf(lease));
  await page.selectOption('#value-target', 'auto');
  assert.match(await page.textContent(`${valOut} .matches`), /^lease$/);
  await page.fill(VAL, validKey.hex);
  assert.match(await page.textContent(`${valOut} .matches`), /key/);
  await checkClean(page, problems);
  await context.close();
});

test('copy as JSON (i64 as strings) and copy as hex', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url, {
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await page.click(`${valOut} button:has-text("Copy JSON")`);
  await page.waitForFunction(() => /Copied decoded value as JSON/.test(document.getElementById('live').textContent));
  const json = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  assert.equal(json.kind, 'lease');
  assert.equal(json.producerId, '9007199254740993');
  assert.equal(typeof json.grantedAt, 'string');
  await page.click(`${keyOut} button:has-text("Copy hex")`);
  await page.waitForFunction(() => /Copied decoded key as hex/.test(document.getElementById('live').textContent));
  const hex = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(hex, /^00000001[0-9a-f]+0000$/);
  await checkClean(page, problems);
  await context.close();
});

test('narrow window and error state stay readable and axe-clean', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const { page, context, problems } = await openPage(env.browser, env.url, {
      colorScheme,
      viewport: { width: 380, height: 800 },
    });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `no horizontal scroll at 380px (overflow ${overflow})`);
    await shot(page, `narrow-${colorScheme}`);
    await page.fill(KEY, '0000000100066c656164657200016d');
    await page.fill(VAL, '000000016dffffffffffffffff000100000000000000010000000000000001');
    assert.equal(await state(page, keyOut), 'error');
    await axeClean(page);
    await shot(page, `narrow-errors-${colorScheme}`);
    await checkClean(page, problems);
    await context.close();
    const wide = await openPage(env.browser, env.url, { colorScheme });
    await wide.page.fill(KEY, '0000000100066c656164657200016d');
    await wide.page.fill(VAL, '000000016dffffffffffffffff000100000000000000010000000000000001');
    await axeClean(wide.page);
    await shot(wide.page, `errors-${colorScheme}`);
    await checkClean(wide.page, wide.problems);
    await wide.context.close();
  }
});

test('a codec that fails to load is said on the page, never a blank page', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.route('**/*.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(env.url);
  const banner = page.locator('[role="alert"]', { hasText: 'The codec failed to load' });
  await banner.waitFor();
  assert.ok(await page.isVisible(KEY), 'the inputs stay on the page');
  await page.fill(KEY, '00 01');
  assert.match(await page.textContent('#key-status'), /Hex, 2 bytes/);
  await shot(page, 'codec-load-failure');
  await context.close();
});

test('a file that cannot be read when dropped is said, not an uncaught error; dragged text is taken; the dump keeps its cursor on a shown byte', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  await page.waitForFunction((s) => document.querySelector(s)?.dataset.state, keyOut);
  // A File backed by a path that is gone by the time it is read (as a directory dragged from a
  // file manager): taken through a file input of the test's own, the file removed, then dropped.
  const dir = mkdtempSync(join(tmpdir(), 'cv-drop-'));
  const path = join(dir, 'gone.bin');
  writeFileSync(path, Buffer.from('00000001', 'hex'));
  await page.evaluate(() => {
    const i = document.createElement('input');
    i.type = 'file';
    i.id = 'test-file';
    i.hidden = true;
    document.body.append(i);
  });
  await page.setInputFiles('#test-file', path);
  rmSync(dir, { recursive: true, force: true });
  const before = await page.inputValue(KEY);
  await page.evaluate((sel) => {
    const dt = new DataTransfer();
    dt.items.add(document.getElementById('test-file').files[0]);
    document
      .querySelector(sel)
      .dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
  }, KEY);
  await page.waitForSelector('#key-note >> text=gone.bin could not be read');
  assert.equal(await page.inputValue(KEY), before);
  // Dragged text (no file): the drop is not cancelled, so the text area's own insertion runs.
  const dropped = await page.evaluate((sel) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', '00');
    return document
      .querySelector(sel)
      .dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
  }, KEY);
  assert.equal(dropped, true, 'the drop of text is left to the browser');
  // A value with 2,000 bytes after the record: the dump shows 1,024; Ctrl+End stays on the last shown.
  await page.fill(VAL, hexOf(bytesOf(validLease)) + '00'.repeat(2000));
  await page.waitForFunction((s) => document.querySelector(s)?.dataset.state === 'error', valOut);
  await page.click(`${valOut} [role=gridcell][data-i="0"]`);
  await page.keyboard.press('Control+End');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.i), '1023');
  assert.equal(await page.locator(`${valOut} [role=gridcell][tabindex="0"]`).count(), 1);
  assert.deepEqual(problems, []);
  await context.close();
});
