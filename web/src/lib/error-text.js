// One plain sentence per error code, shown under the code in the error banner.
export const PLAIN = {
  TRUNCATED: 'The bytes end before this field is complete.',
  TRAILING_BYTES: 'Extra bytes follow the last field of the record.',
  UNSUPPORTED_VERSION: 'The version is not 0, the only version of the frozen layout.',
  UNKNOWN_KIND: 'The key kind is neither 0 (registration) nor 1 (lease).',
  NEGATIVE_LENGTH: 'A string length prefix is negative; the format has no null string.',
  INVALID_UTF8: 'The string bytes are not well-formed UTF-8.',
  LEASE_KEY_HAS_MEMBER: 'A lease key must carry an empty member string.',
  ROLE_OUT_OF_BOUNDS: 'The role must be 1 to 255 bytes long.',
  MEMBER_OUT_OF_BOUNDS: 'The member must be 1 to 255 bytes long.',
  NEGATIVE_PRODUCER_ID: 'The producer id must not be negative.',
  NEGATIVE_PRODUCER_EPOCH: 'The producer epoch must not be negative.',
};
