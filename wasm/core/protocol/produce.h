// Kafka ProduceRequest v3: optionally the i32 size and the request header v1 (api key 0, api
// version 3, correlation id, client id), detected; then transactional id, acks, timeout and the
// topics, each partition's record set parsed by the one record-batch parser (log/record_batch.h).
// Records of the topic __coordination_state are decoded with the coordination codec inline.
// Rules, decisions and the detection of the framing: README.md, "ProduceRequest v3".
//
// The decoded request is flat and copies nothing it can point at: every text and bytes is a Slice
// of the request's byte space (the input, then the request's own pool), every list a run of one
// of the request's arrays. The wasm boundary (wasm/bindings/log_bindings.cpp) hands these arrays to
// wasm/api/log-api.js as they are, which reads them in place.
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
#include <string_view>
#include <variant>
#include <vector>

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

// Where a text or bytes of the request lies: `at` in its byte space (the input's bytes, then the
// pool's after them: ProduceRequest::bytes resolves it) and its length, -1 for null. A text is
// well-formed UTF-8: Kafka's strings are read as `new String(bytes, UTF_8)`, so one that is not
// is repaired (each ill-formed subpart U+FFFD) into the pool.
struct Slice {
  std::size_t at = 0;
  std::ptrdiff_t length = -1;
  bool null() const { return length < 0; }
};

struct RequestHeader {
  std::int16_t api_key = 0;
  std::int16_t api_version = 0;
  std::int32_t correlation_id = 0;
  Slice client_id;
};

// Lists are runs of the request's arrays: [begin, begin + count).
struct TopicData {
  Slice topic;
  std::size_t partitions_begin = 0;
  std::size_t partitions_count = 0;
};

struct PartitionData {
  std::int32_t partition = 0;
  std::int32_t record_set_size = 0;  // -1: a null record set
  std::size_t batches_begin = 0;
  std::size_t batches_count = 0;
};

struct ProducedBatch {
  BatchHeader header{};
  std::size_t position = 0;  // input position of its baseOffset
  std::size_t records_begin = 0;
  std::size_t records_count = 0;
};

struct ProducedRecord {
  std::int64_t offset = 0;
  std::int64_t timestamp = 0;
  Slice key;
  Slice value;
  std::size_t headers_begin = 0;
  std::size_t headers_count = 0;
  std::ptrdiff_t decoded = -1;  // index into ProduceRequest::decoded; -1: not of __coordination_state
  std::int8_t attributes = 0;
};

struct ProducedHeader {
  Slice key;  // a text
  Slice value;
};

// The coordination codec's reading of one record of __coordination_state: the key (key_kind, role,
// key_member; key_kind -1 when there is none: a null key or a key error), the value (value_kind -1:
// a tombstone, or not decoded after an error; a registration's member and registered_at, or a
// lease's member, producer_id, producer_epoch, granted_at and deadline) and the codec's error.
struct CoordinationRecord {
  std::int64_t registered_at = 0;
  std::int64_t producer_id = 0;
  std::int64_t granted_at = 0;
  std::int64_t deadline = 0;
  Slice role;
  Slice key_member;              // empty for a lease key
  Slice member;                  // the value's
  std::int32_t key_kind = -1;    // RecordKind
  std::int32_t value_kind = -1;  // RecordKind
  std::int32_t producer_epoch = 0;
  std::ptrdiff_t error = -1;  // index into ProduceRequest::errors; -1: none
};

// The codec's own error (code, offset within the key or value bytes, field, message), as texts
// in the pool; a null key is the whole-topic mode's NULL_KEY. After a key error the value is not
// decoded.
struct RecordError {
  Slice code;
  Slice field;
  Slice message;
  std::size_t offset = 0;
  std::int32_t in_value = 0;  // the error's part: 0 key, 1 value
};

struct ProduceRequest {
  std::span<const std::uint8_t> input;  // the decoded bytes: they must outlive the request
  std::vector<std::uint8_t> pool;       // the records of gzip batches, repaired texts, error texts
  Framing framing = Framing::body;
  std::optional<RequestHeader> header;
  Slice transactional_id;
  std::int16_t acks = 0;
  std::int32_t timeout = 0;
  std::vector<TopicData> topics;
  std::vector<PartitionData> partitions;
  std::vector<ProducedBatch> batches;
  std::vector<ProducedRecord> records;
  std::vector<ProducedHeader> headers;
  std::vector<CoordinationRecord> decoded;
  std::vector<RecordError> errors;
  std::vector<tree::Warning> warnings;

  // The bytes of a slice (empty for null); valid until the pool grows.
  std::span<const std::uint8_t> bytes(Slice s) const {
    if (s.null()) return {};
    const auto n = static_cast<std::size_t>(s.length);
    if (s.at < input.size()) return input.subspan(s.at, n);
    return std::span<const std::uint8_t>(pool).subspan(s.at - input.size(), n);
  }
  std::string_view text(Slice s) const {
    const auto b = bytes(s);
    return {reinterpret_cast<const char*>(b.data()), b.size()};
  }
  // Empties the request (its arrays keep their memory) for a decode of `bytes`.
  void reset(std::span<const std::uint8_t> bytes);
  // Appends bytes to the pool: their slice.
  Slice keep(std::span<const std::uint8_t> b);
  Slice keep(std::string_view t) { return keep({reinterpret_cast<const std::uint8_t*>(t.data()), t.size()}); }
};

using ProduceResult = std::variant<ProduceRequest, tree::Error>;

// Everything the request points at lies in `bytes`, which must outlive the result.
ProduceResult decodeProduceRequest(std::span<const std::uint8_t> bytes);

// The same, for a host that decodes request after request (the wasm boundary, the benchmark): it
// keeps the record-batch parser's working memory, and `out` (emptied, then filled) keeps its
// arrays' memory, so that once warm a decode allocates nothing. On an error, `out` is partly filled.
class ProduceDecoder {
 public:
  std::optional<tree::Error> decode(std::span<const std::uint8_t> bytes, ProduceRequest& out);

 private:
  Batch batch_;
};

struct ProduceInspection {
  std::vector<tree::Node> fields;  // root "produce_request"
  std::optional<tree::Error> error;
  std::vector<tree::Warning> warnings;
};

// The same decoder through tree::TreeSink. Records of a gzip batch have no bytes of their own in
// the input: their nodes cover the compressed payload, and their key and value are not nodes.
ProduceInspection inspectProduceRequest(std::span<const std::uint8_t> bytes);
// After a failure: the groups still open were never left; each ends where its last child ends.
void endOpenGroups(std::vector<tree::Node>& fields);

}  // namespace coordination::protocol
