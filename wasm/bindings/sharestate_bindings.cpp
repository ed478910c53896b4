// Kafka's share-group state (__share_group_state) at the boundary of the whole-topic module
// (wasm/core/sharestate/record.h; wasm/api/sharestate-api.js reads what they leave in the heap):
//
//   shareStateRecordTypes() -> [[type, key message id, value message id], ...] by RecordType, the
//     ids of wasm/generated/schema/messages.js's MESSAGES.
//   shareStateDecode(key, keyLength, value, valueLength, tree) -> the address of three words (the
//     record type, the key's schema block, the value's: 0 for a tombstone or, inspecting, a part
//     that failed), valid until the next call; 0 when the key or the value is refused
//     (shareStateError()) or, inspecting, when the key's prefix names no type. valueLength -1: a
//     null value. tree: inspect too (shareStateInspection()).
//   the fold (sharestate/fold.h), a handle driven by calls, one per chunk of input, as the
//     transaction log's: shsNew / shsPushLog / shsEndLog / shsPushRecords / shsResult / shsDelete;
//     shsResult is the folded state as flat arrays (sharestate/flat.h).
//   partitions folded apart (share-state --jobs): shsPart in each worker's module, the parts merged
//     where shsMerge* run (the result: the same flat arrays as shsResult).
#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "flat_block.h"
#include "generated/schema/messages.h"
#include "record_types.h"
#include "sharestate/flat.h"
#include "sharestate/fold.h"
#include "sharestate/record.h"
#include "tree_objects.h"

namespace {

namespace cs = coordination::schema;
namespace css = coordination::sharestate;
using emscripten::val;
using Bytes = std::span<const std::uint8_t>;

std::uint32_t address(const void* p) { return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(p)); }

css::RecordReader g_reader;
css::RecordReader::Inspection g_inspection;
std::optional<tree::Error> g_error;
std::uint32_t g_key_block[cs::kBlockWords];
std::uint32_t g_value_block[cs::kBlockWords];
std::uint32_t g_words[3];

