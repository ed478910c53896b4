#include "log/record_batch.h"

#include <algorithm>

#include "log/batch_words.h"
#include "wire/append.h"
#include "wire/crc32.h"
#include "wire/inflate.h"
#include "wire/lz4.h"
#include "wire/reader.h"
#include "wire/snappy.h"
#include "wire/varint.h"
#include "wire/zstd.h"

namespace coordination {
namespace {

namespace words = batch_words;
using detail::appendInt;

// Records of one batch, from `section` (the input, or the inflated payload). `budget`: the records
// and headers it may hold (parseBatch has checked the records count against it).
class RecordParser {
 public:
  RecordParser(ByteSpan section, const BatchHeader& h, std::uint64_t batch_position, std::uint64_t section_position,
               bool compressed, std::size_t budget, Batch& out)
      : r_(section),
        h_(h),
        batch_position_(batch_position),
        section_position_(section_position),
        compressed_(compressed),
        headers_budget_(budget - static_cast<std::size_t>(std::max(h.records_count, 0))),
        out_(out) {}

  std::optional<BatchError> run() {
    if (h_.records_count < 0) {
      return makeBatchError(BatchErrorCode::INVALID_RECORD, h_.base_offset, batch_position_, batch_position_ + 57,
                            "batch.recordsCount", words::negativeRecordsCount(h_.records_count));
    }
    // Every record takes at least 7 bytes: refuse an impossible count before reserving anything.
    if (static_cast<std::uint64_t>(h_.records_count) * 7 > r_.remaining()) {
      return makeBatchError(BatchErrorCode::INVALID_RECORD, h_.base_offset, batch_position_, batch_position_ + 57,
                            "batch.recordsCount", words::recordsCountFit(h_.records_count, r_.remaining()));
    }
    for (std::int32_t i = 0; i < h_.records_count; ++i) {
      index_ = i;
      if (auto e = record()) return e;
    }
    if (!r_.atEnd())
      return fail("batch.records", words::batchEndsLater(h_.records_count, r_.remaining()), r_.position());
    return std::nullopt;
  }

 private:
  [[gnu::noinline]] BatchError fail(std::string_view field, std::string_view what, std::size_t at,
                                    BatchErrorCode code = BatchErrorCode::INVALID_RECORD) const {
    const std::uint64_t pos = compressed_ ? section_position_ : section_position_ + at;
    return makeBatchError(code, h_.base_offset, batch_position_, pos, field,
                          words::recordWhat(what, index_, compressed_, at));
  }

  // `base`: the section position of the reader's first byte (a record body has its own Reader).
  // The errors' messages out of line: this runs for every field of every record, and with them
  // inlined it was a call per field in wasm (a third of the records' parsing).
  template <typename Int>
  std::optional<BatchError> varint(Reader& r, std::size_t base, std::string_view field, Int& out) {
    const std::size_t at = base + r.position();
    const VarintStatus status = readZigZag(r, out);
    if (status == VarintStatus::ok) return std::nullopt;
    return varintError(status, sizeof(Int) == 4, field, at);
  }
  [[gnu::noinline]] BatchError varintError(VarintStatus status, bool varint32, std::string_view field,
                                           std::size_t at) const {
    return fail(field, words::varint(status, varint32), at);
  }

  // Length-prefixed bytes; -1 is null when `nullable`.
  std::optional<BatchError> bytes(Reader& r, std::size_t base, std::string_view field, bool nullable,
                                  std::optional<ByteSpan>& out) {
    const std::size_t at = base + r.position();
    std::int32_t len = 0;
    if (auto e = varint(r, base, field, len)) return e;
    if (len == -1 && nullable) {
      out = std::nullopt;
      return std::nullopt;
    }
    if (len < 0 || !r.need(static_cast<std::size_t>(len))) return lengthError(r, field, nullable, len, at);
    out = r.take(static_cast<std::size_t>(len));
    return std::nullopt;
  }
  [[gnu::noinline]] BatchError lengthError(const Reader& r, std::string_view field, bool nullable, std::int32_t len,
                                           std::size_t at) const {
    if (len < 0) return fail(field, words::negativeLength(nullable, len), at);
    return fail(field, words::bytesPastRecord(len, r.remaining()), at);
  }

