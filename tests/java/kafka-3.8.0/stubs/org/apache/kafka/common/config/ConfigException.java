// Stub for compiling the Kafka 3.8.0 sources of tests/java/kafka-3.8.0 (see its README.md): HostInfo's
// buildFromEndpoint, which the oracle never calls, throws it.
package org.apache.kafka.common.config;

import org.apache.kafka.common.KafkaException;

public class ConfigException extends KafkaException {
  public ConfigException(String message) {
    super(message);
  }
}
