// Every golden vector (golden/*.json) through the wasm JS API: decode, encode and inspect, with
// exact bytes and the same {code, offset, field} as the files say.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  api,
  codec,
  loadGolden,
  hexToBytes,
  bytesToHex,
  apiRecord,
  decode,
  outcome,
  goldenString,
} from './helpers.mjs';

const { CoordinationError } = api;

function assertSameError(actual, expected, id) {
  assert.ok(actual instanceof CoordinationError, `${id}: expected a CoordinationError, got ${actual}`);
  assert.deepEqual(
    { code: actual.code, offset: actual.offset, field: actual.field },
    { code: expected.code, offset: expected.offset, field: expected.field },
    id,
  );
  assert.equal(actual.name, 'CoordinationError');
  assert.ok(actual.message.startsWith(`${expected.field}: `), `${id}: message "${actual.message}"`);
  assert.ok(actual.message.endsWith(`(offset ${expected.offset})`), `${id}: message "${actual.message}"`);
}

for (const target of ['key', 'registration', 'lease']) {
  const file = loadGolden(target);
  describe(`golden/${target}.json`, () => {
    test('file shape', () => {
      assert.equal(file.format, 'coordination-golden/1');
      assert.equal(file.target, target);
      assert.ok(file.vectors.length > 0);
    });

    test('decode: every vector', () => {
      for (const v of file.vectors) {
        const bytes = hexToBytes(v.hex);
        const got = outcome(() => decode(target, bytes));
        if (v.expect.error) {
          assert.ok(
            got.error,
            `${v.id}: decoded ${JSON.stringify(got.value, (k, x) => (typeof x === 'bigint' ? `${x}` : x))}`,
          );
          assertSameError(got.error, v.expect.error, v.id);
        } else if (v.expect.tombstone) {
          assert.equal(got.error, undefined, `${v.id}: ${got.error}`);
          assert.equal(got.value, null, v.id);
          assert.equal(codec.isTombstone(bytes), true, v.id);
        } else {
          assert.equal(got.error, undefined, `${v.id}: ${got.error}`);
          assert.deepEqual(got.value, apiRecord(target, v.expect.record), v.id);
          if (target !== 'key') assert.equal(codec.isTombstone(bytes), false, v.id);
        }
      }
    });

    test('encode: every valid vector re-encodes to the same bytes', () => {
      for (const v of file.vectors) {
        if (!v.expect.record) continue;
        const rec = apiRecord(target, v.expect.record);
        const out = target === 'key' ? codec.encodeKey(rec) : codec.encodeValue(rec);
        assert.ok(out instanceof Uint8Array, v.id);
        assert.equal(bytesToHex(out), v.hex, v.id);
      }
    });

    test('inspect agrees with decode on every vector', () => {
      for (const v of file.vectors) {
        const bytes = hexToBytes(v.hex);
        const ins = codec.inspect(bytes, target);
        assert.equal(ins.target, target, v.id);
        assert.equal(ins.size, bytes ? bytes.length : 0, v.id);
        if (v.expect.error) {
          assert.equal(ins.ok, false, v.id);
          assert.equal(ins.record, null, v.id);
          const { code, offset, field } = ins.error;
          assert.deepEqual({ code, offset, field }, v.expect.error, v.id);
          const thrown = outcome(() => decode(target, bytes)).error;
          assert.equal(ins.error.message, thrown.message, v.id);
        } else if (v.expect.tombstone) {
          assert.equal(ins.ok, true, v.id);
          assert.equal(ins.tombstone, true, v.id);
          assert.equal(ins.record, null, v.id);
        } else {
          assert.equal(ins.ok, true, `${v.id}: ${ins.error && ins.error.message}`);
          assert.equal(ins.tombstone, false, v.id);
          assert.deepEqual(ins.record, apiRecord(target, v.expect.record), v.id);
          // The top-level fields cover the record exactly, in wire order.
          let at = 0;
          for (const f of ins.fields) {
            assert.equal(f.offset, at, `${v.id}: ${f.path}`);
            assert.equal(f.complete, true, `${v.id}: ${f.path}`);
            at += f.length;
          }
          assert.equal(at, bytes.length, v.id);
        }
        // 'auto' names this target exactly when it parses.
        const auto = codec.inspect(bytes, 'auto');
        assert.equal(auto.matches.includes(target), !v.expect.error, v.id);
        assert.deepEqual(
          auto.candidates.map((c) => c.target),
          ['key', 'registration', 'lease'],
        );
      }
    });
  });
}

