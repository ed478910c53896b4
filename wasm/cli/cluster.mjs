// Reads a topic of a live Kafka cluster, every partition from its earliest offset to the high
// watermark seen at start, without joining or committing to a consumer group (a group would leave
// state on the cluster being debugged). kafkajs is pure JS; its public consumer always joins a
// group, so this uses its cluster and broker layer (metadata, ListOffsets, Fetch) directly.
//
// The fetched record batches are not decoded by kafkajs: each goes, as its bytes, to the reader,
// which folds it as a segment's batch (pushLog), so the core's parser reads it as it reads a
// segment's, with the same errors (a CRC, a magic, a payload that does not decompress, a record
// that does not parse: at the batch's base offset, and the next batch is read). kafkajs's record
// decoder throws at the first such record, which ended the whole read, and checks neither the CRC
// nor a magic after a response's first batch. So the Fetch request is kafkajs's, for the version
// it and the broker agree on, and its response is read here up to each partition's records, kept
// as bytes (rawFetchResponse); the batches are framed as the core frames them (segmentBatches).
import { createRequire } from 'node:module';

import { segmentBatches } from '../api/error-places.js';

const require = createRequire(import.meta.url);
const FETCH_BYTES = 1 << 20; // a fetch's records at most, but a first batch larger (KIP-74)

// Fetch responses v4 to v11 (kafkajs's highest; v4 is Kafka 4.0's lowest), their fields as
// FetchResponse.json of Apache Kafka 4.1.0 has them (confluentinc/kafka v8.1.0, lines 20, 53-111:
// ErrorCode and SessionId from v7, LogStartOffset from v5, PreferredReadReplica from v11; flexible
// only from v12), read as kafkajs's fetch/v4..v11/response.js read them but for the records:
// { errorCode, topics: [{ topic, partitions: [{ partition, errorCode, records: Buffer (a view of
// the response) | null }] }] }.
function rawFetchResponse(version) {
  const Decoder = require('kafkajs/src/protocol/decoder');
  const partition = (d) => {
    const p = { partition: d.readInt32(), errorCode: d.readInt16() };
    d.readInt64(); // high watermark
    d.readInt64(); // last stable offset
    if (version >= 5) d.readInt64(); // log start offset
    d.readArray((t) => [t.readInt64(), t.readInt64()]); // aborted transactions: the fold reads the markers
    if (version >= 11) d.readInt32(); // preferred read replica
    p.records = d.readBytes();
    return p;
  };
  return {
    async decode(raw) {
      const d = new Decoder(raw);
      d.readInt32(); // throttle time
      const errorCode = version >= 7 ? d.readInt16() : 0;
      if (version >= 7) d.readInt32(); // session id
      const topics = d.readArray((t) => ({ topic: t.readString(), partitions: t.readArray(partition) }));
      return { errorCode, topics };
    },
    parse: async (data) => data,
  };
}

/**
 * The batches of one fetch's `records` (the bytes of a partition's record set) to fold, and the
 * offset to fetch next, `next` being the one asked and `end` the high watermark read to:
 * { batches: [{ offset, batch }], next }. The batches are framed as the core frames them.
 */
export async function fetchedBatches(records, next, end) {
  const batches = [];
  const read = async (position, length) => records.subarray(position, position + length);
  for await (const b of segmentBatches(read, records.length)) {
    // Past the first batch, one that is not framed is the one maxBytes cut (Kafka returns the
    // first whole, KIP-74): it is fetched again, first.
    if (!b.framed && b.position > 0) break;
    // No batch below the watermark from `next` on: the partition is read.
    if (b.baseOffset >= end) return { batches, next: end };
    if (b.lastOffset < next) continue; // read already (a header whose offsets are not the broker's)
    batches.push({ offset: b.baseOffset, batch: records.subarray(b.position, b.end) });
    next = b.lastOffset + 1n;
  }
  if (batches.length > 0) return { batches, next };
  // No batch: nothing at or after `next` below the watermark (Kafka answers an offset that
  // compaction or aborted transactions left without a record with the next batch), the partition
  // is read. Batches, all before `next`: the broker places `next` in a batch whose header says it
  // ends before (librdkafka's mock goes by the records count; a batch whose lastOffsetDelta lies):
  // the next offset, until one is answered with a batch after it.
  return { batches, next: records.length === 0 ? end : next + 1n };
}

/**
 * @param {{ brokers: string[], topic: string, clientId?: string, timeoutMs?: number }} options
 * @returns {AsyncGenerator<{ partition: number, offset: bigint, batch: Uint8Array }>} each record
 *   batch of the topic (transaction markers included: the fold decides what a read_committed
 *   consumer would see, wasm/core/log/transactions.h) as its bytes, at its base offset, in offset
 *   order per partition, for the reader to fold as a segment's batch (pushLog). A batch that is
 *   not framed (its length field is no batch's, or runs past the response) comes with the rest of
 *   the response, which the reader reports as a segment's (INVALID_BATCH_LENGTH, BATCH_TRUNCATED).
 */
