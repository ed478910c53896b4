// Consumer group records written byte by byte in Kafka 3.8.0's layouts (the specs in
// wasm/core/groups/specs, Streams' legacy SubscriptionInfo / AssignmentInfo encoders), not by the
// code under test: the inputs of groups_fold_test.cpp and flat_layout_test.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace group_records {

using Bytes = std::vector<std::uint8_t>;

struct W {
  Bytes b;
  W& i16(std::int16_t v) { return put(static_cast<std::uint16_t>(v), 2); }
  W& i32(std::int32_t v) { return put(static_cast<std::uint32_t>(v), 4); }
  W& i64(std::int64_t v) { return put(static_cast<std::uint64_t>(v), 8); }
  W& str(std::string_view s) {
    i16(static_cast<std::int16_t>(s.size()));
    b.insert(b.end(), s.begin(), s.end());
    return *this;
  }
  W& null() { return i16(-1); }
  W& bytes(const Bytes& x) {
    i32(static_cast<std::int32_t>(x.size()));
    b.insert(b.end(), x.begin(), x.end());
    return *this;
  }
  W& put(std::uint64_t v, int n) {
    for (int s = 8 * (n - 1); s >= 0; s -= 8) b.push_back(static_cast<std::uint8_t>(v >> s));
    return *this;
  }
};

inline Bytes offsetKey(std::string_view group, std::string_view topic, std::int32_t partition,
                       std::int16_t version = 1) {
  return W{}.i16(version).str(group).str(topic).i32(partition).b;
}
inline Bytes offsetValue(std::int64_t offset) { return W{}.i16(3).i64(offset).i32(7).str("m").i64(1000 + offset).b; }
inline Bytes groupKey(std::string_view group) { return W{}.i16(2).str(group).b; }

struct Member {
  std::string id;
  Bytes subscription, assignment;
  std::string instance;  // "": null
};
inline Bytes groupValue(std::string_view protocol_type, std::int32_t generation, std::string_view protocol,
                        const std::vector<Member>& members) {
  W w;
  w.i16(3).str(protocol_type).i32(generation).str(protocol).str(members.empty() ? "" : members[0].id).i64(5);
  w.i32(static_cast<std::int32_t>(members.size()));
  for (const Member& m : members)
    (m.instance.empty() ? w.str(m.id).null() : w.str(m.id).str(m.instance))
        .str("client-" + m.id)
        .str("/10.0.0.1")
        .i32(300000)
        .i32(45000)
        .bytes(m.subscription)
        .bytes(m.assignment);
  return w.b;
}
// ConsumerProtocolSubscription v0 (topics, userData: -1 null) and Assignment v0.
inline Bytes subscription(const std::vector<std::string>& topics, const Bytes* user_data = nullptr) {
  W w;
  w.i16(0).i32(static_cast<std::int32_t>(topics.size()));
  for (const auto& t : topics) w.str(t);
  if (user_data) {
    w.bytes(*user_data);
  } else {
    w.i32(-1);
  }
  return w.b;
}
inline Bytes assignment(std::string_view topic, const std::vector<std::int32_t>& partitions,
                        const Bytes* user_data = nullptr) {
  W w;
  w.i16(0).i32(1).str(topic).i32(static_cast<std::int32_t>(partitions.size()));
  for (const std::int32_t p : partitions) w.i32(p);
  if (user_data) {
    w.bytes(*user_data);
  } else {
    w.i32(-1);
  }
  return w.b;
}
// Streams SubscriptionInfo v2 (no latest version) or v3+, no tasks, an endpoint.
inline Bytes streamsSubscription(std::int32_t version) {
  W w;
  w.i32(version);
  if (version >= 3) w.i32(version);
  w.i64(0).i64(1).i32(0).i32(0).bytes(Bytes{'h', ':', '1'});
  return w.b;
}
// Streams AssignmentInfo v2: active tasks (group 0), no standby, no partitions by host.
inline Bytes streamsAssignment(const std::vector<std::int32_t>& tasks) {
  W w;
  w.i32(2).i32(static_cast<std::int32_t>(tasks.size()));
  for (const std::int32_t t : tasks) w.i32(0).i32(t);
  w.i32(0).i32(0);
  return w.b;
}

}  // namespace group_records
