// The Docusaurus recipe of web/src/embed/README.md, run by hand (not in `npm test`: a cold install of Docusaurus is
// about 1,200 packages and took 4 to 6 minutes here, its build 1.5 to 5 more, past the suite's
// budget): installs it from npm into a temporary folder, builds the recipe's site (RECIPES.docusaurus,
// tests/browser/docs-sites.mjs), serves it on 127.0.0.1 and checks the records in Chromium as
// docs-sites.test.mjs does for MkDocs and VitePress: the records page loaded, light and in the
// site's dark mode, and reached by the site's own navigation. Prints the versions and the times;
// web/src/embed/README.md records the last run. Exit 1 on a failure.
//
//   npm run build && node tests/browser/docusaurus-run.mjs
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, LAUNCH_ARGS } from './helpers.mjs';
import {
  assertRecordsPage,
  assertRenderedAfterNavigation,
  npmInstall,
  readRecords,
  run,
  serveStatic,
  writeSite,
} from './docs-sites.mjs';

const PACKAGES = ['@docusaurus/core@3.10.2', '@docusaurus/preset-classic@3.10.2', 'react@19.2.0', 'react-dom@19.2.0'];

const dir = mkdtempSync(join(tmpdir(), 'docs-site-docusaurus-'));
const seconds = (t0) => ((performance.now() - t0) / 1000).toFixed(0);
let browser;
let site;
try {
  writeSite(dir, 'docusaurus');
  let t0 = performance.now();
  npmInstall(dir, PACKAGES);
  console.log(`npm install: ${seconds(t0)} s`);
  const version = (name) => JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
  console.log(
    ['@docusaurus/core', 'react', 'react-dom', '@mdx-js/mdx', 'webpack'].map((n) => `${n} ${version(n)}`).join(', '),
  );
  t0 = performance.now();
  run(process.execPath, [join(dir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build'], dir);
  console.log(`docusaurus build: ${seconds(t0)} s`);

  site = await serveStatic(join(dir, 'build'));
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS });
  // The site's colour mode: light by default, even on a dark system; dark when chosen (the theme's
  // toggle stores it in localStorage 'theme', read before the first paint), with color-scheme: dark.
  const chosen = (mode) => (page) => page.addInitScript((m) => localStorage.setItem('theme', m), mode);
  await assertRecordsPage(
    browser,
    `${site.url}leases/records`,
    [
      ['light', { colorScheme: 'dark' }],
      ['dark', { before: chosen('dark') }],
    ],
    'Docusaurus',
  );
  console.log('ok   the records page, light and dark');
  await assertRenderedAfterNavigation(browser, site.url, 'article a[href$="/leases/records"]', 'Docusaurus');
  console.log('ok   the records page reached by the site navigation');
  console.log('docusaurus: passed');
} catch (e) {
  console.log(`FAIL ${e.stack ?? e}`);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
}
