// The WebAssembly boundary of the whole-topic mode (issue 11): a module of its own
// (coordination_log.wasm), so the single-record viewer does not download the record-batch parser,
// the inflater and the fold (measured: they tripled the codec's .wasm, 20 KB -> 62 KB gzip).
//
// - readLog (Embind): a plain object per batch and record, for inspection and tests;
// - the fold: a handle driven by lean C calls, one per chunk of input (never one per record):
//   cv_fold_new / cv_fold_push_log / cv_fold_end_log / cv_fold_push_records / cv_fold_result /
//   cv_fold_delete. The result is the core's JSON document (log/state_json.cpp), parsed once by
//   wasm/index.js.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "log/fold.h"
#include "log/record_batch.h"
#include "protocol/produce.h"

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
  cv::LogStream stream;
  stream.push({reinterpret_cast<const std::uint8_t*>(ptr), len}, sink);
  stream.finish(sink);
  val out = val::object();
  out.set("batches", sink.batches);
  out.set("errors", sink.errors);
  return out;
}

std::string g_fold_json;

// ---- ProduceRequest v3 (issue 13): decodeProduceRequest and its field tree. Here, beside the
// record-batch parser and the inflater it reuses, not in the size-budgeted single-record module.
// i64 values go across as decimal strings; wasm/index.js makes them bigint.
namespace cp = coordination::protocol;

val bytesOrNull(const std::optional<std::vector<std::uint8_t>>& b) {
  return bytesOrNull(b ? std::optional<cv::ByteSpan>(cv::ByteSpan(*b)) : std::nullopt);
}

val neutralErrorObject(const tree::Error& e) {
  val o = val::object();
  o.set("code", std::string(e.code));
  o.set("offset", static_cast<double>(e.offset));
  o.set("field", e.field);
  o.set("message", e.message);
  return o;
}

val coordinationObject(const cp::CoordinationRecord& c) {
  val o = val::object();
  if (c.key) {
    val k = val::object();
    k.set("version", 0);
    k.set("kind", std::string(c.key->kind == cv::RecordKind::lease ? "lease" : "registration"));
    k.set("role", c.key->role);
    k.set("member", c.key->member);
    o.set("key", k);
  } else {
    o.set("key", val::null());
  }
  if (!c.value) {
    o.set("value", val::null());
  } else if (const auto* r = std::get_if<cv::Registration>(&*c.value)) {
    val v = val::object();
    v.set("version", 0);
    v.set("kind", std::string("registration"));
    v.set("member", r->member);
    v.set("registeredAt", decimal(r->registered_at));
    o.set("value", v);
  } else {
    const cv::Lease& l = std::get<cv::Lease>(*c.value);
    val v = val::object();
    v.set("version", 0);
    v.set("kind", std::string("lease"));
    v.set("member", l.member);
    v.set("producerId", decimal(l.producer_id));
    v.set("producerEpoch", l.producer_epoch);
    v.set("grantedAt", decimal(l.granted_at));
    v.set("deadline", decimal(l.deadline));
    o.set("value", v);
  }
  if (c.error) {
    val e = neutralErrorObject(*c.error);
    e.set("part", std::string(c.error_in_value ? "value" : "key"));
    o.set("error", e);
  } else {
    o.set("error", val::null());
  }
  return o;
}

val produceObject(const cp::ProduceRequest& p) {
  val o = val::object();
  if (p.header) {
    val h = val::object();
    h.set("apiKey", p.header->api_key);
    h.set("apiVersion", p.header->api_version);
    h.set("correlationId", p.header->correlation_id);
    h.set("clientId", p.header->client_id ? val(*p.header->client_id) : val::null());
    o.set("header", h);
  } else {
    o.set("header", val::null());
  }
  o.set("transactionalId", p.transactional_id ? val(*p.transactional_id) : val::null());
  o.set("acks", p.acks);
  o.set("timeout", p.timeout);
  val topics = val::array();
  for (std::size_t t = 0; t < p.topics.size(); ++t) {
    val to = val::object();
    to.set("topic", p.topics[t].topic);
    val parts = val::array();
    for (std::size_t i = 0; i < p.topics[t].partitions.size(); ++i) {
      const cp::PartitionData& pd = p.topics[t].partitions[i];
      val po = val::object();
      po.set("partition", pd.partition);
      val batches = val::array();
      for (std::size_t b = 0; b < pd.batches.size(); ++b) {
        const cp::ProducedBatch& pb = pd.batches[b];
        val bo = val::object();
        bo.set("baseOffset", decimal(pb.header.base_offset));
        bo.set("producerId", decimal(pb.header.producer_id));
        bo.set("producerEpoch", pb.header.producer_epoch);
        bo.set("baseSequence", pb.header.base_sequence);
        bo.set("compression", std::string(cv::compressionName(pb.header.compression())));
        val records = val::array();
        for (std::size_t k = 0; k < pb.records.size(); ++k) {
          const cp::ProducedRecord& r = pb.records[k];
          val ro = val::object();
          ro.set("offset", decimal(r.offset));
          ro.set("timestamp", decimal(r.timestamp));
          ro.set("key", bytesOrNull(r.key));
          ro.set("value", bytesOrNull(r.value));
          val headers = val::array();
          for (std::size_t h = 0; h < r.headers.size(); ++h) {
            val ho = val::object();
            ho.set("key", r.headers[h].key);
            ho.set("value", bytesOrNull(r.headers[h].value));
            headers.set(h, ho);
          }
          ro.set("headers", headers);
          if (r.decoded) ro.set("decoded", coordinationObject(*r.decoded));
          records.set(k, ro);
        }
        bo.set("records", records);
        batches.set(b, bo);
      }
      po.set("batches", batches);
      parts.set(i, po);
    }
    to.set("partitions", parts);
    topics.set(t, to);
  }
  o.set("topics", topics);
  return o;
}

