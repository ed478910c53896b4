// Seeds for fuzz_log (tests/fuzz/run.sh): segments written by kafkajs (tests/node/log-writer.mjs),
// none, gzip, snappy (xerial framing and raw, by python-snappy), lz4 (by the lz4 command line) and
// zstd (the zstd CLI), transactional batches and markers, lz4 / snappy payloads alone (modes 4 and
// 5) and zstd frames alone (mode 6: levels 1 to 19, with and without a checksum or a content size,
// two frames and a skippable one), with the target's two header bytes (mode, chunking seed).
//   node tests/fuzz/log_seeds.mjs OUT_DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';

import { Compression, lz4Frame, snappyRaw, snappyXerial, withCodec, writeLog, zstdCli } from '../node/log-writer.mjs';

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
const zstdLog = await writeLog(records, { perBatch: 5, compression: Compression.ZSTD });
seed('log-zstd', 0, zstdLog);
seed('log-zstd-repair', 1, zstdLog);
const lines = Buffer.from(
  Array.from(
    { length: 120 },
    (_, i) => `role r${i % 7} lease held by m${i % 3} until ${1700000000000 + i * 977}\n`,
  ).join(''),
);
seed('zstd-1', 6, zstdCli(lines, ['-1']));
seed('zstd-19', 6, zstdCli(lines, ['-19', '--no-check']));
seed(
  'zstd-runs',
  6,
  zstdCli(Buffer.concat([Buffer.alloc(3000, 7), lines.subarray(0, 500), Buffer.alloc(2000, 0)]), ['-3']),
);
seed('zstd-small', 6, zstdCli(Buffer.from('abcabcabcabcabc'), ['-3']));
const skippable = Buffer.from([0x50, 0x2a, 0x4d, 0x18, 2, 0, 0, 0, 9, 9]);
seed(
  'zstd-frames',
  6,
  Buffer.concat([zstdCli(lines.subarray(0, 800), ['-9']), skippable, zstdCli(lines.subarray(800, 1600), ['-1'])]),
);
