#!/usr/bin/env python3
"""Independent generator of the golden vectors for Kafka's transaction log (__transaction_state).

golden/transaction-log.json  decodeTransactionRecord(key, value): TransactionLogKey version 0 and
                             TransactionLogValue versions 0-1, tombstones, tagged fields, every
                             truncation, every error code

Python standard library only. Written from apache/kafka tag 3.8.0, and for the tagged fields of
version 1 from Apache Kafka 4.1.0 (confluentinc/kafka tag v8.1.0, Confluent Platform 8.1.0's
release), not from this project's specs or its schema generator:
- core/src/main/resources/common/message/TransactionLogKey.json (validVersions 0, not flexible:
  TransactionalId, a string) and TransactionLogValue.json (validVersions 0-1, flexibleVersions 1+:
  ProducerId int64, ProducerEpoch int16, TransactionTimeoutMs int32, TransactionStatus int8,
  TransactionPartitions []PartitionsSchema nullable 0+ of (Topic string, PartitionIds []int32),
  TransactionLastUpdateTimestampMs int64, TransactionStartTimestampMs int64; no tagged field);
- 4.1.0's transaction-coordinator/src/main/resources/common/message/TransactionLogValue.json: the
  same fields and, tagged in version 1 (KIP-890 part 2), PreviousProducerId int64 tag 0 (default
  -1), NextProducerId int64 tag 1 (-1), ClientTransactionVersion int16 tag 2 (0), NextProducerEpoch
  int16 tag 3 (-1): read by name, at their defaults when absent (a version-1 record only: a
  version-0 one has no tagged section and reads as 3.8.0 read it); a known tag whose size is not its
  type's is an error here (TRUNCATED inside it when shorter, TRAILING_BYTES after the value when
  longer; Kafka reads the type and ignores the size); any other tag is kept as raw bytes;
- core/src/main/scala/kafka/coordinator/transaction/TransactionLog.scala: both are written with
  MessageUtil.toVersionPrefixedBytes (an int16 version, then the message at that version);
  readTxnRecordKey reads a key of another version than 0 as an UnknownKey, readTxnRecordValue
  reads a null value as a tombstone (None) and throws on an unknown value version; 3.8.0 writes
  value version 0 and reads both;
- TransactionMetadata.scala: TransactionState.fromId, 0 Empty .. 7 PrepareEpochFence, throws on
  any other id;
- the generated readers' conventions (generator/src/main/java/org/apache/kafka/message/
  MessageDataGenerator.java, clients/.../protocol/ByteBufferAccessor.java, ByteUtils
  .readUnsignedVarint): classic versions: string an int16 length (-1 null), array an int32 count
  (-1 null); flexible versions (KIP-482): string and array lengths as an unsigned varint of length
  + 1 (0 null), and every struct ends with its tagged fields: an unsigned varint count, then per
  field an unsigned varint tag, an unsigned varint size and that many bytes (a tag the spec does
  not know is kept as raw bytes); strings are new String(bytes, UTF_8).
Where this project reads more strictly than Kafka's generated reader (decisions written down in
wasm/core/schema/README.md, "Reading", and golden/README.md) the vectors pin the stricter rule:
bytes after the message are TRAILING_BYTES; a classic length or count below -1 NEGATIVE_LENGTH (and
-1 where the field is not nullable); a compact 0 where not nullable NULL_NOT_ALLOWED; a compact
string above 32767 bytes STRING_TOO_LONG; an unsigned varint past 5 bytes or with bits beyond 32
VARINT_TOO_LONG; tags must ascend, each once (TAG_OUT_OF_ORDER); a count whose elements cannot fit
at their least size (4 for an int32, 6 / 3 for a PartitionsSchema in version 0 / 1), a tagged
count above half the bytes left and a tag size past the end are TRUNCATED; a status outside 0..7
is OUT_OF_RANGE; an empty value is TRUNCATED at its version (only null is a tombstone); a key of
another version than 0 is UNSUPPORTED_VERSION. The key is read first: its error wins.

Every expectation is computed twice and must agree:
  1. a writer that builds each valid vector and records the span of every field, length and count
     it wrote; the outcome of any prefix of it is derived from those spans alone;
  2. a reference reader that decodes the bytes.
Hand-chosen error cases carry a hand-written (code, offset, field) the reader must reproduce.

Usage:
  python3 golden/generate_transaction_log.py          rewrite golden/transaction-log.json
  python3 golden/generate_transaction_log.py --check  exit 1 if it differs from what it would write
  python3 golden/generate_transaction_log.py --encode < records.json
      the tests' writer of transaction-log records: a JSON list of {"key": transactional id} and
      {"value": {"version"?, "producer_id", "producer_epoch", "timeout_ms", "status" (a name),
      "partitions" ([[topic, [ids]]] or null), "last_update", "start", and at version 1 the tagged
      "previous_producer_id", "next_producer_id", "client_transaction_version", "next_producer_epoch"
      (each written only when given, as tags 0, 1, 2, 3)}} (i64 as numbers or decimal strings) in,
      the JSON list of their bytes as hex out
golden/generate.py imports schema_defs() from here for golden/schema.json.
"""

import json
import struct
import sys
from collections import OrderedDict

from generate_streams import java_new_string
from golden_files import (ByteReader, DecodeError, SpanWriter, check_vector, checked_golden_file, expectation,
                          key_value_file_schema, uvarint, warning, write_or_check)

