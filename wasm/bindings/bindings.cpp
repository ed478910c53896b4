// The WebAssembly boundary of coordination-viewer's single-record modules: the functions behind
// their entry points. Which entry points each module exports, under which names and types, is
// wasm/bindings/entry-points.mjs; the declarations are generated from it (the .inc included at the
// end: lean extern "C" exports, cv_<name>, no Embind: measured, it breaks these modules' budgets).
//
// - the per-record fast path, encode and the batch: JS copies the bytes into a reused scratch area
//   of the wasm heap, one call runs the C++ core, and the core's facts (status, error
//   code/offset/field, string offsets into the input, i64 values) land in a static result block
//   that JS reads through typed-array views. No per-call allocation, no marshalling.
// - inspect goes the same way: one call, the tree as JSON text in the core's buffer (index.js
//   parses it), the record in the result block; so do the tables (once per load). The Kafka
//   Streams records have their own flat form (below).
//
// The C++ core (wasm/core) stays the only decoder and encoder; this file only moves facts across.

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "coordination/coordination_codec.h"
#include "coordination/inspect.h"
#include "tree/invisible.h"
#include "tree/tree.h"
#include "wire/append.h"
#include "wire/utf8.h"

namespace cv = coordination;

namespace {

// Read by index.js: Int32Array over the int slots, BigInt64Array from byte kI64Byte. index.js
// takes every slot index from cv_tables()'s layout (below), never from a copy of its own.
struct alignas(8) ResultBlock {
  std::int32_t status;  // 0 ok, 1 error
  std::int32_t code;    // ErrorCode
  std::int32_t offset;
  std::int32_t field;   // Field
  std::int32_t kind;    // key kind (0 registration, 1 lease)
  std::int32_t s0_off;  // key.role / value member: offset into the input
  std::int32_t s0_len;
  std::int32_t s1_off;  // key.member
  std::int32_t s1_len;
  std::int32_t epoch;    // lease producer_epoch
  std::int32_t out_ptr;  // encode output / error message bytes
  std::int32_t out_len;
  std::int32_t u0_at;  // the UTF-16 units of s0 and s1: heap address (0: not widened), count
  std::int32_t u0_len;
  std::int32_t u1_at;
  std::int32_t u1_len;
  std::int64_t i64_first;  // registered_at (a registration) or producer_id (a lease)
  std::int64_t granted_at;
  std::int64_t deadline;
  std::int64_t found;  // message facts (kept so the message can be rebuilt by the core)
  std::int64_t limit;
};
constexpr int kI32Slots = static_cast<int>(offsetof(ResultBlock, i64_first) / sizeof(std::int32_t));
constexpr int kI64Slots =
    static_cast<int>((sizeof(ResultBlock) - offsetof(ResultBlock, i64_first)) / sizeof(std::int64_t));
static_assert(offsetof(ResultBlock, i64_first) % 8 == 0, "BigInt64Array needs 8-byte alignment");
static_assert(offsetof(ResultBlock, limit) + sizeof(std::int64_t) == sizeof(ResultBlock), "no tail padding");
#define I32_SLOT(member) static_cast<int>(offsetof(ResultBlock, member) / sizeof(std::int32_t))
#define I64_SLOT(member) \
  static_cast<int>((offsetof(ResultBlock, member) - offsetof(ResultBlock, i64_first)) / sizeof(std::int64_t))

// Batch counts as doubles (exact below 2^53), read by index.js through a Float64Array: three
// counters, one slot per ErrorCode, then the first error's index and the framing error's offset
// (-1: none). Sized from the code list, so a new code grows the block instead of overwriting it.
constexpr int kBatchRecords = 0;
constexpr int kBatchValid = 1;
constexpr int kBatchTombstones = 2;
constexpr int kBatchByCode = 3;
constexpr int kBatchFirstErrorIndex = kBatchByCode + cv::kErrorCodeCount;
constexpr int kBatchFramingErrorOffset = kBatchFirstErrorIndex + 1;
constexpr int kBatchSlots = kBatchFramingErrorOffset + 1;
static_assert(kBatchFirstErrorIndex >= kBatchByCode + cv::kErrorCodeCount, "by_code slots overlap first_error_index");
static_assert(kBatchSlots == 5 + cv::kErrorCodeCount, "batch block: 3 counters + codes + 2");

ResultBlock g_result;
#ifndef CV_COORDINATION_ONLY
double g_batch[kBatchSlots];
#endif
cv::Error g_error{cv::ErrorCode::TRUNCATED, 0, cv::Field::key};
std::vector<std::uint8_t> g_out;
std::string g_message;

int fail(const cv::Error& e) {
  g_error = e;
  g_result.status = 1;
  g_result.code = static_cast<std::int32_t>(e.code);
  g_result.offset = static_cast<std::int32_t>(e.offset);
  g_result.field = static_cast<std::int32_t>(e.field);
  g_result.found = e.found;
  g_result.limit = e.limit;
  return 1;
}

// A record's short strings as UTF-16 too (s0 in the first row, s1 in the second): index.js makes
// one with String.fromCharCode from its units, where decoding the UTF-8 in JS was the larger part of
// a string's cost (utf8Text 75 ns against 35 ns from units, for a 13-byte member). A longer string
// is left to JS's TextDecoder (one flat string) and not widened for nothing; so are all of the
// size-budgeted coordination-only modules' (the viewer's page, the element: the widening is 0.6 KB
// of their gzip). Not widened: units_at 0.
#ifndef CV_COORDINATION_ONLY
constexpr std::size_t kWidenedBytes = 24;
char16_t g_units[2][kWidenedBytes];
#endif

void putString(std::string_view s, const std::uint8_t* base, std::int32_t& off, std::int32_t& len,
               [[maybe_unused]] int row, std::int32_t& units_at, std::int32_t& units_len) {
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(s.data());
  len = static_cast<std::int32_t>(s.size());
  off = s.empty() ? 0 : static_cast<std::int32_t>(bytes - base);
  units_at = 0;
  units_len = 0;
#ifndef CV_COORDINATION_ONLY
  if (s.size() > kWidenedBytes) return;
  units_at = static_cast<std::int32_t>(reinterpret_cast<std::uintptr_t>(g_units[row]));
  units_len = static_cast<std::int32_t>(cv::utf16FromUtf8({bytes, s.size()}, g_units[row]));
#endif
}

int encoded(cv::Result<std::vector<std::uint8_t>>&& r) {
  if (!r.ok()) return fail(r.error());
  g_out = std::move(r.value());
  g_result.status = 0;
  g_result.out_ptr = static_cast<std::int32_t>(reinterpret_cast<std::uintptr_t>(g_out.data()));
  g_result.out_len = static_cast<std::int32_t>(g_out.size());
  return 0;
}

std::string_view bytesAsString(const std::uint8_t* p, std::size_t n) { return {reinterpret_cast<const char*>(p), n}; }

// A decoded record into the result block (strings as offsets into the input at `base`): the one
// writer for cv_decode and inspect, so index.js reads both the same way. One overload per kind:
// cv_decode passes the view it decoded as it is (a RecordView made of it was a 40-byte copy,
// byte by byte in this -Oz build's memcpy: ~10% of a lease's call).
void putRecord(const cv::KeyView& k, const std::uint8_t* base) {
  g_result.kind = static_cast<std::int32_t>(k.kind);
  putString(k.role, base, g_result.s0_off, g_result.s0_len, 0, g_result.u0_at, g_result.u0_len);
  putString(k.member, base, g_result.s1_off, g_result.s1_len, 1, g_result.u1_at, g_result.u1_len);
  g_result.status = 0;
}
void putRecord(const cv::RegistrationView& r, const std::uint8_t* base) {
  putString(r.member, base, g_result.s0_off, g_result.s0_len, 0, g_result.u0_at, g_result.u0_len);
  g_result.i64_first = r.registered_at;
  g_result.status = 0;
}
void putRecord(const cv::LeaseView& l, const std::uint8_t* base) {
  putString(l.member, base, g_result.s0_off, g_result.s0_len, 0, g_result.u0_at, g_result.u0_len);
  g_result.i64_first = l.producer_id;
  g_result.epoch = l.producer_epoch;
  g_result.granted_at = l.granted_at;
  g_result.deadline = l.deadline;
  g_result.status = 0;
}
void putRecord(const cv::RecordView& record, const std::uint8_t* base) {
  if (const auto* k = std::get_if<cv::KeyView>(&record)) return putRecord(*k, base);
  if (const auto* r = std::get_if<cv::RegistrationView>(&record)) return putRecord(*r, base);
  if (const auto* l = std::get_if<cv::LeaseView>(&record)) return putRecord(*l, base);
  g_result.status = 0;
}

// The Inspection as JSON text, written once into g_message: index.js decodes and parses it in one
// go (TextDecoder + JSON.parse), far cheaper than building the object through Embind val calls.
// Strings here are table names, paths and the core's ASCII-safe messages; escaped all the same.
// Appends runs that need no escape in one call each: this file is built -Oz, where a per-char
// push_back is a call of its own (it was most of inspect's cost).
void jsonString(std::string& s, std::string_view v) {
  s += '"';
  std::size_t run = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const auto u = static_cast<unsigned char>(v[i]);
    if (u >= 0x20 && u != '"' && u != '\\') continue;
    s.append(v.data() + run, i - run);
    run = i + 1;
    if (u >= 0x20) {
      const char escaped[2] = {'\\', static_cast<char>(u)};
      s.append(escaped, 2);
    } else {
      static constexpr char hex[] = "0123456789abcdef";
      const char escaped[6] = {'\\', 'u', '0', '0', hex[u >> 4], hex[u & 15]};
      s.append(escaped, 6);
    }
  }
  s.append(v.data() + run, v.size() - run);
  s += '"';
}
void jsonKey(std::string& s, std::string_view key) {
  jsonString(s, key);
  s += ':';
}
void jsonNumber(std::string& s, std::int64_t v) { cv::detail::appendInt(s, v); }

