// Every golden vector through decode AND encode, exact bytes both ways (round trips alone would
// hide symmetric bugs). The expected outcomes come from golden/generate.py, never from this code.
#include "golden.h"

#include <gtest/gtest.h>

#include <map>

#include "coordination/inspect.h"
#include "test_util.h"

using namespace coordination;
using golden::json;
using testutil::span;

namespace {

struct ExpectedError {
  std::string code;
  std::size_t offset;
  std::string field;
};

ExpectedError expectedError(const json& e) {
  return {e.at("code").get<std::string>(), e.at("offset").get<std::size_t>(), e.at("field").get<std::string>()};
}

void checkError(const Error& got, const ExpectedError& want) {
  EXPECT_EQ(errorCodeName(got.code), want.code) << testutil::describe(got);
  EXPECT_EQ(got.offset, want.offset) << testutil::describe(got);
  EXPECT_EQ(fieldPath(got.field), want.field) << testutil::describe(got);
  testutil::expectGoodMessage(got);
}

// Decodes `bytes` as `target` through every entry point and checks they agree with `expect`.
void checkDecodeVector(Target target, const std::optional<golden::Bytes>& bytes, const json& expect) {
  ValueBytes value = bytes ? ValueBytes(span(*bytes)) : std::nullopt;
  const Inspection insp = inspect(target, value);

  if (expect.contains("tombstone")) {
    ASSERT_NE(target, Target::key) << "a key cannot be a tombstone";
    EXPECT_TRUE(isTombstone(value));
    const RecordKind kind = target == Target::lease ? RecordKind::lease : RecordKind::registration;
    auto r = decodeValue(kind, value);
    ASSERT_TRUE(r.ok()) << testutil::describe(r.error());
    EXPECT_TRUE(std::holds_alternative<Tombstone>(r.value()));
    EXPECT_TRUE(insp.tombstone);
    EXPECT_FALSE(insp.error);
    return;
  }
  EXPECT_FALSE(insp.tombstone);
  ASSERT_TRUE(bytes) << "only a tombstone may have null hex";
  const auto in = span(*bytes);

  if (expect.contains("error")) {
    const ExpectedError want = expectedError(expect["error"]);
    std::optional<Error> got;
    switch (target) {
      case Target::key: {
        auto r = decodeKey(in);
        ASSERT_FALSE(r.ok()) << "decoded a record from bad bytes";
        got = r.error();
        auto v = decodeKeyView(in);
        ASSERT_FALSE(v.ok());
        EXPECT_EQ(v.error(), *got);
        break;
      }
      case Target::registration: {
        auto r = decodeValue(RecordKind::registration, in);
        ASSERT_FALSE(r.ok()) << "decoded a record from bad bytes";
        got = r.error();
        auto v = decodeRegistrationView(in);
        ASSERT_FALSE(v.ok());
        EXPECT_EQ(v.error(), *got);
        break;
      }
      case Target::lease: {
        auto r = decodeValue(RecordKind::lease, in);
        ASSERT_FALSE(r.ok()) << "decoded a record from bad bytes";
        got = r.error();
        auto v = decodeLeaseView(in);
        ASSERT_FALSE(v.ok());
        EXPECT_EQ(v.error(), *got);
        break;
      }
    }
    checkError(*got, want);
    ASSERT_TRUE(insp.error);
    EXPECT_EQ(*insp.error, *got);
    return;
  }

  ASSERT_TRUE(expect.contains("record")) << expect.dump();
  const json& rec = expect["record"];
  EXPECT_EQ(rec.value("version", -1), 0);
  EXPECT_FALSE(insp.error) << testutil::describe(*insp.error);
  const std::string hex = golden::toHex(*bytes);
  switch (target) {
    case Target::key: {
      auto want = golden::key(rec);
      ASSERT_TRUE(want) << rec.dump();
      auto r = decodeKey(in);
      ASSERT_TRUE(r.ok()) << testutil::describe(r.error());
      EXPECT_EQ(r.value(), *want);
      auto v = decodeKeyView(in);
      ASSERT_TRUE(v.ok());
      EXPECT_EQ(v.value().kind, want->kind);
      EXPECT_EQ(v.value().role, want->role);
      EXPECT_EQ(v.value().member, want->member);
      auto e = encodeKey(*want);
      ASSERT_TRUE(e.ok()) << testutil::describe(e.error());
      EXPECT_EQ(golden::toHex(e.value()), hex);
      break;
    }
    case Target::registration: {
      auto want = golden::registration(rec);
      ASSERT_TRUE(want) << rec.dump();
      auto r = decodeValue(RecordKind::registration, in);
      ASSERT_TRUE(r.ok()) << testutil::describe(r.error());
      ASSERT_TRUE(std::holds_alternative<Registration>(r.value()));
      EXPECT_EQ(std::get<Registration>(r.value()), *want);
      auto v = decodeRegistrationView(in);
      ASSERT_TRUE(v.ok());
      EXPECT_EQ(v.value().member, want->member);
      EXPECT_EQ(v.value().registered_at, want->registered_at);
      auto e = encodeValue(*want);
      ASSERT_TRUE(e.ok()) << testutil::describe(e.error());
      EXPECT_EQ(golden::toHex(e.value()), hex);
      break;
    }
    case Target::lease: {
      auto want = golden::lease(rec);
      ASSERT_TRUE(want) << rec.dump();
      auto r = decodeValue(RecordKind::lease, in);
      ASSERT_TRUE(r.ok()) << testutil::describe(r.error());
      ASSERT_TRUE(std::holds_alternative<Lease>(r.value()));
      EXPECT_EQ(std::get<Lease>(r.value()), *want);
      auto v = decodeLeaseView(in);
      ASSERT_TRUE(v.ok());
      EXPECT_EQ(v.value().member, want->member);
      EXPECT_EQ(v.value().producer_id, want->producer_id);
      EXPECT_EQ(v.value().producer_epoch, want->producer_epoch);
      EXPECT_EQ(v.value().granted_at, want->granted_at);
      EXPECT_EQ(v.value().deadline, want->deadline);
      auto e = encodeValue(*want);
      ASSERT_TRUE(e.ok()) << testutil::describe(e.error());
      EXPECT_EQ(golden::toHex(e.value()), hex);
      break;
    }
  }
}

void runDecodeFile(const std::string& file, const std::string& target_name) {
  auto doc = golden::load(file);
  ASSERT_TRUE(doc) << "cannot read " << golden::goldenDir() << "/" << file;
  EXPECT_EQ(doc->value("format", ""), "coordination-golden/1");
  EXPECT_EQ(doc->value("target", ""), target_name);
  const auto target = golden::target(target_name);
  ASSERT_TRUE(target);
  const json& vectors = doc->at("vectors");
  ASSERT_GT(vectors.size(), 0u);
  for (const json& v : vectors) {
    const std::string id = v.value("id", "?");
    SCOPED_TRACE(id);
    std::optional<golden::Bytes> bytes;
    if (!v.at("hex").is_null()) {
      bytes = golden::fromHex(v["hex"].get<std::string>());
      ASSERT_TRUE(bytes) << "bad hex";
    }
    checkDecodeVector(*target, bytes, v.at("expect"));
  }
  std::printf("[ golden   ] %s: %zu vectors\n", file.c_str(), vectors.size());
}

}  // namespace

