#!/usr/bin/env python3
"""Emulated Bluetooth LE controllers for the integration tests, built on Google's Bumble.

Starts N Bumble controllers joined by one simulated radio (a Bumble LocalLink), each reachable
as an H4 UART controller on its own transport, so that our scanner on one controller hears our
broadcaster on another without any Bluetooth hardware:

    tools/.venv/bin/python tools/emulator.py \
        --controller pty:/tmp/beacon-lab/hci-a \
        --controller tcp-server:127.0.0.1:9001@F0:F1:F2:F3:F4:0B \
        --advertise-ibeacon F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3:1:3 \
        --scan-log /tmp/beacon-lab/heard.jsonl

prints `READY {json}` on stdout once every transport listens, then runs until SIGTERM/SIGINT
or --duration. See tools/README.md. Needs bumble==0.0.236 (tools/requirements-test.txt): the
monkey-patches below are written against that version and checked for it at start.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import datetime
import json
import logging
import os
import re
import signal
import sys
import threading
import time
import uuid as uuidlib

BUMBLE_VERSION = "0.0.236"

try:
    from importlib.metadata import version as _package_version

    from bumble import controller as bumble_controller
    from bumble import hci, ll
    from bumble.device import AdvertisingType, Device
    from bumble.link import LocalLink
    from bumble.transport import open_transport
except ImportError as error:  # pragma: no cover - environment problem
    sys.exit(f"emulator: cannot import bumble ({error}); run it with tools/.venv/bin/python "
             "(made by tools/lib/python-env.sh)")

log = logging.getLogger("emulator")

ADDRESS_RE = re.compile(r"^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$")
# Public addresses of the controllers, in the order of --controller, unless one is given.
DEFAULT_ADDRESS = "F0:F1:F2:F3:F4:{:02X}"
# Random static addresses (two top bits set) of the Bumble devices on the link.
IBEACON_ADDRESS = "F0:F1:F2:F3:F5:{:02X}"
SCAN_LOG_ADDRESS = "F0:F1:F2:F3:F6:01"

LegacyType = hci.HCI_LE_Set_Advertising_Parameters_Command.AdvertisingType
LegacyReport = hci.HCI_LE_Advertising_Report_Event
ExtendedReport = hci.HCI_LE_Extended_Advertising_Report_Event


# --------------------------------------------------------------------------------------------
# Patches to Bumble 0.0.236's controller. Few and small; each says why it is needed.
# --------------------------------------------------------------------------------------------


@dataclasses.dataclass
class AdvScanInd(ll.AdvertisingPdu):
    """ADV_SCAN_IND on the simulated link (bumble.ll has AdvNonConnInd but no ADV_SCAN_IND)."""

    advertiser_address: hci.Address
    data: bytes


def _legacy_send_advertising_data(self: bumble_controller.LegacyAdvertiser) -> None:
    # PATCH 1. Bumble's legacy advertiser puts a PDU on the link only for ADV_IND and silently
    # drops ADV_NONCONN_IND and ADV_SCAN_IND, so a beacon (non-connectable, as iBeacons are)
    # advertised with the legacy commands is never heard. Send the PDU type that was configured.
    if not self.enabled:
        return
    if self.advertising_type == LegacyType.ADV_NONCONN_IND:
        self.controller.send_advertising_pdu(
            ll.AdvNonConnInd(advertiser_address=self.address, data=self.advertising_data))
    elif self.advertising_type == LegacyType.ADV_SCAN_IND:
        self.controller.send_advertising_pdu(
            AdvScanInd(advertiser_address=self.address, data=self.advertising_data))
    else:  # ADV_IND as before; directed advertising stays as Bumble has it (nothing sent)
        _original_send_advertising_data(self)


def _legacy_on_timer_fired(self: bumble_controller.LegacyAdvertiser) -> None:
    # PATCH 2. Bumble waits Advertising_Interval_Min *milliseconds* between legacy advertising
    # events; the HCI unit is 0.625 ms (0x00A0 = 100 ms, not 160 ms). An unset interval (0) is
    # taken as the specification's default 0x0800 (1.28 s) instead of a busy loop.
    self.send_advertising_data()
    units = self.advertising_interval_min or 0x0800
    self.timer_handle = asyncio.get_running_loop().call_later(
        max(units, 0x0020) * 0.625 / 1000.0, self._on_timer_fired)


def _on_ll_advertising_pdu(self: bumble_controller.Controller, packet: ll.AdvertisingPdu) -> None:
    # PATCH 3. Bumble's controllers only turn ADV_IND and extended PDUs into advertising reports
    # (always as connectable). Report the PDUs of patch 1 with their own event type: legacy
    # report 0x03 ADV_NONCONN_IND / 0x02 ADV_SCAN_IND, or extended report 0x10 / 0x12 (legacy
    # PDU bit set), and without the fabricated scan response Bumble adds to every ADV_IND.
    if not isinstance(packet, (ll.AdvNonConnInd, AdvScanInd)):
        _original_on_ll_advertising_pdu(self, packet)
        return
    if not self.le_scan_enable:
        return
    scannable = isinstance(packet, AdvScanInd)
    address = packet.advertiser_address
    if self.le_features & hci.LeFeatureMask.LE_EXTENDED_ADVERTISING:
        event_type = ExtendedReport.EventType.LEGACY_ADVERTISING_PDU_USED
        if scannable:
            event_type |= ExtendedReport.EventType.SCANNABLE_ADVERTISING
        report = ExtendedReport.Report(
            event_type=event_type, address_type=address.address_type, address=address,
            primary_phy=hci.Phy.LE_1M, secondary_phy=0, advertising_sid=0xFF, tx_power=0x7F,
            rssi=report_rssi(), periodic_advertising_interval=0, direct_address_type=0,
            direct_address=hci.Address.ANY, data=packet.data)
        self.send_hci_packet(ExtendedReport([report]))
    else:
        event_type = (LegacyReport.EventType.ADV_SCAN_IND if scannable
                      else LegacyReport.EventType.ADV_NONCONN_IND)
        report = LegacyReport.Report(event_type=event_type, address_type=address.address_type,
                                     address=address, data=packet.data, rssi=report_rssi())
        self.send_hci_packet(LegacyReport([report]))


# The RSSI of the reports of patch 3: -50 dBm, or with --rssi-from FILE, the number in FILE (a
# test writes it to carry the beacon away and back), so that what a scanner does with changes of
# signal (an MQTT deadband) can be seen on a live controller.
RSSI_FILE: str | None = None
_rssi_cache: tuple[float, int] = (0.0, -50)


def report_rssi() -> int:
    global _rssi_cache
    if RSSI_FILE is None:
        return -50
    now = time.monotonic()
    if now - _rssi_cache[0] >= 0.1:
        try:
            with open(RSSI_FILE, encoding="ascii") as file:
                value = int(file.read().strip())
            _rssi_cache = (now, max(-127, min(20, value)))
        except (OSError, ValueError):
            _rssi_cache = (now, _rssi_cache[1])
    return _rssi_cache[1]


def _on_hci_reset_command(self: bumble_controller.Controller, command):
    # PATCH 4. Bumble's HCI_Reset leaves advertising and scanning running ("TODO" there), so a
    # test that resets a controller still hears, or keeps sending, the previous test's
    # advertising. Stop both and forget the advertising state, as a controller must on Reset.
    self.le_legacy_advertiser.stop()
    self.le_legacy_advertiser = bumble_controller.LegacyAdvertiser(self)
    for advertising_set in self.advertising_sets.values():
        advertising_set.stop()
    self.advertising_sets.clear()
    self.le_scan_enable = False
    self.filter_duplicates = False
    return _original_on_hci_reset_command(self, command)


_original_send_advertising_data = bumble_controller.LegacyAdvertiser.send_advertising_data
_original_on_ll_advertising_pdu = bumble_controller.Controller.on_ll_advertising_pdu
_original_on_hci_reset_command = bumble_controller.Controller.on_hci_reset_command


def apply_patches() -> None:
    installed = _package_version("bumble")
    if installed != BUMBLE_VERSION:
        log.warning("bumble %s installed; the patches were written for %s", installed,
                    BUMBLE_VERSION)
    bumble_controller.LegacyAdvertiser.send_advertising_data = _legacy_send_advertising_data
    bumble_controller.LegacyAdvertiser._on_timer_fired = _legacy_on_timer_fired
    bumble_controller.Controller.on_ll_advertising_pdu = _on_ll_advertising_pdu
    bumble_controller.Controller.on_hci_reset_command = _on_hci_reset_command


# Extended advertising and scanning commands Bumble's controller implements but leaves out of
# its Supported_Commands bitmap; announced (configuration, not a patch) whenever the controller
# also announces the LE Extended Advertising feature, so that a host choosing between legacy
# and extended commands by the bitmap sees a consistent controller.
EXTENDED_COMMANDS = {
    hci.HCI_LE_SET_ADVERTISING_SET_RANDOM_ADDRESS_COMMAND,
    hci.HCI_LE_SET_EXTENDED_ADVERTISING_PARAMETERS_COMMAND,
    hci.HCI_LE_SET_EXTENDED_ADVERTISING_DATA_COMMAND,
    hci.HCI_LE_SET_EXTENDED_SCAN_RESPONSE_DATA_COMMAND,
    hci.HCI_LE_SET_EXTENDED_ADVERTISING_ENABLE_COMMAND,
    hci.HCI_LE_READ_MAXIMUM_ADVERTISING_DATA_LENGTH_COMMAND,
    hci.HCI_LE_READ_NUMBER_OF_SUPPORTED_ADVERTISING_SETS_COMMAND,
    hci.HCI_LE_REMOVE_ADVERTISING_SET_COMMAND,
    hci.HCI_LE_CLEAR_ADVERTISING_SETS_COMMAND,
    hci.HCI_LE_SET_EXTENDED_SCAN_PARAMETERS_COMMAND,
    hci.HCI_LE_SET_EXTENDED_SCAN_ENABLE_COMMAND,
    hci.HCI_LE_EXTENDED_CREATE_CONNECTION_COMMAND,
}


def configure(controller: bumble_controller.Controller, legacy_reports: bool) -> None:
    """Per-controller settings: which report events it sends, and what it announces."""
    if legacy_reports:
        # Without this feature bit Bumble sends LE Advertising Reports (subevent 0x02); with it,
        # LE Extended Advertising Reports (0x0D) even after the legacy scan commands.
        controller.le_features = controller.le_features & ~hci.LeFeatureMask.LE_EXTENDED_ADVERTISING
    else:
        controller.supported_commands = set(controller.supported_commands) | EXTENDED_COMMANDS


# --------------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------------


@dataclasses.dataclass
class ControllerSpec:
    transport: str
    address: str


@dataclasses.dataclass
class IBeaconSpec:
    uuid: uuidlib.UUID
    major: int
    minor: int
    power: int

    def advertising_data(self) -> bytes:
        payload = (bytes([0x02, 0x15]) + self.uuid.bytes + self.major.to_bytes(2, "big")
                   + self.minor.to_bytes(2, "big") + (self.power & 0xFF).to_bytes(1, "big"))
        manufacturer = bytes([0xFF]) + (0x004C).to_bytes(2, "little") + payload
        return bytes([0x02, 0x01, 0x06, len(manufacturer)]) + manufacturer


def parse_controller(text: str, index: int) -> ControllerSpec:
    transport, address = text, DEFAULT_ADDRESS.format(index + 1)
    if "@" in text:
        head, tail = text.rsplit("@", 1)
        if ADDRESS_RE.match(tail):
            transport, address = head, tail.upper()
    scheme = transport.split(":", 1)[0]
    if scheme not in ("pty", "tcp-server"):
        raise argparse.ArgumentTypeError(
            f"--controller {text}: use pty:PATH or tcp-server:HOST:PORT (optionally @BD_ADDR)")
    if scheme == "pty" and not transport[len("pty:"):]:
        raise argparse.ArgumentTypeError(f"--controller {text}: give the pty's path, pty:PATH")
    if scheme == "tcp-server" and not re.match(r"^tcp-server:[^:]+:\d+$", transport):
        raise argparse.ArgumentTypeError(f"--controller {text}: use tcp-server:HOST:PORT")
    return ControllerSpec(transport, address)


def parse_ibeacon(text: str) -> IBeaconSpec:
    parts = text.split(":")
    if len(parts) not in (3, 4):
        raise argparse.ArgumentTypeError(f"--advertise-ibeacon {text}: use UUID:MAJOR:MINOR[:POWER]")
    try:
        spec = IBeaconSpec(uuidlib.UUID(parts[0]), int(parts[1], 0), int(parts[2], 0),
                           int(parts[3], 0) if len(parts) == 4 else -59)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"--advertise-ibeacon {text}: {error}") from None
    if not (0 <= spec.major <= 0xFFFF and 0 <= spec.minor <= 0xFFFF and -128 <= spec.power <= 127):
        raise argparse.ArgumentTypeError(
            f"--advertise-ibeacon {text}: major and minor are 0…65535, power −128…127 dBm")
    return spec


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Emulated BLE controllers (Bumble) joined by one simulated radio link.")
    parser.add_argument(
        "--controller", action="append", default=[], metavar="TRANSPORT[@BD_ADDR]",
        help="pty:PATH or tcp-server:HOST:PORT (port 0: any free port, see READY); repeat for "
        "each controller; BD_ADDR defaults to F0:F1:F2:F3:F4:01, :02, … in order. "
        "Default: two controllers, pty:/tmp/beacon-lab/hci-a and pty:/tmp/beacon-lab/hci-b")
    parser.add_argument(
        "--legacy-reports", action="store_true",
        help="controllers do not announce LE Extended Advertising, so scanning yields LE "
        "Advertising Reports (subevent 0x02); default: LE Extended Advertising Reports (0x0D)")
    parser.add_argument(
        "--advertise-ibeacon", action="append", default=[], type=parse_ibeacon,
        metavar="UUID:MAJOR:MINOR[:POWER]",
        help="a Bumble device on the link advertising this iBeacon (legacy ADV_NONCONN_IND, "
        "random static address F0:F1:F2:F3:F5:01, :02, …); POWER defaults to -59; repeatable")
    parser.add_argument("--ibeacon-interval-ms", type=float, default=100.0,
                        help="advertising interval of --advertise-ibeacon devices (default 100)")
    parser.add_argument(
        "--scan-log", metavar="FILE",
        help="a Bumble device on the link scans passively and appends one JSON line per "
        "advertisement it receives to FILE (address, addressType, rssi, data hex, …)")
    parser.add_argument(
        "--rssi-from", metavar="FILE",
        help="the reports of --advertise-ibeacon devices have the RSSI (dBm) written in FILE, read "
        "again every 100 ms (default, and while FILE holds no number: -50)")
    parser.add_argument("--duration", type=float, metavar="S",
                        help="stop after S seconds (default: run until SIGTERM/SIGINT)")
    parser.add_argument("--verbose", action="store_true", help="Bumble's debug log on stderr")
    arguments = parser.parse_args(argv)
    raw = arguments.controller or ["pty:/tmp/beacon-lab/hci-a", "pty:/tmp/beacon-lab/hci-b"]
    try:
        arguments.controller = [parse_controller(text, i) for i, text in enumerate(raw)]
    except argparse.ArgumentTypeError as error:
        parser.error(str(error))
    addresses = [c.address for c in arguments.controller]
    if len(set(addresses)) != len(addresses):
        parser.error(f"controller addresses must be distinct: {', '.join(addresses)}")
    return arguments


# --------------------------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------------------------


def remove_stale_pty_link(path: str) -> None:
    """A killed run leaves its symlink behind and Bumble's os.symlink then fails: remove it."""
    if os.path.islink(path):
        os.unlink(path)
    elif os.path.exists(path):
        raise SystemExit(f"emulator: {path} exists and is not a symbolic link; not removing it")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)


