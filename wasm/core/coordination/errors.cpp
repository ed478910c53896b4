#include <string>

#include "wire/append.h"
#include "coordination/checks.h"
#include "coordination/coordination_codec.h"
#include "wire/utf8.h"

namespace coordination {

std::string_view errorCodeName(ErrorCode code) {
  switch (code) {
    case ErrorCode::TRUNCATED: return "TRUNCATED";
    case ErrorCode::TRAILING_BYTES: return "TRAILING_BYTES";
    case ErrorCode::UNSUPPORTED_VERSION: return "UNSUPPORTED_VERSION";
    case ErrorCode::UNKNOWN_KIND: return "UNKNOWN_KIND";
    case ErrorCode::NEGATIVE_LENGTH: return "NEGATIVE_LENGTH";
    case ErrorCode::INVALID_UTF8: return "INVALID_UTF8";
    case ErrorCode::LEASE_KEY_HAS_MEMBER: return "LEASE_KEY_HAS_MEMBER";
    case ErrorCode::ROLE_OUT_OF_BOUNDS: return "ROLE_OUT_OF_BOUNDS";
    case ErrorCode::MEMBER_OUT_OF_BOUNDS: return "MEMBER_OUT_OF_BOUNDS";
    case ErrorCode::NEGATIVE_PRODUCER_ID: return "NEGATIVE_PRODUCER_ID";
    case ErrorCode::NEGATIVE_PRODUCER_EPOCH: return "NEGATIVE_PRODUCER_EPOCH";
  }
  return "UNKNOWN_ERROR";
}

std::string_view fieldPath(Field field) {
  switch (field) {
    case Field::key: return "key";
    case Field::key_version: return "key.version";
    case Field::key_kind: return "key.kind";
    case Field::key_role: return "key.role";
    case Field::key_member: return "key.member";
    case Field::registration: return "registration";
    case Field::registration_version: return "registration.version";
    case Field::registration_member: return "registration.member";
    case Field::registration_registered_at: return "registration.registered_at";
    case Field::lease: return "lease";
    case Field::lease_version: return "lease.version";
    case Field::lease_member: return "lease.member";
    case Field::lease_producer_id: return "lease.producer_id";
    case Field::lease_producer_epoch: return "lease.producer_epoch";
    case Field::lease_granted_at: return "lease.granted_at";
    case Field::lease_deadline: return "lease.deadline";
  }
  return "unknown";
}

namespace {

bool isStringField(Field f) {
  return f == Field::key_role || f == Field::key_member || f == Field::registration_member ||
         f == Field::lease_member;
}

using detail::appendInt;

void appendHexByte(std::string& s, std::int64_t v) {
  s += "0x";
  detail::appendHex(s, static_cast<std::uint8_t>(v), 2);
}

void appendBytes(std::string& s, std::int64_t n) {
  appendInt(s, n);
  s += n == 1 ? " byte" : " bytes";
}

}  // namespace

std::string Error::message() const {
  std::string s(fieldPath(field));
  s += ": ";
  switch (code) {
    case ErrorCode::TRUNCATED:
      if (isStringField(field) && found > limit) {
        s += "length prefix says ";
        appendBytes(s, found);
        s += " but only ";
        appendInt(s, limit);
        s += " remain";
      } else {
        s += isStringField(field) ? "length prefix needs " : "needs ";
        appendBytes(s, limit);
        s += " but only ";
        appendInt(s, found);
        s += " remain";
      }
      break;
    case ErrorCode::TRAILING_BYTES:
      s += "expected the end of the record, found ";
      appendBytes(s, found);
      s += " more";
      break;
    case ErrorCode::UNSUPPORTED_VERSION:
      s += "expected version 0, found ";
      appendInt(s, found);
      break;
    case ErrorCode::UNKNOWN_KIND:
      s += "expected kind 0 (registration) or 1 (lease), found ";
      appendInt(s, found);
      break;
    case ErrorCode::NEGATIVE_LENGTH:
      s += "expected a string length of 0..32767, found ";
      appendInt(s, found);
      break;
    case ErrorCode::INVALID_UTF8:
      s += "expected well-formed UTF-8, found ";
      switch (static_cast<Utf8Problem>(limit)) {
        case Utf8Problem::stray_continuation:
          s += "stray continuation byte ";
          appendHexByte(s, found);
          break;
        case Utf8Problem::cut_short:
          s += "byte ";
          appendHexByte(s, found);
          s += " starting a sequence cut short by the end of the string";
          break;
        default:
          s += "byte ";
          appendHexByte(s, found);
          s += " starting an ill-formed sequence";
          break;
      }
      break;
    case ErrorCode::LEASE_KEY_HAS_MEMBER:
      s += "expected an empty member for a lease key, found ";
      appendBytes(s, found);
      break;
    case ErrorCode::ROLE_OUT_OF_BOUNDS:
    case ErrorCode::MEMBER_OUT_OF_BOUNDS:
      s += "expected 1..255 bytes, found ";
      appendInt(s, found);
      break;
    case ErrorCode::NEGATIVE_PRODUCER_ID:
      s += "expected a producer id >= 0, found ";
      appendInt(s, found);
      break;
    case ErrorCode::NEGATIVE_PRODUCER_EPOCH:
      s += "expected a producer epoch >= 0, found ";
      appendInt(s, found);
      break;
  }
  s += " (offset ";
  appendInt(s, static_cast<std::int64_t>(offset));
  s += ")";
  return s;
}

namespace detail {

std::optional<Error> checkUtf8(Field field, std::span<const std::uint8_t> body, std::size_t body_offset) {
  const auto bad = findInvalidUtf8(body);
  if (!bad) return std::nullopt;
  return Error{ErrorCode::INVALID_UTF8, body_offset + bad->index, field, body[bad->index],
               static_cast<std::int64_t>(bad->problem)};
}

std::optional<Error> checkBounds(StringRule rule, Field field, std::size_t size, std::size_t offset) {
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

}  // namespace detail
}  // namespace coordination
