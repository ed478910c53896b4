// The layouts read in order, emitted (layout_gen.h): CURSOR_LAYOUTS, and
// wasm/generated/streams-reader.js, the JS reader of the Kafka Streams flat record, generated
// from its one description (streams/streams.h STREAMS_RECORD, log/cursor_layout.h) so that no
// position is written by hand in JS. Straight-line code with object literals written in place (the
// shared builders of a generic reader measured 1.1-1.2x slower, issue 19): a record or sequence is
// one literal per range of versions over which its fields are the same, its values read in the
// literal's order (JS evaluates a literal's values in order: the words' order is the keys' order);
// a list of a sequence of one-word fields is a loop of its own with the cursor in a local.
#include "gen/layout_gen.h"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using coordination::CursorField;
using coordination::CursorKind;
using coordination::CursorLayoutInfo;

struct Gen {
  const CursorLayoutInfo& l;

  std::span<const CursorField> fields(int q) const { return l.fields[static_cast<std::size_t>(q)]; }
  std::string name(int q) const { return std::string(l.sequences[static_cast<std::size_t>(q)]); }

  // The ranges of versions [from, to] over which the sequence's fields are the same, from 1 (a
  // record below version 1 is an error: its reader is never called).
  std::vector<std::pair<std::int32_t, std::int32_t>> ranges(int q) const {
    std::set<std::int32_t> cuts;
    for (const CursorField& f : fields(q)) {
      if (f.since > 1) cuts.insert(f.since);
      if (f.until != coordination::kCursorEveryVersion) cuts.insert(f.until + 1);
    }
    std::vector<std::pair<std::int32_t, std::int32_t>> out;
    std::int32_t from = 1;
    for (const std::int32_t cut : cuts) {
      out.emplace_back(from, cut - 1);
      from = cut;
    }
    out.emplace_back(from, coordination::kCursorEveryVersion);
    return out;
  }
  static bool oneWord(CursorKind k) {
    return k == CursorKind::word || k == CursorKind::flag || k == CursorKind::ref || k == CursorKind::wide_at ||
           k == CursorKind::uuid_at;
  }
  // A sequence of one-word fields: its lists are read in a loop of their own.
  bool flat(int q) const {
    return std::all_of(fields(q).begin(), fields(q).end(), [](const CursorField& f) { return oneWord(f.kind); });
  }

  // The value of a one-word field from word expression `w`.
  static std::string word(const CursorField& f, const std::string& w) {
    switch (f.kind) {
      case CursorKind::word:
        return w;
      case CursorKind::flag:
        return w + " === 1";
      case CursorKind::ref:
        return "text(" + w + ")";
      case CursorKind::wide_at:
        return "D.getBigInt64(B + " + w + ")";
      case CursorKind::uuid_at:
        return "uuidText(H, B + " + w + ")";
      default:
        throw std::logic_error("not a one-word field");
    }
  }
  // A sequence's value from its fields' values: an object literal, or the value of its one field.
  std::string value(int q, std::int32_t version, const std::vector<std::string>& values) const {
    std::vector<const CursorField*> in;
    for (const CursorField& f : fields(q))
      if (f.in(version)) in.push_back(&f);
    if (fields(q).size() == 1) return values.at(0);
    std::string out = "{ ";
    for (std::size_t i = 0; i < in.size(); ++i) out += (i ? ", " : "") + std::string(in[i]->name) + ": " + values[i];
    return out + " }";
  }

  // A call reading a field at the closure's cursor `at`: a list, a group, a record of an opt.
  std::string call(const CursorField& f) const {
    switch (f.kind) {
      case CursorKind::list:
        return (flat(f.nested) ? "flat_" : "list_") + name(f.nested) + "()";
      case CursorKind::list_at:
        return "input_" + name(f.nested) + "()";
      case CursorKind::opt:
      case CursorKind::group:
        return "read_" + name(f.nested) + "()";
      default:
        throw std::logic_error("a field of another cursor (wide, text) in a one-cursor layout");
    }
  }

