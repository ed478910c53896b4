// Test inputs for the whole-topic mode, written by code we did not write: kafkajs's record batch v2
// encoder (kafkajs/src/protocol/recordBatch/v0, its CRC-32C and its gzip codec; lz4, snappy and
// zstd payloads through its codec hook by the lz4 command line, python-snappy and the zstd command
// line, below) makes the segment bytes. The coordination records inside are encoded here from the
// frozen layout (seed 000: i16 version, i16 kind, i16-length UTF-8 strings, big-endian i64), not by
// the codec under test; and expectedFold() computes the state from the model records, in plain JS.
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { createGzip } from 'node:zlib';

const require = createRequire(import.meta.url);
const { RecordBatch } = require('kafkajs/src/protocol/recordBatch/v0');
const Record = require('kafkajs/src/protocol/recordBatch/record/v0');
const { Types: Compression, Codecs } = require('kafkajs/src/protocol/message/compression');
const crc32C = require('kafkajs/src/protocol/recordBatch/crc32C');
const Long = require('kafkajs/src/utils/long');

export { Compression };

// kafkajs's documented hook for codecs it lacks: a stand-in codec 7 (no Kafka codec: 0-4 are) that
// does not compress, so a batch can carry a codec the reader refuses before reading the payload.
export const UNKNOWN_CODEC = 7;
Codecs[UNKNOWN_CODEC] = () => ({ compress: async (encoder) => encoder.buffer });

/**
 * An LZ4 frame of `bytes` by the lz4 command line (Debian package lz4), not by our code. The
 * default arguments make the frame Kafka's producer writes (Lz4BlockOutputStream: FLG 60, BD 40:
 * version 1, independent 64 KB blocks, no block or content checksum).
 */