FORMAT = "transaction-log-golden/2"
TARGET = "transaction-log"
KEY, VALUE = "transaction_log_key", "transaction_log_value"
# 4.1.0's tagged fields of the value (version 1): tag -> (name, struct format), and their defaults.
KNOWN_TAGS = OrderedDict([(0, ("previous_producer_id", "q")), (1, ("next_producer_id", "q")),
                          (2, ("client_transaction_version", "h")), (3, ("next_producer_epoch", "h"))])
TAG_DEFAULTS = {"previous_producer_id": -1, "next_producer_id": -1, "client_transaction_version": 0,
                "next_producer_epoch": -1}
# TransactionState.fromId (3.8.0 TransactionMetadata.scala): the status byte's names, by id.
STATUSES = ["Empty", "Ongoing", "PrepareCommit", "PrepareAbort", "CompleteCommit", "CompleteAbort", "Dead",
            "PrepareEpochFence"]
CODES = ["TRUNCATED", "TRAILING_BYTES", "UNSUPPORTED_VERSION", "NEGATIVE_LENGTH", "NULL_NOT_ALLOWED",
         "VARINT_TOO_LONG", "TAG_OUT_OF_ORDER", "STRING_TOO_LONG", "OUT_OF_RANGE"]
WARNINGS = ["UTF8_REPLACED"]
I16_MIN, I16_MAX = -2 ** 15, 2 ** 15 - 1
I32_MIN, I32_MAX = -2 ** 31, 2 ** 31 - 1
I64_MIN, I64_MAX = -2 ** 63, 2 ** 63 - 1
# The least bytes an element takes, by version (the count check): a PartitionsSchema is an empty
# topic and an empty id list (v0: i16 + i32; v1: two one-byte compact lengths and an empty tagged
# section), a partition id an int32.
MIN_PARTITIONS_SCHEMA = {0: 2 + 4, 1: 1 + 1 + 1}
MIN_PARTITION_ID = 4

FLAGS = OrderedDict([
    ("Valid", "decodes to a record (key and value, or key and tombstone)"),
    ("Tombstone", "a null value: the transactional id removed"),
    ("EmptyValue", "a value of zero bytes: an error here (only null is a tombstone in this topic)"),
    ("Flexible", "a value of version 1 (compact lengths, tagged fields)"),
    ("TaggedFields", "tagged fields: 4.1.0's four by name, any other kept as tag and bytes"),
    ("TransactionVersion2", "KIP-890 part 2's tagged fields as a transaction version 2 client's coordinator writes "
                            "them (ClientTransactionVersion 2)"),
    ("TagAtDefault", "a known tagged field written at its default (Kafka's writer omits it): not re-encoded"),
    ("NullPartitions", "transaction_partitions null"),
    ("Truncated", "the bytes end inside a field (a prefix of a valid vector, or a length that lies)"),
    ("CountTooLarge", "a count whose elements (or tagged fields) cannot fit in the bytes left"),
    ("TrailingBytes", "bytes remain after the last field"),
    ("Version", "a key or value version the decoder refuses"),
    ("Status", "a transaction status outside 0..7 (TransactionState.fromId throws)"),
    ("NegativeLength", "a classic length or count below -1, or -1 where the field is not nullable"),
    ("NullNotAllowed", "a compact length or count of 0 (null) where the field is not nullable"),
    ("StringTooLong", "a compact string length above 32767"),
    ("VarintTooLong", "an unsigned varint past 5 bytes or with bits beyond 32"),
    ("TagOrder", "tagged fields whose tags do not ascend, or a tag repeated"),
    ("Extreme", "integer extremes (0, -1, min, max)"),
    ("Utf8Multibyte", "2-, 3- and 4-byte characters, U+0000"),
    ("LossyUtf8", "a string that is not UTF-8, decoded with U+FFFD as Kafka does (warning UTF8_REPLACED)"),
    ("CheckOrder", "more than one fault: the key first, then the first in wire order"),
])


# --------------------------------------------------------------------------------------------
# Kafka's wire types (KIP-482 for the unsigned varints)


def i64_text(v):
    return str(v)


# --------------------------------------------------------------------------------------------
# Writer: the vectors' bytes, with the span of everything it wrote


class Writer(SpanWriter):
    def raw(self, data):
        self.out += data

    def fixed(self, path, fmt, v):
        self.leaf(path, struct.pack(">" + fmt, v))

    def string(self, path, body, flexible):
        if flexible:
            self.prefix(path, uvarint(len(body) + 1), len(body), 1)
        else:
            self.prefix(path, struct.pack(">h", len(body)), len(body), 1)
        self.out += body

    def count(self, path, n, minimum, flexible):
        """An array's count (n None: null)."""
        if flexible:
            self.prefix(path, uvarint(0 if n is None else n + 1), n or 0, minimum)
        else:
            self.prefix(path, struct.pack(">i", -1 if n is None else n), n or 0, minimum)


def write_key(transactional_id, version=0):
    """TransactionLog.keyToBytes: toVersionPrefixedBytes(0, TransactionLogKey)."""
    w = Writer()
    w.fixed(KEY + ".version", "h", version)
    w.string(KEY + ".transactional_id", transactional_id, False)
    return w


