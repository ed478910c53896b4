// Stub for compiling the Kafka 4.3.0 sources of tests/java/kafka-4.3.0 (see its README.md): Readable and Writable name it in methods the oracle never calls.
package org.apache.kafka.common.record;

import java.nio.ByteBuffer;

public class MemoryRecords implements BaseRecords {
  public static MemoryRecords readableRecords(ByteBuffer buffer) {
    throw new UnsupportedOperationException();
  }

  public ByteBuffer buffer() {
    throw new UnsupportedOperationException();
  }
}
