#!/usr/bin/env python3
"""Independent generator of the golden vectors for the KRaft metadata log (__cluster_metadata).

golden/cluster-metadata.json  decodeClusterMetadataRecord(value): a record of each of the 26 types
                              at each of its versions, default and extreme values, tagged fields,
                              every truncation of three of them, every error code the frame and
                              the messages can raise

Python standard library only. Written from Apache Kafka 4.1.0 (confluentinc/kafka tag v8.1.0,
Confluent Platform 8.1.0's release of AK 4.1.0), not from this project's specs or its schema
generator:
- metadata/src/main/resources/common/metadata/*.json (26 files, "type": "metadata", every one
  flexible from version 0): each record's apiKey, validVersions and fields, transcribed by hand
  into RECORDS below (names in snake case; defaults as the files give them), with the two versions
  Apache Kafka 4.3.0 (tag v8.3.0) added (KAFKA43_VERSIONS, flag Kafka43; the other 24 files are
  unchanged there);
- server-common's AbstractApiMessageSerde.java (read, lines 81-111): a value is an unsigned varint
  frame version (1 is the only one: 0 is refused as KRaft's 2.8 preview, any other as unknown),
  an unsigned varint apiKey (MetadataRecordType.fromId: another is UnsupportedVersionException
  "Unknown metadata id"), an unsigned varint version, the message at that version, then no byte
  ("Found N byte(s) of garbage after ..."). The key is null (not part of a vector);
- the generated readers' conventions (MessageDataGenerator, ByteBufferAccessor,
  ByteUtils.readUnsignedVarint) in flexible versions (KIP-482): a string is an unsigned varint of
  its length + 1 (0 null), then UTF-8 read as new String(bytes, UTF_8); bytes the same; an array a
  count + 1 (0 null), then its elements; a uuid 16 bytes printed as Uuid.toString() (URL-safe
  base64 without padding); a float64 8 bytes big-endian (IEEE 754); a bool one byte, non-zero true;
  every struct ends with its tagged fields (a count, then per field a tag and a size, unsigned
  varints, and that many bytes; a tag the struct does not know at any version is kept as raw
  bytes, one it knows only at later versions is "Tag N is not valid for version V").
Where this project reads more strictly than Kafka (golden/README.md, "The KRaft metadata log")
the vectors pin the stricter rule: a version outside the type's validVersions is
UNSUPPORTED_VERSION (Kafka 4.1.0's generated read takes any version of the message itself); tags
must ascend, each once (TAG_OUT_OF_ORDER); an unsigned varint past 5 bytes or with bits beyond 32
is VARINT_TOO_LONG; a compact count whose elements cannot fit at their least size, a tagged count
above half the bytes left and a tag size past the end are TRUNCATED.

Every expectation is computed twice and must agree: a writer records the span of every field it
writes (the outcome of any prefix follows from the spans alone), and a reference reader decodes
the bytes. Hand-chosen error cases carry a hand-written (code, offset, field) the reader must
reproduce.

Usage:
  python3 golden/generate_cluster_metadata.py          rewrite golden/cluster-metadata.json
  python3 golden/generate_cluster_metadata.py --encode JSON lines {"api_key", "version", "record"} on
                                                       stdin -> each value's hex (other tests' records)
  python3 golden/generate_cluster_metadata.py --check  exit 1 if it differs from what it would write
golden/generate.py imports schema_defs() from here for golden/schema.json.
"""

import base64
import json
import struct
import sys
from collections import OrderedDict

from generate_streams import java_new_string
from golden_files import (ByteReader, DecodeError, SpanWriter, check_vector, checked_golden_file, expectation, uvarint,
                          value_file_schema, warning, write_or_check)

FORMAT = "cluster-metadata-golden/2"
TARGET = "cluster-metadata"
CODES = ["TRUNCATED", "TRAILING_BYTES", "UNSUPPORTED_VERSION", "NULL_NOT_ALLOWED", "VARINT_TOO_LONG",
         "TAG_OUT_OF_ORDER", "STRING_TOO_LONG"]
WARNINGS = ["UTF8_REPLACED"]
I8_MIN, I8_MAX = -2 ** 7, 2 ** 7 - 1
I16_MIN, I16_MAX = -2 ** 15, 2 ** 15 - 1
I32_MIN, I32_MAX = -2 ** 31, 2 ** 31 - 1
I64_MIN, I64_MAX = -2 ** 63, 2 ** 63 - 1

FLAGS = OrderedDict([
    ("Valid", "decodes to a record"),
    ("Defaults", "fields absent at the version or tagged fields not written: their defaults"),
    ("TaggedFields", "known tagged fields written, or unknown ones kept as tag and bytes"),
    ("Nulls", "nullable strings and arrays written as null"),
    ("Float64", "a float64 (ClientQuotaRecord's value)"),
    ("Truncated", "the bytes end inside a field (a prefix of a valid vector, or a length that lies)"),
    ("CountTooLarge", "a count whose elements (or tagged fields) cannot fit in the bytes left"),
    ("TrailingBytes", "bytes remain after the message"),
    ("Frame", "the frame's frame version or apiKey refused"),
    ("Version", "a version outside the record type's, or a tag not valid at the version"),
    ("NullNotAllowed", "a compact length or count of 0 (null) where the field is not nullable"),
    ("VarintTooLong", "an unsigned varint past 5 bytes or with bits beyond 32"),
    ("StringTooLong", "a compact string length above 32767 (Kafka's limit for a string)"),
    ("TagOrder", "tagged fields whose tags do not ascend, or a tag repeated"),
    ("Extreme", "integer extremes (0, -1, min, max)"),
    ("Utf8Multibyte", "2-, 3- and 4-byte characters, U+0000"),
    ("LossyUtf8", "a string that is not UTF-8, decoded with U+FFFD as Kafka does (warning UTF8_REPLACED)"),
    ("Kafka43", "what Apache Kafka 4.3.0 added (RegisterBrokerRecord version 4 and BrokerRegistrationChangeRecord "
                "version 3, the tagged nullable CordonedLogDirs): a port that reads Kafka 4.1.0's records skips "
                "these and drops the key"),
])

