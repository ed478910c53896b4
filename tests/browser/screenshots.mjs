// Regenerates the docs' screenshots (README.md, web/README.md) in web/screenshots/ from the production build (run
// `npm run build` first): `node tests/browser/screenshots.mjs`. Each shot is a view set up as a
// user would (the page served by web/serve.mjs, Debian's Chromium), at a fixed size and in light
// mode, so that a new one differs from the old only where the viewer does.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setup } from './helpers.mjs';
import { leaseValue } from '../node/log-writer.mjs';

const OUT = fileURLToPath(new URL('../../web/screenshots/', import.meta.url));

const lease = (over) => leaseValue({ member: 'consumer-1', ...over }).toString('hex');

/** name -> (page) => the element to capture, on a page at 1280x900. */
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
};

const env = await setup();
try {
  mkdirSync(OUT, { recursive: true });
  for (const [name, show] of Object.entries(SHOTS)) {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(env.url);
    await page.waitForSelector('html[data-decoded="true"]');
    await (await show(page)).screenshot({ path: `${OUT}${name}.png` });
    console.log(`screenshots: web/screenshots/${name}.png`);
    await context.close();
  }
} finally {
  await env.browser.close();
  await env.srv.close();
}
