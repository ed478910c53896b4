// libFuzzer target for every schema-generated message (wasm/generated/schema/messages.h; built
// with clang -fsanitize=fuzzer,address,undefined by tests/fuzz/run.sh; seeds:
// tests/fuzz/schema_seeds.mjs). Input: byte 0 the message id, byte 1 0xFF to read the version
// prefix or else the version to read at (its low 4 bits), then the message's bytes.
//   - decode (tree::NullSink) and inspect (tree::TreeSink) agree: both succeed with the same
//     message, or both fail with the same code, offset, field and message;
//   - an error's offset lies within the input and its message names its field and offset;
//   - every node's byte range lies within the input, its parent before it; warnings within too;
//   - every Slice of the message lies within the input or within the pool, every Run within its
//     arena (checked on the shared arenas).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "check.h"
#include "generated/schema/messages.h"

using namespace coordination::schema;

namespace {

void checkSlice(const Decoded& d, Slice s) {
  if (s.null()) return;
  const std::size_t n = d.input.size();
  const std::size_t end = static_cast<std::size_t>(s.at) + static_cast<std::size_t>(s.length);
  if (s.at < n) {
    CHECK(end <= n);
  } else {
    CHECK(end - n <= d.pool.size());
  }
}

template <typename Message>
void run(std::span<const std::uint8_t> bytes, const Options& options) {
  static typename Message::Decoded fast, tree;
  const auto e = Message::decode(bytes, fast, options);
  const Inspection in = Message::inspect(bytes, tree, options);
  CHECK(e.has_value() == in.error.has_value());
  if (e) {
    CHECK(e->code == in.error->code);
    CHECK(e->offset == in.error->offset);
    CHECK(e->field == in.error->field);
    CHECK(e->message == in.error->message);
    CHECK(e->offset <= bytes.size());
    CHECK(e->message.find(e->field) == 0);
    CHECK(e->message.find("(offset " + std::to_string(e->offset) + ")") != std::string::npos);
  } else {
    CHECK(fast == tree);
    for (const Slice& s : fast.slices) checkSlice(fast, s);
    for (const TaggedField& t : fast.tagged) checkSlice(fast, t.bytes);
  }
  for (std::size_t i = 0; i < in.fields.size(); ++i) {
    const tree::Node& n = in.fields[i];
    CHECK(n.offset <= bytes.size() && n.length <= bytes.size() - n.offset);
    CHECK(n.parent < static_cast<int>(i));
  }
  for (const tree::Warning& w : in.warnings) CHECK(w.offset <= bytes.size() && w.length <= bytes.size() - w.offset);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const int id = data[0] % kMessageCount;
  Options options;
  if (data[1] != 0xFF) options.version = static_cast<std::int16_t>(data[1] & 15);
  const std::span<const std::uint8_t> bytes(data + 2, size - 2);
  withMessage(id, [&](auto message) {
    using Message = decltype(message);
    // A message without a version prefix is read at a version.
    if (!options.version && !Message::prefixed) options.version = 0;
    run<Message>(bytes, options);
  });
  return 0;
}
