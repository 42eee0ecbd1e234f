import Beacons

/// A network's stations, its lines and the walking links between them; stations are looked up
/// by name (or alias) and by beacon identity.
///
/// A catalog made of stations alone has one line through them all, in the order given.
public struct StationCatalog: Hashable, Sendable {
  /// Every station, in the order given: the order of tables and lists.
  public let stations: [Station]
  /// The lines, each with at least two stations (none when the catalog has one station), each
  /// station named by its key name (``Station/name``).
  public let lines: [TransitLine]
  /// The walking links between stations of different lines.
  public let interchanges: [Interchange]
  /// How the trains' beacons are numbered, if trains carry beacons.
  public let trainBeacons: TrainBeaconScheme?
  let network: StationNetwork
  private let byIdentity: BeaconIdentityIndex
  private let byKey: [String: Int]

  /// Why stations, lines and walking links cannot form a catalog; each case names the entry.
  public enum Problem: Error, Hashable, Sendable {
    case duplicateName(String)
    case duplicateBeacon(BeaconIdentity, first: String, second: String)
    case empty
    /// Two lines have the same name.
    case duplicateLine(String)
    /// A line names a station the catalog does not have.
    case unknownStationInLine(line: String, station: String)
    /// A line stops at a station twice.
    case stationTwiceInLine(line: String, station: String)
    /// A line has fewer than two stations.
    case lineTooShort(String)
    /// A walking link names a station the catalog does not have.
    case unknownStationInInterchange(from: String, to: String, unknown: String)
    /// A walking link goes from a station to itself.
    case interchangeToItself(String)
    /// Two lines have the same code.
    case duplicateLineCode(UInt16, first: String, second: String)
  }

  /// Builds a catalog; names, aliases, beacon identities and line names must be unique, and
  /// lines and walking links must name the catalog's stations. Without `lines`, one line runs
  /// through the stations in the order given.
  public init(
    stations: [Station], lines: [TransitLine] = [], interchanges: [Interchange] = [],
    trainBeacons: TrainBeaconScheme? = nil
  ) throws(Problem) {
    guard !stations.isEmpty else { throw .empty }
    let (byIdentity, byKey) = try Self.index(stations) { problem throws(Problem) in throw problem }
    let lines = lines.isEmpty && stations.count >= 2 ? [Self.onlyLine(through: stations)] : lines
    let (network, namedLines) = try Self.network(
      lines: lines, interchanges: interchanges, stations: stations, byKey: byKey)
    self.init(
      stations: stations, lines: namedLines, interchanges: interchanges, trainBeacons: trainBeacons,
      network: network, byIdentity: byIdentity, byKey: byKey)
  }

  /// Builds a catalog from data known to be sound (built-in data); on a clash the first
  /// station keeps the name or identity, and what names no station is left out.
  init(
    trustedStations stations: [Station], lines: [TransitLine] = [], interchanges: [Interchange] = [],
    trainBeacons: TrainBeaconScheme? = nil
  ) {
    let (byIdentity, byKey) = Self.index(stations) { _ in }
    let known = { (name: String) in byKey[Self.key(name)] != nil }
    var lines = lines.map { line in
      var line = line
      line.stationNames = line.stationNames.filter(known)
      return line
    }
    lines = lines.filter { $0.stationNames.count >= 2 }
    if lines.isEmpty, stations.count >= 2 { lines = [Self.onlyLine(through: stations)] }
    let interchanges = interchanges.filter { known($0.from) && known($0.to) }
    // Data that still cannot form a network (two lines with one name): stations only.
    let built = try? Self.network(lines: lines, interchanges: interchanges, stations: stations, byKey: byKey)
    self.init(
      stations: stations, lines: built?.lines ?? [], interchanges: built == nil ? [] : interchanges,
      trainBeacons: trainBeacons,
      network: built?.network
        ?? StationNetwork(
          lineStations: [], stops: Array(repeating: [], count: stations.count),
          walks: Array(repeating: [], count: stations.count)),
      byIdentity: byIdentity, byKey: byKey)
  }

