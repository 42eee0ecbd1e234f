import BluetoothTypes
import Foundation

/// What a ride fixture's scenario says happened, read from `NAME.expected-stations.json`
/// (written by tools/make-fixtures.py from the scenario's timeline, not from any decoder).
struct RideTruth {
  /// One stop: the station, when the rider's car came alongside the platform while braking in,
  /// and the capture-time window the train stood there.
  struct Stop {
    var station: String
    var alongside: Timestamp
    var arrive: Timestamp
    var depart: Timestamp
  }

  var stops: [Stop]
  /// Stations that must produce no FOUND: never stood at, rogue or another platform's.
  var forbidden: Set<String>

  /// Reads the truth file at `path`; `nil` with a message when it is missing or malformed.
  static func load(path: String) -> Result<RideTruth, RideReportError> {
    guard let data = FileManager.default.contents(atPath: path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let rawStops = object["stops"] as? [[String: Any]],
      let never = object["neverStoodAt"] as? [String],
      let rogue = object["mustNotBeFound"] as? [[String: Any]]
    else { return .failure(RideReportError(message: "\(path): missing or not a ride truth file")) }
    var stops: [Stop] = []
    for raw in rawStops {
      guard let station = raw["station"] as? String, let alongside = captureTime(raw["alongside"]),
        let arrive = captureTime(raw["arrive"]), let depart = captureTime(raw["depart"])
      else {
        return .failure(RideReportError(message: "\(path): a stop lacks station, alongside, arrive or depart"))
      }
      stops.append(Stop(station: station, alongside: alongside, arrive: arrive, depart: depart))
    }
    let forbidden = Set(never).union(rogue.compactMap { $0["station"] as? String })
    return .success(RideTruth(stops: stops, forbidden: forbidden))
  }

  /// An ISO-8601 UTC time with milliseconds as a capture time.
  static func captureTime(_ value: Any?) -> Timestamp? {
    guard let text = value as? String else { return nil }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    guard let date = formatter.date(from: text) else { return nil }
    return Timestamp(microsecondsSinceUnixEpoch: Int64((date.timeIntervalSince1970 * 1000).rounded()) * 1000)
  }
}

/// A problem that stops the report, said in one line.
struct RideReportError: Error {
  var message: String
}
