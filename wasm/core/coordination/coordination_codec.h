// The frozen records of the __coordination_state compacted topic: decode, encode, inspect.
//
// Mirrors the Java io.krabka.streams.coordination.CoordinationCodec byte for byte. Every rule
// the Java docs leave open (check order, codes, offsets, bounds) is fixed in golden/README.md;
// this header is the C++ form of that contract.
//
// Errors are values (the wasm build has exceptions off, where a throw aborts). A decoder never
// returns a partly filled record and never sizes an allocation from a length before checking it
// against the bytes that remain.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "coordination/table.h"
#include "tree/require.h"
#include "tree/wire_types.h"

namespace coordination {

inline constexpr std::string_view TOPIC = "__coordination_state";

// Bounds of the frozen layout.
inline constexpr std::int16_t kVersion = 0;
inline constexpr std::size_t kMaxNameBytes = 255;  // role and member: 1..255 UTF-8 bytes

enum class RecordKind : std::int16_t { registration = 0, lease = 1 };

// Closed sets, listed once in coordination/table.h (names are stable strings shared with the JS
// API and golden/).
enum class ErrorCode : std::uint8_t {
#define COORDINATION_X(name, description) name,
  COORDINATION_ERROR_CODES(COORDINATION_X)
#undef COORDINATION_X
};
inline constexpr int kErrorCodeCount = 0
#define COORDINATION_X(name, description) +1
    COORDINATION_ERROR_CODES(COORDINATION_X)
#undef COORDINATION_X
    ;

// Where an error is: a field of a record, or (TRAILING_BYTES) the record itself.
enum class Field : std::uint8_t {
#define COORDINATION_X(name, path, wire, bounds, meaning) name,
  COORDINATION_FIELDS(COORDINATION_X)
#undef COORDINATION_X
};
inline constexpr int kFieldCount = 0
#define COORDINATION_X(name, path, wire, bounds, meaning) +1
    COORDINATION_FIELDS(COORDINATION_X)
#undef COORDINATION_X
    ;

enum class WarningCode : std::uint8_t {
#define COORDINATION_X(name, description) name,
  COORDINATION_WARNING_CODES(COORDINATION_X)
#undef COORDINATION_X
};
inline constexpr int kWarningCodeCount = 0
#define COORDINATION_X(name, description) +1
    COORDINATION_WARNING_CODES(COORDINATION_X)
#undef COORDINATION_X
    ;

std::string_view errorCodeName(ErrorCode code);      // "TRUNCATED", ...
std::string_view fieldPath(Field field);             // "key.role", "lease", ...
tree::WireType fieldWireType(Field field);           // the table's wire type of the field
std::string_view warningCodeName(WarningCode code);  // "DEADLINE_BEFORE_GRANTED", ...
std::string_view errorCodeDescription(ErrorCode code);
std::optional<ErrorCode> errorCodeFromName(std::string_view name);  // nullopt: not a name of the list
std::string_view warningCodeDescription(WarningCode code);

struct Error {
  ErrorCode code;
  std::size_t offset;  // first byte of the failing field; see golden/README.md for the exceptions
  Field field;
  // Facts for the message, e.g. the length a prefix claimed and the bytes that remained.
  std::int64_t found = 0;
  std::int64_t limit = 0;

  // "key.role: length prefix says 300 bytes but only 9 remain (offset 4)"
  std::string message() const;
  friend bool operator==(const Error&, const Error&) = default;
};

// The outcome of a decode or encode: a value or an error, never both, never a partial value.
// Asking for the alternative it does not hold is a contract violation (tree/require.h).
// The words of an error between "<field>: " and " (offset N)": one wording per code, which the
// schema-generated decoders use too (schema/decoding.h) where they raise a code of this list.
// `string_field`: the field is a string (its prefix's words).
void describeError(std::string& s, ErrorCode code, bool string_field, std::int64_t found, std::int64_t limit);

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : outcome_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Error error) : outcome_(error) {}         // NOLINT
  bool ok() const { return outcome_.index() == 0; }
  const T& value() const {
    tree::require(ok(), "Result::value() on an error");
    return *std::get_if<0>(&outcome_);
  }
  T& value() {
    tree::require(ok(), "Result::value() on an error");
    return *std::get_if<0>(&outcome_);
  }
  const Error& error() const {
    tree::require(!ok(), "Result::error() on a value");
    return *std::get_if<1>(&outcome_);
  }

 private:
  std::variant<T, Error> outcome_;
};

