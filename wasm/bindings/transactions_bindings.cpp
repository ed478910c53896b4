// Kafka's transaction log (__transaction_state, issue 22) at the boundary of the whole-topic module
// (coordination_log.wasm), beside the coordination fold (log_bindings.cpp); wasm/api/transactions-api.js
// reads it.
//
// - transactionRecord (Embind): one record decoded by the record-level rules
//   (transactions/record.h); returns { key, value }, the addresses of the key's and the value's
//   schema blocks (wasm/core/schema/README.md "The boundary"; value 0 for a tombstone), read in
//   place by the generated JS readers; or null (transactionRecordError() says why).
// - the fold: a handle driven by lean C calls, one per chunk of input, as the coordination fold's:
//   cv_txn_new / cv_txn_push_log / cv_txn_end_log / cv_txn_push_records / cv_txn_result /
//   cv_txn_delete. cv_txn_result is the merged log as flat arrays (transactions/flat.h);
//   cv_txn_join the join the coordination fold's cv_fold_result takes (transactions/join.h).
// - partitions folded apart (transactions --jobs): cv_txn_part in each worker's module, the parts
//   merged where cv_txn_merge_* run (the result: the same flat arrays as cv_txn_result).
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "flat_block.h"
#include "generated/schema/messages.h"
#include "transactions/flat.h"
#include "transactions/fold.h"
#include "transactions/join.h"
#include "transactions/record.h"
#include "tree_objects.h"

namespace {

namespace cs = coordination::schema;
namespace ct = coordination::transactions;
using emscripten::val;

std::uint32_t address(const void* p) { return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(p)); }

// The last decoded record, kept from call to call (its arenas keep their memory), and its blocks.
ct::TransactionRecordDecoded g_record;
std::uint32_t g_key_block[cs::kBlockWords];
std::uint32_t g_value_block[cs::kBlockWords];
std::optional<tree::Error> g_record_error;

// key at `input` (key_length bytes), the value right after it (value_length bytes; -1: null).
val transactionRecord(std::uintptr_t input, std::size_t key_length, int value_length) {
  const auto* p = reinterpret_cast<const std::uint8_t*>(input);
  std::optional<ct::ByteSpan> value;
  if (value_length >= 0) value = ct::ByteSpan(p + key_length, static_cast<std::size_t>(value_length));
  g_record_error = ct::decodeTransactionRecord({p, key_length}, value, g_record);
  if (g_record_error) return val::null();
  cs::blockOf<cs::TransactionLogKeyMessage>(g_record.key, g_key_block, address);
  if (value) cs::blockOf<cs::TransactionLogValueMessage>(g_record.value, g_value_block, address);
  val out = val::object();
  out.set("key", address(g_key_block));
  out.set("value", value ? address(g_value_block) : 0u);
  return out;
}

val transactionRecordError() { return g_record_error ? treeobjects::errorObject(*g_record_error) : val::null(); }

// A fold of the transaction log, and its merged state at a moment (rebuilt after new input or
// for another `now`): what cv_txn_result flattens and cv_txn_join's join reads.
struct TransactionLog {
  ct::TransactionLogFolder folder;
  bool stale = true;
  std::int64_t merged_at = 0;
  ct::TransactionLogState merged;
  std::optional<ct::TransactionJoin> join;

  const ct::TransactionLogState& at(std::int64_t now) {
    if (stale || now != merged_at) {
      join.reset();
      const ct::TransactionLogState part = folder.folder().part();
      merged = ct::mergeTransactionLogs({&part, 1}, now);
      join.emplace(merged);
      merged_at = now;
      stale = false;
    }
    return merged;
  }
};

coordination::FlatState g_txn_flat;
std::uint32_t g_txn_block[coordination::kFlatBlockWords];
std::vector<std::uint8_t> g_txn_bytes;  // cv_txn_part's and cv_txn_merge_add's answers

// Parts of a transaction log folded apart, by the order of their partitions in the reading.
struct TransactionMerger {
  struct Part {
    std::vector<std::uint8_t> bytes;  // the state's error codes are views into them
    ct::TransactionLogState state;
  };
  std::map<std::uint32_t, Part> parts;
};

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE TransactionLog* cv_txn_new() { return new TransactionLog(); }
EMSCRIPTEN_KEEPALIVE void cv_txn_delete(TransactionLog* t) { delete t; }

