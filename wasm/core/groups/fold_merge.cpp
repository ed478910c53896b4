// The groups fold's merge: each group's records and committed offsets from the parts, sorted, the
// anomalies across partitions, the state (groups/fold.h mergeGroupLogs).
#include <algorithm>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>

#include "groups/anomaly_text.h"
#include "groups/fold.h"
#include "groups/streams_group_checks.h"
#include "schema/decoding_base.h"
#include "wire/append.h"
#include "wire/java_text.h"
#include "wire/reader.h"

namespace coordination::groups {

namespace cs = coordination::schema;
using detail::appendInt;
using detail::appendQuoted;
using tree::appendShown;
using Bytes = std::span<const std::uint8_t>;

namespace {

// A group being built: indexes into the parts' kept records.
struct Build {
  std::vector<const KeptRecord*> records;  // not offset commits
  std::vector<const KeptRecord*> offsets;
};

// An active task, as a Streams assignment's flat record holds it (streams/streams.h FlatRecord).
struct Task {
  std::int32_t topic_group_id;
  std::int32_t partition;
  bool named;  // version 10+ with a named topology
  std::u16string topology;
  friend bool operator<(const Task& a, const Task& b) {
    return std::tie(a.topic_group_id, a.partition, a.named, a.topology) <
           std::tie(b.topic_group_id, b.partition, b.named, b.topology);
  }
};

// The active tasks of a decoded AssignmentInfo level; `value`: the outermost bytes its offsets are
// in. Where they are in the words, and their form (v1-9: a count and an offset into the input;
// 10+: a list of tasks), is the description's (streams/streams.h STREAMS_RECORD).
std::vector<Task> activeTasks(const StreamsLevel& level, Bytes value) {
  namespace ss = streams;
  using Layout = ss::record_layout;
  constexpr std::size_t kActive = cursorWordAt(Layout::assignment_fields, "activeTasks", 1);
  static_assert(kActive != kCursorNoWord &&
                kActive == cursorWordAt(Layout::assignment_fields, "activeTasks", ss::kMinNamedTopologyVersion));
  static_assert(Layout::task_fields[0].name == "topicGroupId" && Layout::task_fields[1].name == "partition" &&
                Layout::task_fields[2].name == "namedTopology" && std::size(Layout::task_fields) == 3);
  const auto& w = level.record.words;
  const std::int32_t version = w[0];
  std::size_t at = kActive;
  const auto n = static_cast<std::size_t>(w[at++]);
  std::vector<Task> out;
  if (version < ss::kMinNamedTopologyVersion) {
    // n x (i32, i32) in the userData, where the decoder checked they fit.
    Reader r(value.subspan(level.at + static_cast<std::size_t>(w[at])));
    for (std::size_t i = 0; i < n && r.need(8); ++i) out.push_back(Task{r.readI32(), r.readI32(), false, {}});
    return out;
  }
  const auto& texts = level.record.texts;
  for (std::size_t i = 0; i < n; ++i, at += std::size(Layout::task_fields)) {
    Task t{w[at], w[at + 1], w[at + 2] >= 0, {}};
    if (t.named) {
      const auto k = static_cast<std::size_t>(w[at + 2]);
      t.topology.assign(level.record.units.data() + texts[2 * k], static_cast<std::size_t>(texts[2 * k + 1]));
    }
    out.push_back(std::move(t));
  }
  return out;
}

// Kafka's TaskId.toString(): [topology "__"] subtopology "_" partition.
std::string taskText(const Task& t) {
  std::string s;
  if (t.named) {
    s += javaStringToUtf8(t.topology);
    s += "__";
  }
  appendInt(s, t.topic_group_id);
  s += '_';
  appendInt(s, t.partition);
  return s;
}

// What one classic group's metadata shows across its members (a group value of protocol type
// "consumer", decoded by `r` with its nested levels: the Streams levels when its protocol is
// "stream").
void memberAnomalies(std::string_view group, const KeptRecord& rec, const RecordReader& r,
                     Capped<GroupAnomaly, kMaxAnomalies>& out) {
  const auto& g = r.group_value();
  const std::int32_t generation = g.root.generation;
  const auto members = g.items(g.member_metadata, g.root.members);
  auto anomaly = [&](GroupAnomalyKind kind, std::string m) {
    out.add(GroupAnomaly{kind, std::string(group), generation, rec.partition, rec.offset, std::move(m)});
  };
  auto memberText = [&](std::size_t i) {
    std::string s = "member ";
    appendQuoted(s, g.text(members[i].member_id));
    return s;
  };
  auto prefix = [&]() { return anomalyPrefix(group, "generation", generation, rec.offset); };
  std::map<std::pair<std::string_view, std::int32_t>, std::size_t> owners;  // assigned partition -> member
  std::map<Task, std::size_t> task_owners;
  std::map<std::int32_t, std::vector<std::size_t>> versions;  // Streams subscription version -> members
  const auto levels = r.members();
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const SubscriptionLevel& sub = levels[i].subscription;
    const AssignmentLevel& asg = levels[i].assignment;
    std::set<std::string_view> subscribed;
    const bool has_subscription = sub.read && !sub.empty && !sub.error;
    if (has_subscription)
      for (const cs::Slice t : sub.message.items(sub.message.slices, sub.message.root.topics))
        subscribed.insert(sub.message.text(t));
    if (asg.read && !asg.empty && !asg.error) {
      const auto& a = asg.message;
      for (const auto& tp : a.items(a.topic_partition, a.root.assigned_partitions)) {
        const std::string_view topic = a.text(tp.topic);
        if (has_subscription && !subscribed.contains(topic)) {
          std::string m = prefix() + memberText(i) + " is assigned partitions of topic ";
          appendQuoted(m, topic);
          m += ", which its subscription does not name";
          anomaly(GroupAnomalyKind::topic_not_subscribed, std::move(m));
        }
        for (const std::int32_t p : a.items(a.i32, tp.partitions)) {
          const auto [it, fresh] = owners.emplace(std::pair{topic, p}, i);
          if (fresh || it->second == i) continue;
          std::string m = prefix() + "partition ";
          appendShown(m, topic);
          m += '-';
          appendInt(m, p);
          m += " is assigned to " + memberText(it->second) + " and to " + memberText(i);
          anomaly(GroupAnomalyKind::partition_assigned_twice, std::move(m));
        }
      }
      if (asg.streams.read && !asg.streams.error) {
        for (const Task& t : activeTasks(asg.streams, rec.value)) {
          const auto [it, fresh] = task_owners.emplace(t, i);
          if (fresh || it->second == i) continue;
          anomaly(GroupAnomalyKind::task_assigned_twice, prefix() + "active task " + taskText(t) + " is assigned to " +
                                                             memberText(it->second) + " and to " + memberText(i));
        }
      }
    }
    // The SubscriptionInfo's version: its flat record's first word.
    if (has_subscription && sub.streams.read && !sub.streams.error) versions[sub.streams.record.words[0]].push_back(i);
  }
  if (versions.size() > 1) {
    std::string m = prefix() + "its members send Streams subscription versions ";
    bool first = true;
    for (const auto& [version, who] : versions) {
      if (!first) m += ", ";
      first = false;
      appendInt(m, version);
      m += " (";
      for (std::size_t k = 0; k < who.size(); ++k) {
        if (k) m += ", ";
        appendShown(m, g.text(members[who[k]].member_id));
      }
      m += ')';
    }
    m += ": a rolling upgrade is in progress; the leader answers with the lowest version";
    anomaly(GroupAnomalyKind::subscription_versions_differ, std::move(m));
  }
}

// A KIP-848 group's assignments: a partition in the target assignment of two members (the
// assignor gives each partition to one), or owned by two members (assigned, or pending
// revocation: apache/kafka 3.8.0's ConsumerGroup.addPartitionEpochs refuses a partition still
// owned at another epoch, so the coordinator never writes that). Fed the group's records by key
// version: its epoch and topic names first, then the target members (7), then the current (8).
class ConsumerGroupAssignments {
 public:
  ConsumerGroupAssignments(std::string_view group, Capped<GroupAnomaly, kMaxAnomalies>& out)
      : group_(group), out_(out) {}

