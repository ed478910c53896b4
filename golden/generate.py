#!/usr/bin/env python3
"""Independent generator of the golden vectors for the __coordination_state records.

Python standard library only (struct for big-endian integers, the strict UTF-8 codec). It never
imports or runs the project's C++ or JavaScript code: the expected outcomes come from
  1. the hand-written expectation attached to every hand-chosen case (code, offset, field), and
  2. the small reference decoder / encoder below, written from golden/README.md,
and the generator refuses to write anything if the two disagree. UTF-8 validity is decided twice,
by Python's strict decoder (UnicodeDecodeError.start) and by an explicit RFC 3629 table scanner,
which must agree on the offset of the first ill-formed sequence.

Usage:
  python3 golden/generate.py            rewrite golden/{key,registration,lease,encode,schema}.json
                                        and the count section of golden/README.md
  python3 golden/generate.py --check    exit 1 if the committed files differ from what it would write
  python3 golden/generate.py --summary  print vector counts per file and per code (Markdown)
"""

import json
import os
import struct
import sys
from collections import Counter, OrderedDict

from generate_cluster_metadata import schema_defs as cluster_metadata_schema_defs
from generate_groups import schema_defs as groups_schema_defs
from generate_streams import schema_defs as streams_schema_defs
from generate_share_state import schema_defs as share_state_schema_defs
from generate_transaction_log import schema_defs as transaction_log_schema_defs
from golden_files import write_or_check

HERE = os.path.dirname(os.path.abspath(__file__))
FORMAT = "coordination-golden/1"

I16_MIN, I16_MAX = -(1 << 15), (1 << 15) - 1
I64_MIN, I64_MAX = -(1 << 63), (1 << 63) - 1

CODES = [
    "TRUNCATED", "TRAILING_BYTES", "UNSUPPORTED_VERSION", "UNKNOWN_KIND", "NEGATIVE_LENGTH",
    "INVALID_UTF8", "LEASE_KEY_HAS_MEMBER", "ROLE_OUT_OF_BOUNDS", "MEMBER_OUT_OF_BOUNDS",
    "NEGATIVE_PRODUCER_ID", "NEGATIVE_PRODUCER_EPOCH",
]
FIELDS = [
    "key.version", "key.kind", "key.role", "key.member",
    "registration.version", "registration.member", "registration.registered_at",
    "lease.version", "lease.member", "lease.producer_id", "lease.producer_epoch",
    "lease.granted_at", "lease.deadline",
    "key", "registration", "lease",
]

# --------------------------------------------------------------------------------------------
# UTF-8: two independent verdicts that must agree


def first_bad_utf8_table(s):
    """Offset of the first ill-formed sequence per RFC 3629 / Unicode Table 3-7, or None.

    The offset is the lead byte of a sequence that is not completed correctly (bad second byte,
    bad later byte, or cut short by the end), or the byte itself if it can never start a
    sequence (80..BF stray continuation, C0, C1, F5..FF)."""
    n = len(s)
    i = 0
    any_ = (0x80, 0xBF)
    while i < n:
        b0 = s[i]
        if b0 < 0x80:
            i += 1
            continue
        if 0xC2 <= b0 <= 0xDF:
            tail = [any_]
        elif b0 == 0xE0:
            tail = [(0xA0, 0xBF), any_]          # no overlongs below U+0800
        elif 0xE1 <= b0 <= 0xEC or 0xEE <= b0 <= 0xEF:
            tail = [any_, any_]
        elif b0 == 0xED:
            tail = [(0x80, 0x9F), any_]          # no surrogates D800..DFFF
        elif b0 == 0xF0:
            tail = [(0x90, 0xBF), any_, any_]    # no overlongs below U+10000
        elif 0xF1 <= b0 <= 0xF3:
            tail = [any_, any_, any_]
        elif b0 == 0xF4:
            tail = [(0x80, 0x8F), any_, any_]    # nothing above U+10FFFF
        else:
            return i                             # 80..C1, F5..FF
        for k, (lo, hi) in enumerate(tail):
            j = i + 1 + k
            if j >= n or not (lo <= s[j] <= hi):
                return i
        i += 1 + len(tail)
    return None


def first_bad_utf8_python(s):
    try:
        s.decode("utf-8", "strict")
        return None
    except UnicodeDecodeError as e:
        return e.start


def first_bad_utf8(s):
    a = first_bad_utf8_table(s)
    b = first_bad_utf8_python(s)
    if a != b:
        raise AssertionError("UTF-8 verdicts disagree on %s: table %r, python %r" % (s.hex(), a, b))
    return a


# --------------------------------------------------------------------------------------------
# Reference decoder


class DecodeError(Exception):
    def __init__(self, code, offset, field):
        super().__init__("%s at %d (%s)" % (code, offset, field))
        self.code, self.offset, self.field = code, offset, field

    def as_json(self):
        return OrderedDict([("code", self.code), ("offset", self.offset), ("field", self.field)])


class Reader:
    def __init__(self, data):
        self.b = data
        self.pos = 0

    def remaining(self):
        return len(self.b) - self.pos

    def i16(self, field):
        if self.remaining() < 2:
            raise DecodeError("TRUNCATED", self.pos, field)
        (v,) = struct.unpack_from(">h", self.b, self.pos)
        self.pos += 2
        return v

    def i64(self, field):
        if self.remaining() < 8:
            raise DecodeError("TRUNCATED", self.pos, field)
        (v,) = struct.unpack_from(">q", self.b, self.pos)
        self.pos += 8
        return v

    def string(self, field):
        """Returns (text, byte_length, start). Order: prefix short, negative, body short, UTF-8."""
        start = self.pos
        if self.remaining() < 2:
            raise DecodeError("TRUNCATED", start, field)
        (n,) = struct.unpack_from(">h", self.b, self.pos)
        if n < 0:
            raise DecodeError("NEGATIVE_LENGTH", start, field)
        if self.remaining() - 2 < n:
            raise DecodeError("TRUNCATED", start, field)
        body = self.b[start + 2:start + 2 + n]
        bad = first_bad_utf8(body)
        if bad is not None:
            raise DecodeError("INVALID_UTF8", start + 2 + bad, field)
        self.pos = start + 2 + n
        return body.decode("utf-8", "strict"), n, start

    def finish(self, record):
        if self.remaining() != 0:
            raise DecodeError("TRAILING_BYTES", self.pos, record)


def decode_key(data):
    r = Reader(data)
    version = r.i16("key.version")
    if version != 0:
        raise DecodeError("UNSUPPORTED_VERSION", 0, "key.version")
    kind = r.i16("key.kind")
    if kind not in (0, 1):
        raise DecodeError("UNKNOWN_KIND", 2, "key.kind")
    role, n, start = r.string("key.role")
    if not 1 <= n <= 255:
        raise DecodeError("ROLE_OUT_OF_BOUNDS", start, "key.role")
    member, n, start = r.string("key.member")
    if kind == 1 and n != 0:
        raise DecodeError("LEASE_KEY_HAS_MEMBER", start, "key.member")
    if kind == 0 and not 1 <= n <= 255:
        raise DecodeError("MEMBER_OUT_OF_BOUNDS", start, "key.member")
    r.finish("key")
    return OrderedDict([("version", 0), ("kind", "registration" if kind == 0 else "lease"),
                        ("role", role), ("member", member)])


def decode_registration(data):
    r = Reader(data)
    if r.i16("registration.version") != 0:
        raise DecodeError("UNSUPPORTED_VERSION", 0, "registration.version")
    member, n, start = r.string("registration.member")
    if not 1 <= n <= 255:
        raise DecodeError("MEMBER_OUT_OF_BOUNDS", start, "registration.member")
    registered_at = r.i64("registration.registered_at")
    r.finish("registration")
    return OrderedDict([("version", 0), ("member", member), ("registered_at", str(registered_at))])


def decode_lease(data):
    r = Reader(data)
    if r.i16("lease.version") != 0:
        raise DecodeError("UNSUPPORTED_VERSION", 0, "lease.version")
    member, n, start = r.string("lease.member")
    if not 1 <= n <= 255:
        raise DecodeError("MEMBER_OUT_OF_BOUNDS", start, "lease.member")
    at = r.pos
    producer_id = r.i64("lease.producer_id")
    if producer_id < 0:
        raise DecodeError("NEGATIVE_PRODUCER_ID", at, "lease.producer_id")
    at = r.pos
    producer_epoch = r.i16("lease.producer_epoch")
    if producer_epoch < 0:
        raise DecodeError("NEGATIVE_PRODUCER_EPOCH", at, "lease.producer_epoch")
    granted_at = r.i64("lease.granted_at")
    deadline = r.i64("lease.deadline")
    r.finish("lease")
    return OrderedDict([("version", 0), ("member", member), ("producer_id", str(producer_id)),
                        ("producer_epoch", producer_epoch), ("granted_at", str(granted_at)),
                        ("deadline", str(deadline))])


def reference_decode(target, data):
    """-> {"record": ...} | {"tombstone": true} | {"error": {...}}"""
    if target != "key" and (data is None or len(data) == 0):
        return OrderedDict([("tombstone", True)])
    fn = {"key": decode_key, "registration": decode_registration, "lease": decode_lease}[target]
    try:
        return OrderedDict([("record", fn(data))])
    except DecodeError as e:
        return OrderedDict([("error", e.as_json())])


# --------------------------------------------------------------------------------------------
# Reference encoder (separate code path: builds bytes from a record with struct.pack)


def string_bytes(v):
    """A record string: a JSON string, or {"utf8_hex": "..."} for bytes that are not UTF-8."""
    if isinstance(v, dict):
        return bytes.fromhex(v["utf8_hex"])
    return v.encode("utf-8", "strict")


class Writer:
    def __init__(self):
        self.out = bytearray()

    def string(self, field, raw, lo, hi, bounds_code):
        start = len(self.out)
        bad = first_bad_utf8(raw)
        if bad is not None:
            raise DecodeError("INVALID_UTF8", start + 2 + bad, field)
        if not lo <= len(raw) <= hi:
            raise DecodeError(bounds_code, start, field)
        self.out += struct.pack(">h", len(raw)) + raw


