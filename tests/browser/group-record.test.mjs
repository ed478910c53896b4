// The viewer's "Kafka __consumer_offsets record" format (issue 20 item 4) in Chromium: a Kafka
// Streams group's metadata from golden/group-records.json (golden/generate_groups.py, independent
// of the codec): the members' tasks in the value's tree, a node of a nested level (the consumer
// protocol's assignment, its Streams userData) selecting its bytes in the value's hex dump, a
// corrupted nested byte named by its full path and offset with the levels above it decoded, and a
// __consumer_offsets key pasted in the coordination view read as one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeClean, openPage, shot, golden, useBrowser } from './helpers.mjs';

const env = useBrowser();

const KEY_OUT = '#group-key-out';
const VALUE_OUT = '#group-value-out';
const vectors = golden('group-records').vectors;
const byId = (id) => vectors.find((v) => v.id === id);
const STREAMS = byId('group-records/valid/group-v3-stream');
const members = STREAMS.expect.record.value.members;

// Byte offsets in the value, found from the golden hex alone: a member's assignment bytes (their
// hex in the vector) follow their i32 length in the value; the Streams userData follows its own i32
// length inside them. AssignmentInfo v11: version, latest supported version, the active tasks'
// count, then each task's topic group id, partition, named topology (i32 count of UTF-16 units).
function firstTaskOffsets(i) {
  const m = members[i];
  const assignment = STREAMS.value.indexOf(m.assignment) / 2;
  const userData = assignment + m.assignment.indexOf(m.consumer_assignment.record.user_data) / 2;
  assert.ok(assignment > 0 && userData > assignment, 'found in the value');
  return { partition: userData + 16, namedTopology: userData + 20 };
}

const selectedBytes = (page) => page.$$eval(`${VALUE_OUT} .b.sel`, (els) => els.map((el) => Number(el.dataset.i)));
const range = (start, n) => Array.from({ length: n }, (_, i) => start + i);

async function waitDecoded(page) {
  await page.waitForFunction(
    (sels) => sels.every((sel) => ['ok', 'error', 'null'].includes(document.querySelector(sel)?.dataset.state)),
    [KEY_OUT, VALUE_OUT],
  );
}

// axe over the page, or the parts given (a full run over a 634-byte record's grid and tree takes a
// minute: the whole page is checked with a small record).

async function checkClean(page, problems) {
  assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violations');
  assert.deepEqual(problems, [], 'no console errors or failed requests');
}

test('the Streams group sample: members, their tasks in the tree, a nested node selects its bytes in the value', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  await page.click('#sample-streams-group');
  await waitDecoded(page);
  assert.equal(await page.inputValue('#format'), 'group-record');
  // The sample is the golden vector's bytes.
  assert.equal((await page.inputValue('#key-text')).replace(/\s/g, ''), STREAMS.key);
  assert.equal((await page.inputValue('#value-text')).replace(/\s/g, ''), STREAMS.value);
  assert.equal(await page.getAttribute(VALUE_OUT, 'data-state'), 'ok');
  assert.match(await page.textContent(`${KEY_OUT} .banner.ok`), /group metadata key v2 · group payments-app/);
  assert.match(
    await page.textContent(`${VALUE_OUT} .banner.ok`),
    /group metadata value v3 · protocol type consumer · protocol stream · generation 5 · leader member-0 · 2 members$/,
  );
  assert.equal(await page.getAttribute('#string-rule', 'data-format'), 'group-record');

  // Each member's active and standby tasks, from the golden expectation.
  for (const [i, m] of members.entries()) {
    const streams = m.consumer_assignment.record.streams.record;
    const base = `group.members[${i}].assignment.user_data`;
    for (const kind of ['active_tasks', 'standby_tasks']) {
      const rows = await page.$$eval(`${VALUE_OUT} [data-path^="${base}.${kind}["][aria-level]`, (lis) =>
        lis.filter((li) => /\]$/.test(li.dataset.path)).map((li) => li.dataset.path),
      );
      assert.equal(rows.length, streams[kind].length, `${base}.${kind}`);
      for (const [t, task] of streams[kind].entries()) {
        const value = (field) =>
          page.textContent(`${VALUE_OUT} [data-path="${base}.${kind}[${t}].${field}"] > .row .val`);
        assert.equal((await value('topic_group_id')).trim(), String(task.topic_group_id));
        assert.equal((await value('partition')).trim(), String(task.partition));
      }
    }
    const host = streams.partitions_by_host[0];
    assert.match(
      await page.textContent(`${VALUE_OUT} [data-path="${base}.partitions_by_host[0].host"] > .row .val`),
      new RegExp(host.host),
    );
  }

  // Tree -> bytes, three levels down: the second member's first active task's partition (an i32).
  const { partition } = firstTaskOffsets(1);
  const path = 'group.members[1].assignment.user_data.active_tasks[0].partition';
  await page.click(`${VALUE_OUT} [data-path="${path}"] > .row`);
  assert.deepEqual(await selectedBytes(page), range(partition, 4));
  // Bytes -> tree: a byte of that partition selects it again, after another field was selected.
  await page.click(`${VALUE_OUT} [data-path="group.generation"] > .row`);
  assert.deepEqual(await selectedBytes(page), range(12, 4));
  await page.click(`${VALUE_OUT} .b[data-i="${partition + 2}"]`);
  assert.equal(await page.$eval(`${VALUE_OUT} [aria-selected="true"][data-path]`, (el) => el.dataset.path), path);
  // A level between: the member's assignment bytes (after their i32 length) select the consumer
  // protocol message.
  const assignmentPath = 'group.members[1].assignment';
  await page.click(`${VALUE_OUT} [data-path="${assignmentPath}"] > .row`);
  const assignmentAt = STREAMS.value.indexOf(members[1].assignment) / 2;
  const selected = await selectedBytes(page);
  assert.equal(selected.at(-1), assignmentAt + members[1].assignment.length / 2 - 1);
  assert.ok(selected[0] <= assignmentAt, 'the assignment field starts at or before its bytes');

  await shot(page, 'group-record');
  await checkClean(page, problems);
  await context.close();
});