# --------------------------------------------------------------------------------------------
# The records, from Kafka 4.1.0's JSON files (by hand; see the docstring)

OPEN = 1 << 15  # "N+": every version from N


def F(name, typ, versions=(0, OPEN), nullable=None, tagged=None, tag=None, default=None, fields=None):
    """A field: its snake-case name, type ("int32", "[]int32", "[]Struct" with `fields`, ...),
    versions (lo, hi), nullableVersions' and taggedVersions' first version, tag, default."""
    return {"name": name, "type": typ, "versions": versions, "nullable": nullable, "tagged": tagged, "tag": tag,
            "default": default, "fields": fields}


ENDPOINT = [F("name", "string"), F("host", "string"), F("port", "uint16"), F("security_protocol", "int16")]
FEATURE = [F("name", "string"), F("min_supported_version", "int16"), F("max_supported_version", "int16")]
ELR = dict(nullable=2, tagged=2, default="null", versions=(2, OPEN))

# apiKey -> (type, highest version, fields)
RECORDS = OrderedDict([
    (0, ("register_broker_record", 4, [
        F("broker_id", "int32"), F("is_migrating_zk_broker", "bool", versions=(2, OPEN), default="false"),
        F("incarnation_id", "uuid"), F("broker_epoch", "int64"),
        F("end_points", "[]BrokerEndpoint", fields=ENDPOINT), F("features", "[]BrokerFeature", fields=FEATURE),
        F("rack", "string", nullable=0), F("fenced", "bool", default="true"),
        F("in_controlled_shutdown", "bool", versions=(1, OPEN), default="false"),
        F("log_dirs", "[]uuid", versions=(3, OPEN), tagged=3, tag=0),
        F("cordoned_log_dirs", "[]uuid", versions=(4, OPEN), nullable=4, tagged=4, tag=1, default="null")])),
    (1, ("unregister_broker_record", 0, [F("broker_id", "int32"), F("broker_epoch", "int64")])),
    (2, ("topic_record", 0, [F("name", "string"), F("topic_id", "uuid")])),
    (3, ("partition_record", 2, [
        F("partition_id", "int32", default="-1"), F("topic_id", "uuid"), F("replicas", "[]int32"),
        F("isr", "[]int32"), F("removing_replicas", "[]int32"), F("adding_replicas", "[]int32"),
        F("leader", "int32", default="-1"), F("leader_recovery_state", "int8", tagged=0, tag=0, default="0"),
        F("leader_epoch", "int32", default="-1"), F("partition_epoch", "int32", default="-1"),
        F("directories", "[]uuid", versions=(1, OPEN)),
        F("eligible_leader_replicas", "[]int32", tag=1, **ELR), F("last_known_elr", "[]int32", tag=2, **ELR)])),
    (4, ("config_record", 0, [F("resource_type", "int8"), F("resource_name", "string"), F("name", "string"),
                              F("value", "string", nullable=0)])),
    (5, ("partition_change_record", 2, [
        F("partition_id", "int32", default="-1"), F("topic_id", "uuid"),
        F("isr", "[]int32", nullable=0, tagged=0, tag=0, default="null"),
        F("leader", "int32", tagged=0, tag=1, default="-2"),
        F("replicas", "[]int32", nullable=0, tagged=0, tag=2, default="null"),
        F("removing_replicas", "[]int32", nullable=0, tagged=0, tag=3, default="null"),
        F("adding_replicas", "[]int32", nullable=0, tagged=0, tag=4, default="null"),
        F("leader_recovery_state", "int8", tagged=0, tag=5, default="-1"),
        F("directories", "[]uuid", versions=(1, OPEN), nullable=1, tagged=1, tag=8, default="null"),
        F("eligible_leader_replicas", "[]int32", tag=6, **ELR), F("last_known_elr", "[]int32", tag=7, **ELR)])),
    (7, ("fence_broker_record", 0, [F("id", "int32"), F("epoch", "int64")])),
    (8, ("unfence_broker_record", 0, [F("id", "int32"), F("epoch", "int64")])),
    (9, ("remove_topic_record", 0, [F("topic_id", "uuid")])),
    (10, ("delegation_token_record", 0, [
        F("owner", "string"), F("requester", "string"), F("renewers", "[]string"), F("issue_timestamp", "int64"),
        F("max_timestamp", "int64"), F("expiration_timestamp", "int64"), F("token_id", "string")])),
    (11, ("user_scram_credential_record", 0, [
        F("name", "string"), F("mechanism", "int8"), F("salt", "bytes"), F("stored_key", "bytes"),
        F("server_key", "bytes"), F("iterations", "int32")])),
    (12, ("feature_level_record", 0, [F("name", "string"), F("feature_level", "int16")])),
    (14, ("client_quota_record", 0, [
        F("entity", "[]EntityData", fields=[F("entity_type", "string"), F("entity_name", "string", nullable=0)]),
        F("key", "string"), F("value", "float64"), F("remove", "bool")])),
    (15, ("producer_ids_record", 0, [F("broker_id", "int32"), F("broker_epoch", "int64", default="-1"),
                                     F("next_producer_id", "int64")])),
    (17, ("broker_registration_change_record", 3, [
        F("broker_id", "int32"), F("broker_epoch", "int64"), F("fenced", "int8", tagged=0, tag=0),
        F("in_controlled_shutdown", "int8", versions=(1, OPEN), tagged=1, tag=1),
        F("log_dirs", "[]uuid", versions=(2, OPEN), tagged=2, tag=2),
        F("cordoned_log_dirs", "[]uuid", versions=(3, OPEN), nullable=3, tagged=3, tag=3, default="null")])),
    (18, ("access_control_entry_record", 0, [
        F("id", "uuid"), F("resource_type", "int8"), F("resource_name", "string"), F("pattern_type", "int8"),
        F("principal", "string"), F("host", "string"), F("operation", "int8"), F("permission_type", "int8")])),
    (19, ("remove_access_control_entry_record", 0, [F("id", "uuid")])),
    (20, ("no_op_record", 0, [])),
    (21, ("zk_migration_state_record", 0, [F("zk_migration_state", "int8")])),
    (22, ("remove_user_scram_credential_record", 0, [F("name", "string"), F("mechanism", "int8")])),
    (23, ("begin_transaction_record", 0, [F("name", "string", nullable=0, tagged=0, tag=0, default="null")])),
    (24, ("end_transaction_record", 0, [])),
    (25, ("abort_transaction_record", 0, [F("reason", "string", nullable=0, tagged=0, tag=0, default="null")])),
    (26, ("remove_delegation_token_record", 0, [F("token_id", "string")])),
    (27, ("register_controller_record", 0, [
        F("controller_id", "int32"), F("incarnation_id", "uuid"), F("zk_migration_ready", "bool"),
        F("end_points", "[]ControllerEndpoint", fields=ENDPOINT),
        F("features", "[]ControllerFeature", fields=FEATURE)])),
    (28, ("clear_elr_record", 0, [F("topic_name", "string")])),
])
# The versions Apache Kafka 4.3.0 (confluentinc/kafka tag v8.3.0) added to 4.1.0's: CordonedLogDirs, a
# tagged nullable []uuid (RegisterBrokerRecord.json tag 1, BrokerRegistrationChangeRecord.json tag 3 there).
KAFKA43_VERSIONS = ((0, 4), (17, 3))
FIXED = {"int8": "b", "int16": "h", "uint16": "H", "int32": "i", "int64": "q", "float64": "d"}


