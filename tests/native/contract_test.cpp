// Broken caller contracts stop with a message instead of undefined behaviour or a silent "ok",
// and the tables in coordination/table.h and tree/ are well formed.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "coordination/coordination_codec.h"
#include "coordination/inspect.h"
#include "test_util.h"
#include "tree/invisible.h"
#include "tree/tree.h"

using namespace coordination;
using testutil::bytes;
using testutil::span;

TEST(ContractDeathTest, ResultValueOnAnErrorAborts) {
  const auto b = bytes({0, 0});
  const Result<CoordinationKey> r = decodeKey(span(b));
  ASSERT_FALSE(r.ok());
  EXPECT_DEATH((void)r.value(), "Result::value\\(\\) on an error");
}

TEST(ContractDeathTest, ResultErrorOnAValueAborts) {
  const Result<std::vector<std::uint8_t>> r = encodeKey(CoordinationKey{RecordKind::lease, "r", ""});
  ASSERT_TRUE(r.ok());
  EXPECT_DEATH((void)r.error(), "Result::error\\(\\) on a value");
}

TEST(ContractDeathTest, UnknownTargetIsNotOkNoFields) {
  const auto b = bytes({0, 0, 0, 1, 0, 1, 'r', 0, 0});
  EXPECT_DEATH((void)inspect(static_cast<Target>(3), span(b)), "inspect: unknown Target");
  EXPECT_DEATH((void)validateBatch(static_cast<Target>(7), span(b)), "validateBatch: unknown Target");
}

TEST(Contract, TargetFromIndexRejectsUnknown) {
  EXPECT_EQ(targetFromIndex(0), Target::key);
  EXPECT_EQ(targetFromIndex(2), Target::lease);
  EXPECT_FALSE(targetFromIndex(3));
  EXPECT_FALSE(targetFromIndex(-1));
}

TEST(Tables, EveryFieldHasAUniquePath) {
  std::set<std::string> seen;
  for (int i = 0; i < kFieldCount; ++i) {
    const std::string path(fieldPath(static_cast<Field>(i)));
    EXPECT_NE(path, "unknown") << i;
    EXPECT_TRUE(seen.insert(path).second) << path;
  }
  EXPECT_EQ(fieldPath(static_cast<Field>(kFieldCount)), "unknown");
  EXPECT_EQ(fieldWireType(Field::lease_member), tree::WireType::string);
  EXPECT_EQ(fieldWireType(Field::lease_deadline), tree::WireType::i64);
}

TEST(Tables, EveryCodeHasANameAndADescription) {
  for (int i = 0; i < kErrorCodeCount; ++i) {
    EXPECT_NE(errorCodeName(static_cast<ErrorCode>(i)), "UNKNOWN_ERROR");
    EXPECT_FALSE(errorCodeDescription(static_cast<ErrorCode>(i)).empty());
  }
  for (int i = 0; i < kWarningCodeCount; ++i) {
    EXPECT_NE(warningCodeName(static_cast<WarningCode>(i)), "UNKNOWN_WARNING");
    EXPECT_FALSE(warningCodeDescription(static_cast<WarningCode>(i)).empty());
  }
}

TEST(Tables, InvisibleRangesAscendAndDoNotOverlap) {
  std::uint32_t next = 0;
  for (const tree::InvisibleRange& r : tree::kInvisibleRanges) {
    EXPECT_LE(r.first, r.last);
    EXPECT_GE(r.first, next) << std::hex << r.first;
    next = r.last + 1;
  }
  EXPECT_STREQ(tree::invisibleKind(0x202E), "bidi control");
  EXPECT_STREQ(tree::invisibleKind(0xE0100), "variation selector");
  EXPECT_EQ(tree::invisibleKind('a'), nullptr);
}

TEST(Tree, PathsForDynamicFields) {
  tree::Path p("subscription");
  const auto at = p.mark();
  p.field("prev_tasks").index(3).field("partition");
  EXPECT_EQ(p.str(), "subscription.prev_tasks[3].partition");
  p.reset(at);
  p.field("user_data");
  EXPECT_EQ(p.str(), "subscription.user_data");
  EXPECT_EQ(tree::lastSegment("batch[2].records[5]"), "[5]");
  EXPECT_EQ(tree::lastSegment("batch[2].records[5].key"), "key");
}

TEST(Inspect, RecordComesFromTheSameDecode) {
  const auto b = bytes({0, 0, 0, 1, 0, 1, 'r', 0, 0});
  const Inspection in = inspect(Target::key, span(b));
  ASSERT_FALSE(in.error);
  const auto* key = std::get_if<KeyView>(&in.record);
  ASSERT_NE(key, nullptr);
  EXPECT_EQ(key->kind, RecordKind::lease);
  EXPECT_EQ(key->role, "r");
  const Inspection bad = inspect(Target::registration, span(b));
  EXPECT_TRUE(std::holds_alternative<std::monostate>(bad.record));
}

#include "tree/sink.h"

// The neutral sink a streams/ or log/ decoder reports to: dynamic paths, parents, lengths.
TEST(Tree, TreeSinkBuildsDynamicPaths) {
  std::vector<tree::Node> nodes;
  tree::TreeSink sink(nodes);
  sink.enter("subscription", tree::WireType::record, 0);
  sink.scalar("version", tree::WireType::i32, 0, 4, true, 3);
  sink.enter("prev_tasks", tree::WireType::array, 4);
  for (std::size_t i = 0; i < 4; ++i) {
    sink.enterIndex(i, tree::WireType::record, 8 + 8 * i);
    sink.scalar("partition", tree::WireType::i32, 12 + 8 * i, 4, true, static_cast<std::int64_t>(i));
    sink.leave(16 + 8 * i);
  }
  sink.leave(40);
  sink.text("user_data", tree::WireType::string, 40, 3, false, "");
  sink.fail();
  ASSERT_EQ(nodes.size(), 12u);
  EXPECT_EQ(nodes[0].path, "subscription");
  EXPECT_EQ(nodes[10].path, "subscription.prev_tasks[3].partition");
  EXPECT_EQ(nodes[10].name, "partition");
  EXPECT_EQ(nodes[9].name, "[3]");
  EXPECT_EQ(nodes[10].parent, 9);
  EXPECT_EQ(nodes[9].parent, 2);
  EXPECT_EQ(nodes[2].length, 36u);
  EXPECT_EQ(std::get<std::int64_t>(nodes[10].value), 3);
  EXPECT_EQ(nodes[11].path, "subscription.user_data");
  EXPECT_FALSE(nodes[11].complete);
  EXPECT_FALSE(nodes[0].complete);  // still open when the decode failed
  EXPECT_TRUE(nodes[2].complete);
  EXPECT_EQ(nodes[11].wire_type, "string");
}
