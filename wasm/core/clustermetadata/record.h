// The records of __cluster_metadata, the KRaft metadata log, as Apache Kafka 4.1.0 writes and reads
// a record's value (confluentinc/kafka tag v8.1.0, MetadataRecordSerde over server-common's
// AbstractApiMessageSerde; the key is null): three unsigned varints, the frame version (1), the
// record type (Kafka's apiKey) and its version, then the message of that type at that version.
// Every message is the schema-generated decoder of its spec (wasm/core/clustermetadata/specs), read
// from the frame's end with Options.version; offsets are the value's. Rules and decisions:
// wasm/core/clustermetadata/README.md.
//
// Paths start with the record type (Kafka's MetadataRecordType in snake case: "partition_record"),
// or "record" when the frame names none (its frame version or apiKey refused or cut short).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "generated/schema/messages.h"
#include "tree/tree.h"

namespace coordination::clustermetadata {

// X(apiKey, type, Message): every record type of Kafka 4.1.0's metadata log (its
// MetadataRecordType, generated from the specs' apiKey; 6, 13 and 16 name none).
#define CLUSTER_METADATA_RECORD_TYPES(X)                                      \
  X(0, register_broker_record, RegisterBrokerRecord)                          \
  X(1, unregister_broker_record, UnregisterBrokerRecord)                      \
  X(2, topic_record, TopicRecord)                                             \
  X(3, partition_record, PartitionRecord)                                     \
  X(4, config_record, ConfigRecord)                                           \
  X(5, partition_change_record, PartitionChangeRecord)                        \
  X(7, fence_broker_record, FenceBrokerRecord)                                \
  X(8, unfence_broker_record, UnfenceBrokerRecord)                            \
  X(9, remove_topic_record, RemoveTopicRecord)                                \
  X(10, delegation_token_record, DelegationTokenRecord)                       \
  X(11, user_scram_credential_record, UserScramCredentialRecord)              \
  X(12, feature_level_record, FeatureLevelRecord)                             \
  X(14, client_quota_record, ClientQuotaRecord)                               \
  X(15, producer_ids_record, ProducerIdsRecord)                               \
  X(17, broker_registration_change_record, BrokerRegistrationChangeRecord)    \
  X(18, access_control_entry_record, AccessControlEntryRecord)                \
  X(19, remove_access_control_entry_record, RemoveAccessControlEntryRecord)   \
  X(20, no_op_record, NoOpRecord)                                             \
  X(21, zk_migration_state_record, ZkMigrationStateRecord)                    \
  X(22, remove_user_scram_credential_record, RemoveUserScramCredentialRecord) \
  X(23, begin_transaction_record, BeginTransactionRecord)                     \
  X(24, end_transaction_record, EndTransactionRecord)                         \
  X(25, abort_transaction_record, AbortTransactionRecord)                     \
  X(26, remove_delegation_token_record, RemoveDelegationTokenRecord)          \
  X(27, register_controller_record, RegisterControllerRecord)                 \
  X(28, clear_elr_record, ClearElrRecord)

enum class RecordType : std::uint8_t {
#define CLUSTERMETADATA_X(api_key, type, message) type,
  CLUSTER_METADATA_RECORD_TYPES(CLUSTERMETADATA_X)
#undef CLUSTERMETADATA_X
};
inline constexpr int kRecordTypeCount = 0
#define CLUSTERMETADATA_X(api_key, type, message) +1
    CLUSTER_METADATA_RECORD_TYPES(CLUSTERMETADATA_X)
#undef CLUSTERMETADATA_X
    ;
std::string_view typeName(RecordType type);
std::int16_t apiKeyOf(RecordType type);
// The type an apiKey names; none for any other (Kafka's MetadataRecordType.fromId throws).
std::optional<RecordType> typeOfApiKey(std::uint32_t api_key);

// One record value at a time; its decoded messages keep their memory from one record to the next.
class RecordReader {
 public:
  std::optional<tree::Error> decode(std::span<const std::uint8_t> value);
  // The same read with the field tree (the frame's three varints, then the message's fields, under
  // one root) and the warnings.
  schema::Inspection inspect(std::span<const std::uint8_t> value);

  // After a read: the type the apiKey named (none: the frame failed before naming one).
  std::optional<RecordType> type() const { return type_; }
#define CLUSTERMETADATA_X(api_key, type, message) \
  const schema::clustermetadata::message##Decoded& type() const { return type##_; }
  CLUSTER_METADATA_RECORD_TYPES(CLUSTERMETADATA_X)
#undef CLUSTERMETADATA_X

 private:
  template <typename Sink>
  std::optional<tree::Error> read(std::span<const std::uint8_t> value, Sink& sink, schema::Inspection* in);

  std::optional<RecordType> type_;
#define CLUSTERMETADATA_X(api_key, type, message) schema::clustermetadata::message##Decoded type##_;
  CLUSTER_METADATA_RECORD_TYPES(CLUSTERMETADATA_X)
#undef CLUSTERMETADATA_X
};

}  // namespace coordination::clustermetadata
