/// A small GTFS feed made for planning tests, in Europe/Berlin (so a query can cross the change to
/// summer time on 2026-03-29), whose every rule a test can work out by hand:
///
/// - L1 (route R1): stations A, B, C, D. Weekdays (service WD) every 20 min from 05:00 to 24:00
///   from A (A +0, B +6, C +12/+13, D +20; B without times on every other trip) and from 05:10
///   from D back (D +0, C +7/+8, B +14, A +20); weekends (WE) every 30 min from 06:00 to 23:30 each
///   way, with the same running times.
/// - L2 (route R2), every day (ALL), by `frequencies.txt`: C → E → F (+0, +5, +11) every 10 min
///   from 06:03 to before 22:00; F → E → C (+0, +6, +11) every 15 min from 06:03 to before 22:00.
/// - L3 (route R3), weekends only: F → G (+9) and G → F (+9) every 30 min from 07:05 to 21:05.
/// - Changes: 120 s at C (`transfers.txt` C1 → C2) and at F (F2 → F3), each of which makes a
///   train missed (L1 reaches C at :12, L2 leaves at :13; L2 reaches F at :04, L3 leaves at :05);
///   a walk from D to F of 420 s (one way only).
/// - Calendar: 2026; Friday 2026-03-27 is a holiday (WD removed, WE added).
package enum TwoLinesAndAWalkFeed {
  package static let timeZone = "Europe/Berlin"
  package static let stations = ["A", "B", "C", "D", "E", "F", "G"]
  /// The time to change trains at a station, by the rule this feed's transfers.txt states.
  package static let changeSeconds = ["C": 120, "F": 120]
  /// The walks between stations, one way.
  package static let walks = [(from: "D", to: "F", seconds: 420)]

  package static var files: [String: String] {
    var stops = "stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station\n"
    let platforms = [
      "A": ["A1"], "B": ["B1"], "C": ["C1", "C2"], "D": ["D1"], "E": ["E2"], "F": ["F2", "F3"], "G": ["G3"],
    ]
    for (index, station) in stations.enumerated() {
      stops += "\(station),Station \(station),52.\(500 + index),13.\(400 + index),1,\n"
      for platform in platforms[station] ?? [] {
        stops +=
          "\(platform),Station \(station) platform \(platform),52.\(500 + index),13.\(400 + index),0,\(station)\n"
      }
    }
    var trips = "route_id,service_id,trip_id,trip_headsign,direction_id\n"
    var stopTimes = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n"
    func time(_ seconds: Int) -> String {
      func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
      return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    }
    /// `calls`: (stop, arrival offset, departure offset) in minutes; `nil` offsets: no times.
    func trip(
      _ id: String, route: String, service: String, direction: Int, headsign: String, start: Int,
      _ calls: [(String, Int?, Int?)]
    ) {
      trips += "\(route),\(service),\(id),\(headsign),\(direction)\n"
      for (sequence, call) in calls.enumerated() {
        let arrival = call.1.map { time(start + $0 * 60) } ?? ""
        let departure = call.2.map { time(start + $0 * 60) } ?? ""
        stopTimes += "\(id),\(arrival),\(departure),\(call.0),\(sequence + 1)\n"
      }
    }
    for k in 0...57 {
      let untimed = k % 2 == 1
      trip(
        "L1-WD-A-\(k)", route: "R1", service: "WD", direction: 0, headsign: "D", start: 5 * 3600 + k * 1200,
        [("A1", 0, 0), ("B1", untimed ? nil : 6, untimed ? nil : 6), ("C1", 12, 13), ("D1", 20, 20)])
      trip(
        "L1-WD-D-\(k)", route: "R1", service: "WD", direction: 1, headsign: "A", start: 5 * 3600 + 600 + k * 1200,
        [("D1", 0, 0), ("C1", 7, 8), ("B1", 14, 14), ("A1", 20, 20)])
    }
    for k in 0...35 {
      trip(
        "L1-WE-A-\(k)", route: "R1", service: "WE", direction: 0, headsign: "D", start: 6 * 3600 + k * 1800,
        [("A1", 0, 0), ("B1", 6, 6), ("C1", 12, 13), ("D1", 20, 20)])
      trip(
        "L1-WE-D-\(k)", route: "R1", service: "WE", direction: 1, headsign: "A", start: 6 * 3600 + k * 1800,
        [("D1", 0, 0), ("C1", 7, 8), ("B1", 14, 14), ("A1", 20, 20)])
    }
    trip(
      "L2-CF", route: "R2", service: "ALL", direction: 0, headsign: "F", start: 0,
      [("C2", 0, 0), ("E2", 5, 5), ("F2", 11, 11)])
    trip(
      "L2-FC", route: "R2", service: "ALL", direction: 1, headsign: "C", start: 0,
      [("F2", 0, 0), ("E2", 6, 6), ("C2", 11, 11)])
    for k in 0...28 {
      trip(
        "L3-FG-\(k)", route: "R3", service: "WE", direction: 0, headsign: "G", start: 7 * 3600 + 300 + k * 1800,
        [("F3", 0, 0), ("G3", 9, 9)])
      trip(
        "L3-GF-\(k)", route: "R3", service: "WE", direction: 1, headsign: "F", start: 7 * 3600 + 300 + k * 1800,
        [("G3", 0, 0), ("F3", 9, 9)])
    }
    return [
      "agency.txt":
        "agency_id,agency_name,agency_url,agency_timezone\nT,Test Transit,https://example.org,\(timeZone)\n",
      "stops.txt": stops,
      "routes.txt":
        "route_id,agency_id,route_short_name,route_long_name,route_type\nR1,T,L1,Line one,1\nR2,T,L2,Line two,1\nR3,T,L3,Line three,1\n",
      "trips.txt": trips,
      "stop_times.txt": stopTimes,
      "calendar.txt": """
      service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
      WD,1,1,1,1,1,0,0,20260101,20261231
      WE,0,0,0,0,0,1,1,20260101,20261231
      ALL,1,1,1,1,1,1,1,20260101,20261231

      """,
      "calendar_dates.txt": "service_id,date,exception_type\nWD,20260327,2\nWE,20260327,1\n",
      "frequencies.txt": """
      trip_id,start_time,end_time,headway_secs,exact_times
      L2-CF,06:03:00,22:00:00,600,0
      L2-FC,06:03:00,22:00:00,900,0

      """,
      "transfers.txt": """
      from_stop_id,to_stop_id,transfer_type,min_transfer_time
      C1,C2,2,120
      F2,F3,2,120
      D,F,2,420

      """,
    ]
  }
}
