// The sink interface a format's ONE decoder reports to, for formats with dynamic paths (arrays,
// nested records: log/, protocol/; streams/ writes flat nodes instead, README.md, "A new format").
// The decoder is a template on the sink:
//
//   template <typename Sink>
//   std::optional<MyError> decodeSubscription(wire::Reader& r, Sink& sink, SubscriptionView& out) {
//     sink.enter("subscription", tree::WireType::record, r.position());
//     ... read version; sink.scalar("version", tree::WireType::i32, at, 4, true, version);
//     sink.enter("prev_tasks", tree::WireType::array, at);
//     for (i...) { sink.enterIndex(i, tree::WireType::record, at);
//                  sink.scalar("partition", tree::WireType::i32, at, 4, true, p);   // path
//                  sink.leave(r.position()); }                 // subscription.prev_tasks[3].partition
//     sink.leave(r.position()); ...
//     on failure: sink.fail(); return the typed error;  (the field being read is marked incomplete)
//   }
//
// - tree::NullSink: every member is an empty inline function; the fast path (decode, batch)
//   passes it and pays nothing: no strings, no allocation.
// - tree::TreeSink: builds tree::Node (tree/tree.h) in pre-order with parent indices and the full
//   dynamic path of each node; inspect passes it.
// Names passed to the sink are string literals or views that outlive the call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tree/tree.h"
#include "tree/wire_types.h"

namespace tree {

struct NullSink {
  void enter(std::string_view, WireType, std::size_t) {}
  void enterIndex(std::size_t, WireType, std::size_t) {}
  void leave(std::size_t) {}
  void scalar(std::string_view, WireType, std::size_t, std::size_t, bool, std::int64_t) {}
  void text(std::string_view, WireType, std::size_t, std::size_t, bool, std::string_view) {}
  void raw(std::string_view, WireType, std::size_t, std::size_t, bool) {}
  void meaning(std::string_view) {}
  void fail() {}
};

class TreeSink {
 public:
  explicit TreeSink(std::vector<Node>& nodes) : builder_(nodes), nodes_(nodes) {}

  // Opens a group (record, array, element); its length is set by leave(end).
  void enter(std::string_view name, WireType wire, std::size_t offset) {
    open(push([&] { path_.field(name); }), wire, offset);
  }
  void enterIndex(std::size_t index, WireType wire, std::size_t offset) {
    open(push([&] { path_.index(index); }), wire, offset);
  }
  void leave(std::size_t end) {
    Node& n = builder_.at(stack_.back().node);
    n.length = end - n.offset;
    path_.reset(stack_.back().mark);
    stack_.pop_back();
  }
  // A leaf: an integer (complete = false: cut short, no value).
  void scalar(std::string_view name, WireType wire, std::size_t offset, std::size_t length, bool complete,
              std::int64_t value) {
    Node& n = leaf(name, wire, offset, length, complete);
    if (complete) n.value = value;
  }
  // A leaf holding text (well-formed UTF-8 when complete).
  void text(std::string_view name, WireType wire, std::size_t offset, std::size_t length, bool complete,
            std::string_view value) {
    Node& n = leaf(name, wire, offset, length, complete);
    if (complete) n.value = std::string(value);
  }
  // A leaf shown only as its byte range (raw bytes, a CRC span, ...).
  void raw(std::string_view name, WireType wire, std::size_t offset, std::size_t length, bool complete) {
    leaf(name, wire, offset, length, complete);
  }
  // Words for the last node's value ("lease" for kind 1).
  void meaning(std::string_view words) {
    if (!nodes_.empty()) nodes_.back().meaning = std::string(words);
  }
  // The decode failed in the last node and every group still open: they are incomplete.
  void fail() {
    if (!nodes_.empty()) nodes_.back().complete = false;
    for (const Open& o : stack_) builder_.at(o.node).complete = false;
  }

 private:
  struct Open {
    int node;
    std::size_t mark;
  };
  template <typename Extend>
  std::size_t push(Extend extend) {
    const std::size_t mark = path_.mark();
    extend();
    return mark;
  }
  int parent() const { return stack_.empty() ? -1 : stack_.back().node; }
  void open(std::size_t mark, WireType wire, std::size_t offset) {
    const int node = builder_.add(path_.str(), wire, offset, 0, parent(), true);
    stack_.push_back(Open{node, mark});
  }
  Node& leaf(std::string_view name, WireType wire, std::size_t offset, std::size_t length, bool complete) {
    const std::size_t mark = path_.mark();
    path_.field(name);
    const int node = builder_.add(path_.str(), wire, offset, length, parent(), complete);
    path_.reset(mark);
    return builder_.at(node);
  }

  Builder builder_;
  std::vector<Node>& nodes_;
  Path path_;
  std::vector<Open> stack_;
};

// After a failed decode: the groups still open at the failure were never left, so each ends
// where its last child ends (the hand-written decoders' rule for an incomplete group).
inline void endOpenGroups(std::vector<Node>& nodes) {
  for (std::size_t i = nodes.size(); i-- > 0;) {
    const Node& n = nodes[i];
    if (n.parent < 0) continue;
    Node& p = nodes[static_cast<std::size_t>(n.parent)];
    if (!p.complete && p.offset + p.length < n.offset + n.length) p.length = n.offset + n.length - p.offset;
  }
}

}  // namespace tree
