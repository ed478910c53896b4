#include "groups/flat.h"

namespace coordination::groups {

namespace {
// A GroupMetadataKey (key version 2): its value's fields are in GroupMetadataFlat, not its bytes.
bool isGroupMetadataKey(const std::vector<std::uint8_t>& key) { return key.size() >= 2 && key[0] == 0 && key[1] == 2; }
}  // namespace

void flattenGroupLog(const GroupLogState& log, FlatState& out, std::vector<std::uint8_t>& bytes) {
  using L = groups_flat;
  out.words.clear();
  out.longs.clear();
  out.pool.clear();
  out.ends.clear();
  bytes.clear();
  const auto& groups = log.groups;
  const auto& records = log.records;
  const auto& offsets = log.offsets;
  const auto& anomalies = log.anomalies;
  L::Writer f(out, {groups.size(), records.size(), offsets.size(), anomalies.size(), log.errors.size()});
  f.put<L::head_records>(0, log.records_read);
  f.put<L::head_anomaliesOmitted>(0, log.anomalies_omitted);
  f.put<L::head_errorsOmitted>(0, log.errors_omitted);
  for (std::size_t i = 0; i < groups.size(); ++i) {
    const GroupEntry& x = groups[i];
    f.put<L::groups_partition>(i, x.partition);
    f.put<L::groups_recordsEnd>(i, x.records_end);
    f.put<L::groups_offsetsEnd>(i, x.offsets_end);
    f.put<L::groups_group>(i, x.group);
  }
  for (std::size_t i = 0; i < records.size(); ++i) {
    const KeptRecord& x = records[i];
    bytes.insert(bytes.end(), x.key.begin(), x.key.end());
    if (!isGroupMetadataKey(x.key)) bytes.insert(bytes.end(), x.value.begin(), x.value.end());
    f.put<L::records_partition>(i, x.partition);
    f.put<L::records_bytesEnd>(i, bytes.size());
    f.put<L::records_keyLength>(i, x.key.size());
    f.put<L::records_offset>(i, x.offset);
  }
  for (std::size_t i = 0; i < offsets.size(); ++i) {
    const CommittedOffset& x = offsets[i];
    f.put<L::offsets_partition>(i, x.partition);
    f.put<L::offsets_leaderEpoch>(i, x.leader_epoch);
    f.put<L::offsets_recordPartition>(i, x.record_partition);
    f.put<L::offsets_offset>(i, x.offset);
    f.put<L::offsets_commitTimestamp>(i, x.commit_timestamp);
    f.put<L::offsets_recordOffset>(i, x.record_offset);
    f.put<L::offsets_topic>(i, x.topic);
    f.put<L::offsets_metadata>(i, x.metadata);
  }
  for (std::size_t i = 0; i < anomalies.size(); ++i) {
    const GroupAnomaly& x = anomalies[i];
    f.put<L::anomalies_generation>(i, x.generation);
    f.put<L::anomalies_partition>(i, x.partition);
    f.put<L::anomalies_offset>(i, x.offset);
    f.put<L::anomalies_kind>(i, anomalyKindName(x.kind));
    f.put<L::anomalies_group>(i, x.group);
    f.put<L::anomalies_message>(i, x.message);
  }
  putErrors<L>(f, log.errors);
  f.finish();
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
    flat_.text(g.text(m.member_id));
    flat_.text(g.text(m.group_instance_id));
    flat_.text(g.text(m.client_id));
    flat_.text(g.text(m.client_host));
    flat_.word(sub ? 1 : 0);
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
    flat_.word(asg ? 1 : 0);
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
