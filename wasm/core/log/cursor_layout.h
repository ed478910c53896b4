// Records of varying length read in order, each described once (issue 19): where a flat answer
// holds records whose lengths vary (lists, fields present or not), its layout is a sequence of
// fields, written and read with a cursor per kind (words, longs, strings: the arrays of FlatState,
// log/flat_layout.h). The C++ writer writes the fields in the description's order; tables_gen
// carries the description to wasm/generated/tables.js (CURSOR_LAYOUTS), which one reader walks
// (wasm/api/flat-layout.js cursorReader); tests/native/flat_layout_test.cpp reads what the writer
// wrote by nothing but the description.
//
// A layout's sequences, the first its records' (one after another to the arrays' ends), each of
// fields X(kind, name, nested): word (i32), wide (i64), text (a string), list (a count in words,
// then that many of the nested sequence), opt (a word 0 or 1, then the nested sequence when 1).
// nested names a sequence of the layout, or none. A list of a one-field sequence reads as its
// field's values.
//
// A layout of one cursor over a record's words (the Kafka Streams flat record, streams/streams.h)
// adds what that record says besides: flag (a word 0 or 1, read as false or true), ref (a word
// naming a text of the record's text table; -1: null), group (the nested sequence in place, with
// no word of its own), and offsets into the record's input bytes, where the value is read
// (big-endian): wide_at (an i64), uuid_at (16 bytes, Java's UUID.toString()), list_at (a count,
// then the offset of that many of the nested sequence, whose fields are words: i32s there). An opt
// of a one-field sequence reads as that field's value or null. A field may hold for some versions
// only, X(kind, name, nested, since, until): the versions of the record (its first word) that have
// it, inclusive (since alone: every later version too); the others have neither its words nor its
// key. Without them, every version.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace coordination {

#define CURSOR_KINDS(X) X(word) X(wide) X(text) X(list) X(opt) X(flag) X(ref) X(group) X(wide_at) X(uuid_at) X(list_at)
#define CURSOR_KIND_ENUM(kind) kind,
#define CURSOR_KIND_NAME(kind) #kind,
enum class CursorKind : std::uint8_t { CURSOR_KINDS(CURSOR_KIND_ENUM) };
inline constexpr std::string_view kCursorKindNames[] = {CURSOR_KINDS(CURSOR_KIND_NAME)};
#undef CURSOR_KIND_ENUM
#undef CURSOR_KIND_NAME
inline constexpr std::int32_t kCursorEveryVersion = 0x7fffffff;

struct CursorField {
  CursorKind kind;
  std::string_view name;
  int nested;          // a sequence's index, or kCursorNone
  std::int32_t since;  // the versions that have the field, inclusive
  std::int32_t until;
  constexpr bool in(std::int32_t version) const { return since <= version && version <= until; }
};
inline constexpr int kCursorNone = -1;

// What tables_gen emits of a layout.
struct CursorLayoutInfo {
  std::string_view name;
  std::span<const std::string_view> sequences;
  std::span<const std::span<const CursorField>> fields;  // by sequence
};

// Where field `name` of a sequence starts in the words, for a record of `version`, when every
// field before it that the version has is one word (e.g. fold_merge.cpp's active tasks of a
// Streams assignment); kCursorNoWord when it is not there or a field of varying length comes first
// (a user static_asserts it).
inline constexpr std::size_t kCursorNoWord = static_cast<std::size_t>(-1);
constexpr std::size_t cursorWordAt(std::span<const CursorField> fields, std::string_view name, std::int32_t version) {
  std::size_t at = 0;
  for (const CursorField& f : fields) {
    if (!f.in(version)) continue;
    if (f.name == name) return at;
    if (f.kind == CursorKind::list || f.kind == CursorKind::opt || f.kind == CursorKind::group ||
        f.kind == CursorKind::list_at)
      return kCursorNoWord;
    at += 1;
  }
  return kCursorNoWord;
}

// Declares a layout as struct `ns` (its enum Sequence and tables), named `name` (CURSOR_LAYOUTS'
// key), from SEQUENCES(S): S(sequence, FIELDS) with FIELDS(X) the sequence's fields as above.
#define CURSOR_SEQUENCE_ENUM(sequence, FIELDS) sequence,
#define CURSOR_SEQUENCE_NAME(sequence, FIELDS) #sequence,
// A row's versions: since and until when given, since alone (and every later version), or every.
#define CURSOR_FIELD_ROW(kind, name, nested, ...)                                     \
  {::coordination::CursorKind::kind, #name, nested,                                   \
   CURSOR_VERSIONS(__VA_ARGS__ __VA_OPT__(, ::coordination::kCursorEveryVersion, ) 0, \
                   ::coordination::kCursorEveryVersion)},
#define CURSOR_VERSIONS(since, until, ...) since, until
#define CURSOR_SEQUENCE_TABLE(sequence, FIELDS) \
  static constexpr ::coordination::CursorField sequence##_fields[] = {FIELDS(CURSOR_FIELD_ROW)};
#define CURSOR_SEQUENCE_SPAN(sequence, FIELDS) std::span<const ::coordination::CursorField>(sequence##_fields),
#define CURSOR_LAYOUT(ns, name, SEQUENCES)                                                                       \
  struct ns {                                                                                                    \
    enum Sequence : int { none = ::coordination::kCursorNone, SEQUENCES(CURSOR_SEQUENCE_ENUM) kSequences };      \
    static constexpr std::string_view kSequenceNames[] = {SEQUENCES(CURSOR_SEQUENCE_NAME)};                      \
    SEQUENCES(CURSOR_SEQUENCE_TABLE)                                                                             \
    static constexpr std::span<const ::coordination::CursorField> kFields[] = {SEQUENCES(CURSOR_SEQUENCE_SPAN)}; \
    static constexpr ::coordination::CursorLayoutInfo kInfo{name, kSequenceNames, kFields};                      \
  };

}  // namespace coordination
