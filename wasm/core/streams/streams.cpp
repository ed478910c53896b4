#include "streams/streams.h"

#include <cstring>
#include <utility>

#include "tree/sink.h"
#include "wire/append.h"
#include "wire/java_text.h"
#include "wire/reader.h"

namespace coordination::streams {

namespace {

using coordination::detail::appendInt;
using tree::WireType;

// Minimum wire size of one element of each list (golden/README.md): the count check refuses a
// count whose elements cannot fit before anything is read or allocated.
constexpr std::size_t kMinTask = 8;
constexpr std::size_t kMinTopicPartition = 2 + 4;
constexpr std::size_t kMinStandby = 8 + 4;
constexpr std::size_t kMinHost = 2 + 4 + 4;

// UUID.toString() into any 36-unit buffer (char for uuidString, char16_t for the text pool).
template <typename Char>
void writeUuid(std::uint64_t msb, std::uint64_t lsb, Char* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  int o = 0;
  for (int i = 0; i < 32; ++i) {
    if (i == 8 || i == 12 || i == 16 || i == 20) out[o++] = '-';
    const std::uint64_t half = i < 16 ? msb : lsb;
    out[o++] = static_cast<Char>(kHex[(half >> (4 * (15 - (i & 15)))) & 15]);
  }
}
constexpr std::size_t kUuidChars = 36;

template <typename T>
void atLeast(std::vector<T>& v, std::size_t n) {
  if (v.size() < n) v.resize(n);
}

// The one decoder of both records. It writes the flat record (FlatRecord) as it reads, through
// pointers into buffers sized up front from the input's length, and reports each field to the
// tree sink only when there is one (inspect). The field path of an error or a warning is built
// from `levels_` (the open lists and groups, with the element being read) and the leaf's name,
// only when one is raised.
class Decoder {
 public:
  Decoder(std::string_view root, std::span<const std::uint8_t> bytes, FlatRecord& out, tree::TreeSink* tree)
      : r_(bytes), input_(bytes.data()), root_(root), out_(out), tree_(tree) {
    // Upper bounds, so that no write below checks a capacity: at most a word per 2 input bytes
    // (a task is 2 words in 8 bytes, a topic partition 2 in 6 or more, a count 1 in 4) plus the
    // fixed ones; a text per 2 bytes (2 words each); a unit per byte plus the UUID's text.
    atLeast(out.words, bytes.size() / 2 + 16);
    atLeast(out.texts, bytes.size() + 8);
    atLeast(out.units, bytes.size() + kUuidChars);
    out.text_count = 0;
    out.unit_count = 0;
    out.warnings.clear();
    w_ = out.words.data();
  }

  const std::optional<StreamsError>& error() const { return error_; }
  std::size_t wordCount() const { return static_cast<std::size_t>(w_ - out_.words.data()); }

  bool subscription() {
    if (tree_) tree_->enter(root_, WireType::record, 0);
    std::int32_t version = 0;
    if (!word("version", version)) return false;
    if (version < 1) return fail(ErrorCode::UNSUPPORTED_VERSION, 0, "version", version, kLatestKnownVersion);
    std::int32_t latest = kUnknownVersion;
    if (version >= 3 && !i32("latest_supported_version", latest)) return false;
    *w_++ = latest;
    *w_++ = version > kLatestKnownVersion ? 1 : 0;
    if (version > kLatestKnownVersion) {
      // Version probing (SubscriptionInfo.decode 2.3.0, default branch): the rest is not read.
      if (!r_.atEnd()) {
        const std::size_t at = r_.position(), n = r_.remaining();
        r_.take(n);
        if (tree_) {
          tree_->raw("unread", WireType::bytes, at, n, true);
          tree_->meaning("not read: version probing");
        }
        warn("VERSION_PROBING", {}, at, n,
             "version newer than 4: read for version probing as Kafka 2.3 does (version and latest "
             "supported version only); the remaining bytes are not read");
      }
      return leave();
    }
    if (!uuid("process_id") || !tasks("prev_tasks") || !tasks("standby_tasks")) return false;
    if (version >= 2) {
      if (!endPoint("user_end_point")) return false;
    } else {
      *w_++ = -1;
    }
    return end();
  }

