// The bytes of a fold's partial (log/fold_merge.h, groups/fold.h, transactions/fold.h,
// sharestate/fold.h): big-endian
// integers and i32-length texts written into a byte vector, and read back with every read bounded.
// Every fold's partial starts with the same head (Out::head), then what is the fold's own:
//   magic i32 | records i64
//   | errors: omitted i64, n i32, n x (partition i32, offset i64, line i64, code, field, message,
//     subject)
//   | anomalies: omitted i64, n i32, n x (kind i8, subject, partition i32, offset i64, message,
//     then the fold's own fields of an anomaly)
// The subject is what the record names: a role, a group, a transactional id.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "log/fold.h"
#include "wire/reader.h"

namespace coordination::partial_bytes {

// Each fold's magic: a partial is never read as another fold's.
inline constexpr std::int32_t kPartialMagic = 0x43565031;          // "CVP1": the coordination fold's
inline constexpr std::int32_t kGroupPartialMagic = 0x43564731;     // "CVG1": the consumer groups'
inline constexpr std::int32_t kTransactionPartMagic = 0x43565431;  // "CVT1": the transaction log's
inline constexpr std::int32_t kShareStatePartMagic = 0x43565331;   // "CVS1": the share-group state's

// Big-endian integers and i32-length texts appended to a byte vector.
class Out {
 public:
  explicit Out(std::vector<std::uint8_t>& bytes) : b_(bytes) {}
  void i8(std::int32_t v) { b_.push_back(static_cast<std::uint8_t>(v)); }
  void i16(std::int16_t v) { put(static_cast<std::uint16_t>(v), 2); }
  void i32(std::int32_t v) { put(static_cast<std::uint32_t>(v), 4); }
  void i64(std::int64_t v) { put(static_cast<std::uint64_t>(v), 8); }
  void count(std::size_t n) { i32(static_cast<std::int32_t>(n)); }
  void text(std::string_view s) {
    count(s.size());
    b_.insert(b_.end(), s.begin(), s.end());
  }
  // A fold's errors: omitted i64, n i32, n x (partition i32, offset i64, line i64, code, field,
  // message, role).
  void errors(std::uint64_t omitted, std::span<const FoldError> list) {
    i64(static_cast<std::int64_t>(omitted));
    count(list.size());
    for (const FoldError& e : list) {
      i32(e.partition);
      i64(e.offset);
      i64(e.line);
      text(e.code);
      text(e.field);
      text(e.message);
      text(e.role);
    }
  }
  // The head (above): `own(a, i)` writes the fold's own fields of anomaly i after its common ones.
  template <typename Anomaly, typename Own>
  void head(std::int32_t magic, std::uint64_t records, std::uint64_t errors_omitted, std::span<const FoldError> errors,
            std::uint64_t anomalies_omitted, std::span<const Anomaly> anomalies, std::string Anomaly::*subject,
            Own own) {
    i32(magic);
    i64(static_cast<std::int64_t>(records));
    this->errors(errors_omitted, errors);
    i64(static_cast<std::int64_t>(anomalies_omitted));
    count(anomalies.size());
    for (std::size_t i = 0; i < anomalies.size(); ++i) {
      const Anomaly& a = anomalies[i];
      i8(static_cast<std::int32_t>(a.kind));
      text(a.*subject);
      i32(a.partition);
      i64(a.offset);
      text(a.message);
      own(a, i);
    }
  }

 private:
  void put(std::uint64_t v, int bytes) {
    for (int shift = 8 * (bytes - 1); shift >= 0; shift -= 8) b_.push_back(static_cast<std::uint8_t>(v >> shift));
  }
  std::vector<std::uint8_t>& b_;
};

// The reading side: every read checked (a short or malformed partial sets ok to false, and reads
// then give zeros and empty texts).
class In {
 public:
  explicit In(ByteSpan bytes) : r_(bytes) {}
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
  // Out::errors' errors into `kept` (their codes view the bytes read); returns the omitted count.
  std::uint64_t errors(std::vector<FoldError>& kept) {
    const auto omitted = static_cast<std::uint64_t>(i64());
    for (std::size_t i = 0, n = count(36); i < n; ++i) {
      FoldError e{};
      e.partition = i32();
      e.offset = i64();
      e.line = i64();
      e.code = text();
      e.field = std::string(text());
      e.message = std::string(text());
      e.role = std::string(text());
      kept.push_back(std::move(e));
    }
    return omitted;
  }
  // Out::head's fields: "" when read, else why not (another fold's magic, an anomaly's kind that
  // `accept` refuses). `own(a)` reads the fold's own fields of an anomaly, `own_bytes` their least size.
  template <typename Anomaly, typename Own>
  std::string head(std::int32_t magic, std::uint64_t& records, std::uint64_t& errors_omitted,
                   std::vector<FoldError>& errors, std::uint64_t& anomalies_omitted, std::vector<Anomaly>& anomalies,
                   std::string Anomaly::*subject, const std::function<bool(std::int32_t)>& accept,
                   std::size_t own_bytes, Own own) {
    if (i32() != magic) {
      const auto m = static_cast<std::uint32_t>(magic);
      return std::string("no ") + static_cast<char>(m >> 24) + static_cast<char>(m >> 16) + static_cast<char>(m >> 8) +
             static_cast<char>(m) + " magic";
    }
    records = static_cast<std::uint64_t>(i64());
    errors_omitted = this->errors(errors);
    anomalies_omitted = static_cast<std::uint64_t>(i64());
    for (std::size_t i = 0, n = count(21 + own_bytes); i < n; ++i) {
      Anomaly a{};
      const std::int32_t kind = i8();
      if (!accept(kind)) return "an anomaly's kind";
      a.kind = static_cast<decltype(a.kind)>(kind);
      a.*subject = std::string(text());
      a.partition = i32();
      a.offset = i64();
      a.message = std::string(text());
      own(a);
      anomalies.push_back(std::move(a));
    }
    return "";
  }

 private:
  bool has(std::size_t n) {
    ok_ = ok_ && r_.need(n);
    return ok_;
  }
  Reader r_;
  bool ok_ = true;
};

}  // namespace coordination::partial_bytes
