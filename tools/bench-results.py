#!/usr/bin/env python3
"""The figures and tables of tools/bench: reads what one run left behind, prints JSON or Markdown.

  bench-results.py scan LABEL TIME_LOG STDERR STDOUT [--expected-reports N] [--stats FILE]
                   [--generator-status N --generator-log FILE] [--memory-limit-mib M] [--timeout S]
                   [--targets ns,rss,rate,page] [--page FILE]
      One beacon-scan --replay … --summary --format json run under /usr/bin/time -v -o TIME_LOG
      (and timeout, and ulimit -v): one JSON object with its CPU time, peak RSS, ns per report and
      what it counted, or "failure": why it is not a good run (a signal, a non-zero exit, a time
      limit, fewer reports than generated, a generator that failed). With --page, the run wrote a
      --report page there: its size too (no page is a failure).

  bench-results.py decode OUT_JSON ERR_LOG WORKLOAD STATUS [MEMORY_LIMIT_MIB]
      One bench-decode run of one workload: its JSON object, or {"failed": {WORKLOAD: why}}.

  bench-results.py report FILE.json
      The tables, from one JSON object naming the parts (any may be missing):
      fewDecode, fewPeers, fewScans [..], startup, distinctDecode, distinctPeers,
      distinctScans [..], flood | floodSkipped, mqttScans [..], reportRuns [..], gtfs [..]
      (tools/bench-gtfs.py's objects), targets, beaconScan, beaconBroadcast.
      Exits 1 when
      any run failed.

Standard library only.
"""
import json
import os
import re
import signal
import sys

# Reading the whole JSON output of a summary is fine for a few thousand beacons; a capture with a
# million identities makes hundreds of MB of it, so only its head is read beyond this size.
FULL_PARSE_LIMIT = 64 << 20


def tail_reason(stderr_path: str) -> str:
    """The line of beacon-scan's standard error that says why it stopped, if any."""
    try:
        with open(stderr_path, errors="replace") as f:
            lines = [line.strip() for line in f if line.strip()]
    except OSError:
        return ""
    for line in lines:
        if line.startswith("Fatal error") or line.startswith("*** Program crashed"):
            return line[:200]
    for line in reversed(lines):
        if "error" in line.lower() or line.startswith("beacon-scan:") or line.startswith("bench-decode:"):
            return line[:200]
    return lines[-1][:200] if lines else ""


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def read_time_log(path: str):
    """/usr/bin/time -v's figures and how the command ended: (fields, failure or None)."""
    try:
        text = open(path, errors="replace").read()
    except OSError:
        return {}, "no /usr/bin/time figures (the run did not start?)"
    fields = {}
    for name, key in (("User time (seconds)", "user"), ("System time (seconds)", "system"),
                      ("Maximum resident set size (kbytes)", "maxrss")):
        match = re.search(re.escape(name) + r": ([0-9.]+)", text)
        if match:
            fields[key] = float(match.group(1))
    match = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([0-9:.]+)", text)
    if match:
        seconds = 0.0
        for part in match.group(1).split(":"):
            seconds = seconds * 60 + float(part)
        fields["wall"] = round(seconds, 2)
    failure = None
    killed = re.search(r"Command terminated by signal (\d+)", text)
    exited = re.search(r"Command exited with non-zero status (\d+)", text)
    if killed:
        failure = ("signal", int(killed.group(1)))
    elif exited:
        failure = ("status", int(exited.group(1)))
    elif "user" not in fields or "maxrss" not in fields:
        failure = ("status", -1)
    return fields, failure


def summary_head(stdout_path: str):
    """What the JSON summary says: reports, identities per kind, pairs; the head only when large."""
    result = {}
    try:
        size = os.path.getsize(stdout_path)
    except OSError:
        return result
    result["outputBytes"] = size
    if size == 0:
        return result
    if size <= FULL_PARSE_LIMIT:
        try:
            summary = json.load(open(stdout_path))
        except (ValueError, OSError):
            summary = None
        if isinstance(summary, dict):
            result["reports"] = summary.get("advertisingReports")
            kinds = summary.get("kinds") or {}
            identities = [k.get("beacons") for k in kinds.values() if isinstance(k, dict)]
            if identities and all(isinstance(n, int) for n in identities):
                result["identities"] = sum(identities)
            beacons = summary.get("beacons")
            if isinstance(beacons, list):
                result["beaconsListed"] = len(beacons)
                if all(isinstance(b, dict) and "addresses" in b for b in beacons):
                    result["identityAddressPairs"] = sum(b["addresses"] for b in beacons)
                    result["pairsExact"] = all(b.get("addressesExact", True) for b in beacons)
            return result
    with open(stdout_path, "rb") as f:
        head = f.read(1 << 16).decode("utf-8", "replace")
    match = re.search(r'"advertisingReports"\s*:\s*(\d+)', head)
    if match:
        result["reports"] = int(match.group(1))
    counts = re.findall(r'"(?:ibeacon|altbeacon|eddystone-uid)"\s*:\s*\{[^{}]*?"beacons"\s*:\s*(\d+)', head)
    if len(counts) == 3:
        result["identities"] = sum(int(n) for n in counts)
    return result


