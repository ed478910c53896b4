// The served viewer's security headers (issue 7 item 8): every page refuses framing and form
// submission, sends no referrer and no sniffing; the embed page is the one page that may be framed;
// nothing outside the served folder is served, through a symbolic link either (issue 21 defect 9).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start } from '../../web/serve.mjs';

let srv;
before(async () => {
  srv = await start({ port: 0 });
});
after(async () => {
  await srv?.close();
});

const directives = (csp) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v.join(' ')]),
  );

test('the viewer, its assets and its errors: no framing, no form submission, no referrer, no sniffing', async () => {
  for (const path of ['', 'index.html', 'favicon.svg', 'no-such-file', '..%2fpackage.json']) {
    const res = await fetch(srv.url + path);
    const h = res.headers;
    const csp = directives(h.get('content-security-policy'));
    assert.equal(csp['frame-ancestors'], "'none'", path);
    assert.equal(csp['form-action'], "'none'", path);
    assert.equal(csp['default-src'], "'self'", path);
    assert.equal(h.get('x-frame-options'), 'DENY', path);
    assert.equal(h.get('referrer-policy'), 'no-referrer', path);
    assert.equal(h.get('x-content-type-options'), 'nosniff', path);
  }
  const post = await fetch(srv.url, { method: 'POST' });
  assert.equal(post.status, 405);
  assert.equal(post.headers.get('x-frame-options'), 'DENY');
});

test('the embed page is the one page that may be framed, under the same CSP otherwise', async () => {
  const res = await fetch(srv.url + 'embed/frame.html');
  assert.equal(res.status, 200);
  const csp = directives(res.headers.get('content-security-policy'));
  assert.equal(csp['frame-ancestors'], '*');
  assert.equal(csp['form-action'], "'none'");
  assert.equal(csp['script-src'], "'self' 'wasm-unsafe-eval'");
  assert.equal(res.headers.get('x-frame-options'), null);
  assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  // The element's files may be loaded by docs pages of other origins.
  const el = await fetch(srv.url + 'embed/coordination-record.js');
  assert.equal(el.headers.get('access-control-allow-origin'), '*');
  assert.equal(el.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.equal((await fetch(srv.url + 'docs-example.html')).headers.get('x-frame-options'), 'DENY');
});

test('the viewer page carries its stylesheet inline, allowed by its hash alone (no unsafe-inline)', async () => {
  const res = await fetch(srv.url);
  const html = await res.text();
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  assert.equal(styles.length, 1, 'one inline stylesheet');
  assert.ok(styles[0].length > 1000, 'the whole stylesheet, not a fragment');
  assert.doesNotMatch(html, /rel="stylesheet"/, 'no render-blocking stylesheet request');
  const hash = createHash('sha256').update(styles[0]).digest('base64');
  assert.equal(directives(res.headers.get('content-security-policy'))['style-src'], `'self' 'sha256-${hash}'`);
  // Other pages and files: no inline style allowed.
  for (const path of ['embed/frame.html', 'favicon.svg'])
    assert.equal(
      directives((await fetch(srv.url + path)).headers.get('content-security-policy'))['style-src'],
      "'self'",
    );
});

test('symbolic links out of the served folder are not followed (a link to /etc/hostname is refused)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'serve-links-'));
  const outside = mkdtempSync(join(tmpdir(), 'serve-outside-'));
  let site;
  try {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>root</title>');
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'inside.txt'), 'inside\n');
    writeFileSync(join(outside, 'secret.txt'), 'secret\n');
    symlinkSync('/etc/hostname', join(dir, 'hostname.txt'));
    symlinkSync(outside, join(dir, 'linked-dir'));
    symlinkSync(join(outside, 'secret.txt'), join(dir, 'sub', 'secret.txt'));
    symlinkSync('../sub/inside.txt', join(dir, 'sub', 'again.txt')); // stays inside: served
    site = await start({ port: 0, root: dir });
    for (const path of ['hostname.txt', 'linked-dir/secret.txt', 'sub/secret.txt', 'linked-dir/']) {
      const res = await fetch(site.url + path);
      const body = await res.text();
      assert.equal(res.status, 404, `${path}: ${res.status} ${JSON.stringify(body)}`);
      assert.doesNotMatch(body, /secret|root/);
      assert.equal(res.headers.get('x-frame-options'), 'DENY', path);
    }
    assert.equal(await (await fetch(site.url + 'sub/again.txt')).text(), 'inside\n');
    assert.equal(await (await fetch(site.url + 'sub/inside.txt')).text(), 'inside\n');
  } finally {
    await site?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  }
});

test('a served folder that is itself a symbolic link is served (its real path is the boundary)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'serve-real-'));
  const link = `${dir}-link`;
  let site;
  try {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>real</title>');
    symlinkSync(dir, link);
    site = await start({ port: 0, root: link });
    assert.match(await (await fetch(site.url)).text(), /real/);
  } finally {
    await site?.close();
    rmSync(link, { force: true });
    rmSync(dir, { recursive: true, force: true });
  }
});
