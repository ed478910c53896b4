// The WebAssembly boundary of coordination-viewer: the only file that includes Emscripten headers.
//
// Two kinds of entry point:
// - lean exported C functions (cv_*) for the per-record fast path, encode and the batch: JS copies
//   the bytes into a reused scratch area of the wasm heap, one call runs the C++ core, and the core's
//   facts (status, error code/offset/field, string offsets into the input, i64 values) land in a
//   static result block that JS reads through typed-array views. No per-call allocation, no Embind
//   marshalling (Embind 3.1.6 copies std::string from JS with a byte loop).
// - Embind (inspect): a plain JS object built with emscripten::val; nothing for the caller to delete.
//
// The C++ core (wasm/core) stays the only decoder and encoder; this file only moves facts across.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "coordination/coordination_codec.h"
#include "coordination/inspect.h"

namespace cv = coordination;
using emscripten::val;

namespace {

// Read by index.js: Int32Array over the first 12 slots, BigInt64Array from byte 48. Keep in step
// with the R_* / B_* constants in wasm/index.js.
struct alignas(8) ResultBlock {
  std::int32_t status;   // [0] 0 ok, 1 error
  std::int32_t code;     // [1] ErrorCode
  std::int32_t offset;   // [2]
  std::int32_t field;    // [3] Field
  std::int32_t kind;     // [4] key kind (0 registration, 1 lease)
  std::int32_t s0_off;   // [5] key.role / value member: offset into the input
  std::int32_t s0_len;   // [6]
  std::int32_t s1_off;   // [7] key.member
  std::int32_t s1_len;   // [8]
  std::int32_t epoch;    // [9] lease producer_epoch
  std::int32_t out_ptr;  // [10] encode output / error message bytes
  std::int32_t out_len;  // [11]
  std::int64_t i64[4];   // [6..9] as BigInt64: registered_at | producer_id, granted_at, deadline
  std::int64_t found;    // [10] message facts (kept so the message can be rebuilt by the core)
  std::int64_t limit;    // [11]
};
static_assert(offsetof(ResultBlock, i64) == 48, "index.js reads i64 from byte 48");
static_assert(sizeof(ResultBlock) == 96, "index.js maps 96 bytes");

// Batch counts as doubles (exact below 2^53): read by index.js through a Float64Array.
// [0] records [1] valid [2] tombstones [3..13] by_code [14] first_error_index (-1 none)
// [15] framing_error_offset (-1 none)
constexpr int kBatchSlots = 16;

ResultBlock g_result;
double g_batch[kBatchSlots];
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

void putString(std::string_view s, const std::uint8_t* base, std::int32_t& off, std::int32_t& len) {
  len = static_cast<std::int32_t>(s.size());
  off = s.empty() ? 0 : static_cast<std::int32_t>(reinterpret_cast<const std::uint8_t*>(s.data()) - base);
}

int encoded(cv::Result<std::vector<std::uint8_t>>&& r) {
  if (!r.ok()) return fail(r.error());
  g_out = std::move(r.value());
  g_result.status = 0;
  g_result.out_ptr = static_cast<std::int32_t>(reinterpret_cast<std::uintptr_t>(g_out.data()));
  g_result.out_len = static_cast<std::int32_t>(g_out.size());
  return 0;
}

std::string_view bytesAsString(const std::uint8_t* p, std::size_t n) {
  return {reinterpret_cast<const char*>(p), n};
}

val errorObject(const cv::Error& e) {
  val o = val::object();
  o.set("code", std::string(cv::errorCodeName(e.code)));
  o.set("offset", static_cast<double>(e.offset));
  o.set("field", std::string(cv::fieldPath(e.field)));
  o.set("message", e.message());
  return o;
}

// inspect(target, ptr, len, present): the core's Inspection as a plain object. i64 values travel as
// decimal strings (exact; index.js turns them into BigInt by wire type); a string value only as
// `text: true` (index.js decodes it from the input at the node's range, as for decodeKey).
val inspectBytes(int target, std::uintptr_t ptr, std::size_t len, bool present) {
  cv::ValueBytes bytes;
  if (present) bytes = std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(ptr), len);
  const cv::Inspection in = cv::inspect(static_cast<cv::Target>(target), bytes);

