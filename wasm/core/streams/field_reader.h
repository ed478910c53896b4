// The reading machinery of the Kafka Streams decoder (streams.cpp's Decoder reads the two
// records' layouts with it): the flat record's buffers, the error and warning paths, the field
// tree for inspect, lists and their counts, fixed-width fields, texts and the process id.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "streams/streams.h"
#include "wire/append.h"
#include "wire/java_text.h"
#include "wire/reader.h"
#include "wire/words.h"

namespace coordination::streams {

// UUID.toString() of the 16 bytes msb, lsb (big-endian) into any 36-unit buffer (char for
// uuidString, char16_t for the text pool).
template <typename Char>
void writeUuid(const std::uint8_t* bytes, Char* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) *out++ = '-';
    *out++ = static_cast<Char>(kHex[bytes[i] >> 4]);
    *out++ = static_cast<Char>(kHex[bytes[i] & 15]);
  }
}
inline constexpr std::size_t kUuidChars = 36;

template <typename T>
void atLeast(std::vector<T>& v, std::size_t n) {
  if (v.size() < n) v.resize(n);
}

// Versions 7+ of a subscription: Kafka's prevTasks / standbyTasks from the task offset sums (at word
// `sums`), written into the record's words before the user endpoint's (word `end_point`); returns
// the new word count (streams_records.cpp).
std::size_t deriveTasks(FlatRecord& out, const std::uint8_t* input, std::size_t word_count, std::size_t end_point,
                        std::size_t sums);

// The flat record (FlatRecord) is written as the input is read, through pointers into buffers
// sized up front from the input's length, and the field tree only when asked (inspect). The field
// path of an error or a warning is built from `levels_` (the open lists and groups, with the
// element being read) and the leaf's name, only when one is raised.
class FieldReader {
 public:
  FieldReader(Name root, std::span<const std::uint8_t> bytes, FlatRecord& out, bool tree)
      : r_(bytes), input_(bytes.data()), root_(root), out_(out), tree_(tree) {
    // Upper bounds, so that no write below checks a capacity: at most a word per 2 input bytes
    // (a task is 2 words in 8 bytes, a topic partition 2 in 6 or more, a count 1 in 4) plus the
    // fixed ones; a text per 2 bytes (2 words each); a unit per byte plus the UUID's text.
    atLeast(out.words, bytes.size() / 2 + 16);
    atLeast(out.texts, bytes.size() + 8);
    atLeast(out.units, bytes.size() + kUuidChars);
    out.text_count = 0;
    out.unit_count = 0;
    out.node_count = 0;
    out.warnings.clear();
    w_ = out.words.data();
  }

  std::optional<StreamsError>& error() { return error_; }
  std::size_t wordCount() const { return static_cast<std::size_t>(w_ - out_.words.data()); }

 protected:
  using WireType = tree::WireType;
  static constexpr int kNoLeaf = -1;  // an error or warning of a list (its count) or the record
  struct Level {
    Name name;
    std::int32_t index;  // the element being read, -1 for a group or a list's count
  };
  // A writeUTF string already decoded in this record: its body in the input, its text (-1: an
  // empty slot) and its first non-UTF-8 byte (-1: none), so a repeat is the same text with the
  // same warning.
  struct Seen {
    std::size_t at;
    std::size_t length;
    std::int32_t text;
    std::int32_t non_utf8;
  };
  // 256 slots: a Streams group's map names each member's host (100 in golden-sized groups).
  static constexpr unsigned kSeenBits = 8;
  static constexpr std::size_t kSeen = std::size_t{1} << kSeenBits;

  // ---- errors, warnings, paths ----
  std::string path(int leaf) const {
    std::string s(kNodeNames[static_cast<int>(root_)]);
    for (int i = 0; i < depth_; ++i) {
      s += '.';
      s += kNodeNames[static_cast<int>(levels_[i].name)];
      if (levels_[i].index >= 0) {
        s += '[';
        coordination::detail::appendInt(s, levels_[i].index);
        s += ']';
      }
    }
    if (leaf != kNoLeaf) {
      s += '.';
      s += kNodeNames[leaf];
    }
    return s;
  }

