// The records of __coordination_state inside a ProduceRequest, read by the coordination codec
// (its View decoders: the same checks as decodeKey/decodeValue, no allocation); role and members
// are slices of the record's own key and value bytes.
#pragma once

#include <optional>
#include <string>

#include "protocol/produce.h"

namespace coordination::protocol {

// Appends the reading of one record (key and value: their slices and bytes) to request.decoded
// (and its error, if any, to request.errors); returns its index.
std::ptrdiff_t decodeCoordinationRecord(ProduceRequest& request, Slice key, ByteSpan key_bytes, Slice value,
                                        std::optional<ByteSpan> value_bytes);

// Words for the tree: what the codec made of the key (for_value false) or of the value (its role and
// member with tree::appendShown, their bidi and control characters as escapes).
std::string coordinationMeaning(const ProduceRequest& request, const CoordinationRecord& c, bool for_value);

}  // namespace coordination::protocol