def address_json(address: hci.Address) -> dict:
    return {"address": address.to_string(False),
            "addressType": "public" if address.is_public else "random"}


class Emulator:
    def __init__(self, arguments: argparse.Namespace) -> None:
        self.arguments = arguments
        self.link = LocalLink()
        self.transports = []  # opened Bumble transports, closed on exit
        self.pty_links: list[str] = []
        self.devices: list[Device] = []
        self.scan_log = None

    async def start(self) -> dict:
        ready = {"controllers": [], "ibeacons": [], "scanLog": None,
                 "reports": "legacy" if self.arguments.legacy_reports else "extended"}
        for index, spec in enumerate(self.arguments.controller):
            scheme, rest = spec.transport.split(":", 1)
            if scheme == "pty":
                remove_stale_pty_link(rest)
            transport = await open_transport(spec.transport)
            self.transports.append(transport)
            if scheme == "pty":
                self.pty_links.append(rest)
            controller = bumble_controller.Controller(
                f"controller-{index + 1}", host_source=transport.source, host_sink=transport.sink,
                link=self.link, public_address=spec.address)
            configure(controller, self.arguments.legacy_reports)
            entry = {"transport": spec.transport, "address": spec.address, "addressType": "public"}
            if scheme == "pty":
                entry["path"] = rest
                entry["tty"] = os.readlink(rest)
            else:
                host, port = getattr(transport, "server").sockets[0].getsockname()[:2]
                entry.update(host=host, port=port, transport=f"tcp-server:{host}:{port}")
            ready["controllers"].append(entry)

        for index, beacon in enumerate(self.arguments.advertise_ibeacon):
            address = IBEACON_ADDRESS.format(index + 1)
            device = await self.device(f"ibeacon-{index + 1}", address)
            # Legacy commands (the device's controller announces no extended advertising), so the
            # beacon is sent as ADV_NONCONN_IND, as a station beacon is, and heard by every scanner.
            await device.start_advertising(
                advertising_type=AdvertisingType.UNDIRECTED, advertising_data=beacon.advertising_data(),
                advertising_interval_min=self.arguments.ibeacon_interval_ms,
                advertising_interval_max=self.arguments.ibeacon_interval_ms)
            ready["ibeacons"].append({"address": address, "addressType": "random",
                                      "uuid": str(beacon.uuid).upper(), "major": beacon.major,
                                      "minor": beacon.minor, "power": beacon.power,
                                      "data": beacon.advertising_data().hex()})

        if self.arguments.scan_log:
            self.scan_log = open(self.arguments.scan_log, "a", buffering=1, encoding="utf-8")
            device = await self.device("scan-log", SCAN_LOG_ADDRESS,
                                       legacy=self.arguments.legacy_reports)
            device.on("advertisement", self.log_advertisement)
            await device.start_scanning(active=False, filter_duplicates=False)
            ready["scanLog"] = {"path": os.path.abspath(self.arguments.scan_log),
                                "address": SCAN_LOG_ADDRESS}
        return ready

    async def device(self, name: str, address: str, legacy: bool = True) -> Device:
        controller = bumble_controller.Controller(f"{name}-controller", link=self.link,
                                                  public_address=address)
        configure(controller, legacy)
        device = Device.with_hci(name, hci.Address(address), controller, controller)
        await device.power_on()
        self.devices.append(device)
        return device

    def log_advertisement(self, advertisement) -> None:
        if not self.scan_log:
            return
        record = {
            "time": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds")
            .replace("+00:00", "Z"),
            **address_json(advertisement.address),
            "rssi": advertisement.rssi,
            "data": bytes(advertisement.data_bytes).hex(),
            "legacy": advertisement.is_legacy,
            "connectable": advertisement.is_connectable,
            "scannable": advertisement.is_scannable,
            "scanResponse": advertisement.is_scan_response,
        }
        self.scan_log.write(json.dumps(record) + "\n")

    async def stop(self) -> None:
        for controller in list(self.link.controllers):
            controller.le_legacy_advertiser.stop()
            for advertising_set in controller.advertising_sets.values():
                advertising_set.stop()
            controller.le_scan_enable = False
        for transport in self.transports:
            server = getattr(transport, "server", None)
            if server is not None:
                server.close()
                sink_transport = getattr(transport.sink, "transport", None)
                if sink_transport is not None:
                    sink_transport.close()
            try:
                await asyncio.wait_for(transport.close(), 2)
            except Exception as error:  # noqa: BLE001 - best effort on the way out
                log.warning("closing %s: %s", transport, error)
        for path in self.pty_links:
            if os.path.islink(path):
                os.unlink(path)
        if self.scan_log:
            self.scan_log.close()
            self.scan_log = None


