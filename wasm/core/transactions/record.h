// One record of Kafka's transaction log (__transaction_state): its key and value read by the
// schema-generated decoders of transactions/specs (TransactionLogKey, TransactionLogValue), with
// the record's own rules, as apache/kafka 3.8.0's TransactionLog.scala reads a record:
// - the key's version must be 0 (readTxnRecordKey reads any other as an UnknownKey, which the
//   coordinator's load skips): UNSUPPORTED_VERSION, naming the version;
// - a null value is a tombstone (the transactional id removed); an empty value is an error, not a
//   tombstone (readTxnRecordValue reads only null as one): TRUNCATED at its version;
// - the status byte is TransactionState.fromId's (transactions/table.h): another one is
//   OUT_OF_RANGE at its offset (the spec's check);
// - unknown tagged fields (version 1) are kept, as the generated reader keeps them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "generated/schema/transactions/TransactionLogKey.h"
#include "generated/schema/transactions/TransactionLogValue.h"
#include "transactions/table.h"

namespace coordination::transactions {

using ByteSpan = std::span<const std::uint8_t>;
using schema::transactions::TransactionLogKey;
using schema::transactions::TransactionLogKeyDecoded;
using schema::transactions::TransactionLogValue;
using schema::transactions::TransactionLogValueDecoded;

enum class TransactionStatus : std::uint8_t {
#define TXN_X(name, description) name,
  TRANSACTION_STATUSES(TXN_X)
#undef TXN_X
};
// The status byte's name (a byte the decoder accepted: 0..7).
std::string_view statusName(std::int8_t status);

// The key, read at version 0 only.
std::optional<tree::Error> decodeTransactionKey(ByteSpan key, TransactionLogKeyDecoded& out);
// A value that is not null: an empty one is refused, the status checked.
std::optional<tree::Error> decodeTransactionValue(ByteSpan value, TransactionLogValueDecoded& out);

// A record: the key, then the value (nullopt: a tombstone, out.tombstone). The key's error wins.
// Keep `out` from record to record: its arenas keep their memory.
struct TransactionRecordDecoded {
  TransactionLogKeyDecoded key;
  TransactionLogValueDecoded value;
  bool tombstone = false;
};
std::optional<tree::Error> decodeTransactionRecord(ByteSpan key, std::optional<ByteSpan> value,
                                                   TransactionRecordDecoded& out);

}  // namespace coordination::transactions
