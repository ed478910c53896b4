// `coordination-viewer state --bootstrap-server`, and the README's kcat pipeline: a live cluster.
// The broker is librdkafka's mock cluster (tests/cluster/mock_cluster.c, Debian librdkafka-dev,
// compiled here with cc); records are produced into it by kafkajs; the CLI reads every partition
// (wasm/cli/cluster.mjs, no consumer group), or the real kcat (Debian kcat) prints them, and the
// state must equal the independent fold of what was produced.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { ROOT, outputSink } from './helpers.mjs';
import { buildMockCluster, produceRaw, startMockCluster } from '../cluster/mock-cluster.mjs';
import { run } from '../../wasm/cli/state.mjs';
import { run as runTransactions } from '../../wasm/cli/transactions.mjs';
import { fetchedBatches, readTopic } from '../../wasm/cli/cluster.mjs';
import {
  Compression,
  expectedFold,
  keyBytes,
  lz4Frame,
  snappyRaw,
  valueBytes,
  withCodec,
  withCrc,
  writeBatch,
  zstdCli,
} from './log-writer.mjs';
import { expectedTransactions, transactionSegment, withBytes } from './transaction-writer.mjs';

const require = createRequire(import.meta.url);
const { Kafka, logLevel } = require('kafkajs');
const NOW = 1_700_000_500_000;
const TOPIC = '__coordination_state';

const binary = buildMockCluster(join(ROOT, 'build-cluster'));

// A mock cluster serving `topic`; stopped when the tests end. Resolves its bootstrap servers.
async function startCluster(topic, partitions) {
  const { servers, stop } = await startMockCluster(binary, topic, partitions);
  after(stop);
  return servers;
}
const bootstrap = await startCluster(TOPIC, 2);

// `count` model records over `partitions` partitions (offsets from 0 in each), named by `name`
// ({ partition, i } -> { role, member }): a third leases, 1 in `tombEvery` a tombstone.
function modelRecords(count, partitionOf, name, tombEvery) {
  const model = [];
  const offsets = new Map();
  for (let i = 0; i < count; i++) {
    const partition = partitionOf(i);
    const offset = offsets.get(partition) ?? 0;
    offsets.set(partition, offset + 1);
    const { role, member } = name(partition, i);
    const lease = i % 3 === 0;
    model.push({
      partition,
      offset,
      key: lease ? { kind: 'lease', role } : { kind: 'registration', role, member },
      value:
        i % tombEvery === 0
          ? null
          : lease
            ? {
                member,
                producerId: 0x0a0a + (i % 11),
                producerEpoch: 1,
                grantedAt: 1_700_000_000_000 + i,
                deadline: 1_700_000_400_000 + i * 1000,
              }
            : { member, registeredAt: 0x0a0a0a0a + i },
    });
  }
  return model;
}

// Produces the model with kafkajs, one send per partition (the offsets stay in model order).
async function produce(servers, model) {
  const kafka = new Kafka({ brokers: [servers], clientId: 'cli-cluster-test', logLevel: logLevel.NOTHING });
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  try {
    for (const partition of new Set(model.map((r) => r.partition))) {
      await producer.send({
        topic: TOPIC,
        acks: -1,
        messages: model
          .filter((r) => r.partition === partition)
          .map((r) => ({ partition, key: keyBytes(r.key), value: valueBytes(r.value) })),
      });
    }
  } finally {
    await producer.disconnect();
  }
}

test('a live mock cluster: every partition from the earliest offset, folded like the log', async () => {
  const model = modelRecords(
    300,
    (i) => (i % 7 === 0 ? 1 : 0),
    (partition, i) => ({ role: partition === 1 ? `p1-role-${i % 5}` : `role-${i % 11}`, member: `m-${i % 4}` }),
    13,
  );
  await produce(bootstrap, model);
  const stdout = outputSink();
  const stderr = outputSink();
  const code = await run(['--bootstrap-server', bootstrap, '--now', String(NOW)], {
    stdout: stdout.stream,
    stderr: stderr.stream,
  });
  assert.equal(code, 0, stderr.text());
  const doc = JSON.parse(stdout.text());
  assert.equal(doc.records, 300);
  assert.deepEqual(doc.errors, []);
  const want = expectedFold(model, NOW);
  assert.deepEqual(
    doc.roles,
    JSON.parse(JSON.stringify(want.roles, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))),
  );
});

