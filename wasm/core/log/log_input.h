// How input reaches a fold, whatever the fold (log/fold.h StateFolder: the coordination state;
// transactions/fold.h TransactionFolder: the transaction log). A Folder has
//   add(partition, offset, timestamp, key, value, line, Producer)   one record from a line source
//   addBatch(partition, batch, input)                                a parsed batch of log input
//   addBatchError(partition, error)                                  a batch that could not be read
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "log/record_batch.h"
#include "wire/reader.h"

namespace coordination {

// The batch a pushed record came in, when its source knows it (a consumer's batch context).
struct Producer {
  std::int64_t id = -1;
  bool transactional = false;  // attributes bit 4: the record waits for the producer's marker
  bool control = false;        // attributes bit 5: the record is a marker (key: log/record_batch.h ControlKey)
};

// A log file's batches (and errors) into a Folder, for one partition and input.
template <typename Folder>
class FolderSink final : public BatchSink {
 public:
  FolderSink(Folder& folder, std::int32_t partition, std::uint32_t input)
      : folder_(folder), partition_(partition), input_(input) {}
  void onBatch(const Batch& batch) override { folder_.addBatch(partition_, batch, input_); }
  void onError(const BatchError& error) override { folder_.addBatchError(partition_, error); }

 private:
  Folder& folder_;
  std::int32_t partition_;
  std::uint32_t input_;
};

// Log files into a Folder: each file (or stream) is pushed in chunks of any size, then ended; the
// next file starts at position 0. Batch errors go to the Folder with the file's partition.
template <typename Folder>
class LogInput {
 public:
  explicit LogInput(Folder& folder, Limits limits = {}) : limits_(limits), folder_(folder), stream_(limits) {}
  void push(std::int32_t partition, ByteSpan chunk) {
    FolderSink<Folder> sink(folder_, partition, input_);
    stream_.push(chunk, sink);
  }
  void end(std::int32_t partition) {  // a batch cut off at the end is BATCH_TRUNCATED
    FolderSink<Folder> sink(folder_, partition, input_);
    stream_.finish(sink);
    stream_ = LogStream(limits_);
    ++input_;
  }
  std::uint64_t position() const { return stream_.position(); }  // bytes read of the current file

 private:
  Limits limits_;
  Folder& folder_;
  LogStream stream_;
  std::uint32_t input_ = 0;  // log inputs ended so far: the number of the one being read
};

// A Folder that owns its log input: log files pushed in chunks and ended, per partition (the
// transaction log's and the consumer groups' folders at the wasm boundary).
template <typename Folder>
class FolderWithLogInput {
 public:
  explicit FolderWithLogInput(Limits limits = {}) : input_(folder_, limits) {}
  FolderWithLogInput(const FolderWithLogInput&) = delete;
  FolderWithLogInput& operator=(const FolderWithLogInput&) = delete;
  void pushLog(std::int32_t partition, ByteSpan chunk) { input_.push(partition, chunk); }
  void endLog(std::int32_t partition) { input_.end(partition); }
  Folder& folder() { return folder_; }

 private:
  Folder folder_;
  LogInput<Folder> input_;
};

// Records already split out of their source (JSON Lines, text lines, a consumer), packed for one
// call per chunk: each record is its fields below one after another, big-endian, described once
// here (tables_gen emits them as PACKED_RECORD, which wasm/api/log-api.js packRows writes by).
// X(name, type): i32, i64, u8, or bytes (an i32 length, -1 for null, then the bytes). flags: bit 0
// transactional, bit 1 control (Producer).
#define PACKED_RECORD_FIELDS(X) \
  X(partition, i32)             \
  X(offset, i64) X(timestamp, i64) X(line, i64) X(producerId, i64) X(flags, u8) X(key, bytes) X(value, bytes)

namespace packed {
using i32 = std::int32_t;
using i64 = std::int64_t;
using u8 = std::uint8_t;
using bytes = std::optional<ByteSpan>;
#define PACKED_FIELD(name, type) type name;
struct Record {
  PACKED_RECORD_FIELDS(PACKED_FIELD)
};
#undef PACKED_FIELD

// One field, bounded; false when the bytes end first (or a length is below -1).
inline bool read(Reader& r, i32& v) { return r.need(4) && ((v = r.readI32()), true); }
inline bool read(Reader& r, i64& v) { return r.need(8) && ((v = r.readI64()), true); }
inline bool read(Reader& r, u8& v) { return r.need(1) && ((v = r.take(1)[0]), true); }
inline bool read(Reader& r, bytes& v) {
  i32 n = 0;
  if (!read(r, n) || n < -1 || (n >= 0 && !r.need(static_cast<std::size_t>(n)))) return false;
  v = n == -1 ? bytes() : bytes(r.take(static_cast<std::size_t>(n)));
  return true;
}
}  // namespace packed

// Each packed record into folder.add. Returns the byte position of a malformed record (the
// records before it are added), or nullopt.
template <typename Folder>
std::optional<std::size_t> addPackedRecords(Folder& folder, ByteSpan packed) {
  Reader r(packed);
  while (!r.atEnd()) {
    const std::size_t at = r.position();
    packed::Record x;
#define PACKED_READ(name, type) &&packed::read(r, x.name)
    if (!(true PACKED_RECORD_FIELDS(PACKED_READ)) || x.flags > 3) return at;
#undef PACKED_READ
    Producer producer;
    producer.id = x.producerId;
    producer.transactional = (x.flags & 1) != 0;
    producer.control = (x.flags & 2) != 0;
    folder.add(x.partition, x.offset, x.timestamp, x.key, x.value, x.line, producer);
  }
  return std::nullopt;
}

}  // namespace coordination
