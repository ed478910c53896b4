// ProduceRequest v3 read by the decoders generated from specs/ (wasm/core/schema/README.md):
// RequestHeader at version 1 and ProduceRequest at version 3, with the few hand-written lines the
// spec format cannot say: the framing (protocol/framing.h: the size, the header's presence, the
// version the framing allows, the end), and the record sets' batches, which the generated decoder
// hands over (schema::RecordsReader) to the one record-batch reading of the hand-written decoder
// (readRecordSet, protocol/request_decoder.h). The output is the hand-written decoder's:
// tests/native/produce_spec_test.cpp holds the two equal.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "generated/schema/protocol/ProduceRequest.h"
#include "generated/schema/protocol/RequestHeader.h"
#include "log/record_batch.h"
#include "protocol/produce.h"

namespace coordination::protocol::spec {

// The generated decoders' memory and the record-batch parser's, kept from one decode to the next.
struct Decoders {
  schema::requests::RequestHeaderDecoded header;
  schema::requests::ProduceRequestDecoded body;
  Batch batch;
};

// What ProduceDecoder::decode gives: `out` emptied, then filled (partly, on an error). Texts are
// the same, though a text repaired to U+FFFD lies elsewhere in the pool.
std::optional<tree::Error> decode(std::span<const std::uint8_t> bytes, Decoders& decoders, ProduceRequest& out);

// What inspectProduceRequest gives: the field tree (the framing's nodes and the meanings by hand,
// the header's and the body's fields by the generated decoders), the error, the warnings.
ProduceInspection inspect(std::span<const std::uint8_t> bytes, Decoders& decoders);

}  // namespace coordination::protocol::spec
