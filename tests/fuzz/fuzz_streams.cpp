// libFuzzer target for the Kafka Streams decoders (built with clang -fsanitize=fuzzer,address,
// undefined by tests/fuzz/run.sh). The first input byte picks the format (even: subscription, odd:
// assignment); the rest is the userData.
//   - decode and inspect agree on the error; offsets and node ranges lie within the input;
//   - every error message names its field and offset;
//   - a decoded record (not probing) re-encodes, with a writer here written from Kafka 2.3.0's
//     encoders (ByteBuffer puts, DataOutputStream.writeUTF), for subscriptions 7-11 from
//     SubscriptionInfoData.json (3.8.0) in the generated non-flexible layout, and for assignments
//     5-11 from 3.8.0's AssignmentInfo.encode and ConsumerProtocolUtils.writeTaskIdTo, to bytes
//     that decode to the same record; to exactly the input when it has no warning and no U+0000
//     read from a raw 00 byte (readUTF accepts 00; writeUTF writes U+0000 as C0 80), except where
//     the record cannot say how the wire was laid out: a version 7-9 subscription is flat (an
//     empty topic group, or one group split in two, is gone), a null named topology may have been
//     any negative length or count (written back as -1, or as 0 in an assignment), and a version
//     5+ assignment's topic dictionary is not in the record (its order, unused or repeated
//     entries and indexes outside 0..n-1 are gone; written back numbered from 0 in the order the
//     topics first appear).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "check.h"
#include "streams/streams.h"

using namespace coordination;
using namespace coordination::streams;

