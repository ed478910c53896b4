// Kafka's transaction log (__transaction_state, issue 22) in the whole-topic module, composed by
// wasm/api/log-api.js: decodeTransactionRecord, the fold (createTransactionFolder, foldTransactions)
// and the join of the coordination state with it (a folder's result({ transactions })). The core
// does the work (wasm/core/transactions, wasm/bindings/transactions_bindings.cpp); this reads its answers.
import { asBytes, coordinationErrorOf, heapWords, TA_LENGTH } from './boundary.js';
import { TRANSACTION_STATUSES } from '../generated/tables.js';
import { flatReader, flatSections, foldErrors } from './flat-layout.js';

const STATUS = TRANSACTION_STATUSES.map((s) => s.name);

/**
 * The join's sections after a flat state's (state_flat.h JOIN_FLAT: after every other section),
 * from S, the state's sections as flatReader read them; null when the state was not joined.
 */
export function readJoinSections(F, S) {
  const J = readJoin(F, S.end, { roles: S.counts.roles, anomalies: S.counts.anomalies });
  return J && { ...J.rows, role: J.roles.transaction, anomaly: J.anomalies.transaction };
}
const readJoin = flatReader('join', { last: true });

/** A lease's producer transaction (row k of the join's sections), as the API gives it. */
export function producerTransaction(J, str, k) {
  return {
    transactionalId: str(J.transactionalId + k),
    producerEpoch: J.producerEpoch[k],
    status: STATUS[J.status[k]],
    lastUpdateTimestamp: J.lastUpdate[k],
    producerId: J.producerId[k],
    partition: J.partition[k],
    offset: J.offset[k],
  };
}

/** An anomaly's transaction-log record (-2: not an anomaly of the join; -1: none read). */
export function anomalyRecord(J, str, i) {
  const k = J.anomaly[i];
  if (k === -2) return undefined;
  if (k === -1) return null;
  return { transactionalId: str(J.transactionalId + k), partition: J.partition[k], offset: J.offset[k] };
}

/** The merged transaction log's flat sections (transactions/flat.h). */
function readTransactionFlat(M, block, decode) {
  const F = flatSections(M, block, decode);
  const T = readTransactions(F);
  return {
    ...F,
    entries: T.entries,
    topics: T.topics,
    ids: T.ids.partitionId,
    anomalies: T.anomalies,
    errors: T.errors,
    records: Number(T.head.records),
    anomaliesOmitted: Number(T.head.anomaliesOmitted),
    errorsOmitted: Number(T.head.errorsOmitted),
  };
}
const readTransactions = flatReader('transactions', { last: true });

/** A transaction folder's result: the document of `coordination-viewer transactions`. */
function transactionObjects(F) {
  const { str } = F;
  const E = F.entries;
  const T = F.topics;
  const transactions = [];
  for (let k = 0, topic = 0; k < E.count; k++) {
    const topicsEnd = E.topicsEnd[k];
    const first = topic;
    topic = topicsEnd;
    if (E.removed[k]) continue; // expired: compaction leaves nothing of it
    let partitions = null;
    if (!E.partitionsNull[k]) {
      partitions = [];
      for (let j = first; j < topicsEnd; j++) {
        const from = j === 0 ? 0 : T.idsEnd[j - 1];
        partitions.push({ topic: str(T.topic + j), partitions: Array.from(F.ids.subarray(from, T.idsEnd[j])) });
      }
    }
    transactions.push({
      transactionalId: str(E.transactionalId + k),
      partition: E.partition[k],
      offset: E.offset[k],
      producerId: E.producerId[k],
      producerEpoch: E.producerEpoch[k],
      status: STATUS[E.status[k]],
      timeoutMs: E.timeoutMs[k],
      partitions,
      lastUpdateTimestamp: E.lastUpdate[k],
      startTimestamp: E.start[k],
    });
  }
  const A = F.anomalies;
  const anomalies = new Array(A.count);
  for (let i = 0; i < A.count; i++)
    anomalies[i] = {
      kind: str(A.kind + i),
      transactionalId: str(A.transactionalId + i),
      partition: A.partition[i],
      offset: A.offset[i],
      message: str(A.message + i),
    };
  const errors = foldErrors(F.errors, str, 'transactionalId');
  const out = { transactions, anomalies, errors, records: F.records };
  if (F.anomaliesOmitted) out.anomaliesOmitted = F.anomaliesOmitted;
  if (F.errorsOmitted) out.errorsOmitted = F.errorsOmitted;
  return out;
}

/**
 * The transaction-log part of the whole-topic API. `shared` is what wasm/api/log-api.js's folders use
 * too: copy, text, schema (wasm/api/schema-api.js: readMessage, idOf), logInput, pushRows, partitionOf, nowOf,
 * dropped (a FinalizationRegistry-like { register, unregister } or null), flatResult and foldPartial
 * (the symbols of wasm/api/log-api.js).
 */
