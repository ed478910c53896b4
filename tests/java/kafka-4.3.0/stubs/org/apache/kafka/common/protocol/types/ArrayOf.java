// Stub for compiling the Kafka 4.3.0 sources of tests/java/kafka-4.3.0 (see its README.md): an array schema is built, never used.
package org.apache.kafka.common.protocol.types;

public class ArrayOf extends Type {
  public ArrayOf(Type type) {}

  public static ArrayOf nullable(Type type) {
    return new ArrayOf(type);
  }
}
