#!/usr/bin/env python3
"""Independent generator of the golden vectors for Kafka Streams rebalance metadata (KIP-268).

golden/subscription.json  SubscriptionInfo (consumer subscription userData), versions 1-11 and probing
golden/assignment.json    AssignmentInfo (consumer assignment userData), versions 1-11

Python standard library only. Reference: apache/kafka tag 2.3.0 (the last release where both
classes are hand-written; LATEST_SUPPORTED_VERSION = 4, introduced in 2.1.0; version 3 in 2.0.0),
streams/src/main/java/org/apache/kafka/streams/processor/internals/assignment/SubscriptionInfo.java,
AssignmentInfo.java and streams/.../processor/TaskId.java (writeTo / readFrom), plus the Java SE
specification of DataOutput.writeUTF / DataInput.readUTF (modified UTF-8). Subscription versions 5
and 6 keep the layout of 3 and 4: tag 2.4.0's SubscriptionInfo.java writes version 5 with
encodeVersionThreeFourAndFive and decodes cases 3, 4, 5 alike; tag 2.5.0's
streams/src/main/resources/common/message/SubscriptionInfo.json (validVersions 1-6) gives every
field of version 3 to version 6 and no other. Versions 7-11 are written from
streams/src/main/resources/common/message/SubscriptionInfoData.json at the tag that added each
(2.6.0: 7, taskOffsetSums replaces prevTasks/standbyTasks; 2.7.0: 8, uniqueField; 2.8.0: 9,
errorCode; 3.0.0: 10, the offset sums flattened with namedTopology; 3.2.0: 11, clientTags; the
same file, validVersions 1-11, "flexibleVersions": "none", at 3.8.0, 3.9.0-rc3 and trunk of
October 2024) and the non-flexible conventions of Kafka's message generator (3.8.0
generator/.../MessageDataGenerator.java): fields in JSON order, each only in its "versions"; int8,
int32, int64 big-endian; uuid two int64; bytes an int32 length (negative: the non-nullable field
is refused); string an int16 length, negative is null when nullable; an array an int32 count.
Versions above 11 are read for version probing. AssignmentInfo versions 5-11 are written from
AssignmentInfo.java and ConsumerProtocolUtils.java (readTaskIdFrom / writeTaskIdTo) of the tag that
added each: 2.4.0 (5: a topic dictionary, (i32 index, writeUTF topic) pairs, that the partitions by
host name their topics by), 2.5.0 (6: standby partitions by host after the active ones, by the same
dictionary), 2.6.0 (7: the next rebalance time, an i64, last), 2.7.0 and 2.8.0 (8, 9: the layout of
7), 3.0.0 (10: every task id carries a named topology, an i32 count of UTF-16 chars each read with
readChar; a count <= 0 reads none and the empty name is null), 3.2.0 (11: the layout of 10); decode
is the same from 3.2.0 to 3.9.0-rc3 (LATEST_SUPPORTED_VERSION 11); a version above 11 throws.
Layouts and rules are in golden/README.md ("Kafka Streams rebalance metadata").

Every expectation is computed twice and must agree:
  1. a writer (struct.pack, writeUTF written from the Java spec) that builds each valid vector and
     records the span of every field and list count it wrote; the expected outcome of any prefix
     is derived from those spans alone (the first field that does not fit, or the first count whose
     elements cannot fit at their minimum size);
  2. a reference reader (struct.unpack, readUTF written from the Java spec) that decodes the bytes.
Hand-chosen error cases carry a hand-written (code, offset, field) that the reader must reproduce.

Usage:
  python3 golden/generate_streams.py          rewrite golden/subscription.json, assignment.json
  python3 golden/generate_streams.py --check  exit 1 if they differ from what it would write
golden/generate.py imports schema_defs() from here for golden/schema.json.
"""

import struct
import sys
from collections import OrderedDict

from golden_files import DecodeError, expectation, check_vector, golden_files, warning, write_or_check
FORMAT = "streams-golden/1"
I32_MIN, I32_MAX = -(1 << 31), (1 << 31) - 1
I64_MIN, I64_MAX = -(1 << 63), (1 << 63) - 1
KNOWN_SUBSCRIPTION = tuple(range(1, 12))  # 2.3.0: 4; 2.4.0: 5; 2.5.0: 6; 2.6.0: 7 ... 3.2.0-3.9: 11
LATEST_OFFSET = -2  # Task.LATEST_OFFSET: the offset sum of a running active task
KNOWN_ASSIGNMENT = tuple(range(1, 12))  # AssignmentInfo.decode: 2.3.0 1-4; 2.4.0 5; 2.5.0 6 ... 3.2.0-3.9 11
MIN_NAMED_TOPOLOGY_VERSION = 10  # StreamsAssignmentProtocolVersions (3.0.0-3.9): task ids with a named topology

CODES = ["TRUNCATED", "TRAILING_BYTES", "UNSUPPORTED_VERSION", "NEGATIVE_LENGTH", "INVALID_UTF8",
         "UNKNOWN_TOPIC_INDEX"]
WARNINGS = OrderedDict([
    ("JAVA_MODIFIED_UTF8", "a writeUTF string that strict UTF-8 refuses but DataInputStream.readUTF "
                           "accepts (C0 80 for U+0000, surrogates as 3-byte sequences, overlong forms); "
                           "offset: the first such byte"),
    ("UTF8_REPLACED", "the user endpoint, a named topology or a client tag is not well-formed UTF-8; Kafka's "
                      "new String(bytes, UTF_8) replaced each ill-formed part by U+FFFD as the JDK cuts them "
                      "(each maximal ill-formed subpart, but a surrogate written in UTF-8 whole); offset: "
                      "the first such byte"),
    ("VERSION_PROBING", "a subscription version newer than 11: only version and latest supported "
                        "version are read (Kafka's version probing); offset: the first unread byte"),
])

# Minimum wire size of one list element (the count check: count x minimum > remaining -> TRUNCATED).
MIN_TASK = 8                 # TaskId: topic group id i32 + partition i32
MIN_NAMED_TASK = 8 + 4       # an assignment's TaskId from v10: + the named topology's char count (0: null)
MIN_TOPIC_PARTITION = 2 + 4  # writeUTF u16 length (empty topic) + partition i32
MIN_STANDBY = 8 + 4          # TaskId + partition count (v10+: MIN_NAMED_TASK + 4)
MIN_HOST = 2 + 4 + 4         # writeUTF host + port i32 + partition count
MIN_DICTIONARY_ENTRY = 4 + 2  # v5+ topic dictionary: index i32 + an empty writeUTF topic
MIN_INDEXED_PARTITION = 4 + 4  # v5+ partitions by host: topic index i32 + partition i32
# SubscriptionInfoData 7+ (SubscriptionInfoData.json's structs at their smallest):
MIN_SUM_GROUP = 4 + 4        # v7-9 TaskOffsetSum: topicGroupId + an empty partitionToOffsetSum
MIN_PARTITION_SUM = 4 + 8    # PartitionToOffsetSum: partition + offsetSum
MIN_SUM_NAMED = 4 + 4 + 8 + 2  # v10+ TaskOffsetSum: + partition, offsetSum, namedTopology (null)
MIN_CLIENT_TAG = 4 + 4       # ClientTag: two empty bytes fields


# --------------------------------------------------------------------------------------------
# Modified UTF-8 (java.io.DataOutput.writeUTF / DataInput.readUTF), written from the Java spec


def utf16_units(text):
    """Java's String: UTF-16 code units of a Python str (lone surrogates kept as themselves)."""
    units = []
    for ch in text:
        cp = ord(ch)
        if cp >= 0x10000:
            cp -= 0x10000
            units += [0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF)]
        else:
            units.append(cp)
    return units


def units_text(units):
    """UTF-16 code units -> Python str; valid pairs combine, a lone surrogate stays a lone one."""
    return struct.pack(">%dH" % len(units), *units).decode("utf-16-be", "surrogatepass")


def write_utf(text):
    """DataOutput.writeUTF: u16 byte length, then per UTF-16 unit c: 0001..007F one byte;
    0000 and 0080..07FF two bytes (110xxxxx 10xxxxxx); 0800..FFFF three bytes."""
    out = bytearray()
    for c in utf16_units(text):
        if 0x0001 <= c <= 0x007F:
            out.append(c)
        elif c <= 0x07FF:
            out += bytes([0xC0 | (c >> 6), 0x80 | (c & 0x3F)])
        else:
            out += bytes([0xE0 | (c >> 12), 0x80 | ((c >> 6) & 0x3F), 0x80 | (c & 0x3F)])
    assert len(out) <= 0xFFFF
    return struct.pack(">H", len(out)) + bytes(out)


def read_utf_body(body):
    """DataInput.readUTF's loop over the body: (units, None) or (None, index of the refused
    sequence's first byte). Leads 0xxxxxxx, 110xxxxx + 10xxxxxx, 1110xxxx + 2 x 10xxxxxx are
    accepted with no range check (so overlongs and surrogates pass); 10xxxxxx and 1111xxxx leads,
    a sequence cut short by the end of the body and a bad continuation are refused."""
    units, i, n = [], 0, len(body)
    while i < n:
        c = body[i]
        top = c >> 4
        if top <= 7:
            units.append(c)
            i += 1
        elif top in (12, 13):
            if i + 2 > n or (body[i + 1] & 0xC0) != 0x80:
                return None, i
            units.append(((c & 0x1F) << 6) | (body[i + 1] & 0x3F))
            i += 2
        elif top == 14:
            if i + 3 > n or (body[i + 1] & 0xC0) != 0x80 or (body[i + 2] & 0xC0) != 0x80:
                return None, i
            units.append(((c & 0x0F) << 12) | ((body[i + 1] & 0x3F) << 6) | (body[i + 2] & 0x3F))
            i += 3
        else:
            return None, i
    return units, None


def java_new_string(body):
    """new String(bytes, UTF_8) as the JDK decodes it (java.lang.String.decodeUTF8_UTF16 with
    doReplace, OpenJDK 17 and 25): strict UTF-8, each ill-formed part one U+FFFD, cut where the JDK
    cuts it. That is the maximal ill-formed subpart of Unicode 3.9 with one exception: a 3-byte form
    is read whole before its value is checked, so a UTF-16 surrogate written in UTF-8 (ED A0..BF xx)
    is one U+FFFD. Returns a Python str (a supplementary character is one code point here)."""
    cont = lambda b: (b & 0xC0) == 0x80
    out, i, n = [], 0, len(body)
    while i < n:
        b1 = body[i]
        i += 1
        if b1 < 0x80:
            out.append(chr(b1))
        elif 0xC2 <= b1 <= 0xDF:
            if i < n and cont(body[i]):
                out.append(chr(((b1 & 0x1F) << 6) | (body[i] & 0x3F)))
                i += 1
            else:
                out.append("\ufffd")  # the next byte is read again
        elif 0xE0 <= b1 <= 0xEF:
            overlong = lambda b2: b1 == 0xE0 and (b2 & 0xE0) == 0x80
            if i + 1 < n:
                b2, b3 = body[i], body[i + 1]
                if overlong(b2) or not cont(b2) or not cont(b3):
                    out.append("\ufffd")
                    i += 0 if overlong(b2) or not cont(b2) else 1  # malformed3: 1 or 2 bytes
                else:
                    c = ((b1 & 0x0F) << 12) | ((b2 & 0x3F) << 6) | (b3 & 0x3F)
                    out.append("\ufffd" if 0xD800 <= c <= 0xDFFF else chr(c))
                    i += 2
            elif i < n and (overlong(body[i]) or not cont(body[i])):
                out.append("\ufffd")
            else:
                out.append("\ufffd")  # cut short by the end: the rest is this one U+FFFD
                break
        elif 0xF0 <= b1 <= 0xF7:
            bad2 = lambda b2: ((b1 == 0xF0 and not 0x90 <= b2 <= 0xBF) or (b1 == 0xF4 and (b2 & 0xF0) != 0x80)
                               or not cont(b2))
            if i + 2 < n:
                b2, b3, b4 = body[i], body[i + 1], body[i + 2]
                c = ((b1 & 0x07) << 18) | ((b2 & 0x3F) << 12) | ((b3 & 0x3F) << 6) | (b4 & 0x3F)
                if cont(b2) and cont(b3) and cont(b4) and 0x10000 <= c <= 0x10FFFF:
                    out.append(chr(c))
                    i += 3
                else:
                    out.append("\ufffd")
                    i += 0 if b1 > 0xF4 or bad2(b2) else 1 if not cont(b3) else 2  # malformed4
            elif b1 > 0xF4 or (i < n and bad2(body[i])):
                out.append("\ufffd")
            else:
                out.append("\ufffd")
                i += 1
                if not (i < n and not cont(body[i])):
                    break
        else:
            out.append("\ufffd")
    return "".join(out)


