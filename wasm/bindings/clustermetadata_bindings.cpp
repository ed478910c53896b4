// The KRaft metadata log's records (__cluster_metadata) at the boundary of the whole-topic module
// (wasm/core/clustermetadata/record.h; wasm/api/clustermetadata-api.js reads what they leave in the
// heap):
//
//   clusterMetadataRecordTypes() -> [[type, apiKey, message id], ...] by RecordType, the ids of
//     wasm/generated/schema/messages.js's MESSAGES.
//   clusterMetadataDecode(value, valueLength, tree) -> the address of two words (the record type,
//     the message's schema block), valid until the next call; 0 when the value is refused
//     (clusterMetadataError()). tree: inspect too (clusterMetadataInspection()).
#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "clustermetadata/record.h"
#include "generated/schema/messages.h"
#include "record_types.h"
#include "tree_objects.h"

namespace {

namespace cs = coordination::schema;
namespace ccm = coordination::clustermetadata;
using emscripten::val;
using Bytes = std::span<const std::uint8_t>;

std::uint32_t address(const void* p) { return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(p)); }

ccm::RecordReader g_reader;
cs::Inspection g_inspection;
std::optional<tree::Error> g_error;
std::uint32_t g_block[cs::kBlockWords];
std::uint32_t g_words[2];

val clusterMetadataRecordTypes() {
  val out = val::array();
#define CLUSTERMETADATA_X(api_key, type, message) \
  {                                               \
    val row = val::array();                       \
    row.set(0, std::string(#type));               \
    row.set(1, api_key);                          \
    row.set(2, recordtypes::messageId(#message)); \
    out.call<void>("push", row);                  \
  }
  CLUSTER_METADATA_RECORD_TYPES(CLUSTERMETADATA_X)
#undef CLUSTERMETADATA_X
  return out;
}

double clusterMetadataDecode(std::uintptr_t value, std::size_t value_length, bool tree) {
  const Bytes v(reinterpret_cast<const std::uint8_t*>(value), value_length);
  if (tree) {
    g_inspection = g_reader.inspect(v);
    g_error = g_inspection.error;
  } else {
    g_inspection = {};
    g_error = g_reader.decode(v);
  }
  if (g_error) return 0;
  g_words[0] = static_cast<std::uint32_t>(*g_reader.type());
  switch (*g_reader.type()) {
#define CLUSTERMETADATA_X(api_key, type, message)                         \
  case ccm::RecordType::type:                                             \
    cs::blockOf<cs::message##Message>(g_reader.type(), g_block, address); \
    break;
    CLUSTER_METADATA_RECORD_TYPES(CLUSTERMETADATA_X)
#undef CLUSTERMETADATA_X
  }
  g_words[1] = address(g_block);
  return address(g_words);
}

val clusterMetadataError() { return g_error ? treeobjects::errorObject(*g_error) : val::null(); }

val clusterMetadataInspection() {
  return treeobjects::inspectionObject(g_inspection.fields, g_inspection.error, g_inspection.warnings);
}

}  // namespace

#include "generated/bindings/clustermetadata_bindings.inc"
