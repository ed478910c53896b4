// Messages that quote decoded strings (the anomalies of the three folds, the ProduceRequest tree's
// words for a coordination record) show their bidi controls, control and invisible characters as
// the escapes the viewer's field tree shows (web/src/lib/text.js visibleText), never raw: the core
// writes them so (wasm/core/tree/invisible.h appendShown), for the API, the CLI and the viewer alike.
// Held here against visibleText at both ends of every range of the shared tables, so the C++ and
// the JS escapes cannot drift apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { INVISIBLE_RANGES, LOOKALIKE_RANGES } from '../../wasm/generated/tables.js';
import { specialKind, visibleText } from '../../web/src/lib/text.js';
import { run as runState } from '../../wasm/cli/state.mjs';
import { api, runCommand } from './helpers.mjs';

const { toJSON } = api;
import { writeLog } from './log-writer.mjs';
import { transactionSegment, withBytes } from './transaction-writer.mjs';
import {
  consumerAssignment,
  consumerSubscription,
  groupKey,
  groupSegment,
  groupValue,
  offsetKey,
  offsetValue,
  streamsCurrentKey,
  streamsCurrentValue,
  streamsGroupKey,
  streamsMemberKey,
  streamsMemberValue,
  topologyKey,
  topologyValue,
  epochHashValue,
} from './group-writer.mjs';
import { Compression, keyBytes, valueBytes, writeProduceRequest } from './produce-writer.mjs';

const log = await api.loadLogCodec();
const NOW = 1_700_000_500_000;

/** No code point the viewer shows as an escape is left raw in `text`. */
function assertNoRaw(text) {
  for (const ch of text)
    assert.equal(
      specialKind(ch.codePointAt(0)),
      null,
      `raw U+${ch.codePointAt(0).toString(16)} in ${JSON.stringify(text)}`,
    );
}

// Every range's first and last code point and their neighbours, in strings of at most 12 code
// points (a role is at most 255 bytes).
const boundaries = [
  ...new Set([...INVISIBLE_RANGES, ...LOOKALIKE_RANGES].flatMap(([first, last]) => [first - 1, first, last, last + 1])),
]
  .filter((cp) => cp >= 0 && !(cp >= 0xd800 && cp <= 0xdfff))
  .sort((a, b) => a - b);
const chunks = [];
for (let i = 0; i < boundaries.length; i += 12) chunks.push(String.fromCodePoint(...boundaries.slice(i, i + 12)));

test('fold anomalies quote roles and holders with the escapes visibleText gives, at every boundary of the tables', async () => {
  assert.ok(LOOKALIKE_RANGES.length > 0 && boundaries.includes(0x202e) && boundaries.includes(0xe0100));
  const records = [];
  chunks.forEach((chunk, i) => {
    records.push({
      partition: 0,
      offset: records.length,
      key: { kind: 'lease', role: `r${i}:${chunk}` },
      value: { member: `h${i}:${chunk}`, producerId: 100 + i, producerEpoch: 1, grantedAt: 100, deadline: 200 },
    });
  });
  // Two leases of one producer id: producer_holds_two_leases names the other role.
  const [a, b] = ['two\u202Ea', 'two\u202Eb\u0000'];
  for (const role of [a, b])
    records.push({
      partition: 0,
      offset: records.length,
      key: { kind: 'lease', role },
      value: { member: 'x', producerId: 7, producerEpoch: 1, grantedAt: 100, deadline: 200 },
    });
  const state = log.foldState(new Uint8Array(await writeLog(records)), { now: NOW });
  const notRegistered = state.anomalies.filter((x) => x.kind === 'lease_holder_not_registered');
  assert.equal(notRegistered.length, chunks.length + 2);
  chunks.forEach((chunk, i) => {
    const role = `r${i}:${chunk}`;
    const found = notRegistered.find((x) => x.role === role);
    assert.ok(found, `an anomaly of role ${i}`);
    assert.equal(
      found.message,
      `the lease of role "${visibleText(role)}" is held by "${visibleText(`h${i}:${chunk}`)}", which has no registration in the role`,
    );
  });
  const two = state.anomalies.find((x) => x.kind === 'producer_holds_two_leases' && x.role === a);
  assert.equal(two.message, 'producer id 7 holds the lease of role "two\\u202Ea" and of role "two\\u202Eb\\u0000"');
  for (const x of state.anomalies) assertNoRaw(x.message);
});

