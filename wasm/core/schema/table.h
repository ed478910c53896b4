// The codes the schema-generated decoders raise (wasm/core/schema/README.md), described once.
// wasm/core/gen/tables_gen.cpp makes them the SchemaErrorCode and SchemaWarningCode unions and the
// SCHEMA_ERROR_CODES and SCHEMA_WARNING_CODES tables; the decoders (schema/decoding.h) name them
// through codeName().
#pragma once

// X(name): codes of the one ErrorCode list (coordination/table.h) a schema decoder raises too;
// their meaning is the same (a field cut short, bytes after the message, a version the spec does
// not list, a negative i16/i32 length or count, strict UTF-8 refused).
#define SCHEMA_SHARED_ERROR_CODES(X) \
  X(TRUNCATED) X(TRAILING_BYTES) X(UNSUPPORTED_VERSION) X(NEGATIVE_LENGTH) X(INVALID_UTF8)

// X(name, description): the codes only schema decoders raise. Append at the end.
#define SCHEMA_ERROR_CODES(X)                                                                          \
  X(NULL_NOT_ALLOWED, "a compact length or count of 0 (null) in a field not nullable at this version") \
  X(VARINT_TOO_LONG, "an unsigned varint runs past 5 bytes or past 32 bits")                           \
  X(TAG_OUT_OF_ORDER, "a tagged field's tag is not above the previous one (KIP-482: ascending, once)") \
  X(STRING_TOO_LONG, "a compact string's length is above 32767, Kafka's limit for a string")           \
  X(OUT_OF_RANGE, "an integer outside the values its spec's check allows")

// X(name, description): warnings only schema decoders give (they give UTF8_REPLACED too,
// streams/table.h).
#define SCHEMA_WARNING_CODES(X)                                                                     \
  X(NEWER_VERSION,                                                                                  \
    "a version-prefixed message newer than its spec's latest version, read as the latest (Kafka's " \
    "rule for the consumer protocol); bytes after its fields are not read")
