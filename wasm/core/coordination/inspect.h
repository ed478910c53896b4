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
#include "tree/tree.h"

namespace coordination {

enum class Target : std::uint8_t { key, registration, lease };
inline constexpr int kTargetCount = 3;
std::string_view targetName(Target target);  // "key", "registration", "lease"
// The one place an int becomes a Target (the wasm boundary): nullopt for anything else. Passing
// inspect()/validateBatch() a Target cast from another int is a contract violation (abort).
std::optional<Target> targetFromIndex(int index);

// The neutral shapes (tree/tree.h): path, wire type, offset, length, value, meaning, parent, complete.
using FieldNode = tree::Node;
using Warning = tree::Warning;  // codes: WarningCode (coordination/table.h)

// The decoded record of a successful inspect: views into the inspected bytes (same as the
// *View functions), so the boundary returns the record from the same decode as the tree.
using RecordView = std::variant<std::monostate, KeyView, RegistrationView, LeaseView>;

struct Inspection {
  Target target;
  bool tombstone = false;         // value targets only: absent or empty bytes
  std::vector<FieldNode> fields;  // pre-order, each naming its parent's index
  std::optional<Error> error;
  std::vector<Warning> warnings;
  RecordView record;  // set when there is no error and no tombstone
};

// The error in the neutral shape: code name, offset, field path, message.
tree::Error neutralError(const Error& error);

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

namespace detail {
// inspect()'s warnings from its field tree, its error (neutral shape) and the inspected bytes: the
// hand-written decoder and the spec-generated one (coordination/spec_decoder.h) share them.
void addWarnings(std::vector<Warning>& warnings, const std::vector<FieldNode>& fields,
                 const std::optional<tree::Error>& error, std::span<const std::uint8_t> bytes);
}  // namespace detail

}  // namespace coordination
