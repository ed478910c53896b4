#include "streams/streams.h"

#include <algorithm>
#include <utility>

#include "streams/field_reader.h"
#include "wire/append.h"
#include "wire/big_endian.h"

namespace coordination::streams {

namespace {

using coordination::detail::be32;

using tree::WireType;

// Minimum wire size of one element of each list (golden/README.md): the count check refuses a
// count whose elements cannot fit before anything is read or allocated.
constexpr std::size_t kMinTask = 8;
constexpr std::size_t kMinNamedTask = 8 + 4;  // v10+: + an empty named topology's char count
constexpr std::size_t kMinTopicPartition = 2 + 4;
constexpr std::size_t kMinIndexedPartition = 4 + 4;  // v5+ partitions by host: topic index + partition
constexpr std::size_t kMinDictionaryEntry = 4 + 2;   // index + an empty writeUTF topic
constexpr std::size_t kMinHost = 2 + 4 + 4;

// The one decoder of both records, their layouts in wire order over the FieldReader.
class Decoder : public FieldReader {
 public:
  using FieldReader::FieldReader;

  bool subscription() {
    enter(root_, WireType::record);
    std::int32_t version = 0;
    if (!word(Name::version, version)) return false;
    if (version < 1)
      return fail(StreamsCode::UNSUPPORTED_VERSION, 0, Name::version, version, kLatestSubscriptionVersion);
    std::int32_t latest = kUnknownVersion;
    if (version >= 3 && !i32(Name::latest_supported_version, latest)) return false;
    *w_++ = latest;
    if (version > kLatestSubscriptionVersion) {
      // Version probing (SubscriptionInfo.decode: 2.3.0's default branch, 2.5.0-3.9's version >
      // LATEST_SUPPORTED_VERSION): the rest is not read.
      *w_++ = 1;
      if (!r_.atEnd()) {
        const std::size_t at = r_.position(), n = r_.remaining();
        r_.take(n);
        leaf(Name::unread, WireType::bytes, at, n, kComplete | 1 << kMeaningShift, 0);
        warn("VERSION_PROBING", kNoLeaf, at, n,
             "version newer than 11: read for version probing as Kafka 3.9 does (version and latest "
             "supported version only); the remaining bytes are not read");
      }
      return leave();
    }
    if (!uuid(Name::process_id)) return false;
    // SubscriptionInfoData.json (2.6.0..3.9): the task lists are versions 1-6 only; from 7 the
    // tasks are task offset sums after the endpoint.
    if (version < 7 && (!tasks(Name::prev_tasks) || !tasks(Name::standby_tasks))) return false;
    const std::size_t end_point = wordCount();
    if (version >= 2) {
      if (!text<false>(Name::user_end_point, WireType::bytes, 2)) return false;
    } else {
      *w_++ = -1;
    }
    *w_++ = 0;  // not probing
    if (version < 7) return end();
    const std::size_t sums = wordCount();
    std::int32_t unique = 0, error_code = 0, n = 0;
    if (!offsetSums(version >= 10) || (version >= 8 && !fixed<1>(Name::unique_field, unique)) ||
        (version >= 9 && !i32(Name::error_code, error_code)))
      return false;
    *w_++ = version >= 8 ? 1 : 0;  // uniqueField: null before v8
    if (version >= 8) *w_++ = unique;
    *w_++ = error_code;
    if (version >= 11) {
      if (!openList(Name::client_tags, 8, n)) return false;
      for (std::int32_t i = 0; i < n; ++i) {
        element(i);
        if (!text<false>(Name::key, WireType::bytes) || !text<false>(Name::value, WireType::bytes)) return false;
        leave();
      }
      close();
    } else {
      *w_++ = 0;
    }
    if (!end()) return false;
    w_ = out_.words.data() + deriveTasks(out_, input_, wordCount(), end_point, sums);
    return true;
  }