def encode_record(target, rec):
    w = Writer()
    try:
        if target == "key":
            kind = {"registration": 0, "lease": 1}[rec["kind"]]
            w.out += struct.pack(">hh", 0, kind)
            w.string("key.role", string_bytes(rec["role"]), 1, 255, "ROLE_OUT_OF_BOUNDS")
            if kind == 1:
                w.string("key.member", string_bytes(rec["member"]), 0, 0, "LEASE_KEY_HAS_MEMBER")
            else:
                w.string("key.member", string_bytes(rec["member"]), 1, 255, "MEMBER_OUT_OF_BOUNDS")
        elif target == "registration":
            w.out += struct.pack(">h", 0)
            w.string("registration.member", string_bytes(rec["member"]), 1, 255,
                     "MEMBER_OUT_OF_BOUNDS")
            w.out += struct.pack(">q", int(rec["registered_at"]))
        else:
            w.out += struct.pack(">h", 0)
            w.string("lease.member", string_bytes(rec["member"]), 1, 255, "MEMBER_OUT_OF_BOUNDS")
            pid = int(rec["producer_id"])
            if pid < 0:
                raise DecodeError("NEGATIVE_PRODUCER_ID", len(w.out), "lease.producer_id")
            w.out += struct.pack(">q", pid)
            epoch = rec["producer_epoch"]
            if epoch < 0:
                raise DecodeError("NEGATIVE_PRODUCER_EPOCH", len(w.out), "lease.producer_epoch")
            w.out += struct.pack(">h", epoch)
            w.out += struct.pack(">qq", int(rec["granted_at"]), int(rec["deadline"]))
    except DecodeError as e:
        return OrderedDict([("error", e.as_json())])
    return OrderedDict([("hex", w.out.hex())])


# --------------------------------------------------------------------------------------------
# Byte builders for hand-chosen cases


def b(x):
    if isinstance(x, bytes):
        return x
    return x.encode("utf-8")


def S(x, length=None):
    """An i16-length-prefixed string; length overrides the prefix (for lying prefixes)."""
    body = b(x)
    return struct.pack(">h", len(body) if length is None else length) + body


def key_bytes(kind, role, member, version=0):
    return struct.pack(">hh", version, kind) + S(role) + S(member)


def reg_bytes(member, ts, version=0):
    return struct.pack(">h", version) + S(member) + struct.pack(">q", ts)


def lease_bytes(member, pid, epoch, granted, deadline, version=0):
    return (struct.pack(">h", version) + S(member) + struct.pack(">q", pid)
            + struct.pack(">h", epoch) + struct.pack(">qq", granted, deadline))


def key_rec(kind, role, member):
    return OrderedDict([("version", 0), ("kind", kind), ("role", role), ("member", member)])


def reg_rec(member, ts):
    return OrderedDict([("version", 0), ("member", member), ("registered_at", str(ts))])


def lease_rec(member, pid, epoch, granted, deadline):
    return OrderedDict([("version", 0), ("member", member), ("producer_id", str(pid)),
                        ("producer_epoch", epoch), ("granted_at", str(granted)),
                        ("deadline", str(deadline))])


# --------------------------------------------------------------------------------------------
# Flags

DECODE_FLAGS = OrderedDict([
    ("Valid", "decodes to a record"),
    ("Tombstone", "absent (hex null) or zero-length value: a tombstone"),
    ("Truncated", "the bytes end inside a field (prefix of a valid record, or a lying length)"),
    ("TrailingBytes", "bytes remain after the last field"),
    ("Version", "the version field is not 0"),
    ("Kind", "the key's kind is neither 0 nor 1"),
    ("NegativeLength", "a string length prefix is negative"),
    ("Negative", "a negative producer_id or producer_epoch"),
    ("Bounds", "a string at or just past its byte-length bounds (0, 1, 255, 256)"),
    ("LeaseKeyMember", "a lease key with a non-empty member"),
    ("Extreme", "i16 / i64 extremes (0, 1, -1, min, max)"),
    ("Utf8Multibyte", "2-, 3- or 4-byte UTF-8 characters, boundary code points, or U+0000"),
    ("ModifiedUtf8", "bytes as Java's DataOutput.writeUTF writes them (C0 80 for NUL, CESU-8 pairs)"),
    ("IllFormedUtf8", "ill-formed UTF-8 per RFC 3629"),
    ("CheckOrder", "more than one fault: the first in wire order wins"),
])

ENCODE_FLAGS = OrderedDict([
    ("Valid", "encodes to exactly the expected bytes"),
    ("Refusal", "the encoder refuses the record with the decoder's code and field"),
    ("Bounds", "a string at or just past its byte-length bounds (0, 1, 255, 256)"),
    ("LeaseKeyMember", "a lease key given a non-empty member"),
    ("Negative", "a negative producer_id or producer_epoch"),
    ("Extreme", "i16 / i64 extremes"),
    ("Utf8Multibyte", "2-, 3- or 4-byte UTF-8 characters, boundary code points, or U+0000"),
    ("ModifiedUtf8", "string bytes as Java's DataOutput.writeUTF writes them"),
    ("IllFormedUtf8", "a string field holding bytes that are not UTF-8"),
    ("RawBytesString", "a string field is given as {\"utf8_hex\": ...} raw bytes; skip if your "
                       "string type cannot hold them"),
    ("CheckOrder", "more than one fault: the first in wire order wins"),
])

# --------------------------------------------------------------------------------------------
# Case collection


class Collector:
    def __init__(self, target, flags):
        self.target = target
        self.flags = flags
        self.vectors = []

    def add(self, group, name, data, flags, comment, expect=None, record=None, tombstone=False):
        """data: bytes or None. expect: (code, offset, field) written by hand, or None for a
        valid/tombstone case (then record= / tombstone=True is the hand-written outcome)."""
        vid = "%s/%s/%s" % (self.target, group, name)
        got = reference_decode(self.target, data)
        if expect is not None:
            want = OrderedDict([("error", OrderedDict([("code", expect[0]), ("offset", expect[1]),
                                                       ("field", expect[2])]))])
        elif tombstone:
            want = OrderedDict([("tombstone", True)])
        else:
            want = OrderedDict([("record", record)])
        if json.dumps(got) != json.dumps(want):
            raise AssertionError("%s: hand-written %s but the reference decoder says %s"
                                 % (vid, json.dumps(want), json.dumps(got)))
        if "record" in want:
            # The record must encode back to exactly these bytes (encode(decode(b)) == b).
            enc = encode_record(self.target, want["record"])
            if enc.get("hex") != data.hex():
                raise AssertionError("%s: re-encodes to %s" % (vid, json.dumps(enc)))
        for f in flags:
            assert f in self.flags, (vid, f)
        self.vectors.append(OrderedDict([
            ("id", vid), ("comment", comment), ("flags", list(flags)),
            ("hex", None if data is None else data.hex()), ("expect", want)]))


# The ill-formed UTF-8 classes: (name, body bytes, offset of the first ill-formed byte in body,
# comment). Each body starts with a little valid text so the offset is not just the body start.
ILL_FORMED = [
    ("overlong-c0-80", b"a\xc0\x80", 1, "C0 80: overlong NUL (Java modified UTF-8's NUL); C0 never starts a sequence"),
    ("overlong-c1-bf", b"ab\xc1\xbf", 2, "C1 BF: overlong U+007F; C1 never starts a sequence"),
    ("overlong-e0-80-80", b"x\xe0\x80\x80", 1, "E0 80 80: overlong NUL in three bytes (E0 needs A0..BF next)"),
    ("overlong-e0-9f-bf", b"\xe0\x9f\xbf", 0, "E0 9F BF: overlong U+07FF"),
    ("overlong-f0-80-80-80", b"ok\xf0\x80\x80\x80", 2, "F0 80 80 80: overlong NUL in four bytes (F0 needs 90..BF next)"),
    ("overlong-f0-8f-bf-bf", b"\xf0\x8f\xbf\xbf", 0, "F0 8F BF BF: overlong U+FFFF"),
    ("surrogate-ed-a0-80", b"s\xed\xa0\x80", 1, "ED A0 80: encoded high surrogate U+D800"),
    ("surrogate-ed-bf-bf", b"\xed\xbf\xbf", 0, "ED BF BF: encoded low surrogate U+DFFF"),
    ("above-max-f4-90-80-80", b"z\xf4\x90\x80\x80", 1, "F4 90 80 80: U+110000, above U+10FFFF"),
    ("lead-f5", b"\xf5\x80\x80\x80", 0, "F5: never a lead byte (would be above U+10FFFF)"),
    ("lead-f7-bf-bf-bf", b"q\xf7\xbf\xbf\xbf", 1, "F7 BF BF BF: U+1FFFFF in the old 4-byte form"),
    ("lead-f8", b"\xf8\x88\x80\x80\x80", 0, "F8: old 5-byte lead"),
    ("lead-fe", b"ab\xfe", 2, "FE: never valid in UTF-8"),
    ("lead-ff", b"\xff", 0, "FF: never valid in UTF-8"),
    ("lone-c0", b"\xc0a", 0, "C0 followed by ASCII"),
    ("lone-c1", b"a\xc1", 1, "C1 at the end"),
    ("stray-continuation-80", b"\x80", 0, "80: a continuation byte with no lead"),
    ("stray-continuation-bf", b"ab\xbf", 2, "BF: stray continuation after ASCII"),
    ("stray-after-complete", b"\xc3\xa9\xa9", 2, "C3 A9 then a third byte A9: a stray continuation after a complete 2-byte char"),
    ("cut-short-2-at-end", b"ab\xc3", 2, "C3 at the end of the string body (cut short): the lead byte"),
    ("cut-short-3-at-end", b"a\xe2\x82", 1, "E2 82 at the end of the body (\u20ac cut short): the lead byte"),
    ("cut-short-4-at-end", b"\xf0\x9f\x98", 0, "F0 9F 98 at the end of the body (U+1F600 cut short): the lead byte"),
    ("cut-short-by-ascii-2", b"\xc3A", 0, "C3 41: 2-byte sequence interrupted by ASCII"),
    ("cut-short-by-ascii-3", b"ab\xe2\x82A", 2, "E2 82 41: 3-byte sequence interrupted by ASCII"),
    ("cut-short-by-ascii-4", b"\xf0\x9f\x98A", 0, "F0 9F 98 41: 4-byte sequence interrupted by ASCII"),
    ("cut-short-by-lead", b"a\xe2\xc3\xa9", 1, "E2 C3 A9: 3-byte lead interrupted by a new lead byte"),
    ("first-of-two", b"a\xc3(b\xff", 1, "two faults (C3 28 at 1, FF at 4): the first one is reported"),
]