  bool assignment() {
    for (Seen& s : seen_) s.text = -1;
    if (tree_) tree_->enter(root_, WireType::record, 0);
    std::int32_t version = 0;
    if (!word("version", version)) return false;
    if (version < 1 || version > kLatestKnownVersion)
      return fail(ErrorCode::UNSUPPORTED_VERSION, 0, "version", version, kLatestKnownVersion);
    std::int32_t latest = kUnknownVersion;
    if (version >= 3 && !i32("latest_supported_version", latest)) return false;
    *w_++ = latest;
    std::int32_t* error_code = w_++;  // read last (v4)
    *error_code = 0;
    if (!tasks("active_tasks")) return false;
    std::int32_t n = 0;
    if (!openList("standby_tasks", kMinStandby, n)) return false;
    for (std::int32_t i = 0; i < n; ++i) {
      element(i);
      open("task");
      std::int32_t unused = 0;
      if (!word("topic_group_id", unused) || !word("partition", unused)) return false;
      close();
      if (!partitions()) return false;
      closeElement();
    }
    close();
    if (version >= 2) {
      if (!openList("partitions_by_host", kMinHost, n)) return false;
      for (std::int32_t i = 0; i < n; ++i) {
        element(i);
        std::int32_t port = 0;
        if (!javaUtf("host") || !word("port", port) || !partitions()) return false;
        closeElement();
      }
      close();
    } else {
      *w_++ = 0;  // no partitions by host
    }
    if (version >= 4 && !i32("error_code", *error_code)) return false;
    return end();
  }

 private:
  struct Level {
    std::string_view name;
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
  std::string path(std::string_view leaf) const {
    std::string s(root_);
    for (int i = 0; i < depth_; ++i) {
      s += '.';
      s += levels_[i].name;
      if (levels_[i].index >= 0) {
        s += '[';
        appendInt(s, levels_[i].index);
        s += ']';
      }
    }
    if (!leaf.empty()) {
      s += '.';
      s += leaf;
    }
    return s;
  }

  bool fail(ErrorCode code, std::size_t at, std::string_view leaf, std::int64_t found, std::int64_t limit,
            Shortfall shortfall = Shortfall::none) {
    error_ = StreamsError{code, at, path(leaf), found, limit, shortfall};
    if (tree_) tree_->fail();
    return false;
  }
  // TRUNCATED: a field of `width` bytes with fewer left.
  bool cutShort(std::size_t at, std::string_view leaf, std::size_t width) {
    return fail(ErrorCode::TRUNCATED, at, leaf, static_cast<std::int64_t>(r_.remaining()),
                static_cast<std::int64_t>(width), Shortfall::cut_short);
  }
  bool pastEnd(std::size_t at, std::string_view leaf, std::size_t length, std::size_t remaining) {
    return fail(ErrorCode::TRUNCATED, at, leaf, static_cast<std::int64_t>(length), static_cast<std::int64_t>(remaining),
                Shortfall::length_past_end);
  }

  void warn(std::string_view code, std::string_view leaf, std::size_t at, std::size_t length, const char* message) {
    out_.warnings.push_back(tree::Warning{code, path(leaf), at, length, message});
  }

  // ---- groups and lists (the tree's groups and the path's levels) ----
  void open(std::string_view name) {
    levels_[depth_++] = Level{name, -1};
    if (tree_) tree_->enter(name, WireType::record, r_.position());
  }
  void close() {
    --depth_;
    if (tree_) tree_->leave(r_.position());
  }
  void element(std::int32_t i) {
    levels_[depth_ - 1].index = i;
    if (tree_) tree_->enterIndex(static_cast<std::size_t>(i), WireType::record, r_.position());
  }
  void closeElement() {
    if (tree_) tree_->leave(r_.position());
  }
  bool leave() {
    if (tree_) tree_->leave(r_.position());
    return true;
  }