namespace {

using Bytes = std::vector<std::uint8_t>;

void putI32(Bytes& out, std::int32_t v) {
  const auto u = static_cast<std::uint32_t>(v);
  for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<std::uint8_t>(u >> s));
}
void putU64(Bytes& out, std::uint64_t v) {
  for (int s = 56; s >= 0; s -= 8) out.push_back(static_cast<std::uint8_t>(v >> s));
}
void putTasks(Bytes& out, const std::vector<TaskId>& ts) {
  putI32(out, static_cast<std::int32_t>(ts.size()));
  for (const TaskId& t : ts) {
    putI32(out, t.topic_group_id);
    putI32(out, t.partition);
  }
}
// DataOutput.writeUTF: 0001..007F one byte, 0000 and 0080..07FF two, the rest three.
void putUtf(Bytes& out, const std::u16string& s) {
  Bytes body;
  for (char16_t c : s) {
    if (c >= 1 && c <= 0x7F) {
      body.push_back(static_cast<std::uint8_t>(c));
    } else if (c <= 0x7FF) {
      body.push_back(static_cast<std::uint8_t>(0xC0 | (c >> 6)));
      body.push_back(static_cast<std::uint8_t>(0x80 | (c & 0x3F)));
    } else {
      body.push_back(static_cast<std::uint8_t>(0xE0 | (c >> 12)));
      body.push_back(static_cast<std::uint8_t>(0x80 | ((c >> 6) & 0x3F)));
      body.push_back(static_cast<std::uint8_t>(0x80 | (c & 0x3F)));
    }
  }
  CHECK(body.size() <= 0xFFFF);
  out.push_back(static_cast<std::uint8_t>(body.size() >> 8));
  out.push_back(static_cast<std::uint8_t>(body.size()));
  out.insert(out.end(), body.begin(), body.end());
}
// getBytes(UTF_8) of a string with no lone surrogate.
void putUtf8(Bytes& out, const std::u16string& s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::uint32_t c = s[i];
    if (c >= 0xD800 && c <= 0xDBFF) c = 0x10000 + ((c - 0xD800) << 10) + (s[++i] - 0xDC00u);
    if (c < 0x80) {
      out.push_back(static_cast<std::uint8_t>(c));
    } else if (c < 0x800) {
      out.push_back(static_cast<std::uint8_t>(0xC0 | (c >> 6)));
      out.push_back(static_cast<std::uint8_t>(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
      out.push_back(static_cast<std::uint8_t>(0xE0 | (c >> 12)));
      out.push_back(static_cast<std::uint8_t>(0x80 | ((c >> 6) & 0x3F)));
      out.push_back(static_cast<std::uint8_t>(0x80 | (c & 0x3F)));
    } else {
      out.push_back(static_cast<std::uint8_t>(0xF0 | (c >> 18)));
      out.push_back(static_cast<std::uint8_t>(0x80 | ((c >> 12) & 0x3F)));
      out.push_back(static_cast<std::uint8_t>(0x80 | ((c >> 6) & 0x3F)));
      out.push_back(static_cast<std::uint8_t>(0x80 | (c & 0x3F)));
    }
  }
}
void putPartitions(Bytes& out, const std::vector<TopicPartition>& ps) {
  putI32(out, static_cast<std::int32_t>(ps.size()));
  for (const TopicPartition& p : ps) {
    putUtf(out, p.topic);
    putI32(out, p.partition);
  }
}

// An i32 length + the UTF-8 bytes of s (SubscriptionInfoData's bytes fields).
void putBytes(Bytes& out, const std::u16string& s) {
  Bytes body;
  putUtf8(body, s);
  putI32(out, static_cast<std::int32_t>(body.size()));
  out.insert(out.end(), body.begin(), body.end());
}

// Versions 7+: taskOffsetSums (7-9: consecutive tasks of one topic group under one entry), then
// uniqueField (8+), errorCode (9+), clientTags (11+).
void putOffsetSums(Bytes& out, const SubscriptionInfo& s) {
  const auto& sums = s.task_offset_sums;
  if (s.version >= 10) {
    putI32(out, static_cast<std::int32_t>(sums.size()));
    for (const TaskOffsetSum& t : sums) {
      putI32(out, t.topic_group_id);
      putI32(out, t.partition);
      putU64(out, static_cast<std::uint64_t>(t.offset_sum));
      Bytes body;
      if (t.named_topology) putUtf8(body, *t.named_topology);
      const int length = t.named_topology ? static_cast<int>(body.size()) : -1;
      out.push_back(static_cast<std::uint8_t>(length >> 8));
      out.push_back(static_cast<std::uint8_t>(length));
      out.insert(out.end(), body.begin(), body.end());
    }
  } else {
    std::vector<std::size_t> starts;  // the first task of each group
    for (std::size_t i = 0; i < sums.size(); ++i)
      if (i == 0 || sums[i].topic_group_id != sums[i - 1].topic_group_id) starts.push_back(i);
    putI32(out, static_cast<std::int32_t>(starts.size()));
    for (std::size_t g = 0; g < starts.size(); ++g) {
      const std::size_t end = g + 1 < starts.size() ? starts[g + 1] : sums.size();
      putI32(out, sums[starts[g]].topic_group_id);
      putI32(out, static_cast<std::int32_t>(end - starts[g]));
      for (std::size_t i = starts[g]; i < end; ++i) {
        putI32(out, sums[i].partition);
        putU64(out, static_cast<std::uint64_t>(sums[i].offset_sum));
      }
    }
  }
  if (s.version >= 8) out.push_back(static_cast<std::uint8_t>(*s.unique_field));
  if (s.version >= 9) putI32(out, s.error_code);
  if (s.version >= 11) {
    putI32(out, static_cast<std::int32_t>(s.client_tags.size()));
    for (const ClientTag& t : s.client_tags) {
      putBytes(out, t.key);
      putBytes(out, t.value);
    }
  }
}

Bytes encode(const SubscriptionInfo& s) {
  Bytes out;
  putI32(out, s.version);
  if (s.version >= 3) putI32(out, s.latest_supported_version);
  putU64(out, s.process_id_msb);
  putU64(out, s.process_id_lsb);
  if (s.version <= 6) {
    putTasks(out, s.prev_tasks);
    putTasks(out, s.standby_tasks);
  }
  if (s.version >= 2) putBytes(out, s.user_end_point.value_or(u""));
  if (s.version >= 7) putOffsetSums(out, s);
  return out;
}

// writeTaskIdTo: group, partition, and from version 10 the named topology's UTF-16 units
// (writeChars) after their count, 0 for none.
void putTask(Bytes& out, const TaskId& t, std::int32_t version) {
  putI32(out, t.topic_group_id);
  putI32(out, t.partition);
  if (version < kMinNamedTopologyVersion) return;
  const std::u16string name = t.named_topology.value_or(u"");
  putI32(out, static_cast<std::int32_t>(name.size()));
  for (char16_t c : name) {
    out.push_back(static_cast<std::uint8_t>(c >> 8));
    out.push_back(static_cast<std::uint8_t>(c));
  }
}

// Partitions by host: the topics by name (v2-4), or by their index in `topics` (v5+).
void putHosts(Bytes& out, const std::vector<HostPartitions>& hosts, const std::vector<std::u16string>* topics) {
  putI32(out, static_cast<std::int32_t>(hosts.size()));
  for (const HostPartitions& h : hosts) {
    putUtf(out, h.host);
    putI32(out, h.port);
    if (!topics) {
      putPartitions(out, h.partitions);
      continue;
    }
    putI32(out, static_cast<std::int32_t>(h.partitions.size()));
    for (const TopicPartition& p : h.partitions) {
      const auto at = std::find(topics->begin(), topics->end(), p.topic) - topics->begin();
      putI32(out, static_cast<std::int32_t>(at));
      putI32(out, p.partition);
    }
  }
}

Bytes encode(const AssignmentInfo& a) {
  Bytes out;
  putI32(out, a.version);
  if (a.version >= 3) putI32(out, a.latest_supported_version);
  putI32(out, static_cast<std::int32_t>(a.active_tasks.size()));
  for (const TaskId& t : a.active_tasks) putTask(out, t, a.version);
  putI32(out, static_cast<std::int32_t>(a.standby_tasks.size()));
  for (const StandbyTask& t : a.standby_tasks) {
    putTask(out, t.task, a.version);
    putPartitions(out, t.partitions);
  }
  if (a.version >= 5) {
    // encodeTopicDictionaryAndGet: every topic of the partitions by host once, with its index.
    std::vector<std::u16string> topics;
    for (const auto* hosts : {&a.partitions_by_host, &a.standby_partitions_by_host})
      for (const HostPartitions& h : *hosts)
        for (const TopicPartition& p : h.partitions)
          if (std::find(topics.begin(), topics.end(), p.topic) == topics.end()) topics.push_back(p.topic);
    putI32(out, static_cast<std::int32_t>(topics.size()));
    for (std::size_t i = 0; i < topics.size(); ++i) {
      putI32(out, static_cast<std::int32_t>(i));
      putUtf(out, topics[i]);
    }
    putHosts(out, a.partitions_by_host, &topics);
    if (a.version >= 6) putHosts(out, a.standby_partitions_by_host, &topics);
  } else if (a.version >= 2) {
    putHosts(out, a.partitions_by_host, nullptr);
  }
  if (a.version >= 4) putI32(out, a.error_code);
  if (a.version >= 7) putU64(out, static_cast<std::uint64_t>(*a.next_rebalance_ms));
  return out;
}

bool sameBytes(std::span<const std::uint8_t> a, const Bytes& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size()) == 0);
}

