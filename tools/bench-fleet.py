#!/usr/bin/env python3
"""The fleet's judge at scale (issue 27): simulated nodes publish through a real mosquitto, and
beacon-fleet judges them, beside mosquitto_sub subscribed to the same topics (the floor: receiving
the same messages and doing nothing with them).

The fleet: SITES sites of NODES_PER_SITE nodes each (200 nodes by default); every node of a site
hears the site's BEACONS beacons (50), the first of which is the site's station beacon, expected
by the judge (a catalog file written for the run). Each node publishes, with paho-mqtt, what
beacon-scan --mqtt does: its availability (retained), its telemetry (retained, every TELEMETRY
seconds) and a state of each of its beacons every INTERVAL seconds: 1 s is the worst a node sends
(every beacon moving, one state a second each: --mqtt-interval's floor), 10,000 messages a second.

After WARMUP seconds one node goes deaf (it publishes no more states, and a telemetry rate of 0)
and one site's station beacon dies (no node of the site publishes it again). The run goes on for
2 x silent-after + 5 s. The judge must name exactly that node deaf and that beacon dead, each
within 2 x silent-after, and have read every message the generator sent (none dropped by the
broker or by itself: it keeps up).

Measured for the judge and the floor, in the same run: CPU seconds (user + system), peak RSS
(getrusage of each child), messages read. The generator's own achieved rate is printed: on a
machine too small to send the asked rate, the rate sent is the workload.

  tools/.venv-bench/bin/python tools/bench-fleet.py --beacon-fleet PATH [--interval 1]
      [--sites 40] [--nodes-per-site 5] [--beacons 50] [--warmup 30] [--silent-after 10]
      [--json FILE]

Exits 1 when the judge fails (wrong verdicts, late, messages missed, a crash).
"""

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime

import paho.mqtt.client as mqtt

PREFIX = "beacon-toolkit"
UUID = "e2c56db5-dffb-48d2-b060-d0f5a71096e0"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def beacon_key(site, beacon):
    return f"ibeacon-{UUID}-{site + 1}-{beacon}"


def node_name(site, index):
    return f"site-{site + 1:03d}-node-{index + 1}"


