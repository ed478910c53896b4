// The one ProduceRequest v3 decoder, templated on the sink (tree/sink.h): tree::NullSink for
// decodeProduceRequest, tree::TreeSink for inspectProduceRequest. It reads the request in wire
// order -- framing (protocol/framing.h), header, transactional id, acks, timeout, topics ->
// partitions -> record sets -> batches -- and hands each parsed batch to BatchRecords
// (protocol/batch_records.h). Each error names its field path and offset; the first one stops.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "coordination/coordination_codec.h"
#include "protocol/batch_records.h"
#include "protocol/framing.h"
#include "protocol/produce.h"
#include "protocol/table.h"
#include "tree/sink.h"
#include "wire/append.h"
#include "wire/reader.h"

namespace coordination::protocol {

// Where the decoder is, for the error path (rendered only when an error or warning needs it).
struct Where {
  std::int64_t topic = -1, partition = -1, batch = -1;
  std::string_view group;  // "header" or "record_set" while reading their fields
};

// The codes the request's own fields raise (protocol/table.h), named by the one ErrorCode list.
enum class ProduceError : std::uint8_t {
#define PRODUCE_X(name) name,
  PRODUCE_ERROR_CODES(PRODUCE_X)
#undef PRODUCE_X
};
inline std::string_view codeName(ProduceError code) {
  switch (code) {
#define PRODUCE_X(name)    \
  case ProduceError::name: \
    return errorCodeName(ErrorCode::name);
    PRODUCE_ERROR_CODES(PRODUCE_X)
#undef PRODUCE_X
  }
  return {};
}

// "produce_request.topics[0].partitions[1].record_set.batches[0]" + "." + leaf (if any).
std::string pathAt(const Where& w, std::string_view leaf);

// "<field>: <what> (offset N)": the message of an error.
std::string errorMessage(std::string field, std::string_view what, std::size_t offset);

// The record-batch parser's field ("batch.crc", "record.key") as the tree names it under the
// batch: "crc"; a record's fault names the records array (the message says which record and what).
std::string_view batchLeaf(std::string_view batch_field);

// "<what> says N bytes but only M remain".
std::string saysBeyond(std::string_view what, std::size_t size, std::size_t remaining);
// The words of a framed request of a version other than 3 (UNSUPPORTED_VERSION at its version).
std::string versionWords(std::int16_t found);
// The error of a request read up to `position` whose framing ends it at `end` in an input of
// `size` bytes (TRAILING_BYTES), if any.
std::optional<tree::Error> requestEnd(std::size_t position, std::size_t end, std::size_t size);

// The record batches of one record set (`set`, at input position `at`; of the topic
// __coordination_state when `coordination`) into `out`, each parsed by the record-batch parser,
// under the group "batches"; `count`: the batches read. The request's batches together stay within
// one batch's limits (inflated bytes: `pool_taken` of them are taken). The first refused batch
// stops it: its error, the field `path(batch index, leaf)` (the caller's path of the batch, and
// the leaf under it). Shared by the hand-written decoder and the spec's (protocol/spec_decoder.h).
template <typename Sink, typename Path>
std::optional<tree::Error> readRecordSet(Sink& sink, BatchRecords<Sink>& batches, ProduceRequest& out, Batch& batch,
                                         ByteSpan set, std::size_t at, bool coordination, std::size_t pool_taken,
                                         std::size_t& count, Path path) {
  // A batch the record-batch parser refused: its code, position and message; the field under the
  // batch's path ("batch.crc" -> ...batches[0].crc, "record.key" -> ...batches[0].records).
  auto refused = [&](std::size_t b, const BatchError& e, std::size_t position, std::size_t length) {
    sink.enterIndex(b, tree::WireType::record, position);
    sink.raw("frame", tree::WireType::bytes, position, length, false);
    return tree::Error{batchErrorCodeName(e.code), static_cast<std::size_t>(e.position),
                       path(static_cast<std::int64_t>(b), batchLeaf(e.field)), e.message};
  };
  const Limits limits{};
  sink.enter("batches", tree::WireType::array, at);
  std::size_t used = 0;
  for (std::size_t b = 0; used < set.size(); ++b) {
    const std::size_t position = at + used;
    const ByteSpan rest = set.subspan(used);
    const Frame f = frameBatch(rest, position, limits);
    if (f.status == FrameStatus::error) return refused(b, *f.error, position, rest.size());
    if (f.status == FrameStatus::need_more) {
      sink.enterIndex(b, tree::WireType::record, position);
      std::string w = "the record set ends after ";
      detail::appendInt(w, rest.size());
      w += " bytes of the batch, expected ";
      if (f.size) {
        detail::appendInt(w, f.size);
        w += " (batchLength + 12)";
      } else {
        w += "at least 12 (baseOffset, batchLength)";
      }
      std::string field = path(static_cast<std::int64_t>(b), "");
      std::string message = errorMessage(field, w, position);
      return tree::Error{batchErrorCodeName(BatchErrorCode::BATCH_TRUNCATED), position, std::move(field),
                         std::move(message)};
    }
    // The request keeps every batch's inflated bytes and records: together they stay within the
    // inflated bytes and the record budget of one batch (log/record_batch.h Limits, kMaxRecords).
    const std::size_t taken = out.records.size() + out.headers.size();
    const Limits left{limits.max_batch_bytes,
                      limits.max_inflated_bytes - std::min(pool_taken, limits.max_inflated_bytes),
                      limits.max_records - std::min(taken, limits.max_records)};
    const std::size_t pool_before = out.pool.size();
    if (auto e = parseBatch(rest.first(f.size), position, batch, left)) return refused(b, *e, position, f.size);
    sink.enterIndex(b, tree::WireType::record, position);
    batches.add(batch, position, coordination);
    pool_taken += out.pool.size() - pool_before;
    sink.leave(position + f.size);
    used += f.size;
    ++count;
  }
  sink.leave(at + set.size());
  return std::nullopt;
}

template <typename Sink>
class Decoder {
 public:
  static constexpr bool kTree = !std::is_same_v<Sink, tree::NullSink>;

