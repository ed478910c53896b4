// The formats the viewer decodes besides the coordination records and their string rules (the
// "auto" guess is guess.js, the one-line summary of a decoded record summary.jsx). It decodes
// nothing itself: every fact comes from the codec's inspect() and decode functions.
//
// They decode with the full module (coordination_codec: the Kafka Streams decoders), loaded with
// this chunk, through a second instance of the API: web/vite.config.js resolves wasm/api/index.js?full
// to the API over the full module (the page's own instance is coordination-only), and the
// whole-topic module (ProduceRequest) is loaded through it too (wasm/api/log-api.js?full, the same
// instance's: the codec's decodeProduceRequest uses it once loaded).
import { loadCodec } from '../../../../wasm/api/index.js?full';
import { loadLogCodec } from '../../../../wasm/api/log-api.js?full';
import wasmUrl from '../../../../wasm/dist/coordination_codec.wasm?url';
import logWasmUrl from '../../../../wasm/dist/coordination_log.wasm?url';

export { explainStreamsUpgrade } from '../../../../wasm/api/index.js?full';

/** Which string rule the format's strings are decoded with, in a sentence. */
export const STRING_RULES = {
  subscription:
    "String rule: the user endpoint, and from version 10 a named topology and from 11 the client tags, are decoded as Kafka does, new String(bytes, UTF_8) (ill-formed bytes become U+FFFD). The coordination records' strings are strict UTF-8.",
  assignment:
    "String rule: topics and hosts are DataOutput.writeUTF: a u16 length and Java's modified UTF-8, read as DataInputStream.readUTF reads them (C0 80 is U+0000, a supplementary character is two 3-byte surrogates) — exactly what the coordination records' strict UTF-8 forbids. From version 10 a task's named topology is an i32 count of UTF-16 units, each read with readChar.",
  'produce-request':
    'String rule: client id, transactional id and topics are Kafka protocol strings, new String(bytes, UTF_8) (ill-formed bytes become U+FFFD). The coordination records inside keep their own strict UTF-8 rule.',
  'group-record':
    "String rule: group, member, client and instance ids, hosts and topics are Kafka protocol strings, new String(bytes, UTF_8) (ill-formed bytes become U+FFFD, warning UTF8_REPLACED). A member's subscription and assignment are read as the consumer protocol when the group's protocol type is consumer, and their userData as Kafka Streams' SubscriptionInfo/AssignmentInfo (each with its own string rule) when its protocol is stream; offsets are in the value's bytes at every level.",
  'share-state':
    "String rule: the group id is a Kafka protocol string, new String(bytes, UTF_8) (ill-formed bytes become U+FFFD, warning UTF8_REPLACED). The bytes are a __share_group_state record's key (ShareSnapshotKey, record type 0, or ShareUpdateKey, 1) or value (ShareSnapshotValue or ShareUpdateValue, version 0, Apache Kafka 4.1.0): whichever they decode as, the keys tried first.",
  'cluster-metadata':
    "String rule: names, hosts, principals and config values are Kafka compact strings, new String(bytes, UTF_8) (ill-formed bytes become U+FFFD, warning UTF8_REPLACED). The bytes are a __cluster_metadata record's value (its key is null): the frame (unsigned varints: frame version 1, the record type's apiKey, its version), then that record (Apache Kafka 4.1.0's 26 metadata records).",
  'transaction-log':
    "String rule: the transactional id and the topics are Kafka protocol strings, new String(bytes, UTF_8) (ill-formed bytes become U+FFFD, warning UTF8_REPLACED). The bytes are a __transaction_state record's key (TransactionLogKey version 0) or value (TransactionLogValue versions 0-1, Kafka 3.8.0): whichever they decode as.",
};

// Each loaded once by the API (a failed load is not kept: a later call tries again).
/** The full module's codec, for the Kafka Streams formats (and ProduceRequest, once loadLog is done). */
export const loadFull = () => loadCodec({ wasmUrl });
/** The whole-topic module (record batches, gzip, snappy, lz4), which decodes ProduceRequests: loaded on first use. */
export const loadLog = () => loadLogCodec({ wasmUrl: logWasmUrl });

// The banner line of a decoded record (in its own file: it renders strings as VisibleString).
export { formatSummary } from './summary.jsx';
