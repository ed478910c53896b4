// The KRaft metadata log (__cluster_metadata, Apache Kafka 4.1.0) in the whole-topic module,
// composed by wasm/api/log-api.js: decodeClusterMetadataRecord and inspectClusterMetadataRecord,
// and the fold of the log into the metadata image (createClusterMetadataFolder,
// foldClusterMetadata: wasm/core/clustermetadata/fold.h, its flat answer clustermetadata/flat.h).
// The core reads a record's value (wasm/core/clustermetadata/record.h,
// wasm/bindings/clustermetadata_bindings.cpp: the frame's frame version, apiKey and version, then
// the schema-generated message of that type); this reads its answer with the generated readers
// (wasm/api/schema-api.js).
import { asBytes, coordinationErrorOf, heapWords, nestFields, TA_LENGTH } from './boundary.js';
import { flatReader, flatSections, foldErrors } from './flat-layout.js';

export function makeClusterMetadataApi(M, entry, copy, schema) {
  const types = entry.clusterMetadataRecordTypes(); // [type, apiKey, message id] by RecordType
  const words = heapWords(M);

  function run(value, what, tree) {
    const v = asBytes(value, `${what}: value`);
    const at = copy(v);
    return { v, at, words: entry.clusterMetadataDecode(at, TA_LENGTH.call(v), tree) };
  }
  // The record at the two words (type, block): the message with its type and apiKey.
  function readRecord(r) {
    const W = words();
    const w = r.words >> 2;
    const [type, apiKey, id] = types[W[w]];
    const message = schema.readMessage(id, W[w + 1], r.v, r.at);
    message.type = type;
    message.apiKey = apiKey;
    return message;
  }

  /** A record of __cluster_metadata (its value; the key is null): the message; CoordinationError. */
  function decodeClusterMetadataRecord(value) {
    const r = run(value, 'decodeClusterMetadataRecord', false);
    if (r.words === 0) throw coordinationErrorOf(entry.clusterMetadataError());
    return readRecord(r);
  }

  /** The value's field tree (the frame, then the message), error and warnings; the record when it decodes. */
  function inspectClusterMetadataRecord(value) {
    const r = run(value, 'inspectClusterMetadataRecord', true);
    // The record first: the tree's objects are JS objects, the heap stays as it is.
    const record = r.words === 0 ? null : readRecord(r);
    const raw = entry.clusterMetadataInspection();
    return {
      target: 'cluster-metadata-record',
      ok: record !== null,
      fields: nestFields(raw.fields),
      error: raw.error,
      warnings: raw.warnings,
      record,
      size: TA_LENGTH.call(r.v),
    };
  }

  return { decodeClusterMetadataRecord, inspectClusterMetadataRecord };
}