def strict_utf8_bad(body):
    try:
        body.decode("utf-8", "strict")
        return None
    except UnicodeDecodeError as e:
        return e.start


def java_uuid(msb, lsb):
    """java.util.UUID(msb, lsb).toString(): lower-case hex 8-4-4-4-12."""
    h = "%016x%016x" % (msb & (2 ** 64 - 1), lsb & (2 ** 64 - 1))
    return "%s-%s-%s-%s-%s" % (h[0:8], h[8:12], h[12:16], h[16:20], h[20:32])


# --------------------------------------------------------------------------------------------
# Reference reader


class Reader:
    def __init__(self, data):
        self.b, self.pos, self.warnings = data, 0, []

    def rem(self):
        return len(self.b) - self.pos

    def fixed(self, fmt, field):
        """A big-endian integer of struct format fmt (">b", ">i", ">q")."""
        width = struct.calcsize(fmt)
        if self.rem() < width:
            raise DecodeError("TRUNCATED", self.pos, field)
        (v,) = struct.unpack_from(fmt, self.b, self.pos)
        self.pos += width
        return v

    def i8(self, field):
        return self.fixed(">b", field)

    def i32(self, field):
        return self.fixed(">i", field)

    def i64(self, field):
        return self.fixed(">q", field)

    def count(self, field, minimum):
        start = self.pos
        n = self.i32(field)
        if n < 0:
            raise DecodeError("NEGATIVE_LENGTH", start, field)
        if n > self.rem() // minimum:      # n x minimum > remaining, without the product
            raise DecodeError("TRUNCATED", start, field)
        return n

    def utf(self, field):
        start = self.pos
        if self.rem() < 2:
            raise DecodeError("TRUNCATED", start, field)
        (n,) = struct.unpack_from(">H", self.b, start)
        if self.rem() - 2 < n:
            raise DecodeError("TRUNCATED", start, field)
        body = self.b[start + 2:start + 2 + n]
        units, bad = read_utf_body(body)
        if bad is not None:
            raise DecodeError("INVALID_UTF8", start + 2 + bad, field)
        strict = strict_utf8_bad(body)
        if strict is not None:
            self.warnings.append(warning("JAVA_MODIFIED_UTF8", start + 2 + strict, field))
        self.pos = start + 2 + n
        return units_text(units)

    def body(self, field, fmt):
        """A length-prefixed body (fmt ">i": bytes, ">h": string): None for a negative string
        length (nullable); a negative bytes length is NEGATIVE_LENGTH."""
        start = self.pos
        width = struct.calcsize(fmt)
        if self.rem() < width:
            raise DecodeError("TRUNCATED", start, field)
        (n,) = struct.unpack_from(fmt, self.b, start)
        if n < 0 and fmt == ">h":
            self.pos += width
            return None
        if n < 0:
            raise DecodeError("NEGATIVE_LENGTH", start, field)
        if self.rem() - width < n:
            raise DecodeError("TRUNCATED", start, field)
        self.pos = start + width + n
        return self.b[start + width:self.pos]

    def new_string(self, field, fmt, empty_is_null=False):
        """new String(bytes, UTF_8) of a body (U+FFFD for ill-formed bytes, with a warning)."""
        start = self.pos
        body = self.body(field, fmt)
        if body is None:
            return None
        bad = strict_utf8_bad(body)
        if bad is not None:
            self.warnings.append(warning("UTF8_REPLACED", start + struct.calcsize(fmt) + bad, field))
        if empty_is_null and not body:
            return None
        return java_new_string(body)

    def end(self, record):
        if self.rem():
            raise DecodeError("TRAILING_BYTES", self.pos, record)


def task(topic_group_id, partition):
    return OrderedDict([("topic_group_id", topic_group_id), ("partition", partition)])


def read_task(r, path, version=1):
    """TaskId.readFrom (2.3.0) / ConsumerProtocolUtils.readTaskIdFrom (3.0.0-3.9): from an
    assignment's version 10, the task's named topology follows."""
    t = task(r.i32(path + ".topic_group_id"), r.i32(path + ".partition"))
    if version >= MIN_NAMED_TOPOLOGY_VERSION:
        t["named_topology"] = read_chars(r, path + ".named_topology")
    return t


def read_chars(r, field):
    """readTaskIdFrom's named topology: an i32 count, then count x DataInput.readChar (two bytes,
    big-endian: one UTF-16 unit, any value). A count <= 0 reads nothing; the empty name is null
    (getNamedTopologyOrElseNull). Units that cannot all fit: TRUNCATED at the count."""
    start = r.pos
    n = r.i32(field)
    if n <= 0:
        return None
    if n > r.rem() // 2:
        raise DecodeError("TRUNCATED", start, field)
    units = list(struct.unpack_from(">%dH" % n, r.b, r.pos))
    r.pos += 2 * n
    return units_text(units)


def read_tasks(r, path, version=1):
    n = r.count(path, MIN_NAMED_TASK if version >= MIN_NAMED_TOPOLOGY_VERSION else MIN_TASK)
    return [read_task(r, "%s[%d]" % (path, i), version) for i in range(n)]


def decode_subscription(data):
    r = Reader(data)
    version = r.i32("subscription.version")
    if version < 1:
        raise DecodeError("UNSUPPORTED_VERSION", 0, "subscription.version")
    latest = r.i32("subscription.latest_supported_version") if version >= 3 else -1
    if version not in KNOWN_SUBSCRIPTION:
        if r.rem():
            r.warnings.append(warning("VERSION_PROBING", r.pos, "subscription"))
        return OrderedDict([("version", version), ("latest_supported_version", latest),
                            ("probing", True)]), r.warnings
    if r.rem() < 16:
        raise DecodeError("TRUNCATED", r.pos, "subscription.process_id")
    msb, lsb = struct.unpack_from(">qq", r.b, r.pos)
    r.pos += 16
    if version <= 6:
        prev = read_tasks(r, "subscription.prev_tasks")
        standby = read_tasks(r, "subscription.standby_tasks")
    endpoint = None
    if version >= 2:
        # Kafka leaves the endpoint null when the length is 0 (SubscriptionInfo.userEndPoint())
        endpoint = r.new_string("subscription.user_end_point", ">i", empty_is_null=True)
    rec = OrderedDict([("version", version), ("latest_supported_version", latest),
                       ("process_id", java_uuid(msb, lsb))])
    if version >= 7:
        sums = read_offset_sums(r, version)
        unique = r.i8("subscription.unique_field") if version >= 8 else None
        error_code = r.i32("subscription.error_code") if version >= 9 else 0
        tags = []
        if version >= 11:
            n = r.count("subscription.client_tags", MIN_CLIENT_TAG)
            for i in range(n):
                base = "subscription.client_tags[%d]" % i
                key = r.new_string(base + ".key", ">i")
                tags.append(OrderedDict([("key", key), ("value", r.new_string(base + ".value", ">i"))]))
        prev, standby = derived_tasks(sums)
    rec["prev_tasks"], rec["standby_tasks"], rec["user_end_point"], rec["probing"] = prev, standby, endpoint, False
    if version >= 7:
        rec["task_offset_sums"], rec["unique_field"], rec["error_code"], rec["client_tags"] = (
            sums, unique, error_code, tags)
    r.end("subscription")
    return rec, r.warnings


def offset_sum(group, partition, total, topology):
    """One task offset sum as the record gives it (the i64 sum as a decimal string: JSON numbers
    are not exact beyond 2^53)."""
    return OrderedDict([("topic_group_id", group), ("partition", partition), ("offset_sum", str(total)),
                        ("named_topology", topology)])


def derived_tasks(sums):
    """SubscriptionInfo.prevTasks() / standbyTasks() (3.8.0) of flattened offset sums: Kafka collects
    the sums in a map keyed by task (topic group, partition, named topology), so a task given more
    than once counts once, by its last sum (here at the place of that last sum); a sum of
    LATEST_OFFSET is a running active task, any other a standby. An empty named topology is none:
    TaskId(int, int, String) makes it null."""
    key = lambda t: (t["topic_group_id"], t["partition"], t["named_topology"] or None)
    last = {key(t): i for i, t in enumerate(sums)}
    kept = [t for i, t in enumerate(sums) if last[key(t)] == i]
    active = lambda t: int(t["offset_sum"]) == LATEST_OFFSET
    return ([task(t["topic_group_id"], t["partition"]) for t in kept if active(t)],
            [task(t["topic_group_id"], t["partition"]) for t in kept if not active(t)])


def read_offset_sums(r, version):
    """taskOffsetSums, flattened: v7-9 (topicGroupId, partitionToOffsetSum: [(partition,
    offsetSum)]), v10+ (topicGroupId, partition, offsetSum, namedTopology nullable string)."""
    out = []
    n = r.count("subscription.task_offset_sums", MIN_SUM_NAMED if version >= 10 else MIN_SUM_GROUP)
    for i in range(n):
        base = "subscription.task_offset_sums[%d]" % i
        group = r.i32(base + ".topic_group_id")
        if version >= 10:
            partition = r.i32(base + ".partition")
            total = r.i64(base + ".offset_sum")
            out.append(offset_sum(group, partition, total, r.new_string(base + ".named_topology", ">h")))
            continue
        m = r.count(base + ".partition_to_offset_sum", MIN_PARTITION_SUM)
        for j in range(m):
            inner = "%s.partition_to_offset_sum[%d]" % (base, j)
            partition = r.i32(inner + ".partition")
            out.append(offset_sum(group, partition, r.i64(inner + ".offset_sum"), None))
    return out


def read_topic_partitions(r, path):
    n = r.count(path, MIN_TOPIC_PARTITION)
    out = []
    for i in range(n):
        p = "%s[%d]" % (path, i)
        topic = r.utf(p + ".topic")
        out.append(OrderedDict([("topic", topic), ("partition", r.i32(p + ".partition"))]))
    return out


def read_dictionary(r):
    """AssignmentInfo.decodeTopicIndexAndGet (v5+): n x (i32 index, writeUTF topic) into a
    HashMap<Integer, String>: a repeated index keeps its last topic."""
    topics = {}
    n = r.count("assignment.topic_dictionary", MIN_DICTIONARY_ENTRY)
    for i in range(n):
        p = "assignment.topic_dictionary[%d]" % i
        index = r.i32(p + ".index")
        topics[index] = r.utf(p + ".topic")
    return topics


def read_indexed_partitions(r, path, topics):
    """readTopicPartitions(in, topicIndexDict) (v5+): n x (i32 topic index, i32 partition). An
    index the dictionary lacks: Kafka makes a TopicPartition with a null topic; we refuse it,
    UNKNOWN_TOPIC_INDEX at the index (golden/README.md's decisions)."""
    n = r.count(path, MIN_INDEXED_PARTITION)
    out = []
    for i in range(n):
        p = "%s[%d]" % (path, i)
        start = r.pos
        index = r.i32(p + ".topic_index")
        if index not in topics:
            raise DecodeError("UNKNOWN_TOPIC_INDEX", start, p + ".topic_index")
        out.append(OrderedDict([("topic", topics[index]), ("partition", r.i32(p + ".partition"))]))
    return out


def read_hosts(r, path, topics):
    """Partitions by host: n x (writeUTF host, i32 port, partitions), the topics by name (v2-4,
    topics None) or by dictionary index (v5+)."""
    n = r.count(path, MIN_HOST)
    out = []
    for i in range(n):
        p = "%s[%d]" % (path, i)
        host = r.utf(p + ".host")
        port = r.i32(p + ".port")
        parts = (read_topic_partitions(r, p + ".partitions") if topics is None
                 else read_indexed_partitions(r, p + ".partitions", topics))
        out.append(OrderedDict([("host", host), ("port", port), ("partitions", parts)]))
    return out


