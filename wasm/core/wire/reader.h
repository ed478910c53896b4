// One bounded cursor over the input (the style of FlatBuffers' verifier.h): every read is preceded
// by need(n), a single comparison `n <= size - pos` that cannot overflow because pos <= size always
// holds. Nothing is read, and nothing is allocated, before need() said yes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "wire/big_endian.h"

namespace coordination {

class Reader {
 public:
  explicit Reader(std::span<const std::uint8_t> bytes) : data_(bytes.data()), size_(bytes.size()) {}

  // True when n more bytes can be read. Invariant pos_ <= size_, so size_ - pos_ never wraps.
  bool need(std::size_t n) const { return n <= size_ - pos_; }
  std::size_t position() const { return pos_; }
  std::size_t remaining() const { return size_ - pos_; }
  bool atEnd() const { return pos_ == size_; }

  // Preconditions: need(2) / need(4) / need(8) / need(n) returned true.
  std::int16_t readI16() {
    const std::uint16_t v = static_cast<std::uint16_t>((std::uint16_t{data_[pos_]} << 8) | data_[pos_ + 1]);
    pos_ += 2;
    return static_cast<std::int16_t>(v);
  }
  std::int32_t readI32() {
    const std::int32_t v = detail::be32(data_ + pos_);
    pos_ += 4;
    return v;
  }
  std::int64_t readI64() {
    const std::int64_t v = detail::be64(data_ + pos_);
    pos_ += 8;
    return v;
  }
  // Precondition: need(1). The next byte, not taken.
  std::uint8_t peek() const { return data_[pos_]; }
  std::span<const std::uint8_t> take(std::size_t n) {
    std::span<const std::uint8_t> out(data_ + pos_, n);
    pos_ += n;
    return out;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

}  // namespace coordination
