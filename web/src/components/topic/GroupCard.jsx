// One consumer group of the Groups view (the groups fold's FoldedGroup, wasm/api/index.d.ts): its
// protocol, generation and leader, its members (client, host, instance id, timeouts, the consumer
// protocol's topics and partitions, a Streams member's tasks), for a Streams group its partitions
// by host and the rolling upgrade (KIP-268: UpgradeSteps, as the upgrade explainer says it), its
// latest committed offsets and a KIP-848 group's epoch and assignments. Every decoded string (ids,
// hosts, topics, metadata) is a VisibleString: a bidi control or an invisible character in it shows
// as a marked escape, never reordering or hiding the card's text around it.
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
      {group.streamsGroup && (
        <p class="muted small" data-streams-group="true">
          Streams group (KIP-1071): epoch {group.streamsGroup.groupEpoch}, assignment epoch{' '}
          {group.streamsGroup.assignmentEpoch}, topology epoch{' '}
          {group.streamsGroup.topology ? group.streamsGroup.topology.epoch : 'none'},{' '}
          {plural(group.streamsGroup.members.length, 'member')}:{' '}
          {group.streamsGroup.members.map((m, i) => [
            i ? ', ' : '',
            str(m.memberId),
            ' (active tasks ',
            m.targetAssignment
              ? m.targetAssignment.activeTasks.map((t) => `${t.subtopologyId}[${t.partitions.join(',')}]`).join(' ') ||
                'none'
              : 'none',
            ')',
          ])}
        </p>
      )}
    </details>
  );
}
