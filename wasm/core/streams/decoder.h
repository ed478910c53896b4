// The one decoder of each Streams record, a template on the neutral sink (tree/sink.h):
// decodeSubscription/decodeAssignment pass tree::NullSink (compiles away), inspectStreams passes
// tree::TreeSink (nodes with dynamic paths such as subscription.prev_tasks[3].partition).
// The error path is kept here too, by FieldPath: a fixed stack of (name, index) segments rendered
// only when an error or a warning needs it, so the fast path builds no strings (tree::Path, which
// the TreeSink keeps, is a std::string built as it goes).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "streams/streams.h"
#include "tree/sink.h"
#include "wire/java_text.h"
#include "wire/reader.h"

namespace coordination::streams::detail {

class FieldPath {
 public:
  explicit FieldPath(std::string_view root) : root_(root) {}
  void push(std::string_view name) { segs_[depth_++] = Seg{name, -1}; }
  void pop() { --depth_; }
  void index(std::int64_t i) { segs_[depth_ - 1].index = i; }  // the top list's current element
  std::string str() const;

 private:
  struct Seg {
    std::string_view name;
    std::int64_t index;
  };
  std::string_view root_;
  std::array<Seg, 8> segs_{};  // deepest: partitions_by_host[i].partitions[j].topic
  int depth_ = 0;
};

// Pushes a segment for the lifetime of the scope.
class Segment {
 public:
  Segment(FieldPath& p, std::string_view name) : p_(p) { p_.push(name); }
  ~Segment() { p_.pop(); }
  Segment(const Segment&) = delete;
  Segment& operator=(const Segment&) = delete;

 private:
  FieldPath& p_;
};

// Minimum wire size of one element of each list (golden/README.md): the count check refuses a
// count whose elements cannot fit before anything is read or allocated.
inline constexpr std::size_t kMinTask = 8;
inline constexpr std::size_t kMinTopicPartition = 2 + 4;
inline constexpr std::size_t kMinStandby = 8 + 4;
inline constexpr std::size_t kMinHost = 2 + 4 + 4;

template <typename Sink>
class Decoder {
 public:
  Decoder(std::span<const std::uint8_t> bytes, std::string_view root, Sink& sink, std::vector<tree::Warning>& warnings)
      : r_(bytes), path_(root), sink_(sink), warnings_(warnings) {}

  const std::optional<StreamsError>& error() const { return error_; }
  Reader& reader() { return r_; }
  FieldPath& path() { return path_; }
  Sink& sink() { return sink_; }

  static constexpr bool kTree = !std::is_same_v<Sink, tree::NullSink>;

  bool fail(ErrorCode code, std::size_t offset, std::int64_t found, std::int64_t limit,
            Shortfall shortfall = Shortfall::none) {
    error_ = StreamsError{code, offset, path_.str(), found, limit, shortfall};
    sink_.fail();
    return false;
  }

  void warn(std::string_view code, std::size_t offset, std::size_t length, std::string message) {
    warnings_.push_back(tree::Warning{code, path_.str(), offset, length, std::move(message)});
  }

  // A leaf's text for the tree (TreeSink only: the fast path never converts).
  void textLeaf(std::string_view name, tree::WireType wire, std::size_t at, std::size_t length, bool complete,
                const std::u16string* text) {
    if constexpr (kTree) {
      sink_.text(name, wire, at, length, complete && text, text ? javaStringToUtf8(*text) : std::string());
    }
  }

  // An i32 field named `name` (pushed on the path).
  bool i32(std::string_view name, std::int32_t& out) {
    Segment s(path_, name);
    const std::size_t at = r_.position();
    if (!r_.need(4)) {
      sink_.scalar(name, tree::WireType::i32, at, r_.remaining(), false, 0);
      return fail(ErrorCode::TRUNCATED, at, static_cast<std::int64_t>(r_.remaining()), 4, Shortfall::cut_short);
    }
    out = r_.readI32();
    sink_.scalar(name, tree::WireType::i32, at, 4, true, out);
    return true;
  }

