// Kafka record batches v2 (magic 2, KIP-98; org.apache.kafka.common.record.DefaultRecordBatch and
// DefaultRecord), as they lie in log segment files and in a ProduceRequest's record set: one
// wire-level parser for both. Errors are values that name the batch's base offset, the position
// in the input and what was expected.
//
//   baseOffset i64 | batchLength i32 (bytes after this field) | partitionLeaderEpoch i32 | magic i8
//   | crc u32 (CRC-32C of attributes..end) | attributes i16 | lastOffsetDelta i32 | firstTimestamp i64
//   | maxTimestamp i64 | producerId i64 | producerEpoch i16 | baseSequence i32 | records count i32
//   | records (compressed as a whole when attributes & 7 != 0)
//   record: length varint | attributes i8 | timestampDelta varlong | offsetDelta varint
//           | key (varint length, -1 null) | value (same) | headers count varint
//           | header: key (varint length + UTF-8 bytes) value (varint length, -1 null)
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "log/table.h"

namespace coordination {

using ByteSpan = std::span<const std::uint8_t>;

inline constexpr std::size_t kBatchFrameBytes = 12;   // baseOffset + batchLength
inline constexpr std::size_t kBatchHeaderBytes = 61;  // through the records count
inline constexpr std::size_t kBatchCrcStart = 21;     // attributes: the CRC covers [21, end)
// The smallest frame any magic can have (a magic 0 message: crc, magic, attributes, key and value
// lengths); anything shorter means the length field itself is garbage and framing is lost.
inline constexpr std::int32_t kMinFrameLength = 14;

enum class Compression : std::uint8_t { none = 0, gzip = 1, snappy = 2, lz4 = 3, zstd = 4 };
std::string_view compressionName(int codec);  // "none", "gzip", ..., "unknown codec 5"

// A closed set (log/table.h); names (batchErrorCodeName) are stable strings shown by the JS API
// and the CLI.
enum class BatchErrorCode : std::uint8_t {
#define LOG_X(name, description) name,
  LOG_BATCH_ERROR_CODES(LOG_X)
#undef LOG_X
};
inline constexpr int kBatchErrorCodeCount = 0
#define LOG_X(name, description) +1
    LOG_BATCH_ERROR_CODES(LOG_X)
#undef LOG_X
    ;
std::string_view batchErrorCodeName(BatchErrorCode code);

struct BatchError {
  BatchErrorCode code;
  std::int64_t base_offset;  // -1 when fewer than 8 bytes of the batch exist
  std::uint64_t position;    // input position of the problem (for a compressed batch's record:
                             // the start of its compressed payload; the message says the rest)
  std::string_view field;    // "batch.crc", "record.key", ...
  std::string message;       // complete sentence: batch, position, what was expected and found
  bool fatal = false;        // framing lost: nothing after this error can be read
};

// "batch at offset B (position P): <field>: <what>" (log/batch_words.h: the words of `what`).
BatchError makeBatchError(BatchErrorCode code, std::int64_t base_offset, std::uint64_t batch_position,
                          std::uint64_t position, std::string_view field, std::string_view what, bool fatal = false);

struct BatchHeader {
  std::int64_t base_offset;
  std::int32_t batch_length;
  std::int32_t partition_leader_epoch;
  std::int8_t magic;
  std::uint32_t crc;
  std::int16_t attributes;
  std::int32_t last_offset_delta;
  std::int64_t first_timestamp;
  std::int64_t max_timestamp;
  std::int64_t producer_id;
  std::int16_t producer_epoch;
  std::int32_t base_sequence;
  std::int32_t records_count;