StreamsResult<SubscriptionInfo> decodeAgain(const Bytes& b, const SubscriptionInfo&) { return decodeSubscription(b); }
StreamsResult<AssignmentInfo> decodeAgain(const Bytes& b, const AssignmentInfo&) { return decodeAssignment(b); }

bool nul(const std::u16string& s) { return s.find(u'\0') != std::u16string::npos; }
// The record says how its bytes were laid out (see the top): only then is the input re-encoded exactly.
bool exactLayout(const SubscriptionInfo& s) {
  if (s.version >= 7 && s.version <= 9) return false;
  for (const TaskOffsetSum& t : s.task_offset_sums)
    if (!t.named_topology) return false;
  return true;
}
bool exactLayout(const AssignmentInfo& a) { return a.version < 5; }
bool hasNul(const SubscriptionInfo&) { return false; }  // its texts are UTF-8: 00 is canonical
bool hasNul(const AssignmentInfo& a) {
  for (const StandbyTask& t : a.standby_tasks)
    for (const TopicPartition& p : t.partitions)
      if (nul(p.topic)) return true;
  for (const auto* hosts : {&a.partitions_by_host, &a.standby_partitions_by_host}) {
    for (const HostPartitions& h : *hosts) {
      if (nul(h.host)) return true;
      for (const TopicPartition& p : h.partitions)
        if (nul(p.topic)) return true;
    }
  }
  return false;
}

template <typename Record>
void check(StreamsTarget target, std::span<const std::uint8_t> in, const StreamsResult<Record>& r) {
  const StreamsInspection insp = inspectStreams(target, in);
  for (const tree::Node& n : insp.fields) {
    CHECK(n.offset <= in.size());
    CHECK(n.length <= in.size() - n.offset);
    CHECK(n.parent < static_cast<int>(insp.fields.size()));
  }
  for (const tree::Warning& w : insp.warnings) CHECK(w.offset <= in.size() && !w.message.empty());
  if (!r.ok()) {
    const StreamsError& e = r.error();
    CHECK(e.offset <= in.size());
    CHECK(insp.error.has_value() && *insp.error == e);
    const std::string m = e.message();
    CHECK(m.find(e.field) != std::string::npos);
    CHECK(m.find("(offset " + std::to_string(e.offset) + ")") != std::string::npos);
    return;
  }
  CHECK(!insp.error.has_value());
  const Record& rec = r.value();
  CHECK(insp.warnings.size() == rec.warnings.size());
  if constexpr (std::is_same_v<Record, SubscriptionInfo>) {
    if (rec.probing) return;
  }
  const Bytes again = encode(rec);
  const StreamsResult<Record> back = decodeAgain(again, rec);
  CHECK(back.ok());
  CHECK(encode(back.value()) == again);
  if (rec.warnings.empty() && !hasNul(rec) && exactLayout(rec)) CHECK(sameBytes(in, again));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::span<const std::uint8_t> in(data + 1, size - 1);
  if (data[0] % 2 == 0) {
    check(StreamsTarget::subscription, in, decodeSubscription(in));
  } else {
    check(StreamsTarget::assignment, in, decodeAssignment(in));
  }
  return 0;
}