// librdkafka's producers (kcat -z lz4|snappy|zstd) compress their batches: an LZ4 frame as Kafka's
// (FLG 60, BD 40), raw snappy without xerial's framing, and zstd frames (seen on this mock with librdkafka 2.0.2:
// the payloads begin 04 22 4D 18 60 40 and with the snappy length varint). kcat's consumer debug
// names each stored message set's codec, so the test knows the batches are compressed; the CLI
// hands the fetched batches to the core, whose decompressors read them.
test('a live cluster: batches kcat produced with -z lz4, -z snappy and -z zstd fold like the log', async () => {
  const servers = await startCluster(TOPIC, 3);
  const model = modelRecords(
    240,
    (i) => i % 3,
    (partition, i) => ({ role: `z${partition}-role-${i % 7}`, member: `m-${i % 3}` }),
    11,
  );
  // kcat -P: key, -K delimiter, value, -D delimiter per record; -Z sends the empty value as null.
  const K = '#~key~#';
  const M = '#~message~#\n';
  const codecs = ['lz4', 'snappy', 'zstd'];
  for (const partition of [0, 1, 2]) {
    const input = Buffer.concat(
      model
        .filter((r) => r.partition === partition)
        .flatMap((r) => {
          const key = keyBytes(r.key);
          const value = valueBytes(r.value) ?? Buffer.alloc(0);
          assert.ok(!Buffer.concat([key, value]).includes('#~'), 'no delimiter inside a record');
          return [key, Buffer.from(K), value, Buffer.from(M)];
        }),
    );
    const kcat = spawnSync(
      'kcat',
      // linger.ms: a partition's records in as few message sets as may be (librdkafka sends a set that
      // compression would not shrink, such as one record of 35 bytes, uncompressed).
      [
        '-P',
        '-b',
        servers,
        '-t',
        TOPIC,
        '-p',
        String(partition),
        '-z',
        codecs[partition],
        '-X',
        'linger.ms=1000',
        '-K',
        K,
        '-D',
        M,
        '-Z',
      ],
      { input, encoding: 'utf8' },
    );
    assert.equal(kcat.status, 0, kcat.stderr);
  }
  const debug = spawnSync('kcat', ['-C', '-b', servers, '-t', TOPIC, '-o', 'beginning', '-e', '-q', '-d', 'msg'], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const sets = debug.stderr.split('\n').filter((l) => / Enqueue \d+ message\(s\)/.test(l));
  for (const partition of [0, 1, 2]) {
    const mine = sets.filter((l) => l.includes(` on ${TOPIC} [${partition}] `));
    assert.ok(mine.length > 0, debug.stderr.slice(0, 2000));
    // Compressed sets of this codec, and none of another (a set too small to shrink is uncompressed).
    assert.ok(
      mine.some((l) => l.endsWith(`, ${codecs[partition]})`)) &&
        mine.every((l) => l.endsWith(`, ${codecs[partition]})`) || l.endsWith(', uncompressed)')),
      mine.join('\n'),
    );
  }
  const stdout = outputSink();
  const stderr = outputSink();
  const code = await run(['--bootstrap-server', servers, '--now', String(NOW)], {
    stdout: stdout.stream,
    stderr: stderr.stream,
  });
  assert.equal(code, 0, stderr.text());
  const doc = JSON.parse(stdout.text());
  assert.equal(doc.records, 240);
  assert.deepEqual(doc.errors, []);
  const want = expectedFold(model, NOW);
  assert.deepEqual(
    doc.roles,
    JSON.parse(JSON.stringify(want.roles, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))),
  );
  assert.deepEqual(doc.anomalies.length, want.anomalies.length);
});

