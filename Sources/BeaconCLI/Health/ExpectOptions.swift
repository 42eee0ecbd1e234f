import ArgumentParser
import Beacons
import MRTNavigation

/// `--expect STATIONS|CATALOG` and its thresholds: watch the station beacons that should be in
/// range, and say when one falls silent, weakens or is not itself.
struct ExpectOptions: ParsableArguments {
  @Option(
    name: .customLong("expect"),
    help: ArgumentHelp(
      "Watch these stations' beacons: names (CipeteRaya,HajiNawi), 'all' (the catalog's), or a catalog file (its stations). Each is told ok, silent, weak or suspicious as it changes.",
      valueName: "stations|file"))
  var expected: String?

  @Option(
    name: .customLong("silent-after"),
    help: ArgumentHelp("With --expect: a beacon not heard for this long is silent.", valueName: "seconds"))
  var silentAfter: Double = 30

  @Option(
    name: .customLong("weak-drop"),
    help: ArgumentHelp(
      "With --expect: a beacon whose smoothed RSSI falls this far below its baseline (its first minute) is weak.",
      valueName: "dB"))
  var weakDrop: Double = 10

  func validate() throws {
    guard expected != nil else {
      if silentAfter != 30 || weakDrop != 10 { throw ValidationError("--silent-after and --weak-drop need --expect.") }
      return
    }
    guard silentAfter >= 1, silentAfter <= 86_400 else {
      throw ValidationError("--silent-after must be 1–86400 seconds.")
    }
    guard weakDrop >= 1, weakDrop <= 60 else { throw ValidationError("--weak-drop must be 1–60 dB.") }
  }

  /// The stations to watch, from `catalog` (or the file given); `nil` without `--expect`.
  func stations(in catalog: StationCatalog) throws -> [Station]? {
    guard let expected else { return nil }
    if expected == "all" { return catalog.stations }
    if expected.hasSuffix(".json") || expected.hasSuffix(".jsonl") || expected.contains("/") {
      do {
        return try CatalogFile.load(path: expected).stations
      } catch {
        throw ValidationError("--expect \(expected): \(error.description)")
      }
    }
    var stations: [Station] = []
    for name in expected.split(separator: ",").map({ String($0).trimmingSpaces }) where !name.isEmpty {
      guard let station = catalog.station(named: name) else {
        throw ValidationError(
          "--expect: no station named \"\(name)\". Stations: \(catalog.names.joined(separator: ", ")).")
      }
      stations.append(station)
    }
    guard !stations.isEmpty else { throw ValidationError("--expect names no station.") }
    return stations
  }

  var configuration: BeaconHealthMonitor.Configuration {
    BeaconHealthMonitor.Configuration(silentAfter: .milliseconds(Int64(silentAfter * 1000)), weakDrop: weakDrop)
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
