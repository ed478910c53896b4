// The coordination records, described once. Everything else derives from these lists: the C++
// enums (ErrorCode, Field, WarningCode), errorCodeName/fieldPath/warningCodeName, the tables the
// wasm module exports to JS (wasm/bindings/bindings.cpp cv_tables()), and wasm/generated/tables.{js,d.ts}
// (wasm/core/gen/tables_gen.cpp; a ctest checks the committed files equal its output).
//
// Adding an error code, a field or a warning is one line here plus the decoder logic that emits it.
#pragma once

// X(name, description) -- stable names shared with the JS API and golden/; append at the end
// (the numbers are the order).
#define COORDINATION_ERROR_CODES(X)                                                                   \
  X(TRUNCATED, "a field runs past the end of the bytes")                                              \
  X(TRAILING_BYTES, "bytes remain after the last field")                                              \
  X(UNSUPPORTED_VERSION, "the version is not one this format reads (0 for the coordination records)") \
  X(UNKNOWN_KIND, "key kind is neither 0 (registration) nor 1 (lease)")                               \
  X(NEGATIVE_LENGTH, "a string's i16 length prefix is negative")                                      \
  X(INVALID_UTF8, "a string's bytes are not well-formed UTF-8 (RFC 3629)")                            \
  X(LEASE_KEY_HAS_MEMBER, "a lease key names a member; it must be empty")                             \
  X(ROLE_OUT_OF_BOUNDS, "role is not 1..255 bytes")                                                   \
  X(MEMBER_OUT_OF_BOUNDS, "member is not 1..255 bytes")                                               \
  X(NEGATIVE_PRODUCER_ID, "lease producer_id < 0")                                                    \
  X(NEGATIVE_PRODUCER_EPOCH, "lease producer_epoch < 0")

// X(enum name, path, wire type (tree::WireType), bounds rule, meaning of the value)
// A path may hold `[]` for an array element (e.g. "subscription.prev_tasks[].partition"); the
// generated TypeScript FieldPath turns it into `[${number}]`.
#define COORDINATION_FIELDS(X)                                                                         \
  X(key, "key", record, "no bytes after key.member", "the record key")                                 \
  X(key_version, "key.version", i16, "== 0", "schema version of the key")                              \
  X(key_kind, "key.kind", i16, "0 or 1", "0 registration, 1 lease: the value's layout")                \
  X(key_role, "key.role", string, "1..255 UTF-8 bytes", "the role the record is about")                \
  X(key_member, "key.member", string, "registration: 1..255 bytes; lease: empty", "the member")        \
  X(registration, "registration", record, "no bytes after registration.registered_at",                 \
    "a member's registration for a role")                                                              \
  X(registration_version, "registration.version", i16, "== 0", "schema version of the value")          \
  X(registration_member, "registration.member", string, "1..255 UTF-8 bytes", "the registered member") \
  X(registration_registered_at, "registration.registered_at", i64, "any", "epoch milliseconds")        \
  X(lease, "lease", record, "no bytes after lease.deadline", "the role's lease")                       \
  X(lease_version, "lease.version", i16, "== 0", "schema version of the value")                        \
  X(lease_member, "lease.member", string, "1..255 UTF-8 bytes", "the member holding the lease")        \
  X(lease_producer_id, "lease.producer_id", i64, ">= 0", "the holder's transactional producer id")     \
  X(lease_producer_epoch, "lease.producer_epoch", i16, ">= 0", "the holder's producer epoch")          \
  X(lease_granted_at, "lease.granted_at", i64, "any", "epoch milliseconds")                            \
  X(lease_deadline, "lease.deadline", i64, "any (before granted_at warns)", "epoch milliseconds")

// X(name, description)
#define COORDINATION_WARNING_CODES(X)                                                                \
  X(DEADLINE_BEFORE_GRANTED, "lease.deadline < lease.granted_at")                                    \
  X(INVISIBLE_CHARACTERS, "a string holds control, invisible or bidi-override characters")           \
  X(JAVA_MODIFIED_UTF8,                                                                              \
    "bytes look like DataOutput.writeUTF output (C0 80, CESU-8 pairs, or a length prefix >= 0x8000 " \
    "read as unsigned)")