// A fetched batch whose payload does not decompress (the live path stopped with exit 1 there, where
// a segment's batch is skipped). librdkafka 2.0.2's mock stores a produced batch without
// decompressing its payload (seen: it serves it back), so kafkajs's producer writes the corrupt
// batches, each payload made by an independent writer (zstd, lz4, python-snappy, Node's zlib) and
// then broken by hand, the CRC-32C kafkajs computes covering the broken bytes: a producer's bug,
// not a bit flipped on disk.
// The same batches, written by kafkajs's encoder into segment files of the two partitions, are the
// segment path's answer: the live document must be it, exit code 0 included, but for where each
// batch error lies (a fetched batch is no file's: no "file" and "filePosition", and it is folded
// alone, at position 0).
test('a live cluster: a batch whose payload does not decompress is an error at its offset, the next batches are read', async () => {
  const servers = await startCluster(TOPIC, 2);
  const records = (partition, from, n, role) =>
    Array.from({ length: n }, (_, i) => ({
      partition,
      offset: from + i,
      key: { kind: 'registration', role, member: `m-${from + i}` },
      value: { member: `m-${from + i}`, registeredAt: 1_700_000_000_000 + from + i },
    }));
  const zstdBad = Buffer.from(zstdCli(Buffer.from('not the records: the content checksum is broken')));
  zstdBad[zstdBad.length - 1] ^= 0xff;
  const lz4Bad = lz4Frame(Buffer.from('a frame without its end mark')).subarray(0, -4);
  const gzipBad = gzipSync(Buffer.from('a gzip member whose CRC-32 is broken'));
  gzipBad[gzipBad.length - 6] ^= 0xff;
  const snappyBad = snappyRaw(Buffer.from('a raw snappy block cut short, cut short, cut short')).subarray(0, -3);
  // [partition, codec, records, payload | null (the codec's writer)]: in each partition a corrupt
  // batch between good ones (the fetch holds batches after it), two corrupt ones in a row (a fetch
  // that begins with one), and one of each codec.
  const batches = [
    [0, Compression.ZSTD, records(0, 0, 3, 'zstd-a'), null],
    [0, Compression.ZSTD, records(0, 3, 4, 'zstd-b'), zstdBad],
    [0, Compression.LZ4, records(0, 7, 2, 'lz4-a'), null],
    [0, Compression.LZ4, records(0, 9, 2, 'lz4-b'), lz4Bad],
    [0, Compression.None, records(0, 11, 1, 'none'), null],
    [1, Compression.GZIP, records(1, 0, 2, 'gzip-a'), null],
    [1, Compression.GZIP, records(1, 2, 3, 'gzip-b'), gzipBad],
    [1, Compression.Snappy, records(1, 5, 2, 'snappy-a'), snappyBad],
    [1, Compression.Snappy, records(1, 7, 2, 'snappy-b'), null],
  ];
  const written = (payload, codec, write) => (payload ? withCodec(codec, () => payload, write) : write());
  const kafka = new Kafka({ brokers: [servers], clientId: 'cli-cluster-corrupt', logLevel: logLevel.NOTHING });
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  try {
    for (const [partition, compression, rs, payload] of batches)
      await written(payload, compression, () =>
        producer.send({
          topic: TOPIC,
          acks: -1,
          compression,
          messages: rs.map((r) => ({ partition, key: keyBytes(r.key), value: valueBytes(r.value) })),
        }),
      );
  } finally {
    await producer.disconnect();
  }
  const dir = mkdtempSync(join(tmpdir(), 'cli-cluster-corrupt-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  for (const partition of [0, 1]) {
    const segment = [];
    for (const [p, compression, rs, payload] of batches) {
      if (p !== partition) continue;
      const pairs = rs.map((r) => ({ key: keyBytes(r.key), value: valueBytes(r.value) }));
      segment.push(
        await written(payload, compression, () =>
          writeBatch({ baseOffset: rs[0].offset, records: pairs, compression }),
        ),
      );
    }
    mkdirSync(join(dir, `${TOPIC}-${partition}`));
    writeFileSync(join(dir, `${TOPIC}-${partition}`, '00000000000000000000.log'), Buffer.concat(segment));
  }
  const cli = async (argv) => {
    const stdout = outputSink();
    const stderr = outputSink();
    const code = await run([...argv, '--now', String(NOW), '--jobs', '1'], {
      stdout: stdout.stream,
      stderr: stderr.stream,
    });
    return { code, stderr: stderr.text(), doc: stdout.text() && JSON.parse(stdout.text()) };
  };
  const live = await cli(['--bootstrap-server', servers]);
  assert.equal(live.code, 0, live.stderr);
  assert.equal(live.stderr, '');
  assert.deepEqual(
    live.doc.errors.map((e) => [e.partition, e.offset, e.role, e.code, e.field]),
    [
      [0, '3', null, 'INVALID_ZSTD', 'batch.records'],
      [0, '9', null, 'INVALID_LZ4', 'batch.records'],
      [1, '2', null, 'INVALID_GZIP', 'batch.records'],
      [1, '5', null, 'INVALID_SNAPPY', 'batch.records'],
    ],
  );
  assert.match(
    live.doc.errors[0].message,
    /^batch at offset 3 \(position 0\): batch\.records: the zstd payload does not decompress: checksum_mismatch at byte \d+ of the payload; the batch is skipped$/,
  );
  // The good batches' records, all of them, folded as the independent fold folds them.
  const good = batches.filter(([, , , payload]) => payload === null).flatMap(([, , rs]) => rs);
  assert.equal(live.doc.records, good.length);
  const want = expectedFold(good, NOW);
  assert.deepEqual(
    live.doc.roles,
    JSON.parse(JSON.stringify(want.roles, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))),
  );
  // The segments' document, error for error.
  const segments = await cli([dir]);
  assert.equal(segments.code, 0, segments.stderr);
  assert.deepEqual(
    segments.doc.errors.map((e) => [e.file, e.filePosition > 0]),
    [
      [`${TOPIC}-0/00000000000000000000.log`, true],
      [`${TOPIC}-0/00000000000000000000.log`, true],
      [`${TOPIC}-1/00000000000000000000.log`, true],
      [`${TOPIC}-1/00000000000000000000.log`, true],
    ],
  );
  const atZero = (doc) => ({
    ...doc,
    errors: doc.errors.map(({ file, filePosition, ...e }) => ({
      ...e,
      message: e.message.replace(`(position ${filePosition})`, '(position 0)'),
    })),
  });
  assert.deepEqual(live.doc, atZero(segments.doc));
});