def decode_assignment(data):
    """AssignmentInfo.decode (3.8.0): cases 1-11, any other version throws."""
    r = Reader(data)
    version = r.i32("assignment.version")
    if version not in KNOWN_ASSIGNMENT:
        raise DecodeError("UNSUPPORTED_VERSION", 0, "assignment.version")
    latest = r.i32("assignment.latest_supported_version") if version >= 3 else -1
    active = read_tasks(r, "assignment.active_tasks", version)
    standby = []
    named = version >= MIN_NAMED_TOPOLOGY_VERSION
    n = r.count("assignment.standby_tasks", (MIN_NAMED_TASK if named else MIN_TASK) + 4)
    for i in range(n):
        p = "assignment.standby_tasks[%d]" % i
        t = read_task(r, p + ".task", version)
        standby.append(OrderedDict([("task", t), ("partitions", read_topic_partitions(r, p + ".partitions"))]))
    hosts, standby_hosts = [], []
    if version >= 5:
        topics = read_dictionary(r)
        hosts = read_hosts(r, "assignment.partitions_by_host", topics)
        if version >= 6:
            standby_hosts = read_hosts(r, "assignment.standby_partitions_by_host", topics)
    elif version >= 2:
        hosts = read_hosts(r, "assignment.partitions_by_host", None)
    error_code = r.i32("assignment.error_code") if version >= 4 else 0
    next_rebalance = r.i64("assignment.next_rebalance_ms") if version >= 7 else None
    r.end("assignment")
    rec = OrderedDict([("version", version), ("latest_supported_version", latest),
                       ("active_tasks", active), ("standby_tasks", standby), ("partitions_by_host", hosts)])
    if version >= 6:
        rec["standby_partitions_by_host"] = standby_hosts
    rec["error_code"] = error_code
    if version >= 7:
        rec["next_rebalance_ms"] = str(next_rebalance)
    return rec, r.warnings


def reference(target, data):
    fn = decode_subscription if target == "subscription" else decode_assignment
    try:
        rec, warns = fn(data)
        return OrderedDict([("record", rec), ("warnings", warns)])
    except DecodeError as e:
        return OrderedDict([("error", OrderedDict([("code", e.code), ("offset", e.offset),
                                                   ("field", e.field)]))])


# --------------------------------------------------------------------------------------------
# Writer: builds valid vectors and records the span of every field (a separate code path)


class Writer:
    def __init__(self):
        self.out = bytearray()
        self.spans = []  # ("leaf", path, start, end) | ("count", path, start, n, minimum)

    def leaf(self, path, raw):
        self.spans.append(("leaf", path, len(self.out), len(self.out) + len(raw)))
        self.out += raw

    def i32(self, path, v):
        self.leaf(path, struct.pack(">i", v))

    def count(self, path, n, minimum, body=b""):
        """An i32 count (and, for the named topology's chars, the body it counts: the count
        check covers it)."""
        self.spans.append(("count", path, len(self.out), n, minimum))
        self.out += struct.pack(">i", n) + body

    def expected_prefix(self, length):
        """The outcome of the first `length` bytes, from the spans alone: the first field in wire
        order that the prefix cuts, or the first count whose elements cannot all fit."""
        for span in self.spans:
            if span[0] == "leaf":
                _, path, start, end = span
                if end > length:
                    return ("TRUNCATED", start, path)
            else:
                _, path, start, n, minimum = span
                if start + 4 > length or n * minimum > length - (start + 4):
                    return ("TRUNCATED", start, path)
        raise AssertionError("prefix %d is complete" % length)


def write_task(w, path, t, version=1):
    """TaskId.writeTo (2.3.0) / ConsumerProtocolUtils.writeTaskIdTo (3.0.0-3.9). t: (group,
    partition) or (group, partition, named topology); from an assignment's version 10 the topology
    follows as an i32 count of UTF-16 units and the units (DataOutput.writeChars), 0 for null."""
    w.i32(path + ".topic_group_id", t[0])
    w.i32(path + ".partition", t[1])
    if version >= MIN_NAMED_TOPOLOGY_VERSION:
        units = utf16_units(t[2]) if len(t) > 2 and t[2] is not None else []
        w.count(path + ".named_topology", len(units), 2, struct.pack(">%dH" % len(units), *units))


def write_tasks(w, path, tasks, version=1):
    w.count(path, len(tasks), MIN_NAMED_TASK if version >= MIN_NAMED_TOPOLOGY_VERSION else MIN_TASK)
    for i, t in enumerate(tasks):
        write_task(w, "%s[%d]" % (path, i), t, version)


def write_subscription(version, pid, prev, standby, endpoint=b"", latest=4):
    """endpoint: the raw bytes of the user endpoint (Kafka writes getBytes(UTF_8))."""
    w = Writer()
    w.i32("subscription.version", version)
    if version >= 3:
        w.i32("subscription.latest_supported_version", latest)
    w.leaf("subscription.process_id", struct.pack(">qq", *pid))
    write_tasks(w, "subscription.prev_tasks", prev)
    write_tasks(w, "subscription.standby_tasks", standby)
    if version >= 2:
        w.leaf("subscription.user_end_point", struct.pack(">i", len(endpoint)) + endpoint)
    return w


def text_body(fmt, value):
    """A length-prefixed body: value None (a null string), str (UTF-8, as getBytes(UTF_8)) or
    bytes (written as is)."""
    if value is None:
        return struct.pack(fmt, -1)
    raw = value.encode() if isinstance(value, str) else value
    return struct.pack(fmt, len(raw)) + raw


def write_subscription7(version, pid, sums, endpoint=b"localhost:8080", unique=1, error_code=0, tags=(),
                        latest=None):
    """SubscriptionInfoData version 7+ in JSON field order. sums, as the wire groups them: v7-9
    [(group, [(partition, offset sum)])], v10+ [(group, partition, offset sum, named topology)];
    tags [(key, value)]; a text given as bytes is written as is."""
    w = Writer()
    w.i32("subscription.version", version)
    w.i32("subscription.latest_supported_version", version if latest is None else latest)
    w.leaf("subscription.process_id", struct.pack(">qq", *pid))
    w.leaf("subscription.user_end_point", text_body(">i", endpoint))
    base = "subscription.task_offset_sums"
    w.count(base, len(sums), MIN_SUM_NAMED if version >= 10 else MIN_SUM_GROUP)
    for i, entry in enumerate(sums):
        at = "%s[%d]" % (base, i)
        w.i32(at + ".topic_group_id", entry[0])
        if version >= 10:
            w.i32(at + ".partition", entry[1])
            w.leaf(at + ".offset_sum", struct.pack(">q", entry[2]))
            w.leaf(at + ".named_topology", text_body(">h", entry[3]))
            continue
        w.count(at + ".partition_to_offset_sum", len(entry[1]), MIN_PARTITION_SUM)
        for j, (partition, total) in enumerate(entry[1]):
            w.i32("%s.partition_to_offset_sum[%d].partition" % (at, j), partition)
            w.leaf("%s.partition_to_offset_sum[%d].offset_sum" % (at, j), struct.pack(">q", total))
    if version >= 8:
        w.leaf("subscription.unique_field", struct.pack(">b", unique))
    if version >= 9:
        w.i32("subscription.error_code", error_code)
    if version >= 11:
        w.count("subscription.client_tags", len(tags), MIN_CLIENT_TAG)
        for i, (key, value) in enumerate(tags):
            w.leaf("subscription.client_tags[%d].key" % i, text_body(">i", key))
            w.leaf("subscription.client_tags[%d].value" % i, text_body(">i", value))
    return w


def sub_record7(version, pid, sums, endpoint="localhost:8080", unique=1, error_code=0, tags=(), latest=None):
    """The record of write_subscription7's arguments (texts given as str), written apart from the
    reader: the sums flattened, and prev/standby tasks as SubscriptionInfo.prevTasks() and
    standbyTasks() derive them (derived_tasks)."""
    flat = []
    for entry in sums:
        if version >= 10:
            flat.append(offset_sum(*entry))
        else:
            flat += [offset_sum(entry[0], p, total, None) for p, total in entry[1]]
    return OrderedDict([
        ("version", version), ("latest_supported_version", version if latest is None else latest),
        ("process_id", java_uuid(*pid)),
        ("prev_tasks", derived_tasks(flat)[0]), ("standby_tasks", derived_tasks(flat)[1]),
        ("user_end_point", endpoint or None), ("probing", False), ("task_offset_sums", flat),
        ("unique_field", unique if version >= 8 else None), ("error_code", error_code if version >= 9 else 0),
        ("client_tags", [OrderedDict([("key", k), ("value", v)]) for k, v in tags] if version >= 11 else [])])


def write_topic_partitions(w, path, parts):
    w.count(path, len(parts), MIN_TOPIC_PARTITION)
    for i, (topic, partition) in enumerate(parts):
        w.leaf("%s[%d].topic" % (path, i), write_utf(topic) if isinstance(topic, str) else topic)
        w.i32("%s[%d].partition" % (path, i), partition)


def write_hosts(w, path, hosts, index_of):
    """hosts: [(host, port, [(topic, partition)])]: the topics written by name (v2-4, index_of
    None) or by their dictionary index (v5+: index_of maps a topic to it; a topic given as an int
    is written as that index)."""
    w.count(path, len(hosts), MIN_HOST)
    for i, (host, port, parts) in enumerate(hosts):
        base = "%s[%d]" % (path, i)
        w.leaf(base + ".host", write_utf(host) if isinstance(host, str) else host)
        w.i32(base + ".port", port)
        if index_of is None:
            write_topic_partitions(w, base + ".partitions", parts)
            continue
        w.count(base + ".partitions", len(parts), MIN_INDEXED_PARTITION)
        for j, (topic, partition) in enumerate(parts):
            w.i32("%s.partitions[%d].topic_index" % (base, j), topic if isinstance(topic, int) else index_of[topic])
            w.i32("%s.partitions[%d].partition" % (base, j), partition)


def canonical_dictionary(*host_lists):
    """The topics of the partitions by host (active, then standby), each once, numbered from 0 in
    the order they first appear (Kafka numbers them in its HashSet's order)."""
    topics = []
    for hosts in host_lists:
        for _, _, parts in hosts:
            topics += [t for t, _ in parts if t not in topics]
    return list(enumerate(topics))


def write_assignment(version, active, standby, hosts=(), error_code=0, latest=4, standby_hosts=(),
                     next_rebalance=I64_MAX, dictionary=None):
    """AssignmentInfo.encode (3.8.0). active: tasks as write_task takes them; standby: [(task,
    [(topic, partition)])]; hosts, standby_hosts: [(host, port, [(topic, p)])]; dictionary (v5+):
    [(index, topic)] as written, canonical_dictionary's by default. A topic or host given as bytes
    is written as is (a writeUTF form the writer cannot produce)."""
    w = Writer()
    w.i32("assignment.version", version)
    if version >= 3:
        w.i32("assignment.latest_supported_version", latest)
    write_tasks(w, "assignment.active_tasks", active, version)
    named = version >= MIN_NAMED_TOPOLOGY_VERSION
    w.count("assignment.standby_tasks", len(standby), (MIN_NAMED_TASK if named else MIN_TASK) + 4)
    for i, (t, parts) in enumerate(standby):
        base = "assignment.standby_tasks[%d]" % i
        write_task(w, base + ".task", t, version)
        write_topic_partitions(w, base + ".partitions", parts)
    if version >= 5:
        if dictionary is None:
            dictionary = canonical_dictionary(hosts, standby_hosts if version >= 6 else ())
        w.count("assignment.topic_dictionary", len(dictionary), MIN_DICTIONARY_ENTRY)
        for i, (index, topic) in enumerate(dictionary):
            w.i32("assignment.topic_dictionary[%d].index" % i, index)
            w.leaf("assignment.topic_dictionary[%d].topic" % i, write_utf(topic) if isinstance(topic, str) else topic)
        index_of = {topic: index for index, topic in dictionary}
        write_hosts(w, "assignment.partitions_by_host", hosts, index_of)
        if version >= 6:
            write_hosts(w, "assignment.standby_partitions_by_host", standby_hosts, index_of)
    elif version >= 2:
        write_hosts(w, "assignment.partitions_by_host", hosts, None)
    if version >= 4:
        w.i32("assignment.error_code", error_code)
    if version >= 7:
        w.leaf("assignment.next_rebalance_ms", struct.pack(">q", next_rebalance))
    return w


