// Browser tests of embedding (issue 10): the <coordination-record> element on the example docs page
// (under a hostile host stylesheet, one wasm fetch for many elements, attribute changes, errors),
// the iframe page (decodes its fragment, posts its height), axe-core on both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { axeViolations, shot, useBrowser } from './helpers.mjs';

const env = useBrowser();

const HOSTILE = `* { color: red !important; display: inline !important; font-size: 31px !important;
  background: yellow !important; text-transform: uppercase !important; letter-spacing: 9px !important; }`;
const BAD_VALUE = '00000013776f726b65722d3766336140686f73742d3132ffffffffffffffff00030000019ad20f28000000019ad20f9d30';

/** The docs page, with its requests and problems recorded; hostile: a host stylesheet that breaks everything it can reach. */
async function docsPage({ hostile = false, colorScheme = 'light' } = {}) {
  const context = await env.browser.newContext({ viewport: { width: 1000, height: 900 }, colorScheme });
  const page = await context.newPage();
  const requests = [];
  const pageRequests = []; // the page's own, not its iframe's (a document of its own)
  const problems = [];
  page.on('request', (r) => {
    requests.push(r.url());
    if (r.frame() === page.mainFrame()) pageRequests.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => {
    window.__heights = [];
    window.__csp = [];
    addEventListener(
      'message',
      (e) => e.data?.type === 'coordination-record:height' && window.__heights.push(e.data.height),
    );
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  if (hostile) {
    await page.route('**/hostile.css', (route) =>
      route.fulfill({ status: 200, contentType: 'text/css', body: HOSTILE }),
    );
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = './hostile.css';
        document.head.append(link);
      }),
    );
  }
  await page.goto(env.url + 'docs-example.html');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('coordination-record')].every((e) =>
      e.shadowRoot?.querySelector('.cr[data-ready="true"] .banner'),
    ),
  );
  await page.waitForFunction(() => window.__heights.length > 0);
  return { context, page, requests, pageRequests, problems };
}

// What an element shows, read through its open shadow root.
const inElement = (page, id, selector, fn = (el) => el.textContent) =>
  page.$eval(
    `#${id}`,
    (host, [sel, f]) => new Function('el', `return (${f})(el)`)(host.shadowRoot.querySelector(sel)),
    [selector, String(fn)],
  );

