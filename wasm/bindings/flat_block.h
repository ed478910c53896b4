// A FlatState (log/state_flat.h) at the boundary of the whole-topic module: eight words describing
// it (words, word count, longs, long count, pool, pool size, ends, end count), which wasm/api/log-api.js
// readFlatState reads. Shared by the coordination fold (log_bindings.cpp) and the transaction log
// (transactions_bindings.cpp).
#pragma once

#include <algorithm>
#include <cstdint>

#include "log/state_flat.h"

namespace coordination {

// Writes `s`'s description into `block` and returns it.
inline const std::uint32_t* flatBlock(const FlatState& s, std::uint32_t (&block)[8]) {
  auto address = [](const void* p) { return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(p)); };
  const std::uint32_t words[8] = {address(s.words.data()), static_cast<std::uint32_t>(s.words.size()),
                                  address(s.longs.data()), static_cast<std::uint32_t>(s.longs.size()),
                                  address(s.pool.data()),  static_cast<std::uint32_t>(s.pool.size()),
                                  address(s.ends.data()),  static_cast<std::uint32_t>(s.ends.size())};
  std::copy(words, words + 8, block);
  return block;
}

}  // namespace coordination
