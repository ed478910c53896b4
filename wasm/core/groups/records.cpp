#include "groups/records.h"

#include <algorithm>
#include <utility>

#include "schema/coordinator_record.h"
#include "schema/decoding.h"
#include "wire/reader.h"

namespace coordination::groups {

namespace cs = coordination::schema;
namespace st = coordination::streams;
using Bytes = std::span<const std::uint8_t>;

std::string_view typeName(RecordType type) {
  switch (type) {
#define GROUPS_X(type, key, value) \
  case RecordType::type:           \
    return #type;
    GROUP_RECORD_TYPES(GROUPS_X)
#undef GROUPS_X
  }
  return {};
}

std::int16_t firstKeyVersion(RecordType type) {
  switch (type) {
#define GROUPS_X(type, key, value) \
  case RecordType::type:           \
    return cs::key##Message::low;
    GROUP_RECORD_TYPES(GROUPS_X)
#undef GROUPS_X
  }
  return 0;
}

std::optional<RecordType> typeOfKeyVersion(std::int16_t version) {
#define GROUPS_X(type, key, value) \
  if (version >= cs::key##Message::low && version <= cs::key##Message::high) return RecordType::type;
  GROUP_RECORD_TYPES(GROUPS_X)
#undef GROUPS_X
  return std::nullopt;
}

namespace {

// A nested level's path, offset and tree moved from its own bytes (paths from `from`, a Streams
// record's root name) into the outermost bytes' (paths from `root`, offsets + `at`).
std::string rebasedPath(std::string_view path, std::string_view from, std::string_view root) {
  std::string out(root);
  out += path.substr(from.size());
  return out;
}

tree::Error streamsError(st::StreamsError e, std::string_view root, std::size_t at) {
  e.field = rebasedPath(e.field, e.field.substr(0, e.field.find_first_of(".[")), root);
  e.offset += at;
  return st::neutralError(e);
}

// The path of a consumer level's userData, the root of its Streams record's paths.
std::string userDataPath(std::string_view level) {
  std::string out(level);
  out += ".user_data";
  return out;
}

// The Streams userData of a consumer level (its paths from `level`) at `u` in `input`. Without a
// tree, the path is made only for an error (a member's levels are hot: 2 a member).
void readStreams(Bytes input, cs::Slice u, st::StreamsTarget target, std::string_view level, bool tree,
                 std::vector<tree::Warning>* warnings, StreamsLevel& out) {
  out.read = true;
  out.at = u.at;
  const Bytes bytes = input.subspan(u.at, static_cast<std::size_t>(u.length));
  const std::string_view name = st::streamsTargetName(target);
  std::optional<st::StreamsError> e;
  if (tree) {
    const std::string root = userDataPath(level);
    st::StreamsInspection in = st::inspectStreams(target, bytes);
    e = std::move(in.error);
    out.record = std::move(in.record);
    out.fields = std::move(in.fields);
    for (tree::Node& n : out.fields) {
      n.path = rebasedPath(n.path, name, root);
      n.offset += u.at;
    }
    for (tree::Warning w : in.warnings) {
      w.field = rebasedPath(w.field, name, root);
      w.offset += u.at;
      warnings->push_back(std::move(w));
    }
  } else {
    e = st::decodeFlat(target, bytes, out.record, false);
  }
  if (e) out.error = streamsError(std::move(*e), userDataPath(level), u.at);
}

// `outer` with each nested tree of `inner` (in pre-order of their anchors) under the node whose
// path is its anchor: the nested tree's root has that path too and is dropped, its children become
// the anchor's. One pass; parents renumbered.
struct Graft {
  std::string_view anchor;
  const std::vector<tree::Node>* nodes;
};
void graft(std::vector<tree::Node>& outer, std::span<const Graft> inner) {
  if (inner.empty()) return;
  std::vector<tree::Node> merged;
  std::vector<int> index(outer.size());
  std::size_t next = 0;
  for (std::size_t i = 0; i < outer.size(); ++i) {
    tree::Node& n = outer[i];
    if (n.parent >= 0) n.parent = index[static_cast<std::size_t>(n.parent)];
    index[i] = static_cast<int>(merged.size());
    const bool anchor = next < inner.size() && n.path == inner[next].anchor;
    merged.push_back(std::move(n));
    if (!anchor) continue;
    const auto& nested = *inner[next++].nodes;
    const int base = static_cast<int>(merged.size()) - 1;  // nested node k (k >= 1) lands at base + k
    for (std::size_t k = 1; k < nested.size(); ++k) {
      tree::Node m = nested[k];
      m.parent = m.parent <= 0 ? index[i] : base + m.parent;
      merged.push_back(std::move(m));
    }
  }
  tree::require(next == inner.size(), "groups: a nested tree's anchor is not in the outer tree");
  outer = std::move(merged);
}

// A consumer protocol message (Message: its generated traits) at [at, at + length) of `input`,
// paths from `root`, and its userData as Streams' when `streams`. Nested in a member, zero bytes
// are no message (`empty`); alone, they are a message whose version is missing.
template <typename Message>
void readConsumer(Bytes input, std::size_t at, std::size_t length, std::string_view root, bool nested, bool streams,
                  bool tree, st::StreamsTarget target, ConsumerLevel<typename Message::Decoded>& out) {
  out.read = true;
  out.empty = nested && length == 0;
  out.error.reset();
  out.streams.read = false;
  out.streams.error.reset();
  out.streams.fields.clear();
  out.inspection = {};
  if (out.empty) return;
  const Bytes bytes = input.first(at + length);
  const cs::Options options{.version = std::nullopt, .from = at, .root = root};
  if (tree) {
    out.inspection = Message::inspect(bytes, out.message, options);
    out.error = out.inspection.error;
  } else {
    out.error = Message::decode(bytes, out.message, options);
  }
  const cs::Slice u = out.message.root.user_data;
  if (out.error || !streams || u.null()) return;
  readStreams(input, u, target, root, tree, &out.inspection.warnings, out.streams);
  if (tree) {
    const std::string anchor = userDataPath(root);
    const Graft g{anchor, &out.streams.fields};
    graft(out.inspection.fields, {&g, 1});
  }
}

// The key of a version no type has: Kafka's UnknownRecordTypeException.
tree::Error unknownKeyVersion(std::int16_t version) {
  return cs::errorAt(
      cs::codeName(cs::Code::UNSUPPORTED_VERSION), 0, "key", {}, {"version"},
      {"version ", version, " names no record type of Kafka 4.1.0's group coordinator (0..8, 10..17, 19..23)"});
}

}  // namespace

void readSubscription(Bytes bytes, bool streams, bool tree, SubscriptionLevel& out) {
  readConsumer<cs::ConsumerProtocolSubscriptionMessage>(bytes, 0, bytes.size(), "subscription", false, streams, tree,
                                                        st::StreamsTarget::subscription, out);
}

void readAssignment(Bytes bytes, bool streams, bool tree, AssignmentLevel& out) {
  readConsumer<cs::ConsumerProtocolAssignmentMessage>(bytes, 0, bytes.size(), "assignment", false, streams, tree,
                                                      st::StreamsTarget::assignment, out);
}

bool RecordReader::readKey(Bytes key, bool tree, cs::Inspection* in, std::optional<tree::Error>& error) {
  type_.reset();
  member_count_ = 0;
  const cs::Options options{.version = std::nullopt, .from = 0, .root = "key"};
  if (key.size() < 2) {
    // Any key message says so: its version is cut short.
    cs::readMessage<cs::OffsetCommitKeyMessage>(key, offset_key_, options, tree, in, error);
    return false;
  }
  Reader r(key);
  r.need(2);
  const std::int16_t version = r.readI16();
  type_ = typeOfKeyVersion(version);
  if (!type_) {
    cs::refuseRecordType(key, version, unknownKeyVersion(version), tree, in, error);
    return false;
  }
  switch (*type_) {
#define GROUPS_X(type, key_message, value)                                                 \
  case RecordType::type:                                                                   \
    cs::readMessage<cs::key_message##Message>(key, type##_key_, options, tree, in, error); \
    break;
    GROUP_RECORD_TYPES(GROUPS_X)
#undef GROUPS_X
  }
  return !error;
}

bool RecordReader::readValue(Bytes value, bool tree, cs::Inspection* in, std::optional<tree::Error>& error) {
  const cs::Options options{.version = std::nullopt, .from = 0, .root = typeName(*type_)};
  switch (*type_) {
#define GROUPS_X(type, key, value_message)                                                       \
  case RecordType::type:                                                                         \
    cs::readMessage<cs::value_message##Message>(value, type##_value_, options, tree, in, error); \
    break;
    GROUP_RECORD_TYPES(GROUPS_X)
#undef GROUPS_X
  }
  if (error || *type_ != RecordType::group) return !error;
  readMembers(value, tree);
  return true;
}

// A classic group's members: the consumer protocol in their bytes when its protocolType is
// "consumer", and Streams' in their userData when its protocol is "stream".
void RecordReader::readMembers(Bytes value, bool tree) {
  const auto& g = group_value_;
  if (g.text(g.root.protocol_type) != kConsumerProtocolType) return;
  const bool streams = !g.root.protocol.null() && g.text(g.root.protocol) == kStreamsProtocol;
  const auto members = g.items(g.member_metadata, g.root.members);
  if (members_.size() < members.size()) members_.resize(members.size());
  member_count_ = members.size();
  for (std::size_t i = 0; i < members.size(); ++i) {
    const auto& m = members[i];
    MemberLevels& levels = members_[i];
    root_ = "group.members[";
    root_ += std::to_string(i);
    root_ += "].subscription";
    readConsumer<cs::ConsumerProtocolSubscriptionMessage>(
        value, m.subscription.at, static_cast<std::size_t>(m.subscription.length), root_, true, streams, tree,
        st::StreamsTarget::subscription, levels.subscription);
    root_.resize(root_.size() - std::string_view("subscription").size());
    root_ += "assignment";
    readConsumer<cs::ConsumerProtocolAssignmentMessage>(
        value, m.assignment.at, static_cast<std::size_t>(m.assignment.length), root_, true, streams, tree,
        st::StreamsTarget::assignment, levels.assignment);
  }
}

std::optional<tree::Error> RecordReader::decode(Bytes key, std::optional<Bytes> value) {
  std::optional<tree::Error> error;
  tombstone_ = !value;
  if (!readKey(key, false, nullptr, error) || !value) return error;
  readValue(*value, false, nullptr, error);
  return error;
}

std::optional<tree::Error> RecordReader::decodeValue(RecordType type, std::optional<Bytes> value) {
  std::optional<tree::Error> error;
  type_ = type;
  member_count_ = 0;
  tombstone_ = !value;
  if (value) readValue(*value, false, nullptr, error);
  return error;
}

RecordReader::Inspection RecordReader::inspect(Bytes key, std::optional<Bytes> value) {
  Inspection out;
  std::optional<tree::Error> error;
  tombstone_ = !value;
  readKey(key, true, &out.key, error);
  if (!type_ || !value) return out;
  out.value.emplace();
  cs::Inspection& v = *out.value;
  if (!readValue(*value, true, &v, error)) return out;
  // Each member's levels under its bytes' nodes, their warnings and errors with the value's.
  std::vector<Graft> grafts;
  std::vector<std::string> anchors;
  anchors.reserve(2 * member_count_);
  for (std::size_t i = 0; i < member_count_; ++i) {
    for (const bool assignment : {false, true}) {
      MemberLevels& levels = members_[i];
      cs::Inspection& in = assignment ? levels.assignment.inspection : levels.subscription.inspection;
      const bool empty = assignment ? levels.assignment.empty : levels.subscription.empty;
      const auto& error_at = assignment ? levels.assignment.error : levels.subscription.error;
      const auto& streams = assignment ? levels.assignment.streams : levels.subscription.streams;
      if (empty) continue;
      std::string& anchor = anchors.emplace_back("group.members[");
      anchor += std::to_string(i);
      anchor += assignment ? "].assignment" : "].subscription";
      grafts.push_back(Graft{anchor, &in.fields});
      for (tree::Warning& w : in.warnings) v.warnings.push_back(std::move(w));
      if (error_at) out.nested_errors.push_back(*error_at);
      if (streams.error) out.nested_errors.push_back(*streams.error);
    }
  }
  graft(v.fields, grafts);
  std::stable_sort(v.warnings.begin(), v.warnings.end(),
                   [](const tree::Warning& a, const tree::Warning& b) { return a.offset < b.offset; });
  return out;
}

}  // namespace coordination::groups
