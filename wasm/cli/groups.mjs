// `coordination-viewer groups PATH... | --bootstrap-server HOST:PORT [--topic T] [--group G]
// [--format json|table] [--jobs N] | --bootstrap-server HOST:PORT --describe GROUP`: Kafka's
// __consumer_offsets folded into each group's state, down to a Streams group's tasks and its
// rolling upgrade (wasm/core/groups/README.md, "The fold"); or a live group's members through
// DescribeGroups. Inputs as `state` reads them (wasm/cli/topic-inputs.mjs), --jobs as state's.
import { errorPlace } from '../api/error-places.js';
import { utcText } from '../api/time-text.js';
import { visibleText } from '../api/visible-text.js';
import { EXIT_HELP, INPUTS_HELP, InputError, UsageError, columnLines, loadLog } from './topic-inputs.mjs';
import { JOBS_HELP, runFoldCommand } from './fold-apart.mjs';
import { writeJSON, writeLines } from './output.mjs';

const USAGE =
  'usage: coordination-viewer groups PATH... | --bootstrap-server HOST:PORT [--topic T] [--group G] [--format json|table] [--jobs N]\n' +
  '       coordination-viewer groups --bootstrap-server HOST:PORT --describe GROUP [--format json|table]';
const HELP = `${USAGE}

Folds Kafka's __consumer_offsets as the group coordinator loads it (the newest record per key wins;
a tombstone removes it): for each group its protocol type and name, generation, leader, members
(client id, host, instance id, timeouts), the latest committed offset per partition; for a
Kafka Streams group (protocol type consumer, protocol stream) each member's subscription version,
active and standby tasks and partitions by host, and where a rolling upgrade stands (KIP-268: what
the leader answers, the next step of the two bounces); for a KIP-848 group its epochs, members and
target and current assignments; for a Streams group (KIP-1071) its epochs, its topology's
subtopologies and each member's process, epoch, current and target tasks. Anomalies:
generation_backwards, partition_assigned_twice, task_assigned_twice, topic_not_subscribed,
subscription_versions_differ (an upgrade in progress, with its step), offsets_without_group,
task_owned_twice_in_process, epoch_ahead. ${INPUTS_HELP}

  --bootstrap-server HOST:PORT[,...]  read a live cluster instead: every partition of the topic
                        from its earliest offset to the high watermark at start, without joining
                        or committing to a consumer group
  --topic T             the topic to read (default __consumer_offsets): from the cluster, and in a
                        log directory
  --group G             print group G alone (anomalies and errors of other groups left out)
  --describe GROUP      with --bootstrap-server: the live group's members now (DescribeGroups),
                        their subscription and assignment decoded as the consumer protocol, and
                        as Kafka Streams' when the group's protocol is stream (no instance id:
                        DescribeGroups v2 does not carry it; the group's record does)
  --format json|table   one JSON document (default; i64 values as decimal strings) or a table
${JOBS_HELP}

${EXIT_HELP}
`;

/** One line for `coordination-viewer --help`. */
export const summary = "Kafka's consumer groups (__consumer_offsets): members, offsets, Streams tasks and upgrades";

const partitionsText = (list) => list.map((t) => `${t.topic}[${t.partitions.join(',')}]`).join(' ') || '-';
const tasksText = (tasks) =>
  tasks.map((t) => `${t.namedTopology ? `${t.namedTopology}__` : ''}${t.topicGroupId}_${t.partition}`).join(',') || '-';

// A Streams member's line: subscription version, active and standby tasks.
function streamsText(s) {
  if (!s) return '-';
  const parts = [];
  if (s.subscription) parts.push(`subscription v${s.subscription.version}`);
  if (s.assignment) {
    parts.push(`active ${tasksText(s.assignment.activeTasks)}`);
    parts.push(`standby ${tasksText(s.assignment.standbyTasks.map((t) => t.task))}`);
  }
  return parts.join(', ') || '-';
}

const topicIdsText = (list) => list.map((t) => `${t.topicId}[${t.partitions.join(',')}]`).join(' ') || '-';

