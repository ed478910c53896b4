// wasm/core/log: the record-batch parser, LogStream and the fold, on batches written by kafkajs
// (log_vectors.h, from gen_log_vectors.mjs). The Node tests (tests/node/log.test.mjs) cover the
// same pieces through the wasm API on many more generated segments.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "log/fold.h"
#include "log/record_batch.h"
#include "log/state_flat.h"
#include "log_vectors.h"
#include "test_util.h"
#include "wire/crc32.h"

namespace cv = coordination;
using Bytes = std::vector<std::uint8_t>;

namespace {

using testutil::fromHex;

Bytes concat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

struct Collect final : cv::BatchSink {
  std::vector<std::int64_t> offsets;
  std::vector<std::string> errors;  // "CODE@base_offset@position"
  std::vector<std::string> messages;
  void onBatch(const cv::Batch& b) override {
    for (const cv::RecordView& r : b.records) offsets.push_back(r.offset);
  }
  void onError(const cv::BatchError& e) override {
    errors.push_back(std::string(cv::batchErrorCodeName(e.code)) + "@" + std::to_string(e.base_offset) + "@" +
                     std::to_string(e.position));
    messages.push_back(e.message);
  }
};

Collect readAll(const Bytes& log, std::size_t chunk = 0) {
  Collect c;
  cv::LogStream s;
  if (chunk == 0) chunk = log.size() ? log.size() : 1;
  for (std::size_t at = 0; at < log.size(); at += chunk)
    s.push(cv::ByteSpan(log).subspan(at, std::min(chunk, log.size() - at)), c);
  s.finish(c);
  return c;
}

}  // namespace

TEST(RecordBatch, HeaderAndRecordsOfAKafkajsBatch) {
  const Bytes none = fromHex(kNoneHex);
  const cv::Frame f = cv::frameBatch(none, 0, {});
  ASSERT_EQ(f.status, cv::FrameStatus::complete);
  EXPECT_EQ(f.size, none.size());
  cv::Batch b;
  ASSERT_FALSE(cv::parseBatch(none, 0, b, {}));
  EXPECT_EQ(b.header.base_offset, 100);
  EXPECT_EQ(b.header.magic, 2);
  EXPECT_EQ(b.header.producer_id, 7);
  EXPECT_EQ(b.header.producer_epoch, 3);
  EXPECT_EQ(b.header.records_count, 4);
  EXPECT_EQ(b.header.last_offset_delta, 3);
  ASSERT_EQ(b.records.size(), 4u);
  EXPECT_EQ(b.records[0].offset, 100);
  EXPECT_EQ(b.records[3].offset, 103);
  EXPECT_EQ(b.records[2].timestamp, 1'700'000'000'002);
  EXPECT_FALSE(b.records[3].value.has_value());  // tombstone
  ASSERT_EQ(b.records[0].headers_count, 1u);
  const cv::RecordHeaderView& h = b.headers[b.records[0].headers_begin];
  EXPECT_EQ(std::string(h.key.begin(), h.key.end()), "trace");
  EXPECT_EQ(std::string(h.value->begin(), h.value->end()), "abc");
}

TEST(RecordBatch, GzipLz4AndSnappyGiveTheSameRecords) {
  cv::Batch plain;
  const Bytes none = fromHex(kNoneHex);  // the records point into it
  ASSERT_FALSE(cv::parseBatch(none, 0, plain, {}));
  // The same records, compressed by zlib (kafkajs), the lz4 command line and python-snappy (framed
  // as Kafka's Java producer, and unframed as librdkafka): log_vectors.h.
  for (const auto& [hex, codec] : {std::pair{kGzipHex, 1}, {kLz4Hex, 3}, {kSnappyHex, 2}, {kSnappyRawHex, 2}}) {
    cv::Batch c;
    const Bytes bytes = fromHex(hex);
    const auto e = cv::parseBatch(bytes, 0, c, {});
    ASSERT_FALSE(e) << codec << " " << e->message;
    EXPECT_EQ(c.header.compression(), codec);
    ASSERT_EQ(c.records.size(), plain.records.size());
    for (std::size_t i = 0; i < c.records.size(); ++i) {
      EXPECT_EQ(c.records[i].offset, plain.records[i].offset + 4);
      EXPECT_EQ(c.records[i].timestamp, plain.records[i].timestamp);
      EXPECT_TRUE(std::equal(c.records[i].key->begin(), c.records[i].key->end(), plain.records[i].key->begin(),
                             plain.records[i].key->end()));
      EXPECT_EQ(c.records[i].value.has_value(), plain.records[i].value.has_value());
      if (c.records[i].value)
        EXPECT_TRUE(std::equal(c.records[i].value->begin(), c.records[i].value->end(), plain.records[i].value->begin(),
                               plain.records[i].value->end()));
    }
    EXPECT_EQ(c.headers.size(), plain.headers.size());
  }
}

