#include "coordination/spec_decoder.h"

#include <string>

#include "coordination/checks.h"

namespace coordination::spec {

namespace {

namespace gen = schema::records;

const schema::Options kKey{.root = "key"};
const schema::Options kRegistration{.root = "registration"};
const schema::Options kLease{.root = "lease"};

// The key's member rule, read by the generated decoder without bounds (a spec's bounds cannot
// depend on another field): a registration key's member is 1..255 bytes, a lease key's is empty.
// Checked where the hand-written decoder checks it: after the member's UTF-8, before the end.
void checkKeyMember(const gen::CoordinationKey& key, std::optional<tree::Error>& error) {
  if (error && error->code != errorCodeName(ErrorCode::TRAILING_BYTES)) return;
  const auto rule = detail::keyMemberRule(static_cast<RecordKind>(key.kind));
  if (auto e =
          detail::checkBounds(rule, Field::key_member, static_cast<std::size_t>(key.member.length), key.member.at - 2))
    error = neutralError(*e);
}

// Reads `bytes` as `target` with `read` (the generated decode, or inspect into `in`), the record
// into `record` when there is no error.
template <typename Read>
std::optional<tree::Error> readAs(Target target, Decoders& d, RecordView& record, Read read) {
  switch (target) {
    case Target::key: {
      auto e = read(d.key, kKey);
      checkKeyMember(d.key.root, e);
      const auto& k = d.key.root;
      if (!e) record = KeyView{static_cast<RecordKind>(k.kind), d.key.text(k.role), d.key.text(k.member)};
      return e;
    }
    case Target::registration: {
      auto e = read(d.registration, kRegistration);
      const auto& r = d.registration.root;
      if (!e) record = RegistrationView{d.registration.text(r.member), r.registered_at};
      return e;
    }
    case Target::lease: {
      auto e = read(d.lease, kLease);
      const auto& l = d.lease.root;
      if (!e) record = LeaseView{d.lease.text(l.member), l.producer_id, l.producer_epoch, l.granted_at, l.deadline};
      return e;
    }
  }
  tree::contractViolation("unknown Target");
}

// The generated read of each message, by its Decoded's type.
std::optional<tree::Error> decodeInto(std::span<const std::uint8_t> b, gen::CoordinationKeyDecoded& o,
                                      const schema::Options& opt) {
  return gen::decodeCoordinationKey(b, o, opt);
}
std::optional<tree::Error> decodeInto(std::span<const std::uint8_t> b, gen::CoordinationRegistrationDecoded& o,
                                      const schema::Options& opt) {
  return gen::decodeCoordinationRegistration(b, o, opt);
}
std::optional<tree::Error> decodeInto(std::span<const std::uint8_t> b, gen::CoordinationLeaseDecoded& o,
                                      const schema::Options& opt) {
  return gen::decodeCoordinationLease(b, o, opt);
}
schema::Inspection inspectInto(std::span<const std::uint8_t> b, gen::CoordinationKeyDecoded& o,
                               const schema::Options& opt) {
  return gen::inspectCoordinationKey(b, o, opt);
}
schema::Inspection inspectInto(std::span<const std::uint8_t> b, gen::CoordinationRegistrationDecoded& o,
                               const schema::Options& opt) {
  return gen::inspectCoordinationRegistration(b, o, opt);
}
schema::Inspection inspectInto(std::span<const std::uint8_t> b, gen::CoordinationLeaseDecoded& o,
                               const schema::Options& opt) {
  return gen::inspectCoordinationLease(b, o, opt);
}

FieldNode makeNode(std::string path, tree::WireType wire, std::size_t offset, std::size_t length, int parent,
                   bool complete) {
  FieldNode n;
  n.name = std::string(tree::lastSegment(path));
  n.path = std::move(path);
  n.wire_type = tree::wireTypeName(wire);
  n.offset = offset;
  n.length = length;
  n.parent = parent;
  n.complete = complete;
  return n;
}

// The generated tree (the record's node, each field a leaf in it) in the hand-written shape: the
// fields at the top, the kind's words, a string as the group of its length prefix (the declared
// length, read again from `bytes`: the generated leaf does not keep it) and its UTF-8 body; only
// the failing field incomplete.
std::vector<FieldNode> reshape(std::vector<FieldNode>& nodes, std::span<const std::uint8_t> bytes,
                               const std::optional<tree::Error>& error) {
  std::vector<FieldNode> out;
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    FieldNode n = std::move(nodes[i]);
    n.parent = -1;
    n.complete = !(error && i + 1 == nodes.size() && error->field == n.path);
    if (n.path == fieldPath(Field::key_kind) && std::holds_alternative<std::int64_t>(n.value)) {
      const auto kind = std::get<std::int64_t>(n.value);
      n.meaning = kind == 0 ? "registration" : kind == 1 ? "lease" : "unknown kind";
    }
    if (n.wire_type != tree::wireTypeName(tree::WireType::string)) {
      out.push_back(std::move(n));
      continue;
    }
    const bool prefix_read = n.length >= 2;
    const bool body_ok = std::holds_alternative<std::string>(n.value);
    const int group = static_cast<int>(out.size());
    const std::string path = n.path;
    const std::size_t at = n.offset, length = n.length;
    std::string text = body_ok ? std::get<std::string>(n.value) : std::string();
    out.push_back(std::move(n));
    FieldNode prefix =
        makeNode(path + ".length", tree::WireType::i16, at, prefix_read ? 2 : length, group, prefix_read);
    const auto declared = prefix_read ? static_cast<std::int16_t>(bytes[at] << 8 | bytes[at + 1]) : std::int16_t{-1};
    if (prefix_read) prefix.value = std::int64_t{declared};
    out.push_back(std::move(prefix));
    if (declared < 0) continue;
    FieldNode body = makeNode(path + ".utf8", tree::WireType::utf8, at + 2, length - 2, group, body_ok);
    if (body_ok) body.value = std::move(text);
    out.push_back(std::move(body));
  }
  return out;
}

}  // namespace

std::optional<tree::Error> decode(Target target, std::span<const std::uint8_t> bytes, Decoders& decoders,
                                  RecordView& record) {
  return readAs(target, decoders, record,
                [&](auto& out, const schema::Options& options) { return decodeInto(bytes, out, options); });
}

Inspection inspect(Target target, ValueBytes bytes, Decoders& decoders) {
  tree::require(targetFromIndex(static_cast<int>(target)).has_value(), "spec::inspect: unknown Target");
  Inspection in;
  if (target != Target::key && isTombstone(bytes)) {
    in.tombstone = true;
    return in;
  }
  const std::span<const std::uint8_t> input = bytes ? *bytes : std::span<const std::uint8_t>{};
  schema::Inspection generated;
  in.error = readAs(target, decoders, in.record, [&](auto& out, const schema::Options& options) {
    generated = inspectInto(input, out, options);
    return std::move(generated.error);
  });
  in.fields = reshape(generated.fields, input, in.error);
  detail::addWarnings(in.warnings, in.fields, in.error, input);
  return in;
}

}  // namespace coordination::spec
