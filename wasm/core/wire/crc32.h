// Table-driven CRC-32 (slicing-by-16): CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the
// checksum of Kafka record batches v2 (KIP-98, java.util.zip.CRC32C), and CRC-32 (IEEE 802.3,
// 0xEDB88320), the checksum of a gzip member (RFC 1952). Both start from ~0 and end with ~crc.
#pragma once

#include <cstdint>
#include <span>

namespace coordination {

// `crc` is a previous result (0 to start): crc32c(b, crc32c(a)) == crc32c(a ++ b).
std::uint32_t crc32c(std::span<const std::uint8_t> bytes, std::uint32_t crc = 0);
std::uint32_t crc32(std::span<const std::uint8_t> bytes, std::uint32_t crc = 0);

}  // namespace coordination
