// The Topic tab's errors of segment files name the file (relative to the directory chosen) and the
// byte position of the batch in it, as the command line does (wasm/api/error-places.js), with the
// pool of workers and without it. Segments by kafkajs (tests/node/log-writer.mjs), written batch by
// batch so where each batch lies is known here from the bytes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPage, setup } from './helpers.mjs';
import { writeLog } from '../node/log-writer.mjs';
import { modelLog } from './topic-fixtures.mjs';

let env;
let dir;
before(async () => {
  env = await setup();
  dir = mkdtempSync(join(tmpdir(), 'topic-error-files-'));
});
after(async () => {
  await env?.browser.close();
  await env?.srv.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a dropped log directory: each error of a segment names its file under the directory and its batch position, pooled or not', async () => {
  const root = join(dir, 'kafka-logs');
  const part = (p) => join(root, `__coordination_state-${p}`);
  for (const p of [0, 1]) mkdirSync(part(p), { recursive: true });
  const base = Date.now();
  // Partition 0: a good segment, then one whose second batch (offsets 25-29) fails its CRC.
  writeFileSync(
    join(part(0), '00000000000000000000.log'),
    await writeLog(modelLog({ count: 20, roles: 4, seed: 1, partition: 0, base }), { perBatch: 5 }),
  );
  const first = await writeLog(modelLog({ count: 5, roles: 4, seed: 2, partition: 0, first: 20, base }));
  const broken = Buffer.from(await writeLog(modelLog({ count: 5, roles: 4, seed: 3, partition: 0, first: 25, base })));
  broken[broken.length - 1] ^= 0xff;
  writeFileSync(join(part(0), '00000000000000000020.log'), Buffer.concat([first, broken]));
  // Partition 1: a final batch (offsets 10-14) cut off.
  const good = await writeLog(modelLog({ count: 10, roles: 3, seed: 4, partition: 1, base }));
  const cut = await writeLog(modelLog({ count: 5, roles: 3, seed: 5, partition: 1, first: 10, base }));
  writeFileSync(join(part(1), '00000000000000000000.log'), Buffer.concat([good, cut.subarray(0, cut.length - 9)]));

  for (const pooled of [true, false]) {
    const { context, page, problems } = await openPage(env.browser, env.url);
    await page.click('#tab-topic');
    await page.waitForSelector('#topic-files');
    if (!pooled) await page.uncheck('#topic-pool');
    await page.setInputFiles('#topic-dir', root);
    await page.waitForSelector('#topic-status', { timeout: 120_000 });
    const errors = await page.$$eval('.perr-item', (lis) => lis.map((li) => li.textContent));
    assert.equal(errors.length, 2, JSON.stringify(errors));
    assert.ok(
      errors.some((e) =>
        e.startsWith(
          `partition 0 offset 25 (file __coordination_state-0/00000000000000000020.log, position ${first.length}) CRC_MISMATCH batch.crc: batch at offset 25 (position ${first.length})`,
        ),
      ),
      JSON.stringify(errors),
    );
    assert.ok(
      errors.some((e) =>
        e.startsWith(
          `partition 1 offset 10 (file __coordination_state-1/00000000000000000000.log, position ${good.length}) BATCH_TRUNCATED `,
        ),
      ),
      JSON.stringify(errors),
    );
    assert.deepEqual(problems, []);
    await context.close();
  }
});
