#!/usr/bin/env python3
"""Smoke test of tools/emulator.py, without any of our Swift code.

Starts the emulator with controllers A and B on loopback TCP and C on a pty, plus a Bumble
iBeacon device and a Bumble scan log, and talks to the controllers as a plain H4 host (raw
command bytes in, events out):

  * every controller: Reset, Read Local Supported Commands, Read BD_ADDR, LE Read Local
    Supported Features (LE Extended Advertising announced or not, as the mode says);
  * A and C scan (legacy commands); B advertises the Lebak Bulus… iBeacon of the tests with
    the legacy commands as ADV_NONCONN_IND every 100 ms; A and C must report it (subevent 0x02
    event type 0x03 with --legacy-reports, else 0x0D event type 0x0010) with the exact AD bytes;
    the latency from B's Command Complete for the advertise-enable to A's first report and the
    advertising interval A observes are measured;
  * the --advertise-ibeacon device is heard by A, non-connectable, with its AD bytes;
  * the --scan-log file records B's advertising;
  * after Reset on B nothing more is heard from B;
  * SIGTERM stops the emulator promptly with status 0 and its pty link is gone.

Usage: tools/.venv/bin/python tools/emulator-smoke.py [--mode legacy|extended|both]
       [--ports A,B] [--pty PATH]
Exit 0 when every check passes, 1 with a message naming the failed check otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import signal
import socket
import subprocess
import sys
import tempfile
import termios
import time
import tty
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EMULATOR = ROOT / "tools" / "emulator.py"

PROJECT_UUID = "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3"
# The iBeacon of Cipete Raya (major 1, minor 3, −59 dBm at 1 m), as B advertises it.
B_AD = bytes.fromhex("0201061AFF4C000215F63B21BA26354BE4B6FFE2EAB8B541C30001000" "3C5")
DEVICE_BEACON = f"{PROJECT_UUID}:1:13:-59"  # Bundaran HI, from the emulator's Bumble device

ADDRESS_A, ADDRESS_B, ADDRESS_C = "F0:F1:F2:F3:F4:0A", "F0:F1:F2:F3:F4:0B", "F0:F1:F2:F3:F4:0C"

TIMEOUT = 5.0  # seconds for any single expected event


class SmokeFailure(Exception):
    pass


def check(condition: bool, message: str) -> None:
    if not condition:
        raise SmokeFailure(message)


def address_bytes(text: str) -> bytes:
    return bytes(reversed(bytes.fromhex(text.replace(":", ""))))


def address_text(raw: bytes) -> str:
    return ":".join(f"{b:02X}" for b in reversed(raw))


# ------------------------------------------------------------------------------------------
# A minimal H4 host
# ------------------------------------------------------------------------------------------


class H4Host:
    """Raw H4 over a connected socket or a pty file descriptor."""

    def __init__(self, name: str, fd: int, sock: socket.socket | None = None) -> None:
        self.name, self.fd, self.sock = name, fd, sock
        self.buffer = bytearray()
        self.reports: list[tuple[float, dict]] = []  # every advertising report, in order

    @classmethod
    def tcp(cls, name: str, host: str, port: int) -> "H4Host":
        sock = socket.create_connection((host, port), timeout=TIMEOUT)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.setblocking(False)
        return cls(name, sock.fileno(), sock)

    @classmethod
    def pty(cls, name: str, path: str) -> "H4Host":
        fd = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        tty.setraw(fd)
        termios.tcflush(fd, termios.TCIOFLUSH)  # whatever the controller sent before we came
        return cls(name, fd)

    def close(self) -> None:
        if self.sock:
            self.sock.close()
        else:
            os.close(self.fd)

    def write(self, data: bytes) -> None:
        view = memoryview(data)
        deadline = time.monotonic() + TIMEOUT
        while view:
            _, writable, _ = select.select([], [self.fd], [], max(0.0, deadline - time.monotonic()))
            check(bool(writable), f"{self.name}: cannot write to the controller")
            view = view[os.write(self.fd, view):]

    def _fill(self, deadline: float) -> bool:
        readable, _, _ = select.select([self.fd], [], [], max(0.0, deadline - time.monotonic()))
        if not readable:
            return False
        try:
            chunk = os.read(self.fd, 4096)
        except BlockingIOError:
            return True
        check(bool(chunk), f"{self.name}: the controller closed the connection")
        self.buffer += chunk
        return True

    def next_event(self, deadline: float) -> tuple[float, int, bytes] | None:
        """(arrival time, event code, parameters) of the next HCI event, or None at deadline."""
        while True:
            if len(self.buffer) >= 1:
                check(self.buffer[0] == 0x04,
                      f"{self.name}: expected an H4 event (0x04), got packet type 0x{self.buffer[0]:02X}")
                if len(self.buffer) >= 3 and len(self.buffer) >= 3 + self.buffer[2]:
                    length = self.buffer[2]
                    code, parameters = self.buffer[1], bytes(self.buffer[3:3 + length])
                    del self.buffer[:3 + length]
                    now = time.monotonic()
                    if code == 0x3E and parameters[:1] in (b"\x02", b"\x0d"):
                        for report in parse_reports(parameters):
                            self.reports.append((now, report))
                    return now, code, parameters
            if time.monotonic() >= deadline or not self._fill(deadline):
                if len(self.buffer) >= 3 and len(self.buffer) >= 3 + self.buffer[2]:
                    continue
                return None

    def command(self, opcode: int, parameters: bytes = b"", name: str = "") -> tuple[float, bytes]:
        """Sends a command; returns (arrival time, return parameters) of its Command Complete."""
        label = name or f"0x{opcode:04X}"
        self.write(bytes([0x01]) + opcode.to_bytes(2, "little") + bytes([len(parameters)]) + parameters)
        deadline = time.monotonic() + TIMEOUT
        while True:
            event = self.next_event(deadline)
            check(event is not None, f"{self.name}: no Command Complete for {label} within {TIMEOUT} s")
            at, code, body = event
            if code == 0x0E and int.from_bytes(body[1:3], "little") == opcode:
                status = body[3]
                check(status == 0, f"{self.name}: {label} failed with status 0x{status:02X}")
                return at, body[3:]
            if code == 0x0F and int.from_bytes(body[2:4], "little") == opcode:
                raise SmokeFailure(f"{self.name}: {label} answered with Command Status 0x{body[0]:02X}")

    def find_report(self, matches, since: int, timeout: float) -> tuple[int, float, dict] | None:
        """(index, arrival, report) of the first report at or after index `since` of
        self.reports for which matches() holds; None when none comes within timeout."""
        deadline = time.monotonic() + timeout
        index = since
        while True:
            while index < len(self.reports):
                at, report = self.reports[index]
                if matches(report):
                    return index, at, report
                index += 1
            if self.next_event(deadline) is None:
                return None

    def wait_report(self, matches, what: str, since: int = 0, timeout: float = TIMEOUT) -> tuple[int, float, dict]:
        found = self.find_report(matches, since, timeout)
        check(found is not None, f"{self.name}: no {what} within {timeout} s")
        return found

    def drain(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while self.next_event(deadline) is not None:
            pass


def parse_reports(parameters: bytes) -> list[dict]:
    subevent, count, at = parameters[0], parameters[1], 2
    reports = []
    for _ in range(count):
        if subevent == 0x02:
            event_type, address_type = parameters[at], parameters[at + 1]
            address = address_text(parameters[at + 2:at + 8])
            length = parameters[at + 8]
            data = parameters[at + 9:at + 9 + length]
            rssi = int.from_bytes(parameters[at + 9 + length:at + 10 + length], "little", signed=True)
            at += 10 + length
        else:
            event_type = int.from_bytes(parameters[at:at + 2], "little")
            address_type = parameters[at + 2]
            address = address_text(parameters[at + 3:at + 9])
            rssi = int.from_bytes(parameters[at + 13:at + 14], "little", signed=True)
            length = parameters[at + 23]
            data = parameters[at + 24:at + 24 + length]
            at += 24 + length
        reports.append({"subevent": subevent, "eventType": event_type, "addressType": address_type,
                        "address": address, "data": bytes(data), "rssi": rssi})
    return reports


# ------------------------------------------------------------------------------------------
# HCI commands used
# ------------------------------------------------------------------------------------------

RESET, READ_LOCAL_SUPPORTED_COMMANDS, READ_BD_ADDR = 0x0C03, 0x1002, 0x1009
SET_EVENT_MASK, LE_SET_EVENT_MASK, LE_READ_LOCAL_SUPPORTED_FEATURES = 0x0C01, 0x2001, 0x2003
LE_SET_ADVERTISING_PARAMETERS, LE_SET_ADVERTISING_DATA = 0x2006, 0x2008
LE_SET_ADVERTISING_ENABLE, LE_SET_SCAN_PARAMETERS, LE_SET_SCAN_ENABLE = 0x200A, 0x200B, 0x200C


def supports(bitmap: bytes, octet: int, bit: int) -> bool:
    return bool(bitmap[octet] & (1 << bit))


def bring_up(host: H4Host, address: str, extended: bool) -> None:
    host.command(RESET, name="Reset")
    _, supported = host.command(READ_LOCAL_SUPPORTED_COMMANDS, name="Read Local Supported Commands")
    bitmap = supported[1:]
    check(len(bitmap) == 64, f"{host.name}: Supported_Commands is {len(bitmap)} octets, not 64")
    check(supports(bitmap, 5, 7), f"{host.name}: Reset not in Supported_Commands")
    for octet, bit, name in [(25, 5, "LE Set Advertising Parameters"), (25, 7, "LE Set Advertising Data"),
                             (26, 1, "LE Set Advertising Enable"), (26, 2, "LE Set Scan Parameters"),
                             (26, 3, "LE Set Scan Enable")]:
        check(supports(bitmap, octet, bit), f"{host.name}: {name} not in Supported_Commands")
    # LE Set Extended Advertising Parameters (octet 36 bit 6) and Enable (37 bit 1), Extended
    # Scan Enable (37 bit 6): announced exactly when the LE Extended Advertising feature is.
    for octet, bit, name in [(36, 6, "LE Set Extended Advertising Parameters"),
                             (37, 1, "LE Set Extended Advertising Enable"), (37, 6, "LE Set Extended Scan Enable")]:
        check(supports(bitmap, octet, bit) == extended,
              f"{host.name}: {name} {'missing from' if extended else 'announced in'} Supported_Commands")
    _, bd_addr = host.command(READ_BD_ADDR, name="Read BD_ADDR")
    check(address_text(bd_addr[1:7]) == address,
          f"{host.name}: BD_ADDR is {address_text(bd_addr[1:7])}, expected {address}")
    _, features = host.command(LE_READ_LOCAL_SUPPORTED_FEATURES, name="LE Read Local Supported Features")
    has_extended = bool(int.from_bytes(features[1:9], "little") & (1 << 12))
    check(has_extended == extended,
          f"{host.name}: LE Extended Advertising feature is {'set' if has_extended else 'clear'}")
    host.command(SET_EVENT_MASK, bytes.fromhex("FFFFFFFFFFFFBF3D"), "Set Event Mask")
    host.command(LE_SET_EVENT_MASK, (0xFFFFF).to_bytes(8, "little"), "LE Set Event Mask")


def start_scanning(host: H4Host) -> None:
    # passive, interval = window = 10 ms, public own address, accept all
    host.command(LE_SET_SCAN_PARAMETERS, bytes([0x00, 0x10, 0x00, 0x10, 0x00, 0x00, 0x00]),
                 "LE Set Scan Parameters")
    host.command(LE_SET_SCAN_ENABLE, bytes([0x01, 0x00]), "LE Set Scan Enable")


# ------------------------------------------------------------------------------------------
# One run of the emulator
# ------------------------------------------------------------------------------------------


def run_mode(legacy: bool, ports: tuple[int, int], pty_path: str, workdir: Path) -> dict:
    mode = "legacy" if legacy else "extended"
    scan_log = workdir / f"scan-log-{mode}.jsonl"
    stderr_path = workdir / f"emulator-{mode}.stderr"
    command = [sys.executable, str(EMULATOR),
               "--controller", f"tcp-server:127.0.0.1:{ports[0]}@{ADDRESS_A}",
               "--controller", f"tcp-server:127.0.0.1:{ports[1]}@{ADDRESS_B}",
               "--controller", f"pty:{pty_path}@{ADDRESS_C}",
               "--advertise-ibeacon", DEVICE_BEACON,
               "--scan-log", str(scan_log)]
    if legacy:
        command.append("--legacy-reports")
    print(f"--- mode {mode}: {' '.join(command[1:])}")
    timings: dict[str, float] = {}
    started = time.monotonic()
    with open(stderr_path, "w") as stderr:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=stderr, text=True)
    hosts: list[H4Host] = []
    try:
        line = read_line(process, 15.0)
        check(line.startswith("READY "), f"emulator did not print READY (got {line!r})")
        timings["ready"] = time.monotonic() - started
        ready = json.loads(line[len("READY "):])
        check(ready["reports"] == mode, f"READY says reports {ready['reports']}, expected {mode}")
        controllers = ready["controllers"]
        check([c["address"] for c in controllers] == [ADDRESS_A, ADDRESS_B, ADDRESS_C],
              f"READY addresses {[c['address'] for c in controllers]}")
        check(os.path.islink(pty_path), f"{pty_path} is not a symbolic link to the pty")
        beacon = ready["ibeacons"][0]

        a = H4Host.tcp("A", controllers[0]["host"], controllers[0]["port"])
        hosts.append(a)
        b = H4Host.tcp("B", controllers[1]["host"], controllers[1]["port"])
        hosts.append(b)
        c = H4Host.pty("C", pty_path)
        hosts.append(c)
        for host, address in ((a, ADDRESS_A), (b, ADDRESS_B), (c, ADDRESS_C)):
            bring_up(host, address, extended=not legacy)
        print("ok   Reset, Read Local Supported Commands, Read BD_ADDR, LE features on A, B (tcp), C (pty)")

        start_scanning(a)
        start_scanning(c)
        subevent = 0x02 if legacy else 0x0D
        nonconn = 0x03 if legacy else 0x0010  # ADV_NONCONN_IND; extended: legacy PDU, not connectable

        def from_device(report: dict) -> bool:
            return report["address"] == beacon["address"]

        _, at, report = a.wait_report(from_device, "report from the --advertise-ibeacon device")
        check(report["subevent"] == subevent, f"A: device report in subevent 0x{report['subevent']:02X}")
        check(report["eventType"] == nonconn, f"A: device report event type 0x{report['eventType']:02X}")
        check(report["addressType"] == 0x01, "A: device report address type is not random")
        check(report["data"].hex() == beacon["data"], f"A: device AD bytes {report['data'].hex()}")
        print(f"ok   A hears the Bumble iBeacon device {beacon['address']} (minor {beacon['minor']}), "
              f"subevent 0x{subevent:02X}, event type 0x{nonconn:02X}, RSSI {report['rssi']}")

        # B: legacy advertising, ADV_NONCONN_IND, 100 ms, public address
        interval = 0x00A0
        b.command(LE_SET_ADVERTISING_PARAMETERS,
                  interval.to_bytes(2, "little") * 2 + bytes([0x03, 0x00, 0x00]) + bytes(6) + bytes([0x07, 0x00]),
                  "LE Set Advertising Parameters")
        b.command(LE_SET_ADVERTISING_DATA, bytes([len(B_AD)]) + B_AD.ljust(31, b"\x00"), "LE Set Advertising Data")
        since_a, since_c = len(a.reports), len(c.reports)
        enabled_at, _ = b.command(LE_SET_ADVERTISING_ENABLE, b"\x01", "LE Set Advertising Enable")

        def from_b(report: dict) -> bool:
            return report["address"] == ADDRESS_B

        index, first_at, report = a.wait_report(from_b, "report of B's advertising", since_a)
        timings["latency"] = first_at - enabled_at
        check(report["subevent"] == subevent, f"A: report of B in subevent 0x{report['subevent']:02X}")
        check(report["eventType"] == nonconn,
              f"A: report of B has event type 0x{report['eventType']:02X}, expected 0x{nonconn:02X}")
        check(report["addressType"] == 0x00, "A: report of B: address type is not public")
        check(report["data"] == B_AD, f"A: report of B carries {report['data'].hex()}")
        print(f"ok   A hears B's ADV_NONCONN_IND iBeacon {timings['latency'] * 1000:.1f} ms after "
              "B's advertise-enable Command Complete")
        _, _, report = c.wait_report(from_b, "report of B's advertising", since_c)
        check(report["data"] == B_AD and report["eventType"] == nonconn, f"C: report of B {report}")
        print("ok   C (pty) hears B too")

        # The interval: 0x00A0 is 100 ms (Bumble unpatched would take it as 160 ms).
        times = [first_at]
        while len(times) < 8:
            index, at, _ = a.wait_report(from_b, "further reports of B", index + 1, timeout=2.0)
            times.append(at)
        timings["interval"] = (times[-1] - times[0]) / (len(times) - 1)
        check(0.07 <= timings["interval"] <= 0.14,
              f"A sees B every {timings['interval'] * 1000:.0f} ms, expected about 100 ms")
        b_reports = [r for _, r in a.reports if from_b(r)]
        check(all(r["eventType"] == nonconn for r in b_reports), "A: some report of B is not ADV_NONCONN_IND "
              "(a scan response?)")
        print(f"ok   B's interval 0x00A0 is observed as {timings['interval'] * 1000:.1f} ms; "
              "no scan-response reports")

        # The scan log has B's advertising
        deadline = time.monotonic() + TIMEOUT
        logged = []
        while time.monotonic() < deadline:
            # Only whole lines: the emulator may be writing the last one right now.
            whole = scan_log.read_text().split("\n")[:-1] if scan_log.exists() else []
            logged = [json.loads(l) for l in whole if l.strip()]
            if any(r["address"] == ADDRESS_B for r in logged):
                break
            time.sleep(0.05)
        heard = [r for r in logged if r["address"] == ADDRESS_B]
        check(bool(heard), f"scan log {scan_log} has no line from B ({len(logged)} lines)")
        check(heard[0]["data"] == B_AD.hex() and heard[0]["addressType"] == "public"
              and heard[0]["connectable"] is False, f"scan log line for B: {heard[0]}")
        print(f"ok   the --scan-log device recorded B ({len(heard)} lines for B, {len(logged)} in all)")

        # Reset on B stops its advertising
        b.command(RESET, name="Reset")
        a.drain(0.35)
        check(a.find_report(from_b, len(a.reports), timeout=0.6) is None, "A still hears B after B's Reset")
        print("ok   after Reset, B is silent")

        for host in hosts:
            host.close()
        hosts.clear()
        stopping = time.monotonic()
        process.send_signal(signal.SIGTERM)
        try:
            status = process.wait(timeout=6.0)
        except subprocess.TimeoutExpired:
            raise SmokeFailure("the emulator did not exit within 6 s of SIGTERM") from None
        timings["stop"] = time.monotonic() - stopping
        check(status == 0, f"the emulator exited with status {status}")
        check(not os.path.lexists(pty_path), f"{pty_path} is still there after the emulator stopped")
        print(f"ok   SIGTERM: exit 0 in {timings['stop'] * 1000:.0f} ms, pty link removed")
        return timings
    except SmokeFailure:
        tail = stderr_path.read_text()[-3000:] if stderr_path.exists() else ""
        if tail:
            print(f"emulator stderr (end):\n{tail}", file=sys.stderr)
        raise
    finally:
        for host in hosts:
            host.close()
        if process.poll() is None:  # a failed check: stop it the polite way first (pty link)
            process.terminate()
            try:
                process.wait(timeout=6)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)


def read_line(process: subprocess.Popen, timeout: float) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        readable, _, _ = select.select([process.stdout], [], [], max(0.0, deadline - time.monotonic()))
        if readable:
            line = process.stdout.readline()
            if not line:
                raise SmokeFailure(f"the emulator exited with status {process.wait(timeout=5)} before READY")
            return line.rstrip("\n")
    raise SmokeFailure(f"no READY line from the emulator within {timeout} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mode", choices=("legacy", "extended", "both"), default="both")
    parser.add_argument("--ports", default="0,0", help="TCP ports of A and B (0: any free port; default)")
    parser.add_argument("--pty", help="pty link of controller C (default: in a temporary directory of its own)")
    arguments = parser.parse_args()
    ports = tuple(int(p) for p in arguments.ports.split(","))
    modes = {"legacy": [True], "extended": [False], "both": [True, False]}[arguments.mode]
    results = {}
    with tempfile.TemporaryDirectory(prefix="emulator-smoke-") as workdir:
        for legacy in modes:
            try:
                pty = arguments.pty or str(Path(workdir) / "hci-c")
                results["legacy" if legacy else "extended"] = run_mode(legacy, ports, pty, Path(workdir))
            except SmokeFailure as failure:
                print(f"FAIL ({'legacy' if legacy else 'extended'} reports): {failure}", file=sys.stderr)
                return 1
    for mode, t in results.items():
        print(f"timings {mode}: start→READY {t['ready'] * 1000:.0f} ms, advertise-enable→first report "
              f"{t['latency'] * 1000:.1f} ms, interval {t['interval'] * 1000:.1f} ms, SIGTERM→exit {t['stop'] * 1000:.0f} ms")
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
