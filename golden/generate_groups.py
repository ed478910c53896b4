#!/usr/bin/env python3
"""Independent generator of the golden vectors of consumer groups (issue 20).

golden/consumer-protocol.json  the consumer protocol's Subscription and Assignment alone (the bytes a
                               classic group's member holds), their userData read as Kafka Streams'
                               when a vector says so
golden/group-records.json      __consumer_offsets records (a key and a value each): every record type
                               of Kafka 3.8.0's group coordinator, tombstones, and the levels nested
                               in a classic group's members

Python standard library only; nothing here is read from the project's specs or its generator. The
messages are transcribed by hand from apache/kafka tag 3.8.0:
group-coordinator/src/main/resources/common/message/*.json (OffsetCommitKey/Value,
GroupMetadataKey/Value, the KIP-848 ConsumerGroup* keys and values),
clients/src/main/resources/common/message/ConsumerProtocolSubscription.json and
ConsumerProtocolAssignment.json; the reading rules from the classes Kafka's message generator writes
from them (generator/.../MessageDataGenerator.java: fields in JSON order, each only in its versions,
flexible versions with compact lengths (unsigned varint of length + 1) and a tagged-field section
ending every struct, a nullable struct's marker, a tagged field's value read by its type),
clients/.../consumer/internals/ConsumerProtocol.java (an i16 version; below 0 refused, above 3 read
as 3 and the rest left unread), group-coordinator/.../CoordinatorRecordSerde.java (the key's version
is the record type: 0-1 offset commit, 2 group metadata, 3-8 the KIP-848 records; each value reads
its own version) and core's GroupMetadataManager.scala (a value version outside the message's valid
versions is refused). The places where the project's decoder is stricter than Kafka's reader, and
the offsets and field paths it reports, are the project's decisions: golden/README.md, "Consumer
groups". The Kafka Streams userData inside is read by generate_streams.py's reference reader.

Every expectation is computed twice and must agree:
  1. a writer that builds each valid vector, records the bytes every field and count needs, and
     derives the outcome of any prefix from them; the expected record is built from the writer's
     input, apart from the reader;
  2. a reference reader that decodes the bytes.
Hand-chosen error cases carry a hand-written (code, offset, field) that the reader must reproduce.

Usage:
  python3 golden/generate_groups.py          rewrite golden/consumer-protocol.json, group-records.json
  python3 golden/generate_groups.py --check  exit 1 if they differ from what it would write
golden/generate.py imports schema_defs() from here for golden/schema.json.
"""

import re
import struct
import sys
from collections import OrderedDict

from generate_streams import (I32_MAX, I32_MIN, I64_MAX, PID, asg_record, java_new_string,
                              reference as streams_reference, strict_utf8_bad, sub_record, sub_record7,
                              write_assignment, write_subscription, write_subscription7)
from golden_files import DecodeError, check_vector, expectation, golden_files, uvarint, warning, write_or_check

FORMAT = "groups-golden/3"
ANY = 0x7FFF
I64_MIN = -(1 << 63)
CODES = ["TRUNCATED", "TRAILING_BYTES", "UNSUPPORTED_VERSION", "NEGATIVE_LENGTH", "NULL_NOT_ALLOWED",
         "VARINT_TOO_LONG", "TAG_OUT_OF_ORDER", "STRING_TOO_LONG"]
# Codes only a nested Streams level raises (generate_streams.py's).
STREAMS_CODES = ["INVALID_UTF8", "UNKNOWN_TOPIC_INDEX"]
WARNINGS = OrderedDict([
    ("UTF8_REPLACED", "a Kafka string that is not well-formed UTF-8: read as Kafka reads it (new String(bytes, "
                      "UTF_8), U+FFFD for each ill-formed part); offset: the string's body"),
    ("NEWER_VERSION", "a consumer protocol version above 3: read as version 3, the bytes after its fields "
                      "left unread (ConsumerProtocol); offset: the version"),
    ("JAVA_MODIFIED_UTF8", "a nested Streams level's (generate_streams.py)"),
    ("VERSION_PROBING", "a nested Streams level's (generate_streams.py)"),
])


# --------------------------------------------------------------------------------------------
# The messages, transcribed from Kafka 3.8.0's JSON files


def snake(name):
    """MessageGenerator.toSnakeCase: an underscore before each upper-case letter but the first,
    everything lower-cased (GroupId -> group_id, protocolType -> protocol_type)."""
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


def versions(text):
    """"N", "N-M", "N+" -> (lo, hi)."""
    if text.endswith("+"):
        return int(text[:-1]), ANY
    lo, _, hi = text.partition("-")
    return int(lo), int(hi or lo)


NO_DEFAULT = object()


class Field:
    """default: the JSON's "default" ("null" as None); without one, the type's zero ("" for a
    string, nullable or not; the empty struct)."""

    def __init__(self, name, type_, ver="0+", nullable=None, default=NO_DEFAULT, tag=None, fields=None):
        self.name, self.snake, self.type = name, snake(name), type_
        self.lo, self.hi = versions(ver)
        self.nullable = versions(nullable) if nullable else None
        self.default, self.tag = default, tag  # tag: taggedVersions "0+" (the only form used here)
        self.struct = Struct(type_.lstrip("[]"), fields) if fields else None

    def present(self, v):
        return self.lo <= v <= self.hi

    def nullable_at(self, v):
        return self.nullable is not None and self.nullable[0] <= v <= self.nullable[1]


class Struct:
    def __init__(self, name, fields):
        self.name, self.fields = name, fields


class Message:
    def __init__(self, name, valid, flexible, fields, common=(), newer_as_latest=False):
        self.name, self.snake = name, snake(name)
        self.lo, self.hi = versions(valid)
        self.flexible = None if flexible == "none" else versions(flexible)[0]
        self.root = Struct(name, fields)
        self.common = {s.name: s for s in common}
        self.newer_as_latest = newer_as_latest
        for f in self.walk():  # a common struct named by a field's type
            if f.struct is None and f.type.lstrip("[]") in self.common:
                f.struct = self.common[f.type.lstrip("[]")]

    def walk(self, s=None):
        for f in (s or self.root).fields:
            yield f
            if f.struct is not None and f.struct is not (s or self.root):
                yield from self.walk(f.struct)

    def flexible_at(self, v):
        return self.flexible is not None and v >= self.flexible


def key(name, ver, fields):
    return Message(name, ver, "none", [Field(n, t, ver) for n, t in fields])


TOPIC_PARTITIONS = [Field("TopicId", "uuid"), Field("Partitions", "[]int32")]
# Apache Kafka 4.3.0 (confluentinc/kafka v8.3.0): a tagged AssignmentEpochs (tag 0, a nullable
# []int32 whose "default": null is no default: absent, the empty list) in the current assignment's
# TopicPartitions and TaskIds.
ASSIGNMENT_EPOCHS = Field("AssignmentEpochs", "[]int32", nullable="0+", tag=0)
# Apache Kafka 4.3.0 (KIP-1263): a tagged AssignmentTimestamp (tag 0, int64, default 0) in the three
# target assignment metadata values.
TARGET_METADATA = [Field("AssignmentEpoch", "int32"), Field("AssignmentTimestamp", "int64", tag=0)]
MESSAGES = OrderedDict((m.name, m) for m in [
    key("OffsetCommitKey", "0-1", [("group", "string"), ("topic", "string"), ("partition", "int32")]),
    Message("OffsetCommitValue", "0-4", "4+", [
        Field("offset", "int64"), Field("leaderEpoch", "int32", "3+", default=-1), Field("metadata", "string"),
        Field("commitTimestamp", "int64"), Field("expireTimestamp", "int64", "1", default=-1),
        # 4.1.0 (confluentinc/kafka v8.1.0): a tagged topicId in the flexible version 4.
        Field("topicId", "uuid", "4+", tag=0)]),
    key("GroupMetadataKey", "2", [("group", "string")]),
    Message("GroupMetadataValue", "0-4", "4+", [
        Field("protocolType", "string"), Field("generation", "int32"),
        Field("protocol", "string", nullable="0+"), Field("leader", "string", nullable="0+"),
        Field("currentStateTimestamp", "int64", "2+", default=-1), Field("members", "[]MemberMetadata")],
        common=[Struct("MemberMetadata", [
            Field("memberId", "string"), Field("groupInstanceId", "string", "3+", nullable="3+", default=None),
            Field("clientId", "string"), Field("clientHost", "string"),
            Field("rebalanceTimeout", "int32", "1+", default=-1), Field("sessionTimeout", "int32"),
            Field("subscription", "bytes"), Field("assignment", "bytes")])]),
    key("ConsumerGroupMetadataKey", "3", [("GroupId", "string")]),
    # 4.1.0 (KIP-1101): a tagged MetadataHash, default 0.
    Message("ConsumerGroupMetadataValue", "0", "0+", [Field("Epoch", "int32"), Field("MetadataHash", "int64", tag=0)]),
    key("ConsumerGroupPartitionMetadataKey", "4", [("GroupId", "string")]),
    Message("ConsumerGroupPartitionMetadataValue", "0", "0+", [
        Field("Topics", "[]TopicMetadata", fields=[
            Field("TopicId", "uuid"), Field("TopicName", "string"), Field("NumPartitions", "int32"),
            Field("PartitionMetadata", "[]PartitionMetadata", fields=[
                Field("Partition", "int32"), Field("Racks", "[]string")])])]),
    key("ConsumerGroupMemberMetadataKey", "5", [("GroupId", "string"), ("MemberId", "string")]),
    Message("ConsumerGroupMemberMetadataValue", "0", "0+", [
        Field("InstanceId", "string", nullable="0+"), Field("RackId", "string", nullable="0+"),
        Field("ClientId", "string"), Field("ClientHost", "string"), Field("SubscribedTopicNames", "[]string"),
        Field("SubscribedTopicRegex", "string", nullable="0+"), Field("RebalanceTimeoutMs", "int32", default=-1),
        Field("ServerAssignor", "string", nullable="0+"),
        # "default": null in Kafka's file is no default (Jackson gives FieldSpec a null string):
        # an absent tag is the empty struct, as the generated class sets it.
        Field("ClassicMemberMetadata", "ClassicMemberMetadata", nullable="0+", tag=0, fields=[
            Field("SessionTimeoutMs", "int32"),
            Field("SupportedProtocols", "[]ClassicProtocol", fields=[
                Field("Name", "string"), Field("Metadata", "bytes")])])]),
    key("ConsumerGroupTargetAssignmentMetadataKey", "6", [("GroupId", "string")]),
    Message("ConsumerGroupTargetAssignmentMetadataValue", "0", "0+", TARGET_METADATA),
    key("ConsumerGroupTargetAssignmentMemberKey", "7", [("GroupId", "string"), ("MemberId", "string")]),
    Message("ConsumerGroupTargetAssignmentMemberValue", "0", "0+", [
        Field("TopicPartitions", "[]TopicPartition", fields=TOPIC_PARTITIONS)]),
    key("ConsumerGroupCurrentMemberAssignmentKey", "8", [("GroupId", "string"), ("MemberId", "string")]),
    Message("ConsumerGroupCurrentMemberAssignmentValue", "0", "0+", [
        Field("MemberEpoch", "int32"), Field("PreviousMemberEpoch", "int32"), Field("State", "int8"),
        Field("AssignedPartitions", "[]TopicPartitions"), Field("PartitionsPendingRevocation", "[]TopicPartitions")],
        common=[Struct("TopicPartitions", TOPIC_PARTITIONS + [ASSIGNMENT_EPOCHS])]),
    # ---- Apache Kafka 4.1.0's new record types (confluentinc/kafka tag v8.1.0 = AK 4.1.0,
    # group-coordinator/src/main/resources/common/message/): Kafka writes each key as a
    # coordinator-key at version 0 whose int16 prefix is its apiKey; here, as above, the key's
    # versions are that apiKey.
    key("ShareGroupMemberMetadataKey", "10", [("GroupId", "string"), ("MemberId", "string")]),
    Message("ShareGroupMemberMetadataValue", "0", "0+", [
        Field("RackId", "string", nullable="0+"), Field("ClientId", "string"), Field("ClientHost", "string"),
        Field("SubscribedTopicNames", "[]string")]),
    key("ShareGroupMetadataKey", "11", [("GroupId", "string")]),
    Message("ShareGroupMetadataValue", "0", "0+", [Field("Epoch", "int32"), Field("MetadataHash", "int64")]),
    key("ShareGroupTargetAssignmentMetadataKey", "12", [("GroupId", "string")]),
    Message("ShareGroupTargetAssignmentMetadataValue", "0", "0+", TARGET_METADATA),
    key("ShareGroupTargetAssignmentMemberKey", "13", [("GroupId", "string"), ("MemberId", "string")]),
    Message("ShareGroupTargetAssignmentMemberValue", "0", "0+", [
        Field("TopicPartitions", "[]TopicPartition", fields=TOPIC_PARTITIONS)]),
    key("ShareGroupCurrentMemberAssignmentKey", "14", [("GroupId", "string"), ("MemberId", "string")]),
    Message("ShareGroupCurrentMemberAssignmentValue", "0", "0+", [
        Field("MemberEpoch", "int32"), Field("PreviousMemberEpoch", "int32"), Field("State", "int8"),
        Field("AssignedPartitions", "[]TopicPartitions")],
        common=[Struct("TopicPartitions", TOPIC_PARTITIONS)]),
    key("ShareGroupStatePartitionMetadataKey", "15", [("GroupId", "string")]),
    Message("ShareGroupStatePartitionMetadataValue", "0", "0+", [
        Field("InitializingTopics", "[]TopicPartitionsInfo"), Field("InitializedTopics", "[]TopicPartitionsInfo"),
        Field("DeletingTopics", "[]TopicInfo")],
        common=[Struct("TopicPartitionsInfo", [Field("TopicId", "uuid"), Field("TopicName", "string"),
                                               Field("Partitions", "[]int32")]),
                Struct("TopicInfo", [Field("TopicId", "uuid"), Field("TopicName", "string")])]),
    key("ConsumerGroupRegularExpressionKey", "16", [("GroupId", "string"), ("RegularExpression", "string")]),
    # Kafka's field Version is MetadataVersion in the project's spec (the message's own version
    # has the name); the bytes are Kafka's.
    Message("ConsumerGroupRegularExpressionValue", "0", "0+", [
        Field("Topics", "[]string"), Field("MetadataVersion", "int64"), Field("Timestamp", "int64")]),
    key("StreamsGroupMetadataKey", "17", [("GroupId", "string")]),
    # Apache Kafka 4.2.0 (confluentinc/kafka v8.2.0): tagged ValidatedTopologyEpoch (tag 0, default -1)
    # and LastAssignmentConfigs (tag 1, a nullable list of key-value structs; "default": null is no
    # default: absent, the empty list).
    Message("StreamsGroupMetadataValue", "0", "0+", [
        Field("Epoch", "int32"), Field("MetadataHash", "int64"),
        Field("ValidatedTopologyEpoch", "int32", default=-1, tag=0),
        Field("LastAssignmentConfigs", "[]LastAssignmentConfig", nullable="0+", tag=1)],
        common=[Struct("LastAssignmentConfig", [Field("Key", "string"), Field("Value", "string")])]),
    key("StreamsGroupMemberMetadataKey", "19", [("GroupId", "string"), ("MemberId", "string")]),
    Message("StreamsGroupMemberMetadataValue", "0", "0+", [
        Field("InstanceId", "string", nullable="0+"), Field("RackId", "string", nullable="0+"),
        Field("ClientId", "string"), Field("ClientHost", "string"), Field("RebalanceTimeoutMs", "int32", default=-1),
        Field("TopologyEpoch", "int32"), Field("ProcessId", "string"),
        Field("UserEndpoint", "Endpoint", nullable="0+", default=None),
        Field("ClientTags", "[]KeyValue")],
        common=[Struct("Endpoint", [Field("Host", "string"), Field("Port", "uint16")]),
                Struct("KeyValue", [Field("Key", "string"), Field("Value", "string")])]),
    key("StreamsGroupTargetAssignmentMetadataKey", "20", [("GroupId", "string")]),
    Message("StreamsGroupTargetAssignmentMetadataValue", "0", "0+", TARGET_METADATA),
    key("StreamsGroupTargetAssignmentMemberKey", "21", [("GroupId", "string"), ("MemberId", "string")]),
    Message("StreamsGroupTargetAssignmentMemberValue", "0", "0+", [
        Field("ActiveTasks", "[]TaskIds"), Field("StandbyTasks", "[]TaskIds"), Field("WarmupTasks", "[]TaskIds")],
        common=[Struct("TaskIds", [Field("SubtopologyId", "string"), Field("Partitions", "[]int32")])]),
    key("StreamsGroupCurrentMemberAssignmentKey", "22", [("GroupId", "string"), ("MemberId", "string")]),
    Message("StreamsGroupCurrentMemberAssignmentValue", "0", "0+", [
        Field("MemberEpoch", "int32"), Field("PreviousMemberEpoch", "int32"), Field("State", "int8"),
        Field("ActiveTasks", "[]TaskIds"), Field("StandbyTasks", "[]TaskIds"), Field("WarmupTasks", "[]TaskIds"),
        Field("ActiveTasksPendingRevocation", "[]TaskIds"), Field("StandbyTasksPendingRevocation", "[]TaskIds"),
        Field("WarmupTasksPendingRevocation", "[]TaskIds")],
        common=[Struct("TaskIds", [Field("SubtopologyId", "string"), Field("Partitions", "[]int32"),
                                   ASSIGNMENT_EPOCHS])]),
    key("StreamsGroupTopologyKey", "23", [("GroupId", "string")]),
    Message("StreamsGroupTopologyValue", "0", "0+", [
        Field("Epoch", "int32"),
        Field("Subtopologies", "[]Subtopology", fields=[
            Field("SubtopologyId", "string"), Field("SourceTopics", "[]string"), Field("SourceTopicRegex", "[]string"),
            Field("StateChangelogTopics", "[]TopicInfo"), Field("RepartitionSinkTopics", "[]string"),
            Field("RepartitionSourceTopics", "[]TopicInfo"),
            Field("CopartitionGroups", "[]CopartitionGroup", fields=[
                Field("SourceTopics", "[]int16"), Field("SourceTopicRegex", "[]int16"),
                Field("RepartitionSourceTopics", "[]int16")])])],
        common=[Struct("TopicConfig", [Field("key", "string"), Field("value", "string")]),
                Struct("TopicInfo", [Field("Name", "string"), Field("Partitions", "int32"),
                                     Field("ReplicationFactor", "int16"), Field("TopicConfigs", "[]TopicConfig")])]),
    Message("ConsumerProtocolSubscription", "0-3", "none", [
        Field("Topics", "[]string"), Field("UserData", "bytes", nullable="0+", default=None),
        Field("OwnedPartitions", "[]TopicPartition", "1+", fields=[
            Field("Topic", "string", "1+"), Field("Partitions", "[]int32", "1+")]),
        Field("GenerationId", "int32", "2+", default=-1),
        Field("RackId", "string", "3+", nullable="3+", default=None)], newer_as_latest=True),
    Message("ConsumerProtocolAssignment", "0-3", "none", [
        Field("AssignedPartitions", "[]TopicPartition", fields=[
            Field("Topic", "string"), Field("Partitions", "[]int32")]),
        Field("UserData", "bytes", nullable="0+", default=None)], newer_as_latest=True),
])

