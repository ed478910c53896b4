#include "clustermetadata/record.h"

#include "schema/decoding.h"
#include "tree/sink.h"
#include "wire/reader.h"
#include "wire/varint.h"

namespace coordination::clustermetadata {

namespace cs = coordination::schema;
using Bytes = std::span<const std::uint8_t>;

std::string_view typeName(RecordType type) {
  switch (type) {
#define CLUSTERMETADATA_X(api_key, type, message) \
  case RecordType::type:                          \
    return #type;
    CLUSTER_METADATA_RECORD_TYPES(CLUSTERMETADATA_X)
#undef CLUSTERMETADATA_X
  }
  return {};
}

std::int16_t apiKeyOf(RecordType type) {
  switch (type) {
#define CLUSTERMETADATA_X(api_key, type, message) \
  case RecordType::type:                          \
    return api_key;
    CLUSTER_METADATA_RECORD_TYPES(CLUSTERMETADATA_X)
#undef CLUSTERMETADATA_X
  }
  return -1;
}

std::optional<RecordType> typeOfApiKey(std::uint32_t api_key) {
  switch (api_key) {
#define CLUSTERMETADATA_X(key, type, message) \
  case key:                                   \
    return RecordType::type;
    CLUSTER_METADATA_RECORD_TYPES(CLUSTERMETADATA_X)
#undef CLUSTERMETADATA_X
  }
  return std::nullopt;
}

namespace {

// The only frame version Kafka 4.1.0 writes and reads (AbstractApiMessageSerde.DEFAULT_FRAME_VERSION).
constexpr std::uint32_t kFrameVersion = 1;

// The Kafka name of a type ("PartitionRecord"): the api_key node's meaning.
std::string_view kafkaName(RecordType type) {
  switch (type) {
#define CLUSTERMETADATA_X(api_key, type, message) \
  case RecordType::type:                          \
    return cs::message##Message::name;
    CLUSTER_METADATA_RECORD_TYPES(CLUSTERMETADATA_X)
#undef CLUSTERMETADATA_X
  }
  return {};
}

// One of the frame's unsigned varints as read: where, how long, its value when complete.
struct FrameField {
  std::string_view name;
  std::size_t at = 0, length = 0;
  std::uint32_t value = 0;
  bool complete = false;
};

// The frame's fields read so far and how the frame ended: `error` when it is refused.
struct Frame {
  FrameField fields[3];
  int count = 0;
  std::optional<RecordType> type;
  std::optional<tree::Error> error;
};

// The value's frame, as AbstractApiMessageSerde.read reads it, stopping at its first refusal.
Frame readFrame(Bytes value) {
  Frame f;
  Reader r(value);
  std::string_view root = "record";
  auto varint = [&](std::string_view name) -> FrameField* {
    FrameField& field = f.fields[f.count++];
    field.name = name;
    field.at = r.position();
    const VarintStatus s = readUnsignedVarint(r, field.value);
    field.length = r.position() - field.at;
    field.complete = s == VarintStatus::ok;
    if (s == VarintStatus::truncated)
      f.error = cs::errorAt(cs::codeName(cs::Code::TRUNCATED), field.at, root, {}, {name},
                            {"the varint runs past the end of the input"});
    else if (s == VarintStatus::overflow)
      f.error = cs::errorAt(cs::codeName(cs::Code::VARINT_TOO_LONG), field.at, root, {}, {name},
                            {"the varint runs past 5 bytes or 32 bits"});
    return f.error ? nullptr : &field;
  };
  const FrameField* frame = varint("frame_version");
  if (!frame) return f;
  if (frame->value != kFrameVersion) {
    f.error = cs::errorAt(cs::codeName(cs::Code::UNSUPPORTED_VERSION), frame->at, root, {}, {"frame_version"},
                          {"expected frame version 1, found ", frame->value,
                           frame->value == 0 ? " (KRaft's 2.8 preview, which Kafka 4.x does not read)" : ""});
    return f;
  }
  const FrameField* key = varint("api_key");
  if (!key) return f;
  f.type = typeOfApiKey(key->value);
  if (!f.type) {
    f.error =
        cs::errorAt(cs::codeName(cs::Code::UNSUPPORTED_VERSION), key->at, root, {}, {"api_key"},
                    {"api key ", key->value, " is none of Kafka 4.1.0's ", kRecordTypeCount, " metadata record types"});
    return f;
  }
  root = typeName(*f.type);
  const FrameField* version = varint("version");
  if (!version) return f;
  std::int16_t low = 0, high = 0;
  switch (*f.type) {
#define CLUSTERMETADATA_X(api_key, type, message) \
  case RecordType::type:                          \
    low = cs::message##Message::low;              \
    high = cs::message##Message::high;            \
    break;
    CLUSTER_METADATA_RECORD_TYPES(CLUSTERMETADATA_X)
#undef CLUSTERMETADATA_X
  }
  if (version->value < static_cast<std::uint32_t>(low) || version->value > static_cast<std::uint32_t>(high)) {
    f.error =
        low == high
            ? cs::errorAt(cs::codeName(cs::Code::UNSUPPORTED_VERSION), version->at, root, {}, {"version"},
                          {"expected version ", low, ", found ", version->value})
            : cs::errorAt(cs::codeName(cs::Code::UNSUPPORTED_VERSION), version->at, root, {}, {"version"},
                          {"version ", version->value, " is not one of the spec's versions (", low, "-", high, ")"});
  }
  return f;
}

}  // namespace

template <typename Sink>
std::optional<tree::Error> RecordReader::read(Bytes value, Sink& sink, cs::Inspection* in) {
  constexpr bool kTree = !std::is_same_v<Sink, tree::NullSink>;
  const Frame f = readFrame(value);
  type_ = f.type;
  const std::string_view root = f.type ? typeName(*f.type) : "record";
  if constexpr (kTree) {
    sink.enter(root, tree::WireType::record, 0);
    for (int k = 0; k < f.count; ++k) {
      const FrameField& field = f.fields[k];
      sink.scalar(field.name, tree::WireType::uvarint, field.at, field.length, field.complete, field.value);
      if (field.name == "api_key" && f.type) sink.meaning(kafkaName(*f.type));
    }
  }
  if (f.error) {
    if constexpr (kTree) {
      in->fields.front().complete = false;
      tree::endOpenGroups(in->fields);
    }
    return f.error;
  }
  const std::size_t from = f.fields[2].at + f.fields[2].length;
  cs::Options options{.version = static_cast<std::int16_t>(f.fields[2].value), .from = from, .root = root};
  std::optional<tree::Error> error;
  switch (*f.type) {
#define CLUSTERMETADATA_X(api_key, type, message)                           \
  case RecordType::type:                                                    \
    if constexpr (kTree) {                                                  \
      options.sink = &sink;                                                 \
      options.warnings = &in->warnings;                                     \
      error = cs::message##Message::inspect(value, type##_, options).error; \
    } else {                                                                \
      error = cs::message##Message::decode(value, type##_, options);        \
    }                                                                       \
    break;
    CLUSTER_METADATA_RECORD_TYPES(CLUSTERMETADATA_X)
#undef CLUSTERMETADATA_X
  }
  if constexpr (kTree) {
    if (error) {
      tree::endOpenGroups(in->fields);
    } else {
      sink.leave(value.size());
    }
  }
  return error;
}

std::optional<tree::Error> RecordReader::decode(Bytes value) {
  tree::NullSink sink;
  return read(value, sink, nullptr);
}

cs::Inspection RecordReader::inspect(Bytes value) {
  cs::Inspection in;
  tree::TreeSink sink(in.fields);
  in.error = read(value, sink, &in);
  return in;
}

}  // namespace coordination::clustermetadata
