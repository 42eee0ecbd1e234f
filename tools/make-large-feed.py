#!/usr/bin/env python3
"""Writes a large GTFS feed for the benchmark (tools/bench): the bundled Jakarta feed scaled up;
not a fixture, never committed.

The source feed (default Fixtures/gtfs/jakarta-mrt.zip: one line, 13 stations, 504 trips, 6,528
stop times) becomes a city of LINES lines, each a copy of its network laid out anew:

- Every copy has its own ids: route MRTJ_NS becomes MRTJ_NS-L07, stop GLBB02 GLBB02-L07 (its
  parent station SLBB-L07, its entrances too), trip NS-WD-LBB-BHI-001 NS-WD-LBB-BHI-001-L07-1,
  shape, fare zone and headsigns alike; names end in " L07"; route_sort_order is the copy's.
- Its coordinates (stops and shapes) are the original's turned about their middle, the odd
  copies by 90° (east–west lines), each by a few degrees more (seeded), and moved sideways,
  so that the copies of each direction lie side by side SPACING metres apart (default: the
  line's extent over the copies of that direction, so that almost every north–south line
  crosses almost every east–west one).
- Its timetable keeps the original's days (calendar.txt is unchanged, WD and WE for every copy)
  and has DENSITY trips for each one of the original: each trip's times are moved by a seeded
  shift of the copy (0–5 min) and j/DENSITY of the gap to the next trip of its service and
  direction (j = 0…DENSITY−1, so the headway is DENSITY times shorter), and its running and
  dwell times scaled by a seeded factor of the copy (0.9–1.1). Times past 24:00:00 stay so.
- transfers.txt (the source has none): for each two copies that cross (one north–south, one
  east–west), their two nearest stations when less than --transfer-radius metres apart
  (default 500), both ways, transfer_type 2 with min_transfer_time 120 s plus the walk at
  1.2 m/s, so that the copies make one network (the counts say how many interchanges and
  networks there are).
- Other files are copied per copy where they name a route, stop, zone or shape (fare_rules,
  shapes), kept once otherwise (agency, calendar, fare_attributes, ...).

Every id is unique and every reference resolves; columns and their order are the source's.
Seeded: the same arguments give the same bytes (the zip entries carry the source's dates).
Standard library only.

--stats FILE writes the counts (stops by location_type, routes, trips, stop times, transfers,
interchanges, separate networks) as JSON; they are also printed on standard error.

Usage: tools/make-large-feed.py OUT.zip [--source FEED.zip] [--lines N] [--density D]
                                [--spacing METRES] [--transfer-radius METRES] [--seed N]
                                [--stats FILE]
"""
import argparse
import csv
import io
import json
import math
import os
import random
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
METRES_PER_DEGREE = 111_320.0


def read_table(archive: zipfile.ZipFile, name: str):
    """A table as (header, rows) of strings; None when the feed has no such file."""
    try:
        data = archive.read(name)
    except KeyError:
        return None
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    return rows[0], [row for row in rows[1:] if row]


def seconds(text: str):
    if not text:
        return None
    hours, minutes, secs = (int(part) for part in text.split(":"))
    return hours * 3600 + minutes * 60 + secs


def clock(value) -> str:
    if value is None:
        return ""
    return f"{value // 3600:02}:{value % 3600 // 60:02}:{value % 60:02}"


