#!/usr/bin/env python3
"""Independent generator of the golden vectors for Kafka's share-group state (__share_group_state).

golden/share-state.json  decodeShareStateRecord(key, value): ShareSnapshot (record type 0) and
                         ShareUpdate (record type 1) keys and their version-0 values, tombstones,
                         tagged fields, every truncation, every error code the records can raise

Python standard library only. Written from Apache Kafka 4.1.0 (confluentinc/kafka tag v8.1.0,
Confluent Platform 8.1.0's release of AK 4.1.0), not from this project's specs or its schema
generator:
- share-coordinator/src/main/resources/common/message/ShareSnapshotKey.json and ShareUpdateKey.json
  (coordinator-key, apiKey 0 and 1, version 0, not flexible: GroupId string, TopicId uuid,
  Partition int32);
- ShareSnapshotValue.json (coordinator-value, version 0, flexible 0+: SnapshotEpoch int32,
  StateEpoch int32, LeaderEpoch int32, StartOffset int64, CreateTimestamp int64, WriteTimestamp
  int64, StateBatches []StateBatch) and ShareUpdateValue.json (version 0, flexible 0+:
  SnapshotEpoch int32, LeaderEpoch int32, StartOffset int64, StateBatches []StateBatch); a
  StateBatch is FirstOffset int64, LastOffset int64, DeliveryState int8, DeliveryCount int16;
  no tagged field at 4.1.0; Apache Kafka 4.2.0 (tag v8.2.0; the same at v8.3.0 and v8.3.1, 4.3)
  adds to both values DeliveryCompleteCount (KIP-1226: tag 0, int32, "default": "-1"), read here by
  name (absent, as 4.1.0 writes it: -1; the field placed after StartOffset, as in Kafka's files);
- coordinator-common's CoordinatorRecordSerde.java and ShareCoordinatorRecordSerde.java: the key
  is MessageUtil.toCoordinatorTypePrefixedBytes (an int16 record type, then the key's fields at
  version 0), the value toVersionPrefixedBytes (an int16 version, then the message); a key type
  other than 0 or 1 is UnknownRecordTypeException, a value version outside 0..0
  UnknownRecordVersionException, a null value a tombstone;
- the generated readers' conventions (MessageDataGenerator, ByteBufferAccessor,
  ByteUtils.readUnsignedVarint): a classic string is an int16 length (-1 null; not nullable
  here); a uuid 16 bytes, printed as Uuid.toString() (URL-safe base64 without padding); flexible
  versions (KIP-482): array counts as an unsigned varint of count + 1 (0 null; not nullable here),
  every struct ends with its tagged fields (an unsigned varint count, then per field a tag and a
  size as unsigned varints and that many bytes, kept as raw bytes when unknown); strings are
  new String(bytes, UTF_8).
Where this project reads more strictly than Kafka's generated reader (wasm/core/schema/README.md,
"Reading"; golden/README.md, "Consumer groups") the vectors pin the stricter rule: bytes after the
message are TRAILING_BYTES; a classic string length of -1 or below NEGATIVE_LENGTH; a compact
count of 0 NULL_NOT_ALLOWED; an unsigned varint past 5 bytes or with bits beyond 32
VARINT_TOO_LONG; tags must ascend, each once (TAG_OUT_OF_ORDER); a count whose elements cannot fit
at their least size (a StateBatch: 8 + 8 + 1 + 2 and its empty tagged section, 20 bytes), a tagged
count above half the bytes left and a tag size past the end are TRUNCATED; an empty value is
TRUNCATED at its version (only null is a tombstone). The key is read first: its error wins.

Every expectation is computed twice and must agree: a writer records the span of every field it
writes (the outcome of any prefix follows from the spans alone), and a reference reader decodes
the bytes. Hand-chosen error cases carry a hand-written (code, offset, field) the reader must
reproduce.

Usage:
  python3 golden/generate_share_state.py          rewrite golden/share-state.json
  python3 golden/generate_share_state.py --check  exit 1 if it differs from what it would write
  python3 golden/generate_share_state.py --encode < records.json
      the tests' writer of share-state records (tests/node/sharestate-fold.test.mjs): a JSON list of
      {"key": {"type": 0 | 1, "group", "topic_id" (32 hex digits), "partition"}} and {"value":
      {"type": 0 | 1, the value's fields by their names here (value_fields; i64 values as decimal
      strings), "batches": [[first, last, state, count]]}}; prints the bytes of each as a JSON list
      of hex strings
golden/generate.py imports schema_defs() from here for golden/schema.json.
"""

