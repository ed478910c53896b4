// The strings and the lookup of Kafka Streams' hand-written AssignmentInfo (streams/specs),
// between schema/decoding_window.h and schema/decoding.h: DataOutput.writeUTF's strings (the
// spec's `encoding: writeUTF`), writeChars' after an int count (`javaChars`), and an int32 that
// names an element of a root array by its key (`lookup`). Their errors and warnings are worded as
// the Streams decoder words them (wire/java_text.h has the words both use; streams/messages.cpp).
// wasm/core/schema/README.md, "Extensions".
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "schema/decoding_window.h"
#include "wire/java_text.h"

namespace coordination::schema {

template <typename Sink>
class DecodingJava : public DecodingWindow<Sink> {
  using Base = DecodingWindow<Sink>;

 protected:
  using Base::body;
  using Base::fail;
  using Base::failWith;
  using Base::nameOf;
  using Base::out_;
  using Base::r_;
  using Base::sink_;
  using Base::textWarning;
  using Base::warnings_;
  using Base::wording_;

 public:
  using Base::Base;
  using Base::kTree;

  // A string as DataOutput.writeUTF writes it (the spec's `encoding: writeUTF`): a u16 length and
  // Java's modified UTF-8, read as DataInputStream.readUTF reads it. What readUTF refuses is
  // INVALID_UTF8 at the first byte of the refused sequence; accepted bytes that strict UTF-8
  // refuses (C0 80, a surrogate, an overlong form) give JAVA_MODIFIED_UTF8 from the first of them.
  // `out` is the body as written: readUtfString gives the Java String (a lone surrogate included).
  bool javaUtf(Leaf leaf, Slice& out) {
    const std::size_t at = r_.position();
    constexpr tree::WireType wire = tree::WireType::java_utf;
    if (!r_.need(2)) {
      sink_.scalar(nameOf(leaf), wire, at, r_.remaining(), false, 0);
      return fail(Code::TRUNCATED, at, leaf, {truncatedWords(wording_ == Wording::list, r_.remaining(), 2)});
    }
    const std::size_t length = static_cast<std::uint16_t>(r_.readI16());
    if (!body(leaf, wire, at, length)) return false;
    const std::size_t body_at = r_.position();
    const auto text = r_.take(length);
    out = Slice{static_cast<std::uint32_t>(body_at), static_cast<std::int32_t>(length)};
    if (out_.units.size() < length) out_.units.resize(length);
    JavaTextOutcome o;
    decodeJavaText(text, out_.units.data(), JavaText::read_utf, o);
    if (o.refused) {
      sink_.raw(nameOf(leaf), wire, at, 2 + length, false);
      const std::size_t i = *o.refused;
      std::string words;
      appendReadUtfRefusal(words, text[i], readUtfRefusal(text, i));
      return fail(Code::INVALID_UTF8, body_at + i, leaf, {words});
    }
    if (o.first_non_utf8 && warnings_)
      textWarning(Warning::JAVA_MODIFIED_UTF8, body_at + *o.first_non_utf8, length - *o.first_non_utf8, leaf,
                  kReadUtfWarning);
    if constexpr (kTree)
      sink_.text(nameOf(leaf), wire, at, 2 + length, true, javaStringToUtf8({out_.units.data(), o.units}));
    return true;
  }

  // A string as DataOutput.writeChars writes it after its length (the spec's `encoding:
  // javaChars`, ConsumerProtocolUtils.readTaskIdFrom): an i32 count, then that many big-endian
  // UTF-16 units, each read with readChar (any unit, a lone surrogate too). A count of 0 or below
  // reads no char: the empty String. A count whose units cannot fit is TRUNCATED at it. `out` is the
  // units' bytes as written: javaCharsString gives the String.
  bool javaChars(Leaf leaf, Slice& out) {
    const std::size_t at = r_.position();
    constexpr tree::WireType wire = tree::WireType::java_chars;
    if (!r_.need(4)) {
      sink_.scalar(nameOf(leaf), wire, at, r_.remaining(), false, 0);
      return fail(Code::TRUNCATED, at, leaf, {truncatedWords(wording_ == Wording::list, r_.remaining(), 4)});
    }
    const std::int32_t n = r_.readI32();
    const std::size_t remaining = r_.remaining();
    if (n > 0 && static_cast<std::size_t>(n) > remaining / 2) {
      sink_.raw(nameOf(leaf), wire, at, 4 + remaining, false);
      return fail(Code::TRUNCATED, at, leaf,
                  {"count ", n, " cannot fit: its elements need more than the ", remaining,
                   remaining == 1 ? " byte that remains" : " bytes that remain"});
    }
    const std::size_t length = n > 0 ? 2 * static_cast<std::size_t>(n) : 0;
    out = Slice{static_cast<std::uint32_t>(r_.position()), static_cast<std::int32_t>(length)};
    const auto chars = r_.take(length);
    if constexpr (kTree) sink_.text(nameOf(leaf), wire, at, 4 + length, true, javaStringToUtf8(javaCharsString(chars)));
    return true;
  }

  // The spec's `lookup` on an int32 just read at `at`: the element of the root's array `run` (in
  // `arena`) whose `key` is `value` (the last of them, as Kafka's HashMap keeps it), its index in
  // the array into `entry`; none is `code` (the Streams decoder's words: the loader asks for that
  // wording). The array's index is built at the decode's first lookup.
  template <typename T>
  bool lookup(Leaf leaf, std::size_t at, std::int32_t value, const std::vector<T>& arena, Run run, std::int32_t T::*key,
              std::string_view code, std::int32_t& entry) {
    LookupIndex& index = out_.lookup;
    const auto n = static_cast<std::size_t>(run.count < 0 ? 0 : run.count);
    if (!lookup_built_) {
      lookup_built_ = true;
      index.slots.assign(n, -1);
      index.others.clear();
      for (std::size_t i = 0; i < n; ++i) {
        const std::int32_t k = arena[run.begin + i].*key;
        if (k >= 0 && static_cast<std::size_t>(k) < n)
          index.slots[static_cast<std::size_t>(k)] = static_cast<std::int32_t>(i);
        else
          index.others.emplace_back(k, static_cast<std::int32_t>(i));
      }
      std::stable_sort(index.others.begin(), index.others.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
    }
    entry = index.find(value);
    if (entry >= 0) return true;
    return failWith(
        code, at, leaf,
        {"topic index ", value, " names no topic of the dictionary (", n, n == 1 ? " entry)" : " entries)"});
  }

 private:
  bool lookup_built_ = false;  // out_.lookup holds this decode's index
};

}  // namespace coordination::schema
