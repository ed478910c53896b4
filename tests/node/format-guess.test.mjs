// The viewer's "auto" guess among the byte formats (web/src/components/formats/guess.js, shared by
// the Format list and the Diff tab): a kafkajs ProduceRequest, framed or not, is guessed as one (a
// framed one also reads as a probing Streams subscription: the guess once showed it so), and every
// valid golden vector of each other byte format is guessed as its own format.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, codec, hexToBytes, loadGolden } from './helpers.mjs';
import { Compression, keyBytes, valueBytes, writeProduceRequest } from './produce-writer.mjs';
import { guessFormat } from '../../web/src/components/formats/guess.js';

const log = await api.loadLogCodec();
const guessed = (bytes) => guessFormat(codec, bytes, log).target;

test('a kafkajs ProduceRequest, framed (size + request header) or its body, is guessed as a ProduceRequest', async () => {
  const spec = (compression, transactionalId) => ({
    acks: -1,
    timeout: 30000,
    compression,
    transactionalId,
    topicData: [
      {
        topic: '__coordination_state',
        partitions: [
          {
            partition: 0,
            messages: [
              {
                key: keyBytes({ kind: 'registration', role: 'orders', member: 'm-1' }),
                value: valueBytes({ member: 'm-1', registeredAt: 1000 }),
                timestamp: 1_700_000_000_000,
              },
            ],
          },
        ],
      },
    ],
  });
  for (const compression of [Compression.None, Compression.GZIP]) {
    for (const framing of ['size+header', 'body']) {
      const bytes = new Uint8Array(
        await writeProduceRequest(spec(compression, 'txn'), framing, { correlationId: 5, clientId: 'cv' }),
      );
      const g = guessFormat(codec, bytes, log);
      assert.equal(g.target, 'produce-request', `${framing}, compression ${compression}: ${g.why}`);
      assert.match(g.why, /^Auto: the bytes decode as a ProduceRequest v3/);
    }
  }
});

test('every valid golden vector of the Streams formats and the transaction log is guessed as its format', () => {
  const valid = (file) => loadGolden(file).vectors.filter((v) => !v.expect.error);
  for (const file of ['subscription', 'assignment']) {
    const vectors = valid(file);
    assert.ok(vectors.length > 20, file);
    for (const v of vectors) assert.equal(guessed(hexToBytes(v.hex)), file, v.id);
  }
  const records = valid('transaction-log');
  assert.ok(records.length > 20);
  for (const v of records) {
    assert.equal(guessed(hexToBytes(v.key)), 'transaction-log', `${v.id} key`);
    if (v.value !== null) assert.equal(guessed(hexToBytes(v.value)), 'transaction-log', `${v.id} value`);
  }
});
