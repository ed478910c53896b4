// What a schema-generated decoder produces (wasm/core/schema/README.md): a message decoded into
// fixed-width structs that natives read as C++ and JS reads in place in the wasm heap, at the
// offsets the generator wrote into wasm/generated/schema/layout.json.
//
// Every struct of a message is plain data: integers, Slice (a string's or bytes' place), Run (an
// array's elements, or a struct field's one element, in the arena of their type). A generated
// `<Message>Decoded` derives from Decoded: the root struct, one arena per struct type of the
// message, and the arenas every message shares (below). Arrays are runs of consecutive elements,
// so a message's decoding allocates per arena, not per element, and the arenas keep their memory
// from one decode to the next.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "tree/tree.h"

namespace tree {
class TreeSink;
}

namespace coordination::schema {

// A string's or bytes' value: `length` bytes at `at` in the message's space: the input, then the
// pool (at >= input.size(): a text repaired to U+FFFD, a default). length -1: null.
struct Slice {
  std::uint32_t at = 0;
  std::int32_t length = -1;
  bool null() const { return length < 0; }
  friend bool operator==(const Slice&, const Slice&) = default;
};

// Elements [begin, begin + count) of an arena. count -1: null (a nullable array or struct).
struct Run {
  std::uint32_t begin = 0;
  std::int32_t count = 0;
  bool null() const { return count < 0; }
  friend bool operator==(const Run&, const Run&) = default;
};

// A Kafka uuid (org.apache.kafka.common.Uuid): its 16 bytes as written (most significant long first).
struct Uuid {
  std::uint8_t bytes[16];
  friend bool operator==(const Uuid&, const Uuid&) = default;
};

// A Kafka float64 (ClientQuotaRecord's quota value): the double, equal to another when its bits
// are, so that a NaN read twice from the same bytes is the same value (the fuzz target's decode ==
// inspect), where == on doubles says NaN != NaN.
struct Float64 {
  double value = 0;
  friend bool operator==(const Float64& a, const Float64& b) {
    return std::memcmp(&a.value, &b.value, sizeof(double)) == 0;  // Emscripten 3.1.6's libc++ has no bit_cast
  }
};

// A tagged field the spec does not know at that version, kept as Kafka keeps it (RawTaggedField).
struct TaggedField {
  std::uint32_t tag = 0;
  Slice bytes;
  friend bool operator==(const TaggedField&, const TaggedField&) = default;
};

// The spec's `lookup` (working memory of a decode): the elements of a root array by their int32
// key, the last of a repeated key as Kafka's HashMap keeps it. A key in [0, n) (what Kafka writes:
// 0 to n - 1) in its slot, any other in `others`, sorted by key.
struct LookupIndex {
  std::vector<std::int32_t> slots;                            // element of key k, or -1
  std::vector<std::pair<std::int32_t, std::int32_t>> others;  // (key, element)
  // The element of `key` (its index in the array), or -1.
  std::int32_t find(std::int32_t key) const {
    if (key >= 0 && static_cast<std::size_t>(key) < slots.size()) return slots[static_cast<std::size_t>(key)];
    auto it =
        std::upper_bound(others.begin(), others.end(), key,
                         [](std::int32_t k, const std::pair<std::int32_t, std::int32_t>& o) { return k < o.first; });
    return it != others.begin() && (it - 1)->first == key ? (it - 1)->second : -1;
  }
};

struct Decoded {
  std::span<const std::uint8_t> input;
  std::size_t end = 0;  // where the message's bytes end in the input (after a decode without error)
  std::vector<std::uint8_t> pool;
  // Elements of the arrays of primitive types: bool, int8, int16, uint16, int32 widened to int32;
  // int64 and uint32 as int64; float64; string and bytes as Slice; uuid.
  std::vector<std::int32_t> i32;
  std::vector<std::int64_t> i64;
  std::vector<double> f64;
  std::vector<Slice> slices;
  std::vector<Uuid> uuids;
  // Unknown tagged fields of every struct (each struct's Run `unknown_tagged_fields`).
  std::vector<TaggedField> tagged;
  // Working memory: a struct's unknown tagged fields while its section is read (a known tagged
  // struct inside it adds its own to `tagged` first).
  std::vector<TaggedField> pending;
  // Working memory: a writeUTF string's UTF-16 units while readUTF's rule checks it; the index of
  // the array a `lookup` names.
  std::vector<char16_t> units;
  LookupIndex lookup;