# Java DataOutput.writeUTF bodies (the writeUTF u16 length is the same bytes as our i16 for < 32768).
MODIFIED_UTF8 = [
    ("nul", b"a\xc0\x80b", 1, "writeUTF(\"a\\u0000b\") = 61 C0 80 62: NUL as C0 80"),
    ("supplementary-u1f600", b"\xed\xa0\xbd\xed\xb8\x80", 0,
     "writeUTF(\"\\uD83D\\uDE00\") (U+1F600) = ED A0 BD ED B8 80: CESU-8 surrogate pair"),
    ("supplementary-after-text", b"id-\xf0\x9f\x98\x80-\xed\xa0\xbd\xed\xb8\x80", 8,
     "real UTF-8 U+1F600 (valid) then the CESU-8 form: the first surrogate's lead byte"),
    ("supplementary-u10ffff", b"\xed\xaf\xbf\xed\xbf\xbf", 0,
     "writeUTF(\"\\uDBFF\\uDFFF\") (U+10FFFF) = ED AF BF ED BF BF"),
]

MULTIBYTE = [
    # (name, text, comment)
    ("2-byte", "\u00e9", "U+00E9 \u00e9: C3 A9"),
    ("3-byte", "\u20ac", "U+20AC \u20ac: E2 82 AC"),
    ("4-byte", "\U0001F600", "U+1F600: F0 9F 98 80"),
    ("nul", "\u0000", "U+0000 alone: the single byte 00 (allowed)"),
    ("nul-inside", "a\u0000b", "U+0000 inside text: 61 00 62"),
    ("mixed", "r\u00e9\u20ac\U0001F600\u0000", "1-, 2-, 3-, 4-byte characters and NUL"),
    ("u0080", "\u0080", "U+0080: C2 80, the smallest 2-byte"),
    ("u07ff", "\u07ff", "U+07FF: DF BF, the largest 2-byte"),
    ("u0800", "\u0800", "U+0800: E0 A0 80, the smallest 3-byte"),
    ("ud7ff", "\ud7ff", "U+D7FF: ED 9F BF, just below the surrogates"),
    ("ue000", "\ue000", "U+E000: EE 80 80, just above the surrogates"),
    ("ufffd", "\ufffd", "U+FFFD: EF BF BD, the replacement character itself"),
    ("ufeff-first", "\ufeffx", "U+FEFF first: EF BB BF 78, a character of the string, not a byte order mark to strip"),
    ("uffff", "\uffff", "U+FFFF: EF BF BF, the largest 3-byte"),
    ("u10000", "\U00010000", "U+10000: F0 90 80 80, the smallest 4-byte"),
    ("u10ffff", "\U0010FFFF", "U+10FFFF: F4 8F BF BF, the largest code point"),
]

# Strings at the bounds, as text: (name, text, comment); all are exactly 1 or 255 UTF-8 bytes.
LEN_OK = [
    ("len-1", "x", "1 byte"),
    ("len-255-ascii", "a" * 255, "255 ASCII bytes"),
    ("len-255-2byte", "a" + "\u00e9" * 127, "255 bytes: 'a' then 127 x U+00E9; the last 2-byte char ends on byte 255"),
    ("len-255-3byte", "\u20ac" * 85, "255 bytes: 85 x U+20AC; the last 3-byte char ends on byte 255"),
    ("len-255-4byte", "abc" + "\U0001F600" * 63, "255 bytes: 'abc' then 63 x U+1F600; the last 4-byte char ends on byte 255"),
]
LEN_256 = [
    ("len-256-ascii", "a" * 256, "256 ASCII bytes"),
    ("len-256-2byte", "\u00e9" * 128, "256 bytes: 128 x U+00E9 (128 characters, 256 bytes)"),
    ("len-256-4byte", "abcd" + "\U0001F600" * 63, "256 bytes: 'abcd' then 63 x U+1F600"),
]
for _n, _t, _c in LEN_OK:
    assert len(_t.encode()) in (1, 255), _n
for _n, _t, _c in LEN_256:
    assert len(_t.encode()) == 256, _n


def sweep(col, full, boundaries, first_len, comment_name):
    """Every prefix of `full` of length first_len..len-1 -> TRUNCATED at the field it ends in.

    boundaries: [(field, start, end)] in wire order, written by hand from the layout."""
    for L in range(first_len, len(full)):
        field, start = next((f, s) for f, s, e in boundaries if e > L)
        col.add("truncated", "%s-len-%d" % (comment_name, L), full[:L], ["Truncated"],
                "the first %d of %d bytes of %s: ends inside %s (starts at %d)"
                % (L, len(full), comment_name, field, start),
                expect=("TRUNCATED", start, field))


# --------------------------------------------------------------------------------------------
# key.json