def reports_from_stderr(stderr_path: str):
    try:
        text = open(stderr_path, errors="replace").read()
    except OSError:
        return None
    match = re.search(r": (\d+) advertising report\(s\)", text)
    return int(match.group(1)) if match else None


def mqtt_line(stderr_path: str):
    """What the MQTT reporter said at the end ("N message(s) published, …"), without the prefix."""
    try:
        lines = open(stderr_path, errors="replace").read().splitlines()
    except OSError:
        return None
    said = [line.split(": ", 2)[-1] for line in lines if "message(s) published" in line]
    return said[-1] if said else None


def scan(args) -> int:
    label, time_log, stderr_path, stdout_path = args[:4]
    options = dict(zip(args[4::2], args[5::2]))
    fields, ended = read_time_log(time_log)
    result = {"label": label}
    result.update(summary_head(stdout_path))
    reports = reports_from_stderr(stderr_path)
    if reports is not None:
        result["reports"] = reports
    if "--stats" in options:
        try:
            result["generated"] = json.load(open(options["--stats"]))
        except (OSError, ValueError):
            pass
    expected = int(options["--expected-reports"]) if "--expected-reports" in options else None
    if expected is not None:
        result["expectedReports"] = expected
    if "user" in fields:
        result["cpuSeconds"] = round(fields["user"] + fields.get("system", 0.0), 3)
    if "wall" in fields:
        result["wallSeconds"] = fields["wall"]
    if "maxrss" in fields:
        result["peakRSSKiB"] = int(fields["maxrss"])
    limit = options.get("--memory-limit-mib")
    failure = None
    if ended is not None:
        kind, number = ended
        timeout = options.get("--timeout", "?")
        if kind == "signal":
            failure = f"killed by {signal_name(number)}"
        elif number == 124:
            failure = f"stopped after {timeout} s (BENCH_TIMEOUT)"
        elif number == 137:
            failure = f"killed after {timeout} s (BENCH_TIMEOUT)"
        elif number == -1:
            failure = "no figures from /usr/bin/time"
        else:
            failure = f"exited with status {number}"
        reason = tail_reason(stderr_path)
        if reason:
            failure += f": {reason}"
        if kind == "signal" or "allocate" in failure:
            if limit:
                failure += f" (address space limited to {limit} MiB, BENCH_MEMORY_LIMIT_MIB)"
    generator_status = int(options.get("--generator-status", "0"))
    if generator_status != 0:
        gen_reason = tail_reason(options.get("--generator-log", "")) or f"status {generator_status}"
        if failure is None:
            failure = f"the capture generator failed ({gen_reason})"
        else:
            failure += f"; the generator then stopped ({gen_reason})"
    if failure is None and expected is not None and result.get("reports") != expected:
        failure = f"read {result.get('reports')} advertising reports of the {expected} generated"
    if failure is None and result.get("outputBytes", 0) == 0:
        failure = "printed no summary"
    if "cpuSeconds" in result and result.get("reports"):
        result["nsPerReport"] = round(result["cpuSeconds"] * 1e9 / result["reports"], 1)
    if result.get("wallSeconds") and result.get("reports"):
        result["reportsPerSecond"] = round(result["reports"] / result["wallSeconds"])
    if "--page" in options:
        try:
            result["pageBytes"] = os.path.getsize(options["--page"])
        except OSError:
            failure = failure or "wrote no --report page"
    mqtt = mqtt_line(stderr_path)
    if mqtt:
        result["mqtt"] = mqtt
    result["targets"] = [t for t in options.get("--targets", "").split(",") if t]
    result["ok"] = failure is None
    if failure:
        result["failure"] = failure
    print(json.dumps(result))
    return 0