// A KIP-1071 task list as Kafka's TaskId prints each task (subtopology "_" partition), '-' for none.
const streamsTasksText = (list) =>
  list.flatMap((t) => t.partitions.map((p) => `${t.subtopologyId}_${p}`)).join(',') || '-';
// Current tasks with those pending revocation after them.
const currentTasksText = (assigned, revoking) =>
  `${streamsTasksText(assigned)}${revoking.length ? ` (revoking ${streamsTasksText(revoking)})` : ''}`;
// A target assignment: each of its non-empty lists by role.
const targetText = (t) =>
  [
    ['active', t.activeTasks],
    ['standby', t.standbyTasks],
    ['warm-up', t.warmupTasks],
  ]
    .filter(([, list]) => list.length)
    .map(([role, list]) => `${role} ${streamsTasksText(list)}`)
    .join(' ') || '-';

// A Streams group's (KIP-1071) lines: its topology's subtopologies, then a column per member
// (process id, epoch, current active / standby / warm-up tasks, target assignment); decoded strings
// in their plain-text form (visibleText).
function streamsGroupLines(sg) {
  const out = [];
  for (const t of sg.topology?.subtopologies ?? []) {
    const parts = [`source ${t.sourceTopics.join(' ') || '-'}`];
    if (t.sourceTopicRegex.length) parts.push(`regex ${t.sourceTopicRegex.join(' ')}`);
    if (t.repartitionSourceTopics.length)
      parts.push(`repartition source ${t.repartitionSourceTopics.map((r) => r.name).join(' ')}`);
    if (t.stateChangelogTopics.length) parts.push(`changelog ${t.stateChangelogTopics.map((r) => r.name).join(' ')}`);
    out.push(`  subtopology ${visibleText(`${t.subtopologyId}: ${parts.join(', ')}`)}`);
  }
  if (sg.members.length) {
    const rows = [['STREAMS MEMBER', 'PROCESS', 'CLIENT', 'HOST', 'EPOCH', 'ACTIVE', 'STANDBY', 'WARM-UP', 'TARGET']];
    for (const m of sg.members) {
      const c = m.currentAssignment;
      rows.push([
        m.memberId,
        m.metadata?.processId ?? '-',
        m.metadata?.clientId ?? '-',
        m.metadata?.clientHost ?? '-',
        c ? String(c.memberEpoch) : '-',
        c ? currentTasksText(c.activeTasks, c.activeTasksPendingRevocation) : '-',
        c ? currentTasksText(c.standbyTasks, c.standbyTasksPendingRevocation) : '-',
        c ? currentTasksText(c.warmupTasks, c.warmupTasksPendingRevocation) : '-',
        m.targetAssignment ? targetText(m.targetAssignment) : '-',
      ]);
    }
    for (const l of columnLines(rows)) out.push(`  ${l}`);
  }
  return out;
}

// The head of a group with no classic metadata: its KIP-848, share (KIP-932) or Streams (KIP-1071)
// group's epochs.
function modernHead(g) {
  const parts = [];
  const epochs = (x) => `epoch ${x.groupEpoch}, assignment epoch ${x.assignmentEpoch}`;
  if (g.consumerGroup) parts.push(`KIP-848 consumer group, ${epochs(g.consumerGroup)}`);
  if (g.shareGroup) parts.push(`share group, ${epochs(g.shareGroup)}`);
  if (g.streamsGroup)
    parts.push(
      `Streams group, ${epochs(g.streamsGroup)}, topology epoch ${g.streamsGroup.topology ? g.streamsGroup.topology.epoch : '-'}`,
    );
  return parts.length ? `: ${parts.join('; ')}` : ': no group metadata';
}

