// Whole-topic mode through the JS API: readLog, foldState, createFolder. Segment bytes come from
// kafkajs (tests/node/log-writer.mjs); the expected state from expectedFold, plain JS over the model.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { api, codec } from './helpers.mjs';
import { visibleText } from '../../web/src/lib/text.js';
import {
  Compression,
  expectedFold,
  keyBytes,
  lz4Frame,
  rng,
  snappyRaw,
  snappyXerial,
  sortAnomalies,
  UNKNOWN_CODEC,
  valueBytes,
  withAttributes,
  withCodec,
  writeBatch,
  writeLog,
  withZstdPayload,
  zstdCli,
} from './log-writer.mjs';

const NOW = 1_700_000_500_000;
const logCodec = await api.loadLogCodec();

// A model log of one partition: registrations, leases, tombstones, keys rewritten many times.
function modelLog(count, seed, partition = 0) {
  const next = rng(seed);
  const out = [];
  for (let offset = 0; offset < count; offset++) {
    const role = `role-${next(20)}`;
    const member = `member-${next(6)}`;
    const tombstone = next(8) === 0;
    if (next(3) === 0) {
      const granted = 1_700_000_000_000 + next(1_000_000);
      out.push({
        partition,
        offset,
        key: { kind: 'lease', role },
        value: tombstone
          ? null
          : {
              member,
              producerId: 1000 + next(50),
              producerEpoch: 5 + next(3),
              grantedAt: granted,
              deadline: granted + next(900_000),
            },
      });
    } else {
      out.push({
        partition,
        offset,
        key: { kind: 'registration', role, member },
        value: tombstone ? null : { member, registeredAt: 1_690_000_000_000 + offset },
      });
    }
  }
  return out;
}

function assertFold(actual, records) {
  const want = expectedFold(records, NOW);
  assert.deepEqual(actual.roles, want.roles);
  assert.deepEqual(sortAnomalies(actual.anomalies), want.anomalies);
  // A message names its role as the viewer shows it: special code points as escapes.
  for (const a of actual.anomalies) assert.ok(a.message.includes(visibleText(a.role)), a.message);
}

test('readLog returns kafkajs batches: offsets, timestamps, keys, values, null values, headers', async () => {
  const batch = await writeBatch({
    baseOffset: 40,
    baseTimestamp: 1_000,
    records: [
      { key: keyBytes({ kind: 'lease', role: 'r' }), value: null, headers: { trace: 'abc' } },
      { key: Buffer.from([1, 2]), value: Buffer.from([3]) },
      { key: null, value: Buffer.alloc(0) },
    ],
    producerId: 77,
    producerEpoch: 3,
  });
  const log = logCodec.readLog(new Uint8Array(batch));
  assert.deepEqual(log.errors, []);
  assert.equal(log.batches.length, 1);
  const b = log.batches[0];
  assert.equal(b.baseOffset, 40n);
  assert.equal(b.producerId, 77n);
  assert.equal(b.producerEpoch, 3);
  assert.equal(b.compression, 'none');
  assert.equal(b.firstTimestamp, 1000n);
  assert.deepEqual(
    b.records.map((r) => r.offset),
    [40n, 41n, 42n],
  );
  assert.deepEqual(
    b.records.map((r) => r.timestamp),
    [1000n, 1001n, 1002n],
  );
  assert.deepEqual(b.records[0].key, new Uint8Array(keyBytes({ kind: 'lease', role: 'r' })));
  assert.equal(b.records[0].value, null);
  assert.deepEqual(b.records[0].headers, [{ key: 'trace', value: new Uint8Array(Buffer.from('abc')) }]);
  assert.deepEqual(b.records[1].value, new Uint8Array([3]));
  assert.equal(b.records[2].key, null);
  assert.deepEqual(b.records[2].value, new Uint8Array(0));
});

