#!/usr/bin/env python3
"""Writes libFuzzer seeds from golden/*.json: usage seed_corpus.py <golden-dir> <out-dir> [--streams].

Each seed is one mode byte (0 key, 1 registration, 2 lease, 3 batch; see fuzz_codec.cpp) and
the vector's bytes; per file, the vectors again as i32-framed batches of <= 1000 bytes.
With --streams: seeds for fuzz_streams.cpp from subscription.json (mode 0) and assignment.json
(mode 1), one per vector."""
import json
import os
import struct
import sys

MAX_BATCH = 1000  # run.sh fuzzes with -max_len=1024
MODES = {"key": 0, "registration": 1, "lease": 2}


def main(golden, out):
    os.makedirs(out, exist_ok=True)
    count = 0
    for target, mode in MODES.items():
        with open(os.path.join(golden, target + ".json"), encoding="utf-8") as f:
            doc = json.load(f)
        batches, frames = [], b""
        for v in doc["vectors"]:
            if v["hex"] is None:
                frame = struct.pack(">i", -1)
            else:
                data = bytes.fromhex(v["hex"])
                frame = struct.pack(">i", len(data)) + data
            if len(frames) + len(frame) > MAX_BATCH and frames:
                batches.append(frames)
                frames = b""
            if len(frame) <= MAX_BATCH:
                frames += frame
            if v["hex"] is None:
                continue
            name = v["id"].replace("/", "_")
            with open(os.path.join(out, name), "wb") as s:
                s.write(bytes([mode]) + data)
            count += 1
        batches.append(frames)
        for i, frames in enumerate(batches):
            with open(os.path.join(out, f"batch_{target}_{i}"), "wb") as s:
                s.write(bytes([3, mode]) + frames)
            count += 1
    print(f"seed_corpus: wrote {count} seeds to {out}")


def main_streams(golden, out):
    os.makedirs(out, exist_ok=True)
    count = 0
    for target, mode in (("subscription", 0), ("assignment", 1)):
        with open(os.path.join(golden, target + ".json"), encoding="utf-8") as f:
            doc = json.load(f)
        for v in doc["vectors"]:
            with open(os.path.join(out, v["id"].replace("/", "_")), "wb") as s:
                s.write(bytes([mode]) + bytes.fromhex(v["hex"]))
            count += 1
    print(f"seed_corpus: wrote {count} streams seeds to {out}")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[3] == "--streams":
        main_streams(sys.argv[1], sys.argv[2])
    elif len(sys.argv) == 3:
        main(sys.argv[1], sys.argv[2])
    else:
        sys.exit(__doc__)
