// The whole-topic module's API (loadLogCodec): record batches, the fold, ProduceRequest v3.
import { CoordinationError, asBytes, decodeUtf8, instantiate } from './boundary.js';

// ---- Whole-topic mode (issue 11): loadLogCodec -> readLog, foldState, createFolder -------------
// The fold runs in the core (wasm/core/log/fold.h): JS copies each chunk of input into the heap
// and makes one call per chunk, never one per record; the state comes back as flat arrays
// (wasm/core/log/state_flat.h: the layout), read here through views into the heap.
const LOG_CHUNK = 1 << 22; // bytes copied into the wasm heap per call: the heap stays small

/**
 * The flat state at `block` (cv_fold_result), its sections as typed-array views into the wasm heap
 * (not copies: they would double its memory in JS; valid until the next call into the module,
 * which may reuse or grow the heap) and its strings as one decoded text: string i is
 * text.slice(ends[i - 1] ?? 0, ends[i]); a section of strings is the index of its first one.
 */
function readFlatState(M, block, decode) {
  const { buffer } = M.HEAPU8;
  const b = new Uint32Array(buffer, block, 8);
  const words = new Int32Array(buffer, b[0], b[1]);
  const longs = new BigInt64Array(buffer, b[2], b[3]);
  const text = decode(M.HEAPU8.subarray(b[4], b[4] + b[5]));
  const ends = new Uint32Array(buffer, b[6], b[7]);
  const [n, m, a, e, h, x, t, withHistory] = words;
  let w = 8;
  let l = 3;
  let s = 0;
  const W = (k) => words.subarray(w, (w += k));
  const L = (k) => longs.subarray(l, (l += k));
  const S = (k) => (s += k) - k;
  // Each kind (words, longs, strings) in the layout's order.
  const roles = { count: n, partition: W(n), lease: W(n), producerEpoch: W(n), membersEnd: W(n) };
  const members = { count: m };
  const anomalies = { count: a };
  const errors = { count: e, hasLine: W(e) };
  const history = { count: h, kind: W(h), partition: W(h), entriesEnd: W(h) };
  const entries = { count: x, value: W(x), producerEpoch: W(x), transaction: W(x) };
  const transactions = { count: t };
  Object.assign(roles, { producerId: L(n), grantedAt: L(n), deadline: L(n) });
  members.registeredAt = L(m);
  anomalies.offset = L(a);
  errors.value = L(e);
  Object.assign(entries, { offset: L(x), timestamp: L(x), first: L(x), grantedAt: L(x), deadline: L(x) });
  Object.assign(transactions, { producerId: L(t), markerOffset: L(t) });
  Object.assign(roles, { role: S(n), holder: S(n) });
  members.member = S(m);
  Object.assign(anomalies, { kind: S(a), role: S(a), message: S(a) });
  Object.assign(errors, { code: S(e), field: S(e), message: S(e) });
  Object.assign(history, { role: S(h), member: S(h) });
  entries.member = S(x);
  transactions.state = S(t);
  return {
    text,
    ends,
    roles,
    members,
    anomalies,
    errors,
    history: withHistory ? history : null,
    entries,
    transactions,
    records: Number(longs[0]),
    anomaliesOmitted: Number(longs[1]),
    errorsOmitted: Number(longs[2]),
  };
}

/** String i of a flat state. */
function flatString(F, i) {
  return F.text.slice(i === 0 ? 0 : F.ends[i - 1], F.ends[i]);
}

/** Everything of a flat state but its roles and history, as in the API's FoldState. */
export function flatSummary(F) {
  const str = (i) => flatString(F, i);
  const A = F.anomalies;
  const E = F.errors;
  const anomalies = new Array(A.count);
  for (let i = 0; i < A.count; i++)
    anomalies[i] = {
      kind: str(A.kind + i),
      role: str(A.role + i),
      offset: A.offset[i],
      message: str(A.message + i),
    };
  const errors = new Array(E.count);
  for (let i = 0; i < E.count; i++) {
    const at = E.hasLine[i] ? { line: Number(E.value[i]) } : { offset: E.value[i] };
    errors[i] = Object.assign(at, { code: str(E.code + i), field: str(E.field + i), message: str(E.message + i) });
  }
  const out = { anomalies, errors, records: F.records };
  if (F.anomaliesOmitted) out.anomaliesOmitted = F.anomaliesOmitted;
  if (F.errorsOmitted) out.errorsOmitted = F.errorsOmitted;
  return out;
}

