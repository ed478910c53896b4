// Kafka's own SubscriptionInfo and AssignmentInfo (apache/kafka tag 2.3.0, next to this file) as the
// oracle of the Streams decoders. Run by tests/node/java-oracle.test.mjs. stdin: a line per input,
// "S <hex>" (SubscriptionInfo.decode) or "A <hex>" (AssignmentInfo.decode); stdout, a line each:
//   S <version> <latest> <process id> <prev tasks> <standby tasks> <user endpoint>
//   P <version> <latest>                       (a subscription 2.3.0 reads for version probing)
//   A <version> <latest> <error code> <active tasks> <standby tasks> <partitions by host>
//   EXC <the exception's class>
// A task is group.partition; Kafka's sets and maps are written sorted (the Node side sorts the
// same way), entries of a list or set joined by ',', '-' for none; a text is its UTF-16 units in
// hex ('null' for null); a map entry key=value, a topic partition topic:partition.
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.internals.assignment.AssignmentInfo;
import org.apache.kafka.streams.processor.internals.assignment.SubscriptionInfo;
import org.apache.kafka.streams.state.HostInfo;

public final class StreamsOracle {
  private static String task(TaskId t) {
    return t.topicGroupId + "." + t.partition;
  }

  private static String joined(Collection<String> items, boolean sort) {
    final List<String> list = new ArrayList<>(items);
    if (sort) list.sort(null);
    return list.isEmpty() ? "-" : String.join(",", list);
  }

  private static String tasks(Collection<TaskId> tasks, boolean sort) {
    final List<String> out = new ArrayList<>();
    for (TaskId t : tasks) out.add(task(t));
    return joined(out, sort);
  }

  private static String partitions(Set<TopicPartition> partitions) {
    final List<String> out = new ArrayList<>();
    for (TopicPartition p : partitions) out.add(OracleLines.units(p.topic()) + ":" + p.partition());
    return joined(out, true).replace(',', ';');
  }

  private static String decode(String line) {
    final byte[] bytes = OracleLines.bytes(line.substring(2));
    if (line.charAt(0) == 'S') {
      final SubscriptionInfo s = SubscriptionInfo.decode(ByteBuffer.wrap(bytes));
      if (s.processId() == null) return "P " + s.version() + " " + s.latestSupportedVersion();
      return "S " + s.version() + " " + s.latestSupportedVersion() + " " + s.processId() + " "
          + tasks(s.prevTasks(), true) + " " + tasks(s.standbyTasks(), true) + " " + OracleLines.units(s.userEndPoint());
    }
    final AssignmentInfo a = AssignmentInfo.decode(ByteBuffer.wrap(bytes));
    final Map<String, String> standby = new TreeMap<>();
    for (Map.Entry<TaskId, Set<TopicPartition>> e : a.standbyTasks().entrySet())
      standby.put(task(e.getKey()), partitions(e.getValue()));
    final Map<String, String> hosts = new TreeMap<>();
    for (Map.Entry<HostInfo, Set<TopicPartition>> e : a.partitionsByHost().entrySet())
      hosts.put(OracleLines.units(e.getKey().host()) + ":" + e.getKey().port(), partitions(e.getValue()));
    return "A " + a.version() + " " + a.latestSupportedVersion() + " " + a.errCode() + " " + tasks(a.activeTasks(), false)
        + " " + entries(standby) + " " + entries(hosts);
  }

  private static String entries(Map<String, String> map) {
    final List<String> out = new ArrayList<>();
    for (Map.Entry<String, String> e : map.entrySet()) out.add(e.getKey() + "=" + e.getValue());
    return joined(out, false);
  }

  public static void main(String[] args) throws IOException {
    OracleLines.run(StreamsOracle::decode);
  }
}
