// Kafka Streams rebalance metadata: every vector of golden/subscription.json and assignment.json
// through decodeSubscription / decodeAssignment and inspectStreams. The expected outcomes come
// from golden/generate_streams.py, never from this code.
#include "streams/streams.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <vector>

#include "golden.h"
#include "streams_json.h"
#include "test_util.h"
#include "wire/java_text.h"

using namespace coordination;
using namespace coordination::streams;
using golden::json;
using testutil::span;

namespace {

using namespace streamsjson;

// The node of `path` in an inspection (a failure, and the first node, when there is none).
const tree::Node& nodeAt(const StreamsInspection& in, std::string_view path) {
  for (const tree::Node& n : in.fields)
    if (n.path == path) return n;
  ADD_FAILURE() << "no node " << path;
  return in.fields.front();
}

template <typename Record>
void checkVector(StreamsTarget target, const json& v, const StreamsResult<Record>& got) {
  const std::string id = v.at("id");
  const json& expect = v.at("expect");
  const auto bytes = *golden::fromHex(v.at("hex").get<std::string>());
  const StreamsInspection in = inspectStreams(target, span(bytes));
  for (const tree::Node& n : in.fields) {
    EXPECT_LE(n.offset + n.length, bytes.size()) << id << " " << n.path;
    EXPECT_LT(n.parent, static_cast<int>(in.fields.size())) << id;
  }
  if (expect.contains("error")) {
    ASSERT_FALSE(got.ok()) << id << " decoded, want " << expect.dump();
    const StreamsError& e = got.error();
    const json want = expect.at("error");
    EXPECT_EQ(codeName(e.code), want.at("code").get<std::string>()) << id << ": " << e.message();
    EXPECT_EQ(e.offset, want.at("offset").get<std::size_t>()) << id << ": " << e.message();
    EXPECT_EQ(e.field, want.at("field").get<std::string>()) << id << ": " << e.message();
    const std::string m = e.message();
    EXPECT_NE(m.find(e.field), std::string::npos) << m;
    EXPECT_NE(m.find("(offset " + std::to_string(e.offset) + ")"), std::string::npos) << m;
    ASSERT_TRUE(in.error.has_value()) << id;
    EXPECT_EQ(*in.error, e) << id;
    if (e.code != StreamsCode::TRAILING_BYTES) {  // the failing field (or list) has a node
      bool found = false;
      for (const tree::Node& n : in.fields) found = found || n.path == e.field;
      EXPECT_TRUE(found) << id << ": no node " << e.field;
    }
    return;
  }
  ASSERT_TRUE(got.ok()) << id << ": " << got.error().message();
  EXPECT_EQ(recordJson(got.value()), expect.at("record")) << id;
  EXPECT_EQ(warningsJson(got.value().warnings), expect.at("warnings")) << id;
  EXPECT_FALSE(in.error.has_value()) << id;
  EXPECT_EQ(warningsJson(in.warnings), expect.at("warnings")) << id;
  for (const tree::Node& n : in.fields) EXPECT_TRUE(n.complete) << id << " " << n.path;
}

TEST(StreamsGolden, Subscription) {
  const auto doc = loadStreams("subscription.json");
  ASSERT_TRUE(doc.has_value());
  ASSERT_EQ(doc->at("format"), "streams-golden/1");
  int n = 0;
  for (const json& v : doc->at("vectors")) {
    const auto bytes = *golden::fromHex(v.at("hex").get<std::string>());
    checkVector(StreamsTarget::subscription, v, decodeSubscription(span(bytes)));
    ++n;
  }
  EXPECT_GT(n, 300);
}

TEST(StreamsGolden, Assignment) {
  const auto doc = loadStreams("assignment.json");
  ASSERT_TRUE(doc.has_value());
  int n = 0;
  for (const json& v : doc->at("vectors")) {
    const auto bytes = *golden::fromHex(v.at("hex").get<std::string>());
    checkVector(StreamsTarget::assignment, v, decodeAssignment(span(bytes)));
    ++n;
  }
  EXPECT_GT(n, 1900);
}

TEST(StreamsInspect, DynamicPathsAndRanges) {
  // v1 subscription: version 1, nil UUID, prev tasks [(0,7)], no standby.
  const auto b = testutil::bytes(
      {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0});
  const StreamsInspection in = inspectStreams(StreamsTarget::subscription, span(b));
  ASSERT_FALSE(in.error.has_value());
  const tree::Node* part = nullptr;
  const tree::Node* list = nullptr;
  for (const tree::Node& n : in.fields) {
    if (n.path == "subscription.prev_tasks[0].partition") part = &n;
    if (n.path == "subscription.prev_tasks") list = &n;
  }
  ASSERT_NE(part, nullptr);
  ASSERT_NE(list, nullptr);
  EXPECT_EQ(part->offset, 28u);
  EXPECT_EQ(part->length, 4u);
  EXPECT_EQ(std::get<std::int64_t>(part->value), 7);
  EXPECT_EQ(part->name, "partition");
  EXPECT_EQ(list->offset, 20u);
  EXPECT_EQ(list->length, 12u);  // count + one task
  EXPECT_EQ(in.fields[static_cast<std::size_t>(part->parent)].path, "subscription.prev_tasks[0]");
}

TEST(StreamsInspect, Version10ValuesOfI64I8AndANullString) {
  // v10: version, latest, nil UUID, endpoint "", 1 offset sum (group 2, partition 3, sum 2^40 + 5,
  // named topology null as -1), unique field -3, error code 0.
  const auto b =
      testutil::bytes({0, 0, 0, 10, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,    0,    0,    0, 0, 0, 0, 0,
                       0, 0, 0, 1,  0, 0, 0, 2,  0, 0, 0, 3, 0, 0, 1, 0, 0, 0, 0, 5, 0xFF, 0xFF, 0xFD, 0, 0, 0, 0});
  const StreamsInspection in = inspectStreams(StreamsTarget::subscription, span(b));
  ASSERT_FALSE(in.error.has_value()) << in.error->message();
  const auto node = [&](std::string_view path) -> const tree::Node& { return nodeAt(in, path); };
  const tree::Node& sum = node("subscription.task_offset_sums[0].offset_sum");
  EXPECT_EQ(sum.wire_type, "i64");
  EXPECT_EQ(sum.offset, 40u);
  EXPECT_EQ(sum.length, 8u);
  EXPECT_EQ(std::get<std::int64_t>(sum.value), (std::int64_t{1} << 40) + 5);
  const tree::Node& topology = node("subscription.task_offset_sums[0].named_topology");
  EXPECT_EQ(topology.wire_type, "string");
  EXPECT_EQ(topology.length, 2u);
  EXPECT_TRUE(std::holds_alternative<std::monostate>(topology.value));
  EXPECT_NE(topology.meaning.find("null"), std::string::npos);
  const tree::Node& unique = node("subscription.unique_field");
  EXPECT_EQ(unique.wire_type, "i8");
  EXPECT_EQ(std::get<std::int64_t>(unique.value), -3);
  const auto s = decodeSubscription(span(b));
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s.value().standby_tasks, (std::vector<TaskId>{{2, 3}}));
  EXPECT_TRUE(s.value().prev_tasks.empty());
  EXPECT_EQ(s.value().unique_field, std::optional<std::int8_t>(-3));
}

