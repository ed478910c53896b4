// The one decoder of each record kind. decodeKey/decodeValue, the *View functions, inspect() and
// validateBatch() all run these; they differ only in the Sink they pass:
//   NullSink    - the fast path: every call is an empty inline function and compiles away;
//   InspectSink - (inspect.cpp) records a FieldNode per field read, and the failing field.
// A Sink has three members:
//   void intField(const IntEvent&)       an integer field, read (complete) or cut short
//   void stringField(const StringEvent&) a string field, as far as it could be read
//   void fail(const Error&)              the decode failed with this error (always the last call)
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>

#include "coordination/checks.h"
#include "coordination/coordination_codec.h"
#include "wire/reader.h"

namespace coordination::detail {

enum class WireType : std::uint8_t { i16, i64 };

struct IntEvent {
  Field field;
  WireType wire;
  std::size_t offset;
  std::size_t length;  // 2 or 8 when complete; the bytes that remained when cut short
  bool complete;
  std::int64_t value;  // 0 when cut short
};

struct StringEvent {
  Field field;
  std::size_t offset;         // first byte of the length prefix
  std::size_t prefix_length;  // 2 when the prefix was read; else the bytes that remained
  bool prefix_read;
  std::int16_t declared;               // the prefix's value when read
  std::span<const std::uint8_t> body;  // the body bytes that exist (all, or up to the end of input)
  bool body_complete;                  // the prefix's length fit in the input
  bool utf8_ok;                        // body_complete and well-formed
};

struct NullSink {
  void intField(const IntEvent&) {}
  void stringField(const StringEvent&) {}
  void fail(const Error&) {}
};

// Return the error (after telling the sink) if `expr` yields one.
#define COORDINATION_TRY(sink, expr) \
  do {                               \
    if (auto err_ = (expr)) {        \
      (sink).fail(*err_);            \
      return err_;                   \
    }                                \
  } while (0)

// The one integer reader (i16 or i64, by the type of `out`): cut short -> TRUNCATED at the field.
// Always in line: clang left the i64 reader a call in wasm (likely for its byte swap's inline asm,
// be64's hidden masks), whose returned optional went through memory: validateBatch lease ~10%
// faster in line (two builds alternated in one process), the modules' sizes within +-40 B gzip.
template <typename Int, typename Sink>
[[gnu::always_inline]] inline std::optional<Error> readInt(Reader& r, Field field, Sink& sink, Int& out) {
  static_assert(std::is_same_v<Int, std::int16_t> || std::is_same_v<Int, std::int64_t>);
  constexpr std::size_t width = sizeof(Int);
  constexpr WireType wire = width == 2 ? WireType::i16 : WireType::i64;
  const std::size_t offset = r.position();
  if (!r.need(width)) {
    sink.intField(IntEvent{field, wire, offset, r.remaining(), false, 0});
    return Error{ErrorCode::TRUNCATED, offset, field, static_cast<std::int64_t>(r.remaining()), width};
  }
  if constexpr (width == 2) {
    out = r.readI16();
  } else {
    out = r.readI64();
  }
  sink.intField(IntEvent{field, wire, offset, width, true, out});
  return std::nullopt;
}

// The one string reader: prefix cut short, negative length, body past the end, UTF-8, bounds --
// in that order. `out` points into the input. In line or a call as readString below says.
template <typename Sink>
[[gnu::always_inline]] inline std::optional<Error> readStringInLine(Reader& r, Field field, StringRule rule, Sink& sink,
                                                                    std::string_view& out) {
  const std::size_t offset = r.position();
  if (!r.need(2)) {
    sink.stringField(StringEvent{field, offset, r.remaining(), false, 0, {}, false, false});
    return Error{ErrorCode::TRUNCATED, offset, field, static_cast<std::int64_t>(r.remaining()), 2};
  }
  const std::int16_t declared = r.readI16();
  if (declared < 0) {
    sink.stringField(StringEvent{field, offset, 2, true, declared, {}, false, false});
    return Error{ErrorCode::NEGATIVE_LENGTH, offset, field, declared, 0};
  }
  const auto length = static_cast<std::size_t>(declared);
  if (!r.need(length)) {
    const std::size_t remaining = r.remaining();
    sink.stringField(StringEvent{field, offset, 2, true, declared, r.take(remaining), false, false});
    return Error{ErrorCode::TRUNCATED, offset, field, declared, static_cast<std::int64_t>(remaining)};
  }
  const std::span<const std::uint8_t> body = r.take(length);
  // The fast path (decode*View, validateBatch, the folds: NullSink) answers a short ASCII string in
  // line, without the validator's call (in wasm, the call and its returned optional were most of a
  // short string's check: validateBatch 6-11% faster); the field trees' decoders, whose size
  // counts more than their speed, call it.
  const bool ascii = std::is_same_v<Sink, NullSink> && shortAscii(body.data(), body.size());
  auto bad = ascii ? std::nullopt : checkUtf8(field, body, offset + 2);
  sink.stringField(StringEvent{field, offset, 2, true, declared, body, true, !bad});
  if (bad) return bad;
  if (auto e = checkBounds(rule, field, length, offset)) return e;
  out = std::string_view(reinterpret_cast<const char*>(body.data()), body.size());
  return std::nullopt;
}

template <typename Sink>
[[gnu::noinline]] std::optional<Error> readStringCall(Reader& r, Field field, StringRule rule, Sink& sink,
                                                      std::string_view& out) {
  return readStringInLine(r, field, rule, sink, out);
}

// In line in the fast path (NullSink: decode*View, validateBatch, the folds): in wasm a call
// returns its optional<Error> through memory (validateBatch key and lease 14-21% faster in line;
// coordination_codec +0.3 KB gzip). A call in the field trees' decoders, where in line it cost
// 0.8 KB more.
template <typename Sink>
[[gnu::always_inline]] inline std::optional<Error> readString(Reader& r, Field field, StringRule rule, Sink& sink,
                                                              std::string_view& out) {
  if constexpr (std::is_same_v<Sink, NullSink>) {
    return readStringInLine(r, field, rule, sink, out);
  } else {
    return readStringCall(r, field, rule, sink, out);
  }
}

inline std::optional<Error> checkEnd(const Reader& r, Field record) {
  if (r.atEnd()) return std::nullopt;
  return Error{ErrorCode::TRAILING_BYTES, r.position(), record, static_cast<std::int64_t>(r.remaining()), 0};
}

// The three decoders are always in line: validateBatch's loop, the folds and decode*View each
// hold their own copy. As calls, in wasm each record's span, view and returned optional<Error>
// went through memory: validateBatch 20-36% faster in line (two builds alternated in one process),
// for a second NullSink copy of each in coordination_codec (+0.8 KB gzip; inspect.cpp's cold
// warnings paid for it). The field trees' decoders have one caller, inspect().
template <typename Sink>
[[gnu::always_inline]] inline std::optional<Error> decodeKeyFields(std::span<const std::uint8_t> bytes, KeyView& out,
                                                                   Sink& sink) {
  Reader r(bytes);
  std::int16_t version = 0, kind = 0;
  COORDINATION_TRY(sink, readInt(r, Field::key_version, sink, version));
  COORDINATION_TRY(sink, checkVersion(Field::key_version, version, 0));
  COORDINATION_TRY(sink, readInt(r, Field::key_kind, sink, kind));
  COORDINATION_TRY(sink, checkKind(kind, 2));
  out.kind = static_cast<RecordKind>(kind);
  COORDINATION_TRY(sink, readString(r, Field::key_role, StringRule::role, sink, out.role));
  COORDINATION_TRY(sink, readString(r, Field::key_member, keyMemberRule(out.kind), sink, out.member));
  COORDINATION_TRY(sink, checkEnd(r, Field::key));
  return std::nullopt;
}

template <typename Sink>
[[gnu::always_inline]] inline std::optional<Error> decodeRegistrationFields(std::span<const std::uint8_t> bytes,
                                                                            RegistrationView& out, Sink& sink) {
  Reader r(bytes);
  std::int16_t version = 0;
  COORDINATION_TRY(sink, readInt(r, Field::registration_version, sink, version));
  COORDINATION_TRY(sink, checkVersion(Field::registration_version, version, 0));
  COORDINATION_TRY(sink, readString(r, Field::registration_member, StringRule::member, sink, out.member));
  COORDINATION_TRY(sink, readInt(r, Field::registration_registered_at, sink, out.registered_at));
  COORDINATION_TRY(sink, checkEnd(r, Field::registration));
  return std::nullopt;
}

template <typename Sink>
[[gnu::always_inline]] inline std::optional<Error> decodeLeaseFields(std::span<const std::uint8_t> bytes,
                                                                     LeaseView& out, Sink& sink) {
  Reader r(bytes);
  std::int16_t version = 0;
  COORDINATION_TRY(sink, readInt(r, Field::lease_version, sink, version));
  COORDINATION_TRY(sink, checkVersion(Field::lease_version, version, 0));
  COORDINATION_TRY(sink, readString(r, Field::lease_member, StringRule::member, sink, out.member));
  std::size_t at = r.position();
  COORDINATION_TRY(sink, readInt(r, Field::lease_producer_id, sink, out.producer_id));
  COORDINATION_TRY(sink, checkProducerId(out.producer_id, at));
  at = r.position();
  COORDINATION_TRY(sink, readInt(r, Field::lease_producer_epoch, sink, out.producer_epoch));
  COORDINATION_TRY(sink, checkProducerEpoch(out.producer_epoch, at));
  COORDINATION_TRY(sink, readInt(r, Field::lease_granted_at, sink, out.granted_at));
  COORDINATION_TRY(sink, readInt(r, Field::lease_deadline, sink, out.deadline));
  COORDINATION_TRY(sink, checkEnd(r, Field::lease));
  return std::nullopt;
}

}  // namespace coordination::detail