// The neutral tree (tree::Node, tree::Error, tree::Warning) of any format as JSON, the one writer:
// {"target", "fields": [{path, name, wireType, offset, length, int?, text?, meaning?, parent,
// complete}], "error", "warnings" -- left open for the caller's own members. Nodes stay flat in
// pre-order with parent indices (index.js nests them once). Integers travel as decimal strings
// (exact for i64; index.js makes BigInt or Number by wire type). A string value goes as
// `text: true` when index.js can decode it from the input at the node's range (strict UTF-8: the
// bytes are already in JS), or as the text itself when the format's rule differs from UTF-8
// (inline_text: Java's readUTF and new String(bytes, UTF_8)).
void treeJson(std::string& s, std::string_view target, const std::vector<tree::Node>& fields,
              const std::optional<tree::Error>& error, const std::vector<tree::Warning>& warnings, bool inline_text) {
  s.clear();
  s += '{';
  jsonKey(s, "target");
  jsonString(s, target);
  s += ",\"fields\":[";
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const tree::Node& f = fields[i];
    if (i) s += ',';
    s += '{';
    jsonKey(s, "path");
    jsonString(s, f.path);
    s += ',';
    jsonKey(s, "name");
    jsonString(s, f.name);
    s += ',';
    jsonKey(s, "wireType");
    jsonString(s, f.wire_type);
    s += ",\"offset\":";
    jsonNumber(s, static_cast<std::int64_t>(f.offset));
    s += ",\"length\":";
    jsonNumber(s, static_cast<std::int64_t>(f.length));
    if (const auto* iv = std::get_if<std::int64_t>(&f.value)) {
      s += ",\"int\":\"";
      jsonNumber(s, *iv);
      s += '"';
    } else if (const auto* text = std::get_if<std::string>(&f.value)) {
      s += ",\"text\":";
      if (inline_text)
        jsonString(s, *text);
      else
        s += "true";
    }
    if (!f.meaning.empty()) {
      s += ',';
      jsonKey(s, "meaning");
      jsonString(s, f.meaning);
    }
    s += ",\"parent\":";
    jsonNumber(s, f.parent);
    s += f.complete ? ",\"complete\":true}" : ",\"complete\":false}";
  }
  s += "],\"error\":";
  if (error) {
    s += '{';
    jsonKey(s, "code");
    jsonString(s, error->code);
    s += ",\"offset\":";
    jsonNumber(s, static_cast<std::int64_t>(error->offset));
    s += ',';
    jsonKey(s, "field");
    jsonString(s, error->field);
    s += ',';
    jsonKey(s, "message");
    jsonString(s, error->message);
    s += '}';
  } else {
    s += "null";
  }
  s += ",\"warnings\":[";
  for (std::size_t i = 0; i < warnings.size(); ++i) {
    const tree::Warning& w = warnings[i];
    if (i) s += ',';
    s += '{';
    jsonKey(s, "code");
    jsonString(s, w.code);
    s += ',';
    jsonKey(s, "field");
    jsonString(s, w.field);
    s += ",\"offset\":";
    jsonNumber(s, static_cast<std::int64_t>(w.offset));
    s += ",\"length\":";
    jsonNumber(s, static_cast<std::int64_t>(w.length));
    s += ',';
    jsonKey(s, "message");
    jsonString(s, w.message);
    s += '}';
  }
  s += ']';
}

