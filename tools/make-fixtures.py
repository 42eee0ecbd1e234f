#!/usr/bin/env python3
"""Build reproducible btsnoop capture fixtures from readable scenario descriptions.

Reads Fixtures/scenarios/*.json and writes, per scenario:
  Fixtures/<name>.btsnoop               the capture
  Fixtures/<name>.expected.jsonl        one line per beacon advertising report a decoder must report
  Fixtures/<name>.expected-summary.json counts, warnings, or the error a reader must raise

This is an independent encoder: the byte layouts come from the Bluetooth Core specification
(Vol 4 Part E: HCI packets, 7.7.65.2 LE Advertising Report, 7.7.65.13 LE Extended Advertising
Report; Vol 3 Part C 11: AD structures), the btsnoop format and BlueZ's monitor records
(src/shared/btsnoop.h). It does not import or mirror the Swift code.

The expected files are not written from the scenario's intent but by decoding the produced bytes
with the small, separate oracle at the end of this file (the "Oracle" section); reports that a
scenario annotates with "expect" are checked against the oracle, so a scenario that does not
produce the bytes it describes fails loudly.

A ride scenario may carry a "flood" (build_flood): bursts of new random identities mixed into
the ride, every report from a new random address, drawn from its own random.Random(flood seed), so
the ride's own records stay exactly those of the ride without it. "sameRideAs": NAME takes every
key of ride scenario NAME except name, description, flood and expect: the same ride, record for
record, with something added (see Fixtures/README.md, "Scenario format").

Usage:
  python3 tools/make-fixtures.py            regenerate every fixture and say what was written
  python3 tools/make-fixtures.py --check    regenerate in memory; exit 1 if a committed file differs
  python3 tools/make-fixtures.py NAME ...    only these scenarios

Standard library only; deterministic (random.Random(seed) per scenario, no wall clock).
"""

from __future__ import annotations

import argparse
import datetime as _dt
import functools
import hashlib
import json
import math
import random
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Fixtures"
SCENARIOS = FIXTURES / "scenarios"

# ---------------------------------------------------------------------------------------------
# Constants from the specifications
# ---------------------------------------------------------------------------------------------

BTSNOOP_MAGIC = b"btsnoop\0"
BTSNOOP_VERSION = 1
# Microseconds from 0000-01-01 (proleptic Gregorian, as btsnoop counts) to 1970-01-01.
BTSNOOP_EPOCH_DELTA_US = 0x00DCDDB30F2F8000
DATALINK_HCI = 1001  # raw HCI, no packet-type byte
DATALINK_H4 = 1002  # UART (H4): first data byte is the packet type
DATALINK_MONITOR = 2001  # Linux monitor (btmon): flags = index << 16 | opcode
KNOWN_DATALINKS = {1001, 1002, 1003, 1004, 2001, 2002}

H4_COMMAND, H4_ACL, H4_SCO, H4_EVENT, H4_ISO = 1, 2, 3, 4, 5

# Linux monitor opcodes (BlueZ src/shared/btsnoop.h).
MON_NEW_INDEX, MON_DEL_INDEX, MON_COMMAND, MON_EVENT = 0, 1, 2, 3
MON_ACL_TX, MON_ACL_RX, MON_SCO_TX, MON_SCO_RX = 4, 5, 6, 7
MON_OPEN_INDEX, MON_CLOSE_INDEX, MON_INDEX_INFO, MON_VENDOR_DIAG = 8, 9, 10, 11
MON_SYSTEM_NOTE, MON_USER_LOGGING = 12, 13
MON_ISO_TX, MON_ISO_RX = 18, 19
MONITOR_BUS = {"virtual": 0, "usb": 1, "pccard": 2, "uart": 3, "rs232": 4, "pci": 5, "sdio": 6,
               "spi": 7, "i2c": 8, "smd": 9, "virtio": 10, "ipc": 11}

# HCI event codes and LE subevents.
EVT_COMMAND_COMPLETE, EVT_COMMAND_STATUS, EVT_HARDWARE_ERROR, EVT_LE_META = 0x0E, 0x0F, 0x10, 0x3E
LE_ADVERTISING_REPORT, LE_EXTENDED_ADVERTISING_REPORT = 0x02, 0x0D

# Commands the scenarios may name: opcode and default parameters (hex) and return parameters.
COMMANDS = {
    "reset": (0x0C03, "", "00"),
    "set-event-mask": (0x0C01, "ff ff fb ff 07 f8 bf 3d", "00"),
    "le-set-event-mask": (0x2001, "1f 1a 00 00 00 00 00 00", "00"),
    "read-bd-addr": (0x1009, "", None),  # return parameters built from the controller address
    "read-local-version": (0x1001, "", "00 0c 1d 12 0c 0f 00 1d 12"),
    # LE_Scan_Type active, interval 0x0012, window 0x0012 (11.25 ms), public own address, accept all
    "le-set-scan-parameters": (0x200B, "01 12 00 12 00 00 00", "00"),
    "le-set-scan-enable": (0x200C, "01 00", "00"),
    "le-set-scan-disable": (0x200C, "00 00", "00"),
    # own address random, accept all, 1M PHY: passive? no, active; interval 0x0140 window 0x0028
    "le-set-extended-scan-parameters": (0x2041, "01 00 01 01 40 01 28 00", "00"),
    "le-set-extended-scan-enable": (0x2042, "01 00 00 00 00 00", "00"),
    "le-set-random-address": (0x2005, "4a 1c 9e 51 3d 62", "00"),
}

LEGACY_EVENT_TYPES = {"ADV_IND": 0x00, "ADV_DIRECT_IND": 0x01, "ADV_SCAN_IND": 0x02,
                      "ADV_NONCONN_IND": 0x03, "SCAN_RSP": 0x04}
# Extended report Event_Type for legacy PDUs (bit 4 set), Core Vol 4 Part E 7.7.65.13.
EXTENDED_LEGACY_EVENT_TYPES = {"ADV_IND": 0x0013, "ADV_DIRECT_IND": 0x0015, "ADV_SCAN_IND": 0x0012,
                               "ADV_NONCONN_IND": 0x0010, "SCAN_RSP": 0x001B,
                               "SCAN_RSP_TO_ADV_SCAN_IND": 0x001A}
ADDRESS_TYPES = {"public": 0, "random": 1, "public-identity": 2, "random-identity": 3}

# The Jakarta MRT North-South line in line order (the project's station catalog: minor = position).
PROJECT_UUID = "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3"
# The beacons trains carry (RailBeaconUUIDs.train).
TRAIN_UUID = "F63B21BA-2635-4BE4-8A11-72411E5B0001"
STATIONS = ["LebakBulus", "Fatmawati", "CipeteRaya", "HajiNawi", "BlokA", "BlokM", "ASEAN",
            "Senayan", "Istora", "BendunganHilir", "Setiabudi", "DukuhAtas", "BundaranHI"]


NETWORK_DATA = ROOT / "Sources/StationCatalogs/Network/jakarta-rail.json"


@functools.cache
def network_lines() -> tuple[tuple[str, ...], ...]:
    """The built-in network's lines as station lists, in the order of their majors (1 the
    North-South line, 2 Cikarang, 3 airport, 4 LRT Cibubur, 5 LRT Bekasi), from the built-in
    network's data (Sources/StationCatalogs/Network/jakarta-rail.json)."""
    data = json.loads(NETWORK_DATA.read_text())
    return tuple(tuple(line["stations"]) for line in sorted(data["lines"], key=lambda line: line["code"]))


@functools.cache
def network_identities() -> dict[str, tuple[int, int]]:
    """Each station's (major, minor), as the built-in network's data gives it."""
    data = json.loads(NETWORK_DATA.read_text())
    return {station["name"]: (station["major"], station["minor"]) for station in data["stations"]}

# ---------------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------------


