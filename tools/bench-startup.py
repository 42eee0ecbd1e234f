#!/usr/bin/env python3
"""Time from process start to scanning enabled: beacon-scan against an emulated controller.

Starts the emulated controllers (tools/emulator.py, Bumble) on a free port pair, then runs
BEACON_SCAN -i tcp:127.0.0.1:PORT --duration 0.2 RUNS times. beacon-scan writes
"… scanning (…)" on standard error once the controller has completed LE Set Scan Enable (the
Command Complete is in), so the time from spawn to that line is start → scan enabled, including
process start, Reset, the capability reads, the event masks and the scan parameters. Prints
JSON: the median and every run in milliseconds.

Usage: bench-startup.py BEACON_SCAN PYTHON_WITH_BUMBLE [RUNS]
"""
import json
import os
import socket
import statistics
import subprocess
import sys
import time


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> int:
    scanner, python = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    port = free_port()
    emulator = subprocess.Popen(
        [python, os.path.join(root, "tools/emulator.py"), "--controller", f"tcp-server:127.0.0.1:{port}",
         "--duration", "600"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        time.sleep(0.5)
        times = []
        for _ in range(runs):
            start = time.monotonic()
            child = subprocess.Popen([scanner, "-i", f"tcp:127.0.0.1:{port}", "--duration", "0.2"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            enabled = None
            for line in child.stderr:
                if "scanning (" in line and enabled is None:
                    enabled = time.monotonic() - start
            child.wait()
            if enabled is None:
                raise SystemExit(f"beacon-scan never said it was scanning (exit {child.returncode})")
            times.append(round(enabled * 1000, 1))
            time.sleep(0.3)
        print(json.dumps({"medianMs": statistics.median(times), "runsMs": times}))
    finally:
        emulator.terminate()
        emulator.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
