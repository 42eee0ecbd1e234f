#!/usr/bin/env python3
"""Seed corpora for the libFuzzer targets (tools/fuzz), taken from the committed fixtures.

Writes, under OUT/: capture/ (each fixture capture, after the split byte the target reads
first), hci-event/ (every HCI event of the fixtures, and runs of consecutive events),
ad-beacon/ (the AD payload of every advertising report), h4-stream/ (the events
of each fixture as an H4 byte stream, after a chunk-size byte). Standard library only.

Further directories after OUT (e.g. ../shared/captures, real third-party captures) add their
btsnoop, pcap and pcapng files, cut to 16 KiB (the capture target's max_len), to capture/ and
their events to the others.

Usage: tools/fuzz-seeds.py FIXTURES_DIR OUT [MORE_CAPTURE_DIRS ...]
"""
import hashlib
import pathlib
import struct
import sys


def records(blob: bytes):
    if blob[:8] != b"btsnoop\0" or len(blob) < 16:
        return None, []
    datalink = struct.unpack(">I", blob[12:16])[0]
    out = []
    offset = 16
    while offset + 24 <= len(blob):
        included, flags = struct.unpack(">I", blob[offset + 4:offset + 8])[0], struct.unpack(">I", blob[offset + 8:offset + 12])[0]
        data = blob[offset + 24:offset + 24 + included]
        if len(data) < included:
            break
        out.append((flags, data))
        offset += 24 + included
    return datalink, out


def h4_packets(datalink: int, recs):
    """(H4 type, packet bytes) for commands and events."""
    for flags, data in recs:
        if datalink == 1002 and data:
            if data[0] in (1, 4):
                yield data[0], data[1:]
        elif datalink == 1001 and flags & 0b10:
            yield (4 if flags & 1 else 1), data
        elif datalink == 2001:
            opcode = flags & 0xFFFF
            if opcode == 2:
                yield 1, data
            elif opcode == 3:
                yield 4, data


def ad_payloads(event: bytes):
    if len(event) < 4 or event[0] != 0x3E:
        return
    sub, pos = event[2], 4
    for _ in range(event[3] if len(event) > 3 else 0):
        if sub == 0x02 and pos + 9 <= len(event):
            length = event[pos + 8]
            yield event[pos + 9:pos + 9 + length]
            pos += 10 + length
        elif sub == 0x0D and pos + 24 <= len(event):
            length = event[pos + 23]
            yield event[pos + 24:pos + 24 + length]
            pos += 24 + length
        else:
            return


def write(directory: pathlib.Path, data: bytes) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / hashlib.sha1(data).hexdigest()).write_bytes(data)


def main() -> int:
    fixtures, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    paths = sorted(fixtures.glob("*.btsnoop"))
    for extra in sys.argv[3:]:
        paths += sorted(p for p in pathlib.Path(extra).rglob("*")
                        if p.is_file() and p.suffix in (".btsnoop", ".log", ".pcap", ".pcapng"))
    for path in paths:
        blob = path.read_bytes()
        write(out / "capture", bytes([16]) + blob[:16 * 1024])
        datalink, recs = records(blob)
        if datalink is None:
            continue
        packets = list(h4_packets(datalink, recs))
        events = [p for t, p in packets if t == 4]
        for event in events:
            write(out / "hci-event", event)
            for payload in ad_payloads(event):
                write(out / "ad-beacon", payload)
        for start in range(0, len(events), 8):
            write(out / "hci-event", b"".join(events[start:start + 8]))
        stream = b"".join(bytes([4]) + p for p in events)
        for start in range(0, len(stream), 2048):
            write(out / "h4-stream", bytes([7]) + stream[start:start + 2048])
    return 0


if __name__ == "__main__":
    sys.exit(main())
