// libFuzzer target for the whole-topic pieces (built with clang -fsanitize=fuzzer,address,undefined
// by tests/fuzz/run.sh). The first input byte picks what to fuzz; the rest is the input.
//   0 a log: LogStream over the bytes (one record budget for the stream: what it delivers stays
//     within it) and the fold in one piece and in chunks cut where the input says; both
//     folds (with history, record index or neither, as the second byte says) must give the same
//     flat state (log/state_flat.h), whose strings are well-formed UTF-8, and record index answers;
//     every error and indexed batch lies within the input
//   1 a log whose batches get a correct batchLength and CRC-32C first (so mutations reach the
//     header fields, the records, gzip, snappy, lz4, zstd and the fold instead of stopping at the CRC)
//   2 gzip and raw DEFLATE with a bounded output
//   3 packed records (log/fold.h addPackedRecords) into the fold
//   4 an LZ4 frame (Kafka's reading) and a raw LZ4 block with a bounded output
//   5 a snappy payload (xerial framing or raw, as Kafka reads it) and a raw snappy block, bounded
//   6 zstd frames (wire/zstd.h) with a bounded output: what decodes decodes again to the same bytes
//     with exactly its size as the bound, and one byte less is output_too_large
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "check.h"
#include "log/fold.h"
#include "log/record_batch.h"
#include "log/state_flat.h"
#include "wire/crc32.h"
#include "wire/inflate.h"
#include "wire/lz4.h"
#include "wire/snappy.h"
#include "wire/utf8.h"
#include "wire/zstd.h"

using namespace coordination;

namespace {

constexpr std::int64_t kNow = 1'700'000'000'000;
// A small record budget (records and headers), so that mutations reach TOO_MANY_RECORDS.
const Limits kLimits{std::size_t{1} << 20, std::size_t{1} << 20, 40};

class CheckingSink final : public BatchSink {
 public:
  explicit CheckingSink(std::size_t input_size) : size_(input_size) {}
  void onBatch(const Batch& b) override {
    CHECK(b.position < size_);
    for (const RecordView& r : b.records) CHECK(r.headers_begin + r.headers_count <= b.headers.size());
    entries_ += b.records.size() + b.headers.size();
    CHECK(entries_ <= kLimits.max_records);  // (the stream's budget: RecordBudget::per_stream)
  }
  void onError(const BatchError& e) override {
    CHECK(e.position <= size_);
    CHECK(!e.message.empty());
    CHECK(e.message.find(e.field) != std::string::npos);
  }

