// Kafka's transaction log (__transaction_state, issue 22) at the boundary of the whole-topic module
// (coordination_log.wasm), beside the coordination fold (log_bindings.cpp); wasm/api/transactions-api.js
// reads it.
//
// - transactionRecord: one record decoded by the record-level rules (transactions/record.h);
//   returns the address of two words, the addresses of the key's and the value's schema blocks
//   (wasm/core/schema/README.md "The boundary"; value 0 for a tombstone), read in place by the
//   generated JS readers; or 0 (transactionRecordError() says why).
// - the fold: a handle driven by calls, one per chunk of input, as the coordination fold's:
//   txnNew / txnPushLog / txnEndLog / txnPushRecords / txnResult /
//   txnDelete. txnResult is the merged log as flat arrays (transactions/flat.h);
//   txnJoin the join the coordination fold's foldResult takes (transactions/join.h).
// - partitions folded apart (transactions --jobs): txnPart in each worker's module, the parts
//   merged where txnMerge* run (the result: the same flat arrays as txnResult).
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

// The last decoded record, kept from call to call (its arenas keep their memory), its blocks, and
// the two words transactionRecord answers with: the key's block, the value's (0: a tombstone).
ct::TransactionRecordDecoded g_record;
std::uint32_t g_key_block[cs::kBlockWords];
std::uint32_t g_value_block[cs::kBlockWords];
std::uint32_t g_record_blocks[2];
std::optional<tree::Error> g_record_error;

// key at `input` (key_length bytes), the value right after it (value_length bytes; -1: null).
// Returns the address of g_record_blocks, or 0 (transactionRecordError() says why): a number, as
// it is called once per record.
double transactionRecord(std::uintptr_t input, std::size_t key_length, int value_length) {
  const auto* p = reinterpret_cast<const std::uint8_t*>(input);
  std::optional<ct::ByteSpan> value;
  if (value_length >= 0) value = ct::ByteSpan(p + key_length, static_cast<std::size_t>(value_length));
  g_record_error = ct::decodeTransactionRecord({p, key_length}, value, g_record);
  if (g_record_error) return 0;
  cs::blockOf<cs::TransactionLogKeyMessage>(g_record.key, g_key_block, address);
  if (value) cs::blockOf<cs::TransactionLogValueMessage>(g_record.value, g_value_block, address);
  g_record_blocks[0] = address(g_key_block);
  g_record_blocks[1] = value ? address(g_value_block) : 0u;
  return address(g_record_blocks);
}

val transactionRecordError() { return g_record_error ? treeobjects::errorObject(*g_record_error) : val::null(); }

// A fold of the transaction log, and its merged state at a moment (rebuilt after new input or
// for another `now`): what txnResult flattens and txnJoin's join reads.
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
std::vector<std::uint8_t> g_txn_bytes;  // txnPart's and txnMergeAdd's answers

// Parts of a transaction log folded apart, by the order of their partitions in the reading.
struct TransactionMerger {
  struct Part {
    std::vector<std::uint8_t> bytes;  // the state's error codes are views into them
    ct::TransactionLogState state;
  };
  std::map<std::uint32_t, Part> parts;
};

TransactionLog* txnNew() { return new TransactionLog(); }
void txnDelete(TransactionLog* t) { delete t; }

// One chunk of a log file of `partition`. Returns the records read so far (exact below 2^53).
double txnPushLog(TransactionLog* t, int partition, const std::uint8_t* p, std::size_t n) {
  t->stale = true;
  t->folder.pushLog(partition, {p, n});
  return static_cast<double>(t->folder.folder().records());
}

void txnEndLog(TransactionLog* t, int partition) {
  t->stale = true;
  t->folder.endLog(partition);
}

// Packed records (log/log_input.h addPackedRecords). Returns -1, or the position of a malformed record.
double txnPushRecords(TransactionLog* t, const std::uint8_t* p, std::size_t n) {
  t->stale = true;
  const auto bad = coordination::addPackedRecords(t->folder.folder(), {p, n});
  return bad ? static_cast<double>(*bad) : -1.0;
}

// The merged log at `now`, flat (transactions/flat.h): the address of eight words (words, word
// count, longs, long count, pool, pool size, ends, end count), valid until the next call.
const std::uint32_t* txnResult(TransactionLog* t, std::int64_t now) {
  ct::flattenTransactionLog(t->at(now), g_txn_flat);
  return coordination::flatBlock(g_txn_flat, g_txn_block);
}

// The join of the log at `now` (for foldResult), valid while the handle lives and no input
// or other moment is given to it.
const coordination::LeaseJoin* txnJoin(TransactionLog* t, std::int64_t now) {
  t->at(now);
  return &*t->join;
}

// The folder's part (transactions/fold.h writeTransactionPart): returns its length, txnBytes()
// its address, valid until the next call that returns bytes.
int txnPart(TransactionLog* t) {
  ct::writeTransactionPart(t->folder.folder().part(), g_txn_bytes);
  return static_cast<int>(g_txn_bytes.size());
}
const std::uint8_t* txnBytes() { return g_txn_bytes.data(); }

TransactionMerger* txnMergeNew() { return new TransactionMerger(); }
void txnMergeDelete(TransactionMerger* m) { delete m; }
// The part of the partition read `order`-th, replacing an earlier one of that order. Returns 0, or
// the length of why the bytes are not a part (at txnBytes(), UTF-8).
int txnMergeAdd(TransactionMerger* m, int order, const std::uint8_t* p, std::size_t n) {
  TransactionMerger::Part part{std::vector<std::uint8_t>(p, p + n), {}};
  const std::string why = ct::readTransactionPart(part.bytes, part.state);
  g_txn_bytes.assign(why.begin(), why.end());
  if (why.empty()) m->parts.insert_or_assign(static_cast<std::uint32_t>(order), std::move(part));
  return static_cast<int>(why.size());
}
// The parts merged in reading order at `now`: as txnResult.
const std::uint32_t* txnMergeResult(TransactionMerger* m, std::int64_t now) {
  std::vector<ct::TransactionLogState> states;
  states.reserve(m->parts.size());
  for (const auto& [order, part] : m->parts) states.push_back(part.state);
  ct::flattenTransactionLog(ct::mergeTransactionLogs(states, now), g_txn_flat);
  return coordination::flatBlock(g_txn_flat, g_txn_block);
}

}  // namespace

#include "generated/bindings/transactions_bindings.inc"
