// Lint of the golden vectors (golden/*.json): well formed, unique ids, full coverage of the
// (code, field) matrix, declared flags, canonical hex, i64 ranges, a third implementation
// (npm kafkajs's protocol Encoder) agreeing on every valid record's bytes, and generate.py --check.
// Needs no wasm: it never touches the code under test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';

const require = createRequire(import.meta.url);
const Encoder = require('kafkajs/src/protocol/encoder.js');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const golden = path.join(root, 'golden');
const load = (name) => JSON.parse(readFileSync(path.join(golden, name), 'utf8'));

const DECODE_FILES = ['key.json', 'registration.json', 'lease.json'];
const ALL_FILES = [...DECODE_FILES, 'encode.json'];
const files = Object.fromEntries(ALL_FILES.map((f) => [f, load(f)]));
const schema = load('schema.json');

// Every error code the schema allows must appear in some vector.
const CODES = schema.$defs.error.properties.code.enum;

// The required coverage: every code at every field where it can occur (decode files).
const DECODE_MATRIX = [
  ['TRUNCATED', 'key.version'],
  ['TRUNCATED', 'key.kind'],
  ['TRUNCATED', 'key.role'],
  ['TRUNCATED', 'key.member'],
  ['TRUNCATED', 'registration.version'],
  ['TRUNCATED', 'registration.member'],
  ['TRUNCATED', 'registration.registered_at'],
  ['TRUNCATED', 'lease.version'],
  ['TRUNCATED', 'lease.member'],
  ['TRUNCATED', 'lease.producer_id'],
  ['TRUNCATED', 'lease.producer_epoch'],
  ['TRUNCATED', 'lease.granted_at'],
  ['TRUNCATED', 'lease.deadline'],
  ['NEGATIVE_LENGTH', 'key.role'],
  ['NEGATIVE_LENGTH', 'key.member'],
  ['NEGATIVE_LENGTH', 'registration.member'],
  ['NEGATIVE_LENGTH', 'lease.member'],
  ['INVALID_UTF8', 'key.role'],
  ['INVALID_UTF8', 'key.member'],
  ['INVALID_UTF8', 'registration.member'],
  ['INVALID_UTF8', 'lease.member'],
  ['UNSUPPORTED_VERSION', 'key.version'],
  ['UNSUPPORTED_VERSION', 'registration.version'],
  ['UNSUPPORTED_VERSION', 'lease.version'],
  ['UNKNOWN_KIND', 'key.kind'],
  ['LEASE_KEY_HAS_MEMBER', 'key.member'],
  ['ROLE_OUT_OF_BOUNDS', 'key.role'],
  ['MEMBER_OUT_OF_BOUNDS', 'key.member'],
  ['MEMBER_OUT_OF_BOUNDS', 'registration.member'],
  ['MEMBER_OUT_OF_BOUNDS', 'lease.member'],
  ['NEGATIVE_PRODUCER_ID', 'lease.producer_id'],
  ['NEGATIVE_PRODUCER_EPOCH', 'lease.producer_epoch'],
  ['TRAILING_BYTES', 'key'],
  ['TRAILING_BYTES', 'registration'],
  ['TRAILING_BYTES', 'lease'],
];
// Every refusal the encoder shares with the decoder (encode.json).
const ENCODE_MATRIX = [
  ['ROLE_OUT_OF_BOUNDS', 'key.role'],
  ['MEMBER_OUT_OF_BOUNDS', 'key.member'],
  ['MEMBER_OUT_OF_BOUNDS', 'registration.member'],
  ['MEMBER_OUT_OF_BOUNDS', 'lease.member'],
  ['LEASE_KEY_HAS_MEMBER', 'key.member'],
  ['NEGATIVE_PRODUCER_ID', 'lease.producer_id'],
  ['NEGATIVE_PRODUCER_EPOCH', 'lease.producer_epoch'],
  ['INVALID_UTF8', 'key.role'],
  ['INVALID_UTF8', 'key.member'],
  ['INVALID_UTF8', 'registration.member'],
  ['INVALID_UTF8', 'lease.member'],
];
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

const errorsOf = (file) => files[file].vectors.filter((v) => v.expect.error).map((v) => v.expect.error);