test('a corrupted nested byte: the full path and offset, the levels above it decoded', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  await page.selectOption('#format', 'group-record');
  // The second member's first active task's named topology: its i32 count of UTF-16 units made
  // 0x7f000001, far more than the bytes left.
  const { namedTopology } = firstTaskOffsets(1);
  const value = Buffer.from(STREAMS.value, 'hex');
  assert.equal(value.readInt32BE(namedTopology), 1, 'the count of the topology "t"');
  value[namedTopology] = 0x7f;
  await page.fill('#key-text', STREAMS.key);
  await page.fill('#value-text', value.toString('hex'));
  await page.waitForFunction((sel) => document.querySelector(`${sel} .nested-errors`) !== null, VALUE_OUT);
  const field = 'group.members[1].assignment.user_data.active_tasks[0].named_topology';
  assert.equal(await page.getAttribute(VALUE_OUT, 'data-state'), 'ok');
  assert.match(await page.textContent(`${VALUE_OUT} .banner.ok`), /2 members · 1 nested level not decoded/);
  assert.equal(await page.textContent(`${VALUE_OUT} .nested-errors .field`), field);
  assert.equal(await page.textContent(`${VALUE_OUT} .nested-errors .offset`), String(namedTopology));
  assert.equal(await page.textContent(`${VALUE_OUT} .nested-errors .code`), 'TRUNCATED');
  // The levels above: the member, its assignment's consumer protocol fields, the userData's
  // version and the task's partition; the first member untouched.
  const shown = (p) => page.textContent(`${VALUE_OUT} [data-path="${p}"] > .row .val`);
  assert.equal((await shown('group.members[1].client_id')).trim(), members[1].client_id);
  assert.match(await shown('group.members[1].assignment.assigned_partitions[0].topic'), /orders/);
  assert.equal((await shown('group.members[1].assignment.user_data.version')).trim(), '11');
  assert.equal((await shown('group.members[1].assignment.user_data.active_tasks[0].partition')).trim(), '1');
  assert.match(await shown('group.members[0].assignment.user_data.active_tasks[0].named_topology'), /t/);
  assert.ok(await page.$(`${VALUE_OUT} [data-path="${field}"].is-err`), 'the failing node is marked');
  const marked = await page.$$eval(`${VALUE_OUT} .b.err`, (els) => els.map((el) => Number(el.dataset.i)));
  assert.equal(marked[0], namedTopology);

  // The golden vector whose third member's AssignmentInfo fails: its expected path and offset.
  const deep = byId('group-records/valid/group-v3-stream-deep-error');
  const expected = deep.expect.record.value.members[2].consumer_assignment.record.streams.error;
  await page.fill('#value-text', deep.value);
  await page.waitForFunction(
    ([sel, members]) => new RegExp(`${members} members`).test(document.querySelector(`${sel} .banner.ok`)?.textContent),
    [VALUE_OUT, 3],
  );
  assert.equal(await page.textContent(`${VALUE_OUT} .nested-errors .field`), expected.field);
  assert.equal(await page.textContent(`${VALUE_OUT} .nested-errors .offset`), String(expected.offset));
  assert.equal(await page.textContent(`${VALUE_OUT} .nested-errors .code`), expected.code);
  await axeClean(page, `${VALUE_OUT} .nested-errors`, `${VALUE_OUT} .result-head`, `${VALUE_OUT} .banner`);
  await shot(page, 'group-record-nested-error');
  await checkClean(page, problems);
  await context.close();
});