import base64
import json
import struct
import sys
from collections import OrderedDict

from generate_streams import java_new_string
from golden_files import (ByteReader, DecodeError, SpanWriter, check_vector, checked_golden_file, expectation,
                          key_value_file_schema, uvarint, warning, write_or_check)

FORMAT = "share-state-golden/2"
TARGET = "share-state"
# The record types: key prefix -> type name (the value's path root).
TYPES = OrderedDict([(0, "share_snapshot"), (1, "share_update")])
CODES = ["TRUNCATED", "TRAILING_BYTES", "UNSUPPORTED_VERSION", "NEGATIVE_LENGTH", "NULL_NOT_ALLOWED",
         "VARINT_TOO_LONG", "TAG_OUT_OF_ORDER"]
WARNINGS = ["UTF8_REPLACED"]
I8_MIN, I8_MAX = -2 ** 7, 2 ** 7 - 1
I16_MIN, I16_MAX = -2 ** 15, 2 ** 15 - 1
I32_MIN, I32_MAX = -2 ** 31, 2 ** 31 - 1
I64_MIN, I64_MAX = -2 ** 63, 2 ** 63 - 1
MIN_STATE_BATCH = 8 + 8 + 1 + 2 + 1

FLAGS = OrderedDict([
    ("Valid", "decodes to a record (key and value, or key and tombstone)"),
    ("Snapshot", "record type 0: ShareSnapshot"),
    ("Update", "record type 1: ShareUpdate"),
    ("Tombstone", "a null value"),
    ("EmptyValue", "a value of zero bytes: an error here (only null is a tombstone in this topic)"),
    ("TaggedFields", "unknown tagged fields, kept as tag and bytes"),
    ("Kafka42", "what Apache Kafka 4.2.0 added: the values' tagged DeliveryCompleteCount (tag 0, KIP-1226); a "
                "reader of Kafka 4.1.0's records (which keeps tag 0 as unknown) skips these"),
    ("Truncated", "the bytes end inside a field (a prefix of a valid vector, or a length that lies)"),
    ("CountTooLarge", "a count whose elements (or tagged fields) cannot fit in the bytes left"),
    ("TrailingBytes", "bytes remain after the last field"),
    ("Version", "a record type or value version the decoder refuses"),
    ("NegativeLength", "a classic string length of -1 or below (not nullable)"),
    ("NullNotAllowed", "a compact count of 0 (null) where the field is not nullable"),
    ("VarintTooLong", "an unsigned varint past 5 bytes or with bits beyond 32"),
    ("TagOrder", "tagged fields whose tags do not ascend, or a tag repeated"),
    ("Extreme", "integer extremes (0, -1, min, max)"),
    ("Utf8Multibyte", "2-, 3- and 4-byte characters, U+0000"),
    ("LossyUtf8", "a string that is not UTF-8, decoded with U+FFFD as Kafka does (warning UTF8_REPLACED)"),
    ("CheckOrder", "more than one fault: the key first, then the first in wire order"),
])


def uuid_text(raw):
    """Uuid.toString(): Base64.getUrlEncoder().withoutPadding() of the 16 bytes."""
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


# --------------------------------------------------------------------------------------------
# Writer: the vectors' bytes, with the span of everything it wrote


class Writer(SpanWriter):
    def fixed(self, path, fmt, v):
        self.leaf(path, struct.pack(">" + fmt, v))

    def string(self, path, body):
        self.prefix(path, struct.pack(">h", len(body)), len(body), 1)
        self.out += body

    def count(self, path, n, minimum):
        self.prefix(path, uvarint(n + 1), n, minimum)


def write_key(record_type, group, topic_id, partition):
    w = Writer()
    w.fixed("key.version", "h", record_type)
    w.string("key.group_id", group)
    w.leaf("key.topic_id", topic_id)
    w.fixed("key.partition", "i", partition)
    return w


