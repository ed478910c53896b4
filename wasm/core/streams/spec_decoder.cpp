#include "streams/spec_decoder.h"

#include <string>
#include <variant>

#include "streams/field_reader.h"
#include "tree/sink.h"
#include "wire/big_endian.h"
#include "wire/java_text.h"

namespace coordination::streams::spec {

namespace {

namespace gen = schema::rebalance;
using Sub = gen::SubscriptionInfo;

// A generated text (UTF-8: the input's, or repaired in the pool) as the Java String it was read as.
std::u16string units(const schema::Decoded& d, schema::Slice s) {
  std::u16string u;
  const std::string_view t = d.text(s);
  decodeUtf8Lossy({reinterpret_cast<const std::uint8_t*>(t.data()), t.size()}, u);
  return u;
}

std::uint64_t u64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = v << 8 | p[i];
  return v;
}

// Versions 7+: prevTasks and standbyTasks by the one derivation (deriveTasks), over the sums laid
// out as the hand-written decoder's words: n, then (group, partition, offset of the sum in
// `d.sums`, named topology text or -1) per sum.
void deriveLists(Decoders& d, SubscriptionInfo& out) {
  FlatRecord& f = d.derived;
  const std::size_t n = out.task_offset_sums.size();
  f.words.assign(1 + 4 * n, 0);
  f.texts.clear();
  f.units.clear();
  d.sums.resize(8 * n);
  f.words[0] = static_cast<std::int32_t>(n);
  for (std::size_t k = 0; k < n; ++k) {
    const TaskOffsetSum& t = out.task_offset_sums[k];
    std::int32_t* w = &f.words[1 + 4 * k];
    w[0] = t.topic_group_id;
    w[1] = t.partition;
    w[2] = static_cast<std::int32_t>(8 * k);
    for (std::size_t i = 0; i < 8; ++i)
      d.sums[8 * k + i] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(t.offset_sum) >> (56 - 8 * i));
    w[3] = -1;
    if (t.named_topology) {
      w[3] = static_cast<std::int32_t>(f.texts.size() / 2);
      f.texts.push_back(static_cast<std::int32_t>(f.units.size()));
      f.texts.push_back(static_cast<std::int32_t>(t.named_topology->size()));
      f.units.insert(f.units.end(), t.named_topology->begin(), t.named_topology->end());
    }
  }
  deriveTasks(f, d.sums.data(), f.words.size(), 0, 0);
  const std::int32_t* w = f.words.data();
  for (std::vector<TaskId>* list : {&out.prev_tasks, &out.standby_tasks}) {
    const auto count = static_cast<std::size_t>(*w++);
    for (std::size_t i = 0; i < count; ++i, w += 2) list->push_back(TaskId{w[0], w[1], std::nullopt});
  }
}

// SubscriptionInfo.decode's own branch on the version, before SubscriptionInfoData is read: below
// 1 or above 11 (probing), the hand-written decoder's read.
bool outsideSpec(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < 4) return false;  // the generated decoder's TRUNCATED
  const std::int32_t version = detail::be32(bytes.data());
  return version < 1 || version > kLatestSubscriptionVersion;
}

// The generated decoder's options: the hand-written decoder's root, where the warnings go.
schema::Options optionsFor(StreamsTarget target, std::vector<tree::Warning>* warnings) {
  schema::Options options;
  options.root = streamsTargetName(target);
  options.warnings = warnings;
  return options;
}

// An assignment's task id; from v10 with its named topology, an empty one null (Kafka's
// getNamedTopologyOrElseNull).
TaskId taskOf(const gen::AssignmentInfoDecoded& g, const gen::AssignmentInfo::TaskId& t) {
  std::optional<std::u16string> named;
  if (g.root.version >= kMinNamedTopologyVersion && t.named_topology.length > 0)
    named = javaCharsString(g.bytes(t.named_topology));
  return TaskId{t.topic_group_id, t.partition, std::move(named)};
}

// An assignment's (topic, partition) list, each topic the Java String readUTF made.
std::vector<TopicPartition> partitionsOf(const gen::AssignmentInfoDecoded& g, schema::Run run) {
  std::vector<TopicPartition> out;
  for (const auto& p : g.items(g.topic_partition, run))
    out.push_back(TopicPartition{readUtfString(g.bytes(p.topic)), p.partition});
  return out;
}

// Partitions by host: a partition's topic its own (v2-4) or the dictionary's of its index (v5+).
std::vector<HostPartitions> hostsOf(const gen::AssignmentInfoDecoded& g, schema::Run run) {
  const auto dictionary = g.items(g.topic_dictionary_entry, g.root.topic_dictionary);
  std::vector<HostPartitions> out;
  for (const auto& h : g.items(g.host_partitions, run)) {
    HostPartitions& host = out.emplace_back(HostPartitions{readUtfString(g.bytes(h.host)), h.port, {}});
    for (const auto& p : g.items(g.host_partition, h.partitions)) {
      const schema::Slice topic =
          g.root.version >= 5 ? dictionary[static_cast<std::size_t>(p.topic_index_entry)].topic : p.topic;
      host.partitions.push_back(TopicPartition{readUtfString(g.bytes(topic)), p.partition});
    }
  }
  return out;
}

}  // namespace