# The record types by key version (CoordinatorRecordSerde, CoordinatorRecordType of Apache Kafka
# 4.1.0: the apiKey of each coordinator-key) and their names in the API. 9 and 18 are none (the
# pre-release ShareGroupPartitionMetadata and StreamsGroupPartitionMetadata, gone from 4.1.0).
RECORD_TYPES = [  # (type, key message, value message, key versions)
    ("offset", "OffsetCommitKey", "OffsetCommitValue", (0, 1)),
    ("group", "GroupMetadataKey", "GroupMetadataValue", (2,)),
] + [(snake(k[:-3]), k, k[:-3] + "Value", (v,)) for v, k in enumerate([
    "ConsumerGroupMetadataKey", "ConsumerGroupPartitionMetadataKey", "ConsumerGroupMemberMetadataKey",
    "ConsumerGroupTargetAssignmentMetadataKey", "ConsumerGroupTargetAssignmentMemberKey",
    "ConsumerGroupCurrentMemberAssignmentKey", None, "ShareGroupMemberMetadataKey", "ShareGroupMetadataKey",
    "ShareGroupTargetAssignmentMetadataKey", "ShareGroupTargetAssignmentMemberKey",
    "ShareGroupCurrentMemberAssignmentKey", "ShareGroupStatePartitionMetadataKey",
    "ConsumerGroupRegularExpressionKey", "StreamsGroupMetadataKey", None, "StreamsGroupMemberMetadataKey",
    "StreamsGroupTargetAssignmentMetadataKey", "StreamsGroupTargetAssignmentMemberKey",
    "StreamsGroupCurrentMemberAssignmentKey", "StreamsGroupTopologyKey"], start=3) if k is not None]
TYPE_OF_KEY_VERSION = {v: t for t in RECORD_TYPES for v in t[3]}
I64_FIELDS = {"offset", "commit_timestamp", "expire_timestamp", "current_state_timestamp"}


# --------------------------------------------------------------------------------------------
# Kafka's encodings (written from the Java types: big-endian, LEB128 unsigned varints)


def uuid_text(raw):
    """org.apache.kafka.common.Uuid.toString(): the 16 bytes in URL-safe base64, no padding."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    n = int.from_bytes(raw, "big") << 4  # 128 bits + 4 zero bits = 22 sextets
    return "".join(alphabet[(n >> (6 * (21 - i))) & 63] for i in range(22))


def minimum(msg, s, v):
    """The least bytes a struct takes at version v (the project's count check: a count above the
    bytes left divided by this is TRUNCATED)."""
    flexible = msg.flexible_at(v)
    n = 1 if flexible else 0
    for f in s.fields:
        if not f.present(v) or (f.tag is not None and flexible):
            continue
        n += minimum_of(msg, f, f.type, v)
    return n


def minimum_of(msg, f, type_, v):
    flexible = msg.flexible_at(v)
    fixed = {"int8": 1, "int16": 2, "uint16": 2, "int32": 4, "int64": 8, "uuid": 16}
    if type_ in fixed:
        return fixed[type_]
    if type_ == "string":
        return 1 if flexible else 2
    if type_ == "bytes":
        return 1 if flexible else 4
    if type_.startswith("[]"):
        return 1 if flexible else 4
    return 1 if f.nullable_at(v) else minimum(msg, f.struct, v)


def element_minimum(msg, f, v):
    e = f.type[2:]
    if e in ("string", "bytes"):
        return minimum_of(msg, f, e, v)
    if e in ("int8", "int16", "uint16", "int32", "int64", "uuid"):
        return minimum_of(msg, f, e, v)
    return minimum(msg, f.struct, v)


class Writer:
    """Writes a message and records, for each field, count and tag header in the order a reader
    meets them, the least prefix that passes it and the error of a shorter one."""

    def __init__(self):
        self.out = bytearray()
        self.units = []  # (bytes needed, code, offset, field)
        self.bodies = {}  # a bytes field's path -> where its body starts

    def put(self, raw, path, need=None):
        start = len(self.out)
        self.out += raw
        self.units.append((start + (len(raw) if need is None else need), "TRUNCATED", start, path))

    def expected_prefix(self, length):
        for need, code, offset, field in self.units:
            if need > length:
                return code, offset, field
        raise AssertionError("a prefix of %d bytes is complete" % length)


def text_raw(value):
    return value.encode() if isinstance(value, str) else value


def write_message(msg, version, rec, root, w=None, prefix=True):
    """rec: the fields by snake name (missing: the field's default); a string may be bytes (written
    as is); unknown tags in rec["unknown_tagged_fields"] as (tag, bytes)."""
    w = w or Writer()
    if prefix:
        w.put(struct.pack(">h", version), root + ".version")
    read_at = min(version, msg.hi) if msg.newer_as_latest else version
    write_struct(msg, msg.root, read_at, rec, root, w)
    return w


def write_struct(msg, s, v, rec, path, w):
    flexible = msg.flexible_at(v)
    tagged = []
    for f in s.fields:
        if not f.present(v):
            continue
        value = rec.get(f.snake, default_of(msg, f, v))
        if f.tag is not None and flexible:
            if f.snake in rec:
                tagged.append((f.tag, f, value))
            continue
        write_value(msg, f, f.type, v, value, "%s.%s" % (path, f.snake), w, flexible)
    if flexible:
        unknown = [(t, None, b) for t, b in rec.get("unknown_tagged_fields", [])]
        entries = sorted(tagged + unknown, key=lambda e: e[0])
        start = len(w.out)
        w.out += uvarint(len(entries))
        w.units.append((len(w.out) + 2 * len(entries), "TRUNCATED", start, path + ".tagged_fields"))
        for tag, f, value in entries:
            if f is None:
                body = value
            else:
                inner = Writer()
                write_value(msg, f, f.type, v, value, "%s.%s" % (path, f.snake), inner, flexible, tagged=True)
                body = bytes(inner.out)
            header = len(w.out)
            w.put(uvarint(tag), path + ".tagged_fields")
            size_at = len(w.out)
            w.out += uvarint(len(body))
            w.units.append((len(w.out) + len(body), "TRUNCATED", size_at, path + ".tagged_fields"))
            del header
            w.out += body


def write_value(msg, f, type_, v, value, path, w, flexible, tagged=False):
    fixed = {"int8": ">b", "int16": ">h", "uint16": ">H", "int32": ">i", "int64": ">q"}
    if type_ in fixed:
        w.put(struct.pack(fixed[type_], value), path)
    elif type_ == "uuid":
        w.put(value, path)
    elif type_ in ("string", "bytes"):
        raw = None if value is None else text_raw(value)
        if flexible:
            head = uvarint(0 if raw is None else len(raw) + 1)
        else:
            head = struct.pack(">h" if type_ == "string" else ">i", -1 if raw is None else len(raw))
        if type_ == "bytes":
            w.bodies[path] = len(w.out) + len(head)
        w.put(head + (raw or b""), path)
    elif type_.startswith("[]"):
        e = type_[2:]
        start = len(w.out)
        if value is None:  # a nullable array (4.2's LastAssignmentConfigs, 4.3's AssignmentEpochs)
            w.put(uvarint(0) if flexible else struct.pack(">i", -1), path)
            return
        w.out += uvarint(len(value) + 1) if flexible else struct.pack(">i", len(value))
        w.units.append((len(w.out) + len(value) * element_minimum(msg, f, v), "TRUNCATED", start, path))
        for i, x in enumerate(value):
            if f.struct is not None:
                write_struct(msg, f.struct, v, x, "%s[%d]" % (path, i), w)
            else:
                write_value(msg, f, e, v, x, "%s[%d]" % (path, i), w, flexible)
    else:  # a struct field
        if f.nullable_at(v):
            marker = (uvarint(0 if value is None else 1) if tagged else struct.pack(">b", -1 if value is None else 1))
            w.put(marker, path + ".present")
        if value is not None:
            write_struct(msg, f.struct, v, value, path, w)


def default_of(msg, f, v):
    if f.default is not NO_DEFAULT:
        return f.default
    if f.type.startswith("[]"):
        return []
    if f.type == "string":
        return ""
    if f.type == "bytes":
        return b""
    if f.type == "uuid":
        return bytes(16)
    if f.type in ("int8", "int16", "uint16", "int32", "int64"):
        return 0
    return {}  # a struct: its fields' defaults


# --------------------------------------------------------------------------------------------
# The expected record, from the writer's input (not from the bytes)


def expected_struct(msg, s, v, rec, flexible_message):
    out = OrderedDict()
    flexible = msg.flexible_at(v)
    for f in s.fields:
        if f.present(v) and (f.tag is None or not flexible or f.snake in rec):
            value = rec.get(f.snake, default_of(msg, f, v))
        else:
            value = default_of(msg, f, v)
        out[f.snake] = expected_value(msg, f, f.type, v, value, flexible_message)
    if flexible_message:
        out["unknown_tagged_fields"] = [OrderedDict([("tag", t), ("bytes", b.hex())])
                                        for t, b in rec.get("unknown_tagged_fields", [])]
    return out


def expected_value(msg, f, type_, v, value, flexible_message):
    if value is None:
        return None
    if type_ == "int64":
        return str(value)
    if type_ in ("int8", "int16", "uint16", "int32"):
        return value
    if type_ == "uuid":
        return uuid_text(value)
    if type_ == "string":
        return java_new_string(text_raw(value))
    if type_ == "bytes":
        return value.hex()
    if type_.startswith("[]"):
        if f.struct is not None:
            return [expected_struct(msg, f.struct, v, x, flexible_message) for x in value]
        return [expected_value(msg, f, type_[2:], v, x, flexible_message) for x in value]
    return expected_struct(msg, f.struct, v, value, flexible_message)


def expected_message(msg, version, rec):
    read_at = min(version, msg.hi) if msg.newer_as_latest else version
    out = OrderedDict([("version", version)])
    out.update(expected_struct(msg, msg.root, read_at, rec, msg.flexible is not None))
    return out


# --------------------------------------------------------------------------------------------
# Reference reader (a separate code path: the generated classes' read order, the project's rules)


class Reader:
    def __init__(self, data, start=0, end=None):
        self.b, self.pos, self.end = data, start, len(data) if end is None else end
        self.warnings = []
        self.bodies = {}  # a bytes field's path -> where its body starts

    def rem(self):
        return self.end - self.pos

    def fixed(self, fmt, field):
        width = struct.calcsize(fmt)
        if self.rem() < width:
            raise DecodeError("TRUNCATED", self.pos, field)
        (v,) = struct.unpack_from(fmt, self.b, self.pos)
        self.pos += width
        return v

    def uvarint(self, field):
        """ByteUtils.readUnsignedVarint, but bits past 32 in the fifth byte are VARINT_TOO_LONG."""
        start, value = self.pos, 0
        for i in range(5):
            if self.rem() < 1:
                raise DecodeError("TRUNCATED", start, field)
            b = self.b[self.pos]
            self.pos += 1
            if i == 4 and (b & 0x70):
                raise DecodeError("VARINT_TOO_LONG", start, field)
            value |= (b & 0x7F) << (7 * i)
            if not b & 0x80:
                return value
        raise DecodeError("VARINT_TOO_LONG", start, field)

    def length(self, field, compact, width, nullable, what="length"):
        """A length or count: compact (uvarint - 1) or classic (i16 / i32); None for null."""
        start = self.pos
        if compact:
            n = self.uvarint(field) - 1
            if n < 0 and not nullable:
                raise DecodeError("NULL_NOT_ALLOWED", start, field)
        else:
            n = self.fixed(">h" if width == 2 else ">i", field)
            if n < -1 or (n == -1 and not nullable):
                raise DecodeError("NEGATIVE_LENGTH", start, field)
        return None if n < 0 else n

    def body(self, start, n, field):
        if self.rem() < n:
            raise DecodeError("TRUNCATED", start, field)
        self.pos += n
        return bytes(self.b[self.pos - n:self.pos])


def read_message(msg, data, root, start=0, end=None, bodies=None):
    """(record, warnings) or DecodeError; offsets in `data`, the message in [start, end); bodies:
    filled with where each bytes field's body starts."""
    r = Reader(data, start, end)
    if bodies is not None:
        r.bodies = bodies
    version = r.fixed(">h", root + ".version")
    read_at = version
    if not msg.lo <= version <= msg.hi:
        if not (msg.newer_as_latest and version > msg.hi):
            raise DecodeError("UNSUPPORTED_VERSION", start, root + ".version")
        read_at = msg.hi
        r.warnings.append(warning("NEWER_VERSION", start, root + ".version"))
    rec = OrderedDict([("version", version)])
    rec.update(read_struct(msg, msg.root, read_at, r, root))
    if read_at == version and r.rem():
        raise DecodeError("TRAILING_BYTES", r.pos, root)
    return rec, r.warnings


