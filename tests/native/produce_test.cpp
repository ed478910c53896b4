// ProduceRequest v3 (wasm/core/protocol): requests written by kafkajs's own encoder
// (produce_vectors.h, tests/native/gen_produce_vectors.mjs) checked field by field against the
// model given to kafkajs there; truncations, count errors and framing by hand-made edits of them.
#include "protocol/produce.h"

#include <gtest/gtest.h>

#include <cstring>
#include <regex>
#include <set>

#include "produce_vectors.h"
#include "protocol/table.h"
#include "test_util.h"

using namespace coordination;
using namespace coordination::protocol;
using Bytes = std::vector<std::uint8_t>;

namespace {

Bytes hex(std::string_view h) { return testutil::fromHex(h); }
Bytes str(std::string_view s) { return Bytes(s.begin(), s.end()); }
constexpr std::int64_t T0 = 1'700'000'000'000;

ProduceRequest ok(const ProduceResult& r) {
  if (const auto* e = std::get_if<tree::Error>(&r)) ADD_FAILURE() << e->message;
  const auto* p = std::get_if<ProduceRequest>(&r);
  return p ? *p : ProduceRequest{};
}

tree::Error err(const Bytes& b) {
  auto r = decodeProduceRequest(b);
  const auto* e = std::get_if<tree::Error>(&r);
  if (!e) {
    ADD_FAILURE() << "expected an error";
    return {};
  }
  return *e;
}

void putI32(Bytes& b, std::size_t at, std::int32_t v) {
  for (int i = 0; i < 4; ++i)
    b[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(static_cast<std::uint32_t>(v) >> (24 - 8 * i));
}

// The plain request's model (gen_produce_vectors.mjs `plain`), field by field.
void expectPlain(const ProduceRequest& r) {
  EXPECT_FALSE(r.transactional_id);
  EXPECT_EQ(r.acks, -1);
  EXPECT_EQ(r.timeout, 30000);
  ASSERT_EQ(r.topics.size(), 2u);
  EXPECT_EQ(r.topics[0].topic, "__coordination_state");
  ASSERT_EQ(r.topics[0].partitions.size(), 1u);
  const PartitionData& p = r.topics[0].partitions[0];
  EXPECT_EQ(p.partition, 0);
  ASSERT_EQ(p.batches.size(), 1u);
  const ProducedBatch& b = p.batches[0];
  EXPECT_EQ(b.header.base_offset, 0);
  EXPECT_EQ(b.header.producer_id, -1);
  EXPECT_EQ(b.header.compression(), 0);
  EXPECT_FALSE(b.header.transactional());
  ASSERT_EQ(b.records.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(b.records[i].offset, static_cast<std::int64_t>(i));
    EXPECT_EQ(b.records[i].timestamp, T0 + static_cast<std::int64_t>(i));
    ASSERT_TRUE(b.records[i].decoded);
  }
  // valid registration
  const CoordinationRecord& reg = *b.records[0].decoded;
  EXPECT_FALSE(reg.error);
  EXPECT_EQ(reg.key, (CoordinationKey{RecordKind::registration, "orders", "m-1"}));
  ASSERT_TRUE(reg.value);
  EXPECT_EQ(std::get<Registration>(*reg.value), (Registration{"m-1", 1000}));
  // tombstone
  const CoordinationRecord& tomb = *b.records[1].decoded;
  EXPECT_FALSE(b.records[1].value);
  EXPECT_FALSE(tomb.error);
  EXPECT_EQ(tomb.key, (CoordinationKey{RecordKind::lease, "orders", ""}));
  EXPECT_FALSE(tomb.value);
  // corrupt: key version 1 -> the codec's own error, part key
  const CoordinationRecord& bad = *b.records[2].decoded;
  ASSERT_TRUE(bad.error);
  EXPECT_EQ(bad.error->code, "UNSUPPORTED_VERSION");
  EXPECT_EQ(bad.error->offset, 0u);
  EXPECT_EQ(bad.error->field, "key.version");
  EXPECT_FALSE(bad.error_in_value);
  // lease
  const CoordinationRecord& lease = *b.records[3].decoded;
  EXPECT_EQ(std::get<Lease>(*lease.value), (Lease{"m-1", 7, 3, 2000, 5000}));
  // the other topic: no decoding, headers kept
  EXPECT_EQ(r.topics[1].topic, "orders");
  const PartitionData& o = r.topics[1].partitions[0];
  EXPECT_EQ(o.partition, 2);
  const ProducedRecord& rec = o.batches.at(0).records.at(0);
  EXPECT_FALSE(rec.key);
  EXPECT_EQ(rec.value, str("hello"));
  EXPECT_EQ(rec.timestamp, T0 + 10);
  ASSERT_EQ(rec.headers.size(), 1u);
  EXPECT_EQ(rec.headers[0].key, "trace");
  EXPECT_EQ(rec.headers[0].value, str("abc"));
  EXPECT_FALSE(rec.decoded);
}

}  // namespace

TEST(Produce, KafkajsFramedRequest) {
  const Bytes b = hex(kProducePlainFramedHex);
  const ProduceRequest r = ok(decodeProduceRequest(b));
  EXPECT_EQ(r.framing, Framing::size_and_header);
  ASSERT_TRUE(r.header);
  EXPECT_EQ(r.header->api_key, 0);
  EXPECT_EQ(r.header->api_version, 3);
  EXPECT_EQ(r.header->correlation_id, 77);
  EXPECT_EQ(r.header->client_id, "cv-test");
  expectPlain(r);
}

TEST(Produce, KafkajsBodyOnly) {
  const ProduceRequest r = ok(decodeProduceRequest(hex(kProducePlainBodyHex)));
  EXPECT_EQ(r.framing, Framing::body);
  EXPECT_FALSE(r.header);
  expectPlain(r);
}

TEST(Produce, HeaderWithoutSize) {
  const Bytes framed = hex(kProducePlainFramedHex);
  const ProduceRequest r = ok(decodeProduceRequest(Bytes(framed.begin() + 4, framed.end())));
  EXPECT_EQ(r.framing, Framing::header);
  EXPECT_EQ(r.header->correlation_id, 77);
  expectPlain(r);
}

TEST(Produce, KafkajsGzipTransactional) {
  const ProduceRequest r = ok(decodeProduceRequest(hex(kProduceGzipTxnHex)));
  EXPECT_EQ(r.transactional_id, "txn-1");
  EXPECT_EQ(r.acks, 1);
  EXPECT_EQ(r.timeout, 1500);
  const PartitionData& p = r.topics.at(0).partitions.at(0);
  EXPECT_EQ(p.partition, 3);
  const ProducedBatch& b = p.batches.at(0);
  EXPECT_EQ(b.header.compression(), 1);
  EXPECT_TRUE(b.header.transactional());
  EXPECT_EQ(b.header.producer_id, 42);
  EXPECT_EQ(b.header.producer_epoch, 5);
  EXPECT_EQ(b.header.base_sequence, 9);
  ASSERT_EQ(b.records.size(), 1u);
  EXPECT_EQ(b.records[0].timestamp, T0 + 3);
  EXPECT_EQ(std::get<Lease>(*b.records[0].decoded->value), (Lease{"m-1", 7, 3, 2000, 5000}));
}

TEST(Produce, EveryTruncationIsAnErrorAtOrBeforeTheCut) {
  for (const auto h : {kProducePlainBodyHex, kProduceGzipTxnHex}) {
    const Bytes full = hex(h);
    for (std::size_t n = 0; n < full.size(); ++n) {
      const Bytes cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
      auto r = decodeProduceRequest(cut);
      const auto* e = std::get_if<tree::Error>(&r);
      ASSERT_TRUE(e) << "prefix " << n;
      EXPECT_TRUE(e->code == "TRUNCATED" || e->code == "BATCH_TRUNCATED") << n << " " << e->message;
      EXPECT_LE(e->offset, n) << e->message;
      EXPECT_NE(e->message.find("(offset " + std::to_string(e->offset) + ")"), std::string::npos) << e->message;
    }
  }
  // A framed request cut short: the size says more than there is.
  const Bytes framed = hex(kProducePlainFramedHex);
  const tree::Error e = err(Bytes(framed.begin(), framed.end() - 1));
  EXPECT_EQ(e.code, "TRUNCATED");
  EXPECT_EQ(e.offset, 0u);
  EXPECT_EQ(e.field, "produce_request.size");
}

TEST(Produce, CountChecks) {
  // body: txid null (2) acks (2) timeout (4) -> topics count at 8
  Bytes b = hex(kProducePlainBodyHex);
  putI32(b, 8, -1);
  tree::Error e = err(b);
  EXPECT_EQ(e.code, "NEGATIVE_LENGTH");
  EXPECT_EQ(e.offset, 8u);
  EXPECT_EQ(e.field, "produce_request.topics");
  putI32(b, 8, 0x7fffffff);  // count x 6 would overflow i32: compared as count > remaining / 6
  e = err(b);
  EXPECT_EQ(e.code, "TRUNCATED");
  EXPECT_EQ(e.offset, 8u);
  EXPECT_NE(e.message.find("count 2147483647 cannot fit"), std::string::npos) << e.message;
  // partitions count of topic 0: after the topic name (2 + 20 bytes) at 12 + 22
  b = hex(kProducePlainBodyHex);
  putI32(b, 34, -5);
  e = err(b);
  EXPECT_EQ(e.code, "NEGATIVE_LENGTH");
  EXPECT_EQ(e.field, "produce_request.topics[0].partitions");
  EXPECT_EQ(e.offset, 34u);
  putI32(b, 34, 1 << 30);
  e = err(b);
  EXPECT_EQ(e.code, "TRUNCATED");
  EXPECT_EQ(e.offset, 34u);
  // record set size: -2 is negative, -1 is a null record set
  b = hex(kProducePlainBodyHex);
  putI32(b, 42, -2);
  e = err(b);
  EXPECT_EQ(e.code, "NEGATIVE_LENGTH");
  EXPECT_EQ(e.field, "produce_request.topics[0].partitions[0].record_set.size");
}

TEST(Produce, BatchErrorsNameTheBatch) {
  Bytes b = hex(kProducePlainBodyHex);
  // the first batch starts at 46 (record set size at 42); its crc at 46 + 17
  b[46 + 17] ^= 0xff;
  tree::Error e = err(b);
  EXPECT_EQ(e.code, "CRC_MISMATCH");
  EXPECT_EQ(e.offset, 46u + 17);
  EXPECT_EQ(e.field, "produce_request.topics[0].partitions[0].record_set.batches[0].crc");
  b = hex(kProducePlainBodyHex);
  b[46 + 16] = 1;  // magic 1
  e = err(b);
  EXPECT_EQ(e.code, "UNSUPPORTED_MAGIC");
}

TEST(Produce, FramingErrors) {
  Bytes b = hex(kProducePlainFramedHex);
  b[7] = 7;  // api version 7 with a matching size
  tree::Error e = err(b);
  EXPECT_EQ(e.code, "UNSUPPORTED_VERSION");
  EXPECT_EQ(e.offset, 6u);
  EXPECT_EQ(e.field, "produce_request.header.api_version");
  b = hex(kProducePlainBodyHex);
  b.push_back(0);
  e = err(b);
  EXPECT_EQ(e.code, "TRAILING_BYTES");
  EXPECT_EQ(e.offset, b.size() - 1);
}

TEST(Produce, InspectTreeLinksBytes) {
  const Bytes b = hex(kProducePlainFramedHex);
  const ProduceInspection in = inspectProduceRequest(b);
  ASSERT_FALSE(in.error);
  ASSERT_FALSE(in.fields.empty());
  EXPECT_EQ(in.fields[0].path, "produce_request");
  EXPECT_EQ(in.fields[0].length, b.size());
  bool found_key = false;
  for (const tree::Node& n : in.fields) {
    EXPECT_LE(n.offset + n.length, b.size()) << n.path;
    if (n.path == "produce_request.topics[0].partitions[0].record_set.batches[0].records[0].key") {
      found_key = true;
      const Bytes key(b.begin() + static_cast<std::ptrdiff_t>(n.offset),
                      b.begin() + static_cast<std::ptrdiff_t>(n.offset + n.length));
      EXPECT_EQ(key, hex("0000000000066f726465727300036d2d31"));
      EXPECT_NE(n.meaning.find("registration key, role orders"), std::string::npos) << n.meaning;
    }
    if (n.path == "produce_request.header.client_id") EXPECT_EQ(std::get<std::string>(n.value), "cv-test");
  }
  EXPECT_TRUE(found_key);
  // an error marks the failing node and its groups incomplete
  Bytes bad = b;
  bad[21 + 46 + 17] ^= 1;  // the crc: size (4) + header (17) + the body's first batch at 46
  const ProduceInspection e = inspectProduceRequest(bad);
  ASSERT_TRUE(e.error);
  EXPECT_FALSE(e.fields[0].complete);
}

// Every node of the tree is a field of protocol/table.h (indexes as []; a list's count node aside),
// for requests plain, gzip, and refused at a batch.
TEST(Produce, EveryTreeNodeIsATableField) {
  const std::set<std::string> table = {
#define PRODUCE_PATH(name, path, wire, bounds, meaning) path,
      PRODUCE_FIELDS(PRODUCE_PATH)
#undef PRODUCE_PATH
  };
  Bytes bad = hex(kProducePlainBodyHex);
  bad[46 + 17] ^= 1;
  for (const Bytes& b : {hex(kProducePlainFramedHex), hex(kProduceGzipTxnHex), bad}) {
    for (const tree::Node& n : inspectProduceRequest(b).fields) {
      const std::string pattern = std::regex_replace(n.path, std::regex(R"(\[\d+\])"), "[]");
      if (pattern.ends_with(".count")) continue;
      EXPECT_TRUE(table.count(pattern)) << n.path;
    }
    if (auto e = inspectProduceRequest(b).error) {
      EXPECT_TRUE(table.count(std::regex_replace(e->field, std::regex(R"(\[\d+\])"), "[]"))) << e->field;
    }
  }
}
