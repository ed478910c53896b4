// Stub for compiling the Kafka 3.8.0 sources of tests/java/kafka-3.8.0 (see its README.md).
package org.slf4j;

public final class LoggerFactory {
  private LoggerFactory() {}

  public static Logger getLogger(Class<?> type) {
    return new Logger() {};
  }
}
