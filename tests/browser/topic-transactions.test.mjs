// The topic view with the transaction log (issue 22) in Chromium: a log directory holding
// __coordination_state-0 and __transaction_state-3, the zombie-holder case written by kafkajs's
// record-batch encoder with transaction-log records by the independent golden generator
// (tests/node/transaction-writer.mjs): the Transactions view lists each transactional id's newest
// record, and the join's anomalies name the lease's offset and the transaction-log record's.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeClean, openPage, shot, useBrowser } from './helpers.mjs';
import { writeZombieLogDir } from '../node/transaction-writer.mjs';

const env = useBrowser();
const dir = mkdtempSync(join(tmpdir(), 'topic-txn-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('both topics dropped in: the Transactions view, and each zombie holder named with both offsets', async () => {
  // Two minutes ago: the leases (an hour long) are live, billing's 60 s transaction is past its timeout.
  const root = await writeZombieLogDir(join(dir, 'logdir'), Date.now() - 120_000);

  const { context, page, problems } = await openPage(env.browser, env.url);
  await page.click('#tab-topic');
  await page.setInputFiles('#topic-dir', root);
  await page.waitForSelector('#topic-status', { timeout: 60_000 });
  assert.match(await page.textContent('#topic-status'), /Folded 12 records into 6 roles/);
  assert.match(await page.textContent('#txn-count'), /4 transactional ids from 8 records of the transaction log/);
  const rows = await page.$$eval('#topic-transactions tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].slice(0, 4).map((c) => c.textContent)),
  );
  assert.deepEqual(rows, [
    ['billing-worker', '3', '6000/1', 'Ongoing'],
    ['healthy-worker', '3', '8000/5', 'CompleteCommit'],
    ['orders-worker', '3', '4000/4', 'Empty'],
    ['payments-worker', '3', '5001/0', 'Empty'],
  ]);
  assert.deepEqual(await page.$$eval('#topic-transactions .txn-anom', (lis) => lis.map((li) => li.dataset.kind)), [
    'transaction_timed_out',
  ]);
  const anomalies = await page.$$eval('#problems .anom-item', (lis) => lis.map((li) => li.textContent));
  assert.deepEqual(
    anomalies.map((a) => /^offset (\d+) (\S+) role ([\w-]+)/.exec(a).slice(1)),
    [
      ['107', 'lease_outlives_transactional_id', 'audit'],
      ['105', 'lease_holder_transaction_stuck', 'billing'],
      ['111', 'lease_holder_unknown_producer', 'idempotent'],
      ['101', 'lease_holder_fenced', 'orders'],
      ['103', 'lease_holder_fenced', 'payments'],
    ],
  );
  assert.match(anomalies[3], /\(transaction log partition 3 offset 1\): .* is at epoch 4: the holder was fenced/);
  assert.match(anomalies[4], /\(transaction log partition 3 offset 3\): .* has moved on to producer id 5001/);
  // A role's list of records names its holder's producer in the transaction log.
  await page.click('#tl-view-list');
  await page.click('#problems .anom-item[data-kind="lease_holder_fenced"] button');
  await page.waitForSelector('#timeline-transaction');
  assert.equal(
    await page.textContent('#timeline-transaction'),
    'Lease holder in the transaction log: orders-worker · Empty · producer 4000/4 · transaction log partition 3 offset 1',
  );
  await page.click('#problems .anom-item[data-kind="lease_holder_unknown_producer"] button');
  await page.waitForFunction(() => /idempotent/.test(document.querySelector('#timeline-list h3')?.textContent));
  assert.match(
    await page.textContent('#timeline-transaction'),
    /unknown producer: no transaction-log record read names it/,
  );
  await axeClean(page);
  await shot(page, 'topic-transactions');
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(problems, []);
  await context.close();
});
