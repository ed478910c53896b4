// One consumer group of the Groups view (the groups fold's FoldedGroup, wasm/api/index.d.ts): its
// protocol, generation and leader, its members (client, host, instance id, timeouts, the consumer
// protocol's topics and partitions, a Streams member's tasks), for a Streams group its partitions
// by host and the rolling upgrade (KIP-268: UpgradeSteps, as the upgrade explainer says it), its
// latest committed offsets, a KIP-848 group's epoch and assignments, and a KIP-1071 Streams group's
// epochs, members (process, epoch, current tasks by role, target) and topology. Every decoded
// string (ids, hosts, topics, metadata) is a VisibleString: a bidi control or an invisible
// character in it shows as a marked escape, never reordering or hiding the card's text around it.
import { utcText } from '../../../../wasm/api/time-text.js';
import { plural } from '../../lib/text.js';
import { UpgradeSteps } from '../formats/UpgradeSteps.jsx';
import { NullableString, VisibleString, visibleText } from '../VisibleString.jsx';

const str = (v) => <VisibleString value={v} />;
const nullable = (v) => <NullableString value={v} />;
// Items separated by spaces (each shown by `show`), '-' for none.
const spaced = (items, show) => (items.length ? items.map((x, i) => [i ? ' ' : '', show(x)]) : '-');
// Kafka's TaskId.toString: [namedTopology "__"] subtopology "_" partition.
const task = (t) => [t.namedTopology ? [str(t.namedTopology), '__'] : '', `${t.topicGroupId}_${t.partition}`];
const tasks = (list) => spaced(list, task);
const partitions = (list) => spaced(list, (t) => [str(t.topic), `[${t.partitions.join(',')}]`]);
// A KIP-848 assignment's topic partitions ({ topicId, partitions }: topics by id).
const partitionsOf = (list) => spaced(list, (t) => [str(t.topicId), `[${t.partitions.join(',')}]`]);
const timeText = (ms) => (ms < 0n ? String(ms) : (utcText(ms) ?? `${ms} ms`));

// The members table: each column's heading and cell, one table; the Streams columns for a Streams group.
const MEMBER_COLUMNS = [
  ['Member id', (m) => str(m.memberId)],
  ['Client id', (m) => str(m.clientId)],
  ['Host', (m) => str(m.clientHost)],
  ['Instance id', (m) => nullable(m.groupInstanceId)],
  ['Session timeout', (m) => `${m.sessionTimeout} ms`],
  ['Rebalance timeout', (m) => `${m.rebalanceTimeout} ms`],
  ['Subscribed topics', (m) => (m.subscription ? spaced(m.subscription.topics, str) : 'not decoded')],
  ['Assigned partitions', (m) => (m.assignment ? partitions(m.assignment.assignedPartitions) : 'not decoded')],
];
const STREAMS_COLUMNS = [
  ['Subscription version', (m) => m.streams?.subscription?.version ?? 'not decoded'],
  ['Active tasks', (m) => (m.streams?.assignment ? tasks(m.streams.assignment.activeTasks) : 'not decoded')],
  [
    'Standby tasks',
    (m) => (m.streams?.assignment ? tasks(m.streams.assignment.standbyTasks.map((s) => s.task)) : 'not decoded'),
  ],
];
// The committed offsets table.
const OFFSET_COLUMNS = [
  ['Topic', (o) => str(o.topic)],
  ['Partition', (o) => o.partition],
  ['Offset', (o) => String(o.offset)],
  ['Leader epoch', (o) => o.leaderEpoch],
  ['Metadata', (o) => str(o.metadata)],
  ['Committed', (o) => timeText(o.commitTimestamp)],
  ['Record', (o) => `partition ${o.recordPartition} offset ${o.recordOffset}`],
];
// The group's facts.
const FACTS = [
  ['Protocol type', (g) => nullable(g.protocolType)],
  ['Protocol', (g) => nullable(g.protocol)],
  ['Generation', (g) => g.generation],
  ['Leader', (g) => nullable(g.leader)],
  ['State time', (g) => timeText(g.currentStateTimestamp)],
  ['Metadata record', (g) => (g.offset === null ? 'none' : `partition ${g.partition} offset ${g.offset}`)],
];

