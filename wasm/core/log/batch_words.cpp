#include "log/batch_words.h"

#include "log/record_batch.h"
#include "wire/append.h"

namespace coordination::batch_words {

using detail::appendHex;
using detail::say;

namespace {

std::string hex32(std::uint32_t v) {
  std::string s = "0x";
  appendHex(s, v, 8);
  return s;
}

// " (the budget: 131072 records and headers a batch, a readLog call or a ProduceRequest)".
std::string budgetWords() {
  return say({" (the budget: ", kMaxRecords, " records and headers a batch, a readLog call or a ProduceRequest)"});
}

}  // namespace

std::string recordWhat(std::string_view what, std::int32_t index, bool compressed, std::size_t at) {
  if (compressed) return say({what, " (record ", index, ", byte ", at, " of the inflated records)"});
  return say({what, " (record ", index, ")"});
}

std::string magic(std::int8_t magic) {
  return say({"expected magic 2 (record batch v2), found ", magic,
              magic == 0 || magic == 1 ? " (a pre-0.11 message set)" : "", "; the batch is skipped"});
}
std::string shortBatch(std::int32_t batch_length) {
  return say({"a v2 batch needs at least ", kBatchHeaderBytes - kBatchFrameBytes, " bytes after batchLength, found ",
              batch_length, "; the batch is skipped"});
}
std::string crc(std::uint32_t computed, std::size_t covered, std::uint32_t stored) {
  return say({"expected CRC-32C ", hex32(computed), " of attributes..end (", covered, " bytes), found ", hex32(stored),
              "; the batch is skipped"});
}
std::string compression(int codec) {
  std::string supported;
  for (int c = 0; c < 8; ++c) {
    if (!compressionSupported(c)) continue;
    if (!supported.empty()) supported += ", ";
    supported += compressionName(c);
  }
  return say({"compression ", compressionName(codec), " (codec ", codec, ") is not supported (supported: ", supported,
              "); the batch is skipped"});
}
std::string tooManyRecords(std::int32_t count, std::size_t budget) {
  return say({"a count of ", count, " records is above the ", budget, " the reader may still take", budgetWords(),
              "; the batch is skipped"});
}
std::string negativeRecordsCount(std::int32_t count) { return say({"expected a count >= 0, found ", count}); }
std::string recordsCountFit(std::int32_t count, std::size_t remaining) {
  const auto least = static_cast<std::uint64_t>(count) * 7;
  return say({"a count of ", count, " records needs at least ", least, " bytes, only ", remaining, " remain"});
}
std::string batchEndsLater(std::int32_t count, std::size_t remaining) {
  return say({"expected the batch to end after ", count, " records, found ", remaining, " more bytes"});
}
std::string payload(int codec, std::string_view problem, std::size_t offset) {
  return say({"the ", compressionName(codec), " payload does not ",
              codec == static_cast<int>(Compression::gzip) ? "inflate: " : "decompress: ", problem, " at byte ", offset,
              " of the payload; the batch is skipped"});
}

std::string offsetDelta(std::int32_t delta, std::int32_t previous, std::int32_t last, std::int64_t base) {
  // Wrapping, as Java's long addition (the record's offset, as RecordView::offset).
  const auto offset = [base](std::int32_t d) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(base) +
                                     static_cast<std::uint64_t>(static_cast<std::int64_t>(d)));
  };
  if (delta <= previous) {
    if (previous < 0) return say({"expected an offsetDelta >= 0, found ", delta, "; the batch is skipped"});
    return say({"expected an offsetDelta above the previous record's ", previous,
                " (offsets increase within a batch), found ", delta, "; the batch is skipped"});
  }
  return say({"offsetDelta ", delta, " (offset ", offset(delta), ") is past the batch's lastOffsetDelta ", last,
              " (its last offset ", offset(last), "); the batch is skipped"});
}

std::string varint(VarintStatus status, bool varint32) {
  if (status == VarintStatus::truncated) return "varint runs past the end of the record";
  return varint32 ? "varint longer than 5 bytes or above 32 bits" : "varlong longer than 10 bytes or above 64 bits";
}
std::string negativeLength(bool nullable, std::int64_t length) {
  return say({nullable ? "expected a length >= -1, found " : "expected a length >= 0, found ", length});
}
std::string bytesPastRecord(std::int64_t length, std::size_t remaining) {
  return say({"length says ", length, " bytes but only ", remaining, " remain in the record"});
}
std::string recordPastBatch(std::int64_t length, std::size_t remaining) {
  return say({"length says ", length, " bytes but ", remaining, " remain in the batch"});
}
std::string recordBeyondFields(std::int64_t length, std::size_t fields_end) {
  return say({"length says ", length, " bytes but the fields end after ", fields_end});
}
std::string countFit(std::int64_t count, std::string_view items, std::size_t remaining) {
  return say({"a count of ", count, " ", items, " does not fit the ", remaining, " bytes left in the record"});
}
std::string headersBudget(std::int64_t count, std::size_t budget) {
  return say({"a count of ", count, " headers is above the ", budget, " the batch may still hold", budgetWords()});
}

std::string_view budgetCode() { return batchErrorCodeName(BatchErrorCode::TOO_MANY_RECORDS); }

}  // namespace coordination::batch_words

namespace coordination {

BatchError makeBatchError(BatchErrorCode code, std::int64_t base_offset, std::uint64_t batch_position,
                          std::uint64_t position, std::string_view field, std::string_view what, bool fatal) {
  std::string m =
      detail::say({"batch at offset ", base_offset, " (position ", batch_position, "): ", field, ": ", what});
  return BatchError{code, base_offset, position, field, std::move(m), fatal};
}

}  // namespace coordination
