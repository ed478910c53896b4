#include "transactions/fold.h"

#include <algorithm>
#include <cstring>
#include <tuple>
#include <utility>

#include "log/partial_bytes.h"
#include "wire/append.h"
#include "wire/words.h"

namespace coordination::transactions {

using detail::say;
using detail::Shown;

std::string_view anomalyKindName(TransactionAnomalyKind kind) {
  static constexpr std::string_view kNames[] = {
#define TXN_X(name, description) #name,
      TRANSACTION_LOG_ANOMALY_KINDS(TXN_X)
#undef TXN_X
  };
  return kNames[static_cast<std::size_t>(kind)];
}

void TransactionFolder::addError(FoldError e) { errors_.add(std::move(e)); }

void TransactionFolder::addAnomaly(TransactionAnomaly a) { anomalies_.add(std::move(a)); }

void TransactionFolder::addBatchError(std::int32_t partition, const BatchError& error) {
  addError(FoldError{partition, error.base_offset, -1, batchErrorCodeName(error.code), std::string(error.field),
                     error.message, error.position, true});
}

void TransactionFolder::addBatch(std::int32_t partition, const Batch& batch, std::uint32_t) {
  if (batch.header.control()) return;  // markers: the coordinator writes none into its own log
  for (const RecordView& r : batch.records) read(partition, r.offset, r.key, r.value, -1);
}

void TransactionFolder::add(std::int32_t partition, std::int64_t offset, std::int64_t, std::optional<ByteSpan> key,
                            std::optional<ByteSpan> value, std::int64_t line, Producer producer) {
  if (producer.control) return;
  read(partition, offset, key, value, line);
}

std::string_view TransactionFolder::idOf(std::uint32_t slot) const {
  const Slot& s = slots_[slot];
  return s.repaired ? repaired_.text(s.id_at) : keys_.text(slot).substr(s.id_at, s.id_size);
}

void TransactionFolder::read(std::int32_t partition, std::int64_t offset, std::optional<ByteSpan> key,
                             std::optional<ByteSpan> value, std::int64_t line) {
  ++records_;
  auto refused = [&](const tree::Error& e, std::string_view id) {
    addError(FoldError{partition, offset, line, e.code, e.field, e.message, 0, false, std::string(id)});
  };
  if (!key) {
    addError(FoldError{partition, offset, line, recordErrorCodeName(RecordErrorCode::NULL_KEY), "key",
                       "the record has a null key; every transaction-log record has one"});
    return;
  }
  // A key seen before is not decoded again.
  const auto tag = static_cast<std::uint32_t>(partition);
  const std::uint32_t hash = Interner::hash(tag, *key);
  std::uint32_t id = keys_.find(tag, *key, hash);
  schema::Slice transactional_id{};
  if (id == Interner::kNone) {
    if (const auto e = decodeTransactionKey(*key, key_)) return refused(*e, {});
    transactional_id = key_.root.transactional_id;
  }
  if (value) {
    const std::string_view known = id == Interner::kNone ? key_.text(transactional_id) : idOf(id);
    if (const auto e = decodeTransactionValue(*value, value_)) return refused(*e, known);
  }
  if (id == Interner::kNone) {
    id = keys_.add(tag, *key, hash);
    Slot s;
    s.id_size = static_cast<std::uint32_t>(transactional_id.length);
    if (transactional_id.at < key->size()) {
      s.id_at = transactional_id.at;
    } else {
      // A text repaired to U+FFFD lies in the decoder's pool, not in the key.
      bool added = false;
      s.repaired = true;
      s.id_at = repaired_.intern(0, key_.bytes(transactional_id), added);
    }
    slots_.push_back(std::move(s));
  }
  Slot& s = slots_[id];
  // Older than what the key holds (an unknown offset, -1, is taken in arrival order).
  if (offset >= 0 && s.offset != INT64_MIN && offset <= s.offset) return;
  s.offset = offset;
  if (!value) {
    s.live = false;
    return;
  }
  const TransactionLogValue& v = value_.root;
  if (s.had_value && v.producer_id == s.producer_id && v.producer_epoch < s.producer_epoch) {
    addAnomaly(TransactionAnomaly{
        TransactionAnomalyKind::transaction_epoch_backwards, std::string(idOf(id)), partition, offset,
        say({"transactional id \"", Shown{idOf(id)}, "\" at offset ", offset, " has producer id ", v.producer_id,
             " with epoch ", v.producer_epoch, ", below epoch ", s.producer_epoch,
             " of its record before; a producer id's epoch only grows"})});
  }
  // The (producer id, transactional id) pair is noted once: a second lookup per record was
  // a quarter of the native fold's time (perf, on tests/bench/transactions.mjs's log).
  const bool noted = s.had_value && s.producer_id == v.producer_id;
  s.live = true;
  s.had_value = true;
  s.producer_id = v.producer_id;
  s.producer_epoch = v.producer_epoch;
  s.status = v.transaction_status;
  s.client_transaction_version = v.client_transaction_version;
  s.timeout_ms = v.transaction_timeout_ms;
  s.last_update = v.transaction_last_update_timestamp_ms;
  s.start = v.transaction_start_timestamp_ms;
  s.value.assign(value->begin(), value->end());
  if (!noted) noteProducer(id, offset);
}

void TransactionFolder::noteProducer(std::uint32_t slot, std::int64_t offset) {
  const Slot& s = slots_[slot];
  std::uint8_t bytes[8];
  std::memcpy(bytes, &s.producer_id, 8);
  bool added = false;
  const std::uint32_t p = producers_.intern(0, bytes, added);
  if (added) newest_.push_back(kNoUse);
  for (std::uint32_t u = newest_[p]; u != kNoUse; u = uses_[u].next)
    if (uses_[u].use.entry == slot) return;
  uses_.push_back(Use{ProducerUse{s.producer_id, slot, offset, s.last_update}, newest_[p]});
  newest_[p] = static_cast<std::uint32_t>(uses_.size() - 1);
}

namespace {

struct Given {
  std::string_view topic;
  std::int32_t partition;
  std::uint32_t order;        // its place in the value
  std::uint32_t topic_order;  // the place of its topic's first partition
};

// A value's partitions appended to out.topics and out.partition_ids, each (topic, partition) once:
// a topic given twice is one, at the place of its first partition, its partitions in the order
// first given. Sorted (n log n whatever the value holds), not hashed: a crafted value cannot make
// it slow.
void listPartitions(const TransactionLogValueDecoded& value, std::vector<Given>& given, TransactionLogState& out) {
  given.clear();
  for (const auto& t : value.items(value.partitions_schema, value.root.transaction_partitions))
    for (const std::int32_t p : value.items(value.i32, t.partition_ids))
      given.push_back(Given{value.text(t.topic), p, static_cast<std::uint32_t>(given.size()), 0});
  std::sort(given.begin(), given.end(), [](const Given& a, const Given& b) {
    return std::tie(a.topic, a.partition, a.order) < std::tie(b.topic, b.partition, b.order);
  });
  given.erase(
      std::unique(given.begin(), given.end(),
                  [](const Given& a, const Given& b) { return a.topic == b.topic && a.partition == b.partition; }),
      given.end());
  // Each topic's first place: the least order of its run.
  for (std::size_t run = 0, end = 0; run < given.size(); run = end) {
    std::uint32_t first = given[run].order;
    for (end = run; end < given.size() && given[end].topic == given[run].topic; ++end)
      first = std::min(first, given[end].order);
    for (std::size_t i = run; i < end; ++i) given[i].topic_order = first;
  }
  std::sort(given.begin(), given.end(), [](const Given& a, const Given& b) {
    return std::tie(a.topic_order, a.order) < std::tie(b.topic_order, b.order);
  });
  for (std::size_t i = 0; i < given.size(); ++i) {
    if (i == 0 || given[i].topic != given[i - 1].topic) {
      const auto at = static_cast<std::uint32_t>(out.partition_ids.size());
      out.topics.push_back(TopicPartitions{std::string(given[i].topic), at, at});
    }
    out.partition_ids.push_back(given[i].partition);
    out.topics.back().ids_end = static_cast<std::uint32_t>(out.partition_ids.size());
  }
}

}  // namespace

TransactionLogState TransactionFolder::part() const {
  TransactionLogState out;
  out.records = records_;
  out.errors = errors_.kept;
  out.errors_omitted = errors_.omitted;
  out.anomalies = anomalies_.kept;
  out.anomalies_omitted = anomalies_.omitted;
  out.entries.reserve(slots_.size());
  TransactionLogValueDecoded value;
  std::vector<Given> given;
  for (std::uint32_t id = 0; id < slots_.size(); ++id) {
    const Slot& s = slots_[id];
    TransactionEntry e{std::string(idOf(id)),
                       static_cast<std::int32_t>(keys_.tag(id)),
                       s.offset,
                       !s.live,
                       s.producer_id,
                       s.producer_epoch,
                       s.status,
                       s.timeout_ms,
                       s.last_update,
                       s.start,
                       true};
    e.topics_begin = e.topics_end = static_cast<std::uint32_t>(out.topics.size());
    e.client_transaction_version = s.client_transaction_version;
    // The newest value again, for its partitions (it decoded when it was applied), as the
    // coordinator loads them (TransactionLog.readTxnRecordValue, 3.8.0): none for Empty, and for
    // the others a set of (topic, partition), listed here by topic in the order of its first partition.
    if (s.had_value && !schema::transactions::decodeTransactionLogValue(s.value, value)) {
      const TransactionLogValue& v = value.root;
      const bool empty = s.status == static_cast<std::int8_t>(TransactionStatus::Empty);
      e.partitions_null = empty || v.transaction_partitions.null();
      if (!empty) listPartitions(value, given, out);
      e.topics_end = static_cast<std::uint32_t>(out.topics.size());
    }
    out.entries.push_back(std::move(e));
  }
  for (const Use& u : uses_) out.uses.push_back(u.use);
  return out;
}

TransactionLogState mergeTransactionLogs(std::span<const TransactionLogState> parts, std::int64_t now) {
  TransactionLogState out;
  Capped<FoldError, kMaxFoldErrors> errors;
  Capped<TransactionAnomaly, kMaxAnomalies> anomalies;
  std::vector<std::pair<std::size_t, std::uint32_t>> order;  // (part, entry) of every entry
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const TransactionLogState& p = parts[k];
    out.records += p.records;
    errors.addPart(p.errors, p.errors_omitted);
    anomalies.addPart(p.anomalies, p.anomalies_omitted);
    for (std::uint32_t i = 0; i < p.entries.size(); ++i) order.emplace_back(k, i);
  }
  out.errors = std::move(errors.kept);
  out.errors_omitted = errors.omitted;
  auto entryOf = [&parts](const std::pair<std::size_t, std::uint32_t>& o) -> const TransactionEntry& {
    return parts[o.first].entries[o.second];
  };
  std::stable_sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
    const TransactionEntry& x = entryOf(a);
    const TransactionEntry& y = entryOf(b);
    const int c = compareBytes(x.transactional_id, y.transactional_id);
    return c != 0 ? c < 0 : x.partition < y.partition;
  });
  // Each part's entry index -> the merged one.
  std::vector<std::vector<std::uint32_t>> merged(parts.size());
  for (std::size_t k = 0; k < parts.size(); ++k) merged[k].resize(parts[k].entries.size());
  out.entries.reserve(order.size());
  for (const auto& o : order) {
    const TransactionLogState& p = parts[o.first];
    TransactionEntry e = p.entries[o.second];
    const auto begin = static_cast<std::uint32_t>(out.topics.size());
    for (const TopicPartitions& t : p.topicsOf(p.entries[o.second])) {
      const auto ids = static_cast<std::uint32_t>(out.partition_ids.size());
      for (const std::int32_t id : p.idsOf(t)) out.partition_ids.push_back(id);
      out.topics.push_back(TopicPartitions{t.topic, ids, static_cast<std::uint32_t>(out.partition_ids.size())});
    }
    e.topics_begin = begin;
    e.topics_end = static_cast<std::uint32_t>(out.topics.size());
    merged[o.first][o.second] = static_cast<std::uint32_t>(out.entries.size());
    out.entries.push_back(std::move(e));
  }

  for (const TransactionEntry& e : out.entries) {
    if (e.removed || e.status != static_cast<std::int8_t>(TransactionStatus::Ongoing) || !pastTimeout(e, now)) continue;
    anomalies.add(TransactionAnomaly{
        TransactionAnomalyKind::transaction_timed_out, e.transactional_id, e.partition, e.offset,
        say({"transactional id \"", Shown{e.transactional_id}, "\"'s transaction (producer id ", e.producer_id,
             ", epoch ", e.producer_epoch, ") is Ongoing since ", e.start, " with a timeout of ", e.timeout_ms,
             " ms: past it at ", now, "; the coordinator aborts it"})});
  }

  // Every part's producer uses, by producer id, in the order the log shows them: a producer id
  // named by two transactional ids moved from the one to the other.
  for (std::size_t k = 0; k < parts.size(); ++k)
    for (ProducerUse u : parts[k].uses) {
      u.entry = merged[k][u.entry];
      out.uses.push_back(u);
    }
  std::stable_sort(out.uses.begin(), out.uses.end(), [&out](const ProducerUse& a, const ProducerUse& b) {
    return std::tuple(a.producer_id, a.last_update, out.entries[a.entry].partition, a.offset) <
           std::tuple(b.producer_id, b.last_update, out.entries[b.entry].partition, b.offset);
  });
  for (std::size_t i = 1; i < out.uses.size(); ++i) {
    const ProducerUse& from = out.uses[i - 1];
    const ProducerUse& to = out.uses[i];
    if (from.producer_id != to.producer_id) continue;
    const TransactionEntry& a = out.entries[from.entry];
    const TransactionEntry& b = out.entries[to.entry];
    anomalies.add(TransactionAnomaly{
        TransactionAnomalyKind::producer_id_moved, b.transactional_id, b.partition, to.offset,
        say({"producer id ", to.producer_id, " moves from transactional id \"", Shown{a.transactional_id},
             "\" (partition ", a.partition, ", offset ", from.offset, ") to transactional id \"",
             Shown{b.transactional_id}, "\" (partition ", b.partition, ", offset ", to.offset,
             "); the coordinator gives each transactional id producer ids of its own"})});
  }
  out.anomalies = std::move(anomalies.kept);
  out.anomalies_omitted = anomalies.omitted;
  std::stable_sort(out.anomalies.begin(), out.anomalies.end(),
                   [](const TransactionAnomaly& a, const TransactionAnomaly& b) {
                     const int c = compareBytes(a.transactional_id, b.transactional_id);
                     if (c != 0) return c < 0;
                     return std::tie(a.partition, a.offset) < std::tie(b.partition, b.offset);
                   });
  return out;
}

