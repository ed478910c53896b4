// Stub for compiling the Kafka 4.3.0 sources of tests/java/kafka-4.3.0 (see its README.md): a field is built, never used.
package org.apache.kafka.common.protocol.types;

public class Field {
  public Field(String name, Type type, String doc) {}

  public static class TaggedFieldsSection extends Field {
    private TaggedFieldsSection() {
      super(null, null, null);
    }

    public static TaggedFieldsSection of(Object... fields) {
      return new TaggedFieldsSection();
    }
  }
}