def read_struct(msg, s, v, r, path):
    flexible = msg.flexible_at(v)
    out = OrderedDict()
    tagged = {}
    for f in s.fields:
        if not f.present(v):
            out[f.snake] = expected_value(msg, f, f.type, v, default_of(msg, f, v), msg.flexible is not None)
        elif f.tag is not None and flexible:
            tagged[f.tag] = f
            out[f.snake] = expected_value(msg, f, f.type, v, default_of(msg, f, v), msg.flexible is not None)
        else:
            out[f.snake] = read_value(msg, f, f.type, v, r, "%s.%s" % (path, f.snake), flexible)
    if msg.flexible is not None:
        out["unknown_tagged_fields"] = []
    if not flexible:
        return out
    field = path + ".tagged_fields"
    start = r.pos
    count = r.uvarint(field)
    if count > r.rem() // 2:
        raise DecodeError("TRUNCATED", start, field)
    previous = -1
    for _ in range(count):
        header = r.pos
        tag = r.uvarint(field)
        if tag <= previous:
            raise DecodeError("TAG_OUT_OF_ORDER", header, field)
        previous = tag
        size_at = r.pos
        size = r.uvarint(field)
        if size > r.rem():
            raise DecodeError("TRUNCATED", size_at, field)
        if tag in tagged:
            f = tagged[tag]
            window = Reader(r.b, r.pos, r.pos + size)
            window.warnings, window.bodies = r.warnings, r.bodies
            inner = "%s.%s" % (path, f.snake)
            # A known tag that is no struct: its value is the node "value" beside its tag and size
            # (the field tree's shape), and an error in it names that node.
            at = inner if f.struct is not None else inner + ".value"
            out[f.snake] = read_value(msg, f, f.type, v, window, at, flexible, tagged=True)
            if window.rem():
                raise DecodeError("TRAILING_BYTES", window.pos, inner)
            r.pos += size
        else:
            out["unknown_tagged_fields"].append(OrderedDict([("tag", tag), ("bytes", r.body(size_at, size, field).hex())]))
    return out


def read_value(msg, f, type_, v, r, path, flexible, tagged=False):
    fixed = {"int8": ">b", "int16": ">h", "uint16": ">H", "int32": ">i", "int64": ">q"}
    if type_ in fixed:
        x = r.fixed(fixed[type_], path)
        return str(x) if type_ == "int64" else x
    if type_ == "uuid":
        return uuid_text(r.body(r.pos, 16, path))
    if type_ in ("string", "bytes"):
        start = r.pos
        n = r.length(path, flexible, 2 if type_ == "string" else 4, f.nullable_at(v))
        if n is None:
            return None
        if type_ == "string" and flexible and n > 0x7FFF:
            raise DecodeError("STRING_TOO_LONG", start, path)
        body_at = r.pos
        body = r.body(start, n, path)
        if type_ == "bytes":
            r.bodies[path] = body_at
            return body.hex()
        bad = strict_utf8_bad(body)
        if bad is not None:  # at the first ill-formed byte, as the Streams decoders place it
            r.warnings.append(warning("UTF8_REPLACED", body_at + bad, path))
        return java_new_string(body)
    if type_.startswith("[]"):
        start = r.pos
        n = r.length(path, flexible, 4, f.nullable_at(v), "count")
        if n is None:
            return None
        if n > r.rem() // element_minimum(msg, f, v):
            raise DecodeError("TRUNCATED", start, path)
        if f.struct is not None:
            return [read_struct(msg, f.struct, v, r, "%s[%d]" % (path, i)) for i in range(n)]
        return [read_value(msg, f, type_[2:], v, r, "%s[%d]" % (path, i), flexible) for i in range(n)]
    if f.nullable_at(v):
        marker_field = path + ".present"
        if tagged:
            present = 0 < r.uvarint(marker_field) <= I32_MAX  # read into a Java int
        else:
            present = r.fixed(">b", marker_field) >= 0
        if not present:
            return None
    return read_struct(msg, f.struct, v, r, path)


error = warning  # the same {code, offset, field}


# --------------------------------------------------------------------------------------------
# The API's records: a key, a value, the consumer protocol, and the levels nested in a group


def api_key(type_, rec):
    out = OrderedDict([("type", type_)])
    out.update(rec)
    return out


def api_value(type_, rec):
    out = OrderedDict([("type", type_)])
    out.update(rec)
    if type_ == "offset" and rec["version"] != 1:
        out["expire_timestamp"] = None  # written by version 1 only
    return out


def nested(outcome):
    """A nested level's outcome: {"record": ...} or {"error": ...}."""
    return OrderedDict([("record", outcome[0])]) if outcome[1] is None else OrderedDict([("error", outcome[1])])


def read_consumer(message, data, root, start, end, streams, warnings):
    """The consumer protocol message at [start, end) of data (paths from root), its userData as
    Streams' when `streams`: (record, None) or (None, error); its warnings appended."""
    msg = MESSAGES["ConsumerProtocolSubscription" if message == "subscription" else "ConsumerProtocolAssignment"]
    bodies = {}
    try:
        rec, warns = read_message(msg, data, root, start, end, bodies)
    except DecodeError as e:
        return None, error(e.code, e.offset, e.field)
    warnings += warns
    if streams and rec["user_data"] is not None:
        at = bodies[root + ".user_data"]
        got = streams_reference(message, bytes.fromhex(rec["user_data"]))
        base = root + ".user_data"
        rebase = lambda x: OrderedDict([("code", x["code"]), ("offset", x["offset"] + at),
                                        ("field", base + x["field"][len(message):])])
        if "error" in got:
            rec["streams"] = OrderedDict([("error", rebase(got["error"]))])
        else:
            rec["streams"] = OrderedDict([("record", got["record"])])
            warnings += [rebase(x) for x in got["warnings"]]
    return rec, None


def read_group_record(key, value):
    """The expected outcome of decodeGroupRecord(key, value): {"record": {"key", "value"},
    "warnings"} (the key's, then the value's by offset) or {"error"}; value None is a null value."""
    warnings = []
    try:
        if len(key) < 2:
            raise DecodeError("TRUNCATED", 0, "key.version")
        (kv,) = struct.unpack_from(">h", key)
        if kv not in TYPE_OF_KEY_VERSION:
            raise DecodeError("UNSUPPORTED_VERSION", 0, "key.version")
        type_, key_msg, value_msg, _ = TYPE_OF_KEY_VERSION[kv]
        krec, warnings = read_message(MESSAGES[key_msg], key, "key")
        vrec = None
        if value is not None:
            bodies = {}
            vrec, vwarn = read_message(MESSAGES[value_msg], value, type_, bodies=bodies)
            vrec = api_value(type_, vrec)
            if type_ == "group":
                read_members(vrec, value, bodies, vwarn)
            warnings = warnings + sorted(vwarn, key=lambda w: w["offset"])
    except DecodeError as e:
        return OrderedDict([("error", error(e.code, e.offset, e.field))])
    record = OrderedDict([("key", api_key(type_, krec)), ("value", vrec)])
    return OrderedDict([("record", record), ("warnings", warnings)])


def read_members(group, value, bodies, warnings):
    """A consumer group's members: the consumer protocol in their bytes, Streams' in its userData
    when the group's protocol is "stream"; zero bytes are no message (null)."""
    if group["protocol_type"] != "consumer":
        return
    streams = group["protocol"] == "stream"
    for i, m in enumerate(group["members"]):
        for part in ("subscription", "assignment"):
            path = "group.members[%d].%s" % (i, part)
            n = len(m[part]) // 2
            if n == 0:
                m["consumer_" + part] = None
                continue
            start = bodies[path]
            m["consumer_" + part] = nested(read_consumer(part, value, path, start, start + n, streams, warnings))


def read_consumer_alone(message, streams, data):
    warnings = []
    rec, err = read_consumer(message, data, message, 0, len(data), streams, warnings)
    if err is not None:
        return OrderedDict([("error", err)])
    return OrderedDict([("record", rec), ("warnings", sorted(warnings, key=lambda w: w["offset"]))])


# --------------------------------------------------------------------------------------------
# Vectors

