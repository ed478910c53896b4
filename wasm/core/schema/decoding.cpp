// The parts of schema/decoding.h that do not depend on the sink: names, paths, messages, texts.
#include "schema/decoding.h"

#include "coordination/coordination_codec.h"
#include "wire/java_text.h"

namespace coordination::schema {

std::string_view codeName(Code code) {
  switch (code) {
    // The shared codes are names of the one list: this does not compile with any other.
#define SCHEMA_X(name) \
  case Code::name:     \
    return errorCodeName(ErrorCode::name);
    SCHEMA_SHARED_ERROR_CODES(SCHEMA_X)
#undef SCHEMA_X
#define SCHEMA_X(name, description) \
  case Code::name:                  \
    return #name;
    SCHEMA_ERROR_CODES(SCHEMA_X)
#undef SCHEMA_X
  }
  return {};
}

std::string pathOf(std::string_view root, std::span<const Frame> frames, Leaf leaf) {
  std::string s(root);
  auto segment = [&](std::string_view name, std::int64_t index) {
    if (!name.empty()) {
      s += '.';
      s += name;
    }
    if (index >= 0) {
      s += '[';
      s += std::to_string(index);
      s += ']';
    }
  };
  for (const Frame& f : frames) segment(f.name, f.index);
  segment(leaf.name, leaf.index);
  return s;
}

std::string messageOf(const std::string& field, std::string_view what, std::size_t offset) {
  std::string s = field;
  s += ": ";
  s += what;
  s += " (offset ";
  s += std::to_string(offset);
  s += ')';
  return s;
}

void appendReplaced(std::span<const std::uint8_t> body, std::vector<std::uint8_t>& pool) {
  std::u16string units;
  decodeUtf8Lossy(body, units);
  const std::string text = javaStringToUtf8(units);
  pool.insert(pool.end(), text.begin(), text.end());
}

std::string uuidText(const Uuid& u) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string s;
  std::uint32_t bits = 0;
  int held = 0;
  for (const std::uint8_t b : u.bytes) {
    bits = (bits << 8) | b;
    held += 8;
    while (held >= 6) {
      held -= 6;
      s += kAlphabet[(bits >> held) & 63];
    }
  }
  if (held > 0) s += kAlphabet[(bits << (6 - held)) & 63];
  return s;
}

std::string needText(std::size_t need, std::size_t remaining) {
  std::string s = "needs ";
  s += std::to_string(need);
  s += " bytes but only ";
  s += std::to_string(remaining);
  s += " remain";
  return s;
}

std::string versionText(std::int64_t version, std::int16_t low, std::int16_t high) {
  std::string s = "version ";
  s += std::to_string(version);
  s += " is not one of the spec's versions (";
  s += std::to_string(low);
  if (high != low) {
    s += '-';
    s += std::to_string(high);
  }
  s += ')';
  return s;
}

}  // namespace coordination::schema
