// Stub for compiling the Kafka 2.3.0 sources of tests/java/kafka-2.3.0 (see its README.md): the two calls they make, doing nothing.
package org.slf4j;

public interface Logger {
  default void info(String format, Object... arguments) {}

  default void error(String message, Throwable t) {}
}