TEST(StreamsInspect, AssignmentV11NamedTopologiesDictionaryAndNextRebalance) {
  const auto doc = loadStreams("assignment.json");
  ASSERT_TRUE(doc.has_value());
  std::vector<std::uint8_t> b;
  for (const json& v : doc->at("vectors"))
    if (v.at("id") == "assignment/valid/v11") b = *golden::fromHex(v.at("hex").get<std::string>());
  ASSERT_FALSE(b.empty());
  const StreamsInspection in = inspectStreams(StreamsTarget::assignment, span(b));
  ASSERT_FALSE(in.error.has_value()) << in.error->message();
  const auto node = [&](std::string_view path) -> const tree::Node& { return nodeAt(in, path); };
  const tree::Node& named = node("assignment.active_tasks[0].named_topology");
  EXPECT_EQ(named.wire_type, "java_chars");
  EXPECT_EQ(named.length, 4u + 2 * 7);  // the count and "billing"'s 7 units
  EXPECT_EQ(std::get<std::string>(named.value), "billing");
  const tree::Node& none = node("assignment.active_tasks[1].named_topology");
  EXPECT_EQ(none.length, 4u);
  EXPECT_TRUE(std::holds_alternative<std::monostate>(none.value));
  EXPECT_NE(none.meaning.find("count 0"), std::string::npos);
  EXPECT_EQ(std::get<std::string>(node("assignment.standby_tasks[0].task.named_topology").value), "billing");
  EXPECT_EQ(std::get<std::string>(node("assignment.topic_dictionary[1].topic").value), "orders-changelog");
  EXPECT_EQ(std::get<std::int64_t>(node("assignment.partitions_by_host[0].partitions[1].topic_index").value), 1);
  EXPECT_EQ(std::get<std::int64_t>(node("assignment.standby_partitions_by_host[0].partitions[0].topic_index").value),
            1);
  const tree::Node& next = node("assignment.next_rebalance_ms");
  EXPECT_EQ(next.wire_type, "i64");
  EXPECT_EQ(next.offset + next.length, b.size());
  EXPECT_EQ(std::get<std::int64_t>(next.value), 1700000123456);
  const auto a = decodeAssignment(span(b));
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a.value().active_tasks[0], (TaskId{0, 0, u"billing"}));
  EXPECT_EQ(a.value().active_tasks[1], (TaskId{0, 1, std::nullopt}));
  EXPECT_EQ(a.value().standby_partitions_by_host[0].partitions[0].topic, u"orders-changelog");
}