def write_value(record_type, fields, batches, tags=(), version=0):
    """fields: the value's integers in wire order; batches: [(first, last, state, count, [(tag, bytes)])]."""
    root = TYPES[record_type]
    w = Writer()
    w.fixed(root + ".version", "h", version)
    for name, fmt in value_fields(record_type):
        w.fixed("%s.%s" % (root, name), fmt, fields[name])
    path = root + ".state_batches"
    w.count(path, len(batches), MIN_STATE_BATCH)
    for i, (first, last, state, count, btags) in enumerate(batches):
        p = "%s[%d]" % (path, i)
        w.fixed(p + ".first_offset", "q", first)
        w.fixed(p + ".last_offset", "q", last)
        w.fixed(p + ".delivery_state", "b", state)
        w.fixed(p + ".delivery_count", "h", count)
        w.tagged(p, btags)
    w.tagged(root, tags)
    return w


def value_fields(record_type):
    if record_type == 0:
        return [("snapshot_epoch", "i"), ("state_epoch", "i"), ("leader_epoch", "i"), ("start_offset", "q"),
                ("create_timestamp", "q"), ("write_timestamp", "q")]
    return [("snapshot_epoch", "i"), ("leader_epoch", "i"), ("start_offset", "q")]


# --------------------------------------------------------------------------------------------
# Reference reader


class Reader(ByteReader):
    def string(self, field):
        start = self.at
        n = self.fixed("h", field)
        if n < 0:
            raise DecodeError("NEGATIVE_LENGTH", start, field)
        if self.left() < n:
            raise DecodeError("TRUNCATED", start, field)
        body_at = self.at
        body = self.data[body_at:body_at + n]
        self.at += n
        try:
            body.decode("utf-8", "strict")
        except UnicodeDecodeError as e:
            self.warnings.append(warning("UTF8_REPLACED", body_at + e.start, field))
        return java_new_string(body)

    def uuid(self, field):
        if self.left() < 16:
            raise DecodeError("TRUNCATED", self.at, field)
        raw = self.data[self.at:self.at + 16]
        self.at += 16
        return uuid_text(raw)

    def count(self, field, minimum):
        start = self.at
        n = self.uvarint(field) - 1
        if n < 0:
            raise DecodeError("NULL_NOT_ALLOWED", start, field)
        if n > 0 and n > self.left() // minimum:
            raise DecodeError("TRUNCATED", start, field)
        return n

    def tagged(self, struct_path, known=None):
        """known: {tag: (name, struct format)} read into self.known by name (the value's
        DeliveryCompleteCount); the others kept as unknown."""
        field = struct_path + ".tagged_fields"
        start = self.at
        n = self.uvarint(field)
        if n > self.left() // 2:
            raise DecodeError("TRUNCATED", start, field)
        kept, previous = [], -1
        for _ in range(n):
            header = self.at
            tag = self.uvarint(field)
            if tag <= previous:
                raise DecodeError("TAG_OUT_OF_ORDER", header, field)
            previous = tag
            size_at = self.at
            size = self.uvarint(field)
            if size > self.left():
                raise DecodeError("TRUNCATED", size_at, field)
            if known and tag in known:
                name, fmt = known[tag]
                path, width = "%s.%s" % (struct_path, name), struct.calcsize(">" + fmt)
                if size < width:  # the value runs past its size: at the value, as the field tree's node
                    raise DecodeError("TRUNCATED", self.at, path + ".value")
                if size > width:
                    raise DecodeError("TRAILING_BYTES", self.at + width, path)
                (self.known[name],) = struct.unpack_from(">" + fmt, self.data, self.at)
            else:
                kept.append(OrderedDict([("tag", tag), ("bytes", self.data[self.at:self.at + size].hex())]))
            self.at += size
        return kept

    def end(self, root):
        if self.left():
            raise DecodeError("TRAILING_BYTES", self.at, root)


def read_key(data):
    r = Reader(data)
    record_type = r.fixed("h", "key.version")
    if record_type not in TYPES:
        raise DecodeError("UNSUPPORTED_VERSION", 0, "key.version")
    k = OrderedDict([("type", TYPES[record_type]), ("version", record_type)])
    k["group_id"] = r.string("key.group_id")
    k["topic_id"] = r.uuid("key.topic_id")
    k["partition"] = r.fixed("i", "key.partition")
    r.end("key")
    return record_type, k, r.warnings