/** The metadata image's flat sections (clustermetadata/flat.h) as the API's document. */
function clusterMetadataObjects(M, block, decode) {
  const F = flatSections(M, block, decode);
  const S = readClusterMetadata(F);
  const { str } = F;
  const H = S.head;
  const L = S.listeners;
  const Bk = S.brokers;
  const brokers = new Array(Bk.count);
  for (let k = 0; k < Bk.count; k++) {
    const listeners = [];
    for (let j = k === 0 ? 0 : Bk.listenersEnd[k - 1]; j < Bk.listenersEnd[k]; j++)
      listeners.push({
        name: str(L.name + j),
        host: str(L.host + j),
        port: L.port[j],
        securityProtocol: L.securityProtocol[j],
      });
    brokers[k] = {
      id: Bk.id[k],
      epoch: Bk.epoch[k],
      incarnationId: str(Bk.incarnationId + k),
      listeners,
      rack: Bk.hasRack[k] ? str(Bk.rack + k) : null,
      fenced: Bk.fenced[k] === 1,
      inControlledShutdown: Bk.inControlledShutdown[k] === 1,
      offset: Bk.offset[k],
    };
  }
  const P = S.partitions;
  const ids = S.ids.id;
  const run = (from, to) => Array.from(ids.subarray(from, to));
  const T = S.topics;
  const topics = new Array(T.count);
  for (let k = 0; k < T.count; k++) {
    const partitions = [];
    for (let j = k === 0 ? 0 : T.partitionsEnd[k - 1]; j < T.partitionsEnd[k]; j++) {
      const start = j === 0 ? 0 : P.addingEnd[j - 1];
      partitions.push({
        partition: P.id[j],
        leader: P.leader[j],
        leaderEpoch: P.leaderEpoch[j],
        partitionEpoch: P.partitionEpoch[j],
        replicas: run(start, P.replicasEnd[j]),
        isr: run(P.replicasEnd[j], P.isrEnd[j]),
        eligibleLeaderReplicas: run(P.isrEnd[j], P.elrEnd[j]),
        lastKnownElr: run(P.elrEnd[j], P.lastKnownElrEnd[j]),
        removingReplicas: run(P.lastKnownElrEnd[j], P.removingEnd[j]),
        addingReplicas: run(P.removingEnd[j], P.addingEnd[j]),
        leaderRecoveryState: P.leaderRecoveryState[j],
        offset: P.offset[j],
      });
    }
    topics[k] = { name: str(T.name + k), id: str(T.id + k), offset: T.offset[k], partitions };
  }
  const Fe = S.features;
  const features = new Array(Fe.count);
  for (let i = 0; i < Fe.count; i++) features[i] = { name: str(Fe.name + i), level: Fe.level[i] };
  const C = S.configs;
  const configs = new Array(C.count);
  for (let i = 0; i < C.count; i++)
    configs[i] = {
      resourceType: C.resourceType[i],
      resourceName: str(C.resourceName + i),
      name: str(C.name + i),
      value: str(C.value + i),
      offset: C.offset[i],
    };
  const A = S.anomalies;
  const anomalies = new Array(A.count);
  for (let i = 0; i < A.count; i++)
    anomalies[i] = {
      kind: str(A.kind + i),
      logPartition: A.logPartition[i],
      offset: A.offset[i],
      message: str(A.message + i),
    };
  const out = {
    brokers,
    topics,
    features,
    configs,
    producerIds:
      H.producerIdsOffset === -1n
        ? null
        : { nextProducerId: H.nextProducerId, brokerId: H.producerIdsBroker, offset: H.producerIdsOffset },
    controllers: H.controllers,
    acls: H.acls,
    scramCredentials: H.scramCredentials,
    delegationTokens: H.delegationTokens,
    clientQuotaEntities: H.clientQuotaEntities,
    openTransaction:
      H.openTransaction === -1n ? null : { offset: H.openTransaction, records: Number(H.openTransactionRecords) },
    lastOffset: H.lastOffset === -1n ? null : H.lastOffset,
    anomalies,
    errors: foldErrors(S.errors, str, 'recordType'),
  };
  out.records = Number(H.records);
  if (H.anomaliesOmitted) out.anomaliesOmitted = Number(H.anomaliesOmitted);
  if (H.errorsOmitted) out.errorsOmitted = Number(H.errorsOmitted);
  return out;
}
const readClusterMetadata = flatReader('clusterMetadata', { last: true });

/**
 * The KRaft metadata log's fold in the whole-topic API (createClusterMetadataFolder,
 * foldClusterMetadata), as the transaction log's (wasm/api/transactions-api.js): `shared` holds
 * log-api.js's text, logInput and pushRows.
 */
export function makeClusterMetadataFoldApi(M, entry, { text, logInput, pushRows }) {
  const dropped =
    typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((handle) => entry.cmdDelete(handle)) : null;

  function createClusterMetadataFolder() {
    let handle = entry.cmdNew();
    let records = 0;
    const live = () => {
      if (!handle) throw new Error('coordination-viewer: the folder was disposed');
      return handle;
    };
    const folder = {
      // pushLog, endLog: segments of __cluster_metadata.
      ...logInput(live, entry.cmdPushLog, entry.cmdEndLog, (n) => (records = n)),
      /** Records from another source: { key, value, partition?, offset?, timestamp?, line? }. */
      pushRecords(list) {
        records += pushRows(list, live, (h, at, n) => entry.cmdPushRecords(h, at, n));
      },
      get records() {
        return records;
      },
      /** The metadata image at the end of the records: ClusterMetadataFoldResult; i64 values as bigint. */
      result() {
        return clusterMetadataObjects(M, entry.cmdResult(live()), text);
      },
      /** Frees the folder's wasm memory; the folder cannot be used afterwards. */
      dispose() {
        if (!handle) return;
        dropped?.unregister(folder);
        entry.cmdDelete(handle);
        handle = 0;
      },
    };
    dropped?.register(folder, handle, folder);
    return folder;
  }

  function foldClusterMetadata(input, options = {}) {
    if (options === null || typeof options !== 'object')
      throw new TypeError('foldClusterMetadata: options must be an object');
    const folder = createClusterMetadataFolder();
    try {
      if (!Array.isArray(input)) {
        input = asBytes(input, 'foldClusterMetadata: input (log bytes or an array of records)');
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

  return { createClusterMetadataFolder, foldClusterMetadata };
}
