#include "log/spec_batch.h"

#include <algorithm>

#include "log/batch_words.h"
#include "schema/decoding.h"
#include "tree/require.h"

namespace coordination::batch_spec {

namespace {

namespace gen = schema::batches;
namespace words = batch_words;

// A generated error's path as the hand-written parser names the field: "record.headers[2].key" is
// "record.header.key" (an element: its array's name in the singular), "batch.records_count"
// "batch.recordsCount".
std::string_view fieldOf(Decoders& d, std::string_view path) {
  std::string s;
  bool upper = false;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const char c = path[i];
    if (c == '[') {
      if (!s.empty() && s.back() == 's') s.pop_back();
      i = path.find(']', i);
    } else if (c == '_') {
      upper = true;
    } else {
      s += upper ? static_cast<char>(c - 'a' + 'A') : c;
      upper = false;
    }
  }
  return *d.fields.insert(std::move(s)).first;
}

// The words of a generated error: its message is "<path>: <what> (offset N)".
std::string_view whatOf(const tree::Error& e) {
  std::string_view m = e.message;
  m.remove_prefix(e.field.size() + 2);
  return m.substr(0, m.rfind(" (offset "));
}

BatchErrorCode codeOf(std::string_view name) {
  for (int i = 0; i < kBatchErrorCodeCount; ++i)
    if (batchErrorCodeName(static_cast<BatchErrorCode>(i)) == name) return static_cast<BatchErrorCode>(i);
  return BatchErrorCode::INVALID_RECORD;  // a record's format errors (TRUNCATED, VARINT_TOO_LONG, ...)
}

std::optional<ByteSpan> spanOf(ByteSpan in, schema::Slice s) {
  if (s.null()) return std::nullopt;
  return in.subspan(s.at, static_cast<std::size_t>(s.length));
}

// Wrapping addition, as Java's long addition (no signed overflow).
std::int64_t plus(std::int64_t a, std::int64_t b) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}

// The records field of the RecordBatch spec: the codecs, the budget and the records, each a
// generated Record; the first error (whole, as the hand-written parser gives it) stops the decode.
class Records final : public schema::RecordsReader {
 public:
  Records(Decoders& d, Batch& out, const Limits& limits, std::uint64_t position)
      : d_(d), out_(out), limits_(limits), position_(position) {}

  std::optional<BatchError> error;

  std::optional<tree::Error> read(ByteSpan set, std::size_t at, std::string_view, std::span<const schema::Frame>,
                                  tree::TreeSink*) override {
    error = records(set, position_ + at);
    if (error) return tree::Error{"", at, "", ""};  // stops the generated decoder; `error` says it
    return std::nullopt;
  }

 private:
  std::optional<BatchError> fail(BatchErrorCode code, std::uint64_t position, std::string_view field,
                                 std::string_view what) const {
    return makeBatchError(code, d_.batch.root.base_offset, position_, position, field, what);
  }