def present(f, v):
    return f["versions"][0] <= v <= f["versions"][1]


def is_tagged(f, v):
    return f["tagged"] is not None and v >= f["tagged"]


def is_nullable(f, v):
    return f["nullable"] is not None and v >= f["nullable"]


def least(typ, fields, v):
    """The fewest bytes an element of `typ` takes (the decoder's bound on a count)."""
    if typ in FIXED:
        return struct.calcsize(">" + FIXED[typ])
    if typ == "bool":
        return 1
    if typ == "uuid":
        return 16
    if typ in ("string", "bytes") or typ.startswith("[]"):
        return 1
    return 1 + sum(least(f["type"], f["fields"], v) for f in fields if present(f, v) and not is_tagged(f, v))


def default_of(f):
    """A field's value when absent (the `default`, else the type's zero), as the file writes it."""
    d, t = f["default"], f["type"]
    if d == "null":
        return None
    if t == "bool":
        return d == "true"
    if t == "int64":
        return d or "0"
    if t in FIXED:
        return float(d or 0) if t == "float64" else int(d or 0)
    if t == "uuid":
        return uuid_text(b"\x00" * 16)
    if t in ("string", "bytes"):
        return ""
    return []


def uuid_text(raw):
    """Uuid.toString(): Base64.getUrlEncoder().withoutPadding() of the 16 bytes."""
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


# --------------------------------------------------------------------------------------------
# Writer: a value's bytes from {field: value} (values as the file writes them, strings as bytes),
# with the span of everything it wrote


class Writer(SpanWriter):
    def varint(self, path, n):
        self.leaf(path, uvarint(n))

    def count(self, path, n, minimum):
        self.prefix(path, uvarint(0 if n is None else n + 1), n or 0, minimum)

    def value(self, path, typ, fields, x, v):
        if typ in FIXED:
            self.leaf(path, struct.pack(">" + FIXED[typ], int(x) if typ == "int64" else x))
        elif typ == "bool":
            self.leaf(path, b"\x01" if x else b"\x00")
        elif typ == "uuid":
            self.leaf(path, x)
        elif typ in ("string", "bytes"):
            self.count(path, None if x is None else len(x), 1)
            if x is not None:
                self.out += x
        elif typ.startswith("[]"):
            element = typ[2:]
            self.count(path, None if x is None else len(x), least(element, fields, v))
            for i, e in enumerate(x or []):
                self.value("%s[%d]" % (path, i), element, fields, e, v)
        else:
            self.struct(path, fields, x, v)

    def struct(self, path, fields, x, v, tags=()):
        """x: {name: value}; tags: extra (tag, bytes) after the known ones, in the order given."""
        for f in fields:
            if present(f, v) and not is_tagged(f, v):
                self.value("%s.%s" % (path, f["name"]), f["type"], f["fields"], x[f["name"]], v)
        known = []
        for f in fields:
            if present(f, v) and is_tagged(f, v) and f["name"] in x:
                inner = Writer()
                inner.value("", f["type"], f["fields"], x[f["name"]], v)
                known.append((f["tag"], bytes(inner.out)))
        self.tagged(path, sorted(known) + list(tags))


