#!/usr/bin/env python3
"""Turn the philotuxo BLE RSSI tracks (real radio, with ground truth) into btsnoop captures.

The Position Annotated BLE RSSI Dataset (philotuxo/Position-Annotated-BLE-RSSI-Dataset, CC0 1.0;
the authors ask users to cite Danis et al., Pervasive and Mobile Computing 81 (2022), or IEEE
Access 9 (2021)) recorded one BLE beacon carried along tracks through a room of about 18 m x 17 m
while 12 fixed receivers logged every advertisement they heard, and a camera system gave the
beacon's position. Reads from DIR (default ../shared/rssi/philotuxo beside the repository):
  cnf/tetam.dev                 the receivers: `Dongles:{"<mac>": [[x, y, z], colour, "<alias>"], ...}`
  trk/<track>_all_sensors.mbd   one line per report:
                                unix_time,receiver_mac,beacon_mac,rssi,x,y,z,<3x3 orientation>

Writes into OUTDIR:
  receivers.csv                      alias,mac,kind,x,y,z   (kind: pi for b827eb..., else dongle)
  <track>/<alias>.btsnoop            what that receiver heard on that track, as a capture
  <track>/<alias>.truth.csv          time,rssi,distance_m,x,y,z per report, in the capture's order
A file for every receiver of cnf/tetam.dev and every track, empty (header only) when the receiver
heard nothing on the track.

What is the recording's and what is constructed. The dataset records, per report, the time, the
receiver, the beacon's address and the RSSI; not the advertisement itself. Each capture record is
one HCI LE Advertising Report event (Core Vol 4 Part E 7.7.65.2) with one report, in btsnoop
datalink 1002 (H4), at the recorded time (rounded half-even to the microsecond), from the
recorded beacon address, with the recorded RSSI as a signed byte (a positive value, impossible
for a real RSSI, stays as it was; 127 would read as "no RSSI", as HCI defines it). The address
type (public), the PDU type (ADV_NONCONN_IND) and the payload are constructed: flags 0x06 and an
iBeacon with DATASET_UUID (below), major 1, minor 1, measured power -59 dBm. Only time, address
and RSSI are the recording's.

Truth: `time` is the capture record's time (Unix seconds, 6 decimals), `rssi` as recorded,
`x,y,z` the beacon's position as recorded (metres), `distance_m` = |beacon - receiver| (4
decimals) with the receiver's position from cnf/tetam.dev.

Order: each receiver's reports are sorted by time (stable: equal times keep the file's order).
The merged track files are in time order except where the merge compared times written with
different numbers of digits; per receiver they are in order. A receiver whose reports had to be
reordered is named on standard error with the count.

Malformed lines (wrong field count, a number that does not parse, an RSSI outside -128..127, a
MAC that is not 12 hex digits, a receiver missing from cnf/tetam.dev) are skipped with a warning
naming the file, line and field; the rest is converted. Output is deterministic: the same input
gives the same bytes.

The HCI and btsnoop encoding is tools/make-fixtures.py's (imported, not copied).

Usage:
  tools/rssi-captures.py [--data DIR] OUTDIR
Exit status: 0 done (warnings or not), 64 bad arguments, 66 the data (DIR, cnf/tetam.dev or any
trk/*_all_sensors.mbd) is missing, 73 OUTDIR cannot be written.

Standard library only.
"""

from __future__ import annotations

import argparse
import ast
import decimal
import importlib.util
import math
import sys
import uuid
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "rssi" / "philotuxo"

_spec = importlib.util.spec_from_file_location("make_fixtures", ROOT / "tools" / "make-fixtures.py")
assert _spec is not None and _spec.loader is not None
mf = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mf)

