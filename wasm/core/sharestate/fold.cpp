#include "sharestate/fold.h"

#include <algorithm>
#include <tuple>
#include <utility>

#include "log/partial_bytes.h"
#include "schema/decoding_base.h"
#include "wire/append.h"

namespace coordination::sharestate {

using detail::say;
using detail::Shown;

std::string_view anomalyKindName(ShareStateAnomalyKind kind) {
  static constexpr std::string_view kNames[] = {
#define SHS_X(name, description) #name,
      SHARE_STATE_ANOMALY_KINDS(SHS_X)
#undef SHS_X
  };
  return kNames[static_cast<std::size_t>(kind)];
}

void ShareStateFolder::addError(FoldError e) { errors_.add(std::move(e)); }

void ShareStateFolder::addAnomaly(const Slot& s, ShareStateAnomalyKind kind, std::int32_t partition,
                                  std::int64_t offset, std::string message) {
  anomalies_.add(
      ShareStateAnomaly{kind, s.group_id, s.topic_id, s.share_partition, partition, offset, std::move(message)});
}

void ShareStateFolder::addBatchError(std::int32_t partition, const BatchError& error) {
  addError(FoldError{partition, error.base_offset, -1, batchErrorCodeName(error.code), std::string(error.field),
                     error.message, error.position, true});
}

void ShareStateFolder::addBatch(std::int32_t partition, const Batch& batch, std::uint32_t) {
  if (batch.header.control()) return;  // markers: the share coordinator writes no transactions
  for (const RecordView& r : batch.records) read(partition, r.offset, r.key, r.value, -1);
}

void ShareStateFolder::add(std::int32_t partition, std::int64_t offset, std::int64_t, std::optional<ByteSpan> key,
                           std::optional<ByteSpan> value, std::int64_t line, Producer producer) {
  if (producer.control) return;
  read(partition, offset, key, value, line);
}

namespace {

// Java's int arithmetic: two's complement, wrapping (a snapshot epoch's next).
std::int32_t plusOne(std::int32_t x) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(x) + 1u); }

// The result's order of share-partitions: group id, topic id, share partition, partition.
bool before(const std::string& group_a, const std::string& topic_a, std::int32_t share_a, std::int32_t partition_a,
            const std::string& group_b, const std::string& topic_b, std::int32_t share_b, std::int32_t partition_b) {
  return std::tie(group_a, topic_a, share_a, partition_a) < std::tie(group_b, topic_b, share_b, partition_b);
}

// The share-partition's name, as Kafka's SharePartitionKey.asCoordinatorKey writes it.
std::string coordinatorKey(std::string_view group, std::string_view topic, std::int32_t partition) {
  std::string s(group);
  s += ':';
  s += topic;
  s += ':';
  s += std::to_string(partition);
  return s;
}

}  // namespace

