import Beacons
import BluetoothTypes
import MRTNavigation
import POSIXSupport
import Positioning
import SystemPackage
import TransitFeeds

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a user's station catalog: a JSON file mapping their own beacons to station names.
///
/// Two layouts are accepted: an object `{"stations": [ … ]}`, or JSON Lines with one station
/// object per line — the output of `beacon-broadcast --list-stations --format json`, so the
/// built-in catalog can be exported, edited and loaded back. Each station object has `name`,
/// `uuid`, `major`, `minor` (an iBeacon identity) and optionally `displayName`,
/// `sponsoredName`, `aliases`, `latitude` and `longitude` (the platforms' centre, WGS 84 decimal
/// degrees, both or neither; `"approximate": true` when estimated, which GPS then ignores),
/// `level` (`elevated`, `at-grade` or `underground`, which GPS needs to know); or
/// `"kind": "altbeacon"` with the same id fields, or `"kind": "eddystone-uid"` with `namespace`
/// and `instance` hex strings.
/// The object layout may also describe a network: `"lines"`, each with `name`, `displayName`,
/// `stations` (station names in order, at least two) and optionally `towardsLast` and
/// `towardsFirst` (what trains each way show; default: the terminus) and `code` (the number its
/// trains' beacons carry); `"interchanges"`, each with `from`, `to` (station names),
/// `walkingMinutes` and optionally `note`; and `"trainUUID"`, the UUID of the trains' beacons
/// (see ``MRTNavigation/TrainBeaconScheme``). Without lines, the stations form one line in file
/// order.
///
/// Read with a GTFS feed (``parse(_:path:feed:)``), a station may name its stop in the feed:
/// `stopId`, a `stop_id` of `stops.txt` (the station or one of its platforms). Its timetable is
/// then the feed's, and without `latitude` and `longitude` its coordinate is the feed's: the
/// centre of the station's platforms. The built-in network is such a catalog with its feed.
public enum CatalogFile {
  public static func load(path: String) throws(CatalogFileError) -> StationCatalog {
    try parse(try contents(of: path), path: path)
  }

  /// The catalog at `path` read with `feed`: its stations that give a `stopId` take the feed's
  /// coordinates when they give none, and their `stop_id`s come back by station name.
  public static func load(path: String, feed: Feed) throws(CatalogFileError) -> (
    catalog: StationCatalog, stopIDs: [String: String]
  ) {
    try parse(try contents(of: path), path: path, feed: feed)
  }

  private static func contents(of path: String) throws(CatalogFileError) -> Data {
    do {
      return Data(try FileDescriptor.readSmallFile(path))
    } catch {
      throw .unreadable(path: path, reason: error.description)
    }
  }

  package static func parse(_ data: Data, path: String) throws(CatalogFileError) -> StationCatalog {
    try parse(data, path: path, feed: nil).catalog
  }

  /// The catalog in `data` (`path` names it in errors), and the `stop_id` in `feed` of each
  /// station that gives a `stopId`, by its name; a `stopId` that is no stop of `feed` is refused.
  /// Without a feed, `stopId`s are not read.
  package static func parse(_ data: Data, path: String, feed: Feed?) throws(CatalogFileError) -> (
    catalog: StationCatalog, stopIDs: [String: String]
  ) {
    let document = try decodeDocument(data, path: path)
    let lines = try (document.lines ?? []).map { entry throws(CatalogFileError) in try entry.line(path: path) }
    let interchanges = try (document.interchanges ?? []).map { entry throws(CatalogFileError) in
      try entry.interchange(path: path)
    }
    var stations: [Station] = []
    var stopIDs: [String: String] = [:]
    for (index, entry) in document.stations.enumerated() {
      // Line order: where the first line naming the station has it, else file order.
      let onLine = lines.lazy.compactMap { line in
        line.stationNames.firstIndex { StationCatalog.sameName($0, entry.name) }
      }.first
      var centre: GeoCoordinate?
      if let feed, let stopID = entry.stopId {
        guard let stop = feed.stop(id: stopID), let station = feed.station(of: stop) else {
          throw .invalid(
            path: path, reason: "station \"\(entry.name)\": \"stopId\" \(stopID) is no station or platform of the feed")
        }
        stopIDs[entry.name] = feed.stops[station].id
        centre = Self.platformCentre(of: station, in: feed)
      }
      stations.append(try entry.station(lineOrder: (onLine ?? index) + 1, path: path, feedCoordinate: centre))
    }
    var trainBeacons: TrainBeaconScheme?
    if let text = document.trainUUID {
      guard let uuid = UUID128(text) else {
        throw .invalid(path: path, reason: "\"trainUUID\" must be a UUID like F63B21BA-2635-4BE4-8A11-72411E5B0001")
      }
      trainBeacons = TrainBeaconScheme(uuid: uuid)
    }
    do {
      let catalog = try StationCatalog(
        stations: stations, lines: lines, interchanges: interchanges, trainBeacons: trainBeacons)
      return (catalog, stopIDs)
    } catch {
      throw .invalid(path: path, reason: Self.describe(error))
    }
  }

