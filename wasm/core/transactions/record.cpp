#include "transactions/record.h"

#include <string>

namespace coordination::transactions {

std::string_view statusName(std::int8_t status) {
  static constexpr std::string_view kNames[] = {
#define TXN_X(name, description) #name,
      TRANSACTION_STATUSES(TXN_X)
#undef TXN_X
  };
  return kNames[static_cast<std::size_t>(status)];
}

std::optional<tree::Error> decodeTransactionKey(ByteSpan key, TransactionLogKeyDecoded& out) {
  std::optional<tree::Error> e = schema::transactions::decodeTransactionLogKey(key, out);
  if (e && e->code == "UNSUPPORTED_VERSION") {
    // The spec's message names the version; this one says what Kafka does with such a key.
    const auto version = static_cast<std::int16_t>((key[0] << 8) | key[1]);
    e->message = e->field + ": key version " + std::to_string(version) +
                 " is not 0: Kafka 3.8.0 reads it as an unknown key and skips the record (offset 0)";
  }
  return e;
}

std::optional<tree::Error> decodeTransactionValue(ByteSpan value, TransactionLogValueDecoded& out) {
  if (value.empty()) {
    std::string field = "transaction_log_value.version";
    std::string message = field +
                          ": an empty value is not a tombstone in __transaction_state (only a null value is); "
                          "its version needs 2 bytes (offset 0)";
    return tree::Error{"TRUNCATED", 0, std::move(field), std::move(message)};
  }
  return schema::transactions::decodeTransactionLogValue(value, out);
}

std::optional<tree::Error> decodeTransactionRecord(ByteSpan key, std::optional<ByteSpan> value,
                                                   TransactionRecordDecoded& out) {
  if (auto e = decodeTransactionKey(key, out.key)) return e;
  out.tombstone = !value;
  return value ? decodeTransactionValue(*value, out.value) : std::nullopt;
}

}  // namespace coordination::transactions