FLAGS = OrderedDict([
    ("Valid", "decodes to a record"),
    ("Tombstone", "a null value: the group's or the offset's deletion"),
    ("Truncated", "the bytes end inside a field (a prefix of a valid vector, or a length that lies)"),
    ("CountTooLarge", "a count whose elements cannot fit in the bytes left at their least size"),
    ("TrailingBytes", "bytes after the message (or inside a known tagged field, after its value)"),
    ("Version", "a version the decoder refuses (or, in the consumer protocol, reads as 3)"),
    ("NewerVersion", "a consumer protocol version above 3: read as 3, the bytes after its fields left unread"),
    ("NegativeLength", "a classic length or count below -1, or -1 where the field is not nullable"),
    ("Null", "a nullable field, or a nullable tagged struct, that is null"),
    ("NullNotAllowed", "a compact length or count of 0 (null) where the field is not nullable"),
    ("Varint", "an unsigned varint: multi-byte, cut short, longer than 5 bytes or 32 bits"),
    ("Tagged", "tagged fields: known (a nullable struct, an int64, a uuid), unknown (kept as bytes), their order and sizes"),
    ("StringTooLong", "a compact string longer than 32767 bytes"),
    ("Utf8Replaced", "a Kafka string that is not UTF-8, read with U+FFFD as Kafka does"),
    ("Defaults", "fields absent at the version read take their defaults"),
    ("Nested", "the levels inside a consumer group's members: the consumer protocol, Kafka Streams' userData"),
    ("NestedError", "a nested level that does not decode: its error, the levels above it decoded"),
    ("EmptyBytes", "a member's zero-length subscription or assignment: no message (null)"),
    ("Streams", "a consumer protocol message whose userData is read as Kafka Streams'"),
    ("Extreme", "integer extremes (min, max, -1, 0)"),
    ("Kafka41", "what Apache Kafka 4.1.0 added (its record types 10-17 and 19-23, OffsetCommitValue's topicId, "
                "ConsumerGroupMetadataValue's MetadataHash): a reader of Kafka 3.8.0's records skips these"),
    ("Kafka42", "what Apache Kafka 4.2.0 added (StreamsGroupMetadataValue's tagged ValidatedTopologyEpoch and "
                "LastAssignmentConfigs): a reader of Kafka 4.1.0's records skips these"),
    ("Kafka43", "what Apache Kafka 4.3.0 added (the tagged AssignmentEpochs of a consumer or Streams group's "
                "current assignment, the tagged AssignmentTimestamp of the target assignment metadata): a reader "
                "of Kafka 4.2.0's records skips these"),
])


class Collector:
    """Vectors of one file; every expectation hand-written or derived from a writer is checked
    against the reference reader before it is kept."""

    def __init__(self, target, read):
        self.target, self.read, self.vectors = target, read, []

    def add(self, group, name, inputs, flags, comment, expect):
        vid = "%s/%s/%s" % (self.target, group, name)
        check_vector(vid, self.read(*inputs.values()), expect, flags, FLAGS)
        v = OrderedDict([("id", vid), ("comment", comment), ("flags", list(flags))])
        for k, x in inputs.items():
            v[k] = x.hex() if isinstance(x, (bytes, bytearray)) else x
        v["expect"] = expect
        self.vectors.append(v)


# Raw encodings for hand-made bytes.
def i16(v):
    return struct.pack(">h", v)


def i32(v):
    return struct.pack(">i", v)


def i64(v):
    return struct.pack(">q", v)


def s16(text):
    raw = text_raw(text)
    return i16(len(raw)) + raw


def b32(raw):
    return i32(len(raw)) + raw


def cs(text):
    raw = text_raw(text)
    return uvarint(len(raw) + 1) + raw


# ---- consumer-protocol.json ----------------------------------------------------------------

SUB = MESSAGES["ConsumerProtocolSubscription"]
ASG = MESSAGES["ConsumerProtocolAssignment"]


def streams_subscription(version=11):
    """A Kafka Streams SubscriptionInfo (generate_streams.py's writer) and its record."""
    if version >= 7:
        sums = [(0, 0, -2, None), (0, 1, 42, None)] if version >= 10 else [(0, [(0, -2), (1, 42)])]
        tags = [("az", "eu-1")] if version >= 11 else ()
        w = write_subscription7(version, PID, sums, tags=tags)
        return bytes(w.out), sub_record7(version, PID, sums, tags=tags)
    w = write_subscription(version, PID, [(0, 0)], [(0, 1)], b"h:1" if version >= 2 else b"", latest=version)
    return bytes(w.out), sub_record(version, PID, [(0, 0)], [(0, 1)], "h:1" if version >= 2 else None,
                                    version if version >= 3 else -1)


def streams_assignment(version=11, active=((0, 0),), hosts=(("h", 1, [("orders", 0)]),)):
    hosts = list(hosts) if version >= 2 else []
    latest = version if version >= 3 else -1
    w = write_assignment(version, list(active), [], hosts, 0, latest)
    return bytes(w.out), asg_record(version, list(active), [], hosts, 0, latest)


def sub_rec(topics=("orders", "payments"), user_data=b"\x01\x02", owned=(("orders", [0, 2]),), generation=7,
            rack="rack-a"):
    return OrderedDict([("topics", list(topics)), ("user_data", user_data),
                        ("owned_partitions", [OrderedDict([("topic", t), ("partitions", p)]) for t, p in owned]),
                        ("generation_id", generation), ("rack_id", rack)])


def asg_rec(parts=(("orders", [0, 1]), ("payments", [3])), user_data=b"\x05"):
    return OrderedDict([("assigned_partitions", [OrderedDict([("topic", t), ("partitions", p)]) for t, p in parts]),
                        ("user_data", user_data)])


def build_consumer_protocol():
    c = Collector("consumer-protocol", read_consumer_alone)

    def valid(name, message, version, rec, flags, comment, streams=False, streams_record=None, sweep=True,
              warnings=(), tail=b""):
        msg = SUB if message == "subscription" else ASG
        w = write_message(msg, version, rec, message)
        data = bytes(w.out) + tail
        want = expected_message(msg, version, rec)
        if streams_record is not None:
            want["streams"] = streams_record
        c.add("valid", name, OrderedDict([("message", message), ("streams", streams), ("hex", data)]),
              ["Valid"] + flags, comment, expectation(record=want, warnings=warnings))
        if not sweep:
            return
        for n in range(len(data)):
            code, off, field = w.expected_prefix(n)
            c.add("truncated", "%s-len-%d" % (name, n),
                  OrderedDict([("message", message), ("streams", streams), ("hex", data[:n])]), ["Truncated"],
                  "the first %d of %d bytes of %s: %s at %s" % (n, len(data), name, code, field),
                  expectation((code, off, field)))

    def bad(group, name, message, data, flags, comment, code, offset, field, streams=False):
        c.add(group, name, OrderedDict([("message", message), ("streams", streams), ("hex", data)]), flags,
              comment, expectation((code, offset, field)))

    # Every version of both, each cut at every offset.
    for v in range(4):
        fields = ["topics", "userData", "owned partitions", "generation", "rack"][:2 + v]
        valid("subscription-v%d" % v, "subscription", v, sub_rec(), ["Defaults"] if v < 3 else [],
              "subscription version %d: %s" % (v, ", ".join(fields)))
        valid("assignment-v%d" % v, "assignment", v, asg_rec(), [],
              "assignment version %d (versions 1-3 have version 0's fields)" % v)
    valid("subscription-v3-nulls", "subscription", 3,
          sub_rec(topics=(), user_data=None, owned=(), generation=-1, rack=None), ["Null", "Extreme"],
          "version 3: no topics, a null userData (length -1), no owned partitions, generation -1, a null rack")
    valid("subscription-v3-empty-rack", "subscription", 3, sub_rec(user_data=b"", rack=""), [],
          "an empty rack id stays '' (ConsumerProtocol.deserializeSubscription would make it absent) and an "
          "empty userData stays empty bytes", sweep=False)
    valid("subscription-v1-duplicates", "subscription", 1,
          sub_rec(owned=(("orders", [0, 0]), ("orders", [1]))), [],
          "an owned topic given twice, a partition twice: kept as written (Kafka's collection keeps duplicates)",
          sweep=False)
    valid("subscription-v2-extremes", "subscription", 2,
          sub_rec(owned=(("t", [I32_MIN, -1, I32_MAX]),), generation=I32_MIN), ["Extreme"],
          "partitions and generation at the i32 extremes", sweep=False)
    valid("assignment-v0-null-user-data", "assignment", 0, asg_rec(parts=(), user_data=None), ["Null"],
          "no partitions and a null userData")
    valid("subscription-v0-utf8", "subscription", 0, sub_rec(topics=(b"or\xffders", "\u00e9t\u00e9")),
          ["Utf8Replaced"], "a topic with an FF byte: new String(bytes, UTF_8) gives U+FFFD (warning at the FF byte)",
          warnings=[("UTF8_REPLACED", 2 + 4 + 2 + 2, "subscription.topics[0]")], sweep=False)

    # Newer versions: read as version 3, the rest unread.
    for v, tail in ((4, b""), (5, b"\xde\xad"), (ANY, b"\x00" * 9)):
        valid("subscription-v%d" % v, "subscription", v, sub_rec(), ["Version", "NewerVersion"],
              "version %d: read as version 3 with a warning%s" % (v, ", %d bytes after its fields left unread"
                                                                   % len(tail) if tail else ""),
              warnings=[("NEWER_VERSION", 0, "subscription.version")], sweep=False, tail=tail)
        valid("assignment-v%d" % v, "assignment", v, asg_rec(), ["Version", "NewerVersion"],
              "version %d: read as version 3 with a warning" % v,
              warnings=[("NEWER_VERSION", 0, "assignment.version")], sweep=False, tail=tail)
    for v in (-1, -32768):
        for message in ("subscription", "assignment"):
            bad("version", "%s-v-minus-%d" % (message, -v), message, i16(v) + i32(0) + i32(-1), ["Version"],
                "version %d: ConsumerProtocol throws (\"Unsupported %s version\")" % (v, message),
                "UNSUPPORTED_VERSION", 0, message + ".version")

    # Trailing bytes (not after a newer version).
    for v in (0, 3):
        data = bytes(write_message(SUB, v, sub_rec(), "subscription").out)
        bad("trailing", "subscription-v%d-plus-1" % v, "subscription", data + b"\x00", ["TrailingBytes"],
            "version %d and one more byte" % v, "TRAILING_BYTES", len(data), "subscription")
    data = bytes(write_message(ASG, 3, asg_rec(), "assignment").out)
    bad("trailing", "assignment-v3-plus-2", "assignment", data + b"\x00\x00", ["TrailingBytes"],
        "version 3 and two more bytes", "TRAILING_BYTES", len(data), "assignment")

    # Lengths and counts.
    neg = [
        ("topics-minus-1", "subscription", i16(0) + i32(-1) + i32(-1), 2, "subscription.topics",
         "a null topic list (-1): not nullable"),
        ("topics-minus-2", "subscription", i16(0) + i32(-2) + i32(-1), 2, "subscription.topics", "count -2"),
        ("topic-minus-1", "subscription", i16(0) + i32(1) + i16(-1) + i32(-1), 6, "subscription.topics[0]",
         "a null topic (-1): not nullable"),
        ("user-data-minus-2", "subscription", i16(0) + i32(0) + i32(-2), 6, "subscription.user_data",
         "userData length -2 (-1 is null)"),
        ("owned-minus-1", "subscription", i16(1) + i32(0) + i32(-1) + i32(-1), 10, "subscription.owned_partitions",
         "a null owned partition list: not nullable"),
        ("owned-partitions-minus-1", "subscription", i16(1) + i32(0) + i32(-1) + i32(1) + s16("t") + i32(-1), 17,
         "subscription.owned_partitions[0].partitions", "a null partition list: not nullable"),
        ("rack-minus-2", "subscription", i16(3) + i32(0) + i32(-1) + i32(0) + i32(1) + i16(-2), 18,
         "subscription.rack_id", "rack length -2 (-1 is null)"),
        ("assigned-minus-1", "assignment", i16(0) + i32(-1) + i32(-1), 2, "assignment.assigned_partitions",
         "a null assigned partition list: not nullable"),
        ("assigned-topic-minus-1", "assignment", i16(0) + i32(1) + i16(-1) + i32(0) + i32(-1), 6,
         "assignment.assigned_partitions[0].topic", "a null topic: not nullable"),
        ("assignment-user-data-i32-min", "assignment", i16(0) + i32(0) + i32(I32_MIN), 6, "assignment.user_data",
         "userData length i32 min"),
    ]
    for name, message, data, off, field, com in neg:
        bad("negative", name, message, data, ["NegativeLength"] + (["Extreme"] if "min" in name else []), com,
            "NEGATIVE_LENGTH", off, field)
    big = [
        ("topics-2-room-3", "subscription", i16(0) + i32(2) + b"\x00" * 3, 2, "subscription.topics",
         "2 topics need at least 4 bytes, 3 remain"),
        ("topics-i32-max", "subscription", i16(0) + i32(I32_MAX) + i32(-1), 2, "subscription.topics",
         "topic count i32 max"),
        ("partitions-2-room-7", "assignment", i16(0) + i32(1) + s16("t") + i32(2) + b"\x00" * 7, 9,
         "assignment.assigned_partitions[0].partitions", "2 partitions need 8 bytes, 7 remain"),
        ("assigned-2-room-19", "assignment", i16(0) + i32(2) + b"\x00" * 19, 2, "assignment.assigned_partitions",
         "2 topic partitions need at least 2 x 6 + ... = 12 bytes: fits; the second's topic length is cut"),
        ("user-data-longer", "subscription", i16(0) + i32(0) + i32(10) + b"abc", 6, "subscription.user_data",
         "userData says 10 bytes, 3 remain"),
    ]
    for name, message, data, off, field, com in big:
        flags = ["CountTooLarge", "Truncated"] if "room" in name or "max" in name else ["Truncated"]
        if name == "assigned-2-room-19":
            off, field, flags = 2 + 4 + 6 + 4 + 0, "assignment.assigned_partitions[0].partitions", ["Truncated"]
            data = i16(0) + i32(2) + s16("") + i32(3) + b"\x00" * 12 + s16("ab")
            off, field = 2 + 4 + 2 + 4 + 12 + 4, "assignment.assigned_partitions[1].partitions"
            com = "2 topic partitions pass the count check; the second's partition count is cut"
        bad("count", name, message, data, flags + (["Extreme"] if "max" in name else []), com, "TRUNCATED", off,
            field)

    # The userData read as Kafka Streams' (an error there is the Streams level's).
    for v in (1, 6, 7, 11):
        ud, rec = streams_subscription(v)
        valid("subscription-streams-v%d" % v, "subscription", 3 if v != 1 else 0, sub_rec(user_data=ud),
              ["Streams", "Nested"], "a subscription whose userData is a Kafka Streams SubscriptionInfo version %d"
              % v, streams=True, streams_record=OrderedDict([("record", rec)]), sweep=False)
    for v in (1, 5, 10, 11):
        ud, rec = streams_assignment(v, active=((0, 0, "topo") if v >= 10 else (0, 0),))
        valid("assignment-streams-v%d" % v, "assignment", 3, asg_rec(user_data=ud), ["Streams", "Nested"],
              "an assignment whose userData is a Kafka Streams AssignmentInfo version %d" % v, streams=True,
              streams_record=OrderedDict([("record", rec)]), sweep=False)
    valid("subscription-streams-null", "subscription", 3, sub_rec(user_data=None), ["Streams", "Null"],
          "read as Streams, a null userData: no Streams level", streams=True, sweep=False)
    ud, _ = streams_assignment(11)
    cut = ud[:-3]
    at = 2 + 4 + 2 + 6 + 4 + 8 + 2 + 8 + 4 + 4 + 4  # version, 2 topic partitions, the userData's length
    got = streams_reference("assignment", cut)["error"]
    valid("assignment-streams-cut", "assignment", 3, asg_rec(user_data=cut), ["Streams", "NestedError"],
          "an AssignmentInfo cut 3 bytes short: the Streams level's error (offset %d in these bytes), the "
          "consumer protocol level decoded" % (at + got["offset"]), streams=True,
          streams_record=OrderedDict([("error", error(got["code"], at + got["offset"],
                                                       "assignment.user_data" + got["field"][len("assignment"):]))]),
          sweep=False)
    bad_host = write_assignment(2, [], [], [(b"\x00\x03h\xc0\x80", 1, [])], 0, 2)
    valid("assignment-streams-warning", "assignment", 0, asg_rec(parts=(), user_data=bytes(bad_host.out)),
          ["Streams", "Nested"], "a Streams host written as modified UTF-8 (C0 80): the Streams warning, at its "
          "offset in these bytes", streams=True,
          streams_record=OrderedDict([("record", asg_record(2, [], [], [("h\u0000", 1, [])], 0, -1))]),
          warnings=[("JAVA_MODIFIED_UTF8", 2 + 4 + 4 + 4 * 4 + 2 + 1, "assignment.user_data.partitions_by_host[0].host")],
          sweep=False)
    return c