def write_record(api_key, version, x, tags=(), frame=1):
    root = RECORDS[api_key][0]
    w = Writer()
    w.varint("record.frame_version", frame)
    w.varint("record.api_key", api_key)
    w.varint(root + ".version", version)
    w.struct(root, RECORDS[api_key][2], x, version, tags)
    return w


# --------------------------------------------------------------------------------------------
# Reference reader


class Reader(ByteReader):
    def length(self, field, nullable):
        start = self.at
        n = self.uvarint(field) - 1
        if n < 0 and not nullable:
            raise DecodeError("NULL_NOT_ALLOWED", start, field)
        return start, n

    def value(self, path, typ, fields, v, nullable):
        if typ in FIXED:
            x = self.fixed(FIXED[typ], path)
            return str(x) if typ == "int64" else x
        if typ == "bool":
            return self.fixed("B", path) != 0
        if typ == "uuid":
            if self.left() < 16:
                raise DecodeError("TRUNCATED", self.at, path)
            self.at += 16
            return uuid_text(self.data[self.at - 16:self.at])
        if typ in ("string", "bytes"):
            start, n = self.length(path, nullable)
            if n < 0:
                return None
            if typ == "string" and n > 0x7FFF:
                raise DecodeError("STRING_TOO_LONG", start, path)
            if n > self.left():
                raise DecodeError("TRUNCATED", start, path)
            body = self.data[self.at:self.at + n]
            self.at += n
            if typ == "bytes":
                return body.hex()
            try:
                body.decode("utf-8", "strict")
            except UnicodeDecodeError as e:
                self.warnings.append(warning("UTF8_REPLACED", self.at - n + e.start, path))
            return java_new_string(body)
        if typ.startswith("[]"):
            element = typ[2:]
            start, n = self.length(path, nullable)
            if n < 0:
                return None
            if n > 0 and n > self.left() // least(element, fields, v):
                raise DecodeError("TRUNCATED", start, path)
            return [self.value("%s[%d]" % (path, i), element, fields, v, False) for i in range(n)]
        return self.struct(path, fields, v)

    def struct(self, path, fields, v):
        out = OrderedDict()
        for f in fields:
            if not present(f, v):
                out[f["name"]] = default_of(f)
            elif not is_tagged(f, v):
                out[f["name"]] = self.value("%s.%s" % (path, f["name"]), f["type"], f["fields"], v,
                                            is_nullable(f, v))
            else:
                out[f["name"]] = default_of(f)  # unless its tag is read below
        by_tag = dict((f["tag"], f) for f in fields if f["tag"] is not None)
        field = path + ".tagged_fields"
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
            f = by_tag.get(tag)
            if f is not None and not (present(f, v) and is_tagged(f, v)):
                raise DecodeError("UNSUPPORTED_VERSION", header, field)  # "Tag N is not valid for version V"
            if f is None:
                kept.append(OrderedDict([("tag", tag), ("bytes", self.data[self.at:self.at + size].hex())]))
                self.at += size
                continue
            inner = Reader(self.data[:self.at + size])  # the value read within its size
            inner.at = self.at
            out[f["name"]] = inner.value("%s.%s" % (path, f["name"]), f["type"], f["fields"], v, is_nullable(f, v))
            self.warnings += inner.warnings
            if inner.at != self.at + size:
                raise DecodeError("TRAILING_BYTES", inner.at, "%s.%s" % (path, f["name"]))
            self.at += size
        out["unknown_tagged_fields"] = kept
        return out


def reference(value):
    r = Reader(value)
    try:
        frame = r.uvarint("record.frame_version")
        if frame != 1:
            raise DecodeError("UNSUPPORTED_VERSION", 0, "record.frame_version")
        at = r.at
        api_key = r.uvarint("record.api_key")
        if api_key not in RECORDS:
            raise DecodeError("UNSUPPORTED_VERSION", at, "record.api_key")
        root, high, fields = RECORDS[api_key]
        at = r.at
        version = r.uvarint(root + ".version")
        if version > high:
            raise DecodeError("UNSUPPORTED_VERSION", at, root + ".version")
        record = OrderedDict([("type", root), ("api_key", api_key), ("version", version)])
        record.update(r.struct(root, fields, version))
        if r.left():
            raise DecodeError("TRAILING_BYTES", r.at, root)
    except DecodeError as e:
        return OrderedDict([("error", OrderedDict([("code", e.code), ("offset", e.offset), ("field", e.field)]))])
    return OrderedDict([("record", record), ("warnings", r.warnings)])


# --------------------------------------------------------------------------------------------
# The vectors


def shown(fields, x, v, tagged_written=True):
    """The record's fields as the file writes them (every field, defaults where absent)."""
    out = OrderedDict()
    for f in fields:
        if not present(f, v) or (is_tagged(f, v) and f["name"] not in x):
            out[f["name"]] = default_of(f)
        else:
            out[f["name"]] = shown_value(f["type"], f["fields"], x[f["name"]], v)
    out["unknown_tagged_fields"] = []
    return out


def shown_value(typ, fields, x, v):
    if x is None:
        return None
    if typ == "int64":
        return str(x)
    if typ == "uuid":
        return uuid_text(x)
    if typ == "string":
        return java_new_string(x)
    if typ == "bytes":
        return x.hex()
    if typ.startswith("[]"):
        return [shown_value(typ[2:], fields, e, v) for e in x]
    if typ in FIXED or typ == "bool":
        return x
    return shown(fields, x, v)