def build_key():
    c = Collector("key", DECODE_FLAGS)
    R = "registration"
    Lz = "lease"

    # valid
    c.add("valid", "registration-ascii", key_bytes(0, "leader", "member-1"), ["Valid"],
          "registration key: role 'leader', member 'member-1'", record=key_rec(R, "leader", "member-1"))
    c.add("valid", "lease-ascii", key_bytes(1, "leader", ""), ["Valid"],
          "lease key: role 'leader', empty member (00 00)", record=key_rec(Lz, "leader", ""))
    for name, text, com in LEN_OK:
        c.add("valid", "role-" + name, key_bytes(0, text, "m"), ["Valid", "Bounds"],
              "role of " + com, record=key_rec(R, text, "m"))
        c.add("valid", "member-" + name, key_bytes(0, "r", text), ["Valid", "Bounds"],
              "registration key member of " + com, record=key_rec(R, "r", text))
    c.add("valid", "lease-role-len-255", key_bytes(1, "\u20ac" * 85, ""), ["Valid", "Bounds"],
          "lease key, role of 255 bytes (85 x U+20AC)", record=key_rec(Lz, "\u20ac" * 85, ""))
    for name, text, com in MULTIBYTE:
        c.add("valid", "role-" + name, key_bytes(1, text, ""), ["Valid", "Utf8Multibyte"],
              "lease key, role " + com, record=key_rec(Lz, text, ""))
        c.add("valid", "member-" + name, key_bytes(0, "leader", text), ["Valid", "Utf8Multibyte"],
              "registration key, member " + com, record=key_rec(R, "leader", text))
    c.add("valid", "modified-utf8-bmp-identical", key_bytes(0, "caf\u00e9", "\u20ac"),
          ["Valid", "ModifiedUtf8"],
          "writeUTF of BMP text without NUL writes the same bytes as UTF-8: accepted",
          record=key_rec(R, "caf\u00e9", "\u20ac"))

    # version
    for v in (1, -1, I16_MAX, I16_MIN):
        c.add("version", "version-%d" % v, key_bytes(0, "leader", "m", version=v),
              ["Version", "Extreme"] if v != 1 else ["Version"],
              "key version %d (only 0 is supported)" % v, expect=("UNSUPPORTED_VERSION", 0, "key.version"))
    # kind
    for k in (2, -1, I16_MAX, I16_MIN, 256):
        c.add("kind", "kind-%d" % k, key_bytes(k, "leader", "m"),
              ["Kind", "Extreme"] if k in (-1, I16_MAX, I16_MIN) else ["Kind"],
              "key kind %d (only 0 and 1 exist)" % k, expect=("UNKNOWN_KIND", 2, "key.kind"))

    # truncation sweeps, boundaries written from the layout by hand
    full = key_bytes(0, "leader", "m\u00e9")        # 2+2+(2+6)+(2+3) = 17 bytes
    assert len(full) == 17
    sweep(c, full, [("key.version", 0, 2), ("key.kind", 2, 4), ("key.role", 4, 12),
                    ("key.member", 12, 17)], 0, "registration-key")
    full = key_bytes(1, "leader", "")               # 14 bytes
    assert len(full) == 14
    sweep(c, full, [("key.version", 0, 2), ("key.kind", 2, 4), ("key.role", 4, 12),
                    ("key.member", 12, 14)], 0, "lease-key")
    # lying length prefixes
    c.add("truncated", "role-says-300-has-9", struct.pack(">hh", 0, 0) + S(b"abcdefghi", 300),
          ["Truncated"], "role prefix says 300 bytes but only 9 remain", expect=("TRUNCATED", 4, "key.role"))
    c.add("truncated", "role-says-1-has-0", struct.pack(">hhh", 0, 1, 1), ["Truncated"],
          "role prefix says 1 byte, body empty", expect=("TRUNCATED", 4, "key.role"))
    c.add("truncated", "role-says-32767", struct.pack(">hhh", 0, 0, I16_MAX) + b"a" * 10,
          ["Truncated", "Extreme"], "role prefix 32767 (i16 max) with 10 bytes left",
          expect=("TRUNCATED", 4, "key.role"))
    c.add("truncated", "member-says-5-has-4", struct.pack(">hh", 0, 0) + S("ab") + S(b"abcd", 5),
          ["Truncated"], "member prefix says 5, 4 remain", expect=("TRUNCATED", 8, "key.member"))
    c.add("truncated", "lease-member-says-1-has-0", struct.pack(">hh", 0, 1) + S("ab") + struct.pack(">h", 1), ["Truncated"],
          "lease key member prefix says 1 byte, none remain", expect=("TRUNCATED", 8, "key.member"))

    # negative lengths
    for n in (-1, I16_MIN):
        c.add("negative-length", "role-%d" % n, struct.pack(">hhh", 0, 0, n) + b"abc" + S("m"),
              ["NegativeLength"], "role length prefix %d" % n, expect=("NEGATIVE_LENGTH", 4, "key.role"))
        c.add("negative-length", "member-%d" % n, struct.pack(">hh", 0, 0) + S("leader") + struct.pack(">h", n),
              ["NegativeLength"], "registration key member length prefix %d" % n,
              expect=("NEGATIVE_LENGTH", 12, "key.member"))
        c.add("negative-length", "lease-member-%d" % n, struct.pack(">hh", 0, 1) + S("leader") + struct.pack(">h", n),
              ["NegativeLength"], "lease key member length prefix %d" % n,
              expect=("NEGATIVE_LENGTH", 12, "key.member"))

    # bounds
    c.add("bounds", "role-len-0", key_bytes(0, "", "m"), ["Bounds"], "empty role",
          expect=("ROLE_OUT_OF_BOUNDS", 4, "key.role"))
    c.add("bounds", "lease-role-len-0", key_bytes(1, "", ""), ["Bounds"], "lease key with empty role",
          expect=("ROLE_OUT_OF_BOUNDS", 4, "key.role"))
    for name, text, com in LEN_256:
        c.add("bounds", "role-" + name, key_bytes(0, text, "m"), ["Bounds"], "role of " + com,
              expect=("ROLE_OUT_OF_BOUNDS", 4, "key.role"))
        c.add("bounds", "member-" + name, key_bytes(0, "r", text), ["Bounds"],
              "registration key member of " + com, expect=("MEMBER_OUT_OF_BOUNDS", 7, "key.member"))
    c.add("bounds", "member-len-0", key_bytes(0, "leader", ""), ["Bounds"],
          "registration key with empty member", expect=("MEMBER_OUT_OF_BOUNDS", 12, "key.member"))
    # lease key with a member
    for name, text, com in [("len-1", "m", "1 byte"), ("len-255", "a" * 255, "255 bytes"),
                            ("len-256", "a" * 256, "256 bytes (LEASE_KEY_HAS_MEMBER, not a bounds error)"),
                            ("nul", "\u0000", "the single byte 00 (U+0000 is not empty)")]:
        c.add("lease-key-member", name, key_bytes(1, "leader", text), ["LeaseKeyMember"],
              "lease key whose member is " + com, expect=("LEASE_KEY_HAS_MEMBER", 12, "key.member"))

    # ill-formed UTF-8 in role and member
    for name, body, off, com in ILL_FORMED:
        c.add("invalid-utf8", "role-" + name, struct.pack(">hh", 0, 0) + S(body) + S("m"),
              ["IllFormedUtf8"], "role: " + com, expect=("INVALID_UTF8", 6 + off, "key.role"))
        c.add("invalid-utf8", "member-" + name, key_bytes(0, "leader", body),
              ["IllFormedUtf8"], "registration key member: " + com,
              expect=("INVALID_UTF8", 14 + off, "key.member"))
        c.add("invalid-utf8", "lease-member-" + name, key_bytes(1, "leader", body),
              ["IllFormedUtf8", "CheckOrder"],
              "lease key member (UTF-8 is checked before LEASE_KEY_HAS_MEMBER): " + com,
              expect=("INVALID_UTF8", 14 + off, "key.member"))
    for name, body, off, com in MODIFIED_UTF8:
        c.add("modified-utf8", "role-" + name, key_bytes(1, body, ""),
              ["ModifiedUtf8"], "role: " + com, expect=("INVALID_UTF8", 6 + off, "key.role"))
        c.add("modified-utf8", "member-" + name, key_bytes(0, "leader", body),
              ["ModifiedUtf8"], "registration key member: " + com,
              expect=("INVALID_UTF8", 14 + off, "key.member"))

    # trailing bytes
    k = key_bytes(0, "leader", "member-1")
    c.add("trailing", "registration-key-plus-00", k + b"\x00", ["TrailingBytes"],
          "valid registration key and one 00 byte", expect=("TRAILING_BYTES", len(k), "key"))
    k = key_bytes(1, "leader", "")
    c.add("trailing", "lease-key-plus-0000", k + b"\x00\x00", ["TrailingBytes"],
          "valid lease key and 00 00 (a second empty string)", expect=("TRAILING_BYTES", 14, "key"))
    c.add("trailing", "lease-key-plus-string", k + S("x"), ["TrailingBytes"],
          "valid lease key and a whole extra string", expect=("TRAILING_BYTES", 14, "key"))

    # order of checks
    c.add("check-order", "version-then-truncated", struct.pack(">h", 1) + b"\x00", ["CheckOrder", "Version"],
          "version 1 and the kind cut short: the version error comes first",
          expect=("UNSUPPORTED_VERSION", 0, "key.version"))
    c.add("check-order", "version-only", struct.pack(">h", 7), ["CheckOrder", "Version"],
          "version 7 and nothing else: version is checked as soon as it is read",
          expect=("UNSUPPORTED_VERSION", 0, "key.version"))
    c.add("check-order", "version-and-kind", struct.pack(">hh", 1, 9) + S("r") + S("m"), ["CheckOrder", "Version"],
          "version 1 and kind 9", expect=("UNSUPPORTED_VERSION", 0, "key.version"))
    c.add("check-order", "kind-then-truncated", struct.pack(">hh", 0, 5) + b"\x00", ["CheckOrder", "Kind"],
          "kind 5 and the role cut short", expect=("UNKNOWN_KIND", 2, "key.kind"))
    c.add("check-order", "kind-only", struct.pack(">hh", 0, 2), ["CheckOrder", "Kind"],
          "kind 2 and nothing else", expect=("UNKNOWN_KIND", 2, "key.kind"))
    c.add("check-order", "role-too-long-and-truncated", struct.pack(">hhh", 0, 0, 256) + b"a" * 10,
          ["CheckOrder", "Truncated", "Bounds"],
          "role prefix 256 (too long) with 10 bytes left: TRUNCATED, bounds come after the body is read",
          expect=("TRUNCATED", 4, "key.role"))
    c.add("check-order", "role-prefix-half-ff", struct.pack(">hh", 0, 0) + b"\xff", ["CheckOrder", "Truncated"],
          "one byte FF of the role prefix: TRUNCATED (the prefix is not read, so not NEGATIVE_LENGTH)",
          expect=("TRUNCATED", 4, "key.role"))
    c.add("check-order", "role-negative-nothing-after", struct.pack(">hhh", 0, 0, -1), ["CheckOrder", "NegativeLength"],
          "role prefix -1 and no more bytes: NEGATIVE_LENGTH (before any body or member check)",
          expect=("NEGATIVE_LENGTH", 4, "key.role"))
    c.add("check-order", "role-empty-member-missing", struct.pack(">hhh", 0, 0, 0), ["CheckOrder", "Bounds"],
          "empty role and no member: the role's bounds fail before the member is read",
          expect=("ROLE_OUT_OF_BOUNDS", 4, "key.role"))
    c.add("check-order", "role-invalid-utf8-and-256", struct.pack(">hh", 0, 0) + S(b"\xff" + b"a" * 255) + S("m"),
          ["CheckOrder", "IllFormedUtf8", "Bounds"], "role of 256 bytes starting with FF: UTF-8 before bounds",
          expect=("INVALID_UTF8", 6, "key.role"))
    c.add("check-order", "role-invalid-utf8-member-missing", struct.pack(">hh", 0, 0) + S(b"a\xc0\x80"),
          ["CheckOrder", "IllFormedUtf8"], "role 61 C0 80 and no member: INVALID_UTF8 at 7",
          expect=("INVALID_UTF8", 7, "key.role"))
    c.add("check-order", "lease-member-invalid-utf8", key_bytes(1, "leader", b"\xc0\x80"),
          ["CheckOrder", "IllFormedUtf8", "LeaseKeyMember"],
          "lease key member C0 80: INVALID_UTF8, not LEASE_KEY_HAS_MEMBER", expect=("INVALID_UTF8", 14, "key.member"))
    c.add("check-order", "member-empty-then-trailing", key_bytes(0, "leader", "") + b"\x01",
          ["CheckOrder", "Bounds", "TrailingBytes"], "empty registration member then a trailing byte",
          expect=("MEMBER_OUT_OF_BOUNDS", 12, "key.member"))
    c.add("check-order", "lease-member-then-trailing", key_bytes(1, "leader", "x") + b"\x01",
          ["CheckOrder", "LeaseKeyMember", "TrailingBytes"], "lease key member 'x' then a trailing byte",
          expect=("LEASE_KEY_HAS_MEMBER", 12, "key.member"))
    c.add("check-order", "member-truncated-by-body", struct.pack(">hh", 0, 0) + S("leader") + S(b"\xff", 2),
          ["CheckOrder", "Truncated"], "member prefix 2, one byte FF: TRUNCATED before UTF-8 is looked at",
          expect=("TRUNCATED", 12, "key.member"))
    c.add("check-order", "lease-kind-registration-member-length", key_bytes(0, "r", "a" * 256),
          ["CheckOrder", "Bounds"], "a registration key (kind 0) with a 256-byte member: MEMBER_OUT_OF_BOUNDS",
          expect=("MEMBER_OUT_OF_BOUNDS", 7, "key.member"))
    return c


# --------------------------------------------------------------------------------------------
# registration.json


