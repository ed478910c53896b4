// `coordination-viewer cluster-metadata PATH... | --bootstrap-server HOST:PORT [--format json|table]`:
// the KRaft metadata log (__cluster_metadata) folded into the metadata image at its end, as Apache
// Kafka 4.1.0 replays it, with the records whose replay Kafka refuses (wasm/core/clustermetadata/README.md,
// "The fold"). Inputs as `transactions` reads them (wasm/cli/topic-inputs.mjs), by one reader (no
// --jobs: the log has one partition).
import { errorPlace } from '../api/error-places.js';
import { EXIT_HELP, INPUTS_HELP, columnLines } from './topic-inputs.mjs';
import { runFoldCommand } from './fold-apart.mjs';

const USAGE =
  'usage: coordination-viewer cluster-metadata PATH... | --bootstrap-server HOST:PORT [--topic T] [--format json|table]';
const HELP = `${USAGE}

Folds the KRaft metadata log (__cluster_metadata) into the metadata image at its end, as Apache
Kafka 4.1.0's controllers and brokers replay it: the brokers (epoch, incarnation, listeners, rack,
fenced, in controlled shutdown), the topics and each partition's replicas, ISR, ELR, leader and
epochs, the finalized features, the configs by resource, the next producer id block, and counts
of controllers, ACLs, SCRAM credentials, delegation tokens and client quota entities. A metadata
transaction still open at the end is not in the image (Kafka publishes none of it). Anomalies:
the records whose replay Kafka refuses (a partition of an unknown topic, a broker not registered
or of another epoch, ...), each at its offset; the record changes nothing, as Kafka's loader
reports it and goes on. Control batches (KRaft's leader changes, snapshot headers, voters) are
skipped. A partition directory's latest KRaft snapshot (<end offset>-<epoch>.checkpoint) is read
first, then its segments from the snapshot's end offset on, as Kafka's loader does (older
snapshots are not read: named on stderr); a *.checkpoint PATH is read as a snapshot. An error or
anomaly in a snapshot names its file ("file"): its offsets are the snapshot's own. ${INPUTS_HELP}

  --bootstrap-server HOST:PORT[,...]  read a live cluster instead: every partition of the topic
                        from its earliest offset to the high watermark at start, without joining
                        or committing to a consumer group
  --topic T             the topic to read (default __cluster_metadata): from the cluster, and in a
                        log directory
  --format json|table   one JSON document (default; i64 values as decimal strings) or a table

${EXIT_HELP}
`;

/** One line for `coordination-viewer --help`. */
export const summary = 'the KRaft metadata log (__cluster_metadata): brokers, topics, partitions, features, configs';

// ConfigResource.Type's ids (clients/.../config/ConfigResource.java of Kafka 4.1.0).
const RESOURCE_TYPES = { 2: 'topic', 4: 'broker', 8: 'broker-logger', 16: 'client-metrics', 32: 'group' };
const list = (ids) => `[${ids.join(',')}]`;

function table(doc) {
  const lines = [];
  const brokers = [['BROKER', 'EPOCH', 'STATE', 'RACK', 'LISTENERS', 'INCARNATION']];
  for (const b of doc.brokers)
    brokers.push([
      String(b.id),
      String(b.epoch),
      (b.fenced ? 'fenced' : 'unfenced') + (b.inControlledShutdown ? ', in controlled shutdown' : ''),
      b.rack ?? '-',
      b.listeners.map((l) => `${l.name}://${l.host}:${l.port}`).join(' ') || '-',
      b.incarnationId,
    ]);
  lines.push(...columnLines(brokers), '');
  const partitions = [
    ['TOPIC', 'TOPIC ID', 'PARTITION', 'LEADER', 'EPOCHS L/P', 'REPLICAS', 'ISR', 'ELR', 'LAST KNOWN ELR'],
  ];
  for (const t of doc.topics) {
    if (t.partitions.length === 0) partitions.push([t.name, t.id, '-', '-', '-', '-', '-', '-', '-']);
    for (const p of t.partitions)
      partitions.push([
        t.name,
        t.id,
        String(p.partition),
        String(p.leader) + (p.leaderRecoveryState === 1 ? ' (recovering)' : ''),
        `${p.leaderEpoch}/${p.partitionEpoch}`,
        list(p.replicas) +
          (p.addingReplicas.length ? ` +${list(p.addingReplicas)}` : '') +
          (p.removingReplicas.length ? ` -${list(p.removingReplicas)}` : ''),
        list(p.isr),
        list(p.eligibleLeaderReplicas),
        list(p.lastKnownElr),
      ]);
  }
  lines.push(...columnLines(partitions), '');
  lines.push(`features: ${doc.features.map((f) => `${f.name}=${f.level}`).join(', ') || '-'}`);
  if (doc.configs.length) {
    lines.push('configs:');
    for (const c of doc.configs)
      lines.push(`  ${RESOURCE_TYPES[c.resourceType] ?? c.resourceType} "${c.resourceName}": ${c.name}=${c.value}`);
  }
  const p = doc.producerIds;
  lines.push(
    `next producer id: ${p === null ? '-' : `${p.nextProducerId} (block of broker ${p.brokerId}, offset ${p.offset})`}`,
    `controllers ${doc.controllers}, ACLs ${doc.acls}, SCRAM credentials ${doc.scramCredentials}, ` +
      `delegation tokens ${doc.delegationTokens}, client quota entities ${doc.clientQuotaEntities}`,
  );
  if (doc.openTransaction)
    lines.push(
      `open metadata transaction since offset ${doc.openTransaction.offset} ` +
        `(${doc.openTransaction.records} records, not in the image)`,
    );
  lines.push(
    '',
    `${doc.brokers.length} brokers, ${doc.topics.length} topics, ` +
      `${doc.topics.reduce((n, t) => n + t.partitions.length, 0)} partitions, ${doc.records} records` +
      (doc.lastOffset === null ? '' : `, last offset ${doc.lastOffset}`),
  );
  if (doc.anomalies.length) {
    lines.push('', `anomalies (${doc.anomalies.length + (doc.anomaliesOmitted ?? 0)}):`);
    for (const a of doc.anomalies)
      lines.push(
        `  ${a.kind} @${a.logPartition}/${a.offset}${a.file === undefined ? '' : ` (snapshot ${a.file})`}: ${a.message}`,
      );
  }
  if (doc.errors.length) {
    lines.push('', `errors (${doc.errors.length + (doc.errorsOmitted ?? 0)}):`);
    for (const e of doc.errors)
      lines.push(`  ${errorPlace(e, 'record type', e.recordType)}: ${e.code} ${e.field}: ${e.message}`);
  }
  return lines;
}

/** 0 read, 1 an input could not be read, 2 usage error (runFoldCommand). --now is taken, as by
 * every whole-topic command, and unused: nothing in this fold expires. */
export const run = (argv, io) =>
  runFoldCommand(argv, io, {
    name: 'cluster-metadata',
    topic: '__cluster_metadata',
    help: HELP,
    usage: USAGE,
    kind: 'cluster-metadata',
    parallel: false,
    snapshots: true,
    createFolder: (log) => log.createClusterMetadataFolder(),
    table,
  });
