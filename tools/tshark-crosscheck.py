#!/usr/bin/env python3
"""Cross-check the fixtures' oracle against TShark, report by report.

For every valid fixture (Fixtures/*.btsnoop whose summary has no error) this runs
`tshark -r FILE -T pdml` and walks each LE (Extended) Advertising Report event field by field, in
order (PDML keeps order; `-T json` folds the repeated fields of a multi-report event into one key).
A report starts at its Event_Type field; per report it takes the address, the RSSI and the
manufacturer-specific AD structures (company identifier + data). It then compares them with what
tools/make-fixtures.py's oracle decodes from the same bytes.

Wireshark's own iBeacon dissector is not used (it is only reachable through Decode-As and decodes
iBeacons wrongly); the comparison is at the manufacturer-data level.

Events whose reports are cut short: TShark shows the broken report too; only the reports the
oracle could decode (those before the broken one) are compared.

Usage: python3 tools/tshark-crosscheck.py [NAME ...]     exit 1 on any difference
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("make_fixtures", ROOT / "tools" / "make-fixtures.py")
mf = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mf)

EVENT_TYPE_FIELDS = {"bthci_evt.le_advts_event_type", "bthci_evt.le_ext_advts_event_type"}


def tshark_reports(path: Path) -> dict[int, list[dict]]:
    """frame number -> reports [{address, rssi, manufacturer: [bytes]}]."""
    pdml = subprocess.run(["tshark", "-r", str(path), "-T", "pdml",
                           "-Y", "bthci_evt.le_meta_subevent == 0x02 || bthci_evt.le_meta_subevent == 0x0d"],
                          capture_output=True, check=False).stdout
    out: dict[int, list[dict]] = {}
    for packet in ET.fromstring(pdml).iter("packet"):
        number = None
        reports: list[dict] = []
        pending_company = None
        for field in packet.iter("field"):
            name = field.get("name")
            if name == "num":
                number = int(field.get("show"))
            elif name in EVENT_TYPE_FIELDS:
                reports.append({"address": None, "rssi": None, "manufacturer": []})
            elif not reports:
                continue
            elif name == "bthci_evt.bd_addr":
                reports[-1]["address"] = bytes.fromhex(field.get("value"))
            elif name == "bthci_evt.rssi":
                reports[-1]["rssi"] = mf.s8(int(field.get("value"), 16))
            elif name == "btcommon.eir_ad.entry.company_id":
                pending_company = bytes.fromhex(field.get("value"))
            elif name == "btcommon.eir_ad.entry.data" and pending_company is not None:
                reports[-1]["manufacturer"].append(pending_company + bytes.fromhex(field.get("value")))
                pending_company = None
            elif name == "btcommon.eir_ad.entry" and pending_company is not None:
                # a manufacturer structure with only the company identifier
                reports[-1]["manufacturer"].append(pending_company)
                pending_company = None
        if pending_company is not None and reports:
            reports[-1]["manufacturer"].append(pending_company)
        out[number] = reports
    return out


def oracle_reports(blob: bytes) -> dict[int, list[dict]]:
    datalink, records, _warning = mf.read_btsnoop(blob)
    out: dict[int, list[dict]] = {}
    for number, (_offset, _us, flags, data) in enumerate(records, start=1):
        kind, packet = mf.classify(datalink, flags, data)
        if kind != "event" or len(packet) < 4 or packet[0] != mf.EVT_LE_META or packet[2] not in (0x02, 0x0D):
            continue
        reports, _announced, _problem = mf.parse_reports(packet[2:])
        out[number] = [{"address": r["address"], "rssi": None if r["rssi"] is None else r["rssi"],
                        "manufacturer": [body for t, body in mf.walk_ad(r["data"]) if t == 0xFF],
                        "adOverrun": sum(2 + len(body) for _t, body in mf.walk_ad(r["data"])) < len(r["data"])}
                       for r in reports]
    return out


def main() -> int:
    if shutil.which("tshark") is None:
        print("tshark not on PATH; nothing checked")
        return 0
    names = sys.argv[1:]
    failures = 0
    for summary_path in sorted((ROOT / "Fixtures").glob("*.expected-summary.json")):
        summary = json.loads(summary_path.read_text())
        name = summary_path.name.removesuffix(".expected-summary.json")
        if summary.get("error") or (names and name not in names):
            continue
        path = ROOT / "Fixtures" / f"{name}.btsnoop"
        theirs = tshark_reports(path)
        ours = oracle_reports(path.read_bytes())
        compared = mfr = overruns = 0
        problems = []
        if sorted(theirs) != sorted(ours):
            problems.append(f"event frames differ: tshark {len(theirs)}, oracle {len(ours)}")
        for number, reports in ours.items():
            seen = theirs.get(number, [])[:len(reports)]
            for i, (a, b) in enumerate(zip(reports, seen)):
                # TShark reports RSSI 127 as 127; the oracle says "not available" (None)
                b_rssi = None if b["rssi"] == 127 else b["rssi"]
                if a["adOverrun"]:
                    # TShark lets an AD structure that overruns Data_Length swallow the RSSI byte
                    # (it then shows no RSSI); compare address and manufacturer data only.
                    b_rssi = a["rssi"]
                if (a["address"], a["rssi"], a["manufacturer"]) != (b["address"], b_rssi, b["manufacturer"]):
                    problems.append(f"frame {number} report {i}: oracle {a} tshark {b}")
                overruns += a["adOverrun"]
                compared += 1
                mfr += len(a["manufacturer"])
            if len(seen) < len(reports):
                problems.append(f"frame {number}: tshark shows {len(seen)} reports, oracle {len(reports)}")
        # The expected file's iBeacon and AltBeacon rows against TShark's manufacturer data, sliced by hand.
        expected = [json.loads(line) for line in (ROOT / "Fixtures" / f"{name}.expected.jsonl").read_text().splitlines()]
        expected = [e for e in expected if e["kind"] in ("ibeacon", "altbeacon")]
        sliced = []
        for number in sorted(ours):
            for report in theirs.get(number, [])[:len(ours[number])]:
                for body in report["manufacturer"]:
                    if len(body) == 25 and body[:4] == bytes.fromhex("4c000215"):
                        kind = "ibeacon"
                    elif len(body) == 26 and body[2:4] == bytes.fromhex("beac"):
                        kind = "altbeacon"
                    else:
                        continue
                    major, minor, power = struct.unpack(">HHb", body[20:25])
                    sliced.append((mf.address_text(report["address"]), kind, mf.uuid_text(body[4:20]), major, minor, power))
        wanted = [(e["address"], e["kind"], e["uuid"], e["major"], e["minor"], e["txPower"]) for e in expected]
        if sliced != wanted:
            problems.append(f"iBeacon/AltBeacon rows: tshark {len(sliced)}, expected.jsonl {len(wanted)}; "
                            f"first difference {next((x for x in zip(sliced, wanted) if x[0] != x[1]), None)}")
        status = "ok" if not problems else "DIFFERS"
        print(f"{status:8} {name}: {compared} reports compared ({mfr} manufacturer-data structures), "
              f"{len(ours)} advertising events, {len(wanted)} iBeacon/AltBeacon rows match expected.jsonl"
              + (f", {overruns} with an AD overrun (RSSI not compared)" if overruns else ""))
        for p in problems[:10]:
            print("         ", p)
        failures += bool(problems)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
