// Kafka's coordinator records (Kafka 4.x's CoordinatorRecordSerde: __consumer_offsets in
// groups/records.h, __share_group_state in sharestate/record.h): the key's int16 prefix names the
// record type, then each type's key and value are one schema-generated message. The steps the
// families' record readers share around their own table of record types.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "schema/decoded.h"
#include "tree/tree.h"

namespace coordination::schema {

// `bytes` read as Message into `out`: with its field tree and warnings into *in when `tree`, else
// on the fast path; its error, if any, into `error` either way.
template <typename Message, typename Decoded>
void readMessage(std::span<const std::uint8_t> bytes, Decoded& out, const Options& options, bool tree, Inspection* in,
                 std::optional<tree::Error>& error) {
  if (tree) {
    *in = Message::inspect(bytes, out, options);
    error = in->error;
  } else {
    error = Message::decode(bytes, out, options);
  }
}

// A key whose prefix names no record type: `refusal` is its error; with `tree`, the key's tree
// holds the key and the one field read, its record type (`key.version`).
inline void refuseRecordType(std::span<const std::uint8_t> key, std::int16_t type, const tree::Error& refusal,
                             bool tree, Inspection* in, std::optional<tree::Error>& error) {
  error = refusal;
  if (!tree) return;
  in->error = refusal;
  tree::Builder b(in->fields);
  const int root = b.add("key", tree::WireType::record, 0, key.size(), -1, false);
  b.at(b.add("key.version", tree::WireType::i16, 0, 2, root, false)).value = std::int64_t{type};
}

}  // namespace coordination::schema
