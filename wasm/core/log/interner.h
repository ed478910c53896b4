// Byte strings stored once each and numbered in first-seen order (the fold's keys, role names and
// member names). The bytes live in chunks that never move, so views stay valid while the table
// lives; an open-addressing index finds them (linear probing, id + 1, 0 empty, a power of two at
// most half full): one probe and one comparison per lookup where std::unordered_map<std::string>
// took a third of the fold's time and a heap block per string.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace coordination {

class Interner {
 public:
  using Bytes = std::span<const std::uint8_t>;
  static constexpr std::uint32_t kNone = UINT32_MAX;

  // The tag is part of the identity (the fold's keys: the partition).
  static std::uint32_t hash(std::uint32_t tag, Bytes bytes);
  // The id of (tag, bytes), or kNone; `hash` is hash(tag, bytes).
  std::uint32_t find(std::uint32_t tag, Bytes bytes, std::uint32_t hash) const;
  // A new id for (tag, bytes), which find did not find.
  std::uint32_t add(std::uint32_t tag, Bytes bytes, std::uint32_t hash);
  // find, or add; `added` says which.
  std::uint32_t intern(std::uint32_t tag, Bytes bytes, bool& added) {
    const std::uint32_t h = hash(tag, bytes);
    const std::uint32_t id = find(tag, bytes, h);
    added = id == kNone;
    return added ? add(tag, bytes, h) : id;
  }

  Bytes bytes(std::uint32_t id) const { return {entries_[id].data, entries_[id].size}; }
  std::string_view text(std::uint32_t id) const {
    return {reinterpret_cast<const char*>(entries_[id].data), entries_[id].size};
  }
  std::uint32_t tag(std::uint32_t id) const { return entries_[id].tag; }
  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    const std::uint8_t* data;
    std::uint32_t size;
    std::uint32_t hash;  // the low half of the 64-bit hash: enough to skip most comparisons
    std::uint32_t tag;
  };
  const std::uint8_t* store(Bytes bytes);

  std::vector<Entry> entries_;
  std::vector<std::uint32_t> index_;
  std::vector<std::unique_ptr<std::uint8_t[]>> chunks_;
  std::uint8_t* free_ = nullptr;  // the unused end of the last chunk
  std::size_t free_size_ = 0;
};

}  // namespace coordination
