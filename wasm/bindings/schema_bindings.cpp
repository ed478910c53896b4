// The schema-generated messages at the wasm boundary of the whole-topic module
// (wasm/core/schema/README.md, "The boundary"): one entry for every message, plain numbers in and
// out; wasm/api/schema-api.js reads the decoded message in place in the heap with the generated
// readers (wasm/generated/schema/messages.js).
//
//   schemaDecode(id, input, length, version, tree) -> the address of the block (layout.json
//     "block": root, pool, arenas), valid until the next call; 0 when the bytes are refused
//     (schemaError() says why). version -1: the bytes start with the message's version. tree:
//     inspect (schemaInspection(): the field tree, error, warnings), not only decode.
//   schemaLayout() -> every generated struct member's offset and size as the compiler lays them
//     out, for the test that compares them with layout.json.
#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "generated/schema/messages.h"
#include "tree/require.h"
#include "tree_objects.h"

namespace {

namespace cs = coordination::schema;
using emscripten::val;

std::uint32_t g_block[cs::kBlockWords];
std::optional<tree::Error> g_error;
cs::Inspection g_inspection;

// The decoded message of type M, kept from call to call: its arenas keep their memory.
template <typename Message>
typename Message::Decoded& decodedOf() {
  static typename Message::Decoded d;
  return d;
}

double schemaDecode(int id, std::uintptr_t input, std::size_t length, int version, bool tree) {
  const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(input), length);
  cs::Options options;
  if (version >= 0) options.version = static_cast<std::int16_t>(version);
  g_inspection = {};
  const bool known = cs::withMessage(id, [&](auto message) {
    using Message = decltype(message);
    auto& out = decodedOf<Message>();
    if (tree) {
      g_inspection = Message::inspect(bytes, out, options);
      g_error = g_inspection.error;
    } else {
      g_error = Message::decode(bytes, out, options);
    }
    if (!g_error)
      cs::blockOf<Message>(
          out, g_block, [](const void* p) { return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(p)); });
  });
  tree::require(known, "schemaDecode: no message with this id");
  return g_error ? 0.0 : static_cast<double>(reinterpret_cast<std::uintptr_t>(g_block));
}

val schemaError() { return g_error ? treeobjects::errorObject(*g_error) : val::null(); }

val schemaInspection() {
  return treeobjects::inspectionObject(g_inspection.fields, g_inspection.error, g_inspection.warnings);
}

val schemaLayout() {
  val rows = val::array();
  std::size_t i = 0;
  for (const cs::LayoutRow& r : cs::layoutRows()) {
    val row = val::array();
    row.set(0, r.message);
    row.set(1, std::string(r.structure));
    row.set(2, std::string(r.member));
    row.set(3, static_cast<double>(r.offset));
    row.set(4, static_cast<double>(r.size));
    rows.set(i++, row);
  }
  return rows;
}

}  // namespace

#include "generated/bindings/schema_bindings.inc"