def sub_record(version, pid, prev, standby, endpoint, latest):
    return OrderedDict([("version", version), ("latest_supported_version", latest),
                        ("process_id", java_uuid(*pid)),
                        ("prev_tasks", [task(g, p) for g, p in prev]),
                        ("standby_tasks", [task(g, p) for g, p in standby]),
                        ("user_end_point", endpoint), ("probing", False)])


def tps(parts):
    return [OrderedDict([("topic", t), ("partition", p)]) for t, p in parts]


def task_record(t, version):
    """A task of write_task's form as the record gives it (v10+: with its named topology, null
    for none or an empty one)."""
    rec = task(t[0], t[1])
    if version >= MIN_NAMED_TOPOLOGY_VERSION:
        rec["named_topology"] = (t[2] or None) if len(t) > 2 else None
    return rec


def hosts_record(hosts):
    return [OrderedDict([("host", h), ("port", port), ("partitions", tps(parts))]) for h, port, parts in hosts]


def asg_record(version, active, standby, hosts, error_code, latest, standby_hosts=(), next_rebalance=I64_MAX):
    """The record of write_assignment's arguments, written apart from the reader; each version's
    fields only (v6+ standby_partitions_by_host, v7+ next_rebalance_ms as a decimal string)."""
    rec = OrderedDict([
        ("version", version), ("latest_supported_version", latest),
        ("active_tasks", [task_record(t, version) for t in active]),
        ("standby_tasks", [OrderedDict([("task", task_record(t, version)), ("partitions", tps(parts))])
                           for t, parts in standby]),
        ("partitions_by_host", hosts_record(hosts))])
    if version >= 6:
        rec["standby_partitions_by_host"] = hosts_record(standby_hosts)
    rec["error_code"] = error_code
    if version >= 7:
        rec["next_rebalance_ms"] = str(next_rebalance)
    return rec


# --------------------------------------------------------------------------------------------
# Flags and collection

FLAGS = OrderedDict([
    ("Valid", "decodes to a record"),
    ("Probing", "a subscription version newer than 11, read for version probing"),
    ("Truncated", "the bytes end inside a field (a prefix of a valid vector, or a length that lies)"),
    ("CountTooLarge", "a list count whose elements cannot fit in the remaining bytes at their minimum size"),
    ("TrailingBytes", "bytes remain after the last field"),
    ("Version", "a version the decoder refuses"),
    ("NegativeLength", "a negative list count or bytes length (user endpoint, client tag)"),
    ("NullString", "a named topology with a negative length or char count: null"),
    ("UnknownTopicIndex", "a partition's topic index that names no topic of the dictionary"),
    ("Extreme", "i8 / i32 / i64 extremes (0, -1, min, max)"),
    ("ModifiedUtf8", "writeUTF bytes that differ from UTF-8 (C0 80, surrogates, overlongs): readUTF accepts them"),
    ("Utf8Multibyte", "2- and 3-byte characters written identically by writeUTF and UTF-8"),
    ("InvalidModifiedUtf8", "bytes DataInputStream.readUTF refuses"),
    ("LossyUtf8", "a user endpoint, named topology or client tag that is not UTF-8, decoded with U+FFFD as Kafka "
                  "does"),
    ("EmptyString", "a zero-length string (the user endpoint reads as null)"),
    ("CheckOrder", "more than one fault: the first in wire order wins"),
    ("NonCanonical", "bytes no Kafka writer produces (an overlong form, a lossy endpoint): the record "
                     "does not re-encode to them"),
    ("DictionaryOrder", "a topic dictionary written in another order than its topics first appear (as Kafka's "
                        "HashMap may iterate it): the record does not say the order"),
])


class Collector:
    def __init__(self, target):
        self.target, self.vectors = target, []

    def add(self, group, name, data, flags, comment, error=None, record=None, warnings=()):
        vid = "%s/%s/%s" % (self.target, group, name)
        want = expectation(error, record, warnings)
        check_vector(vid, reference(self.target, data), want, flags, FLAGS)
        self.vectors.append(OrderedDict([("id", vid), ("comment", comment), ("flags", list(flags)),
                                         ("hex", data.hex()), ("expect", want)]))

    def valid(self, name, w, flags, comment, record, warnings=(), sweep=True):
        data = bytes(w.out)
        self.add("valid", name, data, ["Valid"] + flags, comment, record=record, warnings=warnings)
        if not sweep:
            return
        for n in range(len(data)):
            code, off, field = w.expected_prefix(n)
            self.add("truncated", "%s-len-%d" % (name, n), data[:n], ["Truncated"],
                     "the first %d of %d bytes of %s: %s at %s" % (n, len(data), name, code, field),
                     error=(code, off, field))


PID = (0x0123456789ABCDEF, -0x0123456789ABCDF0)  # msb, lsb (the lsb is negative: unsigned in the text)


# --------------------------------------------------------------------------------------------
# subscription.json


def build_subscription7(c):
    """Versions 7-11 (SubscriptionInfoData.json, tags 2.6.0 to 3.2.0)."""
    nested = [(0, [(0, -2), (1, 1234567890123)]), (1, [(2, -2)])]  # v7-9: two groups, one partition active
    flat = [(0, 0, -2, None), (0, 1, 1234567890123, None), (1, 2, -2, "orders")]  # v10+
    tags = [("az", "eu-west-1a"), ("rack", "r7")]
    for v, added in ((7, "task offset sums (2.6.0)"), (8, "+ unique field (2.7.0)"), (9, "+ error code (2.8.0)"),
                     (10, "flattened offset sums with named topologies (3.0.0)"), (11, "+ client tags (3.2.0)")):
        sums = nested if v < 10 else flat
        c.valid("v%d" % v, write_subscription7(v, PID, sums, unique=3, error_code=v - 9, tags=tags), [],
                "version %d: %s; 3 tasks, 2 active (offset sum -2)" % (v, added),
                sub_record7(v, PID, sums, unique=3, error_code=v - 9, tags=tags))
    # A long topology first: the count check (2 x 18 bytes) passes while the second entry's fixed
    # fields are still cut by a prefix, so the sweep reaches each of them.
    long_first = [(4, 0, 77, "a-topology-name-of-32-characters"), (4, 1, -2, None)]
    c.valid("v10-long-topology-first", write_subscription7(10, PID, long_first, endpoint=b""), [],
            "version 10: a 32-byte named topology, then a task with none",
            sub_record7(10, PID, long_first, endpoint=""))
    c.valid("v7-empty", write_subscription7(7, (0, 0), [], endpoint=b""), ["EmptyString"],
            "version 7, nil UUID, no tasks, empty endpoint (null)",
            sub_record7(7, (0, 0), [], endpoint=""), sweep=False)
    c.valid("v7-group-without-partitions", write_subscription7(7, PID, [(5, []), (6, [(0, 7)])]), ["NonCanonical"],
            "version 7: a topic group with an empty partitionToOffsetSum (Kafka groups the tasks it has: never "
            "written), then one with a standby task",
            sub_record7(7, PID, [(5, []), (6, [(0, 7)])]), sweep=False)
    ext = [(I32_MIN, I32_MAX, I64_MIN, None), (-1, 0, I64_MAX, ""), (0, -1, -3, None)]
    c.valid("v11-extremes", write_subscription7(11, (-1, -1), ext, unique=-128, error_code=I32_MIN, tags=[("", "")],
                                                latest=I32_MAX), ["Extreme", "EmptyString"],
            "version 11: i32 and i64 extremes, unique field -128, an empty named topology (not null), an empty tag",
            sub_record7(11, (-1, -1), ext, unique=-128, error_code=I32_MIN, tags=[("", "")], latest=I32_MAX),
            sweep=False)
    c.valid("v8-unique-127", write_subscription7(8, PID, [], unique=127), ["Extreme"], "version 8, unique field 127",
            sub_record7(8, PID, [], unique=127), sweep=False)
    c.valid("v10-duplicate-tasks", write_subscription7(10, PID, [(0, 1, -2, None), (0, 1, 5, None)]), [],
            "the same task twice: task_offset_sums keeps both in wire order; prev/standby tasks count it once, by its "
            "last sum, as 3.8.0's SubscriptionInfo collects the sums in a map (here: a standby)",
            sub_record7(10, PID, [(0, 1, -2, None), (0, 1, 5, None)]), sweep=False)
    for name, sums, which in [("v10-empty-topology-is-null", [(0, 1, -2, None), (0, 1, 5, "")], "a standby"),
                              ("v10-empty-topology-is-null-active", [(0, 1, 5, ""), (0, 1, -2, None)], "active")]:
        c.valid(name, write_subscription7(10, PID, sums), ["EmptyString"],
                "a task given once with no named topology and once with an empty one: one task (3.8.0's TaskId makes an "
                "empty named topology null), by its last sum (here %s); task_offset_sums keeps both as written" % which,
                sub_record7(10, PID, sums), sweep=False)
    # A named topology with a negative length other than -1 is null too: the generated reader
    # tests length < 0.
    w = write_subscription7(10, PID, [(0, 0, 9, None)])
    data = bytearray(w.out)
    at = [sp for sp in w.spans if sp[1] == "subscription.task_offset_sums[0].named_topology"][0][2]
    data[at:at + 2] = struct.pack(">h", -32768)
    c.add("valid", "v10-topology-length-min", bytes(data), ["Valid", "NullString", "Extreme", "NonCanonical"],
          "named topology length i16 min: null, as Kafka's generated reader reads any negative length",
          record=sub_record7(10, PID, [(0, 0, 9, None)]))
    # new String(bytes, UTF_8) for a named topology and the tags.
    lossy = [(0, 0, -2, b"a\xffb")]
    w = write_subscription7(11, PID, lossy, tags=[(b"\xc3", b"ok")])
    data = bytes(w.out)
    topo = [sp for sp in w.spans if sp[1].endswith("named_topology")][0][2] + 2 + 1
    key = [sp for sp in w.spans if sp[1].endswith("[0].key")][0][2] + 4
    c.add("valid", "v11-lossy-texts", data, ["Valid", "LossyUtf8", "NonCanonical"],
          "a named topology a\\xffb and a tag key \\xc3: U+FFFD each, as new String(bytes, UTF_8)",
          record=sub_record7(11, PID, [(0, 0, -2, "a\ufffdb")], tags=[("\ufffd", "ok")]),
          warnings=[("UTF8_REPLACED", topo, "subscription.task_offset_sums[0].named_topology"),
                    ("UTF8_REPLACED", key, "subscription.client_tags[0].key")])

    def head(v):  # version, latest, process id, endpoint "h:1"
        return struct.pack(">ii", v, v) + struct.pack(">qq", *PID) + text_body(">i", "h:1")  # 31 bytes
    c.add("negative", "v7-sums-minus-1", head(7) + struct.pack(">i", -1), ["NegativeLength"],
          "version 7, task offset sum count -1", error=("NEGATIVE_LENGTH", 31, "subscription.task_offset_sums"))
    c.add("negative", "v9-partitions-minus-1", head(9) + struct.pack(">iii", 1, 0, -1) + b"\x00" * 5,
          ["NegativeLength"], "version 9, a topic group's partition count -1",
          error=("NEGATIVE_LENGTH", 39, "subscription.task_offset_sums[0].partition_to_offset_sum"))
    c.add("negative", "v11-tags-min", head(11) + struct.pack(">i", 0) + b"\x00" + struct.pack(">ii", 0, I32_MIN),
          ["NegativeLength", "Extreme"], "version 11, client tag count i32 min",
          error=("NEGATIVE_LENGTH", 40, "subscription.client_tags"))
    c.add("negative", "v11-tag-value-minus-1",
          head(11) + struct.pack(">i", 0) + b"\x00" + struct.pack(">iii", 0, 1, 0) + struct.pack(">i", -1),
          ["NegativeLength"], "version 11, a tag value length -1 (bytes is not nullable)",
          error=("NEGATIVE_LENGTH", 48, "subscription.client_tags[0].value"))
    c.add("negative", "v11-tag-key-minus-1",
          head(11) + struct.pack(">i", 0) + b"\x00" + struct.pack(">iii", 0, 1, -1) + struct.pack(">i", 0),
          ["NegativeLength"], "version 11, a tag key length -1 (bytes is not nullable)",
          error=("NEGATIVE_LENGTH", 44, "subscription.client_tags[0].key"))
    c.add("negative", "v7-endpoint-minus-1", struct.pack(">ii", 7, 7) + struct.pack(">qq", *PID) + struct.pack(">ii", -1, 0),
          ["NegativeLength"], "version 7, user endpoint length -1",
          error=("NEGATIVE_LENGTH", 24, "subscription.user_end_point"))
    c.add("count", "v7-sums-2-room-for-1", head(7) + struct.pack(">i", 2) + b"\x00" * 15, ["CountTooLarge", "Truncated"],
          "version 7, 2 topic groups announced, 15 bytes remain (2 x 8 = 16 > 15)",
          error=("TRUNCATED", 31, "subscription.task_offset_sums"))
    c.add("count", "v10-sums-2-room-for-1", head(10) + struct.pack(">i", 2) + b"\x00" * 35, ["CountTooLarge", "Truncated"],
          "version 10, 2 entries announced, 35 bytes remain (2 x 18 = 36 > 35; a version-7 entry would fit)",
          error=("TRUNCATED", 31, "subscription.task_offset_sums"))
    c.add("count", "v8-partitions-i32-max", head(8) + struct.pack(">iii", 1, 0, I32_MAX) + b"\x00" * 13,
          ["CountTooLarge", "Truncated", "Extreme"], "version 8, partition count i32 max (x 12 overflows 32 bits)",
          error=("TRUNCATED", 39, "subscription.task_offset_sums[0].partition_to_offset_sum"))
    c.add("count", "v11-tags-3-room-for-2", head(11) + struct.pack(">i", 0) + b"\x00" + struct.pack(">ii", 0, 3)
          + b"\x00" * 23, ["CountTooLarge", "Truncated"], "version 11, 3 client tags announced, 23 bytes remain",
          error=("TRUNCATED", 40, "subscription.client_tags"))
    c.add("count", "v11-key-longer-than-input", head(11) + struct.pack(">i", 0) + b"\x00" + struct.pack(">iii", 0, 1, 9)
          + b"abcd", ["Truncated"], "version 11, a tag key length 9, 4 bytes remain",
          error=("TRUNCATED", 44, "subscription.client_tags[0].key"))
    c.add("count", "v10-topology-longer-than-input", head(10) + struct.pack(">iiiq", 1, 0, 0, 5) + struct.pack(">h", 4)
          + b"ab", ["Truncated"], "version 10, a named topology length 4, 2 bytes remain",
          error=("TRUNCATED", 51, "subscription.task_offset_sums[0].named_topology"))
    for v in (7, 11):
        data = bytes(write_subscription7(v, PID, nested if v < 10 else flat, tags=tags).out)
        c.add("trailing", "v%d-plus-1" % v, data + b"\x00", ["TrailingBytes"], "version %d and one more byte" % v,
              error=("TRAILING_BYTES", len(data), "subscription"))
    v6_as_v7 = struct.pack(">i", 7) + bytes(write_subscription(6, PID, [(0, 0)], [], b"h:1", latest=6).out)[4:]
    c.add("order", "v6-layout-under-v7", v6_as_v7, ["CheckOrder"],
          "a version-6 body under version 7: the previous-task count 1 is read as the endpoint length (1 byte at "
          "28), the next 4 bytes (zeros) as 0 task offset sums; 14 bytes remain",
          error=("TRAILING_BYTES", 33, "subscription"))



