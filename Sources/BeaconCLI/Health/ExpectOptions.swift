import ArgumentParser
import Beacons
import MRTNavigation
import StationCatalogs

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
    name: .customLong("silent-after"), parsing: .unconditional,
    help: ArgumentHelp(
      "With --expect: a beacon not heard for this long is silent; \(ValueRange.silentAfterSeconds).",
      valueName: "seconds"),
    transform: ValueRange.silentAfterSeconds.parse)
  var silentAfter: Double = 30

  @Option(
    name: .customLong("weak-drop"), parsing: .unconditional,
    help: ArgumentHelp(
      "With --expect: a beacon whose smoothed RSSI falls this far below its baseline (its first minute) is weak; \(ValueRange.weakDrop).",
      valueName: "dB"),
    transform: ValueRange.weakDrop.parse)
  var weakDrop: Double = 10

  func validate() throws {
    if expected == nil, silentAfter != 30 || weakDrop != 10 {
      throw ValidationError("--silent-after and --weak-drop need --expect.")
    }
  }

  /// The stations to watch, from `catalog` (or the catalog file given, whose problems are the
  /// file's: exit 65 or 66 through ``InputFiles``); `nil` without `--expect`.
  func stations(in catalog: StationCatalog) throws -> [Station]? {
    guard let expected else { return nil }
    return try Self.stations(expected, in: catalog)
  }

  /// The stations `expected` names (`all`, a catalog file, or names separated by commas) in
  /// `catalog`; the message of a refusal starts with `--expect`.
  static func stations(_ expected: String, in catalog: StationCatalog) throws -> [Station] {
    if expected == "all" { return catalog.stations }
    if expected.hasSuffix(".json") || expected.hasSuffix(".jsonl") || expected.contains("/") {
      return try CatalogFile.load(path: expected).stations
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
    BeaconHealthMonitor.Configuration(silentAfter: .milliseconds(ofSeconds: silentAfter), weakDrop: weakDrop)
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
