// Kafka ProduceRequest v3: optionally the i32 size and the request header v1 (api key 0, api
// version 3, correlation id, client id), detected; then transactional id, acks, timeout and the
// topics, each partition's record set parsed by the one record-batch parser (log/record_batch.h).
// Records of the topic __coordination_state are decoded with the coordination codec inline.
// Rules, decisions and the detection of the framing: README.md, "ProduceRequest v3".
//
// Errors are the neutral tree::Error: a code name of the one ErrorCode list (TRUNCATED,
// TRAILING_BYTES, UNSUPPORTED_VERSION, NEGATIVE_LENGTH) or of the record-batch list
// (CRC_MISMATCH, UNSUPPORTED_COMPRESSION, ...), the offset in the input, the dynamic field path
// (produce_request.topics[0].partitions[1].record_set.batches[0].crc) and the message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "coordination/coordination_codec.h"
#include "log/record_batch.h"
#include "tree/tree.h"

namespace coordination::protocol {

inline constexpr std::int16_t kProduceApiKey = 0;
inline constexpr std::int16_t kProduceVersion = 3;

enum class Framing : std::uint8_t {
  body,            // transactional id first
  header,          // request header, then the body
  size_and_header  // i32 size (bytes after it), the request header, the body
};
std::string_view framingName(Framing f);  // "body", "header", "size+header"

struct RequestHeader {
  std::int16_t api_key = 0;
  std::int16_t api_version = 0;
  std::int32_t correlation_id = 0;
  std::optional<std::string> client_id;
};

struct ProducedHeader {
  std::string key;  // UTF-8 (Kafka: new String(bytes, UTF_8))
  std::optional<std::vector<std::uint8_t>> value;
};

// The coordination codec's reading of one record of __coordination_state. `error` is the
// codec's own (code, offset within the key or value bytes, field, message); a null key is the
// whole-topic mode's NULL_KEY. After a key error the value is not decoded.
struct CoordinationRecord {
  std::optional<CoordinationKey> key;
  std::optional<CoordinationValue> value;  // nullopt: a tombstone (or not decoded after an error)
  std::optional<tree::Error> error;
  bool error_in_value = false;  // the error's part: key or value
};

struct ProducedRecord {
  std::int64_t offset = 0;
  std::int64_t timestamp = 0;
  std::int8_t attributes = 0;
  std::optional<std::vector<std::uint8_t>> key;
  std::optional<std::vector<std::uint8_t>> value;
  std::vector<ProducedHeader> headers;
  std::optional<CoordinationRecord> decoded;  // records of __coordination_state only
};

struct ProducedBatch {
  BatchHeader header{};
  std::size_t position = 0;  // input position of its baseOffset
  std::vector<ProducedRecord> records;
};

struct PartitionData {
  std::int32_t partition = 0;
  std::int32_t record_set_size = 0;  // -1: a null record set
  std::vector<ProducedBatch> batches;
};

struct TopicData {
  std::string topic;
  std::vector<PartitionData> partitions;
};

struct ProduceRequest {
  Framing framing = Framing::body;
  std::optional<RequestHeader> header;
  std::optional<std::string> transactional_id;
  std::int16_t acks = 0;
  std::int32_t timeout = 0;
  std::vector<TopicData> topics;
  std::vector<tree::Warning> warnings;
};

using ProduceResult = std::variant<ProduceRequest, tree::Error>;

ProduceResult decodeProduceRequest(std::span<const std::uint8_t> bytes);

// A decoded request as three flat arrays, for a host that cannot take C++ objects (the wasm
// boundary: wasm/log_bindings.cpp hands them to wasm/index.js, which rebuilds the objects; one
// Embind object per field took 40x the native decode). A text or bytes is two words, its offset
// in `pool` and its length (-1: null); a value of 64 bits is the next entry of `longs`.
//   request: header? (0/1) [api key, api version, correlation id, client id text],
//            transactional id text, acks, timeout, n, topic x n
//   topic:   name text, n, partition x n          partition: partition, n, batch x n
//   batch:   [base offset, producer id] (longs), producer epoch, base sequence, compression, n, record x n
//   record:  [offset, timestamp] (longs), key bytes, value bytes, n, (key text, value bytes) x n,
//            decoded (-1 none, else the key's kind: 0 registration, 1 lease, 2 no key) [decoded]
//   decoded: role text, member text, value kind (-1 null, 0 registration, 1 lease), member text,
//            [registered at] or [producer id, granted at, deadline] (longs) + producer epoch,
//            error part (0 none, 1 key, 2 value) [code text, offset, field text, message text]
struct FlatProduce {
  std::vector<std::int32_t> words;
  std::vector<std::int64_t> longs;
  std::vector<std::uint8_t> pool;
};
void flatten(const ProduceRequest& request, FlatProduce& out);  // replaces out's contents

struct ProduceInspection {
  std::vector<tree::Node> fields;  // root "produce_request"
  std::optional<tree::Error> error;
  std::vector<tree::Warning> warnings;
};

// The same decoder through tree::TreeSink. Records of a gzip batch have no bytes of their own in
// the input: their nodes cover the compressed payload, and their key and value are not nodes.
ProduceInspection inspectProduceRequest(std::span<const std::uint8_t> bytes);

}  // namespace coordination::protocol
