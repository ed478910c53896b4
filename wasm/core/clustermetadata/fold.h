// The KRaft metadata log (__cluster_metadata) folded into the metadata image at its end, as Apache
// Kafka 4.1.0 replays it (confluentinc/kafka tag v8.1.0, metadata/.../image/MetadataDelta.replay
// and the *Delta classes it calls; the loader's metadata transactions, image/loader/
// MetadataBatchLoader): brokers, topics and their partitions, finalized features, configs, the
// next producer id block, and counts of controllers, ACLs, SCRAM credentials, delegation tokens
// and client quota entities. The rules, with Kafka's file:line: wasm/core/clustermetadata/README.md,
// "The fold".
//
// Records apply in the order given, each at once (Kafka's deltas, applied at each batch's or
// transaction's end, give the same image). A record whose replay throws in Kafka is an anomaly
// and changes nothing: Kafka's loader reports the fault and goes on with the next record. A
// control batch (KRaft's LeaderChangeMessage, SnapshotHeader/Footer, VotersRecord,
// KRaftVersionRecord) holds no metadata record: skipped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "clustermetadata/record.h"
#include "clustermetadata/table.h"
#include "log/fold.h"
#include "log/log_input.h"
#include "log/record_batch.h"

namespace coordination::clustermetadata {

enum class ClusterMetadataAnomalyKind : std::uint8_t {
#define CMD_X(name, description) name,
  CLUSTER_METADATA_ANOMALY_KINDS(CMD_X)
#undef CMD_X
};
std::string_view anomalyKindName(ClusterMetadataAnomalyKind kind);

struct Endpoint {
  std::string name;
  std::string host;
  std::int32_t port = 0;
  std::int16_t security_protocol = 0;
  friend bool operator==(const Endpoint&, const Endpoint&) = default;
};

// Kafka's BrokerRegistration (metadata/BrokerRegistration.java), what a debugger reads of it.
struct Broker {
  std::int32_t id = 0;
  std::int64_t epoch = 0;
  std::string incarnation_id;  // as Kafka prints a Uuid
  std::vector<Endpoint> listeners;
  std::optional<std::string> rack;
  bool fenced = true;
  bool in_controlled_shutdown = false;
  std::int64_t offset = -1;  // the last record that changed it
  friend bool operator==(const Broker&, const Broker&) = default;
};

// Kafka's PartitionRegistration (metadata/PartitionRegistration.java).
struct Partition {
  std::int32_t id = 0;
  std::vector<std::int32_t> replicas, isr, removing_replicas, adding_replicas, elr, last_known_elr;
  std::vector<schema::Uuid> directories;  // one per replica (all MIGRATING when none was written)
  std::int32_t leader = -1;
  std::int8_t leader_recovery_state = 0;
  std::int32_t leader_epoch = 0;
  std::int32_t partition_epoch = 0;
  std::int64_t offset = -1;  // the last record that changed it
  friend bool operator==(const Partition&, const Partition&) = default;
};

struct Topic {
  std::string name;
  std::string id;            // as Kafka prints a Uuid
  std::int64_t offset = -1;  // its TopicRecord
  std::map<std::int32_t, Partition> partitions;
  friend bool operator==(const Topic&, const Topic&) = default;
};

struct ConfigEntry {
  std::string value;
  std::int64_t offset = -1;
  friend bool operator==(const ConfigEntry&, const ConfigEntry&) = default;
};

// The metadata image (Kafka's MetadataImage, in part).
struct Image {
  std::map<std::int32_t, Broker> brokers;
  std::set<std::int32_t> controllers;
  std::map<std::string, Topic> topics;           // by the topic id's 16 bytes
  std::map<std::string, std::int16_t> features;  // finalized levels (metadata.version among them)
  std::map<std::pair<std::int8_t, std::string>, std::map<std::string, ConfigEntry>> configs;  // (type, name)
  std::int64_t next_producer_id = -1;  // -1: no ProducerIdsRecord
  std::int32_t producer_ids_broker = -1;
  std::int64_t producer_ids_offset = -1;
  std::set<std::string> acls;                                  // ACL ids' bytes
  std::set<std::pair<std::int8_t, std::string>> scram;         // (mechanism, user)
  std::set<std::string> delegation_tokens;                     // token ids
  std::map<std::string, std::set<std::string>> client_quotas;  // entity -> its quota keys
  friend bool operator==(const Image&, const Image&) = default;
};

struct ClusterMetadataAnomaly {
  ClusterMetadataAnomalyKind kind;
  std::int32_t partition;  // of __cluster_metadata
  std::int64_t offset;     // the record's
  std::string message;
};

struct ClusterMetadataLog {
  Image image;
  // A metadata transaction open at the end (its BeginTransactionRecord's offset, -1: none): its
  // records are not in the image, as Kafka's loader publishes none of them before its end.
  std::int64_t open_transaction = -1;
  std::uint64_t open_transaction_records = 0;
  std::int64_t last_offset = -1;                  // the last record read
  std::vector<ClusterMetadataAnomaly> anomalies;  // in the order found
  std::uint64_t anomalies_omitted = 0;
  std::vector<FoldError> errors;
  std::uint64_t errors_omitted = 0;
  std::uint64_t records = 0;
};

class ClusterMetadataFolder {
 public:
  // The Folder of log/log_input.h.
  void add(std::int32_t partition, std::int64_t offset, std::int64_t timestamp, std::optional<ByteSpan> key,
           std::optional<ByteSpan> value, std::int64_t line = -1, Producer producer = {});
  void addBatch(std::int32_t partition, const Batch& batch, std::uint32_t input = 0);
  void addBatchError(std::int32_t partition, const BatchError& error);

  std::uint64_t records() const { return records_; }
  ClusterMetadataLog state() const;

 private:
  void read(std::int32_t partition, std::int64_t offset, std::optional<ByteSpan> value, std::int64_t line);
  void replay(std::int32_t partition, std::int64_t offset);
  void transaction(RecordType type, std::int32_t partition, std::int64_t offset);
  void partitionRecord(std::int32_t partition, std::int64_t offset);
  void partitionChange(std::int32_t partition, std::int64_t offset);
  void brokerChange(std::int32_t partition, std::int64_t offset);
  Broker* registered(std::int32_t id, std::int64_t epoch, const char* action, std::int32_t partition,
                     std::int64_t offset);
  void addError(FoldError e);
  void addAnomaly(ClusterMetadataAnomalyKind kind, std::int32_t partition, std::int64_t offset, std::string message);

  std::uint64_t records_ = 0;
  Image image_;
  std::optional<Image> before_;  // the image at an open transaction's BeginTransactionRecord
  std::int64_t transaction_offset_ = -1;
  std::uint64_t transaction_records_ = 0;
  std::int64_t last_offset_ = -1;
  RecordReader reader_;
  Capped<ClusterMetadataAnomaly, kMaxAnomalies> anomalies_;
  Capped<FoldError, kMaxFoldErrors> errors_;
};

// Log files into a ClusterMetadataFolder (log/log_input.h).
using ClusterMetadataLogFolder = FolderWithLogInput<ClusterMetadataFolder>;

}  // namespace coordination::clustermetadata