def write_value(version, pid, epoch, timeout, status, partitions, last_update, start, tags=()):
    """toVersionPrefixedBytes(version, TransactionLogValue). partitions: None or [(topic bytes,
    [ids], [(tag, bytes)])]; tags: the value's own tagged fields (version 1)."""
    flexible = version >= 1
    w = Writer()
    w.fixed(VALUE + ".version", "h", version)
    w.fixed(VALUE + ".producer_id", "q", pid)
    w.fixed(VALUE + ".producer_epoch", "h", epoch)
    w.fixed(VALUE + ".transaction_timeout_ms", "i", timeout)
    w.fixed(VALUE + ".transaction_status", "b", status)
    path = VALUE + ".transaction_partitions"
    w.count(path, None if partitions is None else len(partitions), MIN_PARTITIONS_SCHEMA[version], flexible)
    for i, (topic, ids, ptags) in enumerate(partitions or []):
        p = "%s[%d]" % (path, i)
        w.string(p + ".topic", topic, flexible)
        w.count(p + ".partition_ids", len(ids), MIN_PARTITION_ID, flexible)
        for j, pid_ in enumerate(ids):
            w.fixed("%s.partition_ids[%d]" % (p, j), "i", pid_)
        if flexible:
            w.tagged(p, ptags)
    w.fixed(VALUE + ".transaction_last_update_timestamp_ms", "q", last_update)
    w.fixed(VALUE + ".transaction_start_timestamp_ms", "q", start)
    if flexible:
        w.tagged(VALUE, tags)
    return w


# --------------------------------------------------------------------------------------------
# Reference reader


class Reader(ByteReader):
    def length(self, field, flexible, nullable, width):
        """A string's length or an array's count: -1 for null."""
        start = self.at
        if flexible:
            n = self.uvarint(field) - 1
            if n < 0 and not nullable:
                raise DecodeError("NULL_NOT_ALLOWED", start, field)
            return start, n
        n = self.fixed("h" if width == 2 else "i", field)
        if n < -1 or (n == -1 and not nullable):
            raise DecodeError("NEGATIVE_LENGTH", start, field)
        return start, n

    def string(self, field, flexible):
        start, n = self.length(field, flexible, False, 2)
        if flexible and n > 0x7FFF:
            raise DecodeError("STRING_TOO_LONG", start, field)
        if self.left() < n:
            raise DecodeError("TRUNCATED", start, field)
        body_at = self.at
        body = self.data[body_at:body_at + n]
        self.at += n
        try:
            body.decode("utf-8", "strict")
        except UnicodeDecodeError as e:
            # At the first ill-formed byte, as the Streams files place it.
            self.warnings.append(warning("UTF8_REPLACED", body_at + e.start, field))
        return java_new_string(body)

    def count(self, field, flexible, nullable, minimum):
        start, n = self.length(field, flexible, nullable, 4)
        if n > 0 and n > self.left() // minimum:
            raise DecodeError("TRUNCATED", start, field)
        return n

    def tagged(self, struct_path, known=None):
        """A struct's tagged section: (kept, named). known: {tag: (name, struct format)} read by name
        (4.1.0's value); every other tag is kept as bytes."""
        field = struct_path + ".tagged_fields"
        named = OrderedDict()
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
                width = struct.calcsize(">" + fmt)
                if size < width:
                    raise DecodeError("TRUNCATED", self.at, "%s.%s.value" % (struct_path, name))
                if size > width:
                    raise DecodeError("TRAILING_BYTES", self.at + width, "%s.%s" % (struct_path, name))
                named[name] = struct.unpack_from(">" + fmt, self.data, self.at)[0]
            else:
                kept.append(OrderedDict([("tag", tag), ("hex", self.data[self.at:self.at + size].hex())]))
            self.at += size
        return kept, named

    def end(self, root):
        if self.left():
            raise DecodeError("TRAILING_BYTES", self.at, root)


def read_key(data):
    r = Reader(data)
    version = r.fixed("h", KEY + ".version")
    if version != 0:
        raise DecodeError("UNSUPPORTED_VERSION", 0, KEY + ".version")
    tid = r.string(KEY + ".transactional_id", False)
    r.end(KEY)
    return OrderedDict([("version", 0), ("transactional_id", tid)]), r.warnings


def read_value(data):
    r = Reader(data)
    version = r.fixed("h", VALUE + ".version")
    if version not in (0, 1):
        raise DecodeError("UNSUPPORTED_VERSION", 0, VALUE + ".version")
    flexible = version == 1
    v = OrderedDict([("version", version)])
    v["producer_id"] = i64_text(r.fixed("q", VALUE + ".producer_id"))
    v["producer_epoch"] = r.fixed("h", VALUE + ".producer_epoch")
    v["transaction_timeout_ms"] = r.fixed("i", VALUE + ".transaction_timeout_ms")
    at = r.at
    status = r.fixed("b", VALUE + ".transaction_status")
    if not 0 <= status < len(STATUSES):
        raise DecodeError("OUT_OF_RANGE", at, VALUE + ".transaction_status")
    v["transaction_status"] = status
    v["status"] = STATUSES[status]
    path = VALUE + ".transaction_partitions"
    n = r.count(path, flexible, True, MIN_PARTITIONS_SCHEMA[version])
    parts = None
    if n >= 0:
        parts = []
        for i in range(n):
            p = "%s[%d]" % (path, i)
            topic = r.string(p + ".topic", flexible)
            m = r.count(p + ".partition_ids", flexible, False, MIN_PARTITION_ID)
            ids = [r.fixed("i", "%s.partition_ids[%d]" % (p, j)) for j in range(m)]
            ptags = r.tagged(p)[0] if flexible else []
            parts.append(OrderedDict([("topic", topic), ("partition_ids", ids), ("unknown_tagged_fields", ptags)]))
    v["transaction_partitions"] = parts
    v["transaction_last_update_timestamp_ms"] = i64_text(r.fixed("q", VALUE + ".transaction_last_update_timestamp_ms"))
    v["transaction_start_timestamp_ms"] = i64_text(r.fixed("q", VALUE + ".transaction_start_timestamp_ms"))
    v["unknown_tagged_fields"] = []
    if flexible:
        v["unknown_tagged_fields"], named = r.tagged(VALUE, KNOWN_TAGS)
        for tag in sorted(KNOWN_TAGS):
            name, _ = KNOWN_TAGS[tag]
            value = named.get(name, TAG_DEFAULTS[name])
            v[name] = i64_text(value) if name.endswith("producer_id") else value
    r.end(VALUE)
    return v, r.warnings