  val out = val::object();
  out.set("target", std::string(cv::targetName(in.target)));
  out.set("tombstone", in.tombstone);
  val fields = val::array();
  for (std::size_t i = 0; i < in.fields.size(); ++i) {
    const cv::FieldNode& f = in.fields[i];
    val n = val::object();
    n.set("path", f.path);
    n.set("name", f.name);
    n.set("wireType", f.wire_type);
    n.set("offset", static_cast<double>(f.offset));
    n.set("length", static_cast<double>(f.length));
    if (const auto* iv = std::get_if<std::int64_t>(&f.value)) {
      n.set("int", std::to_string(*iv));
    } else if (std::holds_alternative<std::string>(f.value)) {
      n.set("text", true);  // not the text itself: the glue's decoder would drop a leading U+FEFF
    }
    if (!f.meaning.empty()) n.set("meaning", f.meaning);
    n.set("parent", f.parent);
    n.set("complete", f.complete);
    fields.set(i, n);
  }
  out.set("fields", fields);
  out.set("error", in.error ? errorObject(*in.error) : val::null());
  val warnings = val::array();
  for (std::size_t i = 0; i < in.warnings.size(); ++i) {
    const cv::Warning& w = in.warnings[i];
    val o = val::object();
    o.set("code", w.code);
    o.set("field", w.field);
    o.set("offset", static_cast<double>(w.offset));
    o.set("length", static_cast<double>(w.length));
    o.set("message", w.message);
    warnings.set(i, o);
  }
  out.set("warnings", warnings);
  return out;
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE ResultBlock* cv_result() { return &g_result; }
EMSCRIPTEN_KEEPALIVE double* cv_batch_out() { return g_batch; }

// Per-record fast path. target: 0 key, 1 registration, 2 lease. Returns the status (0 ok).
EMSCRIPTEN_KEEPALIVE int cv_decode(int target, const std::uint8_t* p, std::size_t n) {
  const std::span<const std::uint8_t> bytes(p, n);
  switch (target) {
    case 0: {
      auto r = cv::decodeKeyView(bytes);
      if (!r.ok()) return fail(r.error());
      const cv::KeyView& k = r.value();
      g_result.kind = static_cast<std::int32_t>(k.kind);
      putString(k.role, p, g_result.s0_off, g_result.s0_len);
      putString(k.member, p, g_result.s1_off, g_result.s1_len);
      break;
    }
    case 1: {
      auto r = cv::decodeRegistrationView(bytes);
      if (!r.ok()) return fail(r.error());
      const cv::RegistrationView& v = r.value();
      putString(v.member, p, g_result.s0_off, g_result.s0_len);
      g_result.i64[0] = v.registered_at;
      break;
    }
    default: {
      auto r = cv::decodeLeaseView(bytes);
      if (!r.ok()) return fail(r.error());
      const cv::LeaseView& v = r.value();
      putString(v.member, p, g_result.s0_off, g_result.s0_len);
      g_result.i64[0] = v.producer_id;
      g_result.epoch = v.producer_epoch;
      g_result.i64[1] = v.granted_at;
      g_result.i64[2] = v.deadline;
      break;
    }
  }
  g_result.status = 0;
  return 0;
}

// The core's message for the last error (decode, encode or the batch's first error): bytes at
// out_ptr, length out_len. Returns the length.
EMSCRIPTEN_KEEPALIVE int cv_error_message() {
  g_message = g_error.message();
  g_result.out_ptr = static_cast<std::int32_t>(reinterpret_cast<std::uintptr_t>(g_message.data()));
  g_result.out_len = static_cast<std::int32_t>(g_message.size());
  return g_result.out_len;
}

// Encoders: strings arrive as UTF-8 bytes in the scratch area (possibly ill-formed: the core checks
// them). Output at out_ptr/out_len, valid until the next encode.
EMSCRIPTEN_KEEPALIVE int cv_encode_key(int kind, const std::uint8_t* role, std::size_t role_len,
                                       const std::uint8_t* member, std::size_t member_len) {
  cv::CoordinationKey key{static_cast<cv::RecordKind>(kind), std::string(bytesAsString(role, role_len)),
                          std::string(bytesAsString(member, member_len))};
  return encoded(cv::encodeKey(key));
}

EMSCRIPTEN_KEEPALIVE int cv_encode_registration(const std::uint8_t* member, std::size_t member_len,
                                                std::int64_t registered_at) {
  cv::CoordinationValue v = cv::Registration{std::string(bytesAsString(member, member_len)), registered_at};
  return encoded(cv::encodeValue(v));
}

EMSCRIPTEN_KEEPALIVE int cv_encode_lease(const std::uint8_t* member, std::size_t member_len,
                                         std::int64_t producer_id, int producer_epoch,
                                         std::int64_t granted_at, std::int64_t deadline) {
  cv::CoordinationValue v = cv::Lease{std::string(bytesAsString(member, member_len)), producer_id,
                                      static_cast<std::int16_t>(producer_epoch), granted_at, deadline};
  return encoded(cv::encodeValue(v));
}

// Batch: counts into g_batch, the first error into g_result (status 1 when there is one).
EMSCRIPTEN_KEEPALIVE int cv_validate_batch(int target, const std::uint8_t* p, std::size_t n) {
  const cv::BatchSummary s = cv::validateBatch(static_cast<cv::Target>(target), {p, n});
  g_batch[0] = static_cast<double>(s.records);
  g_batch[1] = static_cast<double>(s.valid);
  g_batch[2] = static_cast<double>(s.tombstones);
  for (int i = 0; i < cv::kErrorCodeCount; ++i) g_batch[3 + i] = static_cast<double>(s.by_code[i]);
  g_batch[14] = s.first_error_index ? static_cast<double>(*s.first_error_index) : -1.0;
  g_batch[15] = s.framing_error_offset ? static_cast<double>(*s.framing_error_offset) : -1.0;
  if (s.first_error) return fail(*s.first_error);
  g_result.status = 0;
  return 0;
}

}  // extern "C"

