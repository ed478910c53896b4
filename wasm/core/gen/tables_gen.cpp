// Writes wasm/generated/tables.js and wasm/generated/tables.d.ts from the format tables
// (coordination/table.h, tree/wire_types.h, tree/invisible.h): the string unions ErrorCode,
// FieldPath, WarningCode, WireType for TypeScript, and the same lists as arrays for JS that wants
// them without loading the wasm (the viewer); and wasm/generated/streams-reader.js, the JS reader
// generated from the Kafka Streams flat record's description (gen/layout_gen.cpp). `npm run
// gen:tables` runs it; a ctest (GeneratedTables.UpToDate) fails when the committed files differ
// from its output.
//
// Usage: tables_gen <output directory>
#include <cstdio>
#include <fstream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "clustermetadata/flat.h"
#include "clustermetadata/table.h"
#include "coordination/table.h"
#include "gen/layout_gen.h"
#include "generated/schema/fields.h"
#include "groups/flat.h"
#include "groups/table.h"
#include "log/log_input.h"
#include "log/record_index.h"
#include "log/state_flat.h"
#include "log/table.h"
#include "protocol/table.h"
#include "schema/table.h"
#include "sharestate/flat.h"
#include "sharestate/table.h"
#include "streams/streams.h"
#include "streams/table.h"
#include "transactions/flat.h"
#include "transactions/table.h"
#include "tree/invisible.h"
#include "tree/wire_types.h"

