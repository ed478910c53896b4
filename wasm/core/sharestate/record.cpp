#include "sharestate/record.h"

#include "schema/coordinator_record.h"
#include "schema/decoding.h"
#include "wire/reader.h"

namespace coordination::sharestate {

namespace cs = coordination::schema;
using Bytes = std::span<const std::uint8_t>;

std::string_view typeName(RecordType type) {
  switch (type) {
#define SHARESTATE_X(type, key, value) \
  case RecordType::type:               \
    return #type;
    SHARE_STATE_RECORD_TYPES(SHARESTATE_X)
#undef SHARESTATE_X
  }
  return {};
}

std::optional<RecordType> typeOfKeyVersion(std::int16_t version) {
#define SHARESTATE_X(type, key, value) \
  if (version >= cs::key##Message::low && version <= cs::key##Message::high) return RecordType::type;
  SHARE_STATE_RECORD_TYPES(SHARESTATE_X)
#undef SHARESTATE_X
  return std::nullopt;
}

namespace {

tree::Error unknownKeyVersion(std::int16_t version) {
  return cs::errorAt(
      cs::codeName(cs::Code::UNSUPPORTED_VERSION), 0, "key", {}, {"version"},
      {"record type ", version, " is none of Kafka 4.1.0's share coordinator (0 ShareSnapshot, 1 ShareUpdate)"});
}

}  // namespace

bool RecordReader::readKey(Bytes key, bool tree, cs::Inspection* in, std::optional<tree::Error>& error) {
  type_.reset();
  const cs::Options options{.version = std::nullopt, .from = 0, .root = "key"};
  if (key.size() < 2) {
    // Any key message says so: its record type is cut short.
    cs::readMessage<cs::ShareSnapshotKeyMessage>(key, share_snapshot_key_, options, tree, in, error);
    return false;
  }
  Reader r(key);
  r.need(2);
  const std::int16_t version = r.readI16();
  type_ = typeOfKeyVersion(version);
  if (!type_) {
    cs::refuseRecordType(key, version, unknownKeyVersion(version), tree, in, error);
    return false;
  }
  switch (*type_) {
#define SHARESTATE_X(type, key_message, value)                                             \
  case RecordType::type:                                                                   \
    cs::readMessage<cs::key_message##Message>(key, type##_key_, options, tree, in, error); \
    break;
    SHARE_STATE_RECORD_TYPES(SHARESTATE_X)
#undef SHARESTATE_X
  }
  return !error;
}

void RecordReader::readValue(Bytes value, bool tree, cs::Inspection* in, std::optional<tree::Error>& error) {
  const cs::Options options{.version = std::nullopt, .from = 0, .root = typeName(*type_)};
  switch (*type_) {
#define SHARESTATE_X(type, key, value_message)                                                   \
  case RecordType::type:                                                                         \
    cs::readMessage<cs::value_message##Message>(value, type##_value_, options, tree, in, error); \
    break;
    SHARE_STATE_RECORD_TYPES(SHARESTATE_X)
#undef SHARESTATE_X
  }
}

std::optional<tree::Error> RecordReader::decode(Bytes key, std::optional<Bytes> value) {
  std::optional<tree::Error> error;
  tombstone_ = !value;
  if (!readKey(key, false, nullptr, error) || !value) return error;
  readValue(*value, false, nullptr, error);
  return error;
}

RecordReader::Inspection RecordReader::inspect(Bytes key, std::optional<Bytes> value) {
  Inspection out;
  std::optional<tree::Error> error;
  tombstone_ = !value;
  readKey(key, true, &out.key, error);
  if (!type_ || !value) return out;
  out.value.emplace();
  readValue(*value, true, &*out.value, error);
  return out;
}

}  // namespace coordination::sharestate
