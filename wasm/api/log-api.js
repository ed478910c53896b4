// The whole-topic module's API (loadLogCodec): record batches, the fold, and ProduceRequest v3
// (wasm/api/produce-api.js). The package's entry point 'coordination-viewer/log' (wasm/README.md, "Bundlers").
import { TA_BUFFER, TA_LENGTH, TA_OFFSET, asBytes, instantiate, setLogApi } from './boundary.js';
import { logEntryPoints } from '../generated/entry-points.js';
import { decodeRange } from './utf8.js';
import { makeWasmInstance } from './wasm-instance.js';
import { makeProduceApi } from './produce-api.js';
import { makeSchemaApi } from './schema-api.js';
import { makeTransactionsApi } from './transactions-api.js';
import { makeShareStateApi, makeShareStateFoldApi } from './sharestate-api.js';
import { makeClusterMetadataApi, makeClusterMetadataFoldApi } from './clustermetadata-api.js';
import { keyRecordsOf, readFlatState, stateObjects } from './fold-state.js';
import { i64Of, packRows, partitionOf, readRecords } from './packed-records.js';
// The flat state's readers the viewer's worker uses, from the module's entry point.
export { flatAnomalyRecord, flatLeaseTransaction, flatSummary } from './fold-state.js';
import { makeGroupFoldApi, makeGroupsApi } from './groups-api.js';

// ---- Whole-topic mode (issue 11): loadLogCodec -> readLog, foldState, createFolder -------------
// The fold runs in the core (wasm/core/log/fold.h): JS copies each chunk of input into the heap
// and makes one call per chunk, never one per record; the state comes back as flat arrays
// (wasm/core/log/state_flat.h: the layout, described once), read here through views into the heap.
const LOG_CHUNK = 1 << 22; // bytes copied into the wasm heap per call: the heap stays small

/**
 * A folder's state as flat sections (readFlatState): `folder[flatResult]({ now })`, read at once
 * (its views last until the next call into the module). Not part of the typed API: the topic
 * view's worker builds its columns from it without making an object per role.
 */
export const flatResult = Symbol('flatResult');

/**
 * Partitions folded apart and merged (wasm/core/log/fold_merge.h: the design), not part of the
 * typed API either; the CLI's worker threads (wasm/cli/parallel.mjs) and a viewer's worker pool
 * use them:
 * - `folder[seedFolder](seed)` before any record: a seed (bytes) a merger's refold() gave;
 * - `folder[foldPartial](partition)`: the fold's partial, a Uint8Array over an ArrayBuffer of its
 *   own (a copy out of the heap, to transfer);
 * - `log[createMerger](fold = 'state')`: { add(order, partial), refold() -> { order, seed } | null,
 *   result({ now }), [flatResult]({ now }), dispose() }; add() takes the partition read
 *   `order`-th (from 0); result() is the state one folder fed every partition in that order gives;
 *   fold 'groups': the groups fold's (createGroupFolder's partials; refold() is always null);
 *   fold 'transactions': the transaction log's (createTransactionFolder's parts; refold() is always
 *   null, result({ now }));
 *   fold 'share-state': the share-group state's (createShareStateFolder's parts; refold() is always
 *   null, result()).
 */
export const seedFolder = Symbol('seedFolder');
export const foldPartial = Symbol('foldPartial');
export const createMerger = Symbol('createMerger');
/**
 * `folder[readLogInto](read, partition = 0)` (every folder: state, groups, transactions), for the
 * CLI's file reads: the next chunk of a log file read straight into the wasm heap, no copy and no
 * buffer per chunk. `read(view)` writes at most view.length bytes at the start of `view` (a view
 * of the heap, valid during the call only; read calls nothing of the module) and returns how many;
 * they are pushed as pushLog's chunk. Returns that count (0: nothing pushed, the file's end).
 */
export const readLogInto = Symbol('readLogInto');
/**
 * `log[decompressPayload](codec, bytes)`: a compressed batch's payload (codec 1 gzip, 2 snappy, 3
 * lz4, 4 zstd) decompressed as the record-batch reader decompresses it (the same decoders and
 * limit), for the decoders' tests and benchmark (tests/node/codecs.test.mjs, tests/bench/fold.mjs).
 * Returns a Uint8Array; throws an Error with the batch error's `code`, `offset` (in the payload)
 * and words when it does not decompress.
 */