// A fetched batch whose payload is there (uncompressed, or gzip that inflates) but whose records do
// not parse, or whose CRC, magic or length is wrong: kafkajs's own record decoder threw there (or,
// for the CRC and the magic, which it does not check, folded records a segment's reader skips). Each batch
// is written by kafkajs's encoder, broken by hand (the CRC-32C written anew but for the CRC case)
// and appended as it is by a Produce request of the test's own (produceRaw): no producer sends
// such bytes. The same bytes in segment files are the reference: the live document must be the
// segments', error for error, as in the test above.
test('a live cluster: a batch whose records do not parse, or whose CRC, magic or length is wrong, is an error at its offset as in a segment; the next batches are read', async () => {
  const servers = await startCluster(TOPIC, 2);
  const regs = (partition, from, n, role) =>
    Array.from({ length: n }, (_, i) => ({
      partition,
      offset: from + i,
      key: { kind: 'registration', role, member: `m-${from + i}` },
      value: { member: `m-${from + i}`, registeredAt: 1_700_000_000_000 + from + i },
    }));
  const pairs = (rs) => rs.map((r) => ({ key: keyBytes(r.key), value: valueBytes(r.value) }));
  // The records section's first record: its length varint (one byte here, zigzag) at `at`, and its
  // header count, the record's last byte (no headers: 0).
  const firstRecord = (bytes, at) => {
    assert.ok(bytes[at] < 0x80);
    const length = bytes[at] >> 1;
    return { lengthAt: at, length, headersAt: at + length };
  };
  const pastTheEnd = (bytes, at) => {
    const r = firstRecord(bytes, at);
    bytes[r.lengthAt] = 2 * (r.length + 5); // 5 bytes more than the batch (or the payload) holds
  };
  const negativeHeaders = (bytes, at) => {
    bytes[firstRecord(bytes, at).headersAt] = 0x01; // zigzag -1
  };
  const RECORDS_AT = 61; // an uncompressed batch's records
  // An uncompressed batch of `rs`, broken by `breakIt(bytes)`, its CRC written anew unless `reseal` is false.
  const none = async (rs, breakIt = () => {}, reseal = true) => {
    const b = await writeBatch({ baseOffset: rs[0].offset, records: pairs(rs) });
    breakIt(b);
    return reseal ? withCrc(b) : b;
  };
  const gzip = (rs, breakIt = () => {}) =>
    withCodec(
      Compression.GZIP,
      (records) => {
        const bytes = Buffer.from(records);
        breakIt(bytes);
        return gzipSync(bytes);
      },
      () => writeBatch({ baseOffset: rs[0].offset, records: pairs(rs), compression: Compression.GZIP }),
    );
  // [partition, records, bytes of one produce] in offset order; good: its records are folded.
  const p0 = [
    ['good', regs(0, 0, 3, 'none-a'), (rs) => none(rs)],
    ['length', regs(0, 3, 1, 'none-length'), (rs) => none(rs, (b) => pastTheEnd(b, RECORDS_AT))],
    ['headers', regs(0, 4, 2, 'none-headers'), (rs) => none(rs, (b) => negativeHeaders(b, RECORDS_AT))],
    ['good', regs(0, 6, 2, 'none-b'), (rs) => none(rs)],
    ['crc', regs(0, 8, 2, 'none-crc'), (rs) => none(rs, (b) => (b[17] ^= 0xff), false)],
    // The records count says 3 of 2: the mock gives the batch 3 offsets (10 to 12).
    ['count', regs(0, 10, 2, 'none-count'), (rs) => none(rs, (b) => b.writeInt32BE(3, 57))],
    ['good', regs(0, 13, 1, 'none-c'), (rs) => none(rs)],
  ];
  const p1 = [
    ['good', regs(1, 0, 2, 'gzip-a'), (rs) => gzip(rs)],
    ['headers', regs(1, 2, 2, 'gzip-headers'), (rs) => gzip(rs, (b) => negativeHeaders(b, 0))],
    ['length', regs(1, 4, 1, 'gzip-length'), (rs) => gzip(rs, (b) => pastTheEnd(b, 0))],
    ['good', regs(1, 5, 2, 'gzip-b'), (rs) => gzip(rs)],
    // Its length says 5 bytes more than it has (the mock stores the bytes produced): last in the
    // segment too, where such a batch is cut off by the file's end.
    [
      'cut',
      regs(1, 7, 2, 'gzip-cut'),
      async (rs) => {
        const b = await gzip(rs);
        b.writeInt32BE(b.readInt32BE(8) + 5, 8);
        return b;
      },
    ],
  ];
  const segments = { 0: [], 1: [] };
  for (const [partition, list] of [
    [0, p0],
    [1, p1],
  ])
    for (const [, rs, write] of list) {
      const bytes = await write(rs);
      assert.equal(await produceRaw(servers, TOPIC, partition, bytes), BigInt(rs[0].offset));
      segments[partition].push(bytes);
    }
  // A batch of an unknown magic (3): the mock refuses it first in a request, not after a batch of
  // magic 2 (it reads the first one's header only, and gives the request the first one's offsets:
  // 14 and 15, so the next batch is 16 too).
  const d = regs(0, 14, 2, 'none-d');
  const magic3 = await none(regs(0, 16, 1, 'none-magic'), (b) => (b[16] = 3));
  const dBytes = Buffer.concat([await none(d), magic3]);
  assert.equal(await produceRaw(servers, TOPIC, 0, dBytes), 14n);
  const e = regs(0, 16, 2, 'none-e');
  const eBytes = await none(e);
  assert.equal(await produceRaw(servers, TOPIC, 0, eBytes), 16n);
  segments[0].push(dBytes, eBytes);

  const dir = mkdtempSync(join(tmpdir(), 'cli-cluster-records-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  for (const partition of [0, 1]) {
    mkdirSync(join(dir, `${TOPIC}-${partition}`));
    writeFileSync(join(dir, `${TOPIC}-${partition}`, '00000000000000000000.log'), Buffer.concat(segments[partition]));
  }
  const cli = async (argv) => {
    const stdout = outputSink();
    const stderr = outputSink();
    const code = await run([...argv, '--now', String(NOW), '--jobs', '1'], {
      stdout: stdout.stream,
      stderr: stderr.stream,
    });
    return { code, stderr: stderr.text(), doc: stdout.text() && JSON.parse(stdout.text()) };
  };
  const fromSegments = await cli([dir]);
  assert.equal(fromSegments.code, 0, fromSegments.stderr);
  assert.deepEqual(
    fromSegments.doc.errors.map((e) => [e.partition, e.offset, e.code, e.field]),
    [
      [0, '3', 'INVALID_RECORD', 'record.length'],
      [0, '4', 'INVALID_RECORD', 'record.headers'],
      [0, '8', 'CRC_MISMATCH', 'batch.crc'],
      [0, '10', 'INVALID_RECORD', 'record.length'], // record 2 of 2
      [0, '16', 'UNSUPPORTED_MAGIC', 'batch.magic'],
      [1, '2', 'INVALID_RECORD', 'record.headers'],
      [1, '4', 'INVALID_RECORD', 'record.length'],
      [1, '7', 'BATCH_TRUNCATED', 'batch'],
    ],
  );
  const live = await cli(['--bootstrap-server', servers]);
  assert.equal(live.code, 0, live.stderr);
  assert.equal(live.stderr, '');
  const good = [...p0, ...p1].filter(([kind]) => kind === 'good').flatMap(([, rs]) => rs);
  good.push(...d, ...e);
  assert.equal(live.doc.records, good.length);
  const want = expectedFold(good, NOW);
  assert.deepEqual(
    live.doc.roles,
    JSON.parse(JSON.stringify(want.roles, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))),
  );
  const atZero = (doc) => ({
    ...doc,
    errors: doc.errors.map(({ file, filePosition, ...e }) => ({
      ...e,
      message: e.message.replace(`(position ${filePosition})`, '(position 0)'),
    })),
  });
  assert.deepEqual(live.doc, atZero(fromSegments.doc));
});

