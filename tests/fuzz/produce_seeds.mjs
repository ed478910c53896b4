// Seeds for fuzz_produce (tests/fuzz/run.sh): ProduceRequest v3 requests written by kafkajs
// (tests/node/produce-writer.mjs), body and size+header, none, gzip, lz4 and snappy, with
// coordination records.
//   node tests/fuzz/produce_seeds.mjs OUT_DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { Compression, keyBytes, valueBytes, writeProduceRequest } from '../node/produce-writer.mjs';

const out = process.argv[2];
mkdirSync(out, { recursive: true });
const messages = [
  {
    key: keyBytes({ kind: 'registration', role: 'r', member: 'm' }),
    value: valueBytes({ member: 'm', registeredAt: 1 }),
    timestamp: 5,
  },
  { key: keyBytes({ kind: 'lease', role: 'r' }), value: null, timestamp: 6, headers: { h: 'v' } },
];
const spec = (compression, transactionalId) => ({
  transactionalId,
  acks: -1,
  timeout: 100,
  compression,
  topicData: [
    { topic: '__coordination_state', partitions: [{ partition: 0, messages }] },
    { topic: 'x', partitions: [{ partition: 1, messages: [{ key: 'k', value: 'v', timestamp: 1 }] }] },
  ],
});
writeFileSync(join(out, 'body-none'), await writeProduceRequest(spec(Compression.None)));
writeFileSync(join(out, 'framed-none'), await writeProduceRequest(spec(Compression.None), 'size+header'));
writeFileSync(join(out, 'body-gzip-txn'), await writeProduceRequest(spec(Compression.GZIP, 'txn')));
writeFileSync(join(out, 'framed-gzip'), await writeProduceRequest(spec(Compression.GZIP), 'size+header'));
// lz4 by the lz4 command line, snappy by python-snappy in xerial's framing (produce-writer.mjs loads
// log-writer.mjs's codec hooks).
writeFileSync(join(out, 'body-lz4'), await writeProduceRequest(spec(Compression.LZ4)));
writeFileSync(join(out, 'body-snappy-txn'), await writeProduceRequest(spec(Compression.Snappy, 'txn')));