  /// The mean of the station's platforms' coordinates (the station's own when none has one), to
  /// six decimals (0.1 m) as catalogs give coordinates.
  private static func platformCentre(of station: Int, in feed: Feed) -> GeoCoordinate? {
    func placed(_ stops: [Int]) -> [(latitude: Double, longitude: Double)] {
      stops.compactMap { stop in
        guard let latitude = feed.stops[stop].latitude, let longitude = feed.stops[stop].longitude else { return nil }
        return (latitude, longitude)
      }
    }
    let platforms = placed(feed.platforms(ofStation: station))
    let points = platforms.isEmpty ? placed([station]) : platforms
    guard !points.isEmpty else { return nil }
    func sixDecimals(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
    let count = Double(points.count)
    return GeoCoordinate(
      latitude: sixDecimals(points.map(\.latitude).reduce(0, +) / count),
      longitude: sixDecimals(points.map(\.longitude).reduce(0, +) / count))
  }

  private struct Document: Decodable {
    var stations: [Entry]
    var lines: [LineEntry]?
    var interchanges: [InterchangeEntry]?
    var trainUUID: String?
  }

  private static func decodeDocument(_ data: Data, path: String) throws(CatalogFileError) -> Document {
    do {
      return try JSONDecoder().decode(Document.self, from: data)
    } catch {
      // A catalog object with something wrong in it: say what. Anything else may be JSON Lines.
      if isObjectWithStations(data) { throw .invalid(path: path, reason: Self.describe(error)) }
    }
    return Document(stations: try decodeLines(data, path: path))
  }

  /// Whether `data` is one JSON object with a `stations` member.
  private static func isObjectWithStations(_ data: Data) -> Bool {
    struct Probe: Decodable {
      let stations: Bool
      init(from decoder: any Decoder) throws {
        stations = try decoder.container(keyedBy: Key.self).contains(.stations)
      }
      enum Key: CodingKey { case stations }
    }
    return (try? JSONDecoder().decode(Probe.self, from: data).stations) ?? false
  }

  private static func decodeLines(_ data: Data, path: String) throws(CatalogFileError) -> [Entry] {
    let decoder = JSONDecoder()
    // JSON Lines: one station object per non-blank line; lines end in LF or CRLF (one Character).
    guard let text = String(data: data, encoding: .utf8) else {
      throw .invalid(path: path, reason: "not UTF-8 text")
    }
    var entries: [Entry] = []
    for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let trimmed = Self.trimmingWhitespace(line)
      guard !trimmed.isEmpty else { continue }
      do {
        entries.append(try decoder.decode(Entry.self, from: Data(trimmed.utf8)))
      } catch {
        throw .invalid(
          path: path,
          reason: "line \(number + 1): not a station object (\(Self.describe(error))); "
            + "expected {\"stations\": [...]} or one JSON object per line")
      }
    }
    guard !entries.isEmpty else { throw .invalid(path: path, reason: "no stations") }
    return entries
  }