async def run(arguments: argparse.Namespace) -> int:
    emulator = Emulator(arguments)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(signum, stop.set)
    try:
        ready = await asyncio.wait_for(emulator.start(), 30)
        print("READY " + json.dumps(ready, separators=(",", ":")), flush=True)
        try:
            await asyncio.wait_for(stop.wait(), arguments.duration)
        except asyncio.TimeoutError:
            pass
        return 0
    finally:
        # Never hang on the way out: if closing does not finish in time, leave anyway.
        watchdog = threading.Timer(5.0, lambda: (cleanup_links(arguments), os._exit(3)))
        watchdog.daemon = True
        watchdog.start()
        try:
            await asyncio.wait_for(emulator.stop(), 3)
        except Exception as error:  # noqa: BLE001
            log.warning("shutdown: %s", error)
        cleanup_links(arguments)


def cleanup_links(arguments: argparse.Namespace) -> None:
    for spec in arguments.controller:
        scheme, rest = spec.transport.split(":", 1)
        if scheme == "pty" and os.path.islink(rest):
            try:
                os.unlink(rest)
            except OSError:
                pass


def main(argv: list[str]) -> int:
    global RSSI_FILE
    arguments = parse_arguments(argv)
    RSSI_FILE = arguments.rssi_from
    logging.basicConfig(level=logging.DEBUG if arguments.verbose else logging.WARNING,
                        stream=sys.stderr, format="emulator: %(levelname)s %(name)s: %(message)s")
    apply_patches()
    try:
        return asyncio.run(run(arguments))
    except OSError as error:
        print(f"emulator: {error}", file=sys.stderr)
        return 1
    except asyncio.TimeoutError:
        print("emulator: starting took longer than 30 s", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
