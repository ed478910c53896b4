// The reading side every schema-generated decoder calls (wasm/generated/schema/<family>/*.cpp):
// one Decoding per decode, templated on the tree sink (tree/sink.h: tree::NullSink for the fast
// path, where every sink call compiles away; tree::TreeSink for inspect). It reads Kafka's types
// as Kafka 3.8.0's generated read(Readable, short version) does, over the one bounded Reader
// (need(n) before any read; a count is checked against the bytes left at its element's minimum
// size before its arena grows), and it knows where it is (the root, the struct fields and arrays
// it is in, the element index), so that an error or a warning names the full path
// ("group_metadata_value.members[2].client_id") and its byte offset in the whole input.
//
// Where this is stricter than Kafka's reader, on purpose (README.md beside this file): bytes after
// the message are TRAILING_BYTES; a classic length or count below -1 is NEGATIVE_LENGTH (Kafka
// reads any negative one as null); a varint's bits beyond 32 are VARINT_TOO_LONG; tags must
// ascend, each once (Kafka reads them in any order and the last of a repeated known tag wins);
// a known tagged field must fill exactly the size its header declares.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "schema/decoding_java.h"

namespace coordination::schema {

template <typename Sink>
class Decoding : public DecodingJava<Sink> {
  using Base = DecodingJava<Sink>;
  using Base::body;
  using Base::cutShort;
  using Base::depth_;
  using Base::error_;
  using Base::fail;
  using Base::failWith;
  using Base::fixed;
  using Base::frames_;
  using Base::headerLeaves;
  using Base::index_name_;
  using Base::input_;
  using Base::lengthPrefix;
  using Base::nameOf;
  using Base::null;
  using Base::options_;
  using Base::out_;
  using Base::push;
  using Base::r_;
  using Base::root_;
  using Base::silentUvarint;
  using Base::sink_;
  using Base::textWarning;
  using Base::uvarint;
  using Base::warn;
  using Base::warningName;
  using Base::warnings_;
  using Base::wording_;

 public:
  using Base::Base;
  using Base::kTree;
  using Base::records;

  // The message's start: its version, from the prefix (`prefix` bytes: 2, 4 or 0 for none) or the
  // options, checked against the spec's versions. `read_at` is the version the fields are read at,
  // `written` the version the bytes say (above `high` with readAsLatest: read at `high`, warning
  // NEWER_VERSION; the loader allows readAsLatest with an int16 prefix only).
  bool begin(std::int16_t low, std::int16_t high, std::size_t prefix, bool read_as_latest, std::int16_t& read_at,
             std::int16_t& written) {
    const std::size_t at = r_.position();
    if (!options_.sink) sink_.enter(root_, tree::WireType::record, at);
    if (options_.version) {
      written = *options_.version;
    } else {
      tree::require(prefix != 0, "schema: a message without a version prefix needs options.version");
      if (prefix == 4) {
        std::int32_t wide = 0;
        if (!int32({"version"}, wide)) return false;
        if ((wide < low || wide > high) && wording_ == Wording::streams)  // AssignmentInfo.decode's throw
          return fail(Code::UNSUPPORTED_VERSION, at, {"version"},
                      {"expected version ", low, "..", high, " (Kafka 3.8 throws for any other), found ", wide});
        if (wide < low || wide > high)
          return fail(Code::UNSUPPORTED_VERSION, at, {"version"},
                      {"version ", wide, " is not one of the spec's versions (", low, "-", high, ")"});
        written = static_cast<std::int16_t>(wide);
      } else if (!int16({"version"}, written)) {
        return false;
      }
    }
    const Leaf leaf = options_.version ? Leaf{} : Leaf{"version"};
    read_at = written;
    if (written >= low && written <= high) return true;
    if (read_as_latest && written > high) {
      read_at = high;
      if (warnings_) {
        warn(Warning::NEWER_VERSION, at, options_.version ? 0 : 2, leaf,
             {"version ", written, " is newer than the latest this spec knows (", high, "): read as version ", high,
              ", bytes after its fields not read"});
      }
      return true;
    }
    if (low == high) return fail(Code::UNSUPPORTED_VERSION, at, leaf, {"expected version ", low, ", found ", written});
    return fail(Code::UNSUPPORTED_VERSION, at, leaf,
                {"version ", written, " is not one of the spec's versions (", low, "-", high, ")"});
  }
  // The message's end: no bytes may follow unless it was read as an older version.
  bool end(bool check_trailing) {
    if (check_trailing && !r_.atEnd()) {
      if (wording_ == Wording::streams) {
        const std::size_t n = r_.remaining();
        return fail(Code::TRAILING_BYTES, r_.position(), {},
                    {"expected the end of the record, found ", n, n == 1 ? " more byte" : " more bytes"});
      }
      return fail(Code::TRAILING_BYTES, r_.position(), {},
                  {sharedWords(Code::TRAILING_BYTES, false, static_cast<std::int64_t>(r_.remaining()), 0)});
    }
    if (!options_.sink) sink_.leave(r_.position());
    return true;
  }

