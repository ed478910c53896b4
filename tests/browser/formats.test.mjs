// Browser tests of the other formats (issue 13): Streams subscriptions and assignments of each
// version (golden/), a ProduceRequest v3 carrying coordination records written by kafkajs's own
// encoder (tests/node/produce-writer.mjs), each with tree <-> hex linking, exact errors and the
// string rule said; "auto" says why; a coordination record inside a ProduceRequest opens in the
// record view; the KIP-268 upgrade explainer on mixed groups.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, shot, golden, useBrowser } from './helpers.mjs';
import { Compression, keyBytes, valueBytes, writeProduceRequest } from '../node/produce-writer.mjs';
import { encodeTransactionLog } from '../node/transaction-writer.mjs';

const env = useBrowser();

const OUT = '#format-out';
const IN = '#bytes-text';
const byId = (file, id) => golden(file).vectors.find((v) => v.id === id);
const firstError = (file, code) =>
  golden(file).vectors.find((v) => v.expect.error?.code === code && v.expect.error.offset > 0);

async function show(page, format, hex) {
  await page.selectOption('#format', format);
  await page.fill(IN, hex);
  await page.waitForFunction((sel) => {
    const s = document.querySelector(sel)?.dataset.state;
    return s === 'ok' || s === 'error';
  }, OUT);
}

async function checkClean(page, problems) {
  assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violations');
  assert.deepEqual(problems, [], 'no console errors or failed requests');
}

test('each Streams version decodes, with its string rule and tree <-> hex linking', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  for (const target of ['subscription', 'assignment']) {
    for (const version of [1, 2, 3, 4]) {
      const v = byId(target, `${target}/valid/v${version}`);
      await show(page, target, v.hex);
      assert.equal(await page.getAttribute(OUT, 'data-state'), 'ok', v.id);
      assert.match(await page.textContent(`${OUT} .banner.ok`), new RegExp(`${target} version ${version}`), v.id);
      assert.equal(await page.getAttribute('#string-rule', 'data-format'), target);
      assert.match(
        await page.textContent('#string-rule'),
        target === 'assignment' ? /writeUTF.*modified UTF-8/ : /new String\(bytes, UTF_8\)/,
      );
      // field -> bytes: the version field is bytes 0..3
      await page.click(`${OUT} [data-path="${target}.version"] > .row`);
      assert.deepEqual(
        await page.$$eval(`${OUT} .b.sel`, (els) => els.map((el) => Number(el.dataset.i))),
        [0, 1, 2, 3],
        v.id,
      );
      // bytes -> field: byte 5 of a v3+ record is the latest supported version, else the next field
      await page.click(`${OUT} .b[data-i="5"]`);
      const selected = await page.$eval(`${OUT} [aria-selected="true"]`, (el) => el.dataset.path);
      const expected =
        version >= 3
          ? `${target}.latest_supported_version`
          : target === 'subscription'
            ? 'subscription.process_id'
            : 'assignment.active_tasks.count';
      assert.equal(selected, expected, v.id);
    }
  }
  await shot(page, 'formats-assignment');
  await checkClean(page, problems);
  await context.close();
});