  // taskOffsetSums (v7+), flattened to (group, partition, the offset of the i64 sum in the input,
  // named topology text or -1) per task after one total count: versions 7-9 nest (topicGroupId,
  // partitionToOffsetSum: [(partition, offsetSum)]), 10+ give (topicGroupId, partition, offsetSum,
  // namedTopology) per entry.
  bool offsetSums(bool named) {
    std::int32_t n = 0, m = 0, group = 0, partition = 0;
    // Minimum entry: 4 + 4 + 8 + 2 (v10+), 4 + 4 (a group with no partitions).
    if (!openList(Name::task_offset_sums, named ? 18 : 8, n)) return false;
    std::int32_t* total = w_ - 1;
    *total = 0;
    for (std::int32_t i = 0; i < n; ++i) {
      element(i);
      if (!i32(Name::topic_group_id, group)) return false;
      if (!named && !openList(Name::partition_to_offset_sum, 12, m)) return false;
      if (!named) --w_;  // its count is not a word: the entries are counted in the total
      for (std::int32_t j = 0; j < (named ? 1 : m); ++j) {
        if (!named) element(j);
        *w_++ = group;
        if (!word(Name::partition, partition)) return false;
        std::int32_t sum_at = 0;
        if (!fixed<8>(Name::offset_sum, sum_at)) return false;
        *w_++ = sum_at;
        if (named) {
          if (!text<false>(Name::named_topology, WireType::string, 3)) return false;
        } else {
          *w_++ = -1;
          leave();
        }
        ++*total;
      }
      if (!named) close();
      leave();
    }
    close();
    return true;
  }

  // AssignmentInfo.decode of 3.8.0: cases 1-11 (what 2.0 to 3.9 write), their fields in wire
  // order (streams.h has the words).
  bool assignment() {
    for (Seen& s : seen_) s.text = -1;
    enter(root_, WireType::record);
    std::int32_t version = 0;
    if (!word(Name::version, version)) return false;
    if (version < 1 || version > kLatestAssignmentVersion)
      return fail(StreamsCode::UNSUPPORTED_VERSION, 0, Name::version, version, kLatestAssignmentVersion);
    named_ = version >= kMinNamedTopologyVersion;
    std::int32_t latest = kUnknownVersion;
    if (version >= 3 && !i32(Name::latest_supported_version, latest)) return false;
    *w_++ = latest;
    if (!tasks(Name::active_tasks)) return false;
    std::int32_t n = 0;
    if (!openList(Name::standby_tasks, (named_ ? kMinNamedTask : kMinTask) + 4, n)) return false;
    for (std::int32_t i = 0; i < n; ++i) {
      element(i);
      open(Name::task, WireType::record);
      if (!task()) return false;
      close();
      if (!partitions()) return false;
      leave();
    }
    close();
    // 2-4: the hosts name their topics; 5+: by index of a dictionary read first; 6+: the standby
    // partitions by host after the active ones, by the same dictionary.
    if (version >= 5 && !dictionary()) return false;
    if (version >= 2 && !hosts(Name::partitions_by_host, version >= 5)) return false;
    if (version < 2) *w_++ = 0;
    // The error code's word comes before the standby partitions by host it follows on the wire.
    const std::size_t error_code = wordCount();
    *w_++ = 0;
    if (version >= 6 && !hosts(Name::standby_partitions_by_host, true)) return false;
    if (version >= 4 && !i32(Name::error_code, out_.words[error_code])) return false;
    if (version >= 7) {
      std::int32_t next_rebalance = 0;
      if (!fixed<8>(Name::next_rebalance_ms, next_rebalance)) return false;
      *w_++ = next_rebalance;
    }
    return end();
  }

 private:
  // A list of tasks. Before v10 (and in every subscription) written as its count and the offset of
  // its first task in the input: a task is 8 bytes (two big-endian i32) and the count check (n x 8
  // <= remaining) was the bounds check of them all, so a host reads them from the input itself (no
  // word per field to write and read). An assignment's v10+ task has a named topology of its own
  // length: its words are written (task()).
  bool tasks(Name name) {
    std::int32_t n = 0;
    if (!openList(name, named_ ? kMinNamedTask : kMinTask, n)) return false;
    if (named_) {
      for (std::int32_t i = 0; i < n; ++i) {
        element(i);
        if (!task()) return false;
        leave();
      }
      close();
      return true;
    }
    *w_++ = static_cast<std::int32_t>(r_.position());
    if (tree_) {
      for (std::int32_t i = 0; i < n; ++i) {
        element(i);
        std::int32_t unused = 0;
        if (!i32(Name::topic_group_id, unused) || !i32(Name::partition, unused)) return false;
        leave();
      }
    } else {
      r_.take(8 * static_cast<std::size_t>(n));
    }
    close();
    return true;
  }

  // An assignment's task id as words: group, partition, and from v10 its named topology.
  bool task() {
    std::int32_t unused = 0;
    return word(Name::topic_group_id, unused) && word(Name::partition, unused) && (!named_ || namedTopology());
  }

