#!/usr/bin/env python3
"""Writes a large synthetic btsnoop capture for the benchmark (tools/bench); not a fixture.

Android's layout (btsnoop datalink 1002, H4): one HCI event per record, almost all of them LE
Advertising Reports as a busy place delivers them: REPORTS reports from ADDRESSES distinct
advertiser addresses (random static and resolvable), about 40 % iBeacon (the 13 station beacons
and 40 other identities), 5 % AltBeacon, 5 % Eddystone-UID, and 50 % other advertisers (Apple
Nearby Info and Find My, Microsoft CDP, Google Fast Pair service data, names and flags, scan
responses); event types ADV_IND, ADV_SCAN_IND, ADV_NONCONN_IND, SCAN_RSP; 10 % of events carry
2 or 3 reports; beacons keep 2 or 4 fixed addresses each, but 10 % of beacon reports
(--rotating-beacons) come from phones acting as beacons, from any address of the pool; RSSI uniform in -100...-35 dBm, 1 % without RSSI (127); reports 1 ms apart.
A few Command Complete events and ACL packets are mixed in. Seeded: the same arguments give the
same bytes. Standard library only; shares no code with the Swift packages.

--distinct-identities: a crowded concourse or a BLE-spam flood instead. --identity-share (default
0.6) of the reports are iBeacons with random identities (random UUID, major, minor and power;
--identity-repeat, default 0.02, of them repeat one of the last 4,096 such identities, the rest
are new), every report comes from a new random address (static or resolvable, not from the pool),
and the other reports are the usual mix above, also from new addresses.

OUT may be - for standard output: the capture is written as it is generated (a few MB at a
time), so that any length can be piped into a reader without being held anywhere:
  tools/bench-capture.py - --reports 10000000 --distinct-identities | beacon-scan --replay - --summary
If the reader goes away first, the generator says so on standard error and exits with 141.

--stats FILE writes what was generated as JSON (reports, events, random identities, ...).

Usage: tools/bench-capture.py OUT.btsnoop|- [--reports N] [--addresses N] [--seed N]
                              [--rotating-beacons SHARE] [--distinct-identities
                              [--identity-share SHARE] [--identity-repeat SHARE]] [--stats FILE]
"""
import json
import os
import argparse
import random
import struct
import sys

BTSNOOP_EPOCH_DELTA_US = 0x00DCDDB30F2F8000
START_US = 1_795_000_000_000_000  # 2026-11-17
PROJECT_UUID = bytes.fromhex("F63B21BA26354BE4B6FFE2EAB8B541C3")


def ad(ad_type: int, data: bytes) -> bytes:
    return bytes([len(data) + 1, ad_type]) + data


FLAGS = ad(0x01, b"\x06")


def ibeacon(uuid: bytes, major: int, minor: int, power: int) -> bytes:
    return FLAGS + ad(0xFF, b"\x4c\x00\x02\x15" + uuid + struct.pack(">HHb", major, minor, power))


def altbeacon(company: int, uuid: bytes, id2: int, id3: int, power: int) -> bytes:
    return ad(0xFF, struct.pack("<H", company) + b"\xbe\xac" + uuid + struct.pack(">HHbB", id2, id3, power, 0))


def eddystone(namespace: bytes, instance: bytes, tx0: int) -> bytes:
    return FLAGS + ad(0x03, b"\xaa\xfe") + ad(0x16, b"\xaa\xfe\x00" + struct.pack("b", tx0) + namespace + instance + b"\0\0")


