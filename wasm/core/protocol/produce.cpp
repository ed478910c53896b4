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

void ProduceRequest::reset(std::span<const std::uint8_t> bytes) {
  input = bytes;
  pool.clear();
  framing = Framing::body;
  header.reset();
  transactional_id = Slice{};
  acks = 0;
  timeout = 0;
  topics.clear();
  partitions.clear();
  batches.clear();
  records.clear();
  headers.clear();
  decoded.clear();
  errors.clear();
  warnings.clear();
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

std::string saysBeyond(std::string_view what, std::size_t size, std::size_t remaining) {
  std::string w(what);
  w += " says ";
  detail::appendInt(w, size);
  w += " bytes but only ";
  detail::appendInt(w, remaining);
  w += " remain";
  return w;
}

std::string versionWords(std::int16_t found) {
  std::string w = "expected api version 3 (this decoder reads ProduceRequest v3 only), found ";
  detail::appendInt(w, found);
  return w;
}

std::optional<tree::Error> requestEnd(std::size_t position, std::size_t end, std::size_t size) {
  auto trailing = [](std::size_t at, std::string w, std::size_t extra) {
    detail::appendInt(w, extra);
    w += extra == 1 ? " more byte" : " more bytes";
    std::string field = pathAt(Where{}, "");
    std::string message = errorMessage(field, w, at);
    return tree::Error{codeName(ProduceError::TRAILING_BYTES), at, std::move(field), std::move(message)};
  };
  if (position != end) return trailing(position, "expected the end of the request, found ", end - position);
  if (end != size) {
    std::string w = "expected the end of the input after the size's ";
    detail::appendInt(w, end - 4);
    w += " bytes, found ";
    return trailing(end, std::move(w), size - end);
  }
  return std::nullopt;
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
  if (in.error) endOpenGroups(in.fields);
  return in;
}

void endOpenGroups(std::vector<tree::Node>& fields) {
  for (std::size_t i = fields.size(); i-- > 0;) {
    const tree::Node& n = fields[i];
    if (n.parent < 0) continue;
    tree::Node& p = fields[static_cast<std::size_t>(n.parent)];
    if (!p.complete && p.offset + p.length < n.offset + n.length) p.length = n.offset + n.length - p.offset;
  }
}

}  // namespace coordination::protocol
