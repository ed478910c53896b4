// ProduceRequest v3 bytes written by code we did not write: kafkajs's own request encoder
// (kafkajs/src/protocol/requests/produce/v3/request: transactional id, acks, timeout, topics,
// each partition's record batch v2 with its CRC-32C and gzip) and its framing
// (kafkajs/src/protocol/request: i32 size + request header). The coordination records inside are
// encoded by log-writer.mjs from the frozen layout, not by the codec under test.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ProduceV3 = require('kafkajs/src/protocol/requests/produce/v3/request');
const frameRequest = require('kafkajs/src/protocol/request');
const { Types: Compression } = require('kafkajs/src/protocol/message/compression');
const Long = require('kafkajs/src/utils/long');

export { Compression };
export { keyBytes, valueBytes } from './log-writer.mjs';

/**
 * The request of `spec` = { transactionalId?, acks, timeout, compression?, producerId?, producerEpoch?,
 * topicData: [{ topic, partitions: [{ partition, firstSequence?, messages: [{ key, value, headers?,
 * timestamp }] }] }] }; `framing`: 'body' (the encoder's payload), or 'size+header' with
 * { correlationId, clientId } (what kafkajs sends on the socket).
 */
export async function writeProduceRequest(
  spec,
  framing = 'body',
  header = { correlationId: 7, clientId: 'viewer-test' },
) {
  const request = ProduceV3({
    ...spec,
    producerId: spec.producerId === undefined ? undefined : Long.fromValue(spec.producerId),
  });
  if (framing === 'body') return (await request.encode()).buffer;
  return (await frameRequest({ correlationId: header.correlationId, clientId: header.clientId, request })).buffer;
}