// kGzip's records, compressed by the zstd CLI (gen_log_vectors.mjs), read as kGzip's.
TEST(RecordBatch, AZstdBatchHoldsTheRecordsOfTheGzipOne) {
  cv::Batch gz, zs;
  ASSERT_FALSE(cv::parseBatch(fromHex(kGzipHex), 0, gz, {}));
  ASSERT_FALSE(cv::parseBatch(fromHex(kZstdHex), 0, zs, {}));
  EXPECT_EQ(zs.header.compression(), 4);
  EXPECT_EQ(cv::compressionName(zs.header.compression()), "zstd");
  EXPECT_EQ(zs.inflated, gz.inflated);
  ASSERT_EQ(zs.records.size(), gz.records.size());
  for (std::size_t i = 0; i < zs.records.size(); ++i) EXPECT_EQ(zs.records[i].offset, gz.records[i].offset + 12);
  // Within 10 decompressed bytes it does not fit: INVALID_ZSTD, output_too_large.
  cv::Limits limits;
  limits.max_inflated_bytes = 10;
  const auto e = cv::parseBatch(fromHex(kZstdHex), 0, zs, limits);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, cv::BatchErrorCode::INVALID_ZSTD);
  EXPECT_EQ(e->field, "batch.records");
  EXPECT_NE(e->message.find("the zstd payload does not decompress: output_too_large at byte "), std::string::npos)
      << e->message;
}

// A payload that does not decompress: a batch error at batch.records naming the codec, the
// decoder's problem and the payload's byte; its position is that byte in the input. The batches
// are re-signed (CRC-32C over the changed payload), as a producer that wrote them would have.
TEST(RecordBatch, Lz4AndSnappyPayloadsThatDoNotDecompress) {
  const auto resign = [](Bytes b) {
    const std::uint32_t crc = cv::crc32c(std::span(b).subspan(cv::kBatchCrcStart));
    for (int i = 0; i < 4; ++i) b[17 + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(crc >> (24 - 8 * i));
    return b;
  };
  cv::Batch out;
  Bytes lz4 = fromHex(kLz4Hex);
  lz4[61 + 6] ^= 0x01;  // the frame's header checksum
  auto e = cv::parseBatch(resign(lz4), 1000, out, {});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, cv::BatchErrorCode::INVALID_LZ4);
  EXPECT_EQ(e->position, 1000u + 61 + 6);
  EXPECT_EQ(e->field, "batch.records");
  EXPECT_EQ(e->message,
            "batch at offset 104 (position 1000): batch.records: the lz4 payload does not decompress: "
            "header_checksum_mismatch at byte 6 of the payload; the batch is skipped");
  EXPECT_TRUE(out.records.empty());
  EXPECT_TRUE(out.inflated.empty());
  Bytes snappy = fromHex(kSnappyHex);
  snappy[61 + 16] = 0x80;  // the first chunk's length: negative
  e = cv::parseBatch(resign(snappy), 0, out, {});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, cv::BatchErrorCode::INVALID_SNAPPY);
  EXPECT_EQ(e->position, 61u + 16);
  EXPECT_EQ(e->message,
            "batch at offset 104 (position 0): batch.records: the snappy payload does not decompress: "
            "invalid_chunk_size at byte 16 of the payload; the batch is skipped");
  // The budget of decompressed bytes (Limits::max_inflated_bytes) bounds lz4 and snappy as gzip.
  for (const auto hex : {kLz4Hex, kSnappyHex, kSnappyRawHex}) {
    e = cv::parseBatch(fromHex(hex), 0, out, cv::Limits{.max_inflated_bytes = 64});
    ASSERT_TRUE(e);
    EXPECT_NE(e->message.find("output_too_large"), std::string::npos) << e->message;
  }
  // Codecs 5-7 stay unsupported; the words list the codecs read.
  e = cv::parseBatch(fromHex(kCodec7Hex), 0, out, {});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, cv::BatchErrorCode::UNSUPPORTED_COMPRESSION);
  EXPECT_EQ(e->message,
            "batch at offset 108 (position 0): batch.attributes: compression unknown (codec 7) is not supported "
            "(supported: none, gzip, snappy, lz4, zstd); the batch is skipped");
}

