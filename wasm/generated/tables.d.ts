// String unions of the core's tables (wasm/core/coordination): error codes (coordination_codec.h
// ErrorCode), field paths (errors.cpp fieldPath), warning codes (inspect.h), wire types (inspect.cpp).
// Stand-in written by hand on the js branch until the core branch generates this file from the
// C++ tables at build time.
export type ErrorCode =
  | 'TRUNCATED'
  | 'TRAILING_BYTES'
  | 'UNSUPPORTED_VERSION'
  | 'UNKNOWN_KIND'
  | 'NEGATIVE_LENGTH'
  | 'INVALID_UTF8'
  | 'LEASE_KEY_HAS_MEMBER'
  | 'ROLE_OUT_OF_BOUNDS'
  | 'MEMBER_OUT_OF_BOUNDS'
  | 'NEGATIVE_PRODUCER_ID'
  | 'NEGATIVE_PRODUCER_EPOCH';

export type FieldPath =
  | 'key'
  | 'key.version'
  | 'key.kind'
  | 'key.role'
  | 'key.member'
  | 'registration'
  | 'registration.version'
  | 'registration.member'
  | 'registration.registered_at'
  | 'lease'
  | 'lease.version'
  | 'lease.member'
  | 'lease.producer_id'
  | 'lease.producer_epoch'
  | 'lease.granted_at'
  | 'lease.deadline';

export type WarningCode = 'DEADLINE_BEFORE_GRANTED' | 'INVISIBLE_CHARACTERS' | 'JAVA_MODIFIED_UTF8';

export type WireType = 'i16' | 'i64' | 'string' | 'utf8';
