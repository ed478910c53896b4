#include "groups/flat.h"

namespace coordination::groups {

namespace {
// A GroupMetadataKey (key version 2): its value's fields are in GroupMetadataFlat, not its bytes.
bool isGroupMetadataKey(const std::vector<std::uint8_t>& key) { return key.size() >= 2 && key[0] == 0 && key[1] == 2; }
}  // namespace

void flattenGroupLog(const GroupLogState& log, FlatState& out, std::vector<std::uint8_t>& bytes) {
  out.words.clear();
  out.longs.clear();
  out.pool.clear();
  out.ends.clear();
  bytes.clear();
  Flattener f(out);
  const auto& groups = log.groups;
  const auto& records = log.records;
  const auto& offsets = log.offsets;
  const auto& anomalies = log.anomalies;
  const auto& errors = log.errors;
  for (std::size_t c : {groups.size(), records.size(), offsets.size(), anomalies.size(), errors.size()}) f.count(c);
  for (const GroupEntry& x : groups) f.word(x.partition);
  for (const GroupEntry& x : groups) f.count(x.records_end);
  for (const GroupEntry& x : groups) f.count(x.offsets_end);
  for (const KeptRecord& x : records) f.word(x.partition);
  for (const KeptRecord& x : records) {
    bytes.insert(bytes.end(), x.key.begin(), x.key.end());
    if (!isGroupMetadataKey(x.key)) bytes.insert(bytes.end(), x.value.begin(), x.value.end());
    f.count(bytes.size());
  }
  for (const KeptRecord& x : records) f.count(x.key.size());
  for (const CommittedOffset& x : offsets) f.word(x.partition);
  for (const CommittedOffset& x : offsets) f.word(x.leader_epoch);
  for (const CommittedOffset& x : offsets) f.word(x.record_partition);
  for (const GroupAnomaly& x : anomalies) f.word(x.generation);
  for (const GroupAnomaly& x : anomalies) f.word(x.partition);
  // As the state's errors: a line for a record without an offset (line input), else the offset.
  auto hasLine = [](const FoldError& e) { return e.line >= 0 && e.offset < 0; };
  for (const FoldError& x : errors) f.word(hasLine(x) ? 1 : 0);
  for (const FoldError& x : errors) f.word(x.partition);

  f.wide(static_cast<std::int64_t>(log.records_read));
  f.wide(static_cast<std::int64_t>(log.anomalies_omitted));
  f.wide(static_cast<std::int64_t>(log.errors_omitted));
  for (const KeptRecord& x : records) f.wide(x.offset);
  for (const CommittedOffset& x : offsets) f.wide(x.offset);
  for (const CommittedOffset& x : offsets) f.wide(x.commit_timestamp);
  for (const CommittedOffset& x : offsets) f.wide(x.record_offset);
  for (const GroupAnomaly& x : anomalies) f.wide(x.offset);
  for (const FoldError& x : errors) f.wide(hasLine(x) ? x.line : x.offset);

  for (const GroupEntry& x : groups) f.text(x.group);
  for (const CommittedOffset& x : offsets) f.text(x.topic);
  for (const CommittedOffset& x : offsets) f.text(x.metadata);
  for (const GroupAnomaly& x : anomalies) f.text(anomalyKindName(x.kind));
  for (const GroupAnomaly& x : anomalies) f.text(x.group);
  for (const GroupAnomaly& x : anomalies) f.text(x.message);
  for (const FoldError& x : errors) f.text(x.code);
  for (const FoldError& x : errors) f.text(x.field);
  for (const FoldError& x : errors) f.text(x.message);
  for (const FoldError& x : errors) f.text(x.role);
}

}  // namespace coordination::groups