def decode(args) -> int:
    out_path, err_path, workload, status = args[0], args[1], args[2], int(args[3])
    try:
        parsed = json.load(open(out_path))
    except (OSError, ValueError):
        parsed = None
    if status == 0 and isinstance(parsed, dict) and workload in parsed:
        print(json.dumps(parsed))
        return 0
    if status == 124:
        why = "stopped by BENCH_TIMEOUT"
    elif status == 137:
        why = "killed after BENCH_TIMEOUT"
    elif status > 128:
        why = f"killed by {signal_name(status - 128)}"
    else:
        why = f"exited with status {status}"
    reason = tail_reason(err_path) or tail_reason(out_path)
    why += f": {reason}" if reason else ""
    if len(args) > 4 and ((status > 128 and status != 137) or "allocate" in why):
        why += f" (address space limited to {args[4]} MiB, BENCH_MEMORY_LIMIT_MIB)"
    print(json.dumps({"failed": {workload: why}}))
    return 0


# --- the tables -------------------------------------------------------------------------------

DECODE_ROWS = [
    ("hciToIdentity", "ours: HCI bytes → identity", "HCI event decoded, beacon frame found, identity"),
    ("payloadToIdentity", "ours: AD payload → identity", "beacon frame found in the AD payload, identity"),
    ("scanner", "ours: BeaconScanner", "as beacon-scan: decode, frame, station, filter, sighting"),
    ("scannerAndStations", "ours: + StationDetector", "as beacon-ride: + BeaconRanging smoothing, station presence"),
    ("summary", "ours: + ScanSummary", "as beacon-scan --summary"),
]
# Each peer is compared with our figure for the same input: AD-level peers with our AD payload
# figure, HCI-level peers with our HCI figure.
PEER_BASIS = {"beacontools": "payloadToIdentity", "bluetooth-data-tools": "payloadToIdentity",
              "bluetooth-data-tools (memoised)": "payloadToIdentity", "aioblescan": "hciToIdentity",
              "bumble": "hciToIdentity"}


def decode_table(title: str, ours: dict, peers) -> list:
    failures = []
    print(f"{title}, {ours['reports']:,} advertising reports (ns per report; lower is better)\n")
    print("| decoder | what it does per report | ns/report | ours is faster by |")
    print("|---|---|---|---|")
    for key, name, what in DECODE_ROWS:
        if key in ours:
            print(f"| {name} | {what} | {ours[key]['nsPerReport']:,.1f} | |")
        elif key in ours.get("failed", {}):
            print(f"| {name} | {what} | FAILED: {ours['failed'][key]} | |")
            failures.append(f"bench-decode {key}: {ours['failed'][key]}")
    for name, peer in (peers or {}).get("peers", {}).items():
        basis = ours.get(PEER_BASIS.get(name, ""), {}).get("nsPerReport")
        ratio = f"{peer['nsPerReport'] / basis:,.1f}×" if basis else ""
        print(f"| {name} | {peer['what']}; {peer['reportsTimed']:,} reports timed | {peer['nsPerReport']:,.1f} | {ratio} |")
    print()
    return failures


def rss_check(rss_kib: int, target_mb: float) -> str:
    """The peak-RSS target's verdict: the target is in MB (10^6 bytes), RSS in KiB."""
    return f"≤ {target_mb} MB: " + ("met" if rss_kib * 1024 <= target_mb * 1e6 else "NOT MET")


def run_figures(run: dict):
    """A run's reports, CPU seconds and wall seconds as a table shows them ("?" or "—" when missing)."""
    reports = f"{run['reports']:,}" if run.get("reports") is not None else "?"
    cpu = f"{run['cpuSeconds']:.2f}" if "cpuSeconds" in run else "—"
    wall = f"{run['wallSeconds']:.2f}" if "wallSeconds" in run else "—"
    return reports, cpu, wall


def verdicts(run: dict, checks, failures: list, what: str) -> list:
    """A good run's checks (`checks()`), or FAILED and why, which `failures` collects."""
    if run["ok"]:
        return checks()
    failures.append(f"{what}, {run['label']}: {run['failure']}")
    return [f"FAILED: {run['failure']}"]


def table_head(*columns: str) -> None:
    """A Markdown table's header and separator rows."""
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))


def mib(kib) -> str:
    return f"{kib / 1024:,.1f}" if kib is not None else "—"


