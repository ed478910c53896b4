// Stub for compiling the Kafka 2.3.0 sources of tests/java/kafka-2.3.0 (see its README.md): HostInfo imports it for a javadoc link only.
package org.apache.kafka.streams.processor.internals;

public class StreamsPartitionAssignor {}
