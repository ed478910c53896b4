// One record batch of a ProduceRequest's record set, parsed by log/record_batch.h, into the
// request: its records, headers and (on __coordination_state) the coordination codec's reading,
// each key, value and header a slice of the input or, for a gzip batch, of its inflated bytes
// (copied once into the request's pool). With tree::TreeSink, also the nodes of the batch's fields
// and records. Part of protocol/request_decoder.h's Decoder.
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>

#include "protocol/coordination_records.h"
#include "protocol/produce.h"
#include "tree/sink.h"
#include "wire/append.h"
#include "wire/utf8.h"

namespace coordination::protocol {

// A header key or a protocol string (`where` is its slice): as it lies when well-formed UTF-8,
// else repaired as Kafka reads it (new String(bytes, UTF_8)) into the pool. `replaced` says which.
Slice textOf(ProduceRequest& request, ByteSpan bytes, Slice where, bool& replaced);

template <typename Sink>
class BatchRecords {
 public:
  static constexpr bool kTree = !std::is_same_v<Sink, tree::NullSink>;

  BatchRecords(Sink& sink, ProduceRequest& out) : sink_(sink), out_(out) {}

  // The batch `b` (parsed, at input position `at`) as the next of out.batches.
  void add(const Batch& b, std::size_t at, bool coordination) {
    ProducedBatch& pb = out_.batches.emplace_back();
    pb.header = b.header;
    pb.position = at;
    pb.records_begin = out_.records.size();
    pb.records_count = b.records.size();
    batchNodes(b.header, at);
    const bool compressed = b.header.compression() != 0;
    // Where the records' bytes lie: the input, or the inflated payload appended to the pool.
    const std::uint8_t* base = out_.input.data();
    std::size_t base_at = 0;
    if (compressed) {
      base = b.inflated.data();
      base_at = out_.keep(b.inflated).at;
    }
    auto slice = [&](const std::optional<ByteSpan>& s) {
      if (!s) return Slice{};
      return Slice{base_at + static_cast<std::size_t>(s->data() - base), static_cast<std::ptrdiff_t>(s->size())};
    };
    const std::size_t section = at + kBatchHeaderBytes;
    const std::size_t payload = at + kBatchFrameBytes + static_cast<std::size_t>(b.header.batch_length) - section;
    sink_.enter("records", tree::WireType::array, section);
    out_.records.reserve(out_.records.size() + b.records.size());
    for (std::size_t k = 0; k < b.records.size(); ++k) {
      const RecordView& v = b.records[k];
      ProducedRecord& rec = out_.records.emplace_back();
      rec.offset = v.offset;
      rec.timestamp = v.timestamp;
      rec.attributes = v.attributes;
      rec.key = slice(v.key);
      rec.value = slice(v.value);
      rec.headers_begin = out_.headers.size();
      rec.headers_count = v.headers_count;
      for (std::uint32_t h = 0; h < v.headers_count; ++h) {
        const RecordHeaderView& hv = b.headers[v.headers_begin + h];
        bool replaced = false;
        out_.headers.push_back(ProducedHeader{textOf(out_, hv.key, slice(hv.key), replaced), slice(hv.value)});
      }
      if (coordination) {
        rec.decoded = decodeCoordinationRecord(out_, rec.key, v.key ? *v.key : ByteSpan{}, rec.value, v.value);
      }
      if constexpr (kTree) {
        recordNodes(k, b, v, out_.records.back(), compressed ? section : section + v.start,
                    compressed ? payload : v.size, compressed);
      }
    }
    sink_.leave(section + payload);
  }

 private:
  void batchNodes(const BatchHeader& h, std::size_t at) {
    if constexpr (kTree) {
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

  // The nodes of one record. Uncompressed: its bytes, key and value where they lie. In a compressed
  // batch: the node covers the compressed payload, and says so.
  void recordNodes(std::size_t k, const Batch& b, const RecordView& v, const ProducedRecord& rec, std::size_t at,
                   std::size_t length, bool compressed) {
    const std::uint8_t* const input = out_.input.data();
    sink_.enterIndex(k, tree::WireType::record, at);
    std::string m = "offset ";
    detail::appendInt(m, v.offset);
    m += ", timestamp ";
    detail::appendInt(m, v.timestamp);
    if (compressed) {
      m += "; inside the ";
      m += compressionName(b.header.compression());
      m += " payload (its bytes are not in the input as such)";
    }
    sink_.meaning(m);
    if (!compressed) {
      const CoordinationRecord* decoded =
          rec.decoded >= 0 ? &out_.decoded[static_cast<std::size_t>(rec.decoded)] : nullptr;
      auto bytesNode = [&](std::string_view name, const std::optional<ByteSpan>& s, bool for_value) {
        if (s) {
          sink_.raw(name, tree::WireType::bytes, static_cast<std::size_t>(s->data() - input), s->size(), true);
        } else {
          // A null has only its varint -1 (one byte, 0x01) just before where the bytes would be.
          sink_.raw(name, tree::WireType::bytes, at, 0, true);
        }
        if (decoded)
          sink_.meaning(coordinationMeaning(out_, *decoded, for_value));
        else if (!s)
          sink_.meaning("null");
      };
      bytesNode("key", v.key, false);
      bytesNode("value", v.value, true);
      if (v.headers_count > 0) {
        sink_.enter("headers", tree::WireType::array, at);
        for (std::uint32_t h = 0; h < v.headers_count; ++h) {
          const RecordHeaderView& hv = b.headers[v.headers_begin + h];
          const auto key_at = static_cast<std::size_t>(hv.key.data() - input);
          sink_.enterIndex(h, tree::WireType::record, key_at);
          sink_.text("key", tree::WireType::utf8, key_at, hv.key.size(), true,
                     out_.text(out_.headers[rec.headers_begin + h].key));
          if (hv.value) {
            sink_.raw("value", tree::WireType::bytes, static_cast<std::size_t>(hv.value->data() - input),
                      hv.value->size(), true);
          }
          sink_.leave(hv.value ? static_cast<std::size_t>(hv.value->data() - input) + hv.value->size()
                               : key_at + hv.key.size());
        }
        sink_.leave(at + length);
      }
    }
    sink_.leave(at + length);
  }

  Sink& sink_;
  ProduceRequest& out_;
};

}  // namespace coordination::protocol