test('subscriptions 7-11: the offset sums, tasks derived from them, and tree <-> hex linking of an i64', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  for (const version of [7, 8, 9, 10, 11]) {
    const v = byId('subscription', `subscription/valid/v${version}`);
    await show(page, 'subscription', v.hex);
    assert.equal(await page.getAttribute(OUT, 'data-state'), 'ok', v.id);
    assert.match(
      await page.textContent(`${OUT} .banner.ok`),
      new RegExp(`subscription version ${version} .* 3 task offset sums: 2 previous tasks, 1 standby task`),
      v.id,
    );
    // The first offset sum (an i64) is bytes 54..61 in v10+ (after the 14-byte endpoint, the count,
    // the group id and the partition), 58..65 in v7-9 (the partitions' count comes first).
    const path =
      version >= 10
        ? 'subscription.task_offset_sums[0].offset_sum'
        : 'subscription.task_offset_sums[0].partition_to_offset_sum[0].offset_sum';
    await page.click(`${OUT} [data-path="${path}"] > .row`);
    const first = version >= 10 ? 54 : 58;
    assert.deepEqual(
      await page.$$eval(`${OUT} .b.sel`, (els) => els.map((el) => Number(el.dataset.i))),
      Array.from({ length: 8 }, (_, i) => first + i),
      v.id,
    );
    assert.match(await page.textContent(`${OUT} [data-path="${path}"] > .row`), /-2/, v.id);
  }
  await page.click(
    `${OUT} .b[data-i="${golden('subscription').vectors.find((x) => x.id === 'subscription/valid/v11').hex.length / 2 - 3}"]`,
  );
  assert.equal(
    await page.$eval(`${OUT} [aria-selected="true"]`, (el) => el.dataset.path),
    'subscription.client_tags[1].value',
  );
  const bad = byId('subscription', 'subscription/negative/v11-tag-value-minus-1');
  await show(page, 'subscription', bad.hex);
  assert.equal(await page.textContent(`${OUT} .banner.error .code`), 'NEGATIVE_LENGTH');
  assert.equal(await page.textContent(`${OUT} .banner.error .field`), 'subscription.client_tags[0].value');
  assert.equal(await page.textContent(`${OUT} .banner.error .offset`), '48');
  await checkClean(page, problems);
  await context.close();
});

test('assignments 5-11: each decodes; a named topology (v10+) selects its count and UTF-16 units', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  for (const version of [5, 6, 7, 8, 9, 10, 11]) {
    const v = byId('assignment', `assignment/valid/v${version}`);
    await show(page, 'assignment', v.hex);
    assert.equal(await page.getAttribute(OUT, 'data-state'), 'ok', v.id);
    assert.match(await page.textContent(`${OUT} .banner.ok`), new RegExp(`assignment version ${version} `), v.id);
  }
  // v11: the first active task's named topology "billing" is its i32 count (bytes 20..23) and 7
  // units of 2 bytes (24..37).
  const path = 'assignment.active_tasks[0].named_topology';
  await page.click(`${OUT} [data-path="${path}"] > .row`);
  assert.deepEqual(
    await page.$$eval(`${OUT} .b.sel`, (els) => els.map((el) => Number(el.dataset.i))),
    Array.from({ length: 18 }, (_, i) => 20 + i),
  );
  assert.match(await page.textContent(`${OUT} [data-path="${path}"] > .row`), /billing/);
  assert.match(await page.textContent(`${OUT} [data-path="${path}"] > .row`), /java_chars/);
  const bad = byId('assignment', 'assignment/unknown-topic-index/v5-index-1-of-1');
  await show(page, 'assignment', bad.hex);
  assert.equal(await page.textContent(`${OUT} .banner.error .code`), 'UNKNOWN_TOPIC_INDEX');
  assert.equal(
    await page.textContent(`${OUT} .banner.error .field`),
    'assignment.partitions_by_host[0].partitions[1].topic_index',
  );
  assert.equal(await page.textContent(`${OUT} .banner.error .offset`), '50');
  await checkClean(page, problems);
  await context.close();
});

test('Streams errors are exact: code, field, offset', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  for (const [file, code] of [
    ['subscription', 'NEGATIVE_LENGTH'],
    ['assignment', 'INVALID_UTF8'],
    ['assignment', 'TRUNCATED'],
  ]) {
    const v = firstError(file, code);
    await show(page, file, v.hex);
    assert.equal(await page.getAttribute(OUT, 'data-state'), 'error', v.id);
    assert.equal(await page.textContent(`${OUT} .banner.error .code`), v.expect.error.code, v.id);
    assert.equal(await page.textContent(`${OUT} .banner.error .field`), v.expect.error.field, v.id);
    assert.equal(await page.textContent(`${OUT} .banner.error .offset`), String(v.expect.error.offset), v.id);
  }
  await checkClean(page, problems);
  await context.close();
});