namespace {
// The core's names, so index.js never keeps its own copy of the enums: {topic, codes, fields}.
val tables() {
  val codes = val::array();
  for (int i = 0; i < cv::kErrorCodeCount; ++i)
    codes.set(i, std::string(cv::errorCodeName(static_cast<cv::ErrorCode>(i))));
  val fields = val::array();
  for (int i = 0; i <= static_cast<int>(cv::Field::lease_deadline); ++i)
    fields.set(i, std::string(cv::fieldPath(static_cast<cv::Field>(i))));
  val out = val::object();
  out.set("topic", std::string(cv::TOPIC));
  out.set("codes", codes);
  out.set("fields", fields);
  return out;
}
}  // namespace

EMSCRIPTEN_BINDINGS(coordination_codec) {
  emscripten::function("inspect", &inspectBytes);
  emscripten::function("tables", &tables);
}

// ---- Kafka Streams rebalance metadata: decodeSubscription / decodeAssignment / inspect ----------
// The core flattens a record into int32 words plus one pool of UTF-16 code units (streams.h,
// FlatRecord: a Java String can hold a lone surrogate, which UTF-8 cannot); index.js rebuilds the
// objects. An error is 4 words (code, offset, field length, message length) and the field and
// message as UTF-8 text.
#include "streams/streams.h"