DATASET_URL = "https://github.com/philotuxo/Position-Annotated-BLE-RSSI-Dataset"
# The constructed iBeacon's UUID: uuid5(NAMESPACE_URL, DATASET_URL) = D782CE86-D01B-54F6-9ECD-D61DEA69D782.
DATASET_UUID = str(uuid.uuid5(uuid.NAMESPACE_URL, DATASET_URL)).upper()
MAJOR, MINOR, MEASURED_POWER = 1, 1, -59
TRACK_SUFFIX = "_all_sensors.mbd"
PI_PREFIX = "b827eb"  # Raspberry Pi Foundation's OUI
FIELDS = ("unix_time", "receiver_mac", "beacon_mac", "rssi", "x", "y", "z")

EX_USAGE, EX_NOINPUT, EX_CANTCREAT = 64, 66, 73


def shown(text: str) -> str:
    """Input text as it may be printed: control and non-ASCII characters escaped."""
    return text.encode("unicode_escape").decode("ascii")


def warn(message: str) -> None:
    print(f"rssi-captures: {message}", file=sys.stderr)


@dataclass(frozen=True)
class Receiver:
    alias: str
    mac: str  # 12 lower-case hex digits, as the dataset writes it
    position: tuple[float, float, float]
    position_text: tuple[str, str, str]

    @property
    def kind(self) -> str:
        return "pi" if self.mac.startswith(PI_PREFIX) else "dongle"


@dataclass(frozen=True)
class Report:
    unix_us: int
    beacon_mac: str
    rssi: int
    position: tuple[float, float, float]
    position_text: tuple[str, str, str]


def is_mac(text: str) -> bool:
    return len(text) == 12 and all(c in "0123456789abcdef" for c in text.lower())


def colon_address(mac: str) -> str:
    return ":".join(mac[i:i + 2] for i in range(0, 12, 2)).upper()


def coordinate_text(value: float) -> str:
    return repr(value)  # the shortest text that reads back as the same number


def read_receivers(path: Path) -> dict[str, Receiver]:
    """The `Dongles:` line of tetam.dev (a Python dict literal), keyed by MAC."""
    receivers: dict[str, Receiver] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        label, sep, rest = line.partition(":")
        if not sep or label.strip() != "Dongles":
            continue
        try:
            devices = ast.literal_eval(rest.strip())
        except (ValueError, SyntaxError) as error:
            warn(f"{path}:{number}: the Dongles dictionary does not parse ({shown(str(error))}); skipped")
            continue
        if not isinstance(devices, dict):
            warn(f"{path}:{number}: Dongles is not a dictionary; skipped")
            continue
        for mac, entry in devices.items():
            try:
                position, _colour, alias = entry
                x, y, z = (float(v) for v in position)
                if not (isinstance(mac, str) and is_mac(mac) and isinstance(alias, str) and alias.isidentifier()
                        and all(math.isfinite(v) for v in (x, y, z))):
                    raise ValueError
            except (TypeError, ValueError):
                warn(f"{path}:{number}: receiver '{shown(str(mac))}': expected \"<12 hex digits>\": "
                     f"[[x, y, z], colour, \"<alias>\"]; skipped")
                continue
            receivers[mac.lower()] = Receiver(alias, mac.lower(), (x, y, z),
                                              (coordinate_text(x), coordinate_text(y), coordinate_text(z)))
    return receivers


def parse_time_us(text: str) -> int:
    """Decimal Unix seconds to microseconds, rounded half-even, without binary floating point."""
    value = decimal.Decimal(text)
    if not value.is_finite() or value < 0:
        raise ValueError(text)
    return int((value * 1_000_000).to_integral_value(rounding=decimal.ROUND_HALF_EVEN))