# ---- group-records.json --------------------------------------------------------------------


class Part:
    """A member's subscription or assignment: the consumer protocol written from rec (or raw
    bytes), and the nested level expected of it at body offset `at` under path `root`. streams:
    the Streams level's expectation, ("record", r) or ("error", code, offset in the userData,
    Streams field); error: the consumer level's (code, offset in these bytes, path after root);
    warnings: (code, offset in these bytes, path after root)."""

    def __init__(self, message, version=None, rec=None, raw=None, streams=None, error=None, warnings=()):
        self.message, self.streams, self.error, self.warnings = message, streams, error, list(warnings)
        msg = SUB if message == "subscription" else ASG
        self.want, self.user_data_at = None, None
        if raw is None:
            w = write_message(msg, version, rec, message)
            raw = bytes(w.out)
            self.want = expected_message(msg, version, rec)
            self.user_data_at = w.bodies.get(message + ".user_data")
        self.raw = raw

    def expect(self, at, root, streaming, warnings):
        if not self.raw:
            return None
        rebase = lambda code, off, suffix: error(code, at + off, root + suffix)
        warnings += [warning(code, at + off, root + suffix) for code, off, suffix in self.warnings]
        if self.error is not None:
            return OrderedDict([("error", rebase(*self.error))])
        want = OrderedDict(self.want)
        if streaming and want["user_data"] is not None:
            kind = self.streams[0]
            if kind == "record":
                want["streams"] = OrderedDict([("record", self.streams[1])])
            else:
                _, code, off, field = self.streams
                want["streams"] = OrderedDict([("error", error(code, at + self.user_data_at + off,
                                                                root + ".user_data" + field[len(self.message):]))])
        return OrderedDict([("record", want)])


def member(i, sub, asg, version, **fields):
    rec = OrderedDict([("member_id", "member-%d" % i), ("group_instance_id", fields.pop("instance", None)),
                       ("client_id", "client-%d" % i), ("client_host", "/10.0.0.%d" % (i + 1)),
                       ("rebalance_timeout", 300000), ("session_timeout", 45000),
                       ("subscription", sub.raw), ("assignment", asg.raw)])
    rec.update(fields)
    return rec


def group_value(version, members, protocol_type="consumer", protocol="stream", leader="member-0", generation=5,
                timestamp=1700000000000, **fields):
    rec = OrderedDict([("protocol_type", protocol_type), ("generation", generation), ("protocol", protocol),
                       ("leader", leader), ("current_state_timestamp", timestamp), ("members", members)])
    rec.update(fields)
    return rec