export function lz4Frame(bytes, args = ['-B4', '--no-frame-crc']) {
  const r = spawnSync('lz4', [...args, '-c'], { input: bytes, maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`lz4 ${args.join(' ')} failed: ${r.error ?? r.stderr}`);
  return r.stdout;
}

// Debian's python3 (python3-snappy), whatever python3 comes first on PATH.
const PYTHON = process.env.COORDINATION_PYTHON ?? '/usr/bin/python3';
/** One raw snappy block of `bytes` by python-snappy (Google's libsnappy), not by our code. */
export function snappyRaw(bytes) {
  const script = 'import sys, snappy; sys.stdout.buffer.write(snappy.compress(sys.stdin.buffer.read()))';
  const r = spawnSync(PYTHON, ['-c', script], { input: bytes, maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`python-snappy failed: ${r.error ?? r.stderr}`);
  return r.stdout;
}
/**
 * `bytes` in the framing Kafka's Java producer writes for snappy (xerial snappy-java's
 * SnappyOutputStream): the header 82 'SNAPPY' 00, version 1, compatible version 1 (i32 big-endian),
 * then per `block` bytes of input an i32 length and python-snappy's raw block.
 */
export function snappyXerial(bytes, block = 32 * 1024) {
  const parts = [Buffer.from([0x82, 0x53, 0x4e, 0x41, 0x50, 0x50, 0x59, 0, 0, 0, 0, 1, 0, 0, 0, 1])];
  for (let i = 0; i < bytes.length; i += block) {
    const raw = snappyRaw(bytes.subarray(i, i + block));
    const length = Buffer.alloc(4);
    length.writeInt32BE(raw.length, 0);
    parts.push(length, raw);
  }
  return Buffer.concat(parts);
}

// The codecs kafkajs lacks, through its hook, by the independent writers above: snappy in the
// xerial framing (as Kafka's Java producer), lz4 as Kafka's frame. withCodec swaps one for a call.
Codecs[Compression.Snappy] = () => ({ compress: async (encoder) => snappyXerial(encoder.buffer) });
Codecs[Compression.LZ4] = () => ({ compress: async (encoder) => lz4Frame(encoder.buffer) });

/** `zstd -q -c ...args` of `bytes` (the CLI, an independent writer; one frame, stdin: no content size). */
export function zstdCli(bytes, args = ['-3']) {
  return execFileSync('zstd', ['-q', '-c', ...args], { input: bytes, maxBuffer: 1 << 30 });
}
// The same hook for codec 4: kafkajs's encoder hands over the records' bytes, the zstd CLI
// compresses them (as Kafka's producer does through zstd-jni: frames of the records section).
Codecs[Compression.ZSTD] = () => ({ compress: async (encoder) => zstdCli(encoder.buffer) });

function str16(s) {
  const b = Buffer.from(s, 'utf8');
  const out = Buffer.alloc(2 + b.length);
  out.writeInt16BE(b.length, 0);
  b.copy(out, 2);
  return out;
}
function i16(v) {
  const b = Buffer.alloc(2);
  b.writeInt16BE(v, 0);
  return b;
}
function i64(v) {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(BigInt(v), 0);
  return b;
}

/** Key bytes of { kind: 'registration' | 'lease', role, member? }. */
export function keyBytes(k) {
  return Buffer.concat([
    i16(0),
    i16(k.kind === 'lease' ? 1 : 0),
    str16(k.role),
    str16(k.kind === 'lease' ? '' : k.member),
  ]);
}
/** Value bytes of a registration { member, registeredAt } or a lease { member, producerId, ... }. */
export function valueBytes(v) {
  if (v === null) return null;
  if ('registeredAt' in v) return Buffer.concat([i16(0), str16(v.member), i64(v.registeredAt)]);
  return Buffer.concat([
    i16(0),
    str16(v.member),
    i64(v.producerId),
    i16(v.producerEpoch),
    i64(v.grantedAt),
    i64(v.deadline),
  ]);
}

/** A lease's value bytes: member 'm-1', producer 4000 epoch 3, granted at 1700000000000, 30 s, with `over` changed. */
export const leaseValue = (over = {}) =>
  valueBytes({
    member: 'm-1',
    producerId: 4000n,
    producerEpoch: 3,
    grantedAt: 1700000000000n,
    deadline: 1700000030000n,
    ...over,
  });

/**
 * One record batch by kafkajs. records: [{ key: Buffer|null, value: Buffer|null, headers? }], offsets
 * baseOffset, baseOffset + 1, ...; timestamps baseTimestamp + i. offsetDeltas and lastOffsetDelta
 * replace the records' offset deltas and the header's (a compacted batch, or one that lies).
 */
export async function writeBatch({
  baseOffset,
  records,
  compression = Compression.None,
  baseTimestamp = 1_700_000_000_000,
  producerId = -1,
  producerEpoch = 0,
  transactional = false,
  offsetDeltas = records.map((_, i) => i),
  lastOffsetDelta = records.length - 1,
}) {
  const encoded = records.map((r, i) =>
    Record({ offsetDelta: offsetDeltas[i], timestampDelta: i, key: r.key, value: r.value, headers: r.headers || {} }),
  );
  const batch = await RecordBatch({
    compression,
    firstOffset: Long.fromValue(baseOffset),
    firstTimestamp: baseTimestamp,
    maxTimestamp: baseTimestamp + records.length - 1,
    lastOffsetDelta,
    producerId: Long.fromValue(producerId),
    producerEpoch,
    transactional,
    records: encoded,
  });
  return Buffer.from(batch.buffer);
}

/**
 * A gzip payload of `count` records of 7 bytes (the smallest a record can be: length 6, attributes,
 * timestamp and offset deltas 0, null key, null value, no headers), deflated by Node's zlib as a
 * stream (the inflated bytes are never held: 38 million records are 256 MiB). A log refuses such a
 * batch once its records are read (their offsets repeat): for batches refused before that. With
 * `numbered`, record i has offsetDelta i (7 to 9 bytes): a batch a log reads.
 */
export async function smallRecordsGzip(count, numbered = false) {
  const BLOCK = 1 << 16;
  const record = [0x0c, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00];
  const same = Buffer.concat(new Array(BLOCK).fill(Buffer.from(record)));
  const gzip = createGzip({ level: 9 });
  const out = [];
  gzip.on('data', (c) => out.push(c));
  const done = new Promise((resolve, reject) => gzip.on('end', resolve).on('error', reject));
  for (let first = 0; first < count; first += BLOCK) {
    const n = Math.min(BLOCK, count - first);
    let piece = same.subarray(0, n * 7);
    if (numbered) {
      const bytes = [];
      for (let i = first; i < first + n; i++) {
        const delta = [];
        for (let z = 2 * i; ; z = Math.floor(z / 128)) {
          if (z < 128) {
            delta.push(z);
            break;
          }
          delta.push((z % 128) | 0x80);
        }
        bytes.push(2 * (5 + delta.length), 0, 0, ...delta, 1, 1, 0);
      }
      piece = Buffer.from(bytes);
    }
    if (!gzip.write(piece)) await new Promise((resolve) => gzip.once('drain', resolve));
  }
  gzip.end();
  await done;
  return Buffer.concat(out);
}

/**
 * Runs `write` (kafkajs's encoder) with kafkajs's gzip codec replaced by one that returns
 * `payload` (through its codec hook, for this call only): with records given as a sparse array of
 * `count` holes, kafkajs frames a batch (count, CRC-32C, lengths) around a payload it did not
 * have to build, e.g. writeBatch({ records: new Array(count), compression: Compression.GZIP }).
 */
export async function withGzipPayload(payload, write) {
  return withCodec(Compression.GZIP, () => payload, write);
}

/**
 * Runs `write` with kafkajs's codec `codec` replaced, for this call only, by `compress(bytes)` (the
 * records' bytes kafkajs encoded -> the payload): e.g. snappyRaw for librdkafka's unframed snappy.
 */
export async function withCodec(codec, compress, write) {
  const saved = Codecs[codec];
  Codecs[codec] = () => ({ compress: async (encoder) => compress(encoder.buffer) });
  try {
    return await write();
  } finally {
    Codecs[codec] = saved;
  }
}

/** withGzipPayload's twin for codec 4: kafkajs frames a zstd batch around `payload` as given. */
export async function withZstdPayload(payload, write) {
  return withCodec(Compression.ZSTD, () => payload, write);
}

/** A gzip batch of `count` small records (smallRecordsGzip), framed by kafkajs. */
export async function writeSmallRecordsBatch(count, baseOffset = 0, numbered = false) {
  const payload = await smallRecordsGzip(count, numbered);
  return withGzipPayload(payload, () =>
    writeBatch({ baseOffset, records: new Array(count), compression: Compression.GZIP }),
  );
}

/** A batch's CRC-32C (over its bytes from the attributes on) written anew by kafkajs's CRC-32C, in place. */
export function withCrc(batch) {
  batch.writeUInt32BE(crc32C(batch.subarray(21)), 17);
  return batch;
}

/** Sets attribute bits (e.g. 0x20, control) and recomputes the CRC with kafkajs's CRC-32C. */
export function withAttributes(batch, bits) {
  const b = Buffer.from(batch);
  b.writeInt16BE(b.readInt16BE(21) | bits, 21);
  return withCrc(b);
}

/**
 * A transaction marker (KIP-98): a one-record control batch of the producer. Kafka's layout, from
 * its sources (ControlRecordType, EndTransactionMarker): key version i16 0 | type i16 (0 ABORT,
 * 1 COMMIT, or `typeId`); value version i16 0 | coordinatorEpoch i32. kafkajs writes no control
 * batches: its encoder writes the transactional batch, withAttributes sets the control bit.
 */
export async function writeMarker({
  offset,
  producerId,
  producerEpoch = 0,
  marker,
  typeId = marker === 'COMMIT' ? 1 : 0,
  coordinatorEpoch = 0,
  key,
}) {
  const value = Buffer.alloc(6);
  value.writeInt32BE(coordinatorEpoch, 2);
  const batch = await writeBatch({
    baseOffset: offset,
    producerId,
    producerEpoch,
    transactional: true,
    records: [{ key: key ?? Buffer.concat([i16(0), i16(typeId)]), value }],
  });
  return withAttributes(batch, 0x20);
}

/**
 * A model log: [{ offset, key: {kind, role, member?} | Buffer (raw), value: model | null | Buffer,
 * producerId?, transactional? }] and markers [{ offset, marker: 'COMMIT' | 'ABORT', producerId }],
 * written as batches of up to `perBatch` records of one producer (offsets must be consecutive
 * within a batch); a marker is a batch of its own.
 */
export async function writeLog(records, { perBatch = 10, compression = Compression.None } = {}) {
  const parts = [];
  const producerOf = (r) => `${r.producerId ?? -1}/${r.transactional === true}`;
  for (let i = 0; i < records.length;) {
    if (records[i].marker) {
      parts.push(await writeMarker(records[i]));
      i++;
      continue;
    }
    let end = i + 1;
    while (
      end < records.length &&
      end - i < perBatch &&
      !records[end].marker &&
      producerOf(records[end]) === producerOf(records[i]) &&
      records[end].offset === records[end - 1].offset + 1
    )
      end++;
    const slice = records.slice(i, end);
    parts.push(
      await writeBatch({
        baseOffset: slice[0].offset,
        compression,
        producerId: slice[0].producerId ?? -1,
        transactional: slice[0].transactional === true,
        records: slice.map((r) => ({
          key: Buffer.isBuffer(r.key) || r.key === null ? r.key : keyBytes(r.key),
          value: Buffer.isBuffer(r.value) || r.value === null ? r.value : valueBytes(r.value),
        })),
      }),
    );
    i = end;
  }
  return Buffer.concat(parts);
}

/**
 * What a read_committed consumer receives (KIP-98), written from the rule, not from the fold: per
 * partition in offset order, a producer's transactional records wait for its next marker; COMMIT
 * delivers them, ABORT drops them; other records are delivered. Returns the delivered records in
 * (partition, offset) order and the transactions left open: [{ partition, producerId, records }].
 */
export function readCommitted(entries) {
  const sorted = [...entries].sort((a, b) => (a.partition ?? 0) - (b.partition ?? 0) || a.offset - b.offset);
  const delivered = [];
  const pending = new Map();
  for (const e of sorted) {
    const id = `${e.partition ?? 0}/${e.producerId}`;
    if (e.marker) {
      if (e.marker === 'COMMIT') delivered.push(...(pending.get(id) ?? []));
      pending.delete(id);
    } else if (e.transactional) {
      if (!pending.has(id)) pending.set(id, []);
      pending.get(id).push(e);
    } else {
      delivered.push(e);
    }
  }
  delivered.sort((a, b) => (a.partition ?? 0) - (b.partition ?? 0) || a.offset - b.offset);
  const open = [...pending.values()].map((records) => ({
    partition: records[0].partition ?? 0,
    producerId: records[0].producerId,
    records,
  }));
  return { delivered, open };
}

/**
 * The fold, written for the tests from the rules: per partition in offset order the last
 * record per key wins, a tombstone clears it. records: [{ partition, offset, key (model), value }]
 * (model keys only). Returns the document's roles (i64 as bigint) and anomalies as
 * { kind, role, offset } sorted by role, offset, kind.
 */
export function expectedFold(records, now) {
  const sorted = [...records].sort((a, b) => a.partition - b.partition || a.offset - b.offset);
  const live = new Map();
  const rolePartitions = new Map();
  const maxEpoch = new Map();
  const anomalies = [];
  for (const r of sorted) {
    const id = `${r.partition}\u0000${r.key.kind}\u0000${r.key.role}\u0000${r.key.member ?? ''}`;
    const parts = rolePartitions.get(r.key.role) ?? [];
    if (!parts.includes(r.partition)) {
      if (parts.length) anomalies.push({ kind: 'role_in_two_partitions', role: r.key.role, offset: BigInt(r.offset) });
      parts.push(r.partition);
      rolePartitions.set(r.key.role, parts);
    }
    if (r.value && r.key.kind === 'lease') {
      const seen = maxEpoch.get(r.value.producerId);
      if (seen !== undefined && r.value.producerEpoch < seen) {
        anomalies.push({ kind: 'producer_epoch_backwards', role: r.key.role, offset: BigInt(r.offset) });
      } else {
        maxEpoch.set(r.value.producerId, r.value.producerEpoch);
      }
    }
    if (r.value === null) live.delete(id);
    else live.set(id, r);
  }
  const roles = new Map();
  for (const r of live.values()) {
    const id = `${r.key.role}\u0000${r.partition}`;
    if (!roles.has(id))
      roles.set(id, { role: r.key.role, partition: r.partition, lease: null, members: [], leaseOffset: 0 });
    const role = roles.get(id);
    if (r.key.kind === 'lease') {
      role.lease = {
        holder: r.value.member,
        producerId: BigInt(r.value.producerId),
        producerEpoch: r.value.producerEpoch,
        grantedAt: BigInt(r.value.grantedAt),
        deadline: BigInt(r.value.deadline),
        expired: BigInt(now) >= BigInt(r.value.deadline),
      };
      role.leaseOffset = BigInt(r.offset);
    } else {
      role.members.push({ member: r.value.member, registeredAt: BigInt(r.value.registeredAt) });
    }
  }
  const byte = (s) => Buffer.from(s, 'utf8');
  const list = [...roles.values()].sort(
    (a, b) => Buffer.compare(byte(a.role), byte(b.role)) || a.partition - b.partition,
  );
  const holders = new Map();
  for (const role of list) {
    role.members.sort((a, b) => Buffer.compare(byte(a.member), byte(b.member)));
    if (!role.lease) continue;
    if (!role.members.some((m) => m.member === role.lease.holder)) {
      anomalies.push({ kind: 'lease_holder_not_registered', role: role.role, offset: role.leaseOffset });
    }
    if (role.lease.deadline < role.lease.grantedAt) {
      anomalies.push({ kind: 'deadline_before_granted_at', role: role.role, offset: role.leaseOffset });
    }
    const h = holders.get(role.lease.producerId) ?? [];
    h.push(role);
    holders.set(role.lease.producerId, h);
  }
  for (const held of holders.values()) {
    if (held.length > 1)
      for (const role of held)
        anomalies.push({ kind: 'producer_holds_two_leases', role: role.role, offset: role.leaseOffset });
  }
  return {
    roles: list.map(({ leaseOffset, ...r }) => r),
    anomalies: sortAnomalies(anomalies),
  };
}

/** A small deterministic generator: rng(seed)(n) is 0..n-1. */
export function rng(seed) {
  let x = seed >>> 0;
  return (n) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
}

export function sortAnomalies(list) {
  return list
    .map(({ kind, role, offset }) => ({ kind, role, offset }))
    .sort(
      (a, b) =>
        (a.role < b.role ? -1 : a.role > b.role ? 1 : 0) ||
        (a.offset < b.offset ? -1 : a.offset > b.offset ? 1 : 0) ||
        (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0),
    );
}
