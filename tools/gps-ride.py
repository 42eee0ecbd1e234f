#!/usr/bin/env python3
"""Writes an NMEA 0183 log of a train ride, for gpsd (through gpsfake) to replay: RMC, GGA and
GSA each second, from the stations' platform centres in a catalog.

The train stands 30 s at each platform, accelerates at 1 m/s^2 to 22 m/s and brakes at 1 m/s^2 to
stop at the next platform's centre, along the straight line between them. At and between
underground stations the receiver has no fix (RMC status V, GGA quality 0, GSA mode 1). The log
starts with a lead-in without a fix, during which gpsd syncs to the pty and drops sentences.

Sentence layouts follow NMEA 0183 as gpsd's driver_nmea0183.c reads them: RMC (time, status,
position, speed in knots, track, date), GGA (time, position, quality, satellites, HDOP,
altitude), GSA (mode, satellites, PDOP, HDOP, VDOP). Checksums are the XOR of the characters
between $ and *.

  tools/gps-ride.py --stations STATIONS.jsonl --from LebakBulus --to ASEAN [options] > ride.nmea

STATIONS.jsonl is `beacon-broadcast --list-stations --format json`; its order is the line's.
Options:
  --signal-stop NAME:FRACTION:SECONDS   after leaving NAME, held FRACTION of the way to the next
  --multipath SECOND:EAST:NORTH          the fix at SECOND (from the ride's start, after the
                                         lead-in) off by EAST and NORTH metres; repeatable
  --noise METRES                         Gaussian position noise (seeded)
  --two-d                                2D fixes only: GSA mode 2, no altitude
  --garbage SECOND                       a damaged sentence (bad checksum) and a line of noise
                                         at SECOND; repeatable
  --time-jump SECOND:SECONDS             from SECOND on, the receiver's clock is off by SECONDS
                                         (negative: time goes backwards); repeatable
  --lead-in SECONDS                      seconds without a fix first (default 90)
  --seed N                               for the noise (default 1)
  --start ISO8601                        the first second (default 2026-11-25T08:00:00Z)
  --truth FILE                           writes when the train came to rest at each platform
                                         with fixes (JSON: name -> ISO 8601 time)

Standard library only; deterministic.
"""
import argparse
import datetime
import json
import math
import random
import sys

EARTH_RADIUS = 6_371_008.8
CRUISE = 22.0
ACCELERATION = 1.0
DWELL = 30