  // ---- fixed-width leaves --------------------------------------------------------------------
  bool int8(Leaf leaf, std::int8_t& out) { return fixed(leaf, tree::WireType::i8, out); }
  bool int16(Leaf leaf, std::int16_t& out) { return fixed(leaf, tree::WireType::i16, out); }
  bool uint16(Leaf leaf, std::uint16_t& out) { return fixed(leaf, tree::WireType::u16, out); }
  bool int32(Leaf leaf, std::int32_t& out) { return fixed(leaf, tree::WireType::i32, out); }
  bool uint32(Leaf leaf, std::uint32_t& out) { return fixed(leaf, tree::WireType::u32, out); }
  bool int64(Leaf leaf, std::int64_t& out) { return fixed(leaf, tree::WireType::i64, out); }
  // Kafka's float64 (Readable.readDouble: the big-endian IEEE 754 bits); its node's value is
  // doubleText's text, a double having no place in tree::Value.
  bool float64(Leaf leaf, Float64& out) {
    const std::size_t at = r_.position();
    if (!r_.need(8)) return cutShort(leaf, tree::WireType::f64, at, 8);
    const std::int64_t bits = r_.readI64();
    std::memcpy(&out.value, &bits, sizeof(double));
    if constexpr (kTree) sink_.text(nameOf(leaf), tree::WireType::f64, at, 8, true, doubleText(out.value));
    return true;
  }
  bool boolean(Leaf leaf, bool& out) {
    std::uint8_t b = 0;
    if (!fixed(leaf, tree::WireType::boolean, b)) return false;
    out = b != 0;
    return true;
  }
  bool uuid(Leaf leaf, Uuid& out) {
    const std::size_t at = r_.position();
    if (!r_.need(16)) {
      sink_.raw(nameOf(leaf), tree::WireType::uuid, at, r_.remaining(), false);
      return fail(Code::TRUNCATED, at, leaf, {"needs 16 bytes but only ", r_.remaining(), " remain"});
    }
    std::memcpy(out.bytes, r_.take(16).data(), 16);
    if constexpr (kTree) sink_.text(nameOf(leaf), tree::WireType::uuid, at, 16, true, uuidText(out));
    return true;
  }

  // An integer the spec's `check` bounds: `code` (a name of the one ErrorCode list or of
  // SCHEMA_ERROR_CODES) when it is outside [min, max].
  bool check(Leaf leaf, std::size_t at, std::int64_t value, std::int64_t min, std::int64_t max, std::string_view code) {
    if (value >= min && value <= max) return true;
    if (auto words = listWords(code, false, value, max)) return failWith(code, at, leaf, {*words});
    return failWith(code, at, leaf, {"expected ", min, "..", max, ", found ", value});
  }