TEST(RecordBatch, ErrorsNameOffsetPositionAndExpectationAndReadingGoesOn) {
  const Bytes none = fromHex(kNoneHex), gzip = fromHex(kGzipHex), codec7 = fromHex(kCodec7Hex);
  Bytes bad_crc = none;
  bad_crc[bad_crc.size() - 1] ^= 1;
  const Bytes log = concat({codec7, bad_crc, gzip});
  const Collect c = readAll(log);
  EXPECT_EQ(c.errors, (std::vector<std::string>{"UNSUPPORTED_COMPRESSION@108@21",
                                                "CRC_MISMATCH@100@" + std::to_string(codec7.size() + 17)}));
  EXPECT_EQ(c.messages[0],
            "batch at offset 108 (position 0): batch.attributes: compression unknown (codec 7) is not supported "
            "(supported: none, gzip, snappy, lz4, zstd); the batch is skipped");
  EXPECT_EQ(c.offsets, (std::vector<std::int64_t>{104, 105, 106, 107}));
}

// Positions by hand from the vectors: the records start at 61; kPastLast's records take 49 and 54
// bytes, so the third's offsetDelta (after its length, attributes and timestampDelta) is at 167.
TEST(RecordBatch, ALogRefusesRecordOffsetsOutsideTheirBatch) {
  const Bytes past = fromHex(kPastLastHex), past_gzip = fromHex(kPastLastGzipHex), repeated = fromHex(kRepeatedHex),
              negative = fromHex(kNegativeHex), compacted = fromHex(kCompactedHex);
  const std::string prefix = "batch at offset 200 (position 0): record.offsetDelta: ";
  struct Case {
    const Bytes& batch;
    std::string error;
    std::string message;
  };
  const Case cases[] = {
      {past, "INVALID_RECORD@200@167",
       prefix + "offsetDelta 5 (offset 205) is past the batch's lastOffsetDelta 2 (its last offset 202); the batch is "
                "skipped (record 2)"},
      {past_gzip, "INVALID_RECORD@200@61",
       prefix + "offsetDelta 5 (offset 205) is past the batch's lastOffsetDelta 2 (its last offset 202); the batch is "
                "skipped (record 2, byte 106 of the inflated records)"},
      {repeated, "INVALID_RECORD@200@113",
       prefix + "expected an offsetDelta above the previous record's 1 (offsets increase within a batch), found 1; the "
                "batch is skipped (record 1)"},
      {negative, "INVALID_RECORD@200@64",
       prefix + "expected an offsetDelta >= 0, found -1; the batch is skipped (record 0)"},
  };
  for (const Case& c : cases) {
    // The batch parses (its fields are sound); only a log's reader refuses it, then reads on.
    cv::Batch b;
    ASSERT_FALSE(cv::parseBatch(c.batch, 0, b, {}));
    const Collect got = readAll(concat({c.batch, compacted}));
    EXPECT_EQ(got.errors, std::vector<std::string>{c.error});
    EXPECT_EQ(got.messages, std::vector<std::string>{c.message});
    // A compacted batch keeps its gaps and its lastOffsetDelta past its last record: read whole.
    EXPECT_EQ(got.offsets, (std::vector<std::int64_t>{201, 203}));
  }
}

