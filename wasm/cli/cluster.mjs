// Reads a topic of a live Kafka cluster, every partition from its earliest offset to the high
// watermark seen at start, without joining or committing to a consumer group (a group would leave
// state on the cluster being debugged). kafkajs is pure JS; its public consumer always joins a
// group, so this uses its cluster and broker layer (metadata, ListOffsets, Fetch) directly.
import { createRequire } from 'node:module';

import { decompressPayload, loadLogCodec } from '../api/log-api.js';

const require = createRequire(import.meta.url);

// kafkajs decodes the fetched batches itself and has no snappy, lz4 or zstd codec of its own (it
// throws "not implemented"): its codec hook is given the record-batch reader's decompressors (the core's,
// as a segment's batches are read: wasm/core/log/README.md), for the duration of one read. A
// payload that does not decompress throws the batch error's words (the read stops: exit 1). What
// the hook held before (a test's compressor) is kept beside the decompressor; the returned function
// puts it back.
async function installDecompressors() {
  const { Codecs, Types } = require('kafkajs/src/protocol/message/compression');
  const log = await loadLogCodec();
  const saved = new Map();
  for (const type of [Types.Snappy, Types.LZ4, Types.ZSTD]) {
    const before = Codecs[type];
    saved.set(type, before);
    Codecs[type] = () => {
      let base = {};
      try {
        base = before ? before() : {};
      } catch {
        // kafkajs's own entry throws "not implemented": there is nothing to keep.
      }
      return { ...base, decompress: async (buffer) => Buffer.from(log[decompressPayload](type, buffer)) };
    };
  }
  return () => {
    for (const [type, before] of saved) Codecs[type] = before;
  };
}

/**
 * @param {{ brokers: string[], topic: string, clientId?: string, timeoutMs?: number }} options
 * @returns {AsyncGenerator<{ partition: number, offset: bigint, timestamp: bigint,
 *   key: Uint8Array | null, value: Uint8Array | null, producerId: bigint, transactional: boolean,
 *   control: boolean }>} records in offset order per partition, transaction markers included (the
 *   fold decides what a read_committed consumer would see: wasm/core/log/transactions.h)
 */
export async function* readTopic({ brokers, topic, clientId = 'coordination-viewer', timeoutMs = 10000 }) {
  const restore = await installDecompressors();
  try {
    yield* readPartitions({ brokers, topic, clientId, timeoutMs });
  } finally {
    restore();
  }
}

async function* readPartitions({ brokers, topic, clientId, timeoutMs }) {
  const Cluster = require('kafkajs/src/cluster');
  const { createLogger, LEVELS } = require('kafkajs/src/loggers');
  const socketFactory = require('kafkajs/src/network/socketFactory');
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
        const { responses } = await broker.fetch({
          isolationLevel: 0,
          maxWaitTime: 100,
          minBytes: 1,
          topics: [{ topic, partitions: [{ partition, fetchOffset: next.toString(), maxBytes: 1 << 20 }] }],
        });
        const p = responses[0].partitions[0];
        if (p.errorCode !== 0) throw new Error(`${topic} partition ${partition}: fetch error code ${p.errorCode}`);
        let advanced = false;
        for (const m of p.messages) {
          const offset = BigInt(m.offset);
          if (offset < next) continue; // a batch starts before the requested offset
          if (offset >= end) break;
          next = offset + 1n;
          advanced = true;
          yield {
            partition,
            offset,
            timestamp: BigInt(m.timestamp),
            key: m.key == null ? null : new Uint8Array(m.key),
            value: m.value == null ? null : new Uint8Array(m.value),
            producerId: BigInt(m.batchContext.producerId),
            transactional: m.batchContext.inTransaction === true,
            control: m.isControlRecord === true,
          };
        }
        if (!advanced) {
          // Compaction or aborted transactions can leave offsets with no record: skip to the
          // next batch the broker has, or stop at the watermark.
          const last = p.messages.length ? BigInt(p.messages[p.messages.length - 1].offset) + 1n : end;
          next = last > next ? last : end;
        }
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