void ShareStateFolder::read(std::int32_t partition, std::int64_t offset, std::optional<ByteSpan> key,
                            std::optional<ByteSpan> value, std::int64_t line) {
  ++records_;
  auto refused = [&](const tree::Error& e, std::string role) {
    addError(FoldError{partition, offset, line, e.code, e.field, e.message, 0, false, std::move(role)});
  };
  if (!key) {
    addError(FoldError{partition, offset, line, recordErrorCodeName(RecordErrorCode::NULL_KEY), "key",
                       "the record has a null key; every share-group state record has one"});
    return;
  }
  // The key alone first, so that a value's error names its share-partition.
  if (const auto e = reader_.decode(*key, std::nullopt)) return refused(*e, {});
  const bool is_snapshot = *reader_.type() == RecordType::share_snapshot;
  schema::Uuid topic{};
  std::int32_t share_partition = 0;
  std::string_view group_text;
  if (is_snapshot) {
    const auto& k = reader_.share_snapshot_key();
    group_text = k.text(k.root.group_id);
    topic = k.root.topic_id;
    share_partition = k.root.partition;
  } else {
    const auto& k = reader_.share_update_key();
    group_text = k.text(k.root.group_id);
    topic = k.root.topic_id;
    share_partition = k.root.partition;
  }
  // The slot's key: the topic id, the partition and the group id (a snapshot's and an update's
  // keys differ in their prefix, not in the share-partition they name).
  std::vector<std::uint8_t>& id_bytes = id_bytes_;  // kept: its memory reused
  id_bytes.assign(topic.bytes, topic.bytes + 16);
  for (int shift = 24; shift >= 0; shift -= 8) id_bytes.push_back(static_cast<std::uint8_t>(share_partition >> shift));
  id_bytes.insert(id_bytes.end(), group_text.begin(), group_text.end());
  bool added = false;
  const std::uint32_t id = keys_.intern(static_cast<std::uint32_t>(partition), id_bytes, added);
  if (added) {
    Slot s;
    s.group_id = std::string(group_text);
    s.topic_id = schema::uuidText(topic);
    s.share_partition = share_partition;
    slots_.push_back(std::move(s));
  }
  if (value) {
    if (const auto e = reader_.decode(*key, value)) {
      const Slot& s = slots_[id];
      return refused(*e, coordinatorKey(s.group_id, s.topic_id, s.share_partition));
    }
  }
  Slot& s = slots_[id];
  // Older than what the share-partition holds (an unknown offset, -1, is taken in arrival order).
  if (offset >= 0 && s.offset != INT64_MIN && offset <= s.offset) return;
  s.offset = offset;
  if (is_snapshot) {
    if (value) return snapshot(s, partition, offset);
    // ShareCoordinatorShard.handleShareSnapshot: a tombstone removes the share-partition's state.
    s.live = false;
    s.batches.clear();
    return;
  }
  if (value) return update(s, partition, offset);
  addAnomaly(s, ShareStateAnomalyKind::update_tombstone, partition, offset,
             say({"share-partition \"", Shown{coordinatorKey(s.group_id, s.topic_id, s.share_partition)},
                  "\" has a ShareUpdate tombstone at offset ", offset,
                  "; tombstones have ShareSnapshot keys, and the share coordinator's replay of this one fails"}));
}

void ShareStateFolder::snapshot(Slot& s, std::int32_t partition, std::int64_t offset) {
  const auto& d = reader_.share_snapshot_value();
  const auto& v = d.root;
  if (s.live && v.snapshot_epoch != plusOne(s.snapshot_epoch))
    addAnomaly(s, ShareStateAnomalyKind::snapshot_epoch_not_next, partition, offset,
               say({"share-partition \"", Shown{coordinatorKey(s.group_id, s.topic_id, s.share_partition)},
                    "\" has a snapshot at offset ", offset, " with snapshot epoch ", v.snapshot_epoch,
                    " over a state of snapshot epoch ", s.snapshot_epoch, "; the coordinator writes ",
                    plusOne(s.snapshot_epoch)}));
  s.live = true;
  s.snapshot_offset = offset;
  s.snapshot_epoch = v.snapshot_epoch;
  s.state_epoch = v.state_epoch;
  s.leader_epoch = v.leader_epoch;
  s.start_offset = v.start_offset;
  s.create_timestamp = v.create_timestamp;
  s.write_timestamp = v.write_timestamp;
  s.updates = 0;
  s.batches.clear();
  for (const auto& b : d.items(d.state_batch, v.state_batches))
    s.batches.push_back(StateBatch{b.first_offset, b.last_offset, b.delivery_state, b.delivery_count});
}