// The JSON text in g_message, at out_ptr/out_len (valid until the next call).
void messageOut() {
  g_result.out_ptr = static_cast<std::int32_t>(reinterpret_cast<std::uintptr_t>(g_message.data()));
  g_result.out_len = static_cast<std::int32_t>(g_message.size());
}

// inspect: the tree, plus tombstone and record (true when the decode succeeded: the record is in
// the result block, putRecord).
void inspectJson(std::string& s, const cv::Inspection& in, bool has_record) {
  std::optional<tree::Error> error;
  if (in.error) error = cv::neutralError(*in.error);
  treeJson(s, cv::targetName(in.target), in.fields, error, in.warnings, false);
  s += in.tombstone ? ",\"tombstone\":true" : ",\"tombstone\":false";
  s += has_record ? ",\"record\":true}" : ",\"record\":false}";
}

// A string's facts as index.js passes them (cv_refuse_*): lone_at -1 for no lone surrogate.
cv::StringFacts stringFacts(std::size_t utf8_bytes, int lone_at, int unit) {
  cv::StringFacts f;
  f.utf8_bytes = utf8_bytes;
  if (lone_at >= 0) f.lone_surrogate_at = static_cast<std::size_t>(lone_at);
  f.lone_surrogate = static_cast<std::uint16_t>(unit);
  return f;
}

