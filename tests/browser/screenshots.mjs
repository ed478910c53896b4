// Regenerates the docs' screenshots (README.md, web/README.md, wasm/core/transactions/README.md) in
// web/screenshots/ from the production build (run `npm run build` first):
// `node tests/browser/screenshots.mjs`. Each shot is a view set up as a user would (the page served
// by web/serve.mjs, Debian's Chromium), at a fixed size, in light mode and with the page's clock
// fixed (NOW), so that a new one differs from the old only where the viewer does.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setup } from './helpers.mjs';
import { leaseValue } from '../node/log-writer.mjs';
import { ZOMBIE_T0, writeZombieLogDir } from '../node/transaction-writer.mjs';

const OUT = fileURLToPath(new URL('../../web/screenshots/', import.meta.url));

// The time the pages run at: the zombie case's `--now` (wasm/core/transactions/README.md), two
// minutes after its leases were granted (an hour long: live), billing's 60 s transaction past its timeout.
const NOW = ZOMBIE_T0 + 120_000;
const dir = mkdtempSync(join(tmpdir(), 'screenshots-'));

const lease = (over) => leaseValue({ member: 'consumer-1', ...over }).toString('hex');

/** name -> (page) => the element to capture, or elements (the box around them), on a page at 1280x900. */
const SHOTS = {
  // The Diff tab: two leases of one role, B written by a producer with a newer epoch and a later deadline.
  async diff(page) {
    await page.click('#tab-diff');
    await page.fill('#diff-a-text', lease());
    await page.fill('#diff-b-text', lease({ producerEpoch: 4, deadline: 1700000090000n }));
    await page.waitForSelector('#diff-summary');
    await page.click('#panel-diff [data-path="lease.producer_epoch"] > .row');
    await page.mouse.move(0, 0);
    return page.$('#panel-diff');
  },
  // The Topic tab with a log directory holding __coordination_state-0 and __transaction_state-3
  // (tests/node/transaction-writer.mjs, the CLI walkthrough's case): the join's anomalies, orders'
  // fenced holder (epoch 3, its transactional id at 4) and payments' replaced producer id.
  async 'zombie-holder'(page) {
    await page.click('#tab-topic');
    await page.setInputFiles('#topic-dir', await writeZombieLogDir(join(dir, 'logdir')));
    await page.waitForSelector('#problems .anom-item[data-kind="lease_holder_fenced"]', { timeout: 60_000 });
    // The list of anomalies scrolls: its end holds both lease_holder_fenced.
    await page.$eval('#problems ul[aria-label="Anomalies"]', (ul) => (ul.scrollTop = ul.scrollHeight));
    return [await page.$('#problems'), await page.$('#topic-transactions')];
  },
};

const env = await setup();
try {
  mkdirSync(OUT, { recursive: true });
  for (const [name, show] of Object.entries(SHOTS)) {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    await context.clock.setFixedTime(NOW);
    const page = await context.newPage();
    await page.goto(env.url);
    await page.waitForSelector('html[data-decoded="true"]');
    const shown = [await show(page)].flat();
    // Boxes in the page's coordinates (boundingBox is the viewport's), for a clip of the full page.
    const [scrollX, scrollY] = await page.evaluate(() => [window.scrollX, window.scrollY]);
    const boxes = (await Promise.all(shown.map((el) => el.boundingBox()))).map((b) => ({
      ...b,
      x: b.x + scrollX,
      y: b.y + scrollY,
    }));
    const [x, y] = ['x', 'y'].map((c) => Math.min(...boxes.map((b) => b[c])));
    const right = Math.max(...boxes.map((b) => b.x + b.width));
    const bottom = Math.max(...boxes.map((b) => b.y + b.height));
    await page.screenshot({
      path: `${OUT}${name}.png`,
      fullPage: true,
      clip: { x, y, width: right - x, height: bottom - y },
    });
    console.log(`screenshots: web/screenshots/${name}.png`);
    await context.close();
  }
} finally {
  await env.browser.close();
  await env.srv.close();
  rmSync(dir, { recursive: true, force: true });
}