def parse_time(text: str) -> int:
    """ISO-8601 UTC ("...Z") to Unix microseconds."""
    moment = _dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    delta = moment - _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def format_time(unix_us: int) -> str:
    moment = _dt.datetime(1970, 1, 1) + _dt.timedelta(microseconds=unix_us - unix_us % 1000)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{(unix_us // 1000) % 1000:03d}Z"


def hex_bytes(text: str, rng: random.Random | None = None) -> bytes:
    """Hex with optional spaces/colons; '??' is a random byte (needs rng)."""
    tokens = text.replace(":", " ").replace("-", " ").split()
    if len(tokens) == 1 and len(tokens[0]) > 2:
        tokens = [tokens[0][i:i + 2] for i in range(0, len(tokens[0]), 2)]
    out = bytearray()
    for token in tokens:
        if token == "??":
            if rng is None:
                raise ValueError("'??' needs a random source")
            out.append(rng.randrange(256))
        else:
            out.append(int(token, 16))
    return bytes(out)


def as_int(value) -> int:
    return int(value, 0) if isinstance(value, str) else int(value)


def address_bytes_le(text: str) -> bytes:
    """'AA:BB:CC:DD:EE:FF' (most significant first) to the 6 little-endian wire bytes."""
    octets = bytes(int(part, 16) for part in text.split(":"))
    if len(octets) != 6:
        raise ValueError(f"bad address {text!r}")
    return octets[::-1]


def address_text(wire_le: bytes) -> str:
    return ":".join(f"{b:02X}" for b in wire_le[::-1])


def uuid_bytes(text: str) -> bytes:
    raw = bytes.fromhex(text.replace("-", ""))
    if len(raw) != 16:
        raise ValueError(f"bad UUID {text!r}")
    return raw


def uuid_text(raw: bytes) -> str:
    h = raw.hex().upper()
    return f"{h[0:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"


def random_address(rng: random.Random, kind: str) -> str:
    """Random device address; the two top bits mark the sub-type (Core Vol 6 Part B 1.3.2)."""
    octets = [rng.randrange(256) for _ in range(6)]
    top = {"static": 0xC0, "rpa": 0x40, "nrpa": 0x00}[kind]
    octets[0] = (octets[0] & 0x3F) | top
    return ":".join(f"{b:02X}" for b in octets)


def s8(value: int) -> int:
    return struct.unpack("b", bytes([value & 0xFF]))[0]


# ---------------------------------------------------------------------------------------------
# AD structures (Core Supplement Part A) from the scenario's readable descriptions
# ---------------------------------------------------------------------------------------------


def ad(ad_type: int, data: bytes) -> bytes:
    return bytes([len(data) + 1, ad_type]) + data


def encode_ad_list(items: list, rng: random.Random) -> bytes:
    out = bytearray()
    for item in items:
        (key, value), = item.items()
        if key == "flags":
            out += ad(0x01, bytes([as_int(value)]))
        elif key == "completeName":
            out += ad(0x09, value.encode())
        elif key == "shortName":
            out += ad(0x08, value.encode())
        elif key == "txPowerLevel":
            out += ad(0x0A, struct.pack("b", value))
        elif key == "serviceUuids16":
            out += ad(0x03, b"".join(struct.pack("<H", as_int(u)) for u in value))
        elif key == "serviceData16":
            out += ad(0x16, struct.pack("<H", as_int(value["uuid"])) + hex_bytes(value.get("hex", ""), rng))
        elif key == "manufacturer":
            out += ad(0xFF, struct.pack("<H", as_int(value["company"])) + hex_bytes(value.get("hex", ""), rng))
        elif key == "ibeacon":
            body = (struct.pack("<H", 0x004C) + b"\x02\x15" + uuid_bytes(value["uuid"])
                    + struct.pack(">HHb", value["major"], value["minor"], value["measuredPower"]))
            out += ad(0xFF, body)
        elif key == "altbeacon":
            body = (struct.pack("<H", as_int(value.get("company", "0x0118"))) + b"\xBE\xAC"
                    + uuid_bytes(value["id1"]) + struct.pack(">HH", value["id2"], value["id3"])
                    + struct.pack("bB", value["referenceRssi"], value.get("reserved", 0)))
            out += ad(0xFF, body)
        elif key == "eddystoneUid":
            body = (struct.pack("<H", 0xFEAA) + b"\x00" + struct.pack("b", value["txPowerAt0m"])
                    + bytes.fromhex(value["namespace"]) + bytes.fromhex(value["instance"]))
            if len(body) != 20:
                raise ValueError("Eddystone namespace is 10 bytes, instance 6")
            if value.get("reservedBytes", True):
                body += b"\x00\x00"
            out += ad(0x16, body)
        elif key == "raw":
            out += hex_bytes(value, rng)
        else:
            raise ValueError(f"unknown AD item {key!r}")
    return bytes(out)


# ---------------------------------------------------------------------------------------------
# HCI packets (without the H4 type byte)
# ---------------------------------------------------------------------------------------------


def command_packet(opcode: int, params: bytes) -> bytes:
    return struct.pack("<HB", opcode, len(params)) + params


def event_packet(code: int, params: bytes) -> bytes:
    if len(params) > 255:
        raise ValueError(f"event 0x{code:02X} parameters too long ({len(params)})")
    return bytes([code, len(params)]) + params


def command_complete(opcode: int, returns: bytes) -> bytes:
    return event_packet(EVT_COMMAND_COMPLETE, struct.pack("<BH", 1, opcode) + returns)


def command_status(opcode: int, status: int) -> bytes:
    return event_packet(EVT_COMMAND_STATUS, struct.pack("<BBH", status, 1, opcode))


def legacy_report(report: dict) -> bytes:
    """One report of HCI_LE_Advertising_Report; report['cut'] keeps only that many data bytes."""
    data = report["data"]
    head = bytes([report["eventType"], report["addressType"]]) + address_bytes_le(report["address"])
    if "cut" in report:  # the event ends inside this report's data
        return head + bytes([len(data)]) + data[:report["cut"]]
    return head + bytes([len(data)]) + data + struct.pack("b", report["rssi"])


def extended_report(report: dict) -> bytes:
    data = report["data"]
    out = struct.pack("<HB", report["eventType"], report["addressType"]) + address_bytes_le(report["address"])
    out += bytes([report.get("primaryPhy", 1), report.get("secondaryPhy", 0), report.get("sid", 0xFF)])
    out += struct.pack("bb", report.get("txPower", 127), report["rssi"])
    out += struct.pack("<HB", report.get("periodicInterval", 0), report.get("directAddressType", 0))
    out += address_bytes_le(report.get("directAddress", "00:00:00:00:00:00"))
    if "cut" in report:
        return out + bytes([len(data)]) + data[:report["cut"]]
    return out + bytes([len(data)]) + data


def advertising_event(reports: list[dict], extended: bool, announced: int | None = None) -> bytes:
    sub = LE_EXTENDED_ADVERTISING_REPORT if extended else LE_ADVERTISING_REPORT
    body = bytearray([sub, announced if announced is not None else len(reports)])
    for report in reports:
        body += extended_report(report) if extended else legacy_report(report)
        if "cut" in report:
            break
    return event_packet(EVT_LE_META, bytes(body))


def acl_packet(handle: int, payload: bytes, pb: int = 0b10) -> bytes:
    return struct.pack("<HH", (handle & 0x0FFF) | (pb << 12), len(payload)) + payload


def att_over_l2cap(att: bytes) -> bytes:
    return struct.pack("<HH", len(att), 0x0004) + att


# ---------------------------------------------------------------------------------------------
# Records and the btsnoop writer
# ---------------------------------------------------------------------------------------------
# A record before encoding: (unix_us, kind, payload); kind is one of
#   "command", "event", "acl-tx", "acl-rx"          HCI packets (payload without H4 type)
#   "new-index", "open-index", "index-info", "note"  Linux monitor only (skipped for other datalinks)


class Capture:
    def __init__(self, start_us: int, controller: dict | None):
        self.records: list[tuple[int, str, bytes]] = []
        self.start_us = start_us
        self.controller = controller or {}
        self.index = self.controller.get("index", 0)
        self.ride_start_us: int | None = None  # rides: where ride seconds count from
        self.plan: list[tuple[str, float, float]] = []  # rides: (station, arrive, depart) in ride seconds
        self.alongside: list[float] = []  # rides, per stop: when the rider's car reaches the platform

    def add(self, unix_us: int, kind: str, payload: bytes) -> None:
        self.records.append((unix_us, kind, payload))

    def sorted_records(self) -> list[tuple[int, str, bytes]]:
        # stable sort: records at equal times keep their insertion order
        return sorted(self.records, key=lambda r: r[0])


def encode_record(datalink: int, index: int, unix_us: int, kind: str, payload: bytes) -> bytes | None:
    if datalink == DATALINK_MONITOR:
        opcode = {"command": MON_COMMAND, "event": MON_EVENT, "acl-tx": MON_ACL_TX, "acl-rx": MON_ACL_RX,
                  "new-index": MON_NEW_INDEX, "open-index": MON_OPEN_INDEX, "index-info": MON_INDEX_INFO,
                  "note": MON_SYSTEM_NOTE}[kind]
        idx = 0xFFFF if kind == "note" else index
        flags = (idx << 16) | opcode
        data = payload
    elif datalink in (DATALINK_HCI, DATALINK_H4):
        if kind in ("new-index", "open-index", "index-info", "note"):
            return None
        # bit 0: 0 = sent (host to controller), 1 = received; bit 1: command or event
        flags = {"command": 0b10, "event": 0b11, "acl-tx": 0b00, "acl-rx": 0b01}[kind]
        data = payload
        if datalink == DATALINK_H4:
            data = bytes([{"command": H4_COMMAND, "event": H4_EVENT, "acl-tx": H4_ACL, "acl-rx": H4_ACL}[kind]]) + payload
    else:
        raise ValueError(f"cannot encode datalink {datalink}")
    return struct.pack(">IIIIq", len(data), len(data), flags, 0, unix_us + BTSNOOP_EPOCH_DELTA_US) + data


def file_header(datalink: int) -> bytes:
    return BTSNOOP_MAGIC + struct.pack(">II", BTSNOOP_VERSION, datalink)


def monitor_prologue(cap: Capture, at_us: int) -> None:
    c = cap.controller
    name = c.get("name", "hci0").encode()[:8].ljust(8, b"\0")
    cap.add(at_us, "note", b"Bluetooth monitor ver 5.82\0")
    cap.add(at_us + 35, "new-index", bytes([0, MONITOR_BUS[c.get("bus", "usb")]]) + address_bytes_le(c["address"]) + name)
    cap.add(at_us + 61, "open-index", b"")
    cap.add(at_us + 79, "index-info", address_bytes_le(c["address"]) + struct.pack("<H", c.get("manufacturer", 2)))


def add_command(cap: Capture, at_us: int, name: str, params_hex: str | None = None, returns_hex: str | None = None,
                latency_us: int = 1800) -> int:
    opcode, default_params, default_returns = COMMANDS[name]
    params = hex_bytes(params_hex if params_hex is not None else default_params)
    cap.add(at_us, "command", command_packet(opcode, params))
    if returns_hex is None:
        returns_hex = default_returns
    if returns_hex is None and name == "read-bd-addr":
        returns = b"\x00" + address_bytes_le(cap.controller["address"])
    else:
        returns = hex_bytes(returns_hex)
    cap.add(at_us + latency_us, "event", command_complete(opcode, returns))
    return at_us + latency_us


# ---------------------------------------------------------------------------------------------
# Scenario kind "ride": a train ride past station beacons, with background devices
# ---------------------------------------------------------------------------------------------


def build_ride(sc: dict, rng: random.Random) -> Capture:
    start = parse_time(sc["start"])
    cap = Capture(start, sc.get("controller"))
    extended = sc.get("reports", "legacy") == "extended"
    t = start
    if sc["datalink"] == DATALINK_MONITOR:
        monitor_prologue(cap, t)
        t += 4_000
    for step in sc.get("setup", []):
        step = {"command": step} if isinstance(step, str) else step
        if "command" in step:
            t = add_command(cap, t + rng.randrange(300, 900), step["command"], step.get("params"), step.get("returns"))
        elif "vendorCommand" in step:
            v = step["vendorCommand"]
            opcode = as_int(v["opcode"])
            t += rng.randrange(300, 900)
            cap.add(t, "command", command_packet(opcode, hex_bytes(v["params"])))
            t += 1_500
            cap.add(t, "event", command_complete(opcode, hex_bytes(v["returns"])))
    ride = sc["ride"]
    beacons = sc["stationBeacons"]
    appr = ride["approachSeconds"]
    interval = ride["advertIntervalMs"] / 1000.0
    # Timeline of the train: arrival/departure per station, seconds from ride start.
    ride_start = t + 500_000
    plan = []
    clock = appr
    dwell_overrides = ride.get("dwellOverrides", {})
    # "travelOverrides": seconds from a station to the next when not travelSeconds (a long
    # stretch); "walks": seconds the rider walks from a station to the next (a transfer).
    travel_overrides = {**ride.get("travelOverrides", {}), **ride.get("walks", {})}
    for i, name in enumerate(ride["stations"]):
        dwell = rng.uniform(*dwell_overrides.get(name, ride["dwellSeconds"]))
        plan.append((name, clock, clock + dwell))
        travel = travel_overrides.get(name, ride["travelSeconds"])
        clock += dwell + (rng.uniform(*travel) if i + 1 < len(ride["stations"]) else 0)
    ride_end = clock + appr
    adverts: list[tuple[float, int, dict]] = []  # (seconds, tiebreak, report)
    seq = 0

    def push(sec: float, report: dict) -> None:
        nonlocal seq
        adverts.append((sec, seq, report))
        seq += 1

    # "scheme": "network": identities of the whole network (network_identities); otherwise the
    # scenario's one major and the North-South line's positions.
    on_network = beacons.get("scheme") == "network"
    identities = network_identities() if on_network else {name: (beacons["major"], i + 1) for i, name in enumerate(STATIONS)}

    def address_of(station: str) -> str:
        """The scenario's address for the station's beacon; on the network, a station it does not
        list (a neighbour) gets a static random address made from its name."""
        if station in beacons["addresses"] or not on_network:
            return beacons["addresses"][station]
        digest = bytearray(hashlib.sha256(station.encode()).digest()[:6])
        digest[0] |= 0xC0
        return ":".join(f"{byte:02X}" for byte in digest)

    def ibeacon_report(uuid: str, major: int, minor: int, address: str, rssi: int) -> dict:
        data = encode_ad_list([{"flags": 6}, {"ibeacon": {"uuid": uuid, "major": major, "minor": minor,
                                                         "measuredPower": beacons["measuredPower"]}}], rng)
        return {"eventType": "ADV_NONCONN_IND", "addressType": 1, "address": address, "data": data, "rssi": rssi}

    def beacon_report(station: str, rssi: int) -> dict:
        return ibeacon_report(beacons["uuid"], *identities[station], address_of(station), rssi)

    sensitivity = ride.get("sensitivityDbm", -99)
    propagation = ride["propagation"]

    def log_distance(sec: float, arrive: float, depart: float, offset: float, extra_loss: float) -> float | None:
        """Log-distance path loss from the platform beacon to the rider in the car (see Fixtures/README.md)."""
        if sec < arrive - appr or sec > depart + appr:
            return None
        tau = arrive - sec if sec < arrive else (sec - depart if sec > depart else 0.0)
        along = offset + 0.5 * propagation["brakingMps2"] * tau * tau  # braking in, accelerating out
        d = math.hypot(propagation["lateralMeters"], along)
        return (beacons["measuredPower"] - 10 * propagation["n"] * math.log10(d)
                - propagation["carLossDb"] - extra_loss)

    def station_adverts(name: str, arrive: float, depart: float, extra_loss: float = 0.0) -> float:
        """One platform beacon's received adverts around one stop (the log-distance model); returns
        the rider's offset along the train from the beacon, in metres."""
        fraction = rng.uniform(*ride["receiveFraction"])
        offset = rng.uniform(*propagation["offsetMeters"])
        fades = []
        for _ in range(rng.randint(*ride["fadesPerStation"])):
            begin = rng.uniform(arrive - appr, depart + appr)
            fades.append((begin, begin + rng.uniform(*ride["fadeSeconds"])))
        sec = arrive - appr + rng.uniform(0, interval)
        while sec <= depart + appr:
            when = sec + rng.uniform(0, 0.010)  # advDelay, 0-10 ms
            mean = log_distance(when, arrive, depart, offset, extra_loss)
            if mean is not None and not any(a <= when <= b for a, b in fades) and rng.random() < fraction:
                rssi = round(mean + rng.gauss(0, ride["rssiNoiseSigma"]))
                if rssi >= sensitivity:
                    push(when, beacon_report(name, min(rssi, -40)))
            sec += interval
        return offset

    alongside = []  # per stop: seconds at which the rider's car comes alongside the platform
    for name, arrive, depart in plan:
        offset = station_adverts(name, arrive, depart)
        for other in ride.get("otherPlatforms", []):
            if other["at"] == name:  # a second platform's beacon heard at this stop, weaker
                station_adverts(other["station"], arrive, depart, other["extraLossDb"])
        # braking in at a, the rider is within half a platform of the beacon τ seconds before stopping
        along = max(0.0, propagation["platformHalfLengthMeters"] - offset)
        alongside.append(arrive - math.sqrt(2 * along / propagation["brakingMps2"]))
        if "neighbourProbability" not in ride:
            continue
        # the neighbouring stations, heard weakly while standing at this platform (on the network:
        # the neighbours along every line that stops here, each once)
        neighbours = []
        for line in network_lines() if on_network else (STATIONS,):
            if name in line:
                pos = line.index(name)
                neighbours += [line[p] for p in (pos - 1, pos + 1) if 0 <= p < len(line) and line[p] not in neighbours]
        for neighbour in neighbours:
            sec = arrive + rng.uniform(0, interval)
            while sec <= depart:
                if rng.random() < ride["neighbourProbability"]:
                    push(sec + rng.uniform(0, 0.010), beacon_report(neighbour, rng.randint(*ride["neighbourRssi"])))
                sec += interval

    train_stands = []  # (train, arrive, depart) in seconds from the ride's start
    for train in ride.get("trains", []):
        # a train's own beacon (the scheme in RailBeaconUUIDs: TRAIN_UUID, major = line x 10 + 1 towards
        # the line's last station or + 2 towards its first, minor = the train set), heard from the
        # platform while it pulls in, stands and pulls out; a train the rider boards is then heard
        # from inside it until the capture ends
        stop = next((arrive, depart) for name, arrive, depart in plan if name == train["at"])
        if train.get("departsWithRider"):
            t_depart = stop[1]
            t_arrive = t_depart - train["dwellSeconds"]
        else:
            t_arrive = stop[0] + train["fromSeconds"]
            t_depart = t_arrive + train["dwellSeconds"]
        major = train["line"] * 10 + (1 if train["direction"] == "towardsLast" else 2)
        train_stands.append((train, t_arrive, t_depart))
        fraction = rng.uniform(*ride["receiveFraction"])
        sec = t_arrive - appr + rng.uniform(0, interval)
        end = ride_end if train.get("departsWithRider") else t_depart + appr
        while sec <= end:
            when = sec + rng.uniform(0, 0.010)
            if train.get("departsWithRider") and when > t_depart:
                mean = train["insideRssi"]
            else:
                mean = log_distance(when, t_arrive, t_depart, train["offsetMeters"], 0.0)
            if mean is not None and rng.random() < fraction:
                rssi = round(mean + rng.gauss(0, ride["rssiNoiseSigma"]))
                if rssi >= sensitivity:
                    push(when, ibeacon_report(TRAIN_UUID, major, train["set"], train["address"], min(rssi, -40)))
            sec += interval

    for rogue in ride.get("rogueBeacons", []):
        # a beacon claiming a far station, heard strongly for a short while between two stops
        after = next(depart for name, _, depart in plan if name == rogue["afterDeparting"])
        sec = after + rogue["delaySeconds"] + rng.uniform(0, interval)
        while sec <= after + rogue["delaySeconds"] + rogue["durationSeconds"]:
            if rng.random() < rogue["receiveFraction"]:
                report = beacon_report(rogue["station"], round(rogue["rssi"] + rng.gauss(0, ride["rssiNoiseSigma"])))
                report["address"] = rogue["address"]
                push(sec, report)
            sec += interval

    for dev in sc.get("devices", []):
        build_device(dev, plan, appr, ride_end, rng, push, extended)

    adverts.sort(key=lambda a: (a[0], a[1]))
    # Group into events: mostly one report per event, sometimes 2-3 delivered together.
    multi = ride.get("multiReportProbability", 0.0)
    i = 0
    last_us = ride_start
    max_params = 255
    while i < len(adverts):
        group = [adverts[i][2]]
        # a controller delivers reports it received close together (here within 300 ms) in one event
        if rng.random() < multi:
            want = rng.choice([2, 2, 3])
            while len(group) < want and i + 1 < len(adverts) and adverts[i + 1][0] - adverts[i][0] < 0.3:
                i += 1
                group.append(adverts[i][2])
        at_us = max(ride_start + int(adverts[i][0] * 1_000_000), last_us + 1)
        last_us = at_us
        reports = [finish_report(r, extended, rng) for r in group]
        packet = advertising_event(reports, extended)
        if len(packet) - 2 > max_params:
            raise ValueError("advertising event too long")
        cap.add(at_us, "event", packet)
        i += 1
    if "flood" in sc:
        # its own random source, so that the ride's records are those of the ride without it
        build_flood(cap, sc["flood"], sc["stationBeacons"], plan, alongside, ride_start, ride_end, extended)
    for extra in sc.get("acl", []):
        build_acl(cap, extra, ride_start, rng)
    cap.ride_start_us = ride_start
    cap.plan = plan
    cap.train_stands = train_stands
    cap.alongside = alongside
    t_end = ride_start + int(ride_end * 1_000_000) + 200_000
    for step in sc.get("teardown", []):
        t_end = add_command(cap, t_end + 700, step)
    return cap


def finish_report(report: dict, extended: bool, rng: random.Random) -> dict:
    out = dict(report)
    name = report["eventType"]
    if extended:
        out["eventType"] = EXTENDED_LEGACY_EVENT_TYPES[name] if report.get("legacy", True) else report["extEventType"]
        if report.get("reservedBit15"):
            out["eventType"] |= 0x8000
    else:
        out["eventType"] = LEGACY_EVENT_TYPES[name]
    return out


def build_device(dev: dict, plan: list, appr: float, ride_end: float, rng: random.Random, push, extended: bool) -> None:
    """A background advertiser: on the train for (part of) the ride, or on some platforms."""
    rate = dev["ratePerSecond"]
    windows = []  # (start, end, arrive, depart) in ride seconds; arrive/depart None = flat RSSI
    where = dev.get("where", "train")
    if where == "train":
        names = [p[0] for p in plan]
        first, last = dev.get("stations", [names[0], names[-1]])
        begin = plan[names.index(first)][1] if first != names[0] else 0.0
        end = plan[names.index(last)][2] if last != names[-1] else ride_end
        windows.append((begin, end, None, None))
    else:
        for name, arrive, depart in plan:
            if name in where["platforms"]:
                windows.append((arrive - appr / 2, depart + appr / 2, arrive, depart))
    if dev.get("extendedOnly") and not extended:
        return
    rotate = dev.get("rotateSeconds")
    address_kind = dev.get("address", "rpa")
    fixed = address_kind if ":" in address_kind else None
    addr_type = ADDRESS_TYPES[dev.get("addressType", "random")]
    current = fixed or random_address(rng, address_kind)
    next_rotation = rng.uniform(0, rotate) if rotate else None
    lo, hi = dev["rssi"]
    for begin, end, arrive, depart in windows:
        sec = begin + rng.expovariate(rate)
        while sec < end:
            if next_rotation is not None and sec >= next_rotation:
                current = random_address(rng, address_kind)
                next_rotation += rotate
            if arrive is None:
                rssi = rng.randint(lo, hi)
            else:
                near = hi
                far = lo
                if sec < arrive:
                    mean = far + (near - far) * max(0.0, (sec - (arrive - appr / 2)) / (appr / 2))
                elif sec > depart:
                    mean = near + (far - near) * min(1.0, (sec - depart) / (appr / 2))
                else:
                    mean = near
                rssi = round(mean + rng.gauss(0, 2.5))
            report = {"eventType": dev.get("eventType", "ADV_IND"), "addressType": addr_type, "address": current,
                      "data": encode_ad_list(dev["advertisingData"], rng), "rssi": rssi}
            if dev.get("reservedBit15Probability", 0) and rng.random() < dev["reservedBit15Probability"]:
                report["reservedBit15"] = True
            if "extended" in dev:
                report.update({"legacy": False, "extEventType": as_int(dev["extended"]["eventType"]),
                               "secondaryPhy": dev["extended"].get("secondaryPhy", 1), "sid": dev["extended"].get("sid", 0),
                               "txPower": dev["extended"].get("txPower", 127)})
            push(sec, report)
            if "scanResponse" in dev and rng.random() < dev.get("scanResponseProbability", 0.5):
                rsp = dict(report)
                rsp["eventType"] = "SCAN_RSP"
                rsp["data"] = encode_ad_list(dev["scanResponse"], rng)
                rsp["rssi"] = rssi + rng.choice([-1, 0, 0, 1])
                rsp.pop("reservedBit15", None)
                push(sec + rng.uniform(0.0006, 0.0025), rsp)
            sec += rng.expovariate(rate)


# A flood: new random identities, each from new random addresses, mixed into a ride.
FLOOD_KINDS = ("stationUuidIBeacon", "iBeacon", "altBeacon", "eddystoneUid", "nonBeacon")


def flood_windows(spec: dict, plan: list, alongside: list, ride_end: float) -> list[tuple[float, float]]:
    """The flood's windows in ride seconds: the whole ride, or windows anchored at stops."""
    if spec["windows"] == "wholeRide":
        return [(0.0, ride_end)]
    moments = {name: {"alongside": a, "arrive": arrive, "depart": depart}
               for (name, arrive, depart), a in zip(plan, alongside)}
    windows = []
    for w in spec["windows"]:
        anchor = moments[w["stop"]][w.get("anchor", "alongside")]
        windows.append((anchor + w["fromSeconds"], anchor + w["toSeconds"]))
    return windows


def flood_advertising_data(kind: str, station_uuid: str, station_identities: set, rng: random.Random) -> bytes:
    """One flood identity's advertising data; beacons with random identities (a station-UUID
    iBeacon never with a catalog station's major and minor), other adverts never a beacon."""
    def random_uuid() -> str:
        return uuid_text(bytes(rng.randrange(256) for _ in range(16)))

    def major_minor() -> tuple[int, int]:
        while True:
            # a fifth keep the stations' major, with a minor that is no station's
            major = 1 if rng.random() < 0.2 else rng.randrange(65536)
            minor = rng.randrange(65536)
            if (major, minor) not in station_identities:
                return major, minor

    if kind == "stationUuidIBeacon":
        major, minor = major_minor()
        return encode_ad_list([{"flags": 6}, {"ibeacon": {"uuid": station_uuid, "major": major, "minor": minor,
                                                          "measuredPower": rng.randint(-75, -50)}}], rng)
    if kind == "iBeacon":
        uuid = random_uuid()
        while uuid == station_uuid:
            uuid = random_uuid()
        return encode_ad_list([{"flags": 6}, {"ibeacon": {"uuid": uuid, "major": rng.randrange(65536),
                                                          "minor": rng.randrange(65536),
                                                          "measuredPower": rng.randint(-75, -50)}}], rng)
    if kind == "altBeacon":
        return encode_ad_list([{"flags": 4}, {"altbeacon": {"company": f"0x{rng.randrange(65536):04X}", "id1": random_uuid(),
                                                            "id2": rng.randrange(65536), "id3": rng.randrange(65536),
                                                            "referenceRssi": rng.randint(-75, -50),
                                                            "reserved": rng.randrange(256)}}], rng)
    if kind == "eddystoneUid":
        return encode_ad_list([{"flags": 6}, {"serviceUuids16": ["0xFEAA"]},
                               {"eddystoneUid": {"txPowerAt0m": rng.randint(-30, 0),
                                                 "namespace": bytes(rng.randrange(256) for _ in range(10)).hex(),
                                                 "instance": bytes(rng.randrange(256) for _ in range(6)).hex(),
                                                 "reservedBytes": rng.random() < 0.5}}], rng)
    # not a beacon: what a crowd's phones, watches and tags send, or an advertising spammer's noise
    choice = rng.randrange(4)
    if choice == 0:  # Apple Nearby Info
        items = [{"flags": 26}, {"manufacturer": {"company": "0x004C", "hex": "10 05 ?? ?? ?? ?? ??"}}]
    elif choice == 1:  # Find My
        items = [{"manufacturer": {"company": "0x004C", "hex": "12 19" + " ??" * 25}}]
    elif choice == 2:  # another company's manufacturer data, 3 to 20 bytes
        items = [{"flags": 6}, {"manufacturer": {"company": f"0x{rng.randrange(65536):04X}",
                                                  "hex": " ".join(["??"] * rng.randint(3, 20))}}]
    else:  # a name and a 16-bit service
        items = [{"flags": 6}, {"serviceUuids16": [f"0x{rng.randrange(0x1800, 0xFE00):04X}"]},
                 {"shortName": f"BLE-{rng.randrange(65536):04X}"}]
    return encode_ad_list(items, rng)


def build_flood(cap: Capture, spec: dict, beacons: dict, plan: list, alongside: list, ride_start: int,
                ride_end: float, extended: bool) -> None:
    """`ratePerSecond` new identities a second (Poisson arrivals) in each window, drawn from
    `mix` (weights of FLOOD_KINDS); each heard `reportsPerIdentity` [min, max] times within a
    second, every report from a new random address, delivered 1 to 3 reports an event."""
    rng = random.Random(spec["seed"])
    mix = spec["mix"]
    kinds = [k for k in FLOOD_KINDS if mix.get(k, 0) > 0]
    if set(mix) - set(FLOOD_KINDS):
        raise ValueError(f"flood mix: unknown kinds {set(mix) - set(FLOOD_KINDS)}")
    weights = [mix[k] for k in kinds]
    station_identities = {(beacons["major"], i + 1) for i in range(len(STATIONS))}
    station_addresses = {a.upper() for a in beacons["addresses"].values()}
    lo, hi = spec["rssi"]
    reports: list[tuple[float, int, dict]] = []
    for begin, end in flood_windows(spec, plan, alongside, ride_end):
        sec = begin + rng.expovariate(spec["ratePerSecond"])
        while sec < end:
            kind = rng.choices(kinds, weights)[0]
            data = flood_advertising_data(kind, beacons["uuid"], station_identities, rng)
            frame = beacon_in(data)
            if (frame is None) != (kind == "nonBeacon"):
                raise AssertionError(f"flood {kind} advert decodes as {frame}")
            event_type = "ADV_NONCONN_IND" if frame else rng.choice(["ADV_IND", "ADV_NONCONN_IND", "ADV_SCAN_IND"])
            at = sec
            for _ in range(rng.randint(*spec["reportsPerIdentity"])):
                address = random_address(rng, rng.choice(["nrpa", "rpa", "static"]))
                while address in station_addresses:
                    address = random_address(rng, "nrpa")
                reports.append((at, len(reports), {"eventType": event_type, "addressType": 1, "address": address,
                                                   "data": data, "rssi": rng.randint(lo, hi)}))
                at += rng.uniform(0.05, 1.0)
            sec += rng.expovariate(spec["ratePerSecond"])
    reports.sort(key=lambda r: (r[0], r[1]))
    i = 0
    while i < len(reports):
        # as in the ride: reports received close together (within 300 ms) may share an event
        group = [r for r in reports[i:i + rng.choice([1, 1, 2, 3])] if r[0] - reports[i][0] < 0.3]
        at_us = ride_start + int(group[-1][0] * 1_000_000)
        cap.add(at_us, "event", advertising_event([finish_report(r, extended, rng) for _, _, r in group], extended))
        i += len(group)


def build_acl(cap: Capture, spec: dict, ride_start: int, rng: random.Random) -> None:
    """Periodic ATT notifications from a connected device (received) and a few writes (sent)."""
    handle = as_int(spec["handle"])
    sec = spec["fromSeconds"]
    while sec < spec["toSeconds"]:
        at = ride_start + int(sec * 1_000_000)
        value = hex_bytes(spec["notificationHex"], rng)
        cap.add(at, "acl-rx", acl_packet(handle, att_over_l2cap(b"\x1B" + struct.pack("<H", as_int(spec["attHandle"])) + value)))
        if rng.random() < spec.get("writeProbability", 0.0):
            cap.add(at + 3_100, "acl-tx", acl_packet(handle, att_over_l2cap(b"\x52" + struct.pack("<H", as_int(spec["attHandle"]) + 1) + b"\x01\x00")))
        sec += spec["periodSeconds"] * rng.uniform(0.9, 1.1)


# ---------------------------------------------------------------------------------------------
# Scenario kind "scripted": explicit records
# ---------------------------------------------------------------------------------------------


def scripted_report(spec: dict, extended: bool, rng: random.Random) -> dict:
    event_type = spec.get("eventType", "ADV_NONCONN_IND")
    if isinstance(event_type, str):
        event_type = (EXTENDED_LEGACY_EVENT_TYPES if extended else LEGACY_EVENT_TYPES)[event_type]
    at = spec.get("addressType", "random")
    report = {"eventType": as_int(event_type), "addressType": ADDRESS_TYPES[at] if isinstance(at, str) else at,
              "address": spec["address"], "rssi": spec.get("rssi", -70),
              "data": encode_ad_list(spec["advertisingData"], rng) if "advertisingData" in spec else b""}
    if "cutToDataBytes" in spec:
        report["cut"] = spec["cutToDataBytes"]
    for key in ("primaryPhy", "secondaryPhy", "sid", "txPower"):
        if key in spec:
            report[key] = spec[key]
    return report


def build_scripted(sc: dict, rng: random.Random) -> Capture:
    start = parse_time(sc["start"])
    cap = Capture(start, sc.get("controller"))
    for step in sc["timeline"]:
        at = start + int(round(step["at"] * 1_000_000))
        if "monitorPrologue" in step:
            monitor_prologue(cap, at)
        elif "command" in step:
            add_command(cap, at, step["command"], step.get("params"), step.get("returns"))
        elif "vendorCommand" in step:
            v = step["vendorCommand"]
            cap.add(at, "command", command_packet(as_int(v["opcode"]), hex_bytes(v["params"])))
            if "returns" in v:
                cap.add(at + 1_400, "event", command_complete(as_int(v["opcode"]), hex_bytes(v["returns"])))
        elif "advertisingReports" in step:
            extended = step.get("extended", False)
            reports = [scripted_report(r, extended, rng) for r in step["advertisingReports"]]
            cap.add(at, "event", advertising_event(reports, extended))
        elif "hardwareError" in step:
            cap.add(at, "event", event_packet(EVT_HARDWARE_ERROR, bytes([as_int(step["hardwareError"])])))
        elif "commandStatus" in step:
            cs = step["commandStatus"]
            cap.add(at, "event", command_status(as_int(cs["opcode"]), as_int(cs["status"])))
        elif "rawCommand" in step:
            cap.add(at, "command", hex_bytes(step["rawCommand"]))
        elif "rawEvent" in step:
            cap.add(at, "event", hex_bytes(step["rawEvent"]))
        elif "aclRx" in step or "aclTx" in step:
            a = step.get("aclRx") or step.get("aclTx")
            cap.add(at, "acl-rx" if "aclRx" in step else "acl-tx",
                    acl_packet(as_int(a["handle"]), att_over_l2cap(hex_bytes(a["attHex"]))))
        elif "note" in step:
            cap.add(at, "note", step["note"].encode() + b"\0")
        else:
            raise ValueError(f"unknown timeline step {step}")
    return cap


def build_monitor(sc: dict, rng: random.Random) -> Capture:
    """A station monitor's capture: beacons heard from one place, each through phases (steady,
    weaker, cloned from a second address, another TX power, silent, or a rotating address),
    described in the scenario; what each phase should be judged is its "health"."""
    start = parse_time(sc["start"])
    cap = Capture(start, sc.get("controller"))
    t = start
    if sc["datalink"] == DATALINK_MONITOR:
        monitor_prologue(cap, t)
        t += 4_000
    for name in sc.get("setup", []):
        t = add_command(cap, t + rng.randrange(300, 900), name)
    origin = t + 500_000
    adverts: list[tuple[float, int, dict]] = []
    for beacon in sc["beacons"]:
        for phase in beacon["phases"]:
            addresses = phase.get("addresses", [])
            if not addresses:
                continue
            interval = phase.get("intervalSeconds", sc.get("intervalSeconds", 0.3))
            loss = phase.get("loss", 0.2)
            rotate = phase.get("rotateSeconds")
            sec = phase["from"] + rng.uniform(0, interval)
            turn = 0
            while sec < phase["to"]:
                if rotate:  # one address after the other, never back
                    address = addresses[min(int((sec - phase["from"]) // rotate), len(addresses) - 1)]
                else:  # every address in turn: two devices advertising the same identity
                    address = addresses[turn % len(addresses)]
                turn += 1
                if rng.random() >= loss:
                    # Uniform within 3 dB, or Gaussian when the scenario gives a sigma.
                    noise = rng.gauss(0, sc["rssiSigma"]) if "rssiSigma" in sc else rng.uniform(-3, 3)
                    rssi = int(round(phase["rssi"] + noise))
                    data = encode_ad_list([{"flags": 6}, {"ibeacon": {
                        "uuid": sc["uuid"], "major": sc["major"], "minor": beacon["minor"],
                        "measuredPower": phase.get("measuredPower", -59)}}], rng)
                    adverts.append((sec, len(adverts), {"eventType": "ADV_NONCONN_IND", "addressType": 1,
                                                        "address": address, "data": data, "rssi": rssi}))
                sec += interval
    for sec, _, report in sorted(adverts, key=lambda item: (item[0], item[1])):
        cap.add(origin + int(round(sec * 1_000_000)), "event",
                advertising_event([finish_report(report, False, rng)], False))
    return cap


# ---------------------------------------------------------------------------------------------
# Putting a file together (with optional damage)
# ---------------------------------------------------------------------------------------------


def render(sc: dict) -> tuple[bytes, Capture | None]:
    rng = random.Random(sc["seed"])
    kind = sc["kind"]
    if kind == "textExport":  # what people often send instead of the binary capture
        return "".join(line + "\n" for line in sc["text"]).encode(), None
    builders = {"ride": build_ride, "monitor": build_monitor}
    cap = builders.get(kind, build_scripted)(sc, rng)
    datalink = sc["datalink"]
    out = bytearray(file_header(sc.get("headerDatalink", datalink)))
    encoded = [r for r in (encode_record(datalink, cap.index, *rec) for rec in cap.sorted_records()) if r is not None]
    damage = sc.get("damage", {})
    if "corruptRecord" in damage:
        c = damage["corruptRecord"]
        rec = bytearray(encoded[c["index"]])
        rec[4:8] = struct.pack(">I", as_int(c["includedLength"]))
        encoded[c["index"]] = bytes(rec)
    if "truncateFinalRecordTo" in damage:
        encoded[-1] = encoded[-1][:damage["truncateFinalRecordTo"]]
    for rec in encoded:
        out += rec
    if "truncateFileTo" in damage:
        out = out[:damage["truncateFileTo"]]
    return bytes(out), cap


# ---------------------------------------------------------------------------------------------
# Oracle: an independent reading of the produced bytes -> expected reports and summary
# ---------------------------------------------------------------------------------------------


class ReadError(Exception):
    def __init__(self, kind: str, offset: int, detail: str):
        super().__init__(detail)
        self.kind, self.offset, self.detail = kind, offset, detail


def read_btsnoop(blob: bytes):
    """Yields (offset, unix_us, flags, data); returns the warning for a truncated final record."""
    if len(blob) < 8 or blob[:8] != BTSNOOP_MAGIC:
        if len(blob) < 8 and BTSNOOP_MAGIC.startswith(blob):
            raise ReadError("truncatedFileHeader", 0, f"file header needs 16 bytes, file has {len(blob)}")
        raise ReadError("notACapture", 0, "identification pattern is not \"btsnoop\\0\"")
    if len(blob) < 16:
        raise ReadError("truncatedFileHeader", 0, f"file header needs 16 bytes, file has {len(blob)}")
    version, datalink = struct.unpack(">II", blob[8:16])
    if version != 1:
        raise ReadError("unsupportedVersion", 8, f"version {version}")
    if datalink not in (DATALINK_HCI, DATALINK_H4, DATALINK_MONITOR):
        raise ReadError("unsupportedDatalink", 12, f"datalink {datalink}")
    records = []
    pos = 16
    warning = None
    while pos < len(blob):
        if len(blob) - pos < 24:
            warning = {"kind": "truncatedFinalRecord", "offset": pos,
                       "detail": f"record header needs 24 bytes, {len(blob) - pos} present"}
            break
        orig, incl, flags, drops, ts = struct.unpack(">IIIIq", blob[pos:pos + 24])
        if incl > orig or incl > 0xFFFF + 5:
            error = ReadError("invalidRecordLength", pos,
                              f"included length {incl} (original length {orig}) at record {len(records)}")
            error.records_before = len(records)
            raise error
        if pos + 24 + incl > len(blob):
            warning = {"kind": "truncatedFinalRecord", "offset": pos,
                       "detail": f"record announces {incl} bytes, {len(blob) - pos - 24} present"}
            break
        records.append((pos, ts - BTSNOOP_EPOCH_DELTA_US, flags, blob[pos + 24:pos + 24 + incl]))
        pos += 24 + incl
    return datalink, records, warning


def classify(datalink: int, flags: int, data: bytes):
    """(packet kind, HCI packet without H4 byte) or (None, None) for non-HCI monitor records."""
    if datalink == DATALINK_MONITOR:
        opcode = flags & 0xFFFF
        return {MON_COMMAND: ("command", data), MON_EVENT: ("event", data), MON_ACL_TX: ("acl", data),
                MON_ACL_RX: ("acl", data), MON_SCO_TX: ("sco", data), MON_SCO_RX: ("sco", data),
                MON_ISO_TX: ("iso", data), MON_ISO_RX: ("iso", data)}.get(opcode, (None, None))
    if datalink == DATALINK_H4:
        kind = {H4_COMMAND: "command", H4_ACL: "acl", H4_SCO: "sco", H4_EVENT: "event", H4_ISO: "iso"}.get(data[0] if data else -1)
        return (kind, data[1:]) if kind else (None, None)
    if flags & 0b10:
        return ("event" if flags & 1 else "command"), data
    return "acl", data


def walk_ad(data: bytes) -> list[tuple[int, bytes]]:
    """The well-formed prefix of an AD structure list."""
    out, i = [], 0
    while i < len(data):
        length = data[i]
        if length == 0 or i + 1 + length > len(data):
            break
        out.append((data[i + 1], data[i + 2:i + 1 + length]))
        i += 1 + length
    return out


def beacon_in(data: bytes) -> dict | None:
    found = []
    for ad_type, body in walk_ad(data):
        if ad_type == 0xFF and len(body) == 25 and body[:4] == b"\x4C\x00\x02\x15":
            major, minor, power = struct.unpack(">HHb", body[20:25])
            found.append({"kind": "ibeacon", "uuid": uuid_text(body[4:20]), "major": major, "minor": minor,
                          "txPower": power})
        elif ad_type == 0xFF and len(body) == 26 and body[2:4] == b"\xBE\xAC":
            major, minor, ref = struct.unpack(">HHb", body[20:25])
            found.append({"kind": "altbeacon", "uuid": uuid_text(body[4:20]), "major": major, "minor": minor,
                          "txPower": ref})
        elif ad_type == 0x16 and len(body) in (20, 22) and body[:3] == b"\xAA\xFE\x00":
            found.append({"kind": "eddystone-uid", "uuid": None, "major": None, "minor": None,
                          "txPower": s8(body[3]) - 41, "namespace": body[4:14].hex().upper(),
                          "instance": body[14:20].hex().upper()})
    if len(found) > 1:
        raise ValueError("fixture has a report with two beacon frames; keep fixtures unambiguous")
    return found[0] if found else None


def parse_reports(params: bytes):
    """(reports, announced, problem) for LE meta subevent 0x02/0x0D; reports before a problem are kept."""
    sub, announced = params[0], params[1]
    pos, reports = 2, []
    for _ in range(announced):
        if sub == LE_ADVERTISING_REPORT:
            if pos + 9 > len(params):
                return reports, announced, "truncated"
            event_type, addr_type = params[pos], params[pos + 1]
            address = params[pos + 2:pos + 8]
            length = params[pos + 8]
            if length > 31 or pos + 9 + length + 1 > len(params):
                return reports, announced, "truncated"
            data = params[pos + 9:pos + 9 + length]
            rssi = s8(params[pos + 9 + length])
            pos += 10 + length
        else:
            if pos + 24 > len(params):
                return reports, announced, "truncated"
            event_type = struct.unpack("<H", params[pos:pos + 2])[0]
            addr_type = params[pos + 2]
            address = params[pos + 3:pos + 9]
            rssi = s8(params[pos + 13])
            length = params[pos + 23]
            if pos + 24 + length > len(params):
                return reports, announced, "truncated"
            data = params[pos + 24:pos + 24 + length]
            pos += 24 + length
        reports.append({"eventType": event_type, "addressType": addr_type, "address": address, "data": data,
                        "rssi": None if rssi == 127 else rssi})
    if pos != len(params):
        return reports, announced, "trailingBytes"
    return reports, announced, None


def oracle(blob: bytes):
    summary: dict = {}
    lines: list[dict] = []
    # the station each of the project's (major, minor) identities names, on the whole network
    station_of = {identity: name for name, identity in network_identities().items()}
    try:
        datalink, records, warning = read_btsnoop(blob)
    except ReadError as error:
        summary["error"] = {"kind": error.kind, "offset": error.offset, "detail": error.detail}
        if hasattr(error, "records_before"):
            summary["recordsBeforeError"] = error.records_before
        summary["fileSize"] = len(blob)
        return lines, summary
    counts = {"records": len(records), "hciPackets": 0, "commands": 0, "events": 0, "aclPackets": 0,
              "advertisingEvents": 0, "advertisingReports": 0, "malformedEvents": 0, "lostReports": 0}
    beacons = {"ibeacon": 0, "altbeacon": 0, "eddystone-uid": 0}
    stations = set()
    for _offset, unix_us, flags, data in records:
        kind, packet = classify(datalink, flags, data)
        if kind is None:
            continue
        counts["hciPackets"] += 1
        key = {"command": "commands", "event": "events", "acl": "aclPackets"}.get(kind)
        if key:
            counts[key] += 1
        if kind != "event" or len(packet) < 4 or packet[0] != EVT_LE_META:
            continue
        if packet[1] != len(packet) - 2:
            counts["malformedEvents"] += 1
            continue
        if packet[2] not in (LE_ADVERTISING_REPORT, LE_EXTENDED_ADVERTISING_REPORT):
            continue
        counts["advertisingEvents"] += 1
        reports, announced, problem = parse_reports(packet[2:])
        counts["advertisingReports"] += len(reports)
        if problem:
            counts["malformedEvents"] += 1
            counts["lostReports"] += announced - len(reports)
        for r in reports:
            frame = beacon_in(r["data"])
            if frame is None:
                continue
            beacons[frame["kind"]] += 1
            station = None
            if frame["kind"] == "ibeacon" and frame["uuid"] == PROJECT_UUID:
                station = station_of.get((frame["major"], frame["minor"]))
                if station:
                    stations.add(station)
            line = {"time": format_time(unix_us), "address": address_text(r["address"]),
                    "addressType": "random" if r["addressType"] in (1, 3) else "public", "rssi": r["rssi"],
                    "kind": frame["kind"], "uuid": frame["uuid"], "major": frame["major"], "minor": frame["minor"],
                    "txPower": frame["txPower"], "station": station}
            if frame["kind"] == "eddystone-uid":
                line["namespace"], line["instance"] = frame["namespace"], frame["instance"]
            lines.append(line)
    summary.update(counts)
    summary["datalink"] = datalink
    summary["beaconReports"] = beacons
    summary["stationsHeard"] = [s for s in network_identities() if s in stations]
    summary["truncatedFinalRecord"] = warning is not None
    if warning:
        summary["warning"] = warning
    summary["error"] = None
    return lines, summary


def check_expectations(sc: dict, lines: list[dict], summary: dict) -> None:
    """The scenario's own claims must hold for the produced bytes."""
    claims = sc.get("expect", {})
    for key, want in claims.items():
        have = summary.get(key) if key != "errorKind" else (summary.get("error") or {}).get("kind")
        if key == "beaconReports":
            for kind, n in want.items():
                if summary["beaconReports"][kind] != n:
                    raise AssertionError(f"{sc['name']}: beaconReports.{kind} is {summary['beaconReports'][kind]}, scenario says {n}")
        elif have != want:
            raise AssertionError(f"{sc['name']}: {key} is {have!r}, scenario says {want!r}")
    if sc["kind"] == "scripted":
        wanted = []
        for step in sc["timeline"]:
            for r in step.get("advertisingReports", []):
                if "expect" in r:
                    wanted.append((r["address"], r["expect"]))
        got = [(line["address"], line["kind"]) for line in lines]
        want_beacons = [(a.upper(), k) for a, k in wanted if k]
        if got != want_beacons:
            raise AssertionError(f"{sc['name']}: beacon reports {got} differ from annotations {want_beacons}")


# ---------------------------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------------------------


def outputs_for(sc: dict) -> dict[str, bytes]:
    blob, cap = render(sc)
    lines, summary = oracle(blob)
    check_expectations(sc, lines, summary)
    summary = {"fixture": f"{sc['name']}.btsnoop", "description": sc.get("description", ""),
               "fileSize": len(blob), **summary}
    jsonl = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
    out = {f"{sc['name']}.btsnoop": blob}
    if not summary.get("error"):
        # A file the reader must reject has no reports to expect: only its summary (with the error).
        out[f"{sc['name']}.expected.jsonl"] = jsonl.encode()
    out[f"{sc['name']}.expected-summary.json"] = (json.dumps(summary, indent=2) + "\n").encode()
    if cap is not None and cap.ride_start_us is not None:
        out[f"{sc['name']}.expected-stations.json"] = (json.dumps(ride_truth(sc, cap), indent=2) + "\n").encode()
    return out


def ride_truth(sc: dict, cap: Capture) -> dict:
    """What the train did, from the scenario's own timeline (not from decoding): where it stood and
    when (`alongside`: the rider's car reaches the platform while braking in; `arrive`: stands
    still; `depart`), the rider's destination, and the beacons that must not produce a FOUND."""
    def at(sec: float) -> str:
        return format_time(cap.ride_start_us + int(sec * 1_000_000))
    ride = sc["ride"]
    stops = [{"station": name, "alongside": at(alongside), "arrive": at(arrive), "depart": at(depart)}
             for (name, arrive, depart), alongside in zip(cap.plan, cap.alongside)]
    stood = {name for name, _, _ in cap.plan}
    mustNotBeFound = []
    for other in ride.get("otherPlatforms", []):
        mustNotBeFound.append({"station": other["station"], "role": "neighbour",
                               "address": sc["stationBeacons"]["addresses"][other["station"]]})
    for rogue in ride.get("rogueBeacons", []):
        mustNotBeFound.append({"station": rogue["station"], "role": "rogue", "address": rogue["address"].upper()})
    destination = ride.get("destination", cap.plan[-1][0])
    trains = [{"line": train["line"], "direction": train["direction"], "set": train["set"], "at": train["at"],
               "arrive": at(arrive), "depart": at(depart), "riderBoards": bool(train.get("departsWithRider"))}
              for train, arrive, depart in cap.train_stands]
    truth_trains = {"trains": trains} if trains else {}
    return {"fixture": f"{sc['name']}.btsnoop", "stops": stops, **truth_trains, "destination": destination,
            "destinationReached": destination in stood,
            "neverStoodAt": [s for s in STATIONS if s not in stood], "mustNotBeFound": mustNotBeFound}


def load_scenario(path: Path) -> dict:
    """A scenario; one with `sameRideAs` takes every key of that ride scenario (seed included, so
    the ride's records are the same) except its own `name`, `description`, `flood` and `expect`."""
    sc = json.loads(path.read_text())
    if "sameRideAs" not in sc:
        return sc
    base = json.loads((SCENARIOS / f"{sc['sameRideAs']}.json").read_text())
    if base["kind"] != "ride" or "sameRideAs" in base:
        raise SystemExit(f"{path}: sameRideAs must name a ride scenario of its own")
    extra = set(sc) - {"name", "description", "sameRideAs", "flood", "expect"}
    if extra:
        raise SystemExit(f"{path}: with sameRideAs, the ride's keys come from {sc['sameRideAs']}: {sorted(extra)}")
    merged = {key: value for key, value in base.items() if key not in ("flood", "expect")}
    merged.update(sc)
    return merged


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if a committed fixture differs from a fresh build")
    parser.add_argument("names", nargs="*", help="scenario names (default: all)")
    args = parser.parse_args()
    paths = sorted(SCENARIOS.glob("*.json"))
    if args.names:
        paths = [p for p in paths if p.stem in args.names]
    stale = 0
    for path in paths:
        sc = load_scenario(path)
        if sc["name"] != path.stem:
            raise SystemExit(f"{path}: name {sc['name']!r} must match the file name")
        for filename, content in outputs_for(sc).items():
            target = FIXTURES / filename
            rel = target.relative_to(ROOT)
            if args.check:
                if not target.exists() or target.read_bytes() != content:
                    print(f"DIFFERS  {rel}")
                    stale += 1
                else:
                    print(f"ok       {rel}")
            else:
                target.write_bytes(content)
                print(f"wrote    {rel} ({len(content)} bytes)")
    if args.check and stale:
        print(f"{stale} fixture file(s) differ; run python3 tools/make-fixtures.py and commit", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
