// The one description of the wasm boundary (issue 19 item 3): every entry point of every module,
// its C++ function and its parameters and result as plain numbers. wasm/bindings/generate.mjs
// emits from it the export declarations (wasm/generated/bindings/: the lean extern "C" wrappers,
// the EMSCRIPTEN_BINDINGS, the EXPORTED_FUNCTIONS lists) and the JS table the API binds once per
// instance (wasm/generated/entry-points.js). The functions themselves stay hand-written in the
// source named here, which includes its generated .inc at its end.
//
// Types: i32 (int), u32 (std::uint32_t), size (std::size_t), f64 (double), i64 (std::int64_t, a
// bigint in JS), bool, ptr (an address in the wasm heap, a number in JS; the C++ function takes or
// returns any pointer type, or std::uintptr_t), void, object (an emscripten::val built in C++:
// Embind only, and never on a per-record path).
//
// Styles: a module's entry points are Embind functions (Module.<name>), or lean exports
// (Module._cv_<name in snake case>) where Embind would break the module's size budget: measured by
// `npm run bench:embind` (wasm/README.md, "The boundary").

// The modules, with the compile definitions that make each (wasm/CMakeLists.txt) and the JS API
// that binds their entry points: one binder per API (wasm/generated/entry-points.js).
export const MODULES = {
  coordination_codec: { api: 'codec', style: 'lean', definitions: [] },
  coordination_record: { api: 'codec', style: 'lean', definitions: ['CV_COORDINATION_ONLY'] },
  coordination_inspect: { api: 'codec', style: 'lean', definitions: ['CV_COORDINATION_ONLY', 'CV_INSPECT_ONLY'] },
  coordination_log: { api: 'log', style: 'embind', definitions: [] },
};

// Exports of the Emscripten runtime every module has (the API copies bytes in with them).
export const RUNTIME_EXPORTS = ['_malloc', '_free'];

const SINGLE = ['coordination_codec', 'coordination_record', 'coordination_inspect'];
// The modules that decode and encode records; the element's module (coordination_inspect) inspects
// only.
const WHOLE = ['coordination_codec', 'coordination_record'];
// The batch and the Kafka Streams decoders: the full module's only (the viewer page's first view,
// coordination_record, uses neither).
const FULL = ['coordination_codec'];
const LOG = ['coordination_log'];

// [name, C++ function (when not the name), 'param:type ...', result, modules]
const entry = (name, cpp, params, result, modules) => ({ name, cpp: cpp ?? name, params, result, modules });

