// The WebAssembly boundary of the whole-topic mode (issue 11): a module of its own
// (coordination_log.wasm), so the single-record viewer does not download the record-batch parser,
// the inflater and the fold (measured: they tripled the codec's .wasm, 20 KB -> 62 KB gzip).
//
// Its entry points are Embind functions of plain numbers, declared by wasm/bindings/entry-points.mjs
// (the generated .inc at the end of each of the module's sources):
// - readLog: a plain object per batch and record, for inspection and tests;
// - the fold: a handle driven by calls, one per chunk of input (never one per record):
//   foldNew / foldPushLog / foldEndLog / foldPushRecords / foldResult /
//   foldDelete. The result is the state as flat arrays (log/state_flat.h), read by
//   wasm/api/log-api.js; foldKeyRecords answers a role's timeline from the record index.
// - partitions folded apart (log/fold_merge.h): foldSeed / foldPartial in each worker's
//   module, merge* where they are merged (the result: the same flat arrays).
#include <emscripten/val.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "flat_block.h"
#include "log/batch_words.h"
#include "log/fold.h"
#include "log/fold_merge.h"
#include "log/record_batch.h"
#include "log/state_flat.h"
#include "protocol/produce.h"
#include "protocol/text_ids.h"
#include "tree_objects.h"

namespace cv = coordination;
using emscripten::val;

