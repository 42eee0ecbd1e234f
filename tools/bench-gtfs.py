#!/usr/bin/env python3
"""Loading a GTFS feed: ours (beacon-broadcast --gtfs) beside the Python loaders users pick, on the
same zip, each a whole process of its own.

  bench-gtfs.py BEACON_BROADCAST PEER_PYTHON FEED LABEL [--runs N] [--timeout S] [--stats FILE]
                [--targets]
      One untimed run of each, then RUNS rounds, each running every loader once in turn, in a
      fresh process: wall time (spawn to exit), CPU time (user + system) and peak RSS from the
      kernel (wait4) of that process alone. Prints one JSON object: the feed's row counts (read
      here with the csv module), and per loader the best wall time of the runs, the CPU time of
      that run, the highest peak RSS of all runs, and for the peers the time of the load alone
      inside the process (imports not counted). --stats FILE: tools/make-large-feed.py's counts,
      carried into the JSON. --targets: issue 25's targets (≤ 2 s, ≤ 300 MB) apply to ours on
      this feed (the report checks them). A run that fails (a non-zero exit, a signal, the time limit, fewer
      rows than the feed has) is reported with "failure" and "ok": false.

      - ours: BEACON_BROADCAST --gtfs FEED --list-stations --format json > /dev/null: the whole
        feed read and checked (every reference, every time parsed), the network built, the
        stations listed.
      - partridge: partridge.load_feed(FEED), then each table ours reads taken (the reads are
        lazy): agency, stops, routes, trips, stop_times, calendar, calendar_dates, frequencies,
        transfers (partridge has no pathways).
      - partridge (raw): the same through partridge.load_raw_feed, which keeps every row;
        load_feed's default view keeps only what the trips reach (stops that no stop time
        names, such as parent stations, and transfers between them, are dropped).
      - gtfs-kit: gtfs_kit.read_feed(FEED, dist_units="km"), which reads every file it knows at
        once (shapes and fares too); the tables are taken as above.

  bench-gtfs.py --peer NAME FEED
      Inside PEER_PYTHON: load FEED with that peer, print JSON {"importSeconds", "loadSeconds",
      "rows": {table: count}}.

The peers' versions are pinned in tools/requirements-bench.txt (tools/.venv-bench).
"""
import argparse
import csv
import io
import json
import os
import subprocess
import sys
import tempfile
import time
import zipfile

TABLES = ["agency", "stops", "routes", "trips", "stop_times", "calendar", "calendar_dates",
          "frequencies", "transfers", "pathways"]
PEERS = {
    "partridge": "partridge.load_feed, every table ours reads forced",
    "partridge (raw)": "partridge.load_raw_feed, the same tables, unfiltered",
    "gtfs-kit": 'gtfs_kit.read_feed(dist_units="km"), every file it knows',
}


def peer(name: str, feed: str) -> int:
    """Runs inside the peers' Python: one load, its figures as JSON."""
    start = time.monotonic()
    if name.startswith("partridge"):
        import partridge as loader
    else:
        import gtfs_kit as loader
    imported = time.monotonic()
    if name == "partridge":
        loaded = loader.load_feed(feed)
    elif name == "partridge (raw)":
        loaded = loader.load_raw_feed(feed)
    else:
        loaded = loader.read_feed(feed, dist_units="km")
    rows = {}
    for table in TABLES:
        frame = getattr(loaded, table, None)
        rows[table] = None if frame is None else len(frame)
    done = time.monotonic()
    print(json.dumps({"importSeconds": round(imported - start, 3), "loadSeconds": round(done - imported, 3),
                      "rows": rows}))
    return 0


def count_rows(feed: str) -> dict:
    """Each table's data rows, by the csv module (RFC 4180, as ours reads them)."""
    counts = {}
    with zipfile.ZipFile(feed) as archive:
        names = {os.path.basename(name): name for name in archive.namelist()}
        for table in TABLES:
            name = names.get(f"{table}.txt")
            if name is None:
                continue
            with archive.open(name) as entry:
                reader = csv.reader(io.TextIOWrapper(entry, encoding="utf-8-sig", newline=""))
                counts[table] = sum(1 for row in reader if row) - 1
    return counts