  // Opens list `name` and reads its count (written as a word): TRUNCATED if cut short,
  // NEGATIVE_LENGTH if < 0, TRUNCATED if count x minimum > remaining (as count > remaining /
  // minimum: no product). Passing it bounds every element's minimum size.
  bool openList(std::string_view name, std::size_t minimum, std::int32_t& n) {
    levels_[depth_++] = Level{name, -1};
    const std::size_t at = r_.position();
    if (tree_) tree_->enter(name, WireType::array, at);
    if (!r_.need(4)) {
      if (tree_) tree_->scalar("count", WireType::i32, at, r_.remaining(), false, 0);
      return cutShort(at, {}, 4);
    }
    n = r_.readI32();
    if (tree_) tree_->scalar("count", WireType::i32, at, 4, true, n);
    if (n < 0) return fail(ErrorCode::NEGATIVE_LENGTH, at, {}, n, 0);
    if (static_cast<std::size_t>(n) > r_.remaining() / minimum) {
      return fail(ErrorCode::TRUNCATED, at, {}, n, static_cast<std::int64_t>(r_.remaining()),
                  Shortfall::count_too_large);
    }
    *w_++ = n;
    return true;
  }

  // ---- fields ----
  bool i32(std::string_view name, std::int32_t& v) {
    const std::size_t at = r_.position();
    if (!r_.need(4)) {
      if (tree_) tree_->scalar(name, WireType::i32, at, r_.remaining(), false, 0);
      return cutShort(at, name, 4);
    }
    v = r_.readI32();
    if (tree_) tree_->scalar(name, WireType::i32, at, 4, true, v);
    return true;
  }
  // An i32 that is also a word of the record.
  bool word(std::string_view name, std::int32_t& v) {
    if (!i32(name, v)) return false;
    *w_++ = v;
    return true;
  }

  bool tasks(std::string_view name) {
    std::int32_t n = 0;
    if (!openList(name, kMinTask, n)) return false;
    if (tree_) {
      for (std::int32_t i = 0; i < n; ++i) {
        element(i);
        std::int32_t unused = 0;
        if (!word("topic_group_id", unused) || !word("partition", unused)) return false;
        closeElement();
      }
    } else {
      // A task is 8 bytes: the count check (n x 8 <= remaining) was the bounds check of them all.
      const std::uint8_t* p = r_.take(8 * static_cast<std::size_t>(n)).data();
      std::int32_t* w = w_;
      for (std::int32_t i = 0; i < 2 * n; ++i, p += 4) {
        w[i] = static_cast<std::int32_t>((std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) |
                                         (std::uint32_t{p[2]} << 8) | p[3]);
      }
      w_ += 2 * n;
    }
    close();
    return true;
  }

