#!/usr/bin/env python3
"""Fit the log-distance model to real RSSI: rssi = P1m - 10 * n * log10(d), per receiver.

Reads what tools/rssi-captures.py wrote (OUTDIR/receivers.csv and OUTDIR/<track>/<alias>.truth.csv)
and fits, by ordinary least squares on log10 of the true distance, each receiver's RSSI at 1 m
(P1m, dBm) and path-loss exponent (n) over every track, then the same for all Pis, all dongles
and all receivers together. Prints one row each: reports, the distance range, P1m, n and the
residuals' standard deviation (dB), the scatter a single report has around the fitted line.

An RSSI of 0 dBm or more (no receiver reports that; the dataset's merged files may hold one) is
counted and left out, as are reports at a distance under 1 cm. These are first looks, not
calibrations: one beacon, one room, the beacon carried by a person.

Usage: tools/rssi-fit.py OUTDIR        (standard library only)
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
from pathlib import Path

EX_NOINPUT = 66


def fit(points: list[tuple[float, int]]) -> tuple[float, float, float] | None:
    """(P1m, n, residual standard deviation) of rssi = P1m - 10 n log10(d), or None when the
    points cannot determine a line (fewer than 3, or all at one distance)."""
    if len(points) < 3:
        return None
    xs = [math.log10(d) for d, _ in points]
    ys = [float(r) for _, r in points]
    mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mean_x) ** 2 for x in xs)
    if sxx == 0:
        return None
    slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys)) / sxx
    intercept = mean_y - slope * mean_x
    residuals = sum((y - intercept - slope * x) ** 2 for x, y in zip(xs, ys))
    return intercept, -slope / 10, math.sqrt(residuals / (len(points) - 2))


def row(label: str, points: list[tuple[float, int]]) -> str:
    result = fit(points)
    if result is None:
        return f"{label:<16} {len(points):>7}  (too few points to fit)"
    p1m, n, sd = result
    near, far = min(d for d, _ in points), max(d for d, _ in points)
    return f"{label:<16} {len(points):>7} {near:6.2f} {far:6.2f} {p1m:7.1f} {n:5.2f} {sd:6.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(prog="tools/rssi-fit.py", description=__doc__.split("\n\n")[0],
                                     epilog="OUTDIR is what tools/rssi-captures.py wrote.")
    parser.add_argument("outdir", type=Path, metavar="OUTDIR")
    args = parser.parse_args()
    receivers_csv = args.outdir / "receivers.csv"
    if not receivers_csv.is_file():
        print(f"rssi-fit: {receivers_csv}: missing; run tools/rssi-captures.py OUTDIR first", file=sys.stderr)
        return EX_NOINPUT
    with receivers_csv.open(newline="", encoding="utf-8") as file:
        receivers = sorted(csv.DictReader(file), key=lambda r: r["alias"])

    groups: dict[str, list[tuple[float, int]]] = {"all pi": [], "all dongle": [], "all": []}
    print(f"{'receiver':<16} {'reports':>7} {'d_min':>6} {'d_max':>6} {'P1m':>7} {'n':>5} {'sd_dB':>6}")
    dropped = 0
    for receiver in receivers:
        points: list[tuple[float, int]] = []
        for truth in sorted(args.outdir.glob(f"*/{receiver['alias']}.truth.csv")):
            with truth.open(newline="", encoding="utf-8") as file:
                for line, report in enumerate(csv.DictReader(file), 2):
                    try:
                        rssi, distance = int(report["rssi"]), float(report["distance_m"])
                    except (KeyError, TypeError, ValueError):
                        print(f"rssi-fit: {truth}:{line}: not a truth row; skipped", file=sys.stderr)
                        continue
                    if rssi >= 0 or not distance >= 0.01:
                        dropped += 1
                        continue
                    points.append((distance, rssi))
        print(row(f"{receiver['alias']} {receiver['kind']}", points))
        groups.setdefault(f"all {receiver['kind']}", []).extend(points)
        groups["all"].extend(points)
    for label, points in groups.items():
        print(row(label, points))
    print(f"left out: {dropped} reports (RSSI >= 0 dBm or distance under 1 cm)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
