#include "streams/streams.h"

#include <algorithm>
#include <utility>

#include "wire/append.h"
#include "wire/big_endian.h"
#include "wire/java_text.h"
#include "wire/reader.h"
#include "wire/words.h"

namespace coordination::streams {

namespace {

using coordination::detail::be32;

using coordination::detail::appendInt;
using tree::WireType;

// Minimum wire size of one element of each list (golden/README.md): the count check refuses a
// count whose elements cannot fit before anything is read or allocated.
constexpr std::size_t kMinTask = 8;
constexpr std::size_t kMinNamedTask = 8 + 4;  // v10+: + an empty named topology's char count
constexpr std::size_t kMinTopicPartition = 2 + 4;
constexpr std::size_t kMinIndexedPartition = 4 + 4;  // v5+ partitions by host: topic index + partition
constexpr std::size_t kMinDictionaryEntry = 4 + 2;   // index + an empty writeUTF topic
constexpr std::size_t kMinHost = 2 + 4 + 4;

// UUID.toString() of the 16 bytes msb, lsb (big-endian) into any 36-unit buffer (char for
// uuidString, char16_t for the text pool).
template <typename Char>
void writeUuid(const std::uint8_t* bytes, Char* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) *out++ = '-';
    *out++ = static_cast<Char>(kHex[bytes[i] >> 4]);
    *out++ = static_cast<Char>(kHex[bytes[i] & 15]);
  }
}
constexpr std::size_t kUuidChars = 36;

template <typename T>
void atLeast(std::vector<T>& v, std::size_t n) {
  if (v.size() < n) v.resize(n);
}

// The one decoder of both records. It writes the flat record (FlatRecord) as it reads, through
// pointers into buffers sized up front from the input's length, and the field tree only when
// asked (inspect). The field path of an error or a warning is built from `levels_` (the open lists
// and groups, with the element being read) and the leaf's name, only when one is raised.
class Decoder {
 public:
  Decoder(Name root, std::span<const std::uint8_t> bytes, FlatRecord& out, bool tree)
      : r_(bytes), input_(bytes.data()), root_(root), out_(out), tree_(tree) {
    // Upper bounds, so that no write below checks a capacity: at most a word per 2 input bytes
    // (a task is 2 words in 8 bytes, a topic partition 2 in 6 or more, a count 1 in 4) plus the
    // fixed ones; a text per 2 bytes (2 words each); a unit per byte plus the UUID's text.
    atLeast(out.words, bytes.size() / 2 + 16);
    atLeast(out.texts, bytes.size() + 8);
    atLeast(out.units, bytes.size() + kUuidChars);
    out.text_count = 0;
    out.unit_count = 0;
    out.node_count = 0;
    out.warnings.clear();
    w_ = out.words.data();
  }

  std::optional<StreamsError>& error() { return error_; }
  std::size_t wordCount() const { return static_cast<std::size_t>(w_ - out_.words.data()); }