 private:
  std::size_t size_;
  std::size_t entries_ = 0;
};

// flatResult writes what result() holds: the roles and members sections against result()'s, where
// the layout's description places them (log/state_flat.h).
void checkSameState(const FoldState& state, const FlatState& flat) {
  using L = state_flat;
  const std::size_t n = state.roles.size(), m = state.members.size();
  CHECK(flat.words.size() >= L::kOwnCounts);
  std::array<std::size_t, L::kCounts> counts{};
  for (std::size_t c = 0; c < L::kOwnCounts; ++c) counts[c] = static_cast<std::size_t>(flat.words[c]);
  CHECK(counts[L::roles] == n && counts[L::members] == m);
  CHECK(counts[L::anomalies] == state.anomalies.size() && counts[L::errors] == state.errors.size());
  std::array<std::size_t, L::kSections> at{};
  const auto size = flatPlace(L::kSectionTable, L::kOwnCounts, counts, at);
  CHECK(flat.words.size() >= size[0] && flat.longs.size() >= size[1]);
  const auto word = [&](int s, std::size_t i) { return flat.words[at[static_cast<std::size_t>(s)] + i]; };
  const auto wide = [&](int s, std::size_t i) { return flat.longs[at[static_cast<std::size_t>(s)] + i]; };
  CHECK(wide(L::head_records, 0) == static_cast<std::int64_t>(state.records));
  for (std::size_t i = 0; i < n; ++i) {
    const RoleState& r = state.roles[i];
    CHECK(word(L::roles_partition, i) == r.partition);
    CHECK(word(L::roles_lease, i) == (!r.lease ? 0 : r.expired ? 2 : 1));
    CHECK(word(L::roles_producerEpoch, i) == (r.lease ? r.lease->producer_epoch : 0));
    CHECK(word(L::roles_membersEnd, i) == static_cast<std::int32_t>(r.members_end));
    CHECK(wide(L::roles_producerId, i) == (r.lease ? r.lease->producer_id : 0));
    CHECK(wide(L::roles_grantedAt, i) == (r.lease ? r.lease->granted_at : 0));
    CHECK(wide(L::roles_deadline, i) == (r.lease ? r.lease->deadline : 0));
  }
  for (std::size_t j = 0; j < m; ++j) CHECK(wide(L::members_registeredAt, j) == state.members[j].registered_at);
  // The strings of the text sections checked here, in the description's order to the first other.
  std::string pool;
  for (int s = 0; s < L::kSections; ++s) {
    if (L::kSectionTable[s].kind != FlatKind::text) continue;
    if (s == L::roles_role) {
      for (const RoleState& r : state.roles) pool += r.role;
    } else if (s == L::roles_holder) {
      for (const RoleState& r : state.roles) pool += r.lease ? r.lease->holder : std::string_view();
    } else if (s == L::members_member) {
      for (const auto& member : state.members) pool += member.member;
    } else if (s == L::anomalies_kind) {
      for (const Anomaly& a : state.anomalies) pool += anomalyKindName(a.kind);
    } else {
      break;
    }
  }
  CHECK(flat.pool.size() >= pool.size() && std::equal(pool.begin(), pool.end(), flat.pool.begin()));
}

// The state as JS receives it (its strings are sliced by UTF-16 lengths counted as for UTF-8) and,
// with the record index, every role's key records (each batch within the input and framed there).
FlatState foldResult(StateFolder& f, bool history, ByteSpan log) {
  const FoldState state = f.result(kNow);
  FlatState out;
  f.flatResult(kNow, history, out);
  checkSameState(state, out);
  CHECK(!findInvalidUtf8(out.pool));
  for (const RoleState& r : state.roles) {
    const std::vector<KeyRecords> keys = f.keyRecords(r.role, r.partition, 3);
    for (const KeyRecords& k : keys) {
      CHECK(k.records.size() <= 3 && k.records.size() <= k.total);
      for (const IndexedRecord& i : k.records) {
        CHECK(i.source.input == 0 && i.source.position + i.source.size <= log.size());
        CHECK(frameBatch(log.subspan(i.source.position), i.source.position, kLimits).size == i.source.size);
      }
    }
    const std::vector<std::uint8_t> bytes = keyRecordsBytes(keys);
    out.pool.insert(out.pool.end(), bytes.begin(), bytes.end());
  }
  return out;
}

FlatState foldWhole(ByteSpan log, bool history, bool index) {
  LogFolder f(history, kLimits, index);
  f.pushLog(0, log);
  f.endLog(0);
  return foldResult(f.folder(), history, log);
}

void fuzzLog(ByteSpan log, std::uint8_t cut_seed) {
  {
    CheckingSink sink(log.size());
    LogStream s(kLimits, RecordBudget::per_stream);
    s.push(log, sink);
    s.finish(sink);
  }
  const bool history = cut_seed & 1, index = cut_seed & 2;
  const FlatState whole = foldWhole(log, history, index);
  // The same bytes in chunks of 1..(cut_seed + 1) bytes, sizes varying along the input.
  LogFolder f(history, kLimits, index);
  std::size_t at = 0, step = 0;
  while (at < log.size()) {
    const std::size_t n =
        std::min(log.size() - at, 1 + (static_cast<std::size_t>(cut_seed) * 7 + step++ * 13) % (cut_seed + 1u));
    f.pushLog(0, log.subspan(at, n));
    at += n;
  }
  f.endLog(0);
  CHECK(foldResult(f.folder(), history, log) == whole);
}

// Rewrites each frame's batchLength to fit and its CRC to match, as far as the bytes allow.
std::vector<std::uint8_t> repairFrames(ByteSpan in) {
  std::vector<std::uint8_t> b(in.begin(), in.end());
  std::size_t at = 0;
  while (b.size() - at >= kBatchHeaderBytes) {
    // The length from the input's own i16 at byte 8, so frames stay small and varied.
    const std::size_t want = kBatchHeaderBytes - kBatchFrameBytes + ((std::size_t{b[at + 8]} << 8 | b[at + 9]) % 512);
    const std::size_t len = std::min(want, b.size() - at - kBatchFrameBytes);
    for (int i = 0; i < 4; ++i)
      b[at + 8 + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(len >> (24 - 8 * i));
    b[at + 16] = 2;
    const std::uint32_t crc = crc32c(ByteSpan(b).subspan(at + kBatchCrcStart, kBatchFrameBytes + len - kBatchCrcStart));
    for (int i = 0; i < 4; ++i)
      b[at + 17 + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(crc >> (24 - 8 * i));
    at += kBatchFrameBytes + len;
  }
  return b;
}

void fuzzInflate(ByteSpan in) {
  constexpr std::size_t kMax = 1 << 16;
  std::vector<std::uint8_t> out;
  const auto g = gunzip(in, kMax, out);
  CHECK(out.size() <= kMax);
  if (g) CHECK(g->offset <= in.size());
  out.clear();
  std::size_t consumed = 0;
  const auto r = inflateRaw(in, kMax, out, consumed);
  CHECK(out.size() <= kMax);
  CHECK(consumed <= in.size());
  if (r) CHECK(r->offset <= in.size());
}

// Each decoder appends after what `out` holds (which its matches must not reach) and stays within
// its bound; an error names a byte of the input (or its end).
void fuzzLz4(ByteSpan in) {
  constexpr std::size_t kMax = 1 << 17;
  std::vector<std::uint8_t> out = {1, 2, 3};
  if (const auto e = lz4Frame(in, kMax, out)) CHECK(e->offset <= in.size());
  CHECK(out.size() <= 3 + kMax && out[0] == 1 && out[2] == 3);
  out.assign({4});
  if (const auto e = lz4Block(in, kMax, out)) CHECK(e->offset <= in.size());
  CHECK(out.size() <= 1 + kMax && out[0] == 4);
}

void fuzzSnappy(ByteSpan in) {
  constexpr std::size_t kMax = 1 << 17;
  std::vector<std::uint8_t> out = {1, 2, 3};
  if (const auto e = snappyKafka(in, kMax, out)) CHECK(e->offset <= in.size());
  CHECK(out.size() <= 3 + kMax && out[0] == 1 && out[2] == 3);
  out.assign({4});
  if (const auto e = snappyRaw(in, kMax, out)) CHECK(e->offset <= in.size());
  CHECK(out.size() <= 1 + kMax && out[0] == 4);
}

void fuzzZstd(ByteSpan in) {
  constexpr std::size_t kMax = 1 << 18;
  std::vector<std::uint8_t> out;
  const auto e = zstdDecompress(in, kMax, out);
  CHECK(out.size() <= kMax);
  if (e) {
    CHECK(e->offset <= in.size());
    CHECK(!zstdProblemName(e->problem).empty());
    return;
  }
  std::vector<std::uint8_t> again = {1, 2, 3};  // appended after what `out` holds
  CHECK(!zstdDecompress(in, out.size(), again));
  CHECK(again.size() == out.size() + 3 && std::equal(out.begin(), out.end(), again.begin() + 3));
  if (!out.empty()) {
    again.clear();
    const auto less = zstdDecompress(in, out.size() - 1, again);
    CHECK(less && less->problem == ZstdProblem::output_too_large);
    CHECK(again.size() <= out.size() - 1);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const ByteSpan in(data + 2, size - 2);
  switch (data[0] % 7) {
    case 0:
      fuzzLog(in, data[1]);
      break;
    case 1: {
      const std::vector<std::uint8_t> repaired = repairFrames(in);
      fuzzLog(repaired, data[1]);
      break;
    }
    case 2:
      fuzzInflate(in);
      break;
    case 4:
      fuzzLz4(in);
      break;
    case 5:
      fuzzSnappy(in);
      break;
    case 6:
      fuzzZstd(in);
      break;
    default: {
      StateFolder f(data[1] & 1, data[1] & 2);
      const auto bad = addPackedRecords(f, in);
      if (bad) CHECK(*bad <= in.size());
      const FoldState state = f.result(kNow);
      FlatState flat;
      f.flatResult(kNow, data[1] & 1, flat);
      checkSameState(state, flat);
      CHECK(!findInvalidUtf8(flat.pool));
      for (const RoleState& r : state.roles)
        for (const KeyRecords& k : f.keyRecords(r.role, r.partition, 2))
          for (const IndexedRecord& i : k.records) CHECK(i.source.input == kPushedInput);
      break;
    }
  }
  return 0;
}