  /// `line` without the white space at either end.
  private static func trimmingWhitespace(_ line: Substring) -> Substring {
    guard let first = line.firstIndex(where: { !$0.isWhitespace }),
      let last = line.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return line[first...last]
  }

  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, let context):
      let place = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      return "missing field \"\(key.stringValue)\"" + (place.isEmpty ? "" : " in \(place.dropFirst())")
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      return "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
    case DecodingError.dataCorrupted(let context): return context.debugDescription
    case StationCatalog.Problem.duplicateName(let name): return "the name \"\(name)\" is used twice"
    case StationCatalog.Problem.duplicateBeacon(_, let first, let second):
      return "stations \(first) and \(second) have the same beacon identity"
    case StationCatalog.Problem.empty: return "no stations"
    case StationCatalog.Problem.duplicateLine(let name): return "the line name \"\(name)\" is used twice"
    case StationCatalog.Problem.unknownStationInLine(let line, let station):
      return "line \"\(line)\": \"\(station)\" is not one of the stations"
    case StationCatalog.Problem.stationTwiceInLine(let line, let station):
      return "line \"\(line)\": \"\(station)\" is listed twice"
    case StationCatalog.Problem.lineTooShort(let line): return "line \"\(line)\": a line needs at least two stations"
    case StationCatalog.Problem.unknownStationInInterchange(let from, let to, let unknown):
      return "interchange \(from)–\(to): \"\(unknown)\" is not one of the stations"
    case StationCatalog.Problem.duplicateLineCode(let code, let first, let second):
      return "lines \"\(first)\" and \"\(second)\" have the same code \(code)"
    case StationCatalog.Problem.interchangeToItself(let station):
      return "interchange \(station)–\(station): a walk must go to another station"
    default: return String(describing: error)
    }
  }
}

/// Why a catalog file cannot be used.
public enum CatalogFileError: Error, Hashable, Sendable, CustomStringConvertible {
  case unreadable(path: String, reason: String)
  case invalid(path: String, reason: String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason): return "\(path): cannot read the catalog: \(reason)"
    case .invalid(let path, let reason):
      return "\(path): not a usable station catalog: \(reason). "
        + "See `beacon-broadcast --list-stations --format json` for the layout."
    }
  }
}

private struct Entry: Decodable {
  var name: String
  var displayName: String?
  var sponsoredName: String?
  var aliases: [String]?
  var latitude: Double?
  var longitude: Double?
  var approximate: Bool?
  var level: String?
  var kind: String?
  var uuid: String?
  /// Numbers as JSON has them; checked against ``ValueRange/identifier16`` when the station is made.
  var major: Double?
  var minor: Double?
  var namespace: String?
  var instance: String?
  /// The station's `stop_id` in the feed read with the catalog (as `--list-stations` names it).
  var stopId: String?

