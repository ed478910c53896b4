// Every golden vector through decode AND encode, exact bytes both ways (round trips alone would
// hide symmetric bugs). The expected outcomes come from golden/generate.py, never from this code.
#include "golden.h"

#include <gtest/gtest.h>

#include <map>

#include "clustermetadata/record.h"
#include "coordination/inspect.h"
#include "groups_json.h"
#include "sharestate/record.h"
#include "test_util.h"
#include "transactions/record.h"

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

// ---- consumer groups (golden/consumer-protocol.json, group-records.json: generate_groups.py) -----

namespace {

json warningsOf(const std::vector<tree::Warning>& ws) {
  json a = json::array();
  for (const auto& w : ws) a.push_back({{"code", std::string(w.code)}, {"offset", w.offset}, {"field", w.field}});
  return a;
}

// Every node within its bytes, its parent before it; the failing field has a node.
void checkTree(const std::vector<tree::Node>& nodes, std::size_t size, const std::string& id) {
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    EXPECT_LE(nodes[i].offset + nodes[i].length, size) << id << " " << nodes[i].path;
    EXPECT_LT(nodes[i].parent, static_cast<int>(i)) << id << " " << nodes[i].path;
  }
}
bool hasNode(const std::vector<tree::Node>& nodes, const std::string& path) {
  for (const tree::Node& n : nodes)
    if (n.path == path) return true;
  return false;
}

// The nested levels' errors of a record, in wire order (what inspect's nested_errors lists).
void nestedErrors(const json& level, std::vector<json>& out) {
  if (level.is_null()) return;
  if (level.contains("error")) return out.push_back(level["error"]);
  if (level["record"].contains("streams") && level["record"]["streams"].contains("error"))
    out.push_back(level["record"]["streams"]["error"]);
}

}  // namespace

TEST(Golden, ConsumerProtocolVectors) {
  auto doc = golden::load("consumer-protocol.json");
  ASSERT_TRUE(doc) << "cannot read consumer-protocol.json";
  EXPECT_EQ(doc->value("format", ""), "groups-golden/3");
  coordination::groups::SubscriptionLevel sub;
  coordination::groups::AssignmentLevel asg;
  for (const json& v : doc->at("vectors")) {
    const std::string id = v.value("id", "?");
    SCOPED_TRACE(id);
    const auto bytes = *golden::fromHex(v.at("hex").get<std::string>());
    const bool subscription = v.at("message") == "subscription";
    const bool streams = v.at("streams").get<bool>();
    const json& expect = v.at("expect");
    for (const bool tree : {false, true}) {
      json got;
      const std::vector<tree::Node>* nodes = nullptr;
      const std::vector<tree::Warning>* warnings = nullptr;
      if (subscription) {
        coordination::groups::readSubscription(span(bytes), streams, tree, sub);
        got = groupsjson::levelJson(sub);
        nodes = &sub.inspection.fields;
        warnings = &sub.inspection.warnings;
      } else {
        coordination::groups::readAssignment(span(bytes), streams, tree, asg);
        got = groupsjson::levelJson(asg);
        nodes = &asg.inspection.fields;
        warnings = &asg.inspection.warnings;
      }
      if (expect.contains("error")) {
        EXPECT_EQ(got, json({{"error", expect["error"]}})) << (tree ? "inspect" : "decode");
      } else {
        EXPECT_EQ(got, json({{"record", expect["record"]}})) << (tree ? "inspect" : "decode");
      }
      if (!tree) continue;
      checkTree(*nodes, bytes.size(), id);
      if (expect.contains("error") && expect["error"]["code"] != "TRAILING_BYTES")
        EXPECT_TRUE(hasNode(*nodes, expect["error"]["field"])) << expect["error"]["field"];
      if (expect.contains("record")) EXPECT_EQ(warningsOf(*warnings), expect["warnings"]);
    }
  }
  std::printf("[ golden   ] consumer-protocol.json: %zu vectors\n", doc->at("vectors").size());
}

