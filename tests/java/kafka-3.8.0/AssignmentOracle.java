// Kafka 3.8.0's own AssignmentInfo (apache/kafka tag 3.8.0, next to this file) as the oracle of
// assignment versions 1 to 11. Run by tests/node/java-oracle.test.mjs. stdin: an assignment per
// line, as hex (AssignmentInfo.decode); stdout, a line each:
//   A <version> <latest> <error code> <active tasks> <standby tasks> <partitions by host>
//     <standby partitions by host> <next rebalance ms>
//   EXC <the exception's class>
// StreamsOracle.java's format (kafka-2.3.0), with a task as group.partition.topology (its named
// topology's UTF-16 units in hex, 'null' for none: TaskId.topologyName()) and two more fields, as
// the decoded AssignmentInfo holds them for every version: its standby partitions by host (empty
// before version 6) and nextRebalanceMs (Long.MAX_VALUE before version 7). Active tasks in wire
// order (a List); Kafka's sets and maps written sorted (the Node side sorts the same way), entries
// joined by ',', '-' for none; a text is its UTF-16 units in hex ('null' for null); a map entry
// key=value, a topic partition topic:partition joined by ';'.
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
import org.apache.kafka.streams.state.HostInfo;

public final class AssignmentOracle {
  private static String task(TaskId t) {
    return t.subtopology() + "." + t.partition() + "." + OracleLines.units(t.topologyName());
  }

  private static String joined(Collection<String> items, boolean sort) {
    final List<String> list = new ArrayList<>(items);
    if (sort) list.sort(null);
    return list.isEmpty() ? "-" : String.join(",", list);
  }

  private static String partitions(Set<TopicPartition> partitions) {
    final List<String> out = new ArrayList<>();
    for (TopicPartition p : partitions) out.add(OracleLines.units(p.topic()) + ":" + p.partition());
    return joined(out, true).replace(',', ';');
  }

  private static String hosts(Map<HostInfo, Set<TopicPartition>> byHost) {
    final Map<String, String> hosts = new TreeMap<>();
    for (Map.Entry<HostInfo, Set<TopicPartition>> e : byHost.entrySet())
      hosts.put(OracleLines.units(e.getKey().host()) + ":" + e.getKey().port(), partitions(e.getValue()));
    return entries(hosts);
  }

  private static String entries(Map<String, String> map) {
    final List<String> out = new ArrayList<>();
    for (Map.Entry<String, String> e : map.entrySet()) out.add(e.getKey() + "=" + e.getValue());
    return joined(out, false);
  }

  static String decode(String hex) {
    final AssignmentInfo a = AssignmentInfo.decode(ByteBuffer.wrap(OracleLines.bytes(hex)));
    final List<String> active = new ArrayList<>();
    for (TaskId t : a.activeTasks()) active.add(task(t));
    final Map<String, String> standby = new TreeMap<>();
    for (Map.Entry<TaskId, Set<TopicPartition>> e : a.standbyTasks().entrySet())
      standby.put(task(e.getKey()), partitions(e.getValue()));
    return "A " + a.version() + " " + a.commonlySupportedVersion() + " " + a.errCode() + " " + joined(active, false)
        + " " + entries(standby) + " " + hosts(a.partitionsByHost()) + " " + hosts(a.standbyPartitionByHost()) + " "
        + a.nextRebalanceMs();
  }

  public static void main(String[] args) throws IOException {
    OracleLines.run(AssignmentOracle::decode);
  }
}
