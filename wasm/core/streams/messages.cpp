// The Kafka Streams decoders' texts: error messages, code and target names, a UUID's text.
#include "streams/field_reader.h"
#include "streams/streams.h"

namespace coordination::streams {

using coordination::detail::appendInt;

std::string StreamsError::message() const {
  // %f is `found`, %l `limit`.
  const char* text = "error";
  switch (code) {
    case StreamsCode::TRUNCATED:
      text = shortfall == Shortfall::count_too_large
                 ? (limit == 1 ? "count %f cannot fit: its elements need more than the %l byte that remains"
                               : "count %f cannot fit: its elements need more than the %l bytes that remain")
             : shortfall == Shortfall::length_past_end ? "length says %f bytes but only %l remain"
                                                       : "needs %l bytes but only %f remain";
      break;
    case StreamsCode::TRAILING_BYTES:
      text = found == 1 ? "expected the end of the record, found %f more byte"
                        : "expected the end of the record, found %f more bytes";
      break;
    case StreamsCode::UNSUPPORTED_VERSION:
      text = field.starts_with("subscription") ? "expected version 1..%l (or newer, read for version probing), found %f"
                                               : "expected version 1..%l (Kafka 3.8 throws for any other), found %f";
      break;
    case StreamsCode::NEGATIVE_LENGTH:
      text = limit == 1 ? "expected a length >= 0, found %f" : "expected a count >= 0, found %f";
      break;
    case StreamsCode::INVALID_UTF8:
      text = nullptr;  // readUTF's words (wire/java_text.h), limit the ReadUtfRefusal
      break;
    case StreamsCode::UNKNOWN_TOPIC_INDEX:
      text = limit == 1 ? "topic index %f names no topic of the dictionary (%l entry)"
                        : "topic index %f names no topic of the dictionary (%l entries)";
      break;
  }
  std::string s = field;
  s += ": ";
  if (!text) appendReadUtfRefusal(s, static_cast<std::uint8_t>(found), static_cast<ReadUtfRefusal>(limit));
  for (const char* t = text ? text : ""; *t; ++t) {
    if (*t != '%') {
      s += *t;
    } else {
      appendInt(s, *++t == 'f' ? found : limit);
    }
  }
  s += " (offset ";
  appendInt(s, offset);
  s += ")";
  return s;
}

std::string_view codeName(StreamsCode code) {
  switch (code) {
#define STREAMS_X(name)   \
  case StreamsCode::name: \
    return errorCodeName(ErrorCode::name);
    STREAMS_SHARED_ERROR_CODES(STREAMS_X)
#undef STREAMS_X
#define STREAMS_X(name)   \
  case StreamsCode::name: \
    return #name;
    STREAMS_OWN_ERROR_CODES(STREAMS_X)
#undef STREAMS_X
  }
  return {};
}

std::string uuidString(std::uint64_t msb, std::uint64_t lsb) {
  std::uint8_t bytes[16];
  for (int i = 0; i < 8; ++i) {
    bytes[i] = static_cast<std::uint8_t>(msb >> (56 - 8 * i));
    bytes[8 + i] = static_cast<std::uint8_t>(lsb >> (56 - 8 * i));
  }
  char buf[kUuidChars];
  writeUuid(bytes, buf);
  return std::string(buf, kUuidChars);
}

std::string_view streamsTargetName(StreamsTarget target) {
  return target == StreamsTarget::subscription ? "subscription" : "assignment";
}

}  // namespace coordination::streams