ResultBlock* resultBlock() { return &g_result; }

// Not in the element's module (CV_INSPECT_ONLY, coordination_inspect): the fast path.
#ifndef CV_INSPECT_ONLY
// Per-record fast path. target: 0 key, 1 registration, 2 lease. Returns the status: 0 ok,
// 1 error (in the result block), 2 unknown target (index.js throws).
int decode(int target, const std::uint8_t* p, std::size_t n) {
  const std::span<const std::uint8_t> bytes(p, n);
  switch (target) {
    case 0: {
      auto r = cv::decodeKeyView(bytes);
      if (!r.ok()) return fail(r.error());
      putRecord(r.value(), p);
      return 0;
    }
    case 1: {
      auto r = cv::decodeRegistrationView(bytes);
      if (!r.ok()) return fail(r.error());
      putRecord(r.value(), p);
      return 0;
    }
    case 2: {
      auto r = cv::decodeLeaseView(bytes);
      if (!r.ok()) return fail(r.error());
      putRecord(r.value(), p);
      return 0;
    }
    default:
      return 2;
  }
}
#endif

// inspect: one call, one decode. The Inspection as JSON at out_ptr/out_len (valid until the next
// call), the record (when the decode succeeded) in the result block. Returns 0, or 2 for an
// unknown target. present = 0: absent bytes (null).
int inspect(int target, const std::uint8_t* p, std::size_t n, int present) {
  const auto t = cv::targetFromIndex(target);
  if (!t) return 2;
  cv::ValueBytes bytes;
  if (present) bytes = std::span<const std::uint8_t>(p, n);
  const cv::Inspection in = cv::inspect(*t, bytes);
  const bool has_record = !std::holds_alternative<std::monostate>(in.record);
  if (has_record) putRecord(in.record, p);
  inspectJson(g_message, in, has_record);
  messageOut();
  return 0;
}

// The core's message for the last error (decode, encode or the batch's first error): bytes at
// out_ptr, length out_len. Returns the length.
int errorMessage() {
  g_message = g_error.message();
  messageOut();
  return g_result.out_len;
}

