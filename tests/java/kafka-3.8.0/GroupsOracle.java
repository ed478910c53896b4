// Kafka 3.8.0's generated readers (Kafka's own message generator of tag 3.8.0, next to this file) as
// the oracle of the records of __consumer_offsets, the consumer protocol and the transaction log,
// each read as 3.8.0 reads it. Run by tests/node/java-oracle.test.mjs. stdin, a line per input:
//   G <key hex> <value hex | ->   CoordinatorRecordSerde.deserialize (group-coordinator): the key's
//                                 version is the record type (0-8), the key read at it, then the
//                                 value's version and the value at it; '-' a null value
//   S <hex>, A <hex>              ConsumerProtocol.deserializeSubscription / deserializeAssignment
//                                 (clients): the version (below 0 throws, above 3 read as 3), then
//                                 the generated ConsumerProtocolSubscription / Assignment at it
//   N <key hex> <value hex | ->   as G, then a classic group's members' nested levels (nested())
//   T <key hex> <value hex | ->   TransactionLog.readTxnRecordKey / readTxnRecordValue (core): a
//                                 key version outside 0..0 an unknown key; a value version outside
//                                 0..1 throws; the status through TransactionState.fromId (0..7)
// stdout, a line each:
//   R <key version> <key> <value version> <value>   (a record; a null value: "- null")
//   M <version> <message>                           (a consumer protocol message, the version written)
//   U <key version>                                 (the transaction log's unknown key)
//   EXC <the exception's class>
// A message is written from its generated class's fields, by reflection, in one canonical text the
// Node side writes too: {name:value,...} by name (Java's field names), [a,b] in order, a string its
// UTF-16 units in hex between double quotes, null, bytes as #hex, an integer in decimal, a Uuid its
// toString() as a string, unknown tagged fields as unknownTaggedFields:[{bytes:#hex,tag:n}] (left
// out when there are none); the transaction status as its TransactionState name (a string). An
// element of a keyed list (ImplicitLinkedHashMultiCollection) without its neighbours' indexes.
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import kafka.internals.generated.TransactionLogKey;
import kafka.internals.generated.TransactionLogValue;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.ConsumerProtocolAssignment;
import org.apache.kafka.common.message.ConsumerProtocolSubscription;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Message;
import org.apache.kafka.common.protocol.types.RawTaggedField;
import org.apache.kafka.common.utils.ImplicitLinkedHashCollection;
import org.apache.kafka.coordinator.group.generated.ConsumerGroupCurrentMemberAssignmentKey;
import org.apache.kafka.coordinator.group.generated.ConsumerGroupCurrentMemberAssignmentValue;
import org.apache.kafka.coordinator.group.generated.ConsumerGroupMemberMetadataKey;
import org.apache.kafka.coordinator.group.generated.ConsumerGroupMemberMetadataValue;
import org.apache.kafka.coordinator.group.generated.ConsumerGroupMetadataKey;
import org.apache.kafka.coordinator.group.generated.ConsumerGroupMetadataValue;
import org.apache.kafka.coordinator.group.generated.ConsumerGroupPartitionMetadataKey;
import org.apache.kafka.coordinator.group.generated.ConsumerGroupPartitionMetadataValue;
import org.apache.kafka.coordinator.group.generated.ConsumerGroupTargetAssignmentMemberKey;
import org.apache.kafka.coordinator.group.generated.ConsumerGroupTargetAssignmentMemberValue;
import org.apache.kafka.coordinator.group.generated.ConsumerGroupTargetAssignmentMetadataKey;
import org.apache.kafka.coordinator.group.generated.ConsumerGroupTargetAssignmentMetadataValue;
import org.apache.kafka.coordinator.group.generated.GroupMetadataKey;
import org.apache.kafka.coordinator.group.generated.GroupMetadataValue;
import org.apache.kafka.coordinator.group.generated.OffsetCommitKey;
import org.apache.kafka.coordinator.group.generated.OffsetCommitValue;