test('every golden file validates against golden/schema.json', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const validate = ajv.compile(schema);
  for (const f of ALL_FILES) {
    const ok = validate(files[f]);
    assert.ok(ok, `${f}: ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
    assert.equal(files[f].target, f.replace('.json', ''), `${f}: target`);
  }
});

test('the schema rejects malformed vectors', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const validate = ajv.compile(schema);
  const base = structuredClone(files['lease.json']);
  const bad = (mutate) => {
    const copy = structuredClone(base);
    mutate(copy.vectors.find((v) => v.expect.record));
    return validate(copy);
  };
  assert.equal(
    bad((v) => {
      v.hex = v.hex.toUpperCase();
    }),
    false,
    'uppercase hex',
  );
  assert.equal(
    bad((v) => {
      v.hex += '0';
    }),
    false,
    'odd hex',
  );
  assert.equal(
    bad((v) => {
      v.expect.record.producer_id = 1;
    }),
    false,
    'i64 as number',
  );
  assert.equal(
    bad((v) => {
      v.expect.error = { code: 'NOPE', offset: 0, field: 'lease' };
    }),
    false,
  );
  assert.equal(
    bad((v) => {
      v.extra = 1;
    }),
    false,
    'unknown property',
  );
});

test('ids are unique across all files and prefixed by their file target', () => {
  const seen = new Map();
  for (const f of ALL_FILES) {
    for (const v of files[f].vectors) {
      assert.ok(!seen.has(v.id), `duplicate id ${v.id} in ${f} and ${seen.get(v.id)}`);
      seen.set(v.id, f);
      assert.ok(v.id.startsWith(`${files[f].target}/`), `${v.id} in ${f}`);
    }
  }
});

test('every (code, field) pair of the coverage matrix appears', () => {
  const have = new Set(DECODE_FILES.flatMap((f) => errorsOf(f).map((e) => `${e.code} ${e.field}`)));
  for (const [code, field] of DECODE_MATRIX) assert.ok(have.has(`${code} ${field}`), `decode: ${code} at ${field}`);
  const enc = new Set(errorsOf('encode.json').map((e) => `${e.code} ${e.field}`));
  for (const [code, field] of ENCODE_MATRIX) assert.ok(enc.has(`${code} ${field}`), `encode: ${code} at ${field}`);
  // and nothing outside it
  const allowed = new Set(DECODE_MATRIX.map(([c, f]) => `${c} ${f}`));
  for (const pair of [...have, ...enc]) assert.ok(allowed.has(pair), `unexpected pair ${pair}`);
  const codes = new Set([...have].map((p) => p.split(' ')[0]));
  for (const c of CODES) assert.ok(codes.has(c), `code ${c} never appears`);
});

test('truncation at every offset of each record shape', () => {
  // For each representative record: all prefixes (key 0..n-1, values 1..n-1) are present.
  const shapes = [
    ['key.json', 0, 'key/truncated/registration-key-len-'],
    ['key.json', 0, 'key/truncated/lease-key-len-'],
    ['registration.json', 1, 'registration/truncated/registration-len-'],
    ['lease.json', 1, 'lease/truncated/lease-len-'],
  ];
  for (const [file, first, prefix] of shapes) {
    const sweep = files[file].vectors.filter((v) => v.id.startsWith(prefix));
    assert.ok(sweep.length >= 10, `${prefix}: ${sweep.length}`);
    const lens = sweep.map((v) => v.hex.length / 2).sort((a, b) => a - b);
    const n = lens.length + first; // the full record's length
    assert.deepEqual(
      lens,
      Array.from({ length: n - first }, (_, i) => first + i),
      prefix,
    );
    for (const v of sweep) assert.equal(v.expect.error.code, 'TRUNCATED', v.id);
  }
});

test('flags are declared in their file, hex is canonical, offsets lie within the bytes', () => {
  for (const f of ALL_FILES) {
    const declared = files[f].flags;
    for (const v of files[f].vectors) {
      for (const flag of v.flags) assert.ok(Object.hasOwn(declared, flag), `${v.id}: flag ${flag} undeclared in ${f}`);
      const hexes = [];
      if (typeof v.hex === 'string') hexes.push(v.hex);
      if (v.expect.hex !== undefined) hexes.push(v.expect.hex);
      for (const s of Object.values(v.record ?? {})) if (s && typeof s === 'object') hexes.push(s.utf8_hex);
      for (const h of hexes) {
        assert.match(h, /^[0-9a-f]*$/, `${v.id}: hex not lowercase`);
        assert.equal(h.length % 2, 0, `${v.id}: odd hex`);
      }
      const raw = Object.values(v.record ?? {}).some((s) => s && typeof s === 'object');
      assert.equal(raw, v.flags.includes('RawBytesString'), `${v.id}: RawBytesString flag`);
      if (v.hex === null) assert.ok(f !== 'key.json' && v.expect.tombstone, `${v.id}: null hex`);
      if (v.expect.tombstone) assert.ok(v.hex === null || v.hex === '', v.id);
      const e = v.expect.error;
      if (e && typeof v.hex === 'string') {
        const n = v.hex.length / 2;
        if (e.code === 'TRAILING_BYTES') assert.ok(e.offset < n, v.id);
        else assert.ok(e.offset <= n, v.id);
      }
    }
  }
});

test('i64 strings are in range; i16 numbers are in range', () => {
  const check = (id, rec) => {
    for (const k of ['registered_at', 'producer_id', 'granted_at', 'deadline']) {
      if (rec[k] === undefined) continue;
      assert.equal(typeof rec[k], 'string', `${id}.${k}`);
      const n = BigInt(rec[k]);
      assert.equal(n.toString(), rec[k], `${id}.${k} not canonical`);
      assert.ok(n >= I64_MIN && n <= I64_MAX, `${id}.${k} out of i64`);
    }
    if (rec.producer_epoch !== undefined) {
      assert.ok(
        Number.isInteger(rec.producer_epoch) && rec.producer_epoch >= -32768 && rec.producer_epoch <= 32767,
        id,
      );
    }
    assert.equal(rec.version, 0, id);
  };
  for (const f of ALL_FILES) {
    for (const v of files[f].vectors) {
      if (v.expect.record) check(v.id, v.expect.record);
      if (v.record) check(v.id, v.record);
    }
  }
  // The extremes are present.
  const lease = files['lease.json'].vectors.filter((v) => v.expect.record).map((v) => v.expect.record);
  const reg = files['registration.json'].vectors.filter((v) => v.expect.record).map((v) => v.expect.record);
  assert.ok(lease.some((r) => r.producer_id === String(I64_MAX)));
  assert.ok(lease.some((r) => r.producer_epoch === 32767));
  assert.ok(lease.some((r) => r.granted_at === String(I64_MIN) && r.deadline === String(I64_MAX)));
  assert.ok(reg.some((r) => r.registered_at === String(I64_MIN)));
  assert.ok(reg.some((r) => r.registered_at === String(I64_MAX)));
});

// kafkajs's protocol Encoder: Kafka's own i16/i64 and i16-length UTF-8 strings.
function kafkajsEncode(target, r) {
  const e = new Encoder();
  if (target === 'key') {
    e.writeInt16(0)
      .writeInt16(r.kind === 'registration' ? 0 : 1)
      .writeString(r.role)
      .writeString(r.member);
  } else if (target === 'registration') {
    e.writeInt16(0).writeString(r.member).writeInt64(r.registered_at);
  } else {
    e.writeInt16(0)
      .writeString(r.member)
      .writeInt64(r.producer_id)
      .writeInt16(r.producer_epoch)
      .writeInt64(r.granted_at)
      .writeInt64(r.deadline);
  }
  return e.buffer.toString('hex');
}

test('kafkajs Encoder writes exactly the bytes of every valid vector (a third implementation)', () => {
  let n = 0;
  for (const f of DECODE_FILES) {
    for (const v of files[f].vectors) {
      if (!v.expect.record) continue;
      assert.equal(kafkajsEncode(files[f].target, v.expect.record), v.hex, v.id);
      n++;
    }
  }
  for (const v of files['encode.json'].vectors) {
    if (v.expect.hex === undefined || v.flags.includes('RawBytesString')) continue;
    assert.equal(kafkajsEncode(v.record_target, v.record), v.expect.hex, v.id);
    n++;
  }
  assert.ok(n > 100, `only ${n} valid vectors`);
});

test('golden/generate.py --check: the committed files are what the generator writes', () => {
  const r = spawnSync('python3', [path.join(golden, 'generate.py'), '--check'], { encoding: 'utf8' });
  assert.equal(r.error, undefined, `python3 not runnable: ${r.error}`);
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
});

// ---- Kafka Streams rebalance metadata (golden/subscription.json, assignment.json) ----------------
// Written by golden/generate_streams.py; the same schema file; a third implementation (kafkajs's
// Encoder for the integers, a writeUTF written here from the Java spec) re-encodes every canonical
// valid record.
const STREAMS_FILES = ['subscription.json', 'assignment.json'];
const streams = Object.fromEntries(STREAMS_FILES.map((f) => [f, load(f)]));
const STREAMS_CODES = schema.$defs.streamsError.properties.code.enum;
// Every (code, field) pair that can occur, fields with list indexes written as [i].
const STREAMS_MATRIX = {
  'subscription.json': [
    'TRUNCATED subscription.version',
    'TRUNCATED subscription.latest_supported_version',
    'TRUNCATED subscription.process_id',
    'TRUNCATED subscription.prev_tasks',
    'TRUNCATED subscription.standby_tasks',
    'TRUNCATED subscription.user_end_point',
    'UNSUPPORTED_VERSION subscription.version',
    'NEGATIVE_LENGTH subscription.prev_tasks',
    'NEGATIVE_LENGTH subscription.standby_tasks',
    'NEGATIVE_LENGTH subscription.user_end_point',
    'TRAILING_BYTES subscription',
    // versions 7-11 (SubscriptionInfoData.json)
    'TRUNCATED subscription.task_offset_sums',
    'TRUNCATED subscription.task_offset_sums[i].topic_group_id',
    'TRUNCATED subscription.task_offset_sums[i].partition_to_offset_sum',
    // (a partition offset sum is 12 fixed bytes: once its list's count passes, its fields fit)
    'TRUNCATED subscription.task_offset_sums[i].partition',
    'TRUNCATED subscription.task_offset_sums[i].offset_sum',
    'TRUNCATED subscription.task_offset_sums[i].named_topology',
    'TRUNCATED subscription.unique_field',
    'TRUNCATED subscription.error_code',
    'TRUNCATED subscription.client_tags',
    'TRUNCATED subscription.client_tags[i].key',
    'TRUNCATED subscription.client_tags[i].value',
    'NEGATIVE_LENGTH subscription.task_offset_sums',
    'NEGATIVE_LENGTH subscription.task_offset_sums[i].partition_to_offset_sum',
    'NEGATIVE_LENGTH subscription.client_tags',
    'NEGATIVE_LENGTH subscription.client_tags[i].key',
    'NEGATIVE_LENGTH subscription.client_tags[i].value',
  ],
  'assignment.json': [
    'TRUNCATED assignment.version',
    'TRUNCATED assignment.latest_supported_version',
    'TRUNCATED assignment.active_tasks',
    'TRUNCATED assignment.standby_tasks',
    'TRUNCATED assignment.standby_tasks[i].task.topic_group_id',
    'TRUNCATED assignment.standby_tasks[i].task.partition',
    'TRUNCATED assignment.standby_tasks[i].partitions',
    'TRUNCATED assignment.standby_tasks[i].partitions[i].topic',
    'TRUNCATED assignment.standby_tasks[i].partitions[i].partition',
    'TRUNCATED assignment.partitions_by_host',
    'TRUNCATED assignment.partitions_by_host[i].host',
    'TRUNCATED assignment.partitions_by_host[i].port',
    'TRUNCATED assignment.partitions_by_host[i].partitions',
    'TRUNCATED assignment.partitions_by_host[i].partitions[i].topic',
    'TRUNCATED assignment.partitions_by_host[i].partitions[i].partition',
    'TRUNCATED assignment.error_code',
    'UNSUPPORTED_VERSION assignment.version',
    'NEGATIVE_LENGTH assignment.active_tasks',
    'NEGATIVE_LENGTH assignment.standby_tasks',
    'NEGATIVE_LENGTH assignment.standby_tasks[i].partitions',
    'NEGATIVE_LENGTH assignment.partitions_by_host',
    'NEGATIVE_LENGTH assignment.partitions_by_host[i].partitions',
    'INVALID_UTF8 assignment.standby_tasks[i].partitions[i].topic',
    'INVALID_UTF8 assignment.partitions_by_host[i].host',
    'INVALID_UTF8 assignment.partitions_by_host[i].partitions[i].topic',
    'TRAILING_BYTES assignment',
    // versions 5-11 (3.8.0's AssignmentInfo.decode); a v5+ partition by host is 8 fixed bytes: once
    // its list's count passes, its topic index and partition fit
    'TRUNCATED assignment.active_tasks[i].topic_group_id',
    'TRUNCATED assignment.active_tasks[i].partition',
    'TRUNCATED assignment.active_tasks[i].named_topology',
    'TRUNCATED assignment.standby_tasks[i].task.named_topology',
    'TRUNCATED assignment.topic_dictionary',
    'TRUNCATED assignment.topic_dictionary[i].index',
    'TRUNCATED assignment.topic_dictionary[i].topic',
    'TRUNCATED assignment.standby_partitions_by_host',
    'TRUNCATED assignment.standby_partitions_by_host[i].host',
    'TRUNCATED assignment.standby_partitions_by_host[i].port',
    'TRUNCATED assignment.standby_partitions_by_host[i].partitions',
    'TRUNCATED assignment.next_rebalance_ms',
    'NEGATIVE_LENGTH assignment.topic_dictionary',
    'NEGATIVE_LENGTH assignment.standby_partitions_by_host',
    'NEGATIVE_LENGTH assignment.standby_partitions_by_host[i].partitions',
    'INVALID_UTF8 assignment.topic_dictionary[i].topic',
    'INVALID_UTF8 assignment.standby_partitions_by_host[i].host',
    'UNKNOWN_TOPIC_INDEX assignment.partitions_by_host[i].partitions[i].topic_index',
    'UNKNOWN_TOPIC_INDEX assignment.standby_partitions_by_host[i].partitions[i].topic_index',
  ],
};

test('streams: files validate against golden/schema.json; ids unique across all golden files', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const validate = ajv.compile(schema);
  const seen = new Set(ALL_FILES.flatMap((f) => files[f].vectors.map((v) => v.id)));
  for (const f of STREAMS_FILES) {
    assert.ok(validate(streams[f]), `${f}: ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
    assert.equal(streams[f].target, f.replace('.json', ''));
    for (const v of streams[f].vectors) {
      assert.ok(!seen.has(v.id), `duplicate id ${v.id}`);
      seen.add(v.id);
      assert.ok(v.id.startsWith(`${streams[f].target}/`), v.id);
      for (const flag of v.flags) assert.ok(Object.hasOwn(streams[f].flags, flag), `${v.id}: flag ${flag}`);
      const n = v.hex.length / 2;
      const e = v.expect.error;
      if (e) assert.ok(e.code === 'TRAILING_BYTES' ? e.offset < n : e.offset <= n, v.id);
      for (const w of v.expect.warnings ?? []) assert.ok(w.offset <= n, v.id);
    }
  }
  const copy = structuredClone(streams['assignment.json']);
  copy.vectors[0].expect.error = { code: 'TRUNCATED', offset: 0, field: 'assignment.x[-1]' };
  delete copy.vectors[0].expect.record;
  delete copy.vectors[0].expect.warnings;
  assert.equal(validate(copy), false, 'a malformed field path');
});

