// The checks that both the decoder and the encoders run, so they reject the same things with the
// same code, field and facts. Only the offset differs in meaning: where the decoder found the
// field (or bad byte), or where the encoder would have written it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "coordination/coordination_codec.h"
#include "wire/utf8.h"

namespace coordination::detail {

// How a string field is bounded.
enum class StringRule : std::uint8_t {
  role,         // 1..255 bytes, ROLE_OUT_OF_BOUNDS
  member,       // 1..255 bytes, MEMBER_OUT_OF_BOUNDS
  empty_member  // exactly 0 bytes (lease key), LEASE_KEY_HAS_MEMBER
};

// Both inline: they run for every string of every record (the batch), and a call per check was
// a measurable part of the wasm batch.

// INVALID_UTF8 at body_offset + index of the first ill-formed sequence; found = that byte,
// limit = the Utf8Problem (for the message).
inline std::optional<Error> checkUtf8(Field field, std::span<const std::uint8_t> body, std::size_t body_offset) {
  const auto bad = findInvalidUtf8(body);
  if (!bad) return std::nullopt;
  return Error{ErrorCode::INVALID_UTF8, body_offset + bad->index, field, body[bad->index],
               static_cast<std::int64_t>(bad->problem)};
}

// Bounds of a well-formed string; offset is the string's length prefix.
inline std::optional<Error> checkBounds(StringRule rule, Field field, std::size_t size, std::size_t offset) {
  const auto found = static_cast<std::int64_t>(size);
  switch (rule) {
    case StringRule::role:
      if (size >= 1 && size <= kMaxNameBytes) return std::nullopt;
      return Error{ErrorCode::ROLE_OUT_OF_BOUNDS, offset, field, found, kMaxNameBytes};
    case StringRule::member:
      if (size >= 1 && size <= kMaxNameBytes) return std::nullopt;
      return Error{ErrorCode::MEMBER_OUT_OF_BOUNDS, offset, field, found, kMaxNameBytes};
    case StringRule::empty_member:
      if (size == 0) return std::nullopt;
      return Error{ErrorCode::LEASE_KEY_HAS_MEMBER, offset, field, found, 0};
  }
  return std::nullopt;
}

inline std::optional<Error> checkVersion(Field field, std::int16_t version, std::size_t offset) {
  if (version == kVersion) return std::nullopt;
  return Error{ErrorCode::UNSUPPORTED_VERSION, offset, field, version, kVersion};
}

inline std::optional<Error> checkKind(std::int16_t kind, std::size_t offset) {
  if (kind == 0 || kind == 1) return std::nullopt;
  return Error{ErrorCode::UNKNOWN_KIND, offset, Field::key_kind, kind, 0};
}

inline std::optional<Error> checkProducerId(std::int64_t id, std::size_t offset) {
  if (id >= 0) return std::nullopt;
  return Error{ErrorCode::NEGATIVE_PRODUCER_ID, offset, Field::lease_producer_id, id, 0};
}

inline std::optional<Error> checkProducerEpoch(std::int16_t epoch, std::size_t offset) {
  if (epoch >= 0) return std::nullopt;
  return Error{ErrorCode::NEGATIVE_PRODUCER_EPOCH, offset, Field::lease_producer_epoch, epoch, 0};
}

inline StringRule keyMemberRule(RecordKind kind) {
  return kind == RecordKind::lease ? StringRule::empty_member : StringRule::member;
}

}  // namespace coordination::detail