describe('golden/encode.json', () => {
  const file = loadGolden('encode');
  test('file shape', () => {
    assert.equal(file.format, 'coordination-golden/1');
    assert.equal(file.target, 'encode');
    assert.ok(file.vectors.length > 0);
  });

  test('encode: every vector, exact bytes or the same error', (t) => {
    let skipped = 0;
    for (const v of file.vectors) {
      const r = { ...(v.expect && v.record) };
      let representable = true;
      for (const k of ['role', 'member']) {
        if (r[k] !== undefined && typeof r[k] !== 'string') {
          const s = goldenString(r[k]);
          if (s === undefined) representable = false;
          else r[k] = s;
        }
      }
      if (!representable) {
        // Bytes no JS string can hold (e.g. C0 80): the API cannot be asked to write them.
        assert.ok(v.flags.includes('RawBytesString'), `${v.id}: non-string field without RawBytesString`);
        skipped++;
        continue;
      }
      const rec = apiRecord(v.record_target, r);
      const got = outcome(() => (v.record_target === 'key' ? codec.encodeKey(rec) : codec.encodeValue(rec)));
      if (v.expect.error) {
        assert.ok(got.error, `${v.id}: encoded ${got.value && bytesToHex(got.value)}`);
        assertSameError(got.error, v.expect.error, v.id);
      } else {
        assert.equal(got.error, undefined, `${v.id}: ${got.error}`);
        assert.equal(bytesToHex(got.value), v.expect.hex, v.id);
        assert.deepEqual(decode(v.record_target, got.value), rec, v.id);
      }
    }
    t.diagnostic(`${skipped} RawBytesString vectors not representable as JS strings`);
  });
});

// golden/transaction-log.json (golden/generate_transaction_log.py): decodeTransactionRecord of the
// whole-topic module, and the field trees of its key and value (inspectMessage) for the warnings.
describe('golden/transaction-log.json', async () => {
  const log = await api.loadLogCodec();
  const file = loadGolden('transaction-log');
  const tagged = (list) => list.map((t) => ({ tag: t.tag, hex: bytesToHex(t.bytes) }));
  // The file's record (snake_case, i64 as decimal strings) as the API gives it.
  const apiTransactionRecord = (r) => ({
    key: { version: 0, transactionalId: r.key.transactional_id },
    value: r.value && {
      version: r.value.version,
      producerId: BigInt(r.value.producer_id),
      producerEpoch: r.value.producer_epoch,
      transactionTimeoutMs: r.value.transaction_timeout_ms,
      status: r.value.status,
      partitions:
        r.value.transaction_partitions &&
        r.value.transaction_partitions.map((p) => ({
          topic: p.topic,
          partitions: p.partition_ids,
          unknownTaggedFields: p.unknown_tagged_fields,
        })),
      lastUpdateTimestamp: BigInt(r.value.transaction_last_update_timestamp_ms),
      startTimestamp: BigInt(r.value.transaction_start_timestamp_ms),
      ...(r.value.version >= 1 && {
        previousProducerId: BigInt(r.value.previous_producer_id),
        nextProducerId: BigInt(r.value.next_producer_id),
        nextProducerEpoch: r.value.next_producer_epoch,
        clientTransactionVersion: r.value.client_transaction_version,
      }),
      unknownTaggedFields: r.value.unknown_tagged_fields,
    },
  });
  const comparable = (rec) =>
    rec.value === null
      ? rec
      : {
          ...rec,
          value: {
            ...rec.value,
            partitions:
              rec.value.partitions &&
              rec.value.partitions.map((p) => ({ ...p, unknownTaggedFields: tagged(p.unknownTaggedFields) })),
            unknownTaggedFields: tagged(rec.value.unknownTaggedFields),
          },
        };

  test('file shape', () => {
    assert.equal(file.format, 'transaction-log-golden/2');
    assert.equal(file.target, 'transaction-log');
    assert.ok(file.vectors.length > 200);
  });

  test('decodeTransactionRecord: every vector', () => {
    for (const v of file.vectors) {
      const got = outcome(() => log.decodeTransactionRecord(hexToBytes(v.key), hexToBytes(v.value)));
      if (v.expect.error) {
        assert.ok(
          got.error,
          `${v.id}: decoded ${JSON.stringify(got.value, (k, x) => (typeof x === 'bigint' ? `${x}` : x))}`,
        );
        assertSameError(got.error, v.expect.error, v.id);
      } else {
        assert.equal(got.error, undefined, `${v.id}: ${got.error}`);
        assert.deepEqual(comparable(got.value), apiTransactionRecord(v.expect.record), v.id);
      }
    }
  });

  test('inspectMessage: the warnings of every valid vector, the errors of the messages', () => {
    for (const v of file.vectors) {
      if (v.expect.error) continue;
      const warnings = [log.inspectMessage('TransactionLogKey', hexToBytes(v.key)).warnings];
      if (v.value !== null) warnings.push(log.inspectMessage('TransactionLogValue', hexToBytes(v.value)).warnings);
      assert.deepEqual(
        warnings.flat().map((w) => ({ code: w.code, offset: w.offset, field: w.field })),
        v.expect.warnings,
        v.id,
      );
    }
  });
});