TEST(Golden, GroupRecordVectors) {
  auto doc = golden::load("group-records.json");
  ASSERT_TRUE(doc) << "cannot read group-records.json";
  EXPECT_EQ(doc->value("format", ""), "groups-golden/3");
  coordination::groups::RecordReader reader;
  for (const json& v : doc->at("vectors")) {
    const std::string id = v.value("id", "?");
    SCOPED_TRACE(id);
    const auto key = *golden::fromHex(v.at("key").get<std::string>());
    std::optional<golden::Bytes> value;
    if (!v.at("value").is_null()) value = *golden::fromHex(v.at("value").get<std::string>());
    const auto valueSpan = value ? std::optional<std::span<const std::uint8_t>>(span(*value)) : std::nullopt;
    const json& expect = v.at("expect");
    const auto e = reader.decode(span(key), valueSpan);
    if (expect.contains("error")) {
      ASSERT_TRUE(e) << "decoded a record";
      EXPECT_EQ(groupsjson::error(*e), expect["error"]) << e->message;
      EXPECT_TRUE(e->message.starts_with(e->field + ": ")) << e->message;
      EXPECT_TRUE(e->message.ends_with("(offset " + std::to_string(e->offset) + ")")) << e->message;
    } else {
      ASSERT_FALSE(e) << e->message;
      EXPECT_EQ(groupsjson::recordJson(reader), expect["record"]);
    }
    // inspect: the same outcome, each part's tree, the warnings, the nested levels' errors.
    const auto in = reader.inspect(span(key), valueSpan);
    checkTree(in.key.fields, key.size(), id);
    if (in.value) checkTree(in.value->fields, value->size(), id);
    if (expect.contains("error")) {
      const auto& err = in.key.error ? in.key.error : in.value ? in.value->error : std::nullopt;
      ASSERT_TRUE(err);
      EXPECT_EQ(groupsjson::error(*err), expect["error"]);
      if (expect["error"]["code"] != "TRAILING_BYTES")
        EXPECT_TRUE(hasNode(in.key.error ? in.key.fields : in.value->fields, expect["error"]["field"]));
      continue;
    }
    EXPECT_FALSE(in.key.error);
    EXPECT_EQ(in.value.has_value(), value.has_value());
    EXPECT_EQ(groupsjson::recordJson(reader), expect["record"]);
    json warnings = warningsOf(in.key.warnings);
    if (in.value)
      for (const auto& w : warningsOf(in.value->warnings)) warnings.push_back(w);
    EXPECT_EQ(warnings, expect["warnings"]);
    std::vector<json> nested;
    const json& record_value = expect["record"]["value"];
    if (record_value.is_object() && record_value.contains("members"))
      for (const json& m : record_value["members"]) {
        if (m.contains("consumer_subscription")) nestedErrors(m["consumer_subscription"], nested);
        if (m.contains("consumer_assignment")) nestedErrors(m["consumer_assignment"], nested);
      }
    json got = json::array();
    for (const auto& n : in.nested_errors) {
      got.push_back(groupsjson::error(n));
      if (in.value) EXPECT_TRUE(hasNode(in.value->fields, n.field)) << n.field;
    }
    EXPECT_EQ(got, json(nested));
  }
  std::printf("[ golden   ] group-records.json: %zu vectors\n", doc->at("vectors").size());
}

// ---- Kafka's transaction log (golden/transaction-log.json, from golden/generate_transaction_log.py)

