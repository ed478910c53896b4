// The docs-site recipes of web/src/embed/README.md, each run by its generator (issue 21): MkDocs 1.4.2, Debian 12's
// `mkdocs` (a theme override loads the module: 1.4.2 has no `type: module` in extra_javascript),
// and VitePress from npm, installed into a temporary folder; each site is built, served on
// 127.0.0.1 and read in Chromium: the records render, decoded, with a height, in pages at two
// depths. Also what a mistaken recipe gives: MkDocs 1.4.2's plain extra_javascript entry loads the
// module as a classic script, and the page says so in place of each record.
// Docusaurus: tests/browser/docusaurus-run.mjs, by hand (web/src/embed/README.md).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, LAUNCH_ARGS, ROOT } from './helpers.mjs';
import {
  FALLBACK,
  RECIPES,
  assertRecordsPage,
  assertRendered,
  assertRenderedAfterNavigation,
  npmInstall,
  readRecords,
  run,
  serveStatic,
  writeSite,
} from './docs-sites.mjs';

// VitePress: the version web/src/embed/README.md names (its dependencies as on a fixed day: npmInstall).
const VITEPRESS = 'vitepress@1.6.4';

let browser;
const temp = [];
const tempDir = (name) => {
  const dir = mkdtempSync(join(tmpdir(), `docs-site-${name}-`));
  temp.push(dir);
  return dir;
};
before(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS });
});
after(async () => {
  await browser?.close();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

test('web/src/embed/README.md shows the recipes these tests run, verbatim', () => {
  const readme = readFileSync(join(ROOT, 'web/src/embed/README.md'), 'utf8');
  for (const [recipe, { files, shown }] of Object.entries(RECIPES)) {
    for (const text of shown(files))
      assert.ok(readme.includes(text), `web/src/embed/README.md lacks ${recipe}'s\n${text}`);
  }
});

test(
  'MkDocs 1.4.2 (Debian 12): the theme-override recipe renders the records, at two page depths',
  { timeout: 120_000 },
  async () => {
    const version = run('mkdocs', ['--version'], ROOT);
    const dir = tempDir('mkdocs');
    writeSite(dir, 'mkdocs');
    run('mkdocs', ['build', '--strict', '--quiet'], dir);
    const site = await serveStatic(join(dir, 'site'));
    try {
      // The url filter makes the module's URL relative to each page.
      for (const [path, src] of [
        ['', 'embed/coordination-record.js'],
        ['leases/records/', '../../embed/coordination-record.js'],
      ]) {
        const read = await readRecords(browser, site.url + path);
        assertRendered(read, `${version.trim()}: /${path}`);
        assert.equal(await read.page.$eval('script[type="module"]', (s) => s.getAttribute('src')), src);
        await read.context.close();
      }
    } finally {
      await site.close();
    }
  },
);

test(
  "MkDocs 1.4.2: a plain extra_javascript entry (a classic script) leaves each record's message in place, never an empty box",
  { timeout: 120_000 },
  async () => {
    const dir = tempDir('mkdocs-classic');
    writeSite(dir, 'mkdocs', {
      'mkdocs.yml': 'site_name: Records\nextra_javascript:\n  - embed/coordination-record.js\n',
    });
    run('mkdocs', ['build', '--quiet'], dir);
    const site = await serveStatic(join(dir, 'site'));
    try {
      const { context, page, records, problems } = await readRecords(browser, site.url + 'leases/records/', {
        started: false,
      });
      assert.equal(
        await page.$eval('script[src$="coordination-record.js"]', (s) => s.type),
        '',
        'MkDocs 1.4.2 writes a classic script',
      );
      assert.equal(records.length, 2);
      for (const r of records) {
        assert.equal(r.defined, false);
        assert.equal(r.text, FALLBACK);
        assert.ok(r.height > 10, `the message is ${r.height} px tall`);
      }
      assert.ok(
        problems.some((p) => /import\.meta|outside a module/.test(p)),
        `the console says why: ${problems}`,
      );
      await context.close();
    } finally {
      await site.close();
    }
  },
);

test(
  `VitePress (${VITEPRESS}, from npm into a temporary folder): the recipe renders the records, light and dark with the site`,
  { timeout: 600_000 },
  async (t) => {
    const dir = tempDir('vitepress');
    writeSite(dir, 'vitepress');
    const t0 = performance.now();
    npmInstall(dir, [VITEPRESS]);
    const t1 = performance.now();
    run(process.execPath, [join(dir, 'node_modules/vitepress/bin/vitepress.js'), 'build', 'docs'], dir);
    t.diagnostic(
      `npm install ${((t1 - t0) / 1000).toFixed(0)} s, build ${((performance.now() - t1) / 1000).toFixed(0)} s`,
    );
    const site = await serveStatic(join(dir, 'docs/.vitepress/dist'));
    try {
      // VitePress's appearance follows the system by default (html.dark sets color-scheme: dark):
      // the records follow the site.
      await assertRecordsPage(
        browser,
        site.url + 'leases/records.html',
        [
          ['light', { colorScheme: 'light' }],
          ['dark', { colorScheme: 'dark' }],
        ],
        'VitePress',
      );
      await assertRenderedAfterNavigation(browser, site.url, 'a[href$="leases/records.html"]', 'VitePress');
    } finally {
      await site.close();
    }
  },
);
