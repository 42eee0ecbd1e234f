#!/usr/bin/env python3
"""A misbehaving Bluetooth controller for fault drills: H4 over TCP on loopback.

It is written from the Core spec (Vol 4 Part E: Command Complete, LE Advertising Report;
Vol 4 Part A: H4), shares no code with the toolkit, and needs only Python's standard library.
It answers the host's start-up commands like a plain legacy LE controller (Reset, Read Local
Version, Read Local Supported Commands with only the legacy LE bits, Set Event Mask, LE Set Event
Mask, LE Read Local Supported Features, Read BD_ADDR, LE Set Scan Parameters, LE Set Scan
Enable), then, once scanning is enabled, sends iBeacon advertising reports for the MRT stations
and misbehaves as --fault says:

  none              keep reporting (--count reports, then only answer commands)
  unknown-indicator after --after good reports, a byte that is no H4 packet indicator (0x07)
  length-lie        after --after reports, an event whose header claims 255 bytes but carries 40;
                    good reports follow, read as the rest of the lie
  half-packet       after --after reports, the first 5 bytes of a report, then silence (the
                    connection stays open and nothing, not even command answers, is sent)
  reset             after --after reports, the connection is reset (TCP RST)
  close             after --after reports, the connection is closed (FIN)
  mute              after --after reports, commands are no longer answered (reports go on)
  hardware-error    after --after reports, an HCI Hardware Error event (code 0x10); answers go on
  disallow          the first LE Set Scan Enable (enable) is answered Command Disallowed (0x0C)
  come-back         after --after reports, close; accept the next connection and behave again
                    (--times how many times), for --reconnect
  deaf              after --after reports, no more reports while every command is still answered
                    (an adapter that stays up but hears nothing); --cured-by says what brings the
                    reports back: scan-enable (LE Set Scan Enable, enable, after a disable), reset
                    (HCI Reset; then the reports come once scanning is enabled again) or nothing;
                    once cured, it reports on for good.
                    --after 0: a controller that never reports, as in a place with no beacons

Reports go out --rate per second (0: as fast as the socket takes them); it sends them whatever
scan window it was given (a test of the host, not of the radio). It prints `READY {"port": N}` on
standard output once it listens, and on standard error a line per connection and fault, and one
per LE Set Scan Parameters with what it carried, so that a test can check what the host asked for:
  fault-controller: LE Set Scan Parameters: passive, interval 0x00A0 (100 ms), window 0x0028 (25 ms) It exits when the host disconnects (come-back: after the last connection).
"""
import argparse
import json
import socket
import struct
import sys
import time

UUID = bytes.fromhex("F63B21BA26354BE4B6FFE2EAB8B541C3")
OP_RESET, OP_READ_VERSION, OP_READ_COMMANDS, OP_READ_BDADDR = 0x0C03, 0x1001, 0x1002, 0x1009
OP_SET_EVENT_MASK, OP_LE_SET_EVENT_MASK, OP_LE_READ_FEATURES = 0x0C01, 0x2001, 0x2003
OP_LE_SET_SCAN_PARAMETERS, OP_LE_SET_SCAN_ENABLE = 0x200B, 0x200C


def log(text: str) -> None:
    print(f"fault-controller: {text}", file=sys.stderr, flush=True)


def event(code: int, params: bytes) -> bytes:
    return bytes([0x04, code, len(params)]) + params


def command_complete(opcode: int, returns: bytes) -> bytes:
    return event(0x0E, bytes([1]) + struct.pack("<H", opcode) + returns)


def supported_commands() -> bytes:
    """Octets 0-35 all set (every command up to the legacy LE ones); 36-63 clear (no extended
    advertising or scanning), so a host picks the legacy LE commands."""
    return bytes([0xFF] * 36 + [0x00] * 28)