test('streams: every (code, field) pair of the matrix appears, and nothing outside it', () => {
  for (const f of STREAMS_FILES) {
    const have = new Set(
      streams[f].vectors
        .filter((v) => v.expect.error)
        .map((v) => `${v.expect.error.code} ${v.expect.error.field.replace(/\[\d+\]/g, '[i]')}`),
    );
    for (const pair of STREAMS_MATRIX[f]) assert.ok(have.has(pair), `${f}: ${pair} missing`);
    for (const pair of have) assert.ok(STREAMS_MATRIX[f].includes(pair), `${f}: unexpected ${pair}`);
  }
  const codes = new Set(
    STREAMS_FILES.flatMap((f) => streams[f].vectors.filter((v) => v.expect.error).map((v) => v.expect.error.code)),
  );
  for (const c of STREAMS_CODES) assert.ok(codes.has(c), `code ${c} never appears`);
});

test('streams: every version has a valid vector and a complete truncation sweep', () => {
  for (const [f, target, versions] of [
    ['subscription.json', 'subscription', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
    ['assignment.json', 'assignment', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
  ]) {
    for (const version of versions) {
      const full = streams[f].vectors.find((v) => v.id === `${target}/valid/v${version}`);
      assert.ok(full && full.expect.record.version === version, `${target} v${version}`);
      const sweep = streams[f].vectors.filter((v) => v.id.startsWith(`${target}/truncated/v${version}-len-`));
      const lens = sweep.map((v) => v.hex.length / 2).sort((a, b) => a - b);
      assert.deepEqual(
        lens,
        Array.from({ length: full.hex.length / 2 }, (_, i) => i),
        `${target} v${version}`,
      );
      for (const v of sweep) {
        assert.equal(v.expect.error.code, 'TRUNCATED', v.id);
        assert.ok(full.hex.startsWith(v.hex), v.id);
      }
    }
  }
  assert.ok(streams['subscription.json'].vectors.some((v) => v.expect.record?.probing === true));
});

test("streams: an assignment record has each version's fields only (the schema allows them on any)", () => {
  for (const v of streams['assignment.json'].vectors) {
    const r = v.expect.record;
    if (!r) continue;
    assert.equal('standby_partitions_by_host' in r, r.version >= 6, v.id);
    assert.equal('next_rebalance_ms' in r, r.version >= 7, v.id);
    for (const t of [...r.active_tasks, ...r.standby_tasks.map((s) => s.task)])
      assert.equal('named_topology' in t, r.version >= 10, v.id);
  }
});

// DataOutput.writeUTF from the Java spec: per UTF-16 unit, 0001..007F one byte, 0000 and
// 0080..07FF two, the rest three; a u16 byte length first.
function writeUTF(e, s) {
  const out = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 1 && c <= 0x7f) out.push(c);
    else if (c <= 0x7ff) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  e.writeBuffer(Buffer.from([out.length >> 8, out.length & 0xff, ...out]));
}
// TaskId.writeTo; from an assignment's version 10 (ConsumerProtocolUtils.writeTaskIdTo, 3.8.0) the
// named topology's UTF-16 units after their count (DataOutput.writeChars), 0 for null.
const task = (e, t, version = 1) => {
  e.writeInt32(t.topic_group_id).writeInt32(t.partition);
  if (version < 10) return;
  const name = t.named_topology ?? '';
  e.writeInt32(name.length);
  for (let i = 0; i < name.length; i++) e.writeInt16((name.charCodeAt(i) << 16) >> 16);
};
const tasks = (e, list, version) => {
  e.writeInt32(list.length);
  for (const t of list) task(e, t, version);
};
const topicPartitions = (e, list) => {
  e.writeInt32(list.length);
  for (const p of list) {
    writeUTF(e, p.topic);
    e.writeInt32(p.partition);
  }
};
// SubscriptionInfoData 7+ (3.8.0's JSON, non-flexible): taskOffsetSums (7-9: the flat record's
// consecutive tasks of one topic group as one entry), uniqueField, errorCode, clientTags.
function offsetSums(e, r) {
  const sums = r.task_offset_sums;
  if (r.version >= 10) {
    e.writeInt32(sums.length);
    for (const t of sums) {
      e.writeInt32(t.topic_group_id).writeInt32(t.partition).writeInt64(t.offset_sum);
      e.writeString(t.named_topology);
    }
  } else {
    const groups = [];
    for (const t of sums) {
      if (groups.length === 0 || groups.at(-1)[0].topic_group_id !== t.topic_group_id) groups.push([]);
      groups.at(-1).push(t);
    }
    e.writeInt32(groups.length);
    for (const g of groups) {
      e.writeInt32(g[0].topic_group_id).writeInt32(g.length);
      for (const t of g) e.writeInt32(t.partition).writeInt64(t.offset_sum);
    }
  }
  if (r.version >= 8) e.writeInt8(r.unique_field);
  if (r.version >= 9) e.writeInt32(r.error_code);
  if (r.version >= 11) {
    e.writeInt32(r.client_tags.length);
    for (const t of r.client_tags) e.writeBytes(Buffer.from(t.key, 'utf8')).writeBytes(Buffer.from(t.value, 'utf8'));
  }
}

function streamsEncode(target, r) {
  const e = new Encoder();
  e.writeInt32(r.version);
  if (r.version >= 3) e.writeInt32(r.latest_supported_version);
  if (target === 'subscription') {
    const hex = r.process_id.replaceAll('-', '');
    for (const half of [hex.slice(0, 16), hex.slice(16)])
      e.writeInt64(BigInt.asIntN(64, BigInt(`0x${half}`)).toString());
    if (r.version <= 6) {
      tasks(e, r.prev_tasks);
      tasks(e, r.standby_tasks);
    }
    if (r.version >= 2) e.writeBytes(Buffer.from(r.user_end_point ?? '', 'utf8'));
    if (r.version >= 7) offsetSums(e, r);
  } else {
    tasks(e, r.active_tasks, r.version);
    e.writeInt32(r.standby_tasks.length);
    for (const s of r.standby_tasks) {
      task(e, s.task, r.version);
      topicPartitions(e, s.partitions);
    }
    // v5+ (3.8.0's encodeTopicDictionaryAndGet): every topic of the partitions by host once, here
    // numbered in the order they first appear, then each partition's topic by its number.
    const hostLists = [r.partitions_by_host, ...(r.version >= 6 ? [r.standby_partitions_by_host] : [])];
    const dictionary = [...new Set(hostLists.flat().flatMap((h) => h.partitions.map((p) => p.topic)))];
    if (r.version >= 5) {
      e.writeInt32(dictionary.length);
      dictionary.forEach((topic, i) => (e.writeInt32(i), writeUTF(e, topic)));
    }
    for (const hosts of r.version >= 2 ? hostLists : []) {
      e.writeInt32(hosts.length);
      for (const h of hosts) {
        writeUTF(e, h.host);
        e.writeInt32(h.port);
        if (r.version < 5) {
          topicPartitions(e, h.partitions);
          continue;
        }
        e.writeInt32(h.partitions.length);
        for (const p of h.partitions) e.writeInt32(dictionary.indexOf(p.topic)).writeInt32(p.partition);
      }
    }
    if (r.version >= 4) e.writeInt32(r.error_code);
    if (r.version >= 7) e.writeInt64(r.next_rebalance_ms);
  }
  return e.buffer.toString('hex');
}

test('streams: kafkajs Encoder + a writeUTF from the Java spec re-encode every canonical valid record', () => {
  let n = 0;
  for (const f of STREAMS_FILES) {
    for (const v of streams[f].vectors) {
      const r = v.expect.record;
      if (!r || r.probing || v.flags.includes('NonCanonical') || v.flags.includes('DictionaryOrder')) continue;
      assert.equal(streamsEncode(streams[f].target, r), v.hex, v.id);
      n++;
    }
  }
  assert.ok(n >= 25, `only ${n} canonical valid vectors`);
});

test('golden/generate_streams.py --check: the committed streams files are what the generator writes', () => {
  const r = spawnSync('python3', [path.join(golden, 'generate_streams.py'), '--check'], { encoding: 'utf8' });
  assert.equal(r.error, undefined, `python3 not runnable: ${r.error}`);
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
});

// ---- Kafka's transaction log (golden/transaction-log.json) ----------------------------------------
// Written by golden/generate_transaction_log.py; the same schema file; kafkajs's Encoder re-encodes
// every valid record that is canonical (a third implementation).
const txnLog = load('transaction-log.json');
// Every (code, field) pair that can occur, list indexes written as [i].
const TXN_MATRIX = [
  'TRUNCATED transaction_log_key.version',
  'TRUNCATED transaction_log_key.transactional_id',
  'UNSUPPORTED_VERSION transaction_log_key.version',
  'NEGATIVE_LENGTH transaction_log_key.transactional_id',
  'TRAILING_BYTES transaction_log_key',
  'TRUNCATED transaction_log_value.version',
  'TRUNCATED transaction_log_value.producer_id',
  'TRUNCATED transaction_log_value.producer_epoch',
  'TRUNCATED transaction_log_value.transaction_timeout_ms',
  'TRUNCATED transaction_log_value.transaction_status',
  'TRUNCATED transaction_log_value.transaction_partitions',
  'TRUNCATED transaction_log_value.transaction_partitions[i].topic',
  'TRUNCATED transaction_log_value.transaction_partitions[i].partition_ids',
  'TRUNCATED transaction_log_value.transaction_partitions[i].tagged_fields',
  'TRUNCATED transaction_log_value.transaction_last_update_timestamp_ms',
  'TRUNCATED transaction_log_value.transaction_start_timestamp_ms',
  'TRUNCATED transaction_log_value.tagged_fields',
  'TRUNCATED transaction_log_value.previous_producer_id.value',
  'TRAILING_BYTES transaction_log_value.client_transaction_version',
  'UNSUPPORTED_VERSION transaction_log_value.version',
  'OUT_OF_RANGE transaction_log_value.transaction_status',
  'NEGATIVE_LENGTH transaction_log_value.transaction_partitions',
  'NEGATIVE_LENGTH transaction_log_value.transaction_partitions[i].topic',
  'NEGATIVE_LENGTH transaction_log_value.transaction_partitions[i].partition_ids',
  'NULL_NOT_ALLOWED transaction_log_value.transaction_partitions[i].topic',
  'NULL_NOT_ALLOWED transaction_log_value.transaction_partitions[i].partition_ids',
  'STRING_TOO_LONG transaction_log_value.transaction_partitions[i].topic',
  'VARINT_TOO_LONG transaction_log_value.transaction_partitions',
  'VARINT_TOO_LONG transaction_log_value.tagged_fields',
  'TAG_OUT_OF_ORDER transaction_log_value.tagged_fields',
  'TRAILING_BYTES transaction_log_value',
];

test('transaction log: validates against golden/schema.json; ids unique across all golden files', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const validate = ajv.compile(schema);
  assert.ok(validate(txnLog), ajv.errorsText(validate.errors, { separator: '\n' }));
  const seen = new Set(
    [...ALL_FILES.map((f) => files[f]), ...Object.values(streams)].flatMap((d) => d.vectors.map((v) => v.id)),
  );
  for (const v of txnLog.vectors) {
    assert.ok(!seen.has(v.id), `duplicate id ${v.id}`);
    seen.add(v.id);
    for (const flag of v.flags) assert.ok(Object.hasOwn(txnLog.flags, flag), `${v.id}: flag ${flag}`);
    const e = v.expect.error;
    if (!e) continue;
    const n = (e.field.startsWith('transaction_log_key') ? v.key : (v.value ?? '')).length / 2;
    assert.ok(e.code === 'TRAILING_BYTES' ? e.offset < n : e.offset <= n, v.id);
  }
  const copy = structuredClone(txnLog);
  copy.vectors[0].expect.record.value = { version: 2 };
  assert.equal(validate(copy), false, 'a value of version 2');
});

