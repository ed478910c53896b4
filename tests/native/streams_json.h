// Kafka Streams records as golden/subscription.json and assignment.json write them (test-only):
// streams_test.cpp's golden vectors and the Streams levels nested in golden/group-records.json.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "golden.h"
#include "streams/streams.h"

namespace streamsjson {

using golden::json;
using namespace coordination::streams;
namespace tree = ::tree;

// The files write a lone surrogate as a \udXXX escape (valid pairs are raw UTF-8). nlohmann::json
// refuses a lone surrogate escape, so the loader turns each into the literal text "\udXXX", and
// text() below renders a decoded lone surrogate the same way.
inline std::optional<json> loadStreams(const std::string& name) {
  std::ifstream in(golden::goldenDir() + "/" + name);
  if (!in) return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  // Each "\ud8xx".."\udfxx" escape (a surrogate) gets a second backslash; a loop, not a regex: the
  // sanitizers made std::regex over assignment.json's 1.3 MB 2 s of a test's time.
  const std::string raw = ss.str();
  std::string text;
  text.reserve(raw.size());
  const auto hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); };
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && i + 5 < raw.size() && raw[i + 1] == 'u' && raw[i + 2] == 'd' &&
        std::string_view("89abcdef").find(raw[i + 3]) != std::string_view::npos && hex(raw[i + 4]) && hex(raw[i + 5]))
      text += '\\';
    text += raw[i];
    if (raw[i] == '\\' && i + 1 < raw.size()) text += raw[++i];  // an escape's second character is not a start
  }
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return std::nullopt;
  return j;
}

inline std::string text(const std::u16string& s) {
  std::string out;
  auto put = [&](std::uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char16_t c = s[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.size() && s[i + 1] >= 0xDC00 && s[i + 1] <= 0xDFFF) {
      put(0x10000 + ((static_cast<std::uint32_t>(c) - 0xD800) << 10) + (s[i + 1] - 0xDC00u));
      ++i;
    } else if (c >= 0xD800 && c <= 0xDFFF) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\u";
      for (int k = 3; k >= 0; --k) out += kHex[(c >> (4 * k)) & 15];
    } else {
      put(c);
    }
  }
  return out;
}

inline json taskJson(const TaskId& t) { return {{"topic_group_id", t.topic_group_id}, {"partition", t.partition}}; }

// An assignment's task: from version 10 with its named topology.
inline json taskJson(const TaskId& t, std::int32_t version) {
  json j = taskJson(t);
  if (version >= kMinNamedTopologyVersion)
    j["named_topology"] = t.named_topology ? json(text(*t.named_topology)) : json(nullptr);
  return j;
}

inline json tasksJson(const std::vector<TaskId>& ts) {
  json a = json::array();
  for (const auto& t : ts) a.push_back(taskJson(t));
  return a;
}

inline json tpsJson(const std::vector<TopicPartition>& ps) {
  json a = json::array();
  for (const auto& p : ps) a.push_back({{"topic", text(p.topic)}, {"partition", p.partition}});
  return a;
}

inline json warningsJson(const std::vector<tree::Warning>& ws) {
  json a = json::array();
  for (const auto& w : ws) a.push_back({{"code", std::string(w.code)}, {"offset", w.offset}, {"field", w.field}});
  return a;
}

inline json recordJson(const SubscriptionInfo& s) {
  if (s.probing) {
    return {{"version", s.version}, {"latest_supported_version", s.latest_supported_version}, {"probing", true}};
  }
  json r = {{"version", s.version},
            {"latest_supported_version", s.latest_supported_version},
            {"process_id", uuidString(s.process_id_msb, s.process_id_lsb)},
            {"prev_tasks", tasksJson(s.prev_tasks)},
            {"standby_tasks", tasksJson(s.standby_tasks)},
            {"user_end_point", s.user_end_point ? json(text(*s.user_end_point)) : json(nullptr)},
            {"probing", false}};
  if (s.version < 7) return r;
  json sums = json::array();
  for (const auto& t : s.task_offset_sums) {
    sums.push_back({{"topic_group_id", t.topic_group_id},
                    {"partition", t.partition},
                    {"offset_sum", std::to_string(t.offset_sum)},
                    {"named_topology", t.named_topology ? json(text(*t.named_topology)) : json(nullptr)}});
  }
  json tags = json::array();
  for (const auto& t : s.client_tags) tags.push_back({{"key", text(t.key)}, {"value", text(t.value)}});
  r["task_offset_sums"] = sums;
  r["unique_field"] = s.unique_field ? json(*s.unique_field) : json(nullptr);
  r["error_code"] = s.error_code;
  r["client_tags"] = tags;
  return r;
}

inline json hostsJson(const std::vector<HostPartitions>& hs) {
  json a = json::array();
  for (const auto& h : hs)
    a.push_back({{"host", text(h.host)}, {"port", h.port}, {"partitions", tpsJson(h.partitions)}});
  return a;
}

inline json recordJson(const AssignmentInfo& a) {
  json active = json::array();
  for (const auto& t : a.active_tasks) active.push_back(taskJson(t, a.version));
  json standby = json::array();
  for (const auto& t : a.standby_tasks)
    standby.push_back({{"task", taskJson(t.task, a.version)}, {"partitions", tpsJson(t.partitions)}});
  json r = {{"version", a.version},
            {"latest_supported_version", a.latest_supported_version},
            {"active_tasks", active},
            {"standby_tasks", standby},
            {"partitions_by_host", hostsJson(a.partitions_by_host)},
            {"error_code", a.error_code}};
  if (a.version >= 6) r["standby_partitions_by_host"] = hostsJson(a.standby_partitions_by_host);
  EXPECT_EQ(a.next_rebalance_ms.has_value(), a.version >= 7);
  if (a.next_rebalance_ms) r["next_rebalance_ms"] = std::to_string(*a.next_rebalance_ms);
  if (a.version < 6) EXPECT_TRUE(a.standby_partitions_by_host.empty());
  return r;
}

}  // namespace streamsjson
