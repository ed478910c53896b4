// inspect(): the field tree, built by the one decoder of each kind through an InspectSink.
// validateBatch(): the same decoders with the NullSink over Kafka-style i32-framed records.
#include "coordination/inspect.h"

#include <string>

#include "coordination/decoder.h"
#include "tree/invisible.h"
#include "wire/append.h"
#include "wire/reader.h"

namespace coordination {

std::string_view targetName(Target target) {
  switch (target) {
    case Target::key:
      return "key";
    case Target::registration:
      return "registration";
    case Target::lease:
      return "lease";
  }
  tree::contractViolation("unknown Target");
}

std::optional<Target> targetFromIndex(int index) {
  if (index < 0 || index >= kTargetCount) return std::nullopt;
  return static_cast<Target>(index);
}

tree::Error neutralError(const Error& error) {
  return tree::Error{errorCodeName(error.code), error.offset, std::string(fieldPath(error.field)), error.message()};
}

namespace {

using detail::IntEvent;
using detail::StringEvent;
using detail::WireType;

using detail::appendHex;
using detail::appendInt;

void appendCodePoint(std::string& s, std::uint32_t cp) {
  s += "U+";
  appendHex(s, cp, cp > 0xFFFF ? 5 : 4);
}
void appendByteList(std::string& s, std::span<const std::uint8_t> bytes) {
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (i) s += ' ';
    appendHex(s, bytes[i], 2);
  }
}

// The one decoder of `target` over `bytes`, through `sink`; on success the record's view is left
// in `record`.
template <typename Sink>
[[gnu::always_inline]] inline std::optional<Error> decodeAs(Target target, std::span<const std::uint8_t> bytes,
                                                            Sink& sink, RecordView& record) {
  switch (target) {
    case Target::key: {
      KeyView v{};
      auto e = detail::decodeKeyFields(bytes, v, sink);
      if (!e) record = v;
      return e;
    }
    case Target::registration: {
      RegistrationView v{};
      auto e = detail::decodeRegistrationFields(bytes, v, sink);
      if (!e) record = v;
      return e;
    }
    case Target::lease: {
      LeaseView v{};
      auto e = detail::decodeLeaseFields(bytes, v, sink);
      if (!e) record = v;
      return e;
    }
  }
  tree::contractViolation("unknown Target");
}

// Records one FieldNode per field the decoder read; the failing one is left complete = false.
class InspectSink {
 public:
  explicit InspectSink(Inspection& out) : out_(out) { out_.fields.reserve(tree::kRecordNodes); }

  void intField(const IntEvent& e) {
    FieldNode node = makeNode(fieldPath(e.field), e.wire == WireType::i16 ? tree::WireType::i16 : tree::WireType::i64,
                              e.offset, e.length, -1, e.complete);
    if (e.complete) node.value = e.value;
    if (e.field == Field::key_kind && e.complete) {
      node.meaning = e.value == 0 ? "registration" : e.value == 1 ? "lease" : "unknown kind";
    }
    push(e.field, std::move(node));
  }

  void stringField(const StringEvent& e) {
    const std::string path(fieldPath(e.field));
    const bool complete = e.prefix_read && e.body_complete && e.utf8_ok;
    FieldNode node = makeNode(path, tree::WireType::string, e.offset, e.prefix_length + e.body.size(), -1, complete);
    std::string text(reinterpret_cast<const char*>(e.body.data()), e.body.size());
    if (complete) node.value = text;
    const int parent = push(e.field, std::move(node));

    FieldNode length =
        makeNode(path + ".length", tree::WireType::i16, e.offset, e.prefix_length, parent, e.prefix_read);
    if (e.prefix_read) length.value = std::int64_t{e.declared};
    out_.fields.push_back(std::move(length));

    if (e.prefix_read && e.declared >= 0) {
      FieldNode body = makeNode(path + ".utf8", tree::WireType::utf8, e.offset + 2, e.body.size(), parent, complete);
      if (complete) body.value = std::move(text);
      out_.fields.push_back(std::move(body));
    }
  }

  void fail(const Error& e) {
    out_.error = e;
    if (last_top_ >= 0 && last_field_ == e.field) out_.fields[static_cast<std::size_t>(last_top_)].complete = false;
  }

