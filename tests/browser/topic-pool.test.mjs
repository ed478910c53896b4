// The topic view's pool (issue 23 items 2, 3) in Chromium: the partitions of a dropped log directory
// folded on several workers and merged by the core's merge give the single worker's state, errors
// and anomalies (on a directory by kafkajs with errors and anomalies in several partitions and
// across them); one cancel ends them all and the next fold ends; a lost worker names its partition
// and the others' results stay, as does a worker stuck in an endless loop; a garbage collection
// during the reads stalls no fold; a file removed after it was chosen is named and the others are
// folded. Every fold here must end within DEADLINE (a hang is a defect).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { linkSync, mkdirSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setup } from './helpers.mjs';
import { expectedRows, modelLog, readTable, writeSegment } from './topic-fixtures.mjs';
import { expectedFold } from '../node/log-writer.mjs';

// Every fold here ends (status or failure) within this; 4 x 50,000 records take ~5 s unloaded.
const DEADLINE = 20_000;
let env;
let dir;
before(async () => {
  // gc() in the workers: a garbage collection forced during the fold's reads (the test below).
  env = await setup({ args: ['--js-flags=--expose-gc'] });
  dir = mkdtempSync(join(tmpdir(), 'topic-pool-'));
});
after(async () => {
  await env?.browser.close();
  await env?.srv.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// A log directory of `partitions` partitions (two segments each) of `count` records: the same role
// names and producer ids in every partition (roles in two partitions, producers holding two leases,
// epochs going back across partitions), keys that do not decode in every partition.
async function logDirectory(name, partitions, count, roles = Math.ceil(count / 8)) {
  const root = join(dir, name);
  const records = [];
  const files = [];
  for (let p = 0; p < partitions; p++) {
    const model = modelLog({ count, roles, seed: 7 + p, partition: p });
    for (let i = 0; i < model.length; i += 97) model[i] = { ...model[i], key: Buffer.from([0, 0, 0, 9]), value: null };
    const half = Math.floor(count / 2);
    const d = join(root, `__coordination_state-${p}`);
    const first = await writeSegment(d, '00000000000000000000.log', model.slice(0, half), { perBatch: 50 });
    const second = await writeSegment(d, `${String(half).padStart(20, '0')}.log`, model.slice(half), {
      perBatch: 50,
    });
    files.push([first, second]);
    for (const r of model) records.push(r);
  }
  // The same files again under another root (hard links): a directory input chosen again with the
  // same directory fires no change.
  const again = (copy) => {
    const other = join(dir, copy);
    files.forEach((pair, p) => {
      mkdirSync(join(other, `__coordination_state-${p}`), { recursive: true });
      for (const f of pair) linkSync(f, join(other, `__coordination_state-${p}`, f.split('/').at(-1)));
    });
    return other;
  };
  // The independent fold's input: the records whose keys decode.
  return { root, records: records.filter((r) => !Buffer.isBuffer(r.key)), files, again };
}

// The page with `cores` as navigator.hardwareConcurrency (the pool's size, at most 4; 1: one
// worker), the pool on (by default). A tall window: readTable compares the rows rendered at the
// table's top, middle and end with its download, more of them in view at once.
async function openTopic(cores) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 4000 } });
  await context.addInitScript(
    (n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n }),
    cores,
  );
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  await page.goto(env.url);
  await page.waitForSelector('html[data-decoded="true"]');
  await page.click('#tab-topic');
  await page.waitForSelector('#topic-files');
  assert.equal(await page.isChecked('#topic-pool'), true, 'the pool is on by default');
  return { context, page, problems };
}

