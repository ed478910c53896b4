// The records of __share_group_state, the internal topic of Kafka's share coordinator (KIP-932
// share groups), as Apache Kafka 4.1.0 writes and reads them (confluentinc/kafka tag v8.1.0,
// share-coordinator/.../ShareCoordinatorRecordSerde.java over coordinator-common's
// CoordinatorRecordSerde): the key's int16 prefix is the record type (0 ShareSnapshot, 1
// ShareUpdate), then the key's fields; the value's int16 prefix is its version (0), refused
// outside the value spec's validVersions. A null value is a tombstone; an empty one is an error
// (TRUNCATED at its version: Kafka reads only null as a tombstone). Every message is the
// schema-generated decoder of its spec (wasm/core/sharestate/specs), as groups/records.h reads
// __consumer_offsets. Rules and decisions: wasm/core/sharestate/README.md.
//
// Paths: a key's start with "key", a value's with its record type ("share_snapshot",
// "share_update").
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "generated/schema/messages.h"
#include "tree/tree.h"

namespace coordination::sharestate {

// X(type, Key, Value): every record type of Kafka 4.1.0's share coordinator (its
// CoordinatorRecordType); which key versions name a type is its Key spec's validVersions.
#define SHARE_STATE_RECORD_TYPES(X)                       \
  X(share_snapshot, ShareSnapshotKey, ShareSnapshotValue) \
  X(share_update, ShareUpdateKey, ShareUpdateValue)

enum class RecordType : std::uint8_t {
#define SHARESTATE_X(type, key, value) type,
  SHARE_STATE_RECORD_TYPES(SHARESTATE_X)
#undef SHARESTATE_X
};
inline constexpr int kRecordTypeCount = 0
#define SHARESTATE_X(type, key, value) +1
    SHARE_STATE_RECORD_TYPES(SHARESTATE_X)
#undef SHARESTATE_X
    ;
std::string_view typeName(RecordType type);
// The type a key's int16 prefix names; none for any other (Kafka's UnknownRecordTypeException).
std::optional<RecordType> typeOfKeyVersion(std::int16_t version);

// One record at a time; its decoded messages keep their memory from one record to the next.
class RecordReader {
 public:
  // The key, and the value (nullopt: a null value, a tombstone). The key's error wins.
  std::optional<tree::Error> decode(std::span<const std::uint8_t> key,
                                    std::optional<std::span<const std::uint8_t>> value);
  // The same read with the field trees and warnings; the value is read when the key's prefix names
  // a type, even when the key's body fails.
  struct Inspection {
    schema::Inspection key;
    std::optional<schema::Inspection> value;  // none: a null value, or no type
  };
  Inspection inspect(std::span<const std::uint8_t> key, std::optional<std::span<const std::uint8_t>> value);

  std::optional<RecordType> type() const { return type_; }
  bool tombstone() const { return tombstone_; }
#define SHARESTATE_X(type, key, value)                                               \
  const schema::sharestate::key##Decoded& type##_key() const { return type##_key_; } \
  const schema::sharestate::value##Decoded& type##_value() const { return type##_value_; }
  SHARE_STATE_RECORD_TYPES(SHARESTATE_X)
#undef SHARESTATE_X

 private:
  bool readKey(std::span<const std::uint8_t> key, bool tree, schema::Inspection* in, std::optional<tree::Error>& error);
  void readValue(std::span<const std::uint8_t> value, bool tree, schema::Inspection* in,
                 std::optional<tree::Error>& error);

  std::optional<RecordType> type_;
  bool tombstone_ = false;
#define SHARESTATE_X(type, key, value)          \
  schema::sharestate::key##Decoded type##_key_; \
  schema::sharestate::value##Decoded type##_value_;
  SHARE_STATE_RECORD_TYPES(SHARESTATE_X)
#undef SHARESTATE_X
};

}  // namespace coordination::sharestate
