// The Kafka Streams flat record read by nothing but its description (issue 19: no layout mirrored
// by hand): streams/streams.h STREAMS_RECORD, what tables_gen emits as STREAMS_RECORD and
// generates wasm/generated/streams-reader.js from (GeneratedTables.UpToDate keeps them equal).
// Every golden Streams vector (golden/subscription.json, assignment.json) and every Streams
// userData nested in golden/group-records.json's members, decoded by decodeFlat and walked field by
// field as the description says, is the record the C++ API gives (decodeSubscription /
// decodeAssignment) and golden's record, and ends where the words end.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "groups/records.h"
#include "streams_json.h"
#include "test_util.h"
#include "wire/big_endian.h"

namespace cv = coordination;
using namespace streamsjson;
using Layout = coordination::streams::record_layout;

namespace {

std::string snakeOf(std::string_view camel) {
  std::string s;
  for (const char c : camel) {
    if (c >= 'A' && c <= 'Z') {
      s += '_';
      s += static_cast<char>(c - 'A' + 'a');
    } else {
      s += c;
    }
  }
  return s;
}

// A record's words walked by the description, into golden's shape (snake_case keys, an i64 as its
// decimal text); `read`: the fields read, as "sequence.field".
struct Walk {
  const FlatRecord& f;
  std::span<const std::uint8_t> input;  // where its offsets are
  std::int32_t version;
  std::set<std::string>& read;
  std::size_t w = 0;

  std::int32_t word() {
    EXPECT_LT(w, f.word_count);
    return f.words.at(w++);
  }
  std::int32_t be32(std::size_t at) const {
    EXPECT_LE(at + 4, input.size());
    return coordination::detail::be32(input.data() + at);
  }
  std::uint64_t u64(std::size_t at) const {
    return std::uint64_t{static_cast<std::uint32_t>(be32(at))} << 32 | static_cast<std::uint32_t>(be32(at + 4));
  }
  json value(const cv::CursorField& x) {
    switch (x.kind) {
      case cv::CursorKind::word:
        return word();
      case cv::CursorKind::flag:
        return word() == 1;
      case cv::CursorKind::ref: {
        const std::int32_t k = word();
        if (k < 0) return nullptr;
        const auto t = static_cast<std::size_t>(2 * k);
        EXPECT_LT(static_cast<std::size_t>(k), f.text_count);
        return text(std::u16string(f.units.data() + f.texts.at(t), static_cast<std::size_t>(f.texts.at(t + 1))));
      }
      case cv::CursorKind::wide_at:
        return std::to_string(static_cast<std::int64_t>(u64(static_cast<std::size_t>(word()))));
      case cv::CursorKind::uuid_at: {
        const auto at = static_cast<std::size_t>(word());
        return uuidString(u64(at), u64(at + 8));
      }
      case cv::CursorKind::list: {
        json out = json::array();
        for (std::int32_t n = word(), i = 0; i < n; ++i) out.push_back(sequence(x.nested));
        return out;
      }
      case cv::CursorKind::list_at: {
        const std::int32_t n = word();
        auto at = static_cast<std::size_t>(word());
        json out = json::array();
        for (std::int32_t i = 0; i < n; ++i) {
          json element = json::object();
          for (const cv::CursorField& y : Layout::kFields[x.nested]) {
            EXPECT_EQ(y.kind, cv::CursorKind::word);
            read.insert(std::string(Layout::kSequenceNames[x.nested]) + "." + std::string(y.name));
            element[snakeOf(y.name)] = be32(at);
            at += 4;
          }
          out.push_back(element);
        }
        return out;
      }
      case cv::CursorKind::opt:
        return word() == 0 ? json(nullptr) : sequence(x.nested);
      case cv::CursorKind::group:
        return sequence(x.nested);
      default:
        ADD_FAILURE() << "a field of another cursor: " << x.name;
        return nullptr;
    }
  }
  // A sequence: an object of the fields its version has, or the value of its one field.
  json sequence(int q) {
    const auto fields = Layout::kFields[q];
    json out = json::object();
    for (const cv::CursorField& x : fields) {
      if (!x.in(version)) continue;
      read.insert(std::string(Layout::kSequenceNames[q]) + "." + std::string(x.name));
      out[snakeOf(x.name)] = value(x);
    }
    return fields.size() == 1 ? out.begin().value() : out;
  }
};

// The record `f` of `input` read by the description against the C++ record of the same bytes.
void compare(const FlatRecord& f, std::span<const std::uint8_t> input, StreamsTarget target,
             std::set<std::string>& read, const std::string& id, const json* expected = nullptr) {
  const bool subscription = target == StreamsTarget::subscription;
  Walk walk{f, input, f.words.at(0), read};
  const json got = walk.sequence(subscription ? Layout::subscription : Layout::assignment);
  EXPECT_EQ(walk.w, f.word_count) << id;
  const json api =
      subscription ? recordJson(decodeSubscription(input).value()) : recordJson(decodeAssignment(input).value());
  EXPECT_EQ(got, api) << id;
  if (expected) EXPECT_EQ(got, *expected) << id;
}

// Every field of the description, as "sequence.field".
std::set<std::string> allFields() {
  std::set<std::string> out;
  for (std::size_t q = 0; q < std::size(Layout::kFields); ++q)
    for (const cv::CursorField& x : Layout::kFields[q])
      out.insert(std::string(Layout::kSequenceNames[q]) + "." + std::string(x.name));
  return out;
}

}  // namespace

TEST(StreamsLayout, EveryGoldenRecordWhereTheDescriptionPutsIt) {
  std::set<std::string> read;
  std::size_t records = 0;
  for (const char* name : {"subscription.json", "assignment.json"}) {
    const auto doc = loadStreams(name);
    ASSERT_TRUE(doc) << name;
    const StreamsTarget target =
        doc->at("target") == "subscription" ? StreamsTarget::subscription : StreamsTarget::assignment;
    for (const json& v : doc->at("vectors")) {
      if (!v.at("expect").contains("record")) continue;
      const auto bytes = *golden::fromHex(v.at("hex").get<std::string>());
      FlatRecord f;
      ASSERT_FALSE(decodeFlat(target, bytes, f)) << v.at("id");
      compare(f, bytes, target, read, v.at("id"), &v.at("expect").at("record"));
      ++records;
    }
  }
  EXPECT_GT(records, 60u);  // 69 valid vectors today
  EXPECT_EQ(read, allFields()) << "every field of the description read";
}

TEST(StreamsLayout, TheUserDataOfEveryGoldenGroupRecord) {
  const auto doc = golden::load("group-records.json");
  ASSERT_TRUE(doc);
  coordination::groups::RecordReader reader;
  std::set<std::string> read;
  std::size_t levels = 0;
  for (const json& v : doc->at("vectors")) {
    if (v.at("value").is_null()) continue;
    const auto key = *golden::fromHex(v.at("key").get<std::string>());
    const auto value = *golden::fromHex(v.at("value").get<std::string>());
    reader.decode(testutil::span(key), testutil::span(value));
    for (const auto& member : reader.members()) {
      const auto level = [&](const auto& consumer, StreamsTarget target) {
        const auto& s = consumer.streams;
        if (!s.read || s.error) return;
        const auto u = consumer.message.root.user_data;
        const auto input = std::span<const std::uint8_t>(value).subspan(s.at, static_cast<std::size_t>(u.length));
        compare(s.record, input, target, read, v.at("id"));
        ++levels;
      };
      level(member.subscription, StreamsTarget::subscription);
      level(member.assignment, StreamsTarget::assignment);
    }
  }
  EXPECT_GT(levels, 10u);
}