  // ---- strings, bytes, counts ----------------------------------------------------------------
  // A string (classic: i16 length, or i32 for `bytes` with an encoding; compact: uvarint length +
  // 1), `out` its place in the input or, repaired, in the pool. `negative_null`: any negative
  // classic length is null (the spec's negativeNull).
  bool string(Leaf leaf, bool compact, bool nullable, Encoding encoding, Slice& out, bool bytes = false,
              bool negative_null = false) {
    const std::size_t at = r_.position();
    const tree::WireType wire = bytes ? (compact ? tree::WireType::compact_bytes : tree::WireType::bytes)
                                      : (compact ? tree::WireType::compact_string : tree::WireType::string);
    std::int64_t length = 0;
    if (!lengthPrefix(leaf, wire, compact, nullable, bytes ? 4 : 2, length, {}, negative_null)) return false;
    if (length < 0) return null(leaf, wire, at, out);
    if (compact && length > 0x7FFF) {
      sink_.raw(nameOf(leaf), wire, at, r_.position() - at, false);
      return fail(Code::STRING_TOO_LONG, at, leaf, {"length ", length, " is above 32767"});
    }
    if (!body(leaf, wire, at, static_cast<std::size_t>(length))) return false;
    const std::size_t body_at = r_.position();
    const auto text = r_.take(static_cast<std::size_t>(length));
    out = Slice{static_cast<std::uint32_t>(body_at), static_cast<std::int32_t>(length)};
    if (const auto bad = findInvalidUtf8(text)) {
      if (encoding == Encoding::strict_utf8) {
        sink_.raw(nameOf(leaf), wire, at, r_.position() - at, false);
        return fail(Code::INVALID_UTF8, body_at + bad->index, leaf,
                    {sharedWords(Code::INVALID_UTF8, true, text[bad->index], static_cast<std::int64_t>(bad->problem))});
      }
      out = Slice{static_cast<std::uint32_t>(input_.size() + out_.pool.size()), 0};
      appendReplaced(text, out_.pool);
      out.length = static_cast<std::int32_t>(input_.size() + out_.pool.size() - out.at);
      if (warnings_) {
        // From the first ill-formed byte, as the Streams decoders place it, or over the whole body
        // as the ProduceRequest decoder says it (protocol).
        const std::size_t from = wording_ == Wording::protocol ? 0 : bad->index;
        textWarning(Warning::UTF8_REPLACED, body_at + from, text.size() - from, leaf, kNewStringWarning);
      }
    }
    if constexpr (kTree) sink_.text(nameOf(leaf), wire, at, r_.position() - at, true, out_.text(out));
    return true;
  }
  // Bytes (classic: i32 length; compact: uvarint length + 1), `out` their place in the input.
  bool bytes(Leaf leaf, bool compact, bool nullable, Slice& out) {
    const std::size_t at = r_.position();
    const tree::WireType wire = compact ? tree::WireType::compact_bytes : tree::WireType::bytes;
    std::int64_t length = 0;
    if (!lengthPrefix(leaf, wire, compact, nullable, 4, length)) return false;
    if (length < 0) return null(leaf, wire, at, out);
    if (!body(leaf, wire, at, static_cast<std::size_t>(length))) return false;
    out = Slice{static_cast<std::uint32_t>(r_.position()), static_cast<std::int32_t>(length)};
    r_.take(static_cast<std::size_t>(length));
    sink_.raw(nameOf(leaf), wire, at, r_.position() - at, true);
    return true;
  }
  // A string's or bytes' length the spec's `bounds` limit: `code` outside [min, max] bytes.
  bool bounds(Leaf leaf, std::size_t at, Slice s, std::int64_t min, std::int64_t max, std::string_view code) {
    if (s.null() || (s.length >= min && s.length <= max)) return true;
    if (auto words = listWords(code, true, s.length, max)) return failWith(code, at, leaf, {*words});
    return failWith(code, at, leaf, {"expected ", min, "..", max, " bytes, found ", s.length});
  }

