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