def build_subscription():
    c = Collector("subscription")
    prev, standby = [(0, 0), (0, 1), (1, 2)], [(2, 0)]
    for v in range(1, 7):
        ep = b"" if v == 1 else b"localhost:8080"
        latest = max(v, 4) if v >= 3 else -1  # 2.4.0 writes latest 5, 2.5.0 writes 6
        c.valid("v%d" % v, write_subscription(v, PID, prev, standby, ep, latest=max(v, 4)), [],
                "version %d: 3 previous active tasks, 1 standby task%s" % (
                    v, "" if v == 1 else ", user endpoint localhost:8080"),
                sub_record(v, PID, prev, standby, None if v == 1 else "localhost:8080", latest))
    c.valid("v3-latest-3", write_subscription(3, PID, [(0, 0)], [], b"h:1", latest=3), [],
            "version 3 as Kafka 2.0 writes it (latest supported version 3)",
            sub_record(3, PID, [(0, 0)], [], "h:1", 3), sweep=False)
    c.valid("v1-empty-lists", write_subscription(1, (0, 0), [], []), ["Extreme"],
            "version 1, nil UUID, no tasks", sub_record(1, (0, 0), [], [], None, -1), sweep=False)
    c.valid("v2-empty-endpoint", write_subscription(2, PID, [], [(0, 0)], b""), ["EmptyString"],
            "version 2 with a zero-length user endpoint: Kafka leaves it null",
            sub_record(2, PID, [], [(0, 0)], None, -1), sweep=False)
    c.valid("v4-extremes", write_subscription(4, (-1, -1), [(I32_MIN, I32_MAX), (-1, 0)], [(I32_MAX, -1)],
                                              b"x:0", latest=I32_MAX),
            ["Extreme"], "all-ones UUID, task ids at the i32 extremes, latest supported version i32 max",
            sub_record(4, (-1, -1), [(I32_MIN, I32_MAX), (-1, 0)], [(I32_MAX, -1)], "x:0", I32_MAX),
            sweep=False)
    c.valid("v4-duplicate-tasks", write_subscription(4, PID, [(0, 1), (0, 1)], [(0, 1)], b"h:1"), [],
            "a task twice, and as both active and standby: kept in wire order (Kafka's HashSet would merge them)",
            sub_record(4, PID, [(0, 1), (0, 1)], [(0, 1)], "h:1", 4), sweep=False)
    ep = "h\u00f4te-\u20ac.example:9092"
    c.valid("v4-endpoint-multibyte", write_subscription(4, PID, [], [], ep.encode()), ["Utf8Multibyte"],
            "user endpoint with 2- and 3-byte UTF-8", sub_record(4, PID, [], [], ep, 4), sweep=False)
    c.valid("v4-endpoint-4byte", write_subscription(4, PID, [], [], "\U0001F600:1".encode()), ["Utf8Multibyte"],
            "user endpoint with a 4-byte UTF-8 character (getBytes(UTF_8) writes real UTF-8)",
            sub_record(4, PID, [], [], "\U0001F600:1", 4), sweep=False)
    # Lossy user endpoints: new String(bytes, UTF_8).
    lossy = [
        ("ff", b"h\xffst:1", "h\ufffdst:1", 1, "an FF byte"),
        ("c0-80", b"a\xc0\x80b", "a\ufffd\ufffdb", 1, "C0 80 (modified UTF-8 NUL): two U+FFFD"),
        ("surrogate", b"\xed\xa0\x80:1", "\ufffd:1", 0, "ED A0 80 (a surrogate): one U+FFFD, as the JDK reads it"),
        ("surrogate-pair", b"h\xed\xa0\xbd\xed\xb8\x80", "h\ufffd\ufffd", 1,
         "a surrogate pair written CESU-8 style: one U+FFFD each"),
        ("surrogate-cut", b"\xed\xa0:1", "\ufffd:1", 0, "ED A0 then a non-continuation: one U+FFFD for both"),
        ("surrogate-at-end", b"host:\xed\xbf", "host:\ufffd", 5, "ED BF at the end: one U+FFFD"),
        ("overlong", b"a\xe0\x80\x80", "a\ufffd\ufffd\ufffd", 1, "E0 80 80 (an overlong form): three U+FFFD"),
        ("cut-short", b"host:\xe2\x82", "host:\ufffd", 5, "E2 82 at the end: one U+FFFD for the maximal subpart"),
    ]
    for name, raw, text, bad, com in lossy:
        w = write_subscription(4, PID, [], [], raw)
        at = len(w.out) - len(raw) + bad
        c.valid("v4-endpoint-lossy-" + name, w, ["LossyUtf8", "NonCanonical"],
                "user endpoint with %s, decoded as Kafka does (warning at the first bad byte)" % com,
                sub_record(4, PID, [], [], text, 4),
                warnings=[("UTF8_REPLACED", at, "subscription.user_end_point")], sweep=False)

    build_subscription7(c)

    # Version probing: a version newer than 11 (SubscriptionInfo.decode: 2.3.0's default branch,
    # 2.5.0-3.9's version > LATEST_SUPPORTED_VERSION).
    rest = bytes(write_subscription7(11, PID, [(0, 1, -2, None)], tags=[("az", "a")]).out[8:])
    for v, latest, tail, com in ((12, 12, rest, "a version-12 header followed by bytes in the version 11 layout"),
                                 (12, 14, b"\x00" * 5, "version 12, latest 14, 5 unknown bytes"),
                                 (12, 12, b"", "version 12 with nothing after the latest supported version"),
                                 (I32_MAX, I32_MAX, b"\xff", "version i32 max")):
        data = struct.pack(">ii", v, latest) + tail
        c.add("probing", "v%d-latest-%d-tail-%d" % (v, latest, len(tail)), data, ["Probing"],
              "%s: only version and latest supported version are read%s" % (
                  com, "; the rest is unread" if tail else ""),
              record=OrderedDict([("version", v), ("latest_supported_version", latest), ("probing", True)]),
              warnings=[("VERSION_PROBING", 8, "subscription")] if tail else [])
    for n in range(4, 8):
        c.add("probing", "v12-len-%d" % n, struct.pack(">ii", 12, 12)[:n], ["Probing", "Truncated"],
              "version 12 cut inside the latest supported version",
              error=("TRUNCATED", 4, "subscription.latest_supported_version"))

    # Versions below 1.
    for v in (0, -1, I32_MIN):
        c.add("version", "v%d" % v if v >= 0 else "v-minus-%d" % -v, struct.pack(">i", v) + b"\x00" * 40,
              ["Version"] + (["Extreme"] if v == I32_MIN else []),
              "version %d: no Kafka release wrote it" % v, error=("UNSUPPORTED_VERSION", 0, "subscription.version"))

    # Counts and the endpoint length.
    head4 = struct.pack(">ii", 4, 4) + struct.pack(">qq", *PID)      # 24 bytes
    one_task = struct.pack(">ii", 0, 0)
    c.add("negative", "prev-tasks-minus-1", head4 + struct.pack(">i", -1) + struct.pack(">i", 0) + struct.pack(">i", 0),
          ["NegativeLength"], "previous active task count -1", error=("NEGATIVE_LENGTH", 24, "subscription.prev_tasks"))
    c.add("negative", "standby-tasks-min", head4 + struct.pack(">i", 0) + struct.pack(">i", I32_MIN) + struct.pack(">i", 0),
          ["NegativeLength", "Extreme"], "standby task count i32 min",
          error=("NEGATIVE_LENGTH", 28, "subscription.standby_tasks"))
    c.add("negative", "endpoint-minus-1", head4 + struct.pack(">ii", 0, 0) + struct.pack(">i", -1),
          ["NegativeLength"], "user endpoint length -1 (Java: NegativeArraySizeException)",
          error=("NEGATIVE_LENGTH", 32, "subscription.user_end_point"))
    c.add("negative", "v1-prev-minus-1", struct.pack(">i", 1) + struct.pack(">qq", *PID) + struct.pack(">i", -1),
          ["NegativeLength"], "version 1, previous task count -1", error=("NEGATIVE_LENGTH", 20, "subscription.prev_tasks"))
    # count x 8 > remaining
    tail = struct.pack(">ii", 0, 0)  # standby count 0, endpoint length 0
    c.add("count", "prev-2-room-for-1", head4 + struct.pack(">i", 2) + one_task + b"\x00" * 7,
          ["CountTooLarge", "Truncated"], "2 previous tasks announced, 15 bytes remain (2 x 8 = 16 > 15)",
          error=("TRUNCATED", 24, "subscription.prev_tasks"))
    c.add("count", "prev-2-exact-fit", head4 + struct.pack(">i", 2) + one_task * 2,
          ["Truncated"], "2 previous tasks that fit exactly, then nothing: TRUNCATED at the standby count",
          error=("TRUNCATED", 44, "subscription.standby_tasks"))
    c.add("count", "prev-i32-max", head4 + struct.pack(">i", I32_MAX) + tail,
          ["CountTooLarge", "Truncated", "Extreme"],
          "previous task count i32 max (x 8 overflows 32 bits): refused before anything is read",
          error=("TRUNCATED", 24, "subscription.prev_tasks"))
    c.add("count", "standby-536870912", head4 + struct.pack(">i", 0) + struct.pack(">i", 1 << 29) + b"\x00" * 4,
          ["CountTooLarge", "Truncated"], "standby count 2^29 (x 8 = 2^32 wraps to 0 in 32 bits)",
          error=("TRUNCATED", 28, "subscription.standby_tasks"))
    c.add("count", "endpoint-longer-than-input", head4 + tail[:4] + struct.pack(">i", 0) + struct.pack(">i", 10) + b"abc",
          ["Truncated"], "user endpoint length 10, 3 bytes remain", error=("TRUNCATED", 32, "subscription.user_end_point"))
    c.add("count", "endpoint-i32-max", head4 + struct.pack(">ii", 0, 0) + struct.pack(">i", I32_MAX),
          ["Truncated", "Extreme"], "user endpoint length i32 max", error=("TRUNCATED", 32, "subscription.user_end_point"))

    # Trailing bytes.
    v1 = bytes(write_subscription(1, PID, prev, standby).out)
    c.add("trailing", "v1-plus-1", v1 + b"\x00", ["TrailingBytes"], "version 1 and one more byte",
          error=("TRAILING_BYTES", len(v1), "subscription"))
    v4 = bytes(write_subscription(4, PID, prev, standby, b"localhost:8080").out)
    c.add("trailing", "v4-plus-4", v4 + b"\x00\x00\x00\x05", ["TrailingBytes"],
          "version 4 and an i32 a newer version might add", error=("TRAILING_BYTES", len(v4), "subscription"))
    v1_as_v2 = struct.pack(">i", 1) + bytes(write_subscription(2, PID, [], [], b"h:1").out)[4:]
    c.add("trailing", "v1-with-endpoint", v1_as_v2, ["TrailingBytes"],
          "version 1 followed by a user endpoint (a version-2 body under version 1)",
          error=("TRAILING_BYTES", 28, "subscription"))
    c.add("order", "negative-before-trailing", head4 + struct.pack(">i", -1) + b"\x00" * 20,
          ["CheckOrder", "NegativeLength"], "negative count, then extra bytes: the count's error",
          error=("NEGATIVE_LENGTH", 24, "subscription.prev_tasks"))
    return c


