// The words of the record-batch errors (log/record_batch.cpp's messages, the contract of its
// tests), written once for the two readers of a batch: the hand-written parser and the decoder
// generated from log/specs (log/spec_batch.cpp, and the zig-zag reads of schema/decoding_varint.h).
// Each returns the part after "batch at offset B (position P): <field>: " (makeBatchError,
// log/record_batch.h). Not record_batch.h's types: the schema runtime includes this.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "wire/append.h"
#include "wire/varint.h"

namespace coordination::batch_words {

// A record's error text: `what` then " (record i)" or " (record i, byte N of the inflated records)".
std::string recordWhat(std::string_view what, std::int32_t index, bool compressed, std::size_t at);

// The batch's own.
std::string magic(std::int8_t magic);
std::string shortBatch(std::int32_t batch_length);  // below the v2 header
std::string crc(std::uint32_t computed, std::size_t covered, std::uint32_t stored);
std::string compression(int codec);
std::string tooManyRecords(std::int32_t count, std::size_t budget);
std::string negativeRecordsCount(std::int32_t count);
std::string recordsCountFit(std::int32_t count, std::size_t remaining);  // 7 bytes a record at least
std::string batchEndsLater(std::int32_t count, std::size_t remaining);   // bytes after the records
// A compressed payload that does not decompress: `codec` (compressionName) and the decoder's
// problem name (inflateProblemName, snappyProblemName, lz4ProblemName) at `offset` of the payload.
std::string payload(int codec, std::string_view problem, std::size_t offset);
// A log's record whose offsetDelta is not above the one before it (`previous`, -1 for the first)
// or is past the batch's lastOffsetDelta.
std::string offsetDelta(std::int32_t delta, std::int32_t previous, std::int32_t last, std::int64_t base);

// A record's fields.
std::string varint(VarintStatus status, bool varint32);
std::string negativeLength(bool nullable, std::int64_t length);
std::string bytesPastRecord(std::int64_t length, std::size_t remaining);
std::string recordPastBatch(std::int64_t length, std::size_t remaining);
std::string recordBeyondFields(std::int64_t length, std::size_t fields_end);
// "expected 1 byte, the record is empty". Inline: every schema decoder's fixed-width reads name
// it (a frame's first field), and they link without this file.
inline std::string emptyRecord(std::size_t width) {
  return detail::say({"expected ", width, width == 1 ? " byte" : " bytes", ", the record is empty"});
}
std::string countFit(std::int64_t count, std::string_view items, std::size_t remaining);  // items: "headers"
std::string headersBudget(std::int64_t count, std::size_t budget);
std::string_view budgetCode();  // TOO_MANY_RECORDS

}  // namespace coordination::batch_words