  private init(
    stations: [Station], lines: [TransitLine], interchanges: [Interchange], trainBeacons: TrainBeaconScheme?,
    network: StationNetwork, byIdentity: BeaconIdentityIndex, byKey: [String: Int]
  ) {
    self.stations = stations
    self.lines = lines
    self.interchanges = interchanges
    self.trainBeacons = trainBeacons
    self.network = network
    self.byIdentity = byIdentity
    self.byKey = byKey
  }

  /// The lookups by beacon identity and by name key; on a clash the first station keeps the
  /// identity or name, and `clash` hears of it (and may throw, ending the indexing).
  private static func index<Failure: Error>(
    _ stations: [Station], clash: (Problem) throws(Failure) -> Void
  ) throws(Failure) -> (BeaconIdentityIndex, [String: Int]) {
    var byIdentity = BeaconIdentityIndex(capacity: stations.count)
    var byKey: [String: Int] = [:]
    for (index, station) in stations.enumerated() {
      let fingerprint = station.beacon.fingerprint
      if let other = byIdentity.position(forFingerprint: fingerprint, where: { stations[$0].beacon == station.beacon })
      {
        try clash(.duplicateBeacon(station.beacon, first: stations[other].name, second: station.name))
      } else {
        byIdentity.insert(index, fingerprint: fingerprint)
      }
      for name in names(of: station) {
        if let other = byKey[key(name)] {
          if other != index { try clash(.duplicateName(name)) }
        } else {
          byKey[key(name)] = index
        }
      }
    }
    return (byIdentity, byKey)
  }

  /// The station whose name, display name, sponsored name or alias matches `name`,
  /// ignoring case, spaces, dashes, dots and underscores.
  public func station(named name: String) -> Station? {
    byKey[Self.key(name)].map { stations[$0] }
  }

  /// The station broadcasting `identity`.
  public func station(for identity: BeaconIdentity) -> Station? {
    stationPosition(for: identity, fingerprint: identity.fingerprint).map { stations[$0] }
  }

  /// Where the station broadcasting `identity` is in ``stations``, for a caller that has its
  /// ``Beacons/BeaconIdentity/fingerprint`` already and may not need the station itself.
  public func stationPosition(for identity: BeaconIdentity, fingerprint: UInt64) -> Int? {
    byIdentity.position(forFingerprint: fingerprint) { stations[$0].beacon == identity }
  }

  /// Where `station` is in ``stations``: the order tables and lists show stations in.
  public func position(of station: Station) -> Int? {
    byKey[Self.key(station.name)]
  }

  /// The line named `name` (its key), ignoring case, spaces, dashes, dots and underscores.
  public func line(named name: String) -> TransitLine? {
    lines.first { Self.sameName($0.name, name) }
  }

  /// The lines stopping at `station`, in catalog order.
  public func lines(at station: Station) -> [TransitLine] {
    guard let position = position(of: station) else { return [] }
    return network.stops[position].map { lines[$0.line] }
  }

  /// What trains on `line` running in `direction` show: the name the catalog gives, or the
  /// terminus's display name.
  public func headsign(of line: TransitLine, _ direction: TransitLine.Direction) -> String {
    let terminus = direction == .towardsLast ? line.stationNames.last : line.stationNames.first
    let given = direction == .towardsLast ? line.towardsLast : line.towardsFirst
    return given ?? terminus.flatMap { station(named: $0)?.displayName } ?? line.displayName
  }

  /// The train a beacon identity names: a train beacon of ``trainBeacons`` whose line code is
  /// one of the lines'.
  public func train(for identity: BeaconIdentity) -> Train? {
    guard let decoded = trainBeacons?.decode(identity),
      let line = lines.first(where: { $0.code == decoded.lineCode })
    else { return nil }
    return Train(
      line: line, direction: decoded.direction, trainSet: decoded.trainSet,
      headsign: headsign(of: line, decoded.direction))
  }

