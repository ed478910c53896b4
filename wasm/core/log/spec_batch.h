// Record batches v2 read by the decoders generated from log/specs (wasm/core/schema/README.md):
// RecordBatch (the header, its frame and CRC) and Record (each record), with the lines the spec
// format cannot say: the reader's limits and codecs (compression, gzip, the record budget), the
// records section's count and end, the Batch made of the generated structs, and the errors as the
// hand-written parser gives them (code, position, field, message: log/batch_words.h). The framing
// is frameBatch's, as for parseBatch. tests/native/batch_spec_test.cpp holds the two equal;
// log/README.md says which one is the hot path and why.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "generated/schema/log/Record.h"
#include "generated/schema/log/RecordBatch.h"
#include "log/record_batch.h"

namespace coordination::batch_spec {

// The generated decoders' memory, kept from one batch to the next, and the errors' field names
// (BatchError::field is a view: they live here).
struct Decoders {
  schema::batches::RecordBatchDecoded batch;
  schema::batches::RecordDecoded record;
  std::set<std::string, std::less<>> fields;
};

// What parseBatch gives for the same frame.
std::optional<BatchError> parseBatch(ByteSpan frame, std::uint64_t position, Batch& out, const Limits& limits,
                                     Decoders& decoders);

}  // namespace coordination::batch_spec
