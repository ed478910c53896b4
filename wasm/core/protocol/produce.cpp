#include "protocol/produce.h"

#include <string_view>
#include <type_traits>
#include <utility>

#include "tree/sink.h"
#include "wire/append.h"
#include "wire/java_text.h"
#include "wire/reader.h"

namespace coordination::protocol {

namespace {

using detail::appendInt;

// Minimum wire size of one element of each list: the count check refuses a count whose elements
// cannot fit before anything is read or allocated (compared as count > remaining / minimum).
constexpr std::size_t kMinTopic = 2 + 4;      // name length + partitions count
constexpr std::size_t kMinPartition = 4 + 4;  // partition + record set size

// Where the decoder is, for the error path (rendered only when an error or warning needs it).
struct Where {
  std::int64_t topic = -1, partition = -1, batch = -1;
  std::string_view group;  // "header" or "record_set" while reading their fields
};

std::string pathAt(const Where& w, std::string_view leaf) {
  std::string s = "produce_request";
  auto index = [&](std::string_view name, std::int64_t i) {
    s += '.';
    s += name;
    s += '[';
    appendInt(s, i);
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

std::string finish(std::string field, std::string_view what, std::size_t offset) {
  std::string s = std::move(field);
  s += ": ";
  s += what;
  s += " (offset ";
  appendInt(s, offset);
  s += ")";
  return s;
}

std::string lossyUtf8(std::span<const std::uint8_t> body, bool& replaced) {
  std::u16string units;
  replaced = decodeUtf8Lossy(body, units).has_value();
  return javaStringToUtf8(units);
}

// The coordination codec's reading of a record of __coordination_state.
CoordinationRecord decodeCoordination(const std::optional<ByteSpan>& key, const std::optional<ByteSpan>& value) {
  CoordinationRecord out;
  if (!key) {
    out.error = tree::Error{"NULL_KEY", 0, "key", "key: the record has a null key; every coordination record has one"};
    return out;
  }
  auto k = decodeKey(*key);
  if (!k.ok()) {
    const Error& e = k.error();
    out.error = tree::Error{errorCodeName(e.code), e.offset, std::string(fieldPath(e.field)), e.message()};
    return out;
  }
  out.key = std::move(k.value());
  auto v = decodeValue(out.key->kind, value);
  if (!v.ok()) {
    const Error& e = v.error();
    out.error = tree::Error{errorCodeName(e.code), e.offset, std::string(fieldPath(e.field)), e.message()};
    out.error_in_value = true;
    return out;
  }
  if (const auto* r = std::get_if<Registration>(&v.value())) out.value = *r;
  if (const auto* l = std::get_if<Lease>(&v.value())) out.value = *l;
  return out;
}

std::string coordinationMeaning(const CoordinationRecord& c, bool for_value) {
  if (c.error && c.error_in_value == for_value)
    return "coordination " + std::string(c.error->code) + ": " + c.error->message;
  if (!for_value) {
    if (!c.key) return "coordination key: not decoded";
    std::string s =
        c.key->kind == RecordKind::lease ? "coordination lease key, role " : "coordination registration key, role ";
    s += c.key->role;
    if (c.key->kind == RecordKind::registration) s += ", member " + c.key->member;
    return s;
  }
  if (c.error) return "coordination value: not decoded (the key did not decode)";
  if (!c.value) return "tombstone (null or empty value)";
  if (const auto* r = std::get_if<Registration>(&*c.value)) return "coordination registration of " + r->member;
  const Lease& l = std::get<Lease>(*c.value);
  return "coordination lease held by " + l.member;
}

template <typename Sink>
class Decoder {
 public:
  static constexpr bool kTree = !std::is_same_v<Sink, tree::NullSink>;

  Decoder(std::span<const std::uint8_t> bytes, Sink& sink, ProduceRequest& out)
      : all_(bytes), r_(bytes), sink_(sink), out_(out) {}

  std::optional<tree::Error> run() {
    if (!request()) return std::move(error_);
    return std::nullopt;
  }

 private:
  bool fail(std::string_view code, std::size_t offset, std::string_view leaf, std::string_view what) {
    std::string field = pathAt(where_, leaf);
    std::string message = finish(field, what, offset);
    error_ = tree::Error{code, offset, std::move(field), std::move(message)};
    sink_.fail();
    return false;
  }
  bool truncated(std::string_view leaf, std::size_t at, std::size_t width) {
    std::string w = "needs ";
    appendInt(w, width);
    w += " bytes but only ";
    appendInt(w, r_.remaining());
    w += " remain";
    return fail("TRUNCATED", at, leaf, w);
  }

  bool i16(std::string_view name, std::int16_t& out) {
    const std::size_t at = r_.position();
    if (!r_.need(2)) {
      sink_.scalar(name, tree::WireType::i16, at, r_.remaining(), false, 0);
      return truncated(name, at, 2);
    }
    out = r_.readI16();
    sink_.scalar(name, tree::WireType::i16, at, 2, true, out);
    return true;
  }
  bool i32(std::string_view name, std::int32_t& out) {
    const std::size_t at = r_.position();
    if (!r_.need(4)) {
      sink_.scalar(name, tree::WireType::i32, at, r_.remaining(), false, 0);
      return truncated(name, at, 4);
    }
    out = r_.readI32();
    sink_.scalar(name, tree::WireType::i32, at, 4, true, out);
    return true;
  }

  // A protocol STRING (i16 length + bytes) or NULLABLE_STRING (-1 null), decoded as Kafka does
  // (new String(bytes, UTF_8): ill-formed bytes become U+FFFD, warning UTF8_REPLACED).
  bool string(std::string_view name, bool nullable, std::optional<std::string>& out) {
    const std::size_t at = r_.position();
    if (!r_.need(2)) {
      sink_.raw(name, tree::WireType::string, at, r_.remaining(), false);
      return truncated(name, at, 2);
    }
    const std::int16_t length = r_.readI16();
    if (length == -1 && nullable) {
      sink_.raw(name, tree::WireType::string, at, 2, true);
      sink_.meaning("null");
      out.reset();
      return true;
    }
    if (length < 0) {
      sink_.raw(name, tree::WireType::string, at, 2, false);
      std::string w = nullable ? "expected a length >= -1, found " : "expected a length >= 0, found ";
      appendInt(w, length);
      return fail("NEGATIVE_LENGTH", at, name, w);
    }
    if (!r_.need(static_cast<std::size_t>(length))) {
      const std::size_t remaining = r_.remaining();
      sink_.raw(name, tree::WireType::string, at, 2 + remaining, false);
      std::string w = "length says ";
      appendInt(w, length);
      w += " bytes but only ";
      appendInt(w, remaining);
      w += " remain";
      return fail("TRUNCATED", at, name, w);
    }
    bool replaced = false;
    const auto body = r_.take(static_cast<std::size_t>(length));
    out = lossyUtf8(body, replaced);
    sink_.text(name, tree::WireType::string, at, 2u + body.size(), true, *out);
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
      appendInt(w, n);
      return fail("NEGATIVE_LENGTH", at, leaf, w);
    }
    if (static_cast<std::size_t>(n) > r_.remaining() / minimum) {
      std::string w = "count ";
      appendInt(w, n);
      w += " cannot fit: its elements need more than the ";
      appendInt(w, r_.remaining());
      w += r_.remaining() == 1 ? " byte that remains" : " bytes that remain";
      return fail("TRUNCATED", at, leaf, w);
    }
    out = static_cast<std::size_t>(n);
    return true;
  }

  bool request() {
    sink_.enter("produce_request", tree::WireType::record, 0);
    out_.framing = detectFraming();
    if constexpr (kTree) sink_.meaning(framingMeaning(out_.framing));
    std::size_t end = all_.size();
    if (out_.framing == Framing::size_and_header) {
      std::int32_t size = 0;
      if (!i32("size", size)) return false;
      if constexpr (kTree) sink_.meaning("bytes after this field");
      if (static_cast<std::size_t>(size) > r_.remaining()) {
        std::string w = "size says ";
        appendInt(w, size);
        w += " bytes but only ";
        appendInt(w, r_.remaining());
        w += " remain";
        return fail("TRUNCATED", 0, "size", w);
      }
      end = 4 + static_cast<std::size_t>(size);
    }
    if (out_.framing != Framing::body && !header()) return false;
    if (!string("transactional_id", true, out_.transactional_id)) return false;
    if (!i16("acks", out_.acks)) return false;
    if constexpr (kTree)
      sink_.meaning(out_.acks == -1  ? "all in-sync replicas"
                    : out_.acks == 0 ? "no acknowledgement"
                    : out_.acks == 1 ? "the leader"
                                     : "not a Kafka acks value");
    if (!i32("timeout", out_.timeout)) return false;
    if constexpr (kTree) sink_.meaning("milliseconds");
    if (!topics()) return false;
    if (r_.position() != end) {
      std::string w = "expected the end of the request, found ";
      appendInt(w, end - r_.position());
      w += end - r_.position() == 1 ? " more byte" : " more bytes";
      return fail("TRAILING_BYTES", r_.position(), "", w);
    }
    if (end != all_.size()) {
      std::string w = "expected the end of the input after the size's ";
      appendInt(w, end - 4);
      w += " bytes, found ";
      appendInt(w, all_.size() - end);
      w += all_.size() - end == 1 ? " more byte" : " more bytes";
      return fail("TRAILING_BYTES", end, "", w);
    }
    sink_.leave(r_.position());
    return true;
  }

  // The size and header are recognised by their values: api key 0 and api version 3 at bytes 4..7
  // after an i32 size >= 0, or at bytes 0..3. A body cannot start so: its transactional id
  // (length, bytes) would need NUL characters at 2..3, or acks 3 after an empty id.
  Framing detectFraming() const {
    auto i16At = [&](std::size_t at) {
      return static_cast<std::int16_t>((std::uint16_t{all_[at]} << 8) | all_[at + 1]);
    };
    const bool sized = all_.size() >= 8 && all_[0] < 0x80 &&
                       ((std::size_t{all_[0]} << 24) | (std::size_t{all_[1]} << 16) | (std::size_t{all_[2]} << 8) |
                        all_[3]) == all_.size() - 4;
    // A size that matches with api key 0 is a framed request of any version (v3 or refused).
    if (all_.size() >= 8 && all_[0] < 0x80 && i16At(4) == kProduceApiKey && (i16At(6) == kProduceVersion || sized)) {
      return Framing::size_and_header;
    }
    if (all_.size() >= 4 && i16At(0) == kProduceApiKey && i16At(2) == kProduceVersion) return Framing::header;
    return Framing::body;
  }

  static std::string_view framingMeaning(Framing f) {
    switch (f) {
      case Framing::size_and_header:
        return "detected: an i32 size, then a request header (api key 0 at bytes 4..5), then the body";
      case Framing::header:
        return "detected: a request header (api key 0, api version 3 at bytes 0..3), then the body";
      default:
        return "detected: the request body alone (no size or request header found)";
    }
  }

  bool header() {
    sink_.enter("header", tree::WireType::record, r_.position());
    RequestHeader& h = out_.header.emplace();
    where_.group = "header";
    if (!i16("api_key", h.api_key)) return false;
    if constexpr (kTree) sink_.meaning("Produce");
    const std::size_t version_at = r_.position();
    if (!i16("api_version", h.api_version)) return false;
    if (h.api_version != kProduceVersion) {
      std::string w = "expected api version 3 (this decoder reads ProduceRequest v3 only), found ";
      appendInt(w, h.api_version);
      return fail("UNSUPPORTED_VERSION", version_at, "api_version", w);
    }
    if (!i32("correlation_id", h.correlation_id)) return false;
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
      TopicData& t = out_.topics[i];
      std::optional<std::string> name;
      if (!string("topic", false, name)) return false;
      t.topic = std::move(*name);
      if (!partitions(t)) return false;
      sink_.leave(r_.position());
    }
    where_.topic = -1;
    sink_.leave(r_.position());
    return true;
  }

  bool partitions(TopicData& t) {
    sink_.enter("partitions", tree::WireType::array, r_.position());
    std::size_t n = 0;
    if (!count("partitions", kMinPartition, n)) return false;
    t.partitions.resize(n);
    const bool coordination = t.topic == TOPIC;
    for (std::size_t i = 0; i < n; ++i) {
      where_.partition = static_cast<std::int64_t>(i);
      sink_.enterIndex(i, tree::WireType::record, r_.position());
      PartitionData& p = t.partitions[i];
      if (!i32("partition", p.partition) || !recordSet(p, coordination)) return false;
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
    if (!i32("size", p.record_set_size)) return false;
    if (p.record_set_size == -1) {
      where_.group = {};
      if constexpr (kTree) sink_.meaning("null: no records");
      sink_.leave(r_.position());
      return true;
    }
    if (p.record_set_size < 0) {
      std::string w = "expected a size >= -1, found ";
      appendInt(w, p.record_set_size);
      return fail("NEGATIVE_LENGTH", at, "size", w);
    }
    const auto size = static_cast<std::size_t>(p.record_set_size);
    if (!r_.need(size)) {
      std::string w = "size says ";
      appendInt(w, size);
      w += " bytes but only ";
      appendInt(w, r_.remaining());
      w += " remain";
      return fail("TRUNCATED", at, "size", w);
    }
    where_.group = {};
    const std::size_t set_start = r_.position();
    const ByteSpan set = r_.take(size);
    sink_.enter("batches", tree::WireType::array, set_start);
    std::size_t used = 0;
    for (std::size_t b = 0; used < set.size(); ++b) {
      where_.batch = static_cast<std::int64_t>(b);
      const std::size_t position = set_start + used;
      const ByteSpan rest = set.subspan(used);
      const Frame f = frameBatch(rest, position, limits_);
      if (f.status == FrameStatus::error) return batchFailed(*f.error, position, rest.size());
      if (f.status == FrameStatus::need_more) {
        sink_.enterIndex(b, tree::WireType::record, position);
        std::string w = "the record set ends after ";
        appendInt(w, rest.size());
        w += " bytes of the batch, expected ";
        if (f.size) {
          appendInt(w, f.size);
          w += " (batchLength + 12)";
        } else {
          w += "at least 12 (baseOffset, batchLength)";
        }
        return fail("BATCH_TRUNCATED", position, "", w);
      }
      if (auto e = parseBatch(rest.first(f.size), position, batch_, limits_)) return batchFailed(*e, position, f.size);
      ProducedBatch& out = p.batches.emplace_back();
      out.header = batch_.header;
      out.position = position;
      batchNodes(b, position);
      records(out, position, coordination);
      sink_.leave(position + f.size);
      used += f.size;
    }
    where_.batch = -1;
    sink_.leave(r_.position());
    sink_.leave(r_.position());
    return true;
  }

  // The record-batch parser's field ("batch.crc", "record.key") as the tree names it under the
  // batch: "crc"; a record's fault names the records array (the message says which record and what).
  static std::string_view batchLeaf(std::string_view f) {
    if (f.starts_with("record.") || f == "batch.records") return "records";
    if (f == "batch.batchLength") return "batch_length";
    if (f == "batch.recordsCount") return "records_count";
    if (f.starts_with("batch.")) return f.substr(6);  // crc, magic, attributes: the same names
    return {};                                        // "batch": the batch itself
  }

  // A batch the record-batch parser refused: its code, position and message; the field under the
  // batch's path ("batch.crc" -> ...batches[0].crc, "record.key" -> ...batches[0].records.key).
  bool batchFailed(const BatchError& e, std::size_t position, std::size_t length) {
    sink_.enterIndex(static_cast<std::size_t>(where_.batch), tree::WireType::record, position);
    sink_.raw("frame", tree::WireType::bytes, position, length, false);
    std::string field = pathAt(where_, batchLeaf(e.field));
    error_ = tree::Error{batchErrorCodeName(e.code), static_cast<std::size_t>(e.position), std::move(field), e.message};
    sink_.fail();
    return false;
  }

  void batchNodes(std::size_t b, std::size_t at) {
    sink_.enterIndex(b, tree::WireType::record, at);
    if constexpr (kTree) {
      const BatchHeader& h = batch_.header;
      sink_.scalar("base_offset", tree::WireType::i64, at, 8, true, h.base_offset);
      sink_.scalar("batch_length", tree::WireType::i32, at + 8, 4, true, h.batch_length);
      sink_.scalar("partition_leader_epoch", tree::WireType::i32, at + 12, 4, true, h.partition_leader_epoch);
      sink_.scalar("magic", tree::WireType::i8, at + 16, 1, true, h.magic);
      sink_.scalar("crc", tree::WireType::u32, at + 17, 4, true, h.crc);
      sink_.meaning("CRC-32C of attributes..end: checked");
      sink_.scalar("attributes", tree::WireType::i16, at + 21, 2, true, h.attributes);
      std::string m = "compression ";
      m += compressionName(h.compression());
      if (h.transactional()) m += ", transactional";
      if (h.control()) m += ", control";
      if (h.logAppendTime()) m += ", log append time";
      sink_.meaning(m);
      sink_.scalar("last_offset_delta", tree::WireType::i32, at + 23, 4, true, h.last_offset_delta);
      sink_.scalar("first_timestamp", tree::WireType::i64, at + 27, 8, true, h.first_timestamp);
      sink_.scalar("max_timestamp", tree::WireType::i64, at + 35, 8, true, h.max_timestamp);
      sink_.scalar("producer_id", tree::WireType::i64, at + 43, 8, true, h.producer_id);
      sink_.scalar("producer_epoch", tree::WireType::i16, at + 51, 2, true, h.producer_epoch);
      sink_.scalar("base_sequence", tree::WireType::i32, at + 53, 4, true, h.base_sequence);
      sink_.scalar("records_count", tree::WireType::i32, at + 57, 4, true, h.records_count);
    }
  }

  static std::optional<std::vector<std::uint8_t>> copyOf(const std::optional<ByteSpan>& b) {
    if (!b) return std::nullopt;
    return std::vector<std::uint8_t>(b->begin(), b->end());
  }

  void records(ProducedBatch& out, std::size_t batch_at, bool coordination) {
    const bool compressed = batch_.header.compression() != 0;
    const std::size_t section = batch_at + kBatchHeaderBytes;
    const std::size_t payload =
        batch_at + kBatchFrameBytes + static_cast<std::size_t>(batch_.header.batch_length) - section;
    sink_.enter("records", tree::WireType::array, section);
    out.records.resize(batch_.records.size());
    for (std::size_t k = 0; k < batch_.records.size(); ++k) {
      const RecordView& v = batch_.records[k];
      ProducedRecord& rec = out.records[k];
      rec.offset = v.offset;
      rec.timestamp = v.timestamp;
      rec.attributes = v.attributes;
      rec.key = copyOf(v.key);
      rec.value = copyOf(v.value);
      rec.headers.resize(v.headers_count);
      for (std::uint32_t h = 0; h < v.headers_count; ++h) {
        const RecordHeaderView& hv = batch_.headers[v.headers_begin + h];
        bool replaced = false;
        rec.headers[h].key = lossyUtf8(hv.key, replaced);
        rec.headers[h].value = copyOf(hv.value);
      }
      if (coordination) rec.decoded = decodeCoordination(v.key, v.value);
      if constexpr (kTree)
        recordNodes(k, v, rec, compressed ? section : section + v.start, compressed ? payload : v.size, compressed);
    }
    sink_.leave(section + payload);
  }

  // The nodes of one record. Uncompressed: its bytes, key and value where they lie. In a gzip
  // batch: the node covers the compressed payload, and says so.
  void recordNodes(std::size_t k, const RecordView& v, const ProducedRecord& rec, std::size_t at, std::size_t length,
                   bool compressed) {
    sink_.enterIndex(k, tree::WireType::record, at);
    std::string m = "offset ";
    appendInt(m, v.offset);
    m += ", timestamp ";
    appendInt(m, v.timestamp);
    if (compressed) m += "; inside the gzip payload (its bytes are not in the input as such)";
    sink_.meaning(m);
    if (!compressed) {
      auto bytesNode = [&](std::string_view name, const std::optional<ByteSpan>& b, bool for_value) {
        if (b) {
          sink_.raw(name, tree::WireType::bytes, static_cast<std::size_t>(b->data() - all_.data()), b->size(), true);
        } else {
          // A null has only its varint -1 (one byte, 0x01) just before where the bytes would be.
          sink_.raw(name, tree::WireType::bytes, at, 0, true);
        }
        if (rec.decoded)
          sink_.meaning(coordinationMeaning(*rec.decoded, for_value));
        else if (!b)
          sink_.meaning("null");
      };
      bytesNode("key", v.key, false);
      bytesNode("value", v.value, true);
      if (v.headers_count > 0) {
        sink_.enter("headers", tree::WireType::array, at);
        for (std::uint32_t h = 0; h < v.headers_count; ++h) {
          const RecordHeaderView& hv = batch_.headers[v.headers_begin + h];
          const std::size_t key_at = static_cast<std::size_t>(hv.key.data() - all_.data());
          sink_.enterIndex(h, tree::WireType::record, key_at);
          sink_.text("key", tree::WireType::utf8, key_at, hv.key.size(), true, rec.headers[h].key);
          if (hv.value) {
            sink_.raw("value", tree::WireType::bytes, static_cast<std::size_t>(hv.value->data() - all_.data()),
                      hv.value->size(), true);
          }
          sink_.leave(hv.value ? static_cast<std::size_t>(hv.value->data() - all_.data()) + hv.value->size()
                               : key_at + hv.key.size());
        }
        sink_.leave(at + length);
      }
    }
    sink_.leave(at + length);
  }

  ByteSpan all_;
  Reader r_;
  Sink& sink_;
  ProduceRequest& out_;
  Where where_;
  Limits limits_;
  Batch batch_;
  std::optional<tree::Error> error_;
};

}  // namespace

std::string_view framingName(Framing f) {
  switch (f) {
    case Framing::size_and_header:
      return "size+header";
    case Framing::header:
      return "header";
    default:
      return "body";
  }
}

ProduceResult decodeProduceRequest(std::span<const std::uint8_t> bytes) {
  ProduceRequest out;
  tree::NullSink sink;
  if (auto e = Decoder<tree::NullSink>(bytes, sink, out).run()) return std::move(*e);
  return out;
}

namespace {

class Flattener {
 public:
  explicit Flattener(FlatProduce& out) : out_(out) {}
  void word(std::int32_t v) { out_.words.push_back(v); }
  void wide(std::int64_t v) { out_.longs.push_back(v); }
  void bytes(const std::uint8_t* p, std::size_t n) {
    word(static_cast<std::int32_t>(out_.pool.size()));
    word(static_cast<std::int32_t>(n));
    out_.pool.insert(out_.pool.end(), p, p + n);
  }
  void null() {
    word(0);
    word(-1);
  }
  void text(std::string_view s) { bytes(reinterpret_cast<const std::uint8_t*>(s.data()), s.size()); }
  void nullableText(const std::optional<std::string>& s) { s ? text(*s) : null(); }
  void bytes(const std::optional<std::vector<std::uint8_t>>& b) { b ? bytes(b->data(), b->size()) : null(); }
  void count(std::size_t n) { word(static_cast<std::int32_t>(n)); }