class Layout:
    """Where a copy's coordinates go: turned about the source's centre, then moved sideways."""

    def __init__(self, points, lines: int, spacing, rng: random.Random):
        # The middle of the source's extent, so that the lines of both directions cross.
        self.lat0 = (min(lat for lat, _ in points) + max(lat for lat, _ in points)) / 2
        self.lon0 = (min(lon for _, lon in points) + max(lon for _, lon in points)) / 2
        self.scale_x = METRES_PER_DEGREE * math.cos(math.radians(self.lat0))
        xs = [(lon - self.lon0) * self.scale_x for _, lon in points]
        ys = [(lat - self.lat0) * METRES_PER_DEGREE for lat, _ in points]
        length = max(max(xs) - min(xs), max(ys) - min(ys))
        per_direction = (lines + 1) // 2
        self.spacing = spacing if spacing is not None else length / per_direction
        self.copies = []
        for copy in range(lines):
            direction, rank = copy % 2, copy // 2
            count = (lines + 1 - direction) // 2
            angle = math.radians(90 * direction + rng.uniform(-5, 5))
            offset = (rank - (count - 1) / 2) * self.spacing
            # North–south copies move east, east–west copies north.
            shift = (offset, 0.0) if direction == 0 else (0.0, offset)
            self.copies.append((math.cos(angle), math.sin(angle), shift))

    def place(self, copy: int, lat: float, lon: float):
        cos, sin, (dx, dy) = self.copies[copy]
        x = (lon - self.lon0) * self.scale_x
        y = (lat - self.lat0) * METRES_PER_DEGREE
        x, y = x * cos - y * sin + dx, x * sin + y * cos + dy
        return self.lat0 + y / METRES_PER_DEGREE, self.lon0 + x / self.scale_x

    def metres(self, a, b) -> float:
        dx = (a[1] - b[1]) * self.scale_x
        dy = (a[0] - b[0]) * METRES_PER_DEGREE
        return math.hypot(dx, dy)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", help="the feed to write (a zip)")
    parser.add_argument("--source", default=os.path.join(ROOT, "Fixtures/gtfs/jakarta-mrt.zip"))
    parser.add_argument("--lines", type=int, default=77, help="copies of the source network (default 77)")
    parser.add_argument("--density", type=int, default=2,
                        help="trips for each trip of the source (default 2: headways halved)")
    parser.add_argument("--spacing", type=float, help="metres between parallel copies")
    parser.add_argument("--transfer-radius", type=float, default=500.0)
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--stats", metavar="FILE", help="write the counts as JSON to FILE")
    args = parser.parse_args()
    if args.lines < 1 or args.density < 1:
        parser.error("--lines and --density are at least 1")
    rng = random.Random(args.seed)

    source = zipfile.ZipFile(args.source)
    tables = {info.filename: read_table(source, info.filename) for info in source.infolist()
              if info.filename.endswith(".txt") and "/" not in info.filename}
    dates = {info.filename: info.date_time for info in source.infolist()}
    for required in ("stops.txt", "routes.txt", "trips.txt", "stop_times.txt"):
        if tables.get(required) is None:
            raise SystemExit(f"make-large-feed: {args.source} has no {required}")

    def column(table: str, name: str):
        header = tables[table][0]
        return header.index(name) if name in header else None

    tag = [f"L{copy + 1:02}" for copy in range(args.lines)]

    def suffixed(value: str, copy: int) -> str:
        return f"{value}-{tag[copy]}" if value else value

    def named(value: str, copy: int) -> str:
        return f"{value} {tag[copy]}" if value else value

    def copied(row: list, id_columns: list, copy: int) -> list:
        """The row with the ids in id_columns (None: a column the file lacks) made copy's own."""
        row = list(row)
        for at in id_columns:
            if at is not None:
                row[at] = suffixed(row[at], copy)
        return row

    stops_header, stops = tables["stops.txt"]
    lat_at, lon_at = column("stops.txt", "stop_lat"), column("stops.txt", "stop_lon")
    points = [(float(row[lat_at]), float(row[lon_at])) for row in stops if row[lat_at] and row[lon_at]]
    layout = Layout(points, args.lines, args.spacing, rng)
    shifts = [rng.randrange(0, 300) for _ in range(args.lines)]
    factors = [rng.uniform(0.9, 1.1) for _ in range(args.lines)]
    colours = [f"{rng.randrange(1 << 24):06X}" for _ in range(args.lines)]

    out_tables = {}

    # stops.txt: every stop once a copy; ids, parents and zones suffixed, coordinates laid out.
    id_columns = [column("stops.txt", name) for name in ("stop_id", "parent_station", "zone_id")]
    name_at = column("stops.txt", "stop_name")
    type_at = column("stops.txt", "location_type")
    rows, stations = [], []
    for copy in range(args.lines):
        for row in stops:
            row = copied(row, id_columns, copy)
            if name_at is not None:
                row[name_at] = named(row[name_at], copy)
            if row[lat_at] and row[lon_at]:
                lat, lon = layout.place(copy, float(row[lat_at]), float(row[lon_at]))
                row[lat_at], row[lon_at] = f"{lat:.7f}", f"{lon:.7f}"
                if type_at is not None and row[type_at] == "1":
                    stations.append((copy, row[0], (lat, lon)))
            rows.append(row)
    out_tables["stops.txt"] = (stops_header, rows)

    # transfers.txt: for each two copies of different directions (they cross), their two nearest
    # stations, when close enough, both ways.
    transfer_header = ["from_stop_id", "to_stop_id", "transfer_type", "min_transfer_time"]
    transfers = []
    by_copy = [[station for station in stations if station[0] == copy] for copy in range(args.lines)]
    links = []
    for copy in range(args.lines):
        for other in range(copy + 1, args.lines, 2):
            pairs = [(layout.metres(a[2], b[2]), a[1], b[1]) for a in by_copy[copy] for b in by_copy[other]]
            if not pairs:
                continue
            distance, a, b = min(pairs)
            if distance <= args.transfer_radius:
                walk = str(120 + round(distance / 1.2))
                transfers += [[a, b, "2", walk], [b, a, "2", walk]]
                links.append((copy, other))
    transfers.sort()
    if tables.get("transfers.txt") is not None:
        raise SystemExit("make-large-feed: the source has a transfers.txt; this generator writes its own")
    out_tables["transfers.txt"] = (transfer_header, transfers)

    # routes.txt
    routes_header, routes = tables["routes.txt"]
    rows = []
    for copy in range(args.lines):
        for row in routes:
            row = list(row)
            row[column("routes.txt", "route_id")] = suffixed(row[column("routes.txt", "route_id")], copy)
            for name in ("route_short_name", "route_long_name"):
                at = column("routes.txt", name)
                if at is not None:
                    row[at] = named(row[at], copy)
            at = column("routes.txt", "route_color")
            if at is not None:
                row[at] = colours[copy]
            at = column("routes.txt", "route_sort_order")
            if at is not None:
                row[at] = str(copy * len(routes) + int(row[at] or 0))
            rows.append(row)
    out_tables["routes.txt"] = (routes_header, rows)

    # trips.txt and stop_times.txt: DENSITY trips for each, moved and scaled per copy.
    trips_header, trips = tables["trips.txt"]
    times_header, times = tables["stop_times.txt"]
    trip_at = column("stop_times.txt", "trip_id")
    arrival_at = column("stop_times.txt", "arrival_time")
    departure_at = column("stop_times.txt", "departure_time")
    stop_at = column("stop_times.txt", "stop_id")
    stop_headsign_at = column("stop_times.txt", "stop_headsign")
    by_trip = {}
    for row in times:
        by_trip.setdefault(row[trip_at], []).append(row)
    first = {}
    for trip_id, rows_ in by_trip.items():
        starts = [seconds(row[departure_at]) or seconds(row[arrival_at]) for row in rows_]
        first[trip_id] = min(value for value in starts if value is not None)
    # The gap to the next trip of the same route, service and direction.
    key_columns = [column("trips.txt", name) for name in ("route_id", "service_id", "direction_id")]
    groups = {}
    for row in trips:
        groups.setdefault(tuple(row[at] if at is not None else "" for at in key_columns), []).append(row[0])
    gap = {}
    for members in groups.values():
        ordered = sorted((m for m in members if m in first), key=lambda m: first[m])
        for index, trip_id in enumerate(ordered):
            if index + 1 < len(ordered):
                gap[trip_id] = first[ordered[index + 1]] - first[trip_id]
            else:
                gap[trip_id] = first[trip_id] - first[ordered[index - 1]] if index > 0 else 600

    trip_at_ = column("trips.txt", "route_id")
    shape_at = column("trips.txt", "shape_id")
    headsign_at = column("trips.txt", "trip_headsign")
    # (copy, original trip, its new row, its new start in seconds), in the order written.
    planned = []
    for copy in range(args.lines):
        for row in trips:
            original = row[0]
            for j in range(args.density):
                trip = list(row)
                trip[0] = f"{original}-{tag[copy]}-{j + 1}"
                trip[trip_at_] = suffixed(trip[trip_at_], copy)
                if shape_at is not None:
                    trip[shape_at] = suffixed(trip[shape_at], copy)
                if headsign_at is not None:
                    trip[headsign_at] = named(trip[headsign_at], copy)
                moved = first[original] + shifts[copy] + j * gap[original] // args.density if original in first else 0
                planned.append((copy, original, trip, moved))
    trip_rows = [trip for _, _, trip, _ in planned]
    counted = {"stopTimes": 0, "last": 0}

    def time_rows():
        """The stop times, made as they are written (a million rows of lists would take GBs)."""
        for copy, original, trip, moved in planned:
            start, factor = first.get(original), factors[copy]
            for stop_time in by_trip.get(original, []):
                stop_time = list(stop_time)
                stop_time[trip_at] = trip[0]
                stop_time[stop_at] = suffixed(stop_time[stop_at], copy)
                for at in (arrival_at, departure_at):
                    value = seconds(stop_time[at])
                    if value is not None:
                        value = moved + round(factor * (value - start))
                        counted["last"] = max(counted["last"], value)
                    stop_time[at] = clock(value)
                if stop_headsign_at is not None:
                    stop_time[stop_headsign_at] = named(stop_time[stop_headsign_at], copy)
                counted["stopTimes"] += 1
                yield stop_time

    out_tables["trips.txt"] = (trips_header, trip_rows)
    out_tables["stop_times.txt"] = (times_header, time_rows())

    # shapes.txt: each copy's shapes laid out as its stops.
    if tables.get("shapes.txt") is not None:
        header, shapes = tables["shapes.txt"]
        lat_at_, lon_at_ = column("shapes.txt", "shape_pt_lat"), column("shapes.txt", "shape_pt_lon")
        rows = []
        for copy in range(args.lines):
            for row in shapes:
                row = list(row)
                row[0] = suffixed(row[0], copy)
                lat, lon = layout.place(copy, float(row[lat_at_]), float(row[lon_at_]))
                row[lat_at_], row[lon_at_] = f"{lat:.7f}", f"{lon:.7f}"
                rows.append(row)
        out_tables["shapes.txt"] = (header, rows)

    # fare_rules.txt: each copy's route and zones.
    if tables.get("fare_rules.txt") is not None:
        header, rules = tables["fare_rules.txt"]
        at_columns = [column("fare_rules.txt", name) for name in ("route_id", "origin_id", "destination_id", "contains_id")]
        rows = []
        for copy in range(args.lines):
            for row in rules:
                rows.append(copied(row, at_columns, copy))
        out_tables["fare_rules.txt"] = (header, rows)

    for name in ("calendar_dates.txt", "frequencies.txt", "pathways.txt", "levels.txt", "beacons.txt"):
        if tables.get(name) is not None:
            raise SystemExit(f"make-large-feed: the source has a {name}, which this generator does not scale")

    # Write: the source's files in its order, then transfers.txt; the rest as they were.
    order = [info.filename for info in source.infolist()] + ["transfers.txt"]
    partial = f"{args.out}.partial.{os.getpid()}"
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for name in order:
            info = zipfile.ZipInfo(name, date_time=dates.get(name, dates["stops.txt"]))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            if name in out_tables:
                header, rows = out_tables[name]
                with archive.open(info, "w", force_zip64=True) as entry:
                    text = io.TextIOWrapper(entry, encoding="utf-8", newline="")
                    writer = csv.writer(text, lineterminator="\n")
                    writer.writerow(header)
                    writer.writerows(rows)
                    text.flush()
                    text.detach()
            else:
                archive.writestr(info, source.read(name))
    os.replace(partial, args.out)

    # The groups of copies that transfers join (1: the copies make one network).
    group = list(range(args.lines))

    def root(copy):
        while group[copy] != copy:
            group[copy] = group[group[copy]]
            copy = group[copy]
        return copy

    for copy, other in links:
        group[root(copy)] = root(other)
    type_counts = {}
    for row in out_tables["stops.txt"][1]:
        kind = row[type_at] or "0" if type_at is not None else "0"
        type_counts[kind] = type_counts.get(kind, 0) + 1
    stats = {
        "source": os.path.relpath(args.source, ROOT) if args.source.startswith(ROOT) else args.source,
        "lines": args.lines, "density": args.density, "seed": args.seed,
        "spacingMetres": round(layout.spacing), "transferRadiusMetres": args.transfer_radius,
        "stops": len(out_tables["stops.txt"][1]),
        "stations": type_counts.get("1", 0), "platforms": type_counts.get("0", 0),
        "entrances": type_counts.get("2", 0),
        "routes": len(out_tables["routes.txt"][1]), "trips": len(trip_rows),
        "stopTimes": counted["stopTimes"], "transfers": len(transfers),
        "interchanges": len(links), "networks": len({root(copy) for copy in range(args.lines)}),
        "lastTime": clock(counted["last"]),
        "bytes": os.path.getsize(args.out),
    }
    if args.stats:
        with open(args.stats, "w") as f:
            json.dump(stats, f)
    print(json.dumps(stats), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
