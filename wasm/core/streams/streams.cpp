#include "streams/streams.h"

#include <utility>

#include "streams/decoder.h"
#include "wire/append.h"

namespace coordination::streams {

namespace detail {

namespace {
void appendSegment(std::string& s, std::string_view name, std::int64_t index) {
  s += name;
  if (index >= 0) {
    s += '[';
    coordination::detail::appendInt(s, index);
    s += ']';
  }
}
}  // namespace

std::string FieldPath::str() const {
  std::string s(root_);
  for (int i = 0; i < depth_; ++i) {
    s += '.';
    appendSegment(s, segs_[i].name, segs_[i].index);
  }
  return s;
}

}  // namespace detail

namespace {

using coordination::detail::appendInt;

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

namespace {
// UUID.toString() into any 36-unit buffer (char for uuidString, char16_t for the flat pool).
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
}  // namespace

std::string uuidString(std::uint64_t msb, std::uint64_t lsb) {
  char buf[kUuidChars];
  writeUuid(msb, lsb, buf);
  return std::string(buf, kUuidChars);
}

StreamsResult<SubscriptionInfo> decodeSubscription(std::span<const std::uint8_t> bytes) {
  SubscriptionInfo out;
  tree::NullSink sink;
  std::optional<StreamsError> error;
  if (!detail::decodeSubscriptionFields(bytes, out, sink, error)) return std::move(*error);
  return out;
}

StreamsResult<AssignmentInfo> decodeAssignment(std::span<const std::uint8_t> bytes) {
  AssignmentInfo out;
  tree::NullSink sink;
  std::optional<StreamsError> error;
  if (!detail::decodeAssignmentFields(bytes, out, sink, error)) return std::move(*error);
  return out;
}

namespace {

// Counts the words first (a dry run), then writes them through a pointer into one resize: the
// flat form is the wasm fast path, and a push_back per word was a third of its time there.
class Flattener {
 public:
  Flattener(FlatRecord& out, std::int32_t* words) : out_(out), w_(words) {}
  void word(std::int32_t v) {
    if (w_) w_[n_] = v;
    ++n_;
  }
  void text(std::u16string_view s) {
    word(static_cast<std::int32_t>(out_.units.size()));
    word(static_cast<std::int32_t>(s.size()));
    if (w_) out_.units.append(s);
    units_ += s.size();
  }
  void uuid(std::uint64_t msb, std::uint64_t lsb) {
    word(static_cast<std::int32_t>(out_.units.size()));
    word(static_cast<std::int32_t>(kUuidChars));
    if (w_) {
      char16_t buf[kUuidChars];
      writeUuid(msb, lsb, buf);
      out_.units.append(buf, kUuidChars);
    }
    units_ += kUuidChars;
  }
  void tasks(const std::vector<TaskId>& ts) {
    word(static_cast<std::int32_t>(ts.size()));
    for (const TaskId& t : ts) {
      word(t.topic_group_id);
      word(t.partition);
    }
  }
  void parts(const std::vector<TopicPartition>& ps) {
    word(static_cast<std::int32_t>(ps.size()));
    for (const TopicPartition& p : ps) {
      text(p.topic);
      word(p.partition);
    }
  }
  std::size_t count() const { return n_; }
  std::size_t units() const { return units_; }

 private:
  FlatRecord& out_;
  std::int32_t* w_;
  std::size_t n_ = 0;
  std::size_t units_ = 0;
};

template <typename Record, typename Write>
void flattenWith(const Record& r, FlatRecord& out, Write write) {
  out.units.clear();
  Flattener dry(out, nullptr);
  write(r, dry);
  out.words.resize(dry.count());
  out.units.reserve(dry.units());
  Flattener f(out, out.words.data());
  write(r, f);
}

void writeSubscription(const SubscriptionInfo& s, Flattener& f) {
  f.word(s.version);
  f.word(s.latest_supported_version);
  f.word(s.probing ? 1 : 0);
  if (s.probing) return;
  f.uuid(s.process_id_msb, s.process_id_lsb);
  f.tasks(s.prev_tasks);
  f.tasks(s.standby_tasks);
  if (s.user_end_point) {
    f.text(*s.user_end_point);
  } else {
    f.word(-1);
    f.word(0);
  }
}

void writeAssignment(const AssignmentInfo& a, Flattener& f) {
  f.word(a.version);
  f.word(a.latest_supported_version);
  f.word(a.error_code);
  f.tasks(a.active_tasks);
  f.word(static_cast<std::int32_t>(a.standby_tasks.size()));
  for (const StandbyTask& t : a.standby_tasks) {
    f.word(t.task.topic_group_id);
    f.word(t.task.partition);
    f.parts(t.partitions);
  }
  f.word(static_cast<std::int32_t>(a.partitions_by_host.size()));
  for (const HostPartitions& h : a.partitions_by_host) {
    f.text(h.host);
    f.word(h.port);
    f.parts(h.partitions);
  }
}

}  // namespace

void flatten(const SubscriptionInfo& s, FlatRecord& out) { flattenWith(s, out, writeSubscription); }
void flatten(const AssignmentInfo& a, FlatRecord& out) { flattenWith(a, out, writeAssignment); }

std::optional<StreamsError> decodeFlat(StreamsTarget target, std::span<const std::uint8_t> bytes, FlatRecord& out) {
  if (target == StreamsTarget::subscription) {
    auto r = decodeSubscription(bytes);
    if (!r.ok()) return r.error();
    flatten(r.value(), out);
  } else {
    auto r = decodeAssignment(bytes);
    if (!r.ok()) return r.error();
    flatten(r.value(), out);
  }
  return std::nullopt;
}

std::string_view streamsTargetName(StreamsTarget target) {
  return target == StreamsTarget::subscription ? "subscription" : "assignment";
}

tree::Error neutralError(const StreamsError& e) {
  return tree::Error{errorCodeName(e.code), e.offset, e.field, e.message()};
}

StreamsInspection inspectStreams(StreamsTarget target, std::span<const std::uint8_t> bytes) {
  StreamsInspection in{target, {}, std::nullopt, {}};
  tree::TreeSink sink(in.fields);
  if (target == StreamsTarget::subscription) {
    SubscriptionInfo out;
    (void)detail::decodeSubscriptionFields(bytes, out, sink, in.error);
    in.warnings = std::move(out.warnings);
  } else {
    AssignmentInfo out;
    (void)detail::decodeAssignmentFields(bytes, out, sink, in.error);
    in.warnings = std::move(out.warnings);
  }
  if (in.error) {
    // The groups still open at the failure were never left: each ends where its last child ends.
    for (std::size_t i = in.fields.size(); i-- > 0;) {
      const tree::Node& n = in.fields[i];
      if (n.parent < 0) continue;
      tree::Node& p = in.fields[static_cast<std::size_t>(n.parent)];
      if (!p.complete && p.offset + p.length < n.offset + n.length) p.length = n.offset + n.length - p.offset;
    }
  }
  return in;
}

}  // namespace coordination::streams
