// The base of schema/decoding.h's Decoding: where the decoder is (the root, the frames, the
// leaf), how it fails and warns (the error's path and message), the primitives under the typed
// reads (fixed widths, varints, length prefixes, null and body nodes), and Kafka's records. The
// codes, frames and messages beside it are compiled once for both sinks (decoding.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "schema/decoded.h"
#include "schema/table.h"
#include "tree/require.h"
#include "tree/sink.h"
#include "wire/append.h"
#include "wire/reader.h"
#include "wire/utf8.h"
#include "wire/varint.h"

namespace coordination::schema {

enum class Code : std::uint8_t {
#define SCHEMA_X(name) name,
  SCHEMA_SHARED_ERROR_CODES(SCHEMA_X)
#undef SCHEMA_X
#define SCHEMA_X(name, description) name,
      SCHEMA_ERROR_CODES(SCHEMA_X)
#undef SCHEMA_X
};
std::string_view codeName(Code code);

enum class Warning : std::uint8_t {
  UTF8_REPLACED,       // streams/table.h's
  JAVA_MODIFIED_UTF8,  // coordination/table.h's
#define SCHEMA_X(name, description) name,
  SCHEMA_WARNING_CODES(SCHEMA_X)
#undef SCHEMA_X
};

// The words and places of a length's errors and of the UTF-8 warning (the spec's `wording`).
enum class Wording : std::uint8_t {
  list,      // the one ErrorCode list's (coordination::describeError)
  protocol,  // the ProduceRequest decoder's (protocol/request_decoder.h): the warning over the whole string
  streams,   // the Streams decoder's (streams/messages.cpp): the protocol's length words, the warning at
             // the first ill-formed byte, its words alone; "needs N bytes", "found N more bytes"
};

// How a string's body becomes text (the spec's `encoding`).
enum class Encoding : std::uint8_t {
  kafka,        // new String(bytes, UTF_8): ill-formed bytes become U+FFFD, warning UTF8_REPLACED
  strict_utf8,  // RFC 3629 or INVALID_UTF8 (the coordination records' rule)
};

// The deepest nesting of struct fields, arrays and tagged fields a spec may have (the generator
// refuses a deeper one).
inline constexpr std::size_t kMaxDepth = 32;

// A struct field, an array or a tagged field the decoder is in; `index` the element being read
// (-1: none yet, or not an array).
struct Frame {
  std::string_view name;
  std::int64_t index = -1;
};
// The field being read: its name, or its index when it is an element of an array of primitives.
struct Leaf {
  std::string_view name;
  std::int64_t index = -1;
};

// Reads what a spec's `records` field holds (Kafka's record batches, which no spec describes): the
// caller's code (Options.records), called by the decoder for each such field in wire order, so
// that a batch's error stops the decode where it lies, as the hand-written readers stop.
class RecordsReader {
 public:
  // `set`: the field's bytes (after its size) at `at` in the input; `root`, `frames`: where the
  // field is (pathOf renders its path: the reader names its errors' fields under it); `tree`:
  // inspect's sink (nullptr when decoding). An error (whole: field and message) stops the decode.
  virtual std::optional<tree::Error> read(std::span<const std::uint8_t> set, std::size_t at, std::string_view root,
                                          std::span<const Frame> frames, tree::TreeSink* tree) = 0;

