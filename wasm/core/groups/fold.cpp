#include "groups/fold.h"

#include <string>
#include <utility>

#include "groups/anomaly_text.h"
#include "log/partial_bytes.h"
#include "wire/append.h"

namespace coordination::groups {

using detail::appendInt;
using Bytes = std::span<const std::uint8_t>;

std::string_view anomalyKindName(GroupAnomalyKind kind) {
  static constexpr std::string_view kNames[] = {
#define GROUPS_X(name, description) #name,
      GROUP_ANOMALY_KINDS(GROUPS_X)
#undef GROUPS_X
  };
  return kNames[static_cast<std::size_t>(kind)];
}

namespace {

// The classic records name their group `group`, the KIP-848 ones `group_id`.
template <typename Key>
std::string_view groupIdOf(const Key& k) {
  if constexpr (requires { k.root.group_id; }) {
    return k.text(k.root.group_id);
  } else {
    return k.text(k.root.group);
  }
}

}  // namespace

std::string_view groupOf(const RecordReader& reader) {
  switch (*reader.type()) {
#define GROUPS_X(type, key, value) \
  case RecordType::type:           \
    return groupIdOf(reader.type##_key());
    GROUP_RECORD_TYPES(GROUPS_X)
#undef GROUPS_X
  }
  return {};
}

namespace {

// The generation a record carries: a classic group's; a KIP-848 consumer group's, a share group's
// (KIP-932) or a Streams group's (KIP-1071) epoch; -1 for others.
std::int32_t generationOf(const RecordReader& r) {
  if (r.tombstone()) return -1;
  switch (*r.type()) {
    case RecordType::group:
      return r.group_value().root.generation;
    case RecordType::consumer_group_metadata:
      return r.consumer_group_metadata_value().root.epoch;
    case RecordType::share_group_metadata:
      return r.share_group_metadata_value().root.epoch;
    case RecordType::streams_group_metadata:
      return r.streams_group_metadata_value().root.epoch;
    default:
      return -1;
  }
}

}  // namespace

void GroupFolder::addBatchError(std::int32_t partition, const BatchError& error) {
  errors_.add(FoldError{partition, error.base_offset, -1, batchErrorCodeName(error.code), std::string(error.field),
                        error.message, error.position, true});
}

void GroupFolder::addBatch(std::int32_t partition, const Batch& batch, std::uint32_t) {
  if (batch.header.control()) return;  // commit and abort markers
  for (const RecordView& r : batch.records) read(partition, r.offset, r.key, r.value, -1);
}

void GroupFolder::add(std::int32_t partition, std::int64_t offset, std::int64_t, std::optional<ByteSpan> key,
                      std::optional<ByteSpan> value, std::int64_t line, Producer producer) {
  if (producer.control) return;
  read(partition, offset, key, value, line);
}

void GroupFolder::nestedErrors(std::int32_t partition, std::int64_t offset, std::int64_t line, std::string_view group) {
  auto add = [&](const std::optional<tree::Error>& e) {
    if (e) errors_.add(FoldError{partition, offset, line, e->code, e->field, e->message, 0, false, std::string(group)});
  };
  for (const MemberLevels& m : reader_.members()) {
    add(m.subscription.error);
    add(m.subscription.streams.error);
    add(m.assignment.error);
    add(m.assignment.streams.error);
  }
}

ByteSpan GroupFolder::keptKey(ByteSpan key) {
  if (key.size() < 2) return key;
  const auto version = static_cast<std::int16_t>((key[0] << 8) | key[1]);
  const std::optional<RecordType> type = typeOfKeyVersion(version);
  if (!type) return key;
  const std::int16_t first = firstKeyVersion(*type);
  if (first == version) return key;
  kept_key_.assign(key.begin(), key.end());
  kept_key_[0] = static_cast<std::uint8_t>(static_cast<std::uint16_t>(first) >> 8);
  kept_key_[1] = static_cast<std::uint8_t>(first);
  return kept_key_;
}

void GroupFolder::read(std::int32_t partition, std::int64_t offset, std::optional<ByteSpan> key,
                       std::optional<ByteSpan> value, std::int64_t line) {
  ++records_;
  if (!key) {
    errors_.add(FoldError{partition, offset, line, recordErrorCodeName(RecordErrorCode::NULL_KEY), "key",
                          "the record has a null key; every __consumer_offsets record has one"});
    return;
  }
  // A key seen before is not decoded again (most records rewrite one: an offset commit's key
  // decode was a third of the fold's): its type and group id are in its slot.
  const auto tag = static_cast<std::uint32_t>(partition);
  const ByteSpan kept = keptKey(*key);
  const std::uint32_t hash = Interner::hash(tag, kept);
  std::uint32_t id = keys_.find(tag, kept, hash);
  const bool seen = id != Interner::kNone && slots_[id].group_at != kInPool;
  const std::optional<tree::Error> e = seen ? reader_.decodeValue(slots_[id].type, value) : reader_.decode(*key, value);
  const auto groupId = [&] {
    return seen ? keys_.text(id).substr(slots_[id].group_at, slots_[id].group_size) : groupOf(reader_);
  };
  if (e) {
    // A value refused: its key decoded (the value's paths start with its type, never "key").
    const bool key_read = e->field.rfind("key", 0) != 0;
    errors_.add(FoldError{partition, offset, line, e->code, e->field, e->message, 0, false,
                          key_read ? std::string(groupId()) : std::string()});
    return;
  }
  const std::string_view group = groupId();
  nestedErrors(partition, offset, line, group);
  if (id == Interner::kNone) {
    id = keys_.add(tag, kept, hash);
    Slot& fresh = slots_.emplace_back();
    fresh.type = *reader_.type();
    const auto at = reinterpret_cast<std::uintptr_t>(group.data()) - reinterpret_cast<std::uintptr_t>(key->data());
    fresh.group_at = at <= key->size() && group.size() <= key->size() - at ? static_cast<std::uint32_t>(at) : kInPool;
    fresh.group_size = static_cast<std::uint32_t>(group.size());
  }
  Slot& s = slots_[id];
  // Older than what the key holds (an unknown offset, -1, is taken in arrival order).
  if (offset >= 0 && s.offset != INT64_MIN && offset <= s.offset) return;
  const std::int32_t generation = generationOf(reader_);
  if (value && s.live && generation < s.generation) {
    std::string m = groupText(group);
    m += *reader_.type() == RecordType::group ? " has generation " : " has group epoch ";
    appendInt(m, generation);
    m += " at offset ";
    appendInt(m, offset);
    m += ", below ";
    appendInt(m, s.generation);
    m += " of its record before (offset ";
    appendInt(m, s.offset);
    m += "); the coordinator only increments it while the group lives";
    anomalies_.add(GroupAnomaly{GroupAnomalyKind::generation_backwards, std::string(group), generation, partition,
                                offset, std::move(m)});
  }
  s.offset = offset;
  s.live = value.has_value();
  s.generation = generation;
  if (value) {
    s.value.assign(value->begin(), value->end());
  } else {
    s.value.clear();
    s.value.shrink_to_fit();
  }
}

GroupLogPart GroupFolder::part() const {
  GroupLogPart out;
  out.records = records_;
  out.errors = errors_.kept;
  out.errors_omitted = errors_.omitted;
  out.anomalies = anomalies_.kept;
  out.anomalies_omitted = anomalies_.omitted;
  for (std::uint32_t id = 0; id < slots_.size(); ++id) {
    const Slot& s = slots_[id];
    if (!s.live) continue;
    const std::string_view key = keys_.text(id);
    out.kept.push_back(KeptRecord{static_cast<std::int32_t>(keys_.tag(id)), s.offset,
                                  std::vector<std::uint8_t>(key.begin(), key.end()), s.value});
  }
  return out;
}

// ---- the part as bytes ----------------------------------------------------------------------------

std::vector<std::uint8_t> groupPartialBytes(const GroupLogPart& part) {
  std::vector<std::uint8_t> bytes;
  partial_bytes::Out out(bytes);
  out.head(partial_bytes::kGroupPartialMagic, part.records, part.errors_omitted, std::span(part.errors),
           part.anomalies_omitted, std::span(part.anomalies), &GroupAnomaly::group,
           [&](const GroupAnomaly& a, std::size_t) { out.i32(a.generation); });
  out.count(part.kept.size());
  for (const KeptRecord& r : part.kept) {
    out.i32(r.partition);
    out.i64(r.offset);
    out.text({reinterpret_cast<const char*>(r.key.data()), r.key.size()});
    out.text({reinterpret_cast<const char*>(r.value.data()), r.value.size()});
  }
  return bytes;
}

std::optional<GroupLogPart> parseGroupPartial(std::span<const std::uint8_t> bytes) {
  GroupLogPart p;
  p.storage.assign(bytes.begin(), bytes.end());
  partial_bytes::In in(p.storage);
  // The errors' codes view storage, which the part keeps.
  if (!in.head(
             partial_bytes::kGroupPartialMagic, p.records, p.errors_omitted, p.errors, p.anomalies_omitted, p.anomalies,
             &GroupAnomaly::group, [](std::int32_t kind) { return kind >= 0 && kind < kGroupAnomalyKindCount; }, 4,
             [&](GroupAnomaly& a) { a.generation = in.i32(); })
           .empty())
    return std::nullopt;
  for (std::size_t i = 0, n = in.count(20); i < n; ++i) {
    KeptRecord r{};
    r.partition = in.i32();
    r.offset = in.i64();
    const std::string_view key = in.text();
    const std::string_view value = in.text();
    r.key.assign(key.begin(), key.end());
    r.value.assign(value.begin(), value.end());
    p.kept.push_back(std::move(r));
  }
  if (!in.ok() || !in.atEnd()) return std::nullopt;
  return p;
}

}  // namespace coordination::groups
