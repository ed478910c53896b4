// Stub for compiling the Kafka 3.8.0 sources of tests/java/kafka-3.8.0 (see its README.md): Writable names it in a method the oracle never calls.
package org.apache.kafka.common.record;

public interface BaseRecords {}
