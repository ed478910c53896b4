// Stub for compiling the Kafka 3.8.0 sources of tests/java/kafka-3.8.0 (see its README.md): MessageUtil names it in a method the oracle never calls.
package org.apache.kafka.common.utils;

import java.nio.ByteBuffer;

public final class Utils {
  private Utils() {}

  public static byte[] toArray(ByteBuffer buffer) {
    throw new UnsupportedOperationException();
  }
}
