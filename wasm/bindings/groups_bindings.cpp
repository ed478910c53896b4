// The consumer groups' records at the wasm boundary of the whole-topic module
// (wasm/core/groups/records.h; wasm/api/groups-api.js reads what they leave in the heap):
//
//   groupRecordTypes() -> [[type, key message id, value message id], ...] by type, the ids of
//     wasm/generated/schema/messages.js's MESSAGES.
//   groupDecode(key, keyLength, value, valueLength, tree) -> the address of the record's words
//     (kRecordWords, then kLevelWords per member level: subscription, assignment), valid until the
//     next call; 0 when the key or the value is refused (groupError()). valueLength -1: a null
//     value. tree: inspect too (groupInspection()), and the words of what decoded (a part that
//     failed has block 0) whenever the key's version names a type.
//   consumerDecode(message, input, length, streams, tree) -> the address of one level's words
//     (message 0: a subscription, 1: an assignment; streams: its userData read as Kafka Streams');
//     0 when it is refused (groupError()); tree: consumerInspection().
//   groupNestedErrors() -> the nested levels' errors of the last call, by the index in their words.
//
// The fold (groups/fold.h), driven by calls as the transaction log's: grpNew(merger) /
// grpPushLog / grpEndLog / grpPushRecords / grpPartial (a folder's part as
// bytes, for a worker) / grpAdd (a merger's: a part's bytes) / grpResult (the merged
// groups, flat: groups/flat.h) / grpDelete.
#include <emscripten/val.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <vector>

#include "flat_block.h"
#include "generated/schema/messages.h"
#include "groups/flat.h"
#include "groups/fold.h"
#include "groups/records.h"
#include "record_types.h"
#include "tree_objects.h"

namespace {

namespace cs = coordination::schema;
namespace cg = coordination::groups;
using emscripten::val;
using Bytes = std::span<const std::uint8_t>;

// A record's words and a level's (groups/flat.h GROUP_RECORD_WORDS, GROUP_LEVEL_WORDS).
using RW = coordination::GroupRecordWord;
using LW = coordination::GroupLevelWord;
constexpr std::size_t kRecordWords = RW::kWords;
constexpr std::size_t kLevelWords = LW::kWords;

std::uint32_t address(const void* p) { return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(p)); }

cg::RecordReader g_reader;
cg::SubscriptionLevel g_subscription;
cg::AssignmentLevel g_assignment;
std::vector<std::uint32_t> g_words;   // the record's or the level's words
std::vector<std::uint32_t> g_blocks;  // the messages' blocks (kBlockWords each)
std::vector<tree::Error> g_nested;
std::optional<tree::Error> g_error;
cg::RecordReader::Inspection g_inspection;

std::uint32_t* block(std::size_t k) { return &g_blocks[k * cs::kBlockWords]; }

template <typename Message, typename Level>
void levelWords(const Level& l, std::uint32_t* w, std::uint32_t* b) {
  const auto nested = [](const tree::Error& e) {
    g_nested.push_back(e);
    return static_cast<std::uint32_t>(g_nested.size() - 1);
  };
  if (l.empty) return;
  if (l.error) {
    w[LW::kstate] = 2;
    w[LW::kerror] = nested(*l.error);
    return;
  }
  w[LW::kstate] = 1;
  cs::blockOf<Message>(l.message, b, address);
  w[LW::kblock] = address(b);
  if (!l.streams.read) return;
  if (l.streams.error) {
    w[LW::kstreamsState] = 2;
    w[LW::kstreamsError] = nested(*l.streams.error);
    return;
  }
  const auto& f = l.streams.record;
  w[LW::kstreamsState] = 1;
  w[LW::kstreamsWords] = address(f.words.data());
  w[LW::kstreamsTexts] = address(f.texts.data());
  w[LW::kstreamsUnits] = address(f.units.data());
  w[LW::kstreamsTextCount] = static_cast<std::uint32_t>(f.text_count);
  w[LW::kstreamsInput] = static_cast<std::uint32_t>(l.streams.at);
}

val groupRecordTypes() {
  val out = val::array();
#define GROUPS_X(type, key, value) recordtypes::addRow(out, #type, cs::key##Message::name, cs::value##Message::name);
  GROUP_RECORD_TYPES(GROUPS_X)
#undef GROUPS_X
  return out;
}

