// The folded metadata image (clustermetadata/fold.h) as flat arrays for the JS API
// (wasm/api/clustermetadata-api.js reads them through the description below, emitted to
// wasm/generated/tables.js FLAT_LAYOUTS.clusterMetadata); the layout's rules: log/flat_layout.h.
// Broker k's listeners are [listenersEnd[k-1], listenersEnd[k]); topic k's partitions
// [partitionsEnd[k-1], partitionsEnd[k]); partition k's replica lists are consecutive runs of
// `ids`, from addingEnd[k-1]: replicas to replicasEnd[k], then isr, elr, lastKnownElr, removing,
// adding, each to its end. A config is one key of one resource (resourceType: ConfigResource.Type's
// id). Errors as the other folds' (key: "").
#define CLUSTER_METADATA_FLAT_COUNTS(X) \
  X(brokers, 1)                         \
  X(listeners, 1) X(topics, 1) X(partitions, 1) X(ids, 1) X(features, 1) X(configs, 1) X(anomalies, 1) X(errors, 1)
#define CLUSTER_METADATA_FLAT_SECTIONS(X)              \
  FLAT_FOLD_HEAD_SECTIONS(X)                           \
  X(wide, head, lastOffset, one)                       \
  X(wide, head, openTransaction, one)                  \
  X(wide, head, openTransactionRecords, one)           \
  X(wide, head, nextProducerId, one)                   \
  X(wide, head, producerIdsOffset, one)                \
  X(word, head, producerIdsBroker, one)                \
  X(word, head, controllers, one)                      \
  X(word, head, acls, one)                             \
  X(word, head, scramCredentials, one)                 \
  X(word, head, delegationTokens, one)                 \
  X(word, head, clientQuotaEntities, one)              \
  X(word, brokers, id, brokers)                        \
  X(word, brokers, fenced, brokers)                    \
  X(word, brokers, inControlledShutdown, brokers)      \
  X(word, brokers, hasRack, brokers)                   \
  X(word, brokers, listenersEnd, brokers)              \
  X(wide, brokers, epoch, brokers)                     \
  X(wide, brokers, offset, brokers)                    \
  X(text, brokers, incarnationId, brokers)             \
  X(text, brokers, rack, brokers)                      \
  X(word, listeners, port, listeners)                  \
  X(word, listeners, securityProtocol, listeners)      \
  X(text, listeners, name, listeners)                  \
  X(text, listeners, host, listeners)                  \
  X(word, topics, partitionsEnd, topics)               \
  X(wide, topics, offset, topics)                      \
  X(text, topics, name, topics)                        \
  X(text, topics, id, topics)                          \
  X(word, partitions, id, partitions)                  \
  X(word, partitions, leader, partitions)              \
  X(word, partitions, leaderRecoveryState, partitions) \
  X(word, partitions, leaderEpoch, partitions)         \
  X(word, partitions, partitionEpoch, partitions)      \
  X(word, partitions, replicasEnd, partitions)         \
  X(word, partitions, isrEnd, partitions)              \
  X(word, partitions, elrEnd, partitions)              \
  X(word, partitions, lastKnownElrEnd, partitions)     \
  X(word, partitions, removingEnd, partitions)         \
  X(word, partitions, addingEnd, partitions)           \
  X(wide, partitions, offset, partitions)              \
  X(word, ids, id, ids)                                \
  X(word, features, level, features)                   \
  X(text, features, name, features)                    \
  X(word, configs, resourceType, configs)              \
  X(wide, configs, offset, configs)                    \
  X(text, configs, resourceName, configs)              \
  X(text, configs, name, configs)                      \
  X(text, configs, value, configs)                     \
  X(word, anomalies, logPartition, anomalies)          \
  X(wide, anomalies, offset, anomalies)                \
  X(text, anomalies, kind, anomalies)                  \
  X(text, anomalies, message, anomalies)               \
  FLAT_FOLD_ERROR_SECTIONS(X)
#pragma once

#include "clustermetadata/fold.h"
#include "log/state_flat.h"

namespace coordination {
FLAT_LAYOUT(cluster_metadata_flat, "clusterMetadata", CLUSTER_METADATA_FLAT_COUNTS, CLUSTER_METADATA_FLAT_SECTIONS)
}  // namespace coordination

namespace coordination::clustermetadata {

// Replaces out's contents (its vectors keep their capacity).
void flattenClusterMetadata(const ClusterMetadataLog& log, FlatState& out);

}  // namespace coordination::clustermetadata