  void decoded(const CoordinationRecord& c) {
    word(c.key ? static_cast<std::int32_t>(c.key->kind) : 2);
    if (c.key) {
      text(c.key->role);
      text(c.key->member);
    }
    if (!c.value) {
      word(-1);
    } else if (const auto* r = std::get_if<Registration>(&*c.value)) {
      word(0);
      text(r->member);
      wide(r->registered_at);
    } else {
      const Lease& l = std::get<Lease>(*c.value);
      word(1);
      text(l.member);
      wide(l.producer_id);
      wide(l.granted_at);
      wide(l.deadline);
      word(l.producer_epoch);
    }
    word(c.error ? (c.error_in_value ? 2 : 1) : 0);
    if (c.error) {
      text(c.error->code);
      word(static_cast<std::int32_t>(c.error->offset));
      text(c.error->field);
      text(c.error->message);
    }
  }

  void request(const ProduceRequest& p) {
    word(p.header ? 1 : 0);
    if (p.header) {
      word(p.header->api_key);
      word(p.header->api_version);
      word(p.header->correlation_id);
      nullableText(p.header->client_id);
    }
    nullableText(p.transactional_id);
    word(p.acks);
    word(p.timeout);
    count(p.topics.size());
    for (const TopicData& t : p.topics) {
      text(t.topic);
      count(t.partitions.size());
      for (const PartitionData& d : t.partitions) {
        word(d.partition);
        count(d.batches.size());
        for (const ProducedBatch& b : d.batches) {
          wide(b.header.base_offset);
          wide(b.header.producer_id);
          word(b.header.producer_epoch);
          word(b.header.base_sequence);
          word(b.header.compression());
          count(b.records.size());
          for (const ProducedRecord& r : b.records) {
            wide(r.offset);
            wide(r.timestamp);
            bytes(r.key);
            bytes(r.value);
            count(r.headers.size());
            for (const ProducedHeader& h : r.headers) {
              text(h.key);
              bytes(h.value);
            }
            if (r.decoded)
              decoded(*r.decoded);
            else
              word(-1);
          }
        }
      }
    }
  }

 private:
  FlatProduce& out_;
};

}  // namespace

void flatten(const ProduceRequest& request, FlatProduce& out) {
  out.words.clear();
  out.longs.clear();
  out.pool.clear();
  Flattener(out).request(request);
}

ProduceInspection inspectProduceRequest(std::span<const std::uint8_t> bytes) {
  ProduceInspection in;
  ProduceRequest out;
  tree::TreeSink sink(in.fields);
  in.error = Decoder<tree::TreeSink>(bytes, sink, out).run();
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
