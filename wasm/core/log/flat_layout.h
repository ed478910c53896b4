// The flat answers' layouts, each described once (issue 19): a layout is an X-macro of its counts
// and its sections, here or beside its writer (log/state_flat.h, transactions/flat.h,
// groups/flat.h). The C++ writer puts each section where this description places it (FlatWriter),
// and tables_gen carries the same description to wasm/generated/tables.js (FLAT_LAYOUTS), which
// the JS readers walk (wasm/api/flat-layout.js). Nothing of a layout is written on both sides.
//
// A layout's arrays: words (i32), longs (i64) and strings (one UTF-8 pool, UTF-16 ends: see
// Flattener in log/state_flat.h). Its own counts come first in words, in their order; then, in each
// kind, its sections one after another in the order of the X-macro, each as long as its count (a
// count of `one`: a single value). A count may also be given by the layout before it (a join after
// a state): it is not written again.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

namespace coordination {

enum class FlatKind : std::uint8_t { word, wide, text };

// A flat answer's arrays.
struct FlatState {
  std::vector<std::int32_t> words;
  std::vector<std::int64_t> longs;
  std::vector<std::uint8_t> pool;
  std::vector<std::uint32_t> ends;

  bool operator==(const FlatState&) const = default;
};

// UTF-16 units of well-formed UTF-8: one per byte that starts a character, two for a 4-byte one.
// ASCII runs 8 bytes at a time.
inline std::uint32_t utf16Length(std::string_view s) {
  const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
  const std::size_t n = s.size();
  std::size_t units = 0, i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    if ((w & 0x8080808080808080ull) == 0) {
      units += 8;
      continue;
    }
    for (std::size_t k = i; k < i + 8; ++k) units += (p[k] & 0xC0) != 0x80 ? 1u + (p[k] >= 0xF0) : 0u;
  }
  for (; i < n; ++i) units += (p[i] & 0xC0) != 0x80 ? 1u + (p[i] >= 0xF0) : 0u;
  return static_cast<std::uint32_t>(units);
}

// Appends to a FlatState's sections (a string: its bytes to the pool, its UTF-16 end to ends).
class Flattener {
 public:
  // Strings continue after those `out` holds.
  explicit Flattener(FlatState& out) : out_(out), units_(out.ends.empty() ? 0 : out.ends.back()) {}
  void word(std::int32_t v) { out_.words.push_back(v); }
  void wide(std::int64_t v) { out_.longs.push_back(v); }
  void text(std::string_view s) {
    // Bytes to bytes: one memcpy, where chars to bytes was a loop of one byte at a time (run once
    // per result, in wasm it is still baseline code: a third of the flat state's time).
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(s.data());
    out_.pool.insert(out_.pool.end(), bytes, bytes + s.size());
    units_ += utf16Length(s);
    out_.ends.push_back(units_);
  }
  void count(std::size_t n) { word(static_cast<std::int32_t>(n)); }

 private:
  FlatState& out_;
  std::uint32_t units_;
};

// A flat answer at the module's boundary (wasm/bindings/flat_block.h): its arrays' addresses and
// lengths, a u32 each, in this order (FlatBlockWord; tables_gen emits FLAT_BLOCK, by which
// wasm/api/flat-layout.js flatSections reads them).
#define FLAT_BLOCK_WORDS(X) X(words) X(wordCount) X(longs) X(longCount) X(pool) X(poolSize) X(ends) X(endCount)
#define FLAT_BLOCK_ENUM(name) kFlatBlock_##name,
enum FlatBlockWord : std::size_t { FLAT_BLOCK_WORDS(FLAT_BLOCK_ENUM) kFlatBlockWords };
#undef FLAT_BLOCK_ENUM

struct FlatSection {
  FlatKind kind;
  std::string_view group, field;
  int count;  // the index of a count, or kFlatOne
};
inline constexpr int kFlatOne = -1;

// What tables_gen emits of a layout.
struct FlatLayoutInfo {
  std::string_view name;
  std::span<const std::string_view> counts;  // own counts first
  std::size_t own_counts;
  std::span<const FlatSection> sections;
};

// Declares a layout's enums and tables as struct `ns` (in the enclosing namespace), its name `name`
// (FLAT_LAYOUTS' key), from its X-macros:
//   COUNTS(X): X(name, own) (own: 1 written at the start of words, 0 given by the layout before);
//   SECTIONS(X): X(kind, group, field, count) with kind word | wide | text, count a count's name
//   or one. Sections are named group_field.
#define FLAT_COUNT_ENUM(name, own) name,
#define FLAT_COUNT_NAME(name, own) #name,
#define FLAT_COUNT_OWN(name, own) +(own)
#define FLAT_SECTION_ENUM(kind, group, field, count) group##_##field,
#define FLAT_SECTION_ROW(kind, group, field, count) {::coordination::FlatKind::kind, #group, #field, count},
#define FLAT_LAYOUT(ns, name, COUNTS, SECTIONS)                                                              \
  struct ns {                                                                                                \
    enum Count : int { one = ::coordination::kFlatOne, COUNTS(FLAT_COUNT_ENUM) kCounts };                    \
    enum Section : int { SECTIONS(FLAT_SECTION_ENUM) kSections };                                            \
    static constexpr std::string_view kCountNames[] = {COUNTS(FLAT_COUNT_NAME)};                             \
    static constexpr std::size_t kOwnCounts = 0 COUNTS(FLAT_COUNT_OWN);                                      \
    static constexpr ::coordination::FlatSection kSectionTable[] = {SECTIONS(FLAT_SECTION_ROW)};             \
    static constexpr ::coordination::FlatLayoutInfo kInfo{name, kCountNames, kOwnCounts, kSectionTable};     \
    using Writer = ::coordination::FlatWriter<kCounts, kOwnCounts, std::size(kSectionTable), kSectionTable>; \
  };