def build_registration():
    c = Collector("registration", DECODE_FLAGS)
    c.add("tombstone", "absent", None, ["Tombstone"], "absent value (null): tombstone", tombstone=True)
    c.add("tombstone", "empty", b"", ["Tombstone"], "zero-length value: tombstone", tombstone=True)

    c.add("valid", "ascii", reg_bytes("member-1", 1700000000000), ["Valid"],
          "member 'member-1', registered_at 1700000000000", record=reg_rec("member-1", 1700000000000))
    for ts in (0, 1, -1, I64_MAX, I64_MIN):
        c.add("valid", "registered-at-%d" % ts, reg_bytes("m", ts), ["Valid", "Extreme"],
              "registered_at %d" % ts, record=reg_rec("m", ts))
    for name, text, com in LEN_OK:
        c.add("valid", "member-" + name, reg_bytes(text, 42), ["Valid", "Bounds"], "member of " + com,
              record=reg_rec(text, 42))
    for name, text, com in MULTIBYTE:
        c.add("valid", "member-" + name, reg_bytes(text, 5), ["Valid", "Utf8Multibyte"], "member " + com,
              record=reg_rec(text, 5))

    for v in (1, -1, I16_MAX, I16_MIN):
        c.add("version", "version-%d" % v, reg_bytes("m", 0, version=v),
              ["Version", "Extreme"] if v != 1 else ["Version"],
              "registration version %d" % v, expect=("UNSUPPORTED_VERSION", 0, "registration.version"))

    full = reg_bytes("m\u00e9", 7)       # 2 + (2+3) + 8 = 15
    assert len(full) == 15
    sweep(c, full, [("registration.version", 0, 2), ("registration.member", 2, 7),
                    ("registration.registered_at", 7, 15)], 1, "registration")
    c.add("truncated", "member-says-300-has-9", struct.pack(">h", 0) + S(b"abcdefghi", 300), ["Truncated"],
          "member prefix says 300 bytes but only 9 remain", expect=("TRUNCATED", 2, "registration.member"))
    c.add("truncated", "member-says-32767", struct.pack(">hh", 0, I16_MAX) + b"x" * 20, ["Truncated", "Extreme"],
          "member prefix 32767 with 20 bytes left", expect=("TRUNCATED", 2, "registration.member"))

    for n in (-1, I16_MIN):
        c.add("negative-length", "member-%d" % n, struct.pack(">hh", 0, n) + b"m" + b"\x00" * 8,
              ["NegativeLength"], "member length prefix %d" % n,
              expect=("NEGATIVE_LENGTH", 2, "registration.member"))

    c.add("bounds", "member-len-0", reg_bytes("", 1), ["Bounds"], "empty member",
          expect=("MEMBER_OUT_OF_BOUNDS", 2, "registration.member"))
    for name, text, com in LEN_256:
        c.add("bounds", "member-" + name, reg_bytes(text, 1), ["Bounds"], "member of " + com,
              expect=("MEMBER_OUT_OF_BOUNDS", 2, "registration.member"))

    for name, body, off, com in ILL_FORMED:
        c.add("invalid-utf8", "member-" + name, reg_bytes(body, 1), ["IllFormedUtf8"], "member: " + com,
              expect=("INVALID_UTF8", 4 + off, "registration.member"))
    for name, body, off, com in MODIFIED_UTF8:
        c.add("modified-utf8", "member-" + name, reg_bytes(body, 1), ["ModifiedUtf8"], "member: " + com,
              expect=("INVALID_UTF8", 4 + off, "registration.member"))

    r = reg_bytes("member-1", 1)
    c.add("trailing", "plus-00", r + b"\x00", ["TrailingBytes"], "valid registration and one 00 byte",
          expect=("TRAILING_BYTES", len(r), "registration"))
    c.add("trailing", "plus-i64", r + struct.pack(">q", 1), ["TrailingBytes"],
          "valid registration and a second i64", expect=("TRAILING_BYTES", len(r), "registration"))
    c.add("trailing", "lease-under-registration", lease_bytes("m", 1, 1, 1, 1), ["TrailingBytes"],
          "a lease value decoded as a registration: member 'm', registered_at = producer_id, then 18 bytes left",
          expect=("TRAILING_BYTES", 13, "registration"))

    c.add("check-order", "version-then-truncated", struct.pack(">h", 1), ["CheckOrder", "Version"],
          "version 1 and nothing else", expect=("UNSUPPORTED_VERSION", 0, "registration.version"))
    c.add("check-order", "one-byte", b"\x00", ["CheckOrder", "Truncated"],
          "a single 00 byte: not a tombstone (length 1), version cut short",
          expect=("TRUNCATED", 0, "registration.version"))
    c.add("check-order", "member-too-long-and-truncated", struct.pack(">hh", 0, 256) + b"a" * 100,
          ["CheckOrder", "Truncated", "Bounds"], "member prefix 256 with 100 bytes left: TRUNCATED",
          expect=("TRUNCATED", 2, "registration.member"))
    c.add("check-order", "prefix-half-80", struct.pack(">h", 0) + b"\x80", ["CheckOrder", "Truncated"],
          "one byte 80 of the member prefix: TRUNCATED, not NEGATIVE_LENGTH",
          expect=("TRUNCATED", 2, "registration.member"))
    c.add("check-order", "negative-nothing-after", struct.pack(">hh", 0, -2), ["CheckOrder", "NegativeLength"],
          "member prefix -2 and nothing after", expect=("NEGATIVE_LENGTH", 2, "registration.member"))
    c.add("check-order", "member-empty-timestamp-missing", struct.pack(">hh", 0, 0), ["CheckOrder", "Bounds"],
          "empty member and no timestamp: bounds fail before registered_at is read",
          expect=("MEMBER_OUT_OF_BOUNDS", 2, "registration.member"))
    c.add("check-order", "invalid-utf8-timestamp-missing", struct.pack(">h", 0) + S(b"\xed\xa0\x80"),
          ["CheckOrder", "IllFormedUtf8"], "member ED A0 80 and no timestamp",
          expect=("INVALID_UTF8", 4, "registration.member"))
    c.add("check-order", "invalid-utf8-and-256", reg_bytes(b"a" * 255 + b"\x80", 1),
          ["CheckOrder", "IllFormedUtf8", "Bounds"], "256-byte member whose last byte is a stray 80",
          expect=("INVALID_UTF8", 4 + 255, "registration.member"))
    return c


# --------------------------------------------------------------------------------------------
# lease.json


def build_lease():
    c = Collector("lease", DECODE_FLAGS)
    c.add("tombstone", "absent", None, ["Tombstone"], "absent value (null): tombstone", tombstone=True)
    c.add("tombstone", "empty", b"", ["Tombstone"], "zero-length value: tombstone", tombstone=True)

    c.add("valid", "ascii", lease_bytes("member-1", 4000, 3, 1700000000000, 1700000030000), ["Valid"],
          "a typical lease", record=lease_rec("member-1", 4000, 3, 1700000000000, 1700000030000))
    c.add("valid", "zeros", lease_bytes("a", 0, 0, 0, 0), ["Valid", "Extreme"], "producer 0, epoch 0, times 0",
          record=lease_rec("a", 0, 0, 0, 0))
    c.add("valid", "ones", lease_bytes("a", 1, 1, 1, 1), ["Valid", "Extreme"], "producer 1, epoch 1, times 1",
          record=lease_rec("a", 1, 1, 1, 1))
    c.add("valid", "producer-id-max", lease_bytes("a", I64_MAX, 0, 0, 0), ["Valid", "Extreme"],
          "producer_id i64 max", record=lease_rec("a", I64_MAX, 0, 0, 0))
    c.add("valid", "producer-epoch-max", lease_bytes("a", 0, I16_MAX, 0, 0), ["Valid", "Extreme"],
          "producer_epoch i16 max 32767", record=lease_rec("a", 0, I16_MAX, 0, 0))
    c.add("valid", "times-min-max", lease_bytes("a", 1, 1, I64_MIN, I64_MAX), ["Valid", "Extreme"],
          "granted_at i64 min, deadline i64 max", record=lease_rec("a", 1, 1, I64_MIN, I64_MAX))
    c.add("valid", "times-max-min", lease_bytes("a", 1, 1, I64_MAX, I64_MIN), ["Valid", "Extreme"],
          "granted_at i64 max, deadline i64 min: deadline before granted_at is legal (inspect warns)",
          record=lease_rec("a", 1, 1, I64_MAX, I64_MIN))
    c.add("valid", "times-negative-one", lease_bytes("a", 1, 1, -1, -1), ["Valid", "Extreme"],
          "granted_at and deadline -1", record=lease_rec("a", 1, 1, -1, -1))
    c.add("valid", "deadline-before-granted", lease_bytes("m", 9, 2, 2000, 1000), ["Valid"],
          "deadline 1000 < granted_at 2000: not a decode error", record=lease_rec("m", 9, 2, 2000, 1000))
    c.add("valid", "all-max", lease_bytes("\U0010FFFF", I64_MAX, I16_MAX, I64_MAX, I64_MAX), ["Valid", "Extreme"],
          "every number at its maximum, member U+10FFFF",
          record=lease_rec("\U0010FFFF", I64_MAX, I16_MAX, I64_MAX, I64_MAX))
    for name, text, com in LEN_OK:
        c.add("valid", "member-" + name, lease_bytes(text, 1, 1, 1, 2), ["Valid", "Bounds"], "member of " + com,
              record=lease_rec(text, 1, 1, 1, 2))
    for name, text, com in MULTIBYTE:
        c.add("valid", "member-" + name, lease_bytes(text, 1, 1, 1, 2), ["Valid", "Utf8Multibyte"],
              "member " + com, record=lease_rec(text, 1, 1, 1, 2))

    for v in (1, -1, I16_MAX, I16_MIN):
        c.add("version", "version-%d" % v, lease_bytes("m", 1, 1, 1, 1, version=v),
              ["Version", "Extreme"] if v != 1 else ["Version"],
              "lease version %d" % v, expect=("UNSUPPORTED_VERSION", 0, "lease.version"))

    full = lease_bytes("m\u00e9", 1, 2, 3, 4)   # 2 + 5 + 8 + 2 + 8 + 8 = 33
    assert len(full) == 33
    sweep(c, full, [("lease.version", 0, 2), ("lease.member", 2, 7), ("lease.producer_id", 7, 15),
                    ("lease.producer_epoch", 15, 17), ("lease.granted_at", 17, 25),
                    ("lease.deadline", 25, 33)], 1, "lease")
    c.add("truncated", "member-says-300-has-9", struct.pack(">h", 0) + S(b"abcdefghi", 300), ["Truncated"],
          "member prefix says 300 bytes but only 9 remain", expect=("TRUNCATED", 2, "lease.member"))

    for n in (-1, I16_MIN):
        c.add("negative-length", "member-%d" % n, struct.pack(">hh", 0, n) + b"\x00" * 26,
              ["NegativeLength"], "member length prefix %d" % n, expect=("NEGATIVE_LENGTH", 2, "lease.member"))

    c.add("bounds", "member-len-0", lease_bytes("", 1, 1, 1, 1), ["Bounds"], "empty member",
          expect=("MEMBER_OUT_OF_BOUNDS", 2, "lease.member"))
    for name, text, com in LEN_256:
        c.add("bounds", "member-" + name, lease_bytes(text, 1, 1, 1, 1), ["Bounds"], "member of " + com,
              expect=("MEMBER_OUT_OF_BOUNDS", 2, "lease.member"))

    for name, body, off, com in ILL_FORMED:
        c.add("invalid-utf8", "member-" + name, lease_bytes(body, 1, 1, 1, 1), ["IllFormedUtf8"],
              "member: " + com, expect=("INVALID_UTF8", 4 + off, "lease.member"))
    for name, body, off, com in MODIFIED_UTF8:
        c.add("modified-utf8", "member-" + name, lease_bytes(body, 1, 1, 1, 1), ["ModifiedUtf8"],
              "member: " + com, expect=("INVALID_UTF8", 4 + off, "lease.member"))

    for pid in (-1, I64_MIN):
        c.add("negative", "producer-id-%d" % pid, lease_bytes("m", pid, 1, 1, 1), ["Negative", "Extreme"],
              "producer_id %d" % pid, expect=("NEGATIVE_PRODUCER_ID", 5, "lease.producer_id"))
    for ep in (-1, I16_MIN):
        c.add("negative", "producer-epoch-%d" % ep, lease_bytes("m", 1, ep, 1, 1), ["Negative", "Extreme"],
              "producer_epoch %d" % ep, expect=("NEGATIVE_PRODUCER_EPOCH", 13, "lease.producer_epoch"))
    c.add("negative", "producer-epoch-minus-1-long-member", lease_bytes("member-1", 1, -1, 1, 1), ["Negative"],
          "producer_epoch -1 after an 8-byte member", expect=("NEGATIVE_PRODUCER_EPOCH", 20, "lease.producer_epoch"))

    r = lease_bytes("member-1", 1, 1, 1, 1)
    c.add("trailing", "plus-00", r + b"\x00", ["TrailingBytes"], "valid lease and one 00 byte",
          expect=("TRAILING_BYTES", len(r), "lease"))
    c.add("trailing", "plus-8", r + b"\xff" * 8, ["TrailingBytes"], "valid lease and eight FF bytes",
          expect=("TRAILING_BYTES", len(r), "lease"))

    c.add("check-order", "version-then-truncated", struct.pack(">h", -1) + b"\x00\x01", ["CheckOrder", "Version"],
          "version -1 and the member cut short", expect=("UNSUPPORTED_VERSION", 0, "lease.version"))
    c.add("check-order", "negative-id-then-truncated", struct.pack(">h", 0) + S("m") + struct.pack(">q", -5) + b"\x00",
          ["CheckOrder", "Negative"], "producer_id -5 and the epoch cut short: the id is checked as it is read",
          expect=("NEGATIVE_PRODUCER_ID", 5, "lease.producer_id"))
    c.add("check-order", "negative-id-and-epoch", lease_bytes("m", -1, -1, 1, 1), ["CheckOrder", "Negative"],
          "producer_id -1 and producer_epoch -1", expect=("NEGATIVE_PRODUCER_ID", 5, "lease.producer_id"))
    c.add("check-order", "negative-epoch-then-truncated",
          struct.pack(">h", 0) + S("m") + struct.pack(">qh", 1, -1) + b"\x00\x00\x00",
          ["CheckOrder", "Negative"], "producer_epoch -1 and granted_at cut short",
          expect=("NEGATIVE_PRODUCER_EPOCH", 13, "lease.producer_epoch"))
    c.add("check-order", "member-empty-and-negative-id", lease_bytes("", -1, 1, 1, 1), ["CheckOrder", "Bounds"],
          "empty member and producer_id -1", expect=("MEMBER_OUT_OF_BOUNDS", 2, "lease.member"))
    c.add("check-order", "member-too-long-and-truncated", struct.pack(">hh", 0, 256) + b"a" * 20,
          ["CheckOrder", "Truncated", "Bounds"], "member prefix 256 with 20 bytes left: TRUNCATED",
          expect=("TRUNCATED", 2, "lease.member"))
    c.add("check-order", "prefix-half-ff", struct.pack(">h", 0) + b"\xff", ["CheckOrder", "Truncated"],
          "one byte FF of the member prefix: TRUNCATED, not NEGATIVE_LENGTH",
          expect=("TRUNCATED", 2, "lease.member"))
    c.add("check-order", "invalid-utf8-and-negative-id", lease_bytes(b"\xf4\x90\x80\x80", -1, -1, 1, 1),
          ["CheckOrder", "IllFormedUtf8"], "member F4 90 80 80 and negative producer: INVALID_UTF8",
          expect=("INVALID_UTF8", 4, "lease.member"))
    c.add("check-order", "registration-under-lease", reg_bytes("m", 1), ["CheckOrder", "Truncated"],
          "a registration value decoded as a lease: producer_id = registered_at, epoch missing",
          expect=("TRUNCATED", 13, "lease.producer_epoch"))
    return c


