#include "protocol/spec_decoder.h"

#include <string>
#include <utility>

#include "protocol/framing.h"
#include "protocol/request_decoder.h"
#include "schema/decoding.h"
#include "tree/sink.h"

namespace coordination::protocol::spec {

namespace {

namespace gen = schema::requests;

// The record sets, handed over by the generated decoder in wire order (not a null one).
class RecordSets final : public schema::RecordsReader {
 public:
  RecordSets(ProduceRequest& out, Decoders& d) : out_(out), d_(d) {}

  std::optional<tree::Error> read(std::span<const std::uint8_t> set, std::size_t at, std::string_view root,
                                  std::span<const schema::Frame> frames, tree::TreeSink* tree) override {
    // frames: topics[i], partitions[j], record_set (the spec's nesting); the topic's partitions
    // are a run of the arena, which out.partitions follows.
    const auto& topic = d_.body.topic_produce_data[static_cast<std::size_t>(frames[0].index)];
    const bool coordination = d_.body.text(topic.topic) == TOPIC;
    const std::size_t k = topic.partitions.begin + static_cast<std::size_t>(frames[1].index);
    if (out_.partitions.size() <= k) out_.partitions.resize(k + 1);
    PartitionData& p = out_.partitions[k];
    p.batches_begin = out_.batches.size();
    auto path = [&](std::int64_t batch, std::string_view leaf) {
      std::string s = schema::pathOf(root, frames, {"batches", batch});
      if (!leaf.empty()) {
        s += '.';
        s += leaf;
      }
      return s;
    };
    // The repaired texts, in the hand-written decoder's pool, take from the inflated bytes too.
    const std::size_t pool_taken = out_.pool.size() + d_.header.pool.size() + d_.body.pool.size();
    if (tree) {
      BatchRecords<tree::TreeSink> batches(*tree, out_);
      return readRecordSet(*tree, batches, out_, d_.batch, set, at, coordination, pool_taken, p.batches_count, path);
    }
    tree::NullSink sink;
    BatchRecords<tree::NullSink> batches(sink, out_);
    return readRecordSet(sink, batches, out_, d_.batch, set, at, coordination, pool_taken, p.batches_count, path);
  }

 private:
  ProduceRequest& out_;
  Decoders& d_;
};

// A text of a generated message as the request's: where it lies in the input, or kept in the pool.
Slice requestText(ProduceRequest& out, const schema::Decoded& from, schema::Slice s) {
  if (s.null()) return Slice{};
  if (s.at < out.input.size()) return Slice{s.at, s.length};
  return out.keep(from.text(s));
}

tree::Error requestError(ProduceError code, std::size_t offset, std::string_view leaf, std::string_view what) {
  Where where;
  std::string field = pathAt(where, leaf);
  std::string message = errorMessage(field, what, offset);
  return tree::Error{codeName(code), offset, std::move(field), std::move(message)};
}

std::int32_t bigEndian(std::span<const std::uint8_t> b, std::size_t at, std::size_t width) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < width; ++i) v = (v << 8) | b[at + i];
  return width == 2 ? static_cast<std::int16_t>(v) : static_cast<std::int32_t>(v);
}