// A group's lines: its head, its members' columns, the upgrade, KIP-848, share and Streams
// members, offsets.
function groupLines(g) {
  const head =
    g.protocolType === null
      ? `group ${JSON.stringify(g.group)} (partition ${g.partition})${modernHead(g)}`
      : `group ${JSON.stringify(g.group)} (partition ${g.partition} @${g.offset}): ${g.protocolType}/${g.protocol ?? '-'}, generation ${g.generation}, leader ${g.leader ?? '-'}, since ${utcText(g.currentStateTimestamp) ?? g.currentStateTimestamp}`;
  const out = [head];
  const streams = g.streams !== null;
  if (g.members.length) {
    const rows = [['MEMBER', 'INSTANCE', 'CLIENT', 'HOST', 'TIMEOUTS', 'ASSIGNED', ...(streams ? ['STREAMS'] : [])]];
    for (const m of g.members)
      rows.push([
        m.memberId,
        m.groupInstanceId ?? '-',
        m.clientId,
        m.clientHost,
        `${m.sessionTimeout}/${m.rebalanceTimeout} ms`,
        m.assignment ? partitionsText(m.assignment.assignedPartitions) : '-',
        ...(streams ? [streamsText(m.streams)] : []),
      ]);
    for (const l of columnLines(rows)) out.push(`  ${l}`);
  }
  if (g.streams?.upgrade)
    out.push(
      `  upgrade: ${g.streams.upgrade.step}, leader answers version ${g.streams.upgrade.leaderVersion}`,
      ...g.streams.upgrade.sentences.map((s) => `    ${s}`),
    );
  if (g.consumerGroup) {
    for (const m of g.consumerGroup.members) {
      const current = m.currentAssignment;
      out.push(
        `  member ${m.memberId}${current ? ` epoch ${current.memberEpoch}` : ''}: target ${m.targetAssignment ? m.targetAssignment.map((t) => `${t.topicId}[${t.partitions.join(',')}]`).join(' ') || '-' : '-'}; current ${current ? current.assignedPartitions.map((t) => `${t.topicId}[${t.partitions.join(',')}]`).join(' ') || '-' : '-'}`,
      );
    }
  }
  if (g.consumerGroup)
    for (const r of g.consumerGroup.regularExpressions)
      out.push(`  regular expression ${JSON.stringify(r.regularExpression)}: ${r.topics.join(' ') || '-'}`);
  if (g.shareGroup)
    for (const m of g.shareGroup.members) {
      const current = m.currentAssignment;
      out.push(
        `  share member ${m.memberId}${current ? ` epoch ${current.memberEpoch}` : ''}: target ${m.targetAssignment ? topicIdsText(m.targetAssignment) : '-'}; current ${current ? topicIdsText(current.assignedPartitions) : '-'}`,
      );
    }
  if (g.streamsGroup) out.push(...streamsGroupLines(g.streamsGroup));
  if (g.offsets.length) {
    out.push(`  offsets: ${g.offsets.map((o) => `${o.topic}-${o.partition}=${o.offset}`).join(' ')}`);
  }
  return out;
}

// The table's lines (writeLines): each group's text, a line between groups.
function table(doc) {
  const lines = [];
  for (const g of doc.groups) lines.push(...groupLines(g), '');
  lines.push(`${doc.groups.length} groups, ${doc.records} records`);
  if (doc.anomalies.length) {
    lines.push('', `anomalies (${doc.anomalies.length}):`);
    for (const a of doc.anomalies)
      lines.push(`  ${a.kind} ${a.group} @${a.offset}${a.upgradeStep ? ` [${a.upgradeStep}]` : ''}: ${a.message}`);
  }
  if (doc.errors.length) {
    lines.push('', `errors (${doc.errors.length + (doc.errorsOmitted ?? 0)}):`);
    for (const e of doc.errors) lines.push(`  ${errorPlace(e, 'group', e.group)}: ${e.code} ${e.field}: ${e.message}`);
  }
  return lines;
}

// ---- --describe: a live group through DescribeGroups ---------------------------------------------
function describedLines(d) {
  const out = [`group ${JSON.stringify(d.group)}: ${d.state}, ${d.protocolType}/${d.protocol || '-'}`];
  const streams = d.members.some((m) => m.streams);
  // No INSTANCE column: DescribeGroups v2 does not carry the instance id (describe() below).
  const rows = [['MEMBER', 'CLIENT', 'HOST', 'ASSIGNED', ...(streams ? ['STREAMS'] : [])]];
  for (const m of d.members)
    rows.push([
      m.memberId,
      m.clientId,
      m.clientHost,
      m.assignment ? partitionsText(m.assignment.assignedPartitions) : '-',
      ...(streams ? [streamsText(m.streams)] : []),
    ]);
  if (d.members.length) for (const l of columnLines(rows)) out.push(`  ${l}`);
  if (d.upgrade)
    out.push(
      `  upgrade: ${d.upgrade.step}, leader answers version ${d.upgrade.leaderVersion}`,
      ...d.upgrade.sentences.map((s) => `    ${s}`),
    );
  if (d.errors.length) out.push('', 'errors:', ...d.errors.map((e) => `  ${e.field}: ${e.code}: ${e.message}`));
  return out;
}

