#include "log/anomalies.h"

#include <algorithm>
#include <tuple>

#include "wire/append.h"

namespace coordination {

using detail::appendInt;

std::string_view anomalyKindName(AnomalyKind kind) {
  static constexpr std::string_view kNames[] = {
#define LOG_X(name, description) #name,
      LOG_ANOMALY_KINDS(LOG_X)
#undef LOG_X
  };
  return kNames[static_cast<std::size_t>(kind)];
}

std::string roleText(std::string_view role) {
  std::string s = "role ";
  detail::appendQuoted(s, role);
  return s;
}

Anomaly roleInTwoPartitions(std::string_view role, std::int32_t first_partition, std::int32_t partition,
                            std::int64_t offset) {
  std::string m = roleText(role);
  m += " has records in partition ";
  appendInt(m, first_partition);
  m += " and in partition ";
  appendInt(m, partition);
  m += " (from offset ";
  appendInt(m, offset);
  m += "); every record of a role belongs to one partition";
  return Anomaly{AnomalyKind::role_in_two_partitions, std::string(role), partition, offset, std::move(m)};
}

void addLeaseAnomalies(std::span<const LeaseFacts> leases, Capped<Anomaly, kMaxAnomalies>& out) {
  for (const LeaseFacts& l : leases) {
    if (!l.registered) {
      std::string m = "the lease of " + roleText(l.role) + " is held by ";
      detail::appendQuoted(m, l.holder);
      m += ", which has no registration in the role";
      out.add(
          Anomaly{AnomalyKind::lease_holder_not_registered, std::string(l.role), l.partition, l.offset, std::move(m)});
    }
    if (l.deadline < l.granted_at) {
      std::string m = "the lease of " + roleText(l.role) + " has deadline ";
      appendInt(m, l.deadline);
      m += " before granted_at ";
      appendInt(m, l.granted_at);
      out.add(
          Anomaly{AnomalyKind::deadline_before_granted_at, std::string(l.role), l.partition, l.offset, std::move(m)});
    }
  }
  // The leases by producer id (in the state's order within one), to find a producer id holding several.
  std::vector<std::uint32_t> by_producer(leases.size());
  for (std::uint32_t i = 0; i < by_producer.size(); ++i) by_producer[i] = i;
  std::stable_sort(by_producer.begin(), by_producer.end(), [&leases](std::uint32_t a, std::uint32_t b) {
    return leases[a].producer_id < leases[b].producer_id;
  });
  for (std::size_t i = 0; i < by_producer.size();) {
    const std::int64_t producer = leases[by_producer[i]].producer_id;
    std::size_t end = i + 1;
    while (end < by_producer.size() && leases[by_producer[end]].producer_id == producer) ++end;
    for (std::size_t k = i; end - i >= 2 && k < end; ++k) {
      const LeaseFacts& l = leases[by_producer[k]];
      std::string m = "producer id ";
      appendInt(m, producer);
      m += " holds the lease of " + roleText(l.role) + " and of";
      bool first = true;
      for (std::size_t o = i; o < end; ++o) {
        if (o == k) continue;
        m += first ? " " : ", ";
        m += roleText(leases[by_producer[o]].role);
        first = false;
      }
      out.add(
          Anomaly{AnomalyKind::producer_holds_two_leases, std::string(l.role), l.partition, l.offset, std::move(m)});
    }
    i = end;
  }
}

void sortAnomalies(std::vector<Anomaly>& anomalies) {
  std::stable_sort(anomalies.begin(), anomalies.end(), [](const Anomaly& a, const Anomaly& b) {
    return std::tie(a.role, a.partition, a.offset) < std::tie(b.role, b.partition, b.offset);
  });
}

}  // namespace coordination
