// The one writer of the frozen layouts: appends big-endian integers and i16-prefixed strings.
// Callers check bounds and UTF-8 first (the same checks as the decoder, see checks.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace coordination::detail {

class Writer {
 public:
  explicit Writer(std::size_t capacity) { out_.reserve(capacity); }

  std::size_t position() const { return out_.size(); }

  void writeI16(std::int16_t value) {
    const auto v = static_cast<std::uint16_t>(value);
    out_.push_back(static_cast<std::uint8_t>(v >> 8));
    out_.push_back(static_cast<std::uint8_t>(v));
  }
  void writeI32(std::int32_t value) {
    const auto v = static_cast<std::uint32_t>(value);
    for (int shift = 24; shift >= 0; shift -= 8) out_.push_back(static_cast<std::uint8_t>(v >> shift));
  }
  void writeI64(std::int64_t value) {
    const auto v = static_cast<std::uint64_t>(value);
    for (int shift = 56; shift >= 0; shift -= 8) out_.push_back(static_cast<std::uint8_t>(v >> shift));
  }
  // Precondition: text.size() <= 32767 (the bound checks guarantee <= 255).
  void writeString(std::string_view text) {
    writeI16(static_cast<std::int16_t>(text.size()));
    out_.insert(out_.end(), text.begin(), text.end());
  }

  std::vector<std::uint8_t> finish() { return std::move(out_); }

 private:
  std::vector<std::uint8_t> out_;
};

}  // namespace coordination::detail