// A null string or bytes has no value: the cell says what inspect() says of it (its meaning), never
// an empty cell, and not "(empty string)", which is an empty string's.
test('null strings and bytes show null, an empty string "(empty string)"', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  await page.selectOption('#format', 'group-record');
  const shown = (p) => page.textContent(`${VALUE_OUT} [data-path="${p}"] > .row .val`);
  const cases = [
    [
      'group-records/valid/group-v3',
      {
        'group.members[0].group_instance_id': 'instance-0',
        'group.members[1].group_instance_id': 'null',
      },
    ],
    ['group-records/valid/group-v0', { 'group.members[0].subscription.user_data': 'null' }],
    [
      'group-records/valid/group-v3-stream',
      {
        'group.members[0].subscription.user_data.task_offset_sums[0].named_topology':
          'null (a negative length: Kafka reads null)',
      },
    ],
    [
      'group-records/valid/offset-v4-tagged',
      {
        'offset.metadata': '(empty string)',
        'offset.unknown_tagged_fields[0].bytes': 'a tag this spec does not know: kept as bytes',
      },
    ],
  ];
  for (const [id, cells] of cases) {
    const v = byId(id);
    // The key emptied first (the value is not read then), so that the tree read is this vector's.
    await page.fill('#key-text', '');
    await page.waitForSelector(`${VALUE_OUT}[data-state="none"]`);
    await page.fill('#key-text', v.key);
    await page.fill('#value-text', v.value);
    await page.waitForSelector(`${VALUE_OUT}[data-state="ok"]`);
    for (const [path, text] of Object.entries(cells)) assert.equal(await shown(path), text, `${id}: ${path}`);
  }
  await checkClean(page, problems);
  await context.close();
});

// Two nodes share the error's path when a record fails in its tagged fields: their count (read)
// and the failing tag (golden vectors; the paths are a contract with the other ports). Each row is
// its own field: a click selects its bytes alone, a byte hovers its row alone, only the failing one
// is an error.
test('a record failing in its tagged fields: the count and the failing tag share a path, each row its own bytes', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  await page.selectOption('#format', 'group-record');
  const cases = [
    // id, the shared path, the count's bytes, the failing tag's, the row above the failing tag.
    ['group-records/truncated/offset-v4-tagged-value-len-30', 'offset.tagged_fields', [23], [29], '@29 · 0 B'],
    [
      'group-records/varint/member-tag-varint-too-long',
      'consumer_group_member_metadata.tagged_fields',
      [17],
      range(18, 5),
      '@17 · 1 B',
    ],
  ];
  for (const [id, path, count, failing, before] of cases) {
    const v = byId(id);
    await page.fill('#key-text', v.key);
    await page.fill('#value-text', v.value);
    await page.waitForFunction(
      ([sel, path]) => document.querySelectorAll(`${sel} li[data-path="${path}"]`).length === 2,
      [VALUE_OUT, path],
    );
    assert.equal(await page.getAttribute(VALUE_OUT, 'data-state'), 'error');
    const rows = await page.$$(`${VALUE_OUT} li[data-path="${path}"]`);
    const rowText = (row) => row.evaluate((el) => el.querySelector('.row').innerText.replace(/\s+/g, ' '));
    const marked = (cls) =>
      page.$$eval(`${VALUE_OUT} li.${cls}`, (els) => els.map((el) => el.querySelector('.row .rng').textContent));
    assert.match(await rowText(rows[0]), new RegExp(`@${count[0]} · ${count.length} B`));
    assert.match(await rowText(rows[1]), new RegExp(`@${failing[0]} · ${failing.length} B .*incomplete`));
    assert.deepEqual(
      await marked('is-err'),
      ['@0 · 0 B', `@${failing[0]} · ${failing.length} B`],
      `${id}: only the failing tag (and its record) is an error`,
    );
    assert.deepEqual(await page.$$eval(`${VALUE_OUT} .b.err`, (els) => els.map((el) => Number(el.dataset.i))), failing);
    for (const [k, bytes] of [
      [0, count],
      [1, failing],
    ]) {
      await rows[k].click();
      assert.deepEqual(await selectedBytes(page), bytes, `${id}: row ${k} selects its bytes`);
      assert.deepEqual(await marked('selected'), [`@${bytes[0]} · ${bytes.length} B`], `${id}: one row selected`);
      await page.hover(`${VALUE_OUT} .b[data-i="${bytes[0]}"]`);
      assert.deepEqual(
        await marked('hovered'),
        [`@${bytes[0]} · ${bytes.length} B`],
        `${id}: byte ${bytes[0]} hovers one row`,
      );
    }
    // The keyboard moves from the failing tag's row (the last clicked), not from the count's.
    await page.keyboard.press('ArrowUp');
    assert.deepEqual(await marked('selected'), [before], `${id}: ArrowUp from the failing tag`);
  }
  await checkClean(page, problems);
  await context.close();
});

