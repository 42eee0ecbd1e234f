#!/usr/bin/env python3
"""Bumble controllers behind the kernel's /dev/vhci, for the kernel lab (runs in the guest).

Each --controllers opens /dev/vhci once: the kernel registers an HCI device (hci0, hci1, … in
order) whose controller is a Bumble controller. All of them, and the optional Bumble iBeacon
devices, share one simulated radio (a LocalLink), so what one advertises the others hear.
Reuses tools/emulator.py (its Bumble patches, controller configuration and iBeacon devices),
which must sit beside this file's --tools folder.

Prints `READY {json}` once every controller is registered, then runs until SIGTERM or SIGINT.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import sys


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", required=True, help="the folder holding emulator.py")
    parser.add_argument("--controllers", type=int, default=2, help="vhci controllers (default 2)")
    parser.add_argument("--vhci", default="/dev/vhci", help="the vhci device (default /dev/vhci)")
    parser.add_argument("--extended", action="store_true",
                        help="controllers announce LE Extended Advertising (default: legacy only)")
    parser.add_argument("--advertise-ibeacon", action="append", default=[], metavar="UUID:MAJOR:MINOR",
                        help="a Bumble device on the link advertising this iBeacon; repeatable")
    return parser.parse_args(argv)


async def run(arguments: argparse.Namespace, emulator) -> int:
    from bumble import controller as bumble_controller
    from bumble.transport import open_transport

    options = argparse.Namespace(
        controller=[], legacy_reports=not arguments.extended,
        advertise_ibeacon=[emulator.parse_ibeacon(text) for text in arguments.advertise_ibeacon],
        ibeacon_interval_ms=100.0, scan_log=None)
    lab = emulator.Emulator(options)
    ready = {"controllers": [], "bumble": emulator.BUMBLE_VERSION}
    for index in range(arguments.controllers):
        transport = await open_transport(f"vhci:{arguments.vhci}")
        lab.transports.append(transport)
        address = emulator.DEFAULT_ADDRESS.format(index + 1)
        controller = bumble_controller.Controller(
            f"vhci-{index + 1}", host_source=transport.source, host_sink=transport.sink,
            link=lab.link, public_address=address)
        emulator.configure(controller, options.legacy_reports)
        ready["controllers"].append({"address": address})
    ready.update({k: v for k, v in (await lab.start()).items() if k == "ibeacons"})
    print("READY " + json.dumps(ready, separators=(",", ":")), flush=True)

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()
    try:
        await asyncio.wait_for(lab.stop(), 5)
    except Exception as error:  # noqa: BLE001 - best effort on the way out
        print(f"bumble-vhci: shutdown: {error}", file=sys.stderr)
    return 0


def main(argv: list[str]) -> int:
    arguments = parse_arguments(argv)
    sys.path.insert(0, arguments.tools)
    import emulator  # tools/emulator.py: the patches and helpers of the H4 integration tests

    emulator.apply_patches()
    return asyncio.run(run(arguments, emulator))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