const T0 = 1_700_000_000_000;
const messages = [
  {
    key: keyBytes({ kind: 'registration', role: 'orders', member: 'm-1' }),
    value: valueBytes({ member: 'm-1', registeredAt: 1000 }),
    timestamp: T0,
  },
  { key: keyBytes({ kind: 'lease', role: 'orders' }), value: null, timestamp: T0 + 1 },
  { key: Buffer.from('0001000000', 'hex'), value: null, timestamp: T0 + 2 },
];
const produceSpec = (compression) => ({
  acks: -1,
  timeout: 30000,
  compression,
  topicData: [{ topic: '__coordination_state', partitions: [{ partition: 0, messages }] }],
});

test('a ProduceRequest with coordination records: topics -> records, tree <-> hex, open in the record view', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  const bytes = await writeProduceRequest(produceSpec(Compression.None), 'size+header', {
    correlationId: 5,
    clientId: 'cv',
  });
  await show(page, 'produce-request', bytes.toString('hex'));
  assert.equal(await page.getAttribute(OUT, 'data-state'), 'ok');
  assert.match(await page.textContent(`${OUT} .banner.ok`), /ProduceRequest v3 · acks -1 · 1 topic · 3 records/);
  assert.match(await page.textContent('#string-rule'), /Kafka protocol strings/);
  // The root node says the framing; the key of record 0 is linked to its bytes.
  const keyPath = 'produce_request.topics[0].partitions[0].record_set.batches[0].records[0].key';
  await page.click(`${OUT} [data-path="${keyPath}"] > .row`);
  const sel = await page.$$eval(`${OUT} .b.sel`, (els) => els.map((el) => Number(el.dataset.i)));
  const keyAt = bytes.indexOf(messages[0].key);
  assert.deepEqual(
    sel,
    Array.from({ length: messages[0].key.length }, (_, i) => keyAt + i),
  );
  await page.click(`${OUT} .b[data-i="${keyAt + 1}"]`);
  assert.equal(await page.$eval(`${OUT} [aria-selected="true"]`, (el) => el.dataset.path), keyPath);
  // topics -> partitions -> batches -> records, with what the coordination codec made of each
  const rows = await page.$$eval('.produce-record', (els) => els.map((e) => e.textContent));
  assert.equal(rows.length, 3);
  assert.match(rows[0], /registration key · role orders · member m-1 · registration of m-1/);
  assert.match(rows[1], /lease key · role orders · tombstone/);
  assert.match(rows[2], /key error UNSUPPORTED_VERSION key\.version @0/);
  await shot(page, 'formats-produce');
  // A coordination record opens in the record view.
  await page.click('.produce-record:nth-child(1) .open-record');
  await page.waitForSelector('#key-out[data-state="ok"]');
  assert.equal(await page.inputValue('#format'), 'coordination');
  assert.equal(await page.getAttribute('#value-out', 'data-state'), 'ok');
  assert.match(await page.textContent('#value-out .banner.ok'), /registration value · member m-1/);
  await checkClean(page, problems);
  await context.close();
});

test('ProduceRequest errors are exact; gzip decodes; auto says why', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  const body = Buffer.from(await writeProduceRequest(produceSpec(Compression.None)));
  const crcAt = 8 + 4 + 2 + '__coordination_state'.length + 4 + 4 + 4 + 17;
  body[crcAt] ^= 0x10;
  await show(page, 'produce-request', body.toString('hex'));
  assert.equal(await page.getAttribute(OUT, 'data-state'), 'error');
  assert.equal(await page.textContent(`${OUT} .banner.error .code`), 'CRC_MISMATCH');
  assert.equal(
    await page.textContent(`${OUT} .banner.error .field`),
    'produce_request.topics[0].partitions[0].record_set.batches[0].crc',
  );
  assert.equal(await page.textContent(`${OUT} .banner.error .offset`), String(crcAt));
  const count = Buffer.from(await writeProduceRequest(produceSpec(Compression.None)));
  count.writeInt32BE(-1, 8);
  await show(page, 'produce-request', count.toString('hex'));
  assert.equal(await page.textContent(`${OUT} .banner.error .code`), 'NEGATIVE_LENGTH');
  assert.equal(await page.textContent(`${OUT} .banner.error .field`), 'produce_request.topics');
  const gzip = await writeProduceRequest({ ...produceSpec(Compression.GZIP), transactionalId: 'txn' });
  await show(page, 'produce-request', gzip.toString('hex'));
  assert.equal(await page.getAttribute(OUT, 'data-state'), 'ok');
  assert.match(await page.textContent(`${OUT} .banner.ok`), /transactional id txn/);
  // auto
  await show(page, 'auto', gzip.toString('hex'));
  await page.waitForSelector('#format-why');
  assert.match(await page.textContent('#format-why'), /decode as a ProduceRequest v3/);
  await show(page, 'auto', byId('subscription', 'subscription/valid/v3').hex);
  assert.match(await page.textContent('#format-why'), /Auto: the bytes decode as a Streams subscription/);
  assert.equal(await page.getAttribute('#string-rule', 'data-format'), 'subscription');
  await checkClean(page, problems);
  await context.close();
});

