// Kafka ProduceRequest v3 (KIP-98; the layout in KIP-268's page, seed 003), described once: the
// fields with their `[]` array indexes and the error codes the format raises.
// wasm/core/gen/tables_gen.cpp adds the fields to the generated FieldPath union and makes the codes
// the ProduceErrorCode union. Its warning UTF8_REPLACED is streams/table.h's.
// Rules: README.md, "ProduceRequest v3".
#pragma once

// X(name): the codes the request's own fields raise, each a name of the one ErrorCode list
// (coordination/table.h; protocol/request_decoder.h does not compile with any other); a record
// set's batches raise every record-batch code besides (log/table.h, LOG_BATCH_ERROR_CODES).
#define PRODUCE_ERROR_CODES(X) X(TRUNCATED) X(TRAILING_BYTES) X(UNSUPPORTED_VERSION) X(NEGATIVE_LENGTH)

// X(enum name, path, wire type (tree::WireType), bounds rule, meaning of the value)
#define PRODUCE_FIELDS(X)                                                                                              \
  X(request, "produce_request", record, "no bytes after the last topic", "a ProduceRequest v3")                        \
  X(size, "produce_request.size", i32, "optional; == bytes after it", "request size (the framing)")                    \
  X(header, "produce_request.header", record, "optional; detected", "request header v1")                               \
  X(header_api_key, "produce_request.header.api_key", i16, "== 0", "0 Produce")                                        \
  X(header_api_version, "produce_request.header.api_version", i16, "== 3", "request version")                          \
  X(header_correlation_id, "produce_request.header.correlation_id", i32, "any", "matches the response")                \
  X(header_client_id, "produce_request.header.client_id", string, "nullable (-1)", "the producer's client.id")         \
  X(transactional_id, "produce_request.transactional_id", string, "nullable (-1)", "transactional.id or null")         \
  X(acks, "produce_request.acks", i16, "any (Kafka: -1, 0, 1)", "-1 all in-sync replicas, 0 none, 1 leader")           \
  X(timeout, "produce_request.timeout", i32, "any", "milliseconds the broker may wait for acks")                       \
  X(topics, "produce_request.topics", array, "count >= 0, count x 6 <= remaining", "topics produced to")               \
  X(topic_data, "produce_request.topics[]", record, "topic, partitions", "one topic's data")                           \
  X(topic, "produce_request.topics[].topic", string, "i16 length >= 0", "topic name")                                  \
  X(partitions, "produce_request.topics[].partitions", array, "count >= 0, count x 8 <= remaining",                    \
    "partitions of the topic")                                                                                         \
  X(partition_data, "produce_request.topics[].partitions[]", record, "partition, record set", "one partition's data")  \
  X(partition, "produce_request.topics[].partitions[].partition", i32, "any", "partition")                             \
  X(record_set, "produce_request.topics[].partitions[].record_set", bytes, "i32 size >= -1 (-1 null)",                 \
    "record batches v2 (log/record_batch.h)")                                                                          \
  X(record_set_size, "produce_request.topics[].partitions[].record_set.size", i32, ">= -1, <= remaining",              \
    "bytes of record batches (-1: null)")                                                                              \
  X(batches, "produce_request.topics[].partitions[].record_set.batches", array, "until the record set ends",           \
    "the record batches")                                                                                              \
  X(batch, "produce_request.topics[].partitions[].record_set.batches[]", record,                                       \
    "a whole v2 batch (log/record_batch.h)", "one record batch")                                                       \
  X(batch_frame, "produce_request.topics[].partitions[].record_set.batches[].frame", bytes,                            \
    "baseOffset .. batchLength's end", "the bytes of a refused batch")                                                 \
  X(batch_base_offset, "produce_request.topics[].partitions[].record_set.batches[].base_offset", i64, "any",           \
    "offset of its first record")                                                                                      \
  X(batch_length, "produce_request.topics[].partitions[].record_set.batches[].batch_length", i32,                      \
    "14..64 MiB; the set holds it", "bytes after this field")                                                          \
  X(batch_leader_epoch, "produce_request.topics[].partitions[].record_set.batches[].partition_leader_epoch", i32,      \
    "any", "set by the broker")                                                                                        \
  X(batch_magic, "produce_request.topics[].partitions[].record_set.batches[].magic", i8, "== 2",                       \
    "record batch format")                                                                                             \
  X(batch_crc, "produce_request.topics[].partitions[].record_set.batches[].crc", u32, "== CRC-32C of attributes..end", \
    "checksum")                                                                                                        \
  X(batch_attributes, "produce_request.topics[].partitions[].record_set.batches[].attributes", i16,                    \
    "compression none, gzip, snappy or lz4", "compression, transactional, control")                                    \
  X(batch_last_offset_delta, "produce_request.topics[].partitions[].record_set.batches[].last_offset_delta", i32,      \
    "any", "offset delta of its last record")                                                                          \
  X(batch_first_timestamp, "produce_request.topics[].partitions[].record_set.batches[].first_timestamp", i64, "any",   \
    "epoch milliseconds")                                                                                              \
  X(batch_max_timestamp, "produce_request.topics[].partitions[].record_set.batches[].max_timestamp", i64, "any",       \
    "epoch milliseconds")                                                                                              \
  X(batch_producer_id, "produce_request.topics[].partitions[].record_set.batches[].producer_id", i64,                  \
    "any (-1: none)", "idempotent or transactional producer")                                                          \
  X(batch_producer_epoch, "produce_request.topics[].partitions[].record_set.batches[].producer_epoch", i16, "any",     \
    "producer epoch")                                                                                                  \
  X(batch_base_sequence, "produce_request.topics[].partitions[].record_set.batches[].base_sequence", i32, "any",       \
    "sequence of its first record")                                                                                    \
  X(batch_records_count, "produce_request.topics[].partitions[].record_set.batches[].records_count", i32,              \
    "count >= 0, count x 7 <= remaining", "records in the batch")                                                      \
  X(batch_records, "produce_request.topics[].partitions[].record_set.batches[].records", array,                        \
    "varint records, all of the batch", "the records (a record error names it in the message)")                        \
  X(record, "produce_request.topics[].partitions[].record_set.batches[].records[]", record, "varint fields",           \
    "one record")                                                                                                      \
  X(record_key, "produce_request.topics[].partitions[].record_set.batches[].records[].key", bytes,                     \
    "varint length >= -1", "the record key (a coordination key on __coordination_state)")                              \
  X(record_value, "produce_request.topics[].partitions[].record_set.batches[].records[].value", bytes,                 \
    "varint length >= -1", "the record value (null: a tombstone)")                                                     \
  X(record_headers, "produce_request.topics[].partitions[].record_set.batches[].records[].headers", array,             \
    "varint count >= 0", "record headers")                                                                             \
  X(record_header, "produce_request.topics[].partitions[].record_set.batches[].records[].headers[]", record,           \
    "key, value", "one header")                                                                                        \
  X(record_header_key, "produce_request.topics[].partitions[].record_set.batches[].records[].headers[].key", utf8,     \
    "varint length >= 0", "header key")                                                                                \
  X(record_header_value, "produce_request.topics[].partitions[].record_set.batches[].records[].headers[].value",       \
    bytes, "varint length >= -1", "header value")
