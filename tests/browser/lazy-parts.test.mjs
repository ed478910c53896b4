// Browser tests of the parts loaded on demand (the record builder, the topic view, the other
// formats with the full module, the share-link code): the first view requests none of them; a part
// shows a loading line while its chunk loads, then itself; a part whose chunk or module fails says
// so, and "Try again" loads it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { golden, useBrowser } from './helpers.mjs';

const env = useBrowser();

async function viewer(route) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  if (route) await route(page);
  await page.goto(env.url);
  await page.waitForSelector('html[data-decoded="true"]');
  return { context, page, requests };
}

test('the first view loads none of the parts loaded on demand, and one wasm: the coordination-only module', async () => {
  const { context, page, requests } = await viewer();
  await page.waitForTimeout(500);
  assert.deepEqual(
    requests.filter((p) =>
      /RecordBuilder|TopicView|TimelinePicture|topic-worker|FormatView|\/share-|coordination_(codec|log)/.test(p),
    ),
    [],
  );
  assert.deepEqual(
    requests.filter((p) => p.endsWith('.wasm')).map((p) => p.replace(/-[\w-]+\.wasm$/, '.wasm')),
    ['/assets/coordination_record.wasm'],
  );
  assert.deepEqual(
    requests.filter((p) => p.endsWith('.css')),
    [],
    'the stylesheet is in the HTML',
  );
  // Each part comes when used.
  await page.click('#tab-builder');
  await page.waitForSelector('#panel-builder form, #panel-builder input');
  assert.ok(requests.some((p) => /RecordBuilder-.*\.js$/.test(p)));
  await page.click('#tab-viewer');
  // The full module, for the Streams formats: requested once the formats' chunk has run, which may
  // be after its text area is on screen (waited for, not sampled: it failed under load).
  const fullModule = page.waitForRequest((r) => /coordination_codec-.*\.wasm$/.test(new URL(r.url()).pathname));
  await page.selectOption('#format', 'subscription');
  await page.waitForSelector('#bytes-text');
  assert.ok(requests.some((p) => /FormatView-.*\.js$/.test(p)));
  await fullModule;
  await context.close();
});

test('a part shows a loading line while its chunk loads, then itself', async () => {
  let release;
  const held = new Promise((r) => (release = r));
  const { context, page } = await viewer((p) =>
    p.route('**/assets/RecordBuilder-*.js', async (route) => {
      await held;
      await route.continue();
    }),
  );
  await page.click('#tab-builder');
  const loading = page.locator('#panel-builder [role="status"]');
  await loading.waitFor();
  assert.equal(await loading.textContent(), 'Loading the record builder…');
  release();
  await page.waitForSelector('#panel-builder form, #panel-builder input');
  assert.equal(await loading.count(), 0);
  await context.close();
});

test('a part whose chunk or module fails says so, and "Try again" loads it', async () => {
  let failChunk = true;
  let failWasm = true;
  const { context, page } = await viewer(async (p) => {
    await p.route('**/assets/FormatView-*.js', (route) =>
      failChunk ? route.fulfill({ status: 404, body: 'gone' }) : route.continue(),
    );
    await p.route('**/assets/coordination_codec-*.wasm', (route) =>
      failWasm ? route.fulfill({ status: 404, body: 'gone' }) : route.continue(),
    );
  });
  await page.selectOption('#format', 'assignment');
  const alert = page.locator('#panel-viewer [role="alert"]');
  await alert.waitFor();
  assert.match(await alert.textContent(), /The view of the other formats failed to load: .*FormatView/);
  // The record view's inputs stay usable meanwhile.
  await page.selectOption('#format', 'coordination');
  assert.equal(await page.getAttribute('#key-out', 'data-state'), 'ok');
  await page.selectOption('#format', 'assignment');
  await alert.waitFor(); // chosen again: tried again, failed again
  failChunk = false;
  await page.click('#panel-viewer [role="alert"] button:has-text("Try again")');
  // The chunk now loads; the full module does not yet: said in the view, with its own retry.
  await page.waitForSelector('#bytes-text');
  await page.waitForSelector('text=The Kafka Streams decoders (the full module) failed to load');
  failWasm = false;
  await page.click('#panel-viewer [role="alert"] button:has-text("Try again")');
  await page.fill('#bytes-text', golden('assignment').vectors.find((v) => v.id === 'assignment/valid/v4').hex);
  await page.waitForSelector('#format-out[data-state="ok"]');
  assert.equal(await page.locator('#panel-viewer [role="alert"]').count(), 0);
  await context.close();
});
