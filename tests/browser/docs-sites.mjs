// The docs-site recipes for <coordination-record> (web/src/embed/README.md) and what runs them: each generator builds a
// small site in a temporary folder from the recipe's files (RECIPES: that file shows the same texts,
// and tests/browser/docs-sites.test.mjs checks that it does), with the embed/ folder as the npm
// package ships it, served by a plain static server on 127.0.0.1 (python3 -m http.server: no
// headers of ours), and read in Chromium (readRecords). docs-sites.test.mjs runs MkDocs and
// VitePress; docusaurus-run.mjs runs Docusaurus, by hand (its install and build take too long for
// the suite; web/src/embed/README.md).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './helpers.mjs';

const LEASE_KEY = '0000000100147061796d656e74732d636f6f7264696e61746f720000';
const LEASE_VALUE =
  '00000013776f726b65722d3766336140686f73742d31320000000000000fa000030000019ad20f28000000019ad20f9d30';
const REGISTRATION_KEY =
  '0000000000147061796d656e74732d636f6f7264696e61746f720013776f726b65722d3766336140686f73742d3132';
/** What the element shows in place when its module never runs (the recipes' pages carry it). */
export const FALLBACK =
  'The decoded record could not be shown: coordination-record.js did not run (it must load as a module script).';

/** What the pages' two records decode to, in order: a lease, and a registration's tombstone. */
const EXPECTED = [
  { key: /lease key · role "?payments-coordinator/, value: /lease value · member "?worker-7f3a@host-12/ },
  { key: /registration key · role "?payments-coordinator/, value: /null tombstone/ },
];

/**
 * The records in a page, the same text in each generator's Markdown or MDX: `record-key`, not `key`
 * (Vue and React take `key` for themselves and drop it: VitePress, Docusaurus), and `value-null=""`
 * (MDX wants a value), both of which plain HTML takes too.
 */
const PAGE = `<coordination-record record-key="${LEASE_KEY}"
  value="${LEASE_VALUE}">
${FALLBACK}
</coordination-record>

<coordination-record record-key="${REGISTRATION_KEY}" value-null="">
${FALLBACK}
</coordination-record>
`;

const MKDOCS_THEME = `theme:
  name: mkdocs
  custom_dir: overrides
`;

/**
 * Each recipe: the files it writes (path in the site -> text), where embed/ goes, and the texts
 * web/src/embed/README.md shows (the recipe's own files; the sites' home pages and titles are the test's).
 */
export const RECIPES = {
  mkdocs: {
    embedDir: 'docs/embed',
    files: {
      // The mkdocs theme takes highlight.js from a CDN, out of reach here (and another origin).
      'mkdocs.yml': `site_name: Records\n${MKDOCS_THEME}  highlightjs: false\n`,
      'overrides/main.html': `{% extends "base.html" %}
{% block extrahead %}
  {{ super() }}
  <script type="module" src="{{ 'embed/coordination-record.js' | url }}"></script>
{% endblock %}
`,
      'docs/index.md': `# Records\n\n${PAGE}`,
      'docs/leases/records.md': `# A lease and a tombstone\n\n${PAGE}`,
    },
    shown: (files) => [MKDOCS_THEME, files['overrides/main.html'], PAGE],
  },
  vitepress: {
    embedDir: 'docs/public/embed',
    files: {
      'docs/.vitepress/config.mjs': `export default {
  head: [['script', { type: 'module', src: '/embed/coordination-record.js' }]],
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag === 'coordination-record' } } },
};
`,
      'docs/index.md': `# Records\n\n[The records, a page further down](./leases/records.md)\n\n${PAGE}`,
      'docs/leases/records.md': `# A lease and a tombstone\n\n${PAGE}`,
    },
    shown: (files) => [files['docs/.vitepress/config.mjs'], PAGE],
  },
  docusaurus: {
    embedDir: 'static/embed',
    files: {
      'docusaurus.config.js': `export default {
  title: 'Records',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  scripts: [{ src: '/embed/coordination-record.js', type: 'module' }],
  presets: [['classic', { docs: { routeBasePath: '/' }, blog: false }]],
};
`,
      'docs/index.md': `# Records\n\n[The records, a page further down](./leases/records.mdx)\n\n${PAGE}`,
      'docs/leases/records.mdx': `# A lease and a tombstone\n\n${PAGE}`,
    },
    shown: (files) => [files['docusaurus.config.js'], PAGE],
  },
};

/** The embed/ files the npm package ships (package.json "files"): the recipes copy exactly these. */
export function packagedEmbedFiles() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return pkg.files.filter((f) => f.startsWith('web/dist/embed/'));
}