# --------------------------------------------------------------------------------------------
# encode.json


class EncodeCollector:
    def __init__(self):
        self.vectors = []

    def add(self, group, name, target, record, flags, comment, hex_=None, error=None):
        vid = "encode/%s/%s" % (group, name)
        got = encode_record(target, record)
        if error is not None:
            want = OrderedDict([("error", OrderedDict([("code", error[0]), ("offset", error[1]),
                                                       ("field", error[2])]))])
        else:
            want = OrderedDict([("hex", hex_)])
        if json.dumps(got) != json.dumps(want):
            raise AssertionError("%s: hand-written %s but the reference encoder says %s"
                                 % (vid, json.dumps(want), json.dumps(got)))
        if "hex" in want:
            dec = reference_decode(target, bytes.fromhex(want["hex"]))
            expect_rec = OrderedDict((k, (string_bytes(v).decode() if isinstance(v, dict) else v))
                                     for k, v in record.items())
            if json.dumps(dec) != json.dumps({"record": expect_rec}):
                raise AssertionError("%s: decodes back to %s" % (vid, json.dumps(dec)))
        for f in flags:
            assert f in ENCODE_FLAGS, (vid, f)
        raw = any(isinstance(v, dict) for v in record.values())
        assert raw == ("RawBytesString" in flags), vid
        self.vectors.append(OrderedDict([
            ("id", vid), ("comment", comment), ("flags", list(flags)), ("record_target", target),
            ("record", record), ("expect", want)]))


def H(*parts):
    return b"".join(parts).hex()


