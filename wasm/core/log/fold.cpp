#include "log/fold.h"

#include <algorithm>
#include <cstring>
#include <tuple>
#include <utility>

#include "wire/append.h"
#include "wire/reader.h"
#include "wire/words.h"

namespace coordination {
namespace {

using detail::appendInt;

}  // namespace

std::string_view recordErrorCodeName(RecordErrorCode code) {
  static constexpr std::string_view kNames[] = {
#define LOG_X(name, description) #name,
      LOG_RECORD_ERROR_CODES(LOG_X)
#undef LOG_X
  };
  return kNames[static_cast<std::size_t>(code)];
}

std::string_view recordErrorCodeDescription(RecordErrorCode code) {
  static constexpr std::string_view kDescriptions[] = {
#define LOG_X(name, description) description,
      LOG_RECORD_ERROR_CODES(LOG_X)
#undef LOG_X
  };
  return kDescriptions[static_cast<std::size_t>(code)];
}

void StateFolder::addBatchError(std::int32_t partition, const BatchError& error) {
  addError(FoldError{partition, error.base_offset, -1, batchErrorCodeName(error.code), std::string(error.field),
                     error.message, error.position, true});
}

void StateFolder::addBatch(std::int32_t partition, const Batch& batch, std::uint32_t input) {
  const BatchHeader& h = batch.header;
  if (h.control()) {
    // A marker: Kafka reads a control batch's first record only (CompletedFetch.containsAbortMarker).
    if (!batch.records.empty()) addMarker(partition, h.producer_id, batch.records[0].offset, batch.records[0].key, -1);
    return;
  }
  if (record_index_) {
    const std::uint32_t txn = h.transactional() && !batch.records.empty()
                                  ? txns_.openFor(partition, h.producer_id, batch.records[0].offset)
                                  : kNoTransaction;
    record_index_->addSource(
        RecordSource{batch.position, h.base_offset, input,
                     static_cast<std::uint32_t>(kBatchFrameBytes) + static_cast<std::uint32_t>(h.batch_length), txn});
  }
  const Producer producer{h.producer_id, h.transactional(), false};
  for (const RecordView& r : batch.records) read(partition, r.offset, r.timestamp, r.key, r.value, -1, producer);
}

std::uint32_t StateFolder::roleId(std::string_view role) {
  bool added = false;
  const std::uint32_t id = roles_.intern(0, {reinterpret_cast<const std::uint8_t*>(role.data()), role.size()}, added);
  if (added) role_info_.emplace_back();
  return id;
}

void StateFolder::notePartition(std::uint32_t id, std::int32_t partition, std::int64_t offset) {
  RoleInfo& info = role_info_[id];
  if (info.partition == kNoPartition) {
    info.partition = partition;
    info.first_applied = applied_;
    info.first_offset = offset;
  }
  if (info.partition == partition) return;
  if (info.more) {
    const std::vector<std::int32_t>& more = more_partitions_[info.more - 1];
    if (std::find(more.begin(), more.end(), partition) != more.end()) return;
  } else {
    more_partitions_.emplace_back();
    info.more = static_cast<std::uint32_t>(more_partitions_.size());
  }
  addAnomaly(roleInTwoPartitions(roles_.text(id), info.partition, partition, offset));
  more_partitions_[info.more - 1].push_back(partition);
}

std::optional<StateFolder::Decoded> StateFolder::decode(std::int32_t partition, std::optional<ByteSpan> key,
                                                        std::optional<ByteSpan> value, FoldError& error) const {
  // A key or value the codec refuses: its code, field and message.
  auto refused = [&error](const Error& e) {
    error.code = errorCodeName(e.code);
    error.field = std::string(fieldPath(e.field));
    error.message = e.message();
    return std::nullopt;
  };
  // A value refused under a decoded key: the error names the key's role too.
  auto refusedValue = [&error, &refused](const Error& e, std::string_view role) {
    error.role = std::string(role);
    return refused(e);
  };
  if (!key) {
    error.code = recordErrorCodeName(RecordErrorCode::NULL_KEY);
    error.field = "key";
    error.message = "the record has a null key; every coordination record has one";
    return std::nullopt;
  }
  // A key seen before decoded then: its kind, role and member come from its slot (most records
  // rewrite a key already seen, and its decode was a third of the records' decoding).
  const auto tag = static_cast<std::uint32_t>(partition);
  Decoded d{};
  d.hash = Interner::hash(tag, *key);
  d.id = keys_.find(tag, *key, d.hash);
  if (d.id != Interner::kNone) {
    d.key = KeyView{slots_[d.id].kind, roles_.text(slots_[d.id].role), keyMember(d.id)};
  } else {
    const Result<KeyView> k = decodeKeyView(*key);
    if (!k.ok()) return refused(k.error());
    d.key = k.value();
  }
  if (isTombstone(value)) return d;
  if (d.key.kind == RecordKind::registration) {
    const Result<RegistrationView> v = decodeRegistrationView(*value);
    if (!v.ok()) return refusedValue(v.error(), d.key.role);
    d.registration = v.value();
  } else {
    const Result<LeaseView> v = decodeLeaseView(*value);
    if (!v.ok()) return refusedValue(v.error(), d.key.role);
    d.lease = v.value();
  }
  return d;
}

std::uint32_t StateFolder::slotOf(std::int32_t partition, ByteSpan key, const Decoded& d) {
  if (d.id != Interner::kNone) return d.id;
  const std::uint32_t id = keys_.add(static_cast<std::uint32_t>(partition), key, d.hash);
  KeySlot s;
  s.kind = d.key.kind;
  s.role = roleId(d.key.role);
  s.member_at = static_cast<std::uint16_t>(reinterpret_cast<const std::uint8_t*>(d.key.member.data()) - key.data());
  s.member_size = static_cast<std::uint16_t>(d.key.member.size());
  slots_.push_back(s);
  if (keep_history_) histories_.emplace_back();
  return id;
}

void StateFolder::add(std::int32_t partition, std::int64_t offset, std::int64_t timestamp, std::optional<ByteSpan> key,
                      std::optional<ByteSpan> value, std::int64_t line, Producer producer) {
  const std::uint64_t number = pushed_++;
  if (producer.control) {
    addMarker(partition, producer.id, offset, key, line);
    return;
  }
  if (record_index_) {
    const std::uint32_t txn = producer.transactional ? txns_.openFor(partition, producer.id, offset) : kNoTransaction;
    record_index_->addSource(RecordSource{number, offset, kPushedInput, 0, txn});
  }
  read(partition, offset, timestamp, key, value, line, producer);
}

void StateFolder::read(std::int32_t partition, std::int64_t offset, std::int64_t timestamp, std::optional<ByteSpan> key,
                       std::optional<ByteSpan> value, std::int64_t line, Producer producer) {
  ++records_;
  if (producer.transactional) {
    addPending(partition, producer.id, offset, timestamp, key, value, line);
  } else {
    apply(partition, offset, timestamp, key, value, line, kNoTransaction);
  }
}

void StateFolder::trackKept(std::uint32_t id, std::int64_t offset, std::int64_t timestamp, const Decoded& d,
                            std::uint32_t transaction) {
  if (keep_history_) {
    // The member as a view of the key's (a registration's own) or of the folder's names.
    const auto held = [&](std::string_view member) { return nameText(id, nameOf(d.key.member, member)); };
    HistoryValue v = Tombstone{};
    if (d.registration) v = RegistrationView{held(d.registration->member), d.registration->registered_at};
    if (d.lease)
      v = LeaseView{held(d.lease->member), d.lease->producer_id, d.lease->producer_epoch, d.lease->granted_at,
                    d.lease->deadline};
    histories_[id].push_back(HistoryEntry{offset, timestamp, v, std::nullopt, transaction});
  }
  if (record_index_) record_index_->add(id, offset);
}

void StateFolder::apply(std::int32_t partition, std::int64_t offset, std::int64_t timestamp,
                        std::optional<ByteSpan> key, std::optional<ByteSpan> value, std::int64_t line,
                        std::uint32_t transaction) {
  ++applied_;
  FoldError error{partition, offset, line, {}, {}, {}};
  const std::optional<Decoded> d = decode(partition, key, value, error);
  if (!d) {
    addError(std::move(error));
    return;
  }
  const KeyView& kv = d->key;
  if (d->lease) {
    const LeaseView& l = *d->lease;
    // The producer id's 8 bytes as the interned key (one hash index for keys, names and these).
    std::uint8_t id_bytes[8];
    std::memcpy(id_bytes, &l.producer_id, 8);
    bool added = false;
    const std::uint32_t producer = producers_.intern(0, id_bytes, added);
    if (added) {
      epochs_.push_back(ProducerEpochs{l.producer_epoch, l.producer_epoch, 0, true, false});
    } else {
      ProducerEpochs& p = epochs_[producer];
      if (!p.seen) {  // seeded
        p.seen = true;
        p.first = l.producer_epoch;
      }
      std::int16_t& max = p.max;
      if (l.producer_epoch < max) {
        std::string m = "the lease of " + roleText(kv.role) + " at offset ";
        appendInt(m, offset);
        m += " has producer id ";
        appendInt(m, l.producer_id);
        m += " with epoch ";
        appendInt(m, l.producer_epoch);
        m += ", below epoch ";
        appendInt(m, max);
        m += " of an earlier lease; the epochs of a producer id only grow";
        addAnomaly(
            Anomaly{AnomalyKind::producer_epoch_backwards, std::string(kv.role), partition, offset, std::move(m)});
      } else {
        max = l.producer_epoch;
      }
    }
  }

  const std::uint32_t id = slotOf(partition, *key, *d);
  // The key's first record applied (a slot made for an open transaction's record has none yet).
  if (slots_[id].offset == INT64_MIN) notePartition(slots_[id].role, partition, offset);
  // A committed transaction's records were kept in history and index when they were read.
  if (transaction == kNoTransaction) track(id, offset, timestamp, *d, kNoTransaction);
  KeySlot& s = slots_[id];
  // Older than what the key holds (an unknown offset, -1, is taken in arrival order).
  if (offset >= 0 && s.offset != INT64_MIN && offset <= s.offset) return;
  s.offset = offset;
  s.live = d->registration || d->lease;
  if (d->registration) {
    s.holder = nameOf(kv.member, d->registration->member);
    s.at = d->registration->registered_at;
  } else if (d->lease) {
    const LeaseView& l = *d->lease;
    s.holder = nameOf(kv.member, l.member);
    s.producer_id = l.producer_id;
    s.producer_epoch = l.producer_epoch;
    s.at = l.granted_at;
    s.deadline = l.deadline;
  }
}

std::string_view StateFolder::keyMember(std::uint32_t id) const {
  const KeySlot& s = slots_[id];
  return keys_.text(id).substr(s.member_at, s.member_size);
}

std::uint32_t StateFolder::nameOf(std::string_view key_member, std::string_view member) {
  if (sameText(member, key_member)) return kKeyMember;
  bool added = false;
  return names_.intern(0, {reinterpret_cast<const std::uint8_t*>(member.data()), member.size()}, added);
}

std::string_view StateFolder::nameText(std::uint32_t id, std::uint32_t name) const {
  return name == kKeyMember ? keyMember(id) : names_.text(name);
}

std::string_view StateFolder::holderOf(std::uint32_t id) const { return nameText(id, slots_[id].holder); }

}  // namespace coordination
