// The KRaft metadata log's records (__cluster_metadata) at the boundary of the whole-topic module
// (wasm/core/clustermetadata/record.h; wasm/api/clustermetadata-api.js reads what they leave in the
// heap):
//
//   clusterMetadataRecordTypes() -> [[type, apiKey, message id], ...] by RecordType, the ids of
//     wasm/generated/schema/messages.js's MESSAGES.
//   clusterMetadataDecode(value, valueLength, tree) -> the address of two words (the record type,
//     the message's schema block), valid until the next call; 0 when the value is refused
//     (clusterMetadataError()). tree: inspect too (clusterMetadataInspection()).
//   the fold (clustermetadata/fold.h), a handle driven by calls, one per chunk of input, as the
//     transaction log's: cmdNew / cmdPushLog / cmdEndLog / cmdPushRecords / cmdResult / cmdDelete;
//     cmdResult is the metadata image as flat arrays (clustermetadata/flat.h).
#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "clustermetadata/flat.h"
#include "clustermetadata/fold.h"
#include "clustermetadata/record.h"
#include "flat_block.h"
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

using ClusterMetadataLog = ccm::ClusterMetadataLogFolder;

coordination::FlatState g_cmd_flat;
std::uint32_t g_cmd_block[coordination::kFlatBlockWords];

ClusterMetadataLog* cmdNew() { return new ClusterMetadataLog(); }
void cmdDelete(ClusterMetadataLog* s) { delete s; }

// One chunk of a log file of `partition`. Returns the records read so far (exact below 2^53).
double cmdPushLog(ClusterMetadataLog* s, int partition, const std::uint8_t* p, std::size_t n) {
  s->pushLog(partition, {p, n});
  return static_cast<double>(s->folder().records());
}

void cmdEndLog(ClusterMetadataLog* s, int partition) { s->endLog(partition); }

// Packed records (log/log_input.h addPackedRecords). Returns -1, or the position of a malformed record.
double cmdPushRecords(ClusterMetadataLog* s, const std::uint8_t* p, std::size_t n) {
  const auto bad = coordination::addPackedRecords(s->folder(), {p, n});
  return bad ? static_cast<double>(*bad) : -1.0;
}

// The metadata image, flat (clustermetadata/flat.h): the address of the flat block's words, valid
// until the next call.
const std::uint32_t* cmdResult(ClusterMetadataLog* s) {
  ccm::flattenClusterMetadata(s->folder().state(), g_cmd_flat);
  return coordination::flatBlock(g_cmd_flat, g_cmd_block);
}

}  // namespace

#include "generated/bindings/clustermetadata_bindings.inc"
