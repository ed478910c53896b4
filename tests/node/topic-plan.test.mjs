// web/src/lib/topic-rows.js planInputs: which dropped files the Topic tab reads, and as which
// partition, as the command line reads a log directory (wasm/cli/topic-inputs.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { planInputs } from '../../web/src/lib/topic-rows.js';

const file = (path) => ({ name: path.split('/').at(-1), webkitRelativePath: path, size: 1 });

test("a broker's log directory: its own files (meta.properties, checkpoints, .lock) are skipped, not read as record lines", () => {
  const names = [
    'kafka-logs/meta.properties',
    'kafka-logs/.lock',
    'kafka-logs/recovery-point-offset-checkpoint',
    'kafka-logs/replication-offset-checkpoint',
    'kafka-logs/log-start-offset-checkpoint',
    'kafka-logs/cleaner-offset-checkpoint',
    'kafka-logs/bootstrap.checkpoint',
    'kafka-logs/__cluster_metadata-0/quorum-state',
    'kafka-logs/__coordination_state-0/leader-epoch-checkpoint',
    'kafka-logs/__coordination_state-0/partition.metadata',
    'kafka-logs/__coordination_state-0/00000000000000000000.index',
    'kafka-logs/__coordination_state-0/00000000000000000000.log',
  ];
  const { inputs, skipped } = planInputs(names.map(file));
  assert.deepEqual(
    inputs.map((i) => [i.name, i.kind, i.partition, i.fromPath]),
    [['kafka-logs/__coordination_state-0/00000000000000000000.log', 'log', 0, true]],
  );
  assert.equal(skipped.length, names.length - 1);
});

test('a directory -N past 2^31-1 (a backup named by its date) is no partition directory: the chosen partition', () => {
  const { inputs } = planInputs(
    [
      file('backup/coord-202401051230/00000000000000000000.log'),
      file('logs/__coordination_state-2147483647/00000000000000000000.log'),
      file('logs/__consumer_offsets-2147483648/00000000000000000000.log'),
    ],
    5,
  );
  assert.deepEqual(
    inputs.map((i) => [i.name, i.partition, i.fromPath, i.groups]),
    [
      ['backup/coord-202401051230/00000000000000000000.log', 5, false, false],
      ['logs/__consumer_offsets-2147483648/00000000000000000000.log', 5, false, false],
      ['logs/__coordination_state-2147483647/00000000000000000000.log', 2147483647, true, false],
    ],
  );
});

// Before, every TOPIC-N directory of a dropped data directory was folded as the coordination
// topic's: orders-0's records each an error, its partition 0 mixed with __coordination_state-0.
test("a broker's data directory: other topics' partition directories are not read beside the internal ones; one other topic alone is a renamed copy", () => {
  const plan = (names) => {
    const p = planInputs(names.map(file), 4);
    return { read: p.inputs.map((i) => [i.name, i.partition, i.groups, i.transactions]), otherTopics: p.otherTopics };
  };
  assert.deepEqual(
    plan([
      'data/orders-0/00000000000000000000.log',
      'data/orders-1/00000000000000000000.log',
      'data/__coordination_state-0/00000000000000000000.log',
      'data/__consumer_offsets-7/00000000000000000000.log',
      'data/__transaction_state-2/00000000000000000000.log',
      'data/payments-0/00000000000000000000.log',
      'data/payments-0/00000000000000000100.log',
      'loose.log',
    ]),
    {
      read: [
        ['data/__coordination_state-0/00000000000000000000.log', 0, false, false],
        ['data/__transaction_state-2/00000000000000000000.log', 2, false, true],
        ['loose.log', 4, false, false],
        ['data/__consumer_offsets-7/00000000000000000000.log', 7, true, false],
      ],
      otherTopics: [
        ['orders', 2],
        ['payments', 1],
      ],
    },
  );
  // Beside __consumer_offsets alone, too: its groups are read, orders is not.
  assert.deepEqual(plan(['d/__consumer_offsets-0/0.log', 'd/orders-0/0.log']), {
    read: [['d/__consumer_offsets-0/0.log', 0, true, false]],
    otherTopics: [['orders', 1]],
  });
  // One other topic alone: a renamed copy of the coordination topic, read.
  assert.deepEqual(plan(['copy/coord-0/0.log', 'copy/coord-3/0.log']), {
    read: [
      ['copy/coord-0/0.log', 0, false, false],
      ['copy/coord-3/0.log', 3, false, false],
    ],
    otherTopics: [],
  });
  // Several other topics and nothing else: none read, each named.
  assert.deepEqual(plan(['d/a-0/0.log', 'd/b-0/0.log', 'e/a-0/0.log']), {
    read: [],
    otherTopics: [
      ['a', 2],
      ['b', 1],
    ],
  });
});

// Before, __share_group_state-N and __cluster_metadata-N were other topics: one alone read as a
// renamed copy of the coordination topic (each record an error), beside it not read at all.
test('__share_group_state and __cluster_metadata partition directories: read into their own views; a KRaft snapshot skipped', () => {
  const p = planInputs(
    [
      'data/__cluster_metadata-0/00000000000000000000.log',
      'data/__cluster_metadata-0/00000000000000000100-0000000002.checkpoint',
      'data/__share_group_state-3/00000000000000000000.log',
      'data/__coordination_state-0/00000000000000000000.log',
    ].map(file),
  );
  assert.deepEqual(
    p.inputs.map((i) => [i.name, i.partition, i.shareState, i.clusterMetadata]),
    [
      ['data/__cluster_metadata-0/00000000000000000000.log', 0, false, true],
      ['data/__coordination_state-0/00000000000000000000.log', 0, false, false],
      ['data/__share_group_state-3/00000000000000000000.log', 3, true, false],
    ],
  );
  assert.deepEqual(p.skipped, ['data/__cluster_metadata-0/00000000000000000100-0000000002.checkpoint']);
  assert.deepEqual(p.otherTopics, []);
});
