// The emitters of the layouts read in order (log/cursor_layout.h), for tables_gen: the descriptions
// in wasm/generated/tables.js (CURSOR_LAYOUTS, STREAMS_RECORD), and the JS reader generated from a
// one-cursor layout (the Kafka Streams flat record's: wasm/generated/streams-reader.js).
#pragma once

#include <string>
#include <string_view>

#include "log/cursor_layout.h"

// A JS string literal (single quotes).
inline std::string quote(std::string_view s) {
  std::string out = "'";
  for (const char c : s) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

// A layout as a JS object literal: its sequences of [kind, name, nested] rows, with since, until
// (null: every later version) after them when a field holds for some versions only.
std::string cursorLayoutJs(const coordination::CursorLayoutInfo& layout);

// The reader module of a one-cursor layout; throws std::logic_error for a layout it cannot read (a
// field of another cursor, a record whose first field is not its version, a list_at of anything
// but words of every version).
std::string streamsReaderJs(const coordination::CursorLayoutInfo& layout);