// Grouped by the source that implements them (wasm/bindings/<source>.cpp).
export const SOURCES = {
  bindings: [
    entry('result', 'resultBlock', '', 'ptr', SINGLE),
    entry('batchOut', null, '', 'ptr', FULL),
    entry('decode', null, 'target:i32 input:ptr length:size', 'i32', WHOLE),
    entry('inspect', null, 'target:i32 input:ptr length:size present:i32', 'i32', SINGLE),
    entry('errorMessage', null, '', 'i32', SINGLE),
    entry('encodeKey', null, 'kind:i32 role:ptr roleLength:size member:ptr memberLength:size', 'i32', WHOLE),
    entry('encodeRegistration', null, 'member:ptr memberLength:size registeredAt:i64', 'i32', WHOLE),
    entry(
      'encodeLease',
      null,
      'member:ptr memberLength:size producerId:i64 producerEpoch:i32 grantedAt:i64 deadline:i64',
      'i32',
      WHOLE,
    ),
    entry(
      'refuseKey',
      null,
      'kind:i32 roleBytes:size roleLoneAt:i32 roleUnit:i32 memberBytes:size memberLoneAt:i32 memberUnit:i32',
      'i32',
      WHOLE,
    ),
    entry('refuseValue', null, 'kind:i32 memberBytes:size loneAt:i32 unit:i32', 'i32', WHOLE),
    entry('validateBatch', null, 'target:i32 input:ptr length:size', 'i32', FULL),
    entry('streamsOut', 'streamsBlock', '', 'ptr', FULL),
    entry('streamsDecode', null, 'target:i32 input:ptr length:size tree:i32', 'i32', FULL),
    entry('tables', null, '', 'ptr', SINGLE),
  ],
  log_bindings: [
    entry('readLog', 'readLogBytes', 'input:ptr length:size', 'object', LOG),
    entry('decompressPayload', 'decompressPayloadBytes', 'codec:i32 input:ptr length:size', 'object', LOG),
    entry('decodeProduceRequest', 'decodeProduceRequestBytes', 'input:ptr length:size', 'object', LOG),
    entry('produceLayout', null, '', 'object', LOG),
    entry('inspectProduceRequest', 'inspectProduceRequestBytes', 'input:ptr length:size', 'object', LOG),
    entry('foldNew', null, 'flags:i32', 'ptr', LOG),
    entry('foldDelete', null, 'folder:ptr', 'void', LOG),
    entry('foldPushLog', null, 'folder:ptr partition:i32 input:ptr length:size', 'f64', LOG),
    entry('foldEndLog', null, 'folder:ptr partition:i32', 'void', LOG),
    entry('foldPushRecords', null, 'folder:ptr input:ptr length:size', 'f64', LOG),
    entry('foldResult', null, 'folder:ptr now:i64 withHistory:i32 join:ptr', 'ptr', LOG),
    entry('foldSeed', null, 'folder:ptr input:ptr length:size', 'i32', LOG),
    entry('foldPartial', null, 'folder:ptr partition:i32', 'i32', LOG),
    entry('foldKeyRecords', null, 'folder:ptr role:ptr length:size partition:i32 limit:f64', 'i32', LOG),
    entry('foldKeyRecordsBytes', null, '', 'ptr', LOG),
    entry('bytes', null, '', 'ptr', LOG),
    entry('mergeNew', null, '', 'ptr', LOG),
    entry('mergeDelete', null, 'merger:ptr', 'void', LOG),
    entry('mergeAdd', null, 'merger:ptr order:i32 input:ptr length:size', 'i32', LOG),
    entry('mergeRefold', null, 'merger:ptr', 'i32', LOG),
    entry('mergeSeedLength', null, '', 'i32', LOG),
    entry('mergeResult', null, 'merger:ptr now:i64 join:ptr', 'ptr', LOG),
  ],
  schema_bindings: [
    entry('schemaDecode', null, 'id:i32 input:ptr length:size version:i32 tree:bool', 'f64', LOG),
    entry('schemaError', null, '', 'object', LOG),
    entry('schemaInspection', null, '', 'object', LOG),
    entry('schemaLayout', null, '', 'object', LOG),
  ],
  groups_bindings: [
    entry('groupRecordTypes', null, '', 'object', LOG),
    entry('groupDecode', null, 'key:ptr keyLength:size value:ptr valueLength:i32 tree:bool', 'f64', LOG),
    entry('consumerDecode', null, 'message:i32 input:ptr length:size streams:bool tree:bool', 'f64', LOG),
    entry('groupError', null, '', 'object', LOG),
    entry('groupNestedErrors', null, '', 'object', LOG),
    entry('groupInspection', null, '', 'object', LOG),
    entry('consumerInspection', null, 'message:i32', 'object', LOG),
    entry('grpNew', null, 'merger:i32', 'ptr', LOG),
    entry('grpDelete', null, 'groups:ptr', 'void', LOG),
    entry('grpPushLog', null, 'groups:ptr partition:i32 input:ptr length:size', 'f64', LOG),
    entry('grpEndLog', null, 'groups:ptr partition:i32', 'void', LOG),
    entry('grpPushRecords', null, 'groups:ptr input:ptr length:size', 'f64', LOG),
    entry('grpPartial', null, 'groups:ptr', 'size', LOG),
    entry('grpBytes', null, '', 'ptr', LOG),
    entry('grpAdd', null, 'groups:ptr order:u32 input:ptr length:size', 'i32', LOG),
    entry('grpResult', null, 'groups:ptr', 'ptr', LOG),
  ],
  transactions_bindings: [
    entry('transactionRecord', null, 'input:ptr keyLength:size valueLength:i32', 'f64', LOG),
    entry('transactionRecordError', null, '', 'object', LOG),
    entry('txnNew', null, '', 'ptr', LOG),
    entry('txnDelete', null, 'log:ptr', 'void', LOG),
    entry('txnPushLog', null, 'log:ptr partition:i32 input:ptr length:size', 'f64', LOG),
    entry('txnEndLog', null, 'log:ptr partition:i32', 'void', LOG),
    entry('txnPushRecords', null, 'log:ptr input:ptr length:size', 'f64', LOG),
    entry('txnResult', null, 'log:ptr now:i64', 'ptr', LOG),
    entry('txnJoin', null, 'log:ptr now:i64', 'ptr', LOG),
    entry('txnPart', null, 'log:ptr', 'i32', LOG),
    entry('txnBytes', null, '', 'ptr', LOG),
    entry('txnMergeNew', null, '', 'ptr', LOG),
    entry('txnMergeDelete', null, 'merger:ptr', 'void', LOG),
    entry('txnMergeAdd', null, 'merger:ptr order:i32 input:ptr length:size', 'i32', LOG),
    entry('txnMergeResult', null, 'merger:ptr now:i64', 'ptr', LOG),
  ],
  sharestate_bindings: [
    entry('shareStateRecordTypes', null, '', 'object', LOG),
    entry('shareStateDecode', null, 'key:ptr keyLength:size value:ptr valueLength:i32 tree:bool', 'f64', LOG),
    entry('shareStateError', null, '', 'object', LOG),
    entry('shareStateInspection', null, '', 'object', LOG),
    entry('shsNew', null, '', 'ptr', LOG),
    entry('shsDelete', null, 'log:ptr', 'void', LOG),
    entry('shsPushLog', null, 'log:ptr partition:i32 input:ptr length:size', 'f64', LOG),
    entry('shsEndLog', null, 'log:ptr partition:i32', 'void', LOG),
    entry('shsPushRecords', null, 'log:ptr input:ptr length:size', 'f64', LOG),
    entry('shsResult', null, 'log:ptr', 'ptr', LOG),
    entry('shsPart', null, 'log:ptr', 'i32', LOG),
    entry('shsBytes', null, '', 'ptr', LOG),
    entry('shsMergeNew', null, '', 'ptr', LOG),
    entry('shsMergeDelete', null, 'merger:ptr', 'void', LOG),
    entry('shsMergeAdd', null, 'merger:ptr order:i32 input:ptr length:size', 'i32', LOG),
    entry('shsMergeResult', null, 'merger:ptr', 'ptr', LOG),
  ],
  clustermetadata_bindings: [
    entry('clusterMetadataRecordTypes', null, '', 'object', LOG),
    entry('clusterMetadataDecode', null, 'value:ptr valueLength:size tree:bool', 'f64', LOG),
    entry('clusterMetadataError', null, '', 'object', LOG),
    entry('clusterMetadataInspection', null, '', 'object', LOG),
    entry('cmdNew', null, '', 'ptr', LOG),
    entry('cmdDelete', null, 'log:ptr', 'void', LOG),
    entry('cmdPushLog', null, 'log:ptr partition:i32 input:ptr length:size', 'f64', LOG),
    entry('cmdEndLog', null, 'log:ptr partition:i32', 'void', LOG),
    entry('cmdPushRecords', null, 'log:ptr input:ptr length:size', 'f64', LOG),
    entry('cmdResult', null, 'log:ptr', 'ptr', LOG),
  ],
};