test('the docs page under a hostile stylesheet: valid, corrupt and tombstone records readable, and the iframe', async () => {
  const { context, page, requests, problems } = await docsPage({ hostile: true });
  assert.equal(
    await page.evaluate(() => getComputedStyle(document.querySelector('h1')).color),
    'rgb(255, 0, 0)',
    'the hostile sheet applies to the host page',
  );
  // Valid lease.
  assert.match(
    await inElement(page, 'valid', '[data-part="key"] .banner.ok'),
    /lease key · role "?payments-coordinator/,
  );
  assert.match(await inElement(page, 'valid', '[data-part="value"] .banner.ok'), /lease value · member/);
  assert.match(await inElement(page, 'valid', '[data-part="value"]'), /4000/);
  // Corrupt lease: code, field and offset, the failing bytes marked from the offset on.
  assert.equal(await inElement(page, 'corrupt-record', '[data-part="value"] .code'), 'NEGATIVE_PRODUCER_ID');
  assert.equal(await inElement(page, 'corrupt-record', '[data-part="value"] .field'), 'lease.producer_id');
  assert.equal(await inElement(page, 'corrupt-record', '[data-part="value"] .offset'), '23');
  const errCells = await page.$eval('#corrupt-record', (h) =>
    [...h.shadowRoot.querySelectorAll('[data-part="value"] .b.err')].map((c) => Number(c.dataset.i)),
  );
  assert.equal(Math.min(...errCells), 23);
  // Tombstone.
  assert.equal(await inElement(page, 'tombstone-record', '[data-part="value"]', (el) => el.dataset.state), 'null');
  assert.match(await inElement(page, 'tombstone-record', '[data-part="value"] .banner.tomb'), /null tombstone/);
  // Readable: the element's own colours, fonts and layout, none of the host's.
  for (const id of ['valid', 'corrupt-record', 'tombstone-record']) {
    const look = await page.$eval(`#${id}`, (h) => {
      const cr = h.shadowRoot.querySelector('.cr');
      const name = h.shadowRoot.querySelector('.ti .name');
      const s = getComputedStyle(name);
      return {
        display: getComputedStyle(cr).display,
        color: s.color,
        size: s.fontSize,
        transform: s.textTransform,
        spacing: s.letterSpacing,
        tree: getComputedStyle(h.shadowRoot.querySelector('.tree')).display,
        width: cr.getBoundingClientRect().width,
      };
    });
    assert.equal(look.display, 'block', id);
    assert.notEqual(look.color, 'rgb(255, 0, 0)', id);
    assert.equal(look.size, '14px', id);
    assert.equal(look.transform, 'none', id);
    assert.equal(look.spacing, 'normal', id);
    assert.equal(look.tree, 'grid', id); // record.css: the tree's columns, each row a subgrid
    assert.ok(look.width > 500, `${id}: full width (${look.width})`);
  }
  // The iframe decodes its fragment and is sized to the height it posted.
  const frame = page.frames().find((f) => f.url().includes('embed/frame.html'));
  assert.ok(frame, 'the iframe is there');
  await frame.waitForFunction(() =>
    document.querySelector('coordination-record')?.shadowRoot?.querySelector('[data-part="value"] .banner.ok'),
  );
  assert.match(
    await frame.$eval(
      'coordination-record',
      (h) => h.shadowRoot.querySelector('[data-part="value"] .banner').textContent,
    ),
    /registration value · member/,
  );
  const heights = await page.evaluate(() => window.__heights);
  const last = heights[heights.length - 1];
  assert.ok(last > 300, `a real height posted (${heights})`);
  assert.equal(await page.$eval('#frame', (f) => f.getBoundingClientRect().height), last);
  await shot(page, 'docs-example-hostile');
  assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violations');
  assert.deepEqual(problems, []);
  assert.ok(
    requests.every((u) => u.startsWith(env.url)),
    'nothing from another origin',
  );
  await context.close();
});

test('many elements share one wasm instance: the page fetches the .wasm once', async () => {
  const { context, page, pageRequests: requests } = await docsPage();
  const wasm = requests.filter((u) => u.endsWith('/embed/coordination_inspect.wasm'));
  assert.equal(await page.$$eval('coordination-record', (els) => els.length), 3);
  assert.equal(wasm.length, 1, `one fetch of the element's wasm (${wasm})`);
  // A fourth element added later decodes without another fetch.
  await page.evaluate(() => {
    const el = document.createElement('coordination-record');
    el.id = 'late';
    el.setAttribute('key', '000000010004726166740000');
    document.body.append(el);
  });
  await page.waitForFunction(() => document.querySelector('#late').shadowRoot?.querySelector('.banner.ok'));
  assert.equal(requests.filter((u) => u.endsWith('.wasm') && u.includes('/embed/')).length, 1);
  await context.close();
});

test('changing an attribute re-renders: value, value-null, target and theme', async () => {
  const { context, page } = await docsPage();
  await page.$eval('#valid', (el, v) => el.setAttribute('value', v), BAD_VALUE);
  await page.waitForFunction(() =>
    document.querySelector('#valid').shadowRoot.querySelector('[data-part="value"] .code'),
  );
  assert.equal(await inElement(page, 'valid', '[data-part="value"] .code'), 'NEGATIVE_PRODUCER_ID');
  await page.$eval('#valid', (el) => el.setAttribute('target', 'registration'));
  assert.match(await inElement(page, 'valid', '[data-part="value"] h2'), /as registration/);
  await page.$eval('#valid', (el) => el.setAttribute('value-null', ''));
  assert.equal(await inElement(page, 'valid', '[data-part="value"]', (el) => el.dataset.state), 'null');
  await page.$eval('#valid', (el) => el.setAttribute('key', '00 zz'));
  assert.equal(await inElement(page, 'valid', '[data-part="key"]', (el) => el.dataset.state), 'parse-error');
  assert.match(await inElement(page, 'valid', '[data-part="key"] .banner.error'), /line 1, column 4/);
  const bg = () => page.$eval('#valid', (h) => getComputedStyle(h.shadowRoot.querySelector('.cr')).backgroundColor);
  assert.equal(await bg(), 'rgb(246, 247, 249)');
  await page.$eval('#valid', (el) => el.setAttribute('theme', 'dark'));
  assert.equal(await bg(), 'rgb(15, 18, 22)');
  await context.close();
});