def payloads(rng: random.Random):
    beacons = [ibeacon(PROJECT_UUID, 1, minor, -59) for minor in range(1, 14)]
    beacons += [ibeacon(rng.randbytes(16), rng.randrange(1 << 16), rng.randrange(1 << 16), rng.randrange(-75, -50))
                for _ in range(40)]
    alt = [altbeacon(rng.choice([0x0118, 0x004C, 0x0059]), rng.randbytes(16), rng.randrange(1 << 16),
                     rng.randrange(1 << 16), -60) for _ in range(8)]
    eddy = [eddystone(rng.randbytes(10), rng.randbytes(6), -20) for _ in range(8)]
    other = []
    for _ in range(60):
        kind = rng.randrange(6)
        if kind == 0:  # Apple Nearby Info
            other.append(FLAGS + ad(0xFF, b"\x4c\x00\x10\x05" + rng.randbytes(5)))
        elif kind == 1:  # Apple Find My
            other.append(ad(0xFF, b"\x4c\x00\x12\x19" + rng.randbytes(25)))
        elif kind == 2:  # Microsoft CDP
            other.append(ad(0xFF, b"\x06\x00\x01\x09\x20\x02" + rng.randbytes(23)))
        elif kind == 3:  # Google Fast Pair
            other.append(FLAGS + ad(0x03, b"\x2c\xfe") + ad(0x16, b"\x2c\xfe" + rng.randbytes(3)))
        elif kind == 4:  # a name and a 16-bit service list
            name = ("Device-%04X" % rng.randrange(1 << 16)).encode()
            other.append(FLAGS + ad(0x09, name) + ad(0x03, b"\x0d\x18\x0f\x18"))
        else:  # almost an iBeacon: Apple type 0x02 with the wrong length
            other.append(FLAGS + ad(0xFF, b"\x4c\x00\x02\x16" + rng.randbytes(22)))
    return beacons, alt, eddy, other


IBEACON_PREFIX = FLAGS + bytes([26, 0xFF]) + b"\x4c\x00\x02\x15"
RECENT_IDENTITIES = 4096