  /// The beacon train set `trainSet` of `line` running `direction` carries; `nil` when trains
  /// carry no beacons here or the line has no code.
  public func trainBeacon(of line: TransitLine, _ direction: TransitLine.Direction, trainSet: UInt16)
    -> BeaconIdentity?
  {
    guard let code = line.code else { return nil }
    return trainBeacons?.identity(lineCode: code, direction: direction, trainSet: trainSet)
  }

  /// Fewest stops between two stations over the whole network, a walk counting as one;
  /// `nil` when one cannot be reached from the other.
  public func stops(from origin: Station, to destination: Station) -> Int? {
    guard let from = position(of: origin), let to = position(of: destination) else { return nil }
    return network.hops(from: from)[to]
  }

  /// Names a user may type, for error messages: every station's key name, in catalog order.
  public var names: [String] { stations.map(\.name) }

  /// Whether two names are the same to a lookup (``key(_:)``).
  public static func sameName(_ a: String, _ b: String) -> Bool { key(a) == key(b) }

  /// Every name `station` answers to: its key name, display name, aliases and sponsored name.
  static func names(of station: Station) -> [String] {
    [station.name, station.displayName] + station.aliases + [station.sponsoredName].compactMap { $0 }
  }

  private static func onlyLine(through stations: [Station]) -> TransitLine {
    TransitLine(name: "Line", displayName: "the line", stationNames: stations.map(\.name))
  }

  /// The lines and walks as positions in `stations`, and the lines with each station named by its
  /// key name (``Station/name``), however the caller spelt it.
  private static func network(
    lines: [TransitLine], interchanges: [Interchange], stations: [Station], byKey: [String: Int]
  ) throws(Problem) -> (network: StationNetwork, lines: [TransitLine]) {
    var lineStations: [[Int]] = []
    var stops = [[StationNetwork.Stop]](repeating: [], count: stations.count)
    var lineNames: Set<String> = []
    var codes: [UInt16: String] = [:]
    var named: [TransitLine] = []
    for (lineIndex, line) in lines.enumerated() {
      guard lineNames.insert(key(line.name)).inserted else { throw .duplicateLine(line.name) }
      if let code = line.code {
        if let first = codes[code] { throw .duplicateLineCode(code, first: first, second: line.name) }
        codes[code] = line.name
      }
      guard line.stationNames.count >= 2 else { throw .lineTooShort(line.name) }
      var positions: [Int] = []
      for name in line.stationNames {
        guard let station = byKey[key(name)] else { throw .unknownStationInLine(line: line.name, station: name) }
        guard !positions.contains(station) else { throw .stationTwiceInLine(line: line.name, station: name) }
        stops[station].append(StationNetwork.Stop(line: lineIndex, position: positions.count))
        positions.append(station)
      }
      lineStations.append(positions)
      var canonical = line
      canonical.stationNames = positions.map { stations[$0].name }
      named.append(canonical)
    }
    var walks = [[StationNetwork.Walk]](repeating: [], count: stations.count)
    for (index, interchange) in interchanges.enumerated() {
      guard let from = byKey[key(interchange.from)] else {
        throw .unknownStationInInterchange(from: interchange.from, to: interchange.to, unknown: interchange.from)
      }
      guard let to = byKey[key(interchange.to)] else {
        throw .unknownStationInInterchange(from: interchange.from, to: interchange.to, unknown: interchange.to)
      }
      guard from != to else { throw .interchangeToItself(interchange.from) }
      walks[from].append(StationNetwork.Walk(station: to, interchange: index))
      walks[to].append(StationNetwork.Walk(station: from, interchange: index))
    }
    return (StationNetwork(lineStations: lineStations, stops: stops, walks: walks), named)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.stations == rhs.stations && lhs.lines == rhs.lines && lhs.interchanges == rhs.interchanges
      && lhs.trainBeacons == rhs.trainBeacons
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(stations)
    hasher.combine(lines)
  }
}
