// ProduceRequest v3 (wasm/core/protocol): requests written by kafkajs's own encoder
// (produce_vectors.h, tests/native/gen_produce_vectors.mjs) checked field by field against the
// model given to kafkajs there; truncations, count errors and framing by hand-made edits of them.
#include "protocol/produce.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <regex>
#include <set>

#include "produce_vectors.h"
#include "protocol/table.h"
#include "protocol/text_ids.h"
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

// The runs of the flat request, by index.
const PartitionData& partitionOf(const ProduceRequest& r, std::size_t topic, std::size_t i) {
  const TopicData& t = r.topics.at(topic);
  EXPECT_LT(i, t.partitions_count);
  return r.partitions.at(t.partitions_begin + i);
}
const ProducedBatch& batchOf(const ProduceRequest& r, const PartitionData& p, std::size_t i) {
  EXPECT_LT(i, p.batches_count);
  return r.batches.at(p.batches_begin + i);
}
const ProducedRecord& recordOf(const ProduceRequest& r, const ProducedBatch& b, std::size_t i) {
  EXPECT_LT(i, b.records_count);
  return r.records.at(b.records_begin + i);
}
const CoordinationRecord& decodedOf(const ProduceRequest& r, const ProducedRecord& rec) {
  EXPECT_GE(rec.decoded, 0);
  return r.decoded.at(static_cast<std::size_t>(rec.decoded));
}
Bytes bytesOf(const ProduceRequest& r, Slice s) {
  const auto b = r.bytes(s);
  return Bytes(b.begin(), b.end());
}
std::string textOf(const ProduceRequest& r, Slice s) { return std::string(r.text(s)); }

// The lease of the vectors (gen_produce_vectors.mjs): member m-1, producer 7 epoch 3, 2000..5000.
void expectLease(const ProduceRequest& r, const CoordinationRecord& c) {
  EXPECT_EQ(c.value_kind, static_cast<std::int32_t>(RecordKind::lease));
  EXPECT_EQ(textOf(r, c.member), "m-1");
  EXPECT_EQ(c.producer_id, 7);
  EXPECT_EQ(c.producer_epoch, 3);
  EXPECT_EQ(c.granted_at, 2000);
  EXPECT_EQ(c.deadline, 5000);
}

// The plain request's model (gen_produce_vectors.mjs `plain`), field by field.
void expectPlain(const ProduceRequest& r) {
  EXPECT_TRUE(r.transactional_id.null());
  EXPECT_EQ(r.acks, -1);
  EXPECT_EQ(r.timeout, 30000);
  ASSERT_EQ(r.topics.size(), 2u);
  EXPECT_EQ(textOf(r, r.topics[0].topic), "__coordination_state");
  ASSERT_EQ(r.topics[0].partitions_count, 1u);
  const PartitionData& p = partitionOf(r, 0, 0);
  EXPECT_EQ(p.partition, 0);
  ASSERT_EQ(p.batches_count, 1u);
  const ProducedBatch& b = batchOf(r, p, 0);
  EXPECT_EQ(b.header.base_offset, 0);
  EXPECT_EQ(b.header.producer_id, -1);
  EXPECT_EQ(b.header.compression(), 0);
  EXPECT_FALSE(b.header.transactional());
  ASSERT_EQ(b.records_count, 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(recordOf(r, b, i).offset, static_cast<std::int64_t>(i));
    EXPECT_EQ(recordOf(r, b, i).timestamp, T0 + static_cast<std::int64_t>(i));
    ASSERT_GE(recordOf(r, b, i).decoded, 0);
  }
  // valid registration: role and members are slices of the record's key and value in the input
  const ProducedRecord& reg_record = recordOf(r, b, 0);
  const CoordinationRecord& reg = decodedOf(r, reg_record);
  EXPECT_EQ(reg.error, -1);
  EXPECT_EQ(reg.key_kind, static_cast<std::int32_t>(RecordKind::registration));
  EXPECT_EQ(textOf(r, reg.role), "orders");
  EXPECT_EQ(textOf(r, reg.key_member), "m-1");
  EXPECT_EQ(reg.role.at, reg_record.key.at + 6);
  EXPECT_LT(reg_record.key.at, r.input.size());
  EXPECT_EQ(reg.value_kind, static_cast<std::int32_t>(RecordKind::registration));
  EXPECT_EQ(textOf(r, reg.member), "m-1");
  EXPECT_EQ(reg.member.at, reg_record.value.at + 4);
  EXPECT_EQ(reg.registered_at, 1000);
  // tombstone
  const CoordinationRecord& tomb = decodedOf(r, recordOf(r, b, 1));
  EXPECT_TRUE(recordOf(r, b, 1).value.null());
  EXPECT_EQ(tomb.error, -1);
  EXPECT_EQ(tomb.key_kind, static_cast<std::int32_t>(RecordKind::lease));
  EXPECT_EQ(textOf(r, tomb.role), "orders");
  EXPECT_EQ(textOf(r, tomb.key_member), "");
  EXPECT_EQ(tomb.value_kind, -1);
  // corrupt: key version 1 -> the codec's own error, part key
  const CoordinationRecord& bad = decodedOf(r, recordOf(r, b, 2));
  ASSERT_GE(bad.error, 0);
  EXPECT_EQ(bad.key_kind, -1);
  const RecordError& e = r.errors.at(static_cast<std::size_t>(bad.error));
  EXPECT_EQ(textOf(r, e.code), "UNSUPPORTED_VERSION");
  EXPECT_EQ(e.offset, 0u);
  EXPECT_EQ(textOf(r, e.field), "key.version");
  EXPECT_EQ(textOf(r, e.message).rfind("key.version: ", 0), 0u) << textOf(r, e.message);
  EXPECT_EQ(e.in_value, 0);
  // lease
  expectLease(r, decodedOf(r, recordOf(r, b, 3)));
  // the other topic: no decoding, headers kept
  EXPECT_EQ(textOf(r, r.topics[1].topic), "orders");
  const PartitionData& o = partitionOf(r, 1, 0);
  EXPECT_EQ(o.partition, 2);
  const ProducedRecord& rec = recordOf(r, batchOf(r, o, 0), 0);
  EXPECT_TRUE(rec.key.null());
  EXPECT_EQ(bytesOf(r, rec.value), str("hello"));
  EXPECT_EQ(rec.timestamp, T0 + 10);
  ASSERT_EQ(rec.headers_count, 1u);
  EXPECT_EQ(textOf(r, r.headers.at(rec.headers_begin).key), "trace");
  EXPECT_EQ(bytesOf(r, r.headers.at(rec.headers_begin).value), str("abc"));
  EXPECT_EQ(rec.decoded, -1);
  // Nothing was copied: every key, value and header points into the input; the pool holds the
  // texts of the one coordination error.
  for (const ProducedRecord& x : r.records) {
    EXPECT_LE(x.key.at + static_cast<std::size_t>(std::max<std::ptrdiff_t>(x.key.length, 0)), r.input.size());
    EXPECT_LE(x.value.at + static_cast<std::size_t>(std::max<std::ptrdiff_t>(x.value.length, 0)), r.input.size());
  }
  EXPECT_EQ(r.pool.size(), static_cast<std::size_t>(e.code.length + e.field.length + e.message.length));
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
  EXPECT_EQ(textOf(r, r.header->client_id), "cv-test");
  expectPlain(r);
}