def reference(key, value):
    """decodeTransactionRecord's outcome: the key first (its error wins), then the value (None:
    a tombstone)."""
    try:
        k, warnings = read_key(key)
        v = None
        if value is not None:
            v, more = read_value(value)
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

    def sweep(self, name, w, key=None, value=None):
        """Every prefix of the vector's key (w of the key: value as given) or value (w of the value:
        key as given), its outcome from the writer's spans."""
        data = bytes(w.out)
        for n in range(len(data)):
            code, off, field = w.expected_prefix(n)
            k, v = (data[:n], value) if key is None else (key, data[:n])
            self.add("truncated", "%s-len-%d" % (name, n), k, v, ["Truncated"],
                     "the first %d of %d bytes of %s: %s at %s" % (n, len(data), name, code, field),
                     error=(code, off, field))


def key_record(tid):
    return OrderedDict([("version", 0), ("transactional_id", tid)])


def value_record(version, pid, epoch, timeout, status, partitions, last_update, start, tags=()):
    """The record as read: tags 0..3 of version 1 by name (their defaults when absent), the others kept."""
    named = {KNOWN_TAGS[g][0]: struct.unpack(">" + KNOWN_TAGS[g][1], b)[0] for g, b in tags if g in KNOWN_TAGS}
    unknown = [(g, b) for g, b in tags if g not in KNOWN_TAGS]
    parts = None
    if partitions is not None:
        parts = [OrderedDict([("topic", java_new_string(t)), ("partition_ids", list(ids)),
                              ("unknown_tagged_fields", [OrderedDict([("tag", g), ("hex", b.hex())]) for g, b in pt])])
                 for t, ids, pt in partitions]
    return OrderedDict([
        ("version", version), ("producer_id", i64_text(pid)), ("producer_epoch", epoch),
        ("transaction_timeout_ms", timeout), ("transaction_status", status), ("status", STATUSES[status]),
        ("transaction_partitions", parts), ("transaction_last_update_timestamp_ms", i64_text(last_update)),
        ("transaction_start_timestamp_ms", i64_text(start)),
        ("unknown_tagged_fields", [OrderedDict([("tag", g), ("hex", b.hex())]) for g, b in unknown])] +
        ([(name, i64_text(named.get(name, TAG_DEFAULTS[name])) if name.endswith("producer_id")
           else named.get(name, TAG_DEFAULTS[name])) for name, _ in (KNOWN_TAGS[g] for g in sorted(KNOWN_TAGS))]
         if version >= 1 else []))


TID = b"payments-tx-7"
KEY_BYTES = bytes(write_key(TID).out)
T0 = 1700000000000
ORDERS = [(b"orders", [0, 2], []), (b"__consumer_offsets", [17], [])]
# KIP-890's tagged fields of version 1 (4.1.0's TransactionLogValue.json): every one, at values
# other than their defaults, and one written at its default (Kafka's writer omits it; its reader
# reads -1 all the same).
KIP890_TAGS = [(0, struct.pack(">q", 4001)), (1, struct.pack(">q", 4003)), (2, struct.pack(">h", 2)),
               (3, struct.pack(">h", 0))]
KIP890_AT_DEFAULT = [(0, struct.pack(">q", 4001)), (1, struct.pack(">q", -1)), (2, struct.pack(">h", 2))]
# What 4.1.0's TransactionLog.valueToBytes writes for a transaction version 2 client: of the four,
# ClientTransactionVersion only (the others stay at their defaults, which the writer omits).
TV2 = [(2, struct.pack(">h", 2))]