  // `out` is emptied (its arrays keep their memory); `batch` is the record-batch parser's working
  // memory (kept by a caller that decodes request after request).
  Decoder(std::span<const std::uint8_t> bytes, Sink& sink, ProduceRequest& out, Batch& batch)
      : r_(bytes), sink_(sink), out_(out), batch_(batch), batches_(sink, out) {
    out_.reset(bytes);
  }

  std::optional<tree::Error> run() {
    if (!request()) return std::move(error_);
    return std::nullopt;
  }

 private:
  // Minimum wire size of one element of each list: the count check refuses a count whose
  // elements cannot fit before anything is read or allocated (compared as count > remaining /
  // minimum).
  static constexpr std::size_t kMinTopic = 2 + 4;      // name length + partitions count
  static constexpr std::size_t kMinPartition = 4 + 4;  // partition + record set size

  bool fail(ProduceError code, std::size_t offset, std::string_view leaf, std::string_view what) {
    return failWith(codeName(code), offset, leaf, what);
  }
  bool failWith(std::string_view code, std::size_t offset, std::string_view leaf, std::string_view what) {
    std::string field = pathAt(where_, leaf);
    std::string message = errorMessage(field, what, offset);
    error_ = tree::Error{code, offset, std::move(field), std::move(message)};
    sink_.fail();
    return false;
  }
  // "<what> says N bytes but only M remain" at `at`.
  bool beyondEnd(std::string_view leaf, std::size_t at, std::string_view what, std::size_t size) {
    return fail(ProduceError::TRUNCATED, at, leaf, saysBeyond(what, size, r_.remaining()));
  }
  bool truncated(std::string_view leaf, std::size_t at, std::size_t width) {
    std::string w = "needs ";
    detail::appendInt(w, width);
    w += " bytes but only ";
    detail::appendInt(w, r_.remaining());
    w += " remain";
    return fail(ProduceError::TRUNCATED, at, leaf, w);
  }

  template <typename Int>
  bool integer(std::string_view name, Int& out) {
    constexpr std::size_t width = sizeof(Int);
    constexpr tree::WireType wire = width == 2 ? tree::WireType::i16 : tree::WireType::i32;
    const std::size_t at = r_.position();
    if (!r_.need(width)) {
      sink_.scalar(name, wire, at, r_.remaining(), false, 0);
      return truncated(name, at, width);
    }
    if constexpr (width == 2)
      out = r_.readI16();
    else
      out = r_.readI32();
    sink_.scalar(name, wire, at, width, true, out);
    return true;
  }

