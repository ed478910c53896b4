// The neutral tree (wasm/core/tree/tree.h: nodes, error, warnings) as plain JS objects, for the
// whole-topic module's inspect entries (log_bindings.cpp: ProduceRequest; schema_bindings.cpp:
// the schema-generated messages). i64 node values as decimal strings. Not a hot path.
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "tree/tree.h"

namespace treeobjects {

inline emscripten::val errorObject(const tree::Error& e) {
  emscripten::val o = emscripten::val::object();
  o.set("code", std::string(e.code));
  o.set("offset", static_cast<double>(e.offset));
  o.set("field", e.field);
  o.set("message", e.message);
  return o;
}

// { fields, error, warnings }: the flat nodes (pre-order, parent indices) that nestFields nests.
inline emscripten::val inspectionObject(const std::vector<tree::Node>& nodes, const std::optional<tree::Error>& error,
                                        const std::vector<tree::Warning>& warnings) {
  using emscripten::val;
  val out = val::object();
  val fields = val::array();
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const tree::Node& f = nodes[i];
    val n = val::object();
    n.set("path", f.path);
    n.set("name", f.name);
    n.set("wireType", std::string(f.wire_type));
    n.set("offset", static_cast<double>(f.offset));
    n.set("length", static_cast<double>(f.length));
    if (const auto* iv = std::get_if<std::int64_t>(&f.value)) n.set("int", std::to_string(*iv));
    if (const auto* t = std::get_if<std::string>(&f.value)) n.set("text", *t);
    if (!f.meaning.empty()) n.set("meaning", f.meaning);
    n.set("parent", f.parent);
    n.set("complete", f.complete);
    fields.set(i, n);
  }
  out.set("fields", fields);
  out.set("error", error ? errorObject(*error) : val::null());
  val list = val::array();
  for (std::size_t i = 0; i < warnings.size(); ++i) {
    const tree::Warning& w = warnings[i];
    val o = val::object();
    o.set("code", std::string(w.code));
    o.set("field", w.field);
    o.set("offset", static_cast<double>(w.offset));
    o.set("length", static_cast<double>(w.length));
    o.set("message", w.message);
    list.set(i, o);
  }
  out.set("warnings", list);
  return out;
}

}  // namespace treeobjects