# --------------------------------------------------------------------------------------------
# assignment.json

A_ACTIVE = [(0, 0), (0, 1)]
A_STANDBY = [((1, 0), [("topic-a", 0), ("topic-b", 3)])]
A_HOSTS = [("host1", 8080, [("topic-a", 0)]), ("host2", 9090, [])]


def asg_header(version, latest=4):
    return struct.pack(">i", version) + (struct.pack(">i", latest) if version >= 3 else b"")


# Versions 5-11: two topics in the dictionary; each host's partitions name them by index.
A5_HOSTS = [("host1", 8080, [("orders", 0), ("orders-changelog", 1)]), ("host2", 9090, [])]
A6_STANDBY_HOSTS = [("host2", 9090, [("orders-changelog", 0), ("orders", 1)]), ("host1", 8080, [("orders", 2)])]
A10_ACTIVE = [(0, 0, "billing"), (0, 1, None)]  # v10+: a named topology, then none (count 0)
A10_STANDBY = [((1, 0, "billing"), [("billing-store-changelog", 0)])]
NEXT_REBALANCE = 1700000123456


def span_at(w, path):
    """The offset of the field (or count) `path` that the writer wrote."""
    return [sp for sp in w.spans if sp[1] == path][0][2]


def build_assignment5(c):
    """Versions 5-11 (AssignmentInfo.java of 2.4.0 to 3.2.0; ConsumerProtocolUtils.readTaskIdFrom
    of 3.0.0)."""
    added = {5: "a topic dictionary (2.4.0)", 6: "+ standby partitions by host (2.5.0)",
             7: "+ next rebalance time (2.6.0)", 8: "the layout of 7 (2.7.0)", 9: "the layout of 7 (2.8.0)",
             10: "+ named topologies in task ids (3.0.0)", 11: "the layout of 10 (3.2.0)"}
    for v in range(5, 12):
        active, standby = (A10_ACTIVE, A10_STANDBY) if v >= 10 else (A_ACTIVE, A_STANDBY)
        sh = A6_STANDBY_HOSTS if v >= 6 else []
        c.valid("v%d" % v, write_assignment(v, active, standby, A5_HOSTS, v - 5, latest=v, standby_hosts=sh,
                                            next_rebalance=NEXT_REBALANCE), [],
                "version %d: %s; 2 hosts, the topics by dictionary index" % (v, added[v]),
                asg_record(v, active, standby, A5_HOSTS, v - 5, v, sh, NEXT_REBALANCE))
    # The dictionary as Kafka's HashMap iterates it (indexes not in order), two topics.
    d = [(1, "orders-changelog"), (0, "orders")]
    c.valid("v6-dictionary-out-of-order", write_assignment(6, [], [], A5_HOSTS, standby_hosts=A6_STANDBY_HOSTS,
                                                           dictionary=d), ["DictionaryOrder"],
            "version 6: the dictionary written index 1 first, as a HashMap may iterate it",
            asg_record(6, [], [], A5_HOSTS, 0, 4, A6_STANDBY_HOSTS), sweep=False)
    c.valid("v5-empty", write_assignment(5, [], [], [], latest=5), [],
            "version 5: no tasks, an empty dictionary, no hosts", asg_record(5, [], [], [], 0, 5), sweep=False)
    c.valid("v7-next-rebalance-none", write_assignment(7, [], [], [], latest=7, next_rebalance=I64_MAX),
            ["Extreme"], "version 7, next rebalance Long.MAX_VALUE (Kafka's default: none scheduled)",
            asg_record(7, [], [], [], 0, 7, (), I64_MAX), sweep=False)
    c.valid("v9-extremes", write_assignment(9, [(I32_MIN, I32_MAX)], [((-1, -1), [("t", I32_MIN)])],
                                            [("h", I32_MAX, [("t", -1)])], I32_MIN, latest=I32_MAX,
                                            standby_hosts=[("h", -1, [("t", I32_MAX)])], next_rebalance=I64_MIN),
            ["Extreme"], "version 9: i32 extremes everywhere, next rebalance i64 min",
            asg_record(9, [(I32_MIN, I32_MAX)], [((-1, -1), [("t", I32_MIN)])], [("h", I32_MAX, [("t", -1)])],
                       I32_MIN, I32_MAX, [("h", -1, [("t", I32_MAX)])], I64_MIN), sweep=False)
    # A repeated index keeps its last topic (HashMap.put); an index outside 0..n-1 is still a key;
    # a topic no partition names is harmless. Kafka's writer produces none of these.
    d = [(0, "a"), (0, "b"), (-7, "neg"), (I32_MAX, "max"), (3, "unused")]
    hosts = [("h", 1, [(0, 0), (-7, 1), (I32_MAX, 2)])]
    c.valid("v5-dictionary-repeated-index", write_assignment(5, [], [], hosts, latest=5, dictionary=d),
            ["NonCanonical", "Extreme"],
            "index 0 given twice (the last topic, b, wins), indexes -7 and i32 max, an unused entry",
            asg_record(5, [], [], [("h", 1, [("b", 0), ("neg", 1), ("max", 2)])], 0, 5), sweep=False)
    w = write_assignment(11, [], [], [("h\u0000", 1, [("t\U0001F600", 0)])], latest=11)
    c.valid("v11-dictionary-modified-utf8", w, ["ModifiedUtf8"],
            "a dictionary topic and a host in modified UTF-8 (NUL as C0 80, U+1F600 as two 3-byte surrogates)",
            asg_record(11, [], [], [("h\u0000", 1, [("t\U0001F600", 0)])], 0, 11),
            warnings=[("JAVA_MODIFIED_UTF8", span_at(w, "assignment.topic_dictionary[0].topic") + 3,
                       "assignment.topic_dictionary[0].topic"),
                      ("JAVA_MODIFIED_UTF8", span_at(w, "assignment.partitions_by_host[0].host") + 3,
                       "assignment.partitions_by_host[0].host")], sweep=False)

    # Named topologies (v10+): UTF-16 units read with readChar, any value.
    names = [(0, 0, "t\U0001F600"), (0, 1, "x\ud800y"), (0, 2, "a\u0000\u00e9\uffff")]
    c.valid("v10-topology-units", write_assignment(10, names, [], [], latest=10), ["ModifiedUtf8"],
            "named topologies of a surrogate pair (U+1F600), a lone surrogate, U+0000, U+00E9 and U+FFFF: "
            "UTF-16 units as readChar reads them, no warning",
            asg_record(10, names, [], [], 0, 10), sweep=False)
    w = write_assignment(10, [(3, 4, None), (5, 6, None)], [], [], latest=10)
    data = bytearray(w.out)
    at = span_at(w, "assignment.active_tasks[1].named_topology")
    data[at:at + 4] = struct.pack(">i", I32_MIN)
    at = span_at(w, "assignment.active_tasks[0].named_topology")
    data[at:at + 4] = struct.pack(">i", -1)
    c.add("valid", "v10-topology-count-negative", bytes(data), ["Valid", "NullString", "Extreme", "NonCanonical"],
          "named topology char counts -1 and i32 min: no char read, the empty name null, as readTaskIdFrom "
          "does (Kafka writes 0 for none)", record=asg_record(10, [(3, 4, None), (5, 6, None)], [], [], 0, 10))

    # Errors of versions 5-11.
    for v in (12, 13, I32_MAX):
        c.add("version", "v%d" % v, struct.pack(">ii", v, v) + b"\x00" * 24, ["Version"] + (["Extreme"] if v == I32_MAX else []),
              "version %d: 3.8.0's AssignmentInfo.decode throws (\"Unable to decode assignment data\")" % v,
              error=("UNSUPPORTED_VERSION", 0, "assignment.version"))
    h5 = asg_header(5, 5) + struct.pack(">ii", 0, 0)  # no active, no standby tasks: 16 bytes
    h6 = asg_header(6, 6) + struct.pack(">ii", 0, 0)
    one_topic = struct.pack(">ii", 1, 0) + write_utf("t")  # a dictionary of (0, "t"): 11 bytes
    host = write_utf("h") + struct.pack(">i", 1)  # host "h", port 1: 7 bytes
    c.add("unknown-topic-index", "v5-index-1-of-1", h5 + one_topic + struct.pack(">i", 1) + host
          + struct.pack(">iiiii", 2, 0, 0, 1, 3) + struct.pack(">i", 0),
          ["UnknownTopicIndex"], "the second partition's topic index 1: the dictionary has only index 0",
          error=("UNKNOWN_TOPIC_INDEX", 16 + 11 + 4 + 7 + 4 + 8, "assignment.partitions_by_host[0].partitions[1].topic_index"))
    c.add("unknown-topic-index", "v5-empty-dictionary", h5 + struct.pack(">i", 0) + struct.pack(">i", 1) + host
          + struct.pack(">iii", 1, 0, 0) + struct.pack(">i", 0),
          ["UnknownTopicIndex"], "index 0 with an empty dictionary",
          error=("UNKNOWN_TOPIC_INDEX", 16 + 4 + 4 + 7 + 4, "assignment.partitions_by_host[0].partitions[0].topic_index"))
    c.add("unknown-topic-index", "v6-standby-host-index-minus-1", h6 + one_topic + struct.pack(">i", 0)
          + struct.pack(">i", 1) + host + struct.pack(">iii", 1, -1, 0) + struct.pack(">i", 0),
          ["UnknownTopicIndex"], "a standby partition's topic index -1",
          error=("UNKNOWN_TOPIC_INDEX", 16 + 11 + 4 + 4 + 7 + 4,
                 "assignment.standby_partitions_by_host[0].partitions[0].topic_index"))
    c.add("order", "v6-unknown-index-then-negative", h6 + one_topic + struct.pack(">i", 1) + host
          + struct.pack(">iii", 1, 9, 0) + struct.pack(">i", -1) + b"\x00" * 4, ["CheckOrder", "UnknownTopicIndex"],
          "topic index 9 names no topic, then a negative standby host count: the index, read first, is the error",
          error=("UNKNOWN_TOPIC_INDEX", 16 + 11 + 4 + 7 + 4, "assignment.partitions_by_host[0].partitions[0].topic_index"))
    neg = [
        ("v5-dictionary", h5 + struct.pack(">i", -1) + b"\x00" * 8, 16, "assignment.topic_dictionary"),
        ("v5-host-partitions", h5 + struct.pack(">ii", 0, 1) + host + struct.pack(">i", I32_MIN) + b"\x00" * 4,
         16 + 8 + 7, "assignment.partitions_by_host[0].partitions"),
        ("v6-standby-hosts", h6 + struct.pack(">iii", 0, 0, -1) + b"\x00" * 4, 24, "assignment.standby_partitions_by_host"),
        ("v6-standby-host-partitions", h6 + struct.pack(">iii", 0, 0, 1) + host + struct.pack(">i", -1) + b"\x00" * 4,
         16 + 12 + 7, "assignment.standby_partitions_by_host[0].partitions"),
    ]
    for name, data, off, field in neg:
        c.add("negative", name, data, ["NegativeLength"], "%s count negative" % field, error=("NEGATIVE_LENGTH", off, field))
    h10 = asg_header(10, 10)
    big = [
        ("v5-dictionary-2-room-11", h5 + struct.pack(">i", 2) + b"\x00" * 11, 16, "assignment.topic_dictionary",
         "2 dictionary entries x 6 = 12 > 11"),
        ("v5-host-partitions-2-room-15", h5 + struct.pack(">ii", 0, 1) + host + struct.pack(">i", 2) + b"\x00" * 15,
         16 + 8 + 7, "assignment.partitions_by_host[0].partitions",
         "2 partitions by index x 8 = 16 > 15 (2 x 6, a v2-4 partition's minimum, would fit)"),
        ("v10-active-2-room-23", h10 + struct.pack(">i", 2) + b"\x00" * 23, 8, "assignment.active_tasks",
         "2 v10 tasks x 12 = 24 > 23 (2 x 8 would fit)"),
        ("v10-standby-2-room-31", h10 + struct.pack(">ii", 0, 2) + b"\x00" * 31, 12, "assignment.standby_tasks",
         "2 v10 standby tasks x 16 = 32 > 31"),
        ("v10-topology-3-room-5", h10 + struct.pack(">iiii", 1, 0, 0, 3) + b"abcde", 20,
         "assignment.active_tasks[0].named_topology", "a named topology of 3 chars (6 bytes), 5 bytes remain"),
        ("v11-topology-i32-max", h10[:3] + b"\x0b" + h10[4:] + struct.pack(">ii", 0, 1)
         + struct.pack(">iii", 0, 0, I32_MAX) + b"\x00" * 8, 24, "assignment.standby_tasks[0].task.named_topology",
         "a standby task's named topology of i32 max chars (x 2 overflows 32 bits)"),
    ]
    for name, data, off, field, com in big:
        c.add("count", name, data, ["CountTooLarge", "Truncated"] + (["Extreme"] if "max" in name else []),
              com + ": TRUNCATED at the count, before anything is read", error=("TRUNCATED", off, field))
    c.add("invalid-utf8", "v5-dictionary-topic", h5 + struct.pack(">ii", 1, 0) + struct.pack(">H", 2) + b"a\xf0",
          ["InvalidModifiedUtf8"], "a dictionary topic a F0: readUTF has no 1111xxxx lead",
          error=("INVALID_UTF8", 16 + 8 + 2 + 1, "assignment.topic_dictionary[0].topic"))
    c.add("invalid-utf8", "v6-standby-host", h6 + struct.pack(">iii", 0, 0, 1) + struct.pack(">H", 1) + b"\x80"
          + struct.pack(">ii", 0, 0), ["InvalidModifiedUtf8"], "a standby host 80: a continuation byte as lead",
          error=("INVALID_UTF8", 16 + 12 + 2, "assignment.standby_partitions_by_host[0].host"))
    v7 = bytes(write_assignment(7, A_ACTIVE, A_STANDBY, A5_HOSTS, latest=7, standby_hosts=A6_STANDBY_HOSTS).out)
    c.add("trailing", "v7-plus-1", v7 + b"\x00", ["TrailingBytes"], "version 7 and one more byte",
          error=("TRAILING_BYTES", len(v7), "assignment"))
    c.add("trailing", "v7-layout-under-v6", struct.pack(">i", 6) + v7[4:], ["TrailingBytes"],
          "a version-7 body under version 6: the next rebalance time's 8 bytes are left",
          error=("TRAILING_BYTES", len(v7) - 8, "assignment"))
    c.add("order", "v6-layout-under-v7", struct.pack(">i", 7) + v7[4:-8], ["Truncated"],
          "a version-6 body under version 7: the next rebalance time is missing",
          error=("TRUNCATED", len(v7) - 8, "assignment.next_rebalance_ms"))


