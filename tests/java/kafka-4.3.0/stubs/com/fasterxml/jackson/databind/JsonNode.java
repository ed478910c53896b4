// Stub for compiling the Kafka 4.3.0 sources of tests/java/kafka-4.3.0 (see its README.md):
// MessageUtil's JSON helpers, which the oracle never calls, take Jackson's JsonNode.
package com.fasterxml.jackson.databind;

import java.io.IOException;

public abstract class JsonNode {
  public abstract boolean isInt();

  public abstract boolean isLong();

  public abstract boolean isTextual();

  public abstract boolean isFloatingPointNumber();

  public abstract int asInt();

  public abstract long asLong();

  public abstract double asDouble();

  public abstract String asText();

  public abstract byte[] binaryValue() throws IOException;

  public abstract Object getNodeType();
}