export async function* readTopic({ brokers, topic, clientId = 'coordination-viewer', timeoutMs = 10000 }) {
  const Cluster = require('kafkajs/src/cluster');
  const { createLogger, LEVELS } = require('kafkajs/src/loggers');
  const socketFactory = require('kafkajs/src/network/socketFactory');
  const { requests } = require('kafkajs/src/protocol/requests');
  const apiKeys = require('kafkajs/src/protocol/requests/apiKeys');
  const logger = createLogger({ level: LEVELS.NOTHING, logCreator: () => () => {} });
  const cluster = new Cluster({
    logger,
    socketFactory: socketFactory(),
    brokers,
    clientId,
    connectionTimeout: timeoutMs,
    requestTimeout: timeoutMs,
    enforceRequestTimeout: true,
    retry: { retries: 2 },
    metadataMaxAge: 300000,
    allowAutoTopicCreation: false,
    isolationLevel: 0, // read uncommitted: the whole log with its markers; the fold applies them
    offsets: new Map(),
  });
  await cluster.connect();
  try {
    await cluster.addTargetTopic(topic);
    const partitions = cluster.findTopicPartitionMetadata(topic).map((p) => p.partitionId);
    partitions.sort((a, b) => a - b);
    const offsets = async (fromBeginning) => {
      const [t] = await cluster.fetchTopicsOffset([
        { topic, fromBeginning, partitions: partitions.map((partition) => ({ partition })) },
      ]);
      return new Map(t.partitions.map((p) => [p.partition, BigInt(p.offset)]));
    };
    const low = await offsets(true);
    const high = await offsets(false);
    for (const partition of partitions) {
      let next = low.get(partition);
      const end = high.get(partition);
      while (next < end) {
        const leader = cluster.findLeaderForPartitions(topic, [partition]);
        const broker = await cluster.findBroker({ nodeId: Object.keys(leader)[0] });
        const { request, requestTimeout } = broker.lookupRequest(
          apiKeys.Fetch,
          requests.Fetch,
        )({
          isolationLevel: 0,
          maxWaitTime: 100,
          minBytes: 1,
          maxBytes: FETCH_BYTES,
          topics: [{ topic, partitions: [{ partition, fetchOffset: next.toString(), maxBytes: FETCH_BYTES }] }],
        });
        if (request.apiVersion < 4)
          throw new Error(`the broker answers Fetch up to version ${request.apiVersion}, and record batches v2 need 4`);
        const response = await broker.connectionPool.send({
          request,
          response: rawFetchResponse(request.apiVersion),
          requestTimeout,
        });
        const p = response.topics[0]?.partitions[0];
        const errorCode = response.errorCode || (p ? p.errorCode : -1);
        if (errorCode !== 0) throw new Error(`${topic} partition ${partition}: fetch error code ${errorCode}`);
        const taken = await fetchedBatches(p.records ?? Buffer.alloc(0), next, end);
        for (const { offset, batch } of taken.batches) yield { partition, offset, batch };
        next = taken.next;
      }
    }
  } finally {
    await cluster.disconnect();
  }
}

/**
 * A live group's members now, through DescribeGroups (kafkajs's admin: FindCoordinator, then
 * DescribeGroups at the group's coordinator): { state, protocolType, protocol, members:
 * [{ memberId, clientId, clientHost, memberMetadata, memberAssignment }] } (the members' bytes as
 * Uint8Array; no groupInstanceId: kafkajs asks DescribeGroups v0-v2, which do not carry it); an
 * Error when the broker answers with an error code.
 */
export async function describeGroup({ brokers, group, clientId = 'coordination-viewer', timeoutMs = 10000 }) {
  const { Kafka, logLevel } = require('kafkajs');
  const kafka = new Kafka({
    brokers,
    clientId,
    connectionTimeout: timeoutMs,
    requestTimeout: timeoutMs,
    retry: { retries: 2 },
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { groups } = await admin.describeGroups([group]);
    const g = groups[0];
    if (g.errorCode) throw new Error(`DescribeGroups error code ${g.errorCode}`);
    return {
      state: g.state,
      protocolType: g.protocolType,
      protocol: g.protocol,
      members: g.members.map((m) => ({
        memberId: m.memberId,
        clientId: m.clientId,
        clientHost: m.clientHost,
        memberMetadata: new Uint8Array(m.memberMetadata),
        memberAssignment: new Uint8Array(m.memberAssignment),
      })),
    };
  } finally {
    await admin.disconnect();
  }
}