  // The reader of sequence q at the cursor: per range of versions, the newest first, its fields
  // read in order into locals with the cursor in a local `i` (handed to and from `at` around a
  // call), then its literal.
  std::string read(int q) const {
    const bool local = std::any_of(fields(q).begin(), fields(q).end(),
                                   [](const CursorField& f) { return oneWord(f.kind) || f.kind == CursorKind::opt; });
    std::string out = "  function read_" + name(q) + "() {\n" + (local ? "    const W = I;\n    let i = at;\n" : "");
    const auto rs = ranges(q);
    for (std::size_t r = rs.size(); r-- > 0;) {
      const std::string indent = r == 0 ? "    " : "      ";
      if (r != 0) out += "    if (v >= " + std::to_string(rs[r].first) + ") {\n";
      // Where the cursor is: 'b' both, 'i' the local, 'a' the closure's.
      char cursor = 'b';
      const auto inLocal = [&] {
        if (cursor == 'a') out += indent + "i = at;\n";
        cursor = 'i';
      };
      std::vector<std::string> values;
      for (const CursorField& f : fields(q)) {
        if (!f.in(rs[r].first)) continue;
        const std::string v = "f" + std::to_string(values.size());
        values.push_back(v);
        if (oneWord(f.kind)) {
          inLocal();
          out += indent + "const " + v + " = " + word(f, "W[i++]") + ";\n";
        } else if (f.kind == CursorKind::opt && fields(f.nested).size() == 1 && oneWord(fields(f.nested)[0].kind)) {
          inLocal();
          out += indent + "const " + v + " = W[i++] === 0 ? null : " + word(fields(f.nested)[0], "W[i++]") + ";\n";
        } else if (f.kind == CursorKind::opt) {
          inLocal();
          out += indent + "at = i + 1;\n" + indent + "const " + v + " = W[i] === 0 ? null : " + call(f) + ";\n";
          cursor = 'a';
        } else {
          if (cursor == 'i') out += indent + "at = i;\n";
          out += indent + "const " + v + " = " + call(f) + ";\n";
          cursor = 'a';
        }
      }
      if (cursor == 'i') out += indent + "at = i;\n";
      out += indent + "return " + value(q, rs[r].first, values) + ";\n";
      if (r != 0) out += "    }\n";
    }
    return out + "  }\n";
  }

  // A list of sequence q of one-word fields: its count, then its elements, read with the cursor
  // in a local (a closure variable is a memory access each time).
  std::string flatList(int q) const {
    std::string out = "  function flat_" + name(q) + "() {\n    const W = I;\n    let i = at;\n";
    out += "    const out = new Array(W[i++]);\n";
    const auto rs = ranges(q);
    for (std::size_t r = rs.size(); r-- > 0;) {
      std::vector<std::string> values;
      std::size_t width = 0;
      for (const CursorField& f : fields(q))
        if (f.in(rs[r].first)) values.push_back(word(f, width++ ? "W[i + " + std::to_string(width - 1) + "]" : "W[i]"));
      const std::string loop = "for (let k = 0; k < out.length; k++, i += " + std::to_string(width) +
                               ") out[k] = " + value(q, rs[r].first, values) + ";";
      out += r == 0 ? (rs.size() > 1 ? "    else " : "    ") + loop + "\n"
                    : std::string(r + 1 == rs.size() ? "    if" : "    else if") +
                          " (v >= " + std::to_string(rs[r].first) + ") " + loop + "\n";
    }
    return out + "    at = i;\n    return out;\n  }\n";
  }

  // A list of sequence q of any fields: its count, then each element by its reader.
  std::string list(int q) const {
    return "  function list_" + name(q) + "() {\n    const out = new Array(I[at++]);\n" +
           "    for (let k = 0; k < out.length; k++) out[k] = read_" + name(q) + "();\n    return out;\n  }\n";
  }

  // A list in the input (list_at): its count and offset, then each element's words there as
  // big-endian i32s.
  std::string inputList(int q) const {
    std::vector<std::string> values;
    for (std::size_t j = 0; j < fields(q).size(); ++j) {
      if (fields(q)[j].kind != CursorKind::word || fields(q)[j].since > 1 ||
          fields(q)[j].until != coordination::kCursorEveryVersion)
        throw std::logic_error("list_at of a sequence that is not words of every version");
      values.push_back(j ? "E.getInt32(b + " + std::to_string(4 * j) + ")" : "E.getInt32(b)");
    }
    return "  function input_" + name(q) + "() {\n    const E = D;\n    const out = new Array(I[at]);\n" +
           "    let b = B + I[at + 1];\n    at += 2;\n    for (let k = 0; k < out.length; k++, b += " +
           std::to_string(4 * fields(q).size()) + ") out[k] = " + value(q, 1, values) + ";\n    return out;\n  }\n";
  }
};

}  // namespace