  // Out of line: one copy of the error's construction, not one per failure site.
  [[gnu::noinline]] bool fail(StreamsCode code, std::size_t at, int leaf, std::int64_t found, std::int64_t limit,
                              Shortfall shortfall = Shortfall::none) {
    error_ = StreamsError{code, at, path(leaf), found, limit, shortfall};
    if (tree_) {
      // The field that failed (the last node) and every group still open are incomplete.
      if (out_.node_count) flags(out_.node_count - 1) &= ~kComplete;
      for (int i = 0; i < open_depth_; ++i) flags(static_cast<std::size_t>(open_[i])) &= ~kComplete;
    }
    return false;
  }
  bool fail(StreamsCode code, std::size_t at, Name leaf, std::int64_t found, std::int64_t limit,
            Shortfall shortfall = Shortfall::none) {
    return fail(code, at, static_cast<int>(leaf), found, limit, shortfall);
  }
  // TRUNCATED: a field of `width` bytes with fewer left.
  bool cutShort(std::size_t at, int leaf, std::size_t width) {
    return fail(StreamsCode::TRUNCATED, at, leaf, static_cast<std::int64_t>(r_.remaining()),
                static_cast<std::int64_t>(width), Shortfall::cut_short);
  }
  bool pastEnd(std::size_t at, Name leaf, std::size_t length, std::size_t remaining) {
    return fail(StreamsCode::TRUNCATED, at, leaf, static_cast<std::int64_t>(length),
                static_cast<std::int64_t>(remaining), Shortfall::length_past_end);
  }

  // The code as a C string: wasm passes a string_view by a copy on the shadow stack, a frame that
  // Binaryen's inlining would move into the text reader's every call.
  void warn(const char* code, int leaf, std::size_t at, std::size_t length, const char* message) {
    out_.warnings.push_back(tree::Warning{code, path(leaf), at, length, message});
  }

  // ---- the tree (inspect only: the fast path pays one test of tree_ per field) ----
  std::int32_t& flags(std::size_t node) { return out_.nodes[node * kNodeWords + kNodeFlags]; }
  // A node (name: a Name, or -1 - i for element i); returns its index.
  [[gnu::noinline]] std::int32_t addNode(int name, WireType wire, std::size_t at, std::size_t length,
                                         std::int32_t node_flags, std::int32_t value) {
    const std::size_t k = out_.node_count++;
    atLeast(out_.nodes, out_.node_count * kNodeWords);
    std::int32_t* n = &out_.nodes[k * kNodeWords];
    n[kNodeName] = name;
    n[kNodeWire] = static_cast<std::int32_t>(wire);
    n[kNodeOffset] = static_cast<std::int32_t>(at);
    n[kNodeLength] = static_cast<std::int32_t>(length);
    n[kNodeValue] = value;
    n[kNodeParent] = open_depth_ ? open_[open_depth_ - 1] : -1;
    n[kNodeFlags] = node_flags;
    return static_cast<std::int32_t>(k);
  }
  void leaf(Name name, WireType wire, std::size_t at, std::size_t length, std::int32_t node_flags, std::int32_t value) {
    if (tree_) addNode(static_cast<int>(name), wire, at, length, node_flags, value);
  }
  // A group (record, list, element): its length is set when it is left.
  void enter(int name, WireType wire) {
    if (tree_) open_[open_depth_++] = addNode(name, wire, r_.position(), 0, kComplete, 0);
  }
  void enter(Name name, WireType wire) { enter(static_cast<int>(name), wire); }
  bool leave() {
    if (tree_) {
      const auto k = static_cast<std::size_t>(open_[--open_depth_]);
      std::int32_t* n = &out_.nodes[k * kNodeWords];
      n[kNodeLength] = static_cast<std::int32_t>(r_.position()) - n[kNodeOffset];
    }
    return true;
  }

  // ---- groups and lists (the tree's groups and the path's levels) ----
  void open(Name name, WireType wire) {
    levels_[depth_++] = Level{name, -1};
    enter(name, wire);
  }
  void close() {
    --depth_;
    leave();
  }
  void element(std::int32_t i) {
    levels_[depth_ - 1].index = i;
    enter(-1 - i, WireType::record);
  }

