// Stub for compiling the Kafka 4.3.0 sources of tests/java/kafka-4.3.0 (see its README.md): Writable names it in a method the oracle never calls.
package org.apache.kafka.common.record;

public interface BaseRecords {}