  // A protocol STRING (i16 length + bytes) or NULLABLE_STRING (-1 null), decoded as Kafka does
  // (new String(bytes, UTF_8): ill-formed bytes become U+FFFD, warning UTF8_REPLACED).
  bool string(std::string_view name, bool nullable, Slice& out) {
    const std::size_t at = r_.position();
    if (!r_.need(2)) {
      sink_.raw(name, tree::WireType::string, at, r_.remaining(), false);
      return truncated(name, at, 2);
    }
    const std::int16_t length = r_.readI16();
    if (length == -1 && nullable) {
      sink_.raw(name, tree::WireType::string, at, 2, true);
      sink_.meaning("null");
      out = Slice{};
      return true;
    }
    if (length < 0) {
      sink_.raw(name, tree::WireType::string, at, 2, false);
      std::string w = nullable ? "expected a length >= -1, found " : "expected a length >= 0, found ";
      detail::appendInt(w, length);
      return fail(ProduceError::NEGATIVE_LENGTH, at, name, w);
    }
    if (!r_.need(static_cast<std::size_t>(length))) {
      sink_.raw(name, tree::WireType::string, at, 2 + r_.remaining(), false);
      return beyondEnd(name, at, "length", static_cast<std::size_t>(length));
    }
    const auto body = r_.take(static_cast<std::size_t>(length));
    bool replaced = false;
    out = textOf(out_, body, Slice{at + 2, length}, replaced);
    sink_.text(name, tree::WireType::string, at, 2u + body.size(), true, out_.text(out));
    if (replaced) {
      out_.warnings.push_back(tree::Warning{"UTF8_REPLACED", pathAt(where_, name), at + 2, body.size(),
                                            "not well-formed UTF-8: decoded as Kafka does (new String(bytes, "
                                            "UTF_8)), each ill-formed subpart replaced by U+FFFD"});
    }
    return true;
  }

  // A count at `leaf` (the list's path): TRUNCATED if cut short, NEGATIVE_LENGTH if < 0,
  // TRUNCATED if the elements cannot fit at their minimum size.
  bool count(std::string_view leaf, std::size_t minimum, std::size_t& out) {
    const std::size_t at = r_.position();
    if (!r_.need(4)) {
      sink_.scalar("count", tree::WireType::i32, at, r_.remaining(), false, 0);
      return truncated(leaf, at, 4);
    }
    const std::int32_t n = r_.readI32();
    sink_.scalar("count", tree::WireType::i32, at, 4, true, n);
    if (n < 0) {
      std::string w = "expected a count >= 0, found ";
      detail::appendInt(w, n);
      return fail(ProduceError::NEGATIVE_LENGTH, at, leaf, w);
    }
    if (static_cast<std::size_t>(n) > r_.remaining() / minimum) {
      std::string w = "count ";
      detail::appendInt(w, n);
      w += " cannot fit: its elements need more than the ";
      detail::appendInt(w, r_.remaining());
      w += r_.remaining() == 1 ? " byte that remains" : " bytes that remain";
      return fail(ProduceError::TRUNCATED, at, leaf, w);
    }
    out = static_cast<std::size_t>(n);
    return true;
  }

  bool request() {
    const std::span<const std::uint8_t> all = out_.input;
    sink_.enter("produce_request", tree::WireType::record, 0);
    out_.framing = detectFraming(all);
    if constexpr (kTree) sink_.meaning(framingMeaning(out_.framing));
    std::size_t end = all.size();
    if (out_.framing == Framing::size_and_header) {
      std::int32_t size = 0;
      if (!integer("size", size)) return false;
      if constexpr (kTree) sink_.meaning(kSizeMeaning);
      if (static_cast<std::size_t>(size) > r_.remaining()) {
        return beyondEnd("size", 0, "size", static_cast<std::size_t>(size));
      }
      end = 4 + static_cast<std::size_t>(size);
    }
    if (out_.framing != Framing::body && !header()) return false;
    if (!string("transactional_id", true, out_.transactional_id)) return false;
    if (!integer("acks", out_.acks)) return false;
    if constexpr (kTree) sink_.meaning(acksMeaning(out_.acks));
    if (!integer("timeout", out_.timeout)) return false;
    if constexpr (kTree) sink_.meaning(kTimeoutMeaning);
    if (!topics()) return false;
    if (auto e = requestEnd(r_.position(), end, all.size())) {
      error_ = std::move(e);
      sink_.fail();
      return false;
    }
    sink_.leave(r_.position());
    return true;
  }