namespace {

std::string decimal(std::int64_t v) { return std::to_string(v); }

val bytesOrNull(const std::optional<cv::ByteSpan>& b) {
  if (!b) return val::null();
  // A copy: a view into the heap would go stale at the next allocation.
  return val::global("Uint8Array").new_(emscripten::typed_memory_view(b->size(), b->data()));
}

val batchErrorObject(const cv::BatchError& e) {
  val o = val::object();
  o.set("code", std::string(cv::batchErrorCodeName(e.code)));
  o.set("baseOffset", decimal(e.base_offset));
  o.set("position", static_cast<double>(e.position));
  o.set("field", std::string(e.field));
  o.set("message", e.message);
  o.set("fatal", e.fatal);
  return o;
}

class ReadLogSink final : public cv::BatchSink {
 public:
  val batches = val::array();
  val errors = val::array();
  void onBatch(const cv::Batch& b) override {
    const cv::BatchHeader& h = b.header;
    val o = val::object();
    o.set("baseOffset", decimal(h.base_offset));
    o.set("position", static_cast<double>(b.position));
    o.set("batchLength", h.batch_length);
    o.set("partitionLeaderEpoch", h.partition_leader_epoch);
    o.set("magic", h.magic);
    o.set("crc", static_cast<double>(h.crc));
    o.set("attributes", h.attributes);
    o.set("compression", std::string(cv::compressionName(h.compression())));
    o.set("transactional", h.transactional());
    o.set("control", h.control());
    o.set("lastOffsetDelta", h.last_offset_delta);
    o.set("firstTimestamp", decimal(h.first_timestamp));
    o.set("maxTimestamp", decimal(h.max_timestamp));
    o.set("producerId", decimal(h.producer_id));
    o.set("producerEpoch", h.producer_epoch);
    o.set("baseSequence", h.base_sequence);
    if (h.control() && !b.records.empty()) {
      // The marker (log/record_batch.h ControlKey): its type and coordinator epoch, or why not.
      val marker = val::object();
      std::string why;
      if (const auto k = cv::parseControlKey(b.records[0].key, why)) {
        marker.set("type", cv::controlTypeName(k->type));
        marker.set("version", k->version);
      } else {
        marker.set("error", why);
      }
      const auto epoch = cv::parseMarkerCoordinatorEpoch(b.records[0].value);
      marker.set("coordinatorEpoch", epoch ? val(*epoch) : val::null());
      o.set("marker", marker);
    }
    val records = val::array();
    for (std::size_t i = 0; i < b.records.size(); ++i) {
      const cv::RecordView& r = b.records[i];
      val rec = val::object();
      rec.set("offset", decimal(r.offset));
      rec.set("timestamp", decimal(r.timestamp));
      rec.set("attributes", r.attributes);
      rec.set("key", bytesOrNull(r.key));
      rec.set("value", bytesOrNull(r.value));
      val headers = val::array();
      for (std::uint32_t k = 0; k < r.headers_count; ++k) {
        const cv::RecordHeaderView& hv = b.headers[r.headers_begin + k];
        val ho = val::object();
        ho.set("key", bytesOrNull(hv.key));
        ho.set("value", bytesOrNull(hv.value));
        headers.set(k, ho);
      }
      rec.set("headers", headers);
      records.set(i, rec);
    }
    o.set("records", records);
    batches.call<void>("push", o);
  }
  void onError(const cv::BatchError& e) override { errors.call<void>("push", batchErrorObject(e)); }
};

val readLogBytes(std::uintptr_t ptr, std::size_t len) {
  ReadLogSink sink;
  cv::LogStream stream({}, cv::RecordBudget::per_stream);  // an object per record: one budget in all
  stream.push({reinterpret_cast<const std::uint8_t*>(ptr), len}, sink);
  stream.finish(sink);
  val out = val::object();
  out.set("batches", sink.batches);
  out.set("errors", sink.errors);
  return out;
}

// A compressed batch's payload alone, decompressed as parseBatch decompresses it (decompressRecords,
// its limit): the CLI's live path, where kafkajs decodes the fetched batches and asks its codec hook
// for the snappy, lz4 and zstd it lacks. { bytes } or { code, offset, message } (the batch error's words).
val decompressPayloadBytes(int codec, std::uintptr_t ptr, std::size_t len) {
  static std::vector<std::uint8_t> out;
  val o = val::object();
  if (codec == static_cast<int>(cv::Compression::none) || !cv::compressionSupported(codec)) {
    o.set("code", std::string(cv::batchErrorCodeName(cv::BatchErrorCode::UNSUPPORTED_COMPRESSION)));
    o.set("offset", 0);
    o.set("message", cv::batch_words::compression(codec));
    return o;
  }
  if (auto e = cv::decompressRecords(codec, {reinterpret_cast<const std::uint8_t*>(ptr), len},
                                     cv::Limits{}.max_inflated_bytes, out)) {
    o.set("code", std::string(cv::batchErrorCodeName(e->code)));
    o.set("offset", static_cast<double>(e->offset));
    o.set("message", e->what);
    return o;
  }
  o.set("bytes", val::global("Uint8Array").new_(emscripten::typed_memory_view(out.size(), out.data())));
  out = {};
  return o;
}

// The last foldResult, described by eight words at g_fold_block: words, word count, longs,
// long count, pool, pool size, ends, end count. Valid until the next call.
cv::FlatState g_fold_flat;
std::uint32_t g_fold_block[cv::kFlatBlockWords];

std::vector<std::uint8_t> g_key_records;
std::vector<std::uint8_t> g_bytes;  // foldPartial's, mergeAdd's and mergeRefold's answers

// ---- ProduceRequest v3 (issue 13): decodeProduceRequest and its field tree. Here, beside the
// record-batch parser and the inflater it reuses, not in the size-budgeted single-record module.
// The decoded request goes across as its arrays, read in place by wasm/api/log-api.js; the tree as
// Embind objects.
namespace cp = coordination::protocol;

// The last decoded request and the numbers of its repeated texts: wasm/api/log-api.js reads their
// arrays in place (their layout: produceLayout), until the next call. Its slices point into the
// input's bytes, which JS has.
cp::ProduceDecoder g_produce_decoder;
cp::ProduceRequest g_produce;
cp::TextIds g_produce_texts;

// An array of the decoded request, for JS: its address and its count.
struct Run {
  std::uint32_t at = 0;
  std::uint32_t count = 0;
  template <typename T>
  static Run of(const std::vector<T>& v) {
    return Run{static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(v.data())),
               static_cast<std::uint32_t>(v.size())};
  }
};
// The request's scalars and arrays, at the address decodeProduceRequestBytes returns.
struct ProduceBlock {
  std::int32_t has_header;
  cp::RequestHeader header;
  cp::Slice transactional_id;
  std::int32_t acks;
  std::int32_t timeout;
  Run topics, partitions, batches, records, headers, decoded, errors, pool;
  Run texts, decoded_texts, header_texts;  // g_produce_texts
};
ProduceBlock g_produce_block;

