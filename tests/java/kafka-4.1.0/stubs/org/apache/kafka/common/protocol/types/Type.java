// Stub for compiling the Kafka 4.1.0 sources of tests/java/kafka-4.1.0 (see its README.md): the generated classes build their
// schemas (for writing and describing, not reading) from these constants.
package org.apache.kafka.common.protocol.types;

public abstract class Type {
  public static final Type INT8 = new Type() {};
  public static final Type INT16 = new Type() {};
  public static final Type INT32 = new Type() {};
  public static final Type INT64 = new Type() {};
  public static final Type UUID = new Type() {};
  public static final Type STRING = new Type() {};
  public static final Type COMPACT_STRING = new Type() {};
  public static final Type NULLABLE_STRING = new Type() {};
  public static final Type COMPACT_NULLABLE_STRING = new Type() {};
  public static final Type BYTES = new Type() {};
  public static final Type COMPACT_BYTES = new Type() {};
  public static final Type NULLABLE_BYTES = new Type() {};
  public static final Type UINT16 = new Type() {};
  public static final Type FLOAT64 = new Type() {};
  public static final Type BOOLEAN = new Type() {};
}