def build_assignment():
    c = Collector("assignment")
    for v in (1, 2, 3, 4):
        hosts = A_HOSTS if v >= 2 else []
        c.valid("v%d" % v, write_assignment(v, A_ACTIVE, A_STANDBY, hosts, 0), [],
                "version %d: 2 active tasks, 1 standby task with 2 partitions%s" % (
                    v, ", 2 hosts (one with no partitions)" if v >= 2 else ""),
                asg_record(v, A_ACTIVE, A_STANDBY, hosts, 0, 4 if v >= 3 else -1))
    c.valid("v4-error-code-1", write_assignment(4, [], [], [], 1), [],
            "version 4, no tasks, error code 1 (INCOMPLETE_SOURCE_TOPIC_METADATA)",
            asg_record(4, [], [], [], 1, 4), sweep=False)
    c.valid("v4-extremes", write_assignment(4, [(I32_MIN, I32_MAX)], [((-1, -1), [("t", I32_MIN)])],
                                            [("h", I32_MAX, [("t", -1)])], I32_MIN, latest=I32_MAX),
            ["Extreme"], "i32 extremes everywhere", asg_record(4, [(I32_MIN, I32_MAX)], [((-1, -1), [("t", I32_MIN)])],
                                                             [("h", I32_MAX, [("t", -1)])], I32_MIN, I32_MAX),
            sweep=False)
    c.valid("v3-latest-3", write_assignment(3, [(0, 0)], [], [], latest=3), [],
            "version 3 as Kafka 2.0 writes it (latest supported version 3)",
            asg_record(3, [(0, 0)], [], [], 0, 3), sweep=False)
    c.valid("v2-empty-topic", write_assignment(2, [], [((0, 0), [("", 0)])], [("", 0, [])]), ["EmptyString"],
            "an empty topic and an empty host (writeUTF length 0)",
            asg_record(2, [], [((0, 0), [("", 0)])], [("", 0, [])], 0, -1), sweep=False)
    build_assignment5(c)

    # Modified UTF-8 that decodes: written by write_utf (Java's writeUTF) or, for forms writeUTF
    # never produces but readUTF accepts, given as raw bytes.
    def host_case(name, host_bytes, text, flags, com, strict_bad):
        w = write_assignment(2, [], [], [(host_bytes, 1, [])])
        warns = []
        if strict_bad is not None:
            warns = [("JAVA_MODIFIED_UTF8", 4 + 4 + 4 + 4 + 2 + strict_bad, "assignment.partitions_by_host[0].host")]
        c.valid(name, w, flags, com, asg_record(2, [], [], [(text, 1, [])], 0, -1), warnings=warns, sweep=False)

    host_case("host-nul", write_utf("h\u0000st"), "h\u0000st", ["ModifiedUtf8"],
              "writeUTF(\"h\\u0000st\"): NUL as C0 80, readUTF gives U+0000", 1)
    host_case("host-supplementary", write_utf("\U0001F600.example"), "\U0001F600.example", ["ModifiedUtf8"],
              "writeUTF of U+1F600: the surrogate pair as ED A0 BD ED B8 80, readUTF gives U+1F600", 0)
    host_case("host-u10ffff", write_utf("a\U0010FFFF"), "a\U0010FFFF", ["ModifiedUtf8"],
              "writeUTF of U+10FFFF: ED AF BF ED BF BF", 1)
    host_case("host-lone-surrogate", write_utf("x\ud800y"), "x\ud800y", ["ModifiedUtf8"],
              "writeUTF of a lone high surrogate U+D800: ED A0 80, readUTF gives the lone surrogate", 1)
    host_case("host-overlong-c1-bf", write_utf("ab")[:2] + b"\xc1\xbf", "\u007f", ["ModifiedUtf8", "NonCanonical"],
              "C1 BF: an overlong U+007F that writeUTF never writes but readUTF accepts", 0)
    host_case("host-overlong-e0-80-80", b"\x00\x03\xe0\x80\x80", "\u0000", ["ModifiedUtf8", "NonCanonical"],
              "E0 80 80: a 3-byte overlong U+0000, accepted by readUTF", 0)
    host_case("host-multibyte", write_utf("h\u00f4te-\u20ac"), "h\u00f4te-\u20ac", ["Utf8Multibyte"],
              "U+00F4 and U+20AC: the same bytes in modified UTF-8 and UTF-8 (no warning)", None)
    host_case("host-uffff", write_utf("\uffff\u0800\u07ff\u0080"), "\uffff\u0800\u07ff\u0080", ["Utf8Multibyte"],
              "U+FFFF, U+0800, U+07FF, U+0080: the 2- and 3-byte boundaries", None)

    # readUTF refusals: INVALID_UTF8 at the first byte of the refused sequence.
    refused = [
        ("4-byte-utf8", b"a\xf0\x9f\x98\x80", 1, "F0 9F 98 80: real UTF-8 U+1F600; readUTF has no 4-byte form (1111xxxx)"),
        ("lead-ff", b"\xff", 0, "FF: a 1111xxxx lead"),
        ("lead-f8", b"ab\xf8", 2, "F8: a 1111xxxx lead"),
        ("stray-80", b"\x80a", 0, "80: a continuation byte (10xxxxxx) as lead"),
        ("stray-bf-after-2byte", b"\xc3\xa9\xbf", 2, "C3 A9 then BF: a stray continuation"),
        ("cut-2-at-end", b"ab\xc3", 2, "C3 at the end: partial character at end"),
        ("cut-3-at-end", b"a\xe2\x82", 1, "E2 82 at the end: partial character at end"),
        ("bad-2nd-of-2", b"\xc3A", 0, "C3 41: the second byte is not 10xxxxxx"),
        ("bad-2nd-of-3", b"x\xe2A\x82", 1, "E2 41 82: the second byte is not 10xxxxxx"),
        ("bad-3rd-of-3", b"xy\xe2\x82A", 2, "E2 82 41: the third byte is not 10xxxxxx"),
        ("c0-then-ascii", b"\xc0A", 0, "C0 41: C0 needs a continuation"),
    ]
    for name, body, bad, com in refused:
        topic = struct.pack(">H", len(body)) + body
        w = write_assignment(1, [], [((0, 0), [(topic, 0)])])
        c.add("invalid-utf8", "topic-" + name, bytes(w.out), ["InvalidModifiedUtf8"],
              "standby topic: %s" % com,
              error=("INVALID_UTF8", 4 + 4 + 4 + 8 + 4 + 2 + bad, "assignment.standby_tasks[0].partitions[0].topic"))
    host = struct.pack(">H", 2) + b"\xed\xa0"
    c.add("invalid-utf8", "host-cut-surrogate", bytes(write_assignment(2, [], [], [(host, 1, [])]).out),
          ["InvalidModifiedUtf8"], "host ED A0 at the end of its body: partial character at end",
          error=("INVALID_UTF8", 4 + 4 + 4 + 4 + 2, "assignment.partitions_by_host[0].host"))
    second = [(("ok", 0)), (struct.pack(">H", 3) + b"ab\x80", 1)]
    c.add("invalid-utf8", "second-host-partition", bytes(write_assignment(
        2, [], [], [("h", 1, []), ("h2", 2, second)]).out), ["InvalidModifiedUtf8"],
          "the second partition of the second host has a stray 80",
          error=("INVALID_UTF8", 4 + 4 + 4 + 4 + 3 + 4 + 4 + 4 + 4 + 8 + 4 + 2 + 2,
                 "assignment.partitions_by_host[1].partitions[1].topic"))

    # Versions below 1 (above 11: build_assignment5).
    for v in (0, -1, I32_MIN):
        c.add("version", "v%d" % v if v >= 0 else "v-minus-%d" % -v, struct.pack(">ii", v, 4) + b"\x00" * 16,
              ["Version"] + (["Extreme"] if v == I32_MIN else []),
              "version %d: AssignmentInfo.decode throws (\"Unable to decode assignment data\")" % v,
              error=("UNSUPPORTED_VERSION", 0, "assignment.version"))

    # Negative counts.
    h4 = asg_header(4)  # 8 bytes
    neg = [
        ("active", h4 + struct.pack(">i", -1) + b"\x00" * 12, 8, "assignment.active_tasks"),
        ("standby", h4 + struct.pack(">ii", 0, -1) + b"\x00" * 8, 12, "assignment.standby_tasks"),
        ("standby-partitions", h4 + struct.pack(">iiiii", 0, 1, 0, 0, I32_MIN) + b"\x00" * 8, 24,
         "assignment.standby_tasks[0].partitions"),
        ("hosts", h4 + struct.pack(">iii", 0, 0, -1) + b"\x00" * 4, 16, "assignment.partitions_by_host"),
        ("host-partitions", h4 + struct.pack(">iii", 0, 0, 1) + write_utf("h") + struct.pack(">ii", 1, -1) + b"\x00" * 4,
         27, "assignment.partitions_by_host[0].partitions"),
    ]
    for name, data, off, field in neg:
        c.add("negative", name, data, ["NegativeLength"], "%s count negative" % field, error=("NEGATIVE_LENGTH", off, field))

    # Counts whose elements cannot fit (count x minimum > remaining).
    big = [
        ("active-2-room-15", h4 + struct.pack(">i", 2) + b"\x00" * 15, 8, "assignment.active_tasks",
         "2 active tasks x 8 = 16 > 15"),
        ("active-i32-max", h4 + struct.pack(">i", I32_MAX) + b"\x00" * 12, 8, "assignment.active_tasks",
         "active count i32 max"),
        ("standby-2-room-23", h4 + struct.pack(">ii", 0, 2) + b"\x00" * 23, 12, "assignment.standby_tasks",
         "2 standby tasks x 12 = 24 > 23"),
        ("standby-357913942", h4 + struct.pack(">ii", 0, 357913942) + b"\x00" * 8, 12, "assignment.standby_tasks",
         "standby count 357913942 (x 12 wraps past 2^32 to 8)"),
        ("partitions-2-room-11", h4 + struct.pack(">iiiii", 0, 1, 0, 0, 2) + b"\x00" * 11, 24,
         "assignment.standby_tasks[0].partitions", "2 partitions x 6 = 12 > 11"),
        ("hosts-1-room-9", h4 + struct.pack(">iii", 0, 0, 1) + b"\x00" * 9, 16, "assignment.partitions_by_host",
         "1 host x 10 > 9"),
        ("hosts-429496730", h4 + struct.pack(">iii", 0, 0, 429496730) + b"\x00" * 4, 16, "assignment.partitions_by_host",
         "host count 429496730 (x 10 wraps past 2^32 to 4)"),
    ]
    for name, data, off, field, com in big:
        c.add("count", name, data, ["CountTooLarge", "Truncated"] + (["Extreme"] if "max" in name else []),
              com + ": TRUNCATED at the count, before any element is read", error=("TRUNCATED", off, field))
    first = struct.pack(">iii", 0, 0, 1) + write_utf("abcdefghijk") + struct.pack(">i", 0)  # 29 bytes
    c.add("count", "second-standby-cut-in-group-id", h4 + struct.pack(">ii", 0, 2) + first + b"\x00\x00",
          ["Truncated"], "2 standby tasks pass the count check (24 <= 31) but the first one takes 29 bytes: "
          "the second task's topic group id is cut", error=("TRUNCATED", 45, "assignment.standby_tasks[1].task.topic_group_id"))
    c.add("count", "second-standby-cut-in-partition", h4 + struct.pack(">ii", 0, 2) + first + b"\x00" * 6,
          ["Truncated"], "as above with 6 bytes left: the second task's partition is cut",
          error=("TRUNCATED", 49, "assignment.standby_tasks[1].task.partition"))
    c.add("count", "topic-longer-than-input",
          h4 + struct.pack(">iiiii", 0, 1, 0, 0, 1) + struct.pack(">H", 0xFFFF) + b"topic",
          ["Truncated"], "writeUTF length FFFF (unsigned: 65535), 5 bytes remain",
          error=("TRUNCATED", 28, "assignment.standby_tasks[0].partitions[0].topic"))

    v4 = bytes(write_assignment(4, A_ACTIVE, A_STANDBY, A_HOSTS, 0).out)
    c.add("trailing", "v4-plus-1", v4 + b"\x01", ["TrailingBytes"], "version 4 and one more byte",
          error=("TRAILING_BYTES", len(v4), "assignment"))
    v3 = bytes(write_assignment(3, A_ACTIVE, A_STANDBY, A_HOSTS).out)
    c.add("trailing", "v3-with-error-code", v3 + b"\x00\x00\x00\x00", ["TrailingBytes"],
          "a version-4 body (with the error code) under version 3", error=("TRAILING_BYTES", len(v3), "assignment"))
    c.add("order", "utf8-before-negative", h4 + struct.pack(">iiiii", 0, 1, 0, 0, 1) + struct.pack(">H", 1) + b"\xff"
          + struct.pack(">i", 0) + struct.pack(">i", -1),
          ["CheckOrder", "InvalidModifiedUtf8"], "a bad topic, then a negative host count: the topic's error",
          error=("INVALID_UTF8", 30, "assignment.standby_tasks[0].partitions[0].topic"))
    return c