class Collector:
    def __init__(self):
        self.vectors = []

    def add(self, group, name, value, flags, comment, error=None, record=None, warnings=()):
        vid = "%s/%s/%s" % (TARGET, group, name)
        want = expectation(error, record, warnings)
        check_vector(vid, reference(value), want, flags, FLAGS)
        self.vectors.append(OrderedDict([("id", vid), ("comment", comment), ("flags", list(flags)),
                                         ("value", value.hex()), ("expect", want)]))

    def sweep(self, name, w):
        data = bytes(w.out)
        for n in range(len(data)):
            code, off, field = w.expected_prefix(n)
            self.add("truncated", "%s-len-%d" % (name, n), data[:n], ["Truncated"],
                     "the first %d of %d bytes of %s: %s at %s" % (n, len(data), name, code, field),
                     error=(code, off, field))


TOPIC = bytes(range(0x10, 0x20))
TOPIC2 = b"\xff" * 16
DIR1 = bytes(range(0x20, 0x30))
DIR2 = bytes(range(0x30, 0x40))
INCARNATION = bytes(range(0x40, 0x50))
T0 = 1700000000000
ENDPOINTS = [{"name": b"PLAINTEXT", "host": b"broker-1.example", "port": 9092, "security_protocol": 0},
             {"name": b"SSL", "host": b"broker-1.example", "port": 65535, "security_protocol": 1}]
FEATURES = [{"name": b"metadata.version", "min_supported_version": 7, "max_supported_version": 27},
            {"name": b"kraft.version", "min_supported_version": 0, "max_supported_version": 1}]

# A record of each type: (apiKey, {field: value}); the versions each is written at are its type's.
SAMPLES = [
    (0, {"broker_id": 1, "is_migrating_zk_broker": False, "incarnation_id": INCARNATION, "broker_epoch": 42,
         "end_points": ENDPOINTS, "features": FEATURES, "rack": b"rack-a", "fenced": True,
         "in_controlled_shutdown": False, "log_dirs": [DIR1, DIR2], "cordoned_log_dirs": [DIR2]}),
    (1, {"broker_id": 1, "broker_epoch": 42}),
    (2, {"name": b"orders", "topic_id": TOPIC}),
    (3, {"partition_id": 0, "topic_id": TOPIC, "replicas": [1, 2, 3], "isr": [1, 2], "removing_replicas": [],
         "adding_replicas": [3], "leader": 1, "leader_epoch": 5, "partition_epoch": 9,
         "directories": [DIR1, DIR2, DIR1], "eligible_leader_replicas": [2], "last_known_elr": []}),
    (4, {"resource_type": 2, "resource_name": b"orders", "name": b"retention.ms", "value": b"604800000"}),
    (5, {"partition_id": 3, "topic_id": TOPIC, "isr": [1, 3], "leader": 3, "leader_recovery_state": 0,
         "directories": [DIR2, DIR1], "eligible_leader_replicas": [1]}),
    (7, {"id": 2, "epoch": 43}),
    (8, {"id": 2, "epoch": 44}),
    (9, {"topic_id": TOPIC}),
    (10, {"owner": b"User:alice", "requester": b"User:bob", "renewers": [b"User:carol", b"User:dave"],
          "issue_timestamp": T0, "max_timestamp": T0 + 604800000, "expiration_timestamp": T0 + 86400000,
          "token_id": b"token-1"}),
    (11, {"name": b"alice", "mechanism": 1, "salt": b"\x01\x02\x03", "stored_key": b"\xaa" * 32,
          "server_key": b"\xbb" * 32, "iterations": 4096}),
    (12, {"name": b"metadata.version", "feature_level": 27}),
    (14, {"entity": [{"entity_type": b"user", "entity_name": b"alice"}, {"entity_type": b"client-id",
                                                                         "entity_name": None}],
          "key": b"producer_byte_rate", "value": 1048576.5, "remove": False}),
    (15, {"broker_id": 1, "broker_epoch": 42, "next_producer_id": 5000}),
    (17, {"broker_id": 1, "broker_epoch": 42, "fenced": -1, "in_controlled_shutdown": 1, "log_dirs": [DIR1],
          "cordoned_log_dirs": [DIR1]}),
    (18, {"id": INCARNATION, "resource_type": 2, "resource_name": b"orders", "pattern_type": 3,
          "principal": b"User:alice", "host": b"*", "operation": 3, "permission_type": 3}),
    (19, {"id": INCARNATION}),
    (20, {}),
    (21, {"zk_migration_state": 3}),
    (22, {"name": b"alice", "mechanism": 2}),
    (23, {"name": b"txn-1"}),
    (24, {}),
    (25, {"reason": b"controller failover"}),
    (26, {"token_id": b"token-1"}),
    (27, {"controller_id": 3000, "incarnation_id": INCARNATION, "zk_migration_ready": False,
          "end_points": [{"name": b"CONTROLLER", "host": b"controller-1", "port": 9093, "security_protocol": 0}],
          "features": FEATURES[:1]}),
    (28, {"topic_name": b"orders"}),
]