TEST(JavaText, AsciiWidenedUpToTheFirstOtherByteAtEveryLengthAndPosition) {
  // Texts of 0 to 24 bytes, all ASCII or with one byte >= 0x80 at each position: the units
  // written are the bytes before it, and nothing past them.
  for (std::size_t n = 0; n <= 24; ++n) {
    for (std::size_t bad = 0; bad <= n; ++bad) {
      std::vector<std::uint8_t> text(n);
      for (std::size_t i = 0; i < n; ++i) text[i] = static_cast<std::uint8_t>(i == bad ? 0x80 + i : 0x20 + 3 * i);
      char16_t out[32];
      std::fill(std::begin(out), std::end(out), u'#');
      const std::size_t ascii = widenAscii(text.data(), n, out);
      ASSERT_EQ(ascii, bad) << "length " << n;
      for (std::size_t i = 0; i < bad; ++i) ASSERT_EQ(out[i], static_cast<char16_t>(0x20 + 3 * i)) << n << " " << i;
      for (std::size_t i = bad; i < 32; ++i) ASSERT_EQ(out[i], u'#') << n << " " << i;
    }
  }
}

TEST(JavaText, ModifiedUtf8PairsAndRefusals) {
  char16_t out[16];
  const auto pair = testutil::bytes({0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80, 0xC0, 0x80});
  JavaTextOutcome o;
  decodeJavaText(span(pair), out, JavaText::read_utf, o);
  EXPECT_FALSE(o.refused.has_value());
  EXPECT_EQ(o.first_non_utf8, std::optional<std::size_t>(0));
  EXPECT_EQ(std::u16string(out, o.units), (std::u16string{0xD83D, 0xDE00, 0x0000}));
  const auto four = testutil::bytes({'a', 0xF0, 0x9F, 0x98, 0x80});
  decodeJavaText(span(four), out, JavaText::read_utf, o);
  EXPECT_EQ(o.refused, std::optional<std::size_t>(1));
  std::u16string lossy_out;
  const auto lossy = testutil::bytes({'a', 0xE2, 0x82, 'b', 0xF0, 0x9F, 0x98, 0x80});
  EXPECT_EQ(decodeUtf8Lossy(span(lossy), lossy_out), std::optional<std::size_t>(1));
  EXPECT_EQ(lossy_out, (std::u16string{u'a', 0xFFFD, u'b', 0xD83D, 0xDE00}));
}

// new String(bytes, UTF_8) reads a 3-byte form whole before it checks the value, so a surrogate
// written in UTF-8 is one U+FFFD (JDK 17 and 25 print these; strict UTF-8's maximal subparts would
// give one per byte).
TEST(JavaText, NewStringReplacesAnEncodedSurrogateWhole) {
  struct Case {
    std::vector<std::uint8_t> bytes;
    std::u16string text;
    std::optional<std::size_t> first_replaced;
  };
  const Case cases[] = {
      {{0xED, 0xA0, 0x80}, {0xFFFD}, 0},
      {{0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80}, {0xFFFD, 0xFFFD}, 0},  // a pair, CESU-8 style
      {{0xED, 0xA0, 'A'}, {0xFFFD, u'A'}, 0},                       // cut by a non-continuation
      {{'x', 0xED, 0xBF}, {u'x', 0xFFFD}, 1},                       // cut by the end
      {{0xED, 0x9F, 0xBF}, {0xD7FF}, std::nullopt},                 // the last code point before them
      {{0xED, 'A'}, {0xFFFD, u'A'}, 0},
      {{0xE0, 0x80, 0x80}, {0xFFFD, 0xFFFD, 0xFFFD}, 0},  // an overlong form stays one per byte
  };
  for (const Case& c : cases) {
    std::u16string got;
    EXPECT_EQ(decodeUtf8Lossy(span(c.bytes), got), c.first_replaced);
    EXPECT_EQ(got, c.text);
  }
}

}  // namespace