void writeTransactionPart(const TransactionLogState& part, std::vector<std::uint8_t>& bytes) {
  bytes.clear();
  partial_bytes::Out out(bytes);
  out.head(partial_bytes::kTransactionPartMagic, part.records, part.errors_omitted, std::span(part.errors),
           part.anomalies_omitted, std::span(part.anomalies), &TransactionAnomaly::transactional_id,
           [](const TransactionAnomaly&, std::size_t) {});
  out.count(part.entries.size());
  for (const TransactionEntry& e : part.entries) {
    out.text(e.transactional_id);
    out.i32(e.partition);
    out.i64(e.offset);
    out.i8(e.removed ? 1 : 0);
    out.i64(e.producer_id);
    out.i16(e.producer_epoch);
    out.i8(e.status);
    out.i16(e.client_transaction_version);
    out.i32(e.timeout_ms);
    out.i64(e.last_update);
    out.i64(e.start);
    out.i8(e.partitions_null ? 1 : 0);
    out.i32(static_cast<std::int32_t>(e.topics_end));
  }
  out.count(part.topics.size());
  for (const TopicPartitions& t : part.topics) {
    out.text(t.topic);
    out.i32(static_cast<std::int32_t>(t.ids_end));
  }
  out.count(part.partition_ids.size());
  for (const std::int32_t id : part.partition_ids) out.i32(id);
  out.count(part.uses.size());
  for (const ProducerUse& u : part.uses) {
    out.i64(u.producer_id);
    out.i32(static_cast<std::int32_t>(u.entry));
    out.i64(u.offset);
    out.i64(u.last_update);
  }
}

