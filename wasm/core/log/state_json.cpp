// The fold's result as JSON: the document of `coordination-viewer state --format json` and of the
// JS API's foldState (which parses it once per call, not per record).
#include <string>

#include "log/fold.h"
#include "wire/append.h"

namespace coordination {
namespace {

using detail::appendHex;
using detail::appendInt;

// A JSON string: runs of plain characters appended whole, only '"', '\\' and controls escaped.
void str(std::string& o, std::string_view s) {
  o += '"';
  std::size_t run = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto u = static_cast<unsigned char>(s[i]);
    if (u >= 0x20 && u != '"' && u != '\\') continue;
    o.append(s.data() + run, i - run);
    run = i + 1;
    if (u < 0x20) {
      o += "\\u";
      appendHex(o, u, 4);
    } else {
      o += '\\';
      o += static_cast<char>(u);
    }
  }
  o.append(s.data() + run, s.size() - run);
  o += '"';
}

void i64(std::string& o, std::int64_t v) {
  o += '"';
  appendInt(o, v);
  o += '"';
}

void key(std::string& o, std::string_view k) {
  o += '"';
  o += k;
  o += "\":";
}

void value(std::string& o, const DecodedValue& v) {
  if (const auto* r = std::get_if<Registration>(&v)) {
    o += "{\"member\":";
    str(o, r->member);
    o += ",\"registeredAt\":";
    i64(o, r->registered_at);
    o += '}';
  } else if (const auto* l = std::get_if<Lease>(&v)) {
    o += "{\"member\":";
    str(o, l->member);
    o += ",\"producerId\":";
    i64(o, l->producer_id);
    o += ",\"producerEpoch\":";
    appendInt(o, l->producer_epoch);
    o += ",\"grantedAt\":";
    i64(o, l->granted_at);
    o += ",\"deadline\":";
    i64(o, l->deadline);
    o += '}';
  } else {
    o += "null";
  }
}

}  // namespace

std::string stateToJson(const FoldState& s, bool with_history) {
  std::string o;
  o.reserve(256 + s.roles.size() * 160);
  o += "{\"roles\":[";
  for (std::size_t i = 0; i < s.roles.size(); ++i) {
    const RoleState& r = s.roles[i];
    if (i) o += ',';
    o += "{\"role\":";
    str(o, r.role);
    o += ",\"partition\":";
    appendInt(o, r.partition);
    o += ",\"lease\":";
    if (r.lease) {
      o += "{\"holder\":";
      str(o, r.lease->holder);
      o += ",\"producerId\":";
      i64(o, r.lease->producer_id);
      o += ",\"producerEpoch\":";
      appendInt(o, r.lease->producer_epoch);
      o += ",\"grantedAt\":";
      i64(o, r.lease->granted_at);
      o += ",\"deadline\":";
      i64(o, r.lease->deadline);
      o += ",\"expired\":";
      o += r.expired ? "true" : "false";
      o += '}';
    } else {
      o += "null";
    }
    o += ",\"members\":[";
    const std::span<const MemberState> members = s.membersOf(r);
    for (std::size_t m = 0; m < members.size(); ++m) {
      if (m) o += ',';
      o += "{\"member\":";
      str(o, members[m].member);
      o += ",\"registeredAt\":";
      i64(o, members[m].registered_at);
      o += '}';
    }
    o += "]}";
  }
  o += "],\"anomalies\":[";
  for (std::size_t i = 0; i < s.anomalies.size(); ++i) {
    const Anomaly& a = s.anomalies[i];
    if (i) o += ',';
    o += "{\"kind\":";
    str(o, anomalyKindName(a.kind));
    o += ",\"role\":";
    str(o, a.role);
    o += ",\"offset\":";
    i64(o, a.offset);
    o += ",\"message\":";
    str(o, a.message);
    o += '}';
  }
  o += "],\"errors\":[";
  for (std::size_t i = 0; i < s.errors.size(); ++i) {
    const FoldError& e = s.errors[i];
    if (i) o += ',';
    o += '{';
    if (e.line >= 0 && e.offset < 0) {
      key(o, "line");
      appendInt(o, e.line);
    } else {
      key(o, "offset");
      i64(o, e.offset);
    }
    o += ",\"code\":";
    str(o, e.code);
    o += ",\"field\":";
    str(o, e.field);
    o += ",\"message\":";
    str(o, e.message);
    o += '}';
  }
  o += "],\"records\":";
  appendInt(o, s.records);
  if (s.anomalies_omitted) {
    o += ",\"anomaliesOmitted\":";
    appendInt(o, s.anomalies_omitted);
  }
  if (s.errors_omitted) {
    o += ",\"errorsOmitted\":";
    appendInt(o, s.errors_omitted);
  }
  if (with_history) {
    o += ",\"history\":[";
    for (std::size_t i = 0; i < s.history.size(); ++i) {
      const KeyHistory& h = s.history[i];
      if (i) o += ',';
      o += "{\"role\":";
      str(o, h.role);
      o += ",\"kind\":";
      o += h.kind == RecordKind::lease ? "\"lease\"" : "\"registration\"";
      o += ",\"member\":";
      str(o, h.member);
      o += ",\"partition\":";
      appendInt(o, h.partition);
      o += ",\"entries\":[";
      for (std::size_t j = 0; j < h.entries.size(); ++j) {
        if (j) o += ',';
        o += "{\"offset\":";
        i64(o, h.entries[j].offset);
        o += ",\"timestamp\":";
        i64(o, h.entries[j].timestamp);
        o += ",\"value\":";
        value(o, h.entries[j].value);
        o += '}';
      }
      o += "]}";
    }
    o += ']';
  }
  o += '}';
  return o;
}

}  // namespace coordination
