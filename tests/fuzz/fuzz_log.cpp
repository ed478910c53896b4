// libFuzzer target for the whole-topic pieces (built with clang -fsanitize=fuzzer,address,undefined
// by tests/fuzz/run.sh). The first input byte picks what to fuzz; the rest is the input.
//   0 a log: LogStream over the bytes (one record budget for the stream: what it delivers stays
//     within it) and the fold in one piece and in chunks cut where the input says; both
//     folds (with history, record index or neither, as the second byte says) must give the same
//     flat state (log/state_flat.h), whose strings are well-formed UTF-8, and record index answers;
//     every error and indexed batch lies within the input
//   1 a log whose batches get a correct batchLength and CRC-32C first (so mutations reach the
//     header fields, the records, gzip and the fold instead of stopping at the CRC)
//   2 gzip and raw DEFLATE with a bounded output
//   3 packed records (log/fold.h addPackedRecords) into the fold
#include <algorithm>
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
#include "wire/utf8.h"

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

// flatResult writes what result() holds: the roles and members sections against result()'s.
void checkSameState(const FoldState& state, const FlatState& flat) {
  const std::size_t n = state.roles.size(), m = state.members.size();
  CHECK(flat.words.size() >= 8 + 4 * n && flat.longs.size() >= 3 + 3 * n + m);
  CHECK(flat.words[0] == static_cast<std::int32_t>(n) && flat.words[1] == static_cast<std::int32_t>(m));
  CHECK(flat.words[2] == static_cast<std::int32_t>(state.anomalies.size()));
  CHECK(flat.words[3] == static_cast<std::int32_t>(state.errors.size()));
  CHECK(flat.longs[0] == static_cast<std::int64_t>(state.records));
  std::string pool;
  for (std::size_t i = 0; i < n; ++i) {
    const RoleState& r = state.roles[i];
    CHECK(flat.words[8 + i] == r.partition);
    CHECK(flat.words[8 + n + i] == (!r.lease ? 0 : r.expired ? 2 : 1));
    CHECK(flat.words[8 + 2 * n + i] == (r.lease ? r.lease->producer_epoch : 0));
    CHECK(flat.words[8 + 3 * n + i] == static_cast<std::int32_t>(r.members_end));
    CHECK(flat.longs[3 + i] == (r.lease ? r.lease->producer_id : 0));
    CHECK(flat.longs[3 + n + i] == (r.lease ? r.lease->granted_at : 0));
    CHECK(flat.longs[3 + 2 * n + i] == (r.lease ? r.lease->deadline : 0));
    pool += r.role;
  }
  for (const RoleState& r : state.roles) pool += r.lease ? r.lease->holder : std::string_view();
  for (std::size_t j = 0; j < m; ++j) {
    CHECK(flat.longs[3 + 3 * n + j] == state.members[j].registered_at);
    pool += state.members[j].member;
  }
  for (const Anomaly& a : state.anomalies) pool += anomalyKindName(a.kind);
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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const ByteSpan in(data + 2, size - 2);
  switch (data[0] % 4) {
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
