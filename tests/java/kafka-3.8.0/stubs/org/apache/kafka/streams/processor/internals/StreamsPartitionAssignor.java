// Stub for compiling the Kafka 3.8.0 sources of tests/java/kafka-3.8.0 (see its README.md): HostInfo imports it for a javadoc link only.
package org.apache.kafka.streams.processor.internals;

public class StreamsPartitionAssignor {}
