// Kafka's transaction log (__transaction_state, issue 22), described once: a record's status names,
// the transaction-log fold's anomalies and the anomalies of the join of the coordination state with
// the transaction log. The C++ enums and name functions derive from these lists, and so do the
// generated JS tables and TypeScript unions (wasm/core/gen/tables_gen.cpp -> wasm/generated/tables.*).
#pragma once

// X(name, description): TransactionState.fromId of apache/kafka 3.8.0
// (core/src/main/scala/kafka/coordinator/transaction/TransactionMetadata.scala): a status byte is
// the index in this list; any other byte is refused (TransactionLogValue.json's check).
#define TRANSACTION_STATUSES(X)                                                                    \
  X(Empty, "no transaction: the producer id and epoch are initialized, or the last one completed") \
  X(Ongoing, "a transaction has begun: partitions are being added and written to")                 \
  X(PrepareCommit, "the producer asked to commit: markers are being written")                      \
  X(PrepareAbort,                                                                                  \
    "the producer (or the coordinator, at the timeout) asked to abort: markers are being "         \
    "written")                                                                                     \
  X(CompleteCommit, "the commit markers were written")                                             \
  X(CompleteAbort, "the abort markers were written")                                               \
  X(Dead, "the transactional id expired and is being removed (its tombstone follows)")             \
  X(PrepareEpochFence, "the coordinator fences the current producer epoch and aborts its transaction")

// X(name, description): anomalies of the transaction log's fold (append at the end).
#define TRANSACTION_LOG_ANOMALY_KINDS(X)                                                                     \
  X(transaction_timed_out,                                                                                   \
    "an Ongoing transaction whose start + timeout is before now: the coordinator aborts it "                 \
    "(TransactionStateManager.timedOutTransactions)")                                                        \
  X(transaction_epoch_backwards,                                                                             \
    "a record of a transactional id whose producer epoch is below the one before it, for the same producer " \
    "id")                                                                                                    \
  X(producer_id_moved, "one producer id in the records of two transactional ids (across partitions too)")

// X(name, description): anomalies of the coordination state held against the transaction log
// (`state --transactions`); log/table.h appends them to LOG_ANOMALY_KINDS.
#define TRANSACTION_JOIN_ANOMALY_KINDS(X)                                                                      \
  X(lease_holder_fenced,                                                                                       \
    "a live lease whose producer epoch is below the transaction log's for its producer id, or whose "          \
    "producer id its transactional id replaced (under transaction version 2, where the epoch moves at "        \
    "every commit and abort, only when an Empty record, InitProducerId's, shows it): a zombie holds the role") \
  X(lease_holder_unknown_producer,                                                                             \
    "the lease's producer id is in no transaction-log record read (an idempotent, non-transactional holder, "  \
    "or a log not read whole)")                                                                                \
  X(lease_holder_transaction_stuck,                                                                            \
    "the holder's transaction (its producer id and epoch) is Ongoing or Prepare* past its timeout")            \
  X(lease_outlives_transactional_id, "the holder's transactional id is Dead (expired) while its lease is live")