test('auto: a framed ProduceRequest and a transaction-log key are shown as themselves, not as a probing subscription', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  // What kafkajs sends (size + request header): it also reads as a Streams subscription of "version
  // 158" in version probing, which auto once showed, and as a transaction-log record.
  const framed = await writeProduceRequest(produceSpec(Compression.None), 'size+header', {
    correlationId: 5,
    clientId: 'cv',
  });
  await show(page, 'auto', framed.toString('hex'));
  await page.waitForSelector('#format-why');
  assert.match(
    await page.textContent('#format-why'),
    /^Auto: the bytes decode as a ProduceRequest v3; they also decode as .*a Streams subscription: choose it above/,
  );
  assert.match(
    await page.textContent(`${OUT} .banner.ok`),
    /^Valid\. ProduceRequest v3 · acks -1 · 1 topic · 3 records$/,
  );
  assert.equal(await page.getAttribute('#string-rule', 'data-format'), 'produce-request');
  assert.equal((await page.$$('.produce-record')).length, 3);
  // A __transaction_state key (its i16 version 0 and length read as a probing subscription's version).
  const key = golden('transaction-log').vectors.find((v) => v.id === 'transaction-log/valid/key-ascii').key;
  await page.fill(IN, key);
  await page.waitForFunction(() => document.querySelector('#string-rule')?.dataset.format === 'transaction-log');
  assert.equal(
    await page.textContent(`${OUT} .banner.ok`),
    'Valid. transaction-log key · transactional id payments-tx-7',
  );
  // The Diff tab's auto reads the same bytes the same way.
  await page.click('text=Diff two records');
  await page.fill('#diff-a-text', framed.toString('hex'));
  await page.waitForSelector('#diff-why');
  assert.match(await page.textContent('#diff-why'), /^Auto: A decodes as a ProduceRequest v3/);
  await checkClean(page, problems);
  await context.close();
});

