// Stub for compiling the Kafka 4.3.0 sources of tests/java/kafka-4.3.0 (see its README.md): an array schema is built, never used.
package org.apache.kafka.common.protocol.types;

public class CompactArrayOf extends Type {
  public CompactArrayOf(Type type) {}

  public static CompactArrayOf nullable(Type type) {
    return new CompactArrayOf(type);
  }
}