def build_group_records():
    c = Collector("group-records", read_group_record)
    gv = MESSAGES["GroupMetadataValue"]

    # ["Kafka41"] while the vectors of what Kafka 4.1.0 added are written (their sweeps included).
    era = []

    def add(group, name, key, value, flags, comment, expect):
        c.add(group, name, OrderedDict([("key", key), ("value", value)]), list(flags) + era, comment, expect)

    def key_of(type_, version, rec):
        msg = MESSAGES[[t for t in RECORD_TYPES if t[0] == type_][0][1]]
        return write_message(msg, version, rec, "key")

    def valid(name, type_, kv, krec, vv, vrec, flags, comment, parts=None, sweep=("value",), warnings=()):
        """parts: each member's (subscription Part, assignment Part) of a group value."""
        _, key_msg, value_msg, _ = [t for t in RECORD_TYPES if t[0] == type_][0]
        kw = key_of(type_, kv, krec)
        vw = None if vrec is None else write_message(MESSAGES[value_msg], vv, vrec, type_)
        key, value = bytes(kw.out), None if vw is None else bytes(vw.out)
        want_value = None
        value_warnings = list(warnings)
        if vw is not None:
            want_value = api_value(type_, expected_message(MESSAGES[value_msg], vv, vrec))
            if parts is not None:
                streaming = vrec["protocol"] == "stream"
                for i, (m, pair) in enumerate(zip(want_value["members"], parts)):
                    for part in pair:
                        path = "group.members[%d].%s" % (i, part.message)
                        m["consumer_" + part.message] = part.expect(vw.bodies[path], path, streaming, value_warnings)
        want = OrderedDict([("key", api_key(type_, expected_message(MESSAGES[key_msg], kv, krec))),
                            ("value", want_value)])
        every = [w if isinstance(w, dict) else warning(*w) for w in value_warnings]
        by_offset = lambda ws: sorted(ws, key=lambda w: w["offset"])
        every = (by_offset([w for w in every if w["field"].startswith("key.")])
                 + by_offset([w for w in every if not w["field"].startswith("key.")]))
        add("valid", name, key, value, ["Valid"] + (["Tombstone"] if value is None else []) + flags, comment,
            OrderedDict([("record", want), ("warnings", every)]))
        if "key" in sweep:
            for n in range(len(key)):
                code, off, field = kw.expected_prefix(n)
                add("truncated", "%s-key-len-%d" % (name, n), key[:n], value, ["Truncated"],
                    "the first %d of %d bytes of %s's key: %s at %s" % (n, len(key), name, code, field),
                    expectation((code, off, field)))
        if "value" in sweep and value is not None:
            for n in range(len(value)):
                code, off, field = vw.expected_prefix(n)
                add("truncated", "%s-value-len-%d" % (name, n), key, value[:n], ["Truncated"],
                    "the first %d of %d bytes of %s's value: %s at %s" % (n, len(value), name, code, field),
                    expectation((code, off, field)))

    # ---- offset commits: key versions 0 and 1, value versions 0-4 ----------------------------
    okey = OrderedDict([("group", "payments-app"), ("topic", "orders"), ("partition", 3)])
    oval = OrderedDict([("offset", 1234567), ("leader_epoch", 9), ("metadata", "m"),
                        ("commit_timestamp", 1700000000000), ("expire_timestamp", 1700086400000)])
    for kv in (0, 1):
        valid("offset-key-v%d-tombstone" % kv, "offset", kv, okey, None, None, [],
              "an offset commit key version %d with a null value: the offset deleted" % kv, sweep=("key",))
    for vv in range(5):
        valid("offset-v%d" % vv, "offset", 1, okey, vv, oval, ["Defaults"] if vv != 1 else [],
              "offset commit value version %d%s" % (vv, {0: ": no leader epoch (-1), no expire timestamp (null)",
                                                         1: ": the expire timestamp (version 1 only)",
                                                         2: ": no expire timestamp", 3: ": the leader epoch",
                                                         4: ": flexible (compact metadata, tagged fields)"}[vv]))
    valid("offset-v4-tagged", "offset", 0, okey, 4,
          OrderedDict(oval, metadata="", unknown_tagged_fields=[(1, b"\x01"), (7, b""), (300, b"xyz")]),
          ["Tagged", "Varint"], "version 4 with three unknown tags (a two-byte tag 300): kept as bytes, in order "
          "(tag 0 is 4.1.0's topicId)")
    valid("offset-v3-extremes", "offset", 0, OrderedDict(okey, partition=I32_MIN), 3,
          OrderedDict(oval, offset=I64_MIN, leader_epoch=I32_MAX, commit_timestamp=I64_MAX), ["Extreme"],
          "i64 and i32 extremes", sweep=())
    valid("offset-v1-expire-minus-1", "offset", 0, okey, 1, OrderedDict(oval, expire_timestamp=-1), [],
          "version 1 writes the expire timestamp: -1 written is -1, not null", sweep=())
    valid("offset-v0-utf8", "offset", 0, OrderedDict(okey, topic=b"ord\xc3ers"), 0,
          OrderedDict(oval, metadata=b"\xe2\x82"), ["Utf8Replaced"],
          "a topic and metadata that are not UTF-8: U+FFFD as Kafka reads them, a warning each",
          warnings=[("UTF8_REPLACED", 2 + 2 + 12 + 2 + 3, "key.topic"), ("UTF8_REPLACED", 2 + 8 + 2, "offset.metadata")],
          sweep=())

    # ---- classic group metadata: key version 2, value versions 0-4, the members' levels ---------
    gkey = OrderedDict([("group", "payments-app")])
    sub_r = lambda v, **kw: Part("subscription", v, sub_rec(user_data=None, **kw))
    asg_r = lambda v, **kw: Part("assignment", v, asg_rec(user_data=None, **kw))
    valid("group-key-tombstone", "group", 2, gkey, None, None, [], "a group metadata key with a null value: the "
          "group deleted", sweep=("key",))
    for vv in range(5):
        parts = [(sub_r(min(vv, 3), topics=("t",), owned=(("t", [0]),), rack="r"), asg_r(min(vv, 3), parts=(("t", [0]),))),
                 (sub_r(1, topics=("t",), owned=()), Part("assignment", 0, asg_rec(parts=(("t", [1]),), user_data=b"")))]
        members = [member(i, s_, a, vv, instance="instance-%d" % i if i == 0 else None) for i, (s_, a) in enumerate(parts)]
        valid("group-v%d" % vv, "group", 2, gkey, vv, group_value(vv, members, protocol="range"),
              ["Nested"] + (["Defaults"] if vv < 3 else []),
              "group metadata value version %d: a consumer group (assignor range) of 2 members, their subscriptions "
              "and assignments read as the consumer protocol%s" % (vv, {
                  0: "; no rebalance timeout (-1), no state timestamp (-1), no instance id (null)",
                  1: "; no state timestamp (-1), no instance id (null)", 2: "; no instance id (null)",
                  3: "; the first member static (its group.instance.id)",
                  4: "; flexible: compact strings and bytes, tagged sections"}[vv]), parts=parts)
    valid("group-v3-empty", "group", 2, gkey, 3,
          group_value(3, [], protocol=None, leader=None, generation=0, timestamp=-1), ["Null"],
          "an empty group: no members, a null protocol and leader (its state after the last member left)")
    valid("group-v2-connect", "group", 2, gkey, 2,
          group_value(2, [member(0, Part("subscription", raw=b"\x00\x01"), Part("assignment", raw=b"\x00\x02"), 2)],
                      protocol_type="connect", protocol="sessioned"), [],
          "a Kafka Connect worker group (protocolType connect): the members' bytes are not the consumer protocol",
          sweep=())

    # A Streams group (protocol "stream"): each member's userData is Kafka Streams' metadata.
    def streams_parts(i, sub_version=3, asg_version=3, sub_info=11, asg_info=11):
        ud_s, rec_s = streams_subscription(sub_info)
        ud_a, rec_a = streams_assignment(asg_info, active=((0, i, "t") if asg_info >= 10 else (0, i),),
                                         hosts=(("h%d" % i, 8080, [("orders", i)]),))
        return (Part("subscription", sub_version, sub_rec(topics=("orders",), user_data=ud_s, owned=(), rack=None),
                     streams=("record", rec_s)),
                Part("assignment", asg_version, asg_rec(parts=(("orders", [i]),), user_data=ud_a),
                     streams=("record", rec_a)))

    stream = [streams_parts(i) for i in range(2)]
    valid("group-v3-stream", "group", 2, gkey, 3,
          group_value(3, [member(i, *p, 3) for i, p in enumerate(stream)]), ["Nested", "Streams"],
          "a Kafka Streams group of 2 members: consumer protocol version 3, SubscriptionInfo and AssignmentInfo "
          "version 11 in their userData", parts=stream, sweep=())
    stream4 = [streams_parts(0, 2, 1, 7, 7)]
    valid("group-v4-stream-tagged", "group", 2, gkey, 4,
          group_value(4, [member(0, *stream4[0], 4, unknown_tagged_fields=[(1, b"\x07")])],
                      unknown_tagged_fields=[(0, b""), (9, b"\xff\xff")]),
          ["Nested", "Streams", "Tagged"],
          "a Streams group in version 4 (flexible: the members' bytes after a compact length), with unknown tags on "
          "the member and on the value; Streams metadata version 7", parts=stream4, sweep=())

    # Nested levels that fail, and the levels above them decoded.
    deep = [streams_parts(i) for i in range(3)]
    ud, _ = streams_assignment(11, active=((0, 2, "t"),), hosts=(("h2", 8080, [("orders", 2)]),))
    topology_at = 4 + 4 + 4 + 4 + 4  # version, latest, active count, the task's group id and partition
    cut = ud[:topology_at] + i32(100) + b"\x00t"
    deep[2] = (deep[2][0], Part("assignment", 3, asg_rec(parts=(("orders", [2]),), user_data=cut),
                               streams=("error", "TRUNCATED", topology_at, "assignment.active_tasks[0].named_topology")))
    valid("group-v3-stream-deep-error", "group", 2, gkey, 3,
          group_value(3, [member(i, *p, 3) for i, p in enumerate(deep)]), ["Nested", "Streams", "NestedError"],
          "the third member's AssignmentInfo names a topology of 100 chars with 2 bytes left: the Streams level's "
          "error at its path and offset in the value, every other level decoded", parts=deep, sweep=())
    broken = [streams_parts(i) for i in range(2)]
    broken[1] = (Part("subscription", raw=i16(-1) + i32(0) + i32(-1),
                      error=("UNSUPPORTED_VERSION", 0, ".version")), broken[1][1])
    broken[0] = (broken[0][0], Part("assignment", raw=b""))
    newer = Part("subscription", 4, sub_rec(topics=("orders",), user_data=None), warnings=[("NEWER_VERSION", 0, ".version")])
    trailing = Part("assignment", raw=bytes(write_message(ASG, 0, asg_rec(user_data=None), "assignment").out) + b"\x00",
                    error=("TRAILING_BYTES", 2 + 4 + 2 + 6 + 4 + 8 + 2 + 8 + 4 + 4 + 4, ""))
    broken.append((newer, trailing))
    valid("group-v3-consumer-errors", "group", 2, gkey, 3,
          group_value(3, [member(i, *p, 3) for i, p in enumerate(broken)]),
          ["Nested", "NestedError", "EmptyBytes", "NewerVersion"],
          "a Streams group whose first member has no assignment yet (zero bytes: null), whose second's subscription "
          "has version -1 (the consumer level's error) and whose third's subscription is version 4 (read as 3, "
          "a warning) and assignment has a byte after it", parts=broken, sweep=())

    # ---- the KIP-848 records: key versions 3-8, value version 0 (flexible) ---------------------
    gid = OrderedDict([("group_id", "payments-app")])
    mid = OrderedDict([("group_id", "payments-app"), ("member_id", "m-1")])
    topic_a, topic_b = bytes(range(16)), bytes([0xFF] * 8 + [0x80] * 8)
    classic = OrderedDict([("session_timeout_ms", 45000), ("supported_protocols", [
        OrderedDict([("name", "range"), ("metadata", b"\x00\x03")]),
        OrderedDict([("name", "cooperative-sticky"), ("metadata", b"")])])])
    member_value = OrderedDict([("instance_id", None), ("rack_id", "rack-a"), ("client_id", "c-1"),
                                ("client_host", "/10.0.0.1"), ("subscribed_topic_names", ["orders", "payments"]),
                                ("subscribed_topic_regex", None), ("rebalance_timeout_ms", 300000),
                                ("server_assignor", "uniform")])
    kip848 = [
        ("consumer_group_metadata", 3, gid, OrderedDict([("epoch", 42)]), "the group epoch"),
        ("consumer_group_partition_metadata", 4, gid, OrderedDict([("topics", [
            OrderedDict([("topic_id", topic_a), ("topic_name", "orders"), ("num_partitions", 3), ("partition_metadata", [
                OrderedDict([("partition", 0), ("racks", ["rack-a", "rack-b"])]),
                OrderedDict([("partition", 1), ("racks", [])])])]),
            OrderedDict([("topic_id", topic_b), ("topic_name", "payments"), ("num_partitions", 1),
                         ("partition_metadata", [])])])]), "the subscribed topics' ids, partitions and racks"),
        ("consumer_group_member_metadata", 5, mid, OrderedDict(member_value, classic_member_metadata=classic),
         "a member that joined with the classic protocol: its classic metadata in tagged field 0"),
        ("consumer_group_target_assignment_metadata", 6, gid, OrderedDict([("assignment_epoch", 41)]),
         "the target assignment's epoch"),
        ("consumer_group_target_assignment_member", 7, mid, OrderedDict([("topic_partitions", [
            OrderedDict([("topic_id", topic_a), ("partitions", [0, 2])])])]), "a member's target partitions"),
        ("consumer_group_current_member_assignment", 8, mid, OrderedDict([
            ("member_epoch", 42), ("previous_member_epoch", 41), ("state", 1),
            ("assigned_partitions", [OrderedDict([("topic_id", topic_a), ("partitions", [0])])]),
            ("partitions_pending_revocation", [OrderedDict([("topic_id", topic_b), ("partitions", [1, 2])])])]),
         "a member's current assignment and the partitions it must revoke (state 1: unrevoked partitions)"),
    ]
    for type_, kv, krec, vrec, what in kip848:
        valid(type_.replace("_", "-"), type_, kv, krec, 0, vrec, [], "key version %d, value version 0: %s" % (kv, what),
              sweep=("key", "value"))
        valid(type_.replace("_", "-") + "-tombstone", type_, kv, krec, None, None, [],
              "key version %d with a null value: the record deleted" % kv, sweep=())
    valid("consumer-group-member-metadata-no-classic", "consumer_group_member_metadata", 5, mid, 0,
          OrderedDict(member_value, instance_id="i-1", subscribed_topic_regex="orders-.*", server_assignor=None,
                      subscribed_topic_names=[]),
          ["Tagged", "Defaults"], "a member of the consumer protocol: tag 0 absent, read as the empty classic "
          "metadata (Kafka's generated class: no default, so a new ClassicMemberMetadata)", sweep=())
    valid("consumer-group-member-metadata-classic-null", "consumer_group_member_metadata", 5, mid, 0,
          OrderedDict(member_value, classic_member_metadata=None), ["Tagged", "Null"],
          "tag 0 written with the null marker (unsigned varint 0)", sweep=())
    valid("consumer-group-member-metadata-unknown-tags", "consumer_group_member_metadata", 5, mid, 0,
          OrderedDict(member_value, classic_member_metadata=OrderedDict(
              classic, unknown_tagged_fields=[(3, b"\x01\x02")],
              supported_protocols=[OrderedDict([("name", "range"), ("metadata", b"\x09"),
                                                ("unknown_tagged_fields", [(0, b"")])])]),
                      unknown_tagged_fields=[(1, b"\x05"), (200, b"\x00" * 3)]),
          ["Tagged"], "unknown tags on the value (1, 200: after the known tag 0), on the classic metadata and on "
          "a supported protocol: each kept on the struct that carried it", sweep=())

    # ---- Apache Kafka 4.1.0 (confluentinc/kafka v8.1.0): new tagged fields, new record types ---
    era.append("Kafka41")
    valid("offset-v4-topic-id", "offset", 1, okey, 4, OrderedDict(oval, topic_id=topic_a), ["Tagged"],
          "version 4 with 4.1.0's tagged topicId (tag 0, a uuid of 16 bytes)", sweep=("value",))
    valid("consumer-group-metadata-hash", "consumer_group_metadata", 3, gid, 0,
          OrderedDict([("epoch", 43), ("metadata_hash", -8070450532247928832)]), ["Tagged", "Extreme"],
          "4.1.0's tagged MetadataHash (KIP-1101, tag 0, an int64); absent it reads as 0", sweep=("value",))
    sid = OrderedDict([("group_id", "share-app")])
    smid = OrderedDict([("group_id", "share-app"), ("member_id", "s-1")])
    tid = OrderedDict([("group_id", "streams-app")])
    tmid = OrderedDict([("group_id", "streams-app"), ("member_id", "t-1")])
    tasks = [OrderedDict([("subtopology_id", "0"), ("partitions", [0, 1])]),
             OrderedDict([("subtopology_id", "1"), ("partitions", [])])]
    topic_config = OrderedDict([("key", "cleanup.policy"), ("value", "compact")])
    kip4 = [
        ("share_group_member_metadata", 10, smid, OrderedDict([
            ("rack_id", None), ("client_id", "c-s"), ("client_host", "/10.0.0.2"),
            ("subscribed_topic_names", ["orders"])]), "a share group member (KIP-932)"),
        ("share_group_metadata", 11, sid, OrderedDict([("epoch", 7), ("metadata_hash", 123456789012345)]),
         "a share group's epoch and metadata hash"),
        ("share_group_target_assignment_metadata", 12, sid, OrderedDict([("assignment_epoch", 7)]),
         "a share group's target assignment epoch"),
        ("share_group_target_assignment_member", 13, smid, OrderedDict([("topic_partitions", [
            OrderedDict([("topic_id", topic_a), ("partitions", [0, 1, 2])])])]), "a share group member's target"),
        ("share_group_current_member_assignment", 14, smid, OrderedDict([
            ("member_epoch", 7), ("previous_member_epoch", 6), ("state", 0),
            ("assigned_partitions", [OrderedDict([("topic_id", topic_b), ("partitions", [4])])])]),
         "a share group member's current assignment"),
        ("share_group_state_partition_metadata", 15, sid, OrderedDict([
            ("initializing_topics", [OrderedDict([("topic_id", topic_a), ("topic_name", "orders"),
                                                  ("partitions", [2])])]),
            ("initialized_topics", [OrderedDict([("topic_id", topic_b), ("topic_name", "payments"),
                                                 ("partitions", [0, 1])])]),
            ("deleting_topics", [OrderedDict([("topic_id", bytes([7] * 16)), ("topic_name", "gone")])])]),
         "the share-group state of its topic partitions: initializing, initialized, deleting"),
        ("consumer_group_regular_expression", 16,
         OrderedDict([("group_id", "payments-app"), ("regular_expression", "orders-.*")]), OrderedDict([
             ("topics", ["orders-eu", "orders-us"]), ("metadata_version", 9876543210),
             ("timestamp", 1700000000000)]),
         "a regular expression subscription (KIP-848) resolved to two topics (Kafka's field Version is "
         "metadata_version here)"),
        ("streams_group_metadata", 17, tid, OrderedDict([("epoch", 3), ("metadata_hash", -1)]),
         "a Streams group's epoch and metadata hash (KIP-1071)"),
        ("streams_group_member_metadata", 19, tmid, OrderedDict([
            ("instance_id", "i-1"), ("rack_id", None), ("client_id", "c-t"), ("client_host", "/10.0.0.3"),
            ("rebalance_timeout_ms", 60000), ("topology_epoch", 2), ("process_id", "p-1"),
            ("user_endpoint", OrderedDict([("host", "h1"), ("port", 65535)])),
            ("client_tags", [OrderedDict([("key", "az"), ("value", "eu-1")])])]),
         "a Streams group member: its endpoint (a nullable struct, port a uint16 65535) and client tags"),
        ("streams_group_target_assignment_metadata", 20, tid, OrderedDict([("assignment_epoch", 3)]),
         "a Streams group's target assignment epoch"),
        ("streams_group_target_assignment_member", 21, tmid, OrderedDict([
            ("active_tasks", tasks), ("standby_tasks", tasks[1:]), ("warmup_tasks", [])]),
         "a Streams member's target tasks"),
        ("streams_group_current_member_assignment", 22, tmid, OrderedDict([
            ("member_epoch", 3), ("previous_member_epoch", 2), ("state", 1), ("active_tasks", tasks[:1]),
            ("standby_tasks", []), ("warmup_tasks", tasks[1:]), ("active_tasks_pending_revocation", tasks[1:]),
            ("standby_tasks_pending_revocation", []), ("warmup_tasks_pending_revocation", [])]),
         "a Streams member's current tasks and those it must revoke"),
        ("streams_group_topology", 23, tid, OrderedDict([("epoch", 2), ("subtopologies", [OrderedDict([
            ("subtopology_id", "0"), ("source_topics", ["input"]), ("source_topic_regex", ["in-.*"]),
            ("state_changelog_topics", [OrderedDict([("name", "app-store-changelog"), ("partitions", 0),
                                                     ("replication_factor", 0), ("topic_configs", [topic_config])])]),
            ("repartition_sink_topics", ["app-repartition"]),
            ("repartition_source_topics", [OrderedDict([("name", "app-repartition"), ("partitions", 4),
                                                        ("replication_factor", -1), ("topic_configs", [])])]),
            ("copartition_groups", [OrderedDict([("source_topics", [0]), ("source_topic_regex", [0]),
                                                 ("repartition_source_topics", [-32768])])])])])]),
         "a Streams group's topology: a subtopology with every list, an int16 index at its extreme"),
    ]
    for type_, kv, krec, vrec, what in kip4:
        valid(type_.replace("_", "-"), type_, kv, krec, 0, vrec, [], "key version %d, value version 0: %s" % (kv, what),
              sweep=("key", "value"))
        valid(type_.replace("_", "-") + "-tombstone", type_, kv, krec, None, None, [],
              "key version %d with a null value: the record deleted" % kv, sweep=())
    valid("streams-group-member-metadata-no-endpoint", "streams_group_member_metadata", 19, tmid, 0,
          OrderedDict(kip4[8][3], user_endpoint=None, client_tags=[],
                      unknown_tagged_fields=[(5, b"\x01")]), ["Null", "Tagged"],
          "no user endpoint (marker -1), no client tags, an unknown tag kept", sweep=())

    # ---- Apache Kafka 4.2.0 (confluentinc/kafka v8.2.0): StreamsGroupMetadataValue's tags -------
    era[:] = ["Kafka42"]
    configs = [OrderedDict([("key", "num.standby.replicas"), ("value", "1")]),
               OrderedDict([("key", "assignment.acceptable.recovery.lag"), ("value", "10000")])]
    valid("streams-group-metadata-validated", "streams_group_metadata", 17, tid, 0,
          OrderedDict([("epoch", 4), ("metadata_hash", 77), ("validated_topology_epoch", 2),
                       ("last_assignment_configs", configs)]), ["Tagged"],
          "4.2.0's tagged ValidatedTopologyEpoch (tag 0, an int32) and LastAssignmentConfigs (tag 1, a list of "
          "key-value structs); absent (4.1.0) they read as -1 and the empty list", sweep=("value",))
    valid("streams-group-metadata-configs-null", "streams_group_metadata", 17, tid, 0,
          OrderedDict([("epoch", 4), ("metadata_hash", 77), ("last_assignment_configs", None),
                       ("unknown_tagged_fields", [(2, b"\x07")])]), ["Tagged", "Null", "Defaults"],
          "tag 1 written as null (count 0), tag 0 absent (read as -1), an unknown tag 2 kept", sweep=())

    # ---- Apache Kafka 4.3.0 (confluentinc/kafka v8.3.0): AssignmentTimestamp, AssignmentEpochs ---
    era[:] = ["Kafka43"]
    for type_, kv, krec, epoch in (("consumer_group_target_assignment_metadata", 6, gid, 41),
                                   ("share_group_target_assignment_metadata", 12, sid, 7),
                                   ("streams_group_target_assignment_metadata", 20, tid, 3)):
        valid(type_.replace("_", "-") + "-timestamp", type_, kv, krec, 0,
              OrderedDict([("assignment_epoch", epoch), ("assignment_timestamp", 1767225600123)]), ["Tagged"],
              "4.3.0's tagged AssignmentTimestamp (KIP-1263, tag 0, an int64); absent it reads as 0",
              sweep=("value",) if kv == 6 else ())
    valid("consumer-group-current-member-assignment-epochs", "consumer_group_current_member_assignment", 8, mid, 0,
          OrderedDict([("member_epoch", 42), ("previous_member_epoch", 41), ("state", 1),
                       ("assigned_partitions", [OrderedDict([("topic_id", topic_a), ("partitions", [0, 3]),
                                                             ("assignment_epochs", [40, 42])])]),
                       ("partitions_pending_revocation", [OrderedDict([("topic_id", topic_b), ("partitions", [1]),
                                                                       ("assignment_epochs", None)])])]),
          ["Tagged", "Null"],
          "4.3.0's tagged AssignmentEpochs (tag 0, a nullable []int32, one per partition) in TopicPartitions: "
          "written for the assigned partitions, written null for those pending revocation; absent, the empty list",
          sweep=("value",))
    valid("streams-group-current-member-assignment-epochs", "streams_group_current_member_assignment", 22, tmid, 0,
          OrderedDict([("member_epoch", 3), ("previous_member_epoch", 2), ("state", 0),
                       ("active_tasks", [OrderedDict([("subtopology_id", "0"), ("partitions", [0, 1]),
                                                      ("assignment_epochs", [3, I32_MAX])])]),
                       ("standby_tasks", tasks[1:]), ("warmup_tasks", []),
                       ("active_tasks_pending_revocation", []), ("standby_tasks_pending_revocation", []),
                       ("warmup_tasks_pending_revocation", [])]),
          ["Tagged", "Extreme"],
          "4.3.0's tagged AssignmentEpochs (tag 0) in an active task's TaskIds (only active tasks have them); "
          "the standby task's absent, the empty list", sweep=("value",))

    era.clear()

    # ---- errors of the key and of the value (the record's: nothing nested is read) -------------
    okey_b = bytes(key_of("offset", 1, okey).out)
    gkey_b = bytes(key_of("group", 2, gkey).out)
    mkey_b = bytes(key_of("consumer_group_member_metadata", 5, mid).out)

    def bad(group, name, key, value, flags, comment, code, offset, field):
        add(group, name, key, value, flags, comment, expectation((code, offset, field)))

    for v in (9, 18, 24, 32767, -1, -32768):
        bad("version", "key-v%s" % (v if v >= 0 else "minus-%d" % -v), i16(v) + s16("g"), None,
            ["Version"] + (["Extreme"] if abs(v) > 24 else []),
            "key version %d names no record type (Kafka 4.1.0: UnknownRecordTypeException)%s" % (
                v, {9: "; 9 was ShareGroupPartitionMetadata of Kafka's pre-release specs",
                    18: "; 18 was StreamsGroupPartitionMetadata of Kafka's pre-release specs"}.get(v, "")),
            "UNSUPPORTED_VERSION", 0, "key.version")
    for type_, kv, value_msg, versions_ in (("offset", 1, "OffsetCommitValue", (5, -1)),
                                           ("group", 2, "GroupMetadataValue", (5, 32767)),
                                           ("consumer_group_metadata", 3, "ConsumerGroupMetadataValue", (1,))):
        key = bytes(key_of(type_, kv, okey if type_ == "offset" else gkey if type_ == "group" else gid).out)
        for v in versions_:
            bad("version", "%s-value-v%s" % (type_.replace("_", "-"), v if v >= 0 else "minus-%d" % -v), key,
                i16(v) + b"\x00" * 24, ["Version"], "%s value version %d: outside %s's versions" % (type_, v, value_msg),
                "UNSUPPORTED_VERSION", 0, type_ + ".version")
        bad("truncated", "%s-value-empty" % type_.replace("_", "-"), key, b"", ["Truncated"],
            "an empty value: only a null value is a tombstone in this topic (Kafka cannot read its version)",
            "TRUNCATED", 0, type_ + ".version")
    # 3.8.0 knew no tag 0 in OffsetCommitValue v4; 4.1.0 reads it as the topicId, a uuid.
    tagged_value = bytes(write_message(MESSAGES["OffsetCommitValue"], 4, OrderedDict(oval, metadata=""), "offset").out)
    bad("tagged", "offset-v4-topic-id-short", okey_b, tagged_value[:-1] + b"\x01\x00\x01\x01",
        ["Tagged", "Truncated", "Kafka41"],
        "tag 0 (4.1.0's topicId, a uuid) with a size of 1: its 16 bytes run past the size", "TRUNCATED",
        len(tagged_value) - 1 + 3, "offset.topic_id.value")
    bad("trailing", "offset-key-plus-1", okey_b + b"\x00", None, ["TrailingBytes"], "an offset key and one more byte",
        "TRAILING_BYTES", len(okey_b), "key")
    bad("trailing", "member-key-plus-2", mkey_b + b"\x00\x00", None, ["TrailingBytes"],
        "a KIP-848 member key and two more bytes", "TRAILING_BYTES", len(mkey_b), "key")
    for type_, key, kv, vv, vrec in (("offset", okey_b, 1, 3, oval), ("offset", okey_b, 1, 4, oval),
                                     ("group", gkey_b, 2, 4, group_value(4, [], protocol=None, leader=None)),
                                     ("consumer_group_member_metadata", mkey_b, 5, 0, member_value)):
        value_msg = [t for t in RECORD_TYPES if t[0] == type_][0][2]
        data = bytes(write_message(MESSAGES[value_msg], vv, vrec, type_).out)
        bad("trailing", "%s-v%d-plus-1" % (type_.replace("_", "-"), vv), key, data + b"\x01", ["TrailingBytes"],
            "a %s value version %d and one more byte" % (type_, vv), "TRAILING_BYTES", len(data), type_)

    # Classic lengths and counts (group value version 3).
    g3 = lambda *parts: i16(3) + b"".join(parts)
    head3 = s16("consumer") + i32(1) + s16("range") + s16("m")
    neg = [
        ("protocol-type-minus-1", g3(i16(-1)), 2, "group.protocol_type", "a null protocol type: not nullable"),
        ("protocol-minus-2", g3(s16("consumer") + i32(1) + i16(-2)), 16, "group.protocol",
         "protocol length -2 (-1 is null)"),
        ("members-minus-1", g3(head3 + i64(0) + i32(-1)), 34, "group.members", "a null member list: not nullable"),
        ("member-id-minus-1", g3(head3 + i64(0) + i32(1) + i16(-1) + b"\x00" * 30), 38, "group.members[0].member_id",
         "a null member id"),
        ("subscription-minus-1", g3(head3 + i64(0) + i32(1) + s16("m") + i16(-1) + s16("c") + s16("h") + i32(1) + i32(2)
                                    + i32(-1) + i32(0)), 57, "group.members[0].subscription",
         "a null subscription (-1): bytes that are not nullable"),
    ]
    for name, data, off, field, com in neg:
        bad("negative", "group-" + name, gkey_b, data, ["NegativeLength"], com, "NEGATIVE_LENGTH", off, field)
    bad("negative", "offset-key-group-minus-1", i16(1) + i16(-1) + s16("t") + i32(0), None, ["NegativeLength"],
        "an offset key whose group is null", "NEGATIVE_LENGTH", 2, "key.group")
    big = [
        ("members-2-room-29", g3(head3 + i64(0) + i32(2) + b"\x00" * 29), 34, "group.members",
         "2 members need at least 2 x 24 bytes (version 3), 29 remain"),
        ("members-i32-max", g3(head3 + i64(0) + i32(I32_MAX)), 34, "group.members", "member count i32 max"),
        ("subscription-longer", g3(head3 + i64(0) + i32(1) + s16("m") + i16(-1) + s16("c") + s16("h") + i32(1) + i32(2)
                                   + i32(40) + b"\x00" * 20), 57, "group.members[0].subscription",
         "a subscription of 40 bytes with 20 left"),
    ]
    for name, data, off, field, com in big:
        bad("count", "group-" + name, gkey_b, data,
            (["CountTooLarge"] if "room" in name or "max" in name else []) + ["Truncated"], com, "TRUNCATED", off, field)

    # Compact lengths, varints, tagged fields (group value 4, member metadata value 0).
    g4 = lambda *parts: i16(4) + b"".join(parts)
    m0 = lambda *parts: i16(0) + b"".join(parts)
    mhead = cs("i") + cs("r") + cs("c") + cs("h") + uvarint(1) + uvarint(0) + i32(-1) + uvarint(0)  # 15 bytes after the version
    compact = [
        ("group-v4-protocol-type-null", gkey_b, g4(uvarint(0)), "NULL_NOT_ALLOWED", 2, "group.protocol_type",
         ["NullNotAllowed"], "protocol type: compact length 0 (null), not nullable"),
        ("group-v4-members-null", gkey_b, g4(cs("consumer") + i32(1) + uvarint(0) + uvarint(0) + i64(0) + uvarint(0)),
         "NULL_NOT_ALLOWED", 25, "group.members", ["NullNotAllowed", "Null"],
         "members: compact count 0 (null), not nullable (the protocol and leader before it: null, as they may be)"),
        ("member-client-id-null", mkey_b, m0(cs("i") + cs("r") + uvarint(0)), "NULL_NOT_ALLOWED", 6,
         "consumer_group_member_metadata.client_id", ["NullNotAllowed"], "client id: compact length 0"),
        ("member-topics-null", mkey_b, m0(cs("i") + cs("r") + cs("c") + cs("h") + uvarint(0)), "NULL_NOT_ALLOWED", 10,
         "consumer_group_member_metadata.subscribed_topic_names", ["NullNotAllowed"], "topic names: compact count 0"),
        ("member-client-id-too-long", mkey_b, m0(cs("i") + cs("r") + uvarint(0x8001)), "STRING_TOO_LONG", 6,
         "consumer_group_member_metadata.client_id", ["StringTooLong"],
         "client id: compact length 32768 (varint 0x8001), above Kafka's 32767 for a string"),
        ("member-client-id-varint-6", mkey_b, m0(cs("i") + cs("r") + b"\x81\x80\x80\x80\x80\x00"), "VARINT_TOO_LONG", 6,
         "consumer_group_member_metadata.client_id", ["Varint"], "a length varint of 6 bytes"),
        ("member-client-id-varint-33-bits", mkey_b, m0(cs("i") + cs("r") + b"\x80\x80\x80\x80\x10"), "VARINT_TOO_LONG",
         6, "consumer_group_member_metadata.client_id", ["Varint"], "a 5-byte varint with bit 32 set"),
        ("member-client-id-varint-cut", mkey_b, m0(cs("i") + cs("r") + b"\x81\x80"), "TRUNCATED", 6,
         "consumer_group_member_metadata.client_id", ["Varint", "Truncated"], "a length varint cut after 2 bytes"),
        ("member-tagged-count-too-large", mkey_b, m0(mhead + uvarint(3) + b"\x00" * 5), "TRUNCATED", 17,
         "consumer_group_member_metadata.tagged_fields", ["Tagged", "CountTooLarge", "Truncated"],
         "3 tagged fields need at least 6 bytes, 5 remain"),
        ("member-tag-varint-too-long", mkey_b, m0(mhead + uvarint(1) + b"\xff\xff\xff\xff\x7f" + b"\x00"),
         "VARINT_TOO_LONG", 18, "consumer_group_member_metadata.tagged_fields", ["Tagged", "Varint"],
         "a tag's varint with bits past 32"),
        ("member-tag-repeated", mkey_b, m0(mhead + uvarint(2) + uvarint(5) + uvarint(0) + uvarint(5) + uvarint(0)),
         "TAG_OUT_OF_ORDER", 20, "consumer_group_member_metadata.tagged_fields", ["Tagged"],
         "unknown tag 5 twice (Kafka keeps both; KIP-482 writes each tag once)"),
        ("member-tag-descending", mkey_b, m0(mhead + uvarint(2) + uvarint(7) + uvarint(0) + uvarint(3) + uvarint(0)),
         "TAG_OUT_OF_ORDER", 20, "consumer_group_member_metadata.tagged_fields", ["Tagged"],
         "tag 3 after tag 7: tags must ascend"),
        ("member-known-tag-after-unknown", mkey_b,
         m0(mhead + uvarint(2) + uvarint(4) + uvarint(0) + uvarint(0) + uvarint(1) + uvarint(0)), "TAG_OUT_OF_ORDER",
         20, "consumer_group_member_metadata.tagged_fields", ["Tagged"], "the known tag 0 after tag 4"),
        ("member-tag-size-past-end", mkey_b, m0(mhead + uvarint(1) + uvarint(9) + uvarint(5) + b"abc"), "TRUNCATED", 19,
         "consumer_group_member_metadata.tagged_fields", ["Tagged", "Truncated"], "tag 9's size says 5, 3 bytes remain"),
        ("member-classic-size-too-large", mkey_b,
         m0(mhead + uvarint(1) + uvarint(0) + uvarint(8) + uvarint(1) + i32(45000) + uvarint(1) + uvarint(0) + b"\x00"),
         "TRAILING_BYTES", 27, "consumer_group_member_metadata.classic_member_metadata", ["Tagged", "TrailingBytes"],
         "tag 0's size says 8 bytes, its value takes 7 (Kafka reads the value by its type and goes on)"),
        ("member-classic-size-too-small", mkey_b,
         m0(mhead + uvarint(1) + uvarint(0) + uvarint(5) + uvarint(1) + i32(45000) + uvarint(1) + uvarint(0)),
         "TRUNCATED", 25, "consumer_group_member_metadata.classic_member_metadata.supported_protocols",
         ["Tagged", "Truncated"], "tag 0's size says 5 bytes, its value needs 7: cut at its size"),
        ("member-classic-marker-too-long", mkey_b,
         m0(mhead + uvarint(1) + uvarint(0) + uvarint(6) + b"\x80\x80\x80\x80\x80\x01"), "VARINT_TOO_LONG", 20,
         "consumer_group_member_metadata.classic_member_metadata.present", ["Tagged", "Varint"],
         "the nullable struct's marker: a varint of 6 bytes"),
    ]
    for name, key, data, code, off, field, flags, com in compact:
        bad({"NULL_NOT_ALLOWED": "null", "STRING_TOO_LONG": "length", "VARINT_TOO_LONG": "varint",
             "TAG_OUT_OF_ORDER": "tagged", "TRAILING_BYTES": "tagged", "TRUNCATED": "tagged"}[code], name, key, data,
            flags, com, code, off, field)
    marker = m0(mhead + uvarint(1) + uvarint(0) + uvarint(5) + b"\x80\x80\x80\x80\x08")
    add("valid", "member-classic-marker-2-31", mkey_b, marker, ["Valid", "Tagged", "Null", "Extreme"],
        "the nullable struct's marker 2^31: read into a Java int it is negative, so null (the generated class reads "
        "marker <= 0 as null)", expectation(record=OrderedDict([
            ("key", api_key("consumer_group_member_metadata", expected_message(MESSAGES["ConsumerGroupMemberMetadataKey"], 5, mid))),
            ("value", api_value("consumer_group_member_metadata", expected_message(
                MESSAGES["ConsumerGroupMemberMetadataValue"], 0,
                OrderedDict([("instance_id", "i"), ("rack_id", "r"), ("client_id", "c"), ("client_host", "h"),
                             ("subscribed_topic_names", []), ("subscribed_topic_regex", None),
                             ("rebalance_timeout_ms", -1), ("server_assignor", None),
                             ("classic_member_metadata", None)]))))])))
    return c