// What the read folds of one fetch, and where it fetches next: the cases librdkafka's mock does
// not make (it answers with one produce's bytes, whole, whatever maxBytes says).
test('fetchedBatches: whole batches, the last one cut by maxBytes, a first one whose length lies, the watermark', async () => {
  const batch = (baseOffset, n) =>
    writeBatch({
      baseOffset,
      records: Array.from({ length: n }, (_, i) => ({ key: Buffer.from([i]), value: Buffer.from([baseOffset]) })),
    });
  const [a, b, c] = [await batch(0, 3), await batch(3, 2), await batch(5, 1)];
  const taken = async (bytes, next, end) => {
    const t = await fetchedBatches(bytes, next, end);
    return { batches: t.batches.map(({ offset, batch }) => [offset, Buffer.from(batch)]), next: t.next };
  };
  const all = Buffer.concat([a, b, c]);
  assert.deepEqual(await taken(all, 0n, 6n), {
    batches: [
      [0n, a],
      [3n, b],
      [5n, c],
    ],
    next: 6n,
  });
  // The last batch cut (Kafka's maxBytes): fetched again, from its base offset.
  assert.deepEqual(await taken(all.subarray(0, all.length - 1), 0n, 6n), {
    batches: [
      [0n, a],
      [3n, b],
    ],
    next: 5n,
  });
  // Asked from inside b: a, answered too, was read; b is folded whole (as in a segment).
  assert.deepEqual(await taken(all, 4n, 6n), {
    batches: [
      [3n, b],
      [5n, c],
    ],
    next: 6n,
  });
  // The watermark at 5: c came after the read began; a batch at the watermark ends the partition.
  assert.deepEqual(await taken(all, 0n, 5n), {
    batches: [
      [0n, a],
      [3n, b],
    ],
    next: 5n,
  });
  assert.deepEqual(await taken(Buffer.concat([c]), 3n, 5n), { batches: [], next: 5n });
  // A first batch whose length runs past the answer, or is no batch's (below 14): the rest of the
  // answer goes to the core, which reports it as a segment's; the next fetch is after the header's
  // last offset.
  for (const length of [all.length, 13]) {
    const lying = Buffer.from(all);
    lying.writeInt32BE(length, 8);
    assert.deepEqual(await taken(lying, 0n, 6n), { batches: [[0n, lying]], next: 3n });
  }
  // No batch: the partition is read. Only batches ending before the offset asked: the next one.
  assert.deepEqual(await taken(Buffer.alloc(0), 2n, 6n), { batches: [], next: 6n });
  assert.deepEqual(await taken(a, 4n, 6n), { batches: [], next: 5n });
});

test('an unreachable cluster exits 1 with the exact error; PATHs and --bootstrap-server together are a usage error', async () => {
  const stderr = outputSink();
  // Port 1 on the loopback: nothing listens there, the connection is refused at once.
  const code = await run(['--bootstrap-server', '127.0.0.1:1', '--topic', 'coordination'], {
    stdout: outputSink().stream,
    stderr: stderr.stream,
  });
  assert.equal(code, 1);
  assert.match(stderr.text(), /^coordination-viewer state: cannot read coordination from 127\.0\.0\.1:1: /);
  const usage = outputSink();
  assert.equal(
    await run(['x.log', '--bootstrap-server', bootstrap], { stdout: outputSink().stream, stderr: usage.stream }),
    2,
  );
  assert.match(usage.text(), /give PATHs or --bootstrap-server, not both/);
});