// What every fold's layout holds alike (state, groups, transactions): the head's record count and
// the caps' omitted counts, and the errors (key: the fold's key, "" when the key did not decode;
// value: the line when hasLine, else the offset). putErrors (log/state_flat.h) writes them.
#define FLAT_FOLD_HEAD_SECTIONS(X)     \
  X(wide, head, records, one)          \
  X(wide, head, anomaliesOmitted, one) \
  X(wide, head, errorsOmitted, one)
#define FLAT_FOLD_ERROR_SECTIONS(X)  \
  X(word, errors, hasLine, errors)   \
  X(word, errors, partition, errors) \
  X(wide, errors, value, errors)     \
  X(text, errors, code, errors)      \
  X(text, errors, field, errors)     \
  X(text, errors, message, errors)   \
  X(text, errors, key, errors)

// Places a layout's sections from all its counts: at[s] is where section s starts in its kind's
// array (words: after the `own` counts); returns each kind's length (word, wide, text). FlatWriter
// writes there, and a C++ reader reads there (tests/fuzz/fuzz_log.cpp).
inline std::array<std::size_t, 3> flatPlace(std::span<const FlatSection> sections, std::size_t own,
                                            std::span<const std::size_t> counts, std::span<std::size_t> at) {
  std::array<std::size_t, 3> size = {own, 0, 0};
  for (std::size_t s = 0; s < sections.size(); ++s) {
    const auto k = static_cast<std::size_t>(sections[s].kind);
    at[s] = size[k];
    size[k] += sections[s].count == kFlatOne ? 1 : counts[static_cast<std::size_t>(sections[s].count)];
  }
  return size;
}

// Writes one layout after what `out` holds already: the own counts at once, each section in place
// at the position the description gives it (words and longs), strings kept by position and
// written in order by finish(). put<section>(i, value) checks at compile time that the value
// fits the section's kind.
template <std::size_t kCountsN, std::size_t kOwn, std::size_t N, const FlatSection (&kTable)[N]>
class FlatWriter {
 public:
  FlatWriter(FlatState& out, const std::array<std::size_t, kCountsN>& counts) : out_(out) {
    const auto size = flatPlace(kTable, kOwn, counts, at_);
    words_ = out.words.size();
    for (std::size_t c = 0; c < kOwn; ++c) out.words.push_back(static_cast<std::int32_t>(counts[c]));
    out.words.resize(words_ + size[0]);
    longs_ = out.longs.size();
    out.longs.resize(longs_ + size[1]);
    texts_.assign(size[2], {});
  }

  // (A string by reference: its view is kept until finish().)
  template <int S, typename V>
  void put(std::size_t i, const V& v) {
    constexpr FlatKind kind = kTable[S].kind;
    if constexpr (kind == FlatKind::text) {
      static_assert(std::is_convertible_v<const V&, std::string_view>, "a string section");
      texts_[at_[S] + i] = std::string_view(v);
    } else if constexpr (kind == FlatKind::word) {
      static_assert(std::is_integral_v<V>, "a word section");
      out_.words[words_ + at_[S] + i] = static_cast<std::int32_t>(v);
    } else {
      static_assert(std::is_integral_v<V>, "a long section");
      out_.longs[longs_ + at_[S] + i] = static_cast<std::int64_t>(v);
    }
  }
  // Every element of a number section from a range: put<S>(i, fn(range[i])).
  template <int S, typename Range, typename Fn>
  void each(const Range& range, Fn fn) {
    static_assert(kTable[S].kind != FlatKind::text, "fn's strings would not outlive finish()");
    std::size_t i = 0;
    for (const auto& x : range) put<S>(i++, fn(x));
  }

  // The strings, in the layout's order, to the pool.
  void finish() {
    std::size_t bytes = 0;
    for (const std::string_view s : texts_) bytes += s.size();
    out_.pool.reserve(out_.pool.size() + bytes);
    out_.ends.reserve(out_.ends.size() + texts_.size());
    Flattener f(out_);
    for (const std::string_view s : texts_) f.text(s);
  }

 private:
  FlatState& out_;
  std::array<std::size_t, N> at_{};
  std::size_t words_ = 0, longs_ = 0;
  std::vector<std::string_view> texts_;
};

}  // namespace coordination