  /// The station; `feedCoordinate` is its coordinate when the entry gives none.
  func station(lineOrder: Int, path: String, feedCoordinate: GeoCoordinate?) throws(CatalogFileError) -> Station {
    func fail(_ reason: String) -> CatalogFileError { .invalid(path: path, reason: "station \"\(name)\": \(reason)") }
    func checked<Number>(_ check: () throws(KeyOutOfRange) -> Number) throws(CatalogFileError) -> Number {
      do { return try check() } catch { throw fail(error.description) }
    }
    guard name.contains(where: { !$0.isWhitespace }) else {
      throw .invalid(path: path, reason: "station number \(lineOrder): \"name\" must not be empty")
    }
    let identity: BeaconIdentity
    switch kind ?? BeaconKind.iBeacon.rawValue {
    case BeaconKind.iBeacon.rawValue, BeaconKind.altBeacon.rawValue:
      guard let uuidText = uuid, let parsed = UUID128(uuidText) else {
        throw fail("\"uuid\" must be a UUID like F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3")
      }
      guard let majorValue = major, let minorValue = minor else {
        throw fail("\"major\" and \"minor\" (\(ValueRange.identifier16)) are required")
      }
      let major: UInt16 = try checked { () throws(KeyOutOfRange) in
        try ValueRange.identifier16.checkInteger(majorValue, key: "major")
      }
      let minor: UInt16 = try checked { () throws(KeyOutOfRange) in
        try ValueRange.identifier16.checkInteger(minorValue, key: "minor")
      }
      identity =
        kind == BeaconKind.altBeacon.rawValue
        ? .altBeacon(id1: parsed, id2: major, id3: minor)
        : .iBeacon(uuid: parsed, major: major, minor: minor)
    case BeaconKind.eddystoneUID.rawValue:
      guard let namespaceText = namespace, let parsedNamespace = EddystoneNamespace(namespaceText) else {
        throw fail("\"namespace\" must be 20 hex digits")
      }
      guard let instanceText = instance, let bytes = Hex.decode(instanceText), bytes.count == 6 else {
        throw fail("\"instance\" must be 12 hex digits")
      }
      identity = .eddystoneUID(namespace: parsedNamespace, instance: bytes.reduce(0) { $0 << 8 | UInt64($1) })
    case let other:
      throw fail("unknown kind \"\(other)\" (use ibeacon, altbeacon or eddystone-uid)")
    }
    var coordinate: GeoCoordinate?
    switch (latitude, longitude) {
    case (nil, nil):
      coordinate = feedCoordinate
    case (let latitude?, let longitude?):
      coordinate = try checked { () throws(KeyOutOfRange) in
        GeoCoordinate(
          latitude: try ValueRange.latitude.check(latitude, key: "latitude"),
          longitude: try ValueRange.longitude.check(longitude, key: "longitude"))
      }
    default:
      throw fail("\"latitude\" and \"longitude\" go together: give both or neither")
    }
    var stationLevel: StationLevel?
    if let level {
      guard let parsed = StationLevel(rawValue: level) else {
        let choices = StationLevel.allCases.map(\.rawValue).joined(separator: ", ")
        throw fail("unknown level \"\(level)\" (use \(choices))")
      }
      stationLevel = parsed
    }
    return Station(
      name: name, displayName: displayName ?? name, sponsoredName: sponsoredName, aliases: aliases ?? [],
      lineOrder: lineOrder, coordinate: coordinate, coordinateIsApproximate: approximate ?? false, level: stationLevel,
      beacon: identity)
  }
}

private struct LineEntry: Decodable {
  var name: String
  var displayName: String?
  var stations: [String]
  var towardsLast: String?
  var towardsFirst: String?
  /// A number as JSON has it; checked against ``ValueRange/identifier16`` when the line is made.
  var code: Double?

  func line(path: String) throws(CatalogFileError) -> TransitLine {
    guard name.contains(where: { !$0.isWhitespace }) else {
      throw .invalid(path: path, reason: "a line's \"name\" must not be empty")
    }
    var checkedCode: UInt16?
    if let code {
      do {
        checkedCode = try ValueRange.identifier16.checkInteger(code, key: "code")
      } catch {
        throw .invalid(path: path, reason: "line \"\(name)\": \(error)")
      }
    }
    return TransitLine(
      name: name, displayName: displayName ?? name, stationNames: stations, code: checkedCode,
      towardsLast: towardsLast, towardsFirst: towardsFirst)
  }
}

private struct InterchangeEntry: Decodable {
  var from: String
  var to: String
  var walkingMinutes: Double
  var note: String?

  func interchange(path: String) throws(CatalogFileError) -> Interchange {
    let minutes: Double
    do {
      minutes = try ValueRange.walkingMinutes.check(walkingMinutes, key: "walkingMinutes")
    } catch {
      throw .invalid(path: path, reason: "interchange \(from)–\(to): \(error)")
    }
    return Interchange(from: from, to: to, walkingTime: .milliseconds(ofSeconds: minutes * 60), note: note)
  }
}