  // An array: enterArray, count (its "count" leaf; -1: null), the elements, leave().
  void enterArray(std::string_view name, bool compact) {
    sink_.enter(name, compact ? tree::WireType::compact_array : tree::WireType::array, r_.position());
    push(Frame{name});
  }
  // The element count; errors name the array. `minimum`: the least bytes an element takes.
  bool count(bool compact, bool nullable, std::size_t minimum, std::int32_t& n) {
    const std::size_t at = r_.position();
    const tree::WireType wire = compact ? tree::WireType::uvarint : tree::WireType::i32;
    std::int64_t length = 0;
    if (!lengthPrefix({}, wire, compact, nullable, 4, length, "count")) return false;
    sink_.scalar("count", wire, at, r_.position() - at, true, length);
    if (length < 0) {
      sink_.meaning("null");
      n = -1;
      return true;
    }
    if constexpr (kTree)
      if (compact) sink_.meaning("stored as count + 1");
    // Kafka refuses a count above the bytes left; an element takes at least `minimum` of them.
    if (static_cast<std::uint64_t>(length) > r_.remaining() / (minimum ? minimum : 1)) {
      return fail(Code::TRUNCATED, at, {},
                  {"count ", length, " cannot fit: its elements need more than the ", r_.remaining(),
                   r_.remaining() == 1 ? " byte that remains" : " bytes that remain"});
    }
    n = static_cast<std::int32_t>(length);
    return true;
  }
  void enterElement(std::int32_t i) {
    sink_.enterIndex(static_cast<std::size_t>(i), tree::WireType::record, r_.position());
    frames_[depth_ - 1].index = i;
  }
  void leaveElement() { sink_.leave(r_.position()); }
  void leave() {
    sink_.leave(r_.position());
    --depth_;
  }
  // `n` new elements at the end of `arena` (n checked by count()); -1: null.
  template <typename T>
  static Run run(std::vector<T>& arena, std::int32_t n) {
    if (n < 0) return Run{0, -1};
    const auto begin = static_cast<std::uint32_t>(arena.size());
    arena.resize(arena.size() + static_cast<std::size_t>(n));
    return Run{begin, n};
  }

  // A struct field (not an array's element): enterStruct, present (if nullable), its fields, leave().
  void enterStruct(std::string_view name) {
    sink_.enter(name, tree::WireType::record, r_.position());
    push(Frame{name});
  }
  // Kafka's null marker of a nullable struct: an i8 (< 0: null), or in a tagged field an unsigned
  // varint (0, or above 2^31 - 1 as Java's int reads it: null).
  bool present(bool tagged, bool& out) {
    if (tagged) {
      std::uint32_t u = 0;
      if (!uvarint({"present"}, u)) return false;
      out = static_cast<std::int32_t>(u) > 0;
    } else {
      std::int8_t b = 0;
      if (!int8({"present"}, b)) return false;
      out = b >= 0;
    }
    if constexpr (kTree) sink_.meaning(out ? "present" : "null");
    return true;
  }

