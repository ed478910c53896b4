// The spec-generated record-batch decoder (log/spec_batch.h, over the decoders generated from
// wasm/core/log/specs) against the hand-written parser (log/record_batch.h parseBatch): on the
// kafkajs batches of tests/native/log_vectors.h (none, gzip, lz4, snappy framed and raw, zstd,
// codec 7, transactional, markers),
// batches built here (headers, null keys and values, negative deltas, LogAppendTime) and 100,000
// seeded mutations of them (half re-framed and re-signed: their batchLength and CRC made right so
// that the records are read), under three Limits (the default, a budget of 6 records and headers,
// 64 inflated bytes), the same error (code, base offset, position, field, message, fatal) or the
// same batch: header, every record and header, bytes resolved.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "coordination_random.h"
#include "log/spec_batch.h"
#include "log_vectors.h"
#include "test_util.h"
#include "wire/crc32.h"

using namespace coordination;

namespace {

using Bytes = std::vector<std::uint8_t>;

std::string show(const std::optional<BatchError>& e) {
  if (!e) return "no error";
  std::ostringstream o;
  o << batchErrorCodeName(e->code) << " base=" << e->base_offset << " at " << e->position << " in " << e->field
    << (e->fatal ? " fatal" : "") << ": " << e->message;
  return o.str();
}

// Every member of the batch, bytes resolved (where a span lies is not compared).
std::string show(const Batch& b) {
  std::ostringstream o;
  const BatchHeader& h = b.header;
  auto bytes = [](const std::optional<ByteSpan>& s) { return s ? testutil::toHex(*s) : std::string("null"); };
  o << "batch @" << b.position << " " << h.base_offset << " " << h.batch_length << " " << h.partition_leader_epoch
    << " " << int{h.magic} << " " << h.crc << " " << h.attributes << " " << h.last_offset_delta << " "
    << h.first_timestamp << " " << h.max_timestamp << " " << h.producer_id << " " << h.producer_epoch << " "
    << h.base_sequence << " " << h.records_count << "\n";
  for (const auto& r : b.records) {
    o << "record " << r.offset << " " << r.timestamp << " " << int{r.attributes} << " " << bytes(r.key) << " "
      << bytes(r.value) << " " << r.headers_begin << "+" << r.headers_count << " @" << r.start << "+" << r.size << "\n";
  }
  for (const auto& x : b.headers) o << "header " << testutil::toHex(x.key) << " " << bytes(x.value) << "\n";
  return o.str();
}

struct Tally {
  int frames = 0, batches = 0, errors = 0, differing = 0;
  std::map<std::string, int> codes;  // the errors by code
};

// Both parsers on every complete frame of `bytes` (frameBatch's framing, as LogStream frames).
void check(const Bytes& bytes, const Limits& limits, batch_spec::Decoders& decoders, Tally& tally) {
  std::size_t at = 0;
  while (at < bytes.size()) {
    const ByteSpan rest = testutil::span(bytes).subspan(at);
    const Frame f = frameBatch(rest, at, limits);
    if (f.status != FrameStatus::complete) return;
    ++tally.frames;
    Batch a, b;
    const auto hand = parseBatch(rest.first(f.size), at, a, limits);
    const auto spec = batch_spec::parseBatch(rest.first(f.size), at, b, limits, decoders);
    std::string diff;
    if (show(hand) != show(spec))
      diff = "error: " + show(hand) + "\n| generated: " + show(spec);
    else if (!hand && show(a) != show(b))
      diff = "batch:\n" + show(a) + "| generated:\n" + show(b);
    if (!diff.empty() && ++tally.differing <= 5) ADD_FAILURE() << testutil::toHex(rest.first(f.size)) << ": " << diff;
    (hand ? tally.errors : tally.batches)++;
    if (hand) ++tally.codes[std::string(batchErrorCodeName(hand->code))];
    at += f.size;
  }
}

void report(const char* what, const Tally& t) {
  std::string codes;
  for (const auto& [code, n] : t.codes) codes += " " + code + " " + std::to_string(n);
  std::printf("[ differential ] %s: %d frames, %d batches, %d errors (%s), %d differing\n", what, t.frames, t.batches,
              t.errors, codes.empty() ? "none" : codes.c_str() + 1, t.differing);
}

void putBig(Bytes& b, std::size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + i] = static_cast<std::uint8_t>(v >> (24 - 8 * i));
}
// batchLength from the size, then the CRC-32C of attributes..end (DefaultRecordBatch's rules).
void sign(Bytes& b) {
  if (b.size() < kBatchCrcStart) return;
  putBig(b, 8, static_cast<std::uint32_t>(b.size() - kBatchFrameBytes));
  putBig(b, 17, crc32c(testutil::span(b).subspan(kBatchCrcStart)));
}
// A zig-zag varint or varlong (ByteUtils.writeVarlong).
void putVarint(Bytes& b, std::int64_t v) {
  auto u = (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
  while (u >= 0x80) {
    b.push_back(static_cast<std::uint8_t>(u | 0x80));
    u >>= 7;
  }
  b.push_back(static_cast<std::uint8_t>(u));
}
void putBytes(Bytes& b, const std::optional<Bytes>& v) {
  if (!v) return putVarint(b, -1);
  putVarint(b, static_cast<std::int64_t>(v->size()));
  b.insert(b.end(), v->begin(), v->end());
}

struct Rec {
  std::int64_t timestamp_delta;
  std::int32_t offset_delta;
  std::optional<Bytes> key, value;
  std::vector<std::pair<Bytes, std::optional<Bytes>>> headers;
};

// An uncompressed batch v2 of `records` (DefaultRecord.writeTo's layout), signed.
Bytes batch(std::int64_t base_offset, std::int16_t attributes, const std::vector<Rec>& records) {
  Bytes b(kBatchHeaderBytes, 0);
  for (int i = 0; i < 8; ++i) b[i] = static_cast<std::uint8_t>(base_offset >> (56 - 8 * i));
  b[16] = 2;
  b[21] = static_cast<std::uint8_t>(attributes >> 8);
  b[22] = static_cast<std::uint8_t>(attributes);
  b[31] = 0x10;  // firstTimestamp, maxTimestamp: small and distinct
  b[39] = 0x20;
  for (int i = 43; i < 53; ++i) b[i] = 0xFF;  // producerId -1, producerEpoch -1
  putBig(b, 57, static_cast<std::uint32_t>(records.size()));
  for (const Rec& r : records) {
    Bytes body{0};  // attributes
    putVarint(body, r.timestamp_delta);
    putVarint(body, r.offset_delta);
    putBytes(body, r.key);
    putBytes(body, r.value);
    putVarint(body, static_cast<std::int64_t>(r.headers.size()));
    for (const auto& [k, v] : r.headers) {
      putBytes(body, k);
      putBytes(body, v);
    }
    putVarint(b, static_cast<std::int64_t>(body.size()));
    b.insert(b.end(), body.begin(), body.end());
  }
  sign(b);
  return b;
}

std::vector<Bytes> corpus() {
  std::vector<Bytes> all;
  for (const auto hex : {kNoneHex, kGzipHex, kCodec7Hex, kLz4Hex, kSnappyHex, kSnappyRawHex, kZstdHex, kTxn9Hex,
                         kTxn8Hex, kAbort8Hex, kCommit9Hex, kTxn7Hex})
    all.push_back(testutil::fromHex(hex));
  const Bytes k{'k'}, v{'v', 'a', 'l'};
  all.push_back(batch(0, 0, {}));
  all.push_back(batch(7, 0, {{0, 0, k, v, {}}, {-3, 1, std::nullopt, std::nullopt, {}}, {1 << 20, 2, Bytes{}, v, {}}}));
  all.push_back(batch(-1, 0x08, {{5, -2, k, std::nullopt, {{k, v}, {Bytes{}, std::nullopt}, {v, Bytes{}}}}}));
  all.push_back(batch(INT64_MAX, 0x10, {{INT64_MIN, INT32_MAX, v, k, {{k, std::nullopt}}}, {1, 1, k, k, {}}}));
  return all;
}

constexpr Limits kLimits[] = {Limits{}, Limits{.max_records = 6}, Limits{.max_inflated_bytes = 64}};

}  // namespace

TEST(BatchSpec, VectorsGiveTheSameOutput) {
  batch_spec::Decoders decoders;
  Tally tally;
  for (const Limits& limits : kLimits)
    for (const Bytes& b : corpus()) check(b, limits, decoders, tally);
  report("kafkajs's batches and batches built here, three limits", tally);
  EXPECT_EQ(tally.differing, 0);
  EXPECT_GT(tally.batches, 0);
}

TEST(BatchSpec, MutationsGiveTheSameOutput) {
  constexpr int kMutations = 100000;
  batch_spec::Decoders decoders;
  testrandom::Rng r{19};
  const std::vector<Bytes> seeds = corpus();
  Tally tally;
  for (int i = 0; i < kMutations; ++i) {
    Bytes mutated = testrandom::mutate(r, seeds[r.below(seeds.size())]);
    if (r.chance(50)) sign(mutated);
    check(mutated, kLimits[i % 3], decoders, tally);
  }
  report("mutated batches", tally);
  EXPECT_EQ(tally.differing, 0);
  EXPECT_GT(tally.batches, 0);
  EXPECT_GT(tally.errors, 0);
}
