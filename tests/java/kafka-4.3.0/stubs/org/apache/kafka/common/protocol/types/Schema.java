// Stub for compiling the Kafka 4.3.0 sources of tests/java/kafka-4.3.0 (see its README.md): a schema is built, never used.
package org.apache.kafka.common.protocol.types;

public class Schema extends Type {
  public Schema(Field... fields) {}
}