def run_once(command, timeout: float, keep_output: bool):
    """Runs COMMAND, its standard output into a temporary file (or /dev/null): (figures, output).
    The figures are the child's own, from wait4: wall s, CPU s, peak RSS KiB; "failure" when it
    did not exit 0 in time."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, open(os.devnull, "wb") as null:
        start = time.monotonic()
        child = subprocess.Popen(command, stdout=out if keep_output else null, stderr=err)
        deadline = start + timeout
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                child.kill()
                os.wait4(child.pid, 0)
                return {"failure": f"over the time limit of {timeout:g} s"}, b""
            time.sleep(0.002)
        wall = time.monotonic() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        result = {"wallSeconds": wall, "cpuSeconds": usage.ru_utime + usage.ru_stime, "peakRSSKiB": usage.ru_maxrss}
        if child.returncode != 0:
            err.seek(0)
            tail = err.read().decode(errors="replace").strip().splitlines()[-1:] or [""]
            result["failure"] = f"exit {child.returncode}: {tail[0][:200]}"
        out.seek(0)
        return result, out.read()


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--peer":
        return peer(sys.argv[2], sys.argv[3])
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("beacon_broadcast")
    parser.add_argument("peer_python")
    parser.add_argument("feed")
    parser.add_argument("label")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--stats", metavar="FILE")
    parser.add_argument("--targets", action="store_true", help="the issue's targets apply to ours on this feed")
    args = parser.parse_args()

    counts = count_rows(args.feed)
    loaders = {"ours": ([args.beacon_broadcast, "--gtfs", args.feed, "--list-stations", "--format", "json"],
                        "beacon-broadcast --gtfs FEED --list-stations --format json > /dev/null")}
    here = os.path.abspath(__file__)
    for name, what in PEERS.items():
        loaders[name] = ([args.peer_python, here, "--peer", name, args.feed], what)
    results = {name: {"name": name, "what": what, "ok": True, "runs": []} for name, (_, what) in loaders.items()}
    load_before = os.getloadavg()

    def check(name, result, out):
        """A run's failure, if any: a bad exit, or fewer rows or stations than the feed has."""
        if "failure" in result:
            return result["failure"]
        if name == "ours":
            return None
        figures = json.loads(out)
        result["loadSeconds"] = figures["loadSeconds"]
        result["importSeconds"] = figures["importSeconds"]
        rows = figures["rows"]
        results[name]["rows"] = rows
        if rows.get("stop_times") != counts.get("stop_times"):
            return f"read {rows.get('stop_times')} stop times of {counts.get('stop_times')}"
        return None

    # The untimed round: the page cache warm, Python's bytecode compiled; ours also prints its
    # stations, which are counted.
    for name, (command, _) in loaders.items():
        result, out = run_once(command, args.timeout, keep_output=True)
        failure = check(name, result, out)
        if failure is None and name == "ours":
            results[name]["stations"] = sum(1 for line in out.splitlines() if line.strip())
        if failure is not None:
            results[name].update(ok=False, failure=failure)
    for _ in range(args.runs):
        for name, (command, _) in loaders.items():
            if not results[name]["ok"]:
                continue
            result, out = run_once(command, args.timeout, keep_output=name != "ours")
            failure = check(name, result, out)
            if failure is not None:
                results[name].update(ok=False, failure=failure)
                continue
            results[name]["runs"].append(result)

    for result in results.values():
        runs = result.pop("runs")
        if not runs:
            continue
        best = min(runs, key=lambda run: run["wallSeconds"])
        result["wallSeconds"] = round(best["wallSeconds"], 3)
        result["cpuSeconds"] = round(best["cpuSeconds"], 3)
        result["peakRSSKiB"] = max(run["peakRSSKiB"] for run in runs)
        result["wallSecondsAll"] = [round(run["wallSeconds"], 3) for run in runs]
        if "loadSeconds" in best:
            result["loadSeconds"] = best["loadSeconds"]
            result["importSeconds"] = best["importSeconds"]
        result["timedRuns"] = len(runs)
    report = {"label": args.label, "feed": args.feed, "feedBytes": os.path.getsize(args.feed), "rows": counts,
              "runs": args.runs, "loadAverage": [round(load_before[0], 2), round(os.getloadavg()[0], 2)],
              "targeted": args.targets, "loaders": list(results.values())}
    if args.stats:
        report["generated"] = json.load(open(args.stats))
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
