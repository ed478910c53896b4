// The banner line of a decoded record of the other formats. Every decoded string in it is a
// VisibleString, as in the field tree: a bidi control or an invisible character in a group or
// transactional id is shown as a marked escape, never able to reorder or hide the line around it.
import { TRANSACTION_STATUSES } from '../../../../wasm/generated/tables.js';
import { plural, isoOf } from '../../lib/text.js';
import { NullableString } from '../VisibleString.jsx';
import { GROUP_KEY, GROUP_VALUE } from './group-record.js';

// The banner lines of a __consumer_offsets key and value (the record types of Kafka 3.8.0's group
// coordinator: offset commits, classic group metadata, the KIP-848 records by their type).
function GroupKeySummary({ k }) {
  if (k.type === 'offset') {
    return (
      <>
        offset commit key v{k.version} · group <NullableString value={k.group} /> · <NullableString value={k.topic} />-
        {k.partition}
      </>
    );
  }
  if (k.type === 'group') {
    return (
      <>
        group metadata key v{k.version} · group <NullableString value={k.group} />
      </>
    );
  }
  return (
    <>
      {k.type} key v{k.version} · group <NullableString value={k.groupId} />
      {k.memberId !== undefined && (
        <>
          {' '}
          · member <NullableString value={k.memberId} />
        </>
      )}
      {k.regularExpression !== undefined && (
        <>
          {' '}
          · regular expression <NullableString value={k.regularExpression} />
        </>
      )}
    </>
  );
}

function GroupValueSummary({ v, nestedErrors }) {
  if (v.type === 'offset') {
    return (
      <>
        offset commit value v{v.version} · offset {String(v.offset)} · leader epoch {v.leaderEpoch} · committed{' '}
        {isoOf(v.commitTimestamp) ?? `at ${v.commitTimestamp} ms`}
        {v.metadata !== '' && (
          <>
            {' '}
            · metadata <NullableString value={v.metadata} />
          </>
        )}
      </>
    );
  }
  if (v.type !== 'group') return `${v.type} value v${v.version}`;
  return (
    <>
      group metadata value v{v.version} · protocol type <NullableString value={v.protocolType} /> · protocol{' '}
      <NullableString value={v.protocol} /> · generation {v.generation} · leader <NullableString value={v.leader} /> ·{' '}
      {plural(v.members.length, 'member')}
      {nestedErrors.length > 0 && ` · ${plural(nestedErrors.length, 'nested level')} not decoded`}
    </>
  );
}

/** The banner line of a decoded Streams or ProduceRequest record (DecodedRecord's summarize), or null for a coordination record. */
// What identifies a __cluster_metadata record, for the types a reader of the metadata log looks
// for first (topics, partitions, brokers, features, configs); the others by their type alone.
function ClusterMetadataDetail({ r }) {
  const list = (a) => `[${a.join(', ')}]`;
  switch (r.type) {
    case 'topic_record':
      return (
        <>
          {' '}
          · topic <NullableString value={r.name} /> · id {r.topicId}
        </>
      );
    case 'partition_record':
      return ` · topic ${r.topicId} partition ${r.partitionId} · leader ${r.leader}, epoch ${r.leaderEpoch} · replicas ${list(r.replicas)}, ISR ${list(r.isr)}`;
    case 'partition_change_record': {
      const leader = r.leader === -2 ? '' : ` · leader ${r.leader === -1 ? 'none (-1)' : r.leader}`;
      const isr = r.isr === null ? '' : ` · ISR ${list(r.isr)}`;
      return ` · topic ${r.topicId} partition ${r.partitionId}${leader}${isr}`;
    }
    case 'register_broker_record':
      return ` · broker ${r.brokerId}, epoch ${r.brokerEpoch}${r.fenced ? ', fenced' : ''} · ${plural(r.endPoints.length, 'endpoint')}`;
    case 'feature_level_record':
      return (
        <>
          {' '}
          · <NullableString value={r.name} /> = {r.featureLevel}
        </>
      );
    case 'config_record':
      return (
        <>
          {' '}
          · resource type {r.resourceType} <NullableString value={r.resourceName} /> · <NullableString value={r.name} />{' '}
          = <NullableString value={r.value} />
        </>
      );
    default:
      return '';
  }
}