// One chunk of a log file of `partition`. Returns the records read so far (exact below 2^53).
EMSCRIPTEN_KEEPALIVE double cv_txn_push_log(TransactionLog* t, int partition, const std::uint8_t* p, std::size_t n) {
  t->stale = true;
  t->folder.pushLog(partition, {p, n});
  return static_cast<double>(t->folder.folder().records());
}

EMSCRIPTEN_KEEPALIVE void cv_txn_end_log(TransactionLog* t, int partition) {
  t->stale = true;
  t->folder.endLog(partition);
}

// Packed records (log/log_input.h addPackedRecords). Returns -1, or the position of a malformed record.
EMSCRIPTEN_KEEPALIVE double cv_txn_push_records(TransactionLog* t, const std::uint8_t* p, std::size_t n) {
  t->stale = true;
  const auto bad = coordination::addPackedRecords(t->folder.folder(), {p, n});
  return bad ? static_cast<double>(*bad) : -1.0;
}

// The merged log at `now`, flat (transactions/flat.h): the address of eight words (words, word
// count, longs, long count, pool, pool size, ends, end count), valid until the next call.
EMSCRIPTEN_KEEPALIVE const std::uint32_t* cv_txn_result(TransactionLog* t, std::int64_t now) {
  ct::flattenTransactionLog(t->at(now), g_txn_flat);
  return coordination::flatBlock(g_txn_flat, g_txn_block);
}

// The join of the log at `now` (for cv_fold_result), valid while the handle lives and no input
// or other moment is given to it.
EMSCRIPTEN_KEEPALIVE const coordination::LeaseJoin* cv_txn_join(TransactionLog* t, std::int64_t now) {
  t->at(now);
  return &*t->join;
}

// The folder's part (transactions/fold.h writeTransactionPart): returns its length, cv_txn_bytes()
// its address, valid until the next call that returns bytes.
EMSCRIPTEN_KEEPALIVE int cv_txn_part(TransactionLog* t) {
  ct::writeTransactionPart(t->folder.folder().part(), g_txn_bytes);
  return static_cast<int>(g_txn_bytes.size());
}
EMSCRIPTEN_KEEPALIVE const std::uint8_t* cv_txn_bytes() { return g_txn_bytes.data(); }

EMSCRIPTEN_KEEPALIVE TransactionMerger* cv_txn_merge_new() { return new TransactionMerger(); }
EMSCRIPTEN_KEEPALIVE void cv_txn_merge_delete(TransactionMerger* m) { delete m; }
// The part of the partition read `order`-th, replacing an earlier one of that order. Returns 0, or
// the length of why the bytes are not a part (at cv_txn_bytes(), UTF-8).
EMSCRIPTEN_KEEPALIVE int cv_txn_merge_add(TransactionMerger* m, int order, const std::uint8_t* p, std::size_t n) {
  TransactionMerger::Part part{std::vector<std::uint8_t>(p, p + n), {}};
  const std::string why = ct::readTransactionPart(part.bytes, part.state);
  g_txn_bytes.assign(why.begin(), why.end());
  if (why.empty()) m->parts.insert_or_assign(static_cast<std::uint32_t>(order), std::move(part));
  return static_cast<int>(why.size());
}
// The parts merged in reading order at `now`: as cv_txn_result.
EMSCRIPTEN_KEEPALIVE const std::uint32_t* cv_txn_merge_result(TransactionMerger* m, std::int64_t now) {
  std::vector<ct::TransactionLogState> states;
  states.reserve(m->parts.size());
  for (const auto& [order, part] : m->parts) states.push_back(part.state);
  ct::flattenTransactionLog(ct::mergeTransactionLogs(states, now), g_txn_flat);
  return coordination::flatBlock(g_txn_flat, g_txn_block);
}

}  // extern "C"

EMSCRIPTEN_BINDINGS(coordination_transactions) {
  emscripten::function("transactionRecord", &transactionRecord);
  emscripten::function("transactionRecordError", &transactionRecordError);
}