namespace coordination::groups {

template <typename List>
void GroupMetadataFlat::partitions(const List& m, schema::Run run) {
  for (const auto& tp : m.items(m.topic_partition, run)) {
    const auto ps = m.items(m.i32, tp.partitions);
    flat_.count(ps.size());
    for (const std::int32_t p : ps) flat_.word(p);
    flat_.text(m.text(tp.topic));
  }
}

template <typename Level>
void GroupMetadataFlat::streamsLevel(const Level& level, std::span<const std::uint8_t> value) {
  const StreamsLevel& s = level.streams;
  if (!s.read || s.error) {
    flat_.word(0);
    return;
  }
  const coordination::streams::FlatRecord& f = s.record;
  flat_.word(1);
  flat_.count(streams_words.size());
  streams_words.insert(streams_words.end(), f.words.data(), f.words.data() + f.word_count);
  flat_.count(streams_words.size());
  streams_words.insert(streams_words.end(), f.texts.data(), f.texts.data() + 2 * f.text_count);
  flat_.count(streams_units.size());
  streams_units.insert(streams_units.end(), f.units.data(), f.units.data() + f.unit_count);
  flat_.count(f.text_count);
  flat_.count(streams_input.size());
  const auto user_data = value.subspan(s.at, static_cast<std::size_t>(level.message.root.user_data.length));
  streams_input.insert(streams_input.end(), user_data.begin(), user_data.end());
}

void GroupMetadataFlat::add(std::uint32_t group, const KeptRecord& record, const RecordReader& reader) {
  const auto& g = reader.group_value();
  const auto members = g.items(g.member_metadata, g.root.members);
  const auto levels = reader.members();
  flat_.count(group);
  flat_.word(g.root.generation);
  flat_.word((g.root.protocol.null() ? 1 : 0) | (g.root.leader.null() ? 2 : 0));
  flat_.count(members.size());
  flat_.wide(g.root.current_state_timestamp);
  flat_.wide(record.offset);
  flat_.text(g.text(g.root.protocol_type));
  flat_.text(g.text(g.root.protocol));
  flat_.text(g.text(g.root.leader));
  const std::span<const std::uint8_t> value(record.value);
  for (std::size_t i = 0; i < members.size(); ++i) {
    const auto& m = members[i];
    // A level is shown when it decoded (a refused one is an error of its record).
    const auto shown = [](const auto& l) { return l.read && !l.empty && !l.error; };
    const SubscriptionLevel* sub =
        i < levels.size() && shown(levels[i].subscription) ? &levels[i].subscription : nullptr;
    const AssignmentLevel* asg = i < levels.size() && shown(levels[i].assignment) ? &levels[i].assignment : nullptr;
    flat_.word(m.rebalance_timeout);
    flat_.word(m.session_timeout);
    flat_.word(m.group_instance_id.null() ? 1 : 0);
    flat_.word(sub ? 1 : 0);
    flat_.word(asg ? 1 : 0);
    flat_.text(g.text(m.member_id));
    flat_.text(g.text(m.group_instance_id));
    flat_.text(g.text(m.client_id));
    flat_.text(g.text(m.client_host));
    if (sub) {
      const auto& s = sub->message;
      const auto topics = s.items(s.slices, s.root.topics);
      const auto owned = s.items(s.topic_partition, s.root.owned_partitions);
      flat_.word(s.root.version);
      flat_.word(s.root.generation_id);
      flat_.word(s.root.rack_id.null() ? 1 : 0);
      flat_.count(topics.size());
      flat_.count(owned.size());
      flat_.text(s.text(s.root.rack_id));
      for (const schema::Slice t : topics) flat_.text(s.text(t));
      partitions(s, s.root.owned_partitions);
      streamsLevel(*sub, value);
    }
    if (asg) {
      const auto& a = asg->message;
      flat_.word(a.root.version);
      flat_.count(a.items(a.topic_partition, a.root.assigned_partitions).size());
      partitions(a, a.root.assigned_partitions);
      streamsLevel(*asg, value);
    }
  }
}

}  // namespace coordination::groups
