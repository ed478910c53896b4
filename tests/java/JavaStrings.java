// The JDK as the oracle of Java's two ways of reading text that Kafka uses (wasm/core/wire/java_text.h):
// new String(bytes, UTF_8) (the Streams user endpoint, named topologies, client tags, the
// ProduceRequest's strings) and DataInputStream.readUTF (AssignmentInfo's writeUTF hosts and topics).
// Run by tests/node/java-oracle.test.mjs. stdin: one byte sequence per line, as hex (at most 65,535
// bytes); stdout, a line each: the UTF-16 units of new String(bytes, UTF_8) as hex, a space, then
// those of readUTF over the same bytes (a u16 length before them), or ERR where readUTF throws.
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UTFDataFormatException;
import java.nio.charset.StandardCharsets;

public final class JavaStrings {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private static void units(String s, StringBuilder out) {
    for (int i = 0; i < s.length(); i++) {
      final char c = s.charAt(i);
      out.append(HEX[c >> 12]).append(HEX[(c >> 8) & 15]).append(HEX[(c >> 4) & 15]).append(HEX[c & 15]);
    }
  }

  public static void main(String[] args) throws IOException {
    final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
    final BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.US_ASCII));
    final StringBuilder line = new StringBuilder();
    String hex;
    while ((hex = in.readLine()) != null) {
      final byte[] framed = new byte[2 + hex.length() / 2];
      framed[0] = (byte) ((framed.length - 2) >> 8);
      framed[1] = (byte) (framed.length - 2);
      for (int i = 2; i < framed.length; i++) framed[i] = (byte) Integer.parseInt(hex.substring(2 * i - 4, 2 * i - 2), 16);
      line.setLength(0);
      units(new String(framed, 2, framed.length - 2, StandardCharsets.UTF_8), line);
      line.append(' ');
      try {
        units(new DataInputStream(new ByteArrayInputStream(framed)).readUTF(), line);
      } catch (UTFDataFormatException e) {
        line.append("ERR");
      }
      out.write(line.toString());
      out.newLine();
    }
    out.flush();
  }
}
