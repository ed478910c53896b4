// The "auto" guess among the byte formats: which format some bytes are, and why. Pure (the codec and
// the whole-topic module are passed in), so that the viewer's Format list and the Diff tab
// (components/diff/decode-pair.js) guess in the same order, and the Node tests can check it.

/**
 * The byte formats in the order auto tries them: ProduceRequest first (its framing and CRC-checked
 * batches make a false match unlikely; a framed one also reads as a probing Streams subscription),
 * then the transaction log's exact key and value, then the Streams metadata.
 */
export const BYTE_FORMATS = ['produce-request', 'transaction-log', 'subscription', 'assignment'];
// The formats the whole-topic module decodes (formats.js loadLog).
const LOG_FORMATS = new Set(['produce-request', 'transaction-log']);

const NAMES = {
  subscription: 'a Streams subscription',
  assignment: 'a Streams assignment',
  'produce-request': 'a ProduceRequest v3',
  'transaction-log': "a transaction-log record's key or value",
};

/**
 * A __transaction_state key or value (the whole-topic module's TransactionLogKey and
 * TransactionLogValue): inspected as both, the one that decodes (the key first), else the one that
 * read furthest; `message` says which.
 */
export function inspectTransactionLog(log, bytes) {
  const tried = ['TransactionLogKey', 'TransactionLogValue'].map((m) => ({ m, ins: log.inspectMessage(m, bytes) }));
  const chosen = tried.find((t) => t.ins.ok) ?? [...tried].sort((a, b) => b.ins.error.offset - a.ins.error.offset)[0];
  return { ...chosen.ins, target: 'transaction-log', message: chosen.m };
}

/**
 * A __share_group_state key or value (the whole-topic module's ShareSnapshotKey, ShareUpdateKey,
 * ShareSnapshotValue, ShareUpdateValue: the key's prefix is its record type, the value's its
 * version): inspected as each, the first that decodes (the keys first), else the one that read
 * furthest; `message` says which. Not among auto's formats.
 */
export const SHARE_STATE_MESSAGES = ['ShareSnapshotKey', 'ShareUpdateKey', 'ShareSnapshotValue', 'ShareUpdateValue'];
export function inspectShareState(log, bytes) {
  const tried = SHARE_STATE_MESSAGES.map((m) => ({ m, ins: log.inspectMessage(m, bytes) }));
  const chosen = tried.find((t) => t.ins.ok) ?? [...tried].sort((a, b) => b.ins.error.offset - a.ins.error.offset)[0];
  return { ...chosen.ins, target: 'share-state', message: chosen.m };
}

/**
 * A __cluster_metadata record's value (the whole-topic module's inspectClusterMetadataRecord: its
 * frame names the record type, then the message). Not among auto's formats.
 */
export function inspectClusterMetadata(log, bytes) {
  return { ...log.inspectClusterMetadataRecord(bytes), target: 'cluster-metadata' };
}

/** Of inspections of the same bytes under several targets ([{ f, ins }]), the one that read furthest. */
export const furthest = (tried) => [...tried].sort((a, b) => b.ins.error.offset - a.ins.error.offset)[0];

/**
 * Auto: inspect under every format (log: the whole-topic module, or null when it did not load: then
 * without its formats) and keep the first in BYTE_FORMATS' order that decodes, else the one that got
 * furthest. `why` says so.
 */
export function guessFormat(codec, bytes, log) {
  const tried = BYTE_FORMATS.filter((f) => !LOG_FORMATS.has(f) || log).map((f) => ({
    f,
    ins: f === 'transaction-log' ? inspectTransactionLog(log, bytes) : codec.inspect(bytes, f),
  }));
  const ok = tried.filter((t) => t.ins.ok);
  if (ok.length) {
    const chosen = ok[0];
    const others = ok.slice(1).map((t) => NAMES[t.f]);
    const refused = tried
      .filter((t) => !t.ins.ok)
      .map((t) => `${NAMES[t.f]} (${t.ins.error.code} at offset ${t.ins.error.offset})`);
    let why = `Auto: the bytes decode as ${NAMES[chosen.f]}`;
    if (others.length) why += `; they also decode as ${others.join(' and ')}: choose it above to read them so`;
    if (refused.length) why += `; not as ${refused.join(', ')}`;
    return { target: chosen.f, ins: chosen.ins, why: `${why}.` };
  }
  const best = furthest(tried);
  return {
    target: best.f,
    ins: best.ins,
    why: `Auto: the bytes decode as none of the formats; shown as ${NAMES[best.f]}, which read furthest (to offset ${best.ins.error.offset}).`,
  };
}
