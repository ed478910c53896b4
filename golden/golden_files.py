"""What the golden generators share (generate_streams.py, generate_groups.py, generate_share_state.py,
generate_transaction_log.py, generate_cluster_metadata.py; generate.py uses write_or_check): the error a reference reader
raises, the reference readers' byte cursor, the expectation of a vector and its check against
that reader, the unsigned varint writer, the key/value and value files' schema, and the files' JSON text,
written or checked next to this script.

Python standard library only, like the generators: golden/ stays independent of the code under test.
"""

import json
import os
import re
import struct
import sys
from collections import Counter, OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))


class DecodeError(Exception):
    def __init__(self, code, offset, field):
        super().__init__("%s at %d (%s)" % (code, offset, field))
        self.code, self.offset, self.field = code, offset, field


def warning(code, offset, field):
    """A warning or an error as the golden files write it: {code, offset, field}."""
    return OrderedDict([("code", code), ("offset", offset), ("field", field)])


def expectation(error=None, record=None, warnings=()):
    """A vector's expect: the error (code, offset, field), or the record and its warnings."""
    if error is not None:
        return OrderedDict([("error", warning(*error))])
    return OrderedDict([("record", record), ("warnings", [warning(*x) for x in warnings])])


def check_vector(vid, got, want, flags, known_flags):
    """A hand-written expectation must be what the reference reader says; its flags are declared."""
    if json.dumps(got) != json.dumps(want):
        raise AssertionError("%s: hand-written %s but the reference reader says %s"
                             % (vid, json.dumps(want), json.dumps(got)))
    for f in flags:
        assert f in known_flags, (vid, f)


def uvarint(v):
    """ByteUtils.writeUnsignedVarint: 7 bits a byte, low bits first."""
    assert 0 <= v < 2 ** 32
    out = bytearray()
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


def dump(obj):
    text = json.dumps(obj, indent=2, ensure_ascii=False) + "\n"
    # A lone surrogate (readUTF can return one) is written as a \\u escape: the file stays UTF-8.
    return re.sub("[\ud800-\udfff]", lambda m: "\\u%04x" % ord(m.group()), text)


def check_unique_ids(vectors):
    ids = [v["id"] for v in vectors]
    dup = [i for i, n in Counter(ids).items() if n > 1]
    if dup:
        raise AssertionError("duplicate ids: %s" % dup)


def golden_file(fmt, target, comment, flags, vectors):
    """One golden file's text; it declares only the flags its vectors use."""
    used = [f for f in flags if any(f in v["flags"] for v in vectors)]
    return dump(OrderedDict([("format", fmt), ("target", target), ("comment", comment),
                             ("flags", OrderedDict((f, flags[f]) for f in used)), ("vectors", vectors)]))


class ByteReader:
    """A reference reader's cursor (generate_transaction_log.py, generate_share_state.py): big-endian
    fixed-width integers and Kafka's unsigned varint, each refused where the project refuses it."""

    def __init__(self, data):
        self.data, self.at = data, 0
        self.warnings = []

    def left(self):
        return len(self.data) - self.at

    def fixed(self, fmt, field):
        n = struct.calcsize(">" + fmt)
        if self.left() < n:
            raise DecodeError("TRUNCATED", self.at, field)
        v = struct.unpack_from(">" + fmt, self.data, self.at)[0]
        self.at += n
        return v

    def uvarint(self, field):
        """ByteUtils.readUnsignedVarint, refusing a sixth byte and bits beyond 32."""
        start, v = self.at, 0
        for i in range(5):
            if self.at >= len(self.data):
                raise DecodeError("TRUNCATED", start, field)
            b = self.data[self.at]
            self.at += 1
            if i == 4 and (b & 0x7F) >> 4:
                raise DecodeError("VARINT_TOO_LONG", start, field)
            v |= (b & 0x7F) << (7 * i)
            if not b & 0x80:
                return v
        raise DecodeError("VARINT_TOO_LONG", start, field)


class SpanWriter:
    """A reference writer's bytes and what each span of them is (generate_transaction_log.py,
    generate_share_state.py, generate_cluster_metadata.py), so that a truncation sweep's outcome is
    derived from the spans alone (expected_prefix), never from the code under test:
      ("leaf", path, start, end): a fixed-width field, a varint or a string's body
      ("count", path, start, end, n, minimum): a length or count prefix [start, end) and what it
        announces: n elements of `minimum` bytes at least (a string: n bytes, minimum 1)
      ("tags", path, start, end, n): a tagged section's count
      ("tag", path, start, size_start, end, size): a tag header (size_start: its size varint)"""

    def __init__(self):
        self.out = bytearray()
        self.spans = []

    def leaf(self, path, raw):
        start = len(self.out)
        self.out += raw
        self.spans.append(("leaf", path, start, len(self.out)))

    def prefix(self, path, data, n, minimum):
        start = len(self.out)
        self.out += data
        self.spans.append(("count", path, start, len(self.out), n, minimum))

    def tagged(self, path, fields):
        """A tagged section: [(tag, bytes)] in the order given."""
        start = len(self.out)
        self.out += uvarint(len(fields))
        self.spans.append(("tags", path, start, len(self.out), len(fields)))
        for tag, data in fields:
            start = len(self.out)
            self.out += uvarint(tag)
            size_start = len(self.out)
            self.out += uvarint(len(data))
            self.spans.append(("tag", path, start, size_start, len(self.out), len(data)))
            self.out += data

    def expected_prefix(self, length):
        """The outcome of the first `length` bytes, from the spans alone: the first field, length,
        count or tag header in wire order that the prefix cuts, the first count whose elements
        cannot fit in what is left, a tagged count above half of it, a tag size past it."""
        for span in self.spans:
            kind, path = span[0], span[1]
            if kind == "leaf":
                _, _, start, end = span
                if end > length:
                    return ("TRUNCATED", start, path)
            elif kind == "count":
                _, _, start, end, n, minimum = span
                if end > length or n * minimum > length - end:
                    return ("TRUNCATED", start, path)
            elif kind == "tags":
                _, _, start, end, n = span
                if end > length or n * 2 > length - end:
                    return ("TRUNCATED", start, path + ".tagged_fields")
            else:
                _, _, start, size_start, end, size = span
                if size_start > length:
                    return ("TRUNCATED", start, path + ".tagged_fields")
                if end > length or size > length - end:
                    return ("TRUNCATED", size_start, path + ".tagged_fields")
        raise AssertionError("prefix %d is complete" % length)