  bool subscription() {
    enter(root_, WireType::record);
    std::int32_t version = 0;
    if (!word(Name::version, version)) return false;
    if (version < 1)
      return fail(StreamsCode::UNSUPPORTED_VERSION, 0, Name::version, version, kLatestSubscriptionVersion);
    std::int32_t latest = kUnknownVersion;
    if (version >= 3 && !i32(Name::latest_supported_version, latest)) return false;
    *w_++ = latest;
    *w_++ = version > kLatestSubscriptionVersion ? 1 : 0;
    if (version > kLatestSubscriptionVersion) {
      // Version probing (SubscriptionInfo.decode: 2.3.0's default branch, 2.5.0-3.9's version >
      // LATEST_SUPPORTED_VERSION): the rest is not read.
      if (!r_.atEnd()) {
        const std::size_t at = r_.position(), n = r_.remaining();
        r_.take(n);
        leaf(Name::unread, WireType::bytes, at, n, kComplete | 1 << 2, 0);
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
    if (version >= 2) {
      if (!text<false>(Name::user_end_point, WireType::bytes, 2)) return false;
    } else {
      *w_++ = -1;
    }
    if (version >= 7) {
      std::int32_t unique = 0, error_code = 0, n = 0;
      if (!offsetSums(version >= 10) || (version >= 8 && !fixed<1>(Name::unique_field, unique)) ||
          (version >= 9 && !i32(Name::error_code, error_code)))
        return false;
      *w_++ = unique;
      *w_++ = error_code;
      if (version < 11) {
        *w_++ = 0;
        return end();
      }
      if (!openList(Name::client_tags, 8, n)) return false;
      for (std::int32_t i = 0; i < n; ++i) {
        element(i);
        if (!text<false>(Name::key, WireType::bytes) || !text<false>(Name::value, WireType::bytes)) return false;
        leave();
      }
      close();
    }
    return end();
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
    std::int32_t* error_code = w_++;  // read after the lists (v4+)
    *error_code = 0;
    std::int32_t* next_rebalance = w_++;  // read last (v7+)
    *next_rebalance = -1;
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
    if (version >= 6 && !hosts(Name::standby_partitions_by_host, true)) return false;
    if (version < 6) *w_++ = 0;
    if (version >= 4 && !i32(Name::error_code, *error_code)) return false;
    if (version >= 7 && !fixed<8>(Name::next_rebalance_ms, *next_rebalance)) return false;
    return end();
  }

 private:
  static constexpr int kNoLeaf = -1;  // an error or warning of a list (its count) or the record
  struct Level {
    Name name;
    std::int32_t index;  // the element being read, -1 for a group or a list's count
  };
  // A writeUTF string already decoded in this record: its body in the input, its text (-1: an
  // empty slot) and its first non-UTF-8 byte (-1: none), so a repeat is the same text with the
  // same warning.
  struct Seen {
    std::size_t at;
    std::size_t length;
    std::int32_t text;
    std::int32_t non_utf8;
  };
  static constexpr std::size_t kSeen = 32;

  // ---- errors, warnings, paths ----
  std::string path(int leaf) const {
    std::string s(kNodeNames[static_cast<int>(root_)]);
    for (int i = 0; i < depth_; ++i) {
      s += '.';
      s += kNodeNames[static_cast<int>(levels_[i].name)];
      if (levels_[i].index >= 0) {
        s += '[';
        appendInt(s, levels_[i].index);
        s += ']';
      }
    }
    if (leaf != kNoLeaf) {
      s += '.';
      s += kNodeNames[leaf];
    }
    return s;
  }

  // Out of line: one copy of the error's construction, not one per failure site.
  [[gnu::noinline]] bool fail(StreamsCode code, std::size_t at, int leaf, std::int64_t found, std::int64_t limit,
                              Shortfall shortfall = Shortfall::none) {
    error_ = StreamsError{code, at, path(leaf), found, limit, shortfall};
    if (tree_) {
      // The field that failed (the last node) and every group still open are incomplete.
      if (out_.node_count) flags(out_.node_count - 1) &= ~kComplete;
      for (int i = 0; i < open_depth_; ++i) flags(static_cast<std::size_t>(open_[i])) &= ~kComplete;
    }
    return false;
  }
  bool fail(StreamsCode code, std::size_t at, Name leaf, std::int64_t found, std::int64_t limit,
            Shortfall shortfall = Shortfall::none) {
    return fail(code, at, static_cast<int>(leaf), found, limit, shortfall);
  }
  // TRUNCATED: a field of `width` bytes with fewer left.
  bool cutShort(std::size_t at, int leaf, std::size_t width) {
    return fail(StreamsCode::TRUNCATED, at, leaf, static_cast<std::int64_t>(r_.remaining()),
                static_cast<std::int64_t>(width), Shortfall::cut_short);
  }
  bool pastEnd(std::size_t at, Name leaf, std::size_t length, std::size_t remaining) {
    return fail(StreamsCode::TRUNCATED, at, leaf, static_cast<std::int64_t>(length),
                static_cast<std::int64_t>(remaining), Shortfall::length_past_end);
  }

  void warn(std::string_view code, int leaf, std::size_t at, std::size_t length, const char* message) {
    out_.warnings.push_back(tree::Warning{code, path(leaf), at, length, message});
  }

  // ---- the tree (inspect only: the fast path pays one test of tree_ per field) ----
  std::int32_t& flags(std::size_t node) { return out_.nodes[node * kNodeWords + 6]; }
  // A node (name: a Name, or -1 - i for element i); returns its index.
  [[gnu::noinline]] std::int32_t addNode(int name, WireType wire, std::size_t at, std::size_t length,
                                         std::int32_t node_flags, std::int32_t value) {
    const std::size_t k = out_.node_count++;
    atLeast(out_.nodes, out_.node_count * kNodeWords);
    std::int32_t* n = &out_.nodes[k * kNodeWords];
    n[0] = name;
    n[1] = static_cast<std::int32_t>(wire);
    n[2] = static_cast<std::int32_t>(at);
    n[3] = static_cast<std::int32_t>(length);
    n[4] = value;
    n[5] = open_depth_ ? open_[open_depth_ - 1] : -1;
    n[6] = node_flags;
    return static_cast<std::int32_t>(k);
  }
  void leaf(Name name, WireType wire, std::size_t at, std::size_t length, std::int32_t node_flags, std::int32_t value) {
    if (tree_) addNode(static_cast<int>(name), wire, at, length, node_flags, value);
  }
  // A group (record, list, element): its length is set when it is left.
  void enter(int name, WireType wire) {
    if (tree_) open_[open_depth_++] = addNode(name, wire, r_.position(), 0, kComplete, 0);
  }
  void enter(Name name, WireType wire) { enter(static_cast<int>(name), wire); }
  bool leave() {
    if (tree_) {
      const auto k = static_cast<std::size_t>(open_[--open_depth_]);
      out_.nodes[k * kNodeWords + 3] = static_cast<std::int32_t>(r_.position()) - out_.nodes[k * kNodeWords + 2];
    }
    return true;
  }

  // ---- groups and lists (the tree's groups and the path's levels) ----
  void open(Name name, WireType wire) {
    levels_[depth_++] = Level{name, -1};
    enter(name, wire);
  }
  void close() {
    --depth_;
    leave();
  }
  void element(std::int32_t i) {
    levels_[depth_ - 1].index = i;
    enter(-1 - i, WireType::record);
  }

  // Opens list `name` and reads its count (written as a word): TRUNCATED if cut short,
  // NEGATIVE_LENGTH if < 0, TRUNCATED if count x minimum > remaining (as count > remaining /
  // minimum: no product). Passing it bounds every element's minimum size. A count is a node
  // "count" in the tree and its list on the path.
  bool openList(Name name, std::size_t minimum, std::int32_t& n) {
    open(name, WireType::array);
    const std::size_t at = r_.position();
    if (!i32(Name::count, n, kNoLeaf)) return false;
    if (n < 0) return fail(StreamsCode::NEGATIVE_LENGTH, at, kNoLeaf, n, 0);
    if (static_cast<std::size_t>(n) > r_.remaining() / minimum) {
      return fail(StreamsCode::TRUNCATED, at, kNoLeaf, n, static_cast<std::int64_t>(r_.remaining()),
                  Shortfall::count_too_large);
    }
    *w_++ = n;
    return true;
  }

  // ---- fields ----
  // A big-endian integer of kWidth bytes (i8, i32, or i64: then v is its offset, where a host
  // reads it) named `name` in the tree and `path_leaf` on the path. The width is a template
  // argument so that each use compiles to its own straight line (the i32 is on the fast path).
  template <std::size_t kWidth>
  bool fixed(Name name, std::int32_t& v, int path_leaf) {
    constexpr WireType wire = kWidth == 4 ? WireType::i32 : kWidth == 1 ? WireType::i8 : WireType::i64;
    const std::size_t at = r_.position();
    const bool ok = r_.need(kWidth);
    if constexpr (kWidth == 4) {
      v = ok ? r_.readI32() : 0;
    } else if constexpr (kWidth == 1) {
      v = ok ? static_cast<std::int8_t>(r_.take(1)[0]) : 0;
    } else {
      v = ok ? (r_.take(8), static_cast<std::int32_t>(at)) : 0;
    }
    leaf(name, wire, at, ok ? kWidth : r_.remaining(), ok ? kComplete | kHasValue : 0, v);
    return ok || cutShort(at, path_leaf, kWidth);
  }
  template <std::size_t kWidth>
  bool fixed(Name name, std::int32_t& v) {
    return fixed<kWidth>(name, v, static_cast<int>(name));
  }
  bool i32(Name name, std::int32_t& v, int path_leaf) { return fixed<4>(name, v, path_leaf); }
  bool i32(Name name, std::int32_t& v) { return i32(name, v, static_cast<int>(name)); }
  // An i32 that is also a word of the record.
  bool word(Name name, std::int32_t& v) {
    if (!i32(name, v)) return false;
    *w_++ = v;
    return true;
  }

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
      leaf(Name::named_topology, WireType::java_chars, at, 4, kComplete | (n == 0 ? 4 : 5) << 2, 0);
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
    atLeast(out_.dictionary, 3 * static_cast<std::size_t>(n));
    std::int32_t* slots = out_.dictionary.data();
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
    const std::int32_t* slots = out_.dictionary.data();
    if (index >= 0 && index < dictionary_size_) return slots[index];
    for (std::int32_t j = extra_indexes_; j-- > 0;)
      if (slots[dictionary_size_ + 2 * j] == index) return slots[dictionary_size_ + 2 * j + 1];
    return -1;
  }

  // partitions_by_host (v2+) or standby_partitions_by_host (v6+): n x (writeUTF host, i32 port,
  // partitions), a partition's topic by name (v2-4) or by dictionary index (`indexed`, v5+).
  bool hosts(Name name, bool indexed) {
    std::int32_t n = 0;
    if (!openList(name, kMinHost, n)) return false;
    for (std::int32_t i = 0; i < n; ++i) {
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

  // A text of `units` units just written at the end of the pool; returns its index.
  std::int32_t addText(std::size_t units) {
    const std::size_t k = out_.text_count++;
    out_.texts[2 * k] = static_cast<std::int32_t>(out_.unit_count);
    out_.texts[2 * k + 1] = static_cast<std::int32_t>(units);
    out_.unit_count += units;
    return static_cast<std::int32_t>(k);
  }
  char16_t* poolEnd() { return out_.units.data() + out_.unit_count; }
  // A field holding text k, or cut short or refused (k < 0: no value).
  void textLeaf(Name name, WireType wire, std::size_t at, std::size_t length, std::int32_t k) {
    leaf(name, wire, at, length, k < 0 ? 0 : kComplete | kHasValue, k);
  }

  // The body of a field with a length prefix of `width` bytes (writeUTF's u16, or an i32 that
  // may be negative), into `body`; or false with its error (TRUNCATED if the prefix or the body
  // is cut short, NEGATIVE_LENGTH) and its node (no value).
  [[gnu::always_inline]] bool lengthPrefixed(Name name, WireType wire, std::size_t width,
                                             std::span<const std::uint8_t>& body) {
    const std::size_t at = r_.position();
    if (!r_.need(width)) {
      textLeaf(name, wire, at, r_.remaining(), -1);
      return cutShort(at, static_cast<int>(name), width);
    }
    const std::int64_t length = width == 2 ? std::int64_t{static_cast<std::uint16_t>(r_.readI16())} : r_.readI32();
    if (length < 0) {
      textLeaf(name, wire, at, width, -1);
      return fail(StreamsCode::NEGATIVE_LENGTH, at, name, length, 1);
    }
    if (!r_.need(static_cast<std::size_t>(length))) {
      const std::size_t remaining = r_.remaining();
      textLeaf(name, wire, at, width + remaining, -1);
      return pastEnd(at, name, static_cast<std::size_t>(length), remaining);
    }
    body = r_.take(static_cast<std::size_t>(length));
    return true;
  }

  // A length-prefixed text named `name`, as a text word (-1: null), by its wire type's rule:
  //   java_utf  DataOutput.writeUTF (u16 length, modified UTF-8): decoded as DataInputStream.readUTF
  //             (what it refuses is INVALID_UTF8); a repeat of a recent one is that text again
  //   bytes     i32 length; string: i16 length, any negative one is null (Kafka's generated
  //             reader); both decoded as Kafka does, new String(bytes, UTF_8): ill-formed bytes
  //             become U+FFFD, with a warning
  // null_meaning (a kNodeMeanings id): 2 for the user endpoint (length 0 is null:
  // SubscriptionInfo.userEndPoint()), 3 for a string (negative length), 0 otherwise. Whether it is
  // the Java rule is a template argument (kJava: wire is java_utf): an assignment's many topics
  // take a straight line of their own.
  template <bool kJava>
  bool text(Name name, WireType wire, std::int32_t null_meaning = 0) {
    constexpr bool java = kJava;
    const std::size_t at = r_.position();
    const std::size_t width = wire == WireType::bytes ? 4 : 2;
    std::span<const std::uint8_t> body;
    if constexpr (!java) {
      const bool negative16 = wire == WireType::string && r_.need(2) && (input_[at] & 0x80);
      if (!negative16 && !lengthPrefixed(name, wire, width, body)) return false;
      if (negative16 || (body.empty() && null_meaning == 2)) {
        r_.take(negative16 ? 2 : 0);
        *w_++ = -1;
        leaf(name, wire, at, width, kComplete | null_meaning << 2, 0);
        return true;
      }
    } else if (!lengthPrefixed(name, wire, width, body)) {
      return false;
    }
    const std::size_t body_at = at + width;
    const std::size_t length = body.size();
    Seen fresh{};
    Seen* seen = &fresh;
    if constexpr (java) {
      // One candidate per (length, first and last byte): the same topic again is found in one
      // comparison; a miss only costs the decode.
      seen = &seen_[(length * 7u + (length ? body[0] + body[length - 1] * 3u : 0u)) % kSeen];
    }
    if (!java || seen->length != length || seen->text < 0 || !sameBytes(input_ + seen->at, body.data(), length)) {
      const JavaTextOutcome o = decodeJavaText(body, poolEnd(), java ? JavaText::read_utf : JavaText::new_string);
      if constexpr (java) {  // new String(bytes, UTF_8) refuses nothing
        if (o.refused) {
          textLeaf(name, wire, at, width + length, -1);
          // limit: why (1 cannot lead, 2 cut short by the end of the body, 3 a bad continuation)
          const std::size_t i = *o.refused;
          const std::uint8_t lead = body[i];
          const std::size_t need = (lead >> 4) == 14 ? 3 : 2;
          const int why = ((lead >> 4) < 12 || (lead >> 4) == 15) ? 1 : (length - i < need ? 2 : 3);
          return fail(StreamsCode::INVALID_UTF8, body_at + i, name, lead, why);
        }
      }
      *seen =
          Seen{body_at, length, addText(o.units), o.first_non_utf8 ? static_cast<std::int32_t>(*o.first_non_utf8) : -1};
    }
    *w_++ = seen->text;
    textLeaf(name, wire, at, width + length, seen->text);
    if (seen->non_utf8 >= 0) {
      const auto first = static_cast<std::size_t>(seen->non_utf8);
      warn(java ? "JAVA_MODIFIED_UTF8" : "UTF8_REPLACED", static_cast<int>(name), body_at + first, length - first,
           java ? "decoded by DataInputStream.readUTF's modified UTF-8 rule (C0 80 is U+0000, a surrogate is a "
                  "3-byte sequence, overlong forms pass); strict UTF-8 would refuse this byte"
                : "not well-formed UTF-8: decoded as Kafka does (new String(bytes, UTF_8)), each ill-formed "
                  "subpart replaced by U+FFFD");
    }
    return true;
  }

  // The process id: its offset in the input as a word (a host reads the 16 bytes there); its text
  // is made only for the tree's node.
  bool uuid(Name name) {
    const std::size_t at = r_.position();
    if (!r_.need(16)) {
      leaf(name, WireType::uuid, at, r_.remaining(), 0, 0);
      return cutShort(at, static_cast<int>(name), 16);
    }
    const std::uint8_t* p = r_.take(16).data();
    *w_++ = static_cast<std::int32_t>(at);
    if (tree_) {
      writeUuid(p, poolEnd());
      textLeaf(name, WireType::uuid, at, 16, addText(kUuidChars));
    }
    return true;
  }

  bool end() {
    // TRAILING_BYTES names the record.
    if (!r_.atEnd())
      return fail(StreamsCode::TRAILING_BYTES, r_.position(), kNoLeaf, static_cast<std::int64_t>(r_.remaining()), 0);
    return leave();
  }

  Reader r_;
  const std::uint8_t* input_;
  Name root_;
  FlatRecord& out_;
  bool tree_;
  std::int32_t* w_;
  Level levels_[4]{};  // the path: deepest partitions_by_host[i].partitions[j]
  int depth_ = 0;
  std::int32_t open_[6]{};  // the tree's open groups: deepest record, list, element, list, element
  int open_depth_ = 0;
  Seen seen_[kSeen];                  // initialised by assignment(): a subscription has no writeUTF string
  bool named_ = false;                // an assignment of v10+: task ids carry a named topology
  std::int32_t dictionary_size_ = 0;  // v5+: the topic dictionary's count, and how many of its
  std::int32_t extra_indexes_ = 0;    // indexes lie outside [0, count)
  std::optional<StreamsError> error_;
};

}  // namespace

std::string StreamsError::message() const {
  // %f is `found`, %l `limit`, %x `found` as two hex digits.
  const char* text = "error";
  switch (code) {
    case StreamsCode::TRUNCATED:
      text = shortfall == Shortfall::count_too_large
                 ? (limit == 1 ? "count %f cannot fit: its elements need more than the %l byte that remains"
                               : "count %f cannot fit: its elements need more than the %l bytes that remain")
             : shortfall == Shortfall::length_past_end ? "length says %f bytes but only %l remain"
                                                       : "needs %l bytes but only %f remain";
      break;
    case StreamsCode::TRAILING_BYTES:
      text = found == 1 ? "expected the end of the record, found %f more byte"
                        : "expected the end of the record, found %f more bytes";
      break;
    case StreamsCode::UNSUPPORTED_VERSION:
      text = field.starts_with("subscription") ? "expected version 1..%l (or newer, read for version probing), found %f"
                                               : "expected version 1..%l (Kafka 3.8 throws for any other), found %f";
      break;
    case StreamsCode::NEGATIVE_LENGTH:
      text = limit == 1 ? "expected a length >= 0, found %f" : "expected a count >= 0, found %f";
      break;
    case StreamsCode::INVALID_UTF8:
      text = limit == 1   ? "DataInputStream.readUTF refuses byte 0x%x: it cannot start a modified UTF-8 sequence "
                            "(10xxxxxx or 1111xxxx)"
             : limit == 2 ? "DataInputStream.readUTF refuses byte 0x%x: its sequence is cut short by the end of the "
                            "string"
                          : "DataInputStream.readUTF refuses byte 0x%x: a byte of its sequence is not a 10xxxxxx "
                            "continuation";
      break;
    case StreamsCode::UNKNOWN_TOPIC_INDEX:
      text = limit == 1 ? "topic index %f names no topic of the dictionary (%l entry)"
                        : "topic index %f names no topic of the dictionary (%l entries)";
      break;
  }
  std::string s = field;
  s += ": ";
  for (const char* t = text; *t; ++t) {
    if (*t != '%') {
      s += *t;
    } else if (*++t == 'x') {
      coordination::detail::appendHex(s, static_cast<std::uint32_t>(found), 2);
    } else {
      appendInt(s, *t == 'f' ? found : limit);
    }
  }
  s += " (offset ";
  appendInt(s, offset);
  s += ")";
  return s;
}

std::string_view codeName(StreamsCode code) {
  switch (code) {
#define STREAMS_X(name)   \
  case StreamsCode::name: \
    return errorCodeName(ErrorCode::name);
    STREAMS_SHARED_ERROR_CODES(STREAMS_X)
#undef STREAMS_X
#define STREAMS_X(name)   \
  case StreamsCode::name: \
    return #name;
    STREAMS_OWN_ERROR_CODES(STREAMS_X)
#undef STREAMS_X
  }
  return {};
}

std::string uuidString(std::uint64_t msb, std::uint64_t lsb) {
  std::uint8_t bytes[16];
  for (int i = 0; i < 8; ++i) {
    bytes[i] = static_cast<std::uint8_t>(msb >> (56 - 8 * i));
    bytes[8 + i] = static_cast<std::uint8_t>(lsb >> (56 - 8 * i));
  }
  char buf[kUuidChars];
  writeUuid(bytes, buf);
  return std::string(buf, kUuidChars);
}

std::string_view streamsTargetName(StreamsTarget target) {
  return target == StreamsTarget::subscription ? "subscription" : "assignment";
}

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
      std::int32_t* p = &out.nodes[static_cast<std::size_t>(n[5]) * kNodeWords];
      if (!(p[6] & kComplete) && p[2] + p[3] < n[2] + n[3]) p[3] = n[2] + n[3] - p[2];
    }
  }
  return std::move(d.error());
}