def build():
    c = Collector()

    def valid(name, api_key, version, x, flags=(), comment="", tags=(), warnings=(), sweep=False):
        root, _, fields = RECORDS[api_key]
        w = write_record(api_key, version, x, tags)
        record = OrderedDict([("type", root), ("api_key", api_key), ("version", version)])
        record.update(shown(fields, x, version))
        record["unknown_tagged_fields"] = [OrderedDict([("tag", g), ("bytes", b.hex())]) for g, b in tags]
        data = bytes(w.out)
        c.add("valid", name, data, ["Valid"] + list(flags), comment, record=record, warnings=warnings)
        if sweep:
            c.sweep(name, w)
        return data

    values = {}
    for api_key, x in SAMPLES:
        root, high, fields = RECORDS[api_key]
        for version in range(high + 1):
            absent = any(not present(f, version) for f in fields) or any(
                is_tagged(f, version) and f["name"] not in x for f in fields if present(f, version))
            name = "%s-v%d" % (root.replace("_", "-"), version)
            kafka43 = ["Kafka43"] if (api_key, version) in KAFKA43_VERSIONS else []
            values[(api_key, version)] = valid(
                name, api_key, version, x, (["Defaults"] if absent else []) + kafka43,
                "a %s (apiKey %d) at version %d%s" % (root, api_key, version,
                                                       ": the fields it lacks take their defaults" if absent else ""),
                sweep=(api_key, version) in ((2, 0), (3, 2), (0, 3)))

    # ---- defaults, nulls, extremes, tags, text
    valid("partition-change-record-v2-no-tags", 5, 2, {"partition_id": 0, "topic_id": TOPIC}, ["Defaults"],
          "a PartitionChangeRecord that changes nothing: every tagged field its default (null, leader -2, "
          "leader recovery state -1)")
    valid("partition-change-record-v2-nulls", 5, 2,
          {"partition_id": 0, "topic_id": TOPIC, "isr": None, "replicas": None, "directories": None,
           "eligible_leader_replicas": None, "last_known_elr": [4]}, ["Nulls", "TaggedFields"],
          "tagged nullable arrays written as null (a count of 0 in their tag) beside one written")
    valid("config-record-delete", 4, 0, {"resource_type": 4, "resource_name": b"", "name": b"log.retention.ms",
                                         "value": None}, ["Nulls"],
          "a ConfigRecord deleting a key (value null) of the cluster's default broker resource (name \"\")")
    valid("begin-transaction-record-no-name", 23, 0, {}, ["Defaults"], "a BeginTransactionRecord without its tagged name: null")
    valid("abort-transaction-record-null-reason", 25, 0, {"reason": None}, ["Nulls", "TaggedFields"],
          "the tagged reason written as null")
    valid("broker-registration-change-record-v0-no-tags", 17, 0, {"broker_id": 1, "broker_epoch": 42},
          ["Defaults"], "no change written: fenced 0 (no change)")
    valid("register-broker-record-v3-no-log-dirs", 0, 3, dict(dict(SAMPLES)[0], log_dirs=[], end_points=[],
                                                               features=[], rack=None), ["Defaults", "Nulls"],
          "no endpoints, no features, a null rack, an empty tagged log dir list")
    valid("register-broker-record-v4-cordoned-null", 0, 4, dict(dict(SAMPLES)[0], cordoned_log_dirs=None),
          ["Nulls", "TaggedFields", "Kafka43"], "the tagged CordonedLogDirs written as null (Kafka 4.3.0: before the "
          "broker's heartbeats send it)")
    valid("broker-registration-change-record-v3-no-cordoned", 17, 3, {"broker_id": 1, "broker_epoch": 42},
          ["Defaults", "Kafka43"], "no change written at version 3: CordonedLogDirs null (no change)")
    valid("producer-ids-record-extremes-max", 15, 0,
          {"broker_id": I32_MAX, "broker_epoch": I64_MAX, "next_producer_id": I64_MAX}, ["Extreme"],
          "every integer at its maximum")
    valid("producer-ids-record-extremes-min", 15, 0,
          {"broker_id": I32_MIN, "broker_epoch": I64_MIN, "next_producer_id": -1}, ["Extreme"],
          "every integer at its minimum or -1")
    valid("feature-level-record-extremes", 12, 0, {"name": b"", "feature_level": I16_MIN}, ["Extreme"],
          "an empty name, the int16 minimum")
    valid("register-controller-record-port-max", 27, 0,
          dict(dict(SAMPLES)[27], end_points=[{"name": b"C", "host": b"h", "port": 65535, "security_protocol": I16_MAX}]),
          ["Extreme"], "a port of 65535 (a uint16) and the int16 maximum")
    for label, number in (("zero", 0.0), ("negative", -2.5), ("max", sys.float_info.max), ("tiny", 5e-324)):
        valid("client-quota-record-value-%s" % label, 14, 0,
              {"entity": [], "key": b"request_percentage", "value": number, "remove": label == "zero"},
              ["Float64"], "a quota value of %r" % number)
    valid("topic-record-utf8", 2, 0, {"name": "t-\u00e9\u20ac\U0001F600\u0000".encode("utf-8"), "topic_id": TOPIC2},
          ["Utf8Multibyte"], "a topic name with 2-, 3- and 4-byte characters and U+0000")
    valid("topic-record-lossy", 2, 0, {"name": b"t\xff\xc0\x80u", "topic_id": TOPIC}, ["LossyUtf8"],
          "a name that is not UTF-8: U+FFFD as new String(bytes, UTF_8), warning at the first bad byte",
          warnings=[("UTF8_REPLACED", 5, "topic_record.name")])
    valid("no-op-record-unknown-tags", 20, 0, {}, ["TaggedFields"], "a NoOpRecord with unknown tagged fields, kept",
          tags=[(0, b""), (40000, b"\xaa" * 3)])
    valid("partition-record-v2-unknown-tag", 3, 2, dict(dict(SAMPLES)[3]), ["TaggedFields"],
          "a PartitionRecord with an unknown tag 9 after its known ones", tags=[(9, b"\x01")])

    topic, partition = values[(2, 0)], values[(3, 2)]
    # ---- the frame
    c.add("frame", "empty", b"", ["Frame", "Truncated"], "a value of zero bytes: the frame version is missing",
          error=("TRUNCATED", 0, "record.frame_version"))
    for fv in (0, 2, 127, 300):
        c.add("frame", "frame-version-%d" % fv, uvarint(fv) + topic[1:], ["Frame"],
              "frame version %d: Kafka 4.1.0 reads frame version 1 only%s"
              % (fv, " (0 was KRaft's 2.8 preview)" if fv == 0 else ""),
              error=("UNSUPPORTED_VERSION", 0, "record.frame_version"))
    c.add("frame", "frame-version-six-bytes", b"\x81\x80\x80\x80\x80\x00" + topic[1:], ["Frame", "VarintTooLong"],
          "a frame version of 6 bytes", error=("VARINT_TOO_LONG", 0, "record.frame_version"))
    for key in (6, 13, 16, 29, 127, 32768):
        c.add("frame", "api-key-%d" % key, b"\x01" + uvarint(key) + b"\x00\x00", ["Frame"],
              "apiKey %d: none of Kafka 4.1.0's metadata record types (MetadataRecordType.fromId throws)" % key,
              error=("UNSUPPORTED_VERSION", 1, "record.api_key"))
    c.add("frame", "api-key-33-bits", b"\x01\xff\xff\xff\xff\x1f\x00", ["Frame", "VarintTooLong"],
          "an apiKey whose fifth byte carries bits beyond 32", error=("VARINT_TOO_LONG", 1, "record.api_key"))
    c.add("frame", "api-key-cut", b"\x01\x83", ["Frame", "Truncated"], "an apiKey varint cut after its first byte",
          error=("TRUNCATED", 1, "record.api_key"))

    # ---- versions
    for api_key, version in ((2, 1), (3, 3), (0, 5), (17, 4), (12, 1), (2, 32768)):
        root = RECORDS[api_key][0]
        body = values[(api_key, RECORDS[api_key][1])][3:]
        c.add("version", "%s-v%d" % (root.replace("_", "-"), version), b"\x01" + uvarint(api_key) + uvarint(version) + body,
              ["Version"], "%s version %d: not one of the type's (0-%d)" % (root, version, RECORDS[api_key][1]),
              error=("UNSUPPORTED_VERSION", 1 + len(uvarint(api_key)), root + ".version"))
    c.add("version", "broker-registration-change-record-v0-tag-1", b"\x01\x11\x00" + struct.pack(">iq", 1, 42)
          + b"\x01\x01\x01\x01", ["Version", "TaggedFields"],
          "tag 1 (InControlledShutdown, tagged from version 1) in a version 0 record: Kafka throws \"Tag 1 is not "
          "valid for version 0\"", error=("UNSUPPORTED_VERSION", 16, "broker_registration_change_record.tagged_fields"))

    # ---- the message
    c.add("trailing", "topic-record-one-byte", topic + b"\x00", ["TrailingBytes"],
          "a byte after the message (Kafka: \"Found 1 byte(s) of garbage\")",
          error=("TRAILING_BYTES", len(topic), "topic_record"))
    c.add("trailing", "no-op-record-one-byte", b"\x01\x14\x00\x00\xff", ["TrailingBytes"],
          "a byte after an empty NoOpRecord", error=("TRAILING_BYTES", 4, "no_op_record"))
    c.add("null", "topic-record-name-null", b"\x01\x02\x00\x00" + TOPIC + b"\x00", ["NullNotAllowed"],
          "a compact name length of 0 (null): not nullable", error=("NULL_NOT_ALLOWED", 3, "topic_record.name"))
    head = b"\x01\x03\x02" + struct.pack(">i", 0) + TOPIC  # a PartitionRecord v2 up to its replicas (at 23)
    c.add("null", "partition-record-replicas-null", head + b"\x00", ["NullNotAllowed"],
          "a compact replicas count of 0 (null): not nullable", error=("NULL_NOT_ALLOWED", 23, "partition_record.replicas"))
    c.add("count", "partition-record-replicas-too-many", head + b"\x04" + b"\x00" * 11, ["CountTooLarge"],
          "3 replicas need 12 bytes; 11 remain", error=("TRUNCATED", 23, "partition_record.replicas"))
    c.add("varint", "partition-record-replicas-six-bytes", head + b"\x81\x80\x80\x80\x80\x00", ["VarintTooLong"],
          "a replicas count of 6 bytes", error=("VARINT_TOO_LONG", 23, "partition_record.replicas"))
    c.add("string", "topic-record-name-32768", b"\x01\x02\x00" + uvarint(32769) + b"a" * 40, ["StringTooLong"],
          "a compact name length of 32768: above Kafka's limit for a string",
          error=("STRING_TOO_LONG", 3, "topic_record.name"))
    c.add("truncated", "topic-record-name-lies", b"\x01\x02\x00\x31abc", ["Truncated"],
          "a name length of 48 with 3 bytes left", error=("TRUNCATED", 3, "topic_record.name"))
    base = b"\x01\x02\x00\x02a" + TOPIC  # a TopicRecord up to its tagged fields (at 21)
    c.add("tags", "topic-record-tags-descending", base + b"\x02\x05\x00\x04\x00", ["TagOrder"], "tag 5 then tag 4",
          error=("TAG_OUT_OF_ORDER", 24, "topic_record.tagged_fields"))
    c.add("tags", "topic-record-tags-repeated", base + b"\x02\x05\x00\x05\x00", ["TagOrder"], "tag 5 twice",
          error=("TAG_OUT_OF_ORDER", 24, "topic_record.tagged_fields"))
    c.add("tags", "topic-record-tag-size-lies", base + b"\x01\x03\x09\x01\x02", ["Truncated"],
          "a tag whose size says 9 with 2 bytes left", error=("TRUNCATED", 23, "topic_record.tagged_fields"))
    c.add("tags", "topic-record-tags-too-many", base + b"\x03\x00\x00\x00", ["CountTooLarge"],
          "3 tagged fields need 6 bytes at least; 3 remain", error=("TRUNCATED", 21, "topic_record.tagged_fields"))
    c.add("tags", "topic-record-tags-33-bits", base + b"\xff\xff\xff\xff\x1f", ["VarintTooLong"],
          "a tagged count whose fifth byte carries bits beyond 32",
          error=("VARINT_TOO_LONG", 21, "topic_record.tagged_fields"))
    return c


