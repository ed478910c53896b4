// libFuzzer target for the C++ core (built with clang -fsanitize=fuzzer,address,undefined by
// tests/fuzz/run.sh). The first input byte picks what to fuzz; the rest is the record.
//   0 key, 1 registration, 2 lease  -> decode through every entry point; they must agree; every
//                                      valid decode re-encodes to exactly the input bytes
//   3 batch (next byte: target)      -> validateBatch agrees with per-record decodes
//   4 encoders                       -> arbitrary strings/ints into encodeKey/encodeValue; every
//                                      accepted record decodes back to itself
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "check.h"
#include "coordination/coordination_codec.h"
#include "coordination/inspect.h"

using namespace coordination;

namespace {

using Bytes = std::span<const std::uint8_t>;

bool sameBytes(Bytes a, const std::vector<std::uint8_t>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size()) == 0);
}

void checkError(const Error& e, Bytes in) {
  CHECK(e.offset <= in.size());
  CHECK(static_cast<int>(e.code) < kErrorCodeCount);
  const std::string m = e.message();
  CHECK(!m.empty());
  CHECK(m.find(fieldPath(e.field)) != std::string::npos);
}

void checkInspection(const Inspection& in, Target t, Bytes b, const std::optional<Error>& err) {
  CHECK(in.target == t);
  CHECK(in.error == err);
  for (const FieldNode& n : in.fields) {
    CHECK(n.offset <= b.size());
    CHECK(n.length <= b.size() - n.offset);
    CHECK(n.parent < static_cast<int>(in.fields.size()));
  }
  // The record is kept exactly when the decode succeeded, as the target's view.
  CHECK(std::holds_alternative<std::monostate>(in.record) == err.has_value());
  if (!err) CHECK(in.record.index() == static_cast<std::size_t>(t) + 1);
  for (const Warning& w : in.warnings) {
    CHECK(w.offset <= b.size());
    CHECK(!w.message.empty());
  }
}

bool sameRecord(const KeyView& v, const CoordinationKey& k) {
  return v.kind == k.kind && v.role == k.role && v.member == k.member;
}
bool sameRecord(const RegistrationView& v, const Registration& r) {
  return v.member == r.member && v.registered_at == r.registered_at;
}
bool sameRecord(const LeaseView& v, const Lease& l) {
  return v.member == l.member && v.producer_id == l.producer_id && v.producer_epoch == l.producer_epoch &&
         v.granted_at == l.granted_at && v.deadline == l.deadline;
}

// decodeValue's record as a Result of its one kind (the input is not empty: no tombstone).
template <typename Record>
Result<Record> asRecord(const Result<DecodedValue>& r) {
  if (!r.ok()) return r.error();
  const Record* record = std::get_if<Record>(&r.value());
  CHECK(record != nullptr);
  return *record;
}

// The owning decode and the view agree, and a valid record re-encodes to exactly b.
template <typename Record, typename View, typename Encode>
std::optional<Error> agree(Bytes b, const Result<Record>& r, const Result<View>& v, Encode encode) {
  CHECK(r.ok() == v.ok());
  if (!r.ok()) {
    CHECK(r.error() == v.error());
    return r.error();
  }
  CHECK(sameRecord(v.value(), r.value()));
  auto e = encode(r.value());
  CHECK(e.ok());
  CHECK(sameBytes(b, e.value()));
  return std::nullopt;
}

// Decodes b as t through every entry point. Returns the error, if any.
std::optional<Error> decodeAll(Target t, Bytes b) {
  if (t != Target::key && b.empty()) {
    const auto kind = t == Target::registration ? RecordKind::registration : RecordKind::lease;
    auto r = decodeValue(kind, b);
    CHECK(r.ok() && std::holds_alternative<Tombstone>(r.value()));
    CHECK(inspect(t, b).tombstone);
    return std::nullopt;
  }
  const auto encodeOne = [](const auto& value) { return encodeValue(CoordinationValue{value}); };
  std::optional<Error> err;
  switch (t) {
    case Target::key:
      err = agree(b, decodeKey(b), decodeKeyView(b), [](const CoordinationKey& k) { return encodeKey(k); });
      break;
    case Target::registration:
      err = agree(b, asRecord<Registration>(decodeValue(RecordKind::registration, b)), decodeRegistrationView(b),
                  encodeOne);
      break;
    case Target::lease:
      err = agree(b, asRecord<Lease>(decodeValue(RecordKind::lease, b)), decodeLeaseView(b), encodeOne);
      break;
  }
  if (err) checkError(*err, b);
  checkInspection(inspect(t, b), t, b, err);
  return err;
}

