// decodeProduceRequest and inspectProduceRequest: the one decoder (protocol/request_decoder.h)
// with the null sink and with the tree sink; the helpers its template shares.
#include "protocol/produce.h"

#include <utility>

#include "protocol/request_decoder.h"
#include "wire/java_text.h"

namespace coordination::protocol {

Slice ProduceRequest::keep(std::span<const std::uint8_t> b) {
  const Slice s{input.size() + pool.size(), static_cast<std::ptrdiff_t>(b.size())};
  pool.insert(pool.end(), b.begin(), b.end());
  return s;
}

Slice textOf(ProduceRequest& request, ByteSpan bytes, Slice where, bool& replaced) {
  replaced = findInvalidUtf8(bytes).has_value();
  if (!replaced) return where;
  std::u16string units;
  decodeUtf8Lossy(bytes, units);
  return request.keep(javaStringToUtf8(units));
}

std::string pathAt(const Where& w, std::string_view leaf) {
  std::string s = "produce_request";
  auto index = [&](std::string_view name, std::int64_t i) {
    s += '.';
    s += name;
    s += '[';
    detail::appendInt(s, i);
    s += ']';
  };
  if (w.topic >= 0) index("topics", w.topic);
  if (w.partition >= 0) index("partitions", w.partition);
  if (w.batch >= 0) index("record_set.batches", w.batch);
  if (!w.group.empty()) {
    s += '.';
    s += w.group;
  }
  if (!leaf.empty()) {
    s += '.';
    s += leaf;
  }
  return s;
}

std::string errorMessage(std::string field, std::string_view what, std::size_t offset) {
  std::string s = std::move(field);
  s += ": ";
  s += what;
  s += " (offset ";
  detail::appendInt(s, offset);
  s += ")";
  return s;
}

std::string_view batchLeaf(std::string_view f) {
  if (f.starts_with("record.") || f == "batch.records") return "records";
  if (f == "batch.batchLength") return "batch_length";
  if (f == "batch.recordsCount") return "records_count";
  if (f.starts_with("batch.")) return f.substr(6);  // crc, magic, attributes: the same names
  return {};                                        // "batch": the batch itself
}

std::optional<tree::Error> ProduceDecoder::decode(std::span<const std::uint8_t> bytes, ProduceRequest& out) {
  tree::NullSink sink;
  return Decoder<tree::NullSink>(bytes, sink, out, batch_).run();
}

ProduceResult decodeProduceRequest(std::span<const std::uint8_t> bytes) {
  ProduceRequest out;
  if (auto e = ProduceDecoder().decode(bytes, out)) return std::move(*e);
  return out;
}

ProduceInspection inspectProduceRequest(std::span<const std::uint8_t> bytes) {
  ProduceInspection in;
  ProduceRequest out;
  Batch batch;
  tree::TreeSink sink(in.fields);
  in.error = Decoder<tree::TreeSink>(bytes, sink, out, batch).run();
  in.warnings = std::move(out.warnings);
  if (in.error) {
    // The groups still open at the failure were never left: each ends where its last child ends.
    for (std::size_t i = in.fields.size(); i-- > 0;) {
      const tree::Node& n = in.fields[i];
      if (n.parent < 0) continue;
      tree::Node& p = in.fields[static_cast<std::size_t>(n.parent)];
      if (!p.complete && p.offset + p.length < n.offset + n.length) p.length = n.offset + n.length - p.offset;
    }
  }
  return in;
}

}  // namespace coordination::protocol