  // ConsumerProtocolUtils.readTaskIdFrom (3.0.0-3.9), v10+: an i32 count, then that many UTF-16
  // code units, each read with readChar (DataOutput.writeChars: big-endian, any unit, a lone
  // surrogate too). A count <= 0 reads nothing, and Kafka makes the empty name null
  // (getNamedTopologyOrElseNull): null. A count whose units cannot fit is TRUNCATED at it (Kafka:
  // EOFException).
  bool namedTopology() {
    const std::size_t at = r_.position();
    if (!r_.need(4)) {
      leaf(Name::named_topology, WireType::java_chars, at, r_.remaining(), 0, 0);
      return cutShort(at, static_cast<int>(Name::named_topology), 4);
    }
    const std::int32_t n = r_.readI32();
    if (n <= 0) {
      *w_++ = -1;
      leaf(Name::named_topology, WireType::java_chars, at, 4, kComplete | (n == 0 ? 4 : 5) << kMeaningShift, 0);
      return true;
    }
    if (static_cast<std::size_t>(n) > r_.remaining() / 2) {
      const std::size_t remaining = r_.remaining();
      textLeaf(Name::named_topology, WireType::java_chars, at, 4 + remaining, -1);
      return fail(StreamsCode::TRUNCATED, at, Name::named_topology, n, static_cast<std::int64_t>(remaining),
                  Shortfall::count_too_large);
    }
    const std::uint8_t* p = r_.take(2 * static_cast<std::size_t>(n)).data();
    char16_t* u = poolEnd();
    for (std::int32_t i = 0; i < n; ++i) u[i] = static_cast<char16_t>(p[2 * i] << 8 | p[2 * i + 1]);
    const std::int32_t k = addText(static_cast<std::size_t>(n));
    *w_++ = k;
    textLeaf(Name::named_topology, WireType::java_chars, at, 4 + 2 * static_cast<std::size_t>(n), k);
    return true;
  }

  // v5+: the topic dictionary, n x (i32 index, writeUTF topic), read into the scratch as Kafka's
  // HashMap<Integer, String> holds it (a repeated index names its last topic): an index in
  // [0, n) (what Kafka writes: 0 to n - 1) in its slot, any other as an (index, text) pair after
  // the n slots. It is not in the words: a partition's topic is written as its text.
  bool dictionary() {
    std::int32_t n = 0;
    if (!openList(Name::topic_dictionary, kMinDictionaryEntry, n)) return false;
    --w_;
    dictionary_size_ = n;
    extra_indexes_ = 0;
    atLeast(out_.scratch, 3 * static_cast<std::size_t>(n));
    std::int32_t* slots = out_.scratch.data();
    std::fill(slots, slots + n, -1);
    for (std::int32_t i = 0; i < n; ++i) {
      element(i);
      std::int32_t index = 0;
      if (!i32(Name::index, index) || !text<true>(Name::topic, WireType::java_utf)) return false;
      const std::int32_t k = *--w_;
      if (index >= 0 && index < n) {
        slots[index] = k;
      } else {
        slots[n + 2 * extra_indexes_] = index;
        slots[n + 2 * extra_indexes_ + 1] = k;
        ++extra_indexes_;
      }
      leave();
    }
    close();
    return true;
  }

  // The text of the dictionary's topic of `index`, or -1 when it names none.
  std::int32_t topicOf(std::int32_t index) const {
    const std::int32_t* slots = out_.scratch.data();
    if (index >= 0 && index < dictionary_size_) return slots[index];
    for (std::int32_t j = extra_indexes_; j-- > 0;)
      if (slots[dictionary_size_ + 2 * j] == index) return slots[dictionary_size_ + 2 * j + 1];
    return -1;
  }

  // A v5+ host without the tree, read from locals: when its bytes are all there (text, port,
  // count and partitions), its text an ASCII one or a recent one that had no warning, and every
  // topic index names a topic, its words are written and its bytes taken; otherwise nothing is
  // taken and false: the element path reads it, with its errors and warnings as ever. No element,
  // need() or member write per field: in wasm those loads and stores of the reader's state, per
  // partition, were most of a Streams group's decode.
  [[gnu::always_inline]] bool quickHost() {
    const std::size_t remaining = r_.remaining();
    const std::uint8_t* p = input_ + r_.position();
    if (remaining < kMinHost) return false;
    const std::size_t length = std::size_t{p[0]} << 8 | p[1];
    if (remaining - kMinHost < length) return false;
    const std::uint8_t* body = p + 2;
    const std::int32_t n = be32(body + length + 4);
    if (n < 0 || static_cast<std::size_t>(n) > (remaining - kMinHost - length) / kMinIndexedPartition) return false;
    const std::int32_t text = asciiText(body, length);
    if (text < 0) return false;
    std::int32_t* w = w_;
    w[0] = text;
    w[1] = be32(body + length);
    w[2] = n;
    w += 3;
    // The dictionary's slots and size in locals: the word stores could alias the size.
    const std::int32_t* slots = out_.scratch.data();
    const auto size = static_cast<std::uint32_t>(dictionary_size_);
    p = body + length + 8;
    for (std::int32_t i = 0; i < n; ++i, p += kMinIndexedPartition, w += 2) {
      const std::int32_t index = be32(p);
      const std::int32_t k = static_cast<std::uint32_t>(index) < size ? slots[index] : topicOf(index);
      if (k < 0) return false;
      w[0] = k;
      w[1] = be32(p + 4);
    }
    w_ = w;
    r_.take(kMinHost + length + kMinIndexedPartition * static_cast<std::size_t>(n));
    return true;
  }