const ROLE = 'pay\u202Eppa\u0000';
const MEMBER = 'm\u202E-1\u0000';
const TXN_ID = 'orders\u202Erekrow\u0000\u{E0041}';
const TOPIC = 'bil\u202Eling\u0000';

test('transaction-log anomalies and the join with the leases quote transactional ids and roles as escapes', async () => {
  const value = (epoch) => ({
    producerId: 4000,
    producerEpoch: epoch,
    timeoutMs: 60_000,
    status: 'CompleteCommit',
    partitions: [[TOPIC, [0]]],
    lastUpdate: NOW - 10_000 + epoch,
    start: -1,
  });
  // Epoch 4, then 3 at a later offset: transaction_epoch_backwards; the lease at epoch 3 is fenced by 4.
  const model = withBytes([
    { partition: 3, offset: 0, id: TXN_ID, value: value(4) },
    { partition: 3, offset: 1, id: TXN_ID, value: value(3) },
    { partition: 3, offset: 2, id: TXN_ID, value: value(4) },
  ]);
  const segment = await transactionSegment(model);
  const transactions = log.foldTransactions(segment, { now: NOW, partition: 3 });
  const backwards = transactions.anomalies.find((x) => x.kind === 'transaction_epoch_backwards');
  assert.ok(backwards, toJSON(transactions.anomalies));
  assert.ok(
    backwards.message.startsWith(`transactional id "orders\\u202Erekrow\\u0000\\u{E0041}" at offset 1 `),
    backwards.message,
  );
  for (const x of transactions.anomalies) assertNoRaw(x.message);

  const folder = log.createTransactionFolder();
  try {
    folder.pushLog(segment, 3);
    folder.endLog(3);
    const leases = await writeLog([
      {
        partition: 0,
        offset: 0,
        key: { kind: 'registration', role: ROLE, member: MEMBER },
        value: { member: MEMBER, registeredAt: NOW - 60_000 },
      },
      {
        partition: 0,
        offset: 1,
        key: { kind: 'lease', role: ROLE },
        value: {
          member: MEMBER,
          producerId: 4000,
          producerEpoch: 3,
          grantedAt: NOW - 60_000,
          deadline: NOW + 3_600_000,
        },
      },
    ]);
    const state = log.foldState(new Uint8Array(leases), { now: NOW, transactions: folder });
    const fenced = state.anomalies.find((x) => x.kind === 'lease_holder_fenced');
    assert.ok(fenced, toJSON(state.anomalies));
    assert.ok(fenced.message.startsWith('the lease of role "pay\\u202Eppa\\u0000" (offset 1) '), fenced.message);
    assert.ok(fenced.message.includes('transactional id "orders\\u202Erekrow\\u0000\\u{E0041}" ('), fenced.message);
    for (const x of state.anomalies) assertNoRaw(x.message);
  } finally {
    folder.dispose();
  }
});

test('consumer-group anomalies quote groups, members and topics as escapes', async () => {
  const GROUP = 'pay\u202Eppa-stnemyap\u0000';
  const LONELY = 'lone\u202Ely\u0000';
  const [c1, c2] = ['c\u202E-1\u0000', 'c\u202E-2'];
  const group = {
    protocolType: 'consumer',
    generation: 1,
    protocol: 'range',
    leader: c1,
    currentStateTimestamp: NOW,
    members: [
      // c1 is assigned TOPIC-0 without subscribing to it (topic_not_subscribed); c2 too
      // (partition_assigned_twice).
      { memberId: c1, subscription: consumerSubscription(['other']), assignment: consumerAssignment([[TOPIC, [0]]]) },
      { memberId: c2, subscription: consumerSubscription([TOPIC]), assignment: consumerAssignment([[TOPIC, [0]]]) },
    ],
  };
  const segment = await groupSegment([
    { offset: 0, key: groupKey(GROUP), value: groupValue(group) },
    { offset: 1, key: offsetKey(LONELY, TOPIC, 0), value: offsetValue({ offset: 7, commitTimestamp: NOW }) },
  ]);
  const state = log.foldGroups(new Uint8Array(segment));
  const message = (kind) => state.anomalies.find((x) => x.kind === kind)?.message;
  const prefix = 'group "pay\\u202Eppa-stnemyap\\u0000" (generation 1, offset 0): ';
  assert.equal(
    message('topic_not_subscribed'),
    `${prefix}member "c\\u202E-1\\u0000" is assigned partitions of topic "bil\\u202Eling\\u0000", which its subscription does not name`,
  );
  assert.equal(
    message('partition_assigned_twice'),
    `${prefix}partition bil\\u202Eling\\u0000-0 is assigned to member "c\\u202E-1\\u0000" and to member "c\\u202E-2"`,
  );
  assert.ok(message('offsets_without_group').startsWith('group "lone\\u202Ely\\u0000" has 1 committed offset '));
  for (const x of state.anomalies) assertNoRaw(x.message);
});

