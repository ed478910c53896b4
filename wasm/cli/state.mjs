// `coordination-viewer state PATH... [--transactions PATH]... [--now EPOCH_MS] [--format
// json|table] [--jobs N]`: the coordination state folded from log segments, partition
// directories, JSON Lines or text lines (wasm/core/log/README.md), the segments of several
// partitions on worker threads with --jobs (wasm/cli/parallel.mjs), its leases held against the
// transaction log when --transactions names it (wasm/core/transactions/README.md). The dispatcher
// (wasm/cli/main.mjs) calls run() with the arguments after `state`. Inputs are streamed
// (wasm/cli/topic-inputs.mjs): memory is bounded by the state, not the input.
import { errorPlace } from '../api/error-places.js';
import { countdown, utcText } from '../api/time-text.js';
import {
  EXIT_HELP,
  INPUTS_HELP,
  InputError,
  UsageError,
  columnLines,
  inputPath,
  loadLog,
  parseTopicArgs,
  plan,
  progressLine,
  readCluster,
  readInputs,
  write,
} from './topic-inputs.mjs';
import { JOBS_HELP, foldInputs, jobsOf } from './fold-apart.mjs';
import { writeJSON, writeLines } from './output.mjs';

const USAGE =
  'usage: coordination-viewer state PATH... | --bootstrap-server HOST:PORT [--topic T] [--transactions PATH]... [--now EPOCH_MS] [--format json|table] [--jobs N]';
const HELP = `${USAGE}

Folds a __coordination_state topic into its state, as compaction leaves it: for each role its
partition, lease (holder, producer id/epoch, granted_at, deadline, expired at --now) and members;
anomalies; records that could not be read. ${INPUTS_HELP}

  --bootstrap-server HOST:PORT[,...]  read a live cluster instead: every partition of the topic
                        from its earliest offset to the high watermark at start, without joining
                        or committing to a consumer group
  --topic T             the topic to read (default __coordination_state): from the cluster, and in a
                        log directory
  --transactions PATH   the transaction log (__transaction_state: segments, partition
                        directories, a log directory or record files, as PATH; repeatable): each
                        lease gains producerTransaction (its producer id's transactional id,
                        epoch and status there) and the anomalies lease_holder_fenced,
                        lease_holder_unknown_producer, lease_holder_transaction_stuck,
                        lease_outlives_transactional_id

  --now EPOCH_MS        the moment leases are held or expired at (default: now)
  --format json|table   one JSON document (default; i64 values as decimal strings) or a table
${JOBS_HELP}

${EXIT_HELP}
`;

/** One line for `coordination-viewer --help`. */
export const summary = 'the coordination state of segment files, partition directories or record lines';

// ---- output ---------------------------------------------------------------------------------
// The table's lines (writeLines).
function table(state, now) {
  const joined = state.roles.some((r) => r.lease && 'producerTransaction' in r.lease);
  const rows = [
    ['ROLE', 'PARTITION', 'HOLDER', 'PRODUCER', 'DEADLINE', 'LEASE', ...(joined ? ['TRANSACTION'] : []), 'MEMBERS'],
  ];
  for (const r of state.roles) {
    const l = r.lease;
    const t = l?.producerTransaction;
    rows.push([
      r.role,
      String(r.partition),
      l ? l.holder : '-',
      l ? `${l.producerId}/${l.producerEpoch}` : '-',
      l ? (utcText(l.deadline) ?? `${l.deadline} ms`) : '-',
      l ? (l.expired ? countdown(l.deadline, now) : `held, expires ${countdown(l.deadline, now)}`) : 'none',
      ...(joined
        ? [t ? `${t.transactionalId} ${t.status} ${t.producerId}/${t.producerEpoch}` : l ? 'unknown producer' : '-']
        : []),
      r.members.map((m) => m.member).join(', ') || '-',
    ]);
  }
  const lines = columnLines(rows);
  lines.push('', `${state.roles.length} roles, ${state.records} records`);
  if (state.anomalies.length) {
    lines.push('', `anomalies (${state.anomalies.length}):`);
    for (const a of state.anomalies)
      lines.push(
        `  ${a.kind} ${a.role} @${a.offset}${a.transactionLog ? ` (transaction log partition ${a.transactionLog.partition} @${a.transactionLog.offset})` : ''}: ${a.message}`,
      );
  }
  if (state.errors.length) {
    lines.push('', `errors (${state.errors.length + (state.errorsOmitted ?? 0)}):`);
    for (const e of state.errors) lines.push(`  ${errorPlace(e, 'role', e.role)}: ${e.code} ${e.field}: ${e.message}`);
  }
  return lines;
}

