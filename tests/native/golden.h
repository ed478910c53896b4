// Reads golden/*.json (format: golden/README.md) into the core's types. Test-only helper.
#pragma once

#include <charconv>
#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "coordination/coordination_codec.h"
#include "coordination/inspect.h"
#include "test_util.h"

namespace golden {

using json = nlohmann::json;
using Bytes = std::vector<std::uint8_t>;

inline std::string goldenDir() {
  if (const char* env = std::getenv("COORDINATION_GOLDEN_DIR")) return env;  // for development only
  return COORDINATION_GOLDEN_DIR;
}

inline std::optional<json> load(const std::string& name) {
  std::ifstream in(goldenDir() + "/" + name);
  if (!in) return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  json j = json::parse(ss.str(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return std::nullopt;
  return j;
}

inline int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

inline std::optional<Bytes> fromHex(const std::string& hex) {
  if (hex.size() % 2) return std::nullopt;
  Bytes out;
  out.reserve(hex.size() / 2);
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    const int hi = hexDigit(hex[i]), lo = hexDigit(hex[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out.push_back(static_cast<std::uint8_t>(hi * 16 + lo));
  }
  return out;
}

using testutil::toHex;

// A string field: a JSON string, or {"utf8_hex": "c080"} for bytes that are not UTF-8.
inline std::optional<std::string> str(const json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_object() && j.contains("utf8_hex")) {
    auto b = fromHex(j["utf8_hex"].get<std::string>());
    if (!b) return std::nullopt;
    return std::string(b->begin(), b->end());
  }
  return std::nullopt;
}

inline std::optional<std::int64_t> i64(const json& j) {
  if (!j.is_string()) return std::nullopt;
  const std::string s = j.get<std::string>();
  std::int64_t v = 0;
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

inline std::optional<std::int16_t> i16(const json& j) {
  if (!j.is_number_integer()) return std::nullopt;
  const auto v = j.get<std::int64_t>();
  if (v < INT16_MIN || v > INT16_MAX) return std::nullopt;
  return static_cast<std::int16_t>(v);
}

inline std::optional<coordination::CoordinationKey> key(const json& r) {
  using coordination::RecordKind;
  auto role = str(r.value("role", json())), member = str(r.value("member", json()));
  const std::string kind = r.value("kind", "");
  if (!role || !member || (kind != "registration" && kind != "lease")) return std::nullopt;
  return coordination::CoordinationKey{kind == "lease" ? RecordKind::lease : RecordKind::registration, *role, *member};
}

inline std::optional<coordination::Registration> registration(const json& r) {
  auto member = str(r.value("member", json()));
  auto at = i64(r.value("registered_at", json()));
  if (!member || !at) return std::nullopt;
  return coordination::Registration{*member, *at};
}

inline std::optional<coordination::Lease> lease(const json& r) {
  auto member = str(r.value("member", json()));
  auto id = i64(r.value("producer_id", json()));
  auto epoch = i16(r.value("producer_epoch", json()));
  auto granted = i64(r.value("granted_at", json()));
  auto deadline = i64(r.value("deadline", json()));
  if (!member || !id || !epoch || !granted || !deadline) return std::nullopt;
  return coordination::Lease{*member, *id, *epoch, *granted, *deadline};
}

inline std::optional<coordination::Target> target(const std::string& t) {
  if (t == "key") return coordination::Target::key;
  if (t == "registration") return coordination::Target::registration;
  if (t == "lease") return coordination::Target::lease;
  return std::nullopt;
}

}  // namespace golden