def returns_for(opcode: int) -> bytes:
    if opcode == OP_READ_VERSION:
        return bytes([0x00, 0x09]) + struct.pack("<HBHH", 0x0100, 0x09, 0xFFFF, 0x0001)
    if opcode == OP_READ_COMMANDS:
        return bytes([0x00]) + supported_commands()
    if opcode == OP_LE_READ_FEATURES:
        return bytes([0x00]) + bytes(8)
    if opcode == OP_READ_BDADDR:
        return bytes([0x00]) + bytes.fromhex("0FA0CE00AD0B")[::-1]
    return bytes([0x00])


def ibeacon_report(sequence: int) -> bytes:
    """One LE Advertising Report event: one ADV_NONCONN_IND iBeacon of station minor 1-13 from
    a static random address, RSSI -60 to -79."""
    minor = sequence % 13 + 1
    data = bytes([0x02, 0x01, 0x06, 0x1A, 0xFF, 0x4C, 0x00, 0x02, 0x15]) + UUID + struct.pack(">HHb", 1, minor, -59)
    address = bytes([minor, 0x11, 0x22, 0x33, 0x44, 0xC0 | (minor & 0x3F)])
    rssi = -60 - sequence % 20
    params = bytes([0x02, 1, 0x03, 0x01]) + address + bytes([len(data)]) + data + struct.pack("b", rssi)
    return event(0x3E, params)


