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

// The UTF-8 check and the size of a string given as its bytes or as StringFacts.
std::optional<Error> checkUtf8Of(Field field, const std::string& text, std::size_t body_offset) {
  return detail::checkUtf8(field, bytesOf(text), body_offset);
}
std::optional<Error> checkUtf8Of(Field field, const StringFacts& facts, std::size_t body_offset) {
  if (!facts.lone_surrogate_at) return std::nullopt;
  // The bytes before it are well-formed and end on a character boundary, so the validator meets
  // the generalized form in its start state and fails within these three bytes, as in the string.
  const std::uint16_t u = facts.lone_surrogate;
  const std::uint8_t form[3] = {static_cast<std::uint8_t>(0xE0 | (u >> 12)),
                                static_cast<std::uint8_t>(0x80 | ((u >> 6) & 0x3F)),
                                static_cast<std::uint8_t>(0x80 | (u & 0x3F))};
  return detail::checkUtf8(field, form, body_offset + *facts.lone_surrogate_at);
}
std::size_t sizeOf(const std::string& text) { return text.size(); }
std::size_t sizeOf(const StringFacts& facts) { return facts.utf8_bytes; }

// The decoder's string checks, at the offset the string would have in the output.
template <typename Text>
std::optional<Error> checkString(Field field, detail::StringRule rule, const Text& text, std::size_t offset) {
  if (auto e = checkUtf8Of(field, text, offset + 2)) return e;
  return detail::checkBounds(rule, field, sizeOf(text), offset);
}

// Every check of a key before it is written, in wire order.
template <typename Text>
std::optional<Error> checkKey(RecordKind kind, const Text& role, const Text& member) {
  if (auto e = detail::checkKind(static_cast<std::int16_t>(kind), 2)) return e;
  if (auto e = checkString(Field::key_role, detail::StringRule::role, role, 4)) return e;
  return checkString(Field::key_member, detail::keyMemberRule(kind), member, 4 + 2 + sizeOf(role));
}

// A value's member: its first field after the version.
template <typename Text>
std::optional<Error> checkMember(RecordKind kind, const Text& member) {
  const Field field = kind == RecordKind::lease ? Field::lease_member : Field::registration_member;
  return checkString(field, detail::StringRule::member, member, 2);
}

}  // namespace

std::optional<Error> checkKeyStrings(RecordKind kind, const StringFacts& role, const StringFacts& member) {
  return checkKey(kind, role, member);
}

std::optional<Error> checkValueMember(RecordKind kind, const StringFacts& member) { return checkMember(kind, member); }

Result<std::vector<std::uint8_t>> encodeKey(const CoordinationKey& key) {
  if (auto e = checkKey(key.kind, key.role, key.member)) return *e;
  detail::Writer w(4 + 2 + key.role.size() + 2 + key.member.size());
  w.writeI16(kVersion);
  w.writeI16(static_cast<std::int16_t>(key.kind));
  w.writeString(key.role);
  w.writeString(key.member);
  return w.finish();
}

namespace {

Result<std::vector<std::uint8_t>> encodeRegistration(const Registration& r) {
  if (auto e = checkMember(RecordKind::registration, r.member)) return *e;
  detail::Writer w(2 + 2 + r.member.size() + 8);
  w.writeI16(kVersion);
  w.writeString(r.member);
  w.writeI64(r.registered_at);
  return w.finish();
}

Result<std::vector<std::uint8_t>> encodeLease(const Lease& l) {
  if (auto e = checkMember(RecordKind::lease, l.member)) return *e;
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