def read_value(record_type, data):
    root = TYPES[record_type]
    r = Reader(data)
    version = r.fixed("h", root + ".version")
    if version != 0:
        raise DecodeError("UNSUPPORTED_VERSION", 0, root + ".version")
    v = OrderedDict([("type", root), ("version", version)])
    for name, fmt in value_fields(record_type):
        x = r.fixed(fmt, "%s.%s" % (root, name))
        v[name] = str(x) if fmt == "q" else x
        if name == "start_offset":
            v["delivery_complete_count"] = -1  # 4.2.0's tag 0, absent
    path = root + ".state_batches"
    n = r.count(path, MIN_STATE_BATCH)
    batches = []
    for i in range(n):
        p = "%s[%d]" % (path, i)
        b = OrderedDict()
        b["first_offset"] = str(r.fixed("q", p + ".first_offset"))
        b["last_offset"] = str(r.fixed("q", p + ".last_offset"))
        b["delivery_state"] = r.fixed("b", p + ".delivery_state")
        b["delivery_count"] = r.fixed("h", p + ".delivery_count")
        b["unknown_tagged_fields"] = r.tagged(p)
        batches.append(b)
    v["state_batches"] = batches
    r.known = {}
    v["unknown_tagged_fields"] = r.tagged(root, {0: ("delivery_complete_count", "i")})
    v.update(r.known)
    r.end(root)
    return v, r.warnings


def reference(key, value):
    try:
        record_type, k, warnings = read_key(key)
        v = None
        if value is not None:
            v, more = read_value(record_type, value)
            warnings = warnings + more
    except DecodeError as e:
        return OrderedDict([("error", OrderedDict([("code", e.code), ("offset", e.offset), ("field", e.field)]))])
    return OrderedDict([("record", OrderedDict([("key", k), ("value", v)])), ("warnings", warnings)])


# --------------------------------------------------------------------------------------------
# The vectors


class Collector:
    def __init__(self):
        self.vectors = []

    def add(self, group, name, key, value, flags, comment, error=None, record=None, warnings=()):
        vid = "%s/%s/%s" % (TARGET, group, name)
        want = expectation(error, record, warnings)
        check_vector(vid, reference(key, value), want, flags, FLAGS)
        self.vectors.append(OrderedDict([("id", vid), ("comment", comment), ("flags", list(flags)),
                                         ("key", key.hex()), ("value", None if value is None else value.hex()),
                                         ("expect", want)]))

    def sweep(self, name, w, key=None, value=None, flags=()):
        data = bytes(w.out)
        for n in range(len(data)):
            code, off, field = w.expected_prefix(n)
            k, v = (data[:n], value) if key is None else (key, data[:n])
            self.add("truncated", "%s-len-%d" % (name, n), k, v, ["Truncated"] + list(flags),
                     "the first %d of %d bytes of %s: %s at %s" % (n, len(data), name, code, field),
                     error=(code, off, field))


TOPIC = bytes(range(0x10, 0x20))
TOPIC2 = b"\xff" * 16
T0 = 1700000000000


def key_record(record_type, group, topic_id, partition):
    return OrderedDict([("type", TYPES[record_type]), ("version", record_type), ("group_id", group),
                        ("topic_id", uuid_text(topic_id)), ("partition", partition)])


def value_record(record_type, fields, batches, tags=()):
    v = OrderedDict([("type", TYPES[record_type]), ("version", 0)])
    for name, fmt in value_fields(record_type):
        v[name] = str(fields[name]) if fmt == "q" else fields[name]
        if name == "start_offset":  # 4.2.0's tag 0: the written int32, else -1
            known = [b for g, b in tags if g == 0]
            v["delivery_complete_count"] = struct.unpack(">i", known[0])[0] if known else -1
    v["state_batches"] = [OrderedDict([("first_offset", str(f)), ("last_offset", str(l)), ("delivery_state", s),
                                       ("delivery_count", c),
                                       ("unknown_tagged_fields", [OrderedDict([("tag", g), ("bytes", b.hex())])
                                                                  for g, b in bt])])
                          for f, l, s, c, bt in batches]
    v["unknown_tagged_fields"] = [OrderedDict([("tag", g), ("bytes", b.hex())]) for g, b in tags if g != 0]
    return v


