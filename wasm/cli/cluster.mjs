// Reads a topic of a live Kafka cluster, every partition from its earliest offset to the high
// watermark seen at start, without joining or committing to a consumer group (a group would leave
// state on the cluster being debugged). kafkajs is pure JS; its public consumer always joins a
// group, so this uses its cluster and broker layer (metadata, ListOffsets, Fetch) directly.
import { createRequire } from 'node:module';

import { decompressPayload, loadLogCodec } from '../api/log-api.js';

const require = createRequire(import.meta.url);

// kafkajs decodes the fetched batches itself and has no snappy, lz4 or zstd codec of its own (it
// throws "not implemented"): its codec hook is given the record-batch reader's decompressors (the
// core's, as a segment's batches are read: wasm/core/log/README.md), gzip's too (kafkajs's zlib
// would give other words, or read what the core refuses), for the duration of one read. What the
// hook held before (a test's compressor) is kept beside the decompressor; the returned `restore`
// puts it back.
//
// A payload that does not decompress must skip its batch, as a segment's does, not end the read.
// kafkajs's batch decoder (kafkajs/src/protocol/recordBatch/v0/decoder.js) hands the codec the
// payload alone, and the fetch response's decoder (requests/fetch/v4/decodeMessages.js) rethrows
// any error but one: a KafkaJSPartialMessageError ends that partition's batches there, keeping the
// batches decoded before it (it is how kafkajs drops a batch cut off by maxBytes). So the hook
// throws an error of that name and keeps the whole batch in `skipped`: the payload is a view of the
// fetch response's buffer (kafkajs's Decoder slices, it never copies), and the batch's 61 bytes of
// header lie just before it. readPartitions then hands that batch, as its bytes, to the reader,
// which folds it as a segment's batch (the core's error: INVALID_ZSTD etc. at its base offset, or
// CRC_MISMATCH, which kafkajs does not check), and fetches again from the offset after it. A
// payload whose header is not there as a record batch v2's (a magic 0/1 message set: kafkajs's
// older decoder) throws the batch error's words, which end the read (exit 1) as before.
const HEADER = 61; // base offset 8, length 4, leader epoch 4, magic 1, CRC 4, attributes 2, last
// offset delta 4, timestamps 16, producer id 8, epoch 2, base sequence 4, records count 4

function batchAround(payload, codec) {
  const at = payload.byteOffset - HEADER;
  if (at < 0) return null;
  const header = Buffer.from(payload.buffer, at, HEADER);
  // The length counts from the leader epoch to the payload's end; magic 2; this codec.
  if (header.readInt32BE(8) !== HEADER - 12 + payload.length) return null;
  if (header.readInt8(16) !== 2 || (header.readInt16BE(21) & 7) !== codec) return null;
  return Buffer.from(Buffer.from(payload.buffer, at, HEADER + payload.length)); // a copy
}

async function installDecompressors() {
  const { Codecs, Types } = require('kafkajs/src/protocol/message/compression');
  const log = await loadLogCodec();
  const saved = new Map();
  const skipped = [];
  for (const type of [Types.GZIP, Types.Snappy, Types.LZ4, Types.ZSTD]) {
    const before = Codecs[type];
    saved.set(type, before);
    Codecs[type] = () => {
      let base = {};
      try {
        base = before ? before() : {};
      } catch {
        // kafkajs's own entry throws "not implemented": there is nothing to keep.
      }
      return {
        ...base,
        decompress: async (buffer) => {
          try {
            return Buffer.from(log[decompressPayload](type, buffer));
          } catch (e) {
            const batch = e.code ? batchAround(buffer, type) : null;
            if (batch === null) throw e;
            skipped.push(batch);
            throw Object.assign(new Error(`batch skipped: ${e.message}`), { name: 'KafkaJSPartialMessageError' });
          }
        },
      };
    };
  }
  return {
    skipped,
    restore() {
      for (const [type, before] of saved) Codecs[type] = before;
    },
  };
}

/**
 * @param {{ brokers: string[], topic: string, clientId?: string, timeoutMs?: number }} options
 * @returns {AsyncGenerator<{ partition: number, offset: bigint, timestamp: bigint,
 *   key: Uint8Array | null, value: Uint8Array | null, producerId: bigint, transactional: boolean,
 *   control: boolean } | { partition: number, offset: bigint, batch: Uint8Array }>} records in
 *   offset order per partition, transaction markers included (the fold decides what a
 *   read_committed consumer would see: wasm/core/log/transactions.h); in their place, a batch whose
 *   payload does not decompress, as its bytes (`batch`, at its base offset `offset`): the reader
 *   folds it as a segment's batch (pushLog), which gives its error
 */
export async function* readTopic({ brokers, topic, clientId = 'coordination-viewer', timeoutMs = 10000 }) {
  const { skipped, restore } = await installDecompressors();
  try {
    yield* readPartitions({ brokers, topic, clientId, timeoutMs, skipped });
  } finally {
    restore();
  }
}

async function* readPartitions({ brokers, topic, clientId, timeoutMs, skipped }) {
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
        skipped.length = 0;
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
        // A batch that does not decompress ended this fetch's batches (installDecompressors): it
        // goes to the reader as its bytes, and the next fetch starts after its last offset.
        const bad = skipped.shift();
        if (bad !== undefined) {
          const base = bad.readBigInt64BE(0);
          const last = base + BigInt(bad.readInt32BE(23));
          if (base >= end) break;
          if (last >= next) yield { partition, offset: base, batch: new Uint8Array(bad) };
          if (last + 1n > next) next = last + 1n;
          else if (!advanced) next = end; // never fetch the same offset twice
          continue;
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