 protected:
  ~RecordsReader() = default;
};

// "<root>.<frame>[i].<leaf>".
std::string pathOf(std::string_view root, std::span<const Frame> frames, Leaf leaf);

// Messages are made of pieces (wire/append.h) by the functions below, compiled once for both
// sinks (not in the template).
using detail::Piece;
using detail::say;
// The error at `at` in the field `leaf` under `frames` of `root`: its path
// ("<root>.<frame>[i].<leaf>") and its message ("<path>: <what> (offset N)").
tree::Error errorAt(std::string_view code, std::size_t at, std::string_view root, std::span<const Frame> frames,
                    Leaf leaf, std::initializer_list<Piece> what);
tree::Warning warningAt(std::string_view code, std::size_t at, std::size_t length, std::string_view root,
                        std::span<const Frame> frames, Leaf leaf, std::initializer_list<Piece> what);
// The words of a code of the one ErrorCode list (coordination::describeError: one wording per
// code): `code` a shared Code or a spec's check/bounds error; nullopt when the list has no such name.
std::optional<std::string> listWords(std::string_view code, bool string_field, std::int64_t found, std::int64_t limit);
inline std::string sharedWords(Code code, bool string_field, std::int64_t found, std::int64_t limit) {
  return *listWords(codeName(code), string_field, found, limit);
}
// TRUNCATED's words for a field that needs `needed` bytes where `remaining` are left.
inline std::string truncatedWords(bool string_field, std::size_t remaining, std::size_t needed) {
  return sharedWords(Code::TRUNCATED, string_field, static_cast<std::int64_t>(remaining),
                     static_cast<std::int64_t>(needed));
}
// "expected 1 byte, the record is empty": a framed message's first fixed field in an empty frame.
std::string emptyFrameWords(std::size_t width);
// Bytes that are not well-formed UTF-8 as new String(bytes, UTF_8) reads them, appended to pool.
void appendReplaced(std::span<const std::uint8_t> body, std::vector<std::uint8_t>& pool);
// A double as the shortest text that reads back to it, as JS's Number(text) reads it: "0.5",
// "1e+300", "-0", "NaN", "Infinity", "-Infinity".
std::string doubleText(double v);
// A uuid as Kafka prints it (Uuid.toString: URL-safe base64 without padding, 22 characters).
std::string uuidText(const Uuid& u);

// A struct's tagged-field section while it is read.
struct TaggedFields {
  std::uint32_t count = 0;
  std::uint32_t tag = 0;
  std::uint32_t size = 0;
  std::int64_t previous = -1;  // the last tag read
  std::size_t header_at = 0, tag_length = 0, size_at = 0, size_length = 0;
  std::size_t pending_begin = 0;
  Reader outer{{}};  // the reader outside a known tagged field's window
};

template <typename Sink>
class DecodingBase {
 public:
  static constexpr bool kTree = !std::is_same_v<Sink, tree::NullSink>;

  // `warnings` null: none are collected (the fast path).
  DecodingBase(std::span<const std::uint8_t> input, const Options& options, std::string_view root, Sink& sink,
               Decoded& out, std::vector<tree::Warning>* warnings, Wording wording)
      : r_(input),
        input_(input),
        options_(options),
        root_(options.root.empty() ? root : options.root),
        sink_(sink),
        out_(out),
        warnings_(warnings),
        wording_(wording) {
    tree::require(options.from <= input.size(), "schema: options.from is beyond the input");
    r_.take(options.from);
    out_.input = input;
  }

  std::optional<tree::Error>& error() { return error_; }
  std::size_t position() const { return r_.position(); }

  // Kafka's `records` (classic: i32 size, -1 null; compact: uvarint size + 1): the group `leaf` of
  // its "size" and of what Options.records reads of its record batches, worded as the
  // ProduceRequest decoder words it; `out` the bytes. Without a reader the batches are not read.
  bool records(Leaf leaf, bool compact, bool nullable, Slice& out) {
    const std::size_t at = r_.position();
    sink_.enter(leaf.name, compact ? tree::WireType::compact_bytes : tree::WireType::bytes, at);
    push(Frame{leaf.name});
    const Leaf size_leaf{"size"};
    std::int64_t size = 0;
    if (compact) {
      if (!lengthPrefix(size_leaf, tree::WireType::uvarint, true, nullable, 4, size)) return false;
      sink_.scalar("size", tree::WireType::uvarint, at, r_.position() - at, true, size + 1);
    } else {
      if (!r_.need(4)) {
        sink_.scalar("size", tree::WireType::i32, at, r_.remaining(), false, 0);
        return fail(Code::TRUNCATED, at, size_leaf, {truncatedWords(false, r_.remaining(), 4)});
      }
      size = r_.readI32();
      sink_.scalar("size", tree::WireType::i32, at, 4, true, size);
      if (size < -1 || (size == -1 && !nullable))
        return fail(Code::NEGATIVE_LENGTH, at, size_leaf,
                    {"expected a size ", nullable ? ">= -1" : ">= 0", ", found ", size});
    }
    if (size < 0) {
      out = Slice{};
      if constexpr (kTree) sink_.meaning("null: no records");
      sink_.leave(r_.position());
      --depth_;
      return true;
    }
    if (!r_.need(static_cast<std::size_t>(size)))
      return fail(Code::TRUNCATED, at, size_leaf, {"size says ", size, " bytes but only ", r_.remaining(), " remain"});
    if (!handOver(static_cast<std::size_t>(size), out)) return false;
    sink_.leave(r_.position());
    --depth_;
    return true;
  }

