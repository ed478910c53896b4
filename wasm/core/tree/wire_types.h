// The wire types every format's fields and tree nodes are named with: one list, shared by all
// formats (C++ enum here; the JS/TypeScript `WireType` union is generated from it by
// tests/native/tables_gen.cpp). Add a line when a format reads a new kind of thing.
#pragma once

#include <cstdint>
#include <string_view>

// X(name, description)
#define TREE_WIRE_TYPES(X)                                                                        \
  X(record, "a whole record or a group of fields (no bytes of its own)")                          \
  X(i8, "signed 8-bit integer")                                                                   \
  X(i16, "signed 16-bit big-endian integer")                                                      \
  X(i32, "signed 32-bit big-endian integer")                                                      \
  X(u32, "unsigned 32-bit big-endian integer (e.g. a CRC)")                                       \
  X(i64, "signed 64-bit big-endian integer")                                                      \
  X(varint, "zig-zag variable-length 32-bit integer")                                             \
  X(varlong, "zig-zag variable-length 64-bit integer")                                            \
  X(string, "i16 length prefix + UTF-8 body")                                                     \
  X(utf8, "the UTF-8 body of a string")                                                           \
  X(bytes, "length-prefixed raw bytes")                                                           \
  X(array, "count-prefixed array of elements")                                                    \
  X(java_utf, "u16 length + Java modified UTF-8 body (DataOutput.writeUTF)")                      \
  X(uuid, "two i64: most and least significant bits of a java.util.UUID")                         \
  X(boolean, "one byte, 0 false, anything else true (Kafka's bool)")                              \
  X(u16, "unsigned 16-bit big-endian integer")                                                    \
  X(f64, "IEEE 754 double, big-endian")                                                           \
  X(uvarint, "unsigned LEB128 variable-length 32-bit integer (KIP-482)")                          \
  X(compact_string, "unsigned varint length + 1 (0: null), then the UTF-8 body (KIP-482)")        \
  X(compact_bytes, "unsigned varint length + 1 (0: null), then the bytes (KIP-482)")              \
  X(compact_array, "unsigned varint count + 1 (0: null), then the elements (KIP-482)")            \
  X(tagged_field, "a tagged field: unsigned varint tag and size, then that many bytes (KIP-482)") \
  X(java_chars, "i32 count + that many big-endian UTF-16 code units (DataOutput.writeChars)")

namespace tree {

enum class WireType : std::uint8_t {
#define TREE_X(name, desc) name,
  TREE_WIRE_TYPES(TREE_X)
#undef TREE_X
};

inline constexpr int kWireTypeCount = 0
#define TREE_X(name, desc) +1
    TREE_WIRE_TYPES(TREE_X)
#undef TREE_X
    ;

constexpr std::string_view wireTypeName(WireType t) {
  constexpr std::string_view names[] = {
#define TREE_X(name, desc) #name,
      TREE_WIRE_TYPES(TREE_X)
#undef TREE_X
  };
  return names[static_cast<int>(t)];
}

}  // namespace tree
