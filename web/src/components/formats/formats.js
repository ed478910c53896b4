// The formats the viewer decodes besides the coordination records, their string rules and the
// one-line summary of a decoded record. It decodes nothing itself: every fact comes
// from the codec's inspect() and decode functions; the "auto" guess is guess.js.
//
// They decode with the full module (coordination_codec: the Kafka Streams decoders), loaded with
// this chunk, through a second instance of the API: web/vite.config.js resolves wasm/api/index.js?full
// to the API over the full module (the page's own instance is coordination-only), and the
// whole-topic module (ProduceRequest) is loaded through it too (wasm/api/log-api.js?full, the same
// instance's: the codec's decodeProduceRequest uses it once loaded).
import { loadCodec } from '../../../../wasm/api/index.js?full';
import { loadLogCodec } from '../../../../wasm/api/log-api.js?full';
import wasmUrl from '../../../../wasm/dist/coordination_codec.wasm?url';
import logWasmUrl from '../../../../wasm/dist/coordination_log.wasm?url';

import { TRANSACTION_STATUSES } from '../../../../wasm/generated/tables.js';
import { plural, isoOf } from '../../lib/text.js';
import { GROUP_KEY, GROUP_VALUE } from './group-record.js';

export { explainStreamsUpgrade } from '../../../../wasm/api/index.js?full';

/** Which string rule the format's strings are decoded with, in a sentence. */
export const STRING_RULES = {
  subscription:
    "String rule: the user endpoint, and from version 10 a named topology and from 11 the client tags, are decoded as Kafka does, new String(bytes, UTF_8) (ill-formed bytes become U+FFFD). The coordination records' strings are strict UTF-8.",
  assignment:
    "String rule: topics and hosts are DataOutput.writeUTF: a u16 length and Java's modified UTF-8, read as DataInputStream.readUTF reads them (C0 80 is U+0000, a supplementary character is two 3-byte surrogates) — exactly what the coordination records' strict UTF-8 forbids. From version 10 a task's named topology is an i32 count of UTF-16 units, each read with readChar.",
  'produce-request':
    'String rule: client id, transactional id and topics are Kafka protocol strings, new String(bytes, UTF_8) (ill-formed bytes become U+FFFD). The coordination records inside keep their own strict UTF-8 rule.',
  'group-record':
    "String rule: group, member, client and instance ids, hosts and topics are Kafka protocol strings, new String(bytes, UTF_8) (ill-formed bytes become U+FFFD, warning UTF8_REPLACED). A member's subscription and assignment are read as the consumer protocol when the group's protocol type is consumer, and their userData as Kafka Streams' SubscriptionInfo/AssignmentInfo (each with its own string rule) when its protocol is stream; offsets are in the value's bytes at every level.",
  'transaction-log':
    "String rule: the transactional id and the topics are Kafka protocol strings, new String(bytes, UTF_8) (ill-formed bytes become U+FFFD, warning UTF8_REPLACED). The bytes are a __transaction_state record's key (TransactionLogKey version 0) or value (TransactionLogValue versions 0-1, Kafka 3.8.0): whichever they decode as.",
};

// Each loaded once by the API (a failed load is not kept: a later call tries again).
/** The full module's codec, for the Kafka Streams formats (and ProduceRequest, once loadLog is done). */
export const loadFull = () => loadCodec({ wasmUrl });
/** The whole-topic module (record batches, gzip), which decodes ProduceRequests: loaded on first use. */
export const loadLog = () => loadLogCodec({ wasmUrl: logWasmUrl });

// The banner lines of a __consumer_offsets key and value (the record types of Kafka 3.8.0's group
// coordinator: offset commits, classic group metadata, the KIP-848 records by their type).
function groupKeySummary(k) {
  if (k.type === 'offset') return `offset commit key v${k.version} · group ${k.group} · ${k.topic}-${k.partition}`;
  if (k.type === 'group') return `group metadata key v${k.version} · group ${k.group}`;
  return `${k.type} key v${k.version} · group ${k.groupId}${k.memberId === undefined ? '' : ` · member ${k.memberId}`}`;
}
function groupValueSummary(v, nestedErrors) {
  if (v.type === 'offset') {
    const metadata = v.metadata === '' ? '' : ` · metadata ${JSON.stringify(v.metadata)}`;
    return `offset commit value v${v.version} · offset ${v.offset} · leader epoch ${v.leaderEpoch} · committed ${isoOf(v.commitTimestamp) ?? `at ${v.commitTimestamp} ms`}${metadata}`;
  }
  if (v.type !== 'group') return `${v.type} value v${v.version}`;
  const failed = nestedErrors.length ? ` · ${plural(nestedErrors.length, 'nested level')} not decoded` : '';
  return `group metadata value v${v.version} · protocol type ${v.protocolType} · protocol ${v.protocol ?? 'null'} · generation ${v.generation} · leader ${v.leader ?? 'null'} · ${plural(v.members.length, 'member')}${failed}`;
}

/** The banner line of a decoded Streams or ProduceRequest record (DecodedRecord's summarize), or null for a coordination record. */
export function formatSummary(ins) {
  const r = ins.record;
  if (ins.target === 'subscription') {
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
  if (ins.target === GROUP_KEY) return groupKeySummary(r);
  if (ins.target === GROUP_VALUE) return groupValueSummary(r, ins.nestedErrors);
  if (ins.target === 'transaction-log') {
    if (ins.message === 'TransactionLogKey') return `transaction-log key · transactional id ${r.transactionalId}`;
    const topics = r.transactionPartitions;
    const partitions =
      topics === null
        ? 'partitions null'
        : `${plural(
            topics.reduce((n, t) => n + t.partitionIds.length, 0),
            'partition',
          )} in ${plural(topics.length, 'topic')}`;
    return `transaction-log value v${r.version} · producer id ${r.producerId}, epoch ${r.producerEpoch} · ${TRANSACTION_STATUSES[r.transactionStatus].name} · ${partitions} · timeout ${r.transactionTimeoutMs} ms`;
  }
  if (ins.target === 'produce-request') {
    const records = r.topics.reduce(
      (n, t) => n + t.partitions.reduce((m, p) => m + p.batches.reduce((k, b) => k + b.records.length, 0), 0),
      0,
    );
    return `ProduceRequest v3 · acks ${r.acks} · ${plural(r.topics.length, 'topic')} · ${plural(records, 'record')}${r.transactionalId === null ? '' : ` · transactional id ${r.transactionalId}`}`;
  }
  return null;
}