// The address of the block, or the error (thrown as a CoordinationError by wasm/api/log-api.js).
val decodeProduceRequestBytes(std::uintptr_t ptr, std::size_t len) {
  const auto e = g_produce_decoder.decode({reinterpret_cast<const std::uint8_t*>(ptr), len}, g_produce);
  if (e) return treeobjects::errorObject(*e);
  const cp::ProduceRequest& q = g_produce;
  g_produce_texts.number(q);
  const cp::TextIds& t = g_produce_texts;
  g_produce_block = ProduceBlock{q.header ? 1 : 0,
                                 q.header.value_or(cp::RequestHeader{}),
                                 q.transactional_id,
                                 q.acks,
                                 q.timeout,
                                 Run::of(q.topics),
                                 Run::of(q.partitions),
                                 Run::of(q.batches),
                                 Run::of(q.records),
                                 Run::of(q.headers),
                                 Run::of(q.decoded),
                                 Run::of(q.errors),
                                 Run::of(q.pool),
                                 Run::of(t.texts),
                                 Run::of(t.decoded),
                                 Run::of(t.header_keys)};
  return val(static_cast<double>(reinterpret_cast<std::uintptr_t>(&g_produce_block)));
}

// The byte offsets of the fields wasm/api/log-api.js reads, by struct, and each struct's size.
val produceLayout() {
  val o = val::object();
  auto layout = [&](const char* name, std::size_t size, std::initializer_list<std::pair<const char*, std::size_t>> f) {
    val s = val::object();
    s.set("size", size);
    for (const auto& [field, offset] : f) s.set(field, offset);
    o.set(name, s);
  };
  using cp::CoordinationRecord, cp::PartitionData, cp::ProducedBatch, cp::ProducedHeader, cp::ProducedRecord,
      cp::RecordError, cp::RequestHeader, cp::Slice, cp::TopicData, cv::BatchHeader;
  const std::size_t header_at = offsetof(ProduceBlock, header);
  layout("block", sizeof(ProduceBlock),
         {{"hasHeader", offsetof(ProduceBlock, has_header)},
          {"apiKey", header_at + offsetof(RequestHeader, api_key)},
          {"apiVersion", header_at + offsetof(RequestHeader, api_version)},
          {"correlationId", header_at + offsetof(RequestHeader, correlation_id)},
          {"clientId", header_at + offsetof(RequestHeader, client_id)},
          {"transactionalId", offsetof(ProduceBlock, transactional_id)},
          {"acks", offsetof(ProduceBlock, acks)},
          {"timeout", offsetof(ProduceBlock, timeout)},
          {"topics", offsetof(ProduceBlock, topics)},
          {"partitions", offsetof(ProduceBlock, partitions)},
          {"batches", offsetof(ProduceBlock, batches)},
          {"records", offsetof(ProduceBlock, records)},
          {"headers", offsetof(ProduceBlock, headers)},
          {"decoded", offsetof(ProduceBlock, decoded)},
          {"errors", offsetof(ProduceBlock, errors)},
          {"pool", offsetof(ProduceBlock, pool)},
          {"texts", offsetof(ProduceBlock, texts)},
          {"decodedTexts", offsetof(ProduceBlock, decoded_texts)},
          {"headerTexts", offsetof(ProduceBlock, header_texts)}});
  layout("run", sizeof(Run), {{"at", offsetof(Run, at)}, {"count", offsetof(Run, count)}});
  layout("slice", sizeof(Slice), {{"at", offsetof(Slice, at)}, {"length", offsetof(Slice, length)}});
  layout("topic", sizeof(TopicData),
         {{"topic", offsetof(TopicData, topic)},
          {"begin", offsetof(TopicData, partitions_begin)},
          {"count", offsetof(TopicData, partitions_count)}});
  layout("partition", sizeof(PartitionData),
         {{"partition", offsetof(PartitionData, partition)},
          {"begin", offsetof(PartitionData, batches_begin)},
          {"count", offsetof(PartitionData, batches_count)}});
  const std::size_t header = offsetof(ProducedBatch, header);
  layout("batch", sizeof(ProducedBatch),
         {{"baseOffset", header + offsetof(BatchHeader, base_offset)},
          {"producerId", header + offsetof(BatchHeader, producer_id)},
          {"producerEpoch", header + offsetof(BatchHeader, producer_epoch)},
          {"baseSequence", header + offsetof(BatchHeader, base_sequence)},
          {"attributes", header + offsetof(BatchHeader, attributes)},
          {"begin", offsetof(ProducedBatch, records_begin)},
          {"count", offsetof(ProducedBatch, records_count)}});
  layout("record", sizeof(ProducedRecord),
         {{"offset", offsetof(ProducedRecord, offset)},
          {"timestamp", offsetof(ProducedRecord, timestamp)},
          {"key", offsetof(ProducedRecord, key)},
          {"value", offsetof(ProducedRecord, value)},
          {"begin", offsetof(ProducedRecord, headers_begin)},
          {"count", offsetof(ProducedRecord, headers_count)},
          {"decoded", offsetof(ProducedRecord, decoded)}});
  layout("header", sizeof(ProducedHeader),
         {{"key", offsetof(ProducedHeader, key)}, {"value", offsetof(ProducedHeader, value)}});
  layout("decoded", sizeof(CoordinationRecord),
         {{"registeredAt", offsetof(CoordinationRecord, registered_at)},
          {"producerId", offsetof(CoordinationRecord, producer_id)},
          {"grantedAt", offsetof(CoordinationRecord, granted_at)},
          {"deadline", offsetof(CoordinationRecord, deadline)},
          {"role", offsetof(CoordinationRecord, role)},
          {"keyMember", offsetof(CoordinationRecord, key_member)},
          {"member", offsetof(CoordinationRecord, member)},
          {"keyKind", offsetof(CoordinationRecord, key_kind)},
          {"valueKind", offsetof(CoordinationRecord, value_kind)},
          {"producerEpoch", offsetof(CoordinationRecord, producer_epoch)},
          {"error", offsetof(CoordinationRecord, error)}});
  layout("error", sizeof(RecordError),
         {{"code", offsetof(RecordError, code)},
          {"field", offsetof(RecordError, field)},
          {"message", offsetof(RecordError, message)},
          {"offset", offsetof(RecordError, offset)},
          {"inValue", offsetof(RecordError, in_value)}});
  // The codecs' names by the attributes' 3 bits (cv::compressionName, written once).
  val names = val::array();
  for (int codec = 0; codec < 8; ++codec) names.call<void>("push", std::string(cv::compressionName(codec)));
  o.set("compressions", names);
  return o;
}