namespace {

// One row of a table, from the table's X-macro.
#define GEN_NAMED(name, description) {#name, description},
#define GEN_NAME(name) #name,
#define GEN_FIELD(name, path, wire, bounds, meaning) {path, #wire, bounds, meaning},

struct Named {
  std::string_view name;
  std::string_view description;
};
struct FieldRow {
  std::string_view path, wire, bounds, meaning;
};

const std::vector<Named> kErrorCodes = {COORDINATION_ERROR_CODES(GEN_NAMED)};
const std::vector<Named> kWarningCodes = {COORDINATION_WARNING_CODES(GEN_NAMED) STREAMS_WARNING_CODES(GEN_NAMED)};
const std::vector<Named> kWireTypes = {TREE_WIRE_TYPES(GEN_NAMED)};
// Whole-topic mode (log/table.h): batch and record errors, one LogErrorCode family; anomalies.
const std::vector<Named> kLogBatchErrorCodes = {LOG_BATCH_ERROR_CODES(GEN_NAMED)};
const std::vector<Named> kLogRecordErrorCodes = {LOG_RECORD_ERROR_CODES(GEN_NAMED)};
const std::vector<Named> kLogErrorCodes = [] {
  std::vector<Named> all = kLogBatchErrorCodes;
  all.insert(all.end(), kLogRecordErrorCodes.begin(), kLogRecordErrorCodes.end());
  return all;
}();
// ProduceRequest v3 (protocol/table.h): the codes of the request's own fields, names of the one
// list; its record sets raise the record-batch codes besides.
const std::vector<std::string_view> kProduceOwnErrorCodes = {PRODUCE_ERROR_CODES(GEN_NAME)};
// The schema-generated decoders (schema/table.h): the codes of the one list they raise, by name,
// and their own codes.
const std::vector<std::string_view> kSchemaSharedErrorCodes = {SCHEMA_SHARED_ERROR_CODES(GEN_NAME)};
const std::vector<Named> kSchemaErrorCodes = {SCHEMA_ERROR_CODES(GEN_NAMED)};
const std::vector<Named> kSchemaWarningCodes = {SCHEMA_WARNING_CODES(GEN_NAMED)};
// Their fields (wasm/generated/schema/fields.h, from the specs): a table of their own, not in FIELDS
// (which the single-record module and the viewer's first view carry).
const std::vector<FieldRow> kSchemaFields = {SCHEMA_FIELDS(GEN_FIELD)};
// Kafka Streams (streams/table.h): the codes of the one list it raises, then its own.
const std::vector<std::string_view> kStreamsErrorCodes = {STREAMS_SHARED_ERROR_CODES(GEN_NAME)
                                                              STREAMS_OWN_ERROR_CODES(GEN_NAME)};
const std::vector<Named> kAnomalyKinds = {LOG_ANOMALY_KINDS(GEN_NAMED)};
const std::vector<Named> kTransactionStates = {LOG_TRANSACTION_STATES(GEN_NAMED)};
// Kafka's transaction log (transactions/table.h): the status names by id, the fold's anomalies.
const std::vector<Named> kTransactionStatuses = {TRANSACTION_STATUSES(GEN_NAMED)};
const std::vector<Named> kTransactionLogAnomalyKinds = {TRANSACTION_LOG_ANOMALY_KINDS(GEN_NAMED)};
// The consumer groups fold (groups/table.h).
const std::vector<Named> kGroupAnomalyKinds = {GROUP_ANOMALY_KINDS(GEN_NAMED)};
// The share-group state fold (sharestate/table.h).
const std::vector<Named> kShareStateAnomalyKinds = {SHARE_STATE_ANOMALY_KINDS(GEN_NAMED)};
// The KRaft metadata log's fold (clustermetadata/table.h).
const std::vector<Named> kClusterMetadataAnomalyKinds = {CLUSTER_METADATA_ANOMALY_KINDS(GEN_NAMED)};
const std::vector<FieldRow> kFields = {COORDINATION_FIELDS(GEN_FIELD) STREAMS_FIELDS(GEN_FIELD)
                                           PRODUCE_FIELDS(GEN_FIELD)};

// The flat answers' layouts (log/flat_layout.h), in FLAT_LAYOUTS' order.
const coordination::FlatLayoutInfo kFlatLayouts[] = {
    coordination::state_flat::kInfo,        coordination::join_flat::kInfo,
    coordination::transactions_flat::kInfo, coordination::groups_flat::kInfo,
    coordination::share_state_flat::kInfo,  coordination::cluster_metadata_flat::kInfo};
// The records read in order (log/cursor_layout.h), in CURSOR_LAYOUTS' order.
const coordination::CursorLayoutInfo kCursorLayouts[] = {coordination::group_metadata::kInfo};

// A packed record's fields (log/log_input.h), [name, type].
#define GEN_PACKED(name, type) {#name, #type},
using TypedFields = std::vector<std::pair<std::string_view, std::string_view>>;
const TypedFields kPackedRecord = {PACKED_RECORD_FIELDS(GEN_PACKED)};
// The key-record stream's (log/record_index.h).
const TypedFields kKeyRecordsKey = {KEY_RECORDS_KEY(GEN_PACKED)};
const TypedFields kKeyRecordsRecord = {KEY_RECORDS_RECORD(GEN_PACKED)};
#undef GEN_PACKED

// The boundary's blocks: FLAT_BLOCK_WORDS (log/flat_layout.h) and GROUPS_BLOCK_WORDS (groups/flat.h),
// each word's name and where it starts.
#define GEN_BLOCK_WORD(name) {#name, coordination::kFlatBlock_##name},
#define GEN_GROUPS_WORD(name, words) {#name, coordination::kGroupsBlock_##name},
const std::vector<std::pair<std::string_view, std::size_t>> kFlatBlock = {FLAT_BLOCK_WORDS(GEN_BLOCK_WORD)};
const std::vector<std::pair<std::string_view, std::size_t>> kGroupsBlock = {GROUPS_BLOCK_WORDS(GEN_GROUPS_WORD)};
#define GEN_RECORD_WORD(name) {#name, coordination::GroupRecordWord::k##name},
#define GEN_LEVEL_WORD(name) {#name, coordination::GroupLevelWord::k##name},
const std::vector<std::pair<std::string_view, std::size_t>> kGroupRecordWords = {GROUP_RECORD_WORDS(GEN_RECORD_WORD)};
const std::vector<std::pair<std::string_view, std::size_t>> kGroupLevelWords = {GROUP_LEVEL_WORDS(GEN_LEVEL_WORD)};
#undef GEN_BLOCK_WORD
#undef GEN_GROUPS_WORD
#undef GEN_RECORD_WORD
#undef GEN_LEVEL_WORD

// A FieldPath type member: "a.b[].c" -> `a.b[${number}].c`.
std::string pathType(std::string_view path) {
  if (path.find("[]") == std::string_view::npos) return quote(path);
  std::string out = "`";
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (path.substr(i, 2) == "[]") {
      out += "[${number}]";
      ++i;
    } else {
      out += path[i];
    }
  }
  return out + "`";
}