std::string cursorLayoutJs(const CursorLayoutInfo& l) {
  std::string out = "Object.freeze({";
  for (std::size_t q = 0; q < l.sequences.size(); ++q) {
    out += "\n    " + std::string(l.sequences[q]) + ": Object.freeze([";
    for (const CursorField& f : l.fields[q]) {
      const std::string nested =
          f.nested == coordination::kCursorNone ? "null" : quote(l.sequences[static_cast<std::size_t>(f.nested)]);
      std::string versions;
      if (f.since != 0 || f.until != coordination::kCursorEveryVersion)
        versions = ", " + std::to_string(f.since) + ", " +
                   (f.until == coordination::kCursorEveryVersion ? "null" : std::to_string(f.until));
      out += "\n      Object.freeze([" + quote(coordination::kCursorKindNames[static_cast<std::size_t>(f.kind)]) +
             ", " + quote(f.name) + ", " + nested + versions + "]),";
    }
    out += "\n    ]),";
  }
  return out + "\n  })";
}

std::string streamsReaderJs(const CursorLayoutInfo& layout) {
  const Gen g{layout};
  const int n = static_cast<int>(layout.sequences.size());
  // What each sequence is read as: a record (nested by none), by its reader (read_: a record, an
  // element of a list of any fields, a group, an opt of more than one field), a list's element.
  std::set<int> nested, reads, lists, flats, inputs;
  for (int q = 0; q < n; ++q)
    for (const CursorField& f : g.fields(q)) {
      if (f.nested == coordination::kCursorNone) continue;
      nested.insert(f.nested);
      if (f.kind == CursorKind::list) (g.flat(f.nested) ? flats : lists).insert(f.nested);
      if (f.kind == CursorKind::list_at) inputs.insert(f.nested);
      if ((f.kind == CursorKind::list && !g.flat(f.nested)) || f.kind == CursorKind::group ||
          (f.kind == CursorKind::opt && g.fields(f.nested).size() > 1))
        reads.insert(f.nested);
    }
  std::string out =
      "// Generated by wasm/core/gen/layout_gen.cpp (tables_gen) from the Kafka Streams flat record's description\n"
      "// (wasm/core/streams/streams.h STREAMS_RECORD). Do not edit: run `npm run gen:tables`.\n\n"
      "/**\n"
      " * The record readers. views(I, D, H) takes an Int32Array, a DataView and the HEAPU8 over the heap\n"
      " * (again when it grew); then record(words, input, text) reads the record whose first word is\n"
      " * I[words], its input at H[input..] (offsets and tasks in it are read there, big-endian), with\n"
      " * text(k) its text k (null for -1). uuidText(H, i) is Java's UUID.toString() of the 16 bytes at i.\n"
      " */\n"
      "export function streamsReaders(uuidText) {\n"
      "  let I, D, H; // the views\n"
      "  let B = 0; // the record's input\n"
      "  let text = null; // its texts\n"
      "  let at = 0; // the next word\n"
      "  let v = 0; // the record's version: its first word\n"
      "  function views(i32, dataView, heap) {\n"
      "    I = i32;\n"
      "    D = dataView;\n"
      "    H = heap;\n"
      "  }\n";
  std::string records;
  for (int q = 0; q < n; ++q) {
    if (!nested.count(q)) {
      if (layout.fields[static_cast<std::size_t>(q)].empty() ||
          layout.fields[static_cast<std::size_t>(q)][0].name != "version")
        throw std::logic_error("a record's first field is its version");
      out += "  function " + g.name(q) + "(words, input, texts) {\n    at = words;\n    B = input;\n";
      out += "    text = texts;\n    v = I[at];\n    return read_" + g.name(q) + "();\n  }\n";
      records += (records.empty() ? "" : ", ") + g.name(q);
    }
    if (!nested.count(q) || reads.count(q)) out += g.read(q);
    if (lists.count(q)) out += g.list(q);
    if (flats.count(q)) out += g.flatList(q);
    if (inputs.count(q)) out += g.inputList(q);
  }
  return out + "  return { views, " + records + " };\n}\n";
}