TEST(Produce, KafkajsBodyOnly) {
  const Bytes b = hex(kProducePlainBodyHex);  // the request points into it
  const ProduceRequest r = ok(decodeProduceRequest(b));
  EXPECT_EQ(r.framing, Framing::body);
  EXPECT_FALSE(r.header);
  expectPlain(r);
}

TEST(Produce, HeaderWithoutSize) {
  const Bytes framed = hex(kProducePlainFramedHex);
  const Bytes b(framed.begin() + 4, framed.end());
  const ProduceRequest r = ok(decodeProduceRequest(b));
  EXPECT_EQ(r.framing, Framing::header);
  EXPECT_EQ(r.header->correlation_id, 77);
  expectPlain(r);
}

TEST(Produce, KafkajsGzipTransactional) {
  const Bytes in = hex(kProduceGzipTxnHex);
  const ProduceRequest r = ok(decodeProduceRequest(in));
  EXPECT_EQ(textOf(r, r.transactional_id), "txn-1");
  EXPECT_EQ(r.acks, 1);
  EXPECT_EQ(r.timeout, 1500);
  const PartitionData& p = partitionOf(r, 0, 0);
  EXPECT_EQ(p.partition, 3);
  const ProducedBatch& b = batchOf(r, p, 0);
  EXPECT_EQ(b.header.compression(), 1);
  EXPECT_TRUE(b.header.transactional());
  EXPECT_EQ(b.header.producer_id, 42);
  EXPECT_EQ(b.header.producer_epoch, 5);
  EXPECT_EQ(b.header.base_sequence, 9);
  ASSERT_EQ(b.records_count, 1u);
  const ProducedRecord& rec = recordOf(r, b, 0);
  EXPECT_EQ(rec.timestamp, T0 + 3);
  // The inflated records are in the pool, after the input in the request's byte space.
  EXPECT_GE(rec.key.at, in.size());
  EXPECT_GE(rec.value.at, in.size());
  EXPECT_FALSE(r.pool.empty());
  expectLease(r, decodedOf(r, rec));
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

// Kafka's strings are read as new String(bytes, UTF_8): an ill-formed client id is repaired into the
// pool (U+FFFD), its slice points there, and inspect warns UTF8_REPLACED at its bytes.
TEST(Produce, IllFormedStringIsRepairedIntoThePool) {
  Bytes b = hex(kProducePlainFramedHex);
  // size (4), api key (2), api version (2), correlation id (4), client id length (2): "cv-test" at 14
  ASSERT_EQ(b[14], 'c');
  b[14] = 0xFF;
  const ProduceRequest r = ok(decodeProduceRequest(b));
  ASSERT_TRUE(r.header);
  EXPECT_EQ(textOf(r, r.header->client_id), "\xEF\xBF\xBDv-test");
  EXPECT_GE(r.header->client_id.at, b.size());
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].code, "UTF8_REPLACED");
  EXPECT_EQ(r.warnings[0].field, "produce_request.header.client_id");
  EXPECT_EQ(r.warnings[0].offset, 14u);
  const ProduceInspection in = inspectProduceRequest(b);
  ASSERT_EQ(in.warnings.size(), 1u);
  EXPECT_EQ(in.warnings[0].length, 7u);
  // The pool: the repaired text (9 bytes) and the corrupt record's error texts.
  ASSERT_EQ(r.errors.size(), 1u);
  const RecordError& e = r.errors[0];
  EXPECT_EQ(r.pool.size(), static_cast<std::size_t>(9 + e.code.length + e.field.length + e.message.length));
  EXPECT_EQ(textOf(r, r.topics.at(1).topic), "orders");
}