def key_value_file_schema(fmt, target, record, codes, warnings, path):
    """The schema of a file of key/value vectors (a record's key hex and value hex, null a null
    value): expect is {record, warnings} or {error}, each located {code, offset, field} with its
    field a `path`."""
    return vector_file_schema(fmt, target, record, codes, warnings, path, OrderedDict([
        ("key", {"$ref": "#/$defs/hex"}), ("value", {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/hex"}]})]))


def value_file_schema(fmt, target, record, codes, warnings, path):
    """The same for a file of values alone (a record whose key is always null: the KRaft metadata log)."""
    return vector_file_schema(fmt, target, record, codes, warnings, path, OrderedDict([("value", {"$ref": "#/$defs/hex"})]))


def vector_file_schema(fmt, target, record, codes, warnings, path, inputs):
    """A file of vectors whose input is `inputs` (its properties' schemas) and whose expect is
    {record, warnings} or {error}."""
    located = lambda names: {"type": "object", "additionalProperties": False, "required": ["code", "offset", "field"],
                             "properties": {"code": {"enum": names}, "offset": {"type": "integer", "minimum": 0},
                                            "field": path}}
    expect = {"oneOf": [
        {"type": "object", "additionalProperties": False, "required": ["record", "warnings"],
         "properties": {"record": record, "warnings": {"type": "array", "items": located(warnings)}}},
        {"type": "object", "additionalProperties": False, "required": ["error"],
         "properties": {"error": located(codes)}}]}
    properties = OrderedDict([
        ("id", {"type": "string", "pattern": "^%s/[a-z0-9-]+/[a-z0-9-]+$" % target}),
        ("comment", {"type": "string", "minLength": 1}), ("flags", {"$ref": "#/$defs/flagsList"})])
    properties.update(inputs)
    properties["expect"] = expect
    return {
        "type": "object", "additionalProperties": False, "required": ["format", "target", "comment", "flags", "vectors"],
        "properties": {
            "format": {"const": fmt}, "target": {"const": target}, "comment": {"type": "string"},
            "flags": {"$ref": "#/$defs/flagsMap"},
            "vectors": {"type": "array", "minItems": 1, "items": {
                "type": "object", "additionalProperties": False, "required": list(properties),
                "properties": properties}}}}


def checked_golden_file(fmt, target, comment, flags, vectors, codes):
    """golden_file, once its ids are unique and every one of `codes` has a vector."""
    check_unique_ids(vectors)
    seen = set(v["expect"]["error"]["code"] for v in vectors if "error" in v["expect"])
    missing = [code for code in codes if code not in seen]
    if missing:
        raise AssertionError("codes without a vector: %s" % missing)
    return golden_file(fmt, target, comment, flags, vectors)


def golden_files(fmt, builders, comments, flags):
    """The files named <target>.json, one a builder (a target's Collector); ids unique across them."""
    out = OrderedDict()
    vectors = []
    for target, builder in builders:
        col = builder()
        out[target + ".json"] = golden_file(fmt, target, comments[target], flags, col.vectors)
        vectors += col.vectors
    check_unique_ids(vectors)
    return out


def described(item):
    name, text = item
    vectors = json.loads(text).get("vectors") if name.endswith(".json") else None
    return name if vectors is None else "%s (%d vectors)" % (name, len(vectors))


def write_or_check(files, script, argv):
    """Writes the files next to this script, or with --check says which differ from them (exit 1)."""
    if "--check" in argv:
        stale = []
        for name, text in files.items():
            try:
                with open(os.path.join(HERE, name), encoding="utf-8") as f:
                    if f.read() != text:
                        stale.append(name)
            except FileNotFoundError:
                stale.append(name)
        if stale:
            print("golden files differ from %s output: %s (run python3 golden/%s)"
                  % (script, ", ".join(stale), script), file=sys.stderr)
            return 1
        print("%s: the golden files are up to date (%d files)" % (script, len(files)))
        return 0
    for name, text in files.items():
        with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    print("wrote %s" % ", ".join(map(described, files.items())))
    return 0
