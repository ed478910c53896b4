// The C++ records of the Kafka Streams decoders (streams.h decodeSubscription / decodeAssignment):
// the one decoder's flat record (decodeFlat, streams.cpp) read back into owned structs.
#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "streams/streams.h"
#include "wire/big_endian.h"

namespace coordination::streams {
namespace {

using coordination::detail::be32;

// Reads the flat record back in its order (streams.h has the layouts).
class FlatReader {
 public:
  FlatReader(const FlatRecord& f, std::span<const std::uint8_t> input) : f_(f), input_(input.data()) {}
  std::int32_t next() { return f_.words[i_++]; }
  std::int32_t peek() const { return f_.words[i_]; }
  std::u16string text() {
    const auto k = static_cast<std::size_t>(next());
    return std::u16string(f_.units.data() + f_.texts[2 * k], static_cast<std::size_t>(f_.texts[2 * k + 1]));
  }
  // A text, or null for a negative text number.
  std::optional<std::u16string> nullableText() {
    if (peek() >= 0) return text();
    next();
    return std::nullopt;
  }
  // A big-endian u64 at offset `at` of the input.
  std::uint64_t u64(std::size_t at) const {
    const auto high = static_cast<std::uint32_t>(be32(input_ + at));
    return (std::uint64_t{high} << 32) | static_cast<std::uint32_t>(be32(input_ + at + 4));
  }
  // A task of an assignment (`named`: v10+, with its named topology).
  TaskId task(bool named) {
    const std::int32_t group = next();
    const std::int32_t partition = next();
    return TaskId{group, partition, named ? nullableText() : std::nullopt};
  }
  std::vector<TaskId> tasks(bool named = false) {
    std::vector<TaskId> out(static_cast<std::size_t>(next()));
    if (named) {
      for (TaskId& t : out) t = task(true);
      return out;
    }
    const std::uint8_t* p = input_ + next();
    for (TaskId& t : out) {
      t = TaskId{be32(p), be32(p + 4), std::nullopt};
      p += 8;
    }
    return out;
  }
  std::vector<HostPartitions> hosts() {
    std::vector<HostPartitions> out(static_cast<std::size_t>(next()));
    for (HostPartitions& h : out) {
      h.host = text();
      h.port = next();
      h.partitions = partitions();
    }
    return out;
  }
  std::vector<TopicPartition> partitions() {
    std::vector<TopicPartition> out(static_cast<std::size_t>(next()));
    for (TopicPartition& p : out) {
      p.topic = text();
      p.partition = next();
    }
    return out;
  }

 private:
  const FlatRecord& f_;
  const std::uint8_t* input_;
  std::size_t i_ = 0;
};

// prev_tasks / standby_tasks of versions 7+, from the offset sums as 3.8.0's SubscriptionInfo
// derives them: the sums are a map keyed by task (group, partition, named topology), so a task given
// more than once counts once, by its last sum, kept at the place of that sum.
void deriveTasks(SubscriptionInfo& s) {
  using Task = std::tuple<std::int32_t, std::int32_t, std::optional<std::u16string>>;
  std::set<Task> later;
  for (auto t = s.task_offset_sums.rbegin(); t != s.task_offset_sums.rend(); ++t) {
    if (!later.insert({t->topic_group_id, t->partition, t->named_topology}).second) continue;
    (t->offset_sum == kLatestOffset ? s.prev_tasks : s.standby_tasks)
        .push_back({t->topic_group_id, t->partition, std::nullopt});
  }
  std::reverse(s.prev_tasks.begin(), s.prev_tasks.end());
  std::reverse(s.standby_tasks.begin(), s.standby_tasks.end());
}

}  // namespace

StreamsResult<SubscriptionInfo> decodeSubscription(std::span<const std::uint8_t> bytes) {
  FlatRecord f;
  if (auto error = decodeFlat(StreamsTarget::subscription, bytes, f)) return std::move(*error);
  FlatReader r(f, bytes);
  SubscriptionInfo s;
  s.version = r.next();
  s.latest_supported_version = r.next();
  s.probing = r.next() == 1;
  if (!s.probing) {
    const auto uuid_at = static_cast<std::size_t>(r.next());
    s.process_id_msb = r.u64(uuid_at);
    s.process_id_lsb = r.u64(uuid_at + 8);
    if (s.version < 7) {
      s.prev_tasks = r.tasks();
      s.standby_tasks = r.tasks();
    }
    s.user_end_point = r.nullableText();
    if (s.version >= 7) {
      s.task_offset_sums.resize(static_cast<std::size_t>(r.next()));
      for (TaskOffsetSum& t : s.task_offset_sums) {
        t.topic_group_id = r.next();
        t.partition = r.next();
        t.offset_sum = static_cast<std::int64_t>(r.u64(static_cast<std::size_t>(r.next())));
        t.named_topology = r.nullableText();
      }
      deriveTasks(s);
      const std::int32_t unique = r.next();
      if (s.version >= 8) s.unique_field = static_cast<std::int8_t>(unique);
      s.error_code = r.next();
      s.client_tags.resize(static_cast<std::size_t>(r.next()));
      for (ClientTag& t : s.client_tags) {
        t.key = r.text();
        t.value = r.text();
      }
    }
  }
  s.warnings = std::move(f.warnings);
  return s;
}

StreamsResult<AssignmentInfo> decodeAssignment(std::span<const std::uint8_t> bytes) {
  FlatRecord f;
  if (auto error = decodeFlat(StreamsTarget::assignment, bytes, f)) return std::move(*error);
  FlatReader r(f, bytes);
  AssignmentInfo a;
  a.version = r.next();
  a.latest_supported_version = r.next();
  a.error_code = r.next();
  const std::int32_t next_rebalance_at = r.next();
  if (next_rebalance_at >= 0)
    a.next_rebalance_ms = static_cast<std::int64_t>(r.u64(static_cast<std::size_t>(next_rebalance_at)));
  const bool named = a.version >= kMinNamedTopologyVersion;
  a.active_tasks = r.tasks(named);
  a.standby_tasks.resize(static_cast<std::size_t>(r.next()));
  for (StandbyTask& t : a.standby_tasks) {
    t.task = r.task(named);
    t.partitions = r.partitions();
  }
  a.partitions_by_host = r.hosts();
  a.standby_partitions_by_host = r.hosts();
  a.warnings = std::move(f.warnings);
  return a;
}

}  // namespace coordination::streams