// inspect(bytes, 'produce-request'): the neutral tree (tree::Node, tree::Error, tree::Warning) as
// plain objects, as the single-record module's inspectStreams; i64 node values as decimal strings.
val inspectProduceRequestBytes(std::uintptr_t ptr, std::size_t len) {
  const cp::ProduceInspection in = cp::inspectProduceRequest({reinterpret_cast<const std::uint8_t*>(ptr), len});
  return treeobjects::inspectionObject(in.fields, in.error, in.warnings);
}

// flags: bit 0 keep the history (result's "history"), bit 1 keep the record index (key records).
cv::LogFolder* foldNew(int flags) { return new cv::LogFolder((flags & 1) != 0, {}, (flags & 2) != 0); }
void foldDelete(cv::LogFolder* f) { delete f; }

// One chunk of a log file of `partition`. Returns the records read so far (exact below 2^53).
double foldPushLog(cv::LogFolder* f, int partition, const std::uint8_t* p, std::size_t n) {
  f->pushLog(partition, {p, n});
  return static_cast<double>(f->folder().records());
}

void foldEndLog(cv::LogFolder* f, int partition) { f->endLog(partition); }

// Packed records (log/log_input.h addPackedRecords). Returns -1, or the position of a malformed record.
double foldPushRecords(cv::LogFolder* f, const std::uint8_t* p, std::size_t n) {
  const auto bad = cv::addPackedRecords(f->folder(), {p, n});
  return bad ? static_cast<double>(*bad) : -1.0;
}