 private:
  static FieldNode makeNode(std::string_view path, tree::WireType wire, std::size_t offset, std::size_t length,
                            int parent, bool complete) {
    FieldNode n;
    n.path = std::string(path);
    n.name = std::string(tree::lastSegment(path));
    n.wire_type = tree::wireTypeName(wire);
    n.offset = offset;
    n.length = length;
    n.parent = parent;
    n.complete = complete;
    return n;
  }
  int push(Field field, FieldNode node) {
    out_.fields.push_back(std::move(node));
    last_top_ = static_cast<int>(out_.fields.size() - 1);
    last_field_ = field;
    return last_top_;
  }

  Inspection& out_;
  int last_top_ = -1;
  Field last_field_ = Field::key;
};

// --- warnings --------------------------------------------------------------------------------
// What every inspect runs (the scans) is optimised for speed; what builds a warning's message runs
// only when there is one, and is [[gnu::cold]] (clang and g++ optimise it for size): compiled for
// speed, the messages were a third of inspect.cpp's code (coordination_codec ~1.9 KB gzip more).

using tree::invisibleKind;

// Decodes one code point of well-formed UTF-8 at s[i]; returns its length.
std::size_t decodeCodePoint(std::string_view s, std::size_t i, std::uint32_t& cp) {
  const auto b = [&](std::size_t k) { return static_cast<std::uint32_t>(static_cast<std::uint8_t>(s[i + k])); };
  const std::uint32_t b0 = b(0);
  if (b0 < 0x80) {
    cp = b0;
    return 1;
  }
  if (b0 < 0xE0) {
    cp = ((b0 & 0x1F) << 6) | (b(1) & 0x3F);
    return 2;
  }
  if (b0 < 0xF0) {
    cp = ((b0 & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F);
    return 3;
  }
  cp = ((b0 & 0x07) << 18) | ((b(1) & 0x3F) << 12) | ((b(2) & 0x3F) << 6) | (b(3) & 0x3F);
  return 4;
}

[[gnu::cold]] void invisibleWarning(std::vector<Warning>& warnings, const FieldNode& body, const std::string& text,
                                    const std::string& field) {
  std::size_t count = 0, first_offset = 0, first_length = 0;
  std::string list;
  for (std::size_t i = 0; i < text.size();) {
    std::uint32_t cp;
    const std::size_t n = decodeCodePoint(text, i, cp);
    if (const char* kind = invisibleKind(cp)) {
      if (count == 0) {
        first_offset = body.offset + i;
        first_length = n;
      }
      if (count < 5) {
        if (count) list += ", ";
        appendCodePoint(list, cp);
        list += " (";
        list += kind;
        list += ") at offset ";
        appendInt(list, body.offset + i);
      }
      ++count;
    }
    i += n;
  }
  std::string msg = field + " holds ";
  appendInt(msg, count);
  msg += count == 1 ? " invisible or control character: " : " invisible or control characters: ";
  msg += list;
  if (count > 5) msg += ", ...";
  warnings.push_back(
      Warning{warningCodeName(WarningCode::INVISIBLE_CHARACTERS), field, first_offset, first_length, std::move(msg)});
}

void warnInvisible(std::vector<Warning>& warnings, const FieldNode& body, const std::string& field) {
  const auto* text = std::get_if<std::string>(&body.value);
  if (!text) return;
  for (std::size_t i = 0; i < text->size();) {
    std::uint32_t cp;
    i += decodeCodePoint(*text, i, cp);
    if (invisibleKind(cp)) return invisibleWarning(warnings, body, *text, field);
  }
}

// On INVALID_UTF8: does the body hold what DataOutput.writeUTF (Java modified UTF-8) writes?
// C0 80 for U+0000, and CESU-8 surrogate pairs ED A0..AF xx ED B0..BF xx for U+10000 and up.
[[gnu::cold]] void warnModifiedUtf8(std::vector<Warning>& warnings, std::span<const std::uint8_t> body,
                                    std::size_t body_offset, const std::string& field) {
  std::size_t count = 0, first_at = 0, first_len = 0;
  std::string first;
  for (std::size_t i = 0; i < body.size();) {
    if (body[i] == 0xC0 && i + 1 < body.size() && body[i + 1] == 0x80) {
      if (count++ == 0) {
        first_at = i;
        first_len = 2;
        first = "bytes C0 80 at offset ";
        appendInt(first, body_offset + i);
        first += " are U+0000 as DataOutput.writeUTF (Java modified UTF-8) writes it; UTF-8 writes it as 00";
      }
      i += 2;
      continue;
    }
    if (body[i] == 0xED && i + 5 < body.size() && body[i + 1] >= 0xA0 && body[i + 1] <= 0xAF &&
        (body[i + 2] & 0xC0) == 0x80 && body[i + 3] == 0xED && body[i + 4] >= 0xB0 && body[i + 4] <= 0xBF &&
        (body[i + 5] & 0xC0) == 0x80) {
      if (count++ == 0) {
        const std::uint32_t hi = 0xD000u | ((body[i + 1] & 0x3Fu) << 6) | (body[i + 2] & 0x3Fu);
        const std::uint32_t lo = 0xD000u | ((body[i + 4] & 0x3Fu) << 6) | (body[i + 5] & 0x3Fu);
        const std::uint32_t cp = 0x10000u + ((hi - 0xD800u) << 10) + (lo - 0xDC00u);
        first_at = i;
        first_len = 6;
        first = "bytes ";
        appendByteList(first, body.subspan(i, 6));
        first += " at offset ";
        appendInt(first, body_offset + i);
        first += " are the surrogate pair ";
        appendCodePoint(first, hi);
        first += ' ';
        appendCodePoint(first, lo);
        first += " for ";
        appendCodePoint(first, cp);
        first += " as DataOutput.writeUTF (Java modified UTF-8, CESU-8) writes it; UTF-8 writes it as ";
        const std::uint8_t utf8[4] = {
            static_cast<std::uint8_t>(0xF0 | (cp >> 18)), static_cast<std::uint8_t>(0x80 | ((cp >> 12) & 0x3F)),
            static_cast<std::uint8_t>(0x80 | ((cp >> 6) & 0x3F)), static_cast<std::uint8_t>(0x80 | (cp & 0x3F))};
        appendByteList(first, utf8);
      }
      i += 6;
      continue;
    }
    ++i;
  }
  if (count == 0) return;
  std::string msg =
      field + ": looks like Java modified UTF-8 from DataOutput.writeUTF, not the UTF-8 this format requires: ";
  msg += first;
  if (count > 1) {
    msg += " (";
    appendInt(msg, count);
    msg += " such sequences in this string)";
  }
  warnings.push_back(Warning{warningCodeName(WarningCode::JAVA_MODIFIED_UTF8), field, body_offset + first_at, first_len,
                             std::move(msg)});
}

// On NEGATIVE_LENGTH at `offset` (the prefix, in `bytes`) of the string `field`.
[[gnu::cold]] void warnUnsignedLength(std::vector<Warning>& warnings, const std::string& field, std::size_t offset,
                                      std::span<const std::uint8_t> bytes) {
  const auto u = static_cast<std::uint16_t>(bytes[offset] << 8 | bytes[offset + 1]);
  const std::int64_t found = static_cast<std::int16_t>(u);
  const std::size_t follow = bytes.size() - offset - 2;
  std::string msg = field;
  msg += ": length prefix 0x";
  appendHex(msg, u, 4);
  msg += " is ";
  appendInt(msg, found);
  msg +=
      " as Kafka's signed i16, but DataOutput.writeUTF (Java modified UTF-8) writes an unsigned u16 length: "
      "read that way it means a writeUTF string of ";
  appendInt(msg, u);
  msg += " bytes (";
  appendInt(msg, follow);
  msg += follow == 1 ? " byte follows)" : " bytes follow)";
  warnings.push_back(Warning{warningCodeName(WarningCode::JAVA_MODIFIED_UTF8), field, offset, 2, std::move(msg)});
}

[[gnu::cold]] void warnDeadlineBeforeGranted(std::vector<Warning>& warnings, const FieldNode& deadline, std::int64_t g,
                                             std::int64_t d) {
  std::string msg = "lease.deadline ";
  appendInt(msg, d);
  msg += " is before lease.granted_at ";
  appendInt(msg, g);
  msg += " (by ";
  appendInt(msg, static_cast<std::uint64_t>(g) - static_cast<std::uint64_t>(d));
  msg += " ms): the lease expired before it was granted";
  warnings.push_back(Warning{warningCodeName(WarningCode::DEADLINE_BEFORE_GRANTED), "lease.deadline", deadline.offset,
                             deadline.length, std::move(msg)});
}

}  // namespace

namespace detail {

void addWarnings(std::vector<Warning>& warnings, const std::vector<FieldNode>& fields,
                 const std::optional<tree::Error>& error, std::span<const std::uint8_t> bytes) {
  const FieldNode* granted = nullptr;
  const FieldNode* deadline = nullptr;
  for (const FieldNode& node : fields) {
    if (node.wire_type == "utf8") warnInvisible(warnings, node, fields[static_cast<std::size_t>(node.parent)].path);
    if (node.path == "lease.granted_at" && node.complete) granted = &node;
    if (node.path == "lease.deadline" && node.complete) deadline = &node;
  }
  if (granted && deadline) {
    const std::int64_t g = std::get<std::int64_t>(granted->value);
    const std::int64_t d = std::get<std::int64_t>(deadline->value);
    if (d < g) warnDeadlineBeforeGranted(warnings, *deadline, g, d);
  }
  if (error && error->code == errorCodeName(ErrorCode::INVALID_UTF8)) {
    for (const FieldNode& node : fields) {
      if (node.wire_type == "utf8" && node.path == error->field + ".utf8") {
        warnModifiedUtf8(warnings, bytes.subspan(node.offset, node.length), node.offset, error->field);
      }
    }
  }
  if (error && error->code == errorCodeName(ErrorCode::NEGATIVE_LENGTH))
    warnUnsignedLength(warnings, error->field, error->offset, bytes);
}

}  // namespace detail

Inspection inspect(Target target, ValueBytes bytes) {
  tree::require(targetFromIndex(static_cast<int>(target)).has_value(), "inspect: unknown Target");
  Inspection in;
  in.target = target;
  if (target != Target::key && isTombstone(bytes)) {
    in.tombstone = true;
    return in;
  }
  const std::span<const std::uint8_t> input = bytes ? *bytes : std::span<const std::uint8_t>{};
  InspectSink sink(in);
  in.error = decodeAs(target, input, sink, in.record);
  detail::addWarnings(in.warnings, in.fields, in.error ? std::optional(neutralError(*in.error)) : std::nullopt, input);
  return in;
}

namespace {

// validateBatch's loop for one target: each loop holds one decoder, in line (wasm 3-6% faster than
// one loop choosing the decoder per record), optimised by clang as a function of its own (wasm-opt
// then puts it back into the export; 0-7% faster than clang inlining the three loops into one). The
// counts are locals until the end: in `s` they were a load and a store per record, as the
// validator's call might have changed them.
template <Target target>
[[gnu::noinline]] void validateFrames(std::span<const std::uint8_t> frames, BatchSummary& s) {
  std::uint64_t records = 0, valid = 0, tombstones = 0;
  Reader r(frames);
  while (!r.atEnd()) {
    const std::size_t frame_at = r.position();
    if (!r.need(4)) {
      s.framing_error_offset = frame_at;
      break;
    }
    const std::int32_t length = r.readI32();
    if (length < -1 || (length >= 0 && !r.need(static_cast<std::size_t>(length)))) {
      s.framing_error_offset = frame_at;
      break;
    }
    const std::uint64_t index = records++;
    // A null frame: a tombstone for a value target; for the key target a null key is read as an
    // empty key (TRUNCATED at key.version, offset 0), the same as inspect(Target::key, nullopt).
    const std::span<const std::uint8_t> record =
        length < 0 ? std::span<const std::uint8_t>{} : r.take(static_cast<std::size_t>(length));
    if (target != Target::key && record.empty()) {
      ++tombstones;
      continue;
    }
    detail::NullSink sink;
    RecordView view;
    if (auto e = decodeAs(target, record, sink, view)) {
      ++s.by_code[static_cast<std::size_t>(e->code)];
      if (!s.first_error) {
        s.first_error = *e;
        s.first_error_index = index;
      }
    } else {
      ++valid;
    }
  }
  s.records = records;
  s.valid = valid;
  s.tombstones = tombstones;
}

}  // namespace

BatchSummary validateBatch(Target target, std::span<const std::uint8_t> frames) {
  tree::require(targetFromIndex(static_cast<int>(target)).has_value(), "validateBatch: unknown Target");
  BatchSummary s;
  switch (target) {
    case Target::key:
      validateFrames<Target::key>(frames, s);
      break;
    case Target::registration:
      validateFrames<Target::registration>(frames, s);
      break;
    case Target::lease:
      validateFrames<Target::lease>(frames, s);
      break;
  }
  return s;
}

}  // namespace coordination