  // Opens list `name` and reads its count (written as a word): TRUNCATED if cut short,
  // NEGATIVE_LENGTH if < 0, TRUNCATED if count x minimum > remaining (as count > remaining /
  // minimum: no product). Passing it bounds every element's minimum size. A count is a node
  // "count" in the tree and its list on the path.
  [[gnu::always_inline]] bool openList(Name name, std::size_t minimum, std::int32_t& n) {
    open(name, WireType::array);
    const std::size_t at = r_.position();
    if (!i32(Name::count, n, kNoLeaf)) return false;
    if (n < 0) return fail(StreamsCode::NEGATIVE_LENGTH, at, kNoLeaf, n, 0);
    if (static_cast<std::size_t>(n) > r_.remaining() / minimum) {
      return fail(StreamsCode::TRUNCATED, at, kNoLeaf, n, static_cast<std::int64_t>(r_.remaining()),
                  Shortfall::count_too_large);
    }
    *w_++ = n;
    return true;
  }

  // ---- fields ----
  // A big-endian integer of kWidth bytes (i8, i32, or i64: then v is its offset, where a host
  // reads it) named `name` in the tree and `path_leaf` on the path. The width is a template
  // argument so that each use compiles to its own straight line (the i32 is on the fast path).
  // Always inlined, as openList: clang 14 at -O2 (the wasm core's level) left them calls, one per
  // i32 of a partitions-by-host map, and the wasm decode of a Streams group ran at 2.3x native
  // (a profile with --profiling-funcs: fixed<4> and openList were 27% of it, out of line).
  template <std::size_t kWidth>
  [[gnu::always_inline]] bool fixed(Name name, std::int32_t& v, int path_leaf) {
    constexpr WireType wire = kWidth == 4 ? WireType::i32 : kWidth == 1 ? WireType::i8 : WireType::i64;
    const std::size_t at = r_.position();
    const bool ok = r_.need(kWidth);
    if constexpr (kWidth == 4) {
      v = ok ? r_.readI32() : 0;
    } else if constexpr (kWidth == 1) {
      v = ok ? static_cast<std::int8_t>(r_.take(1)[0]) : 0;
    } else {
      v = ok ? (r_.take(8), static_cast<std::int32_t>(at)) : 0;
    }
    leaf(name, wire, at, ok ? kWidth : r_.remaining(), ok ? kComplete | kHasValue : 0, v);
    return ok || cutShort(at, path_leaf, kWidth);
  }
  template <std::size_t kWidth>
  [[gnu::always_inline]] bool fixed(Name name, std::int32_t& v) {
    return fixed<kWidth>(name, v, static_cast<int>(name));
  }
  [[gnu::always_inline]] bool i32(Name name, std::int32_t& v, int path_leaf) { return fixed<4>(name, v, path_leaf); }
  [[gnu::always_inline]] bool i32(Name name, std::int32_t& v) { return i32(name, v, static_cast<int>(name)); }
  // An i32 that is also a word of the record.
  [[gnu::always_inline]] bool word(Name name, std::int32_t& v) {
    if (!i32(name, v)) return false;
    *w_++ = v;
    return true;
  }

  // A text of `units` units just written at the end of the pool; returns its index.
  std::int32_t addText(std::size_t units) {
    const std::size_t k = out_.text_count++;
    out_.texts[2 * k] = static_cast<std::int32_t>(out_.unit_count);
    out_.texts[2 * k + 1] = static_cast<std::int32_t>(units);
    out_.unit_count += units;
    return static_cast<std::int32_t>(k);
  }
  char16_t* poolEnd() { return out_.units.data() + out_.unit_count; }
  // A field holding text k, or cut short or refused (k < 0: no value).
  void textLeaf(Name name, WireType wire, std::size_t at, std::size_t length, std::int32_t k) {
    leaf(name, wire, at, length, k < 0 ? 0 : kComplete | kHasValue, k);
  }