  // A list of (writeUTF topic, i32 partition).
  bool partitions() {
    std::int32_t n = 0;
    if (!openList("partitions", kMinTopicPartition, n)) return false;
    for (std::int32_t i = 0; i < n; ++i) {
      element(i);
      std::int32_t partition = 0;
      if (!javaUtf("topic") || !word("partition", partition)) return false;
      closeElement();
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

  // A text leaf for the tree: text k's units as UTF-8, or no value (k < 0: cut short or refused).
  void textNode(std::string_view name, WireType wire, std::size_t at, std::size_t length, std::int32_t k) {
    if (tree_) treeText(name, wire, at, length, k);
  }
  void treeText(std::string_view name, WireType wire, std::size_t at, std::size_t length, std::int32_t k) {
    if (k < 0) {
      tree_->text(name, wire, at, length, false, {});
      return;
    }
    const std::int32_t* t = &out_.texts[2 * static_cast<std::size_t>(k)];
    tree_->text(name, wire, at, length, true,
                javaStringToUtf8({out_.units.data() + t[0], static_cast<std::size_t>(t[1])}));
  }

  // DataOutput.writeUTF string (u16 length, modified UTF-8) named `name`, as a text word.
  bool javaUtf(std::string_view name) {
    const std::size_t at = r_.position();
    if (!r_.need(2)) {
      textNode(name, WireType::java_utf, at, r_.remaining(), -1);
      return cutShort(at, name, 2);
    }
    const auto length = static_cast<std::uint16_t>(r_.readI16());
    if (!r_.need(length)) {
      const std::size_t remaining = r_.remaining();
      textNode(name, WireType::java_utf, at, 2 + remaining, -1);
      return pastEnd(at, name, length, remaining);
    }
    const std::size_t body_at = r_.position();
    const auto body = r_.take(length);
    // One candidate per (length, first and last byte): the same topic again is found in one
    // comparison; a miss only costs the decode.
    Seen& seen = seen_[(length * 7u + (length ? body[0] + body[length - 1] * 3u : 0u)) % kSeen];
    if (seen.length != length || seen.text < 0 || std::memcmp(input_ + seen.at, body.data(), length) != 0) {
      const ModifiedUtf8Outcome o = decodeModifiedUtf8(body, poolEnd());
      if (o.refused) {
        textNode(name, WireType::java_utf, at, 2u + length, -1);
        // limit: why (1 cannot lead, 2 cut short by the end of the body, 3 a bad continuation)
        const std::size_t i = *o.refused;
        const std::uint8_t lead = body[i];
        const std::size_t need = (lead >> 4) == 14 ? 3 : 2;
        const int why = ((lead >> 4) < 12 || (lead >> 4) == 15) ? 1 : (body.size() - i < need ? 2 : 3);
        return fail(ErrorCode::INVALID_UTF8, at + 2 + i, name, lead, why);
      }
      seen =
          Seen{body_at, length, addText(o.units), o.first_non_utf8 ? static_cast<std::int32_t>(*o.first_non_utf8) : -1};
    }
    *w_++ = seen.text;
    textNode(name, WireType::java_utf, at, 2u + length, seen.text);
    if (seen.non_utf8 >= 0) {
      const auto first = static_cast<std::size_t>(seen.non_utf8);
      warn("JAVA_MODIFIED_UTF8", name, body_at + first, length - first,
           "decoded by DataInputStream.readUTF's modified UTF-8 rule (C0 80 is U+0000, a surrogate is a "
           "3-byte sequence, overlong forms pass); strict UTF-8 would refuse this byte");
    }
    return true;
  }

  // The subscription's user endpoint: i32 length + bytes, decoded as new String(bytes, UTF_8).
  bool endPoint(std::string_view name) {
    const std::size_t at = r_.position();
    if (!r_.need(4)) {
      textNode(name, WireType::bytes, at, r_.remaining(), -1);
      return cutShort(at, name, 4);
    }
    const std::int32_t length = r_.readI32();
    if (length < 0) {
      textNode(name, WireType::bytes, at, 4, -1);
      return fail(ErrorCode::NEGATIVE_LENGTH, at, name, length, 0);
    }
    if (!r_.need(static_cast<std::size_t>(length))) {
      const std::size_t remaining = r_.remaining();
      textNode(name, WireType::bytes, at, 4 + remaining, -1);
      return pastEnd(at, name, static_cast<std::size_t>(length), remaining);
    }
    const auto body = r_.take(static_cast<std::size_t>(length));
    if (length == 0) {  // Kafka leaves the endpoint null
      *w_++ = -1;
      if (tree_) {
        tree_->raw(name, WireType::bytes, at, 4, true);
        tree_->meaning("null (length 0: Kafka leaves the endpoint null)");
      }
      return true;
    }
    const LossyUtf8Outcome o = decodeUtf8Lossy(body, poolEnd());
    const std::int32_t k = addText(o.units);
    *w_++ = k;
    textNode(name, WireType::bytes, at, 4 + body.size(), k);
    if (o.first_bad) {
      warn("UTF8_REPLACED", name, at + 4 + *o.first_bad, body.size() - *o.first_bad,
           "not well-formed UTF-8: decoded as Kafka does (new String(bytes, UTF_8)), each ill-formed "
           "subpart replaced by U+FFFD");
    }
    return true;
  }

  bool uuid(std::string_view name) {
    const std::size_t at = r_.position();
    if (!r_.need(16)) {
      if (tree_) tree_->raw(name, WireType::uuid, at, r_.remaining(), false);
      return cutShort(at, name, 16);
    }
    const auto msb = static_cast<std::uint64_t>(r_.readI64());
    const auto lsb = static_cast<std::uint64_t>(r_.readI64());
    writeUuid(msb, lsb, poolEnd());
    const std::int32_t k = addText(kUuidChars);
    *w_++ = k;
    for (const std::uint64_t half : {msb, lsb}) {
      *w_++ = static_cast<std::int32_t>(half >> 32);
      *w_++ = static_cast<std::int32_t>(half);
    }
    textNode(name, WireType::uuid, at, 16, k);
    return true;
  }

  bool end() {
    // TRAILING_BYTES names the record.
    if (!r_.atEnd())
      return fail(ErrorCode::TRAILING_BYTES, r_.position(), {}, static_cast<std::int64_t>(r_.remaining()), 0);
    return leave();
  }

  Reader r_;
  const std::uint8_t* input_;
  std::string_view root_;
  FlatRecord& out_;
  tree::TreeSink* tree_;
  std::int32_t* w_;
  Level levels_[4]{};  // deepest: partitions_by_host[i].partitions[j]
  int depth_ = 0;
  Seen seen_[kSeen];  // initialised by assignment(): a subscription has no writeUTF string
  std::optional<StreamsError> error_;
};

// ---- the C++ records, read back from the flat form ----
class FlatReader {
 public:
  explicit FlatReader(const FlatRecord& f) : f_(f) {}
  std::int32_t next() { return f_.words[i_++]; }
  std::u16string text() {
    const auto k = static_cast<std::size_t>(next());
    return std::u16string(f_.units.data() + f_.texts[2 * k], static_cast<std::size_t>(f_.texts[2 * k + 1]));
  }
  std::uint64_t u64() {
    const auto high = static_cast<std::uint32_t>(next());
    return (std::uint64_t{high} << 32) | static_cast<std::uint32_t>(next());
  }
  TaskId task() {
    const std::int32_t group = next();
    return TaskId{group, next()};
  }
  std::vector<TaskId> tasks() {
    std::vector<TaskId> out(static_cast<std::size_t>(next()));
    for (TaskId& t : out) t = task();
    return out;
  }
  std::vector<TopicPartition> partitions() {
    std::vector<TopicPartition> out(static_cast<std::size_t>(next()));
    for (TopicPartition& p : out) {
      p.topic = text();
      p.partition = next();
    }
    return out;
  }

 private:
  const FlatRecord& f_;
  std::size_t i_ = 0;
};

}  // namespace

std::string StreamsError::message() const {
  std::string s = field;
  s += ": ";
  switch (code) {
    case ErrorCode::TRUNCATED:
      if (shortfall == Shortfall::count_too_large) {
        s += "count ";
        appendInt(s, found);
        s += " cannot fit: its elements need more than the ";
        appendInt(s, limit);
        s += limit == 1 ? " byte that remains" : " bytes that remain";
      } else if (shortfall == Shortfall::length_past_end) {
        s += "length says ";
        appendInt(s, found);
        s += " bytes but only ";
        appendInt(s, limit);
        s += " remain";
      } else {
        s += "needs ";
        appendInt(s, limit);
        s += " bytes but only ";
        appendInt(s, found);
        s += " remain";
      }
      break;
    case ErrorCode::TRAILING_BYTES:
      s += "expected the end of the record, found ";
      appendInt(s, found);
      s += found == 1 ? " more byte" : " more bytes";
      break;
    case ErrorCode::UNSUPPORTED_VERSION:
      s += "expected version 1..";
      appendInt(s, limit);
      s += field.rfind("subscription", 0) == 0 ? " (or newer, read for version probing), found "
                                               : " (Kafka 2.3 throws for any other), found ";
      appendInt(s, found);
      break;
    case ErrorCode::NEGATIVE_LENGTH:
      s += field.ends_with("user_end_point") ? "expected a length >= 0, found " : "expected a count >= 0, found ";
      appendInt(s, found);
      break;
    case ErrorCode::INVALID_UTF8:
      s += "DataInputStream.readUTF refuses byte 0x";
      coordination::detail::appendHex(s, static_cast<std::uint32_t>(found), 2);
      s += limit == 1   ? ": it cannot start a modified UTF-8 sequence (10xxxxxx or 1111xxxx)"
           : limit == 2 ? ": its sequence is cut short by the end of the string"
                        : ": a byte of its sequence is not a 10xxxxxx continuation";
      break;
    default:
      s += "error";
      break;
  }
  s += " (offset ";
  appendInt(s, offset);
  s += ")";
  return s;
}

std::string uuidString(std::uint64_t msb, std::uint64_t lsb) {
  char buf[kUuidChars];
  writeUuid(msb, lsb, buf);
  return std::string(buf, kUuidChars);
}

std::string_view streamsTargetName(StreamsTarget target) {
  return target == StreamsTarget::subscription ? "subscription" : "assignment";
}

std::optional<StreamsError> decodeFlat(StreamsTarget target, std::span<const std::uint8_t> bytes, FlatRecord& out,
                                       std::vector<tree::Node>* tree) {
  std::optional<tree::TreeSink> sink;
  if (tree) sink.emplace(*tree);
  Decoder d(streamsTargetName(target), bytes, out, sink ? &*sink : nullptr);
  const bool ok = target == StreamsTarget::subscription ? d.subscription() : d.assignment();
  out.word_count = d.wordCount();
  if (!ok && tree) {
    // The groups still open at the failure were never left: each ends where its last child ends.
    for (std::size_t i = tree->size(); i-- > 0;) {
      const tree::Node& n = (*tree)[i];
      if (n.parent < 0) continue;
      tree::Node& p = (*tree)[static_cast<std::size_t>(n.parent)];
      if (!p.complete && p.offset + p.length < n.offset + n.length) p.length = n.offset + n.length - p.offset;
    }
  }
  return d.error();
}

StreamsResult<SubscriptionInfo> decodeSubscription(std::span<const std::uint8_t> bytes) {
  FlatRecord f;
  if (auto error = decodeFlat(StreamsTarget::subscription, bytes, f)) return std::move(*error);
  FlatReader r(f);
  SubscriptionInfo s;
  s.version = r.next();
  s.latest_supported_version = r.next();
  s.probing = r.next() == 1;
  if (!s.probing) {
    r.next();  // the UUID's text
    s.process_id_msb = r.u64();
    s.process_id_lsb = r.u64();
    s.prev_tasks = r.tasks();
    s.standby_tasks = r.tasks();
    if (f.words[f.word_count - 1] >= 0) s.user_end_point = r.text();
  }
  s.warnings = std::move(f.warnings);
  return s;
}

StreamsResult<AssignmentInfo> decodeAssignment(std::span<const std::uint8_t> bytes) {
  FlatRecord f;
  if (auto error = decodeFlat(StreamsTarget::assignment, bytes, f)) return std::move(*error);
  FlatReader r(f);
  AssignmentInfo a;
  a.version = r.next();
  a.latest_supported_version = r.next();
  a.error_code = r.next();
  a.active_tasks = r.tasks();
  a.standby_tasks.resize(static_cast<std::size_t>(r.next()));
  for (StandbyTask& t : a.standby_tasks) {
    t.task = r.task();
    t.partitions = r.partitions();
  }
  a.partitions_by_host.resize(static_cast<std::size_t>(r.next()));
  for (HostPartitions& h : a.partitions_by_host) {
    h.host = r.text();
    h.port = r.next();
    h.partitions = r.partitions();
  }
  a.warnings = std::move(f.warnings);
  return a;
}

tree::Error neutralError(const StreamsError& e) {
  return tree::Error{errorCodeName(e.code), e.offset, e.field, e.message()};
}

StreamsInspection inspectStreams(StreamsTarget target, std::span<const std::uint8_t> bytes) {
  StreamsInspection in{target, {}, std::nullopt, {}, {}};
  in.error = decodeFlat(target, bytes, in.record, &in.fields);
  in.warnings = in.record.warnings;
  return in;
}

}  // namespace coordination::streams