# --------------------------------------------------------------------------------------------
# Schema (merged into golden/schema.json by golden/generate.py), from the same message model

INT_RANGES = {"int8": (-128, 127), "int16": (-32768, 32767), "uint16": (0, 65535), "int32": (I32_MIN, I32_MAX)}


def type_schema(msg, f, type_, nullable):
    if type_ in INT_RANGES:
        lo, hi = INT_RANGES[type_]
        return {"type": "integer", "minimum": lo, "maximum": hi}
    if type_ == "int64":
        return {"$ref": "#/$defs/i64"}
    if type_ == "uuid":
        return {"type": "string", "pattern": "^[A-Za-z0-9_-]{22}$"}
    if type_ == "string":
        return {"type": ["string", "null"]} if nullable else {"type": "string"}
    if type_ == "bytes":
        return {"oneOf": [{"$ref": "#/$defs/hex"}, {"type": "null"}]} if nullable else {"$ref": "#/$defs/hex"}
    if type_.startswith("[]"):
        item = struct_schema(msg, f.struct) if f.struct is not None else type_schema(msg, f, type_[2:], False)
        return {"type": ["array", "null"], "items": item} if nullable else {"type": "array", "items": item}
    s = struct_schema(msg, f.struct)
    return {"oneOf": [s, {"type": "null"}]} if nullable else s