test('transaction log: every (code, field) pair of the matrix appears, and nothing outside it', () => {
  const have = new Set(
    txnLog.vectors
      .filter((v) => v.expect.error)
      .map((v) => `${v.expect.error.code} ${v.expect.error.field.replace(/\[\d+\]/g, '[i]')}`),
  );
  for (const pair of TXN_MATRIX) assert.ok(have.has(pair), `${pair} missing`);
  for (const pair of have) assert.ok(TXN_MATRIX.includes(pair), `unexpected ${pair}`);
  for (const c of schema.$defs.transactionLogFile.properties.vectors.items.properties.expect.oneOf[1].properties.error
    .properties.code.enum)
    assert.ok(
      [...have].some((p) => p.startsWith(`${c} `)),
      `code ${c} never appears`,
    );
});

test('transaction log: every value version and the key have a complete truncation sweep', () => {
  for (const [name, part] of [
    ['key', 'key'],
    ['v0', 'value'],
    ['v1', 'value'],
  ]) {
    const sweep = txnLog.vectors.filter((v) => v.id.startsWith(`transaction-log/truncated/${name}-len-`));
    const lens = sweep.map((v) => v[part].length / 2).sort((a, b) => a - b);
    assert.ok(lens.length > 10, name);
    assert.deepEqual(
      lens,
      Array.from({ length: lens.length }, (_, i) => i),
      name,
    );
    for (const v of sweep) assert.equal(v.expect.error.code, 'TRUNCATED', v.id);
  }
  const statuses = new Set(
    txnLog.vectors.filter((v) => v.expect.record?.value).map((v) => v.expect.record.value.status),
  );
  assert.equal(statuses.size, 8, 'every status has a valid vector');
});