def read_track(path: Path, receivers: dict[str, Receiver]) -> dict[str, list[Report]]:
    """Reports per receiver MAC, in the file's order; malformed lines warned about and skipped."""
    per_receiver: dict[str, list[Report]] = {mac: [] for mac in receivers}
    unknown: dict[str, int] = {}
    with path.open(encoding="utf-8", errors="replace", newline="") as lines:
        for number, line in enumerate(lines, 1):
            line = line.rstrip("\r\n")
            if not line.strip():
                continue
            fields = line.split(",")
            where = f"{path}:{number}"
            if len(fields) < len(FIELDS):
                warn(f"{where}: {len(fields)} fields, expected {len(FIELDS)} or more "
                     f"({','.join(FIELDS)},...); line skipped")
                continue
            problem = None
            try:
                column = 1
                unix_us = parse_time_us(fields[0])
                column = 2
                receiver = fields[1].strip().lower()
                if not is_mac(receiver):
                    raise ValueError
                column = 3
                beacon = fields[2].strip().lower()
                if not is_mac(beacon):
                    raise ValueError
                column = 4
                rssi = int(fields[3])
                if not -128 <= rssi <= 127:
                    raise ValueError
                texts = []
                values = []
                for column in (5, 6, 7):
                    value = float(fields[column - 1])
                    if not math.isfinite(value):
                        raise ValueError
                    values.append(value)
                    texts.append(fields[column - 1].strip())
            except (ValueError, decimal.InvalidOperation):
                problem = column
            if problem is not None:
                warn(f"{where}: field {problem} ({FIELDS[problem - 1]}) "
                     f"'{shown(fields[problem - 1])}' is not valid; line skipped")
                continue
            if receiver not in receivers:
                unknown[receiver] = unknown.get(receiver, 0) + 1
                if unknown[receiver] == 1:
                    warn(f"{where}: field 2 (receiver_mac) {receiver} is not in cnf/tetam.dev; "
                         f"its lines are skipped")
                continue
            per_receiver[receiver].append(
                Report(unix_us, beacon, rssi, (values[0], values[1], values[2]), (texts[0], texts[1], texts[2])))
    for receiver, count in sorted(unknown.items()):
        if count > 1:
            warn(f"{path}: {count} lines of unknown receiver {receiver} skipped")
    return per_receiver


def ibeacon_data() -> bytes:
    return mf.encode_ad_list(
        [{"flags": 0x06},
         {"ibeacon": {"uuid": DATASET_UUID, "major": MAJOR, "minor": MINOR, "measuredPower": MEASURED_POWER}}],
        None)


def capture_bytes(reports: list[Report]) -> bytes:
    data = ibeacon_data()
    out = bytearray(mf.file_header(mf.DATALINK_H4))
    for report in reports:
        event = mf.advertising_event(
            [{"eventType": mf.LEGACY_EVENT_TYPES["ADV_NONCONN_IND"], "addressType": mf.ADDRESS_TYPES["public"],
              "address": colon_address(report.beacon_mac), "data": data, "rssi": report.rssi}],
            extended=False)
        record = mf.encode_record(mf.DATALINK_H4, 0, report.unix_us, "event", event)
        assert record is not None  # an event always has an H4 record
        out += record
    return bytes(out)


def truth_text(reports: list[Report], receiver: Receiver) -> str:
    lines = ["time,rssi,distance_m,x,y,z"]
    for report in reports:
        distance = math.dist(report.position, receiver.position)
        seconds, micros = divmod(report.unix_us, 1_000_000)
        lines.append(f"{seconds}.{micros:06d},{report.rssi},{distance:.4f},{','.join(report.position_text)}")
    return "\n".join(lines) + "\n"


def receivers_text(receivers: dict[str, Receiver]) -> str:
    lines = ["alias,mac,kind,x,y,z"]
    for receiver in sorted(receivers.values(), key=lambda r: r.alias):
        lines.append(f"{receiver.alias},{receiver.mac},{receiver.kind},{','.join(receiver.position_text)}")
    return "\n".join(lines) + "\n"


class Parser(argparse.ArgumentParser):
    def error(self, message: str):  # usage errors exit 64 (EX_USAGE), as the project's programs do
        self.print_usage(sys.stderr)
        self.exit(EX_USAGE, f"{self.prog}: error: {message}\n")