class Connection:
    def __init__(self, sock: socket.socket, args):
        self.sock = sock
        self.args = args
        self.buffer = b""
        self.scanning = False
        self.sent = 0
        self.muted = False
        self.silent = False
        self.disallowed_once = False
        self.faulted = False
        self.deaf = False
        self.disabled_since_deaf = False

    def send(self, data: bytes) -> bool:
        try:
            self.sock.sendall(data)
            return True
        except OSError:
            return False

    def read_commands(self, timeout: float) -> bool:
        """Answers every complete command that arrives within timeout; False when the host left."""
        self.sock.settimeout(timeout)
        try:
            chunk = self.sock.recv(4096)
        except socket.timeout:
            return True
        except OSError:
            return False
        if not chunk:
            return False
        self.buffer += chunk
        while len(self.buffer) >= 4 and self.buffer[0] == 0x01 and len(self.buffer) >= 4 + self.buffer[3]:
            opcode = struct.unpack("<H", self.buffer[1:3])[0]
            params = self.buffer[4:4 + self.buffer[3]]
            self.buffer = self.buffer[4 + self.buffer[3]:]
            self.answer(opcode, params)
        return True

    def answer(self, opcode: int, params: bytes) -> None:
        if self.muted or self.silent:
            log(f"command 0x{opcode:04X} not answered")
            return
        if opcode == OP_LE_SET_SCAN_PARAMETERS and len(params) >= 5:
            scan_type, interval, window = params[0], *struct.unpack("<HH", params[1:5])
            log(f"LE Set Scan Parameters: {'active' if scan_type else 'passive'}, "
                f"interval 0x{interval:04X} ({interval * 0.625:g} ms), window 0x{window:04X} ({window * 0.625:g} ms)")
        if opcode == OP_LE_SET_SCAN_ENABLE and params[:1] == b"\x01":
            if self.args.fault == "disallow" and not self.disallowed_once:
                self.disallowed_once = True
                log("LE Set Scan Enable answered Command Disallowed")
                self.send(command_complete(opcode, bytes([0x0C])))
                return
            self.scanning = True
            if self.deaf and self.args.cured_by == "scan-enable" and self.disabled_since_deaf:
                self.cure("LE Set Scan Enable after a disable")
        elif opcode == OP_LE_SET_SCAN_ENABLE:
            self.scanning = False
            self.disabled_since_deaf = self.deaf
            log("scanning disabled by the host")
        elif opcode == OP_RESET:
            self.scanning = False
            log("reset by the host")
            if self.deaf and self.args.cured_by == "reset":
                self.cure("HCI Reset")
        self.send(command_complete(opcode, returns_for(opcode)))

    def cure(self, by: str) -> None:
        """Ends the deaf spell for good: reports go on."""
        log(f"deafness cured by {by}")
        self.deaf = False
        self.disabled_since_deaf = False

    def fault(self) -> str | None:
        """Misbehaves once --after reports have gone; returns 'end' or 'again' to drop the link."""
        kind = self.args.fault
        self.faulted = True
        log(f"fault: {kind} after {self.sent} report(s)")
        if kind == "unknown-indicator":
            self.send(bytes([0x07, 0x3E, 0x01]))
        elif kind == "length-lie":
            real = ibeacon_report(self.sent)[3:3 + 40]
            self.send(bytes([0x04, 0x3E, 0xFF]) + real)
        elif kind == "half-packet":
            self.send(ibeacon_report(self.sent)[:5])
            self.silent = True
        elif kind == "reset":
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            return "end"
        elif kind == "close":
            return "end"
        elif kind == "mute":
            self.muted = True
        elif kind == "hardware-error":
            self.send(event(0x10, bytes([0x42])))
        elif kind == "come-back":
            return "again"
        elif kind == "deaf":
            self.deaf = True
        return None

    def run(self) -> str:
        interval = 1.0 / self.args.rate if self.args.rate > 0 else 0.0
        next_report = time.monotonic()
        while True:
            wait = max(0.0, next_report - time.monotonic()) if self.scanning else 0.5
            if not self.read_commands(min(wait, 0.5) if wait > 0 else 0.0001):
                return "host-left"
            if not self.scanning or self.silent or self.deaf or time.monotonic() < next_report:
                continue
            if self.args.fault != "none" and not self.faulted and self.sent >= self.args.after:
                outcome = self.fault()
                if outcome:
                    return outcome
                continue
            if self.args.count and self.sent >= self.args.count:
                next_report = time.monotonic() + 0.5
                continue
            # At full speed, a burst of up to 100 reports per look at the host's commands.
            burst = 1 if interval else min(100, (self.args.count or 1 << 62) - self.sent)
            if self.args.fault != "none" and not self.faulted:
                burst = min(burst, max(1, self.args.after - self.sent))
            if not self.send(b"".join(ibeacon_report(self.sent + k) for k in range(burst))):
                return "host-left"
            self.sent += burst
            next_report += interval
            if interval == 0.0:
                next_report = time.monotonic()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=0, help="TCP port on 127.0.0.1 (default: any free one)")
    parser.add_argument("--fault", default="none",
                        choices=["none", "unknown-indicator", "length-lie", "half-packet", "reset", "close", "mute",
                                 "hardware-error", "disallow", "come-back", "deaf"])
    parser.add_argument("--after", type=int, default=5, help="good reports before the fault (default 5)")
    parser.add_argument("--count", type=int, default=0, help="stop reporting after this many (0: never)")
    parser.add_argument("--rate", type=float, default=20.0, help="reports per second (0: as fast as possible)")
    parser.add_argument("--cured-by", default="nothing", choices=["scan-enable", "reset", "nothing"],
                        help="deaf: what brings the reports back (default nothing)")
    parser.add_argument("--times", type=int, default=1, help="come-back: how many times to drop the link")
    parser.add_argument("--down-seconds", type=float, default=2.0, help="come-back: how long to stay away")
    args = parser.parse_args()

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", args.port))
    listener.listen(1)
    port = listener.getsockname()[1]
    print("READY " + json.dumps({"port": port}), flush=True)
    drops = 0
    while True:
        sock, _ = listener.accept()
        log("host connected")
        outcome = Connection(sock, args).run()
        sock.close()
        log(f"connection ended: {outcome}")
        if outcome == "again" and drops < args.times:
            drops += 1
            if drops >= args.times:
                args.fault = "none"
            listener.close()
            time.sleep(args.down_seconds)
            listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind(("127.0.0.1", port))
            listener.listen(1)
            log("listening again")
            continue
        return 0


if __name__ == "__main__":
    sys.exit(main())
