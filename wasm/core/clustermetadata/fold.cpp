#include "clustermetadata/fold.h"

#include <algorithm>
#include <iterator>

#include "schema/decoding_base.h"
#include "wire/append.h"

namespace coordination::clustermetadata {

using detail::say;
using detail::Shown;

std::string_view anomalyKindName(ClusterMetadataAnomalyKind kind) {
  static constexpr std::string_view kNames[] = {
#define CMD_X(name, description) #name,
      CLUSTER_METADATA_ANOMALY_KINDS(CMD_X)
#undef CMD_X
  };
  return kNames[static_cast<std::size_t>(kind)];
}

namespace {

// PartitionChangeRecord's "leader didn't change" (PartitionRegistration.NO_LEADER_CHANGE) and
// "leader recovery state didn't change" (LeaderRecoveryState.NO_CHANGE).
constexpr std::int32_t kNoLeaderChange = -2;
constexpr std::int8_t kNoRecoveryChange = -1;

std::string idKey(const schema::Uuid& u) { return std::string(reinterpret_cast<const char*>(u.bytes), 16); }

// LeaderRecoveryState.optionalOf: RECOVERED 0, RECOVERING 1.
bool validRecoveryState(std::int8_t v) { return v == 0 || v == 1; }

template <typename Decoded>
std::vector<std::int32_t> ints(const Decoded& d, schema::Run r) {
  const auto s = d.items(d.i32, r);
  return {s.begin(), s.end()};
}

template <typename Decoded>
std::vector<schema::Uuid> uuids(const Decoded& d, schema::Run r) {
  const auto s = d.items(d.uuids, r);
  return {s.begin(), s.end()};
}

// PartitionRegistration.defaultToMigrating: directories none of which is set (DirectoryId.MIGRATING,
// the zero uuid; none written among them) become MIGRATING for each replica.
std::vector<schema::Uuid> defaultToMigrating(std::vector<schema::Uuid> directories, std::size_t replicas) {
  const bool migrating = std::all_of(directories.begin(), directories.end(), [](const schema::Uuid& u) {
    return std::all_of(std::begin(u.bytes), std::end(u.bytes), [](std::uint8_t b) { return b == 0; });
  });
  if (migrating) directories.assign(replicas, schema::Uuid{});
  return directories;
}

}  // namespace

void ClusterMetadataFolder::addError(FoldError e) { errors_.add(std::move(e)); }

void ClusterMetadataFolder::addAnomaly(ClusterMetadataAnomalyKind kind, std::int32_t partition, std::int64_t offset,
                                       std::string message) {
  anomalies_.add(ClusterMetadataAnomaly{kind, partition, offset, std::move(message)});
}

void ClusterMetadataFolder::addBatchError(std::int32_t partition, const BatchError& error) {
  addError(FoldError{partition, error.base_offset, -1, batchErrorCodeName(error.code), std::string(error.field),
                     error.message, error.position, true});
}

void ClusterMetadataFolder::addBatch(std::int32_t partition, const Batch& batch, std::uint32_t) {
  if (batch.header.control()) return;  // KRaft's control records: no metadata record among them
  for (const RecordView& r : batch.records) read(partition, r.offset, r.value, -1);
}

void ClusterMetadataFolder::add(std::int32_t partition, std::int64_t offset, std::int64_t, std::optional<ByteSpan>,
                                std::optional<ByteSpan> value, std::int64_t line, Producer producer) {
  if (producer.control) return;
  read(partition, offset, value, line);
}

void ClusterMetadataFolder::read(std::int32_t partition, std::int64_t offset, std::optional<ByteSpan> value,
                                 std::int64_t line) {
  ++records_;
  if (offset >= 0) last_offset_ = offset;
  if (!value) {
    addError(FoldError{partition, offset, line, recordErrorCodeName(RecordErrorCode::NULL_VALUE), "value",
                       std::string(recordErrorCodeDescription(RecordErrorCode::NULL_VALUE))});
    return;
  }
  if (const auto e = reader_.decode(*value)) {
    // The record's type when the frame named one (FoldError::role: the errors' recordType).
    const auto type = reader_.type();
    addError(FoldError{partition, offset, line, e->code, e->field, e->message, 0, false,
                       type ? std::string(typeName(*type)) : std::string()});
    return;
  }
  replay(partition, offset);
}

// MetadataBatchLoader.replay (image/loader/MetadataBatchLoader.java:216-262): the transaction
// records move the loader's state; every other record goes to MetadataDelta.replay (185-262 there).
void ClusterMetadataFolder::transaction(RecordType type, std::int32_t partition, std::int64_t offset) {
  const bool open = before_.has_value();
  if (type == RecordType::begin_transaction_record) {
    if (open) {
      addAnomaly(ClusterMetadataAnomalyKind::transaction_already_open, partition, offset,
                 say({"a BeginTransactionRecord at offset ", offset, " inside the transaction begun at offset ",
                      transaction_offset_,
                      " (Kafka: \"Encountered BeginTransactionRecord while already in a "
                      "transaction\")"}));
      return;
    }
    before_ = image_;
    transaction_offset_ = offset;
    transaction_records_ = 0;
    return;
  }
  const bool end = type == RecordType::end_transaction_record;
  if (!open) {
    addAnomaly(ClusterMetadataAnomalyKind::transaction_not_open, partition, offset,
               say({"an ", end ? "EndTransactionRecord" : "AbortTransactionRecord", " at offset ", offset,
                    " with no open transaction (Kafka: \"Encountered ", end ? "End" : "Abort",
                    "TransactionRecord without having seen a BeginTransactionRecord\")"}));
    return;
  }
  // An abort drops the transaction's records: the loader publishes an empty delta over the image
  // before the transaction (MetadataBatchLoader.java:198-202).
  if (!end) image_ = std::move(*before_);
  before_.reset();
  transaction_offset_ = -1;
}

void ClusterMetadataFolder::replay(std::int32_t partition, std::int64_t offset) {
  const RecordType type = *reader_.type();
  if (type == RecordType::begin_transaction_record || type == RecordType::end_transaction_record ||
      type == RecordType::abort_transaction_record)
    return transaction(type, partition, offset);
  if (before_) ++transaction_records_;
  Image& im = image_;
  switch (type) {
    case RecordType::register_broker_record: {
      // ClusterDelta.replay(RegisterBrokerRecord) (ClusterDelta.java:85-88): BrokerRegistration.fromRecord.
      const auto& d = reader_.register_broker_record();
      const auto& v = d.root;
      Broker b;
      b.id = v.broker_id;
      b.epoch = v.broker_epoch;
      b.incarnation_id = schema::uuidText(v.incarnation_id);
      for (const auto& e : d.items(d.broker_endpoint, v.end_points))
        b.listeners.push_back(
            Endpoint{std::string(d.text(e.name)), std::string(d.text(e.host)), e.port, e.security_protocol});
      if (!v.rack.null()) b.rack = std::string(d.text(v.rack));
      b.fenced = v.fenced;
      b.in_controlled_shutdown = v.in_controlled_shutdown;
      b.offset = offset;
      im.brokers[b.id] = std::move(b);
      return;
    }
    case RecordType::unregister_broker_record:
      // ClusterDelta.java:90-92: removed, whatever its epoch.
      im.brokers.erase(reader_.unregister_broker_record().root.broker_id);
      return;
    case RecordType::register_controller_record:
      im.controllers.insert(reader_.register_controller_record().root.controller_id);  // ClusterDelta.java:94-97
      return;
    case RecordType::fence_broker_record:
    case RecordType::unfence_broker_record: {
      // ClusterDelta.java:113-129.
      const bool fence = type == RecordType::fence_broker_record;
      const std::int32_t id = fence ? reader_.fence_broker_record().root.id : reader_.unfence_broker_record().root.id;
      const std::int64_t epoch =
          fence ? reader_.fence_broker_record().root.epoch : reader_.unfence_broker_record().root.epoch;
      if (Broker* b = registered(id, epoch, fence ? "fence" : "unfence", partition, offset)) {
        if (b->fenced != fence) b->offset = offset;
        b->fenced = fence;
      }
      return;
    }
    case RecordType::broker_registration_change_record:
      return brokerChange(partition, offset);
    case RecordType::topic_record: {
      // TopicsDelta.replay(TopicRecord) (TopicsDelta.java:72-77): a topic with no partitions, in
      // place of any of that id.
      const auto& d = reader_.topic_record();
      Topic t;
      t.name = std::string(d.text(d.root.name));
      t.id = schema::uuidText(d.root.topic_id);
      t.offset = offset;
      im.topics[idKey(d.root.topic_id)] = std::move(t);
      return;
    }
    case RecordType::partition_record:
      return partitionRecord(partition, offset);
    case RecordType::partition_change_record:
      return partitionChange(partition, offset);
    case RecordType::remove_topic_record: {
      // TopicsDelta.replay(RemoveTopicRecord) (TopicsDelta.java:138-156), then the topic's configs
      // (MetadataDelta.java:301-304, ConfigurationsDelta.java:70-79).
      const auto& id = reader_.remove_topic_record().root.topic_id;
      const auto it = im.topics.find(idKey(id));
      if (it == im.topics.end()) {
        addAnomaly(ClusterMetadataAnomalyKind::remove_unknown_topic, partition, offset,
                   say({"a RemoveTopicRecord at offset ", offset, " for topic id ", schema::uuidText(id),
                        ", which names no topic (Kafka: \"Unable to delete topic\")"}));
        return;
      }
      im.configs.erase({2, it->second.name});  // ConfigResource.Type.TOPIC
      im.topics.erase(it);
      return;
    }
    case RecordType::clear_elr_record: {
      // TopicsDelta.replay(ClearElrRecord) (TopicsDelta.java:110-136): the named topic, or every
      // topic when the name is empty; TopicDelta.maybeClearElr (TopicDelta.java:129-139) merges an
      // empty ELR and last known ELR into each partition that has either: its partition epoch + 1.
      const std::string_view name = reader_.clear_elr_record().text(reader_.clear_elr_record().root.topic_name);
      auto clear = [&](Topic& t) {
        for (auto& [id, p] : t.partitions)
          if (!p.elr.empty() || !p.last_known_elr.empty()) {
            p.elr.clear();
            p.last_known_elr.clear();
            ++p.partition_epoch;
            p.offset = offset;
          }
      };
      if (name.empty()) {
        for (auto& [key, t] : im.topics) clear(t);
        return;
      }
      Topic* found = nullptr;
      for (auto& [key, t] : im.topics)
        if (t.name == name && (!found || t.offset > found->offset)) found = &t;  // the latest of the name
      if (!found) {
        addAnomaly(ClusterMetadataAnomalyKind::clear_elr_unknown_topic, partition, offset,
                   say({"a ClearElrRecord at offset ", offset, " for topic \"", Shown{name},
                        "\", which names no topic (Kafka: \"Unable to clear elr\")"}));
        return;
      }
      clear(*found);
      return;
    }
    case RecordType::config_record: {
      // ConfigurationsDelta.replay(ConfigRecord) (ConfigurationsDelta.java:60-68) and
      // ConfigurationDelta.replay (ConfigurationDelta.java:47-49): a null value deletes the key.
      const auto& d = reader_.config_record();
      const auto& v = d.root;
      const std::pair<std::int8_t, std::string> resource{v.resource_type, std::string(d.text(v.resource_name))};
      auto& entries = im.configs[resource];
      if (v.value.null()) {
        entries.erase(std::string(d.text(v.name)));
        if (entries.empty()) im.configs.erase(resource);
      } else {
        entries[std::string(d.text(v.name))] = ConfigEntry{std::string(d.text(v.value)), offset};
      }
      return;
    }
    case RecordType::feature_level_record: {
      // FeaturesDelta.replay (FeaturesDelta.java:60-80): kraft.version skipped; another feature at
      // level 0 removed.
      const auto& d = reader_.feature_level_record();
      const std::string name(d.text(d.root.name));
      if (name == "kraft.version") return;
      if (d.root.feature_level == 0 && name != "metadata.version") {
        im.features.erase(name);
      } else {
        im.features[name] = d.root.feature_level;
      }
      return;
    }
    case RecordType::producer_ids_record: {
      const auto& v = reader_.producer_ids_record().root;  // ProducerIdsDelta.java:47-49
      im.next_producer_id = v.next_producer_id;
      im.producer_ids_broker = v.broker_id;
      im.producer_ids_offset = offset;
      return;
    }
    case RecordType::access_control_entry_record:
      im.acls.insert(idKey(reader_.access_control_entry_record().root.id));  // AclsDelta.java:68-71
      return;
    case RecordType::remove_access_control_entry_record: {
      const auto& id = reader_.remove_access_control_entry_record().root.id;  // AclsDelta.java:81-90
      if (im.acls.erase(idKey(id)) == 0)
        addAnomaly(ClusterMetadataAnomalyKind::remove_unknown_acl, partition, offset,
                   say({"a RemoveAccessControlEntryRecord at offset ", offset, " for ACL id ", schema::uuidText(id),
                        ", which names no ACL (Kafka: \"Failed to find existing ACL\")"}));
      return;
    }
    case RecordType::user_scram_credential_record: {
      const auto& d = reader_.user_scram_credential_record();  // ScramDelta.java:64-69
      im.scram.insert({d.root.mechanism, std::string(d.text(d.root.name))});
      return;
    }
    case RecordType::remove_user_scram_credential_record: {
      const auto& d = reader_.remove_user_scram_credential_record();  // ScramDelta.java:71-76
      im.scram.erase({d.root.mechanism, std::string(d.text(d.root.name))});
      return;
    }
    case RecordType::delegation_token_record: {
      const auto& d = reader_.delegation_token_record();  // DelegationTokenDelta.java:62-64
      im.delegation_tokens.insert(std::string(d.text(d.root.token_id)));
      return;
    }
    case RecordType::remove_delegation_token_record: {
      const auto& d = reader_.remove_delegation_token_record();  // DelegationTokenDelta.java:66-68
      im.delegation_tokens.erase(std::string(d.text(d.root.token_id)));
      return;
    }
    case RecordType::client_quota_record: {
      // ClientQuotasDelta.java:55-61, ClientQuotaDelta.java:50-56: the entity (its type -> name
      // map, ClientQuotaImage.dataToEntity) and its key set or removed.
      const auto& d = reader_.client_quota_record();
      std::map<std::string, std::string> parts;
      for (const auto& e : d.items(d.entity_data, d.root.entity))
        parts[std::string(d.text(e.entity_type))] =
            e.entity_name.null() ? "<default>" : std::string(d.text(e.entity_name));
      std::string entity;
      for (const auto& [k, n] : parts) entity += (entity.empty() ? "" : ",") + k + "=" + n;
      const std::string key(d.text(d.root.key));
      if (d.root.remove) {
        const auto it = im.client_quotas.find(entity);
        if (it != im.client_quotas.end() && it->second.erase(key) && it->second.empty()) im.client_quotas.erase(it);
      } else {
        im.client_quotas[entity].insert(key);
      }
      return;
    }
    case RecordType::no_op_record:
    case RecordType::zk_migration_state_record:  // MetadataDelta.java:247-256: nothing to replay
    case RecordType::begin_transaction_record:
    case RecordType::end_transaction_record:
    case RecordType::abort_transaction_record:
      return;
  }
}

// ClusterDelta.getBrokerOrThrow (ClusterDelta.java:99-111).
Broker* ClusterMetadataFolder::registered(std::int32_t id, std::int64_t epoch, const char* action,
                                          std::int32_t partition, std::int64_t offset) {
  const auto it = image_.brokers.find(id);
  if (it == image_.brokers.end()) {
    addAnomaly(ClusterMetadataAnomalyKind::broker_not_registered, partition, offset,
               say({"a record at offset ", offset, " tried to ", action, " broker ", id,
                    ", but that broker was not registered"}));
    return nullptr;
  }
  if (it->second.epoch != epoch) {
    addAnomaly(ClusterMetadataAnomalyKind::broker_epoch_mismatch, partition, offset,
               say({"a record at offset ", offset, " tried to ", action, " broker ", id, ", but the given epoch, ",
                    epoch, ", did not match the current broker epoch, ", it->second.epoch}));
    return nullptr;
  }
  return &it->second;
}

// ClusterDelta.replay(BrokerRegistrationChangeRecord) (ClusterDelta.java:131-151) with
// BrokerRegistrationFencingChange (-1 unfence, 0 none, 1 fence) and
// BrokerRegistrationInControlledShutdownChange (0 none, 1 in controlled shutdown).
void ClusterMetadataFolder::brokerChange(std::int32_t partition, std::int64_t offset) {
  const auto& v = reader_.broker_registration_change_record().root;
  Broker* b = registered(v.broker_id, v.broker_epoch, "change", partition, offset);
  if (!b) return;
  if (v.fenced < -1 || v.fenced > 1 || v.in_controlled_shutdown < 0 || v.in_controlled_shutdown > 1) {
    addAnomaly(ClusterMetadataAnomalyKind::broker_change_invalid_value, partition, offset,
               say({"a BrokerRegistrationChangeRecord at offset ", offset, " for broker ", v.broker_id, " with fenced ",
                    v.fenced, " and in controlled shutdown ", v.in_controlled_shutdown, " (Kafka: \"unknown value for ",
                    v.fenced < -1 || v.fenced > 1 ? "fenced" : "inControlledShutdown", " field\")"}));
    return;
  }
  const bool fenced = v.fenced == 0 ? b->fenced : v.fenced == 1;
  const bool shutdown = v.in_controlled_shutdown == 1 ? true : b->in_controlled_shutdown;
  if (fenced != b->fenced || shutdown != b->in_controlled_shutdown) b->offset = offset;
  b->fenced = fenced;
  b->in_controlled_shutdown = shutdown;
}

// TopicsDelta.replay(PartitionRecord) (TopicsDelta.java:88-91; getOrCreateTopicDelta, 79-86, takes
// a topic the image does not have as null, and TopicDelta.replay, TopicDelta.java:81-91, then
// reads its partitions: a NullPointerException), new PartitionRegistration(record)
// (PartitionRegistration.java:204-216: checkDirectories 171-176, LeaderRecoveryState.of).
void ClusterMetadataFolder::partitionRecord(std::int32_t partition, std::int64_t offset) {
  const auto& d = reader_.partition_record();
  const auto& v = d.root;
  const auto topic = image_.topics.find(idKey(v.topic_id));
  if (topic == image_.topics.end()) {
    addAnomaly(ClusterMetadataAnomalyKind::partition_unknown_topic, partition, offset,
               say({"a PartitionRecord at offset ", offset, " for partition ", v.partition_id, " of topic id ",
                    schema::uuidText(v.topic_id), ", which names no topic"}));
    return;
  }
  Partition p;
  p.id = v.partition_id;
  p.replicas = ints(d, v.replicas);
  auto directories = uuids(d, v.directories);
  if (!directories.empty() && directories.size() != p.replicas.size()) {
    addAnomaly(ClusterMetadataAnomalyKind::replica_directories_mismatch, partition, offset,
               say({"a PartitionRecord at offset ", offset, " for ", Shown{topic->second.name}, "-", v.partition_id,
                    " has ", directories.size(), " directories for ", p.replicas.size(), " replicas"}));
    return;
  }
  if (!validRecoveryState(v.leader_recovery_state)) {
    addAnomaly(ClusterMetadataAnomalyKind::leader_recovery_state_invalid, partition, offset,
               say({"a PartitionRecord at offset ", offset, " for ", Shown{topic->second.name}, "-", v.partition_id,
                    " has leader recovery state ", v.leader_recovery_state, " (Kafka: \"Value ",
                    v.leader_recovery_state, " is not a valid leader recovery state\")"}));
    return;
  }
  p.directories = defaultToMigrating(std::move(directories), p.replicas.size());
  p.isr = ints(d, v.isr);
  p.removing_replicas = ints(d, v.removing_replicas);
  p.adding_replicas = ints(d, v.adding_replicas);
  p.elr = ints(d, v.eligible_leader_replicas);
  p.last_known_elr = ints(d, v.last_known_elr);
  p.leader = v.leader;
  p.leader_recovery_state = v.leader_recovery_state;
  p.leader_epoch = v.leader_epoch;
  p.partition_epoch = v.partition_epoch;
  p.offset = offset;
  topic->second.partitions[p.id] = std::move(p);
}

// TopicsDelta.replay(PartitionChangeRecord) (TopicsDelta.java:93-96), TopicDelta.replay
// (TopicDelta.java:93-105: "Unable to find partition"), PartitionRegistration.merge
// (PartitionRegistration.java:240-279; checkDirectories 178-183, the constructor's check 221-224).
void ClusterMetadataFolder::partitionChange(std::int32_t partition, std::int64_t offset) {
  const auto& d = reader_.partition_change_record();
  const auto& v = d.root;
  const auto topic = image_.topics.find(idKey(v.topic_id));
  if (topic == image_.topics.end()) {
    addAnomaly(ClusterMetadataAnomalyKind::partition_unknown_topic, partition, offset,
               say({"a PartitionChangeRecord at offset ", offset, " for partition ", v.partition_id, " of topic id ",
                    schema::uuidText(v.topic_id), ", which names no topic"}));
    return;
  }
  const std::string& name = topic->second.name;
  const auto found = topic->second.partitions.find(v.partition_id);
  if (found == topic->second.partitions.end()) {
    addAnomaly(ClusterMetadataAnomalyKind::partition_change_unknown_partition, partition, offset,
               say({"a PartitionChangeRecord at offset ", offset, " for partition ", v.partition_id, " of topic \"",
                    Shown{name}, "\", which has no such partition (Kafka: \"Unable to find partition\")"}));
    return;
  }
  Partition& old = found->second;
  auto mismatch = [&](std::size_t dirs, std::size_t replicas) {
    addAnomaly(ClusterMetadataAnomalyKind::replica_directories_mismatch, partition, offset,
               say({"a PartitionChangeRecord at offset ", offset, " for ", Shown{name}, "-", v.partition_id, " leaves ",
                    dirs, " directories for ", replicas, " replicas"}));
  };
  Partition p = old;
  if (!v.replicas.null()) p.replicas = ints(d, v.replicas);
  if (!v.directories.null()) {
    auto directories = uuids(d, v.directories);
    if (!v.replicas.null() && !directories.empty() && directories.size() != p.replicas.size())
      return mismatch(directories.size(), p.replicas.size());
    p.directories = std::move(directories);
  }
  p.directories = defaultToMigrating(std::move(p.directories), p.replicas.size());
  if (!v.isr.null()) p.isr = ints(d, v.isr);
  if (!v.removing_replicas.null()) p.removing_replicas = ints(d, v.removing_replicas);
  if (!v.adding_replicas.null()) p.adding_replicas = ints(d, v.adding_replicas);
  if (v.leader != kNoLeaderChange) {
    p.leader = v.leader;
    ++p.leader_epoch;
  }
  if (v.leader_recovery_state != kNoRecoveryChange) {
    if (!validRecoveryState(v.leader_recovery_state)) {
      addAnomaly(ClusterMetadataAnomalyKind::leader_recovery_state_invalid, partition, offset,
                 say({"a PartitionChangeRecord at offset ", offset, " for ", Shown{name}, "-", v.partition_id,
                      " has leader recovery state ", v.leader_recovery_state, " (Kafka: \"Value ",
                      v.leader_recovery_state, " is not a valid leader recovery state\")"}));
      return;
    }
    p.leader_recovery_state = v.leader_recovery_state;
  }
  // The constructor's check, after merge's own (PartitionRegistration.java:221-224).
  if (!p.directories.empty() && p.directories.size() != p.replicas.size())
    return mismatch(p.directories.size(), p.replicas.size());
  if (!v.eligible_leader_replicas.null()) p.elr = ints(d, v.eligible_leader_replicas);
  if (!v.last_known_elr.null()) p.last_known_elr = ints(d, v.last_known_elr);
  ++p.partition_epoch;
  p.offset = offset;
  old = std::move(p);
}

ClusterMetadataLog ClusterMetadataFolder::state() const {
  ClusterMetadataLog out;
  // An open transaction's records are not published (MetadataBatchLoader.maybeFlushBatches): the
  // image before it.
  out.image = before_ ? *before_ : image_;
  out.open_transaction = before_ ? transaction_offset_ : -1;
  out.open_transaction_records = before_ ? transaction_records_ : 0;
  out.last_offset = last_offset_;
  out.anomalies = anomalies_.kept;
  out.anomalies_omitted = anomalies_.omitted;
  out.errors = errors_.kept;
  out.errors_omitted = errors_.omitted;
  out.records = records_;
  return out;
}

}  // namespace coordination::clustermetadata