test('many batches, none, gzip, snappy (framed and raw) and lz4: the fold equals the independent fold', async () => {
  const records = modelLog(3000, 7);
  // lz4 and snappy payloads by the lz4 command line and python-snappy (log-writer.mjs): one process
  // a batch, so fewer, larger batches; raw snappy is librdkafka's form, framed Kafka's Java producer's.
  const cases = [
    { name: 'none', compression: Compression.None, perBatch: 37 },
    { name: 'gzip', compression: Compression.GZIP, perBatch: 37 },
    { name: 'snappy', compression: Compression.Snappy, perBatch: 400 },
    { name: 'lz4', compression: Compression.LZ4, perBatch: 400 },
    { name: 'snappy', raw: true, compression: Compression.Snappy, perBatch: 400 },
  ];
  for (const { name, raw, compression, perBatch } of cases) {
    const write = () => writeLog(records, { perBatch, compression });
    const log = raw ? await withCodec(Compression.Snappy, snappyRaw, write) : await write();
    const read = logCodec.readLog(new Uint8Array(log));
    assert.deepEqual(read.errors, []);
    assert.equal(read.batches.length, Math.ceil(3000 / perBatch));
    assert.ok(read.batches.every((b) => b.compression === name));
    const state = logCodec.foldState(new Uint8Array(log), { now: NOW });
    assert.equal(state.records, 3000);
    assert.deepEqual(state.errors, []);
    assertFold(state, records);
    assert.ok(
      state.roles.some((r) => r.lease && r.lease.expired) && state.roles.some((r) => r.lease && !r.lease.expired),
    );
  }
});

// zstd (codec 4): the batches' records compressed by the zstd CLI through kafkajs's codec hook
// (log-writer.mjs), framed and signed by kafkajs (the CRC-32C covers the compressed bytes).
test('zstd batches by the zstd CLI read and fold as the uncompressed log does', async () => {
  const records = modelLog(3000, 7);
  const none = new Uint8Array(await writeLog(records, { perBatch: 37 }));
  const zstd = new Uint8Array(await writeLog(records, { perBatch: 37, compression: Compression.ZSTD }));
  assert.notDeepEqual(zstd.length, none.length);
  const plain = logCodec.readLog(none);
  const read = logCodec.readLog(zstd);
  assert.deepEqual(read.errors, []);
  assert.equal(read.batches.length, Math.ceil(3000 / 37));
  assert.ok(read.batches.every((b) => b.compression === 'zstd'));
  assert.deepEqual(
    read.batches.map((b) => b.records),
    plain.batches.map((b) => b.records),
  );
  const state = logCodec.foldState(zstd, { now: NOW });
  assert.equal(state.records, 3000);
  assert.deepEqual(state.errors, []);
  assert.deepEqual(state, logCodec.foldState(none, { now: NOW }));
  assertFold(state, records);
});

// A payload the hook returns as given (records: a sparse array of `count` holes, as withGzipPayload).
const zstdBatch = (payload, count) =>
  withZstdPayload(payload, () =>
    writeBatch({ baseOffset: 0, records: new Array(count), compression: Compression.ZSTD }),
  );

test('zstd: concatenated and skippable frames are one payload; a bad frame is INVALID_ZSTD naming its problem and byte', async () => {
  const records = modelLog(40, 3);
  const one = await writeBatch({
    baseOffset: 0,
    records: records.map((r) => ({ key: keyBytes(r.key), value: valueBytes(r.value) })),
  });
  const section = one.subarray(61); // the uncompressed records
  const half = 700;
  const skippable = Buffer.from([0x5a, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 1, 2, 3]);
  const frames = Buffer.concat([
    zstdCli(section.subarray(0, half), ['-19']),
    skippable,
    zstdCli(section.subarray(half), ['-1', '--no-check']),
  ]);
  const batch = await zstdBatch(frames, 40);
  const read = logCodec.readLog(new Uint8Array(batch));
  assert.deepEqual(read.errors, []);
  assert.deepEqual(read.batches[0].records, logCodec.readLog(new Uint8Array(one)).batches[0].records);

  // The last frame's checksum changed (the CRC-32C signed again): checksum_mismatch at its byte.
  const good = zstdCli(section, ['-3', '--check']);
  const bad = Buffer.from(good);
  bad[bad.length - 1] ^= 0x40;
  const errors = [
    [await zstdBatch(bad, 40), `checksum_mismatch at byte ${bad.length - 4}`, bad.length - 4],
    // 300 MiB announced (Frame_Content_Size) against the 256 MiB bound: refused at its field, before
    // anything is allocated.
    [
      await zstdBatch(Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x80, 17 << 3, 0, 0, 0xc0, 0x12, 1, 0, 0]), 1),
      'output_too_large at byte 6',
      6,
    ],
    [await zstdBatch(Buffer.from([1, 2, 3, 4, 5]), 1), 'bad_magic at byte 0', 0],
    [await zstdBatch(good.subarray(0, 20), 40), 'truncated at byte 20', 20],
  ];
  for (const [b, words, at] of errors) {
    const r = logCodec.readLog(new Uint8Array(b));
    assert.deepEqual(r.batches, []);
    assert.equal(r.errors.length, 1);
    const e = r.errors[0];
    assert.deepEqual([e.code, e.field, e.position], ['INVALID_ZSTD', 'batch.records', 61 + at]);
    assert.equal(
      e.message,
      `batch at offset 0 (position 0): batch.records: the zstd payload does not decompress: ${words} of the payload; the batch is skipped`,
    );
    const folded = logCodec.foldState(new Uint8Array(b), { now: NOW });
    assert.deepEqual(
      folded.errors.map((x) => x.code),
      ['INVALID_ZSTD'],
    );
  }
});