test('tree and hex dump are linked inside the element, as in the viewer', async () => {
  const { context, page } = await docsPage();
  // Playwright's CSS selectors pierce open shadow roots.
  await page.click('#valid [data-part="key"] [data-path="key.role"] > .row');
  const sel = await page.$$eval('#valid [data-part="key"] .b.sel', (els) => els.map((el) => Number(el.dataset.i)));
  assert.deepEqual(
    sel,
    Array.from({ length: 22 }, (_, i) => 4 + i),
  );
  await page.click('#valid [data-part="value"] .b[data-i="25"]');
  assert.equal(
    await page.getAttribute('#valid [data-part="value"] [data-path="lease.producer_id"]', 'aria-selected'),
    'true',
  );
  await context.close();
});

test('"Open in the viewer" carries the record to the viewer', async () => {
  const { context, page } = await docsPage();
  const href = await inElement(page, 'corrupt-record', '.cr-foot a', (a) => a.href);
  assert.match(href, /index\.html#key=[0-9a-f]+&value=[0-9a-f]+$/);
  const viewer = await context.newPage();
  await viewer.goto(href);
  await viewer.waitForSelector('html[data-decoded="true"]');
  assert.equal(await viewer.inputValue('#value-text'), BAD_VALUE);
  assert.equal(await viewer.textContent('#value-out .code'), 'NEGATIVE_PRODUCER_ID');
  await context.close();
});

test('axe-core: no violation in the element (light and dark) or the iframe page', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const { context, page } = await docsPage({ colorScheme });
    // The element takes the page's color-scheme: the page opts in to the system's.
    await page.evaluate(() => (document.documentElement.style.colorScheme = 'light dark'));
    assert.equal(
      await page.$eval('#valid', (h) => getComputedStyle(h.shadowRoot.querySelector('.cr')).colorScheme),
      'light dark',
    );
    assert.deepEqual(await axeViolations(page, 'coordination-record'), [], colorScheme);
    await shot(page, `docs-example-${colorScheme}`);
    await context.close();
  }
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(
    `${env.url}embed/frame.html#key=0000000100147061796d656e74732d636f6f7264696e61746f720000&value=${BAD_VALUE}`,
  );
  await page.waitForFunction(() => document.querySelector('coordination-record').shadowRoot?.querySelector('.code'));
  assert.deepEqual(await axeViolations(page), []);
  await shot(page, 'embed-iframe-page');
  await context.close();
});

