// Kafka's share-group state (__share_group_state, KIP-932's share coordinator, Apache Kafka 4.1.0)
// in the whole-topic module, composed by wasm/api/log-api.js: decodeShareStateRecord and
// inspectShareStateRecord, and the fold of the topic (createShareStateFolder, foldShareState:
// wasm/core/sharestate/fold.h, its flat answer sharestate/flat.h). The core reads the records
// (wasm/core/sharestate/record.h, wasm/bindings/sharestate_bindings.cpp: the record type from the
// key's prefix, then the schema-generated ShareSnapshot/ShareUpdate key and value); this reads its
// answers with the generated readers (wasm/api/schema-api.js).
import { asBytes, coordinationErrorOf, heapWords, nestFields, TA_LENGTH } from './boundary.js';
import { flatReader, flatSections, foldErrors } from './flat-layout.js';

export function makeShareStateApi(M, entry, copy, schema) {
  const types = entry.shareStateRecordTypes(); // [type, key message id, value message id] by RecordType
  const words = heapWords(M);

  // Key and value in one copy (the value right after the key); every argument read first.
  function run(key, value, what, tree) {
    const k = asBytes(key, `${what}: key`);
    const v =
      value === null || value === undefined ? null : asBytes(value, `${what}: value (bytes, or null for a tombstone)`);
    const kl = TA_LENGTH.call(k);
    const both = new Uint8Array(kl + (v === null ? 0 : TA_LENGTH.call(v)));
    both.set(k);
    if (v !== null) both.set(v, kl);
    const keyAt = copy(both);
    const valueAt = keyAt + kl;
    const at = entry.shareStateDecode(keyAt, kl, valueAt, v === null ? -1 : TA_LENGTH.call(v), tree);
    return { k, v, keyAt, valueAt, at };
  }
  function part(id, block, bytes, inputAt, type) {
    const message = schema.readMessage(id, block, bytes, inputAt);
    message.type = type;
    return message;
  }
  // The record at the three words (type, key block, value block); null where a part is missing.
  function readRecord(r) {
    const W = words();
    const w = r.at >> 2;
    const [type, keyId, valueId] = types[W[w]];
    const keyBlock = W[w + 1];
    const valueBlock = W[w + 2];
    const key = keyBlock === 0 ? null : part(keyId, keyBlock, r.k, r.keyAt, type);
    const value = r.v === null || valueBlock === 0 ? null : part(valueId, valueBlock, r.v, r.valueAt, type);
    return { key, value };
  }

  /** A record of __share_group_state: its key and value (null: a tombstone); CoordinationError. */
  function decodeShareStateRecord(key, value) {
    const r = run(key, value, 'decodeShareStateRecord', false);
    if (r.at === 0) throw coordinationErrorOf(entry.shareStateError());
    return readRecord(r);
  }

  /** Key and value's field trees, errors and warnings, and the record when both decode. */
  function inspectShareStateRecord(key, value) {
    const r = run(key, value, 'inspectShareStateRecord', true);
    const W = words();
    const ok = r.at !== 0 && W[(r.at >> 2) + 1] !== 0 && (r.v === null || W[(r.at >> 2) + 2] !== 0);
    // The record first: the tree's objects are JS objects, the heap stays as it is.
    const record = ok ? readRecord(r) : null;
    const raw = entry.shareStateInspection();
    const tree = (p) => ({ fields: nestFields(p.fields), error: p.error, warnings: p.warnings });
    return {
      target: 'share-state-record',
      ok,
      key: tree(raw.key),
      value: raw.value === null ? null : tree(raw.value),
      record,
      size: TA_LENGTH.call(r.k) + (r.v === null ? 0 : TA_LENGTH.call(r.v)),
    };
  }

  return { decodeShareStateRecord, inspectShareStateRecord };
}