  // Hosts i.. of n by quickHost, as many as it reads; the index of the first it does not (or n).
  // Out of line: a small function of its own for the JIT, apart from the element path's code.
  [[gnu::noinline]] std::int32_t quickHosts(std::int32_t i, std::int32_t n) {
    while (i < n && quickHost()) ++i;
    return i;
  }

  // partitions_by_host (v2+) or standby_partitions_by_host (v6+): n x (writeUTF host, i32 port,
  // partitions), a partition's topic by name (v2-4) or by dictionary index (`indexed`, v5+).
  bool hosts(Name name, bool indexed) {
    std::int32_t n = 0;
    if (!openList(name, kMinHost, n)) return false;
    for (std::int32_t i = 0; i < n; ++i) {
      if (!tree_ && indexed && (i = quickHosts(i, n)) == n) break;
      element(i);
      std::int32_t port = 0;
      if (!text<true>(Name::host, WireType::java_utf) || !word(Name::port, port) ||
          !(indexed ? indexedPartitions() : partitions()))
        return false;
      leave();
    }
    close();
    return true;
  }

  // v5+ partitions by host: n x (i32 topic index, i32 partition), each index resolved in the
  // dictionary when read: one that names no topic is UNKNOWN_TOPIC_INDEX at it (Kafka would make
  // the partition's topic null: golden/README.md's decisions).
  bool indexedPartitions() {
    std::int32_t n = 0;
    if (!openList(Name::partitions, kMinIndexedPartition, n)) return false;
    for (std::int32_t i = 0; i < n; ++i) {
      element(i);
      const std::size_t at = r_.position();
      std::int32_t index = 0, partition = 0;
      if (!i32(Name::topic_index, index)) return false;
      const std::int32_t k = topicOf(index);
      if (k < 0) return fail(StreamsCode::UNKNOWN_TOPIC_INDEX, at, Name::topic_index, index, dictionary_size_);
      *w_++ = k;
      if (!word(Name::partition, partition)) return false;
      leave();
    }
    close();
    return true;
  }

  // A list of (writeUTF topic, i32 partition).
  bool partitions() {
    std::int32_t n = 0;
    if (!openList(Name::partitions, kMinTopicPartition, n)) return false;
    for (std::int32_t i = 0; i < n; ++i) {
      element(i);
      std::int32_t partition = 0;
      if (!text<true>(Name::topic, WireType::java_utf) || !word(Name::partition, partition)) return false;
      leave();
    }
    close();
    return true;
  }

  bool named_ = false;                // an assignment of v10+: task ids carry a named topology
  std::int32_t dictionary_size_ = 0;  // v5+: the topic dictionary's count, and how many of its
  std::int32_t extra_indexes_ = 0;    // indexes lie outside [0, count)
};

}  // namespace

std::optional<StreamsError> decodeFlat(StreamsTarget target, std::span<const std::uint8_t> bytes, FlatRecord& out,
                                       bool tree) {
  const bool subscription = target == StreamsTarget::subscription;
  Decoder d(subscription ? Name::subscription : Name::assignment, bytes, out, tree);
  const bool ok = subscription ? d.subscription() : d.assignment();
  out.word_count = d.wordCount();
  if (!ok && tree) {
    // The groups still open at the failure were never left: each ends where its last child ends.
    for (std::size_t i = out.node_count; i-- > 1;) {
      const std::int32_t* n = &out.nodes[i * kNodeWords];
      std::int32_t* p = &out.nodes[static_cast<std::size_t>(n[kNodeParent]) * kNodeWords];
      const std::int32_t end = n[kNodeOffset] + n[kNodeLength];
      if (!(p[kNodeFlags] & kComplete) && p[kNodeOffset] + p[kNodeLength] < end) p[kNodeLength] = end - p[kNodeOffset];
    }
  }
  return std::move(d.error());
}

}  // namespace coordination::streams