class Broker:
    def __init__(self, directory):
        self.port = free_port()
        config = os.path.join(directory, "mosquitto.conf")
        with open(config, "w") as file:
            # No queue limit of its own: a subscriber that falls behind is what is measured.
            file.write(
                f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
                "max_queued_messages 0\nmax_inflight_messages 0\n"
            )
        self.process = subprocess.Popen(
            [shutil.which("mosquitto") or "/usr/sbin/mosquitto", "-c", config],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("bench-fleet: mosquitto did not start")

    def stop(self):
        self.process.terminate()
        self.process.wait(10)


class Child:
    """A measured child: its CPU time and peak RSS come from wait4."""

    def __init__(self, arguments, stdout):
        self.started = time.monotonic()
        self.process = subprocess.Popen(arguments, stdout=stdout, stderr=subprocess.PIPE)
        self.stderr = b""
        self.reader = threading.Thread(target=self._read_stderr, daemon=True)
        self.reader.start()

    def _read_stderr(self):
        self.stderr = self.process.stderr.read()

    def wait(self, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status, usage = os.wait4(self.process.pid, os.WNOHANG)
            if pid:
                self.reader.join(5)
                self.process.returncode = os.waitstatus_to_exitcode(status)
                return {
                    "status": self.process.returncode,
                    "cpuSeconds": round(usage.ru_utime + usage.ru_stime, 2),
                    "peakRSSMiB": round(usage.ru_maxrss / 1024, 1),
                    "wallSeconds": round(time.monotonic() - self.started, 1),
                }
            time.sleep(0.05)
        self.process.kill()
        raise SystemExit(f"bench-fleet: {self.process.args[0]} did not end")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--beacon-fleet", required=True)
    parser.add_argument("--sites", type=int, default=40)
    parser.add_argument("--nodes-per-site", type=int, default=5)
    parser.add_argument("--beacons", type=int, default=50)
    parser.add_argument("--interval", type=float, default=1.0)
    parser.add_argument("--telemetry", type=float, default=10.0)
    parser.add_argument("--warmup", type=float, default=30.0)
    parser.add_argument("--silent-after", type=float, default=10.0)
    parser.add_argument("--json", help="write the results here too")
    options = parser.parse_args()

    directory = tempfile.mkdtemp(prefix="bench-fleet-")
    broker = Broker(directory)
    catalog = os.path.join(directory, "stations.jsonl")
    with open(catalog, "w") as file:
        for site in range(options.sites):
            file.write(json.dumps({"name": f"Site{site + 1}", "uuid": UUID, "major": site + 1, "minor": 0}) + "\n")
    deaf_node = node_name(options.sites // 3, options.nodes_per_site - 1)
    dead_site = (2 * options.sites) // 3
    dead_beacon = beacon_key(dead_site, 0)
    run_seconds = options.warmup + 2 * options.silent_after + 5

    judge_output = open(os.path.join(directory, "judge.jsonl"), "w+")
    judge = Child(
        [
            options.beacon_fleet, "--mqtt", f"mqtt://127.0.0.1:{broker.port}", "--mqtt-node", "judge",
            "--expect", catalog, "--silent-after", str(options.silent_after), "--format", "json",
            "--duration", str(run_seconds + 3),
        ],
        judge_output,
    )
    floor_output = open(os.path.join(directory, "floor.txt"), "w+")
    floor = Child(
        [
            shutil.which("mosquitto_sub") or "/usr/bin/mosquitto_sub", "-h", "127.0.0.1", "-p", str(broker.port),
            "-t", f"{PREFIX}/+/availability", "-t", f"{PREFIX}/+/telemetry", "-t", f"{PREFIX}/+/beacons/+",
            "-W", str(int(run_seconds + 3)),
        ],
        floor_output,
    )
    time.sleep(1.5)

    # A few connections carry the whole fleet's messages: the broker routes by topic, not by
    # connection, and one Python process cannot drive 200 sockets at 10,000 messages a second.
    publishers = []
    for index in range(4):
        client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"bench-fleet-{index}")
        client.max_queued_messages_set(0)
        client.connect("127.0.0.1", broker.port)
        client.loop_start()
        publishers.append(client)
    sent = 0

    def publish(topic, payload, retain=False):
        nonlocal sent
        publishers[sent % len(publishers)].publish(topic, payload, qos=0, retain=retain)
        sent += 1

    nodes = [(site, index) for site in range(options.sites) for index in range(options.nodes_per_site)]
    for site, index in nodes:
        publish(f"{PREFIX}/{node_name(site, index)}/availability", "online", retain=True)
    start = time.monotonic()
    broke_at = start + options.warmup
    end = start + run_seconds
    next_telemetry = start
    rounds = 0
    late_rounds = 0
    broke_wall = None
    while time.monotonic() < end:
        round_start = time.monotonic()
        broken = round_start >= broke_at
        if broken and broke_wall is None:
            broke_wall = time.time()
        now_text = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        telemetry_due = round_start >= next_telemetry
        if telemetry_due:
            next_telemetry += options.telemetry
        for site, index in nodes:
            node = node_name(site, index)
            deaf = broken and node == deaf_node
            if telemetry_due:
                rate = 0.0 if deaf else options.beacons / options.interval
                publish(
                    f"{PREFIX}/{node}/telemetry",
                    json.dumps({"version": "bench", "reportsPerSecond": rate, "beaconsTracked": options.beacons}),
                    retain=True,
                )
            if deaf:
                continue
            for beacon in range(options.beacons):
                if broken and site == dead_site and beacon == 0:
                    continue
                key = beacon_key(site, beacon)
                payload = (
                    f'{{"id":"iBeacon:{UUID.replace("-", "")}-{site + 1}-{beacon}","kind":"ibeacon",'
                    f'"uuid":"{UUID.upper()}","major":{site + 1},"minor":{beacon},"rssi":-{60 + beacon % 30},'
                    f'"rssiSmoothed":-{60 + beacon % 30}.5,"txPower":-59,"distance":3.2,"proximity":"far",'
                    f'"lastSeen":"{now_text}","reports":{rounds + 1},"node":"{node}"}}'
                )
                publish(f"{PREFIX}/{node}/beacons/{key}", payload)
        rounds += 1
        spare = round_start + options.interval - time.monotonic()
        if spare > 0:
            time.sleep(spare)
        else:
            late_rounds += 1
    generated_seconds = time.monotonic() - start
    for client in publishers:
        client.loop_stop()
        client.disconnect()

    judge_figures = judge.wait(60)
    floor_figures = floor.wait(60)
    broker.stop()
    judge_output.seek(0)
    verdicts = [json.loads(line) for line in judge_output if line.strip()]
    floor_output.seek(0)
    floor_read = sum(1 for _ in floor_output)
    judge_text = judge.stderr.decode(errors="replace")
    judge_read = None
    for line in judge_text.splitlines():
        if " read from " in line:
            judge_read = int(line.split(" read from ")[0].split(", ")[-1])

    given = [v for v in verdicts if v.get("given")]
    problems = []
    if judge_figures["status"] != 0:
        problems.append(f"beacon-fleet exited with {judge_figures['status']}: {judge_text[-2000:]}")
    names = sorted((v.get("verdict"), v.get("node") or v.get("beacon")) for v in given)
    if names != sorted([("deaf", deaf_node), ("dead", dead_beacon)]):
        problems.append(f"verdicts given: {names}; wanted deaf {deaf_node} and dead {dead_beacon}")
    for verdict in given:
        # Wall-clock seconds from the break to the verdict (the judge's clock is this machine's).
        at = datetime.fromisoformat(verdict["time"].replace("Z", "+00:00")).timestamp()
        verdict["secondsAfterBreak"] = round(at - (broke_wall or 0), 1)
        if not (0 <= verdict["secondsAfterBreak"] <= 2 * options.silent_after + 1):
            problems.append(f"{verdict['verdict']} given {verdict['secondsAfterBreak']} s after the break")
    # Both also read the judge's own availability: at least what was sent.
    if judge_read is None or judge_read < sent:
        problems.append(f"the judge read {judge_read} of the {sent} messages sent (the floor read {floor_read})")
    if "dropped" in judge_text:
        problems.append("the judge dropped messages: " + judge_text[-500:])

    results = {
        "workload": {
            "nodes": len(nodes),
            "beaconsPerNode": options.beacons,
            "distinctBeacons": options.sites * options.beacons,
            "expectedStations": options.sites,
            "stateIntervalSeconds": options.interval,
            "messagesSent": sent,
            "secondsGenerated": round(generated_seconds, 1),
            "messagesPerSecond": round(sent / generated_seconds),
            "roundsLate": late_rounds,
            "rounds": rounds,
        },
        "judge": dict(judge_figures, messagesRead=judge_read),
        "floor (mosquitto_sub)": dict(floor_figures, messagesRead=floor_read),
        "verdicts": given,
        "problems": problems,
    }
    print(json.dumps(results, indent=2))
    if options.json:
        with open(options.json, "w") as file:
            json.dump(results, file, indent=2)
    shutil.rmtree(directory, ignore_errors=True)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