  void add(const KeptRecord& rec, const RecordReader& r) {
    switch (*r.type()) {
      case RecordType::consumer_group_metadata:
        epoch_ = r.consumer_group_metadata_value().root.epoch;
        break;
      case RecordType::consumer_group_partition_metadata: {
        const auto& v = r.consumer_group_partition_metadata_value();
        for (const auto& t : v.items(v.topic_metadata, v.root.topics))
          names_[uuidKey(t.topic_id)] = v.text(t.topic_name);
        break;
      }
      case RecordType::consumer_group_target_assignment_member: {
        const auto& k = r.consumer_group_target_assignment_member_key();
        const auto& v = r.consumer_group_target_assignment_member_value();
        claim(target_, rec, k.text(k.root.member_id), v, v.topic_partition, v.root.topic_partitions,
              " is in the target assignment of ", " and of ");
        break;
      }
      case RecordType::consumer_group_current_member_assignment: {
        const auto& k = r.consumer_group_current_member_assignment_key();
        const auto& v = r.consumer_group_current_member_assignment_value();
        for (const schema::Run run : {v.root.assigned_partitions, v.root.partitions_pending_revocation})
          claim(owners_, rec, k.text(k.root.member_id), v, v.topic_partitions, run,
                " is owned (assigned or pending revocation) by ", " and by ");
        break;
      }
      default:
        break;
    }
  }

