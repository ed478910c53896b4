// Stub for compiling the Kafka 4.3.0 sources of tests/java/kafka-4.3.0 (see its README.md): MessageUtil
// and HostInfo name it in methods the oracles never call (MessageUtil's toArray, HostInfo's
// buildFromEndpoint).
package org.apache.kafka.common.utils;

import java.nio.ByteBuffer;

public final class Utils {
  private Utils() {}

  public static byte[] toArray(ByteBuffer buffer) {
    throw new UnsupportedOperationException();
  }

  public static boolean isBlank(String s) {
    throw new UnsupportedOperationException();
  }

  public static String getHost(String address) {
    throw new UnsupportedOperationException();
  }

  public static Integer getPort(String address) {
    throw new UnsupportedOperationException();
  }
}