// The first worker of the page's pool (named topic-fold-1 by topic-worker.js), once it has started.
async function poolWorker(page) {
  for (let t = 0; t < 400; t++) {
    for (const w of page.workers())
      if ((await w.evaluate(() => self.name).catch(() => '')) === 'topic-fold-1') return w;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no pool worker started');
}

// What the page shows of a fold: the status (its time cut), the table, the errors and anomalies.
async function shown(page, timeout = 180_000) {
  await page.waitForSelector('#topic-status, #topic-failure', { timeout });
  assert.equal(await page.$eval('#topic-failure', (e) => e.textContent).catch(() => null), null);
  const status = (await page.textContent('#topic-status')).replace(/ in \d+ ms/, '');
  const problems = await page.$$eval('#problems li', (lis) => lis.map((li) => li.textContent));
  return { status, problems, ...(await readTable(page)) };
}

test('a log directory folded on a pool of workers shows the state, errors and anomalies of one worker', async () => {
  const { root } = await logDirectory('six', 6, 3000);
  const fold = async (cores) => {
    const { context, page, problems } = await openTopic(cores);
    await page.setInputFiles('#topic-dir', root);
    const out = await shown(page);
    assert.deepEqual(problems, []);
    await context.close();
    return out;
  };
  const one = await fold(1);
  assert.match(one.status, /^Folded 18,?000 records into/);
  const kinds = new Set(one.problems.map((p) => /^offset \d+ (\w+)/.exec(p)?.[1]));
  for (const k of ['role_in_two_partitions', 'producer_holds_two_leases', 'producer_epoch_backwards'])
    assert.ok(kinds.has(k), `${k} in ${[...kinds]}`);
  assert.ok(
    // An error names its segment file and the batch's position, on a pool as on one worker.
    one.problems.some((p) =>
      /^partition \d offset \d+ \(file __coordination_state-\d\/\d{20}\.log, position \d+\) [A-Z_]+ key/.test(p),
    ),
    one.problems.slice(0, 3).join('\n'),
  );
  assert.equal(new Set(one.rows.map((r) => r.partition)).size, 6);
  for (const cores of [2, 4]) assert.deepEqual(await fold(cores), one, `${cores} workers`);
});

test('one cancel ends every worker of the pool', async () => {
  const big = await logDirectory('big', 4, 50_000);
  const { context, page, problems } = await openTopic(2);
  await page.setInputFiles('#topic-dir', big.root);
  await page.waitForFunction(() => document.querySelector('#topic-progress')?.value > 0);
  const workers = async (n) => {
    for (let t = 0; page.workers().length !== n && t < 200; t++) await new Promise((r) => setTimeout(r, 25));
    return page.workers().length;
  };
  assert.equal(await workers(2), 2); // the view's worker and the pool's second
  await page.click('#topic-cancel');
  assert.equal(await page.textContent('#topic-failure'), 'Cancelled: nothing was folded.');
  assert.equal(await page.$('.tt'), null);
  // The pool's worker ended with the one the page ended: only the fresh one is left.
  assert.equal(await workers(1), 1);
  assert.deepEqual(problems, []);

  // A fold started right after the cancel, on a fresh pool, ends with the whole directory's state.
  await page.setInputFiles('#topic-dir', big.again('big-2'));
  const full = await shown(page, DEADLINE);
  const want = expectedFold(big.records, Date.now());
  assert.equal(full.total, want.roles.length);
  assert.deepEqual(full.rows, expectedRows(want));
  assert.equal(await page.$('#topic-unreadable'), null);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a lost pool worker names its partition, the others are folded', async () => {
  const big = await logDirectory('lost', 6, 20_000);
  const all = expectedFold(big.records, Date.now());
  // An exception outside its task (as a crash or running out of memory ends a worker) once the pool
  // worker is handed a partition: at the next one after this listener is in. When the worker had
  // already taken its last partition (a race the test cannot order), the fold ends whole; each
  // attempt must end either way, and one of the first five must lose the worker.
  let lostOnce = false;
  for (let attempt = 0; attempt < 5 && !lostOnce; attempt++) {
    const { context, page, problems } = await openTopic(2);
    await page.setInputFiles('#topic-dir', big.root);
    await (
      await poolWorker(page)
    ).evaluate(() =>
      self.addEventListener('message', () => {
        throw new Error('lost on purpose');
      }),
    );
    const out = await shown(page, DEADLINE);
    const banner = await page.$eval('#topic-unreadable', (e) => e.textContent).catch(() => null);
    if (banner === null) {
      assert.equal(out.total, all.roles.length);
    } else {
      const lost = Number(/partition (\d+) could not be folded: .*lost on purpose/.exec(banner)?.[1]);
      assert.ok(lost >= 0 && lost < 6, banner);
      const rest = expectedFold(
        big.records.filter((r) => r.partition !== lost),
        Date.now(),
      );
      assert.equal(out.total, rest.roles.length);
      assert.deepEqual(out.rows, expectedRows(rest));
      lostOnce = true;
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
  assert.ok(lostOnce, 'the pool worker was lost in one of five folds');
});

test('a pool worker stuck in an endless loop is named with its partition after 10 s, the others are folded', async () => {
  const big = await logDirectory('stuck', 6, 20_000);
  // An endless loop in the pool worker once it is handed a partition (at the next one after this
  // listener is in: the race of the lost-worker test above, tolerated the same way).
  let stuckOnce = false;
  for (let attempt = 0; attempt < 5 && !stuckOnce; attempt++) {
    const { context, page, problems } = await openTopic(2);
    await page.setInputFiles('#topic-dir', big.root);
    await (
      await poolWorker(page)
    ).evaluate(() =>
      self.addEventListener('message', (e) => {
        if (e.data.type === 'part') for (;;);
      }),
    );
    const out = await shown(page, DEADLINE);
    const banner = await page.$eval('#topic-unreadable', (e) => e.textContent).catch(() => null);
    if (banner !== null) {
      const stuck = Number(/partition (\d+) could not be folded: it made no progress for 10 s/.exec(banner)?.[1]);
      assert.ok(stuck >= 0 && stuck < 6, banner);
      const rest = expectedFold(
        big.records.filter((r) => r.partition !== stuck),
        Date.now(),
      );
      assert.equal(out.total, rest.roles.length);
      assert.deepEqual(out.rows, expectedRows(rest));
      stuckOnce = true;
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
  assert.ok(stuckOnce, 'the pool worker was stuck in one of five folds');
});

// Chromium does not hold a Blob stream while a read of it is pending: a garbage collection then
// took the read and the fold waiting on it, and the fold never ended (topic-files.js `reading`).
test('a garbage collection during the reads does not stall the fold, on one worker or a pool', async () => {
  const { root, records } = await logDirectory('collected', 4, 20_000);
  const want = expectedFold(records, Date.now());
  for (const cores of [1, 2]) {
    const { context, page, problems } = await openTopic(cores);
    let folding = true;
    const collecting = (async () => {
      while (folding) {
        for (const w of page.workers()) await w.evaluate(() => self.gc()).catch(() => {});
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await page.setInputFiles('#topic-dir', root);
    try {
      const out = await shown(page, DEADLINE);
      assert.equal(out.total, want.roles.length, `${cores} workers`);
      assert.deepEqual(out.rows, expectedRows(want), `${cores} workers`);
    } finally {
      folding = false;
      await collecting;
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a file removed after it was chosen is named, the other files are folded', async () => {
  // Enough records that the worker is still on partition 0 when the file goes; few roles, as the
  // table read back is the point, not its size.
  const { root, records, files } = await logDirectory('removed', 3, 120_000, 1_000);
  const { context, page } = await openTopic(1);
  await page.setInputFiles('#topic-dir', root);
  unlinkSync(files[2][1]); // read last: the worker is still on partition 0
  await shown(page, DEADLINE);
  const banner = await page.textContent('#topic-unreadable');
  assert.match(banner, /One input could not be read; the others were folded/);
  assert.match(
    banner,
    /00000000000000060000\.log \(partition 2\) could not be read \(TypeError: network error\): was it removed/,
  );
  const kept = records.filter((r) => r.partition < 2 || r.offset < 60_000);
  const want = expectedFold(kept, Date.now());
  const { total, rows } = await readTable(page);
  assert.equal(total, want.roles.length);
  assert.deepEqual(rows, expectedRows(want));
  await context.close();
});
