// Seeded random coordination records and their mutations, for the property tests and the
// differential test of the spec-generated decoder (deterministic: splitmix64, fixed seeds).
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "coordination/coordination_codec.h"

namespace testrandom {

using namespace coordination;

struct Rng {  // splitmix64
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  std::uint64_t below(std::uint64_t n) { return next() % n; }
  bool chance(int percent) { return below(100) < static_cast<std::uint64_t>(percent); }
};

inline void appendUtf8(std::string& s, std::uint32_t cp) {
  if (cp < 0x80) {
    s += static_cast<char>(cp);
  } else if (cp < 0x800) {
    s += static_cast<char>(0xC0 | (cp >> 6));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    s += static_cast<char>(0xE0 | (cp >> 12));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    s += static_cast<char>(0xF0 | (cp >> 18));
    s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

inline std::uint32_t randomCodePoint(Rng& r) {
  switch (r.below(8)) {
    case 0:
      return static_cast<std::uint32_t>(r.below(0x80));  // any ASCII incl. U+0000
    case 1:
      return static_cast<std::uint32_t>(0x80 + r.below(0x800 - 0x80));  // 2 bytes
    case 2: {
      std::uint32_t cp;
      do cp = static_cast<std::uint32_t>(0x800 + r.below(0x10000 - 0x800));
      while (cp >= 0xD800 && cp <= 0xDFFF);
      return cp;  // 3 bytes
    }
    case 3:
      return static_cast<std::uint32_t>(0x10000 + r.below(0x110000 - 0x10000));  // 4 bytes
    case 4: {
      static constexpr std::uint32_t kEdges[] = {0x7F,    0x80,     0x7FF,  0x800,  0xD7FF, 0xE000, 0xFFFF,
                                                 0x10000, 0x10FFFF, 0x200B, 0x202E, 0xFEFF, 0};
      return kEdges[r.below(sizeof kEdges / sizeof kEdges[0])];
    }
    default:
      return static_cast<std::uint32_t>('a' + r.below(26));
  }
}

// A well-formed string of min..max bytes.
inline std::string randomString(Rng& r, std::size_t min, std::size_t max) {
  std::size_t target = min + static_cast<std::size_t>(r.below(max - min + 1));
  if (r.chance(10)) target = r.chance(50) ? min : max;
  std::string s;
  while (s.size() < target) {
    std::string c;
    appendUtf8(c, randomCodePoint(r));
    if (s.size() + c.size() > target) c = "x";
    s += c;
  }
  return s;
}

inline std::int64_t randomI64(Rng& r) {
  switch (r.below(5)) {
    case 0:
      return std::numeric_limits<std::int64_t>::min();
    case 1:
      return std::numeric_limits<std::int64_t>::max();
    case 2:
      return static_cast<std::int64_t>(r.below(1000)) - 500;
    default:
      return static_cast<std::int64_t>(r.next());
  }
}
inline std::int64_t randomNonNegI64(Rng& r) {
  if (r.chance(10)) return std::numeric_limits<std::int64_t>::max();
  if (r.chance(10)) return 0;
  return static_cast<std::int64_t>(r.next() >> 1);
}
inline std::int16_t randomNonNegI16(Rng& r) {
  if (r.chance(10)) return 32767;
  if (r.chance(10)) return 0;
  return static_cast<std::int16_t>(r.below(32768));
}

inline CoordinationKey randomKey(Rng& r) {
  CoordinationKey k;
  k.kind = r.chance(50) ? RecordKind::lease : RecordKind::registration;
  k.role = randomString(r, 1, 255);
  k.member = k.kind == RecordKind::lease ? "" : randomString(r, 1, 255);
  return k;
}
inline Registration randomRegistration(Rng& r) { return {randomString(r, 1, 255), randomI64(r)}; }
inline Lease randomLease(Rng& r) {
  return {randomString(r, 1, 255), randomNonNegI64(r), randomNonNegI16(r), randomI64(r), randomI64(r)};
}

// 1 to 3 edits: a byte changed, a bit flipped, the bytes cut short, a byte inserted, a byte
// removed, 1-4 bytes appended, a byte set to one that matters to UTF-8 or a length.
inline std::vector<std::uint8_t> mutate(Rng& r, std::vector<std::uint8_t> b) {
  const int edits = 1 + static_cast<int>(r.below(3));
  for (int i = 0; i < edits; ++i) {
    switch (r.below(7)) {
      case 0:
        if (!b.empty()) b[r.below(b.size())] = static_cast<std::uint8_t>(r.next());
        break;
      case 1:
        if (!b.empty()) b[r.below(b.size())] ^= static_cast<std::uint8_t>(1u << r.below(8));
        break;
      case 2:
        b.resize(static_cast<std::size_t>(r.below(b.size() + 1)));
        break;
      case 3: {  // the place, then the byte: the same inputs from every compiler
        const auto at = static_cast<std::ptrdiff_t>(r.below(b.size() + 1));
        b.insert(b.begin() + at, static_cast<std::uint8_t>(r.next()));
        break;
      }
      case 4:
        if (!b.empty()) b.erase(b.begin() + static_cast<std::ptrdiff_t>(r.below(b.size())));
        break;
      case 5:
        for (std::uint64_t n = 1 + r.below(4); n > 0; --n) b.push_back(static_cast<std::uint8_t>(r.next()));
        break;
      default: {
        static constexpr std::uint8_t kBytes[] = {0x00, 0x80, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xFF, 0x7F};
        if (!b.empty()) b[r.below(b.size())] = kBytes[r.below(sizeof kBytes)];
      }
    }
  }
  return b;
}

}  // namespace testrandom