std::string unionOf(const std::vector<std::string>& members) {
  std::string out;
  for (const auto& m : members) out += "\n  | " + m;
  return out + ";\n";
}

std::vector<std::string> names(const std::vector<Named>& rows) {
  std::vector<std::string> out;
  for (const auto& r : rows) out.push_back(quote(r.name));
  return out;
}

std::vector<std::string> quoted(const std::vector<std::string_view>& list) {
  std::vector<std::string> out;
  for (const auto name : list) out.push_back(quote(name));
  return out;
}

const char* kHeader =
    "// Generated by wasm/core/gen/tables_gen.cpp from "
    "wasm/core/{coordination,log,streams,protocol,schema,transactions,groups,sharestate,clustermetadata}/table.h,\n"
    "// "
    "wasm/core/{log/state_flat,log/log_input,transactions/flat,groups/flat,sharestate/flat,clustermetadata/"
    "flat,streams/streams}.h,\n"
    "// wasm/generated/schema/fields.h and\n"
    "// wasm/core/tree/{wire_types,invisible}.h. Do not edit: run `npm run gen:tables`.\n";

// `export const <name> = Object.freeze([...]);`: one element a line, or all on one line.
std::string frozenArray(const char* name, const std::vector<std::string>& elements, bool one_a_line) {
  std::string out = std::string("export const ") + name + " = Object.freeze([";
  for (std::size_t i = 0; i < elements.size(); ++i) {
    out += one_a_line ? "\n  " + elements[i] + "," : (i ? ", " : "") + elements[i];
  }
  return out + (one_a_line ? "\n]);\n" : "]);\n");
}

// `Object.freeze([a, b])`.
std::string frozenArray(const std::vector<std::string>& elements) {
  std::string out = "Object.freeze([";
  for (std::size_t i = 0; i < elements.size(); ++i) out += (i ? ", " : "") + elements[i];
  return out + "])";
}

std::string namedArray(const char* name, const std::vector<Named>& rows) {
  std::vector<std::string> elements;
  for (const auto& r : rows) {
    elements.push_back("Object.freeze({ name: " + quote(r.name) + ", description: " + quote(r.description) + " })");
  }
  return frozenArray(name, elements, true);
}

std::string fieldArray(const char* name, const std::vector<FieldRow>& rows) {
  std::vector<std::string> elements;
  for (const auto& f : rows) {
    elements.push_back("Object.freeze({ path: " + quote(f.path) + ", wireType: " + quote(f.wire) +
                       ", bounds: " + quote(f.bounds) + ", meaning: " + quote(f.meaning) + " })");
  }
  return frozenArray(name, elements, true);
}

std::vector<std::string> pathTypes(const std::vector<FieldRow>& rows) {
  std::vector<std::string> paths;
  for (const auto& f : rows) paths.push_back(pathType(f.path));
  return paths;
}

// [name, type] rows.
std::vector<std::string> typedFields(const TypedFields& fields) {
  std::vector<std::string> out;
  for (const auto& [name, type] : fields) out.push_back("Object.freeze([" + quote(name) + ", " + quote(type) + "])");
  return out;
}