// TransactionLog.keyToBytes / valueToBytes with kafkajs's Encoder: classic or (version 1) compact
// lengths and the tagged sections of KIP-482.
function txnEncode(rec) {
  const e = new Encoder();
  e.writeInt16(rec.version);
  if ('transactional_id' in rec) return e.writeString(rec.transactional_id).buffer.toString('hex');
  const flexible = rec.version === 1;
  const tags = (list) => {
    e.writeUVarInt(list.length);
    for (const t of list) {
      const data = Buffer.from(t.hex, 'hex');
      e.writeUVarInt(t.tag).writeUVarInt(data.length).writeBuffer(data);
    }
  };
  e.writeInt64(rec.producer_id).writeInt16(rec.producer_epoch).writeInt32(rec.transaction_timeout_ms);
  e.writeInt8(rec.transaction_status);
  const parts = rec.transaction_partitions;
  if (flexible) e.writeUVarInt(parts === null ? 0 : parts.length + 1);
  else e.writeInt32(parts === null ? -1 : parts.length);
  for (const p of parts ?? []) {
    if (flexible) e.writeUVarIntString(p.topic).writeUVarInt(p.partition_ids.length + 1);
    else e.writeString(p.topic).writeInt32(p.partition_ids.length);
    for (const id of p.partition_ids) e.writeInt32(id);
    if (flexible) tags(p.unknown_tagged_fields);
  }
  e.writeInt64(rec.transaction_last_update_timestamp_ms).writeInt64(rec.transaction_start_timestamp_ms);
  if (!flexible) return e.buffer.toString('hex');
  // Kafka 4.1.0's four tagged fields, each written when not at its default (as Kafka's writer
  // does), in tag order with the unknown ones.
  const known = [
    [0, 'previous_producer_id', -1, 8],
    [1, 'next_producer_id', -1, 8],
    [2, 'client_transaction_version', 0, 2],
    [3, 'next_producer_epoch', -1, 2],
  ]
    .filter(([, name, none]) => String(rec[name]) !== String(none))
    .map(([tag, name, , width]) => {
      const data = Buffer.alloc(width);
      if (width === 8) data.writeBigInt64BE(BigInt(rec[name]));
      else data.writeInt16BE(rec[name]);
      return { tag, hex: data.toString('hex') };
    });
  tags([...known, ...rec.unknown_tagged_fields].sort((a, b) => a.tag - b.tag));
  return e.buffer.toString('hex');
}