  bool uuid(std::string_view name, std::uint64_t& msb, std::uint64_t& lsb) {
    Segment s(path_, name);
    const std::size_t at = r_.position();
    if (!r_.need(16)) {
      sink_.raw(name, tree::WireType::uuid, at, r_.remaining(), false);
      return fail(ErrorCode::TRUNCATED, at, static_cast<std::int64_t>(r_.remaining()), 16, Shortfall::cut_short);
    }
    msb = static_cast<std::uint64_t>(r_.readI64());
    lsb = static_cast<std::uint64_t>(r_.readI64());
    if constexpr (kTree) sink_.text(name, tree::WireType::uuid, at, 16, true, uuidString(msb, lsb));
    return true;
  }

  // A list count at the current path (the list's segment): TRUNCATED if cut short, NEGATIVE_LENGTH
  // if < 0, TRUNCATED if count x minimum > remaining (as count > remaining / minimum: no product).
  bool count(std::size_t minimum, std::size_t& out) {
    const std::size_t at = r_.position();
    if (!r_.need(4)) {
      countNode(at, r_.remaining(), false, 0);
      return fail(ErrorCode::TRUNCATED, at, static_cast<std::int64_t>(r_.remaining()), 4, Shortfall::cut_short);
    }
    const std::int32_t n = r_.readI32();
    countNode(at, 4, true, n);
    if (n < 0) return fail(ErrorCode::NEGATIVE_LENGTH, at, n, 0);
    const auto count = static_cast<std::size_t>(n);
    if (count > r_.remaining() / minimum) {
      return fail(ErrorCode::TRUNCATED, at, n, static_cast<std::int64_t>(r_.remaining()), Shortfall::count_too_large);
    }
    out = count;
    return true;
  }

  void countNode(std::size_t at, std::size_t length, bool complete, std::int32_t n) {
    sink_.scalar("count", tree::WireType::i32, at, length, complete, n);
  }

  // DataOutput.writeUTF string (u16 length, modified UTF-8) named `name`.
  bool javaUtf(std::string_view name, std::u16string& out) {
    Segment s(path_, name);
    const std::size_t at = r_.position();
    if (!r_.need(2)) {
      textLeaf(name, tree::WireType::java_utf, at, r_.remaining(), false, nullptr);
      return fail(ErrorCode::TRUNCATED, at, static_cast<std::int64_t>(r_.remaining()), 2, Shortfall::cut_short);
    }
    const auto length = static_cast<std::uint16_t>(r_.readI16());
    if (!r_.need(length)) {
      const std::size_t remaining = r_.remaining();
      textLeaf(name, tree::WireType::java_utf, at, 2 + remaining, false, nullptr);
      return fail(ErrorCode::TRUNCATED, at, length, static_cast<std::int64_t>(remaining), Shortfall::length_past_end);
    }
    const auto body = r_.take(length);
    const ModifiedUtf8Outcome o = decodeModifiedUtf8(body, out);
    if (o.refused) {
      textLeaf(name, tree::WireType::java_utf, at, 2u + length, false, nullptr);
      // limit: why (1 cannot lead, 2 cut short by the end of the body, 3 a bad continuation)
      const std::size_t i = *o.refused;
      const std::uint8_t lead = body[i];
      const std::size_t need = (lead >> 4) == 14 ? 3 : 2;
      const int why = ((lead >> 4) < 12 || (lead >> 4) == 15) ? 1 : (body.size() - i < need ? 2 : 3);
      return fail(ErrorCode::INVALID_UTF8, at + 2 + i, lead, why);
    }
    textLeaf(name, tree::WireType::java_utf, at, 2u + length, true, &out);
    if (o.first_non_utf8) {
      warn("JAVA_MODIFIED_UTF8", at + 2 + *o.first_non_utf8, 2u + length - 2 - *o.first_non_utf8,
           "decoded by DataInputStream.readUTF's modified UTF-8 rule (C0 80 is U+0000, a surrogate is a "
           "3-byte sequence, overlong forms pass); strict UTF-8 would refuse this byte");
    }
    return true;
  }