test('lz4 and snappy payloads from independent writers: many blocks and chunks, checksums; the ones Kafka refuses are INVALID_LZ4 / INVALID_SNAPPY at the payload byte', async () => {
  // 120 records of 1000 random bytes: past 64 KB (lz4: several blocks, stored uncompressed as
  // random bytes do not compress; snappy: several 32 KiB xerial chunks).
  const random = rng(11);
  const records = Array.from({ length: 120 }, (_, i) => ({
    key: Buffer.from(`key-${i}`),
    value: Buffer.from(Array.from({ length: 1000 }, () => random(256))),
  }));
  const variants = [
    ['lz4', Compression.LZ4, (b) => lz4Frame(b)],
    ['lz4', Compression.LZ4, (b) => lz4Frame(b, ['-B4', '-BX'])], // block and content checksums
    ['lz4', Compression.LZ4, (b) => lz4Frame(b, ['-B7', '-BX', '-9'])], // a 4 MB block maximum
    ['snappy', Compression.Snappy, (b) => snappyXerial(b)],
    ['snappy', Compression.Snappy, (b) => snappyXerial(b, 4096)],
    ['snappy', Compression.Snappy, (b) => snappyRaw(b)],
  ];
  for (const [name, compression, compress] of variants) {
    const batch = await withCodec(compression, compress, () => writeBatch({ baseOffset: 50, records, compression }));
    const read = logCodec.readLog(new Uint8Array(batch));
    assert.deepEqual(read.errors, [], name);
    assert.equal(read.batches[0].compression, name);
    assert.deepEqual(
      read.batches[0].records.map((r) => [
        r.offset,
        Buffer.from(r.key).toString(),
        Buffer.from(r.value).toString('hex'),
      ]),
      records.map((r, i) => [50n + BigInt(i), r.key.toString(), r.value.toString('hex')]),
    );
  }
  // Dependent blocks (lz4 -BD): Kafka refuses them ("Dependent block stream is unsupported").
  const dependent = await withCodec(
    Compression.LZ4,
    (b) => lz4Frame(b, ['-B4', '-BD']),
    () => writeBatch({ baseOffset: 7, records, compression: Compression.LZ4 }),
  );
  let read = logCodec.readLog(new Uint8Array(dependent));
  assert.deepEqual(
    read.errors.map(({ code, baseOffset, position, field, message }) => ({
      code,
      baseOffset,
      position,
      field,
      message,
    })),
    [
      {
        code: 'INVALID_LZ4',
        baseOffset: 7n,
        position: 61 + 4,
        field: 'batch.records',
        message:
          'batch at offset 7 (position 0): batch.records: the lz4 payload does not decompress: dependent_blocks at byte 4 of the payload; the batch is skipped',
      },
    ],
  );
  // A snappy payload cut short (kafkajs frames and signs whatever the codec returns).
  const cut = await withCodec(
    Compression.Snappy,
    (b) => snappyXerial(b).subarray(0, 100),
    () => writeBatch({ baseOffset: 9, records, compression: Compression.Snappy }),
  );
  const first = await writeBatch({ baseOffset: 0, records: records.slice(0, 1) });
  read = logCodec.readLog(new Uint8Array(Buffer.concat([first, cut])));
  assert.deepEqual(
    read.errors.map(({ code, position, message }) => ({ code, position, message })),
    [
      {
        code: 'INVALID_SNAPPY',
        position: first.length + 61 + 100,
        message: `batch at offset 9 (position ${first.length}): batch.records: the snappy payload does not decompress: truncated at byte 100 of the payload; the batch is skipped`,
      },
    ],
  );
  assert.equal(read.batches.length, 1);
});

