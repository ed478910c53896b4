#include "clustermetadata/flat.h"

#include <algorithm>
#include <tuple>

namespace coordination::clustermetadata {

void flattenClusterMetadata(const ClusterMetadataLog& log, FlatState& out) {
  using L = cluster_metadata_flat;
  out.words.clear();
  out.longs.clear();
  out.pool.clear();
  out.ends.clear();
  const Image& im = log.image;
  std::size_t listeners = 0, partitions = 0, ids = 0, configs = 0;
  for (const auto& [id, b] : im.brokers) listeners += b.listeners.size();
  for (const auto& [key, t] : im.topics) {
    partitions += t.partitions.size();
    for (const auto& [id, p] : t.partitions)
      ids += p.replicas.size() + p.isr.size() + p.elr.size() + p.last_known_elr.size() + p.removing_replicas.size() +
             p.adding_replicas.size();
  }
  for (const auto& [resource, entries] : im.configs) configs += entries.size();
  L::Writer f(out, {im.brokers.size(), listeners, im.topics.size(), partitions, ids, im.features.size(), configs,
                    log.anomalies.size(), log.errors.size()});
  f.put<L::head_records>(0, log.records);
  f.put<L::head_anomaliesOmitted>(0, log.anomalies_omitted);
  f.put<L::head_errorsOmitted>(0, log.errors_omitted);
  f.put<L::head_lastOffset>(0, log.last_offset);
  f.put<L::head_openTransaction>(0, log.open_transaction);
  f.put<L::head_openTransactionRecords>(0, log.open_transaction_records);
  f.put<L::head_nextProducerId>(0, im.next_producer_id);
  f.put<L::head_producerIdsOffset>(0, im.producer_ids_offset);
  f.put<L::head_producerIdsBroker>(0, im.producer_ids_broker);
  f.put<L::head_controllers>(0, im.controllers.size());
  f.put<L::head_acls>(0, im.acls.size());
  f.put<L::head_scramCredentials>(0, im.scram.size());
  f.put<L::head_delegationTokens>(0, im.delegation_tokens.size());
  f.put<L::head_clientQuotaEntities>(0, im.client_quotas.size());
  std::size_t i = 0, j = 0;
  for (const auto& [id, b] : im.brokers) {
    for (const Endpoint& e : b.listeners) {
      f.put<L::listeners_port>(j, e.port);
      f.put<L::listeners_securityProtocol>(j, e.security_protocol);
      f.put<L::listeners_name>(j, e.name);
      f.put<L::listeners_host>(j, e.host);
      ++j;
    }
    f.put<L::brokers_id>(i, b.id);
    f.put<L::brokers_fenced>(i, b.fenced ? 1 : 0);
    f.put<L::brokers_inControlledShutdown>(i, b.in_controlled_shutdown ? 1 : 0);
    f.put<L::brokers_hasRack>(i, b.rack ? 1 : 0);
    f.put<L::brokers_listenersEnd>(i, j);
    f.put<L::brokers_epoch>(i, b.epoch);
    f.put<L::brokers_offset>(i, b.offset);
    f.put<L::brokers_incarnationId>(i, b.incarnation_id);
    f.put<L::brokers_rack>(i, b.rack ? std::string_view(*b.rack) : std::string_view());
    ++i;
  }
  // Topics by name (then id: a name may be on two ids in a log that is not whole).
  std::vector<const Topic*> topics;
  topics.reserve(im.topics.size());
  for (const auto& [key, t] : im.topics) topics.push_back(&t);
  std::sort(topics.begin(), topics.end(),
            [](const Topic* a, const Topic* b) { return std::tie(a->name, a->id) < std::tie(b->name, b->id); });
  i = 0, j = 0;
  std::size_t n = 0;
  for (const Topic* topic : topics) {
    const Topic& t = *topic;
    for (const auto& [id, p] : t.partitions) {
      auto run = [&](const std::vector<std::int32_t>& list) {
        for (const std::int32_t x : list) f.put<L::ids_id>(n++, x);
        return n;
      };
      f.put<L::partitions_id>(j, p.id);
      f.put<L::partitions_leader>(j, p.leader);
      f.put<L::partitions_leaderRecoveryState>(j, p.leader_recovery_state);
      f.put<L::partitions_leaderEpoch>(j, p.leader_epoch);
      f.put<L::partitions_partitionEpoch>(j, p.partition_epoch);
      f.put<L::partitions_replicasEnd>(j, run(p.replicas));
      f.put<L::partitions_isrEnd>(j, run(p.isr));
      f.put<L::partitions_elrEnd>(j, run(p.elr));
      f.put<L::partitions_lastKnownElrEnd>(j, run(p.last_known_elr));
      f.put<L::partitions_removingEnd>(j, run(p.removing_replicas));
      f.put<L::partitions_addingEnd>(j, run(p.adding_replicas));
      f.put<L::partitions_offset>(j, p.offset);
      ++j;
    }
    f.put<L::topics_partitionsEnd>(i, j);
    f.put<L::topics_offset>(i, t.offset);
    f.put<L::topics_name>(i, t.name);
    f.put<L::topics_id>(i, t.id);
    ++i;
  }
  i = 0;
  for (const auto& [name, level] : im.features) {
    f.put<L::features_level>(i, level);
    f.put<L::features_name>(i, name);
    ++i;
  }
  i = 0;
  for (const auto& [resource, entries] : im.configs)
    for (const auto& [name, entry] : entries) {
      f.put<L::configs_resourceType>(i, resource.first);
      f.put<L::configs_offset>(i, entry.offset);
      f.put<L::configs_resourceName>(i, resource.second);
      f.put<L::configs_name>(i, name);
      f.put<L::configs_value>(i, entry.value);
      ++i;
    }
  for (i = 0; i < log.anomalies.size(); ++i) {
    const ClusterMetadataAnomaly& x = log.anomalies[i];
    f.put<L::anomalies_logPartition>(i, x.partition);
    f.put<L::anomalies_offset>(i, x.offset);
    f.put<L::anomalies_kind>(i, anomalyKindName(x.kind));
    f.put<L::anomalies_message>(i, x.message);
  }
  putErrors<L>(f, log.errors);
  f.finish();
}

}  // namespace coordination::clustermetadata
