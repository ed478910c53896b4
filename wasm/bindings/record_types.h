// A family's record types at the boundary of the whole-topic module (groups_bindings.cpp,
// sharestate_bindings.cpp): rows [type, key message id, value message id], the ids of
// wasm/generated/schema/messages.js's MESSAGES (clustermetadata_bindings.cpp's rows, keyless, take
// messageId alone).
#pragma once

#include <emscripten/val.h>

#include <string>
#include <string_view>

#include "generated/schema/messages.h"

namespace recordtypes {

// The id of the generated message named `name`; -1 for none.
inline int messageId(std::string_view name) {
  namespace cs = coordination::schema;
  for (int k = 0; k < cs::kMessageCount; ++k) {
    bool same = false;
    cs::withMessage(k, [&](auto m) { same = decltype(m)::name == name; });
    if (same) return k;
  }
  return -1;
}

// Appends the row of one record type to `out`.
inline void addRow(emscripten::val& out, std::string_view type, std::string_view key, std::string_view value) {
  emscripten::val row = emscripten::val::array();
  row.set(0, std::string(type));
  row.set(1, messageId(key));
  row.set(2, messageId(value));
  out.call<void>("push", row);
}

}  // namespace recordtypes