def distance(a, b):
    lat1, lat2 = math.radians(a[0]), math.radians(b[0])
    dlat, dlon = lat2 - lat1, math.radians(b[1] - a[1])
    h = math.sin(dlat / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(dlon / 2) ** 2
    return 2 * EARTH_RADIUS * math.asin(min(1, math.sqrt(h)))


def offset(position, east, north):
    per_degree = EARTH_RADIUS * math.pi / 180
    return (position[0] + north / per_degree, position[1] + east / (per_degree * math.cos(math.radians(position[0]))))


def bearing(a, b):
    lat1, lat2 = math.radians(a[0]), math.radians(b[0])
    dlon = math.radians(b[1] - a[1])
    x = math.sin(dlon) * math.cos(lat2)
    y = math.cos(lat1) * math.sin(lat2) - math.sin(lat1) * math.cos(lat2) * math.cos(dlon)
    return (math.degrees(math.atan2(x, y)) + 360) % 360


def checksum(body):
    value = 0
    for character in body:
        value ^= ord(character)
    return f"{value:02X}"


def sentence(body):
    return f"${body}*{checksum(body)}"


def angle(value, degrees_width, hemispheres):
    hemisphere = hemispheres[0] if value >= 0 else hemispheres[1]
    value = abs(value)
    degrees = int(value)
    minutes = (value - degrees) * 60
    return f"{degrees:0{degrees_width}d}{minutes:07.4f}", hemisphere


def sentences(time, fix, two_d):
    """The RMC, GGA and GSA of one second; `fix` is (position, speed m/s, track) or None."""
    clock = time.strftime("%H%M%S") + ".00"
    date = time.strftime("%d%m%y")
    if fix is None:
        return [
            sentence(f"GPRMC,{clock},V,,,,,,,{date},,,N"),
            sentence(f"GPGGA,{clock},,,,,0,00,99.9,,M,,M,,"),
            sentence("GPGSA,A,1,,,,,,,,,,,,,99.9,99.9,99.9"),
        ]
    (latitude, longitude), speed, track = fix
    lat, ns = angle(latitude, 2, "NS")
    lon, ew = angle(longitude, 3, "EW")
    knots = speed / 0.514444
    altitude = "" if two_d else "38.0"
    mode = 2 if two_d else 3
    return [
        sentence(f"GPRMC,{clock},A,{lat},{ns},{lon},{ew},{knots:.2f},{track:.1f},{date},,,A"),
        sentence(f"GPGGA,{clock},{lat},{ns},{lon},{ew},1,09,0.9,{altitude},M,3.0,M,,"),
        sentence(f"GPGSA,A,{mode},02,05,07,09,13,15,18,20,27,,,,1.6,0.9,1.3"),
    ]


def ride(stations, options):
    """(seconds from the ride's start, fix or None) each second, and the rest times."""
    noise = random.Random(options.seed)
    fixes = []
    rest = {}
    signal = None
    if options.signal_stop:
        name, fraction, seconds = options.signal_stop.split(":")
        signal = (name, float(fraction), int(seconds))

    def emit(position, speed, track, underground):
        if underground:
            fixes.append(None)
            return
        east = noise.gauss(0, options.noise) if options.noise else 0.0
        north = noise.gauss(0, options.noise) if options.noise else 0.0
        jump = options.jumps.get(len(fixes))
        if jump:
            east, north = east + jump[0], north + jump[1]
        fixes.append((offset(position, east, north), speed, track))

    for index, station in enumerate(stations):
        here = (station["latitude"], station["longitude"])
        underground = station.get("level") == "underground"
        if not underground:
            rest[station["name"]] = len(fixes)
        for _ in range(DWELL):
            emit(here, 0.0, 0.0, underground)
        if index + 1 == len(stations):
            break
        following = stations[index + 1]
        there = (following["latitude"], following["longitude"])
        length = distance(here, there)
        track = bearing(here, there)
        stops = [length]
        hold = 0
        if signal and signal[0] == station["name"]:
            stops.insert(0, length * signal[1])
            hold = signal[2]
        segment_underground = underground or following.get("level") == "underground"
        travelled, speed = 0.0, 0.0
        for stop_index, stop in enumerate(stops):
            while stop - travelled > 0.5:
                for _ in range(10):
                    if stop - travelled <= speed * speed / (2 * ACCELERATION) + speed * 0.1:
                        speed = max(0.3, speed - ACCELERATION * 0.1)
                    else:
                        speed = min(CRUISE, speed + ACCELERATION * 0.1)
                    travelled = min(stop, travelled + speed * 0.1)
                position = (here[0] + (there[0] - here[0]) * travelled / length,
                            here[1] + (there[1] - here[1]) * travelled / length)
                at_rest = stop - travelled <= 0.5
                emit(position, 0.0 if at_rest else speed, track, segment_underground)
            speed = 0.0
            if stop_index + 1 < len(stops):
                position = (here[0] + (there[0] - here[0]) * travelled / length,
                            here[1] + (there[1] - here[1]) * travelled / length)
                for _ in range(hold):
                    emit(position, 0.0, track, segment_underground)
    return fixes, rest


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stations", required=True)
    parser.add_argument("--from", dest="origin", required=True)
    parser.add_argument("--to", dest="destination", required=True)
    parser.add_argument("--signal-stop")
    parser.add_argument("--multipath", action="append", default=[])
    parser.add_argument("--noise", type=float, default=0.0)
    parser.add_argument("--two-d", action="store_true")
    parser.add_argument("--garbage", type=int, action="append", default=[])
    parser.add_argument("--time-jump", action="append", default=[])
    parser.add_argument("--lead-in", type=int, default=90)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", default="2026-11-25T08:00:00Z")
    parser.add_argument("--truth")
    options = parser.parse_args()
    options.jumps = {}
    for jump in options.multipath:
        second, east, north = jump.split(":")
        options.jumps[int(second)] = (float(east), float(north))

    with open(options.stations, encoding="utf-8") as file:
        line = [json.loads(text) for text in file if text.strip()]
    names = [station["name"] for station in line]
    try:
        first, last = names.index(options.origin), names.index(options.destination)
    except ValueError as error:
        print(f"gps-ride: no such station: {error}", file=sys.stderr)
        return 64
    route = line[first:last + 1] if first <= last else list(reversed(line[last:first + 1]))
    fixes, rest = ride(route, options)

    start = datetime.datetime.fromisoformat(options.start.replace("Z", "+00:00"))
    out = sys.stdout
    for second in range(options.lead_in):
        for text in sentences(start + datetime.timedelta(seconds=second), None, options.two_d):
            out.write(text + "\r\n")
    ride_start = start + datetime.timedelta(seconds=options.lead_in)
    jumps = sorted((int(at), int(by)) for at, by in (jump.split(":") for jump in options.time_jump))
    for second, fix in enumerate(fixes):
        skew = sum(by for at, by in jumps if second >= at)
        time = ride_start + datetime.timedelta(seconds=second + skew)
        lines = sentences(time, fix, options.two_d)
        if second in options.garbage:
            damaged = lines[0][:-2] + ("00" if lines[0][-2:] != "00" else "11")
            lines = [damaged, "\x00\x13garbage\xff line"] + lines[1:]
        for text in lines:
            out.write(text + "\r\n")
    if options.truth:
        with open(options.truth, "w", encoding="utf-8") as file:
            json.dump({name: (ride_start + datetime.timedelta(seconds=index)).strftime("%Y-%m-%dT%H:%M:%S.000000Z")
                       for name, index in rest.items()}, file, indent=1, sort_keys=True)
            file.write("\n")
    return 0


sys.exit(main())
