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
// call per chunk: each record is, big-endian,
//   partition i32 | offset i64 | timestamp i64 | line i64 | producer id i64 | flags i8 (bit 0
//   transactional, bit 1 control: Producer) | key length i32 (-1 null) | key
//   | value length i32 (-1 null) | value
// Each into folder.add. Returns the byte position of a malformed record (the records before it
// are added), or nullopt.
template <typename Folder>
std::optional<std::size_t> addPackedRecords(Folder& folder, ByteSpan packed) {
  Reader r(packed);
  auto bytes = [&r](std::optional<ByteSpan>& out) {
    if (!r.need(4)) return false;
    const std::int32_t n = r.readI32();
    if (n == -1) {
      out = std::nullopt;
      return true;
    }
    if (n < 0 || !r.need(static_cast<std::size_t>(n))) return false;
    out = r.take(static_cast<std::size_t>(n));
    return true;
  };
  while (!r.atEnd()) {
    const std::size_t at = r.position();
    if (!r.need(4 + 8 + 8 + 8 + 8 + 1)) return at;
    const std::int32_t partition = r.readI32();
    const std::int64_t offset = r.readI64();
    const std::int64_t timestamp = r.readI64();
    const std::int64_t line = r.readI64();
    Producer producer;
    producer.id = r.readI64();
    const std::uint8_t flags = r.take(1)[0];
    if (flags > 3) return at;
    producer.transactional = (flags & 1) != 0;
    producer.control = (flags & 2) != 0;
    std::optional<ByteSpan> key, value;
    if (!bytes(key) || !bytes(value)) return at;
    folder.add(partition, offset, timestamp, key, value, line, producer);
  }
  return std::nullopt;
}

}  // namespace coordination