/** Writes a recipe's files into dir, with the packaged embed/ files where the recipe puts them. */
export function writeSite(dir, recipe, overrides = {}) {
  const { embedDir, files } = RECIPES[recipe];
  for (const [path, text] of Object.entries({ ...files, ...overrides })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  for (const f of packagedEmbedFiles()) cpSync(join(ROOT, f), join(dir, embedDir, f.slice('web/dist/embed/'.length)));
}

/** Runs a command, throwing with its output when it fails. */
export function run(cmd, args, cwd, timeout = 600_000) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout, maxBuffer: 1 << 26 });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) exited ${r.status ?? r.signal}\n${r.stdout}\n${r.stderr}`);
  return `${r.stdout}${r.stderr}`;
}

// Packages as they were on a fixed day (npm --before): the same install on every run, without a
// lock file of each generator's hundreds of packages in this repository.
const NPM_BEFORE = '2026-11-01';

/**
 * npm install of packages (exact versions) into dir, a project of its own (its package.json: npm
 * would otherwise install into the first folder above with one), from the registry. npm's log goes
 * into dir: a failure says what the log says.
 */
export function npmInstall(dir, packages) {
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  const logs = join(dir, 'npm-logs');
  const flags = ['--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', `--before=${NPM_BEFORE}`];
  try {
    run('npm', ['install', ...flags, `--logs-dir=${logs}`, ...packages], dir);
  } catch (e) {
    const log = readdirSync(logs).map((f) => readFileSync(join(logs, f), 'utf8'));
    throw new Error(`${e.message}\n${log.join('\n').split('\n').slice(-30).join('\n')}`);
  }
}

/** Serves dir with python3 -m http.server on 127.0.0.1 (a free port): { url, close }. */
export async function serveStatic(dir) {
  const child = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/port (\d+)/);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`python3 -m http.server exited ${code}: ${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill();
      }),
  };
}

/** Waits until the page shows `title` and every record in it has rendered its decoded record (15 s at most). */
function recordsReady(page, title = '') {
  return page
    .waitForFunction(
      (title) => {
        const els = [...document.querySelectorAll('coordination-record')];
        return (
          document.querySelector('h1')?.textContent.startsWith(title) &&
          els.length > 0 &&
          els.every((e) => e.shadowRoot?.querySelector('.cr[data-ready="true"] [data-part="value"] .banner'))
        );
      },
      title,
      { timeout: 15_000 },
    )
    .catch(() => {}); // read what is there: the checks say what is missing
}

/** Every <coordination-record> of the page: whether it is defined, its height, its key and value
 * banners, its background and its text as the reader sees it (the message when it never started). */
function recordsIn(page) {
  return page.$$eval('coordination-record', (els) =>
    els.map((el) => {
      const banner = (part) => el.shadowRoot?.querySelector(`[data-part="${part}"] .banner`)?.textContent ?? null;
      const cr = el.shadowRoot?.querySelector('.cr');
      return {
        defined: el.matches(':defined'),
        height: el.getBoundingClientRect().height,
        key: banner('key'),
        value: banner('value'),
        background: cr ? getComputedStyle(cr).backgroundColor : null,
        text: el.innerText.trim(),
      };
    }),
  );
}

/**
 * Opens url in a new context and reads its records (recordsIn) once each has rendered or 15 s have
 * passed (started: false, once the page has loaded); problems: page errors, console errors and
 * failed requests.
 */
export async function readRecords(browser, url, { colorScheme = 'light', before, started = true } = {}) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, colorScheme });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // Failed requests are told by URL below.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    // The browser asks any site for its icon; the generators' minimal sites have none.
    if (r.status() >= 400 && new URL(r.url()).pathname !== '/favicon.ico')
      problems.push(`http ${r.status()}: ${r.url()}`);
  });
  if (before) await before(page);
  await page.goto(url);
  // A page whose records are not expected to start: read them once it has loaded.
  if (started) await recordsReady(page);
  else await page.waitForTimeout(500);
  return { context, page, problems, records: await recordsIn(page) };
}

/** The records of a page (readRecords) against EXPECTED: decoded, visible, nothing logged as an error. */
export function assertRendered({ records, problems }, where) {
  assert.equal(records.length, EXPECTED.length, `${where}: ${JSON.stringify(records)}`);
  records.forEach((r, i) => {
    assert.ok(r.defined, `${where}: record ${i} is defined`);
    assert.match(r.key ?? '', EXPECTED[i].key, `${where}: record ${i} key`);
    assert.match(r.value ?? '', EXPECTED[i].value, `${where}: record ${i} value`);
    assert.ok(r.height > 100, `${where}: record ${i} is ${r.height} px tall`);
  });
  assert.deepEqual(problems, [], where);
}

/** The element's background in each colour scheme (theme.css, --bg). */
const BACKGROUND = { light: 'rgb(246, 247, 249)', dark: 'rgb(15, 18, 22)' };

/**
 * A records page in each of a site's colour modes: [mode ('light' | 'dark'), readRecords options
 * that put the site in it]. Its records render, with the element's background of that mode (they
 * follow the site's color-scheme).
 */
export async function assertRecordsPage(browser, url, modes, where) {
  for (const [mode, options] of modes) {
    const read = await readRecords(browser, url, options);
    assertRendered(read, `${where}, ${mode}`);
    assert.deepEqual(
      read.records.map((r) => r.background),
      read.records.map(() => BACKGROUND[mode]),
      `${where}, ${mode}: the records' backgrounds`,
    );
    await read.context.close();
  }
}

/**
 * The site's home page, then its link to the records' page followed in place (the framework renders
 * the new page without loading it, so the elements are created by Vue or React): the records render
 * on both.
 */
export async function assertRenderedAfterNavigation(browser, url, link, where) {
  const home = await readRecords(browser, url);
  assertRendered(home, `${where}, home page`);
  await home.page.click(link);
  await recordsReady(home.page, 'A lease and a tombstone');
  assertRendered({ records: await recordsIn(home.page), problems: home.problems }, `${where}, after the link`);
  assert.notEqual(new URL(home.page.url()).pathname, new URL(url).pathname, `${where}: the link was followed`);
  await home.context.close();
}