  // The body of a field with a length prefix of `width` bytes (writeUTF's u16, or an i32 that
  // may be negative), into `body`; or false with its error (TRUNCATED if the prefix or the body
  // is cut short, NEGATIVE_LENGTH) and its node (no value).
  [[gnu::always_inline]] bool lengthPrefixed(Name name, WireType wire, std::size_t width,
                                             std::span<const std::uint8_t>& body) {
    const std::size_t at = r_.position();
    if (!r_.need(width)) {
      textLeaf(name, wire, at, r_.remaining(), -1);
      return cutShort(at, static_cast<int>(name), width);
    }
    const std::int64_t length = width == 2 ? std::int64_t{static_cast<std::uint16_t>(r_.readI16())} : r_.readI32();
    if (length < 0) {
      textLeaf(name, wire, at, width, -1);
      return fail(StreamsCode::NEGATIVE_LENGTH, at, name, length, 1);
    }
    if (!r_.need(static_cast<std::size_t>(length))) {
      const std::size_t remaining = r_.remaining();
      textLeaf(name, wire, at, width + remaining, -1);
      return pastEnd(at, name, static_cast<std::size_t>(length), remaining);
    }
    body = r_.take(static_cast<std::size_t>(length));
    return true;
  }

  // A length-prefixed text named `name`, as a text word (-1: null), by its wire type's rule:
  //   java_utf  DataOutput.writeUTF (u16 length, modified UTF-8): decoded as DataInputStream.readUTF
  //             (what it refuses is INVALID_UTF8); a repeat of a recent one is that text again
  //   bytes     i32 length; string: i16 length, any negative one is null (Kafka's generated
  //             reader); both decoded as Kafka does, new String(bytes, UTF_8): ill-formed bytes
  //             become U+FFFD, with a warning
  // null_meaning (a kNodeMeanings id): 2 for the user endpoint (length 0 is null:
  // SubscriptionInfo.userEndPoint()), 3 for a string (negative length), 0 otherwise. Whether it is
  // the Java rule is a template argument (kJava: wire is java_utf): an assignment's many topics
  // take a straight line of their own.
  template <bool kJava>
  bool text(Name name, WireType wire, std::int32_t null_meaning = 0) {
    constexpr bool java = kJava;
    const std::size_t at = r_.position();
    const std::size_t width = wire == WireType::bytes ? 4 : 2;
    std::span<const std::uint8_t> body;
    if constexpr (!java) {
      const bool negative16 = wire == WireType::string && r_.need(2) && (input_[at] & 0x80);
      if (!negative16 && !lengthPrefixed(name, wire, width, body)) return false;
      if (negative16 || (body.empty() && null_meaning == 2)) {
        r_.take(negative16 ? 2 : 0);
        *w_++ = -1;
        leaf(name, wire, at, width, kComplete | null_meaning << kMeaningShift, 0);
        return true;
      }
    } else if (!lengthPrefixed(name, wire, width, body)) {
      return false;
    }
    const std::size_t body_at = at + width;
    const std::size_t length = body.size();
    // Where the text's decode is kept: its slot of the recent writeUTF strings (recent()), so that
    // a miss only costs the decode; the scratch slot for the other rules. No local's address is
    // taken: in wasm that is a frame on the shadow stack at every call.
    Seen* seen = &scratch_;
    if constexpr (java) seen = &recent(body.data(), length);
    if (!java || !holds(*seen, body.data(), length)) {
      // ASCII, the usual text, widened here; anything else decoded by its rule, out of line.
      if (widenAscii(body.data(), length, poolEnd()) == length) {
        *seen = Seen{body_at, length, addText(length), -1};
      } else if (!decodeText<java>(name, wire, at, width, body.data(), length, *seen)) {
        return false;
      }
    }
    *w_++ = seen->text;
    textLeaf(name, wire, at, width + length, seen->text);
    if (seen->non_utf8 >= 0) textWarning<java>(name, body_at, length, static_cast<std::size_t>(seen->non_utf8));
    return true;
  }