// The API's FoldState (wasm/index.d.ts) from a flat state, its keys in the order of the CLI's
// JSON document.
function stateObjects(F) {
  const str = (i) => flatString(F, i);
  const R = F.roles;
  const Ms = F.members;
  const roles = new Array(R.count);
  for (let i = 0, j = 0; i < R.count; i++) {
    const state = R.lease[i];
    const lease =
      state === 0
        ? null
        : {
            holder: str(R.holder + i),
            producerId: R.producerId[i],
            producerEpoch: R.producerEpoch[i],
            grantedAt: R.grantedAt[i],
            deadline: R.deadline[i],
            expired: state === 2,
          };
    const members = new Array(R.membersEnd[i] - j);
    for (let k = 0; k < members.length; k++, j++)
      members[k] = { member: str(Ms.member + j), registeredAt: Ms.registeredAt[j] };
    roles[i] = { role: str(R.role + i), partition: R.partition[i], lease, members };
  }
  const out = { roles, ...flatSummary(F) };
  if (F.history) {
    const H = F.history;
    const X = F.entries;
    const value = (k) =>
      X.value[k] === 0
        ? { member: str(X.member + k), registeredAt: X.first[k] }
        : X.value[k] === 1
          ? {
              member: str(X.member + k),
              producerId: X.first[k],
              producerEpoch: X.producerEpoch[k],
              grantedAt: X.grantedAt[k],
              deadline: X.deadline[k],
            }
          : null;
    const T = F.transactions;
    const entry = (k) => {
      const e = { offset: X.offset[k], timestamp: X.timestamp[k], value: value(k) };
      const t = X.transaction[k];
      if (t >= 0)
        e.transaction = { producerId: T.producerId[t], state: str(T.state + t), markerOffset: T.markerOffset[t] };
      return e;
    };
    out.history = new Array(H.count);
    for (let i = 0, k = 0; i < H.count; i++) {
      const entries = new Array(H.entriesEnd[i] - k);
      for (let q = 0; q < entries.length; q++, k++) entries[q] = entry(k);
      out.history[i] = {
        role: str(H.role + i),
        kind: H.kind[i] === 1 ? 'lease' : 'registration',
        member: str(H.member + i),
        partition: H.partition[i],
        entries,
      };
    }
  }
  return out;
}

/**
 * A folder's state as flat sections (readFlatState): `folder[flatResult]({ now })`, read at once
 * (its views last until the next call into the module). Not part of the typed API: the topic
 * view's worker builds its columns from it without making an object per role.
 */
export const flatResult = Symbol('flatResult');

// The record index's answer (wasm/core/log/record_index.h keyRecordsBytes), big-endian.
function keyRecordsOf(dv, text) {
  let at = 0;
  const i16 = () => ((at += 2), dv.getInt16(at - 2));
  const i32 = () => ((at += 4), dv.getInt32(at - 4));
  const i64 = () => ((at += 8), dv.getBigInt64(at - 8));
  const str = () => {
    const n = i16();
    at += n;
    return text(new Uint8Array(dv.buffer, dv.byteOffset + at - n, n));
  };
  const keys = [];
  for (let k = i32(); k > 0; k--) {
    const kind = i16() === 1 ? 'lease' : 'registration';
    const key = { kind, member: str(), partition: i32(), total: Number(i64()), records: [] };
    for (let r = i32(); r > 0; r--) {
      const offset = i64();
      const input = i32();
      const position = Number(i64());
      const size = i32();
      const state = str();
      const producerId = i64();
      const markerOffset = i64();
      key.records.push({
        offset,
        input: input < 0 ? null : input,
        position,
        size,
        transaction: state === '' ? null : { producerId, state, markerOffset },
      });
    }
    keys.push(key);
  }
  return keys;
}

let cachedLog = null;

/**
 * Loads the whole-topic module (coordination_log.wasm: record batches, gzip, the fold) once; a
 * module of its own so that the single-record codec stays small. Options as for loadCodec, for
 * this module's .wasm.
 */
