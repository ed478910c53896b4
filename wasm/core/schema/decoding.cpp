// The parts of schema/decoding.h that do not depend on the sink: names, paths, messages, texts.
#include "schema/decoding.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "coordination/coordination_codec.h"
#include "log/batch_words.h"
#include "wire/java_text.h"

namespace coordination::schema {

std::string_view codeName(Code code) {
  switch (code) {
    // The shared codes are names of the one list: this does not compile with any other.
#define SCHEMA_X(name) \
  case Code::name:     \
    return errorCodeName(ErrorCode::name);
    SCHEMA_SHARED_ERROR_CODES(SCHEMA_X)
#undef SCHEMA_X
#define SCHEMA_X(name, description) \
  case Code::name:                  \
    return #name;
    SCHEMA_ERROR_CODES(SCHEMA_X)
#undef SCHEMA_X
  }
  return {};
}

std::optional<std::string> listWords(std::string_view code, bool string_field, std::int64_t found, std::int64_t limit) {
  const auto listed = errorCodeFromName(code);
  if (!listed) return std::nullopt;
  std::string s;
  describeError(s, *listed, string_field, found, limit);
  return s;
}

std::string pathOf(std::string_view root, std::span<const Frame> frames, Leaf leaf) {
  std::string s(root);
  auto segment = [&](std::string_view name, std::int64_t index) {
    if (!name.empty()) {
      s += '.';
      s += name;
    }
    if (index >= 0) {
      s += '[';
      s += std::to_string(index);
      s += ']';
    }
  };
  for (const Frame& f : frames) segment(f.name, f.index);
  segment(leaf.name, leaf.index);
  return s;
}

namespace {

// "<path>: <what> (offset N)".
std::string messageOf(const std::string& path, std::initializer_list<Piece> what, std::size_t at) {
  std::string s = path;
  s += ": ";
  detail::sayTo(s, what);
  s += " (offset ";
  s += std::to_string(at);
  s += ')';
  return s;
}

}  // namespace

tree::Error errorAt(std::string_view code, std::size_t at, std::string_view root, std::span<const Frame> frames,
                    Leaf leaf, std::initializer_list<Piece> what) {
  std::string path = pathOf(root, frames, leaf);
  std::string message = messageOf(path, what, at);
  return tree::Error{code, at, std::move(path), std::move(message)};
}

tree::Warning warningAt(std::string_view code, std::size_t at, std::size_t length, std::string_view root,
                        std::span<const Frame> frames, Leaf leaf, std::initializer_list<Piece> what) {
  std::string path = pathOf(root, frames, leaf);
  std::string message = messageOf(path, what, at);
  return tree::Warning{code, std::move(path), at, length, std::move(message)};
}

std::string emptyFrameWords(std::size_t width) { return batch_words::emptyRecord(width); }

void appendReplaced(std::span<const std::uint8_t> body, std::vector<std::uint8_t>& pool) {
  std::u16string units;
  decodeUtf8Lossy(body, units);
  const std::string text = javaStringToUtf8(units);
  pool.insert(pool.end(), text.begin(), text.end());
}

std::string doubleText(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v < 0 ? "-Infinity" : "Infinity";
  char text[32];
  for (int precision = 1;; ++precision) {  // 17 significant digits always read back
    std::snprintf(text, sizeof text, "%.*g", precision, v);
    if (precision == 17 || std::strtod(text, nullptr) == v) return text;
  }
}

std::string uuidText(const Uuid& u) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string s;
  std::uint32_t bits = 0;
  int held = 0;
  for (const std::uint8_t b : u.bytes) {
    bits = (bits << 8) | b;
    held += 8;
    while (held >= 6) {
      held -= 6;
      s += kAlphabet[(bits >> held) & 63];
    }
  }
  if (held > 0) s += kAlphabet[(bits << (6 - held)) & 63];
  return s;
}

namespace {

template <typename Sink>
std::optional<tree::Error> readMessage(std::span<const std::uint8_t> input, Sink& sink, Decoded& out,
                                       std::int16_t& version, const Options& options,
                                       std::vector<tree::Warning>* warnings, const MessageRule& rule,
                                       ReadRoot<Sink> read) {
  Decoding<Sink> d(input, options, rule.root, sink, out, warnings, rule.wording);
  std::int16_t v = 0;
  if (d.begin(rule.low, rule.high, rule.prefix, rule.read_as_latest, v, version) && read(d, out, v) &&
      d.end(v == version && !options.open_end)) {
    out.end = d.position();
    return std::nullopt;
  }
  return std::move(d.error());
}

}  // namespace

std::optional<tree::Error> decodeMessage(std::span<const std::uint8_t> input, Decoded& out, std::int16_t& version,
                                         const Options& options, const MessageRule& rule,
                                         ReadRoot<tree::NullSink> read) {
  tree::NullSink sink;
  return readMessage(input, sink, out, version, options, options.warnings, rule, read);
}

Inspection inspectMessage(std::span<const std::uint8_t> input, Decoded& out, std::int16_t& version,
                          const Options& options, const MessageRule& rule, ReadRoot<tree::TreeSink> read) {
  Inspection in;
  tree::TreeSink own(in.fields);
  tree::TreeSink& sink = options.sink ? *options.sink : own;
  // Into the caller's sink, the warnings into the caller's list (in wire order with its own).
  auto* warnings = options.sink && options.warnings ? options.warnings : &in.warnings;
  in.error = readMessage(input, sink, out, version, options, warnings, rule, read);
  return in;
}

}  // namespace coordination::schema