TEST(RecordBatch, TheRecordBudgetCountsRecordsAndHeadersBeforeAnythingIsInflated) {
  const Bytes none = fromHex(kNoneHex);  // 4 records, the first with 1 header
  const Bytes gzip = fromHex(kGzipHex);
  cv::Batch b;
  cv::Limits limits;
  limits.max_records = 5;
  EXPECT_FALSE(cv::parseBatch(none, 0, b, limits));
  limits.max_records = 4;  // the records fit, their header does not
  auto e = cv::parseBatch(none, 0, b, limits);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, cv::BatchErrorCode::TOO_MANY_RECORDS);
  EXPECT_EQ(e->field, "record.headers");
  EXPECT_FALSE(e->fatal);
  EXPECT_NE(e->message.find("a count of 1 headers is above the 0 the batch may still hold (the budget: 131072 "
                            "records and headers a batch, a readLog call or a ProduceRequest) (record 0)"),
            std::string::npos)
      << e->message;
  limits.max_records = 3;
  e = cv::parseBatch(none, 0, b, limits);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, cv::BatchErrorCode::TOO_MANY_RECORDS);
  EXPECT_EQ(e->position, 57u);
  EXPECT_EQ(e->message,
            "batch at offset 100 (position 0): batch.recordsCount: a count of 4 records is above the 3 the reader may "
            "still take (the budget: 131072 records and headers a batch, a readLog call or a ProduceRequest); the "
            "batch is skipped");
  cv::Batch fresh;
  e = cv::parseBatch(gzip, 0, fresh, limits);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, cv::BatchErrorCode::TOO_MANY_RECORDS);
  EXPECT_TRUE(fresh.inflated.empty());  // refused at its count, before the payload was inflated
}

TEST(RecordBatch, ALogStreamBudgetsEachBatchOrTheStreamInAll) {
  const Bytes none = fromHex(kNoneHex), gzip = fromHex(kGzipHex);
  cv::Batch b;
  ASSERT_FALSE(cv::parseBatch(gzip, 0, b, {}));
  const std::size_t gzip_entries = b.records.size() + b.headers.size();
  const Bytes log = concat({none, gzip, none});
  cv::Limits limits;
  limits.max_records = 5 + gzip_entries;
  for (const cv::RecordBudget budget : {cv::RecordBudget::per_batch, cv::RecordBudget::per_stream}) {
    Collect c;
    cv::LogStream s(limits, budget);
    s.push(log, c);
    s.finish(c);
    if (budget == cv::RecordBudget::per_batch) {
      EXPECT_TRUE(c.errors.empty());
      EXPECT_EQ(c.offsets.size(), 12u);
    } else {  // the third batch finds the budget spent; the stream goes on after it
      EXPECT_EQ(c.errors,
                (std::vector<std::string>{"TOO_MANY_RECORDS@100@" + std::to_string(none.size() + gzip.size() + 57)}));
      EXPECT_NE(c.messages[0].find("a count of 4 records is above the 0 the reader may still take"), std::string::npos);
      EXPECT_EQ(c.offsets.size(), 8u);
    }
  }
}

TEST(RecordBatch, TruncatedFinalBatchAndAnyChunking) {
  const Bytes log = concat({fromHex(kNoneHex), fromHex(kGzipHex)});
  for (std::size_t chunk : {1u, 3u, 12u, 61u, 200u}) {
    const Collect c = readAll(log, chunk);
    EXPECT_TRUE(c.errors.empty()) << chunk;
    EXPECT_EQ(c.offsets.size(), 8u) << chunk;
  }
  const Bytes cut(log.begin(), log.end() - 5);
  const Collect c = readAll(cut, 7);
  EXPECT_EQ(c.errors, (std::vector<std::string>{"BATCH_TRUNCATED@104@" + std::to_string(cut.size())}));
  EXPECT_EQ(c.offsets.size(), 4u);
}