test('transaction log: kafkajs Encoder re-encodes every valid record (but the U+FFFD-repaired ones and a tag written at its default)', () => {
  let n = 0;
  for (const v of txnLog.vectors) {
    const r = v.expect.record;
    if (!r || v.flags.includes('LossyUtf8') || v.flags.includes('TagAtDefault')) continue;
    assert.equal(txnEncode(r.key), v.key, v.id);
    if (r.value) assert.equal(txnEncode(r.value), v.value, v.id);
    n++;
  }
  assert.ok(n >= 20, `only ${n} valid vectors`);
});

test('golden/generate_transaction_log.py --check: the committed file is what the generator writes', () => {
  const r = spawnSync('python3', [path.join(golden, 'generate_transaction_log.py'), '--check'], { encoding: 'utf8' });
  assert.equal(r.error, undefined, `python3 not runnable: ${r.error}`);
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
});

// ---- Kafka's share-group state (golden/share-state.json) -------------------------------------------
// Written by golden/generate_share_state.py; the same schema file.
const shareState = load('share-state.json');

test('share state: validates against golden/schema.json; ids unique across all golden files; offsets within the bytes', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const validate = ajv.compile(schema);
  assert.ok(validate(shareState), ajv.errorsText(validate.errors, { separator: '\n' }));
  const seen = new Set(
    [...ALL_FILES.map((f) => files[f]), ...Object.values(streams), txnLog].flatMap((d) => d.vectors.map((v) => v.id)),
  );
  for (const v of shareState.vectors) {
    assert.ok(!seen.has(v.id), `duplicate id ${v.id}`);
    seen.add(v.id);
    for (const flag of v.flags) assert.ok(Object.hasOwn(shareState.flags, flag), `${v.id}: flag ${flag}`);
    const e = v.expect.error;
    if (!e) continue;
    const n = (e.field.startsWith('key') ? v.key : (v.value ?? '')).length / 2;
    assert.ok(e.code === 'TRAILING_BYTES' ? e.offset < n : e.offset <= n, v.id);
  }
  const copy = structuredClone(shareState);
  copy.vectors[0].expect.record.value.version = 1;
  assert.equal(validate(copy), false, 'a value of version 1');
});