test('summaries show bidi and control characters of decoded strings as marked escapes, as the field tree does', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  const RLO = '\u202E';
  // Rendered raw, U+202E reversed the rest of the line: "group pay3-sredro · payments-app".
  const liar = `pay${RLO}ppa-stnemyap\u0000`;
  const escapes = (sel) => page.$$eval(`${sel} .esc`, (els) => els.map((e) => e.textContent));
  const noRaw = (text) => assert.doesNotMatch(text, /[\u202E\u0000\u200B]/);
  const str = (t) => {
    const b = Buffer.from(t, 'utf8');
    const n = Buffer.alloc(2);
    n.writeInt16BE(b.length);
    return Buffer.concat([n, b]);
  };
  // A __consumer_offsets offset-commit key (version 1: group, topic, partition).
  const offsetKey = Buffer.concat([
    Buffer.from('0001', 'hex'),
    str(liar),
    str('orders'),
    Buffer.from('00000003', 'hex'),
  ]);
  await page.selectOption('#format', 'group-record');
  await page.fill('#key-text', offsetKey.toString('hex'));
  await page.waitForSelector('#group-key-out[data-state="ok"]');
  const banner = await page.textContent('#group-key-out .banner.ok');
  noRaw(banner);
  assert.equal(banner, 'Valid. offset commit key v1 · group pay\\u202Eppa-stnemyap\\u0000 · orders-3');
  assert.deepEqual(await escapes('#group-key-out .banner.ok'), ['\\u202E', '\\u0000']);
  // A transaction-log key (version 0, the transactional id).
  await page.selectOption('#format', 'transaction-log');
  await page.fill(IN, Buffer.concat([Buffer.from('0000', 'hex'), str(liar)]).toString('hex'));
  await page.waitForFunction((s) => document.querySelector(s)?.dataset.state === 'ok', OUT);
  noRaw(await page.textContent(`${OUT} .banner.ok`));
  assert.deepEqual(await escapes(`${OUT} .banner.ok`), ['\\u202E', '\\u0000']);
  // A ProduceRequest: the transactional and client ids in the banner and the summary, a topic, a
  // header key, a coordination record's role and member.
  const role = `ord${RLO}sre`;
  const member = `m\u200B-1`;
  const produce = await writeProduceRequest(
    {
      acks: -1,
      timeout: 30000,
      compression: Compression.None,
      transactionalId: liar,
      topicData: [
        {
          topic: '__coordination_state',
          partitions: [
            {
              partition: 0,
              messages: [
                {
                  key: keyBytes({ kind: 'registration', role, member }),
                  value: valueBytes({ member, registeredAt: 1000 }),
                  headers: { [`h${RLO}1`]: 'x' },
                  timestamp: T0,
                },
              ],
            },
          ],
        },
      ],
    },
    'size+header',
    { correlationId: 5, clientId: `cv${RLO}` },
  );
  await show(page, 'produce-request', produce.toString('hex'));
  assert.equal(await page.getAttribute(OUT, 'data-state'), 'ok');
  noRaw(await page.textContent(`${OUT} .banner.ok`));
  assert.deepEqual(await escapes(`${OUT} .banner.ok`), ['\\u202E', '\\u0000']);
  const summary = await page.textContent('.produce-summary');
  noRaw(summary);
  assert.match(summary, /client id cv\\u202E\. Transactional id: pay\\u202Eppa-stnemyap\\u0000;/);
  assert.match(summary, /headers h\\u202E1/);
  assert.match(summary, /registration key · role ord\\u202Esre · member m\\u200B-1 · registration of m\\u200B-1/);
  await checkClean(page, problems);
  await context.close();
});

test('the upgrade explainer gives the leader version and the step for mixed groups', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  await page.selectOption('#format', 'subscription');
  const v1 = byId('subscription', 'subscription/valid/v1').hex;
  const v2 = byId('subscription', 'subscription/valid/v2').hex;
  const v3 = byId('subscription', 'subscription/valid/v3').hex;
  const v4 = byId('subscription', 'subscription/valid/v4').hex;
  for (const [lines, leader, step] of [
    [[v2, v2], '2', 'first-bounce'],
    [[v1, v2, v3], '1', 'second-bounce'],
    [[v3, v2, v4], '2', 'second-bounce'],
    [[v3, v3], '3', 'done'],
    [[byId('subscription', 'subscription/valid/v11').hex, v4], '4', 'done'],
    [[byId('subscription', 'subscription/valid/v10').hex, v3, v2], '2', 'second-bounce'],
  ]) {
    await page.fill('#explainer-text', lines.join('\n'));
    await page.waitForSelector(`#explainer-out[data-leader="${leader}"][data-step="${step}"]`);
    const sentences = await page.$$eval('#explainer-out .sentences li', (els) => els.map((e) => e.textContent));
    assert.equal(sentences.length, lines.length + 2);
    assert.match(sentences.join(' '), new RegExp(`leader answers with version ${leader}`));
  }
  await page.fill('#explainer-text', `${v3}\nzz`);
  assert.match(await page.textContent('#explainer-out'), /Line 2:/);
  await shot(page, 'formats-explainer');
  // 21,000 lines that are no subscription: the first 50 listed (each line a paragraph took 4 s a
  // keystroke); text over 64 KiB refused, the previous text kept (it was taken whole: a 33 s hang).
  const typed = (text) =>
    page.evaluate((t) => {
      const ta = document.querySelector('#explainer-text');
      ta.value = t;
      ta.dispatchEvent(new Event('input', { bubbles: true }));
    }, text);
  await typed('zz\n'.repeat(21_000));
  await page.waitForSelector('#explainer-out >> text=and 20,950 more lines that are no subscription');
  assert.equal(await page.locator('#explainer-out p.bad').count(), 51);
  await typed('zz\n'.repeat(30_000));
  await page.waitForSelector('.explainer .refused >> text=text over 64 KiB is refused');
  assert.equal((await page.inputValue('#explainer-text')).length, 63_000);
  await checkClean(page, problems);
  await context.close();
});

