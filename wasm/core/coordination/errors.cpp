#include <string>

#include "coordination/checks.h"
#include "coordination/coordination_codec.h"
#include "wire/append.h"
#include "wire/utf8.h"

namespace coordination {

namespace {

constexpr std::string_view kErrorCodeNames[] = {
#define COORDINATION_X(name, description) #name,
    COORDINATION_ERROR_CODES(COORDINATION_X)
#undef COORDINATION_X
};
constexpr std::string_view kErrorCodeDescriptions[] = {
#define COORDINATION_X(name, description) description,
    COORDINATION_ERROR_CODES(COORDINATION_X)
#undef COORDINATION_X
};
constexpr std::string_view kFieldPaths[] = {
#define COORDINATION_X(name, path, wire, bounds, meaning) path,
    COORDINATION_FIELDS(COORDINATION_X)
#undef COORDINATION_X
};
constexpr std::string_view kWarningCodeNames[] = {
#define COORDINATION_X(name, description) #name,
    COORDINATION_WARNING_CODES(COORDINATION_X)
#undef COORDINATION_X
};
constexpr std::string_view kWarningCodeDescriptions[] = {
#define COORDINATION_X(name, description) description,
    COORDINATION_WARNING_CODES(COORDINATION_X)
#undef COORDINATION_X
};

// An out-of-range enum (cast from an int) gets a name that says so, not a read past the table.
template <std::size_t N>
std::string_view lookup(const std::string_view (&names)[N], int i, std::string_view unknown) {
  return i >= 0 && static_cast<std::size_t>(i) < N ? names[i] : unknown;
}

}  // namespace

std::string_view errorCodeName(ErrorCode code) {
  return lookup(kErrorCodeNames, static_cast<int>(code), "UNKNOWN_ERROR");
}
std::optional<ErrorCode> errorCodeFromName(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kErrorCodeNames); ++i)
    if (kErrorCodeNames[i] == name) return static_cast<ErrorCode>(i);
  return std::nullopt;
}
std::string_view errorCodeDescription(ErrorCode code) {
  return lookup(kErrorCodeDescriptions, static_cast<int>(code), "");
}
std::string_view fieldPath(Field field) { return lookup(kFieldPaths, static_cast<int>(field), "unknown"); }
tree::WireType fieldWireType(Field field) {
  constexpr tree::WireType kWireTypes[] = {
#define COORDINATION_X(name, path, wire, bounds, meaning) tree::WireType::wire,
      COORDINATION_FIELDS(COORDINATION_X)
#undef COORDINATION_X
  };
  const auto i = static_cast<std::size_t>(field);
  return i < std::size(kWireTypes) ? kWireTypes[i] : tree::WireType::record;
}
std::string_view warningCodeName(WarningCode code) {
  return lookup(kWarningCodeNames, static_cast<int>(code), "UNKNOWN_WARNING");
}
std::string_view warningCodeDescription(WarningCode code) {
  return lookup(kWarningCodeDescriptions, static_cast<int>(code), "");
}

namespace {

bool isStringField(Field f) { return fieldWireType(f) == tree::WireType::string; }

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

void describeError(std::string& s, ErrorCode code, bool string_field, std::int64_t found, std::int64_t limit) {
  switch (code) {
    case ErrorCode::TRUNCATED:
      if (string_field && found > limit) {
        s += "length prefix says ";
        appendBytes(s, found);
        s += " but only ";
        appendInt(s, limit);
        s += " remain";
      } else {
        s += string_field ? "length prefix needs " : "needs ";
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
      s += "expected 1..";
      appendInt(s, limit);
      s += " bytes, found ";
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
}

std::string Error::message() const {
  std::string s(fieldPath(field));
  s += ": ";
  describeError(s, code, isStringField(field), found, limit);
  s += " (offset ";
  appendInt(s, static_cast<std::int64_t>(offset));
  s += ")";
  return s;
}

}  // namespace coordination