 private:
  using Owners = std::map<std::pair<std::string, std::int32_t>, std::string>;  // (topic id, partition) -> member
  static std::string uuidKey(const schema::Uuid& u) { return {reinterpret_cast<const char*>(u.bytes), 16}; }

  // The topic partitions of `run` (items of `arena`: topic_id, partitions) given to `member`.
  template <typename Decoded, typename Arena>
  void claim(Owners& owners, const KeptRecord& rec, std::string_view member, const Decoded& v, const Arena& arena,
             schema::Run run, std::string_view is, std::string_view and_) {
    for (const auto& tp : v.items(arena, run)) {
      for (const std::int32_t p : v.items(v.i32, tp.partitions)) {
        const auto [it, fresh] = owners.emplace(std::pair{uuidKey(tp.topic_id), p}, std::string(member));
        if (fresh || it->second == member) continue;
        std::string m = anomalyPrefix(group_, "group epoch", epoch_, rec.offset);
        m += "partition ";
        const auto name = names_.find(it->first.first);
        if (name != names_.end())
          appendShown(m, name->second);
        else
          m += schema::uuidText(tp.topic_id);
        m += '-';
        appendInt(m, p);
        m += is;
        m += "member ";
        appendQuoted(m, it->second);
        m += and_;
        m += "member ";
        appendQuoted(m, member);
        out_.add(GroupAnomaly{GroupAnomalyKind::partition_assigned_twice, std::string(group_), epoch_, rec.partition,
                              rec.offset, std::move(m)});
      }
    }
  }

  std::string_view group_;
  Capped<GroupAnomaly, kMaxAnomalies>& out_;
  std::int32_t epoch_ = -1;
  std::map<std::string, std::string> names_;  // topic id -> name (the partition metadata's)
  Owners target_, owners_;
};

}  // namespace