test('share state: both record types have a valid vector, a tombstone and a complete truncation sweep of key and value', () => {
  for (const type of ['snapshot', 'update']) {
    const valid = shareState.vectors.find((v) => v.id === `share-state/valid/${type}`);
    assert.ok(valid, type);
    assert.ok(
      shareState.vectors.some((v) => v.id === `share-state/tombstone/share-${type}`),
      type,
    );
    for (const part of ['key', 'value']) {
      const n = valid[part].length / 2;
      for (let i = 0; i < n; i++)
        assert.ok(
          shareState.vectors.some((v) => v.id === `share-state/truncated/${type}-${part}-len-${i}`),
          `${type} ${part} prefix ${i}`,
        );
    }
  }
});

test('golden/generate_share_state.py --check: the committed file is what the generator writes', () => {
  const r = spawnSync('python3', [path.join(golden, 'generate_share_state.py'), '--check'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr + r.stdout);
});

// ---- The KRaft metadata log (golden/cluster-metadata.json) -----------------------------------------
// Written by golden/generate_cluster_metadata.py; the same schema file.
const clusterMetadata = load('cluster-metadata.json');

test('cluster metadata: validates against golden/schema.json; ids unique across all golden files; offsets within the bytes', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const validate = ajv.compile(schema);
  assert.ok(validate(clusterMetadata), ajv.errorsText(validate.errors, { separator: '\n' }));
  const seen = new Set(
    [...ALL_FILES.map((f) => files[f]), ...Object.values(streams), txnLog, shareState].flatMap((d) =>
      d.vectors.map((v) => v.id),
    ),
  );
  for (const v of clusterMetadata.vectors) {
    assert.ok(!seen.has(v.id), `duplicate id ${v.id}`);
    seen.add(v.id);
    for (const flag of v.flags) assert.ok(Object.hasOwn(clusterMetadata.flags, flag), `${v.id}: flag ${flag}`);
    const e = v.expect.error;
    if (!e) continue;
    const n = v.value.length / 2;
    assert.ok(e.code === 'TRAILING_BYTES' ? e.offset < n : e.offset <= n, v.id);
  }
  const copy = structuredClone(clusterMetadata);
  copy.vectors[0].expect.record.version = 9;
  assert.equal(validate(copy), false, 'a RegisterBrokerRecord of version 9');
});