test('names beyond ASCII (2-, 3- and 4-byte UTF-8, a leading U+FEFF) come back exactly, in byte order', async () => {
  // The state's strings reach JS as one UTF-8 pool sliced by UTF-16 lengths (state_flat.h).
  const names = ['\uFEFFbom', 'ärger', '役割', '😀 emoji', 'z\u{10FFFF}', 'plain', '\uFFFDx', 'ß'];
  const name = (text) => names[Number(/\d+$/.exec(text)[0]) % names.length] + text;
  const records = modelLog(1200, 17).map((r) => ({
    ...r,
    key: { ...r.key, role: name(r.key.role), ...(r.key.member && { member: name(r.key.member) }) },
    value: r.value && { ...r.value, member: name(r.value.member) },
  }));
  const state = logCodec.foldState(new Uint8Array(await writeLog(records, { perBatch: 50 })), { now: NOW });
  assert.deepEqual(state.errors, []);
  assertFold(state, records);
  for (const n of names)
    assert.ok(
      state.roles.some((r) => r.role.startsWith(n)),
      n,
    );
  assert.ok(state.anomalies.length > 0);
});

test('compaction order: the last record per key wins, a tombstone clears its key, re-registration revives it', async () => {
  const k = { kind: 'registration', role: 'a', member: 'm' };
  const records = [
    { partition: 0, offset: 0, key: k, value: { member: 'm', registeredAt: 1 } },
    { partition: 0, offset: 1, key: k, value: { member: 'm', registeredAt: 2 } },
    {
      partition: 0,
      offset: 2,
      key: { kind: 'registration', role: 'b', member: 'x' },
      value: { member: 'x', registeredAt: 5 },
    },
    { partition: 0, offset: 3, key: { kind: 'registration', role: 'b', member: 'x' }, value: null },
    { partition: 0, offset: 4, key: k, value: null },
    { partition: 0, offset: 5, key: k, value: { member: 'm', registeredAt: 3 } },
  ];
  const state = logCodec.foldState(new Uint8Array(await writeLog(records, { perBatch: 2 })), { now: NOW });
  assert.deepEqual(state.roles, [
    { role: 'a', partition: 0, lease: null, members: [{ member: 'm', registeredAt: 3n }] },
  ]);
  assertFold(state, records);
});

test('a corrupt CRC, an older magic and an unsupported codec skip their batch with an exact error; reading goes on', async () => {
  const records = modelLog(40, 3);
  const batches = [];
  for (let i = 0; i < 40; i += 10) {
    batches.push(
      await writeBatch({
        baseOffset: i,
        records: records.slice(i, i + 10).map((r) => ({ key: keyBytes(r.key), value: valueBytes(r.value) })),
        compression: i === 20 ? UNKNOWN_CODEC : Compression.None,
      }),
    );
  }
  const crcBad = Buffer.from(batches[1]);
  crcBad[crcBad.length - 1] ^= 0xff;
  const oldMagic = Buffer.from(batches[3]);
  oldMagic[16] = 1;
  const log = Buffer.concat([batches[0], crcBad, batches[2], oldMagic]);
  const read = logCodec.readLog(new Uint8Array(log));
  assert.deepEqual(
    read.batches.map((b) => b.baseOffset),
    [0n],
  );
  const pos1 = batches[0].length;
  const pos2 = pos1 + crcBad.length;
  const pos3 = pos2 + batches[2].length;
  assert.deepEqual(
    read.errors.map(({ code, baseOffset, position, field }) => ({ code, baseOffset, position, field })),
    [
      { code: 'CRC_MISMATCH', baseOffset: 10n, position: pos1 + 17, field: 'batch.crc' },
      { code: 'UNSUPPORTED_COMPRESSION', baseOffset: 20n, position: pos2 + 21, field: 'batch.attributes' },
      { code: 'UNSUPPORTED_MAGIC', baseOffset: 30n, position: pos3 + 16, field: 'batch.magic' },
    ],
  );
  const crc = read.errors[0].message;
  assert.match(
    crc,
    new RegExp(
      `^batch at offset 10 \\(position ${pos1}\\): batch.crc: expected CRC-32C 0x[0-9A-F]{8} of attributes\\.\\.end \\(\\d+ bytes\\), found 0x[0-9A-F]{8}; the batch is skipped$`,
    ),
  );
  assert.equal(
    read.errors[1].message,
    `batch at offset 20 (position ${pos2}): batch.attributes: compression unknown (codec 7) is not supported (supported: none, gzip, snappy, lz4, zstd); the batch is skipped`,
  );
  assert.equal(
    read.errors[2].message,
    `batch at offset 30 (position ${pos3}): batch.magic: expected magic 2 (record batch v2), found 1 (a pre-0.11 message set); the batch is skipped`,
  );
  // The fold keeps the first batch and reports the three others.
  const state = logCodec.foldState(new Uint8Array(log), { now: NOW });
  assert.equal(state.records, 10);
  assert.deepEqual(
    state.errors.map((e) => [e.code, e.offset]),
    [
      ['CRC_MISMATCH', 10n],
      ['UNSUPPORTED_COMPRESSION', 20n],
      ['UNSUPPORTED_MAGIC', 30n],
    ],
  );
  assertFold(state, records.slice(0, 10));
});