# --------------------------------------------------------------------------------------------
# Schema (merged into golden/schema.json by golden/generate.py)


def schema_defs():
    i64 = {"type": "string", "pattern": "^-?(0|[1-9][0-9]*)$"}
    tags = {"type": "array", "items": {
        "type": "object", "additionalProperties": False, "required": ["tag", "bytes"],
        "properties": {"tag": {"type": "integer", "minimum": 0, "maximum": 2 ** 32 - 1},
                       "bytes": {"$ref": "#/$defs/hex"}}}}
    uuid = {"type": "string", "pattern": "^[A-Za-z0-9_-]{22}$"}
    scalar = {"int8": {"type": "integer", "minimum": I8_MIN, "maximum": I8_MAX},
              "int16": {"type": "integer", "minimum": I16_MIN, "maximum": I16_MAX},
              "uint16": {"type": "integer", "minimum": 0, "maximum": 65535},
              "int32": {"type": "integer", "minimum": I32_MIN, "maximum": I32_MAX},
              "int64": i64, "float64": {"type": "number"}, "bool": {"type": "boolean"}, "uuid": uuid,
              "string": {"type": "string"}, "bytes": {"$ref": "#/$defs/hex"}}

    def of(typ, fields, nullable):
        if typ.startswith("[]"):
            s = {"type": "array", "items": of(typ[2:], fields, False)}
        elif typ in scalar:
            s = scalar[typ]
        else:
            s = struct_schema(fields)
        return {"oneOf": [{"type": "null"}, s]} if nullable else s

    def struct_schema(fields, head=()):
        props = OrderedDict(head)
        for f in fields:
            props[f["name"]] = of(f["type"], f["fields"], f["nullable"] is not None or f["default"] == "null")
        props["unknown_tagged_fields"] = tags
        return {"type": "object", "additionalProperties": False, "required": list(props), "properties": props}

    records = [struct_schema(fields, [("type", {"const": root}), ("api_key", {"const": key}),
                                      ("version", {"type": "integer", "minimum": 0, "maximum": high})])
               for key, (root, high, fields) in RECORDS.items()]
    roots = "|".join(["record"] + [root for root, _, _ in RECORDS.values()])
    path = {"type": "string", "pattern": r"^(%s)(\.[a-z_]+(\[(0|[1-9][0-9]*)\])?)*$" % roots}
    return OrderedDict([("clusterMetadataFile",
                         value_file_schema(FORMAT, TARGET, {"oneOf": records}, CODES, WARNINGS, path))])