TEST(Fold, LastRecordWinsTombstonesClearAndAnomalies) {
  cv::LogFolder f;
  const Bytes log = concat({fromHex(kNoneHex), fromHex(kGzipHex)});
  f.pushLog(3, log);
  f.endLog(3);
  const cv::FoldState s = f.folder().result(4000);
  EXPECT_EQ(s.records, 8u);
  EXPECT_TRUE(s.errors.empty());
  ASSERT_EQ(s.roles.size(), 1u);  // billing's only member was tombstoned (twice)
  const cv::RoleState& orders = s.roles[0];
  EXPECT_EQ(orders.role, "orders");
  EXPECT_EQ(orders.partition, 3);
  ASSERT_TRUE(orders.lease);
  EXPECT_EQ(orders.lease->holder, "m-1");
  EXPECT_EQ(orders.lease->offset, 105);
  EXPECT_FALSE(orders.expired);
  ASSERT_EQ(s.membersOf(orders).size(), 1u);
  EXPECT_EQ(s.membersOf(orders)[0].offset, 104);
  EXPECT_TRUE(s.anomalies.empty());
  EXPECT_TRUE(f.folder().result(5000).roles[0].expired);  // now == deadline
  // The same state flat, as the JS API receives it (log/state_flat.h).
  cv::FlatState flat;
  f.folder().flatResult(4000, false, flat);
  EXPECT_EQ(flat.words, (std::vector<std::int32_t>{1, 1, 0, 0, 0, 0, 0, 0, 3, 1, 3, 1, -1}));  // -1: no join
  EXPECT_EQ(flat.longs, (std::vector<std::int64_t>{8, 0, 0, 7, 2000, 5000, 1000}));
  EXPECT_EQ(std::string(flat.pool.begin(), flat.pool.end()), "ordersm-1m-1");
  EXPECT_EQ(flat.ends, (std::vector<std::uint32_t>{6, 9, 12}));
}

TEST(RecordBatch, ControlKeysAsKafkaReadsThem) {
  std::string why;
  const Bytes commit = {0, 0, 0, 1}, future = {0, 3, 0, 0, 9}, shortKey = {0, 0, 0}, negative = {0xFF, 0xFF, 0, 0};
  const auto c = cv::parseControlKey(cv::ByteSpan(commit), why);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->type, cv::kControlCommit);
  const auto f = cv::parseControlKey(cv::ByteSpan(future), why);  // a later version reads as version 0
  ASSERT_TRUE(f);
  EXPECT_EQ(f->version, 3);
  EXPECT_EQ(f->type, cv::kControlAbort);
  EXPECT_FALSE(cv::parseControlKey(cv::ByteSpan(shortKey), why));
  EXPECT_EQ(why, "a control record key needs at least 4 bytes (version i16, type i16), found 3");
  EXPECT_FALSE(cv::parseControlKey(cv::ByteSpan(negative), why));
  EXPECT_EQ(why, "a control record key has version -1; a version is >= 0");
  EXPECT_FALSE(cv::parseControlKey(std::nullopt, why));
  EXPECT_EQ(cv::controlTypeName(2), "type 2");
  const Bytes value = {0, 0, 0, 0, 0, 3};
  EXPECT_EQ(cv::parseMarkerCoordinatorEpoch(cv::ByteSpan(value)), 3);
  EXPECT_FALSE(cv::parseMarkerCoordinatorEpoch(cv::ByteSpan(commit)));
}