// `export const <name> = Object.freeze({ word: index, ..., size });`.
std::string blockWords(const char* name, const std::vector<std::pair<std::string_view, std::size_t>>& words,
                       std::size_t size) {
  std::string out = std::string("export const ") + name + " = Object.freeze({ ";
  for (const auto& [word, at] : words) out += std::string(word) + ": " + std::to_string(at) + ", ";
  return out + "size: " + std::to_string(size) + " });\n";
}

std::string flatLayouts() {
  static constexpr std::string_view kKinds[] = {"word", "wide", "text"};
  std::vector<std::string> layouts;
  for (const coordination::FlatLayoutInfo& l : kFlatLayouts) {
    std::vector<std::string> counts, sections;
    for (const std::string_view c : l.counts) counts.push_back(quote(c));
    for (const coordination::FlatSection& x : l.sections) {
      const std::string count =
          x.count == coordination::kFlatOne ? "null" : quote(l.counts[static_cast<std::size_t>(x.count)]);
      sections.push_back("Object.freeze([" + quote(kKinds[static_cast<std::size_t>(x.kind)]) + ", " + quote(x.group) +
                         ", " + quote(x.field) + ", " + count + "])");
    }
    std::string sectionList = "Object.freeze([";
    for (const auto& x : sections) sectionList += "\n      " + x + ",";
    layouts.push_back(std::string(l.name) + ": Object.freeze({\n    counts: " + frozenArray(counts) +
                      ",\n    ownCounts: " + std::to_string(l.own_counts) + ",\n    sections: " + sectionList +
                      "\n    ]),\n  })");
  }
  std::string out = "export const FLAT_LAYOUTS = Object.freeze({";
  for (const auto& l : layouts) out += "\n  " + l + ",";
  return out + "\n});\n";
}