void fuzzBatch(Target t, Bytes frames) {
  const BatchSummary s = validateBatch(t, frames);
  // Re-walk the frames and decode each record on its own.
  std::uint64_t records = 0, valid = 0, tombstones = 0, by_code[kErrorCodeCount] = {};
  std::optional<Error> first;
  std::size_t pos = 0;
  std::optional<std::size_t> framing;
  while (pos < frames.size()) {
    if (frames.size() - pos < 4) {
      framing = pos;
      break;
    }
    const std::int32_t n =
        static_cast<std::int32_t>((std::uint32_t{frames[pos]} << 24) | (std::uint32_t{frames[pos + 1]} << 16) |
                                  (std::uint32_t{frames[pos + 2]} << 8) | frames[pos + 3]);
    if (n < -1 || (n >= 0 && static_cast<std::size_t>(n) > frames.size() - pos - 4)) {
      framing = pos;
      break;
    }
    Bytes rec = n < 0 ? Bytes{} : frames.subspan(pos + 4, static_cast<std::size_t>(n));
    pos += 4 + (n < 0 ? 0 : static_cast<std::size_t>(n));
    ++records;
    if (t != Target::key && rec.empty()) {
      ++tombstones;
      continue;
    }
    if (auto e = decodeAll(t, rec)) {
      ++by_code[static_cast<int>(e->code)];
      if (!first) first = e;
    } else {
      ++valid;
    }
  }
  CHECK(s.records == records && s.valid == valid && s.tombstones == tombstones);
  for (int c = 0; c < kErrorCodeCount; ++c) CHECK(s.by_code[c] == by_code[c]);
  CHECK(s.first_error == first);
  CHECK(s.framing_error_offset == framing);
}

// Encoders on arbitrary input: [kind][producer_epoch 2][ids 8x3][role len][member len] role member.
void fuzzEncoders(Bytes b) {
  if (b.size() < 30) return;
  const auto kind = static_cast<RecordKind>(static_cast<std::int16_t>(b[0] % 3));
  const auto epoch = static_cast<std::int16_t>((b[1] << 8) | b[2]);
  std::int64_t ids[3];
  for (int i = 0; i < 3; ++i) {
    std::uint64_t v = 0;
    for (int k = 0; k < 8; ++k) v = (v << 8) | b[static_cast<std::size_t>(3 + 8 * i + k)];
    ids[i] = static_cast<std::int64_t>(v);
  }
  Bytes rest = b.subspan(29);
  const std::size_t role_len = std::min<std::size_t>(b[27], rest.size());
  std::string role(reinterpret_cast<const char*>(rest.data()), role_len);
  rest = rest.subspan(role_len);
  std::string member(reinterpret_cast<const char*>(rest.data()), std::min<std::size_t>(b[28], rest.size()));
  if (b[28] == 255 && rest.size() > 255) member.assign(reinterpret_cast<const char*>(rest.data()), rest.size());

  auto k = encodeKey(CoordinationKey{kind, role, member});
  if (k.ok()) {
    auto d = decodeKey(k.value());
    CHECK(d.ok() && d.value() == (CoordinationKey{kind, role, member}));
  } else {
    CHECK(k.error().message().find(fieldPath(k.error().field)) != std::string::npos);
  }
  auto r = encodeValue(Registration{member, ids[0]});
  if (r.ok()) {
    auto d = decodeValue(RecordKind::registration, r.value());
    CHECK(d.ok() && std::get<Registration>(d.value()) == (Registration{member, ids[0]}));
  }
  const Lease lease{member, ids[0], epoch, ids[1], ids[2]};
  auto l = encodeValue(lease);
  if (l.ok()) {
    auto d = decodeValue(RecordKind::lease, l.value());
    CHECK(d.ok() && std::get<Lease>(d.value()) == lease);
  } else {
    CHECK(l.error().code != ErrorCode::TRUNCATED);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Tombstones, every run (cheap).
  CHECK(decodeValue(RecordKind::registration, std::nullopt).ok());
  CHECK(decodeValue(RecordKind::lease, Bytes{}).ok());
  if (size == 0) return 0;
  const Bytes in(data + 1, size - 1);
  switch (data[0] % 5) {
    case 0:
      decodeAll(Target::key, in);
      break;
    case 1:
      decodeAll(Target::registration, in);
      break;
    case 2:
      decodeAll(Target::lease, in);
      break;
    case 3:
      if (!in.empty()) fuzzBatch(static_cast<Target>(in[0] % 3), in.subspan(1));
      break;
    default:
      fuzzEncoders(in);
      break;
  }
  return 0;
}