// golden/share-state.json (golden/generate_share_state.py): decodeShareStateRecord and
// inspectShareStateRecord of the whole-topic module.
describe('golden/share-state.json', async () => {
  const log = await api.loadLogCodec();
  const file = loadGolden('share-state');
  const camel = (s) => s.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
  const I64 = new Set(['start_offset', 'create_timestamp', 'write_timestamp', 'first_offset', 'last_offset']);
  // The file's record (snake_case, i64 as decimal strings, tags' bytes as hex) as the API gives it.
  const apiOf = (o) => {
    if (o === null) return null;
    const out = {};
    for (const [k, x] of Object.entries(o)) {
      if (k === 'unknown_tagged_fields') out.unknownTaggedFields = x.map((t) => ({ tag: t.tag, bytes: t.bytes }));
      else if (k === 'state_batches') out.stateBatches = x.map(apiOf);
      else out[camel(k)] = I64.has(k) ? BigInt(x) : x;
    }
    return out;
  };
  const hexTags = (o) => {
    if (o === null) return null;
    const out = {
      ...o,
      unknownTaggedFields: o.unknownTaggedFields.map((t) => ({ tag: t.tag, bytes: bytesToHex(t.bytes) })),
    };
    if (o.stateBatches) out.stateBatches = o.stateBatches.map(hexTags);
    return out;
  };
  const comparable = (r) => ({ key: r.key, value: hexTags(r.value) });

  test('file shape', () => {
    assert.equal(file.format, 'share-state-golden/2');
    assert.equal(file.target, 'share-state');
    assert.ok(file.vectors.length > 200);
  });

  test('decodeShareStateRecord and inspectShareStateRecord: every vector', () => {
    let valid = 0;
    for (const v of file.vectors) {
      const key = hexToBytes(v.key);
      const value = hexToBytes(v.value);
      const got = outcome(() => log.decodeShareStateRecord(key, value));
      const ins = log.inspectShareStateRecord(key, value);
      assert.equal(ins.target, 'share-state-record');
      assert.equal(ins.size, key.length + (value === null ? 0 : value.length));
      if (v.expect.error) {
        assert.ok(got.error, `${v.id}: decoded`);
        assertSameError(got.error, v.expect.error, v.id);
        assert.equal(ins.ok, false, v.id);
        assert.equal(ins.record, null, v.id);
        const e = ins.key.error ?? ins.value?.error;
        assert.deepEqual({ code: e.code, offset: e.offset, field: e.field }, v.expect.error, v.id);
        continue;
      }
      valid++;
      assert.equal(got.error, undefined, `${v.id}: ${got.error}`);
      const want = { key: apiOf(v.expect.record.key), value: apiOf(v.expect.record.value) };
      assert.deepEqual(comparable(got.value), want, v.id);
      assert.ok(ins.ok, v.id);
      assert.deepEqual(comparable(ins.record), want, v.id);
      const warnings = [...ins.key.warnings, ...(ins.value?.warnings ?? [])];
      assert.deepEqual(
        warnings.map((w) => ({ code: w.code, offset: w.offset, field: w.field })),
        v.expect.warnings,
        v.id,
      );
      assert.equal(ins.key.fields[0].path, 'key', v.id);
      if (v.value !== null) assert.equal(ins.value.fields[0].path, v.expect.record.value.type, v.id);
      else assert.equal(ins.value, null, v.id);
    }
    assert.ok(valid >= 13, `${valid} valid vectors`);
  });
});