def build():
    c = Collector()

    # ---- keys
    for name, tid, flags, comment in [
        ("ascii", TID, [], "a transactional id of ASCII"),
        ("multibyte", "tx-ü-€-😀-\u0000".encode("utf-8"), ["Utf8Multibyte"],
         "2-, 3- and 4-byte characters and U+0000 (new String(bytes, UTF_8) keeps them)"),
        ("empty", b"", [], "an empty transactional id: a string of length 0 (Kafka's producer refuses one, the "
                           "format does not)"),
        ("long", b"t" * 300, [], "a 300-byte transactional id"),
    ]:
        w = write_key(tid)
        c.add("valid", "key-" + name, bytes(w.out), None, ["Valid", "Tombstone"] + flags,
              comment + ", with a null value (a tombstone)",
              record=OrderedDict([("key", key_record(tid.decode("utf-8"))), ("value", None)]))
    c.sweep("key", write_key(TID), value=None)
    for version in (1, 2, -1, I16_MAX, I16_MIN):
        w = write_key(TID, version)
        c.add("version", "key-%d" % version, bytes(w.out), None, ["Version"] + (["Extreme"] if abs(version) > 2 else []),
              "key version %d: readTxnRecordKey reads it as an UnknownKey (ignored when loading); an error here, "
              "naming the version" % version, error=("UNSUPPORTED_VERSION", 0, KEY + ".version"))
    c.add("trailing", "key-one-byte", KEY_BYTES + b"\x00", None, ["TrailingBytes"],
          "a byte after the transactional id", error=("TRAILING_BYTES", len(KEY_BYTES), KEY))
    for length, name in ((-1, "minus-one"), (-2, "minus-two"), (I16_MIN, "min")):
        c.add("negative", "key-length-" + name, struct.pack(">hh", 0, length) + b"abc", None, ["NegativeLength"],
              "transactional id length %d: the string is not nullable" % length,
              error=("NEGATIVE_LENGTH", 2, KEY + ".transactional_id"))
    c.add("truncated", "key-length-lies", struct.pack(">hh", 0, 20) + b"abc", None, ["Truncated"],
          "a length of 20 with 3 bytes of body", error=("TRUNCATED", 2, KEY + ".transactional_id"))
    for name, body, bad in [("ff", b"tx-\xff-1", 3), ("surrogate", b"tx-\xed\xa0\x80", 3), ("cut", b"tx-\xe2\x82", 3),
                            ("modified-nul", b"a\xc0\x80", 1)]:
        w = write_key(body)
        c.add("lossy", "key-" + name, bytes(w.out), None, ["Valid", "Tombstone", "LossyUtf8"],
              "ill-formed UTF-8 in the transactional id: each ill-formed part one U+FFFD (the JDK's cut)",
              record=OrderedDict([("key", key_record(java_new_string(body))), ("value", None)]),
              warnings=[("UTF8_REPLACED", 4 + bad, KEY + ".transactional_id")])

    # ---- values, version 0 (what 3.8.0 writes)
    for status in range(len(STATUSES)):
        parts = None if status == 0 else ORDERS
        w = write_value(0, 4000, 3, 60000, status, parts, T0 + 500, T0)
        c.add("valid", "v0-" + STATUSES[status].lower(), KEY_BYTES, bytes(w.out),
              ["Valid"] + (["NullPartitions"] if parts is None else []),
              "version 0, status %d %s%s" % (status, STATUSES[status],
                                              " (partitions null: valueToBytes writes null for Empty)"
                                              if parts is None else ""),
              record=OrderedDict([("key", key_record(TID.decode())),
                                  ("value", value_record(0, 4000, 3, 60000, status, parts, T0 + 500, T0))]))
    c.add("valid", "tombstone", KEY_BYTES, None, ["Valid", "Tombstone"],
          "a null value: the transactional id expired (removeExpiredTransactionalIds writes null)",
          record=OrderedDict([("key", key_record(TID.decode())), ("value", None)]))
    c.add("empty", "value-empty", KEY_BYTES, b"", ["EmptyValue", "Truncated"],
          "a value of zero bytes: not a tombstone in this topic (only null is); its version is cut",
          error=("TRUNCATED", 0, VALUE + ".version"))
    for name, args, flags in [
        ("v0-extremes", (0, I64_MAX, I16_MAX, I32_MAX, 1, [(b"t", [I32_MIN, I32_MAX, 0, -1], [])], I64_MAX, I64_MIN),
         ["Extreme"]),
        ("v0-no-producer", (0, -1, -1, 0, 4, [], 0, -1), ["Extreme"]),
        ("v0-min", (0, I64_MIN, I16_MIN, I32_MIN, 5, [(b"", [], [])], -1, 0), ["Extreme"]),
        ("v0-empty-partitions", (0, 7, 0, 900000, 1, [], T0, T0), []),
        ("v0-many-topics", (0, 123456789012, 42, 15000, 2,
                            [(b"topic-%d" % i, list(range(i)), []) for i in range(5)], T0 + 9, T0 + 1), []),
        ("v0-multibyte-topic", (0, 9, 1, 1000, 3, [("tópico-€-😀".encode(), [1], [])], T0, T0), ["Utf8Multibyte"]),
    ]:
        w = write_value(*args)
        c.add("valid", name, KEY_BYTES, bytes(w.out), ["Valid"] + flags, "version 0: " + name,
              record=OrderedDict([("key", key_record(TID.decode())), ("value", value_record(*args))]))
    w0 = write_value(0, 4000, 3, 60000, 1, ORDERS, T0 + 500, T0)
    c.sweep("v0", w0, key=KEY_BYTES)
    V0 = bytes(w0.out)
    c.add("trailing", "v0-one-byte", KEY_BYTES, V0 + b"\x00", ["TrailingBytes"], "a byte after version 0's fields",
          error=("TRAILING_BYTES", len(V0), VALUE))

    # ---- values, version 1 (flexible)
    for name, args, flags in [
        ("v1-ongoing", (1, 4000, 3, 60000, 1, ORDERS, T0 + 500, T0), []),
        ("v1-empty", (1, 4000, 4, 60000, 0, None, T0 + 500, -1), ["NullPartitions"]),
        ("v1-empty-partitions", (1, 5, 0, 60000, 4, [], T0, T0), []),
        ("v1-kip890-tags", (1, 4002, 0, 60000, 4, ORDERS, T0 + 500, T0, KIP890_TAGS), ["TaggedFields"]),
        ("v1-kip890-tag-at-default", (1, 4002, 0, 60000, 4, ORDERS, T0 + 500, T0, KIP890_AT_DEFAULT),
         ["TaggedFields", "TagAtDefault"]),
        # Transaction version 2, payments-tx-7 as the join's tests read it: the holder of producer id
        # 4000 at epoch 3 after two commits (each bumps the epoch: TransactionMetadata
        # .prepareAbortOrCommit), its next transaction begun, re-initialised (InitProducerId: Empty
        # one epoch up, prepareIncrementProducerEpoch), and the epoch exhausted at a commit: producer
        # id 4001 at epoch 0 (prepareComplete takes nextProducerId) or by InitProducerId (Empty,
        # prepareProducerIdRotation).
        ("v1-tv2-completecommit", (1, 4000, 5, 60000, 4, ORDERS, T0 + 500, T0, TV2),
         ["TaggedFields", "TransactionVersion2"]),
        ("v1-tv2-ongoing", (1, 4000, 5, 60000, 1, ORDERS, T0 + 500, T0, TV2), ["TaggedFields", "TransactionVersion2"]),
        ("v1-tv2-empty", (1, 4000, 6, 60000, 0, None, T0 + 500, -1, TV2),
         ["TaggedFields", "TransactionVersion2", "NullPartitions"]),
        ("v1-tv2-preparecommit-exhausted", (1, 4000, 32767, 60000, 2, ORDERS, T0 + 500, T0, TV2),
         ["TaggedFields", "TransactionVersion2"]),
        ("v1-tv2-rotated", (1, 4001, 0, 60000, 4, [], T0 + 600, T0, TV2), ["TaggedFields", "TransactionVersion2"]),
        ("v1-tv2-rotated-empty", (1, 4001, 0, 60000, 0, None, T0 + 600, -1, TV2),
         ["TaggedFields", "TransactionVersion2", "NullPartitions"]),
        ("v1-partition-tags", (1, 4000, 3, 60000, 1,
                               [(b"orders", [0], [(0, b""), (7, b"\x01\x02\x03")]), (b"x", [], [(300, b"\xff" * 130)])],
                               T0, T0, [(I32_MAX, b"z")]), ["TaggedFields"]),
        ("v1-extremes", (1, I64_MIN, I16_MIN, I32_MIN, 7, [(b"t", [I32_MIN, I32_MAX], [])], I64_MIN, I64_MAX),
         ["Extreme"]),
    ]:
        w = write_value(*args)
        c.add("valid", name, KEY_BYTES, bytes(w.out), ["Valid", "Flexible"] + flags, "version 1: " + name,
              record=OrderedDict([("key", key_record(TID.decode())), ("value", value_record(*args))]))
    w1 = write_value(1, 4000, 3, 60000, 1, [(b"orders", [0, 2], [(5, b"\x09")])], T0 + 500, T0, [(0, b"\x00" * 8)])
    c.sweep("v1", w1, key=KEY_BYTES)
    V1 = bytes(w1.out)
    c.add("trailing", "v1-one-byte", KEY_BYTES, V1 + b"\x00", ["TrailingBytes", "Flexible"],
          "a byte after version 1's tagged fields", error=("TRAILING_BYTES", len(V1), VALUE))

    # ---- value errors
    for version in (2, -1, I16_MAX, I16_MIN):
        body = bytes(write_value(0, 1, 0, 1, 0, None, 0, 0).out)[2:]
        c.add("version", "value-%d" % version, KEY_BYTES, struct.pack(">h", version) + body,
              ["Version"] + (["Extreme"] if abs(version) > 2 else []),
              "value version %d: readTxnRecordValue throws (unknown version)" % version,
              error=("UNSUPPORTED_VERSION", 0, VALUE + ".version"))
    for version in (0, 1):
        for status in (8, -1, I16_MIN // 256, 127):
            data = bytearray(write_value(version, 1, 0, 1, 0, None, 0, 0).out)
            data[16] = status & 0xFF
            c.add("status", "v%d-status-%d" % (version, status), KEY_BYTES, bytes(data), ["Status"],
                  "status byte %d: TransactionState.fromId throws" % status,
                  error=("OUT_OF_RANGE", 16, VALUE + ".transaction_status"))
    head0 = bytes(write_value(0, 1, 0, 1, 1, None, 0, 0).out)[:17]  # through the status
    for count, name in ((-2, "minus-two"), (I32_MIN, "min")):
        c.add("negative", "v0-partitions-" + name, KEY_BYTES, head0 + struct.pack(">i", count) + b"\x00" * 16,
              ["NegativeLength"], "transaction_partitions count %d (-1 is null)" % count,
              error=("NEGATIVE_LENGTH", 17, VALUE + ".transaction_partitions"))
    c.add("negative", "v0-topic-null", KEY_BYTES, head0 + struct.pack(">ihi", 1, -1, 0) + b"\x00" * 16,
          ["NegativeLength"], "a topic of length -1: not nullable",
          error=("NEGATIVE_LENGTH", 21, VALUE + ".transaction_partitions[0].topic"))
    c.add("negative", "v0-partition-ids-null", KEY_BYTES, head0 + struct.pack(">ihi", 1, 0, -1) + b"\x00" * 16,
          ["NegativeLength"], "partition ids count -1: not nullable",
          error=("NEGATIVE_LENGTH", 23, VALUE + ".transaction_partitions[0].partition_ids"))
    c.add("count", "v0-partitions-too-many", KEY_BYTES, head0 + struct.pack(">i", 3) + b"\x00" * 17,
          ["CountTooLarge"], "3 partitions entries need 18 bytes at least; 17 remain",
          error=("TRUNCATED", 17, VALUE + ".transaction_partitions"))
    c.add("count", "v0-partition-ids-too-many", KEY_BYTES,
          head0 + struct.pack(">ihi", 1, 0, 5) + b"\x00" * 19, ["CountTooLarge"],
          "5 partition ids need 20 bytes; 19 remain",
          error=("TRUNCATED", 23, VALUE + ".transaction_partitions[0].partition_ids"))
    c.add("count", "v0-partitions-i32-max", KEY_BYTES, head0 + struct.pack(">i", I32_MAX) + b"\x00" * 16,
          ["CountTooLarge", "Extreme"], "a count of 2^31-1 (checked before anything is allocated)",
          error=("TRUNCATED", 17, VALUE + ".transaction_partitions"))
    head1 = bytes(write_value(1, 1, 0, 1, 1, None, 0, 0).out)[:17]
    c.add("null", "v1-topic-null", KEY_BYTES, head1 + b"\x02\x00\x01\x00" + b"\x00" * 17, ["NullNotAllowed", "Flexible"],
          "a compact topic length of 0 (null): not nullable",
          error=("NULL_NOT_ALLOWED", 18, VALUE + ".transaction_partitions[0].topic"))
    c.add("null", "v1-partition-ids-null", KEY_BYTES, head1 + b"\x02\x01\x00\x00" + b"\x00" * 17,
          ["NullNotAllowed", "Flexible"], "a compact partition ids count of 0 (null): not nullable",
          error=("NULL_NOT_ALLOWED", 19, VALUE + ".transaction_partitions[0].partition_ids"))
    c.add("long", "v1-topic-32768", KEY_BYTES, head1 + b"\x02" + uvarint(32769) + b"\x00" * 20,
          ["StringTooLong", "Flexible"], "a compact topic length of 32768 (Kafka's limit is 32767)",
          error=("STRING_TOO_LONG", 18, VALUE + ".transaction_partitions[0].topic"))
    tail1 = struct.pack(">qq", T0, T0)
    c.add("varint", "v1-tags-six-bytes", KEY_BYTES, head1 + b"\x00" + tail1 + b"\x80\x80\x80\x80\x80\x00",
          ["VarintTooLong", "Flexible"], "a tagged count of 6 bytes",
          error=("VARINT_TOO_LONG", 34, VALUE + ".tagged_fields"))
    c.add("varint", "v1-tags-33-bits", KEY_BYTES, head1 + b"\x00" + tail1 + b"\xff\xff\xff\xff\x1f",
          ["VarintTooLong", "Flexible"], "a tagged count whose fifth byte carries bits beyond 32",
          error=("VARINT_TOO_LONG", 34, VALUE + ".tagged_fields"))
    c.add("varint", "v1-partitions-count-33-bits", KEY_BYTES, head1 + b"\x80\x80\x80\x80\x10" + tail1 + b"\x00",
          ["VarintTooLong", "Flexible"], "a compact count whose fifth byte carries bits beyond 32",
          error=("VARINT_TOO_LONG", 17, VALUE + ".transaction_partitions"))
    c.add("tags", "v1-tags-descending", KEY_BYTES, head1 + b"\x00" + tail1 + b"\x02\x05\x00\x04\x00",
          ["TagOrder", "Flexible"], "tag 5 then tag 4 (tags 4.1.0 does not know)", error=("TAG_OUT_OF_ORDER", 37, VALUE + ".tagged_fields"))
    c.add("tags", "v1-tags-repeated", KEY_BYTES, head1 + b"\x00" + tail1 + b"\x02\x05\x00\x05\x00",
          ["TagOrder", "Flexible"], "tag 5 twice", error=("TAG_OUT_OF_ORDER", 37, VALUE + ".tagged_fields"))
    c.add("tags", "v1-tag-size-lies", KEY_BYTES, head1 + b"\x00" + tail1 + b"\x01\x00\x09\x01\x02",
          ["Truncated", "Flexible"], "a tag whose size says 9 with 2 bytes left",
          error=("TRUNCATED", 36, VALUE + ".tagged_fields"))
    c.add("tags", "v1-known-tag-short", KEY_BYTES, head1 + b"\x00" + tail1 + b"\x01\x00\x04" + b"\x00" * 4,
          ["Truncated", "Flexible", "TaggedFields"],
          "tag 0 (previous_producer_id, an int64) of size 4: its value needs 8 (Kafka reads 8, past the size)",
          error=("TRUNCATED", 37, VALUE + ".previous_producer_id.value"))
    c.add("tags", "v1-known-tag-long", KEY_BYTES, head1 + b"\x00" + tail1 + b"\x01\x02\x03\x00\x02\x00",
          ["TrailingBytes", "Flexible", "TaggedFields"],
          "tag 2 (client_transaction_version, an int16) of size 3: a byte left in it (Kafka skips no byte of a "
          "known tag: it reads the next header there)",
          error=("TRAILING_BYTES", 39, VALUE + ".client_transaction_version"))
    c.add("tags", "v1-tags-too-many", KEY_BYTES, head1 + b"\x00" + tail1 + b"\x03\x00\x00\x01\x00",
          ["CountTooLarge", "Flexible"], "3 tagged fields need 6 bytes at least; 4 remain",
          error=("TRUNCATED", 34, VALUE + ".tagged_fields"))

    # ---- the order of the checks
    c.add("order", "key-error-first", struct.pack(">h", 1) + KEY_BYTES[2:], b"", ["CheckOrder", "Version", "EmptyValue"],
          "a bad key version and an empty value: the key's error", error=("UNSUPPORTED_VERSION", 0, KEY + ".version"))
    bad = bytearray(V0 + b"\x01")
    bad[16] = 9
    c.add("order", "status-before-trailing", KEY_BYTES, bytes(bad), ["CheckOrder", "Status", "TrailingBytes"],
          "a bad status and a trailing byte: the status, first in wire order",
          error=("OUT_OF_RANGE", 16, VALUE + ".transaction_status"))
    return c


# --------------------------------------------------------------------------------------------
# Schema (merged into golden/schema.json by golden/generate.py)


def schema_defs():
    i64 = {"type": "string", "pattern": "^-?(0|[1-9][0-9]*)$"}
    i16 = {"type": "integer", "minimum": I16_MIN, "maximum": I16_MAX}
    i32 = {"type": "integer", "minimum": I32_MIN, "maximum": I32_MAX}
    path = {"type": "string",
            "pattern": r"^(transaction_log_key|transaction_log_value)(\.[a-z_]+(\[(0|[1-9][0-9]*)\])?)*$"}
    tags = {"type": "array", "items": {
        "type": "object", "additionalProperties": False, "required": ["tag", "hex"],
        "properties": {"tag": {"type": "integer", "minimum": 0, "maximum": 2 ** 32 - 1},
                       "hex": {"$ref": "#/$defs/hex"}}}}
    key = {"type": "object", "additionalProperties": False, "required": ["version", "transactional_id"],
           "properties": {"version": {"const": 0}, "transactional_id": {"type": "string"}}}
    base = ["producer_id", "producer_epoch", "transaction_timeout_ms", "transaction_status", "status",
            "transaction_partitions", "transaction_last_update_timestamp_ms", "transaction_start_timestamp_ms",
            "unknown_tagged_fields"]
    props = {
        "producer_id": i64, "producer_epoch": i16, "transaction_timeout_ms": i32,
        "transaction_status": {"type": "integer", "minimum": 0, "maximum": len(STATUSES) - 1},
        "status": {"enum": STATUSES},
        "transaction_partitions": {"oneOf": [{"type": "null"}, {"type": "array", "items": {
            "type": "object", "additionalProperties": False,
            "required": ["topic", "partition_ids", "unknown_tagged_fields"],
            "properties": {"topic": {"type": "string"}, "partition_ids": {"type": "array", "items": i32},
                           "unknown_tagged_fields": tags}}}]},
        "transaction_last_update_timestamp_ms": i64, "transaction_start_timestamp_ms": i64,
        "unknown_tagged_fields": tags}
    # Version 1 adds 4.1.0's tagged fields by name (at their defaults when absent); version 0 has none.
    v1_tags = {"previous_producer_id": i64, "next_producer_id": i64, "client_transaction_version": i16,
               "next_producer_epoch": i16}
    value = {"oneOf": [
        {"type": "object", "additionalProperties": False, "required": ["version"] + base,
         "properties": dict({"version": {"const": 0}}, **props)},
        {"type": "object", "additionalProperties": False, "required": ["version"] + base + list(v1_tags),
         "properties": dict(dict({"version": {"const": 1}}, **props), **v1_tags)}]}
    record = {"type": "object", "additionalProperties": False, "required": ["key", "value"],
              "properties": {"key": key, "value": {"oneOf": [{"type": "null"}, value]}}}
    return OrderedDict([("transactionLogFile", key_value_file_schema(FORMAT, TARGET, record, CODES, WARNINGS, path))])


# --------------------------------------------------------------------------------------------
# Output

COMMENT = ("Kafka's __transaction_state records (apache/kafka 3.8.0: TransactionLogKey version 0, TransactionLogValue "
           "versions 0-1, TransactionLog.scala, TransactionState.fromId; version 1's tagged fields from Kafka 4.1.0's "
           "TransactionLogValue.json): decodeTransactionRecord(key, value) cases. "
           "value null is a tombstone; expect is the record and its warnings, or the error {code, offset, field} of "
           "the key (read first) or the value. See golden/README.md.")


def build_all():
    return OrderedDict([("transaction-log.json", checked_golden_file(FORMAT, TARGET, COMMENT, FLAGS, build().vectors, CODES))])


def encode(items):
    """--encode: each item's bytes, written by this generator's writer (the tests' transaction-log
    records come from here, never from the code under test)."""
    out = []
    for item in items:
        if "key" in item:
            out.append(bytes(write_key(item["key"].encode("utf-8")).out).hex())
            continue
        v = item["value"]
        parts = v.get("partitions")
        parts = None if parts is None else [(t.encode("utf-8"), list(ids), []) for t, ids in parts]
        tags = [(tag, struct.pack(">" + fmt, int(v[name]))) for tag, (name, fmt) in KNOWN_TAGS.items() if name in v]
        if tags and v.get("version", 0) < 1:
            raise ValueError("tagged fields need version 1")
        w = write_value(v.get("version", 0), int(v["producer_id"]), v["producer_epoch"], v["timeout_ms"],
                        STATUSES.index(v["status"]), parts, int(v["last_update"]), int(v["start"]), tags)
        out.append(bytes(w.out).hex())
    return out


def main(argv):
    if "--encode" in argv:
        print(json.dumps(encode(json.load(sys.stdin))))
        return 0
    return write_or_check(build_all(), "generate_transaction_log.py", argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
