// Snappy decompression, written from the format description (google/snappy's
// format_description.txt): the raw format (a varint of the output's length, then literals and
// copies with 1-, 2- and 4-byte offsets), and the stream framing Kafka's Java producer writes
// (Kafka 3.8.0's SnappyCompression wraps xerial snappy-java's SnappyOutputStream; it ships
// 1.1.10.5), read as snappy-java's SnappyInputStream reads it (what we relied on: its source as
// stored in the xerial/snappy-java repository index, the 1.1.10 line with the negative and
// maximum chunk size checks; not checked against the 1.1.10.5 tag itself):
//
// - a payload that starts with the 8 bytes 82 'S' 'N' 'A' 'P' 'P' 'Y' 00 and has at least 16 is
//   the framing: that magic, a version i32 and a compatible version i32 (big-endian; the first
//   header's are not checked by SnappyInputStream.readHeader), then chunks, each an i32
//   (big-endian) length and that many bytes of one raw snappy block; a chunk length equal to the
//   magic's first 4 bytes starts another header (concatenated streams: isValidHeader, version
//   >= 1); a negative length is refused (INVALID_CHUNK_SIZE);
// - any other payload (shorter than 16 bytes, or without the magic) is one raw snappy block, as
//   SnappyInputStream.readFully reads it (librdkafka writes this form: see wasm/core/log/README.md);
// - an empty payload is refused (EMPTY_INPUT).
//
// Stricter than SnappyInputStream, where it ends silently on what no writer makes: 1 to 3 bytes
// after the last chunk (it reads them as "no next chunk length") and a nested header whose magic
// does not match after its first 4 bytes are errors here (trailing_bytes, not_snappy_header).
//
// Bounded as inflate.h is: the output never grows past max_output (a raw block's stated length is
// checked against it before anything is written, and memory grows with what is written, not with
// what a length claims), the input is read through bounds checks only, and every malformed input
// is an error value naming the input byte where the problem was found -- never a crash, an abort
// or an unbounded allocation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace coordination {

enum class SnappyProblem : std::uint8_t {
  truncated,            // the input ended inside the length, an element, a chunk or a header, or is empty
  invalid_length,       // the length varint is longer than 5 bytes or above 2^32 - 1
  invalid_offset,       // a copy with offset 0
  offset_too_far,       // a copy that starts before the block's output
  length_mismatch,      // the elements write more, or fewer, bytes than the block's stated length
  output_too_large,     // the output would exceed max_output
  invalid_chunk_size,   // a framed chunk's length is negative
  not_snappy_header,    // a nested framing header (a chunk length 82 53 4E 41) without the rest of the magic
  unsupported_version,  // a nested framing header's version below 1
  trailing_bytes,       // 1 to 3 bytes after the last chunk: too few for a chunk length
};

std::string_view snappyProblemName(SnappyProblem p);  // "offset_too_far", ...

struct SnappyError {
  SnappyProblem problem;
  std::size_t offset;  // input byte where it was found
  friend bool operator==(const SnappyError&, const SnappyError&) = default;
};

// One raw snappy block (the whole input). Appends its output to `out`; copies reach back only
// into what this call appended.
std::optional<SnappyError> snappyRaw(std::span<const std::uint8_t> in, std::size_t max_output,
                                     std::vector<std::uint8_t>& out);

// A Kafka batch's snappy payload: the xerial framing, or else one raw block (above). Appends to `out`.
std::optional<SnappyError> snappyKafka(std::span<const std::uint8_t> in, std::size_t max_output,
                                       std::vector<std::uint8_t>& out);

}  // namespace coordination