tree::Error neutralError(const StreamsError& e) {
  return tree::Error{codeName(e.code), e.offset, e.field, e.message()};
}

StreamsInspection inspectStreams(StreamsTarget target, std::span<const std::uint8_t> bytes) {
  StreamsInspection in{target, {}, std::nullopt, {}, {}};
  in.error = decodeFlat(target, bytes, in.record, true);
  in.warnings = in.record.warnings;
  // The flat nodes in the neutral shape (index.js does the same for the wasm API).
  const FlatRecord& f = in.record;
  for (std::size_t i = 0; i < f.node_count; ++i) {
    const std::int32_t* n = &f.nodes[i * kNodeWords];
    tree::Node node;
    if (n[0] >= 0) {
      node.name = kNodeNames[n[0]];
    } else {
      node.name = "[";
      appendInt(node.name, -1 - n[0]);
      node.name += ']';
    }
    node.path = n[5] < 0 ? node.name : in.fields[static_cast<std::size_t>(n[5])].path + (n[0] >= 0 ? "." : "");
    if (n[5] >= 0) node.path += node.name;
    node.wire_type = tree::wireTypeName(static_cast<WireType>(n[1]));
    node.offset = static_cast<std::size_t>(n[2]);
    node.length = static_cast<std::size_t>(n[3]);
    if (n[6] & kHasValue) {
      const auto wire = static_cast<WireType>(n[1]);
      if (wire == WireType::i32 || wire == WireType::i8) {
        node.value = std::int64_t{n[4]};
      } else if (wire == WireType::i64) {
        const std::uint8_t* p = bytes.data() + n[4];
        node.value = static_cast<std::int64_t>((std::uint64_t{static_cast<std::uint32_t>(be32(p))} << 32) |
                                               static_cast<std::uint32_t>(be32(p + 4)));
      } else {
        const auto k = static_cast<std::size_t>(n[4]);
        node.value = javaStringToUtf8({f.units.data() + f.texts[2 * k], static_cast<std::size_t>(f.texts[2 * k + 1])});
      }
    }
    node.meaning = kNodeMeanings[n[6] >> 2];
    node.parent = n[5];
    node.complete = (n[6] & kComplete) != 0;
    in.fields.push_back(std::move(node));
  }
  return in;
}

}  // namespace coordination::streams