  std::optional<BatchError> records(ByteSpan set, std::uint64_t section_position) {
    const gen::RecordBatch& h = d_.batch.root;
    const int codec = h.compression();
    if (!compressionSupported(codec))
      return fail(BatchErrorCode::UNSUPPORTED_COMPRESSION, position_ + 21, "batch.attributes",
                  words::compression(codec));
    if (h.records_count > 0 && static_cast<std::size_t>(h.records_count) > limits_.max_records) {
      return fail(BatchErrorCode::TOO_MANY_RECORDS, position_ + 57, "batch.recordsCount",
                  words::tooManyRecords(h.records_count, limits_.max_records));
    }
    const bool compressed = codec != static_cast<int>(Compression::none);
    ByteSpan section = set;
    if (compressed) {
      if (auto e = decompressRecords(codec, set, limits_.max_inflated_bytes, out_.inflated))
        return fail(e->code, section_position + e->offset, "batch.records", e->what);
      section = out_.inflated;
    }
    if (h.records_count < 0) {
      return fail(BatchErrorCode::INVALID_RECORD, position_ + 57, "batch.recordsCount",
                  words::negativeRecordsCount(h.records_count));
    }
    if (static_cast<std::uint64_t>(h.records_count) * 7 > section.size()) {
      return fail(BatchErrorCode::INVALID_RECORD, position_ + 57, "batch.recordsCount",
                  words::recordsCountFit(h.records_count, section.size()));
    }
    auto recordError = [&](BatchErrorCode code, std::string_view field, std::string_view what, std::int32_t index,
                           std::size_t at) {
      const std::uint64_t pos = compressed ? section_position : section_position + at;
      return fail(code, pos, field, words::recordWhat(what, index, compressed, at));
    };
    std::size_t budget = limits_.max_records - static_cast<std::size_t>(h.records_count);
    std::size_t at = 0;
    for (std::int32_t i = 0; i < h.records_count; ++i) {
      const schema::Options options{
          .version = 2, .from = at, .root = "record", .open_end = true, .count_budget = budget};
      if (auto e = gen::decodeRecord(section, d_.record, options))
        return recordError(codeOf(e->code), fieldOf(d_, e->field), whatOf(*e), i, e->offset);
      const gen::Record& r = d_.record.root;
      RecordView v{};
      v.attributes = r.attributes;
      v.offset = plus(h.base_offset, r.offset_delta);
      v.timestamp = h.logAppendTime() ? h.max_timestamp : plus(h.first_timestamp, r.timestamp_delta);
      v.key = spanOf(section, r.key);
      v.value = spanOf(section, r.value);
      v.headers_begin = static_cast<std::uint32_t>(out_.headers.size());
      v.headers_count = static_cast<std::uint32_t>(r.headers.count);
      for (const auto& x : d_.record.items(d_.record.header, r.headers))
        out_.headers.push_back(RecordHeaderView{*spanOf(section, x.key), spanOf(section, x.value)});
      budget -= static_cast<std::size_t>(r.headers.count);
      v.start = static_cast<std::uint32_t>(at);
      v.size = static_cast<std::uint32_t>(d_.record.end - at);
      out_.records.push_back(v);
      at = d_.record.end;
    }
    if (at != section.size()) {
      return recordError(BatchErrorCode::INVALID_RECORD, "batch.records",
                         words::batchEndsLater(h.records_count, section.size() - at), std::max(h.records_count - 1, 0),
                         at);
    }
    return std::nullopt;
  }

  Decoders& d_;
  Batch& out_;
  const Limits& limits_;
  std::uint64_t position_;
};

}  // namespace

std::optional<BatchError> parseBatch(ByteSpan frame, std::uint64_t position, Batch& out, const Limits& limits,
                                     Decoders& d) {
  out.records.clear();
  out.headers.clear();
  out.position = position;
  Records records(d, out, limits, position);
  const schema::Options options{.version = 2, .root = "batch", .open_end = true, .records = &records};
  const auto e = gen::decodeRecordBatch(frame, d.batch, options);
  const gen::RecordBatch& h = d.batch.root;
  out.header =
      BatchHeader{h.base_offset,    h.batch_length,      h.partition_leader_epoch, h.magic,         h.crc,
                  h.attributes,     h.last_offset_delta, h.first_timestamp,        h.max_timestamp, h.producer_id,
                  h.producer_epoch, h.base_sequence,     h.records_count};
  if (records.error) return records.error;
  if (!e) return std::nullopt;
  // The header's own errors (frameBatch framed it: no other can arise), in the parser's words.
  const BatchErrorCode code = codeOf(e->code);
  std::string what(whatOf(*e));
  if (code == BatchErrorCode::UNSUPPORTED_MAGIC)
    what = words::magic(h.magic);
  else if (code == BatchErrorCode::INVALID_BATCH_LENGTH)
    what = words::shortBatch(h.batch_length);
  else
    tree::require(code == BatchErrorCode::CRC_MISMATCH, "batch_spec: an error frameBatch rules out");
  return makeBatchError(code, h.base_offset, position, position + e->offset, fieldOf(d, e->field), what);
}

}  // namespace coordination::batch_spec