def random_address(rng: random.Random) -> bytes:
    """A new random address, little-endian as HCI carries it: static (0b11) or resolvable (0b01)."""
    top = 0xC0 if rng.random() < 0.5 else 0x40
    return ((rng.getrandbits(48) & 0x3FFFFFFFFFFF) | (top << 40)).to_bytes(6, "little")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", help="the capture to write, or - for standard output (streamed)")
    parser.add_argument("--reports", type=int, default=1_000_000)
    parser.add_argument("--addresses", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--rotating-beacons", type=float, default=0.1,
                        help="share of beacon reports sent by phones from any pool address (default 0.1)")
    parser.add_argument("--distinct-identities", action="store_true",
                        help="a share of iBeacons with random identities, every report from a new address")
    parser.add_argument("--identity-share", type=float, default=0.6,
                        help="with --distinct-identities: share of reports that are random-identity iBeacons (default 0.6)")
    parser.add_argument("--identity-repeat", type=float, default=0.02,
                        help="with --distinct-identities: share of those that repeat a recent identity (default 0.02)")
    parser.add_argument("--event-interval-us", type=int, default=1000,
                        help="microseconds between advertising report events (default 1000; "
                             "7900 makes 1 M reports last about two hours)")
    parser.add_argument("--stats", metavar="FILE", help="write what was generated as JSON to FILE")
    args = parser.parse_args()
    if args.reports < 0 or not 0 <= args.identity_share <= 1 or not 0 <= args.identity_repeat <= 1:
        parser.error("--reports must be >= 0, --identity-share and --identity-repeat in 0...1")
    if args.event_interval_us < 1:
        parser.error("--event-interval-us must be at least 1")
    distinct = args.distinct_identities
    rng = random.Random(args.seed)
    beacons, alt, eddy, other = payloads(rng)
    addresses = []
    for _ in range(0 if distinct else args.addresses):
        raw = bytearray(rng.randbytes(6))
        raw[5] = (raw[5] & 0x3F) | rng.choice([0xC0, 0x40])  # static or resolvable private
        addresses.append(bytes(raw))
    # Beacon hardware keeps its address: each beacon payload gets a few fixed addresses.
    choices = ([(p, 4) for p in beacons] * 6 + [(p, 2) for p in alt] * 5 + [(p, 2) for p in eddy] * 5
               + [(p, None) for p in other] * 9)
    random.Random(args.seed + 1).shuffle(choices)
    beacon_addresses = {}
    recent = []  # the last RECENT_IDENTITIES random-identity payloads, a ring
    random_reports = new_identities = 0
    pack_record = struct.Struct(">IIIIq").pack
    pack_identity = struct.Struct(">HHb").pack
    written = events = 0
    time_us = START_US
    to_stdout = args.out == "-"
    out = sys.stdout.buffer if to_stdout else open(args.out, "wb")
    try:
        out.write(b"btsnoop\0" + struct.pack(">II", 1, 1002))
        chunk = []
        while written < args.reports:
            count = 1 if rng.random() < 0.9 else rng.choice([2, 3])
            count = min(count, args.reports - written)
            body = bytearray([0x02, count])
            for _ in range(count):
                if distinct and rng.random() < args.identity_share:
                    random_reports += 1
                    if recent and rng.random() < args.identity_repeat:
                        payload = recent[rng.randrange(len(recent))]
                    else:
                        payload = IBEACON_PREFIX + rng.getrandbits(128).to_bytes(16, "big") + pack_identity(
                            rng.getrandbits(16), rng.getrandbits(16), rng.randrange(-75, -50))
                        new_identities += 1
                        if len(recent) < RECENT_IDENTITIES:
                            recent.append(payload)
                        else:
                            recent[new_identities % RECENT_IDENTITIES] = payload
                    address = random_address(rng)
                    event_type = 0x03
                else:
                    payload, fixed = choices[rng.randrange(len(choices))]
                    if distinct:
                        address = random_address(rng)
                        event_type = rng.choice([0x00, 0x02, 0x03, 0x04]) if fixed is None else 0x03
                    elif fixed is None or rng.random() < args.rotating_beacons:
                        address = addresses[rng.randrange(len(addresses))]
                        event_type = rng.choice([0x00, 0x02, 0x03, 0x04]) if fixed is None else 0x03
                    else:
                        pool = beacon_addresses.setdefault(payload, [addresses[rng.randrange(len(addresses))]
                                                                     for _ in range(fixed)])
                        address = pool[rng.randrange(len(pool))]
                        event_type = 0x03
                rssi = 127 if rng.random() < 0.01 else rng.randrange(-100, -34)
                body += bytes([event_type, 0x01]) + address + bytes([len(payload)]) + payload
                body += struct.pack("b", rssi)
            event = b"\x04\x3e" + bytes([len(body)]) + body
            chunk.append(pack_record(len(event), len(event), 0b11, 0, time_us + BTSNOOP_EPOCH_DELTA_US) + event)
            written += count
            events += 1
            time_us += args.event_interval_us
            if written % 5000 < count:
                # Now and then a Command Complete (Read RSSI) and an ACL packet from a connection.
                cc = b"\x04\x0e\x07\x01\x05\x14\x00\x40\x00\xc4"
                chunk.append(pack_record(len(cc), len(cc), 0b11, 0, time_us + BTSNOOP_EPOCH_DELTA_US) + cc)
                acl = b"\x02\x40\x20\x09\x00\x05\x00\x04\x00\x1b\x2a\x00\x01\x02"
                chunk.append(pack_record(len(acl), len(acl), 0b01, 0, time_us + BTSNOOP_EPOCH_DELTA_US) + acl)
            if len(chunk) >= 65536:
                out.write(b"".join(chunk))
                chunk.clear()
        out.write(b"".join(chunk))
        out.flush()
    except BrokenPipeError:
        # The reader stopped reading (it failed, or was stopped): say how far we got, and let no
        # later flush of standard output raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print(f"bench-capture: the reader closed {args.out} after about {written:,} reports", file=sys.stderr)
        return 141
    finally:
        if not to_stdout:
            out.close()
    name = "standard output" if to_stdout else args.out
    if distinct:
        print(f"{name}: {written} advertising reports, {random_reports} of them iBeacons with random identities "
              f"({new_identities} identities), every report from a new random address", file=sys.stderr)
    else:
        print(f"{name}: {written} advertising reports, {args.addresses} addresses in the pool", file=sys.stderr)
    if args.stats:
        stats = {"reports": written, "events": events, "seed": args.seed, "distinctIdentities": distinct}
        if distinct:
            stats.update({"identityShare": args.identity_share, "identityRepeat": args.identity_repeat,
                          "randomIdentityReports": random_reports, "randomIdentities": new_identities,
                          "addresses": "a new random address per report"})
        else:
            stats.update({"addressPool": args.addresses, "rotatingBeacons": args.rotating_beacons})
        with open(args.stats, "w") as f:
            json.dump(stats, f)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