std::string readTransactionPart(ByteSpan bytes, TransactionLogState& out) {
  out = TransactionLogState{};
  partial_bytes::In in(bytes);
  constexpr std::int32_t kKinds = 0
#define TXN_X(name, description) +1
      TRANSACTION_LOG_ANOMALY_KINDS(TXN_X);
#undef TXN_X
  if (const std::string why = in.head(
          partial_bytes::kTransactionPartMagic, out.records, out.errors_omitted, out.errors, out.anomalies_omitted,
          out.anomalies, &TransactionAnomaly::transactional_id,
          [](std::int32_t kind) { return kind >= 0 && kind < kKinds; }, 0, [](TransactionAnomaly&) {});
      !why.empty())
    return "not a part of a transaction-log fold (" + why + ")";
  std::uint32_t topics_end = 0;
  for (std::size_t i = 0, n = in.count(52); i < n; ++i) {
    TransactionEntry e{};
    e.transactional_id = std::string(in.text());
    e.partition = in.i32();
    e.offset = in.i64();
    e.removed = in.i8() != 0;
    e.producer_id = in.i64();
    e.producer_epoch = in.i16();
    e.status = static_cast<std::int8_t>(in.i8());
    e.client_transaction_version = in.i16();
    e.timeout_ms = in.i32();
    e.last_update = in.i64();
    e.start = in.i64();
    e.partitions_null = in.i8() != 0;
    e.topics_begin = topics_end;
    e.topics_end = topics_end = static_cast<std::uint32_t>(in.i32());
    if (e.topics_end < e.topics_begin) return "a part's topics";
    out.entries.push_back(std::move(e));
  }
  std::uint32_t ids_end = 0;
  for (std::size_t i = 0, n = in.count(8); i < n; ++i) {
    TopicPartitions t{std::string(in.text()), ids_end, 0};
    t.ids_end = ids_end = static_cast<std::uint32_t>(in.i32());
    if (t.ids_end < t.ids_begin) return "a part's partition ids";
    out.topics.push_back(std::move(t));
  }
  if (topics_end != out.topics.size()) return "a part's topics";
  for (std::size_t i = 0, n = in.count(4); i < n; ++i) out.partition_ids.push_back(in.i32());
  if (ids_end != out.partition_ids.size()) return "a part's partition ids";
  for (std::size_t i = 0, n = in.count(28); i < n; ++i) {
    ProducerUse u{};
    u.producer_id = in.i64();
    u.entry = static_cast<std::uint32_t>(in.i32());
    u.offset = in.i64();
    u.last_update = in.i64();
    if (u.entry >= out.entries.size()) return "a part's producer use";
    out.uses.push_back(u);
  }
  if (!in.ok() || !in.atEnd()) return "a part cut short or with bytes after it";
  return "";
}

}  // namespace coordination::transactions