test('a __consumer_offsets key pasted in the coordination view is read as one (not a version 0 key); a chosen format stays', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  const offset = byId('group-records/valid/offset-v3');
  await page.fill('#value-text', offset.value);
  await page.fill('#key-text', offset.key);
  await page.waitForFunction(() => document.querySelector('#format').value === 'group-record');
  await waitDecoded(page);
  assert.match(
    await page.textContent('#format-why'),
    /no coordination key \(UNSUPPORTED_VERSION at offset 0\) but decodes as one: offset commit key v1 · group payments-app · orders-3/,
  );
  const v = offset.expect.record.value;
  assert.match(
    await page.textContent(`${VALUE_OUT} .banner.ok`),
    new RegExp(`offset commit value v3 · offset ${v.offset} · leader epoch ${v.leader_epoch} · committed `),
  );
  await axeClean(page);
  // A tombstone: the value absent.
  await page.check('input[name="value-mode"]:not(:checked)');
  await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.state === 'null', VALUE_OUT);
  // Back to the coordination view by hand: the same key stays there, refused.
  await page.selectOption('#format', 'coordination');
  await page.waitForSelector('#key-out[data-state="error"]');
  await page.waitForTimeout(300);
  assert.equal(await page.inputValue('#format'), 'coordination');
  // A version 0 offset commit key could be a coordination key (its version is 0 too): not switched.
  await page.fill('#key-text', byId('group-records/valid/offset-key-v0-tombstone').key);
  await page.waitForSelector('#key-out[data-state="error"]');
  await page.waitForTimeout(500);
  assert.equal(await page.inputValue('#format'), 'coordination');
  await checkClean(page, problems);
  await context.close();
});

// Apache Kafka 4.1.0's record types (share groups, regular expressions, Streams groups) and its
// tagged fields: each pasted record decodes, its value's banner names its type, a field of it has
// its node; a Streams group's key pasted in the coordination view is read as a __consumer_offsets
// key. The field tree is the generic one: nothing of it knows these records.
test("Kafka 4.1.0's record types: each decodes in the __consumer_offsets format", async () => {
  const { page, context, problems } = await openPage(env.browser, env.url);
  await page.selectOption('#format', 'group-record');
  const cases = [
    ['share-group-member-metadata', 'share_group_member_metadata.subscribed_topic_names[0]'],
    ['share-group-state-partition-metadata', 'share_group_state_partition_metadata.deleting_topics[0].topic_name'],
    ['consumer-group-regular-expression', 'consumer_group_regular_expression.metadata_version'],
    ['streams-group-member-metadata', 'streams_group_member_metadata.user_endpoint.port'],
    [
      'streams-group-topology',
      'streams_group_topology.subtopologies[0].copartition_groups[0].repartition_source_topics[0]',
    ],
    ['consumer-group-metadata-hash', 'consumer_group_metadata.metadata_hash.value'],
    ['offset-v4-topic-id', 'offset.topic_id.value'],
  ];
  for (const [name, path] of cases) {
    const v = byId(`group-records/valid/${name}`);
    await page.fill('#key-text', '');
    await page.waitForSelector(`${VALUE_OUT}[data-state="none"]`);
    await page.fill('#key-text', v.key);
    await page.fill('#value-text', v.value);
    await page.waitForSelector(`${VALUE_OUT}[data-state="ok"]`);
    const type = v.expect.record.value.type;
    if (type !== 'offset')
      assert.match(await page.textContent(`${VALUE_OUT} .banner.ok`), new RegExp(`${type} value v0`));
    assert.ok(await page.$(`${VALUE_OUT} [data-path="${path}"]`), `${name}: a node at ${path}`);
  }
  // A Streams group's topology key in the coordination view: read as a __consumer_offsets key.
  await page.selectOption('#format', 'coordination');
  const topology = byId('group-records/valid/streams-group-topology');
  await page.fill('#value-text', topology.value);
  await page.fill('#key-text', topology.key);
  await page.waitForFunction(() => document.querySelector('#format').value === 'group-record');
  await waitDecoded(page);
  assert.match(await page.textContent('#format-why'), /streams_group_topology key v23 · group streams-app/);
  await checkClean(page, problems);
  await context.close();
});