double groupDecode(std::uintptr_t key, std::size_t key_length, std::uintptr_t value, int value_length, bool tree) {
  const Bytes k(reinterpret_cast<const std::uint8_t*>(key), key_length);
  std::optional<Bytes> v;
  if (value_length >= 0)
    v = Bytes(reinterpret_cast<const std::uint8_t*>(value), static_cast<std::size_t>(value_length));
  g_nested.clear();
  if (tree) {
    g_inspection = g_reader.inspect(k, v);
    g_error = g_inspection.key.error ? g_inspection.key.error
              : g_inspection.value   ? g_inspection.value->error
                                     : std::nullopt;
  } else {
    g_inspection = {};
    g_error = g_reader.decode(k, v);
  }
  // decode: nothing when refused; inspect: what decoded of a known type (a failed part's block 0).
  if (!g_reader.type() || (!tree && g_error)) return 0;
  const bool key_ok = !tree || !g_inspection.key.error;
  const bool value_ok = !g_reader.tombstone() && (!tree || (g_inspection.value && !g_inspection.value->error));
  const auto members = value_ok ? g_reader.members() : std::span<const cg::MemberLevels>{};
  g_words.assign(kRecordWords + kLevelWords * 2 * members.size(), 0);
  g_blocks.assign(cs::kBlockWords * (2 + 2 * members.size()), 0);
  std::uint32_t* w = g_words.data();
  w[RW::ktype] = static_cast<std::uint32_t>(*g_reader.type());
  switch (*g_reader.type()) {
#define GROUPS_X(type, key_message, value_message)                                       \
  case cg::RecordType::type:                                                             \
    cs::blockOf<cs::key_message##Message>(g_reader.type##_key(), block(0), address);     \
    cs::blockOf<cs::value_message##Message>(g_reader.type##_value(), block(1), address); \
    break;
    GROUP_RECORD_TYPES(GROUPS_X)
#undef GROUPS_X
  }
  w[RW::kkey] = key_ok ? address(block(0)) : 0;
  w[RW::kvalue] = value_ok ? address(block(1)) : 0;
  w[RW::kmembers] = static_cast<std::uint32_t>(members.size());
  for (std::size_t i = 0; i < members.size(); ++i) {
    std::uint32_t* level = w + kRecordWords + 2 * i * kLevelWords;
    levelWords<cs::ConsumerProtocolSubscriptionMessage>(members[i].subscription, level, block(2 + 2 * i));
    levelWords<cs::ConsumerProtocolAssignmentMessage>(members[i].assignment, level + kLevelWords, block(3 + 2 * i));
  }
  return static_cast<double>(address(w));
}

double consumerDecode(int message, std::uintptr_t input, std::size_t length, bool streams, bool tree) {
  const Bytes bytes(reinterpret_cast<const std::uint8_t*>(input), length);
  g_nested.clear();
  g_words.assign(kLevelWords, 0);
  g_blocks.assign(cs::kBlockWords, 0);
  if (message == 0) {
    cg::readSubscription(bytes, streams, tree, g_subscription);
    g_error = g_subscription.error;
    if (!g_error) levelWords<cs::ConsumerProtocolSubscriptionMessage>(g_subscription, g_words.data(), block(0));
  } else {
    cg::readAssignment(bytes, streams, tree, g_assignment);
    g_error = g_assignment.error;
    if (!g_error) levelWords<cs::ConsumerProtocolAssignmentMessage>(g_assignment, g_words.data(), block(0));
  }
  return g_error ? 0.0 : static_cast<double>(address(g_words.data()));
}

val groupError() { return g_error ? treeobjects::errorObject(*g_error) : val::null(); }

val errors(const std::vector<tree::Error>& list) {
  val out = val::array();
  for (std::size_t i = 0; i < list.size(); ++i) out.set(i, treeobjects::errorObject(list[i]));
  return out;
}

val groupNestedErrors() { return errors(g_nested); }

val partObject(const cs::Inspection& in, const std::vector<tree::Error>& nested) {
  val o = treeobjects::inspectionObject(in.fields, in.error, in.warnings);
  o.set("nestedErrors", errors(nested));
  return o;
}

val groupInspection() {
  val o = val::object();
  o.set("key", partObject(g_inspection.key, {}));
  o.set("value", g_inspection.value ? partObject(*g_inspection.value, g_inspection.nested_errors) : val::null());
  return o;
}