  std::optional<BatchError> record() {
    const std::size_t start = r_.position();
    std::int32_t length = 0;
    if (auto e = varint(r_, 0, "record.length", length)) return e;
    if (length < 0 || !r_.need(static_cast<std::size_t>(length))) return lengthPastBatch(length, start);
    const std::size_t body_at = r_.position();
    Reader r(r_.take(static_cast<std::size_t>(length)));
    if (!r.need(1)) return fail("record.attributes", words::emptyRecord(1), body_at);
    const auto attributes = static_cast<std::int8_t>(r.take(1)[0]);
    std::int64_t ts_delta = 0;
    std::int32_t offset_delta = 0;
    if (auto e = varint(r, body_at, "record.timestampDelta", ts_delta)) return e;
    if (auto e = varint(r, body_at, "record.offsetDelta", offset_delta)) return e;
    RecordView v{};
    v.attributes = attributes;
    // Wrapping arithmetic (as Java's long addition): no signed overflow.
    v.offset = static_cast<std::int64_t>(static_cast<std::uint64_t>(h_.base_offset) +
                                         static_cast<std::uint64_t>(static_cast<std::int64_t>(offset_delta)));
    v.timestamp = h_.logAppendTime() ? h_.max_timestamp
                                     : static_cast<std::int64_t>(static_cast<std::uint64_t>(h_.first_timestamp) +
                                                                 static_cast<std::uint64_t>(ts_delta));
    if (auto e = bytes(r, body_at, "record.key", true, v.key)) return e;
    if (auto e = bytes(r, body_at, "record.value", true, v.value)) return e;
    std::int32_t header_count = 0;
    const std::size_t hc_at = r.position();
    if (auto e = varint(r, body_at, "record.headers", header_count)) return e;
    if (header_count < 0 || static_cast<std::uint64_t>(header_count) * 2 > r.remaining() ||
        static_cast<std::size_t>(header_count) > headers_budget_)
      return headersError(header_count, r.remaining(), body_at + hc_at);
    headers_budget_ -= static_cast<std::size_t>(header_count);
    v.headers_begin = static_cast<std::uint32_t>(out_.headers.size());
    v.headers_count = static_cast<std::uint32_t>(header_count);
    for (std::int32_t h = 0; h < header_count; ++h) {
      std::optional<ByteSpan> key, value;
      if (auto e = bytes(r, body_at, "record.header.key", false, key)) return e;
      if (auto e = bytes(r, body_at, "record.header.value", true, value)) return e;
      out_.headers.push_back(RecordHeaderView{*key, value});
    }
    if (!r.atEnd()) return lengthBeyondFields(length, r.position(), start);
    v.start = static_cast<std::uint32_t>(start);
    v.size = static_cast<std::uint32_t>(r_.position() - start);
    out_.records.push_back(v);
    return std::nullopt;
  }

  // record()'s errors, out of line (see varint()).
  [[gnu::noinline]] BatchError lengthPastBatch(std::int32_t length, std::size_t start) const {
    return fail("record.length", words::recordPastBatch(length, r_.remaining()), start);
  }
  [[gnu::noinline]] BatchError lengthBeyondFields(std::int32_t length, std::size_t fields_end,
                                                  std::size_t start) const {
    return fail("record.length", words::recordBeyondFields(length, fields_end), start);
  }
  // A header takes at least 2 bytes (two one-byte lengths); the batch's budget bounds them all.
  [[gnu::noinline]] BatchError headersError(std::int32_t header_count, std::size_t remaining, std::size_t at) const {
    if (header_count < 0 || static_cast<std::uint64_t>(header_count) * 2 > remaining)
      return fail("record.headers", words::countFit(header_count, "headers", remaining), at);
    return fail("record.headers", words::headersBudget(header_count, headers_budget_), at,
                BatchErrorCode::TOO_MANY_RECORDS);
  }

