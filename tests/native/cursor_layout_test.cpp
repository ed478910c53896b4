// The records read in order (issue 19: no layout mirrored by hand): what each writer wrote, read
// back by nothing but its description (log/cursor_layout.h CursorLayoutInfo, what tables_gen emits
// to wasm/generated/tables.js CURSOR_LAYOUTS and wasm/api/flat-layout.js cursorReader walks;
// GeneratedTables.UpToDate keeps the two equal), holds every input value under the field the
// description names, and ends where the arrays end. Input values are distinct, so a field written
// in another's place shows. The inputs are written byte by byte (group_records.h).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "group_records.h"
#include "groups/flat.h"

namespace cv = coordination;
namespace cg = coordination::groups;
using namespace group_records;

namespace {

// A layout's records read back: "path=value" a value (a list's count as "path#=n", an absent opt
// as "path=null"), the names of the fields read, and where the cursors ended.
struct CursorRead {
  std::vector<std::string> lines;
  std::set<std::string> fields;
  std::size_t w = 0, l = 0, s = 0;
};

void readSequence(const cv::CursorLayoutInfo& info, std::size_t q, const cv::FlatState& f, const std::string& path,
                  CursorRead& r) {
  for (const cv::CursorField& x : info.fields[q]) {
    const std::string at = path + "." + std::string(x.name);
    r.fields.insert(std::string(info.sequences[q]) + "." + std::string(x.name));
    const auto nested = static_cast<std::size_t>(x.nested);
    switch (x.kind) {
      case cv::CursorKind::word:
        r.lines.push_back(at + "=" + std::to_string(f.words.at(r.w++)));
        break;
      case cv::CursorKind::wide:
        r.lines.push_back(at + "=" + std::to_string(f.longs.at(r.l++)));
        break;
      case cv::CursorKind::text: {
        const std::size_t from = r.s == 0 ? 0 : f.ends.at(r.s - 1);  // ASCII: a UTF-16 end is a byte end
        r.lines.push_back(at + "=" +
                          std::string(f.pool.begin() + static_cast<std::ptrdiff_t>(from),
                                      f.pool.begin() + static_cast<std::ptrdiff_t>(f.ends.at(r.s))));
        ++r.s;
        break;
      }
      case cv::CursorKind::list: {
        const std::int32_t n = f.words.at(r.w++);
        r.lines.push_back(at + "#=" + std::to_string(n));
        for (std::int32_t i = 0; i < n; ++i) readSequence(info, nested, f, at + "[" + std::to_string(i) + "]", r);
        break;
      }
      case cv::CursorKind::opt:
        if (f.words.at(r.w++) == 0) {
          r.lines.push_back(at + "=null");
        } else {
          readSequence(info, nested, f, at, r);
        }
        break;
      default:  // a kind the state's sequences do not use: this reader would lose its place
        ADD_FAILURE() << at << ": kind " << cv::kCursorKindNames[static_cast<std::size_t>(x.kind)] << " not read here";
        return;
    }
  }
}

// The records to the arrays' ends.
CursorRead readRecords(const cv::CursorLayoutInfo& info, const cv::FlatState& f) {
  CursorRead r;
  for (std::size_t k = 0; r.w < f.words.size(); ++k) readSequence(info, 0, f, "[" + std::to_string(k) + "]", r);
  return r;
}

// Every field of every sequence of the description.
std::size_t fieldCount(const cv::CursorLayoutInfo& info) {
  std::size_t n = 0;
  for (const auto& fields : info.fields) n += fields.size();
  return n;
}

// ConsumerProtocolSubscription v3: topics, null userData, owned partitions of one topic, a
// generation id and a rack.
Bytes subscriptionV3(const std::vector<std::string>& topics, std::string_view owned,
                     const std::vector<std::int32_t>& partitions, std::int32_t generation, std::string_view rack) {
  W w;
  w.i16(3).i32(static_cast<std::int32_t>(topics.size()));
  for (const auto& t : topics) w.str(t);
  w.i32(-1).i32(1).str(owned).i32(static_cast<std::int32_t>(partitions.size()));
  for (const std::int32_t p : partitions) w.i32(p);
  w.i32(generation).str(rack);
  return w.b;
}

}  // namespace

