// The merged groups (groups/fold.h) as flat arrays for the JS API (wasm/api/groups-api.js reads
// them through the description below, emitted to wasm/generated/tables.js FLAT_LAYOUTS.groups), as
// transactions/flat.h does for the transaction log; the layout's rules: log/flat_layout.h.
// Counts: groups, records (other than offset commits), offsets, anomalies, errors. Group k's records
// are [recordsEnd[k-1], recordsEnd[k]), its offsets likewise; record k's key then value are
// bytes[bytesEnd[k-1], bytesEnd[k]), its key keyLength[k] of them, in a byte array beside the
// layout (a classic group metadata record's key alone: its value is in the metadata below);
// errors as the state's (key: the group, "" when the key did not decode).
#define GROUPS_FLAT_COUNTS(X) X(groups, 1) X(records, 1) X(offsets, 1) X(anomalies, 1) X(errors, 1)
#define GROUPS_FLAT_SECTIONS(X)              \
  FLAT_FOLD_HEAD_SECTIONS(X)                 \
  X(word, groups, partition, groups)         \
  X(word, groups, recordsEnd, groups)        \
  X(word, groups, offsetsEnd, groups)        \
  X(text, groups, group, groups)             \
  X(word, records, partition, records)       \
  X(word, records, bytesEnd, records)        \
  X(word, records, keyLength, records)       \
  X(wide, records, offset, records)          \
  X(word, offsets, partition, offsets)       \
  X(word, offsets, leaderEpoch, offsets)     \
  X(word, offsets, recordPartition, offsets) \
  X(wide, offsets, offset, offsets)          \
  X(wide, offsets, commitTimestamp, offsets) \
  X(wide, offsets, recordOffset, offsets)    \
  X(text, offsets, topic, offsets)           \
  X(text, offsets, metadata, offsets)        \
  X(word, anomalies, generation, anomalies)  \
  X(word, anomalies, partition, anomalies)   \
  X(wide, anomalies, offset, anomalies)      \
  X(text, anomalies, kind, anomalies)        \
  X(text, anomalies, group, anomalies)       \
  X(text, anomalies, message, anomalies)     \
  FLAT_FOLD_ERROR_SECTIONS(X)
//
// The classic groups' metadata (each group's first GroupMetadataValue) with its members' nested
// levels, as mergeGroupLogs decoded them (GroupMetadataFlat; the JS side builds the members from
// these, never decoding a group metadata record again): records read in order, described once
// below (log/cursor_layout.h; CURSOR_LAYOUTS.groupMetadata). A record's group is its index in groups,
// its nulls 1 (protocol is null) | 2 (leader is null), a null string ""; a member's instanceNull
// is 1 when its groupInstanceId is null, rackNull likewise. A decoded Streams userData (streams: absent when not read,
// null or refused) is where its FlatRecord (streams/streams.h) was copied: words, texts (indexes in streamsWords),
// units (in streamsUnits), textCount, input (in streamsInput: its bytes).
#define GROUP_METADATA_SEQUENCES(S)            \
  S(record, GROUP_METADATA_RECORD)             \
  S(member, GROUP_METADATA_MEMBER)             \
  S(subscription, GROUP_METADATA_SUBSCRIPTION) \
  S(assignment, GROUP_METADATA_ASSIGNMENT)     \
  S(topic, GROUP_METADATA_TOPIC)               \
  S(partitions, GROUP_METADATA_PARTITIONS)     \
  S(partition, GROUP_METADATA_PARTITION)       \
  S(streams, GROUP_METADATA_STREAMS)
#define GROUP_METADATA_RECORD(X)       \
  X(word, group, none)                 \
  X(word, generation, none)            \
  X(word, nulls, none)                 \
  X(wide, currentStateTimestamp, none) \
  X(wide, offset, none)                \
  X(text, protocolType, none)          \
  X(text, protocol, none)              \
  X(text, leader, none)                \
  X(list, members, member)
#define GROUP_METADATA_MEMBER(X)     \
  X(word, rebalanceTimeout, none)    \
  X(word, sessionTimeout, none)      \
  X(word, instanceNull, none)        \
  X(text, memberId, none)            \
  X(text, groupInstanceId, none)     \
  X(text, clientId, none)            \
  X(text, clientHost, none)          \
  X(opt, subscription, subscription) \
  X(opt, assignment, assignment)
