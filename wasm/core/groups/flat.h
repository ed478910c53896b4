// The merged groups (groups/fold.h) as flat arrays for the JS API (wasm/api/groups-api.js reads them;
// the layout is here and there only), as transactions/flat.h does for the transaction log.
// Counts: g groups, r records (other than offset commits), o offsets, a anomalies, e errors.
//   words (i32): g r o a e
//     groups:    partition[g] recordsEnd[g] offsetsEnd[g] (group k's: [end[k-1], end[k]))
//     records:   partition[r] bytesEnd[r] (record k's key then value: bytes[bytesEnd[k-1],
//                bytesEnd[k]), its key's length keyLength[r]) keyLength[r]
//     offsets:   partition[o] leaderEpoch[o] recordPartition[o]
//     anomalies: generation[a] partition[a]
//     errors:    hasLine[e] partition[e]
//   longs (i64): records anomaliesOmitted errorsOmitted
//     records:   offset[r]
//     offsets:   offset[o] commitTimestamp[o] recordOffset[o]
//     anomalies: offset[a]
//     errors:    offset or line[e]
//   strings: group[g] topic[o] metadata[o] anomalyKind[a] anomalyGroup[a] anomalyMessage[a]
//            errorCode[e] errorField[e] errorMessage[e] errorGroup[e] ("" when the key did not decode)
//   bytes: the records' keys and values, as written (a classic group metadata record's key alone:
//          its value is in the metadata below).
// Strings as in log/state_flat.h (one UTF-8 pool, UTF-16 ends).
//
// The classic groups' metadata (each group's first GroupMetadataValue) with its members' nested
// levels, as mergeGroupLogs decoded them (GroupMetadataFlat; the JS side builds the members from
// these, never decoding a group metadata record again). In reading order, a cursor per kind:
//   per record: words group (its index in groups), generation, nulls (1: protocol, 2: leader),
//                 member count; longs currentStateTimestamp, offset; strings protocolType,
//                 protocol, leader ("" when null)
//   per member: words rebalanceTimeout, sessionTimeout, instance null (1), subscription (0: none,
//                 1: decoded), assignment (0, 1); strings memberId, groupInstanceId, clientId, clientHost
//     a decoded subscription: words version, generationId, rack null (1), topic count, owned
//                 count; strings rackId, topic x count; owned partitions as partitions below; streams
//     a decoded assignment: words version, count; assigned partitions; streams
//     partitions (one topic's): words partition count, partition x count; strings topic
//     streams: words 0 (none: not read, null userData, refused) or 1, then words at, texts at
//                 (indexes in streamsWords), units at (in streamsUnits), text count, input at
//                 (in streamsInput): its FlatRecord (streams/streams.h) and its userData's bytes
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "groups/fold.h"
#include "log/state_flat.h"

namespace coordination::groups {

// mergeGroupLogs's GroupMetadataSink, writing the layout above.
class GroupMetadataFlat final : public GroupMetadataSink {
 public:
  GroupMetadataFlat() : flat_(state) {}
  void add(std::uint32_t group, const KeptRecord& record, const RecordReader& reader) override;

  FlatState state;
  std::vector<std::int32_t> streams_words;
  std::vector<char16_t> streams_units;
  std::vector<std::uint8_t> streams_input;

 private:
  template <typename Level>
  void streamsLevel(const Level& level, std::span<const std::uint8_t> value);
  template <typename List>
  void partitions(const List& message, schema::Run run);
  Flattener flat_;
};

// Replaces out's and bytes' contents (their vectors keep their capacity).
void flattenGroupLog(const GroupLogState& log, FlatState& out, std::vector<std::uint8_t>& bytes);

}  // namespace coordination::groups
