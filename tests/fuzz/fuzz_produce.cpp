// libFuzzer target for the ProduceRequest v3 decoder (built with clang -fsanitize=fuzzer,address,
// undefined by tests/fuzz/run.sh; seeds: requests written by kafkajs, tests/fuzz/produce_seeds.mjs).
//   - decode and inspect agree: both succeed, or both fail with the same code, offset and field;
//   - error and warning offsets and every node's byte range lie within the input;
//   - every error message names its field and ends with its offset;
//   - a decoded request is well formed: its lists are consecutive runs of its arrays, every slice
//     lies within the input or within the pool (never across), every text is well-formed UTF-8;
//     its counts are bounded by the input; the numbering of its texts (the wasm boundary's) gives
//     equal numbers exactly to equal texts.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "check.h"
#include "protocol/produce.h"
#include "protocol/text_ids.h"
#include "wire/utf8.h"

using namespace coordination;
using namespace coordination::protocol;

namespace {

// A slice lies within the input or within the pool, never across; a text is well-formed UTF-8.
void checkSlice(const ProduceRequest& p, Slice s, bool text) {
  if (s.null()) {
    CHECK(s.length == -1);
    return;
  }
  const auto n = static_cast<std::size_t>(s.length);
  if (s.at < p.input.size()) {
    CHECK(n <= p.input.size() - s.at);
  } else {
    CHECK(s.at - p.input.size() <= p.pool.size() && n <= p.pool.size() - (s.at - p.input.size()));
  }
  if (text) CHECK(!findInvalidUtf8(p.bytes(s)));
}

// Each list is the next run of its array: together they cover the array exactly.
template <typename Parent, typename Begin, typename Count>
void checkRuns(const std::vector<Parent>& parents, std::size_t children, Begin begin, Count count) {
  std::size_t next = 0;
  for (const Parent& x : parents) {
    CHECK(x.*begin == next);
    next += x.*count;
  }
  CHECK(next == children);
}

void checkRequest(const ProduceRequest& p) {
  checkRuns(p.topics, p.partitions.size(), &TopicData::partitions_begin, &TopicData::partitions_count);
  checkRuns(p.partitions, p.batches.size(), &PartitionData::batches_begin, &PartitionData::batches_count);
  checkRuns(p.batches, p.records.size(), &ProducedBatch::records_begin, &ProducedBatch::records_count);
  checkRuns(p.records, p.headers.size(), &ProducedRecord::headers_begin, &ProducedRecord::headers_count);
  if (p.header) checkSlice(p, p.header->client_id, true);
  checkSlice(p, p.transactional_id, true);
  for (const TopicData& t : p.topics) checkSlice(p, t.topic, true);
  std::size_t decoded = 0;
  for (const ProducedRecord& x : p.records) {
    checkSlice(p, x.key, false);
    checkSlice(p, x.value, false);
    if (x.decoded >= 0) CHECK(static_cast<std::size_t>(x.decoded) == decoded++);
  }
  CHECK(decoded == p.decoded.size());
  for (const ProducedHeader& h : p.headers) {
    checkSlice(p, h.key, true);
    checkSlice(p, h.value, false);
  }
  std::size_t errors = 0;
  for (const CoordinationRecord& c : p.decoded) {
    checkSlice(p, c.role, true);
    checkSlice(p, c.key_member, true);
    checkSlice(p, c.member, true);
    CHECK(c.key_kind >= -1 && c.key_kind <= 1 && c.value_kind >= -1 && c.value_kind <= 1);
    if (c.error >= 0) CHECK(static_cast<std::size_t>(c.error) == errors++);
  }
  CHECK(errors == p.errors.size());
  for (const RecordError& e : p.errors) {
    checkSlice(p, e.code, true);
    checkSlice(p, e.field, true);
    checkSlice(p, e.message, true);
  }
  // Equal numbers exactly for equal texts; each number's text is where it first occurs.
  TextIds ids;
  ids.number(p);
  CHECK(ids.decoded.size() == 3 * p.decoded.size() && ids.header_keys.size() == p.headers.size());
  auto same = [&](std::int32_t id, Slice s) {
    if (s.null()) return id == -1;
    return id >= 0 && static_cast<std::size_t>(id) < ids.texts.size() &&
           p.text(ids.texts[static_cast<std::size_t>(id)]) == p.text(s);
  };
  for (std::size_t i = 0; i < p.decoded.size(); ++i) {
    CHECK(same(ids.decoded[3 * i], p.decoded[i].role));
    CHECK(same(ids.decoded[3 * i + 1], p.decoded[i].key_member));
    CHECK(same(ids.decoded[3 * i + 2], p.decoded[i].member));
  }
  for (std::size_t i = 0; i < p.headers.size(); ++i) CHECK(same(ids.header_keys[i], p.headers[i].key));
  std::set<std::string_view> distinct;
  for (const Slice& s : ids.texts) CHECK(distinct.insert(p.text(s)).second);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> bytes(data, size);
  const ProduceResult r = decodeProduceRequest(bytes);
  const ProduceInspection in = inspectProduceRequest(bytes);
  const auto* e = std::get_if<tree::Error>(&r);
  CHECK((e != nullptr) == in.error.has_value());
  if (e) {
    CHECK(e->code == in.error->code && e->offset == in.error->offset && e->field == in.error->field);
    CHECK(e->offset <= size);
    CHECK(e->field.rfind("produce_request", 0) == 0);
    CHECK(e->message.rfind(e->field, 0) == 0 || e->message.find("batch at offset") != std::string::npos);
  } else {
    const ProduceRequest& p = std::get<ProduceRequest>(r);
    CHECK(p.topics.size() <= size / 6);
    checkRequest(p);
    CHECK(in.fields.at(0).length == size);
  }
  for (const tree::Node& n : in.fields) {
    CHECK(n.offset <= size && n.length <= size - n.offset);
    CHECK(n.parent < static_cast<int>(in.fields.size()));
  }
  for (const tree::Warning& w : in.warnings) CHECK(w.offset <= size && w.length <= size - w.offset);
  return 0;
}