  // The subscription's user endpoint: i32 length + bytes, decoded as new String(bytes, UTF_8).
  bool lossyBytes(std::string_view name, std::optional<std::u16string>& out) {
    Segment s(path_, name);
    const std::size_t at = r_.position();
    if (!r_.need(4)) {
      textLeaf(name, tree::WireType::bytes, at, r_.remaining(), false, nullptr);
      return fail(ErrorCode::TRUNCATED, at, static_cast<std::int64_t>(r_.remaining()), 4, Shortfall::cut_short);
    }
    const std::int32_t length = r_.readI32();
    if (length < 0) {
      textLeaf(name, tree::WireType::bytes, at, 4, false, nullptr);
      return fail(ErrorCode::NEGATIVE_LENGTH, at, length, 0);
    }
    if (!r_.need(static_cast<std::size_t>(length))) {
      const std::size_t remaining = r_.remaining();
      textLeaf(name, tree::WireType::bytes, at, 4 + remaining, false, nullptr);
      return fail(ErrorCode::TRUNCATED, at, length, static_cast<std::int64_t>(remaining), Shortfall::length_past_end);
    }
    const auto body = r_.take(static_cast<std::size_t>(length));
    if (length == 0) {  // Kafka leaves the endpoint null
      sink_.raw(name, tree::WireType::bytes, at, 4, true);
      sink_.meaning("null (length 0: Kafka leaves the endpoint null)");
      return true;
    }
    out.emplace();
    const auto bad = decodeUtf8Lossy(body, *out);
    textLeaf(name, tree::WireType::bytes, at, 4 + body.size(), true, &*out);
    if (bad) {
      warn("UTF8_REPLACED", at + 4 + *bad, body.size() - *bad,
           "not well-formed UTF-8: decoded as Kafka does (new String(bytes, UTF_8)), each ill-formed "
           "subpart replaced by U+FFFD");
    }
    return true;
  }

  bool task(std::string_view name, TaskId& out) {
    Segment s(path_, name);
    sink_.enter(name, tree::WireType::record, r_.position());
    return taskFields(out);
  }

  // The two fields of a TaskId, in the group the caller entered; leaves it.
  bool taskFields(TaskId& out) {
    if (!i32("topic_group_id", out.topic_group_id) || !i32("partition", out.partition)) return false;
    sink_.leave(r_.position());
    return true;
  }

  // A list element: the caller's reader returns false on failure and leaves the element itself.
  void enterElement(std::size_t i) { sink_.enterIndex(i, tree::WireType::record, r_.position()); }

  // A list named `name` whose elements are read by `element(index)`; `reserve(n)` is called after
  // the count check (so allocation is bounded by the input).
  template <typename Reserve, typename Element>
  bool list(std::string_view name, std::size_t minimum, Reserve reserve, Element element) {
    Segment s(path_, name);
    sink_.enter(name, tree::WireType::array, r_.position());
    std::size_t n = 0;
    if (!count(minimum, n)) return false;
    reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      path_.index(static_cast<std::int64_t>(i));
      enterElement(i);
      if (!element(i)) return false;
    }
    path_.index(-1);
    sink_.leave(r_.position());
    return true;
  }

  bool tasks(std::string_view name, std::vector<TaskId>& out) {
    return list(
        name, kMinTask, [&](std::size_t n) { out.resize(n); }, [&](std::size_t i) { return taskFields(out[i]); });
  }

  bool topicPartitions(std::string_view name, std::vector<TopicPartition>& out) {
    return list(
        name, kMinTopicPartition, [&](std::size_t n) { out.resize(n); },
        [&](std::size_t i) {
          if (!javaUtf("topic", out[i].topic) || !i32("partition", out[i].partition)) return false;
          sink_.leave(r_.position());
          return true;
        });
  }

  bool end() {
    if (r_.atEnd()) return true;
    // TRAILING_BYTES names the record: the path is just the root here.
    return fail(ErrorCode::TRAILING_BYTES, r_.position(), static_cast<std::int64_t>(r_.remaining()), 0);
  }