  int compression() const { return attributes & 0x07; }
  bool logAppendTime() const { return (attributes & 0x08) != 0; }
  bool transactional() const { return (attributes & 0x10) != 0; }
  bool control() const { return (attributes & 0x20) != 0; }  // transaction markers, not data
};

struct RecordHeaderView {
  ByteSpan key;                   // UTF-8 by contract; not validated here
  std::optional<ByteSpan> value;  // nullopt: null
};

struct RecordView {
  std::int64_t offset;     // baseOffset + offsetDelta
  std::int64_t timestamp;  // firstTimestamp + timestampDelta, or maxTimestamp under LogAppendTime
  std::int8_t attributes;
  std::optional<ByteSpan> key;    // nullopt: null (length -1)
  std::optional<ByteSpan> value;  // nullopt: null -- a tombstone
  std::uint32_t headers_begin;    // index into Batch::headers
  std::uint32_t headers_count;
  std::uint32_t start;  // position of its length varint in the records section (the
  std::uint32_t size;   // input, or the inflated payload) and its size with that varint
};

// A control batch's record (attributes bit 5): a transaction marker, KIP-98. Read as Kafka 3.8.0
// reads it (org.apache.kafka.common.record.ControlRecordType.parseTypeId, EndTransactionMarker):
//   key:   version i16 (>= 0; a higher version is read as version 0) | type i16
//          (0 ABORT, 1 COMMIT; 2.. are KRaft's and end no transaction)
//   value: version i16 (>= 0) | coordinatorEpoch i32 -- only shown, the fold needs the key alone.
inline constexpr std::int16_t kControlAbort = 0;
inline constexpr std::int16_t kControlCommit = 1;
struct ControlKey {
  std::int16_t version;
  std::int16_t type;
};
// The key, or nullopt with `why` set (what Kafka's InvalidRecordException says: a null key, fewer
// than 4 bytes, a negative version).
std::optional<ControlKey> parseControlKey(std::optional<ByteSpan> key, std::string& why);
// The coordinator epoch of a marker's value, or nullopt (null, fewer than 6 bytes, version < 0).
std::optional<std::int32_t> parseMarkerCoordinatorEpoch(std::optional<ByteSpan> value);
// "ABORT", "COMMIT", or "type N".
std::string controlTypeName(std::int16_t type);

// One parsed batch. Spans point into the input or into `inflated`; reused across parseBatch calls
// so that a steady stream allocates nothing per batch.
struct Batch {
  BatchHeader header{};
  std::uint64_t position = 0;  // input position of baseOffset
  std::vector<RecordView> records;
  std::vector<RecordHeaderView> headers;
  std::vector<std::uint8_t> inflated;
};

// The record budget: records and headers (together) a batch may hold, and a readLog call or a
// ProduceRequest in all. Each costs a view here (RecordView 64 bytes, RecordHeaderView 20 in wasm)
// and, where the reader makes them, a JS object (hundreds of bytes): without it a gzip batch of
// 7-byte records (256 MiB inflated: 38 million) asked for gigabytes. The fold keeps no records, so
// its budget is per batch only (its memory is the state).
inline constexpr std::size_t kMaxRecords = std::size_t{1} << 17;

struct Limits {
  std::size_t max_batch_bytes = std::size_t{64} << 20;      // a frame larger than this is refused
  std::size_t max_inflated_bytes = std::size_t{256} << 20;  // a compressed batch may decompress to this much
  std::size_t max_records = kMaxRecords;                    // records + headers of the batch (TOO_MANY_RECORDS)
};

enum class FrameStatus : std::uint8_t { complete, need_more, error };
struct Frame {
  FrameStatus status;
  std::size_t size = 0;             // complete: 12 + batchLength; need_more: bytes needed in all (0: unknown yet)
  std::optional<BatchError> error;  // status error: always fatal
};

// Finds the extent of the batch starting at bytes[0] (position: its input position).
Frame frameBatch(ByteSpan bytes, std::uint64_t position, const Limits& limits);

// Parses one complete frame (frameBatch said complete). On error `out.records` is empty: a batch
// is taken whole or not at all; reading can go on with the next frame.
std::optional<BatchError> parseBatch(ByteSpan frame, std::uint64_t position, Batch& out, const Limits& limits);

// A log's batch (LogStream) also keeps its records' offsets within its own: each record's
// offsetDelta above the one before it (the first >= 0) and at most lastOffsetDelta (compaction
// removes records, never renumbers them nor lowers lastOffsetDelta). Kafka's reader does not check
// this, but its consumer would take such a record at its own offset and then pass over the next
// records below it. `frame`: what parseBatch parsed into `b`. Not checked in a ProduceRequest:
// Kafka's broker keeps or renumbers such a batch's records there (LogValidator, 3.8.0).
std::optional<BatchError> checkRecordOffsets(ByteSpan frame, const Batch& b);

// The reader's codecs, one case each in decompressRecords (record_batch.cpp), for both parsers
// (parseBatch and batch_spec::parseBatch): gzip (wire/inflate.h), snappy (wire/snappy.h), lz4
// (wire/lz4.h). Another codec is UNSUPPORTED_COMPRESSION, its words listing these. A codec is
// added by its case here and in decompressRecords, and its INVALID_<CODEC> code in log/table.h
// (then npm run gen:tables); the readers, the API, the CLI's live path and the words follow.
bool compressionSupported(int codec);
struct PayloadError {
  BatchErrorCode code;  // INVALID_GZIP, INVALID_SNAPPY, INVALID_LZ4
  std::size_t offset;   // in the payload
  std::string what;     // batch_words::payload: the codec, the decoder's problem, the offset
};
// A compressed batch's payload (compressionSupported(codec), not none) decompressed into `out`
// (cleared first), at most max_output bytes; on error `out` is left empty.
std::optional<PayloadError> decompressRecords(int codec, ByteSpan payload, std::size_t max_output,
                                              std::vector<std::uint8_t>& out);

// Receives the batches of a stream, in input order.
class BatchSink {
 public:
  virtual void onBatch(const Batch& batch) = 0;
  virtual void onError(const BatchError& error) = 0;

 protected:
  ~BatchSink() = default;
};

// Whether Limits::max_records bounds each batch of a stream, or the batches of the stream in all
// (readLog, which makes an object of every record).
enum class RecordBudget : std::uint8_t { per_batch, per_stream };

// A log (a segment file, or any concatenation of batches) read from chunks of any size: complete
// batches are parsed where they lie in the chunk; only a batch cut by a chunk boundary is copied.
// Memory: the largest batch (bounded by Limits), not the input.
class LogStream {
 public:
  explicit LogStream(Limits limits = {}, RecordBudget budget = RecordBudget::per_batch)
      : limits_(limits), budget_(budget) {}
  void push(ByteSpan chunk, BatchSink& sink);
  // End of input: a partial batch left over is BATCH_TRUNCATED.
  void finish(BatchSink& sink);
  std::uint64_t position() const { return position_; }
  bool stopped() const { return stopped_; }

 private:
  // Parses what frameBatch found complete at `bytes`; returns the bytes used, 0 if it needs more.
  std::size_t step(ByteSpan bytes, BatchSink& sink);

  Limits limits_;
  RecordBudget budget_;
  std::size_t taken_ = 0;  // records + headers of the batches read (RecordBudget::per_stream)
  Batch batch_;
  std::vector<std::uint8_t> carry_;  // the start of a batch cut by a chunk boundary
  std::uint64_t position_ = 0;       // input position of the next unread byte (carry_ included)
  bool stopped_ = false;
};

}  // namespace coordination
