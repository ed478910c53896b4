// The texts of a decoded request that repeat from record to record -- the roles and members of
// its coordination records, its header keys -- numbered by their bytes: equal texts get one
// number. For a host that makes a string of each distinct text once: wasm/api/log-api.js, where a
// TextDecoder call per record and the garbage of its strings were most of the decode's time.
#pragma once

#include <cstdint>
#include <vector>

#include "protocol/produce.h"

namespace coordination::protocol {

class TextIds {
 public:
  // Numbers the texts of `request`, replacing the previous numbering (and reusing its memory).
  void number(const ProduceRequest& request);

  std::vector<Slice> texts;               // each distinct text, where it first occurs
  std::vector<std::int32_t> decoded;      // per decoded record: role, key member, member (-1: none)
  std::vector<std::int32_t> header_keys;  // per header

 private:
  struct Known {
    const std::uint8_t* data;
    std::size_t size;
    std::uint64_t hash;
  };
  std::int32_t idOf(const ProduceRequest& request, Slice s);
  void place(std::uint64_t hash, std::int32_t id);

  std::vector<Known> known_;         // by number
  std::vector<std::int32_t> slots_;  // open addressing (numbers, -1 empty), at most half full
};

}  // namespace coordination::protocol
