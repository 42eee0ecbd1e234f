import Beacons

/// Stations in line order, looked up by name (or alias) and by beacon identity.
public struct StationCatalog: Hashable, Sendable {
  public let stations: [Station]
  private let byIdentity: BeaconIdentityIndex
  private let byKey: [String: Int]

  /// Why a list of stations cannot form a catalog.
  public enum Problem: Error, Hashable, Sendable {
    case duplicateName(String)
    case duplicateBeacon(BeaconIdentity, first: String, second: String)
    case empty
  }

  /// Builds a catalog; names, aliases and beacon identities must be unique.
  public init(stations: [Station]) throws(Problem) {
    guard !stations.isEmpty else { throw .empty }
    var byIdentity = BeaconIdentityIndex(capacity: stations.count)
    var byKey: [String: Int] = [:]
    for (index, station) in stations.enumerated() {
      let fingerprint = station.beacon.fingerprint
      if let other = byIdentity.position(forFingerprint: fingerprint, where: { stations[$0].beacon == station.beacon })
      {
        throw .duplicateBeacon(station.beacon, first: stations[other].name, second: station.name)
      }
      byIdentity.insert(index, fingerprint: fingerprint)
      let names = [station.name, station.displayName] + station.aliases + [station.sponsoredName].compactMap { $0 }
      for name in names {
        let key = Self.key(name)
        if let other = byKey[key], other != index { throw .duplicateName(name) }
        byKey[key] = index
      }
    }
    self.stations = stations
    self.byIdentity = byIdentity
    self.byKey = byKey
  }

  /// Builds a catalog from stations known to be unique (built-in data); on a clash the
  /// first station keeps the name or identity.
  init(trustedStations stations: [Station]) {
    var byIdentity = BeaconIdentityIndex(capacity: stations.count)
    var byKey: [String: Int] = [:]
    for (index, station) in stations.enumerated() {
      let fingerprint = station.beacon.fingerprint
      if byIdentity.position(forFingerprint: fingerprint, where: { stations[$0].beacon == station.beacon }) == nil {
        byIdentity.insert(index, fingerprint: fingerprint)
      }
      for name in [station.name, station.displayName] + station.aliases + [station.sponsoredName].compactMap({ $0 })
      where byKey[Self.key(name)] == nil {
        byKey[Self.key(name)] = index
      }
    }
    self.stations = stations
    self.byIdentity = byIdentity
    self.byKey = byKey
  }

  /// The station whose name, display name, sponsored name or alias matches `name`,
  /// ignoring case, spaces, dashes and underscores.
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

  /// Names a user may type, for error messages: every station's key name, in line order.
  public var names: [String] { stations.map(\.name) }

  static func key(_ name: String) -> String {
    String(name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" && $0 != "." })
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.stations == rhs.stations }
  public func hash(into hasher: inout Hasher) { hasher.combine(stations) }
}
