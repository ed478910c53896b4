// pushRecords' records (wasm/api/log-api.js) as the fold reads them: each record's fields read
// and checked into a row, then rows packed as wasm/core/log/log_input.h addPackedRecords reads
// them, after the description PACKED_RECORD (generated/tables.js). And the argument checks the
// whole-topic API shares.
import { MAX_PARTITION, asBytes, TA_LENGTH, toI64 } from './boundary.js';
import { PACKED_RECORD } from '../generated/tables.js';

// A packed record (PACKED_RECORD): where each fixed field starts (O, planned once from the
// description) and its fixed part's size. packRows writes each field with its type's setter;
// PACKED_SETTER says which it uses, and the description must agree (else an Error at load).
const PACKED_SIZE = { i32: 4, i64: 8, u8: 1, bytes: 4 };
const PACKED_SETTER = {
  partition: 'i32',
  offset: 'i64',
  timestamp: 'i64',
  line: 'i64',
  producerId: 'i64',
  flags: 'u8',
  key: 'bytes',
  value: 'bytes',
};
const O = {};
let PACKED_FIXED = 0;
for (const [name, type] of PACKED_RECORD) {
  if (PACKED_SETTER[name] !== type)
    throw new Error(`coordination-viewer: PACKED_RECORD's ${name} (${type}) is not packRows'`);
  if (type === 'bytes') break; // the bytes fields follow the fixed ones, in their order
  O[name] = PACKED_FIXED;
  PACKED_FIXED += PACKED_SIZE[type];
}
// The bytes fields: [name, the row's name for its length].
const PACKED_BYTES = PACKED_RECORD.filter(([, type]) => type === 'bytes').map(([name]) => [name, `${name}Length`]);

// The API's i64 arguments: a bigint or a safe integer, never wrapped (TypeError, RangeError).
export const i64Of = (v, what, min) => toI64(v, what, { numbers: true, min });
export const partitionOf = (partition, what = 'partition') => {
  if (typeof partition !== 'number' || !Number.isInteger(partition)) {
    throw new TypeError(`${what} must be an integer number 0 to 2^31-1`);
  }
  if (partition < 0 || partition > MAX_PARTITION) throw new RangeError(`${what} must be 0 to 2^31-1; got ${partition}`);
  return partition;
};

// Every record's fields, read once and checked, into rows: a getter runs here, before the
// folder's handle is checked and anything is copied (it may dispose the folder or change another
// record), and the caller's objects are left as they were. Lengths are taken as each record is
// read, and checked again once every getter has run: a later record's getter may have resized or
// detached an earlier record's bytes, and a refused call must fold nothing (the rows are pushed
// 4096 at a time).
export function readRecords(records) {
  const bytesOf = (v, i, f) => (v === null || v === undefined ? null : asBytes(v, `pushRecords: record ${i}: ${f}`));
  const lengthOf = (b) => (b === null ? -1 : TA_LENGTH.call(b));
  const optional = (v, i, f, min) =>
    v === undefined || v === null ? -1n : i64Of(v, `pushRecords: record ${i}: ${f}`, min);
  const rows = new Array(records.length);
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    if (r === null || typeof r !== 'object') throw new TypeError(`pushRecords: record ${i} must be an object`);
    const partition = r.partition;
    const row = {
      partition:
        partition === undefined || partition === null
          ? 0
          : partitionOf(partition, `pushRecords: record ${i}: partition`),
      offset: optional(r.offset, i, 'offset', 0n),
      timestamp: optional(r.timestamp, i, 'timestamp'),
      line: optional(r.line, i, 'line', 1n),
      producerId: optional(r.producerId, i, 'producerId'),
      flags: (r.transactional === true ? 1 : 0) | (r.control === true ? 2 : 0),
      key: bytesOf(r.key, i, 'key'),
      value: bytesOf(r.value, i, 'value'),
    };
    row.keyLength = lengthOf(row.key);
    row.valueLength = lengthOf(row.value);
    rows[i] = row;
  }
  for (let i = 0; i < rows.length; i++) {
    for (const [name, length] of PACKED_BYTES) {
      const b = rows[i][name];
      if (b !== null && TA_LENGTH.call(b) !== rows[i][length])
        throw new Error(`pushRecords: record ${i}: ${name} changed length while the records were read`);
    }
  }
  return rows;
}

// Packs rows[from, to) for foldPushRecords (wasm/core/log/log_input.h addPackedRecords): the
// fixed fields at their offsets (O), then the bytes fields (an i32 length, -1 for null, then the
// bytes) in PACKED_RECORD's order, of the lengths readRecords checked. Runs none of the caller's
// code.
export function packRows(rows, from, to) {
  let size = 0;
  for (let i = from; i < to; i++) {
    size += PACKED_FIXED + 4 * PACKED_BYTES.length;
    for (const [, length] of PACKED_BYTES) size += Math.max(0, rows[i][length]);
  }
  const out = new Uint8Array(size);
  const dv = new DataView(out.buffer);
  let at = 0;
  for (let i = from; i < to; i++) {
    const row = rows[i];
    dv.setInt32(at + O.partition, row.partition);
    dv.setBigInt64(at + O.offset, row.offset);
    dv.setBigInt64(at + O.timestamp, row.timestamp);
    dv.setBigInt64(at + O.line, row.line);
    dv.setBigInt64(at + O.producerId, row.producerId);
    dv.setUint8(at + O.flags, row.flags);
    at += PACKED_FIXED;
    for (const [name, length] of PACKED_BYTES) {
      const b = row[name];
      const n = row[length];
      dv.setInt32(at, n);
      at += 4;
      if (b === null) continue;
      out.set(b, at);
      at += n;
    }
  }
  return out;
}