  // ---- tagged fields (flexible versions) -----------------------------------------------------
  // The section's count (leaf "tagged_fields").
  bool taggedCount(TaggedFields& t) {
    const std::size_t at = r_.position();
    if (!uvarint({"tagged_fields"}, t.count)) return false;
    if constexpr (kTree) sink_.meaning("tagged fields that follow");
    if (t.count > r_.remaining() / 2) {  // each has at least a tag and a size byte
      return fail(
          Code::TRUNCATED, at, {"tagged_fields"},
          {"count ", t.count, " cannot fit: each tagged field needs 2 bytes or more and ", r_.remaining(), " remain"});
    }
    t.pending_begin = out_.pending.size();
    return true;
  }
  // One field's tag and size; the tags must ascend and the size fit.
  bool taggedHeader(TaggedFields& t) {
    const Leaf leaf{"tagged_fields"};
    t.header_at = r_.position();
    if (!silentUvarint(leaf, t.tag)) return false;
    t.tag_length = r_.position() - t.header_at;
    t.size_at = r_.position();
    if (static_cast<std::int64_t>(t.tag) <= t.previous) {
      if (static_cast<std::int64_t>(t.tag) == t.previous)
        return fail(Code::TAG_OUT_OF_ORDER, t.header_at, leaf,
                    {"tag ", t.tag, " repeated: tags must ascend, each once"});
      return fail(Code::TAG_OUT_OF_ORDER, t.header_at, leaf,
                  {"tag ", t.tag, " after tag ", t.previous, ": tags must ascend, each once"});
    }
    t.previous = t.tag;
    if (!silentUvarint(leaf, t.size)) return false;
    t.size_length = r_.position() - t.size_at;
    if (t.size > r_.remaining()) {
      return fail(Code::TRUNCATED, t.size_at, leaf,
                  {"tag ", t.tag, "'s size says ", t.size, " bytes but only ", r_.remaining(), " remain"});
    }
    return true;
  }
  // A known tag: the reader is held to its size until leaveTagged.
  void enterTagged(TaggedFields& t, std::string_view name) {
    sink_.enter(name, tree::WireType::tagged_field, t.header_at);
    push(Frame{name});
    headerLeaves(t);
    t.outer = r_;
    Reader window(input_.first(r_.position() + t.size));
    window.take(r_.position());
    r_ = window;
  }
  bool leaveTagged(TaggedFields& t) {
    if (!r_.atEnd()) {
      return fail(Code::TRAILING_BYTES, r_.position(), {},
                  {"tag ", t.tag, "'s value ends ", r_.remaining(), " bytes before its size (", t.size, ")"});
    }
    r_ = t.outer;
    r_.take(t.size);
    leave();
    return true;
  }
  // A known tag in a version where its field is not tagged (Kafka throws "Tag N is not valid for
  // version V").
  bool tagNotInVersion(TaggedFields& t, std::string_view name, std::int16_t version) {
    return fail(Code::UNSUPPORTED_VERSION, t.header_at, {"tagged_fields"},
                {"tag ", t.tag, " (", name, ") is not valid at version ", version});
  }
  // A tag the spec does not know at this version: kept, as Kafka keeps it.
  void unknownTag(TaggedFields& t) {
    const auto k = static_cast<std::int64_t>(out_.pending.size() - t.pending_begin);
    const std::size_t at = r_.position();
    out_.pending.push_back(
        TaggedField{t.tag, Slice{static_cast<std::uint32_t>(at), static_cast<std::int32_t>(t.size)}});
    r_.take(t.size);
    if constexpr (kTree) {
      sink_.enter(say({"unknown_tagged_fields[", k, "]"}), tree::WireType::tagged_field, t.header_at);
      headerLeaves(t);
      sink_.raw("bytes", tree::WireType::bytes, at, t.size, true);
      sink_.meaning("a tag this spec does not know: kept as bytes");
      sink_.leave(r_.position());
    }
  }
  // The tagged section of a struct that knows no tag at this version: every tag kept.
  bool unknownTaggedFields(Run& unknown) {
    TaggedFields t;
    if (!taggedCount(t)) return false;
    for (std::uint32_t k = 0; k < t.count; ++k) {
      if (!taggedHeader(t)) return false;
      unknownTag(t);
    }
    endTagged(t, unknown);
    return true;
  }
  // The section's unknown tags become the struct's run.
  void endTagged(TaggedFields& t, Run& unknown) {
    const auto n = out_.pending.size() - t.pending_begin;
    unknown = Run{static_cast<std::uint32_t>(out_.tagged.size()), static_cast<std::int32_t>(n)};
    out_.tagged.insert(out_.tagged.end(), out_.pending.begin() + static_cast<std::ptrdiff_t>(t.pending_begin),
                       out_.pending.end());
    out_.pending.resize(t.pending_begin);
  }

  // A string default from the spec (not "" nor null): its text in the pool.
  Slice keep(std::string_view text) {
    const auto at = static_cast<std::uint32_t>(input_.size() + out_.pool.size());
    out_.pool.insert(out_.pool.end(), text.begin(), text.end());
    return Slice{at, static_cast<std::int32_t>(text.size())};
  }
};

// What a generated message's decode and inspect share: its path root and versions.
struct MessageRule {
  std::string_view root;
  std::int16_t low, high;
  std::uint8_t prefix;  // the version prefix's bytes: 2, 4, or 0 (none)
  bool read_as_latest;
  Wording wording;
};

// The generated reader of a message's root struct at a version (`out` is that message's Decoded).
template <typename Sink>
using ReadRoot = bool (*)(Decoding<Sink>& d, Decoded& out, std::int16_t version);

// One read of a message, compiled once for all: its version (from the prefix or the options, into
// `version`: the root's), `read` at the version it gives, its end. `out` is cleared by the caller.
std::optional<tree::Error> decodeMessage(std::span<const std::uint8_t> input, Decoded& out, std::int16_t& version,
                                         const Options& options, const MessageRule& rule,
                                         ReadRoot<tree::NullSink> read);
Inspection inspectMessage(std::span<const std::uint8_t> input, Decoded& out, std::int16_t& version,
                          const Options& options, const MessageRule& rule, ReadRoot<tree::TreeSink> read);

}  // namespace coordination::schema
