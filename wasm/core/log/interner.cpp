#include "log/interner.h"

#include <algorithm>
#include <cstring>

#include "wire/words.h"

namespace coordination {
namespace {

// 8 bytes at a time, multiply-xorshift (splitmix64's finalizer): the keys share long prefixes
// ("\0\0\0\0" + role), so every byte must reach every bit.
std::uint64_t hashBytes(std::uint32_t tag, std::span<const std::uint8_t> bytes) {
  auto mix = [](std::uint64_t h, std::uint64_t w) {
    h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 31);
  };
  std::uint64_t h = 0x9E3779B97F4A7C15ull ^ tag ^ (std::uint64_t{bytes.size()} << 32);
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) h = mix(h, loadWord(bytes.data() + i));
  h = mix(h, tailWord(bytes.data(), i, bytes.size()));
  h ^= h >> 29;
  h *= 0x94D049BB133111EBull;
  return h ^ (h >> 32);
}

constexpr std::size_t kFirstChunk = 4096;
constexpr std::size_t kLargestChunk = std::size_t{1} << 20;

}  // namespace

const std::uint8_t* Interner::store(Bytes bytes) {
  if (bytes.empty()) return nullptr;
  if (bytes.size() > free_size_) {
    // Chunks grow from 4 KiB to 1 MiB (a small fold stays small); a longer string gets its own.
    const std::size_t grown = kFirstChunk << std::min<std::size_t>(chunks_.size(), 8);
    const std::size_t size = std::max(bytes.size(), std::min(grown, kLargestChunk));
    chunks_.push_back(std::make_unique<std::uint8_t[]>(size));
    free_ = chunks_.back().get();
    free_size_ = size;
  }
  std::uint8_t* at = free_;
  std::memcpy(at, bytes.data(), bytes.size());
  free_ += bytes.size();
  free_size_ -= bytes.size();
  return at;
}

std::uint32_t Interner::hash(std::uint32_t tag, Bytes bytes) {
  return static_cast<std::uint32_t>(hashBytes(tag, bytes));
}

std::uint32_t Interner::find(std::uint32_t tag, Bytes bytes, std::uint32_t h) const {
  if (index_.empty()) return kNone;
  const std::size_t mask = index_.size() - 1;
  for (std::size_t i = h & mask;; i = (i + 1) & mask) {
    const std::uint32_t at = index_[i];
    if (at == 0) return kNone;
    const Entry& e = entries_[at - 1];
    if (e.hash == h && e.tag == tag && sameBytes({e.data, e.size}, bytes)) return at - 1;
  }
}

std::uint32_t Interner::add(std::uint32_t tag, Bytes bytes, std::uint32_t h) {
  if ((entries_.size() + 1) * 2 > index_.size()) {
    index_.assign(std::max<std::size_t>(1024, index_.size() * 2), 0);
    const std::size_t mask = index_.size() - 1;
    for (std::size_t n = 0; n < entries_.size(); ++n) {
      std::size_t i = entries_[n].hash & mask;
      while (index_[i] != 0) i = (i + 1) & mask;
      index_[i] = static_cast<std::uint32_t>(n + 1);
    }
  }
  const std::size_t mask = index_.size() - 1;
  std::size_t i = h & mask;
  while (index_[i] != 0) i = (i + 1) & mask;
  entries_.push_back(Entry{store(bytes), static_cast<std::uint32_t>(bytes.size()), h, tag});
  index_[i] = static_cast<std::uint32_t>(entries_.size());
  return static_cast<std::uint32_t>(entries_.size() - 1);
}

}  // namespace coordination
