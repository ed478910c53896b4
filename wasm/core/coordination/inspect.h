// The field tree behind the viewer: every field the decoder read, with its path, wire type,
// byte range and value; the error if the bytes are bad; and warnings that are not errors.
//
// The tree is format-neutral (paths, wire types, ranges, values), so another record format can
// plug in its own decoder and reuse the UI. It is built by the same decoder as decodeKey and
// decodeValue (a field sink on the one Reader), never by a second parser.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "coordination/coordination_codec.h"

namespace coordination {

enum class Target : std::uint8_t { key, registration, lease };
std::string_view targetName(Target target);  // "key", "registration", "lease"

struct FieldNode {
  std::string path;       // "lease.member", "lease.member.length", "lease.member.utf8"
  std::string name;       // last path segment
  std::string wire_type;  // "i16", "i64", "string" (prefix + body), "utf8" (string body)
  std::size_t offset;     // first byte in the input
  std::size_t length;     // bytes covered
  // Decoded value: integers as int64, strings as their UTF-8 text. monostate when the bytes ran
  // out before the field's end, or a string's body is not UTF-8; a value that fails a check
  // (version 5, a 300-byte role) is kept.
  std::variant<std::monostate, std::int64_t, std::string> value;
  std::string meaning;  // optional words for the value, e.g. "lease" for kind 1
  int parent;           // index of the parent node in Inspection::fields, -1 at top level
  bool complete;        // false for the field that failed (read up to the failure)
};

// Closed set of warning codes (stable strings).
// DEADLINE_BEFORE_GRANTED      lease.deadline < lease.granted_at
// INVISIBLE_CHARACTERS         a string holds control, invisible or bidi-override characters
// JAVA_MODIFIED_UTF8           bytes look like DataOutput.writeUTF output (C0 80, CESU-8 pairs,
//                              or a length prefix >= 0x8000 read as unsigned)
struct Warning {
  std::string code;
  std::string field;  // path of the field concerned
  std::size_t offset;
  std::size_t length;
  std::string message;
};

struct Inspection {
  Target target;
  bool tombstone = false;  // value targets only: absent or empty bytes
  std::vector<FieldNode> fields;
  std::optional<Error> error;
  std::vector<Warning> warnings;
};

// Key target: absent bytes read as empty (TRUNCATED at key.version). Value targets: absent or
// empty bytes give tombstone = true and no fields.
Inspection inspect(Target target, ValueBytes bytes);

// Batch: many records in one buffer, one call, results that stay native. Each record is framed
// by an i32 big-endian length (-1: a null value, a tombstone), Kafka's own framing of a bytes
// field. A bad frame stops the batch (framing_error); a bad record is counted and the batch goes on.
// - Value targets: a null frame (-1) and an empty frame (0) are both tombstones.
// - Key target: a key has no null form, so a null frame reads as an empty key: an invalid record,
//   TRUNCATED at key.version offset 0 (the same as decodeKey of no bytes and inspect(key, nullopt)).
// - records == valid + tombstones + sum(by_code) (records counts the frames read before any
//   framing error). first_error's offset is relative to that record's first byte, not the batch.
// - framing_error_offset: the batch offset of the first frame whose i32 prefix is cut short, is
//   below -1, or announces more bytes than remain.
struct BatchSummary {
  std::uint64_t records = 0;
  std::uint64_t valid = 0;
  std::uint64_t tombstones = 0;
  std::uint64_t by_code[kErrorCodeCount] = {};  // invalid records by ErrorCode
  std::optional<std::uint64_t> first_error_index;
  std::optional<Error> first_error;
  std::optional<std::size_t> framing_error_offset;  // a frame runs past the end, or length < -1
};
BatchSummary validateBatch(Target target, std::span<const std::uint8_t> frames);

}  // namespace coordination