def build_encode():
    e = EncodeCollector()
    # valid: hex written from the layout with struct (independently of encode_record)
    e.add("valid", "key-registration", "key", key_rec("registration", "leader", "member-1"), ["Valid"],
          "registration key", hex_=H(b"\x00\x00\x00\x00", S("leader"), S("member-1")))
    e.add("valid", "key-lease", "key", key_rec("lease", "leader", ""), ["Valid"],
          "lease key writes the empty member 00 00", hex_=H(b"\x00\x00\x00\x01", S("leader"), b"\x00\x00"))
    e.add("valid", "key-role-255-4byte", "key", key_rec("registration", LEN_OK[4][1], "m"), ["Valid", "Bounds"],
          "role of 255 bytes ending in a 4-byte char", hex_=H(b"\x00\x00\x00\x00", S(LEN_OK[4][1]), S("m")))
    e.add("valid", "key-member-255-2byte", "key", key_rec("registration", "r", LEN_OK[2][1]), ["Valid", "Bounds"],
          "member of 255 bytes ending in a 2-byte char", hex_=H(b"\x00\x00\x00\x00", S("r"), S(LEN_OK[2][1])))
    e.add("valid", "key-role-1", "key", key_rec("lease", "r", ""), ["Valid", "Bounds"],
          "role of 1 byte", hex_=H(b"\x00\x00\x00\x01", S("r"), b"\x00\x00"))
    e.add("valid", "key-multibyte", "key", key_rec("registration", "r\u00e9\u20ac\U0001F600", "\u0000"),
          ["Valid", "Utf8Multibyte"], "2-, 3-, 4-byte role; member U+0000 (written as 00)",
          hex_=H(b"\x00\x00\x00\x00", b"\x00\x0a", b"r\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", b"\x00\x01\x00"))
    e.add("valid", "registration-ascii", "registration", reg_rec("member-1", 1700000000000), ["Valid"],
          "registration", hex_=H(b"\x00\x00", S("member-1"), struct.pack(">q", 1700000000000)))
    e.add("valid", "registration-min", "registration", reg_rec("m", I64_MIN), ["Valid", "Extreme"],
          "registered_at i64 min", hex_=H(b"\x00\x00\x00\x01m", b"\x80" + b"\x00" * 7))
    e.add("valid", "registration-max", "registration", reg_rec("\U0010FFFF", I64_MAX), ["Valid", "Extreme", "Utf8Multibyte"],
          "registered_at i64 max, member U+10FFFF", hex_=H(b"\x00\x00\x00\x04\xf4\x8f\xbf\xbf", b"\x7f" + b"\xff" * 7))
    e.add("valid", "registration-member-255", "registration", reg_rec("\u20ac" * 85, -1), ["Valid", "Bounds", "Extreme"],
          "member of 255 bytes (85 x U+20AC), registered_at -1",
          hex_=H(b"\x00\x00\x00\xff", b"\xe2\x82\xac" * 85, b"\xff" * 8))
    e.add("valid", "lease-typical", "lease", lease_rec("member-1", 4000, 3, 1700000000000, 1700000030000), ["Valid"],
          "a typical lease", hex_=H(b"\x00\x00", S("member-1"), struct.pack(">qhqq", 4000, 3, 1700000000000, 1700000030000)))
    e.add("valid", "lease-extremes", "lease", lease_rec("a", I64_MAX, I16_MAX, I64_MIN, I64_MAX), ["Valid", "Extreme"],
          "producer_id max, epoch 32767, granted_at min, deadline max",
          hex_=H(b"\x00\x00\x00\x01a", b"\x7f" + b"\xff" * 7, b"\x7f\xff", b"\x80" + b"\x00" * 7, b"\x7f" + b"\xff" * 7))
    e.add("valid", "lease-zeros", "lease", lease_rec("a", 0, 0, 0, 0), ["Valid", "Extreme"],
          "producer 0, epoch 0, times 0", hex_=H(b"\x00\x00\x00\x01a", b"\x00" * 26))
    e.add("valid", "lease-deadline-before-granted", "lease", lease_rec("m", 1, 1, 10, 5), ["Valid"],
          "deadline before granted_at encodes", hex_=H(b"\x00\x00", S("m"), struct.pack(">qhqq", 1, 1, 10, 5)))
    e.add("valid", "raw-bytes-valid-utf8", "key",
          key_rec("registration", {"utf8_hex": "c3a9"}, "m"), ["Valid", "RawBytesString"],
          "role given as raw bytes C3 A9 (valid UTF-8, U+00E9): encoded as is",
          hex_=H(b"\x00\x00\x00\x00\x00\x02\xc3\xa9", S("m")))

    # refusals
    e.add("refuse", "key-role-len-0", "key", key_rec("registration", "", "m"), ["Refusal", "Bounds"],
          "empty role", error=("ROLE_OUT_OF_BOUNDS", 4, "key.role"))
    e.add("refuse", "key-lease-role-len-0", "key", key_rec("lease", "", ""), ["Refusal", "Bounds"],
          "lease key with empty role", error=("ROLE_OUT_OF_BOUNDS", 4, "key.role"))
    e.add("refuse", "key-role-len-256", "key", key_rec("registration", "a" * 256, "m"), ["Refusal", "Bounds"],
          "role of 256 bytes", error=("ROLE_OUT_OF_BOUNDS", 4, "key.role"))
    e.add("refuse", "key-role-len-256-2byte", "key", key_rec("lease", "\u00e9" * 128, ""), ["Refusal", "Bounds"],
          "role of 128 characters, 256 bytes", error=("ROLE_OUT_OF_BOUNDS", 4, "key.role"))
    e.add("refuse", "key-member-len-0", "key", key_rec("registration", "leader", ""), ["Refusal", "Bounds"],
          "registration key with empty member", error=("MEMBER_OUT_OF_BOUNDS", 12, "key.member"))
    e.add("refuse", "key-member-len-256", "key", key_rec("registration", "r", "a" * 256), ["Refusal", "Bounds"],
          "registration key member of 256 bytes", error=("MEMBER_OUT_OF_BOUNDS", 7, "key.member"))
    e.add("refuse", "key-lease-with-member", "key", key_rec("lease", "leader", "x"), ["Refusal", "LeaseKeyMember"],
          "lease key given member 'x': refused so decode(encode(k)) == k", error=("LEASE_KEY_HAS_MEMBER", 12, "key.member"))
    e.add("refuse", "key-lease-with-member-nul", "key", key_rec("lease", "r", "\u0000"), ["Refusal", "LeaseKeyMember"],
          "lease key given member U+0000 (one byte, not empty)", error=("LEASE_KEY_HAS_MEMBER", 7, "key.member"))
    e.add("refuse", "key-lease-with-member-256", "key", key_rec("lease", "r", "a" * 256), ["Refusal", "LeaseKeyMember"],
          "lease key given a 256-byte member: LEASE_KEY_HAS_MEMBER", error=("LEASE_KEY_HAS_MEMBER", 7, "key.member"))
    e.add("refuse", "registration-member-len-0", "registration", reg_rec("", 1), ["Refusal", "Bounds"],
          "empty member", error=("MEMBER_OUT_OF_BOUNDS", 2, "registration.member"))
    e.add("refuse", "registration-member-len-256", "registration", reg_rec("abcd" + "\U0001F600" * 63, 1),
          ["Refusal", "Bounds"], "member of 256 bytes", error=("MEMBER_OUT_OF_BOUNDS", 2, "registration.member"))
    e.add("refuse", "lease-member-len-0", "lease", lease_rec("", 1, 1, 1, 1), ["Refusal", "Bounds"],
          "empty member", error=("MEMBER_OUT_OF_BOUNDS", 2, "lease.member"))
    e.add("refuse", "lease-member-len-256", "lease", lease_rec("a" * 256, 1, 1, 1, 1), ["Refusal", "Bounds"],
          "member of 256 bytes", error=("MEMBER_OUT_OF_BOUNDS", 2, "lease.member"))
    e.add("refuse", "lease-producer-id-minus-1", "lease", lease_rec("m", -1, 1, 1, 1), ["Refusal", "Negative"],
          "producer_id -1", error=("NEGATIVE_PRODUCER_ID", 5, "lease.producer_id"))
    e.add("refuse", "lease-producer-id-min", "lease", lease_rec("member-1", I64_MIN, 1, 1, 1),
          ["Refusal", "Negative", "Extreme"], "producer_id i64 min after an 8-byte member",
          error=("NEGATIVE_PRODUCER_ID", 12, "lease.producer_id"))
    e.add("refuse", "lease-producer-epoch-minus-1", "lease", lease_rec("m", 1, -1, 1, 1), ["Refusal", "Negative"],
          "producer_epoch -1", error=("NEGATIVE_PRODUCER_EPOCH", 13, "lease.producer_epoch"))
    e.add("refuse", "lease-producer-epoch-min", "lease", lease_rec("m", 1, I16_MIN, 1, 1),
          ["Refusal", "Negative", "Extreme"], "producer_epoch -32768",
          error=("NEGATIVE_PRODUCER_EPOCH", 13, "lease.producer_epoch"))
    # invalid UTF-8 given as raw bytes
    raw = [("key", "role", "c080", 6, "key.role", "registration"),
           ("key", "role", "61c080", 7, "key.role", "lease"),
           ("key", "role", "eda0bdedb880", 6, "key.role", "registration"),
           ("key", "member", "6162ff", 16, "key.member", "registration"),
           ("key", "member", "c080", 14, "key.member", "lease"),
           ("registration", "member", "eda080", 4, "registration.member", None),
           ("registration", "member", "61e282", 5, "registration.member", None),
           ("lease", "member", "f4908080", 4, "lease.member", None),
           ("lease", "member", "6180", 5, "lease.member", None)]
    comments = {"c080": "C0 80 (overlong NUL, Java modified UTF-8)", "61c080": "61 C0 80",
                "eda0bdedb880": "ED A0 BD ED B8 80 (CESU-8 U+1F600)", "6162ff": "61 62 FF",
                "eda080": "ED A0 80 (surrogate)", "61e282": "61 E2 82 (cut short at the end)",
                "f4908080": "F4 90 80 80 (above U+10FFFF)", "6180": "61 80 (stray continuation)"}
    for target, fld, hx, off, path, kind in raw:
        if target == "key":
            role = {"utf8_hex": hx} if fld == "role" else "leader"
            member = {"utf8_hex": hx} if fld == "member" else ("m" if kind == "registration" else "")
            rec = key_rec(kind, role, member)
            name = "key-%s-%s-%s" % (kind, fld, hx)
        elif target == "registration":
            rec = reg_rec({"utf8_hex": hx}, 1)
            name = "registration-member-" + hx
        else:
            rec = lease_rec({"utf8_hex": hx}, 1, 1, 1, 1)
            name = "lease-member-" + hx
        flags = ["Refusal", "IllFormedUtf8", "RawBytesString"]
        if hx in ("c080", "61c080", "eda0bdedb880"):
            flags.append("ModifiedUtf8")
        if target == "key" and kind == "lease" and fld == "member":
            flags.append("CheckOrder")
        e.add("refuse", name, target, rec, flags,
              "%s %s holds %s: INVALID_UTF8 at the bad byte's position in the output"
              % (target, fld, comments[hx]) + ("; UTF-8 is checked before LEASE_KEY_HAS_MEMBER"
                                              if "CheckOrder" in flags else ""),
              error=("INVALID_UTF8", off, path))
    # order
    e.add("refuse", "order-role-utf8-before-member", "key",
          key_rec("registration", {"utf8_hex": "ff"}, ""), ["Refusal", "CheckOrder", "IllFormedUtf8", "RawBytesString"],
          "role FF and empty member: the role's error", error=("INVALID_UTF8", 6, "key.role"))
    e.add("refuse", "order-role-empty-before-member", "key", key_rec("registration", "", ""),
          ["Refusal", "CheckOrder", "Bounds"], "empty role and empty member: the role's error",
          error=("ROLE_OUT_OF_BOUNDS", 4, "key.role"))
    e.add("refuse", "order-role-256-invalid-utf8", "key",
          key_rec("registration", {"utf8_hex": "61" * 255 + "80"}, "m"),
          ["Refusal", "CheckOrder", "IllFormedUtf8", "RawBytesString", "Bounds"],
          "256-byte role ending in a stray 80: UTF-8 before bounds", error=("INVALID_UTF8", 261, "key.role"))
    e.add("refuse", "order-member-before-producer", "lease", lease_rec("", -1, -1, 1, 1),
          ["Refusal", "CheckOrder", "Bounds"], "empty member, negative id and epoch: the member's error",
          error=("MEMBER_OUT_OF_BOUNDS", 2, "lease.member"))
    e.add("refuse", "order-id-before-epoch", "lease", lease_rec("ab", -1, -1, 1, 1),
          ["Refusal", "CheckOrder", "Negative"], "negative id and epoch: the id's error",
          error=("NEGATIVE_PRODUCER_ID", 6, "lease.producer_id"))
    return e


# --------------------------------------------------------------------------------------------
# Schema (also generated, so it cannot drift from the flags and codes above)


