// Stub for compiling the Kafka 3.8.0 sources of tests/java/kafka-3.8.0 (see its README.md): the calls
// AssignmentInfo and TaskId make, doing nothing.
package org.slf4j;

public interface Logger {
  default void warn(String format, Object... arguments) {}

  default void error(String format, Object... arguments) {}

  default void error(String message, Throwable t) {}
}
