// libFuzzer target for __consumer_offsets records and the levels nested in them
// (wasm/core/groups/records.h; built by tests/fuzz/run.sh; seeds: tests/fuzz/groups_seeds.mjs,
// every vector of golden/group-records.json and consumer-protocol.json). Input: byte 0 the key's
// length, byte 1 bit 0 a null value (bit 1: the bytes are a consumer protocol message alone, bit 2
// an assignment, bit 3 its userData read as Streams'; bit 4: the bytes are a groups fold's part,
// groups/fold.h; bit 5: the key and the value are a __share_group_state record,
// sharestate/record.h, folded twice by sharestate/fold.h, its part read back and merged; bit 6:
// the bytes are a __cluster_metadata record's value, clustermetadata/record.h, and with bit 7 a
// log of them: each value a length byte (0: null) and its bytes, folded into the metadata image,
// clustermetadata/fold.h), then the key and the value.
//   - decode and inspect agree: the same error (code, offset, field, message), or none and the
//     same nested levels' errors;
//   - every error and warning lies within its bytes and its message names its field and offset;
//   - every node lies within its bytes, its parent before it, no two complete nodes share a path
//     (the node of a failing field may repeat its section's: a tag header's is 'tagged_fields');
//   - the record folded (groups/fold.h) twice: its part's bytes read back to the same part, and
//     merged; any bytes read as a part are one or refused, never a crash.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <set>
#include <span>
#include <string>

#include "check.h"
#include "clustermetadata/flat.h"
#include "clustermetadata/fold.h"
#include "clustermetadata/record.h"
#include "groups/flat.h"
#include "groups/fold.h"
#include "groups/records.h"
#include "sharestate/flat.h"
#include "sharestate/fold.h"
#include "sharestate/record.h"

using namespace coordination::groups;
using Bytes = std::span<const std::uint8_t>;

namespace {

void checkError(const tree::Error& e, std::size_t size) {
  CHECK(e.offset <= size);
  CHECK(e.message.find(e.field + ": ") == 0);
  CHECK(e.message.find("(offset " + std::to_string(e.offset) + ")") != std::string::npos);
}

void checkTree(const std::vector<tree::Node>& nodes, const std::vector<tree::Warning>& warnings, std::size_t size) {
  std::set<std::string> paths;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const tree::Node& n = nodes[i];
    CHECK(n.offset <= size && n.length <= size - n.offset);
    CHECK(n.parent < static_cast<int>(i));
    CHECK(!n.complete || paths.insert(n.path).second);
  }
  for (const tree::Warning& w : warnings) CHECK(w.offset <= size && w.length <= size - w.offset);
}