SNAPSHOT = {"snapshot_epoch": 3, "state_epoch": 1, "leader_epoch": 7, "start_offset": 100,
            "create_timestamp": T0, "write_timestamp": T0 + 5000}
UPDATE = {"snapshot_epoch": 3, "leader_epoch": 7, "start_offset": -1}
BATCHES = [(100, 119, 2, 1, []), (120, 120, 0, 3, []), (121, 150, 4, 5, [])]


def build():
    c = Collector()

    def valid(name, record_type, group, topic, partition, fields, batches, tags=(), flags=(), comment="",
              warnings=(), sweep=False):
        kw = write_key(record_type, group, topic, partition)
        vw = write_value(record_type, fields, batches, tags)
        key, value = bytes(kw.out), bytes(vw.out)
        record = OrderedDict([("key", key_record(record_type, java_new_string(group), topic, partition)),
                              ("value", value_record(record_type, fields, batches, tags))])
        c.add("valid", name, key, value, ["Valid", "Snapshot" if record_type == 0 else "Update"] + list(flags),
              comment, record=record, warnings=warnings)
        if sweep:
            era = [f for f in flags if f.startswith("Kafka")]  # a 4.2 value's truncations are 4.2's
            c.sweep(name + "-key", kw, value=value, flags=era)
            c.sweep(name + "-value", vw, key=key, flags=era)
        return key, value

    sk, sv = valid("snapshot", 0, b"share-app", TOPIC, 0, SNAPSHOT, BATCHES,
                   comment="a snapshot of partition 0: start offset 100, three state batches (Acked, Available, "
                           "Archived)", sweep=True)
    uk, uv = valid("update", 1, b"share-app", TOPIC, 0, UPDATE, BATCHES[:1],
                   comment="an update: start offset -1 (not updated), one batch acknowledged", sweep=True)
    valid("snapshot-empty", 0, b"g", TOPIC2, 5, dict(SNAPSHOT, start_offset=0), [],
          comment="a snapshot with no state batch (every offset below the start offset)")
    valid("update-empty", 1, b"g", TOPIC2, 5, UPDATE, [], comment="an update with no batch")
    valid("snapshot-extremes-max", 0, b"x" * 300, b"\x7f" + b"\xff" * 15, I32_MAX,
          {"snapshot_epoch": I32_MAX, "state_epoch": I32_MAX, "leader_epoch": I32_MAX, "start_offset": I64_MAX,
           "create_timestamp": I64_MAX, "write_timestamp": I64_MAX},
          [(I64_MAX, I64_MAX, I8_MAX, I16_MAX, [])], flags=["Extreme"], comment="every integer at its maximum")
    valid("snapshot-extremes-min", 0, b"", b"\x00" * 16, I32_MIN,
          {"snapshot_epoch": I32_MIN, "state_epoch": -1, "leader_epoch": -1, "start_offset": I64_MIN,
           "create_timestamp": -1, "write_timestamp": 0},
          [(I64_MIN, -1, I8_MIN, I16_MIN, [])], flags=["Extreme"],
          comment="every integer at its minimum or -1, an empty group id, the zero uuid")
    valid("update-utf8", 1, "grp-\u00e9\u20ac\U0001F600\u0000".encode("utf-8"), TOPIC, 1, UPDATE, [],
          flags=["Utf8Multibyte"], comment="a group id with 2-, 3- and 4-byte characters and U+0000")
    valid("update-lossy", 1, b"g\xff\xc0\x80h", TOPIC, 1, UPDATE, [], flags=["LossyUtf8"],
          comment="a group id that is not UTF-8: U+FFFD as new String(bytes, UTF_8), warning at the first bad byte",
          warnings=[("UTF8_REPLACED", 5, "key.group_id")])
    valid("snapshot-tags", 0, b"share-app", TOPIC, 2, SNAPSHOT, [(1, 2, 2, 1, [(7, b"\x01\x02")])],
          tags=[(3, b""), (40000, b"\xaa" * 3)], flags=["TaggedFields"],
          comment="unknown tagged fields on a batch and on the value (tag 40000: a three-byte varint), kept")
    valid("snapshot-kafka-4-2", 0, b"share-app", TOPIC, 3, SNAPSHOT, BATCHES[:2], tags=[(0, struct.pack(">i", 42))],
          flags=["Kafka42"], sweep=True,
          comment="a snapshot as Kafka 4.2 writes it: DeliveryCompleteCount 42 (tag 0, KIP-1226), read by name "
                  "(4.1.0 keeps it as an unknown tag)")
    valid("update-kafka-4-2", 1, b"share-app", TOPIC, 3, UPDATE, [], tags=[(0, struct.pack(">i", I32_MAX))],
          flags=["Kafka42", "Extreme"],
          comment="an update as Kafka 4.2 may write it: DeliveryCompleteCount at its maximum (tag 0)")
    valid("update-kafka-4-2-more-tags", 1, b"share-app", TOPIC, 3, UPDATE, BATCHES[2:],
          tags=[(0, struct.pack(">i", 0)), (1, b"\x09")], flags=["Kafka42", "TaggedFields"],
          comment="DeliveryCompleteCount 0 (tag 0, known) beside an unknown tag 1, kept")

    for rt, key in ((0, sk), (1, uk)):
        name = TYPES[rt].replace("_", "-")
        c.add("tombstone", name, key, None, ["Valid", "Tombstone", "Snapshot" if rt == 0 else "Update"],
              "a null value: the share-partition's state deleted",
              record=OrderedDict([("key", key_record(rt, "share-app", TOPIC, 0)), ("value", None)]))
        c.add("empty", name + "-value", key, b"", ["EmptyValue", "Truncated", "Snapshot" if rt == 0 else "Update"],
              "a value of zero bytes: not a tombstone (Kafka reads only null as one)",
              error=("TRUNCATED", 0, TYPES[rt] + ".version"))

    # ---- versions
    for t in (2, -1, 11, I16_MAX):
        c.add("version", "key-type-%s" % str(t).replace("-", "minus-"), struct.pack(">h", t) + sk[2:], sv,
              ["Version"], "record type %d: none of the share coordinator's (0, 1)" % t,
              error=("UNSUPPORTED_VERSION", 0, "key.version"))
    for rt, key, value in ((0, sk, sv), (1, uk, uv)):
        for ver in (1, -1):
            c.add("version", "%s-value-v%s" % (TYPES[rt].replace("_", "-"), str(ver).replace("-", "minus-")), key,
                  struct.pack(">h", ver) + value[2:], ["Version"],
                  "value version %d: 4.1.0 knows version 0 only (UnknownRecordVersionException)" % ver,
                  error=("UNSUPPORTED_VERSION", 0, TYPES[rt] + ".version"))

    # ---- trailing bytes
    c.add("trailing", "key-one-byte", sk + b"\x00", sv, ["TrailingBytes"], "a byte after the key's partition",
          error=("TRAILING_BYTES", len(sk), "key"))
    c.add("trailing", "snapshot-one-byte", sk, sv + b"\x00", ["TrailingBytes"], "a byte after the value",
          error=("TRAILING_BYTES", len(sv), "share_snapshot"))
    c.add("trailing", "update-one-byte", uk, uv + b"\x00", ["TrailingBytes"], "a byte after the value",
          error=("TRAILING_BYTES", len(uv), "share_update"))

    # ---- lengths and counts
    c.add("negative", "key-group-id-minus-1", b"\x00\x00\xff\xff" + TOPIC + b"\x00" * 4, sv, ["NegativeLength"],
          "a group id length of -1: the string is not nullable", error=("NEGATIVE_LENGTH", 2, "key.group_id"))
    c.add("negative", "key-group-id-min", b"\x00\x01\x80\x00" + TOPIC + b"\x00" * 4, uv, ["NegativeLength"],
          "a group id length of -32768", error=("NEGATIVE_LENGTH", 2, "key.group_id"))
    c.add("truncated", "key-group-id-lies", b"\x00\x00\x00\x30abc", sv, ["Truncated"],
          "a group id length of 48 with 3 bytes left", error=("TRUNCATED", 2, "key.group_id"))
    head_s = sv[:2 + 4 * 3 + 8 * 3]  # the snapshot's version and integers: the batches count at 38
    head_u = uv[:2 + 4 * 2 + 8]      # the update's: the batches count at 18
    c.add("null", "snapshot-batches-null", sk, head_s + b"\x00\x00", ["NullNotAllowed"],
          "a compact batches count of 0 (null): not nullable", error=("NULL_NOT_ALLOWED", 38, "share_snapshot.state_batches"))
    c.add("null", "update-batches-null", uk, head_u + b"\x00\x00", ["NullNotAllowed"],
          "a compact batches count of 0 (null): not nullable", error=("NULL_NOT_ALLOWED", 18, "share_update.state_batches"))
    c.add("count", "update-batches-too-many", uk, head_u + b"\x03" + b"\x00" * 39, ["CountTooLarge"],
          "2 batches need 40 bytes at least; 39 remain", error=("TRUNCATED", 18, "share_update.state_batches"))
    c.add("varint", "update-batches-six-bytes", uk, head_u + b"\x81\x80\x80\x80\x80\x00\x00", ["VarintTooLong"],
          "a batches count of 6 bytes", error=("VARINT_TOO_LONG", 18, "share_update.state_batches"))
    c.add("varint", "snapshot-tags-33-bits", sk, head_s + b"\x01\xff\xff\xff\xff\x1f", ["VarintTooLong"],
          "a tagged count whose fifth byte carries bits beyond 32",
          error=("VARINT_TOO_LONG", 39, "share_snapshot.tagged_fields"))
    c.add("tags", "snapshot-tags-descending", sk, head_s + b"\x01\x02\x05\x00\x04\x00", ["TagOrder"],
          "tag 5 then tag 4", error=("TAG_OUT_OF_ORDER", 42, "share_snapshot.tagged_fields"))
    c.add("tags", "update-tags-repeated", uk, head_u + b"\x01\x02\x00\x04\x00\x00\x00\x07\x00\x04\x00\x00\x00\x08",
          ["TagOrder", "Kafka42"], "tag 0 (DeliveryCompleteCount) twice",
          error=("TAG_OUT_OF_ORDER", 26, "share_update.tagged_fields"))
    c.add("tags", "update-delivery-complete-count-short", uk, head_u + b"\x01\x01\x00\x03\x00\x00\x07",
          ["Truncated", "Kafka42"], "tag 0 (DeliveryCompleteCount, an int32) with a size of 3: the value runs past it",
          error=("TRUNCATED", 22, "share_update.delivery_complete_count.value"))
    c.add("tags", "snapshot-delivery-complete-count-long", sk, head_s + b"\x01\x01\x00\x05\x00\x00\x00\x07\x00",
          ["TrailingBytes", "Kafka42"], "tag 0 (DeliveryCompleteCount) with a size of 5: a byte after its int32",
          error=("TRAILING_BYTES", len(head_s) + 8, "share_snapshot.delivery_complete_count"))
    c.add("tags", "update-tag-size-lies", uk, head_u + b"\x01\x01\x00\x09\x01\x02", ["Truncated"],
          "a tag whose size says 9 with 2 bytes left", error=("TRUNCATED", 21, "share_update.tagged_fields"))
    c.add("tags", "update-batch-tags-too-many", uk,
          head_u + b"\x02" + struct.pack(">qqbh", 1, 2, 0, 1) + b"\x03\x00\x00\x00",
          ["CountTooLarge"], "3 tagged fields in a batch need 6 bytes at least; 3 remain",
          error=("TRUNCATED", 38, "share_update.state_batches[0].tagged_fields"))

    # ---- the order of the checks
    c.add("order", "key-error-first", struct.pack(">h", 5) + sk[2:], b"", ["CheckOrder", "Version", "EmptyValue"],
          "an unknown record type and an empty value: the key's error", error=("UNSUPPORTED_VERSION", 0, "key.version"))
    c.add("order", "key-trailing-before-value", sk + b"\x00", b"\x00\x07", ["CheckOrder", "TrailingBytes", "Version"],
          "a trailing byte in the key and a bad value version: the key's error",
          error=("TRAILING_BYTES", len(sk), "key"))
    return c