// Not in the element's module (CV_INSPECT_ONLY, coordination_inspect): it only inspects.
#ifndef CV_INSPECT_ONLY
// Encoders: strings arrive as UTF-8 bytes in the scratch area (possibly ill-formed: the core checks
// them). Output at out_ptr/out_len, valid until the next encode.
int encodeKey(int kind, const std::uint8_t* role, std::size_t role_len, const std::uint8_t* member,
              std::size_t member_len) {
  cv::CoordinationKey key{static_cast<cv::RecordKind>(kind), std::string(bytesAsString(role, role_len)),
                          std::string(bytesAsString(member, member_len))};
  return encoded(cv::encodeKey(key));
}

int encodeRegistration(const std::uint8_t* member, std::size_t member_len, std::int64_t registered_at) {
  cv::CoordinationValue v = cv::Registration{std::string(bytesAsString(member, member_len)), registered_at};
  return encoded(cv::encodeValue(v));
}

int encodeLease(const std::uint8_t* member, std::size_t member_len, std::int64_t producer_id, int producer_epoch,
                std::int64_t granted_at, std::int64_t deadline) {
  cv::CoordinationValue v = cv::Lease{std::string(bytesAsString(member, member_len)), producer_id,
                                      static_cast<std::int16_t>(producer_epoch), granted_at, deadline};
  return encoded(cv::encodeValue(v));
}

// Encoders refused from the facts of their strings (cv::StringFacts), for strings too long to copy
// into the heap: index.js computes each string's UTF-8 length and first lone surrogate (lone_at:
// its byte index, -1 for none; unit: its UTF-16 unit) without copying. Returns 1 with the error
// encodeKey / encodeValue would give for those bytes in the result block, or 0 when the strings'
// checks pass (index.js then encodes them as usual). kind: 0 registration, 1 lease.
int refuseKey(int kind, std::size_t role_bytes, int role_lone_at, int role_unit, std::size_t member_bytes,
              int member_lone_at, int member_unit) {
  const auto e =
      cv::checkKeyStrings(static_cast<cv::RecordKind>(kind), stringFacts(role_bytes, role_lone_at, role_unit),
                          stringFacts(member_bytes, member_lone_at, member_unit));
  return e ? fail(*e) : 0;
}

int refuseValue(int kind, std::size_t member_bytes, int lone_at, int unit) {
  const auto e = cv::checkValueMember(static_cast<cv::RecordKind>(kind), stringFacts(member_bytes, lone_at, unit));
  return e ? fail(*e) : 0;
}

#endif  // CV_INSPECT_ONLY

// Only in the full module: the viewer page's (coordination_record) never validates a batch, and
// its first view is in a size budget (the batch was 0.7 KB gzip of its JS).
#ifndef CV_COORDINATION_ONLY
double* batchOut() { return g_batch; }

// Batch: counts into g_batch, the first error into g_result (status 1 when there is one);
// status 2 for an unknown target.
int validateBatch(int target, const std::uint8_t* p, std::size_t n) {
  const auto t = cv::targetFromIndex(target);
  if (!t) return 2;
  const cv::BatchSummary s = cv::validateBatch(*t, {p, n});
  g_batch[kBatchRecords] = static_cast<double>(s.records);
  g_batch[kBatchValid] = static_cast<double>(s.valid);
  g_batch[kBatchTombstones] = static_cast<double>(s.tombstones);
  for (int i = 0; i < cv::kErrorCodeCount; ++i) g_batch[kBatchByCode + i] = static_cast<double>(s.by_code[i]);
  g_batch[kBatchFirstErrorIndex] = s.first_error_index ? static_cast<double>(*s.first_error_index) : -1.0;
  g_batch[kBatchFramingErrorOffset] = s.framing_error_offset ? static_cast<double>(*s.framing_error_offset) : -1.0;
  if (s.first_error) return fail(*s.first_error);
  g_result.status = 0;
  return 0;
}
#endif  // CV_COORDINATION_ONLY

}  // namespace