TEST(CursorLayout, TheGroupMetadataWhereTheDescriptionPutsIt) {
  const Bytes user_sub = streamsSubscription(3), user_asg = streamsAssignment({4});
  const std::vector<Member> classic = {
      {"m-1", subscriptionV3({"t-1", "t-2"}, "t-1", {11, 12}, 13, "rack-1"), assignment("t-3", {14, 15}), "inst-1"},
      {"m-2", subscription({"t-4"}), {}, ""}};
  const std::vector<Member> streams = {{"s-1", subscription({"t-5"}, &user_sub), assignment("t-5", {16}, &user_asg)}};
  cg::GroupFolder folder;
  const auto add = [&](std::int64_t offset, const Bytes& key, const Bytes& value) {
    folder.add(3, offset, 0, cv::ByteSpan(key), cv::ByteSpan(value));
  };
  add(21, groupKey("g-classic"), groupValue("consumer", 22, "range", classic));
  add(23, groupKey("g-streams"), groupValue("consumer", 24, "stream", streams));
  const cg::GroupLogPart part = folder.part();
  cg::GroupMetadataFlat metadata;
  const cg::GroupLogState log = cg::mergeGroupLogs({&part, 1}, &metadata);
  ASSERT_EQ(log.groups.size(), 2u);
  ASSERT_EQ(log.groups[0].group, "g-classic");

  const CursorRead r = readRecords(cv::group_metadata::kInfo, metadata.state);
  EXPECT_EQ(r.fields.size(), fieldCount(cv::group_metadata::kInfo));
  EXPECT_EQ(r.w, metadata.state.words.size());
  EXPECT_EQ(r.l, metadata.state.longs.size());
  EXPECT_EQ(r.s, metadata.state.ends.size());
  // The Streams levels' words and input (where the lines below place them) begin with their
  // versions (streams/streams.h FlatRecord; SubscriptionInfo's first i32 on the wire).
  EXPECT_EQ(metadata.streams_words.at(0), 3);
  EXPECT_EQ(metadata.streams_input.at(3), 3);
  std::vector<std::string> streams_lines;
  for (const std::string& line : r.lines)
    if (line.find(".streams.") != std::string::npos) streams_lines.push_back(line);
  ASSERT_EQ(streams_lines.size(), 10u);
  EXPECT_EQ(streams_lines[0], "[1].members[0].subscription.streams.words=0");
  EXPECT_EQ(streams_lines[4], "[1].members[0].subscription.streams.input=0");
  const auto value = [](const std::string& line) { return std::stoi(line.substr(line.find('=') + 1)); };
  EXPECT_EQ(metadata.streams_words.at(static_cast<std::size_t>(value(streams_lines[5]))), 2);  // AssignmentInfo v2
  EXPECT_EQ(metadata.streams_input.at(static_cast<std::size_t>(value(streams_lines[9])) + 3), 2);

  std::vector<std::string> rest;
  for (const std::string& line : r.lines)
    if (line.find(".streams.") == std::string::npos) rest.push_back(line);
  EXPECT_EQ(rest, (std::vector<std::string>{
                      "[0].group=0",
                      "[0].generation=22",
                      "[0].nulls=0",
                      "[0].currentStateTimestamp=5",
                      "[0].offset=21",
                      "[0].protocolType=consumer",
                      "[0].protocol=range",
                      "[0].leader=m-1",
                      "[0].members#=2",
                      "[0].members[0].rebalanceTimeout=300000",
                      "[0].members[0].sessionTimeout=45000",
                      "[0].members[0].instanceNull=0",
                      "[0].members[0].memberId=m-1",
                      "[0].members[0].groupInstanceId=inst-1",
                      "[0].members[0].clientId=client-m-1",
                      "[0].members[0].clientHost=/10.0.0.1",
                      "[0].members[0].subscription.version=3",
                      "[0].members[0].subscription.generationId=13",
                      "[0].members[0].subscription.rackNull=0",
                      "[0].members[0].subscription.rackId=rack-1",
                      "[0].members[0].subscription.topics#=2",
                      "[0].members[0].subscription.topics[0].topic=t-1",
                      "[0].members[0].subscription.topics[1].topic=t-2",
                      "[0].members[0].subscription.ownedPartitions#=1",
                      "[0].members[0].subscription.ownedPartitions[0].topic=t-1",
                      "[0].members[0].subscription.ownedPartitions[0].partitions#=2",
                      "[0].members[0].subscription.ownedPartitions[0].partitions[0].partition=11",
                      "[0].members[0].subscription.ownedPartitions[0].partitions[1].partition=12",
                      "[0].members[0].subscription.streams=null",
                      "[0].members[0].assignment.version=0",
                      "[0].members[0].assignment.assignedPartitions#=1",
                      "[0].members[0].assignment.assignedPartitions[0].topic=t-3",
                      "[0].members[0].assignment.assignedPartitions[0].partitions#=2",
                      "[0].members[0].assignment.assignedPartitions[0].partitions[0].partition=14",
                      "[0].members[0].assignment.assignedPartitions[0].partitions[1].partition=15",
                      "[0].members[0].assignment.streams=null",
                      "[0].members[1].rebalanceTimeout=300000",
                      "[0].members[1].sessionTimeout=45000",
                      "[0].members[1].instanceNull=1",
                      "[0].members[1].memberId=m-2",
                      "[0].members[1].groupInstanceId=",
                      "[0].members[1].clientId=client-m-2",
                      "[0].members[1].clientHost=/10.0.0.1",
                      "[0].members[1].subscription.version=0",
                      "[0].members[1].subscription.generationId=-1",
                      "[0].members[1].subscription.rackNull=1",
                      "[0].members[1].subscription.rackId=",
                      "[0].members[1].subscription.topics#=1",
                      "[0].members[1].subscription.topics[0].topic=t-4",
                      "[0].members[1].subscription.ownedPartitions#=0",
                      "[0].members[1].subscription.streams=null",
                      "[0].members[1].assignment=null",
                      "[1].group=1",
                      "[1].generation=24",
                      "[1].nulls=0",
                      "[1].currentStateTimestamp=5",
                      "[1].offset=23",
                      "[1].protocolType=consumer",
                      "[1].protocol=stream",
                      "[1].leader=s-1",
                      "[1].members#=1",
                      "[1].members[0].rebalanceTimeout=300000",
                      "[1].members[0].sessionTimeout=45000",
                      "[1].members[0].instanceNull=1",
                      "[1].members[0].memberId=s-1",
                      "[1].members[0].groupInstanceId=",
                      "[1].members[0].clientId=client-s-1",
                      "[1].members[0].clientHost=/10.0.0.1",
                      "[1].members[0].subscription.version=0",
                      "[1].members[0].subscription.generationId=-1",
                      "[1].members[0].subscription.rackNull=1",
                      "[1].members[0].subscription.rackId=",
                      "[1].members[0].subscription.topics#=1",
                      "[1].members[0].subscription.topics[0].topic=t-5",
                      "[1].members[0].subscription.ownedPartitions#=0",
                      "[1].members[0].assignment.version=0",
                      "[1].members[0].assignment.assignedPartitions#=1",
                      "[1].members[0].assignment.assignedPartitions[0].topic=t-5",
                      "[1].members[0].assignment.assignedPartitions[0].partitions#=1",
                      "[1].members[0].assignment.assignedPartitions[0].partitions[0].partition=16",
                  }));
}
