#include "groups/flat.h"

namespace coordination::groups {

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
    bytes.insert(bytes.end(), x.value.begin(), x.value.end());
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