# --------------------------------------------------------------------------------------------
# Schema (merged into golden/schema.json by golden/generate.py)


def schema_defs():
    i64 = {"type": "string", "pattern": "^-?(0|[1-9][0-9]*)$"}
    i8 = {"type": "integer", "minimum": I8_MIN, "maximum": I8_MAX}
    i16 = {"type": "integer", "minimum": I16_MIN, "maximum": I16_MAX}
    i32 = {"type": "integer", "minimum": I32_MIN, "maximum": I32_MAX}
    path = {"type": "string",
            "pattern": r"^(key|share_snapshot|share_update)(\.[a-z_]+(\[(0|[1-9][0-9]*)\])?)*$"}
    tags = {"type": "array", "items": {
        "type": "object", "additionalProperties": False, "required": ["tag", "bytes"],
        "properties": {"tag": {"type": "integer", "minimum": 0, "maximum": 2 ** 32 - 1},
                       "bytes": {"$ref": "#/$defs/hex"}}}}
    uuid = {"type": "string", "pattern": "^[A-Za-z0-9_-]{22}$"}
    key = {"type": "object", "additionalProperties": False,
           "required": ["type", "version", "group_id", "topic_id", "partition"],
           "properties": {"type": {"enum": list(TYPES.values())}, "version": {"enum": list(TYPES)},
                          "group_id": {"type": "string"}, "topic_id": uuid, "partition": i32}}
    batch = {"type": "object", "additionalProperties": False,
             "required": ["first_offset", "last_offset", "delivery_state", "delivery_count", "unknown_tagged_fields"],
             "properties": {"first_offset": i64, "last_offset": i64, "delivery_state": i8, "delivery_count": i16,
                            "unknown_tagged_fields": tags}}
    values = []
    for rt, name in TYPES.items():
        names = [n for n, _ in value_fields(rt)]
        props = OrderedDict([("type", {"const": name}), ("version", {"const": 0})])
        for n, fmt in value_fields(rt):
            props[n] = i64 if fmt == "q" else i32
        props["delivery_complete_count"] = i32
        props["state_batches"] = {"type": "array", "items": batch}
        props["unknown_tagged_fields"] = tags
        values.append({"type": "object", "additionalProperties": False,
                       "required": ["type", "version"] + names + ["delivery_complete_count", "state_batches",
                                                                  "unknown_tagged_fields"],
                       "properties": props})
    record = {"type": "object", "additionalProperties": False, "required": ["key", "value"],
              "properties": {"key": key, "value": {"oneOf": [{"type": "null"}] + values}}}
    return OrderedDict([("shareStateFile", key_value_file_schema(FORMAT, TARGET, record, CODES, WARNINGS, path))])


