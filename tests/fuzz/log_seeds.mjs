// Seeds for fuzz_log (tests/fuzz/run.sh): segments written by kafkajs (tests/node/log-writer.mjs),
// none, gzip, snappy (xerial framing and raw, by python-snappy) and lz4 (by the lz4 command line),
// transactional batches and markers, and lz4 / snappy payloads alone, with the target's two header
// bytes (mode, chunking seed).
//   node tests/fuzz/log_seeds.mjs OUT_DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';

import { Compression, lz4Frame, snappyRaw, snappyXerial, withCodec, writeLog } from '../node/log-writer.mjs';

const out = process.argv[2];
mkdirSync(out, { recursive: true });
const records = [];
for (let offset = 0; offset < 12; offset++) {
  const role = `r${offset % 3}`;
  records.push(
    offset % 2
      ? {
          offset,
          key: { kind: 'lease', role },
          value: offset % 5 ? { member: 'm', producerId: 7, producerEpoch: offset, grantedAt: 10, deadline: 5 } : null,
        }
      : {
          offset,
          key: { kind: 'registration', role, member: `m${offset}` },
          value: { member: `m${offset}`, registeredAt: offset },
        },
  );
}
// Transactions: producer 9's records committed, producer 8's aborted, producer 7's left open.
const txn = [
  { ...records[0], offset: 0 },
  { ...records[1], offset: 1, producerId: 9, transactional: true },
  { ...records[2], offset: 2, producerId: 8, transactional: true },
  { ...records[3], offset: 3, producerId: 9, transactional: true },
  { offset: 4, marker: 'ABORT', producerId: 8 },
  { offset: 5, marker: 'COMMIT', producerId: 9 },
  { ...records[4], offset: 6, producerId: 7, transactional: true },
];
const none = await writeLog(records, { perBatch: 4 });
const gzip = await writeLog(records, { perBatch: 6, compression: Compression.GZIP });
const seed = (name, mode, bytes) => writeFileSync(join(out, name), Buffer.concat([Buffer.from([mode, 5]), bytes]));
seed('log-none', 0, none);
seed('log-gzip', 0, gzip);
seed('log-none-repair', 1, none);
seed('log-gzip-repair', 1, gzip);
const lz4 = await writeLog(records, { perBatch: 6, compression: Compression.LZ4 });
const snappy = await writeLog(records, { perBatch: 6, compression: Compression.Snappy });
const rawSnappy = await withCodec(Compression.Snappy, snappyRaw, () =>
  writeLog(records, { perBatch: 6, compression: Compression.Snappy }),
);
seed('log-lz4', 0, lz4);
seed('log-lz4-repair', 1, lz4);
seed('log-snappy', 0, snappy);
seed('log-snappy-repair', 1, snappy);
seed('log-snappy-raw-repair', 1, rawSnappy);
// Second byte 7: history and record index.
writeFileSync(join(out, 'log-txn'), Buffer.concat([Buffer.from([0, 7]), await writeLog(txn, { perBatch: 2 })]));
seed('gzip', 2, zlib.gzipSync(Buffer.from('the lease of role r0 is held by m, the lease of role r1 is held by m')));
seed('deflate', 2, zlib.deflateRawSync(Buffer.alloc(300, 7), { strategy: zlib.constants.Z_FIXED }));
const text = Buffer.from('the lease of role r0 is held by m, the lease of role r1 is held by m; '.repeat(8));
seed('lz4', 4, lz4Frame(text));
seed('lz4-checksums', 4, lz4Frame(text, ['-B4', '-BX']));
seed('lz4-dependent', 4, lz4Frame(text, ['-B4', '-BD']));
seed('snappy-xerial', 5, snappyXerial(text, 128));
seed('snappy-raw', 5, snappyRaw(text));