 private:
  Reader r_;
  FieldPath path_;
  Sink& sink_;
  std::vector<tree::Warning>& warnings_;
  std::optional<StreamsError> error_;
};

template <typename Sink>
bool decodeSubscriptionFields(std::span<const std::uint8_t> bytes, SubscriptionInfo& out, Sink& sink,
                              std::optional<StreamsError>& error) {
  Decoder<Sink> d(bytes, "subscription", sink, out.warnings);
  auto done = [&](bool ok) {
    if (ok) sink.leave(d.reader().position());
    error = d.error();
    return ok;
  };
  sink.enter("subscription", tree::WireType::record, 0);
  if (!d.i32("version", out.version)) return done(false);
  if (out.version < 1) {
    Segment s(d.path(), "version");
    return done(d.fail(ErrorCode::UNSUPPORTED_VERSION, 0, out.version, kLatestKnownVersion));
  }
  if (out.version >= 3 && !d.i32("latest_supported_version", out.latest_supported_version)) return done(false);
  if (out.version > kLatestKnownVersion) {
    // Version probing (SubscriptionInfo.decode 2.3.0, default branch): the rest is not read.
    out.probing = true;
    Reader& r = d.reader();
    if (!r.atEnd()) {
      const std::size_t at = r.position(), n = r.remaining();
      r.take(n);
      d.sink().raw("unread", tree::WireType::bytes, at, n, true);
      d.sink().meaning("not read: version probing");
      d.warn("VERSION_PROBING", at, n,
             "version newer than 4: read for version probing as Kafka 2.3 does (version and latest "
             "supported version only); the remaining bytes are not read");
    }
    return done(true);
  }
  if (!d.uuid("process_id", out.process_id_msb, out.process_id_lsb)) return done(false);
  if (!d.tasks("prev_tasks", out.prev_tasks)) return done(false);
  if (!d.tasks("standby_tasks", out.standby_tasks)) return done(false);
  if (out.version >= 2 && !d.lossyBytes("user_end_point", out.user_end_point)) return done(false);
  return done(d.end());
}

template <typename Sink>
bool decodeAssignmentFields(std::span<const std::uint8_t> bytes, AssignmentInfo& out, Sink& sink,
                            std::optional<StreamsError>& error) {
  Decoder<Sink> d(bytes, "assignment", sink, out.warnings);
  auto done = [&](bool ok) {
    if (ok) sink.leave(d.reader().position());
    error = d.error();
    return ok;
  };
  sink.enter("assignment", tree::WireType::record, 0);
  if (!d.i32("version", out.version)) return done(false);
  if (out.version < 1 || out.version > kLatestKnownVersion) {
    Segment s(d.path(), "version");
    return done(d.fail(ErrorCode::UNSUPPORTED_VERSION, 0, out.version, kLatestKnownVersion));
  }
  if (out.version >= 3 && !d.i32("latest_supported_version", out.latest_supported_version)) return done(false);
  if (!d.tasks("active_tasks", out.active_tasks)) return done(false);
  const bool standby_ok = d.list(
      "standby_tasks", kMinStandby, [&](std::size_t n) { out.standby_tasks.resize(n); },
      [&](std::size_t i) {
        StandbyTask& t = out.standby_tasks[i];
        if (!d.task("task", t.task) || !d.topicPartitions("partitions", t.partitions)) return false;
        d.sink().leave(d.reader().position());
        return true;
      });
  if (!standby_ok) return done(false);
  if (out.version >= 2) {
    const bool hosts_ok = d.list(
        "partitions_by_host", kMinHost, [&](std::size_t n) { out.partitions_by_host.resize(n); },
        [&](std::size_t i) {
          HostPartitions& h = out.partitions_by_host[i];
          if (!d.javaUtf("host", h.host) || !d.i32("port", h.port) || !d.topicPartitions("partitions", h.partitions))
            return false;
          d.sink().leave(d.reader().position());
          return true;
        });
    if (!hosts_ok) return done(false);
  }
  if (out.version >= 4 && !d.i32("error_code", out.error_code)) return done(false);
  return done(d.end());
}

}  // namespace coordination::streams::detail
