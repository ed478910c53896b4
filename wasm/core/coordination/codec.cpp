// decode*/encode* of the public API: thin wrappers over the one decoder per kind (decoder.h) and
// the one Writer, sharing the checks in checks.h.
#include <string>

#include "coordination/checks.h"
#include "coordination/coordination_codec.h"
#include "coordination/decoder.h"
#include "wire/writer.h"

namespace coordination {

using detail::NullSink;

Result<KeyView> decodeKeyView(std::span<const std::uint8_t> bytes) {
  KeyView view{};
  NullSink sink;
  if (auto e = detail::decodeKeyFields(bytes, view, sink)) return *e;
  return view;
}

Result<RegistrationView> decodeRegistrationView(std::span<const std::uint8_t> bytes) {
  RegistrationView view{};
  NullSink sink;
  if (auto e = detail::decodeRegistrationFields(bytes, view, sink)) return *e;
  return view;
}

Result<LeaseView> decodeLeaseView(std::span<const std::uint8_t> bytes) {
  LeaseView view{};
  NullSink sink;
  if (auto e = detail::decodeLeaseFields(bytes, view, sink)) return *e;
  return view;
}

Result<CoordinationKey> decodeKey(std::span<const std::uint8_t> bytes) {
  auto view = decodeKeyView(bytes);
  if (!view.ok()) return view.error();
  const KeyView& v = view.value();
  return CoordinationKey{v.kind, std::string(v.role), std::string(v.member)};
}

bool isTombstone(ValueBytes bytes) { return !bytes.has_value() || bytes->empty(); }

Result<DecodedValue> decodeValue(RecordKind kind, ValueBytes bytes) {
  if (isTombstone(bytes)) return DecodedValue{Tombstone{}};
  if (kind == RecordKind::registration) {
    auto view = decodeRegistrationView(*bytes);
    if (!view.ok()) return view.error();
    const RegistrationView& v = view.value();
    return DecodedValue{Registration{std::string(v.member), v.registered_at}};
  }
  if (kind == RecordKind::lease) {
    auto view = decodeLeaseView(*bytes);
    if (!view.ok()) return view.error();
    const LeaseView& v = view.value();
    return DecodedValue{Lease{std::string(v.member), v.producer_id, v.producer_epoch, v.granted_at, v.deadline}};
  }
  // A kind outside the enum cannot come from decodeKey; report it as the key would.
  return Error{ErrorCode::UNKNOWN_KIND, 2, Field::key_kind, static_cast<std::int64_t>(kind), 0};
}

namespace {

std::span<const std::uint8_t> bytesOf(const std::string& s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

// The decoder's string checks, at the offset the string would have in the output.
std::optional<Error> checkString(Field field, detail::StringRule rule, const std::string& text,
                                 std::size_t offset) {
  if (auto e = detail::checkUtf8(field, bytesOf(text), offset + 2)) return e;
  return detail::checkBounds(rule, field, text.size(), offset);
}

}  // namespace

Result<std::vector<std::uint8_t>> encodeKey(const CoordinationKey& key) {
  const auto kind = static_cast<std::int16_t>(key.kind);
  if (auto e = detail::checkKind(kind, 2)) return *e;
  if (auto e = checkString(Field::key_role, detail::StringRule::role, key.role, 4)) return *e;
  const std::size_t member_at = 4 + 2 + key.role.size();
  if (auto e = checkString(Field::key_member, detail::keyMemberRule(key.kind), key.member, member_at)) return *e;
  detail::Writer w(member_at + 2 + key.member.size());
  w.writeI16(kVersion);
  w.writeI16(kind);
  w.writeString(key.role);
  w.writeString(key.member);
  return w.finish();
}

namespace {

Result<std::vector<std::uint8_t>> encodeRegistration(const Registration& r) {
  if (auto e = checkString(Field::registration_member, detail::StringRule::member, r.member, 2)) return *e;
  detail::Writer w(2 + 2 + r.member.size() + 8);
  w.writeI16(kVersion);
  w.writeString(r.member);
  w.writeI64(r.registered_at);
  return w.finish();
}

Result<std::vector<std::uint8_t>> encodeLease(const Lease& l) {
  if (auto e = checkString(Field::lease_member, detail::StringRule::member, l.member, 2)) return *e;
  const std::size_t id_at = 2 + 2 + l.member.size();
  if (auto e = detail::checkProducerId(l.producer_id, id_at)) return *e;
  if (auto e = detail::checkProducerEpoch(l.producer_epoch, id_at + 8)) return *e;
  detail::Writer w(id_at + 8 + 2 + 8 + 8);
  w.writeI16(kVersion);
  w.writeString(l.member);
  w.writeI64(l.producer_id);
  w.writeI16(l.producer_epoch);
  w.writeI64(l.granted_at);
  w.writeI64(l.deadline);
  return w.finish();
}

}  // namespace

Result<std::vector<std::uint8_t>> encodeValue(const CoordinationValue& value) {
  if (const auto* r = std::get_if<Registration>(&value)) return encodeRegistration(*r);
  return encodeLease(*std::get_if<Lease>(&value));
}

}  // namespace coordination