val consumerInspection(int message) {
  const auto& level = message == 0 ? g_subscription.inspection : g_assignment.inspection;
  return partObject(level, g_nested);
}

// A folder of __consumer_offsets, or a merger of parts folded apart (added by their order).
struct GroupLog {
  cg::GroupLogFolder folder;
  std::map<std::uint32_t, cg::GroupLogPart> parts;
  bool merger = false;
};

coordination::FlatState g_group_flat;
std::vector<std::uint8_t> g_group_bytes;                       // the flat result's record bytes, or a part's bytes
std::optional<cg::GroupMetadataFlat> g_group_metadata;         // the result's classic groups (groups/flat.h)
std::uint32_t g_group_block[coordination::kGroupsBlockWords];  // groups/flat.h GROUPS_BLOCK_WORDS

GroupLog* grpNew(int merger) {
  auto* g = new GroupLog();
  g->merger = merger != 0;
  return g;
}
void grpDelete(GroupLog* g) { delete g; }

// One chunk of a log file of `partition`. Returns the records read so far (exact below 2^53).
double grpPushLog(GroupLog* g, int partition, const std::uint8_t* p, std::size_t n) {
  g->folder.pushLog(partition, {p, n});
  return static_cast<double>(g->folder.folder().records());
}

void grpEndLog(GroupLog* g, int partition) { g->folder.endLog(partition); }

// Packed records (log/log_input.h addPackedRecords). Returns -1, or the position of a malformed record.
double grpPushRecords(GroupLog* g, const std::uint8_t* p, std::size_t n) {
  const auto bad = coordination::addPackedRecords(g->folder.folder(), {p, n});
  return bad ? static_cast<double>(*bad) : -1.0;
}

// The folder's part as bytes (groups/fold.h groupPartialBytes), at grpBytes(): their length.
std::size_t grpPartial(GroupLog* g) {
  g_group_bytes = cg::groupPartialBytes(g->folder.folder().part());
  return g_group_bytes.size();
}
const std::uint8_t* grpBytes() { return g_group_bytes.data(); }

// A merger's part of the partition read `order`-th: 0, or 1 when the bytes are not a part.
int grpAdd(GroupLog* g, std::uint32_t order, const std::uint8_t* p, std::size_t n) {
  auto part = cg::parseGroupPartial({p, n});
  if (!part) return 1;
  g->parts.insert_or_assign(order, std::move(*part));
  return 0;
}

// The merged groups, flat (groups/flat.h): the address of their block (groups/flat.h
// GROUPS_BLOCK_WORDS), valid until the next call.
const std::uint32_t* grpResult(GroupLog* g) {
  std::vector<cg::GroupLogPart> parts;
  if (g->merger) {
    for (auto& [order, part] : g->parts) parts.push_back(part);
  } else {
    parts.push_back(g->folder.folder().part());
  }
  cg::GroupMetadataFlat& metadata = g_group_metadata.emplace();
  cg::flattenGroupLog(cg::mergeGroupLogs(parts, &metadata), g_group_flat, g_group_bytes);
  std::uint32_t* block = g_group_block;
  coordination::flatBlock(g_group_flat, block + coordination::kGroupsBlock_state);
  block[coordination::kGroupsBlock_bytes] = address(g_group_bytes.data());
  block[coordination::kGroupsBlock_byteCount] = static_cast<std::uint32_t>(g_group_bytes.size());
  coordination::flatBlock(metadata.state, block + coordination::kGroupsBlock_metadata);
  block[coordination::kGroupsBlock_streamsWords] = address(metadata.streams_words.data());
  block[coordination::kGroupsBlock_streamsWordCount] = static_cast<std::uint32_t>(metadata.streams_words.size());
  block[coordination::kGroupsBlock_streamsUnits] = address(metadata.streams_units.data());
  block[coordination::kGroupsBlock_streamsUnitCount] = static_cast<std::uint32_t>(metadata.streams_units.size());
  block[coordination::kGroupsBlock_streamsInput] = address(metadata.streams_input.data());
  block[coordination::kGroupsBlock_streamsInputSize] = static_cast<std::uint32_t>(metadata.streams_input.size());
  return g_group_block;
}

}  // namespace

#include "generated/bindings/groups_bindings.inc"
