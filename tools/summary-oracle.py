#!/usr/bin/env python3
"""What `beacon-scan --replay NAME.btsnoop --summary --format json` must print, computed
independently from a fixture's oracle files.

Reads Fixtures/NAME.expected.jsonl (every beacon report, decoded by tools/make-fixtures.py's own
oracle) and NAME.expected-summary.json (its counts), and prints the summary document: per beacon
identity the report count, distinct addresses (and whether that count is exact: beacon-scan
counts up to 1,024 addresses per identity exactly and estimates beyond, which this oracle does
not reproduce; the fixtures stay far below), RSSI min/median (statistics.median)/max, reports
without RSSI, first and last seen; totals by kind; non-beacon reports = advertising reports -
beacon reports. Standard library only; shares no code with the Swift packages. Beacons are
listed in no particular order (the test compares them as a set keyed by identity).

Usage: tools/summary-oracle.py Fixtures/NAME     (without the extension)
"""
import json
import statistics
import sys

KINDS = ["ibeacon", "altbeacon", "eddystone-uid"]
# beacon-scan's exact distinct-address capacity per identity (DistinctAddressCounter.exactCapacity).
EXACT_ADDRESS_CAPACITY = 1024


def identity_of(report: dict) -> tuple:
    if report["kind"] == "eddystone-uid":
        return (report["kind"], report["namespace"], report["instance"])
    return (report["kind"], report["uuid"], report["major"], report["minor"])


def main() -> int:
    base = sys.argv[1]
    with open(base + ".expected.jsonl") as f:
        reports = [json.loads(line) for line in f if line.strip()]
    with open(base + ".expected-summary.json") as f:
        counts = json.load(f)
    beacons: dict[tuple, dict] = {}
    for r in reports:
        b = beacons.setdefault(identity_of(r), {"reports": [], "station": r["station"]})
        b["reports"].append(r)
    out_beacons = []
    for ident, b in beacons.items():
        rs = b["reports"]
        rssis = [r["rssi"] for r in rs if r["rssi"] is not None]
        entry = {"kind": ident[0]}
        if ident[0] == "eddystone-uid":
            entry["namespace"], entry["instance"] = ident[1], ident[2]
        else:
            entry["uuid"], entry["major"], entry["minor"] = ident[1], ident[2], ident[3]
        addresses = len({r["address"] for r in rs})
        entry.update({
            "station": b["station"],
            "reports": len(rs),
            "addresses": addresses,
            "addressesExact": addresses <= EXACT_ADDRESS_CAPACITY,
            "rssiMin": min(rssis) if rssis else None,
            "rssiMedian": float(statistics.median(rssis)) if rssis else None,
            "rssiMax": max(rssis) if rssis else None,
            "reportsWithoutRSSI": len(rs) - len(rssis),
            # ISO-8601 strings of one format sort as times do.
            "firstSeen": min(r["time"] for r in rs),
            "lastSeen": max(r["time"] for r in rs),
        })
        out_beacons.append(entry)
    beacon_reports = sum(counts["beaconReports"].values())
    document = {
        "advertisingReports": counts["advertisingReports"],
        "beaconReports": beacon_reports,
        "matchedReports": len(reports),
        "nonBeaconReports": counts["advertisingReports"] - beacon_reports,
        "malformedEvents": counts["malformedEvents"],
        "kinds": {
            k: {
                "reports": sum(1 for r in reports if r["kind"] == k),
                "beacons": sum(1 for i in beacons if i[0] == k),
            }
            for k in KINDS
        },
        "beacons": out_beacons,
    }
    print(json.dumps(document))
    return 0


if __name__ == "__main__":
    sys.exit(main())