export const decompressPayload = Symbol('decompressPayload');

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
  cachedLog = import('../dist/coordination_log.js')
    .then((glue) =>
      instantiate(
        options || {},
        glue.default,
        () => import('../dist/coordination_log.bytes.js'),
        makeLogApi,
        'loadLogCodec',
      ),
    )
    .catch((e) => {
      cachedLog = null;
      throw e;
    });
  return cachedLog;
}

function makeLogApi(M) {
  // The module's entry points (wasm/bindings/entry-points.mjs), bound once.
  const entry = logEntryPoints(M);
  const text = (b) => decodeRange(b, 0, b.length);
  // The input bytes (asBytes's) in the instance's scratch area; returns its address (the heap may
  // have grown). Their length is read with TA_LENGTH, as every caller reads it: an own `length`
  // getter of the caller's array runs no code here.
  const instance = makeWasmInstance(M, { minScratch: 1 << 16 });
  const copy = (bytes) => instance.copyIn(bytes, TA_LENGTH.call(bytes));
  function readLog(bytes) {
    bytes = asBytes(bytes, 'readLog: bytes');
    const p = copy(bytes);
    const out = entry.readLog(p, TA_LENGTH.call(bytes));
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

  // A folder's log input: pushLog, endLog and [readLogInto] over its module's calls
  // push(handle, partition, address, length), which answers the records folded so far (told to
  // counted(n)), and end(handle, partition). Each method reads and checks its arguments before it
  // takes the handle.
  function logInput(live, push, end, counted) {
    const pushOf = (partition) => {
      const part = partitionOf(partition);
      const h = live();
      return (at, n) => counted(push(h, part, at, n));
    };
    return {
      /** One chunk of a log file (segment) of `partition`; chunks of one file in order. */
      pushLog(chunk, partition = 0) {
        chunk = asBytes(chunk, 'pushLog: chunk');
        const buffer = TA_BUFFER.call(chunk);
        const offset = TA_OFFSET.call(chunk);
        const length = TA_LENGTH.call(chunk);
        const into = pushOf(partition);
        // Copied into the heap piece by piece: the heap stays small.
        for (let at = 0; at < length; at += LOG_CHUNK) {
          const piece = new Uint8Array(buffer, offset + at, Math.min(LOG_CHUNK, length - at));
          into(copy(piece), piece.length);
        }
      },
      /** End of one log file: a batch cut off at its end is reported (BATCH_TRUNCATED). */
      endLog(partition = 0) {
        const part = partitionOf(partition);
        end(live(), part);
      },
      [readLogInto](read, partition = 0) {
        if (typeof read !== 'function') throw new TypeError('readLogInto: read must be a function');
        const into = pushOf(partition);
        const at = instance.scratchFor(LOG_CHUNK);
        const n = read(instance.heap.subarray(at, at + LOG_CHUNK));
        if (!Number.isInteger(n) || n < 0 || n > LOG_CHUNK)
          throw new RangeError(`readLogInto: read returned ${n}, not an integer 0 to ${LOG_CHUNK}`);
        if (n > 0) into(at, n);
        return n;
      },
    };
  }

  // pushRecords' work for any folder: the records read and checked, then the handle (live()), then
  // packed 4096 at a time into push(handle, address, length) (-1, or a malformed record's byte).
  // Returns how many were pushed.
  function pushRows(list, live, push) {
    if (!Array.isArray(list)) throw new TypeError('pushRecords: records must be an array');
    const rows = readRecords(list);
    const h = live();
    const step = 4096;
    for (let from = 0; from < rows.length; from += step) {
      const packed = packRows(rows, from, Math.min(rows.length, from + step));
      const bad = push(h, copy(packed), packed.length);
      if (bad >= 0) throw new Error(`pushRecords: packed record at byte ${bad} is malformed`);
    }
    return rows.length;
  }

  const nowOf = (opts) => (opts.now === undefined ? BigInt(Date.now()) : i64Of(opts.now, 'now'));
  // The schema-generated messages (wasm/api/schema-api.js): internal for now, not in index.d.ts.
  const schema = makeSchemaApi(M, entry, copy, text);
  const { decodeMessage, inspectMessage } = schema;
  // Kafka's transaction log (wasm/api/transactions-api.js).
  const transactions = makeTransactionsApi(M, entry, {
    copy,
    text,
    schema,
    logInput,
    pushRows,
    partitionOf,
    nowOf,
    flatResult,
    foldPartial,
  });

  // A folder or a merger dropped without dispose(): its wasm memory is freed once it is collected
  // (no collector sees the wasm heap: 20,000 dropped folders held 401 MB of it). dispose() unregisters.
  const freedWhenDropped = (free) =>
    typeof FinalizationRegistry === 'function' ? new FinalizationRegistry(free) : null;
  const droppedFolders = freedWhenDropped((handle) => entry.foldDelete(handle));
  const droppedMergers = freedWhenDropped((handle) => entry.mergeDelete(handle));

  /**
   * An object owning `handle` in the wasm heap (a folder, a merger): `methodsOf(live)` makes its
   * own methods (live() returns the handle, or throws once disposed), to which come result(),
   * [flatResult]() (`resultAt(handle, now, join)`: the address of the state's flat block; join: 0 or a
   * transaction log's, wasm/api/transactions-api.js joinOf) and dispose().
   */
  function owning(what, handle, free, dropped, resultAt, methodsOf) {
    const live = () => {
      if (!handle) throw new Error(`coordination-viewer: the ${what} was disposed`);
      return handle;
    };
    const flat = (opts = {}) => {
      const now = nowOf(opts);
      const join = transactions.joinOf(opts.transactions, now);
      return readFlatState(M, resultAt(live(), now, join), text);
    };
    const object = Object.assign(methodsOf(live), {
      /**
       * The state now: { roles, anomalies, errors, records, history? }; i64 values as bigint.
       * { transactions }: a transaction folder (createTransactionFolder) the leases are held against.
       */
      result(opts = {}) {
        return stateObjects(flat(opts));
      },
      [flatResult]: flat,
      /** Frees its wasm memory; it cannot be used afterwards. */
      dispose() {
        if (!handle) return;
        dropped?.unregister(object);
        free(handle);
        handle = 0;
      },
    });
    dropped?.register(object, handle, object);
    return object;
  }

  function createFolder(options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError('createFolder: options must be an object');
    const history = options.history === true;
    const handle = entry.foldNew((history ? 1 : 0) | (options.index === true ? 2 : 0));
    let records = 0;
    // Every method reads and checks all its arguments first, and takes the handle last: a getter
    // among the arguments may dispose the folder (then: this Error, nothing written anywhere).
    const resultAt = (h, now, join) => entry.foldResult(h, now, history ? 1 : 0, join);
    return owning('folder', handle, entry.foldDelete, droppedFolders, resultAt, (live) => ({
      ...logInput(live, entry.foldPushLog, entry.foldEndLog, (n) => (records = n)),
      /**
       * Records from another source: { key, value, partition?, offset?, timestamp?, line?,
       * producerId?, transactional?, control? } (the last three from a consumer's batch).
       */
      pushRecords(list) {
        records += pushRows(list, live, (h, at, n) => entry.foldPushRecords(h, at, n));
      },
      get records() {
        return records;
      },
      [seedFolder](seed) {
        const bytes = asBytes(seed, 'seed');
        const h = live();
        if (entry.foldSeed(h, copy(bytes), TA_LENGTH.call(bytes)) !== 0) throw new Error('seed: not a fold seed');
      },
      [foldPartial](partition) {
        const part = partitionOf(partition);
        const n = entry.foldPartial(live(), part);
        return M.HEAPU8.slice(entry.bytes(), entry.bytes() + n);
      },
      /**
       * The keys of `role` in `partition` with the newest `limit` records each, from the record
       * index (createFolder({ index: true })): where each record lies and its transaction.
       */
      keyRecords(role, partition, opts = {}) {
        if (typeof role !== 'string') throw new TypeError('keyRecords: role must be a string');
        if (opts === null || typeof opts !== 'object') throw new TypeError('keyRecords: options must be an object');
        const limit = opts.limit ?? 1000;
        if (!Number.isSafeInteger(limit) || limit < 0) throw new TypeError('keyRecords: limit must be an integer >= 0');
        const part = partitionOf(partition);
        const name = new TextEncoder().encode(role);
        // The core counts in 32 bits (wasm's size_t): a larger limit, every record, is its largest.
        const len = entry.foldKeyRecords(live(), copy(name), name.length, part, Math.min(limit, 0xffffffff));
        const ptr = entry.foldKeyRecordsBytes();
        return keyRecordsOf(new DataView(M.HEAPU8.buffer, ptr, len), text);
      },
    }));
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
      return folder.result({ now: options.now, transactions: options.transactions });
    } finally {
      folder.dispose();
    }
  }

  function merger() {
    return owning('merger', entry.mergeNew(), entry.mergeDelete, droppedMergers, entry.mergeResult, (live) => ({
      add(order, partial) {
        if (!Number.isInteger(order) || order < 0 || order > 0x7fffffff)
          throw new RangeError('add: order must be an integer 0 to 2^31-1');
        const bytes = asBytes(partial, 'add: partial');
        const h = live();
        const n = entry.mergeAdd(h, order, copy(bytes), TA_LENGTH.call(bytes));
        if (n > 0) throw new Error(`add: ${text(M.HEAPU8.subarray(entry.bytes(), entry.bytes() + n))}`);
      },
      refold() {
        const order = entry.mergeRefold(live());
        if (order < 0) return null;
        const at = entry.bytes();
        return { order, seed: M.HEAPU8.slice(at, at + entry.mergeSeedLength()) };
      },
    }));
  }

  const { decodeProduceRequest, inspect: inspectProduce } = makeProduceApi(M, entry, copy, text);
  const { decodeTransactionRecord, createTransactionFolder, foldTransactions } = transactions;
  const groups = makeGroupsApi(M, entry, copy, schema);
  const { decodeConsumerSubscription, decodeConsumerAssignment, decodeGroupRecord, inspectGroupRecord } = groups;
  // __share_group_state (wasm/api/sharestate-api.js).
  const { decodeShareStateRecord, inspectShareStateRecord } = makeShareStateApi(M, entry, copy, schema);
  // __cluster_metadata, the KRaft metadata log (wasm/api/clustermetadata-api.js).
  const { decodeClusterMetadataRecord, inspectClusterMetadataRecord } = makeClusterMetadataApi(M, entry, copy, schema);
  const shareStateFolds = makeShareStateFoldApi(M, entry, { copy, text, logInput, pushRows, foldPartial });
  const { createShareStateFolder, foldShareState } = shareStateFolds;
  const { createClusterMetadataFolder, foldClusterMetadata } = makeClusterMetadataFoldApi(M, entry, {
    text,
    logInput,
    pushRows,
  });
  // The groups fold (wasm/api/groups-api.js): its records decoded by decodeGroupRecord.
  const groupFolds = makeGroupFoldApi(M, entry, {
    copy,
    text,
    logInput,
    pushRows,
    partitionOf,
    foldPartial,
    decodeGroupRecord,
  });
  const { createGroupFolder, foldGroups } = groupFolds;
  // inspect's targets: the ProduceRequest (produce-api.js) and the consumer protocol (groups-api.js).
  function inspect(bytes, target, options) {
    if (groups.consumerTargets.includes(target)) return groups.inspectConsumer(bytes, target, options);
    if (target !== 'produce-request')
      throw new TypeError(
        "inspect: the whole-topic module's targets are 'produce-request', 'consumer-subscription', 'consumer-assignment'",
      );
    return inspectProduce(bytes, target);
  }
  // The merger of each fold a partial comes from ([createMerger](fold)).
  const MERGERS = {
    state: merger,
    groups: groupFolds.merger,
    transactions: transactions.createMerger,
    'share-state': shareStateFolds.createMerger,
  };
  const api = Object.freeze({
    readLog,
    foldState,
    createFolder,
    decodeProduceRequest,
    inspect,
    decodeConsumerSubscription,
    decodeConsumerAssignment,
    decodeGroupRecord,
    inspectGroupRecord,
    decodeMessage,
    inspectMessage,
    decodeTransactionRecord,
    decodeShareStateRecord,
    inspectShareStateRecord,
    decodeClusterMetadataRecord,
    inspectClusterMetadataRecord,
    createShareStateFolder,
    foldShareState,
    createClusterMetadataFolder,
    foldClusterMetadata,
    createTransactionFolder,
    foldTransactions,
    createGroupFolder,
    foldGroups,
    [createMerger]: (fold = 'state') => MERGERS[fold](),
    [decompressPayload]: (codec, bytes) => {
      bytes = asBytes(bytes, 'decompressPayload: bytes');
      const out = entry.decompressPayload(codec, copy(bytes), TA_LENGTH.call(bytes));
      if (out.bytes) return out.bytes;
      throw Object.assign(new Error(out.message), { code: out.code, offset: out.offset });
    },
  });
  setLogApi(api);
  return api;
}
