// The C++ records of the Kafka Streams decoders (streams.h decodeSubscription / decodeAssignment,
// inspectStreams): the one decoder's flat record (decodeFlat, streams.cpp) read back into owned
// structs and the neutral tree; and Kafka's task derivation, which the decoder writes into it.
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "streams/field_reader.h"
#include "streams/streams.h"
#include "wire/append.h"
#include "wire/big_endian.h"

namespace coordination::streams {
namespace {

using coordination::detail::appendInt;
using coordination::detail::be32;
using tree::WireType;

// Reads the flat record back in its order (streams.h STREAMS_RECORD; tests/native/streams_layout_test.cpp
// holds these records against what the description reads).
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
  // A list of tasks: in the words (`words`, each with its named topology when `named`), or as
  // their offset in the input.
  std::vector<TaskId> tasks(bool named, bool words) {
    std::vector<TaskId> out(static_cast<std::size_t>(next()));
    if (words) {
      for (TaskId& t : out) t = task(named);
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

// Two tasks of the offset sums (group, partition, named topology text or -1) in an order where
// equal ones are next to each other: <0, 0 (the same: the same topology's name, or both none), >0.
// An empty name is none, as 3.8.0's TaskId(int, int, String) makes it null. Out of line: one copy
// for the sort's two calls.
[[gnu::noinline]] int compareTasks(const FlatRecord& f, const std::int32_t* a, const std::int32_t* b) {
  if (a[0] != b[0]) return a[0] < b[0] ? -1 : 1;
  if (a[1] != b[1]) return a[1] < b[1] ? -1 : 1;
  const auto named = [&f](const std::int32_t* t) {
    return t[3] >= 0 && f.texts[2 * static_cast<std::size_t>(t[3]) + 1] > 0;
  };
  if (!named(a) || !named(b)) return named(a) - named(b);
  const std::int32_t* ta = &f.texts[2 * static_cast<std::size_t>(a[3])];
  const std::int32_t* tb = &f.texts[2 * static_cast<std::size_t>(b[3])];
  return std::u16string_view(f.units.data() + ta[0], static_cast<std::size_t>(ta[1]))
      .compare(std::u16string_view(f.units.data() + tb[0], static_cast<std::size_t>(tb[1])));
}

}  // namespace

// Versions 7+: prevTasks and standbyTasks, derived from the task offset sums (at word `sums`: n,
// then (group, partition, the offset of the i64 sum, named topology text) x n) as 3.8.0's
// SubscriptionInfo.prevTasks() / standbyTasks() do: the sums are a map keyed by task, so a task
// given more than once counts once, by its last sum, kept at the place of that sum; sum
// kLatestOffset is a running active task, any other a standby. Their words go before the user
// endpoint's (word `end_point`: the layout's order), the words from there moving up. The last sum
// of each task is found by sorting the sums' indexes by task, then index (a heap sort: n log n
// for any input, no hash that crafted tasks could make collide).
std::size_t deriveTasks(FlatRecord& out, const std::uint8_t* input, std::size_t word_count, std::size_t end_point,
                        std::size_t sums) {
  const auto n = static_cast<std::size_t>(out.words[sums]);
  atLeast(out.scratch, 2 * n);
  std::int32_t* order = out.scratch.data();
  std::int32_t* kind = order + n;  // per sum: 0 a repeat, 1 active, 2 standby
  const std::int32_t* sum = out.words.data() + sums + 1;
  for (std::size_t k = 0; k < n; ++k) order[k] = static_cast<std::int32_t>(k);
  const auto task = [&](std::int32_t k) { return sum + 4 * static_cast<std::size_t>(k); };
  // A heap sort (std::sort's instantiations made the codec module 3.8 KB gzip larger).
  const auto before = [&](std::int32_t a, std::int32_t b) {
    const int c = compareTasks(out, task(a), task(b));
    return c != 0 ? c < 0 : a < b;
  };
  std::make_heap(order, order + n, before);
  std::sort_heap(order, order + n, before);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::int32_t k = order[i];
    if (i + 1 < n && compareTasks(out, task(k), task(order[i + 1])) == 0) {
      kind[k] = 0;
      continue;
    }
    const std::uint8_t* p = input + task(k)[2];
    kind[k] = be32(p) == -1 && be32(p + 4) == static_cast<std::int32_t>(kLatestOffset) ? 1 : 2;
    ++kept;
  }
  const std::size_t add = 2 + 2 * kept;
  atLeast(out.words, word_count + add);
  std::int32_t* w = out.words.data();
  std::copy_backward(w + end_point, w + word_count, w + word_count + add);
  sum = w + sums + add + 1;
  std::int32_t* at = w + end_point;
  for (std::int32_t list = 1; list <= 2; ++list) {
    std::int32_t* n_at = at++;
    for (std::size_t k = 0; k < n; ++k) {
      if (kind[k] != list) continue;
      *at++ = sum[4 * k];
      *at++ = sum[4 * k + 1];
    }
    *n_at = static_cast<std::int32_t>(at - n_at - 1) / 2;
  }
  return word_count + add;
}

StreamsResult<SubscriptionInfo> decodeSubscription(std::span<const std::uint8_t> bytes) {
  FlatRecord f;
  if (auto error = decodeFlat(StreamsTarget::subscription, bytes, f)) return std::move(*error);
  FlatReader r(f, bytes);
  SubscriptionInfo s;
  s.version = r.next();
  s.latest_supported_version = r.next();
  s.probing = s.version > kLatestSubscriptionVersion;
  if (!s.probing) {
    const auto uuid_at = static_cast<std::size_t>(r.next());
    s.process_id_msb = r.u64(uuid_at);
    s.process_id_lsb = r.u64(uuid_at + 8);
    // v1-6: the lists in the input; 7+: derived by the decoder, as words.
    s.prev_tasks = r.tasks(false, s.version >= 7);
    s.standby_tasks = r.tasks(false, s.version >= 7);
    s.user_end_point = r.nullableText();
  }
  r.next();  // probing
  if (!s.probing && s.version >= 7) {
    s.task_offset_sums.resize(static_cast<std::size_t>(r.next()));
    for (TaskOffsetSum& t : s.task_offset_sums) {
      t.topic_group_id = r.next();
      t.partition = r.next();
      t.offset_sum = static_cast<std::int64_t>(r.u64(static_cast<std::size_t>(r.next())));
      t.named_topology = r.nullableText();
    }
    if (r.next() == 1) s.unique_field = static_cast<std::int8_t>(r.next());
    s.error_code = r.next();
    s.client_tags.resize(static_cast<std::size_t>(r.next()));
    for (ClientTag& t : s.client_tags) {
      t.key = r.text();
      t.value = r.text();
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
  const bool named = a.version >= kMinNamedTopologyVersion;
  a.active_tasks = r.tasks(named, named);
  a.standby_tasks.resize(static_cast<std::size_t>(r.next()));
  for (StandbyTask& t : a.standby_tasks) {
    t.task = r.task(named);
    t.partitions = r.partitions();
  }
  a.partitions_by_host = r.hosts();
  a.error_code = r.next();
  if (a.version >= 6) a.standby_partitions_by_host = r.hosts();
  if (a.version >= 7) a.next_rebalance_ms = static_cast<std::int64_t>(r.u64(static_cast<std::size_t>(r.next())));
  a.warnings = std::move(f.warnings);
  return a;
}

tree::Error neutralError(const StreamsError& e) {
  return tree::Error{codeName(e.code), e.offset, e.field, e.message()};
}

StreamsInspection inspectStreams(StreamsTarget target, std::span<const std::uint8_t> bytes) {
  StreamsInspection in{target, {}, std::nullopt, {}, {}};
  in.error = decodeFlat(target, bytes, in.record, true);
  in.warnings = in.record.warnings;
  // The flat nodes in the neutral shape (index.js does the same for the wasm API).
  const FlatRecord& f = in.record;
  for (std::size_t i = 0; i < f.node_count; ++i) {
    const std::int32_t* n = &f.nodes[i * kNodeWords];
    tree::Node node;
    if (n[kNodeName] >= 0) {
      node.name = kNodeNames[n[kNodeName]];
    } else {
      node.name = "[";
      appendInt(node.name, -1 - n[kNodeName]);
      node.name += ']';
    }
    node.path = n[kNodeParent] < 0
                    ? node.name
                    : in.fields[static_cast<std::size_t>(n[kNodeParent])].path + (n[kNodeName] >= 0 ? "." : "");
    if (n[kNodeParent] >= 0) node.path += node.name;
    node.wire_type = tree::wireTypeName(static_cast<WireType>(n[kNodeWire]));
    node.offset = static_cast<std::size_t>(n[kNodeOffset]);
    node.length = static_cast<std::size_t>(n[kNodeLength]);
    if (n[kNodeFlags] & kHasValue) {
      const auto wire = static_cast<WireType>(n[kNodeWire]);
      if (wire == WireType::i32 || wire == WireType::i8) {
        node.value = std::int64_t{n[kNodeValue]};
      } else if (wire == WireType::i64) {
        const std::uint8_t* p = bytes.data() + n[kNodeValue];
        node.value = static_cast<std::int64_t>((std::uint64_t{static_cast<std::uint32_t>(be32(p))} << 32) |
                                               static_cast<std::uint32_t>(be32(p + 4)));
      } else {
        const auto k = static_cast<std::size_t>(n[kNodeValue]);
        node.value = javaStringToUtf8({f.units.data() + f.texts[2 * k], static_cast<std::size_t>(f.texts[2 * k + 1])});
      }
    }
    node.meaning = kNodeMeanings[n[kNodeFlags] >> kMeaningShift];
    node.parent = n[kNodeParent];
    node.complete = (n[kNodeFlags] & kComplete) != 0;
    in.fields.push_back(std::move(node));
  }
  return in;
}

}  // namespace coordination::streams