void ShareStateFolder::update(Slot& s, std::int32_t partition, std::int64_t offset) {
  const auto& d = reader_.share_update_value();
  const auto& v = d.root;
  fresh_.clear();
  for (const auto& b : d.items(d.state_batch, v.state_batches))
    fresh_.push_back(StateBatch{b.first_offset, b.last_offset, b.delivery_state, b.delivery_count});
  const std::string name = coordinatorKey(s.group_id, s.topic_id, s.share_partition);
  if (!s.live) {
    // ShareGroupOffset.fromRecord(ShareUpdateValue): the update's fields, state epoch 0, no timestamps.
    addAnomaly(s, ShareStateAnomalyKind::update_without_snapshot, partition, offset,
               say({"share-partition \"", Shown{name}, "\" has an update at offset ", offset,
                    " and no state; the coordinator takes the update alone as its state"}));
    s.live = true;
    s.snapshot_offset = -1;
    s.snapshot_epoch = v.snapshot_epoch;
    s.state_epoch = 0;
    s.leader_epoch = v.leader_epoch;
    s.start_offset = v.start_offset;
    s.create_timestamp = 0;
    s.write_timestamp = 0;
    s.updates = 1;
    s.batches = fresh_;
    return;
  }
  if (v.snapshot_epoch != s.snapshot_epoch)
    addAnomaly(s, ShareStateAnomalyKind::update_snapshot_epoch_mismatch, partition, offset,
               say({"share-partition \"", Shown{name}, "\" has an update at offset ", offset, " with snapshot epoch ",
                    v.snapshot_epoch, " over a snapshot of epoch ", s.snapshot_epoch,
                    "; the coordinator merges it regardless"}));
  // ShareCoordinatorShard.merge.
  const std::int64_t start = v.start_offset == -1 ? s.start_offset : v.start_offset;
  bool ended = true;
  s.batches = combineStateBatches(s.batches, fresh_, start, &ended);
  if (!ended)
    addAnomaly(s, ShareStateAnomalyKind::state_batches_do_not_combine, partition, offset,
               say({"share-partition \"", Shown{name}, "\"'s update at offset ", offset,
                    " has state batches that do not combine with the state's (Kafka's merge loop does not end); "
                    "kept as they stand"}));
  s.start_offset = start;
  if (v.leader_epoch != -1) s.leader_epoch = v.leader_epoch;
  ++s.updates;
}

ShareStateLog ShareStateFolder::state() const {
  ShareStateLog out;
  out.records = records_;
  out.errors = errors_.kept;
  out.errors_omitted = errors_.omitted;
  out.anomalies = anomalies_.kept;
  out.anomalies_omitted = anomalies_.omitted;
  std::vector<std::uint32_t> live;
  for (std::uint32_t id = 0; id < slots_.size(); ++id)
    if (slots_[id].live) live.push_back(id);
  std::sort(live.begin(), live.end(), [this](std::uint32_t a, std::uint32_t b) {
    const Slot& x = slots_[a];
    const Slot& y = slots_[b];
    return before(x.group_id, x.topic_id, x.share_partition, static_cast<std::int32_t>(keys_.tag(a)), y.group_id,
                  y.topic_id, y.share_partition, static_cast<std::int32_t>(keys_.tag(b)));
  });
  out.partitions.reserve(live.size());
  for (const std::uint32_t id : live) {
    const Slot& s = slots_[id];
    const auto begin = static_cast<std::uint32_t>(out.batches.size());
    out.batches.insert(out.batches.end(), s.batches.begin(), s.batches.end());
    out.partitions.push_back(SharePartitionState{
        s.group_id, s.topic_id, s.share_partition, static_cast<std::int32_t>(keys_.tag(id)), s.offset,
        s.snapshot_offset, s.snapshot_epoch, s.state_epoch, s.leader_epoch, s.start_offset, s.create_timestamp,
        s.write_timestamp, s.updates, begin, static_cast<std::uint32_t>(out.batches.size())});
  }
  return out;
}

ShareStateLog mergeShareStates(std::span<const ShareStateLog> parts) {
  ShareStateLog out;
  Capped<FoldError, kMaxFoldErrors> errors;
  Capped<ShareStateAnomaly, kMaxAnomalies> anomalies;
  std::vector<std::pair<std::size_t, std::size_t>> order;  // (part, share-partition) of every one
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const ShareStateLog& p = parts[k];
    out.records += p.records;
    errors.addPart(p.errors, p.errors_omitted);
    anomalies.addPart(p.anomalies, p.anomalies_omitted);
    for (std::size_t i = 0; i < p.partitions.size(); ++i) order.emplace_back(k, i);
  }
  out.errors = std::move(errors.kept);
  out.errors_omitted = errors.omitted;
  out.anomalies = std::move(anomalies.kept);
  out.anomalies_omitted = anomalies.omitted;
  std::sort(order.begin(), order.end(), [&parts](const auto& a, const auto& b) {
    const SharePartitionState& x = parts[a.first].partitions[a.second];
    const SharePartitionState& y = parts[b.first].partitions[b.second];
    return before(x.group_id, x.topic_id, x.share_partition, x.partition, y.group_id, y.topic_id, y.share_partition,
                  y.partition);
  });
  for (const auto& [k, i] : order) {
    SharePartitionState p = parts[k].partitions[i];
    const auto batches = parts[k].batchesOf(p);
    p.batches_begin = static_cast<std::uint32_t>(out.batches.size());
    out.batches.insert(out.batches.end(), batches.begin(), batches.end());
    p.batches_end = static_cast<std::uint32_t>(out.batches.size());
    out.partitions.push_back(std::move(p));
  }
  return out;
}

