// Native side of tests/bench/schema.mjs: the schema-generated decoders on the very bytes the JS
// benchmark decodes, into a Decoded kept across calls (what the wasm call does). Built by
// schema.mjs with g++ -O2.
//   schema_driver <group-value-file> <transaction-value-file> <iterations>
// Prints JSON: {"groupNs", "transactionNs"}: CPU ns per decode.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "driver.h"
#include "generated/schema/groups/GroupMetadataValue.h"
#include "generated/schema/transactions/TransactionLogValue.h"

using namespace coordination::schema;
using bench::nsPerDecode;
using bench::readFile;

int main(int argc, char** argv) {
  if (argc < 4) return 2;
  const auto group = readFile(argv[1]);
  const auto transaction = readFile(argv[2]);
  const int iterations = std::atoi(argv[3]);
  groups::GroupMetadataValueDecoded g;
  const double gn = nsPerDecode(group, iterations, [&](const std::vector<std::uint8_t>& b) {
    return decodeGroupMetadataValue(b, g) ? 0 : static_cast<std::size_t>(g.root.members.count);
  });
  transactions::TransactionLogValueDecoded t;
  const double tn = nsPerDecode(transaction, iterations, [&](const std::vector<std::uint8_t>& b) {
    return decodeTransactionLogValue(b, t) ? 0 : static_cast<std::size_t>(t.root.transaction_partitions.count);
  });
  std::printf("{\"groupNs\": %.1f, \"transactionNs\": %.1f}\n", gn, tn);
  return 0;
}