# --------------------------------------------------------------------------------------------
# Output

COMMENT = ("Kafka's __share_group_state records (Apache Kafka 4.1.0, confluentinc/kafka tag v8.1.0: ShareSnapshotKey/"
           "Value (record type 0), ShareUpdateKey/Value (record type 1), CoordinatorRecordSerde): "
           "decodeShareStateRecord(key, value) cases. value null is a tombstone; expect is the record and its "
           "warnings, or the error {code, offset, field} of the key (read first) or the value. See golden/README.md.")


def build_all():
    return OrderedDict([("share-state.json", checked_golden_file(FORMAT, TARGET, COMMENT, FLAGS, build().vectors, CODES))])


def encode(items):
    """--encode: each item's bytes, written by this generator's writer (the tests' share-state
    records come from here, never from the code under test)."""
    out = []
    for item in items:
        if "key" in item:
            k = item["key"]
            w = write_key(k["type"], k["group"].encode("utf-8"), bytes.fromhex(k["topic_id"]), k["partition"])
        else:
            v = item["value"]
            fields = {name: int(v[name]) for name, _ in value_fields(v["type"])}
            batches = [(int(f), int(l), state, count, []) for f, l, state, count in v["batches"]]
            w = write_value(v["type"], fields, batches)
        out.append(bytes(w.out).hex())
    return out


def main(argv):
    if "--encode" in argv:
        print(json.dumps(encode(json.load(sys.stdin))))
        return 0
    return write_or_check(build_all(), "generate_share_state.py", argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