def main() -> int:
    parser = Parser(
        prog="tools/rssi-captures.py",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="""Write one btsnoop capture and one truth CSV per receiver and track of the philotuxo
BLE RSSI dataset (philotuxo/Position-Annotated-BLE-RSSI-Dataset, CC0 1.0):
  OUTDIR/receivers.csv              alias,mac,kind(pi|dongle),x,y,z
  OUTDIR/<track>/<alias>.btsnoop    one LE Advertising Report per recorded line (btsnoop H4)
  OUTDIR/<track>/<alias>.truth.csv  time,rssi,distance_m,x,y,z, in the capture's order
Time, beacon address and RSSI are the recording's (an impossible RSSI such as +42 is kept);
the frame around them is constructed: ADV_NONCONN_IND, public address, an iBeacon
""" + f"{DATASET_UUID} major {MAJOR} minor {MINOR} at {MEASURED_POWER} dBm." + """
Malformed lines are skipped with a warning naming file, line and field.""",
        epilog="""exit status: 0 done, 64 bad arguments, 66 no dataset at DIR, 73 OUTDIR not writable

example:
  tools/rssi-captures.py /tmp/rssi
  beacon-scan --replay /tmp/rssi/straight_01/sensor10.btsnoop --format json""")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, metavar="DIR",
                        help=f"the dataset: cnf/tetam.dev and trk/*{TRACK_SUFFIX} (default: ../shared/rssi/philotuxo "
                             "beside the repository)")
    parser.add_argument("outdir", type=Path, metavar="OUTDIR",
                        help="where to write receivers.csv and <track>/<receiver>.btsnoop and .truth.csv")
    args = parser.parse_args()

    devices = args.data / "cnf" / "tetam.dev"
    tracks = sorted((args.data / "trk").glob("*" + TRACK_SUFFIX)) if args.data.is_dir() else []
    if not args.data.is_dir():
        warn(f"{shown(str(args.data))}: no such directory; give the dataset with --data DIR "
             "(philotuxo/Position-Annotated-BLE-RSSI-Dataset: cnf/ and trk/)")
        return EX_NOINPUT
    if not devices.is_file():
        warn(f"{shown(str(devices))}: missing; the receivers' positions are needed")
        return EX_NOINPUT
    if not tracks:
        warn(f"{shown(str(args.data / 'trk'))}: no *{TRACK_SUFFIX} track files")
        return EX_NOINPUT
    receivers = read_receivers(devices)
    if not receivers:
        warn(f"{shown(str(devices))}: no receiver could be read")
        return EX_NOINPUT

    try:
        args.outdir.mkdir(parents=True, exist_ok=True)
        (args.outdir / "receivers.csv").write_text(receivers_text(receivers), encoding="utf-8")
        for track in tracks:
            name = track.name[:-len(TRACK_SUFFIX)]
            per_receiver = read_track(track, receivers)
            folder = args.outdir / name
            folder.mkdir(exist_ok=True)
            total = 0
            for mac, reports in sorted(per_receiver.items(), key=lambda item: receivers[item[0]].alias):
                receiver = receivers[mac]
                ordered = sorted(reports, key=lambda r: r.unix_us)
                moved = sum(1 for a, b in zip(reports, ordered) if a is not b)
                if moved:
                    warn(f"{track}: {receiver.alias} ({mac}): {moved} reports were out of time order; sorted")
                (folder / f"{receiver.alias}.btsnoop").write_bytes(capture_bytes(ordered))
                (folder / f"{receiver.alias}.truth.csv").write_text(truth_text(ordered, receiver), encoding="utf-8")
                total += len(ordered)
            print(f"{shown(str(folder))}: {len(per_receiver)} receivers, {total} reports")
    except OSError as error:
        warn(f"cannot write into {shown(str(args.outdir))}: {shown(str(error))}")
        return EX_CANTCREAT
    return 0


if __name__ == "__main__":
    sys.exit(main())