template <typename Level, typename Read>
void alone(Bytes bytes, bool streams, Read read) {
  static Level fast, tree;
  read(bytes, streams, false, fast);
  read(bytes, streams, true, tree);
  CHECK(fast.error.has_value() == tree.error.has_value());
  if (fast.error) {
    CHECK(fast.error->message == tree.error->message);
    checkError(*fast.error, bytes.size());
  } else {
    CHECK(fast.message == tree.message);
    CHECK(fast.streams.error.has_value() == tree.streams.error.has_value());
    if (fast.streams.error) checkError(*fast.streams.error, bytes.size());
  }
  checkTree(tree.inspection.fields, tree.inspection.warnings, bytes.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::size_t key_size = data[0];
  const std::uint8_t flags = data[1];
  const Bytes rest(data + 2, size - 2);
  if ((flags & 192) == 192) {
    // A __cluster_metadata log folded: every anomaly and error at a record's offset, and every
    // partition of the image with one directory a replica (PartitionRegistration's invariant,
    // which the fold keeps by refusing what Kafka's replay refuses); then its flat state.
    coordination::clustermetadata::ClusterMetadataFolder folder;
    std::int64_t offset = 0;
    for (std::size_t at = 0; at < rest.size(); ++offset) {
      const std::size_t n = std::min<std::size_t>(rest[at], rest.size() - at - 1);
      const std::optional<Bytes> value = rest[at] == 0 ? std::nullopt : std::optional<Bytes>(rest.subspan(at + 1, n));
      folder.add(0, offset, 0, std::nullopt, value);
      at += 1 + n;
    }
    const auto state = folder.state();
    for (const auto& a : state.anomalies) CHECK(a.offset >= 0 && a.offset < offset && !a.message.empty());
    for (const auto& e : state.errors) CHECK(e.offset >= 0 && e.offset < offset);
    for (const auto& [id, topic] : state.image.topics)
      for (const auto& [p, partition] : topic.partitions)
        CHECK(partition.directories.size() == partition.replicas.size());
    coordination::FlatState flat;
    coordination::clustermetadata::flattenClusterMetadata(state, flat);
    return 0;
  }
  if (flags & 64) {
    // __cluster_metadata: decode and inspect agree, every error, warning and node within the value.
    static coordination::clustermetadata::RecordReader metadata;
    const auto e = metadata.decode(rest);
    const auto in = metadata.inspect(rest);
    CHECK(e.has_value() == in.error.has_value());
    if (e) {
      CHECK(e->message == in.error->message);
      checkError(*e, rest.size());
    }
    checkTree(in.fields, in.warnings, rest.size());
    return 0;
  }
  if (flags & 16) {
    if (const auto part = parseGroupPartial(rest)) {
      GroupMetadataFlat metadata;  // the result's classic groups, flat: each copy within its record
      mergeGroupLogs({&*part, 1}, &metadata);
    }
    return 0;
  }
  if (flags & 2) {
    if (flags & 4) {
      alone<AssignmentLevel>(rest, flags & 8, readAssignment);
    } else {
      alone<SubscriptionLevel>(rest, flags & 8, readSubscription);
    }
    return 0;
  }
  if (key_size > rest.size()) return 0;
  const Bytes key = rest.first(key_size);
  const std::optional<Bytes> value = flags & 1 ? std::nullopt : std::optional<Bytes>(rest.subspan(key_size));
  if (flags & 32) {
    // __share_group_state: decode and inspect agree, every error, warning and node within its bytes.
    static coordination::sharestate::RecordReader share;
    const auto e = share.decode(key, value);
    const auto in = share.inspect(key, value);
    const auto& inspected = in.key.error ? in.key.error : in.value ? in.value->error : std::nullopt;
    CHECK(e.has_value() == inspected.has_value());
    if (e) {
      CHECK(e->message == inspected->message);
      checkError(*e, in.key.error ? key.size() : value->size());
    }
    checkTree(in.key.fields, in.key.warnings, key.size());
    if (in.value) checkTree(in.value->fields, in.value->warnings, value->size());
    // The record folded twice (sharestate/fold.h): an update merged into itself combines its
    // batches with themselves (one whose first offset is above its last too: the combiner's bound).
    coordination::sharestate::ShareStateFolder fold;
    fold.add(0, 0, 0, key, value);
    fold.add(0, 1, 0, key, value);
    const coordination::sharestate::ShareStateLog state = fold.state();
    CHECK(state.records == 2);
    CHECK(state.errors.size() == (e ? 2u : 0u));
    CHECK(state.partitions.size() <= 1);
    for (const auto& p : state.partitions)
      CHECK(p.batches_begin <= p.batches_end && p.batches_end <= state.batches.size());
    coordination::FlatState flat;
    coordination::sharestate::flattenShareState(state, flat);
    // Its part read back and merged flattens the same (share-state --jobs).
    std::vector<std::uint8_t> part;
    coordination::sharestate::writeShareStatePart(state, part);
    std::vector<coordination::sharestate::ShareStateLog> parts(1);
    CHECK(coordination::sharestate::readShareStatePart(part, parts[0]).empty());
    coordination::FlatState merged;
    coordination::sharestate::flattenShareState(coordination::sharestate::mergeShareStates(parts), merged);
    CHECK(merged == flat);
    return 0;
  }
  static RecordReader reader;
  const auto e = reader.decode(key, value);
  std::vector<std::string> nested;
  for (const MemberLevels& m : reader.members())
    for (const auto* err :
         {&m.subscription.error, &m.subscription.streams.error, &m.assignment.error, &m.assignment.streams.error})
      if (*err) nested.push_back(err->value().message);
  const auto in = reader.inspect(key, value);
  const auto& inspected = in.key.error ? in.key.error : in.value ? in.value->error : std::nullopt;
  CHECK(e.has_value() == inspected.has_value());
  if (e) {
    CHECK(e->message == inspected->message);
    checkError(*e, in.key.error ? key.size() : value->size());
  } else {
    CHECK(nested.size() == in.nested_errors.size());
    for (std::size_t i = 0; i < nested.size(); ++i) {
      CHECK(nested[i] == in.nested_errors[i].message);
      checkError(in.nested_errors[i], value->size());
    }
  }
  checkTree(in.key.fields, in.key.warnings, key.size());
  if (in.value) checkTree(in.value->fields, in.value->warnings, value->size());

  GroupFolder folder;
  folder.add(0, 0, 0, key, value);
  folder.add(0, 1, 0, key, value);
  const GroupLogPart part = folder.part();
  const auto parsed = parseGroupPartial(groupPartialBytes(part));
  CHECK(parsed && parsed->kept.size() == part.kept.size() && parsed->errors.size() == part.errors.size() &&
        parsed->anomalies.size() == part.anomalies.size());
  GroupMetadataFlat metadata;
  CHECK(mergeGroupLogs({&*parsed, 1}, &metadata).records_read == 2);
  // The streams input copied is the userData of its record, never more.
  CHECK(metadata.streams_input.size() <= value.value_or(Bytes{}).size());
  return 0;
}