std::optional<tree::Error> decodeSubscription(std::span<const std::uint8_t> bytes, Decoders& d, SubscriptionInfo& out) {
  out = SubscriptionInfo{};
  if (outsideSpec(bytes)) {
    auto probed = streams::decodeSubscription(bytes);
    if (!probed.ok()) return neutralError(probed.error());
    out = probed.value();
    return std::nullopt;
  }
  gen::SubscriptionInfoDecoded& g = d.subscription;
  if (auto e = gen::decodeSubscriptionInfo(bytes, g, optionsFor(StreamsTarget::subscription, &out.warnings))) return e;
  const Sub& s = g.root;
  out.version = s.version;
  out.latest_supported_version = s.latest_supported_version;
  out.process_id_msb = u64(s.process_id.bytes);
  out.process_id_lsb = u64(s.process_id.bytes + 8);
  for (const auto& t : g.items(g.task_id, s.prev_tasks))
    out.prev_tasks.push_back(TaskId{t.topic_group_id, t.partition, std::nullopt});
  for (const auto& t : g.items(g.task_id, s.standby_tasks))
    out.standby_tasks.push_back(TaskId{t.topic_group_id, t.partition, std::nullopt});
  // SubscriptionInfo.userEndPoint(): none before v2, and an empty one is null.
  if (s.version >= 2 && s.user_end_point.length > 0) out.user_end_point = units(g, s.user_end_point);
  if (s.version < 7) return std::nullopt;
  for (const auto& t : g.items(g.task_offset_sum, s.task_offset_sums)) {
    if (s.version >= 10) {
      std::optional<std::u16string> named;
      if (!t.named_topology.null()) named = units(g, t.named_topology);
      out.task_offset_sums.push_back(TaskOffsetSum{t.topic_group_id, t.partition, t.offset_sum, std::move(named)});
      continue;
    }
    for (const auto& p : g.items(g.partition_to_offset_sum, t.partition_to_offset_sum))
      out.task_offset_sums.push_back(TaskOffsetSum{t.topic_group_id, p.partition, p.offset_sum, std::nullopt});
  }
  if (s.version >= 8) out.unique_field = s.unique_field;
  out.error_code = s.error_code;
  for (const auto& t : g.items(g.client_tag, s.client_tags))
    out.client_tags.push_back(ClientTag{units(g, t.key), units(g, t.value)});
  deriveLists(d, out);
  return std::nullopt;
}

schema::Inspection inspectSubscription(std::span<const std::uint8_t> bytes, Decoders& d) {
  if (outsideSpec(bytes)) {
    StreamsInspection probed = inspectStreams(StreamsTarget::subscription, bytes);
    schema::Inspection in{std::move(probed.fields), std::nullopt, std::move(probed.warnings)};
    if (probed.error) in.error = neutralError(*probed.error);
    return in;
  }
  schema::Inspection in =
      gen::inspectSubscriptionInfo(bytes, d.subscription, optionsFor(StreamsTarget::subscription, nullptr));
  // The nodes SubscriptionInfo's own code words: the process id as a java.util.UUID (processId()),
  // an empty endpoint as null (userEndPoint()), a negative topology length (the generated reader).
  // A node read whole has its value (the last one may be marked incomplete by the error after it).
  for (tree::Node& n : in.fields) {
    const bool read = std::holds_alternative<std::string>(n.value);
    if (n.name == "process_id" && read) {
      n.value = uuidString(u64(bytes.data() + n.offset), u64(bytes.data() + n.offset + 8));
    } else if (n.name == "user_end_point" && read && n.length == 4) {
      n.value = {};
      n.meaning = kNodeMeanings[2];  // the ids the hand-written decoder gives (streams.cpp)
    } else if (n.name == "named_topology" && n.meaning == "null") {
      n.meaning = kNodeMeanings[3];
    }
  }
  if (in.error) tree::endOpenGroups(in.fields);
  return in;
}

std::optional<tree::Error> decodeAssignment(std::span<const std::uint8_t> bytes, Decoders& d, AssignmentInfo& out) {
  out = AssignmentInfo{};
  gen::AssignmentInfoDecoded& g = d.assignment;
  if (auto e = gen::decodeAssignmentInfo(bytes, g, optionsFor(StreamsTarget::assignment, &out.warnings))) return e;
  const gen::AssignmentInfo& a = g.root;
  out.version = a.version;
  out.latest_supported_version = a.latest_supported_version;
  for (const auto& t : g.items(g.task_id, a.active_tasks)) out.active_tasks.push_back(taskOf(g, t));
  for (const auto& s : g.items(g.standby_task, a.standby_tasks))
    out.standby_tasks.push_back(StandbyTask{taskOf(g, *g.one(g.task_id, s.task)), partitionsOf(g, s.partitions)});
  out.partitions_by_host = hostsOf(g, a.partitions_by_host);
  out.standby_partitions_by_host = hostsOf(g, a.standby_partitions_by_host);
  out.error_code = a.error_code;
  if (a.version >= 7) out.next_rebalance_ms = a.next_rebalance_ms;
  return std::nullopt;
}

schema::Inspection inspectAssignment(std::span<const std::uint8_t> bytes, Decoders& d) {
  schema::Inspection in =
      gen::inspectAssignmentInfo(bytes, d.assignment, optionsFor(StreamsTarget::assignment, nullptr));
  // A named topology of no chars is null, as readTaskIdFrom makes it (its count 0 or negative).
  for (tree::Node& n : in.fields) {
    if (n.name == "named_topology" && n.length == 4 && std::holds_alternative<std::string>(n.value)) {
      n.value = {};
      n.meaning = kNodeMeanings[detail::be32(bytes.data() + n.offset) == 0 ? 4 : 5];  // streams.cpp's ids
    }
  }
  if (in.error) tree::endOpenGroups(in.fields);
  return in;
}

}  // namespace coordination::streams::spec