void writeShareStatePart(const ShareStateLog& part, std::vector<std::uint8_t>& bytes) {
  bytes.clear();
  partial_bytes::Out out(bytes);
  out.head(partial_bytes::kShareStatePartMagic, part.records, part.errors_omitted, std::span(part.errors),
           part.anomalies_omitted, std::span(part.anomalies), &ShareStateAnomaly::group_id,
           [&out](const ShareStateAnomaly& a, std::size_t) {
             out.text(a.topic_id);
             out.i32(a.share_partition);
           });
  out.count(part.partitions.size());
  for (const SharePartitionState& p : part.partitions) {
    out.text(p.group_id);
    out.text(p.topic_id);
    out.i32(p.share_partition);
    out.i32(p.partition);
    out.i64(p.offset);
    out.i64(p.snapshot_offset);
    out.i32(p.snapshot_epoch);
    out.i32(p.state_epoch);
    out.i32(p.leader_epoch);
    out.i64(p.start_offset);
    out.i64(p.create_timestamp);
    out.i64(p.write_timestamp);
    out.i32(static_cast<std::int32_t>(p.updates));
    out.i32(static_cast<std::int32_t>(p.batches_end));
  }
  out.count(part.batches.size());
  for (const StateBatch& b : part.batches) {
    out.i64(b.first_offset);
    out.i64(b.last_offset);
    out.i8(b.delivery_state);
    out.i16(b.delivery_count);
  }
}

std::string readShareStatePart(ByteSpan bytes, ShareStateLog& out) {
  out = ShareStateLog{};
  partial_bytes::In in(bytes);
  constexpr std::int32_t kKinds = 0
#define SHS_X(name, description) +1
      SHARE_STATE_ANOMALY_KINDS(SHS_X);
#undef SHS_X
  if (const std::string why = in.head(
          partial_bytes::kShareStatePartMagic, out.records, out.errors_omitted, out.errors, out.anomalies_omitted,
          out.anomalies, &ShareStateAnomaly::group_id, [](std::int32_t kind) { return kind >= 0 && kind < kKinds; }, 8,
          [&in](ShareStateAnomaly& a) {
            a.topic_id = std::string(in.text());
            a.share_partition = in.i32();
          });
      !why.empty())
    return "not a part of a share-group state fold (" + why + ")";
  std::uint32_t batches_end = 0;
  for (std::size_t i = 0, n = in.count(68); i < n; ++i) {
    SharePartitionState p{};
    p.group_id = std::string(in.text());
    p.topic_id = std::string(in.text());
    p.share_partition = in.i32();
    p.partition = in.i32();
    p.offset = in.i64();
    p.snapshot_offset = in.i64();
    p.snapshot_epoch = in.i32();
    p.state_epoch = in.i32();
    p.leader_epoch = in.i32();
    p.start_offset = in.i64();
    p.create_timestamp = in.i64();
    p.write_timestamp = in.i64();
    p.updates = static_cast<std::uint32_t>(in.i32());
    p.batches_begin = batches_end;
    p.batches_end = batches_end = static_cast<std::uint32_t>(in.i32());
    if (p.batches_end < p.batches_begin) return "a part's state batches";
    out.partitions.push_back(std::move(p));
  }
  for (std::size_t i = 0, n = in.count(19); i < n; ++i) {
    StateBatch b{};
    b.first_offset = in.i64();
    b.last_offset = in.i64();
    b.delivery_state = static_cast<std::int8_t>(in.i8());
    b.delivery_count = in.i16();
    out.batches.push_back(b);
  }
  if (batches_end != out.batches.size()) return "a part's state batches";
  if (!in.ok() || !in.atEnd()) return "a part cut short or with bytes after it";
  return "";
}

}  // namespace coordination::sharestate