test("records whose offsets leave their batch's skip it with INVALID_RECORD at record.offsetDelta; a compacted batch's gaps are read", async () => {
  const records = modelLog(20, 5);
  const bytesOf = (list) => list.map((r) => ({ key: keyBytes(r.key), value: valueBytes(r.value) }));
  // As compaction leaves a batch: records 0, 2 and 5 of 0..6, lastOffsetDelta kept.
  const kept = [records[0], records[2], records[5]];
  const compacted = await writeBatch({
    baseOffset: 0,
    records: bytesOf(kept),
    offsetDeltas: [0, 2, 5],
    lastOffsetDelta: 6,
  });
  // Offsets 7, 8 and 11 in a batch whose last offset is 9.
  const lying = await writeBatch({
    baseOffset: 7,
    records: bytesOf(records.slice(7, 10)),
    offsetDeltas: [0, 1, 4],
    lastOffsetDelta: 2,
  });
  const after = await writeBatch({ baseOffset: 12, records: bytesOf(records.slice(12)) });
  const log = Buffer.concat([compacted, lying, after]);
  const read = logCodec.readLog(new Uint8Array(log));
  assert.deepEqual(
    read.batches.map((b) => b.records.map((r) => r.offset)),
    [
      [0n, 2n, 5n],
      [12n, 13n, 14n, 15n, 16n, 17n, 18n, 19n],
    ],
  );
  // The third record's offsetDelta, found in kafkajs's bytes: past the 61-byte header, two
  // records (each a varint length and that many bytes), then its length, attributes, timestampDelta.
  const varint = (at) => {
    let v = 0;
    for (let shift = 0; ; shift += 7, at++) {
      v |= (lying[at] & 0x7f) << shift;
      if (!(lying[at] & 0x80)) return { value: (v >>> 1) ^ -(v & 1), next: at + 1 };
    }
  };
  let at = 61;
  for (let i = 0; i < 2; i++) {
    const { value, next } = varint(at);
    at = next + value;
  }
  const timestampDelta = varint(varint(at).next + 1);
  assert.equal(timestampDelta.value, 2); // the third record's
  const field = timestampDelta.next;
  assert.deepEqual(read.errors, [
    {
      code: 'INVALID_RECORD',
      baseOffset: 7n,
      position: compacted.length + field,
      field: 'record.offsetDelta',
      message: `batch at offset 7 (position ${compacted.length}): record.offsetDelta: offsetDelta 4 (offset 11) is past the batch's lastOffsetDelta 2 (its last offset 9); the batch is skipped (record 2)`,
      fatal: false,
    },
  ]);
  const state = logCodec.foldState(new Uint8Array(log), { now: NOW });
  assert.deepEqual(
    state.errors.map((e) => [e.code, e.offset, e.field]),
    [['INVALID_RECORD', 7n, 'record.offsetDelta']],
  );
  assertFold(state, [...kept, ...records.slice(12)]);
});