// The state now, flat (log/state_flat.h): returns the address of the block describing it. join: 0,
// or the transaction log's (transactions_bindings.cpp txnJoin).
const std::uint32_t* foldResult(cv::LogFolder* f, std::int64_t now, int with_history, const cv::LeaseJoin* join) {
  f->folder().flatResult(now, with_history != 0, g_fold_flat, join);
  return cv::flatBlock(g_fold_flat, g_fold_block);
}

// Before any record: a seed (log/fold_merge.h seedBytes). Returns 0, or -1 for bytes that are not one.
int foldSeed(cv::LogFolder* f, const std::uint8_t* p, std::size_t n) {
  const std::optional<cv::FoldSeed> seed = cv::parseSeed({p, n});
  if (!seed) return -1;
  f->folder().seed(*seed);
  return 0;
}

// The fold's partial (every record of `partition`): returns its length; bytes() its address,
// valid until the next call that returns bytes.
int foldPartial(cv::LogFolder* f, int partition) {
  f->folder().writePartial(partition, g_bytes);
  return static_cast<int>(g_bytes.size());
}
const std::uint8_t* bytes() { return g_bytes.data(); }

cv::FoldMerger* mergeNew() { return new cv::FoldMerger(); }
void mergeDelete(cv::FoldMerger* m) { delete m; }
// Returns 0, or the length of why the bytes are not a partial (at bytes(), UTF-8).
int mergeAdd(cv::FoldMerger* m, int order, const std::uint8_t* p, std::size_t n) {
  const std::string why = m->add(static_cast<std::uint32_t>(order), {p, n});
  g_bytes.assign(why.begin(), why.end());
  return static_cast<int>(why.size());
}
// -1 when the partials give the state; else the order of the partition to fold again, with the
// seed's bytes at bytes() (their length: mergeSeedLength()).
int mergeRefold(cv::FoldMerger* m) {
  const auto again = m->refold();
  if (!again) return -1;
  g_bytes = cv::seedBytes(again->second);
  return static_cast<int>(again->first);
}
int mergeSeedLength() { return static_cast<int>(g_bytes.size()); }
// join: as foldResult's.
const std::uint32_t* mergeResult(cv::FoldMerger* m, std::int64_t now, const cv::LeaseJoin* join) {
  m->flatResult(now, g_fold_flat, join);
  return cv::flatBlock(g_fold_flat, g_fold_block);
}

// The records of role `role` (UTF-8 at p, n bytes) in `partition`, the newest `limit` per key, as
// log/record_index.h keyRecordsBytes: returns the length; foldKeyRecordsBytes() the address
// (valid until the next foldKeyRecords).
int foldKeyRecords(cv::LogFolder* f, const char* p, std::size_t n, int partition, double limit) {
  g_key_records = cv::keyRecordsBytes(f->folder().keyRecords({p, n}, partition, static_cast<std::size_t>(limit)));
  return static_cast<int>(g_key_records.size());
}
const std::uint8_t* foldKeyRecordsBytes() { return g_key_records.data(); }

}  // namespace

#include "generated/bindings/log_bindings.inc"