# --------------------------------------------------------------------------------------------
# Output

COMMENT = ("The KRaft metadata log's records (__cluster_metadata; Apache Kafka 4.1.0, confluentinc/kafka tag v8.1.0: "
           "metadata/src/main/resources/common/metadata/*.json, read as MetadataRecordSerde / AbstractApiMessageSerde "
           "reads a value: unsigned varints frame version 1, apiKey, version, then the message): "
           "decodeClusterMetadataRecord(value) cases. expect is the record (its type, api_key, version and every field) "
           "and its warnings, or the error {code, offset, field}. See golden/README.md.")


def build_all():
    return OrderedDict([("cluster-metadata.json",
                         checked_golden_file(FORMAT, TARGET, COMMENT, FLAGS, build().vectors, CODES))])


# --------------------------------------------------------------------------------------------
# --encode: records for other tests (tests/node/cluster-metadata-fold.test.mjs), by this writer


def from_json(typ, fields, x):
    """A field's JSON value (strings as text, uuids as Kafka prints them, bytes as hex) as the
    writer takes it."""
    if x is None:
        return None
    if typ.startswith("[]"):
        return [from_json(typ[2:], fields, e) for e in x]
    if typ == "string":
        return x.encode("utf-8")
    if typ == "uuid":
        return base64.urlsafe_b64decode(x + "==")
    if typ == "bytes":
        return bytes.fromhex(x)
    if typ in FIXED or typ == "bool":
        return int(x) if typ == "int64" else x
    return OrderedDict((f["name"], from_json(f["type"], f["fields"], x[f["name"]])) for f in fields if f["name"] in x)


def encode_lines(lines):
    """Each line {"api_key", "version", "record": {snake-case fields}} (fields left out: their
    defaults, tagged ones not written) -> the value's hex."""
    out = []
    for line in lines:
        if not line.strip():
            continue
        spec = json.loads(line)
        fields = RECORDS[spec["api_key"]][2]
        x = from_json("", fields, spec["record"])
        out.append(bytes(write_record(spec["api_key"], spec["version"], x).out).hex())
    return out


def main(argv):
    if argv == ["--encode"]:
        print("\n".join(encode_lines(sys.stdin)))
        return 0
    return write_or_check(build_all(), "generate_cluster_metadata.py", argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