test('a truncated final batch is an error naming its offset, position and expected length', async () => {
  const records = modelLog(30, 4);
  const log = await writeLog(records, { perBatch: 10 });
  const whole = logCodec.readLog(new Uint8Array(log));
  const lastPos = whole.batches[2].position;
  for (const cut of [lastPos + 5, lastPos + 12, log.length - 1]) {
    const read = logCodec.readLog(new Uint8Array(log.subarray(0, cut)));
    assert.equal(read.batches.length, 2);
    assert.equal(read.errors.length, 1);
    const e = read.errors[0];
    assert.equal(e.code, 'BATCH_TRUNCATED');
    assert.equal(e.position, cut);
    if (cut - lastPos >= 12) {
      assert.equal(e.baseOffset, 20n);
      assert.equal(
        e.message,
        `batch at offset 20 (position ${lastPos}): batch: the input ends after ${cut - lastPos} bytes of the batch, expected ${log.length - lastPos} (batchLength + 12)`,
      );
    } else {
      assert.match(e.message, /expected at least 12 \(baseOffset, batchLength\)$/);
    }
    const state = logCodec.foldState(new Uint8Array(log.subarray(0, cut)), { now: NOW });
    assertFold(state, records.slice(0, 20));
  }
});

test('every anomaly, as the independent fold finds them', async () => {
  const L = (role, member, producerId, producerEpoch, grantedAt, deadline) => ({
    kind: 'lease',
    role,
    value: { member, producerId, producerEpoch, grantedAt, deadline },
  });
  const R = (role, member) => ({ kind: 'registration', role, member, value: { member, registeredAt: 9 } });
  const model = [
    R('ok', 'm1'),
    L('ok', 'm1', 1, 1, 100, 200), // healthy
    L('ghost', 'nobody', 2, 1, 100, 200), // lease_holder_not_registered
    R('epoch', 'e'),
    L('epoch', 'e', 3, 5, 100, 200),
    L('epoch', 'e', 3, 4, 100, 200), // producer_epoch_backwards
    R('two-a', 'x'),
    R('two-b', 'x'),
    L('two-a', 'x', 4, 1, 100, 200),
    L('two-b', 'x', 4, 1, 100, 200), // producer_holds_two_leases
    R('late', 'l'),
    L('late', 'l', 5, 1, 500, 400), // deadline_before_granted_at
  ];
  const records = model.map((m, offset) => ({
    partition: 0,
    offset,
    key: { kind: m.kind, role: m.role, member: m.member },
    value: m.value,
  }));
  const p0 = await writeLog(records, { perBatch: 4 });
  // role_in_two_partitions: 'ok' also written to partition 1.
  const p1records = [
    {
      partition: 1,
      offset: 0,
      key: { kind: 'registration', role: 'ok', member: 'm2' },
      value: { member: 'm2', registeredAt: 1 },
    },
  ];
  const p1 = await writeLog(p1records);
  const folder = logCodec.createFolder();
  folder.pushLog(new Uint8Array(p0), 0);
  folder.endLog(0);
  folder.pushLog(new Uint8Array(p1), 1);
  folder.endLog(1);
  const state = folder.result({ now: NOW });
  folder.dispose();
  const want = expectedFold([...records, ...p1records], NOW);
  assert.deepEqual(state.roles, want.roles);
  assert.deepEqual(sortAnomalies(state.anomalies), want.anomalies);
  assert.deepEqual([...new Set(state.anomalies.map((a) => a.kind))].sort(), [
    'deadline_before_granted_at',
    'lease_holder_not_registered',
    'producer_epoch_backwards',
    'producer_holds_two_leases',
    'role_in_two_partitions',
  ]);
});

test("keys and values that do not decode are errors with the offset and the codec's exact error; a null key too", async () => {
  const good = { kind: 'registration', role: 'r', member: 'm' };
  const log = Buffer.concat([
    await writeBatch({
      baseOffset: 0,
      records: [
        { key: keyBytes(good), value: valueBytes({ member: 'm', registeredAt: 1 }) },
        { key: Buffer.from([0, 0, 0, 7]), value: Buffer.from([1]) }, // kind 7
        { key: keyBytes({ kind: 'lease', role: 'r' }), value: Buffer.from([0, 0, 0, 1, 0x61]) }, // lease cut short
        { key: null, value: Buffer.from([1]) },
      ],
    }),
  ]);
  const state = logCodec.foldState(new Uint8Array(log), { now: NOW });
  assert.equal(state.records, 4);
  assert.deepEqual(
    state.errors.map(({ offset, code, field }) => ({ offset, code, field })),
    [
      { offset: 1n, code: 'UNKNOWN_KIND', field: 'key.kind' },
      { offset: 2n, code: 'TRUNCATED', field: 'lease.producer_id' },
      { offset: 3n, code: 'NULL_KEY', field: 'key' },
    ],
  );
  // The same message as decodeKey gives for those bytes.
  assert.throws(
    () => codec.decodeKey(new Uint8Array([0, 0, 0, 7])),
    (e) => e.message === state.errors[0].message,
  );
  assert.deepEqual(state.roles, [
    { role: 'r', partition: 0, lease: null, members: [{ member: 'm', registeredAt: 1n }] },
  ]);
});