export function loadLogCodec(options) {
  if (cachedLog) return cachedLog;
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    return Promise.reject(new TypeError('loadLogCodec: options must be an object'));
  }
  cachedLog = import('./dist/coordination_log.js')
    .then((glue) =>
      instantiate(options || {}, glue.default, './dist/coordination_log.wasm', makeLogApi, 'loadLogCodec'),
    )
    .catch((e) => {
      cachedLog = null;
      throw e;
    });
  return cachedLog;
}

function makeLogApi(M) {
  const utf8 = typeof TextDecoder === 'function' ? new TextDecoder('utf-8', { ignoreBOM: true }) : null;
  const text = (b) => (utf8 ? utf8.decode(b) : decodeUtf8(b, 0, b.length));
  let buf = 0;
  let bufCap = 0;
  // Copies bytes into a reused heap area; returns its address (the heap may have grown).
  function copy(bytes) {
    const n = Math.max(1, bytes.length);
    if (n > bufCap) {
      if (buf) M._free(buf);
      bufCap = Math.max(n, 1 << 16);
      buf = M._malloc(bufCap);
      if (!buf) {
        bufCap = 0;
        throw new RangeError(`coordination-viewer: cannot allocate ${n} bytes in the wasm heap`);
      }
    }
    M.HEAPU8.set(bytes, buf);
    return buf;
  }
  const toI64 = (v, what) => {
    if (typeof v === 'bigint') return v;
    if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
    throw new TypeError(`${what} must be a bigint or a safe integer`);
  };

  function readLog(bytes) {
    bytes = asBytes(bytes, 'readLog: bytes');
    const p = copy(bytes);
    const out = M.readLog(p, bytes.length);
    for (const b of out.batches) {
      for (const k of ['baseOffset', 'firstTimestamp', 'maxTimestamp', 'producerId']) b[k] = BigInt(b[k]);
      for (const r of b.records) {
        r.offset = BigInt(r.offset);
        r.timestamp = BigInt(r.timestamp);
        for (const h of r.headers) h.key = text(h.key);
      }
    }
    for (const e of out.errors) e.baseOffset = BigInt(e.baseOffset);
    return out;
  }

  // Packs records for cv_fold_push_records (wasm/core/log/fold.h addPackedRecords), big-endian.
  function packRecords(records, from, to) {
    // Each record's fields are read once, into `rows`: a getter cannot change them between the
    // size count and the copy, and the caller's objects are left as they were.
    const bytesOf = (v, i, f) => (v === null || v === undefined ? null : asBytes(v, `pushRecords: record ${i}: ${f}`));
    const i64Of = (v, what) => (v === undefined || v === null ? -1n : toI64(v, what));
    const rows = [];
    let size = 0;
    for (let i = from; i < to; i++) {
      const r = records[i];
      if (r === null || typeof r !== 'object') throw new TypeError(`pushRecords: record ${i} must be an object`);
      const row = {
        partition: r.partition ?? 0,
        offset: i64Of(r.offset, 'offset'),
        timestamp: i64Of(r.timestamp, 'timestamp'),
        line: i64Of(r.line, 'line'),
        producerId: i64Of(r.producerId, 'producerId'),
        flags: (r.transactional === true ? 1 : 0) | (r.control === true ? 2 : 0),
        key: bytesOf(r.key, i, 'key'),
        value: bytesOf(r.value, i, 'value'),
      };
      rows.push(row);
      size += 45 + (row.key ? row.key.length : 0) + (row.value ? row.value.length : 0);
    }
    const out = new Uint8Array(size);
    const dv = new DataView(out.buffer);
    let at = 0;
    for (const row of rows) {
      dv.setInt32(at, row.partition);
      dv.setBigInt64(at + 4, row.offset);
      dv.setBigInt64(at + 12, row.timestamp);
      dv.setBigInt64(at + 20, row.line);
      dv.setBigInt64(at + 28, row.producerId);
      dv.setUint8(at + 36, row.flags);
      at += 37;
      for (const b of [row.key, row.value]) {
        if (b === null) {
          dv.setInt32(at, -1);
          at += 4;
        } else {
          dv.setInt32(at, b.length);
          out.set(b, at + 4);
          at += 4 + b.length;
        }
      }
    }
    return out;
  }

  function createFolder(options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError('createFolder: options must be an object');
    const history = options.history === true;
    let handle = M._cv_fold_new((history ? 1 : 0) | (options.index === true ? 2 : 0));
    let records = 0;
    const live = () => {
      if (!handle) throw new Error('coordination-viewer: the folder was disposed');
      return handle;
    };
    const flat = (opts = {}) => {
      const now = opts.now === undefined ? BigInt(Date.now()) : toI64(opts.now, 'now');
      return readFlatState(M, M._cv_fold_result(live(), now, history ? 1 : 0), text);
    };
    const partitionOf = (partition) => {
      if (!Number.isInteger(partition) || partition < 0 || partition > 0x7fffffff) {
        throw new TypeError('partition must be an integer 0..2^31-1');
      }
      return partition;
    };
    return {
      /** One chunk of a log file (segment) of `partition`; chunks of one file in order. */
      pushLog(chunk, partition = 0) {
        chunk = asBytes(chunk, 'pushLog: chunk');
        const h = live();
        const part = partitionOf(partition);
        for (let at = 0; at < chunk.length; at += LOG_CHUNK) {
          const piece = chunk.subarray(at, Math.min(chunk.length, at + LOG_CHUNK));
          records = M._cv_fold_push_log(h, part, copy(piece), piece.length);
        }
      },
      /** End of one log file: a batch cut off at its end is reported (BATCH_TRUNCATED). */
      endLog(partition = 0) {
        M._cv_fold_end_log(live(), partitionOf(partition));
      },
      /**
       * Records from another source: { key, value, partition?, offset?, timestamp?, line?,
       * producerId?, transactional?, control? } (the last three from a consumer's batch).
       */
      pushRecords(list) {
        if (!Array.isArray(list)) throw new TypeError('pushRecords: records must be an array');
        const h = live();
        const step = 4096;
        for (let from = 0; from < list.length; from += step) {
          const packed = packRecords(list, from, Math.min(list.length, from + step));
          const bad = M._cv_fold_push_records(h, copy(packed), packed.length);
          if (bad >= 0) throw new Error(`pushRecords: packed record at byte ${bad} is malformed`);
        }
        records += list.length;
      },
      get records() {
        return records;
      },
      /** The state now: { roles, anomalies, errors, records, history? }; i64 values as bigint. */
      result(opts = {}) {
        return stateObjects(flat(opts));
      },
      [flatResult]: flat,
      /**
       * The keys of `role` in `partition` with the newest `limit` records each, from the record
       * index (createFolder({ index: true })): where each record lies and its transaction.
       */
      keyRecords(role, partition, opts = {}) {
        if (typeof role !== 'string') throw new TypeError('keyRecords: role must be a string');
        const limit = opts.limit ?? 1000;
        if (!Number.isSafeInteger(limit) || limit < 0) throw new TypeError('keyRecords: limit must be an integer >= 0');
        const name = new TextEncoder().encode(role);
        const len = M._cv_fold_key_records(live(), copy(name), name.length, partitionOf(partition), limit);
        const ptr = M._cv_fold_key_records_bytes();
        return keyRecordsOf(new DataView(M.HEAPU8.buffer, ptr, len), text);
      },
      /** Frees the folder's wasm memory; the folder cannot be used afterwards. */
      dispose() {
        if (handle) M._cv_fold_delete(handle);
        handle = 0;
      },
    };
  }

  function foldState(input, options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError('foldState: options must be an object');
    const folder = createFolder({ history: options.history === true });
    try {
      if (!Array.isArray(input)) {
        input = asBytes(input, 'foldState: input (log bytes or an array of records)');
        const partition = options.partition ?? 0;
        folder.pushLog(input, partition);
        folder.endLog(partition);
      } else {
        folder.pushRecords(input);
      }
      return folder.result({ now: options.now });
    } finally {
      folder.dispose();
    }
  }

  // ---- ProduceRequest v3 (issue 13) ------------------------------------------------------------
  // The core decodes into flat arrays of structs (wasm/core/protocol/produce.h), read here in place
  // at the byte offsets the C++ structs have (produceLayout, once per instance). Keys, values and
  // texts are slices of one copy of the request's bytes followed by the request's pool (the
  // inflated records of gzip batches, repaired texts, error texts).
  const layout = M.produceLayout();
  const { block: K, run: RUN, slice: S, topic: T, partition: P, batch: B, record: R, header: H } = layout;
  const { decoded: D, error: E } = layout;
  const KINDS = ['registration', 'lease'];
  const COMPRESSION = ['none', 'gzip'];
  function decodeProduceRequest(bytes) {
    bytes = asBytes(bytes, 'decodeProduceRequest: bytes');
    const out = M.decodeProduceRequest(copy(bytes), bytes.length);
    if (typeof out !== 'number') throw new CoordinationError(out.code, out.offset, out.field, out.message);
    const { buffer } = M.HEAPU8;
    const I16 = new Int16Array(buffer);
    const I32 = new Int32Array(buffer);
    const I64 = new BigInt64Array(buffer);
    // The request's scalars and the runs of its arrays (log_bindings.cpp ProduceBlock).
    const runAt = (name) => I32[(out + K[name] + RUN.at) >> 2] >>> 0;
    const runCount = (name) => I32[(out + K[name] + RUN.count) >> 2];
    const poolAt = runAt('pool');
    const poolSize = runCount('pool');
    // Keys and values are views into one copy: an ArrayBuffer each made the garbage collector
    // most of the decode time.
    const space = new Uint8Array(bytes.length + poolSize);
    space.set(bytes);
    space.set(M.HEAPU8.subarray(poolAt, poolAt + poolSize), bytes.length);
    const spaceBuffer = space.buffer;
    // A slice's bytes as a view (null for null), or as text.
    const view = (at) => {
      const n = I32[(at + S.length) >> 2];
      if (n < 0) return null;
      return new Uint8Array(spaceBuffer, I32[(at + S.at) >> 2], n); // (subarray took twice as long)
    };
    const str = (at) => {
      const b = view(at);
      return b === null ? null : b.length === 0 ? '' : text(b);
    };
    // The repeated texts (roles, members, header keys) as one string each (protocol/text_ids.h).
    const texts = new Array(runCount('texts'));
    for (let i = 0, at = runAt('texts'); i < texts.length; i++, at += S.size) texts[i] = str(at);
    const idsAt = runAt('decodedTexts') >>> 2;
    const headerIdsAt = runAt('headerTexts') >>> 2;
    const textOf = (id) => (id < 0 ? null : texts[id]);
    const i64 = (at) => I64[at >> 3];
    const partitionsAt = runAt('partitions');
    const batchesAt = runAt('batches');
    const recordsAt = runAt('records');
    const headersAt = runAt('headers');
    const decodedAt = runAt('decoded');
    const errorsAt = runAt('errors');
    const run = (at, s, fn) => {
      const begin = I32[(at + s.begin) >> 2];
      const n = I32[(at + s.count) >> 2];
      const list = new Array(n);
      for (let i = 0; i < n; i++) list[i] = fn(begin + i);
      return list;
    };
    const errorOf = (i) => {
      const at = errorsAt + i * E.size;
      return {
        code: str(at + E.code),
        offset: I32[(at + E.offset) >> 2],
        field: str(at + E.field),
        part: I32[(at + E.inValue) >> 2] === 0 ? 'key' : 'value',
        message: str(at + E.message),
      };
    };
    const decodedOf = (i) => {
      const at = decodedAt + i * D.size;
      const ids = idsAt + 3 * i;
      const keyKind = I32[(at + D.keyKind) >> 2];
      const key =
        keyKind < 0 ? null : { version: 0, kind: KINDS[keyKind], role: textOf(I32[ids]), member: textOf(I32[ids + 1]) };
      const valueKind = I32[(at + D.valueKind) >> 2];
      let value = null;
      if (valueKind === 0) {
        value = {
          version: 0,
          kind: 'registration',
          member: textOf(I32[ids + 2]),
          registeredAt: i64(at + D.registeredAt),
        };
      } else if (valueKind === 1) {
        value = {
          version: 0,
          kind: 'lease',
          member: textOf(I32[ids + 2]),
          producerId: i64(at + D.producerId),
          producerEpoch: I32[(at + D.producerEpoch) >> 2],
          grantedAt: i64(at + D.grantedAt),
          deadline: i64(at + D.deadline),
        };
      }
      const error = I32[(at + D.error) >> 2];
      return { key, value, error: error < 0 ? null : errorOf(error) };
    };
    const headerOf = (i) => {
      const at = headersAt + i * H.size;
      return { key: textOf(I32[headerIdsAt + i]), value: view(at + H.value) };
    };
    // The records of a batch: one loop, the hot path of a large request.
    const recordsOf = (at) => {
      const begin = I32[(at + B.begin) >> 2];
      const n = I32[(at + B.count) >> 2];
      const list = new Array(n);
      for (let k = 0; k < n; k++) {
        const r = recordsAt + (begin + k) * R.size;
        const count = I32[(r + R.count) >> 2];
        const headers = count === 0 ? [] : new Array(count);
        for (let h = 0, first = I32[(r + R.begin) >> 2]; h < count; h++) headers[h] = headerOf(first + h);
        const decoded = I32[(r + R.decoded) >> 2];
        // Two literals, not a property added later: its shape is final at once.
        list[k] =
          decoded < 0
            ? {
                offset: i64(r + R.offset),
                timestamp: i64(r + R.timestamp),
                key: view(r + R.key),
                value: view(r + R.value),
                headers,
              }
            : {
                offset: i64(r + R.offset),
                timestamp: i64(r + R.timestamp),
                key: view(r + R.key),
                value: view(r + R.value),
                headers,
                decoded: decodedOf(decoded),
              };
      }
      return list;
    };
    const batchOf = (i) => {
      const at = batchesAt + i * B.size;
      return {
        baseOffset: i64(at + B.baseOffset),
        producerId: i64(at + B.producerId),
        producerEpoch: I16[(at + B.producerEpoch) >> 1],
        baseSequence: I32[(at + B.baseSequence) >> 2],
        compression: COMPRESSION[I16[(at + B.attributes) >> 1] & 7],
        records: recordsOf(at),
      };
    };
    const partitionOf = (i) => {
      const at = partitionsAt + i * P.size;
      return { partition: I32[(at + P.partition) >> 2], batches: run(at, P, batchOf) };
    };
    const topics = new Array(runCount('topics'));
    for (let i = 0, at = runAt('topics'); i < topics.length; i++, at += T.size) {
      topics[i] = { topic: str(at + T.topic), partitions: run(at, T, partitionOf) };
    }
    return {
      header:
        I32[(out + K.hasHeader) >> 2] === 1
          ? {
              apiKey: I16[(out + K.apiKey) >> 1],
              apiVersion: I16[(out + K.apiVersion) >> 1],
              correlationId: I32[(out + K.correlationId) >> 2],
              clientId: str(out + K.clientId),
            }
          : null,
      transactionalId: str(out + K.transactionalId),
      acks: I32[(out + K.acks) >> 2],
      timeout: I32[(out + K.timeout) >> 2],
      topics,
    };
  }
  // The field tree of a ProduceRequest in the neutral shape of codec.inspect (FieldNode, nested).
  function inspect(input, target) {
    if (target !== 'produce-request')
      throw new TypeError("inspect: the whole-topic module's target is 'produce-request'");
    const bytes = asBytes(input, 'inspect: bytes');
    const raw = M.inspectProduceRequest(copy(bytes), bytes.length);
    const nodes = raw.fields.map((f) => {
      const node = {
        path: f.path,
        name: f.name,
        wireType: f.wireType,
        offset: f.offset,
        length: f.length,
        complete: f.complete,
        children: [],
      };
      if (f.value !== undefined) node.value = f.wireType === 'i64' ? BigInt(f.value) : Number(f.value);
      else if (f.text !== undefined) node.value = f.text;
      if (f.meaning !== undefined) node.meaning = f.meaning;
      return node;
    });
    const fields = [];
    raw.fields.forEach((f, i) => (f.parent >= 0 ? nodes[f.parent].children.push(nodes[i]) : fields.push(nodes[i])));
    const ok = raw.error === null;
    const record = ok ? decodeProduceRequest(bytes) : null;
    return {
      target,
      tombstone: false,
      ok,
      fields,
      error: raw.error,
      warnings: raw.warnings,
      record,
      size: bytes.length,
    };
  }

  const api = Object.freeze({ readLog, foldState, createFolder, decodeProduceRequest, inspect });
  loadedLogApi = api;
  return api;
}

// The whole-topic module once loadLogCodec() has resolved: the single-record codec's
// decodeProduceRequest and inspect(bytes, 'produce-request') use it (they stay synchronous).
let loadedLogApi = null;
export function requireLogApi(fn) {
  if (loadedLogApi === null) {
    throw new Error(
      `${fn}: ProduceRequest decoding lives in the whole-topic module: call \`await loadLogCodec()\` once first`,
    );
  }
  return loadedLogApi;
}