// One decoder and one request reused from decode to decode (as the wasm boundary does) give what a
// fresh decode gives: nothing is left over from the previous request, or from a failed one.
TEST(Produce, ReusedDecoderLeavesNothingOver) {
  const Bytes gzip = hex(kProduceGzipTxnHex);
  const Bytes framed = hex(kProducePlainFramedHex);
  Bytes bad = framed;
  bad[21 + 46 + 17] ^= 1;  // the first batch's crc
  ProduceDecoder decoder;
  ProduceRequest r;
  EXPECT_FALSE(decoder.decode(gzip, r));
  EXPECT_FALSE(r.pool.empty());
  const auto e = decoder.decode(bad, r);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, "CRC_MISMATCH");
  EXPECT_FALSE(decoder.decode(framed, r));
  EXPECT_EQ(r.framing, Framing::size_and_header);
  EXPECT_EQ(textOf(r, r.header->client_id), "cv-test");
  EXPECT_TRUE(r.warnings.empty());
  expectPlain(r);
  EXPECT_FALSE(decoder.decode(gzip, r));
  EXPECT_FALSE(r.header);
  EXPECT_EQ(textOf(r, r.transactional_id), "txn-1");
  EXPECT_EQ(r.records.size(), 1u);
  EXPECT_EQ(r.decoded.size(), 1u);
  EXPECT_TRUE(r.errors.empty());
}

// The numbering of repeated texts (protocol/text_ids.h): equal texts share a number, wherever
// they lie; each number's slice is where its text first occurs.
TEST(Produce, TextIdsNumberEqualTextsOnce) {
  const Bytes b = hex(kProducePlainBodyHex);
  const ProduceRequest r = ok(decodeProduceRequest(b));
  TextIds ids;
  ids.number(r);
  ASSERT_EQ(ids.decoded.size(), 3 * r.decoded.size());
  // records 0 (registration orders/m-1, value m-1), 1 (lease key orders, tombstone),
  // 2 (key error), 3 (lease orders, value m-1)
  const std::int32_t orders = ids.decoded[0], m1 = ids.decoded[1];
  EXPECT_EQ(textOf(r, ids.texts.at(static_cast<std::size_t>(orders))), "orders");
  EXPECT_EQ(textOf(r, ids.texts.at(static_cast<std::size_t>(m1))), "m-1");
  EXPECT_EQ(ids.texts[static_cast<std::size_t>(orders)].at, r.decoded[0].role.at);
  EXPECT_EQ(ids.decoded[2], m1);  // the value's member: the same text, elsewhere in the input
  EXPECT_NE(r.decoded[0].member.at, r.decoded[0].key_member.at);
  EXPECT_EQ(ids.decoded[3], orders);
  const std::int32_t empty = ids.decoded[4];  // a lease key's member
  EXPECT_EQ(textOf(r, ids.texts.at(static_cast<std::size_t>(empty))), "");
  EXPECT_EQ(ids.decoded[5], -1);  // tombstone
  EXPECT_EQ(ids.decoded[6], -1);  // the key did not decode
  EXPECT_EQ(ids.decoded[7], -1);
  EXPECT_EQ(ids.decoded[8], -1);
  EXPECT_EQ(ids.decoded[9], orders);
  EXPECT_EQ(ids.decoded[10], empty);
  EXPECT_EQ(ids.decoded[11], m1);
  ASSERT_EQ(ids.header_keys.size(), 1u);
  EXPECT_EQ(textOf(r, ids.texts.at(static_cast<std::size_t>(ids.header_keys[0]))), "trace");
  EXPECT_EQ(ids.texts.size(), 4u);  // orders, m-1, "", trace
  // Numbered again (the memory reused), the same numbers.
  const std::vector<std::int32_t> first = ids.decoded;
  ids.number(r);
  EXPECT_EQ(ids.decoded, first);
  EXPECT_EQ(ids.texts.size(), 4u);
}