# --------------------------------------------------------------------------------------------
# Schema (merged into golden/schema.json by golden/generate.py)


def schema_defs():
    i32 = {"type": "integer", "minimum": I32_MIN, "maximum": I32_MAX}
    task_s = {"type": "object", "additionalProperties": False, "required": ["topic_group_id", "partition"],
              "properties": {"topic_group_id": i32, "partition": i32}}
    tp = {"type": "object", "additionalProperties": False, "required": ["topic", "partition"],
          "properties": {"topic": {"type": "string"}, "partition": i32}}
    tps_s = {"type": "array", "items": tp}
    path = {"type": "string", "pattern": r"^(subscription|assignment)(\.[a-z_]+(\[(0|[1-9][0-9]*)\])?)*$"}
    error = {"type": "object", "additionalProperties": False, "required": ["code", "offset", "field"],
             "properties": {"code": {"enum": CODES}, "offset": {"type": "integer", "minimum": 0}, "field": path}}
    warn = {"type": "object", "additionalProperties": False, "required": ["code", "offset", "field"],
            "properties": {"code": {"enum": list(WARNINGS)}, "offset": {"type": "integer", "minimum": 0},
                           "field": path}}
    sub = {"oneOf": [
        {"type": "object", "additionalProperties": False,
         "required": ["version", "latest_supported_version", "process_id", "prev_tasks", "standby_tasks",
                      "user_end_point", "probing"],
         "properties": {"version": {"enum": list(KNOWN_SUBSCRIPTION)}, "latest_supported_version": i32,
                        "process_id": {"type": "string",
                                       "pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"},
                        "prev_tasks": {"type": "array", "items": task_s},
                        "standby_tasks": {"type": "array", "items": task_s},
                        "user_end_point": {"type": ["string", "null"]}, "probing": {"const": False},
                        # version 7+ only (all four together)
                        "task_offset_sums": {"type": "array", "items": {
                            "type": "object", "additionalProperties": False,
                            "required": ["topic_group_id", "partition", "offset_sum", "named_topology"],
                            "properties": {"topic_group_id": i32, "partition": i32,
                                           "offset_sum": {"type": "string", "pattern": "^-?(0|[1-9][0-9]*)$"},
                                           "named_topology": {"type": ["string", "null"]}}}},
                        "unique_field": {"oneOf": [{"type": "integer", "minimum": -128, "maximum": 127},
                                                   {"type": "null"}]},
                        "error_code": i32,
                        "client_tags": {"type": "array", "items": {
                            "type": "object", "additionalProperties": False, "required": ["key", "value"],
                            "properties": {"key": {"type": "string"}, "value": {"type": "string"}}}}},
         "dependentRequired": {"task_offset_sums": ["unique_field", "error_code", "client_tags"]}},
        {"type": "object", "additionalProperties": False,
         "required": ["version", "latest_supported_version", "probing"],
         "properties": {"version": {"type": "integer", "minimum": 12, "maximum": I32_MAX},
                        "latest_supported_version": i32, "probing": {"const": True}}}]}
    # An assignment's task of version 10+ has named_topology; the schema allows it on any task and
    # golden-lint checks which versions have it.
    asg_task = {"type": "object", "additionalProperties": False, "required": ["topic_group_id", "partition"],
                "properties": {"topic_group_id": i32, "partition": i32,
                               "named_topology": {"type": ["string", "null"]}}}
    hosts_s = {"type": "array", "items": {
        "type": "object", "additionalProperties": False, "required": ["host", "port", "partitions"],
        "properties": {"host": {"type": "string"}, "port": i32, "partitions": tps_s}}}
    asg = {"type": "object", "additionalProperties": False,
           "required": ["version", "latest_supported_version", "active_tasks", "standby_tasks",
                        "partitions_by_host", "error_code"],
           "properties": {
               "version": {"enum": list(KNOWN_ASSIGNMENT)}, "latest_supported_version": i32,
               "active_tasks": {"type": "array", "items": asg_task},
               "standby_tasks": {"type": "array", "items": {
                   "type": "object", "additionalProperties": False, "required": ["task", "partitions"],
                   "properties": {"task": asg_task, "partitions": tps_s}}},
               "partitions_by_host": hosts_s,
               "standby_partitions_by_host": hosts_s,  # version 6+ only
               "error_code": i32,
               "next_rebalance_ms": {"type": "string", "pattern": "^-?(0|[1-9][0-9]*)$"}}}  # version 7+ only

    def file_def(target, record_ref):
        expect = {"oneOf": [
            {"type": "object", "additionalProperties": False, "required": ["record", "warnings"],
             "properties": {"record": {"$ref": "#/$defs/" + record_ref},
                            "warnings": {"type": "array", "items": {"$ref": "#/$defs/streamsWarning"}}}},
            {"type": "object", "additionalProperties": False, "required": ["error"],
             "properties": {"error": {"$ref": "#/$defs/streamsError"}}}]}
        return {"type": "object", "additionalProperties": False,
                "required": ["format", "target", "comment", "flags", "vectors"],
                "properties": {
                    "format": {"const": FORMAT}, "target": {"const": target}, "comment": {"type": "string"},
                    "flags": {"$ref": "#/$defs/flagsMap"},
                    "vectors": {"type": "array", "minItems": 1, "items": {
                        "type": "object", "additionalProperties": False,
                        "required": ["id", "comment", "flags", "hex", "expect"],
                        "properties": {
                            "id": {"type": "string", "pattern": "^%s/[a-z0-9-]+/[a-z0-9-]+$" % target},
                            "comment": {"type": "string", "minLength": 1},
                            "flags": {"$ref": "#/$defs/flagsList"}, "hex": {"$ref": "#/$defs/hex"},
                            "expect": expect}}}}}

    return OrderedDict([
        ("streamsError", error), ("streamsWarning", warn),
        ("subscriptionRecord", sub), ("assignmentRecord", asg),
        ("subscriptionFile", file_def("subscription", "subscriptionRecord")),
        ("assignmentFile", file_def("assignment", "assignmentRecord")),
    ])


# --------------------------------------------------------------------------------------------
# Output

FILE_COMMENTS = {
    "subscription": "Kafka Streams SubscriptionInfo (apache/kafka 2.3.0; versions 5-11: SubscriptionInfoData.json, "
                    "2.5.0-3.9) decode cases: expect is the record and its warnings, or the error {code, offset, "
                    "field}. See golden/README.md.",
    "assignment": "Kafka Streams AssignmentInfo (apache/kafka 3.8.0's AssignmentInfo.decode, versions 1-11) decode "
                  "cases: expect is the record and its warnings, or the error {code, offset, field}. See "
                  "golden/README.md.",
}


def build_all():
    return golden_files(FORMAT, (("subscription", build_subscription), ("assignment", build_assignment)),
                        FILE_COMMENTS, FLAGS)


def main(argv):
    return write_or_check(build_all(), "generate_streams.py", argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
