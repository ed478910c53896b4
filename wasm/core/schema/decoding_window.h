// The types of Kafka's record batches v2 (DefaultRecordBatch, DefaultRecord; the specs of
// log/specs), between schema/decoding_base.h and schema/decoding.h: zig-zag varints and varlongs
// (ByteUtils.readVarint/readVarlong), bytes and arrays whose length is a zig-zag varint (-1: null),
// a size field that frames the rest of its message (the reader is held to it: `frame`), the
// CRC-32C of the bytes after a field to the frame's end (`crc32c`), and a `records` field that is
// the rest of the frame. Their errors are worded as the hand-written record-batch parser words a
// record's (log/batch_words.h, "varint runs past the end of the record"): records are their only
// reader. wasm/core/schema/README.md, "Extensions".
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "log/batch_words.h"
#include "schema/decoding_base.h"
#include "wire/crc32.h"

namespace coordination::schema {

template <typename Sink>
class DecodingWindow : public DecodingBase<Sink> {
  using Base = DecodingBase<Sink>;

 protected:
  using Base::depth_;
  using Base::fail;
  using Base::failWith;
  using Base::frames_;
  using Base::handOver;
  using Base::input_;
  using Base::nameOf;
  using Base::null;
  using Base::options_;
  using Base::push;
  using Base::r_;
  using Base::sink_;
  using Base::window_;

 public:
  using Base::Base;

  // A zig-zag varint (Int: std::int32_t) or varlong (std::int64_t) leaf.
  template <typename Int>
  bool zigzag(Leaf leaf, Int& out) {
    constexpr bool kVarint = sizeof(Int) == 4;
    const tree::WireType wire = kVarint ? tree::WireType::varint : tree::WireType::varlong;
    const std::size_t at = r_.position();
    const VarintStatus s = readZigZag(r_, out);
    if (s != VarintStatus::ok) return varintFailed(leaf, wire, at, s, kVarint);
    sink_.scalar(nameOf(leaf), wire, at, r_.position() - at, true, static_cast<std::int64_t>(out));
    return true;
  }
  // Bytes after a zig-zag varint length (-1: null where `nullable`).
  bool varintBytes(Leaf leaf, bool nullable, Slice& out) {
    const std::size_t at = r_.position();
    std::int32_t length = 0;
    const VarintStatus s = readZigZag(r_, length);
    if (s != VarintStatus::ok) return varintFailed(leaf, tree::WireType::bytes, at, s, true);
    if (length == -1 && nullable) return null(leaf, tree::WireType::bytes, at, out);
    if (length < 0 || !r_.need(static_cast<std::size_t>(length))) return lengthFailed(leaf, at, nullable, length);
    out = Slice{static_cast<std::uint32_t>(r_.position()), length};
    r_.take(static_cast<std::size_t>(length));
    sink_.raw(nameOf(leaf), tree::WireType::bytes, at, r_.position() - at, true);
    return true;
  }
  // An array's zig-zag varint count (after enterArray; never null: DefaultRecord's headers);
  // `minimum`: the least bytes an element takes.
  bool varintCount(std::size_t minimum, std::int32_t& n) {
    const std::size_t at = r_.position();
    const VarintStatus s = readZigZag(r_, n);
    if (s != VarintStatus::ok) return varintFailed({}, tree::WireType::varint, at, s, true);
    sink_.scalar("count", tree::WireType::varint, at, r_.position() - at, true, n);
    if (n < 0 || static_cast<std::uint64_t>(n) > r_.remaining() / (minimum ? minimum : 1))
      return fail(Code::TRUNCATED, at, {}, {batch_words::countFit(n, frames_[depth_ - 1].name, r_.remaining())});
    if (static_cast<std::size_t>(n) <= options_.count_budget) return true;
    return failWith(batch_words::budgetCode(), at, {}, {batch_words::headersBudget(n, options_.count_budget)});
  }

  // The size field `leaf` at `at` read as `size`: the rest of the message is the next `size`
  // bytes. `error`: the code of a fixed-width field past the frame (naming the size field, whose
  // following fields take `minimum` bytes at least), or "" (that field's own TRUNCATED).
  bool window(Leaf leaf, std::size_t at, std::int64_t size, std::string_view error, std::size_t minimum) {
    if (size < 0 || static_cast<std::uint64_t>(size) > r_.remaining())
      return fail(Code::TRUNCATED, at, leaf, {batch_words::recordPastBatch(size, r_.remaining())});
    window_ = {true, leaf.name, error, at, r_.position(), minimum, size, r_};
    Reader inside(input_.first(r_.position() + static_cast<std::size_t>(size)));
    inside.take(r_.position());
    r_ = inside;
    return true;
  }
  // The frame's end: its fields must fill it.
  bool endWindow() {
    if (!r_.atEnd()) {
      return failWith(codeName(Code::TRAILING_BYTES), window_.at, {window_.leaf},
                      {batch_words::recordBeyondFields(window_.size, r_.position() - window_.body_at)});
    }
    r_ = window_.outer;
    r_.take(static_cast<std::size_t>(window_.size));
    window_.active = false;
    return true;
  }
  // The CRC-32C stored in `leaf` at `at` against the bytes after it to the frame's end.
  bool crc32c(Leaf leaf, std::size_t at, std::uint32_t stored, std::string_view error) {
    const std::size_t from = at + 4;
    const std::size_t end = window_.body_at + static_cast<std::size_t>(window_.size);
    const std::uint32_t computed = coordination::crc32c(input_.subspan(from, end - from));
    if (computed == stored) return true;
    return failWith(error, at, leaf, {batch_words::crc(computed, end - from, stored)});
  }
  // A `records` field that is the rest of the frame (no size of its own).
  bool windowRecords(Leaf leaf, Slice& out) {
    sink_.enter(leaf.name, tree::WireType::bytes, r_.position());
    push(Frame{leaf.name});
    if (!handOver(r_.remaining(), out)) return false;
    sink_.leave(r_.position());
    --depth_;
    return true;
  }

 private:
  [[gnu::noinline]] bool varintFailed(Leaf leaf, tree::WireType wire, std::size_t at, VarintStatus s, bool varint32) {
    sink_.scalar(nameOf(leaf), wire, at, r_.position() - at, false, 0);
    return fail(s == VarintStatus::truncated ? Code::TRUNCATED : Code::VARINT_TOO_LONG, at, leaf,
                {batch_words::varint(s, varint32)});
  }
  [[gnu::noinline]] bool lengthFailed(Leaf leaf, std::size_t at, bool nullable, std::int32_t length) {
    sink_.raw(nameOf(leaf), tree::WireType::bytes, at, r_.position() - at, false);
    if (length < 0) return fail(Code::NEGATIVE_LENGTH, at, leaf, {batch_words::negativeLength(nullable, length)});
    return fail(Code::TRUNCATED, at, leaf, {batch_words::bytesPastRecord(length, r_.remaining())});
  }
};

}  // namespace coordination::schema
