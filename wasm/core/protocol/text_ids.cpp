#include "protocol/text_ids.h"

#include <algorithm>
#include <bit>

#include "wire/words.h"

namespace coordination::protocol {

namespace {

// Each word multiplied on its own (the multiplications do not wait for each other: only a rotate
// and an xor chain the words), then the murmur3 finalizer; a text of 8 bytes or more ends with its
// last eight bytes (overlapping the word before: the length is hashed too, so no ambiguity).
std::uint64_t hashOf(const std::uint8_t* p, std::size_t n) {
  constexpr std::uint64_t kMul = 0x9E3779B97F4A7C15ull;
  std::uint64_t h = n;
  std::size_t i = 0;
  for (; i + 8 < n; i += 8) h = std::rotl(h, 23) ^ (loadWord(p + i) * kMul);
  h = std::rotl(h, 23) ^ ((n >= 8 ? loadWord(p + n - 8) : shortWord(p, n)) * kMul);
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDull;
  h ^= h >> 33;
  return h;
}

}  // namespace

void TextIds::place(std::uint64_t hash, std::int32_t id) {
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = hash & mask;
  while (slots_[i] >= 0) i = (i + 1) & mask;
  slots_[i] = id;
}

std::int32_t TextIds::idOf(const ProduceRequest& request, Slice s) {
  if (s.null()) return -1;
  const auto bytes = request.bytes(s);
  const std::uint64_t h = hashOf(bytes.data(), bytes.size());
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = h & mask; slots_[i] >= 0; i = (i + 1) & mask) {
    const Known& k = known_[static_cast<std::size_t>(slots_[i])];
    if (k.hash == h && k.size == bytes.size() && sameBytes(k.data, bytes.data(), k.size)) {
      return slots_[i];
    }
  }
  const auto id = static_cast<std::int32_t>(texts.size());
  texts.push_back(s);
  known_.push_back(Known{bytes.data(), bytes.size(), h});
  if (2 * known_.size() > slots_.size()) {
    slots_.assign(2 * slots_.size(), -1);
    for (std::size_t k = 0; k < known_.size(); ++k) place(known_[k].hash, static_cast<std::int32_t>(k));
  } else {
    place(h, id);
  }
  return id;
}

void TextIds::number(const ProduceRequest& request) {
  texts.clear();
  known_.clear();
  slots_.assign(std::max<std::size_t>(slots_.size(), 1024), -1);
  decoded.resize(3 * request.decoded.size());
  for (std::size_t i = 0; i < request.decoded.size(); ++i) {
    const CoordinationRecord& c = request.decoded[i];
    decoded[3 * i] = idOf(request, c.role);
    decoded[3 * i + 1] = idOf(request, c.key_member);
    // A registration's value names the key's member again: its number without a lookup.
    const auto key_member = request.bytes(c.key_member), member = request.bytes(c.member);
    const bool same = !c.member.null() && !c.key_member.null() && member.size() == key_member.size() &&
                      sameBytes(member.data(), key_member.data(), member.size());
    decoded[3 * i + 2] = same ? decoded[3 * i + 1] : idOf(request, c.member);
  }
  header_keys.resize(request.headers.size());
  for (std::size_t i = 0; i < request.headers.size(); ++i) header_keys[i] = idOf(request, request.headers[i].key);
}

}  // namespace coordination::protocol