function Table({ label, columns, rows, rowKey }) {
  return (
    <div class="tt-scroll">
      <table class="tt group-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map(([heading]) => (
              <th scope="col">{heading}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr data-key={rowKey(r)}>
              {columns.map(([heading, cell]) => (
                <td data-col={heading}>{cell(r)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// A Streams group's partitions by host: every member's assignment carries the same map; the first decoded.
function HostPartitions({ group }) {
  const assignment = group.members.find((m) => m.streams?.assignment)?.streams.assignment;
  if (!assignment) return null;
  const hosts = [
    ['Active', assignment.partitionsByHost],
    ['Standby', assignment.standbyPartitionsByHost ?? []],
  ].flatMap(([kind, list]) => list.map((h) => ({ kind, ...h })));
  const columns = [
    ['Kind', (h) => h.kind],
    ['Host', (h) => [str(h.host), `:${h.port}`]],
    ['Partitions', (h) => spaced(h.partitions, (p) => [str(p.topic), `-${p.partition}`])],
  ];
  return (
    <Table
      label={`${visibleText(group.group)}: partitions by host`}
      columns={columns}
      rows={hosts}
      rowKey={(h) => h.host}
    />
  );
}

// A KIP-1071 task list as Kafka's TaskId prints each task: subtopology "_" partition.
const streamsTasks = (list) =>
  spaced(
    list.flatMap((t) => t.partitions.map((p) => [t.subtopologyId, p])),
    ([subtopology, p]) => [str(subtopology), `_${p}`],
  );
// Current tasks, those pending revocation after them.
const currentTasks = (assigned, revoking) =>
  revoking.length ? [streamsTasks(assigned), ' (revoking ', streamsTasks(revoking), ')'] : streamsTasks(assigned);
const TARGET_ROLES = [
  ['active', 'activeTasks'],
  ['standby', 'standbyTasks'],
  ['warm-up', 'warmupTasks'],
];
// A Streams group's members: process, epoch, current tasks by role, the target assignment.
const STREAMS_MEMBER_COLUMNS = [
  ['Member id', (m) => str(m.memberId)],
  ['Process id', (m) => (m.metadata ? str(m.metadata.processId) : 'none')],
  ['Client id', (m) => (m.metadata ? str(m.metadata.clientId) : 'none')],
  ['Host', (m) => (m.metadata ? str(m.metadata.clientHost) : 'none')],
  ['Member epoch', (m) => m.currentAssignment?.memberEpoch ?? 'none'],
  [
    'Active tasks',
    (m) =>
      m.currentAssignment
        ? currentTasks(m.currentAssignment.activeTasks, m.currentAssignment.activeTasksPendingRevocation)
        : 'none',
  ],
  [
    'Standby tasks',
    (m) =>
      m.currentAssignment
        ? currentTasks(m.currentAssignment.standbyTasks, m.currentAssignment.standbyTasksPendingRevocation)
        : 'none',
  ],
  [
    'Warm-up tasks',
    (m) =>
      m.currentAssignment
        ? currentTasks(m.currentAssignment.warmupTasks, m.currentAssignment.warmupTasksPendingRevocation)
        : 'none',
  ],
  [
    'Target assignment',
    (m) => {
      if (!m.targetAssignment) return 'none';
      const roles = TARGET_ROLES.filter(([, key]) => m.targetAssignment[key].length);
      return roles.length
        ? roles.map(([role, key], i) => [i ? '; ' : '', `${role} `, streamsTasks(m.targetAssignment[key])])
        : '-';
    },
  ],
];
// A Streams group's topology: its subtopologies' topics.
const names = (list) => spaced(list, (t) => str(t.name));
const SUBTOPOLOGY_COLUMNS = [
  ['Subtopology', (t) => str(t.subtopologyId)],
  ['Source topics', (t) => spaced(t.sourceTopics, str)],
  ['Source topic regex', (t) => spaced(t.sourceTopicRegex, str)],
  ['Repartition source topics', (t) => names(t.repartitionSourceTopics)],
  ['Changelog topics', (t) => names(t.stateChangelogTopics)],
];

// A Streams group's (KIP-1071) section: its epochs, its members' tasks, its topology.
function StreamsGroup({ group }) {
  const sg = group.streamsGroup;
  return (
    <div class="group-streams" data-streams-group="true">
      <p class="muted small">
        Streams group (KIP-1071): epoch {sg.groupEpoch}, assignment epoch {sg.assignmentEpoch}, topology epoch{' '}
        {sg.topology ? sg.topology.epoch : 'none'}, {plural(sg.members.length, 'member')}
      </p>
      {sg.members.length > 0 && (
        <Table
          label={`${visibleText(group.group)}: Streams group members`}
          columns={STREAMS_MEMBER_COLUMNS}
          rows={sg.members}
          rowKey={(m) => m.memberId}
        />
      )}
      {sg.topology && sg.topology.subtopologies.length > 0 && (
        <Table
          label={`${visibleText(group.group)}: Streams topology`}
          columns={SUBTOPOLOGY_COLUMNS}
          rows={sg.topology.subtopologies}
          rowKey={(t) => t.subtopologyId}
        />
      )}
    </div>
  );
}

export function GroupCard({ group, open }) {
  const streams = group.streams !== null;
  const upgrade = group.streams?.upgrade ?? null;
  return (
    <details class="group-card" data-group={group.group} open={open}>
      <summary>
        <strong>{str(group.group)}</strong> · {nullable(group.protocolType)} / {nullable(group.protocol)} · generation{' '}
        {group.generation} · {plural(group.members.length, 'member')} ·{' '}
        {plural(group.offsets.length, 'committed offset')}
      </summary>
      <dl class="group-facts">
        {FACTS.map(([name, value]) => (
          <>
            <dt>{name}</dt>
            <dd data-fact={name}>{value(group)}</dd>
          </>
        ))}
      </dl>
      {group.members.length > 0 && (
        <Table
          label={`${visibleText(group.group)}: members`}
          columns={streams ? [...MEMBER_COLUMNS, ...STREAMS_COLUMNS] : MEMBER_COLUMNS}
          rows={group.members}
          rowKey={(m) => m.memberId}
        />
      )}
      {streams && <HostPartitions group={group} />}
      {upgrade && (
        <div class="group-upgrade" data-step={upgrade.step} data-leader={upgrade.leaderVersion}>
          <h3>Rolling upgrade (KIP-268)</h3>
          <UpgradeSteps explanation={upgrade} />
        </div>
      )}
      {group.offsets.length > 0 && (
        <Table
          label={`${visibleText(group.group)}: committed offsets`}
          columns={OFFSET_COLUMNS}
          rows={group.offsets}
          rowKey={(o) => `${o.topic}-${o.partition}`}
        />
      )}
      {group.consumerGroup && (
        <p class="muted small" data-kip848="true">
          KIP-848 group: epoch {group.consumerGroup.groupEpoch}, assignment epoch {group.consumerGroup.assignmentEpoch},{' '}
          {plural(group.consumerGroup.members.length, 'member')}:{' '}
          {group.consumerGroup.members.map((m, i) => [
            i ? ', ' : '',
            str(m.memberId),
            ' (target ',
            m.targetAssignment ? partitionsOf(m.targetAssignment) : 'none',
            ')',
          ])}
          {group.consumerGroup.regularExpressions.length > 0 && [
            '; regular expressions: ',
            group.consumerGroup.regularExpressions.map((r, i) => [i ? ', ' : '', str(r.regularExpression)]),
          ]}
        </p>
      )}
      {group.shareGroup && (
        <p class="muted small" data-share-group="true">
          Share group (KIP-932): epoch {group.shareGroup.groupEpoch}, assignment epoch{' '}
          {group.shareGroup.assignmentEpoch}, {plural(group.shareGroup.members.length, 'member')}:{' '}
          {group.shareGroup.members.map((m, i) => [
            i ? ', ' : '',
            str(m.memberId),
            ' (target ',
            m.targetAssignment ? partitionsOf(m.targetAssignment) : 'none',
            ')',
          ])}
        </p>
      )}
      {group.streamsGroup && <StreamsGroup group={group} />}
    </details>
  );
}