test("a ProduceRequest's tree says a coordination record's role and member as escapes", async () => {
  const bytes = await writeProduceRequest(
    {
      acks: -1,
      timeout: 30000,
      compression: Compression.None,
      topicData: [
        {
          topic: '__coordination_state',
          partitions: [
            {
              partition: 0,
              messages: [
                {
                  key: keyBytes({ kind: 'registration', role: ROLE, member: MEMBER }),
                  value: valueBytes({ member: MEMBER, registeredAt: 1000 }),
                  timestamp: NOW,
                },
              ],
            },
          ],
        },
      ],
    },
    'size+header',
  );
  const ins = log.inspect(bytes, 'produce-request');
  assert.equal(ins.ok, true);
  const meanings = [];
  const walk = (nodes) => {
    for (const n of nodes) {
      if (n.meaning) meanings.push(n.meaning);
      walk(n.children ?? []);
    }
  };
  walk(ins.fields);
  assert.ok(
    meanings.includes('coordination registration key, role pay\\u202Eppa\\u0000, member m\\u202E-1\\u0000'),
    meanings.join('\n'),
  );
  assert.ok(meanings.includes('coordination registration of m\\u202E-1\\u0000'), meanings.join('\n'));
  for (const m of meanings) assertNoRaw(m);
});