TEST(Fold, TransactionsCommittedAbortedAndOpen) {
  const Bytes log = concat({fromHex(kNoneHex), fromHex(kTxn9Hex), fromHex(kTxn8Hex), fromHex(kAbort8Hex),
                            fromHex(kCommit9Hex), fromHex(kTxn7Hex)});
  for (std::size_t chunk : {std::size_t{1}, std::size_t{13}, log.size()}) {
    cv::LogFolder f(true);
    for (std::size_t at = 0; at < log.size(); at += chunk)
      f.pushLog(0, cv::ByteSpan(log).subspan(at, std::min(chunk, log.size() - at)));
    f.endLog(0);
    const cv::FoldState s = f.folder().result(4000);
    EXPECT_EQ(s.records, 8u) << chunk;  // the two markers are not records
    EXPECT_TRUE(s.errors.empty());
    ASSERT_EQ(s.roles.size(), 2u);
    // billing: b-1 tombstoned at 103, b-2 committed; b-3 waits in producer 7's open transaction.
    EXPECT_EQ(s.roles[0].role, "billing");
    ASSERT_EQ(s.membersOf(s.roles[0]).size(), 1u);
    EXPECT_EQ(s.membersOf(s.roles[0])[0].member, "b-2");
    EXPECT_EQ(s.membersOf(s.roles[0])[0].offset, 110);
    // orders: the committed lease (offset 111); m-1's registration survives the aborted tombstone.
    EXPECT_EQ(s.roles[1].role, "orders");
    ASSERT_TRUE(s.roles[1].lease);
    EXPECT_EQ(s.roles[1].lease->offset, 111);
    EXPECT_EQ(s.roles[1].lease->producer_id, 9);
    ASSERT_EQ(s.membersOf(s.roles[1]).size(), 1u);
    EXPECT_EQ(s.membersOf(s.roles[1])[0].offset, 100);
    ASSERT_EQ(s.anomalies.size(), 1u);
    EXPECT_EQ(s.anomalies[0].kind, cv::AnomalyKind::transaction_open);
    EXPECT_EQ(s.anomalies[0].offset, 115);
    EXPECT_EQ(s.anomalies[0].message,
              "producer id 7 has an open transaction in partition 0 (from offset 115, no COMMIT or ABORT marker by "
              "the end of the input): 1 record of role \"billing\" from offset 115 await it and are not in the state");
    // History: every record, the transactional ones with their outcome.
    std::vector<std::string> states;
    for (const cv::KeyHistory& h : s.history)
      for (const cv::HistoryEntry& e : h.entries)
        if (e.transaction)
          states.push_back(std::to_string(e.offset) + " " +
                           std::string(cv::transactionStateName(e.transaction->state)) + " " +
                           std::to_string(e.transaction->marker_offset));
    std::sort(states.begin(), states.end());
    EXPECT_EQ(states,
              (std::vector<std::string>{"110 committed 114", "111 committed 114", "112 aborted 113", "115 open -1"}));
  }
}

TEST(Fold, RecordIndexNamesEachRecordsBatch) {
  const Bytes none = fromHex(kNoneHex), txn9 = fromHex(kTxn9Hex), commit = fromHex(kCommit9Hex);
  cv::LogFolder f(false, {}, true);
  f.pushLog(0, none);
  f.endLog(0);
  const Bytes second = concat({txn9, commit});
  f.pushLog(0, second);
  f.endLog(0);
  const std::vector<cv::KeyRecords> keys = f.folder().keyRecords("orders", 0, 10);
  ASSERT_EQ(keys.size(), 2u);  // the registration of m-1, then the lease key
  EXPECT_EQ(keys[0].kind, cv::RecordKind::registration);
  EXPECT_EQ(keys[0].member, "m-1");
  ASSERT_EQ(keys[1].records.size(), 2u);
  const cv::IndexedRecord& plain = keys[1].records[0];
  EXPECT_EQ(plain.offset, 101);
  EXPECT_EQ(plain.source.input, 0u);
  EXPECT_EQ(plain.source.position, 0u);
  EXPECT_EQ(plain.source.size, none.size());
  EXPECT_FALSE(plain.transaction);
  const cv::IndexedRecord& committed = keys[1].records[1];
  EXPECT_EQ(committed.offset, 111);
  EXPECT_EQ(committed.source.input, 1u);
  EXPECT_EQ(committed.source.position, 0u);
  EXPECT_EQ(committed.source.size, txn9.size());
  ASSERT_TRUE(committed.transaction);
  EXPECT_EQ(committed.transaction->state, cv::TransactionState::committed);
  EXPECT_EQ(committed.transaction->marker_offset, 114);
  EXPECT_EQ(f.folder().keyRecords("orders", 0, 1)[1].records[0].offset, 111);  // the newest one
  EXPECT_EQ(f.folder().keyRecords("orders", 0, 1)[1].total, 2u);
  EXPECT_TRUE(f.folder().keyRecords("orders", 1, 10).empty());
  EXPECT_TRUE(cv::LogFolder().folder().keyRecords("orders", 0, 10).empty());  // no index kept
}

