// Zstandard decompression (RFC 8878), written from the RFC: frames (every Frame_Header_Descriptor
// combination, single-segment, the optional XXH64 content checksum checked), skippable frames
// (skipped), concatenated frames, raw / RLE / compressed blocks; in a compressed block the literals
// section (raw, RLE, Huffman-compressed with its tree -- direct or FSE-compressed weights -- or
// treeless, 1 or 4 streams) and the sequences section (predefined, RLE, FSE-compressed and repeat
// tables for the three codes, repeat offsets). Table-driven: one FSE or Huffman table lookup a
// symbol, bits read backward through one unaligned 8-byte load while 8 bytes remain.
//
// Refused, each with its own problem: a frame that needs a dictionary (a nonzero Dictionary_ID:
// none is available here) and a Window_Size above 128 MiB (2^27: zstd's default limit,
// ZSTD_WINDOWLOG_LIMIT_DEFAULT, so what Kafka's consumer refuses through zstd-jni too).
//
// Bounded: the output never grows past max_output (a Frame_Content_Size above what is left of it is
// refused at its header, before any block; the window allocates nothing: matches are copied from
// the output itself), the input is read through bounds checks only, every loop is bounded by the
// input or by the block's 128 KiB, and every malformed stream is an error value naming the input
// byte where the problem was found -- never a crash, an abort or an unbounded allocation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace coordination {

enum class ZstdProblem : std::uint8_t {
  truncated,              // the input ended inside a frame (or was empty)
  bad_magic,              // 4 bytes that start neither a Zstandard frame nor a skippable frame
  reserved_bit,           // Frame_Header_Descriptor bit 3, or the sequences' reserved mode bits 1-0
  dictionary_required,    // a nonzero Dictionary_ID: no dictionary is available
  window_too_large,       // Window_Size (or a single segment's Frame_Content_Size) above 2^27
  invalid_block_type,     // Block_Type 3 (reserved)
  block_too_large,        // a block's content or output above Block_Maximum_Size (min(window, 128 KiB))
  invalid_literals,       // a literals section header that does not fit its block, a treeless block
                          // with no tree before it, a jump table past its streams
  invalid_huffman,        // a Huffman tree description: weights over 11 bits, no power of 2 to
                          // complete, fewer than 2 symbols, over 255 weights
  invalid_fse,            // an FSE table description: accuracy log too high, probabilities that do
                          // not add up, too many symbols, past its section
  invalid_sequences,      // a sequences header that does not fit its block, a repeat mode with no
                          // table before it, an RLE code out of range, literal lengths past the
                          // literals, bytes after a section of no sequences
  invalid_bitstream,      // a backward bitstream with no end mark (last byte 0) or not consumed
                          // exactly by its symbols
  offset_too_far,         // a match before the frame's first byte (or a repeat offset of 0)
  output_too_large,       // the output would exceed max_output
  content_size_mismatch,  // the frame's output differs from its Frame_Content_Size
  checksum_mismatch,      // Content_Checksum differs from the output's XXH64 (its low 32 bits)
};

std::string_view zstdProblemName(ZstdProblem p);  // "invalid_fse", ...

struct ZstdError {
  ZstdProblem problem;
  std::size_t offset;  // input byte where it was found
  friend bool operator==(const ZstdError&, const ZstdError&) = default;
};

// One or more concatenated frames (Zstandard or skippable), as zstd-jni's ZstdInputStream reads
// them (Kafka's ZstdCompression). Appends the decompressed bytes of all frames to `out`, at most
// max_output of them.
std::optional<ZstdError> zstdDecompress(std::span<const std::uint8_t> in, std::size_t max_output,
                                        std::vector<std::uint8_t>& out);

// XXH64 of `data` with `seed` (the xxHash specification), exposed for the tests.
std::uint64_t xxh64(std::span<const std::uint8_t> data, std::uint64_t seed);

}  // namespace coordination