  bool header() {
    sink_.enter("header", tree::WireType::record, r_.position());
    RequestHeader& h = out_.header.emplace();
    where_.group = "header";
    if (!integer("api_key", h.api_key)) return false;
    if constexpr (kTree) sink_.meaning(kApiKeyMeaning);
    const std::size_t version_at = r_.position();
    if (!integer("api_version", h.api_version)) return false;
    if (h.api_version != kProduceVersion) {
      return fail(ProduceError::UNSUPPORTED_VERSION, version_at, "api_version", versionWords(h.api_version));
    }
    if (!integer("correlation_id", h.correlation_id)) return false;
    if (!string("client_id", true, h.client_id)) return false;
    where_.group = {};
    sink_.leave(r_.position());
    return true;
  }

  bool topics() {
    sink_.enter("topics", tree::WireType::array, r_.position());
    std::size_t n = 0;
    if (!count("topics", kMinTopic, n)) return false;
    out_.topics.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      where_.topic = static_cast<std::int64_t>(i);
      sink_.enterIndex(i, tree::WireType::record, r_.position());
      if (!string("topic", false, out_.topics[i].topic) || !partitions(i)) return false;
      sink_.leave(r_.position());
    }
    where_.topic = -1;
    sink_.leave(r_.position());
    return true;
  }

  bool partitions(std::size_t topic) {
    sink_.enter("partitions", tree::WireType::array, r_.position());
    std::size_t n = 0;
    if (!count("partitions", kMinPartition, n)) return false;
    const std::size_t begin = out_.partitions.size();
    out_.topics[topic].partitions_begin = begin;
    out_.topics[topic].partitions_count = n;
    out_.partitions.resize(begin + n);
    const bool coordination = out_.text(out_.topics[topic].topic) == TOPIC;
    for (std::size_t i = 0; i < n; ++i) {
      where_.partition = static_cast<std::int64_t>(i);
      sink_.enterIndex(i, tree::WireType::record, r_.position());
      PartitionData& p = out_.partitions[begin + i];
      if (!integer("partition", p.partition) || !recordSet(p, coordination)) return false;
      sink_.leave(r_.position());
    }
    where_.partition = -1;
    sink_.leave(r_.position());
    return true;
  }

  // RECORDS: i32 size (-1 null), then that many bytes of record batches v2.
  bool recordSet(PartitionData& p, bool coordination) {
    const std::size_t at = r_.position();
    sink_.enter("record_set", tree::WireType::bytes, at);
    where_.group = "record_set";
    if (!integer("size", p.record_set_size)) return false;
    p.batches_begin = out_.batches.size();
    if (p.record_set_size == -1) {
      where_.group = {};
      if constexpr (kTree) sink_.meaning("null: no records");
      sink_.leave(r_.position());
      return true;
    }
    if (p.record_set_size < 0) {
      std::string w = "expected a size >= -1, found ";
      detail::appendInt(w, p.record_set_size);
      return fail(ProduceError::NEGATIVE_LENGTH, at, "size", w);
    }
    const auto size = static_cast<std::size_t>(p.record_set_size);
    if (!r_.need(size)) return beyondEnd("size", at, "size", size);
    where_.group = {};
    const std::size_t set_start = r_.position();
    const ByteSpan set = r_.take(size);
    auto path = [&](std::int64_t batch, std::string_view leaf) {
      where_.batch = batch;
      return pathAt(where_, leaf);
    };
    if (auto e = readRecordSet(sink_, batches_, out_, batch_, set, set_start, coordination, out_.pool.size(),
                               p.batches_count, path)) {
      error_ = std::move(e);
      sink_.fail();
      return false;
    }
    where_.batch = -1;
    sink_.leave(r_.position());
    return true;
  }

  Reader r_;
  Sink& sink_;
  ProduceRequest& out_;
  Batch& batch_;
  BatchRecords<Sink> batches_;
  Where where_;
  std::optional<tree::Error> error_;
};

}  // namespace coordination::protocol