struct CoordinationKey {
  RecordKind kind;
  std::string role;
  std::string member;  // empty for a lease key
  friend bool operator==(const CoordinationKey&, const CoordinationKey&) = default;
};

struct Registration {
  std::string member;
  std::int64_t registered_at;  // epoch milliseconds
  friend bool operator==(const Registration&, const Registration&) = default;
};

struct Lease {
  std::string member;
  std::int64_t producer_id;
  std::int16_t producer_epoch;
  std::int64_t granted_at;  // epoch milliseconds
  std::int64_t deadline;    // epoch milliseconds; before granted_at is legal (inspect warns)
  friend bool operator==(const Lease&, const Lease&) = default;
};

using CoordinationValue = std::variant<Registration, Lease>;

struct Tombstone {
  friend bool operator==(Tombstone, Tombstone) = default;
};
using DecodedValue = std::variant<Tombstone, Registration, Lease>;

// Absent (nullopt) and zero-length values are both tombstones.
using ValueBytes = std::optional<std::span<const std::uint8_t>>;

// Views into the decoded bytes: the same checks as decodeKey/decodeValue, no allocation. The
// strings point into the input, which must outlive the view (the wasm fast path uses these).
struct KeyView {
  RecordKind kind;
  std::string_view role;
  std::string_view member;
};
struct RegistrationView {
  std::string_view member;
  std::int64_t registered_at;
};
struct LeaseView {
  std::string_view member;
  std::int64_t producer_id;
  std::int16_t producer_epoch;
  std::int64_t granted_at;
  std::int64_t deadline;
};
Result<KeyView> decodeKeyView(std::span<const std::uint8_t> bytes);
Result<RegistrationView> decodeRegistrationView(std::span<const std::uint8_t> bytes);
Result<LeaseView> decodeLeaseView(std::span<const std::uint8_t> bytes);

Result<std::vector<std::uint8_t>> encodeKey(const CoordinationKey& key);
Result<std::vector<std::uint8_t>> encodeValue(const CoordinationValue& value);

// The encoders' string checks run on facts instead of bytes, for a string too long to copy (the
// wasm boundary refuses a string of more than kMaxNameBytes UTF-16 units this way, before any of
// it reaches the heap). A string from UTF-16 text is ill-formed UTF-8 only where it holds a lone
// surrogate, written as its 3-byte generalized form (ED A0..BF xx); so its facts are:
// - lone_surrogate_at: the byte index that form starts at, for the first lone surrogate
//   (lone_surrogate: its UTF-16 unit, D800..DFFF); nullopt when there is none;
// - utf8_bytes: the string's UTF-8 length (read only when there is no lone surrogate).
// Each returns the error encodeKey / encodeValue give for the bytes the facts describe (same code,
// offset, field and message facts, in the same order), or nullopt when those checks pass.
struct StringFacts {
  std::size_t utf8_bytes = 0;
  std::optional<std::size_t> lone_surrogate_at;
  std::uint16_t lone_surrogate = 0;
};
[[nodiscard]] std::optional<Error> checkKeyStrings(RecordKind kind, const StringFacts& role, const StringFacts& member);
[[nodiscard]] std::optional<Error> checkValueMember(RecordKind kind, const StringFacts& member);
Result<CoordinationKey> decodeKey(std::span<const std::uint8_t> bytes);
Result<DecodedValue> decodeValue(RecordKind kind, ValueBytes bytes);
bool isTombstone(ValueBytes bytes);

}  // namespace coordination