public final class GroupsOracle {
  // TransactionState.fromId (core/src/main/scala/kafka/coordinator/transaction/TransactionMetadata.scala)
  private static final String[] STATES = {
    "Empty", "Ongoing", "PrepareCommit", "PrepareAbort", "CompleteCommit", "CompleteAbort", "Dead", "PrepareEpochFence"
  };

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
        // An element of an ImplicitLinkedHashMultiCollection (a list with a map key) keeps its
        // neighbours' indexes: the collection's, not the message's.
        if (m instanceof ImplicitLinkedHashCollection.Element && (f.getName().equals("next") || f.getName().equals("prev")))
          continue;
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
        } else if (!f.getName().startsWith("_") && !f.isSynthetic()) {
          fields.put(f.getName(), text(v));
        }
      }
    }
    final List<String> out = new ArrayList<>();
    for (Map.Entry<String, String> e : fields.entrySet()) out.add(e.getKey() + ":" + e.getValue());
    return "{" + String.join(",", out) + "}";
  }

  private static ApiMessage groupKey(short type) {
    switch (type) {
      case 0:
      case 1:
        return new OffsetCommitKey();
      case 2:
        return new GroupMetadataKey();
      case 3:
        return new ConsumerGroupMetadataKey();
      case 4:
        return new ConsumerGroupPartitionMetadataKey();
      case 5:
        return new ConsumerGroupMemberMetadataKey();
      case 6:
        return new ConsumerGroupTargetAssignmentMetadataKey();
      case 7:
        return new ConsumerGroupTargetAssignmentMemberKey();
      case 8:
        return new ConsumerGroupCurrentMemberAssignmentKey();
      default:
        throw new IllegalArgumentException("UnknownRecordTypeException");
    }
  }

  private static ApiMessage groupValue(short type) {
    switch (type) {
      case 0:
      case 1:
        return new OffsetCommitValue();
      case 2:
        return new GroupMetadataValue();
      case 3:
        return new ConsumerGroupMetadataValue();
      case 4:
        return new ConsumerGroupPartitionMetadataValue();
      case 5:
        return new ConsumerGroupMemberMetadataValue();
      case 6:
        return new ConsumerGroupTargetAssignmentMetadataValue();
      case 7:
        return new ConsumerGroupTargetAssignmentMemberValue();
      case 8:
        return new ConsumerGroupCurrentMemberAssignmentValue();
      default:
        throw new IllegalArgumentException("UnknownRecordTypeException");
    }
  }

  // CoordinatorRecordSerde.deserialize (3.8.0)
  private static String group(ByteBuffer key, ByteBuffer value) {
    final short type = key.getShort();
    final ApiMessage k = groupKey(type);
    k.read(new ByteBufferAccessor(key), type);
    if (value == null) return "R " + type + " " + struct(k) + " - null";
    final ApiMessage v = groupValue(type);
    final short version = value.getShort();
    v.read(new ByteBufferAccessor(value), version);
    return "R " + type + " " + struct(k) + " " + version + " " + struct(v);
  }

  // ConsumerProtocol.deserializeSubscription / deserializeAssignment with checkSubscriptionVersion /
  // checkAssignmentVersion (3.8.0)
  private static String consumer(boolean subscription, ByteBuffer b) {
    final short written = b.getShort();
    if (written < 0) throw new IllegalArgumentException("SchemaException");
    final short version = (short) Math.min(written, 3);
    final Message m = subscription
        ? new ConsumerProtocolSubscription(new ByteBufferAccessor(b), version)
        : new ConsumerProtocolAssignment(new ByteBufferAccessor(b), version);
    return "M " + written + " " + struct(m);
  }

  // TransactionLog.readTxnRecordKey / readTxnRecordValue (3.8.0; the generated classes are 4.1.0's, README.md)
  private static String transaction(ByteBuffer key, ByteBuffer value) {
    final short keyVersion = key.getShort();
    if (keyVersion < TransactionLogKey.LOWEST_SUPPORTED_VERSION || keyVersion > TransactionLogKey.HIGHEST_SUPPORTED_VERSION)
      return "U " + keyVersion;
    final TransactionLogKey k = new TransactionLogKey(new ByteBufferAccessor(key), keyVersion);
    if (value == null) return "R " + keyVersion + " " + struct(k) + " - null";
    final short version = value.getShort();
    if (version < TransactionLogValue.LOWEST_SUPPORTED_VERSION || version > TransactionLogValue.HIGHEST_SUPPORTED_VERSION)
      throw new IllegalStateException("Unknown version");
    final TransactionLogValue v = new TransactionLogValue(new ByteBufferAccessor(value), version);
    final byte status = v.transactionStatus();
    if (status < 0 || status >= STATES.length) throw new IllegalStateException("Unknown transaction state id");
    final String data = struct(v).replace("transactionStatus:" + status, "transactionStatus:" + text(STATES[status]));
    return "R " + keyVersion + " " + struct(k) + " " + version + " " + data;
  }

  // A classic group's members' nested levels, read as their readers would: when the group's protocol
  // type is "consumer", each member's subscription and assignment with ConsumerProtocol (zero bytes:
  // "null", the project's "no message"), and when its protocol is "stream", their userData as 3.8.0's
  // SubscriptionInfo / AssignmentInfo (SubscriptionOracle, AssignmentOracle). A level is its line, a
  // consumer level followed by " // " and its Streams line; a level that throws is "EXC".
  private static String nested(ByteBuffer key, ByteBuffer value) {
    final StringBuilder out = new StringBuilder(group(key.duplicate(), value == null ? null : value.duplicate()));
    key.getShort();
    if (value == null || key.getShort(0) != 2) return out.toString();
    value.rewind();
    final GroupMetadataValue v = new GroupMetadataValue();
    v.read(new ByteBufferAccessor(value), value.getShort());
    if (!"consumer".equals(v.protocolType())) return out.toString();
    final boolean streams = "stream".equals(v.protocol());
    for (GroupMetadataValue.MemberMetadata m : v.members()) {
      out.append(" || ").append(level(true, m.subscription(), streams));
      out.append(" || ").append(level(false, m.assignment(), streams));
    }
    return out.toString();
  }

  private static String level(boolean subscription, byte[] bytes, boolean streams) {
    if (bytes.length == 0) return "null";
    final String line;
    final byte[] userData;
    try {
      line = consumer(subscription, ByteBuffer.wrap(bytes));
      final ByteBuffer b = ByteBuffer.wrap(bytes);
      b.getShort();
      final short version = (short) Math.min(b.getShort(0), 3);
      final ByteBuffer u = subscription
          ? new ConsumerProtocolSubscription(new ByteBufferAccessor(b), version).userData()
          : new ConsumerProtocolAssignment(new ByteBufferAccessor(b), version).userData();
      userData = u == null ? null : OracleLines.bytes(text(u).substring(1));
    } catch (RuntimeException | OutOfMemoryError e) {
      return "EXC";
    }
    if (!streams) return line;
    String inner;
    try {
      final String hex = userData == null ? "" : text(ByteBuffer.wrap(userData)).substring(1);
      inner = subscription ? SubscriptionOracle.decode(hex) : AssignmentOracle.decode(hex);
    } catch (RuntimeException | OutOfMemoryError e) {
      inner = "EXC";
    }
    return line + " // " + inner;
  }

  private static ByteBuffer buffer(String hex) {
    return hex.equals("-") ? null : ByteBuffer.wrap(OracleLines.bytes(hex));
  }

  private static String decode(String line) {
    final String[] p = line.split(" ", -1);
    switch (p[0]) {
      case "G":
        return group(buffer(p[1]), buffer(p[2]));
      case "T":
        return transaction(buffer(p[1]), buffer(p[2]));
      case "N":
        return nested(buffer(p[1]), buffer(p[2]));
      default:
        return consumer(p[0].equals("S"), buffer(p[1]));
    }
  }

  public static void main(String[] args) throws IOException {
    OracleLines.run(GroupsOracle::decode);
  }
}
