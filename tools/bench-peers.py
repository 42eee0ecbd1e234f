#!/usr/bin/env python3
"""The Python decoders users pick today, timed on the same capture bytes as bench-decode.

Reads a btsnoop capture (datalink 1002, as tools/bench-capture.py writes it), takes out, before
any timing, the H4 bytes of every LE Advertising Report event and the AD payload of every report
in them, then times each peer over the first reports (as many as fit in about TARGET seconds,
whole events for the HCI-level peers) and prints one JSON object: nanoseconds per advertising
report, and what each peer found, so that a peer that found nothing is seen.

- beacontools 2.1.0: parse_packet(AD payload) -> iBeacon / Eddystone frame object.
- bluetooth-data-tools 1.29.24: the AD parser without its lru_cache
  (gap._uncached_parse_advertisement_bytes), since the public entry points are memoised and
  the capture repeats payloads; the memoised parse_advertisement_data_bytes is timed as well.
- aioblescan 0.2.14: HCI_Event().decode(H4 event bytes), its whole-packet decoder.
- Bumble 0.0.236: HCI_Packet.from_bytes(H4 event bytes), then AdvertisingData.from_bytes on
  each report's data.

None of them goes as far as ours does (an identity per report, for every beacon kind); the
ratios are therefore in the peers' favour.

Usage: bench-peers.py CAPTURE [TARGET_SECONDS]
"""
import json
import struct
import sys
import time


def read_capture(path: str):
    with open(path, "rb") as f:
        blob = f.read()
    if blob[:8] != b"btsnoop\0" or struct.unpack(">I", blob[12:16])[0] != 1002:
        raise SystemExit(f"{path}: not a btsnoop 1002 capture")
    events, payloads = [], []
    offset = 16
    while offset + 24 <= len(blob):
        included = struct.unpack(">I", blob[offset + 4:offset + 8])[0]
        data = blob[offset + 24:offset + 24 + included]
        offset += 24 + included
        if len(data) < 4 or data[0] != 0x04 or data[1] != 0x3E or data[3] != 0x02:
            continue
        reports = []
        pos, count = 5, data[4]
        for _ in range(count):
            length = data[pos + 8]
            reports.append(bytes(data[pos + 9:pos + 9 + length]))
            pos += 10 + length
        events.append((bytes(data), len(reports)))
        payloads.extend(reports)
    return events, payloads


def timed(target: float, items, run):
    """Runs `run` over growing prefixes until one takes `target` seconds; (ns/report, reports, result)."""
    n = 1000
    while True:
        chunk = items[:n]
        start = time.perf_counter()
        result, reports = run(chunk)
        elapsed = time.perf_counter() - start
        if elapsed >= target or n >= len(items):
            return elapsed * 1e9 / reports, reports, result
        n = min(len(items), int(n * max(2.0, target / max(elapsed, 1e-6) * 1.1)))


def main() -> int:
    path = sys.argv[1]
    target = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
    events, payloads = read_capture(path)
    results = {"events": len(events), "reports": len(payloads), "peers": {}}

    import beacontools

    def run_beacontools(chunk):
        found = 0
        for payload in chunk:
            if beacontools.parse_packet(payload) is not None:
                found += 1
        return found, len(chunk)

    from bluetooth_data_tools import gap, parse_advertisement_data_bytes

    def run_bdt_uncached(chunk):
        found = 0
        parse = gap._uncached_parse_advertisement_bytes
        for payload in chunk:
            if parse(payload)[3]:
                found += 1
        return found, len(chunk)

    def run_bdt_cached(chunk):
        found = 0
        for payload in chunk:
            if parse_advertisement_data_bytes(payload)[3]:
                found += 1
        return found, len(chunk)

    import aioblescan

    def run_aioblescan(chunk):
        decoded = 0
        reports = 0
        for event, count in chunk:
            ev = aioblescan.HCI_Event()
            ev.decode(event)
            decoded += 1
            reports += count
        return decoded, reports

    from bumble.core import AdvertisingData
    from bumble.hci import HCI_Packet

    def run_bumble(chunk):
        structures = 0
        reports = 0
        for event, count in chunk:
            packet = HCI_Packet.from_bytes(event)
            for report in packet.reports:
                structures += len(AdvertisingData.from_bytes(report.data).ad_structures)
            reports += count
        return structures, reports

    for name, items, run, what in [
        ("beacontools", payloads, run_beacontools, "AD payload -> beacon frame (frames found)"),
        ("bluetooth-data-tools", payloads, run_bdt_uncached,
         "AD payload -> parsed AD, cache bypassed (payloads with manufacturer data)"),
        ("bluetooth-data-tools (memoised)", payloads, run_bdt_cached,
         "AD payload -> parsed AD, its lru_cache as shipped (hits only on repeated payloads)"),
        ("aioblescan", events, run_aioblescan, "H4 event bytes -> decoded event (events)"),
        ("bumble", events, run_bumble, "H4 event bytes -> event + AD structures (AD structures)"),
    ]:
        ns, reports, result = timed(target, items, run)
        results["peers"][name] = {"nsPerReport": round(ns, 1), "reportsTimed": reports, "result": result,
                                  "what": what}
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