test('a live cluster: transactional records reach the fold with their producer id (this mock writes no markers: they stay open)', async () => {
  // librdkafka 2.0.2's mock cluster accepts kafkajs's transaction (InitProducerId, AddPartitionsToTxn,
  // EndTxn) but appends no COMMIT marker to the partition: a read_committed consumer of a real
  // broker would see the transaction's records only after one, so the fold reports them open.
  // COMMIT and ABORT themselves are tested on segments (tests/node/log-transactions.test.mjs).
  const servers = await startCluster(TOPIC, 1);
  const kafka = new Kafka({ brokers: [servers], clientId: 'cli-cluster-txn', logLevel: logLevel.NOTHING });
  const reg = (role, member) => ({
    partition: 0,
    key: keyBytes({ kind: 'registration', role, member }),
    value: valueBytes({ member, registeredAt: 1_690_000_000_000 }),
  });
  const plain = kafka.producer({ allowAutoTopicCreation: false });
  await plain.connect();
  await plain.send({ topic: TOPIC, acks: -1, messages: [reg('plain', 'a')] });
  await plain.disconnect();
  const producer = kafka.producer({ transactionalId: 'cli-txn', maxInFlightRequests: 1 });
  await producer.connect();
  const txn = await producer.transaction();
  await txn.send({ topic: TOPIC, messages: [reg('txn', 'b'), reg('txn', 'c')] });
  await txn.commit();
  await producer.disconnect();

  const stdout = outputSink();
  const stderr = outputSink();
  const code = await run(['--bootstrap-server', servers, '--now', String(NOW)], {
    stdout: stdout.stream,
    stderr: stderr.stream,
  });
  assert.equal(code, 0, stderr.text());
  const doc = JSON.parse(stdout.text());
  assert.equal(doc.records, 3);
  assert.deepEqual(
    doc.roles.map((r) => r.role),
    ['plain'],
  );
  assert.deepEqual(
    doc.anomalies.map((a) => [a.kind, a.role, a.offset]),
    [['transaction_open', 'txn', '1']],
  );
  assert.match(
    doc.anomalies[0].message,
    /^producer id \d+ has an open transaction in partition 0 \(from offset 1, no COMMIT or ABORT marker by the end of the input\): 2 records of role "txn" from offset 1 await it/,
  );
});

// The command of wasm/core/log/README.md (kcat framed records), with `npx coordination-viewer`
// as this checkout's bin.
const KCAT = (servers) =>
  `kcat -C -b ${servers} -t __coordination_state -o beginning -e -q -f '%p %o %T %K %S\\n%k%s\\n'`;
const BIN = `${JSON.stringify(process.execPath)} ${JSON.stringify(fileURLToPath(new URL('../../wasm/cli/main.mjs', import.meta.url)))}`;

