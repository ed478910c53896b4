// DEFLATE (RFC 1951) and gzip (RFC 1952) decompression, written from the RFCs: stored,
// fixed-Huffman and dynamic-Huffman blocks, decoded by first-level lookup tables and a 64-bit bit
// buffer while 8 input bytes remain (zlib's inffast idea), and bit by bit in the manner of zlib's
// contrib/puff for the rest: the codes longer than the tables, the end of the input and every
// error, which that path finds at the same bit. Bounded: the output never grows past max_output
// (an error says so, nothing more is allocated), the input is read through bounds checks only, and
// every malformed stream is an error value naming the input byte where the problem was found --
// never a crash, an abort or an unbounded allocation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace coordination {

enum class InflateProblem : std::uint8_t {
  truncated,               // the stream ended inside a header, block or trailer
  not_gzip,                // gzip magic 1F 8B missing
  unsupported_method,      // gzip CM is not 8 (deflate)
  reserved_flags,          // gzip FLG reserved bits set
  header_crc_mismatch,     // gzip FHCRC does not match the header
  invalid_block_type,      // BTYPE 11
  stored_length_mismatch,  // stored block LEN != ~NLEN
  invalid_code_lengths,    // a Huffman code is over-subscribed or incomplete, or a repeat has no
                           // previous length / runs past the count
  invalid_symbol,          // a literal/length 286..287 or distance 30..31, or no code matches
  distance_too_far,        // a back-reference before the start of the output
  output_too_large,        // the output would exceed max_output
  crc_mismatch,            // gzip trailer CRC-32 differs from the output's
  size_mismatch,           // gzip trailer ISIZE differs from the output length mod 2^32
  trailing_bytes,          // bytes after the last gzip member that do not start another member
};

std::string_view inflateProblemName(InflateProblem p);  // "invalid_code_lengths", ...

struct InflateError {
  InflateProblem problem;
  std::size_t offset;  // input byte where it was found
  friend bool operator==(const InflateError&, const InflateError&) = default;
};

// Raw DEFLATE: appends the decompressed bytes to `out`; `consumed` gets the input bytes used
// (rounded up to a whole byte after the final block).
std::optional<InflateError> inflateRaw(std::span<const std::uint8_t> in, std::size_t max_output,
                                       std::vector<std::uint8_t>& out, std::size_t& consumed);

// gzip: one or more concatenated members (as java.util.zip.GZIPInputStream reads them), each
// checked against its CRC-32 and ISIZE. Appends to `out`.
std::optional<InflateError> gunzip(std::span<const std::uint8_t> in, std::size_t max_output,
                                   std::vector<std::uint8_t>& out);

}  // namespace coordination