def schema():
    i64 = {"type": "string", "pattern": "^-?(0|[1-9][0-9]*)$"}
    u64 = {"type": "string", "pattern": "^(0|[1-9][0-9]*)$"}
    raw = {"type": "object", "required": ["utf8_hex"], "additionalProperties": False,
           "properties": {"utf8_hex": {"type": "string", "pattern": "^([0-9a-f]{2})*$"}}}

    def key_record(s):
        return {"type": "object", "additionalProperties": False,
                "required": ["version", "kind", "role", "member"],
                "properties": {"version": {"const": 0}, "kind": {"enum": ["registration", "lease"]},
                               "role": s, "member": s}}

    def reg_record(s):
        return {"type": "object", "additionalProperties": False,
                "required": ["version", "member", "registered_at"],
                "properties": {"version": {"const": 0}, "member": s, "registered_at": i64}}

    def lease_record(s, pid, epoch_min):
        return {"type": "object", "additionalProperties": False,
                "required": ["version", "member", "producer_id", "producer_epoch", "granted_at", "deadline"],
                "properties": {"version": {"const": 0}, "member": s, "producer_id": pid,
                               "producer_epoch": {"type": "integer", "minimum": epoch_min, "maximum": I16_MAX},
                               "granted_at": i64, "deadline": i64}}

    error = {"type": "object", "additionalProperties": False, "required": ["code", "offset", "field"],
             "properties": {"code": {"enum": CODES}, "offset": {"type": "integer", "minimum": 0},
                            "field": {"enum": FIELDS}}}
    hexs = {"type": "string", "pattern": "^([0-9a-f]{2})*$"}
    flags_map = {"type": "object", "minProperties": 1,
                 "propertyNames": {"pattern": "^[A-Z][A-Za-z0-9]*$"},
                 "additionalProperties": {"type": "string", "minLength": 1}}
    flags_list = {"type": "array", "minItems": 1, "uniqueItems": True,
                  "items": {"type": "string", "pattern": "^[A-Z][A-Za-z0-9]*$"}}

    def decode_file(target, record, value):
        expect = [{"type": "object", "additionalProperties": False, "required": ["record"],
                   "properties": {"record": {"$ref": "#/$defs/" + record}}},
                  {"type": "object", "additionalProperties": False, "required": ["error"],
                   "properties": {"error": {"$ref": "#/$defs/error"}}}]
        if value:
            expect.append({"type": "object", "additionalProperties": False, "required": ["tombstone"],
                           "properties": {"tombstone": {"const": True}}})
        return {"type": "object", "additionalProperties": False,
                "required": ["format", "target", "comment", "flags", "vectors"],
                "properties": {
                    "format": {"const": FORMAT}, "target": {"const": target},
                    "comment": {"type": "string"}, "flags": {"$ref": "#/$defs/flagsMap"},
                    "vectors": {"type": "array", "minItems": 1, "items": {
                        "type": "object", "additionalProperties": False,
                        "required": ["id", "comment", "flags", "hex", "expect"],
                        "properties": {
                            "id": {"type": "string", "pattern": "^%s/[a-z0-9-]+/[a-z0-9-]+$" % target},
                            "comment": {"type": "string", "minLength": 1},
                            "flags": {"$ref": "#/$defs/flagsList"},
                            "hex": ({"oneOf": [{"$ref": "#/$defs/hex"}, {"type": "null"}]} if value
                                    else {"$ref": "#/$defs/hex"}),
                            "expect": {"oneOf": expect}}}}}}

    enc_variant = []
    for t, rec in (("key", "encodeKeyRecord"), ("registration", "encodeRegistrationRecord"),
                   ("lease", "encodeLeaseRecord")):
        enc_variant.append({"properties": {"record_target": {"const": t},
                                           "record": {"$ref": "#/$defs/" + rec}}})
    encode_file = {
        "type": "object", "additionalProperties": False,
        "required": ["format", "target", "comment", "flags", "vectors"],
        "properties": {
            "format": {"const": FORMAT}, "target": {"const": "encode"},
            "comment": {"type": "string"}, "flags": {"$ref": "#/$defs/flagsMap"},
            "vectors": {"type": "array", "minItems": 1, "items": {
                "type": "object", "additionalProperties": False,
                "required": ["id", "comment", "flags", "record_target", "record", "expect"],
                "properties": {
                    "id": {"type": "string", "pattern": "^encode/[a-z0-9-]+/[a-z0-9-]+$"},
                    "comment": {"type": "string", "minLength": 1},
                    "flags": {"$ref": "#/$defs/flagsList"},
                    "record_target": {"enum": ["key", "registration", "lease"]},
                    "record": {"type": "object"},
                    "expect": {"oneOf": [
                        {"type": "object", "additionalProperties": False, "required": ["hex"],
                         "properties": {"hex": {"$ref": "#/$defs/hex"}}},
                        {"type": "object", "additionalProperties": False, "required": ["error"],
                         "properties": {"error": {"$ref": "#/$defs/error"}}}]}},
                "oneOf": enc_variant}}}}

    sval = {"type": "string"}
    sraw = {"oneOf": [{"type": "string"}, {"$ref": "#/$defs/rawString"}]}
    return OrderedDict([
        ("$schema", "https://json-schema.org/draft/2020-12/schema"),
        ("$id", "https://coordination-viewer.invalid/golden/schema.json"),
        ("title", "coordination-viewer golden vectors (%s)" % FORMAT),
        ("description", "One schema for golden/key.json, registration.json, lease.json and encode.json "
                        "(coordination-golden/1) and golden/subscription.json, assignment.json "
                        "(streams-golden/1, from golden/generate_streams.py), golden/consumer-protocol.json, "
                        "group-records.json (groups-golden/3, from golden/generate_groups.py), transaction-log.json "
                        "(transaction-log-golden/2, from golden/generate_transaction_log.py), share-state.json "
                        "(share-state-golden/2, from golden/generate_share_state.py), cluster-metadata.json "
                        "(cluster-metadata-golden/2, from golden/generate_cluster_metadata.py); the file's target "
                        "selects the branch. Generated by golden/generate.py."),
        ("oneOf", [{"$ref": "#/$defs/keyFile"}, {"$ref": "#/$defs/registrationFile"},
                   {"$ref": "#/$defs/leaseFile"}, {"$ref": "#/$defs/encodeFile"},
                   {"$ref": "#/$defs/subscriptionFile"}, {"$ref": "#/$defs/assignmentFile"},
                   {"$ref": "#/$defs/consumerProtocolFile"}, {"$ref": "#/$defs/groupRecordsFile"},
                   {"$ref": "#/$defs/transactionLogFile"}, {"$ref": "#/$defs/shareStateFile"},
                   {"$ref": "#/$defs/clusterMetadataFile"}]),
        ("$defs", OrderedDict([
            ("hex", hexs), ("i64", i64), ("flagsMap", flags_map), ("flagsList", flags_list),
            ("error", error), ("rawString", raw),
            ("keyRecord", key_record(sval)), ("registrationRecord", reg_record(sval)),
            ("leaseRecord", lease_record(sval, u64, 0)),
            ("encodeKeyRecord", key_record(sraw)), ("encodeRegistrationRecord", reg_record(sraw)),
            ("encodeLeaseRecord", lease_record(sraw, i64, I16_MIN)),
            ("keyFile", decode_file("key", "keyRecord", False)),
            ("registrationFile", decode_file("registration", "registrationRecord", True)),
            ("leaseFile", decode_file("lease", "leaseRecord", True)),
            ("encodeFile", encode_file),
        ] + list(streams_schema_defs().items()) + list(groups_schema_defs().items())
          + list(transaction_log_schema_defs().items()) + list(share_state_schema_defs().items())
          + list(cluster_metadata_schema_defs().items()))),
    ])


# --------------------------------------------------------------------------------------------
# Output

FILE_COMMENTS = {
    "key": "decodeKey cases: hex is the key bytes; expect is the record or the error {code, offset, field}. "
           "See golden/README.md.",
    "registration": "decodeValue(registration, bytes) cases: hex null = absent value. See golden/README.md.",
    "lease": "decodeValue(lease, bytes) cases: hex null = absent value. See golden/README.md.",
    "encode": "encodeKey / encodeValue cases: encode record (under record_target) and compare the bytes, "
              "or the refusal {code, offset, field}. A string given as {\"utf8_hex\": ...} holds raw bytes "
              "(flag RawBytesString). See golden/README.md.",
}


def dump(obj):
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def build_all():
    out = OrderedDict()
    for name, builder, flags in (("key", build_key, DECODE_FLAGS),
                                 ("registration", build_registration, DECODE_FLAGS),
                                 ("lease", build_lease, DECODE_FLAGS),
                                 ("encode", build_encode, ENCODE_FLAGS)):
        col = builder()
        used = [f for f in flags if any(f in v["flags"] for v in col.vectors)]
        out[name + ".json"] = OrderedDict([
            ("format", FORMAT), ("target", name), ("comment", FILE_COMMENTS[name]),
            ("flags", OrderedDict((f, flags[f]) for f in used)), ("vectors", col.vectors)])
    ids = [v["id"] for f in out.values() for v in f["vectors"]]
    dup = [i for i, n in Counter(ids).items() if n > 1]
    if dup:
        raise AssertionError("duplicate ids: %s" % dup)
    out["schema.json"] = schema()
    return OrderedDict((k, dump(v)) for k, v in out.items())


def summary(files):
    lines = ["| file | vectors | valid / tombstone / hex | errors |", "|---|---:|---:|---:|"]
    per_code = OrderedDict((c, Counter()) for c in CODES)
    total = 0
    for name in ("key.json", "registration.json", "lease.json", "encode.json"):
        data = json.loads(files[name])
        vs = data["vectors"]
        ok = sum(1 for v in vs if "error" not in v["expect"])
        total += len(vs)
        lines.append("| %s | %d | %d | %d |" % (name, len(vs), ok, len(vs) - ok))
        for v in vs:
            if "error" in v["expect"]:
                per_code[v["expect"]["error"]["code"]][name] += 1
    lines.append("| **total** | **%d** | | |" % total)
    lines += ["", "| code | key.json | registration.json | lease.json | encode.json | total |",
              "|---|---:|---:|---:|---:|---:|"]
    for code, cnt in per_code.items():
        lines.append("| %s | %d | %d | %d | %d | %d |" % (
            code, cnt["key.json"], cnt["registration.json"], cnt["lease.json"], cnt["encode.json"],
            sum(cnt.values())))
    pairs = Counter()
    for name in ("key.json", "registration.json", "lease.json", "encode.json"):
        for v in json.loads(files[name])["vectors"]:
            if "error" in v["expect"]:
                e = v["expect"]["error"]
                pairs[(e["code"], e["field"], "encode" if name == "encode.json" else "decode")] += 1
    lines += ["", "| code | field | decode vectors | encode vectors |", "|---|---|---:|---:|"]
    for code in CODES:
        for field in FIELDS:
            d, en = pairs[(code, field, "decode")], pairs[(code, field, "encode")]
            if d or en:
                lines.append("| %s | %s | %d | %d |" % (code, field, d, en))
    return "\n".join(lines)


BEGIN, END = "<!-- summary:begin -->", "<!-- summary:end -->"


def with_readme(files):
    """The README's count section is rewritten from the summary (and checked like the JSON)."""
    path = os.path.join(HERE, "README.md")
    if not os.path.exists(path):
        return files
    with open(path, encoding="utf-8") as f:
        text = f.read()
    i, j = text.find(BEGIN), text.find(END)
    if i < 0 or j < i:
        return files
    files = OrderedDict(files)
    files["README.md"] = text[:i + len(BEGIN)] + "\n" + summary(files) + "\n" + text[j:]
    return files


def main(argv):
    files = build_all()
    if "--summary" in argv:
        print(summary(files))
        return 0
    return write_or_check(with_readme(files), "generate.py", argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
