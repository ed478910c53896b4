// Apache Kafka 4.1.0's generated readers (Kafka's own message generator of Confluent's community tag
// v8.1.0 = AK 4.1.0, next to this file) as the oracle of the records of __consumer_offsets, each read
// as 4.1.0 reads it. Run by tests/node/java-oracle.test.mjs. stdin, a line per input:
//   G <key hex> <value hex | ->   CoordinatorRecordSerde.deserialize (coordinator-common) with
//                                 GroupCoordinatorRecordSerde's record types (group-coordinator):
//                                 the key's int16 is the record type, CoordinatorRecordType.fromId
//                                 (an unknown one: UnknownRecordTypeException), the key read at that
//                                 version; then the value's version, outside the value message's
//                                 supported versions UnknownRecordVersionException, and the value
//                                 at it; '-' a null value
//   H <key hex> <value hex | ->   the same with ShareCoordinatorRecordSerde's record types
//                                 (share-coordinator: __share_group_state, its own
//                                 CoordinatorRecordType: 0 ShareSnapshot, 1 ShareUpdate)
//   M <value hex>                  a __cluster_metadata record's value as MetadataRecordSerde reads it
//                                  (AbstractApiMessageSerde.read: the frame, the message of its
//                                  MetadataRecordType at its version, no byte after it)
// stdout, a line each:
//   R <key version> <key> <value version> <value>   (a record; a null value: "- null")
//   R <apiKey> <version> <message>                    (an M line's record)
//   EXC <the exception's class>
// A message in the canonical text of ../kafka-3.8.0/GroupsOracle.java (the same code, below).
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Message;
import org.apache.kafka.common.protocol.types.RawTaggedField;
import org.apache.kafka.common.utils.ImplicitLinkedHashCollection;
import org.apache.kafka.coordinator.group.generated.CoordinatorRecordType;
import org.apache.kafka.metadata.MetadataRecordSerde;
import org.apache.kafka.server.common.ApiMessageAndVersion;

public final class GroupsOracle {
  // group-coordinator's UnknownRecordTypeException and coordinator-common's
  // CoordinatorRecordSerde.UnknownRecordVersionException: their names are what the test reads.
  static final class UnknownRecordTypeException extends RuntimeException {}

  static final class UnknownRecordVersionException extends RuntimeException {}

  private static String hex(byte[] b) {
    final StringBuilder s = new StringBuilder("#");
    for (byte x : b) s.append(String.format("%02x", x & 255));
    return s.toString();
  }

  private static String text(Object v) {
    if (v == null) return "null";
    if (v instanceof String) return "\"" + OracleLines.units((String) v) + "\"";
    if (v instanceof byte[]) return hex((byte[]) v);
    if (v instanceof ByteBuffer) {
      final ByteBuffer b = ((ByteBuffer) v).duplicate();
      final byte[] out = new byte[b.remaining()];
      b.get(out);
      return hex(out);
    }
    if (v instanceof Uuid) return text(v.toString());
    // A float64 (ClientQuotaRecord's value) as its bits, NaN's canonical (JS keeps no NaN payload).
    if (v instanceof Double) return Long.toString(Double.doubleToLongBits((Double) v));
    if (v instanceof Number || v instanceof Boolean) return v.toString();
    if (v instanceof Collection) {
      final List<String> items = new ArrayList<>();
      for (Object x : (Collection<?>) v) items.add(text(x));
      return "[" + String.join(",", items) + "]";
    }
    if (v instanceof Message) return struct(v);
    throw new IllegalStateException("no text for " + v.getClass());
  }

  private static String struct(Object m) {
    final Map<String, String> fields = new TreeMap<>();
    for (Class<?> c = m.getClass(); c != Object.class; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        if (Modifier.isStatic(f.getModifiers())) continue;
        f.setAccessible(true);
        final Object v;
        try {
          v = f.get(m);
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
        if (f.getName().equals("_unknownTaggedFields")) {
          if (v == null || ((List<?>) v).isEmpty()) continue;
          final List<String> tags = new ArrayList<>();
          for (Object t : (List<?>) v)
            tags.add("{bytes:" + hex(((RawTaggedField) t).data()) + ",tag:" + ((RawTaggedField) t).tag() + "}");
          fields.put("unknownTaggedFields", "[" + String.join(",", tags) + "]");
        } else if (m instanceof ImplicitLinkedHashCollection.Element
            && (f.getName().equals("next") || f.getName().equals("prev"))) {
          continue;  // a mapKey collection's links (RegisterBrokerRecord's endpoints), not a field
        } else if (!f.getName().startsWith("_") && !f.isSynthetic()) {
          fields.put(f.getName(), text(v));
        }
      }
    }
    final List<String> out = new ArrayList<>();
    for (Map.Entry<String, String> e : fields.entrySet()) out.add(e.getKey() + ":" + e.getValue());
    return "{" + String.join(",", out) + "}";
  }

  // CoordinatorRecordSerde.deserialize and GroupCoordinatorRecordSerde (4.1.0)
  private static String group(ByteBuffer key, ByteBuffer value) {
    final short type = key.getShort();
    final CoordinatorRecordType recordType;
    try {
      recordType = CoordinatorRecordType.fromId(type);
    } catch (UnsupportedVersionException e) {
      throw new UnknownRecordTypeException();
    }
    return record(type, recordType.newRecordKey(), recordType.newRecordValue(), key, value);
  }

  // CoordinatorRecordSerde.deserialize and ShareCoordinatorRecordSerde (4.1.0)
  private static String share(ByteBuffer key, ByteBuffer value) {
    final short type = key.getShort();
    final org.apache.kafka.coordinator.share.generated.CoordinatorRecordType recordType;
    try {
      recordType = org.apache.kafka.coordinator.share.generated.CoordinatorRecordType.fromId(type);
    } catch (UnsupportedVersionException e) {
      throw new UnknownRecordTypeException();
    }
    return record(type, recordType.newRecordKey(), recordType.newRecordValue(), key, value);
  }

  // The rest of CoordinatorRecordSerde.deserialize: the key at its record type, then the value.
  private static String record(short type, ApiMessage k, ApiMessage v, ByteBuffer key, ByteBuffer value) {
    k.read(new ByteBufferAccessor(key), type);
    if (value == null) return "R " + type + " " + struct(k) + " - null";
    final short version = value.getShort();
    if (version < v.lowestSupportedVersion() || version > v.highestSupportedVersion())
      throw new UnknownRecordVersionException();
    v.read(new ByteBufferAccessor(value), version);
    return "R " + type + " " + struct(k) + " " + version + " " + struct(v);
  }

  // MetadataRecordSerde.read (4.1.0): AbstractApiMessageSerde's frame, then the message.
  private static String metadata(ByteBuffer value) {
    final ApiMessageAndVersion r = MetadataRecordSerde.INSTANCE.read(new ByteBufferAccessor(value), value.remaining());
    return "R " + r.message().apiKey() + " " + r.version() + " " + struct(r.message());
  }

  private static ByteBuffer buffer(String hex) {
    return hex.equals("-") ? null : ByteBuffer.wrap(OracleLines.bytes(hex));
  }

  private static String decode(String line) {
    final String[] p = line.split(" ", -1);
    if (p[0].equals("H")) return share(buffer(p[1]), buffer(p[2]));
    if (p[0].equals("M")) return metadata(buffer(p[1]));
    if (!p[0].equals("G")) throw new IllegalArgumentException("G, H and M lines only");
    return group(buffer(p[1]), buffer(p[2]));
  }

  public static void main(String[] args) throws IOException {
    OracleLines.run(GroupsOracle::decode);
  }
}
