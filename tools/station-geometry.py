#!/usr/bin/env python3
"""Derives each MRT Jakarta station's platform centre from a GTFS stops.txt, and checks the
built-in catalog against it.

The source: the GTFS feed of repository MuhammadNafishZaldinanda/gtfs-mrt-jakarta (file
gtfs-mrt-jakarta.zip, member stops.txt), whose stop coordinates are OpenStreetMap nodes:
(c) OpenStreetMap contributors, Open Database License 1.0. A platform centre is the mean of the
station's platform stops (location_type 0, parent_station = the station).

  tools/station-geometry.py STOPS_TXT            prints code, name, latitude, longitude
  tools/station-geometry.py STOPS_TXT --check    also compares with
                                                 `beacon-broadcast --list-stations --format json`
                                                 (built here), exit 1 beyond 1 m
"""
import csv
import json
import math
import subprocess
import sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent


def centres(path):
    rows = list(csv.DictReader(open(path, newline="", encoding="utf-8-sig")))
    for station in (r for r in rows if r["location_type"] == "1"):
        platforms = [r for r in rows if r["parent_station"] == station["stop_id"] and r["location_type"] == "0"]
        if not platforms:
            continue
        latitude = sum(float(p["stop_lat"]) for p in platforms) / len(platforms)
        longitude = sum(float(p["stop_lon"]) for p in platforms) / len(platforms)
        yield station["stop_code"], station["stop_name"], latitude, longitude


def metres(a, b):
    # Equirectangular: exact enough at a metre's scale.
    y = (b[0] - a[0]) * 111_195.08
    x = (b[1] - a[1]) * 111_195.08 * math.cos(math.radians(a[0]))
    return math.hypot(x, y)


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    derived = list(centres(sys.argv[1]))
    for code, name, latitude, longitude in derived:
        print(f"{code}\t{latitude:.6f}\t{longitude:.6f}\t{name}")
    if "--check" not in sys.argv[2:]:
        return 0
    subprocess.run(["swift", "build", "--product", "beacon-broadcast"], cwd=root, check=True, capture_output=True)
    listing = subprocess.run(
        [root / ".build/debug/beacon-broadcast", "--list-stations", "--format", "json"],
        check=True, capture_output=True, text=True,
    ).stdout
    catalog = [json.loads(line) for line in listing.splitlines()]
    problems = 0
    for (code, name, latitude, longitude), station in zip(derived, catalog):
        off = metres((latitude, longitude), (station["latitude"], station["longitude"]))
        mark = "ok" if off <= 1 else "DIFFERS"
        problems += off > 1
        print(f"{station['name']:15} {off:8.1f} m  {mark}")
    if len(derived) != len(catalog):
        print(f"{len(derived)} stations in the feed, {len(catalog)} in the catalog", file=sys.stderr)
        problems += 1
    return 1 if problems else 0


sys.exit(main())
