// `coordination-viewer transactions PATH... | --bootstrap-server HOST:PORT [--now EPOCH_MS]
// [--format json|table] [--jobs N]`: Kafka's transaction log (__transaction_state) folded into the
// newest record per transactional id, with its anomalies (wasm/core/transactions/README.md). Inputs
// as `state` reads them (wasm/cli/topic-inputs.mjs), the segments of several partitions on worker
// threads with --jobs as state's (wasm/cli/parallel.mjs).
import { errorPlace } from '../api/error-places.js';
import { utcText } from '../api/time-text.js';
import {
  EXIT_HELP,
  INPUTS_HELP,
  InputError,
  UsageError,
  columnLines,
  loadLog,
  parseTopicArgs,
  plan,
  progressLine,
  readCluster,
  write,
} from './topic-inputs.mjs';
import { JOBS_HELP, foldInputs, jobsOf } from './fold-apart.mjs';
import { writeJSON, writeLines } from './output.mjs';

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

/** As state's run (wasm/cli/state.mjs): 0 read, 1 an input could not be read, 2 usage error. */
export async function run(argv, io) {
  if (argv.includes('--help')) {
    await write(io.stdout, HELP);
    return 0;
  }
  let args;
  let jobs = jobsOf();
  try {
    args = parseTopicArgs(argv, io.cwd ?? process.cwd(), {
      topic: '__transaction_state',
      more(a, value) {
        if (a !== '--jobs') return false;
        jobs = jobsOf(value());
        return true;
      },
    });
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    await write(io.stderr, `coordination-viewer transactions: ${e.message}\n${USAGE}\n`);
    return 2;
  }
  const log = await loadLog();
  const folder = log.createTransactionFolder();
  let apartRecords = 0; // the records folded on worker threads so far
  const progress = progressLine('transactions', io, () => folder.records + apartRecords);
  try {
    if (args.brokers) await readCluster(folder, args, progress);
    const { inputs, unreadable, notes } = await plan(args.paths, args.topic);
    for (const message of [...notes, ...unreadable])
      await write(io.stderr, `coordination-viewer transactions: ${message}\n`);
    if (unreadable.length > 0 && inputs.length === 0 && !args.brokers) return 1; // nothing was read
    const doc = await foldInputs(log, folder, inputs, {
      kind: 'transactions',
      jobs,
      cluster: args.brokers,
      io,
      progress,
      apartRecords: (n) => (apartRecords = n),
      result: (f) => f.result({ now: args.now }),
    });
    await progress.report(true);
    if (args.format === 'json') await writeJSON(io.stdout, doc);
    else await writeLines(io.stdout, table(doc));
    return unreadable.length > 0 ? 1 : 0;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    await write(io.stderr, `coordination-viewer transactions: ${e.message}\n`);
    return 1;
  } finally {
    folder.dispose();
  }
}
