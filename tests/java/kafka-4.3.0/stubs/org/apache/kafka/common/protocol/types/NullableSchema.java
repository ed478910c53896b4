// Stub for compiling the Kafka 4.3.0 sources of tests/java/kafka-4.3.0 (see its README.md): a schema is built, never used.
// (4.3.0's generated classes wrap a nullable struct's schema in clients' new NullableSchema.)
package org.apache.kafka.common.protocol.types;

public class NullableSchema extends Schema {
  public NullableSchema(Schema schema) {}
}