test('control batches (transaction markers) are skipped from the fold', async () => {
  const data = await writeBatch({
    baseOffset: 0,
    records: [
      {
        key: keyBytes({ kind: 'registration', role: 'r', member: 'm' }),
        value: valueBytes({ member: 'm', registeredAt: 1 }),
      },
    ],
  });
  // A commit marker: control key (version 0, type 1) -- kafkajs has no control writer; its batch with the bit set.
  const marker = withAttributes(
    await writeBatch({
      baseOffset: 1,
      records: [{ key: Buffer.from([0, 0, 0, 1]), value: Buffer.from([0, 0, 0, 0, 0, 0]) }],
      transactional: true,
    }),
    0x20,
  );
  const read = logCodec.readLog(new Uint8Array(Buffer.concat([data, marker])));
  assert.deepEqual(
    read.batches.map((b) => [b.control, b.transactional]),
    [
      [false, false],
      [true, true],
    ],
  );
  const state = logCodec.foldState(new Uint8Array(Buffer.concat([data, marker])), { now: NOW });
  assert.equal(state.records, 1);
  assert.deepEqual(state.errors, []);
});

test('streaming: any chunking gives the same state as one call; history when asked for', async () => {
  const records = modelLog(800, 11);
  const log = new Uint8Array(await writeLog(records, { perBatch: 23, compression: Compression.GZIP }));
  const whole = logCodec.foldState(log, { now: NOW });
  const next = rng(5);
  for (let round = 0; round < 5; round++) {
    const folder = logCodec.createFolder();
    for (let at = 0; at < log.length;) {
      const n = 1 + next(round < 2 ? 50 : 5000);
      folder.pushLog(log.subarray(at, at + n));
      at += n;
    }
    folder.endLog();
    assert.deepEqual(folder.result({ now: NOW }), whole);
    folder.dispose();
  }
  const withHistory = logCodec.foldState(log, { now: NOW, history: true });
  const entries = withHistory.history.flatMap((h) => h.entries);
  assert.equal(entries.length, 800);
  const h = withHistory.history.find((x) => x.kind === 'registration');
  const modelFor = records.filter(
    (r) => r.key.kind === 'registration' && r.key.role === h.role && r.key.member === h.member,
  );
  assert.deepEqual(
    h.entries.map((e) => e.offset),
    modelFor.map((r) => BigInt(r.offset)),
  );
  assert.deepEqual(
    h.entries.map((e) => (e.value === null ? null : e.value.registeredAt)),
    modelFor.map((r) => (r.value === null ? null : BigInt(r.value.registeredAt))),
  );
});

test('records input (JSON Lines after parsing) folds like the log, with offsets or in line order', async () => {
  const records = modelLog(500, 13);
  const asRecords = records.map((r) => ({
    key: new Uint8Array(keyBytes(r.key)),
    value: r.value && new Uint8Array(valueBytes(r.value)),
    offset: r.offset,
    partition: 0,
  }));
  const fromLog = logCodec.foldState(new Uint8Array(await writeLog(records)), { now: NOW });
  assert.deepEqual(logCodec.foldState(asRecords, { now: NOW }), fromLog);
  const noOffsets = asRecords.map(({ offset, ...r }, i) => ({ ...r, line: i + 1 }));
  assert.deepEqual(logCodec.foldState(noOffsets, { now: NOW }).roles, fromLog.roles);
  const bad = logCodec.foldState([{ key: new Uint8Array([0, 1]), value: null, line: 4 }], { now: NOW });
  assert.deepEqual(bad.errors, [
    {
      partition: 0,
      line: 4,
      role: null,
      code: 'UNSUPPORTED_VERSION',
      field: 'key.version',
      message: bad.errors[0].message,
    },
  ]);
  assert.throws(() => logCodec.foldState('nope'), TypeError);
});