  Reader r_;
  const BatchHeader& h_;
  std::uint64_t batch_position_;
  std::uint64_t section_position_;
  bool compressed_;
  std::size_t headers_budget_;  // headers the batch may still hold: the budget less its records
  Batch& out_;
  std::int32_t index_ = 0;
};

}  // namespace

std::string_view compressionName(int codec) {
  static constexpr std::string_view kNames[] = {"none", "gzip", "snappy", "lz4", "zstd"};
  if (codec >= 0 && codec < 5) return kNames[codec];
  return "unknown";
}

bool compressionSupported(int codec) {
  switch (static_cast<Compression>(codec)) {
    case Compression::none:
    case Compression::gzip:
    case Compression::snappy:
    case Compression::lz4:
    case Compression::zstd:
      return true;
    default:
      return false;
  }
}

std::optional<PayloadError> decompressRecords(int codec, ByteSpan payload, std::size_t max_output,
                                              std::vector<std::uint8_t>& out) {
  out.clear();
  std::optional<PayloadError> e;
  const auto refused = [&](BatchErrorCode code, std::string_view problem, std::size_t offset) {
    out.clear();
    e = PayloadError{code, offset, words::payload(codec, problem, offset)};
  };
  switch (static_cast<Compression>(codec)) {
    case Compression::gzip:
      if (auto g = gunzip(payload, max_output, out))
        refused(BatchErrorCode::INVALID_GZIP, inflateProblemName(g->problem), g->offset);
      break;
    case Compression::snappy:
      if (auto s = snappyKafka(payload, max_output, out))
        refused(BatchErrorCode::INVALID_SNAPPY, snappyProblemName(s->problem), s->offset);
      break;
    case Compression::lz4:
      if (auto l = lz4Frame(payload, max_output, out))
        refused(BatchErrorCode::INVALID_LZ4, lz4ProblemName(l->problem), l->offset);
      break;
    case Compression::zstd:
      if (auto z = zstdDecompress(payload, max_output, out))
        refused(BatchErrorCode::INVALID_ZSTD, zstdProblemName(z->problem), z->offset);
      break;
    default:  // compressionSupported: none is not decompressed, the others refused before
      break;
  }
  return e;
}

std::string_view batchErrorCodeName(BatchErrorCode code) {
  static constexpr std::string_view kNames[kBatchErrorCodeCount] = {
#define LOG_X(name, description) #name,
      LOG_BATCH_ERROR_CODES(LOG_X)
#undef LOG_X
  };
  return kNames[static_cast<std::size_t>(code)];
}

std::optional<ControlKey> parseControlKey(std::optional<ByteSpan> key, std::string& why) {
  if (!key) {
    why = "a control record has a null key; expected version i16 and type i16";
    return std::nullopt;
  }
  Reader r(*key);
  if (!r.need(4)) {
    why = "a control record key needs at least 4 bytes (version i16, type i16), found ";
    appendInt(why, key->size());
    return std::nullopt;
  }
  ControlKey k{r.readI16(), r.readI16()};
  if (k.version < 0) {
    why = "a control record key has version ";
    appendInt(why, k.version);
    why += "; a version is >= 0";
    return std::nullopt;
  }
  return k;
}

std::optional<std::int32_t> parseMarkerCoordinatorEpoch(std::optional<ByteSpan> value) {
  if (!value) return std::nullopt;
  Reader r(*value);
  if (!r.need(6) || r.readI16() < 0) return std::nullopt;
  return r.readI32();
}

std::string controlTypeName(std::int16_t type) {
  if (type == kControlAbort) return "ABORT";
  if (type == kControlCommit) return "COMMIT";
  std::string s = "type ";
  appendInt(s, type);
  return s;
}

Frame frameBatch(ByteSpan bytes, std::uint64_t position, const Limits& limits) {
  if (bytes.size() < kBatchFrameBytes) return Frame{FrameStatus::need_more, 0, std::nullopt};
  Reader r(bytes);
  const std::int64_t base_offset = r.readI64();
  const std::int32_t length = r.readI32();
  if (length < kMinFrameLength) {
    std::string w = "expected at least ";
    appendInt(w, kMinFrameLength);
    w += " bytes after batchLength, found ";
    appendInt(w, length);
    w += "; the framing is lost, nothing after this can be read";
    return Frame{FrameStatus::error, 0,
                 makeBatchError(BatchErrorCode::INVALID_BATCH_LENGTH, base_offset, position, position + 8,
                                "batch.batchLength", w, true)};
  }
  const std::size_t size = kBatchFrameBytes + static_cast<std::size_t>(length);
  if (size > limits.max_batch_bytes) {
    std::string w = "batchLength ";
    appendInt(w, length);
    w += " exceeds the reader's limit of ";
    appendInt(w, limits.max_batch_bytes);
    w += " bytes; reading stops";
    return Frame{FrameStatus::error, 0,
                 makeBatchError(BatchErrorCode::BATCH_TOO_LARGE, base_offset, position, position + 8,
                                "batch.batchLength", w, true)};
  }
  if (bytes.size() < size) return Frame{FrameStatus::need_more, size, std::nullopt};
  return Frame{FrameStatus::complete, size, std::nullopt};
}

std::optional<BatchError> parseBatch(ByteSpan frame, std::uint64_t position, Batch& out, const Limits& limits) {
  out.records.clear();
  out.headers.clear();
  out.position = position;
  BatchHeader& h = out.header;
  Reader r(frame);  // frameBatch: at least kBatchFrameBytes + kMinFrameLength bytes
  h.base_offset = r.readI64();
  h.batch_length = r.readI32();
  h.partition_leader_epoch = r.readI32();
  h.magic = static_cast<std::int8_t>(r.take(1)[0]);
  if (h.magic != 2) {
    return makeBatchError(BatchErrorCode::UNSUPPORTED_MAGIC, h.base_offset, position, position + 16, "batch.magic",
                          words::magic(h.magic));
  }
  if (frame.size() < kBatchHeaderBytes) {
    return makeBatchError(BatchErrorCode::INVALID_BATCH_LENGTH, h.base_offset, position, position + 8,
                          "batch.batchLength", words::shortBatch(h.batch_length));
  }
  h.crc = static_cast<std::uint32_t>(r.readI32());
  const std::uint32_t computed = crc32c(frame.subspan(kBatchCrcStart));
  if (computed != h.crc) {
    return makeBatchError(BatchErrorCode::CRC_MISMATCH, h.base_offset, position, position + 17, "batch.crc",
                          words::crc(computed, frame.size() - kBatchCrcStart, h.crc));
  }
  h.attributes = r.readI16();
  h.last_offset_delta = r.readI32();
  h.first_timestamp = r.readI64();
  h.max_timestamp = r.readI64();
  h.producer_id = r.readI64();
  h.producer_epoch = r.readI16();
  h.base_sequence = r.readI32();
  h.records_count = r.readI32();
  const ByteSpan section = frame.subspan(kBatchHeaderBytes);
  const std::uint64_t section_position = position + kBatchHeaderBytes;
  const int codec = h.compression();
  if (!compressionSupported(codec)) {
    return makeBatchError(BatchErrorCode::UNSUPPORTED_COMPRESSION, h.base_offset, position, position + 21,
                          "batch.attributes", words::compression(codec));
  }
  // Before anything is inflated or parsed: the count is what the batch must hold.
  if (h.records_count > 0 && static_cast<std::size_t>(h.records_count) > limits.max_records) {
    return makeBatchError(BatchErrorCode::TOO_MANY_RECORDS, h.base_offset, position, position + 57,
                          "batch.recordsCount", words::tooManyRecords(h.records_count, limits.max_records));
  }
  if (codec == static_cast<int>(Compression::none)) {
    return RecordParser(section, h, position, section_position, false, limits.max_records, out).run();
  }
  if (auto e = decompressRecords(codec, section, limits.max_inflated_bytes, out.inflated)) {
    return makeBatchError(e->code, h.base_offset, position, section_position + e->offset, "batch.records", e->what);
  }
  auto e = RecordParser(out.inflated, h, position, section_position, true, limits.max_records, out).run();
  if (e) out.records.clear();
  return e;
}

std::optional<BatchError> checkRecordOffsets(ByteSpan frame, const Batch& b) {
  const BatchHeader& h = b.header;
  const bool compressed = h.compression() != static_cast<int>(Compression::none);
  std::int32_t previous = -1;
  for (std::size_t i = 0; i < b.records.size(); ++i) {
    const RecordView& v = b.records[i];
    // parseBatch made the offset base + delta, wrapping: this gives the delta back exactly.
    const auto delta =
        static_cast<std::int32_t>(static_cast<std::uint64_t>(v.offset) - static_cast<std::uint64_t>(h.base_offset));
    if (delta > previous && delta <= h.last_offset_delta) {
      previous = delta;
      continue;
    }
    // The field's place: after the record's length, attributes and timestampDelta (parseBatch read them).
    const ByteSpan section = compressed ? ByteSpan(b.inflated) : frame.subspan(kBatchHeaderBytes);
    Reader r(section.subspan(v.start, v.size));
    std::int64_t skipped = 0;
    readZigZag(r, skipped);
    if (r.need(1)) r.take(1);
    readZigZag(r, skipped);
    const std::size_t at = v.start + r.position();
    const std::uint64_t section_position = b.position + kBatchHeaderBytes;
    return makeBatchError(BatchErrorCode::INVALID_RECORD, h.base_offset, b.position,
                          compressed ? section_position : section_position + at, "record.offsetDelta",
                          words::recordWhat(words::offsetDelta(delta, previous, h.last_offset_delta, h.base_offset),
                                            static_cast<std::int32_t>(i), compressed, at));
  }
  return std::nullopt;
}

std::size_t LogStream::step(ByteSpan bytes, BatchSink& sink) {
  const Frame f = frameBatch(bytes, position_, limits_);
  if (f.status == FrameStatus::error) {
    sink.onError(*f.error);
    stopped_ = true;
    return 0;
  }
  if (f.status == FrameStatus::need_more) return 0;
  Limits limits = limits_;
  if (budget_ == RecordBudget::per_stream) limits.max_records -= std::min(taken_, limits.max_records);
  auto e = parseBatch(bytes.first(f.size), position_, batch_, limits);
  if (!e) e = checkRecordOffsets(bytes.first(f.size), batch_);
  if (e) {
    batch_.records.clear();
    sink.onError(*e);
  } else {
    if (budget_ == RecordBudget::per_stream) taken_ += batch_.records.size() + batch_.headers.size();
    sink.onBatch(batch_);
  }
  position_ += f.size;
  return f.size;
}

void LogStream::push(ByteSpan chunk, BatchSink& sink) {
  std::size_t i = 0;
  while (!carry_.empty() && !stopped_) {
    const Frame f = frameBatch(carry_, position_, limits_);
    if (f.status != FrameStatus::need_more) {
      step(carry_, sink);
      carry_.clear();
      break;
    }
    const std::size_t want = (f.size ? f.size : kBatchFrameBytes) - carry_.size();
    const std::size_t take = std::min(want, chunk.size() - i);
    if (take == 0) return;
    carry_.insert(carry_.end(), chunk.begin() + static_cast<std::ptrdiff_t>(i),
                  chunk.begin() + static_cast<std::ptrdiff_t>(i + take));
    i += take;
  }
  while (i < chunk.size() && !stopped_) {
    const std::size_t used = step(chunk.subspan(i), sink);
    if (used == 0) {
      if (!stopped_) carry_.assign(chunk.begin() + static_cast<std::ptrdiff_t>(i), chunk.end());
      return;
    }
    i += used;
  }
}

void LogStream::finish(BatchSink& sink) {
  if (stopped_ || carry_.empty()) return;
  std::int64_t base_offset = -1;
  if (carry_.size() >= 8) {
    Reader r(carry_);
    base_offset = r.readI64();
  }
  const Frame f = frameBatch(carry_, position_, limits_);
  std::string w = "the input ends after ";
  appendInt(w, carry_.size());
  w += " bytes of the batch";
  if (f.size) {
    w += ", expected ";
    appendInt(w, f.size);
    w += " (batchLength + 12)";
  } else {
    w += ", expected at least 12 (baseOffset, batchLength)";
  }
  sink.onError(makeBatchError(BatchErrorCode::BATCH_TRUNCATED, base_offset, position_, position_ + carry_.size(),
                              "batch", w, true));
  position_ += carry_.size();
  carry_.clear();
  stopped_ = true;
}

}  // namespace coordination