/** The folded state's flat sections (sharestate/flat.h) as the API's document. */
function shareStateObjects(M, block, decode) {
  const F = flatSections(M, block, decode);
  const S = readShareState(F);
  const { str } = F;
  const P = S.partitions;
  const B = S.batches;
  const sharePartitions = new Array(P.count);
  for (let k = 0; k < P.count; k++) {
    const from = k === 0 ? 0 : P.batchesEnd[k - 1];
    const stateBatches = [];
    for (let j = from; j < P.batchesEnd[k]; j++)
      stateBatches.push({
        firstOffset: B.firstOffset[j],
        lastOffset: B.lastOffset[j],
        deliveryState: B.deliveryState[j],
        deliveryCount: B.deliveryCount[j],
      });
    sharePartitions[k] = {
      groupId: str(P.groupId + k),
      topicId: str(P.topicId + k),
      partition: P.partition[k],
      logPartition: P.logPartition[k],
      offset: P.offset[k],
      snapshotOffset: P.snapshotOffset[k] === -1n ? null : P.snapshotOffset[k],
      snapshotEpoch: P.snapshotEpoch[k],
      stateEpoch: P.stateEpoch[k],
      leaderEpoch: P.leaderEpoch[k],
      startOffset: P.startOffset[k],
      createTimestamp: P.createTimestamp[k],
      writeTimestamp: P.writeTimestamp[k],
      updatesSinceSnapshot: P.updates[k],
      stateBatches,
    };
  }
  const A = S.anomalies;
  const anomalies = new Array(A.count);
  for (let i = 0; i < A.count; i++)
    anomalies[i] = {
      kind: str(A.kind + i),
      groupId: str(A.groupId + i),
      topicId: str(A.topicId + i),
      partition: A.partition[i],
      logPartition: A.logPartition[i],
      offset: A.offset[i],
      message: str(A.message + i),
    };
  const out = { sharePartitions, anomalies, errors: foldErrors(S.errors, str, 'sharePartition') };
  out.records = Number(S.head.records);
  if (S.head.anomaliesOmitted) out.anomaliesOmitted = Number(S.head.anomaliesOmitted);
  if (S.head.errorsOmitted) out.errorsOmitted = Number(S.head.errorsOmitted);
  return out;
}
const readShareState = flatReader('shareState', { last: true });

/**
 * The share-group state fold of the whole-topic API (createShareStateFolder, foldShareState, and
 * createMerger for the partitions of `share-state --jobs`), as the transaction log's
 * (wasm/api/transactions-api.js): `shared` holds log-api.js's copy, text, logInput, pushRows and
 * foldPartial.
 */
export function makeShareStateFoldApi(M, entry, { copy, text, logInput, pushRows, foldPartial }) {
  const dropped =
    typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((handle) => entry.shsDelete(handle)) : null;

  function createShareStateFolder() {
    let handle = entry.shsNew();
    let records = 0;
    const live = () => {
      if (!handle) throw new Error('coordination-viewer: the folder was disposed');
      return handle;
    };
    const folder = {
      // pushLog, endLog: segments of __share_group_state.
      ...logInput(live, entry.shsPushLog, entry.shsEndLog, (n) => (records = n)),
      /** Records from another source: { key, value, partition?, offset?, timestamp?, line? }. */
      pushRecords(list) {
        records += pushRows(list, live, (h, at, n) => entry.shsPushRecords(h, at, n));
      },
      get records() {
        return records;
      },
      /** { sharePartitions, anomalies, errors, records }; i64 values as bigint. */
      result() {
        return shareStateObjects(M, entry.shsResult(live()), text);
      },
      /** Its part (sharestate/fold.h writeShareStatePart), for a merger of createMerger(). */
      [foldPartial]() {
        const n = entry.shsPart(live());
        return M.HEAPU8.slice(entry.shsBytes(), entry.shsBytes() + n);
      },
      /** Frees the folder's wasm memory; the folder cannot be used afterwards. */
      dispose() {
        if (!handle) return;
        dropped?.unregister(folder);
        entry.shsDelete(handle);
        handle = 0;
      },
    };
    dropped?.register(folder, handle, folder);
    return folder;
  }

  // Parts of partitions folded apart, merged in reading order (wasm/cli/parallel.mjs's merger: a
  // part never needs a fold again, a share-partition's records being all in one partition).
  function createMerger() {
    let handle = entry.shsMergeNew();
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
        const n = entry.shsMergeAdd(h, order, copy(bytes), TA_LENGTH.call(bytes));
        if (n > 0) throw new Error(`add: ${text(M.HEAPU8.subarray(entry.shsBytes(), entry.shsBytes() + n))}`);
      },
      refold: () => null,
      /** As a share-state folder's result, of every part added. */
      result() {
        return shareStateObjects(M, entry.shsMergeResult(live()), text);
      },
      dispose() {
        if (handle) entry.shsMergeDelete(handle);
        handle = 0;
      },
    };
  }

  function foldShareState(input, options = {}) {
    if (options === null || typeof options !== 'object')
      throw new TypeError('foldShareState: options must be an object');
    const folder = createShareStateFolder();
    try {
      if (!Array.isArray(input)) {
        input = asBytes(input, 'foldShareState: input (log bytes or an array of records)');
        const partition = options.partition ?? 0;
        folder.pushLog(input, partition);
        folder.endLog(partition);
      } else {
        folder.pushRecords(input);
      }
      return folder.result();
    } finally {
      folder.dispose();
    }
  }

  return { createShareStateFolder, foldShareState, createMerger };
}