#define GROUP_METADATA_SUBSCRIPTION(X) \
  X(word, version, none)               \
  X(word, generationId, none)          \
  X(word, rackNull, none)              \
  X(text, rackId, none)                \
  X(list, topics, topic)               \
  X(list, ownedPartitions, partitions) \
  X(opt, streams, streams)
#define GROUP_METADATA_ASSIGNMENT(X)      \
  X(word, version, none)                  \
  X(list, assignedPartitions, partitions) \
  X(opt, streams, streams)
#define GROUP_METADATA_TOPIC(X) X(text, topic, none)
#define GROUP_METADATA_PARTITIONS(X) X(text, topic, none) X(list, partitions, partition)
#define GROUP_METADATA_PARTITION(X) X(word, partition, none)
#define GROUP_METADATA_STREAMS(X) \
  X(word, words, none)            \
  X(word, texts, none)            \
  X(word, units, none)            \
  X(word, textCount, none)        \
  X(word, input, none)
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "groups/fold.h"
#include "log/cursor_layout.h"
#include "log/state_flat.h"

// The groups' answer at the module's boundary (wasm/bindings/groups_bindings.cpp cv_grp_result), u32
// words in this order, X(name, words): the groups' flat block (FLAT_BLOCK_WORDS), their records'
// bytes and byte count, the classic groups' metadata's flat block, its Streams words, word count,
// units, unit count, input, input size. tables_gen emits each one's first word as GROUPS_BLOCK.
#define GROUPS_BLOCK_WORDS(X)  \
  X(state, kFlatBlockWords)    \
  X(bytes, 1)                  \
  X(byteCount, 1)              \
  X(metadata, kFlatBlockWords) \
  X(streamsWords, 1)           \
  X(streamsWordCount, 1)       \
  X(streamsUnits, 1)           \
  X(streamsUnitCount, 1)       \
  X(streamsInput, 1)           \
  X(streamsInputSize, 1)

// A decoded record at the module's boundary (wasm/bindings/groups_bindings.cpp groupDecode), u32
// words: the record's (its type, the blocks of its key and value, 0: a null value or a part that
// failed, its members' count), then each member's two levels (subscription, assignment), each of
// the level's words: its state (0: empty bytes, 1: decoded, 2: failed), its error's index, its
// message's block; its Streams level's state (0: not read, 1, 2), error index, flat record (words,
// texts, units, text count: streams/streams.h FlatRecord) and where its userData starts in the
// bytes. tables_gen emits each word's index as GROUP_RECORD_WORDS and GROUP_LEVEL_WORDS.
#define GROUP_RECORD_WORDS(X) X(type) X(key) X(value) X(members)
#define GROUP_LEVEL_WORDS(X) \
  X(state)                   \
  X(error)                   \
  X(block)                   \
  X(streamsState)            \
  X(streamsError)            \
  X(streamsWords)            \
  X(streamsTexts)            \
  X(streamsUnits)            \
  X(streamsTextCount)        \
  X(streamsInput)

namespace coordination {
FLAT_LAYOUT(groups_flat, "groups", GROUPS_FLAT_COUNTS, GROUPS_FLAT_SECTIONS)
CURSOR_LAYOUT(group_metadata, "groupMetadata", GROUP_METADATA_SEQUENCES)

#define GROUP_WORD_ENUM(name) k##name,
struct GroupRecordWord {
  enum : std::size_t { GROUP_RECORD_WORDS(GROUP_WORD_ENUM) kWords };
};
struct GroupLevelWord {
  enum : std::size_t { GROUP_LEVEL_WORDS(GROUP_WORD_ENUM) kWords };
};
#undef GROUP_WORD_ENUM

// GROUPS_BLOCK_WORDS' first words: kGroupsBlock_<name>, and their count kGroupsBlockWords.
#define GROUPS_BLOCK_ENUM(name, words) kGroupsBlock_##name, kGroupsBlockEnd_##name = kGroupsBlock_##name + (words)-1,
enum GroupsBlockWord : std::size_t { GROUPS_BLOCK_WORDS(GROUPS_BLOCK_ENUM) kGroupsBlockWords };
#undef GROUPS_BLOCK_ENUM
}  // namespace coordination

namespace coordination::groups {

// mergeGroupLogs's GroupMetadataSink, writing group_metadata's records (in its fields' order).
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
