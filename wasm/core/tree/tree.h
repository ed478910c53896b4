// The format-neutral result of inspecting bytes: a field tree, an error, warnings. Every format's
// decoder (coordination/ now; streams/, log/ next) produces these same shapes, so the wasm
// boundary, the JS API and the viewer render any format without knowing it.
//
// How a new format's decoder uses them (the coordination records do exactly this, see
// coordination/decoder.h and coordination/inspect.cpp):
//
//   1. Describe the format once in a table header (X-macros, like coordination/table.h): fields
//      (path pattern, wire type, bounds rule, meaning), error codes, warning codes, each with a
//      one-line description. Add the header to tests/native/tables_gen.cpp so the JS/TypeScript
//      tables are generated from it.
//   2. Write ONE decoder, templated on a Sink (tree/sink.h), over the bounded Reader
//      (wire/reader.h). The fast path passes tree::NullSink (empty inline calls: no allocation,
//      no strings); inspect passes tree::TreeSink. The decoder reports each field as it reads it
//      (enter/enterIndex/leave for groups, scalar/text/raw for leaves: offset, length, wire type,
//      value, complete), and on failure calls sink.fail() and returns its own typed error (code
//      enum from its table, offset, field path, facts for the message).
//   3. TreeSink turns those calls into tree::Node with full dynamic paths
//      ("subscription.prev_tasks[3].partition", built with tree::Path), each naming its parent by
//      index; the format converts its typed error into a tree::Error (code name, offset, field
//      path, message), as coordination::neutralError does. The wasm boundary sends Node, Error
//      and Warning across unchanged in shape, whatever the format.
//
// One tree shape: a flat vector in pre-order (wire order) where each node names its parent's index
// (-1 at top level). The JS API turns it into the nested `children` form of wasm/api/index.d.ts once,
// at the boundary; nothing flattens it again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "tree/wire_types.h"

namespace tree {

// A decoded value: integers as int64, strings as their UTF-8 text. monostate when the bytes ran
// out before the field's end or a string's body is not UTF-8; a value that fails a check (version
// 5, a 300-byte role) is kept.
using Value = std::variant<std::monostate, std::int64_t, std::string>;

struct Node {
  std::string path;            // "lease.member", "batch[2].records[5].key", "lease.member.length"
  std::string name;            // last path segment ("member", "key", "[5]")
  std::string_view wire_type;  // a tree::wireTypeName(): "i16", "string", "utf8", ...
  std::size_t offset = 0;      // first byte in the input
  std::size_t length = 0;      // bytes covered
  Value value;
  std::string meaning;   // optional words for the value, e.g. "lease" for kind 1
  int parent = -1;       // index of the parent node, -1 at top level
  bool complete = true;  // false for the field that failed (read up to the failure)
};

// The error shape every format reports at the boundary. `code` is a stable name from the format's
// error table ("TRUNCATED", ...), `field` the path of the failing field (or the record).
struct Error {
  std::string_view code;
  std::size_t offset = 0;
  std::string field;
  std::string message;
};

// A fact worth showing that is not an error. `code` from the format's warning table.
struct Warning {
  std::string_view code;
  std::string field;  // path of the field concerned
  std::size_t offset = 0;
  std::size_t length = 0;
  std::string message;
};

// A dynamic field path: segments joined with '.', array elements as [i]. Reused in a decoder
// loop by truncating back to a saved size (mark()/reset()), so building paths allocates rarely.
class Path {
 public:
  Path() = default;
  explicit Path(std::string_view root) : text_(root) {}
  // A name that starts with '[' ("[3]", a leaf element of an array) joins without a '.'.
  Path& field(std::string_view name) {
    if (!text_.empty() && !name.starts_with('[')) text_ += '.';
    text_ += name;
    return *this;
  }
  Path& index(std::size_t i) {
    text_ += '[';
    text_ += std::to_string(i);
    text_ += ']';
    return *this;
  }
  std::size_t mark() const { return text_.size(); }
  void reset(std::size_t mark) { text_.resize(mark); }
  const std::string& str() const { return text_; }

 private:
  std::string text_;
};

// "lease.member" -> "member"; "records[5]" -> "[5]".
inline std::string_view lastSegment(std::string_view path) {
  const auto cut = path.find_last_of(".[");
  if (cut == std::string_view::npos) return path;
  return path[cut] == '[' ? path.substr(cut) : path.substr(cut + 1);
}

// Room for a record's nodes at once, reserved by whatever builds a tree: grown 1, 2, 4, ... the
// vector moved every node's strings on each step (14% of a lease's inspect under the sanitizers).
inline constexpr std::size_t kRecordNodes = 16;

// Appends nodes in pre-order; open() returns the new node's index for its children's parent.
class Builder {
 public:
  explicit Builder(std::vector<Node>& nodes) : nodes_(nodes) {
    if (nodes_.capacity() < kRecordNodes) nodes_.reserve(kRecordNodes);
  }
  int add(std::string_view path, WireType wire, std::size_t offset, std::size_t length, int parent, bool complete) {
    Node n;
    n.path = std::string(path);
    n.name = std::string(lastSegment(path));
    n.wire_type = wireTypeName(wire);
    n.offset = offset;
    n.length = length;
    n.parent = parent;
    n.complete = complete;
    nodes_.push_back(std::move(n));
    return static_cast<int>(nodes_.size() - 1);
  }
  Node& at(int index) { return nodes_[static_cast<std::size_t>(index)]; }

 private:
  std::vector<Node>& nodes_;
};

}  // namespace tree