test('the CLI prints the messages with the escapes', async () => {
  const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'message-escapes-'));
  try {
    const file = join(dir, '00000000000000000000.log');
    writeFileSync(
      file,
      await writeLog([
        {
          partition: 0,
          offset: 0,
          key: { kind: 'lease', role: ROLE },
          value: { member: MEMBER, producerId: 1, producerEpoch: 1, grantedAt: 100, deadline: 200 },
        },
      ]),
    );
    const { code, stdout } = await runCommand(runState, [file, '--format', 'table']);
    assert.equal(code, 0);
    const line = stdout.split('\n').find((l) => l.includes('lease_holder_not_registered'));
    assert.ok(line, stdout);
    const message = line.slice(line.indexOf(': ') + 2);
    assert.equal(
      message,
      'the lease of role "pay\\u202Eppa\\u0000" is held by "m\\u202E-1\\u0000", which has no registration in the role',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Before, the tables printed the columns' strings raw: a role holding ESC [2J cleared the terminal
// of whoever ran `state --format table`, a U+202E reordered the line. Text for people escapes them;
// JSON, for programs, keeps the strings as decoded.
test("the CLI's text for people (state, groups and transactions tables, decode's tree) writes no special code point raw", async () => {
  const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { run: runGroups } = await import('../../wasm/cli/groups.mjs');
  const { run: runTransactions } = await import('../../wasm/cli/transactions.mjs');
  const { run: runDecode } = await import('../../wasm/cli/decode.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'table-escapes-'));
  const TERMINAL = 'r\u001b[2Jx\u202Eevil\u0007';
  const SHOWN = 'r\\u001B[2Jx\\u202Eevil\\u0007';
  try {
    const coordination = join(dir, 'coordination.log');
    writeFileSync(
      coordination,
      await writeLog([
        {
          partition: 0,
          offset: 0,
          key: { kind: 'registration', role: TERMINAL, member: MEMBER },
          value: { member: MEMBER, registeredAt: 1 },
        },
        {
          partition: 0,
          offset: 1,
          key: { kind: 'registration', role: 'plain', member: 'm' },
          value: { member: 'm', registeredAt: 1 },
        },
      ]),
    );
    const table = await runCommand(runState, [coordination, '--format', 'table']);
    assert.equal(table.code, 0, table.stderr);
    for (const line of table.stdout.split('\n')) assertNoRaw(line);
    const lines = table.stdout.split('\n');
    // The columns stay aligned on the escaped text: PARTITION starts where the header's does.
    const at = lines[0].indexOf('PARTITION');
    const row = lines.find((l) => l.startsWith(SHOWN));
    assert.ok(row, table.stdout);
    assert.equal(row.slice(at).split(/ +/)[0], '0');
    assert.match(row, /m\\u202E-1\\u0000$/);
    const json = await runCommand(runState, [coordination]);
    assert.ok(JSON.parse(json.stdout).roles.some((r) => r.role === TERMINAL));

    const groups = join(dir, 'groups.log');
    writeFileSync(
      groups,
      await groupSegment([
        { offset: 0, key: offsetKey(TERMINAL, TOPIC, 0), value: offsetValue({ offset: 7, commitTimestamp: NOW }) },
        // A Streams group (KIP-1071) whose member, process, subtopology and topic are the string:
        // its subtopology line, its members' columns and its task_assigned_twice message.
        { offset: 1, key: streamsGroupKey('sg'), value: epochHashValue(1, 0) },
        { offset: 2, key: topologyKey('sg'), value: topologyValue(1, [{ id: TERMINAL, sourceTopics: [TERMINAL] }]) },
        ...[TERMINAL, 'm'].flatMap((id, i) => [
          {
            offset: 3 + 2 * i,
            key: streamsMemberKey('sg', id),
            value: streamsMemberValue({ clientId: 'c', clientHost: 'h', processId: id }),
          },
          {
            offset: 4 + 2 * i,
            key: streamsCurrentKey('sg', id),
            value: streamsCurrentValue({ epoch: 1, active: [[TERMINAL, [0]]] }),
          },
        ]),
      ]),
    );
    const g = await runCommand(runGroups, [groups, '--format', 'table']);
    assert.equal(g.code, 0, g.stderr);
    for (const line of g.stdout.split('\n')) assertNoRaw(line);
    assert.ok(g.stdout.includes(`group "${SHOWN}"`) || g.stdout.includes(SHOWN), g.stdout);
    assert.ok(g.stdout.includes(`  subtopology ${SHOWN}: source ${SHOWN}`), g.stdout);
    assert.ok(g.stdout.includes(`active task ${SHOWN}_0 is owned by member "${SHOWN}" (process "${SHOWN}"`), g.stdout);

    const transactions = join(dir, 'transactions.log');
    writeFileSync(
      transactions,
      await transactionSegment(
        withBytes([
          {
            partition: 0,
            offset: 0,
            id: TERMINAL,
            value: {
              producerId: 9,
              producerEpoch: 1,
              timeoutMs: 60_000,
              status: 'Ongoing',
              partitions: [[TOPIC, [0]]],
              lastUpdate: NOW,
              start: NOW,
            },
          },
        ]),
      ),
    );
    const t = await runCommand(runTransactions, [transactions, '--format', 'table', '--now', String(NOW)]);
    assert.equal(t.code, 0, t.stderr);
    for (const line of t.stdout.split('\n')) assertNoRaw(line);
    assert.ok(t.stdout.includes(SHOWN), t.stdout);

    // decode's tree: JSON.stringify escaped the C0 controls, not U+202E.
    const key = Buffer.from(keyBytes({ kind: 'lease', role: 'a\u202Eb' })).toString('hex');
    const tree = await runCommand(runDecode, ['--key', key, '--format', 'tree']);
    assert.equal(tree.code, 0, tree.stderr);
    for (const line of tree.stdout.split('\n')) assertNoRaw(line);
    assert.match(tree.stdout, /"a\\u202Eb"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
