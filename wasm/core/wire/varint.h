// Kafka's variable-length integers: unsigned LEB128 (the flexible versions' compact lengths and
// tagged-field headers, KIP-482) and, in record batch v2 records (KIP-98), LEB128 of the zig-zag
// encoded value, at most 5 bytes for a varint (i32) and 10 for a varlong (i64), as
// org.apache.kafka.common.utils.ByteUtils writes them. Bounded by the Reader; stricter than
// ByteUtils.readVarint on one point: bits beyond the type's width in the last byte are an overflow
// (Kafka shifts them out silently), so every accepted encoding maps to exactly one value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "wire/reader.h"

namespace coordination {

enum class VarintStatus : std::uint8_t {
  ok,
  truncated,  // the input ended before a byte without the continuation bit
  overflow,   // more than 5 (varint) / 10 (varlong) bytes, or bits beyond 32 / 64
};

// Reads one unsigned LEB128 integer of UInt's width (std::uint32_t: Kafka's unsigned varint, the
// compact lengths and tagged-field headers of flexible versions, KIP-482; std::uint64_t under a
// varlong). On failure `out` is unchanged and the reader may have advanced.
template <typename UInt>
VarintStatus readLongUnsignedVarint(Reader& r, UInt& out);

template <typename UInt>
[[gnu::always_inline]] inline VarintStatus readUnsignedVarint(Reader& r, UInt& out) {
  static_assert(std::is_same_v<UInt, std::uint32_t> || std::is_same_v<UInt, std::uint64_t>);
  // One byte, most varints' (small lengths, counts and deltas): a test and a load wherever a
  // varint is read (record batches read one per field of every record), the loop apart.
  if (r.need(1) && r.peek() < 0x80) {
    out = r.take(1)[0];
    return VarintStatus::ok;
  }
  return readLongUnsignedVarint(r, out);
}

// readUnsignedVarint's loop, for any length.
template <typename UInt>
VarintStatus readLongUnsignedVarint(Reader& r, UInt& out) {
  constexpr int kBits = sizeof(UInt) * 8;
  constexpr int kMaxBytes = (kBits + 6) / 7;  // 5 or 10
  UInt raw = 0;
  for (int i = 0; i < kMaxBytes; ++i) {
    if (!r.need(1)) return VarintStatus::truncated;
    const std::uint8_t b = r.take(1)[0];
    const int shift = 7 * i;
    const UInt payload = b & 0x7Fu;
    // The last byte may only carry the bits that still fit (4 for 32 bits, 1 for 64).
    if (shift + 7 > kBits && (payload >> (kBits - shift)) != 0) return VarintStatus::overflow;
    raw |= payload << shift;
    if ((b & 0x80u) == 0) {
      out = raw;
      return VarintStatus::ok;
    }
  }
  return VarintStatus::overflow;
}

// Reads one zig-zag varint (Int = std::int32_t) or varlong (Int = std::int64_t). On failure `out`
// is unchanged and the reader may have advanced; callers report the position they saved before.
template <typename Int>
VarintStatus readZigZag(Reader& r, Int& out) {
  static_assert(std::is_same_v<Int, std::int32_t> || std::is_same_v<Int, std::int64_t>);
  using UInt = std::make_unsigned_t<Int>;
  UInt raw = 0;
  const VarintStatus status = readUnsignedVarint(r, raw);
  if (status == VarintStatus::ok) out = static_cast<Int>((raw >> 1) ^ (~(raw & 1) + 1));
  return status;
}

}  // namespace coordination
