// The coordination records read by the decoders generated from specs/ (wasm/core/schema/README.md),
// with the few hand-written lines the spec format cannot say: the key's member rule, which depends
// on the kind (golden/README.md), and the field tree's shape (a string's length prefix and UTF-8
// body as its children, the kind's words). The output is the hand-written decoder's (decoder.h,
// inspect.cpp), byte for byte: tests/native/coordination_spec_test.cpp holds the two equal.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "coordination/inspect.h"
#include "generated/schema/coordination/CoordinationKey.h"
#include "generated/schema/coordination/CoordinationLease.h"
#include "generated/schema/coordination/CoordinationRegistration.h"

namespace coordination::spec {

// The generated decoders' memory, kept from one decode to the next.
struct Decoders {
  schema::records::CoordinationKeyDecoded key;
  schema::records::CoordinationRegistrationDecoded registration;
  schema::records::CoordinationLeaseDecoded lease;
};

// What decodeKeyView/decodeRegistrationView/decodeLeaseView give: the record's view (strings into
// `bytes`), or the error in the neutral shape (neutralError of theirs).
std::optional<tree::Error> decode(Target target, std::span<const std::uint8_t> bytes, Decoders& decoders,
                                  RecordView& record);

// What inspect() gives, with the error in the neutral shape.
struct Inspection {
  bool tombstone = false;
  std::vector<FieldNode> fields;
  std::optional<tree::Error> error;
  std::vector<Warning> warnings;
  RecordView record;
};
Inspection inspect(Target target, ValueBytes bytes, Decoders& decoders);

}  // namespace coordination::spec
