// `coordination-viewer share-state PATH... | --bootstrap-server HOST:PORT [--format json|table] [--jobs N]`:
// Kafka's share-group state topic (__share_group_state, KIP-932's share coordinator) folded into
// each share-partition's state as Kafka 4.1.0's share coordinator replays it, with its anomalies
// (wasm/core/sharestate/README.md, "The fold"). Inputs as `transactions` reads them
// (wasm/cli/topic-inputs.mjs), the segments of several partitions on worker threads with --jobs as
// transactions' (wasm/cli/parallel.mjs).
import { errorPlace } from '../api/error-places.js';
import { utcText } from '../api/time-text.js';
import { EXIT_HELP, INPUTS_HELP, columnLines } from './topic-inputs.mjs';
import { JOBS_HELP, runFoldCommand } from './fold-apart.mjs';
import { stateBatchesText } from '../api/state-batches-text.js';

const USAGE =
  'usage: coordination-viewer share-state PATH... | --bootstrap-server HOST:PORT [--topic T] [--format json|table] [--jobs N]';
const HELP = `${USAGE}

Folds Kafka's share-group state topic (__share_group_state) as Apache Kafka 4.1.0's share
coordinator replays it: for each share-partition (group id, topic id, partition) its state (snapshot,
state and leader epochs, start offset, the state batches: the last ShareSnapshot's with each later
ShareUpdate's combined in, the updates since the snapshot); a ShareSnapshot tombstone deletes it.
Anomalies: update_without_snapshot, update_snapshot_epoch_mismatch, update_tombstone,
snapshot_epoch_not_next, state_batches_do_not_combine. ${INPUTS_HELP}

  --bootstrap-server HOST:PORT[,...]  read a live cluster instead: every partition of the topic
                        from its earliest offset to the high watermark at start, without joining
                        or committing to a consumer group
  --topic T             the topic to read (default __share_group_state): from the cluster, and in a
                        log directory
  --format json|table   one JSON document (default; i64 values as decimal strings) or a table
${JOBS_HELP}

${EXIT_HELP}
`;

/** One line for `coordination-viewer --help`. */
export const summary = "Kafka's share-group state (__share_group_state): each share-partition's state batches";

function table(doc) {
  const rows = [['GROUP', 'TOPIC ID', 'PARTITION', 'EPOCHS S/ST/L', 'START OFFSET', 'UPDATES', 'WRITTEN', 'BATCHES']];
  for (const p of doc.sharePartitions) {
    rows.push([
      p.groupId,
      p.topicId,
      String(p.partition),
      `${p.snapshotEpoch}/${p.stateEpoch}/${p.leaderEpoch}`,
      String(p.startOffset),
      String(p.updatesSinceSnapshot),
      // 0: a state begun by an update has no timestamps (ShareGroupOffset.NO_TIMESTAMP).
      p.writeTimestamp === 0n ? '-' : (utcText(p.writeTimestamp) ?? `${p.writeTimestamp} ms`),
      stateBatchesText(p.stateBatches),
    ]);
  }
  const lines = columnLines(rows);
  lines.push('', `${doc.sharePartitions.length} share-partitions, ${doc.records} records`);
  if (doc.anomalies.length) {
    lines.push('', `anomalies (${doc.anomalies.length}):`);
    for (const a of doc.anomalies)
      lines.push(`  ${a.kind} ${a.groupId}:${a.topicId}:${a.partition} @${a.logPartition}/${a.offset}: ${a.message}`);
  }
  if (doc.errors.length) {
    lines.push('', `errors (${doc.errors.length + (doc.errorsOmitted ?? 0)}):`);
    for (const e of doc.errors)
      lines.push(`  ${errorPlace(e, 'share-partition', e.sharePartition)}: ${e.code} ${e.field}: ${e.message}`);
  }
  return lines;
}

/** 0 read, 1 an input could not be read, 2 usage error (runFoldCommand). --now is taken, as by
 * every whole-topic command, and unused: nothing in this fold expires. */
export const run = (argv, io) =>
  runFoldCommand(argv, io, {
    name: 'share-state',
    topic: '__share_group_state',
    help: HELP,
    usage: USAGE,
    kind: 'share-state',
    createFolder: (log) => log.createShareStateFolder(),
    table,
  });