export function formatSummary(ins) {
  const r = ins.record;
  if (ins.target === 'subscription') {
    // The process id is a UUID the codec formats: no decoded text.
    if (r.probing)
      return `subscription version ${r.version} (version probing: supports up to ${r.latestSupportedVersion})`;
    const tasks = `${plural(r.prevTasks.length, 'previous task')}, ${plural(r.standbyTasks.length, 'standby task')}`;
    if (!r.taskOffsetSums) return `subscription version ${r.version} · process ${r.processId} · ${tasks}`;
    // Versions 7+: the tasks come from the offset sums (-2: a running active task).
    const tags = r.clientTags.length ? ` · ${plural(r.clientTags.length, 'client tag')}` : '';
    const error = r.errorCode ? ` · error code ${r.errorCode}` : '';
    return `subscription version ${r.version} · process ${r.processId} · ${plural(r.taskOffsetSums.length, 'task offset sum')}: ${tasks} (offset sum -2: active)${tags}${error}`;
  }
  if (ins.target === 'assignment') {
    return `assignment version ${r.version} · ${plural(r.activeTasks.length, 'active task')}, ${plural(r.standbyTasks.length, 'standby task')} · ${plural(r.partitionsByHost.length, 'host')}`;
  }
  if (ins.target === GROUP_KEY) return <GroupKeySummary k={r} />;
  if (ins.target === GROUP_VALUE) return <GroupValueSummary v={r} nestedErrors={ins.nestedErrors} />;
  if (ins.target === 'transaction-log') {
    if (ins.message === 'TransactionLogKey') {
      return (
        <>
          transaction-log key · transactional id <NullableString value={r.transactionalId} />
        </>
      );
    }
    const topics = r.transactionPartitions;
    const partitions =
      topics === null
        ? 'partitions null'
        : `${plural(
            topics.reduce((n, t) => n + t.partitionIds.length, 0),
            'partition',
          )} in ${plural(topics.length, 'topic')}`;
    // Transaction version 2 (KIP-890 part 2, Kafka 4.x): the epoch moves at every commit and abort,
    // so it is no sign of a fence (wasm/core/transactions/README.md, "Transaction version 2").
    const version2 =
      r.version >= 1 && r.clientTransactionVersion >= 2
        ? ` · transaction version ${r.clientTransactionVersion}: the epoch moves at every commit and abort`
        : '';
    return `transaction-log value v${r.version} · producer id ${r.producerId}, epoch ${r.producerEpoch} · ${TRANSACTION_STATUSES[r.transactionStatus].name} · ${partitions} · timeout ${r.transactionTimeoutMs} ms${version2}`;
  }
  if (ins.target === 'share-state') {
    // __share_group_state (wasm/core/sharestate/README.md): a key names the share-partition, a
    // value its state (a snapshot) or a change to it (an update).
    if (ins.message.endsWith('Key')) {
      const type = ins.message === 'ShareSnapshotKey' ? 'snapshot' : 'update';
      return (
        <>
          share-group state {type} key · group <NullableString value={r.groupId} /> · topic {r.topicId} partition{' '}
          {r.partition}
        </>
      );
    }
    const batches = plural(r.stateBatches.length, 'state batch', 'state batches');
    if (ins.message === 'ShareSnapshotValue')
      return `share-group state snapshot v${r.version} · snapshot epoch ${r.snapshotEpoch}, state epoch ${r.stateEpoch}, leader epoch ${r.leaderEpoch} · start offset ${r.startOffset} · ${batches}`;
    const start = r.startOffset === -1n ? 'start offset not updated (-1)' : `start offset ${r.startOffset}`;
    return `share-group state update v${r.version} · snapshot epoch ${r.snapshotEpoch}, leader epoch ${r.leaderEpoch} · ${start} · ${batches}`;
  }
  if (ins.target === 'cluster-metadata') {
    // __cluster_metadata (wasm/core/clustermetadata/README.md): the record type (Kafka's name) and
    // its version, then what identifies the record.
    const name = r.type.replace(/(^|_)([a-z])/g, (_, _sep, c) => c.toUpperCase());
    return (
      <>
        metadata log {name} v{r.version} (apiKey {r.apiKey})
        <ClusterMetadataDetail r={r} />
      </>
    );
  }
  if (ins.target === 'produce-request') {
    const records = r.topics.reduce(
      (n, t) => n + t.partitions.reduce((m, p) => m + p.batches.reduce((k, b) => k + b.records.length, 0), 0),
      0,
    );
    return (
      <>
        ProduceRequest v3 · acks {r.acks} · {plural(r.topics.length, 'topic')} · {plural(records, 'record')}
        {r.transactionalId !== null && (
          <>
            {' '}
            · transactional id <NullableString value={r.transactionalId} />
          </>
        )}
      </>
    );
  }
  return null;
}