GroupLogState mergeGroupLogs(std::span<const GroupLogPart> parts, GroupMetadataSink* metadata) {
  GroupLogState out;
  Capped<GroupAnomaly, kMaxAnomalies> anomalies;
  Capped<FoldError, kMaxFoldErrors> errors;
  std::map<std::string, Build, std::less<>> groups;
  RecordReader reader;
  for (const GroupLogPart& p : parts) {
    out.records_read += p.records;
    errors.omitted += p.errors_omitted;
    for (const FoldError& e : p.errors) errors.add(e);
    anomalies.omitted += p.anomalies_omitted;
    for (const GroupAnomaly& a : p.anomalies) anomalies.add(a);
    for (const KeptRecord& r : p.kept) {
      // The key alone names the group (its value is read below, once, in the group's order).
      if (reader.decode(r.key, std::nullopt)) continue;  // refused when folded: never kept
      Build& b = groups[std::string(groupOf(reader))];
      (*reader.type() == RecordType::offset ? b.offsets : b.records).push_back(&r);
    }
  }
  for (auto& [group, b] : groups) {
    GroupEntry e{
        group, -1, static_cast<std::uint32_t>(out.records.size()), 0, static_cast<std::uint32_t>(out.offsets.size()),
        0};
    // Records by key version (the group's metadata first), then partition and offset.
    std::vector<std::pair<std::int16_t, const KeptRecord*>> records;
    for (const KeptRecord* r : b.records) {
      const std::int16_t version = static_cast<std::int16_t>((r->key[0] << 8) | r->key[1]);
      records.emplace_back(version, r);
    }
    std::stable_sort(records.begin(), records.end(), [](const auto& x, const auto& y) {
      return std::tuple(x.first, x.second->partition, x.second->offset) <
             std::tuple(y.first, y.second->partition, y.second->offset);
    });
    bool has_metadata = false;
    bool has_group_record = false;
    ConsumerGroupAssignments assignments(group, anomalies);
    StreamsGroupTasks streams_tasks(group, anomalies);
    for (const auto& [version, r] : records) {
      if (reader.decode(r->key, std::optional<Bytes>(r->value))) continue;  // a part's bytes refused
      const RecordType type = *reader.type();
      // A group's metadata: a classic group's, or the epoch record of a consumer (KIP-848), share
      // (KIP-932) or Streams (KIP-1071) group.
      if (type == RecordType::group || type == RecordType::consumer_group_metadata ||
          type == RecordType::share_group_metadata || type == RecordType::streams_group_metadata) {
        if (!has_metadata) e.partition = r->partition;
        has_metadata = true;
      }
      if (type == RecordType::group &&
          reader.group_value().text(reader.group_value().root.protocol_type) == kConsumerProtocolType) {
        memberAnomalies(group, *r, reader, anomalies);
      }
      if (type == RecordType::group && metadata && !has_group_record)
        metadata->add(static_cast<std::uint32_t>(out.groups.size()), *r, reader);
      has_group_record = has_group_record || type == RecordType::group;
      assignments.add(*r, reader);
      streams_tasks.add(*r, reader);
      out.records.push_back(*r);
    }
    e.records_end = static_cast<std::uint32_t>(out.records.size());
    std::vector<CommittedOffset> offsets;
    for (const KeptRecord* r : b.offsets) {
      if (reader.decode(r->key, std::optional<Bytes>(r->value))) continue;
      const auto& k = reader.offset_key();
      const auto& v = reader.offset_value();
      offsets.push_back(CommittedOffset{std::string(k.text(k.root.topic)), k.root.partition, v.root.offset,
                                        v.root.leader_epoch, std::string(v.text(v.root.metadata)),
                                        v.root.commit_timestamp, r->partition, r->offset});
    }
    std::sort(offsets.begin(), offsets.end(), [](const CommittedOffset& x, const CommittedOffset& y) {
      const int c = compareBytes(x.topic, y.topic);
      return c != 0 ? c < 0 : x.partition < y.partition;
    });
    if (out.records.size() == e.records_begin && offsets.empty()) continue;  // none of its values read
    if (e.partition < 0) e.partition = !records.empty() ? records[0].second->partition : offsets[0].record_partition;
    if (!has_metadata && !offsets.empty()) {
      const auto newest = std::max_element(offsets.begin(), offsets.end(), [](const auto& x, const auto& y) {
        return std::tie(x.record_partition, x.record_offset) < std::tie(y.record_partition, y.record_offset);
      });
      std::string m = groupText(group);
      m += " has ";
      appendInt(m, offsets.size());
      m += offsets.size() == 1 ? " committed offset" : " committed offsets";
      m += " and no group metadata record: a consumer that assigns its partitions itself, or a group whose "
           "metadata was deleted while its offsets stayed";
      anomalies.add(GroupAnomaly{GroupAnomalyKind::offsets_without_group, group, -1, newest->record_partition,
                                 newest->record_offset, std::move(m)});
    }
    for (CommittedOffset& o : offsets) out.offsets.push_back(std::move(o));
    e.offsets_end = static_cast<std::uint32_t>(out.offsets.size());
    out.groups.push_back(std::move(e));
  }
  out.errors = std::move(errors.kept);
  out.errors_omitted = errors.omitted;
  out.anomalies = std::move(anomalies.kept);
  out.anomalies_omitted = anomalies.omitted;
  std::stable_sort(out.anomalies.begin(), out.anomalies.end(), [](const GroupAnomaly& a, const GroupAnomaly& b) {
    const int c = compareBytes(a.group, b.group);
    if (c != 0) return c < 0;
    return std::tie(a.partition, a.offset) < std::tie(b.partition, b.offset);
  });
  return out;
}

}  // namespace coordination::groups