// The decode, with the field tree into `tree` when inspecting: the framing's nodes here, the
// header's and the body's by the generated decoders (Options.sink), their meanings set after.
std::optional<tree::Error> read(std::span<const std::uint8_t> bytes, Decoders& d, ProduceRequest& out,
                                tree::TreeSink* tree, std::vector<tree::Node>* nodes) {
  out.reset(bytes);
  out.framing = detectFraming(bytes);
  auto failed = [&](tree::Error e) {
    if (tree) tree->fail();
    return e;
  };
  // A generated decode, or inspect into `tree` (the warnings into out.warnings either way).
  auto generated = [&](auto decodeIt, auto inspectIt, auto& decoded, const schema::Options& options) {
    return tree ? inspectIt(bytes, decoded, options).error : decodeIt(bytes, decoded, options);
  };
  // The meaning of the node just read as `name` (a direct child of the open group), if complete.
  auto mean = [&](std::string_view name, std::string_view words) {
    for (std::size_t i = nodes->size(); i-- > 0;) {
      tree::Node& n = (*nodes)[i];
      if (n.name == name) {
        if (n.complete) n.meaning = std::string(words);
        return;
      }
    }
  };
  if (tree) {
    tree->enter("produce_request", tree::WireType::record, 0);
    tree->meaning(framingMeaning(out.framing));
  }
  std::size_t from = 0;
  std::size_t end = bytes.size();
  if (out.framing == Framing::size_and_header) {  // detected: 8 bytes or more, a size >= 0
    const auto size = static_cast<std::size_t>(bigEndian(bytes, 0, 4));
    if (tree) {
      tree->scalar("size", tree::WireType::i32, 0, 4, true, static_cast<std::int64_t>(size));
      tree->meaning(kSizeMeaning);
    }
    if (size > bytes.size() - 4)
      return failed(requestError(ProduceError::TRUNCATED, 0, "size", saysBeyond("size", size, bytes.size() - 4)));
    from = 4;
    end = 4 + size;
  }
  if (out.framing != Framing::body) {
    if (tree) tree->enter("header", tree::WireType::record, from);
    // The framing found the api key and version (bytes from..from + 3); v3 is all it reads.
    const auto version = static_cast<std::int16_t>(bigEndian(bytes, from + 2, 2));
    if (version != kProduceVersion) {
      if (tree) {  // the two fields read, as the hand-written decoder reads them before it stops
        tree->scalar("api_key", tree::WireType::i16, from, 2, true, bigEndian(bytes, from, 2));
        tree->meaning(kApiKeyMeaning);
        tree->scalar("api_version", tree::WireType::i16, from + 2, 2, true, version);
      }
      return failed(
          requestError(ProduceError::UNSUPPORTED_VERSION, from + 2, "header.api_version", versionWords(version)));
    }
    const schema::Options options{.version = 1,
                                  .from = from,
                                  .root = "produce_request.header",
                                  .open_end = true,
                                  .sink = tree,
                                  .warnings = &out.warnings};
    auto e = generated(gen::decodeRequestHeader, gen::inspectRequestHeader, d.header, options);
    if (tree) mean("api_key", kApiKeyMeaning);
    if (e) return e;
    if (tree) tree->leave(d.header.end);
    const auto& h = d.header.root;
    out.header = RequestHeader{h.api_key, h.api_version, h.correlation_id, requestText(out, d.header, h.client_id)};
    from = d.header.end;
  }
  RecordSets sets(out, d);
  const schema::Options options{.version = kProduceVersion,
                                .from = from,
                                .root = "produce_request",
                                .open_end = true,
                                .records = &sets,
                                .sink = tree,
                                .warnings = &out.warnings};
  auto e = generated(gen::decodeProduceRequest, gen::inspectProduceRequest, d.body, options);
  if (tree) {
    mean("acks", acksMeaning(d.body.root.acks));
    mean("timeout", kTimeoutMeaning);
  }
  if (e) return e;
  if (auto past = requestEnd(d.body.end, end, bytes.size())) return failed(std::move(*past));
  if (tree) tree->leave(d.body.end);
  const auto& r = d.body.root;
  out.transactional_id = requestText(out, d.body, r.transactional_id);
  out.acks = r.acks;
  out.timeout = r.timeout;
  for (const auto& t : d.body.items(d.body.topic_produce_data, r.topics)) {
    out.topics.push_back(
        TopicData{requestText(out, d.body, t.topic), t.partitions.begin, static_cast<std::size_t>(t.partitions.count)});
  }
  out.partitions.resize(d.body.partition_produce_data.size());
  std::size_t batches = 0;  // a null record set's run of batches: empty, where the next one starts
  for (std::size_t k = 0; k < out.partitions.size(); ++k) {
    const auto& p = d.body.partition_produce_data[k];
    PartitionData& q = out.partitions[k];
    q.partition = p.partition;
    q.record_set_size = p.record_set.length;
    if (p.record_set.null()) q.batches_begin = batches;
    batches = q.batches_begin + q.batches_count;
  }
  return std::nullopt;
}

}  // namespace

std::optional<tree::Error> decode(std::span<const std::uint8_t> bytes, Decoders& d, ProduceRequest& out) {
  return read(bytes, d, out, nullptr, nullptr);
}

ProduceInspection inspect(std::span<const std::uint8_t> bytes, Decoders& d) {
  ProduceInspection in;
  ProduceRequest out;
  tree::TreeSink sink(in.fields);
  in.error = read(bytes, d, out, &sink, &in.fields);
  in.warnings = std::move(out.warnings);
  if (in.error) tree::endOpenGroups(in.fields);
  return in;
}

}  // namespace coordination::protocol::spec
