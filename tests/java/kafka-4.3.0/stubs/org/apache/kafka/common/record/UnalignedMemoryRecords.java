// Stub for compiling the Kafka 4.3.0 sources of tests/java/kafka-4.3.0 (see its README.md): Kafka's Writable.writeRecords names this class; reading never uses it.
package org.apache.kafka.common.record;

import java.nio.ByteBuffer;

public class UnalignedMemoryRecords implements BaseRecords {
  public ByteBuffer buffer() {
    throw new UnsupportedOperationException();
  }
}