namespace {

namespace ct = coordination::transactions;

json taggedJson(const coordination::schema::Decoded& d, coordination::schema::Run run) {
  json out = json::array();
  for (const auto& t : d.items(d.tagged, run))
    out.push_back(
        {{"tag", t.tag}, {"hex", golden::toHex(golden::Bytes(d.bytes(t.bytes).begin(), d.bytes(t.bytes).end()))}});
  return out;
}

// The decoded record in the file's terms (snake_case wire names, i64 as decimal strings).
json transactionRecordJson(const ct::TransactionRecordDecoded& r) {
  json key = {{"version", r.key.root.version},
              {"transactional_id", std::string(r.key.text(r.key.root.transactional_id))}};
  if (r.tombstone) return {{"key", key}, {"value", nullptr}};
  const ct::TransactionLogValueDecoded& d = r.value;
  const ct::TransactionLogValue& v = d.root;
  json partitions = nullptr;
  if (!v.transaction_partitions.null()) {
    partitions = json::array();
    for (const auto& p : d.items(d.partitions_schema, v.transaction_partitions)) {
      json ids = json::array();
      for (const std::int32_t id : d.items(d.i32, p.partition_ids)) ids.push_back(id);
      partitions.push_back({{"topic", std::string(d.text(p.topic))},
                            {"partition_ids", ids},
                            {"unknown_tagged_fields", taggedJson(d, p.unknown_tagged_fields)}});
    }
  }
  json value = {{"version", v.version},
                {"producer_id", std::to_string(v.producer_id)},
                {"producer_epoch", v.producer_epoch},
                {"transaction_timeout_ms", v.transaction_timeout_ms},
                {"transaction_status", v.transaction_status},
                {"status", std::string(ct::statusName(v.transaction_status))},
                {"transaction_partitions", partitions},
                {"transaction_last_update_timestamp_ms", std::to_string(v.transaction_last_update_timestamp_ms)},
                {"transaction_start_timestamp_ms", std::to_string(v.transaction_start_timestamp_ms)},
                {"unknown_tagged_fields", taggedJson(d, v.unknown_tagged_fields)}};
  if (v.version >= 1) {  // Kafka 4.1.0's tagged fields, at their defaults when absent
    value["previous_producer_id"] = std::to_string(v.previous_producer_id);
    value["next_producer_id"] = std::to_string(v.next_producer_id);
    value["client_transaction_version"] = v.client_transaction_version;
    value["next_producer_epoch"] = v.next_producer_epoch;
  }
  return {{"key", key}, {"value", value}};
}

}  // namespace

TEST(Golden, TransactionLogVectors) {
  auto doc = golden::load("transaction-log.json");
  ASSERT_TRUE(doc) << "cannot read " << golden::goldenDir() << "/transaction-log.json";
  EXPECT_EQ(doc->value("format", ""), "transaction-log-golden/2");
  const json& vectors = doc->at("vectors");
  ASSERT_GT(vectors.size(), 0u);
  ct::TransactionRecordDecoded out;
  std::map<std::string, int> codes;
  for (const json& v : vectors) {
    SCOPED_TRACE(v.value("id", "?"));
    const auto key = golden::fromHex(v.at("key").get<std::string>());
    ASSERT_TRUE(key);
    std::optional<golden::Bytes> value;
    if (!v.at("value").is_null()) value = golden::fromHex(v["value"].get<std::string>());
    std::optional<ct::ByteSpan> value_span;
    if (value) value_span = span(*value);
    const auto e = ct::decodeTransactionRecord(span(*key), value_span, out);
    const json& expect = v.at("expect");
    if (expect.contains("error")) {
      ASSERT_TRUE(e) << "decoded " << transactionRecordJson(out).dump();
      const ExpectedError want = expectedError(expect["error"]);
      EXPECT_EQ(e->code, want.code) << e->message;
      EXPECT_EQ(e->offset, want.offset) << e->message;
      EXPECT_EQ(e->field, want.field) << e->message;
      // "<field>: <what> (offset N)"
      EXPECT_EQ(e->message.rfind(e->field + ": ", 0), 0u) << e->message;
      EXPECT_NE(e->message.find("(offset " + std::to_string(e->offset) + ")"), std::string::npos) << e->message;
      ++codes[want.code];
      continue;
    }
    ASSERT_FALSE(e) << e->message;
    EXPECT_EQ(transactionRecordJson(out), expect.at("record"));
    // The warnings, from inspect (decode collects none).
    std::vector<tree::Warning> warnings;
    ct::TransactionLogKeyDecoded k;
    const auto ki = coordination::schema::transactions::inspectTransactionLogKey(span(*key), k);
    warnings = ki.warnings;
    if (value) {
      ct::TransactionLogValueDecoded d;
      const auto vi = coordination::schema::transactions::inspectTransactionLogValue(span(*value), d);
      warnings.insert(warnings.end(), vi.warnings.begin(), vi.warnings.end());
    }
    EXPECT_EQ(warningsOf(warnings), expect.at("warnings"));
  }
  for (const auto& [code, n] : codes) std::printf("[ golden   ] transaction-log %-20s %d vectors\n", code.c_str(), n);
  std::printf("[ golden   ] transaction-log.json: %zu vectors\n", vectors.size());
}

// ---- Kafka's share-group state (golden/share-state.json, from golden/generate_share_state.py) ------

