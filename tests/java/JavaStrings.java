// The JDK as the oracle of Java's two ways of reading text that Kafka uses (wasm/core/wire/java_text.h):
// new String(bytes, UTF_8) (the Streams user endpoint, named topologies, client tags, the
// ProduceRequest's strings) and DataInputStream.readUTF (AssignmentInfo's writeUTF hosts and topics).
// Run by tests/node/java-oracle.test.mjs. stdin: one byte sequence per line, as hex (at most 65,535
// bytes); stdout, a line each: the UTF-16 units of new String(bytes, UTF_8) as hex, a space, then
// those of readUTF over the same bytes (a u16 length before them), or ERR where readUTF throws.
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

public final class JavaStrings {
  private static String read(String hex) {
    final byte[] body = OracleLines.bytes(hex);
    final byte[] framed = new byte[2 + body.length];
    framed[0] = (byte) (body.length >> 8);
    framed[1] = (byte) body.length;
    System.arraycopy(body, 0, framed, 2, body.length);
    String utf;
    try {
      utf = OracleLines.units(new DataInputStream(new ByteArrayInputStream(framed)).readUTF());
    } catch (UTFDataFormatException e) {
      utf = "ERR";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return OracleLines.units(new String(body, StandardCharsets.UTF_8)) + " " + utf;
  }

  public static void main(String[] args) throws IOException {
    OracleLines.run(JavaStrings::read);
  }
}