// golden/cluster-metadata.json (golden/generate_cluster_metadata.py): decodeClusterMetadataRecord
// and inspectClusterMetadataRecord of the whole-topic module.
describe('golden/cluster-metadata.json', async () => {
  const log = await api.loadLogCodec();
  const file = loadGolden('cluster-metadata');
  const camel = (s) => s.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
  // The int64 fields of the 26 record types (Kafka 4.1.0's metadata/*.json) and their bytes fields.
  const I64 = new Set([
    'broker_epoch',
    'epoch',
    'next_producer_id',
    'issue_timestamp',
    'max_timestamp',
    'expiration_timestamp',
  ]);
  const BYTES = new Set(['salt', 'stored_key', 'server_key']);
  // The file's record (snake_case, i64 as decimal strings, bytes as hex) as the API gives it, its
  // bytes as hex.
  const apiOf = (o) => {
    const out = {};
    for (const [k, x] of Object.entries(o)) {
      if (k === 'unknown_tagged_fields') out.unknownTaggedFields = x;
      else if (I64.has(k)) out[camel(k)] = BigInt(x);
      else if (Array.isArray(x) && x.length > 0 && typeof x[0] === 'object') out[camel(k)] = x.map(apiOf);
      else out[camel(k)] = x;
    }
    return out;
  };
  const hexed = (o) => {
    const out = {};
    for (const [k, x] of Object.entries(o)) {
      if (k === 'unknownTaggedFields') out[k] = x.map((t) => ({ tag: t.tag, bytes: bytesToHex(t.bytes) }));
      else if (x instanceof Uint8Array) out[k] = bytesToHex(x);
      else if (Array.isArray(x) && x.length > 0 && typeof x[0] === 'object') out[k] = x.map(hexed);
      else out[k] = x;
    }
    return out;
  };

  test('file shape', () => {
    assert.equal(file.format, 'cluster-metadata-golden/2');
    assert.equal(file.target, 'cluster-metadata');
    assert.ok(file.vectors.length > 300);
    assert.ok([...BYTES].every((b) => file.vectors.some((v) => v.expect.record && b in v.expect.record)));
  });

  test('decodeClusterMetadataRecord and inspectClusterMetadataRecord: every vector', () => {
    const types = new Set();
    for (const v of file.vectors) {
      const value = hexToBytes(v.value);
      const got = outcome(() => log.decodeClusterMetadataRecord(value));
      const ins = log.inspectClusterMetadataRecord(value);
      assert.equal(ins.target, 'cluster-metadata-record');
      assert.equal(ins.size, value.length);
      if (v.expect.error) {
        assert.ok(got.error, `${v.id}: decoded`);
        assertSameError(got.error, v.expect.error, v.id);
        assert.equal(ins.ok, false, v.id);
        assert.equal(ins.record, null, v.id);
        const e = ins.error;
        assert.deepEqual({ code: e.code, offset: e.offset, field: e.field }, v.expect.error, v.id);
        assert.equal(ins.fields[0].path, v.expect.error.field.split('.')[0], v.id);
        continue;
      }
      assert.equal(got.error, undefined, `${v.id}: ${got.error}`);
      const want = apiOf(v.expect.record);
      assert.deepEqual(hexed(got.value), want, v.id);
      assert.ok(ins.ok, v.id);
      assert.deepEqual(hexed(ins.record), want, v.id);
      assert.deepEqual(
        ins.warnings.map((w) => ({ code: w.code, offset: w.offset, field: w.field })),
        v.expect.warnings,
        v.id,
      );
      assert.equal(ins.fields.length, 1, v.id);
      assert.equal(ins.fields[0].path, v.expect.record.type, v.id);
      assert.deepEqual(
        ins.fields[0].children.slice(0, 3).map((n) => n.name),
        ['frame_version', 'api_key', 'version'],
        v.id,
      );
      types.add(v.expect.record.type);
    }
    assert.equal(types.size, 26);
  });
});