  // The slot of the recent writeUTF strings for a body: one candidate per hash of its length and
  // first and last 8 bytes (or its bytes, if fewer), so that the same topic or host again is found
  // in one comparison. A key of the length and 2 bytes had 20 slots for the 100 hosts "10.1.0.y" of
  // a Streams group's map, all of them missed on its second map (standby partitions).
  Seen& recent(const std::uint8_t* body, std::size_t length) {
    const std::uint64_t key =
        length >= 8 ? loadWord(body) ^ (loadWord(body + length - 8) << 1 | 1) : shortWord(body, length) << 8 | length;
    return seen_[(key * 0x9E3779B97F4A7C15u) >> (64 - kSeenBits)];
  }
  bool holds(const Seen& seen, const std::uint8_t* body, std::size_t length) const {
    return seen.length == length && seen.text >= 0 && sameBytes(input_ + seen.at, body, length);
  }
  // A writeUTF body's text when it needs no rule and no warning (a recent one, or ASCII: made
  // and kept as recent, as text<true> does), or -1 (nothing kept): the reader's quick paths.
  [[gnu::always_inline]] std::int32_t asciiText(const std::uint8_t* body, std::size_t length) {
    Seen& seen = recent(body, length);
    if (holds(seen, body, length)) return seen.non_utf8 < 0 ? seen.text : -1;
    if (widenAscii(body, length, poolEnd()) != length) return -1;
    seen = Seen{static_cast<std::size_t>(body - input_), length, addText(length), -1};
    return seen.text;
  }

  // A text that is not all ASCII, by its rule, into `seen`; false (and the error) when readUTF
  // refuses it. Its body as pointer and length: wasm passes a span by a copy on the shadow stack.
  template <bool kJava>
  bool decodeText(Name name, WireType wire, std::size_t at, std::size_t width, const std::uint8_t* p,
                  std::size_t length, Seen& seen) {
    const std::span<const std::uint8_t> body(p, length);
    const std::size_t body_at = at + width;
    JavaTextOutcome& o = outcome_;
    decodeJavaText(body, poolEnd(), kJava ? JavaText::read_utf : JavaText::new_string, o);
    if constexpr (kJava) {  // new String(bytes, UTF_8) refuses nothing
      if (o.refused) {
        textLeaf(name, wire, at, width + body.size(), -1);
        // limit: why (a ReadUtfRefusal)
        const std::size_t i = *o.refused;
        return fail(StreamsCode::INVALID_UTF8, body_at + i, name, body[i], static_cast<int>(readUtfRefusal(body, i)));
      }
    }
    seen = Seen{body_at, body.size(), addText(o.units),
                o.first_non_utf8 ? static_cast<std::int32_t>(*o.first_non_utf8) : -1};
    return true;
  }

  // The warning of a text with bytes strict UTF-8 refuses, from the first of them.
  template <bool kJava>
  void textWarning(Name name, std::size_t body_at, std::size_t length, std::size_t first) {
    warn(kJava ? "JAVA_MODIFIED_UTF8" : "UTF8_REPLACED", static_cast<int>(name), body_at + first, length - first,
         kJava ? kReadUtfWarning : kNewStringWarning);
  }

  // The process id: its offset in the input as a word (a host reads the 16 bytes there); its text
  // is made only for the tree's node.
  bool uuid(Name name) {
    const std::size_t at = r_.position();
    if (!r_.need(16)) {
      leaf(name, WireType::uuid, at, r_.remaining(), 0, 0);
      return cutShort(at, static_cast<int>(name), 16);
    }
    const std::uint8_t* p = r_.take(16).data();
    *w_++ = static_cast<std::int32_t>(at);
    if (tree_) {
      writeUuid(p, poolEnd());
      textLeaf(name, WireType::uuid, at, 16, addText(kUuidChars));
    }
    return true;
  }

  bool end() {
    // TRAILING_BYTES names the record.
    if (!r_.atEnd())
      return fail(StreamsCode::TRAILING_BYTES, r_.position(), kNoLeaf, static_cast<std::int64_t>(r_.remaining()), 0);
    return leave();
  }

  Reader r_;
  const std::uint8_t* input_;
  Name root_;
  FlatRecord& out_;
  bool tree_;
  std::int32_t* w_;
  Level levels_[4]{};  // the path: deepest partitions_by_host[i].partitions[j]
  int depth_ = 0;
  std::int32_t open_[6]{};  // the tree's open groups: deepest record, list, element, list, element
  int open_depth_ = 0;
  Seen seen_[kSeen];         // initialised by assignment(): a subscription has no writeUTF string
  Seen scratch_{};           // the decode of a text of another rule
  JavaTextOutcome outcome_;  // decodeText's
  std::optional<StreamsError> error_;
};

}  // namespace coordination::streams