// Past one block of the index's entries (65,536), with sources that add no entry between (a key
// that does not decode) and offsets far from 0: each record comes back with its own offset.
TEST(Fold, RecordIndexKeepsEveryOffsetPastABlock) {
  cv::StateFolder f(false, true);
  const Bytes key = fromHex("00000000000172000161");  // a registration key, role "r", member "a"
  const Bytes bad = fromHex("ff");
  const std::int64_t base = INT64_MAX - 1000000;
  std::vector<std::int64_t> offsets;
  for (std::int64_t i = 0; i < 70000; ++i) {
    if (i % 7 == 3) f.add(0, base + 3 * i, 0, cv::ByteSpan(bad), std::nullopt);
    f.add(0, base + 3 * i + 1, 0, cv::ByteSpan(key), std::nullopt);
    offsets.push_back(base + 3 * i + 1);
  }
  const std::vector<cv::KeyRecords> keys = f.keyRecords("r", 0, 100000);
  ASSERT_EQ(keys.size(), 1u);
  EXPECT_EQ(keys[0].total, offsets.size());
  std::vector<std::int64_t> got;
  for (const cv::IndexedRecord& r : keys[0].records) got.push_back(r.offset);
  EXPECT_EQ(got, offsets);
  EXPECT_EQ(keys[0].records.back().source.position, 70000u + 10000u - 1u);  // pushed records, bad ones counted
}

// The index is bounded (issue 23: a log directory of any size in the browser): past kMaxEntries,
// the oldest block goes with the sources only it used; the entries kept come back in reading order,
// each with its own offset and source. (StateFolder::keyRecords lists a key from forEach alone.)
// The index itself, not a folder: 8,388,618 records folded took 30 s under the sanitizers.
TEST(Fold, RecordIndexKeepsTheNewestEntriesWithinItsBound) {
  constexpr std::uint64_t kMax = cv::RecordIndex::kMaxEntries;
  constexpr std::uint64_t kBlock = cv::RecordIndex::kBlock;
  constexpr std::uint64_t kPerSource = 1000;  // records a batch
  const std::uint64_t total = kMax + 10;
  cv::RecordIndex index;
  // Record i at offset 3i + 7, in key slot 1 in the first block and 2 after it.
  const auto offset = [](std::uint64_t i) { return static_cast<std::int64_t>(3 * i + 7); };
  for (std::uint64_t i = 0; i < total; ++i) {
    if (i % kPerSource == 0) index.addSource(cv::RecordSource{i / kPerSource, offset(i), 0, 64, cv::kNoTransaction});
    index.add(i < kBlock ? 1u : 2u, offset(i));
  }
  EXPECT_EQ(index.dropped(), kBlock);
  std::uint64_t i = kBlock, wrong = 0;
  index.forEach([&](std::uint32_t slot, std::int64_t at, const cv::RecordSource& src) {
    if (slot != 2 || at != offset(i) || src.position != i / kPerSource ||
        src.base_offset != offset(i / kPerSource * kPerSource))
      ++wrong;
    ++i;
  });
  EXPECT_EQ(i, total);  // every entry after the dropped block, none before it
  EXPECT_EQ(wrong, 0u);
}

TEST(Fold, AnOpenTransactionPastTheBufferIsReportedNotGrown) {
  cv::StateFolder f;
  const Bytes key = fromHex("000000000001720000");  // a registration key, role "r", member ""
  const Bytes value(std::size_t{1} << 20, 0xAB);    // 1 MiB each: the 64th passes 64 MiB
  const cv::Producer producer{5, true, false};
  for (std::int64_t offset = 0; offset < 70; ++offset)
    f.add(0, offset, 0, cv::ByteSpan(key), cv::ByteSpan(value), -1, producer);
  const Bytes abort = {0, 0, 0, 0};
  f.add(0, 70, 0, cv::ByteSpan(abort), std::nullopt, -1, cv::Producer{5, true, true});
  const cv::FoldState s = f.result(0);
  ASSERT_EQ(s.errors.size(), 1u);
  EXPECT_EQ(s.errors[0].code, "TRANSACTION_TOO_LARGE");
  EXPECT_EQ(s.errors[0].offset, 63);
  EXPECT_EQ(s.errors[0].message,
            "producer id 5's open transaction (from offset 0) passed the 64 MiB the fold keeps of records awaiting "
            "their markers; its records from this one on are not folded, whatever its marker says");
  EXPECT_TRUE(s.anomalies.empty());  // aborted: nothing open, nothing folded
  EXPECT_EQ(s.records, 70u);
}