def struct_schema(msg, s, extra=()):
    props = OrderedDict()
    for f in s.fields:
        nullable = f.nullable is not None or f.default is None
        props[f.snake] = type_schema(msg, f, f.type, nullable)
    if msg.flexible is not None:
        props["unknown_tagged_fields"] = {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["tag", "bytes"],
            "properties": {"tag": {"type": "integer", "minimum": 0, "maximum": 0xFFFFFFFF},
                           "bytes": {"$ref": "#/$defs/hex"}}}}
    required = list(props)
    props.update(extra)
    return {"type": "object", "additionalProperties": False, "required": required, "properties": props}


def message_schema(msg, type_=None, extra=(), member_extra=()):
    head = OrderedDict()
    if type_ is not None:
        head["type"] = {"const": type_}
    versions_ = list(range(msg.lo, msg.hi + 1))
    head["version"] = ({"type": "integer", "minimum": msg.lo, "maximum": 32767} if msg.newer_as_latest
                       else {"enum": versions_})
    s = struct_schema(msg, msg.root, extra)
    s["required"] = list(head) + s["required"]
    s["properties"] = OrderedDict(list(head.items()) + list(s["properties"].items()))
    if member_extra:
        members = s["properties"]["members"]["items"]
        members["properties"].update(member_extra)
    return s


def nested_schema(record_ref):
    return {"oneOf": [
        {"type": "object", "additionalProperties": False, "required": ["record"],
         "properties": {"record": {"$ref": "#/$defs/" + record_ref}}},
        {"type": "object", "additionalProperties": False, "required": ["error"],
         "properties": {"error": {"$ref": "#/$defs/groupsError"}}}]}


def schema_defs():
    path = {"type": "string", "pattern": r"^(key|subscription|assignment|offset|group|(consumer|share|streams)_group_[a-z_]+)"
                                         r"(\.[a-z_]+(\[(0|[1-9][0-9]*)\])?)*$"}
    err = {"type": "object", "additionalProperties": False, "required": ["code", "offset", "field"],
           "properties": {"code": {"enum": CODES + STREAMS_CODES}, "offset": {"type": "integer", "minimum": 0},
                          "field": path}}
    warn = {"type": "object", "additionalProperties": False, "required": ["code", "offset", "field"],
            "properties": {"code": {"enum": list(WARNINGS)}, "offset": {"type": "integer", "minimum": 0},
                           "field": path}}
    defs = OrderedDict([("groupsError", err), ("groupsWarning", warn)])
    for name, streams_ref in (("ConsumerProtocolSubscription", "subscriptionRecord"),
                              ("ConsumerProtocolAssignment", "assignmentRecord")):
        defs["consumer%sRecord" % name[16:]] = message_schema(
            MESSAGES[name], extra=[("streams", nested_schema(streams_ref))])
    member_extra = [("consumer_subscription", {"oneOf": [nested_schema("consumerSubscriptionRecord"), {"type": "null"}]}),
                    ("consumer_assignment", {"oneOf": [nested_schema("consumerAssignmentRecord"), {"type": "null"}]})]
    keys, values = [], []
    for type_, key_msg, value_msg, key_versions in RECORD_TYPES:
        k = message_schema(MESSAGES[key_msg], type_)
        k["properties"]["version"] = {"enum": list(key_versions)}
        keys.append(k)
        v = message_schema(MESSAGES[value_msg], type_, member_extra=member_extra if type_ == "group" else ())
        if type_ == "offset":
            v["properties"]["expire_timestamp"] = {"oneOf": [{"$ref": "#/$defs/i64"}, {"type": "null"}]}
        values.append(v)
    defs["groupRecordKey"] = {"oneOf": keys}
    defs["groupRecordValue"] = {"oneOf": values}

    def file_def(target, inputs, record):
        expect = {"oneOf": [
            {"type": "object", "additionalProperties": False, "required": ["record", "warnings"],
             "properties": {"record": record,
                            "warnings": {"type": "array", "items": {"$ref": "#/$defs/groupsWarning"}}}},
            {"type": "object", "additionalProperties": False, "required": ["error"],
             "properties": {"error": {"$ref": "#/$defs/groupsError"}}}]}
        props = OrderedDict([("id", {"type": "string", "pattern": "^%s/[a-z0-9-]+/[a-z0-9-]+$" % target}),
                             ("comment", {"type": "string", "minLength": 1}), ("flags", {"$ref": "#/$defs/flagsList"})])
        props.update(inputs)
        props["expect"] = expect
        return {"type": "object", "additionalProperties": False,
                "required": ["format", "target", "comment", "flags", "vectors"],
                "properties": {
                    "format": {"const": FORMAT}, "target": {"const": target}, "comment": {"type": "string"},
                    "flags": {"$ref": "#/$defs/flagsMap"},
                    "vectors": {"type": "array", "minItems": 1, "items": {
                        "type": "object", "additionalProperties": False, "required": list(props),
                        "properties": props}}}}

    defs["consumerProtocolFile"] = file_def(
        "consumer-protocol",
        OrderedDict([("message", {"enum": ["subscription", "assignment"]}), ("streams", {"type": "boolean"}),
                     ("hex", {"$ref": "#/$defs/hex"})]),
        {"oneOf": [{"$ref": "#/$defs/consumerSubscriptionRecord"}, {"$ref": "#/$defs/consumerAssignmentRecord"}]})
    defs["groupRecordsFile"] = file_def(
        "group-records",
        OrderedDict([("key", {"$ref": "#/$defs/hex"}), ("value", {"oneOf": [{"$ref": "#/$defs/hex"}, {"type": "null"}]})]),
        {"type": "object", "additionalProperties": False, "required": ["key", "value"],
         "properties": {"key": {"$ref": "#/$defs/groupRecordKey"},
                        "value": {"oneOf": [{"$ref": "#/$defs/groupRecordValue"}, {"type": "null"}]}}})
    return defs


# --------------------------------------------------------------------------------------------
# Output

FILE_COMMENTS = {
    "consumer-protocol": "The consumer protocol's Subscription and Assignment alone (apache/kafka 3.8.0's "
                         "ConsumerProtocol, versions 0-3; newer read as 3): message and hex are the input, streams "
                         "says whether the userData is read as Kafka Streams' metadata; expect is the record and the "
                         "warnings, or the error {code, offset, field}. See golden/README.md, \"Consumer groups\".",
    "group-records": "__consumer_offsets records (apache/kafka 3.8.0's group coordinator): key and value hex (value "
                     "null: a null value, a tombstone); expect is {key, value} and the warnings (the key's, then the "
                     "value's), or the error {code, offset, field}, its offset in the key or the value as its field's "
                     "root says. A consumer group's members carry their nested levels. See golden/README.md, "
                     "\"Consumer groups\".",
}


def build_all():
    return golden_files(FORMAT, (("consumer-protocol", build_consumer_protocol),
                                 ("group-records", build_group_records)), FILE_COMMENTS, FLAGS)


def main(argv):
    return write_or_check(build_all(), "generate_groups.py", argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