test("log bytes and record fields from any realm: Buffer, ArrayBuffer, another realm; the caller's records are left as they were", async () => {
  const vm = await import('node:vm');
  const records = modelLog(200, 29);
  const log = new Uint8Array(await writeLog(records));
  const want = logCodec.foldState(log, { now: NOW });
  assert.deepEqual(logCodec.foldState(Buffer.from(log), { now: NOW }), want);
  assert.deepEqual(logCodec.foldState(log.slice().buffer, { now: NOW }), want);
  const foreign = vm.runInNewContext('(b) => new Uint8Array(b)')(log.slice().buffer);
  assert.equal(foreign instanceof Uint8Array, false);
  assert.deepEqual(logCodec.foldState(foreign, { now: NOW }), want);
  assert.deepEqual(logCodec.readLog(Buffer.from(log)), logCodec.readLog(log));
  const asRecords = records.map((r) => ({
    key: Buffer.from(keyBytes(r.key)),
    value: r.value && new Uint8Array(valueBytes(r.value)).buffer,
    offset: r.offset,
  }));
  const before = asRecords.map((r) => r.value);
  assert.deepEqual(logCodec.foldState(asRecords, { now: NOW }).roles, want.roles);
  assert.deepEqual(
    asRecords.map((r) => r.value),
    before,
  );
  assert.throws(
    () => logCodec.foldState([{ key: [0, 0], value: null }]),
    /pushRecords: record 0: key must be a Uint8Array, a Buffer or an ArrayBuffer; got an Array/,
  );
});

test('readLogInto (the CLI reads files straight into the heap): any read sizes fold as pushLog; a bad read is refused', async () => {
  const { readLogInto } = await import('../../wasm/api/log-api.js');
  const log = new Uint8Array(await writeLog(modelLog(600, 12, 3), { perBatch: 17, compression: Compression.GZIP }));
  const whole = logCodec.foldState(log, { now: NOW, partition: 3 });
  const next = rng(9);
  const folder = logCodec.createFolder();
  let at = 0;
  const reads = [];
  for (;;) {
    const n = folder[readLogInto]((view) => {
      reads.push(view.length);
      const k = Math.min(1 + next(3000), log.length - at);
      view.set(log.subarray(at, at + k));
      at += k;
      return k;
    }, 3);
    if (n === 0) break;
  }
  folder.endLog(3);
  assert.deepEqual(folder.result({ now: NOW }), whole);
  assert.equal(folder.records, 600);
  assert.ok(
    reads.every((n) => n === 1 << 22),
    'each read is offered the 4 MiB piece',
  );
  assert.throws(() => folder[readLogInto]('read'), TypeError);
  assert.throws(() => folder[readLogInto](() => (1 << 22) + 1), /readLogInto: read returned 4194305/);
  assert.throws(() => folder[readLogInto](() => -1), RangeError);
  assert.throws(() => folder[readLogInto](() => 0, -1), RangeError);
  folder.dispose();
  assert.throws(() => folder[readLogInto](() => 0), /disposed/);
  for (const other of [logCodec.createGroupFolder(), logCodec.createTransactionFolder()]) {
    assert.equal(
      other[readLogInto](() => 0),
      0,
    );
    other.dispose();
  }
});

test('loadLogCodec({ wasmModule }): a compiled module (the one a worker thread is sent) folds as the default load; a wrong one is refused', async () => {
  const wasm = readFileSync(new URL('../../wasm/dist/coordination_log.wasm', import.meta.url));
  const fresh = await import('../../wasm/api/log-api.js?wasmModule=1');
  const shared = await fresh.loadLogCodec({ wasmModule: await WebAssembly.compile(wasm) });
  assert.notEqual(shared, logCodec);
  const log = new Uint8Array(await writeLog(modelLog(300, 13)));
  assert.deepEqual(shared.foldState(log, { now: NOW }), logCodec.foldState(log, { now: NOW }));
  const other = await import('../../wasm/api/log-api.js?wasmModule=2');
  await assert.rejects(other.loadLogCodec({ wasmModule: wasm }), /wasmModule must be a WebAssembly.Module/);
  // The single-record codec's module is not this glue's: the load fails, it does not wait forever.
  const codecWasm = readFileSync(new URL('../../wasm/dist/coordination_codec.wasm', import.meta.url));
  await assert.rejects(other.loadLogCodec({ wasmModule: await WebAssembly.compile(codecWasm) }));
  const third = await import('../../wasm/api/log-api.js?wasmModule=3');
  const broken = new WebAssembly.Module(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0])); // no imports, no exports
  await assert.rejects(third.loadLogCodec({ wasmModule: broken }));
});
