#pragma once

#include <gtest/gtest.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "coordination/coordination_codec.h"

namespace testutil {

inline std::span<const std::uint8_t> span(const std::vector<std::uint8_t>& v) { return {v.data(), v.size()}; }

// Hex text (kafkajs-written vectors, tests/native/*_vectors.h) to bytes.
inline std::vector<std::uint8_t> fromHex(std::string_view h) {
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i + 1 < h.size(); i += 2)
    out.push_back(static_cast<std::uint8_t>(std::stoi(std::string(h.substr(i, 2)), nullptr, 16)));
  return out;
}

// Bytes as hex text (a failure's input, the golden files' "hex").
inline std::string toHex(std::span<const std::uint8_t> b) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s;
  for (const auto c : b) {
    s += kDigits[c >> 4];
    s += kDigits[c & 15];
  }
  return s;
}

inline std::vector<std::uint8_t> bytes(std::initializer_list<int> list) {
  std::vector<std::uint8_t> out;
  for (int b : list) out.push_back(static_cast<std::uint8_t>(b));
  return out;
}

// Every message names the field and the offset.
inline void expectGoodMessage(const coordination::Error& e) {
  const std::string m = e.message();
  EXPECT_FALSE(m.empty());
  EXPECT_NE(m.find(std::string(coordination::fieldPath(e.field))), std::string::npos) << m;
  EXPECT_NE(m.find("offset"), std::string::npos) << m;
  EXPECT_NE(m.find(std::to_string(e.offset)), std::string::npos) << m;
}

inline std::string describe(const coordination::Error& e) {
  return std::string(coordination::errorCodeName(e.code)) + " @" + std::to_string(e.offset) + " " +
         std::string(coordination::fieldPath(e.field)) + " -- " + e.message();
}

}  // namespace testutil