namespace {
namespace cs = coordination::streams;

struct alignas(8) StreamsBlock {
  std::int32_t words_ptr;
  std::int32_t words_len;
  std::int32_t units_ptr;
  std::int32_t text_ptr;
};
StreamsBlock g_streams;
cs::FlatRecord g_flat;
std::string g_streams_text;

int streamsFailed(const cs::StreamsError& e) {
  g_streams_text = e.field;
  g_streams_text += e.message();
  g_flat.words.assign({static_cast<std::int32_t>(e.code), static_cast<std::int32_t>(e.offset),
                       static_cast<std::int32_t>(e.field.size()),
                       static_cast<std::int32_t>(g_streams_text.size() - e.field.size())});
  return 1;
}

int streamsDecode(int target, const std::uint8_t* p, std::size_t n) {
  const std::span<const std::uint8_t> bytes(p, n);
  if (target == 0) {
    const auto r = cs::decodeSubscription(bytes);
    if (!r.ok()) return streamsFailed(r.error());
    cs::flatten(r.value(), g_flat);
    return 0;
  }
  const auto r = cs::decodeAssignment(bytes);
  if (!r.ok()) return streamsFailed(r.error());
  cs::flatten(r.value(), g_flat);
  return 0;
}

val unitsArray(const std::u16string& s) {
  val a = val::array();
  for (std::size_t i = 0; i < s.size(); ++i) a.set(i, static_cast<int>(s[i]));
  return a;
}

// inspect(bytes, 'subscription' | 'assignment'): the field tree as plain objects. Text values
// travel as UTF-16 code units (`units`), the process id as `uuid` text.
val inspectStreamsBytes(int target, std::uintptr_t ptr, std::size_t len) {
  const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(ptr), len);
  const cs::StreamsInspection in =
      cs::inspectStreams(target == 0 ? cs::StreamsTarget::subscription : cs::StreamsTarget::assignment, bytes);
  val out = val::object();
  out.set("target", std::string(cs::streamsTargetName(in.target)));
  val fields = val::array();
  for (std::size_t i = 0; i < in.fields.size(); ++i) {
    const cs::StreamsNode& f = in.fields[i];
    val n = val::object();
    n.set("path", f.path);
    n.set("name", f.name);
    n.set("wireType", f.wire_type);
    n.set("offset", static_cast<double>(f.offset));
    n.set("length", static_cast<double>(f.length));
    if (const auto* iv = std::get_if<std::int64_t>(&f.value)) n.set("int", static_cast<double>(*iv));
    if (const auto* u = std::get_if<std::u16string>(&f.value)) n.set("units", unitsArray(*u));
    if (const auto* t = std::get_if<std::string>(&f.value)) n.set("uuid", *t);
    if (!f.meaning.empty()) n.set("meaning", f.meaning);
    n.set("parent", f.parent);
    n.set("complete", f.complete);
    fields.set(i, n);
  }
  out.set("fields", fields);
  if (in.error) {
    val e = val::object();
    e.set("code", std::string(cv::errorCodeName(in.error->code)));
    e.set("offset", static_cast<double>(in.error->offset));
    e.set("field", in.error->field);
    e.set("message", in.error->message());
    out.set("error", e);
  } else {
    out.set("error", val::null());
  }
  val warnings = val::array();
  for (std::size_t i = 0; i < in.warnings.size(); ++i) {
    const cs::StreamsWarning& w = in.warnings[i];
    val o = val::object();
    o.set("code", w.code);
    o.set("field", w.field);
    o.set("offset", static_cast<double>(w.offset));
    o.set("length", static_cast<double>(w.length));
    o.set("message", w.message);
    warnings.set(i, o);
  }
  out.set("warnings", warnings);
  return out;
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE StreamsBlock* cv_streams_out() { return &g_streams; }

// target: 0 subscription, 1 assignment. Returns the status (0 ok, 1 error); the words, units and
// text are described by cv_streams_out() and valid until the next call.
EMSCRIPTEN_KEEPALIVE int cv_streams_decode(int target, const std::uint8_t* p, std::size_t n) {
  const int status = streamsDecode(target, p, n);
  g_streams.words_ptr = static_cast<std::int32_t>(reinterpret_cast<std::uintptr_t>(g_flat.words.data()));
  g_streams.words_len = static_cast<std::int32_t>(g_flat.words.size());
  g_streams.units_ptr = static_cast<std::int32_t>(reinterpret_cast<std::uintptr_t>(g_flat.units.data()));
  g_streams.text_ptr = static_cast<std::int32_t>(reinterpret_cast<std::uintptr_t>(g_streams_text.data()));
  return status;
}

}  // extern "C"

EMSCRIPTEN_BINDINGS(coordination_streams) {
  emscripten::function("inspectStreams", &inspectStreamsBytes);
}