  std::span<const std::uint8_t> bytes(Slice s) const {
    if (s.null()) return {};
    const std::size_t n = input.size();
    return s.at < n ? input.subspan(s.at, static_cast<std::size_t>(s.length))
                    : std::span<const std::uint8_t>(pool).subspan(s.at - n, static_cast<std::size_t>(s.length));
  }
  // A string's text: well-formed UTF-8 (kafka and strictUtf8 encodings); a writeUTF string's is its
  // body as written, Java's modified UTF-8 (readUtfString, wire/java_text.h, gives its units).
  std::string_view text(Slice s) const {
    const auto b = bytes(s);
    return {reinterpret_cast<const char*>(b.data()), b.size()};
  }
  template <typename T>
  std::span<const T> items(const std::vector<T>& arena, Run r) const {
    if (r.null()) return {};
    return std::span<const T>(arena).subspan(r.begin, static_cast<std::size_t>(r.count));
  }
  // A struct field's element, or nullptr when null.
  template <typename T>
  const T* one(const std::vector<T>& arena, Run r) const {
    return r.null() ? nullptr : &arena[r.begin];
  }
  // The same values in the shared arenas (a generated Decoded's == compares its own too).
  bool sameShared(const Decoded& o) const {
    return pool == o.pool && i32 == o.i32 && i64 == o.i64 && slices == o.slices && uuids == o.uuids &&
           tagged == o.tagged;
  }
  // Empties the shared arenas, keeping their memory (a generated Decoded's clear() empties its own).
  void clearShared() {
    pool.clear();
    i32.clear();
    i64.clear();
    f64.clear();
    slices.clear();
    uuids.clear();
    tagged.clear();
    pending.clear();
  }
};

// How to read the input.
// Reads the record batches of a spec's `records` field (schema/decoding_base.h).
class RecordsReader;

struct Options {
  // The version to read the message at, when the bytes hold the message alone; without it the
  // message's version prefix is read (a message whose spec has none needs a version).
  std::optional<std::int16_t> version{};
  // Where the message starts in the input: offsets, Slices and paths stay those of the whole
  // input (a message nested in another one's bytes field).
  std::size_t from = 0;
  // The first segment of every path; the message's name in snake_case when empty.
  std::string_view root;
  // Bytes after the message are the caller's to read (a request header before its body): no
  // TRAILING_BYTES.
  bool open_end = false;
  // Reads the batches of `records` fields (their bytes are only kept without it).
  RecordsReader* records = nullptr;
  // The elements a varint-counted array (the spec's `prefix`) may hold: the caller's budget (a
  // record batch's records and headers, log/record_batch.h Limits); above it, TOO_MANY_RECORDS.
  std::size_t count_budget = SIZE_MAX;
  // inspect only: the field tree goes into this sink, the message's fields children of its open
  // group (no group of the message's own), not into the Inspection (a message inside a tree the
  // caller builds: the ProduceRequest's header and body under its framing), and the warnings
  // into `warnings` when given.
  tree::TreeSink* sink = nullptr;
  // Where decode collects the warnings (inspect collects them in its Inspection).
  std::vector<tree::Warning>* warnings = nullptr;
};

// inspect's answer: the field tree (pre-order, tree/tree.h), the error, the warnings.
struct Inspection {
  std::vector<tree::Node> fields;
  std::optional<tree::Error> error;
  std::vector<tree::Warning> warnings;
};

}  // namespace coordination::schema