async function describe(args, group, io) {
  const { describeGroup } = await import('./cluster.mjs');
  let described;
  try {
    described = await describeGroup({ brokers: args.brokers, group });
  } catch (e) {
    throw new InputError(`cannot describe group ${group} at ${args.brokers.join(',')}: ${e.message}`);
  }
  const log = await loadLog();
  const { explainStreamsUpgrade } = await import('../api/streams-upgrade.js');
  const consumer = described.protocolType === 'consumer';
  const streams = consumer && described.protocol === 'stream';
  const errors = [];
  // A member's bytes as the consumer protocol (and Streams'); an error is named by its path.
  const level = (bytes, target, path) => {
    if (!consumer || bytes.length === 0) return { record: null, streams: null };
    const r = log.inspect(bytes, target, { streams });
    for (const e of [r.error, ...r.nestedErrors].filter(Boolean)) errors.push({ ...e, field: `${path}.${e.field}` });
    if (!r.ok) return { record: null, streams: null };
    const { userData, streams: nested, ...record } = r.record;
    return { record, streams: nested?.record ?? null };
  };
  const members = described.members.map((m, i) => {
    const sub = level(m.memberMetadata, 'consumer-subscription', `members[${i}]`);
    const asg = level(m.memberAssignment, 'consumer-assignment', `members[${i}]`);
    return {
      memberId: m.memberId,
      // Always null: kafkajs asks DescribeGroups v0-v2, and the member's GroupInstanceId is in
      // versions 4+ (Kafka 3.8.0's DescribeGroupsResponse.json, KIP-345); the key stays for the
      // document's shape. The group's record (`groups` on the topic) carries it.
      groupInstanceId: null,
      clientId: m.clientId,
      clientHost: m.clientHost,
      subscription: sub.record,
      assignment: asg.record,
      streams: streams ? { subscription: sub.streams, assignment: asg.streams } : null,
    };
  });
  const sending = members.filter((m) => m.streams?.subscription);
  const doc = {
    group,
    state: described.state,
    protocolType: described.protocolType,
    protocol: described.protocol,
    members,
    upgrade:
      streams && sending.length
        ? explainStreamsUpgrade(
            sending.map((m) => m.streams.subscription),
            sending.map((m) => m.memberId),
          )
        : null,
    errors,
  };
  if (args.format === 'json') await writeJSON(io.stdout, doc);
  else await writeLines(io.stdout, describedLines(doc));
  return 0;
}

/** Only group G: its entry, anomalies and errors. */
const onlyGroup = (doc, group) => ({
  ...doc,
  groups: doc.groups.filter((g) => g.group === group),
  anomalies: doc.anomalies.filter((a) => a.group === group),
  errors: doc.errors.filter((e) => e.group === group),
});

/** 0 read, 1 an input could not be read, 2 usage error (runFoldCommand). */
export function run(argv, io) {
  let group = null;
  let described = null;
  return runFoldCommand(argv, io, {
    name: 'groups',
    topic: '__consumer_offsets',
    help: HELP,
    usage: USAGE,
    kind: 'groups',
    more(a, value) {
      if (a === '--group') group = value();
      else if (a === '--describe') described = value();
      else return false;
      return true;
    },
    check(args) {
      if (described !== null && !args.brokers) throw new UsageError('--describe needs --bootstrap-server');
    },
    instead: async (args) => (described === null ? null : describe(args, described, io)),
    createFolder: (log) => log.createGroupFolder(),
    shape: (doc) => (group === null ? doc : onlyGroup(doc, group)),
    table,
  });
}