#ifndef CV_COORDINATION_ONLY
// ---- Kafka Streams rebalance metadata: decodeSubscription / decodeAssignment / inspect ----------
// The core writes a record as int32 words, a text table and one pool of UTF-16 code units
// (streams.h, FlatRecord: a Java String can hold a lone surrogate, which UTF-8 cannot); index.js
// builds the objects from them. An error is its code, offset and the lengths of its field and
// message, both UTF-8 text. inspect is the same call with the field tree as flat nodes (streams.h,
// kNodeWords a node; index.js gives them their paths), and the error and warnings as the JSON
// of the neutral tree (treeJson, with no fields).
#include "streams/streams.h"

namespace {
namespace cs = coordination::streams;

// Read by index.js through its Int32Array over the heap, at the slots cv_tables() names.
struct StreamsBlock {
  std::int32_t words;  // the record: pointers to FlatRecord's words, texts, units and nodes
  std::int32_t texts;
  std::int32_t units;
  std::int32_t nodes;
  std::int32_t text_count;
  std::int32_t node_count;
  std::int32_t code;  // the error (status 1): StreamsCode, offset, the lengths of field and message
  std::int32_t offset;
  std::int32_t field_len;
  std::int32_t message_len;
  std::int32_t text;  // field then message, UTF-8
};
StreamsBlock g_streams;
cs::FlatRecord g_flat;
std::string g_streams_text;

std::int32_t heapAddress(const void* p) { return static_cast<std::int32_t>(reinterpret_cast<std::uintptr_t>(p)); }

// The block for a decode of `record` that ended with `error`; returns the status (0 ok, 1 error).
int streamsOut(const cs::FlatRecord& record, const std::optional<cs::StreamsError>& error) {
  g_streams.words = heapAddress(record.words.data());
  g_streams.texts = heapAddress(record.texts.data());
  g_streams.units = heapAddress(record.units.data());
  g_streams.nodes = heapAddress(record.nodes.data());
  g_streams.text_count = static_cast<std::int32_t>(record.text_count);
  g_streams.node_count = static_cast<std::int32_t>(record.node_count);
  if (!error) return 0;
  g_streams_text = error->field;
  g_streams_text += error->message();
  g_streams.code = static_cast<std::int32_t>(error->code);
  g_streams.offset = static_cast<std::int32_t>(error->offset);
  g_streams.field_len = static_cast<std::int32_t>(error->field.size());
  g_streams.message_len = static_cast<std::int32_t>(g_streams_text.size() - error->field.size());
  g_streams.text = heapAddress(g_streams_text.data());
  return 1;
}

StreamsBlock* streamsBlock() { return &g_streams; }

// target: 0 subscription, 1 assignment; tree: 1 for inspect (the field tree, and the error and
// warnings as JSON at out_ptr/out_len). Returns the status (0 ok, 1 error); the record, tree or
// error is described by cv_streams_out() and valid until the next call.
int streamsDecode(int target, const std::uint8_t* p, std::size_t n, int tree) {
  const cs::StreamsTarget t = target == 0 ? cs::StreamsTarget::subscription : cs::StreamsTarget::assignment;
  const auto error = cs::decodeFlat(t, std::span<const std::uint8_t>(p, n), g_flat, tree != 0);
  if (tree) {
    std::optional<tree::Error> neutral;
    if (error) neutral = cs::neutralError(*error);
    treeJson(g_message, cs::streamsTargetName(t), {}, neutral, g_flat.warnings, true);
    g_message += '}';
    messageOut();
  }
  return streamsOut(g_flat, error);
}

}  // namespace
#endif  // CV_COORDINATION_ONLY

// ---- The core's tables, so index.js never keeps its own copy ---------------------------------
// Every list comes from coordination/table.h, streams/table.h and tree/ (the same lists
// wasm/generated/tables.js is generated from), and the result/batch block layout from the structs
// above. JSON text, NUL-terminated, built once per instance and parsed once by index.js (bind()).
#include "protocol/table.h"
#include "streams/table.h"