test('the README pipeline: kcat framed records | coordination-viewer state -, and a dump file of them', async () => {
  const servers = await startCluster(TOPIC, 3);
  // Keys and values with newlines and bytes of every kind in them: only the lengths frame them.
  const model = modelRecords(
    400,
    (i) => i % 3,
    (partition, i) => ({
      role: `role\n${partition}-${i % 13}`,
      member: `m\r\n${String.fromCharCode(0x80 + (i % 60))}${i % 5}`,
    }),
    11,
  );
  await produce(servers, model);
  const want = JSON.parse(
    JSON.stringify(expectedFold(model, NOW).roles, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
  );

  const piped = spawnSync('bash', ['-o', 'pipefail', '-c', `${KCAT(servers)} | ${BIN} state - --now ${NOW}`], {
    encoding: 'utf8',
    timeout: 60000,
  });
  assert.equal(piped.status, 0, piped.stderr);
  const doc = JSON.parse(piped.stdout);
  assert.equal(doc.records, 400);
  assert.deepEqual(doc.errors, []);
  assert.deepEqual(doc.roles, want);

  const dir = mkdtempSync(join(tmpdir(), 'kcat-'));
  const dump = join(dir, 'topic.kcat');
  const saved = spawnSync('bash', ['-o', 'pipefail', '-c', `${KCAT(servers)} > ${JSON.stringify(dump)}`], {
    timeout: 60000,
  });
  assert.equal(saved.status, 0, String(saved.stderr));
  const fromFile = spawnSync('bash', ['-c', `${BIN} state ${JSON.stringify(dump)} --now ${NOW}`], { encoding: 'utf8' });
  assert.equal(fromFile.status, 0, fromFile.stderr);
  assert.deepEqual(JSON.parse(fromFile.stdout).roles, want);

  // kcat -Z prints a null key or value as the text NULL: the framing no longer holds, exit 1 (kcat's
  // own stderr, a broken pipe once the reader stopped, is set aside).
  const z = spawnSync(
    'bash',
    ['-o', 'pipefail', '-c', `${KCAT(servers)} -Z 2>/dev/null | ${BIN} state - --now ${NOW}`],
    {
      encoding: 'utf8',
      timeout: 60000,
    },
  );
  assert.equal(z.status, 1);
  assert.equal(z.stdout, '');
  assert.match(
    z.stderr,
    /^coordination-viewer state: -: kcat framed record \d+ at byte \d+: expected a newline after the \d+-byte key and the null value of the header, found byte 0x4e; was kcat run with -Z \(NULL printed as text\) or another -f\?\n$/,
  );
  // A dump cut inside its last record.
  const bytes = readFileSync(dump);
  const cut = join(dir, 'cut.kcat');
  writeFileSync(cut, bytes.subarray(0, bytes.length - 3));
  const r = spawnSync('bash', ['-c', `${BIN} state ${JSON.stringify(cut)}`], { encoding: 'utf8' });
  assert.equal(r.status, 1);
  assert.match(
    r.stderr,
    /^coordination-viewer state: .*cut\.kcat: kcat framed record 400 at byte \d+: expected the key, value and newline its header announces \(\d+ \d+ \d+ -?\d+ -?\d+\), the input ends after \d+ bytes; was kcat stopped before its last record\?\n$/,
  );
});

// The recipes of wasm/cli/README.md for the last record of a topic of several partitions: kcat -f '%k' without
// -p prints the last key of every partition run together (TRAILING_BYTES, with the hint that names
// the run); one partition (-p N) decodes; framed records give every partition's last record.
test('the README kcat -o -1 recipes on a topic of 3 partitions: -p N decodes, without it the hint names the run', async () => {
  const servers = await startCluster(TOPIC, 3);
  const model = modelRecords(
    6,
    (i) => i % 3,
    (partition) => ({ role: `role-p${partition}`, member: 'm' }),
    1000,
  );
  await produce(servers, model);
  const last = (p) => model.filter((r) => r.partition === p).at(-1);
  const sh = (command) => spawnSync('bash', ['-o', 'pipefail', '-c', command], { encoding: 'utf8', timeout: 60000 });
  const all = sh(`kcat -C -b ${servers} -t ${TOPIC} -o -1 -e -q -f '%k' | ${BIN} decode --key -`);
  assert.equal(all.status, 1);
  assert.match(all.stderr, /TRAILING_BYTES at offset \d+ \(key\)/);
  assert.match(all.stderr, /hint: The bytes are 3 whole keys one after another/);
  for (const p of [0, 1, 2]) {
    const one = sh(`kcat -C -b ${servers} -t ${TOPIC} -p ${p} -o -1 -e -q -f '%k' | ${BIN} decode --key -`);
    assert.equal(one.status, 0, one.stderr);
    assert.deepEqual(JSON.parse(one.stdout).key, {
      version: 0,
      kind: last(p).key.kind,
      role: `role-p${p}`,
      member: last(p).key.member ?? '',
    });
  }
  const framed = sh(
    `kcat -C -b ${servers} -t ${TOPIC} -o -1 -e -q -f '%p %o %T %K %S\\n%k%s\\n' | ${BIN} state - --now ${NOW}`,
  );
  assert.equal(framed.status, 0, framed.stderr);
  const doc = JSON.parse(framed.stdout);
  assert.equal(doc.records, 3);
  assert.deepEqual(
    doc.roles.map((r) => [r.role, r.partition]),
    [
      ['role-p0', 0],
      ['role-p1', 1],
      ['role-p2', 2],
    ],
  );
});

// ---- Kafka's transaction log (issue 22) -----------------------------------------------------
// librdkafka 2.0.2's mock gives every InitProducerId a new producer id at epoch 0, writes no
// markers and keeps no transaction log: it cannot fence. So the live tests read topics whose
// records the test produced (transaction-log records by the independent golden generator), and
// the coordination topic written by kafkajs's transactional producers, their
// producer ids held against a transaction-log segment that fences one (as Kafka would have).

test('a live cluster: transactions --bootstrap-server folds the topic as its segments fold', async () => {
  const servers = await startCluster('__transaction_state', 1);
  const T0 = 1_700_000_000_000;
  const v = (over) => ({
    producerId: 4000,
    producerEpoch: 0,
    timeoutMs: 60_000,
    status: 'Empty',
    partitions: null,
    lastUpdate: T0,
    start: -1,
    ...over,
  });
  const model = withBytes(
    [
      { id: 'a', value: v({ producerEpoch: 2, status: 'CompleteCommit' }) },
      { id: 'b', value: v({ producerId: 4001, status: 'Ongoing', partitions: [['t', [0, 1]]], start: T0 }) },
      { id: 'a', value: v({ producerEpoch: 1, lastUpdate: T0 + 5 }) },
      { id: 'c', value: v({ producerId: 4000, lastUpdate: T0 + 9 }) },
      { id: 'd', value: v({ producerId: 4002 }) },
      { id: 'd', value: null },
    ].map((r, offset) => ({ partition: 0, offset, ...r })),
  );
  const kafka = new Kafka({ brokers: [servers], clientId: 'cli-cluster-txnlog', logLevel: logLevel.NOTHING });
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  await producer.send({
    topic: '__transaction_state',
    acks: -1,
    messages: model.map((r) => ({ partition: 0, key: r.key, value: r.bytes })),
  });
  await producer.disconnect();

  const now = T0 + 120_000;
  const stdout = outputSink();
  const stderr = outputSink();
  const code = await runTransactions(['--bootstrap-server', servers, '--now', String(now)], {
    stdout: stdout.stream,
    stderr: stderr.stream,
  });
  assert.equal(code, 0, stderr.text());
  const doc = JSON.parse(stdout.text());
  const want = expectedTransactions(model, now);
  const asJson = (x) => JSON.parse(JSON.stringify(x, (_k, y) => (typeof y === 'bigint' ? y.toString() : y)));
  assert.equal(doc.records, 6);
  assert.deepEqual(doc.errors, []);
  assert.deepEqual(doc.transactions, asJson(want.transactions));
  assert.deepEqual(
    doc.anomalies.map(({ kind, transactionalId, partition, offset }) => ({ kind, transactionalId, partition, offset })),
    asJson(want.anomalies),
  );
  assert.deepEqual([...new Set(doc.anomalies.map((a) => a.kind))].sort(), [
    'producer_id_moved',
    'transaction_epoch_backwards',
    'transaction_timed_out',
  ]);
});

test('a live cluster: leases of kafkajs transactional producers held against the transaction log', async () => {
  const servers = await startCluster(TOPIC, 1);
  const kafka = new Kafka({ brokers: [servers], clientId: 'cli-cluster-join', logLevel: logLevel.NOTHING });
  const reg = (role, member) => ({
    partition: 0,
    key: keyBytes({ kind: 'registration', role, member }),
    value: valueBytes({ member, registeredAt: 1_690_000_000_000 }),
  });
  // Each holder's own producer: its producer id is what the mock's InitProducerId gave it. (A
  // kafkajs idempotent producer cannot start against this mock: it finds no controller broker.)
  const holders = {};
  for (const [id, role] of [
    ['orders-worker', 'orders-txn'],
    ['billing-worker', 'billing-txn'],
  ]) {
    const producer = kafka.producer({ transactionalId: id, maxInFlightRequests: 1 });
    await producer.connect();
    const txn = await producer.transaction();
    await txn.send({ topic: TOPIC, messages: [reg(role, 'm-1')] });
    await txn.commit();
    await producer.disconnect();
  }
  // Each batch's producer id, bytes 43 to 50 of its header (kafkajs's encoder writes one record a send).
  for await (const { offset, batch } of readTopic({ brokers: [servers], topic: TOPIC }))
    holders[offset] = Buffer.from(batch).readBigInt64BE(43);
  const ordersId = holders[0n];
  const billingId = holders[1n];
  assert.ok(ordersId >= 0n && billingId >= 0n && ordersId !== billingId, `${ordersId} ${billingId}`);
  // The leases they hold, and the registrations, written plainly (the mock writes no COMMIT marker).
  const deadline = NOW + 3_600_000;
  const lease = (role, member, producerId) => ({
    partition: 0,
    key: keyBytes({ kind: 'lease', role }),
    value: valueBytes({ member, producerId, producerEpoch: 0, grantedAt: NOW - 1000, deadline }),
  });
  const plain = kafka.producer({ allowAutoTopicCreation: false });
  await plain.connect();
  await plain.send({
    topic: TOPIC,
    acks: -1,
    messages: [
      reg('orders', 'm-1'),
      lease('orders', 'm-1', ordersId),
      reg('billing', 'm-1'),
      lease('billing', 'm-1', billingId),
    ],
  });
  await plain.disconnect();
  // The transaction log as a real coordinator would have it: a second orders-worker started and
  // bumped the epoch of its producer id to 1. A segment of partition 7 written by kafkajs's encoder.
  const dir = mkdtempSync(join(tmpdir(), 'cli-cluster-join-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const txnDir = join(dir, '__transaction_state-7');
  mkdirSync(txnDir);
  const entry = (producerEpoch, lastUpdate) => ({
    id: 'orders-worker',
    value: {
      producerId: ordersId,
      producerEpoch,
      timeoutMs: 60_000,
      status: 'Empty',
      partitions: null,
      lastUpdate,
      start: -1,
    },
  });
  const log = withBytes(
    [entry(0, NOW - 2000), entry(1, NOW - 500)].map((r, offset) => ({ partition: 7, offset, ...r })),
  );
  writeFileSync(join(txnDir, '00000000000000000000.log'), await transactionSegment(log));

  const stdout = outputSink();
  const stderr = outputSink();
  const code = await run(['--bootstrap-server', servers, '--transactions', txnDir, '--now', String(NOW)], {
    stdout: stdout.stream,
    stderr: stderr.stream,
  });
  assert.equal(code, 0, stderr.text());
  const doc = JSON.parse(stdout.text());
  const leaseOf = (role) => doc.roles.find((r) => r.role === role).lease;
  assert.deepEqual(leaseOf('orders').producerTransaction, {
    transactionalId: 'orders-worker',
    producerEpoch: 1,
    status: 'Empty',
    lastUpdateTimestamp: String(NOW - 500),
    producerId: String(ordersId),
    partition: 7,
    offset: '1',
  });
  // billing-worker's records are in a partition of the transaction log not given: unknown.
  assert.equal(leaseOf('billing').producerTransaction, null);
  assert.deepEqual(
    doc.anomalies.map((a) => [a.kind, a.role, a.offset, a.transactionLog]),
    [
      ['lease_holder_unknown_producer', 'billing', '5', null],
      ['transaction_open', 'billing-txn', '1'],
      ['lease_holder_fenced', 'orders', '3', { transactionalId: 'orders-worker', partition: 7, offset: '1' }],
      ['transaction_open', 'orders-txn', '0'],
    ].map((x) => (x.length === 3 ? [...x, undefined] : x)),
  );
});
