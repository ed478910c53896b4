// What the generated export declarations (wasm/generated/bindings/*.inc, from
// wasm/bindings/entry-points.mjs) convert with: an address in the wasm heap crosses the boundary as
// a plain number, whatever pointer type the hand-written function takes or returns.
#pragma once

#include <cstdint>

namespace entry_point {

struct HeapAddress {
  std::uintptr_t at;
  template <typename T>
  operator T*() const {
    return reinterpret_cast<T*>(at);
  }
  operator std::uintptr_t() const { return at; }
};

inline std::uintptr_t address(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }

}  // namespace entry_point