export function makeTransactionsApi(M, entry, shared) {
  const { copy, text, schema, logInput, pushRows, partitionOf, nowOf, flatResult, foldPartial } = shared;
  const keyId = schema.idOf('TransactionLogKey');
  const valueId = schema.idOf('TransactionLogValue');
  const dropped =
    typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((handle) => entry.txnDelete(handle)) : null;
  // Each transaction folder's join, for the coordination folders' result({ transactions }).
  const joins = new WeakMap();

  const words = heapWords(M);
  function decodeTransactionRecord(key, value) {
    key = asBytes(key, 'decodeTransactionRecord: key');
    value = value === null || value === undefined ? null : asBytes(value, 'decodeTransactionRecord: value');
    const kl = key.length;
    const both = new Uint8Array(kl + (value === null ? 0 : value.length));
    both.set(key);
    if (value !== null) both.set(value, kl);
    const at = copy(both);
    // The address of two words: the key's schema block, the value's.
    const blocks = entry.transactionRecord(at, kl, value === null ? -1 : value.length);
    if (blocks === 0) {
      throw coordinationErrorOf(entry.transactionRecordError());
    }
    const U32 = words();
    const valueBlock = U32[(blocks >> 2) + 1];
    const k = schema.readMessage(keyId, U32[blocks >> 2], key, at);
    if (value === null) return { key: { version: 0, transactionalId: k.transactionalId }, value: null };
    const v = schema.readMessage(valueId, valueBlock, value, at + kl);
    // Version 1's tagged fields (Kafka 4.1.0's TransactionLogValue.json, KIP-890 part 2), by name, at
    // their defaults when absent; a version-0 record has none and reads as 3.8.0 read it.
    const tagged =
      v.version >= 1
        ? {
            previousProducerId: v.previousProducerId,
            nextProducerId: v.nextProducerId,
            nextProducerEpoch: v.nextProducerEpoch,
            clientTransactionVersion: v.clientTransactionVersion,
          }
        : {};
    return {
      key: { version: 0, transactionalId: k.transactionalId },
      value: {
        version: v.version,
        producerId: v.producerId,
        producerEpoch: v.producerEpoch,
        transactionTimeoutMs: v.transactionTimeoutMs,
        status: STATUS[v.transactionStatus],
        partitions:
          v.transactionPartitions === null
            ? null
            : v.transactionPartitions.map((p) => ({
                topic: p.topic,
                partitions: p.partitionIds,
                unknownTaggedFields: p.unknownTaggedFields,
              })),
        lastUpdateTimestamp: v.transactionLastUpdateTimestampMs,
        startTimestamp: v.transactionStartTimestampMs,
        ...tagged,
        unknownTaggedFields: v.unknownTaggedFields,
      },
    };
  }

  function createTransactionFolder() {
    let handle = entry.txnNew();
    let records = 0;
    const live = () => {
      if (!handle) throw new Error('coordination-viewer: the folder was disposed');
      return handle;
    };
    // `now` read before the handle: its getter may dispose the folder (then: an Error).
    const flat = (opts = {}) => {
      const now = nowOf(opts);
      return readTransactionFlat(M, entry.txnResult(live(), now), text);
    };
    const folder = {
      // pushLog, endLog: segments of __transaction_state.
      ...logInput(live, entry.txnPushLog, entry.txnEndLog, (n) => (records = n)),
      /** Records from another source: { key, value, partition?, offset?, timestamp?, line? }. */
      pushRecords(list) {
        records += pushRows(list, live, (h, at, n) => entry.txnPushRecords(h, at, n));
      },
      get records() {
        return records;
      },
      /** { transactions, anomalies, errors, records } at `now` (default: now); i64 values as bigint. */
      result(opts = {}) {
        return transactionObjects(flat(opts));
      },
      [flatResult]: flat,
      /** Its part (transactions/fold.h writeTransactionPart), for a merger of createMerger(). */
      [foldPartial]() {
        const n = entry.txnPart(live());
        return M.HEAPU8.slice(entry.txnBytes(), entry.txnBytes() + n);
      },
      /** Frees the folder's wasm memory; the folder cannot be used afterwards. */
      dispose() {
        if (!handle) return;
        dropped?.unregister(folder);
        entry.txnDelete(handle);
        handle = 0;
      },
    };
    joins.set(folder, (now) => entry.txnJoin(live(), now));
    dropped?.register(folder, handle, folder);
    return folder;
  }

  // Parts of partitions folded apart, merged in reading order (wasm/cli/parallel.mjs's merger: a
  // part never needs a fold again, the partitions of the transaction log being independent).
  function createMerger() {
    let handle = entry.txnMergeNew();
    const live = () => {
      if (!handle) throw new Error('coordination-viewer: the merger was disposed');
      return handle;
    };
    return {
      add(order, part) {
        if (!Number.isInteger(order) || order < 0 || order > 0x7fffffff)
          throw new RangeError('add: order must be an integer 0 to 2^31-1');
        const bytes = asBytes(part, 'add: part');
        const h = live();
        const n = entry.txnMergeAdd(h, order, copy(bytes), TA_LENGTH.call(bytes));
        if (n > 0) throw new Error(`add: ${text(M.HEAPU8.subarray(entry.txnBytes(), entry.txnBytes() + n))}`);
      },
      refold: () => null,
      /** As a transaction folder's result, of every part added. */
      result(opts = {}) {
        const now = nowOf(opts);
        return transactionObjects(readTransactionFlat(M, entry.txnMergeResult(live(), now), text));
      },
      dispose() {
        if (handle) entry.txnMergeDelete(handle);
        handle = 0;
      },
    };
  }

  function foldTransactions(input, options = {}) {
    if (options === null || typeof options !== 'object')
      throw new TypeError('foldTransactions: options must be an object');
    const folder = createTransactionFolder();
    try {
      if (!Array.isArray(input)) {
        input = asBytes(input, 'foldTransactions: input (log bytes or an array of records)');
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

  /** The join handle of a transaction folder at `now`, for foldResult (0 without one). */
  function joinOf(transactions, now) {
    if (transactions === undefined || transactions === null) return 0;
    const join = typeof transactions === 'object' ? joins.get(transactions) : undefined;
    if (!join) throw new TypeError('result: transactions must be a folder of createTransactionFolder()');
    return join(now);
  }

  return { decodeTransactionRecord, createTransactionFolder, foldTransactions, joinOf, createMerger };
}