/**
 * @param {string[]} argv the arguments after `state`
 * @param {{ stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream, stdin: NodeJS.ReadableStream, cwd?: string }} io
 *   (the dispatcher's io, wasm/cli/main.mjs; relative paths are resolved against cwd)
 * @returns {Promise<number>} 0 when the input was read (bad records are reported in the document),
 *   1 when it could not be read, 2 for a usage error
 */
export async function run(argv, io) {
  if (argv.includes('--help')) {
    await write(io.stdout, HELP);
    return 0;
  }
  const cwd = io.cwd ?? process.cwd();
  const transactionPaths = [];
  let jobs = jobsOf();
  let args;
  try {
    args = parseTopicArgs(argv, cwd, {
      topic: '__coordination_state',
      more(a, value) {
        if (a === '--jobs') {
          jobs = jobsOf(value());
          return true;
        }
        if (a !== '--transactions') return false;
        const v = inputPath(value(), cwd);
        if (v === '-') throw new UsageError('--transactions must name files or directories, not stdin (-)');
        transactionPaths.push(v);
        return true;
      },
    });
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    await write(io.stderr, `coordination-viewer state: ${e.message}\n${USAGE}\n`);
    return 2;
  }
  args.jobs = jobs;
  const log = await loadLog();
  const folder = log.createFolder();
  const transactions = transactionPaths.length ? log.createTransactionFolder() : null;
  let apartRecords = 0; // the records folded on worker threads so far
  const progress = progressLine('state', io, () => folder.records + apartRecords + (transactions?.records ?? 0));
  try {
    if (args.brokers) await readCluster(folder, args, progress);
    const state = await plan(args.paths, args.topic);
    const txn = await plan(transactionPaths, '__transaction_state');
    const unreadable = [...state.unreadable, ...txn.unreadable];
    for (const message of [...state.notes, ...txn.notes, ...unreadable])
      await write(io.stderr, `coordination-viewer state: ${message}\n`);
    // Nothing was read: no state to print.
    if (
      unreadable.length > 0 &&
      ((state.inputs.length === 0 && !args.brokers) || (transactions && txn.inputs.length === 0))
    )
      return 1;
    if (transactions) {
      // Folded first, once, whatever --jobs: the join holds the state's leases against it. The
      // transaction log's own errors are not the state's: counted on stderr.
      const txnLineErrors = [];
      await readInputs(transactions, txn.inputs, { io, lineErrors: txnLineErrors, progress });
      const { errors, errorsOmitted = 0 } = transactions.result({ now: args.now });
      const bad = errors.length + errorsOmitted + txnLineErrors.length + (txnLineErrors.omitted ?? 0);
      if (bad > 0)
        await write(
          io.stderr,
          `coordination-viewer state: --transactions: ${bad} ${bad === 1 ? 'record or line' : 'records or lines'} of the transaction log could not be read (coordination-viewer transactions lists them)\n`,
        );
    }
    const result = await foldInputs(log, folder, state.inputs, {
      kind: 'state',
      jobs: args.jobs,
      cluster: args.brokers,
      io,
      progress,
      apartRecords: (n) => (apartRecords = n),
      // Folded apart, its leases held against `transactions` as one folder's would be.
      result: (f) => f.result({ now: args.now, transactions }),
    });
    await progress.report(true);
    if (args.format === 'json') await writeJSON(io.stdout, result);
    else await writeLines(io.stdout, table(result, args.now));
    return unreadable.length > 0 ? 1 : 0;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    await write(io.stderr, `coordination-viewer state: ${e.message}\n`);
    return 1;
  } finally {
    folder.dispose();
    transactions?.dispose();
  }
}
