// Regenerates the picture of the timeline (README.md, web/README.md), web/screenshots/topic-timeline.png: the
// picture's fixture (topic-fixtures.mjs timelineLog: a handover, an overlap, expiries, a tombstone,
// an aborted lease, anomalies) folded in the Topic tab of the production build, a lease hovered.
//   npm run build && node tests/browser/timeline-screenshot.mjs
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setup, openPage } from './helpers.mjs';
import { timelineLog, writeSegment } from './topic-fixtures.mjs';

const OUT = fileURLToPath(new URL('../../web/screenshots/topic-timeline.png', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'timeline-shot-'));
const env = await setup();
try {
  const file = await writeSegment(dir, '00000000000000000000.log', timelineLog(), { perBatch: 4 });
  const { context, page } = await openPage(env.browser, env.url, { viewport: { width: 1100, height: 900 } });
  await page.click('#tab-topic');
  await page.setInputFiles('#topic-files', file);
  await page.waitForSelector('#tlp-plot .tlp-span');
  await page.hover('#tlp-plot .tlp-lane[data-role="bravo"] .tlp-span[data-offset="7"]');
  await page.waitForSelector('#tlp-card');
  mkdirSync(join(OUT, '..'), { recursive: true });
  const timeline = await page.locator('#timeline').boundingBox();
  const card = await page.locator('#tlp-card').boundingBox();
  // The section, and the card where it hangs below it.
  await page.screenshot({
    path: OUT,
    clip: { ...timeline, height: Math.max(timeline.height, card.y + card.height - timeline.y + 8) },
  });
  console.log(`wrote ${OUT}`);
  await context.close();
} finally {
  await env.browser.close();
  await env.srv.close();
  rmSync(dir, { recursive: true, force: true });
}