def report(args) -> int:
    parts = json.load(open(args[0]))
    failures = []
    if "beaconScan" in parts:
        print(f"beacon-scan measured (whole process): {parts['beaconScan']}\n")
    if "fewDecode" in parts:
        failures += decode_table("Decoding", parts["fewDecode"], parts.get("fewPeers"))
    if "fewScans" in parts:
        print("beacon-scan --replay CAPTURE --summary --format json, whole process (/usr/bin/time -v)\n")
        print("| reports | CPU s | peak RSS MiB | distinct (identity, address) pairs (≈: some estimated) |")
        print("|---|---|---|---|")
        for run in parts["fewScans"]:
            if not run["ok"]:
                print(f"| {run['label']} | FAILED: {run['failure']} | {mib(run.get('peakRSSKiB'))} | |")
                failures.append(f"beacon-scan --summary, {run['label']}: {run['failure']}")
                continue
            pairs = run.get("identityAddressPairs")
            pairs = "?" if pairs is None else ("" if run.get("pairsExact") else "≈") + f"{pairs:,}"
            print(f"| {run['reports']:,} | {run['cpuSeconds']:.2f} | {run['peakRSSKiB'] / 1024:.1f} | {pairs} |")
        print()
    if "distinctDecode" in parts:
        failures += decode_table("Decoding, distinct identities (tools/bench-capture.py --distinct-identities)",
                                 parts["distinctDecode"], parts.get("distinctPeers"))
    scans = list(parts.get("distinctScans", []))
    if "flood" in parts:
        scans.append(parts["flood"])
    if scans or "floodSkipped" in parts:
        targets = parts.get("targets", {})
        ns_target, rss_target_mb = targets.get("nsPerReport", 100), targets.get("peakRSSMB", 64)
        print("beacon-scan --replay … --summary --format json, distinct identities, whole process "
              "(/usr/bin/time -v; CPU = user + system of beacon-scan alone)\n")
        print(f"| run | reports | identities (generated) | CPU s | ns/report | peak RSS MiB | target |")
        print("|---|---|---|---|---|---|---|")
        for run in scans:
            generated = run.get("generated", {})
            identities = generated.get("randomIdentities")
            identities = f"{identities:,} random" if identities is not None else "?"
            if run.get("identities") is not None:
                identities += f"; beacon-scan counted {run['identities']:,}"
            reports = run.get("reports") or generated.get("reports")
            if reports is not None:
                reports = f"{reports:,}"
            elif run.get("expectedReports") is not None:
                reports = f"? of {run['expectedReports']:,}"
            else:
                reports = "?"
            cpu = f"{run['cpuSeconds']:.2f}" if "cpuSeconds" in run else "—"
            ns = f"{run['nsPerReport']:,.1f}" if "nsPerReport" in run and run["ok"] else "—"
            rss = run.get("peakRSSKiB")
            checks = []
            for check in run.get("targets", []):
                if check == "ns" and "nsPerReport" in run and run["ok"]:
                    checks.append(f"≤ {ns_target} ns: " + ("met" if run["nsPerReport"] <= ns_target else "NOT MET"))
                if check == "rss" and rss is not None and run["ok"]:
                    checks.append(rss_check(rss, rss_target_mb))
            if not run["ok"]:
                checks = [f"FAILED: {run['failure']}"]
                failures.append(f"beacon-scan --summary, {run['label']}: {run['failure']}")
            print(f"| {run['label']} | {reports} | {identities} | {cpu} | {ns} | {mib(rss)} | {'; '.join(checks)} |")
        if "floodSkipped" in parts:
            print(f"| flood through --replay - | | | | | | skipped: {parts['floodSkipped']} |")
        print()
        print(f"Targets (issue 12): ≤ {ns_target} ns per report whole-process on the distinct-identity capture; "
              f"peak RSS ≤ {rss_target_mb} MB ({rss_target_mb * 1e6 / 2**20:.1f} MiB) on the larger capture and the "
              "flood. Peak RSS is the process's maximum resident set (the kernel's, via wait4), in MiB.\n")
    if "mqttScans" in parts:
        targets = parts.get("targets", {})
        rate_target, rss_target_mb = targets.get("mqttReportsPerSecond", 3000), targets.get("peakRSSMB", 64)
        print("beacon-scan --replay … --summary --mqtt URL, whole process (/usr/bin/time -v). Wall time includes "
              "the end's wait for the broker: up to 3 s for one that never answered, up to 5 s to send what waits.\n")
        table_head("run", "reports", "CPU s", "wall s", "reports/s (wall)", "peak RSS MiB", "MQTT", "target")
        for run in parts["mqttScans"]:
            rss = run.get("peakRSSKiB")

            def mqtt_checks():
                rate = run.get("reportsPerSecond", 0)
                return ([f"≥ {rate_target:,} reports/s: " + ("met" if rate >= rate_target else "NOT MET")]
                        + ([rss_check(rss, rss_target_mb)] if rss is not None else []))
            checks = verdicts(run, mqtt_checks, failures, "beacon-scan --mqtt")
            reports, cpu, wall = run_figures(run)
            rate = f"{run['reportsPerSecond']:,}" if "reportsPerSecond" in run else "—"
            print(f"| {run['label']} | {reports} | {cpu} | {wall} | {rate} | {mib(rss)} | {run.get('mqtt', '')} "
                  f"| {'; '.join(checks)} |")
        print()
    if "reportRuns" in parts:
        targets = parts.get("targets", {})
        wall_target, page_target_mb = targets.get("reportWallSeconds", 10), targets.get("reportPageMB", 5)
        print("beacon-scan --replay … --notify --format json --report PAGE, whole process (/usr/bin/time -v): "
              "the capture read, the station events detected and printed, the page built and written.\n")
        table_head("run", "reports", "CPU s", "wall s", "peak RSS MiB", "page KiB", "target")
        for run in parts["reportRuns"]:
            def report_checks():
                wall, page = run.get("wallSeconds", 0), run.get("pageBytes", 0)
                return [f"< {wall_target} s: " + ("met" if wall < wall_target else "NOT MET"),
                        f"< {page_target_mb} MB: " + ("met" if page < page_target_mb * 1e6 else "NOT MET")]
            checks = verdicts(run, report_checks, failures, "beacon-scan --report")
            reports, cpu, wall = run_figures(run)
            page = f"{run['pageBytes'] / 1024:,.0f}" if "pageBytes" in run else "—"
            print(f"| {run['label']} | {reports} | {cpu} | {wall} | {mib(run.get('peakRSSKiB'))} | {page} "
                  f"| {'; '.join(checks)} |")
        print(f"\nTargets (issue 16): a 1 M-report capture renders in under {wall_target} s to a page under "
              f"{page_target_mb} MB.\n")
    if "gtfs" in parts:
        targets = parts.get("targets", {})
        wall_target, rss_target_mb = targets.get("gtfsWallSeconds", 2), targets.get("gtfsPeakRSSMB", 300)
        if "beaconBroadcast" in parts:
            print(f"beacon-broadcast measured (whole process): {parts['beaconBroadcast']}\n")
        for feed in parts["gtfs"]:
            rows = feed["rows"]
            generated = feed.get("generated", {})
            counts = ", ".join(f"{rows[table]:,} {table.replace('_', ' ')[:None if rows[table] != 1 else -1]}"
                               for table in ("stops", "routes", "trips", "stop_times", "transfers") if table in rows)
            how = (f"; tools/make-large-feed.py --lines {generated['lines']} --density {generated['density']}"
                   f" --seed {generated['seed']}" if generated else "")
            print(f"Loading {feed['label']} ({counts}; {feed['feedBytes'] / 1e6:,.1f} MB zipped{how}), each loader a "
                  f"whole process: wall time best of {feed['runs']} runs, CPU (user + system) of that run, the highest "
                  f"peak RSS (wait4); load average {feed['loadAverage'][0]} at the start, {feed['loadAverage'][1]} "
                  f"at the end\n")
            table_head("loader", "what it does", "wall s", "CPU s", "peak RSS MiB", "load alone s (in process)",
                       "ours faster by (wall)", "target")
            ours = next((run for run in feed["loaders"] if run["name"] == "ours" and run["ok"]), None)
            for run in feed["loaders"]:
                def gtfs_checks():
                    if run["name"] != "ours" or not feed.get("targeted"):
                        return []
                    return [f"≤ {wall_target} s: " + ("met" if run["wallSeconds"] <= wall_target else "NOT MET"),
                            rss_check(run["peakRSSKiB"], rss_target_mb)]
                run.setdefault("label", feed["label"])
                checks = verdicts(run, gtfs_checks, failures, f"GTFS load, {run['name']}")
                _, cpu, wall = run_figures(run)
                alone = f"{run['loadSeconds']:.2f} (+ {run['importSeconds']:.2f} imports)" if "loadSeconds" in run else ""
                ratio = (f"{run['wallSeconds'] / ours['wallSeconds']:,.1f}×"
                         if ours and run["ok"] and run is not ours else "")
                what = run["what"]
                if run["name"] == "ours" and "stations" in run:
                    what += f" ({run['stations']:,} stations listed)"
                elif run.get("rows"):
                    kept = {table: count for table, count in run["rows"].items()
                            if count is not None and rows.get(table) is not None and count != rows[table]}
                    if kept:
                        what += "; kept " + ", ".join(f"{count:,} of {rows[table]:,} {table}" for table, count in kept.items())
                print(f"| {run['name']} | {what} | {wall} | {cpu} | {mib(run.get('peakRSSKiB'))} | {alone} | {ratio} "
                      f"| {'; '.join(checks)} |")
            print()
        print(f"Targets (issue 25): a feed of ≥ 1 million stop times loads in ≤ {wall_target} s, whole process, "
              f"peak RSS ≤ {rss_target_mb} MB ({rss_target_mb * 1e6 / 2**20:.1f} MiB).\n")
    if "plans" in parts:
        plan_target = parts.get("targets", {}).get("planMs", 50)
        print("Plans by the timetable once the feed is loaded (bench-plan: random station pairs, random times "
              "05:00–22:00 on a weekday, each plan with its later-departure tries)\n")
        table_head("feed", "stop times", "stations", "load s", "timetable s", "plans (found)", "median ms", "p95 ms",
                   "slowest ms", "target")
        for run in parts["plans"]:
            verdict = f"≤ {plan_target} ms: " + ("met" if run["maxMs"] <= plan_target else "NOT MET")
            if run["maxMs"] > plan_target:
                failures.append(f"plan slower than {plan_target} ms on {run['feed']}")
            print(f"| {os.path.basename(run['feed'])} | {run['stopTimes']:,} | {run['stations']:,} | {run['loadSeconds']} "
                  f"| {run['timetableSeconds']} | {run['plans']} ({run['found']}) | {run['medianMs']} | {run['p95Ms']} "
                  f"| {run['maxMs']} | {verdict} |")
        print()
    if "fleet" in parts:
        fleet = parts["fleet"]
        work = fleet["workload"]
        print(f"The fleet's judge (tools/bench-fleet.py): {work['nodes']} simulated nodes × {work['beaconsPerNode']} "
              f"beacons ({work['distinctBeacons']:,} distinct, {work['expectedStations']} expected stations) publishing "
              f"a state of every beacon every {work['stateIntervalSeconds']} s through a real mosquitto: "
              f"{work['messagesSent']:,} messages in {work['secondsGenerated']} s ({work['messagesPerSecond']:,}/s, "
              f"{work['roundsLate']} of {work['rounds']} rounds late); beacon-fleet beside mosquitto_sub on the same "
              "topics, in the same run\n")
        table_head("subscriber", "messages read", "CPU s", "CPU per message µs", "peak RSS MiB")
        for name in ("judge", "floor (mosquitto_sub)"):
            run = fleet[name]
            per = run["cpuSeconds"] * 1e6 / max(run["messagesRead"] or 1, 1)
            print(f"| {'beacon-fleet' if name == 'judge' else name} | {run['messagesRead']:,} | {run['cpuSeconds']} "
                  f"| {per:.1f} | {run['peakRSSMiB']} |")
        print()
        for verdict in fleet["verdicts"]:
            print(f"- {verdict['verdict']} {verdict.get('node') or verdict.get('station') or verdict.get('beacon')}: "
                  f"{verdict['secondsAfterBreak']} s after the break")
        for problem in fleet["problems"]:
            failures.append(f"fleet: {problem}")
        print()
    if "startup" in parts:
        runs = parts["startup"]["runsMs"]
        print(f"Start to scan enabled (emulated controller, {len(runs)} runs): median {parts['startup']['medianMs']} ms, "
              f"min {min(runs)} ms, max {max(runs)} ms")
    if failures:
        print("\nFAILED runs (the figures above are not all there):", file=sys.stderr)
        for failure in failures:
            print(f"  {failure}", file=sys.stderr)
        return 1
    return 0


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in ("scan", "decode", "report"):
        print(__doc__, file=sys.stderr)
        return 64
    return {"scan": scan, "decode": decode, "report": report}[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
