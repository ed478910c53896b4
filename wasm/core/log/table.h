// The whole-topic mode's names, described once: the record-batch errors (log/record_batch.h
// BatchErrorCode), the fold's own record errors and the anomalies (log/fold.h AnomalyKind). The C++
// enums and name functions derive from these lists, and so do the generated TypeScript unions
// LogErrorCode and AnomalyKind (wasm/core/gen/tables_gen.cpp -> wasm/generated/tables.{js,d.ts}).
#pragma once

#include "transactions/table.h"

// X(name, description) -- stable names shown by the JS API and the CLI; append at the end.
#define LOG_BATCH_ERROR_CODES(X)                                                                             \
  X(BATCH_TRUNCATED, "the input ends inside a batch (a cut-off final batch)")                                \
  X(INVALID_BATCH_LENGTH, "batchLength below what the frame needs (below 14: framing lost, reading stops)")  \
  X(BATCH_TOO_LARGE, "batchLength above the reader's limit (64 MiB): reading stops")                         \
  X(UNSUPPORTED_MAGIC, "magic is not 2 (0/1: the pre-0.11 message formats); the batch is skipped")           \
  X(CRC_MISMATCH, "CRC-32C of attributes..end differs from the stored crc; the batch is skipped")            \
  X(UNSUPPORTED_COMPRESSION, "an unknown codec (5-7); the batch is skipped")                                 \
  X(INVALID_GZIP, "the gzip payload does not inflate; the batch is skipped")                                 \
  X(INVALID_RECORD,                                                                                          \
    "a record's fields do not parse or do not fill the batch, or (a log's batch) its offset is outside the " \
    "batch's or not above the record's before it; the batch is skipped")                                     \
  X(TOO_MANY_RECORDS,                                                                                        \
    "records and headers above the reader's budget (131,072 a batch, a readLog call, a ProduceRequest); "    \
    "the batch is skipped")                                                                                  \
  X(INVALID_SNAPPY, "the snappy payload (xerial framing or raw) does not decompress; the batch is skipped")  \
  X(INVALID_LZ4, "the lz4 payload (an LZ4 frame) does not decompress; the batch is skipped")                 \
  X(INVALID_ZSTD, "the zstd payload does not decompress; the batch is skipped")

// Errors of one record or line, beside the coordination codec's own codes for keys and values.
#define LOG_RECORD_ERROR_CODES(X)                                                                      \
  X(NULL_KEY, "the record has a null key; every coordination record has one")                          \
  X(INVALID_LINE, "a JSON or text line that is not a record (the CLI's line input)")                   \
  X(INVALID_CONTROL_RECORD, "a transaction marker whose key is not a control record key")              \
  X(TRANSACTION_TOO_LARGE, "an open transaction's records passed the fold's buffer (64 MiB): dropped") \
  X(NULL_VALUE, "the record has a null value; every __cluster_metadata record has one")

// X(name, description)
#define LOG_ANOMALY_KINDS(X)                                                                             \
  X(lease_holder_not_registered, "the lease's holder has no live registration in the role")              \
  X(producer_epoch_backwards, "a lease's producer epoch is below an earlier one of its producer id")     \
  X(producer_holds_two_leases, "one producer id holds the live leases of two or more roles")             \
  X(deadline_before_granted_at, "the live lease's deadline is before its granted_at")                    \
  X(role_in_two_partitions, "records of one role in two partitions (one partition per role)")            \
  X(transaction_open, "records of a transaction with no commit or abort marker by the end of the input") \
  TRANSACTION_JOIN_ANOMALY_KINDS(X)

// A transactional record's outcome (read_committed, KIP-98): X(name, description)
#define LOG_TRANSACTION_STATES(X)                                                       \
  X(open, "no commit or abort marker of its producer in its partition yet: not folded") \
  X(committed, "its producer's COMMIT marker came: folded at its own offset")           \
  X(aborted, "its producer's ABORT marker came: dropped, as read_committed and compaction drop it")