// { request } or { error }: the error thrown as a CoordinationError by wasm/index.js.
val decodeProduceRequestBytes(std::uintptr_t ptr, std::size_t len) {
  const cp::ProduceResult r = cp::decodeProduceRequest({reinterpret_cast<const std::uint8_t*>(ptr), len});
  val out = val::object();
  if (const auto* e = std::get_if<tree::Error>(&r)) {
    out.set("error", neutralErrorObject(*e));
  } else {
    out.set("request", produceObject(std::get<cp::ProduceRequest>(r)));
  }
  return out;
}

// inspect(bytes, 'produce-request'): the neutral tree (tree::Node, tree::Error, tree::Warning) as
// plain objects, as the single-record module's inspectStreams; i64 node values as decimal strings.
val inspectProduceRequestBytes(std::uintptr_t ptr, std::size_t len) {
  const cp::ProduceInspection in = cp::inspectProduceRequest({reinterpret_cast<const std::uint8_t*>(ptr), len});
  val out = val::object();
  val fields = val::array();
  for (std::size_t i = 0; i < in.fields.size(); ++i) {
    const tree::Node& f = in.fields[i];
    val n = val::object();
    n.set("path", f.path);
    n.set("name", f.name);
    n.set("wireType", std::string(f.wire_type));
    n.set("offset", static_cast<double>(f.offset));
    n.set("length", static_cast<double>(f.length));
    if (const auto* iv = std::get_if<std::int64_t>(&f.value)) n.set("value", decimal(*iv));
    if (const auto* t = std::get_if<std::string>(&f.value)) n.set("text", *t);
    if (!f.meaning.empty()) n.set("meaning", f.meaning);
    n.set("parent", f.parent);
    n.set("complete", f.complete);
    fields.set(i, n);
  }
  out.set("fields", fields);
  out.set("error", in.error ? neutralErrorObject(*in.error) : val::null());
  val warnings = val::array();
  for (std::size_t i = 0; i < in.warnings.size(); ++i) {
    const tree::Warning& w = in.warnings[i];
    val o = val::object();
    o.set("code", std::string(w.code));
    o.set("field", w.field);
    o.set("offset", static_cast<double>(w.offset));
    o.set("length", static_cast<double>(w.length));
    o.set("message", w.message);
    warnings.set(i, o);
  }
  out.set("warnings", warnings);
  return out;
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE cv::LogFolder* cv_fold_new(int keep_history) { return new cv::LogFolder(keep_history != 0); }
EMSCRIPTEN_KEEPALIVE void cv_fold_delete(cv::LogFolder* f) { delete f; }

// One chunk of a log file of `partition`. Returns the records read so far (exact below 2^53).
EMSCRIPTEN_KEEPALIVE double cv_fold_push_log(cv::LogFolder* f, int partition, const std::uint8_t* p, std::size_t n) {
  f->pushLog(partition, {p, n});
  return static_cast<double>(f->folder().records());
}

EMSCRIPTEN_KEEPALIVE void cv_fold_end_log(cv::LogFolder* f, int partition) { f->endLog(partition); }

// Packed records (log/fold.h addPackedRecords). Returns -1, or the position of a malformed record.
EMSCRIPTEN_KEEPALIVE double cv_fold_push_records(cv::LogFolder* f, const std::uint8_t* p, std::size_t n) {
  const auto bad = cv::addPackedRecords(f->folder(), {p, n});
  return bad ? static_cast<double>(*bad) : -1.0;
}

// The state's JSON document: returns its length; cv_fold_json() its address (valid until the next
// cv_fold_result).
EMSCRIPTEN_KEEPALIVE int cv_fold_result(cv::LogFolder* f, std::int64_t now, int with_history) {
  g_fold_json = cv::stateToJson(f->folder().result(now), with_history != 0);
  return static_cast<int>(g_fold_json.size());
}
EMSCRIPTEN_KEEPALIVE const char* cv_fold_json() { return g_fold_json.data(); }

}  // extern "C"

EMSCRIPTEN_BINDINGS(coordination_log) {
  emscripten::function("readLog", &readLogBytes);
  emscripten::function("decodeProduceRequest", &decodeProduceRequestBytes);
  emscripten::function("inspectProduceRequest", &inspectProduceRequestBytes);
}