test('the element module is self-contained: no bare or other-origin imports, the wasm beside it', () => {
  const code = readFileSync(new URL('../../web/dist/embed/coordination-record.js', import.meta.url), 'utf8');
  assert.doesNotMatch(code, /\bfrom\s*["'`]/, 'no static imports');
  // The one dynamic import is wasm/api/index.js's Node-only branch (reads the .wasm from disk); a browser never runs it.
  assert.deepEqual(
    [...code.matchAll(/\bimport\s*\(([^)]*)\)/g)].map((m) => m[1].replace(/\/\*.*?\*\/|\s/g, '')),
    ['`node:fs/promises`'],
  );
  const urls = new Set(code.match(/https?:\/\/[^\s"'`]+/g));
  assert.deepEqual(
    [...urls].filter((u) => !u.startsWith('http://www.w3.org/')),
    [],
    'no URL but the XML namespaces of the DOM',
  );
  assert.doesNotMatch(code, /data:application\/wasm/, 'the wasm is not inlined');
  assert.ok(readFileSync(new URL('../../web/dist/embed/coordination_inspect.wasm', import.meta.url)).length > 1000);
});

test('a wasm that fails to load is said in every element, never an empty box', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.route('**/embed/coordination_inspect.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(env.url + 'docs-example.html');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('coordination-record')].every((e) => e.shadowRoot?.querySelector('[role="alert"]')),
  );
  for (const id of ['valid', 'corrupt-record', 'tombstone-record']) {
    assert.match(await inElement(page, id, '[role="alert"]'), /The codec failed to load/, id);
    assert.match(
      await inElement(page, id, '.cr-foot a', (a) => a.href),
      /#key=/,
      `${id}: the link to the viewer still carries the record`,
    );
  }
  await context.close();
});

test('"Open in the viewer" links to http(s) and relative URLs only: a javascript: or data: viewer gets no link', async () => {
  const { context, page } = await docsPage();
  const key = '000000010004726166740000';
  // viewer attribute -> the link's href (null: no link), the page's base being env.url.
  const cases = [
    ['javascript:alert(document.domain)', null],
    [' JaVaScRiPt:alert(1)', null],
    ['java\nscript:alert(1)', null],
    ['\u0001javascript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['vbscript:msgbox(1)', null],
    ['file:///etc/passwd', null],
    ['blob:https://viewer.example/0', null],
    ['https://viewer.example/app/', `https://viewer.example/app/#key=${key}`],
    ['HTTP://viewer.example/index.html#old', `http://viewer.example/index.html#key=${key}`],
    ['//viewer.example/v/', `http://viewer.example/v/#key=${key}`],
    ['./index.html', `${env.url}index.html#key=${key}`],
    ['/index.html?x=1', `${env.url}index.html?x=1#key=${key}`],
  ];
  const got = await page.evaluate(
    async ([cases, key]) => {
      const els = cases.map(([viewer]) => {
        const el = document.createElement('coordination-record');
        el.setAttribute('key', key);
        el.setAttribute('viewer', viewer);
        document.body.append(el);
        return el;
      });
      await new Promise((r) => setTimeout(r, 50));
      return els.map((el) => {
        const a = el.shadowRoot.querySelector('.cr-foot a');
        return [a ? a.href : null, el.shadowRoot.querySelector('.cr-foot')?.textContent ?? ''];
      });
    },
    [cases, key],
  );
  cases.forEach(([viewer, want], i) => {
    assert.equal(got[i][0], want, JSON.stringify(viewer));
    if (want === null) assert.match(got[i][1], /not an http\(s\) or relative URL/, JSON.stringify(viewer));
  });
  await context.close();
});

test('without a viewer attribute the element links nowhere (a docs site has no viewer of its own)', async () => {
  const { context, page } = await docsPage();
  const foot = await page.evaluate(async () => {
    const el = document.createElement('coordination-record');
    el.setAttribute('key', '000000010004726166740000');
    document.body.append(el);
    await new Promise((r) => setTimeout(r, 50));
    return el.shadowRoot.querySelector('.cr-foot')?.outerHTML ?? null;
  });
  assert.equal(foot, null);
  await context.close();
});

test("theme: by default the host page's color-scheme (light on a page that declares none, even on a dark system); auto: the system", async () => {
  const LIGHT = 'rgb(246, 247, 249)';
  const DARK = 'rgb(15, 18, 22)';
  const themes = [null, 'auto', 'light', 'dark', 'bogus'];
  const looks = (page) =>
    page.evaluate(async (themes) => {
      const els = themes.map((theme) => {
        const el = document.createElement('coordination-record');
        el.setAttribute('key', '000000010004726166740000');
        if (theme) el.setAttribute('theme', theme);
        document.body.append(el);
        return el;
      });
      await new Promise((r) => setTimeout(r, 50));
      const bgs = els.map((el) => getComputedStyle(el.shadowRoot.querySelector('.cr')).backgroundColor);
      els.forEach((el) => el.remove());
      return Object.fromEntries(themes.map((t, i) => [t ?? 'none', bgs[i]]));
    }, themes);
  // The example docs page declares no color-scheme: a light-only docs theme.
  const dark = await docsPage({ colorScheme: 'dark' });
  assert.deepEqual(await looks(dark.page), { none: LIGHT, auto: DARK, light: LIGHT, dark: DARK, bogus: LIGHT });
  // The page opts in to both schemes: the element follows the system with it.
  await dark.page.evaluate(() => (document.documentElement.style.colorScheme = 'light dark'));
  assert.deepEqual(await looks(dark.page), { none: DARK, auto: DARK, light: LIGHT, dark: DARK, bogus: DARK });
  await dark.context.close();
  // A docs theme's dark mode (VitePress's html.dark, Docusaurus's [data-theme=dark] set color-scheme:
  // dark) on a light system: the element is dark with the page.
  const light = await docsPage({ colorScheme: 'light' });
  assert.deepEqual(await looks(light.page), { none: LIGHT, auto: LIGHT, light: LIGHT, dark: DARK, bogus: LIGHT });
  await light.page.evaluate(() => (document.documentElement.style.colorScheme = 'dark'));
  assert.deepEqual(await looks(light.page), { none: DARK, auto: LIGHT, light: LIGHT, dark: DARK, bogus: DARK });
  await light.context.close();
});

const REG_KEY = '0000000000147061796d656e74732d636f6f7264696e61746f720013776f726b65722d3766336140686f73742d3132';
const REG_VALUE = '00000013776f726b65722d3766336140686f73742d31320000019ad20f2800';

/** A host page of its own (served by a route) with one iframe of embed/frame.html#fragment. */
async function framePage({ fragment, colorScheme = 'light', width = 1000, helper = true }) {
  const context = await env.browser.newContext({ viewport: { width, height: 700 }, colorScheme });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  await page.route('**/host.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>host</title><body style="margin:0">
        ${helper ? '<script type="module" src="./embed/frame-height.js"></script>' : ''}
        <iframe id="f" title="A record" style="width:100%;border:0;display:block" src="./embed/frame.html#${fragment}"></iframe>`,
    }),
  );
  await page.goto(env.url + 'host.html');
  const frame = page.frames().find((f) => f.url().includes('embed/frame.html'));
  await frame.waitForFunction(() =>
    document.querySelector('coordination-record').shadowRoot?.querySelector('.cr[data-ready="true"] .banner'),
  );
  return { context, page, frame, problems };
}

test('the iframe page sizes itself: a registration at 420 px wide is shown whole, with frame-height.js on the host', async () => {
  const { context, page, frame, problems } = await framePage({
    fragment: `key=${REG_KEY}&value=${REG_VALUE}`,
    width: 420,
  });
  // The frame's content is taller than the 520 px the README's snippet once gave it; each field's
  // value goes under its name at this width, not in a column a few characters wide (3,863 px once).
  const content = await frame.evaluate(() => document.documentElement.scrollHeight);
  assert.ok(content > 520 && content < 1400, `content ${content} px`);
  await page.waitForFunction((h) => document.querySelector('#f').clientHeight === h, content);
  // Shown whole: nothing left to scroll inside the frame.
  assert.equal(await frame.evaluate(() => document.scrollingElement.scrollHeight - innerHeight), 0);
  assert.match(
    await frame.$eval(
      'coordination-record',
      (h) => h.shadowRoot.querySelector('[data-part="value"] .banner').textContent,
    ),
    /registration value · member/,
  );
  assert.deepEqual(problems, []);
  await context.close();
});

test("the iframe page: light by default (the frame page declares no color-scheme), theme and viewer from the fragment, the viewer's URL checked", async () => {
  const bg = (frame) =>
    frame.$eval('coordination-record', (h) => getComputedStyle(h.shadowRoot.querySelector('.cr')).backgroundColor);
  const link = (frame) =>
    frame.$eval('coordination-record', (h) => h.shadowRoot.querySelector('.cr-foot a')?.href ?? null);
  const key = `key=${REG_KEY}`;
  let p = await framePage({ fragment: key, colorScheme: 'dark' });
  assert.equal(await bg(p.frame), 'rgb(246, 247, 249)');
  assert.equal(await link(p.frame), null, 'no viewer: no link');
  await p.context.close();
  p = await framePage({
    fragment: `${key}&theme=auto&viewer=${encodeURIComponent('https://viewer.example/')}`,
    colorScheme: 'dark',
  });
  assert.equal(await bg(p.frame), 'rgb(15, 18, 22)');
  assert.equal(await link(p.frame), `https://viewer.example/#${key}`);
  await p.context.close();
  p = await framePage({ fragment: `${key}&viewer=${encodeURIComponent('javascript:alert(1)')}` });
  assert.equal(await link(p.frame), null);
  await p.context.close();
});

test('an element that cannot start says so in place: its module not found, loaded as a classic script, or its wasm refused by the CSP', async () => {
  const cases = {
    'module not found': (page) =>
      page.route('**/embed/coordination-record.js', (route) => route.fulfill({ status: 404, body: 'gone' })),
    'module loaded as a classic script': (page) =>
      page.route('**/docs-example.html', async (route) => {
        const res = await route.fetch();
        const body = (await res.text()).replace(
          '<script type="module" src="./embed/coordination-record.js">',
          '<script src="./embed/coordination-record.js">',
        );
        await route.fulfill({ response: res, body });
      }),
  };
  for (const [what, setUp] of Object.entries(cases)) {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await setUp(page);
    await page.goto(env.url + 'docs-example.html');
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    for (const id of ['valid', 'corrupt-record', 'tombstone-record']) {
      const { text, height, defined } = await page.$eval(`#${id}`, (el) => ({
        text: el.innerText,
        height: el.getBoundingClientRect().height,
        defined: el.matches(':defined'),
      }));
      assert.equal(defined, false, `${what}: ${id} is not defined`);
      assert.match(text, /could not be shown: coordination-record\.js did not run/, `${what}: ${id}`);
      assert.ok(height > 10, `${what}: ${id} is ${height} px tall`);
    }
    await context.close();
  }
  // The module runs but the page's CSP forbids compiling WebAssembly.
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.route('**/docs-example.html', async (route) => {
    const res = await route.fetch();
    await route.fulfill({
      response: res,
      headers: { ...res.headers(), 'content-security-policy': "script-src 'self'; style-src 'self' 'unsafe-inline'" },
    });
  });
  await page.goto(env.url + 'docs-example.html');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('coordination-record')].every((e) => e.shadowRoot?.querySelector('[role="alert"]')),
  );
  for (const id of ['valid', 'corrupt-record', 'tombstone-record']) {
    assert.match(await inElement(page, id, '[role="alert"]'), /The codec failed to load: .*WebAssembly/, id);
    assert.ok((await page.$eval(`#${id}`, (el) => el.getBoundingClientRect().height)) > 30, id);
  }
  await context.close();
});

test('record-key is the key attribute under another name (Vue and React drop `key`); it wins over key', async () => {
  const { context, page } = await docsPage();
  const banners = await page.evaluate(async () => {
    const make = (attrs) => {
      const el = document.createElement('coordination-record');
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      document.body.append(el);
      return el;
    };
    const lease = '000000010004726166740000';
    const registration = '00000000000472616674000161';
    const els = [make({ 'record-key': lease }), make({ key: lease, 'record-key': registration })];
    await new Promise((r) => setTimeout(r, 50));
    return els.map((el) => el.shadowRoot.querySelector('[data-part="key"] .banner').textContent);
  });
  assert.match(banners[0], /lease key · role "?raft/);
  assert.match(banners[1], /registration key · role "?raft/);
  await context.close();
});
