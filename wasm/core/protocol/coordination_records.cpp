#include "protocol/coordination_records.h"

#include "coordination/coordination_codec.h"
#include "tree/invisible.h"

namespace coordination::protocol {

namespace {

// The slice of `text`, a view into `bytes`, which lie at `outer`.
Slice within(Slice outer, ByteSpan bytes, std::string_view text) {
  return Slice{outer.at + static_cast<std::size_t>(reinterpret_cast<const std::uint8_t*>(text.data()) - bytes.data()),
               static_cast<std::ptrdiff_t>(text.size())};
}

void fail(ProduceRequest& request, CoordinationRecord& c, std::string_view code, std::size_t offset,
          std::string_view field, std::string_view message, bool in_value) {
  c.error = static_cast<std::ptrdiff_t>(request.errors.size());
  request.errors.push_back(
      RecordError{request.keep(code), request.keep(field), request.keep(message), offset, in_value ? 1 : 0});
}

void fail(ProduceRequest& request, CoordinationRecord& c, const Error& e, bool in_value) {
  fail(request, c, errorCodeName(e.code), e.offset, fieldPath(e.field), e.message(), in_value);
}

// The record's reading, into `c` (filled in place: the request's array is its only copy).
void decode(ProduceRequest& request, CoordinationRecord& c, Slice key, ByteSpan key_bytes, Slice value,
            std::optional<ByteSpan> value_bytes) {
  if (key.null()) {
    return fail(request, c, "NULL_KEY", 0, "key", "key: the record has a null key; every coordination record has one",
                false);
  }
  const Result<KeyView> k = decodeKeyView(key_bytes);
  if (!k.ok()) return fail(request, c, k.error(), false);
  const KeyView& kv = k.value();
  c.key_kind = static_cast<std::int32_t>(kv.kind);
  c.role = within(key, key_bytes, kv.role);
  c.key_member = within(key, key_bytes, kv.member);
  if (isTombstone(value_bytes)) return;
  if (kv.kind == RecordKind::registration) {
    const Result<RegistrationView> v = decodeRegistrationView(*value_bytes);
    if (!v.ok()) return fail(request, c, v.error(), true);
    c.member = within(value, *value_bytes, v.value().member);
    c.registered_at = v.value().registered_at;
  } else {
    const Result<LeaseView> v = decodeLeaseView(*value_bytes);
    if (!v.ok()) return fail(request, c, v.error(), true);
    const LeaseView& l = v.value();
    c.member = within(value, *value_bytes, l.member);
    c.producer_id = l.producer_id;
    c.producer_epoch = l.producer_epoch;
    c.granted_at = l.granted_at;
    c.deadline = l.deadline;
  }
  c.value_kind = c.key_kind;
}

}  // namespace

std::ptrdiff_t decodeCoordinationRecord(ProduceRequest& request, Slice key, ByteSpan key_bytes, Slice value,
                                        std::optional<ByteSpan> value_bytes) {
  decode(request, request.decoded.emplace_back(), key, key_bytes, value, value_bytes);
  return static_cast<std::ptrdiff_t>(request.decoded.size() - 1);
}

std::string coordinationMeaning(const ProduceRequest& request, const CoordinationRecord& c, bool for_value) {
  if (c.error >= 0) {
    const RecordError& e = request.errors[static_cast<std::size_t>(c.error)];
    if ((e.in_value != 0) == for_value) {
      std::string s = "coordination ";
      s += request.text(e.code);
      s += ": ";
      s += request.text(e.message);
      return s;
    }
  }
  const bool lease = c.key_kind == static_cast<std::int32_t>(RecordKind::lease);
  if (!for_value) {
    if (c.key_kind < 0) return "coordination key: not decoded";
    std::string s = lease ? "coordination lease key, role " : "coordination registration key, role ";
    tree::appendShown(s, request.text(c.role));
    if (!lease) {
      s += ", member ";
      tree::appendShown(s, request.text(c.key_member));
    }
    return s;
  }
  if (c.error >= 0) return "coordination value: not decoded (the key did not decode)";
  if (c.value_kind < 0) return "tombstone (null or empty value)";
  std::string s = lease ? "coordination lease held by " : "coordination registration of ";
  tree::appendShown(s, request.text(c.member));
  return s;
}

}  // namespace coordination::protocol
