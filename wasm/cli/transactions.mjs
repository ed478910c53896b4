// `coordination-viewer transactions PATH... | --bootstrap-server HOST:PORT [--now EPOCH_MS]
// [--format json|table] [--jobs N]`: Kafka's transaction log (__transaction_state) folded into the
// newest record per transactional id, with its anomalies (wasm/core/transactions/README.md). Inputs
// as `state` reads them (wasm/cli/topic-inputs.mjs), the segments of several partitions on worker
// threads with --jobs as state's (wasm/cli/parallel.mjs).
import { errorPlace } from '../api/error-places.js';
import { utcText } from '../api/time-text.js';
import { EXIT_HELP, INPUTS_HELP, columnLines } from './topic-inputs.mjs';
import { JOBS_HELP, runFoldCommand } from './fold-apart.mjs';

const USAGE =
  'usage: coordination-viewer transactions PATH... | --bootstrap-server HOST:PORT [--topic T] [--now EPOCH_MS] [--format json|table] [--jobs N]';
const HELP = `${USAGE}

Folds Kafka's transaction log (__transaction_state) as the transaction coordinator loads it: for
each transactional id its newest record (producer id and epoch, status, timeout, partitions, last
update and start); a tombstone removes it. Anomalies: transaction_timed_out (Ongoing, start +
timeout before --now), transaction_epoch_backwards, producer_id_moved (one producer id in two
transactional ids). ${INPUTS_HELP}

  --bootstrap-server HOST:PORT[,...]  read a live cluster instead: every partition of the topic
                        from its earliest offset to the high watermark at start, without joining
                        or committing to a consumer group
  --topic T             the topic to read (default __transaction_state): from the cluster, and in a
                        log directory

  --now EPOCH_MS        the moment timeouts are checked at (default: now)
  --format json|table   one JSON document (default; i64 values as decimal strings) or a table
${JOBS_HELP}

${EXIT_HELP}
`;

/** One line for `coordination-viewer --help`. */
export const summary = "Kafka's transaction log (__transaction_state): each transactional id's producer and status";

const partitionsText = (p) =>
  p === null ? 'null' : p.map((t) => `${t.topic}[${t.partitions.join(',')}]`).join(' ') || '-';

function table(doc) {
  const rows = [['TRANSACTIONAL ID', 'PARTITION', 'PRODUCER', 'STATUS', 'TIMEOUT', 'LAST UPDATE', 'PARTITIONS']];
  for (const t of doc.transactions) {
    rows.push([
      t.transactionalId,
      String(t.partition),
      `${t.producerId}/${t.producerEpoch}`,
      t.status,
      `${t.timeoutMs} ms`,
      utcText(t.lastUpdateTimestamp) ?? `${t.lastUpdateTimestamp} ms`,
      partitionsText(t.partitions),
    ]);
  }
  const lines = columnLines(rows);
  lines.push('', `${doc.transactions.length} transactional ids, ${doc.records} records`);
  if (doc.anomalies.length) {
    lines.push('', `anomalies (${doc.anomalies.length}):`);
    for (const a of doc.anomalies) lines.push(`  ${a.kind} ${a.transactionalId} @${a.offset}: ${a.message}`);
  }
  if (doc.errors.length) {
    lines.push('', `errors (${doc.errors.length + (doc.errorsOmitted ?? 0)}):`);
    for (const e of doc.errors)
      lines.push(`  ${errorPlace(e, 'transactional id', e.transactionalId)}: ${e.code} ${e.field}: ${e.message}`);
  }
  return lines;
}

/** 0 read, 1 an input could not be read, 2 usage error (runFoldCommand). */
export const run = (argv, io) =>
  runFoldCommand(argv, io, {
    name: 'transactions',
    topic: '__transaction_state',
    help: HELP,
    usage: USAGE,
    kind: 'transactions',
    createFolder: (log) => log.createTransactionFolder(),
    result: (folder, args) => folder.result({ now: args.now }),
    table,
  });
