// What every oracle of tests/node/java-oracle.test.mjs shares (compiled with each of them): the line
// loop, each line of stdin through a decode function to a line of stdout, "EXC <exception class>"
// where it throws (an OutOfMemoryError too: a count that asks for more than the heap), and a text
// written as its UTF-16 units in hex ("null" for null).
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

final class OracleLines {
  private OracleLines() {}

  static String units(String s) {
    if (s == null) return "null";
    final StringBuilder b = new StringBuilder(4 * s.length());
    for (int i = 0; i < s.length(); i++) b.append(String.format("%04x", (int) s.charAt(i)));
    return b.toString();
  }

  static byte[] bytes(String hex) {
    final byte[] b = new byte[hex.length() / 2];
    for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
    return b;
  }

  static void run(Function<String, String> decode) throws IOException {
    final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
    final BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.US_ASCII));
    String line;
    while ((line = in.readLine()) != null) {
      String result;
      try {
        result = decode.apply(line);
      } catch (RuntimeException | OutOfMemoryError e) {
        result = "EXC " + e.getClass().getSimpleName();
      }
      out.write(result);
      out.newLine();
    }
    out.flush();
  }
}