test('a transaction-log record: its key and value decode, the status byte refused exactly, auto finds it', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  // By the independent generator (golden/generate_transaction_log.py --encode).
  const [key, value] = encodeTransactionLog([
    { key: 'payments-worker' },
    {
      value: {
        producerId: 123456789012,
        producerEpoch: 4,
        timeoutMs: 60_000,
        status: 'Ongoing',
        partitions: [
          ['payments', [0, 3]],
          ['audit', [1]],
        ],
        lastUpdate: 1_700_000_000_000,
        start: 1_700_000_000_000,
      },
    },
  ]);
  await show(page, 'transaction-log', value.toString('hex'));
  assert.equal(await page.getAttribute(OUT, 'data-state'), 'ok');
  assert.match(
    await page.textContent(`${OUT} .banner.ok`),
    /transaction-log value v0 · producer id 123456789012, epoch 4 · Ongoing · 3 partitions in 2 topics · timeout 60000 ms/,
  );
  assert.equal(await page.getAttribute('#string-rule', 'data-format'), 'transaction-log');
  // field -> bytes: the producer id is bytes 2..9 (after the version)
  await page.click(`${OUT} [data-path="transaction_log_value.producer_id"] > .row`);
  assert.deepEqual(
    await page.$$eval(`${OUT} .b.sel`, (els) => els.map((el) => Number(el.dataset.i))),
    [2, 3, 4, 5, 6, 7, 8, 9],
  );
  await show(page, 'transaction-log', key.toString('hex'));
  assert.match(await page.textContent(`${OUT} .banner.ok`), /transaction-log key · transactional id payments-worker/);
  // Status byte 8 (after version, producer id, epoch, timeout: byte 16): no TransactionState has it.
  const bad = Buffer.from(value);
  bad[16] = 8;
  await show(page, 'transaction-log', bad.toString('hex'));
  assert.equal(await page.getAttribute(OUT, 'data-state'), 'error');
  assert.equal(await page.textContent(`${OUT} .banner.error .code`), 'OUT_OF_RANGE');
  assert.equal(await page.textContent(`${OUT} .banner.error .field`), 'transaction_log_value.transaction_status');
  assert.equal(await page.textContent(`${OUT} .banner.error .offset`), '16');
  // Version 1 with Kafka 4.1.0's tagged ClientTransactionVersion 2 (KIP-890 part 2): named in the
  // banner and the field tree.
  const [tv2] = encodeTransactionLog([
    {
      value: {
        version: 1,
        producerId: 4000,
        producerEpoch: 5,
        timeoutMs: 60_000,
        status: 'CompleteCommit',
        partitions: [],
        lastUpdate: 1_700_000_000_000,
        start: 1_700_000_000_000,
        clientTransactionVersion: 2,
      },
    },
  ]);
  await show(page, 'transaction-log', tv2.toString('hex'));
  assert.match(
    await page.textContent(`${OUT} .banner.ok`),
    /transaction-log value v1 · producer id 4000, epoch 5 · CompleteCommit · 0 partitions in 0 topics · timeout 60000 ms · transaction version 2: the epoch moves at every commit and abort/,
  );
  await page.click(`${OUT} [data-path="transaction_log_value.client_transaction_version"] > .row`);
  assert.ok((await page.$$(`${OUT} .b.sel`)).length > 0);
  await show(page, 'auto', value.toString('hex'));
  await page.waitForSelector('#format-why');
  assert.match(await page.textContent('#format-why'), /decode as a transaction-log record's key or value/);
  await checkClean(page, problems);
  await context.close();
});