TEST(Golden, KeyVectors) { runDecodeFile("key.json", "key"); }
TEST(Golden, RegistrationVectors) { runDecodeFile("registration.json", "registration"); }
TEST(Golden, LeaseVectors) { runDecodeFile("lease.json", "lease"); }

TEST(Golden, EncodeVectors) {
  auto doc = golden::load("encode.json");
  ASSERT_TRUE(doc) << "cannot read " << golden::goldenDir() << "/encode.json";
  EXPECT_EQ(doc->value("target", ""), "encode");
  const json& vectors = doc->at("vectors");
  ASSERT_GT(vectors.size(), 0u);
  for (const json& v : vectors) {
    SCOPED_TRACE(v.value("id", "?"));
    const std::string rt = v.at("record_target").get<std::string>();
    const json& rec = v.at("record");
    std::optional<Result<std::vector<std::uint8_t>>> got;
    if (rt == "key") {
      auto k = golden::key(rec);
      ASSERT_TRUE(k) << rec.dump();
      got = encodeKey(*k);
    } else if (rt == "registration") {
      auto r = golden::registration(rec);
      ASSERT_TRUE(r) << rec.dump();
      got = encodeValue(*r);
    } else if (rt == "lease") {
      auto l = golden::lease(rec);
      ASSERT_TRUE(l) << rec.dump();
      got = encodeValue(*l);
    } else {
      FAIL() << "unknown record_target " << rt;
    }
    const json& expect = v.at("expect");
    if (expect.contains("hex")) {
      ASSERT_TRUE(got->ok()) << testutil::describe(got->error());
      EXPECT_EQ(golden::toHex(got->value()), expect["hex"].get<std::string>());
      // And the bytes decode back to the record.
      const auto t = golden::target(rt);
      ASSERT_TRUE(t);
      auto bytes = golden::fromHex(expect["hex"].get<std::string>());
      json wrapped = {{"record", rec}};
      checkDecodeVector(*t, bytes, wrapped);
    } else {
      ASSERT_TRUE(expect.contains("error")) << expect.dump();
      ASSERT_FALSE(got->ok()) << "encoded " << golden::toHex(got->value());
      const ExpectedError want = expectedError(expect["error"]);
      checkError(got->error(), want);
    }
  }
  std::printf("[ golden   ] encode.json: %zu vectors\n", vectors.size());
}

// Reads the files itself, so it does not depend on the other tests having run.
TEST(Golden, EveryCodeIsCovered) {
  std::map<std::string, int> seen;
  for (const char* f : {"key.json", "registration.json", "lease.json", "encode.json"}) {
    auto doc = golden::load(f);
    ASSERT_TRUE(doc) << f;
    for (const json& v : doc->at("vectors")) {
      const json& e = v.at("expect");
      if (e.contains("error")) seen[e["error"].at("code").get<std::string>()]++;
    }
  }
  for (const auto& [code, n] : seen) std::printf("[ golden   ] %-24s %d vectors\n", code.c_str(), n);
  for (int c = 0; c < kErrorCodeCount; ++c) {
    EXPECT_TRUE(seen.count(std::string(errorCodeName(static_cast<ErrorCode>(c)))))
        << errorCodeName(static_cast<ErrorCode>(c));
  }
}
