// A FlatState (log/state_flat.h) at the boundary of the whole-topic module: the kFlatBlockWords
// words describing it (log/flat_layout.h FLAT_BLOCK_WORDS), which wasm/api/flat-layout.js
// flatSections reads. Shared by the coordination fold (log_bindings.cpp), the transaction log
// (transactions_bindings.cpp) and the groups (groups_bindings.cpp).
#pragma once

#include <cstdint>

#include "log/state_flat.h"

namespace coordination {

// Writes `s`'s description at `block` and returns it.
inline const std::uint32_t* flatBlock(const FlatState& s, std::uint32_t* block) {
  auto address = [](const void* p) { return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(p)); };
  block[kFlatBlock_words] = address(s.words.data());
  block[kFlatBlock_wordCount] = static_cast<std::uint32_t>(s.words.size());
  block[kFlatBlock_longs] = address(s.longs.data());
  block[kFlatBlock_longCount] = static_cast<std::uint32_t>(s.longs.size());
  block[kFlatBlock_pool] = address(s.pool.data());
  block[kFlatBlock_poolSize] = static_cast<std::uint32_t>(s.pool.size());
  block[kFlatBlock_ends] = address(s.ends.data());
  block[kFlatBlock_endCount] = static_cast<std::uint32_t>(s.ends.size());
  return block;
}

}  // namespace coordination