test('cluster metadata: every record type at every version of Kafka 4.1.0 and 4.3.0, and three complete truncation sweeps', () => {
  // [type, highest version] of the 26 metadata record types: Kafka 4.1.0's, without the Kafka43
  // vectors; 4.3.0's (RegisterBrokerRecord 4, BrokerRegistrationChangeRecord 3) with them.
  const highest = (vectors) => {
    const versions = new Map();
    for (const v of vectors) {
      const r = v.expect.record;
      if (r) versions.set(r.type, Math.max(versions.get(r.type) ?? 0, r.version));
    }
    return versions;
  };
  const kafka41 = highest(clusterMetadata.vectors.filter((v) => !v.flags.includes('Kafka43')));
  const kafka43 = highest(clusterMetadata.vectors);
  assert.equal(kafka41.size, 26);
  for (const [type, high41, high43] of [
    ['register_broker_record', 3, 4],
    ['partition_record', 2, 2],
    ['partition_change_record', 2, 2],
    ['broker_registration_change_record', 2, 3],
  ]) {
    assert.equal(kafka41.get(type), high41, type);
    assert.equal(kafka43.get(type), high43, type);
  }
  for (const name of ['topic-record-v0', 'partition-record-v2', 'register-broker-record-v3']) {
    const valid = clusterMetadata.vectors.find((v) => v.id === `cluster-metadata/valid/${name}`);
    assert.ok(valid, name);
    for (let i = 0; i < valid.value.length / 2; i++)
      assert.ok(
        clusterMetadata.vectors.some((v) => v.id === `cluster-metadata/truncated/${name}-len-${i}`),
        `${name} prefix ${i}`,
      );
  }
});

test('golden/generate_cluster_metadata.py --check: the committed file is what the generator writes', () => {
  const r = spawnSync('python3', [path.join(golden, 'generate_cluster_metadata.py'), '--check'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr + r.stdout);
});