std::string tablesJs() {
  std::string out = kHeader;
  out += "\n// Error codes in the core's order (a code's number is its index).\n";
  out += namedArray("ERROR_CODES", kErrorCodes);
  out += "\n" + namedArray("WARNING_CODES", kWarningCodes);
  out += "\n" + namedArray("WIRE_TYPES", kWireTypes);
  out += "\n// Field paths in the core's order; `[]` in a path stands for an array index.\n";
  out += fieldArray("FIELDS", kFields);
  out +=
      "\n// Invisible or control code points, [first, last, kind] (inclusive, ascending): the set the\n"
      "// INVISIBLE_CHARACTERS warning flags.\n";
  const auto rangesOf = [](std::span<const tree::InvisibleRange> table) {
    std::vector<std::string> ranges;
    for (const tree::InvisibleRange& r : table) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "Object.freeze([0x%04X, 0x%04X, ", r.first, r.last);
      ranges.push_back(buf + quote(r.kind) + "])");
    }
    return ranges;
  };
  out += frozenArray("INVISIBLE_RANGES", rangesOf(tree::kInvisibleRanges), true);
  out +=
      "\n// Look-alikes (spaces that look like U+0020, U+FFFD), [first, last, kind]: not warned about, but\n"
      "// shown as escapes with the invisible set, in the viewer and in messages (tree/invisible.h appendShown).\n";
  out += frozenArray("LOOKALIKE_RANGES", rangesOf(tree::kLookalikeRanges), true);
  out += "\n// Whole-topic mode (wasm/core/log/table.h): record-batch and line errors, and the fold's anomalies.\n";
  out += namedArray("LOG_ERROR_CODES", kLogErrorCodes);
  out += "\n" + namedArray("ANOMALY_KINDS", kAnomalyKinds);
  out += "\n" + namedArray("TRANSACTION_STATES", kTransactionStates);
  out += "\n// Kafka's transaction log (wasm/core/transactions/table.h): a status byte is its index here.\n";
  out += namedArray("TRANSACTION_STATUSES", kTransactionStatuses);
  out += "\n" + namedArray("TRANSACTION_LOG_ANOMALY_KINDS", kTransactionLogAnomalyKinds);
  out += "\n// The consumer groups fold's anomalies (wasm/core/groups/table.h).\n";
  out += namedArray("GROUP_ANOMALY_KINDS", kGroupAnomalyKinds);
  out += "\n// The share-group state fold's anomalies (wasm/core/sharestate/table.h).\n";
  out += namedArray("SHARE_STATE_ANOMALY_KINDS", kShareStateAnomalyKinds);
  out += "\n// The KRaft metadata log fold's anomalies (wasm/core/clustermetadata/table.h).\n";
  out += namedArray("CLUSTER_METADATA_ANOMALY_KINDS", kClusterMetadataAnomalyKinds);
  out += "\n// Every code decodeProduceRequest throws: its own fields' (of ERROR_CODES), then the record batches'.\n";
  std::vector<std::string> produce = quoted(kProduceOwnErrorCodes);
  for (const auto& name : names(kLogBatchErrorCodes)) produce.push_back(name);
  out += frozenArray("PRODUCE_ERROR_CODES", produce, false);
  out += "\n// The codes only the schema-generated decoders raise (wasm/core/schema/table.h); they raise\n";
  out += "// SCHEMA_SHARED_ERROR_CODES of ERROR_CODES too.\n";
  out += namedArray("SCHEMA_ERROR_CODES", kSchemaErrorCodes);
  out += frozenArray("SCHEMA_SHARED_ERROR_CODES", quoted(kSchemaSharedErrorCodes), false);
  out += "\n" + namedArray("SCHEMA_WARNING_CODES", kSchemaWarningCodes);
  out += "\n// Their field paths (wasm/generated/schema/fields.h, from the specs).\n";
  out += fieldArray("SCHEMA_FIELDS", kSchemaFields);
  out += "\n// Every code decodeSubscription / decodeAssignment throw, in the core's order (StreamsCode).\n";
  out += frozenArray("STREAMS_ERROR_CODES", quoted(kStreamsErrorCodes), false);
  out +=
      "\n// The whole-topic module's flat answers (wasm/core/log/flat_layout.h, the one description; read by\n"
      "// wasm/api/flat-layout.js): each layout's counts (its own first, ownCounts of them at the start of\n"
      "// words) and its sections [kind (word: i32, wide: i64, text: a string), group, field, count (null: one)].\n";
  out += flatLayouts();
  out +=
      "\n// The records of varying length read in order (wasm/core/log/cursor_layout.h, the one description; read\n"
      "// by wasm/api/flat-layout.js cursorReader): each layout's sequences, the first its records', each of\n"
      "// fields [kind (word, wide, text; list: a count then that many of `nested`; opt: 0 or 1 then `nested`),\n"
      "// name, nested].\n";
  out += "export const CURSOR_LAYOUTS = Object.freeze({";
  for (const coordination::CursorLayoutInfo& l : kCursorLayouts)
    out += "\n  " + std::string(l.name) + ": " + cursorLayoutJs(l) + ",";
  out += "\n});\n";
  out +=
      "\n// The Kafka Streams flat record, one cursor over a record's words (wasm/core/streams/streams.h\n"
      "// STREAMS_RECORD, the one description; read by wasm/generated/streams-reader.js, generated from it):\n"
      "// its sequences, the records' first, of fields [kind (word; flag: 0/1; ref: a text, -1 null; list: a\n"
      "// count then that many of `nested`; opt: 0 or 1 then `nested`; group: `nested` in place; wide_at,\n"
      "// uuid_at, list_at: offsets into the input, read there), name, nested, and the versions that have it\n"
      "// when not all (since, until; null: every later one)].\n";
  out += "export const STREAMS_RECORD = " + cursorLayoutJs(coordination::streams::record_layout::kInfo) + ";\n";
  out += "\n// The u32 words at the boundary that locate a flat answer's arrays (wasm/core/log/flat_layout.h), and\n";
  out += "// the groups' (wasm/core/groups/flat.h): each one's index, and their count.\n";
  out += blockWords("FLAT_BLOCK", kFlatBlock, coordination::kFlatBlockWords);
  out += blockWords("GROUPS_BLOCK", kGroupsBlock, coordination::kGroupsBlockWords);
  out += "\n// A decoded group record's words and its members' levels' (wasm/core/groups/flat.h).\n";
  out += blockWords("GROUP_RECORD_WORDS", kGroupRecordWords, coordination::GroupRecordWord::kWords);
  out += blockWords("GROUP_LEVEL_WORDS", kGroupLevelWords, coordination::GroupLevelWord::kWords);
  out += "\n// A packed record's fields [name, type] in order, big-endian (wasm/core/log/log_input.h: pushRecords'\n";
  out += "// records to the fold; bytes: an i32 length, -1 for null, then the bytes).\n";
  out += frozenArray("PACKED_RECORD", typedFields(kPackedRecord), true);
  {
    const coordination::Limits limits;
    out += "\n// A record batch's framing as the core reads a log (wasm/core/log/record_batch.h): the frame's first\n";
    out += "// bytes (baseOffset i64, batchLength i32), the least batchLength that keeps the framing, the largest\n";
    out += "// frame read (Limits::max_batch_bytes); past either the core reads nothing more of the input.\n";
    out +=
        "export const BATCH_FRAMING = Object.freeze({ frameBytes: " + std::to_string(coordination::kBatchFrameBytes) +
        ", minFrameLength: " + std::to_string(coordination::kMinFrameLength) +
        ", maxBatchBytes: " + std::to_string(limits.max_batch_bytes) + " });\n";
  }
  out += "\n// The key-record stream's fields [name, type] (wasm/core/log/record_index.h keyRecordsBytes): an i32\n";
  out += "// count of keys, each key's fields, an i32 count of its records and each record's fields.\n";
  out += "export const KEY_RECORDS = Object.freeze({\n  key: " + frozenArray(typedFields(kKeyRecordsKey)) +
         ",\n  record: " + frozenArray(typedFields(kKeyRecordsRecord)) + ",\n});\n";
  // Each Object.freeze marked pure, so a bundler drops the tables a page does not import (the
  // embed element uses two of the seven: 2 KB gzip of its module).
  const std::string freeze = "Object.freeze(";
  const std::string pure = "/* @__PURE__ */ " + freeze;
  for (std::size_t at = out.find(freeze); at != std::string::npos; at = out.find(freeze, at + pure.size())) {
    out.replace(at, freeze.size(), pure);
  }
  return out;
}