 protected:
  // The next `size` bytes, a `records` field's batches: `out` their place, then Options.records
  // reads them (in the frame records() or windowRecords() pushed).
  bool handOver(std::size_t size, Slice& out) {
    const std::size_t set_at = r_.position();
    const auto set = r_.take(size);
    out = Slice{static_cast<std::uint32_t>(set_at), static_cast<std::int32_t>(size)};
    if (options_.records) {
      tree::TreeSink* tree = nullptr;
      if constexpr (std::is_same_v<Sink, tree::TreeSink>) tree = &sink_;
      if (auto e = options_.records->read(set, set_at, root_, {frames_.data(), depth_}, tree)) {
        error_ = std::move(e);
        sink_.fail();
        return false;
      }
    } else {
      sink_.raw("batches", tree::WireType::bytes, set_at, set.size(), true);
    }
    return true;
  }

  template <typename Int>
  bool fixed(Leaf leaf, tree::WireType wire, Int& out) {
    constexpr std::size_t width = sizeof(Int);
    const std::size_t at = r_.position();
    if (!r_.need(width)) return cutShort(leaf, wire, at, width);
    if constexpr (width == 1) {
      out = static_cast<Int>(r_.take(1)[0]);
    } else if constexpr (width == 2) {
      out = static_cast<Int>(r_.readI16());
    } else if constexpr (width == 4) {
      out = static_cast<Int>(r_.readI32());
    } else {
      out = static_cast<Int>(r_.readI64());
    }
    sink_.scalar(nameOf(leaf), wire, at, width, true, static_cast<std::int64_t>(out));
    return true;
  }
  // A fixed-width field of `width` bytes at `at` that the input cuts short: its node and the error.
  bool cutShort(Leaf leaf, tree::WireType wire, std::size_t at, std::size_t width) {
    sink_.scalar(nameOf(leaf), wire, at, r_.remaining(), false, 0);
    if (window_.active) return pastWindow(leaf, at, width);
    if (wording_ == Wording::streams)  // "bytes" whatever the width
      return fail(Code::TRUNCATED, at, leaf, {"needs ", width, " bytes but only ", r_.remaining(), " remain"});
    return fail(Code::TRUNCATED, at, leaf, {truncatedWords(false, r_.remaining(), width)});
  }
  // An unsigned varint leaf.
  bool uvarint(Leaf leaf, std::uint32_t& out) {
    const std::size_t at = r_.position();
    if (!silentUvarint(leaf, out)) return false;
    sink_.scalar(nameOf(leaf), tree::WireType::uvarint, at, r_.position() - at, true, out);
    return true;
  }
  // An unsigned varint whose node the caller adds (this adds it only when it fails).
  bool silentUvarint(Leaf leaf, std::uint32_t& out) {
    const std::size_t at = r_.position();
    const VarintStatus s = readUnsignedVarint(r_, out);
    if (s == VarintStatus::ok) return true;
    sink_.scalar(nameOf(leaf), tree::WireType::uvarint, at, r_.position() - at, false, 0);
    if (s == VarintStatus::truncated)
      return fail(Code::TRUNCATED, at, leaf, {"the varint runs past the end of the input"});
    return fail(Code::VARINT_TOO_LONG, at, leaf, {"the varint runs past 5 bytes or 32 bits"});
  }
  // A length or count prefix: classic (i16 or i32, `width` bytes) or compact (uvarint, minus 1).
  // length -1: null (refused where not nullable; `negative_null`: any negative classic one is
  // null, as Kafka reads it). Errors name `leaf` (a count: its array).
  bool lengthPrefix(Leaf leaf, tree::WireType wire, bool compact, bool nullable, std::size_t width,
                    std::int64_t& length, std::string_view node = {}, bool negative_null = false) {
    const std::size_t at = r_.position();
    const std::string_view name = node.empty() ? nameOf(leaf) : node;
    if (compact) {
      std::uint32_t u = 0;
      const VarintStatus s = readUnsignedVarint(r_, u);
      if (s != VarintStatus::ok) {
        sink_.scalar(name, wire, at, r_.position() - at, false, 0);
        if (s == VarintStatus::truncated)
          return fail(Code::TRUNCATED, at, leaf, {"the length varint runs past the end of the input"});
        return fail(Code::VARINT_TOO_LONG, at, leaf, {"the length varint runs past 5 bytes or 32 bits"});
      }
      length = static_cast<std::int64_t>(u) - 1;
      if (length < 0 && !nullable) {
        sink_.scalar(name, wire, at, r_.position() - at, false, 0);
        return fail(Code::NULL_NOT_ALLOWED, at, leaf, {"0 (null) in a field that is not nullable at this version"});
      }
      return true;
    }
    const bool prefix = node.empty();  // a string's or bytes' length, not a count
    if (!r_.need(width)) {
      sink_.scalar(name, wire, at, r_.remaining(), false, 0);
      return fail(Code::TRUNCATED, at, leaf,
                  {truncatedWords(prefix && wording_ == Wording::list, r_.remaining(), width)});
    }
    length = width == 2 ? r_.readI16() : r_.readI32();
    if (length < -1 && nullable && negative_null) length = -1;
    if (length < -1 || (length == -1 && !nullable)) {
      // The protocol's and the Streams tree keep a refused count's value (fail() marks its node
      // incomplete).
      const bool shown = !prefix && wording_ != Wording::list;
      sink_.scalar(name, wire, at, width, shown, shown ? length : 0);
      if (prefix && width == 2 && !nullable && wording_ == Wording::list)  // a string with no null: the list's words
        return fail(Code::NEGATIVE_LENGTH, at, leaf, {sharedWords(Code::NEGATIVE_LENGTH, true, length, 0)});
      return fail(
          Code::NEGATIVE_LENGTH, at, leaf,
          {"expected a ", node.empty() ? "length" : "count", nullable ? " >= -1, found " : " >= 0, found ", length});
    }
    return true;
  }
  bool null(Leaf leaf, tree::WireType wire, std::size_t at, Slice& out) {
    out = Slice{};
    sink_.raw(nameOf(leaf), wire, at, r_.position() - at, true);
    sink_.meaning("null");
    return true;
  }
  // The body after a length prefix at `at`: TRUNCATED when it runs past the end.
  bool body(Leaf leaf, tree::WireType wire, std::size_t at, std::size_t length) {
    if (r_.need(length)) return true;
    const std::size_t remaining = r_.remaining();
    sink_.raw(nameOf(leaf), wire, at, r_.position() - at + remaining, false);
    if (wording_ != Wording::list)
      return fail(Code::TRUNCATED, at, leaf, {"length says ", length, " bytes but only ", remaining, " remain"});
    return fail(
        Code::TRUNCATED, at, leaf,
        {sharedWords(Code::TRUNCATED, true, static_cast<std::int64_t>(length), static_cast<std::int64_t>(remaining))});
  }
  void headerLeaves(const TaggedFields& t) {
    sink_.scalar("tag", tree::WireType::uvarint, t.header_at, t.tag_length, true, t.tag);
    sink_.scalar("size", tree::WireType::uvarint, t.size_at, t.size_length, true, t.size);
  }
  void push(Frame f) {
    tree::require(depth_ < kMaxDepth, "schema: nesting deeper than kMaxDepth");
    frames_[depth_++] = f;
  }
  // The sink's name of a leaf ("[3]" for an element): valid until the next call.
  std::string_view nameOf(Leaf leaf) {
    if constexpr (kTree) {
      if (leaf.index >= 0) {
        index_name_ = say({"[", leaf.index, "]"});
        return index_name_;
      }
    }
    return leaf.name;
  }
  // A fixed-width field that does not fit the frame (decoding_window.h): the frame's `error`
  // naming its size field, or the field's own TRUNCATED (an empty frame: a record's words).
  [[gnu::noinline]] bool pastWindow(Leaf leaf, std::size_t at, std::size_t width) {
    if (!window_.error.empty()) {
      error_ = errorAt(window_.error, window_.at, root_, {}, {window_.leaf},
                       {"says ", window_.size, " bytes; the fields after it need at least ", window_.minimum});
      sink_.fail();
      return false;
    }
    if (at == window_.body_at) return fail(Code::TRUNCATED, at, leaf, {emptyFrameWords(width)});
    return fail(Code::TRUNCATED, at, leaf, {truncatedWords(false, r_.remaining(), width)});
  }
  bool fail(Code code, std::size_t at, Leaf leaf, std::initializer_list<Piece> what) {
    return failWith(codeName(code), at, leaf, what);
  }
  bool failWith(std::string_view code, std::size_t at, Leaf leaf, std::initializer_list<Piece> what) {
    error_ = errorAt(code, at, root_, {frames_.data(), depth_}, leaf, what);
    sink_.fail();
    return false;
  }
  void warn(Warning code, std::size_t at, std::size_t length, Leaf leaf, std::initializer_list<Piece> what) {
    warnings_->push_back(warningAt(warningName(code), at, length, root_, {frames_.data(), depth_}, leaf, what));
  }
  // A text's warning (`words` alone): with the protocol's and the Streams wording the words alone,
  // as their decoders give them; with the list's, "<path>: <words> (offset N)".
  void textWarning(Warning code, std::size_t at, std::size_t length, Leaf leaf, std::string_view words) {
    if (wording_ == Wording::list) return warn(code, at, length, leaf, {words});
    warnings_->push_back(tree::Warning{warningName(code), pathOf(root_, {frames_.data(), depth_}, leaf), at, length,
                                       std::string(words)});
  }
  static std::string_view warningName(Warning w) {
    switch (w) {
      case Warning::UTF8_REPLACED:
        return "UTF8_REPLACED";
      case Warning::JAVA_MODIFIED_UTF8:
        return "JAVA_MODIFIED_UTF8";
#define SCHEMA_X(name, description) \
  case Warning::name:               \
    return #name;
        SCHEMA_WARNING_CODES(SCHEMA_X)
#undef SCHEMA_X
    }
    return {};
  }

  Reader r_;
  std::span<const std::uint8_t> input_;
  const Options& options_;
  std::string_view root_;
  Sink& sink_;
  Decoded& out_;
  std::vector<tree::Warning>* warnings_;
  std::array<Frame, kMaxDepth> frames_{};
  std::size_t depth_ = 0;
  std::string index_name_;
  std::optional<tree::Error> error_;
  // The frame a size field opened (the spec's `frame`, decoding_window.h): the reader ends at its
  // end until it is closed.
  struct Window {
    bool active = false;
    std::string_view leaf, error;  // the size field; the code of a fixed field past the end, or ""
    std::size_t at = 0, body_at = 0, minimum = 0;
    std::int64_t size = 0;
    Reader outer{{}};  // the reader outside the frame
  } window_;
  // The spec's `wording`: whose words and places a length's errors and the UTF-8 warning take.
  Wording wording_ = Wording::list;
};

}  // namespace coordination::schema
