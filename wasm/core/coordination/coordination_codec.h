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

namespace coordination {

inline constexpr std::string_view TOPIC = "__coordination_state";

// Bounds of the frozen layout.
inline constexpr std::int16_t kVersion = 0;
inline constexpr std::size_t kMaxNameBytes = 255;  // role and member: 1..255 UTF-8 bytes

enum class RecordKind : std::int16_t { registration = 0, lease = 1 };

// A closed set: the names (errorCodeName) are stable strings shared with the JS API and golden/.
enum class ErrorCode : std::uint8_t {
  TRUNCATED,                // a field runs past the end of the bytes
  TRAILING_BYTES,           // bytes remain after the last field
  UNSUPPORTED_VERSION,      // version is not 0
  UNKNOWN_KIND,             // key kind is neither 0 (registration) nor 1 (lease)
  NEGATIVE_LENGTH,          // a string's i16 length prefix is negative
  INVALID_UTF8,             // a string's bytes are not well-formed UTF-8 (RFC 3629)
  LEASE_KEY_HAS_MEMBER,     // a lease key names a member; it must be empty
  ROLE_OUT_OF_BOUNDS,       // role is not 1..255 bytes
  MEMBER_OUT_OF_BOUNDS,     // member is not 1..255 bytes
  NEGATIVE_PRODUCER_ID,     // lease producer_id < 0
  NEGATIVE_PRODUCER_EPOCH,  // lease producer_epoch < 0
};
inline constexpr int kErrorCodeCount = 11;

// Where an error is: a field of a record, or (TRAILING_BYTES) the record itself.
enum class Field : std::uint8_t {
  key,
  key_version,
  key_kind,
  key_role,
  key_member,
  registration,
  registration_version,
  registration_member,
  registration_registered_at,
  lease,
  lease_version,
  lease_member,
  lease_producer_id,
  lease_producer_epoch,
  lease_granted_at,
  lease_deadline,
};

std::string_view errorCodeName(ErrorCode code);  // "TRUNCATED", ...
std::string_view fieldPath(Field field);         // "key.role", "lease", ...

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
template <typename T>
class Result {
 public:
  Result(T value) : outcome_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Error error) : outcome_(error) {}         // NOLINT
  bool ok() const { return outcome_.index() == 0; }
  const T& value() const { return *std::get_if<0>(&outcome_); }
  T& value() { return *std::get_if<0>(&outcome_); }
  const Error& error() const { return *std::get_if<1>(&outcome_); }

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
Result<CoordinationKey> decodeKey(std::span<const std::uint8_t> bytes);
Result<DecodedValue> decodeValue(RecordKind kind, ValueBytes bytes);
bool isTombstone(ValueBytes bytes);

}  // namespace coordination
