// LZ4 decompression, written from the format descriptions (lz4's doc/lz4_Block_format.md and
// doc/lz4_Frame_format.md, v1.6.x), with xxHash32 from its specification (xxhash's
// doc/xxhash_spec.md), and the frame read as Kafka 3.8.0 reads a v2 batch's payload
// (org.apache.kafka.common.compress.Lz4BlockInputStream, FLG and BD in Lz4BlockOutputStream):
//
// - one frame: magic 04 22 4D 18, FLG, BD, the optional 8-byte content size, the header checksum
//   (the second byte of xxHash32 of FLG..content size; Kafka's "broken checksum" reading applies
//   to magic v0 message sets only, never to a v2 batch), blocks, the end mark (a block size of 0;
//   as Kafka and lz4's own reader, the size is masked by 0x7FFFFFFF first), the optional content
//   checksum;
// - refused as Kafka refuses them (FLG.validate, BD.validate): a version other than 01, a reserved
//   bit (FLG bit 1, BD bits 0-3 and 7), FLG bit 0 (Kafka's frame format 1.5.1 calls it reserved;
//   1.6 made it the dictionary id flag: a frame that needs a dictionary cannot be read either way),
//   dependent blocks (FLG block independence 0: "Dependent block stream is unsupported"), a block
//   maximum size id below 4 (64 KB .. 4 MB are 4..7), a block larger than the maximum (stored) or
//   whose output is (lz4-java's decompressor writes into a buffer of that size);
// - where we are stricter than Kafka (a producer that writes these is broken, and lz4's own reader
//   refuses them): the content checksum is checked (Kafka reads it and does not check it: a "TODO"
//   in 3.8.0), a content size must equal the output (Kafka skips it), and bytes after the end mark
//   are an error (Kafka never reads them); a block's matches reach only into that block's output
//   (independent blocks).
//
// Bounded as inflate.h is: the output never grows past max_output (an error says so), the input is
// read through bounds checks only, and every malformed input is an error value naming the input
// byte where the problem was found -- never a crash, an abort or an unbounded allocation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace coordination {

enum class Lz4Problem : std::uint8_t {
  truncated,                  // the input ended inside the frame header, a block size, a block,
                              // a sequence (a literal run, an offset, a length) or a checksum
  not_lz4,                    // the frame magic 04 22 4D 18 missing
  unsupported_version,        // FLG version bits are not 01
  reserved_bits,              // FLG bit 1, BD bits 0-3 or BD bit 7 set
  dictionary_id,              // FLG bit 0 (a dictionary id follows): Kafka refuses it as reserved
  dependent_blocks,           // FLG block independence 0: Kafka refuses dependent blocks
  invalid_block_maximum,      // BD block maximum size id below 4
  header_checksum_mismatch,   // HC is not the second byte of xxHash32(FLG..content size)
  block_too_large,            // a block's stored size, or its output, above the frame's maximum
  invalid_offset,             // a match offset of 0
  offset_too_far,             // a match that starts before its block's output
  block_checksum_mismatch,    // a block's xxHash32 differs from the stored one
  content_checksum_mismatch,  // the content's xxHash32 differs from the stored one
  content_size_mismatch,      // the frame's content size differs from the output
  output_too_large,           // the output would exceed max_output
  trailing_bytes,             // bytes after the frame's end mark (and content checksum)
};

std::string_view lz4ProblemName(Lz4Problem p);  // "block_checksum_mismatch", ...

struct Lz4Error {
  Lz4Problem problem;
  std::size_t offset;  // input byte where it was found
  friend bool operator==(const Lz4Error&, const Lz4Error&) = default;
};

// xxHash32 of `bytes` with `seed` (xxhash_spec.md): the frame's header, block and content checksum.
std::uint32_t xxh32(std::span<const std::uint8_t> bytes, std::uint32_t seed = 0);

// One raw LZ4 block (the whole input is the block; its last sequence is literals only). Appends
// the output to `out`; matches reach back only into what this call appended. Past max_output:
// `too_large` (output_too_large, or block_too_large when the frame's block maximum is the bound).
std::optional<Lz4Error> lz4Block(std::span<const std::uint8_t> in, std::size_t max_output,
                                 std::vector<std::uint8_t>& out, Lz4Problem too_large = Lz4Problem::output_too_large);

// One LZ4 frame as Kafka reads a v2 batch's payload (above). Appends to `out`.
std::optional<Lz4Error> lz4Frame(std::span<const std::uint8_t> in, std::size_t max_output,
                                 std::vector<std::uint8_t>& out);

}  // namespace coordination