std::string tablesDts() {
  std::string out = kHeader;
  out += "\nexport type ErrorCode =" + unionOf(names(kErrorCodes));
  out += "\n/** Where an error is: a field path, or a record. `${number}` is an array index. */\n";
  out += "export type FieldPath =" + unionOf(pathTypes(kFields));
  out += "\nexport type WarningCode =" + unionOf(names(kWarningCodes));
  out += "\nexport type WireType =" + unionOf(names(kWireTypes));
  out +=
      "\nexport interface Described<Name extends string> {\n  readonly name: Name;\n  readonly description: "
      "string;\n}\n";
  out +=
      "export interface FieldInfo {\n  readonly path: string;\n  readonly wireType: WireType;\n"
      "  readonly bounds: string;\n  readonly meaning: string;\n}\n";
  out += "\nexport declare const ERROR_CODES: readonly Described<ErrorCode>[];\n";
  out += "export declare const WARNING_CODES: readonly Described<WarningCode>[];\n";
  out += "export declare const WIRE_TYPES: readonly Described<WireType>[];\n";
  out += "export declare const FIELDS: readonly FieldInfo[];\n";
  out += "export declare const INVISIBLE_RANGES: readonly (readonly [first: number, last: number, kind: string])[];\n";
  out += "export declare const LOOKALIKE_RANGES: readonly (readonly [first: number, last: number, kind: string])[];\n";
  out += "\n/** A record batch refused (readLog's errors, a ProduceRequest's record set). */\n";
  out += "export type LogBatchErrorCode =" + unionOf(names(kLogBatchErrorCodes));
  out += "\n/** A record or line the fold could not read. */\n";
  out += "export type LogRecordErrorCode =" + unionOf(names(kLogRecordErrorCodes));
  out += "\nexport type LogErrorCode = LogBatchErrorCode | LogRecordErrorCode;\n";
  out += "\nexport type AnomalyKind =" + unionOf(names(kAnomalyKinds));
  out += "\nexport type TransactionState =" + unionOf(names(kTransactionStates));
  out += "export declare const LOG_ERROR_CODES: readonly Described<LogErrorCode>[];\n";
  out += "export declare const ANOMALY_KINDS: readonly Described<AnomalyKind>[];\n";
  out += "export declare const TRANSACTION_STATES: readonly Described<TransactionState>[];\n";
  out += "\n/** A transaction-log record's status (TransactionState.fromId of Kafka 3.8.0). */\n";
  out += "export type TransactionStatus =" + unionOf(names(kTransactionStatuses));
  out += "/** An anomaly of the transaction log's fold. */\n";
  out += "export type TransactionLogAnomalyKind =" + unionOf(names(kTransactionLogAnomalyKinds));
  out += "export declare const TRANSACTION_STATUSES: readonly Described<TransactionStatus>[];\n";
  out += "export declare const TRANSACTION_LOG_ANOMALY_KINDS: readonly Described<TransactionLogAnomalyKind>[];\n";
  out += "\n/** An anomaly of the consumer groups fold. */\n";
  out += "export type GroupAnomalyKind =" + unionOf(names(kGroupAnomalyKinds));
  out += "export declare const GROUP_ANOMALY_KINDS: readonly Described<GroupAnomalyKind>[];\n";
  out += "\n/** An anomaly of the share-group state fold. */\n";
  out += "export type ShareStateAnomalyKind =" + unionOf(names(kShareStateAnomalyKinds));
  out += "export declare const SHARE_STATE_ANOMALY_KINDS: readonly Described<ShareStateAnomalyKind>[];\n";
  out += "\n/** An anomaly of the KRaft metadata log's fold. */\n";
  out += "export type ClusterMetadataAnomalyKind =" + unionOf(names(kClusterMetadataAnomalyKinds));
  out += "export declare const CLUSTER_METADATA_ANOMALY_KINDS: readonly Described<ClusterMetadataAnomalyKind>[];\n";
  out += "\n/** Every code decodeProduceRequest throws: its own fields' (of ErrorCode), and the record batches'. */\n";
  std::vector<std::string> own = quoted(kProduceOwnErrorCodes);
  own.push_back("LogBatchErrorCode");
  out += "export type ProduceErrorCode =" + unionOf(own);
  out += "export declare const PRODUCE_ERROR_CODES: readonly ProduceErrorCode[];\n";
  out += "\n/** The codes only the schema-generated decoders raise. */\n";
  out += "export type SchemaOwnErrorCode =" + unionOf(names(kSchemaErrorCodes));
  std::vector<std::string> schema = quoted(kSchemaSharedErrorCodes);
  schema.push_back("SchemaOwnErrorCode");
  out += "/** Every code a schema-generated decoder raises. */\n";
  out += "export type SchemaErrorCode =" + unionOf(schema);
  out += "export declare const SCHEMA_ERROR_CODES: readonly Described<SchemaOwnErrorCode>[];\n";
  out += "export declare const SCHEMA_SHARED_ERROR_CODES: readonly SchemaErrorCode[];\n";
  out += "\n/** The warnings only the schema-generated decoders give (they give UTF8_REPLACED too). */\n";
  out += "export type SchemaWarningCode =" + unionOf(names(kSchemaWarningCodes));
  out += "export declare const SCHEMA_WARNING_CODES: readonly Described<SchemaWarningCode>[];\n";
  out += "\n/** Where a schema-generated decoder's error or warning is. `${number}` is an array index. */\n";
  out += "export type SchemaFieldPath =" + unionOf(pathTypes(kSchemaFields));
  out += "export declare const SCHEMA_FIELDS: readonly FieldInfo[];\n";
  out += "\n/** Every code decodeSubscription / decodeAssignment throw: some of ErrorCode, and their own. */\n";
  out += "export type StreamsErrorCode =" + unionOf(quoted(kStreamsErrorCodes));
  out += "export declare const STREAMS_ERROR_CODES: readonly StreamsErrorCode[];\n";
  out += "\n/** A flat answer's layout (wasm/core/log/flat_layout.h). */\n";
  out +=
      "export interface FlatLayout {\n  readonly counts: readonly string[];\n  readonly ownCounts: number;\n"
      "  readonly sections: readonly (readonly [kind: 'word' | 'wide' | 'text', group: string, field: string, "
      "count: string | null])[];\n}\n";
  std::string names;
  for (const coordination::FlatLayoutInfo& l : kFlatLayouts) names += (names.empty() ? "" : " | ") + quote(l.name);
  out +=
      "export declare const PACKED_RECORD: readonly (readonly [name: string, type: 'i32' | 'i64' | 'u8' | "
      "'bytes'])[];\n";
  out +=
      "export declare const KEY_RECORDS: { readonly key: readonly (readonly [name: string, type: string])[]; "
      "readonly record: readonly (readonly [name: string, type: string])[] };\n";
  out +=
      "export declare const BATCH_FRAMING: { readonly frameBytes: number; readonly minFrameLength: number; "
      "readonly maxBatchBytes: number };\n";
  out += "export declare const FLAT_BLOCK: Readonly<Record<string, number>>;\n";
  out += "export declare const GROUPS_BLOCK: Readonly<Record<string, number>>;\n";
  out += "export declare const GROUP_RECORD_WORDS: Readonly<Record<string, number>>;\n";
  out += "export declare const GROUP_LEVEL_WORDS: Readonly<Record<string, number>>;\n";
  out += "export declare const FLAT_LAYOUTS: Readonly<Record<" + names + ", FlatLayout>>;\n";
  out +=
      "/** Records read in order (wasm/core/log/cursor_layout.h): sequences of [kind, name, nested]. */\n"
      "export declare const CURSOR_LAYOUTS: Readonly<Record<string, Readonly<Record<string, readonly (readonly "
      "[kind: 'word' | 'wide' | 'text' | 'list' | 'opt', name: string, nested: string | null])[]>>>>;\n";
  out +=
      "/** The Kafka Streams flat record (wasm/core/streams/streams.h): sequences of [kind, name, nested, since, "
      "until]. */\n"
      "export declare const STREAMS_RECORD: Readonly<Record<string, readonly (readonly [kind: string, name: string, "
      "nested: string | null, since?: number, until?: number | null])[]>>;\n";
  return out;
}

bool write(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  return static_cast<bool>(f);
}

#undef GEN_NAMED
#undef GEN_NAME
#undef GEN_FIELD

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <output directory>\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  if (!write(dir + "/tables.js", tablesJs()) || !write(dir + "/tables.d.ts", tablesDts()) ||
      !write(dir + "/streams-reader.js", streamsReaderJs(coordination::streams::record_layout::kInfo))) {
    std::fprintf(stderr, "tables_gen: cannot write to %s\n", dir.c_str());
    return 1;
  }
  return 0;
}