namespace {

template <typename Name>
void jsonStrings(std::string& s, std::string_view key, int count, Name name) {
  s += ',';
  jsonKey(s, key);
  s += '[';
  for (int i = 0; i < count; ++i) {
    if (i) s += ',';
    jsonString(s, name(i));
  }
}
void jsonInt(std::string& s, std::string_view key, std::int64_t v) {
  jsonKey(s, key);
  jsonNumber(s, v);
}
template <std::size_t N>
void jsonSlots(std::string& s, const std::pair<std::string_view, int> (&slots)[N]) {
  for (std::size_t i = 0; i < N; ++i) {
    if (i) s += ',';
    jsonInt(s, slots[i].first, slots[i].second);
  }
}

// The other formats' names, as data (one loop, not code per entry). A coordination-only module
// leaves out the Kafka Streams fields: it has no Streams decoder, and index.js names only the
// coordination records' fields by number.
#define TABLE_FIELD_PATH(name, path, wire, bounds, meaning) path,
constexpr std::string_view kMoreFields[] = {
#ifndef CV_COORDINATION_ONLY
    STREAMS_FIELDS(TABLE_FIELD_PATH)
#endif
        PRODUCE_FIELDS(TABLE_FIELD_PATH)  // ProduceRequest v3 (decoded by the whole-topic module)
};
#undef TABLE_FIELD_PATH
#define TABLE_WARNING_NAME(name, description) #name,
constexpr std::string_view kMoreWarnings[] = {STREAMS_WARNING_CODES(TABLE_WARNING_NAME)};
#undef TABLE_WARNING_NAME

// Appends names to the open array and closes it.
template <std::size_t N>
void jsonMore(std::string& s, const std::string_view (&names)[N]) {
  for (const std::string_view name : names) {
    s += ',';
    jsonString(s, name);
  }
  s += ']';
}

// Which link of this file the module is (wasm/CMakeLists.txt): the full codec, the
// coordination-only one (CV_COORDINATION_ONLY: no Kafka Streams entry points) of the viewer page,
// or the embed element's (CV_INSPECT_ONLY too: inspect, no encoders, no batch). index.js names it
// when a missing entry point is called.
#if defined(CV_INSPECT_ONLY)
constexpr std::string_view kBuild = "coordination_inspect";
#elif defined(CV_COORDINATION_ONLY)
constexpr std::string_view kBuild = "coordination_record";
#else
constexpr std::string_view kBuild = "coordination_codec";
#endif

std::string tablesJson() {
  std::string s = "{";
  jsonKey(s, "build");
  jsonString(s, kBuild);
  s += ',';
  jsonKey(s, "topic");
  jsonString(s, cv::TOPIC);
  s += ',';
  jsonInt(s, "maxNameBytes", static_cast<std::int64_t>(cv::kMaxNameBytes));
  jsonStrings(s, "codes", cv::kErrorCodeCount, [](int i) { return cv::errorCodeName(static_cast<cv::ErrorCode>(i)); });
  s += ']';
  jsonStrings(s, "codeDescriptions", cv::kErrorCodeCount,
              [](int i) { return cv::errorCodeDescription(static_cast<cv::ErrorCode>(i)); });
  s += ']';
  // streams/table.h's and protocol/table.h's fields, streams/table.h's warnings, after the
  // coordination ones (as tables_gen lists them).
  jsonStrings(s, "fields", cv::kFieldCount, [](int i) { return cv::fieldPath(static_cast<cv::Field>(i)); });
  jsonMore(s, kMoreFields);
  jsonStrings(s, "warnings", cv::kWarningCodeCount,
              [](int i) { return cv::warningCodeName(static_cast<cv::WarningCode>(i)); });
  jsonMore(s, kMoreWarnings);
  jsonStrings(s, "wireTypes", tree::kWireTypeCount,
              [](int i) { return tree::wireTypeName(static_cast<tree::WireType>(i)); });
  s += "],\"invisible\":[";
  bool first = true;
  for (const tree::InvisibleRange& r : tree::kInvisibleRanges) {
    s += first ? "[" : ",[";
    first = false;
    jsonNumber(s, r.first);
    s += ',';
    jsonNumber(s, r.last);
    s += ',';
    jsonString(s, r.kind);
    s += ']';
  }
  s += "],\"layout\":{\"result\":{";
  const std::pair<std::string_view, int> result[] = {
      {"i32Slots", kI32Slots},
      {"i64Byte", static_cast<int>(offsetof(ResultBlock, i64_first))},
      {"i64Slots", kI64Slots},
      {"status", I32_SLOT(status)},
      {"code", I32_SLOT(code)},
      {"offset", I32_SLOT(offset)},
      {"field", I32_SLOT(field)},
      {"kind", I32_SLOT(kind)},
      {"s0Off", I32_SLOT(s0_off)},
      {"s0Len", I32_SLOT(s0_len)},
      {"s1Off", I32_SLOT(s1_off)},
      {"s1Len", I32_SLOT(s1_len)},
      {"epoch", I32_SLOT(epoch)},
      {"outPtr", I32_SLOT(out_ptr)},
      {"outLen", I32_SLOT(out_len)},
      {"u0At", I32_SLOT(u0_at)},
      {"u0Len", I32_SLOT(u0_len)},
      {"u1At", I32_SLOT(u1_at)},
      {"u1Len", I32_SLOT(u1_len)},
      {"i64First", I64_SLOT(i64_first)},
      {"grantedAt", I64_SLOT(granted_at)},
      {"deadline", I64_SLOT(deadline)},
  };
  const std::pair<std::string_view, int> batch[] = {
      {"slots", kBatchSlots},
      {"records", kBatchRecords},
      {"valid", kBatchValid},
      {"tombstones", kBatchTombstones},
      {"byCode", kBatchByCode},
      {"firstErrorIndex", kBatchFirstErrorIndex},
      {"framingErrorOffset", kBatchFramingErrorOffset},
  };
  jsonSlots(s, result);
  s += "},\"batch\":{";
  jsonSlots(s, batch);
#ifndef CV_COORDINATION_ONLY
#define STREAMS_SLOT(member) static_cast<int>(offsetof(StreamsBlock, member) / sizeof(std::int32_t))
  const std::pair<std::string_view, int> streams[] = {
      {"words", STREAMS_SLOT(words)},
      {"texts", STREAMS_SLOT(texts)},
      {"units", STREAMS_SLOT(units)},
      {"nodes", STREAMS_SLOT(nodes)},
      {"textCount", STREAMS_SLOT(text_count)},
      {"nodeCount", STREAMS_SLOT(node_count)},
      {"code", STREAMS_SLOT(code)},
      {"offset", STREAMS_SLOT(offset)},
      {"fieldLen", STREAMS_SLOT(field_len)},
      {"messageLen", STREAMS_SLOT(message_len)},
      {"text", STREAMS_SLOT(text)},
  };
#undef STREAMS_SLOT
  // The words of a flat node (streams.h NodeWord) and its flags' bits.
  const std::pair<std::string_view, int> node[] = {
      {"words", cs::kNodeWords},
      {"name", cs::kNodeName},
      {"wire", cs::kNodeWire},
      {"offset", cs::kNodeOffset},
      {"length", cs::kNodeLength},
      {"value", cs::kNodeValue},
      {"parent", cs::kNodeParent},
      {"flags", cs::kNodeFlags},
      {"complete", cs::kComplete},
      {"hasValue", cs::kHasValue},
      {"meaningShift", cs::kMeaningShift},
  };
  s += "},\"streams\":{";
  jsonSlots(s, streams);
  s += "},\"node\":{";
  jsonSlots(s, node);
  s += "}}";
  // The Streams codes, by StreamsCode; the names and meanings of its tree's nodes, by id (streams.h).
  jsonStrings(s, "streamsCodes", cs::kStreamsCodeCount,
              [](int i) { return cs::codeName(static_cast<cs::StreamsCode>(i)); });
  s += ']';
  jsonStrings(s, "streamsNames", static_cast<int>(std::size(cs::kNodeNames)), [](int i) { return cs::kNodeNames[i]; });
  s += ']';
  jsonStrings(s, "streamsMeanings", static_cast<int>(std::size(cs::kNodeMeanings)),
              [](int i) { return cs::kNodeMeanings[i]; });
  s += "]}";
#else
  s += "}}}";
#endif
  return s;
}

std::string g_tables;

// The tables as NUL-terminated JSON text (index.js reads up to the NUL), valid for the instance.
const char* tables() {
  if (g_tables.empty()) g_tables = tablesJson();
  return g_tables.c_str();
}

}  // namespace

// The entry points' declarations, generated from wasm/bindings/entry-points.mjs: lean exports, or
// the same as Embind functions in the variant tests/bench/embind.mjs measures.
#ifdef CV_ENTRY_POINTS_EMBIND
#include "generated/bindings/bindings.embind.inc"
#else
#include "generated/bindings/bindings.inc"
#endif
