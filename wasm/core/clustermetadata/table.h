// The KRaft metadata log's fold (clustermetadata/fold.h), described once: its anomaly kinds, each a
// record whose replay throws in Apache Kafka 4.1.0 (confluentinc/kafka tag v8.1.0; the citations:
// wasm/core/clustermetadata/README.md, "The fold"). Kafka's loader reports such a fault and goes on
// (MetadataBatchLoader.loadBatch), so the record changes nothing here. The C++ enum and
// anomalyKindName derive from this list, and so do the generated JS table and TypeScript union
// (wasm/core/gen/tables_gen.cpp -> wasm/generated/tables.*: CLUSTER_METADATA_ANOMALY_KINDS,
// ClusterMetadataAnomalyKind).
#pragma once

// X(name, description): append at the end.
#define CLUSTER_METADATA_ANOMALY_KINDS(X)                                                                     \
  X(partition_unknown_topic,                                                                                  \
    "a PartitionRecord or PartitionChangeRecord whose topic id names no topic (Kafka's replay throws a "      \
    "NullPointerException)")                                                                                  \
  X(partition_change_unknown_partition,                                                                       \
    "a PartitionChangeRecord for a partition its topic does not have (\"Unable to find partition\")")         \
  X(replica_directories_mismatch,                                                                             \
    "a partition's directories whose count is not its replicas' (InvalidReplicaDirectoriesException, or "     \
    "\"The lengths for replicas and directories do not match\")")                                             \
  X(leader_recovery_state_invalid,                                                                            \
    "a leader recovery state other than 0 (recovered) or 1 (recovering), or -1 (no change) in a change")      \
  X(remove_unknown_topic, "a RemoveTopicRecord whose topic id names no topic (\"Unable to delete topic\")")   \
  X(clear_elr_unknown_topic, "a ClearElrRecord whose topic name names no topic (\"Unable to clear elr\")")    \
  X(broker_not_registered,                                                                                    \
    "a FenceBrokerRecord, UnfenceBrokerRecord or BrokerRegistrationChangeRecord for a broker not registered") \
  X(broker_epoch_mismatch,                                                                                    \
    "a FenceBrokerRecord, UnfenceBrokerRecord or BrokerRegistrationChangeRecord whose broker epoch is not "   \
    "the registered broker's")                                                                                \
  X(broker_change_invalid_value,                                                                              \
    "a BrokerRegistrationChangeRecord whose fenced is not -1, 0 or 1, or whose in controlled shutdown is "    \
    "not 0 or 1")                                                                                             \
  X(remove_unknown_acl, "a RemoveAccessControlEntryRecord whose id names no ACL")                             \
  X(transaction_not_open,                                                                                     \
    "an EndTransactionRecord or AbortTransactionRecord with no BeginTransactionRecord before it")             \
  X(transaction_already_open, "a BeginTransactionRecord inside a metadata transaction")