namespace {

namespace css = coordination::sharestate;

template <typename Decoded>
json shareKeyJson(const Decoded& d) {
  return {{"version", d.root.version},
          {"group_id", groupsjson::text(d, d.root.group_id)},
          {"topic_id", groupsjson::uuid(d.root.topic_id)},
          {"partition", d.root.partition}};
}
template <typename Decoded>
json stateBatchesJson(const Decoded& d) {
  return groupsjson::list(d, d.state_batch, d.root.state_batches, [&](const auto& b) -> json {
    return {{"first_offset", groupsjson::i64(b.first_offset)},
            {"last_offset", groupsjson::i64(b.last_offset)},
            {"delivery_state", b.delivery_state},
            {"delivery_count", b.delivery_count},
            {"unknown_tagged_fields", groupsjson::tagged(d, b.unknown_tagged_fields)}};
  });
}
json shareValueJson(const coordination::schema::sharestate::ShareSnapshotValueDecoded& d) {
  const auto& v = d.root;
  return {{"version", v.version},
          {"snapshot_epoch", v.snapshot_epoch},
          {"state_epoch", v.state_epoch},
          {"leader_epoch", v.leader_epoch},
          {"start_offset", groupsjson::i64(v.start_offset)},
          {"delivery_complete_count", v.delivery_complete_count},  // Kafka 4.2.0, tag 0
          {"create_timestamp", groupsjson::i64(v.create_timestamp)},
          {"write_timestamp", groupsjson::i64(v.write_timestamp)},
          {"state_batches", stateBatchesJson(d)},
          {"unknown_tagged_fields", groupsjson::tagged(d, v.unknown_tagged_fields)}};
}
json shareValueJson(const coordination::schema::sharestate::ShareUpdateValueDecoded& d) {
  const auto& v = d.root;
  return {{"version", v.version},
          {"snapshot_epoch", v.snapshot_epoch},
          {"leader_epoch", v.leader_epoch},
          {"start_offset", groupsjson::i64(v.start_offset)},
          {"delivery_complete_count", v.delivery_complete_count},  // Kafka 4.2.0, tag 0
          {"state_batches", stateBatchesJson(d)},
          {"unknown_tagged_fields", groupsjson::tagged(d, v.unknown_tagged_fields)}};
}
json shareRecordJson(const css::RecordReader& r) {
  json key;
  json value;
  switch (*r.type()) {
#define SHARESTATE_X(type, k, v)                                  \
  case css::RecordType::type:                                     \
    key = shareKeyJson(r.type##_key());                           \
    if (!r.tombstone()) value = shareValueJson(r.type##_value()); \
    break;
    SHARE_STATE_RECORD_TYPES(SHARESTATE_X)
#undef SHARESTATE_X
  }
  const std::string type(css::typeName(*r.type()));
  key["type"] = type;
  if (!value.is_null()) value["type"] = type;
  return {{"key", key}, {"value", value}};
}

}  // namespace

TEST(Golden, ShareStateVectors) {
  auto doc = golden::load("share-state.json");
  ASSERT_TRUE(doc) << "cannot read share-state.json";
  EXPECT_EQ(doc->value("format", ""), "share-state-golden/2");
  css::RecordReader reader;
  std::map<std::string, int> codes;
  for (const json& v : doc->at("vectors")) {
    const std::string id = v.value("id", "?");
    SCOPED_TRACE(id);
    const auto key = *golden::fromHex(v.at("key").get<std::string>());
    std::optional<golden::Bytes> value;
    if (!v.at("value").is_null()) value = *golden::fromHex(v.at("value").get<std::string>());
    const auto valueSpan = value ? std::optional<std::span<const std::uint8_t>>(span(*value)) : std::nullopt;
    const json& expect = v.at("expect");
    const auto e = reader.decode(span(key), valueSpan);
    if (expect.contains("error")) {
      ASSERT_TRUE(e) << "decoded a record";
      EXPECT_EQ(groupsjson::error(*e), expect["error"]) << e->message;
      EXPECT_TRUE(e->message.starts_with(e->field + ": ")) << e->message;
      EXPECT_TRUE(e->message.ends_with("(offset " + std::to_string(e->offset) + ")")) << e->message;
      ++codes[std::string(e->code)];
    } else {
      ASSERT_FALSE(e) << e->message;
      EXPECT_EQ(shareRecordJson(reader), expect["record"]);
    }
    // inspect: the same outcome, each part's tree within its bytes, the warnings.
    const auto in = reader.inspect(span(key), valueSpan);
    checkTree(in.key.fields, key.size(), id);
    if (in.value) checkTree(in.value->fields, value->size(), id);
    if (expect.contains("error")) {
      const auto& err = in.key.error ? in.key.error : in.value ? in.value->error : std::nullopt;
      ASSERT_TRUE(err);
      EXPECT_EQ(groupsjson::error(*err), expect["error"]);
      if (expect["error"]["code"] != "TRAILING_BYTES")
        EXPECT_TRUE(hasNode(in.key.error ? in.key.fields : in.value->fields, expect["error"]["field"]));
      continue;
    }
    EXPECT_FALSE(in.key.error);
    EXPECT_EQ(in.value.has_value(), value.has_value());
    EXPECT_EQ(shareRecordJson(reader), expect["record"]);
    json warnings = warningsOf(in.key.warnings);
    if (in.value)
      for (const auto& w : warningsOf(in.value->warnings)) warnings.push_back(w);
    EXPECT_EQ(warnings, expect["warnings"]);
  }
  for (const auto& [code, n] : codes) std::printf("[ golden   ] share-state %-20s %d vectors\n", code.c_str(), n);
  std::printf("[ golden   ] share-state.json: %zu vectors\n", doc->at("vectors").size());
}

// golden/cluster-metadata.json through the C++ core: decode and inspect agree with the file on every
// vector (the error, its message's shape and node; the record's type, apiKey and version, its
// warnings); the fields themselves are compared by tests/node/golden.test.mjs.
TEST(Golden, ClusterMetadataVectors) {
  namespace ccm = coordination::clustermetadata;
  auto doc = golden::load("cluster-metadata.json");
  ASSERT_TRUE(doc) << "cannot read cluster-metadata.json";
  EXPECT_EQ(doc->value("format", ""), "cluster-metadata-golden/2");
  ccm::RecordReader reader;
  std::map<std::string, int> codes;
  for (const json& v : doc->at("vectors")) {
    const std::string id = v.value("id", "?");
    SCOPED_TRACE(id);
    const auto value = *golden::fromHex(v.at("value").get<std::string>());
    const json& expect = v.at("expect");
    const auto e = reader.decode(span(value));
    const auto in = reader.inspect(span(value));
    checkTree(in.fields, value.size(), id);
    if (expect.contains("error")) {
      ASSERT_TRUE(e) << "decoded a record";
      EXPECT_EQ(groupsjson::error(*e), expect["error"]) << e->message;
      EXPECT_TRUE(e->message.starts_with(e->field + ": ")) << e->message;
      EXPECT_TRUE(e->message.ends_with("(offset " + std::to_string(e->offset) + ")")) << e->message;
      ASSERT_TRUE(in.error);
      EXPECT_EQ(in.error->message, e->message);
      if (expect["error"]["code"] != "TRAILING_BYTES") EXPECT_TRUE(hasNode(in.fields, expect["error"]["field"]));
      ++codes[std::string(e->code)];
      continue;
    }
    ASSERT_FALSE(e) << e->message;
    ASSERT_FALSE(in.error) << in.error->message;
    const json& record = expect["record"];
    ASSERT_TRUE(reader.type());
    EXPECT_EQ(std::string(ccm::typeName(*reader.type())), record["type"]);
    EXPECT_EQ(ccm::apiKeyOf(*reader.type()), record["api_key"]);
    ASSERT_FALSE(in.fields.empty());
    EXPECT_EQ(in.fields[0].path, record["type"]);
    EXPECT_EQ(in.fields[0].length, value.size());
    const std::string version = record["type"].get<std::string>() + ".version";
    EXPECT_TRUE(hasNode(in.fields, version));
    EXPECT_EQ(warningsOf(in.warnings), expect["warnings"]);
  }
  for (const auto& [code, n] : codes) std::printf("[ golden   ] cluster-metadata %-20s %d vectors\n", code.c_str(), n);
  std::printf("[ golden   ] cluster-metadata.json: %zu vectors\n", doc->at("vectors").size());
}
