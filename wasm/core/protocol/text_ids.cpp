#include "protocol/text_ids.h"

#include <algorithm>
#include <cstring>

namespace coordination::protocol {

namespace {

// 64-bit multiplicative hashing, eight bytes at a time (memcpy: no alignment assumption).
std::uint64_t hashOf(const std::uint8_t* p, std::size_t n) {
  constexpr std::uint64_t kMul = 0x9E3779B97F4A7C15ull;
  std::uint64_t h = n * kMul;
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    h = (h ^ w) * kMul;
    h ^= h >> 29;
  }
  std::uint64_t tail = 0;
  if (i < n) std::memcpy(&tail, p + i, n - i);
  h = (h ^ tail) * kMul;
  return h ^ (h >> 32);
}

// memcmp is a byte loop in the wasm build's libc: eight bytes at a time instead.
bool sameBytes(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t x, y;
    std::memcpy(&x, a + i, 8);
    std::memcpy(&y, b + i, 8);
    if (x != y) return false;
  }
  for (; i < n; ++i)
    if (a[i] != b[i]) return false;
  return true;
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
    decoded[3 * i + 2] = idOf(request, c.member);
  }
  header_keys.resize(request.headers.size());
  for (std::size_t i = 0; i < request.headers.size(); ++i) header_keys[i] = idOf(request, request.headers[i].key);
}

}  // namespace coordination::protocol