val shareStateRecordTypes() {
  val out = val::array();
#define SHARESTATE_X(type, key, value) \
  recordtypes::addRow(out, #type, cs::key##Message::name, cs::value##Message::name);
  SHARE_STATE_RECORD_TYPES(SHARESTATE_X)
#undef SHARESTATE_X
  return out;
}

double shareStateDecode(std::uintptr_t key, std::size_t key_length, std::uintptr_t value, int value_length, bool tree) {
  const Bytes k(reinterpret_cast<const std::uint8_t*>(key), key_length);
  std::optional<Bytes> v;
  if (value_length >= 0)
    v = Bytes(reinterpret_cast<const std::uint8_t*>(value), static_cast<std::size_t>(value_length));
  if (tree) {
    g_inspection = g_reader.inspect(k, v);
    g_error = g_inspection.key.error ? g_inspection.key.error
              : g_inspection.value   ? g_inspection.value->error
                                     : std::nullopt;
  } else {
    g_inspection = {};
    g_error = g_reader.decode(k, v);
  }
  if (!g_reader.type() || (!tree && g_error)) return 0;
  const bool key_ok = !tree || !g_inspection.key.error;
  const bool value_ok = !g_reader.tombstone() && (!tree || (g_inspection.value && !g_inspection.value->error));
  g_words[0] = static_cast<std::uint32_t>(*g_reader.type());
  switch (*g_reader.type()) {
#define SHARESTATE_X(type, key_message, value_message)                                        \
  case css::RecordType::type:                                                                 \
    cs::blockOf<cs::key_message##Message>(g_reader.type##_key(), g_key_block, address);       \
    cs::blockOf<cs::value_message##Message>(g_reader.type##_value(), g_value_block, address); \
    break;
    SHARE_STATE_RECORD_TYPES(SHARESTATE_X)
#undef SHARESTATE_X
  }
  g_words[1] = key_ok ? address(g_key_block) : 0u;
  g_words[2] = value_ok ? address(g_value_block) : 0u;
  return address(g_words);
}

val shareStateError() { return g_error ? treeobjects::errorObject(*g_error) : val::null(); }

val shareStateInspection() {
  val o = val::object();
  const auto part = [](const cs::Inspection& in) {
    return treeobjects::inspectionObject(in.fields, in.error, in.warnings);
  };
  o.set("key", part(g_inspection.key));
  o.set("value", g_inspection.value ? part(*g_inspection.value) : val::null());
  return o;
}

using ShareStateLog = css::ShareStateLogFolder;

coordination::FlatState g_shs_flat;
std::uint32_t g_shs_block[coordination::kFlatBlockWords];
std::vector<std::uint8_t> g_shs_bytes;  // shsPart's and shsMergeAdd's answers

ShareStateLog* shsNew() { return new ShareStateLog(); }
void shsDelete(ShareStateLog* s) { delete s; }

// One chunk of a log file of `partition`. Returns the records read so far (exact below 2^53).
double shsPushLog(ShareStateLog* s, int partition, const std::uint8_t* p, std::size_t n) {
  s->pushLog(partition, {p, n});
  return static_cast<double>(s->folder().records());
}

void shsEndLog(ShareStateLog* s, int partition) { s->endLog(partition); }

// Packed records (log/log_input.h addPackedRecords). Returns -1, or the position of a malformed record.
double shsPushRecords(ShareStateLog* s, const std::uint8_t* p, std::size_t n) {
  const auto bad = coordination::addPackedRecords(s->folder(), {p, n});
  return bad ? static_cast<double>(*bad) : -1.0;
}

// The folded state, flat (sharestate/flat.h): the address of the flat block's words, valid until
// the next call.
const std::uint32_t* shsResult(ShareStateLog* s) {
  css::flattenShareState(s->folder().state(), g_shs_flat);
  return coordination::flatBlock(g_shs_flat, g_shs_block);
}

// The folder's part (sharestate/fold.h writeShareStatePart): returns its length, shsBytes() where.
int shsPart(ShareStateLog* s) {
  css::writeShareStatePart(s->folder().state(), g_shs_bytes);
  return static_cast<int>(g_shs_bytes.size());
}
const std::uint8_t* shsBytes() { return g_shs_bytes.data(); }

// Parts of a share-group state folded apart, by the order of their partitions in the reading.
struct ShareStateMerger {
  struct Part {
    std::vector<std::uint8_t> bytes;  // the state's error codes are views into them
    css::ShareStateLog state;
  };
  std::map<std::uint32_t, Part> parts;
};

ShareStateMerger* shsMergeNew() { return new ShareStateMerger(); }
void shsMergeDelete(ShareStateMerger* m) { delete m; }

// A part at `order`: 0, or the length of why the bytes are not a part (at shsBytes(), UTF-8).
int shsMergeAdd(ShareStateMerger* m, int order, const std::uint8_t* p, std::size_t n) {
  ShareStateMerger::Part part;
  part.bytes.assign(p, p + n);
  const std::string why = css::readShareStatePart(part.bytes, part.state);
  if (!why.empty()) {
    g_shs_bytes.assign(why.begin(), why.end());
    return static_cast<int>(g_shs_bytes.size());
  }
  m->parts[static_cast<std::uint32_t>(order)] = std::move(part);
  return 0;
}

// The parts merged in reading order: as shsResult.
const std::uint32_t* shsMergeResult(ShareStateMerger* m) {
  std::vector<css::ShareStateLog> states;
  states.reserve(m->parts.size());
  for (const auto& [order, part] : m->parts) states.push_back(part.state);
  css::flattenShareState(css::mergeShareStates(states), g_shs_flat);
  return coordination::flatBlock(g_shs_flat, g_shs_block);
}

}  // namespace

#include "generated/bindings/sharestate_bindings.inc"
