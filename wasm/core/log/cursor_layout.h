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
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace coordination {

enum class CursorKind : std::uint8_t { word, wide, text, list, opt };

struct CursorField {
  CursorKind kind;
  std::string_view name;
  int nested;  // a sequence's index, or kCursorNone
};
inline constexpr int kCursorNone = -1;

// What tables_gen emits of a layout.
struct CursorLayoutInfo {
  std::string_view name;
  std::span<const std::string_view> sequences;
  std::span<const std::span<const CursorField>> fields;  // by sequence
};

// Declares a layout as struct `ns` (its enum Sequence and tables), named `name` (CURSOR_LAYOUTS'
// key), from SEQUENCES(S): S(sequence, FIELDS) with FIELDS(X) the sequence's fields as above.
#define CURSOR_SEQUENCE_ENUM(sequence, FIELDS) sequence,
#define CURSOR_SEQUENCE_NAME(sequence, FIELDS) #sequence,
#define CURSOR_FIELD_ROW(kind, name, nested) {::coordination::CursorKind::kind, #name, nested},
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
