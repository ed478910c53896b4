// The bytes of a partial (a fold's part, folded apart and moved to where it is merged: log/fold_merge.h,
// transactions/fold.h): big-endian integers and i32-length texts, written and read back checked.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "log/fold.h"
#include "wire/reader.h"

namespace coordination {

// Big-endian integers and i32-length texts appended to a byte vector.
class PartialWriter {
 public:
  explicit PartialWriter(std::vector<std::uint8_t>& bytes) : b_(bytes) {}
  void i8(std::int32_t v) { b_.push_back(static_cast<std::uint8_t>(v)); }
  void i16(std::int16_t v) { put(static_cast<std::uint16_t>(v), 2); }
  void i32(std::int32_t v) { put(static_cast<std::uint32_t>(v), 4); }
  void i64(std::int64_t v) { put(static_cast<std::uint64_t>(v), 8); }
  void count(std::size_t n) { i32(static_cast<std::int32_t>(n)); }
  void text(std::string_view s) {
    count(s.size());
    b_.insert(b_.end(), s.begin(), s.end());
  }

 private:
  void put(std::uint64_t v, int bytes) {
    for (int shift = 8 * (bytes - 1); shift >= 0; shift -= 8) b_.push_back(static_cast<std::uint8_t>(v >> shift));
  }
  std::vector<std::uint8_t>& b_;
};

// The reading side: every read checked (a short or malformed partial sets ok to false, and reads
// then give zeros and empty texts).
class PartialReader {
 public:
  explicit PartialReader(ByteSpan bytes) : r_(bytes) {}
  bool ok() const { return ok_; }
  bool atEnd() const { return r_.atEnd(); }
  std::int32_t i8() { return has(1) ? r_.take(1)[0] : 0; }
  std::int16_t i16() { return has(2) ? r_.readI16() : 0; }
  std::int32_t i32() { return has(4) ? r_.readI32() : 0; }
  std::int64_t i64() { return has(8) ? r_.readI64() : 0; }
  // A count of items of at least `item_bytes` each: never more than the bytes left can hold.
  std::size_t count(std::size_t item_bytes) {
    const std::int32_t n = i32();
    if (n < 0 || static_cast<std::size_t>(n) > r_.remaining() / item_bytes) ok_ = false;
    return ok_ ? static_cast<std::size_t>(n) : 0;
  }
  std::string_view text() {
    const std::size_t n = count(1);
    if (!has(n)) return {};
    const ByteSpan b = r_.take(n);
    return {reinterpret_cast<const char*>(b.data()), b.size()};
  }

 private:
  bool has(std::size_t n) {
    ok_ = ok_ && r_.need(n);
    return ok_;
  }
  Reader r_;
  bool ok_ = true;
};

// An error of a fold: partition i32, offset i64, line i64, code, field, message, role (its position
// and batch flag are not in any result). Its code is a view into the bytes read.
inline void putError(PartialWriter& out, const FoldError& e) {
  out.i32(e.partition);
  out.i64(e.offset);
  out.i64(e.line);
  out.text(e.code);
  out.text(e.field);
  out.text(e.message);
  out.text(e.role);
}
inline constexpr std::size_t kErrorBytes = 36;  // the least an error takes
inline FoldError takeError(PartialReader& in) {
  FoldError e{};
  e.partition = in.i32();
  e.offset = in.i64();
  e.line = in.i64();
  e.code = in.text();
  e.field = std::string(in.text());
  e.message = std::string(in.text());
  e.role = std::string(in.text());
  return e;
}

}  // namespace coordination
