// Kafka ProduceRequest v3 (KIP-98; the layout in KIP-268's page, seed 003), described once: the
// fields with their `[]` array indexes. wasm/core/gen/tables_gen.cpp adds them to the generated
// FieldPath union. Error codes: this format raises TRUNCATED, TRAILING_BYTES, UNSUPPORTED_VERSION
// and NEGATIVE_LENGTH from the one list (coordination/table.h) and, for a record set, the record
// batch codes (log/table.h, LOG_BATCH_ERROR_CODES); its warning UTF8_REPLACED is streams/table.h's.
// Rules: README.md, "ProduceRequest v3".
#pragma once

// X(enum name, path, wire type (tree::WireType), bounds rule, meaning of the value)
#define PRODUCE_FIELDS(X)                                                                                        \
  X(request, "produce_request", record, "no bytes after the last topic", "a ProduceRequest v3")                 \
  X(size, "produce_request.size", i32, "optional; == bytes after it", "request size (the framing)")             \
  X(header, "produce_request.header", record, "optional; detected", "request header v1")                      \
  X(header_api_key, "produce_request.header.api_key", i16, "== 0", "0 Produce")                                 \
  X(header_api_version, "produce_request.header.api_version", i16, "== 3", "request version")                  \
  X(header_correlation_id, "produce_request.header.correlation_id", i32, "any", "matches the response")          \
  X(header_client_id, "produce_request.header.client_id", string, "nullable (-1)", "the producer's client.id") \
  X(transactional_id, "produce_request.transactional_id", string, "nullable (-1)", "transactional.id or null") \
  X(acks, "produce_request.acks", i16, "any (Kafka: -1, 0, 1)", "-1 all in-sync replicas, 0 none, 1 leader")    \
  X(timeout, "produce_request.timeout", i32, "any", "milliseconds the broker may wait for acks")                \
  X(topics, "produce_request.topics", array, "count >= 0, count x 6 <= remaining", "topics produced to")     \
  X(topic, "produce_request.topics[].topic", string, "i16 length >= 0", "topic name")                          \
  X(partitions, "produce_request.topics[].partitions", array, "count >= 0, count x 8 <= remaining",            \
    "partitions of the topic")                                                                                   \
  X(partition, "produce_request.topics[].partitions[].partition", i32, "any", "partition")                      \
  X(record_set, "produce_request.topics[].partitions[].record_set", bytes, "i32 size >= -1 (-1 null)",           \
    "record batches v2 (log/record_batch.h)")                                                                    \
  X(batch, "produce_request.topics[].partitions[].record_set.batches[]", record, "a whole v2 batch",             \
    "one record batch")                                                                                          \
  X(record, "produce_request.topics[].partitions[].record_set.batches[].records[]", record, "varint fields",     \
    "one record")                                                                                                \
  X(record_key, "produce_request.topics[].partitions[].record_set.batches[].records[].key", bytes,              \
    "varint length >= -1", "the record key (a coordination key on __coordination_state)")                       \
  X(record_value, "produce_request.topics[].partitions[].record_set.batches[].records[].value", bytes,          \
    "varint length >= -1", "the record value (null: a tombstone)")                                             \
  X(record_headers, "produce_request.topics[].partitions[].record_set.batches[].records[].headers", array,     \
    "varint count >= 0", "record headers")
